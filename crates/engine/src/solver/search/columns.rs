//! Turning an unknown card first, valued for every score difference of a card state at
//! once: the solve's hottest loop (every pair of patterns, for every difference), for
//! any objective and number type. The `f64` solve under `win`, the one play uses, runs
//! the same arithmetic over plain slices in `kernel.rs`.
//!
//! [`Node::unknown_first`] reads each successor value through [`Solver::stored`], one
//! difference at a time, paying the entry lookup and its checks for every read. Here a
//! successor's values for all differences are read in one pass over its stored slice
//! (a *column*), and the arithmetic runs column by column. Each difference sees the same
//! operations in the same order as in [`Node::unknown_first`], so the values are the
//! same bit for bit.

use super::node::Node;
use super::{Link, Solver, TERMINAL};
use crate::rules::Objective;
use crate::solver::scalar::Scalar;

impl<V: Scalar> Solver<V> {
    /// `out[i] = self.stored(entry, d0 + step * i, after_pass)`, the entry looked up once.
    pub(super) fn stored_column(
        &self,
        entry: u32,
        d0: i64,
        step: i64,
        after_pass: bool,
        out: &mut [V],
    ) {
        if entry == TERMINAL || self.objective != Objective::Win {
            let mut d = d0;
            for o in out.iter_mut() {
                *o = self.stored(entry, d, after_pass);
                d += step;
            }
            return;
        }
        let e = self.entries[entry as usize];
        let layer = usize::from(after_pass && self.layers == 2);
        debug_assert!(
            layer == 0 || !e.pruned,
            "after-pass layer of a pruned state"
        );
        let start = e.offset() + layer * e.slots();
        let values = &self.values[e.segment as usize][start..start + e.slots()];
        let (pairs, bound) = (e.pairs(), e.bound());
        let n = out.len();
        // a column is a few hundred values at most
        let d_last = d0 + step * (n as i64 - 1);
        if n > 0 && d0.abs() <= pairs && d_last.abs() <= pairs {
            // The common case: every difference is stored, a run of `values` read
            // forwards or backwards.
            debug_assert!(d0.abs() <= bound && d_last.abs() <= bound, "stored range");
            // |d| <= bound
            let (a, b) = (
                ((d0 + bound) >> 1) as usize,
                ((d_last + bound) >> 1) as usize,
            );
            if a <= b {
                out.clone_from_slice(&values[a..=b]);
            } else {
                for (o, v) in out.iter_mut().zip(values[b..=a].iter().rev()) {
                    o.clone_from(v);
                }
            }
            return;
        }
        // The differences run monotonically, so `out` splits into three runs: those
        // beyond the pairs left on the side `d0` starts from, those stored (a run of
        // `values`, forwards or backwards), and those beyond on the other side. A
        // difference beyond the pairs left is decided (1 or 0), or under `withdraw`
        // read as the one stored lead beyond them.
        let beyond = |at: i64| -> V {
            match self.lead_beyond(pairs) {
                None if at > 0 => V::one(),
                None => V::zero(),
                Some(lead) => {
                    let i = ((lead * at.signum() + bound) >> 1) as usize;
                    values[i].clone()
                }
            }
        };
        // With `x = d * step / 2` (so `x` grows by 2 per slot), the stored slots are
        // those with `-pairs <= x <= pairs`.
        debug_assert!(step == 2 || step == -2, "differences step by 2");
        let x0 = d0 * step.signum();
        let at = |i: usize| d0 + step * i as i64;
        let first = usize::try_from(-(x0 + pairs).div_euclid(2).min(0)).map_or(n, |f| f.min(n));
        let last = (pairs - x0).div_euclid(2);
        let end = usize::try_from(last + 1).map_or(0, |e| e.min(n)).max(first);
        if first > 0 {
            let v = beyond(at(0));
            for o in &mut out[..first] {
                o.clone_from(&v);
            }
        }
        if end < n {
            let v = beyond(at(end));
            for o in &mut out[end..] {
                o.clone_from(&v);
            }
        }
        if first == end {
            return;
        }
        let index = |i: usize| {
            let d = at(i);
            debug_assert!(d.abs() <= bound, "difference {d} outside the stored range");
            // |d| <= bound
            ((d + bound) >> 1) as usize
        };
        let (a, b) = (index(first), index(end - 1));
        if a <= b {
            out[first..end].clone_from_slice(&values[a..=b]);
        } else {
            for (o, v) in out[first..end].iter_mut().zip(values[b..=a].iter().rev()) {
                o.clone_from(v);
            }
        }
    }
}

