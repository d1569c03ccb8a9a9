//! The AI of a seat: an agent that chooses a card from the public view, whatever the
//! table (two to six seats, any pass rule, any rule set).

use super::{Agent, AiKind, Forgetful, Player, Policy, Usual};
use crate::model::Model;
use crate::rules::PublicView;

/// An AI sitting at a table. Every kind plays at any table; only the optimal one needs
/// a solver for the table's rules, handed in by whoever owns it.
// A table holds a handful of these: the forgetful player's inline stream costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum SeatAi {
    /// A policy over the table's rule set (optimal, usual), each action realised on a
    /// card chosen from its own stream.
    Agent(Box<dyn Player + Send>),
    /// The forgetful player, which works on the cards themselves (and matches by the
    /// deck's rule).
    Forgetful(Forgetful),
}

impl SeatAi {
    /// The AI of `kind` at a table of rule set `M`, its card choices seeded with
    /// `seed`. `optimal` gives the optimal policy for this table when `kind` is
    /// [`AiKind::Optimal`]; `None` from it (the solver is not ready) gives no AI yet.
    pub fn new<M: Model>(
        kind: AiKind,
        seed: u64,
        optimal: impl FnOnce() -> Option<Box<dyn Policy<M> + Send>>,
    ) -> Option<Self> {
        Some(match kind {
            AiKind::Optimal => Self::Agent(Box::new(Agent::of(optimal()?, seed))),
            AiKind::Usual => Self::Agent(Box::new(Agent::<M>::of(Box::new(Usual), seed))),
            AiKind::ForgetfulEasy => Self::Forgetful(Forgetful::new(Forgetful::EASY, seed)),
            AiKind::ForgetfulMedium => Self::Forgetful(Forgetful::new(Forgetful::MEDIUM, seed)),
        })
    }

    /// The position to turn next: always a legal flip.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        self.player().choose(view)
    }

    fn player(&mut self) -> &mut dyn Player {
        match self {
            Self::Agent(a) => &mut **a,
            Self::Forgetful(f) => f,
        }
    }
}

impl Player for SeatAi {
    fn reseed(&mut self, seed: u64) {
        self.player().reseed(seed);
    }
    fn choose(&mut self, view: &PublicView) -> usize {
        self.player().choose(view)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::model::{OwnPairs, Standard};
    use crate::rules::{Deck, Game, PassRule, Players, Table, Variant};
    use crate::solver::SeatsSolver;

    /// Every kind that needs no solver plays whole games at every table the rules allow.
    #[test]
    fn every_solverless_kind_plays_at_every_table() {
        for seats in 2..=6u8 {
            for pass_rule in [PassRule::None, PassRule::Agreed] {
                for variant in Variant::TABLE {
                    let table = Table {
                        seats,
                        pass_rule,
                        variant,
                    };
                    let players = Players::Table(table.check().unwrap());
                    for seed in 0..4 {
                        let deck = Deck::parse("pairs:6").unwrap();
                        let mut game = Game::new(deck, seed, players).unwrap();
                        let kinds = [
                            AiKind::Usual,
                            AiKind::ForgetfulEasy,
                            AiKind::ForgetfulMedium,
                        ];
                        let mut ais: Vec<SeatAi> = (0..usize::from(seats))
                            .map(|i| {
                                SeatAi::new::<Standard>(kinds[i % 3], seed + i as u64, || None)
                                    .unwrap()
                            })
                            .collect();
                        let mut flips = 0;
                        while !game.view().is_over() {
                            let mover = game.view().mover().index();
                            let p = ais[mover].choose(game.view());
                            game.try_flip(p).expect("a legal flip");
                            flips += 1;
                            assert!(flips < 10_000, "the game ends");
                        }
                        assert!(game.view().pairs().total() <= 6);
                    }
                }
            }
        }
    }

    /// The optimal AI at three seats takes what the solver says it expects: over many
    /// deals against itself every pair is taken under `none`, and the first seat's mean
    /// is near its exact expectation.
    #[test]
    fn own_pairs_optimal_plays_three_seats() {
        let deck = Deck::parse("3x4").unwrap();
        let table = Table {
            seats: 3,
            pass_rule: PassRule::None,
            variant: Variant::Standard,
        };
        let solver = Arc::new(Mutex::new(SeatsSolver::new(4, 3, PassRule::None).unwrap()));
        let games = 3000u64;
        let mut first = 0u64;
        for seed in 0..games {
            let mut game = Game::new(deck.clone(), seed, Players::Table(table)).unwrap();
            let mut ais: Vec<SeatAi> = (0..3)
                .map(|i| {
                    SeatAi::new::<OwnPairs>(AiKind::Optimal, seed * 7 + i, || {
                        Some(Box::new(Arc::clone(&solver)))
                    })
                    .unwrap()
                })
                .collect();
            while !game.view().is_over() {
                let mover = game.view().mover().index();
                let p = ais[mover].choose(game.view());
                game.try_flip(p).expect("a legal flip");
            }
            assert_eq!(game.view().pairs().total(), 6);
            first += u64::from(game.view().pairs()[0]);
        }
        let mean = first as f64 / games as f64;
        // docs/variants.md: 11146/5775 = 1.930 pairs for the first seat.
        assert!((mean - 11146.0 / 5775.0).abs() < 0.1, "{mean}");
    }

    #[test]
    fn the_optimal_seat_waits_for_its_solver() {
        assert!(SeatAi::new::<Standard>(AiKind::Optimal, 0, || None).is_none());
    }
}
