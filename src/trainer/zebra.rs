//! The Zebra lesson: every action at a Zebra decision point in a player's words, with
//! the cards that carry it out, its value from [`ZebraSolver`] and its cost, best first;
//! and the coach's line on a Zebra decision. A sibling of [`super::explain`], which
//! knows the standard game's patterns only.

use crate::analysis::annotate::Class;
use crate::players::{zebra_action_of, zebra_candidates, zebra_state_of};
use crate::record::{coordinate, face_text};
use crate::rules::{Card, Game, Objective, PublicView, Slot};
use crate::solver::zebra::{
    ZebraAction, ZebraError, ZebraFirstCard, ZebraSolver, zebra_chosen, zebra_preference,
};

use super::coach::Verdict;
use super::{Idea, card_words};

mod idea;

/// The deck's rule in the line the board, panel and help show on a Zebra table.
pub const ZEBRA_RULE: &str = "Zebra: a pair is the same rank in the other colour";

/// One action at a Zebra decision point, explained.
#[derive(Debug, Clone, PartialEq)]
pub struct ZebraChoice {
    /// The action in the model's terms (`known 2.1/2.0 red`).
    pub action: ZebraAction,
    /// The action in words, with a card that carries it out.
    pub text: String,
    /// The kind of move alone, no face or place of a face-down card (classic memory).
    pub kind: String,
    /// Every position that carries it out (all equivalent).
    pub cards: Vec<usize>,
    /// Its value for the mover.
    pub value: f64,
    /// The best value minus this one (0 for the best).
    pub cost: f64,
    /// What it does this turn, in a few words ("pair now 33%", "a pass").
    pub numbers: String,
}

/// Everything said about one Zebra decision point.
#[derive(Debug, Clone, PartialEq)]
pub struct ZebraLesson {
    /// Every available action, best first.
    pub actions: Vec<ZebraChoice>,
    /// The optimal player's choice (the model's order among ties).
    pub best: ZebraAction,
    /// Why the best is best, in one line of this position's numbers.
    pub idea: Idea,
}

impl ZebraLesson {
    /// The explained best action.
    ///
    /// # Panics
    /// Never: the best action is listed.
    #[must_use]
    pub fn best(&self) -> &ZebraChoice {
        self.actions
            .iter()
            .find(|c| c.action == self.best)
            .expect("the best action is listed")
    }

    /// The choice a flip at `position` carries out, if that card can be turned now.
    #[must_use]
    pub fn action_at(&self, position: usize) -> Option<&ZebraChoice> {
        self.actions.iter().find(|c| c.cards.contains(&position))
    }
}

/// Explains the decision point of a Zebra game's `view` with `solver` (solved for it).
///
/// # Errors
/// A state the solver cannot value.
///
/// # Panics
/// If the game is over or not a Zebra game.
pub fn explain_zebra(
    view: &PublicView,
    solver: &mut ZebraSolver<f64>,
) -> Result<ZebraLesson, ZebraError> {
    let state = zebra_state_of(view);
    let objective = solver.objective();
    let lead = view.pairs().lead(view.mover());
    let mut values: Vec<(ZebraAction, f64)> = solver
        .actions(&state)?
        .into_iter()
        .map(|(a, v)| (a, objective.at_end(lead, v)))
        .collect();
    // Both halves of a symmetric pattern are one choice on the table.
    values.retain(|(a, _)| {
        !matches!(a, ZebraAction::Known(p, crate::solver::zebra::ZebraColour::Black) if p.symmetric())
    });
    let best = zebra_chosen(objective, &values, state.first).ok_or(ZebraError::Empty)?;
    let best_value = values
        .iter()
        .find(|(a, _)| *a == best)
        .map_or(0.0, |&(_, v)| v);
    let mut actions: Vec<ZebraChoice> = values
        .into_iter()
        .map(|(action, value)| {
            let cards = zebra_candidates(view, action);
            ZebraChoice {
                text: words(view, action, state.first, &cards),
                kind: kind_words(action, state.first),
                numbers: numbers(view, action, state.first),
                cards,
                action,
                value,
                cost: (best_value - value).max(0.0),
            }
        })
        .filter(|c| !c.cards.is_empty())
        .collect();
    actions.sort_by(|a, b| {
        a.cost.total_cmp(&b.cost).then(
            zebra_preference(a.action, state.first).cmp(&zebra_preference(b.action, state.first)),
        )
    });
    let chosen = actions
        .iter()
        .find(|c| c.action == best)
        .ok_or(ZebraError::Empty)?;
    let idea = idea::zebra_idea(view, state.first, &actions, chosen, objective);
    Ok(ZebraLesson {
        actions,
        best,
        idea,
    })
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
            let hidden = p.unknown(c.opposite());
            let partners = if hidden == 1 {
                "partner is"
            } else {
                "partners are"
            };
            format!("Turn a seen card, {one}, whose {partners} still hidden")
        }
        (_, ZebraAction::Known(..)) if held => format!("Pass: turn a second seen card, {one}"),
        (_, ZebraAction::Known(..)) => {
            format!("Turn a seen card, {one}: ends your turn without showing a new card")
        }
    }
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
            "Take a pair you have seen".into()
        }
        (None, ZebraAction::Known(p, c)) => {
            if p.unknown(c.opposite()) == 1 {
                "Turn a seen card whose partner is still hidden".into()
            } else {
                "Turn a seen card whose partners are still hidden".into()
            }
        }
        (_, ZebraAction::Known(..)) if held => "Pass: turn a second seen card".into(),
        (_, ZebraAction::Known(..)) => {
            "Turn a seen card: ends your turn without showing a new card".into()
        }
    }
}

