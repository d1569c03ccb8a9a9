//! The board: where each card goes on screen (shared by drawing and mouse clicks) and
//! how a card looks.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::config::Memory;
use super::round::Round;
use super::theme;
use crate::rules::{Game, Ink, Slot};

/// Smallest card: three columns (`10♥`), one row.
pub const MIN_CARD: (u16, u16) = (3, 1);

/// Where the cards of a grid go inside an area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    origin: (u16, u16),
    card: (u16, u16),
    step: (u16, u16),
    rows: usize,
    cols: usize,
}

impl Geometry {
    /// Lays out `rows` x `cols` cards in `area`, as large as fits (up to 7 x 3), with a
    /// column of space around each card for the cursor marks, and room above and to the
    /// left for the column letters and row numbers of the records' coordinates. `None`
    /// if even the smallest card does not fit.
    #[must_use]
    pub fn fit(area: Rect, rows: usize, cols: usize) -> Option<Self> {
        let (r, c) = (u16::try_from(rows).ok()?, u16::try_from(cols).ok()?);
        let (label_w, label_h) = label_room(rows);
        let area = Rect::new(
            area.x + label_w,
            area.y + label_h,
            area.width.checked_sub(label_w)?,
            area.height.checked_sub(label_h)?,
        );
        let w = (area.width.checked_sub(1)? / c).checked_sub(1)?.min(7);
        if w < MIN_CARD.0 {
            return None;
        }
        // Rows: a gap row between cards when there is room, else none.
        let (h, gap) = if area.height + 1 >= r * 2 {
            (((area.height + 1) / r - 1).clamp(1, 3), 1)
        } else if area.height >= r {
            (1, 0)
        } else {
            return None;
        };
        let width = c * (w + 1) + 1;
        let height = r * (h + gap) - gap;
        Some(Self {
            origin: (
                area.x + (area.width - width) / 2,
                area.y + (area.height - height) / 2,
            ),
            card: (w, h),
            step: (w + 1, h + gap),
            rows,
            cols,
        })
    }

    /// Smallest area that holds a grid, with its labels.
    #[must_use]
    pub fn min_size(rows: usize, cols: usize) -> (u16, u16) {
        let r = u16::try_from(rows).unwrap_or(u16::MAX);
        let c = u16::try_from(cols).unwrap_or(u16::MAX);
        let (label_w, label_h) = label_room(rows);
        (c * (MIN_CARD.0 + 1) + 1 + label_w, r + label_h)
    }

    /// Where the label of column `col` goes (above the top row) and of row `row` (left
    /// of the first column, right-aligned to `width` cells).
    fn label_spots(&self, col: usize, row: usize) -> ((u16, u16), (u16, u16)) {
        let top = self.cell(col);
        let left = self.cell(row * self.cols);
        let (label_w, _) = label_room(self.rows);
        (
            (top.x + top.width / 2, top.y.saturating_sub(1)),
            (left.x.saturating_sub(1 + label_w), left.y + left.height / 2),
        )
    }

    /// The rectangle of the card at `pos`.
    #[must_use]
    pub fn cell(&self, pos: usize) -> Rect {
        let (row, col) = (pos / self.cols, pos % self.cols);
        #[allow(clippy::cast_possible_truncation)] // rows and cols fit in u16 (checked in fit)
        Rect::new(
            self.origin.0 + 1 + col as u16 * self.step.0,
            self.origin.1 + row as u16 * self.step.1,
            self.card.0,
            self.card.1,
        )
    }

    /// The card under a screen cell (mouse click), if any.
    #[must_use]
    pub fn hit(&self, x: u16, y: u16, cards: usize) -> Option<usize> {
        (0..cards.min(self.rows * self.cols)).find(|&p| self.cell(p).contains(Position { x, y }))
    }
}

/// Cells the coordinate labels take: the row numbers' width plus a space to the left,
/// one row of column letters above.
fn label_room(rows: usize) -> (u16, u16) {
    let digits = u16::try_from(rows.max(1).to_string().len()).unwrap_or(1);
    (digits + 1, 1)
}

/// How one card is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Look {
    /// Face down.
    Back,
    /// Face up: text, ink, and whether it was turned this turn.
    Face(String, Ink, bool),
    /// Taken.
    Empty,
}

/// A card as a widget.
pub struct CardView {
    /// How it looks.
    pub look: Look,
    /// Whether the hint points at it.
    pub hinted: bool,
}

