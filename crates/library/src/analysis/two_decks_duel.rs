//! The exact duel of two players of the Two Decks Duel: the first seat's expected result
//! when each seat plays its own policy (the optimal player, the usual one, or the best
//! response to the other), over the piles, the turn's chances as the solver has them
//! ([`crate::solver::two_decks::turn`]).

use std::collections::HashMap;

use crate::rules::{Objective, PassRule, Taker};
use crate::solver::two_decks::turn::{self, Next};
use crate::solver::two_decks::{
    DuelAction, DuelError, DuelFirst, DuelPosition, DuelSolver, DuelState,
};

/// How a seat plays the duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuelPlayer {
    /// The solver's choice (ties broken by the model's order).
    Optimal,
    /// Leading, a card nobody has seen, else a seen one; answering, the pair if their card
    /// of it is seen, else a card nobody has seen.
    Usual,
    /// Whatever does best against the other seat's policy.
    Best,
}

/// The rules a duel is played under.
#[derive(Debug, Clone, Copy)]
pub struct DuelTerms {
    /// What the seats play for.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// Who takes a pair.
    pub taker: Taker,
}

/// The first seat's (the first leader's) expected result: its win chance, or its pairs
/// ahead, with `players` in the two seats, on sides of `pairs` cards.
///
/// # Errors
/// Rules the solver refuses.
pub fn between(pairs: u32, terms: DuelTerms, players: [DuelPlayer; 2]) -> Result<f64, DuelError> {
    let mut solver = DuelSolver::new(terms.objective, terms.pass_rule, terms.taker);
    solver.value(&DuelState::start(pairs))?;
    let mut duel = Playout {
        terms,
        players,
        solver,
        memo: HashMap::new(),
    };
    Ok(duel.start(DuelPosition::start(pairs), 0, 0, false))
}

struct Playout {
    terms: DuelTerms,
    players: [DuelPlayer; 2],
    solver: DuelSolver<f64>,
    memo: HashMap<(DuelPosition, usize, i64, bool), f64>,
}

