//! The trainer: every action at a decision point named in a player's words, with its
//! value, its immediate consequences in numbers, and, where the best play is not the
//! common one, the idea behind it in a line drawn from this position's numbers.
//!
//! Built on the solver and the players; the TUI and the CLI only show what it says.

mod checker;
pub mod coach;
mod consequences;
pub mod dashboard;
mod duel;
mod idea;
mod jokers;
pub mod puzzle;
pub mod rating;
pub mod review;
pub mod rule_of_idea;
pub mod schedule;
pub mod skill;
pub mod stats_page;
pub mod strategy;
pub mod tally;
mod taught;
pub mod tutor;
mod words;
mod zebra;

pub use crate::model::words::{Named, Places, card_words, kind_words, name};
pub use crate::model::{ModelError as ValuesError, Unit};
pub use consequences::{Consequence, Consequences, PassEffect, Reply, pass_effect};
pub use idea::{Idea, IdeaKind};
pub use taught::Taught;
pub use words::{pass_words, reply_words};

use crate::model::{Model, Oracle, Standard};
use crate::rules::PublicView;
use crate::solver::TIE_EPSILON;
use crate::words::{fixed, percent};

/// One action at the decision point, explained.
#[derive(Debug, Clone, PartialEq)]
pub struct Explained<M: Taught = Standard> {
    /// The action in the model's terms (`known 2.1`, `twin`), for those who study the
    /// model.
    pub action: M::Action,
    /// The action in words, with the cards that carry it out.
    pub named: Named,
    /// Its value for the mover.
    pub value: f64,
    /// The best value minus this one, in the objective's direction (0 for the best).
    pub cost: f64,
    /// What it does this turn (the rule set's own measure: [`Taught::Consequences`]).
    pub consequences: M::Consequences,
}

/// Everything the trainer says about one decision point, under any rule set.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson<M: Taught = Standard> {
    /// Every available action, best first.
    pub actions: Vec<Explained<M>>,
    /// The optimal player's choice (the model's rule among equal actions).
    pub best: M::Action,
    /// What the usual player would do here.
    pub usual: M::Action,
    /// The idea: where the best play is not the common one (on Zebra, always: the rule
    /// itself is what a player learns).
    pub idea: Option<Idea>,
}

impl<M: Taught> Lesson<M> {
    /// The explained best action.
    ///
    /// # Panics
    /// Never: the best action is listed.
    #[must_use]
    pub fn best(&self) -> &Explained<M> {
        self.find(self.best).expect("the best action is listed")
    }

    /// The choice a flip at `position` carries out here, if that card can be turned now.
    #[must_use]
    pub fn action_at(&self, position: usize) -> Option<&Explained<M>> {
        self.actions
            .iter()
            .find(|e| e.named.cards.contains(&position))
    }

    /// The explained action `action`, if available.
    #[must_use]
    pub fn find(&self, action: M::Action) -> Option<&Explained<M>> {
        self.actions.iter().find(|e| e.action == action)
    }

    /// Every action's value as one list prints them in `unit`, beside their costs: the
    /// unit's usual decimals, more where two values would print alike, each cost the
    /// best's printed value less the action's (see [`crate::model::Compared`]).
    #[must_use]
    pub fn compared(&self, unit: impl Into<Unit>) -> crate::model::Compared {
        let unit = unit.into();
        let values: Vec<f64> = self.actions.iter().map(|e| e.value).collect();
        unit.compare(self.best().value, &values, unit.usual_decimals())
    }
}

