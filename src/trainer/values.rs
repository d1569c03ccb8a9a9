//! Where the trainer takes its action values from: whichever solver serves the table,
//! through one small trait, so that one `explain` names, values and explains the choices
//! of two seats (win or margin, either variant) and of three or more (own pairs).
//!
//! A third solver (Zebra's) joins by implementing [`ActionValues`] for its own state.

use thiserror::Error;

use crate::players::{TieBreak, choose_best};
use crate::rules::{Objective, Variant};
use crate::solver::{
    Action, FirstCard, SeatsSolveError, SeatsSolver, SeatsState, SolveError, Solver, State,
    chosen_index,
};
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

/// Why a solver could not value a decision point.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ValuesError {
    /// The two-seat solver refused.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The own-pairs solver refused.
    #[error(transparent)]
    Seats(#[from] SeatsSolveError),
}

/// The value of every action at a decision point, for the mover, from one solver.
pub trait ActionValues {
    /// What the values count.
    fn unit(&self) -> Unit;

    /// How turns go (a pair taken under One Flip ends the turn).
    fn variant(&self) -> Variant;

    /// Every legal action in `state` with its value for the mover. `passes` is the
    /// number of passes in a row just before this turn, which the own-pairs solver needs
    /// (two seats read `state.after_pass`).
    ///
    /// # Errors
    /// A state the solver cannot reach.
    fn actions(&mut self, state: &State, passes: u8) -> Result<Vec<(Action, f64)>, ValuesError>;

    /// The action the optimal player takes among `actions` (as listed by
    /// [`ActionValues::actions`]): the best value, ties broken toward the common play.
    ///
    /// # Panics
    /// If `actions` is empty.
    fn best(&self, actions: &[(Action, f64)], first: Option<FirstCard>) -> Action {
        choose_best(self.unit().measure(), TieBreak::Usual, actions, first)
            .expect("a legal action always exists")
    }
}

impl ActionValues for Solver<f64> {
    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn variant(&self) -> Variant {
        Solver::variant(self)
    }

    fn actions(&mut self, state: &State, _: u8) -> Result<Vec<(Action, f64)>, ValuesError> {
        Ok(Solver::actions(self, state)?)
    }
}

/// The own-pairs solver values an action by the mover's own component of its vector
/// (`v[0]`, the vectors being relative to the mover).
impl ActionValues for SeatsSolver<f64> {
    fn unit(&self) -> Unit {
        Unit::OwnPairs
    }

    fn variant(&self) -> Variant {
        // The own-pairs solver knows the standard turn only.
        Variant::Standard
    }

    fn actions(&mut self, state: &State, passes: u8) -> Result<Vec<(Action, f64)>, ValuesError> {
        let seats_state = SeatsState {
            position: state.position.clone(),
            passes,
            first: state.first,
        };
        Ok(SeatsSolver::actions(self, &seats_state)?
            .into_iter()
            .map(|(a, v)| (a, v[0]))
            .collect())
    }

    /// The seats solver's own decision rule (the first action in its order whose `v[0]`
    /// ties the largest), so that the hint is the move the optimal seat makes.
    fn best(&self, actions: &[(Action, f64)], _: Option<FirstCard>) -> Action {
        let i = chosen_index(actions.iter().map(|(_, v)| std::slice::from_ref(v)));
        actions[i].0
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
