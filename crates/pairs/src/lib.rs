//! *Pairs*, the press-your-luck card game (`docs/pairs.md`): a
//! triangular deck, and on each turn a player hits or folds. A game of its own beside
//! Concentration, sharing only the seats ([`crate::seats`]) and the solver's arithmetic
//! ([`concentration_engine::solver::Scalar`]).
//!
//! Layers, each depending only on those before it: [`rules`] (deck, deal, the engine
//! with its hidden deck) → [`view`] (what everyone sees) → [`model`] and [`solver`]
//! (the round as the seed models it, and its subgame-perfect values) → [`start`] (the
//! round's value over the deal) → [`players`] (the AIs, which see the view only) →
//! [`duel`] (whole games between AIs).

// The seats, under the name they have in the engine.
use concentration_engine::seats;

pub mod duel;
pub mod model;
pub mod players;
pub mod record;
pub mod review;
pub mod rules;
pub mod solver;
pub mod start;
pub mod view;

pub use model::{Config, ConfigError, RoundModel};
pub use players::{Move, PairsAi, Player};
pub use rules::{Counts, Game, PairsError, Phase, Rank, Ranks, Stack};
pub use solver::{Action, Analysis, Solver};
pub use view::View;
