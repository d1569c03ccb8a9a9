//! Move classes by lost win chance, with published thresholds, in the manner of
//! chess.com's: best, excellent, good, inaccuracy, mistake, blunder, and the **only
//! move**: the one choice that does not lose a mistake's worth or more, where the
//! common play (the usual player's: take a seen pair, else turn a new card) is not it. The coarse
//! [`Class`] (best, inaccuracy, mistake, blunder) that the coach, accuracy and the
//! error counts use is unchanged: a grade splits its inaccuracies into excellent, good
//! and inaccuracy, and names a best flip that was the only good one.
//!
//! | grade | `win`: cost in win probability | `margin`, own pairs: cost in pairs |
//! | --- | --- | --- |
//! | best | 0 | 0 |
//! | excellent | below 0.005 (half a point) | below 0.05 |
//! | good | 0.005 to 0.01 | 0.05 to 0.1 |
//! | inaccuracy | 0.01 to 0.02 | 0.1 to 0.2 |
//! | mistake | 0.02 to 0.08 | 0.2 to 0.8 |
//! | blunder | 0.08 or more | 0.8 or more |

use serde::Serialize;

use super::annotate::{Annotation, Class, MARGIN_MISTAKE, WIN_MISTAKE};
use crate::rules::Objective;

/// Below this cost (win probability) a flip is excellent.
pub(crate) const WIN_EXCELLENT: f64 = 0.005;
/// Below this cost (win probability) a flip is good.
pub(crate) const WIN_GOOD: f64 = 0.01;
/// Below this cost (pairs) a flip is excellent.
pub(crate) const MARGIN_EXCELLENT: f64 = 0.05;
/// Below this cost (pairs) a flip is good.
pub(crate) const MARGIN_GOOD: f64 = 0.1;

/// A flip's grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    /// The only action that does not lose a mistake's worth or more.
    OnlyMove,
    /// One of the best actions.
    Best,
    /// Within half a point (0.05 pairs).
    Excellent,
    /// Within a point (0.1 pairs).
    Good,
    /// Within two points (0.2 pairs).
    Inaccuracy,
    /// Within eight points (0.8 pairs).
    Mistake,
    /// Eight points (0.8 pairs) or more.
    Blunder,
}

impl Grade {
    /// Every grade, best first: the order of the figures' counts.
    pub const ALL: [Self; 7] = [
        Self::OnlyMove,
        Self::Best,
        Self::Excellent,
        Self::Good,
        Self::Inaccuracy,
        Self::Mistake,
        Self::Blunder,
    ];

    /// Whether it counts as best (the only move is best too).
    #[must_use]
    pub fn is_best(self) -> bool {
        matches!(self, Self::OnlyMove | Self::Best)
    }

    /// Its key in JSON: `only_move`, `best`, ...
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::OnlyMove => "only_move",
            other => other.name(),
        }
    }

    /// The grade of a flip under `objective`, from its cost and whether it was the only
    /// move.
    #[must_use]
    pub fn of(objective: Objective, cost: f64, only_move: bool) -> Self {
        let (excellent, good) = match objective {
            Objective::Win => (WIN_EXCELLENT, WIN_GOOD),
            _ => (MARGIN_EXCELLENT, MARGIN_GOOD),
        };
        match Class::of(objective, cost) {
            Class::Best if only_move => Self::OnlyMove,
            Class::Best => Self::Best,
            Class::Inaccuracy if cost < excellent => Self::Excellent,
            Class::Inaccuracy if cost < good => Self::Good,
            Class::Inaccuracy => Self::Inaccuracy,
            Class::Mistake => Self::Mistake,
            Class::Blunder => Self::Blunder,
        }
    }

    /// The grade of an annotated flip.
    #[must_use]
    pub fn of_flip(objective: Objective, a: &Annotation) -> Self {
        Self::of(objective, a.cost, a.only_move)
    }

    /// Its name: `only move`, `best`, `excellent`, ...
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::OnlyMove => "only move",
            Self::Best => "best",
            Self::Excellent => "excellent",
            Self::Good => "good",
            Self::Inaccuracy => "inaccuracy",
            Self::Mistake => "mistake",
            Self::Blunder => "blunder",
        }
    }
}

/// Whether a decision whose actions cost `losses` (each action's loss against the best,
/// 0 for the best) has only one move: exactly one action loses less than a mistake.
#[must_use]
pub fn only_move(objective: Objective, losses: impl IntoIterator<Item = f64>) -> bool {
    let mistake = match objective {
        Objective::Win => WIN_MISTAKE,
        _ => MARGIN_MISTAKE,
    };
    losses.into_iter().filter(|&l| l < mistake).count() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_split_the_inaccuracies_and_name_the_only_move() {
        let win = |cost| Grade::of(Objective::Win, cost, false);
        assert_eq!(win(0.0), Grade::Best);
        assert_eq!(win(0.004), Grade::Excellent);
        assert_eq!(win(0.005), Grade::Good);
        assert_eq!(win(0.01), Grade::Inaccuracy);
        assert_eq!(win(0.02), Grade::Mistake);
        assert_eq!(win(0.08), Grade::Blunder);
        assert_eq!(Grade::of(Objective::Margin, 0.07, false), Grade::Good);
        assert_eq!(Grade::of(Objective::Win, 0.0, true), Grade::OnlyMove);
        // The only move: one action within a mistake's worth.
        assert!(only_move(Objective::Win, [0.0, 0.02, 0.3]));
        assert!(!only_move(Objective::Win, [0.0, 0.019, 0.3]));
        assert!(!only_move(Objective::Win, [0.0, 0.0]));
    }
}
