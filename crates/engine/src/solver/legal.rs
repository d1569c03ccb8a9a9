//! The actions the rules allow at a decision point of the abstract state.

use super::position::Pattern;
use super::search::{Action, FirstCard, State};
use crate::rules::PassRule;

/// Every legal action in `state` under `pass_rule` (`None`: solitaire, passing is only
/// a wasted turn), in a fixed order: match, unknown, then known cards by pattern.
#[must_use]
pub fn legal_actions(state: &State, pass_rule: Option<PassRule>) -> Vec<Action> {
    let position = &state.position;
    let unknown = position.unknown_cards();
    // Known cards of labels other than the first card's, by pattern.
    let known_other = |first: Option<Pattern>| -> Vec<Action> {
        position
            .iter()
            .filter(|&(p, n)| p.known() > 0 && n > u32::from(Some(p) == first))
            .map(|(p, _)| Action::Known(p))
            .collect()
    };
    let mut actions = Vec::new();
    match state.first {
        None => {
            if unknown > 0 {
                actions.push(Action::Unknown);
            }
            actions.extend(known_other(None));
        }
        Some(FirstCard::Revealed(p)) => {
            if p.known() > 0 {
                actions.push(Action::Match);
            }
            if unknown > 1 {
                actions.push(Action::Unknown);
            }
            actions.extend(known_other(Some(p)));
        }
        Some(FirstCard::Held(p)) => {
            if p.known() > 1 {
                actions.push(Action::Match);
            }
            if unknown > 0 {
                actions.push(Action::Unknown);
            }
            let pass_allowed = match pass_rule {
                None => true,
                Some(PassRule::None) => false,
                Some(PassRule::Ko) => !state.after_pass,
                Some(_) => true,
            };
            if pass_allowed {
                actions.extend(known_other(Some(p)));
            }
        }
    }
    actions
}
