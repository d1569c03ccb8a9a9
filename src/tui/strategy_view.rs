//! The Strategy page drawn (and the dashboard, a page of the same kind): its lines
//! styled, wrapped and scrolled as the app's [`Strategy`] says. Reads only.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::panel::Footer;
use super::theme;
use crate::app::strategy::Strategy;
use crate::trainer::strategy::is_best;

/// Footer keys of the page.
pub(super) const STRATEGY_KEYS: &[(&str, &str)] = &[
    ("↑↓", "scroll"),
    ("PgUp PgDn", "page"),
    ("g G", "top / end"),
    ("q", "back"),
];

/// The page's lines before wrapping.
#[must_use]
pub(super) fn lines(page: &Strategy) -> Vec<Line<'static>> {
    if let Some(text) = page.dashboard_lines() {
        return text.iter().map(|l| Line::from(l.clone())).collect();
    }
    let mut out = Vec::new();
    for s in page.sections() {
        out.push(Line::from(Span::styled(s.title.clone(), theme::HEADING)));
        for w in &s.words {
            out.push(Line::from(w.clone()));
        }
        if let Some(e) = &s.example {
            out.push(Line::from(""));
            for c in &e.caption {
                out.push(Line::from(format!("  {c}")).style(theme::DIM));
            }
            for t in &e.table {
                out.push(Line::from(format!("      {t}")));
            }
            for a in &e.actions {
                let style = if is_best(a) {
                    theme::GOOD
                } else {
                    Style::new()
                };
                out.push(Line::from(vec![
                    Span::raw("  "),
                    Span::styled(a.text.clone(), style),
                    Span::raw(format!(": {} ({})", a.value, a.cost)),
                ]));
                out.push(Line::from(format!("      {}", a.numbers)).style(theme::DIM));
            }
            if let Some(i) = &e.idea {
                out.push(Line::from(format!("  {i}")));
            }
        }
        out.push(Line::from(""));
    }
    out
}

/// Draws the page over the whole of `area`.
pub(super) fn render(page: &Strategy, ascii: bool, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    let [body, footer] = area.layout(&Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
    ]));
    let block = Block::bordered()
        .title(
            Line::from(if page.is_dashboard() {
                " Your progress (as `concentration stats` prints it) "
            } else {
                " Strategy: the rules and the ideas "
            })
            .bold(),
        )
        .border_style(theme::BORDER);
    let inner = block.inner(body);
    block.render(body, buf);
    let max = page.max_scroll((area.width, area.height));
    let scroll = u16::try_from(page.scroll.min(max)).unwrap_or(u16::MAX);
    Paragraph::new(lines(page))
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(inner, buf);
    Footer(STRATEGY_KEYS, ascii).render(footer, buf);
}
