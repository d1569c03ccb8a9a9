//! Drawing the replay of a game of Pairs from [`PairsReplay`]: the table as it stood,
//! the decisions around the one shown with their costs, the message line and footer.
//! Reads only (the state and its keys are `app/pairs_replay.rs` and
//! `app/pairs_replay/`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::pairs_table_view::{game_over_lines, table_lines};
use super::panel::Footer;
use super::screen::play_areas;
use super::theme;
use crate::app::pairs_replay::{COST_EPSILON, PairsReplay};
use crate::pairs::Action;
use crate::pairs::rules::Phase;

/// Footer keys of the replay.
pub(super) const PAIRS_REPLAY_KEYS: &[(&str, &str)] = &[
    ("← →", "decision"),
    ("↑ ↓", "5 decisions"),
    ("Home End", "ends"),
    ("?", "help"),
    ("q", "back"),
];

/// Every key of the replay, for its help window.
pub(super) const PAIRS_REPLAY_HELP: &[(&str, &str)] = &[
    ("← → (h l)", "the previous or next decision"),
    ("↑ ↓ (k j)", "five decisions back or on"),
    ("Home End (g G)", "the first deal or the last decision"),
    ("? / q Esc", "this help / back to the list, or quit"),
];

/// The replay's side panel: where in the game, then the decisions around the one shown,
/// each with its cost (`best`, or what it cost against the subgame-perfect choice) once
/// the worker has valued them.
#[must_use]
pub(super) fn replay_panel_lines(r: &PairsReplay, rows: usize) -> Vec<Line<'static>> {
    let decisions = r.decisions();
    let costs = r.costs();
    let under = match costs {
        Some(_) => "cost against best play".to_string(),
        None => r.note().to_string(),
    };
    let mut lines = vec![
        Line::from(format!("Decision {} of {}", r.at(), decisions.len())).style(theme::HEADING),
        Line::from(under).style(theme::DIM),
    ];
    let room = rows.saturating_sub(lines.len()).max(1);
    // The decision shown sits in the middle of the list where it can.
    let current = r.at().saturating_sub(1);
    let first = current
        .saturating_sub(room / 2)
        .min(decisions.len().saturating_sub(room));
    for (i, d) in decisions.iter().enumerate().skip(first).take(room) {
        let mark = if r.at() == i + 1 { "▶" } else { " " };
        let who = crate::words::shortened(&r.record().seats.seat(d.seat).name, 8);
        let lost = costs.and_then(|c| c.get(i)).map(|c| -c.cost);
        let cost = match lost {
            Some(l) if l <= COST_EPSILON => "best".to_string(),
            Some(l) => format!("−{l:.2}"),
            None => String::new(),
        };
        let line = Line::from(format!(
            "{mark}r{:<2} {who:<8} {:<4} {cost}",
            d.round,
            d.action.name()
        ));
        lines.push(if lost.is_some_and(|l| l > COST_EPSILON) {
            line.style(theme::ERROR)
        } else {
            line
        });
    }
    lines
}

/// The replay's message: the decision shown and its cost in words (or, while the costs
/// are computed, what was done).
#[must_use]
pub(super) fn replay_message(r: &PairsReplay) -> String {
    let Some(d) = r.current() else {
        return "The first deal: → for the first decision.".to_string();
    };
    let who = &r.record().seats.seat(d.seat).name;
    let took = match (d.action, r.table().last().and_then(|m| m.card)) {
        (Action::Hit, Some(card)) => format!("hit and took a {card}"),
        (a, _) => a.name().to_string(),
    };
    let Some(c) = r.current_cost() else {
        return format!("Round {}: {who} {took} ({})", d.round, r.note());
    };
    if -c.cost <= COST_EPSILON {
        format!("Round {}: {who} {took}: best ({:+.2})", c.round, c.value)
    } else {
        format!(
            "Round {}: {who} {took}: cost {:.2} ({} {:+.2}, {} {:+.2})",
            c.round,
            -c.cost,
            c.best.name(),
            c.best_value,
            c.action.name(),
            c.value
        )
    }
}

/// The replay's title line.
#[must_use]
pub(super) fn replay_title(r: &PairsReplay) -> Line<'static> {
    let rec = r.record();
    Line::from(vec![
        Span::styled("Pairs replay", theme::HEADING),
        Span::raw(format!(
            "  ranks {} · lose at {} · seed {} · round {}",
            rec.ranks.get(),
            rec.target,
            rec.seed,
            r.table().game().view().round
        )),
    ])
}

/// The whole replay screen: the table as it was, the decisions and their costs.
pub(super) fn draw(r: &PairsReplay, ascii: bool, area: Rect, buf: &mut Buffer) {
    let [title_area, board, panel, message_area, footer] = play_areas(area);
    replay_title(r).render(title_area, buf);
    let mut table = table_lines(r.table(), ascii);
    let v = r.table().game().view();
    match v.phase {
        Phase::RoundOver(end) => {
            table.push(Line::from(""));
            table.push(Line::from(r.table().round_words(&end)).bold());
        }
        Phase::GameOver { .. } => {
            table.push(Line::from(""));
            table.extend(game_over_lines(r.table(), &v));
        }
        Phase::Turn { .. } => {}
    }
    Paragraph::new(table).render(board.inner(ratatui::layout::Margin::new(1, 1)), buf);
    let inner = panel.inner(ratatui::layout::Margin::new(1, 1));
    Paragraph::new(replay_panel_lines(r, usize::from(inner.height))).render(inner, buf);
    Line::from(crate::words::fit(
        &replay_message(r),
        usize::from(message_area.width),
    ))
    .bold()
    .render(message_area, buf);
    Footer(PAIRS_REPLAY_KEYS, ascii).render(footer, buf);
}

/// The replay's text for tests: the panel, the title and the message.
#[must_use]
pub(super) fn window_lines(r: &PairsReplay) -> Vec<Line<'static>> {
    let mut lines = replay_panel_lines(r, usize::MAX / 2);
    lines.push(replay_title(r));
    lines.push(Line::from(replay_message(r)));
    lines
}
