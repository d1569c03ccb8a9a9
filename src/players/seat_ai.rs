//! The AI of a seat: an agent that chooses a card from the public view, whatever the
//! table (two to six seats, any pass rule).

use super::{Agent, AiKind, Forgetful, Policy, Usual};
use crate::rules::PublicView;

/// An AI sitting at a table. Every kind plays at any table; only the optimal one needs
/// a solver for the table's rules, handed in by whoever owns it.
pub enum SeatAi {
    /// A policy over the abstract state (optimal, usual).
    Agent(Agent),
    /// The forgetful player, which works on the cards themselves.
    Forgetful(Forgetful),
}

impl SeatAi {
    /// The AI of `kind`, its card choices seeded with `seed`. `optimal` gives the
    /// optimal policy for this table when `kind` is [`AiKind::Optimal`]; `None` from it
    /// (the solver is not ready) gives no AI yet.
    pub fn new(
        kind: AiKind,
        seed: u64,
        optimal: impl FnOnce() -> Option<Box<dyn Policy + Send>>,
    ) -> Option<Self> {
        Some(match kind {
            AiKind::Optimal => Self::Agent(Agent::new(optimal()?, seed)),
            AiKind::Usual => Self::Agent(Agent::new(Box::new(Usual), seed)),
            AiKind::ForgetfulEasy => Self::Forgetful(Forgetful::new(Forgetful::EASY, seed)),
            AiKind::ForgetfulMedium => Self::Forgetful(Forgetful::new(Forgetful::MEDIUM, seed)),
        })
    }

    /// The position to turn next: always a legal flip.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        match self {
            Self::Agent(a) => a.choose(view),
            Self::Forgetful(f) => f.choose(view),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deck, Game, PassRule, Players, Table, Variant};

    /// Every kind that needs no solver plays whole games at every table the rules allow.
    #[test]
    fn every_solverless_kind_plays_at_every_table() {
        for seats in 2..=6u8 {
            for pass_rule in [PassRule::None, PassRule::Agreed] {
                for variant in Variant::ALL {
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
                            .map(|i| SeatAi::new(kinds[i % 3], seed + i as u64, || None).unwrap())
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

    #[test]
    fn the_optimal_seat_waits_for_its_solver() {
        assert!(SeatAi::new(AiKind::Optimal, 0, || None).is_none());
    }
}
