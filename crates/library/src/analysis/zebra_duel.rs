//! Zebra's chance nodes for the exact duel (the recursion itself is the one of
//! [`super::duel`], written once over [`Chances`]).
//!
//! The transitions are the rules of docs/variants.md, rank by rank through
//! [`ZebraPattern::after`]: a card turned from unknown is shown in its half; a pair
//! takes one card of each half; a twin or a card of another rank only shows what was
//! unknown; two known cards that do not pair are a pass.

use super::duel::{Chances, Turned};
use crate::model::Zebra;
use crate::rules::Deck;
use crate::solver::zebra::{
    ZEBRA_PATTERNS, ZebraAction, ZebraColour, ZebraFirstCard, ZebraPattern, ZebraPosition,
    ZebraState,
};

impl Chances for Zebra {
    type Position = ZebraPosition;

    fn start(deck: &Deck) -> ZebraPosition {
        ZebraPosition::start(deck.labels())
    }

    fn pairs_left(position: &ZebraPosition) -> u64 {
        position.pairs()
    }

    fn two_seat_state(
        position: &ZebraPosition,
        diff: i64,
        after_pass: bool,
        first: Option<ZebraFirstCard>,
    ) -> ZebraState {
        ZebraState {
            position: position.clone(),
            diff,
            after_pass,
            first,
        }
    }

    fn firsts(position: &ZebraPosition, action: ZebraAction) -> Vec<(f64, ZebraFirstCard)> {
        match action {
            ZebraAction::Unknown => position
                .iter()
                .flat_map(|(p, n)| {
                    ZebraColour::BOTH.map(|c| {
                        let weight = f64::from(n) * f64::from(p.unknown(c));
                        (weight, ZebraFirstCard::Revealed(p, c))
                    })
                })
                .filter(|&(weight, _)| weight > 0.0)
                .collect(),
            ZebraAction::Known(p, c) => vec![(1.0, ZebraFirstCard::Held(p, c))],
            other => panic!("{other} at the turn start"),
        }
    }

    fn seconds(
        position: &ZebraPosition,
        first: ZebraFirstCard,
        action: ZebraAction,
    ) -> Vec<(f64, Turned<ZebraPosition>)> {
        let (ZebraFirstCard::Revealed(p, c) | ZebraFirstCard::Held(p, c)) = first;
        let revealed = matches!(first, ZebraFirstCard::Revealed(..));
        match action {
            ZebraAction::Match => {
                assert!(p.known(c.opposite()) > 0, "no known partner");
                let next = changed(position, p, (0, 0, taken(c, revealed, false)));
                vec![(1.0, Turned::Took(next))]
            }
            // A seen card after a new one: the first card is shown, nothing else.
            ZebraAction::Twin | ZebraAction::Known(..) if revealed => {
                let (r, b) = shown(c, 1);
                let next = changed(position, p, (r, b, None));
                vec![(1.0, Turned::HandedOn(next))]
            }
            ZebraAction::Twin | ZebraAction::Known(..) => vec![(1.0, Turned::Passed)],
            ZebraAction::Unknown => second_unknown(position, p, c, revealed),
        }
    }
}

/// Cards shown of each half: `(red, black)` for one card of half `c`.
fn shown(c: ZebraColour, n: u8) -> (u8, u8) {
    match c {
        ZebraColour::Red => (n, 0),
        ZebraColour::Black => (0, n),
    }
}

/// `position` with one rank of pattern `p` changed by `change` (see
/// [`ZebraPattern::after`]).
fn changed(
    position: &ZebraPosition,
    p: ZebraPattern,
    change: (u8, u8, Option<(bool, bool)>),
) -> ZebraPosition {
    let (red, black, taken) = change;
    let next = p
        .after(red, black, taken)
        .expect("a possible turn")
        .map(|(q, _)| q);
    position.moved(p, next)
}

/// A pair taken of the first card's half `c`, each card unknown before the turn or not.
fn taken(c: ZebraColour, first_unknown: bool, second_unknown: bool) -> Option<(bool, bool)> {
    Some(match c {
        ZebraColour::Red => (first_unknown, second_unknown),
        ZebraColour::Black => (second_unknown, first_unknown),
    })
}

/// The second card turned from unknown, the first of pattern `p`, half `c`, itself
/// unknown before the turn or not.
fn second_unknown(
    position: &ZebraPosition,
    p: ZebraPattern,
    c: ZebraColour,
    revealed: bool,
) -> Vec<(f64, Turned<ZebraPosition>)> {
    let first_shown = u8::from(revealed);
    let mut outcomes = Vec::new();
    // Its partner: a pair.
    let partners = p.unknown(c.opposite());
    if partners > 0 {
        let next = changed(position, p, (0, 0, taken(c, revealed, true)));
        outcomes.push((f64::from(partners), Turned::Took(next)));
    }
    // Its twin: both shown, no pair.
    let twins = p.unknown(c) - first_shown;
    if twins > 0 {
        let (r, b) = shown(c, first_shown + 1);
        let next = changed(position, p, (r, b, None));
        outcomes.push((f64::from(twins), Turned::HandedOn(next)));
    }
    // A card of another rank.
    let (r, b) = shown(c, first_shown);
    let base = changed(position, p, (r, b, None));
    for q in ZEBRA_PATTERNS {
        let others = position.count(q) - u32::from(q == p);
        for c2 in ZebraColour::BOTH {
            let n = others * u32::from(q.unknown(c2));
            if n == 0 {
                continue;
            }
            let (r2, b2) = shown(c2, 1);
            let next = changed(&base, q, (r2, b2, None));
            outcomes.push((f64::from(n), Turned::HandedOn(next)));
        }
    }
    outcomes
}
