//! What the person asks for: the app's input words, whatever reads them (the terminal's
//! keys and clicks, the screen reader's typed lines).

use super::App;

/// What the person asks for, in the game's own words: what a key, a click or the clock
/// asks for once the front end has read it (a click is the card it hit, not a cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Arrow or `hjkl`: rows and columns.
    Move(isize, isize),
    /// Enter or Space: turn the card under the cursor, or start (setup).
    Select,
    /// A click: on the card at that position of the board on show, or (`None`)
    /// elsewhere. The front end finds the card from the layout it drew.
    Click(Option<usize>),
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

/// An input the app takes: its own [`Action`], or a front end's event, which the front
/// end turns into one (the terminal finds the card a click hit, and drops keys while
/// nothing of the screen is visible).
pub trait Input {
    /// The action for this input on `app` as it is (`None`: nothing to do).
    fn action(self, app: &App) -> Option<Action>;
}

impl Input for Action {
    fn action(self, _: &App) -> Option<Action> {
        Some(self)
    }
}
