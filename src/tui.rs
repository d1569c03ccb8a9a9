//! The terminal game: play Concentration against the AI, or watch two AIs.
//!
//! One state ([`App`]) changed only by [`App::update`] with an [`Action`]; drawing
//! (`impl Widget for &App`) only reads it. The solver runs on a worker thread and its
//! result comes back on a channel; the event loop waits on input with a timeout, so an
//! idle game uses no CPU.

mod app;
mod board;
mod config;
mod end_view;
mod hint;
mod history;
mod input;
mod look;
mod pairs_replay;
mod pairs_table;
mod pairs_view;
mod panel;
mod puzzle;
mod puzzle_view;
mod replay;
mod review;
mod round;
mod screen;
mod setup;
mod solo;
mod solo_view;
mod strategy;
mod table;
mod term;
mod theme;
mod worker;

pub use crate::trainer::coach::{
    LookBack, Verdict, choice_words, cost_words, deck_rule, other_colour,
};
pub use app::{Action, App, NotSaved, Overlay, Screen, Unsaved, random_seed};
pub use board::Geometry;
pub use config::{Config, First, Hints, Memory, Opponent, TableSeats, players_text};
pub use end_view::{figures as end_figures, result_line};
pub use hint::{Hint, HintAction, HintLine, format_cost, format_value};
pub use history::{figures as history_figures, lines_with as history_lines};
pub use look::{Look, Palette, ThemeName, force_colour_output};
pub use pairs_replay::PairsReplay;
pub use pairs_table::{CoachNote, LastMove, PairsHint, PairsTable, pair_odds};
pub use puzzle::review::{SESSION as REVIEW_SESSION, open as open_review};
pub use puzzle::{Answer, Counted as PuzzleCounted, Drill, Filter, action_at};
pub use replay::{AUTO_STEP, Back, Decision, History, Replay, Whose, config_of};
pub use review::summary_text as replay_summary;
pub use round::{Reply, Round, TableSolver};
pub use screen::{board_area, cursor_cell};
pub use setup::{DECKS, Field, Setup};
pub use solo::{Counted, Solo, SoloHint, SoloHintLine};
pub use solo_view::result_line as solo_result_line;
pub use strategy::Strategy;
pub use table::Show;
pub use term::{is_terminal, run};
