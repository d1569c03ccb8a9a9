//! The exact solver for Any Colour with jokers that count double (docs/variants.md,
//! "Jokers count double"): the 52 playing cards matched by rank, four of each, and the two
//! jokers as one more pair that scores 2.
//!
//! The ranks are the standard model's labels of four cards, each in a pattern `R.U`
//! (docs/model.md); the joker pair is one label of two cards with a pattern `2.U` of its
//! own, told apart from a rank with two cards left because it scores double. So a
//! position is the ranks' multiset of patterns plus the joker's pattern (or none, once
//! taken), and the score difference counts points: a rank's pair is 1, the jokers 2.
//! The turns, the pass rules and the objectives are docs/model.md's; `moves` is not
//! offered (in a solitaire every pair costs the same moves, jokers or not).
//!
//! The solve is a plain memoised recursion over card states, each solved once for every
//! difference and both pass flags (the after-pass layer first: a pass keeps the cards),
//! with one shortcut, exact: a lead larger than the points left decides the game, so
//! every such lead is stored as the smallest one (docs/variants.md says why this holds
//! under `withdraw` too). `tests/it/jokers.rs` checks it against a brute force over
//! concrete cards and, with the jokers' weight set to one, against the standard solver.

mod search;

use std::fmt;

use thiserror::Error;

pub use search::JokersSolver;

use super::position::{Pattern, Position, PositionError, parse_pattern};
use super::scalar::Scalar;
use crate::rules::{Deck, Objective};

/// Points a pair of jokers scores.
pub const JOKER_POINTS: i64 = 2;

/// Ranks of four cards the solver takes (each rank's count is kept in four bits).
pub const MAX_JOKERS_RANKS: u32 = 15;

/// A class of labels a card can belong to: the ranks in one pattern, or the joker pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// The ranks in this pattern.
    Rank(Pattern),
    /// The joker pair, in this pattern.
    Joker(Pattern),
}

impl Class {
    /// The pattern of a label of this class.
    #[must_use]
    pub fn pattern(self) -> Pattern {
        match self {
            Self::Rank(p) | Self::Joker(p) => p,
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rank(p) => write!(f, "{p}"),
            Self::Joker(p) => write!(f, "J{p}"),
        }
    }
}

/// The card state: the ranks' patterns and the joker pair's.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JokersPosition {
    /// How many ranks are in each pattern (a deck of four cards per rank).
    pub ranks: Position,
    /// The joker pair's pattern `2.U`, `None` once it is taken.
    pub joker: Option<Pattern>,
}

impl JokersPosition {
    /// The start of a game of `ranks` ranks and the jokers.
    #[must_use]
    pub fn start(ranks: u32) -> Self {
        let mut p = Position::empty(4);
        p.add(Pattern::new(4, 4), ranks);
        Self {
            ranks: p,
            joker: Some(Pattern::new(2, 2)),
        }
    }

    /// Parses the ranks' `R.UxN` tokens and the joker pair's `J2.U` (absent: taken),
    /// checked against `deck`: `4.4x12 2.1x1 J2.2`.
    ///
    /// # Errors
    /// A bad token, an impossible pattern, too many ranks or jokers, an empty table.
    pub fn parse(text: &str, deck: &Deck) -> Result<Self, PositionError> {
        let mut joker = None;
        let mut ranks = Vec::new();
        for token in text.split_whitespace() {
            if let Some(p) = token.strip_prefix(['J', 'j']) {
                let pattern = parse_pattern(p, 2).map_err(|_| {
                    PositionError::Token(format!("{token} (the jokers are J2.2, J2.1 or J2.0)"))
                })?;
                if joker.replace(pattern).is_some() {
                    return Err(PositionError::Token(format!(
                        "{token} (one joker pair only)"
                    )));
                }
            } else {
                ranks.push(token);
            }
        }
        let rank_deck = Deck::from_counts(deck.labels().saturating_sub(1).max(1), 4)
            .expect("a deck of four cards per rank");
        let ranks = if ranks.is_empty() {
            if joker.is_none() {
                return Err(PositionError::Empty);
            }
            Position::empty(4)
        } else {
            Position::parse(&ranks.join(" "), &rank_deck)?
        };
        Ok(Self { ranks, joker })
    }

    /// Points still on the table: a rank's pair is 1, the jokers 2.
    #[must_use]
    pub fn points(&self) -> u64 {
        self.ranks.pairs() + self.joker.map_or(0, |_| JOKER_POINTS as u64)
    }

