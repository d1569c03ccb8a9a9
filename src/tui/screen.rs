//! Drawing the whole application from its state: the layout of a game's screen, each
//! screen by its view (`round_view.rs`, `solo_view.rs`, ...), the windows over them
//! (help, questions; the end of a game is in `end_view.rs`) and "terminal too small".
//! Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::board::Geometry;
use super::end_view::end_lines;
use super::look::Paint;
use super::panel::{
    Footer, PANEL_WIDTH, PLAY_KEYS, ROOM_KEYS, WATCH_KEYS, key_rows, keys_offered, text_popup,
};
use super::replay_view;
use super::solo_view::{self, SOLO_KEYS};
use super::theme;
use crate::app::{App, Overlay, Screen};
use crate::rules::Phase;

/// Smallest terminal the current screen can use.
#[must_use]
pub(super) fn min_size(app: &App) -> (u16, u16) {
    match &app.screen {
        // The setup form lists every choice with its note.
        Screen::Setup(_) => (64, 24),
        Screen::History(_) => (64, 20),
        Screen::Replay(r) => replay_view::min_size(r.stepper().game().board(), app.look.ascii()),
        Screen::Puzzle(d) => table_min_size(d.game().board()),
        Screen::Play(r) => table_min_size(r.game().board()),
        Screen::Solo(s) => table_min_size(s.game().board()),
        Screen::Pairs(t) => super::pairs_table_view::min_size(t.seats().len()),
        Screen::PairsReplay(r) => super::pairs_table_view::min_size(r.record().seats.len()),
    }
}

/// Smallest terminal a table laid out as `board` can be played on.
fn table_min_size(board: &crate::rules::Board) -> (u16, u16) {
    let (w, h) = Geometry::min_size(board);
    ((w + PANEL_WIDTH).max(WINDOW_WIDTH), (h + 3).max(16))
}

/// The narrowest screen for a game: its help and end windows need this many columns to
/// show every line without cutting one.
const WINDOW_WIDTH: u16 = 64;

/// Title, board, panel, message line and footer of the play screen.
pub(super) fn play_areas(area: Rect) -> [Rect; 5] {
    let [title, middle, message, footer] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ]));
    let [board, panel] = middle.layout(&Layout::horizontal([
        Constraint::Min(1),
        Constraint::Length(PANEL_WIDTH),
    ]));
    [title, board, panel, message, footer]
}

/// Where the board goes in a terminal of `area` (also used for mouse clicks).
#[must_use]
pub fn board_area(area: Rect) -> Rect {
    play_areas(area)[1]
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.draw(area, buf);
        self.look.apply(area, buf);
    }
}

impl App {
    /// Every screen and window, in the dark palette with Unicode glyphs.
    fn draw(&self, area: Rect, buf: &mut Buffer) {
        if let Some((w, h)) = self.too_small() {
            too_small(area, buf, w, h);
            // `q` still works there, so its question must be seen.
            if let Some(o @ (Overlay::ConfirmQuit | Overlay::ConfirmNew)) = self.overlay {
                confirm(area, buf, o);
            }
            return;
        }
        match &self.screen {
            Screen::Setup(s) => super::setup_view::draw(s, self.served, area, buf),
            Screen::Play(r) => super::round_view::draw(self, r, area, buf),
            Screen::Replay(r) => replay_view::replay(r, self.look.ascii(), area, buf),
            Screen::History(h) => super::history_view::draw(h, self.look.ascii(), area, buf),
            Screen::Solo(s) => solo_view::draw(app_spinner(self), self.look.ascii(), s, area, buf),
            Screen::Puzzle(d) => {
                super::puzzle_view::draw(d, self.look.ascii(), play_areas(area), area, buf);
            }
            Screen::Pairs(t) => super::pairs_table_view::draw(t, self.look.ascii(), area, buf),
            Screen::PairsReplay(r) => {
                super::pairs_replay_view::draw(r, self.look.ascii(), area, buf);
            }
        }
        if let Some(page) = &self.strategy {
            super::strategy_view::render(page, self.look.ascii(), area, buf);
            return;
        }
        match self.overlay {
            Some(Overlay::Help) => {
                let (title, lines) = help_window(&self.screen);
                text_popup(area, 66, lines, title, buf);
            }
            Some(Overlay::Why) => {
                text_popup(area, 76, why_window(&self.screen), WHY_TITLE, buf);
            }
            Some(o @ (Overlay::ConfirmQuit | Overlay::ConfirmNew)) => confirm(area, buf, o),
            None => {}
        }
    }
}

