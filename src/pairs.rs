//! tmp
pub mod model;
pub mod rules;
pub mod solver;
pub mod start;
pub use rules::{Counts, PairsError, Rank, Ranks, Stack};
