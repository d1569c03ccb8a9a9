//! Who sits at the round's table: the people and AIs, their names on screen, whose turn
//! it is and whose view the screen takes.

use super::{Round, ai_title};
use crate::app::config::Opponent;
use crate::rules::Seat;

impl Round {
    /// Whether the table is today's game: one person against one AI.
    pub(super) fn lone_ai(&self) -> bool {
        self.seats.len() == 2 && self.seats.iter().filter(|s| s.kind.is_none()).count() == 1
    }

    /// How many people play.
    #[must_use]
    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| s.kind.is_none()).count()
    }

    /// How many seats play.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Every seat in turn order.
    pub(crate) fn seat_list(&self) -> impl Iterator<Item = Seat> + use<> {
        // at most 6 seats
        (0..self.seats.len()).map(|i| Seat(i as u8))
    }

    /// "Your turn" to the one person at the table, "ann's turn" when several play.
    #[must_use]
    pub fn turn_of(&self, seat: Seat) -> String {
        if self.people() > 1 {
            format!("{}'s turn", self.seat_name(seat))
        } else {
            "Your turn".into()
        }
    }

    /// Whether only AIs play.
    #[must_use]
    pub fn is_watch(&self) -> bool {
        self.seats.iter().all(|s| s.kind.is_some())
    }

    /// The person whose view the screen takes (odds, hints, the end screen): the one
    /// to move, else the next person round the table; in `watch`, the first seat.
    #[must_use]
    pub fn person(&self) -> Seat {
        let m = self.seats.len();
        let mover = self.game.view().mover().index();
        (0..m)
            .map(|i| (mover + i) % m)
            .find(|&i| self.seats[i].kind.is_none())
            .map_or(Seat::FIRST, |i| {
                // at most 6 seats
                Seat(i as u8)
            })
    }

    /// A seat's name on screen: `You` for the seat named `you`, `AI` for the one AI
    /// facing one person (today's game), else the seat's own name (`ann`, `usual 2`).
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> String {
        let s = &self.seats[seat.index()];
        match s.kind {
            None if s.name.eq_ignore_ascii_case("you") => "You".into(),
            Some(_) if self.lone_ai() => "AI".into(),
            _ => s.name.clone(),
        }
    }

    /// A seat's full name, which says which AI it is: `You`, `optimal AI`, `forgetful AI
    /// (easy)` facing one person; otherwise as [`Round::seat_name`] (`A optimal`).
    #[must_use]
    pub(crate) fn seat_title(&self, seat: Seat) -> String {
        match self.seats[seat.index()].kind {
            Some(k) if self.lone_ai() => ai_title(k),
            _ => self.seat_name(seat),
        }
    }

    /// The seat that moved just before `seat`.
    #[must_use]
    pub(crate) fn seat_before(&self, seat: Seat) -> Seat {
        let m = self.seats.len();
        // at most 6 seats
        Seat(((seat.index() + m - 1) % m) as u8)
    }

    /// The opponent's kind for a seat (`None`: the person).
    #[must_use]
    pub(crate) fn seat_kind(&self, seat: Seat) -> Option<Opponent> {
        self.seats[seat.index()].kind
    }

    /// Whether the person is to move and may turn a card now.
    #[must_use]
    pub fn persons_turn(&self) -> bool {
        !self.game.view().is_over() && self.seats[self.game.view().mover().index()].kind.is_none()
    }
}
