//! `duel --players optimal,usual,usual`: every seat's expected pairs (own-pairs), exact,
//! or estimated from simulated games with `--games`.

use std::sync::{Arc, Mutex};

use super::DuelArgs;
use crate::analysis::duel::{self, Estimate};
use crate::analysis::seats_duel::{DuelAi, seats_duel};
use crate::model::{Oracle, OwnPairs, Standard};
use crate::players::{AiKind, SeatAi};
use crate::record::RecordSeat;
use crate::rules::{GameResult, Objective, Table, Variant};
use crate::seats::{SeatKind, Seats};
use crate::solver::{PLAY_LIMIT, Position, SeatsSolver, estimate_seats_values};

/// Runs a duel of 2 to 6 seats.
///
/// # Errors
/// A bad seat list, a pass rule the seats solver does not play, or a deck too large
/// (status 2).
pub(super) fn run(args: &DuelArgs, list: &str) -> anyhow::Result<()> {
    match args.games {
        None => exact(args, list),
        Some(games) => simulated(args, list, games),
    }
}

fn usage(e: impl std::fmt::Display) -> anyhow::Error {
    crate::cli::usage(format!("--players: {e}"))
}

/// The AIs of `seats`, refusing a person.
fn ais<K: crate::seats::AiKind>(seats: &Seats<K>) -> anyhow::Result<Vec<K>> {
    seats
        .iter()
        .map(|seat| match seat.kind {
            SeatKind::Ai(ai) => Ok(ai),
            SeatKind::Person => Err(usage(format!(
                "'{}' is not an AI: a duel seats AIs only",
                seat.name
            ))),
        })
        .collect()
}

fn exact(args: &DuelArgs, list: &str) -> anyhow::Result<()> {
    let seats: Seats<DuelAi> = Seats::parse(list).map_err(usage)?;
    let kinds = ais(&seats)?;
    if args.variant != Variant::Standard {
        return Err(crate::cli::usage(format!(
            "--variant {}: the own-pairs solver plays the standard turn only (simulate a table without optimal seats with --games)",
            args.variant
        )));
    }
    let value = seats_duel(&args.deck, args.pass_rule, &kinds)
        .map_err(|e| crate::cli::usage(e.to_string()))?;
    print(args, &seats, &value, None);
    Ok(())
}

fn simulated(args: &DuelArgs, list: &str, games: u64) -> anyhow::Result<()> {
    let seats: Seats<AiKind> = Seats::parse(list).map_err(usage)?;
    let kinds = ais(&seats)?;
    let table = Table {
        seats: u8::try_from(kinds.len()).expect("at most six seats"),
        pass_rule: args.pass_rule,
        variant: args.variant,
    }
    .check()
    .map_err(|e| crate::cli::usage(e.to_string()))?;
    args.deck
        .check_playable()
        .map_err(|e| crate::cli::usage(e.to_string()))?;
    let solver = if kinds.contains(&AiKind::Optimal) {
        Some(own_pairs_solver(args, table)?)
    } else {
        None
    };
    let mut ais: Vec<SeatAi> = kinds
        .iter()
        .map(|&kind| match &solver {
            Some(solver) => SeatAi::new::<OwnPairs>(kind, 0, || Some(Box::new(Arc::clone(solver))))
                .expect("the solver is ready"),
            None => SeatAi::new::<Standard>(kind, 0, || None).expect("only optimal needs a solver"),
        })
        .collect();
    // Each game saved with its seats' names and kinds, as a table's record holds them
    // (three or more seats write `own-pairs`); every seat's mean pairs.
    let pairs = (0.0, f64::from(args.deck.pairs()));
    let each = |over: &GameResult| over.pairs.iter().map(|&n| f64::from(n)).collect();
    let seated = RecordSeat::table(&seats);
    let estimates = super::recorded(args, games, &seated, Objective::Margin, |on_game| {
        duel::series(
            &args.deck, table, &mut ais, games, args.seed, pairs, each, on_game,
        )
    })?;
    let value: Vec<f64> = estimates.iter().map(|e| e.mean).collect();
    print(args, &seats, &value, Some((games, &estimates)));
    Ok(())
}

/// Prints every seat's pairs in turn order: expected (exact), or their mean over `games`
/// simulated games with its 95% interval.
fn print<K: crate::seats::AiKind>(
    args: &DuelArgs,
    seats: &Seats<K>,
    value: &[f64],
    sim: Option<(u64, &[Estimate])>,
) {
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    if args.json {
        let mut json = serde_json::json!({ "seats": names, "value": value });
        if let Some((games, estimates)) = sim {
            let field = |f: fn(&Estimate) -> f64| estimates.iter().map(f).collect::<Vec<_>>();
            json["low"] = field(|e| e.low).into();
            json["high"] = field(|e| e.high).into();
            json["games"] = games.into();
        }
        println!("{json}");
        return;
    }
    let each: Vec<String> = (names.iter().zip(value).enumerate())
        .map(|(i, (n, v))| match sim {
            None => format!("{n} {v:.4}"),
            Some((_, e)) => format!("{n} {v:.4} [{:.4}, {:.4}]", e[i].low, e[i].high),
        })
        .collect();
    let what = match sim {
        None => "expected pairs".to_owned(),
        Some((games, _)) => format!("mean pairs over {games} games (95% interval)"),
    };
    let variant = match args.variant {
        Variant::Standard => String::new(),
        other => format!(" | {other}"),
    };
    println!(
        "{} | own-pairs | {}{variant} | {what}, in turn order: {}",
        args.deck,
        args.pass_rule,
        each.join(", ")
    );
}

/// The own-pairs solver the optimal seats share, solved from the start.
fn own_pairs_solver(args: &DuelArgs, table: Table) -> anyhow::Result<Arc<Mutex<SeatsSolver>>> {
    if table.variant != Variant::Standard {
        return Err(crate::cli::usage(format!(
            "--variant {}: the optimal AI at a table of seats plays the standard turn only; seat usual or forgetful AIs",
            table.variant
        )));
    }
    let m = usize::from(table.seats);
    let start = Position::start(&args.deck);
    let estimate = estimate_seats_values(&start, m, table.pass_rule);
    if estimate > PLAY_LIMIT {
        return Err(crate::cli::usage(format!(
            "--deck {}: too large for the optimal AI at {m} seats (about {estimate:.1e} values)",
            args.deck
        )));
    }
    let solver = SeatsSolver::solved(&args.deck, table, Objective::Margin)
        .map_err(|e| crate::cli::usage(e.to_string()))?;
    Ok(Arc::new(Mutex::new(solver)))
}
