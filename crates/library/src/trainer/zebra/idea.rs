//! The idea of the best Zebra move in one line, in a player's words and with this
//! position's numbers: why the seen card of the other colour is taken, why a new card
//! is turned, why the seen card of the same colour (the twin) is no pair. Unlike the
//! standard game's ideas (named only where the best play is not the common one), every
//! Zebra decision gets one: the rule itself is what a player learns.

use crate::analysis::annotate::show_value;
use crate::rules::{Objective, Phase, PublicView};
use crate::solver::zebra::{ZebraAction, ZebraFirstCard};
use crate::trainer::card_words;
use crate::trainer::{Idea, IdeaKind};

use crate::model::Zebra;
use crate::trainer::{Explained, Taught};

/// The idea behind `best` among `actions` (best first) at the decision point of `view`.
pub(super) fn idea(
    view: &PublicView,
    first: Option<ZebraFirstCard>,
    actions: &[Explained<Zebra>],
    best: &Explained<Zebra>,
    objective: Objective,
) -> Idea {
    let worth = worth(view, actions, best, objective);
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
    let twin = actions
        .iter()
        .find(|c| c.action == ZebraAction::Twin)
        .and_then(|c| c.named.cards.first())
        .map(|&p| {
            format!(
                "; the seen {} is its twin, the same colour: no pair",
                card_words(view, p)
            )
        })
        .unwrap_or_default();
    let hidden = view.unknown_positions().count();
    // A seen pair on the table that the best move leaves there (the keep-pair idea).
    let seen_pair = first.is_none()
        && actions.iter().any(
            |c| matches!(c.action, ZebraAction::Known(p, colour) if p.known(colour.opposite()) > 0),
        );
    let (title, body) = match (first, best.action) {
        (_, ZebraAction::Match) => (
            "Take the pair",
            format!(
                "{best_card} is the same rank as {first_words} in the other colour: a \
                 pair, and you turn again ({worth})"
            ),
        ),
        (None, ZebraAction::Known(p, c)) if p.known(c.opposite()) > 0 => (
            "A sure pair",
            format!(
                "{best_card} and a seen card of its rank in the other colour are both on \
                 show: the pair is certain, and you turn again ({worth})"
            ),
        ),
        (None, ZebraAction::Unknown) if seen_pair => (
            "Keep the pair for later",
            format!(
                "turn a new card first: the seen pair waits on the table to end a later \
                 turn without showing a new card ({worth})"
            ),
        ),
        (None, ZebraAction::Unknown) => (
            "A new card",
            format!(
                "no seen pair waits on the table; a new card may find a seen card of its \
                 rank in the other colour ({hidden} cards hidden; {worth})"
            ),
        ),
        (None, _) => (
            "Show nothing new",
            format!(
                "a seen card first keeps the hidden cards hidden: whatever you show next \
                 helps your opponent more ({worth})"
            ),
        ),
        (
            Some(ZebraFirstCard::Revealed(p, c) | ZebraFirstCard::Held(p, c)),
            ZebraAction::Unknown,
        ) => {
            let partners = p.unknown(c.opposite());
            let chance = if hidden == 0 {
                0.0
            } else {
                f64::from(partners) / hidden as f64
            };
            (
                "Look for its partner",
                format!(
                    "{first_words} pairs only with its rank in the other colour: {} of \
                     those still hidden among {hidden} cards, so a new card pairs {} of \
                     the time{twin} ({worth})",
                    partners,
                    crate::trainer::chance_words(chance)
                ),
            )
        }
        (Some(ZebraFirstCard::Revealed(..)), ZebraAction::Twin) => (
            "The twin ends the turn",
            format!(
                "{best_card} is {first_words}'s twin, the same colour: no pair, but it \
                 ends your turn showing nothing new ({worth})"
            ),
        ),
        (Some(ZebraFirstCard::Revealed(..)), ZebraAction::Known(..)) => (
            "The sacrifice",
            format!(
                "{first_words}'s partners are hidden; a seen card ends your turn showing \
                 nothing new, where a second new card could hand your opponent a \
                 pair{twin} ({worth})"
            ),
        ),
        (Some(ZebraFirstCard::Held(..)), _) => (
            "Pass",
            format!("a second seen card shows nothing new and the turn passes{twin} ({worth})"),
        ),
    };
    Idea {
        kind: IdeaKind::Other,
        title: title.to_owned(),
        line: format!("{title}: {body}"),
    }
}

/// What the best is worth against the next choice: "48% against 44% for a second new
/// card", or "worth 50%, the only choice" (any rule set that tells every decision's
/// idea: Zebra, the checkerboard).
pub(in crate::trainer) fn worth<M: Taught>(
    view: &PublicView,
    actions: &[Explained<M>],
    best: &Explained<M>,
    objective: Objective,
) -> String {
    let value = show_value(objective, best.value);
    match actions.iter().find(|c| c.action != best.action) {
        Some(next) => format!(
            "{value} against {} for {}",
            show_value(objective, next.value),
            M::choice_words(view, next.action, next.named.cards.first().copied())
        ),
        None => format!("worth {value}, the only choice"),
    }
}
