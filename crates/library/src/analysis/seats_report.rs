//! The `solve --players M --objective own-pairs` analysis (`docs/variants.md`): every value a
//! vector of expected future pairs relative to the mover, as data.

use num_rational::BigRational;
use thiserror::Error;

use super::report::{self, Report, Request, RequestError, Shown};
use crate::rules::{Objective, PassRule};
use crate::solver::{
    EXACT_LIMIT, PLAY_LIMIT, Scalar, SeatsSolveError, SeatsSolver, SeatsState, SolveError,
    estimate_seats_values,
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
    Game(#[from] SeatsSolveError),
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
    /// A bad position or first card, or too large to solve.
    #[error("{0}")]
    Request(#[from] RequestError),
}

/// A vector of expected future pairs, the mover first, then the next to move, and so on.
impl Shown for Vec<f64> {
    type Of<S: Scalar> = Vec<S>;
    type Exact = Vec<String>;
    const NAMES_CHOSEN: bool = true;
    fn mover<S: Scalar>(value: &Vec<S>) -> &S {
        &value[0]
    }
    fn shown<S: Scalar>(value: &Vec<S>) -> Self {
        value.iter().map(Scalar::to_f64).collect()
    }
    fn exact(value: &Vec<BigRational>) -> Vec<String> {
        value.iter().map(report::ratio).collect()
    }
    // The other seats' parts are those of the action the decision rule plays.
    fn at_best<S: Scalar>(chosen: &Vec<S>, _: &S) -> Vec<S> {
        chosen.clone()
    }
    fn words(&self, _: Objective) -> String {
        let parts: Vec<String> = self.iter().map(|x| format!("{x:.6}")).collect();
        format!("({})", parts.join(", "))
    }
    fn exact_words(exact: &Vec<String>) -> String {
        format!("({})", exact.join(", "))
    }
}

/// Validates a request into a solver state.
///
/// # Errors
/// The first bad part of the request.
pub fn state_of(seats: &SeatsRequest) -> Result<SeatsState, SeatsRequestError> {
    let request = &seats.request;
    // Refuses seats and rules the solver does not play, before anything else.
    SeatsSolver::<f64>::new(request.deck.copies(), seats.seats, request.pass_rule)?;
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
    let position = report::position_of(request)?;
    let first = report::first_of(request, &position)?;
    if passes > 0 && !report::pass_possible(&position) {
        return Err(SeatsRequestError::PassesHere(passes));
    }
    Ok(SeatsState {
        position,
        passes,
        first,
    })
}

/// Answers a request.
///
/// # Errors
/// A bad request, or one too large to solve.
pub fn solve_seats(seats: &SeatsRequest) -> Result<Report<Vec<f64>>, SeatsRequestError> {
    let state = state_of(seats)?;
    let (request, seats) = (&seats.request, seats.seats);
    let solved = |limit: f64| -> Result<(), SeatsRequestError> {
        let estimate = estimate_seats_values(&state.position, seats, request.pass_rule);
        if estimate > limit {
            return Err(RequestError::from(SolveError::TooLarge(estimate, limit)).into());
        }
        Ok(())
    };
    solved(PLAY_LIMIT)?;
    let (copies, rule) = (state.position.copies(), request.pass_rule);
    let mut solver: SeatsSolver<f64> = SeatsSolver::new(copies, seats, rule)?;
    let actions = solver.actions(&state)?;
    let exact = if request.exact {
        solved(EXACT_LIMIT)?;
        Some(SeatsSolver::<BigRational>::new(copies, seats, rule)?.actions(&state)?)
    } else {
        None
    };
    // Own-pairs plays for the most future pairs: `margin` is the objective that maximises.
    let objective = Objective::Margin;
    Ok(report::report(
        objective,
        &actions,
        exact.as_deref(),
        solver.states(),
    ))
}
