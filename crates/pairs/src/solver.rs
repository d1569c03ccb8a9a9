//! Subgame-perfect values of a round (the seed's Theorem 10, with its misprint fixed):
//! for every configuration the payoff vector u by turn position, the mover first.
//!
//! u_Fold = (−(m−1)·r, r, …, r), r the lowest face-up rank; u_Hit = Σ_j d̃[j]·(the
//! pair's vector if j ∈ s_1, else the successor's u rotated right by one). The mover
//! folds iff u_Fold[1] ≥ u_Hit[1] (ties fold); an empty d forces a fold. Values are
//! memoised by the stacks in turn order (the round's [`RoundModel`] gives d), packed
//! into one `u64`: at most 6 × 10 bits.
//!
//! **Pruning** (the corrected Corollary 8, generalised). After a hit that does not
//! pair, the round ends with someone scoring: if another player, the mover gains that
//! rank x, where x ≤ r for a fold (the lowest face-up rank never rises) and x ≤ the
//! highest rank still drawable for a pair. With two players it is tighter: the opponent
//! can always fold, so their value is at least −r' ≥ −r and the mover's at most r. So
//! with E = Σ_{j∈s_1} j·d[j], P = Σ_{j∈s_1} d[j], N = |d| and U that bound on x,
//! u_Hit[1] ≤ (−(m−1)·E + (N−P)·U) / N, and whenever that is ≤ u_Fold[1] = −(m−1)·r the
//! mover folds (a tie folds too) without the subtree being visited. With m = 2, U = r
//! this is E ≥ r·(2N − P)/1, i.e. E/N ≥ r·(2 − P/N): the corrected Corollary 8. The test
//! `tests/it/pairs_solver.rs` compares every value with the unpruned solver
//! ([`Solver::exhaustive`]) and shows the misprinted version would be wrong.
//!
//! The search itself prunes with a sharper two-player test: after a card j that does
//! not pair, the opponent moves with the lowest face-up rank min(r, j) and can fold at
//! once, so the mover gains at most min(r, j): u_Hit[1]·N ≤ −E + Σ_{j∉s_1} d[j]·min(r, j).
//! [`FoldBound`] keeps U = r (the start value's intervals are built on it). A pruned
//! configuration is valued u_Fold, which the full search would have chosen too (ties
//! fold), so the values are the same; `solver/tests.rs` compares every value with the
//! plain solver this one replaced (`solver/plain.rs`), bit for bit.
//!
//! **Cost.** A configuration's stacks are a fixed array and its d is carried down the
//! search (the child's is d less the card drawn, or at the reshuffle the second pool
//! less the stacks), so the search allocates nothing but the memo.

mod decide;
mod layers;
#[cfg(test)]
mod plain;
mod proof;
#[cfg(test)]
mod tests;
mod two;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::model::{RoundModel, lowest};
use super::rules::{Counts, Rank, Stack};
use crate::seats::MAX_SEATS;
use concentration_engine::solver::Scalar;

pub use decide::{DECISIVE, Decider};
pub use layers::{LayeredRound, analyse_round, analyse_round_with, solve_round};
pub use proof::PROOF_DEPTH;

/// What the mover does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take a card.
    Hit,
    /// Take the lowest face-up card and score it.
    Fold,
}

impl Action {
    /// `hit` or `fold`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Hit => "hit",
            Self::Fold => "fold",
        }
    }
}

/// Both actions' values at one configuration, by turn position (the mover first).
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis<S> {
    /// Folding's payoffs.
    pub u_fold: Vec<S>,
    /// Hitting's expected payoffs under subgame-perfect play; `None` when d is empty.
    pub u_hit: Option<Vec<S>>,
    /// The configuration's value: the chosen action's.
    pub u: Vec<S>,
    /// The subgame-perfect action (fold on ties).
    pub action: Action,
}

/// The memoised subgame-perfect solver of one round.
#[derive(Debug, Clone)]
pub struct Solver<S> {
    model: RoundModel,
    prune: bool,
    limit: Option<usize>,
    cut: bool,
    index: FxHashMap<u64, u32>,
    /// The two-player search's memo and settings ([`two`]), in place of `index`.
    pairs: two::Two,
    /// See [`Self::close_calls`].
    close: f64,
    /// m values per solved configuration, in the order first solved.
    values: Vec<S>,
    /// The highest rank the round can still draw ([`RoundModel::highest`]).
    highest: i64,
    /// Three players and more: levels of the fold proof ([`proof`]), 0 for none.
    proof_depth: u32,
    /// Test only: a wrong static bound in the fold proof.
    proof_skew: f64,
}

