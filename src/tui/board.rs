//! The board: where each card goes on screen (shared by drawing and mouse clicks) and
//! how a card looks.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::theme;
use crate::app::config::Memory;
use crate::app::moving::{self, Swapping};
use crate::app::round::Round;
use crate::rules::{Back, Board, Game, Ink, Layout, Place, Slot};

/// Smallest card: three columns (`10♥`), one row.
pub(super) const MIN_CARD: (u16, u16) = (3, 1);

/// Where the cards of a board go inside an area: its places (rows, and half-card steps
/// across) scaled to the largest card that fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    origin: (u16, u16),
    card: (u16, u16),
    step: (u16, u16),
    places: Vec<Place>,
    rows: usize,
    /// Columns of the grid, for its labels (none in other layouts).
    cols: usize,
    labels: Labels,
}

/// How the records' coordinates are written around the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Labels {
    /// Column letters above, row numbers in a margin of their own on the left.
    Margin,
    /// Column letters above, one-digit row numbers in the first column's cursor-mark
    /// cells (where `[` goes when the cursor is there; on the card's top line when it
    /// has more than one): for boards that only just fit.
    Tight,
    /// No room for labels, or a layout that has no columns to label.
    None,
    /// The Two Decks Duel's two fields: a row above each for its player's name, the
    /// upper field's above the board (the lower's is the blank row between them).
    Names,
}

impl Labels {
    /// Columns to the left and rows above the cards that the labels take.
    fn room(self, rows: usize) -> (u16, u16) {
        match self {
            Self::Margin => (u16::try_from(rows.to_string().len()).unwrap_or(1) + 1, 1),
            Self::Tight | Self::Names => (0, 1),
            Self::None => (0, 0),
        }
    }
}

/// Columns a board of `halves` half-card steps takes with cards `w` wide: the last
/// card's left edge, the card, and a column either side for the cursor marks (a grid of
/// `c` columns: `c (w + 1) + 1`).
fn board_width(halves: u16, w: u16) -> u32 {
    u32::from(halves.saturating_sub(2)) * u32::from(w + 1) / 2 + u32::from(w) + 2
}

impl Geometry {
    /// Lays out `board` in `area`, as large as fits (cards up to 7 x 3), with a column
    /// of space around each card for the cursor marks; a grid with room above and to
    /// the left for the column letters and row numbers of the records' coordinates (in
    /// less room when the board only just fits, or none). `None` if even the smallest
    /// card does not fit.
    #[must_use]
    pub fn fit(area: Rect, board: &Board) -> Option<Self> {
        let rows = usize::from(board.rows());
        let tight = if rows < 10 {
            Labels::Tight
        } else {
            Labels::None
        };
        let choices: &[Labels] = if board.second_field().is_some() {
            &[Labels::Names]
        } else if board.layout() == Layout::Grid {
            &[Labels::Margin, tight, Labels::None]
        } else {
            &[Labels::None]
        };
        choices
            .iter()
            .find_map(|&labels| Self::fit_with(area, board, labels))
    }

    fn fit_with(area: Rect, board: &Board, labels: Labels) -> Option<Self> {
        let (rows, halves) = (board.rows(), board.halves());
        let r = rows;
        let (label_w, label_h) = labels.room(usize::from(rows));
        let area = Rect::new(
            area.x + label_w,
            area.y + label_h,
            area.width.checked_sub(label_w)?,
            area.height.checked_sub(label_h)?,
        );
        let w = (MIN_CARD.0..=7)
            .rev()
            .find(|&w| board_width(halves, w) <= u32::from(area.width))?;
        // Rows: a gap row between cards when there is room, else none.
        let (h, gap) = if area.height + 1 >= r * 2 {
            (((area.height + 1) / r - 1).clamp(1, 3), 1)
        } else if area.height >= r {
            (1, 0)
        } else {
            return None;
        };
        // at most the area's width (found above)
        let width = board_width(halves, w) as u16;
        let height = r * (h + gap) - gap;
        Some(Self {
            origin: (
                area.x + (area.width - width) / 2,
                area.y + (area.height - height) / 2,
            ),
            card: (w, h),
            step: (w + 1, h + gap),
            places: board.places().to_vec(),
            rows: usize::from(rows),
            cols: usize::from(halves / 2),
            labels,
        })
    }

    /// Smallest area that holds a board (without room for a grid's labels).
    #[must_use]
    pub(crate) fn min_size(board: &Board) -> (u16, u16) {
        let w = u16::try_from(board_width(board.halves(), MIN_CARD.0)).unwrap_or(u16::MAX);
        (w, board.rows())
    }

