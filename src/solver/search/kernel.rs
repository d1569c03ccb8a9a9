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

use super::node::Node;
use super::{Link, Solver, TERMINAL};
use crate::rules::PassRule;
use crate::solver::scalar::Scalar;

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
    /// columns (room: two columns more than [`Node::unknown_first_room`], and at least
    /// five).
    pub(super) fn win_values_f64(
        &self,
        node: Node<'_, V>,
        bound: i64,
        values: &mut [V],
        scratch: &mut [f64],
    ) {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        // Turning an unknown card first, or a known pair, is never a pass: their best is
        // the same in both layers, which differ only in the pass. (The best of the same
        // offers in another order is the same value: a maximum, of numbers in [0, 1].)
        let (first, scratch) = scratch.split_at_mut(slots);
        let mut have = self.unknown_first_f64(&node, bound, first, scratch);
        let (col, _) = scratch.split_at_mut(slots);
        self.known_pairs_f64(&node, bound, first, &mut have, col);
        let (col, _) = scratch.split_at_mut(slots);
        let (values, mirror) = values.split_at_mut(slots * self.layers);
        self.fill_layers(node, bound, values, |node, after_pass, out| {
            let out = V::as_f64s_mut(out).expect("f64 values");
            if have {
                out.copy_from_slice(first);
            }
            let mut have = have;
            // A pass is turning a known card of another label second, after a known
            // first card: there for every first card or none.
            if node.known_labels >= 2 && self.pass_f64(node, bound, after_pass, col) {
                offer(out, &mut have, col);
            }
            assert!(have, "a legal action always exists");
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
    /// `1 - v`), as many as `room` holds: [`Self::read_column`], then [`Node::against`]
    /// if `AGAINST`. Usually a run of the stored turn-start layer or of its mirror, read
    /// in place; else worked out into `room`.
    #[inline]
    fn column<'a, const AGAINST: bool>(
        &'a self,
        link: Link,
        d0: i64,
        room: &'a mut [f64],
    ) -> &'a [f64] {
        // Under `win` a harmless take on the way shifts the difference by one.
        let d = d0 + i64::from(link.takes);
        if link.entry != TERMINAL {
            let e = self.entries[link.entry as usize];
            debug_assert!(!e.pruned, "a successor is solved whole");
            let (pairs, bound, n) = (e.pairs(), e.bound(), room.len());
            #[allow(clippy::cast_possible_wrap)] // a column is a few hundred values at most
            let d_last = if AGAINST {
                d - 2 * (n as i64 - 1)
            } else {
                d + 2 * (n as i64 - 1)
            };
            if d.abs() <= pairs && d_last.abs() <= pairs {
                // Every difference is stored: a run of the layer or of its mirror
                // (`mirror[j]` is `1 - v` at difference `bound - 2 * j`).
                #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // |d| <= bound
                let i = if AGAINST {
                    e.offset() + self.layers * e.slots() + ((bound - d) >> 1) as usize
                } else {
                    e.offset() + ((d + bound) >> 1) as usize
                };
                let stored = V::as_f64s(&self.values[e.segment as usize]).expect("f64 values");
                return &stored[i..i + n];
            }
        }
        self.column_beyond::<AGAINST>(link.entry, d, room);
        room
    }

    /// [`Self::column`] where the game is over or some differences are beyond the pairs
    /// left: decided, or under `withdraw` read as the one stored lead beyond them (as
    /// [`Self::stored`]), one at a time.
    #[cold]
    #[inline(never)]
    fn column_beyond<const AGAINST: bool>(&self, entry: u32, d: i64, room: &mut [f64]) {
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
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // |d| <= bound
        let at = |d: i64| ((d + bound) >> 1) as usize;
        // What a lead (`ahead`) or a deficit (`behind`) beyond the pairs left is worth.
        let (ahead, behind) = match self.lead_beyond(pairs) {
            None => (1.0, 0.0),
            Some(lead) => (layer[at(lead)], layer[at(-lead)]),
        };
        for o in room.iter_mut() {
            let v = if d > pairs {
                ahead
            } else if d < -pairs {
                behind
            } else {
                layer[at(d)]
            };
            *o = seen(v);
            d += step;
        }
    }

    /// [`Node::take`] for the differences `-bound, -bound+2, ...`: the mover moves
    /// again with one pair more, or under One Flip the opponent moves.
    fn take_column<'a>(&'a self, link: Link, bound: i64, room: &'a mut [f64]) -> &'a [f64] {
        if self.one_flip {
            self.column::<true>(link, bound - 1, room)
        } else {
            self.column::<false>(link, -bound + 1, room)
        }
    }

    /// [`Node::opp`] (not after a pass) for the differences `-bound, -bound+2, ...`.
    fn opp_column<'a>(&'a self, link: Link, bound: i64, room: &'a mut [f64]) -> &'a [f64] {
        self.column::<true>(link, bound, room)
    }

    /// As [`Node::unknown_first_into`], in `f64`, into `total` (`scratch`: room for
    /// [`Node::unknown_first_room`] and one more column, and at least four). Each first card's second
    /// cards are weighed in one pass over the differences.
    fn unknown_first_f64(
        &self,
        node: &Node<'_, V>,
        bound: i64,
        total: &mut [f64],
        scratch: &mut [f64],
    ) -> bool {
        let unknown = node.unknown_cards();
        if unknown == 0 {
            return false;
        }
        let slots = total.len();
        total.fill(0.0);
        // No such second card: offering it changes nothing, as anything beats it.
        let (missing, rest) = scratch.split_at_mut(slots);
        missing.fill(f64::NEG_INFINITY);
        let missing = &*missing;
        let (sum, rest) = rest.split_at_mut(slots);
        let (take_room, rest) = rest.split_at_mut(slots);
        let (opp_room, rest) = rest.split_at_mut(slots);
        let mut rooms = rest.chunks_exact_mut(slots);
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
                        let column = self.opp_column(succ.reveal_two(a, b), bound, room);
                        pairs[i * u + j] = column;
                        pairs[j * u + i] = column;
                    }
                }
            }
        }
        // Through `i64`: one instruction instead of several, and the same value (counts
        // of cards are far below 2^53).
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_wrap)]
        let real = |k: u64| k as i64 as f64;
        let others = real(unknown - 1);
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
                    let take = self.take_column(succ.take_two_unknown(a), bound, take_room);
                    let same = real(same);
                    for (s, v) in sum.iter_mut().zip(take) {
                        *s = v * same;
                    }
                } else {
                    sum.fill(0.0);
                }
                for (j, &b) in list.iter().enumerate() {
                    let others = counts[b] - u64::from(a == b);
                    if others == 0 {
                        continue;
                    }
                    let k = real(others * u64::from(node.pattern(b).unknown));
                    for (s, v) in sum.iter_mut().zip(pairs[i * u + j]) {
                        *s += v * k;
                    }
                }
            }
            // As `second_revealed`, offered in its order: the match, another known card,
            // an unknown card; the best, times the first cards of this pattern.
            let take = if p.known() > 0 {
                self.take_column(succ.take_one_unknown(a), bound, take_room)
            } else {
                missing
            };
            let opp = if other_known {
                self.opp_column(succ.after_reveal(a), bound, opp_room)
            } else {
                missing
            };
            let weight = real(counts[a] * u64::from(p.unknown));
            let seconds = total.iter_mut().zip(take).zip(opp).zip(sum.iter());
            if unknown >= 2 {
                for (((t, &take), &opp), &sum) in seconds {
                    let mut best = take;
                    if opp > best {
                        best = opp;
                    }
                    let average = sum / others;
                    if average > best {
                        best = average;
                    }
                    *t += best * weight;
                }
            } else {
                for (((t, &take), &opp), _) in seconds {
                    let best = if opp > take { opp } else { take };
                    *t += best * weight;
                }
            }
        }
        let unknown = real(unknown);
        for t in total.iter_mut() {
            *t /= unknown;
        }
        true
    }

    /// Every known pair taken (a known first card, then its match), offered into `best`.
    fn known_pairs_f64(
        &self,
        node: &Node<'_, V>,
        bound: i64,
        best: &mut [f64],
        have: &mut bool,
        col: &mut [f64],
    ) {
        for (a, &count) in node.counts.iter().enumerate() {
            if count > 0 && node.pattern(a).known() >= 2 {
                let take = self.take_column(node.succ.take_known(a), bound, col);
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
