//! Hints: every action at the current decision point with its value and its cost
//! against the best, and the cards on the table that carry out the best action.

use crate::model::Compared;
use crate::rules::{Objective, PublicView};
use crate::solver::checker::CheckerAction;
use crate::solver::jokers::JokersAction;
use crate::solver::two_decks::DuelAction;
use crate::solver::zebra::ZebraAction;
use crate::solver::{Action, FirstCard, TIE_EPSILON};
pub use crate::trainer::Places;
use crate::trainer::{Idea, Lesson, Taught, Unit};
use crate::words;

/// A hint line's action: the model's, or Zebra's or the checkerboard's (whose patterns
/// are their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintAction {
    /// An action of the standard game's model.
    Model(Action),
    /// An action of the Zebra model.
    Zebra(ZebraAction),
    /// An action with jokers that count double.
    Jokers(JokersAction),
    /// An action of the checkerboard model.
    Checker(CheckerAction),
    /// An action of the Two Decks Duel.
    Duel(DuelAction),
}

impl HintAction {
    /// The standard model's action, if this is one.
    #[must_use]
    pub fn model(self) -> Option<Action> {
        match self {
            Self::Model(a) => Some(a),
            Self::Zebra(_) | Self::Jokers(_) | Self::Checker(_) | Self::Duel(_) => None,
        }
    }
}

impl From<Action> for HintAction {
    fn from(a: Action) -> Self {
        Self::Model(a)
    }
}

impl From<JokersAction> for HintAction {
    fn from(a: JokersAction) -> Self {
        Self::Jokers(a)
    }
}

impl From<ZebraAction> for HintAction {
    fn from(a: ZebraAction) -> Self {
        Self::Zebra(a)
    }
}

impl From<DuelAction> for HintAction {
    fn from(a: DuelAction) -> Self {
        Self::Duel(a)
    }
}

