//! The round solved layer by layer, for the review of a record and the start value of
//! three players and more (where a round's first decision reaches millions of
//! configurations).
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
//! millions. What the group's shared stacks leave of the pool is summed once
//! ([`shared::Shared`]): each parent's d, u_Hit and each child's fold tests are then
//! read off bits of ranks, without a pass over the ranks. A layer is kept as its rot
//! order alone (8 bytes a configuration where rot(key) and the index pack in one word),
//! read from start to end by both passes; its keys are rebuilt as it is valued. So only
//! expanded configurations are kept, and two layers of values: the memory is a
//! fraction of the memo's.

mod shared;

use super::proof::Prover;
use super::{Action, Analysis, Table, fold_vector, folds, surely_folds_at};
use crate::model::{RoundModel, lowest};
use crate::rules::{Counts, Stack};
use crate::seats::MAX_SEATS;
use shared::{Shared, pool_at};

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
            // i < 6
            let shift = (self.m - 1 - i) as u32 * self.n;
            // n <= 10 bits
            let bits = ((key >> shift) & self.field()) as u16;
            *s = Stack::from_bits(bits << 1);
        }
        table
    }

    /// The key with the mover's stack moved to the end (lowest bits): a child's key is
    /// this with the card's bit added.
    fn rot(self, key: u64) -> u64 {
        // m <= 6
        let rest = (self.m as u32 - 1) * self.n;
        let all = (1u64 << (rest + self.n)) - 1;
        ((key << self.n) & all) | (key >> rest)
    }

    /// The key of which `rot` is [`Self::rot`].
    fn unrot(self, rot: u64) -> u64 {
        // m <= 6
        let rest = (self.m as u32 - 1) * self.n;
        (rot >> self.n) | ((rot & self.field()) << rest)
    }
}

/// A layer in the order of rot(key): each configuration's rot(key) and its index in the
/// layer sorted by key (where its values go). Both passes read it from start to end, so
/// a layer of hundreds of thousands is met in memory order, not by random reads.
enum RotOrder {
    /// rot(key) and the index packed in one word where they fit (three players at n =
    /// 10: 30 bits and at most 32): half the memory of pairs, and a faster sort.
    Packed { words: Vec<u64>, index_bits: u32 },
    /// By pairs, for keys too wide to pack with the index.
    Pairs(Vec<(u64, u32)>),
}

impl RotOrder {
    /// The layer `keys` (sorted by key) in the order of rot(key).
    fn new(layout: Layout, keys: &[u64]) -> Self {
        // m <= 6
        let width = layout.m as u32 * layout.n;
        let index_bits = usize::BITS - keys.len().leading_zeros();
        if width + index_bits <= 64 {
            let mut words: Vec<u64> = keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (layout.rot(k) << index_bits) | i as u64)
                .collect();
            words.sort_unstable();
            return Self::Packed { words, index_bits };
        }
        Self::by_pairs(layout, keys)
    }

    /// [`Self::new`] by pairs (rot(key), index).
    fn by_pairs(layout: Layout, keys: &[u64]) -> Self {
        // far fewer than 2^32 configurations
        let mut pairs: Vec<(u64, u32)> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (layout.rot(k), i as u32))
            .collect();
        pairs.sort_unstable();
        Self::Pairs(pairs)
    }

    fn len(&self) -> usize {
        match self {
            Self::Packed { words, .. } => words.len(),
            Self::Pairs(pairs) => pairs.len(),
        }
    }

    /// The i-th configuration in rot order: its rot(key) and its index by key.
    fn get(&self, i: usize) -> (u64, usize) {
        match self {
            Self::Packed { words, index_bits } => {
                let w = words[i];
                // index_bits <= 32
                (w >> index_bits, (w & ((1u64 << index_bits) - 1)) as usize)
            }
            Self::Pairs(pairs) => (pairs[i].0, pairs[i].1 as usize),
        }
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
    let solved = solve(model, wanted, depth, skew, Want::Analyses);
    solved
        .analyses
        .into_iter()
        .map(|a| a.expect("every wanted configuration valued"))
        .collect()
}

/// A round's values at some of its configurations, solved layer by layer.
#[derive(Debug, Clone)]
pub struct LayeredRound {
    /// The value of each wanted configuration, as [`super::Solver::value`] gives it,
    /// bit for bit.
    pub values: Vec<Vec<f64>>,
    /// The configurations expanded (the memoised solver also stores the settled ones).
    pub configurations: usize,
    /// The solver's close calls ([`super::Solver::close_calls`]) over them, summed alike.
    pub close: f64,
}

