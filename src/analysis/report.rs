//! The `solve` analysis: a position's value and every action's value, as data.

use std::sync::Arc;

use num_rational::BigRational;
use serde::Serialize;
use thiserror::Error;

use crate::rules::{Deck, Objective, PassRule, Variant};
use crate::solver::solitaire::{ExactMovesAt, MovesBand};
use crate::solver::{
    EXACT_LIMIT, FirstCard, PLAY_LIMIT, Position, PositionError, Scalar, SolveError, Solver, State,
    best_of, parse_pattern,
};

/// Which decision point a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstKind {
    /// `--revealed R.U`.
    Revealed,
    /// `--held R.U`.
    Held,
}

/// A question to the solver, as given on the command line.
#[derive(Debug, Clone)]
pub struct Request {
    /// The deck.
    pub deck: Deck,
    /// What the mover plays for.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// How turns go (the standard game or One Flip).
    pub variant: Variant,
    /// `R.UxN ...`, or the start position.
    pub position: Option<String>,
    /// Mover's pairs minus the opponent's.
    pub diff: i64,
    /// Whether the previous turn was a pass.
    pub after_pass: bool,
    /// The first card of the turn, if past it: its kind and `R.U`.
    pub first: Option<(FirstKind, String)>,
    /// Also compute exact rational values.
    pub exact: bool,
}

/// Why a request was refused; each names the bad part.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RequestError {
    /// Bad `--position`.
    #[error("--position: {0}")]
    Position(PositionError),
    /// Bad `--revealed`/`--held`.
    #[error("--{0}: {1}")]
    First(&'static str, String),
    /// `--diff` out of range, or of the wrong parity for the pairs taken.
    #[error("--diff {diff} is impossible: {}", diff_range(*taken))]
    Diff {
        /// The difference given.
        diff: i64,
        /// Pairs already taken.
        taken: u64,
    },
    /// `--after-pass` where no pass could have happened.
    #[error("--after-pass is impossible here: a pass needs known cards of two labels")]
    AfterPass,
    /// The solver refused.
    #[error("{0}")]
    Solve(#[from] SolveError),
}

/// One action and its value.
#[derive(Debug, Clone, Serialize)]
pub struct ActionValue {
    /// `unknown`, `match`, `known R.U`.
    pub action: String,
    /// Value for the mover.
    pub value: f64,
    /// Exact value, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}

/// The answer: the JSON object of the `solve` contract.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Value of the position for the mover (best action's value).
    pub value: f64,
    /// Exact value, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// Every available action.
    pub actions: Vec<ActionValue>,
    /// Every action whose value equals the best (within 1e-9, or exactly).
    pub best: Vec<String>,
    /// Full states (card state, difference, after-pass flag) the solver evaluated.
    #[serde(skip)]
    pub states: usize,
}

/// The differences possible with `taken` pairs taken, in words.
fn diff_range(taken: u64) -> String {
    match taken {
        0 => "with no pair taken yet it must be 0".to_owned(),
        1 => "with 1 pair taken it must be -1 or 1".to_owned(),
        _ => {
            let parity = if taken.is_multiple_of(2) {
                "even"
            } else {
                "odd"
            };
            format!("with {taken} pairs taken it must be {parity}, from -{taken} to {taken}")
        }
    }
}

/// Most pairs for `moves` on a pairs deck (the sweep's time grows like the square).
pub const MAX_MOVES_PAIRS: usize = crate::rules::MAX_LABELS as usize;
/// Most pairs for exact `moves` on a pairs deck: the work grows like the cube (e(5000,0)
/// takes seconds, e(20000,0) several minutes).
pub const MAX_EXACT_MOVES_PAIRS: usize = 20_000;

/// How far a long solve has got, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Progress {
    /// States solved so far, and about how many there will be.
    States(usize, f64),
    /// The exact solitaire values of a pairs deck of `pairs` pairs: the share done (0 to 1).
    ExactMoves {
        /// The share of the work done.
        share: f64,
        /// Pairs on the table.
        pairs: usize,
    },
}

