//! The setup screen drawn: every choice with its value and note, the other entries,
//! the last refusal. Reads only (the state and its keys are `app/setup.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::theme;
use crate::app::setup::{ENTRIES, Field, Setup};

/// Lines the form takes: a row, its note on a line of its own unless inline, and the
/// deck's rule.
fn form_lines() -> u16 {
    Field::ALL
        .iter()
        .map(|f| if f.inline() { 1 } else { 2 })
        .sum::<u16>()
        + 1
}

impl Widget for &Setup {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(self, false, area, buf);
    }
}

/// The setup screen; `served` (over `concentration serve`) adds rooms: `R`, and the
/// room's code being typed on the last line.
pub(super) fn draw(setup: &Setup, served: bool, area: Rect, buf: &mut Buffer) {
    // The keys sit in the bottom border, leaving the rows to the form.
    let block = Block::bordered()
        .title(Line::from(" Concentration — new game ").bold())
        .title_bottom(
            Line::from(" ↑↓ choose · ←→ change · Enter start · ? help · q quit ").style(theme::DIM),
        )
        .border_style(theme::BORDER);
    let inner = block.inner(area);
    block.render(area, buf);
    // The line of introduction gives way to the form where the terminal is short.
    let intro_lines = u16::from(inner.height >= form_lines() + 4);
    let [intro, form, entries, error] = inner.layout(&Layout::vertical([
        Constraint::Length(intro_lines),
        Constraint::Min(7),
        Constraint::Length(1),
        Constraint::Length(1),
    ]));
    Paragraph::new(Line::from(
        "Find pairs against an AI that plays the exactly optimal strategy.",
    ))
    .render(intro, buf);
    let mut lines = Vec::new();
    for (i, f) in Field::ALL.iter().enumerate() {
        let (value, note) = setup.value_and_note(*f);
        let selected = i == setup.row;
        let marker = if selected { "▶ " } else { "  " };
        let value_style = if selected {
            theme::SELECTED
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        let mut row = vec![
            Span::styled(marker, theme::CURSOR),
            Span::raw(format!("{:<10}", f.name())),
            Span::styled(format!(" ‹ {value:<16} › "), value_style),
        ];
        if f.inline() {
            row.push(Span::styled(note, theme::DIM));
            lines.push(Line::from(row));
            continue;
        }
        lines.push(Line::from(row));
        // A long note (the own-pairs why-line) starts further left rather than be cut.
        let width = usize::from(form.width);
        let indent = if width >= 15 + note.chars().count() {
            15
        } else {
            2
        };
        lines.push(Line::from(Span::styled(
            format!(
                "{}{}",
                " ".repeat(indent),
                crate::words::fit(&note, width.saturating_sub(indent))
            ),
            theme::DIM,
        )));
        // The rule under the deck's name.
        if *f == Field::Deck
            && let Ok(deck) = crate::rules::Deck::parse(&setup.config.deck)
        {
            // The rule that decides a pair, under the deck's name.
            let rule = crate::trainer::coach::deck_rule(&deck);
            let indent = if usize::from(form.width) >= 15 + rule.chars().count() {
                15
            } else {
                2
            };
            lines.push(Line::from(Span::styled(
                format!("{}{rule}", " ".repeat(indent)),
                theme::DIM,
            )));
        }
    }
    Paragraph::new(lines).render(form, buf);
    Paragraph::new(Line::from(ENTRIES).style(theme::DIM)).render(entries, buf);
    // The last refusal, else why the form as it stands cannot start; over SSH, the
    // room's code being typed, else what `R` does.
    if let Some(e) = setup.error.clone().or_else(|| setup.problem()) {
        let e = crate::words::fit(&e, usize::from(error.width));
        Paragraph::new(Line::from(e).style(theme::ERROR)).render(error, buf);
    } else if let Some(code) = setup.room_code() {
        let line = format!(
            "Room code: {code}_ · Enter joins (none: opens a room of this game) · Esc back"
        );
        let line = crate::words::fit(&line, usize::from(error.width));
        Paragraph::new(Line::from(line).bold()).render(error, buf);
    } else if served {
        let line = "R  a room for friends: join one by its code, or open one of this game";
        let line = crate::words::fit(line, usize::from(error.width));
        Paragraph::new(Line::from(line).style(theme::DIM)).render(error, buf);
    }
}
