//! The `win` values of one card state in `f64`: the inner loop of every solve the game
//! makes (the AI's, the hints', `solve`). It does what the generic columns
//! (`columns.rs`) do, the same operations in the same order, so the values are the same
//! bit for bit, without their per-column overhead: each card state also stores its
//! turn-start layer as the opponent sees it (`1 - v`, reversed), so a successor's column
//! is a run of stored values read in place whichever player moves there, and the
//! arithmetic runs over plain `f64` slices.
//!
//! Only `win` stores a column of differences per card state; under `margin` and
//! `moves` a card state has one value, and the generic code serves them.

use smallvec::{SmallVec, smallvec};
use wide::f64x4;

use super::node::Node;
use super::{Entry, Link, Solver, TERMINAL};
use crate::rules::PassRule;
use crate::solver::scalar::Scalar;

/// Working columns are padded to a multiple of `LANES` values, so that every loop over
/// them runs over whole chunks: no remainder, and the compiler keeps each chunk in
/// vector registers. The padding's values are never read back: each difference is
/// worked out on its own, so whatever the padding holds stays in the padding.
pub(super) const LANES: usize = 4;

/// A chunk of `LANES` differences.
type Lanes = [f64; LANES];

/// The room a column of `slots` differences takes, padded.
#[inline]
pub(super) fn padded(slots: usize) -> usize {
    slots.next_multiple_of(LANES)
}

#[inline]
fn lanes(col: &[f64]) -> &[Lanes] {
    let (chunks, rest) = col.as_chunks();
    debug_assert!(rest.is_empty(), "a padded column");
    chunks
}

#[inline]
fn lanes_mut(col: &mut [f64]) -> &mut [Lanes] {
    let (chunks, rest) = col.as_chunks_mut();
    debug_assert!(rest.is_empty(), "a padded column");
    chunks
}

// The arithmetic on chunks, in explicit vector registers (left to itself the compiler
// vectorizes across chunks instead, with checks and shuffles that cost more than the
// arithmetic on columns this short). Lane by lane, each is the scalar expression in
// its comment, so the values are the same bit for bit.

/// `out = v * k`.
#[inline]
fn scaled(out: &mut Lanes, v: &Lanes, k: f64) {
    *out = (f64x4::from(*v) * f64x4::splat(k)).to_array();
}

/// `out += v * k`.
#[inline]
fn add_scaled(out: &mut Lanes, v: &Lanes, k: f64) {
    *out = (f64x4::from(*out) + f64x4::from(*v) * f64x4::splat(k)).to_array();
}

/// The larger of `a` and `b`, or `a` if neither is (`if b > a { b } else { a }`: no
/// value here is a NaN).
#[inline]
fn larger(a: f64x4, b: f64x4) -> f64x4 {
    b.fast_max(a)
}

/// `out += weight * max(take, opp, sum / others)` (compared in this order, a tie
/// keeping the first).
#[inline]
fn add_best_of_three(
    out: &mut Lanes,
    take: &Lanes,
    opp: &Lanes,
    sum: &Lanes,
    others: f64,
    weight: f64,
) {
    let best = larger(f64x4::from(*take), f64x4::from(*opp));
    let best = larger(best, f64x4::from(*sum) / f64x4::splat(others));
    *out = (f64x4::from(*out) + best * f64x4::splat(weight)).to_array();
}

/// `out += weight * max(take, opp)` (a tie keeping `take`).
#[inline]
fn add_best_of_two(out: &mut Lanes, take: &Lanes, opp: &Lanes, weight: f64) {
    let best = larger(f64x4::from(*take), f64x4::from(*opp));
    *out = (f64x4::from(*out) + best * f64x4::splat(weight)).to_array();
}

/// The best of the columns offered, difference by difference (the largest; a tie keeps
/// the first, as [`super::Best`] does).
fn offer(best: &mut [f64], have: &mut bool, col: &[f64]) {
    if *have {
        for (b, v) in best.iter_mut().zip(col) {
            if v > b {
                *b = *v;
            }
        }
    } else {
        best.copy_from_slice(col);
        *have = true;
    }
}

