//! The Double Decker Checkerboard's model (docs/variants.md): the abstract state of a
//! checkerboard game's public view, the cards that carry out an abstract action, the
//! order among equal actions, the usual player, the words (a new card *with a red back*)
//! and the standard reading the shared words use.

use super::words::{Named, card_words};
use super::{Model, first_card};
use crate::rules::{Back, Card, PublicView, Slot, coordinate, face_text};
use crate::solver::checker::{
    CheckerAction, CheckerFirstCard, CheckerPattern, CheckerPosition, CheckerState,
    checker_preference,
};
use crate::solver::{Action, FirstCard, Pattern};

/// The Double Decker Checkerboard: two decks with different backs dealt in a
/// checkerboard; a pair is two identical cards, one of each back.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checker;

/// Each label's cards as the view shows them: `[on the table, known]` per back.
fn label_cards(view: &PublicView) -> Vec<[[bool; 2]; 2]> {
    let labels = view.deck().labels() as usize;
    // Per label and back: (removed, known).
    let mut cards = vec![[[false; 2]; 2]; labels];
    for slot in view.slots() {
        match slot {
            Slot::Known(c) => cards[c.label.0 as usize][usize::from(c.copy)][1] = true,
            Slot::Removed(c) => cards[c.label.0 as usize][usize::from(c.copy)][0] = true,
            Slot::Unknown => {}
        }
    }
    cards
        .into_iter()
        .map(|l| l.map(|[removed, known]| [!removed, known]))
        .collect()
}

/// The pattern of label `label`'s pair on the table, `None` if it is gone (`unshown`: a
/// card to count as unknown, the first card before it was turned).
fn pattern_of(view: &PublicView, label: u32, unshown: Option<Card>) -> Option<CheckerPattern> {
    let cards = label_cards(view)[label as usize];
    if !cards[0][0] {
        return None;
    }
    let knows = |b: Back| {
        let copy = b.copy();
        cards[usize::from(copy)][1] && unshown.is_none_or(|c| c.label.0 != label || c.copy != copy)
    };
    Some(CheckerPattern::of(knows(Back::Red), knows(Back::Blue)))
}

/// The abstract state of the current decision point of a checkerboard game.
///
/// # Panics
/// If the game is over or the deck is not a checkerboard deck.
fn state_of(view: &PublicView) -> CheckerState {
    assert!(view.deck().is_checker(), "not a checkerboard game");
    assert!(!view.is_over(), "no decision in a finished game");
    let first = first_card(view);
    let unshown = first.filter(|&(_, _, known)| !known).map(|(_, c, _)| c);
    let mut position = CheckerPosition::default();
    for label in 0..view.deck().labels() {
        if let Some(p) = pattern_of(view, label, unshown) {
            position.add(p);
        }
    }
    let first = first.map(|(_, c, known)| {
        let p = pattern_of(view, c.label.0, unshown).expect("on the table");
        if known {
            CheckerFirstCard::Held(p)
        } else {
            CheckerFirstCard::Revealed(p, Back::of_copy(c.copy))
        }
    });
    CheckerState {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first,
    }
}

/// The abstract action that turning the card at `position` now carries out.
///
/// # Panics
/// If the card is not on the table or is the first card of the turn.
fn action_of(view: &PublicView, position: usize) -> CheckerAction {
    let card = match view.slots()[position] {
        Slot::Unknown => {
            return CheckerAction::Unknown(view.deck().back_at(position).expect("two backs"));
        }
        Slot::Known(c) => c,
        Slot::Removed(_) => panic!("that card has been removed"),
    };
    if let Some((at, first, _)) = first_card(view) {
        assert_ne!(at, position, "the first card is face up");
        if first.label == card.label {
            return CheckerAction::Match;
        }
    }
    CheckerAction::Known(pattern_of(view, card.label.0, None).expect("on the table"))
}

/// The cards on the table that carry out `action` now.
fn candidates(view: &PublicView, action: CheckerAction) -> Vec<usize> {
    if let CheckerAction::Unknown(b) = action {
        return view
            .unknown_positions()
            .filter(|&p| view.deck().back_at(p) == Some(b))
            .collect();
    }
    let first = first_card(view).map(|(at, _, _)| at);
    view.known_cards()
        .filter(|&(p, _)| Some(p) != first && action_of(view, p) == action)
        .map(|(p, _)| p)
        .collect()
}

/// The standard model's reading of an action: a card of a known pair is `known 2.0`, a
/// seen card whose partner is hidden `known 2.1`.
fn reading(action: CheckerAction) -> Action {
    match action {
        CheckerAction::Unknown(_) => Action::Unknown,
        CheckerAction::Match => Action::Match,
        CheckerAction::Known(CheckerPattern::Known) => Action::Known(Pattern::new(2, 0)),
        CheckerAction::Known(_) => Action::Known(Pattern::new(2, 1)),
    }
}

fn first_reading(first: CheckerFirstCard) -> FirstCard {
    match first {
        CheckerFirstCard::Revealed(CheckerPattern::Hidden, _) => {
            FirstCard::Revealed(Pattern::new(2, 2))
        }
        CheckerFirstCard::Revealed(..) => FirstCard::Revealed(Pattern::new(2, 1)),
        CheckerFirstCard::Held(CheckerPattern::Known) => FirstCard::Held(Pattern::new(2, 0)),
        CheckerFirstCard::Held(_) => FirstCard::Held(Pattern::new(2, 1)),
    }
}

impl Model for Checker {
    type State = CheckerState;
    type Action = CheckerAction;
    type First = CheckerFirstCard;

