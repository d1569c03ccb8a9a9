//! Policies for 2 to 6 seats against each other: every seat's expected pairs from the
//! start, exact by recursion over the abstract states (position, passes in a row, seat
//! to move) and their chance nodes, or estimated from real games through the rules
//! engine (any AI, the forgetful ones included).

use rustc_hash::FxHashMap;
use thiserror::Error;

use super::duel::{Estimate, game_seed};
use crate::players::{SeatAi, Usual};
use crate::rules::{Deck, DeckError, Game, PassRule, Players, Table};
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
pub const DUEL_LIMIT: f64 = 2e7;

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

/// Every seat's mean pairs (in turn order) over `games` real games at `table`, each
/// with its 95% interval. `seat(i, seed)` seats a fresh AI in seat `i` for every game
/// (a forgetful AI forgets between games), its card choices seeded with `seed`;
/// `played` sees every finished game (to save its record).
///
/// # Errors
/// The deck does not fit on a table.
pub fn simulate_table(
    deck: &Deck,
    table: Table,
    mut seat: impl FnMut(usize, u64) -> SeatAi,
    games: u64,
    seed: u64,
    mut played: impl FnMut(&Game),
) -> Result<Vec<Estimate>, DeckError> {
    let m = usize::from(table.seats);
    let (mut sum, mut sum_sq) = (vec![0.0; m], vec![0.0; m]);
    for i in 0..games {
        let deal_seed = game_seed(seed, i);
        let mut game = Game::new(deck.clone(), deal_seed, Players::Table(table))?;
        let mut ais: Vec<SeatAi> = (0..m)
            .map(|s| seat(s, game_seed(deal_seed, 1 + s as u64)))
            .collect();
        while !game.view().is_over() {
            let mover = game.view().mover().index();
            let position = ais[mover].choose(game.view());
            game.try_flip(position).expect("AIs play legal flips");
        }
        for (s, &pairs) in game.view().pairs().iter().enumerate() {
            let x = f64::from(pairs);
            sum[s] += x;
            sum_sq[s] += x * x;
        }
        played(&game);
    }
    let pairs = f64::from(deck.pairs());
    Ok((0..m)
        .map(|s| Estimate::of(sum[s], sum_sq[s], games, 0.0, pairs))
        .collect())
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
        let v = match self.act(position, passes, None, who) {
            Action::Unknown => {
                let mut sum = vec![0.0; self.m()];
                for (a, n) in position.iter().filter(|(a, _)| a.unknown > 0) {
                    let w = self.second(position, passes, FirstCard::Revealed(a), who);
                    add(&mut sum, &w, f64::from(n) * f64::from(a.unknown));
                }
                #[allow(clippy::cast_precision_loss)]
                scaled(sum, position.unknown_cards() as f64)
            }
            Action::Known(a) => self.second(position, passes, FirstCard::Held(a), who),
            Action::Match => panic!("a match at the turn start"),
        };
        self.memo.insert(key, v.clone());
        v
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

    /// `who` took a pair, the table is now `position`, and moves again.
    fn took(&mut self, position: &Position, who: usize) -> Vec<f64> {
        let mut v = self.turn(position, 0, who);
        v[who] += 1.0;
        v
    }

    /// The turn passes on; the table is now `position`.
    fn handed(&mut self, position: &Position, who: usize) -> Vec<f64> {
        let next = (who + 1) % self.m();
        self.turn(position, 0, next)
    }

    /// After the first card of the turn.
    fn second(
        &mut self,
        position: &Position,
        passes: u8,
        first: FirstCard,
        who: usize,
    ) -> Vec<f64> {
        let action = self.act(position, passes, Some(first), who);
        let unknown = position.unknown_cards();
        match (first, action) {
            (FirstCard::Revealed(a), Action::Match) => {
                self.took(&position.moved(a, a.taken(1)), who)
            }
            (FirstCard::Revealed(a), Action::Known(_)) => {
                self.handed(&position.moved(a, Some(a.revealed())), who)
            }
            (FirstCard::Revealed(a), Action::Unknown) => {
                let shown = position.moved(a, Some(a.revealed()));
                self.second_unknown(position, a, 2, &shown, who, unknown - 1)
            }
            (FirstCard::Held(a), Action::Match) => self.took(&position.moved(a, a.taken(0)), who),
            (FirstCard::Held(a), Action::Unknown) => {
                self.second_unknown(position, a, 1, position, who, unknown)
            }
            (FirstCard::Held(_), Action::Known(_)) => {
                // A pass: after m−1 passes it ends the game, the pairs left to nobody.
                if usize::from(passes) + 1 == self.m() {
                    vec![0.0; self.m()]
                } else {
                    let next = (who + 1) % self.m();
                    self.turn(position, passes + 1, next)
                }
            }
        }
    }

    /// The second card is unknown after a first card of a label in pattern `first`
    /// (`fresh` of the two cards unknown before the turn, `base` the table with the
    /// first card shown, `unknown` cards to choose from).
    fn second_unknown(
        &mut self,
        position: &Position,
        first: crate::solver::Pattern,
        fresh: u8,
        base: &Position,
        who: usize,
        unknown: u64,
    ) -> Vec<f64> {
        let mut sum = vec![0.0; self.m()];
        let same = first.unknown + 1 - fresh;
        if same > 0 {
            let w = self.took(&position.moved(first, first.taken(fresh)), who);
            add(&mut sum, &w, f64::from(same));
        }
        for (b, n) in position.iter() {
            let others = n - u32::from(b == first);
            if others == 0 || b.unknown == 0 {
                continue;
            }
            let w = self.handed(&base.moved(b, Some(b.revealed())), who);
            add(&mut sum, &w, f64::from(others) * f64::from(b.unknown));
        }
        #[allow(clippy::cast_precision_loss)]
        scaled(sum, unknown as f64)
    }
}

fn add(sum: &mut [f64], w: &[f64], weight: f64) {
    for (s, x) in sum.iter_mut().zip(w) {
        *s += weight * x;
    }
}

fn scaled(v: Vec<f64>, by: f64) -> Vec<f64> {
    v.into_iter().map(|x| x / by).collect()
}
