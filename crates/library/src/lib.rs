//! What Concentration keeps and teaches: the records of games, the analysis of a game
//! against the optimal strategy, the trainer, solitaire's challenges, and the files they
//! are kept in.
//!
//! Layers, each depending only on those before it (and on the engine and Pairs below):
//! [`dates`] and the files ([`data_file`]) → [`solitaire`] → [`record`] → [`analysis`]
//! → [`trainer`].

pub mod analysis;
pub mod atomic_file;
mod capped_read;
pub mod data_file;
pub mod dates;
pub mod record;
pub mod solitaire;
pub mod trainer;

// The crates below, under the names their modules have there, so that a path reads the
// same in every crate (`crate::model::Oracle`).
use concentration_engine::{model, players, rules, seats, solver, words};
use concentration_pairs as pairs;
