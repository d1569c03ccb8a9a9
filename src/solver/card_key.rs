//! A card state packed into one `u128`: the count of labels in each pattern, `width`
//! bits apiece. The hash key of the two-player and the own-pairs solvers.

/// The sentinel pattern index for "the label left the table" in [`moved`].
pub(super) const GONE: u32 = u32::MAX;

fn one(width: u32, pattern: usize) -> u128 {
    1u128 << (width * u32::try_from(pattern).expect("few patterns"))
}

/// The key of these counts (one per pattern).
pub(super) fn pack(counts: &[u32], width: u32) -> u128 {
    counts
        .iter()
        .enumerate()
        .map(|(i, &c)| u128::from(c) * one(width, i))
        .sum()
}

/// The counts of `patterns` patterns back from a key.
pub(super) fn unpack(key: u128, width: u32, patterns: usize) -> Vec<u64> {
    let mask = (1u128 << width) - 1;
    (0..patterns)
        .map(|i| {
            let c = (key >> (width * u32::try_from(i).expect("few patterns"))) & mask;
            u64::try_from(c).expect("masked")
        })
        .collect()
}

/// `key` with one label moved from pattern `from` to `to` ([`GONE`]: off the table).
pub(super) fn moved(key: u128, width: u32, from: usize, to: u32) -> u128 {
    let k = key - one(width, from);
    if to == GONE {
        k
    } else {
        k + one(width, to as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_unpack_and_move_agree() {
        let key = pack(&[3, 0, 2], 5);
        assert_eq!(unpack(key, 5, 3), [3, 0, 2]);
        assert_eq!(unpack(moved(key, 5, 0, 1), 5, 3), [2, 1, 2]);
        assert_eq!(unpack(moved(key, 5, 2, GONE), 5, 3), [3, 0, 1]);
    }
}
