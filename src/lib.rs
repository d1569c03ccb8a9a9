//! Concentration (Memory, Pairs, Pelmanism, Shinkei-suijaku) against an exactly optimal
//! opponent: the application ([`app`]: its state and its update, apart from any
//! terminal), its screens ([`tui`]), the screen reader ([`speech`]) and the command line
//! ([`cli`]).
//!
//! The layers are crates, each depending only on those before it (docs/code.md):
//!
//! ```text
//! concentration-engine   words, seats → rules → solver → model → players
//!          ↓
//! concentration-pairs    Pairs: rules → model → view → solver → start → players → duel
//!          ↓
//! concentration-library  dates, files (data_file) → solitaire → record → analysis → trainer
//!          ↓
//! concentration          app → tui, speech → serve → cli (this crate, with the program)
//! ```
//!
//! Their modules are re-exported here under their own names, so that `crate::rules` and
//! `concentration::rules` name the same module in every crate above the engine.

pub use concentration_engine::{model, players, rules, seats, solver, words};
pub use concentration_library::{
    analysis, atomic_file, data_file, dates, record, solitaire, trainer,
};
pub use concentration_pairs as pairs;

pub mod app;
pub mod cli;
#[doc(hidden)]
pub mod fuzzing;
pub mod serve;
pub mod speech;
pub mod tui;
