//! A card state packed into one `u128`: the count of labels in each pattern, `width`
//! bits apiece. The hash key of the two-player and the own-pairs solvers.

/// The sentinel pattern index for "the label left the table" in [`moved`].
pub(super) const GONE: u32 = u32::MAX;

/// The key of one label in `pattern`.
pub(super) fn unit(width: u32, pattern: usize) -> u128 {
    1u128 << (width * u32::try_from(pattern).expect("few patterns"))
}

/// The key of these counts (one per pattern).
pub(super) fn pack(counts: &[u32], width: u32) -> u128 {
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| u128::from(c) * unit(width, i))
        .sum()
}

/// Most patterns a deck has: `C/2 + 1` per even `R <= C`, 24 for `C = 8`
/// ([`crate::rules::MAX_COPIES`]).
pub(super) const MAX_PATTERNS: usize = 24;

/// The counts of a card state, one per pattern: a fixed array, so that unpacking a key
/// (once per card state the solve visits) costs no allocation. Reads as a slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Counts {
    len: usize,
    counts: [u64; MAX_PATTERNS],
}

impl std::ops::Deref for Counts {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.counts[..self.len]
    }
}

impl std::ops::DerefMut for Counts {
    fn deref_mut(&mut self) -> &mut [u64] {
        &mut self.counts[..self.len]
    }
}

/// The counts of `patterns` patterns back from a key.
#[inline]
pub(super) fn unpack(key: u128, width: u32, patterns: usize) -> Counts {
    assert!(patterns <= MAX_PATTERNS, "at most {MAX_PATTERNS} patterns");
    let mask = (1u128 << width) - 1;
    let mut out = Counts {
        len: patterns,
        counts: [0; MAX_PATTERNS],
    };
    // One field after the other off the low end (once per card state solved).
    let mut rest = key;
    for c in &mut out.counts[..patterns] {
        // masked to at most 32 bits
        let field = (rest & mask) as u64;
        *c = field;
        rest >>= width;
    }
    out
}

/// `key` with one label moved from pattern `from` to `to` ([`GONE`]: off the table).
pub(super) fn moved(key: u128, width: u32, from: usize, to: u32) -> u128 {
    let k = key - unit(width, from);
    if to == GONE {
        k
    } else {
        k + unit(width, to as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_unpack_and_move_agree() {
        let key = pack(&[3, 0, 2], 5);
        assert_eq!(*unpack(key, 5, 3), [3, 0, 2]);
        assert_eq!(*unpack(moved(key, 5, 0, 1), 5, 3), [2, 1, 2]);
        assert_eq!(*unpack(moved(key, 5, 2, GONE), 5, 3), [3, 0, 1]);
    }
}
