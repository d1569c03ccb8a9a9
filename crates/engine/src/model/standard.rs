//! The standard game (and One Flip, whose decision points and actions are the same) and
//! the own-pairs table of three to six seats (the same again, with the passes in a row):
//! the abstract state of a public view, the cards of an action, the order among equal
//! actions.

use super::Model;
use super::words::Named;
use crate::rules::{Label, Phase, PublicView, Slot};
use crate::solver::{Action, FirstCard, Pattern, Position, SeatsState, State};

/// The standard game's model (both variants of the turn).
#[derive(Debug, Clone, Copy, Default)]
pub struct Standard;

/// The own-pairs table (three to six seats, `docs/variants.md`): the standard model's
/// actions, with the passes in a row in its state.
#[derive(Debug, Clone, Copy, Default)]
pub struct OwnPairs;

/// A rule set whose decision points are the standard model's (the standard game, One
/// Flip, the own-pairs table): the trainer's consequences walk through its states.
pub trait Patterns: Model<Action = Action, First = FirstCard> {
    /// The model's state for the standard `state` with `passes` passes in a row just
    /// before its turn.
    fn at(state: &State, passes: u8) -> Self::State;
}

impl Patterns for Standard {
    fn at(state: &State, _passes: u8) -> State {
        state.clone()
    }
}

impl Patterns for OwnPairs {
    fn at(state: &State, passes: u8) -> SeatsState {
        SeatsState {
            position: state.position.clone(),
            passes,
            first: state.first,
        }
    }
}

/// How the optimal player chooses among actions of equal value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// Prefer what the usual player would do (known pair, match, unknown card, known card).
    #[default]
    Usual,
    /// Prefer revealing less: after the first card a known card before an unknown one.
    Secretive,
}

/// Lower is preferred among tied actions: at the turn start a known pair, then an
/// unknown card, then another known card; after the first card the match, then an
/// unknown card, then a known card (a known card before an unknown one when
/// [`TieBreak::Secretive`]).
#[must_use]
pub fn preference(tie_break: TieBreak, action: Action, first: Option<FirstCard>) -> u8 {
    match (first, action) {
        (None, Action::Known(p)) if p.known() >= 2 => 0,
        (_, Action::Match) => 0,
        (Some(_), Action::Known(_)) if tie_break == TieBreak::Secretive => 1,
        (_, Action::Unknown) => 2,
        (_, Action::Known(_)) => 3,
    }
}

/// The abstract state of the current decision point of a game in progress.
///
/// # Panics
/// If the game is over.
#[must_use]
pub fn state_of(view: &PublicView) -> State {
    let mut position = Position::from_view(view);
    let first = match view.phase() {
        Phase::FirstCard => None,
        Phase::SecondCard {
            first,
            first_was_known,
        } => {
            let label = card_label(view, first);
            let (on_table, unknown) = pattern_of(view, label);
            if first_was_known {
                Some(FirstCard::Held(Pattern::new(on_table, unknown)))
            } else {
                // The model describes the label as it was before the flip.
                let before = Pattern::new(on_table, unknown + 1);
                position.remove(Pattern::new(on_table, unknown));
                position.add(before, 1);
                Some(FirstCard::Revealed(before))
            }
        }
        Phase::Over(_) => panic!("no decision in a finished game"),
    };
    State {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first,
    }
}

fn card_label(view: &PublicView, position: usize) -> Label {
    match view.slots()[position] {
        Slot::Known(c) | Slot::Removed(c) => c.label,
        Slot::Unknown => panic!("the first card of a turn is face up"),
    }
}

/// Cards of `label` on the table and how many of them are unknown.
fn pattern_of(view: &PublicView, label: Label) -> (u8, u8) {
    view.label_counts()
        .into_iter()
        .find(|&(l, _, _)| l == label)
        .map(|(_, r, u)| (r, u))
        .expect("label on the table")
}

/// The cards on the table that carry out `action`: every unknown card, the known
/// partners of the first card, or the known cards of other labels in a pattern.
#[must_use]
pub fn candidates(view: &PublicView, action: Action) -> Vec<usize> {
    let first = match view.phase() {
        Phase::SecondCard { first, .. } => Some(first),
        _ => None,
    };
    let first_label = first.map(|p| card_label(view, p));
    let counts = view.label_counts();
    let pattern_now = |label: Label| {
        counts
            .iter()
            .find(|&&(l, _, _)| l == label)
            .map(|&(_, r, u)| Pattern::new(r, u))
    };
    match action {
        Action::Unknown => view.unknown_positions().collect(),
        Action::Match => view
            .known_cards()
            .filter(|&(p, c)| Some(c.label) == first_label && Some(p) != first)
            .map(|(p, _)| p)
            .collect(),
        Action::Known(pattern) => view
            .known_cards()
            .filter(|&(p, c)| {
                Some(p) != first
                    && Some(c.label) != first_label
                    && pattern_now(c.label) == Some(pattern)
            })
            .map(|(p, _)| p)
            .collect(),
    }
}

