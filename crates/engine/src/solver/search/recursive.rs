//! The recursive solve: a card state not solved yet, its successors resolved (solving
//! them first), its values column by column, and the after-pass layer completed later for
//! a card state first solved by its harmless take.

use super::tables::Unsolved;
use super::takes::Link;
use super::{Best, Entry, MovesShortcut, NONE, Node, Solver, Successors, kernel};
use crate::solver::scalar::Scalar;

impl<V: Scalar> Solver<V> {
    /// Solves a card state not solved yet and everything below it (its dense number
    /// given if known); returns its entry. Apart from [`Self::ensure`]: most successors
    /// are solved already, and the lookup should not pay for this one's frame.
    #[inline(never)]
    pub(super) fn solve(&mut self, key: u128, number: Option<usize>) -> u32 {
        if let Some(MovesShortcut(oracle)) = &self.moves {
            // Patterns of a pairs deck, in order: 2.2, 2.1, 2.0.
            let counts = self.unpack(key);
            let (unknown_pairs, singles, known_pairs) = (counts[0], counts[1], counts[2]);
            let value = V::ratio(i64::try_from(known_pairs).expect("fits"), 1)
                .plus(&oracle.expected_moves(unknown_pairs + singles, singles));
            let pairs = i64::try_from(unknown_pairs + singles + known_pairs).expect("fits");
            return self.push_entry(key, number, pairs, 0, false, &[value]);
        }
        let counts = self.unpack(key);
        let pairs = self.pairs_of(&counts);
        let bound = self.bound(pairs);
        // Only a card state asked about directly holds harmless labels: the key tells.
        let harmless = if key & self.harmless_fields == 0 {
            None
        } else {
            self.harmless_take(&counts)
        };
        // The buffers are taken once what this card state reads is solved: the card
        // states solved for it use them first.
        let mut values;
        let pruned = if let Some(a) = harmless {
            // Asked about directly (the solve itself never stores such a state).
            let taken = self.after_take(self.moved(key, a, self.table.take_known[a]));
            values = std::mem::take(&mut self.spare.values);
            self.taken_values_into(taken, bound, &mut values);
            true
        } else {
            let succ = self.successors(key, &counts);
            values = std::mem::take(&mut self.spare.values);
            let mut scratch = std::mem::take(&mut self.spare.scratch);
            self.card_state_values_into(&counts, &succ, bound, &mut values, &mut scratch);
            self.spare.scratch = scratch;
            self.recycle(succ);
            false
        };
        let id = self.push_entry(key, number, pairs, bound, pruned, &values);
        values.clear();
        self.spare.values = values;
        self.report_progress();
        id
    }

    /// The values of a card state (differences `-bound..=bound` step 2, the turn-start
    /// layer then the after-pass layer), its successors solved, into `values` (cleared
    /// first), with `scratch` for working columns (buffers reused from one card state to
    /// the next).
    pub(super) fn card_state_values_into(
        &self,
        counts: &[u64],
        succ: &Successors,
        bound: i64,
        values: &mut Vec<V>,
        scratch: &mut Vec<V>,
    ) {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        let node = Node::new(self, counts, succ, NONE, false);
        // Every value and working column is written before it is read: the room only
        // grows, and is not cleared (clearing it cost as much as a tenth of the solve).
        // The `f64` kernel pads its working columns (see `kernel::LANES`).
        let width = if self.mirrored {
            kernel::padded(slots)
        } else {
            slots
        };
        let room = 2 * width + node.unknown_first_room(width).max(3 * width);
        if scratch.len() < room {
            scratch.resize(room, V::zero());
        }
        values.resize(slots * self.stored_layers(), V::zero());
        if self.mirrored {
            let scratch = V::as_f64s_mut(&mut scratch[..room]).expect("f64 values");
            self.win_values_f64(node, bound, values, scratch);
        } else {
            self.values_by_columns(node, bound, values, &mut scratch[..room]);
        }
    }

    /// [`Self::card_state_values_into`] for any objective and number type, column by
    /// column (`scratch`: room for [`Node::unknown_first_room`] and one more column, and
    /// at least three).
    pub(super) fn values_by_columns(
        &self,
        node: Node<'_, V>,
        bound: i64,
        values: &mut [V],
        scratch: &mut [V],
    ) {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        // Turning an unknown card first is never a pass, so its value does not depend on
        // the after-pass flag: computed once for both layers.
        let (unknown_first, scratch) = scratch.split_at_mut(slots);
        let has_unknown = node.unknown_first_into(bound, unknown_first, scratch);
        self.fill_layers(node, bound, values, |node, after_pass, out| {
            if has_unknown {
                out.clone_from_slice(unknown_first);
            }
            let mut have = has_unknown;
            node.known_first_column(bound, after_pass, out, &mut have, scratch);
            assert!(have, "a legal action always exists");
        });
    }

