//! Zebra's model (docs/variants.md, "Zebra"): the abstract Zebra state of a Zebra game's
//! public view, the concrete cards that carry out an abstract action, the order among
//! equal actions, the usual player, and the standard reading the shared words use.

use super::words::{Named, card_words};
use super::{Model, first_card};
use crate::rules::{Card, PublicView, Slot, zebra_red};
use crate::rules::{coordinate, face_text};
use crate::solver::zebra::{
    ZebraAction, ZebraColour, ZebraFirstCard, ZebraPattern, ZebraPosition, ZebraState,
    zebra_preference,
};
use crate::solver::{Action, FirstCard, Pattern};

/// Zebra: a pair is two cards of the same rank and the opposite colour.
#[derive(Debug, Clone, Copy, Default)]
pub struct Zebra;

/// A flip in Zebra's own model, beside the standard reading the shared words use.
#[derive(Debug, Clone, PartialEq)]
pub struct ZebraNote {
    /// The action the flip carried out.
    pub action: ZebraAction,
    /// Every best action (ties within [`TIE_EPSILON`](crate::solver::TIE_EPSILON)).
    pub best: Vec<ZebraAction>,
    /// The one the optimal player chooses among them.
    pub chosen: ZebraAction,
}
/// A rank's cards as the public view shows them: `(red on the table, red unknown, black on
/// the table, black unknown)`. Each rank has two cards of each colour; those neither
/// removed nor known are unknown.
fn rank_counts(view: &PublicView, rank: u32) -> (u8, u8, u8, u8) {
    // Per colour (red, black): removed and known cards.
    let (mut gone, mut known) = ([0u8; 2], [0u8; 2]);
    for slot in view.slots() {
        let (card, counter) = match slot {
            Slot::Known(c) => (*c, &mut known),
            Slot::Removed(c) => (*c, &mut gone),
            Slot::Unknown => continue,
        };
        if card.label.0 == rank {
            counter[usize::from(!zebra_red(card))] += 1;
        }
    }
    let (red, black) = (2 - gone[0], 2 - gone[1]);
    (red, red - known[0], black, black - known[1])
}

/// The canonical pattern of a rank and whether its halves are swapped (`extra`: one more
/// unknown card of the given colour, the first card before it was turned).
fn rank_pattern(view: &PublicView, rank: u32, extra: Option<bool>) -> Option<(ZebraPattern, bool)> {
    let (rr, mut ur, rb, mut ub) = rank_counts(view, rank);
    match extra {
        Some(true) => ur += 1,
        Some(false) => ub += 1,
        None => {}
    }
    debug_assert_eq!(rr, rb, "a pair takes one card of each colour");
    let pattern = ZebraPattern::new(rr, ur, ub)?;
    Some((pattern, ZebraPattern::swaps(ur, ub)))
}

/// The half a card is in, in its rank's canonical pattern.
fn half(card: Card, swapped: bool) -> ZebraColour {
    if zebra_red(card) == swapped {
        ZebraColour::Black
    } else {
        ZebraColour::Red
    }
}

/// The abstract Zebra state of the current decision point of a Zebra game.
///
/// # Panics
/// If the game is over or the deck is not a Zebra deck.
#[must_use]
fn state_of(view: &PublicView) -> ZebraState {
    assert!(view.deck().is_zebra(), "not a Zebra game");
    assert!(!view.is_over(), "no decision in a finished game");
    let first = first_card(view);
    let mut position = ZebraPosition::from_counts([0; 9]);
    let mut first_state = None;
    for rank in 0..view.deck().labels() {
        // The first card, if turned from unknown this turn, counts as unknown still.
        let extra = first
            .filter(|&(_, c, known)| !known && c.label.0 == rank)
            .map(|(_, c, _)| zebra_red(c));
        let Some((pattern, swapped)) = rank_pattern(view, rank, extra) else {
            continue;
        };
        position.add(pattern, 1);
        if let Some((_, c, known)) = first.filter(|&(_, c, _)| c.label.0 == rank) {
            let h = half(c, swapped);
            first_state = Some(if known {
                ZebraFirstCard::Held(pattern, h)
            } else {
                ZebraFirstCard::Revealed(pattern, h)
            });
        }
    }
    ZebraState {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first: first_state,
    }
}

/// The abstract action that turning the card at `position` now carries out.
///
/// # Panics
/// If the card is not on the table or is the first card of the turn.
#[must_use]
fn action_of(view: &PublicView, position: usize) -> ZebraAction {
    let card = match view.slots()[position] {
        Slot::Unknown => return ZebraAction::Unknown,
        Slot::Known(c) => c,
        Slot::Removed(_) => panic!("that card has been removed"),
    };
    if let Some((at, first, _)) = first_card(view) {
        assert_ne!(at, position, "the first card is face up");
        if view.deck().matches(first, card) {
            return ZebraAction::Match;
        }
        if first.label == card.label {
            return ZebraAction::Twin;
        }
    }
    let (pattern, swapped) = rank_pattern(view, card.label.0, None).expect("on the table");
    ZebraAction::Known(pattern, half(card, swapped))
}

