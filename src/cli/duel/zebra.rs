//! `concentration duel --deck zebra`: the optimal Zebra player and the usual one (the duel
//! itself, exact or simulated, is `duel`'s own).

use super::{DuelArgs, PolicyName, Side, TieBreakName};
use crate::cli::usage;
use crate::model::{Oracle, Zebra};
use crate::players::Usual;
use crate::rules::{Table, Variant};
use crate::solver::zebra::ZebraSolver;

/// The two sides of a Zebra duel, refusing what Zebra does not play: another turn, a
/// rule among equal actions, a best response.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn sides(args: &DuelArgs) -> anyhow::Result<[Side<Zebra>; 2]> {
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
    let mut optimal: Option<ZebraSolver<f64>> = None;
    let mut side = |name| -> anyhow::Result<Side<Zebra>> {
        match name {
            PolicyName::Usual => Ok(Side::Policy(Box::new(Usual))),
            PolicyName::Optimal => {
                if optimal.is_none() {
                    let table = Table::two(args.pass_rule, Variant::Standard);
                    let solved = ZebraSolver::solved(&args.deck, table, args.objective);
                    optimal = Some(solved.map_err(|e| usage(e.to_string()))?);
                }
                Ok(Side::Policy(Box::new(optimal.clone().expect("solved"))))
            }
            PolicyName::Best | PolicyName::BestOptimal => Err(usage(
                "--first/--second: on Zebra a duel is between optimal and usual (no best response)",
            )),
        }
    };
    Ok([side(args.first)?, side(args.second)?])
}
