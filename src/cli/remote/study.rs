//! The study commands over SSH: `puzzle`, the `review` of one's own games and their
//! `history`, each run on the player's own data directory (its records, its tally, its
//! cache), never the server's; a guest, who keeps nothing, has no games to review.
//! Records are named by their file names: the server's folders are not the player's.

use std::io::Write;
use std::path::Path;

use super::{kept, needs_terminal};
use crate::cli::play::Kept;
use crate::cli::puzzle::{self, PuzzleArgs};
use crate::cli::records::{self, HistoryArgs, RecordName};
use crate::cli::review::{self, Review, ReviewArgs};
use crate::cli::settings::Settings;
use crate::serve::{Pipe, Request, Served};

/// `puzzle`: listed through the pipe, by ear, or on the terminal; the answers counted
/// in the player's tally (a guest's in none).
pub(super) fn puzzle(
    args: &PuzzleArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let seeded = puzzle::seed(args)?;
    if let Some(count) = args.list {
        let found = {
            let _turn = crate::serve::limits::search_turn();
            puzzle::find(args, seeded.0, count)?
        };
        let (text, notes) = puzzle::list_text(args, &found, count)?;
        return printed(pipe, &notes, &text);
    }
    let all = puzzle::drill_rules(args)?;
    let speech = args.access.speech_if(false, None)?;
    if speech.is_none() {
        needs_terminal(request)?;
    }
    let look = args
        .look
        .look_with(&Settings::default(), request.no_color)?;
    let kept = kept(request, args.no_save).map_or_else(Kept::default, Kept::in_dir);
    let drill = {
        let _turn = crate::serve::limits::search_turn();
        puzzle::drill(args, all, seeded, kept.data, kept.cache)?
    };
    drilled(crate::app::App::puzzle(drill), speech, look, pipe)
}

/// `review` of the player's own games: listed, by ear, or on the terminal.
pub(super) fn review(
    args: &ReviewArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let data = own_games(request, "no games are kept for a guest, so none to review")?;
    let speech = args.access.speech_if(false, None)?;
    // Refused before the games are read: finding the decisions takes a while.
    if args.list.is_none() && speech.is_none() && request.terminal.is_none() {
        return Err(crate::cli::usage(
            "the review needs a terminal: connect with ssh -t, or add --screen-reader or --list",
        ));
    }
    let look = args
        .look
        .look_with(&Settings::default(), request.no_color)?;
    let cache = Kept::in_dir(data).cache;
    let (notes, found) = review::review(args, data, cache.as_deref(), RecordName::FileName)?;
    match found {
        Review::Text(text) => printed(pipe, &notes, &text),
        Review::Drill(drill) => {
            tell(pipe, &notes)?;
            drilled(crate::app::App::puzzle(*drill), speech, look, pipe)
        }
    }
}

/// `history` of the player's own games: the list through the pipe (or with `--list`),
/// else on the terminal, where Enter replays a game.
pub(super) fn history(
    args: &HistoryArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let data = own_games(
        request,
        "no games are kept for a guest, so there is no history",
    )?;
    let kept = Kept::in_dir(data);
    let dir = crate::record::records_dir(data);
    let entries = crate::record::try_list(&dir).map_err(crate::cli::usage)?;
    let (warning, figures) =
        match crate::trainer::dashboard::games_with(data, kept.cache.as_deref(), |_, _| {}) {
            Ok(games) => (games.warning.clone(), crate::app::history_figures(&games)),
            // The list goes on without the figures, as it does here.
            Err(_) => (None, crate::app::history::Figures::default()),
        };
    let notes: Vec<String> = warning.into_iter().collect();
    if args.list || request.terminal.is_none() {
        let text = records::history_text(&dir, &entries, &figures, RecordName::FileName);
        return printed(pipe, &notes, &text);
    }
    tell(pipe, &notes)?;
    // The screen names the folder, not the server's path to it (the entries carry
    // their own paths).
    let shown = RecordName::FileName.folder(&dir);
    let history = crate::app::History::new(shown, entries).with_figures(&figures);
    let mut app = crate::app::App::history(history, crate::app::Config::default(), false);
    if !args.no_save {
        app.save_dir = kept.records;
    }
    app.cache_dir = kept.cache;
    super::on_screen(app, &args.look, request)
}

/// The player's data directory, or one line for a guest saying `guest_has`.
fn own_games<'a>(request: &'a Request, guest_has: &str) -> anyhow::Result<&'a Path> {
    request.player.data_dir().ok_or_else(|| {
        crate::cli::usage(format!(
            "{guest_has}: connect with a key to have your games kept"
        ))
    })
}

/// A drill (puzzles or a review) by ear through the pipe with `speech`, else on the
/// session's terminal.
fn drilled(
    mut app: crate::app::App,
    speech: Option<crate::speech::Options>,
    look: crate::app::Look,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    if let Some(options) = speech {
        let mut voice = pipe.voice(options);
        crate::cli::saved(crate::speech::puzzles(app, &mut voice)?)?;
        return Ok(Served::Done(0));
    }
    app.look = look;
    Ok(Served::Screen(Box::new(app)))
}

/// Writes `notes` on standard error, a line each.
fn tell(pipe: &mut Pipe, notes: &[String]) -> std::io::Result<()> {
    for note in notes {
        writeln!(pipe.err, "{}", crate::words::one_line(note))?;
    }
    pipe.err.flush()
}

/// Writes `notes` on standard error and `text` on standard output: done.
fn printed(pipe: &mut Pipe, notes: &[String], text: &str) -> anyhow::Result<Served> {
    tell(pipe, notes)?;
    write!(pipe.out, "{text}")?;
    pipe.out.flush()?;
    Ok(Served::Done(0))
}
