//! `concentration learn`: the Strategy page, on screen, or as text when the output is
//! not a terminal.

use clap::Args;

use crate::trainer::strategy::{page, to_text};
use crate::tui::App;

/// Options of `learn`.
#[derive(Debug, Args)]
#[command(
    after_help = "The rules in plain words and each idea where the best play departs from the \
common play, each with a small position found and valued by the solver. On screen: arrows, PgUp/PgDn, \
g/G to scroll, q to quit. Without a terminal the page is printed as text.\n\n\
Examples:\n  concentration learn\n  concentration learn --text | less"
)]
pub struct LearnArgs {
    /// Print the page as text even in a terminal
    #[arg(long)]
    text: bool,
    #[command(flatten)]
    look: super::look::LookArgs,
}

/// Shows the Strategy page.
///
/// # Errors
/// A bad theme, or a terminal failure.
pub fn run(args: &LearnArgs) -> anyhow::Result<()> {
    let look = args.look.look()?;
    if args.text || !crate::tui::is_terminal() {
        print!("{}", to_text(&page()));
        return Ok(());
    }
    let mut app = App::learn();
    app.look = look;
    crate::tui::run(app)?;
    Ok(())
}
