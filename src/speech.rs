//! The screen-reader mode: a second front end over the same state and update path as
//! the full-screen game. Typed commands become the [`Action`]s the keys are, and
//! [`App::update`] applies them; what changed comes out as sentences, one event a line,
//! in plain text (no escape sequence, no colour, no cursor addressing), through any
//! terminal or pipe. Time is the game's own: the AI and the shows are run to their end
//! at once (a virtual clock), unless a pace is asked for.
//!
//! It drives the [`App`] of [`crate::app`], as the terminal's front end does, and sits
//! below [`crate::cli`].

mod cards;
mod input;
mod pairs;
mod puzzle;
mod replay;
mod setup;
mod solo;
mod table;
mod tutor;

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

pub use cards::CardNames;
pub use input::{Line, MAX_LINE, next_line};
pub use setup::choose as choose_game;
pub use table::room::{Heard, room};

use crate::app::{Action, App, NotSaved};

/// What the screen-reader mode is asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// How cards are named.
    pub names: CardNames,
    /// Real time between the AI's flips (`--ai-delay`); `None`: none, the AI's turn is
    /// told at once.
    pub pace: Option<Duration>,
}

/// The line-by-line terminal: commands read a line at a time, sentences written a line
/// at a time, and the game's virtual clock.
pub struct Voice<R, W> {
    input: R,
    out: W,
    /// How cards are named.
    pub names: CardNames,
    pace: Option<Duration>,
    now: Instant,
    /// How many of the app's "Not saved" lines were told.
    told_not_saved: usize,
}

