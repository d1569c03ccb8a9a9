//! The exact solver for Zebra (docs/variants.md, "Zebra"): a pair is two cards of the same
//! rank and opposite colour, so each rank's state is its pattern `RR.UR/RB.UB` in
//! canonical colouring, and a position counts the ranks in each of the nine patterns.
//!
//! The values follow docs/model.md exactly as the standard solver does (the score difference
//! `d`, the after-pass flag, the five pass rules, `win` and `margin`); `moves` is not
//! offered. Every card state is solved once for every difference and both pass flags,
//! from its successors (every turn shows a card or takes a pair; a pass only sets the
//! flag, so the after-pass layer of a card state is solved first).
//!
//! # The two shortcuts, and why they are exact
//!
//! 1. *A decided lead* (`win`). A rank with `R` cards of each colour on the table holds
//!    exactly `R` pairs, so at most `pairs` more pairs can be taken. With `|d| > pairs`
//!    and any rule but `withdraw`, every way the game can end (the table cleared, an
//!    agreed end, a `quit` pass) leaves `d` with its sign: the value is 1 or 0 and is not
//!    stored. Under `withdraw` the player behind may still force a draw, but every lead
//!    larger than the pairs left plays alike: taking a pair keeps the lead larger than
//!    the pairs left on either side, and a pass or the end scores by the sign only; so
//!    one value, for the smallest such lead of the parity that occurs, stands for all.
//! 2. *A known card first, then an unknown one, is never better than the reverse order*,
//!    so the bulk solve leaves it out (it is still valued for [`ZebraSolver::actions`]).
//!    Instead of a known card `X` then an unknown `Y`, turn `Y` first and then `X`: if `Y`
//!    pairs with `X` (same rank, other colour) that takes the same pair; otherwise (`Y`
//!    is `X`'s twin, or of another rank) the turn ends having shown the same cards, and it
//!    is never a pass because `Y` was unknown. Turning `Y` first can only add choices.
//!
//! `tests/it/zebra.rs` checks the values against a brute-force solver over concrete cards
//! and recomputes every action of every state of small decks from the rules, so a
//! shortcut that changed any value would fail there.

mod bulk;
mod columns;
mod index;
mod node;
mod pattern;
mod search;
mod sweep;
mod table;

use std::fmt;

use thiserror::Error;

pub use pattern::{
    ZEBRA_PATTERNS, ZebraColour, ZebraPattern, ZebraPosition, ZebraPositionError,
    parse_zebra_pattern,
};
pub use search::ZebraSolver;

use super::scalar::Scalar;
use crate::rules::Objective;

/// What the mover does at a Zebra decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZebraAction {
    /// Turn the known card of the first card's rank and opposite colour: takes the pair.
    Match,
    /// Turn the known other card of the first card's rank and colour: no pair.
    Twin,
    /// Turn a card nobody has seen.
    Unknown,
    /// Turn a known card of a rank in this pattern (at the turn start, or another rank
    /// than the first card's), of this half.
    Known(ZebraPattern, ZebraColour),
}

impl fmt::Display for ZebraAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Match => f.write_str("match"),
            Self::Twin => f.write_str("twin"),
            Self::Unknown => f.write_str("unknown"),
            Self::Known(p, c) => write!(f, "known {p} {c}"),
        }
    }
}

/// The first card of a turn, as the second decision point sees it: the pattern of its
/// rank before the turn, and its half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZebraFirstCard {
    /// An unknown card, of a rank in this pattern before the flip.
    Revealed(ZebraPattern, ZebraColour),
    /// A known card of a rank in this pattern.
    Held(ZebraPattern, ZebraColour),
}

/// Where a question to the Zebra solver stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ZebraState {
    /// Card state before this turn's first flip.
    pub position: ZebraPosition,
    /// Mover's pairs minus the opponent's.
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// `None` at the turn start, else the first card of the turn.
    pub first: Option<ZebraFirstCard>,
}

/// Why the Zebra solver refused a question.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ZebraError {
    /// Too many states for memory or time.
    #[error("too large to solve: about {0:.1e} states (limit {1:.0e}); try fewer ranks")]
    TooLarge(f64, f64),
    /// The objective and pass rule do not go together.
    #[error(transparent)]
    Combination(#[from] crate::rules::MarginWithdraw),
    /// `moves` is a solitaire objective; Zebra is solved for two players.
    #[error(
        "objective 'moves' is not offered for Zebra: its solver is for two players (win or margin)"
    )]
    Moves,
    /// The first card cannot be what the state says.
    #[error("no rank in pattern {0} has {1}")]
    NoSuchFirst(ZebraPattern, &'static str),
    /// Nothing on the table.
    #[error("the table is empty: there is no decision")]
    Empty,
}

/// The order among equal actions (lower first): at the turn start a card of a known pair,
/// then an unknown card, then another known card; after the first card the match, then an
/// unknown card, then a known card (the twin before other ranks); within one kind the
/// patterns in the model's order, red before black.
#[must_use]
pub(crate) fn zebra_preference(
    action: ZebraAction,
    first: Option<ZebraFirstCard>,
) -> (u8, usize, u8) {
    let colour = |c: ZebraColour| u8::from(c == ZebraColour::Black);
    match (first, action) {
        (_, ZebraAction::Match) => (0, 0, 0),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => (0, p.index(), colour(c)),
        (_, ZebraAction::Unknown) => (1, 0, 0),
        (_, ZebraAction::Twin) => (2, 0, 0),
        (_, ZebraAction::Known(p, c)) => (3, p.index(), colour(c)),
    }
}

/// The action the model's decision rule plays among `actions` (values for the mover):
/// the best value, ties (within [`super::TIE_EPSILON`], or exactly) broken by
/// [`zebra_preference`].
#[must_use]
pub fn zebra_chosen<V: Scalar>(
    objective: Objective,
    actions: &[(ZebraAction, V)],
    first: Option<ZebraFirstCard>,
) -> Option<ZebraAction> {
    let best = super::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| zebra_preference(*a, first))
        .map(|(a, _)| *a)
}
