//! The exact solve of a two-player round in `f64`, as fast as the hint needs it (issue
//! 29: a hint under 5 ms at n = 10): the same search as the general one (the same
//! configurations met in the same order, the same fold test), but on one number per
//! configuration instead of a vector, the fold test of each child done in its parent
//! from sums shared by the children, and only expanded configurations stored, in an
//! open-addressing memo of their own. The full deck's round: 1.0 ms instead of 3.4 ms.
//!
//! **Why one number is the vector, bit for bit.** The general search keeps u = (u_1,
//! u_2). A fold's is (−r, r); a pair's (−j, j) times its weight; a child's enters
//! rotated: u_1 += w·u_2(child), u_2 += w·u_1(child). Rounding to nearest is symmetric
//! (fl(−x) = −fl(x)), so by induction u_2 = −u_1 in every configuration, computed
//! step by step as the negation of u_1's own steps, except for the sign of a zero: both
//! accumulators start at +0 and a sum of nonzero terms that cancels is +0, so neither is
//! ever −0, and where u_1 = 0, u_2 = +0 too ([`second`]). The general search's sum
//! u_1 + w·u_2(child) is here u_1 − w·u_1(child): fl(a − x) = fl(a + (−x)) exactly, and
//! w·(−x) = −(w·x). `solver/tests.rs` compares every value with the plain solver's, both
//! entries bit for bit, and `tests/it/pairs_two.rs` compares it with [`Solver::general`]
//! over whole seeded games at n = 6 and 10.
//!
//! **What it stores.** A configuration the fold test settles is valued −r where it is
//! met and not stored, so [`Solver::states`] and [`Solver::configurations`] count and
//! list only the configurations the search expanded; the budget of
//! [`Solver::with_limit`] counts those too (no two-player round reaches the play budget:
//! `tests/it/pairs_decide.rs`). The close calls ([`Solver::close_calls`]) are the general
//! search's: only expanded configurations have any, met in the same order.

use super::{Solver, mover_sums};
use crate::model::RoundModel;
use crate::rules::{Counts, MAX_RANKS, Stack};
use concentration_engine::solver::Scalar;

/// The second player's value given the mover's: −u_1, but +0 for 0 (see the module's
/// documentation).
pub(super) fn second(u_1: f64) -> f64 {
    if u_1 == 0.0 { 0.0 } else { -u_1 }
}

impl<S: Scalar> Solver<S> {
    /// The same solver without the two-player search: the general search for every
    /// round, the reference the two-player search is tested against.
    #[must_use]
    pub fn general(model: RoundModel) -> Self {
        let mut solver = Self::new(model);
        solver.pairs.general = true;
        solver
    }

    /// The same solver with the two-player search's fold test made wrong: it folds
    /// where −E + Σ_{j∉s_1} d[j]·min(r, j) + r·N ≤ `slack` (0 is right), to show that
    /// the tests catch a broken bound (tests only).
    #[doc(hidden)]
    #[must_use]
    pub fn with_wrong_fold_test(mut self, slack: i64) -> Self {
        self.pairs.slack = slack;
        self
    }

    /// Whether the round goes to the two-player search: two players, `f64`, pruned.
    pub(super) fn two(&self) -> bool {
        self.prune && !self.pairs.general && self.model.players == 2 && S::as_f64s(&[]).is_some()
    }

    /// (u_1, u_2) as the scalar, from u_1.
    pub(super) fn pair_of(u_1: f64) -> [S; 2] {
        let mut u = [S::zero(), S::zero()];
        S::as_f64s_mut(&mut u)
            .expect("the two-player search runs on f64")
            .copy_from_slice(&[u_1, second(u_1)]);
        u
    }

    /// u_1 of the configuration in the memo's slot.
    fn first_of(&self, slot: u32) -> f64 {
        S::as_f64s(&self.values).expect("the two-player search runs on f64")[slot as usize * 2]
    }

