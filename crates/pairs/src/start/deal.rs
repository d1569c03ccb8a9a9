//! The deal as a chance tree: every way it can end (the round's pool and the stacks in
//! turn order) with its chance.
//!
//! A tie's kept cards depend only on the cards outside the tied stack, which no discard
//! touches; the discards depend only on how many cards of the tied stack's ranks are
//! left. So a tie is keyed by its stacks and tied seats, and carries the law of the
//! discards so far: the kept cards are drawn once per tie, the discards once per
//! discards-so-far, and only the deal's ends pair the two. Drawing tied player by tied
//! player, discard by discard, made the tree explode at n = 10.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::Product;
use crate::rules::{Counts, Rank, Stack};
use crate::seats::MAX_SEATS;

/// Stacks in seat order during the deal, in turn order at its end; seats past the
/// table's stay empty. A fixed array keeps the deal's millions of branches off the heap.
pub(super) type Stacks = [Stack; MAX_SEATS];

/// The cards discarded so far (of the tied stack's ranks), by their chance.
type Discards<S> = FxHashMap<Counts, S>;

/// The ties still to break: the stacks in seat order and the tied seats (bit i for
/// seat i), with the law of the discards so far.
type Ties<S> = FxHashMap<(Stacks, u8), Discards<S>>;

/// Walks the deal from the unseen cards `d`. Every end goes to `on_end` (the pool of the
/// round, the stacks in turn order, the chance); every tie still to break goes first to
/// `follow` (the stacks in seat order, the tied seats, the chance of those discards),
/// which drops it by answering `false` (the caller then accounts for its chance).
pub(super) fn walk<S: Product>(
    d: Counts,
    players: usize,
    mut on_end: impl FnMut(Counts, Stacks, S),
    mut follow: impl FnMut(&Stacks, u8, &S) -> bool,
) {
    // The first cards, one seat at a time.
    let mut layer: FxHashMap<(Counts, Stacks), S> = FxHashMap::default();
    layer.insert((d, [Stack::EMPTY; MAX_SEATS]), S::one());
    for seat in 0..players {
        let mut next: FxHashMap<(Counts, Stacks), S> = FxHashMap::default();
        for ((d, stacks), p) in layer {
            let total = u64::from(d.total());
            assert!(total > 0, "a card for every player");
            for (j, c) in d.iter() {
                let mut d2 = d;
                d2.remove(j);
                let mut s2 = stacks;
                s2[seat] = Stack::EMPTY.with(j);
                add(&mut next, (d2, s2), p.times(u64::from(c)).over(total));
            }
        }
        layer = next;
    }
    let mut ties: Ties<S> = FxHashMap::default();
    let none = Counts::default();
    for ((_, stacks), p) in layer {
        let low = stacks[..players].iter().filter_map(|s| s.lowest()).min();
        let tied = (0..players)
            .filter(|&i| stacks[i].lowest() == low)
            .fold(0u8, |mask, i| mask | 1 << i);
        if tied.count_ones() == 1 {
            on_end(d, turn_order(stacks, players, tied), p);
        } else if follow(&stacks, tied, &p) {
            add(ties.entry((stacks, tied)).or_default(), none, p);
        }
    }
    // Tiebreak rounds until every branch has a first mover.
    while !ties.is_empty() {
        let mut next: Ties<S> = FxHashMap::default();
        let mut groups: Vec<_> = ties.into_iter().collect();
        groups.sort_by_key(|g| g.0);
        // The discards' laws, the walk's cost, on all cores; their ends in order.
        let rounds: Vec<_> = groups
            .into_par_iter()
            .map(|((stacks, tied), discards)| {
                let seats: Vec<usize> = (0..players).filter(|&i| tied & 1 << i != 0).collect();
                let own = stacks[seats[0]];
                let unseen = stacks[..players]
                    .iter()
                    .try_fold(d, |d, &s| d.minus_stack(s))
                    .expect("stacks dealt from d");
                let round = Round::new(unseen, own, seats.len());
                let after = round.discards(discards);
                (stacks, seats, own, round, after)
            })
            .collect();
        for (stacks, seats, own, round, after) in rounds {
            for (cards, q_kept) in &round.kept {
                let mut stacks = stacks;
                for (&seat, &j) in seats.iter().zip(cards) {
                    stacks[seat] = own.with(j);
                }
                // Players left without a card count as highest; if none got one, the
                // first of them moves first.
                let still = match cards.iter().min() {
                    None => 1 << seats[0],
                    Some(&low) => seats
                        .iter()
                        .zip(cards)
                        .filter(|&(_, &c)| c == low)
                        .fold(0u8, |mask, (&seat, _)| mask | 1 << seat),
                };
                if still.count_ones() == 1 {
                    let turns = turn_order(stacks, players, still);
                    for (gone, p) in &after {
                        let pool = d.minus(gone).expect("discards come from d");
                        on_end(pool, turns, p.times_scalar(q_kept));
                    }
                } else {
                    let slot = next.entry((stacks, still)).or_default();
                    for (gone, p) in &after {
                        let q = p.times_scalar(q_kept);
                        if follow(&stacks, still, &q) {
                            add(slot, *gone, q);
                        }
                    }
                }
            }
        }
        next.retain(|_, discards| !discards.is_empty());
        ties = next;
    }
}

