//! Hints: every action at the current decision point with its value and its cost
//! against the best, and the cards on the table that carry out the best action.

use crate::rules::{Objective, PublicView};
use crate::solver::zebra::ZebraAction;
use crate::solver::{Action, FirstCard, TIE_EPSILON};
use crate::trainer::zebra::ZebraLesson;
use crate::trainer::{self, Idea, Lesson, Unit};
use crate::words;

/// A hint line's action: the model's, or Zebra's (whose patterns are its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintAction {
    /// An action of the standard game's model.
    Model(Action),
    /// An action of the Zebra model.
    Zebra(ZebraAction),
}

impl HintAction {
    /// The standard model's action, if this is one.
    #[must_use]
    pub fn model(self) -> Option<Action> {
        match self {
            Self::Model(a) => Some(a),
            Self::Zebra(_) => None,
        }
    }
}

impl From<Action> for HintAction {
    fn from(a: Action) -> Self {
        Self::Model(a)
    }
}

impl PartialEq<Action> for HintAction {
    fn eq(&self, other: &Action) -> bool {
        *self == Self::Model(*other)
    }
}

/// One line of the hint panel.
#[derive(Debug, Clone, PartialEq)]
pub struct HintLine {
    /// The action.
    pub action: HintAction,
    /// Its words on screen, as a player says it, with the real cards: "Turn a seen card,
    /// 4♠ (b2), whose partner is still hidden".
    pub words: String,
    /// The model's name (`known 2.1`), shown on request for those who study the model.
    pub model: String,
    /// What it does this turn: "pair now 25% · hands over a pair 25% · 0.58 pairs this
    /// turn", or for a pass what the rule does.
    pub numbers: String,
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
    pub best: HintAction,
    /// Positions that carry out the best action.
    pub targets: Vec<usize>,
    /// Win probability (`win`), expected margin (`margin`), or the mover's expected own
    /// pairs (three or more seats).
    pub unit: Unit,
    /// The idea behind the best action when it is not the common play.
    pub idea: Option<Idea>,
}

/// Short words for an action (the replay's annotation, the solitaire panel).
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

/// Builds the hint from the trainer's lesson for the mover, its values in `unit`.
#[must_use]
pub fn build(view: &PublicView, lesson: &Lesson, unit: impl Into<Unit>) -> Hint {
    let lines = lesson
        .actions
        .iter()
        .map(|e| HintLine {
            action: e.action.into(),
            words: e.named.text.clone(),
            model: e.action.to_string(),
            numbers: trainer::numbers_line(view, e),
            value: e.value,
            cost: e.cost,
        })
        .collect();
    Hint {
        targets: targets(view, lesson.best),
        lines,
        best: lesson.best.into(),
        unit: unit.into(),
        idea: lesson.idea.clone(),
    }
}

/// Builds the hint of a Zebra decision point from its lesson, with the idea of its best
/// move.
#[must_use]
pub fn build_zebra(lesson: &ZebraLesson, objective: Objective) -> Hint {
    Hint {
        lines: lesson
            .actions
            .iter()
            .map(|c| HintLine {
                action: HintAction::Zebra(c.action),
                words: c.text.clone(),
                model: c.action.to_string(),
                numbers: c.numbers.clone(),
                value: c.value,
                cost: c.cost,
            })
            .collect(),
        best: HintAction::Zebra(lesson.best),
        targets: lesson.best().cards.clone(),
        unit: objective.into(),
        idea: Some(lesson.idea.clone()),
    }
}

/// The cards that carry out `action` (the same candidates the AI picks from).
#[must_use]
pub fn targets(view: &PublicView, action: Action) -> Vec<usize> {
    crate::players::candidates(view, action)
}

/// The hint's lines as rows of `width` cells: the words of each choice on the left, its
/// value and its cost in right-aligned columns, one space apart at least. Columns are as
/// wide as their widest entry; words that do not fit the rest take their short form
/// (`unknown` for `unknown card`), so a row is never cut.
#[must_use]
pub fn rows(lines: &[[String; 3]], width: usize) -> Vec<String> {
    let w = |i: usize| {
        lines
            .iter()
            .map(|l| l[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (value_w, cost_w) = (w(1), w(2));
    let words_w = width.saturating_sub(value_w + cost_w + 2);
    lines
        .iter()
        .map(|[words, value, cost]| {
            let words = if words.chars().count() <= words_w {
                words.as_str()
            } else {
                short(words)
            };
            format!("{words:<words_w$} {value:>value_w$} {cost:>cost_w$}")
        })
        .collect()
}

/// The short form of an action's words (see [`words`]), for a narrow column.
fn short(words: &str) -> &str {
    match words {
        "unknown card" => "unknown",
        "take pair" => "take",
        "known pair" => "known",
        w => w.strip_prefix("pass on ").map_or(w, |_| "pass"),
    }
}

/// A value in the objective's unit: `62.5%` or `+0.42`; expected own pairs unsigned
/// (`1.93`), as they are never below zero.
#[must_use]
pub fn format_value(unit: impl Into<Unit>, v: f64) -> String {
    match unit.into() {
        Unit::Objective(Objective::Win) => words::percent(v, 1),
        Unit::OwnPairs => words::fixed(v, 2),
        Unit::Objective(_) => words::signed(v, 2),
    }
}

/// A cost in the objective's unit: `-3.2%`, `-0.10` (pairs) or `+0.10` (moves, in
/// solitaire), `best` for none; a cost too small to show is `0.0%` or `0.00`, unsigned.
#[must_use]
pub fn format_cost(unit: impl Into<Unit>, cost: f64) -> String {
    if cost <= TIE_EPSILON {
        return "best".into();
    }
    let (digits, unit, sign) = match unit.into().measure() {
        Objective::Win => (words::fixed(cost * 100.0, 1), "%", "-"),
        Objective::Margin => (words::fixed(cost, 2), "", "-"),
        // More moves is the loss.
        Objective::Moves => (words::fixed(cost, 2), "", "+"),
    };
    if digits.chars().all(|c| c == '0' || c == '.') {
        format!("{digits}{unit}")
    } else {
        format!("{sign}{digits}{unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_rows_fit_and_keep_columns_apart() {
        let line = |w: &str, v: &str, c: &str| [w.to_owned(), v.to_owned(), c.to_owned()];
        let narrow = rows(
            &[
                line("unknown card", "100.0%", "best"),
                line("pass on 2.1", "0.0%", "-100.0%"),
            ],
            25,
        );
        assert_eq!(
            narrow,
            ["unknown    100.0%    best", "pass         0.0% -100.0%"]
        );
        let wide = rows(&[line("unknown card", "46.7%", "best")], 25);
        assert_eq!(wide, ["unknown card   46.7% best"]);
        assert!(narrow.iter().chain(&wide).all(|r| r.chars().count() <= 25));
    }
}