/// The stacks in turn order, the table's first m of them used: a fixed array keeps the
/// search off the heap.
type Table = [Stack; MAX_SEATS];

/// A payoff vector by turn position, on the stack for `f64`.
type Vector<S> = SmallVec<[S; MAX_SEATS]>;

impl<S: Scalar> Solver<S> {
    /// A solver for the round, with the proved pruning.
    #[must_use]
    pub fn new(model: RoundModel) -> Self {
        Self {
            model,
            prune: true,
            limit: None,
            cut: false,
            index: FxHashMap::default(),
            pairs: two::Two::default(),
            close: 0.0,
            values: Vec::new(),
            highest: i64::from(model.highest()),
            proof_depth: if model.players >= 3 { PROOF_DEPTH } else { 0 },
            proof_skew: 0.0,
        }
    }

    /// The same solver with the fold proof of three players and more ([`proof`]) taken
    /// `depth` levels deep (0: none, the search as it was before the proof).
    #[must_use]
    pub fn with_proof_depth(mut self, depth: u32) -> Self {
        self.proof_depth = if self.model.players >= 3 { depth } else { 0 };
        self
    }

    /// The same solver with its fold proof made wrong by `skew` (tests only).
    #[cfg(any(test, feature = "test-hooks"))]
    #[must_use]
    pub fn with_wrong_proof(mut self, skew: f64) -> Self {
        self.proof_skew = skew;
        self
    }

    /// A solver that visits every reachable configuration (no pruning): the reference
    /// the pruning is tested against.
    #[must_use]
    pub fn exhaustive(model: RoundModel) -> Self {
        Self {
            prune: false,
            ..Self::new(model)
        }
    }

