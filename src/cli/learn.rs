//! `concentration learn`: the Strategy page, on screen, or as text when the output is
//! not a terminal.

use clap::Args;

use crate::app::App;
use crate::trainer::strategy::{page, to_text};

/// Options of `learn`.
#[derive(Debug, Args)]
#[command(
    after_help = "The rules in plain words and each idea where the best play departs from the \
common play, each with a small position found and valued by the solver. On screen: arrows, PgUp/PgDn, \
g/G to scroll, q to quit. Without a terminal the page is printed as text.\n\n\
Examples:\n  concentration learn\n  concentration learn --text | less"
)]
pub(super) struct LearnArgs {
    /// Print the page as text even in a terminal
    #[arg(long)]
    pub(super) text: bool,
    #[command(flatten)]
    pub(super) look: super::look::LookArgs,
    #[command(flatten)]
    pub(super) access: super::access::AccessArgs,
}

/// Shows the Strategy page.
///
/// # Errors
/// A bad theme, or a terminal failure.
pub(super) fn run(args: &LearnArgs) -> anyhow::Result<()> {
    let look = args.look.look()?;
    if let Some(options) = args.access.speech(None)? {
        let mut voice = super::access::voice(options);
        crate::speech::learn(&mut voice)?;
        return Ok(());
    }
    if args.text || !crate::tui::is_terminal() {
        print!("{}", to_text(&page()));
        return Ok(());
    }
    let mut app = App::learn();
    app.look = look;
    super::saved(crate::tui::run(app)?)?;
    Ok(())
}
