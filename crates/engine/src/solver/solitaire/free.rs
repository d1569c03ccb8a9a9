//! The paper's first variation of its model (its section 8): the move after a move that
//! takes a pair is free.
//!
//! Every pair but the last earns a free move, so a game costs `n - 1` moves fewer than
//! the same game counted in full, whatever the strategy: the optimal strategy is the same
//! and `e^f(n, k) = e(n, k) - (n - 1)` for `n >= 1`. The paper's recurrence (8.1) values
//! it directly, charging nothing to a move that takes a pair and one to a move that takes
//! none, with `d = 2n - k` unknown cards:
//!
//! ```text
//! e^f(n,k) = k/d · e^f(n-1,k-1)
//!          + 2(n-k)/d · (  1/(d-1)        · e^f(n-1,k)
//!                        + k/(d-1)        · (1 + e^f(n-1,k))
//!                        + 2(n-k-1)/(d-1) · (1 + e^f(n,k+2)) )
//! ```
//!
//! That counts the moves that take no pair, `n` fewer than all; the free move owed after
//! the last pair is given back by starting from `e^f(0, 0) = 1`, which makes the paper's
//! `e^f(32, 0) ≈ 20.1260`. This table is a plain evaluation of (8.1) in fractions, apart
//! from the layered evaluator of `e(n, k)`, so that the identity above checks both.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Exact `e^f(n, k)` for every `k <= n <= max_n`, by the recurrence (8.1).
#[derive(Debug, Clone)]
pub struct FreeMovesTable {
    /// `rows[n][k]`, with the recurrence's `e^f(0, 0) = 1` at `rows[0][0]`.
    rows: Vec<Vec<BigRational>>,
}

impl FreeMovesTable {
    /// Every value up to `max_n` pairs: `Θ(max_n²)` fractions (60 pairs: a few
    /// milliseconds in a release build).
    #[must_use]
    pub fn new(max_n: usize) -> Self {
        let mut rows: Vec<Vec<BigRational>> = vec![vec![BigRational::one()]];
        let int = |x: usize| BigRational::from_integer(BigInt::from(x));
        for n in 1..=max_n {
            let last = &rows[n - 1];
            let mut row = vec![BigRational::zero(); n + 1];
            // All unknown cards partner known ones: every move takes a pair.
            row[n] = last[n - 1].clone();
            for k in (0..n).rev() {
                let d = 2 * n - k;
                let new_first = int(2 * (n - k)) / int(d);
                let mut second = last[k].clone() / int(d - 1);
                second += int(k) * (BigRational::one() + &last[k]) / int(d - 1);
                if n - k >= 2 {
                    second +=
                        int(2 * (n - k - 1)) * (BigRational::one() + &row[k + 2]) / int(d - 1);
                }
                let mut value = new_first * second;
                if k > 0 {
                    value += int(k) * &last[k - 1] / int(d);
                }
                row[k] = value;
            }
            rows.push(row);
        }
        Self { rows }
    }

    /// `e^f(n, k)`: the expected moves of an optimal player, the free ones not counted,
    /// with `n` pairs left and `k` single cards known; `None` beyond the table or for
    /// `k > n`, and zero for an empty table.
    #[must_use]
    pub fn get(&self, n: usize, k: usize) -> Option<BigRational> {
        if n == 0 {
            return (k == 0).then(BigRational::zero);
        }
        self.rows.get(n)?.get(k).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> BigRational {
        s.parse().unwrap()
    }

    #[test]
    fn small_games_by_hand() {
        let table = FreeMovesTable::new(3);
        assert_eq!(table.get(0, 0), Some(BigRational::zero()));
        // One pair: turned in one move, which is counted.
        assert_eq!(table.get(1, 0), Some(q("1")));
        assert_eq!(table.get(1, 1), Some(q("1")));
        // Two pairs, nothing known: e(2, 0) = 8/3 moves, one of them free.
        assert_eq!(table.get(2, 0), Some(q("5/3")));
        assert_eq!(table.get(2, 3), None);
        assert_eq!(table.get(4, 0), None);
    }
}
