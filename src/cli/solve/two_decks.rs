//! `concentration solve --variant duel|duel-leader`: the analysis contract of
//! docs/variants.md for the Two Decks Duel (positions `N/L/A/B` from the leader's side, the
//! leader's card `--revealed N|A` or `--held L|B`); the request and the printing are
//! `solve`'s own.

use num_rational::BigRational;

use super::{Answer, SolveArgs};
use crate::analysis::report::{self, FirstKind, Request};
use crate::cli::usage;
use crate::rules::{Objective, Taker};
use crate::solver::two_decks::{DuelError, DuelFirst, DuelPosition, DuelSolver, DuelState, Seen};

/// The objective of a Duel request, refusing the options the duel is not played with.
///
/// # Errors
/// Seats, passes, own-pairs or moves (status 2).
pub(super) fn objective(args: &SolveArgs) -> anyhow::Result<Objective> {
    if args.players.is_some_and(|m| m != 2) || args.passes.is_some() {
        return Err(usage(
            "--variant duel is played by two, a side each (win or margin): drop --players and --passes",
        ));
    }
    match args.objective {
        None => Ok(Objective::Win),
        Some(super::seats::ObjectiveArg::Model(Objective::Moves)) => {
            Err(usage(format!("--objective moves: {}", DuelError::Moves)))
        }
        Some(super::seats::ObjectiveArg::Model(o)) => Ok(o),
        Some(super::seats::ObjectiveArg::OwnPairs) => Err(usage(
            "--objective own-pairs: the duel is played by two (win or margin)",
        )),
    }
}

/// Validates a request into a Duel state; the error names the bad part.
fn state_of(request: &Request) -> anyhow::Result<DuelState> {
    crate::rules::check_combination(request.objective, request.pass_rule)
        .map_err(|e| usage(e.to_string()))?;
    let pairs = crate::cli::duel_side(&request.deck)?;
    let position = match &request.position {
        Some(text) => text
            .parse::<DuelPosition>()
            .map_err(|e| usage(format!("--position: {e}")))?,
        None => DuelPosition::start(pairs),
    };
    if position.pairs() == 0 || position.pairs() > pairs {
        return Err(usage(format!(
            "--position {position}: needs 1 to {pairs} labels on the table (a side of {} holds {pairs})",
            request.deck
        )));
    }
    report::check_diff(&request.deck, u64::from(position.pairs()), request.diff)
        .map_err(|e| usage(e.to_string()))?;
    if request.after_pass && !pass_possible(position) {
        return Err(usage(
            "--after-pass is impossible here: a pass needs a seen card on each side, of two labels",
        ));
    }
    let first = match &request.first {
        Some((FirstKind::Revealed, text)) => Some(first_card("revealed", text, position)?),
        Some((FirstKind::Held, text)) => Some(first_card("held", text, position)?),
        None => None,
    };
    Ok(DuelState {
        position,
        diff: request.diff,
        after_pass: request.after_pass,
        first,
    })
}

/// Whether the turn before could have been a pass: its leader (now the answerer) turned a
/// seen card, its answerer (now the leader) a seen card of another label.
fn pass_possible(p: DuelPosition) -> bool {
    p.answerer + p.both >= 1 && p.leader + p.both >= 1 && p.answerer + p.leader + p.both >= 2
}

/// Parses `--revealed N|A` or `--held L|B` and checks it fits the position.
fn first_card(flag: &str, text: &str, position: DuelPosition) -> anyhow::Result<DuelFirst> {
    let bad = |m: &str| usage(format!("--{flag} {text}: {m}"));
    let pile =
        Seen::from_letter(text.trim()).ok_or_else(|| bad("expected a pile, N, L, A or B"))?;
    let first = match (flag, pile) {
        ("revealed", Seen::Neither | Seen::Answerer) => DuelFirst::Revealed(pile),
        ("revealed", _) => return Err(bad("an unknown card of the leader's is in pile N or A")),
        (_, Seen::Leader | Seen::Both) => DuelFirst::Held(pile),
        _ => return Err(bad("a seen card of the leader's is in pile L or B")),
    };
    if position.count(pile) == 0 {
        return Err(bad(&format!(
            "no label is in pile {} of {position}",
            pile.letter()
        )));
    }
    Ok(first)
}

/// Answers a Duel request.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn solve(request: &Request, taker: Taker) -> anyhow::Result<Answer> {
    let state = state_of(request)?;
    let refused = |e: DuelError| usage(e.to_string());
    let (objective, pass_rule) = (request.objective, request.pass_rule);
    let mut solver: DuelSolver<f64> = DuelSolver::new(objective, pass_rule, taker);
    let actions = solver.actions(&state).map_err(refused)?;
    let exact = if request.exact {
        let mut exact: DuelSolver<BigRational> =
            DuelSolver::new(objective, pass_rule, taker).with_limit(crate::solver::EXACT_LIMIT);
        Some(exact.actions(&state).map_err(refused)?)
    } else {
        None
    };
    let point = match state.first {
        None => "turn start: the leader moves".to_owned(),
        Some(DuelFirst::Revealed(p)) => format!(
            "the leader revealed a card of pile {}: the answerer moves",
            p.letter()
        ),
        Some(DuelFirst::Held(p)) => format!(
            "the leader turned a seen card of pile {}: the answerer moves",
            p.letter()
        ),
    };
    Ok(Answer {
        report: report::report(objective, &actions, exact.as_deref(), solver.states()),
        objective,
        head: super::head(request, &state.position.to_string(), &point),
        width: 10,
    })
}
