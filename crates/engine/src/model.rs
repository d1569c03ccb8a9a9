//! One game model, many rule sets: what a rule set gives the layers above the solvers
//! ([`Model`]) and what a solver gives them ([`Oracle`]). The players, the trainer, the
//! analysis, the screens and the command line are written once against these two traits;
//! a rule set (the standard game and One Flip, the own-pairs table of three to six seats,
//! Zebra) implements them beside its own solver. See docs/adding-a-variant.md.
//!
//! Modelled on shakmaty's `Position` trait (each chess variant implements what differs;
//! everything above is written once), kept as small as our layers need.

mod checker;
mod duel;
mod easy;
mod jokers;
mod oracle;
mod standard;
mod table;
mod unit;
pub mod words;
mod zebra;

use std::fmt;

use thiserror::Error;

pub use checker::Checker;
pub use duel::{Duel, duel_card_words, leader};
pub use easy::{
    Easy, EasyPoint, easy_action_of, easy_actions, easy_candidates, easy_choice, easy_point_of,
};
pub use jokers::Jokers;
pub use oracle::Oracle;
pub use standard::{
    OwnPairs, Patterns, Standard, TieBreak, action_of, candidates, preference, state_of,
};
pub use table::{ModelTask, OracleInto, OracleTask, TableKey, TableOracle, Unsolved};
pub use unit::{Compared, Unit};
pub use zebra::{Zebra, ZebraNote};

use crate::rules::{Deck, Objective, PublicView, Variant};
use crate::solver::Scalar;

/// What a rule set gives the layers above its solver: the public state of a decision
/// point, its actions, which action a card carries out and which cards carry out an
/// action, the order among equal actions, and the usual player's choice.
pub trait Model: 'static {
    /// The decision point as the rule set's solver asks it.
    type State: Clone + fmt::Debug + PartialEq;
    /// What the mover does at a decision point.
    type Action: Copy + Eq + fmt::Debug + fmt::Display + Send + 'static;
    /// The first card of a turn, as the second decision point describes it.
    type First: Copy + Eq + fmt::Debug;

    /// The decision point of a game in progress.
    ///
    /// # Panics
    /// If the game is over (or is not played under these rules).
    fn state_of(view: &PublicView) -> Self::State;

    /// The first card of the turn at `state` (`None` at the turn start).
    fn first(state: &Self::State) -> Option<Self::First>;

    /// The action that turning the card at `position` now carries out (`None`: that
    /// card cannot be turned).
    fn action_of(view: &PublicView, position: usize) -> Option<Self::Action>;

    /// The cards on the table that carry out `action` now (all equivalent).
    fn candidates(view: &PublicView, action: Self::Action) -> Vec<usize>;

    /// The order among actions of equal value, lower first: what the usual player
    /// would do before what it would not (docs/model.md, docs/variants.md).
    fn order(action: Self::Action, first: Option<Self::First>) -> (u8, usize, u8);

    /// Whether `listed` (an action a solver valued) and `done` are one choice on the
    /// table.
    fn same_choice(listed: Self::Action, done: Self::Action) -> bool {
        listed == done
    }

    /// What the usual player (take a known pair, else a new card) does at `state`.
    fn usual(state: &Self::State) -> Self::Action;

    /// The action in a player's words, with the cards that carry it out: "Take the pair
    /// 7♥ 7♠ (c3, k2)", "Turn its twin, 7♦ (k2): same colour, no pair".
    fn name(view: &PublicView, action: Self::Action) -> words::Named;

    /// The flip in the rule set's own model, kept beside the shared reading where that
    /// reading is not the model's own (Zebra): the action done, the best ones and the
    /// one the optimal player chooses.
    fn note(
        _done: Self::Action,
        _best: &[Self::Action],
        _chosen: Option<Self::Action>,
    ) -> Option<ZebraNote> {
        None
    }

    /// The action the way the shared words read it: the standard model's action and
    /// first card (`took the pair`, `turned a seen card second`, `passed`).
    fn reading(
        action: Self::Action,
        first: Option<Self::First>,
    ) -> (crate::solver::Action, Option<crate::solver::FirstCard>);
}

