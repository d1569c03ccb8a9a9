//! Turn logic: the hidden table and the one way to change it, [`Game::try_flip`].

use thiserror::Error;

use super::board::{Board, Layout};
use super::deck::{Deck, DeckError};
use super::layout::{Card, deal};
use super::moving::{Moving, Swap, Swaps};
use super::options::{PassRule, Seat, Variant};
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
    /// The Two Decks Duel's turn (a leader and an answerer, a side each) is not this
    /// table's turn of one mover.
    #[error(
        "variant '{0}': the Two Decks Duel is solved (solve, duel) but not yet played at a table"
    )]
    Duel(Variant),
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
        if self.variant.duel().is_some() {
            return Err(TableError::Duel(self.variant));
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
    /// The deck does not fit on a table.
    pub fn new(deck: Deck, seed: u64, players: Players) -> Result<Self, DeckError> {
        deck.check_playable()?;
        let hidden = deal(&deck, seed);
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
        let board = Board::new(Layout::Grid, &deck, seed);
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
            },
            seed,
        }
    }

    /// The same game laid out as `layout` (a scatter strewn from the seed). The rules
    /// never read a place.
    #[must_use]
    pub fn laid_out(mut self, layout: Layout) -> Self {
        self.board = Board::new(layout, &self.view.deck, self.seed);
        self
    }

    /// The same game with moving cards: after every `moving` turns two face-down cards
    /// swap places (see [`Game::try_flip`]).
    #[must_use]
    /// The checkerboard's cards never move: their backs lie in a fixed pattern
    /// (docs/variants.md), so `moving` is ignored there (the command line refuses it).
    pub fn moving(mut self, moving: Option<Moving>) -> Self {
        self.moving = moving.filter(|_| !self.view.deck().is_checker());
        self
    }

    /// The same game at its start: the cards as dealt, no flip yet, the same layout
    /// and moving cards (analyses replay a game's flips on it).
    #[must_use]
    pub fn at_start(&self) -> Self {
        Self::from_cards(
            self.view.deck.clone(),
            self.dealt.clone(),
            self.seed,
            self.view.players,
        )
        .moving(self.moving)
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

    /// Turns the card at `position` face up and applies the rules. With moving cards,
    /// a turn that leaves the count of turns a multiple of N (and the game not over)
    /// swaps two face-down cards drawn from the game's own stream, apart from the
    /// deal's: any two but the turn's own two, which stay where everyone just saw them.
    ///
    /// # Errors
    /// An [`IllegalFlip`]; the game is then unchanged.
    pub fn try_flip(&mut self, position: usize) -> Result<Flip, IllegalFlip> {
        self.check_flip(position)?;
        let seat = self.view.mover;
        let card = self.hidden[position];
        let was_known = matches!(self.view.slots[position], Slot::Known(_));
        self.view.slots[position] = Slot::Known(card);
        let turn_end = match self.view.phase {
            Phase::SecondCard {
                first,
                first_was_known,
            } => Some(self.finish_turn(first, first_was_known, position, was_known)),
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

    fn finish_turn(
        &mut self,
        first: usize,
        first_was_known: bool,
        second: usize,
        second_was_known: bool,
    ) -> TurnEnd {
        let v = &mut self.view;
        v.turns += 1;
        let (a, b) = (self.hidden[first], self.hidden[second]);
        let seats = v.players.seats();
        if v.deck.matches(a, b) {
            v.slots[first] = Slot::Removed(a);
            v.slots[second] = Slot::Removed(b);
            // A pair scores its points: the jokers that count double, 2.
            for _ in 0..v.deck.points(a.label) {
                v.pairs.add(v.mover);
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
mod tests {
    use super::*;
    use crate::rules::deck::Label;

    /// `pairs:3` laid out as labels 0 1 2 / 0 1 2.
    fn small(rule: PassRule) -> Game {
        let deck = Deck::parse("pairs:3").unwrap();
        let cards = [0, 1, 2, 0, 1, 2]
            .iter()
            .enumerate()
            .map(|(i, &l)| Card {
                label: Label(l),
                copy: u8::from(i >= 3),
            })
            .collect();
        Game::from_cards(deck, cards, 0, Players::two(rule))
    }

    #[test]
    fn a_pair_scores_and_the_mover_goes_again() {
        let mut g = small(PassRule::Agreed);
        g.try_flip(0).unwrap();
        let f = g.try_flip(3).unwrap();
        assert_eq!(f.turn_end, Some(TurnEnd::Pair));
        assert_eq!(*g.view().pairs(), [1, 0]);
        assert_eq!(g.view().mover(), Seat::FIRST);
        assert_eq!(g.try_flip(0), Err(IllegalFlip::Removed));
    }

    #[test]
    fn a_miss_passes_the_turn() {
        let mut g = small(PassRule::Agreed);
        g.try_flip(0).unwrap();
        let f = g.try_flip(1).unwrap();
        assert_eq!((f.turn_end, f.seat), (Some(TurnEnd::Miss), Seat::FIRST));
        assert_eq!(g.view().mover(), Seat::SECOND);
        assert!(!g.view().after_pass());
    }

    #[test]
    fn same_card_twice_is_refused_and_changes_nothing() {
        let mut g = small(PassRule::Agreed);
        g.try_flip(0).unwrap();
        let before = g.view().clone();
        assert_eq!(g.try_flip(0), Err(IllegalFlip::SameCard));
        assert_eq!(g.try_flip(9), Err(IllegalFlip::OutOfRange(9)));
        assert_eq!(g.view(), &before);
    }

    fn reveal_and_pass(rule: PassRule) -> Game {
        let mut g = small(rule);
        g.try_flip(0).unwrap();
        g.try_flip(1).unwrap(); // miss: 0 and 1 known, second seat to move
        g.try_flip(2).unwrap();
        g.try_flip(4).unwrap(); // miss: 2 and 4 (label 1) known; first seat to move
        g
    }

    #[test]
    fn agreed_pass_then_pass_ends_the_game() {
        let mut g = reveal_and_pass(PassRule::Agreed);
        g.try_flip(0).unwrap();
        g.try_flip(2).unwrap(); // known 0, known 2: a pass
        assert!(g.view().after_pass());
        assert_eq!(g.view().mover(), Seat::SECOND);
        g.try_flip(0).unwrap();
        let f = g.try_flip(2).unwrap();
        assert_eq!(f.turn_end, Some(TurnEnd::Pass));
        match g.view().phase() {
            Phase::Over(r) => {
                assert_eq!(r.reason, EndReason::AgreedEnd);
                assert_eq!(r.outcome, Outcome::Draw);
            }
            p => panic!("not over: {p:?}"),
        }
    }

    #[test]
    fn ko_forbids_a_pass_after_a_pass() {
        let mut g = reveal_and_pass(PassRule::Ko);
        g.try_flip(0).unwrap();
        g.try_flip(2).unwrap();
        g.try_flip(0).unwrap();
        let before = g.view().clone();
        assert_eq!(g.try_flip(2), Err(IllegalFlip::PassForbidden(PassRule::Ko)));
        assert_eq!(g.view(), &before);
        // The known partner of a known card is not a pass.
        assert!(g.try_flip(4).is_ok() || g.check_flip(3).is_ok());
    }

    #[test]
    fn none_forbids_every_pass_but_allows_known_then_unknown() {
        let mut g = reveal_and_pass(PassRule::None);
        g.try_flip(0).unwrap();
        assert_eq!(
            g.try_flip(2),
            Err(IllegalFlip::PassForbidden(PassRule::None))
        );
        assert_eq!(g.try_flip(3).unwrap().turn_end, Some(TurnEnd::Pair));
    }

    #[test]
    fn quit_and_withdraw_end_on_any_pass() {
        for (rule, outcome) in [
            (PassRule::Quit, Outcome::Draw),
            (PassRule::Withdraw, Outcome::Draw),
        ] {
            let mut g = reveal_and_pass(rule);
            g.try_flip(0).unwrap();
            g.try_flip(2).unwrap();
            assert!(matches!(g.view().phase(), Phase::Over(r) if r.outcome == outcome));
            assert_eq!(g.try_flip(5), Err(IllegalFlip::GameOver));
        }
    }

    #[test]
    fn clearing_the_table_ends_the_game() {
        let mut g = small(PassRule::Agreed);
        for (a, b) in [(0, 3), (1, 4), (2, 5)] {
            g.try_flip(a).unwrap();
            g.try_flip(b).unwrap();
        }
        match g.view().phase() {
            Phase::Over(r) => {
                assert_eq!(r.outcome, Outcome::Winner(Seat::FIRST));
                assert_eq!((&*r.pairs, r.turns), (&[3, 0][..], 3));
            }
            p => panic!("not over: {p:?}"),
        }
    }

    fn table(seats: u8, pass_rule: PassRule, variant: crate::rules::Variant) -> Game {
        let mut g = small(pass_rule);
        g.view.players = Players::Table(
            Table {
                seats,
                pass_rule,
                variant,
            }
            .check()
            .unwrap(),
        );
        g.view.pairs = Tally::new(usize::from(seats));
        g
    }

    #[test]
    fn turns_go_round_three_seats() {
        let mut g = table(3, PassRule::Agreed, crate::rules::Variant::Standard);
        g.try_flip(0).unwrap();
        g.try_flip(1).unwrap(); // seat 0 misses
        assert_eq!(g.view().mover(), Seat(1));
        g.try_flip(2).unwrap();
        g.try_flip(4).unwrap(); // seat 1 misses
        assert_eq!(g.view().mover(), Seat(2));
        g.try_flip(1).unwrap();
        let f = g.try_flip(4).unwrap(); // seat 2 takes label 1 and goes again
        assert_eq!((f.seat, f.turn_end), (Seat(2), Some(TurnEnd::Pair)));
        assert_eq!(*g.view().pairs(), [0, 0, 1]);
        assert_eq!(g.view().mover(), Seat(2));
        g.try_flip(0).unwrap();
        g.try_flip(2).unwrap(); // seat 2 misses: back to seat 0
        assert_eq!(g.view().mover(), Seat(0));
    }

    #[test]
    fn agreed_with_three_seats_ends_when_all_three_pass_in_a_row() {
        let mut g = table(3, PassRule::Agreed, crate::rules::Variant::Standard);
        g.try_flip(0).unwrap();
        g.try_flip(1).unwrap(); // miss: 0 and 1 known
        for passes in 1..=2u8 {
            g.try_flip(0).unwrap();
            assert_eq!(g.try_flip(1).unwrap().turn_end, Some(TurnEnd::Pass));
            assert_eq!(g.view().passes(), passes);
            assert!(!g.view().is_over());
        }
        g.try_flip(0).unwrap();
        g.try_flip(1).unwrap();
        assert!(matches!(g.view().phase(), Phase::Over(r) if r.reason == EndReason::AgreedEnd));
    }

    #[test]
    fn one_flip_passes_the_turn_after_a_pair() {
        let mut g = table(2, PassRule::Agreed, crate::rules::Variant::OneFlip);
        g.try_flip(0).unwrap();
        let f = g.try_flip(3).unwrap();
        assert_eq!((f.seat, f.turn_end), (Seat::FIRST, Some(TurnEnd::Pair)));
        assert_eq!(*g.view().pairs(), [1, 0]);
        assert_eq!(g.view().mover(), Seat::SECOND);
        assert!(!g.view().after_pass());
    }

    #[test]
    fn three_seats_share_a_win_as_a_draw() {
        let mut tally = Tally::new(3);
        tally.add(Seat(0));
        tally.add(Seat(2));
        assert_eq!(tally.leader(), None);
        tally.add(Seat(2));
        assert_eq!(tally.leader(), Some(Seat(2)));
        assert_eq!(tally.total(), 3);
    }

    #[test]
    fn tables_the_rules_do_not_define_are_refused() {
        let t = |seats, pass_rule| {
            Table {
                seats,
                pass_rule,
                variant: crate::rules::Variant::Standard,
            }
            .check()
        };
        assert_eq!(t(7, PassRule::None), Err(TableError::Seats(7)));
        assert_eq!(t(1, PassRule::None), Err(TableError::Seats(1)));
        assert_eq!(t(3, PassRule::Ko), Err(TableError::PassRule(PassRule::Ko)));
        assert!(t(6, PassRule::Agreed).is_ok());
        assert!(t(2, PassRule::Withdraw).is_ok());
    }

    #[test]
    fn solitaire_counts_moves_and_misses() {
        let deck = Deck::parse("pairs:3").unwrap();
        let mut g = Game::new(deck, 5, Players::Solitaire).unwrap();
        let cards = g.reveal_all().to_vec();
        // Miss once on purpose, then take every pair.
        let other = (1..6).find(|&i| cards[i].label != cards[0].label).unwrap();
        g.try_flip(0).unwrap();
        g.try_flip(other).unwrap();
        for l in 0..3 {
            let pos: Vec<usize> = (0..6).filter(|&i| cards[i].label == Label(l)).collect();
            g.try_flip(pos[0]).unwrap();
            g.try_flip(pos[1]).unwrap();
        }
        assert_eq!((g.view().turns(), g.view().misses()), (4, 1));
        assert!(matches!(g.view().phase(), Phase::Over(r) if r.outcome == Outcome::Solo));
    }

    #[test]
    fn moving_cards_swap_two_face_down_cards_after_every_n_turns() {
        let deck = Deck::parse("pairs:8").unwrap();
        let moving = crate::rules::Moving::every(2);
        let mut g = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed))
            .unwrap()
            .moving(moving);
        let mut p = 0;
        let mut swaps = 0;
        while !g.view().is_over() && g.view().turns() < 12 {
            // Turn each card in order: misses and pairs alike.
            while g.check_flip(p % 16).is_err() {
                p += 1;
            }
            let before = g.view().slots().to_vec();
            let f = g.try_flip(p % 16).unwrap();
            p += 1;
            if let Some(w) = f.swap {
                swaps += 1;
                assert_eq!(g.view().turns() % 2, 0);
                let first = g.view().flips()[g.view().flips().len() - 2].position;
                for q in [w.a, w.b] {
                    assert!(q != f.position && q != first);
                    assert!(!matches!(g.view().slots()[q], Slot::Removed(_)));
                }
                assert_eq!(g.view().slots()[w.a], before[w.b]);
            } else if f.turn_end.is_some() && !g.view().is_over() {
                assert_eq!(g.view().turns() % 2, 1);
            }
            // The view's known cards are the hidden table's.
            for (q, c) in g.view().known_cards() {
                assert_eq!(g.reveal_all()[q], c);
            }
        }
        assert!(swaps >= 5);
        // The same seed swaps the same cards.
        let replay = |g: &Game| {
            let mut r = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed))
                .unwrap()
                .moving(moving);
            for f in g.view().flips() {
                r.try_flip(f.position).unwrap();
            }
            r
        };
        assert_eq!(replay(&g).view(), g.view());
    }
}
