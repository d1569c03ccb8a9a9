//! `concentration solve --deck standard-rank-jokers`: the analysis contract of
//! docs/variants.md for jokers that count double (positions `R.UxN ... J2.U`, first cards
//! `R.U` of a rank or `J2.U` of the jokers); the request and the printing are `solve`'s.

use num_rational::BigRational;

use super::{Answer, SolveArgs};
use crate::analysis::report::{self, FirstKind, Request};
use crate::cli::usage;
use crate::rules::Objective;
use crate::solver::jokers::{
    Class, JokersError, JokersFirst, JokersPosition, JokersSolver, JokersState,
};
use crate::solver::parse_pattern;

/// Most ranks an exact (rational) solve takes: its card states grow fast.
const EXACT_RANKS: u64 = 4;

/// The objective of a jokers request, refusing the options it is not solved for.
///
/// # Errors
/// Seats, passes or own-pairs (status 2).
pub(super) fn objective(args: &SolveArgs) -> anyhow::Result<Objective> {
    super::two_seats_only(args, "standard-rank-jokers")?;
    super::two_seat_objective(args)
}

/// Validates a request into a jokers state; the error names the bad part.
fn state_of(request: &Request) -> anyhow::Result<JokersState> {
    if request.objective == Objective::Moves {
        return Err(usage(format!("--objective moves: {}", JokersError::Moves)));
    }
    crate::rules::check_combination(request.objective, request.pass_rule)
        .map_err(|e| usage(e.to_string()))?;
    let position = match &request.position {
        Some(text) => JokersPosition::parse(text, &request.deck)
            .map_err(|e| usage(format!("--position: {e}")))?,
        None => JokersPosition::start(request.deck.labels() - 1),
    };
    report::check_diff(&request.deck, position.points(), request.diff)
        .map_err(|e| usage(e.to_string()))?;
    let known_labels = position
        .ranks
        .iter()
        .filter(|(p, _)| p.known() > 0)
        .map(|(_, n)| n)
        .sum::<u32>()
        + u32::from(position.joker.is_some_and(|p| p.known() > 0));
    if request.after_pass && known_labels < 2 {
        return Err(usage(
            "--after-pass is impossible here: a pass needs known cards of two labels",
        ));
    }
    let first = match &request.first {
        Some((kind, text)) => Some(first_card(*kind, text, &position)?),
        None => None,
    };
    Ok(JokersState {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// Parses `--revealed`/`--held` `R.U` (a rank) or `J2.U` (the jokers) and checks it fits
/// the position.
fn first_card(
    kind: FirstKind,
    text: &str,
    position: &JokersPosition,
) -> anyhow::Result<JokersFirst> {
    let flag = match kind {
        FirstKind::Revealed => "revealed",
        FirstKind::Held => "held",
    };
    let bad = |m: String| usage(format!("--{flag} {text}: {m}"));
    let class = match text.strip_prefix(['J', 'j']) {
        Some(p) => Class::Joker(parse_pattern(p, 2).map_err(|e| bad(e.to_string()))?),
        None => Class::Rank(parse_pattern(text, 4).map_err(|e| bad(e.to_string()))?),
    };
    if position.count(class) == 0 {
        return Err(bad(format!("no label of {class} is on the table")));
    }
    let p = class.pattern();
    let fits = match kind {
        FirstKind::Revealed => p.unknown > 0,
        FirstKind::Held => p.known() > 0,
    };
    if !fits {
        return Err(bad(format!(
            "a label of {class} has no card that could be {flag}"
        )));
    }
    Ok(match kind {
        FirstKind::Revealed => JokersFirst::Revealed(class),
        FirstKind::Held => JokersFirst::Held(class),
    })
}

/// Answers a jokers request.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn solve(request: &Request) -> anyhow::Result<Answer> {
    let state = state_of(request)?;
    let refused = |e: JokersError| usage(e.to_string());
    let (objective, pass_rule, variant) = (request.objective, request.pass_rule, request.variant);
    let mut solver: JokersSolver<f64> =
        JokersSolver::new(objective, pass_rule, variant).map_err(refused)?;
    let actions = solver.actions(&state).map_err(refused)?;
    let exact = if request.exact {
        if state.position.ranks.labels() > EXACT_RANKS {
            return Err(usage(format!(
                "--exact: at most {EXACT_RANKS} ranks with the jokers (give a smaller --position)"
            )));
        }
        let mut exact: JokersSolver<BigRational> =
            JokersSolver::new(objective, pass_rule, variant).map_err(refused)?;
        Some(exact.actions(&state).map_err(refused)?)
    } else {
        None
    };
    let point = match state.first {
        None => "turn start".to_owned(),
        Some(JokersFirst::Revealed(c)) => format!("after revealing a card of {c}"),
        Some(JokersFirst::Held(c)) => format!("after turning a known card of {c}"),
    };
    Ok(Answer {
        report: report::report(objective, &actions, exact.as_deref(), solver.card_states()),
        objective,
        head: super::head(request, &state.position.to_string(), &point),
        width: 14,
    })
}
