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
//! **Seats.** A table has 2 to 6 seats, headers `[A ...]` to `[F ...]` in turn order (no
//! gap); move lines name the mover by the same letter. A seat's value is `NAME:KIND`, the
//! `--players` syntax: `[A "ann:person"]`, `[C "hal:optimal"]`, where KIND is `person` or
//! an AI's name ([`AI_KINDS`]). A name alone is what records have always held: `you` is a
//! person, any other name an AI of that name (`[B "optimal"]`). A seat is written as a
//! name alone whenever that reads back the same (`you` for a person so named, an AI under
//! its own name), so a game of one person against one AI is written as it always was.
//!
//! **Three or more seats** play `own-pairs` (`docs/variants.md`): `[Objective "own-pairs"]`,
//! pass rule `none` or `agreed`. `[Pairs "2-1-1"]` lists every seat's pairs in seat
//! order. The result is the winner's seat letter (`[Result "B"]`), or the seats sharing
//! the most pairs joined by `=` (`[Result "A=C"]`), or `*` unfinished. Two seats keep
//! `1-0`, `0-1`, `1/2-1/2`.
//!
//! **Variant.** `[Variant "one-flip"]` for One Flip; absent means the standard game.
//!
//! **Layout and moving cards.** `[Layout "scatter"]` (or `circle`, `diamond`,
//! `triangle`; absent: the grid) and `[Moving "3"]` (two face-down cards swapped after
//! every 3 turns; absent: none). Positions stay the deal's, row by row of the grid, in
//! every layout. The swaps follow from the seed; a move line after which two cards
//! swapped ends in a comment naming them (`; c1 and d4 swap`), not read back.
//!
//! A solitaire game has `[Players "solitaire"]`, one player (`A`, no `B`), objective
//! `moves`, no pass rule, an optional `[Challenge "7"]` (`"20260401 daily"` for a daily
//! one), `[Counting "free-after-pair"]` when a pair earned a free move (absent: every
//! move counted), `[Counting "easy"]` for the easier game (`"easy-free-after-pair"`: both):
//! a card that took the pair with the card turned just before it, the last of the
//! previous move, is followed by the word `across` (`6. A d1:K♠ across c2:Q♦ pair`: the
//! move took a pair; a move cleared by its first card has that card alone), `[Result "cleared"]` (or `*`), `[Moves "N"]` and `[Misses "M"]` instead of the
//! pairs; its move lines are those of seat `A`.

mod format;
mod parse;
mod replay;
mod store;

use std::fmt;

use thiserror::Error;

pub use crate::capped_read::{ReadError, read_capped};
pub use crate::rules::{column_letters, coordinate, face_text, parse_coordinate};
pub use replay::Stepper;
pub use store::{
    DATA_DIR_ENV, EXTENSION, Entry, data_dir, default_data_dir, list, load, load_pairs,
    records_dir, save, save_pairs, today, try_list,
};

use crate::rules::{
    Deck, Game, IllegalFlip, Layout, Moving, Objective, Outcome, PassRule, Phase, Players, Seat,
    Table, TableError, Variant,
};
use crate::seats::{AiKind, SeatKind, Seats};
use crate::solitaire::{Challenge, SoloRule};

/// The format version this program writes and reads.
pub(crate) const VERSION: u32 = 1;

/// The name the person has in records (`[A "you"]`); any other name alone is an AI.
pub const PERSON: &str = "you";

/// The kind of a seat a person plays (`[A "ann:person"]`).
pub(crate) const PERSON_KIND: &str = "person";

/// The AIs a record's `NAME:KIND` may name (the players' names, `forgetful` an alias).
pub const AI_KINDS: [&str; 5] = [
    "optimal",
    "usual",
    "forgetful",
    "forgetful-easy",
    "forgetful-medium",
];

/// Who sat in one seat of a recorded game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RecordSeat {
    /// The name shown for the seat.
    pub name: String,
    /// [`PERSON_KIND`] or an AI's name (`optimal`, `usual`, ...).
    pub kind: String,
}

impl RecordSeat {
    /// A person called `name`.
    #[must_use]
    pub fn person(name: &str) -> Self {
        Self {
            name: clean_name(name),
            kind: PERSON_KIND.to_owned(),
        }
    }

    /// The AI `kind` under its own name.
    #[must_use]
    pub fn ai(kind: &str) -> Self {
        Self {
            name: clean_name(kind),
            kind: clean_name(kind),
        }
    }

    /// A seat known by a name alone, as records have always written it: [`PERSON`] is a
    /// person, any other name an AI of that name.
    #[must_use]
    pub fn named(name: &str) -> Self {
        if name == PERSON {
            Self::person(name)
        } else {
            Self::ai(name)
        }
    }