    /// The coordinate labels to draw: where each starts, and its text.
    fn label_texts(&self) -> Vec<(u16, u16, String)> {
        let mut out = Vec::new();
        if matches!(self.labels, Labels::None | Labels::Names) {
            return out;
        }
        for col in 0..self.cols {
            let top = self.cell(col);
            out.push((
                top.x + top.width / 2,
                top.y.saturating_sub(1),
                crate::record::column_letters(col),
            ));
        }
        let (label_w, _) = self.labels.room(self.rows);
        for row in 0..self.rows {
            let left = self.cell(row * self.cols);
            let (x, y) = match self.labels {
                Labels::Margin => (left.x.saturating_sub(label_w + 1), left.y + left.height / 2),
                // In the cursor-mark cell the number touches the first card: beside a
                // face on the middle line, "1" and "8♦" read as "18♦". On a taller card
                // it goes on the top line, where no face is written.
                _ if left.height >= 2 => (left.x.saturating_sub(1), left.y),
                _ => (left.x.saturating_sub(1), left.y + left.height / 2),
            };
            out.push((x, y, (row + 1).to_string()));
        }
        out
    }

    /// The rectangle of the card at `pos`.
    #[must_use]
    pub fn cell(&self, pos: usize) -> Rect {
        let place = self
            .places
            .get(pos)
            .copied()
            .unwrap_or(Place { row: 0, half: 0 });
        // Within the board's width and height (checked in fit).
        let across = (u32::from(place.half) * u32::from(self.step.0) / 2) as u16;
        Rect::new(
            self.origin.0 + 1 + across,
            self.origin.1 + place.row * self.step.1,
            self.card.0,
            self.card.1,
        )
    }

    /// Where the name over the field that begins with the card at `first` goes: the
    /// line above that card, from its left edge.
    #[must_use]
    pub fn above(&self, first: usize) -> (u16, u16) {
        let r = self.cell(first);
        (r.x, r.y.saturating_sub(1))
    }

    /// The card under a screen cell (mouse click), if any.
    #[must_use]
    pub fn hit(&self, x: u16, y: u16, cards: usize) -> Option<usize> {
        (0..cards.min(self.places.len())).find(|&p| self.cell(p).contains(Position { x, y }))
    }
}

/// How one card is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Look {
    /// Face down; on a checkerboard deck, with its back (red or blue).
    Back(Option<Back>),
    /// Face down, seen before, and pointed at by a hint that shows places (classic
    /// memory): the hint's `+`, never its face.
    Seen,
    /// Face up: text, ink, and whether it was turned this turn.
    Face(String, Ink, bool),
    /// Taken.
    Empty,
}

/// A card as a widget.
pub(super) struct CardView {
    /// How it looks.
    pub look: Look,
    /// Whether the hint points at it.
    pub hinted: bool,
}

impl Widget for CardView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (style, text) = match &self.look {
            Look::Back(_) if self.hinted => (theme::HINTED, "?".to_string()),
            // The red back's own pattern tells it from the blue one without colour.
            Look::Back(Some(Back::Red)) => (theme::BACK_RED, "▒".repeat(area.width as usize)),
            Look::Back(_) => (theme::BACK, "░".repeat(area.width as usize)),
            Look::Seen => (theme::HINTED, "+".to_string()),
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
            if matches!(self.look, Look::Back(_)) && !self.hinted {
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
        // No fact in colour alone: a card of this turn is marked `*` on its left, a
        // face the hint points at `+` on its right (a hinted back shows `?`), where
        // the card is wide enough to keep its face whole.
        if let Look::Face(_, _, this_turn) = &self.look
            && area.width >= w + 2
        {
            if *this_turn {
                buf.set_string(area.x, y, "*", style);
            }
            if self.hinted {
                buf.set_string(area.right() - 1, y, "+", style);
            }
        }
    }
}

/// A card's rectangle `frame` eighths of the way from `from` to `to`.
fn between(from: Rect, to: Rect, frame: u8) -> Rect {
    let at = |a: u16, b: u16| {
        let (a, b) = (i32::from(a), i32::from(b));
        let t = i32::from(frame.min(moving::FRAMES));
        // between a and b, both u16
        (a + (b - a) * t / i32::from(moving::FRAMES)) as u16
    };
    Rect::new(at(from.x, to.x), at(from.y, to.y), from.width, from.height)
}

fn unicode_width(s: &str) -> u16 {
    u16::try_from(s.chars().count()).unwrap_or(u16::MAX)
}

/// A table as a widget: what is face up, what is highlighted, where the cursor is.
pub(super) struct BoardView<'a> {
    /// The game whose table is drawn.
    pub game: &'a Game,
    /// Cards turned this turn (highlighted, face up even if taken).
    pub turned: &'a [usize],
    /// Known cards stay face up (open mode, replays).
    pub open: bool,
    /// Every face is shown (the game is over).
    pub(crate) reveal: bool,
    /// Cards the hint points at.
    pub hinted: &'a [usize],
    /// The cursor's card, if a cursor is drawn.
    pub cursor: Option<usize>,
    /// Two cards swapping places (moving cards), if on show.
    pub swapping: Option<Swapping>,
    /// The easier solitaire's live card (the last turned, face up for the next to
    /// complete), marked `*`.
    pub live: Option<usize>,
}

