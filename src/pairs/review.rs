//! A Pairs game looked back on: every decision valued against the subgame-perfect
//! choice of the round, for the table as the mover could count it (the `spne` model:
//! the cards unseen since the last reshuffle, the reshuffle modelled).

use super::record::{PairsRecord, apply};
use super::rules::Phase;
use super::solver::{Action, Solver};

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
        for &action in round {
            let Phase::Turn { mover } = game.phase() else {
                return Err(super::PairsError::NotYourTurn);
            };
            let view = game.view();
            let (model, stacks) = view.counted_model(mover);
            if solver.as_ref().is_none_or(|s| *s.model() != model) {
                solver = Some(Solver::new(model));
            }
            let a = solver.as_mut().expect("just made").analyse(&stacks);
            let fold = a.u_fold[0];
            let hit = if view.can_hit() {
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
            let value = value_of(action);
            let best_value = value_of(best);
            out.push(DecisionCost {
                round: k + 1,
                seat: mover,
                action,
                best,
                value,
                best_value,
                cost: value - best_value,
            });
            apply(&mut game, action)?;
            after_decision();
        }
    }
    Ok(out)
}
