//! Turn logic: the hidden table and the one way to change it, [`Game::try_flip`].

use thiserror::Error;

use super::board::{Board, Layout};
use super::deck::{Deck, DeckError};
use super::duel_table;
use super::layout::{Card, deal};
use super::moving::{Moving, Swap, Swaps};
use super::options::{PassRule, Reach, Seat, Taker, Variant};
use super::view::{
    EndReason, Flip, GameResult, Outcome, Phase, Players, PublicView, Slot, Table, Tally, TurnEnd,
};
use crate::seats::{MAX_SEATS, MIN_SEATS};

/// Why a flip was refused. A refused flip changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalFlip {
    /// No such position on the table.
    #[error("there is no card at position {0}")]
    OutOfRange(usize),
    /// The card at that position was taken as part of a pair.
    #[error("that card has been removed")]
    Removed,
    /// The first card of this turn cannot be the second as well.
    #[error("that card is already face up this turn")]
    SameCard,
    /// Two known, non-matching cards make a pass, which the pass rule forbids here.
    #[error("a pass is not allowed here ({0})")]
    PassForbidden(PassRule),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// In the Two Decks Duel, a card of the other seat's side: each turns their own.
    #[error("that card is on the other side: turn one of your own")]
    OtherSide,
}

/// A table the rules do not define.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TableError {
    /// Fewer than 2 or more than 6 seats.
    #[error("{0} seats: a table has {MIN_SEATS} to {MAX_SEATS}")]
    Seats(u8),
    /// With three or more seats only `none` and `agreed` are defined.
    #[error("pass rule '{0}' needs two players: with three or more, use 'none' or 'agreed'")]
    PassRule(PassRule),
    /// The Two Decks Duel is played by two, a side each.
    #[error("variant '{1}': the Two Decks Duel is played by two, a side each ({0} seats given)")]
    Duel(u8, Variant),
}

impl Table {
    /// Two seats under `pass_rule` and `variant` (every pass rule is open to two).
    #[must_use]
    pub fn two(pass_rule: PassRule, variant: Variant) -> Self {
        Self {
            seats: 2,
            pass_rule,
            variant,
        }
    }

    /// Checks that the rules define this table.
    ///
    /// # Errors
    /// A [`TableError`].
    pub fn check(self) -> Result<Self, TableError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&usize::from(self.seats)) {
            return Err(TableError::Seats(self.seats));
        }
        if self.seats > 2 && !matches!(self.pass_rule, PassRule::None | PassRule::Agreed) {
            return Err(TableError::PassRule(self.pass_rule));
        }
        if self.variant.duel().is_some() && self.seats != 2 {
            return Err(TableError::Duel(self.seats, self.variant));
        }
        Ok(self)
    }
}

/// A game in progress: the hidden table plus the public view.
///
/// The faces of face-down cards are private to this type; everything a player may know
/// is in [`Game::view`].
#[derive(Debug, Clone)]
pub struct Game {
    hidden: Vec<Card>,
    view: PublicView,
    seed: u64,
    /// The cards as dealt, before any swap.
    dealt: Vec<Card>,
    /// Where the cards lie (no rule reads it).
    board: Board,
    /// Every how many turns two face-down cards swap, if they do.
    moving: Option<Moving>,
    swaps: Swaps,
}

impl Game {
    /// Deals `deck` with `seed` for `players` (a table checked by [`Table::check`], or
    /// solitaire).
    ///
    /// # Errors
    /// The deck does not fit on a table, or is no duel at a table of the Two Decks Duel.
    pub fn new(deck: Deck, seed: u64, players: Players) -> Result<Self, DeckError> {
        deck.check_playable()?;
        let hidden = if players.variant().duel().is_some() {
            deck.duel_side()?;
            duel_table::deal(&deck, seed)
        } else {
            deal(&deck, seed)
        };
        Ok(Self::from_cards(deck, hidden, seed, players))
    }

