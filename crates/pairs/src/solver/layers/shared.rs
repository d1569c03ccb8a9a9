//! A group of configurations of a layer: those that share every stack but one. What the
//! shared stacks leave of the pool is summed once for the group, so each member's fold
//! tests and u_Hit are read off it without a pass over the ranks for d.

use super::Settled;
use crate::model::RoundModel;
use crate::rules::{Counts, Stack};
use crate::seats::MAX_SEATS;
use crate::solver::proof::OneLevel;

/// What the stacks a group shares (all but one, in turn order from the mover) leave of
/// the pool at a face-up count: the integer fold test of each configuration that
/// completes them with a last stack, in O(1) rather than a pass over the ranks.
pub(super) struct Shared {
    /// Ranks with a card left (bit j − 1 for rank j).
    pub(super) left: u16,
    /// Ranks with exactly one card left.
    pub(super) single: u16,
    /// The mover's stack (the first shared one), and the next mover's.
    pub(super) mover: u16,
    pub(super) next: u16,
    /// Σ j·left[j] and Σ left[j] over the next mover's ranks.
    pub(super) e_next: i64,
    pub(super) p_next: i64,
    /// Σ j·left[j] and Σ left[j] over the mover's ranks; Σ left[j].
    pub(super) e: i64,
    pub(super) p: i64,
    pub(super) n: i64,
    /// The lowest rank in the shared stacks (11 if none).
    pub(super) lowest: i64,
    /// What the shared stacks leave of the pool, if they fit in it.
    pub(super) base: Option<Counts>,
}

impl Shared {
    pub(super) fn new(rule: &Settled, shared: &[Stack], face_up: u32) -> Self {
        let model = rule.model;
        let pool = pool_at(model, face_up);
        let (mut left, mut single) = (0u16, 0u16);
        let mover = shared[0].bits() >> 1;
        let next = shared.get(1).map_or(0, |s| s.bits() >> 1);
        let (mut e, mut p, mut n) = (0, 0, 0);
        let (mut e_next, mut p_next) = (0, 0);
        // What the pool has of each rank less the shared stacks' cards.
        let mut count = [0i64; 16];
        for j in 1..=model.ranks.get() {
            count[usize::from(j)] = i64::from(pool.get(j));
        }
        for s in shared {
            let mut bits = s.bits();
            while bits != 0 {
                count[bits.trailing_zeros() as usize] -= 1;
                bits &= bits - 1;
            }
        }
        for j in 1..=model.ranks.get() {
            let c = count[usize::from(j)];
            let bit = 1u16 << (j - 1);
            if c > 0 {
                left |= bit;
            }
            if c == 1 {
                single |= bit;
            }
            if mover & bit != 0 {
                e += i64::from(j) * c;
                p += c;
            }
            if next & bit != 0 {
                e_next += i64::from(j) * c;
                p_next += c;
            }
            n += c;
        }
        let lowest = shared
            .iter()
            .filter_map(|s| s.lowest())
            .min()
            .map_or(11, i64::from);
        Self {
            left,
            single,
            mover,
            next,
            e_next,
            p_next,
            e,
            p,
            n,
            lowest,
            base: base(pool, shared),
        }
    }

    /// d at the configuration the shared stacks make with `last` (bits of ranks, bit
    /// j − 1 for rank j): the base less `last`, as [`RoundModel::unseen`] gives it.
    pub(super) fn unseen(&self, model: &RoundModel, stacks: &[Stack], last: u16) -> Counts {
        self.base
            .and_then(|b| less(b, last))
            .unwrap_or_else(|| model.unseen(stacks))
    }

    /// What the proof one level deep reads of the configuration the shared stacks make
    /// with `last` (bits of ranks) at `face_up` cards face up, where that proof applies
    /// ([`Prover::one_level`]), the stacks fit the pool and some card is left.
    pub(super) fn one_level(&self, rule: &Settled, last: u16, face_up: u32) -> Option<OneLevel> {
        if !rule.prover.one_level(face_up) || self.base.is_none() {
            return None;
        }
        let n = self.n - i64::from(last.count_ones());
        let (mut e2, mut p2) = (self.e_next, self.p_next);
        let mut bits = self.next & last;
        while bits != 0 {
            e2 -= i64::from(bits.trailing_zeros()) + 1;
            p2 -= 1;
            bits &= bits - 1;
        }
        (n > 0).then(|| OneLevel {
            own: self.mover,
            next: self.next,
            ranks: self.left & !(self.single & last),
            n,
            e2,
            p2,
            r: self.lowest.min(i64::from(last.trailing_zeros()) + 1),
        })
    }

    /// The solver's integer fold test ([`surely_folds_at`], three players and more) at
    /// the configuration the shared stacks make with `last` (bits of ranks), or an
    /// empty d.
    pub(super) fn surely_folds(&self, rule: &Settled, last: u16) -> bool {
        let m = rule.model.players as i64;
        let n = self.n - i64::from(last.count_ones());
        if n == 0 {
            return true;
        }
        let both = self.mover & last;
        let (mut e, mut p) = (self.e, self.p);
        let mut bits = both;
        while bits != 0 {
            e -= i64::from(bits.trailing_zeros()) + 1;
            p -= 1;
            bits &= bits - 1;
        }
        let r = self.lowest.min(i64::from(last.trailing_zeros()) + 1);
        let drawable = if rule.model.reshuffle.is_some() {
            rule.highest
        } else {
            let d = self.left & !(self.single & last);
            16 - i64::from(d.leading_zeros())
        };
        -(m - 1) * e + (n - p) * r.max(drawable) <= -(m - 1) * r * n
    }

