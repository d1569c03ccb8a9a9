//! The engine: a whole game of Pairs with its hidden deck. Setup shuffles and burns 5;
//! each round is dealt ([`super::deal`]), played by hits and folds, scored, and its
//! face-up cards discarded except the one scoring card set aside; when a card is needed
//! and the deck is empty, the discard pile (burned cards included) is reshuffled into a
//! new deck and 5 are burned again unless fewer than 10 cards are in it. The first
//! player to reach the target (floor(60/m) + 1) loses.
//!
//! State changes are plain methods (`hit`, `fold`, `next_round`); what players may see
//! is [`Game::view`].

use rand_chacha::ChaCha8Rng;

use super::PairsError;
use super::deal::{self, DealCard, Source};
use super::deck::{Rank, Ranks, Stack, rng, shuffle};
use crate::seats::{MAX_SEATS, MIN_SEATS};
use crate::view::View;

/// Cards burned at setup and at each reshuffle.
pub const BURN: usize = 5;
/// A reshuffled pile smaller than this is not burned from.
pub const BURN_FROM: usize = 10;

/// How a round's score came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scored {
    /// The mover hit and caught a pair.
    Pair,
    /// The mover folded, taking the lowest face-up card from this seat's stack.
    Fold {
        /// The seat whose card was taken.
        from: usize,
    },
}

/// The end of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    /// The seat that scored.
    pub scorer: usize,
    /// The rank scored.
    pub rank: Rank,
    /// By a pair or a fold.
    pub how: Scored,
}

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A player is to hit or fold.
    Turn {
        /// The seat to move.
        mover: usize,
    },
    /// The round has been scored; `next_round` deals the next.
    RoundOver(RoundEnd),
    /// The game is over.
    GameOver {
        /// The one loser.
        loser: usize,
        /// The last round's end (`None` when the cards ran out for a deal: then the
        /// highest score loses, the first in seat order among equals).
        last: Option<RoundEnd>,
    },
}

/// A game of Pairs in progress, its deck hidden.
#[derive(Debug, Clone)]
pub struct Game {
    ranks: Ranks,
    target: u32,
    rng: ChaCha8Rng,
    /// Face down; the top card is the last.
    deck: Vec<Rank>,
    /// Face down in the discard pile since the last reshuffle.
    burned: Vec<Rank>,
    /// Face up in the discard pile since the last reshuffle.
    discards: Vec<Rank>,
    /// Each seat's face-up cards, in the order they came.
    stacks: Vec<Vec<Rank>>,
    scores: Vec<u32>,
    set_aside: Vec<Vec<Rank>>,
    phase: Phase,
    first: usize,
    round: u32,
    reshuffles: u32,
    deal_log: Vec<DealCard>,
}

/// The default target for m players: floor(60/m) + 1.
#[must_use]
pub fn default_target(players: usize) -> u32 {
    // players <= 6
    let m = players as u32;
    60 / m + 1
}