impl Playout {
    /// Seat 0's value of a game ended with seat 0 `lead` pairs ahead.
    fn ended(&self, lead: i64) -> f64 {
        match self.terms.objective {
            Objective::Win => match lead.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            },
            _ => 0.0,
        }
    }

    /// Seat 0's value as `seat`'s.
    fn for_seat(&self, seat: usize, v: f64) -> f64 {
        match (seat, self.terms.objective) {
            (0, _) => v,
            (_, Objective::Win) => 1.0 - v,
            _ => -v,
        }
    }

    /// The solver's state of a decision point with seat `leader` leading.
    fn state(
        p: DuelPosition,
        leader: usize,
        lead: i64,
        ap: bool,
        first: Option<DuelFirst>,
    ) -> DuelState {
        DuelState {
            position: p,
            diff: if leader == 0 { lead } else { -lead },
            after_pass: ap,
            first,
        }
    }

    /// The action `seat` plays among `legal` at `state`, or every one for a best response.
    fn choices(
        &mut self,
        seat: usize,
        state: &DuelState,
        legal: Vec<DuelAction>,
    ) -> Vec<DuelAction> {
        match self.players[seat] {
            DuelPlayer::Best => legal,
            DuelPlayer::Optimal => vec![self.solver.best(state).expect("a solved duel")],
            DuelPlayer::Usual => {
                let usual = [
                    DuelAction::Match,
                    DuelAction::Unknown,
                    DuelAction::Known(crate::solver::two_decks::Seen::Leader),
                    DuelAction::Known(crate::solver::two_decks::Seen::Both),
                ];
                let pick = usual.into_iter().find(|a| legal.contains(a));
                vec![pick.expect("the usual player always has a card")]
            }
        }
    }

    /// Seat 0's value of the best for `seat` among `values` (seat 0's).
    fn best_for(&self, seat: usize, values: impl Iterator<Item = f64>) -> f64 {
        let best = values
            .map(|v| self.for_seat(seat, v))
            .fold(f64::NEG_INFINITY, f64::max);
        self.for_seat(seat, best)
    }

    /// Seat 0's value of a turn start, seat `leader` leading, seat 0 `lead` pairs ahead.
    fn start(&mut self, p: DuelPosition, leader: usize, lead: i64, ap: bool) -> f64 {
        let n = p.pairs();
        let decided = self.terms.objective == Objective::Win
            && self.terms.pass_rule != PassRule::Withdraw
            && lead.unsigned_abs() > u64::from(n);
        if n == 0 || decided {
            return self.ended(lead);
        }
        let key = (p, leader, lead, ap);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let state = Self::state(p, leader, lead, ap, None);
        let mut values = Vec::new();
        for action in self.choices(leader, &state, turn::leads(p)) {
            let outcomes = turn::lead(p, action);
            let mut sum = 0.0;
            for (weight, next) in outcomes.iter() {
                let Next::Answer(first) = next else {
                    unreachable!("the leader's card is always answered")
                };
                sum += f64::from(weight) * self.answered(p, leader, lead, ap, first);
            }
            values.push(sum / f64::from(outcomes.total));
        }
        let v = self.best_for(leader, values.into_iter());
        self.memo.insert(key, v);
        v
    }

    /// Seat 0's value once the leader's card `first` is shown.
    fn answered(
        &mut self,
        p: DuelPosition,
        leader: usize,
        lead: i64,
        ap: bool,
        first: DuelFirst,
    ) -> f64 {
        let answerer = 1 - leader;
        let state = Self::state(p, leader, lead, ap, Some(first));
        let legal: Vec<DuelAction> = turn::answers(p, first)
            .into_iter()
            .filter(|&a| !(first.held() && a == DuelAction::Other) || self.pass_allowed(ap))
            .collect();
        let taker = match self.terms.taker {
            Taker::Answerer => answerer,
            Taker::Leader => leader,
        };
        let sign = if taker == 0 { 1 } else { -1 };
        let mut values = Vec::new();
        for action in self.choices(answerer, &state, legal) {
            let outcomes = turn::answer(p, first, action);
            let mut sum = 0.0;
            for (weight, next) in outcomes.iter() {
                let v = match next {
                    Next::Taken(after) => {
                        let v = self.start(after.swapped(), answerer, lead + sign, false);
                        match self.terms.objective {
                            Objective::Win => v,
                            _ => v + sign as f64,
                        }
                    }
                    Next::NoPair(after) => self.start(after.swapped(), answerer, lead, false),
                    Next::Pass(after) => self.pass(after, answerer, lead, ap),
                    Next::Answer(_) => unreachable!("an answer ends the turn"),
                };
                sum += f64::from(weight) * v;
            }
            values.push(sum / f64::from(outcomes.total));
        }
        self.best_for(answerer, values.into_iter())
    }

    fn pass_allowed(&self, ap: bool) -> bool {
        match self.terms.pass_rule {
            PassRule::None => false,
            PassRule::Ko => !ap,
            PassRule::Agreed | PassRule::Quit | PassRule::Withdraw => true,
        }
    }

    /// Seat 0's value of a pass on `p` (the answerer, `next`, leads next).
    fn pass(&mut self, p: DuelPosition, next: usize, lead: i64, ap: bool) -> f64 {
        match (self.terms.pass_rule, ap) {
            (PassRule::Agreed, true) | (PassRule::Quit, _) => self.ended(lead),
            (PassRule::Withdraw, _) => 0.5,
            _ => self.start(p.swapped(), next, lead, true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERMS: DuelTerms = DuelTerms {
        objective: Objective::Margin,
        pass_rule: PassRule::Agreed,
        taker: Taker::Answerer,
    };

    #[test]
    fn the_optimal_pair_plays_the_solvers_value() {
        for pairs in 1..=5 {
            let mut solver = DuelSolver::new(TERMS.objective, TERMS.pass_rule, TERMS.taker);
            let value: f64 = solver.value(&DuelState::start(pairs)).unwrap();
            let played = between(pairs, TERMS, [DuelPlayer::Optimal; 2]).unwrap();
            assert!((played - value).abs() < 1e-12, "{pairs}: {played} {value}");
            // No seat does better than the optimal one against it.
            let best = between(pairs, TERMS, [DuelPlayer::Best, DuelPlayer::Optimal]).unwrap();
            assert!((best - value).abs() < 1e-12, "{pairs}: {best} {value}");
            let usual = between(pairs, TERMS, [DuelPlayer::Usual, DuelPlayer::Optimal]).unwrap();
            assert!(usual <= value + 1e-12, "{pairs}: {usual} {value}");
        }
    }
}
