//! The optimal strategy: values of positions and actions under every objective and pass
//! rule. Knows the rules' vocabulary, nothing of players or screens.

mod card_key;
pub mod checker;
pub mod jokers;
mod legal;
mod position;
pub mod pruning;
mod ranking;
mod scalar;
mod search;
mod seats;
pub mod solitaire;
pub mod two_decks;
pub mod zebra;

pub use legal::legal_actions;
pub use position::{Pattern, Position, PositionError, parse_pattern, patterns};
pub use pruning::{harmless, prunable, prunable_under};
pub use scalar::{Scalar, TIE_EPSILON};
pub use search::{
    Action, FirstCard, MovesOracle, SolveError, Solver, State, best_of, estimate_states,
    estimate_states_for,
};
pub use seats::{SeatsSolveError, SeatsSolver, SeatsState, chosen_index, estimate_seats_values};

/// Most stored values a solve for play or analysis may use (about 3 GB of `f64`).
pub const PLAY_LIMIT: f64 = 4e8;
/// Most stored values an exact (`BigRational`) solve may use.
pub const EXACT_LIMIT: f64 = 2e5;
