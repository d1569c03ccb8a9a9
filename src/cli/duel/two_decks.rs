//! `concentration duel --variant duel|duel-leader`: the exact duel of two players of the
//! Two Decks Duel (optimal, usual, or the best response to the other), printed as `duel`
//! prints every exact duel.

use super::{DuelArgs, PolicyName, TieBreakName};
use crate::analysis::two_decks_duel::{self, DuelPlayer, DuelTerms};
use crate::cli::usage;
use crate::rules::Taker;

/// Runs the duel of `args` under the Duel, the pair going to `taker`.
///
/// # Errors
/// A bad request (status 2): seats, simulated games, a tie-break rule, two best
/// responses, a deck the duel does not split.
pub(super) fn run(args: &DuelArgs, taker: Taker) -> anyhow::Result<()> {
    if args.players.is_some() {
        return Err(usage(
            "--players: the duel is played by two, a side each (--first and --second)",
        ));
    }
    if args.games.is_some() {
        return Err(usage(
            "--games: the Two Decks Duel's duel is exact only (drop --games)",
        ));
    }
    if args.tie_break != TieBreakName::Usual {
        return Err(usage(
            "--tie-break: the optimal duel player breaks ties by the model's order only",
        ));
    }
    let pairs = crate::cli::duel_side(&args.deck)?;
    let player = |name| match name {
        PolicyName::Optimal => Ok(DuelPlayer::Optimal),
        PolicyName::Usual => Ok(DuelPlayer::Usual),
        PolicyName::Best => Ok(DuelPlayer::Best),
        PolicyName::BestOptimal => Err(usage(
            "--first/--second best-optimal: the duel offers optimal, usual and best",
        )),
    };
    let players = [player(args.first)?, player(args.second)?];
    if players == [DuelPlayer::Best; 2] {
        return Err(usage(
            "--first/--second: a best response needs a fixed opponent (optimal or usual)",
        ));
    }
    let terms = DuelTerms {
        objective: args.objective,
        pass_rule: args.pass_rule,
        taker,
    };
    let value = two_decks_duel::between(pairs, terms, players).map_err(|e| usage(e.to_string()))?;
    super::print_exact(args, value);
    Ok(())
}
