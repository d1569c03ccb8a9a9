//! The value of a round at its start, by turn position (the first mover first), averaged
//! over the deal rule of `docs/pairs.md`: one card each in seat order; players tied for lowest
//! draw further cards in seat order until one is lowest; a tiebreak card that pairs its
//! owner's stack is discarded face up and replaced; a tied player for whom no card left
//! pairs nothing gets none and counts as highest; if no tied player can get one, the
//! first of them in seat order moves first.
//!
//! The deal is a chance tree over d (the unseen cards, burned ones included: they are
//! exchangeable with the deck), walked in [`deal`]. Players still tied hold identical
//! stacks, so a card discarded in a tiebreak pairs every one of them and the "deck and
//! discards" of the rule hold a card for a tied player exactly when d does. Every end
//! of the deal is a round: its pool (the full deck minus the tiebreak's discards) and
//! the stacks in turn order.
//!
//! **Where the fold test settles a round.** The solver's proved fold test
//! ([`FoldBound`], the corrected Corollary 8 with two players) is tried at every end
//! first: where it holds, the first mover folds and the round is worth u_Fold, with no
//! solver. At n = 10 with two players that settles most of the 25 M ends (the deep
//! tiebreaks leave stacks whose next card nearly always pairs). The rest are grouped by
//! pool, one solver a pool, the pools solved on all cores.
//!
//! **The bounded value** ([`start_value_within`]). A round not settled by the test has
//! a value in an interval that costs nothing to compute: the mover can fold, so u_1 ≥
//! u_Fold[1] = −(m−1)·r; and hitting is worth at most the solver's bound B/N
//! ([`FoldBound`]: a pair costs the mover its rank, a card that does not pair ends the
//! round with another player scoring at most U, U = r with two players), so u_1 ≤
//! max(−(m−1)·r, B/N). With two players u_2 = −u_1. With three or more every other
//! position lies in [−(m−1)·h, h], h = U the highest rank anyone can score. A pool left
//! unsolved adds the midpoint of its rounds' intervals, weighted by their chance, and
//! half their width to the error bound. The pools are taken lightest (least half-width
//! × chance) first while the bound stays within the budget; every other pool is solved.
//! So the printed bound is a sum of proved half-widths: the exact value lies within it
//! of the printed one at every position.
//!
//! **What `f64` adds.** The solver's `f64` ties fold within 1e-9: where hitting beat
//! folding by less, it folded anyway. Each solver sums those margins
//! ([`Solver::close_calls`]); with two players they bound its values' error, so the
//! bound adds each pool's chance times its sum (below 1e-24 at n <= 10 with two
//! players: only rounding-level ties are met; with three or more a close call can move
//! the other positions further, and the bound speaks for the mover only). Rounding is
//! left out of the bound: the sums are compensated, and every term's relative error is
//! a few hundred ulps, far below 1e-12 in all.

mod deal;

use num_rational::BigRational;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use self::deal::Stacks;
use super::model::RoundModel;
use super::rules::{Counts, Rank, Ranks, Stack};
use super::solver::{FoldBound, Solver, solve_round};
use concentration_engine::solver::Scalar;

/// The start-of-round value and what it took.
#[derive(Debug, Clone, PartialEq)]
pub struct StartValue<S> {
    /// The round's value by turn position, the first mover first.
    pub u: Vec<S>,
    /// A proved bound on the error of every position's value (0 when every round was
    /// solved), `f64` rounding aside.
    pub bound: f64,
    /// Chance of the deal ends valued by their interval rather than solved.
    pub bounded: f64,
    /// Ends of the deal met (a round each; the same round met twice counts twice).
    pub deals: usize,
    /// Of those, the ends the fold test settled without a solver.
    pub settled: usize,
    /// Pools solved (one solver each).
    pub pools: usize,
    /// Pools left to their interval.
    pub pools_bounded: usize,
    /// Configurations solved in all (with three players and more in `f64`, those the
    /// layered solve expanded: the settled ones it valued on the way are not counted).
    pub states: usize,
}