/// The window of a (y / n) question.
fn confirm(area: Rect, buf: &mut Buffer, overlay: Overlay) {
    match overlay {
        Overlay::ConfirmQuit => question(area, buf, QUIT_QUESTION),
        Overlay::ConfirmNew => question(area, buf, NEW_QUESTION),
        Overlay::Help | Overlay::Why => {}
    }
}

fn too_small(area: Rect, buf: &mut Buffer, w: u16, h: u16) {
    let text = vec![
        Line::from(format!("terminal too small: need {w} x {h}")),
        Line::from(format!(
            "(now {} x {}; resize to go on)",
            area.width, area.height
        )),
    ];
    let y = area.y + area.height.saturating_sub(2) / 2;
    Paragraph::new(text)
        .centered()
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, y, area.width, area.height.min(2)), buf);
}

/// The spinner frame while the solver works (`None`: not working).
fn app_spinner(app: &App) -> Option<usize> {
    app.thinking().then_some(app.spinner)
}

/// Every key of a solitaire game.
const SOLO_HELP: &[(&str, &str)] = &[
    ("← ↑ ↓ → / h j k l", "move the cursor"),
    (
        "Enter Space click",
        "turn a card (any key goes on after a move)",
    ),
    ("H", "hint: expected moves after each choice"),
    ("f", "exact fractions of the par"),
    ("n", "new deal"),
    ("r / s / v", "end screen: same deal again / setup / replay"),
    ("?", "this help"),
    ("q / Esc", "quit (asks during a game)"),
];

fn question(area: Rect, buf: &mut Buffer, text: &'static str) {
    text_popup(area, 50, vec![Line::from(text).centered()], " Sure? ", buf);
}

/// Every key, for the help overlay.
const HELP: &[(&str, &str)] = &[
    ("← ↑ ↓ → / h j k l", "move the cursor"),
    ("Enter Space click", "turn the card under the cursor"),
    ("any other key", "go on after a turn; speed up the AI"),
    ("H / w", "hint: each choice and its value / why"),
    ("c", "the model's pattern codes in the hint"),
    ("o", "show or hide your odds"),
    ("u / n", "undo (practice games only) / new game"),
    ("r s v m", "end: same deal / setup / replay / costliest"),
    ("? / q Esc", "this help / quit (asks; Ctrl-C: at once)"),
];

/// The keys of the tutor's question (`--tutor`), for the play screen's help.
const TUTOR_HELP: &[(&str, &str)] =
    &[("y / n Esc / w", "tutor asks: turn it / take it back / why")];

/// Every key of the replay and of the list of saved games.
const REPLAY_HELP: &[(&str, &str)] = &[
    ("→ / l, ← / h", "next / previous flip"),
    ("↓ / j, ↑ / k", "end of this turn / start of the last"),
    ("Home g, End G", "start / end of the game"),
    ("] / [", "next / previous mistake (best card marked)"),
    ("Tab", "whose mistakes: first seat, second, both"),
    ("Enter / Space", "auto-play on or off (list: open)"),
    ("s", "summary: accuracy, cost, costliest decisions"),
    ("r", "play this deal again"),
    ("?", "this help"),
    ("q / Esc", "back (list: quit)"),
];

/// What the board's marks mean, in one line: the help window fits the smallest screen
/// (with `--ascii` the glyph map turns these into the board's ASCII ones).
/// `?` marks a new card of the best choice and `+` a seen one (face up in open memory,
/// face down in classic once the hint shows places); `*` a card turned this turn.
const MARKS: &str = "Board: ? + best card · ░ face down · * turned · [ ] cursor";

