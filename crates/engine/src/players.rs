//! Players: policies over a rule set's abstract state, and agents that turn a policy's
//! choice into a concrete card on the table. Everything here sees only the public view,
//! and is written once for every rule set through [`crate::model::Model`].

mod forgetful;
mod kind;
mod optimal;
mod seat_ai;
mod usual;

use std::marker::PhantomData;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use crate::model::{TieBreak, candidates, preference, state_of};
pub use forgetful::Forgetful;
pub use kind::AiKind;
pub use optimal::{Optimal, choose_best};
pub use seat_ai::SeatAi;
pub use usual::Usual;

use crate::model::{Model, Oracle, Standard};
use crate::rules::{PublicView, below};

/// A strategy over a rule set's abstract state: what to do at a decision point.
pub trait Policy<M: Model = Standard> {
    /// A short name (`optimal`, `usual`).
    fn name(&self) -> &str;
    /// The action to take in `state`. Must be legal there.
    fn act(&mut self, state: &M::State) -> M::Action;
}

/// Every solver is the optimal player of its rule set: its best action under the
/// model's one rule among equal actions.
impl<O: Oracle> Policy<O::Model> for O {
    fn name(&self) -> &str {
        "optimal"
    }

    fn act(&mut self, state: &<O::Model as Model>::State) -> <O::Model as Model>::Action {
        let actions = self
            .actions(state)
            .expect("every state of a game is reachable from its start");
        self.chosen(&actions, O::Model::first(state))
            .expect("an action exists")
    }
}

/// A policy behind a lock, shared by the seats it plays and the hints.
impl<M: Model, P: Policy<M> + ?Sized> Policy<M> for std::sync::Arc<std::sync::Mutex<P>> {
    fn name(&self) -> &str {
        "optimal"
    }

    fn act(&mut self, state: &M::State) -> M::Action {
        self.lock().expect("solver lock").act(state)
    }
}

/// A concrete card for an abstract action: one of the cards that carry it out,
/// uniformly, from `rng` (a stream of its own so that a seed replays a game exactly).
///
/// # Panics
/// If the action is impossible in the view (a policy bug).
pub fn realise<M: Model>(view: &PublicView, action: M::Action, rng: &mut ChaCha8Rng) -> usize {
    let candidates = M::candidates(view, action);
    assert!(!candidates.is_empty(), "no card for {action}");
    let i = below(rng, candidates.len() as u64);
    candidates[usize::try_from(i).expect("index fits")]
}

/// A player at a real table, whatever its rule set: a fresh stream of card choices for
/// each game, and a card for each decision.
pub trait Player {
    /// Starts a fresh stream of card choices (a new game).
    fn reseed(&mut self, seed: u64);
    /// The position to turn next.
    fn choose(&mut self, view: &PublicView) -> usize;
}

/// A player lent to a series of games (the same agent on either side of two series).
impl<P: Player + ?Sized> Player for &mut P {
    fn reseed(&mut self, seed: u64) {
        (**self).reseed(seed);
    }
    fn choose(&mut self, view: &PublicView) -> usize {
        (**self).choose(view)
    }
}

impl<M: Model> Player for Agent<M> {
    fn reseed(&mut self, seed: u64) {
        Agent::reseed(self, seed);
    }
    fn choose(&mut self, view: &PublicView) -> usize {
        Agent::choose(self, view)
    }
}

/// A policy playing on a real table.
pub struct Agent<M: Model = Standard> {
    policy: Box<dyn Policy<M> + Send>,
    rng: ChaCha8Rng,
    rules: PhantomData<fn() -> M>,
}

impl Agent {
    /// An agent of the standard game whose card choices come from a stream seeded with
    /// `seed`.
    #[must_use]
    pub fn new(policy: Box<dyn Policy + Send>, seed: u64) -> Self {
        Self::of(policy, seed)
    }
}

impl<M: Model> Agent<M> {
    /// An agent of rule set `M` whose card choices come from a stream seeded with `seed`.
    #[must_use]
    pub fn of(policy: Box<dyn Policy<M> + Send>, seed: u64) -> Self {
        Self {
            policy,
            rng: ChaCha8Rng::seed_from_u64(seed),
            rules: PhantomData,
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

    /// The position to turn next: a card chosen uniformly among those that carry out
    /// the policy's action.
    ///
    /// # Panics
    /// If the game is over or the policy names an impossible action.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        let action = self.policy.act(&M::state_of(view));
        realise::<M>(view, action, &mut self.rng)
    }
}
