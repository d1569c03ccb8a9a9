//! The AIs of Pairs. Each decides from the [`View`] alone (what every player sees), so
//! none can peek at the deck.
//!
//! - `spne`: the subgame-perfect action of the round for the real table. d is every card
//!   not seen since the last reshuffle (it counts the face-up discards), and where the
//!   deck can run out during the round it models the reshuffle: from then on the next
//!   card comes from every card not set aside and not face up (the new burn changes no
//!   chance: burned cards are unseen like the deck).
//! - `spne-fresh`: the seed's own model, d = the full deck minus the face-up cards on the
//!   table and set aside (no counting of discards, no reshuffle).
//! - `threshold`: folds when the chance that the next card pairs its own stack exceeds
//!   1/2 (the chance taken from the same d as `spne-fresh`: it counts nothing).
//! - `random`: hits or folds with probability 1/2 each.
//!
//! Every AI folds when no card is left to take.

use rand_chacha::ChaCha8Rng;

use super::model::RoundModel;
use super::rules::{below, rng};
use super::solver::{Action, Solver};
use super::view::View;
use crate::seats::AiKind;

/// Most configurations the `spne` players solve for one round: enough for every round
/// with two or three players at n = 10; beyond it (four players and more at n = 10) the
/// search is cut depth first and the configurations left unexpanded are valued as if
/// their mover folded ([`Solver::with_limit`]).
pub const PLAY_LIMIT: usize = 400_000;

/// A decision: the same two actions as the solver's.
pub type Move = Action;

/// The AIs, by the names of the command line and records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairsAi {
    /// Subgame-perfect for the real table (counts cards, models the reshuffle).
    Spne,
    /// Subgame-perfect in the seed's model (no card counting).
    SpneFresh,
    /// Folds when a hit pairs with a chance above 1/2.
    Threshold,
    /// A coin toss.
    Random,
}

impl AiKind for PairsAi {
    const ALL: &'static [Self] = &[Self::Spne, Self::SpneFresh, Self::Threshold, Self::Random];
    fn name(self) -> &'static str {
        match self {
            Self::Spne => "spne",
            Self::SpneFresh => "spne-fresh",
            Self::Threshold => "threshold",
            Self::Random => "random",
        }
    }
}

/// An AI at the table: its kind, its coin (for `random`), and the solver of the round
/// in play, kept between its decisions of one round.
#[derive(Debug, Clone)]
pub struct Player {
    kind: PairsAi,
    coin: ChaCha8Rng,
    solver: Option<Solver<f64>>,
}

impl Player {
    /// An AI of this kind; `seed` drives the random player's coin.
    #[must_use]
    pub fn new(kind: PairsAi, seed: u64) -> Self {
        Self {
            kind,
            coin: rng(seed),
            solver: None,
        }
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> PairsAi {
        self.kind
    }

    /// The move for the seat to move in `view`.
    ///
    /// # Panics
    /// No one is to move.
    pub fn decide(&mut self, view: &View) -> Move {
        let seat = view.mover().expect("a seat to move");
        if !view.can_hit() {
            return Move::Fold;
        }
        match self.kind {
            PairsAi::Random => {
                if below(&mut self.coin, 2) == 0 {
                    Move::Hit
                } else {
                    Move::Fold
                }
            }
            PairsAi::Threshold => {
                let d = view.unseen_fresh();
                let own = view.stack_sets()[seat];
                let pairing: u32 = d
                    .iter()
                    .filter(|&(j, _)| own.has(j))
                    .map(|(_, c)| u32::from(c))
                    .sum();
                // pairing / |d| > 1/2
                if 2 * pairing > d.total() {
                    Move::Fold
                } else {
                    Move::Hit
                }
            }
            PairsAi::Spne => {
                let (model, stacks) = view.counted_model(seat);
                self.solver_for(model).action(&stacks)
            }
            PairsAi::SpneFresh => {
                let (model, stacks) = view.fresh_model(seat);
                self.solver_for(model).action(&stacks)
            }
        }
    }

    /// The solver of this round, reused while the model stays the same.
    fn solver_for(&mut self, model: RoundModel) -> &mut Solver<f64> {
        if self.solver.as_ref().is_none_or(|s| *s.model() != model) {
            self.solver = Some(Solver::new(model).with_limit(PLAY_LIMIT));
        }
        self.solver.as_mut().expect("just made")
    }
}
