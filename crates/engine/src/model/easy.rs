//! The easier solitaire (Foerster and Wattenhofer's section 8.1, docs/variants.md): a
//! game in progress as the easier game's values see it, the value of each choice and the
//! cards that carry a choice out.
//!
//! The solver's state ([`EasyState`]) has no known pairs: its player takes one at once.
//! A person may leave one on the table, and each costs exactly one move whenever it is
//! taken (its two cards turned one after the other, within a move or across two, leave
//! the rest as it was), so a position with `c` known pairs is worth `c` more than the
//! same position without them. A live card whose partner is known (a known pair's card
//! turned last) is taken with the next card: that card's cost, then the state with
//! nothing live and the other card of the move next.
//!
//! The choices are the standard model's actions: `unknown`, `known 2.1` (a known single
//! other than the live card), `known 2.0` (a card of a known pair) and `match` (the live
//! card's known partner).

use super::TieBreak;
use super::standard::preference;
use super::words::{Named, card_words};
use super::{Model, ModelError, Oracle, Unit, Valued};
use crate::rules::{Deck, Label, Objective, Phase, PublicView, Slot, Table};
use crate::solver::solitaire::{EasyAction, EasyMovesTable, EasyState, Last, NextCard};
use crate::solver::{Action, FirstCard, Pattern, SolveError, TIE_EPSILON};

/// A known single (seen, partner unseen).
const SINGLE: Pattern = Pattern {
    on_table: 2,
    unknown: 1,
};
/// A card of a known pair.
const KNOWN_PAIR: Pattern = Pattern {
    on_table: 2,
    unknown: 0,
};

/// A decision point of the easier game as a person can reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EasyPoint {
    /// The solver's state: the pairs on the table less the known pairs, the known
    /// singles, whether a live single lies face up, which card of its move is next.
    pub state: EasyState,
    /// Known pairs on the table (both cards seen).
    pub known_pairs: usize,
    /// Whether the live card is a known pair's card (its partner is the match).
    pub live_pair: bool,
}

impl EasyPoint {
    /// The current move when its first card is already turned: counted in the figures
    /// (the view counts a move when it ends).
    fn started(&self) -> f64 {
        match self.state.next {
            NextCard::First => 0.0,
            NextCard::Second => 1.0,
        }
    }
}

/// The decision point of an easier game in progress.
///
/// # Panics
/// If the game is over.
#[must_use]
pub fn easy_point_of(view: &PublicView) -> EasyPoint {
    let next = match view.phase() {
        Phase::FirstCard => NextCard::First,
        Phase::SecondCard { .. } => NextCard::Second,
        Phase::Over(_) => panic!("no decision in a finished game"),
    };
    let (mut pairs, mut singles, mut known_pairs) = (0, 0, 0);
    for (_, on_table, unknown) in view.label_counts() {
        pairs += usize::from(on_table / 2);
        match unknown {
            0 => known_pairs += 1,
            1 => singles += 1,
            _ => {}
        }
    }
    let live = view.live().and_then(|p| label_at(view, p));
    let live_unknown = live.and_then(|l| {
        view.label_counts()
            .into_iter()
            .find(|&(m, _, _)| m == l)
            .map(|(_, _, u)| u)
    });
    EasyPoint {
        state: EasyState {
            pairs: pairs - known_pairs,
            known: singles,
            last: if live_unknown == Some(1) {
                Last::Single
            } else {
                Last::Taken
            },
            next,
        },
        known_pairs,
        live_pair: live_unknown == Some(0),
    }
}

fn label_at(view: &PublicView, position: usize) -> Option<Label> {
    match view.slots().get(position)? {
        Slot::Known(c) => Some(c.label),
        _ => None,
    }
}

