//! Hints: every action at the current decision point with its value and its cost
//! against the best, and the cards on the table that carry out the best action.

use crate::players::{TieBreak, preference};
use crate::rules::{Objective, PublicView};
use crate::solver::{Action, FirstCard, State, TIE_EPSILON};

/// One line of the hint panel.
#[derive(Debug, Clone, PartialEq)]
pub struct HintLine {
    /// The action.
    pub action: Action,
    /// Its words on screen.
    pub words: String,
    /// Its value for the mover.
    pub value: f64,
    /// Best value minus this one (0 for the best).
    pub cost: f64,
}

/// The hint for one decision point.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// Every available action, best first.
    pub lines: Vec<HintLine>,
    /// The recommended action (the best, with the optimal player's tie-break).
    pub best: Action,
    /// Positions that carry out the best action.
    pub targets: Vec<usize>,
    /// Win probability (`win`) or expected margin (`margin`).
    pub objective: Objective,
}

/// Words for an action, short enough for the side panel.
#[must_use]
pub fn words(action: Action, first: Option<FirstCard>) -> String {
    match (action, first) {
        (Action::Match, _) => "take pair".into(),
        (Action::Unknown, _) => "unknown card".into(),
        (Action::Known(p), None) if p.known() >= 2 => "known pair".into(),
        (Action::Known(p), None | Some(FirstCard::Revealed(_))) => format!("known {p}"),
        (Action::Known(p), Some(FirstCard::Held(_))) => format!("pass on {p}"),
    }
}

/// Builds the hint from the solver's values (for the mover).
#[must_use]
pub fn build(
    view: &PublicView,
    state: &State,
    actions: Vec<(Action, f64)>,
    objective: Objective,
) -> Hint {
    let best_value = actions
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    // The optimal player's own choice among equal actions.
    let best = crate::players::choose_best(objective, TieBreak::Usual, &actions, state.first)
        .unwrap_or(Action::Unknown);
    let mut lines: Vec<HintLine> = actions
        .into_iter()
        .map(|(action, value)| HintLine {
            action,
            words: words(action, state.first),
            value,
            cost: (best_value - value).max(0.0),
        })
        .collect();
    lines.sort_by(|a, b| {
        b.value.total_cmp(&a.value).then(
            preference(TieBreak::Usual, a.action, state.first).cmp(&preference(
                TieBreak::Usual,
                b.action,
                state.first,
            )),
        )
    });
    Hint {
        targets: targets(view, best),
        lines,
        best,
        objective,
    }
}

/// The cards that carry out `action` (the same candidates the AI picks from).
#[must_use]
pub fn targets(view: &PublicView, action: Action) -> Vec<usize> {
    crate::players::candidates(view, action)
}

/// A value in the objective's unit: `62.5%` or `+0.42`.
#[must_use]
pub fn format_value(objective: Objective, v: f64) -> String {
    match objective {
        Objective::Win => format!("{:.1}%", v * 100.0),
        _ => format!("{v:+.2}"),
    }
}

/// A cost in the objective's unit: `-3.2%`, `-0.10` (pairs) or `+0.10` (moves, in
/// solitaire), `best` for none.
#[must_use]
pub fn format_cost(objective: Objective, cost: f64) -> String {
    if cost <= TIE_EPSILON {
        return "best".into();
    }
    match objective {
        Objective::Win => format!("-{:.1}%", cost * 100.0),
        Objective::Margin => format!("-{cost:.2}"),
        // More moves is the loss.
        Objective::Moves => format!("+{cost:.2}"),
    }
}
