//! The Duel's values: a memoised recursion over turn starts, each stored once
//! ([`super::index`]), the answerer's decision point valued on the way.

use super::index::Layout;
use super::turn::{self, Next};
use super::{DuelAction, DuelError, DuelFirst, DuelPosition, DuelState, Seen};
use crate::rules::{Objective, PassRule, Taker};
use crate::solver::Scalar;

/// The exact Duel solver for one objective, pass rule and taker of pairs.
#[derive(Debug, Clone)]
pub struct DuelSolver<V: Scalar> {
    objective: Objective,
    pass_rule: PassRule,
    taker: Taker,
    max_states: f64,
    layout: Option<Layout>,
    values: Vec<V>,
    done: Vec<bool>,
    solved: usize,
}

impl<V: Scalar> DuelSolver<V> {
    /// A solver for `objective` under `pass_rule`, the pair going to `taker`, allowed
    /// [`crate::solver::PLAY_LIMIT`] stored values.
    #[must_use]
    pub fn new(objective: Objective, pass_rule: PassRule, taker: Taker) -> Self {
        Self {
            objective,
            pass_rule,
            taker,
            max_states: crate::solver::PLAY_LIMIT,
            layout: None,
            values: Vec::new(),
            done: Vec::new(),
            solved: 0,
        }
    }

    /// The same solver allowed at most `max_states` stored values.
    #[must_use]
    pub fn with_limit(mut self, max_states: f64) -> Self {
        self.max_states = max_states;
        self
    }

    /// The objective being solved.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The pass rule being solved.
    #[must_use]
    pub fn pass_rule(&self) -> PassRule {
        self.pass_rule
    }

    /// Who takes a pair.
    #[must_use]
    pub fn taker(&self) -> Taker {
        self.taker
    }

