//! Pairs, the press-your-luck game: opening and leaving it, and its keys.

use std::time::Instant;

use crate::app::pairs_table::PairsTable;
use crate::app::{Action, App, Overlay, Screen};

impl App {
    /// An app playing Pairs at `table`.
    #[must_use]
    pub fn pairs(table: PairsTable) -> Self {
        Self::with_screen(Screen::Pairs(Box::new(table)))
    }

    /// The Pairs table on screen, if any.
    #[must_use]
    pub fn pairs_table(&self) -> Option<&PairsTable> {
        match &self.screen {
            Screen::Pairs(t) => Some(t),
            _ => None,
        }
    }

    /// Pairs: `h` hits and `f` fold (the keys Concentration reads as "left" and
    /// "fractions"), `H` the hint, `c` the coach, `o` the odds; any other key goes on.
    pub(in crate::app) fn update_pairs(&mut self, action: Action, now: Instant) {
        let Screen::Pairs(table) = &mut self.screen else {
            return;
        };
        if table.is_over() {
            if action == Action::Quit {
                self.leave_pairs();
            }
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::Hint => table.toggle_hint(),
            Action::Codes => table.toggle_coach(),
            Action::Odds => table.toggle_odds(),
            Action::Move(0, -1) => table.decide(crate::pairs::Action::Hit, now),
            Action::Fraction => table.decide(crate::pairs::Action::Fold, now),
            _ => table.go_on(now),
        }
    }

    /// Leaves a game of Pairs, saved: back to the setup screen it was started from, or
    /// out of the program (`concentration pairs`).
    pub(in crate::app) fn leave_pairs(&mut self) {
        match self.pairs_from.take() {
            Some(setup) => {
                self.save_current();
                self.screen = Screen::Setup(setup);
            }
            None => self.quit = true,
        }
    }

    /// A game of Pairs from the setup screen: you against the subgame-perfect AI, ten
    /// ranks, the usual target, the seed and AI pace chosen on the form.
    pub(in crate::app) fn begin_pairs(&mut self, now: Instant) {
        let Screen::Setup(setup) = &mut self.screen else {
            return;
        };
        let c = &setup.config;
        let seats =
            crate::seats::Seats::<crate::pairs::PairsAi>::parse("you,spne").expect("a valid table");
        let ranks = crate::pairs::Ranks::new(10).expect("ten ranks");
        let target = crate::pairs::rules::default_target(seats.len());
        match PairsTable::new(seats, ranks, target, c.seed, c.ai_delay, now) {
            Ok(mut table) => {
                if !self.blocking {
                    table.think_aside();
                }
                let from = std::mem::replace(&mut self.screen, Screen::Pairs(Box::new(table)));
                if let Screen::Setup(s) = from {
                    self.pairs_from = Some(s);
                }
            }
            Err(e) => setup.error = Some(e.to_string()),
        }
    }
}
