//! The trainer: every action at a decision point named in a player's words, with its
//! value, its immediate consequences in numbers, and, where the best play is not the
//! common one, the idea behind it in a line drawn from this position's numbers.
//!
//! Built on the solver and the players; the TUI and the CLI only show what it says.

pub mod coach;
mod consequences;
pub mod dashboard;
mod idea;
pub mod puzzle;
pub mod rating;
pub mod strategy;
pub mod tally;
mod values;
mod words;
pub mod zebra;

pub use consequences::{Consequence, Consequences, PassEffect, pass_effect};
pub use idea::{Idea, IdeaKind};
pub use values::{ActionValues, Unit, ValuesError};
pub use words::{Named, Places, card_words, kind_words, name, pass_words};

use crate::players::{Policy, TieBreak, Usual, preference, state_of};
use crate::rules::PublicView;
use crate::solver::{Action, TIE_EPSILON};
use crate::words::{fixed, percent};

/// One action at the decision point, explained.
#[derive(Debug, Clone, PartialEq)]
pub struct Explained {
    /// The action in the model's terms (`known 2.1`), for those who study the model.
    pub action: Action,
    /// The action in words, with the cards that carry it out.
    pub named: Named,
    /// Its value for the mover.
    pub value: f64,
    /// The best value minus this one, in the objective's direction (0 for the best).
    pub cost: f64,
    /// What it does this turn.
    pub consequences: Consequences,
}

/// Everything the trainer says about one decision point.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// Every available action, best first.
    pub actions: Vec<Explained>,
    /// The optimal player's choice (ties broken toward the common play).
    pub best: Action,
    /// What the usual player would do here.
    pub usual: Action,
    /// The idea, when the best play is not the common one.
    pub idea: Option<Idea>,
}

impl Lesson {
    /// The explained best action.
    #[must_use]
    pub fn best(&self) -> &Explained {
        self.find(self.best).expect("the best action is listed")
    }

    /// The choice a flip at `position` carries out here, if that card can be turned now.
    #[must_use]
    pub fn action_at(&self, position: usize) -> Option<&Explained> {
        self.actions
            .iter()
            .find(|e| e.named.cards.contains(&position))
    }

    /// The explained action `action`, if available.
    #[must_use]
    pub fn find(&self, action: Action) -> Option<&Explained> {
        self.actions.iter().find(|e| e.action == action)
    }
}

/// Explains the decision point of `view` with `solver`, the solver of this game: the
/// two-seat [`crate::solver::Solver`] (values for the mover under its objective) or the
/// own-pairs [`crate::solver::SeatsSolver`] (the mover's expected own pairs).
///
/// # Errors
/// A state the solver cannot reach.
///
/// # Panics
/// If the game is over.
pub fn explain<S: ActionValues + ?Sized>(
    view: &PublicView,
    solver: &mut S,
) -> Result<Lesson, ValuesError> {
    let state = state_of(view);
    let unit = solver.unit();
    // Values as the mover means them: under `margin` the final margin, score included.
    let lead = view.pairs().lead(view.mover());
    let values: Vec<(Action, f64)> = solver
        .actions(&state, view.passes())?
        .into_iter()
        .map(|(a, v)| (a, unit.at_end(lead, v)))
        .collect();
    let best = solver.best(&values, state.first);
    let best_value = values
        .iter()
        .find(|(a, _)| *a == best)
        .map_or(0.0, |&(_, v)| v);
    let usual = Usual.act(&state);
    let variant = solver.variant();
    let mut consequence = Consequence::new(solver, view);
    let mut actions = Vec::with_capacity(values.len());
    for (action, value) in values {
        let cost = if unit.minimises() {
            value - best_value
        } else {
            best_value - value
        };
        actions.push(Explained {
            action,
            named: name(view, action),
            value,
            cost: cost.max(0.0),
            consequences: consequence.of(&state, action)?,
        });
    }
    // Best first; among equal costs the optimal player's own choice, then the common play.
    actions.sort_by(|a, b| {
        a.cost
            .total_cmp(&b.cost)
            .then((a.action != best).cmp(&(b.action != best)))
            .then(
                preference(TieBreak::Usual, a.action, state.first).cmp(&preference(
                    TieBreak::Usual,
                    b.action,
                    state.first,
                )),
            )
    });
    let mut lesson = Lesson {
        actions,
        best,
        usual,
        idea: None,
    };
    lesson.idea = idea::idea(view, &state, &lesson, unit, variant);
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
pub fn chance_words(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".to_string()
    } else {
        percent(p, 0)
    }
}

/// One line of numbers for an action: "pairs now 12% · hands over a pair 31% · 0.35
/// pairs this turn", and for a pass what the rule does.
#[must_use]
pub fn numbers_line(view: &PublicView, explained: &Explained) -> String {
    let c = &explained.consequences;
    if let Some(effect) = c.pass {
        return format!("a pass: {}", pass_words(view, effect));
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
