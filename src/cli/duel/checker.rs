//! `concentration duel --deck double-checker`: the optimal checkerboard player and the
//! usual one (the duel itself, exact or simulated, is `duel`'s own).

use super::{DuelArgs, Side};
use crate::model::Checker;
use crate::solver::checker::CheckerSolver;

/// The two sides of a checkerboard duel, refusing what it does not play: a rule among
/// equal actions, a best response.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn sides(args: &DuelArgs) -> anyhow::Result<[Side<Checker>; 2]> {
    super::optimal_or_usual::<CheckerSolver<f64>>(
        args,
        args.variant,
        "the optimal checkerboard player",
        "on the checkerboard",
    )
}
