//! The game screen (a round against the AI, or two AIs watched): its keys and the new deal.

use std::time::Instant;

use crate::app::replay::{Back, Replay};
use crate::app::round::{Reply, Round};
use crate::app::setup::Setup;
use crate::app::{Action, App, Overlay, Screen, random_seed};

/// The keys while the tutor asks: `y` turns the card, `n` or Esc takes it back, `w`
/// says why; a click on the same card turns it, on another takes it back and turns
/// that one (asking again if it too is costly); an arrow takes it back and moves.
/// Any other key leaves the question up.
fn tutor_keys(round: &mut Round, action: Action, now: Instant) {
    let asked = round.tutor_question().map(|q| q.position);
    match action {
        Action::Yes => round.answer(Reply::Yes, now),
        Action::New | Action::Quit => round.answer(Reply::No, now),
        Action::Why => round.answer(Reply::Why, now),
        Action::Click(clicked) => match clicked {
            Some(pos) if Some(pos) == asked => round.answer(Reply::Yes, now),
            Some(pos) => {
                round.answer(Reply::No, now);
                round.cursor = pos;
                round.person_flip(pos, now);
            }
            None => {}
        },
        Action::Move(dr, dc) => {
            round.answer(Reply::No, now);
            round.move_cursor(dr, dc);
        }
        _ => {}
    }
}

impl App {
    /// The round on screen, if any.
    #[must_use]
    pub fn round(&self) -> Option<&Round> {
        match &self.screen {
            Screen::Play(r) => Some(r),
            _ => None,
        }
    }

    pub(in crate::app) fn round_mut(&mut self) -> Option<&mut Round> {
        match &mut self.screen {
            Screen::Play(r) => Some(r),
            _ => None,
        }
    }

    pub(in crate::app) fn update_play(&mut self, action: Action, now: Instant) {
        let Screen::Play(round) = &mut self.screen else {
            return;
        };
        let over = round.game().view().is_over();
        let watch = round.is_watch();
        if over && round.show().is_none() {
            match action {
                Action::New => self.new_deal(now),
                Action::Again => {
                    let c = round.config().clone();
                    let _ = self.begin(c, now);
                }
                Action::Setup => {
                    let mut c = round.config().clone();
                    c.seed = random_seed();
                    self.screen = Screen::Setup(Setup::new(c));
                }
                Action::Review | Action::Costliest => {
                    // `m` opens the replay at the costliest decision, its flip shown.
                    let at = match action {
                        Action::Costliest => {
                            match round.look_back().and_then(|b| b.costliest.as_ref()) {
                                Some(&(i, _)) => Some(i),
                                None => return,
                            }
                        }
                        _ => None,
                    };
                    let record = round.record();
                    let Screen::Play(round) = std::mem::replace(
                        &mut self.screen,
                        Screen::Setup(Setup::new(self.base.clone())),
                    ) else {
                        return;
                    };
                    match Replay::new(record, None, Back::Round(round)) {
                        Ok(mut replay) => {
                            if let Some(i) = at {
                                replay.show_flip(i);
                            }
                            self.open_replay(replay, now);
                        }
                        Err(e) => self.quit_with(e),
                    }
                }
                Action::Quit => self.quit = true,
                _ => {}
            }
            return;
        }
        if round.tutor_question().is_some() {
            tutor_keys(round, action, now);
            return;
        }
        match action {
            Action::Quit => self.overlay = Some(Overlay::ConfirmQuit),
            Action::New => self.overlay = Some(Overlay::ConfirmNew),
            Action::Odds => round.toggle_odds(),
            Action::Hint => round.toggle_hint(),
            Action::Codes => round.toggle_codes(),
            Action::Why if !watch => {
                if round.hint().is_none() {
                    round.toggle_hint();
                }
                if round.hint().is_some() {
                    self.overlay = Some(Overlay::Why);
                }
            }
            Action::Undo if !watch => round.undo(now),
            Action::Move(dr, dc) if !watch => round.move_cursor(dr, dc),
            Action::Select if !watch => {
                let pos = round.cursor;
                round.person_flip(pos, now);
            }
            Action::Click(clicked) if !watch => {
                if let Some(pos) = clicked {
                    round.cursor = pos;
                    round.person_flip(pos, now);
                }
            }
            _ => round.speed_up(now),
        }
    }

    /// A new deal with the same settings and a fresh seed.
    pub(in crate::app) fn new_deal(&mut self, now: Instant) {
        self.save_current();
        if let Screen::Solo(s) = &mut self.screen {
            match s.next_deal(random_seed()) {
                Ok(next) => self.screen = Screen::Solo(Box::new(next)),
                Err(e) => self.quit_with(e),
            }
            return;
        }
        if let Some(r) = self.round() {
            let mut c = r.config().clone();
            c.seed = random_seed();
            let _ = self.begin(c, now);
        }
    }
}
