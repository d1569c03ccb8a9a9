//! The `solve --players M --objective own-pairs` analysis (`docs/variants.md`): every value a
//! vector of expected future pairs relative to the mover, as data.

use num_rational::BigRational;
use serde::Serialize;
use thiserror::Error;

use super::report::{self, Request, RequestError};
use crate::rules::{Objective, PassRule};
use crate::solver::{
    Action, EXACT_LIMIT, PLAY_LIMIT, Position, Scalar, SeatsSolveError, SeatsSolver, SeatsState,
    SolveError, estimate_seats_values,
};

/// A question to the seats solver, as given on the command line: the question of
/// `solve` (its objective and lead unused: own-pairs values future pairs), the seats,
/// and the passes in a row before this turn.
#[derive(Debug, Clone)]
pub struct SeatsRequest {
    /// The deck, pass rule, position, first card and `--exact`.
    pub request: Request,
    /// Players at the table (2 to 6).
    pub seats: usize,
    /// Passes in a row just before this turn (`--passes`), if given.
    pub passes: Option<u8>,
}

/// Why a seats request was refused; each names the bad part.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SeatsRequestError {
    /// Seats or pass rule the solver does not play.
    #[error("{0}")]
    Game(SeatsSolveError),
    /// `--passes` under `none`.
    #[error("--passes: passing is not allowed under pass rule 'none' (use --pass-rule agreed)")]
    PassesUnderNone,
    /// `--passes` of `M` or more.
    #[error(
        "--passes {given}: at most {} passes in a row come before a turn with {seats} players",
        seats - 1
    )]
    PassesRange {
        /// Passes given.
        given: u8,
        /// Players.
        seats: usize,
    },
    /// `--passes` above 0 where no pass could have happened.
    #[error("--passes {0} is impossible here: a pass needs known cards of two labels")]
    PassesHere(u8),
    /// A bad position or first card.
    #[error("{0}")]
    Request(RequestError),
    /// Too large to solve.
    #[error("{0}")]
    TooLarge(SolveError),
}

/// One action and its vector.
#[derive(Debug, Clone, Serialize)]
pub struct SeatsActionValue {
    /// `unknown`, `match`, `known R.U`.
    pub action: String,
    /// Expected future pairs, the mover first, then the next to move, and so on.
    pub value: Vec<f64>,
    /// Exact values, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<String>>,
}

/// The answer: the JSON object of the `solve` contract for `--players M`.
#[derive(Debug, Clone, Serialize)]
pub struct SeatsReport {
    /// The chosen action's vector.
    pub value: Vec<f64>,
    /// Its exact values, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Vec<String>>,
    /// Every legal action, in the decision rule's order.
    pub actions: Vec<SeatsActionValue>,
    /// Every action whose `v[0]` equals the largest (within 1e-9, or exactly).
    pub best: Vec<String>,
    /// The action the decision rule plays: the first of `best`.
    pub chosen: String,
    /// Turn-start states (card state, passes in a row) the solver evaluated.
    #[serde(skip)]
    pub states: usize,
}

/// Validates a request into a solver state.
///
/// # Errors
/// The first bad part of the request.
pub fn state_of(seats: &SeatsRequest) -> Result<SeatsState, SeatsRequestError> {
    let request = &seats.request;
    // Refuses seats and rules the solver does not play, before anything else.
    SeatsSolver::<f64>::new(request.deck.copies(), seats.seats, request.pass_rule)
        .map_err(SeatsRequestError::Game)?;
    let passes = match (seats.passes, request.pass_rule) {
        (None, _) => 0,
        (Some(_), PassRule::None) => return Err(SeatsRequestError::PassesUnderNone),
        (Some(k), _) if usize::from(k) >= seats.seats => {
            return Err(SeatsRequestError::PassesRange {
                given: k,
                seats: seats.seats,
            });
        }
        (Some(k), _) => k,
    };
    // The two-player checks of the position and first card; the score plays no part in
    // own-pairs, so a difference of the parity the pairs taken give passes theirs.
    let taken = match &request.position {
        Some(text) => Position::parse(text, &request.deck)
            .map(|p| u64::from(request.deck.pairs()).saturating_sub(p.pairs()))
            .unwrap_or(0),
        None => 0,
    };
    let two = Request {
        objective: Objective::Margin,
        diff: i64::from(taken % 2 == 1),
        after_pass: false,
        ..request.clone()
    };
    let state = report::state_of(&two).map_err(SeatsRequestError::Request)?;
    let known_labels: u32 = state
        .position
        .iter()
        .filter(|(p, _)| p.known() > 0)
        .map(|(_, n)| n)
        .sum();
    if passes > 0 && known_labels < 2 {
        return Err(SeatsRequestError::PassesHere(passes));
    }
    Ok(SeatsState {
        position: state.position,
        passes,
        first: state.first,
    })
}