    /// Writes a card state's layers into `values` (the turn-start layer, then the
    /// after-pass one where the pass rule has one), each by `layer(node, after_pass,
    /// out)`: the after-pass layer first, as passing at the turn start leads into it.
    pub(super) fn fill_layers(
        &self,
        node: Node<'_, V>,
        bound: i64,
        values: &mut [V],
        mut layer: impl FnMut(&Node<'_, V>, bool, &mut [V]),
    ) {
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        if self.layers == 1 {
            layer(&node, false, &mut values[..slots]);
            return;
        }
        let (start, after_pass) = values[..2 * slots].split_at_mut(slots);
        layer(&node, true, after_pass);
        layer(&node.with_own_after_pass(after_pass, bound), false, start);
    }

    /// Solves the after-pass layer of a card state solved by [`Self::taken_values`]
    /// (its successors `succ` resolved), so that every action there can be valued.
    pub(super) fn complete(&mut self, id: u32, key: u128, succ: &Successors) {
        let e = self.entries[id as usize];
        if !e.pruned {
            return;
        }
        if self.layers == 2 {
            let counts = self.unpack(key);
            let node = Node::new(self, &counts, succ, id, false);
            let solved: Vec<V> = (0..e.slots())
                .map(|i| {
                    let d = -e.bound() + 2 * i64::try_from(i).expect("fits");
                    let mut best = Best::new(self.objective);
                    node.turn_start(d, true, &mut |_, v| best.offer(v));
                    best.value.expect("a legal action always exists")
                })
                .collect();
            // Both layers again, side by side at the end of the first segment, where the
            // entry now points (the turn-start layer's old place is left unused).
            let start = e.offset();
            let mut both = self.values[e.segment as usize][start..start + e.slots()].to_vec();
            both.extend(solved);
            let offset = self.append(&both);
            self.stored_values += e.slots();
            self.entries[id as usize] = Entry::new(0, offset, e.pairs(), e.bound(), false);
        }
        self.entries[id as usize].pruned = false;
    }

    /// Resolves (solving where needed) every successor card state of `key`.
    pub(super) fn successors(&mut self, key: u128, counts: &[u64]) -> Successors {
        let ids = self.spare.ids.pop().unwrap_or_default();
        let mut s = Successors::reusing(counts.len(), ids);
        // Only a card state asked about directly can hold harmless labels of its own.
        let tidy = key & !self.canonical_fields() != 0;
        let numbered = match &self.dense {
            Some(dense) if !tidy => dense.near(key, counts, &mut self.spare.near),
            _ => false,
        };
        if numbered {
            // Successors numbered from this card state's dense number: no key ranked
            // or hashed (the solve's common case). Those solved already, nearly all,
            // are linked first, in a pass that solves nothing; then the others are
            // solved, each looked up again (solving one may solve another).
            let first = self.spare.unsolved.len();
            {
                let Self {
                    dense,
                    spare,
                    steps,
                    ..
                } = &mut *self;
                let dense = dense.as_ref().expect("numbered");
                let (near, unsolved) = (&spare.near, &mut spare.unsolved);
                steps.each(key, counts, &mut |next| {
                    let number = near.number(next.renumber);
                    let entry = dense.at_or_none(number);
                    if entry == NONE {
                        unsolved.push(Unsolved {
                            key: next.key,
                            number,
                            slot: next.slot,
                            mirror: next.mirror,
                        });
                    }
                    let link = Link {
                        entry,
                        takes: next.takes,
                    };
                    s.ids[next.slot] = link;
                    s.ids[next.mirror] = link;
                });
            }
            for i in first..self.spare.unsolved.len() {
                let next = self.spare.unsolved[i];
                let dense = self.dense.as_ref().expect("numbered");
                let entry = match dense.at(next.number) {
                    Some(id) => id,
                    None => self.solve(next.key, Some(next.number)),
                };
                s.ids[next.slot].entry = entry;
                s.ids[next.mirror].entry = entry;
            }
            self.spare.unsolved.truncate(first);
        } else {
            let steps = std::sync::Arc::clone(&self.steps);
            steps.each(key, counts, &mut |next| {
                let (k, more) = if tidy {
                    self.after_harmless_takes(next.key)
                } else {
                    (next.key, 0)
                };
                let link = Link {
                    entry: self.ensure(k),
                    takes: next.takes + more,
                };
                s.ids[next.slot] = link;
                s.ids[next.mirror] = link;
            });
        }
        s
    }

    /// Gives a successor table's room back for the next card state.
    pub(super) fn recycle(&mut self, succ: Successors) {
        self.spare.ids.push(succ.ids);
    }
}
