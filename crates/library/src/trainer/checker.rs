//! The Double Decker Checkerboard in the trainer: what its actions do this turn and the
//! idea of its best move, in the variation's words (a new card *with a red back*), so
//! that the one lesson ([`super::explain`]), hint and coach serve a checkerboard table as
//! they serve the standard game.

use crate::model::{Checker, Model, Oracle};
use crate::rules::{Back, Phase, PublicView, Variant};
use crate::solver::checker::{CheckerAction, CheckerFirstCard, CheckerPattern, CheckerState};

use super::zebra::idea::worth;
use super::{Explained, Idea, IdeaKind, Lesson, Taught, Unit, ValuesError, card_words};

/// The checkerboard's actions are measured by the few words of [`numbers`]; every
/// decision gets an idea (the backs are what a player learns to read).
impl Taught for Checker {
    type Consequences = ();

    fn consequences<O: Oracle<Model = Self> + ?Sized>(
        _solver: &mut O,
        _view: &PublicView,
        actions: &[CheckerAction],
    ) -> Result<Vec<()>, ValuesError> {
        Ok(vec![(); actions.len()])
    }

    fn numbers(view: &PublicView, explained: &Explained<Self>) -> String {
        numbers(&checker_state(view), explained.action)
    }

    fn idea(view: &PublicView, lesson: &Lesson<Self>, unit: Unit, _: Variant) -> Option<Idea> {
        let state = checker_state(view);
        let best = lesson.best();
        let worth = worth(view, &lesson.actions, best, unit.measure());
        let (title, body) = idea(view, &state, best, &worth);
        Some(Idea {
            kind: IdeaKind::Other,
            title: title.to_owned(),
            line: format!("{title}: {body}"),
        })
    }
}

fn checker_state(view: &PublicView) -> CheckerState {
    Checker::state_of(view)
}

/// The chance that a new card of `back` pairs with the first card: one card among the
/// unknown cards of that back, if the first card's partner is that one and hidden.
fn pair_chance(state: &CheckerState, back: Back) -> Option<f64> {
    let first = state.first?;
    let partner_hidden = matches!(
        first,
        CheckerFirstCard::Revealed(CheckerPattern::Hidden, _)
            | CheckerFirstCard::Held(CheckerPattern::Seen(_))
    );
    if !partner_hidden || first.back() == back {
        return Some(0.0);
    }
    // The first card's partner is one of the unknown cards of the other back, counted in
    // the position before the turn (a revealed card's own back is not that one).
    let unknown = state.position.unknown(back);
    (unknown > 0).then(|| 1.0 / unknown as f64)
}

/// What an action does this turn, where a few words say it.
fn numbers(state: &CheckerState, action: CheckerAction) -> String {
    let held = matches!(state.first, Some(CheckerFirstCard::Held(_)));
    match (state.first, action) {
        (_, CheckerAction::Match) => "pair now 100%".into(),
        (None, CheckerAction::Known(CheckerPattern::Known)) => "pair now 100% (a seen pair)".into(),
        (None, _) => String::new(),
        (Some(_), CheckerAction::Unknown(b)) => pair_chance(state, b)
            .map(|p| format!("pair now {}", super::chance_words(p)))
            .unwrap_or_default(),
        _ if held => "a pass: nothing new is shown".into(),
        _ => "no pair: nothing new is shown".into(),
    }
}

/// The idea behind the best action, in a title and a line.
fn idea(
    view: &PublicView,
    state: &CheckerState,
    best: &Explained<Checker>,
    worth: &str,
) -> (&'static str, String) {
    let first_words = match view.phase() {
        Phase::SecondCard { first, .. } => card_words(view, first),
        _ => String::new(),
    };
    let best_card = best
        .named
        .cards
        .first()
        .map(|&p| card_words(view, p))
        .unwrap_or_default();
    match (state.first, best.action) {
        (_, CheckerAction::Match) => (
            "Take the pair",
            format!("{best_card} is {first_words}'s partner: a pair, and you turn again ({worth})"),
        ),
        (None, CheckerAction::Known(CheckerPattern::Known)) => (
            "A sure pair",
            format!("both cards of a pair are on show: the pair is certain ({worth})"),
        ),
        (None, CheckerAction::Unknown(b)) => {
            let partners = state.position.count(CheckerPattern::Seen(b.other()));
            (
                "A new card",
                format!(
                    "a new card with a {b} back finds its seen partner if it belongs to one of \
                     the {partners} pairs whose {} card is known ({worth})",
                    b.other()
                ),
            )
        }
        (None, _) => (
            "Show nothing new",
            format!("a seen card first keeps the hidden cards hidden ({worth})"),
        ),
        (Some(first), CheckerAction::Unknown(b)) if b != first.back() => (
            "Look for its partner",
            format!(
                "{first_words}'s partner has the other back, {b}: only a {b}-backed card can \
                 pair with it ({worth})"
            ),
        ),
        (Some(_), CheckerAction::Unknown(b)) => (
            "The same back",
            format!(
                "a new card with the same back, {b}, can never pair with {first_words}, but \
                 it may show a card whose partner is known, for later ({worth})"
            ),
        ),
        (Some(CheckerFirstCard::Revealed(..)), _) => (
            "The sacrifice",
            format!(
                "a seen card ends your turn showing nothing new, where a second new card \
                 could hand your opponent a pair ({worth})"
            ),
        ),
        (Some(CheckerFirstCard::Held(_)), _) => (
            "Pass",
            format!("a second seen card shows nothing new and the turn passes ({worth})"),
        ),
    }
}
