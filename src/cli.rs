//! The command line: parse arguments, dispatch, turn errors into one line and status 2.
//!
//! Exit status: 0 when the command did its work; 1 when a game, a puzzle or a review was
//! played but something of it could not be saved (each "not saved" line on standard
//! error, after the screen said it); 2 for every other error, bad input (flags, files,
//! the settings file) and bad environment (a data directory that cannot be read or
//! written, no terminal) alike, with one line on standard error; 128 + N when signal N
//! ended a game on screen. A panic (a bug) exits with Rust's 101.

mod access;
mod config;
mod docs;
mod duel;
mod flip_table;
mod layout;
mod learn;
mod look;
mod pairs;
mod play;
mod progress;
mod puzzle;
mod records;
mod remote;
mod review;
mod room;
mod serve;
mod settings;
mod solitaire;
mod solve;

pub use records::{analyse, text_report};
/// The settings file's parser, for the fuzz target.
pub(crate) use settings::parse_lenient as parse_settings;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Concentration (Memory, Pairs) against an exactly optimal opponent.
#[derive(Debug, Parser)]
#[command(
    name = "concentration",
    version,
    about,
    long_about = None,
    disable_help_subcommand = true,
    after_help = "Examples:\n  concentration                       the setup screen, then play\n  concentration play --deck pairs:8   play at once\n  concentration solve --deck 13x4     the value of a position\n  concentration puzzle                find the best card (learn: the ideas)\n  concentration pairs                 Pairs, the press-your-luck game (h hit, f fold)\n  concentration <COMMAND> --help      each command's options and examples\n\nExit status: 0 done; 1 played, but something could not be saved (said on standard error); 2 any other error (bad input or a bad environment, one line on standard error); 128+N ended by signal N"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in the terminal against the AI (the default)
    #[command(
        after_help = "Examples:\n  concentration play\n  concentration play --deck pairs:8 --first you --memory open\n  concentration play --deck standard --opponent usual --hints always --practice\n  concentration play --deck pairs:12 --layout scatter --moving 3"
    )]
    Play(play::PlayArgs),
    /// Watch two AIs play each other
    #[command(
        after_help = "Examples:\n  concentration watch\n  concentration watch --deck pairs:10 --vs usual --opponent optimal --ai-delay 0.3"
    )]
    Watch(play::PlayArgs),
    /// Your chance to win (or margin, or moves) from a position, and what each card you
    /// could turn leaves you
    Solve(solve::SolveArgs),
    /// Puzzles: find the one best card where the common play goes wrong
    Puzzle(puzzle::PuzzleArgs),
    /// The Strategy page: the rules and the ideas, each with a position the solver values
    Learn(learn::LearnArgs),
    /// Expected result of one policy against another, exact or by simulation
    Duel(duel::DuelArgs),
    /// Replay a saved game on screen, with its analysis
    Replay(records::ReplayArgs),
    /// List the saved games; in a terminal, pick one to replay
    History(records::HistoryArgs),
    /// Annotate every flip of a saved game and sum up each player's play
    Analyze(records::AnalyzeArgs),
    /// Clear the table alone, measured against the exact optimum (challenges, par)
    Solitaire(solitaire::SolitaireArgs),
    /// Statistics: solitaire bests, puzzles, games against each AI
    Stats(solitaire::StatsArgs),
    /// Your costly decisions from saved games, as puzzles
    Review(review::ReviewArgs),
    /// Print a shell completion script (bash, zsh, fish, ...)
    Completions(docs::CompletionsArgs),
    /// Print the manual page (roff), or write every page into a folder
    Man(docs::ManArgs),
    /// The settings file: where it is (path), what it sets (show), a template to fill in (init)
    Config(config::ConfigArgs),
    /// Pairs, the press-your-luck card game: play it (no sub-command), solve a round, its
    /// start value, AI duels
    Pairs(pairs::PairsArgs),
    /// The game over SSH: anyone with an ssh client plays, each key its own records
    #[command(
        after_help = "Examples:\n  concentration serve                          (slow: serves until Ctrl-C; this machine alone, port 2222)\n  concentration serve --listen 0.0.0.0:2222    (slow: serves until Ctrl-C; the LAN)\n\nThen: ssh -p 2222 NAME@HOST (the full game; add -t if a command follows), or ssh -p 2222 NAME@HOST play --deck pairs:8 --screen-reader (line by line). See docs/serve.md."
    )]
    Serve(serve::ServeArgs),
    /// Print this message or the help of the given command(s)
    #[command(
        after_help = "Examples:\n  concentration help play\n  concentration help pairs solve"
    )]
    Help(HelpArgs),
}

