//! Evaluating one card state: the value of every action at both decision points, for
//! one score difference and after-pass flag, from the solved successor states.

use super::{Action, Link, Solver, Successors};
use crate::rules::{Objective, PassRule};
use crate::solver::position::Pattern;
use crate::solver::scalar::Scalar;

/// The second-card choices, with all `known` choices folded into one (they are worth
/// the same: turning a known card of another label changes nothing but ends the turn).
#[derive(Debug, Clone, Copy)]
pub(super) enum Second {
    Match,
    KnownOther,
    Unknown,
}

/// One card state being evaluated, with its successors resolved.
pub(super) struct Node<'a, V: Scalar> {
    pub(super) s: &'a Solver<V>,
    pub(super) counts: &'a [u64],
    pub(super) succ: &'a Successors,
    pub(super) own: u32,
    /// The after-pass layer of this card state when it is being solved and not yet
    /// stored (values for differences `-bound, -bound+2, ..., bound`), with `bound`.
    pub(super) own_after_pass: Option<(&'a [V], i64)>,
    /// Also evaluate dominated choices (for reports); the bulk solve skips them.
    pub(super) full: bool,
    /// Unknown cards on the table.
    pub(super) unknown: u64,
    /// Labels with at least one known card on the table.
    pub(super) known_labels: u64,
}

impl<'a, V: Scalar> Node<'a, V> {
    pub(super) fn new(
        s: &'a Solver<V>,
        counts: &'a [u64],
        succ: &'a Successors,
        own: u32,
        full: bool,
    ) -> Self {
        let list = &s.table.list;
        let unknown = counts
            .iter()
            .zip(list)
            .map(|(&n, p)| n * u64::from(p.unknown))
            .sum();
        let known_labels = counts
            .iter()
            .zip(list)
            .filter(|(_, p)| p.known() > 0)
            .map(|(&n, _)| n)
            .sum();
        Self {
            s,
            counts,
            succ,
            own,
            own_after_pass: None,
            full,
            unknown,
            known_labels,
        }
    }

    pub(super) fn pattern(&self, a: usize) -> Pattern {
        self.s.table.list[a]
    }

    pub(super) fn unknown_cards(&self) -> u64 {
        self.unknown
    }

    /// The mover took a pair: they move again, or under One Flip the opponent moves
    /// (a take is not a pass, so never after one).
    pub(super) fn take(&self, entry: Link, d: i64) -> V {
        match (self.s.one_flip, self.s.objective) {
            (false, Objective::Win) => self.s.read(entry, d + 1),
            (false, Objective::Margin | Objective::Moves) => V::one().plus(&self.s.read(entry, d)),
            (true, Objective::Win) => self.opp(entry, d + 1, false),
            (true, Objective::Margin | Objective::Moves) => {
                V::one().plus(&self.opp(entry, d, false))
            }
        }
    }

    /// Reads the after-pass layer of this card state from `layer` (see
    /// [`Self::own_after_pass`]).
    pub(super) fn with_own_after_pass(mut self, layer: &'a [V], bound: i64) -> Self {
        self.own_after_pass = Some((layer, bound));
        self
    }

    /// The turn ends and the opponent moves (solitaire: the next turn starts).
    pub(super) fn opp(&self, entry: Link, d: i64, after_pass: bool) -> V {
        if after_pass {
            debug_assert!(
                entry.takes == 0,
                "only this card state's own after-pass layer"
            );
            return self.against(&self.s.stored(entry.entry, -d, true));
        }
        self.against(&self.s.read(entry, -d))
    }

    /// The mover passes: the opponent moves in this card state, after a pass.
    fn passed(&self, d: i64) -> V {
        match self.own_after_pass {
            // |d| <= bound
            Some((layer, bound)) => self.against(&layer[((bound - d) >> 1) as usize]),
            None => self.opp(Link::to(self.own), d, true),
        }
    }

    /// The mover's value of a state worth `v` to the opponent, who moves next.
    pub(super) fn against(&self, v: &V) -> V {
        match self.s.objective {
            Objective::Win => V::one().minus(v),
            Objective::Margin => V::zero().minus(v),
            Objective::Moves => V::one().plus(v),
        }
    }