    /// Pairs still on the table (the jokers one of them).
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.ranks.pairs() + u64::from(self.joker.is_some())
    }

    /// Unknown cards on the table.
    #[must_use]
    pub fn unknown_cards(&self) -> u64 {
        self.ranks.unknown_cards() + self.joker.map_or(0, |p| u64::from(p.unknown))
    }

    /// The position with the jokers as one more label of two cards, as the standard
    /// solver would see it were they worth one.
    #[must_use]
    pub fn as_standard(&self) -> Position {
        let mut p = self.ranks.clone();
        if let Some(j) = self.joker {
            p.add(j, 1);
        }
        p
    }

    /// Labels of `class` on the table.
    #[must_use]
    pub fn count(&self, class: Class) -> u32 {
        match class {
            Class::Rank(p) => self.ranks.count(p),
            Class::Joker(p) => u32::from(self.joker == Some(p)),
        }
    }
}

impl fmt::Display for JokersPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tokens = vec![self.ranks.to_string()];
        if let Some(j) = self.joker {
            tokens.push(format!("J{j}"));
        }
        tokens.retain(|t| !t.is_empty());
        f.write_str(&tokens.join(" "))
    }
}

/// What the mover does at a decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JokersAction {
    /// Turn a known card of the first card's label: takes the pair.
    Match,
    /// Turn a card nobody has seen.
    Unknown,
    /// Turn a known card of a label of this class (after the first card, another label).
    Known(Class),
}

impl fmt::Display for JokersAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Match => f.write_str("match"),
            Self::Unknown => f.write_str("unknown"),
            Self::Known(c) => write!(f, "known {c}"),
        }
    }
}

/// The first card of a turn, as the second decision point sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JokersFirst {
    /// An unknown card, of a label of this class before the flip.
    Revealed(Class),
    /// A known card of a label of this class.
    Held(Class),
}

/// Where a question to the solver stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct JokersState {
    /// Card state before this turn's first flip.
    pub position: JokersPosition,
    /// Mover's points minus the opponent's (the jokers count 2).
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// `None` at the turn start, else the first card of the turn.
    pub first: Option<JokersFirst>,
}

impl JokersState {
    /// The start of a game of `ranks` ranks and the jokers.
    #[must_use]
    pub fn start(ranks: u32) -> Self {
        Self {
            position: JokersPosition::start(ranks),
            diff: 0,
            after_pass: false,
            first: None,
        }
    }
}

/// Why the solver refused a question.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum JokersError {
    /// The objective and pass rule do not go together.
    #[error(transparent)]
    Combination(#[from] crate::rules::MarginWithdraw),
    /// `moves` is a solitaire objective; this solver is for two players.
    #[error(
        "objective 'moves' is not offered with jokers that count double: the solver is for two players (win or margin)"
    )]
    Moves,
    /// A turn the solver does not know: the Two Decks Duel's own decks.
    #[error(
        "--variant {0} is not played with jokers that count double (the standard turn or one-flip)"
    )]
    Variant(crate::rules::Variant),
    /// More ranks than the solver keeps.
    #[error("too many ranks: at most {MAX_JOKERS_RANKS} with the jokers")]
    TooLarge,
    /// The first card cannot be what the state says.
    #[error("no label of class {0} can be the first card here")]
    NoSuchFirst(Class),
    /// A lead the solve from its root cannot reach.
    #[error("state is not reachable from the solved root")]
    Unreachable,
    /// Nothing on the table.
    #[error("the table is empty: there is no decision")]
    Empty,
}

/// The order among equal actions (lower first): at the turn start a card of a known pair,
/// then an unknown card, then another known card; after the first card the match, then an
/// unknown card, then a known card; the joker before the ranks, the ranks' patterns in the
/// model's order.
#[must_use]
pub(crate) fn jokers_preference(
    action: JokersAction,
    first: Option<JokersFirst>,
) -> (u8, usize, u8) {
    let class = |c: Class| match c {
        Class::Joker(_) => 0,
        Class::Rank(p) => 1 + super::patterns(4).iter().position(|&q| q == p).unwrap_or(0),
    };
    match (first, action) {
        (_, JokersAction::Match) => (0, 0, 0),
        (None, JokersAction::Known(c)) if known_pair(c) => (0, class(c), 0),
        (_, JokersAction::Unknown) => (1, 0, 0),
        (_, JokersAction::Known(c)) => (2, class(c), 0),
    }
}

/// Whether a label of the class holds a known pair.
fn known_pair(class: Class) -> bool {
    class.pattern().known() >= 2
}

/// The action the decision rule plays among `actions` (values for the mover): the best
/// value, ties broken by [`jokers_preference`].
#[must_use]
pub fn jokers_chosen<V: Scalar>(
    objective: Objective,
    actions: &[(JokersAction, V)],
    first: Option<JokersFirst>,
) -> Option<JokersAction> {
    let best = super::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| jokers_preference(*a, first))
        .map(|(a, _)| *a)
}
