//! Word-level arithmetic on little-endian `u64` limb vectors: just what the exact
//! layer computation needs (multiply by a word, exact 2-adic division by a word).

use num_bigint::BigUint;

// ---------------------------------------------------------------------------
// Multi-limb naturals (little-endian 64-bit limbs)
// ---------------------------------------------------------------------------

/// Low and high words of a 128-bit value.
// splitting a u128 into its two halves
pub(super) fn split(x: u128) -> (u64, u64) {
    (x as u64, (x >> 64) as u64)
}

/// `a *= c` in place; returns `false` if the product does not fit.
pub(super) fn mul_in_place(a: &mut [u64], c: u64) -> bool {
    let mut carry = 0;
    for x in a.iter_mut() {
        let (lo, hi) = split(u128::from(*x) * u128::from(c) + u128::from(carry));
        *x = lo;
        carry = hi;
    }
    carry == 0
}

/// `a *= c`, growing `a` as needed.
pub(super) fn mul_growing(a: &mut Vec<u64>, c: u64) {
    let mut carry = 0;
    for x in a.iter_mut() {
        let (lo, hi) = split(u128::from(*x) * u128::from(c) + u128::from(carry));
        *x = lo;
        carry = hi;
    }
    if carry != 0 {
        a.push(carry);
    }
}

/// Drops high zero limbs (keeping at least one).
pub(super) fn trimmed(a: &[u64]) -> &[u64] {
    let len = a.iter().rposition(|&x| x != 0).map_or(1, |top| top + 1);
    &a[..len.min(a.len())]
}

/// Converts little-endian limbs to a `BigUint`.
pub(super) fn to_biguint(limbs: &[u64]) -> BigUint {
    let bytes: Vec<u8> = limbs.iter().flat_map(|limb| limb.to_le_bytes()).collect();
    BigUint::from_bytes_le(&bytes)
}

/// `m⁻¹ mod 2^64` for odd `m` (Newton iteration; `m · m ≡ 1 (mod 8)` gives
/// three correct bits to start with, each step doubles them).
pub(super) fn inverse_mod_word(m: u64) -> u64 {
    debug_assert!(!m.is_multiple_of(2));
    let mut inverse = m;
    for _ in 0..5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inverse)));
    }
    inverse
}

/// Exact division by a word `m = 2^shift · odd` of a dividend that arrives
/// limb by limb, least significant first, so that it can be fused with the
/// loop producing the dividend.
///
/// The dividend is shifted right by `shift` on the fly (one limb of delay)
/// and then divided by `odd` with 2-adic (Hensel) exact division: no
/// hardware division, one multiplication by `odd⁻¹ mod 2^64` per limb. After
/// `i` limbs, `dividend = quotient · odd - carry · 2^(64 i)`, so the final
/// carry is zero exactly when `odd` divides the dividend.
#[derive(Clone, Copy, Debug)]
pub(super) struct HenselDivider {
    shift: u32,
    odd: u64,
    inverse: u64,
    /// Dividend limb waiting for its successor (to complete the shift).
    pending: u64,
    carry: u64,
    /// No set bit has been shifted out.
    exact: bool,
}

impl HenselDivider {
    /// Starts dividing by `m >= 1` a dividend whose lowest limb is `first`.
    pub(super) fn new(m: u64, first: u64) -> Self {
        let shift = m.trailing_zeros();
        let odd = m >> shift;
        Self {
            shift,
            odd,
            inverse: inverse_mod_word(odd),
            pending: first,
            carry: 0,
            exact: first & ((1 << shift) - 1) == 0,
        }
    }

    /// Takes the next dividend limb and returns the next quotient limb.
    pub(super) fn next(&mut self, limb: u64) -> u64 {
        // `(limb << 1) << (63 - shift)` is `limb << (64 - shift)`, but also
        // correct (zero) for `shift = 0`.
        let shifted = (self.pending >> self.shift) | ((limb << 1) << (63 - self.shift));
        self.pending = limb;
        self.divide(shifted)
    }

    /// One step of Hensel division.
    pub(super) fn divide(&mut self, limb: u64) -> u64 {
        let (s, borrow) = limb.overflowing_sub(self.carry);
        let q = s.wrapping_mul(self.inverse);
        // q · odd ≡ s (mod 2^64); its high word is at most odd - 1.
        self.carry = split(u128::from(q) * u128::from(self.odd)).1 + u64::from(borrow);
        q
    }

    /// `true` if the dividend (all limbs given) was a multiple of `m` and
    /// the quotient limbs returned so far are the whole quotient.
    pub(super) fn finish(mut self) -> bool {
        let top = self.pending >> self.shift;
        self.divide(top) == 0 && self.carry == 0 && self.exact
    }
}