/// The cards on the table that carry out `action` now.
#[must_use]
fn candidates(view: &PublicView, action: ZebraAction) -> Vec<usize> {
    if action == ZebraAction::Unknown {
        return view.unknown_positions().collect();
    }
    let first = first_card(view).map(|(at, _, _)| at);
    view.known_cards()
        .filter(|&(p, _)| Some(p) != first)
        .filter(|&(p, _)| {
            let done = action_of(view, p);
            match (done, action) {
                // Either half of a symmetric pattern stands for both.
                (ZebraAction::Known(p1, _), ZebraAction::Known(p2, _)) if p1.symmetric() => {
                    p1 == p2
                }
                _ => done == action,
            }
        })
        .map(|(p, _)| p)
        .collect()
}

/// The standard reading of a Zebra action, for the shared words: a known card whose
/// opposite-colour partner is known is "a card of a known pair", a twin after the first
/// card is "a known card".
fn reading(action: ZebraAction, first: Option<ZebraFirstCard>) -> Action {
    match (action, first) {
        (ZebraAction::Unknown, _) => Action::Unknown,
        (ZebraAction::Match, _) => Action::Match,
        // A card of a known pair: two known cards of its label.
        (ZebraAction::Known(p, c), None) if p.known(c.opposite()) > 0 => {
            Action::Known(Pattern::new(2, 0))
        }
        (ZebraAction::Known(..), None) => Action::Known(Pattern::new(2, 1)),
        (ZebraAction::Known(..) | ZebraAction::Twin, Some(_)) => Action::Known(Pattern::new(2, 0)),
        (ZebraAction::Twin, None) => Action::Unknown,
    }
}

fn first_reading(first: ZebraFirstCard) -> FirstCard {
    match first {
        ZebraFirstCard::Revealed(..) => FirstCard::Revealed(Pattern::new(2, 1)),
        ZebraFirstCard::Held(..) => FirstCard::Held(Pattern::new(2, 0)),
    }
}

impl Model for Zebra {
    type State = ZebraState;
    type Action = ZebraAction;
    type First = ZebraFirstCard;

    fn state_of(view: &PublicView) -> ZebraState {
        state_of(view)
    }

    fn first(state: &ZebraState) -> Option<ZebraFirstCard> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<ZebraAction> {
        Some(action_of(view, position))
    }

    fn candidates(view: &PublicView, action: ZebraAction) -> Vec<usize> {
        candidates(view, action)
    }

    fn order(action: ZebraAction, first: Option<ZebraFirstCard>) -> (u8, usize, u8) {
        zebra_preference(action, first)
    }

    /// Either half of a symmetric pattern is the same choice.
    fn same_choice(listed: ZebraAction, done: ZebraAction) -> bool {
        match (listed, done) {
            (ZebraAction::Known(p, _), ZebraAction::Known(q, _)) if p.symmetric() => p == q,
            _ => listed == done,
        }
    }

    /// Take a known pair (a known card whose opposite-colour partner is known too); else
    /// turn an unknown card; if its partner is known take it, otherwise turn another
    /// unknown card. A twin is never taken for a pair. Never passes.
    fn usual(state: &ZebraState) -> ZebraAction {
        let partner_known = |p: ZebraPattern, c: ZebraColour| p.known(c.opposite()) > 0;
        match state.first {
            None => state
                .position
                .iter()
                .flat_map(|(p, _)| ZebraColour::BOTH.map(|c| (p, c)))
                .find(|&(p, c)| p.known(c) > 0 && partner_known(p, c))
                .map_or(ZebraAction::Unknown, |(p, c)| ZebraAction::Known(p, c)),
            // A revealed card's pattern is from before the flip: its known cards are
            // still known.
            Some(ZebraFirstCard::Revealed(p, c) | ZebraFirstCard::Held(p, c))
                if partner_known(p, c) =>
            {
                ZebraAction::Match
            }
            // A held card without a known partner only when someone else chose it.
            Some(_) => ZebraAction::Unknown,
        }
    }

    fn name(view: &PublicView, action: ZebraAction) -> Named {
        let first = state_of(view).first;
        let cards = candidates(view, action);
        Named {
            text: words(view, action, first, &cards),
            kind: kind_words(action, first),
            cards,
        }
    }

    fn note(
        done: ZebraAction,
        best: &[ZebraAction],
        chosen: Option<ZebraAction>,
    ) -> Option<ZebraNote> {
        chosen.map(|chosen| ZebraNote {
            action: done,
            best: best.to_vec(),
            chosen,
        })
    }

