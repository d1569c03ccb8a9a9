//! The application state and its one update path: keys become [`Action`]s, and
//! [`App::update`] applies them. Drawing (in `screen.rs`) only reads.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::board::Geometry;
use super::config::Config;
use super::look::Look;
use super::pairs_replay::PairsReplay;
use super::pairs_table::PairsTable;
use super::puzzle::Drill;
use super::replay::{Back, History, Replay, SolverKey};
use super::round::{Round, SharedSolver, own_pairs_solver};
use super::screen;
use super::setup::Setup;
use super::solo::Solo;
use super::strategy::Strategy;
use crate::pairs::record::PairsRecord;
use crate::players::{Optimal, SharedSeatsSolver};
use crate::record::Record;
use crate::rules::Deck;

/// What a key, a click or the clock asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Arrow or `hjkl`: rows and columns.
    Move(isize, isize),
    /// Enter or Space: turn the card under the cursor, or start (setup).
    Select,
    /// A click at a screen cell.
    Click(u16, u16),
    /// `H`: hint.
    Hint,
    /// `o`: odds.
    Odds,
    /// `w`: why: every choice of the hint in full, with what it does this turn.
    Why,
    /// `c`: the model's pattern codes beside the hint's words.
    Codes,
    /// `f`: exact fractions (solitaire).
    Fraction,
    /// `?`: help.
    Help,
    /// `n`: new game.
    New,
    /// `r`: same deal again (end screen), random seed (setup).
    Again,
    /// `s`: the setup screen (end screen).
    Setup,
    /// `u`: undo (practice).
    Undo,
    /// `v`: the replay of the game just played (end screen).
    Review,
    /// `m`: the replay at the person's costliest decision (end screen).
    Costliest,
    /// `p`: the puzzles (setup screen).
    Puzzles,
    /// `P`: a game of Pairs, the press-your-luck game (setup screen).
    PairsGame,
    /// Home or `g`: the start (replay).
    Home,
    /// End or `G`: the end (replay).
    End,
    /// `q` or Esc: quit (asks first during a game).
    Quit,
    /// `y`: yes to a question.
    Yes,
    /// Ctrl-C or a termination signal: leave at once.
    Interrupt,
    /// Ctrl-Z: stop the program (job control), the terminal given back meanwhile.
    Suspend,
    /// A digit (the seed).
    Digit(u32),
    /// Backspace.
    Backspace,
    /// The terminal changed size.
    Resize(u16, u16),
    /// Time passed.
    Tick,
    /// `L`: the Strategy page (from the help window and the puzzle's answer).
    Learn,
    /// Page Up / Page Down: scroll a page (the Strategy page).
    Page(isize),
    /// `]` / `[`: the next (`true`) or previous mistake (replay).
    Mistake(bool),
    /// Tab: whose mistakes `[` and `]` jump to (replay).
    Whose,
    /// A character typed into a text field (the setup's players list).
    Type(char),
    /// Any other key: ends a show, speeds up the AI.
    Other,
}

impl Action {
    /// The action for a terminal event (`None`: nothing to do).
    #[must_use]
    pub fn from_event(event: &Event) -> Option<Self> {
        match event {
            Event::Key(k) if k.is_press() => Some(Self::from_key(*k)),
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                ..
            }) => Some(Self::Click(*column, *row)),
            Event::Resize(w, h) => Some(Self::Resize(*w, *h)),
            _ => None,
        }
    }

    /// The action for a key.
    #[must_use]
    pub fn from_key(key: KeyEvent) -> Self {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('c') => return Self::Interrupt,
                KeyCode::Char('z') => return Self::Suspend,
                _ => {}
            }
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => Self::Move(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => Self::Move(1, 0),
            KeyCode::Left | KeyCode::Char('h') => Self::Move(0, -1),
            KeyCode::Right | KeyCode::Char('l') => Self::Move(0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => Self::Select,
            KeyCode::Char('H') => Self::Hint,
            KeyCode::Char('w') => Self::Why,
            KeyCode::Char('c') => Self::Codes,
            KeyCode::Char('o') => Self::Odds,
            KeyCode::Char('f') => Self::Fraction,
            KeyCode::Char('?') => Self::Help,
            KeyCode::Char('n') => Self::New,
            KeyCode::Char('r') => Self::Again,
            KeyCode::Char('s') => Self::Setup,
            KeyCode::Char('u') => Self::Undo,
            KeyCode::Char('v') => Self::Review,
            KeyCode::Char('m') => Self::Costliest,
            KeyCode::Char('p') => Self::Puzzles,
            KeyCode::Char('P') => Self::PairsGame,
            KeyCode::Home | KeyCode::Char('g') => Self::Home,
            KeyCode::End | KeyCode::Char('G') => Self::End,
            KeyCode::Char('q') | KeyCode::Esc => Self::Quit,
            KeyCode::Char('y' | 'Y') => Self::Yes,
            KeyCode::Char(c) if c.is_ascii_digit() => Self::Digit(c.to_digit(10).unwrap_or(0)),
            KeyCode::Backspace => Self::Backspace,
            KeyCode::Char('L') => Self::Learn,
            KeyCode::PageUp => Self::Page(-1),
            KeyCode::PageDown => Self::Page(1),
            KeyCode::Char(']') => Self::Mistake(true),
            KeyCode::Char('[') => Self::Mistake(false),
            KeyCode::Tab => Self::Whose,
            _ => Self::Other,
        }
    }
}

