//! `concentration play` and `concentration watch`.

use clap::Args;

/// Options of a game.
#[derive(Debug, Clone, Default, Args)]
pub struct PlayArgs {}

/// Plays a game in the terminal.
pub fn play(_args: PlayArgs) -> anyhow::Result<()> {
    Err(super::usage("the terminal game is not built yet"))
}

/// Watches two AIs play.
pub fn watch(_args: PlayArgs) -> anyhow::Result<()> {
    Err(super::usage("the terminal game is not built yet"))
}