/// Explains the decision point of `view` with `solver`, the solver of this game under
/// any rule set: the two-seat [`crate::solver::Solver`] (values for the mover under its
/// objective), the own-pairs [`crate::solver::SeatsSolver`] (the mover's expected own
/// pairs) or Zebra's.
///
/// # Errors
/// A state the solver cannot reach.
///
/// # Panics
/// If the game is over.
pub fn explain<O: Oracle + ?Sized>(
    view: &PublicView,
    solver: &mut O,
) -> Result<Lesson<O::Model>, ValuesError>
where
    O::Model: Taught,
{
    let state = O::Model::state_of(view);
    let first = O::Model::first(&state);
    let unit = solver.unit();
    // Values as the mover means them: under `margin` the final margin, score included.
    let lead = view.pairs().lead(view.mover());
    let mut values: Vec<(<O::Model as Model>::Action, f64)> = solver
        .actions(&state)?
        .into_iter()
        .map(|(a, v)| (a, unit.at_end(lead, v)))
        .collect();
    // Two actions that are one choice on the table (both halves of a symmetric Zebra
    // pattern) are listed once, as the one first in the model's order.
    let order = |a| O::Model::order(a, first);
    let listed = values.clone();
    values.retain(|&(a, _)| {
        !listed
            .iter()
            .any(|&(b, _)| b != a && O::Model::same_choice(b, a) && order(b) < order(a))
    });
    let best = solver
        .chosen(&values, first)
        .expect("a legal action always exists");
    let best_value = values
        .iter()
        .find(|(a, _)| *a == best)
        .map_or(0.0, |&(_, v)| v);
    let usual = O::Model::usual(&state);
    let variant = solver.variant();
    let done: Vec<_> = values.iter().map(|&(a, _)| a).collect();
    let consequences = O::Model::consequences(solver, view, &done)?;
    let mut actions = Vec::with_capacity(values.len());
    for ((action, value), consequences) in values.into_iter().zip(consequences) {
        let cost = if unit.minimises() {
            value - best_value
        } else {
            best_value - value
        };
        let named = O::Model::name(view, action);
        // A choice no card carries out is no choice on the table.
        if named.cards.is_empty() && action != best {
            continue;
        }
        actions.push(Explained {
            action,
            named,
            value,
            cost: cost.max(0.0),
            consequences,
        });
    }
    // Best first; among equal costs the optimal player's own choice, then the model's
    // order (the common play first).
    actions.sort_by(|a, b| {
        a.cost
            .total_cmp(&b.cost)
            .then((a.action != best).cmp(&(b.action != best)))
            .then(order(a.action).cmp(&order(b.action)))
    });
    let mut lesson = Lesson {
        actions,
        best,
        usual,
        idea: None,
    };
    lesson.idea = O::Model::idea(view, &lesson, unit, variant);
    Ok(lesson)
}

/// A value in the objective's unit: `49.7%`, `+0.12 pairs`, `24.31 moves`; never `-0.0`
/// (`1.93 own pairs` for [`Unit::OwnPairs`]).
#[must_use]
pub fn value_words(unit: impl Into<Unit>, v: f64) -> String {
    unit.into().words(v)
}

/// A chance as a whole percentage (`31%`), or `<1%` for a small non-zero one.
#[must_use]
pub(crate) fn chance_words(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".to_string()
    } else {
        percent(p, 0)
    }
}

/// One line of numbers for an action: "pairs now 12% · hands over a pair 31% · 0.35
/// pairs this turn", and for a pass what the rule does.
#[must_use]
pub fn numbers_line<M: Taught<Consequences = Consequences>>(
    view: &PublicView,
    explained: &Explained<M>,
) -> String {
    let c = &explained.consequences;
    if let Some(effect) = c.pass {
        // Where the opponent would not pass back, why not: the naive reading is wrong.
        let reply = c
            .reply
            .and_then(reply_words)
            .map(|r| format!("; but {r}"))
            .unwrap_or_default();
        return format!("a pass: {}{reply}", pass_words(view, effect));
    }
    let mut parts = vec![format!("pair now {}", chance_words(c.pair_now))];
    if c.hand_over > 0.0 {
        parts.push(format!("hands over a pair {}", chance_words(c.hand_over)));
    }
    parts.push(format!("{} pairs this turn", fixed(c.pairs_this_turn, 2)));
    parts.join(" · ")
}

/// Whether two values tie (the solver's tolerance).
#[must_use]
pub fn ties(a: f64, b: f64) -> bool {
    (a - b).abs() <= TIE_EPSILON
}
