//! Players: policies over the abstract state, and agents that turn a policy's choice
//! into a concrete card on the table. Everything here sees only the public view.

mod forgetful;
mod kind;
mod optimal;
mod seat_ai;
mod usual;
mod zebra;
mod zebra_seat;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use forgetful::Forgetful;
pub use kind::AiKind;
pub use optimal::{Optimal, TieBreak, choose_best, preference};
pub use seat_ai::{SeatAi, SharedSeatsSolver};
pub use usual::Usual;
pub use zebra::{ZebraOptimal, zebra_action_of, zebra_candidates, zebra_state_of};
pub use zebra_seat::{ZebraAgent, ZebraPolicy, ZebraUsual};

use crate::rules::{Label, Phase, PublicView, Slot, below};
use crate::solver::{Action, FirstCard, Pattern, Position, SeatsState, State};

/// A strategy over the abstract state: what to do at a decision point.
pub trait Policy {
    /// A short name (`optimal`, `usual`).
    fn name(&self) -> &str;
    /// The action to take in `state`. Must be legal there.
    fn act(&mut self, state: &State) -> Action;
}

/// The abstract state of the current decision point of a game in progress.
///
/// # Panics
/// If the game is over.
#[must_use]
pub fn state_of(view: &PublicView) -> State {
    let mut position = Position::from_view(view);
    let first = match view.phase() {
        Phase::FirstCard => None,
        Phase::SecondCard {
            first,
            first_was_known,
        } => {
            let label = card_label(view, first);
            let (on_table, unknown) = pattern_of(view, label);
            if first_was_known {
                Some(FirstCard::Held(Pattern::new(on_table, unknown)))
            } else {
                // The model describes the label as it was before the flip.
                let before = Pattern::new(on_table, unknown + 1);
                position.remove(Pattern::new(on_table, unknown));
                position.add(before, 1);
                Some(FirstCard::Revealed(before))
            }
        }
        Phase::Over(_) => panic!("no decision in a finished game"),
    };
    State {
        position,
        diff: i64::from(view.diff()),
        after_pass: view.after_pass(),
        first,
    }
}

/// The own-pairs solver's state of the current decision point (three or more seats):
/// the card state and first card as in [`state_of`], and the passes in a row.
///
/// # Panics
/// If the game is over.
#[must_use]
pub fn seats_state_of(view: &PublicView) -> SeatsState {
    let state = state_of(view);
    SeatsState {
        position: state.position,
        passes: view.passes(),
        first: state.first,
    }
}

fn card_label(view: &PublicView, position: usize) -> Label {
    match view.slots()[position] {
        Slot::Known(c) | Slot::Removed(c) => c.label,
        Slot::Unknown => panic!("the first card of a turn is face up"),
    }
}

/// Cards of `label` on the table and how many of them are unknown.
fn pattern_of(view: &PublicView, label: Label) -> (u8, u8) {
    view.label_counts()
        .into_iter()
        .find(|&(l, _, _)| l == label)
        .map(|(_, r, u)| (r, u))
        .expect("label on the table")
}

/// The cards on the table that carry out `action`: every unknown card, the known
/// partners of the first card, or the known cards of other labels in a pattern.
#[must_use]
pub fn candidates(view: &PublicView, action: Action) -> Vec<usize> {
    let first = match view.phase() {
        Phase::SecondCard { first, .. } => Some(first),
        _ => None,
    };
    let first_label = first.map(|p| card_label(view, p));
    let counts = view.label_counts();
    let pattern_now = |label: Label| {
        counts
            .iter()
            .find(|&&(l, _, _)| l == label)
            .map(|&(_, r, u)| Pattern::new(r, u))
    };
    match action {
        Action::Unknown => view.unknown_positions().collect(),
        Action::Match => view
            .known_cards()
            .filter(|&(p, c)| Some(c.label) == first_label && Some(p) != first)
            .map(|(p, _)| p)
            .collect(),
        Action::Known(pattern) => view
            .known_cards()
            .filter(|&(p, c)| {
                Some(p) != first
                    && Some(c.label) != first_label
                    && pattern_now(c.label) == Some(pattern)
            })
            .map(|(p, _)| p)
            .collect(),
    }
}

/// A concrete card for an abstract action: one of its [`candidates`], uniformly, from
/// `rng` (a stream of its own so that a seed replays a game exactly).
///
/// # Panics
/// If the action is impossible in the view (a policy bug).
pub fn realise(view: &PublicView, action: Action, rng: &mut ChaCha8Rng) -> usize {
    let candidates = candidates(view, action);
    assert!(!candidates.is_empty(), "no card for {action}");
    let i = below(rng, candidates.len() as u64);
    candidates[usize::try_from(i).expect("index fits")]
}

/// A policy playing on a real table.
pub struct Agent {
    policy: Box<dyn Policy + Send>,
    rng: ChaCha8Rng,
}

impl Agent {
    /// An agent whose card choices come from a stream seeded with `seed`.
    #[must_use]
    pub fn new(policy: Box<dyn Policy + Send>, seed: u64) -> Self {
        Self {
            policy,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Starts a fresh stream of card choices (a new game).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// The policy's name.
    #[must_use]
    pub fn name(&self) -> &str {
        self.policy.name()
    }

    /// The position to turn next.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        let action = self.policy.act(&state_of(view));
        realise(view, action, &mut self.rng)
    }
}
