//! The decision alone, two players: at a decision point the AI needs only the sign of
//! u_Hit[1] − u_Fold[1], not the values. [`Decider`] settles it from proved bounds on the
//! subtrees, searched with a window round the fold's value (alpha-beta for a max node
//! over a chance node, Ballard's Star1), and hands back `None` — a close call — where
//! the two lie within [`DECISIVE`] of each other; the caller then solves the round
//! exactly ([`super::Solver`]) as before.
//!
//! **Bounds.** With two players the round is zero-sum and one number, V, the mover's
//! value, suffices: V = max(−r, H), H = (−Σ_{j∈s_1} j·d[j] + Σ_{j∉s_1} d[j]·(−V_j)) / N,
//! V_j the opponent's value after the card j. The opponent can fold at once, so
//! V_j ≥ −min(r, j), and −V_j ≤ min(r, j); that is the solver's sharper fold test, which
//! also bounds V from above. A node's bounds are kept by its stacks (a transposition
//! table of intervals, tightened as searches return), so a node searched again with
//! another window starts where the last search left it.
//!
//! **Why the decision is the exact solver's.** The exact solver computes H in `f64` and
//! folds iff u_Fold[1] ≥ u_Hit[1] or the two lie within [`concentration_engine::solver::TIE_EPSILON`]
//! (1e-9). Its H is off the true H by its rounding (values at most 10 in size, sums of at
//! most 55 terms over at most 20 levels: far below 1e-12) and by the ties it folded
//! within the tolerance below (each moves the value above it by at most 1e-9 times its
//! chance, at most one per level: 2e-8). This search's bounds carry only rounding. So
//! where it proves H ≥ −r + 1e-6 the exact solver hits, where it proves H ≤ −r − 1e-6
//! (or the integer fold test settles it, ties folding) the exact solver folds, and
//! between the two the caller asks the exact solver. `tests/it/pairs_decide.rs` compares
//! every decision of whole seeded duels with the exact solve, and shows that a wrong
//! bound would be caught.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::Action;
use crate::model::{RoundModel, lowest};
use crate::rules::{Counts, Stack};

/// How far apart H and −r must be proved for the search to decide; closer calls go to
/// the exact solver (see the module's documentation).
pub const DECISIVE: f64 = 1e-6;

/// The decision-only search of one two-player round, its bounds kept between decisions.
#[derive(Debug, Clone)]
pub struct Decider {
    model: RoundModel,
    /// Proved bounds (low, high) on the mover's value V, by the stacks in turn order.
    bounds: FxHashMap<u32, (f64, f64)>,
    /// Test only: a wrong upper bound (−V_j ≤ min(r, j) + `skew`), to show the tests
    /// catch it.
    skew: f64,
}

/// A child of a hit: the card, its weight d[j], bounds on the mover's payoff −V_j.
#[derive(Debug, Clone, Copy)]
struct Card {
    j: u8,
    w: f64,
    low: f64,
    high: f64,
}

impl Decider {
    /// The search of the round.
    ///
    /// # Panics
    /// A round of more than two players.
    #[must_use]
    pub fn new(model: RoundModel) -> Self {
        assert_eq!(
            model.players, 2,
            "the decision-only search is for two players"
        );
        Self {
            model,
            bounds: FxHashMap::default(),
            skew: 0.0,
        }
    }

    /// The same search with its bound on a child made wrong by `skew` (tests only).
    #[cfg(any(test, feature = "test-hooks"))]
    #[must_use]
    pub fn with_wrong_bound(mut self, skew: f64) -> Self {
        self.skew = skew;
        self
    }

    /// The same search set to another round, its table emptied but its room kept (a
    /// series of games meets a new round at every deal).
    pub(crate) fn renew(&mut self, model: RoundModel) {
        assert_eq!(
            model.players, 2,
            "the decision-only search is for two players"
        );
        self.model = model;
        self.bounds.clear();
    }

    /// The round this search works on.
    #[must_use]
    pub fn model(&self) -> &RoundModel {
        &self.model
    }