    /// Turn starts solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.solved
    }

    /// Values the solver has room for (its memory, in values).
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.values.len()
    }

    /// Every legal action at `state` with its value for the mover (the leader at the turn
    /// start, the answerer after the leader's card), in the order the rules list them.
    ///
    /// # Errors
    /// A refused question (see [`DuelError`]).
    pub fn actions(&mut self, state: &DuelState) -> Result<Vec<(DuelAction, V)>, DuelError> {
        self.prepare(state)?;
        let (p, d, ap) = (state.position, state.diff, state.after_pass);
        let mut actions = Vec::new();
        match state.first {
            None => self.leader_options(p, d, ap, &mut |a, v| actions.push((a, v))),
            Some(first) => self.answer_options(p, first, d, ap, &mut |a, v| actions.push((a, v))),
        }
        Ok(actions)
    }

    /// The value of `state` for its mover: that of the best action.
    ///
    /// # Errors
    /// A refused question (see [`DuelError`]).
    pub fn value(&mut self, state: &DuelState) -> Result<V, DuelError> {
        let actions = self.actions(state)?;
        Ok(
            crate::solver::best_of(self.objective, actions.into_iter().map(|(_, v)| v))
                .expect("a legal action"),
        )
    }

    /// The action the decision rule plays at `state`.
    ///
    /// # Errors
    /// A refused question (see [`DuelError`]).
    pub fn best(&mut self, state: &DuelState) -> Result<DuelAction, DuelError> {
        let actions = self.actions(state)?;
        Ok(super::duel_chosen(self.objective, &actions).expect("a legal action"))
    }

    /// Checks a question and makes room for every turn start it can lead to.
    fn prepare(&mut self, state: &DuelState) -> Result<(), DuelError> {
        if self.objective == Objective::Moves {
            return Err(DuelError::Moves);
        }
        crate::rules::check_combination(self.objective, self.pass_rule)?;
        let p = state.position;
        let n = p.pairs();
        if n == 0 {
            return Err(DuelError::Empty);
        }
        if let Some(first) = state.first {
            let (pile, word, possible) = match first {
                DuelFirst::Revealed(pile) => (
                    pile,
                    "unknown",
                    matches!(pile, Seen::Neither | Seen::Answerer),
                ),
                DuelFirst::Held(pile) => (pile, "seen", matches!(pile, Seen::Leader | Seen::Both)),
            };
            if !possible || p.count(pile) == 0 {
                return Err(DuelError::NoSuchFirst(pile.letter(), word));
            }
        }
        let fits = self
            .layout
            .as_ref()
            .is_some_and(|l| n <= l.total() && l.stored_diff(n, state.diff).is_some());
        if !fits {
            let total = n + u32::try_from(state.diff.unsigned_abs()).unwrap_or(u32::MAX / 2);
            let (diffs, passes) = self.dimensions();
            let size = Layout::size(total, diffs, passes);
            if size > self.max_states {
                return Err(DuelError::TooLarge(size, self.max_states));
            }
            let layout = Layout::new(total, diffs, passes);
            self.values = vec![V::zero(); layout.len()];
            self.done = vec![false; layout.len()];
            self.solved = 0;
            self.layout = Some(layout);
        }
        Ok(())
    }

    /// Whether values depend on the difference, and on the after-pass flag.
    fn dimensions(&self) -> (bool, bool) {
        (
            self.objective == Objective::Win,
            self.pass_rule.remembers_pass(),
        )
    }

    /// The value of a turn start for its leader.
    fn turn(&mut self, p: DuelPosition, d: i64, after_pass: bool) -> V {
        let n = p.pairs();
        if n == 0 {
            return self.end(d);
        }
        let win = self.objective == Objective::Win;
        if win && self.pass_rule != PassRule::Withdraw && d.unsigned_abs() > u64::from(n) {
            return self.end(d);
        }
        let layout = self.layout.as_ref().expect("prepared");
        let d = layout
            .stored_diff(n, d)
            .expect("a difference that can occur");
        let i = layout.index(p, d, after_pass && self.pass_rule.remembers_pass());
        if self.done[i] {
            return self.values[i].clone();
        }
        let mut best: Option<V> = None;
        self.leader_options(p, d, after_pass, &mut |_, v| {
            if best.as_ref().is_none_or(|b| v > *b) {
                best = Some(v);
            }
        });
        let v = best.expect("the leader always has a card to turn");
        self.values[i] = v.clone();
        self.done[i] = true;
        self.solved += 1;
        v
    }

    /// The leader's actions at a turn start, each with its value for the leader.
    fn leader_options(
        &mut self,
        p: DuelPosition,
        d: i64,
        after_pass: bool,
        out: &mut impl FnMut(DuelAction, V),
    ) {
        for action in turn::leads(p) {
            let outcomes = turn::lead(p, action);
            let mut sum = V::zero();
            for (weight, next) in outcomes.iter() {
                let Next::Answer(first) = next else {
                    unreachable!("the leader's card is always answered")
                };
                let v = self.leader_after(p, first, d, after_pass);
                sum = sum.plus(&v.times(u64::from(weight)));
            }
            out(action, sum.over(u64::from(outcomes.total)));
        }
    }

    /// The leader's value once their card `first` is shown: the answerer's best, turned
    /// round.
    fn leader_after(&mut self, p: DuelPosition, first: DuelFirst, d: i64, after_pass: bool) -> V {
        let mut best: Option<V> = None;
        self.answer_options(p, first, d, after_pass, &mut |_, v| {
            if best.as_ref().is_none_or(|b| v > *b) {
                best = Some(v);
            }
        });
        self.turned(&best.expect("the answerer always has a legal card"))
    }

    /// The answerer's legal actions after the leader's card `first` on the turn that began
    /// at `p`, each with its value for the answerer.
    fn answer_options(
        &mut self,
        p: DuelPosition,
        first: DuelFirst,
        d: i64,
        after_pass: bool,
        out: &mut impl FnMut(DuelAction, V),
    ) {
        'actions: for action in turn::answers(p, first) {
            let outcomes = turn::answer(p, first, action);
            let mut sum = V::zero();
            for (weight, next) in outcomes.iter() {
                let v = match next {
                    Next::Taken(after) => self.taken(after, d),
                    Next::NoPair(after) => self.no_pair(after, d),
                    Next::Pass(after) => match self.pass(after, d, after_pass) {
                        Some(v) => v,
                        None => continue 'actions,
                    },
                    Next::Answer(_) => unreachable!("an answer ends the turn"),
                };
                sum = sum.plus(&v.times(u64::from(weight)));
            }
            out(action, sum.over(u64::from(outcomes.total)));
        }
    }

    /// The answerer's value once a pair is taken and `after` is left.
    fn taken(&mut self, after: DuelPosition, d: i64) -> V {
        // The answerer leads next: the difference from their side, after the pair.
        let (next_d, own) = match self.taker {
            Taker::Answerer => (-d + 1, 1),
            Taker::Leader => (-d - 1, -1),
        };
        let v = self.turn(after.swapped(), next_d, false);
        match self.objective {
            Objective::Win => v,
            _ => v.plus(&V::ratio(own, 1)),
        }
    }

    /// The answerer's value once the turn ends without a pair on `after`.
    fn no_pair(&mut self, after: DuelPosition, d: i64) -> V {
        self.turn(after.swapped(), -d, false)
    }

    /// The answerer's value of passing on `p`, if the rule allows it.
    fn pass(&mut self, p: DuelPosition, d: i64, after_pass: bool) -> Option<V> {
        match (self.pass_rule, after_pass) {
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.end(-d)),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.turn(p.swapped(), -d, true)),
            (PassRule::Ko, true) | (PassRule::None, _) => None,
        }
    }

    /// The value of the game ended with difference `d`, for the one it is counted for.
    fn end(&self, d: i64) -> V {
        match self.objective {
            Objective::Win => match d.signum() {
                1 => V::one(),
                0 => V::ratio(1, 2),
                _ => V::zero(),
            },
            _ => V::zero(),
        }
    }

    /// A value for one side as the other side's.
    fn turned(&self, v: &V) -> V {
        match self.objective {
            Objective::Win => V::one().minus(v),
            _ => V::zero().minus(v),
        }
    }
}
