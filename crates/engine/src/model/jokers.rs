//! Any Colour with jokers that count double (docs/variants.md): the standard model's
//! decision points, with the joker pair a class of its own beside the ranks' patterns,
//! since taking it scores 2.

use super::Model;
use super::standard;
use super::words::{Named, named};
use crate::rules::{Label, Phase, PublicView, Slot};
use crate::solver::jokers::{
    Class, JokersAction, JokersFirst, JokersPosition, JokersState, jokers_preference,
};
use crate::solver::{Action, FirstCard, Pattern, Position};

/// Any Colour with jokers that count double (`standard-rank-jokers`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Jokers;

/// The class of `label` in pattern `pattern`: the jokers, or a rank.
fn class_of(view: &PublicView, label: Label, pattern: Pattern) -> Class {
    if view.deck().double_jokers() == Some(label) {
        Class::Joker(pattern)
    } else {
        Class::Rank(pattern)
    }
}

fn label_at(view: &PublicView, position: usize) -> Option<Label> {
    match view.slots().get(position)? {
        Slot::Known(c) | Slot::Removed(c) => Some(c.label),
        Slot::Unknown => None,
    }
}

/// The class of `label` as the table stands now (the first card counted known).
fn class_now(view: &PublicView, label: Label) -> Option<Class> {
    view.label_counts()
        .into_iter()
        .find(|&(l, _, _)| l == label)
        .map(|(l, r, u)| class_of(view, l, Pattern::new(r, u)))
}

fn first_card(view: &PublicView) -> Option<(usize, bool)> {
    match view.phase() {
        Phase::SecondCard {
            first,
            first_was_known,
        } => Some((first, first_was_known)),
        _ => None,
    }
}

/// The state of the current decision point.
///
/// # Panics
/// If the game is over.
fn state_of(view: &PublicView) -> JokersState {
    assert!(!view.is_over(), "no decision in a finished game");
    let first = first_card(view).map(|(at, known)| (label_at(view, at).expect("face up"), known));
    let mut position = JokersPosition {
        ranks: Position::empty(4),
        joker: None,
    };
    let mut first_state = None;
    for (label, on_table, unknown) in view.label_counts() {
        // The model describes the first card's label as it was before the flip.
        let revealed_now = first.is_some_and(|(l, known)| l == label && !known);
        let pattern = Pattern::new(on_table, unknown + u8::from(revealed_now));
        let class = class_of(view, label, pattern);
        match class {
            Class::Joker(p) => position.joker = Some(p),
            Class::Rank(p) => position.ranks.add(p, 1),
        }
        if let Some((l, known)) = first.filter(|&(l, _)| l == label) {
            debug_assert_eq!(l, label);
            first_state = Some(if known {
                JokersFirst::Held(class)
            } else {
                JokersFirst::Revealed(class)
            });
        }
    }
    JokersState {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first: first_state,
    }
}

fn action_of(view: &PublicView, position: usize) -> Option<JokersAction> {
    match (view.phase(), view.slots().get(position)?) {
        (Phase::Over(_), _) | (_, Slot::Removed(_)) => None,
        (_, Slot::Unknown) => Some(JokersAction::Unknown),
        (Phase::FirstCard, Slot::Known(c)) => class_now(view, c.label).map(JokersAction::Known),
        (Phase::SecondCard { first, .. }, Slot::Known(c)) => {
            if first == position {
                None
            } else if label_at(view, first) == Some(c.label) {
                Some(JokersAction::Match)
            } else {
                class_now(view, c.label).map(JokersAction::Known)
            }
        }
    }
}

fn candidates(view: &PublicView, action: JokersAction) -> Vec<usize> {
    match action {
        JokersAction::Known(class) => {
            let first = first_card(view).map(|(at, _)| at);
            let first_label = first.and_then(|at| label_at(view, at));
            view.known_cards()
                .filter(|&(p, c)| {
                    Some(p) != first
                        && Some(c.label) != first_label
                        && class_now(view, c.label) == Some(class)
                })
                .map(|(p, _)| p)
                .collect()
        }
        other => standard::candidates(view, reading_action(other)),
    }
}

fn reading_action(action: JokersAction) -> Action {
    match action {
        JokersAction::Match => Action::Match,
        JokersAction::Unknown => Action::Unknown,
        JokersAction::Known(c) => Action::Known(c.pattern()),
    }
}

/// The usual strategy (Arakawa's): take a known pair if there is one; else turn an
/// unknown card; if its partner is known take it, otherwise turn another unknown card.
fn usual(state: &JokersState) -> JokersAction {
    match state.first {
        None => {
            let joker = state.position.joker.map(Class::Joker);
            let ranks = state.position.ranks.iter().map(|(p, _)| Class::Rank(p));
            joker
                .into_iter()
                .chain(ranks)
                .find(|c| c.pattern().known() >= 2)
                .map_or(JokersAction::Unknown, JokersAction::Known)
        }
        Some(JokersFirst::Held(c)) if c.pattern().known() >= 2 => JokersAction::Match,
        Some(JokersFirst::Held(_)) => JokersAction::Unknown,
        Some(JokersFirst::Revealed(c)) if c.pattern().known() >= 1 => JokersAction::Match,
        Some(JokersFirst::Revealed(_)) => JokersAction::Unknown,
    }
}

impl Model for Jokers {
    type State = JokersState;
    type Action = JokersAction;
    type First = JokersFirst;

    fn state_of(view: &PublicView) -> JokersState {
        state_of(view)
    }

    fn first(state: &JokersState) -> Option<JokersFirst> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<JokersAction> {
        action_of(view, position)
    }

    fn candidates(view: &PublicView, action: JokersAction) -> Vec<usize> {
        candidates(view, action)
    }

    fn order(action: JokersAction, first: Option<JokersFirst>) -> (u8, usize, u8) {
        jokers_preference(action, first)
    }

    fn usual(state: &JokersState) -> JokersAction {
        usual(state)
    }

    fn name(view: &PublicView, action: JokersAction) -> Named {
        named(view, reading_action(action), candidates(view, action))
    }

    fn reading(action: JokersAction, first: Option<JokersFirst>) -> (Action, Option<FirstCard>) {
        let first = first.map(|f| match f {
            JokersFirst::Revealed(c) => FirstCard::Revealed(c.pattern()),
            JokersFirst::Held(c) => FirstCard::Held(c.pattern()),
        });
        (reading_action(action), first)
    }
}
