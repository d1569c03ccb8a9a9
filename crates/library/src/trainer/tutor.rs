//! The tutor: before the person commits a decision that costs a mistake or more (the
//! thresholds of `analysis::grade`), the game asks "This loses 8 points of win chance.
//! Turn it anyway? (y / n / w why)", and on `w` says why, the best choice against the
//! one about to be made. Decided from the same lesson the hint is built from (public
//! information: what has been seen, never a face-down card's face), and in classic
//! memory it names no seen card's face or place unless the person asked the hint for
//! them.

use crate::analysis::grade::Grade;
use crate::rules::{Game, Objective};
use crate::trainer::coach::Verdict;
use crate::trainer::{IdeaKind, Lesson, Places, Taught, Unit};
use crate::words;

/// What the tutor asks before a costly decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// The card about to be turned.
    pub position: usize,
    /// Mistake or blunder (the tutor is quiet below a mistake).
    pub grade: Grade,
    /// What it would cost, in the lesson's unit.
    pub cost: f64,
    /// The question: "This loses 8 points of win chance. Turn it anyway? (y / n / w
    /// why)".
    pub question: String,
    /// Why, a line each: the coach's comparison of the best choice with this one, what
    /// each does this turn, and the idea where there is one.
    pub why: Vec<String>,
}

/// The answers the question offers.
pub const ANSWERS: &str = "(y / n / w why)";

/// The tutor's question before turning the card at `position` in `game`, given the
/// trainer's `lesson` at that decision and its `unit`: `None` unless the choice costs a
/// mistake or more. With `places` kept (classic memory) no seen card is named by its
/// face or place: "a seen card", "the pair".
#[must_use]
pub fn warning<M: Taught>(
    game: &Game,
    position: usize,
    lesson: &Lesson<M>,
    unit: impl Into<Unit>,
    places: Places,
) -> Option<Warning> {
    let unit = unit.into();
    let view = game.view();
    let taken = lesson
        .action_at(position)
        .or_else(|| M::action_of(view, position).and_then(|a| lesson.find(a)))?;
    if Grade::of(unit.measure(), taken.cost, false) < Grade::Mistake {
        return None;
    }
    let best = lesson.best();
    let shown = places.shown();
    let best_card = best.named.cards.first().copied().filter(|_| shown);
    let taken_card = Some(position).filter(|_| shown);
    let verdict = Verdict::new(
        unit,
        (&M::choice_words(view, best.action, best_card), best.value),
        (
            &M::choice_words(view, taken.action, taken_card),
            taken.value,
        ),
        taken.cost,
    );
    let mut why = vec![verdict.text];
    why.push(format!("Best: {}", M::numbers(view, best)));
    why.push(format!("This one: {}", M::numbers(view, taken)));
    // The catch-all idea names the best choice in full, cards and places: only where
    // they may be told.
    if let Some(idea) = &lesson.idea
        && (shown || idea.kind != IdeaKind::Other)
    {
        why.push(idea.line.clone());
    }
    Some(Warning {
        position,
        grade: Grade::of(unit.measure(), taken.cost, false),
        cost: taken.cost,
        question: format!(
            "This loses {}. Turn it anyway? {ANSWERS}",
            loss(unit, taken.cost)
        ),
        why,
    })
}

/// A cost as the question says it: "8 points of win chance" (a whole number from ten
/// points, else one decimal), "0.42 pairs", "0.42 of your expected pairs".
#[must_use]
pub fn loss(unit: Unit, cost: f64) -> String {
    match unit {
        Unit::Objective(Objective::Win) => {
            let points = cost * 100.0;
            let digits = usize::from(points < 9.95);
            let n = words::fixed(points, digits);
            let n = n.strip_suffix(".0").unwrap_or(&n).to_owned();
            let noun = if n == "1" { "point" } else { "points" };
            format!("{n} {noun} of win chance")
        }
        Unit::OwnPairs => format!("{} of your expected pairs", words::fixed(cost, 2)),
        Unit::Objective(_) => format!("{} pairs", words::fixed(cost, 2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loss_reads_in_points_or_pairs() {
        assert_eq!(loss(Objective::Win.into(), 0.08), "8 points of win chance");
        assert_eq!(
            loss(Objective::Win.into(), 0.024),
            "2.4 points of win chance"
        );
        assert_eq!(
            loss(Objective::Win.into(), 0.123),
            "12 points of win chance"
        );
        assert_eq!(loss(Objective::Margin.into(), 0.4), "0.40 pairs");
        assert_eq!(loss(Unit::OwnPairs, 0.25), "0.25 of your expected pairs");
    }
}
