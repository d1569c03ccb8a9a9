//! The Strategy page on screen: the rules and every idea with its example position
//! (computed by the trainer when the page opens), scrolled with the arrows, PgUp/PgDn,
//! Home and End. The dashboard screen (`s` on the setup screen) is a page of the same
//! kind: the lines of `concentration stats`, scrolled the same way.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::panel::{Footer, plain, wrapped_rows};
use super::theme;
use crate::trainer::strategy::{Section, is_best, page};

/// Footer keys of the page.
pub const STRATEGY_KEYS: &[(&str, &str)] = &[
    ("↑↓", "scroll"),
    ("PgUp PgDn", "page"),
    ("g G", "top / end"),
    ("q", "back"),
];

/// The page and how far it is scrolled.
pub struct Strategy {
    sections: Vec<Section>,
    /// For the dashboard: its lines, shown as they are (instead of the sections).
    text: Option<Vec<String>>,
    /// Rows scrolled past.
    pub scroll: usize,
    /// Whether closing the page ends the program (`concentration learn`).
    pub quit_on_close: bool,
}

impl Strategy {
    /// The page, its examples computed now.
    #[must_use]
    pub fn new(quit_on_close: bool) -> Self {
        Self {
            sections: page(),
            text: None,
            scroll: 0,
            quit_on_close,
        }
    }

    /// The dashboard screen: `lines` (those `concentration stats` prints), scrolled as
    /// the Strategy page is; closing it goes back.
    #[must_use]
    pub fn dashboard(lines: Vec<String>) -> Self {
        Self {
            sections: Vec::new(),
            text: Some(lines),
            scroll: 0,
            quit_on_close: false,
        }
    }

    /// Whether this page is the dashboard.
    #[must_use]
    pub fn is_dashboard(&self) -> bool {
        self.text.is_some()
    }

    /// The page's sections.
    #[must_use]
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// Scrolls by `delta` rows, within the page as shown on a terminal of `size`.
    pub fn scroll_by(&mut self, delta: isize, size: (u16, u16)) {
        let max = self.max_scroll(size);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }

    /// Rows of text the page shows at once on a terminal of `size`.
    #[must_use]
    pub fn page_rows(size: (u16, u16)) -> usize {
        usize::from(size.1.saturating_sub(3)).max(1)
    }

    /// The furthest the page can scroll on a terminal of `size`.
    #[must_use]
    pub fn max_scroll(&self, size: (u16, u16)) -> usize {
        let width = usize::from(size.0.saturating_sub(2));
        let rows: usize = self
            .lines()
            .iter()
            .map(|l| wrapped_rows(&plain(l), width))
            .sum();
        rows.saturating_sub(Self::page_rows(size))
    }

    /// The page's lines before wrapping.
    #[must_use]
    pub fn lines(&self) -> Vec<Line<'static>> {
        if let Some(text) = &self.text {
            return text.iter().map(|l| Line::from(l.clone())).collect();
        }
        let mut out = Vec::new();
        for s in &self.sections {
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
    pub fn render(&self, ascii: bool, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let [body, footer] = area.layout(&Layout::vertical([
            Constraint::Min(1),
            Constraint::Length(1),
        ]));
        let block = Block::bordered()
            .title(
                Line::from(if self.is_dashboard() {
                    " Your progress (as `concentration stats` prints it) "
                } else {
                    " Strategy: the rules and the ideas "
                })
                .bold(),
            )
            .border_style(theme::BORDER);
        let inner = block.inner(body);
        block.render(body, buf);
        let max = self.max_scroll((area.width, area.height));
        let scroll = u16::try_from(self.scroll.min(max)).unwrap_or(u16::MAX);
        Paragraph::new(self.lines())
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .render(inner, buf);
        Footer(STRATEGY_KEYS, ascii).render(footer, buf);
    }
}
