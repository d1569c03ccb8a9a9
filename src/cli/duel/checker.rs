//! `concentration duel --deck double-checker`: the optimal checkerboard player and the
//! usual one (the duel itself, exact or simulated, is `duel`'s own).

use super::{DuelArgs, PolicyName, Side, TieBreakName};
use crate::cli::usage;
use crate::model::{Checker, Oracle};
use crate::players::Usual;
use crate::rules::Table;
use crate::solver::checker::CheckerSolver;

/// The two sides of a checkerboard duel, refusing what it does not play: a rule among
/// equal actions, a best response.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn sides(args: &DuelArgs) -> anyhow::Result<[Side<Checker>; 2]> {
    if args.tie_break != TieBreakName::Usual {
        return Err(usage(
            "--tie-break: the optimal checkerboard player breaks ties by the model's order only",
        ));
    }
    let mut optimal: Option<CheckerSolver<f64>> = None;
    let mut side = |name| -> anyhow::Result<Side<Checker>> {
        match name {
            PolicyName::Usual => Ok(Side::Policy(Box::new(Usual))),
            PolicyName::Optimal => {
                if optimal.is_none() {
                    let table = Table::two(args.pass_rule, args.variant);
                    let solved = CheckerSolver::solved(&args.deck, table, args.objective);
                    optimal = Some(solved.map_err(|e| usage(e.to_string()))?);
                }
                Ok(Side::Policy(Box::new(optimal.clone().expect("solved"))))
            }
            PolicyName::Best | PolicyName::BestOptimal => Err(usage(
                "--first/--second: on the checkerboard a duel is between optimal and usual (no best response)",
            )),
        }
    };
    Ok([side(args.first)?, side(args.second)?])
}
