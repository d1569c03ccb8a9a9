//! A dense index of the card states a bulk solve stores: every vector of counts over
//! the patterns those card states use (without harmless labels, when pruning) with at
//! most `L` labels gets its own number in `0..C(L + P, P)`, so a solved card state is
//! found by one array read instead of a binary search over its height's keys. After
//! the harmless takes nearly every such vector is reached (all of them for `35x4`), so
//! the array wastes little. As `zebra/index.rs`, lexicographic in the counts.

use crate::solver::ranking;

/// Ranks the card states over some patterns with at most `labels` labels densely.
#[derive(Debug, Clone)]
pub(super) struct DenseIndex {
    labels: usize,
    /// Where each pattern's count sits in a key, in the order they are ranked.
    shifts: Vec<u32>,
    /// The key bits no indexed card state has set (other patterns' counts).
    outside: u128,
    field: u128,
    /// `offsets[(i * (L + 1) + rem) * (L + 1) + c]`: how many vectors come before those
    /// with count `c` at the `i`th pattern, `rem` labels left for patterns `i..`.
    offsets: Vec<u32>,
    len: usize,
}

/// Most card states the index holds: beyond it the solve keeps its sorted keys only
/// (an entry a card state costs 4 bytes whether reached or not).
const MOST: u128 = 1 << 25;

impl DenseIndex {
    /// The index of card states with at most `labels` labels in `patterns` (indices of
    /// fields `width` bits wide), or `None` where it would be too large.
    pub(super) fn new(patterns: &[usize], width: u32, labels: usize) -> Option<Self> {
        let k = patterns.len();
        let len = ranking::vectors(k, labels);
        if len > MOST {
            return None;
        }
        let field = (1u128 << width) - 1;
        let shifts: Vec<u32> = patterns
            .iter()
            .map(|&a| width * u32::try_from(a).expect("few patterns"))
            .collect();
        let inside: u128 = shifts.iter().map(|&s| field << s).sum();
        let offsets = ranking::offsets(k, labels)
            .into_iter()
            .map(|n| u32::try_from(n).expect("below MOST"))
            .collect();
        Some(Self {
            labels,
            shifts,
            outside: !inside,
            field,
            offsets,
            len: usize::try_from(len).expect("below MOST"),
        })
    }

    /// How many numbers there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The number of the card state `key`, if the index covers it.
    #[inline]
    pub(super) fn of(&self, key: u128) -> Option<usize> {
        if key & self.outside != 0 {
            return None;
        }
        let w = self.labels + 1;
        let mut rem = self.labels;
        let mut at = 0usize;
        for (i, &shift) in self.shifts.iter().enumerate() {
            let c = usize::try_from((key >> shift) & self.field).expect("a field");
            if c > rem {
                return None;
            }
            at += self.offsets[(i * w + rem) * w + c] as usize;
            rem -= c;
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::card_key::pack;

    /// Every vector gets a number of its own, all numbers are used, and vectors with
    /// too many labels or counts outside the patterns are left out.
    #[test]
    fn numbers_are_dense_and_distinct() {
        let width = 6;
        let index = DenseIndex::new(&[0, 2, 3], width, 4).unwrap();
        let mut seen = vec![false; index.len()];
        for a in 0..=4u32 {
            for b in 0..=4 - a {
                for c in 0..=4 - a - b {
                    let n = index.of(pack(&[a, 0, b, c], width)).unwrap();
                    assert!(!seen[n], "{a} {b} {c}: number {n} twice");
                    seen[n] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "a number unused");
        assert_eq!(index.of(pack(&[2, 0, 2, 1], width)), None);
        assert_eq!(index.of(pack(&[1, 1, 0, 0], width)), None);
    }
}
