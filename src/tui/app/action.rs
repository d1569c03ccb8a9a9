//! What a key, a click or the clock asks for: terminal events become [`Action`]s.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

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
