//! The round solved layer by layer, for the review of a record (three players and more,
//! where a round's first decision reaches millions of configurations).
//!
//! Every hit adds one face-up card, so the configurations a search meets fall into
//! layers by the cards face up. A forward pass lists, layer by layer, the configurations
//! the memoised search ([`super::Solver`]) would expand: its start and those children of
//! expanded ones that no fold test settles. A backward pass then values each layer from
//! the one below, keeping two layers of values at a time, in the solver's own arithmetic
//! and summation order, so the values are the solver's bit for bit
//! (`solver/tests.rs` compares them over seeded games). A child missing from the layer
//! below is one a fold test settled: its value is the fold's.
//!
//! **Why it is fast.** A configuration is its stacks packed into one integer, the
//! mover's stack in the highest bits; the child after a card j that does not pair is the
//! key rotated by one stack with j added to the lowest: rot(key) | bit(j). Visiting a
//! layer in the order of rot(key) therefore meets the children in the order of the layer
//! below, a group of parents sharing every stack but the mover's at a time: children are
//! listed without a hash table (a bitmap per group) and found by a short search within
//! the group's block, in cache, rather than by millions of lookups in a table of
//! millions. Only expanded configurations are kept (their keys, 8 bytes each, and two
//! layers of values), so the memory is a fraction of the memo's.

use super::proof::Prover;
use super::{Action, Analysis, Table, Vector, fold_vector, folds, surely_folds_at};
use crate::pairs::model::{RoundModel, lowest};
use crate::pairs::rules::{Counts, Stack};
use crate::seats::MAX_SEATS;
use smallvec::SmallVec;

/// How configurations pack into keys: m stacks of n bits, the mover's highest.
#[derive(Debug, Clone, Copy)]
struct Layout {
    m: usize,
    n: u32,
}

impl Layout {
    fn field(self) -> u64 {
        (1u64 << self.n) - 1
    }

    fn key(self, stacks: &[Stack]) -> u64 {
        stacks[..self.m]
            .iter()
            .fold(0, |key, s| (key << self.n) | u64::from(s.bits() >> 1))
    }

    fn stacks(self, key: u64) -> Table {
        let mut table = [Stack::EMPTY; MAX_SEATS];
        for (i, s) in table[..self.m].iter_mut().enumerate() {
            #[allow(clippy::cast_possible_truncation)] // i < 6
            let shift = (self.m - 1 - i) as u32 * self.n;
            #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
            let bits = ((key >> shift) & self.field()) as u16;
            *s = Stack::from_bits(bits << 1);
        }
        table
    }

    /// The key with the mover's stack moved to the end (lowest bits): a child's key is
    /// this with the card's bit added.
    fn rot(self, key: u64) -> u64 {
        #[allow(clippy::cast_possible_truncation)] // m <= 6
        let rest = (self.m as u32 - 1) * self.n;
        let all = (1u64 << (rest + self.n)) - 1;
        ((key << self.n) & all) | (key >> rest)
    }
}

/// The rule of the solver's search: whether a configuration's value is u_Fold without
/// its subtree (the integer fold test, the proof, or no card left to draw).
struct Settled<'a> {
    model: &'a RoundModel,
    highest: i64,
    prover: Prover<'a>,
}

impl Settled<'_> {
    fn settled(&self, stacks: &Table, d: &Counts, face_up: u32) -> bool {
        let r = i64::from(lowest(&stacks[..self.model.players]));
        d.total() == 0
            || surely_folds_at(self.model, self.highest, stacks, d, r)
            || (self.prover.depth > 0 && self.prover.folds(stacks, d, face_up))
    }
}

/// Both actions' values at each of the `wanted` configurations of the round (stacks in
/// turn order, the mover first), as [`super::Solver::analyse`] gives them, bit for bit.
///
/// # Panics
/// Stacks that do not fit the round's model.
#[must_use]
pub fn analyse_round(model: &RoundModel, wanted: &[Vec<Stack>]) -> Vec<Analysis<f64>> {
    analyse_round_with(model, wanted, super::PROOF_DEPTH, 0.0)
}