/// The stacks in turn order, the one seat in `first` first.
fn turn_order(mut stacks: Stacks, players: usize, first: u8) -> Stacks {
    stacks[..players].rotate_left(first.trailing_zeros() as usize);
    stacks
}

fn add<K: std::hash::Hash + Eq, S: Product>(map: &mut FxHashMap<K, S>, key: K, p: S) {
    let slot = map.entry(key).or_insert_with(S::zero);
    *slot = slot.plus(&p);
}

/// One tiebreak round for `tied` players holding the same stack `own` (players still
/// tied always do).
///
/// The round draws from d in a uniformly random order: the i-th tied player keeps the
/// i-th card outside `own`, and the cards of `own`'s ranks drawn before the last kept
/// card are discarded. So the kept cards are an ordered draw without replacement from
/// the B cards outside `own` (fewer than `tied` when they run out: the rest get none);
/// the number k of discards follows the negative hypergeometric law (k of the A pairing
/// cards before the t-th of the B others: C(k+t−1, t−1)·C(A−k+B−t, B−t)/C(A+B, B));
/// and given k, which ones is a uniform k-subset of the A pairing cards, independent of
/// the rest.
pub(super) struct Round<S> {
    /// The kept cards in seat order, with their chance.
    pub kept: Vec<(Vec<Rank>, S)>,
    /// The cards of `own`'s ranks in d before any discard of this tie.
    pairing: Counts,
    /// B: the cards outside `own`.
    others: u64,
    /// t: the cards kept.
    taken: u64,
}

impl<S: Product> Round<S> {
    /// The round from `d` (before the discards of this tie's earlier rounds).
    pub(super) fn new(d: Counts, own: Stack, tied: usize) -> Self {
        let mut pairing = Counts::default();
        let mut outside = d;
        for (j, c) in d.iter().filter(|&(j, _)| own.has(j)) {
            for _ in 0..c {
                pairing.add(j);
                outside.remove(j);
            }
        }
        let b = u64::from(outside.total());
        let t = tied.min(usize::try_from(b).unwrap_or(usize::MAX));
        let mut kept: Vec<(Vec<Rank>, Counts, S)> = vec![(Vec::new(), outside, S::one())];
        for _ in 0..t {
            let mut next = Vec::new();
            for (cards, d, p) in kept {
                let total = u64::from(d.total());
                for (j, c) in d.iter() {
                    let mut d2 = d;
                    d2.remove(j);
                    let mut cards = cards.clone();
                    cards.push(j);
                    next.push((cards, d2, p.times(u64::from(c)).over(total)));
                }
            }
            kept = next;
        }
        Self {
            kept: kept.into_iter().map(|(c, _, p)| (c, p)).collect(),
            pairing,
            others: b,
            taken: t as u64,
        }
    }

