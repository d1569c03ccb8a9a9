//! The luck-adjusted figure: how many moves the optimal player would have needed on the
//! same deal had it turned unknown cards in the same order as the player.
//!
//! The rule, fixed so that the figure is reproducible:
//!
//! 1. The *flip order* is the list of table positions in the order the player first saw
//!    them (every flip of a card that was unknown until then). A finished game turns
//!    every card, so its flip order covers the whole table.
//! 2. The optimal player ([`Par::choose`]) plays the same deal from the start. Whenever it
//!    turns an unknown card it takes the next position of the flip order; when the order
//!    runs out (an unfinished game) it goes on with the unknown positions in table order
//!    (row by row, from the top left).
//! 3. Whenever it turns a known card (the partner of its first card, a card of a known
//!    pair, or another known card), it takes the lowest such position that carries out
//!    its action. On a pairs deck this choice never changes the count.
//!
//! The figure is the number of moves it needs to clear the table. On a pairs deck the
//! optimal (greedy) player's moves are a function of the order of unknown cards alone,
//! which is why this measures luck: the expected optimum `e(n, 0)` minus this figure is
//! what the deal and the player's order of discovery gave, and the player's moves minus
//! this figure is what the player's choices cost.

use super::par::Par;
use crate::rules::{Card, Deck, Game, Players, PublicView};
use crate::solver::{Action, SolveError};

/// Positions in the order they were first turned in a game so far.
#[must_use]
pub fn flip_order(view: &PublicView) -> Vec<usize> {
    view.flips()
        .iter()
        .filter(|f| !f.was_known)
        .map(|f| f.position)
        .collect()
}

/// Moves the optimal player needs on the deal `cards` of `par`'s deck, turning unknown
/// cards in `order` first (see the module documentation for the rule).
///
/// # Errors
/// A deck the solver refuses (never for a deck `par` was built for).
///
/// # Panics
/// If `cards` is not a deal of the deck.
pub fn luck_adjusted(par: &mut Par, cards: &[Card], order: &[usize]) -> Result<u32, SolveError> {
    let deck: Deck = par.deck().clone();
    let mut game =
        Game::from_cards(deck, cards.to_vec(), 0, Players::Solitaire).reaching(par.rule().reach());
    let mut order = order.iter().copied();
    while !game.view().is_over() {
        let view = game.view();
        let action = par.choose_at(view)?;
        let position = match action {
            Action::Unknown => order
                .by_ref()
                .find(|&p| view.unknown_positions().any(|u| u == p))
                .or_else(|| view.unknown_positions().next())
                .expect("an unknown card is left"),
            _ => *par
                .candidates_at(view, action)
                .first()
                .expect("a known card carries out the action"),
        };
        game.try_flip(position)
            .expect("the optimal player's flip is legal");
    }
    Ok(game.view().turns())
}
