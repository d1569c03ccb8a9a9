//! The chance nodes of jokers that count double for the exact duel: the standard game's
//! (docs/model.md), with the joker pair a class of its own; the recursion scores the
//! points a pair takes off the table, so the jokers count 2 there too.

use super::duel::{Chances, Turned};
use crate::model::Jokers;
use crate::rules::Deck;
use crate::solver::Pattern;
use crate::solver::jokers::{Class, JokersAction, JokersFirst, JokersPosition, JokersState};

/// `position` with one label of `class` moved to pattern `to` (`None`: gone).
fn moved(position: &JokersPosition, class: Class, to: Option<Pattern>) -> JokersPosition {
    let mut next = position.clone();
    match class {
        Class::Rank(p) => next.ranks = next.ranks.moved(p, to),
        Class::Joker(_) => next.joker = to,
    }
    next
}

fn classes(position: &JokersPosition) -> Vec<(Class, u32)> {
    let ranks = position.ranks.iter().map(|(p, n)| (Class::Rank(p), n));
    ranks
        .chain(position.joker.map(|p| (Class::Joker(p), 1)))
        .collect()
}

impl Chances for Jokers {
    type Position = JokersPosition;

    fn start(deck: &Deck) -> JokersPosition {
        JokersPosition::start(deck.labels() - 1)
    }

    /// Points, not pairs: the jokers count 2.
    fn pairs_left(position: &JokersPosition) -> u64 {
        position.points()
    }

    fn two_seat_state(
        position: &JokersPosition,
        diff: i64,
        after_pass: bool,
        first: Option<JokersFirst>,
    ) -> JokersState {
        JokersState {
            position: position.clone(),
            diff,
            after_pass,
            first,
        }
    }

    fn firsts(position: &JokersPosition, action: JokersAction) -> Vec<(f64, JokersFirst)> {
        match action {
            JokersAction::Unknown => classes(position)
                .into_iter()
                .filter(|(c, _)| c.pattern().unknown > 0)
                .map(|(c, n)| {
                    let weight = f64::from(n) * f64::from(c.pattern().unknown);
                    (weight, JokersFirst::Revealed(c))
                })
                .collect(),
            JokersAction::Known(c) => vec![(1.0, JokersFirst::Held(c))],
            JokersAction::Match => panic!("a match at the turn start"),
        }
    }

    fn seconds(
        position: &JokersPosition,
        first: JokersFirst,
        action: JokersAction,
    ) -> Vec<(f64, Turned<JokersPosition>)> {
        let (JokersFirst::Revealed(a) | JokersFirst::Held(a)) = first;
        let p = a.pattern();
        let revealed = matches!(first, JokersFirst::Revealed(_));
        let fresh = if revealed { 2 } else { 1 };
        match action {
            JokersAction::Match => {
                vec![(
                    1.0,
                    Turned::Took(moved(position, a, p.taken(u8::from(revealed)))),
                )]
            }
            JokersAction::Known(_) if revealed => {
                vec![(
                    1.0,
                    Turned::HandedOn(moved(position, a, Some(p.revealed()))),
                )]
            }
            JokersAction::Known(_) => vec![(1.0, Turned::Passed)],
            JokersAction::Unknown => {
                let base = if revealed {
                    moved(position, a, Some(p.revealed()))
                } else {
                    position.clone()
                };
                let mut outcomes = Vec::new();
                let same = p.unknown + 1 - fresh;
                if same > 0 {
                    let next = moved(position, a, p.taken(fresh));
                    outcomes.push((f64::from(same), Turned::Took(next)));
                }
                for (b, n) in classes(position) {
                    let others = n - u32::from(b == a);
                    let q = b.pattern();
                    if others == 0 || q.unknown == 0 {
                        continue;
                    }
                    let next = moved(&base, b, Some(q.revealed()));
                    outcomes.push((
                        f64::from(others) * f64::from(q.unknown),
                        Turned::HandedOn(next),
                    ));
                }
                outcomes
            }
        }
    }
}