/// What an action does this turn, where a few words say it: the chance that the second
/// card pairs, or that it is a pass.
fn numbers(view: &PublicView, action: ZebraAction, first: Option<ZebraFirstCard>) -> String {
    let held = matches!(first, Some(ZebraFirstCard::Held(..)));
    match (first, action) {
        (_, ZebraAction::Match) => "pair now 100%".into(),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => {
            "pair now 100% (a seen pair)".into()
        }
        (None, _) => String::new(),
        (
            Some(ZebraFirstCard::Revealed(p, c) | ZebraFirstCard::Held(p, c)),
            ZebraAction::Unknown,
        ) => {
            // The first card's partners still hidden, among every hidden card.
            let hidden = view.unknown_positions().count();
            let partners = p.unknown(c.opposite());
            if hidden == 0 {
                String::new()
            } else {
                let chance = f64::from(partners) / hidden as f64;
                format!("pair now {}", super::chance_words(chance))
            }
        }
        _ if held => "a pass: nothing new is shown".into(),
        _ => "no pair: nothing new is shown".into(),
    }
}

/// The coach's word on turning the card at `position` in a Zebra `game` (before the
/// flip), given the lesson at that decision point: `None` for a best choice.
#[must_use]
pub fn zebra_verdict(
    game: &Game,
    position: usize,
    lesson: &ZebraLesson,
    objective: Objective,
    places: super::Places,
) -> Option<Verdict> {
    let view = game.view();
    let taken = lesson.action_at(position).or_else(|| {
        let action = zebra_action_of(view, position);
        lesson.actions.iter().find(|c| c.action == action)
    })?;
    let class = Class::of(objective, taken.cost);
    if class == Class::Best {
        return None;
    }
    let best = lesson.best();
    Some(Verdict::new(
        objective.into(),
        (
            &choice_words(
                view,
                best.action,
                best.cards.first().copied().filter(|_| places.shown()),
            ),
            best.value,
        ),
        (
            &choice_words(view, taken.action, Some(position)),
            taken.value,
        ),
        taken.cost,
    ))
}

/// A choice in a few words, with its card when it is a seen one: "a second new card",
/// "the pair (7♠ k2)", "the twin (7♦ k2)", "a pass (4♠ b2)".
fn choice_words(view: &PublicView, action: ZebraAction, position: Option<usize>) -> String {
    let seen = position
        .and_then(|p| face(view, p).map(|c| (p, c)))
        .map(|(p, c)| {
            format!(
                " ({} {})",
                face_text(view.deck(), c),
                coordinate(view.deck(), p)
            )
        })
        .unwrap_or_default();
    let first_was_known = view.phase().first_was_known();
    match (first_was_known, action) {
        (Some(false), ZebraAction::Unknown) => "a second new card".into(),
        (_, ZebraAction::Unknown) => "a new card".into(),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => {
            format!("the seen pair{seen}")
        }
        (_, ZebraAction::Match) => format!("the pair{seen}"),
        (Some(true), _) => format!("a pass{seen}"),
        (_, ZebraAction::Twin) => format!("the twin{seen}"),
        (_, ZebraAction::Known(..)) => format!("a seen card{seen}"),
    }
}
