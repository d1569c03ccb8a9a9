//! The exact layers of the recurrence: numerators over a shared denominator per layer,
//! computed by fused multiply-add-divide jobs, on one or two threads.

use num_bigint::BigInt;
use num_rational::BigRational;

use super::limbs::*;
use super::{Coefficients, MAX_EXACT_N};

// ---------------------------------------------------------------------------
// Computing one value
// ---------------------------------------------------------------------------

/// One exact value to compute, as numerators over a common denominator:
/// `out = (Σ coefficients[i] · terms[i]) / divisor`. All slices have the
/// same width; `divisor` divides the sum (otherwise the job fails).
pub(super) struct Job<'a> {
    pub(super) terms: [&'a [u64]; 4],
    /// Each below 2^62, so that four products plus a carry fit in a `u128`.
    pub(super) coefficients: [u64; 4],
    pub(super) divisor: u64,
    pub(super) out: &'a mut [u64],
}

/// Limb `i` of `Σ coefficients[t] · terms[t]`, plus `carry`, as (low word,
/// new carry).
pub(super) fn sum_limb(
    terms: &[&[u64]; 4],
    coefficients: &[u64; 4],
    i: usize,
    carry: u64,
) -> (u64, u64) {
    let [t0, t1, t2, t3] = terms;
    let [c0, c1, c2, c3] = coefficients;
    split(
        u128::from(t0[i]) * u128::from(*c0)
            + u128::from(t1[i]) * u128::from(*c1)
            + u128::from(t2[i]) * u128::from(*c2)
            + u128::from(t3[i]) * u128::from(*c3)
            + u128::from(carry),
    )
}

