//! The Two Decks Duel's model (docs/variants.md, "Two Decks Duel"): the piles of a duel's
//! public view named from the leader's side, who leads and who answers, the cards of an
//! action on the mover's own side, the order among equal actions, the usual player, and
//! the words ("Turn a card on your side nobody has seen").
//!
//! Whose decision it is lives here: the rules hand the turn to the answerer once the
//! leader's card is down (so the view's mover is always the seat that turns the next
//! card), and this model reads the roles from that: at the turn start the mover leads,
//! after the leader's card the mover answers and the leader is the other seat.

use super::words::Named;
use super::{Model, first_card};
use crate::rules::{Phase, PublicView, Seat, Slot, face_text};
use crate::solver::two_decks::{
    DuelAction, DuelFirst, DuelPosition, DuelState, Seen, duel_preference,
};
use crate::solver::{Action, FirstCard, Pattern};

/// The Two Decks Duel: a deck a side, the leader's card then the answerer's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Duel;

/// The seat that leads the turn of `view`: the mover at the turn start, the other seat
/// once the leader's card is down (the answerer moves).
#[must_use]
pub fn leader(view: &PublicView) -> Seat {
    match view.phase() {
        Phase::SecondCard { .. } => view.mover().other(),
        _ => view.mover(),
    }
}

/// For each label, whether each seat's card of it has been seen (`None`: the pair is
/// gone), counting the card at `unshown` as not yet seen (the leader's card of this turn,
/// new this turn).
fn seen(view: &PublicView, unshown: Option<usize>) -> Vec<Option<[bool; 2]>> {
    let mut labels = vec![Some([false; 2]); view.deck().labels() as usize];
    for (p, slot) in view.slots().iter().enumerate() {
        let side = view.side_of(p).unwrap_or(Seat::FIRST).index();
        match slot {
            Slot::Removed(c) => labels[c.label.0 as usize] = None,
            Slot::Known(c) if Some(p) != unshown => {
                if let Some(s) = &mut labels[c.label.0 as usize] {
                    s[side] = true;
                }
            }
            _ => {}
        }
    }
    labels
}

/// The pile of a label whose seats' cards are `seen`, from `leader`'s side.
fn pile(seen: [bool; 2], leader: Seat) -> Seen {
    match (seen[leader.index()], seen[leader.other().index()]) {
        (false, false) => Seen::Neither,
        (true, false) => Seen::Leader,
        (false, true) => Seen::Answerer,
        (true, true) => Seen::Both,
    }
}

/// The solver's question at the decision point of a duel in progress.
///
/// # Panics
/// If the game is over or is no duel.
fn state_of(view: &PublicView) -> DuelState {
    assert!(view.side_of(0).is_some(), "not a Two Decks Duel");
    assert!(!view.is_over(), "no decision in a finished game");
    let lead = leader(view);
    let first = first_card(view);
    let unshown = first.filter(|&(_, _, known)| !known).map(|(p, _, _)| p);
    let labels = seen(view, unshown);
    let mut position = DuelPosition::default();
    for s in labels.iter().flatten() {
        *match pile(*s, lead) {
            Seen::Neither => &mut position.neither,
            Seen::Leader => &mut position.leader,
            Seen::Answerer => &mut position.answerer,
            Seen::Both => &mut position.both,
        } += 1;
    }
    let first = first.map(|(_, c, known)| {
        let p = pile(labels[c.label.0 as usize].expect("on the table"), lead);
        if known {
            DuelFirst::Held(p)
        } else {
            DuelFirst::Revealed(p)
        }
    });
    let pairs = view.pairs();
    DuelState {
        position,
        diff: i64::from(pairs.of(lead)) - i64::from(pairs.of(lead.other())),
        after_pass: view.after_pass(),
        first,
    }
}

/// The action that turning the card at `position` carries out now: `None` for a card
/// off the table, on the other side, or the leader's card itself.
fn action_of(view: &PublicView, position: usize) -> Option<DuelAction> {
    if view.side_of(position)? != view.mover() || view.is_over() {
        return None;
    }
    let card = match view.slots().get(position)? {
        Slot::Unknown => return Some(DuelAction::Unknown),
        Slot::Known(c) => *c,
        Slot::Removed(_) => return None,
    };
    match first_card(view) {
        Some((at, _, _)) if at == position => None,
        Some((_, first, _)) if first.label == card.label => Some(DuelAction::Match),
        Some(_) => Some(DuelAction::Other),
        None => {
            let s = seen(view, None)[card.label.0 as usize]?;
            Some(DuelAction::Known(pile(s, view.mover())))
        }
    }
}

