//! The Double Decker Checkerboard's abstract state: every pair is one red-backed and one
//! blue-backed card, so a pair's pattern is which of its two cards are known, and a
//! position counts the pairs in each of the four patterns (docs/variants.md).

use std::fmt;

use thiserror::Error;

use crate::rules::Back;

/// Which cards of a pair on the table are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CheckerPattern {
    /// Both cards unknown (`2.2`).
    Hidden,
    /// Only the card with this back is known (`2.1r`, `2.1b`).
    Seen(Back),
    /// Both cards known (`2.0`): a known pair.
    Known,
}

/// The four patterns in the model's order (unknown cards descending, red before blue).
pub const CHECKER_PATTERNS: [CheckerPattern; 4] = [
    CheckerPattern::Hidden,
    CheckerPattern::Seen(Back::Red),
    CheckerPattern::Seen(Back::Blue),
    CheckerPattern::Known,
];

impl CheckerPattern {
    /// Its place in [`CHECKER_PATTERNS`].
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Self::Hidden => 0,
            Self::Seen(Back::Red) => 1,
            Self::Seen(Back::Blue) => 2,
            Self::Known => 3,
        }
    }

    /// Whether the card with `back` of a pair in this pattern is known.
    #[must_use]
    pub fn knows(self, back: Back) -> bool {
        match self {
            Self::Hidden => false,
            Self::Seen(b) => b == back,
            Self::Known => true,
        }
    }

    /// The pattern of a pair whose red and blue cards are known or not.
    #[must_use]
    pub fn of(red_known: bool, blue_known: bool) -> Self {
        match (red_known, blue_known) {
            (false, false) => Self::Hidden,
            (true, false) => Self::Seen(Back::Red),
            (false, true) => Self::Seen(Back::Blue),
            (true, true) => Self::Known,
        }
    }

    /// The pattern once the card with `back` is known too.
    #[must_use]
    pub fn shown(self, back: Back) -> Self {
        let knows = |b: Back| self.knows(b) || b == back;
        Self::of(knows(Back::Red), knows(Back::Blue))
    }

    /// Parses `2.2`, `2.1r`, `2.1b` or `2.0`.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(text: &str) -> Result<Self, CheckerPositionError> {
        Ok(match text.trim() {
            "2.2" => Self::Hidden,
            "2.1r" => Self::Seen(Back::Red),
            "2.1b" => Self::Seen(Back::Blue),
            "2.0" => Self::Known,
            other => return Err(CheckerPositionError::Pattern(other.to_owned())),
        })
    }
}

impl fmt::Display for CheckerPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Hidden => "2.2",
            Self::Seen(Back::Red) => "2.1r",
            Self::Seen(Back::Blue) => "2.1b",
            Self::Known => "2.0",
        })
    }
}

/// Why a checkerboard position was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckerPositionError {
    /// Not one of the four patterns.
    #[error("unknown pattern '{0}': use 2.2, 2.1r (the red-backed card known), 2.1b or 2.0")]
    Pattern(String),
    /// A token is not `PxN`.
    #[error("bad token '{0}': write PxN, e.g. 2.2x50 or 2.1rx2")]
    Token(String),
    /// More pairs than the deck has.
    #[error("{0} pairs on the table, but the deck has {1}")]
    TooMany(u64, u32),
    /// Nothing on the table.
    #[error("the position is empty")]
    Empty,
}

/// How many pairs are in each pattern, in the order of [`CHECKER_PATTERNS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CheckerPosition {
    counts: [u32; 4],
}

impl CheckerPosition {
    /// The start of a deck of `pairs` pairs: every card unknown.
    #[must_use]
    pub fn start(pairs: u32) -> Self {
        Self::from_counts([pairs, 0, 0, 0])
    }

    /// From the counts in the order of [`CHECKER_PATTERNS`].
    #[must_use]
    pub fn from_counts(counts: [u32; 4]) -> Self {
        Self { counts }
    }

