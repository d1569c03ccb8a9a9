//! `concentration solve --deck zebra|zebra:L`: the analysis contract of docs/variants.md for
//! Zebra (positions `RR.UR/RB.UBxN`, first cards `P:red|P:black`).

use num_rational::BigRational;

use crate::analysis::report::{self, ActionValue, Report, RequestError};
use crate::rules::{Deck, Objective, PassRule, Variant};
use crate::solver::Scalar;
use crate::solver::zebra::{
    ZebraAction, ZebraColour, ZebraFirstCard, ZebraPosition, ZebraSolver, ZebraState,
    parse_zebra_pattern,
};

/// The `solve` options as given, for a Zebra deck.
#[derive(Debug)]
struct ZebraArgs<'a> {
    /// The deck (a Zebra deck).
    pub deck: &'a Deck,
    /// What the mover plays for.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
    /// `--position`.
    pub position: Option<&'a str>,
    /// `--diff`.
    pub diff: i64,
    /// `--after-pass`.
    pub after_pass: bool,
    /// `--revealed P:colour`.
    pub revealed: Option<&'a str>,
    /// `--held P:colour`.
    pub held: Option<&'a str>,
    /// `--exact`.
    pub exact: bool,
    /// `--json`.
    pub json: bool,
}

/// Validates the options into a Zebra state; the error names the bad part.
fn state_of(args: &ZebraArgs<'_>) -> anyhow::Result<ZebraState> {
    let bad = |m: String| crate::cli::usage(m);
    if args.objective == Objective::Moves {
        return Err(bad(format!(
            "--objective moves: {}",
            crate::solver::zebra::ZebraError::Moves
        )));
    }
    crate::rules::check_combination(args.objective, args.pass_rule)
        .map_err(|e| bad(e.to_string()))?;
    let ranks = args.deck.labels();
    let position = match args.position {
        Some(text) => {
            ZebraPosition::parse(text, ranks).map_err(|e| bad(format!("--position: {e}")))?
        }
        None => ZebraPosition::start(ranks),
    };
    let taken = u64::from(args.deck.pairs()) - position.pairs().min(u64::from(args.deck.pairs()));
    if args.diff.unsigned_abs() > taken || !(args.diff.unsigned_abs() + taken).is_multiple_of(2) {
        let e = RequestError::Diff {
            diff: args.diff,
            taken,
        };
        return Err(bad(e.to_string()));
    }
    // A pass shows two known cards that are no pair: of two ranks, or twins.
    let twins = position
        .iter()
        .any(|(p, _)| ZebraColour::BOTH.iter().any(|&c| p.known(c) >= 2));
    if args.after_pass && position.known_ranks() < 2 && !twins {
        return Err(bad(
            "--after-pass is impossible here: a pass needs two known cards that are no pair"
                .to_owned(),
        ));
    }
    let first = match (args.revealed, args.held) {
        (Some(text), _) => Some(first_card("revealed", text, &position)?),
        (_, Some(text)) => Some(first_card("held", text, &position)?),
        _ => None,
    };
    Ok(ZebraState {
        position,
        diff: args.diff,
        after_pass: args.after_pass,
        first,
    })
}

/// Parses `--revealed`/`--held` `P:red|P:black` and checks it fits the position.
fn first_card(flag: &str, text: &str, position: &ZebraPosition) -> anyhow::Result<ZebraFirstCard> {
    let bad = |m: String| crate::cli::usage(format!("--{flag} {text}: {m}"));
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

/// Runs `solve` on a Zebra deck: refuses the options Zebra is not solved for, then
/// answers.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn run(args: &super::SolveArgs) -> anyhow::Result<()> {
    if args.players.is_some_and(|m| m != 2) || args.passes.is_some() {
        return Err(crate::cli::usage(
            "--deck zebra is solved for two players (win or margin): drop --players and --passes",
        ));
    }
    if args.variant != Variant::Standard {
        return Err(crate::cli::usage(format!(
            "--variant {} is not solved on Zebra decks: a pair taken goes again there",
            args.variant
        )));
    }
    let objective = match args.objective {
        None => Objective::Win,
        Some(super::seats::ObjectiveArg::Model(o)) => o,
        Some(super::seats::ObjectiveArg::OwnPairs) => {
            return Err(crate::cli::usage(
                "--objective own-pairs needs --players 3 or more, on an LxC deck",
            ));
        }
    };
    solve(&ZebraArgs {
        deck: &args.deck,
        objective,
        pass_rule: args.pass_rule,
        position: args.position.as_deref(),
        diff: args.diff,
        after_pass: args.after_pass,
        revealed: args.revealed.as_deref(),
        held: args.held.as_deref(),
        exact: args.exact,
        json: args.json,
    })
}

