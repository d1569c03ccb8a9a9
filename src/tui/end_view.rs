//! The end-of-game window of a round: who won and by how much, the person's look back
//! at the game, the AI's note, and its keys. Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::Line;

use super::panel::{key_line, text_popup};
use super::theme;
use crate::app::config::Opponent;
use crate::app::round::Round;
use crate::app::round::end::{ai_note, figures, headline, saved_words, score_words};

/// Whether the end screen offers `m`: the person's costliest decision is known.
pub(super) fn costliest(round: &Round) -> bool {
    !round.is_watch() && round.look_back().is_some_and(|b| b.costliest.is_some())
}

/// Footer keys on the end screen without a costliest decision to open.
pub(super) const END_KEYS_NO_COSTLIEST: &[(&str, &str)] = &[
    ("n", "new game"),
    ("r", "same deal"),
    ("v", "replay"),
    ("s", "setup"),
    ("?", "help"),
    ("q", "quit"),
];

/// Footer keys on the end screen.
pub(super) const END_KEYS: &[(&str, &str)] = &[
    ("n", "new game"),
    ("r", "same deal"),
    ("v", "replay"),
    ("m", "costliest"),
    ("s", "setup"),
    ("?", "help"),
    ("q", "quit"),
];

pub(super) fn end_screen(
    round: &Round,
    result: crate::rules::GameResult,
    room: bool,
    area: Rect,
    buf: &mut Buffer,
) {
    text_popup(area, 78, end_lines(round, result, room), " Game over ", buf);
}

/// The lines of the end window of a game at a table.
/// In a room's game (`room`), the keys are the room's.
pub(super) fn end_lines(
    round: &Round,
    result: crate::rules::GameResult,
    room: bool,
) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::from(headline(round, &result)).bold().centered(),
        Line::from(score_words(round, &result)).centered(),
    ];
    lines.extend(figures(round).into_iter().map(|f| Line::from(f).centered()));
    lines.push(Line::from(saved_words(round)).style(theme::DIM).centered());
    let mut kinds: Vec<Opponent> = Vec::new();
    for k in round.seat_list().filter_map(|s| round.seat_kind(s)) {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    for k in kinds {
        lines.push(Line::from(ai_note(k)).style(theme::DIM).centered());
    }
    lines.push(Line::from(""));
    let mut keys = vec![("n", "new game"), ("r", "same deal again"), ("v", "replay")];
    if costliest(round) {
        keys.push(("m", "costliest"));
    }
    keys.extend([("s", "setup"), ("q", "quit")]);
    if room {
        keys = super::panel::ROOM_END_KEYS.to_vec();
    }
    lines.push(key_line(&keys, 3).centered());
    lines
}