/// Every choice at `point` with its expected further moves under optimal play after it,
/// the current move counted once its first card is turned. Empty beyond the table.
#[must_use]
pub fn easy_actions(table: &EasyMovesTable, point: &EasyPoint) -> Vec<(Action, f64)> {
    let s = point.state;
    let c = point.known_pairs as f64;
    let started = point.started();
    let mut out = Vec::new();
    if point.live_pair {
        // Its partner now takes the pair: a move if it is a first card, then the other
        // card of that move comes next with nothing live.
        let after = EasyState {
            last: Last::Taken,
            next: match s.next {
                NextCard::First => NextCard::Second,
                NextCard::Second => NextCard::First,
            },
            ..s
        };
        out.push((Action::Match, 1.0 + (c - 1.0) + table.get(after)));
    }
    if s.pairs > 0 {
        for (a, v) in table.actions(s) {
            let action = match a {
                EasyAction::Unknown => Action::Unknown,
                EasyAction::Known => Action::Known(SINGLE),
            };
            out.push((action, started + c + v));
        }
    }
    if point.known_pairs > 0 && !(point.live_pair && point.known_pairs == 1) {
        // Another known pair, taken over two cards: a move, and nothing live after it.
        let taken = EasyState {
            last: Last::Taken,
            ..s
        };
        out.push((Action::Known(KNOWN_PAIR), started + c + table.get(taken)));
    }
    out
}

/// The choice the optimal player makes among `actions`: the fewest expected moves,
/// ties to a known pair's card or the match, then an unknown card, then a known single.
#[must_use]
pub fn easy_choice(actions: &[(Action, f64)]) -> Option<Action> {
    let best = actions
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::INFINITY, f64::min);
    actions
        .iter()
        .filter(|&&(_, v)| v - best <= TIE_EPSILON)
        .min_by_key(|&&(a, _)| preference(TieBreak::Usual, a, None))
        .map(|&(a, _)| a)
}

/// The cards that carry out `action` now: every unknown card, the live card's known
/// partner, or the known cards of a pattern other than the live card's label.
#[must_use]
pub fn easy_candidates(view: &PublicView, action: Action) -> Vec<usize> {
    let live = view.live();
    let live_label = live.and_then(|p| label_at(view, p));
    let counts = view.label_counts();
    let unknown_of = |label: Label| {
        counts
            .iter()
            .find(|&&(l, _, _)| l == label)
            .map(|&(_, _, u)| u)
    };
    match action {
        Action::Unknown => view.unknown_positions().collect(),
        Action::Match => view
            .known_cards()
            .filter(|&(p, c)| Some(c.label) == live_label && Some(p) != live)
            .map(|(p, _)| p)
            .collect(),
        Action::Known(pattern) => view
            .known_cards()
            .filter(|&(_, c)| {
                Some(c.label) != live_label && unknown_of(c.label) == Some(pattern.unknown)
            })
            .map(|(p, _)| p)
            .collect(),
    }
}

/// The card a flip at `position` carries out now (`None`: it cannot be turned).
#[must_use]
pub fn easy_action_of(view: &PublicView, position: usize) -> Option<Action> {
    if view.is_over() || view.live() == Some(position) {
        return None;
    }
    match view.slots().get(position)? {
        Slot::Removed(_) => None,
        Slot::Unknown => Some(Action::Unknown),
        Slot::Known(c) => {
            let live = view.live().and_then(|p| label_at(view, p));
            if live == Some(c.label) {
                return Some(Action::Match);
            }
            let unknown = view
                .label_counts()
                .into_iter()
                .find(|&(l, _, _)| l == c.label)
                .map(|(_, _, u)| u)?;
            Some(Action::Known(if unknown == 0 {
                KNOWN_PAIR
            } else {
                SINGLE
            }))
        }
    }
}

/// The easier game's model: its decision points ([`EasyPoint`]) and the standard
/// model's actions, read as choices before a card (never a turn's second decision: any
/// card may start or end a move, and the live card is what the next one can complete).
#[derive(Debug, Clone, Copy, Default)]
pub struct Easy;

impl Model for Easy {
    type State = EasyPoint;
    type Action = Action;
    type First = FirstCard;

    fn state_of(view: &PublicView) -> EasyPoint {
        easy_point_of(view)
    }

    fn first(_state: &EasyPoint) -> Option<FirstCard> {
        None
    }

    fn action_of(view: &PublicView, position: usize) -> Option<Action> {
        easy_action_of(view, position)
    }

    fn candidates(view: &PublicView, action: Action) -> Vec<usize> {
        easy_candidates(view, action)
    }

    fn order(action: Action, _first: Option<FirstCard>) -> (u8, usize, u8) {
        (preference(TieBreak::Usual, action, None), 0, 0)
    }

    fn usual(state: &EasyPoint) -> Action {
        if state.live_pair {
            Action::Match
        } else if state.known_pairs > 0 {
            Action::Known(KNOWN_PAIR)
        } else {
            Action::Unknown
        }
    }