impl<R> Voice<R, Vec<u8>> {
    /// What was said since the last time, to write elsewhere (a room tells under its
    /// lock and writes after).
    pub(crate) fn take_said(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

/// The answer to a line that is not text (its bytes are not UTF-8): play goes on.
pub const NOT_TEXT: &str = "That line was not text; type a command, or help.";

impl<R: BufRead, W: Write> Voice<R, W> {
    /// A voice reading `input` and writing `out`, its clock starting at `now`.
    pub fn new(input: R, out: W, options: Options, now: Instant) -> Self {
        Self {
            input,
            out,
            names: options.names,
            pace: options.pace,
            now,
            told_not_saved: 0,
        }
    }

    /// Writes one line (cards named as asked). No control character reaches the
    /// output: any that came with outside text is shown escaped (`\u{1b}`).
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn say(&mut self, line: &str) -> io::Result<()> {
        // The screen's separators read aloud as "middle dot" and "em dash": commas.
        let text = self
            .names
            .text(line)
            .replace(" · ", ", ")
            .replace(" — ", ", ");
        writeln!(self.out, "{}", crate::words::escaped(text.trim_end()))?;
        self.out.flush()
    }

    /// The next command, trimmed and in lower case; `None` at the end of the input.
    /// Empty lines are skipped, and a line that is not text is answered ([`NOT_TEXT`]).
    ///
    /// # Errors
    /// The input cannot be read.
    pub fn read(&mut self) -> io::Result<Option<String>> {
        loop {
            match self.read_raw()? {
                Some(command) if command.is_empty() => {}
                other => return Ok(other),
            }
        }
    }

    /// The next line as typed, trimmed and in lower case, empty lines included (a line
    /// that is not text is answered and skipped); `None` at the end of the input.
    ///
    /// # Errors
    /// The input cannot be read.
    pub(crate) fn read_raw(&mut self) -> io::Result<Option<String>> {
        loop {
            match next_line(&mut self.input)? {
                None => return Ok(None),
                Some(Line::Text(line)) => return Ok(Some(line.trim().to_lowercase())),
                Some(Line::NotText) => self.say(NOT_TEXT)?,
            }
        }
    }

    /// Says each of the app's "Not saved: ..." lines not told yet (a game's record, the
    /// statistics, a puzzle's tally or rating, the review's schedule), as the screen
    /// shows them.
    ///
    /// # Errors
    /// The output cannot be written.
    pub(crate) fn tell_not_saved(&mut self, app: &App) -> io::Result<()> {
        let lines = app.not_saved();
        for line in lines.get(self.told_not_saved..).unwrap_or_default() {
            self.say(&format!("{}.", line.trim_end_matches('.')))?;
        }
        self.told_not_saved = lines.len();
        Ok(())
    }

    /// Real time between the AI's flips, if any.
    #[must_use]
    pub fn pace(&self) -> Option<Duration> {
        self.pace
    }

    /// The game's clock.
    pub fn now(&self) -> Instant {
        self.now
    }

    /// Runs the app's clock until nothing is due (the AI has played, every show
    /// ended), then on to the moment a key counts as a turn. With a pace, each AI flip
    /// waits that long in real time; shows never wait: nothing is on show here.
    pub fn settle(&mut self, app: &mut App) {
        for _ in 0..100_000 {
            app.poll_worker(self.now);
            let Some(due) = app.deadline() else { break };
            if let Some(pace) = self.pace
                && !showing(app)
                && due > self.now
            {
                std::thread::sleep(pace.min(due - self.now));
            }
            self.now = self.now.max(due);
            app.update(Action::Tick, self.now);
        }
        if let Some(t) = app.ready_at() {
            self.now = self.now.max(t);
        }
    }

    /// Runs the app's clock on to `due` (waiting the pace in real time, if any) and
    /// ticks once.
    pub(crate) fn settle_one(&mut self, app: &mut App, due: Instant) {
        if let Some(pace) = self.pace
            && due > self.now
        {
            std::thread::sleep(pace.min(due - self.now));
        }
        self.now = self.now.max(due);
        app.update(Action::Tick, self.now);
    }

    /// Applies `action` at the game's time.
    pub fn act(&mut self, app: &mut App, action: Action) {
        app.update(action, self.now);
    }
}

/// Whether a finished turn or a swap is on show (its end is a show's, not an AI
/// flip's).
fn showing(app: &App) -> bool {
    app.round()
        .is_some_and(|r| r.show().is_some() || r.swapping().is_some())
        || app
            .solo()
            .is_some_and(|s| s.show().is_some() || s.swapping().is_some())
}

/// The answer to a command not known here: the line typed, shown safely (escaped, cut
/// to 80 characters), then what is known (`what`: "command" or "choice").
fn unknown(what: &str, line: &str, known: &str) -> String {
    format!("Unknown {what} '{}'. {known}", crate::words::shown(line))
}

/// The numbered choice a line makes among `count` (from 1), if it is one.
fn choice(line: &str, count: usize) -> Option<usize> {
    line.parse::<usize>()
        .ok()
        .filter(|n| (1..=count).contains(n))
}

/// The replay's step a command asks for (`next`, `back`, `start`, `end`), the same in
/// every replay read by ear.
fn step(line: &str) -> Option<Action> {
    match line {
        "next" | "n" | "go" => Some(Action::Move(0, 1)),
        "back" | "p" => Some(Action::Move(0, -1)),
        "start" => Some(Action::Home),
        "end" => Some(Action::End),
        _ => None,
    }
}

/// Makes the app's screen large enough for any board: nothing is drawn in this mode,
/// and the update path refuses keys on a screen too small to show the game.
fn unbounded(app: &mut App, now: Instant) {
    app.update(Action::Resize(u16::MAX / 2, u16::MAX / 2), now);
}

/// Plays a game of Concentration (against the AI, at a table, watched, or solitaire)
/// line by line: the app must be on the game (see [`App::start_blocking`],
/// [`App::solitaire`]). Returns what could not be saved (told too, as it happened).
///
/// # Errors
/// The input or the output fails.
pub fn play<R: BufRead, W: Write>(app: App, voice: &mut Voice<R, W>) -> io::Result<NotSaved> {
    let mut app = app;
    unbounded(&mut app, voice.now());
    table::run(&mut app, voice)?;
    leave(app, voice)
}

/// Replays a saved game line by line: the app must be on its replay (see
/// [`App::replay`]). Returns what could not be saved (a game started from the replay).
///
/// # Errors
/// The input or the output fails.
pub fn replay<R: BufRead, W: Write>(app: App, voice: &mut Voice<R, W>) -> io::Result<NotSaved> {
    let mut app = app;
    unbounded(&mut app, voice.now());
    replay::run(&mut app, voice, true)?;
    leave(app, voice)
}

/// The puzzles line by line: the app must be on the puzzle screen (see [`App::puzzle`]).
/// Returns what could not be saved (the tally, the rating, the review's schedule).
///
/// # Errors
/// The input or the output fails.
pub fn puzzles<R: BufRead, W: Write>(app: App, voice: &mut Voice<R, W>) -> io::Result<NotSaved> {
    let mut app = app;
    unbounded(&mut app, voice.now());
    puzzle::run(&mut app, voice)?;
    leave(app, voice)
}

/// A game of Pairs (the press-your-luck game) line by line: the app must be on its
/// table (see [`App::pairs`]), or on a replay of one. Returns what could not be saved.
///
/// # Errors
/// The input or the output fails.
pub fn pairs<R: BufRead, W: Write>(app: App, voice: &mut Voice<R, W>) -> io::Result<NotSaved> {
    let mut app = app;
    unbounded(&mut app, voice.now());
    if app.pairs_replay_screen().is_some() {
        pairs::replay(&mut app, voice)?;
    } else {
        pairs::run(&mut app, voice)?;
    }
    leave(app, voice)
}

/// The last lines: whatever could not be saved and was not told yet (a game left
/// mid-way, or at the end of the input, is saved only now).
fn leave<R: BufRead, W: Write>(app: App, voice: &mut Voice<R, W>) -> io::Result<NotSaved> {
    voice.tell_not_saved(&app)?;
    Ok(app.into_not_saved())
}

/// The Strategy page as plain text, one paragraph a line: each section's title and
/// words, its example's table a row a line, every choice with its value and cost, and
/// the idea.
///
/// # Errors
/// The output fails.
pub fn learn<R: BufRead, W: Write>(voice: &mut Voice<R, W>) -> io::Result<()> {
    for s in crate::trainer::strategy::page() {
        voice.say(&format!("{}.", s.title.trim_end_matches('.')))?;
        for w in &s.words {
            voice.say(w)?;
        }
        let Some(e) = &s.example else { continue };
        for c in &e.caption {
            voice.say(c)?;
        }
        // The table as the page draws it: columns, then each row by its number.
        for t in &e.table {
            voice.say(t.trim())?;
        }
        for a in &e.actions {
            voice.say(&format!(
                "{}: {} ({}); {}",
                a.text, a.value, a.cost, a.numbers
            ))?;
        }
        if let Some(i) = &e.idea {
            voice.say(i)?;
        }
    }
    Ok(())
}

/// Whether the screen-reader mode is asked for by the environment
/// (`CONCENTRATION_SCREEN_READER` set to `1`, `true` or `yes`).
#[must_use]
pub(crate) fn asked_by_environment() -> bool {
    std::env::var("CONCENTRATION_SCREEN_READER").is_ok_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        )
    })
}