    /// Configurations given bounds so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.bounds.len()
    }

    /// The exact solver's action at the configuration (stacks in turn order, the mover
    /// first), or `None` for a close call, which only the exact solve can settle.
    ///
    /// # Panics
    /// Stacks that do not fit the round's model.
    pub fn decide(&mut self, stacks: &[Stack]) -> Option<Action> {
        assert_eq!(stacks.len(), 2, "one stack per player");
        let d = self.model.unseen(stacks);
        let face_up = stacks.iter().map(|s| s.len()).sum();
        let s = [stacks[0], stacks[1]];
        let r = i64::from(lowest(stacks));
        if d.total() == 0 || settled_fold(s[0], &d, r) {
            return Some(Action::Fold);
        }
        // r <= 10
        let fold = -(r as f64);
        let h = self.hit(s, &d, face_up, fold - DECISIVE, fold + DECISIVE);
        if h >= fold + DECISIVE {
            Some(Action::Hit)
        } else if h <= fold - DECISIVE {
            Some(Action::Fold)
        } else {
            None
        }
    }

    fn key(&self, s: [Stack; 2]) -> u32 {
        let n = u32::from(self.model.ranks.get());
        u32::from(s[0].bits() >> 1) | (u32::from(s[1].bits() >> 1) << n)
    }

    /// V of the configuration, fail-soft in the window (alpha, beta): a result ≤ alpha
    /// bounds V from above, one ≥ beta from below, one between is V.
    fn value(&mut self, s: [Stack; 2], d: &Counts, face_up: u32, alpha: f64, beta: f64) -> f64 {
        let key = self.key(s);
        let r = i64::from(lowest(&s));
        // r <= 10
        let fold = -(r as f64);
        let (low, high) = match self.bounds.get(&key) {
            Some(&b) => b,
            None => {
                let b = static_bounds(s[0], d, r, self.skew);
                self.bounds.insert(key, b);
                b
            }
        };
        if low >= high || low >= beta {
            return low;
        }
        if high <= alpha {
            return high;
        }
        // V = max(fold, H) and fold < high: search H above the fold.
        let floor = alpha.max(fold);
        let h = self.hit(s, d, face_up, floor, beta);
        let (low, high, v) = if h <= floor {
            // H ≤ h: V ≤ max(fold, h); exactly the fold where the window reached it.
            let v = h.max(fold);
            if alpha < fold {
                (fold, fold, fold)
            } else {
                (low, high.min(v), v)
            }
        } else if h >= beta {
            (low.max(h), high, h)
        } else {
            (h, h, h)
        };
        self.bounds.insert(key, (low, high));
        v
    }

    /// H of the configuration, fail-soft in the window (alpha, beta) as [`Self::value`].
    fn hit(&mut self, s: [Stack; 2], d: &Counts, face_up: u32, alpha: f64, beta: f64) -> f64 {
        let r = lowest(&s);
        let mut fixed = 0.0;
        let mut cards: SmallVec<[Card; 10]> = SmallVec::new();
        for (j, c) in d.iter() {
            let w = f64::from(c);
            if s[0].has(j) {
                fixed -= f64::from(j) * w;
                continue;
            }
            let child = [s[1], s[0].with(j)];
            let key = self.key(child);
            let (low, high) = match self.bounds.get(&key) {
                Some(&(l, h)) => (-h, -l),
                None => {
                    let cd = self.model.unseen_after(&child, d, j, face_up);
                    let (l, h) = static_bounds(child[0], &cd, i64::from(r.min(j)), self.skew);
                    // Kept: a search of this node again, or of the child, starts here.
                    self.bounds.insert(key, (l, h));
                    (-h, -l)
                }
            };
            cards.push(Card { j, w, low, high });
        }
        let n = f64::from(d.total());
        let (na, nb) = (alpha * n, beta * n);
        let mut low_sum = fixed + cards.iter().map(|c| c.w * c.low).sum::<f64>();
        let mut high_sum = fixed + cards.iter().map(|c| c.w * c.high).sum::<f64>();
        if high_sum <= na {
            return high_sum / n;
        }
        if low_sum >= nb {
            return low_sum / n;
        }
        // The widest intervals first: they move the sums most.
        cards.sort_by(|a, b| (b.w * (b.high - b.low)).total_cmp(&(a.w * (a.high - a.low))));
        for c in &cards {
            if c.low >= c.high {
                continue;
            }
            // The child's payoff x settles the window when x ≤ a or x ≥ b.
            let a = ((na - (high_sum - c.w * c.high)) / c.w).max(c.low);
            let b = ((nb - (low_sum - c.w * c.low)) / c.w).min(c.high);
            let child = [s[1], s[0].with(c.j)];
            let cd = self.model.unseen_after(&child, d, c.j, face_up);
            let x = -self.value(child, &cd, face_up + 1, -b, -a);
            let (low, high) = if x >= b {
                (x, c.high)
            } else if x <= a {
                (c.low, x)
            } else {
                (x, x)
            };
            low_sum += c.w * (low - c.low);
            high_sum += c.w * (high - c.high);
            if high_sum <= na {
                return high_sum / n;
            }
            if low_sum >= nb {
                return low_sum / n;
            }
        }
        low_sum / n
    }
}

/// Bounds on V before any search: V ≥ −r (the mover can fold); V ≤ max(−r, the fold
/// test's bound on H), and V = −r where the test settles a fold or no card is left.
fn static_bounds(own: Stack, d: &Counts, r: i64, skew: f64) -> (f64, f64) {
    // small integers
    let fold = -(r as f64);
    let n = i64::from(d.total());
    if n == 0 || settled_fold(own, d, r) {
        return (fold, fold);
    }
    // small integers
    let high = hit_bound(own, d, r) as f64 / n as f64 + skew;
    (fold, high.max(fold))
}

/// N·(the bound on H): −E + Σ_{j∉s_1} d[j]·min(r, j).
fn hit_bound(own: Stack, d: &Counts, r: i64) -> i64 {
    d.iter()
        .map(|(j, c)| {
            let (j, c) = (i64::from(j), i64::from(c));
            // j <= 10
            if own.has(j as u8) {
                -j * c
            } else {
                j.min(r) * c
            }
        })
        .sum()
}

/// The solver's two-player fold test, in integers (ties fold).
fn settled_fold(own: Stack, d: &Counts, r: i64) -> bool {
    hit_bound(own, d, r) <= -r * i64::from(d.total())
}
