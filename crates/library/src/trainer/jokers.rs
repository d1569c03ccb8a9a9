//! What the trainer says with jokers that count double: the standard game's ideas, named
//! from each action's standard reading, and what a choice does this turn, where the
//! joker pair's two points are said.

use super::idea::kind;
use super::{Explained, Idea, Lesson, Taught, Unit, ValuesError};
use crate::analysis::annotate::show_value;
use crate::model::{Jokers, Model, Oracle};
use crate::rules::{PublicView, Variant};
use crate::solver::TIE_EPSILON;
use crate::solver::jokers::{Class, JokersAction, JokersFirst};

impl Taught for Jokers {
    type Consequences = ();

    fn consequences<O: Oracle<Model = Self> + ?Sized>(
        _solver: &mut O,
        _view: &PublicView,
        actions: &[JokersAction],
    ) -> Result<Vec<()>, ValuesError> {
        Ok(vec![(); actions.len()])
    }

    fn numbers(view: &PublicView, explained: &Explained<Self>) -> String {
        numbers(view, explained.action, Jokers::state_of(view).first)
    }

    /// The standard game's idea where the best play is not the common one, named from
    /// the actions' standard reading, and worth in this position's numbers.
    fn idea(view: &PublicView, lesson: &Lesson<Self>, unit: Unit, _: Variant) -> Option<Idea> {
        let best = lesson.best();
        let usual = lesson.find(lesson.usual)?;
        if lesson.best == lesson.usual || usual.cost <= TIE_EPSILON {
            return None;
        }
        let first = Jokers::state_of(view).first;
        let (b, reading_first) = Jokers::reading(best.action, first);
        let (u, _) = Jokers::reading(usual.action, first);
        let kind = kind(reading_first, b, u, None);
        let objective = unit.measure();
        let line = format!(
            "{}: {} ({}) rather than {} ({})",
            kind.title(),
            Self::choice_words(view, best.action, best.named.cards.first().copied()),
            show_value(objective, best.value),
            Self::choice_words(view, usual.action, usual.named.cards.first().copied()),
            show_value(objective, usual.value),
        );
        Some(Idea {
            kind,
            title: kind.title().to_owned(),
            line,
        })
    }
}

/// What an action does this turn in a few words: the chance that the second card pairs,
/// and what the pair scores when it is the jokers'.
fn numbers(view: &PublicView, action: JokersAction, first: Option<JokersFirst>) -> String {
    let jokers = |c: Class| matches!(c, Class::Joker(_));
    match (first, action) {
        (Some(JokersFirst::Revealed(c) | JokersFirst::Held(c)), JokersAction::Match)
            if jokers(c) =>
        {
            "pair now 100%: the jokers score 2".into()
        }
        (_, JokersAction::Match) => "pair now 100%".into(),
        (None, JokersAction::Known(c)) if c.pattern().known() >= 2 && jokers(c) => {
            "pair now 100% (the seen jokers: 2 points)".into()
        }
        (None, JokersAction::Known(c)) if c.pattern().known() >= 2 => {
            "pair now 100% (a seen pair)".into()
        }
        (None, _) => String::new(),
        (Some(JokersFirst::Revealed(c) | JokersFirst::Held(c)), JokersAction::Unknown) => {
            // The first card's partners still hidden, among every hidden card (the first
            // card itself is face up now).
            let hidden = view.unknown_positions().count();
            let partners = match first {
                Some(JokersFirst::Revealed(_)) => c.pattern().unknown.saturating_sub(1),
                _ => c.pattern().unknown,
            };
            if hidden == 0 {
                String::new()
            } else {
                let chance = f64::from(partners) / hidden as f64;
                let worth = if jokers(c) { " (2 points)" } else { "" };
                format!("pair now {}{worth}", super::chance_words(chance))
            }
        }
        (Some(JokersFirst::Held(_)), _) => "a pass: nothing new is shown".into(),
        _ => "no pair: nothing new is shown".into(),
    }
}
