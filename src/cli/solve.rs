//! `concentration solve`.
use clap::Args;
/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {}
/// Runs `solve`.
pub fn run(_args: &SolveArgs) -> anyhow::Result<()> { Ok(()) }
