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
use crate::model::{RoundModel, lowest};
use crate::rules::{Counts, Stack};

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
    pub(super) fn folds(&self, stacks: &Table, d: &Counts, face_up: u32) -> bool {
        let m = self.model.players;
        let r = f64::from(lowest(&stacks[..m]));
        // m <= 6
        let fold = -((m - 1) as f64) * r;
        let crossing = self.crossing(face_up);
        let hit = if self.one_level(face_up) {
            self.hit_bound_one_integers(stacks, d, r)
        } else if self.depth == 1 && !crossing {
            self.hit_bound_one(stacks, d, r)
        } else {
            self.hit_bound(stacks, d, face_up, 0, self.depth)
        };
        hit + MARGIN <= fold
    }

    /// Whether a successor of a configuration with `face_up` cards face up meets the
    /// reshuffle.
    fn crossing(&self, face_up: u32) -> bool {
        self.model
            .reshuffle
            .is_some_and(|x| face_up < x.at && face_up + 1 >= x.at)
    }

    /// Whether the proof at `face_up` cards face up is the one level deep of
    /// [`Self::folds_one_level`]: depth 1, no successor meeting the reshuffle, no skew.
    pub(super) fn one_level(&self, face_up: u32) -> bool {
        self.depth == 1 && self.skew == 0.0 && !self.crossing(face_up)
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
        // r <= 10
        let r = r as i64;
        let mut sum = 0.0;
        for (j, count) in d.iter() {
            let w = f64::from(count);
            if stacks[0].has(j) {
                // small integers
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
            // small integers
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
    /// bound the same bits.
    fn hit_bound_one_integers(&self, stacks: &Table, d: &Counts, r: f64) -> f64 {
        let (own, next) = (stacks[0].bits() >> 1, stacks[1].bits() >> 1);
        let (mut ranks, mut n, mut e2, mut p2) = (0u16, 0i64, 0i64, 0i64);
        for (j, c) in d.iter() {
            let (jj, c) = (i64::from(j), i64::from(c));
            ranks |= 1 << (j - 1);
            n += c;
            if next & (1 << (j - 1)) != 0 {
                e2 += jj * c;
                p2 += c;
            }
        }
        // r <= 10
        let level = OneLevel {
            own,
            next,
            ranks,
            n,
            e2,
            p2,
            r: r as i64,
        };
        // small integers
        self.one_level_sum(&level, |j| i64::from(d.get(j))) as f64 / n as f64
    }

    /// Whether the mover of the configuration `level` describes is proved to fold, by
    /// the bound one level deep ([`Self::folds`] at depth 1, where no successor meets
    /// the reshuffle and no skew is set), `count(j)` its cards of rank j in d.
    pub(super) fn folds_one_level(&self, level: &OneLevel, count: impl Fn(u8) -> i64) -> bool {
        // small integers
        let (hit, fold) = (
            self.one_level_sum(level, count) as f64 / level.n as f64,
            -((self.model.players - 1) as f64) * level.r as f64,
        );
        hit + MARGIN <= fold
    }

    /// N·(the bound on u_Hit[1] one level deep), in integers: each card's payoff, or
    /// its successor's bound (r' where the next mover surely folds, else max(r', U)).
    fn one_level_sum(&self, level: &OneLevel, count: impl Fn(u8) -> i64) -> i64 {
        let m = self.model.players as i64;
        let OneLevel {
            own,
            next,
            ranks,
            n,
            e2,
            p2,
            r,
        } = *level;
        // The highest rank d holds, and the highest below it.
        let top = 16 - ranks.leading_zeros();
        let below_top = if top > 0 {
            ranks & !(1 << (top - 1))
        } else {
            0
        };
        let (top, second) = (i64::from(top), 16 - i64::from(below_top.leading_zeros()));
        let nc = n - 1;
        let mut sum = 0i64;
        let mut bits = ranks;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            // b < 10
            let j = b as u8 + 1;
            let (jj, w) = (i64::from(j), count(j));
            if own & (1 << b) != 0 {
                sum += -(m - 1) * jj * w;
                continue;
            }
            let rc = r.min(jj);
            let (e, p) = if next & (1 << b) != 0 {
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
        sum
    }

    /// An upper bound on u[q] at the configuration.
    fn bound(&self, stacks: &Table, d: &Counts, face_up: u32, q: usize, depth: u32) -> f64 {
        let m = self.model.players;
        let r = i64::from(lowest(&stacks[..m]));
        // small integers
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
        // small integers
        if q != 0 {
            return u as f64 + self.skew;
        }
        let m = self.model.players as i64;
        let (p, e) = mover_sums(stacks[0], d);
        let n = i64::from(d.total());
        // small integers
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
                // m <= 6
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

/// What the bound one level deep reads of a configuration (ranks as bits, bit j − 1 for
/// rank j): the mover's and the next mover's ranks, the ranks d holds, its N, the next
/// mover's E and P in d, and r.
#[derive(Debug, Clone, Copy)]
pub(super) struct OneLevel {
    pub own: u16,
    pub next: u16,
    pub ranks: u16,
    pub n: i64,
    pub e2: i64,
    pub p2: i64,
    pub r: i64,
}

#[cfg(test)]
mod tests {
    use super::Prover;
    use crate::Ranks;
    use crate::model::{Reshuffle, RoundModel};
    use crate::rules::{Counts, Stack};
    use crate::seats::MAX_SEATS;

    /// The bound one level deep in integers is the general bound's number, bit for bit,
    /// over random pools and configurations of three and four players (where it
    /// applies).
    #[test]
    fn the_integer_bound_is_the_general_one() {
        let ranks = Ranks::new(9).unwrap();
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move |below: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % below
        };
        let mut compared = 0;
        for trial in 0..100_000 {
            let m = 3 + trial % 2;
            // small numbers
            let counts: Vec<u8> = (1..=9).map(|j| random(j.min(4) + 1) as u8).collect();
            let pool = Counts::from_slice(&counts);
            let model = RoundModel {
                ranks,
                players: m,
                pool,
                reshuffle: (trial % 3 == 0).then_some(Reshuffle { at: 12, pool }),
            };
            let prover = Prover {
                model: &model,
                highest: i64::from(model.highest()),
                depth: 1,
                skew: 0.0,
            };
            let mut stacks = [Stack::EMPTY; MAX_SEATS];
            for s in &mut stacks[..m] {
                // 9 bits
                let bits = (random(512) & random(512)) as u16;
                *s = Stack::from_bits(bits << 1);
            }
            let face_up: u32 = stacks[..m].iter().map(|s| s.len()).sum();
            if face_up == 0 || !prover.one_level(face_up) {
                continue;
            }
            let Some(d) = stacks[..m]
                .iter()
                .try_fold(model.pool, |d: Counts, &s| d.minus_stack(s))
            else {
                continue;
            };
            if d.total() == 0 {
                continue;
            }
            let r = f64::from(crate::model::lowest(&stacks[..m]));
            let integers = prover.hit_bound_one_integers(&stacks, &d, r);
            let general = prover.hit_bound(&stacks, &d, face_up, 0, 1);
            assert_eq!(integers.to_bits(), general.to_bits(), "{stacks:?} {d}");
            compared += 1;
        }
        assert!(compared > 10_000, "{compared}");
    }
}
