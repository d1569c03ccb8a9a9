//! `solve --players M --objective own-pairs`: the seats solver's side of `solve`
//! (`docs/variants.md`), every value a vector relative to the mover.

use std::str::FromStr;

use super::{Answer, SolveArgs};
use crate::analysis::seats_report::{SeatsRequest, solve_seats, state_of};
use crate::rules::Objective;

/// `--objective`: the model's objectives, or `own-pairs` (this command only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ObjectiveArg {
    /// `win`, `margin` or `moves`: two players (or one, for `moves`).
    Model(Objective),
    /// Each player's own expected future pairs, 2 to 6 players.
    OwnPairs,
}

impl FromStr for ObjectiveArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "own-pairs" {
            return Ok(Self::OwnPairs);
        }
        s.parse().map(Self::Model).map_err(|_| {
            let names: Vec<&str> = Objective::ALL.iter().map(|o| o.name()).collect();
            format!(
                "unknown objective '{s}': expected one of {}, own-pairs",
                names.join(", ")
            )
        })
    }
}

/// Which solver answers a `solve` command.
pub(super) enum Route {
    /// The two-player model under this objective (today's `solve`).
    Model(Objective),
    /// The seats solver, for this many seats and passes in a row before the turn.
    Seats(usize, Option<u8>),
}

/// Reads `--players`, `--objective` and `--passes` into a route, refusing what does not
/// go together.
///
/// # Errors
/// A flag that does not fit the players or the objective (status 2).
pub(super) fn route(args: &SolveArgs) -> anyhow::Result<Route> {
    let players = args.players.map(usize::from);
    let objective = match (args.objective, players) {
        (Some(o), _) => o,
        (None, Some(m)) if m >= 3 => ObjectiveArg::OwnPairs,
        (None, _) => ObjectiveArg::Model(Objective::Win),
    };
    match objective {
        ObjectiveArg::Model(o) => {
            if let Some(m) = players.filter(|&m| m != 2) {
                return Err(crate::cli::usage(format!(
                    "--objective {o} is for two players; with {m} players use --objective own-pairs"
                )));
            }
            if args.passes.is_some() {
                return Err(crate::cli::usage(
                    "--passes goes with --objective own-pairs (two players under win or margin: --after-pass)",
                ));
            }
            Ok(Route::Model(o))
        }
        ObjectiveArg::OwnPairs => {
            if args.diff != 0 {
                return Err(crate::cli::usage(
                    "--diff is not used with own-pairs: values are future pairs, whatever the score",
                ));
            }
            if args.after_pass {
                return Err(crate::cli::usage(
                    "--after-pass is not used with own-pairs: give --passes K",
                ));
            }
            if args.variant != crate::rules::Variant::Standard {
                return Err(crate::cli::usage(format!(
                    "--variant {} is solved for two players under win or margin; own-pairs plays the standard turn",
                    args.variant
                )));
            }
            Ok(Route::Seats(players.unwrap_or(2), args.passes))
        }
    }
}

/// Answers `solve` with the seats solver.
///
/// # Errors
/// A bad request (status 2).
pub(super) fn solve(seats: &SeatsRequest) -> anyhow::Result<Answer<Vec<f64>>> {
    let report = solve_seats(seats).map_err(|e| crate::cli::usage(e.to_string()))?;
    let request = &seats.request;
    let position = state_of(seats)
        .map(|s| s.position.to_string())
        .unwrap_or_default();
    let head = format!(
        "{} | own-pairs | {} players | {} | position {position} | passes {} | {}\n\
         (each value: expected future pairs of the mover, then of each next player in turn)\n",
        request.deck,
        seats.seats,
        request.pass_rule,
        seats.passes.unwrap_or(0),
        super::point(request),
    );
    Ok(Answer {
        report,
        objective: request.objective,
        head,
        width: 12,
    })
}