    /// Value of passing now, if the rule allows it.
    pub(super) fn pass(&self, d: i64, after_pass: bool) -> Option<V> {
        if self.s.objective == Objective::Moves {
            // A wasted turn: never better than what the state is worth, so the bulk
            // solve leaves it out (it would refer to the value being computed).
            return self.full.then(|| self.opp(Link::to(self.own), d, false));
        }
        match (self.s.pass_rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.s.final_value(d)),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.passed(d)),
        }
    }

    /// Patterns holding a known card of a label other than the first card's (pattern `a`).
    pub(super) fn other_known_patterns(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.counts.len())
            .filter(move |&q| self.pattern(q).known() > 0 && self.counts[q] > u64::from(q == a))
    }

    pub(super) fn other_known_exists(&self, a: usize) -> bool {
        self.known_labels > u64::from(self.pattern(a).known() > 0)
    }

    /// After an unknown first card whose label was in pattern `a`. (Turning an unknown
    /// card first is never a pass: the after-pass flag plays no part.)
    pub(super) fn second_revealed(&self, a: usize, d: i64, f: &mut impl FnMut(Second, V)) {
        let p = self.pattern(a);
        let n = self.succ.n;
        if p.known() > 0 {
            f(Second::Match, self.take(self.succ.take_one_unknown(a), d));
        }
        if self.other_known_exists(a) {
            f(
                Second::KnownOther,
                self.opp(self.succ.after_reveal(a), d, false),
            );
        }
        let unknown = self.unknown_cards();
        if unknown >= 2 {
            let same = u64::from(p.unknown - 1);
            let mut sum = if same > 0 {
                self.take(self.succ.take_two_unknown(a), d).times(same)
            } else {
                V::zero()
            };
            for b in 0..n {
                let others = self.counts[b] - u64::from(a == b);
                let ub = u64::from(self.pattern(b).unknown);
                if others == 0 || ub == 0 {
                    continue;
                }
                let v = self.opp(self.succ.reveal_two(a, b), d, false);
                sum = sum.plus(&v.times(others * ub));
            }
            f(Second::Unknown, sum.over(unknown - 1));
        }
    }

    /// After a known first card of a label in pattern `a`.
    pub(super) fn second_held(
        &self,
        a: usize,
        d: i64,
        after_pass: bool,
        f: &mut impl FnMut(Second, V),
    ) {
        let p = self.pattern(a);
        if p.known() >= 2 {
            f(Second::Match, self.take(self.succ.take_known(a), d));
        }
        if self.other_known_exists(a)
            && let Some(v) = self.pass(d, after_pass)
        {
            f(Second::KnownOther, v);
        }
        // Dominated by turning the unknown card first (then this known card, or its
        // partner), so only evaluated for reports.
        let unknown = self.unknown_cards();
        if self.full && unknown >= 1 {
            let same = u64::from(p.unknown);
            let mut sum = if same > 0 {
                self.take(self.succ.take_one_unknown(a), d).times(same)
            } else {
                V::zero()
            };
            for b in 0..self.succ.n {
                let others = self.counts[b] - u64::from(a == b);
                let ub = u64::from(self.pattern(b).unknown);
                if others == 0 || ub == 0 {
                    continue;
                }
                let v = self.opp(self.succ.after_reveal(b), d, false);
                sum = sum.plus(&v.times(others * ub));
            }
            f(Second::Unknown, sum.over(unknown));
        }
    }

    /// The turn start.
    pub(super) fn turn_start(&self, d: i64, after_pass: bool, f: &mut impl FnMut(Action, V)) {
        if let Some(v) = self.unknown_first(d) {
            f(Action::Unknown, v);
        }
        self.known_first(d, after_pass, f);
    }

    /// The value of turning an unknown card first (then the best second card), if any.
    pub(super) fn unknown_first(&self, d: i64) -> Option<V> {
        let unknown = self.unknown_cards();
        if unknown == 0 {
            return None;
        }
        let mut sum = V::zero();
        for a in 0..self.counts.len() {
            let weight = self.counts[a] * u64::from(self.pattern(a).unknown);
            if weight == 0 {
                continue;
            }
            let mut best = Best::new(self.s.objective);
            self.second_revealed(a, d, &mut |_, v| best.offer(v));
            sum = sum.plus(&best.value.expect("a second card exists").times(weight));
        }
        Some(sum.over(unknown))
    }

    /// Each `known R.U` first card, with the best second card after it.
    pub(super) fn known_first(&self, d: i64, after_pass: bool, f: &mut impl FnMut(Action, V)) {
        let objective = self.s.objective;
        for a in 0..self.counts.len() {
            if self.counts[a] == 0 || self.pattern(a).known() == 0 {
                continue;
            }
            let mut best = Best::new(objective);
            self.second_held(a, d, after_pass, &mut |_, v| best.offer(v));
            if let Some(v) = best.value {
                f(Action::Known(self.pattern(a)), v);
            }
        }
    }
}

/// The best of values offered one by one (largest, or smallest for `moves`).
pub(super) struct Best<V> {
    pub(super) minimise: bool,
    pub(super) value: Option<V>,
}

impl<V: Scalar> Best<V> {
    pub(super) fn new(objective: Objective) -> Self {
        Self {
            minimise: objective.minimises(),
            value: None,
        }
    }

    pub(super) fn offer(&mut self, v: V) {
        let better = match &self.value {
            None => true,
            Some(b) => {
                if self.minimise {
                    v < *b
                } else {
                    v > *b
                }
            }
        };
        if better {
            self.value = Some(v);
        }
    }
}

/// The best of some values under `objective`.
pub fn best_of<V: Scalar>(objective: Objective, values: impl Iterator<Item = V>) -> Option<V> {
    let mut best = Best::new(objective);
    values.for_each(|v| best.offer(v));
    best.value
}
