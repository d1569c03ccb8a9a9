//! The strategy most people use (Arakawa's "usual" strategy), under any rule set.

use super::Policy;
use crate::model::{Model, Standard};
use crate::solver::{Action, State};

/// Take a known pair if there is one; else turn an unknown card; if its partner is
/// known take it, otherwise turn another unknown card. Never passes. (Each rule set says
/// what a known pair is: [`Model::usual`].)
#[derive(Debug, Clone, Copy, Default)]
pub struct Usual;

impl Usual {
    /// The usual player's action in the standard game.
    #[must_use]
    pub fn act(&mut self, state: &State) -> Action {
        Standard::usual(state)
    }
}

impl<M: Model> Policy<M> for Usual {
    fn name(&self) -> &str {
        "usual"
    }

    fn act(&mut self, state: &M::State) -> M::Action {
        M::usual(state)
    }
}
