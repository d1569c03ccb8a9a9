//! The Strategy page's state: the rules and every idea with its example position
//! (computed by the trainer when the page opens), scrolled with the arrows, PgUp/PgDn,
//! Home and End (drawn by `tui/strategy_view.rs`). The dashboard screen (`s` on the
//! setup screen) is a page of the same kind: the lines of `concentration stats`,
//! scrolled the same way.

use crate::trainer::strategy::{Section, page};

/// The page and how far it is scrolled.
pub struct Strategy {
    sections: Vec<Section>,
    /// For the dashboard: its lines, shown as they are (instead of the sections).
    text: Option<Vec<String>>,
    /// Rows scrolled past.
    pub(crate) scroll: usize,
    /// Whether closing the page ends the program (`concentration learn`).
    pub(crate) quit_on_close: bool,
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

    /// The dashboard's lines, when this page is the dashboard.
    #[must_use]
    pub(crate) fn dashboard_lines(&self) -> Option<&[String]> {
        self.text.as_deref()
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
    pub(crate) fn scroll_by(&mut self, delta: isize, size: (u16, u16)) {
        let max = self.max_scroll(size);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }

    /// Rows of text the page shows at once on a terminal of `size`.
    #[must_use]
    pub(crate) fn page_rows(size: (u16, u16)) -> usize {
        usize::from(size.1.saturating_sub(3)).max(1)
    }

    /// The furthest the page can scroll on a terminal of `size`.
    #[must_use]
    pub(crate) fn max_scroll(&self, size: (u16, u16)) -> usize {
        let width = usize::from(size.0.saturating_sub(2));
        let rows: usize = self
            .text_lines()
            .iter()
            .map(|l| wrapped_rows(l, width))
            .sum();
        rows.saturating_sub(Self::page_rows(size))
    }

    /// The page's lines before wrapping, as plain text (the lines drawn, without their
    /// styles): what the page scrolls through.
    #[must_use]
    pub(crate) fn text_lines(&self) -> Vec<String> {
        if let Some(text) = &self.text {
            return text.clone();
        }
        let mut out = Vec::new();
        for s in &self.sections {
            out.push(s.title.clone());
            out.extend(s.words.iter().cloned());
            if let Some(e) = &s.example {
                out.push(String::new());
                out.extend(e.caption.iter().map(|c| format!("  {c}")));
                out.extend(e.table.iter().map(|t| format!("      {t}")));
                for a in &e.actions {
                    out.push(format!("  {}: {} ({})", a.text, a.value, a.cost));
                    out.push(format!("      {}", a.numbers));
                }
                if let Some(i) = &e.idea {
                    out.push(format!("  {i}"));
                }
            }
            out.push(String::new());
        }
        out
    }
}

/// Rows that `text` takes once word-wrapped to `width` cells (as the screen's word wrap
/// does it: greedy, a word longer than the width broken across rows).
#[must_use]
pub(crate) fn wrapped_rows(text: &str, width: usize) -> usize {
    let width = width.max(1);
    let mut rows = 1;
    let mut used = 0;
    // Split on single spaces: a run of spaces counts cell by cell.
    for word in text.split(' ') {
        let w = word.chars().count();
        let need = if used == 0 { w } else { used + 1 + w };
        if need <= width {
            used = need;
        } else if used == 0 {
            rows += (w - 1) / width;
            used = (w - 1) % width + 1;
        } else {
            rows += 1 + (w.max(1) - 1) / width;
            used = (w.max(1) - 1) % width + 1;
        }
    }
    rows
}
