//! What the person asks for: the app's input words, whatever reads them (the terminal's
//! keys and clicks, the screen reader's typed lines).

use super::App;

/// What the person asks for, in the game's own words: what a key, a click or the clock
/// asks for once the front end has read it (a click is the card it hit, not a cell).
pub type Action = ActionAt<Option<usize>>;

/// What a key, a click or the clock asks for, a click given as `Click`: the card it hit
/// in the app's own [`Action`], the screen cell in the terminal's (`tui::Action`), which
/// finds the card from the layout it drew ([`ActionAt::with_click`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionAt<Click> {
    /// Arrow or `hjkl`: rows and columns.
    Move(isize, isize),
    /// Enter or Space: turn the card under the cursor, or start (setup).
    Select,
    /// A click: in the app, on the card at that position of the board on show, or
    /// (`None`) elsewhere.
    Click(Click),
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
    /// `R`: a room for friends (the setup screen, over `concentration serve`).
    Room,
    /// A character typed into a text field (the setup's players list).
    Type(char),
    /// Any other key: ends a show, speeds up the AI.
    Other,
}

impl<C> ActionAt<C> {
    /// The same action, its click (if it is one) turned into what `click` makes of it.
    pub fn with_click<D>(self, click: impl FnOnce(C) -> D) -> ActionAt<D> {
        match self {
            Self::Move(a, b) => ActionAt::Move(a, b),
            Self::Select => ActionAt::Select,
            Self::Click(c) => ActionAt::Click(click(c)),
            Self::Hint => ActionAt::Hint,
            Self::Odds => ActionAt::Odds,
            Self::Why => ActionAt::Why,
            Self::Codes => ActionAt::Codes,
            Self::Fraction => ActionAt::Fraction,
            Self::Help => ActionAt::Help,
            Self::New => ActionAt::New,
            Self::Again => ActionAt::Again,
            Self::Setup => ActionAt::Setup,
            Self::Undo => ActionAt::Undo,
            Self::Review => ActionAt::Review,
            Self::Costliest => ActionAt::Costliest,
            Self::Puzzles => ActionAt::Puzzles,
            Self::PairsGame => ActionAt::PairsGame,
            Self::Home => ActionAt::Home,
            Self::End => ActionAt::End,
            Self::Quit => ActionAt::Quit,
            Self::Yes => ActionAt::Yes,
            Self::Interrupt => ActionAt::Interrupt,
            Self::Suspend => ActionAt::Suspend,
            Self::Digit(a) => ActionAt::Digit(a),
            Self::Backspace => ActionAt::Backspace,
            Self::Resize(a, b) => ActionAt::Resize(a, b),
            Self::Tick => ActionAt::Tick,
            Self::Learn => ActionAt::Learn,
            Self::Page(a) => ActionAt::Page(a),
            Self::Mistake(a) => ActionAt::Mistake(a),
            Self::Whose => ActionAt::Whose,
            Self::Room => ActionAt::Room,
            Self::Type(a) => ActionAt::Type(a),
            Self::Other => ActionAt::Other,
        }
    }
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