    fn reading(action: ZebraAction, first: Option<ZebraFirstCard>) -> (Action, Option<FirstCard>) {
        (reading(action, first), first.map(first_reading))
    }
}

fn face(view: &PublicView, position: usize) -> Option<Card> {
    match view.slots()[position] {
        Slot::Known(c) | Slot::Removed(c) => Some(c),
        Slot::Unknown => None,
    }
}

/// An action in words: "Take the pair 7♥ 7♠ (c3, k2)", "Turn its twin, 7♦ (k2): same
/// colour, no pair".
fn words(
    view: &PublicView,
    action: ZebraAction,
    first: Option<ZebraFirstCard>,
    cards: &[usize],
) -> String {
    let one = cards
        .first()
        .map(|&p| card_words(view, p))
        .unwrap_or_default();
    let held = matches!(first, Some(ZebraFirstCard::Held(..)));
    match (first, action) {
        (Some(ZebraFirstCard::Revealed(..)), ZebraAction::Unknown) => {
            "Turn a second new card".into()
        }
        (_, ZebraAction::Unknown) => "Turn a new card".into(),
        (_, ZebraAction::Match) => format!("Take the pair: turn {one}"),
        (_, ZebraAction::Twin) if held => {
            format!("Pass: turn its twin, {one} (same colour, no pair)")
        }
        (_, ZebraAction::Twin) => format!("Turn its twin, {one}: same colour, no pair"),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => {
            let at = cards.first().copied();
            let partner = at.and_then(|a| {
                let card = face(view, a)?;
                view.known_cards()
                    .find(|&(q, d)| q != a && view.deck().matches(card, d))
                    .map(|(q, _)| q)
            });
            match (at, partner) {
                (Some(a), Some(b)) => {
                    let deck = view.deck();
                    let f = |p| {
                        face(view, p)
                            .map(|c| face_text(deck, c))
                            .unwrap_or_default()
                    };
                    format!(
                        "Take the pair {} {} ({}, {})",
                        f(a),
                        f(b),
                        coordinate(deck, a),
                        coordinate(deck, b)
                    )
                }
                _ => format!("Take a seen pair: turn {one}"),
            }
        }
        (None, ZebraAction::Known(p, c)) => {
            format!("Turn a seen card, {one}, {}", others(p, c))
        }
        (_, ZebraAction::Known(p, c)) if held => {
            format!("Pass: turn a second seen card, {one}, {}", others(p, c))
        }
        (_, ZebraAction::Known(p, c)) => format!(
            "Turn a seen card, {one}, {}: ends your turn without showing a new card",
            others(p, c)
        ),
    }
}

/// What else is known of a seen card's rank, from its pattern and colour: its partners
/// (the other colour) and its twin (its own colour), so that two seen cards of different
/// patterns read differently ("whose partner is still hidden, its twin seen").
fn others(p: ZebraPattern, c: ZebraColour) -> String {
    let opposite = c.opposite();
    let partners = match (p.known(opposite), p.unknown(opposite)) {
        (0, 0) => "with no partner left".to_owned(),
        (0, 1) => "whose partner is still hidden".to_owned(),
        (0, h) => format!("whose {h} partners are still hidden"),
        (1, 0) => "whose partner you have seen".to_owned(),
        (s, 0) => format!("whose {s} partners you have seen"),
        (s, h) => format!("with {s} seen and {h} hidden partners"),
    };
    let twin = match (p.known(c).saturating_sub(1), p.unknown(c)) {
        (0, 0) => "",
        (0, _) => ", its twin hidden",
        _ => ", its twin seen",
    };
    format!("{partners}{twin}")
}

/// The kind of a move alone, without the face or place of a face-down card (classic
/// memory's first hint): "Turn its twin, which you have seen: same colour, no pair".
fn kind_words(action: ZebraAction, first: Option<ZebraFirstCard>) -> String {
    let held = matches!(first, Some(ZebraFirstCard::Held(..)));
    match (first, action) {
        (Some(ZebraFirstCard::Revealed(..)), ZebraAction::Unknown) => {
            "Turn a second new card".into()
        }
        (_, ZebraAction::Unknown) => "Turn a new card".into(),
        (_, ZebraAction::Match) => "Take the pair: turn its partner, which you have seen".into(),
        (_, ZebraAction::Twin) if held => "Pass: turn its twin (same colour, no pair)".into(),
        (_, ZebraAction::Twin) => "Turn its twin, which you have seen: same colour, no pair".into(),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => {
            format!("Take a pair you have seen (a card {})", others(p, c))
        }
        (None, ZebraAction::Known(p, c)) => format!("Turn a seen card {}", others(p, c)),
        (_, ZebraAction::Known(p, c)) if held => {
            format!("Pass: turn a second seen card {}", others(p, c))
        }
        (_, ZebraAction::Known(p, c)) => format!(
            "Turn a seen card {}: ends your turn without showing a new card",
            others(p, c)
        ),
    }
}
