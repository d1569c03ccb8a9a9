//! A game in progress on screen: the table, who plays each seat, the pacing of AI flips
//! and of the display of a finished turn, hints and odds. Pure state: no terminal here.

pub mod end;
mod hints;
mod keys;
mod rating;
mod seats;
mod solver;
mod tutor;
mod words;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use solver::TableSolver;
pub(crate) use solver::shared_table;
pub use tutor::Reply;

use super::config::TableSeats;
use super::config::{Config, First, Memory, Opponent};
use super::hint::Hint;
use super::moving::{Swapping, swap_words};
use super::table::{Show, turn_guard};
use crate::players::{Optimal, SeatAi};
use crate::record::{MemoryMode, PERSON, Record, RecordSeat};
use crate::rules::{Game, IllegalFlip, Phase, Players, Seat, TurnEnd, Variant};
use crate::trainer::coach::{self, LookBack};

/// The solver shared by the optimal AI and the hints.
pub(crate) type SharedSolver = Arc<Mutex<Optimal>>;

/// Who sits in a seat: a person (`kind` `None`) or an AI, once it can play.
struct SeatPlayer {
    name: String,
    kind: Option<Opponent>,
    ai: Option<SeatAi>,
}

/// A game being played or watched.
pub struct Round {
    config: Config,
    game: Game,
    seats: Vec<SeatPlayer>,
    /// The table's solver, whatever its rules (optimal seats, hints, odds, coach).
    solver: Option<solver::Slot>,
    /// The round's own solve under way on a worker.
    pending: Option<solver::Pending>,
    solver_note: Option<String>,
    /// The card under the cursor.
    pub cursor: usize,
    show: Option<Show>,
    /// Two cards swapping places after the turn's show (moving cards).
    swapping: Option<Swapping>,
    ai_at: Option<Instant>,
    /// Before this, the person's keys do not turn cards (play just went on).
    ready_at: Option<Instant>,
    log: Vec<String>,
    message: String,
    hint: Option<Hint>,
    /// Show the model's pattern codes (`known 2.1`) beside the hint's words.
    show_codes: bool,
    /// The decisions (flip numbers) at which the person saw a hint.
    hinted: Vec<usize>,
    /// The decisions at which a classic-memory hint showed the places of seen cards.
    places_shown: Vec<usize>,
    show_odds: bool,
    odds: Option<f64>,
    undo: Vec<(Game, usize)>,
    coin: Option<Seat>,
    saved: Option<Result<PathBuf, String>>,
    /// The coach's word on the person's last decision, if it cost something.
    coach_note: Option<String>,
    /// Whether the rule of the standard deck was told after a same-rank miss.
    colour_told: bool,
    /// Every person's play (in turn order), looked back on once the game is over and
    /// the solver ready.
    look_backs: Option<Vec<LookBack>>,
    /// The tutor's question on the card the person means to turn, awaiting y, n or w.
    question: Option<crate::trainer::tutor::Warning>,
    /// Whether the tutor's why is on show.
    why_shown: bool,
    /// The person's rating once the finished game is saved (see `rating.rs`).
    rating: Option<rating::Slot>,
}

/// The seed of the coin toss stream, apart from the deal's.
const COIN_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

