//! Post-game analysis of a table of three or more seats (`own-pairs`, `docs/variants.md`):
//! the seats solver as a [`Judge`] of the [`annotate`](super::walk::annotate) walk,
//! every flip valued in expected own pairs for the player who flipped, against the best
//! action at its decision point. Classes and summaries are those of
//! [`annotate`](super::annotate) under `margin` (costs in pairs).

use thiserror::Error;

use super::annotate::action_of;
use super::walk::{Decision, Judge, Reading};
use crate::players::state_of;
use crate::rules::{Game, Objective};
use crate::solver::{Action, SeatsSolveError, SeatsSolver, SeatsState};

/// Why a table game could not be analysed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum OwnPairsError {
    /// The solver refused a state (another deck, a rule it does not play).
    #[error(transparent)]
    Solver(#[from] SeatsSolveError),
    /// A flip that is no action of the model (a record that does not replay).
    #[error("flip {0} is not an action at its decision point")]
    Unplayable(usize),
}

/// The seats solver a table game needs: its deck's cards per label, its seats and pass
/// rule.
///
/// # Errors
/// Seats or a pass rule the solver does not play.
pub fn solver_for(game: &Game) -> Result<SeatsSolver<f64>, SeatsSolveError> {
    let view = game.view();
    SeatsSolver::new(
        view.deck().copies(),
        view.seats(),
        view.pass_rule().unwrap_or_default(),
    )
}

/// The solver's question at the current decision point of `game` (not over).
fn question(game: &Game) -> SeatsState {
    let state = state_of(game.view());
    SeatsState {
        position: state.position,
        passes: game.view().passes(),
        first: state.first,
    }
}

/// Each seat's expected final pairs: pairs so far plus the chosen vector, turned from
/// the mover's point of view to the seats'.
fn expected_pairs(game: &Game, solver: &mut SeatsSolver<f64>) -> Result<Vec<f64>, SeatsSolveError> {
    let view = game.view();
    let m = view.seats();
    let pairs = view.pairs();
    let mut out: Vec<f64> = pairs.iter().map(|&p| f64::from(p)).collect();
    if view.is_over() || view.cards_on_table() == 0 {
        return Ok(out);
    }
    let v = solver.value(&question(game))?;
    let mover = view.mover().index();
    for (i, x) in v.iter().enumerate() {
        out[(mover + i) % m] += x;
    }
    Ok(out)
}

/// The seats solver judges each action by the mover's own expected pairs (the first of
/// its vector), costs in pairs as under `margin`; it lists actions in its decision rule's
/// order, so the first best is the one the optimal player plays.
impl Judge for SeatsSolver<f64> {
    type Action = Action;
    type Error = OwnPairsError;

    fn objective(&self) -> Objective {
        Objective::Margin
    }

    fn actions(&mut self, game: &Game) -> Result<Vec<(Action, f64)>, OwnPairsError> {
        let own = |v: &Vec<f64>| v.first().copied().unwrap_or(0.0);
        Ok(SeatsSolver::actions(self, &question(game))?
            .iter()
            .map(|(a, v)| (*a, own(v)))
            .collect())
    }

    fn action_of(&self, game: &Game, position: usize) -> Option<Action> {
        action_of(game, position)
    }

    fn reading(&mut self, game: &Game, decision: &Decision<Action>) -> Reading {
        Reading {
            first: question(game).first,
            action: decision.done,
            best: decision.best.clone(),
            best_words: decision
                .best
                .first()
                .map(|&b| crate::trainer::name(game.view(), b).text)
                .unwrap_or_default(),
            zebra: None,
        }
    }

    fn curve_point(&mut self, game: &Game) -> Result<Vec<f64>, OwnPairsError> {
        Ok(expected_pairs(game, self)?)
    }

    fn unplayable(index: usize) -> OwnPairsError {
        OwnPairsError::Unplayable(index)
    }
}
