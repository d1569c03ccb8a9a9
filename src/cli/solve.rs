//! `concentration solve`: the analysis contract of the model.

use clap::Args;

mod checker;
mod jokers;
mod seats;
mod two_decks;
mod zebra;

use crate::analysis::report::{self, FirstKind, Progress, Request, Shown};
use crate::analysis::seats_report::SeatsRequest;
use crate::model::RuleSet;
use crate::rules::{Deck, Objective, PassRule, Variant};

/// Values of a position and of every action at its decision point.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration solve --deck 13x4\n  concentration solve --deck 3x2 --pass-rule none --position \"2.2x2 2.1x1\" --revealed 2.2 --exact --json\n  concentration solve --deck 26x2 --objective moves --position \"2.2x20 2.1x6\"\n  concentration solve --players 3 --objective own-pairs --deck 3x4 --pass-rule none --exact\n  concentration solve --deck 4x4 --variant one-flip --exact\n  concentration solve --deck zebra:4 --pass-rule none --position \"2.2/2.1x1 2.2/2.2x3\" --held 2.2/2.1:black --exact\n  concentration solve --deck double-checker:3 --position \"2.2x2 2.1rx1\" --revealed 2.2:blue --exact\n  concentration solve --variant duel --deck double\n  concentration solve --variant duel --deck pairs:4 --position 1/1/1/0 --diff 1 --held L --exact"
)]
pub(super) struct SolveArgs {
    /// Deck: LxC (e.g. 13x4), standard, standard-rank, standard-jokers, standard-rank-jokers, double, double-checker[:N], pairs:N, zebra or zebra:L
    #[arg(long, default_value = "standard")]
    deck: Deck,
    /// What the mover plays for: win (the default), margin or moves; own-pairs with --players
    #[arg(long)]
    objective: Option<seats::ObjectiveArg>,
    /// Players at the table, 2 to 6 (3 or more: --objective own-pairs, the default there)
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u8).range(2..=6))]
    players: Option<u8>,
    /// Passes in a row just before this turn, 0 to M-1 (own-pairs under agreed)
    #[arg(long, value_name = "K")]
    passes: Option<u8>,
    /// agreed, ko, quit, withdraw or none
    #[arg(long = "pass-rule", default_value = "agreed")]
    pass_rule: PassRule,
    /// How turns go: standard (a pair taken goes again), one-flip (the turn passes), duel
    /// or duel-leader (a deck each; the answerer, or the leader, takes the pair)
    #[arg(long, default_value = "standard")]
    variant: Variant,
    /// Patterns on the table, "R.UxN ..." (Zebra: "RR.UR/RB.UBxN ..."; double-checker: 2.2, 2.1r, 2.1b, 2.0; duel: "N/L/A/B"; default: the start)
    #[arg(long)]
    position: Option<String>,
    /// Mover's pairs minus the opponent's
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    diff: i64,
    /// The previous turn was a pass
    #[arg(long)]
    after_pass: bool,
    /// The first card was unknown; its label had pattern R.U before the flip (Zebra: P:red|P:black; double-checker: P:red|P:blue)
    #[arg(long, conflicts_with = "held", value_name = "R.U")]
    revealed: Option<String>,
    /// The first card was a known card of a label in pattern R.U (Zebra: P:red|P:black; double-checker: 2.1r, 2.1b or 2.0)
    #[arg(long, value_name = "R.U")]
    held: Option<String>,
    /// Also compute exact rational values (small positions; moves on LxC with C = 2 up
    /// to 20000 pairs)
    #[arg(long)]
    exact: bool,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// Runs `solve`: the request read once, answered by the table's rule set, printed once.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let rules = RuleSet::of(&args.deck, 2);
    let duel = args.variant.duel();
    let route = match (duel, rules) {
        (Some(_), _) => seats::Route::Model(two_decks::objective(args)?),
        (None, RuleSet::Zebra) => seats::Route::Model(zebra::objective(args)?),
        (None, RuleSet::Jokers) => seats::Route::Model(jokers::objective(args)?),
        (None, RuleSet::Checker) => seats::Route::Model(checker::objective(args)?),
        // `RuleSet::of` tells decks, never the Duel's turn (that is `duel` above).
        (None, RuleSet::Standard | RuleSet::OwnPairs | RuleSet::Duel) => seats::route(args)?,
    };
    // Own-pairs values future pairs: its objective is the own-pairs table's own.
    let objective = match route {
        seats::Route::Model(objective) => objective,
        seats::Route::Seats(..) => Objective::Margin,
    };
    let first = match (&args.revealed, &args.held) {
        (Some(p), _) => Some((FirstKind::Revealed, p.clone())),
        (_, Some(p)) => Some((FirstKind::Held, p.clone())),
        _ => None,
    };
    let request = Request {
        deck: args.deck.clone(),
        objective,
        pass_rule: args.pass_rule,
        variant: args.variant,
        position: args.position.clone(),
        diff: args.diff,
        after_pass: args.after_pass,
        first,
        exact: args.exact,
    };
    if let seats::Route::Seats(seats, passes) = route {
        let request = SeatsRequest {
            request,
            seats,
            passes,
        };
        return show(&seats::solve(&request)?, args.json);
    }
    let answer = match (duel, rules) {
        (Some(taker), _) => two_decks::solve(&request, taker)?,
        (None, RuleSet::Zebra) => zebra::solve(&request)?,
        (None, RuleSet::Jokers) => jokers::solve(&request)?,
        (None, RuleSet::Checker) => checker::solve(&request)?,
        (None, RuleSet::Standard | RuleSet::OwnPairs | RuleSet::Duel) => standard(&request)?,
    };
    show(&answer, args.json)
}

