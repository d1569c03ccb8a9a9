//! The puzzle screen: opening it, and its keys.

use crate::app::puzzle::Drill;
use crate::app::strategy::Strategy;
use crate::app::{Action, App, Screen};

impl App {
    /// An app on the puzzle screen with `drill`.
    #[must_use]
    pub fn puzzle(drill: Drill) -> Self {
        Self::with_screen(Screen::Puzzle(Box::new(drill)))
    }

    /// The puzzle screen, if on show.
    #[must_use]
    pub fn drill(&self) -> Option<&Drill> {
        match &self.screen {
            Screen::Puzzle(d) => Some(d),
            _ => None,
        }
    }

    pub(in crate::app) fn update_puzzle(&mut self, action: Action) {
        let Screen::Puzzle(drill) = &mut self.screen else {
            return;
        };
        match action {
            Action::Quit => match self.puzzles_from.take() {
                Some(setup) => self.screen = Screen::Setup(setup),
                None => self.quit = true,
            },
            Action::New => drill.next(),
            Action::Again => drill.retry(),
            Action::Learn if drill.answer().is_some() => {
                self.strategy = Some(Strategy::new(false));
            }
            Action::Move(dr, dc) => drill.move_cursor(dr, dc),
            Action::Select => {
                let pos = drill.cursor;
                drill.choose(pos);
            }
            Action::Click(Some(pos)) => {
                drill.cursor = pos;
                drill.choose(pos);
            }
            _ => {}
        }
    }
}
