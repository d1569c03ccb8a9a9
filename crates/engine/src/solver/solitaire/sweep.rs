//! `e(n, k)` in `f64` one layer at a time: the values a single question needs, in
//! memory linear in `n` instead of the whole triangle of [`MovesTable`](super::MovesTable).
//!
//! Layer `d = 2n - k` needs only layers `d - 1` and `d - 2` (see the module above), so a
//! sweep over `d = 0, 1, …` keeps three rows of `n + 1` values. Each value is computed
//! by the same operations in the same order as in the table — the coefficients are the
//! same integers (exact in `f64`), the numerator is summed left to right and multiplied
//! by the same rounded reciprocal — so the values are the table's bit for bit. The
//! inner loop over a layer is vectorised for the processor at hand (see `interior`).

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use crate::solver::MovesOracle;

mod interior;

use interior::{Layer, Run, Simd};

/// Walks the layers `d = 1..=max_d` of the values with `n <= cap` (layer 0 is
/// `e(0, 0) = 0`), handing each layer to `keep(d, lo, values)` as soon as it is
/// computed: `values[i]` is `e(lo + i, 2(lo + i) - d)`.
///
/// It walks the whole triangle `k <= n <= cap`, because `e(cap, 0)` needs all of it: from
/// `(n, k)` the recurrence reaches `(n-1, k-1)` while `k > 0`, `(n-1, k)` while `k < n`
/// and `(n, k+2)` while `k + 2 <= n` (each coefficient is positive there). So from
/// `(cap, 0)` it reaches every even `k` of row `cap`, from those every `k` of row
/// `cap - 1` (the odd ones as `k - 1`), and from a whole row the whole row below: every
/// state but the odd `k` of row `cap` (a test follows the recurrence to check).
fn sweep(cap: usize, max_d: usize, keep: impl FnMut(usize, usize, &[f64])) {
    sweep_in(Simd::detect(), cap, max_d, keep);
}

/// [`sweep`] with the inner loop in `simd`.
// 2n is below 2^53 for any cap that fits in memory
fn sweep_in(simd: Simd, cap: usize, max_d: usize, mut keep: impl FnMut(usize, usize, &[f64])) {
    // Rows indexed by n: layer d (being filled), d - 1 and d - 2.
    let mut current = vec![0.0_f64; cap + 1];
    let mut minus = vec![0.0_f64; cap + 1];
    let mut minus2 = vec![0.0_f64; cap + 1];
    // 2n as f64, so that the inner loop converts nothing.
    let twice_ns: Vec<f64> = (0..=cap).map(|n| (2 * n) as f64).collect();
    for d in 1..=max_d.min(2 * cap) {
        let (lo, hi) = (d.div_ceil(2), d.min(cap));
        let layer = Layer::new(d);
        // The interior, k >= 1 and k + 2 <= n: every neighbour exists, no branch.
        let first = d / 2 + 1;
        let last = d.saturating_sub(2).min(hi);
        if first <= last {
            let run = Run {
                out: &mut current[first..=last],
                twice_n: &twice_ns[first..],
                minus: &minus[first - 1..],
                same: &minus2[first - 1..],
                above: &minus2[first..],
            };
            interior::fill(simd, layer, run);
        }
        // The edges, at most two at each end: k = 0 (no e(n-1, k-1)), k + 2 > n (no
        // e(n, k+2)), k = n.
        let below = lo..first.min(hi + 1);
        let beyond = (last + 1).max(first).max(lo)..=hi;
        for n in below.chain(beyond) {
            let k = 2 * n - d;
            current[n] = if k == n {
                1.0 + minus[n - 1]
            } else {
                let m1 = if k > 0 { minus[n - 1] } else { 0.0 };
                let above = if k + 2 <= n { minus2[n] } else { 0.0 };
                layer.value(twice_ns[n], m1, minus2[n - 1], above)
            };
        }
        keep(d, lo, &current[lo..=hi]);
        // Rotate: d becomes d - 1, d - 1 becomes d - 2.
        std::mem::swap(&mut minus2, &mut minus);
        std::mem::swap(&mut minus, &mut current);
    }
}

/// `e(n, k)` in `f64` (zero when `k > n`), the [`MovesTable`](super::MovesTable)'s value
/// bit for bit, in memory linear in `n`.
#[must_use]
pub fn expected_moves(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let target = 2 * n - k;
    let mut found = 0.0;
    sweep(n, target, |d, lo, values| {
        if d == target {
            found = values[n - lo];
        }
    });
    found
}

/// How many rows below the top the band keeps: a turn takes at most one pair, and a
/// question is at most one turn from the root.
const BAND: usize = 2;

/// The `e(n, k)` a solve of one position of `top` unknown or half-known pairs asks for
/// — the rows `top - 2..=top` — from one sweep, in memory linear in `top`. Any other
/// value is computed when asked (one more sweep each), so answers are always right.
#[derive(Debug)]
pub struct MovesBand {
    top: usize,
    /// Row `top - i` at index `i`, `k` within the row.
    rows: Vec<Vec<f64>>,
    others: Mutex<HashMap<(usize, usize), f64>>,
    /// Every `(n, k)` asked for, so that an exact solve can compute just those.
    asked: Mutex<BTreeSet<(usize, usize)>>,
}

