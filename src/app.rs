//! The application's state and its one update path, apart from the terminal: nothing
//! here draws or reads a terminal. A front end (the terminal's `tui`, the screen
//! reader's `speech`) hands in [`Action`]s, the game's own input words ("turn card 5",
//! not "a click at column 12"), and [`App::update`] routes them to the screen on show;
//! drawing only reads. Each screen's state lives in a file of its own here with its keys
//! beside it (`replay.rs` and `replay/keys.rs`, ...); its drawing is in
//! `tui/NAME_view.rs`. This file keeps the routing, the windows over the screens and the
//! solvers shared between them.

mod action;
pub mod config;
pub mod hint;
pub mod history;
pub mod look;
pub mod moving;
pub mod pairs_replay;
pub mod pairs_table;
pub mod places;
pub mod puzzle;
pub mod replay;
pub mod room;
pub mod round;
pub(crate) mod saving;
pub mod setup;
mod shared_solvers;
pub mod solo;
pub mod strategy;
pub mod table;
pub mod worker;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub use crate::trainer::coach::{
    LookBack, Verdict, choice_words, cost_words, deck_rule, other_colour,
};
pub use action::{Action, ActionAt, Input};
pub use config::{Config, First, Hints, Memory, Opponent, TableSeats, players_text};
pub use hint::{Hint, HintAction, HintLine, format_cost, format_value};
pub use history::{figures as history_figures, lines_with as history_lines};
pub use look::{Look, ThemeName};
pub use pairs_replay::PairsReplay;
pub use pairs_table::{CoachNote, LastMove, PairsHint, PairsTable, pair_odds};
pub use puzzle::review::{SESSION as REVIEW_SESSION, open as open_review};
pub use puzzle::{Answer, Counted as PuzzleCounted, Drill, Filter, action_at};
pub use replay::summary::{SummaryLine, summary_lines, summary_text as replay_summary};
pub use replay::{AUTO_STEP, Back, Decision, History, Replay, Whose, config_of};
pub use room::{Member, Role, Room};
pub use round::end::{figures as end_figures, result_line};
pub use round::{Reply, Round, TableSolver};
pub use setup::{DECKS, Field, Setup};
pub use solo::end::result_line as solo_result_line;
pub use solo::{Counted, Solo, SoloHint, SoloHintLine};
pub use strategy::Strategy;
pub use table::Show;

use crate::pairs::record::PairsRecord;
use crate::players::Optimal;
use crate::record::Record;
use crate::rules::Deck;
use replay::SolverKey;
use round::SharedSolver;
use worker::{Progress, Worker};

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
pub(crate) enum Unsaved {
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
    pub(crate) fn save(&self, dir: &std::path::Path) -> std::io::Result<PathBuf> {
        match self {
            Self::Concentration(r) => crate::record::save(dir, r),
            Self::Pairs(r) => crate::record::save_pairs(dir, r),
        }
    }
}

/// A message from the solver thread.
pub(crate) struct Solved {
    key: SolverKey,
    result: Result<SharedSolver, String>,
}

/// The two-player solvers of the process, shared by every app (a server's sessions).
static SOLVERS: shared_solvers::Registry<SolverKey, Mutex<Optimal>> =
    shared_solvers::Registry::new();

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
    pub(crate) spinner: usize,
    solvers: HashMap<SolverKey, SharedSolver>,
    pending: Option<SolverKey>,
    /// Solves under way on worker threads (a newer one may start before an older one
    /// ends: each answer is kept when it comes).
    solving: Vec<Worker<Solved>>,
    /// Solve on this thread (tests) instead of a worker.
    pub blocking: bool,
    /// Where finished and abandoned games are saved (`None`: not saved).
    pub save_dir: Option<PathBuf>,
    /// Other folders each finished or abandoned game is saved in too: a room's other
    /// people's (`concentration serve`), each keeping the game as their own.
    pub also_save: Vec<PathBuf>,
    /// A room's game (`concentration serve`): people at terminals of their own, who may
    /// turn cards and deal again, and leave with `q`; the footer offers that alone.
    pub room: bool,
    /// Served over SSH: the setup screen offers rooms (`R`).
    pub served: bool,
    /// The room the person asked for on the setup screen: the app quits, and the server
    /// takes them there.
    pub room_ask: Option<room::Ask>,
    /// Settings for games started from a replay (delay, hints).
    pub base: Config,
    /// The data directory where solitaire statistics are kept (`None`: not kept).
    pub stats_dir: Option<PathBuf>,
    /// The dashboard's cache folder (`None`: no cache, the games analysed afresh), as the
    /// command line found it (`cli::cache_dir`).
    pub cache_dir: Option<PathBuf>,
    /// The theme and glyph set every screen is shown in.
    pub look: Look,
    /// The Strategy page, over the screen while open.
    pub strategy: Option<Strategy>,
    /// The setup screen the puzzles were opened from: `q` goes back to it.
    puzzles_from: Option<Setup>,
    /// The setup screen a game of Pairs was started from: leaving the game goes back.
    pairs_from: Option<Setup>,
    /// What could not be saved this session, one "Not saved: ..." line each, in order.
    not_saved: Vec<String>,
}

