//! What a key, a click or the clock asks for: terminal events become [`Action`]s, and
//! those the app's own words ([`app::Action`]): a click becomes the card it hit on the
//! layout drawn, and keys are dropped while the terminal is too small to show anything.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use super::board::Geometry;
use super::screen;
use crate::app::{self, App, Input, Screen};

/// What a key, a click or the clock asks for, a click given as the screen cell it hit
/// (column, row).
pub type Action = app::ActionAt<(u16, u16)>;

impl Action {
    /// The action for a terminal event (`None`: nothing to do).
    #[must_use]
    pub(crate) fn from_event(event: &Event) -> Option<Self> {
        match event {
            Event::Key(k) if k.is_press() => Some(Self::from_key(*k)),
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                ..
            }) => Some(Self::Click((*column, *row))),
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
            KeyCode::Char('R') => Self::Room,
            _ => Self::Other,
        }
    }
}

impl Input for Action {
    fn action(self, app: &App) -> Option<app::Action> {
        let always = matches!(
            self,
            Self::Interrupt | Self::Resize(..) | Self::Suspend | Self::Tick
        );
        if !always && app.too_small().is_some() && self != Self::Quit && app.overlay.is_none() {
            // Nothing of the screen is visible: no key may act on it but `q` (back, or
            // quit: its question is shown).
            return None;
        }
        Some(self.with_click(|(x, y)| card_at(app, x, y)))
    }
}

/// The card of the board on show at the screen cell `(x, y)` of `app`'s terminal, as
/// the play screen lays it out (`None`: no board, or no card there).
fn card_at(app: &App, x: u16, y: u16) -> Option<usize> {
    let game = match &app.screen {
        Screen::Play(r) => r.game(),
        Screen::Solo(s) => s.game(),
        Screen::Puzzle(d) => d.game(),
        _ => return None,
    };
    let area = screen::board_area(Rect::new(0, 0, app.size.0, app.size.1));
    let cards = game.view().slots().len();
    Geometry::fit(area, game.board()).and_then(|g| g.hit(x, y, cards))
}

/// The app as the terminal shows it: whether it fits, and the action for an event.
impl App {
    /// Whether the screen on show fits the terminal: `Some` the size it needs if not.
    #[must_use]
    pub fn too_small(&self) -> Option<(u16, u16)> {
        let need = screen::min_size(self);
        (self.size.0 < need.0 || self.size.1 < need.1).then_some(need)
    }

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
}