    /// u_1 of the configuration (the mover's stack `a`, the other's `b`), as
    /// [`Solver::solve`] values it.
    pub(super) fn value_two(&mut self, a: Stack, b: Stack, d: &Counts, face_up: u32) -> f64 {
        let r = (a.bits() | b.bits()).trailing_zeros();
        let cards = d.total();
        if surely_folds(a, d, cards, r, self.pairs.slack) {
            -f64::from(r)
        } else {
            self.expand_two(a, b, d, cards, face_up)
        }
    }

    /// u_1 of a configuration the fold test leaves open (`cards` = |d|): from the memo,
    /// or searched and stored. Configurations the test settles are valued −r where they
    /// are met ([`Self::hit_two`]) and never stored: most of the search's configurations
    /// are such leaves, and testing one again where it recurs costs less than a lookup.
    fn expand_two(&mut self, a: Stack, b: Stack, d: &Counts, cards: u32, face_up: u32) -> f64 {
        let n = u32::from(self.model.ranks.get());
        let key = u32::from(a.bits() >> 1) | (u32::from(b.bits() >> 1) << n);
        if let Some(slot) = self.pairs.memo.get(key) {
            return self.first_of(slot);
        }
        let fold = -f64::from((a.bits() | b.bits()).trailing_zeros());
        let over_budget = self.limit.is_some_and(|l| self.pairs.memo.len() >= l);
        self.cut |= over_budget;
        let u = if over_budget {
            fold
        } else {
            match self.hit_two(a, b, d, cards, face_up) {
                Some(hit)
                    if !(fold >= hit
                        || (fold - hit).abs() <= concentration_engine::solver::TIE_EPSILON) =>
                {
                    hit
                }
                Some(hit) => {
                    if hit > fold {
                        self.close += hit - fold;
                    }
                    fold
                }
                None => fold,
            }
        };
        // far fewer than 2^32 configurations
        let slot = self.pairs.memo.len() as u32;
        self.values.extend(Self::pair_of(u));
        self.pairs.memo.insert(key, slot);
        u
    }

    /// [`Solver::hit_vector`]'s u_1, or `None` when no card can be drawn (`cards` = |d|).
    /// Every child's fold test is done here, from sums over this d shared by the
    /// children (see [`settled`]), so a settled child costs a few operations.
    pub(super) fn hit_two(
        &mut self,
        a: Stack,
        b: Stack,
        d: &Counts,
        cards: u32,
        face_up: u32,
    ) -> Option<f64> {
        if cards == 0 {
            return None;
        }
        let crossing = self
            .model
            .reshuffle
            .filter(|r| face_up < r.at && face_up + 1 >= r.at);
        let r = (a.bits() | b.bits()).trailing_zeros();
        // The child's mover is b: its cards' count and rank sum in d, and the cards
        // below r weighted by their distance to r.
        let (p, e) = mover_sums(b, d);
        let low = below(d, r);
        let mut acc = 0.0f64;
        for j in 1..=MAX_RANKS {
            let count = d.get(j);
            if count == 0 {
                continue;
            }
            let w = f64::from(count);
            if a.has(j) {
                acc -= f64::from(j) * w;
                continue;
            }
            let grown = a.with(j);
            let u = if let Some(shuffle) = crossing {
                let child_d = shuffle
                    .pool
                    .minus_stack(b)
                    .and_then(|p| p.minus_stack(grown))
                    .expect("stacks drawn from the pool");
                self.value_two(b, grown, &child_d, face_up + 1)
            } else {
                // The child: d less j, r' = min(r, j); b's sums lose j if b holds it,
                // and below r' = j < r nothing was drawn.
                let r2 = r.min(u32::from(j));
                let (p2, e2) = if b.has(j) {
                    (p - 1, e - i64::from(j))
                } else {
                    (p, e)
                };
                let low2 = if r2 < r { below(d, r2) } else { low };
                if settled(low2, r2, cards - 1, p2, e2, self.pairs.slack) {
                    -f64::from(r2)
                } else {
                    let mut child_d = *d;
                    child_d.remove(j);
                    self.expand_two(b, grown, &child_d, cards - 1, face_up + 1)
                }
            };
            // The general search adds w·u_2(child): the same as this (module docs).
            acc -= u * w;
        }
        Some(acc / f64::from(cards))
    }
}

