//! The optimal player: the solver's best action, with a fixed rule among equal ones.

use crate::model::{ModelError, Oracle, Standard, TieBreak, Unit, preference};
use crate::rules::{Deck, Objective, PassRule, Table, Variant};
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

/// The preferred best action among `actions` (values for the mover): the model's rule
/// among equal actions ([`crate::model::chosen_by`]) in the order of `tie_break`.
#[must_use]
pub fn choose_best<V: Scalar>(
    objective: Objective,
    tie_break: TieBreak,
    actions: &[(Action, V)],
    first: Option<FirstCard>,
) -> Option<Action> {
    crate::model::chosen_by(objective, actions, |a| preference(tie_break, a, first))
}

/// The optimal player answers as its solver does, and chooses among equal actions by
/// its own rule (so it plays through the one optimal [`super::Policy`] of every solver).
impl Oracle for Optimal {
    type Model = Standard;

    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        Ok(Self::with_variant(
            deck,
            objective,
            table.pass_rule,
            table.variant,
        )?)
    }

    fn unit(&self) -> Unit {
        self.solver.unit()
    }

    fn variant(&self) -> Variant {
        self.solver.variant()
    }

    fn actions(&mut self, state: &State) -> Result<Vec<(Action, f64)>, ModelError> {
        Oracle::actions(&mut self.solver, state)
    }

    fn value(&mut self, state: &State) -> Result<f64, ModelError> {
        Oracle::value(&mut self.solver, state)
    }

    fn chosen(&self, actions: &[(Action, f64)], first: Option<FirstCard>) -> Option<Action> {
        choose_best(self.solver.objective(), self.tie_break, actions, first)
    }

    fn unplayable(&self, index: usize) -> ModelError {
        self.solver.unplayable(index)
    }
}
