//! The terminal front end of the app: drawing its state (`impl Widget for &App`, one
//! view a screen: `NAME_view.rs`), reading the terminal's keys, clicks and size into the
//! app's actions (a click becomes the card it hit, from the layout drawn), the themes,
//! and the event loop. The state and its update are in [`crate::app`]; nothing here
//! changes it but through [`App::update`](crate::app::App::update).

mod action;
mod board;
mod end_view;
mod history_view;
mod input;
mod look;
mod pairs_replay_view;
mod pairs_table_view;
mod panel;
mod puzzle_view;
mod remote;
mod replay_view;
mod room;
mod round_view;
mod screen;
mod setup_view;
mod solo_view;
mod strategy_view;
mod term;
mod theme;

pub use action::Action;
pub use board::Geometry;
pub use look::{Paint, Palette, force_colour_output};
pub use remote::{Ended, Feed, run_remote};
pub use room::run_room;
pub use screen::{board_area, cursor_cell};
pub use term::{is_terminal, run};