/// The main screens.
pub enum Screen {
    /// Choosing a game.
    Setup(Setup),
    /// A game in progress or finished (the end screen shows over it).
    Play(Box<Round>),
    /// A recorded game replayed and analysed.
    Replay(Box<Replay>),
    /// The list of saved games.
    History(History),
    /// A solitaire game in progress or finished (the end screen shows over it).
    Solo(Box<Solo>),
    /// Puzzles from the solver.
    Puzzle(Box<Drill>),
    /// A game of Pairs in progress or finished (its end window shows over it).
    Pairs(Box<PairsTable>),
    /// A recorded game of Pairs replayed, each decision valued.
    PairsReplay(Box<PairsReplay>),
}

/// A window over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The list of keys.
    Help,
    /// The hint's choices in full, with their numbers and the idea.
    Why,
    /// "Quit this game?"
    ConfirmQuit,
    /// "Abandon this game for a new one?"
    ConfirmNew,
}

/// A game not saved yet, of either kind: what leaving it, or a signal, saves.
#[derive(Debug, Clone)]
pub enum Unsaved {
    /// A game of Concentration (or solitaire).
    Concentration(Record),
    /// A game of Pairs.
    Pairs(PairsRecord),
}

impl Unsaved {
    /// Saves it in `dir` under a new name, atomically (see [`crate::record::save`]).
    ///
    /// # Errors
    /// The folder or the file cannot be written.
    pub fn save(&self, dir: &std::path::Path) -> std::io::Result<PathBuf> {
        match self {
            Self::Concentration(r) => crate::record::save(dir, r),
            Self::Pairs(r) => crate::record::save_pairs(dir, r),
        }
    }
}

/// A message from the solver thread.
pub struct Solved {
    key: SolverKey,
    result: Result<SharedSolver, String>,
}

/// What an own-pairs solver is solved for: the deck, the seats, the pass rule.
type SeatsKey = (String, usize, crate::rules::PassRule);

/// A message from the own-pairs solver's thread.
struct SeatsSolved {
    key: SeatsKey,
    result: Result<SharedSeatsSolver, String>,
}

/// The whole application.
pub struct App {
    /// The main screen.
    pub screen: Screen,
    /// A window over it.
    pub overlay: Option<Overlay>,
    /// Terminal size.
    pub size: (u16, u16),
    /// Set when the program should end.
    pub quit: bool,
    /// Steps of the "thinking" indicator.
    pub spinner: usize,
    solvers: HashMap<SolverKey, SharedSolver>,
    pending: Option<SolverKey>,
    tx: Sender<Solved>,
    rx: Receiver<Solved>,
    seats_solvers: HashMap<SeatsKey, SharedSeatsSolver>,
    seats_pending: Option<SeatsKey>,
    seats_tx: Sender<SeatsSolved>,
    seats_rx: Receiver<SeatsSolved>,
    /// Solve on this thread (tests) instead of a worker.
    pub blocking: bool,
    /// Where finished and abandoned games are saved (`None`: not saved).
    pub save_dir: Option<PathBuf>,
    /// Settings for games started from a replay (delay, hints).
    pub base: Config,
    /// The data directory where solitaire statistics are kept (`None`: not kept).
    pub stats_dir: Option<PathBuf>,
    /// The theme and glyph set every screen is shown in.
    pub look: Look,
    /// The Strategy page, over the screen while open.
    pub strategy: Option<Strategy>,
    /// The setup screen the puzzles were opened from: `q` goes back to it.
    puzzles_from: Option<Setup>,
    /// The setup screen a game of Pairs was started from: leaving the game goes back.
    pairs_from: Option<Setup>,
}

