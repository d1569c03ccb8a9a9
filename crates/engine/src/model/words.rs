//! Actions named as a player would say them (every rule set's words are here), with the real cards and the board
//! coordinates the records use: "Take the pair 7♥ 7♦ (c3, k2)", "Turn a second new card".

use super::standard::candidates;
use crate::rules::{Card, PublicView, Slot};
use crate::rules::{coordinate, face_text};
use crate::solver::{Action, Pattern};

/// An action in words, with the cards that carry it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    /// The sentence: "Turn a seen card, 4♠ (b2), whose partner is still hidden".
    pub text: String,
    /// The kind of move alone, with no face or place of a face-down card, for classic
    /// memory where the person should remember them: "Turn a seen card whose partner is
    /// still hidden".
    pub kind: String,
    /// Every position that carries the action out (all equivalent).
    pub cards: Vec<usize>,
}

/// How much the trainer tells of the seen cards lying face down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Places {
    /// Their faces and places (open memory, where they lie face up; or classic memory
    /// once the person asked).
    Shown,
    /// The kind of move only: in classic memory the person is to remember them.
    Kept,
}

impl Places {
    /// Whether faces and places are told.
    #[must_use]
    pub fn shown(self) -> bool {
        self == Self::Shown
    }
}

/// A card as a player names it: `4♠ (b2)`.
#[must_use]
pub fn card_words(view: &PublicView, position: usize) -> String {
    let deck = view.deck();
    match view.slots()[position] {
        Slot::Known(card) | Slot::Removed(card) => {
            format!("{} ({})", face_text(deck, card), coordinate(deck, position))
        }
        Slot::Unknown => format!("the card at {}", coordinate(deck, position)),
    }
}

fn face(view: &PublicView, position: usize) -> Option<Card> {
    match view.slots()[position] {
        Slot::Known(c) | Slot::Removed(c) => Some(c),
        Slot::Unknown => None,
    }
}

/// What else is known of a seen card's label, from its pattern: "whose partner is still
/// hidden", "whose partner you have seen", "with 1 seen and 2 hidden partners". Two
/// seen cards of different patterns are different moves, and read differently.
fn partner_words(p: Pattern) -> String {
    let seen = p.known().saturating_sub(1);
    match (seen, p.unknown) {
        (0, 1) => "whose partner is still hidden".into(),
        (0, h) => format!("whose {h} partners are still hidden"),
        (1, 0) => "whose partner you have seen".into(),
        (s, 0) => format!("whose {s} partners you have seen"),
        (s, h) => format!("with {s} seen and {h} hidden partners"),
    }
}

/// What is left of a seen pair's label once the pair is taken, where anything is: " (2
/// more like it still hidden)", " (1 more like it seen, 1 hidden)".
fn rest_words(p: Pattern) -> String {
    let seen = p.known().saturating_sub(2);
    match (seen, p.unknown) {
        (0, 0) => String::new(),
        (0, h) => format!(" ({h} more like it still hidden)"),
        (s, 0) => format!(" ({s} more like it seen)"),
        (s, h) => format!(" ({s} more like it seen, {h} hidden)"),
    }
}

/// Names `action` at the view's decision point.
#[must_use]
pub fn name(view: &PublicView, action: Action) -> Named {
    named(view, action, candidates(view, action))
}

