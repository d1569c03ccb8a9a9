//! The inner loop of the layer walk: the values of one layer away from its edges, in
//! the widest vectors the processor has.
//!
//! The values of a layer are independent of each other, so the loop is a plain map over
//! slices, which the compiler vectorises. The default build targets the x86-64 baseline
//! (two `f64` lanes, SSE2); on a processor with AVX-512 or AVX2 the same loop, compiled
//! for it, does eight or four values per instruction, chosen at run time. Every variant
//! performs the same IEEE operations in the same order (Rust never fuses a multiply and
//! an add on its own), so all give the same bits: a test runs each one the processor has.

/// The constants of one layer `d = 2n - k` (unknown cards), for its values' recurrence.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layer {
    d: f64,
    twice_d: f64,
    d_minus_1: f64,
    divisor: f64,
    reciprocal: f64,
}

impl Layer {
    /// Layer `d` (below 2 it only holds `e(n, n)`, which needs none of this).
    // d(d-1) is below 2^53 for any size that fits in memory
    pub(super) fn new(d: usize) -> Self {
        let df = d as f64;
        Self {
            d: df,
            twice_d: 2.0 * df,
            d_minus_1: df - 1.0,
            divisor: df * (df - 1.0),
            // The table's rounded reciprocal, so that the values are its own.
            reciprocal: 1.0 / (d * (d - 1)) as f64,
        }
    }

    /// `e(n, k)` for `k = 2n - d < n` from `e(n-1, k-1)`, `e(n-1, k)` and `e(n, k+2)`
    /// (zero where the state does not exist), given `2n`.
    ///
    /// The table's integer coefficients, rewritten with `t = 2u = 2(n - k)` (twice the
    /// unknown pairs): as `2n - 1 = k + d - 1` and `k + t = d`,
    /// `c0 = k(d-1) + t(2n-1) = d(d-1) + tk`, `c1 = k(d-1)`, `c2 = t(k+1) = tk + t`,
    /// `c3 = t(t-2)`. Each is an integer below 2^53, so exact in `f64` however it is
    /// computed; the numerator is then summed in the table's order and multiplied by the
    /// table's reciprocal, which makes the value the table's bit for bit.
    #[inline(always)]
    pub(super) fn value(self, twice_n: f64, minus: f64, same: f64, above: f64) -> f64 {
        let k = twice_n - self.d;
        let t = self.twice_d - twice_n;
        let tk = t * k;
        let constant = self.divisor + tk;
        let prev_minus = k * self.d_minus_1;
        let prev_same = tk + t;
        let row_plus2 = t * (t - 2.0);
        (constant + prev_minus * minus + prev_same * same + row_plus2 * above) * self.reciprocal
    }
}

/// The instruction set the loop runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Simd {
    /// What the build targets (SSE2 on x86-64).
    Baseline,
    /// Four lanes.
    Avx2,
    /// Eight lanes.
    Avx512,
}

impl Simd {
    /// The widest this processor has.
    pub(super) fn detect() -> Self {
        Self::available().pop().unwrap_or(Self::Baseline)
    }

    /// Every variant this processor runs, narrowest first.
    pub(super) fn available() -> Vec<Self> {
        [Self::Baseline, Self::Avx2, Self::Avx512]
            .into_iter()
            .filter(|simd| simd.supported())
            .collect()
    }

    fn supported(self) -> bool {
        match self {
            Self::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Self::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Self::Avx512 => std::arch::is_x86_feature_detected!("avx512f"),
            #[cfg(not(target_arch = "x86_64"))]
            Self::Avx2 | Self::Avx512 => false,
        }
    }
}

/// The neighbours of a run of values: `minus[i]`, `same[i]` and `above[i]` are
/// `e(n-1, k-1)`, `e(n-1, k)` and `e(n, k+2)` of `out[i]`, whose `2n` is `twice_n[i]`.
/// Each slice is at least as long as `out`.
pub(super) struct Run<'a> {
    pub(super) out: &'a mut [f64],
    pub(super) twice_n: &'a [f64],
    pub(super) minus: &'a [f64],
    pub(super) same: &'a [f64],
    pub(super) above: &'a [f64],
}

/// Fills `run.out` with the values of `layer` in `simd` (the baseline if the processor
/// lacks it).
pub(super) fn fill(simd: Simd, layer: Layer, run: Run) {
    match simd {
        #[cfg(target_arch = "x86_64")]
        Simd::Avx512 if simd.supported() => {
            // SAFETY: the processor has AVX-512F, checked on the line above.
            unsafe { fill_avx512(layer, run) }
        }
        #[cfg(target_arch = "x86_64")]
        Simd::Avx2 if simd.supported() => {
            // SAFETY: the processor has AVX2, checked on the line above.
            unsafe { fill_avx2(layer, run) }
        }
        _ => fill_plain(layer, run),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn fill_avx512(layer: Layer, run: Run) {
    fill_plain(layer, run);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fill_avx2(layer: Layer, run: Run) {
    fill_plain(layer, run);
}

/// The loop itself, inlined into each variant to be compiled for its instruction set.
#[inline(always)]
fn fill_plain(layer: Layer, run: Run) {
    let len = run.out.len();
    // Slices of one length: no bounds check is left in the loop.
    let (twice_n, minus, same, above) = (
        &run.twice_n[..len],
        &run.minus[..len],
        &run.same[..len],
        &run.above[..len],
    );
    for i in 0..len {
        run.out[i] = layer.value(twice_n[i], minus[i], same[i], above[i]);
    }
}