/// The action a flip at `position` carries out at the current decision point of `view`.
#[must_use]
pub fn action_of(view: &PublicView, position: usize) -> Option<Action> {
    let label_of = |p: usize| match view.slots().get(p)? {
        Slot::Known(c) | Slot::Removed(c) => Some(c.label),
        Slot::Unknown => None,
    };
    let pattern_of = |label| {
        view.label_counts()
            .into_iter()
            .find(|&(l, _, _)| l == label)
            .map(|(_, r, u)| Pattern::new(r, u))
    };
    match (view.phase(), view.slots().get(position)?) {
        (Phase::Over(_), _) | (_, Slot::Removed(_)) => None,
        (_, Slot::Unknown) => Some(Action::Unknown),
        (Phase::FirstCard, Slot::Known(c)) => pattern_of(c.label).map(Action::Known),
        (Phase::SecondCard { first, .. }, Slot::Known(c)) => {
            if first == position {
                None
            } else if label_of(first) == Some(c.label) {
                Some(Action::Match)
            } else {
                pattern_of(c.label).map(Action::Known)
            }
        }
    }
}

/// The usual strategy (Arakawa's): take a known pair if there is one; else turn an
/// unknown card; if its partner is known take it, otherwise turn another unknown card.
fn usual(state: &State) -> Action {
    match state.first {
        None => state
            .position
            .iter()
            .map(|(p, _)| p)
            .find(|p| p.known() >= 2)
            .map_or(Action::Unknown, Action::Known),
        Some(FirstCard::Held(p)) if p.known() >= 2 => Action::Match,
        // Only reached when someone else chose the first card: its partner is
        // unknown, so look for it.
        Some(FirstCard::Held(_)) => Action::Unknown,
        Some(FirstCard::Revealed(p)) if p.known() >= 1 => Action::Match,
        Some(FirstCard::Revealed(_)) => Action::Unknown,
    }
}

impl Model for Standard {
    type State = State;
    type Action = Action;
    type First = FirstCard;

    fn state_of(view: &PublicView) -> State {
        state_of(view)
    }

    fn first(state: &State) -> Option<FirstCard> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<Action> {
        action_of(view, position)
    }

    fn candidates(view: &PublicView, action: Action) -> Vec<usize> {
        candidates(view, action)
    }

    fn order(action: Action, first: Option<FirstCard>) -> (u8, usize, u8) {
        (preference(TieBreak::Usual, action, first), 0, 0)
    }

    fn usual(state: &State) -> Action {
        usual(state)
    }

    fn name(view: &PublicView, action: Action) -> Named {
        super::words::name(view, action)
    }

    fn reading(action: Action, first: Option<FirstCard>) -> (Action, Option<FirstCard>) {
        (action, first)
    }
}

impl Model for OwnPairs {
    type State = SeatsState;
    type Action = Action;
    type First = FirstCard;

    fn state_of(view: &PublicView) -> SeatsState {
        let state = state_of(view);
        SeatsState {
            position: state.position,
            passes: view.passes(),
            first: state.first,
        }
    }

    fn first(state: &SeatsState) -> Option<FirstCard> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<Action> {
        action_of(view, position)
    }

    fn candidates(view: &PublicView, action: Action) -> Vec<usize> {
        candidates(view, action)
    }

    /// The seats solver lists its actions in this order too, so the first tied one it
    /// lists is the one this order picks.
    fn order(action: Action, first: Option<FirstCard>) -> (u8, usize, u8) {
        Standard::order(action, first)
    }

    fn usual(state: &SeatsState) -> Action {
        usual(&State {
            position: state.position.clone(),
            diff: 0,
            after_pass: false,
            first: state.first,
        })
    }

    fn name(view: &PublicView, action: Action) -> Named {
        super::words::name(view, action)
    }

    fn reading(action: Action, first: Option<FirstCard>) -> (Action, Option<FirstCard>) {
        (action, first)
    }
}