impl Widget for CardView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (style, text) = match &self.look {
            Look::Back if self.hinted => (theme::HINTED, "?".to_string()),
            Look::Back => (theme::BACK, "░".repeat(area.width as usize)),
            Look::Face(text, ink, this_turn) => {
                let base = if *this_turn {
                    theme::THIS_TURN
                } else if self.hinted {
                    theme::HINTED
                } else {
                    theme::KNOWN
                };
                let fg = match ink {
                    Ink::Red => theme::RED,
                    _ => theme::BLACK,
                };
                (base.fg(fg), text.clone())
            }
            Look::Empty => (theme::REMOVED, "·".to_string()),
        };
        if !matches!(self.look, Look::Empty) {
            buf.set_style(area, style);
            if matches!(self.look, Look::Back) && !self.hinted {
                for y in area.top()..area.bottom() {
                    buf.set_string(area.x, y, &text, style);
                }
                return;
            }
        }
        let w = unicode_width(&text);
        let x = area.x + area.width.saturating_sub(w) / 2;
        let y = area.y + area.height / 2;
        buf.set_stringn(x, y, &text, area.width as usize, style);
    }
}

fn unicode_width(s: &str) -> u16 {
    u16::try_from(s.chars().count()).unwrap_or(u16::MAX)
}

/// A table as a widget: what is face up, what is highlighted, where the cursor is.
pub struct BoardView<'a> {
    /// The game whose table is drawn.
    pub game: &'a Game,
    /// Cards turned this turn (highlighted, face up even if taken).
    pub turned: &'a [usize],
    /// Known cards stay face up (open mode, replays).
    pub open: bool,
    /// Every face is shown (the game is over).
    pub reveal: bool,
    /// Cards the hint points at.
    pub hinted: &'a [usize],
    /// The cursor's card, if a cursor is drawn.
    pub cursor: Option<usize>,
}

impl<'a> BoardView<'a> {
    /// The board of a round in play, as the person sees it.
    #[must_use]
    pub fn of_round(round: &'a Round, turned: &'a [usize]) -> Self {
        let over = round.game().view().is_over();
        Self {
            game: round.game(),
            turned,
            open: round.memory() == Memory::Open,
            reveal: over,
            hinted: round.hint().map_or(&[], |h| h.targets.as_slice()),
            cursor: (!round.is_watch() && !over).then_some(round.cursor),
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self.game.view();
        let deck = view.deck();
        let (rows, cols) = deck.grid();
        let Some(geo) = Geometry::fit(area, rows, cols) else {
            return;
        };
        for (pos, slot) in view.slots().iter().enumerate() {
            let this_turn = self.turned.contains(&pos);
            let look = match *slot {
                Slot::Removed(_) if !this_turn => Look::Empty,
                Slot::Removed(c) | Slot::Known(c) if this_turn || self.open || self.reveal => {
                    let f = deck.face(c.label, c.copy);
                    Look::Face(f.text, f.ink, this_turn)
                }
                // A seen card the hint points at shows its face: a `?` means a new card.
                Slot::Known(c) if self.hinted.contains(&pos) => {
                    let f = deck.face(c.label, c.copy);
                    Look::Face(f.text, f.ink, false)
                }
                Slot::Unknown if self.reveal => {
                    let c = self.game.reveal_all()[pos];
                    let f = deck.face(c.label, c.copy);
                    Look::Face(f.text, f.ink, false)
                }
                _ => Look::Back,
            };
            let hinted = self.hinted.contains(&pos);
            CardView { look, hinted }.render(geo.cell(pos), buf);
        }
        for col in 0..cols {
            let ((x, y), _) = geo.label_spots(col, 0);
            buf.set_string(x, y, crate::record::column_letters(col), theme::DIM);
        }
        for row in 0..rows {
            let (_, (x, y)) = geo.label_spots(0, row);
            let (label_w, _) = label_room(rows);
            let text = format!("{:>w$}", row + 1, w = usize::from(label_w - 1));
            buf.set_string(x, y, text, theme::DIM);
        }
        if let Some(cursor) = self.cursor {
            let r = geo.cell(cursor);
            let y = r.y + r.height / 2;
            buf.set_string(r.x - 1, y, "[", theme::CURSOR);
            buf.set_string(r.right(), y, "]", theme::CURSOR);
            if r.height >= 3 {
                buf.set_style(
                    Rect::new(r.x, r.bottom() - 1, r.width, 1),
                    Style::new().add_modifier(ratatui::style::Modifier::UNDERLINED),
                );
            }
        }
    }
}
