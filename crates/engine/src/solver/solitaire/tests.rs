//! The tests of the solitaire values: the published figures, the recurrence against
//! its exact and layered forms, and the limb arithmetic.

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
    let serial = |cap, max_d| sorted(collect_serial(LayerSolver::new(0, cap), max_d, &pick_some));
    let want = serial(40, 80);
    assert_eq!(want.len(), 41 + 40);
    for split in [1, 2, 3, 17, 39, 40] {
        let got = collect_split(40, 80, split, guessed_exponent, &pick_some).expect("no retries");
        assert_eq!(sorted(got), want, "split at {split}");
    }
    for max_d in [0, 1, 5, 33, 60] {
        let got = collect_split(40, max_d, 30, guessed_exponent, &pick_some).expect("no retries");
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