    /// u_Hit at the configuration the shared stacks make with the mover's stack `own`
    /// (bits of ranks), as [`super::Solver`] computes it, in the same order of
    /// summation, or `None` when no card can be drawn. `child(low)` is the value of the
    /// successor whose last stack is `low`, or `None` where a fold test settled it (its
    /// value is the fold's).
    pub(super) fn hit<'a>(
        &self,
        m: usize,
        own: u16,
        child: impl Fn(usize) -> Option<&'a [f64]>,
    ) -> Option<[f64; MAX_SEATS]> {
        let base = self.base.expect("stacks drawn from the pool");
        let total = self.n - i64::from(own.count_ones());
        if total == 0 {
            return None;
        }
        let r = self.lowest.min(i64::from(own.trailing_zeros()) + 1);
        // m <= 6
        let m1 = m as i64 - 1;
        let mut acc = [0.0f64; MAX_SEATS];
        // The ranks d holds: every rank left but the single ones the mover holds.
        let mut ranks = self.left & !(self.single & own);
        while ranks != 0 {
            let b = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let bit = 1u16 << b;
            // b < 10
            let j = b as u8 + 1;
            let w = base.get(j) - u8::from(own & bit != 0);
            let wf = f64::from(w);
            let jj = i64::from(j);
            // small integers, as the solver's ratio
            if own & bit != 0 {
                acc[0] -= (m1 * jj) as f64 * wf;
                for a in &mut acc[1..m] {
                    *a += jj as f64 * wf;
                }
                continue;
            }
            // The successor's vector starts with the next player: rotate right by one
            // (without a division per term: index k takes k − 1, index 0 the last).
            if let Some(v) = child(usize::from(own | bit)) {
                acc[0] += v[m - 1] * wf;
                for (a, x) in acc[1..m].iter_mut().zip(v) {
                    *a += x * wf;
                }
            } else {
                // The fold vector of a fold scoring r' (fold_vector's values):
                // −(m−1)·r' for its mover, our index 1; r' for the others.
                let rc = r.min(jj);
                // small integers
                let (mover, other) = ((-m1 * rc) as f64, rc as f64);
                for (k, a) in acc[..m].iter_mut().enumerate() {
                    *a += if k == 1 { mover } else { other } * wf;
                }
            }
        }
        // at most 55 cards
        for a in &mut acc[..m] {
            *a /= total as f64;
        }
        Some(acc)
    }
}

/// The pool at a face-up count, as [`RoundModel::unseen`] takes it.
pub(super) fn pool_at(model: &RoundModel, face_up: u32) -> Counts {
    match model.reshuffle {
        Some(x) if face_up >= x.at => x.pool,
        _ => model.pool,
    }
}

/// What `stacks` leave of `pool`, if they fit in it.
pub(super) fn base(pool: Counts, stacks: &[Stack]) -> Option<Counts> {
    stacks.iter().try_fold(pool, |d, &s| less(d, s.bits() >> 1))
}

/// `d` less one card of each rank in `bits` (bit j − 1 for rank j), or `None` where a
/// rank has none left.
pub(super) fn less(mut d: Counts, mut bits: u16) -> Option<Counts> {
    while bits != 0 {
        // n <= 10 bits
        let j = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        if d.get(j) == 0 {
            return None;
        }
        d.remove(j);
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::{Shared, base, pool_at};
    use crate::Ranks;
    use crate::model::{Reshuffle, RoundModel};
    use crate::rules::{Counts, Stack};
    use crate::seats::MAX_SEATS;
    use crate::solver::layers::Settled;
    use crate::solver::proof::Prover;

    /// The proof one level deep read off a group's sums decides as the prover does from
    /// the configuration itself, over random configurations of three and four players,
    /// with and without a reshuffle (where one applies).
    #[test]
    fn the_group_proof_is_the_provers() {
        let ranks = Ranks::new(8).unwrap();
        let full = ranks.full();
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut compared = 0;
        for m in [3, 4] {
            for reshuffle in [None, Some(20)] {
                let model = RoundModel {
                    ranks,
                    players: m,
                    pool: Counts::from_slice(&[0, 1, 2, 3, 4, 5, 6, 7]),
                    reshuffle: reshuffle.map(|at| Reshuffle { at, pool: full }),
                };
                let highest = i64::from(model.highest());
                let rule = Settled {
                    model: &model,
                    highest,
                    prover: Prover {
                        model: &model,
                        highest,
                        depth: 1,
                        skew: 0.0,
                    },
                };
                for _ in 0..20_000 {
                    let mut stacks = [Stack::EMPTY; MAX_SEATS];
                    for s in &mut stacks[..m] {
                        // 8 bits
                        let bits = (random() & 0xff) as u16 & (random() & 0xff) as u16;
                        *s = Stack::from_bits(bits << 1);
                    }
                    if stacks[..m].iter().all(|s| s.is_empty()) {
                        continue;
                    }
                    let face_up: u32 = stacks[..m].iter().map(|s| s.len()).sum();
                    let pool = pool_at(&model, face_up);
                    let Some(d) = base(pool, &stacks[..m]) else {
                        continue;
                    };
                    let shared = Shared::new(&rule, &stacks[..m - 1], face_up);
                    let last = stacks[m - 1].bits() >> 1;
                    let Some(level) = shared.one_level(&rule, last, face_up) else {
                        assert!(d.total() == 0 || !rule.prover.one_level(face_up));
                        continue;
                    };
                    let base = shared.base.unwrap();
                    let count = |j: u8| i64::from(base.get(j)) - i64::from(last >> (j - 1) & 1);
                    assert_eq!(
                        rule.prover.folds_one_level(&level, count),
                        rule.prover.folds(&stacks, &d, face_up),
                        "{stacks:?} at {face_up} face up"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 20_000, "{compared}");
    }
}