impl<'a> BoardView<'a> {
    /// The board of a round in play, as the person sees it.
    #[must_use]
    pub(super) fn of_round(round: &'a Round, turned: &'a [usize]) -> Self {
        let over = round.game().view().is_over();
        Self {
            game: round.game(),
            turned,
            open: round.memory() == Memory::Open,
            reveal: over,
            hinted: round.hint().map_or(&[], |h| h.targets.as_slice()),
            cursor: (!round.is_watch() && !over).then_some(round.cursor),
            swapping: round.swapping(),
            live: None,
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self.game.view();
        let deck = view.deck();
        let Some(geo) = Geometry::fit(area, self.game.board()) else {
            return;
        };
        let look_of = |pos: usize| {
            let this_turn = self.turned.contains(&pos);
            match view.slots()[pos] {
                Slot::Removed(_) if !this_turn => Look::Empty,
                Slot::Removed(c) | Slot::Known(c) if this_turn || self.open || self.reveal => {
                    let f = deck.face(c.label, c.copy);
                    Look::Face(f.text, f.ink, this_turn)
                }
                // A seen card the hint points at, face down (classic memory): a `+`,
                // never its face, which the person is to remember; a `?` is a new card.
                Slot::Known(_) if self.hinted.contains(&pos) => Look::Seen,
                Slot::Unknown if self.reveal => {
                    let c = self.game.reveal_all()[pos];
                    let f = deck.face(c.label, c.copy);
                    Look::Face(f.text, f.ink, false)
                }
                _ => Look::Back(deck.back_at(pos)),
            }
        };
        let sliding = self.swapping.and_then(|s| s.frame.map(|f| (s.swap, f)));
        for pos in 0..view.slots().len() {
            let hinted = self.hinted.contains(&pos);
            let look = match sliding {
                // The two places lie empty while their cards slide (drawn below).
                Some((w, _)) if pos == w.a || pos == w.b => Look::Empty,
                _ => look_of(pos),
            };
            CardView { look, hinted }.render(geo.cell(pos), buf);
        }
        if let Some((w, frame)) = sliding {
            for (from, to) in [(w.a, w.b), (w.b, w.a)] {
                let rect = between(geo.cell(from), geo.cell(to), frame);
                CardView {
                    look: look_of(to),
                    hinted: false,
                }
                .render(rect, buf);
            }
        }
        for (x, y, text) in geo.label_texts() {
            buf.set_string(x, y, text, theme::DIM);
        }
        if let Some(w) = self.swapping.filter(|s| s.frame.is_none()) {
            // Reduce motion: no slide, both cards marked where they now lie.
            for pos in [w.swap.a, w.swap.b] {
                let r = geo.cell(pos);
                let y = r.y + r.height / 2;
                buf.set_style(r, theme::THIS_TURN);
                buf.set_string(r.x - 1, y, ">", theme::CURSOR);
                buf.set_string(r.right(), y, "<", theme::CURSOR);
            }
        }
        if let Some(live) = self.live {
            let r = geo.cell(live);
            buf.set_string(r.x, r.y, "*", theme::CURSOR);
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

/// The Two Decks Duel's two fields drawn in `area`: each player's name over their own
/// (`whose`: "Your", "Ann's"), with their role in the turn, the seat to turn a card in
/// bright. Nothing at any other table.
pub(super) fn field_names(
    game: &Game,
    area: Rect,
    buf: &mut Buffer,
    whose: impl Fn(crate::rules::Seat) -> String,
) {
    let view = game.view();
    if view.side_of(0).is_none() {
        return;
    }
    let Some(geo) = Geometry::fit(area, game.board()) else {
        return;
    };
    let leader = crate::model::leader(view);
    for seat in [crate::rules::Seat::FIRST, crate::rules::Seat::SECOND] {
        let role = match (view.is_over(), seat == leader) {
            (true, _) => "",
            (false, true) => " · leads",
            (false, false) => " · answers",
        };
        let name = format!("{} side{role}", whose(seat));
        let Some(first) = view.side_position(seat.index(), 1) else {
            return;
        };
        let (x, y) = geo.above(first);
        let style = if !view.is_over() && seat == view.mover() {
            theme::HEADING
        } else {
            theme::DIM
        };
        buf.set_stringn(
            x,
            y,
            name,
            usize::from(area.right().saturating_sub(x)),
            style,
        );
    }
}
