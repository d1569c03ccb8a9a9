//! The value of a round at its start, by turn position (the first mover first), averaged
//! exactly over the deal rule of `pairs.md`: one card each in seat order; players tied
//! for lowest draw further cards in seat order until one is lowest; a tiebreak card that
//! pairs its owner's stack is discarded face up and replaced; a tied player for whom no
//! card left pairs nothing gets none and counts as highest; if no tied player can get
//! one, the first of them in seat order moves first.
//!
//! The deal is a chance tree over d (the unseen cards, burned ones included: they are
//! exchangeable with the deck). Players still tied hold identical stacks, so a card
//! discarded in a tiebreak pairs every one of them and the "deck and discards" of the
//! rule hold a card for a tied player exactly when d does. Chance outcomes that lead to
//! the same cards are merged, and the round's configurations that share a pool (d plus
//! the face-up cards: the full deck minus the tiebreak's discards) share one solver.

use rustc_hash::FxHashMap;

use super::model::RoundModel;
use super::rules::{Counts, Rank, Ranks, Stack};
use super::solver::Solver;
use num_rational::BigRational;

use crate::solver::Scalar;

/// The start-of-round value and what it took.
#[derive(Debug, Clone, PartialEq)]
pub struct StartValue<S> {
    /// The round's value by turn position, the first mover first.
    pub u: Vec<S>,
    /// Probability of the deal branches dropped under a cutoff (0 without one): the
    /// value is off by at most this times the largest payoff, (m−1)·n.
    pub dropped: f64,
    /// Distinct configurations the deal can start a round in.
    pub deals: usize,
    /// Distinct pools among them (one solver each).
    pub pools: usize,
    /// Configurations solved in all.
    pub states: usize,
}

/// One way the deal can end: the pool and the stacks in turn order.
type Leaf = (Counts, Vec<Stack>);

/// The round's value at its start from the full deck, averaged over the deal.
#[must_use]
pub fn start_value<S: Product>(ranks: Ranks, players: usize) -> StartValue<S> {
    start_value_within(ranks, players, None)
}

/// As [`start_value`], dropping deal branches less likely than `cutoff` (see
/// [`deal_outcomes`]); [`StartValue::dropped`] says how much probability went.
#[must_use]
pub fn start_value_within<S: Product>(
    ranks: Ranks,
    players: usize,
    cutoff: Option<f64>,
) -> StartValue<S> {
    let (deals, dropped) = deal_outcomes::<S>(ranks.full(), players, cutoff);
    let mut by_pool: FxHashMap<Counts, Vec<(Vec<Stack>, S)>> = FxHashMap::default();
    let count = deals.len();
    for ((pool, stacks), p) in deals {
        by_pool.entry(pool).or_default().push((stacks, p));
    }
    let pools = by_pool.len();
    let mut u = vec![S::zero(); players];
    let mut states = 0;
    let mut groups: Vec<_> = by_pool.into_iter().collect();
    groups.sort_by_key(|g| g.0);
    for (pool, leaves) in groups {
        let mut solver = Solver::<S>::new(RoundModel {
            ranks,
            players,
            pool,
            reshuffle: None,
        });
        for (stacks, p) in leaves {
            let v = solver.value(&stacks);
            for (a, b) in u.iter_mut().zip(&v) {
                *a = a.plus(&b.times_scalar(&p));
            }
        }
        states += solver.states();
    }
    StartValue {
        u,
        dropped,
        deals: count,
        pools,
        states,
    }
}