/// The first card of the turn in `view`: where it lies, the card, and whether it was known
/// before the turn (`None` at the turn start).
pub(crate) fn first_card(view: &PublicView) -> Option<(usize, crate::rules::Card, bool)> {
    match view.phase() {
        crate::rules::Phase::SecondCard {
            first,
            first_was_known,
        } => match view.slots()[first] {
            crate::rules::Slot::Known(c) => Some((first, c, first_was_known)),
            _ => None,
        },
        _ => None,
    }
}

/// Every action of model `M` at a decision point with its value for the mover.
pub(crate) type Valued<M> = Vec<(<M as Model>::Action, f64)>;

/// Which rule set a table plays, and so which model and solver serve it: the one place
/// the layers above ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSet {
    /// Two seats, the standard deck's pairs: [`Standard`] (either turn).
    Standard,
    /// Three or more seats: [`OwnPairs`].
    OwnPairs,
    /// A Zebra deck (pairs by colour): [`Zebra`].
    Zebra,
    /// Any Colour with jokers that count double (`standard-rank-jokers`): [`Jokers`].
    Jokers,
    /// A Double Decker Checkerboard deck (two backs): [`Checker`].
    Checker,
    /// The Two Decks Duel (a deck a side, a leader and an answerer): [`Duel`].
    Duel,
}

impl RuleSet {
    /// The rule set of a game of `deck` at a table of `seats`.
    #[must_use]
    pub fn of(deck: &Deck, seats: usize) -> Self {
        if deck.is_zebra() {
            Self::Zebra
        } else if deck.double_jokers().is_some() {
            Self::Jokers
        } else if deck.is_checker() {
            Self::Checker
        } else if seats > 2 {
            Self::OwnPairs
        } else {
            Self::Standard
        }
    }

    /// The rule set of a game of `deck` at `table`: the Two Decks Duel is told by its
    /// turn, every other rule set by the deck and the seats ([`RuleSet::of`]).
    #[must_use]
    pub fn of_table(deck: &Deck, table: crate::rules::Table) -> Self {
        if table.variant.duel().is_some() {
            Self::Duel
        } else {
            Self::of(deck, usize::from(table.seats))
        }
    }

    /// The rule people miss, in the line the table's panel shows under it (Zebra's).
    #[must_use]
    pub fn rule_line(self) -> Option<&'static str> {
        match self {
            Self::Zebra => Some("Zebra: a pair is the same rank in the other colour"),
            Self::Jokers => Some("Jokers count double: the two jokers score 2"),
            Self::Checker => Some("Checkerboard: a pair is one red back and one blue back"),
            Self::Duel => Some("Duel: lead a card of yours, answer with one of yours"),
            Self::Standard | Self::OwnPairs => None,
        }
    }

    /// Why a solitaire of `deck` under this rule set cannot be played. Solitaire on Zebra
    /// has no par: the `moves` objective is solved for the standard
    /// patterns only, so the solitaire refuses Zebra rather than show a wrong par.
    ///
    /// # Errors
    /// The deck is a Zebra deck.
    pub fn check_solitaire(self, deck: &Deck) -> Result<(), String> {
        match self {
            Self::Zebra => Err(format!(
                "--deck {deck}: no solitaire on Zebra (its par needs the moves objective, which the Zebra solver does not offer)"
            )),
            Self::Jokers => Err(format!(
                "--deck {deck}: no solitaire with jokers that count double (a solitaire counts moves, not points: play standard-rank)"
            )),
            Self::Checker => Err(format!(
                "--deck {deck}: no solitaire on the checkerboard (its par needs the moves objective, which its solver does not offer)"
            )),
            Self::Duel => Err(format!(
                "--deck {deck}: no solitaire of the Two Decks Duel (nobody answers)"
            )),
            Self::Standard | Self::OwnPairs => Ok(()),
        }
    }

    /// Why a table of `deck` with `seats` under `variant` cannot be played: a Zebra
    /// table of three or more seats, or under One Flip.
    ///
    /// # Errors
    /// One line naming the bad part.
    pub fn check_table(deck: &Deck, seats: usize, variant: Variant) -> Result<(), String> {
        if variant.duel().is_some() && seats != 2 {
            return Err(format!(
                "--variant {variant}: the Two Decks Duel is played by two, a side each ({seats} seats given)"
            ));
        }
        let table = crate::rules::Table {
            seats: u8::try_from(seats).unwrap_or(u8::MAX),
            pass_rule: crate::rules::PassRule::None,
            variant,
        };
        // The one rule of the solvers ([`TableOracle::check`]); a table of three or more
        // under One Flip is played without one (no optimal seat), so it passes here.
        match TableOracle::check(deck, table) {
            Err(Unsolved::ZebraSeats(_)) => Err(format!(
                "--players: Zebra is played by two seats ({seats} given): no own-pairs solver knows Zebra"
            )),
            Err(Unsolved::ZebraVariant(_)) => Err(format!(
                "--variant {variant}: Zebra is played with the standard turn only (no One Flip Zebra solver)"
            )),
            Err(Unsolved::JokersSeats(_)) => Err(format!(
                "--players: jokers that count double are played by two seats ({seats} given): no own-pairs solver counts points"
            )),
            Err(Unsolved::CheckerSeats(_)) => Err(format!(
                "--players: the checkerboard is played by two seats ({seats} given): no own-pairs solver knows two backs"
            )),
            // The deck's own refusal, as `solve` and `duel` give it.
            Err(Unsolved::Duel) => Err(format!(
                "--variant {variant}: {}",
                deck.duel_side()
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default()
            )),
            Ok(_) | Err(Unsolved::SeatsVariant(..)) => Ok(()),
        }
    }
}

