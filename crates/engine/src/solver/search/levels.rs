//! Solving a large DAG of card states on all cores, level by level.
//!
//! Every move lowers a card state's *height*, the sum over its labels of twice the
//! cards on the table plus the unknown ones: turning a card lowers it by 1, two cards
//! by 2, and a take by 4 to 6. So the card states of one height never depend on each
//! other, only on lower ones. The solve first finds every card state below the root,
//! height by height downwards (or, below the start of a game, counts them up through
//! the dense index: it reaches them all), then values them height by height upwards,
//! each height split among the threads. The values are the same as the recursive
//! solve's, bit for bit: each card state is evaluated by the same code from the same
//! successor values.

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use super::dense::{Dense, DenseIndex};
use super::{Entry, Link, Solver, Spare, Successors, TERMINAL};
use crate::solver::scalar::Scalar;

/// Card states handed to a thread at a time: small enough that both cores stay busy on
/// a height of a few hundred card states (`35x4`: 1.6–1.8 s against 1.8–1.9 s with 512
/// in the same minutes), large enough that a chunk's buffers and hand-over do not count.
const CHUNK: usize = 64;

/// The card states of one height solved in bulk: their keys (sorted, unless the dense
/// index finds them), the entry of the first.
#[derive(Debug, Clone, Default)]
pub(super) struct Level {
    first: u32,
    keys: Vec<u128>,
    /// Their dense numbers, where they were counted up (else empty: ranked from the
    /// keys once solved).
    numbers: Vec<u32>,
}

impl<V: Scalar> Solver<V> {
    /// Solves `root` and every card state below it, on all cores. Only for a solver that
    /// has solved nothing yet.
    pub(super) fn solve_by_levels(&mut self, root: u128) {
        debug_assert!(self.entries.is_empty(), "a bulk solve comes first");
        // A root with a harmless pair is solved from the card state after its takes.
        let (root, _) = self.after_harmless_takes(root);
        if root == 0 {
            return;
        }
        if self.dense.is_none() {
            self.dense = self.dense_below(root);
        }
        for level in self.card_states_below(root) {
            self.solve_level(level);
        }
    }

    /// Solves the card states of the next height, all lower ones being solved.
    fn solve_level(&mut self, mut level: Level) {
        level.first = u32::try_from(self.entries.len()).expect("fewer than 4e9 card states");
        // Levels are solved from height 0 up, each pushed when solved.
        let height = self.levels.len();
        // No card state here has a harmless pair (they are followed to the take).
        let slots = |(_, bound): (i64, i64)| usize::try_from(bound + 1).expect("bound >= 0");
        let stored_layers = self.stored_layers();
        let width = |shape| slots(shape) * stored_layers;
        let shapes: Vec<(i64, i64)> = level
            .keys
            .par_iter()
            .map(|&key| {
                let pairs = self.pairs_of(&self.unpack(key));
                (pairs, self.bound(pairs))
            })
            .collect();
        // The threads write the values into a segment of their own, a slice per chunk
        // of card states, which joins the solver's values once complete.
        let total: usize = shapes.iter().map(|&s| width(s)).sum();
        let mut fresh = vec![V::zero(); total + self.store_padding()];
        let mut parts = Vec::new();
        let mut rest = fresh.as_mut_slice();
        for chunk in shapes.chunks(CHUNK) {
            let (part, tail) = rest.split_at_mut(chunk.iter().map(|&s| width(s)).sum());
            parts.push(part);
            rest = tail;
        }
        level
            .keys
            .par_chunks(CHUNK)
            .zip(parts)
            .for_each(|(keys, part)| {
                let mut at = 0;
                // Buffers reused over the chunk's card states.
                let mut spare = Spare::default();
                for &key in keys {
                    self.solve_one(key, height, &mut spare);
                    let values = &spare.values;
                    part[at..at + values.len()].clone_from_slice(values);
                    at += values.len();
                }
            });
        let segment = u32::try_from(self.values.len()).expect("few heights");
        let layers = self.layers;
        self.stored_values += shapes.iter().map(|&s| slots(s)).sum::<usize>() * layers;
        self.values.push(fresh);
        let mut offset = 0;
        for &shape in &shapes {
            let (pairs, bound) = shape;
            self.entries
                .push(Entry::new(segment, offset, pairs, bound, false));
            offset += width(shape);
        }
        // Its card states can be looked up from now on.
        if let Some(dense) = &mut self.dense {
            if level.numbers.is_empty() {
                for (id, &key) in (level.first..).zip(&level.keys) {
                    let covered = dense.insert(key, id);
                    debug_assert!(covered, "the index covers the card states below");
                }
            } else {
                for (id, &number) in (level.first..).zip(&level.numbers) {
                    dense.set(number as usize, id);
                }
            }
        }
        self.levels.push(level);
        if let Some(super::Progress(report)) = &self.progress {
            report(self.stored_values);
        }
    }

