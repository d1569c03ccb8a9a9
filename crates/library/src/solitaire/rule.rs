//! A solitaire game's rule: how it counts its moves (every move, or Foerster and
//! Wattenhofer's first variation, their section 8, where a pair earns a free move) and how
//! far a pair reaches (within a move, or across two: their easier game, section 8.1).
//! The two combine.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::rules::{PublicView, Reach};

/// The rule of a solitaire game: its reach of a pair and its count of moves.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SoloRule {
    /// Every move counts, a pair's included.
    #[default]
    Standard,
    /// A pair earns a free move: a move that takes a pair is not counted, but the one
    /// that clears the table is (its free move would come after the game). A game counts
    /// `n - 1` moves fewer than in full, whatever the play.
    FreeAfterPair,
    /// The easier game: a pair is any two cards turned one right after the other, even
    /// the second card of one move and the first of the next. Every move counts.
    Easy,
    /// The easier game with a pair's free move: a move still takes at most one pair, so
    /// a game counts `n - 1` moves fewer than the easier game's count.
    EasyFreeAfterPair,
}

impl SoloRule {
    /// Every rule, in the setup screen's order.
    pub const ALL: [Self; 4] = [
        Self::Standard,
        Self::FreeAfterPair,
        Self::Easy,
        Self::EasyFreeAfterPair,
    ];

    /// The rule of `easy` (the easier game) and `free` (a pair's free move).
    #[must_use]
    pub fn of(easy: bool, free: bool) -> Self {
        match (easy, free) {
            (false, false) => Self::Standard,
            (false, true) => Self::FreeAfterPair,
            (true, false) => Self::Easy,
            (true, true) => Self::EasyFreeAfterPair,
        }
    }

    /// How far a pair reaches.
    #[must_use]
    pub fn reach(self) -> Reach {
        match self {
            Self::Standard | Self::FreeAfterPair => Reach::WithinMove,
            Self::Easy | Self::EasyFreeAfterPair => Reach::AcrossMoves,
        }
    }

    /// Whether this is the easier game (a pair across two moves).
    #[must_use]
    pub fn is_easy(self) -> bool {
        self.reach() == Reach::AcrossMoves
    }

    /// Whether a pair earns a free move (the moves counted are not all the moves made).
    #[must_use]
    pub fn is_free(self) -> bool {
        matches!(self, Self::FreeAfterPair | Self::EasyFreeAfterPair)
    }

    /// The rule's name on the command line, in records and statistics.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::FreeAfterPair => "free-after-pair",
            Self::Easy => "easy",
            Self::EasyFreeAfterPair => "easy-free-after-pair",
        }
    }

    /// The rule in a few words, for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Standard => "every move counts",
            Self::FreeAfterPair => "a pair earns a free move: only moves without a pair count",
            Self::Easy => "the easier game: the last card stays live, a pair may span two moves",
            Self::EasyFreeAfterPair => "the easier game, and a pair earns a free move",
        }
    }

    /// Whether this is the standard game (every move counted, pairs within a move).
    #[must_use]
    pub fn is_standard(&self) -> bool {
        *self == Self::Standard
    }

    /// The moves counted of `moves` made that took `pairs` pairs, `cleared` once the
    /// table is empty.
    #[must_use]
    pub fn counted(self, moves: u32, pairs: u32, cleared: bool) -> u32 {
        if self.is_free() {
            moves - pairs + u32::from(cleared && pairs > 0)
        } else {
            moves
        }
    }

    /// Why `deck` cannot be played under this rule: the easier game is solved for decks
    /// of pairs only (two cards a label).
    ///
    /// # Errors
    /// One line naming the deck.
    pub fn check_deck(self, deck: &crate::rules::Deck) -> Result<(), String> {
        if self.is_easy() && deck.copies() != 2 {
            return Err(format!(
                "--easy: the easier game is solved for decks of pairs (two cards a label), not {deck} ({} a label)",
                deck.copies()
            ));
        }
        Ok(())
    }

    /// The moves counted so far in the game of `view`: those made (a move counted once
    /// it ends) less, with a pair's free move, the pairs they took.
    #[must_use]
    pub fn counted_now(self, view: &PublicView) -> u32 {
        let on_table = u32::try_from(view.cards_on_table() / 2).expect("pairs fit");
        // A pair the move in progress took (the easier game) is its move's, not yet made.
        let taken = view.deck().pairs() - on_table - u32::from(view.move_took_pair());
        self.counted(view.turns(), taken, view.is_over())
    }

    /// The moves the rule does not count from a position with `pairs` pairs left on the
    /// table to the end, whatever the play: every further pair but the last is free.
    #[must_use]
    pub fn free_ahead(self, pairs: u64) -> u64 {
        if self.is_free() {
            pairs.saturating_sub(1)
        } else {
            0
        }
    }
}

impl SoloRule {
    /// Every rule's name, for messages: `standard, free-after-pair, ...`.
    #[must_use]
    pub fn names() -> String {
        Self::ALL.map(Self::name).join(", ")
    }
}

impl fmt::Display for SoloRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SoloRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("'{s}' is not a solitaire rule ({})", Self::names()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_earns_a_free_move_but_the_last() {
        let free = SoloRule::FreeAfterPair;
        // Three pairs in five moves: two misses and the last pair counted.
        assert_eq!(free.counted(5, 3, true), 3);
        assert_eq!(free.counted(4, 2, false), 2);
        assert_eq!(free.counted(1, 0, false), 1);
        assert_eq!(SoloRule::Standard.counted(5, 3, true), 5);
        assert_eq!(free.free_ahead(3), 2);
        assert_eq!(free.free_ahead(0), 0);
        for r in SoloRule::ALL {
            assert_eq!(r.name().parse::<SoloRule>(), Ok(r));
        }
        assert!("easier".parse::<SoloRule>().is_err());
        let both = SoloRule::of(true, true);
        assert_eq!((both.is_easy(), both.is_free()), (true, true));
        assert_eq!(both.counted(5, 3, true), 3);
        assert_eq!(SoloRule::Easy.counted(5, 3, true), 5);
        assert_eq!(SoloRule::Easy.reach(), Reach::AcrossMoves);
    }
}