impl<S: Scalar> StartValue<S> {
    /// The same with the values as the nearest `f64`.
    #[must_use]
    pub fn into_f64(self) -> StartValue<f64> {
        StartValue {
            u: self.u.iter().map(Scalar::to_f64).collect(),
            bound: self.bound,
            bounded: self.bounded,
            deals: self.deals,
            settled: self.settled,
            pools: self.pools,
            pools_bounded: self.pools_bounded,
            states: self.states,
        }
    }
}

/// One way the deal can end: the pool and the stacks in turn order.
type Leaf = (Counts, Vec<Stack>);

/// The round's value at its start from the full deck, averaged over the deal, every
/// round not settled by the fold test solved.
#[must_use]
pub fn start_value<S: Product>(ranks: Ranks, players: usize) -> StartValue<S> {
    value(ranks, players, 0.0, &|_| ())
}

/// As [`start_value`] in `f64`, leaving pools unsolved while the proved bound on the
/// error stays at most `within` (see the module's documentation).
#[must_use]
pub fn start_value_within(ranks: Ranks, players: usize, within: f64) -> StartValue<f64> {
    value(ranks, players, within, &|_| ())
}

/// How far a start value has gone, for a command's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The deal is walked: this many pools are left to solve.
    Dealt(usize),
    /// One more pool solved (from any thread).
    Solved,
}

/// As [`start_value_within`], telling `report` how far it has gone.
#[must_use]
pub fn start_value_reporting<S: Product>(
    ranks: Ranks,
    players: usize,
    within: f64,
    report: &(dyn Fn(Step) + Sync),
) -> StartValue<S> {
    value(ranks, players, within, report)
}

/// The rounds of one pool not settled by the fold test: stacks in turn order, chance.
type Rounds<S> = Vec<(Stacks, S)>;

fn value<S: Product>(
    ranks: Ranks,
    players: usize,
    within: f64,
    report: &(dyn Fn(Step) + Sync),
) -> StartValue<S> {
    let model = |pool| RoundModel {
        ranks,
        players,
        pool,
        reshuffle: None,
    };
    // Chance of a settled fold, by the rank r it scores.
    let mut folds: Vec<S> = vec![S::zero(); usize::from(ranks.get()) + 1];
    let mut open: FxHashMap<Counts, Rounds<S>> = FxHashMap::default();
    let (mut deals, mut settled) = (0, 0);
    deal::walk::<S>(
        ranks.full(),
        players,
        |pool, stacks, p| {
            deals += 1;
            let bound = FoldBound::of(&model(pool), &stacks[..players]);
            if bound.surely_folds() {
                settled += 1;
                let r = usize::try_from(bound.r).expect("a rank");
                folds[r] = folds[r].plus(&p);
            } else {
                open.entry(pool).or_default().push((stacks, p));
            }
        },
        |_, _, _| true,
    );
    let mut total = Sum::new(players);
    for (r, p) in folds.iter().enumerate() {
        // r <= 10
        total.add(&fold_vector(players, r as Rank), p);
    }
    let mut pools: Vec<(Counts, Rounds<S>)> = open.into_iter().collect();
    pools.sort_by_key(|g| g.0);
    // The pools left to their interval: the lightest first, within the budget.
    let mut bound = 0.0;
    let mut bounded = 0.0;
    let mut pools_bounded = 0;
    let mut solve = vec![true; pools.len()];
    if within > 0.0 {
        let intervals: Vec<Interval> = pools
            .iter()
            .map(|(pool, rounds)| Interval::of(&model(*pool), rounds))
            .collect();
        let mut order: Vec<usize> = (0..pools.len()).collect();
        order.sort_by(|&a, &b| {
            intervals[a]
                .half_width()
                .total_cmp(&intervals[b].half_width())
        });
        for i in order {
            let w = intervals[i].half_width();
            if bound + w > within {
                break;
            }
            bound += w;
            bounded += intervals[i].chance;
            pools_bounded += 1;
            solve[i] = false;
            let mid: Vec<S> = intervals[i]
                .low
                .iter()
                .zip(&intervals[i].high)
                .map(|(l, h)| S::from_f64(f64::midpoint(*l, *h)))
                .collect();
            total.add(&mid, &S::one());
        }
    }
    report(Step::Dealt(solve.iter().filter(|&&s| s).count()));
    let solved: Vec<(Vec<S>, usize, f64)> = pools
        .par_iter()
        .zip(solve.par_iter())
        .filter(|(_, s)| **s)
        .map(|((pool, rounds), _)| {
            let starts: Vec<Vec<Stack>> =
                rounds.iter().map(|(s, _)| s[..players].to_vec()).collect();
            let solved = S::solve_pool(&model(*pool), &starts);
            let mut sum = Sum::new(players);
            let mut chance = 0.0;
            for ((_, p), u) in rounds.iter().zip(&solved.values) {
                sum.add(u, p);
                chance += p.to_f64();
            }
            report(Step::Solved);
            (sum.total(), solved.states, chance * solved.close)
        })
        .collect();
    let mut states = 0;
    let mut close = 0.0;
    for (u, n, c) in &solved {
        total.add(u, &S::one());
        states += n;
        close += c;
    }
    bound += close;
    StartValue {
        u: total.total(),
        bound,
        bounded,
        deals,
        settled,
        pools: solved.len(),
        pools_bounded,
        states,
    }
}