/// Why a solver could not value a decision point or a game.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ModelError {
    /// The two-seat solver refused.
    #[error(transparent)]
    Solve(#[from] crate::solver::SolveError),
    /// The own-pairs solver refused.
    #[error(transparent)]
    Seats(#[from] crate::solver::SeatsSolveError),
    /// The Zebra solver refused.
    #[error(transparent)]
    Zebra(#[from] crate::solver::zebra::ZebraError),
    /// The jokers solver refused.
    #[error(transparent)]
    Jokers(#[from] crate::solver::jokers::JokersError),
    /// The checkerboard solver refused.
    #[error(transparent)]
    Checker(#[from] crate::solver::checker::CheckerError),
    /// The Duel's solver refused.
    #[error(transparent)]
    Duel(#[from] crate::solver::two_decks::DuelError),
    /// No solver values the table (`TableOracle::check`).
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
    /// A flip that is no action of the model (a record that does not replay).
    #[error("flip {0} is not an action at its decision point")]
    Unplayable(usize),
}

/// The one rule among equal actions: the best value under `objective` (within
/// [`crate::solver::TIE_EPSILON`], or exactly), the lowest `order` among the tied ones,
/// the first listed among equal orders.
#[must_use]
pub(crate) fn chosen_by<A: Copy, V: Scalar, K: Ord>(
    objective: Objective,
    actions: &[(A, V)],
    order: impl Fn(A) -> K,
) -> Option<A> {
    let best = crate::solver::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| order(*a))
        .map(|(a, _)| *a)
}

/// The action the model's decision rule plays among `actions` (values for the mover):
/// [`chosen_by`] in the rule set's [`Model::order`].
#[must_use]
pub fn chosen<M: Model, V: Scalar>(
    objective: Objective,
    actions: &[(M::Action, V)],
    first: Option<M::First>,
) -> Option<M::Action> {
    chosen_by(objective, actions, |a| M::order(a, first))
}

/// The actions of `actions` whose value ties `value` (within
/// [`crate::solver::TIE_EPSILON`]), in order.
pub fn tied<A: Copy>(actions: &[(A, f64)], value: f64) -> Vec<A> {
    actions
        .iter()
        .filter(|&&(_, v)| (v - value).abs() <= crate::solver::TIE_EPSILON)
        .map(|&(a, _)| a)
        .collect()
}
