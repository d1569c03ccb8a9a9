//! Concentration (Memory, Pairs, Pelmanism, Shinkei-suijaku) against an exactly optimal
//! opponent.
//!
//! Layers, each depending only on those before it:
//! [`rules`] → [`solver`] → [`model`] → [`players`] → [`analysis`] → [`trainer`] →
//! [`tui`] and [`cli`]. [`model`] is the one game model every layer above the solvers is
//! written against (a rule set's `Model`, a solver's `Oracle`), and holds the words for
//! actions both the analysis and the trainer use. [`record`], [`dates`] and [`words`]
//! (counts and numbers in words, input shown safely) serve every layer.

pub mod analysis;
mod atomic_file;
mod capped_read;
pub mod cli;
pub mod data_file;
pub mod dates;
#[doc(hidden)]
pub mod fuzzing;
pub mod model;
pub mod pairs;
pub mod players;
pub mod record;
pub mod rules;
pub mod seats;
pub mod solitaire;
pub mod solver;
pub mod speech;
pub mod trainer;
pub mod tui;
pub mod words;
