//! The Two Decks Duel in the trainer: what its actions do this turn and the idea of the
//! best one, in the variation's words (your side, their side, the leader and the
//! answerer), so that the one lesson ([`super::explain`]), hint and coach serve a duel as
//! they serve the standard game.

use crate::model::{Duel, Model, Oracle, duel_card_words};
use crate::rules::{PublicView, Taker, Variant};
use crate::solver::two_decks::{DuelAction, DuelFirst, DuelState, Seen};

use super::zebra::idea::worth;
use super::{Explained, Idea, IdeaKind, Lesson, Taught, Unit, ValuesError};

/// The Duel's actions are measured by the few words of [`numbers`]; every decision gets
/// an idea (the roles are what a player learns to read).
impl Taught for Duel {
    type Consequences = ();

    fn consequences<O: Oracle<Model = Self> + ?Sized>(
        _solver: &mut O,
        _view: &PublicView,
        actions: &[DuelAction],
    ) -> Result<Vec<()>, ValuesError> {
        Ok(vec![(); actions.len()])
    }

    fn numbers(view: &PublicView, explained: &Explained<Self>) -> String {
        numbers(&Duel::state_of(view), explained.action)
    }

    fn idea(
        view: &PublicView,
        lesson: &Lesson<Self>,
        unit: Unit,
        variant: Variant,
    ) -> Option<Idea> {
        let state = Duel::state_of(view);
        let best = lesson.best();
        let worth = worth(view, &lesson.actions, best, unit.measure());
        let taker = variant.duel().unwrap_or_default();
        let (title, body) = idea(&state, best.action, taker);
        Some(Idea {
            kind: IdeaKind::Other,
            title: title.to_owned(),
            line: format!("{title}: {body} ({worth})"),
        })
    }

    fn choice_words(view: &PublicView, action: DuelAction, position: Option<usize>) -> String {
        let card = position
            .map(|p| duel_card_words(view, p))
            .unwrap_or_default();
        match action {
            DuelAction::Unknown => "a card nobody has seen".to_owned(),
            DuelAction::Match => format!("the pair ({card})"),
            DuelAction::Known(_) => format!("a seen card ({card})"),
            DuelAction::Other => format!("another seen card ({card})"),
        }
    }
}

/// The chance that the answerer's card nobody has seen pairs with the leader's: one card
/// among their unseen ones, if their card of the label is unseen.
fn pair_chance(state: &DuelState, first: DuelFirst) -> f64 {
    if first.answer_seen() {
        return 0.0;
    }
    let unseen = state.position.answerer_unseen();
    if unseen == 0 {
        0.0
    } else {
        1.0 / f64::from(unseen)
    }
}

/// What an action does this turn, where a few words say it.
fn numbers(state: &DuelState, action: DuelAction) -> String {
    match (state.first, action) {
        (None, DuelAction::Unknown) => "shows a new card of yours".into(),
        (None, _) => "shows nothing new of yours".into(),
        (Some(_), DuelAction::Match) => "pair now 100%".into(),
        (Some(first), DuelAction::Unknown) => {
            format!(
                "pair now {}",
                super::chance_words(pair_chance(state, first))
            )
        }
        (Some(first), _) if first.held() => "a pass: nothing new is shown".into(),
        (Some(_), _) => "no pair: nothing new is shown".into(),
    }
}

/// The idea behind the best action, in a title and a line.
fn idea(state: &DuelState, best: DuelAction, taker: Taker) -> (&'static str, String) {
    let yours = taker == Taker::Answerer;
    match (state.first, best) {
        (None, DuelAction::Unknown) => (
            "Lead a new card",
            "turn a card on your side nobody has seen; your opponent will answer from their \
             side"
                .to_owned(),
        ),
        (None, DuelAction::Known(pile)) => (
            "Lead a seen card",
            format!(
                "a card of yours already seen shows nothing new{}",
                if pile == Seen::Both {
                    ", though your opponent has seen their card of it"
                } else {
                    ": your opponent has not seen their card of it"
                }
            ),
        ),
        // The leader has no match or other: never asked.
        (None, _) => ("Lead", String::new()),
        (Some(_), DuelAction::Match) if yours => (
            "Take the pair",
            "you have seen your card of their label: turn it and the pair is yours".to_owned(),
        ),
        (Some(_), DuelAction::Match) => (
            "Give the pair",
            "your card of their label is seen: answering with it hands them the pair, but \
             the others cost more"
                .to_owned(),
        ),
        (Some(_), DuelAction::Unknown) if yours => (
            "Look for the pair",
            "a card on your side nobody has seen may be the one that pairs with theirs".to_owned(),
        ),
        (Some(_), DuelAction::Unknown) => (
            "A new card",
            "a card on your side nobody has seen shows something new; it pairs with theirs \
             only by chance"
                .to_owned(),
        ),
        (Some(first), _) if first.held() => (
            "Pass",
            "a second seen card shows nothing new, and the pass rule decides".to_owned(),
        ),
        (Some(_), _) => (
            "Show nothing",
            "a seen card of yours shows nothing new to your opponent".to_owned(),
        ),
    }
}
