//! The solitaire screen: opening it, and its keys.

use std::path::PathBuf;
use std::time::Instant;

use crate::app::config::Config;
use crate::app::replay::{Back, Replay};
use crate::app::setup::Setup;
use crate::app::solo::Solo;
use crate::app::{Action, App, Overlay, Screen, random_seed};

impl App {
    /// An app playing solitaire with `config` (deck, memory, seed, hints) at once;
    /// `challenge` names the deal when it is one. With `blocking` the par is computed on
    /// this thread (tests).
    ///
    /// # Errors
    /// A bad deck, as one line.
    pub fn solitaire(
        config: Config,
        challenge: Option<crate::solitaire::Challenge>,
        stats_dir: Option<PathBuf>,
        blocking: bool,
    ) -> Result<Self, String> {
        let mut app = Self::with_screen(Screen::Setup(Setup::new(config.clone())));
        app.blocking = blocking;
        app.stats_dir = stats_dir;
        app.base = config.clone();
        app.begin_solo(config, challenge)?;
        Ok(app)
    }

    /// Starts a solitaire game.
    pub(in crate::app) fn begin_solo(
        &mut self,
        config: Config,
        challenge: Option<crate::solitaire::Challenge>,
    ) -> Result<(), String> {
        let mut solo = Solo::new(config, challenge, self.blocking)?;
        solo.set_stats_dir(self.stats_dir.clone());
        self.save_current();
        self.screen = Screen::Solo(Box::new(solo));
        self.overlay = None;
        Ok(())
    }

    /// The solitaire game on screen, if any.
    #[must_use]
    pub fn solo(&self) -> Option<&Solo> {
        match &self.screen {
            Screen::Solo(s) => Some(s),
            _ => None,
        }
    }

    pub(in crate::app) fn update_solo(&mut self, action: Action, now: Instant) {
        let Screen::Solo(solo) = &mut self.screen else {
            return;
        };
        if solo.game().view().is_over() && solo.show().is_none() {
            match action {
                Action::New => self.new_deal(now),
                Action::Again => match solo.replay_deal() {
                    Ok(s) => self.screen = Screen::Solo(Box::new(s)),
                    Err(e) => self.quit_with(e),
                },
                Action::Fraction => solo.toggle_fraction(),
                Action::Review => {
                    let record = solo.record();
                    let Screen::Solo(solo) = std::mem::replace(
                        &mut self.screen,
                        Screen::Setup(Setup::new(self.base.clone())),
                    ) else {
                        return;
                    };
                    match Replay::new(record, None, Back::Solo(solo)) {
                        Ok(replay) => self.open_replay(replay, now),
                        Err(e) => self.quit_with(e),
                    }
                }
                Action::Setup => {
                    let mut c = solo.config().clone();
                    c.seed = random_seed();
                    let mut setup = Setup::new(c);
                    setup.solitaire = true;
                    self.screen = Screen::Setup(setup);
                }
                Action::Quit => self.quit = true,
                _ => {}
            }
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::New => self.overlay = Some(Overlay::ConfirmNew),
            Action::Hint => solo.toggle_hint(),
            Action::Fraction => solo.toggle_fraction(),
            Action::Move(dr, dc) => solo.move_cursor(dr, dc),
            Action::Select => {
                let pos = solo.cursor;
                solo.flip_at(pos, now);
            }
            Action::Click(Some(pos)) => {
                solo.cursor = pos;
                solo.flip_at(pos, now);
            }
            // A click off the cards does nothing.
            Action::Click(None) => {}
            _ => solo.speed_up(now),
        }
    }
}
