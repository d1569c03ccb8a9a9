//! A dense index of Zebra card states: every vector of nine pattern counts with at most
//! `L` ranks gets its own number in `0..C(L + 9, 9)`, so solved states are found by one
//! array read instead of a hash lookup.

/// Ranks card states (counts per pattern, at most `ranks` in all) densely.
#[derive(Debug, Clone)]
pub(super) struct CardIndex {
    ranks: usize,
    /// `offsets[(i * (L + 1) + rem) * (L + 1) + c]`: how many vectors come before those
    /// with count `c` at pattern `i`, `rem` ranks left for patterns `i..`.
    offsets: Vec<u64>,
    len: u64,
}

/// Vectors of `k` counts summing to at most `m`: `C(m + k, k)`.
fn vectors(k: usize, m: usize) -> u64 {
    (1..=k as u64).fold(1u64, |acc, i| acc * (m as u64 + i) / i)
}

impl CardIndex {
    /// The index of card states with at most `ranks` ranks.
    pub(super) fn new(ranks: usize) -> Self {
        let w = ranks + 1;
        let mut offsets = vec![0u64; 9 * w * w];
        for i in 0..9 {
            for rem in 0..=ranks {
                let mut acc = 0;
                for c in 0..=rem {
                    offsets[(i * w + rem) * w + c] = acc;
                    acc += vectors(8 - i, rem - c);
                }
            }
        }
        Self {
            ranks,
            offsets,
            len: vectors(9, ranks),
        }
    }

    /// How many card states there are.
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// Ranks the index covers.
    pub(super) fn ranks(&self) -> usize {
        self.ranks
    }

    /// The number of a card state (its counts sum to at most `ranks`).
    #[inline]
    pub(super) fn of(&self, counts: &[u8; 9]) -> usize {
        let w = self.ranks + 1;
        let mut rem = self.ranks;
        let mut at = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            let c = usize::from(c);
            debug_assert!(c <= rem, "more ranks than the index covers");
            at += self.offsets[(i * w + rem) * w + c];
            rem -= c;
        }
        usize::try_from(at).expect("index fits")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_state_has_its_own_number() {
        let index = CardIndex::new(3);
        let mut seen = vec![false; usize::try_from(index.len()).unwrap()];
        let mut count = 0;
        for code in 0..4usize.pow(9) {
            let mut counts = [0u8; 9];
            let mut c = code;
            for slot in &mut counts {
                *slot = u8::try_from(c % 4).unwrap();
                c /= 4;
            }
            if counts.iter().map(|&x| usize::from(x)).sum::<usize>() > 3 {
                continue;
            }
            let i = index.of(&counts);
            assert!(!seen[i], "{counts:?}");
            seen[i] = true;
            count += 1;
        }
        assert_eq!(count, seen.len());
        assert_eq!(index.len(), 220);
    }
}
