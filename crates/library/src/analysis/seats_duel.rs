//! Policies for 2 to 6 seats against each other: every seat's expected pairs from the
//! start, exact by recursion over the abstract states (position, passes in a row, seat
//! to move) and the standard game's chance nodes ([`Chances`]). Estimated from real
//! games (any AI, the forgetful ones included), a table is a series like any other
//! ([`super::duel::series`]).

use rustc_hash::FxHashMap;
use thiserror::Error;

use super::duel::{Chances, Turned};
use crate::model::Standard;
use crate::players::Usual;
use crate::rules::{Deck, PassRule};
use crate::seats::AiKind;
use crate::solver::{
    Action, FirstCard, PLAY_LIMIT, Position, SeatsSolveError, SeatsSolver, SeatsState, State,
    estimate_seats_values,
};

/// The AIs a seats duel can seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DuelAi {
    /// Plays the seats solver's chosen action (`own-pairs`).
    Optimal,
    /// Takes a known pair, else turns an unknown card; after it the match if its partner
    /// is known, else another unknown card. Never passes.
    Usual,
}

impl AiKind for DuelAi {
    const ALL: &'static [Self] = &[Self::Optimal, Self::Usual];
    fn name(self) -> &'static str {
        match self {
            Self::Optimal => "optimal",
            Self::Usual => "usual",
        }
    }
}

/// Why a seats duel was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SeatsDuelError {
    /// Seats or pass rule the solver does not play.
    #[error("{0}")]
    Game(#[from] SeatsSolveError),
    /// Too many states for the exact recursion.
    #[error(
        "too large to compute exactly: about {0:.1e} states (limit {1:.0e}); try a smaller deck"
    )]
    TooLarge(f64, f64),
}

/// Most states (position, passes in a row, seat to move) the exact recursion may visit.
pub(crate) const DUEL_LIMIT: f64 = 2e7;

/// Every seat's expected pairs when `seats` (seat 0 moves first) play each other from
/// the start of `deck` under `pass_rule`, exactly.
///
/// # Errors
/// Seats or a pass rule the seats solver does not play, or a deck too large.
pub fn seats_duel(
    deck: &Deck,
    pass_rule: PassRule,
    seats: &[DuelAi],
) -> Result<Vec<f64>, SeatsDuelError> {
    let start = Position::start(deck);
    let solver = SeatsSolver::new(deck.copies(), seats.len(), pass_rule)?;
    let estimate = estimate_seats_values(&start, seats.len(), pass_rule);
    if estimate > DUEL_LIMIT.min(PLAY_LIMIT) {
        return Err(SeatsDuelError::TooLarge(estimate, DUEL_LIMIT));
    }
    let mut duel = Duel {
        seats: seats.to_vec(),
        solver,
        memo: FxHashMap::default(),
    };
    Ok(duel.turn(&start, 0, 0))
}

struct Duel {
    seats: Vec<DuelAi>,
    solver: SeatsSolver<f64>,
    memo: FxHashMap<(Position, u8, usize), Vec<f64>>,
}

impl Duel {
    fn m(&self) -> usize {
        self.seats.len()
    }

    /// Every seat's expected pairs from the turn start of `who` in `position` after
    /// `passes` passes in a row (by seat, not relative to the mover).
    fn turn(&mut self, position: &Position, passes: u8, who: usize) -> Vec<f64> {
        if position.pairs() == 0 {
            return vec![0.0; self.m()];
        }
        let key = (position.clone(), passes, who);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let action = self.act(position, passes, None, who);
        let v = self.expected(Standard::firsts(position, action), |duel, first| {
            duel.second(position, passes, first, who)
        });
        self.memo.insert(key, v.clone());
        v
    }

    /// After the first card of the turn: the pairs the table's chance nodes give (the
    /// standard game's, [`Chances`]), a pair taken moving again, a pass counted.
    fn second(
        &mut self,
        position: &Position,
        passes: u8,
        first: FirstCard,
        who: usize,
    ) -> Vec<f64> {
        let action = self.act(position, passes, Some(first), who);
        let next = (who + 1) % self.m();
        self.expected(
            Standard::seconds(position, first, action),
            |duel, turned| {
                match turned {
                    Turned::Took(table) => {
                        let mut v = duel.turn(&table, 0, who);
                        v[who] += 1.0;
                        v
                    }
                    Turned::HandedOn(table) => duel.turn(&table, 0, next),
                    // After m−1 passes in a row a pass ends the game, the pairs left to nobody.
                    Turned::Passed if usize::from(passes) + 1 == duel.m() => vec![0.0; duel.m()],
                    Turned::Passed => duel.turn(position, passes + 1, next),
                }
            },
        )
    }

    /// The action the policy of seat `who` takes.
    fn act(
        &mut self,
        position: &Position,
        passes: u8,
        first: Option<FirstCard>,
        who: usize,
    ) -> Action {
        match self.seats[who] {
            DuelAi::Optimal => self
                .solver
                .chosen(&SeatsState {
                    position: position.clone(),
                    passes,
                    first,
                })
                .expect("every state of the duel is one the solver plays"),
            DuelAi::Usual => Usual.act(&State {
                position: position.clone(),
                diff: 0,
                after_pass: false,
                first,
            }),
        }
    }

    /// Every seat's expected pairs over weighted outcomes (as [`super::duel::expected`]).
    fn expected<O>(
        &mut self,
        outcomes: Vec<(f64, O)>,
        mut value: impl FnMut(&mut Self, O) -> Vec<f64>,
    ) -> Vec<f64> {
        let (mut sum, mut total) = (vec![0.0; self.m()], 0.0);
        for (w, o) in outcomes {
            for (s, x) in sum.iter_mut().zip(value(self, o)) {
                *s += w * x;
            }
            total += w;
        }
        sum.into_iter().map(|x| x / total).collect()
    }
}
