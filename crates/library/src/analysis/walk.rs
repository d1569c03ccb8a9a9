//! The walk over a record that every analysis shares, whatever the rule set: replay the
//! game flip by flip, ask the solver (an [`Oracle`]: the standard solver, the Zebra
//! solver, the seats solver) what each action at the decision point is worth to the
//! player who flipped, and keep the books: the flip's cost and class and the curves
//! (the figures of each player are the judgement's, `judgement.rs`). What differs between rule sets is theirs: the
//! model's actions and words ([`Model`]), the solver's values and curves ([`Oracle`]).

use super::annotate::{Analysis, Annotation, Class};
use crate::model::{Model, ModelError, Oracle, OracleTask, TableOracle};
use crate::record::RecordSeat;
use crate::rules::{Game, Objective, PassRule, Reach, Table};
use crate::solver::TIE_EPSILON;
use crate::solver::solitaire::EasyMovesTable;

/// Values every flip of `game` (finished or not) with `oracle`, which must be solved for
/// the game's deck, seats, pass rule and objective (`moves` for a solitaire game).
///
/// # Errors
/// A state the solver refuses (a solver for another deck or rule), or a flip that is no
/// action at its decision point.
pub fn annotate<O: Oracle>(
    game: &Game,
    players: Vec<RecordSeat>,
    oracle: &mut O,
) -> Result<Analysis, ModelError> {
    let objective = oracle.unit().measure();
    let view = game.view();
    let mut replay = game.at_start();
    let mut seat_curves: Vec<Vec<f64>> = Vec::new();
    plot(&mut seat_curves, oracle.curve_point(replay.view())?);
    let mut annotations = Vec::new();
    let mut turn = 1;
    for (index, flip) in view.flips().iter().enumerate() {
        let here = replay.view();
        // Values as the mover means them: under `margin` the final margin (at three or
        // more seats the own-pairs values stay what is still to take).
        let lead = if here.seats() == 2 {
            here.pairs().lead(flip.seat)
        } else {
            0
        };
        let state = O::Model::state_of(here);
        let first = O::Model::first(&state);
        let actions: Vec<(<O::Model as Model>::Action, f64)> = oracle
            .actions(&state)?
            .into_iter()
            .map(|(a, v)| (a, objective.at_end(lead, v)))
            .collect();
        let done =
            O::Model::action_of(here, flip.position).ok_or_else(|| oracle.unplayable(index))?;
        let (best_value, best) = oracle
            .best(&actions, first)
            .ok_or_else(|| oracle.unplayable(index))?;
        let value = actions
            .iter()
            .find(|&&(a, _)| O::Model::same_choice(a, done))
            .map(|&(_, v)| v)
            .ok_or_else(|| oracle.unplayable(index))?;
        let raw = if objective.minimises() {
            value - best_value
        } else {
            best_value - value
        };
        let cost = if raw <= TIE_EPSILON { 0.0 } else { raw };
        let choice = actions
            .iter()
            .any(|&(_, v)| (v - best_value).abs() > TIE_EPSILON);
        // The one the optimal player chooses among the best, in a player's words.
        let chosen = best
            .iter()
            .copied()
            .min_by_key(|&a| O::Model::order(a, first));
        let (action, read_first) = O::Model::reading(done, first);
        let raw_only = choice
            && super::grade::only_move(
                objective,
                actions.iter().map(|&(_, v)| {
                    if objective.minimises() {
                        v - best_value
                    } else {
                        best_value - v
                    }
                }),
            );
        let zebra = O::Model::note(done, &best, oracle.chosen(&actions, first));
        // The only move worth the name: the one action that does not lose a mistake's
        // worth, and not the one the common play finds anyway (taking a pair, turning a
        // new card).
        let only_move = raw_only && zebra.is_none() && {
            let common = O::Model::usual(&state);
            !best.iter().any(|&b| O::Model::same_choice(b, common))
        };
        annotations.push(Annotation {
            index,
            turn,
            seat: flip.seat,
            position: flip.position,
            first: read_first,
            action,
            best: best
                .iter()
                .map(|&b| O::Model::reading(b, first).0)
                .collect(),
            value,
            best_value,
            cost,
            class: Class::of(objective, cost),
            choice,
            only_move,
            best_words: chosen
                .map(|b| O::Model::name(here, b).text)
                .unwrap_or_default(),
            zebra,
        });
        replay
            .try_flip(flip.position)
            .map_err(|_| oracle.unplayable(index))?;
        if flip.turn_end.is_some() {
            turn += 1;
        }
        plot(&mut seat_curves, oracle.curve_point(replay.view())?);
    }
    let curve = seat_curves.first().cloned().unwrap_or_default();
    if seat_curves.len() < 2 {
        // Two seats: the first seat's curve says it all.
        seat_curves.clear();
    }
    Ok(Analysis {
        objective,
        players,
        annotations,
        curve,
        seat_curves,
    })
}

/// Values `game` (recorded with `players`, under `objective` and `pass_rule`) with a
/// fresh solver of its own rule set ([`TableOracle`]: the one handle of every rule set).
///
/// # Errors
/// A table the rule set's solver does not take, or a game it cannot value.
pub fn annotate_fresh(
    game: &Game,
    players: Vec<RecordSeat>,
    objective: Objective,
    rule: PassRule,
) -> Result<Analysis, ModelError> {
    let view = game.view();
    let table = Table {
        seats: u8::try_from(view.seats()).unwrap_or(u8::MAX),
        pass_rule: rule,
        variant: view.players().variant(),
    };
    if view.reach() == Reach::AcrossMoves {
        // The easier solitaire: its own model and values.
        let mut values = EasyMovesTable::solved(view.deck(), table, objective)?;
        return annotate(game, players, &mut values);
    }
    TableOracle::new(view.deck(), table, objective)?.run(Annotate { game, players })
}

/// [`annotate`] as a task for any rule set's solver.
pub struct Annotate<'a> {
    /// The game to value.
    pub game: &'a Game,
    /// Who sat in each seat.
    pub players: Vec<RecordSeat>,
}

impl<O: Oracle> OracleTask<O> for Annotate<'_> {
    type Output = Result<Analysis, ModelError>;

    fn run(self, oracle: &mut O) -> Self::Output {
        annotate(self.game, self.players, oracle)
    }
}

/// Adds `point` to the curves, one value to each.
fn plot(curves: &mut Vec<Vec<f64>>, point: Vec<f64>) {
    curves.resize(point.len(), Vec::new());
    for (curve, v) in curves.iter_mut().zip(point) {
        curve.push(v);
    }
}
