//! Game records: a plain-text, versioned, PGN-like format that reproduces a game exactly
//! from its seed, with loading that names the line and the reason of any fault, saving by
//! atomic rename into the data directory, and a stepper for replays.
//!
//! Depends on the rules only: no solver, no screen.
//!
//! ```text
//! [Format "concentration 1"]
//! [Date "2026-04-01"]
//! [Time "12:34:56"]
//! [Deck "pairs:3"]
//! [Seed "2"]
//! [A "optimal"]
//! [B "you"]
//! [Objective "win"]
//! [PassRule "agreed"]
//! [Memory "classic"]
//! [Practice "no"]
//! [Result "1-0"]
//! [Pairs "3-0"]
//! [End "cleared"]
//!
//! 1. A a1:A b1:C miss
//! 2. B c1:B a1:A miss
//! 3. A a2:C b1:C pair
//! 4. A c2:A a1:A pair
//! 5. A b2:B c1:B pair
//! ```
//!
//! A solitaire game has `[Players "solitaire"]`, one player (`A`, no `B`), objective
//! `moves`, no pass rule, an optional `[Challenge "7"]` (`"20260401 daily"` for a daily
//! one), `[Result "cleared"]` (or `*`), `[Moves "N"]` and `[Misses "M"]` instead of the
//! pairs; its move lines are those of seat `A`.

mod format;
mod parse;
mod replay;
mod store;

use std::fmt;

use thiserror::Error;

pub use format::{column_letters, coordinate, face_text, parse_coordinate};
pub use replay::Stepper;
pub use store::{
    DATA_DIR_ENV, EXTENSION, Entry, data_dir, default_data_dir, list, load, records_dir, save,
    save_pairs, today, try_list,
};
pub(crate) use store::{move_aside, replace_atomically};

use crate::rules::{Deck, Game, IllegalFlip, Objective, Outcome, PassRule, Phase, Players, Seat};
use crate::solitaire::Challenge;

/// The format version this program writes and reads.
pub const VERSION: u32 = 1;

/// The name the person has in records (`[A "you"]`); any other name is an AI.
pub const PERSON: &str = "you";

/// The name of the empty second seat of a solitaire record (never written).
pub const NOBODY: &str = "none";

/// How known cards were shown to the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MemoryMode {
    /// Known cards turned back face down.
    #[default]
    Classic,
    /// Known cards stayed face up.
    Open,
}

impl MemoryMode {
    /// The name in records and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::Open => "open",
        }
    }
}

/// A whole game: its settings and every flip, by position. Faces, turns, the result and
/// the pairs follow from the seed's deal and are written for people, then checked on load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Day the game was played (`YYYY-MM-DD`, UTC), or empty.
    pub date: String,
    /// Time of day it was played (`HH:MM:SS`, UTC), or empty.
    pub time: String,
    /// The deck.
    pub deck: Deck,
    /// The seed of the deal.
    pub seed: u64,
    /// Who sat in each seat: [`PERSON`] or an AI's name (`optimal`, `usual`, ...).
    pub players: [String; 2],
    /// What the game was played for (the unit of analysis costs).
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// The memory mode shown to the person.
    pub memory: MemoryMode,
    /// A practice game (undo allowed): never counts in statistics.
    pub practice: bool,
    /// The challenge a solitaire game was dealt from, if any (`None` for two players).
    pub challenge: Option<Challenge>,
    /// Every flip, in order: positions on the table (row by row from 0).
    pub flips: Vec<usize>,
}

/// Why a record was refused: the line (1-based) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct LoadError {
    /// Line of the record the fault was found on.
    pub line: usize,
    /// What is wrong, in one line.
    pub reason: String,
}

/// A record that does not describe a legal game (built in code rather than parsed).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The deck does not fit on a table.
    #[error(transparent)]
    Deck(#[from] crate::rules::DeckError),
    /// The flip at this index (from 0) is refused by the rules.
    #[error("flip {0}: {1}")]
    Illegal(usize, IllegalFlip),
}