/// `concentration help`: clap's own help command cannot show its own help
/// (`help --help` was taken for a command named `--help`); this one can.
#[derive(Debug, clap::Args)]
struct HelpArgs {
    /// The command, and its sub-command, whose help to print (none: the program's)
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
}

/// The program's command line as parsed, documented and completed: `Cli`, where every
/// command takes `-5` as a value, and `watch` and `play` each without the options that
/// are the other's (still taken, to be refused with the reason, but not shown).
#[must_use]
pub fn command() -> clap::Command {
    let hide = |a: clap::Arg| a.hide(true);
    allow_negative_numbers(Cli::command())
        .mut_subcommand("watch", |watch| {
            ["first", "practice", "coach", "tutor", "hints"]
                .into_iter()
                .fold(watch, |w, id| w.mut_arg(id, hide))
        })
        .mut_subcommand("play", |play| play.mut_arg("vs", hide))
}

/// Prints the help of the command `path` names (the program's when empty): what its
/// `--help` prints.
fn help(path: &[String]) -> anyhow::Result<()> {
    let mut at = &command();
    for name in path {
        at = at
            .find_subcommand(name)
            .ok_or_else(|| usage(format!("unrecognized subcommand '{name}'")))?;
    }
    let args = std::iter::once("concentration")
        .chain(path.iter().map(String::as_str))
        .chain(["--help"]);
    match command().try_get_matches_from(args) {
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => Ok(e.print()?),
        Err(e) => Err(usage(e.to_string())),
        Ok(_) => Err(usage("no help to print")),
    }
}

/// An error the user caused: printed as one line, exit status 2.
#[derive(Debug)]
pub(crate) struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A session that ran but could not save all of it: exit status 1, each line on
/// standard error.
#[derive(Debug)]
pub(crate) struct NotSavedError(pub Vec<String>);

impl std::fmt::Display for NotSavedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("; "))
    }
}

impl std::error::Error for NotSavedError {}

/// The exit status of a session that could not save all of it.
pub(crate) const NOT_SAVED_STATUS: u8 = 1;

/// Ends a session on screen: an error ([`NotSavedError`], status 1) if anything could
/// not be saved.
pub(crate) fn saved(not_saved: crate::app::NotSaved) -> anyhow::Result<()> {
    if not_saved.0.is_empty() {
        Ok(())
    } else {
        Err(anyhow::Error::new(NotSavedError(not_saved.0)))
    }
}

/// Runs the program with the process arguments.
#[must_use]
pub fn main() -> ExitCode {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            if asked_for(&e) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            eprintln!("{}", parse_error_line(&e));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        None => play::play(play::PlayArgs::default()),
        Some(Command::Play(args)) => play::play(args),
        Some(Command::Watch(args)) => play::watch(args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Duel(args)) => duel::run(&args),
        Some(Command::Puzzle(args)) => puzzle::run(&args),
        Some(Command::Learn(args)) => learn::run(&args),
        Some(Command::Replay(args)) => records::replay(&args),
        Some(Command::History(args)) => records::history(&args),
        Some(Command::Analyze(args)) => records::analyze(&args),
        Some(Command::Solitaire(args)) => solitaire::play(&args),
        Some(Command::Stats(args)) => solitaire::stats(&args),
        Some(Command::Review(args)) => review::run(&args),
        Some(Command::Completions(args)) => docs::completions(&args),
        Some(Command::Man(args)) => docs::man(&args),
        Some(Command::Config(args)) => config::run(&args),
        Some(Command::Pairs(args)) => pairs::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Help(args)) => help(&args.command),
    };
    match result {
        Ok(()) => {
            settings::print_warnings();
            ExitCode::SUCCESS
        }
        Err(e) if e.downcast_ref::<NotSavedError>().is_some() => {
            let lines = e.downcast_ref::<NotSavedError>().map(|n| n.0.clone());
            for line in lines.unwrap_or_default() {
                eprintln!("error: {}", crate::words::one_line(&lower_first(&line)));
            }
            settings::print_warnings();
            ExitCode::from(NOT_SAVED_STATUS)
        }
        Err(e) => {
            // One status for every other fault: bad input and a bad environment alike.
            eprintln!(
                "{}",
                error_line(&format!("{e:#}"), &settings::take_warnings())
            );
            ExitCode::from(2)
        }
    }
}

