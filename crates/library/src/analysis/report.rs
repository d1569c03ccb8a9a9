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

/// How a report shows a value: a number for a two-seat objective (the mover's), or one
/// number a seat for the own-pairs table (`seats_report`). The solvers give it in `f64`
/// and, with `--exact`, in rationals.
pub trait Shown: Serialize + Clone + std::fmt::Debug {
    /// The solvers' value of an action in scalar `S`.
    type Of<S: Scalar>: Clone;
    /// The exact value in words (`p/q`).
    type Exact: Serialize + Clone + std::fmt::Debug;
    /// Whether actions tied for the mover can differ in value (other seats' parts), so the
    /// report names the one the decision rule plays.
    const NAMES_CHOSEN: bool;
    /// The part the mover plays for.
    fn mover<S: Scalar>(value: &Self::Of<S>) -> &S;
    /// The value as the report shows it.
    fn shown<S: Scalar>(value: &Self::Of<S>) -> Self;
    /// The exact value in words.
    fn exact(value: &Self::Of<BigRational>) -> Self::Exact;
    /// The position's value, from the chosen action's and the best the mover gets.
    fn at_best<S: Scalar>(chosen: &Self::Of<S>, top: &S) -> Self::Of<S>;
    /// In words, in the objective's unit.
    fn words(&self, objective: Objective) -> String;
    /// The exact value in words.
    fn exact_words(exact: &Self::Exact) -> String;
}

impl Shown for f64 {
    type Of<S: Scalar> = S;
    type Exact = String;
    const NAMES_CHOSEN: bool = false;
    fn mover<S: Scalar>(value: &S) -> &S {
        value
    }
    fn shown<S: Scalar>(value: &S) -> f64 {
        value.to_f64()
    }
    fn exact(value: &BigRational) -> String {
        ratio(value)
    }
    // The best itself: a tie within 1e-9 is not the same number.
    fn at_best<S: Scalar>(_: &S, top: &S) -> S {
        top.clone()
    }
    fn words(&self, objective: Objective) -> String {
        match objective {
            Objective::Win => format!("{:.4}%", self * 100.0),
            Objective::Margin => format!("{self:+.6} pairs"),
            Objective::Moves => format!("{self:.6} moves"),
        }
    }
    fn exact_words(exact: &String) -> String {
        exact.clone()
    }
}

/// One action and its value.
#[derive(Debug, Clone, Serialize)]
pub struct ActionValue<V: Shown = f64> {
    /// `unknown`, `match`, `known R.U`.
    pub action: String,
    /// Value for the mover.
    pub value: V,
    /// Exact value, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<V::Exact>,
}

