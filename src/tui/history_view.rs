//! The list of saved games drawn: newest first, the selected one marked, the folder
//! and the last message. Reads only (the state and its keys are `app/history.rs` and
//! `app/replay/keys.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::panel::Footer;
use super::theme;
use crate::app::history::History;

/// Footer keys of the list of saved games.
pub(super) const HISTORY_KEYS: &[(&str, &str)] = &[
    ("↑↓", "choose"),
    ("⏎", "replay"),
    ("g/G", "first/last"),
    ("q", "quit"),
];

/// The list of saved games.
pub(super) fn draw(history: &History, ascii: bool, area: Rect, buf: &mut Buffer) {
    let [title, list, message, footer] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ]));
    Line::from(vec![
        Span::styled("Saved games", theme::HEADING),
        Span::raw(format!("  {}", history.dir.display())),
    ])
    .render(title, buf);
    let block = Block::bordered().border_style(theme::BORDER);
    let inner = block.inner(list);
    block.render(list, buf);
    let rows = usize::from(inner.height).max(1);
    let first = history.selected.saturating_sub(rows - 1);
    let lines: Vec<Line> = history
        .lines
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, text)| {
            if i == history.selected {
                Line::from(format!("▶ {text}")).style(theme::SELECTED)
            } else {
                Line::from(format!("  {text}"))
            }
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
    Line::from(history.message.clone())
        .bold()
        .render(message, buf);
    Footer(HISTORY_KEYS, ascii).render(footer, buf);
}
