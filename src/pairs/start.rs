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

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::model::RoundModel;
use super::rules::{Counts, Rank, Ranks, Stack};
use super::solver::Solver;
use crate::seats::MAX_SEATS;
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

/// Stacks in seat order during the deal, in turn order at its end; seats past the
/// table's stay empty. A fixed array keeps the deal's millions of branches off the heap.
type Stacks = [Stack; MAX_SEATS];

/// A tie still to break: the unseen cards, the stacks in seat order, the tied seats
/// (bit i for seat i).
type Tie = (Counts, Stacks, u8);

/// The ends of one step of the deal: (pool, stacks in turn order) with their chance.
type Ends<S> = FxHashMap<(Counts, Stacks), S>;

/// The round's value at its start from the full deck, averaged over the deal.
#[must_use]
pub fn start_value<S: Product>(ranks: Ranks, players: usize) -> StartValue<S> {
    start_value_within(ranks, players, None)
}

/// As [`start_value`], dropping deal branches less likely than `cutoff` (see
/// [`deal_outcomes`]); [`StartValue::dropped`] says how much probability went.
///
/// The deal is walked one step at a time (the first cards, then each tiebreak round),
/// and the ends of each step are valued before the next: the rounds that share a pool
/// share one solver, and memory holds one step's ends, not the whole tree's.
#[must_use]
pub fn start_value_within<S: Product>(
    ranks: Ranks,
    players: usize,
    cutoff: Option<f64>,
) -> StartValue<S> {
    let mut u = vec![S::zero(); players];
    let (mut deals, mut pools, mut states) = (0, 0, 0);
    let dropped = deal_steps::<S>(ranks.full(), players, cutoff, |ends| {
        deals += ends.len();
        let mut by_pool: FxHashMap<Counts, Vec<(Stacks, S)>> = FxHashMap::default();
        for ((pool, stacks), p) in ends {
            by_pool.entry(pool).or_default().push((stacks, p));
        }
        pools += by_pool.len();
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
                let v = solver.value(&stacks[..players]);
                for (a, b) in u.iter_mut().zip(&v) {
                    *a = a.plus(&b.times_scalar(&p));
                }
            }
            states += solver.states();
        }
    });
    StartValue {
        u,
        dropped,
        deals,
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
    let dropped = deal_steps::<S>(d, players, cutoff, |ends| {
        for ((pool, stacks), p) in ends {
            add(&mut out, (pool, stacks[..players].to_vec()), p);
        }
    });
    (out, dropped)
}

/// Walks the deal from `d` step by step, handing each step's ends to `on_ends`; returns
/// the probability dropped under `cutoff`.
fn deal_steps<S: Product>(
    d: Counts,
    players: usize,
    cutoff: Option<f64>,
    mut on_ends: impl FnMut(Ends<S>),
) -> f64 {
    let mut dropped = 0.0;
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
    let mut ends: Ends<S> = FxHashMap::default();
    let mut ties: FxHashMap<Tie, S> = FxHashMap::default();
    for ((d, stacks), p) in layer {
        let low = stacks[..players].iter().filter_map(|s| s.lowest()).min();
        let tied = (0..players)
            .filter(|&i| stacks[i].lowest() == low)
            .fold(0u8, |mask, i| mask | 1 << i);
        settle(d, stacks, tied, players, p, &mut ends, &mut ties);
    }
    on_ends(ends);
    // Tiebreak rounds until every branch has a first mover.
    let mut discards = DiscardLaws::default();
    while !ties.is_empty() {
        let mut ends: Ends<S> = FxHashMap::default();
        let mut next: FxHashMap<Tie, S> = FxHashMap::default();
        for ((d, stacks, tied), p) in ties {
            let seats: Vec<usize> = (0..players).filter(|&i| tied & 1 << i != 0).collect();
            let own = stacks[seats[0]];
            let (kept, law) = tiebreak_laws::<S>(d, own, seats.len(), &mut discards);
            for (cards, d_kept, q_kept) in &kept {
                let q_kept = p.times_scalar(q_kept);
                for (gone, q_gone) in law.iter() {
                    let q = q_kept.times_scalar(q_gone);
                    if cutoff.is_some_and(|c| q.to_f64() < c) {
                        dropped += q.to_f64();
                        continue;
                    }
                    let d2 = d_kept.minus(gone).expect("discards come from d");
                    let mut stacks = stacks;
                    for (&seat, &j) in seats.iter().zip(cards) {
                        stacks[seat] = own.with(j);
                    }
                    let Some(&low) = cards.iter().min() else {
                        // No tied player could get a card: the first of them moves first.
                        leaf(d2, stacks, players, seats[0], q, &mut ends);
                        continue;
                    };
                    // Players left without a card count as highest.
                    let still = seats
                        .iter()
                        .zip(cards)
                        .filter(|&(_, &c)| c == low)
                        .fold(0u8, |mask, (&seat, _)| mask | 1 << seat);
                    settle(d2, stacks, still, players, q, &mut ends, &mut next);
                }
            }
        }
        on_ends(ends);
        ties = next;
    }
    dropped
}