/// Answers a request.
///
/// # Errors
/// A bad request, or one too large to solve.
pub fn solve_seats(seats: &SeatsRequest) -> Result<SeatsReport, SeatsRequestError> {
    let state = state_of(seats)?;
    let (request, seats) = (&seats.request, seats.seats);
    let solved = |limit: f64| -> Result<(), SeatsRequestError> {
        let estimate = estimate_seats_values(&state.position, seats, request.pass_rule);
        if estimate > limit {
            return Err(SeatsRequestError::TooLarge(SolveError::TooLarge(
                estimate, limit,
            )));
        }
        Ok(())
    };
    let game = SeatsRequestError::Game;
    solved(PLAY_LIMIT)?;
    let copies = state.position.copies();
    let mut solver: SeatsSolver<f64> =
        SeatsSolver::new(copies, seats, request.pass_rule).map_err(game)?;
    let actions = solver.actions(&state).map_err(game)?;
    let exact = if request.exact {
        solved(EXACT_LIMIT)?;
        let mut exact: SeatsSolver<BigRational> =
            SeatsSolver::new(copies, seats, request.pass_rule).map_err(game)?;
        Some(exact.actions(&state).map_err(game)?)
    } else {
        None
    };
    Ok(seats_report(&actions, exact.as_deref(), solver.states()))
}

/// Builds the report from action vectors (and exact ones, in the same order).
///
/// # Panics
/// If there is no action, or the exact actions are not the same ones.
#[must_use]
fn seats_report(
    actions: &[(Action, Vec<f64>)],
    exact: Option<&[(Action, Vec<BigRational>)]>,
    states: usize,
) -> SeatsReport {
    let best: Vec<usize> = match exact {
        Some(exact) => {
            assert!(
                exact
                    .iter()
                    .map(|(a, _)| a)
                    .eq(actions.iter().map(|(a, _)| a)),
                "the exact solver lists the same actions"
            );
            best_indices(exact)
        }
        None => best_indices(actions),
    };
    let chosen = best[0];
    let ratios = |v: &[BigRational]| v.iter().map(report::ratio).collect::<Vec<_>>();
    let value_of = |i: usize| match exact {
        Some(e) => e[i].1.iter().map(Scalar::to_f64).collect(),
        None => actions[i].1.clone(),
    };
    SeatsReport {
        value: value_of(chosen),
        exact: exact.map(|e| ratios(&e[chosen].1)),
        actions: actions
            .iter()
            .enumerate()
            .map(|(i, (a, _))| SeatsActionValue {
                action: a.to_string(),
                value: value_of(i),
                exact: exact.map(|e| ratios(&e[i].1)),
            })
            .collect(),
        best: best.iter().map(|&i| actions[i].0.to_string()).collect(),
        chosen: actions[chosen].0.to_string(),
        states,
    }
}

/// The actions whose `v[0]` ties the largest, in order: the first is the one the
/// decision rule plays ([`crate::solver::chosen_index`]).
fn best_indices<V: Scalar>(actions: &[(Action, Vec<V>)]) -> Vec<usize> {
    let top = actions
        .iter()
        .map(|(_, v)| &v[0])
        .fold(None::<&V>, |best, x| match best {
            Some(b) if *b >= *x => Some(b),
            _ => Some(x),
        })
        .expect("an action exists");
    (0..actions.len())
        .filter(|&i| actions[i].1[0].ties(top))
        .collect()
}