fn candidates(view: &PublicView, action: DuelAction) -> Vec<usize> {
    (0..view.slots().len())
        .filter(|&p| action_of(view, p) == Some(action))
        .collect()
}

/// A card named as a duel names it: its face if seen, and its number on its side,
/// counted from 1 in reading order ("7♥, your card 5").
#[must_use]
pub fn duel_card_words(view: &PublicView, position: usize) -> String {
    let n = view.deck().labels() as usize;
    let number = position % n + 1;
    let whose = if view.side_of(position) == Some(view.mover()) {
        "your"
    } else {
        "their"
    };
    match view.slots()[position] {
        Slot::Known(c) | Slot::Removed(c) => {
            format!("{}, {whose} card {number}", face_text(view.deck(), c))
        }
        Slot::Unknown => format!("{whose} card {number}"),
    }
}

/// The action in the duel's words, with its cards where the words name one.
fn words(view: &PublicView, action: DuelAction, one: &str, places: bool) -> String {
    let first = first_card(view).map(|(at, c, _)| (duel_card_words(view, at), c));
    let theirs = first
        .as_ref()
        .map(|(_, c)| face_text(view.deck(), *c))
        .unwrap_or_default();
    let card = |text: &str| {
        if places {
            format!(" ({text})")
        } else {
            String::new()
        }
    };
    match action {
        DuelAction::Unknown if first.is_none() => {
            "Turn a card on your side nobody has seen: your opponent will answer from their side"
                .to_owned()
        }
        DuelAction::Unknown => {
            format!("Turn a card on your side nobody has seen: it pairs if it is your {theirs}")
        }
        DuelAction::Known(Seen::Leader) => format!(
            "Lead a card of yours already seen{}: your opponent has not seen their card of it",
            card(one)
        ),
        DuelAction::Known(_) => format!(
            "Lead a card of yours already seen{}: your opponent has seen their card of it",
            card(one)
        ),
        DuelAction::Match => {
            format!(
                "Turn your card of the {theirs}{}: it pairs with theirs",
                card(one.rsplit(", ").next().unwrap_or(one))
            )
        }
        DuelAction::Other => format!(
            "Turn another card of yours already seen{}: no pair, nothing new shown",
            card(one)
        ),
    }
}

impl Model for Duel {
    type State = DuelState;
    type Action = DuelAction;
    type First = DuelFirst;

    fn state_of(view: &PublicView) -> DuelState {
        state_of(view)
    }

    fn first(state: &DuelState) -> Option<DuelFirst> {
        state.first
    }

    fn action_of(view: &PublicView, position: usize) -> Option<DuelAction> {
        action_of(view, position)
    }

    fn candidates(view: &PublicView, action: DuelAction) -> Vec<usize> {
        candidates(view, action)
    }

    fn order(action: DuelAction, _first: Option<DuelFirst>) -> (u8, usize, u8) {
        (duel_preference(action), 0, 0)
    }

    /// Leading, a card nobody has seen, else a seen one whose partner is unseen;
    /// answering, the pair if their card of it is seen, else a card nobody has seen.
    fn usual(state: &DuelState) -> DuelAction {
        let p = state.position;
        match state.first {
            None if p.leader_unseen() > 0 => DuelAction::Unknown,
            None if p.leader > 0 => DuelAction::Known(Seen::Leader),
            None => DuelAction::Known(Seen::Both),
            Some(first) if first.answer_seen() => DuelAction::Match,
            Some(_) => DuelAction::Unknown,
        }
    }

    fn name(view: &PublicView, action: DuelAction) -> Named {
        let cards = candidates(view, action);
        let one = cards
            .first()
            .map(|&p| duel_card_words(view, p))
            .unwrap_or_default();
        Named {
            text: words(view, action, &one, true),
            kind: words(view, action, &one, false),
            cards,
        }
    }

    fn reading(action: DuelAction, first: Option<DuelFirst>) -> (Action, Option<FirstCard>) {
        let action = match action {
            DuelAction::Unknown => Action::Unknown,
            DuelAction::Match => Action::Match,
            DuelAction::Known(Seen::Both) => Action::Known(Pattern::new(2, 0)),
            DuelAction::Known(_) | DuelAction::Other => Action::Known(Pattern::new(2, 1)),
        };
        let first = first.map(|f| match f {
            DuelFirst::Revealed(Seen::Answerer) => FirstCard::Revealed(Pattern::new(2, 1)),
            DuelFirst::Revealed(_) => FirstCard::Revealed(Pattern::new(2, 2)),
            DuelFirst::Held(Seen::Both) => FirstCard::Held(Pattern::new(2, 0)),
            DuelFirst::Held(_) => FirstCard::Held(Pattern::new(2, 1)),
        });
        (action, first)
    }
}
