//! What a remote session runs (`concentration serve`): the words it sends, parsed by
//! the program's own parser, and run with the session's pipe as standard input and
//! output, the player's own data directory (none for a guest) and the default settings
//! (not the server's settings file, environment or files). Only the game's commands are
//! served, and no option naming a file or folder.

mod study;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::FromArgMatches;
use clap::parser::ValueSource;

use super::play::{Kept, PlayArgs};
use super::settings::Settings;
use super::{Cli, Command};
use crate::serve::{Commands, Pipe, Request, Served};

/// The commands served.
pub(super) const SERVED: &[&str] = &[
    "play",
    "watch",
    "solitaire",
    "puzzle",
    "learn",
    "pairs",
    "review",
    "stats",
    "history",
    "room",
    "join",
];

/// The session's commands, for the server.
pub(super) fn commands() -> Commands {
    Arc::new(serve)
}

/// Serves `request`: an error is one line on the session's standard error, status 2
/// (1 when the game was played but something of it could not be saved).
fn serve(request: &Request, pipe: &mut Pipe) -> Served {
    match run(request, pipe) {
        Ok(served) => served,
        Err(e) => {
            let status = if let Some(n) = e.downcast_ref::<super::NotSavedError>() {
                for line in &n.0 {
                    let _ = writeln!(pipe.err, "error: {}", crate::words::one_line(line));
                }
                super::NOT_SAVED_STATUS
            } else {
                let _ = writeln!(pipe.err, "{}", super::error_line(&format!("{e:#}"), &[]));
                2
            };
            let _ = pipe.err.flush();
            Served::Done(status)
        }
    }
}

fn run(request: &Request, pipe: &mut Pipe) -> anyhow::Result<Served> {
    let Some(first) = request.words.first() else {
        return match request.terminal {
            Some(_) => play(PlayArgs::default(), false, request, pipe),
            None => Err(super::usage(
                "no command and no terminal: connect with ssh -t, or give a command (play --screen-reader)",
            )),
        };
    };
    if super::room::asks_help(&request.words) {
        write!(pipe.out, "{}", super::room::help())?;
        pipe.out.flush()?;
        return Ok(Served::Done(0));
    }
    if let Some((wish, speech)) = super::room::wish(&request.words)? {
        if request.terminal.is_none() && speech.is_none() {
            return Err(super::usage(
                "a room is played on a terminal: connect with ssh -t, or add --screen-reader",
            ));
        }
        return Ok(Served::Room(wish, speech));
    }
    if !SERVED.contains(&first.as_str()) {
        return Err(super::usage(format!(
            "'{}' is not served here; the commands served: {}",
            crate::words::shown(first),
            SERVED.join(", ")
        )));
    }
    let words = std::iter::once("concentration").chain(request.words.iter().map(String::as_str));
    let matches = match super::command().try_get_matches_from(words) {
        Ok(m) => m,
        Err(e) if super::asked_for(&e) => {
            write!(pipe.out, "{}", e.render())?;
            pipe.out.flush()?;
            return Ok(Served::Done(0));
        }
        Err(e) => {
            // The line says "error: ..." already.
            writeln!(pipe.err, "{}", super::parse_error_line(&e))?;
            pipe.err.flush()?;
            return Ok(Served::Done(2));
        }
    };
    refuse_paths(&super::command(), &matches)?;
    let cli = Cli::from_arg_matches(&matches)?;
    match cli.command {
        Some(Command::Play(args)) => play(args, false, request, pipe),
        Some(Command::Watch(args)) => play(args, true, request, pipe),
        Some(Command::Solitaire(args)) => solitaire(&args, request, pipe),
        Some(Command::Learn(args)) => learn(&args, request, pipe),
        Some(Command::Pairs(args)) if args.command.is_none() => pairs(&args.play, request, pipe),
        Some(Command::Stats(args)) => stats(&args, request, pipe),
        Some(Command::Puzzle(args)) => study::puzzle(&args, request, pipe),
        Some(Command::Review(args)) => study::review(&args, request, pipe),
        Some(Command::History(args)) => study::history(&args, request, pipe),
        Some(Command::Pairs(args)) => Err(pairs_analysis(args.command.as_ref())),
        _ => Err(super::usage(format!(
            "'{}' is not served here; the commands served: {}",
            crate::words::shown(first),
            SERVED.join(", ")
        ))),
    }
}

/// Refuses any option given that names a file or folder (its value is a path): a
/// remote player reaches no file of the server's.
pub(super) fn refuse_paths(
    command: &clap::Command,
    matches: &clap::ArgMatches,
) -> anyhow::Result<()> {
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        let given = matches.value_source(id) == Some(ValueSource::CommandLine);
        if given && matches!(matches.try_get_one::<PathBuf>(id), Ok(Some(_))) {
            let name = arg
                .get_long()
                .map_or_else(|| format!("<{}>", id.to_uppercase()), |l| format!("--{l}"));
            return Err(super::usage(format!(
                "{name} names a file or folder: not over SSH (your games are kept for your key)"
            )));
        }
    }
    if let Some((name, sub)) = matches.subcommand()
        && let Some(sub_command) = command.find_subcommand(name)
    {
        refuse_paths(sub_command, sub)?;
    }
    Ok(())
}

