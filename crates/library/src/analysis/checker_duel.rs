//! The checkerboard's chance nodes for the exact duel (the recursion itself is the one
//! of [`super::duel`], written once over [`Chances`]): a card turned from unknown is
//! shown with its back; a pair takes one card of each back; two known cards that do not
//! pair are a pass (docs/variants.md).

use super::duel::{Chances, Turned};
use crate::model::Checker;
use crate::rules::Deck;
use crate::solver::checker::{
    CHECKER_PATTERNS, CheckerAction, CheckerFirstCard, CheckerPosition, CheckerState,
};

impl Chances for Checker {
    type Position = CheckerPosition;

    fn start(deck: &Deck) -> CheckerPosition {
        CheckerPosition::start(deck.labels())
    }

    fn pairs_left(position: &CheckerPosition) -> u64 {
        position.pairs()
    }

    fn two_seat_state(
        position: &CheckerPosition,
        diff: i64,
        after_pass: bool,
        first: Option<CheckerFirstCard>,
    ) -> CheckerState {
        CheckerState {
            position: *position,
            diff,
            after_pass,
            first,
        }
    }

    fn firsts(position: &CheckerPosition, action: CheckerAction) -> Vec<(f64, CheckerFirstCard)> {
        match action {
            CheckerAction::Unknown(back) => CHECKER_PATTERNS
                .into_iter()
                .filter(|p| !p.knows(back) && position.count(*p) > 0)
                .map(|p| {
                    let weight = f64::from(position.count(p));
                    (weight, CheckerFirstCard::Revealed(p, back))
                })
                .collect(),
            CheckerAction::Known(p) => vec![(1.0, CheckerFirstCard::Held(p))],
            CheckerAction::Match => panic!("match at the turn start"),
        }
    }

    fn seconds(
        position: &CheckerPosition,
        first: CheckerFirstCard,
        action: CheckerAction,
    ) -> Vec<(f64, Turned<CheckerPosition>)> {
        let others = position
            .without(first.pattern())
            .expect("the first card's pair");
        match action {
            CheckerAction::Match => {
                assert!(first.partner_known(), "no known partner");
                vec![(1.0, Turned::Took(others))]
            }
            CheckerAction::Known(_) if first.held() => vec![(1.0, Turned::Passed)],
            // A seen card after a new one: the first card is shown, nothing else.
            CheckerAction::Known(_) => {
                let mut left = others;
                left.add(first.left());
                vec![(1.0, Turned::HandedOn(left))]
            }
            CheckerAction::Unknown(back) => {
                let (partner, shown) = first.new_cards(&others, back);
                let took = partner.then_some((1.0, Turned::Took(others)));
                took.into_iter()
                    .chain(
                        shown
                            .into_iter()
                            .map(|(n, after)| (f64::from(n), Turned::HandedOn(after))),
                    )
                    .collect()
            }
        }
    }
}