    /// A game on a given arrangement of cards (tests, puzzles). `seed` is only recorded.
    ///
    /// # Panics
    /// If `cards` is not a permutation of the deck's cards.
    #[must_use]
    pub fn from_cards(deck: Deck, cards: Vec<Card>, seed: u64, players: Players) -> Self {
        assert_eq!(cards.len(), deck.cards(), "cards do not fill the deck");
        let slots = vec![Slot::Unknown; cards.len()];
        let board = if players.variant().duel().is_some() {
            duel_table::board(&deck)
        } else {
            Board::new(Layout::Grid, &deck, seed)
        };
        Self {
            dealt: cards.clone(),
            board,
            moving: None,
            swaps: Swaps::new(seed),
            hidden: cards,
            view: PublicView {
                deck,
                players,
                slots,
                phase: Phase::FirstCard,
                mover: Seat::FIRST,
                pairs: Tally::new(players.seats()),
                passes: 0,
                turns: 0,
                misses: 0,
                flips: Vec::new(),
                reach: Reach::WithinMove,
                live: None,
            },
            seed,
        }
    }

    /// The same game laid out as `layout` (a scatter strewn from the seed). The rules
    /// never read a place. The Two Decks Duel keeps its two fields (the command line
    /// refuses another layout).
    #[must_use]
    pub fn laid_out(mut self, layout: Layout) -> Self {
        if self.view.players.variant().duel().is_none() {
            self.board = Board::new(layout, &self.view.deck, self.seed);
        }
        self
    }

    /// The same game with moving cards: after every `moving` turns two face-down cards
    /// swap places (see [`Game::try_flip`]).
    #[must_use]
    /// The checkerboard's cards never move: their backs lie in a fixed pattern
    /// (docs/variants.md), nor do the Duel's, each on its owner's side; so `moving` is
    /// ignored there (the command line refuses it).
    pub fn moving(mut self, moving: Option<Moving>) -> Self {
        let fixed = self.view.deck().is_checker() || self.view.players.variant().duel().is_some();
        self.moving = moving.filter(|_| !fixed);
        self
    }

    /// The same solitaire game with pairs reaching `reach` far: across two moves, the
    /// easier game (see [`Game::try_flip`]). A table keeps its pairs within a move.
    #[must_use]
    pub fn reaching(mut self, reach: Reach) -> Self {
        if self.view.players == Players::Solitaire {
            self.view.reach = reach;
        }
        self
    }

    /// The same game at its start: the cards as dealt, no flip yet, the same layout,
    /// moving cards and reach of a pair (analyses replay a game's flips on it).
    #[must_use]
    pub fn at_start(&self) -> Self {
        Self::from_cards(
            self.view.deck.clone(),
            self.dealt.clone(),
            self.seed,
            self.view.players,
        )
        .moving(self.moving)
        .reaching(self.view.reach)
        .with_board(self.board.clone())
    }

    fn with_board(mut self, board: Board) -> Self {
        self.board = board;
        self
    }

    /// Where the cards lie.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every how many turns cards swap, if they do.
    #[must_use]
    pub fn moving_every(&self) -> Option<Moving> {
        self.moving
    }

    /// Everything public: what players, hints and the AI may use.
    #[must_use]
    pub fn view(&self) -> &PublicView {
        &self.view
    }

    /// The seed the table was dealt from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The card at a position now, face up or not. For the end screen, replays and
    /// tests; players never get this. With moving cards a flip's card may lie
    /// elsewhere by now: the flip itself says what it showed.
    #[must_use]
    pub fn reveal_all(&self) -> &[Card] {
        &self.hidden
    }