/// The answer: the JSON object of the `solve` contract.
#[derive(Debug, Clone, Serialize)]
pub struct Report<V: Shown = f64> {
    /// Value of the position for the mover (best action's value).
    pub value: V,
    /// Exact value, with `--exact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<V::Exact>,
    /// Every available action.
    pub actions: Vec<ActionValue<V>>,
    /// Every action whose value equals the best (within 1e-9, or exactly).
    pub best: Vec<String>,
    /// The action the decision rule plays, the first of `best`, where it matters
    /// ([`Shown::NAMES_CHOSEN`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
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
pub(crate) const MAX_MOVES_PAIRS: usize = crate::rules::MAX_LABELS as usize;
/// Most pairs for exact `moves` on a pairs deck: the work grows like the cube (e(5000,0)
/// takes seconds, e(20000,0) several minutes).
pub(crate) const MAX_EXACT_MOVES_PAIRS: usize = 20_000;

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
    let position = position_of(request)?;
    check_diff(&request.deck, position.pairs(), request.diff)?;
    if request.after_pass && !pass_possible(&position) {
        return Err(RequestError::AfterPass);
    }
    let first = first_of(request, &position)?;
    Ok(State {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// The request's position (`--position`, or the start), whatever the table.
///
/// # Errors
/// [`RequestError::Position`].
pub(crate) fn position_of(request: &Request) -> Result<Position, RequestError> {
    match &request.position {
        Some(text) => Position::parse(text, &request.deck).map_err(RequestError::Position),
        None => Ok(Position::start(&request.deck)),
    }
}

/// Whether a pass can have happened before this turn: it shows known cards of two labels.
#[must_use]
pub(crate) fn pass_possible(position: &Position) -> bool {
    let known_labels = position
        .iter()
        .filter(|(p, _)| p.known() > 0)
        .map(|(_, n)| n)
        .sum::<u32>();
    known_labels >= 2
}

/// The request's first card (`--revealed`/`--held`), checked against the position.
///
/// # Errors
/// [`RequestError::First`].
pub fn first_of(request: &Request, position: &Position) -> Result<Option<FirstCard>, RequestError> {
    let Some((kind, text)) = &request.first else {
        return Ok(None);
    };
    let flag = match kind {
        FirstKind::Revealed => "revealed",
        FirstKind::Held => "held",
    };
    let pattern = parse_pattern(text, request.deck.copies())
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
    Ok(Some(match kind {
        FirstKind::Revealed => FirstCard::Revealed(pattern),
        FirstKind::Held => FirstCard::Held(pattern),
    }))
}

/// Refuses a lead `diff` that `pairs_left` of the points of `deck` on the table cannot
/// give: each point taken moves the difference by one, so its parity is that of the
/// points taken (a pair is a point, the jokers that count double two).
///
/// # Errors
/// [`RequestError::Diff`].
pub fn check_diff(deck: &Deck, pairs_left: u64, diff: i64) -> Result<(), RequestError> {
    let total = u64::from(deck.points_total());
    let taken = total - pairs_left.min(total);
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
///
/// # Panics
/// If there is no action, or the exact actions are not the same ones.
#[must_use]
pub fn report<A: std::fmt::Display + PartialEq, V: Shown>(
    objective: Objective,
    actions: &[(A, V::Of<f64>)],
    exact: Option<&[(A, V::Of<BigRational>)]>,
    states: usize,
) -> Report<V> {
    let (best, value, exact_value) = match exact {
        Some(exact) => {
            assert!(
                exact
                    .iter()
                    .map(|(a, _)| a)
                    .eq(actions.iter().map(|(a, _)| a)),
                "the exact solver lists the same actions"
            );
            let (best, value) = best_actions::<V, _, _>(objective, exact);
            (best, V::shown(&value), Some(V::exact(&value)))
        }
        None => {
            let (best, value) = best_actions::<V, _, _>(objective, actions);
            (best, V::shown(&value), None)
        }
    };
    Report {
        value,
        exact: exact_value,
        actions: actions
            .iter()
            .enumerate()
            .map(|(i, (a, v))| ActionValue {
                action: a.to_string(),
                value: exact.map_or_else(|| V::shown(v), |e| V::shown(&e[i].1)),
                exact: exact.map(|e| V::exact(&e[i].1)),
            })
            .collect(),
        best: best.iter().map(|&i| actions[i].0.to_string()).collect(),
        chosen: V::NAMES_CHOSEN.then(|| actions[best[0]].0.to_string()),
        states,
    }
}

/// The actions tied for the best the mover gets, in order (the first is the one the
/// decision rule plays), and the position's value.
fn best_actions<V: Shown, S: Scalar, A>(
    objective: Objective,
    actions: &[(A, V::Of<S>)],
) -> (Vec<usize>, V::Of<S>) {
    let movers = actions.iter().map(|(_, v)| V::mover(v));
    let top = best_of(objective, movers.clone().cloned()).expect("an action exists");
    let best: Vec<usize> = movers
        .enumerate()
        .filter(|(_, v)| v.ties(&top))
        .map(|(i, _)| i)
        .collect();
    let value = V::at_best(&actions[best[0]].1, &top);
    (best, value)
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

    /// A number's report gives the best itself, names no chosen action, and lists every
    /// action tied with the best.
    #[test]
    fn a_number_report_gives_the_best_value_and_names_no_chosen_action() {
        let actions = [("a", 0.5), ("b", 0.5 + 5e-10), ("c", 0.25)];
        let got: Report = report(Objective::Win, &actions, None, 0);
        assert_eq!(got.value.to_bits(), (0.5 + 5e-10_f64).to_bits());
        assert_eq!(got.best, ["a", "b"]);
        assert_eq!(got.chosen, None);
        let json = serde_json::to_value(&got).unwrap();
        assert!(json.get("chosen").is_none(), "{json}");
        // Under `moves` the best is the smallest.
        let got: Report = report(Objective::Moves, &actions, None, 0);
        assert_eq!((got.value, got.best), (0.25, vec!["c".to_owned()]));
    }

    /// A vector's report gives the chosen action's vector (the first tied for the mover):
    /// the other seats' parts differ between tied actions.
    #[test]
    fn a_vector_report_gives_the_chosen_actions_vector_and_names_it() {
        let ratio = |n: i64, d: u64| <BigRational as Scalar>::ratio(n, d);
        let floats = [
            ("a", vec![1.0, 0.0]),
            ("b", vec![1.0, 2.0]),
            ("c", vec![0.5, 3.0]),
        ];
        let exact: Vec<(&str, Vec<BigRational>)> = floats
            .iter()
            .map(|(a, v)| (*a, v.iter().map(|&x| ratio((x * 2.0) as i64, 2)).collect()))
            .collect();
        let got: Report<Vec<f64>> = report(Objective::Margin, &floats, Some(&exact), 0);
        assert_eq!(got.value, [1.0, 0.0]);
        assert_eq!(got.exact, Some(vec!["1".to_owned(), "0".to_owned()]));
        assert_eq!(got.best, ["a", "b"]);
        assert_eq!(got.chosen.as_deref(), Some("a"));
        assert_eq!(
            got.actions[2].exact,
            Some(vec!["1/2".to_owned(), "3".to_owned()])
        );
    }
}
