//! `concentration duel --deck standard-rank-jokers`: the optimal player and the usual one
//! with jokers that count double (the duel itself, exact or simulated, is `duel`'s own).

use super::{DuelArgs, Side};
use crate::model::Jokers;
use crate::solver::jokers::JokersSolver;

/// The two sides of a jokers duel, refusing what it does not play: a rule among equal
/// actions, a best response.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn sides(args: &DuelArgs) -> anyhow::Result<[Side<Jokers>; 2]> {
    super::optimal_or_usual::<JokersSolver<f64>>(
        args,
        args.variant,
        "with jokers that count double the optimal player",
        "with jokers that count double",
    )
}
