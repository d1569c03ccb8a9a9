//! Concentration (Memory, Pairs, Pelmanism, Shinkei-suijaku) against an exactly optimal
//! opponent.
//!
//! Layers, each depending only on those before it:
//! [`rules`] → [`solver`] → [`players`] → [`analysis`] and [`trainer`] → [`tui`] and
//! [`cli`]. The two middle ones lean on each other in one place each: the replay
//! analysis names the best action with [`trainer::name`], and the trainer's coach and
//! Strategy page put costs in the analysis's words. [`record`], [`dates`] and [`words`]
//! (counts and numbers in words, input shown safely) serve every layer.

pub mod analysis;
pub mod cli;
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
