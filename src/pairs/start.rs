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
    let deals = deal_outcomes::<S>(ranks.full(), players);
    let mut by_pool: FxHashMap<Counts, Vec<(Vec<Stack>, S)>> = FxHashMap::default();
    let count = deals.len();
    for ((pool, stacks), p) in deals {
        by_pool.entry(pool).or_default().push((stacks, p));
    }
    let pools = by_pool.len();
    let mut u = vec![S::zero(); players];
    let mut states = 0;
    let mut groups: Vec<_> = by_pool.into_iter().collect();
    groups.sort_by(|a, b| a.0.cmp(&b.0));
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
        deals: count,
        pools,
        states,
    }
}

/// Every way the deal can end from the unseen cards `d`, with its probability: the pool
/// of the round and the stacks in turn order (the first mover first).
#[must_use]
pub fn deal_outcomes<S: Product>(d: Counts, players: usize) -> FxHashMap<Leaf, S> {
    let mut out = FxHashMap::default();
    let stacks = vec![Stack::EMPTY; players];
    first_cards(d, stacks, 0, S::one(), &mut out);
    out
}

fn first_cards<S: Product>(
    d: Counts,
    mut stacks: Vec<Stack>,
    seat: usize,
    p: S,
    out: &mut FxHashMap<Leaf, S>,
) {
    if seat == stacks.len() {
        let low = stacks.iter().filter_map(|s| s.lowest()).min();
        let tied: Vec<usize> = (0..stacks.len())
            .filter(|&i| stacks[i].lowest() == low)
            .collect();
        tiebreak(d, stacks, &tied, p, out);
        return;
    }
    let total = u64::from(d.total());
    assert!(total > 0, "a card for every player");
    for (j, c) in d.iter() {
        let mut d2 = d;
        d2.remove(j);
        stacks[seat] = Stack::EMPTY.with(j);
        first_cards(d2, stacks.clone(), seat + 1, p.times(u64::from(c)).over(total), out);
    }
}

/// The tied players (seat order) each draw a tiebreak card; the lowest breaks the tie.
fn tiebreak<S: Product>(
    d: Counts,
    stacks: Vec<Stack>,
    tied: &[usize],
    p: S,
    out: &mut FxHashMap<Leaf, S>,
) {
    if tied.len() == 1 {
        leaf(d, stacks, tied[0], p, out);
        return;
    }
    draw_round(d, stacks, tied, 0, Vec::new(), p, out);
}

/// Tied player `tied[i]` draws, then the next; `cards` holds the cards drawn so far
/// (`None`: no card could be given).
#[allow(clippy::too_many_arguments)]
fn draw_round<S: Product>(
    d: Counts,
    stacks: Vec<Stack>,
    tied: &[usize],
    i: usize,
    cards: Vec<Option<Rank>>,
    p: S,
    out: &mut FxHashMap<Leaf, S>,
) {
    if i == tied.len() {
        let low = cards.iter().flatten().min().copied();
        let Some(low) = low else {
            // No tied player could get a card: the first of them moves first.
            leaf(d, stacks, tied[0], p, out);
            return;
        };
        let next: Vec<usize> = tied
            .iter()
            .zip(&cards)
            .filter(|(_, c)| **c == Some(low))
            .map(|(&seat, _)| seat)
            .collect();
        tiebreak(d, stacks, &next, p, out);
        return;
    }
    let seat = tied[i];
    let own = stacks[seat];
    for (card, d2, q) in draw_avoiding::<S>(d, own) {
        let mut stacks = stacks.clone();
        let mut cards = cards.clone();
        if let Some(j) = card {
            stacks[seat] = own.with(j);
        }
        cards.push(card);
        draw_round(d2, stacks, tied, i + 1, cards, p.times_scalar(&q), out);
    }
}

/// The distribution of the card a player with stack `own` keeps from `d`, drawing until
/// a card does not pair the stack (those that do are discarded face up): (the card or
/// `None` if no card can be given, d afterwards, probability).
#[must_use]
pub fn draw_avoiding<S: Product>(d: Counts, own: Stack) -> Vec<(Option<Rank>, Counts, S)> {
    if d.iter().all(|(j, _)| own.has(j)) {
        return vec![(None, d, S::one())];
    }
    let mut result: FxHashMap<(Rank, Counts), S> = FxHashMap::default();
    let mut frontier: FxHashMap<Counts, S> = FxHashMap::default();
    frontier.insert(d, S::one());
    while !frontier.is_empty() {
        let mut next: FxHashMap<Counts, S> = FxHashMap::default();
        for (d, p) in frontier {
            let total = u64::from(d.total());
            for (j, c) in d.iter() {
                let q = p.times(u64::from(c)).over(total);
                let mut d2 = d;
                d2.remove(j);
                let slot = if own.has(j) {
                    next.entry(d2).or_insert_with(S::zero)
                } else {
                    result.entry((j, d2)).or_insert_with(S::zero)
                };
                *slot = slot.plus(&q);
            }
        }
        frontier = next;
    }
    let mut list: Vec<_> = result
        .into_iter()
        .map(|((j, d), p)| (Some(j), d, p))
        .collect();
    list.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    list
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
