//! The strategy most people use (Arakawa's "usual" strategy).

use super::Policy;
use crate::solver::{Action, FirstCard, State};

/// Take a known pair if there is one; else turn an unknown card; if its partner is
/// known take it, otherwise turn another unknown card. Never passes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Usual;

impl Policy for Usual {
    fn name(&self) -> &str {
        "usual"
    }

    fn act(&mut self, state: &State) -> Action {
        match state.first {
            None => state
                .position
                .iter()
                .map(|(p, _)| p)
                .find(|p| p.known() >= 2)
                .map_or(Action::Unknown, Action::Known),
            Some(FirstCard::Held(p)) if p.known() >= 2 => Action::Match,
            // Only reached when someone else chose the first card: its partner is
            // unknown, so look for it.
            Some(FirstCard::Held(_)) => Action::Unknown,
            Some(FirstCard::Revealed(p)) if p.known() >= 1 => Action::Match,
            Some(FirstCard::Revealed(_)) => Action::Unknown,
        }
    }
}