/// Runs `M` jobs of equal width together, limb by limb, in one pass each.
///
/// Each exact division is a chain of dependent multiplications (about nine
/// cycles of latency per limb); interleaving independent jobs lets the CPU
/// overlap their chains. Returns `false` if any division was inexact or any
/// quotient did not fit.
pub(super) fn run_interleaved<const M: usize>(jobs: [&mut Job<'_>; M]) -> bool {
    let Some(width) = jobs.first().map(|job| job.out.len()) else {
        return true;
    };
    // Local copies, every slice cut to exactly `width` limbs, let the
    // compiler keep them in registers and drop bounds checks.
    let terms: [[&[u64]; 4]; M] = std::array::from_fn(|j| jobs[j].terms.map(|t| &t[..width]));
    let coefficients: [[u64; 4]; M] = std::array::from_fn(|j| jobs[j].coefficients);
    let divisors: [u64; M] = std::array::from_fn(|j| jobs[j].divisor);
    let outs: [&mut [u64]; M] = jobs.map(|job| &mut job.out[..width]);
    let mut carries = [0; M];
    let mut dividers: [HenselDivider; M] = std::array::from_fn(|j| {
        let (low, carry) = sum_limb(&terms[j], &coefficients[j], 0, 0);
        carries[j] = carry;
        HenselDivider::new(divisors[j], low)
    });
    for i in 1..width {
        for j in 0..M {
            let (low, carry) = sum_limb(&terms[j], &coefficients[j], i, carries[j]);
            carries[j] = carry;
            outs[j][i - 1] = dividers[j].next(low);
        }
    }
    let mut ok = true;
    for j in 0..M {
        // The sum has one limb more than the terms: the last carry.
        outs[j][width - 1] = dividers[j].next(carries[j]);
        ok &= dividers[j].finish();
    }
    ok
}

/// Runs all `jobs`, two at a time; `false` if any of them failed.
pub(super) fn run_jobs(jobs: &mut [Job<'_>]) -> bool {
    let mut pairs = jobs.chunks_exact_mut(2);
    let mut ok = true;
    for pair in &mut pairs {
        if let [a, b] = pair {
            ok &= run_interleaved([a, b]);
        }
    }
    if let [last] = pairs.into_remainder() {
        ok &= run_interleaved([last]);
    }
    ok
}

// ---------------------------------------------------------------------------
// The common denominators
// ---------------------------------------------------------------------------

/// Exponent of prime `p` in the guessed common denominator of layer `d`,
/// `lcm(1..=d) · lcm(1..=⌊d/2⌋)`.
pub(super) fn guessed_exponent(p: u64, d: u64) -> u32 {
    let exponent = |m: u64| if m == 0 { 0 } else { m.ilog(p) };
    exponent(d) + exponent(d / 2)
}

/// Prime factorisation of the current common denominator `Δ_d`.
#[derive(Clone, Debug)]
pub(super) struct Denominator {
    /// Exponent of `p` in the guessed denominator of layer `d`.
    pub(super) guess: fn(u64, u64) -> u32,
    /// All primes up to `d`, ascending.
    pub(super) primes: Vec<u64>,
    /// Exponent of each of `primes` in `Δ_d`.
    pub(super) exponents: Vec<u32>,
    /// Largest integer already tested for primality.
    pub(super) sieved_to: u64,
}

impl Denominator {
    pub(super) fn new(guess: fn(u64, u64) -> u32) -> Self {
        Self {
            guess,
            primes: Vec::new(),
            exponents: Vec::new(),
            sieved_to: 1,
        }
    }

    /// Extends `primes` to cover `2..=limit` by trial division.
    pub(super) fn extend_primes(&mut self, limit: u64) {
        while self.sieved_to < limit {
            self.sieved_to += 1;
            let c = self.sieved_to;
            if self
                .primes
                .iter()
                .take_while(|&&p| p * p <= c)
                .all(|&p| !c.is_multiple_of(p))
            {
                self.primes.push(c);
                self.exponents.push(0);
            }
        }
    }

    /// Moves on to layer `d`: raises every exponent to at least the guess
    /// and returns the prime factors of `Δ_d / Δ_{d-1}` (with repetition).
    pub(super) fn advance_to(&mut self, d: u64) -> Vec<u64> {
        self.extend_primes(d);
        let mut factors = Vec::new();
        for (&p, exponent) in self.primes.iter().zip(&mut self.exponents) {
            let wanted = (self.guess)(p, d);
            while *exponent < wanted {
                *exponent += 1;
                factors.push(p);
            }
        }
        factors
    }

    /// Gives every prime `<= d` (all that can occur in layer `d`) one more
    /// power; returns those factors.
    pub(super) fn raise_all(&mut self) -> Vec<u64> {
        for exponent in &mut self.exponents {
            *exponent += 1;
        }
        self.primes.clone()
    }
}

/// Groups small factors into as few word-sized multipliers as possible.
pub(super) fn pack_factors(factors: &[u64]) -> Vec<u64> {
    let mut packed = Vec::new();
    let mut current: u64 = 1;
    for &f in factors {
        if let Some(product) = current.checked_mul(f) {
            current = product;
        } else {
            packed.push(current);
            current = f;
        }
    }
    if current != 1 {
        packed.push(current);
    }
    packed
}

// ---------------------------------------------------------------------------
// Layers of equal d = 2n - k
// ---------------------------------------------------------------------------

/// Values with `d = 2n - k` unknown cards: `e(n, 2n - d)` for consecutive
/// rows `n` from `first_n` on (`first_n >= ⌈d/2⌉`, so that `k <= n`), each
/// as a numerator of `width` limbs over the common `denominator` (padded to
/// `width` limbs, which leaves room for any `e < 2^64`).
#[derive(Clone, Debug)]
pub(super) struct Layer {
    pub(super) d: usize,
    pub(super) first_n: usize,
    pub(super) width: usize,
    pub(super) denominator: Vec<u64>,
    pub(super) numerators: Vec<u64>,
}

impl Layer {
    /// Layer 0: `e(0, 0) = 0 / 1`.
    pub(super) fn zero() -> Self {
        Self {
            d: 0,
            first_n: 0,
            width: 2,
            denominator: vec![1, 0],
            numerators: vec![0; 2],
        }
    }

    /// Placeholder for the (never read) layer before layer 0.
    pub(super) fn empty() -> Self {
        Self {
            numerators: Vec::new(),
            ..Self::zero()
        }
    }

    pub(super) fn numerator(&self, n: usize) -> &[u64] {
        let i = n - self.first_n;
        &self.numerators[i * self.width..(i + 1) * self.width]
    }

    /// `e(n, 2n - d)` as a reduced fraction, if this layer holds it.
    pub(super) fn value(&self, n: usize) -> Option<BigRational> {
        let i = n.checked_sub(self.first_n)?;
        let numerator = self.numerators.get(i * self.width..(i + 1) * self.width)?;
        Some(BigRational::new(
            BigInt::from(to_biguint(numerator)),
            BigInt::from(to_biguint(&self.denominator)),
        ))
    }

    /// Re-expresses the layer over `denominator = self.denominator ·
    /// Π multipliers` (padded). `spare` becomes the numerator buffer if the
    /// width grows.
    pub(super) fn rescale(
        &mut self,
        multipliers: &[u64],
        denominator: &[u64],
        spare: &mut Vec<u64>,
    ) {
        let width = denominator.len();
        if width != self.width {
            let count = self.numerators.len() / self.width;
            spare.clear();
            spare.resize(count * width, 0);
            for (new, old) in spare
                .chunks_exact_mut(width)
                .zip(self.numerators.chunks_exact(self.width))
            {
                new[..self.width].copy_from_slice(old);
            }
            std::mem::swap(&mut self.numerators, spare);
            self.width = width;
        }
        for numerator in self.numerators.chunks_exact_mut(width) {
            for &m in multipliers {
                // Δ · e < 2^64 · Δ fits in `width` limbs.
                let fits = mul_in_place(numerator, m);
                debug_assert!(fits);
            }
        }
        self.denominator = denominator.to_vec();
    }
}

/// The job computing `e(n, 2n - d)` into `out`, from layers `d - 1`
/// (`minus`) and `d - 2` (`minus2`), both over the new layer's
/// `denominator`.
// n <= MAX_EXACT_N
pub(super) fn layer_job<'a>(
    n: usize,
    d: usize,
    minus: &'a Layer,
    minus2: &'a Layer,
    denominator: &'a [u64],
    out: &'a mut [u64],
) -> Job<'a> {
    let k = 2 * n - d;
    if k == n {
        // e(n, n) = 1 + e(n - 1, n - 1).
        let terms = [
            denominator,
            minus.numerator(n - 1),
            denominator,
            denominator,
        ];
        return Job {
            terms,
            coefficients: [1, 1, 0, 0],
            divisor: 1,
            out,
        };
    }
    let c = Coefficients::new(n as u64, k as u64);
    // Missing neighbours (k = 0, k + 2 > n) have zero coefficients, so any
    // slice of the right width can stand in for them.
    let e_minus = if k > 0 {
        minus.numerator(n - 1)
    } else {
        denominator
    };
    let e_same = minus2.numerator(n - 1);
    let e_above = if k + 2 <= n {
        minus2.numerator(n)
    } else {
        denominator
    };
    Job {
        terms: [denominator, e_minus, e_same, e_above],
        coefficients: [c.constant, c.prev_minus, c.prev_same, c.row_plus2],
        divisor: c.divisor,
        out,
    }
}