/// Validates a request into a solver state.
///
/// # Errors
/// The first bad part of the request.
pub fn state_of(request: &Request) -> Result<State, RequestError> {
    let deck = &request.deck;
    let position = match &request.position {
        Some(text) => Position::parse(text, deck).map_err(RequestError::Position)?,
        None => Position::start(deck),
    };
    check_diff(deck, position.pairs(), request.diff)?;
    let known_labels = position
        .iter()
        .filter(|(p, _)| p.known() > 0)
        .map(|(_, n)| n)
        .sum::<u32>();
    if request.after_pass && known_labels < 2 {
        return Err(RequestError::AfterPass);
    }
    let first = match &request.first {
        None => None,
        Some((kind, text)) => {
            let flag = match kind {
                FirstKind::Revealed => "revealed",
                FirstKind::Held => "held",
            };
            let pattern = parse_pattern(text, deck.copies())
                .map_err(|e| RequestError::First(flag, e.to_string()))?;
            let fits = position.count(pattern) > 0
                && match kind {
                    FirstKind::Revealed => pattern.unknown > 0,
                    FirstKind::Held => pattern.known() > 0,
                };
            if !fits {
                let what = match kind {
                    FirstKind::Revealed => "an unknown card",
                    FirstKind::Held => "a known card",
                };
                return Err(RequestError::First(
                    flag,
                    format!("no label in pattern {pattern} on the table has {what}"),
                ));
            }
            Some(match kind {
                FirstKind::Revealed => FirstCard::Revealed(pattern),
                FirstKind::Held => FirstCard::Held(pattern),
            })
        }
    };
    Ok(State {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// Refuses a lead `diff` that `pairs_left` of the pairs of `deck` on the table cannot
/// give: each pair taken moves the difference by one, so its parity is that of the pairs
/// taken.
///
/// # Errors
/// [`RequestError::Diff`].
pub fn check_diff(deck: &Deck, pairs_left: u64, diff: i64) -> Result<(), RequestError> {
    let taken = u64::from(deck.pairs()) - pairs_left.min(u64::from(deck.pairs()));
    if diff.unsigned_abs() > taken || !(diff.unsigned_abs() + taken).is_multiple_of(2) {
        return Err(RequestError::Diff { diff, taken });
    }
    Ok(())
}

/// Answers a request.
///
/// # Errors
/// A bad request, or one too large to solve.
pub fn solve(request: &Request) -> Result<Report, RequestError> {
    solve_with_progress(request, |_| {})
}

/// [`solve`], telling `progress` now and then how far it has got (for a progress bar on
/// long solves).
///
/// # Errors
/// A bad request, or one too large to solve.
pub fn solve_with_progress(
    request: &Request,
    progress: impl Fn(Progress) + Send + Sync + 'static,
) -> Result<Report, RequestError> {
    let state = state_of(request)?;
    if request.objective == Objective::Moves && request.variant == Variant::OneFlip {
        return Err(SolveError::MovesOneFlip.into());
    }
    // Solitaire on a pairs deck has a closed recurrence: any size is quick.
    let moves_on_pairs = request.objective == Objective::Moves && request.deck.copies() == 2;
    let pairs = usize::try_from(state.position.pairs()).unwrap_or(usize::MAX);
    if moves_on_pairs && request.exact && pairs > MAX_EXACT_MOVES_PAIRS {
        return Err(SolveError::TooLarge(pairs as f64, MAX_EXACT_MOVES_PAIRS as f64).into());
    }
    let progress = Arc::new(progress);
    let mut moves_band = None;
    let mut solver: Solver<f64> = if moves_on_pairs {
        if pairs > MAX_MOVES_PAIRS {
            return Err(SolveError::TooLarge(pairs as f64, MAX_MOVES_PAIRS as f64).into());
        }
        // One position's actions need only the rows of its unknown and half-known
        // pairs and the two below: one sweep of the layers, not the whole table.
        let top = state
            .position
            .iter()
            .filter(|(p, _)| p.unknown > 0)
            .map(|(_, count)| count as usize)
            .sum();
        let band = Arc::new(MovesBand::new(top));
        moves_band = Some(band.clone());
        Solver::with_moves_oracle(&state.position, band)?
    } else {
        let total = crate::solver::estimate_states_for(
            request.variant,
            request.objective,
            request.pass_rule,
            &state.position,
            state.diff,
        );
        Solver::with_variant(
            request.objective,
            request.pass_rule,
            request.variant,
            &state.position,
            state.diff,
            PLAY_LIMIT,
        )?
        .with_progress({
            let progress = progress.clone();
            move |done| progress(Progress::States(done, total))
        })
    };
    let actions = solver.actions(&state)?;
    let exact = if !request.exact {
        None
    } else if moves_on_pairs {
        // Just the e(n, k) the f64 solve asked for, in one walk through the layers.
        let wanted = moves_band.map(|band| band.asked()).unwrap_or_default();
        let share = |share| progress(Progress::ExactMoves { share, pairs });
        let table = Arc::new(ExactMovesAt::new(&wanted, &share));
        let mut exact: Solver<BigRational> = Solver::with_moves_oracle(&state.position, table)?;
        Some(exact.actions(&state)?)
    } else {
        let mut exact: Solver<BigRational> = Solver::with_variant(
            request.objective,
            request.pass_rule,
            request.variant,
            &state.position,
            state.diff,
            EXACT_LIMIT,
        )?;
        Some(exact.actions(&state)?)
    };
    Ok(report(
        request.objective,
        &actions,
        exact.as_deref(),
        solver.states(),
    ))
}

/// Builds the report from action values (and exact ones, in the same order), for the
/// actions of any rule set.
#[must_use]
pub fn report<A: std::fmt::Display>(
    objective: Objective,
    actions: &[(A, f64)],
    exact: Option<&[(A, BigRational)]>,
    states: usize,
) -> Report {
    let value = best_of(objective, actions.iter().map(|(_, v)| *v)).unwrap_or(f64::NAN);
    let best = match exact {
        Some(exact) => {
            let top = best_of(objective, exact.iter().map(|(_, v)| v.clone()));
            exact
                .iter()
                .filter(|(_, v)| Some(v) == top.as_ref())
                .map(|(a, _)| a.to_string())
                .collect()
        }
        None => actions
            .iter()
            .filter(|(_, v)| v.ties(&value))
            .map(|(a, _)| a.to_string())
            .collect(),
    };
    let exact_of = |i: usize| exact.map(|e| ratio(&e[i].1));
    Report {
        value: exact.map_or(value, |e| {
            best_of(objective, e.iter().map(|(_, v)| v.clone())).map_or(value, |v| v.to_f64())
        }),
        exact: exact
            .and_then(|e| best_of(objective, e.iter().map(|(_, v)| v.clone())))
            .map(|v| ratio(&v)),
        actions: actions
            .iter()
            .enumerate()
            .map(|(i, (a, v))| ActionValue {
                action: a.to_string(),
                value: exact.map_or(*v, |e| e[i].1.to_f64()),
                exact: exact_of(i),
            })
            .collect(),
        best,
        states,
    }
}

/// `p/q` (or `p` for an integer).
#[must_use]
pub fn ratio(v: &BigRational) -> String {
    if v.denom() == &num_bigint::BigInt::from(1) {
        v.numer().to_string()
    } else {
        format!("{}/{}", v.numer(), v.denom())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff_error(position: &str, diff: i64) -> Option<String> {
        let request = Request {
            deck: Deck::parse("3x2").unwrap(),
            objective: Objective::Win,
            pass_rule: PassRule::Agreed,
            variant: Variant::Standard,
            position: Some(position.to_owned()),
            diff,
            after_pass: false,
            first: None,
            exact: false,
        };
        state_of(&request).err().map(|e| e.to_string())
    }

    #[test]
    fn diff_errors_give_the_possible_differences() {
        assert_eq!(
            diff_error("2.2x3", 1).unwrap(),
            "--diff 1 is impossible: with no pair taken yet it must be 0"
        );
        assert_eq!(
            diff_error("2.2x2", 2).unwrap(),
            "--diff 2 is impossible: with 1 pair taken it must be -1 or 1"
        );
        // The wrong parity cannot arise either.
        assert_eq!(
            diff_error("2.2x1", 1).unwrap(),
            "--diff 1 is impossible: with 2 pairs taken it must be even, from -2 to 2"
        );
        assert_eq!(
            diff_error("2.2x1", -3).unwrap(),
            "--diff -3 is impossible: with 2 pairs taken it must be even, from -2 to 2"
        );
        for (position, diff) in [("2.2x3", 0), ("2.2x2", -1), ("2.2x1", -2), ("2.2x1", 0)] {
            assert_eq!(diff_error(position, diff), None, "{position} {diff}");
        }
    }
}