/// The lines of a help window listing `keys`; `setup` adds the setup screen's keys.
fn help_lines(keys: &[(&str, &str)], setup: bool) -> Vec<Line<'static>> {
    // No blank line after the keys: the help window fits the smallest screen.
    let mut lines = key_rows(keys);
    if setup {
        lines.push(
            Line::from("Setup: ↑↓ choose, ←→ change, digits type the seed.").style(theme::DIM),
        );
    }
    // One line each: the help window fits the smallest screen.
    lines.push(Line::from("L: the Strategy page. Press any key to close.").style(theme::DIM));
    lines.push(
        Line::from("Play by ear: --screen-reader (plain lines, typed commands)").style(theme::DIM),
    );
    lines
}

/// The title of the Why window.
const WHY_TITLE: &str = " Why: every choice vs optimal play ";

/// The Why window's lines: the hint of the game on show in full.
fn why_window(screen: &Screen) -> Vec<Line<'static>> {
    match screen {
        Screen::Play(r) => r
            .hint()
            .map(|h| super::panel::why_lines(h, r.show_codes()))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The lines of a help window over a board of cards: `keys`, then what the board's
/// marks mean.
fn board_help_lines(keys: &[(&str, &str)], setup: bool) -> Vec<Line<'static>> {
    let mut lines = help_lines(keys, setup);
    lines.insert(keys.len(), Line::from(MARKS));
    lines
}

/// The help window of the screen on show, its title and its lines.
fn help_window(screen: &Screen) -> (&'static str, Vec<Line<'static>>) {
    match screen {
        Screen::Replay(_) => (" Replay keys ", board_help_lines(REPLAY_HELP, false)),
        Screen::History(_) => (" Replay keys ", help_lines(REPLAY_HELP, false)),
        Screen::Solo(_) => (" Solitaire keys ", board_help_lines(SOLO_HELP, false)),
        Screen::Pairs(_) => (
            " Pairs keys ",
            help_lines(super::pairs_table_view::PAIRS_HELP, false),
        ),
        Screen::PairsReplay(_) => (
            " Pairs replay keys ",
            help_lines(super::pairs_replay_view::PAIRS_REPLAY_HELP, false),
        ),
        Screen::Puzzle(_) => (
            " Puzzle keys ",
            board_help_lines(super::puzzle_view::PUZZLE_HELP, false),
        ),
        Screen::Play(r) => {
            // The tutor's keys, when it may ask (one more row: the window still fits
            // the smallest play screen).
            let tutor: &[(&str, &str)] = if r.tutor_on() { TUTOR_HELP } else { &[] };
            let keys: Vec<(&str, &str)> = HELP.iter().chain(tutor).copied().collect();
            let mut lines = board_help_lines(&keys, true);
            let rule = crate::trainer::coach::deck_rule(r.game().view().deck());
            lines.insert(keys.len(), Line::from(rule).style(theme::DIM));
            (" Keys ", lines)
        }
        Screen::Setup(s) => {
            let mut lines = board_help_lines(HELP, true);
            if let Ok(deck) = crate::rules::Deck::parse(&s.config.deck) {
                let rule = crate::trainer::coach::deck_rule(&deck);
                lines.insert(HELP.len(), Line::from(rule).style(theme::DIM));
            }
            (" Keys ", lines)
        }
    }
}

