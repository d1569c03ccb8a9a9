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
        // A layer is kept until the backward pass: not with the spare capacity of its
        // growth (up to as much again).
        next.shrink_to_fit();
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
        // The block's positions by their lowest stack, valid where stamped with the
        // current group's number: a child found in one step.
        let mut at = vec![(0u32, 0u32); 1 << layout.n];
        let mut stamp = 0u32;
        let pool = pool_at(model, f);
        let here = wanted_at(f);
        // What the group's shared stacks leave of the pool: each parent's d is this
        // less its own stack.
        let mut shared = None;
        for &p in &order {
            let key = keys[p as usize];
            let stacks = layout.stacks(key);
            let rot = layout.rot(key);
            // The group's block below: keys rot(key) | bits, in [group, group + 2^n).
            let group = rot & !layout.field();
            if current != Some(group) {
                // Groups come in ascending order: the next block starts at or after hi.
                lo = hi + gallop(&below_keys[hi..], |k| k < group);
                hi = lo + gallop(&below_keys[lo..], |k| k <= group | layout.field());
                current = Some(group);
                shared = base(pool, &stacks[1..m]);
                stamp += 1;
                for (i, &k) in below_keys[lo..hi].iter().enumerate() {
                    #[allow(clippy::cast_possible_truncation)] // n <= 10 bits; < 2^32
                    {
                        at[(k & layout.field()) as usize] = (stamp, i as u32);
                    }
                }
            }
            let d = shared
                .and_then(|b| less(b, stacks[0].bits() >> 1))
                .unwrap_or_else(|| model.unseen(&stacks[..m]));
            let hit = hit_vector(m, &stacks, &d, |j| {
                #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
                let low = ((rot | (1u64 << (j - 1))) & layout.field()) as usize;
                match at[low] {
                    (s, i) if s == stamp => {
                        let i = lo + i as usize;
                        Child::Solved(&below_values[i * m..(i + 1) * m])
                    }
                    _ => Child::Settled,
                }
            });
            let r = lowest(&stacks[..m]);
            let u_fold = fold_vector::<f64>(m, r);
            let mine: SmallVec<[usize; 4]> = if here.binary_search(&key).is_ok() {
                (0..wanted.len())
                    .filter(|&w| wanted_keys[w] == (f, key))
                    .collect()
            } else {
                SmallVec::new()
            };
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
    // rot(key) and the index packed in one word where they fit (three players at n =
    // 10: 30 bits and at most 32): half the memory of pairs, and a faster sort.
    #[allow(clippy::cast_possible_truncation)] // m <= 6
    let width = layout.m as u32 * layout.n;
    let index_bits = usize::BITS - keys.len().leading_zeros();
    if width + index_bits <= 64 {
        let mask = (1u64 << index_bits) - 1;
        let mut packed: Vec<u64> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (layout.rot(k) << index_bits) | i as u64)
            .collect();
        packed.sort_unstable();
        #[allow(clippy::cast_possible_truncation)] // index_bits <= 32
        return packed.into_iter().map(|p| (p & mask) as u32).collect();
    }
    rot_order_pairs(layout, keys)
}

/// [`rot_order`] by pairs (rot(key), index), for keys too wide to pack with the index.
fn rot_order_pairs(layout: Layout, keys: &[u64]) -> Vec<u32> {
    #[allow(clippy::cast_possible_truncation)] // far fewer than 2^32 configurations
    let mut pairs: Vec<(u64, u32)> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (layout.rot(k), i as u32))
        .collect();
    pairs.sort_unstable();
    pairs.into_iter().map(|(_, i)| i).collect()
}

/// The layer below `keys` (face up `f`): their children that no fold test settles,
/// sorted, each once.
fn children(layout: Layout, rule: &Settled, keys: &[u64], order: &[u32], f: u32) -> Vec<u64> {
    let m = layout.m;
    let mut next = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let group = layout.rot(keys[order[i] as usize]) & !layout.field();
        // The stacks every parent of the group shares (the children's first m − 1).
        let shared = layout.stacks(group);
        let parents = Shared::new(rule, &shared[..m - 1], f);
        let below = Shared::new(rule, &shared[..m - 1], f + 1);
        // Which lowest stacks occur among the group's children: one bit each. A
        // parent's d[j], j not in its own stack, is the cards of j the shared stacks
        // leave.
        let mut seen = [0u64; 16];
        while i < order.len() {
            let key = keys[order[i] as usize];
            if layout.rot(key) & !layout.field() != group {
                break;
            }
            #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
            let own = (key >> ((m as u32 - 1) * layout.n)) as u16 & layout.field() as u16;
            let mut draw = parents.left & !own;
            while draw != 0 {
                let low = usize::from(own | (draw & draw.wrapping_neg()));
                draw &= draw - 1;
                seen[low / 64] |= 1 << (low % 64);
            }
            i += 1;
        }
        for (w, &word) in seen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let low = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let child = group | low as u64;
                if m < 3 {
                    let stacks = layout.stacks(child);
                    let d = rule.model.unseen(&stacks[..m]);
                    if !rule.settled(&stacks, &d, f + 1) {
                        next.push(child);
                    }
                    continue;
                }
                // The integer test and an empty d in O(1): what is left of the rule is
                // the proof.
                #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
                if below.surely_folds(rule, low as u16) {
                    continue;
                }
                if rule.prover.depth == 0 {
                    next.push(child);
                    continue;
                }
                let stacks = layout.stacks(child);
                #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
                let d = below.unseen(rule.model, &stacks[..m], low as u16);
                if !rule.prover.folds(&stacks, &d, f + 1) {
                    next.push(child);
                }
            }
        }
    }
    next
}

