//! What a solver gives the layers above it, whichever rule set it solves: the value of
//! each action at a decision point, the action the optimal player takes, each seat's
//! value, and the unit they are counted in.

use super::{
    Checker, Duel, Jokers, Model, ModelError, OwnPairs, Standard, Unit, Valued, Zebra, chosen, tied,
};
use crate::rules::{Deck, Objective, Outcome, Phase, PublicView, Seat, Table, Variant};
use crate::solver::checker::{CheckerAction, CheckerFirstCard, CheckerSolver, CheckerState};
use crate::solver::jokers::{JokersAction, JokersFirst, JokersSolver, JokersState};
use crate::solver::two_decks::{DuelAction, DuelFirst, DuelSolver, DuelState};
use crate::solver::zebra::ZebraSolver;
use crate::solver::{Position, SeatsState, State};
use crate::solver::{SeatsSolver, Solver};

/// A solver as the layers above ask it (the trainer's hints and coach, the analysis, the
/// optimal player, the odds on screen).
pub trait Oracle {
    /// The rule set it solves.
    type Model: Model;

    /// This rule set's solver for a game of `deck` at `table` under `objective`, solved
    /// from its start so that play never waits.
    ///
    /// # Errors
    /// A deck or table the solver does not take (too large, an objective it does not
    /// offer, an invalid objective and pass rule pair).
    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError>
    where
        Self: Sized;

    /// What its values count.
    fn unit(&self) -> Unit;

    /// How turns go (a pair taken under One Flip ends the turn).
    fn variant(&self) -> Variant {
        Variant::Standard
    }

    /// Every legal action at `state` with its value for the mover (what is still to
    /// come), in the solver's order.
    ///
    /// # Errors
    /// A state the solver cannot value.
    fn actions(
        &mut self,
        state: &<Self::Model as Model>::State,
    ) -> Result<Valued<Self::Model>, ModelError>;

    /// The value of `state` for the mover: that of the action the optimal player takes.
    ///
    /// # Errors
    /// A state the solver cannot value.
    fn value(&mut self, state: &<Self::Model as Model>::State) -> Result<f64, ModelError>;

    /// The action the optimal player takes among `actions` (as listed by
    /// [`Oracle::actions`]): the model's one rule among equal actions.
    fn chosen(
        &self,
        actions: &[(<Self::Model as Model>::Action, f64)],
        first: Option<<Self::Model as Model>::First>,
    ) -> Option<<Self::Model as Model>::Action> {
        chosen::<Self::Model, f64>(self.unit().measure(), actions, first)
    }

    /// The value costs are measured from and every action tied with it (within
    /// [`crate::solver::TIE_EPSILON`]), in the order an analysis lists them: the best
    /// value and the solver's order.
    #[allow(clippy::type_complexity)]
    fn best(
        &self,
        actions: &[(<Self::Model as Model>::Action, f64)],
        _first: Option<<Self::Model as Model>::First>,
    ) -> Option<(f64, Vec<<Self::Model as Model>::Action>)> {
        let best = crate::solver::best_of(self.unit().measure(), actions.iter().map(|&(_, v)| v))?;
        Some((best, tied(actions, best)))
    }

    /// The value of the decision point of `view` (not over) for `seat`, as that player
    /// means it: their chance to win, their final margin (the score plus the expected
    /// rest), their expected own pairs still to come.
    ///
    /// # Errors
    /// A state the solver cannot value.
    fn odds(&mut self, view: &PublicView, seat: Seat) -> Result<f64, ModelError> {
        let v = self.value(&Self::Model::state_of(view))?;
        let objective = self.unit().measure();
        let theirs = match (view.mover() == seat, objective) {
            (true, _) => v,
            (false, Objective::Win) => 1.0 - v,
            (false, _) => -v,
        };
        Ok(objective.at_end(view.pairs().lead(seat), theirs))
    }

    /// What a curve shows at the point of `view` (over or not): the first seat's value
    /// alone at two seats (see [`first_seat_value`]), each seat's expected final pairs
    /// at a table of three or more.
    ///
    /// # Errors
    /// A state the solver cannot value.
    fn curve_point(&mut self, view: &PublicView) -> Result<Vec<f64>, ModelError> {
        let objective = self.unit().measure();
        let value = first_seat_value(view, objective, || self.value(&Self::Model::state_of(view)))?;
        Ok(vec![value])
    }

    /// The error for flip `index`, which is no action at its decision point.
    fn unplayable(&self, index: usize) -> ModelError {
        ModelError::Unplayable(index)
    }
}

