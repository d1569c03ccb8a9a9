//! `--layout` and `--moving`: the shape the cards lie in, and cards that swap places,
//! for the commands that deal a table (`play`, `watch`, `solitaire`).

use clap::Args;

use crate::app::Config;
use crate::rules::{Layout, Moving};

/// The flags of a table's layout and its moving cards.
#[derive(Debug, Clone, Default, Args)]
pub(super) struct LayoutArgs {
    /// How the cards lie: grid, circle, diamond, triangle or scatter (strewn at random
    /// from the seed). The game's values are the same in every layout
    #[arg(long)]
    layout: Option<String>,
    /// Moving cards: after every N turns two face-down cards swap places, in view of
    /// everyone
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    moving: Option<String>,
}

impl LayoutArgs {
    /// Whether either flag was given.
    pub(super) fn any(&self) -> bool {
        self.layout.is_some() || self.moving.is_some()
    }

    /// Sets the layout and moving cards of `c` from the flags given.
    ///
    /// # Errors
    /// An unknown layout or a count of turns that is not 1 to 1000 (status 2).
    pub(super) fn apply(&self, c: &mut Config) -> anyhow::Result<()> {
        if let Some(l) = &self.layout {
            c.layout = l
                .parse::<Layout>()
                .map_err(|e| super::usage(e.to_string()))?;
        }
        if let Some(m) = &self.moving {
            c.moving = Some(
                m.parse::<Moving>()
                    .map_err(|e| super::usage(format!("--{e}")))?,
            );
            if crate::rules::Deck::parse(&c.deck).is_ok_and(|d| d.is_checker()) {
                return Err(super::usage(
                    "--moving: the checkerboard's cards keep their squares (their backs lie in a fixed pattern); drop --moving or play double",
                ));
            }
        }
        Ok(())
    }
}
