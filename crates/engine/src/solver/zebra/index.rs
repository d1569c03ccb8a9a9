//! A dense index of Zebra card states: every vector of nine pattern counts with at most
//! `L` ranks gets its own number in `0..C(L + 9, 9)`, so solved states are found by one
//! array read instead of a hash lookup.
//!
//! The numbering is lexicographic in the counts, the first pattern's most significant.
//! Every turn moves a rank to a later pattern (or off the table), so every successor of
//! a card state has a smaller number: solving in increasing numbers solves successors
//! first. [`Neighbours`] gives the number of a card state with one rank moved in a few
//! additions, instead of a walk over all nine counts per successor.

use crate::solver::ranking;

/// Ranks card states (counts per pattern, at most `ranks` in all) densely.
#[derive(Debug, Clone)]
pub(super) struct CardIndex {
    ranks: usize,
    /// `offsets[(i * (L + 1) + rem) * (L + 1) + c]`: how many vectors come before those
    /// with count `c` at pattern `i`, `rem` ranks left for patterns `i..`.
    offsets: Vec<u64>,
    len: u64,
}

impl CardIndex {
    /// The index of card states with at most `ranks` ranks.
    pub(super) fn new(ranks: usize) -> Self {
        let fits = |n: u128| u64::try_from(n).expect("a Zebra index fits");
        Self {
            ranks,
            offsets: ranking::offsets(9, ranks).into_iter().map(fits).collect(),
            len: fits(ranking::vectors(9, ranks)),
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

    /// How many vectors come before those with count `c` at pattern `i`, `rem` ranks
    /// left for patterns `i..`.
    #[inline]
    fn before(&self, i: usize, rem: usize, c: usize) -> u64 {
        let w = self.ranks + 1;
        self.offsets[(i * w + rem) * w + c]
    }

    /// The number of `counts` and what moving one of its ranks does to it.
    pub(super) fn neighbours(&self, counts: &[u8; 9]) -> Neighbours<'_> {
        let mut n = Neighbours {
            index: self,
            counts: *counts,
            rem: [0; 10],
            pre: [0; 10],
            up: [0; 10],
        };
        n.rem[0] = self.ranks;
        for (i, &c) in counts.iter().enumerate() {
            let c = usize::from(c);
            let rem = n.rem[i];
            debug_assert!(c <= rem, "more ranks than the index covers");
            n.pre[i + 1] = n.pre[i] + self.before(i, rem, c);
            // The same count with one rank more left: after a rank of an earlier pattern
            // moved on (never asked where no earlier rank exists).
            let up = if rem < self.ranks {
                self.before(i, rem + 1, c)
            } else {
                0
            };
            n.up[i + 1] = n.up[i] + up;
            n.rem[i + 1] = rem - c;
        }
        n
    }
}

/// A card state's number, with prefix sums that give its neighbours' numbers.
pub(super) struct Neighbours<'a> {
    index: &'a CardIndex,
    counts: [u8; 9],
    /// Ranks left for patterns `i..`.
    rem: [usize; 10],
    /// The number's terms of patterns `..i`, summed.
    pre: [u64; 10],
    /// The same with one rank more left at every pattern, summed.
    up: [u64; 10],
}

impl Neighbours<'_> {
    /// The card state's own number.
    pub(super) fn id(&self) -> usize {
        usize::try_from(self.pre[9]).expect("index fits")
    }

    /// The number of the card state with one rank moved from pattern `from` to pattern
    /// `to` (a later one), or off the table (`None`). Patterns before `from` keep their
    /// terms; `from` has one rank fewer; the patterns after it have one rank more left,
    /// up to `to`, which has one rank more; after `to` nothing changes.
    #[inline]
    pub(super) fn moved(&self, from: usize, to: Option<usize>) -> usize {
        let c = usize::from(self.counts[from]);
        debug_assert!(c > 0, "no rank to move");
        let head = self.pre[from] + self.index.before(from, self.rem[from], c - 1);
        let at = match to {
            None => head + (self.up[9] - self.up[from + 1]),
            Some(to) => {
                debug_assert!(to > from, "a turn moves a rank to a later pattern");
                let c_to = usize::from(self.counts[to]);
                head + (self.up[to] - self.up[from + 1])
                    + self.index.before(to, self.rem[to] + 1, c_to + 1)
                    + (self.pre[9] - self.pre[to + 1])
            }
        };
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

    #[test]
    fn neighbours_are_numbered_as_the_walk_numbers_them() {
        let index = CardIndex::new(4);
        let mut checked = 0;
        for code in 0..5usize.pow(9) {
            let mut counts = [0u8; 9];
            let mut c = code;
            for slot in &mut counts {
                *slot = u8::try_from(c % 5).unwrap();
                c /= 5;
            }
            if counts.iter().map(|&x| usize::from(x)).sum::<usize>() > 4 {
                continue;
            }
            let n = index.neighbours(&counts);
            assert_eq!(n.id(), index.of(&counts));
            for from in (0..9).filter(|&i| counts[i] > 0) {
                let mut gone = counts;
                gone[from] -= 1;
                assert_eq!(n.moved(from, None), index.of(&gone), "{counts:?} {from}");
                assert!(n.moved(from, None) < n.id());
                for to in from + 1..9 {
                    let mut m = gone;
                    m[to] += 1;
                    assert_eq!(
                        n.moved(from, Some(to)),
                        index.of(&m),
                        "{counts:?} {from}>{to}"
                    );
                    assert!(n.moved(from, Some(to)) < n.id());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }
}