/// The values at the `wanted` configurations of the round (stacks in turn order), with
/// the figures of the solve: for a command that solves many rounds (`pairs start` with
/// three players and more). A configuration the solver's rule settles is valued u_Fold
/// and not expanded, as the solver does.
///
/// # Panics
/// As [`analyse_round`].
#[must_use]
pub fn solve_round(model: &RoundModel, wanted: &[Vec<Stack>]) -> LayeredRound {
    let m = model.players;
    let solved = solve(model, wanted, super::PROOF_DEPTH, 0.0, Want::Values);
    let values = solved
        .analyses
        .into_iter()
        .zip(wanted)
        .map(|(a, stacks)| match a {
            Some(a) => a.u,
            // Settled at the root: the fold.
            None => fold_vector::<f64>(m, lowest(&stacks[..m])).to_vec(),
        })
        .collect();
    LayeredRound {
        values,
        configurations: solved.configurations,
        close: solved.close,
    }
}

/// What a solve is asked for at its wanted configurations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// Both actions' values, a wanted configuration the rule settles expanded too.
    Analyses,
    /// The values alone: a wanted configuration the rule settles is not expanded.
    Values,
}

/// What [`solve`] found: the analysis of each wanted configuration (`None` where
/// [`Want::Values`] left a settled one), the configurations expanded, the close calls.
struct Solved {
    analyses: Vec<Option<Analysis<f64>>>,
    configurations: usize,
    close: f64,
}