/// A branch whose lowest cards are held by the seats in `tied`: a deal end if one seat,
/// else a tie to break.
fn settle<S: Product>(
    d: Counts,
    stacks: Stacks,
    tied: u8,
    players: usize,
    p: S,
    ends: &mut Ends<S>,
    ties: &mut FxHashMap<Tie, S>,
) {
    if tied.count_ones() == 1 {
        leaf(d, stacks, players, tied.trailing_zeros() as usize, p, ends);
    } else {
        add(ties, (d, stacks, tied), p);
    }
}

fn add<K: std::hash::Hash + Eq, S: Product>(map: &mut FxHashMap<K, S>, key: K, p: S) {
    let slot = map.entry(key).or_insert_with(S::zero);
    *slot = slot.plus(&p);
}

/// The discard laws met so far, by what they depend on: the pairing cards of each rank,
/// the other cards, the tied players served.
type DiscardLaws<S> = FxHashMap<(Counts, u64, usize), Rc<DiscardLaw<S>>>;

/// Which cards a tiebreak round discards, with the chance of each.
type DiscardLaw<S> = Vec<(Counts, S)>;

/// The cards a tiebreak round's tied players keep, in seat order, with d after them
/// and their chance.
type Kept<S> = Vec<(Vec<Rank>, Counts, S)>;

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
    let (kept, law) = tiebreak_laws::<S>(d, own, tied, &mut DiscardLaws::default());
    let mut out = Vec::with_capacity(kept.len() * law.len());
    for (cards, d, p) in &kept {
        for (gone, q) in law.iter() {
            let d2 = d.minus(gone).expect("discards come from d");
            out.push((cards.clone(), d2, p.times_scalar(q)));
        }
    }
    out
}

/// The two independent halves of a tiebreak round (see [`tiebreak_round`]): the kept
/// cards with d after them and their chance, and the law of the discards (which cards,
/// with their chance), looked up in `laws` when met before.
fn tiebreak_laws<S: Product>(
    d: Counts,
    own: Stack,
    tied: usize,
    laws: &mut DiscardLaws<S>,
) -> (Kept<S>, Rc<DiscardLaw<S>>) {
    let mut pairing = Counts::default();
    for (j, c) in d.iter().filter(|&(j, _)| own.has(j)) {
        for _ in 0..c {
            pairing.add(j);
        }
    }
    let a = u64::from(pairing.total());
    let b = u64::from(d.total()) - a;
    let t = tied.min(usize::try_from(b).unwrap_or(usize::MAX));
    if t == 0 {
        let none = Rc::new(vec![(Counts::default(), S::one())]);
        return (vec![(Vec::new(), d, S::one())], none);
    }
    // The kept cards, in order.
    let mut kept: Kept<S> = vec![(Vec::new(), d, S::one())];
    for _ in 0..t {
        let mut next = Vec::new();
        for (cards, d, p) in kept {
            let outside = u64::from(d.total()) - u64::from(pairing.total());
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
    let law = laws
        .entry((pairing, b, t))
        .or_insert_with(|| Rc::new(discard_law(&pairing, b, t as u64)))
        .clone();
    (kept, law)
}

/// Which of the `pairing` cards a tiebreak round discards before the `t`-th of the `b`
/// other cards, with the chance of each (see [`tiebreak_round`]).
fn discard_law<S: Product>(pairing: &Counts, b: u64, t: u64) -> DiscardLaw<S> {
    let a = u64::from(pairing.total());
    let mut law = Vec::new();
    for k in 0..=a {
        let before = binomial(k + t - 1, t - 1);
        let after = binomial(a - k + b - t, b - t);
        if before == 0 || after == 0 {
            continue;
        }
        let how_many = S::ratio(i64::try_from(before).expect("small"), 1)
            .times(after)
            .over(binomial(a + b, b));
        let mut subsets: Vec<(Counts, u64)> = vec![(Counts::default(), 1)];
        for (j, c) in pairing.iter() {
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
                law.push((m, how_many.times(w).over(all)));
            }
        }
    }
    law
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

/// A deal that ends with `first` to move: the round's pool and the stacks in turn order.
fn leaf<S: Product>(
    d: Counts,
    mut stacks: Stacks,
    players: usize,
    first: usize,
    p: S,
    ends: &mut Ends<S>,
) {
    stacks[..players].rotate_left(first);
    let mut pool = d;
    for &s in &stacks[..players] {
        pool.add_stack(s);
    }
    add(ends, (pool, stacks), p);
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
