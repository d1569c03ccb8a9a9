//! The bulk solve of one Zebra card state: its values for every stored difference at
//! once, each successor read for the whole range of differences in one loop. It computes
//! what [`super::node::Node`] computes action by action (the values of the best
//! actions), and `tests/it/zebra.rs` checks the two against each other in every state of
//! small decks.

use super::pattern::ZEBRA_PATTERNS;
use super::search::{KINDS, Succ, Successors, ZebraSolver};
use crate::rules::{Objective, PassRule};
use crate::solver::scalar::Scalar;

/// Differences of one card state, and the solver whose stored values it reads.
struct Range<'a, V: Scalar> {
    s: &'a ZebraSolver<V>,
    bound: i64,
    slots: usize,
}

impl<V: Scalar> Range<'_, V> {
    fn diff(&self, i: usize) -> i64 {
        -self.bound + 2 * i64::try_from(i).expect("fits")
    }

    /// `acc[i] += w ×` the mover's value when the turn ends into `succ` (opponent moves).
    fn add_miss(&self, acc: &mut [V], succ: Succ, w: u64) {
        let (pairs, bound) = (i64::from(succ.pairs), i64::from(succ.bound));
        let win = self.s.objective == Objective::Win;
        if succ.offset != Succ::TERMINAL && (!win || (pairs >= self.bound && bound >= self.bound)) {
            // Every difference is stored there: the layer read backwards (`-d`).
            let offset = succ.offset as usize;
            if !win {
                let v = self.mine(&self.s.values[offset]).times(w);
                for a in acc.iter_mut() {
                    *a = a.plus(&v);
                }
                return;
            }
            // bounds >= 0
            let top = offset + ((self.bound + bound) >> 1) as usize;
            let row = &self.s.values[top + 1 - acc.len()..=top];
            for (a, v) in acc.iter_mut().zip(row.iter().rev()) {
                *a = a.plus(&self.mine(v).times(w));
            }
            return;
        }
        for (i, a) in acc.iter_mut().enumerate() {
            let v = self.s.stored(succ, -self.diff(i), false);
            *a = a.plus(&self.mine(&v).times(w));
        }
    }

    /// The mover's value of a state worth `v` to the opponent, who moves next.
    fn mine(&self, v: &V) -> V {
        match self.s.objective {
            Objective::Win => V::one().minus(v),
            _ => V::zero().minus(v),
        }
    }

    /// `acc[i] += w ×` the mover's value after taking a pair into `succ` (moves again).
    fn add_pair(&self, acc: &mut [V], succ: Succ, w: u64) {
        if self.s.objective != Objective::Win {
            let v = V::one().plus(&self.s.stored(succ, 0, false)).times(w);
            for a in acc.iter_mut() {
                *a = a.plus(&v);
            }
            return;
        }
        let (pairs, bound) = (i64::from(succ.pairs), i64::from(succ.bound));
        for (i, a) in acc.iter_mut().enumerate() {
            let t = self.diff(i) + 1;
            let v = if succ.offset != Succ::TERMINAL && t.abs() <= pairs && t.abs() <= bound {
                // |t| <= bound
                let j = ((t + bound) >> 1) as usize;
                self.s.values[succ.offset as usize + j].clone()
            } else {
                self.s.stored(succ, t, false)
            };
            *a = a.plus(&v.times(w));
        }
    }
}

/// Scratch rows of one card state's differences.
struct Rows<V> {
    /// The option being valued.
    option: Vec<V>,
    /// The best option so far, if any.
    best: Vec<V>,
    have: bool,
}

impl<V: Scalar> Rows<V> {
    fn new(slots: usize) -> Self {
        Self {
            option: vec![V::zero(); slots],
            best: vec![V::zero(); slots],
            have: false,
        }
    }

    /// Starts valuing a new option.
    fn clear(&mut self) -> &mut [V] {
        for x in &mut self.option {
            *x = V::zero();
        }
        &mut self.option
    }

    /// Offers the option just valued (divided by `over`).
    fn offer(&mut self, over: u64) {
        for (b, x) in self.best.iter_mut().zip(&mut self.option) {
            if over != 1 {
                *x = x.over(over);
            }
            if !self.have || *x > *b {
                *b = x.clone();
            }
        }
        self.have = true;
    }
}