/// Walks through the layers `d = 0, 1, 2, ...` of the values with
/// `lo <= n <= cap`, keeping the last two layers and reusing buffers.
///
/// Layer `d` only depends on layers `d - 1` and `d - 2`, so all its values
/// are independent and are computed two at a time (see [`run_interleaved`]).
/// With `lo > 0` the layers also hold a slot for row `lo - 1`, which row
/// `lo` needs and which a solver for the rows below provides through
/// [`set_boundary`](Self::set_boundary) (see [`collect_split`]).
#[derive(Clone, Debug)]
pub(super) struct LayerSolver {
    pub(super) lo: usize,
    pub(super) cap: usize,
    pub(super) denominator: Denominator,
    /// The last computed layer.
    pub(super) newest: Layer,
    /// The layer before it, over the same denominator.
    pub(super) previous: Layer,
    /// How many layers needed a larger denominator than the guess.
    pub(super) retries: usize,
    pub(super) spare: Vec<u64>,
}

impl LayerSolver {
    pub(super) fn new(lo: usize, cap: usize) -> Self {
        Self::with_guess(lo, cap, guessed_exponent)
    }

    pub(super) fn with_guess(lo: usize, cap: usize, guess: fn(u64, u64) -> u32) -> Self {
        let mut solver = Self {
            lo,
            cap,
            denominator: Denominator::new(guess),
            newest: Layer::zero(),
            previous: Layer::empty(),
            retries: 0,
            spare: Vec::new(),
        };
        if solver.stored(0).is_empty() {
            solver.newest = Layer::empty();
        }
        solver
    }

    /// The rows held in layer `d`: the solver's own ones and the boundary
    /// slot `lo - 1`, as far as `k = 2n - d` lies in `0..=n`.
    pub(super) fn stored(&self, d: usize) -> std::ops::Range<usize> {
        let first = self.lo.saturating_sub(1).max(d.div_ceil(2));
        first..(d.min(self.cap) + 1).max(first)
    }