impl MovesBand {
    /// Every `e(n, k)` with `top - 2 <= n <= top`.
    #[must_use]
    pub fn new(top: usize) -> Self {
        let mut rows: Vec<Vec<f64>> = (0..=BAND.min(top))
            .map(|i| vec![0.0; top - i + 1])
            .collect();
        sweep(top, 2 * top, |d, lo, values| {
            // The band's rows in this layer: n from max(lo, top - BAND) to the top.
            let from = lo.max(top.saturating_sub(BAND));
            for (n, &v) in values.iter().enumerate().skip(from - lo) {
                let n = n + lo;
                rows[top - n][2 * n - d] = v;
            }
        });
        Self {
            top,
            rows,
            others: Mutex::new(HashMap::new()),
            asked: Mutex::new(BTreeSet::new()),
        }
    }

    /// Every `(n, k)` asked for so far, in order.
    #[must_use]
    pub fn asked(&self) -> Vec<(usize, usize)> {
        lock(&self.asked).iter().copied().collect()
    }

    /// `e(n, k)`: zero when `k > n`.
    #[must_use]
    pub fn get(&self, n: usize, k: usize) -> f64 {
        lock(&self.asked).insert((n, k));
        if k > n {
            return 0.0;
        }
        if let Some(row) = self.top.checked_sub(n).and_then(|i| self.rows.get(i)) {
            return row[k];
        }
        *lock(&self.others)
            .entry((n, k))
            .or_insert_with(|| expected_moves(n, k))
    }
}

/// A lock that a panic elsewhere does not spoil (the data stays valid).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl MovesOracle<f64> for MovesBand {
    // n fits in memory, so in usize
    fn expected_moves(&self, n: u64, k: u64) -> f64 {
        self.get(n as usize, k as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Coefficients, MovesTable};
    use super::*;

    #[test]
    fn every_value_is_the_tables_bit_for_bit() {
        let table = MovesTable::new(300);
        let mut seen = 1; // e(0, 0)
        sweep(300, 600, |d, lo, values| {
            for (i, v) in values.iter().enumerate() {
                let (n, k) = (lo + i, 2 * (lo + i) - d);
                assert_eq!(v.to_bits(), table.get(n, k).to_bits(), "e({n},{k})");
                seen += 1;
            }
        });
        assert_eq!(seen, 301 * 302 / 2);
        for (n, k) in [
            (0, 0),
            (1, 0),
            (1, 1),
            (2, 0),
            (7, 6),
            (300, 0),
            (300, 299),
            (150, 3),
        ] {
            assert_eq!(expected_moves(n, k).to_bits(), table.get(n, k).to_bits());
        }
    }

    #[test]
    fn every_instruction_set_gives_the_tables_bits() {
        let table = MovesTable::new(500);
        let available = Simd::available();
        assert_eq!(available[0], Simd::Baseline);
        for simd in available {
            let mut seen = 1; // e(0, 0)
            sweep_in(simd, 500, 1000, |d, lo, values| {
                for (i, v) in values.iter().enumerate() {
                    let (n, k) = (lo + i, 2 * (lo + i) - d);
                    let want = table.get(n, k);
                    assert_eq!(v.to_bits(), want.to_bits(), "{simd:?}: e({n},{k})");
                    seen += 1;
                }
            });
            assert_eq!(seen, 501 * 502 / 2, "{simd:?}");
        }
    }

    /// The states `e(top, 0)` depends on, following the recurrence's positive
    /// coefficients.
    fn reached_from(top: usize) -> BTreeSet<(usize, usize)> {
        let mut reached = BTreeSet::from([(top, 0)]);
        let mut stack = vec![(top, 0)];
        while let Some((n, k)) = stack.pop() {
            let next: Vec<(usize, usize)> = if n == 0 {
                vec![]
            } else if k == n {
                vec![(n - 1, n - 1)]
            } else {
                let c = Coefficients::new(n as u64, k as u64);
                [
                    (c.prev_minus > 0).then(|| (n - 1, k - 1)),
                    (c.prev_same > 0).then_some((n - 1, k)),
                    (c.row_plus2 > 0).then_some((n, k + 2)),
                ]
                .into_iter()
                .flatten()
                .collect()
            };
            for state in next {
                assert!(state.1 <= state.0, "e({n},{k}) reaches {state:?}");
                if reached.insert(state) {
                    stack.push(state);
                }
            }
        }
        reached
    }

    #[test]
    fn a_start_needs_the_whole_triangle_but_half_its_top_row() {
        for top in 0..=60 {
            let want: BTreeSet<(usize, usize)> = (0..top)
                .flat_map(|n| (0..=n).map(move |k| (n, k)))
                .chain((0..=top).step_by(2).map(|k| (top, k)))
                .collect();
            assert_eq!(reached_from(top), want, "top {top}");
        }
    }

    #[test]
    fn the_band_answers_every_row_bit_for_bit() {
        for top in [0, 1, 2, 3, 10, 257] {
            let table = MovesTable::new(top);
            let band = MovesBand::new(top);
            // The band's rows, then rows below it (each computed when asked).
            let rows = (top.saturating_sub(BAND)..=top).chain([0, top / 2, top.saturating_sub(5)]);
            for n in rows {
                for k in 0..=n + 1 {
                    assert_eq!(
                        band.get(n, k).to_bits(),
                        table.get(n, k).to_bits(),
                        "e({n},{k})"
                    );
                }
            }
        }
    }
}