impl Record {
    /// A record of `game` (finished or not), with the seats' names and the settings the
    /// game itself does not know. Dated now.
    #[must_use]
    pub fn of_game(
        game: &Game,
        players: [String; 2],
        objective: Objective,
        memory: MemoryMode,
        practice: bool,
    ) -> Self {
        let view = game.view();
        let (date, time) = today();
        Self {
            date,
            time,
            deck: view.deck().clone(),
            seed: game.seed(),
            players: players.map(|p| clean_name(&p)),
            objective,
            pass_rule: view.pass_rule().unwrap_or_default(),
            memory,
            practice,
            challenge: None,
            flips: view.flips().iter().map(|f| f.position).collect(),
        }
    }

    /// A record of a solitaire `game` (finished or not) played by the person, dealt from
    /// `challenge` if any. Dated now.
    #[must_use]
    pub fn of_solo(game: &Game, memory: MemoryMode, challenge: Option<Challenge>) -> Self {
        let mut record = Self::of_game(
            game,
            [PERSON.to_owned(), NOBODY.to_owned()],
            Objective::Moves,
            memory,
            false,
        );
        record.pass_rule = PassRule::default();
        record.challenge = challenge;
        record
    }

    /// Whether this is a solitaire game (objective `moves`, one player).
    #[must_use]
    pub fn is_solitaire(&self) -> bool {
        self.objective == Objective::Moves
    }

    /// The game at its start: the seed's deal, no flip yet.
    ///
    /// # Errors
    /// The deck does not fit on a table.
    pub fn start(&self) -> Result<Game, RecordError> {
        let players = if self.is_solitaire() {
            Players::Solitaire
        } else {
            Players::Two(self.pass_rule)
        };
        Ok(Game::new(self.deck.clone(), self.seed, players)?)
    }

    /// The game after every flip.
    ///
    /// # Errors
    /// The deck does not fit, or a flip is illegal.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = self.start()?;
        for (i, &p) in self.flips.iter().enumerate() {
            game.try_flip(p).map_err(|e| RecordError::Illegal(i, e))?;
        }
        Ok(game)
    }

    /// The seat of the person, if one played.
    #[must_use]
    pub fn person(&self) -> Option<Seat> {
        [Seat::First, Seat::Second]
            .into_iter()
            .find(|s| self.players[s.index()] == PERSON)
    }

    /// The name of a seat.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &str {
        &self.players[seat.index()]
    }

    /// Parses a record.
    ///
    /// # Errors
    /// The first fault found, with its line: unknown version, missing or garbled
    /// header, garbled move, illegal move, a face that contradicts the seed's deal, a
    /// result that contradicts the moves.
    pub fn parse(bytes: &[u8]) -> Result<Self, LoadError> {
        parse::parse(bytes)
    }

    /// The record as text.
    ///
    /// # Errors
    /// A flip the rules refuse (a record built in code, not parsed).
    pub fn to_text(&self) -> Result<String, RecordError> {
        format::to_text(self)
    }
}

/// The result written in a record: `1-0`, `0-1`, `1/2-1/2`, `cleared` for a finished
/// solitaire game, or `*` for a game left unfinished.
#[must_use]
pub fn result_text(game: &Game) -> &'static str {
    match game.view().phase() {
        Phase::Over(r) => match r.outcome {
            Outcome::Winner(Seat::First) => "1-0",
            Outcome::Winner(Seat::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Solo => "cleared",
        },
        _ => "*",
    }
}

/// A seat as written before a turn: `A` moves first, `B` second.
#[must_use]
pub fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::First => 'A',
        Seat::Second => 'B',
    }
}

/// A header value as written: no quotes, backslashes or line breaks; never empty.
fn clean_name(name: &str) -> String {
    let s: String = name
        .chars()
        .filter(|c| !matches!(c, '"' | '\\') && !c.is_control())
        .collect();
    let s = s.trim().to_owned();
    if s.is_empty() { "?".into() } else { s }
}

impl fmt::Display for MemoryMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