fn solve(model: &RoundModel, wanted: &[Vec<Stack>], depth: u32, skew: f64, want: Want) -> Solved {
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
    // The wanted configurations by (face up, key), each with its place in `wanted`.
    let mut places: Vec<(u32, u64, usize)> = wanted
        .iter()
        .enumerate()
        .map(|(w, s)| {
            assert_eq!(s.len(), m, "one stack per player");
            let _ = model.unseen(s); // stacks drawn from the pool
            (face_up(s), layout.key(s), w)
        })
        .collect();
    places.sort_unstable();
    let (Some(&(first, ..)), Some(&(last, ..))) = (places.first(), places.last()) else {
        return Solved {
            analyses: Vec::new(),
            configurations: 0,
            close: 0.0,
        };
    };
    let places_at = |f: u32| {
        let from = places.partition_point(|p| p.0 < f);
        &places[from..from + places[from..].partition_point(|p| p.0 == f)]
    };
    // The wanted configurations the forward pass starts from at a layer.
    let wanted_at = |f: u32| {
        let mut keys: Vec<u64> = places_at(f).iter().map(|p| p.1).collect();
        keys.dedup();
        if want == Want::Values {
            keys.retain(|&key| {
                let stacks = layout.stacks(key);
                !rule.settled(&stacks, &model.unseen(&stacks[..m]), f)
            });
        }
        keys
    };

    // Forward: the expanded configurations of each layer, kept in the order of
    // rot(key) (their keys sorted are rebuilt in the backward pass).
    let mut layers: Vec<RotOrder> = Vec::new();
    let mut configurations = 0;
    let mut current = wanted_at(first);
    let mut f = first;
    while !current.is_empty() || f < last {
        let order = RotOrder::new(layout, &current);
        drop(std::mem::take(&mut current));
        let mut next = children(layout, &rule, &order, f);
        if f < last {
            next.extend(wanted_at(f + 1));
            next.sort_unstable();
            next.dedup();
        }
        // A layer is kept until the backward pass: not with the spare capacity of its
        // growth (up to as much again).
        next.shrink_to_fit();
        configurations += order.len();
        layers.push(order);
        current = next;
        f += 1;
    }

    // Backward: each layer valued from the one below.
    let mut out: Vec<Option<Analysis<f64>>> = vec![None; wanted.len()];
    let mut close = 0.0;
    let (mut below_keys, mut below_values): (Vec<u64>, Vec<f64>) = (Vec::new(), Vec::new());
    while let Some(order) = layers.pop() {
        // fewer than 2^32 layers
        let f = first + layers.len() as u32;
        let mut keys = vec![0; order.len()];
        let mut values = vec![0.0; m * order.len()];
        // The block below of the current group: [lo, hi).
        let (mut lo, mut hi, mut current) = (0usize, 0usize, None);
        // The block's positions by their lowest stack, valid where stamped with the
        // current group's number: a child found in one step.
        let mut at = vec![(0u32, 0u32); 1 << layout.n];
        let mut stamp = 0u32;
        let here = places_at(f);
        // What the group's shared stacks (all but the mover's) leave of the pool: each
        // parent's d is this less its own stack.
        let mut shared: Option<Shared> = None;
        for i in 0..order.len() {
            let (rot, p) = order.get(i);
            let key = layout.unrot(rot);
            keys[p] = key;
            // The group's block below: keys rot(key) | bits, in [group, group + 2^n).
            let group = rot & !layout.field();
            if current != Some(group) {
                // Groups come in ascending order: the next block starts at or after hi.
                lo = hi + gallop(&below_keys[hi..], |k| k < group);
                hi = lo + gallop(&below_keys[lo..], |k| k <= group | layout.field());
                current = Some(group);
                shared = Some(Shared::new(&rule, &layout.stacks(group)[..m - 1], f));
                stamp += 1;
                for (i, &k) in below_keys[lo..hi].iter().enumerate() {
                    // n <= 10 bits; < 2^32
                    {
                        at[(k & layout.field()) as usize] = (stamp, i as u32);
                    }
                }
            }
            let shared = shared.as_ref().expect("set with the group");
            // n <= 10 bits
            let own = (rot & layout.field()) as u16;
            let hit = shared.hit(m, own, |low| match at[low] {
                (s, i) if s == stamp => {
                    let i = lo + i as usize;
                    Some(&below_values[i * m..(i + 1) * m])
                }
                _ => None,
            });
            let r = shared.lowest.min(i64::from(own.trailing_zeros()) + 1);
            // small integers
            let u_fold = {
                let mut u = [r as f64; MAX_SEATS];
                u[0] = (-(m as i64 - 1) * r) as f64;
                u
            };
            let hits = hit.filter(|h| !folds(&u_fold[..m], &h[..m]));
            let value = hits.as_ref().unwrap_or(&u_fold);
            let mine = &here[here.partition_point(|w| w.1 < key)..];
            let mine = &mine[..mine.partition_point(|w| w.1 == key)];
            // Where f64's tolerance folds though hitting is better (the solver's sum).
            let margin = match (hit, &hits) {
                (Some(h), None) if h[0] > u_fold[0] => h[0] - u_fold[0],
                _ => 0.0,
            };
            if mine.is_empty() {
                values[p * m..(p + 1) * m].copy_from_slice(&value[..m]);
                close += margin;
                continue;
            }
            // A wanted configuration: its analysis, and the solver's rule at its root.
            let stacks = layout.stacks(key);
            let d = shared.unseen(model, &stacks[..m], own);
            let settled = rule.settled(&stacks, &d, f);
            let value = if settled { &u_fold } else { value };
            if !settled {
                close += margin;
            }
            values[p * m..(p + 1) * m].copy_from_slice(&value[..m]);
            let (u, action) = match &hits {
                Some(h) => (h[..m].to_vec(), Action::Hit),
                None => (u_fold[..m].to_vec(), Action::Fold),
            };
            for &(.., w) in mine {
                out[w] = Some(Analysis {
                    u_fold: u_fold[..m].to_vec(),
                    u_hit: hit.map(|h| h[..m].to_vec()),
                    u: u.clone(),
                    action,
                });
            }
        }
        below_keys = keys;
        below_values = values;
    }
    Solved {
        analyses: out,
        configurations,
        close,
    }
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

/// The layer below `order` (face up `f`): their children that no fold test settles,
/// sorted, each once.
fn children(layout: Layout, rule: &Settled, order: &RotOrder, f: u32) -> Vec<u64> {
    let m = layout.m;
    let mut next = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let group = order.get(i).0 & !layout.field();
        // The stacks every parent of the group shares (the children's first m − 1).
        let shared = layout.stacks(group);
        let below = Shared::new(rule, &shared[..m - 1], f + 1);
        // The ranks the parents can draw: the same as below unless the pool changes.
        let parents_left = if pool_at(rule.model, f) == pool_at(rule.model, f + 1) {
            below.left
        } else {
            Shared::new(rule, &shared[..m - 1], f).left
        };
        // Which lowest stacks occur among the group's children: one bit each. A
        // parent's d[j], j not in its own stack, is the cards of j the shared stacks
        // leave.
        let mut seen = [0u64; 16];
        while i < order.len() {
            let rot = order.get(i).0;
            if rot & !layout.field() != group {
                break;
            }
            // n <= 10 bits
            let own = (rot & layout.field()) as u16;
            let mut draw = parents_left & !own;
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
                // n <= 10 bits
                if below.surely_folds(rule, low as u16) {
                    continue;
                }
                if rule.prover.depth == 0 {
                    next.push(child);
                    continue;
                }
                // n <= 10 bits
                if let Some(level) = below.one_level(rule, low as u16, f + 1) {
                    let (base, last) = (below.base.expect("with one_level"), low as u16);
                    let count = |j: u8| i64::from(base.get(j)) - i64::from(last >> (j - 1) & 1);
                    if !rule.prover.folds_one_level(&level, count) {
                        next.push(child);
                    }
                    continue;
                }
                let stacks = layout.stacks(child);
                // n <= 10 bits
                let d = below.unseen(rule.model, &stacks[..m], low as u16);
                if !rule.prover.folds(&stacks, &d, f + 1) {
                    next.push(child);
                }
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::{Layout, RotOrder};

    /// The packed sort orders a layer as the sort by pairs does, ties (equal keys) in
    /// index order either way; a key is the unrot of its rot.
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
        let (packed, pairs) = (
            RotOrder::new(layout, &keys),
            RotOrder::by_pairs(layout, &keys),
        );
        assert!(matches!(packed, RotOrder::Packed { .. }));
        assert_eq!(packed.len(), keys.len());
        for i in 0..keys.len() {
            let (rot, index) = packed.get(i);
            assert_eq!((rot, index), pairs.get(i));
            assert_eq!(layout.unrot(rot), keys[index]);
        }
    }
}
