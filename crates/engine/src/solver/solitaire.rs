//! Expected number of turns in the solitaire Memory game.
//!
//! Foerster & Wattenhofer (2013), "The Solitaire Memory Game": with `n` pairs
//! left on the table and `k` known single cards (pairwise different labels,
//! no known pair), the greedy optimal strategy needs `e(n, k)` further turns
//! in expectation. `e(0, 0) = 0` and, for `n >= 1` and `0 <= k <= n`, with
//! `d = 2n - k` unknown cards on the table,
//!
//! ```text
//! e(n,k) = k/d · (1 + e(n-1,k-1))
//!        + 2(n-k)/d · (  1/(d-1)        · (1 + e(n-1,k))
//!                      + k/(d-1)        · (2 + e(n-1,k))
//!                      + 2(n-k-1)/(d-1) · (1 + e(n,k+2)) )
//! ```
//!
//! Multiplying by `d(d-1)` turns this into one division per value:
//!
//! ```text
//! d(d-1) · e(n,k) = c0 + c1 · e(n-1,k-1) + c2 · e(n-1,k) + c3 · e(n,k+2)
//! c0 = k(d-1) + 2(n-k)(2n-1),  c1 = k(d-1),  c2 = 2(n-k)(k+1),  c3 = 4(n-k)(n-k-1)
//! ```
//!
//! For `k = n` (where `d - 1` may be zero) the recurrence is simply
//! `e(n,n) = 1 + e(n-1,n-1)`, i.e. `e(n,n) = n`.
//!
//! The values needed for `e(N, 0)` are the whole triangle `k <= n <= N`
//! (only the odd `k` of row `N` are not reached), so exact evaluation costs
//! `Θ(N²)` big-number operations on `Θ(N)`-bit numbers, i.e. `Θ(N³)` word
//! operations.
//!
//! Two evaluators are provided: [`MovesTable`] (`f64`, fast, for the solver)
//! and the exact [`ExactMovesTable`], [`expected_moves_exact`] and
//! [`expected_moves_exact_row0`] (`BigRational`).
//!
//! # The `f64` table
//!
//! Row `n` needs row `n-1` and, through `e(n,k+2)`, itself: each row is
//! filled from `k = n` downwards.
//!
//! # The exact scheme
//!
//! Reducing a fraction after every operation is what makes a naive exact
//! evaluation slow. Here the values are grouped into *layers* of equal
//! `d = 2n - k` (unknown cards). Layer `d` only needs layers `d-1` (for
//! `e(n-1,k-1)`) and `d-2` (for `e(n-1,k)` and `e(n,k+2)`), so the values of
//! one layer are independent of each other. Every value of layer `d` is kept
//! as a natural numerator over one common denominator `Δ_d` (with
//! `Δ_{d-1} | Δ_d`), which turns the recurrence into multiply-adds of
//! numerators by word-sized coefficients and one exact division by the word
//! `d(d-1)`, the same for the whole layer. That division is 2-adic (Hensel)
//! exact division, fused with the multiply-adds into a single pass, and it
//! detects a non-zero remainder. Two independent values are computed
//! interleaved (the division is latency-bound) and a large layer is split
//! over two threads. Fractions are reduced only when a value is handed out.
//!
//! `Δ_d` is kept as a prime factorisation. Empirically (checked exactly with
//! Python's `fractions` for `d <= 400`, and by the division check at run time
//! far beyond) `lcm(1..=d) · lcm(1..=⌊d/2⌋)` is a common denominator of
//! layer `d`. It has about `2.2 d` bits, barely more than the true lcm of the
//! layer's denominators (852 against 872 bits for `d = 400`). A common
//! denominator per row `n` (`lcm(1..=2n) · lcm(1..=n)`, about `4.3 n` bits)
//! would be as large for `k = 0` but also for every other `k`, whereas
//! `d = 2n - k` falls to `n`: over the triangle the layers carry about 25%
//! fewer bits.
//!
//! The code does not rely on the observation for correctness: if a division
//! is inexact, the exponent of every prime `<= d` is raised by one and the
//! layer is recomputed. The denominators in layer `d` only contain primes
//! `<= d` (they come from the lower layers and from the divisors
//! `d(d-1)`), so this terminates with correct values.

use num_rational::BigRational;
use num_traits::Zero;

