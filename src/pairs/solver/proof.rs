//! Fold proofs for three players and more: a configuration whose mover is shown to fold
//! is valued u_Fold without its subtree being searched.
//!
//! **The bound.** For a player at turn position q of a configuration Z, the round ends
//! with someone scoring x: if q scores, q gets −(m−1)·x ≤ 0, else +x, and x is at most
//! U = max(r, the highest rank still drawable) (a fold scores at most r, a pair at most
//! that rank). So u_Z[q] ≤ U whatever anyone does: the static bound of
//! [`super::FoldBound`]. One or more levels deeper it is sharper:
//! - where Z's mover surely folds (the integer test, which the exact solver applies
//!   first too), u_Z is the fold vector exactly;
//! - otherwise u_Z is u_Fold or u_Hit, so u_Z[q] ≤ max(u_Fold[q], bound(u_Hit[q])), with
//!   N·u_Hit[q] = Σ_{j∈s_1} d[j]·(the pair's payoff to q) + Σ_{j∉s_1} d[j]·u_{Z_j}[q−1]
//!   (the successor's vector is rotated by one) and each u_{Z_j} bounded the same way,
//!   down to a depth, below which U.
//!
//! These bounds hold whichever action each mover below takes, so they bound what the
//! exact solver computes whatever its ties chose (with three players and more a tie
//! folded within `f64`'s tolerance moves the others' payoffs by whole points, so a bound
//! that assumed the exact tie rule would not do). Its `f64` arithmetic is off the exact
//! linear combination by rounding alone (far below 1e-12 for values of at most 50 summed
//! over at most 55 cards and 25 levels), and it folds where u_Hit[1] ≤ u_Fold[1] + 1e-9.
//! The bound is computed in `f64` too, so a proof asks for u_Hit[1] ≤ u_Fold[1] − 1e-9:
//! then the exact u_Hit[1] lies below u_Fold[1], and the solver folds, in `f64` or in
//! exact arithmetic, and its value is u_Fold: the values are the same, bit for bit
//! (`solver/tests.rs` compares them with the search without proofs).

use super::{Table, mover_sums, surely_folds_at};
use crate::pairs::model::{RoundModel, lowest};
use crate::pairs::rules::{Counts, Stack};

/// How far below u_Fold[1] the bound on u_Hit[1] must lie: far above the bound's own
/// rounding, so that the exact u_Hit[1] lies below u_Fold[1] too.
const MARGIN: f64 = 1e-9;

/// How many levels below the configuration the bound is taken.
pub const PROOF_DEPTH: u32 = 1;

/// The proof's view of the round: what a configuration's successors are.
#[derive(Debug, Clone, Copy)]
pub(super) struct Prover<'a> {
    pub model: &'a RoundModel,
    /// The highest rank the round can still draw ([`RoundModel::highest`]).
    pub highest: i64,
    /// Levels searched below the configuration.
    pub depth: u32,
    /// Test only: added to every static bound, to show the tests catch a wrong one.
    pub skew: f64,
}