impl Game {
    /// A new game: shuffle with `seed`, burn 5, deal the first round.
    ///
    /// # Errors
    /// A player count outside 2..=6, or a target of 0.
    pub fn new(ranks: Ranks, players: usize, target: u32, seed: u64) -> Result<Self, PairsError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&players) {
            return Err(PairsError::Players(players));
        }
        if target == 0 {
            return Err(PairsError::Target(target));
        }
        let mut rng = rng(seed);
        let mut deck = ranks.cards_in_order();
        shuffle(&mut deck, &mut rng);
        let burned = deck.split_off(deck.len() - BURN);
        let mut game = Self {
            ranks,
            target,
            rng,
            deck,
            burned,
            discards: Vec::new(),
            stacks: vec![Vec::new(); players],
            scores: vec![0; players],
            set_aside: vec![Vec::new(); players],
            phase: Phase::Turn { mover: 0 },
            first: 0,
            round: 0,
            reshuffles: 0,
            deal_log: Vec::new(),
        };
        game.deal();
        Ok(game)
    }

    /// The deck's ranks.
    #[must_use]
    pub fn ranks(&self) -> Ranks {
        self.ranks
    }

    /// Players at the table.
    #[must_use]
    pub fn players(&self) -> usize {
        self.scores.len()
    }

    /// Where the game is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Everything every player sees.
    #[must_use]
    pub fn view(&self) -> View {
        View {
            ranks: self.ranks,
            target: self.target,
            stacks: self.stacks.clone(),
            scores: self.scores.clone(),
            set_aside: self.set_aside.clone(),
            discards: self.discards.clone(),
            burned: self.burned.len(),
            deck: self.deck.len(),
            phase: self.phase,
            first: self.first,
            round: self.round,
            reshuffles: self.reshuffles,
            deal: self.deal_log.clone(),
        }
    }

    /// The mover takes a card: the rank drawn, and whether it caught a pair (which ends
    /// the round).
    ///
    /// # Errors
    /// No one to move, or no card left anywhere (the mover must fold).
    pub fn hit(&mut self) -> Result<(Rank, bool), PairsError> {
        let Phase::Turn { mover } = self.phase else {
            return Err(PairsError::NotYourTurn);
        };
        let rank = self.draw().ok_or(PairsError::NoCard)?;
        if self.stacks[mover].contains(&rank) {
            // One card of the pair is set aside to keep score; the other is discarded.
            self.end_round(RoundEnd {
                scorer: mover,
                rank,
                how: Scored::Pair,
            });
            Ok((rank, true))
        } else {
            self.stacks[mover].push(rank);
            self.phase = Phase::Turn {
                mover: (mover + 1) % self.players(),
            };
            Ok((rank, false))
        }
    }

    /// The mover folds: takes the lowest face-up card (their own if they hold one of
    /// that rank, else the first such card round the table from them) and scores it.
    ///
    /// # Errors
    /// No one to move.
    pub fn fold(&mut self) -> Result<RoundEnd, PairsError> {
        let Phase::Turn { mover } = self.phase else {
            return Err(PairsError::NotYourTurn);
        };
        let m = self.players();
        let rank = self
            .stacks
            .iter()
            .flatten()
            .min()
            .copied()
            .expect("every player holds a card");
        let from = (0..m)
            .map(|k| (mover + k) % m)
            .find(|&s| self.stacks[s].contains(&rank))
            .expect("someone holds the lowest card");
        let pos = self.stacks[from].iter().position(|&r| r == rank);
        if let Some(pos) = pos {
            self.stacks[from].remove(pos);
        }
        let end = RoundEnd {
            scorer: mover,
            rank,
            how: Scored::Fold { from },
        };
        self.end_round(end);
        Ok(end)
    }

    /// Deals the next round after one has been scored.
    ///
    /// # Errors
    /// A round in play, or the game is over.
    pub fn next_round(&mut self) -> Result<(), PairsError> {
        if !matches!(self.phase, Phase::RoundOver(_)) {
            return Err(PairsError::NotBetweenRounds);
        }
        self.deal();
        Ok(())
    }

    fn end_round(&mut self, end: RoundEnd) {
        self.scores[end.scorer] += u32::from(end.rank);
        self.set_aside[end.scorer].push(end.rank);
        // Every face-up card left is discarded face up (with a pair, the mover's
        // matching card is among them).
        for stack in &mut self.stacks {
            self.discards.append(stack);
        }
        self.phase = if self.scores[end.scorer] >= self.target {
            Phase::GameOver {
                loser: end.scorer,
                last: Some(end),
            }
        } else {
            Phase::RoundOver(end)
        };
    }

    fn deal(&mut self) {
        self.round += 1;
        self.deal_log.clear();
        let m = self.players();
        let mut log = Vec::new();
        let dealt = deal::deal(self, m, &mut log);
        self.deal_log = log;
        match dealt {
            Some((stacks, first)) => {
                self.stacks = stacks;
                self.first = first;
                self.phase = Phase::Turn { mover: first };
            }
            None => {
                // Too few cards left for a deal: the game stops, the highest score loses.
                for stack in &mut self.stacks {
                    self.discards.append(stack);
                }
                let top = *self.scores.iter().max().unwrap_or(&0);
                let loser = self.scores.iter().position(|&s| s == top).unwrap_or(0);
                self.phase = Phase::GameOver { loser, last: None };
            }
        }
    }

    /// Reshuffles the discard pile into a new deck when the deck is empty.
    fn reshuffle(&mut self) {
        let mut pile = std::mem::take(&mut self.burned);
        pile.append(&mut self.discards);
        if pile.is_empty() {
            return;
        }
        shuffle(&mut pile, &mut self.rng);
        self.reshuffles += 1;
        if pile.len() >= BURN_FROM {
            self.burned = pile.split_off(pile.len() - BURN);
        }
        self.deck = pile;
    }

    /// Replaces the hidden cards (deck and burned) by another shuffle of the same cards:
    /// the view stays the same. For tests that players act on the view alone.
    #[doc(hidden)]
    pub fn shuffle_hidden(&mut self, seed: u64) {
        let burned = self.burned.len();
        let mut hidden = std::mem::take(&mut self.deck);
        hidden.append(&mut self.burned);
        shuffle(&mut hidden, &mut rng(seed));
        self.burned = hidden.split_off(hidden.len() - burned);
        self.deck = hidden;
    }

    /// The cards of the hidden deck, top first (tests only).
    #[cfg(any(test, feature = "test-hooks"))]
    #[must_use]
    pub fn hidden_deck(&self) -> Vec<Rank> {
        self.deck.iter().rev().copied().collect()
    }

    /// Stacks the hidden deck so that these cards come next, top first (tests only): the
    /// cards are taken from the deck, burned cards and discards, which must hold them.
    ///
    /// # Panics
    /// A card none of those holds.
    #[cfg(any(test, feature = "test-hooks"))]
    pub fn rig_next(&mut self, cards: &[Rank]) {
        for &c in cards.iter().rev() {
            let from_deck = self.deck.iter().position(|&r| r == c);
            if let Some(i) = from_deck {
                self.deck.remove(i);
            } else if let Some(i) = self.burned.iter().position(|&r| r == c) {
                self.burned.remove(i);
            } else {
                let i = self
                    .discards
                    .iter()
                    .position(|&r| r == c)
                    .expect("the card is not on the table");
                self.discards.remove(i);
            }
            self.deck.push(c);
        }
    }

    /// Scores as given (tests only: to reach the end of a game quickly).
    #[cfg(any(test, feature = "test-hooks"))]
    pub fn set_scores(&mut self, scores: &[u32]) {
        self.scores.copy_from_slice(scores);
    }
}

impl Source for Game {
    fn draw(&mut self) -> Option<Rank> {
        if self.deck.is_empty() {
            self.reshuffle();
        }
        self.deck.pop()
    }

    fn discard(&mut self, rank: Rank) {
        self.discards.push(rank);
    }

    fn holds_card_outside(&self, stack: Stack) -> bool {
        self.deck
            .iter()
            .chain(&self.burned)
            .chain(&self.discards)
            .any(|&r| !stack.has(r))
    }
}
