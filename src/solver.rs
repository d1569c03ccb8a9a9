//! The optimal strategy: values of positions and actions under every objective and pass
//! rule. Knows the rules' vocabulary, nothing of players or screens.

mod position;
mod scalar;
mod search;

pub use position::{Pattern, Position, PositionError, parse_pattern, patterns};
pub use scalar::{Scalar, TIE_EPSILON};
pub use search::{
    Action, FirstCard, SolveError, Solver, State, best_of, estimate_states,
};
