//! The questions the solver answers and its answers' words: a decision point ([`State`]),
//! the mover's [`Action`]s there, and why a solve is refused ([`SolveError`]).

use thiserror::Error;

use crate::solver::position::{Pattern, Position};

/// What the mover does at a decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Turn a known card of the same label as the first card: takes the pair.
    Match,
    /// Turn a card nobody has seen.
    Unknown,
    /// Turn a known card of a label in this pattern (another label than the first card's).
    Known(Pattern),
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Match => f.write_str("match"),
            Self::Unknown => f.write_str("unknown"),
            Self::Known(p) => write!(f, "known {p}"),
        }
    }
}

/// The first card of a turn, as the second decision point sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstCard {
    /// An unknown card whose label had this pattern before the flip.
    Revealed(Pattern),
    /// A known card of a label in this pattern.
    Held(Pattern),
}

/// Where a question to the solver stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    /// Card state before this turn's first flip.
    pub position: Position,
    /// Mover's pairs minus the opponent's.
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// `None` at the turn start, else the first card of the turn.
    pub first: Option<FirstCard>,
}

/// Why a solve was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SolveError {
    /// Too many states for memory or time.
    #[error("too large to solve: about {0:.1e} states (limit {1:.0e}); try a smaller deck")]
    TooLarge(f64, f64),
    /// The objective and pass rule do not go together.
    #[error(transparent)]
    Combination(#[from] crate::rules::MarginWithdraw),
    /// The first card's pattern is not on the table.
    #[error("no label in pattern {0} can be the first card here")]
    NoSuchFirst(Pattern),
    /// A state that cannot arise from the solver's root.
    #[error("state is not reachable from the solved root")]
    Unreachable,
    /// `moves` counts one player's turns: under One Flip, where every turn hands the
    /// move on, it means nothing.
    #[error(
        "objective 'moves' cannot go with variant 'one-flip': solitaire has no opponent to hand the turn to"
    )]
    MovesOneFlip,
}