    fn state_of(view: &PublicView) -> CheckerState {
        state_of(view)
    }

    fn first(state: &CheckerState) -> Option<CheckerFirstCard> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<CheckerAction> {
        Some(action_of(view, position))
    }

    fn candidates(view: &PublicView, action: CheckerAction) -> Vec<usize> {
        candidates(view, action)
    }

    fn order(action: CheckerAction, first: Option<CheckerFirstCard>) -> (u8, usize, u8) {
        checker_preference(action, first)
    }

    /// Take a known pair; else turn a new card (red-backed while there is one); if its
    /// partner is known take it, otherwise turn a new card of the other back, the only
    /// one that can be its partner. Never passes.
    fn usual(state: &CheckerState) -> CheckerAction {
        let position = &state.position;
        match state.first {
            None if position.count(CheckerPattern::Known) > 0 => {
                CheckerAction::Known(CheckerPattern::Known)
            }
            None if position.unknown(Back::Red) > 0 => CheckerAction::Unknown(Back::Red),
            None => CheckerAction::Unknown(Back::Blue),
            Some(
                CheckerFirstCard::Held(CheckerPattern::Known)
                | CheckerFirstCard::Revealed(CheckerPattern::Seen(_), _),
            ) => CheckerAction::Match,
            Some(first) => CheckerAction::Unknown(first.back().other()),
        }
    }

    fn name(view: &PublicView, action: CheckerAction) -> Named {
        let first = state_of(view).first;
        let cards = candidates(view, action);
        let one = cards
            .first()
            .map(|&p| card_words(view, p))
            .unwrap_or_default();
        Named {
            text: words(view, action, first, &one, &cards),
            kind: kind_words(action, first),
            cards,
        }
    }

    fn reading(
        action: CheckerAction,
        first: Option<CheckerFirstCard>,
    ) -> (Action, Option<FirstCard>) {
        (reading(action), first.map(first_reading))
    }
}

/// A new card of a back, said beside the first card's: "a new card with a red back (the
/// other back: it may be the partner)".
fn new_card(back: Back, first: Option<CheckerFirstCard>) -> String {
    match first {
        None => format!("a new card with a {back} back"),
        Some(f @ CheckerFirstCard::Revealed(CheckerPattern::Hidden, _))
        | Some(f @ CheckerFirstCard::Held(CheckerPattern::Seen(_)))
            if f.back() != back =>
        {
            format!("a new card with a {back} back (the other back: it may be the partner)")
        }
        Some(f) if f.back() != back => format!("a new card with a {back} back (the other back)"),
        Some(_) => format!("a new card with a {back} back (the same back: never the partner)"),
    }
}

/// An action in words: "Turn a new card with a red back", "Take the pair 7♥ 7♥ (c3, k2)".
fn words(
    view: &PublicView,
    action: CheckerAction,
    first: Option<CheckerFirstCard>,
    one: &str,
    cards: &[usize],
) -> String {
    let held = matches!(first, Some(CheckerFirstCard::Held(_)));
    match (first, action) {
        (_, CheckerAction::Unknown(b)) => format!("Turn {}", new_card(b, first)),
        (_, CheckerAction::Match) => format!("Take the pair: turn {one}"),
        (None, CheckerAction::Known(CheckerPattern::Known)) => {
            let deck = view.deck();
            let partner = cards.first().and_then(|&a| {
                let Slot::Known(card) = view.slots()[a] else {
                    return None;
                };
                view.known_cards()
                    .find(|&(q, d)| q != a && d.label == card.label)
                    .map(|(q, d)| (a, card, q, d))
            });
            match partner {
                Some((a, c, b, d)) => format!(
                    "Take the pair {} {} ({}, {})",
                    face_text(deck, c),
                    face_text(deck, d),
                    coordinate(deck, a),
                    coordinate(deck, b)
                ),
                None => format!("Take a seen pair: turn {one}"),
            }
        }
        (None, CheckerAction::Known(p)) => format!("Turn a seen card, {one}, {}", partner(p)),
        (_, CheckerAction::Known(p)) if held => {
            format!("Pass: turn a second seen card, {one}, {}", partner(p))
        }
        (_, CheckerAction::Known(p)) => format!(
            "Turn a seen card, {one}, {}: ends your turn without showing a new card",
            partner(p)
        ),
    }
}

/// What is known of a seen card's partner, from its pair's pattern.
fn partner(p: CheckerPattern) -> String {
    match p {
        CheckerPattern::Seen(b) => {
            format!("whose partner (a {} back) is still hidden", b.other())
        }
        _ => "whose partner you have seen".to_owned(),
    }
}

/// The kind of a move alone, without the face or place of a face-down card (classic
/// memory's first hint).
fn kind_words(action: CheckerAction, first: Option<CheckerFirstCard>) -> String {
    let held = matches!(first, Some(CheckerFirstCard::Held(_)));
    match (first, action) {
        (_, CheckerAction::Unknown(b)) => format!("Turn {}", new_card(b, first)),
        (_, CheckerAction::Match) => "Take the pair: turn its partner, which you have seen".into(),
        (None, CheckerAction::Known(CheckerPattern::Known)) => "Take a pair you have seen".into(),
        (None, CheckerAction::Known(p)) => format!("Turn a seen card {}", partner(p)),
        (_, CheckerAction::Known(p)) if held => {
            format!("Pass: turn a second seen card {}", partner(p))
        }
        (_, CheckerAction::Known(p)) => format!(
            "Turn a seen card {}: ends your turn without showing a new card",
            partner(p)
        ),
    }
}