/// The values of a card state: differences `-bound..=bound` step 2, the turn-start layer
/// then (if the rule remembers a pass) the after-pass layer. With `exhaustive`, a known
/// first card followed by an unknown one is valued too (never better: see `zebra`).
pub(super) fn card_state_values<V: Scalar>(
    s: &ZebraSolver<V>,
    counts: &[u8; 9],
    succ: &Successors,
    bound: i64,
    layers: usize,
    exhaustive: bool,
) -> Vec<V> {
    let r = Range {
        s,
        bound,
        slots: usize::try_from(bound + 1).expect("bound >= 0"),
    };
    let table = &s.table;
    let (mut unknown, mut known_ranks) = (0u64, 0u64);
    for (&n, p) in counts.iter().zip(ZEBRA_PATTERNS) {
        unknown += u64::from(n) * u64::from(p.unknown_cards());
        if p.known_cards() > 0 {
            known_ranks += u64::from(n);
        }
    }
    let others = |i: usize, j: usize| u64::from(counts[j]) - u64::from(i == j);
    let other_known = |i: usize| known_ranks > u64::from(ZEBRA_PATTERNS[i].known_cards() > 0);

    // Turning an unknown card first (then the best second card): never a pass, so the
    // same in both layers.
    let mut first = Rows::new(r.slots);
    if unknown > 0 {
        let mut second = Rows::new(r.slots);
        let total: &mut [V] = first.clear();
        for k in 0..KINDS {
            let (i, c, per_rank) = table.reveal_kinds[k];
            let weight = u64::from(counts[i]) * per_rank;
            if weight == 0 {
                continue;
            }
            let p = ZEBRA_PATTERNS[i];
            let (uc, uo) = (u64::from(p.unknown(c)), u64::from(p.unknown(c.opposite())));
            second.have = false;
            if p.known(c.opposite()) > 0 {
                r.add_pair(second.clear(), succ.take_uk[k], 1);
                second.offer(1);
            }
            if p.known(c) > 0 || other_known(i) {
                r.add_miss(second.clear(), succ.after_reveal[k], 1);
                second.offer(1);
            }
            if unknown >= 2 {
                let v = second.clear();
                if uo > 0 {
                    r.add_pair(v, succ.take_uu[k], uo);
                }
                if uc > 1 {
                    r.add_miss(v, succ.reveal_twin[k], uc - 1);
                }
                for k2 in 0..KINDS {
                    let (j, _, per_rank2) = table.reveal_kinds[k2];
                    let w = others(i, j) * per_rank2;
                    if w > 0 {
                        r.add_miss(v, succ.reveal_two[k][k2], w);
                    }
                }
                second.offer(unknown - 1);
            }
            debug_assert!(second.have, "a second card exists");
            for (t, v) in total.iter_mut().zip(&second.best) {
                *t = t.plus(&v.times(weight));
            }
        }
        first.offer(unknown);
    }

    // A known first card: the match, or a pass (its value depends on the layer only).
    let mut can_pass = false;
    for h in 0..KINDS {
        let (i, c) = table.held_kinds[h];
        if counts[i] == 0 {
            continue;
        }
        let p = ZEBRA_PATTERNS[i];
        if p.known(c.opposite()) > 0 {
            r.add_pair(first.clear(), succ.take_kk[h], 1);
            first.offer(1);
        }
        can_pass |= p.known(c) >= 2 || other_known(i);
        if exhaustive && unknown > 0 {
            let uo = u64::from(p.unknown(c.opposite()));
            let v = first.clear();
            if uo > 0 {
                r.add_pair(v, succ.take_ku[h], uo);
            }
            for k2 in 0..KINDS {
                let (j, e, per_rank) = table.reveal_kinds[k2];
                let mut w = u64::from(counts[j]) * per_rank;
                if j == i && (p.symmetric() || e == c.opposite()) {
                    w -= uo;
                }
                if w > 0 {
                    r.add_miss(v, succ.after_reveal[k2], w);
                }
            }
            first.offer(unknown);
        }
    }
    debug_assert!(first.have, "a legal action always exists");
    let without_pass = first.best;
    let with_pass = |pass: &dyn Fn(usize) -> Option<V>| -> Vec<V> {
        let mut out = without_pass.clone();
        if can_pass {
            for (i, x) in out.iter_mut().enumerate() {
                if let Some(v) = pass(i)
                    && v > *x
                {
                    *x = v;
                }
            }
        }
        out
    };
    let rule = s.pass_rule;
    // Passing ends the game, or is forbidden, or hands the move over after a pass.
    let terminal_pass = |after_pass: bool, i: usize| -> Option<V> {
        match (rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(s.final_value(r.diff(i))),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => unreachable!("not terminal"),
        }
    };
    if layers == 1 {
        return with_pass(&|i| terminal_pass(false, i));
    }
    // The after-pass layer first: passing at the turn start leads into it.
    let after_pass = with_pass(&|i| terminal_pass(true, i));
    let slots = r.slots;
    let mut values = with_pass(&|i| {
        // The opponent moves after the pass, with the difference negated.
        let v = &after_pass[slots - 1 - i];
        Some(match s.objective {
            Objective::Win => V::one().minus(v),
            _ => V::zero().minus(v),
        })
    });
    values.extend(after_pass);
    values
}
