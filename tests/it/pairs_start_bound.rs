//! The bounded start value (`start_value_within`) against the exact one on small decks:
//! its stated bound holds (the exact value lies within it at every position) and stays
//! within the budget, and the intervals it rests on hold round by round.

use concentration::pairs::solver::FoldBound;
use concentration::pairs::start::{start_value, start_value_within};
use concentration::pairs::{Ranks, Solver};
use concentration::solver::Scalar;
use num_rational::BigRational;

use crate::common::pairs;
use pairs::rounds_by_pool;

fn exact(n: u32, m: usize) -> Vec<f64> {
    start_value::<BigRational>(Ranks::new(n).unwrap(), m)
        .u
        .iter()
        .map(Scalar::to_f64)
        .collect()
}

/// Rounding of the `f64` sums, far below any budget tried.
const ROUNDING: f64 = 1e-12;

#[test]
fn the_bound_holds_and_stays_within_the_budget() {
    let mut bounded_somewhere = false;
    for m in [2, 3] {
        for n in 3..=6 {
            let truth = exact(n, m);
            for within in [0.0, 1e-6, 1e-4, 1e-2, 0.1, 1.0] {
                let v = start_value_within(Ranks::new(n).unwrap(), m, within);
                assert!(
                    v.bound <= within + ROUNDING,
                    "n = {n}, m = {m}, within {within}: bound {}",
                    v.bound
                );
                for (i, (got, want)) in v.u.iter().zip(&truth).enumerate() {
                    assert!(
                        (got - want).abs() <= v.bound + ROUNDING,
                        "n = {n}, m = {m}, within {within}, position {}: {got} is {} from the \
                         exact {want}, bound {}",
                        i + 1,
                        (got - want).abs(),
                        v.bound
                    );
                }
                if v.pools_bounded > 0 {
                    bounded_somewhere = true;
                    assert!(v.bounded > 0.0 && v.bound > 0.0);
                }
                if within == 0.0 {
                    assert_eq!(v.pools_bounded, 0);
                }
            }
        }
    }
    assert!(bounded_somewhere, "no budget left a pool to its interval");
}

/// The interval of every round the deal can start (n <= 6, two and three players):
/// u_1 lies in [−(m−1)·r, max(−(m−1)·r, B/N)], and with three players every other
/// position in [−(m−1)·U, U].
#[test]
fn every_round_lies_in_its_interval() {
    for m in [2, 3] {
        for n in 3..=6 {
            for (model, roots) in rounds_by_pool(n, m) {
                let pool = model.pool;
                let mut solver = Solver::<f64>::exhaustive(model);
                for stacks in roots {
                    let b = FoldBound::of(solver.model(), &stacks);
                    let u = solver.value(&stacks);
                    let (fold, hit, h) = (
                        (-(b.m - 1) * b.r) as f64,
                        b.hit_times_n as f64 / b.n.max(1) as f64,
                        b.u as f64,
                    );
                    let high = if b.n == 0 { fold } else { fold.max(hit) };
                    assert!(
                        u[0] >= fold - 1e-12 && u[0] <= high + 1e-12,
                        "{stacks:?} from {pool}: u_1 = {} outside [{fold}, {high}]",
                        u[0]
                    );
                    if b.surely_folds() {
                        assert!((u[0] - fold).abs() < 1e-12);
                    }
                    if m > 2 {
                        for x in &u[1..] {
                            assert!(*x >= -(b.m - 1) as f64 * h - 1e-12 && *x <= h + 1e-12);
                        }
                    }
                }
            }
        }
    }
}