    /// Checks whether turning `position` now is legal, without changing anything.
    ///
    /// # Errors
    /// The reason the flip would be refused.
    pub fn check_flip(&self, position: usize) -> Result<(), IllegalFlip> {
        let v = &self.view;
        let slot = *v
            .slots
            .get(position)
            .ok_or(IllegalFlip::OutOfRange(position))?;
        match v.phase {
            Phase::Over(_) => Err(IllegalFlip::GameOver),
            _ if matches!(slot, Slot::Removed(_)) => Err(IllegalFlip::Removed),
            _ if v.side_of(position).is_some_and(|side| side != v.mover) => {
                Err(IllegalFlip::OtherSide)
            }
            // The easier game's last card is still face up.
            Phase::FirstCard if v.live == Some(position) => Err(IllegalFlip::SameCard),
            Phase::FirstCard => Ok(()),
            Phase::SecondCard {
                first,
                first_was_known,
            } => {
                if first == position {
                    return Err(IllegalFlip::SameCard);
                }
                let is_pass = first_was_known
                    && matches!(slot, Slot::Known(c) if !v.deck.matches(c, self.hidden[first]));
                if is_pass
                    && !self.pass_allowed()
                    && let Players::Table(t) = v.players
                {
                    return Err(IllegalFlip::PassForbidden(t.pass_rule));
                }
                Ok(())
            }
        }
    }

    /// Whether the mover may pass now.
    #[must_use]
    pub(crate) fn pass_allowed(&self) -> bool {
        match self.view.players {
            Players::Solitaire => true,
            Players::Table(t) => match t.pass_rule {
                PassRule::None => false,
                PassRule::Ko => !self.view.after_pass(),
                _ => true,
            },
        }
    }

    /// Turns the card at `position` face up and applies the rules. In the easier game
    /// ([`Reach::AcrossMoves`]) the card turned last stays live: a first card that
    /// matches it takes the pair at once and the move goes on with its second card (or
    /// ends, if that cleared the table); the move then counts as one that took a pair.
    /// A move is still two cards, so the moves are the flips halved, rounded up.
    ///
    /// With moving cards, a turn that leaves the count of turns a multiple of N (and the
    /// game not over) swaps two face-down cards drawn from the game's own stream, apart
    /// from the deal's: any two but the turn's own two, which stay where everyone just
    /// saw them.
    ///
    /// # Errors
    /// An [`IllegalFlip`]; the game is then unchanged.
    pub fn try_flip(&mut self, position: usize) -> Result<Flip, IllegalFlip> {
        self.check_flip(position)?;
        let seat = self.view.mover;
        let card = self.hidden[position];
        let was_known = matches!(self.view.slots[position], Slot::Known(_));
        self.view.slots[position] = Slot::Known(card);
        let across = self.view.phase == Phase::FirstCard
            && self
                .view
                .live
                .is_some_and(|l| self.view.deck.matches(self.hidden[l], card));
        let turn_end = match self.view.phase {
            Phase::SecondCard {
                first,
                first_was_known,
            } => Some(self.finish_turn(first, first_was_known, position, was_known)),
            _ if across => self.take_across(position),
            _ => {
                self.view.phase = Phase::FirstCard;
                None
            }
        };
        if turn_end.is_none() {
            self.view.phase = Phase::SecondCard {
                first: position,
                first_was_known: was_known,
            };
            // The Duel's second card is the answerer's, from their own side.
            if self.view.players.variant().duel().is_some() {
                self.view.mover = seat.other();
            }
        }
        if self.view.reach == Reach::AcrossMoves {
            let on_table = matches!(self.view.slots[position], Slot::Known(_));
            self.view.live = (on_table && !self.view.is_over()).then_some(position);
        }
        let swap = match (turn_end, self.view.phase) {
            (Some(_), Phase::FirstCard) => self.move_cards(position),
            _ => None,
        };
        let flip = Flip {
            seat,
            position,
            card,
            was_known,
            turn_end,
            swap,
            across,
        };
        self.view.flips.push(flip);
        Ok(flip)
    }

    /// The swap due after the turn that ended at `second` (its first card is the flip
    /// before), made on the hidden table and in the view alike.
    fn move_cards(&mut self, second: usize) -> Option<Swap> {
        let due = self.moving.is_some_and(|m| m.due(self.view.turns));
        if !due {
            return None;
        }
        let first = self.view.flips.last().map(|f| f.position);
        let candidates: Vec<usize> = (0..self.hidden.len())
            .filter(|&p| p != second && Some(p) != first)
            .filter(|&p| !matches!(self.view.slots[p], Slot::Removed(_)))
            .collect();
        let swap = self.swaps.draw(&candidates)?;
        self.hidden.swap(swap.a, swap.b);
        self.view.slots.swap(swap.a, swap.b);
        Some(swap)
    }

