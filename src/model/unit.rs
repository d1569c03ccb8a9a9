//! What a value counts, and a value in its words.

use crate::rules::Objective;
use crate::words::{fixed, percent, signed};

/// What a value counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A two-seat (or solitaire) objective: win probability, margin or moves.
    Objective(Objective),
    /// The mover's expected future pairs (`own-pairs`, three or more seats).
    OwnPairs,
}

impl From<Objective> for Unit {
    fn from(objective: Objective) -> Self {
        Self::Objective(objective)
    }
}

impl Unit {
    /// Whether lower is better (moves).
    #[must_use]
    pub fn minimises(self) -> bool {
        matches!(self, Self::Objective(o) if o.minimises())
    }

    /// The objective whose measure this unit shares: own pairs are counted in pairs, as
    /// `margin` is, so they share its severity thresholds (0.2 and 0.8 pairs).
    #[must_use]
    pub fn measure(self) -> Objective {
        match self {
            Self::Objective(o) => o,
            Self::OwnPairs => Objective::Margin,
        }
    }

    /// A solver's value `future` as the mover means it, given their `lead` in pairs:
    /// under `margin` the final margin (see [`Objective::at_end`]).
    #[must_use]
    pub fn at_end(self, lead: i64, future: f64) -> f64 {
        match self {
            Self::Objective(o) => o.at_end(lead, future),
            Self::OwnPairs => future,
        }
    }

    /// A value in this unit: `49.7%`, `+0.12 pairs`, `24.31 moves`, `1.93 own pairs`;
    /// never `-0.0`.
    #[must_use]
    pub fn words(self, v: f64) -> String {
        let decimals = match self {
            Self::Objective(Objective::Win) => 1,
            _ => 2,
        };
        self.words_to(v, decimals)
    }

    /// [`Unit::words`] with `decimals` digits after the point (of the percentage under
    /// `win`).
    #[must_use]
    pub fn words_to(self, v: f64, decimals: usize) -> String {
        match self {
            Self::Objective(Objective::Win) => percent(v, decimals),
            Self::Objective(Objective::Margin) => format!("{} pairs", signed(v, decimals)),
            Self::Objective(Objective::Moves) => format!("{} moves", fixed(v, decimals)),
            Self::OwnPairs => format!("{} own pairs", fixed(v, decimals)),
        }
    }

    /// Two values as a verdict compares them (`kept you at 50.3%; … left you at 49.6%`):
    /// in whole percents or hundredths of a pair, with more digits where those would
    /// print two different values the same.
    #[must_use]
    pub fn two_words(self, a: f64, b: f64) -> (String, String) {
        let min = match self {
            Self::Objective(Objective::Win) => 0,
            _ => 2,
        };
        crate::words::two_apart(a, b, crate::solver::TIE_EPSILON, min, |v, d| {
            self.words_to(v, d)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_pairs_read_as_pairs_and_share_margins_thresholds() {
        assert_eq!(Unit::OwnPairs.words(1.934), "1.93 own pairs");
        assert_eq!(Unit::from(Objective::Margin).words(0.5), "+0.50 pairs");
        assert_eq!(Unit::OwnPairs.measure(), Objective::Margin);
        assert!(!Unit::OwnPairs.minimises());
        assert!(Unit::from(Objective::Moves).minimises());
    }
}