/// u_Fold by turn position for a fold that scores r.
fn fold_vector<S: Scalar>(players: usize, r: Rank) -> Vec<S> {
    let r = i64::from(r);
    let mut u = vec![S::ratio(r, 1); players];
    u[0] = S::ratio(-(players as i64 - 1) * r, 1);
    u
}

/// The intervals of a pool's rounds (see the module's documentation), summed by turn
/// position with their chance.
struct Interval {
    low: Vec<f64>,
    high: Vec<f64>,
    chance: f64,
}

impl Interval {
    fn of<S: Product>(model: &RoundModel, rounds: &Rounds<S>) -> Self {
        let m = model.players;
        let mut this = Self {
            low: vec![0.0; m],
            high: vec![0.0; m],
            chance: 0.0,
        };
        for (stacks, p) in rounds {
            let p = p.to_f64();
            let b = FoldBound::of(model, &stacks[..m]);
            // small integers
            let (fold, hit, h) = (
                (-(b.m - 1) * b.r) as f64,
                b.hit_times_n as f64 / b.n as f64,
                b.u as f64,
            );
            let (low, high) = (fold, fold.max(hit));
            this.low[0] += p * low;
            this.high[0] += p * high;
            for i in 1..m {
                let (l, h) = if m == 2 {
                    (-high, -low)
                } else {
                    (-(b.m - 1) as f64 * h, h)
                };
                this.low[i] += p * l;
                this.high[i] += p * h;
            }
            this.chance += p;
        }
        this
    }

    /// Half the widest position's width: what the midpoint can be off by.
    fn half_width(&self) -> f64 {
        self.low
            .iter()
            .zip(&self.high)
            .map(|(l, h)| (h - l) / 2.0)
            .fold(0.0, f64::max)
    }
}

/// A vector sum by turn position, compensated in `f64` (millions of terms).
struct Sum<S: Product> {
    parts: Vec<(S, S)>,
}

impl<S: Product> Sum<S> {
    fn new(m: usize) -> Self {
        Self {
            parts: vec![(S::zero(), S::zero()); m],
        }
    }

    /// Adds `u` weighted by `p`.
    fn add(&mut self, u: &[S], p: &S) {
        for (part, x) in self.parts.iter_mut().zip(u) {
            S::sum_into(part, &x.times_scalar(p));
        }
    }

    fn total(&self) -> Vec<S> {
        self.parts.iter().map(|(s, c)| s.plus(c)).collect()
    }
}

