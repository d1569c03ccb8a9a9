//! `concentration duel --deck zebra`: the optimal Zebra player and the usual one (the duel
//! itself, exact or simulated, is `duel`'s own).

use super::{DuelArgs, Side};
use crate::cli::usage;
use crate::model::Zebra;
use crate::rules::Variant;
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
    super::optimal_or_usual::<ZebraSolver<f64>>(
        args,
        Variant::Standard,
        "the optimal Zebra player",
        "on Zebra",
    )
}