impl Round {
    /// Deals a new game. The solver arrives later through [`Round::set_solver`].
    ///
    /// # Errors
    /// A bad deck or objective/pass rule pair, as one line.
    pub fn new(config: Config) -> Result<Self, String> {
        let deck = config.check()?;
        // The own-pairs solver knows the standard turn only; it is solved elsewhere (see
        // `Round::awaits_solver`), but a table it cannot take is refused here.
        if wants_seats_solver(&config)
            && let Err(e) = seats_solver_for(&deck, &config)
            && config.needs_solver()
        {
            return Err(e);
        }
        let game = Game::new(deck, config.seed, Players::Table(config.table()))
            .map_err(|e| e.to_string())?
            .laid_out(config.layout)
            .moving(config.moving);
        // `--first` orders today's two seats; a `--players` list is in turn order.
        let (person, coin) = match config.first {
            _ if config.players.is_some() => (Seat::FIRST, None),
            First::You => (Seat::FIRST, None),
            First::Ai => (Seat::SECOND, None),
            First::Coin => {
                let heads = (config.seed ^ COIN_SALT).wrapping_mul(COIN_SALT) >> 63 == 0;
                let s = if heads { Seat::FIRST } else { Seat::SECOND };
                (s, Some(s))
            }
        };
        let seats: TableSeats = config.seats(person == Seat::FIRST);
        let solver_note = (!config.two_seat_solver() && !wants_seats_solver(&config))
            .then(|| no_solver_note(&config));
        let mut round = Self {
            seats: seats
                .iter()
                .map(|s| SeatPlayer {
                    name: s.name.clone(),
                    kind: s.ai(),
                    ai: None,
                })
                .collect(),
            config,
            game,
            solver: None,
            pending: None,
            solver_note,
            cursor: 0,
            show: None,
            swapping: None,
            ai_at: None,
            ready_at: None,
            log: Vec::new(),
            message: String::new(),
            hint: None,
            show_codes: false,
            hinted: Vec::new(),
            places_shown: Vec::new(),
            show_odds: false,
            odds: None,
            undo: Vec::new(),
            coin,
            saved: None,
            coach_note: None,
            colour_told: false,
            look_backs: None,
            question: None,
            why_shown: false,
            rating: None,
        };
        for i in 0..round.seats.len() {
            round.make_ai(i);
        }
        // The Two Decks Duel's cursor starts on the person's own side.
        if let Some(side) = round.seats.iter().position(|s| s.kind.is_none())
            && let Some(first) = round.game.view().side_position(side, 1)
        {
            round.cursor = first;
        }
        let mover = round.game.view().mover();
        round.message = match (coin, round.is_watch()) {
            (Some(s), _) => format!(
                "Coin toss: {} — {} first",
                if s == Seat::FIRST { "heads" } else { "tails" },
                if s == Seat::FIRST {
                    "you go"
                } else {
                    "the AI goes"
                }
            ),
            (None, true) => "Watching: space speeds up, q quits".into(),
            (None, false) if round.persons_turn() => {
                format!("{}: pick a card", round.turn_of(mover))
            }
            (None, false) if round.lone_ai() => "The AI starts".into(),
            (None, false) => format!("{} starts", round.seat_name(mover)),
        };
        Ok(round)
    }

    pub(super) fn make_ai(&mut self, i: usize) {
        let seed = self.config.seed ^ (0x5eed_0000 + i as u64);
        let rules = self.rules();
        self.seats[i].ai = self.seats[i].kind.and_then(|kind| match &self.solver {
            Some(s) => Arc::clone(s).seat_ai(kind, seed),
            None => solver::solverless_ai(rules, kind, seed),
        });
    }

    /// The settings of this game.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The game itself.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The turn on show, if any.
    #[must_use]
    pub fn show(&self) -> Option<Show> {
        self.show
    }

    /// The swap on show, if any.
    #[must_use]
    pub fn swapping(&self) -> Option<Swapping> {
        self.swapping
    }

    /// The log of turns, oldest first.
    #[must_use]
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The line under the board.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The seat that won the coin toss, if one was tossed.
    #[must_use]
    pub fn coin(&self) -> Option<Seat> {
        self.coin
    }

    /// Whether the AI to move is waiting for the solver.
    #[must_use]
    pub fn ai_waiting_for_solver(&self) -> bool {
        let v = self.game.view();
        !v.is_over() && {
            let s = &self.seats[v.mover().index()];
            s.kind.is_some() && s.ai.is_none()
        }
    }