/// Refuses seats and passes on a deck solved for two players only (Zebra, the
/// checkerboard, the jokers), the deck named as `deck`.
///
/// # Errors
/// `--players` other than 2, or `--passes` (status 2).
fn two_seats_only(args: &SolveArgs, deck: &str) -> anyhow::Result<()> {
    if args.players.is_some_and(|m| m != 2) || args.passes.is_some() {
        return Err(super::usage(format!(
            "--deck {deck} is solved for two players (win or margin): drop --players and --passes"
        )));
    }
    Ok(())
}

/// The objective of a two-player request: `win` unless one is given; own-pairs refused.
///
/// # Errors
/// `--objective own-pairs` (status 2).
fn two_seat_objective(args: &SolveArgs) -> anyhow::Result<Objective> {
    match args.objective {
        None => Ok(Objective::Win),
        Some(seats::ObjectiveArg::Model(o)) => Ok(o),
        Some(seats::ObjectiveArg::OwnPairs) => Err(super::usage(
            "--objective own-pairs needs --players 3 or more, on an LxC deck",
        )),
    }
}

/// A rule set's answer to a request: the report, and the words around it.
struct Answer<V: Shown = f64> {
    report: report::Report<V>,
    /// The objective, for the values' unit.
    objective: Objective,
    /// The header: the table, the position, the score and the decision point.
    head: String,
    /// The width of the action column.
    width: usize,
}

/// The standard game's answer (and One Flip's).
fn standard(request: &Request) -> anyhow::Result<Answer> {
    // Shown only on a terminal and once the solve has taken half a second.
    let (bar, share) = super::progress::Progress::share("solving");
    let report = report::solve_with_progress(request, move |p| {
        let (done, what) = progress_words(&p);
        share.set(done, &what);
    })
    .map_err(|e| super::usage(e.to_string()))?;
    drop(bar);
    let state = report::state_of(request).map_err(|e| super::usage(e.to_string()))?;
    Ok(Answer {
        report,
        objective: request.objective,
        head: head(request, &state.position.to_string(), &point(request)),
        width: 12,
    })
}

/// The decision point of a request on the standard patterns, in words.
fn point(request: &Request) -> String {
    match &request.first {
        None => "turn start".to_owned(),
        Some((FirstKind::Revealed, p)) => format!("after revealing a card of a {p} label"),
        Some((FirstKind::Held, p)) => format!("after turning a known card of a {p} label"),
    }
}

/// The header of a two-seat answer, with the position and decision point in the rule
/// set's notation.
fn head(request: &Request, position: &str, point: &str) -> String {
    // The standard game's line stays as it was; a variant is named after the pass rule.
    let variant = match request.variant {
        Variant::Standard => String::new(),
        other => format!(" | {other}"),
    };
    let after_pass = if request.after_pass {
        " | after a pass"
    } else {
        ""
    };
    format!(
        "{} | {} | {}{variant} | position {position} | diff {}{after_pass} | {point}\n",
        request.deck, request.objective, request.pass_rule, request.diff,
    )
}

/// Prints an answer: one JSON object, or in words a header, the value, then every action.
fn show<V: Shown>(answer: &Answer<V>, json: bool) -> anyhow::Result<()> {
    let report = &answer.report;
    if json {
        println!("{}", serde_json::to_string(report)?);
        return Ok(());
    }
    let words = |v: &V, e: &Option<V::Exact>| {
        let exact = e.as_ref().map(|e| format!(" = {}", V::exact_words(e)));
        v.words(answer.objective) + &exact.unwrap_or_default()
    };
    print!("{}", answer.head);
    println!("value {}", words(&report.value, &report.exact));
    for a in &report.actions {
        let mark = if report.chosen.as_ref() == Some(&a.action) {
            "  best, chosen"
        } else if report.best.contains(&a.action) {
            "  best"
        } else {
            ""
        };
        let width = answer.width;
        println!("  {:<width$} {}{mark}", a.action, words(&a.value, &a.exact));
    }
    Ok(())
}

/// The message beside the bar for one report of the solver's progress.
fn progress_words(progress: &Progress) -> (f64, String) {
    match *progress {
        Progress::States(done, total) => {
            let share = done as f64 / total.max(1.0);
            (share, format!("solving: {done} states"))
        }
        Progress::ExactMoves { share, pairs } => {
            (share, format!("solving exact e(n,k), {pairs} pairs"))
        }
    }
}