/// Largest `n` accepted by the exact functions.
///
/// It keeps every recurrence coefficient (below `4n²`) under `2^62`, which
/// the fused multiply-add-divide loop relies on. Exact evaluation is cubic
/// in `n`, so the limit is never reached in practice.
pub(crate) const MAX_EXACT_N: usize = 1 << 30;

// ---------------------------------------------------------------------------
// The recurrence
// ---------------------------------------------------------------------------

/// Integer form of the recurrence for one `(n, k)` with `k < n`:
/// `divisor · e(n,k) = constant + prev_minus · e(n-1,k-1)
///                     + prev_same · e(n-1,k) + row_plus2 · e(n,k+2)`.
#[derive(Clone, Copy, Debug)]
struct Coefficients {
    pub(super) constant: u64,
    pub(super) prev_minus: u64,
    pub(super) prev_same: u64,
    pub(super) row_plus2: u64,
    pub(super) divisor: u64,
}

impl Coefficients {
    /// Coefficients for `0 <= k < n <= MAX_EXACT_N` (all fit in a `u64`).
    pub(super) fn new(n: u64, k: u64) -> Self {
        debug_assert!(k < n);
        let d = 2 * n - k;
        let unknown_pairs = n - k;
        Self {
            constant: k * (d - 1) + 2 * unknown_pairs * (2 * n - 1),
            prev_minus: k * (d - 1),
            prev_same: 2 * unknown_pairs * (k + 1),
            row_plus2: 4 * unknown_pairs * (unknown_pairs - 1),
            divisor: d * (d - 1),
        }
    }
}

// ---------------------------------------------------------------------------
// Floating point table
// ---------------------------------------------------------------------------

/// `e(n, k)` as `f64` for all `0 <= k <= n <= max_n`, in triangular storage
/// (`(max_n + 1)(max_n + 2) / 2` values, e.g. 100 MB for `max_n = 5000`).
#[derive(Clone, Debug)]
pub struct MovesTable {
    max_n: usize,
    values: Vec<f64>,
}

/// Offset of row `n` in the triangular storage.
fn row_start(n: usize) -> usize {
    n * (n + 1) / 2
}

/// `1 / (d(d-1))` for `d` in `0..=2 max_n` (unused entries 0): multiplying
/// by a stored reciprocal is much cheaper than a division in the inner loop
/// and costs at most one extra rounding.
// d(d-1) is below 2^53 for every table that fits in memory
fn reciprocal_divisors(max_n: usize) -> Vec<f64> {
    (0..=2 * max_n)
        .map(|d| {
            if d < 2 {
                0.0
            } else {
                1.0 / (d * (d - 1)) as f64
            }
        })
        .collect()
}

/// Fills row `n >= 1` from row `n - 1`, from `k = n` downwards because
/// `e(n, k)` needs `e(n, k + 2)`.
// coefficients are below 2^53 for every table that fits in memory
fn fill_row_f64(n: usize, prev: &[f64], row: &mut [f64], reciprocals: &[f64]) {
    row[n] = 1.0 + prev[n - 1];
    for k in (0..n).rev() {
        let c = Coefficients::new(n as u64, k as u64);
        // Out-of-range neighbours have zero coefficients.
        let minus = if k > 0 { prev[k - 1] } else { 0.0 };
        let above = if k + 2 <= n { row[k + 2] } else { 0.0 };
        let numerator = c.constant as f64
            + c.prev_minus as f64 * minus
            + c.prev_same as f64 * prev[k]
            + c.row_plus2 as f64 * above;
        row[k] = numerator * reciprocals[2 * n - k];
    }
}

impl MovesTable {
    /// Computes `e(n, k)` for all `0 <= k <= n <= max_n` (under 0.1 s for
    /// `max_n = 5000` in a release build, half of it for the page faults of
    /// the 100 MB).
    #[must_use]
    pub fn new(max_n: usize) -> Self {
        let mut values = vec![0.0; row_start(max_n + 1)];
        let reciprocals = reciprocal_divisors(max_n);
        for n in 1..=max_n {
            let (done, current) = values.split_at_mut(row_start(n));
            fill_row_f64(
                n,
                &done[row_start(n - 1)..],
                &mut current[..=n],
                &reciprocals,
            );
        }
        Self { max_n, values }
    }

    /// Largest `n` stored in the table.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn max_n(&self) -> usize {
        self.max_n
    }

    /// `e(n, k)`: `0.0` when `k > n` (an impossible state, which the
    /// recurrence always weights by zero) and `NaN` when `n > max_n`.
    #[must_use]
    pub fn get(&self, n: usize, k: usize) -> f64 {
        if k > n {
            0.0
        } else if n > self.max_n {
            f64::NAN
        } else {
            self.values[row_start(n) + k]
        }
    }
}

