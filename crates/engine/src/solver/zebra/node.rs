//! Evaluating one Zebra card state: the value of every action at both decision points,
//! for one score difference and after-pass flag, from the solved successor states.

use super::pattern::ZEBRA_PATTERNS;
use super::search::{KINDS, Succ, Successors, ZebraSolver};
use crate::rules::{Objective, PassRule};
use crate::solver::scalar::Scalar;

/// The second-card choices. Every `known` card of another rank is worth the same (it
/// only ends the turn), so they are one choice here.
#[derive(Debug, Clone, Copy)]
pub(super) enum Second {
    Match,
    Twin,
    KnownOther,
    Unknown,
}

/// One solved card state whose actions are being valued, with its successors resolved.
pub(super) struct Node<'a, V: Scalar> {
    s: &'a ZebraSolver<V>,
    counts: &'a [u8; 9],
    succ: &'a Successors,
    own: Succ,
    unknown: u64,
    known_ranks: u64,
}

impl<'a, V: Scalar> Node<'a, V> {
    pub(super) fn new(
        s: &'a ZebraSolver<V>,
        counts: &'a [u8; 9],
        succ: &'a Successors,
        own: Succ,
    ) -> Self {
        let (mut unknown, mut known_ranks) = (0, 0);
        for (&n, p) in counts.iter().zip(ZEBRA_PATTERNS) {
            unknown += u64::from(n) * u64::from(p.unknown_cards());
            if p.known_cards() > 0 {
                known_ranks += u64::from(n);
            }
        }
        Self {
            s,
            counts,
            succ,
            own,
            unknown,
            known_ranks,
        }
    }

    /// The mover took a pair and moves again.
    fn cont(&self, s: Succ, d: i64) -> V {
        match self.s.objective {
            Objective::Win => self.s.stored(s, d + 1, false),
            _ => V::one().plus(&self.s.stored(s, d, false)),
        }
    }

    /// The turn ends and the opponent moves.
    fn opp(&self, s: Succ, d: i64, after_pass: bool) -> V {
        self.against(&self.s.stored(s, -d, after_pass))
    }

    /// The mover's value of a state worth `v` to the opponent, who moves next.
    fn against(&self, v: &V) -> V {
        match self.s.objective {
            Objective::Win => V::one().minus(v),
            _ => V::zero().minus(v),
        }
    }