    /// The cards face up for this turn: the turn on show, or the first card.
    #[must_use]
    pub fn turned(&self) -> Vec<usize> {
        if let Some(s) = self.show {
            return s.cards.to_vec();
        }
        match self.game.view().phase() {
            Phase::SecondCard { first, .. } => vec![first],
            _ => Vec::new(),
        }
    }

    /// When the round next needs a tick.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        [
            self.show.map(|s| s.until),
            self.swapping.map(|s| s.deadline()),
            self.ai_at,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Moves the cursor by rows and columns, staying on the grid.
    pub(crate) fn move_cursor(&mut self, drow: isize, dcol: isize) {
        self.cursor = super::table::moved_cursor(&self.game, self.cursor, drow, dcol);
    }

    /// The person turns the card at `pos` (a key or a click), if that is what the key
    /// can mean now. While a turn is on show or the AI is to move the key only goes on
    /// (ends the show, speeds up the AI); just after play went on it does nothing (see
    /// [`Round::ready_at`]). Only a key on the person's turn, on screen for the guard,
    /// turns a card.
    pub(crate) fn person_flip(&mut self, pos: usize, now: Instant) {
        if self.show.is_some() {
            self.end_show(now);
            return;
        }
        if self.swapping.is_some() {
            self.end_swap(now);
            return;
        }
        if self.game.view().is_over() {
            return;
        }
        if !self.persons_turn() {
            self.message = if self.lone_ai() {
                "Wait: it is the AI's turn (any key speeds it up)".into()
            } else {
                let who = self.seat_name(self.game.view().mover());
                format!("Wait: it is {who}'s turn (any key speeds it up)")
            };
            self.speed_up(now);
            return;
        }
        if self.ready_at.is_some_and(|t| now < t) {
            return;
        }
        match self.game.check_flip(pos) {
            Ok(()) => {
                if self.ask_tutor(pos) {
                    return;
                }
                self.commit_flip(pos, now);
            }
            Err(e) => self.message = refusal(e),
        }
    }

    /// Turns the card at `pos` for the person, the decision committed: the undo kept,
    /// the coach's word taken.
    pub(super) fn commit_flip(&mut self, pos: usize, now: Instant) {
        if self.config.practice {
            self.undo.push((self.game.clone(), self.log.len()));
        }
        let verdict = self.coach_verdict(pos);
        let told = self.flip(pos, now);
        self.coach_note = verdict.map(|v| v.text);
        if let Some(note) = &self.coach_note
            && !told
            && !self.game.view().is_over()
        {
            self.message.clone_from(note);
        }
    }

    /// Until when the person's keys are swallowed: play went on (a show ended, by a key
    /// or by itself) a moment ago, so a key now was meant to go on, not to turn a card.
    #[must_use]
    pub fn ready_at(&self) -> Option<Instant> {
        self.ready_at
    }

    /// Any key during an AI's turn or a show makes it go on now.
    pub(crate) fn speed_up(&mut self, now: Instant) {
        if self.show.is_some() {
            self.end_show(now);
        } else if self.swapping.is_some() {
            self.end_swap(now);
        } else if let Some(t) = self.ai_at.as_mut() {
            *t = (*t).min(now);
        }
    }

    /// Undoes the person's last flip and whatever followed (practice games only).
    pub fn undo(&mut self, now: Instant) {
        if !self.config.practice {
            self.message = "Undo is only in practice games (--practice)".into();
            return;
        }
        if let Some((game, log)) = self.undo.pop() {
            self.game = game;
            self.log.truncate(log);
            self.show = None;
            self.swapping = None;
            self.ai_at = None;
            self.coach_note = None;
            self.question = None;
            self.message = "Undone (practice game)".into();
            self.refresh();
            self.schedule(now);
        } else {
            self.message = "Nothing to undo".into();
        }
    }

    /// Whether this is a practice game.
    #[must_use]
    pub fn practice(&self) -> bool {
        self.config.practice
    }