    /// The easier game's pair across two moves: the first card at `position` completes
    /// the live card. The move ends here only if the table is cleared.
    fn take_across(&mut self, position: usize) -> Option<TurnEnd> {
        let v = &mut self.view;
        let live = v.live.take().expect("a live card to complete");
        v.slots[live] = Slot::Removed(self.hidden[live]);
        v.slots[position] = Slot::Removed(self.hidden[position]);
        v.pairs.add(v.mover);
        if v.slots.iter().all(|s| matches!(s, Slot::Removed(_))) {
            v.turns += 1;
            self.end(EndReason::Cleared);
            return Some(TurnEnd::Pair);
        }
        None
    }

    fn finish_turn(
        &mut self,
        first: usize,
        first_was_known: bool,
        second: usize,
        second_was_known: bool,
    ) -> TurnEnd {
        let v = &mut self.view;
        v.turns += 1;
        // The first card took a pair across moves: the move took its pair.
        if matches!(v.slots[first], Slot::Removed(_)) {
            v.phase = Phase::FirstCard;
            return TurnEnd::Pair;
        }
        let (a, b) = (self.hidden[first], self.hidden[second]);
        let seats = v.players.seats();
        // The Duel's turn is the leader's (who turned the first card): the turn passes
        // from them as any turn does, so the answerer leads the next.
        let taker = match v.players.variant().duel() {
            None => v.mover,
            Some(taker) => {
                v.mover = v.mover.other();
                match taker {
                    Taker::Answerer => v.mover.other(),
                    Taker::Leader => v.mover,
                }
            }
        };
        if v.deck.matches(a, b) {
            v.slots[first] = Slot::Removed(a);
            v.slots[second] = Slot::Removed(b);
            // A pair scores its points: the jokers that count double, 2.
            for _ in 0..v.deck.points(a.label) {
                v.pairs.add(taker);
            }
            v.passes = 0;
            v.phase = Phase::FirstCard;
            if v.slots.iter().all(|s| matches!(s, Slot::Removed(_))) {
                self.end(EndReason::Cleared);
            } else if !v.players.variant().pair_goes_again() {
                v.mover = v.mover.next(seats);
            }
            return TurnEnd::Pair;
        }
        v.misses += 1;
        v.phase = Phase::FirstCard;
        let is_pass = first_was_known && second_was_known;
        let end = if is_pass {
            TurnEnd::Pass
        } else {
            TurnEnd::Miss
        };
        match (v.players, is_pass) {
            (Players::Solitaire, _) => {}
            (Players::Table(t), true) => match t.pass_rule {
                // The pass that follows a pass by every other seat ends the game.
                PassRule::Agreed if usize::from(v.passes) + 1 >= seats => {
                    self.end(EndReason::AgreedEnd);
                }
                PassRule::Quit => self.end(EndReason::Quit),
                PassRule::Withdraw => self.end(EndReason::Withdrawn),
                _ => {
                    v.passes += 1;
                    v.mover = v.mover.next(seats);
                }
            },
            (Players::Table(_), false) => {
                v.passes = 0;
                v.mover = v.mover.next(seats);
            }
        }
        end
    }

    fn end(&mut self, reason: EndReason) {
        let v = &mut self.view;
        let outcome = match (v.players, reason) {
            (Players::Solitaire, _) => Outcome::Solo,
            (_, EndReason::Withdrawn) => Outcome::Draw,
            _ => v.pairs.leader().map_or(Outcome::Draw, Outcome::Winner),
        };
        v.phase = Phase::Over(GameResult {
            outcome,
            reason,
            pairs: v.pairs,
            turns: v.turns,
        });
    }
}

#[cfg(test)]
mod tests;
