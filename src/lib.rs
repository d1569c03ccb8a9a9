//! Concentration (Memory, Pairs, Pelmanism, Shinkei-suijaku) against an exactly optimal
//! opponent.
//!
//! Layers, each depending only on those before it:
//! [`rules`] → [`solver`] → [`players`] → [`analysis`] → `cli` (in the binary).

pub mod analysis;
pub mod cli;
#[doc(hidden)]
pub mod fuzzing;
pub mod players;
pub mod record;
pub mod rules;
pub mod solitaire;
pub mod solver;
pub mod trainer;
pub mod tui;
pub mod words;
