//! The setup screen: opening it, and its keys.

use std::time::Instant;

use crate::app::config::Config;
use crate::app::puzzle::Drill;
use crate::app::setup::Setup;
use crate::app::strategy::Strategy;
use crate::app::{Action, App, Screen, random_seed};
use crate::rules::Deck;

/// Today (UTC), for the review's spaced schedule.
fn today() -> time::Date {
    crate::dates::parse_day(&crate::dates::now_utc().0).unwrap_or(time::Date::MIN)
}

impl App {
    /// The puzzle screen with `drill`, `q` coming back here; or the setup screen with
    /// why not.
    fn open_puzzles(&mut self, drill: Result<Drill, String>) {
        match drill {
            Ok(d) => {
                let from = std::mem::replace(&mut self.screen, Screen::Puzzle(Box::new(d)));
                if let Screen::Setup(s) = from {
                    self.puzzles_from = Some(s);
                }
            }
            Err(e) => {
                if let Screen::Setup(s) = &mut self.screen {
                    s.error = Some(e);
                }
            }
        }
    }

    /// An app on the setup screen.
    #[must_use]
    pub fn setup(config: Config) -> Self {
        Self::with_screen(Screen::Setup(Setup::new(config)))
    }

    pub(in crate::app) fn update_setup(&mut self, action: Action, now: Instant) {
        let Screen::Setup(setup) = &mut self.screen else {
            return;
        };
        if setup.is_editing() {
            // Typing the players list or a room's code: keys are its characters.
            match action {
                Action::Type(c) => setup.type_char(c),
                Action::Backspace => setup.backspace(),
                Action::Select if setup.room_code().is_some() => {
                    if let Some(ask) = setup.finish_room_code() {
                        // The server takes it from here.
                        self.room_ask = Some(ask);
                        self.quit = true;
                    }
                }
                Action::Select => setup.finish_editing(),
                Action::Quit => setup.cancel_editing(),
                _ => {}
            }
            return;
        }
        match action {
            Action::Select
                if setup.field() == crate::app::setup::Field::Players && !setup.solitaire =>
            {
                setup.start_editing();
            }
            Action::Move(dr, 0) => setup.up_down(dr),
            Action::Move(0, dc) => setup.left_right(dc),
            Action::Digit(d) => setup.digit(d),
            Action::Backspace => setup.backspace(),
            Action::Again => setup.random_seed(random_seed()),
            Action::Quit => self.quit = true,
            Action::Room if self.served => setup.start_room_code(),
            Action::Learn => self.strategy = Some(Strategy::new(false)),
            Action::PairsGame => self.begin_pairs(now),
            Action::Puzzles => {
                // Puzzles on the deck and rules chosen here.
                let c = &setup.config;
                let rules = Deck::parse(&c.deck).map(|deck| crate::trainer::puzzle::PuzzleRules {
                    deck,
                    objective: c.objective,
                    pass_rule: c.pass_rule,
                });
                let drill = rules.map_err(|e| e.to_string()).and_then(|rules| {
                    Drill::new(
                        rules,
                        c.seed,
                        crate::app::puzzle::Filter::default(),
                        None,
                        self.stats_dir.clone(),
                        self.cache_dir.clone(),
                    )
                });
                self.open_puzzles(drill);
            }
            Action::Setup => {
                // The dashboard: the same lines as `concentration stats`.
                let page = match &self.stats_dir {
                    Some(dir) => {
                        crate::trainer::stats_page::StatsPage::read(dir, self.cache_dir.as_deref())
                            .map(|p| {
                                let mut lines = p.warnings();
                                lines.extend(p.text().lines().map(str::to_owned));
                                lines
                            })
                            .map_err(|e| e.to_string())
                    }
                    None => Err("No statistics: games are not saved in this session".into()),
                };
                match page {
                    Ok(lines) => self.strategy = Some(Strategy::dashboard(lines)),
                    Err(e) => setup.error = Some(e),
                }
            }
            Action::Review => {
                // Your own costly decisions, on the puzzle screen.
                let drill = match &self.stats_dir {
                    Some(dir) => crate::app::puzzle::review::open(
                        dir,
                        self.cache_dir.as_deref(),
                        today(),
                        false,
                    ),
                    None => Err("No games to review: games are not saved in this session".into()),
                };
                self.open_puzzles(drill);
            }
            Action::Select => {
                let config = setup.config.clone();
                let started = if setup.solitaire {
                    self.begin_solo(config, None)
                } else {
                    self.begin(config, now)
                };
                if let Err(e) = started
                    && let Screen::Setup(s) = &mut self.screen
                {
                    s.error = Some(e);
                }
            }
            _ => {}
        }
    }
}
