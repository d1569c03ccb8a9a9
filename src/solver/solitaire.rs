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
pub const MAX_EXACT_N: usize = 1 << 30;

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
#[allow(
    clippy::cast_precision_loss,
    reason = "d(d-1) is below 2^53 for every table that fits in memory"
)]
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
#[allow(
    clippy::cast_precision_loss,
    reason = "coefficients are below 2^53 for every table that fits in memory"
)]
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
    #[must_use]
    pub fn max_n(&self) -> usize {
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
    #[allow(clippy::cast_possible_truncation)] // table sizes fit in usize
    fn expected_moves(&self, n: u64, k: u64) -> f64 {
        self.get(n as usize, k as usize)
    }
}

impl super::MovesOracle<BigRational> for ExactMovesTable {
    #[allow(clippy::cast_possible_truncation)] // table sizes fit in usize
    fn expected_moves(&self, n: u64, k: u64) -> BigRational {
        self.get(n as usize, k as usize)
            .expect("the table covers the root")
    }
}

mod chosen;
mod layers;
mod limbs;
mod sweep;

pub use chosen::{ExactMovesAt, expected_moves_exact_at};
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
#[must_use]
pub fn expected_moves_exact_row0(max_n: usize) -> Vec<BigRational> {
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
    #[must_use]
    pub fn max_n(&self) -> usize {
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
mod tests {
    use super::layers::*;
    use super::limbs::*;
    use super::*;
    use num_bigint::BigInt;
    use num_traits::{One, ToPrimitive};

    /// Parses a published value such as `"622/105"` or `"31/4"`.
    fn q(text: &str) -> BigRational {
        text.parse().expect("valid rational literal")
    }

    fn int(n: usize) -> BigRational {
        BigRational::from_integer(BigInt::from(n))
    }

    /// The recurrence exactly as published, with `BigRational` arithmetic.
    fn naive_table(max_n: usize) -> Vec<Vec<BigRational>> {
        let mut e: Vec<Vec<BigRational>> = vec![vec![BigRational::zero()]];
        for n in 1..=max_n {
            let mut row = vec![BigRational::zero(); n + 1];
            for k in (0..=n).rev() {
                let ratio = |a: usize, b: usize| BigRational::new(BigInt::from(a), BigInt::from(b));
                let prev = |j: usize| e[n - 1].get(j).cloned().unwrap_or_else(BigRational::zero);
                let d = 2 * n - k;
                let mut v = BigRational::zero();
                if k > 0 {
                    v += ratio(k, d) * (BigRational::one() + prev(k - 1));
                }
                if k < n {
                    let above = row.get(k + 2).cloned().unwrap_or_else(BigRational::zero);
                    let inner = ratio(1, d - 1) * (int(1) + prev(k))
                        + ratio(k, d - 1) * (int(2) + prev(k))
                        + ratio(2 * (n - k - 1), d - 1) * (int(1) + above);
                    v += ratio(2 * (n - k), d) * inner;
                }
                row[k] = v;
            }
            e.push(row);
        }
        e
    }

    const PUBLISHED: &[(usize, usize, &str)] = &[
        (1, 0, "1"),
        (2, 0, "8/3"),
        (3, 0, "13/3"),
        (3, 1, "58/15"),
        (4, 0, "622/105"),
        (4, 2, "226/45"),
        (5, 0, "793/105"),
        (6, 0, "31748/3465"),
        (7, 0, "44141/4095"),
        (7, 6, "31/4"),
        (8, 0, "558242/45045"),
        (9, 0, "2145301/153153"),
        (10, 0, "227287744/14549535"),
        (20, 0, "1767665508219146/55655536011075"),
        (32, 0, "7321297670639878154280386/143200930729508511084225"),
        (
            50,
            0,
            "29113049668368192296518806200159569812632/363126954321419151898613588204751581025",
        ),
    ];

    #[test]
    fn published_values_from_table() {
        let table = ExactMovesTable::new(50);
        for &(n, k, text) in PUBLISHED {
            assert_eq!(table.get(n, k), Some(q(text)), "e({n},{k})");
        }
    }

    #[test]
    fn published_values_from_single_calls() {
        for &(n, k, text) in PUBLISHED {
            assert_eq!(expected_moves_exact(n, k), q(text), "e({n},{k})");
        }
    }

    #[test]
    fn published_values_from_row0() {
        let row0 = expected_moves_exact_row0(50);
        assert_eq!(row0.len(), 51);
        assert_eq!(row0[0], BigRational::zero());
        for &(n, k, text) in PUBLISHED {
            if k == 0 {
                assert_eq!(row0[n], q(text), "e({n},0)");
            }
        }
    }

    #[test]
    fn e50_is_about_80_17() {
        let value = expected_moves_exact(50, 0).to_f64().expect("finite");
        assert!((value - 80.173_199_27).abs() < 1e-8, "{value}");
    }

    #[test]
    fn matches_naive_recurrence() {
        let naive = naive_table(30);
        let table = ExactMovesTable::new(30);
        for (n, row) in naive.iter().enumerate() {
            for (k, value) in row.iter().enumerate() {
                assert_eq!(table.get(n, k).as_ref(), Some(value), "e({n},{k})");
            }
        }
    }

    /// Every layer a solver produces, by `d`.
    fn all_layers(mut solver: LayerSolver) -> (Vec<Layer>, usize) {
        let mut layers = vec![solver.newest.clone()];
        while solver.advance() {
            layers.push(solver.newest.clone());
        }
        (layers, solver.retries)
    }

    #[test]
    fn too_small_denominator_guess_is_repaired() {
        // Guessing Δ_d = 1 forces the retry path on almost every layer.
        let naive = naive_table(25);
        let (layers, retries) = all_layers(LayerSolver::with_guess(0, 25, |_, _| 0));
        assert_eq!(layers.len(), 51);
        for (n, row) in naive.iter().enumerate() {
            for (k, value) in row.iter().enumerate() {
                assert_eq!(
                    layers[2 * n - k].value(n).as_ref(),
                    Some(value),
                    "e({n},{k})"
                );
            }
        }
        assert!(retries > 10, "{retries}");
    }

    #[test]
    fn guessed_denominator_suffices() {
        let (layers, retries) = all_layers(LayerSolver::new(0, 300));
        assert_eq!(layers.len(), 601);
        assert_eq!(retries, 0);
    }

    #[test]
    #[ignore = "slow (about 20 s in release): run with --ignored"]
    fn guessed_denominator_suffices_far() {
        let mut solver = LayerSolver::new(0, 6000);
        while solver.advance() {}
        assert_eq!(solver.retries, 0);
        let value = solver
            .newest
            .value(6000)
            .and_then(|v| v.to_f64())
            .expect("e(6000,0)");
        assert!((value / 6000.0 - 1.6136).abs() < 1e-3, "{value}");
    }

    /// Picks `e(n, 0)` (in layer `2n`) and, to cover other `k` too,
    /// `e(n, n - 1)` (in layer `n + 1`), as `(n, k, value)`.
    #[allow(clippy::unnecessary_wraps, reason = "the signature of a pick")]
    fn pick_some(solver: &LayerSolver) -> Option<Vec<(usize, usize, BigRational)>> {
        let d = solver.newest.d;
        let mut picked = Vec::new();
        if d.is_multiple_of(2) {
            picked.extend(solver.value(d / 2).map(|v| (d / 2, 0, v)));
        }
        if let Some(n) = d.checked_sub(1).filter(|&n| n > 0) {
            picked.extend(solver.value(n).map(|v| (n, n - 1, v)));
        }
        Some(picked)
    }

    /// Everything `pick_some` finds, sorted.
    fn sorted(picked: Vec<Vec<(usize, usize, BigRational)>>) -> Vec<(usize, usize, BigRational)> {
        let mut all: Vec<_> = picked.into_iter().flatten().collect();
        all.sort();
        all
    }

    #[test]
    fn split_matches_serial() {
        let serial =
            |cap, max_d| sorted(collect_serial(LayerSolver::new(0, cap), max_d, &pick_some));
        let want = serial(40, 80);
        assert_eq!(want.len(), 41 + 40);
        for split in [1, 2, 3, 17, 39, 40] {
            let got =
                collect_split(40, 80, split, guessed_exponent, &pick_some).expect("no retries");
            assert_eq!(sorted(got), want, "split at {split}");
        }
        for max_d in [0, 1, 5, 33, 60] {
            let got =
                collect_split(40, max_d, 30, guessed_exponent, &pick_some).expect("no retries");
            assert_eq!(sorted(got), serial(40, max_d), "max_d {max_d}");
        }
    }

    #[test]
    fn split_row0_is_in_order() {
        let pick = |solver: &LayerSolver| {
            let d = solver.newest.d;
            d.is_multiple_of(2).then(|| solver.value(d / 2)).flatten()
        };
        let serial = collect_serial(LayerSolver::new(0, 600), 1200, &pick);
        assert_eq!(serial.len(), 601);
        let split = collect_split(600, 1200, split_row(600), guessed_exponent, &pick);
        assert_eq!(split, Some(serial));
    }

    #[test]
    fn split_with_retries_is_discarded() {
        let pick = |solver: &LayerSolver| solver.value(solver.newest.d / 2);
        assert_eq!(collect_split(20, 40, 10, |_, _| 0, &pick), None);
    }

    #[test]
    fn split_row_balances() {
        assert_eq!(split_row(1000), 877);
        assert_eq!(split_row(10_123), 8877);
        assert_eq!(split_row(1), 1);
        assert_eq!(split_row(0), 1);
    }

    #[test]
    fn partial_tables_agree_with_full_ones() {
        // A smaller cap must not change the values it covers.
        let full = ExactMovesTable::new(40);
        for (n, k) in [(40, 0), (40, 17), (33, 33), (25, 3), (1, 0), (0, 0)] {
            assert_eq!(
                Some(expected_moves_exact(n, k)),
                full.get(n, k),
                "e({n},{k})"
            );
        }
        let row0 = expected_moves_exact_row0(40);
        for (n, value) in row0.iter().enumerate() {
            assert_eq!(Some(value), full.get(n, 0).as_ref());
        }
    }

    #[test]
    fn diagonal_and_subdiagonal_closed_forms() {
        let table = ExactMovesTable::new(30);
        let floats = MovesTable::new(30);
        for n in 1..=30 {
            assert_eq!(table.get(n, n), Some(int(n)), "e({n},{n})");
            let sub = int(n) + BigRational::new(BigInt::from(n - 1), BigInt::from(n + 1));
            assert_eq!(table.get(n, n - 1), Some(sub.clone()), "e({n},{})", n - 1);
            let (exact_n, exact_sub) = (
                int(n).to_f64().expect("finite"),
                sub.to_f64().expect("finite"),
            );
            assert!((floats.get(n, n) - exact_n).abs() < 1e-12);
            assert!((floats.get(n, n - 1) - exact_sub).abs() < 1e-12);
        }
    }

    #[test]
    fn float_table_matches_exact() {
        let exact = ExactMovesTable::new(40);
        let floats = MovesTable::new(40);
        for n in 0..=40 {
            for k in 0..=n {
                let want = exact.get(n, k).and_then(|v| v.to_f64()).expect("finite");
                let got = floats.get(n, k);
                assert!(
                    (got - want).abs() <= 1e-13 * want.max(1.0),
                    "e({n},{k}): {got} vs {want}"
                );
            }
        }
    }

    #[test]
    fn exact_and_float_agree_at_1000() {
        // Large enough for the two-thread path.
        let exact = expected_moves_exact(1000, 0).to_f64().expect("finite");
        let float = MovesTable::new(1000).get(1000, 0);
        assert!((exact - float).abs() < 1e-10 * exact, "{exact} vs {float}");
        assert!((exact - 1_613.194_305_44).abs() < 1e-7, "{exact}");
    }

    #[test]
    fn float_table_5000() {
        let table = MovesTable::new(5000);
        let value = table.get(5000, 0);
        assert!((value - 8_068.016_89).abs() < 1e-4, "{value}");
        assert!((value / 5000.0 - 1.613_603).abs() < 1e-6);
    }

    #[test]
    fn out_of_range_lookups() {
        let floats = MovesTable::new(3);
        assert_eq!(floats.max_n(), 3);
        assert!(floats.get(2, 3).abs() < f64::EPSILON);
        assert!(floats.get(4, 0).is_nan());
        assert!(floats.get(0, 0).abs() < f64::EPSILON);
        let exact = ExactMovesTable::new(3);
        assert_eq!(exact.max_n(), 3);
        assert_eq!(exact.get(2, 3), Some(BigRational::zero()));
        assert_eq!(exact.get(4, 0), None);
        assert_eq!(exact.get(0, 0), Some(BigRational::zero()));
        assert_eq!(expected_moves_exact(2, 5), BigRational::zero());
        assert_eq!(expected_moves_exact(0, 0), BigRational::zero());
        assert_eq!(ExactMovesTable::new(0).max_n(), 0);
    }

    /// `dividend / m` through [`HenselDivider`], if exact and the quotient
    /// fits in `width` limbs.
    fn divide(dividend: &[u64], m: u64, width: usize) -> Option<Vec<u64>> {
        let (&first, rest) = dividend.split_first()?;
        let mut divider = HenselDivider::new(m, first);
        let mut quotient: Vec<u64> = rest.iter().map(|&limb| divider.next(limb)).collect();
        quotient.push(divider.next(0));
        let fits = quotient[width.min(quotient.len())..]
            .iter()
            .all(|&q| q == 0);
        quotient.truncate(width);
        (divider.finish() && fits).then_some(quotient)
    }

    #[test]
    fn word_arithmetic() {
        // (3 · 2^64 + 5) · 7, then divided back.
        let mut a = vec![5, 3, 0];
        assert!(mul_in_place(&mut a, 7));
        assert_eq!(a, vec![35, 21, 0]);
        assert_eq!(divide(&a, 7, 3), Some(vec![5, 3, 0]));
        assert_eq!(divide(&a, 7, 2), Some(vec![5, 3]));
        assert_eq!(divide(&a, 1, 1), None, "quotient too wide");
        assert_eq!(divide(&a, 2, 3), None, "odd dividend");
        assert_eq!(divide(&a, 21, 3), None, "not divisible by 3");
        assert_eq!(divide(&[12, 0], 12, 2), Some(vec![1, 0]));
        assert_eq!(
            divide(&[0, 0, 1, 0], 1 << 20, 4),
            Some(vec![0, 1 << 44, 0, 0])
        );
        assert_eq!(divide(&[0, 0, 6], 6 << 32, 3), Some(vec![0, 1 << 32, 0]));
        assert_eq!(divide(&[1 << 40, 0, 6], 6 << 32, 3), None, "remainder 2^40");
        assert_eq!(
            divide(&[0, 1], 2, 1),
            Some(vec![1 << 63]),
            "bit shifted in from above"
        );
        let mut b = vec![u64::MAX, 1];
        mul_growing(&mut b, 1 << 63);
        assert_eq!(b, vec![1 << 63, u64::MAX]);
        let mut c = vec![u64::MAX, u64::MAX];
        mul_growing(&mut c, 3);
        assert_eq!(c, vec![u64::MAX - 2, u64::MAX, 2]);
        assert!(!mul_in_place(&mut [u64::MAX], 2));
        assert_eq!(trimmed(&[1, 2, 0, 0]), &[1, 2]);
        assert_eq!(trimmed(&[0, 0]), &[0]);
        assert_eq!(pack_factors(&[2, 3, 5]), vec![30]);
        assert_eq!(pack_factors(&[u64::MAX, 3]), vec![u64::MAX, 3]);
        assert_eq!(inverse_mod_word(12_345).wrapping_mul(12_345), 1);
    }

    #[test]
    fn interleaved_jobs_detect_inexact_division() {
        let one = [1, 0];
        let seven = [7, 0];
        let (mut out_a, mut out_b) = ([0; 2], [0; 2]);
        // (2·1 + 3·7 + 0 + 0) / 23 = 1 and (1 + 7) / 3 is not exact.
        let mut a = Job {
            terms: [&one, &seven, &one, &one],
            coefficients: [2, 3, 0, 0],
            divisor: 23,
            out: &mut out_a,
        };
        let mut b = Job {
            terms: [&one, &seven, &one, &one],
            coefficients: [1, 1, 0, 0],
            divisor: 3,
            out: &mut out_b,
        };
        assert!(run_interleaved([&mut a]));
        assert!(!run_interleaved([&mut a, &mut b]));
        assert!(!run_jobs(&mut [a, b]));
        assert_eq!(out_a, [1, 0]);
    }
}
