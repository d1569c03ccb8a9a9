//! Dealing: a seeded, machine-independent shuffle of the deck onto the table.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::deck::{Back, Deck, Label};

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
///
/// A checkerboard deck (`double-checker`) is two decks shuffled apart: the red-backed
/// cards onto the red squares and the blue-backed ones onto the blue squares
/// ([`Deck::back_at`]).
#[must_use]
pub fn deal(deck: &Deck, seed: u64) -> Vec<Card> {
    if deck.is_checker() {
        return deal_checker(deck, seed);
    }
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

/// Two decks with different backs, each shuffled by its own stream of one generator into
/// its own squares of the checkerboard.
fn deal_checker(deck: &Deck, seed: u64) -> Vec<Card> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decks = Back::BOTH.map(|back| {
        let mut cards: Vec<Card> = (0..deck.labels())
            .map(|l| Card {
                label: Label(l),
                copy: back.copy(),
            })
            .collect();
        for i in (1..cards.len()).rev() {
            let j = below(&mut rng, i as u64 + 1);
            cards.swap(i, j as usize);
        }
        cards.into_iter()
    });
    (0..deck.cards())
        .map(|p| {
            let back = deck.back_at(p).expect("a checkerboard deck");
            decks[usize::from(back.copy())]
                .next()
                .expect("as many squares of each back as cards")
        })
        .collect()
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

    #[test]
    fn a_checkerboard_deals_each_back_onto_its_squares() {
        for name in [
            "double-checker",
            "double-checker:1",
            "double-checker:5",
            "double-checker:7",
        ] {
            let deck = Deck::parse(name).unwrap();
            let cards = deal(&deck, 3);
            assert_eq!(cards.len(), deck.cards());
            for (p, c) in cards.iter().enumerate() {
                assert_eq!(
                    deck.back_at(p),
                    Some(Back::of_copy(c.copy)),
                    "{name} at {p}"
                );
            }
            let mut sorted = cards.clone();
            sorted.sort_by_key(|c| (c.label, c.copy));
            for (i, c) in sorted.iter().enumerate() {
                assert_eq!((c.label.0 as usize, usize::from(c.copy)), (i / 2, i % 2));
            }
            let (rows, cols) = deck.grid();
            assert!(rows * cols >= deck.cards(), "{name}");
        }
        let deck = Deck::parse("double-checker").unwrap();
        assert_ne!(deal(&deck, 1), deal(&deck, 2));
    }

    const PINNED_PAIRS4_SEED1: [u32; 8] = [0, 1, 1, 2, 2, 3, 3, 0];
}
