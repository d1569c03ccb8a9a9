//! A forgetful player for children and beginners: the usual strategy with a short memory.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::{Label, Phase, PublicView, Slot, below};

/// Plays the usual strategy but remembers only the last `memory` cards it saw turned
/// (by either player). Cards it has forgotten are, to it, as good as unknown.
///
/// Unlike [`super::Policy`] players it works on the table itself, because forgetting is
/// about particular cards, which the abstract state does not name. It sees only the
/// public view. Its random choices come from a seeded stream, so a seed replays a game.
#[derive(Debug, Clone)]
pub struct Forgetful {
    memory: usize,
    rng: ChaCha8Rng,
}

impl Forgetful {
    /// Cards remembered at the easy level.
    pub const EASY: usize = 2;
    /// Cards remembered at the medium level.
    pub const MEDIUM: usize = 6;

    /// A player remembering the last `memory` cards seen, choosing with a stream seeded
    /// with `seed`.
    #[must_use]
    pub fn new(memory: usize, seed: u64) -> Self {
        Self {
            memory,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// How many cards it remembers.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The name shown to players.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self.memory {
            Self::EASY => "forgetful-easy",
            Self::MEDIUM => "forgetful-medium",
            _ => "forgetful",
        }
    }

    /// Positions (still on the table) and labels of the cards it remembers.
    fn remembered(&self, view: &PublicView) -> Vec<(usize, Label)> {
        let mut out: Vec<(usize, Label)> = Vec::new();
        for flip in view.flips().iter().rev() {
            if out.len() >= self.memory {
                break;
            }
            if out.iter().any(|&(p, _)| p == flip.position) {
                continue;
            }
            if let Slot::Known(card) = view.slots()[flip.position] {
                out.push((flip.position, card.label));
            }
        }
        out
    }

    fn pick(&mut self, candidates: &[usize]) -> usize {
        let i = below(&mut self.rng, candidates.len() as u64);
        candidates[usize::try_from(i).expect("index fits")]
    }

    /// The position to turn next. Always a legal flip.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        let memory = self.remembered(view);
        let on_table: Vec<usize> = (0..view.slots().len())
            .filter(|&p| !matches!(view.slots()[p], Slot::Removed(_)))
            .collect();
        let forgotten = |except: Option<usize>| -> Vec<usize> {
            on_table
                .iter()
                .copied()
                .filter(|&p| Some(p) != except && !memory.iter().any(|&(q, _)| q == p))
                .collect()
        };
        match view.phase() {
            Phase::FirstCard => {
                // A remembered pair: take it.
                for (i, &(p, label)) in memory.iter().enumerate() {
                    if memory[i + 1..].iter().any(|&(_, l)| l == label) {
                        return p;
                    }
                }
                let candidates = forgotten(None);
                if candidates.is_empty() {
                    // It remembers every card and no two match: turn any of them.
                    self.pick(&on_table)
                } else {
                    self.pick(&candidates)
                }
            }
            Phase::SecondCard {
                first,
                first_was_known,
            } => {
                let label = match view.slots()[first] {
                    Slot::Known(c) => c.label,
                    _ => panic!("the first card is face up"),
                };
                if let Some(&(p, _)) = memory.iter().find(|&&(p, l)| l == label && p != first) {
                    return p;
                }
                let pass_allowed = match view.pass_rule() {
                    None => true,
                    Some(crate::rules::PassRule::None) => false,
                    Some(crate::rules::PassRule::Ko) => !view.after_pass(),
                    Some(_) => true,
                };
                let legal = |p: usize| match view.slots()[p] {
                    Slot::Known(c) => c.label == label || !first_was_known || pass_allowed,
                    Slot::Unknown => true,
                    Slot::Removed(_) => false,
                };
                let candidates: Vec<usize> = forgotten(Some(first))
                    .into_iter()
                    .filter(|&p| legal(p))
                    .collect();
                if candidates.is_empty() {
                    let any: Vec<usize> = on_table
                        .iter()
                        .copied()
                        .filter(|&p| p != first && legal(p))
                        .collect();
                    self.pick(&any)
                } else {
                    self.pick(&candidates)
                }
            }
            Phase::Over(_) => panic!("no move in a finished game"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deck, Game, PassRule, Players};

    fn play_out(memory: usize, rule: PassRule, seed: u64) {
        let deck = Deck::parse("pairs:8").unwrap();
        let mut game = Game::new(deck, seed, Players::Two(rule)).unwrap();
        let mut a = Forgetful::new(memory, seed);
        let mut flips = 0;
        while !game.view().is_over() {
            let p = a.choose(game.view());
            game.try_flip(p).expect("forgetful plays legal flips");
            flips += 1;
            assert!(flips < 10_000, "the game ends");
        }
    }

    #[test]
    fn always_legal_and_the_game_ends() {
        for rule in PassRule::ALL {
            for memory in [0, 1, Forgetful::EASY, Forgetful::MEDIUM, 100] {
                for seed in 0..5 {
                    play_out(memory, rule, seed);
                }
            }
        }
    }

    #[test]
    fn remembers_only_the_last_cards() {
        let deck = Deck::parse("pairs:8").unwrap();
        let mut game = Game::new(deck, 3, Players::Two(PassRule::Agreed)).unwrap();
        for p in 0..6 {
            let _ = game.try_flip(p);
        }
        let f = Forgetful::new(2, 0);
        assert!(f.remembered(game.view()).len() <= 2);
        assert_eq!(f.name(), "forgetful-easy");
    }
}
