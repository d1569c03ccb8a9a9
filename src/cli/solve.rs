//! `concentration solve`: the analysis contract of the model.

use clap::Args;

use crate::analysis::report::{self, FirstKind, Progress, Request};
use crate::rules::{Deck, Objective, PassRule};

/// Values of a position and of every action at its decision point.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  concentration solve --deck 13x4\n  concentration solve --deck 3x2 --pass-rule none --position \"2.2x2 2.1x1\" --revealed 2.2 --exact --json\n  concentration solve --deck 26x2 --objective moves --position \"2.2x20 2.1x6\""
)]
pub struct SolveArgs {
    /// Deck: LxC (e.g. 13x4), standard, standard-rank, standard-jokers, double or pairs:N
    #[arg(long, default_value = "standard")]
    deck: Deck,
    /// What the mover plays for: win, margin or moves
    #[arg(long, default_value = "win")]
    objective: Objective,
    /// agreed, ko, quit, withdraw or none
    #[arg(long = "pass-rule", default_value = "agreed")]
    pass_rule: PassRule,
    /// Patterns on the table, "R.UxN ..." (default: the start)
    #[arg(long)]
    position: Option<String>,
    /// Mover's pairs minus the opponent's
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    diff: i64,
    /// The previous turn was a pass
    #[arg(long)]
    after_pass: bool,
    /// The first card was unknown; its label had pattern R.U before the flip
    #[arg(long, conflicts_with = "held", value_name = "R.U")]
    revealed: Option<String>,
    /// The first card was a known card of a label in pattern R.U
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

/// Runs `solve`.
///
/// # Errors
/// A bad request (status 2).
pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let first = match (&args.revealed, &args.held) {
        (Some(p), _) => Some((FirstKind::Revealed, p.clone())),
        (_, Some(p)) => Some((FirstKind::Held, p.clone())),
        _ => None,
    };
    let request = Request {
        deck: args.deck.clone(),
        objective: args.objective,
        pass_rule: args.pass_rule,
        position: args.position.clone(),
        diff: args.diff,
        after_pass: args.after_pass,
        first,
        exact: args.exact,
    };
    let report = report::solve_with_progress(&request, show_progress)
        .map_err(|e| super::usage(e.to_string()))?;
    clear_progress();
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    let state = report::state_of(&request).map_err(|e| super::usage(e.to_string()))?;
    let point = match &request.first {
        None => "turn start".to_owned(),
        Some((FirstKind::Revealed, p)) => format!("after revealing a card of a {p} label"),
        Some((FirstKind::Held, p)) => format!("after turning a known card of a {p} label"),
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
        Objective::Margin => format!("{v:+.6} pairs"),
        Objective::Moves => format!("{v:.6} moves"),
    };
    println!(
        "value {}{}",
        unit(report.value),
        report
            .exact
            .as_ref()
            .map(|e| format!(" = {e}"))
            .unwrap_or_default()
    );
    for a in &report.actions {
        let best = if report.best.contains(&a.action) {
            "  best"
        } else {
            ""
        };
        let exact = a
            .exact
            .as_ref()
            .map(|e| format!(" = {e}"))
            .unwrap_or_default();
        println!("  {:<12} {}{exact}{best}", a.action, unit(a.value));
    }
    Ok(())
}

/// Solves this large show a progress bar on a terminal.
const PROGRESS_FROM: f64 = 2e7;
/// Exact solitaire values from this many pairs show one (e(2000, 0) takes about a second).
const EXACT_MOVES_PROGRESS_FROM: usize = 2000;

/// A progress bar on standard error, only when it is a terminal and the solve is large.
fn show_progress(progress: Progress) {
    use std::io::{IsTerminal, Write};
    let (share, what) = match progress {
        Progress::States(done, total) if total >= PROGRESS_FROM => {
            #[allow(clippy::cast_precision_loss)]
            let share = done as f64 / total;
            (share, format!("{done} states"))
        }
        Progress::ExactMoves { share, pairs } if pairs >= EXACT_MOVES_PROGRESS_FROM => {
            (share, format!("exact e(n,k), {pairs} pairs"))
        }
        _ => return,
    };
    if !std::io::stderr().is_terminal() {
        return;
    }
    let share = share.clamp(0.0, 0.99);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let filled = (share * 40.0) as usize;
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\rsolving [{}{}] {:>3.0}%  {what}",
        "#".repeat(filled),
        " ".repeat(40 - filled),
        share * 100.0
    );
    let _ = err.flush();
}

/// Clears the progress bar line, if one was drawn.
fn clear_progress() {
    use std::io::{IsTerminal, Write};
    if std::io::stderr().is_terminal() {
        let mut err = std::io::stderr();
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
    }
}