impl From<CheckerAction> for HintAction {
    fn from(a: CheckerAction) -> Self {
        Self::Checker(a)
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
    /// Whether the hint names the faces and places of seen cards. In classic memory a
    /// hint first names only the kind of each move (the person should remember where
    /// the cards are); a second `H` shows the places, and the end screen counts it.
    pub places: bool,
}

/// The cards a hint may mark on the board: all of them when it shows places, else none.
/// In classic memory a mark on the new cards alone would tell them from the seen ones
/// (the face-down cards left unmarked are the seen ones), which the person is to
/// remember: places come with the second `H`.
fn markable(cards: Vec<usize>, places: Places) -> Vec<usize> {
    if places.shown() { cards } else { Vec::new() }
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

/// Builds the hint from the trainer's lesson for the mover (under any rule set), its
/// values in `unit`, naming seen cards or not as `places` says.
#[must_use]
pub(crate) fn build<M: Taught>(
    view: &PublicView,
    lesson: &Lesson<M>,
    unit: impl Into<Unit>,
    places: Places,
) -> Hint
where
    M::Action: Into<HintAction>,
{
    let lines = lesson
        .actions
        .iter()
        .map(|e| HintLine {
            action: e.action.into(),
            words: if places.shown() {
                e.named.text.clone()
            } else {
                e.named.kind.clone()
            },
            model: e.action.to_string(),
            numbers: M::numbers(view, e),
            value: e.value,
            cost: e.cost,
        })
        .collect();
    Hint {
        targets: markable(lesson.best().named.cards.clone(), places),
        lines,
        best: lesson.best.into(),
        unit: unit.into(),
        idea: lesson.idea.clone(),
        places: places.shown(),
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

impl Hint {
    /// The hint's values side by side with their costs: the unit's usual decimals
    /// (`62.5%`, `+0.42`), more where two choices of different value would print alike,
    /// and each cost the best's printed value less the choice's.
    #[must_use]
    pub fn compared(&self) -> Compared {
        let values: Vec<f64> = self.lines.iter().map(|l| l.value).collect();
        self.unit
            .compare(self.best_value(), &values, usual_decimals(self.unit))
    }

    /// The decimals the hint's values and costs are shown with (see [`Hint::compared`]).
    #[must_use]
    pub fn decimals(&self) -> usize {
        self.compared().decimals
    }

    /// The value of the best choice (the first line's, if the best has none).
    fn best_value(&self) -> f64 {
        self.lines
            .iter()
            .find(|l| l.action == self.best)
            .or_else(|| self.lines.first())
            .map_or(0.0, |l| l.value)
    }

    /// A value of this hint, as [`Hint::decimals`] says.
    #[must_use]
    pub(crate) fn value_text(&self, v: f64) -> String {
        format_value_to(self.unit, v, self.decimals())
    }

    /// A choice's cost as the hint prints it beside its value: `best` for a choice worth
    /// the best's value, else the best's printed value less its printed value.
    #[must_use]
    pub(crate) fn cost_text(&self, line: &HintLine) -> String {
        if line.cost <= TIE_EPSILON {
            return "best".into();
        }
        let compared = self.compared();
        format_cost_to(self.unit, compared.cost(line.value), compared.decimals)
    }
}

/// The decimals a value in `unit` is usually shown with: one of a percentage, two of a
/// pair.
fn usual_decimals(unit: Unit) -> usize {
    unit.usual_decimals()
}

/// A value in the objective's unit: `62.5%` or `+0.42`; expected own pairs unsigned
/// (`1.93`), as they are never below zero.
#[must_use]
pub fn format_value(unit: impl Into<Unit>, v: f64) -> String {
    let unit = unit.into();
    format_value_to(unit, v, usual_decimals(unit))
}

/// [`format_value`] with `decimals` digits after the point.
fn format_value_to(unit: Unit, v: f64, decimals: usize) -> String {
    match unit {
        Unit::Objective(Objective::Win) => words::percent(v, decimals),
        Unit::OwnPairs => words::fixed(v, decimals),
        Unit::Objective(_) => words::signed(v, decimals),
    }
}

/// A cost in the objective's unit with its usual decimals (see [`format_cost_to`]).
#[must_use]
pub fn format_cost(unit: impl Into<Unit>, cost: f64) -> String {
    let unit = unit.into();
    format_cost_to(unit, cost, usual_decimals(unit))
}

/// A cost in the objective's unit with `decimals` digits: `−3.2%`, `−0.10` (pairs) or `+0.10` (moves, in
/// solitaire), `best` for none; a cost too small to show is `0.0%` or `0.00`, unsigned.
fn format_cost_to(unit: Unit, cost: f64, decimals: usize) -> String {
    if cost <= TIE_EPSILON {
        return "best".into();
    }
    let minus = words::MINUS.to_string();
    let (digits, unit, sign) = match unit.measure() {
        Objective::Win => (words::fixed(cost * 100.0, decimals), "%", minus.as_str()),
        Objective::Margin => (words::fixed(cost, decimals), "", minus.as_str()),
        // More moves is the loss.
        Objective::Moves => (words::fixed(cost, decimals), "", "+"),
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

    /// A hint of `values` (the first the best) in `unit`.
    fn hint_of(unit: Unit, values: &[f64]) -> Hint {
        let best = values[0];
        let sign = if unit.minimises() { -1.0 } else { 1.0 };
        Hint {
            lines: values
                .iter()
                .map(|&value| HintLine {
                    action: Action::Unknown.into(),
                    words: String::new(),
                    model: String::new(),
                    numbers: String::new(),
                    value,
                    cost: (best - value) * sign,
                })
                .collect(),
            best: Action::Unknown.into(),
            targets: Vec::new(),
            unit,
            idea: None,
            places: true,
        }
    }

    /// The hint: 52.84% and 48.06% print as 52.8% and 48.1%, so the cost beside
    /// them is −4.7%, not the −4.8% the exact cost rounds to.
    #[test]
    fn the_hints_cost_is_the_difference_of_its_values() {
        let h = hint_of(Objective::Win.into(), &[0.5284, 0.4806]);
        let l = &h.lines[1];
        assert_eq!(
            (
                h.value_text(h.lines[0].value),
                h.value_text(l.value),
                h.cost_text(l)
            ),
            ("52.8%".into(), "48.1%".into(), "−4.7%".into())
        );
        assert_eq!(h.cost_text(&h.lines[0]), "best");
    }

    proptest::proptest! {
        /// Every cost of a hint is the best's value as printed less the line's.
        #[test]
        fn a_hints_costs_are_differences_of_its_values(
            unit in 0usize..4,
            best in 0.0f64..1.0,
            losses in proptest::collection::vec(1e-7f64..0.3, 1..6),
        ) {
            let unit = [
                Objective::Win.into(),
                Objective::Margin.into(),
                Objective::Moves.into(),
                Unit::OwnPairs,
            ][unit];
            let sign = if unit.minimises() { -1.0 } else { 1.0 };
            let values: Vec<f64> = std::iter::once(best)
                .chain(losses.iter().map(|l| best - sign * l))
                .collect();
            let h = hint_of(unit, &values);
            let number = |t: String| words::numbers_in(&t)[0];
            let b = number(h.value_text(best));
            for l in &h.lines[1..] {
                let cost = number(h.cost_text(l)).abs();
                let diff = (b - number(h.value_text(l.value))) * sign;
                proptest::prop_assert!((diff - cost).abs() < 1e-9, "{b} {} {}", h.value_text(l.value), h.cost_text(l));
            }
        }
    }

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