    /// Value of passing now, if the rule allows it.
    fn pass(&self, d: i64, after_pass: bool) -> Option<V> {
        match (self.s.pass_rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.s.final_value(d)),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(self.own, d, true)),
        }
    }

    /// Held kinds (pattern, half) with a known card of a rank other than the first
    /// card's, whose pattern is `skip`.
    pub(super) fn other_known(
        &self,
        skip: Option<usize>,
    ) -> impl Iterator<Item = (usize, super::ZebraColour)> + '_ {
        self.s
            .table
            .held_kinds
            .iter()
            .copied()
            .filter(move |&(i, _)| usize::from(self.counts[i]) > usize::from(Some(i) == skip))
    }

    /// Whether a rank other than the first card's (of pattern `i`) has a known card.
    fn other_known_exists(&self, i: usize) -> bool {
        self.known_ranks > u64::from(ZEBRA_PATTERNS[i].known_cards() > 0)
    }

    /// Ranks other than the first card's (of pattern `i`) in pattern `j`.
    fn others(&self, i: usize, j: usize) -> u64 {
        u64::from(self.counts[j]) - u64::from(i == j)
    }

    /// After an unknown first card of reveal kind `k`.
    pub(super) fn second_revealed(&self, k: usize, d: i64, f: &mut impl FnMut(Second, V)) {
        let table = &self.s.table;
        let (i, c, _) = table.reveal_kinds[k];
        let p = ZEBRA_PATTERNS[i];
        let (uc, kc) = (u64::from(p.unknown(c)), p.known(c));
        let (uo, ko) = (u64::from(p.unknown(c.opposite())), p.known(c.opposite()));
        if ko > 0 {
            f(Second::Match, self.cont(self.succ.take_uk[k], d));
        }
        let twin = kc > 0;
        let other = self.other_known_exists(i);
        if twin || other {
            let shown = self.opp(self.succ.after_reveal[k], d, false);
            if twin {
                f(Second::Twin, shown.clone());
            }
            if other {
                f(Second::KnownOther, shown);
            }
        }
        if self.unknown >= 2 {
            let mut sum = V::zero();
            if uo > 0 {
                sum = sum.plus(&self.cont(self.succ.take_uu[k], d).times(uo));
            }
            if uc > 1 {
                sum = sum.plus(&self.opp(self.succ.reveal_twin[k], d, false).times(uc - 1));
            }
            for k2 in 0..KINDS {
                let (j, _, per_rank) = table.reveal_kinds[k2];
                let weight = self.others(i, j) * per_rank;
                if weight > 0 {
                    let v = self.opp(self.succ.reveal_two[k][k2], d, false);
                    sum = sum.plus(&v.times(weight));
                }
            }
            f(Second::Unknown, sum.over(self.unknown - 1));
        }
    }

    /// After a known first card of held kind `h`.
    pub(super) fn second_held(
        &self,
        h: usize,
        d: i64,
        after_pass: bool,
        f: &mut impl FnMut(Second, V),
    ) {
        let table = &self.s.table;
        let (i, c) = table.held_kinds[h];
        let p = ZEBRA_PATTERNS[i];
        let kc = p.known(c);
        let (uo, ko) = (u64::from(p.unknown(c.opposite())), p.known(c.opposite()));
        if ko > 0 {
            f(Second::Match, self.cont(self.succ.take_kk[h], d));
        }
        let twin = kc >= 2;
        let other = self.other_known_exists(i);
        if (twin || other)
            && let Some(v) = self.pass(d, after_pass)
        {
            if twin {
                f(Second::Twin, v.clone());
            }
            if other {
                f(Second::KnownOther, v);
            }
        }
        if self.unknown >= 1 {
            let mut sum = V::zero();
            if uo > 0 {
                sum = sum.plus(&self.cont(self.succ.take_ku[h], d).times(uo));
            }
            for k2 in 0..KINDS {
                let (j, e, per_rank) = table.reveal_kinds[k2];
                let mut weight = u64::from(self.counts[j]) * per_rank;
                // The held rank's own cards of the other half pair up instead.
                if j == i && (p.symmetric() || e == c.opposite()) {
                    weight -= uo;
                }
                if weight > 0 {
                    let v = self.opp(self.succ.after_reveal[k2], d, false);
                    sum = sum.plus(&v.times(weight));
                }
            }
            f(Second::Unknown, sum.over(self.unknown));
        }
    }

    /// The value of turning an unknown card first (then the best second card), if any.
    pub(super) fn unknown_first(&self, d: i64) -> Option<V> {
        if self.unknown == 0 {
            return None;
        }
        let mut sum = V::zero();
        for k in 0..KINDS {
            let (i, _, per_rank) = self.s.table.reveal_kinds[k];
            let weight = u64::from(self.counts[i]) * per_rank;
            if weight == 0 {
                continue;
            }
            let mut best = Best::new(self.s.objective);
            self.second_revealed(k, d, &mut |_, v| best.offer(v));
            sum = sum.plus(&best.value.expect("a second card exists").times(weight));
        }
        Some(sum.over(self.unknown))
    }

    /// Each known first card (by held kind), with the best second card after it.
    pub(super) fn known_first(&self, d: i64, after_pass: bool, f: &mut impl FnMut(usize, V)) {
        for h in 0..KINDS {
            let (i, _) = self.s.table.held_kinds[h];
            if self.counts[i] == 0 {
                continue;
            }
            let mut best = Best::new(self.s.objective);
            self.second_held(h, d, after_pass, &mut |_, v| best.offer(v));
            if let Some(v) = best.value {
                f(h, v);
            }
        }
    }
}

/// The largest of values offered one by one.
pub(super) struct Best<V> {
    pub(super) value: Option<V>,
}

impl<V: Scalar> Best<V> {
    pub(super) fn new(objective: Objective) -> Self {
        debug_assert!(!objective.minimises(), "Zebra has no minimising objective");
        Self { value: None }
    }

    pub(super) fn offer(&mut self, v: V) {
        if self.value.as_ref().is_none_or(|b| v > *b) {
            self.value = Some(v);
        }
    }
}
