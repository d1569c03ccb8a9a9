//! The rules of Pairs: the triangular deck, stacks of face-up ranks, the seeded shuffle,
//! the deal with its tiebreak, and the engine that plays rounds to the loser.

mod deal;
mod deck;
mod game;

pub use deal::{DealCard, DealFate};
pub use deck::{Counts, MAX_RANKS, MIN_RANKS, Rank, Ranks, Stack, below, rng, shuffle};
pub use game::{BURN, BURN_FROM, Game, Phase, RoundEnd, Scored, default_target};

use thiserror::Error;

/// Why the rules refused something. Each names the bad part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairsError {
    /// Ranks outside 3..=10.
    #[error("--ranks {0}: expected {MIN_RANKS} to {MAX_RANKS}")]
    Ranks(u32),
    /// Players outside 2..=6.
    #[error("{0} players: a table has {min} to {max}", min = crate::seats::MIN_SEATS, max = crate::seats::MAX_SEATS)]
    Players(usize),
    /// A target score of 0.
    #[error("target score {0}: expected at least 1")]
    Target(u32),
    /// A move when no one is to move (between rounds or after the game).
    #[error("no one is to move: the round is over")]
    NotYourTurn,
    /// A hit with no card in the deck and none to reshuffle.
    #[error("no card left to take: the mover must fold")]
    NoCard,
    /// `next_round` while a round is being played or after the game.
    #[error("the round is still being played or the game is over")]
    NotBetweenRounds,
}
