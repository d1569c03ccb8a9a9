//! The puzzle screen: opening it, and its keys.

use super::{Action, App, Screen};
use crate::tui::board::Geometry;
use crate::tui::puzzle::Drill;
use crate::tui::screen;
use crate::tui::strategy::Strategy;

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

    pub(super) fn update_puzzle(&mut self, action: Action) {
        let size = self.size;
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
            Action::Click(x, y) => {
                let (rows, cols) = drill.game().view().deck().grid();
                let area = screen::board_area(ratatui::layout::Rect::new(0, 0, size.0, size.1));
                let cards = drill.game().view().slots().len();
                if let Some(pos) = Geometry::fit(area, rows, cols).and_then(|g| g.hit(x, y, cards))
                {
                    drill.cursor = pos;
                    drill.choose(pos);
                }
            }
            _ => {}
        }
    }
}