    /// Advances time: ends a show, makes an AI flip when it is due.
    pub fn tick(&mut self, now: Instant) {
        if let Some(s) = self.show {
            if now >= s.until {
                self.end_show(now);
            }
            return;
        }
        if let Some(s) = self.swapping.as_mut() {
            if s.advance(now) {
                self.end_swap(now);
            }
            return;
        }
        if let Some(t) = self.ai_at
            && now >= t
        {
            self.ai_at = None;
            let v = self.game.view();
            if v.is_over() {
                return;
            }
            let i = v.mover().index();
            if let Some(ai) = self.seats[i].ai.as_mut() {
                let pos = ai.choose(self.game.view());
                self.cursor_follow(pos);
                self.flip(pos, now);
            }
        }
    }

    pub(super) fn cursor_follow(&mut self, pos: usize) {
        if self.is_watch() {
            self.cursor = pos;
        }
    }

    /// Turns the card at `pos`; returns whether the message tells the standard deck's
    /// rule (a same-rank pair of other colours just missed, for the first time).
    pub(super) fn flip(&mut self, pos: usize, now: Instant) -> bool {
        let flip = match self.game.try_flip(pos) {
            Ok(f) => f,
            Err(e) => {
                self.message = refusal(e);
                return false;
            }
        };
        let mut told = false;
        self.hint = None;
        let who = self.seat_name(flip.seat);
        if let Some(end) = flip.turn_end {
            let (show, first) =
                Show::of_turn(self.game.view(), flip, end, self.config.show_delay(), now);
            self.log.push(self.describe(&who, first, flip, end));
            self.show = Some(show);
            self.message = match end {
                TurnEnd::Pair => format!("{who}: a pair!"),
                TurnEnd::Miss => format!("{who}: not a match (any key goes on)"),
                TurnEnd::Pass => self.pass_message(&who),
            };
            if end == TurnEnd::Miss
                && let Some(note) = coach::colour_note(
                    self.game.view().deck(),
                    first.card,
                    flip.card,
                    self.colour_told,
                )
            {
                self.message = note;
                self.colour_told = true;
                told = true;
            }
            if self.game.view().is_over() {
                self.message = "Game over".into();
                self.look_back_if_over();
            }
        } else {
            let face = self.face(flip);
            self.message = format!("{who} turned {face}");
        }
        self.refresh();
        self.schedule(now);
        told
    }

    pub(super) fn end_show(&mut self, now: Instant) {
        if let Some(s) = self.show.take() {
            self.ready_at = Some(now + turn_guard(self.config.show_delay()));
            self.swapping = Swapping::after_turn(&self.game, &self.config, now);
            self.play_on(s.end);
            if let Some(w) = self.swapping {
                let keys = if w.frame.is_none() {
                    " (any key goes on)"
                } else {
                    ""
                };
                self.message = format!("{}{keys}", swap_words(&self.game, w.swap));
            }
        }
        self.refresh();
        self.schedule(now);
    }

    /// Ends the swap on show: play goes on.
    pub(super) fn end_swap(&mut self, now: Instant) {
        if self.swapping.take().is_some() {
            self.ready_at = Some(now + turn_guard(self.config.show_delay()));
            let end = self.game.view().flips().last().and_then(|f| f.turn_end);
            if let Some(end) = end {
                self.play_on(end);
            }
        }
        self.refresh();
        self.schedule(now);
    }

    /// The message once a turn that ended in `end` is off the screen: whose move it is.
    fn play_on(&mut self, end: TurnEnd) {
        let v = self.game.view();
        if v.is_over() {
            return;
        }
        self.message = if self.persons_turn() {
            let turn = self.turn_of(v.mover());
            if end == TurnEnd::Pair
                && v.mover() == self.person()
                && v.players().variant().pair_goes_again()
            {
                format!("{turn} again: pick a card")
            } else {
                format!("{turn}: pick a card")
            }
        } else {
            format!("{} to move", self.seat_name(v.mover()))
        };
        if end == TurnEnd::Pass {
            // Keep the announcement of a pass in view.
            self.message = format!(
                "{} · {}",
                self.pass_message(&self.seat_name(self.seat_before(v.mover()))),
                self.message
            );
        }
    }