    fn name(view: &PublicView, action: Action) -> Named {
        let cards = easy_candidates(view, action);
        let card = cards
            .first()
            .map(|&c| card_words(view, c))
            .unwrap_or_default();
        let (text, kind) = match action {
            Action::Unknown => ("Turn a new card".to_owned(), "Turn a new card".to_owned()),
            Action::Match => (
                format!("Take the pair: turn {card}, the live card's partner"),
                "Take the pair: turn the live card's partner, which you have seen".to_owned(),
            ),
            Action::Known(p) if p.unknown == 0 => (
                format!("Take a pair you have seen: turn {card}, then its partner"),
                "Take a pair you have seen, its two cards one after the other".to_owned(),
            ),
            Action::Known(_) => (
                format!(
                    "Turn a seen card, {card}, whose partner is still hidden: it becomes the live card"
                ),
                "Turn a seen card whose partner is still hidden: it becomes the live card"
                    .to_owned(),
            ),
        };
        Named { text, kind, cards }
    }

    fn reading(action: Action, _first: Option<FirstCard>) -> (Action, Option<FirstCard>) {
        (action, None)
    }
}

/// The easier game's values as an [`Oracle`]: expected further moves, every state up to
/// the deck's pairs solved at once.
impl Oracle for EasyMovesTable {
    type Model = Easy;

    fn solved(deck: &Deck, _table: Table, objective: Objective) -> Result<Self, ModelError> {
        if objective != Objective::Moves || deck.copies() != 2 {
            return Err(ModelError::Solve(SolveError::Unreachable));
        }
        let pairs = usize::try_from(deck.pairs()).expect("pairs fit");
        Ok(Self::new(pairs))
    }

    fn unit(&self) -> Unit {
        Unit::Objective(Objective::Moves)
    }

    fn actions(&mut self, state: &EasyPoint) -> Result<Valued<Easy>, ModelError> {
        let actions = easy_actions(self, state);
        if actions.is_empty() || actions.iter().any(|(_, v)| v.is_nan()) {
            return Err(ModelError::Solve(SolveError::Unreachable));
        }
        Ok(actions)
    }

    fn value(&mut self, state: &EasyPoint) -> Result<f64, ModelError> {
        let actions = self.actions(state)?;
        Ok(actions
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::INFINITY, f64::min))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Card, Game, Players, Reach};

    /// `pairs:3` laid out as labels 0 1 2 / 0 1 2, in the easier game.
    fn easy() -> Game {
        let deck = Deck::parse("pairs:3").unwrap();
        let cards = [0, 1, 2, 0, 1, 2]
            .iter()
            .enumerate()
            .map(|(i, &l)| Card {
                label: Label(l),
                copy: u8::from(i >= 3),
            })
            .collect();
        Game::from_cards(deck, cards, 0, Players::Solitaire).reaching(Reach::AcrossMoves)
    }

    #[test]
    fn a_live_card_whose_partner_is_known_is_taken_next() {
        let table = EasyMovesTable::new(3);
        let mut g = easy();
        for p in [0, 1] {
            g.try_flip(p).unwrap();
        }
        let point = easy_point_of(g.view());
        assert_eq!((point.state.known, point.state.last), (2, Last::Single));
        // A new first card, then the partner of a1 (not live): a known pair, turned last.
        g.try_flip(2).unwrap();
        g.try_flip(3).unwrap();
        let point = easy_point_of(g.view());
        assert!(point.live_pair);
        assert_eq!(point.known_pairs, 1);
        let s = point.state;
        assert_eq!(
            (s.pairs, s.known, s.last, s.next),
            (2, 2, Last::Taken, NextCard::First)
        );
        let actions = easy_actions(&table, &point);
        assert_eq!(easy_choice(&actions), Some(Action::Match));
        assert_eq!(easy_candidates(g.view(), Action::Match), vec![0]);
        assert_eq!(easy_action_of(g.view(), 0), Some(Action::Match));
        assert_eq!(easy_action_of(g.view(), 3), None);
        // Its partner across moves, then each unknown card completes a known single that
        // is turned next: three more moves, five in all.
        let best = actions
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::INFINITY, f64::min);
        assert!((best - 3.0).abs() < 1e-12, "{actions:?}");
        for p in [0, 4, 1, 5, 2] {
            g.try_flip(p).unwrap();
        }
        assert!(g.view().is_over());
        assert_eq!(g.view().turns(), 2 + 3);
    }
}
