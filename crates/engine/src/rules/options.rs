//! The choices that define a game: pass rule, objective, seats.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What happens when a player passes (turns two known, non-matching cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PassRule {
    /// A pass right after the opponent's pass ends the game, scored as it stands.
    #[default]
    Agreed,
    /// A pass is not allowed right after the opponent's pass.
    Ko,
    /// Any pass ends the game at once, scored as it stands.
    Quit,
    /// Any pass ends the game at once as a draw.
    Withdraw,
    /// Passing is not allowed.
    None,
}

impl PassRule {
    /// Every pass rule, in the order menus show them.
    pub const ALL: [Self; 5] = [
        Self::Agreed,
        Self::Ko,
        Self::Quit,
        Self::Withdraw,
        Self::None,
    ];

    /// The name used on the command line and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Agreed => "agreed",
            Self::Ko => "ko",
            Self::Quit => "quit",
            Self::Withdraw => "withdraw",
            Self::None => "none",
        }
    }

    /// One line for players.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Agreed => "a pass answered by a pass ends the game as it stands",
            Self::Ko => "you may not pass right after your opponent passed",
            Self::Quit => "any pass ends the game as it stands",
            Self::Withdraw => "any pass ends the game as a draw",
            Self::None => "passing (turning two known cards) is not allowed",
        }
    }

    /// Whether the game needs to remember that the previous turn was a pass.
    #[must_use]
    pub(crate) fn remembers_pass(self) -> bool {
        matches!(self, Self::Agreed | Self::Ko)
    }
}

/// How far a pair reaches in solitaire. Foerster and Wattenhofer's easier game (their
/// section 8.1) keeps the card turned last live for the next card, even across two moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Reach {
    /// A pair is the two cards of one move (the standard game).
    #[default]
    WithinMove,
    /// A pair is any two cards turned one right after the other: the second card of a
    /// move stays face up, and a first card that matches it takes the pair (the move
    /// goes on with its second card).
    AcrossMoves,
}

/// What a player plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Objective {
    /// P(win) + P(draw)/2.
    #[default]
    Win,
    /// Expected own future pairs minus the opponent's (Zwick–Paterson).
    Margin,
    /// Expected number of further turns to clear the table, minimised (solitaire).
    Moves,
}

impl Objective {
    /// Every objective.
    pub const ALL: [Self; 3] = [Self::Win, Self::Margin, Self::Moves];

    /// The name used on the command line and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Margin => "margin",
            Self::Moves => "moves",
        }
    }

    /// Whether smaller values are better (only `moves`).
    #[must_use]
    pub fn minimises(self) -> bool {
        self == Self::Moves
    }

    /// A solver's value `future` (what the rest of the game is worth to the mover, the
    /// solver's contract) as a player means it, given the mover's `lead` in pairs:
    /// under `margin` the final margin (the score plus the expected rest), otherwise
    /// the value itself (a win chance already counts the score).
    #[must_use]
    pub fn at_end(self, lead: i64, future: f64) -> f64 {
        match self {
            // A lead is a few dozen pairs at most: exact in f64.
            Self::Margin => lead as f64 + future,
            Self::Win | Self::Moves => future,
        }
    }
}

/// How turns go: the standard game or a house rule that changes the turn
/// (`docs/variants.md`). Matching is the deck's business (Zebra), not the variant's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// A player who takes a pair goes again.
    #[default]
    Standard,
    /// A player who takes a pair keeps it, but the turn passes all the same.
    OneFlip,
    /// Two Decks Duel: each player has a deck of their own on their own side; the leader
    /// turns a card of theirs, the answerer one of theirs, and the roles change every
    /// turn. The pair goes to the one this names.
    Duel(Taker),
}

/// Who takes a pair in the Two Decks Duel (docs/variants.md says why the answerer is the
/// reading the rules imply).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Taker {
    /// The answerer, whose card found the pair.
    #[default]
    Answerer,
    /// The leader, whose card was answered.
    Leader,
}

