//! Numbers the solver computes with: fast `f64` for play, exact `BigRational` on demand.

use std::fmt::Debug;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// Tolerance under which two `f64` values count as equal (ties, `best`).
pub const TIE_EPSILON: f64 = 1e-9;

/// The arithmetic the solver needs.
pub trait Scalar: Clone + Debug + PartialOrd + Send + Sync {
    /// `num / den`, `den > 0`.
    fn ratio(num: i64, den: u64) -> Self;
    /// Sum.
    #[must_use]
    fn plus(&self, other: &Self) -> Self;
    /// Difference.
    #[must_use]
    fn minus(&self, other: &Self) -> Self;
    /// Product with a count.
    #[must_use]
    fn times(&self, k: u64) -> Self;
    /// Quotient by a positive count.
    #[must_use]
    fn over(&self, k: u64) -> Self;
    /// Nearest `f64`.
    fn to_f64(&self) -> f64;
    /// Equal for the purpose of ties: within [`TIE_EPSILON`] for `f64`, exactly otherwise.
    fn ties(&self, other: &Self) -> bool;
    /// Zero.
    fn zero() -> Self {
        Self::ratio(0, 1)
    }
    /// One.
    fn one() -> Self {
        Self::ratio(1, 1)
    }
    /// The values as `f64`s, if that is what they are: the solver's `win` kernel
    /// (`search/kernel.rs`) runs on plain `f64` slices.
    fn as_f64s(values: &[Self]) -> Option<&[f64]> {
        let _ = values;
        None
    }
    /// [`Self::as_f64s`], to write.
    fn as_f64s_mut(values: &mut [Self]) -> Option<&mut [f64]> {
        let _ = values;
        None
    }
}

impl Scalar for f64 {
    fn ratio(num: i64, den: u64) -> Self {
        num as f64 / den as f64
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, k: u64) -> Self {
        self * k as f64
    }
    fn over(&self, k: u64) -> Self {
        self / k as f64
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn ties(&self, other: &Self) -> bool {
        (self - other).abs() <= TIE_EPSILON
    }
    fn as_f64s(values: &[Self]) -> Option<&[f64]> {
        Some(values)
    }
    fn as_f64s_mut(values: &mut [Self]) -> Option<&mut [f64]> {
        Some(values)
    }
}

impl Scalar for BigRational {
    fn ratio(num: i64, den: u64) -> Self {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, k: u64) -> Self {
        if self.is_zero() {
            return self.clone();
        }
        self * BigRational::from_integer(BigInt::from(k))
    }
    fn over(&self, k: u64) -> Self {
        self / BigRational::from_integer(BigInt::from(k))
    }
    fn to_f64(&self) -> f64 {
        ToPrimitive::to_f64(self).unwrap_or(f64::NAN)
    }
    fn ties(&self, other: &Self) -> bool {
        self == other
    }
}
