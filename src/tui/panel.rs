//! The side panel (score, turn, rule, odds, log or hint) and the key footer.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::hint::{format_cost, format_value};
use super::round::Round;
use super::theme;
use crate::rules::{Objective, Phase, Seat};

/// Width of the side panel.
pub const PANEL_WIDTH: u16 = 27;

/// The side panel of a round.
pub struct Panel<'a>(pub &'a Round);

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let round = self.0;
        let view = round.game().view();
        let title = if round.practice() {
            " Practice game "
        } else {
            " Score "
        };
        let block = Block::bordered()
            .title(Line::from(title).bold())
            .border_style(theme::BORDER);
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = Vec::new();
        let pairs = view.pairs();
        for seat in [Seat::First, Seat::Second] {
            let mark = if !view.is_over() && view.mover() == seat {
                "▶"
            } else {
                " "
            };
            lines.push(Line::from(vec![
                Span::styled(mark, theme::CURSOR),
                Span::raw(format!(
                    "{:<14}{:>3} pairs",
                    truncate(&round.seat_name(seat), 14),
                    pairs[seat.index()]
                )),
            ]));
        }
        let phase = match view.phase() {
            Phase::FirstCard => "first card",
            Phase::SecondCard { .. } => "second card",
            Phase::Over(_) => "game over",
        };
        lines.push(Line::from(format!("Move {} · {phase}", view.turns() + 1)));
        lines.push(Line::from(format!(
            "Pairs left {} · {}",
            round.pairs_left(),
            round.memory().name()
        )));
        let rule = round.config().pass_rule;
        lines.push(Line::from(vec![
            Span::raw("Rule "),
            Span::styled(rule.name(), theme::HEADING),
            Span::raw(format!(" · {}", round.config().objective)),
        ]));
        if let Some(v) = round.odds() {
            let who = if round.is_watch() {
                round.seat_name(Seat::First)
            } else {
                "You".into()
            };
            let what = match round.config().objective {
                Objective::Win => "win",
                _ => "margin",
            };
            lines.push(Line::from(format!(
                "{who}: {what} {}",
                format_value(round.config().objective, v)
            )));
        }
        lines.push(Line::from(""));
        if let Some(h) = round.hint() {
            lines.push(Line::from(Span::styled(
                "Hint: every choice",
                theme::HEADING,
            )));
            for l in &h.lines {
                let style = if l.action == h.best {
                    theme::HINTED
                } else {
                    ratatui::style::Style::new()
                };
                lines.push(Line::from(Span::styled(
                    format!(
                        "{:<12}{:>6} {:>6}",
                        truncate(&l.words, 12),
                        format_value(h.objective, l.value),
                        format_cost(h.objective, l.cost)
                    ),
                    style,
                )));
            }
        } else {
            lines.push(Line::from(Span::styled("Last turns", theme::HEADING)));
            let room = usize::from(inner.height).saturating_sub(lines.len());
            let log = round.log();
            for l in &log[log.len().saturating_sub(room)..] {
                lines.push(Line::from(truncate(l, usize::from(inner.width))));
            }
        }
        if let Some(note) = round.solver_note() {
            lines.push(Line::from(Span::styled(note.to_string(), theme::DIM)));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// The first `n` characters of `s`.
pub(super) fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A window of `w` by `h` cells (at most the area) in the middle of `area`, cleared and
/// framed with `title`; returns its inside.
pub(super) fn popup(area: Rect, w: u16, h: u16, title: &str, buf: &mut Buffer) -> Rect {
    let r = area.centered(
        Constraint::Length(w.min(area.width)),
        Constraint::Length(h.min(area.height)),
    );
    Clear.render(r, buf);
    let block = Block::bordered()
        .title(Line::from(title.to_owned()).bold())
        .border_style(theme::HEADING);
    let inner = block.inner(r);
    block.render(r, buf);
    inner
}

/// The key footer: pairs of key and what it does; with `true`, for ASCII glyphs.
pub struct Footer<'a>(pub &'a [(&'a str, &'a str)], pub bool);

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.1 {
            // A one-character stand-in for ⏎ would not name a key: say Enter.
            let keys: Vec<(&str, &str)> = self
                .0
                .iter()
                .map(|&(k, what)| (if k == "⏎" { "Enter" } else { k }, what))
                .collect();
            key_line(&keys, 2).render(area, buf);
        } else {
            key_line(self.0, 2).render(area, buf);
        }
    }
}

/// Keys and what they do on one line, `gap` spaces between two.
pub(super) fn key_line(keys: &[(&str, &str)], gap: usize) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(gap)));
        }
        spans.push(Span::styled((*key).to_owned(), theme::KEY));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}

/// Keys and what they do, a line each, the keys in a column (the help windows).
pub(super) fn key_rows(keys: &[(&str, &str)]) -> Vec<Line<'static>> {
    keys.iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:<20}"), theme::KEY),
                Span::raw((*what).to_owned()),
            ])
        })
        .collect()
}

/// Footer keys during a game.
pub const PLAY_KEYS: &[(&str, &str)] = &[
    ("←↑↓→", "move"),
    ("⏎", "turn"),
    ("H", "hint"),
    ("o", "odds"),
    ("?", "help"),
    ("n", "new"),
    ("q", "quit"),
];

/// Footer keys while watching.
pub const WATCH_KEYS: &[(&str, &str)] = &[
    ("space", "faster"),
    ("o", "odds"),
    ("?", "help"),
    ("n", "new"),
    ("q", "quit"),
];