    /// The same solver with a budget of configurations, for play where a round is too
    /// large to solve (m >= 4 with n = 10): once `limit` configurations are stored, new
    /// ones are not expanded but valued as if their mover folded (a depth-limited search,
    /// explored depth first). [`Self::truncated`] says whether that happened.
    #[must_use]
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        // The budget counts stored configurations, which the proof changes: without it a
        // truncated search stays the one play has always made.
        self.proof_depth = 0;
        self
    }

    /// Whether the budget cut the search short (the values are then approximate).
    #[must_use]
    pub fn truncated(&self) -> bool {
        self.cut
    }

    /// The budget of configurations, if any ([`Self::with_limit`]).
    #[must_use]
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// The round this solver works on.
    #[must_use]
    pub fn model(&self) -> &RoundModel {
        &self.model
    }

    /// The sum, over the configurations solved so far, of the margins by which hitting
    /// beat folding where the tie tolerance of `f64` ([`Scalar::ties`]) folded anyway (0
    /// in exact arithmetic). With two players the mover's value anywhere is off by at
    /// most this: a deviation at one configuration moves the values above it by at most
    /// its margin (a maximum moves by at most the largest change among its options).
    #[must_use]
    pub fn close_calls(&self) -> f64 {
        self.close
    }

    /// Configurations solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.index.len() + self.pairs.len()
    }

    /// Every configuration solved so far (stacks in turn order) with its value.
    #[must_use]
    pub fn configurations(&self) -> Vec<(Vec<Stack>, &[S])> {
        let n = u32::from(self.model.ranks.get());
        let mask = (1u64 << n) - 1;
        self.index
            .iter()
            .map(|(&key, &slot)| (key, slot))
            .chain(self.pairs.iter())
            .map(|(key, slot)| {
                let stacks = (0..self.model.players)
                    .map(|i| {
                        // n <= 10 bits
                        let bits = ((key >> (i as u32 * n)) & mask) as u16;
                        Stack::from_bits(bits << 1)
                    })
                    .collect();
                (stacks, self.slot(slot))
            })
            .collect()
    }

    /// The value u of the configuration with these stacks (turn order, mover first).
    ///
    /// # Panics
    /// Stacks that do not fit the round's model, or a count other than its players.
    pub fn value(&mut self, stacks: &[Stack]) -> Vec<S> {
        let (table, d, face_up) = self.check(stacks);
        if self.two() {
            let u = self.value_two(table[0], table[1], &d, face_up);
            return Self::pair_of(u).to_vec();
        }
        let slot = self.solve(&table, &d, face_up);
        self.slot(slot).to_vec()
    }

    /// The subgame-perfect action at the configuration.
    ///
    /// # Panics
    /// As [`Self::value`].
    pub fn action(&mut self, stacks: &[Stack]) -> Action {
        self.analyse(stacks).action
    }

    /// Both actions' values at the configuration, u_Hit computed in full (even where
    /// the pruning would not need it).
    ///
    /// # Panics
    /// As [`Self::value`].
    pub fn analyse(&mut self, stacks: &[Stack]) -> Analysis<S> {
        let (table, d, face_up) = self.check(stacks);
        let m = self.model.players;
        let u_fold = fold_vector::<S>(m, lowest(stacks));
        let u_hit = if self.two() {
            let h = self.hit_two(table[0], table[1], &d, d.total(), face_up);
            h.map(|h| Vector::from_iter(Self::pair_of(h)))
        } else {
            self.hit_vector(&table, &d, face_up)
        };
        let (u, action) = match &u_hit {
            Some(hit) if !folds(&u_fold, hit) => (hit.to_vec(), Action::Hit),
            _ => (u_fold.to_vec(), Action::Fold),
        };
        Analysis {
            u_fold: u_fold.to_vec(),
            u_hit: u_hit.map(|h| h.to_vec()),
            u,
            action,
        }
    }

    /// The stacks as a table, with their d and face-up count.
    fn check(&self, stacks: &[Stack]) -> (Table, Counts, u32) {
        assert_eq!(stacks.len(), self.model.players, "one stack per player");
        let d = self.model.unseen(stacks);
        let mut table = [Stack::EMPTY; MAX_SEATS];
        table[..stacks.len()].copy_from_slice(stacks);
        (table, d, stacks.iter().map(|s| s.len()).sum())
    }

    fn slot(&self, slot: u32) -> &[S] {
        let m = self.model.players;
        let at = slot as usize * m;
        &self.values[at..at + m]
    }

    fn key(&self, stacks: &Table) -> u64 {
        let n = u32::from(self.model.ranks.get());
        stacks[..self.model.players]
            .iter()
            .enumerate()
            .fold(0, |key, (i, s)| {
                // i < 6
                let shift = i as u32 * n;
                key | (u64::from(s.bits() >> 1) << shift)
            })
    }

    /// u_Hit, or `None` when no card can be drawn. `d` and `face_up` are the
    /// configuration's; a child's d is d less its card, or where the child meets the
    /// reshuffle, the second pool less the child's stacks (as [`RoundModel::unseen`]).
    fn hit_vector(&mut self, stacks: &Table, d: &Counts, face_up: u32) -> Option<Vector<S>> {
        let m = self.model.players;
        let total = d.total();
        if total == 0 {
            return None;
        }
        let mut acc: Vector<S> = smallvec::smallvec![S::zero(); m];
        let mut child: Table = [Stack::EMPTY; MAX_SEATS];
        child[..m - 1].copy_from_slice(&stacks[1..m]);
        for (j, count) in d.iter() {
            let w = u64::from(count);
            if stacks[0].has(j) {
                let j = i64::from(j);
                acc[0] = acc[0].minus(&S::ratio((m as i64 - 1) * j, 1).times(w));
                for a in &mut acc[1..] {
                    *a = a.plus(&S::ratio(j, 1).times(w));
                }
            } else {
                child[m - 1] = stacks[0].with(j);
                let child_d = self.model.unseen_after(&child[..m], d, j, face_up);
                let slot = self.solve(&child, &child_d, face_up + 1);
                let at = slot as usize * m;
                // The successor's vector starts with the next player: rotate right by one.
                for (k, a) in acc.iter_mut().enumerate() {
                    let from = (k + m - 1) % m;
                    *a = a.plus(&self.values[at + from].times(w));
                }
            }
        }
        for a in &mut acc {
            *a = a.over(u64::from(total));
        }
        Some(acc)
    }

    /// Whether a proved bound settles a fold (see the module's documentation): with
    /// two players the sharper one, U = min(r, j) for each card j that does not pair
    /// (the opponent can fold at once, scoring the lowest face-up rank after j); with
    /// three or more [`FoldBound`]'s.
    fn surely_folds(&self, stacks: &Table, d: &Counts, r: i64) -> bool {
        surely_folds_at(&self.model, self.highest, stacks, d, r)
    }

    /// Whether the fold proof ([`proof`]) settles a fold, three players and more.
    fn proved_fold(&self, stacks: &Table, d: &Counts, face_up: u32) -> bool {
        self.proof_depth > 0
            && proof::Prover {
                model: &self.model,
                highest: self.highest,
                depth: self.proof_depth,
                skew: self.proof_skew,
            }
            .folds(stacks, d, face_up)
    }

    fn solve(&mut self, stacks: &Table, d: &Counts, face_up: u32) -> u32 {
        let key = self.key(stacks);
        if let Some(&slot) = self.index.get(&key) {
            return slot;
        }
        let m = self.model.players;
        let r = lowest(&stacks[..m]);
        let u_fold = fold_vector::<S>(m, r);
        let over_budget = self.limit.is_some_and(|l| self.index.len() >= l);
        self.cut |= over_budget;
        let u = if over_budget
            || (self.prune
                && (self.surely_folds(stacks, d, i64::from(r))
                    || self.proved_fold(stacks, d, face_up)))
        {
            u_fold
        } else {
            match self.hit_vector(stacks, d, face_up) {
                Some(hit) if !folds(&u_fold, &hit) => hit,
                Some(hit) => {
                    if hit[0] > u_fold[0] {
                        self.close += hit[0].minus(&u_fold[0]).to_f64();
                    }
                    u_fold
                }
                None => u_fold,
            }
        };
        // far fewer than 2^32 configurations
        let slot = self.index.len() as u32;
        self.values.extend(u);
        self.index.insert(key, slot);
        slot
    }
}

