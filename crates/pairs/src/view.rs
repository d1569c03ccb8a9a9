//! What every player sees: the face-up stacks, the scores and the cards set aside, the
//! face-up discards since the last reshuffle, the number of burned cards and of cards
//! in the deck. The deck's order and the burned cards' faces are not in it, so players
//! that decide from a [`View`] cannot peek.

use super::model::{Config, Reshuffle, RoundModel};
use super::rules::{Counts, DealCard, Phase, Rank, Ranks, Stack};

/// The public state of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct View {
    /// The deck's ranks.
    pub ranks: Ranks,
    /// The score that loses.
    pub target: u32,
    /// Each seat's face-up cards, in the order they came.
    pub stacks: Vec<Vec<Rank>>,
    /// Each seat's score.
    pub scores: Vec<u32>,
    /// Each seat's scoring cards, set aside for good.
    pub set_aside: Vec<Vec<Rank>>,
    /// The face-up cards of the discard pile, since the last reshuffle.
    pub discards: Vec<Rank>,
    /// Face-down (burned) cards in the discard pile.
    pub burned: usize,
    /// Cards in the deck.
    pub deck: usize,
    /// Where the game is.
    pub phase: Phase,
    /// The seat that moved first this round.
    pub first: usize,
    /// Rounds dealt so far (1 in the first round).
    pub round: u32,
    /// Reshuffles so far.
    pub reshuffles: u32,
    /// This round's deal, card by card.
    pub deal: Vec<DealCard>,
}

impl View {
    /// Players at the table.
    #[must_use]
    pub fn players(&self) -> usize {
        self.scores.len()
    }

    /// The seat to move, if a round is being played.
    #[must_use]
    pub fn mover(&self) -> Option<usize> {
        match self.phase {
            Phase::Turn { mover } => Some(mover),
            _ => None,
        }
    }

    /// The lowest face-up card on the table: what a fold scores.
    #[must_use]
    pub fn lowest(&self) -> Option<Rank> {
        self.stacks.iter().flatten().min().copied()
    }

    /// Each seat's stack as a set of ranks.
    #[must_use]
    pub fn stack_sets(&self) -> Vec<Stack> {
        self.stacks.iter().map(|s| Stack::of(s)).collect()
    }

    /// The stacks in turn order from `seat`.
    #[must_use]
    pub fn stacks_from(&self, seat: usize) -> Vec<Stack> {
        let mut s = self.stack_sets();
        s.rotate_left(seat);
        s
    }

    /// Cards not set aside for good: the full deck minus the scoring cards.
    #[must_use]
    pub(crate) fn in_play(&self) -> Counts {
        let aside = Counts::of_cards(&self.set_aside.concat());
        self.ranks
            .full()
            .minus(&aside)
            .expect("scoring cards come from the deck")
    }

    /// The cards not seen since the last reshuffle (deck and burned cards), counted from
    /// what is face up: every card not set aside, not in a stack, not a face-up discard.
    #[must_use]
    pub fn unseen(&self) -> Counts {
        let seen = Counts::of_cards(&[self.stacks.concat(), self.discards.clone()].concat());
        self.in_play()
            .minus(&seen)
            .expect("face-up cards come from the deck")
    }

    /// The seed's d without counting cards: the full deck minus every face-up card on
    /// the table and set aside (the discards are forgotten).
    #[must_use]
    pub fn unseen_fresh(&self) -> Counts {
        let face_up = Counts::of_cards(&self.stacks.concat());
        self.in_play()
            .minus(&face_up)
            .expect("face-up cards come from the deck")
    }

    /// Whether a hit can get a card (the deck, or a discard pile to reshuffle).
    #[must_use]
    pub fn can_hit(&self) -> bool {
        self.deck + self.burned + self.discards.len() > 0
    }

    /// The round as the counting player models it from `seat`: d the cards unseen since
    /// the last reshuffle; once the deck's last card is drawn, every card not set aside
    /// and not face up.
    #[must_use]
    pub fn counted_model(&self, seat: usize) -> (RoundModel, Vec<Stack>) {
        let stacks = self.stacks_from(seat);
        let config = Config {
            ranks: self.ranks,
            unseen: self.unseen(),
            stacks: stacks.clone(),
        };
        let face_up: u32 = stacks.iter().map(|s| s.len()).sum();
        // at most 55 cards
        let at = face_up + self.deck as u32;
        let mut model = RoundModel::of(&config);
        model.reshuffle = Some(Reshuffle {
            at,
            pool: self.in_play(),
        });
        (model, stacks)
    }

    /// The seed's own model from `seat`: d the full deck minus the face-up cards, no
    /// reshuffle.
    #[must_use]
    pub fn fresh_model(&self, seat: usize) -> (RoundModel, Vec<Stack>) {
        let stacks = self.stacks_from(seat);
        let config = Config {
            ranks: self.ranks,
            unseen: self.unseen_fresh(),
            stacks: stacks.clone(),
        };
        (RoundModel::of(&config), stacks)
    }
}