    /// The entry of a card state solved in bulk, if it was.
    pub(super) fn bulk_entry(&self, key: u128) -> Option<u32> {
        // The dense index needs no height.
        let height = if self.dense.is_some() {
            0
        } else {
            self.height(key)
        };
        self.bulk_entry_at(height, key)
    }

    /// [`Self::bulk_entry`] of a card state whose height is known.
    fn bulk_entry_at(&self, height: usize, key: u128) -> Option<u32> {
        if let Some(dense) = &self.dense {
            return dense.entry(key).flatten();
        }
        let level = self.levels.get(height)?;
        let i = level.keys.binary_search(&key).ok()?;
        Some(level.first + u32::try_from(i).expect("fits"))
    }

    /// The values of one card state (without a harmless pair) whose successors are all
    /// solved, into `spare.values`.
    fn solve_one(&self, key: u128, height: usize, spare: &mut Spare<V>) {
        let counts = self.unpack(key);
        debug_assert!(
            self.harmless_take(&counts).is_none(),
            "taken on the way here"
        );
        let bound = self.bound(self.pairs_of(&counts));
        let ids = spare.ids.pop().unwrap_or_default();
        let mut succ = Successors::reusing(counts.len(), ids);
        // Successors numbered from this card state's dense number, where there is one.
        let near = &mut spare.near;
        let dense = self
            .dense
            .as_ref()
            .filter(|dense| dense.near(key, &counts, near));
        self.steps.each(key, &counts, &mut |next| {
            let entry = match dense {
                Some(dense) => dense
                    .at(near.number(next.renumber))
                    .expect("a lower card state is solved first"),
                None => self.solved(height - next.drop, next.key),
            };
            let link = Link {
                entry,
                takes: next.takes,
            };
            succ.ids[next.slot] = link;
            succ.ids[next.mirror] = link;
        });
        self.card_state_values_into(&counts, &succ, bound, &mut spare.values, &mut spare.scratch);
        spare.ids.push(succ.ids);
    }

    /// The entry of a card state solved before, at `height`.
    fn solved(&self, height: usize, key: u128) -> u32 {
        if key == 0 {
            return TERMINAL;
        }
        self.bulk_entry_at(height, key)
            .expect("a lower card state is solved first")
    }

    /// The dense index of the card states below `root` (one without harmless labels),
    /// if it is not too large.
    pub(super) fn dense_below(&self, root: u128) -> Option<Dense> {
        // Every card state solved has the root's labels or fewer, in the patterns that
        // are not taken on the way.
        let labels = usize::try_from(self.unpack(root).iter().sum::<u64>()).expect("fits");
        let patterns: Vec<usize> = (0..self.table.list.len())
            .filter(|&a| self.units[a] & self.canonical_fields() != 0)
            .collect();
        DenseIndex::new(&patterns, self.width, labels).map(Dense::new)
    }