/// The integer fold test of [`Solver::surely_folds`], for the round's model.
fn surely_folds_at(model: &RoundModel, highest: i64, stacks: &Table, d: &Counts, r: i64) -> bool {
    let m = model.players as i64;
    let own = stacks[0];
    let (mut e, mut p, mut n, mut others) = (0i64, 0i64, 0i64, 0i64);
    for (j, c) in d.iter() {
        let (j, c) = (i64::from(j), i64::from(c));
        n += c;
        // j <= 10
        if own.has(j as u8) {
            e += j * c;
            p += c;
        } else {
            others += j.min(r) * c;
        }
    }
    let hit_times_n = if m == 2 {
        -e + others
    } else {
        let drawable = if model.reshuffle.is_some() {
            highest
        } else {
            d.highest().map_or(0, i64::from)
        };
        -(m - 1) * e + (n - p) * r.max(drawable)
    };
    hit_times_n <= -(m - 1) * r * n
}

/// u_Fold by turn position for a fold that scores r.
fn fold_vector<S: Scalar>(m: usize, r: Rank) -> Vector<S> {
    let r = i64::from(r);
    let mut u: Vector<S> = smallvec::smallvec![S::ratio(r, 1); m];
    u[0] = S::ratio(-(m as i64 - 1) * r, 1);
    u
}

/// The bound of the module's documentation at one configuration, in integers: u_Hit[1]
/// ≤ `hit_times_n` / `n`, against u_Fold[1] = −(m−1)·`r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoldBound {
    /// Players.
    pub m: i64,
    /// r: the lowest face-up rank, what a fold scores.
    pub r: i64,
    /// N = |d| (0: the mover must fold).
    pub n: i64,
    /// U: the most another player can score after a hit that does not pair (r with
    /// two players), so the most any player other than the scorer gains.
    pub u: i64,
    /// −(m−1)·E + (N−P)·U.
    pub hit_times_n: i64,
}

impl FoldBound {
    /// The bound at the configuration with these stacks (turn order, mover first).
    #[must_use]
    pub fn of(model: &RoundModel, stacks: &[Stack]) -> Self {
        let d = model.unseen(stacks);
        let m = model.players as i64;
        let (p, e) = mover_sums(stacks[0], &d);
        let n = i64::from(d.total());
        let r = i64::from(lowest(stacks));
        let u = if m == 2 {
            r
        } else {
            let drawable = if model.reshuffle.is_some() {
                model.highest()
            } else {
                d.highest().unwrap_or(0)
            };
            r.max(i64::from(drawable))
        };
        Self {
            m,
            r,
            n,
            u,
            hit_times_n: -(m - 1) * e + (n - p) * u,
        }
    }

    /// Whether the bound settles a fold: u_Hit[1] ≤ u_Fold[1] (ties fold).
    #[must_use]
    pub fn surely_folds(&self) -> bool {
        self.hit_times_n <= -(self.m - 1) * self.r * self.n
    }
}

/// Whether the mover folds: u_Fold[1] ≥ u_Hit[1], ties (within the scalar's tolerance)
/// folding.
fn folds<S: Scalar>(fold: &[S], hit: &[S]) -> bool {
    fold[0] >= hit[0] || fold[0].ties(&hit[0])
}

/// The cards of the mover's ranks in d: their count P and rank sum E.
pub(super) fn mover_sums(own: Stack, d: &Counts) -> (i64, i64) {
    let (mut p, mut e) = (0i64, 0i64);
    let mut bits = own.bits();
    while bits != 0 {
        // a rank: at most 10
        let j = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let c = i64::from(d.get(j));
        p += c;
        e += i64::from(j) * c;
    }
    (p, e)
}
