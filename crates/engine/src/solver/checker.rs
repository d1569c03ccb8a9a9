//! The exact solver for the Double Decker Checkerboard (docs/variants.md): two decks with
//! different backs dealt in a checkerboard, a pair being two identical cards, so always
//! one card of each back. The backs are public, so a pair's pattern is which of its two
//! cards are known (`2.2`, `2.1r`, `2.1b`, `2.0`) and a position counts the pairs in each.
//!
//! The values follow docs/model.md exactly as the standard solver does (the score
//! difference `d`, the after-pass flag, the five pass rules, `win` and `margin`, One
//! Flip's turn); `moves` is not offered. Every card state is solved once for every
//! difference and both pass flags, upwards: every turn that is not a pass shows a card
//! or takes a pair, and a pass only sets the flag (so the after-pass layer of a card
//! state is solved first).
//!
//! One shortcut, exact: *a decided lead* (`win`). At most `pairs` more pairs can be
//! taken, so with `|d| > pairs` and any rule but `withdraw` the value is 1 or 0 and is not
//! stored. Under `withdraw` every lead larger than the pairs left plays alike (a pass
//! or the end scores by its sign), so one stored lead stands for all of them.
//!
//! `tests/it/checker.rs` checks every action of every state of small decks against a
//! plain recursion from the rules in exact fractions, and against a brute force over
//! concrete cards.

mod position;
mod search;

use std::fmt;

use thiserror::Error;

pub use position::{CHECKER_PATTERNS, CheckerPattern, CheckerPosition, CheckerPositionError};
pub use search::CheckerSolver;

use crate::rules::Back;

/// What the mover does at a checkerboard decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckerAction {
    /// Turn the known partner of the first card: takes the pair.
    Match,
    /// Turn a card nobody has seen, with this back.
    Unknown(Back),
    /// Turn a known card of a pair (another than the first card's) in this pattern: its
    /// known card (`2.1r`, `2.1b`) or either card (`2.0`).
    Known(CheckerPattern),
}

impl fmt::Display for CheckerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Match => f.write_str("match"),
            Self::Unknown(b) => write!(f, "unknown {b}"),
            Self::Known(p) => write!(f, "known {p}"),
        }
    }
}

/// The first card of a turn, as the second decision point sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckerFirstCard {
    /// An unknown card with this back, of a pair in this pattern before the flip.
    Revealed(CheckerPattern, Back),
    /// A known card of a pair in this pattern (`2.1r`, `2.1b`: its known card).
    Held(CheckerPattern),
}

impl CheckerFirstCard {
    /// The back of the first card (a card of a known pair: red, either serves).
    #[must_use]
    pub fn back(self) -> Back {
        match self {
            Self::Revealed(_, b) | Self::Held(CheckerPattern::Seen(b)) => b,
            Self::Held(_) => Back::Red,
        }
    }

    /// The pattern of the first card's pair before the turn.
    #[must_use]
    pub fn pattern(self) -> CheckerPattern {
        match self {
            Self::Revealed(p, _) | Self::Held(p) => p,
        }
    }

    /// Whether the first card's partner is known: then `match` takes the pair.
    #[must_use]
    pub fn partner_known(self) -> bool {
        self.pattern().knows(self.back().other())
    }

    /// Whether the first card was known before the turn: then a known second card that
    /// is not its partner is a pass.
    #[must_use]
    pub fn held(self) -> bool {
        matches!(self, Self::Held(_))
    }

    /// The first card's pair once the turn ends without taking it.
    #[must_use]
    pub fn left(self) -> CheckerPattern {
        self.pattern().shown(self.back())
    }

    /// The outcomes of a second card of `back` after this first card, the first card's
    /// pair taken out of the position (`others`): the pair taken (if that card is the
    /// hidden partner, weight 1), or each pattern whose card of that back is shown, with
    /// the pairs in it (the first card's pair left as [`CheckerFirstCard::left`]).
    #[must_use]
    pub fn new_cards(
        self,
        others: &CheckerPosition,
        back: Back,
    ) -> (bool, Vec<(u32, CheckerPosition)>) {
        let partner = back != self.back() && !self.partner_known();
        let mut left = *others;
        left.add(self.left());
        let shown = CHECKER_PATTERNS
            .into_iter()
            .filter(|p| !p.knows(back) && others.count(*p) > 0)
            .map(|p| {
                let after = left.moved(p, p.shown(back)).expect("a pair in p");
                (others.count(p), after)
            })
            .collect();
        (partner, shown)
    }
}

/// Where a question to the checkerboard solver stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CheckerState {
    /// Card state before this turn's first flip.
    pub position: CheckerPosition,
    /// Mover's pairs minus the opponent's.
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// `None` at the turn start, else the first card of the turn.
    pub first: Option<CheckerFirstCard>,
}

/// Why the checkerboard solver refused a question.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CheckerError {
    /// Too many states for memory or time.
    #[error("too large to solve: about {0:.1e} states (limit {1:.0e}); try fewer pairs")]
    TooLarge(f64, f64),
    /// The objective and pass rule do not go together.
    #[error(transparent)]
    Combination(#[from] crate::rules::MarginWithdraw),
    /// `moves` is a solitaire objective; the checkerboard is solved for two players.
    #[error(
        "objective 'moves' is not offered for the checkerboard: its solver is for two players (win or margin)"
    )]
    Moves,
    /// The first card cannot be what the state says.
    #[error("no pair in pattern {0} has {1}")]
    NoSuchFirst(CheckerPattern, &'static str),
    /// Nothing on the table.
    #[error("the table is empty: there is no decision")]
    Empty,
}

/// The order among equal actions (lower first): at the turn start a card of a known pair,
/// then an unknown card, then another known card; after the first card the match, then an
/// unknown card of the other back (it may be the partner), then one of the same back,
/// then a known card; within one kind the patterns in the model's order, red before blue.
#[must_use]
pub fn checker_preference(
    action: CheckerAction,
    first: Option<CheckerFirstCard>,
) -> (u8, usize, u8) {
    let back = |b: Back| u8::from(b == Back::Blue);
    match (first, action) {
        (_, CheckerAction::Match) | (None, CheckerAction::Known(CheckerPattern::Known)) => {
            (0, 0, 0)
        }
        (None, CheckerAction::Unknown(b)) => (1, 0, back(b)),
        (Some(f), CheckerAction::Unknown(b)) => (1, usize::from(b == f.back()), 0),
        (_, CheckerAction::Known(p)) => (3, p.index(), 0),
    }
}
