//! The optimal player: the solver's best action, with a fixed rule among equal ones.

use crate::rules::{Deck, Objective, PassRule};
use crate::solver::{Action, FirstCard, Position, Scalar, SolveError, Solver, State};

/// Plays the action of highest value (lowest for `moves`).
///
/// Among actions whose values tie (within [`crate::solver::TIE_EPSILON`]) it prefers
/// what the usual player would do: at the turn start a known pair, then an unknown card,
/// then another known card; after the first card the match, then an unknown card, then a
/// known card. So it departs from common play only when that is strictly better. Ties
/// never change its own value, but they can change the result against a weaker player.
#[derive(Debug, Clone)]
pub struct Optimal {
    solver: Solver<f64>,
}

impl Optimal {
    /// Solves `deck` from its start under `objective` and `pass_rule`.
    ///
    /// # Errors
    /// A deck too large to solve, or an invalid objective/pass rule pair.
    pub fn new(deck: &Deck, objective: Objective, pass_rule: PassRule) -> Result<Self, SolveError> {
        let root = Position::start(deck);
        let mut solver = Solver::new(objective, pass_rule, &root, 0, crate::solver::PLAY_LIMIT)?;
        // Solve everything up front so that play never waits.
        solver.value(&State {
            position: root,
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(Self { solver })
    }

    /// The solver behind the player (for hints).
    pub fn solver(&mut self) -> &mut Solver<f64> {
        &mut self.solver
    }
}

/// Lower is preferred among tied actions.
fn preference(action: Action, first: Option<FirstCard>) -> u8 {
    match (first, action) {
        (None, Action::Known(p)) if p.known() >= 2 => 0,
        (_, Action::Match) => 0,
        (_, Action::Unknown) => 1,
        (_, Action::Known(_)) => 2,
    }
}

/// The preferred best action among `actions` (values for the mover).
#[must_use]
pub fn choose_best<V: Scalar>(
    objective: Objective,
    actions: &[(Action, V)],
    first: Option<FirstCard>,
) -> Option<Action> {
    let best = crate::solver::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| preference(*a, first))
        .map(|(a, _)| *a)
}

impl super::Policy for Optimal {
    fn name(&self) -> &str {
        "optimal"
    }

    fn act(&mut self, state: &State) -> Action {
        let actions = self
            .solver
            .actions(state)
            .expect("every state of a game is reachable from its start");
        choose_best(self.solver.objective(), &actions, state.first).expect("an action exists")
    }
}
