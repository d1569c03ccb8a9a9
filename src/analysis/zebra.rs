//! Post-game analysis of a Zebra game: every flip valued by [`ZebraSolver`] against the
//! best action at its decision point, in the same [`Analysis`] the replay and `analyze`
//! show for the standard game (classes and summaries as in
//! [`annotate`](super::annotate)).
//!
//! Each annotation keeps the flip in Zebra's own model ([`ZebraNote`]); its `action`,
//! `best` and `first` give the standard reading that the shared words use ("took the
//! pair", "turned a known card second", "passed"), which reads the same in Zebra: a
//! known card whose opposite-colour partner is known is "a card of a known pair", a twin
//! after the first card is "a known card".

use thiserror::Error;

use super::annotate::{Analysis, Annotation, Class, seats_of, summarise};
use crate::players::{zebra_action_of, zebra_state_of};
use crate::record::RecordSeat;
use crate::rules::{Game, Objective, Outcome, Phase, Seat};
use crate::solver::zebra::{
    ZebraAction, ZebraError, ZebraFirstCard, ZebraSolver, zebra_chosen, zebra_preference,
};
use crate::solver::{Action, FirstCard, Pattern, TIE_EPSILON};

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
    /// Every best action (ties within [`TIE_EPSILON`]).
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

/// The value of a position for the first seat (see [`Analysis::curve`]).
fn first_seat_value(
    game: &Game,
    objective: Objective,
    solver: &mut ZebraSolver<f64>,
) -> Result<f64, ZebraAnalysisError> {
    let view = game.view();
    let (a, b) = (view.pairs().of(Seat::FIRST), view.pairs().of(Seat::SECOND));
    let margin = f64::from(a) - f64::from(b);
    if let Phase::Over(r) = view.phase() {
        return Ok(match objective {
            Objective::Win => match r.outcome {
                Outcome::Winner(Seat::FIRST) => 1.0,
                Outcome::Winner(_) => 0.0,
                Outcome::Draw | Outcome::Solo => 0.5,
            },
            _ => margin,
        });
    }
    let v = solver.value(&zebra_state_of(view))?;
    Ok(match (objective, view.mover() == Seat::FIRST) {
        (Objective::Win, true) => v,
        (Objective::Win, false) => 1.0 - v,
        (_, true) => margin + v,
        (_, false) => margin - v,
    })
}

/// Values every flip of a two-seat Zebra `game` with `solver` (solved for its rules).
///
/// # Errors
/// A state the solver cannot value, or a flip that is no action there (another deck).
pub fn annotate_zebra(
    game: &Game,
    players: Vec<RecordSeat>,
    solver: &mut ZebraSolver<f64>,
) -> Result<Analysis, ZebraAnalysisError> {
    let objective = solver.objective();
    let view = game.view();
    let mut replay = Game::from_cards(
        view.deck().clone(),
        game.reveal_all().to_vec(),
        game.seed(),
        view.players(),
    );
    let mut annotations = Vec::new();
    let mut curve = vec![first_seat_value(&replay, objective, solver)?];
    let mut turn = 1;
    for (index, flip) in view.flips().iter().enumerate() {
        let state = zebra_state_of(replay.view());
        let actions = solver.actions(&state)?;
        let done = zebra_action_of(replay.view(), flip.position);
        // Either half of a symmetric pattern is the same choice.
        let same = |a: ZebraAction| match (a, done) {
            (ZebraAction::Known(p, _), ZebraAction::Known(q, _)) if p.symmetric() => p == q,
            _ => a == done,
        };
        let value = actions
            .iter()
            .find(|&&(a, _)| same(a))
            .map(|&(_, v)| v)
            .ok_or(ZebraAnalysisError::Unplayable(index))?;
        let chosen = zebra_chosen(objective, &actions, state.first)
            .ok_or(ZebraAnalysisError::Unplayable(index))?;
        let best_value = actions
            .iter()
            .find(|&&(a, _)| a == chosen)
            .map_or(value, |&(_, v)| v);
        let raw = best_value - value;
        let cost = if raw <= TIE_EPSILON { 0.0 } else { raw };
        let mut best: Vec<ZebraAction> = actions
            .iter()
            .filter(|&&(_, v)| (v - best_value).abs() <= TIE_EPSILON)
            .map(|&(a, _)| a)
            .collect();
        best.sort_by_key(|&a| zebra_preference(a, state.first));
        let best_words = crate::trainer::zebra::explain_zebra(replay.view(), solver)
            .map(|l| l.best().text.clone())
            .unwrap_or_default();
        annotations.push(Annotation {
            index,
            turn,
            seat: flip.seat,
            position: flip.position,
            first: state.first.map(first_reading),
            action: reading(done, state.first),
            best: best.iter().map(|&a| reading(a, state.first)).collect(),
            value,
            best_value,
            cost,
            class: Class::of(objective, cost),
            best_words,
            zebra: Some(ZebraNote {
                action: done,
                best,
                chosen,
            }),
        });
        replay
            .try_flip(flip.position)
            .map_err(|_| ZebraAnalysisError::Unplayable(index))?;
        if flip.turn_end.is_some() {
            turn += 1;
        }
        curve.push(first_seat_value(&replay, objective, solver)?);
    }
    let summaries = seats_of(view.seats())
        .map(|seat| summarise(&annotations, seat))
        .collect();
    Ok(Analysis {
        objective,
        players,
        annotations,
        curve,
        summaries,
        seat_curves: Vec::new(),
    })
}

/// Solves and values a finished or unfinished two-seat Zebra `game` under `objective`.
///
/// # Errors
/// As [`annotate_zebra`], and an objective or pass rule the Zebra solver refuses.
pub fn analyse_zebra(
    game: &Game,
    players: Vec<RecordSeat>,
    objective: Objective,
) -> Result<Analysis, ZebraAnalysisError> {
    let rule = game.view().pass_rule().unwrap_or_default();
    let mut solver = ZebraSolver::new(objective, rule);
    annotate_zebra(game, players, &mut solver)
}
