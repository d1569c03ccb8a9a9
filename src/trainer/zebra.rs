//! The Zebra lesson: every action at a Zebra decision point in a player's words, with
//! the cards that carry it out, its value from [`ZebraSolver`] and its cost, best first;
//! and the coach's line on a Zebra decision. A sibling of [`super::explain`], which
//! knows the standard game's patterns only.

use crate::analysis::annotate::Class;
use crate::model::{Model, ModelError, Oracle, Zebra};
use crate::record::{coordinate, face_text};
use crate::rules::{Game, Objective, PublicView, Slot};
use crate::solver::zebra::{ZebraAction, ZebraError, ZebraFirstCard};

use super::Idea;
use super::coach::Verdict;

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
pub fn explain_zebra<O: Oracle<Model = Zebra> + ?Sized>(
    view: &PublicView,
    solver: &mut O,
) -> Result<ZebraLesson, ModelError> {
    let state = Zebra::state_of(view);
    let objective = solver.unit().measure();
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
    let best = solver
        .chosen(&values, state.first)
        .ok_or(ZebraError::Empty)?;
    let best_value = values
        .iter()
        .find(|(a, _)| *a == best)
        .map_or(0.0, |&(_, v)| v);
    let mut actions: Vec<ZebraChoice> = values
        .into_iter()
        .map(|(action, value)| {
            let named = Zebra::name(view, action);
            ZebraChoice {
                text: named.text,
                kind: named.kind,
                numbers: numbers(view, action, state.first),
                cards: named.cards,
                action,
                value,
                cost: (best_value - value).max(0.0),
            }
        })
        .filter(|c| !c.cards.is_empty())
        .collect();
    actions.sort_by(|a, b| {
        a.cost
            .total_cmp(&b.cost)
            .then(Zebra::order(a.action, state.first).cmp(&Zebra::order(b.action, state.first)))
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
        let action = Zebra::action_of(view, position)?;
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
        .and_then(|p| match view.slots()[p] {
            Slot::Known(c) | Slot::Removed(c) => Some((p, c)),
            Slot::Unknown => None,
        })
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
