//! `concentration solve --deck double-checker|double-checker:N`: the analysis contract of
//! docs/variants.md for the Double Decker Checkerboard (positions `PxN` over the patterns
//! `2.2`, `2.1r`, `2.1b`, `2.0`; first cards `P:red|P:blue` or, held, `P`); the request
//! and the printing are `solve`'s own.

use num_rational::BigRational;

use super::{Answer, SolveArgs};
use crate::analysis::report::{self, FirstKind, Request};
use crate::cli::usage;
use crate::rules::{Back, Objective};
use crate::solver::checker::{
    CheckerError, CheckerFirstCard, CheckerPattern, CheckerPosition, CheckerSolver, CheckerState,
};

/// The objective of a checkerboard request, refusing the options it is not solved for.
///
/// # Errors
/// Seats, passes, `moves` or own-pairs (status 2).
pub(super) fn objective(args: &SolveArgs) -> anyhow::Result<Objective> {
    super::two_seats_only(args, "double-checker")?;
    match super::two_seat_objective(args)? {
        Objective::Moves => Err(usage(format!("--objective moves: {}", CheckerError::Moves))),
        o => Ok(o),
    }
}

/// Validates a request into a checkerboard state; the error names the bad part.
fn state_of(request: &Request) -> anyhow::Result<CheckerState> {
    crate::rules::check_combination(request.objective, request.pass_rule)
        .map_err(|e| usage(e.to_string()))?;
    let pairs = request.deck.labels();
    let position = match &request.position {
        Some(text) => {
            CheckerPosition::parse(text, pairs).map_err(|e| usage(format!("--position: {e}")))?
        }
        None => CheckerPosition::start(pairs),
    };
    report::check_diff(&request.deck, position.pairs(), request.diff)
        .map_err(|e| usage(e.to_string()))?;
    // A pass shows two known cards that are no pair: of two pairs.
    let known_pairs = position.pairs() - u64::from(position.count(CheckerPattern::Hidden));
    if request.after_pass && known_pairs < 2 {
        return Err(usage(
            "--after-pass is impossible here: a pass needs known cards of two pairs",
        ));
    }
    let first = match &request.first {
        Some((FirstKind::Revealed, text)) => Some(revealed(text, &position)?),
        Some((FirstKind::Held, text)) => Some(held(text, &position)?),
        None => None,
    };
    Ok(CheckerState {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// Parses `--revealed P:red|P:blue` and checks it fits the position.
fn revealed(text: &str, position: &CheckerPosition) -> anyhow::Result<CheckerFirstCard> {
    let bad = |m: String| usage(format!("--revealed {text}: {m}"));
    let (pattern, back) = text
        .rsplit_once(':')
        .ok_or_else(|| bad("expected P:red or P:blue, e.g. 2.2:red or 2.1b:red".to_owned()))?;
    let pattern = CheckerPattern::parse(pattern).map_err(|e| bad(e.to_string()))?;
    let back = match back.to_ascii_lowercase().as_str() {
        "red" => Back::Red,
        "blue" => Back::Blue,
        other => return Err(bad(format!("unknown back '{other}': red or blue"))),
    };
    if position.count(pattern) == 0 {
        return Err(bad(format!("no pair in pattern {pattern} is on the table")));
    }
    if pattern.knows(back) {
        return Err(bad(format!(
            "a pair in pattern {pattern} has no unknown {back}-backed card"
        )));
    }
    Ok(CheckerFirstCard::Revealed(pattern, back))
}

/// Parses `--held P` (2.1r, 2.1b or 2.0) and checks it fits the position.
fn held(text: &str, position: &CheckerPosition) -> anyhow::Result<CheckerFirstCard> {
    let bad = |m: String| usage(format!("--held {text}: {m}"));
    let pattern = CheckerPattern::parse(text).map_err(|e| bad(e.to_string()))?;
    if pattern == CheckerPattern::Hidden {
        return Err(bad("a pair in pattern 2.2 has no known card".to_owned()));
    }
    if position.count(pattern) == 0 {
        return Err(bad(format!("no pair in pattern {pattern} is on the table")));
    }
    Ok(CheckerFirstCard::Held(pattern))
}

/// Answers a checkerboard request.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn solve(request: &Request) -> anyhow::Result<Answer> {
    let state = state_of(request)?;
    let refused = |e: CheckerError| usage(e.to_string());
    let (objective, pass_rule, variant) = (request.objective, request.pass_rule, request.variant);
    let mut solver: CheckerSolver<f64> =
        CheckerSolver::new(objective, pass_rule).with_variant(variant);
    let actions = solver.actions(&state).map_err(refused)?;
    let exact = if request.exact {
        let mut exact: CheckerSolver<BigRational> = CheckerSolver::new(objective, pass_rule)
            .with_variant(variant)
            .with_limit(crate::solver::EXACT_LIMIT);
        Some(exact.actions(&state).map_err(refused)?)
    } else {
        None
    };
    let point = match state.first {
        None => "turn start".to_owned(),
        Some(CheckerFirstCard::Revealed(p, b)) => {
            format!("after revealing a {b}-backed card of a {p} pair")
        }
        Some(CheckerFirstCard::Held(p)) => format!("after turning a known card of a {p} pair"),
    };
    Ok(Answer {
        report: report::report(objective, &actions, exact.as_deref(), solver.states()),
        objective,
        head: super::head(request, &state.position.to_string(), &point),
        width: 14,
    })
}