/// Every way the deal can end from the unseen cards `d`, with its probability: the pool
/// of the round and the stacks in turn order (the first mover first). Ends that reach
/// the same cards are merged.
///
/// With `cutoff`, ties less likely than it are dropped and their total probability
/// returned as the second value (exact results use no cutoff and drop nothing).
#[must_use]
pub fn deal_outcomes<S: Product>(
    d: Counts,
    players: usize,
    cutoff: Option<f64>,
) -> (FxHashMap<Leaf, S>, f64) {
    let mut out: FxHashMap<Leaf, S> = FxHashMap::default();
    let mut dropped = 0.0;
    deal::walk::<S>(
        d,
        players,
        |pool, stacks, p| {
            let slot = out
                .entry((pool, stacks[..players].to_vec()))
                .or_insert_with(S::zero);
            *slot = slot.plus(&p);
        },
        |_, _, p| {
            let keep = cutoff.is_none_or(|c| p.to_f64() >= c);
            if !keep {
                dropped += p.to_f64();
            }
            keep
        },
    );
    (out, dropped)
}

/// What the start value needs beyond the shared [`Scalar`] trait: the product of two
/// values (the deal's probabilities multiply along the chance tree), a compensated sum
/// (millions of terms in `f64`) and an interval's midpoint.
pub trait Product: Scalar {
    /// `self · other`.
    #[must_use]
    fn times_scalar(&self, other: &Self) -> Self;

    /// Adds `x` to the running sum `(sum, compensation)`: Neumaier's compensated sum in
    /// `f64`, exact otherwise.
    fn sum_into(total: &mut (Self, Self), x: &Self);

    /// The value nearest `x`.
    fn from_f64(x: f64) -> Self;

    /// The values of a pool's rounds at their `starts` (stacks in turn order): the
    /// memoised solver's.
    fn solve_pool(model: &RoundModel, starts: &[Vec<Stack>]) -> SolvedPool<Self> {
        solve_by_memo(model, starts)
    }
}

/// [`Product::solve_pool`] by the memoised solver.
fn solve_by_memo<S: Product>(model: &RoundModel, starts: &[Vec<Stack>]) -> SolvedPool<S> {
    let mut solver = Solver::<S>::new(*model);
    SolvedPool {
        values: starts.iter().map(|s| solver.value(s)).collect(),
        states: solver.states(),
        close: solver.close_calls(),
    }
}

/// A pool's rounds solved: their values at the start, the configurations solved, and
/// the close calls ([`Solver::close_calls`]).
pub struct SolvedPool<S> {
    values: Vec<Vec<S>>,
    states: usize,
    close: f64,
}

impl Product for f64 {
    fn times_scalar(&self, other: &Self) -> Self {
        self * other
    }

    fn sum_into(total: &mut (Self, Self), x: &Self) {
        let (sum, comp) = total;
        let t = *sum + x;
        *comp += if sum.abs() >= x.abs() {
            (*sum - t) + x
        } else {
            (x - t) + *sum
        };
        *sum = t;
    }

    fn from_f64(x: f64) -> Self {
        x
    }

    /// With three players and more the layered solve, whose values are the memoised
    /// solver's bit for bit, in a fraction of its memory (the configurations it
    /// counts are those it expands, not the settled ones besides).
    fn solve_pool(model: &RoundModel, starts: &[Vec<Stack>]) -> SolvedPool<Self> {
        if model.players < 3 {
            return solve_by_memo(model, starts);
        }
        let solved = solve_round(model, starts);
        SolvedPool {
            values: solved.values,
            states: solved.configurations,
            close: solved.close,
        }
    }
}

impl Product for BigRational {
    fn times_scalar(&self, other: &Self) -> Self {
        self * other
    }

    fn sum_into(total: &mut (Self, Self), x: &Self) {
        total.0 += x;
    }

    fn from_f64(x: f64) -> Self {
        Self::from_float(x).expect("a finite value")
    }
}