    /// The law of the discards after this round, from their law before it (earlier
    /// rounds of the same tie discarded `gone`, so fewer pairing cards are left).
    ///
    /// Given the k discards, which ones is a uniform k-subset (see [`Round`]): from
    /// `gone`, the chance of discarding x_j more of each rank j is φ(k)·Π_j C(left_j,
    /// x_j) with φ(k) = P(k discards)/C(A−|gone|, k). The laws are added into a dense
    /// table indexed by the discards' counts (mixed radix over the pairing ranks):
    /// millions of terms at n = 10, where a hash map per term was the walk's cost.
    pub(super) fn discards(&self, before: Discards<S>) -> Discards<S> {
        if self.taken == 0 {
            return before;
        }
        let ranks: Vec<(Rank, u8)> = self.pairing.iter().collect();
        let mut strides = Vec::with_capacity(ranks.len());
        let mut size = 1usize;
        for &(_, c) in &ranks {
            strides.push(size);
            size *= usize::from(c) + 1;
        }
        let index = |d: &Counts| -> usize {
            ranks
                .iter()
                .zip(&strides)
                .map(|(&(j, _), s)| usize::from(d.get(j)) * s)
                .sum()
        };
        let a = u64::from(self.pairing.total());
        // φ by the number of cards gone before, computed once each.
        let mut phi: Vec<Option<Vec<Option<S>>>> =
            vec![None; usize::try_from(a).expect("small") + 1];
        let mut after: Vec<S> = vec![S::zero(); size];
        let mut seen = vec![false; size];
        for (gone, p) in &before {
            let g = gone.total();
            let slot = &mut phi[g as usize];
            let phi_g =
                slot.get_or_insert_with(|| per_k::<S>(a - u64::from(g), self.others, self.taken));
            let pk: Vec<Option<S>> = phi_g
                .iter()
                .map(|f| f.as_ref().map(|f| p.times_scalar(f)))
                .collect();
            let left: Vec<u8> = ranks.iter().map(|&(j, c)| c - gone.get(j)).collect();
            spread(
                &left,
                &strides,
                &pk,
                index(gone),
                0,
                0,
                1,
                &mut after,
                &mut seen,
            );
        }
        let mut out = Discards::default();
        for (i, p) in after.into_iter().enumerate() {
            if !seen[i] {
                continue;
            }
            let mut d = Counts::default();
            let mut rest = i;
            for (&(j, c), _) in ranks.iter().zip(&strides) {
                let radix = usize::from(c) + 1;
                for _ in 0..rest % radix {
                    d.add(j);
                }
                rest /= radix;
            }
            out.insert(d, p);
        }
        out
    }
}

/// Adds the discard law from one `gone` into `after` (see [`Round::discards`]): rank by
/// rank, x more discards of each, with the product of C(left_j, x_j) so far in `w`.
#[allow(clippy::too_many_arguments)] // one recursion's state
fn spread<S: Product>(
    left: &[u8],
    strides: &[usize],
    pk: &[Option<S>],
    at: usize,
    rank: usize,
    k: usize,
    w: u64,
    after: &mut [S],
    seen: &mut [bool],
) {
    if rank == left.len() {
        if let Some(q) = &pk[k] {
            after[at] = after[at].plus(&q.times(w));
            seen[at] = true;
        }
        return;
    }
    let c = left[rank];
    if rank + 1 == left.len() {
        // The last rank: the leaves inline (the walk's cost is here), added in the
        // order and with the products the recursion would make, so the sums are the
        // same bit for bit.
        for x in 0..=usize::from(c) {
            if let Some(q) = &pk[k + x] {
                let at = at + x * strides[rank];
                after[at] = after[at].plus(&q.times(w * BINOMIALS[usize::from(c)][x]));
                seen[at] = true;
            }
        }
        return;
    }
    for x in 0..=c {
        let w = w * BINOMIALS[usize::from(c)][usize::from(x)];
        spread(
            left,
            strides,
            pk,
            at + usize::from(x) * strides[rank],
            rank + 1,
            k + usize::from(x),
            w,
            after,
            seen,
        );
    }
}

/// C(n, k) for n < 11 (a rank's cards), looked up.
const BINOMIALS: [[u64; 11]; 11] = {
    let mut t = [[0u64; 11]; 11];
    let mut n = 0;
    while n < 11 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// φ(k) = P(k discards)/C(A, k) for a round with `a` pairing cards, `b` others and `t`
/// cards kept (`None` where k discards cannot happen).
fn per_k<S: Product>(a: u64, b: u64, t: u64) -> Vec<Option<S>> {
    let all = binomial(a + b, b);
    (0..=a)
        .map(|k| {
            let before = binomial(k + t - 1, t - 1);
            let after = binomial(a - k + b - t, b - t);
            (before != 0 && after != 0).then(|| {
                S::ratio(i64::try_from(before).expect("small"), 1)
                    .times(after)
                    .over(all)
                    .over(binomial(a, k))
            })
        })
        .collect()
}

/// C(n, k) in integers (small arguments: at most C(55, 27) < 2^63).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    u64::try_from(r).expect("a binomial below 2^64")
}