impl Variant {
    /// The variants of a turn of one mover (the standard model's solvers take them).
    pub const TABLE: [Self; 2] = [Self::Standard, Self::OneFlip];

    /// Every variant, in the order menus show them: those of one mover's turn, then the
    /// Two Decks Duel's two readings.
    pub const ALL: [Self; 4] = [
        Self::Standard,
        Self::OneFlip,
        Self::Duel(Taker::Answerer),
        Self::Duel(Taker::Leader),
    ];

    /// The name used on the command line and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::OneFlip => "one-flip",
            Self::Duel(Taker::Answerer) => "duel",
            Self::Duel(Taker::Leader) => "duel-leader",
        }
    }

    /// One line for players.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Standard => "a player who takes a pair goes again",
            Self::OneFlip => "a player who takes a pair keeps it, and the turn passes",
            Self::Duel(Taker::Answerer) => {
                "a deck each, one card each a turn: the answerer takes the pair; roles change"
            }
            Self::Duel(Taker::Leader) => {
                "a deck each, one card each a turn: the leader takes the pair; roles change"
            }
        }
    }

    /// Whether taking a pair lets the mover go again.
    #[must_use]
    pub fn pair_goes_again(self) -> bool {
        self == Self::Standard
    }

    /// Who takes a pair, if this is the Two Decks Duel.
    #[must_use]
    pub fn duel(self) -> Option<Taker> {
        match self {
            Self::Duel(taker) => Some(taker),
            Self::Standard | Self::OneFlip => None,
        }
    }
}

impl FromStr for Variant {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_named(&s.to_ascii_lowercase(), "variant", &Self::ALL, Self::name)
    }
}

impl Taker {
    /// The seat's role in the turn, in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Answerer => "answerer",
            Self::Leader => "leader",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A combination of objective and pass rule the model does not define.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "objective 'margin' cannot go with pass rule 'withdraw': a forced draw says nothing about the pair margin"
)]
pub struct MarginWithdraw;

/// Checks that an objective and a pass rule go together.
///
/// # Errors
/// [`MarginWithdraw`] for `margin` with `withdraw`.
pub fn check_combination(objective: Objective, pass_rule: PassRule) -> Result<(), MarginWithdraw> {
    if objective == Objective::Margin && pass_rule == PassRule::Withdraw {
        Err(MarginWithdraw)
    } else {
        Ok(())
    }
}

/// A seat at the table, by turn order: seat 0 moves first, then 1, and so on round the
/// table (2 to 6 seats; solitaire has only seat 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat that moves first.
    pub const FIRST: Self = Self(0);
    /// The seat that moves second.
    pub const SECOND: Self = Self(1);

    /// The seat that moves after this one at a table of `seats`.
    #[must_use]
    pub fn next(self, seats: usize) -> Self {
        // at most 6 seats
        Self(((usize::from(self.0) + 1) % seats.max(1)) as u8)
    }

    /// The other seat of two.
    #[must_use]
    pub fn other(self) -> Self {
        self.next(2)
    }

    /// 0 for the first seat, 1 for the second, ...
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// An unknown name for one of the enums above.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {kind} '{given}': expected one of {expected}")]
pub struct UnknownName {
    kind: &'static str,
    given: String,
    expected: String,
}

pub(super) fn parse_named<T: Copy>(
    s: &str,
    kind: &'static str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&v| name(v) == s)
        .ok_or_else(|| UnknownName {
            kind,
            given: s.to_owned(),
            expected: all.iter().map(|&v| name(v)).collect::<Vec<_>>().join(", "),
        })
}

impl FromStr for PassRule {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_named(s, "pass rule", &Self::ALL, Self::name)
    }
}

impl FromStr for Objective {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_named(s, "objective", &Self::ALL, Self::name)
    }
}

impl fmt::Display for PassRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