/// Σ_{j<r} (r − j)·d[j]: the cards below r weighted by their distance to it.
fn below(d: &Counts, r: u32) -> i64 {
    let r = i64::from(r);
    // r <= 10
    (1..r as u8)
        .map(|j| (r - i64::from(j)) * i64::from(d.get(j)))
        .sum()
}

/// The fold test from its sums (see [`surely_folds`]).
fn settled(low: i64, r: u32, cards: u32, p: i64, e: i64, slack: i64) -> bool {
    let r = i64::from(r);
    -low + 2 * r * i64::from(cards) - r * p - e <= slack
}

/// The general search's two-player fold test ([`Solver::surely_folds`]) in integers,
/// −E + Σ_{j∉s_1} d[j]·min(r, j) ≤ −r·N, rewritten for speed (it runs at every
/// configuration the search meets first): no stack holds a rank below r, so with L_0,
/// L_1 the cards below r and the sum of their ranks and P, E the mover's (count and
/// sum), the left side plus r·N is L_1 − r·L_0 + 2r·N − r·P − E, and only the ranks
/// below r and the mover's are visited.
fn surely_folds(own: Stack, d: &Counts, cards: u32, r: u32, slack: i64) -> bool {
    let (p, e) = mover_sums(own, d);
    settled(below(d, r), r, cards, p, e, slack)
}

/// The two-player search's state in a [`Solver`].
#[derive(Debug, Clone, Default)]
pub(super) struct Two {
    memo: Memo,
    /// [`Solver::general`].
    general: bool,
    /// [`Solver::with_wrong_fold_test`].
    slack: i64,
}

impl Two {
    /// Configurations held.
    pub(super) fn len(&self) -> usize {
        self.memo.len()
    }

    /// Every (key, slot) held.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.memo.iter()
    }
}

/// The memo of the two-player search: the key of a configuration (the mover's ranks in
/// the low n bits, the other's above) to its slot in the solver's values, by open
/// addressing (a probe is one multiply and a short scan of one cache line: the search
/// asks it about ten times a configuration).
#[derive(Debug, Clone, Default)]
struct Memo {
    /// (key + 1) << 32 | slot; 0 for an empty place.
    entries: Vec<u64>,
    len: usize,
    /// 64 − log2 of the places.
    shift: u32,
}

impl Memo {
    /// Configurations held.
    fn len(&self) -> usize {
        self.len
    }

    fn place(&self, key: u32) -> usize {
        // below the table's size
        (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot of the key, if held.
    fn get(&self, key: u32) -> Option<u32> {
        if self.entries.is_empty() {
            return None;
        }
        let mask = self.entries.len() - 1;
        let tag = u64::from(key) + 1;
        let mut at = self.place(key);
        loop {
            let e = self.entries[at];
            if e == 0 {
                return None;
            }
            if e >> 32 == tag {
                // the low half
                return Some(e as u32);
            }
            at = (at + 1) & mask;
        }
    }

    /// Holds `slot` for a key not held yet.
    fn insert(&mut self, key: u32, slot: u32) {
        // At most 7/10 full, so that a probe stays short.
        if (self.len + 1) * 10 > self.entries.len() * 7 {
            self.grow();
        }
        self.put(key, slot);
        self.len += 1;
    }

    fn put(&mut self, key: u32, slot: u32) {
        let mask = self.entries.len() - 1;
        let mut at = self.place(key);
        while self.entries[at] != 0 {
            at = (at + 1) & mask;
        }
        self.entries[at] = ((u64::from(key) + 1) << 32) | u64::from(slot);
    }

    fn grow(&mut self) {
        let places = (self.entries.len() * 2).max(1 << 10);
        let old = std::mem::replace(&mut self.entries, vec![0; places]);
        self.shift = 64 - places.trailing_zeros();
        for e in old.into_iter().filter(|&e| e != 0) {
            // the halves of an entry
            self.put(((e >> 32) - 1) as u32, e as u32);
        }
    }

    /// Every (key, slot) held.
    fn iter(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        // the low half
        self.entries
            .iter()
            .filter(|&&e| e != 0)
            .map(|&e| ((e >> 32) - 1, e as u32))
    }
}
