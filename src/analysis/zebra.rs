//! Post-game analysis of a Zebra game: [`ZebraSolver`] as a [`Judge`] of the
//! [`annotate`](super::walk::annotate) walk, every flip valued against the best action at
//! its decision point, in the same [`Analysis`] the replay and `analyze` show for the
//! standard game (classes and summaries as in [`annotate`](super::annotate)).
//!
//! Each annotation keeps the flip in Zebra's own model ([`ZebraNote`]); its `action`,
//! `best` and `first` give the standard reading that the shared words use ("took the
//! pair", "turned a seen card second", "passed"), which reads the same in Zebra: a
//! known card whose opposite-colour partner is known is "a card of a known pair", a twin
//! after the first card is "a known card".

use thiserror::Error;

use super::annotate::Analysis;
use super::walk::{Decision, Judge, Reading, first_seat_value, tied};
use crate::players::{zebra_action_of, zebra_state_of};
use crate::record::RecordSeat;
use crate::rules::{Game, Objective};
use crate::solver::zebra::{
    ZebraAction, ZebraError, ZebraFirstCard, ZebraSolver, zebra_chosen, zebra_preference,
};
use crate::solver::{Action, FirstCard, Pattern};

/// Why a Zebra game could not be analysed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ZebraAnalysisError {
    /// The solver refused a state (an objective or rule it does not play).
    #[error(transparent)]
    Solver(#[from] ZebraError),
    /// A flip that is no action of the model (a record that does not replay).
    #[error("flip {0} is not an action at its decision point")]
    Unplayable(usize),
}

/// A flip in Zebra's model.
#[derive(Debug, Clone, PartialEq)]
pub struct ZebraNote {
    /// The action the flip carried out.
    pub action: ZebraAction,
    /// Every best action (ties within [`TIE_EPSILON`](crate::solver::TIE_EPSILON)).
    pub best: Vec<ZebraAction>,
    /// The one the optimal player chooses among them.
    pub chosen: ZebraAction,
}

/// The standard reading of a Zebra action, for the shared words.
fn reading(action: ZebraAction, first: Option<ZebraFirstCard>) -> Action {
    match (action, first) {
        (ZebraAction::Unknown, _) => Action::Unknown,
        (ZebraAction::Match, _) => Action::Match,
        // A card of a known pair: two known cards of its label.
        (ZebraAction::Known(p, c), None) if p.known(c.opposite()) > 0 => {
            Action::Known(Pattern::new(2, 0))
        }
        (ZebraAction::Known(..), None) => Action::Known(Pattern::new(2, 1)),
        (ZebraAction::Known(..) | ZebraAction::Twin, Some(_)) => Action::Known(Pattern::new(2, 0)),
        (ZebraAction::Twin, None) => Action::Unknown,
    }
}

fn first_reading(first: ZebraFirstCard) -> FirstCard {
    match first {
        ZebraFirstCard::Revealed(..) => FirstCard::Revealed(Pattern::new(2, 1)),
        ZebraFirstCard::Held(..) => FirstCard::Held(Pattern::new(2, 0)),
    }
}

/// The Zebra solver judges in Zebra's model; the annotation keeps both readings.
impl Judge for ZebraSolver<f64> {
    type Action = ZebraAction;
    type Error = ZebraAnalysisError;

    fn objective(&self) -> Objective {
        ZebraSolver::objective(self)
    }

    fn actions(&mut self, game: &Game) -> Result<Vec<(ZebraAction, f64)>, ZebraAnalysisError> {
        Ok(ZebraSolver::actions(self, &zebra_state_of(game.view()))?)
    }

    fn action_of(&self, game: &Game, position: usize) -> Option<ZebraAction> {
        Some(zebra_action_of(game.view(), position))
    }

    fn same_choice(&self, listed: ZebraAction, done: ZebraAction) -> bool {
        // Either half of a symmetric pattern is the same choice.
        match (listed, done) {
            (ZebraAction::Known(p, _), ZebraAction::Known(q, _)) if p.symmetric() => p == q,
            _ => listed == done,
        }
    }

    /// Costs are measured from the action the optimal player chooses; the tied ones are
    /// listed in its order of preference.
    fn best(&self, game: &Game, actions: &[(ZebraAction, f64)]) -> Option<(f64, Vec<ZebraAction>)> {
        let first = zebra_state_of(game.view()).first;
        let chosen = zebra_chosen(ZebraSolver::objective(self), actions, first)?;
        let best_value = actions
            .iter()
            .find(|&&(a, _)| a == chosen)
            .map(|&(_, v)| v)?;
        let mut best = tied(actions, best_value);
        best.sort_by_key(|&a| zebra_preference(a, first));
        Some((best_value, best))
    }

    fn reading(&mut self, game: &Game, decision: &Decision<ZebraAction>) -> Reading {
        let first = zebra_state_of(game.view()).first;
        let objective = ZebraSolver::objective(self);
        Reading {
            first: first.map(first_reading),
            action: reading(decision.done, first),
            best: decision.best.iter().map(|&a| reading(a, first)).collect(),
            best_words: crate::trainer::zebra::explain_zebra(game.view(), self)
                .map(|l| l.best().text.clone())
                .unwrap_or_default(),
            zebra: zebra_chosen(objective, &decision.actions, first).map(|chosen| ZebraNote {
                action: decision.done,
                best: decision.best.clone(),
                chosen,
            }),
        }
    }

    fn curve_point(&mut self, game: &Game) -> Result<Vec<f64>, ZebraAnalysisError> {
        let view = game.view();
        let objective = ZebraSolver::objective(self);
        let value = first_seat_value(view, objective, || self.value(&zebra_state_of(view)))?;
        Ok(vec![value])
    }

    fn unplayable(index: usize) -> ZebraAnalysisError {
        ZebraAnalysisError::Unplayable(index)
    }
}

/// Solves and values a finished or unfinished two-seat Zebra `game` under `objective`.
///
/// # Errors
/// A state the solver cannot value, a flip that is no action there (another deck), and
/// an objective or pass rule the Zebra solver refuses.
pub fn analyse_zebra(
    game: &Game,
    players: Vec<RecordSeat>,
    objective: Objective,
) -> Result<Analysis, ZebraAnalysisError> {
    let rule = game.view().pass_rule().unwrap_or_default();
    let mut solver = ZebraSolver::new(objective, rule);
    super::walk::annotate(game, players, &mut solver)
}
