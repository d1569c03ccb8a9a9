//! The replay of a recorded game and the list of saved games: opening them, and their keys.

use std::path::PathBuf;
use std::time::Instant;

use crate::app::config::Config;
use crate::app::pairs_replay::PairsReplay;
use crate::app::replay::{Back, History, Replay};
use crate::app::setup::Setup;
use crate::app::{Action, App, Screen};
use crate::record::Record;

impl App {
    /// An app replaying `record` (read from `path`); `q` leaves the program.
    ///
    /// # Errors
    /// The record is not a legal game.
    pub fn replay(
        record: Record,
        path: Option<PathBuf>,
        base: Config,
        blocking: bool,
        now: Instant,
    ) -> Result<Self, String> {
        let replay = Replay::new(record, path, Back::Quit)?;
        let mut app = Self::with_screen(Screen::Setup(Setup::new(base.clone())));
        app.base = base;
        app.blocking = blocking;
        app.open_replay(replay, now);
        Ok(app)
    }

    /// An app on the list of saved games.
    #[must_use]
    pub fn history(history: History, base: Config, blocking: bool) -> Self {
        let mut app = Self::with_screen(Screen::History(history));
        app.base = base;
        app.blocking = blocking;
        app
    }

    /// The replay on screen, if any.
    #[must_use]
    pub fn replay_screen(&self) -> Option<&Replay> {
        match &self.screen {
            Screen::Replay(r) => Some(r),
            _ => None,
        }
    }

    pub(in crate::app) fn open_replay(&mut self, replay: Replay, now: Instant) {
        let key = replay.solver_key();
        let solves_itself = replay.solves_itself();
        self.screen = Screen::Replay(Box::new(replay));
        self.overlay = None;
        if solves_itself {
            // Its rule set's own solver values it, off this thread: the replay opens at once.
            if let Screen::Replay(r) = &mut self.screen {
                r.analyse_fresh(self.blocking);
            }
            return;
        }
        if let Some(s) = self.want_solver(key, now)
            && let Screen::Replay(r) = &mut self.screen
        {
            r.set_solver(Ok(s));
        }
    }

    pub(in crate::app) fn update_replay(&mut self, action: Action, now: Instant) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        if replay.summary {
            replay.summary = false;
            if action != Action::Quit {
                return;
            }
        }
        match action {
            Action::Move(0, dc) => replay.step(dc),
            Action::Move(dr, _) => replay.turn(dr > 0),
            Action::Home => replay.jump(false),
            Action::End => replay.jump(true),
            Action::Select => replay.toggle_auto(now),
            Action::Setup => replay.summary = true,
            Action::Mistake(forward) => replay.jump_mistake(forward),
            Action::Whose => replay.switch_whose(),
            Action::Again if replay.record().is_solitaire() => {
                let config = replay.again(&self.base);
                let challenge = replay.record().challenge;
                match self.begin_solo(config, challenge) {
                    // The deal was seen in its record: it is a deal played again.
                    Ok(()) => {
                        if let Screen::Solo(s) = &mut self.screen {
                            s.mark_played_before();
                        }
                    }
                    Err(e) => {
                        if let Screen::Replay(r) = &mut self.screen {
                            r.set_solver(Err(e));
                        }
                    }
                }
            }
            Action::Again => {
                let config = replay.again(&self.base);
                if let Err(e) = self.begin(config, now) {
                    // The deal cannot be played (a deck too large for the screen).
                    if let Screen::Replay(r) = &mut self.screen {
                        r.set_solver(Err(e));
                    }
                }
            }
            Action::Quit => match replay.take_back() {
                Some(Back::Round(round)) => self.screen = Screen::Play(round),
                Some(Back::Solo(solo)) => self.screen = Screen::Solo(solo),
                Some(Back::History(history)) => self.screen = Screen::History(history),
                Some(Back::Quit) | None => self.quit = true,
            },
            _ => {}
        }
    }

    pub(in crate::app) fn update_history(&mut self, action: Action, now: Instant) {
        let Screen::History(history) = &mut self.screen else {
            return;
        };
        match action {
            Action::Move(dr, 0) => history.select(dr),
            Action::Home => history.selected = 0,
            Action::End => history.select(isize::MAX),
            Action::Quit => self.quit = true,
            Action::Select => {
                let Some(entry) = history.entries.get(history.selected) else {
                    return;
                };
                if let Some(pairs) = entry.pairs.clone() {
                    let path = entry.path.clone();
                    match PairsReplay::new(pairs, Some(path)) {
                        Ok(replay) => {
                            let Screen::History(history) = std::mem::replace(
                                &mut self.screen,
                                Screen::Setup(Setup::new(self.base.clone())),
                            ) else {
                                return;
                            };
                            self.screen =
                                Screen::PairsReplay(Box::new(replay.returning_to(history)));
                        }
                        Err(e) => history.message = e.to_string(),
                    }
                    return;
                }
                let record = match &entry.record {
                    Ok(r) => r.clone(),
                    Err(e) => {
                        history.message.clone_from(e);
                        return;
                    }
                };
                let path = entry.path.clone();
                let Screen::History(history) = std::mem::replace(
                    &mut self.screen,
                    Screen::Setup(Setup::new(self.base.clone())),
                ) else {
                    return;
                };
                match Replay::new(record, Some(path), Back::History(history)) {
                    Ok(replay) => self.open_replay(replay, now),
                    Err(e) => self.quit_with(e),
                }
            }
            _ => {}
        }
    }
}
