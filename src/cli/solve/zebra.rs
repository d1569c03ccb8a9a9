//! `concentration solve --deck zebra|zebra:L`: the analysis contract of docs/variants.md for
//! Zebra (positions `RR.UR/RB.UBxN`, first cards `P:red|P:black`); the request and the
//! printing are `solve`'s own.

use num_rational::BigRational;

use super::{Answer, SolveArgs};
use crate::analysis::report::{self, FirstKind, Request};
use crate::cli::usage;
use crate::rules::{Objective, Variant};
use crate::solver::zebra::{
    ZebraColour, ZebraFirstCard, ZebraPosition, ZebraSolver, ZebraState, parse_zebra_pattern,
};

/// The objective of a Zebra request, refusing the options Zebra is not solved for.
///
/// # Errors
/// Seats, passes, a variant or own-pairs (status 2).
pub(super) fn objective(args: &SolveArgs) -> anyhow::Result<Objective> {
    super::two_seats_only(args, "zebra")?;
    if args.variant != Variant::Standard {
        return Err(usage(format!(
            "--variant {} is not solved on Zebra decks: a pair taken goes again there",
            args.variant
        )));
    }
    super::two_seat_objective(args)
}

/// Validates a request into a Zebra state; the error names the bad part.
fn state_of(request: &Request) -> anyhow::Result<ZebraState> {
    let bad = |m: String| usage(m);
    if request.objective == Objective::Moves {
        return Err(bad(format!(
            "--objective moves: {}",
            crate::solver::zebra::ZebraError::Moves
        )));
    }
    crate::rules::check_combination(request.objective, request.pass_rule)
        .map_err(|e| bad(e.to_string()))?;
    let ranks = request.deck.labels();
    let position = match &request.position {
        Some(text) => {
            ZebraPosition::parse(text, ranks).map_err(|e| bad(format!("--position: {e}")))?
        }
        None => ZebraPosition::start(ranks),
    };
    report::check_diff(&request.deck, position.pairs(), request.diff)
        .map_err(|e| bad(e.to_string()))?;
    // A pass shows two known cards that are no pair: of two ranks, or twins.
    let twins = position
        .iter()
        .any(|(p, _)| ZebraColour::BOTH.iter().any(|&c| p.known(c) >= 2));
    if request.after_pass && position.known_ranks() < 2 && !twins {
        return Err(bad(
            "--after-pass is impossible here: a pass needs two known cards that are no pair"
                .to_owned(),
        ));
    }
    let first = match &request.first {
        Some((FirstKind::Revealed, text)) => Some(first_card("revealed", text, &position)?),
        Some((FirstKind::Held, text)) => Some(first_card("held", text, &position)?),
        None => None,
    };
    Ok(ZebraState {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// Parses `--revealed`/`--held` `P:red|P:black` and checks it fits the position.
fn first_card(flag: &str, text: &str, position: &ZebraPosition) -> anyhow::Result<ZebraFirstCard> {
    let bad = |m: String| usage(format!("--{flag} {text}: {m}"));
    let (pattern, colour) = text
        .rsplit_once(':')
        .ok_or_else(|| bad("expected P:red or P:black, e.g. 2.2/2.1:red".to_owned()))?;
    let (pattern, swapped) = parse_zebra_pattern(pattern).map_err(|e| bad(e.to_string()))?;
    let colour = match colour.to_ascii_lowercase().as_str() {
        "red" => ZebraColour::Red,
        "black" => ZebraColour::Black,
        other => return Err(bad(format!("unknown colour '{other}': red or black"))),
    };
    // The colour names a half as written; canonical colouring may have swapped them.
    let colour = if swapped { colour.opposite() } else { colour };
    if position.count(pattern) == 0 {
        return Err(bad(format!("no rank in pattern {pattern} is on the table")));
    }
    let revealed = flag == "revealed";
    let fits = if revealed {
        pattern.unknown(colour) > 0
    } else {
        pattern.known(colour) > 0
    };
    if !fits {
        let what = if revealed { "unknown" } else { "known" };
        return Err(bad(format!(
            "a rank in pattern {pattern} has no {what} {colour} card"
        )));
    }
    Ok(if revealed {
        ZebraFirstCard::Revealed(pattern, colour)
    } else {
        ZebraFirstCard::Held(pattern, colour)
    })
}

/// Answers a Zebra request.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn solve(request: &Request) -> anyhow::Result<Answer> {
    let state = state_of(request)?;
    let refused = |e: crate::solver::zebra::ZebraError| usage(e.to_string());
    let (objective, pass_rule) = (request.objective, request.pass_rule);
    let mut solver: ZebraSolver<f64> = ZebraSolver::new(objective, pass_rule);
    let actions = solver.actions(&state).map_err(refused)?;
    let exact = if request.exact {
        let mut exact: ZebraSolver<BigRational> =
            ZebraSolver::new(objective, pass_rule).with_limit(crate::solver::EXACT_LIMIT);
        Some(exact.actions(&state).map_err(refused)?)
    } else {
        None
    };
    let point = match state.first {
        None => "turn start".to_owned(),
        Some(ZebraFirstCard::Revealed(p, c)) => {
            format!("after revealing a {c} card of a {p} rank")
        }
        Some(ZebraFirstCard::Held(p, c)) => format!("after turning a known {c} card of a {p} rank"),
    };
    Ok(Answer {
        report: report::report(objective, &actions, exact.as_deref(), solver.states()),
        objective,
        head: super::head(request, &state.position.to_string(), &point),
        width: 22,
    })
}