/// Names `action`, carried out by `cards`, at the view's decision point: [`name`] for a
/// rule set whose own classes of cards are finer than the patterns (the jokers).
#[must_use]
pub(crate) fn named(view: &PublicView, action: Action, cards: Vec<usize>) -> Named {
    let first_was_known = view.phase().first_was_known();
    let one = cards.first().copied();
    let more = |what: &str| {
        if distinct_labels(view, &cards) > 1 {
            format!(", or any other {what}")
        } else {
            String::new()
        }
    };
    let text = match (first_was_known, action) {
        (_, Action::Unknown) => match first_was_known {
            Some(false) => "Turn a second new card".to_string(),
            _ => "Turn a new card".to_string(),
        },
        (None, Action::Known(p)) if p.known() >= 2 => {
            let label = one.and_then(|c| face(view, c)).map(|c| c.label);
            let pair: Vec<usize> = view
                .known_cards()
                .filter(|&(_, c)| Some(c.label) == label)
                .map(|(pos, _)| pos)
                .take(2)
                .collect();
            let faces: Vec<String> = pair
                .iter()
                .filter_map(|&pos| face(view, pos).map(|c| face_text(view.deck(), c)))
                .collect();
            let coords: Vec<String> = pair
                .iter()
                .map(|&pos| coordinate(view.deck(), pos))
                .collect();
            format!(
                "Take the pair {} ({}){}{}{}",
                faces.join(" "),
                coords.join(", "),
                rest_words(p),
                more("seen pair"),
                turn_after_pair(view)
            )
        }
        (None, Action::Known(p)) => format!(
            "Turn a seen card, {}, {}{}",
            one.map(|c| card_words(view, c)).unwrap_or_default(),
            partner_words(p),
            more("like it")
        ),
        (Some(_), Action::Match) => format!(
            "Take the pair: turn {}{}",
            one.map(|c| card_words(view, c)).unwrap_or_default(),
            turn_after_pair(view)
        ),
        (Some(false), Action::Known(p)) => format!(
            "Turn a seen card, {}, {}: ends your turn without showing a new card{}",
            one.map(|c| card_words(view, c)).unwrap_or_default(),
            partner_words(p),
            more("like it")
        ),
        (Some(true), Action::Known(p)) => format!(
            "Pass: turn a second seen card, {}, {}{}",
            one.map(|c| card_words(view, c)).unwrap_or_default(),
            partner_words(p),
            more("like it")
        ),
        (None, Action::Match) => "Take the pair".to_string(),
    };
    let kind = kind_words(first_was_known, action, more_pairs(view, action, &cards));
    Named { text, kind, cards }
}

/// Whether `action` takes a pair from two seen cards of which more than one label is
/// on the table (the words then say "a seen pair", not "the").
fn more_pairs(view: &PublicView, action: Action, cards: &[usize]) -> bool {
    matches!(action, Action::Known(p) if p.known() >= 2) && distinct_labels(view, cards) > 1
}

/// The kind of a move, named without the face or the place of any face-down card: what a
/// classic-memory hint says before the person asks for the place. `first_was_known` is
/// the phase (`None` at a turn's start, else whether its first card was a seen one).
#[must_use]
pub fn kind_words(first_was_known: Option<bool>, action: Action, several: bool) -> String {
    match (first_was_known, action) {
        (Some(false), Action::Unknown) => "Turn a second new card".into(),
        (_, Action::Unknown) => "Turn a new card".into(),
        (None, Action::Known(p)) if p.known() >= 2 => {
            if several {
                format!(
                    "Take a pair you have seen{} (there are several)",
                    rest_words(p)
                )
            } else {
                format!("Take the pair you have seen{}", rest_words(p))
            }
        }
        (None, Action::Known(p)) => format!("Turn a seen card {}", partner_words(p)),
        (None, Action::Match) => "Take the pair".into(),
        (_, Action::Match) => "Take the pair: turn its partner, which you have seen".into(),
        (Some(false), Action::Known(p)) => format!(
            "Turn a seen card {}: ends your turn without showing a new card",
            partner_words(p)
        ),
        (Some(true), Action::Known(p)) => {
            format!("Pass: turn a second seen card {}", partner_words(p))
        }
    }
}

/// What follows a pair taken, where it is not the usual turn again: under One Flip
/// "takes the pair; the turn passes".
fn turn_after_pair(view: &PublicView) -> &'static str {
    if view.players().variant().pair_goes_again() {
        ""
    } else {
        "; the turn passes"
    }
}

/// How many labels the cards show (equivalent choices of different labels).
fn distinct_labels(view: &PublicView, cards: &[usize]) -> usize {
    let mut labels: Vec<_> = cards
        .iter()
        .filter_map(|&c| face(view, c).map(|f| f.label))
        .collect();
    labels.sort_unstable();
    labels.dedup();
    labels.len()
}
