//! `concentration duel --deck zebra`: the optimal Zebra player and the usual one, exact
//! by recursion over Zebra positions or simulated through the rules engine.

use super::{DuelArgs, PolicyName, TieBreakName, show};
use crate::analysis::duel::between;
use crate::cli::usage;
use crate::model::{Oracle, Zebra};
use crate::players::{Agent, Policy, Usual};
use crate::rules::{Table, Variant};
use crate::solver::zebra::ZebraSolver;

/// A Zebra policy by name, with its name for records.
fn policy(
    name: PolicyName,
    optimal: &mut Option<ZebraSolver<f64>>,
    args: &DuelArgs,
) -> anyhow::Result<(Box<dyn Policy<Zebra> + Send>, &'static str)> {
    match name {
        PolicyName::Usual => Ok((Box::new(Usual), "usual")),
        PolicyName::Optimal => {
            if optimal.is_none() {
                let table = Table::two(args.pass_rule, Variant::Standard);
                *optimal = Some(
                    ZebraSolver::solved(&args.deck, table, args.objective)
                        .map_err(|e| usage(e.to_string()))?,
                );
            }
            Ok((Box::new(optimal.clone().expect("solved")), "optimal"))
        }
        PolicyName::Best | PolicyName::BestOptimal => Err(usage(
            "--first/--second: on Zebra a duel is between optimal and usual (no best response)",
        )),
    }
}

/// Runs a Zebra duel (objective and pass rule already checked).
///
/// # Errors
/// A bad request (status 2).
pub fn run(args: &DuelArgs) -> anyhow::Result<()> {
    if args.variant != Variant::Standard {
        return Err(usage(format!(
            "--variant {}: Zebra is played with the standard turn only (no One Flip Zebra solver)",
            args.variant
        )));
    }
    if args.tie_break != TieBreakName::Usual {
        return Err(usage(
            "--tie-break: the optimal Zebra player breaks ties by the model's order only",
        ));
    }
    let mut optimal = None;
    let (mut first, first_name) = policy(args.first, &mut optimal, args)?;
    let (mut second, second_name) = policy(args.second, &mut optimal, args)?;
    let names = format!(
        "{first_name} (first) vs {second_name} (second), {}, {}",
        args.objective, args.pass_rule
    );
    let Some(games) = args.games else {
        let value = between::<Zebra>(
            &args.deck,
            args.objective,
            args.pass_rule,
            [&mut *first, &mut *second],
        );
        if args.json {
            println!("{}", serde_json::json!({ "value": value }));
        } else {
            println!(
                "{} | {names}: first player's expected result {}",
                args.deck,
                show(args.objective, value)
            );
        }
        return Ok(());
    };
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    args.deck
        .check_playable()
        .map_err(|e| usage(e.to_string()))?;
    let mut a = Agent::of(first, 0);
    let mut b = Agent::of(second, 0);
    let players = [first_name.to_owned(), second_name.to_owned()];
    super::simulated(
        args,
        Variant::Standard,
        [&mut a, &mut b],
        &players,
        &names,
        games,
    )
}