    /// Every seat of a table, in turn order.
    #[must_use]
    pub fn table<K: AiKind>(seats: &Seats<K>) -> Vec<Self> {
        seats
            .iter()
            .map(|s| Self {
                name: clean_name(&s.name),
                kind: match s.kind {
                    SeatKind::Person => PERSON_KIND.to_owned(),
                    SeatKind::Ai(k) => k.name().to_owned(),
                },
            })
            .collect()
    }

    /// Whether a person played this seat.
    #[must_use]
    pub fn is_person(&self) -> bool {
        self.kind == PERSON_KIND
    }

    /// The seat as a header writes it: the name alone when that reads back the same
    /// (see the module's documentation), else `NAME:KIND`.
    #[must_use]
    pub fn text(&self) -> String {
        let alone = if self.is_person() {
            self.name == PERSON
        } else {
            self.name == self.kind
        };
        if alone {
            self.name.clone()
        } else {
            format!("{}:{}", self.name, self.kind)
        }
    }

    /// Reads a header's value: `NAME:KIND` or a name alone.
    ///
    /// # Errors
    /// An empty name, a name `--players` would refuse ([`crate::seats::check_name`]), or
    /// a kind that is neither `person` nor one of [`AI_KINDS`].
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (name, kind) = match text.split_once(':') {
            Some((name, kind)) => {
                let kind = kind.trim();
                if kind != PERSON_KIND && !AI_KINDS.contains(&kind) {
                    return Err(format!(
                        "unknown seat kind '{}' in '{}': expected {PERSON_KIND}, {}",
                        crate::words::shown(kind),
                        crate::words::shown(text),
                        AI_KINDS.join(", ")
                    ));
                }
                (name.trim(), kind)
            }
            None if text == PERSON => (text, PERSON_KIND),
            None => (text, text),
        };
        if name.is_empty() || name.contains('\\') {
            return Err("a player's name is needed".into());
        }
        // The rule of `--players`: a name a record holds is printed by `analyze`,
        // `history` and the screens, so it may hold nothing a terminal would act on.
        crate::seats::check_name(name).map_err(|e| e.to_string())?;
        Ok(Self {
            name: name.to_owned(),
            kind: kind.to_owned(),
        })
    }
}

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
    /// Who sat in each seat, in turn order: 2 to 6 seats, or one for solitaire.
    pub players: Vec<RecordSeat>,
    /// What the game was played for (the unit of analysis costs). With three or more
    /// seats the game is `own-pairs`, held as [`Objective::Margin`] (both count pairs;
    /// with two seats under `none` `own-pairs` chooses as `margin` does, not under
    /// `agreed`: see `tests/it/seats_solver.rs`) and written `own-pairs`.
    pub objective: Objective,
    /// How turns go (One Flip or standard).
    pub variant: Variant,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// The memory mode shown to the person.
    pub memory: MemoryMode,
    /// A practice game (undo allowed): never counts in statistics.
    pub practice: bool,
    /// The challenge a solitaire game was dealt from, if any (`None` for two players).
    pub challenge: Option<Challenge>,
    /// How the cards were laid out (`[Layout "scatter"]`; absent: the grid).
    pub layout: Layout,
    /// Every how many turns two face-down cards swapped (`[Moving "3"]`; absent: none).
    /// The swaps follow from the seed; the move lines name them in a comment.
    pub moving: Option<Moving>,
    /// How a solitaire game counted its moves (standard for two players).
    pub solo_rule: SoloRule,
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
    /// The seats and pass rule make no table the rules define.
    #[error(transparent)]
    Table(#[from] TableError),
}

impl Record {
    /// A record of `game` (finished or not), with its seats (in turn order, see
    /// [`RecordSeat::table`]) and the settings the game itself does not know. With three
    /// or more seats `objective` is ignored: the game is `own-pairs`. Dated now.
    #[must_use]
    pub fn of_game(
        game: &Game,
        seats: Vec<RecordSeat>,
        objective: Objective,
        memory: MemoryMode,
        practice: bool,
    ) -> Self {
        let view = game.view();
        let (date, time) = today();
        let players: Vec<RecordSeat> = seats
            .into_iter()
            .map(|s| RecordSeat {
                name: clean_name(&s.name),
                kind: clean_name(&s.kind),
            })
            .collect();
        let objective = if players.len() > 2 {
            Objective::Margin
        } else {
            objective
        };
        Self {
            date,
            time,
            deck: view.deck().clone(),
            seed: game.seed(),
            players,
            objective,
            variant: view.players().variant(),
            pass_rule: view.pass_rule().unwrap_or_default(),
            memory,
            practice,
            challenge: None,
            layout: game.board().layout(),
            moving: game.moving_every(),
            solo_rule: SoloRule::Standard,
            flips: view.flips().iter().map(|f| f.position).collect(),
        }
    }

