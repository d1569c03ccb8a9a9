//! Solitaire: one player clears the table in as few moves as possible, measured against
//! the exact optimum.
//!
//! - [`challenge`]: numbered deals (`--challenge N`, `--daily`) with a documented, stable
//!   seed derivation.
//! - [`Par`]: the expected number of further moves under optimal play (Foerster &
//!   Wattenhofer's `e(n, k)` on pairs decks), exact, for positions and actions; the worst
//!   case of optimal play (`2n - 1` on a pairs deck).
//! - [`luck_adjusted`]: the optimal player's moves on the same deal with the player's
//!   order of discovery, which splits the player's result into choices and luck.
//! - [`stats`]: personal bests and statistics in the data directory.
//!
//! A move is a turn of two cards, a matching one included, as in Foerster & Wattenhofer;
//! a pass (two known, non-matching cards) is just a wasted move.
//!
//! Knows the rules, the solver and the players; nothing of screens.

pub mod challenge;
mod luck;
mod par;
mod rule;
pub mod stats;

pub use challenge::{Challenge, challenge_seed};
pub use luck::{flip_order, luck_adjusted};
pub use par::{EXACT_STATES, Moves, Par};
pub use rule::SoloRule;

use crate::rules::{Game, Phase};
use crate::solver::SolveError;

/// The figures of a finished (or abandoned) game.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Moves the player needed, as the rule counts them.
    pub moves: u32,
    /// Moves that took no pair.
    pub misses: u32,
    /// Expected moves of optimal play from the start: `e(n, 0)` on a pairs deck.
    pub expected: Moves,
    /// Moves the optimal player needs on this deal with the player's order of discovery.
    pub luck_adjusted: u32,
    /// Most moves optimal play can need on any deal (`2n - 1` on a pairs deck).
    pub worst_case: u32,
    /// The challenge played, if any.
    pub challenge: Option<Challenge>,
}

impl Summary {
    /// The figures of `game` (solitaire) on `par`'s deck.
    ///
    /// # Errors
    /// A deck the solver refuses (never for the deck `par` was built for).
    pub fn of_game(
        par: &mut Par,
        game: &Game,
        challenge: Option<Challenge>,
    ) -> Result<Self, SolveError> {
        let view = game.view();
        let turns = match view.phase() {
            Phase::Over(r) => r.turns,
            _ => view.turns(),
        };
        let rule = par.rule();
        let pairs = view.deck().pairs();
        let taken = pairs - (view.cards_on_table() / 2) as u32;
        // The cards as dealt: moving cards may have swapped them since.
        let optimal = luck_adjusted(par, game.at_start().reveal_all(), &flip_order(view))?;
        Ok(Self {
            moves: rule.counted(turns, taken, view.is_over()),
            misses: view.misses(),
            expected: par.expected_total().clone(),
            luck_adjusted: rule.counted(optimal, pairs, true),
            worst_case: par.worst_case()?,
            challenge,
        })
    }

    /// What the player's choices cost: moves minus the luck-adjusted figure (negative
    /// when a choice happened to pay off on this deal).
    #[must_use]
    pub fn choices_cost(&self) -> i64 {
        i64::from(self.moves) - i64::from(self.luck_adjusted)
    }

    /// What luck gave: the expected optimum minus the luck-adjusted figure (positive
    /// when the deal and the order of discovery were kind).
    #[must_use]
    pub fn luck(&self) -> f64 {
        self.expected.approx - f64::from(self.luck_adjusted)
    }

    /// One line that says how the result splits into choices and luck.
    #[must_use]
    pub fn explanation(&self) -> String {
        let cost = self.choices_cost();
        let choices = match cost {
            0 => "your choices cost nothing".to_owned(),
            c if c > 0 => format!("your choices cost {c} move{}", plural(c)),
            c => format!("your choices saved {} move{}", -c, plural(-c)),
        };
        let luck = self.luck();
        let luck = if luck.abs() < 0.005 {
            "luck was even".to_owned()
        } else if luck > 0.0 {
            format!("luck saved {luck:.2}")
        } else {
            format!("luck cost {:.2}", -luck)
        };
        format!(
            "{choices} (you {} vs optimal {} on your flip order); {luck} (vs {:.2} expected)",
            self.moves, self.luck_adjusted, self.expected.approx
        )
    }
}

fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
