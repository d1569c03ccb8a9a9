//! A game in progress on screen: the table, who plays each seat, the pacing of AI flips
//! and of the display of a finished turn, hints and odds. Pure state: no terminal here.

mod solver;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use solver::TableSolver;

use super::config::TableSeats;
use super::config::{Config, First, Memory, Opponent};
use super::hint::{self, Hint};
use super::table::{Show, offer_hint, turn_guard};
use crate::players::{Optimal, SeatAi};
use crate::record::{MemoryMode, PERSON, Record, RecordSeat};
use crate::rules::{Flip, Game, IllegalFlip, Phase, Players, Seat, TurnEnd, Variant};
use crate::solver::SeatsSolver;
use crate::trainer::coach::{self, LookBack};

/// The solver shared by the optimal AI and the hints.
pub type SharedSolver = Arc<Mutex<Optimal>>;

/// The own-pairs solver of a table of three or more, shared by its optimal seats and
/// the odds.
pub type SharedSeatsSolver = Arc<Mutex<SeatsSolver>>;

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
        // `wants_seats_solver`), but a table it cannot take is refused here.
        if wants_seats_solver(&config)
            && let Err(e) = seats_solver_for(&deck, &config)
            && config.needs_solver()
        {
            return Err(e);
        }
        let game = Game::new(deck, config.seed, Players::Table(config.table()))
            .map_err(|e| e.to_string())?;
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
        };
        for i in 0..round.seats.len() {
            round.make_ai(i);
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

    fn make_ai(&mut self, i: usize) {
        let seed = self.config.seed ^ (0x5eed_0000 + i as u64);
        let rules = self.rules();
        self.seats[i].ai = self.seats[i].kind.and_then(|kind| match &self.solver {
            Some(s) => s.seat_ai(kind, seed),
            None => solver::solverless_ai(rules, kind, seed),
        });
    }

    /// Whether the table is today's game: one person against one AI.
    fn lone_ai(&self) -> bool {
        self.seats.len() == 2 && self.seats.iter().filter(|s| s.kind.is_none()).count() == 1
    }

    /// How many people play.
    #[must_use]
    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| s.kind.is_none()).count()
    }

    /// How many seats play.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Every seat in turn order.
    pub fn seat_list(&self) -> impl Iterator<Item = Seat> + use<> {
        #[allow(clippy::cast_possible_truncation)] // at most 6 seats
        (0..self.seats.len()).map(|i| Seat(i as u8))
    }

    /// "Your turn" to the one person at the table, "ann's turn" when several play.
    #[must_use]
    pub fn turn_of(&self, seat: Seat) -> String {
        if self.people() > 1 {
            format!("{}'s turn", self.seat_name(seat))
        } else {
            "Your turn".into()
        }
    }

    /// Hands over the solved solver of a two-seat standard table (or why there is
    /// none).
    pub fn set_solver(&mut self, solver: Result<SharedSolver, String>, now: Instant) {
        self.hand_over(solver.map(|s| Box::new(s) as solver::Slot), now);
    }

    /// Whether this table plays with the own-pairs solver (three or more seats, the
    /// standard turn), to be handed over through [`Round::set_seats_solver`].
    #[must_use]
    pub fn wants_seats_solver(&self) -> bool {
        wants_seats_solver(&self.config) && self.solver.is_none()
    }

    /// Hands over the own-pairs solver, solved from the start (or why there is none).
    pub fn set_seats_solver(&mut self, solver: Result<SharedSeatsSolver, String>, now: Instant) {
        if let Err(e) = &solver {
            self.message = format!("no optimal AI: {e}");
        }
        self.hand_over(solver.map(|s| Box::new(s) as solver::Slot), now);
    }

    /// Lets play begin at a table that waits for no solver: an AI to move first gets its
    /// time.
    pub fn go(&mut self, now: Instant) {
        self.refresh();
        self.schedule(now);
    }

    /// Whether the odds (`o`) have a solver to come from: the two-player solver, or the
    /// own-pairs one (standard turn only).
    #[must_use]
    pub fn odds_offered(&self) -> bool {
        self.config.two_seat_solver() || wants_seats_solver(&self.config)
    }

    /// Whether the solver has arrived (or failed).
    #[must_use]
    pub fn solver_settled(&self) -> bool {
        self.solver.is_some() || self.solver_note.is_some()
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

    /// Whether only AIs play.
    #[must_use]
    pub fn is_watch(&self) -> bool {
        self.seats.iter().all(|s| s.kind.is_some())
    }

    /// The person whose view the screen takes (odds, hints, the end screen): the one
    /// to move, else the next person round the table; in `watch`, the first seat.
    #[must_use]
    pub fn person(&self) -> Seat {
        let m = self.seats.len();
        let mover = self.game.view().mover().index();
        (0..m)
            .map(|i| (mover + i) % m)
            .find(|&i| self.seats[i].kind.is_none())
            .map_or(Seat::FIRST, |i| {
                #[allow(clippy::cast_possible_truncation)] // at most 6 seats
                Seat(i as u8)
            })
    }

    /// A seat's name on screen: `You` for the seat named `you`, `AI` for the one AI
    /// facing one person (today's game), else the seat's own name (`ann`, `usual 2`).
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> String {
        let s = &self.seats[seat.index()];
        match s.kind {
            None if s.name.eq_ignore_ascii_case("you") => "You".into(),
            Some(_) if self.lone_ai() => "AI".into(),
            _ => s.name.clone(),
        }
    }

    /// A seat's full name, which says which AI it is: `You`, `optimal AI`, `forgetful AI
    /// (easy)` facing one person; otherwise as [`Round::seat_name`] (`A optimal`).
    #[must_use]
    pub fn seat_title(&self, seat: Seat) -> String {
        match self.seats[seat.index()].kind {
            Some(k) if self.lone_ai() => ai_title(k),
            _ => self.seat_name(seat),
        }
    }

    /// The seat that moved just before `seat`.
    #[must_use]
    pub fn seat_before(&self, seat: Seat) -> Seat {
        let m = self.seats.len();
        #[allow(clippy::cast_possible_truncation)] // at most 6 seats
        Seat(((seat.index() + m - 1) % m) as u8)
    }

    /// The opponent's kind for a seat (`None`: the person).
    #[must_use]
    pub fn seat_kind(&self, seat: Seat) -> Option<Opponent> {
        self.seats[seat.index()].kind
    }

    /// Whether the person is to move and may turn a card now.
    #[must_use]
    pub fn persons_turn(&self) -> bool {
        !self.game.view().is_over() && self.seats[self.game.view().mover().index()].kind.is_none()
    }

    /// The turn on show, if any.
    #[must_use]
    pub fn show(&self) -> Option<Show> {
        self.show
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

    /// The hint on screen.
    #[must_use]
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// The person's decisions at which a hint was on show (asked for, or shown by itself
    /// in `always` mode), each counted once however often the hint was redrawn.
    #[must_use]
    pub fn hints_used(&self) -> usize {
        let flips = self.game.view().flips();
        let person = self.person();
        self.hinted
            .iter()
            .filter(|&&i| flips.get(i).is_none_or(|f| f.seat == person))
            .count()
    }

    /// The person's decisions so far: every card they turned.
    #[must_use]
    pub fn decisions(&self) -> usize {
        let person = self.person();
        self.game
            .view()
            .flips()
            .iter()
            .filter(|f| f.seat == person)
            .count()
    }

    /// The person's decisions at which a classic-memory hint showed where seen cards
    /// lie (the second `H`).
    #[must_use]
    pub fn places_shown(&self) -> usize {
        let flips = self.game.view().flips();
        let person = self.person();
        self.places_shown
            .iter()
            .filter(|&&i| flips.get(i).is_none_or(|f| f.seat == person))
            .count()
    }

    /// Notes that a hint is on show at the current decision.
    fn note_hint(&mut self) {
        let at = self.game.view().flips().len();
        // After an undo, the decisions undone are forgotten.
        self.hinted.retain(|&i| i < at);
        self.places_shown.retain(|&i| i < at);
        self.hinted.push(at);
    }

    /// How much a hint at the current decision may tell of the seen cards: everything
    /// in open memory (they lie face up) and on a watched game, the kind of move only in
    /// classic memory until the person asks for the places.
    fn places(&self) -> hint::Places {
        let at = self.game.view().flips().len();
        if self.config.memory == Memory::Open
            || self.is_watch()
            || self.places_shown.last() == Some(&at)
        {
            hint::Places::Shown
        } else {
            hint::Places::Kept
        }
    }

    /// The person's current value (win probability or expected margin), when shown.
    #[must_use]
    pub fn odds(&self) -> Option<f64> {
        if self.show_odds { self.odds } else { None }
    }

    /// Whether odds are switched on.
    #[must_use]
    pub fn odds_on(&self) -> bool {
        self.show_odds
    }

    /// Why hints are missing, if they are.
    #[must_use]
    pub fn solver_note(&self) -> Option<&str> {
        self.solver_note.as_deref()
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

    /// Whether a card is face up for the person right now (this turn's, on show, or
    /// known in open mode).
    #[must_use]
    pub fn this_turn(&self, pos: usize) -> bool {
        if let Some(s) = self.show {
            return s.cards.contains(&pos);
        }
        matches!(self.game.view().phase(), Phase::SecondCard { first, .. } if first == pos)
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
        match (self.show.map(|s| s.until), self.ai_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Moves the cursor by rows and columns, staying on the grid.
    pub fn move_cursor(&mut self, drow: isize, dcol: isize) {
        self.cursor = super::table::moved_cursor(self.game.view(), self.cursor, drow, dcol);
    }

    /// The person turns the card at `pos` (a key or a click), if that is what the key
    /// can mean now. While a turn is on show or the AI is to move the key only goes on
    /// (ends the show, speeds up the AI); just after play went on it does nothing (see
    /// [`Round::ready_at`]). Only a key on the person's turn, on screen for the guard,
    /// turns a card.
    pub fn person_flip(&mut self, pos: usize, now: Instant) {
        if self.show.is_some() {
            self.end_show(now);
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
            Err(e) => self.message = refusal(e),
        }
    }

    /// Until when the person's keys are swallowed: play went on (a show ended, by a key
    /// or by itself) a moment ago, so a key now was meant to go on, not to turn a card.
    #[must_use]
    pub fn ready_at(&self) -> Option<Instant> {
        self.ready_at
    }

    /// Any key during an AI's turn or a show makes it go on now.
    pub fn speed_up(&mut self, now: Instant) {
        if self.show.is_some() {
            self.end_show(now);
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
            self.ai_at = None;
            self.coach_note = None;
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

    fn cursor_follow(&mut self, pos: usize) {
        if self.is_watch() {
            self.cursor = pos;
        }
    }

    /// Shows or hides the hint for the current decision. In classic memory a hint
    /// first names the kind of move; a second `H` names the cards and their places
    /// (counted on the end screen); a third hides it.
    pub fn toggle_hint(&mut self) {
        if let Some(h) = &self.hint {
            if h.places || self.places() == hint::Places::Shown {
                self.hint = None;
                return;
            }
            let at = self.game.view().flips().len();
            self.places_shown.push(at);
            self.hint = self.compute_hint();
            self.message = "Hint: where the cards are (counted as places shown)".into();
            return;
        }
        if !self.persons_turn() && !self.is_watch() {
            self.message = "Hints are for your own turn".into();
            return;
        }
        if self.show.is_some() {
            self.message = "Hints come when the next turn starts".into();
            return;
        }
        let hint = self.compute_hint();
        let mut shown = 0;
        offer_hint(
            &mut self.hint,
            hint,
            &mut shown,
            &mut self.message,
            self.solver_note.as_deref(),
        );
        if shown > 0 {
            self.note_hint();
            // Classic memory: the kind of move only; say how to see the places.
            if self.hint.as_ref().is_some_and(|h| !h.places) {
                self.message = "Hint: the kind of move; H again shows where the cards are".into();
            }
        }
    }

    /// Whether the hint shows the model's pattern codes beside its words.
    #[must_use]
    pub fn show_codes(&self) -> bool {
        self.show_codes
    }

    /// Shows or hides the model's pattern codes in the hint (for those who study it).
    pub fn toggle_codes(&mut self) {
        self.show_codes = !self.show_codes;
    }

    /// Switches the odds display.
    pub fn toggle_odds(&mut self) {
        self.show_odds = !self.show_odds;
        // Said where the odds first show: what they are.
        if self.show_odds {
            self.message = match self.config.objective {
                _ if self.seats.len() > 2 => "Odds: your own pairs still to take",
                crate::rules::Objective::Win => "Odds: your chance to win (a draw counts half)",
                _ => "Odds: your final margin, score included",
            }
            .into();
        }
        self.refresh();
    }

    fn compute_hint(&self) -> Option<Hint> {
        self.solver.as_ref()?.hint(self.game.view(), self.places())
    }

    /// Recomputes odds and the automatic hint after a change.
    fn refresh(&mut self) {
        self.odds = None;
        let view = self.game.view();
        if view.is_over() {
            self.hint = None;
            return;
        }
        self.odds = self
            .solver
            .as_ref()
            .and_then(|s| s.odds(view, self.person()));
        let auto = self.is_watch() || self.config.hints == super::config::Hints::Always;
        if auto && self.show.is_none() && (self.persons_turn() || self.is_watch()) {
            self.hint = self.compute_hint();
            if self.hint.is_some() && !self.is_watch() {
                self.note_hint();
            }
        } else {
            self.hint = None;
        }
    }

    /// The coach's word on the person turning the card at `pos` now, from the decision
    /// point before the flip (`None`: the coach is off, the solver not ready, or the
    /// choice was best).
    fn coach_verdict(&self, pos: usize) -> Option<coach::Verdict> {
        if !self.config.coach {
            return None;
        }
        self.solver
            .as_ref()?
            .verdict(&self.game, pos, self.places())
    }

    /// The coach's word on the person's last decision, if it cost something.
    #[must_use]
    pub fn coach_note(&self) -> Option<&str> {
        self.coach_note.as_deref()
    }

    /// The person's accuracy and costliest decision, once the game is over and valued,
    /// when one person played.
    #[must_use]
    pub fn look_back(&self) -> Option<&LookBack> {
        match self.look_backs.as_deref() {
            Some([back]) if self.people() == 1 => Some(back),
            _ => None,
        }
    }

    /// Every person's accuracy, in turn order, once the game is over and valued (empty
    /// before, or with nobody to value it: a table of three or more without the
    /// own-pairs solver).
    #[must_use]
    pub fn look_backs(&self) -> &[LookBack] {
        self.look_backs.as_deref().unwrap_or_default()
    }

    /// Values the finished game's flips for the end screen (the replay's analysis):
    /// against the table's optimal strategy, in expected own pairs at three or more
    /// seats.
    fn look_back_if_over(&mut self) {
        if self.look_backs.is_some() || !self.game.view().is_over() || self.people() == 0 {
            return;
        }
        let players = self.record().players;
        let analysis = self
            .solver
            .as_ref()
            .and_then(|s| s.annotate(&self.game, players));
        let Some(analysis) = analysis else {
            return;
        };
        let people = self.record().people();
        self.look_backs = Some(
            people
                .into_iter()
                .map(|seat| coach::look_back_of(&analysis, &self.game, seat))
                .collect(),
        );
    }

    /// Turns the card at `pos`; returns whether the message tells the standard deck's
    /// rule (a same-rank pair of other colours just missed, for the first time).
    fn flip(&mut self, pos: usize, now: Instant) -> bool {
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

    fn pass_message(&self, who: &str) -> String {
        let v = self.game.view();
        let last_pass = usize::from(v.passes()) + 1 >= v.seats();
        let tail = match self.config.pass_rule {
            crate::rules::PassRule::Agreed if last_pass && !v.is_over() && v.seats() == 2 => {
                ": a pass back ends the game"
            }
            crate::rules::PassRule::Agreed if last_pass && !v.is_over() => {
                ": one more pass ends the game"
            }
            crate::rules::PassRule::Ko if v.after_pass() => ": no pass allowed in reply",
            _ => "",
        };
        format!("{who} passed{tail}")
    }

    fn face(&self, flip: Flip) -> String {
        super::table::face(self.game.view(), flip)
    }

    /// A turn in the log, the cards as the records write them: "You: 4♠ b2, 7♥ c3 — miss".
    /// In classic memory a turn that left its cards face down is told without them
    /// ("AI: no pair"): remembering them is the game.
    fn describe(&self, who: &str, a: Flip, b: Flip, end: TurnEnd) -> String {
        if self.config.memory == Memory::Classic {
            return match end {
                TurnEnd::Pair => format!("{who}: pair {} {}", self.face(a), self.face(b)),
                TurnEnd::Miss => format!("{who}: no pair"),
                TurnEnd::Pass => format!("{who} passed"),
            };
        }
        let deck = self.game.view().deck();
        let card = |f: Flip| {
            format!(
                "{} {}",
                self.face(f),
                crate::record::coordinate(deck, f.position)
            )
        };
        let (fa, fb) = (card(a), card(b));
        match end {
            TurnEnd::Pair => format!("{who}: {fa}, {fb} — pair"),
            TurnEnd::Miss => format!("{who}: {fa}, {fb} — miss"),
            TurnEnd::Pass => format!("{who} passed ({fa}, {fb})"),
        }
    }

    fn end_show(&mut self, now: Instant) {
        if let Some(s) = self.show.take() {
            self.ready_at = Some(now + turn_guard(self.config.show_delay()));
            let v = self.game.view();
            if !v.is_over() {
                self.message = if self.persons_turn() {
                    let turn = self.turn_of(v.mover());
                    if s.end == TurnEnd::Pair && v.mover() == self.person() {
                        format!("{turn} again: pick a card")
                    } else {
                        format!("{turn}: pick a card")
                    }
                } else {
                    format!("{} to move", self.seat_name(v.mover()))
                };
                if s.end == TurnEnd::Pass {
                    // Keep the announcement of a pass in view.
                    self.message = format!(
                        "{} · {}",
                        self.pass_message(&self.seat_name(self.seat_before(v.mover()))),
                        self.message
                    );
                }
            }
        }
        self.refresh();
        self.schedule(now);
    }

    /// Plans the next AI flip if an AI is to move.
    fn schedule(&mut self, now: Instant) {
        if self.show.is_some() || self.game.view().is_over() || self.ai_at.is_some() {
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
    pub fn set_saved(&mut self, saved: Result<PathBuf, String>) {
        self.saved = Some(saved);
    }
}

/// An AI by what it is: `optimal AI`, `forgetful AI (easy)`.
#[must_use]
pub fn ai_title(kind: Opponent) -> String {
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

/// The own-pairs solver of a table of three or more, solved from the start so that
/// play never waits: the app runs it on its worker thread when the game starts.
///
/// # Errors
/// A deck or table the solver cannot take, as one line.
pub fn own_pairs_solver(
    deck: &crate::rules::Deck,
    config: &Config,
) -> Result<SharedSeatsSolver, String> {
    use crate::model::Oracle;
    SeatsSolver::solved(deck, config.table(), config.objective)
        .map(|s| Arc::new(Mutex::new(s)))
        .map_err(|e| e.to_string())
}

fn refusal(e: IllegalFlip) -> String {
    match e {
        IllegalFlip::SameCard => "That card is already face up this turn".into(),
        IllegalFlip::Removed => "That pair is already taken".into(),
        IllegalFlip::PassForbidden(rule) => {
            format!(
                "A pass is not allowed here ({rule}): {}",
                rule.explanation()
            )
        }
        other => other.to_string(),
    }
}
