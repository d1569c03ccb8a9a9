//! The Two Decks Duel at a table (docs/variants.md, "Two Decks Duel"): two fields, one a
//! seat, each the seat's own deck; where a card lies says whose side it is on. The first
//! seat's cards are positions `0..N`, the second's `N..2N`, each side dealt on its own.
//! Whose card is turned next is the rules' (the leader's first, then the answerer's);
//! what that decision is worth, and to whom, is the model's (`model/duel.rs`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Layout, of_duel_places};
use super::deck::{Deck, Label, grid_for};
use super::layout::{Card, below};
use super::options::Seat;
use super::view::PublicView;

impl Deck {
    /// The rows and columns of one side's field in the Two Decks Duel: a standard
    /// table of 4 x 13 for `double`, else the grid of N cards.
    ///
    /// # Errors
    /// A deck that is no duel ([`Deck::duel_side`]).
    pub fn duel_field(&self) -> Result<(usize, usize), super::DeckError> {
        let side = self.duel_side()? as usize;
        Ok(if self.style() == super::FaceStyle::TwoDecks {
            (4, 13)
        } else {
            grid_for(side)
        })
    }
}

/// The side a position lies on at a duel of `deck` (each side holds one card of every
/// label, the first seat's before the second's).
#[must_use]
pub(crate) fn side_of(deck: &Deck, position: usize) -> Seat {
    if position < deck.labels() as usize {
        Seat::FIRST
    } else {
        Seat::SECOND
    }
}

/// Each side's deck shuffled on its own, by one generator: the first seat's copy 0 of
/// every label, then the second seat's copy 1.
pub(crate) fn deal(deck: &Deck, seed: u64) -> Vec<Card> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cards = Vec::with_capacity(deck.cards());
    for copy in 0..2 {
        let mut side: Vec<Card> = (0..deck.labels())
            .map(|l| Card {
                label: Label(l),
                copy,
            })
            .collect();
        for i in (1..side.len()).rev() {
            let j = below(&mut rng, i as u64 + 1);
            // j <= i < side.len()
            side.swap(i, j as usize);
        }
        cards.extend(side);
    }
    cards
}

/// The two fields laid out one above the other, a blank row between them (where the
/// lower field's player is named).
pub(crate) fn board(deck: &Deck) -> Board {
    let n = deck.labels() as usize;
    let (rows, cols) = deck.duel_field().unwrap_or_else(|_| grid_for(n));
    of_duel_places(
        Layout::Grid,
        (0..2 * n)
            .map(|p| {
                let (side, i) = (p / n, p % n);
                (side * (rows + 1) + i / cols, 2 * (i % cols))
            })
            .collect(),
        rows,
    )
}

impl PublicView {
    /// The seat whose side the card at `position` lies on, at a table of the Two Decks
    /// Duel (`None` at any other table).
    #[must_use]
    pub fn side_of(&self, position: usize) -> Option<Seat> {
        self.players
            .variant()
            .duel()
            .map(|_| side_of(&self.deck, position))
    }

    /// The position of card `n` (from 1, in reading order) on side `side` (0 for the
    /// first seat's) of the Two Decks Duel: the inverse of [`PublicView::side_place`].
    /// `None` at any other table, or past the side's cards.
    #[must_use]
    pub fn side_position(&self, side: usize, n: usize) -> Option<usize> {
        self.players.variant().duel()?;
        let per_side = self.deck.labels() as usize;
        (side < 2 && (1..=per_side).contains(&n)).then(|| side * per_side + n - 1)
    }

    /// A place of the Two Decks Duel by its side and its number there, from 1 in reading
    /// order (`side 2 card 3`; side 1 is the first seat's); `None` at any other table.
    #[must_use]
    pub fn side_place(&self, position: usize) -> Option<String> {
        let side = self.side_of(position)?;
        let n = position % self.deck.labels() as usize + 1;
        Some(format!("side {} card {n}", side.index() + 1))
    }
}