impl Prover<'_> {
    /// Whether the mover of (`stacks`, `d`) is proved to fold (u_Hit[1] ≤ u_Fold[1]).
    pub fn folds(&self, stacks: &Table, d: &Counts, face_up: u32) -> bool {
        let m = self.model.players;
        let r = f64::from(lowest(&stacks[..m]));
        #[allow(clippy::cast_precision_loss)] // m <= 6
        let fold = -((m - 1) as f64) * r;
        let crossing = self
            .model
            .reshuffle
            .is_some_and(|x| face_up < x.at && face_up + 1 >= x.at);
        let hit = if self.depth == 1 && !crossing && self.skew == 0.0 {
            self.hit_bound_one_integers(stacks, d, r)
        } else if self.depth == 1 && !crossing {
            self.hit_bound_one(stacks, d, r)
        } else {
            self.hit_bound(stacks, d, face_up, 0, self.depth)
        };
        hit + MARGIN <= fold
    }

    /// [`Self::hit_bound`] one level deep for the mover, where no successor meets the
    /// reshuffle, in O(n): each successor's integer fold test (the next mover's) read
    /// off sums over the next mover's stack, less the card drawn. The same terms in the
    /// same order as the general path, so the same bound.
    fn hit_bound_one(&self, stacks: &Table, d: &Counts, r: f64) -> f64 {
        let m = self.model.players as i64;
        let next = stacks[1];
        let (mut e2, mut p2) = (0i64, 0i64);
        for (j, c) in d.iter() {
            if next.has(j) {
                e2 += i64::from(j) * i64::from(c);
                p2 += i64::from(c);
            }
        }
        let n = i64::from(d.total());
        // The highest rank d holds, and the highest below it: d less one card of j
        // holds the first unless j is it and its last card.
        let top = d.highest().unwrap_or(0);
        let second = (1..top).rev().find(|&j| d.get(j) > 0).unwrap_or(0);
        #[allow(clippy::cast_possible_truncation)] // r <= 10
        let r = r as i64;
        let mut sum = 0.0;
        for (j, count) in d.iter() {
            let w = f64::from(count);
            if stacks[0].has(j) {
                #[allow(clippy::cast_precision_loss)] // small integers
                let pay = -((m - 1) as f64) * f64::from(j);
                sum += pay * w;
                continue;
            }
            let jj = i64::from(j);
            let rc = r.min(jj);
            let (e, p) = if next.has(j) {
                (e2 - jj, p2 - 1)
            } else {
                (e2, p2)
            };
            let nc = n - 1;
            let drawable = if self.model.reshuffle.is_some() {
                self.highest
            } else {
                let h = if j == top && count == 1 { second } else { top };
                i64::from(h)
            };
            let u = drawable.max(rc);
            #[allow(clippy::cast_precision_loss)] // small integers
            let bound = if nc == 0 || -(m - 1) * e + (nc - p) * u <= -(m - 1) * rc * nc {
                rc as f64
            } else {
                (rc as f64).max(u as f64 + self.skew)
            };
            sum += w * bound;
        }
        sum / f64::from(d.total())
    }

    /// [`Self::hit_bound_one`] without a skew, in integers: every term and partial sum
    /// there is a small integer, exact in `f64`, so the sum is the same number and the
    /// bound the same bits; one pass over the ranks for the sums, one for the terms.
    fn hit_bound_one_integers(&self, stacks: &Table, d: &Counts, r: f64) -> f64 {
        let m = self.model.players as i64;
        let (own, next) = (stacks[0], stacks[1]);
        let (mut e2, mut p2, mut n) = (0i64, 0i64, 0i64);
        // The highest rank d holds, and the highest below it.
        let (mut top, mut second) = (0i64, 0i64);
        for j in 1..=self.model.ranks.get() {
            let c = i64::from(d.get(j));
            if c == 0 {
                continue;
            }
            n += c;
            if next.has(j) {
                e2 += i64::from(j) * c;
                p2 += c;
            }
            (second, top) = (top, i64::from(j));
        }
        #[allow(clippy::cast_possible_truncation)] // r <= 10
        let r = r as i64;
        let nc = n - 1;
        let mut sum = 0i64;
        for j in 1..=self.model.ranks.get() {
            let w = i64::from(d.get(j));
            if w == 0 {
                continue;
            }
            let jj = i64::from(j);
            if own.has(j) {
                sum += -(m - 1) * jj * w;
                continue;
            }
            let rc = r.min(jj);
            let (e, p) = if next.has(j) {
                (e2 - jj, p2 - 1)
            } else {
                (e2, p2)
            };
            let drawable = if self.model.reshuffle.is_some() {
                self.highest
            } else if jj == top && w == 1 {
                second
            } else {
                top
            };
            let u = drawable.max(rc);
            let bound = if nc == 0 || -(m - 1) * e + (nc - p) * u <= -(m - 1) * rc * nc {
                rc
            } else {
                rc.max(u)
            };
            sum += w * bound;
        }
        #[allow(clippy::cast_precision_loss)] // small integers
        let bound = sum as f64 / n as f64;
        bound
    }

    /// An upper bound on u[q] at the configuration.
    fn bound(&self, stacks: &Table, d: &Counts, face_up: u32, q: usize, depth: u32) -> f64 {
        let m = self.model.players;
        let r = i64::from(lowest(&stacks[..m]));
        #[allow(clippy::cast_precision_loss)] // small integers
        let fold = if q == 0 {
            -((m - 1) as f64) * r as f64
        } else {
            r as f64
        };
        if d.total() == 0 || surely_folds_at(self.model, self.highest, stacks, d, r) {
            return fold;
        }
        let hit = if depth == 0 {
            self.static_hit(stacks, d, q, r)
        } else {
            self.hit_bound(stacks, d, face_up, q, depth)
        };
        fold.max(hit)
    }

    /// An upper bound on u_Hit[q] before any search: U for another player, the integer
    /// test's bound for the mover.
    fn static_hit(&self, stacks: &Table, d: &Counts, q: usize, r: i64) -> f64 {
        let u = if self.model.reshuffle.is_some() {
            self.highest
        } else {
            d.highest().map_or(0, i64::from)
        }
        .max(r);
        #[allow(clippy::cast_precision_loss)] // small integers
        if q != 0 {
            return u as f64 + self.skew;
        }
        let m = self.model.players as i64;
        let (p, e) = mover_sums(stacks[0], d);
        let n = i64::from(d.total());
        #[allow(clippy::cast_precision_loss)] // small integers
        let bound = (-(m - 1) * e + (n - p) * u) as f64 / n as f64;
        bound + self.skew
    }

    /// An upper bound on u_Hit[q], its successors bounded `depth − 1` levels down.
    fn hit_bound(&self, stacks: &Table, d: &Counts, face_up: u32, q: usize, depth: u32) -> f64 {
        let m = self.model.players;
        let mut sum = 0.0;
        let mut child: Table = [Stack::EMPTY; crate::seats::MAX_SEATS];
        child[..m - 1].copy_from_slice(&stacks[1..m]);
        for (j, count) in d.iter() {
            let w = f64::from(count);
            if stacks[0].has(j) {
                let j = f64::from(j);
                #[allow(clippy::cast_precision_loss)] // m <= 6
                let pay = if q == 0 { -((m - 1) as f64) * j } else { j };
                sum += pay * w;
            } else {
                child[m - 1] = stacks[0].with(j);
                let cd = self.model.unseen_after(&child[..m], d, j, face_up);
                let from = (q + m - 1) % m;
                sum += w * self.bound(&child, &cd, face_up + 1, from, depth - 1);
            }
        }
        sum / f64::from(d.total())
    }
}