/// Whether clap's answer is what was asked for (help, the version), not a fault.
fn asked_for(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// The one line printed for arguments that do not parse.
fn parse_error_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let mut line = lines.next().unwrap_or("error: bad arguments").to_owned();
    // "the following required arguments were not provided:" names them below.
    if line.ends_with(':')
        && let Some(next) = lines.next()
    {
        line = format!("{line} {}", next.trim());
    }
    crate::words::one_line(&line)
}

/// The one line printed for an error: `error: ` and the message, what the settings file
/// warned about joined to it (the command failed anyway: one line says all), every
/// quoted input shown safely and cut to a readable length ([`crate::words::one_line`]).
fn error_line(message: &str, warnings: &[String]) -> String {
    let mut line = format!("error: {message}");
    if let Some(first) = warnings.first() {
        line.push_str(&format!("; also {first}"));
        if warnings.len() > 1 {
            line.push_str(&format!(
                " (and {} in the settings file)",
                crate::words::count_of(warnings.len() - 1, "more fault")
            ));
        }
    }
    crate::words::one_line(&line)
}

/// `text` with its first letter in lower case ("Not saved: ..." after `error: `).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

/// Lets every command take `-5` as a value, so that a negative number for a flag that
/// wants a whole number from 0 is refused with the flag's name, not as an unknown
/// argument.
fn allow_negative_numbers(command: clap::Command) -> clap::Command {
    command
        .allow_negative_numbers(true)
        .mut_subcommands(allow_negative_numbers)
}

/// The dashboard's cache folder the environment names: `$CONCENTRATION_CACHE_DIR`, else
/// the platform's (`None`: there is none, and the dashboard is computed afresh each time).
/// Read here, where a command starts, and handed to the library and the screens, which
/// never read the environment for it.
pub(crate) fn cache_dir() -> Option<std::path::PathBuf> {
    let named = std::env::var_os(crate::trainer::dashboard::CACHE_DIR_ENV);
    match named.filter(|d| !d.is_empty()) {
        Some(d) => Some(d.into()),
        None => Some(
            directories::ProjectDirs::from("", "", "concentration")?
                .cache_dir()
                .to_path_buf(),
        ),
    }
}

/// Shorthand for a usage error.
pub(crate) fn usage(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(UsageError(message.into()))
}

/// The cards of a side of `deck` in the Two Decks Duel (`solve` and `duel` alike).
///
/// # Errors
/// A deck whose pairs are not two identical cards (status 2).
pub(crate) fn duel_side(deck: &crate::rules::Deck) -> anyhow::Result<u32> {
    deck.duel_side()
        .map_err(|e| usage(format!("--variant duel: {e}")))
}

/// A delay flag's value in seconds, checked to lie between 0 and 60.
fn delay_seconds(flag: &str, seconds: f64) -> anyhow::Result<f64> {
    if (0.0..=60.0).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(usage(format!(
            "{flag} {}: expected seconds between 0 and 60",
            crate::words::compact(seconds)
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::error_line;

    #[test]
    fn an_error_is_one_line_with_the_settings_warning_joined() {
        let line = error_line(
            "the game needs a terminal",
            &[
                "config file d.toml: not a regular file (a folder); using the default settings"
                    .into(),
            ],
        );
        assert_eq!(
            line,
            "error: the game needs a terminal; also config file d.toml: not a regular file (a folder); using the default settings"
        );
        let two = error_line("x", &["a".into(), "b".into()]);
        assert_eq!(
            two,
            "error: x; also a (and 1 more fault in the settings file)"
        );
        let raw = error_line("--players: seat name 'ann\nbob' is bad", &[]);
        assert_eq!(raw.lines().count(), 1);
    }
}
