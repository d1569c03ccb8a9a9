//! Post-game analysis of a table of three or more seats (`own-pairs`, `variants.md`):
//! every flip valued by the seats solver in expected own pairs for the player who
//! flipped, against the best action at its decision point. Classes and summaries are
//! those of [`annotate`](super::annotate) under `margin` (costs in pairs).

use thiserror::Error;

use super::annotate::{Analysis, Annotation, Class, action_of, seats_of, summarise};
use crate::players::state_of;
use crate::record::RecordSeat;
use crate::rules::{Game, Objective, Seat};
use crate::solver::{SeatsSolveError, SeatsSolver, SeatsState, TIE_EPSILON};

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

/// Values every flip of a table `game` (finished or not) in expected own pairs.
///
/// # Errors
/// A state the solver refuses, or a flip that is no action.
pub fn annotate_table(
    game: &Game,
    players: Vec<RecordSeat>,
    solver: &mut SeatsSolver<f64>,
) -> Result<Analysis, OwnPairsError> {
    let view = game.view();
    let m = view.seats();
    let mut replay = Game::from_cards(
        view.deck().clone(),
        game.reveal_all().to_vec(),
        game.seed(),
        view.players(),
    );
    let mut seat_curves = vec![Vec::new(); m];
    let push = |curves: &mut Vec<Vec<f64>>, values: Vec<f64>| {
        for (curve, v) in curves.iter_mut().zip(values) {
            curve.push(v);
        }
    };
    push(&mut seat_curves, expected_pairs(&replay, solver)?);
    let mut annotations = Vec::new();
    let mut turn = 1;
    for (index, flip) in view.flips().iter().enumerate() {
        let q = question(&replay);
        let actions = solver.actions(&q)?;
        let action = action_of(&replay, flip.position).ok_or(OwnPairsError::Unplayable(index))?;
        let own = |v: &Vec<f64>| v.first().copied().unwrap_or(0.0);
        let best_value = actions
            .iter()
            .map(|(_, v)| own(v))
            .fold(f64::NEG_INFINITY, f64::max);
        let value = actions
            .iter()
            .find(|(a, _)| *a == action)
            .map(|(_, v)| own(v))
            .ok_or(OwnPairsError::Unplayable(index))?;
        let raw = best_value - value;
        let cost = if raw <= TIE_EPSILON { 0.0 } else { raw };
        // In the decision rule's order: the first is the one the optimal player plays.
        let best: Vec<_> = actions
            .iter()
            .filter(|(_, v)| (own(v) - best_value).abs() <= TIE_EPSILON)
            .map(|&(a, _)| a)
            .collect();
        let best_words = best
            .first()
            .map(|&b| crate::trainer::name(replay.view(), b).text)
            .unwrap_or_default();
        annotations.push(Annotation {
            index,
            turn,
            seat: flip.seat,
            position: flip.position,
            first: q.first,
            action,
            best,
            value,
            best_value,
            cost,
            class: Class::of(Objective::Margin, cost),
            best_words,
            zebra: None,
        });
        if replay.try_flip(flip.position).is_err() {
            return Err(OwnPairsError::Unplayable(index));
        }
        if flip.turn_end.is_some() {
            turn += 1;
        }
        push(&mut seat_curves, expected_pairs(&replay, solver)?);
    }
    let summaries = seats_of(m)
        .map(|seat| summarise(&annotations, seat))
        .collect();
    Ok(Analysis {
        objective: Objective::Margin,
        players,
        annotations,
        curve: seat_curves
            .get(Seat::FIRST.index())
            .cloned()
            .unwrap_or_default(),
        summaries,
        seat_curves,
    })
}