impl<V: Scalar> Node<'_, V> {
    /// [`Node::opp`] for the differences `-top, -top+2, ...` (as many as `out` holds):
    /// the opponent's differences `top, top-2, ...`.
    fn opp_column(&self, entry: Link, top: i64, out: &mut [V]) {
        self.s.read_column(entry, top, -2, out);
        for o in out.iter_mut() {
            *o = self.against(o);
        }
    }

    /// [`Node::take`] for the differences `-bound, -bound+2, ...`.
    fn take_column(&self, entry: Link, bound: i64, out: &mut [V]) {
        let one = V::one();
        match (self.s.one_flip, self.s.objective) {
            (false, Objective::Win) => self.s.read_column(entry, -bound + 1, 2, out),
            (false, Objective::Margin | Objective::Moves) => {
                self.s.read_column(entry, -bound, 2, out);
                for o in out.iter_mut() {
                    *o = one.plus(o);
                }
            }
            // `opp(entry, d + 1)` reads the difference `-(d + 1)`.
            (true, Objective::Win) => self.opp_column(entry, bound - 1, out),
            (true, Objective::Margin | Objective::Moves) => {
                self.opp_column(entry, bound, out);
                for o in out.iter_mut() {
                    *o = one.plus(o);
                }
            }
        }
    }

    /// The best of `best` (if `have`) and every known first card with its best second
    /// card ([`Node::known_first`]), for the differences `-bound, -bound+2, ..., bound`:
    /// per difference the same offers in the same order, so the same value bit for bit.
    /// The pass is worth the same whichever known card comes first, and it is there for
    /// every first card or for none (two labels with a known card), so it is valued once
    /// per difference instead of once per pattern; offering it again could not change
    /// the choice, as a tie keeps the first.
    pub(super) fn known_first_column(
        &self,
        bound: i64,
        after_pass: bool,
        best: &mut [V],
        have: &mut bool,
        scratch: &mut [V],
    ) {
        let minimise = self.s.objective.minimises();
        let better = |v: &V, b: &V| if minimise { v < b } else { v > b };
        let diff = |i: usize| -bound + 2 * i64::try_from(i).expect("fits");
        let (col, rest) = scratch.split_at_mut(best.len());
        let pass = &mut rest[..best.len()];
        let mut offer = |col: &[V]| {
            if *have {
                for (b, v) in best.iter_mut().zip(col) {
                    if better(v, b) {
                        b.clone_from(v);
                    }
                }
            } else {
                best.clone_from_slice(col);
                *have = true;
            }
        };
        let mut pass_offered = false;
        for a in 0..self.counts.len() {
            let p = self.pattern(a);
            if self.counts[a] == 0 || p.known() == 0 {
                continue;
            }
            if p.known() >= 2 {
                self.take_column(self.succ.take_known(a), bound, col);
                offer(col);
            }
            if !pass_offered && self.other_known_exists(a) {
                pass_offered = true;
                let mut allowed = true;
                for (i, o) in pass.iter_mut().enumerate() {
                    match self.pass(diff(i), after_pass) {
                        Some(v) => *o = v,
                        None => allowed = false,
                    }
                }
                if allowed {
                    offer(pass);
                }
            }
        }
    }

    /// [`Node::unknown_first`] for the differences `-bound, -bound+2, ..., bound`.
    #[cfg(test)]
    pub(super) fn unknown_first_column(&self, bound: i64) -> Option<Vec<V>> {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        let mut total = vec![V::zero(); slots];
        let mut scratch = vec![V::zero(); self.unknown_first_room(slots)];
        self.unknown_first_into(bound, &mut total, &mut scratch)
            .then_some(total)
    }

    /// Patterns with an unknown card on the table.
    fn unknown_patterns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.counts.len()).filter(|&a| self.counts[a] > 0 && self.pattern(a).unknown > 0)
    }

    /// [`Self::unknown_patterns`] in an array, and how many (at most 20: eight cards a
    /// label), for the loops over pairs of them.
    pub(super) fn unknown_pattern_list(&self) -> ([usize; 32], usize) {
        let mut list = [0usize; 32];
        let mut u = 0;
        for (a, &count) in self.counts.iter().enumerate() {
            if count > 0 && self.pattern(a).unknown > 0 {
                list[u] = a;
                u += 1;
            }
        }
        (list, u)
    }

    /// Room [`Self::unknown_first_into`] needs in `scratch` for `slots` differences:
    /// three working columns and one per pair of patterns with unknown cards.
    pub(super) fn unknown_first_room(&self, slots: usize) -> usize {
        let u = self.unknown_patterns().count();
        (3 + u * (u + 1) / 2) * slots
    }

    /// [`Node::unknown_first`] for the differences `-bound, -bound+2, ..., bound` into
    /// `total`, if an unknown card is left (`scratch`: [`Self::unknown_first_room`]).
    ///
    /// Two unknown cards of labels in patterns `a` and `b` lead to the same card state
    /// whichever is turned first, so each such successor's column is read once, for
    /// the pair, and used for both first cards.
    pub(super) fn unknown_first_into(
        &self,
        bound: i64,
        total: &mut [V],
        scratch: &mut [V],
    ) -> bool {
        let unknown = self.unknown_cards();
        if unknown == 0 {
            return false;
        }
        let minimise = self.s.objective.minimises();
        let better = |v: &V, b: &V| if minimise { v < b } else { v > b };
        // The best second card so far, per difference (`Best` column by column: the
        // choices available do not depend on the difference).
        let offer = |best: &mut [V], have: &mut bool, col: &[V]| {
            if *have {
                for (b, v) in best.iter_mut().zip(col) {
                    if better(v, b) {
                        b.clone_from(v);
                    }
                }
            } else {
                best.clone_from_slice(col);
                *have = true;
            }
        };
        let slots = total.len();
        total.fill(V::zero());
        let (best, rest) = scratch.split_at_mut(slots);
        let (col, rest) = rest.split_at_mut(slots);
        let (sum, pairs) = rest.split_at_mut(slots);
        // The patterns with unknown cards, in order; the pair at places `i` and `j` of
        // this list has its successor's column at `pair(i, j)`.
        let (list, u) = self.unknown_pattern_list();
        let list = &list[..u];
        let pair = |i: usize, j: usize| {
            let (i, j) = if i <= j { (i, j) } else { (j, i) };
            (i * u - i * (i + 1) / 2 + j) * slots
        };
        if unknown >= 2 {
            for (i, &a) in list.iter().enumerate() {
                for (j, &b) in list.iter().enumerate().skip(i) {
                    if self.counts[b] > u64::from(a == b) {
                        let at = pair(i, j);
                        self.opp_column(
                            self.succ.reveal_two(a, b),
                            bound,
                            &mut pairs[at..at + slots],
                        );
                    }
                }
            }
        }
        for (i, &a) in list.iter().enumerate() {
            let p = self.pattern(a);
            let weight = self.counts[a] * u64::from(p.unknown);
            // As `second_revealed`: match, another known card, an unknown card.
            let mut have = false;
            if p.known() > 0 {
                self.take_column(self.succ.take_one_unknown(a), bound, col);
                offer(best, &mut have, col);
            }
            if self.other_known_exists(a) {
                self.opp_column(self.succ.after_reveal(a), bound, col);
                offer(best, &mut have, col);
            }
            if unknown >= 2 {
                let same = u64::from(p.unknown - 1);
                if same > 0 {
                    self.take_column(self.succ.take_two_unknown(a), bound, sum);
                    for s in sum.iter_mut() {
                        *s = s.times(same);
                    }
                } else {
                    sum.fill(V::zero());
                }
                for (j, &b) in list.iter().enumerate() {
                    let others = self.counts[b] - u64::from(a == b);
                    if others == 0 {
                        continue;
                    }
                    let k = others * u64::from(self.pattern(b).unknown);
                    let at = pair(i, j);
                    for (s, v) in sum.iter_mut().zip(&pairs[at..at + slots]) {
                        *s = s.plus(&v.times(k));
                    }
                }
                for (c, s) in col.iter_mut().zip(sum.iter()) {
                    *c = s.over(unknown - 1);
                }
                offer(best, &mut have, col);
            }
            assert!(have, "a second card exists");
            for (t, b) in total.iter_mut().zip(best.iter()) {
                *t = t.plus(&b.times(weight));
            }
        }
        for t in total.iter_mut() {
            *t = t.over(unknown);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use num_rational::BigRational;

    use super::*;
    use crate::rules::{Deck, PassRule, Variant};
    use crate::solver::Position;
    use crate::solver::search::State;

    /// The column of every solved card state against `Node::unknown_first`, difference
    /// by difference, bit for bit.
    fn same<V: Scalar + PartialEq>(variant: Variant, deck: &str, objective: Objective) {
        for rule in PassRule::ALL {
            let root = Position::start(&Deck::parse(deck).unwrap());
            let Ok(mut s) = Solver::<V>::with_variant(objective, rule, variant, &root, 1, 1e9)
            else {
                continue;
            };
            let state = State {
                position: root,
                diff: 1,
                after_pass: false,
                first: None,
            };
            s.value(&state).unwrap();
            let keys: Vec<u128> = s.index.keys().copied().collect();
            assert!(keys.len() > 20, "{deck}: too few card states to compare");
            for key in keys {
                let counts = s.unpack(key);
                let succ = s.successors(key, &counts);
                let bound = s.bound(s.pairs_of(&counts));
                let node = Node::new(&s, &counts, &succ, s.index[&key], false);
                let column = node.unknown_first_column(bound);
                for i in 0..=usize::try_from(bound).unwrap() {
                    let d = -bound + 2 * i64::try_from(i).unwrap();
                    let one = node.unknown_first(d);
                    assert!(
                        one == column.as_ref().map(|c| c[i].clone()),
                        "{deck} {rule} {key:x} d {d}: {one:?} vs {column:?}"
                    );
                }
                for after_pass in [false, true] {
                    let slots = usize::try_from(bound + 1).unwrap();
                    let (mut best, mut have) = match &column {
                        Some(c) => (c.clone(), true),
                        None => (vec![V::zero(); slots], false),
                    };
                    let mut scratch = vec![V::zero(); 2 * slots];
                    node.known_first_column(bound, after_pass, &mut best, &mut have, &mut scratch);
                    for (i, b) in best.iter().enumerate() {
                        let d = -bound + 2 * i64::try_from(i).unwrap();
                        let mut one = super::super::Best::new(objective);
                        if let Some(v) = node.unknown_first(d) {
                            one.offer(v);
                        }
                        node.known_first(d, after_pass, &mut |_, v| one.offer(v));
                        assert!(
                            one.value.as_ref() == have.then_some(b),
                            "{deck} {rule} {key:x} d {d} after pass {after_pass}: {:?} vs {b:?}",
                            one.value
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn columns_give_the_per_difference_values_bit_for_bit() {
        same::<f64>(Variant::Standard, "8x4", Objective::Win);
        same::<f64>(Variant::Standard, "12x2", Objective::Margin);
        same::<f64>(Variant::OneFlip, "7x4", Objective::Win);
        same::<f64>(Variant::OneFlip, "12x2", Objective::Margin);
        same::<f64>(Variant::Standard, "3x6", Objective::Win);
        same::<BigRational>(Variant::OneFlip, "4x4", Objective::Win);
    }
}
