//! Dealing: a seeded, machine-independent shuffle of the deck onto the table.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::deck::{Deck, Label};

/// One physical card: its label and which copy of the label it is (the copy picks the
/// suit drawn; it never matters for matching).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// What decides a match.
    pub label: Label,
    /// Which of the `C` copies.
    pub copy: u8,
}

/// Deals `deck` with `seed`: the card at each position of the table, row by row.
///
/// A hand-written Fisher–Yates over ChaCha8's raw output, so that a seed means the same
/// deal on every machine and in every later version of this program (library shuffles
/// may change between versions; saved games replay from the seed).
#[must_use]
pub fn deal(deck: &Deck, seed: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = (0..deck.labels())
        .flat_map(|l| {
            (0..deck.copies_of(Label(l))).map(move |copy| Card {
                label: Label(l),
                copy,
            })
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..cards.len()).rev() {
        let j = below(&mut rng, i as u64 + 1);
        // j <= i < cards.len()
        cards.swap(i, j as usize);
    }
    cards
}

/// A uniform number in `0..n` by rejection sampling (no modulo bias).
pub fn below(rng: &mut impl Rng, n: u64) -> u64 {
    debug_assert!(n > 0);
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_deal() {
        let deck = Deck::parse("standard").unwrap();
        assert_eq!(deal(&deck, 42), deal(&deck, 42));
        assert_ne!(deal(&deck, 42), deal(&deck, 43));
    }

    #[test]
    fn deal_is_a_permutation() {
        let deck = Deck::parse("13x4").unwrap();
        let mut cards = deal(&deck, 7);
        cards.sort_by_key(|c| (c.label, c.copy));
        for (i, c) in cards.iter().enumerate() {
            assert_eq!((c.label.0 as usize, usize::from(c.copy)), (i / 4, i % 4));
        }
    }

    #[test]
    fn deal_is_pinned() {
        // Guards against any change of the shuffle: saved games depend on it.
        let deck = Deck::parse("pairs:4").unwrap();
        let labels: Vec<u32> = deal(&deck, 1).iter().map(|c| c.label.0).collect();
        assert_eq!(labels, PINNED_PAIRS4_SEED1);
    }

    const PINNED_PAIRS4_SEED1: [u32; 8] = [0, 1, 1, 2, 2, 3, 3, 0];
}
