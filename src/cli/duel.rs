//! `concentration duel`.
use clap::Args;
/// Arguments of `duel`.
#[derive(Debug, Args)]
pub struct DuelArgs {}
/// Runs `duel`.
pub fn run(_args: &DuelArgs) -> anyhow::Result<()> { Ok(()) }
