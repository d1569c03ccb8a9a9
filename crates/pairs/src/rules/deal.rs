//! The deal of a round: one card face up to each player in seat order; the lowest moves
//! first; players tied for lowest draw further cards in seat order, the lowest of those
//! breaking the tie (again while tied). A tiebreak card that pairs its owner's stack is
//! discarded face up and replaced. A tied player for whom every card left (deck and
//! discards) pairs their stack gets no card and counts as highest; if no tied player can
//! get one, the first of them in seat order moves first.

use super::deck::{Rank, Stack};

/// Where the deal takes cards from: the engine's deck, reshuffled from the discards
/// when it runs out.
pub(super) trait Source {
    /// The next card, or `None` if deck and discards are both empty.
    fn draw(&mut self) -> Option<Rank>;
    /// Puts a card on the discard pile, face up.
    fn discard(&mut self, rank: Rank);
    /// Whether a card that does not pair `stack` is left in the deck or the discards.
    fn holds_card_outside(&self, stack: Stack) -> bool;
}

/// What became of a card dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealFate {
    /// A player's first card.
    First,
    /// A tiebreak card, kept in the stack.
    Tiebreak,
    /// A tiebreak card that paired its owner's stack: discarded face up.
    Discarded,
}

/// One card of the deal, in the order dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealCard {
    /// The seat it was dealt to.
    pub seat: usize,
    /// Its rank.
    pub rank: Rank,
    /// Kept or discarded.
    pub(crate) fate: DealFate,
}

/// The cards dealt (in seat order, each stack in the order its cards came) and who
/// moves first; `None` if the cards ran out before every player had one.
pub(super) fn deal(
    source: &mut impl Source,
    players: usize,
    log: &mut Vec<DealCard>,
) -> Option<(Vec<Vec<Rank>>, usize)> {
    let mut stacks: Vec<Vec<Rank>> = vec![Vec::new(); players];
    for seat in 0..players {
        let Some(rank) = source.draw() else {
            // Too few cards for a deal: those dealt go back face up to the discards.
            for &r in stacks.iter().flatten() {
                source.discard(r);
            }
            return None;
        };
        stacks[seat].push(rank);
        log.push(DealCard {
            seat,
            rank,
            fate: DealFate::First,
        });
    }
    let low = stacks.iter().map(|s| s[0]).min()?;
    let mut tied: Vec<usize> = (0..players).filter(|&i| stacks[i][0] == low).collect();
    while tied.len() > 1 {
        let mut cards: Vec<Option<Rank>> = Vec::with_capacity(tied.len());
        for &seat in &tied {
            cards.push(tiebreak_card(source, &mut stacks[seat], seat, log));
        }
        let Some(low) = cards.iter().flatten().min().copied() else {
            // No tied player could get a card: the first of them moves first.
            break;
        };
        tied = tied
            .iter()
            .zip(&cards)
            .filter(|(_, c)| **c == Some(low))
            .map(|(&seat, _)| seat)
            .collect();
    }
    Some((stacks, tied[0]))
}

/// A tiebreak card for `seat`, discarding (face up) cards that pair its stack; `None`
/// when no card left could ever be kept.
fn tiebreak_card(
    source: &mut impl Source,
    stack: &mut Vec<Rank>,
    seat: usize,
    log: &mut Vec<DealCard>,
) -> Option<Rank> {
    let own = Stack::of(stack);
    if !source.holds_card_outside(own) {
        return None;
    }
    loop {
        // A card outside the stack is left, so a draw always finds one in the end.
        let rank = source.draw()?;
        if own.has(rank) {
            source.discard(rank);
            log.push(DealCard {
                seat,
                rank,
                fate: DealFate::Discarded,
            });
        } else {
            stack.push(rank);
            log.push(DealCard {
                seat,
                rank,
                fate: DealFate::Tiebreak,
            });
            return Some(rank);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deck dealt from the top, in the order given; discards are reshuffled in order.
    struct Script {
        deck: Vec<Rank>,
        pile: Vec<Rank>,
    }

    impl Source for Script {
        fn draw(&mut self) -> Option<Rank> {
            if self.deck.is_empty() {
                self.deck = std::mem::take(&mut self.pile);
            }
            (!self.deck.is_empty()).then(|| self.deck.remove(0))
        }
        fn discard(&mut self, rank: Rank) {
            self.pile.push(rank);
        }
        fn holds_card_outside(&self, stack: Stack) -> bool {
            self.deck.iter().chain(&self.pile).any(|&r| !stack.has(r))
        }
    }

    fn run(deck: &[Rank], players: usize) -> (Vec<Vec<Rank>>, usize, Vec<DealCard>) {
        let mut s = Script {
            deck: deck.to_vec(),
            pile: Vec::new(),
        };
        let mut log = Vec::new();
        let (stacks, first) = deal(&mut s, players, &mut log).unwrap();
        (stacks, first, log)
    }

    #[test]
    fn the_lowest_card_moves_first() {
        let (stacks, first, _) = run(&[7, 3, 9], 3);
        assert_eq!(stacks, [vec![7], vec![3], vec![9]]);
        assert_eq!(first, 1);
    }

    #[test]
    fn ties_draw_again_in_seat_order_and_pairs_are_replaced() {
        // Seats 0 and 2 tie on 4; seat 0 draws 4 (pairs: discarded), then 6; seat 2
        // draws 5: seat 2 is lowest and moves first. Seat 1 gets no tiebreak card.
        let (stacks, first, log) = run(&[4, 8, 4, 4, 6, 5], 3);
        assert_eq!(stacks, [vec![4, 6], vec![8], vec![4, 5]]);
        assert_eq!(first, 2);
        assert_eq!(log[3].fate, DealFate::Discarded);
        assert_eq!(log.len(), 6);
    }

    #[test]
    fn ties_repeat_while_tied() {
        let (stacks, first, _) = run(&[2, 2, 5, 5, 9, 3], 2);
        assert_eq!(stacks, [vec![2, 5, 9], vec![2, 5, 3]]);
        assert_eq!(first, 1);
    }

    #[test]
    fn a_player_who_can_get_no_card_counts_as_highest() {
        // Both hold 1 and 2; the cards left are a 2 and a 3: seat 0 draws the 2
        // (discarded), then the 3; seat 1 then has only the 2 left, which pairs: it gets
        // no card, and seat 0 moves first.
        let (stacks, first, _) = run(&[1, 1, 2, 2, 2, 3], 2);
        assert_eq!(stacks, [vec![1, 2, 3], vec![1, 2]]);
        assert_eq!(first, 0);
    }

    #[test]
    fn when_no_tied_player_can_get_a_card_the_first_moves_first() {
        // Seats 1 and 2 tie on 3; every card left is a 3.
        let (stacks, first, log) = run(&[5, 3, 3, 3], 3);
        assert_eq!(stacks, [vec![5], vec![3], vec![3]]);
        assert_eq!(first, 1);
        assert_eq!(log.len(), 3);
    }
}
