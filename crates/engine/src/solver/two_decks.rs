//! The exact solver for the Two Decks Duel (docs/variants.md, "Two Decks Duel"): each
//! player has one card of every label on their own side; on a turn the leader turns a card
//! of theirs, then the answerer one of theirs; two cards of one label are a pair and leave
//! the table; then the roles change.
//!
//! What is public is which cards each side has turned, so a label still on the table is
//! in one of four piles by whose card of it has been seen (neither, only the leader's,
//! only the answerer's, both), and a position counts the labels in each pile
//! ([`DuelPosition`]). Piles are named from the leader's side, so when the roles change the
//! leader's and the answerer's piles swap.
//!
//! The values follow docs/model.md as the standard solver does: the leader's pairs minus
//! the answerer's `d` under `win`, the after-pass flag under `agreed` and `ko`, the five
//! pass rules. A **pass** is the answerer's: after the leader turned a card seen before
//! the turn, the answerer turns a seen card of another label (nothing new is shown).
//! Values are for the mover of the decision point: the leader at the turn start, the
//! answerer after the leader's card.
//!
//! # The one shortcut, and why it is exact
//!
//! *A decided lead* (`win`): at most `pairs` more pairs can be taken, so with `|d|`
//! larger than the pairs left every ending keeps the sign of `d` (the value is 1 or 0,
//! but under `withdraw`, where a pass still forces a draw). Every lead larger than the
//! pairs left plays alike under every rule (a pass or the end scores by the sign only),
//! so one value, for the smallest such lead of the parity that occurs, stands for all
//! ([`index`]).
//!
//! `tests/it/two_decks.rs` checks every value against a plain recursion in exact
//! fractions and a brute force over concrete cards.

mod index;
mod position;
mod search;
pub mod turn;

use std::fmt;

use thiserror::Error;

pub use position::{DuelPosition, DuelPositionError, Seen};
pub use search::DuelSolver;

use super::scalar::Scalar;
use crate::rules::Objective;

/// What the mover does at a Duel decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DuelAction {
    /// Turn a card of one's own side nobody has seen.
    Unknown,
    /// The leader turns a seen card of their own, of a label in this pile (`Leader`: the
    /// answerer has not seen their card of it; `Both`: they have).
    Known(Seen),
    /// The answerer turns their seen card of the leader's label: the pair.
    Match,
    /// The answerer turns a seen card of another label: no pair, nothing new shown.
    Other,
}

impl fmt::Display for DuelAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown => f.write_str("unknown"),
            Self::Known(pile) => write!(f, "known {}", pile.letter()),
            Self::Match => f.write_str("match"),
            Self::Other => f.write_str("other"),
        }
    }
}

/// The leader's card of a turn, as the answerer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DuelFirst {
    /// A card nobody had seen, of a label in this pile before the turn (`Neither`, or
    /// `Answerer`: the answerer has seen their card of it).
    Revealed(Seen),
    /// A card seen before, of a label in this pile (`Leader` or `Both`).
    Held(Seen),
}

impl DuelFirst {
    /// Whether the answerer has seen their card of the leader's label.
    #[must_use]
    pub fn answer_seen(self) -> bool {
        matches!(
            self,
            Self::Revealed(Seen::Answerer) | Self::Held(Seen::Both)
        )
    }

    /// Whether the leader's card had been seen before the turn (a pass is possible).
    #[must_use]
    pub fn held(self) -> bool {
        matches!(self, Self::Held(_))
    }

    /// The pile the card's label was in before the turn.
    #[must_use]
    pub fn pile(self) -> Seen {
        match self {
            Self::Revealed(p) | Self::Held(p) => p,
        }
    }
}

/// Where a question to the Duel solver stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DuelState {
    /// The piles at the start of the turn, named from the leader's side.
    pub position: DuelPosition,
    /// The leader's pairs minus the answerer's.
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// `None` at the turn start (the leader moves), else the leader's card (the answerer
    /// moves).
    pub first: Option<DuelFirst>,
}

impl DuelState {
    /// The start of a duel of `pairs` labels a side.
    #[must_use]
    pub fn start(pairs: u32) -> Self {
        Self {
            position: DuelPosition::start(pairs),
            diff: 0,
            after_pass: false,
            first: None,
        }
    }
}

/// Why the Duel solver refused a question.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DuelError {
    /// Too many values to store.
    #[error("too large to solve: about {0:.1e} values (limit {1:.0e}); try fewer pairs")]
    TooLarge(f64, f64),
    /// The objective and pass rule do not go together.
    #[error(transparent)]
    Combination(#[from] crate::rules::MarginWithdraw),
    /// `moves` is a solitaire objective.
    #[error("objective 'moves' is not offered for the duel: it is played by two (win or margin)")]
    Moves,
    /// The leader's card cannot be what the state says.
    #[error("no label in pile {0} can give the leader's card {1}")]
    NoSuchFirst(char, &'static str),
    /// Nothing on the table.
    #[error("the table is empty: there is no decision")]
    Empty,
    /// The score difference is beyond what the solver was made for.
    #[error("diff {0} cannot occur with {1} pairs left of {2}")]
    Diff(i64, u32, u32),
}

/// The order among equal actions (lower first), the usual player's before the rest: the
/// match, then an unknown card, then a seen card of the leader's whose partner is unseen
/// (`L`), then one whose partner is seen (`B`), then another seen card.
#[must_use]
pub fn duel_preference(action: DuelAction) -> u8 {
    match action {
        DuelAction::Match => 0,
        DuelAction::Unknown => 1,
        DuelAction::Known(Seen::Leader) => 2,
        DuelAction::Known(_) => 3,
        DuelAction::Other => 4,
    }
}

/// The action the decision rule plays among `actions` (values for the mover): the best
/// value, ties (within [`super::TIE_EPSILON`], or exactly) broken by [`duel_preference`].
#[must_use]
pub fn duel_chosen<V: Scalar>(
    objective: Objective,
    actions: &[(DuelAction, V)],
) -> Option<DuelAction> {
    let best = super::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| duel_preference(*a))
        .map(|(a, _)| *a)
}