impl App {
    /// The action for a terminal event on this app: while the setup's players list is
    /// typed, a character key is that character, not its command.
    #[must_use]
    pub fn action_for(&self, event: &Event) -> Option<Action> {
        let typing = self.overlay.is_none()
            && self.strategy.is_none()
            && matches!(&self.screen, Screen::Setup(s) if s.is_editing());
        match event {
            Event::Key(k)
                if typing && k.is_press() && !k.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                match k.code {
                    KeyCode::Char(c) => Some(Action::Type(c)),
                    _ => Some(Action::from_key(*k)),
                }
            }
            _ => Action::from_event(event),
        }
    }

    /// An app on the setup screen.
    #[must_use]
    pub fn setup(config: Config) -> Self {
        Self::with_screen(Screen::Setup(Setup::new(config)))
    }

    /// An app playing `config` at once (flags given).
    ///
    /// # Errors
    /// A bad deck or combination, as one line.
    pub fn start(config: Config, now: Instant) -> Result<Self, String> {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(config.clone())));
        app.begin(config, now)?;
        Ok(app)
    }

    /// Like [`App::start`] but the solver runs on the calling thread (tests).
    ///
    /// # Errors
    /// A bad deck or combination, as one line.
    pub fn start_blocking(config: Config, now: Instant) -> Result<Self, String> {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(config.clone())));
        app.blocking = true;
        app.begin(config, now)?;
        Ok(app)
    }

    fn with_screen(screen: Screen) -> Self {
        let (tx, rx) = channel();
        let (seats_tx, seats_rx) = channel();
        Self {
            screen,
            overlay: None,
            size: (80, 24),
            quit: false,
            spinner: 0,
            solvers: HashMap::new(),
            pending: None,
            tx,
            rx,
            seats_solvers: HashMap::new(),
            seats_pending: None,
            seats_tx,
            seats_rx,
            blocking: false,
            save_dir: None,
            base: Config::default(),
            stats_dir: None,
            look: Look::default(),
            strategy: None,
            puzzles_from: None,
            pairs_from: None,
        }
    }

    /// An app playing solitaire with `config` (deck, memory, seed, hints) at once;
    /// `challenge` names the deal when it is one. With `blocking` the par is computed on
    /// this thread (tests).
    ///
    /// # Errors
    /// A bad deck, as one line.
    pub fn solitaire(
        config: Config,
        challenge: Option<crate::solitaire::Challenge>,
        stats_dir: Option<PathBuf>,
        blocking: bool,
    ) -> Result<Self, String> {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(config.clone())));
        app.blocking = blocking;
        app.stats_dir = stats_dir;
        app.base = config.clone();
        app.begin_solo(config, challenge)?;
        Ok(app)
    }

    /// An app playing Pairs at `table`.
    #[must_use]
    pub fn pairs(table: PairsTable) -> Self {
        Self::with_screen(Screen::Pairs(Box::new(table)))
    }

    /// An app replaying a game of Pairs; `q` leaves the program.
    #[must_use]
    pub fn pairs_replay(replay: PairsReplay) -> Self {
        Self::with_screen(Screen::PairsReplay(Box::new(replay)))
    }

    /// The Pairs replay on screen, if any.
    #[must_use]
    pub fn pairs_replay_screen(&self) -> Option<&PairsReplay> {
        match &self.screen {
            Screen::PairsReplay(r) => Some(r),
            _ => None,
        }
    }

    /// The Pairs table on screen, if any.
    #[must_use]
    pub fn pairs_table(&self) -> Option<&PairsTable> {
        match &self.screen {
            Screen::Pairs(t) => Some(t),
            _ => None,
        }
    }

    /// An app on the puzzle screen with `drill`.
    #[must_use]
    pub fn puzzle(drill: Drill) -> Self {
        Self::with_screen(Screen::Puzzle(Box::new(drill)))
    }

    /// An app showing only the Strategy page (`concentration learn`): closing it quits.
    #[must_use]
    pub fn learn() -> Self {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(Config::default())));
        app.strategy = Some(Strategy::new(true));
        app
    }

    /// The puzzle screen, if on show.
    #[must_use]
    pub fn drill(&self) -> Option<&Drill> {
        match &self.screen {
            Screen::Puzzle(d) => Some(d),
            _ => None,
        }
    }

    /// Starts a solitaire game.
    fn begin_solo(
        &mut self,
        config: Config,
        challenge: Option<crate::solitaire::Challenge>,
    ) -> Result<(), String> {
        let mut solo = Solo::new(config, challenge, self.blocking)?;
        solo.set_stats_dir(self.stats_dir.clone());
        self.save_current();
        self.screen = Screen::Solo(Box::new(solo));
        self.overlay = None;
        Ok(())
    }

    /// The solitaire game on screen, if any.
    #[must_use]
    pub fn solo(&self) -> Option<&Solo> {
        match &self.screen {
            Screen::Solo(s) => Some(s),
            _ => None,
        }
    }

    /// An app replaying `record` (read from `path`); `q` leaves the program.
    ///
    /// # Errors
    /// The record is not a legal game.
    pub fn replay(
        record: Record,
        path: Option<PathBuf>,
        base: Config,
        blocking: bool,
        now: Instant,
    ) -> Result<Self, String> {
        let replay = Replay::new(record, path, Back::Quit)?;
        let mut app = Self::with_screen(Screen::Setup(Setup::new(base.clone())));
        app.base = base;
        app.blocking = blocking;
        app.open_replay(replay, now);
        Ok(app)
    }

    /// An app on the list of saved games.
    #[must_use]
    pub fn history(history: History, base: Config, blocking: bool) -> Self {
        let mut app = Self::with_screen(Screen::History(history));
        app.base = base;
        app.blocking = blocking;
        app
    }

    /// The replay on screen, if any.
    #[must_use]
    pub fn replay_screen(&self) -> Option<&Replay> {
        match &self.screen {
            Screen::Replay(r) => Some(r),
            _ => None,
        }
    }

    fn open_replay(&mut self, replay: Replay, now: Instant) {
        let key = replay.solver_key();
        let zebra = replay.record().deck.is_zebra();
        self.screen = Screen::Replay(Box::new(replay));
        self.overlay = None;
        if zebra {
            // Zebra's own solver values it, off this thread: the replay opens at once.
            if let Screen::Replay(r) = &mut self.screen {
                r.analyse_zebra(self.blocking);
            }
            return;
        }
        if let Some(s) = self.want_solver(key, now)
            && let Screen::Replay(r) = &mut self.screen
        {
            r.set_solver(Ok(s));
        }
    }

    /// The round on screen, if any.
    #[must_use]
    pub fn round(&self) -> Option<&Round> {
        match &self.screen {
            Screen::Play(r) => Some(r),
            _ => None,
        }
    }

    fn round_mut(&mut self) -> Option<&mut Round> {
        match &mut self.screen {
            Screen::Play(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the solver is still working.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
            || self.seats_pending.is_some()
            || self.solo().is_some_and(Solo::thinking)
            || self.pairs_table().is_some_and(PairsTable::thinking)
            || self.round().is_some_and(Round::zebra_thinking)
            || self.replay_screen().is_some_and(Replay::analysing)
    }

    /// Waits for the replay's analysis if it is being computed on a worker thread
    /// (tests: the terminal loop polls with [`App::poll_worker`] instead).
    pub fn wait_for_analysis(&mut self) {
        if let Screen::Replay(r) = &mut self.screen {
            r.wait_analysis();
        }
    }

    /// Starts a game with `config`, asking for its solver.
    fn begin(&mut self, config: Config, now: Instant) -> Result<(), String> {
        let round = Round::new(config.clone())?;
        self.save_current();
        self.screen = Screen::Play(Box::new(round));
        self.overlay = None;
        let blocking = self.blocking;
        if let Some(r) = self.round_mut()
            && r.is_zebra()
        {
            r.solve_zebra(blocking, now);
            return Ok(());
        }
        if !config.two_seat_solver() {
            // Three or more: the own-pairs solver, if the table plays with one.
            if self.round().is_some_and(Round::wants_seats_solver) {
                self.want_seats_solver(&config, now);
            } else if let Some(r) = self.round_mut() {
                r.go(now);
            }
            return Ok(());
        }
        let key: SolverKey = (
            config.deck.clone(),
            config.objective,
            config.pass_rule,
            config.variant,
        );
        if let Some(s) = self.want_solver(key, now)
            && let Some(r) = self.round_mut()
        {
            r.set_solver(Ok(s), now);
        }
        Ok(())
    }

    /// The solver for `key` if it is ready; otherwise asks for it (on a worker thread,
    /// or at once when blocking) and hands it over when it arrives.
    fn want_solver(&mut self, key: SolverKey, now: Instant) -> Option<SharedSolver> {
        if let Some(s) = self.solvers.get(&key) {
            return Some(Arc::clone(s));
        }
        if self.pending.as_ref() == Some(&key) {
            return None;
        }
        let deck = match Deck::parse(&key.0) {
            Ok(d) => d,
            Err(e) => {
                self.receive(
                    Solved {
                        key,
                        result: Err(e.to_string()),
                    },
                    now,
                );
                return None;
            }
        };
        let job_key = key.clone();
        let job = move || Solved {
            // Zebra's own solver is the round's and the replay's (it pairs by colour).
            result: if deck.is_zebra() {
                Err("Zebra is valued by its own solver".into())
            } else {
                Optimal::with_variant(&deck, job_key.1, job_key.2, job_key.3)
                    .map(|o| Arc::new(Mutex::new(o)))
                    .map_err(|e| e.to_string())
            },
            key: job_key,
        };
        self.pending = Some(key);
        if self.blocking {
            let solved = job();
            self.receive(solved, now);
        } else {
            let tx = self.tx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(job());
            });
        }
        None
    }

    /// The own-pairs solver for `config`'s table, handed to the round on screen when it
    /// is ready: at once if solved before, else from a worker thread (or this thread
    /// when blocking), as the two-player solver is.
    fn want_seats_solver(&mut self, config: &Config, now: Instant) {
        let key: SeatsKey = (config.deck.clone(), config.seat_count(), config.pass_rule);
        if let Some(s) = self.seats_solvers.get(&key) {
            let s = Arc::clone(s);
            if let Some(r) = self.round_mut() {
                r.set_seats_solver(Ok(s), now);
            }
            return;
        }
        if self.seats_pending.as_ref() == Some(&key) {
            return;
        }
        let config = config.clone();
        let job_key = key.clone();
        let job = move || SeatsSolved {
            result: Deck::parse(&config.deck)
                .map_err(|e| e.to_string())
                .and_then(|deck| own_pairs_solver(&deck, &config)),
            key: job_key,
        };
        self.seats_pending = Some(key);
        if self.blocking {
            let solved = job();
            self.receive_seats(solved, now);
        } else {
            let tx = self.seats_tx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(job());
            });
        }
    }

    fn receive_seats(&mut self, solved: SeatsSolved, now: Instant) {
        if let Ok(s) = &solved.result {
            self.seats_solvers.insert(solved.key.clone(), Arc::clone(s));
        }
        if self.seats_pending.as_ref() == Some(&solved.key) {
            self.seats_pending = None;
        }
        if let Some(r) = self.round_mut() {
            let c = r.config();
            if (c.deck.clone(), c.seat_count(), c.pass_rule) == solved.key && r.wants_seats_solver()
            {
                r.set_seats_solver(solved.result, now);
            }
        }
    }

    /// Saves the game on screen if it has flips (or, in Pairs, decisions) and is not
    /// saved yet (finished, or being left).
    /// A finished solitaire game is then counted in the statistics: after its record, so
    /// that a kill between the two never leaves a counted game without its record.
    fn save_current(&mut self) {
        if let Some((dir, game)) = self.unsaved_game() {
            let saved = game.save(&dir).map_err(|e| e.to_string());
            match &mut self.screen {
                Screen::Play(r) => r.set_saved(saved),
                Screen::Solo(s) => s.set_saved(saved),
                Screen::Pairs(t) => t.set_saved(saved),
                _ => {}
            }
        }
        if let Screen::Solo(s) = &mut self.screen {
            s.count();
        }
    }

    /// Where and what leaving the game on screen would save now, if anything: also what a
    /// signal that ends the program saves (see `term.rs`).
    #[must_use]
    pub fn unsaved_game(&self) -> Option<(PathBuf, Unsaved)> {
        let dir = self.save_dir.clone()?;
        match &self.screen {
            Screen::Play(r) if r.unsaved() => Some((dir, Unsaved::Concentration(r.record()))),
            Screen::Solo(s) if s.unsaved() => Some((dir, Unsaved::Concentration(s.record()))),
            Screen::Pairs(t) if t.unsaved() => Some((dir, Unsaved::Pairs(t.record()))),
            _ => None,
        }
    }

    /// Takes in any finished solve; returns whether something arrived.
    pub fn poll_worker(&mut self, now: Instant) -> bool {
        // Once the person has quit, a worker's answer goes nowhere (it may arrive at any
        // moment: taking it in would race the quit).
        if self.quit {
            return false;
        }
        let mut any = false;
        if let Screen::Solo(s) = &mut self.screen
            && s.poll()
        {
            any = true;
            // The par arrived after the last flip: the game is finished only now.
            if s.game().view().is_over() {
                self.save_current();
            }
        }
        if let Screen::Pairs(t) = &mut self.screen
            && t.poll(now)
        {
            any = true;
            // The AI's decision may have ended the game: save it as a key would.
            if t.is_over() {
                self.save_current();
            }
        }
        if let Screen::Play(r) = &mut self.screen
            && r.poll_zebra(now)
        {
            any = true;
        }
        if let Screen::Replay(r) = &mut self.screen
            && r.poll_analysis()
        {
            any = true;
        }
        while let Ok(solved) = self.rx.try_recv() {
            self.receive(solved, now);
            any = true;
        }
        while let Ok(solved) = self.seats_rx.try_recv() {
            self.receive_seats(solved, now);
            any = true;
        }
        any
    }

    fn receive(&mut self, solved: Solved, now: Instant) {
        if let Ok(s) = &solved.result {
            self.solvers.insert(solved.key.clone(), Arc::clone(s));
        }
        if self.pending.as_ref() == Some(&solved.key) {
            self.pending = None;
        }
        match &mut self.screen {
            Screen::Play(r) => {
                let c = r.config();
                if (c.deck.clone(), c.objective, c.pass_rule, c.variant) == solved.key
                    && !r.solver_settled()
                {
                    r.set_solver(solved.result, now);
                }
            }
            Screen::Replay(r) if r.solver_key() == solved.key && !r.settled() => {
                r.set_solver(solved.result);
            }
            _ => {}
        }
    }

    /// When the app next needs a [`Action::Tick`] (`None`: only on input).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        match &self.screen {
            Screen::Play(r) => r.deadline(),
            Screen::Replay(r) => r.deadline(),
            Screen::Solo(s) => s.deadline(),
            Screen::Pairs(t) => t.deadline(),
            Screen::Puzzle(d) => d.deadline(),
            _ => None,
        }
    }

    /// Until when a key cannot turn a card, because play just went on (see
    /// [`Round::ready_at`]); the terminal loop drops input typed before it when it
    /// changes.
    #[must_use]
    pub fn ready_at(&self) -> Option<Instant> {
        match &self.screen {
            Screen::Play(r) => r.ready_at(),
            Screen::Solo(s) => s.ready_at(),
            _ => None,
        }
    }

    /// Whether the board geometry fits the terminal.
    #[must_use]
    pub fn too_small(&self) -> Option<(u16, u16)> {
        let need = screen::min_size(self);
        (self.size.0 < need.0 || self.size.1 < need.1).then_some(need)
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action, now: Instant) {
        self.apply(action, now);
        let over = self.round().is_some_and(|r| r.game().view().is_over())
            || self.solo().is_some_and(|s| s.game().view().is_over())
            || self.pairs_table().is_some_and(PairsTable::is_over);
        if over || self.quit {
            self.save_current();
        }
    }

    fn apply(&mut self, action: Action, now: Instant) {
        match action {
            Action::Interrupt => {
                self.quit = true;
                return;
            }
            Action::Resize(w, h) => {
                self.size = (w, h);
                return;
            }
            // The terminal loop stops the program; nothing changes here.
            Action::Suspend => return,
            Action::Tick => {
                self.spinner = self.spinner.wrapping_add(1);
                match &mut self.screen {
                    Screen::Play(r) => r.tick(now),
                    Screen::Replay(r) => r.tick(now),
                    Screen::Solo(s) => s.tick(now),
                    Screen::Pairs(t) => t.tick(now),
                    Screen::Puzzle(d) => d.tick(now),
                    _ => {}
                }
                return;
            }
            _ => {}
        }
        if self.too_small().is_some() && action != Action::Quit && self.overlay.is_none() {
            // Nothing of the screen is visible: no key may act on it but `q` (back, or
            // quit: its question is shown).
            return;
        }
        if self.strategy.is_some() {
            self.update_strategy(action);
            return;
        }
        if let Some(o) = self.overlay {
            self.update_overlay(o, action, now);
            return;
        }
        if action == Action::Help {
            self.overlay = Some(Overlay::Help);
            return;
        }
        match &mut self.screen {
            Screen::Setup(_) => self.update_setup(action, now),
            Screen::Play(_) => self.update_play(action, now),
            Screen::Replay(_) => self.update_replay(action, now),
            Screen::History(_) => self.update_history(action, now),
            Screen::Solo(_) => self.update_solo(action, now),
            Screen::Puzzle(_) => self.update_puzzle(action),
            Screen::Pairs(_) => self.update_pairs(action, now),
            Screen::PairsReplay(_) => self.update_pairs_replay(action),
        }
    }

    /// The Pairs replay: `←`/`→` a decision, `↑`/`↓` a round's worth, Home/End the
    /// ends, `q` back to the list it came from or out.
    fn update_pairs_replay(&mut self, action: Action) {
        let Screen::PairsReplay(replay) = &mut self.screen else {
            return;
        };
        match action {
            Action::Move(0, dc) => replay.step(dc),
            Action::Move(dr, _) => replay.step(dr * 5),
            Action::Home => replay.jump(false),
            Action::End => replay.jump(true),
            Action::Quit => match replay.take_history() {
                Some(history) => self.screen = Screen::History(history),
                None => self.quit = true,
            },
            _ => {}
        }
    }

    /// Pairs: `h` hits and `f` fold (the keys Concentration reads as "left" and
    /// "fractions"), `H` the hint, `c` the coach, `o` the odds; any other key goes on.
    fn update_pairs(&mut self, action: Action, now: Instant) {
        let Screen::Pairs(table) = &mut self.screen else {
            return;
        };
        if table.is_over() {
            if action == Action::Quit {
                self.leave_pairs();
            }
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::Hint => table.toggle_hint(),
            Action::Codes => table.toggle_coach(),
            Action::Odds => table.toggle_odds(),
            Action::Move(0, -1) => table.decide(crate::pairs::Action::Hit, now),
            Action::Fraction => table.decide(crate::pairs::Action::Fold, now),
            _ => table.go_on(now),
        }
    }

    fn update_strategy(&mut self, action: Action) {
        let size = self.size;
        let Some(page) = &mut self.strategy else {
            return;
        };
        let rows = isize::try_from(Strategy::page_rows(size)).unwrap_or(1);
        match action {
            Action::Move(dr, 0) => page.scroll_by(dr, size),
            Action::Page(dp) => page.scroll_by(dp * rows, size),
            Action::Select => page.scroll_by(rows, size),
            Action::Home => page.scroll = 0,
            Action::End => page.scroll_by(isize::MAX, size),
            Action::Quit => {
                if page.quit_on_close {
                    self.quit = true;
                }
                self.strategy = None;
            }
            _ => {}
        }
    }

    fn update_puzzle(&mut self, action: Action) {
        let size = self.size;
        let Screen::Puzzle(drill) = &mut self.screen else {
            return;
        };
        match action {
            Action::Quit => match self.puzzles_from.take() {
                Some(setup) => self.screen = Screen::Setup(setup),
                None => self.quit = true,
            },
            Action::New => drill.next(),
            Action::Again => drill.retry(),
            Action::Learn if drill.answer().is_some() => {
                self.strategy = Some(Strategy::new(false));
            }
            Action::Move(dr, dc) => drill.move_cursor(dr, dc),
            Action::Select => {
                let pos = drill.cursor;
                drill.choose(pos);
            }
            Action::Click(x, y) => {
                let (rows, cols) = drill.game().view().deck().grid();
                let area = screen::board_area(ratatui::layout::Rect::new(0, 0, size.0, size.1));
                let cards = drill.game().view().slots().len();
                if let Some(pos) = Geometry::fit(area, rows, cols).and_then(|g| g.hit(x, y, cards))
                {
                    drill.cursor = pos;
                    drill.choose(pos);
                }
            }
            _ => {}
        }
    }

    fn update_solo(&mut self, action: Action, now: Instant) {
        let size = self.size;
        let Screen::Solo(solo) = &mut self.screen else {
            return;
        };
        if solo.game().view().is_over() && solo.show().is_none() {
            match action {
                Action::New => self.new_deal(now),
                Action::Again => match solo.replay_deal() {
                    Ok(s) => self.screen = Screen::Solo(Box::new(s)),
                    Err(e) => self.quit_with(e),
                },
                Action::Fraction => solo.toggle_fraction(),
                Action::Review => {
                    let record = solo.record();
                    let Screen::Solo(solo) = std::mem::replace(
                        &mut self.screen,
                        Screen::Setup(Setup::new(self.base.clone())),
                    ) else {
                        return;
                    };
                    match Replay::new(record, None, Back::Solo(solo)) {
                        Ok(replay) => self.open_replay(replay, now),
                        Err(e) => self.quit_with(e),
                    }
                }
                Action::Setup => {
                    let mut c = solo.config().clone();
                    c.seed = random_seed();
                    let mut setup = Setup::new(c);
                    setup.solitaire = true;
                    self.screen = Screen::Setup(setup);
                }
                Action::Quit => self.quit = true,
                _ => {}
            }
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::New => self.overlay = Some(Overlay::ConfirmNew),
            Action::Hint => solo.toggle_hint(),
            Action::Fraction => solo.toggle_fraction(),
            Action::Move(dr, dc) => solo.move_cursor(dr, dc),
            Action::Select => {
                let pos = solo.cursor;
                solo.flip_at(pos, now);
            }
            Action::Click(x, y) => {
                let (rows, cols) = solo.game().view().deck().grid();
                let area = screen::board_area(ratatui::layout::Rect::new(0, 0, size.0, size.1));
                let cards = solo.game().view().slots().len();
                if let Some(pos) = Geometry::fit(area, rows, cols).and_then(|g| g.hit(x, y, cards))
                {
                    solo.cursor = pos;
                    solo.flip_at(pos, now);
                }
            }
            _ => solo.speed_up(now),
        }
    }

    fn update_replay(&mut self, action: Action, now: Instant) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        if replay.summary {
            replay.summary = false;
            if action != Action::Quit {
                return;
            }
        }
        match action {
            Action::Move(0, dc) => replay.step(dc),
            Action::Move(dr, _) => replay.turn(dr > 0),
            Action::Home => replay.jump(false),
            Action::End => replay.jump(true),
            Action::Select => replay.toggle_auto(now),
            Action::Setup => replay.summary = true,
            Action::Mistake(forward) => replay.jump_mistake(forward),
            Action::Whose => replay.switch_whose(),
            Action::Again if replay.record().is_solitaire() => {
                let config = replay.again(&self.base);
                let challenge = replay.record().challenge;
                match self.begin_solo(config, challenge) {
                    // The deal was seen in its record: it is a deal played again.
                    Ok(()) => {
                        if let Screen::Solo(s) = &mut self.screen {
                            s.mark_played_before();
                        }
                    }
                    Err(e) => {
                        if let Screen::Replay(r) = &mut self.screen {
                            r.set_solver(Err(e));
                        }
                    }
                }
            }
            Action::Again => {
                let config = replay.again(&self.base);
                if let Err(e) = self.begin(config, now) {
                    // The deal cannot be played (a deck too large for the screen).
                    if let Screen::Replay(r) = &mut self.screen {
                        r.set_solver(Err(e));
                    }
                }
            }
            Action::Quit => match replay.take_back() {
                Some(Back::Round(round)) => self.screen = Screen::Play(round),
                Some(Back::Solo(solo)) => self.screen = Screen::Solo(solo),
                Some(Back::History(history)) => self.screen = Screen::History(history),
                Some(Back::Quit) | None => self.quit = true,
            },
            _ => {}
        }
    }

    fn update_history(&mut self, action: Action, now: Instant) {
        let Screen::History(history) = &mut self.screen else {
            return;
        };
        match action {
            Action::Move(dr, 0) => history.select(dr),
            Action::Home => history.selected = 0,
            Action::End => history.select(isize::MAX),
            Action::Quit => self.quit = true,
            Action::Select => {
                let Some(entry) = history.entries.get(history.selected) else {
                    return;
                };
                if let Some(pairs) = entry.pairs.clone() {
                    let path = entry.path.clone();
                    match PairsReplay::new(pairs, Some(path)) {
                        Ok(replay) => {
                            let Screen::History(history) = std::mem::replace(
                                &mut self.screen,
                                Screen::Setup(Setup::new(self.base.clone())),
                            ) else {
                                return;
                            };
                            self.screen =
                                Screen::PairsReplay(Box::new(replay.from_history(history)));
                        }
                        Err(e) => history.message = e.to_string(),
                    }
                    return;
                }
                let record = match &entry.record {
                    Ok(r) => r.clone(),
                    Err(e) => {
                        history.message.clone_from(e);
                        return;
                    }
                };
                let path = entry.path.clone();
                let Screen::History(history) = std::mem::replace(
                    &mut self.screen,
                    Screen::Setup(Setup::new(self.base.clone())),
                ) else {
                    return;
                };
                match Replay::new(record, Some(path), Back::History(history)) {
                    Ok(replay) => self.open_replay(replay, now),
                    Err(e) => self.quit_with(e),
                }
            }
            _ => {}
        }
    }

    /// Leaves a game of Pairs, saved: back to the setup screen it was started from, or
    /// out of the program (`concentration pairs`).
    fn leave_pairs(&mut self) {
        match self.pairs_from.take() {
            Some(setup) => {
                self.save_current();
                self.screen = Screen::Setup(setup);
            }
            None => self.quit = true,
        }
    }

    /// A game of Pairs from the setup screen: you against the subgame-perfect AI, ten
    /// ranks, the usual target, the seed and AI pace chosen on the form.
    fn begin_pairs(&mut self, now: Instant) {
        let Screen::Setup(setup) = &mut self.screen else {
            return;
        };
        let c = &setup.config;
        let seats =
            crate::seats::Seats::<crate::pairs::PairsAi>::parse("you,spne").expect("a valid table");
        let ranks = crate::pairs::Ranks::new(10).expect("ten ranks");
        let target = crate::pairs::rules::default_target(seats.len());
        match PairsTable::new(seats, ranks, target, c.seed, c.ai_delay, now) {
            Ok(mut table) => {
                if !self.blocking {
                    table.think_aside();
                }
                let from = std::mem::replace(&mut self.screen, Screen::Pairs(Box::new(table)));
                if let Screen::Setup(s) = from {
                    self.pairs_from = Some(s);
                }
            }
            Err(e) => setup.error = Some(e.to_string()),
        }
    }

    /// Shows `message` on the setup screen (an error nowhere else fits).
    fn quit_with(&mut self, message: String) {
        let mut setup = Setup::new(self.base.clone());
        setup.error = Some(message);
        self.screen = Screen::Setup(setup);
    }

    fn update_overlay(&mut self, overlay: Overlay, action: Action, now: Instant) {
        match (overlay, action) {
            // Only `y` says yes: `q` or `n` again is the "n" of "(y / n)".
            (Overlay::ConfirmQuit, Action::Yes) if matches!(self.screen, Screen::Pairs(_)) => {
                self.overlay = None;
                self.leave_pairs();
            }
            (Overlay::ConfirmQuit, Action::Yes) => self.quit = true,
            (Overlay::Help, Action::Learn) => {
                self.overlay = None;
                self.strategy = Some(Strategy::new(false));
            }
            (Overlay::Why, Action::Codes) => {
                if let Screen::Play(round) = &mut self.screen {
                    round.toggle_codes();
                }
            }
            (Overlay::ConfirmNew, Action::Yes) => {
                self.overlay = None;
                self.new_deal(now);
            }
            _ => self.overlay = None,
        }
    }

    fn update_setup(&mut self, action: Action, now: Instant) {
        let Screen::Setup(setup) = &mut self.screen else {
            return;
        };
        if setup.is_editing() {
            // Typing the players list: keys are its characters.
            match action {
                Action::Type(c) => setup.type_char(c),
                Action::Backspace => setup.backspace(),
                Action::Select => setup.finish_editing(),
                Action::Quit => setup.cancel_editing(),
                _ => {}
            }
            return;
        }
        match action {
            Action::Select if setup.field() == super::setup::Field::Players && !setup.solitaire => {
                setup.start_editing();
            }
            Action::Move(dr, 0) => setup.up_down(dr),
            Action::Move(0, dc) => setup.left_right(dc),
            Action::Digit(d) => setup.digit(d),
            Action::Backspace => setup.backspace(),
            Action::Again => setup.random_seed(random_seed()),
            Action::Quit => self.quit = true,
            Action::Learn => self.strategy = Some(Strategy::new(false)),
            Action::PairsGame => self.begin_pairs(now),
            Action::Puzzles => {
                // Puzzles on the deck and rules chosen here.
                let c = &setup.config;
                let rules = Deck::parse(&c.deck).map(|deck| crate::trainer::puzzle::PuzzleRules {
                    deck,
                    objective: c.objective,
                    pass_rule: c.pass_rule,
                });
                let drill = rules.map_err(|e| e.to_string()).and_then(|rules| {
                    Drill::new(
                        rules,
                        c.seed,
                        super::puzzle::Filter::default(),
                        None,
                        self.stats_dir.clone(),
                    )
                });
                match drill {
                    Ok(d) => {
                        let from = std::mem::replace(&mut self.screen, Screen::Puzzle(Box::new(d)));
                        if let Screen::Setup(s) = from {
                            self.puzzles_from = Some(s);
                        }
                    }
                    Err(e) => setup.error = Some(e),
                }
            }
            Action::Select => {
                let config = setup.config.clone();
                let started = if setup.solitaire {
                    self.begin_solo(config, None)
                } else {
                    self.begin(config, now)
                };
                if let Err(e) = started
                    && let Screen::Setup(s) = &mut self.screen
                {
                    s.error = Some(e);
                }
            }
            _ => {}
        }
    }

    fn update_play(&mut self, action: Action, now: Instant) {
        let size = self.size;
        let Screen::Play(round) = &mut self.screen else {
            return;
        };
        let over = round.game().view().is_over();
        let watch = round.is_watch();
        if over && round.show().is_none() {
            match action {
                Action::New => self.new_deal(now),
                Action::Again => {
                    let c = round.config().clone();
                    let _ = self.begin(c, now);
                }
                Action::Setup => {
                    let mut c = round.config().clone();
                    c.seed = random_seed();
                    self.screen = Screen::Setup(Setup::new(c));
                }
                Action::Review | Action::Costliest => {
                    // `m` opens the replay at the costliest decision, its flip shown.
                    let at = match action {
                        Action::Costliest => {
                            match round.look_back().and_then(|b| b.costliest.as_ref()) {
                                Some(&(i, _)) => Some(i),
                                None => return,
                            }
                        }
                        _ => None,
                    };
                    let record = round.record();
                    let Screen::Play(round) = std::mem::replace(
                        &mut self.screen,
                        Screen::Setup(Setup::new(self.base.clone())),
                    ) else {
                        return;
                    };
                    match Replay::new(record, None, Back::Round(round)) {
                        Ok(mut replay) => {
                            if let Some(i) = at {
                                replay.show_flip(i);
                            }
                            self.open_replay(replay, now);
                        }
                        Err(e) => self.quit_with(e),
                    }
                }
                Action::Quit => self.quit = true,
                _ => {}
            }
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::New => self.overlay = Some(Overlay::ConfirmNew),
            Action::Odds => round.toggle_odds(),
            Action::Hint => round.toggle_hint(),
            Action::Codes => round.toggle_codes(),
            Action::Why if !watch => {
                if round.hint().is_none() {
                    round.toggle_hint();
                }
                if round.hint().is_some() {
                    self.overlay = Some(Overlay::Why);
                }
            }
            Action::Undo if !watch => round.undo(now),
            Action::Move(dr, dc) if !watch => round.move_cursor(dr, dc),
            Action::Select if !watch => {
                let pos = round.cursor;
                round.person_flip(pos, now);
            }
            Action::Click(x, y) if !watch => {
                let (rows, cols) = round.game().view().deck().grid();
                let area = screen::board_area(ratatui::layout::Rect::new(0, 0, size.0, size.1));
                let cards = round.game().view().slots().len();
                if let Some(pos) = Geometry::fit(area, rows, cols).and_then(|g| g.hit(x, y, cards))
                {
                    round.cursor = pos;
                    round.person_flip(pos, now);
                }
            }
            _ => round.speed_up(now),
        }
    }

    /// A new deal with the same settings and a fresh seed.
    fn new_deal(&mut self, now: Instant) {
        self.save_current();
        if let Screen::Solo(s) = &mut self.screen {
            match s.next_deal(random_seed()) {
                Ok(next) => self.screen = Screen::Solo(Box::new(next)),
                Err(e) => self.quit_with(e),
            }
            return;
        }
        if let Some(r) = self.round() {
            let mut c = r.config().clone();
            c.seed = random_seed();
            let _ = self.begin(c, now);
        }
    }
}

/// A seed from the clock and the process (not reproducible; shown on screen).
#[must_use]
pub fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    #[allow(clippy::cast_possible_truncation)] // mixing bits
    let x = (t as u64) ^ (u64::from(std::process::id()) << 32);
    // SplitMix64 finaliser; keep seeds short enough to type.
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000
}