impl<V: Scalar> Solver<V> {
    /// The values of a card state under `win` in `f64` (as the generic
    /// [`Self::card_state_values_into`]: the turn-start layer, then the after-pass one,
    /// then the turn-start layer's mirror) into `values`, with `scratch` for working
    /// columns (room: two [`padded`] columns more than [`Node::unknown_first_room`] of
    /// padded columns, and at least five).
    pub(super) fn win_values_f64(
        &self,
        node: Node<'_, V>,
        bound: i64,
        values: &mut [V],
        scratch: &mut [f64],
    ) {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        let width = padded(slots);
        // Turning an unknown card first, or a known pair, is never a pass: their best is
        // the same in both layers, which differ only in the pass. (The best of the same
        // offers in another order is the same value: a maximum, of numbers in [0, 1].)
        let (first, scratch) = scratch.split_at_mut(width);
        let mut have = self.unknown_first_f64(&node, bound, slots, first, scratch);
        let (col, _) = scratch.split_at_mut(width);
        self.known_pairs_f64(&node, bound, slots, first, &mut have, col);
        let first = &first[..slots];
        let (col, _) = scratch.split_at_mut(slots);
        let (values, mirror) = values.split_at_mut(slots * self.layers);
        self.fill_layers(node, bound, values, |node, after_pass, out| {
            let out = V::as_f64s_mut(out).expect("f64 values");
            // A pass is turning a known card of another label second, after a known
            // first card: there for every first card or none.
            let pass = node.known_labels >= 2 && self.pass_f64(node, bound, after_pass, col);
            match (have, pass) {
                (true, true) => {
                    // As `offer`, the pass offered after the other actions.
                    for ((o, &f), &p) in out.iter_mut().zip(first).zip(&*col) {
                        *o = if p > f { p } else { f };
                    }
                }
                (true, false) => out.copy_from_slice(first),
                (false, true) => out.copy_from_slice(col),
                (false, false) => panic!("a legal action always exists"),
            }
        });
        // The turn-start layer as the opponent sees it, for the card states above.
        let start = V::as_f64s(&values[..slots]).expect("f64 values");
        let mirror = V::as_f64s_mut(mirror).expect("f64 values");
        for (m, v) in mirror.iter_mut().zip(start.iter().rev()) {
            *m = 1.0 - v;
        }
    }

