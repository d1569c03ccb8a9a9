//! The optimal player: the solver's best action, with a fixed rule among equal ones.

use crate::rules::{Deck, Objective, PassRule, Variant};
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
    tie_break: TieBreak,
}

/// How the optimal player chooses among actions of equal value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// Prefer what the usual player would do (known pair, match, unknown card, known card).
    #[default]
    Usual,
    /// Prefer revealing less: after the first card a known card before an unknown one.
    Secretive,
}

impl Optimal {
    /// Solves `deck` from its start under `objective` and `pass_rule`.
    ///
    /// # Errors
    /// A deck too large to solve, or an invalid objective/pass rule pair.
    pub fn new(deck: &Deck, objective: Objective, pass_rule: PassRule) -> Result<Self, SolveError> {
        Self::with_variant(deck, objective, pass_rule, Variant::Standard)
    }

    /// [`Optimal::new`] for the game played under `variant`.
    ///
    /// # Errors
    /// As [`Optimal::new`], and `moves` under One Flip.
    pub fn with_variant(
        deck: &Deck,
        objective: Objective,
        pass_rule: PassRule,
        variant: Variant,
    ) -> Result<Self, SolveError> {
        let root = Position::start(deck);
        let mut solver = Solver::with_variant(
            objective,
            pass_rule,
            variant,
            &root,
            0,
            crate::solver::PLAY_LIMIT,
        )?;
        // Solve everything up front so that play never waits.
        solver.value(&State {
            position: root,
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(Self {
            solver,
            tie_break: TieBreak::Usual,
        })
    }

    /// The same player with another rule among equal actions.
    #[must_use]
    pub fn with_tie_break(mut self, tie_break: TieBreak) -> Self {
        self.tie_break = tie_break;
        self
    }

    /// The solver behind the player (for hints).
    pub fn solver(&mut self) -> &mut Solver<f64> {
        &mut self.solver
    }
}

/// Lower is preferred among tied actions (the order [`choose_best`] uses).
pub fn preference(tie_break: TieBreak, action: Action, first: Option<FirstCard>) -> u8 {
    match (first, action) {
        (None, Action::Known(p)) if p.known() >= 2 => 0,
        (_, Action::Match) => 0,
        (Some(_), Action::Known(_)) if tie_break == TieBreak::Secretive => 1,
        (_, Action::Unknown) => 2,
        (_, Action::Known(_)) => 3,
    }
}

/// The preferred best action among `actions` (values for the mover).
#[must_use]
pub fn choose_best<V: Scalar>(
    objective: Objective,
    tie_break: TieBreak,
    actions: &[(Action, V)],
    first: Option<FirstCard>,
) -> Option<Action> {
    let best = crate::solver::best_of(objective, actions.iter().map(|(_, v)| v.clone()))?;
    actions
        .iter()
        .filter(|(_, v)| v.ties(&best))
        .min_by_key(|(a, _)| preference(tie_break, *a, first))
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
        choose_best(
            self.solver.objective(),
            self.tie_break,
            &actions,
            state.first,
        )
        .expect("an action exists")
    }
}
