//! Exact `e(n, k)` for a few chosen `(n, k)` — those one position's actions ask for —
//! from one walk through the layers, keeping two layers at a time (see
//! [`collect_layers`]): the sizes [`ExactMovesTable`](super::ExactMovesTable), which keeps
//! every layer, cannot reach.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::Zero;

use super::expected_moves_exact;
use super::layers::{LayerSolver, check_exact_n, collect_layers};
use crate::solver::MovesOracle;

/// Exact `e(n, k)` for every `(n, k)` of `wanted`, in its order, computed together;
/// `progress` hears now and then the share of the work done (0 to 1).
///
/// # Panics
/// If some `n > MAX_EXACT_N`.
#[must_use]
pub fn expected_moves_exact_at(
    wanted: &[(usize, usize)],
    progress: &(dyn Fn(f64) + Sync),
) -> Vec<BigRational> {
    let real: Vec<(usize, usize)> = wanted.iter().copied().filter(|&(n, k)| k <= n).collect();
    let cap = real.iter().map(|&(n, _)| n).max().unwrap_or(0);
    check_exact_n(cap);
    let max_d = real.iter().map(|&(n, k)| 2 * n - k).max().unwrap_or(0);
    let work = work_done(cap, max_d);
    let total = work.last().copied().unwrap_or(0.0).max(1.0);
    let pick = |solver: &LayerSolver| {
        let d = solver.newest.d;
        // The solver of the top rows is the one that finishes last.
        if solver.cap == cap {
            progress(work[d] / total);
        }
        let found: Vec<((usize, usize), BigRational)> = real
            .iter()
            .filter(|&&(n, k)| 2 * n - k == d)
            .filter_map(|&(n, k)| Some(((n, k), solver.value(n)?)))
            .collect();
        (!found.is_empty()).then_some(found)
    };
    let values: HashMap<(usize, usize), BigRational> = collect_layers(cap, max_d, &pick)
        .into_iter()
        .flatten()
        .collect();
    wanted
        .iter()
        .map(|key| values.get(key).cloned().unwrap_or_else(BigRational::zero))
        .collect()
}

/// The work of the layers up to each `d` (values with `n <= cap`, each costing about
/// as many limbs as its layer's denominator: in proportion to `d`).
// a share for a progress bar
fn work_done(cap: usize, max_d: usize) -> Vec<f64> {
    let mut sum = 0.0;
    (0..=max_d)
        .map(|d| {
            let rows = (d.min(cap) + 1).saturating_sub(d.div_ceil(2));
            sum += (rows * d.max(1)) as f64;
            sum
        })
        .collect()
}

/// Exact `e(n, k)` for the chosen `(n, k)`, any other computed when asked.
#[derive(Debug)]
pub struct ExactMovesAt {
    values: HashMap<(u64, u64), BigRational>,
}

impl ExactMovesAt {
    /// The values of `wanted`, computed together (see [`expected_moves_exact_at`]).
    #[must_use]
    pub fn new(wanted: &[(usize, usize)], progress: &(dyn Fn(f64) + Sync)) -> Self {
        let values = expected_moves_exact_at(wanted, progress);
        Self {
            values: wanted
                .iter()
                .map(|&(n, k)| (n as u64, k as u64))
                .zip(values)
                .collect(),
        }
    }
}

impl MovesOracle<BigRational> for ExactMovesAt {
    // n fits in memory, so in usize
    fn expected_moves(&self, n: u64, k: u64) -> BigRational {
        self.values
            .get(&(n, k))
            .cloned()
            .unwrap_or_else(|| expected_moves_exact(n as usize, k as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::super::ExactMovesTable;
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn chosen_values_are_the_tables() {
        let table = ExactMovesTable::new(60);
        let wanted = [
            (60, 0),
            (59, 0),
            (60, 2),
            (58, 1),
            (3, 1),
            (0, 0),
            (2, 5),
            (60, 60),
        ];
        let shares = Mutex::new(Vec::new());
        let got = expected_moves_exact_at(&wanted, &|s| shares.lock().unwrap().push(s));
        for (&(n, k), v) in wanted.iter().zip(&got) {
            assert_eq!(Some(v), table.get(n, k).as_ref(), "e({n},{k})");
        }
        let shares = shares.into_inner().unwrap();
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        assert!((shares.last().unwrap() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn on_two_threads_too() {
        // Large enough for the two-thread walk (300 rows and more).
        let wanted = [(400, 0), (399, 1), (400, 3), (17, 2)];
        let got = expected_moves_exact_at(&wanted, &|_| {});
        for (&(n, k), v) in wanted.iter().zip(&got) {
            assert_eq!(*v, expected_moves_exact(n, k), "e({n},{k})");
        }
        let oracle = ExactMovesAt::new(&wanted, &|_| {});
        assert_eq!(oracle.expected_moves(399, 1), got[1]);
        // Not chosen: computed when asked.
        assert_eq!(oracle.expected_moves(5, 0), expected_moves_exact(5, 0));
    }
}
