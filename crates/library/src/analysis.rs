//! Analyses built on the solver and the players: the `solve` report and duels.

pub mod annotate;
pub mod certificate;
mod checker_duel;
pub mod digest;
pub mod duel;
pub mod grade;
mod jokers_duel;
pub mod judgement;
pub mod memory;
pub mod report;
pub mod seats_duel;
pub mod seats_report;
pub mod two_decks_duel;
pub mod versus;
mod walk;
mod zebra_duel;
