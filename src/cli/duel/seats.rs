//! `duel --players optimal,usual,usual`: every seat's expected pairs (own-pairs), exact.

use super::DuelArgs;
use crate::analysis::seats_duel::{DuelAi, seats_duel};
use crate::seats::{SeatKind, Seats};

/// Runs a duel of 2 to 6 seats.
///
/// # Errors
/// A bad seat list, a pass rule the seats solver does not play, or a deck too large
/// (status 2).
pub(super) fn run(args: &DuelArgs, list: &str) -> anyhow::Result<()> {
    let usage = |e: String| crate::cli::usage(format!("--players: {e}"));
    let seats: Seats<DuelAi> = Seats::parse(list).map_err(|e| usage(e.to_string()))?;
    let mut kinds = Vec::with_capacity(seats.len());
    for seat in seats.iter() {
        match seat.kind {
            SeatKind::Ai(ai) => kinds.push(ai),
            SeatKind::Person => {
                return Err(usage(format!(
                    "'{}' is not an AI: a duel seats optimal or usual",
                    seat.name
                )));
            }
        }
    }
    let value = seats_duel(&args.deck, args.pass_rule, &kinds)
        .map_err(|e| crate::cli::usage(e.to_string()))?;
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    if args.json {
        println!("{}", serde_json::json!({ "seats": names, "value": value }));
    } else {
        let each: Vec<String> = names
            .iter()
            .zip(&value)
            .map(|(n, v)| format!("{n} {v:.4}"))
            .collect();
        println!(
            "{} | own-pairs | {} | expected pairs, in turn order: {}",
            args.deck,
            args.pass_rule,
            each.join(", ")
        );
    }
    Ok(())
}