/// Every way the deal can end from the unseen cards `d`, with its probability: the pool
/// of the round and the stacks in turn order (the first mover first).
///
/// Branches that reach the same cards are merged (the order of the discards does not
/// matter), and a tiebreak round is taken in one step (see [`tiebreak_round`]): drawing
/// tied player by tied player, discard by discard, makes the tree explode at n = 10.
/// With `cutoff`, branches less likely than it are dropped and their total probability
/// returned as the second value (an `f64` shortcut for large decks; exact results use
/// no cutoff and drop nothing).
#[must_use]
pub fn deal_outcomes<S: Product>(
    d: Counts,
    players: usize,
    cutoff: Option<f64>,
) -> (FxHashMap<Leaf, S>, f64) {
    let mut out = FxHashMap::default();
    let mut dropped = 0.0;
    // The first cards, one seat at a time.
    let mut layer: FxHashMap<(Counts, Vec<Stack>), S> = FxHashMap::default();
    layer.insert((d, Vec::new()), S::one());
    for _ in 0..players {
        let mut next: FxHashMap<(Counts, Vec<Stack>), S> = FxHashMap::default();
        for ((d, stacks), p) in layer {
            let total = u64::from(d.total());
            assert!(total > 0, "a card for every player");
            for (j, c) in d.iter() {
                let mut d2 = d;
                d2.remove(j);
                let mut s2 = stacks.clone();
                s2.push(Stack::EMPTY.with(j));
                add(&mut next, (d2, s2), p.times(u64::from(c)).over(total));
            }
        }
        layer = next;
    }
    let mut tied_states: FxHashMap<(Counts, Vec<Stack>, Vec<usize>), S> = FxHashMap::default();
    for ((d, stacks), p) in layer {
        let low = stacks.iter().filter_map(|s| s.lowest()).min();
        let tied: Vec<usize> = (0..players)
            .filter(|&i| stacks[i].lowest() == low)
            .collect();
        if tied.len() == 1 {
            leaf(d, stacks, tied[0], p, &mut out);
        } else {
            add(&mut tied_states, (d, stacks, tied), p);
        }
    }
    // Tiebreak rounds until every branch has a first mover.
    while !tied_states.is_empty() {
        let mut next: FxHashMap<(Counts, Vec<Stack>, Vec<usize>), S> = FxHashMap::default();
        for ((d, stacks, tied), p) in tied_states {
            let own = stacks[tied[0]];
            for (cards, d2, q) in tiebreak_round::<S>(d, own, tied.len()) {
                let q = p.times_scalar(&q);
                if cutoff.is_some_and(|c| q.to_f64() < c) {
                    dropped += q.to_f64();
                    continue;
                }
                let mut stacks = stacks.clone();
                for (&seat, &j) in tied.iter().zip(&cards) {
                    stacks[seat] = own.with(j);
                }
                let Some(&low) = cards.iter().min() else {
                    // No tied player could get a card: the first of them moves first.
                    leaf(d2, stacks, tied[0], q, &mut out);
                    continue;
                };
                // Players left without a card count as highest.
                let still: Vec<usize> = tied
                    .iter()
                    .zip(&cards)
                    .filter(|&(_, &c)| c == low)
                    .map(|(&seat, _)| seat)
                    .collect();
                if still.len() == 1 {
                    leaf(d2, stacks, still[0], q, &mut out);
                } else {
                    add(&mut next, (d2, stacks, still), q);
                }
            }
        }
        tied_states = next;
    }
    (out, dropped)
}

fn add<K: std::hash::Hash + Eq, S: Product>(map: &mut FxHashMap<K, S>, key: K, p: S) {
    let slot = map.entry(key).or_insert_with(S::zero);
    *slot = slot.plus(&p);
}

