//! The replay of a game of Pairs: opening it, and its keys.

use crate::app::pairs_replay::PairsReplay;
use crate::app::{Action, App, Screen};

impl App {
    /// An app replaying a game of Pairs; `q` leaves the program.
    #[must_use]
    pub fn pairs_replay(replay: PairsReplay) -> Self {
        Self::with_screen(Screen::PairsReplay(Box::new(replay)))
    }

    /// The Pairs replay on screen, if any.
    #[must_use]
    pub fn pairs_replay_screen(&self) -> Option<&PairsReplay> {
        match &self.screen {
            Screen::PairsReplay(r) => Some(r),
            _ => None,
        }
    }

    /// The Pairs replay: `←`/`→` a decision, `↑`/`↓` a round's worth, Home/End the
    /// ends, `q` back to the list it came from or out.
    pub(in crate::app) fn update_pairs_replay(&mut self, action: Action) {
        let Screen::PairsReplay(replay) = &mut self.screen else {
            return;
        };
        match action {
            Action::Move(0, dc) => replay.step(dc),
            Action::Move(dr, _) => replay.step(dr * 5),
            Action::Home => replay.jump(false),
            Action::End => replay.jump(true),
            Action::Quit => match replay.take_history() {
                Some(history) => self.screen = Screen::History(history),
                None => self.quit = true,
            },
            _ => {}
        }
    }
}