    /// A record of a solitaire `game` (finished or not) played by the person, dealt from
    /// `challenge` if any, its moves counted by `rule`. Dated now.
    #[must_use]
    pub fn of_solo(
        game: &Game,
        memory: MemoryMode,
        challenge: Option<Challenge>,
        rule: SoloRule,
    ) -> Self {
        let mut record = Self::of_game(
            game,
            vec![RecordSeat::person(PERSON)],
            Objective::Moves,
            memory,
            false,
        );
        record.pass_rule = PassRule::default();
        record.challenge = challenge;
        record.solo_rule = rule;
        record
    }

    /// The moves of `game` (this record replayed, to any flip) as its solitaire rule
    /// counts them; every move for two players.
    #[must_use]
    pub fn counted_moves(&self, game: &Game) -> u32 {
        self.solo_rule.counted_now(game.view())
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
            Players::Table(self.table()?)
        };
        Ok(Game::new(self.deck.clone(), self.seed, players)?
            .laid_out(self.layout)
            .moving(self.moving)
            .reaching(self.solo_rule.reach()))
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

    /// The table the game was played at (not for solitaire).
    ///
    /// # Errors
    /// Too few or too many seats, or a pass rule the rules do not define for them.
    pub fn table(&self) -> Result<Table, TableError> {
        let seats = u8::try_from(self.players.len()).unwrap_or(u8::MAX);
        Table {
            seats,
            pass_rule: self.pass_rule,
            variant: self.variant,
        }
        .check()
    }

    /// How many seats played (1 for solitaire).
    #[must_use]
    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// Every seat, in turn order.
    pub fn all_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        // at most 6 seats
        (0..self.players.len() as u8).map(Seat)
    }

    /// The seats people played, in turn order.
    #[must_use]
    pub fn people(&self) -> Vec<Seat> {
        self.all_seats()
            .filter(|s| self.players[s.index()].is_person())
            .collect()
    }

    /// The seat of the person when exactly one person played (a game against AIs).
    #[must_use]
    pub fn person(&self) -> Option<Seat> {
        match self.people()[..] {
            [seat] => Some(seat),
            _ => None,
        }
    }

    /// The name of a seat.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &str {
        &self.players[seat.index()].name
    }

    /// The kind of a seat: [`PERSON_KIND`] or an AI's name.
    #[must_use]
    pub fn kind(&self, seat: Seat) -> &str {
        &self.players[seat.index()].kind
    }

    /// The objective as written: `own-pairs` for three or more seats.
    #[must_use]
    pub fn objective_name(&self) -> &'static str {
        if self.players.len() > 2 {
            OWN_PAIRS
        } else {
            self.objective.name()
        }
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

/// The objective of three or more seats, as records write it.
pub(crate) const OWN_PAIRS: &str = "own-pairs";

/// The result written in a record: `1-0`, `0-1`, `1/2-1/2` for two seats; for three or
/// more the winner's seat letter (`B`) or the seats sharing the most pairs (`A=C`);
/// `cleared` for a finished solitaire game, or `*` for a game left unfinished.
#[must_use]
pub fn result_text(game: &Game) -> String {
    let view = game.view();
    let Phase::Over(r) = view.phase() else {
        return "*".into();
    };
    if view.seats() > 2 {
        let pairs = view.pairs();
        let best = pairs.iter().copied().max().unwrap_or(0);
        let firsts: Vec<String> = (0..pairs.len())
            .filter(|&i| pairs[i] == best)
            .map(|i| {
                // at most 6 seats
                seat_letter(Seat(i as u8)).to_string()
            })
            .collect();
        return firsts.join("=");
    }
    match r.outcome {
        Outcome::Winner(Seat::FIRST) => "1-0",
        Outcome::Winner(_) => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::Solo => "cleared",
    }
    .into()
}

/// Every seat's pairs as written in `[Pairs]`: `3-0`, `2-1-1`.
#[must_use]
pub fn pairs_text(game: &Game) -> String {
    let pairs = game.view().pairs();
    pairs
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// A seat as written before a turn: `A` moves first, `B` second, and so on.
#[must_use]
pub fn seat_letter(seat: Seat) -> char {
    char::from(b'A' + seat.0)
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

impl fmt::Display for RecordSeat {
    /// The seat's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl fmt::Display for MemoryMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
