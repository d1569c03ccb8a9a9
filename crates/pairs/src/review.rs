//! A Pairs game looked back on: every decision valued against the subgame-perfect
//! choice of the round, for the table as the mover could count it (the `spne` model:
//! the cards unseen since the last reshuffle, the reshuffle modelled).

use super::model::RoundModel;
use super::record::{PairsRecord, apply};
use super::rules::{Phase, Stack};
use super::solver::{Action, Analysis, Solver, analyse_round};

/// One decision and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionCost {
    /// The round, from 1.
    pub round: usize,
    /// The seat that decided.
    pub seat: usize,
    /// What it did.
    pub action: Action,
    /// The subgame-perfect action.
    pub best: Action,
    /// The chosen action's expected payoff to the mover.
    pub value: f64,
    /// The best action's.
    pub best_value: f64,
    /// `value - best_value`: 0 for the best choice, negative for a worse one.
    pub cost: f64,
}

/// Every decision of `record`, valued.
///
/// # Errors
/// The record's table cannot be dealt (it parsed, so this does not happen).
pub fn review(record: &PairsRecord) -> Result<Vec<DecisionCost>, super::PairsError> {
    review_with(record, || ())
}

/// As [`review`], calling `after_decision` after each decision (a command's progress).
///
/// # Errors
/// As [`review`].
pub fn review_with(
    record: &PairsRecord,
    mut after_decision: impl FnMut(),
) -> Result<Vec<DecisionCost>, super::PairsError> {
    let mut game = record.new_game()?;
    let mut out = Vec::new();
    // A round's model is the same at each of its decisions, whoever moves: one solve
    // per round, each decision a lookup (the values are those of a fresh solve).
    let mut solver: Option<Solver<f64>> = None;
    for (k, round) in record.rounds.iter().enumerate() {
        if k > 0 {
            game.next_round()?;
        }
        let mut seen = Vec::with_capacity(round.len());
        for &action in round {
            let Phase::Turn { mover } = game.phase() else {
                return Err(super::PairsError::NotYourTurn);
            };
            let view = game.view();
            let (model, stacks) = view.counted_model(mover);
            seen.push(Seen {
                mover,
                model,
                stacks,
                can_hit: view.can_hit(),
                action,
            });
            apply(&mut game, action)?;
        }
        for (s, a) in seen.iter().zip(analyse(&mut solver, &seen)) {
            let fold = a.u_fold[0];
            let hit = if s.can_hit {
                a.u_hit.as_ref().map(|h| h[0])
            } else {
                None
            };
            let best = if hit.is_some() {
                a.action
            } else {
                Action::Fold
            };
            let value_of = |x: Action| match x {
                Action::Hit => hit.unwrap_or(fold),
                Action::Fold => fold,
            };
            let value = value_of(s.action);
            let best_value = value_of(best);
            out.push(DecisionCost {
                round: k + 1,
                seat: s.mover,
                action: s.action,
                best,
                value,
                best_value,
                cost: value - best_value,
            });
            after_decision();
        }
    }
    Ok(out)
}

/// A decision of the record as its mover saw it.
struct Seen {
    mover: usize,
    model: RoundModel,
    stacks: Vec<Stack>,
    can_hit: bool,
    action: Action,
}

/// Both actions' values at each decision of one round. With two players the memoised
/// solver, kept while the model stays the same; with three and more the layered solve
/// ([`analyse_round`]), one for each run of decisions sharing a model (its values are
/// the solver's, bit for bit, in a fraction of the time and memory).
fn analyse(solver: &mut Option<Solver<f64>>, seen: &[Seen]) -> Vec<Analysis<f64>> {
    let mut out = Vec::with_capacity(seen.len());
    for run in seen.chunk_by(|a, b| a.model == b.model) {
        let model = run[0].model;
        if model.players >= 3 {
            let wanted: Vec<Vec<Stack>> = run.iter().map(|s| s.stacks.clone()).collect();
            out.extend(analyse_round(&model, &wanted));
            continue;
        }
        if solver.as_ref().is_none_or(|s| *s.model() != model) {
            *solver = Some(Solver::new(model));
        }
        let solver = solver.as_mut().expect("just made");
        out.extend(run.iter().map(|s| solver.analyse(&s.stacks)));
    }
    out
}
