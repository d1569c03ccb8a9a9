//! Zebra in the trainer: what its actions do this turn, the idea of its best move and
//! its choices in a few words, so that the one lesson ([`super::explain`]), hint and
//! coach serve a Zebra table as they serve the standard game.

use crate::model::{Model, Oracle, Zebra};
use crate::rules::{PublicView, Variant};
use crate::solver::zebra::{ZebraAction, ZebraFirstCard};

use super::coach::{choice_words as choice_words_of, seen_card};
use super::{Explained, Idea, Lesson, Taught, Unit, ValuesError};

pub(crate) mod idea;

/// Zebra's actions are measured by the few words of [`numbers`]; every decision gets
/// an idea.
impl Taught for Zebra {
    type Consequences = ();

    fn consequences<O: Oracle<Model = Self> + ?Sized>(
        _solver: &mut O,
        _view: &PublicView,
        actions: &[ZebraAction],
    ) -> Result<Vec<()>, ValuesError> {
        Ok(vec![(); actions.len()])
    }

    fn numbers(view: &PublicView, explained: &Explained<Self>) -> String {
        numbers(view, explained.action, Zebra::state_of(view).first)
    }

    fn idea(view: &PublicView, lesson: &Lesson<Self>, unit: Unit, _: Variant) -> Option<Idea> {
        let first = Zebra::state_of(view).first;
        Some(idea::idea(
            view,
            first,
            &lesson.actions,
            lesson.best(),
            unit.measure(),
        ))
    }

    fn choice_words(view: &PublicView, action: ZebraAction, position: Option<usize>) -> String {
        choice_words(view, action, position)
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

/// A choice in a few words, with its card when it is a seen one: the standard words of
/// its reading ("a second new card", "the pair (7♠ k2)", "a pass (4♠ b2)"), and "the
/// twin (7♦ k2)" where a turn goes on after it.
fn choice_words(view: &PublicView, action: ZebraAction, position: Option<usize>) -> String {
    if action == ZebraAction::Twin && view.phase().first_was_known() != Some(true) {
        return format!("the twin{}", seen_card(view, position));
    }
    let (reading, _) = Zebra::reading(action, Zebra::state_of(view).first);
    choice_words_of(view, reading, position)
}