/// The first seat's value at the point of `view` (over or not), given the mover's value
/// there: win probability under `win`; expected final margin (pairs so far plus the
/// expected rest) under `margin`; under `moves` the turns so far plus the expected rest.
///
/// # Errors
/// What `mover_value` returns.
pub(super) fn first_seat_value<E>(
    view: &PublicView,
    objective: Objective,
    mover_value: impl FnOnce() -> Result<f64, E>,
) -> Result<f64, E> {
    let (a, b) = (view.pairs().of(Seat::FIRST), view.pairs().of(Seat::SECOND));
    let margin = f64::from(a) - f64::from(b);
    if let Phase::Over(r) = view.phase() {
        return Ok(match objective {
            Objective::Win => match r.outcome {
                Outcome::Winner(Seat::FIRST) => 1.0,
                Outcome::Winner(_) => 0.0,
                Outcome::Draw | Outcome::Solo => 0.5,
            },
            Objective::Margin => margin,
            Objective::Moves => f64::from(view.turns()),
        });
    }
    let v = mover_value()?;
    let first = view.mover() == Seat::FIRST;
    Ok(match (objective, first) {
        (Objective::Win, true) => v,
        (Objective::Win, false) => 1.0 - v,
        (Objective::Moves, _) => f64::from(view.turns()) + v,
        (_, true) => margin + v,
        (_, false) => margin - v,
    })
}

/// The value of the action `oracle` chooses and every action tied with it, in the
/// model's order: how the rule sets with an order of their own (Zebra, the checkerboard)
/// measure costs.
fn chosen_first<O: Oracle>(
    oracle: &O,
    actions: &[(<O::Model as Model>::Action, f64)],
    first: Option<<O::Model as Model>::First>,
) -> Option<(f64, Vec<<O::Model as Model>::Action>)> {
    let chosen = oracle.chosen(actions, first)?;
    let value = actions
        .iter()
        .find(|&&(a, _)| a == chosen)
        .map(|&(_, v)| v)?;
    let mut best = tied(actions, value);
    best.sort_by_key(|&a| O::Model::order(a, first));
    Some((value, best))
}