    /// Plans the next AI flip if an AI is to move.
    pub(super) fn schedule(&mut self, now: Instant) {
        if self.show.is_some()
            || self.swapping.is_some()
            || self.game.view().is_over()
            || self.ai_at.is_some()
        {
            return;
        }
        let mover = self.game.view().mover().index();
        if self.seats[mover].ai.is_some() {
            self.ai_at = Some(now + self.config.ai_delay);
        }
    }

    /// Memory mode of the game.
    #[must_use]
    pub fn memory(&self) -> Memory {
        self.config.memory
    }

    /// Pairs left on the table.
    #[must_use]
    pub fn pairs_left(&self) -> usize {
        self.game.view().cards_on_table() / 2
    }

    /// The AI pause.
    #[must_use]
    pub fn ai_delay(&self) -> Duration {
        self.config.ai_delay
    }

    /// The record of the game so far: the person is [`PERSON`], an AI goes by its name.
    #[must_use]
    pub fn record(&self) -> Record {
        // Today's two seats keep the names records have always given them.
        let players = match &self.config.players {
            Some(seats) => RecordSeat::table(seats),
            None => self
                .seats
                .iter()
                .map(|s| RecordSeat::named(s.kind.map_or(PERSON, |k| k.name())))
                .collect(),
        };
        let memory = match self.config.memory {
            Memory::Classic => MemoryMode::Classic,
            Memory::Open => MemoryMode::Open,
        };
        Record::of_game(
            &self.game,
            players,
            self.config.objective,
            memory,
            self.config.practice,
        )
    }

    /// Whether the game should be saved now: it has a flip and is not saved yet.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        self.saved.is_none() && !self.game.view().flips().is_empty()
    }

    /// Where the game was saved, or why it could not be.
    #[must_use]
    pub fn saved(&self) -> Option<&Result<PathBuf, String>> {
        self.saved.as_ref()
    }

    /// Notes where the game was saved.
    pub(crate) fn set_saved(&mut self, saved: Result<PathBuf, String>) {
        self.saved = Some(saved);
    }
}

/// An AI by what it is: `optimal AI`, `forgetful AI (easy)`.
#[must_use]
pub(crate) fn ai_title(kind: Opponent) -> String {
    kind.title().into()
}

/// Why a table of three or more without the own-pairs solver shows no hints (it knows
/// the standard turn only).
fn no_solver_note(config: &Config) -> String {
    format!(
        "no hints: no solver for {} with three or more players",
        config.variant.name()
    )
}

/// Whether `config`'s table plays with the own-pairs solver: three or more seats, the
/// standard turn (the only one it knows).
fn wants_seats_solver(config: &Config) -> bool {
    config.seat_count() > 2 && config.variant == Variant::Standard
}

/// The own-pairs solver for `config`'s table, not yet solved.
fn seats_solver_for(
    deck: &crate::rules::Deck,
    config: &Config,
) -> Result<crate::solver::SeatsSolver, String> {
    crate::solver::SeatsSolver::new(deck.copies(), config.seat_count(), config.pass_rule)
        .map_err(|e| e.to_string())
}

fn refusal(e: IllegalFlip) -> String {
    match e {
        IllegalFlip::SameCard => "That card is already face up this turn".into(),
        IllegalFlip::Removed => "That pair is already taken".into(),
        IllegalFlip::OtherSide => "That card is on the other side: turn one of your own".into(),
        IllegalFlip::PassForbidden(rule) => {
            format!(
                "A pass is not allowed here ({rule}): {}",
                rule.explanation()
            )
        }
        other => other.to_string(),
    }
}