/// As [`analyse_round`] with the fold proof `depth` levels deep and its static bound
/// made wrong by `skew` (tests only).
#[doc(hidden)]
#[must_use]
pub fn analyse_round_with(
    model: &RoundModel,
    wanted: &[Vec<Stack>],
    depth: u32,
    skew: f64,
) -> Vec<Analysis<f64>> {
    let m = model.players;
    let layout = Layout {
        m,
        n: u32::from(model.ranks.get()),
    };
    let highest = i64::from(model.highest());
    let rule = Settled {
        model,
        highest,
        prover: Prover {
            model,
            highest,
            depth: if m >= 3 { depth } else { 0 },
            skew,
        },
    };
    let face_up = |s: &[Stack]| s.iter().map(|s| s.len()).sum::<u32>();
    let wanted_keys: Vec<(u32, u64)> = wanted
        .iter()
        .map(|s| {
            assert_eq!(s.len(), m, "one stack per player");
            let _ = model.unseen(s); // stacks drawn from the pool
            (face_up(s), layout.key(s))
        })
        .collect();
    let Some(first) = wanted_keys.iter().map(|w| w.0).min() else {
        return Vec::new();
    };
    let last = wanted_keys.iter().map(|w| w.0).max().unwrap_or(first);
    let wanted_at = |f: u32| {
        let mut keys: Vec<u64> = wanted_keys
            .iter()
            .filter(|w| w.0 == f)
            .map(|w| w.1)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    };

    // Forward: the expanded configurations of each layer, sorted by key, and each
    // layer's order by rot(key).
    let mut layers: Vec<(Vec<u64>, Vec<u32>)> = Vec::new();
    let mut current = wanted_at(first);
    let mut f = first;
    while !current.is_empty() || f < last {
        let order = rot_order(layout, &current);
        let mut next = children(layout, &rule, &current, &order, f);
        if f < last {
            next.extend(wanted_at(f + 1));
            next.sort_unstable();
            next.dedup();
        }
        layers.push((std::mem::replace(&mut current, next), order));
        f += 1;
    }

    // Backward: each layer valued from the one below.
    let mut out: Vec<Option<Analysis<f64>>> = vec![None; wanted.len()];
    let (mut below_keys, mut below_values): (Vec<u64>, Vec<f64>) = (Vec::new(), Vec::new());
    while let Some((keys, order)) = layers.pop() {
        #[allow(clippy::cast_possible_truncation)] // fewer than 2^32 layers
        let f = first + layers.len() as u32;
        let mut values = vec![0.0; m * keys.len()];
        // The block below of the current group: [lo, hi).
        let (mut lo, mut hi, mut current) = (0usize, 0usize, None);
        for &p in &order {
            let key = keys[p as usize];
            let stacks = layout.stacks(key);
            let d = model.unseen(&stacks[..m]);
            let rot = layout.rot(key);
            // The group's block below: keys rot(key) | bits, in [group, group + 2^n).
            let group = rot & !layout.field();
            if current != Some(group) {
                // Groups come in ascending order: the next block starts at or after hi.
                lo = hi + gallop(&below_keys[hi..], |k| k < group);
                hi = lo + gallop(&below_keys[lo..], |k| k <= group | layout.field());
                current = Some(group);
            }
            let block = &below_keys[lo..hi];
            let hit = hit_vector(m, &stacks, &d, |j| {
                let child = rot | (1u64 << (j - 1));
                match block.binary_search(&child) {
                    Ok(i) => Child::Solved(&below_values[(lo + i) * m..(lo + i + 1) * m]),
                    Err(_) => Child::Settled,
                }
            });
            let r = lowest(&stacks[..m]);
            let u_fold = fold_vector::<f64>(m, r);
            let mine: SmallVec<[usize; 4]> = (0..wanted.len())
                .filter(|&w| wanted_keys[w] == (f, key))
                .collect();
            let settled = !mine.is_empty() && rule.settled(&stacks, &d, f);
            let value = match &hit {
                Some(h) if !settled && !folds(&u_fold, h) => h.as_slice(),
                _ => u_fold.as_slice(),
            };
            values[p as usize * m..(p as usize + 1) * m].copy_from_slice(value);
            for w in mine {
                let (u, action) = match &hit {
                    Some(h) if !folds(&u_fold, h) => (h.to_vec(), Action::Hit),
                    _ => (u_fold.to_vec(), Action::Fold),
                };
                out[w] = Some(Analysis {
                    u_fold: u_fold.to_vec(),
                    u_hit: hit.as_ref().map(|h| h.to_vec()),
                    u,
                    action,
                });
            }
        }
        below_keys = keys;
        below_values = values;
    }
    out.into_iter()
        .map(|a| a.expect("every wanted configuration valued"))
        .collect()
}