    /// Parses tokens `PxN` (`2.2x50 2.1rx1 2.1bx1`), for a deck of `pairs` pairs.
    ///
    /// # Errors
    /// A bad token or pattern, more pairs than the deck, an empty table.
    pub fn parse(text: &str, pairs: u32) -> Result<Self, CheckerPositionError> {
        let mut position = Self::default();
        for token in text.split_whitespace() {
            let bad = || CheckerPositionError::Token(token.to_owned());
            let (p, n) = token.rsplit_once(['x', 'X']).ok_or_else(bad)?;
            let n: u32 = n.parse().map_err(|_| bad())?;
            let pattern = CheckerPattern::parse(p)?;
            position.counts[pattern.index()] = position.counts[pattern.index()]
                .checked_add(n)
                .ok_or_else(bad)?;
        }
        if position.pairs() > u64::from(pairs) {
            return Err(CheckerPositionError::TooMany(position.pairs(), pairs));
        }
        if position.pairs() == 0 {
            return Err(CheckerPositionError::Empty);
        }
        Ok(position)
    }

    /// The counts in the order of [`CHECKER_PATTERNS`].
    #[must_use]
    pub fn counts(&self) -> [u32; 4] {
        self.counts
    }

    /// Pairs in `pattern`.
    #[must_use]
    pub fn count(&self, pattern: CheckerPattern) -> u32 {
        self.counts[pattern.index()]
    }

    /// Pairs on the table.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().map(|&c| u64::from(c)).sum()
    }

    /// Unknown cards with `back`.
    #[must_use]
    pub fn unknown(&self, back: Back) -> u64 {
        CHECKER_PATTERNS
            .iter()
            .filter(|p| !p.knows(back))
            .map(|&p| u64::from(self.count(p)))
            .sum()
    }

    /// Every unknown card.
    #[must_use]
    pub fn unknown_cards(&self) -> u64 {
        Back::BOTH.iter().map(|&b| self.unknown(b)).sum()
    }

    /// Known cards.
    #[must_use]
    pub fn known_cards(&self) -> u64 {
        2 * self.pairs() - self.unknown_cards()
    }

    /// One pair more in `pattern`.
    pub fn add(&mut self, pattern: CheckerPattern) {
        self.counts[pattern.index()] += 1;
    }

    /// One pair fewer in `pattern` (`None` if there is none).
    #[must_use]
    pub fn without(&self, pattern: CheckerPattern) -> Option<Self> {
        let mut c = *self;
        let n = &mut c.counts[pattern.index()];
        *n = n.checked_sub(1)?;
        Some(c)
    }

    /// One pair of `from` moved to `to`.
    #[must_use]
    pub fn moved(&self, from: CheckerPattern, to: CheckerPattern) -> Option<Self> {
        let mut c = self.without(from)?;
        c.add(to);
        Some(c)
    }

    /// The same position with the backs swapped: red-backed cards blue and blue red.
    #[must_use]
    pub fn swapped(&self) -> Self {
        let [h, r, b, k] = self.counts;
        Self::from_counts([h, b, r, k])
    }

    /// Each pattern with its count, in the model's order, leaving out empty ones.
    pub fn iter(&self) -> impl Iterator<Item = (CheckerPattern, u32)> + '_ {
        CHECKER_PATTERNS
            .iter()
            .map(|&p| (p, self.count(p)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Display for CheckerPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tokens: Vec<String> = self.iter().map(|(p, n)| format!("{p}x{n}")).collect();
        f.write_str(&tokens.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let p = CheckerPosition::parse("2.2x50 2.1rx1 2.1bx1", 52).unwrap();
        assert_eq!(p.counts(), [50, 1, 1, 0]);
        assert_eq!(p.to_string(), "2.2x50 2.1rx1 2.1bx1");
        assert_eq!(CheckerPosition::parse(&p.to_string(), 52), Ok(p));
        assert_eq!((p.unknown(Back::Red), p.unknown(Back::Blue)), (51, 51));
        assert_eq!(p.known_cards(), 2);
        assert!(CheckerPosition::parse("2.1x3", 52).is_err());
        assert!(CheckerPosition::parse("2.2x53", 52).is_err());
        assert!(CheckerPosition::parse("", 52).is_err());
        assert!(CheckerPosition::parse("2.2", 52).is_err());
    }

    #[test]
    fn patterns_show_cards() {
        let h = CheckerPattern::Hidden;
        assert_eq!(h.shown(Back::Red), CheckerPattern::Seen(Back::Red));
        assert_eq!(h.shown(Back::Red).shown(Back::Blue), CheckerPattern::Known);
        for p in CHECKER_PATTERNS {
            assert_eq!(CheckerPattern::parse(&p.to_string()), Ok(p));
            assert_eq!(CHECKER_PATTERNS[p.index()], p);
        }
    }
}