/// `play` or `watch` for a remote player: line by line with `--screen-reader`, else the
/// full game on the session's terminal.
fn play(
    mut args: PlayArgs,
    watch: bool,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let kept = kept(request, args.no_save).map_or_else(Kept::default, Kept::in_dir);
    args.no_save = kept.records.is_none();
    let settings = Settings::default();
    if let Some(options) = args.access.speech_if(false, args.pace()?)? {
        let mut voice = pipe.voice(options);
        let not_saved = super::play::speak(&args, watch, &settings, &kept, &mut voice)?;
        super::saved(not_saved)?;
        return Ok(Served::Done(0));
    }
    needs_terminal(request)?;
    on_screen(
        super::play::screen_app(&args, watch, &settings, &kept)?,
        &args.look,
        request,
    )
}

/// `solitaire` for a remote player: counted in the player's statistics (not a guest's).
fn solitaire(
    args: &super::solitaire::SolitaireArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let (mut config, challenge) = args.config()?;
    let settings = Settings::default();
    config.reduce_motion = args.access.reduce_motion_with(&settings);
    let stats = kept(request, args.no_save).map(Path::to_path_buf);
    let records = stats.as_deref().map(crate::record::records_dir);
    if let Some(options) = args.access.speech_if(false, None)? {
        // Nothing is on show: a move is told at once.
        config.ai_delay = std::time::Duration::ZERO;
        let mut app =
            crate::app::App::solitaire(config, challenge, stats, true).map_err(super::usage)?;
        app.save_dir = records;
        let mut voice = pipe.voice(options);
        super::saved(crate::speech::play(app, &mut voice)?)?;
        return Ok(Served::Done(0));
    }
    needs_terminal(request)?;
    let mut app =
        crate::app::App::solitaire(config, challenge, stats, false).map_err(super::usage)?;
    app.save_dir = records;
    on_screen(app, &args.look, request)
}

/// `learn`: the Strategy page by ear, on the terminal, or as text through the pipe.
fn learn(
    args: &super::learn::LearnArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    if let Some(options) = args.access.speech_if(false, None)? {
        let mut voice = pipe.voice(options);
        crate::speech::learn(&mut voice)?;
        return Ok(Served::Done(0));
    }
    if args.text || request.terminal.is_none() {
        let page = crate::trainer::strategy::to_text(&crate::trainer::strategy::page());
        write!(pipe.out, "{page}")?;
        pipe.out.flush()?;
        return Ok(Served::Done(0));
    }
    on_screen(crate::app::App::learn(), &args.look, request)
}

/// `app` on the session's terminal, in the look `look` asks for with the default
/// settings: without colour if the client sent `NO_COLOR`.
fn on_screen(
    mut app: crate::app::App,
    look: &super::look::LookArgs,
    request: &Request,
) -> anyhow::Result<Served> {
    app.look = look.look_with(&Settings::default(), request.no_color)?;
    Ok(Served::Screen(Box::new(app)))
}

/// The player's data directory, unless nothing is to be kept (`--no-save`, a guest).
fn kept(request: &Request, no_save: bool) -> Option<&Path> {
    request.player.data_dir().filter(|_| !no_save)
}

/// Refuses a full-screen game without a terminal.
fn needs_terminal(request: &Request) -> anyhow::Result<()> {
    if request.terminal.is_none() {
        return Err(super::usage(
            "the game needs a terminal: connect with ssh -t, or add --screen-reader",
        ));
    }
    Ok(())
}

/// A game of `pairs` for a remote player.
fn pairs(
    args: &super::pairs::PlayArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    use super::pairs::{Front, pace, pairs_app};
    let records = kept(request, args.no_save).map(crate::record::records_dir);
    if let Some(options) = args.access.speech_if(false, pace(args)?)? {
        let mut voice = pipe.voice(options);
        let app = pairs_app(args, Front::Ear, voice.now(), records)?;
        super::saved(crate::speech::pairs(app, &mut voice)?)?;
        return Ok(Served::Done(0));
    }
    needs_terminal(request)?;
    let app = pairs_app(args, Front::Screen, Instant::now(), records)?;
    on_screen(app, &args.look, request)
}

/// `stats` of the player's own games.
fn stats(
    args: &super::solitaire::StatsArgs,
    request: &Request,
    pipe: &mut Pipe,
) -> anyhow::Result<Served> {
    let Some(dir) = request.player.data_dir() else {
        return Err(super::usage(
            "a guest keeps no statistics: connect with a key to have yours kept",
        ));
    };
    let (warnings, page) = super::solitaire::stats_page(dir, Some(&dir.join("cache")), args.json)?;
    for w in warnings {
        writeln!(pipe.err, "{}", crate::words::one_line(&w))?;
    }
    write!(pipe.out, "{page}")?;
    pipe.out.flush()?;
    pipe.err.flush()?;
    Ok(Served::Done(0))
}

/// Pairs' analysis commands are not served: at their largest each takes minutes of the
/// server's cores (`solve` of a round of ten ranks and six players more than five, and
/// gigabytes), taken from every game on the server; they are run where the game is
/// installed.
fn pairs_analysis(command: Option<&super::pairs::PairsCommand>) -> anyhow::Error {
    use super::pairs::PairsCommand;
    let name = match command {
        Some(PairsCommand::Solve(_)) => "solve",
        Some(PairsCommand::Start(_)) => "start",
        Some(PairsCommand::Duel(_)) => "duel",
        None => "",
    };
    super::usage(format!(
        "'pairs {name}' is an analysis command, not served over SSH (at its largest it takes minutes of the server's cores and gigabytes, from every player's game): run it where the game is installed; 'pairs' alone, the game, is served"
    ))
}