    /// The card states at or below `root` that its solve reads, by height (the index),
    /// lowest first.
    fn card_states_below(&self, root: u128) -> Vec<Level> {
        if let Some(dense) = &self.dense
            && dense.top() == root
        {
            return self.every_card_state(dense, root);
        }
        let top = self.height(root);
        // Keys found at each height, in batches as the threads produced them.
        let mut found: Vec<Vec<Vec<u128>>> = vec![Vec::new(); top + 1];
        found[top].push(vec![root]);
        let mut levels: Vec<Level> = vec![Level::default(); top + 1];
        for h in (1..=top).rev() {
            let keys = Self::distinct(&std::mem::take(&mut found[h]));
            let batches: Vec<Vec<Vec<u128>>> = keys
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut below: Vec<Vec<u128>> = Vec::new();
                    for &key in chunk {
                        self.children(key, &mut |k, drop| {
                            if below.len() < drop {
                                below.resize_with(drop, Vec::new);
                            }
                            below[drop - 1].push(k);
                        });
                    }
                    below
                })
                .collect();
            for batch in batches {
                for (drop, keys) in batch.into_iter().enumerate() {
                    if !keys.is_empty() {
                        found[h - drop - 1].push(keys);
                    }
                }
            }
            levels[h].keys = keys;
        }
        levels
    }

    /// [`Self::card_states_below`] a root with every label in the first pattern: every
    /// card state the dense index covers (each label can be moved alone to any pattern,
    /// see `upward.rs`), counted up instead of found move by move.
    fn every_card_state(&self, dense: &Dense, root: u128) -> Vec<Level> {
        let heights: Vec<u64> = self
            .table
            .list
            .iter()
            .map(|p| 2 * u64::from(p.on_table) + u64::from(p.unknown))
            .collect();
        let mut levels: Vec<Level> = vec![Level::default(); self.height(root) + 1];
        let mut up = dense.ascending(&heights);
        while up.advance() {
            let height = usize::try_from(up.weight()).expect("fits");
            levels[height].keys.push(up.key());
            let number = u32::try_from(up.number()).expect("an index below 2^32");
            levels[height].numbers.push(number);
        }
        // Left in the order of their numbers, not sorted (the dense index finds them):
        // neighbours then have their successors near each other's, in the index and
        // in the values, which on a large deck the cache notices.
        levels
    }

    /// The card states a solve of `key` reads directly (each after its harmless takes),
    /// each with how much lower it is; the empty table is left out.
    fn children(&self, key: u128, f: &mut impl FnMut(u128, usize)) {
        let counts = self.unpack(key);
        self.steps.each(key, &counts, &mut |next| {
            if next.key != 0 {
                f(next.key, next.drop);
            }
        });
    }

    /// The distinct keys among `batches`, sorted (for [`Self::bulk_entry`]). Each thread
    /// keeps the keys in its own share of the hash space, so no two threads touch the
    /// same set.
    fn distinct(batches: &[Vec<u128>]) -> Vec<u128> {
        let shares = rayon::current_num_threads();
        let share = |k: u128| {
            // folding the key's two halves
            let folded = (k as u64) ^ ((k >> 64) as u64);
            usize::try_from(folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32).expect("fits")
                % shares
        };
        let parts: Vec<Vec<u128>> = (0..shares)
            .into_par_iter()
            .map(|s| {
                let mut seen = FxHashSet::default();
                batches
                    .iter()
                    .flatten()
                    .filter(|&&k| share(k) == s && seen.insert(k))
                    .copied()
                    .collect()
            })
            .collect();
        let mut keys = parts.concat();
        keys.par_sort_unstable();
        keys
    }

    /// Twice the cards on the table plus the unknown ones: lower after every move.
    pub(super) fn height(&self, key: u128) -> usize {
        let counts = self.unpack(key);
        let h: u64 = counts
            .iter()
            .zip(&self.table.list)
            .map(|(&n, p)| n * (2 * u64::from(p.on_table) + u64::from(p.unknown)))
            .sum();
        usize::try_from(h).expect("fits")
    }
}

