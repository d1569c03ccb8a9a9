//! The decks the Two Decks Duel splits into two sides (docs/variants.md, "Two Decks Duel").

use super::deck::{Deck, DeckError, FaceStyle};

impl Deck {
    /// The cards of a side in the Two Decks Duel: the deck is two of every card, one on
    /// each side, and a pair is two identical cards (`double`: a full deck each; `pairs:N`
    /// and `Lx2`: N cards each). A deck whose pairs are not identical cards (`standard`
    /// pairs 7♥ with 7♦, Zebra by colour) or with four of a label is no duel.
    ///
    /// # Errors
    /// [`DeckError::NotDuel`] for any other deck.
    pub fn duel_side(&self) -> Result<u32, DeckError> {
        let identical = matches!(
            self.style(),
            FaceStyle::TwoDecks | FaceStyle::Symbols | FaceStyle::Numbers
        );
        if identical && self.copies() == 2 {
            Ok(self.labels())
        } else {
            Err(DeckError::NotDuel(self.name().to_owned()))
        }
    }
}