    /// The value of the card state `link` stands for at the turn start to the mover
    /// there, at the differences `d0, d0 + 2, ...`, or if `AGAINST` to the other player,
    /// at the mover's differences `d0, d0 - 2, ...` (the mover there is the opponent:
    /// `1 - v`), `slots` of them and `room.len()` values in all (the padding: anything):
    /// [`Self::read_column`], then [`Node::against`] if `AGAINST`. Usually a run of the
    /// stored turn-start layer or of its mirror, read in place; else worked out into
    /// `room`.
    #[inline]
    fn column<'a, const AGAINST: bool>(
        &'a self,
        link: Link,
        d0: i64,
        slots: usize,
        room: &'a mut [f64],
    ) -> &'a [f64] {
        // Under `win` a harmless take on the way shifts the difference by one.
        let d = d0 + i64::from(link.takes);
        if link.entry != TERMINAL {
            let e = self.entries[link.entry as usize];
            debug_assert!(!e.pruned, "a successor is solved whole");
            let pairs = e.pairs();
            // a column is a few hundred values at most
            let d_last = if AGAINST {
                d - 2 * (slots as i64 - 1)
            } else {
                d + 2 * (slots as i64 - 1)
            };
            if d.abs() <= pairs && d_last.abs() <= pairs {
                // Every difference is stored: a run of the layer or of its mirror, and
                // the padding whatever values follow it, if the store goes on that far.
                // |d| <= bound
                let i = self.place::<AGAINST>(e, d) as usize;
                let stored = V::as_f64s(&self.values[e.segment as usize]).expect("f64 values");
                if let Some(run) = stored.get(i..i + room.len()) {
                    return run;
                }
            }
        }
        self.column_beyond::<AGAINST>(link.entry, d, slots, room);
        room
    }

    /// [`Self::column`] where the game is over or some differences are beyond the pairs
    /// left (or the store ends before the padding), into `room`.
    #[inline(never)]
    fn column_beyond<const AGAINST: bool>(
        &self,
        entry: u32,
        d: i64,
        slots: usize,
        room: &mut [f64],
    ) {
        if entry != TERMINAL && self.pass_rule != PassRule::Withdraw {
            let e = self.entries[entry as usize];
            let pairs = e.pairs();
            // a column is a few hundred values at most
            let (slots_i, width) = (slots as i64, room.len() as i64);
            // The place in the store of the first difference, as if it were stored, and
            // how far it is from the pairs left towards the end where the run starts
            // (up from `d`, or, `AGAINST`, down).
            let from = self.place::<AGAINST>(e, d);
            let ahead = if AGAINST { d } else { -d };
            // The places whose differences are within the pairs left, and so stored.
            let first_inside = ((ahead - pairs + 1) >> 1).clamp(0, slots_i);
            let end_inside = (((ahead + pairs) >> 1) + 1).clamp(first_inside, slots_i);
            let stored = V::as_f64s(&self.values[e.segment as usize]).expect("f64 values");
            if from >= 0
                && let Some(run) = stored.get(from as usize..(from + width) as usize)
            {
                // Past the pairs left the game is decided: the differences before the
                // stored ones are lost to the mover here, those after them won.
                room.copy_from_slice(run);
                room[..first_inside as usize].fill(0.0);
                room[end_inside as usize..slots].fill(1.0);
                return;
            }
        }
        self.column_decided::<AGAINST>(entry, d, slots, room);
    }

    /// Where difference `d` of the turn-start layer of `e` is in its segment of the
    /// store, as if it were stored (before the layer or past it if not): or, if
    /// `AGAINST`, where it is in the layer's mirror (`mirror[j]` is `1 - v` at
    /// difference `bound - 2 * j`).
    #[inline(always)]
    fn place<const AGAINST: bool>(&self, e: Entry, d: i64) -> i64 {
        let bound = e.bound();
        // the store is far below 2^63 values
        if AGAINST {
            (e.offset() + self.layers * e.slots()) as i64 + ((bound - d) >> 1)
        } else {
            e.offset() as i64 + ((d + bound) >> 1)
        }
    }

    /// [`Self::column_beyond`] one difference at a time: where the game is over, or
    /// under `withdraw`, where a lead beyond the pairs left reads as the one stored
    /// (as [`Self::stored`]).
    #[cold]
    #[inline(never)]
    fn column_decided<const AGAINST: bool>(
        &self,
        entry: u32,
        d: i64,
        slots: usize,
        room: &mut [f64],
    ) {
        let (room, padding) = room.split_at_mut(slots);
        padding.fill(0.0);
        let step = if AGAINST { -2 } else { 2 };
        let seen = |v: f64| if AGAINST { 1.0 - v } else { v };
        let mut d = d;
        if entry == TERMINAL {
            for o in room.iter_mut() {
                *o = seen(self.final_value(d).to_f64());
                d += step;
            }
            return;
        }
        let e = self.entries[entry as usize];
        let (pairs, bound) = (e.pairs(), e.bound());
        let stored = V::as_f64s(&self.values[e.segment as usize]).expect("f64 values");
        let layer = &stored[e.offset()..e.offset() + e.slots()];
        // |d| <= bound
        let at = |d: i64| ((d + bound) >> 1) as usize;
        // What a lead (`d > 0`) or a deficit beyond the pairs left is worth.
        let beyond = |d: i64| match self.lead_beyond(pairs) {
            None => f64::from(u8::from(d > 0)),
            Some(lead) => layer[at(lead * d.signum())],
        };
        for o in room.iter_mut() {
            let v = if d.abs() > pairs {
                beyond(d)
            } else {
                layer[at(d)]
            };
            *o = seen(v);
            d += step;
        }
    }

    /// [`Node::take`] for the differences `-bound, -bound+2, ...`: the mover moves
    /// again with one pair more, or under One Flip the opponent moves.
    #[inline(always)]
    fn take_column<'a>(
        &'a self,
        link: Link,
        bound: i64,
        slots: usize,
        room: &'a mut [f64],
    ) -> &'a [f64] {
        if self.one_flip {
            self.column::<true>(link, bound - 1, slots, room)
        } else {
            self.column::<false>(link, -bound + 1, slots, room)
        }
    }

    /// [`Node::opp`] (not after a pass) for the differences `-bound, -bound+2, ...`.
    fn opp_column<'a>(
        &'a self,
        link: Link,
        bound: i64,
        slots: usize,
        room: &'a mut [f64],
    ) -> &'a [f64] {
        self.column::<true>(link, bound, slots, room)
    }

    /// As [`Node::unknown_first_into`], in `f64`, into `total`, a [`padded`] column of
    /// `slots` differences (`scratch`: room for [`Node::unknown_first_room`] and one
    /// more column, padded, and at least four). Each first card's second cards are
    /// weighed in one pass over the differences.
    fn unknown_first_f64(
        &self,
        node: &Node<'_, V>,
        bound: i64,
        slots: usize,
        total: &mut [f64],
        scratch: &mut [f64],
    ) -> bool {
        let unknown = node.unknown_cards();
        if unknown == 0 {
            return false;
        }
        let width = total.len();
        total.fill(0.0);
        // No such second card: offering it changes nothing, as anything beats it.
        let (missing, rest) = scratch.split_at_mut(width);
        missing.fill(f64::NEG_INFINITY);
        let missing = &*missing;
        let (sum, rest) = rest.split_at_mut(width);
        let (take_room, rest) = rest.split_at_mut(width);
        let (opp_room, rest) = rest.split_at_mut(width);
        let mut rooms = rest.chunks_exact_mut(width);
        // The patterns with unknown cards, in order.
        let (list, u) = node.unknown_pattern_list();
        let list = &list[..u];
        let (counts, succ) = (node.counts, node.succ);
        // The successor after one card of each of the patterns at places `i` and `j` of
        // the list is at `pairs[i * u + j]` (and `[j * u + i]`): read once for both.
        let mut room_for_pairs: SmallVec<[&[f64]; 36]> = smallvec![&[][..]; u * u];
        let pairs = &mut room_for_pairs[..];
        if unknown >= 2 {
            for (i, &a) in list.iter().enumerate() {
                for (j, &b) in list.iter().enumerate().skip(i) {
                    if counts[b] > u64::from(a == b) {
                        let room = rooms.next().expect("a column of room per pair");
                        let column = self.opp_column(succ.reveal_two(a, b), bound, slots, room);
                        pairs[i * u + j] = column;
                        pairs[j * u + i] = column;
                    }
                }
            }
        }
        // Through `i64`: one instruction instead of several, and the same value (counts
        // of cards are far below 2^53).
        let real = |k: u64| k as i64 as f64;
        let others = real(unknown - 1);
        let sum = lanes_mut(sum);
        // The labels in each pattern of the list, and the unknown cards of each label.
        let (mut labels, mut unknowns) = ([0; 32], [0; 32]);
        for (j, &b) in list.iter().enumerate() {
            labels[j] = counts[b];
            unknowns[j] = u64::from(node.pattern(b).unknown);
        }
        let (labels, unknowns) = (&labels[..u], &unknowns[..u]);
        for (i, &a) in list.iter().enumerate() {
            let p = node.pattern(a);
            let other_known = node.other_known_exists(a);
            assert!(
                p.known() > 0 || other_known || unknown >= 2,
                "a second card exists"
            );
            // The unknown second card: the average of its pair taken (`same` unknown
            // cards of its label) and of the successors after two cards turned.
            if unknown >= 2 {
                let same = u64::from(p.unknown - 1);
                if same > 0 {
                    let take = self.take_column(succ.take_two_unknown(a), bound, slots, take_room);
                    let same = real(same);
                    for (s, v) in sum.iter_mut().zip(lanes(take)) {
                        scaled(s, v, same);
                    }
                } else {
                    sum.fill([0.0; LANES]);
                }
                let row = &pairs[i * u..(i + 1) * u];
                let seconds = labels.iter().zip(unknowns).zip(row).enumerate();
                for (j, ((&in_pattern, &unknown_of_label), column)) in seconds {
                    let others = in_pattern - u64::from(i == j);
                    if others == 0 {
                        continue;
                    }
                    let k = real(others * unknown_of_label);
                    for (s, v) in sum.iter_mut().zip(lanes(column)) {
                        add_scaled(s, v, k);
                    }
                }
            }
            // As `second_revealed`, offered in its order: the match, another known card,
            // an unknown card; the best, times the first cards of this pattern.
            let take = if p.known() > 0 {
                self.take_column(succ.take_one_unknown(a), bound, slots, take_room)
            } else {
                missing
            };
            let opp = if other_known {
                self.opp_column(succ.after_reveal(a), bound, slots, opp_room)
            } else {
                missing
            };
            let weight = real(counts[a] * u64::from(p.unknown));
            let seconds = lanes_mut(total)
                .iter_mut()
                .zip(lanes(take))
                .zip(lanes(opp))
                .zip(sum.iter());
            if unknown >= 2 {
                for (((t, take), opp), sum) in seconds {
                    add_best_of_three(t, take, opp, sum, others, weight);
                }
            } else {
                for (((t, take), opp), _) in seconds {
                    add_best_of_two(t, take, opp, weight);
                }
            }
        }
        let unknown = real(unknown);
        for t in lanes_mut(total) {
            for v in t {
                *v /= unknown;
            }
        }
        true
    }

    /// Every known pair taken (a known first card, then its match), offered into `best`
    /// (a [`padded`] column of `slots` differences).
    fn known_pairs_f64(
        &self,
        node: &Node<'_, V>,
        bound: i64,
        slots: usize,
        best: &mut [f64],
        have: &mut bool,
        col: &mut [f64],
    ) {
        for &a in &self.table.known_pair {
            if node.counts[a] > 0 {
                let take = self.take_column(node.succ.take_known(a), bound, slots, col);
                offer(best, have, take);
            }
        }
    }

    /// [`Node::pass`] for the differences `-bound, -bound+2, ..., bound` into `out`, if
    /// the pass rule allows a pass here.
    fn pass_f64(&self, node: &Node<'_, V>, bound: i64, after_pass: bool, out: &mut [f64]) -> bool {
        match (self.pass_rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => return false,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => {
                let mut d = -bound;
                for o in out.iter_mut() {
                    *o = self.final_value(d).to_f64();
                    d += 2;
                }
            }
            (PassRule::Withdraw, _) => out.fill(V::ratio(1, 2).to_f64()),
            (PassRule::Agreed | PassRule::Ko, false) => {
                // The opponent moves in this card state after the pass: its after-pass
                // layer, at the opponent's differences `bound, bound-2, ...`.
                let (layer, own) = node.own_after_pass.expect("the after-pass layer first");
                debug_assert_eq!(own, bound, "the same card state");
                let layer = V::as_f64s(layer).expect("f64 values");
                for (o, v) in out.iter_mut().zip(layer.iter().rev()) {
                    *o = 1.0 - v;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deck, Objective, Variant};
    use crate::solver::Position;
    use crate::solver::search::NONE;
    use crate::solver::search::State;

    /// Every card state of a solve valued by the kernel and by the generic columns, bit
    /// for bit, under every pass rule.
    fn same(variant: Variant, deck: &str) {
        for rule in PassRule::ALL {
            let root = Position::start(&Deck::parse(deck).unwrap());
            let Ok(mut s) =
                Solver::<f64>::with_variant(Objective::Win, rule, variant, &root, 1, 1e9)
            else {
                continue;
            };
            s.value(&State {
                position: root,
                diff: 1,
                after_pass: false,
                first: None,
            })
            .unwrap();
            let keys: Vec<u128> = s.index.keys().copied().collect();
            assert!(keys.len() > 20, "{deck}: too few card states to compare");
            let (mut fast, mut generic, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
            for key in keys {
                let counts = s.unpack(key);
                if s.harmless_take(&counts).is_some() {
                    continue;
                }
                let succ = s.successors(key, &counts);
                let bound = s.bound(s.pairs_of(&counts));
                s.card_state_values_into(&counts, &succ, bound, &mut fast, &mut scratch);
                let node = Node::new(&s, &counts, &succ, NONE, false);
                let slots = usize::try_from(bound + 1).unwrap();
                generic.resize(slots * s.layers, 0.0);
                let mut room = vec![0.0; 4 * slots + node.unknown_first_room(slots)];
                s.values_by_columns(node, bound, &mut generic, &mut room);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(fast.len(), generic.len() + generic.len() / s.layers);
                assert_eq!(
                    bits(&fast[..generic.len()]),
                    bits(&generic),
                    "{variant:?} {deck} {rule} {key:x}: {fast:?} vs {generic:?}"
                );
            }
        }
    }

    #[test]
    fn the_kernel_gives_the_generic_values_bit_for_bit() {
        same(Variant::Standard, "9x4");
        same(Variant::Standard, "14x2");
        same(Variant::Standard, "4x6");
        same(Variant::OneFlip, "6x4");
        same(Variant::OneFlip, "12x2");
    }
}
