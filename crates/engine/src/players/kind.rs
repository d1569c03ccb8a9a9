//! Concentration's AIs by name: what a seat at the table can hold besides a person.

use std::fmt;
use std::str::FromStr;

/// An AI a seat can hold (`optimal`, `usual`, `forgetful-easy`, `forgetful-medium`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AiKind {
    /// The exactly optimal player.
    #[default]
    Optimal,
    /// The strategy most people use.
    Usual,
    /// The usual strategy remembering only its last few cards (easy: 2).
    ForgetfulEasy,
    /// The usual strategy remembering only its last few cards (medium: 6).
    ForgetfulMedium,
}

impl AiKind {
    /// Every AI, in menu order.
    pub const ALL: &'static [Self] = &[
        Self::Optimal,
        Self::Usual,
        Self::ForgetfulEasy,
        Self::ForgetfulMedium,
    ];

    /// The name used on the command line and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Optimal => "optimal",
            Self::Usual => "usual",
            Self::ForgetfulEasy => "forgetful-easy",
            Self::ForgetfulMedium => "forgetful-medium",
        }
    }

    /// Reads a name; `forgetful` alone means the medium level.
    ///
    /// # Errors
    /// An unknown name, as one line listing the known ones.
    pub fn parse(s: &str) -> Result<Self, String> {
        if s == "forgetful" {
            return Ok(Self::ForgetfulMedium);
        }
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let all: Vec<&str> = Self::ALL.iter().map(|k| k.name()).collect();
                format!("unknown opponent '{s}': expected one of {}", all.join(", "))
            })
    }

    /// One line for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Optimal => "plays the exactly optimal strategy",
            Self::Usual => "takes known pairs, else turns new cards, never passes",
            Self::ForgetfulEasy => "remembers only the last 2 cards it saw",
            Self::ForgetfulMedium => "remembers only the last 6 cards it saw",
        }
    }

    /// The AI by what it is: `optimal AI`, `forgetful AI (easy)`.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Self::Optimal => "optimal AI",
            Self::Usual => "usual AI",
            Self::ForgetfulEasy => "forgetful AI (easy)",
            Self::ForgetfulMedium => "forgetful AI (medium)",
        }
    }
}

impl crate::seats::AiKind for AiKind {
    const ALL: &'static [Self] = Self::ALL;

    fn name(self) -> &'static str {
        Self::name(self)
    }

    fn parse(name: &str) -> Option<Self> {
        Self::parse(&name.to_ascii_lowercase()).ok()
    }
}

impl FromStr for AiKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::parse(s)
    }
}

impl fmt::Display for AiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::{SeatKind, Seats};

    #[test]
    fn names_read_back_and_forgetful_means_medium() {
        for &k in AiKind::ALL {
            assert_eq!(AiKind::parse(k.name()), Ok(k));
        }
        assert_eq!(AiKind::parse("forgetful"), Ok(AiKind::ForgetfulMedium));
        assert!(AiKind::parse("genius").unwrap_err().contains("'genius'"));
    }

    #[test]
    fn the_players_syntax_knows_every_ai_and_the_alias() {
        let seats = Seats::<AiKind>::parse("you,optimal,forgetful,kim:forgetful-easy").unwrap();
        let kinds: Vec<SeatKind<AiKind>> = seats.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                SeatKind::Person,
                SeatKind::Ai(AiKind::Optimal),
                SeatKind::Ai(AiKind::ForgetfulMedium),
                SeatKind::Ai(AiKind::ForgetfulEasy)
            ]
        );
        let err = Seats::<AiKind>::parse("you,hal:genius")
            .unwrap_err()
            .to_string();
        assert!(err.contains("forgetful-medium"), "{err}");
    }
}
