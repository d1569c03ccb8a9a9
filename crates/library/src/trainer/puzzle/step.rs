//! One decision of a puzzle's line, and the chance that a guess gets it right.
//!
//! A puzzle asks for the rest of a turn: the first card, then (the card it shows drawn
//! from the puzzle's real deal) the second. Each such decision is a step. A guess is
//! counted over the answers a player tells apart, which are the model's actions: a new
//! card (any face-down card: none is known), the seen cards of one kind (the seen cards
//! whose labels have the same count seen, which the model cannot tell apart either), or
//! the partner of a known card. Counting by these classes, not by cards, makes the
//! guess chance an upper bound on a random card's.

use crate::solver::{Action, State, TIE_EPSILON};

/// One decision of a puzzle's line.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The flips of the game before this decision, by position.
    pub flips: Vec<usize>,
    /// The decision point in the model's terms.
    pub state: State,
    /// Every legal action with its value for the mover.
    pub actions: Vec<(Action, f64)>,
    /// The one best action.
    pub best: Action,
    /// What the usual player would do.
    pub usual: Action,
}

impl Step {
    /// The value of `action`, if it is legal here.
    #[must_use]
    pub fn value(&self, action: Action) -> Option<f64> {
        self.actions
            .iter()
            .find(|(a, _)| *a == action)
            .map(|&(_, v)| v)
    }

    /// Whether `action` is as good as the best one (within the solver's tie epsilon).
    #[must_use]
    pub fn is_right(&self, action: Action) -> bool {
        match (self.value(action), self.value(self.best)) {
            (Some(v), Some(b)) => v >= b - TIE_EPSILON,
            _ => false,
        }
    }

    /// The chance that an answer picked at random among the legal actions is right.
    #[must_use]
    pub fn guess(&self) -> f64 {
        let right = self
            .actions
            .iter()
            .filter(|&&(a, _)| self.is_right(a))
            .count();
        right as f64 / self.actions.len().max(1) as f64
    }

    /// How far the best action stands above the runner-up (infinite with one action).
    #[must_use]
    pub fn gap(&self) -> f64 {
        let best = self.value(self.best).unwrap_or(f64::NEG_INFINITY);
        let runner_up = self
            .actions
            .iter()
            .filter(|(a, _)| *a != self.best)
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        best - runner_up
    }

    /// The best action other than the best: the runner-up.
    #[must_use]
    pub fn runner_up(&self) -> Option<Action> {
        self.actions
            .iter()
            .filter(|(a, _)| *a != self.best)
            .fold(None, |top: Option<(Action, f64)>, &(a, v)| match top {
                Some((_, t)) if t >= v => top,
                _ => Some((a, v)),
            })
            .map(|(a, _)| a)
    }
}

/// The chance that random answers solve every step of a line: the product of the
/// steps' chances (a wrong step ends the puzzle, so each is met only after the last
/// was right).
#[must_use]
pub fn line_guess(steps: &[Step]) -> f64 {
    steps.iter().map(Step::guess).product()
}

/// What a puzzle asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asks {
    /// One card (a decision of the person's own, for review).
    Card,
    /// The rest of the turn: the first card, then the second.
    Turn,
}

impl Asks {
    /// Its name in JSON: `card` or `turn`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Card => "card",
            Self::Turn => "turn",
        }
    }

    /// The question in words.
    #[must_use]
    pub fn question(self) -> &'static str {
        match self {
            Self::Card => "Find the best card and turn it",
            Self::Turn => "Play the rest of the turn: the best first card, then the best second",
        }
    }
}
