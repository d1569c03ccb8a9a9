//! AIs at a Zebra table: policies over the Zebra state (optimal, usual), each choice
//! carried out on a card that pairs by [`crate::rules::Deck::matches`] (same rank,
//! opposite colour), never by rank alone.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::ZebraOptimal;
use super::zebra::{zebra_candidates, zebra_state_of};
use crate::rules::{PublicView, below};
use crate::solver::zebra::{ZebraAction, ZebraColour, ZebraFirstCard, ZebraState};

/// A strategy over the Zebra state: what to do at a decision point.
pub trait ZebraPolicy {
    /// The action to take in `state`. Must be legal there.
    fn act(&mut self, state: &ZebraState) -> ZebraAction;
}

impl ZebraPolicy for ZebraOptimal {
    fn act(&mut self, state: &ZebraState) -> ZebraAction {
        Self::act(self, state)
    }
}

/// The usual strategy on Zebra: take a known pair (a known card whose opposite-colour
/// partner is known too); else turn an unknown card; if its partner is known take it,
/// otherwise turn another unknown card. A twin is never taken for a pair. Never passes.
#[derive(Debug, Clone, Copy, Default)]
pub struct ZebraUsual;

impl ZebraPolicy for ZebraUsual {
    fn act(&mut self, state: &ZebraState) -> ZebraAction {
        let partner_known =
            |p: crate::solver::zebra::ZebraPattern, c: ZebraColour| p.known(c.opposite()) > 0;
        match state.first {
            None => state
                .position
                .iter()
                .flat_map(|(p, _)| ZebraColour::BOTH.map(|c| (p, c)))
                .find(|&(p, c)| p.known(c) > 0 && partner_known(p, c))
                .map_or(ZebraAction::Unknown, |(p, c)| ZebraAction::Known(p, c)),
            // A revealed card's pattern is from before the flip: its known cards are
            // still known.
            Some(ZebraFirstCard::Revealed(p, c) | ZebraFirstCard::Held(p, c))
                if partner_known(p, c) =>
            {
                ZebraAction::Match
            }
            // A held card without a known partner only when someone else chose it.
            Some(_) => ZebraAction::Unknown,
        }
    }
}

/// A Zebra policy playing on a real table, its card choices from a seeded stream.
pub struct ZebraAgent {
    policy: Box<dyn ZebraPolicy + Send>,
    rng: ChaCha8Rng,
}

impl ZebraAgent {
    /// An agent whose card choices come from a stream seeded with `seed`.
    #[must_use]
    pub fn new(policy: Box<dyn ZebraPolicy + Send>, seed: u64) -> Self {
        Self {
            policy,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Starts a fresh stream of card choices (a new game).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// The position to turn next: a card chosen uniformly among those that carry out
    /// the policy's action.
    ///
    /// # Panics
    /// If the game is over or the policy names an impossible action.
    pub fn choose(&mut self, view: &PublicView) -> usize {
        let action = self.policy.act(&zebra_state_of(view));
        let candidates = zebra_candidates(view, action);
        assert!(!candidates.is_empty(), "no card for {action}");
        let i = below(&mut self.rng, candidates.len() as u64);
        candidates[usize::try_from(i).expect("index fits")]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Card, Deck, Game, Label, PassRule, Players, Slot};

    /// 7♥ known and its twin 7♦ known, the black 7s unknown: the usual player starting a
    /// turn does not take the twins for a pair.
    #[test]
    fn the_usual_player_never_takes_twins() {
        let deck = Deck::parse("zebra:2").unwrap();
        let cards: Vec<Card> = (0..2)
            .flat_map(|l| {
                (0..4).map(move |copy| Card {
                    label: Label(l),
                    copy,
                })
            })
            .collect();
        let mut game = Game::from_cards(deck, cards, 0, Players::two(PassRule::None));
        game.try_flip(0).unwrap();
        game.try_flip(1).unwrap(); // A♥ A♦: twins, a miss
        let mut agent = ZebraAgent::new(Box::new(ZebraUsual), 1);
        for _ in 0..20 {
            let p = agent.choose(game.view());
            assert!(
                matches!(game.view().slots()[p], Slot::Unknown),
                "turned {p}"
            );
        }
        // With the twin known, turning the black ace pairs it with a known red one.
        game.try_flip(2).unwrap();
        let p = agent.choose(game.view());
        assert!(
            p < 2,
            "the known red ace pairs with the black one: turned {p}"
        );
    }
}
