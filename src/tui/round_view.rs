//! The play screen drawn (a round against the AI, or AIs watched): title, board, the
//! side panel, the message line, the keys, and the end window over it. Reads only (the
//! state and its keys are `app/round.rs` and `app/round/`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::board::BoardView;
use super::end_view::{END_KEYS, END_KEYS_NO_COSTLIEST, costliest, end_screen};
use super::panel::{Footer, PLAY_KEYS, Panel, ROOM_END_KEYS, ROOM_KEYS, WATCH_KEYS, keys_offered};
use super::screen::play_areas;
use super::theme;
use crate::app::App;
use crate::app::round::Round;
use crate::rules::Phase;
use crate::words;

/// The play screen's title in `width` cells.
pub(super) fn play_title(round: &Round, width: u16) -> Line<'static> {
    let c = round.config();
    let titles: Vec<String> = round.seat_list().map(|s| round.seat_title(s)).collect();
    let seats = titles.join(if titles.len() == 2 { " vs " } else { ", " });
    // Who plays matters more than the seed: a long seed goes first when room is short.
    let mut rest = format!("  {} · seed {} · {seats}", c.deck, c.seed);
    let practice = if round.practice() { 10 } else { 0 };
    if "Concentration".len() + rest.chars().count() + practice > usize::from(width) {
        rest = format!("  {} · {seats}", c.deck);
    }
    let mut head = vec![
        Span::styled("Concentration", theme::HEADING),
        Span::raw(rest),
    ];
    if round.practice() {
        head.push(Span::styled("  PRACTICE", theme::ERROR));
    }
    Line::from(head)
}

/// The play screen: title, board, panel, message line and footer, and the end window
/// once the game is over.
pub(super) fn draw(app: &App, round: &Round, area: Rect, buf: &mut Buffer) {
    let [title, board, panel, message, footer] = play_areas(area);
    play_title(round, title.width).render(title, buf);
    let turned = round.turned();
    BoardView::of_round(round, &turned).render(board, buf);
    super::board::field_names(round.game(), board, buf, |seat| {
        match round.seat_kind(seat) {
            None if round.people() == 1 => "Your".to_owned(),
            _ => format!("{}'s", round.seat_title(seat)),
        }
    });
    Panel(round).render(panel, buf);
    let text = if round.ai_waiting_for_solver()
        || (app.thinking()
            && round.hint().is_none()
            && round.solver_note().is_none()
            && !round.solver_settled())
    {
        let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
        format!(
            "{} The AI is solving the game…  {}",
            dots[app.spinner % dots.len()],
            round.message()
        )
    } else {
        round.message().to_string()
    };
    // One row: a long message (the coach's, whose whole line the panel keeps) ends in
    // `…` at a word rather than being cut mid-word at the edge.
    Line::from(words::fit(&text, usize::from(message.width)))
        .bold()
        .render(message, buf);
    let over = match round.game().view().phase() {
        Phase::Over(result) if round.show().is_none() => Some(result),
        _ => None,
    };
    let keys = match over {
        Some(_) if app.room => ROOM_END_KEYS.to_vec(),
        None if app.room => ROOM_KEYS.to_vec(),
        Some(_) if costliest(round) => END_KEYS.to_vec(),
        Some(_) => END_KEYS_NO_COSTLIEST.to_vec(),
        None if round.is_watch() => keys_offered(round, WATCH_KEYS),
        None => keys_offered(round, PLAY_KEYS),
    };
    Footer(&keys, app.look.ascii()).render(footer, buf);
    if let Some(result) = over {
        end_screen(round, result, app.room, area, buf);
    }
}