/// What the stacks a group shares (all but one, in turn order from the mover) leave of
/// the pool at a face-up count: the integer fold test of each configuration that
/// completes them with a last stack, in O(1) rather than a pass over the ranks.
struct Shared {
    /// Ranks with a card left (bit j − 1 for rank j).
    left: u16,
    /// Ranks with exactly one card left.
    single: u16,
    /// The mover's stack (the first shared one).
    mover: u16,
    /// Σ j·left[j] and Σ left[j] over the mover's ranks; Σ left[j].
    e: i64,
    p: i64,
    n: i64,
    /// The lowest rank in the shared stacks (11 if none).
    lowest: i64,
    /// What the shared stacks leave of the pool, if they fit in it.
    base: Option<Counts>,
}

impl Shared {
    fn new(rule: &Settled, shared: &[Stack], face_up: u32) -> Self {
        let model = rule.model;
        let pool = pool_at(model, face_up);
        let (mut left, mut single) = (0u16, 0u16);
        let mover = shared[0].bits() >> 1;
        let (mut e, mut p, mut n) = (0, 0, 0);
        for j in 1..=model.ranks.get() {
            let held = shared.iter().filter(|s| s.has(j)).count();
            #[allow(clippy::cast_possible_wrap)] // at most 6 stacks
            let c = i64::from(pool.get(j)) - held as i64;
            let bit = 1u16 << (j - 1);
            if c > 0 {
                left |= bit;
            }
            if c == 1 {
                single |= bit;
            }
            if mover & bit != 0 {
                e += i64::from(j) * c;
                p += c;
            }
            n += c;
        }
        let lowest = shared
            .iter()
            .filter_map(|s| s.lowest())
            .min()
            .map_or(11, i64::from);
        Self {
            left,
            single,
            mover,
            e,
            p,
            n,
            lowest,
            base: base(pool, shared),
        }
    }

    /// d at the configuration the shared stacks make with `last` (bits of ranks, bit
    /// j − 1 for rank j): the base less `last`, as [`RoundModel::unseen`] gives it.
    fn unseen(&self, model: &RoundModel, stacks: &[Stack], last: u16) -> Counts {
        self.base
            .and_then(|b| less(b, last))
            .unwrap_or_else(|| model.unseen(stacks))
    }

    /// The solver's integer fold test ([`surely_folds_at`], three players and more) at
    /// the configuration the shared stacks make with `last` (bits of ranks), or an
    /// empty d.
    fn surely_folds(&self, rule: &Settled, last: u16) -> bool {
        let m = rule.model.players as i64;
        let n = self.n - i64::from(last.count_ones());
        if n == 0 {
            return true;
        }
        let both = self.mover & last;
        let (mut e, mut p) = (self.e, self.p);
        let mut bits = both;
        while bits != 0 {
            e -= i64::from(bits.trailing_zeros()) + 1;
            p -= 1;
            bits &= bits - 1;
        }
        let r = self.lowest.min(i64::from(last.trailing_zeros()) + 1);
        let drawable = if rule.model.reshuffle.is_some() {
            rule.highest
        } else {
            let d = self.left & !(self.single & last);
            16 - i64::from(d.leading_zeros())
        };
        -(m - 1) * e + (n - p) * r.max(drawable) <= -(m - 1) * r * n
    }
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
            #[allow(clippy::cast_precision_loss)]
            let wf = w as f64;
            // The successor's vector starts with the next player: rotate right by one
            // (without a division per term: index k takes k − 1, index 0 the last).
            match child(j) {
                Child::Solved(v) => {
                    acc[0] += v[m - 1] * wf;
                    for (a, x) in acc[1..].iter_mut().zip(v) {
                        *a += x * wf;
                    }
                }
                Child::Settled => {
                    // The fold vector of a fold scoring r' (fold_vector's values):
                    // −(m−1)·r' for its mover, our index 1; r' for the others.
                    let rc = i64::from(r.min(j));
                    #[allow(clippy::cast_precision_loss)] // small integers
                    let (mover, other) = ((-(m as i64 - 1) * rc) as f64, rc as f64);
                    for (k, a) in acc.iter_mut().enumerate() {
                        *a += if k == 1 { mover } else { other } * wf;
                    }
                }
            }
        }
    }
    for a in &mut acc {
        *a /= f64::from(total);
    }
    Some(acc)
}

/// The pool at a face-up count, as [`RoundModel::unseen`] takes it.
fn pool_at(model: &RoundModel, face_up: u32) -> Counts {
    match model.reshuffle {
        Some(x) if face_up >= x.at => x.pool,
        _ => model.pool,
    }
}

/// What `stacks` leave of `pool`, if they fit in it.
fn base(pool: Counts, stacks: &[Stack]) -> Option<Counts> {
    stacks.iter().try_fold(pool, |d, &s| less(d, s.bits() >> 1))
}

/// `d` less one card of each rank in `bits` (bit j − 1 for rank j), or `None` where a
/// rank has none left.
fn less(mut d: Counts, mut bits: u16) -> Option<Counts> {
    while bits != 0 {
        #[allow(clippy::cast_possible_truncation)] // n <= 10 bits
        let j = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        if d.get(j) == 0 {
            return None;
        }
        d.remove(j);
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::{Layout, rot_order, rot_order_pairs};

    /// The packed sort orders a layer as the sort by pairs does, ties (equal keys) in
    /// index order either way.
    #[test]
    fn the_packed_rot_order_is_the_pairs_order() {
        let layout = Layout { m: 3, n: 10 };
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut keys: Vec<u64> = (0..5000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & ((1 << 30) - 1)
            })
            .collect();
        keys.extend_from_within(..100);
        assert_eq!(rot_order(layout, &keys), rot_order_pairs(layout, &keys));
    }
}