impl Oracle for Solver<f64> {
    type Model = Standard;

    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        let root = Position::start(deck);
        let (rule, variant) = (table.pass_rule, table.variant);
        let limit = crate::solver::PLAY_LIMIT;
        let mut solver = Self::with_variant(objective, rule, variant, &root, 0, limit)?;
        solver.value(&State {
            position: root,
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn variant(&self) -> Variant {
        Solver::variant(self)
    }

    fn actions(
        &mut self,
        state: &crate::solver::State,
    ) -> Result<Vec<(crate::solver::Action, f64)>, ModelError> {
        Ok(Solver::actions(self, state)?)
    }

    fn value(&mut self, state: &crate::solver::State) -> Result<f64, ModelError> {
        Ok(Solver::value(self, state)?)
    }

    /// A record that does not replay is a state the solver cannot reach.
    fn unplayable(&self, _index: usize) -> ModelError {
        ModelError::Solve(crate::solver::SolveError::Unreachable)
    }
}

/// The own-pairs solver values an action by the mover's own component of its vector
/// (`v[0]`, the vectors being relative to the mover), in pairs as `margin` counts them.
impl Oracle for SeatsSolver<f64> {
    type Model = OwnPairs;

    /// The own-pairs objective is the solver's own: `objective` is not asked.
    fn solved(deck: &Deck, table: Table, _objective: Objective) -> Result<Self, ModelError> {
        let mut solver = Self::new(deck.copies(), usize::from(table.seats), table.pass_rule)?;
        solver.value(&SeatsState {
            position: Position::start(deck),
            passes: 0,
            first: None,
        })?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::OwnPairs
    }

    fn actions(
        &mut self,
        state: &crate::solver::SeatsState,
    ) -> Result<Vec<(crate::solver::Action, f64)>, ModelError> {
        Ok(SeatsSolver::actions(self, state)?
            .into_iter()
            .map(|(a, v)| (a, v.first().copied().unwrap_or(0.0)))
            .collect())
    }

    fn value(&mut self, state: &crate::solver::SeatsState) -> Result<f64, ModelError> {
        Ok(SeatsSolver::value(self, state)?[0])
    }

    /// The expected own pairs still to come for `seat` (the vector is relative to the
    /// mover).
    fn odds(&mut self, view: &PublicView, seat: Seat) -> Result<f64, ModelError> {
        let v = SeatsSolver::value(self, &OwnPairs::state_of(view))?;
        let m = view.seats();
        Ok(v[(seat.index() + m - view.mover().index()) % m])
    }

    /// Each seat's expected final pairs: pairs so far plus the chosen vector, turned
    /// from the mover's point of view to the seats'.
    fn curve_point(&mut self, view: &PublicView) -> Result<Vec<f64>, ModelError> {
        let m = view.seats();
        let mut out: Vec<f64> = view.pairs().iter().map(|&p| f64::from(p)).collect();
        if view.is_over() || view.cards_on_table() == 0 {
            return Ok(out);
        }
        let v = SeatsSolver::value(self, &OwnPairs::state_of(view))?;
        let mover = view.mover().index();
        for (i, x) in v.iter().enumerate() {
            out[(mover + i) % m] += x;
        }
        Ok(out)
    }
}

impl Oracle for ZebraSolver<f64> {
    type Model = Zebra;

    /// # Panics
    /// If the deck is not a Zebra deck.
    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        assert!(deck.is_zebra(), "not a Zebra deck");
        let mut solver = Self::new(objective, table.pass_rule);
        solver.value(&crate::solver::zebra::ZebraState {
            position: crate::solver::zebra::ZebraPosition::start(deck.labels()),
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn actions(
        &mut self,
        state: &crate::solver::zebra::ZebraState,
    ) -> Result<Vec<(crate::solver::zebra::ZebraAction, f64)>, ModelError> {
        Ok(ZebraSolver::actions(self, state)?)
    }

    fn value(&mut self, state: &crate::solver::zebra::ZebraState) -> Result<f64, ModelError> {
        Ok(ZebraSolver::value(self, state)?)
    }

    /// Costs are measured from the action the optimal player chooses; the tied ones are
    /// listed in its order of preference.
    fn best(
        &self,
        actions: &[(crate::solver::zebra::ZebraAction, f64)],
        first: Option<crate::solver::zebra::ZebraFirstCard>,
    ) -> Option<(f64, Vec<crate::solver::zebra::ZebraAction>)> {
        chosen_first(self, actions, first)
    }
}

impl Oracle for CheckerSolver<f64> {
    type Model = Checker;

    /// # Panics
    /// If the deck is not a checkerboard deck.
    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        assert!(deck.is_checker(), "not a checkerboard deck");
        let mut solver = Self::new(objective, table.pass_rule).with_variant(table.variant);
        solver.value(&CheckerState {
            position: crate::solver::checker::CheckerPosition::start(deck.labels()),
            diff: 0,
            after_pass: false,
            first: None,
        })?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn variant(&self) -> Variant {
        CheckerSolver::variant(self)
    }

    fn actions(&mut self, state: &CheckerState) -> Result<Vec<(CheckerAction, f64)>, ModelError> {
        Ok(CheckerSolver::actions(self, state)?)
    }

    fn value(&mut self, state: &CheckerState) -> Result<f64, ModelError> {
        Ok(CheckerSolver::value(self, state)?)
    }

    /// Costs are measured from the action the optimal player chooses; the tied ones are
    /// listed in its order of preference.
    fn best(
        &self,
        actions: &[(CheckerAction, f64)],
        first: Option<CheckerFirstCard>,
    ) -> Option<(f64, Vec<CheckerAction>)> {
        chosen_first(self, actions, first)
    }
}

/// Values count points: the jokers' pair scores 2 (the objective's own unit otherwise).
impl Oracle for JokersSolver<f64> {
    type Model = Jokers;

    /// # Panics
    /// If the deck has no jokers that count double.
    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        assert!(
            deck.double_jokers().is_some(),
            "not a deck of jokers that count double"
        );
        let mut solver = Self::new(objective, table.pass_rule, table.variant)?;
        solver.value(&JokersState::start(deck.labels() - 1))?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn variant(&self) -> Variant {
        JokersSolver::variant(self)
    }

    fn actions(&mut self, state: &JokersState) -> Result<Vec<(JokersAction, f64)>, ModelError> {
        Ok(JokersSolver::actions(self, state)?)
    }

    fn value(&mut self, state: &JokersState) -> Result<f64, ModelError> {
        Ok(JokersSolver::value(self, state)?)
    }

    /// Costs are measured from the action the optimal player chooses; the tied ones are
    /// listed in its order of preference.
    fn best(
        &self,
        actions: &[(JokersAction, f64)],
        first: Option<JokersFirst>,
    ) -> Option<(f64, Vec<JokersAction>)> {
        chosen_first(self, actions, first)
    }
}

/// Values are for the mover of the decision point, the leader at the turn start and the
/// answerer after the leader's card: the view's mover either way (see `model/duel.rs`).
impl Oracle for DuelSolver<f64> {
    type Model = Duel;

    fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        let pairs = deck.duel_side().map_err(|_| super::Unsolved::Duel)?;
        let taker = table.variant.duel().unwrap_or_default();
        let mut solver = Self::new(objective, table.pass_rule, taker);
        solver.value(&DuelState::start(pairs))?;
        Ok(solver)
    }

    fn unit(&self) -> Unit {
        Unit::Objective(self.objective())
    }

    fn variant(&self) -> Variant {
        Variant::Duel(self.taker())
    }

    fn actions(&mut self, state: &DuelState) -> Result<Vec<(DuelAction, f64)>, ModelError> {
        Ok(DuelSolver::actions(self, state)?)
    }

    fn value(&mut self, state: &DuelState) -> Result<f64, ModelError> {
        Ok(DuelSolver::value(self, state)?)
    }

    /// Costs are measured from the action the optimal player chooses; the tied ones are
    /// listed in its order of preference.
    fn best(
        &self,
        actions: &[(DuelAction, f64)],
        first: Option<DuelFirst>,
    ) -> Option<(f64, Vec<DuelAction>)> {
        chosen_first(self, actions, first)
    }
}