/// One tiebreak round for `tied` players holding the same stack `own` (players still
/// tied always do): the cards they keep, in seat order (fewer than `tied` when the cards
/// that do not pair `own` run out: the rest get none), d afterwards, and the chance.
///
/// The round draws from d in a uniformly random order: the i-th tied player keeps the
/// i-th card outside `own`, and the cards of `own`'s ranks drawn before the last kept
/// card are discarded. So the kept cards are an ordered draw without replacement from
/// the B cards outside `own`; the number k of discards follows the negative
/// hypergeometric law (k of the A pairing cards before the t-th of the B others:
/// C(k+t−1, t−1)·C(A−k+B−t, B−t)/C(A+B, B)); and given k, which ones is a uniform
/// k-subset of the A pairing cards, independent of the rest.
#[must_use]
pub fn tiebreak_round<S: Product>(
    d: Counts,
    own: Stack,
    tied: usize,
) -> Vec<(Vec<Rank>, Counts, S)> {
    let pairing: Vec<(Rank, u8)> = d.iter().filter(|&(j, _)| own.has(j)).collect();
    let a: u64 = pairing.iter().map(|&(_, c)| u64::from(c)).sum();
    let b = u64::from(d.total()) - a;
    let t = tied.min(usize::try_from(b).unwrap_or(usize::MAX));
    if t == 0 {
        return vec![(Vec::new(), d, S::one())];
    }
    let t64 = t as u64;
    // The kept cards, in order.
    let mut kept: Vec<(Vec<Rank>, Counts, S)> = vec![(Vec::new(), d, S::one())];
    for _ in 0..t {
        let mut next = Vec::new();
        for (cards, d, p) in kept {
            let outside = u64::from(d.total())
                - pairing
                    .iter()
                    .map(|&(j, _)| u64::from(d.get(j)))
                    .sum::<u64>();
            for (j, c) in d.iter().filter(|&(j, _)| !own.has(j)) {
                let mut d2 = d;
                d2.remove(j);
                let mut cards = cards.clone();
                cards.push(j);
                next.push((cards, d2, p.times(u64::from(c)).over(outside)));
            }
        }
        kept = next;
    }
    // The discards: how many, then which.
    let mut discards: Vec<(Counts, S)> = Vec::new();
    for k in 0..=a {
        let before = binomial(k + t64 - 1, t64 - 1);
        let after = binomial(a - k + b - t64, b - t64);
        if before == 0 || after == 0 {
            continue;
        }
        let how_many = S::ratio(i64::try_from(before).expect("small"), 1)
            .times(after)
            .over(binomial(a + b, b));
        let mut subsets: Vec<(Counts, u64)> = vec![(Counts::default(), 1)];
        for &(j, c) in &pairing {
            let mut next = Vec::new();
            for (m, w) in &subsets {
                let taken: u64 = m.total().into();
                for x in 0..=u64::from(c).min(k - taken.min(k)) {
                    let mut m2 = *m;
                    for _ in 0..x {
                        m2.add(j);
                    }
                    next.push((m2, w * binomial(u64::from(c), x)));
                }
            }
            subsets = next;
        }
        let all = binomial(a, k);
        for (m, w) in subsets {
            if u64::from(m.total()) == k {
                let p = how_many.times(w).over(all);
                discards.push((m, p));
            }
        }
    }
    let mut out = Vec::with_capacity(kept.len() * discards.len());
    for (cards, d, p) in &kept {
        for (m, q) in &discards {
            let d2 = d.minus(m).expect("discards come from d");
            out.push((cards.clone(), d2, p.times_scalar(q)));
        }
    }
    out
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

fn leaf<S: Product>(
    d: Counts,
    mut stacks: Vec<Stack>,
    first: usize,
    p: S,
    out: &mut FxHashMap<Leaf, S>,
) {
    stacks.rotate_left(first);
    let mut pool = d;
    for &s in &stacks {
        pool.add_stack(s);
    }
    let slot = out.entry((pool, stacks)).or_insert_with(S::zero);
    *slot = slot.plus(&p);
}

/// The product of two values, which the shared [`Scalar`] trait leaves out (the deal's
/// probabilities multiply along the chance tree).
pub trait Product: Scalar {
    /// `self · other`.
    #[must_use]
    fn times_scalar(&self, other: &Self) -> Self;
}

impl Product for f64 {
    fn times_scalar(&self, other: &Self) -> Self {
        self * other
    }
}

impl Product for BigRational {
    fn times_scalar(&self, other: &Self) -> Self {
        self * other
    }
}
