//! The application state and its one update path: keys become [`Action`]s, and
//! [`App::update`] applies them. Drawing (in `screen.rs`) only reads.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::board::Geometry;
use super::config::Config;
use super::round::{Round, SharedSolver};
use super::screen;
use super::setup::Setup;
use crate::players::Optimal;
use crate::rules::{Deck, Objective, PassRule};

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
    /// `q` or Esc: quit (asks first during a game).
    Quit,
    /// `y`: yes to a question.
    Yes,
    /// Ctrl-C or a termination signal: leave at once.
    Interrupt,
    /// A digit (the seed).
    Digit(u32),
    /// Backspace.
    Backspace,
    /// The terminal changed size.
    Resize(u16, u16),
    /// Time passed.
    Tick,
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
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Self::Interrupt;
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => Self::Move(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => Self::Move(1, 0),
            KeyCode::Left | KeyCode::Char('h') => Self::Move(0, -1),
            KeyCode::Right | KeyCode::Char('l') => Self::Move(0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => Self::Select,
            KeyCode::Char('H') => Self::Hint,
            KeyCode::Char('o') => Self::Odds,
            KeyCode::Char('?') => Self::Help,
            KeyCode::Char('n') => Self::New,
            KeyCode::Char('r') => Self::Again,
            KeyCode::Char('s') => Self::Setup,
            KeyCode::Char('u') => Self::Undo,
            KeyCode::Char('q') | KeyCode::Esc => Self::Quit,
            KeyCode::Char('y' | 'Y') => Self::Yes,
            KeyCode::Char(c) if c.is_ascii_digit() => Self::Digit(c.to_digit(10).unwrap_or(0)),
            KeyCode::Backspace => Self::Backspace,
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
}

/// A window over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The list of keys.
    Help,
    /// "Quit this game?"
    ConfirmQuit,
    /// "Abandon this game for a new one?"
    ConfirmNew,
}

/// A message from the solver thread.
pub struct Solved {
    key: SolverKey,
    result: Result<SharedSolver, String>,
}

type SolverKey = (String, Objective, PassRule);

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
    /// Solve on this thread (tests) instead of a worker.
    pub blocking: bool,
}

impl App {
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
            blocking: false,
        }
    }

    /// The round on screen, if any.
    #[must_use]
    pub fn round(&self) -> Option<&Round> {
        match &self.screen {
            Screen::Play(r) => Some(r),
            Screen::Setup(_) => None,
        }
    }

    fn round_mut(&mut self) -> Option<&mut Round> {
        match &mut self.screen {
            Screen::Play(r) => Some(r),
            Screen::Setup(_) => None,
        }
    }

    /// Whether the solver is still working.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Starts a game with `config`, asking for its solver.
    fn begin(&mut self, config: Config, now: Instant) -> Result<(), String> {
        let round = Round::new(config.clone())?;
        self.screen = Screen::Play(Box::new(round));
        self.overlay = None;
        let key: SolverKey = (config.deck.clone(), config.objective, config.pass_rule);
        if let Some(s) = self.solvers.get(&key) {
            let s = Arc::clone(s);
            if let Some(r) = self.round_mut() {
                r.set_solver(Ok(s), now);
            }
            return Ok(());
        }
        let deck = Deck::parse(&config.deck).map_err(|e| e.to_string())?;
        let job = move || Solved {
            key: key.clone(),
            result: Optimal::new(&deck, key.1, key.2)
                .map(|o| Arc::new(Mutex::new(o)))
                .map_err(|e| e.to_string()),
        };
        self.pending = Some((config.deck, config.objective, config.pass_rule));
        if self.blocking {
            let solved = job();
            self.receive(solved, now);
        } else {
            let tx = self.tx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(job());
            });
        }
        Ok(())
    }

    /// Takes in any finished solve; returns whether something arrived.
    pub fn poll_worker(&mut self, now: Instant) -> bool {
        let mut any = false;
        while let Ok(solved) = self.rx.try_recv() {
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
        if let Some(r) = self.round_mut() {
            let c = r.config();
            if (c.deck.clone(), c.objective, c.pass_rule) == solved.key && !r.solver_settled() {
                r.set_solver(solved.result, now);
            }
        }
    }

    /// When the app next needs a [`Action::Tick`] (`None`: only on input).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.round().and_then(Round::deadline)
    }

    /// Whether the board geometry fits the terminal.
    #[must_use]
    pub fn too_small(&self) -> Option<(u16, u16)> {
        let need = screen::min_size(self);
        (self.size.0 < need.0 || self.size.1 < need.1).then_some(need)
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action, now: Instant) {
        match action {
            Action::Interrupt => {
                self.quit = true;
                return;
            }
            Action::Resize(w, h) => {
                self.size = (w, h);
                return;
            }
            Action::Tick => {
                self.spinner = self.spinner.wrapping_add(1);
                if let Some(r) = self.round_mut() {
                    r.tick(now);
                }
                return;
            }
            _ => {}
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
        }
    }

    fn update_overlay(&mut self, overlay: Overlay, action: Action, now: Instant) {
        match (overlay, action) {
            (Overlay::ConfirmQuit, Action::Yes | Action::Quit) => self.quit = true,
            (Overlay::ConfirmNew, Action::Yes | Action::New) => {
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
        match action {
            Action::Move(dr, 0) => setup.up_down(dr),
            Action::Move(0, dc) => setup.left_right(dc),
            Action::Digit(d) => setup.digit(d),
            Action::Backspace => setup.backspace(),
            Action::Again => setup.config.seed = random_seed(),
            Action::Quit => self.quit = true,
            Action::Select => {
                let config = setup.config.clone();
                if let Err(e) = self.begin(config, now)
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