    /// `e(n, 2n - d)` for the newest layer `d`, if row `n` is one of the
    /// solver's own.
    pub(super) fn value(&self, n: usize) -> Option<BigRational> {
        (self.lo..=self.cap)
            .contains(&n)
            .then(|| self.newest.value(n))
            .flatten()
    }

    /// The newest layer's numerator in row `cap`, which the solver for the
    /// rows above needs.
    pub(super) fn top_numerator(&self) -> Option<&[u64]> {
        let has_top = self.stored(self.newest.d).contains(&self.cap);
        has_top.then(|| self.newest.numerator(self.cap))
    }

    /// Whether the newest layer has a boundary slot, to be filled before
    /// the next layer can be computed.
    pub(super) fn needs_boundary(&self) -> bool {
        self.lo > 0 && self.stored(self.newest.d).contains(&(self.lo - 1))
    }

    /// Fills the boundary slot of the newest layer with the `top_numerator`
    /// of the solver for the rows below; `false` if it does not fit (the
    /// two solvers' denominators differ).
    pub(super) fn set_boundary(&mut self, numerator: &[u64]) -> bool {
        let layer = &mut self.newest;
        let i = self.lo - 1 - layer.first_n;
        match layer
            .numerators
            .get_mut(i * layer.width..(i + 1) * layer.width)
        {
            Some(slot) if slot.len() == numerator.len() => {
                slot.copy_from_slice(numerator);
                true
            }
            _ => false,
        }
    }

    /// Computes the next layer; `false` (and nothing done) once every value
    /// with `n <= cap` has been computed.
    // d <= 2 MAX_EXACT_N
    pub(super) fn advance(&mut self) -> bool {
        let d = self.newest.d + 1;
        if d > 2 * self.cap {
            return false;
        }
        let rows = self.stored(d);
        let mut factors = self.denominator.advance_to(d as u64);
        loop {
            self.rescale(&factors);
            let width = self.newest.width;
            // Every limb of the own rows gets overwritten: no need to clear.
            let mut numerators = std::mem::take(&mut self.spare);
            numerators.resize(rows.len() * width, 0);
            if self.solve_layer(d, rows.start, &mut numerators) {
                let layer = Layer {
                    d,
                    first_n: rows.start,
                    width,
                    denominator: self.newest.denominator.clone(),
                    numerators,
                };
                let older = std::mem::replace(
                    &mut self.previous,
                    std::mem::replace(&mut self.newest, layer),
                );
                self.spare = older.numerators;
                return true;
            }
            self.spare = numerators;
            // The guess was too small: give every prime that can occur one
            // more power and recompute (terminates, see the module docs).
            self.retries += 1;
            factors = self.denominator.raise_all();
        }
    }

    /// Multiplies the common denominator of the two kept layers by
    /// `factors`.
    pub(super) fn rescale(&mut self, factors: &[u64]) {
        let multipliers = pack_factors(factors);
        if multipliers.is_empty() {
            return;
        }
        let mut denominator = trimmed(&self.newest.denominator).to_vec();
        for &m in &multipliers {
            mul_growing(&mut denominator, m);
        }
        denominator.push(0);
        self.newest
            .rescale(&multipliers, &denominator, &mut self.spare);
        self.previous
            .rescale(&multipliers, &denominator, &mut self.spare);
    }

    /// Computes the own rows of layer `d` (starting at row `first_n`) into
    /// `numerators`; `false` if the common denominator is too small.
    pub(super) fn solve_layer(&self, d: usize, first_n: usize, numerators: &mut [u64]) -> bool {
        let (minus, minus2) = (&self.newest, &self.previous);
        let denominator = minus.denominator.as_slice();
        let mut jobs: Vec<Job<'_>> = numerators
            .chunks_exact_mut(minus.width)
            .zip(first_n..)
            .filter(|&(_, n)| n >= self.lo)
            .map(|(out, n)| layer_job(n, d, minus, minus2, denominator, out))
            .collect();
        run_jobs(&mut jobs)
    }
}

/// Smallest `cap` for which [`collect_layers`] uses two threads.
pub(super) const SPLIT_MIN_N: usize = 300;