/// The number of leading keys that satisfy `before` (keys sorted, `before` true on a
/// prefix), found by doubling steps from the start: a block near the start is found in
/// a few steps, not in log of the whole layer.
fn gallop(keys: &[u64], before: impl Fn(u64) -> bool) -> usize {
    let mut step = 1;
    let mut low = 0;
    while low + step <= keys.len() && before(keys[low + step - 1]) {
        low += step;
        step *= 2;
    }
    let high = (low + step).min(keys.len());
    low + keys[low..high].partition_point(|&k| before(k))
}

/// The layer's indices in the order of rot(key).
fn rot_order(layout: Layout, keys: &[u64]) -> Vec<u32> {
    #[allow(clippy::cast_possible_truncation)] // far fewer than 2^32 configurations
    let mut order: Vec<u32> = (0..keys.len() as u32).collect();
    order.sort_unstable_by_key(|&i| layout.rot(keys[i as usize]));
    order
}

/// The layer below `keys` (face up `f`): their children that no fold test settles,
/// sorted, each once.
fn children(layout: Layout, rule: &Settled, keys: &[u64], order: &[u32], f: u32) -> Vec<u64> {
    let m = layout.m;
    let mut next = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let group = layout.rot(keys[order[i] as usize]) & !layout.field();
        // Which lowest stacks occur among the group's children: one bit each.
        let mut seen = [0u64; 16];
        while i < order.len() {
            let key = keys[order[i] as usize];
            if layout.rot(key) & !layout.field() != group {
                break;
            }
            let stacks = layout.stacks(key);
            let own = stacks[0].bits() >> 1;
            for (j, _) in rule.model.unseen(&stacks[..m]).iter() {
                if !stacks[0].has(j) {
                    let low = usize::from(own | (1 << (j - 1)));
                    seen[low / 64] |= 1 << (low % 64);
                }
            }
            i += 1;
        }
        for (w, &word) in seen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let low = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let child = group | low as u64;
                let stacks = layout.stacks(child);
                let d = rule.model.unseen(&stacks[..m]);
                if !rule.settled(&stacks, &d, f + 1) {
                    next.push(child);
                }
            }
        }
    }
    next
}

/// A child's value, as the layer below gives it.
enum Child<'a> {
    /// Valued by the backward pass.
    Solved(&'a [f64]),
    /// Settled by a fold test: its value is the fold's.
    Settled,
}

/// u_Hit as [`super::Solver`] computes it, in the same order of summation, or `None`
/// when no card can be drawn.
fn hit_vector<'a>(
    m: usize,
    stacks: &Table,
    d: &Counts,
    mut child: impl FnMut(u8) -> Child<'a>,
) -> Option<Vector<f64>> {
    let total = d.total();
    if total == 0 {
        return None;
    }
    let r = lowest(&stacks[..m]);
    let mut acc: Vector<f64> = smallvec::smallvec![0.0f64; m];
    for (j, count) in d.iter() {
        let w = u64::from(count);
        if stacks[0].has(j) {
            let j = i64::from(j);
            #[allow(clippy::cast_precision_loss)] // small integers, as the solver's ratio
            {
                acc[0] -= ((m as i64 - 1) * j) as f64 * w as f64;
                for a in &mut acc[1..] {
                    *a += j as f64 * w as f64;
                }
            }
        } else {
            let fold;
            let value: &[f64] = match child(j) {
                Child::Solved(v) => v,
                Child::Settled => {
                    fold = fold_vector::<f64>(m, r.min(j));
                    &fold
                }
            };
            // The successor's vector starts with the next player: rotate right by one.
            for (k, a) in acc.iter_mut().enumerate() {
                #[allow(clippy::cast_precision_loss)]
                let wf = w as f64;
                *a += value[(k + m - 1) % m] * wf;
            }
        }
    }
    for a in &mut acc {
        *a /= f64::from(total);
    }
    Some(acc)
}