#[cfg(test)]
impl<V: Scalar> Solver<V> {
    /// Every stored value of every card state (its layers, not the mirror), by key:
    /// what the tests comparing two ways of solving compare.
    pub(super) fn value_table(&self) -> Vec<(u128, Vec<V>)> {
        let mut keys: Vec<(u128, u32)> = self.index.iter().map(|(&k, &id)| (k, id)).collect();
        for level in &self.levels {
            for (i, &k) in level.keys.iter().enumerate() {
                keys.push((k, level.first + u32::try_from(i).expect("fits")));
            }
        }
        keys.sort_unstable();
        keys.into_iter()
            .map(|(k, id)| {
                let e = self.entries[id as usize];
                let values = &self.values[e.segment as usize];
                let layers = e.offset()..e.offset() + e.slots() * self.layers_of(e);
                (k, values[layers].to_vec())
            })
            .collect()
    }

    /// Asserts that two solvers solved the same card states to the same values, bit
    /// for bit (`what` names the case in a failure).
    pub(super) fn assert_same_values(&self, other: &Self, what: &str)
    where
        V: PartialEq,
    {
        assert_eq!(self.states(), other.states(), "{what}");
        let (a, b) = (self.value_table(), other.value_table());
        assert_eq!(a.len(), b.len(), "{what}");
        for ((k, x), (l, y)) in a.iter().zip(&b) {
            assert_eq!(k, l, "{what}");
            assert!(x == y, "{what} {k:x}: {x:?} vs {y:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use num_rational::BigRational;

    use super::*;
    use crate::rules::{Deck, Objective, PassRule, Variant};
    use crate::solver::search::State;
    use crate::solver::{Position, Scalar};

    /// Solves the start of `deck` recursively and by levels; both tables must agree
    /// bit for bit.
    fn same<V: Scalar + PartialEq>(deck: &str, objective: Objective, rule: PassRule, full: bool) {
        same_in::<V>(Variant::Standard, deck, objective, rule, full);
    }

    fn same_in<V: Scalar + PartialEq>(
        variant: Variant,
        deck: &str,
        objective: Objective,
        rule: PassRule,
        full: bool,
    ) {
        let root = Position::start(&Deck::parse(deck).unwrap());
        let solver = || {
            let s = Solver::<V>::with_variant(objective, rule, variant, &root, 0, 1e9).unwrap();
            if full { s.exhaustive() } else { s }
        };
        let mut recursive = solver().sequential();
        let state = State {
            position: root.clone(),
            diff: 0,
            after_pass: false,
            first: None,
        };
        recursive.value(&state).unwrap();
        let mut levels = solver();
        levels.solve_by_levels(levels.key_of(&root));
        recursive.assert_same_values(&levels, &format!("{deck} {objective} {rule}"));
        assert_eq!(
            levels.value(&state).unwrap(),
            recursive.value(&state).unwrap()
        );
    }

    #[test]
    fn levels_give_the_recursive_values_bit_for_bit() {
        for rule in PassRule::ALL {
            same::<f64>("9x4", Objective::Win, rule, false);
            same::<f64>("16x2", Objective::Win, rule, false);
        }
        same::<f64>("9x4", Objective::Margin, PassRule::Ko, false);
        same::<f64>("9x4", Objective::Moves, PassRule::Agreed, false);
        same::<f64>("7x4", Objective::Win, PassRule::Agreed, true);
        same::<f64>("13x4", Objective::Win, PassRule::Agreed, false);
        same::<BigRational>("5x4", Objective::Win, PassRule::Agreed, false);
        same::<BigRational>("8x2", Objective::Margin, PassRule::Quit, false);
    }

    #[test]
    fn levels_give_the_recursive_values_bit_for_bit_under_one_flip() {
        for rule in PassRule::ALL {
            same_in::<f64>(Variant::OneFlip, "8x4", Objective::Win, rule, false);
            same_in::<f64>(Variant::OneFlip, "14x2", Objective::Win, rule, false);
        }
        same_in::<f64>(
            Variant::OneFlip,
            "8x4",
            Objective::Margin,
            PassRule::Ko,
            false,
        );
        same_in::<BigRational>(
            Variant::OneFlip,
            "4x4",
            Objective::Win,
            PassRule::Agreed,
            false,
        );
    }
}