impl App {
    /// The text the window on top means to show, a line each, before any wrapping: the
    /// help, a question, the end of a game, the replay's summary, or else the side panel
    /// (with its hint) and the title, message line and footer around the board. Tests
    /// check every word of it reaches the screen whole.
    #[must_use]
    pub fn window_text(&self) -> Vec<String> {
        // The dashboard's lines, plain, as `concentration stats` prints them.
        if let Some(page) = self.strategy.as_ref().filter(|p| p.is_dashboard()) {
            return page.text_lines();
        }
        let lines: Vec<Line> = match (self.overlay, &self.screen) {
            (Some(Overlay::Help), screen) => help_window(screen).1,
            (Some(Overlay::Why), screen) => why_window(screen),
            (Some(Overlay::ConfirmQuit), _) => vec![Line::from(QUIT_QUESTION)],
            (Some(Overlay::ConfirmNew), _) => vec![Line::from(NEW_QUESTION)],
            (None, Screen::Play(r)) => match r.game().view().phase() {
                Phase::Over(result) if r.show().is_none() => end_lines(r, result, self.room),
                _ => super::panel::panel_lines(r, u16::MAX, PANEL_WIDTH - 2),
            },
            (None, Screen::Solo(s)) => match s.summary() {
                Some(summary) if s.game().view().is_over() && s.show().is_none() => {
                    solo_view::end_lines(s, summary)
                }
                _ => solo_view::panel_lines(s, u16::MAX, PANEL_WIDTH - 2),
            },
            (None, Screen::Replay(r)) => replay_view::window_lines(r),
            (None, Screen::Puzzle(d)) if d.answer().is_some() => {
                super::puzzle_view::answer_lines(d)
            }
            (None, Screen::Puzzle(d)) => super::puzzle_view::panel_lines(d),
            (None, Screen::Setup(_) | Screen::History(_)) => Vec::new(),
            (None, Screen::Pairs(t)) => super::pairs_table_view::window_lines(t),
            (None, Screen::PairsReplay(r)) => super::pairs_replay_view::window_lines(r),
        };
        let frame = if self.overlay.is_none() {
            self.frame_lines()
        } else {
            Vec::new()
        };
        lines
            .iter()
            .chain(&frame)
            .map(super::panel::plain)
            .collect()
    }

    /// The title, message line and footer around the board, when no window covers them
    /// (the shortest title: a narrow screen drops the seed).
    fn frame_lines(&self) -> Vec<Line<'static>> {
        let ascii = self.look.ascii();
        match &self.screen {
            Screen::Play(r) if !matches!(r.game().view().phase(), Phase::Over(_)) => vec![
                super::round_view::play_title(r, 0),
                Line::from(r.message().to_string()),
                Footer(
                    &if self.room {
                        ROOM_KEYS.to_vec()
                    } else {
                        keys_offered(r, if r.is_watch() { WATCH_KEYS } else { PLAY_KEYS })
                    },
                    ascii,
                )
                .line(),
            ],
            Screen::Solo(s) if !s.game().view().is_over() => vec![
                solo_view::title(s),
                Line::from(s.message().to_string()),
                Footer(SOLO_KEYS, ascii).line(),
            ],
            Screen::Replay(r) if !r.summary => {
                vec![
                    replay_view::title(r),
                    Footer(replay_view::REPLAY_KEYS, ascii).line(),
                ]
            }
            _ => Vec::new(),
        }
    }
}

/// The question before quitting a game.
const QUIT_QUESTION: &str = "Quit this game? (y / n)";
/// The question before dealing a new game over one in progress.
const NEW_QUESTION: &str = "Abandon this game for a new deal? (y / n)";

/// Where the terminal's own cursor goes on a screen of `area`: on the card under the
/// board's cursor, at the middle of its face, so that screen readers and magnifiers
/// that follow the cursor follow the selection. `None` when no card is selectable (a
/// window over the board, a game watched or over, the board too small to draw).
#[must_use]
pub fn cursor_cell(app: &App, area: Rect) -> Option<(u16, u16)> {
    if app.overlay.is_some() || app.strategy.is_some() || app.too_small().is_some() {
        return None;
    }
    let (game, cursor) = match &app.screen {
        Screen::Play(r) if !r.is_watch() && !r.game().view().is_over() => (r.game(), r.cursor),
        Screen::Solo(s) if !s.game().view().is_over() => (s.game(), s.cursor),
        Screen::Puzzle(d) if d.answer().is_none() => (d.game(), d.cursor),
        _ => return None,
    };
    let cell = Geometry::fit(board_area(area), game.board())?.cell(cursor);
    Some((cell.x + cell.width / 2, cell.y + cell.height / 2))
}