impl super::MovesOracle<f64> for MovesTable {
    // table sizes fit in usize
    fn expected_moves(&self, n: u64, k: u64) -> f64 {
        self.get(n as usize, k as usize)
    }
}

impl super::MovesOracle<BigRational> for ExactMovesTable {
    // table sizes fit in usize
    fn expected_moves(&self, n: u64, k: u64) -> BigRational {
        self.get(n as usize, k as usize)
            .expect("the table covers the root")
    }
}

mod chosen;
mod easy;
mod free;
mod layers;
mod limbs;
mod sweep;

pub use chosen::{ExactMovesAt, expected_moves_exact_at};
pub use easy::{
    EasyAction, EasyMovesTable, EasyState, Last, NextCard, easy_moves_exact, easy_worst_case,
};
pub use free::FreeMovesTable;
pub use sweep::{MovesBand, expected_moves as expected_moves_f64};

use layers::{Layer, LayerSolver, check_exact_n, collect_layers};

// ---------------------------------------------------------------------------
// Exact public API
// ---------------------------------------------------------------------------

/// Exact `e(n, k)` (zero when `k > n`).
///
/// Keeps only two layers in memory (per thread) and uses two threads for
/// `n >= 300` on a multi-core machine. In a release build: about 10 ms for
/// `e(500, 0)`, 50 ms for `e(1000, 0)`.
///
/// # Panics
///
/// If `n > MAX_EXACT_N`.
#[must_use]
pub fn expected_moves_exact(n: usize, k: usize) -> BigRational {
    if k > n {
        return BigRational::zero();
    }
    check_exact_n(n);
    let d = 2 * n - k;
    let pick = |solver: &LayerSolver| {
        if solver.newest.d == d {
            solver.value(n)
        } else {
            None
        }
    };
    collect_layers(n, d, &pick)
        .pop()
        .unwrap_or_else(BigRational::zero)
}

/// Exact `e(n, 0)` for every `n` in `0..=max_n` (index `n`), at the cost of
/// one [`expected_moves_exact`]`(max_n, 0)`.
///
/// # Panics
///
/// If `max_n > MAX_EXACT_N`.
#[cfg(test)]
#[must_use]
pub(crate) fn expected_moves_exact_row0(max_n: usize) -> Vec<BigRational> {
    check_exact_n(max_n);
    // e(n, 0) lies in layer d = 2n.
    let pick = |solver: &LayerSolver| {
        let d = solver.newest.d;
        if d.is_multiple_of(2) {
            solver.value(d / 2)
        } else {
            None
        }
    };
    collect_layers(max_n, 2 * max_n, &pick)
}

/// Exact `e(n, k)` for all `0 <= k <= n <= max_n`.
///
/// Values with the same `d = 2n - k` are stored as unreduced numerators over
/// one common denominator of about `2.2 d` bits, so memory grows like
/// `max_n³` (about 20 MB for `max_n = 500`, 150 MB for `max_n = 1000`,
/// 1.1 GB for `max_n = 2000`); [`get`](Self::get) reduces the fraction it
/// returns. Computed on one thread.
#[derive(Clone, Debug)]
pub struct ExactMovesTable {
    max_n: usize,
    /// Layer `d` at index `d`.
    layers: Vec<Layer>,
}

impl ExactMovesTable {
    /// Computes the table up to row `max_n`.
    ///
    /// # Panics
    ///
    /// If `max_n > MAX_EXACT_N`.
    #[must_use]
    pub fn new(max_n: usize) -> Self {
        check_exact_n(max_n);
        let mut solver = LayerSolver::new(0, max_n);
        let mut layers = vec![solver.newest.clone()];
        while solver.advance() {
            layers.push(solver.newest.clone());
        }
        Self { max_n, layers }
    }

    /// Largest `n` stored in the table.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn max_n(&self) -> usize {
        self.max_n
    }

    /// Exact `e(n, k)`: zero when `k > n`, `None` when `n > max_n`.
    #[must_use]
    pub fn get(&self, n: usize, k: usize) -> Option<BigRational> {
        if k > n {
            return Some(BigRational::zero());
        }
        if n > self.max_n {
            return None;
        }
        self.layers.get(2 * n - k)?.value(n)
    }
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests;