/// Runs `pick` on layer `0` and on every computed layer up to `max_d` of the
/// values with `n <= cap`, and returns what it picked. `pick` only sees
/// those values of a layer that belong to the solver at hand; the results
/// come in order of rows (first those of the lower solver), then of `d`.
pub(super) fn collect_layers<T: Send>(
    cap: usize,
    max_d: usize,
    pick: &(impl Fn(&LayerSolver) -> Option<T> + Sync),
) -> Vec<T> {
    let two_cores = std::thread::available_parallelism().is_ok_and(|cores| cores.get() > 1);
    if two_cores
        && cap >= SPLIT_MIN_N
        && let Some(values) = collect_split(cap, max_d, split_row(cap), guessed_exponent, pick)
    {
        return values;
    }
    collect_serial(LayerSolver::new(0, cap), max_d, pick)
}

/// [`collect_layers`] with one solver.
pub(super) fn collect_serial<T>(
    mut solver: LayerSolver,
    max_d: usize,
    pick: &impl Fn(&LayerSolver) -> Option<T>,
) -> Vec<T> {
    let mut values: Vec<T> = pick(&solver).into_iter().collect();
    while solver.newest.d < max_d && solver.advance() {
        values.extend(pick(&solver));
    }
    values
}

/// The first row `s` of the upper half in [`collect_split`], chosen so
/// that both threads finish together. In units of limb operations, the
/// rows below `s` cost `s³/2`. The upper thread first waits for the layers
/// `d < s` (`s³/6`) and then keeps waiting, because its layers up to about
/// `4s/3` are cheaper than the lower thread's: it is in step with the lower
/// thread from about `0.33 s³` on and then has `(cap³ - s³)/2 - 0.07 s³`
/// left. Balance gives `s³ ≈ 0.675 cap³` and a speed-up of about 1.5 in
/// theory (about 1.3 measured on a two-core virtual machine).
pub(super) fn split_row(cap: usize) -> usize {
    // 0.675^(1/3) ≈ 0.877
    (cap / 1000 * 877 + cap % 1000 * 877 / 1000).clamp(1, cap.max(1))
}

/// [`collect_layers`] on two threads: one computes the rows `n < split`,
/// the other the rows `split..=cap` (`1 <= split <= cap`). Values only
/// depend on rows `n` and below, so the lower thread never waits: it sends
/// its top numerator of every layer through a channel, and the upper thread
/// follows a few layers behind (see [`split_row`]). Splitting every layer
/// between two threads instead would need a thread start or wake-up per
/// layer, which costs more than it gains on the virtual machine this was
/// tuned on.
///
/// The two solvers must use the same common denominators: if either had to
/// raise its guess, the result is discarded (`None`), as it is if no
/// thread could be started.
pub(super) fn collect_split<T: Send>(
    cap: usize,
    max_d: usize,
    split: usize,
    guess: fn(u64, u64) -> u32,
    pick: &(impl Fn(&LayerSolver) -> Option<T> + Sync),
) -> Option<Vec<T>> {
    debug_assert!((1..=cap).contains(&split));
    let (to_upper, from_lower) = std::sync::mpsc::channel::<Vec<u64>>();
    std::thread::scope(|scope| {
        let lower = std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                let mut solver = LayerSolver::with_guess(0, split - 1, guess);
                let mut values = Vec::new();
                loop {
                    values.extend(pick(&solver));
                    if let Some(top) = solver.top_numerator() {
                        // The upper solver may be done already.
                        to_upper.send(top.to_vec()).ok();
                    }
                    if solver.newest.d >= max_d || !solver.advance() {
                        return (values, solver.retries);
                    }
                }
            })
            .ok()?;
        let mut upper = LayerSolver::with_guess(split, cap, guess);
        let mut upper_values = Vec::new();
        let mut complete = true;
        loop {
            upper_values.extend(pick(&upper));
            if upper.newest.d >= max_d {
                break;
            }
            if upper.needs_boundary() {
                let filled = from_lower.recv().is_ok_and(|top| upper.set_boundary(&top));
                if !filled {
                    complete = false;
                    break;
                }
            }
            if !upper.advance() {
                break;
            }
        }
        drop(from_lower);
        let (mut values, lower_retries) = lower
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let consistent = complete && lower_retries == 0 && upper.retries == 0;
        consistent.then(|| {
            values.extend(upper_values);
            values
        })
    })
}

/// Panics with a clear message for `n` beyond [`MAX_EXACT_N`].
pub(super) fn check_exact_n(n: usize) {
    assert!(
        n <= MAX_EXACT_N,
        "exact e(n, k) is only supported for n <= {MAX_EXACT_N}, got {n}"
    );
}