/// Answers a Zebra request whose options fit.
fn solve(args: &ZebraArgs<'_>) -> anyhow::Result<()> {
    let state = state_of(args)?;
    let refused = |e: crate::solver::zebra::ZebraError| crate::cli::usage(e.to_string());
    let mut solver: ZebraSolver<f64> = ZebraSolver::new(args.objective, args.pass_rule);
    let actions = solver.actions(&state).map_err(refused)?;
    let exact = if args.exact {
        let mut exact: ZebraSolver<BigRational> =
            ZebraSolver::new(args.objective, args.pass_rule).with_limit(crate::solver::EXACT_LIMIT);
        Some(exact.actions(&state).map_err(refused)?)
    } else {
        None
    };
    let out = zebra_report(args.objective, &actions, exact.as_deref(), solver.states());
    if args.json {
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    let point = match state.first {
        None => "turn start".to_owned(),
        Some(ZebraFirstCard::Revealed(p, c)) => {
            format!("after revealing a {c} card of a {p} rank")
        }
        Some(ZebraFirstCard::Held(p, c)) => format!("after turning a known {c} card of a {p} rank"),
    };
    println!(
        "{} | {} | {} | position {} | diff {}{} | {point}",
        args.deck,
        args.objective,
        args.pass_rule,
        state.position,
        args.diff,
        if args.after_pass {
            " | after a pass"
        } else {
            ""
        },
    );
    let unit = |v: f64| match args.objective {
        Objective::Win => format!("{:.4}%", v * 100.0),
        _ => format!("{v:+.6} pairs"),
    };
    let exact_text = |e: &Option<String>| e.as_ref().map(|e| format!(" = {e}")).unwrap_or_default();
    println!("value {}{}", unit(out.value), exact_text(&out.exact));
    for a in &out.actions {
        let best = if out.best.contains(&a.action) {
            "  best"
        } else {
            ""
        };
        println!(
            "  {:<22} {}{}{best}",
            a.action,
            unit(a.value),
            exact_text(&a.exact)
        );
    }
    Ok(())
}

/// The contract's object from action values (and exact ones, in the same order).
fn zebra_report(
    objective: Objective,
    actions: &[(ZebraAction, f64)],
    exact: Option<&[(ZebraAction, BigRational)]>,
    states: usize,
) -> Report {
    let top =
        crate::solver::best_of(objective, actions.iter().map(|&(_, v)| v)).unwrap_or(f64::NAN);
    let exact_top =
        exact.and_then(|e| crate::solver::best_of(objective, e.iter().map(|(_, v)| v.clone())));
    let best = match (exact, &exact_top) {
        (Some(e), Some(t)) => e
            .iter()
            .filter(|(_, v)| v == t)
            .map(|(a, _)| a.to_string())
            .collect(),
        _ => actions
            .iter()
            .filter(|(_, v)| v.ties(&top))
            .map(|(a, _)| a.to_string())
            .collect(),
    };
    Report {
        value: exact_top.as_ref().map_or(top, Scalar::to_f64),
        exact: exact_top.as_ref().map(report::ratio),
        actions: actions
            .iter()
            .enumerate()
            .map(|(i, (a, v))| ActionValue {
                action: a.to_string(),
                value: exact.map_or(*v, |e| e[i].1.to_f64()),
                exact: exact.map(|e| report::ratio(&e[i].1)),
            })
            .collect(),
        best,
        states,
    }
}