/// What a session could not save, one line each as the screen said it ("Not saved:
/// ..."): a game's record, the statistics, a puzzle's tally or rating, the review's
/// schedule. Empty when everything was saved. The command line turns it into an exit
/// status (see `cli.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NotSaved(pub Vec<String>);

impl App {
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
        Self {
            screen,
            overlay: None,
            size: (80, 24),
            quit: false,
            spinner: 0,
            solvers: HashMap::new(),
            pending: None,
            solving: Vec::new(),
            blocking: false,
            save_dir: None,
            also_save: Vec::new(),
            room: false,
            served: false,
            room_ask: None,
            base: Config::default(),
            stats_dir: None,
            cache_dir: None,
            look: Look::default(),
            strategy: None,
            puzzles_from: None,
            pairs_from: None,
            not_saved: Vec::new(),
        }
    }

    /// An app showing only the Strategy page (`concentration learn`): closing it quits.
    #[must_use]
    pub fn learn() -> Self {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(Config::default())));
        app.strategy = Some(Strategy::new(true));
        app
    }

    /// Whether the solver is still working.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
            || self.solo().is_some_and(Solo::thinking)
            || self.pairs_table().is_some_and(PairsTable::thinking)
            || self.round().is_some_and(Round::solving)
            || self.replay_screen().is_some_and(Replay::analysing)
            || self.pairs_replay_screen().is_some_and(PairsReplay::valuing)
    }

    /// Waits for the replay's analysis if it is being computed on a worker thread
    /// (tests: the terminal loop polls with [`App::poll_worker`] instead).
    pub fn wait_for_analysis(&mut self) {
        match &mut self.screen {
            Screen::Replay(r) => r.wait_analysis(),
            Screen::PairsReplay(r) => r.wait_costs(),
            _ => {}
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
            && r.solves_itself()
        {
            r.solve(blocking, now);
            return Ok(());
        }
        if !config.two_seat_solver() {
            // Three or more without a solver (the own-pairs one solves itself, above).
            if let Some(r) = self.round_mut() {
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
        if let Some(s) = SOLVERS.find(&key) {
            self.solvers.insert(key, Arc::clone(&s));
            return Some(s);
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
            // Zebra's and the checkerboard's own solvers are the round's and the
            // replay's (they pair by colour, by back).
            result: if deck.is_zebra() || deck.is_checker() {
                Err(format!("{deck} is valued by its own solver"))
            } else {
                // Sessions starting the same deck at once solve it once: the others wait
                // for that solve (the full deck takes 20 s and 100 MB under `win`).
                SOLVERS.find_or_solve(&job_key, || {
                    Optimal::with_variant(&deck, job_key.1, job_key.2, job_key.3)
                        .map(|o| Arc::new(Mutex::new(o)))
                        .map_err(|e| e.to_string())
                })
            },
            key: job_key,
        };
        self.pending = Some(key);
        if self.blocking {
            let solved = job();
            self.receive(solved, now);
        } else {
            self.solving.push(Worker::spawn(job));
        }
        None
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
            && (r.poll_solver(now) | r.poll_rating())
        {
            any = true;
        }
        if let Screen::Replay(r) = &mut self.screen
            && r.poll_analysis()
        {
            any = true;
        }
        if let Screen::PairsReplay(r) = &mut self.screen
            && r.poll_costs()
        {
            any = true;
        }
        for solved in finished(&mut self.solving) {
            self.receive(solved, now);
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

    /// Applies one action: the app's own, or a front end's input it turns into one
    /// (`None`: nothing to do, though a finished game is still saved).
    pub fn update(&mut self, input: impl Input, now: Instant) {
        if let Some(action) = input.action(self) {
            self.apply(action, now);
        }
        if let Screen::Puzzle(d) = &mut self.screen {
            self.not_saved.extend(d.take_not_saved());
        }
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
}

/// The answers of the workers that finished, those workers let go (one that stopped
/// without an answer too: nothing will come from it).
fn finished<T>(workers: &mut Vec<Worker<T>>) -> Vec<T> {
    let mut answers = Vec::new();
    workers.retain(|w| match w.poll() {
        Progress::Running => true,
        Progress::Done(t) => {
            answers.push(t);
            false
        }
        Progress::Stopped => false,
    });
    answers
}

/// A seed from the clock and the process (not reproducible; shown on screen).
#[must_use]
pub fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // mixing bits
    let x = (t as u64) ^ (u64::from(std::process::id()) << 32);
    // SplitMix64 finaliser; keep seeds short enough to type.
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000
}
