//! Where the cards lie: the shapes a table can be laid out in (the encyclopedia's Fancy
//! and Spaghetti) as places on a lattice of rows and half-card columns, and which card
//! an arrow leads to. The rules and the model never read a place: a layout changes what a
//! person must remember, not the game's values.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::deck::Deck;
use super::layout::below;
use super::options::UnknownName;

/// The shape the cards are laid out in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// Rows and columns, the deck's grid.
    #[default]
    Grid,
    /// A round patch, ring inside ring.
    Circle,
    /// Rows growing by one card to the middle and shrinking after it, the tips cut
    /// to the deck's size.
    Diamond,
    /// Rows growing by one card from a single card at the top.
    Triangle,
    /// Strewn at random over the board, no two overlapping (Spaghetti): from the seed,
    /// so a replay shows the same board.
    Scatter,
}

impl Layout {
    /// Every layout, in the order menus show them.
    pub const ALL: [Self; 5] = [
        Self::Grid,
        Self::Circle,
        Self::Diamond,
        Self::Triangle,
        Self::Scatter,
    ];

    /// The name on the command line and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Grid => "grid",
            Self::Circle => "circle",
            Self::Diamond => "diamond",
            Self::Triangle => "triangle",
            Self::Scatter => "scatter",
        }
    }

    /// One line for players.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Grid => "rows and columns",
            Self::Circle => "a round patch of cards",
            Self::Diamond => "a diamond, widest in the middle",
            Self::Triangle => "a triangle, one card at the top",
            Self::Scatter => "strewn at random, no rows to count on",
        }
    }
}

impl FromStr for Layout {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        super::options::parse_named(&s.to_ascii_lowercase(), "layout", &Self::ALL, Self::name)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where one card lies: its row, and its left edge in half-card steps (a card takes two
/// steps, so two cards of a row never overlap when their steps differ by two or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// Row from the top, from 0.
    pub row: u16,
    /// Left edge in half-card steps from the left, from 0.
    pub half: u16,
}

/// An arrow key's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Up the screen.
    Up,
    /// Down the screen.
    Down,
    /// To the left.
    Left,
    /// To the right.
    Right,
}

/// The places of every card of a table, by position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    layout: Layout,
    places: Vec<Place>,
    rows: u16,
    halves: u16,
    /// The Two Decks Duel's two fields: the first row of the second field (a blank row
    /// lies above it).
    second_field: Option<u16>,
}

/// The scatter's stream, apart from the deal's and the moving cards'.
const SCATTER_SALT: u64 = 0x5ca7_7e12_d00d_f00d;

impl Board {
    /// The places of `deck`'s cards laid out as `layout` (a scatter strewn from `seed`).
    #[must_use]
    pub fn new(layout: Layout, deck: &Deck, seed: u64) -> Self {
        let n = deck.cards();
        let places = match layout {
            Layout::Grid => {
                let (_, cols) = deck.grid();
                (0..n)
                    .map(|p| place(p / cols, 2 * (p % cols)))
                    .collect::<Vec<_>>()
            }
            Layout::Circle => circle(n),
            Layout::Diamond => rows_of(&diamond_widths(n)),
            Layout::Triangle => rows_of(&triangle_widths(n)),
            Layout::Scatter => {
                let (rows, cols) = deck.grid();
                scatter(n, rows, cols, seed)
            }
        };
        Self::of_places(layout, places)
    }

    /// Places moved up and left as far as they go, the board's size taken from them.
    fn of_places(layout: Layout, mut places: Vec<Place>) -> Self {
        let top = places.iter().map(|p| p.row).min().unwrap_or(0);
        let left = places.iter().map(|p| p.half).min().unwrap_or(0);
        for p in &mut places {
            p.row -= top;
            p.half -= left;
        }
        let rows = places.iter().map(|p| p.row + 1).max().unwrap_or(0);
        let halves = places.iter().map(|p| p.half + 2).max().unwrap_or(0);
        Self {
            layout,
            places,
            rows,
            halves,
            second_field: None,
        }
    }

    /// Where the second of the Two Decks Duel's fields begins, if the board has two.
    #[must_use]
    pub fn second_field(&self) -> Option<u16> {
        self.second_field
    }

    /// The layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Each position's place.
    #[must_use]
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// Rows the board spans.
    #[must_use]
    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Half-card steps the board spans (two per card of the widest row, at least).
    #[must_use]
    pub fn halves(&self) -> u16 {
        self.halves
    }

    /// The positions in reading order: row by row from the top, left to right.
    #[must_use]
    pub fn reading_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.places.len()).collect();
        order.sort_by_key(|&p| self.places[p]);
        order
    }

    /// The card an arrow leads to from `from`: left and right, the next card of the row;
    /// up and down, the card nearest across of the nearest row that holds any (the
    /// nearer to the left on a tie). `from` itself when there is none. Up and down reach
    /// every row and left and right every card of a row, so every card can be reached
    /// from every other.
    #[must_use]
    pub fn step(&self, from: usize, direction: Direction) -> usize {
        let Some(&at) = self.places.get(from) else {
            return from;
        };
        let others = self.places.iter().enumerate().filter(|&(p, _)| p != from);
        let best = match direction {
            Direction::Left => others
                .filter(|(_, q)| q.row == at.row && q.half < at.half)
                .max_by_key(|(_, q)| q.half),
            Direction::Right => others
                .filter(|(_, q)| q.row == at.row && q.half > at.half)
                .min_by_key(|(_, q)| q.half),
            Direction::Up | Direction::Down => {
                let row = if direction == Direction::Up {
                    self.places
                        .iter()
                        .map(|q| q.row)
                        .filter(|&r| r < at.row)
                        .max()
                } else {
                    self.places
                        .iter()
                        .map(|q| q.row)
                        .filter(|&r| r > at.row)
                        .min()
                };
                others
                    .filter(|(_, q)| Some(q.row) == row)
                    .min_by_key(|(_, q)| (q.half.abs_diff(at.half), q.half))
            }
        };
        best.map_or(from, |(p, _)| p)
    }
}

/// The Two Decks Duel's board: `places` (row, half step) of two fields of `rows` rows
/// each, a blank row between them.
pub(super) fn of_duel_places(layout: Layout, places: Vec<(usize, usize)>, rows: usize) -> Board {
    let mut board = Board::of_places(
        layout,
        places.into_iter().map(|(r, h)| place(r, h)).collect(),
    );
    board.second_field = u16::try_from(rows + 1).ok();
    board
}

pub(super) fn place(row: usize, half: usize) -> Place {
    // A table holds at most a few hundred cards: rows and steps fit in u16.
    Place {
        row: u16::try_from(row).unwrap_or(u16::MAX),
        half: u16::try_from(half).unwrap_or(u16::MAX),
    }
}

/// Rows of the given widths, each centred under the widest.
fn rows_of(widths: &[usize]) -> Vec<Place> {
    let widest = widths.iter().copied().max().unwrap_or(0);
    widths
        .iter()
        .enumerate()
        .flat_map(|(row, &w)| (0..w).map(move |i| place(row, widest - w + 2 * i)))
        .collect()
}

/// 1, 2, ..., k rows, the last cut to `n` cards in all.
fn triangle_widths(n: usize) -> Vec<usize> {
    let mut widths = Vec::new();
    let mut left = n;
    let mut w = 1;
    while left > 0 {
        widths.push(w.min(left));
        left -= w.min(left);
        w += 1;
    }
    widths
}

/// 1, 2, ..., k, ..., 2, 1 for the smallest k with k² >= n, then cards taken off the
/// tips, top and bottom in turn, until `n` are left.
fn diamond_widths(n: usize) -> Vec<usize> {
    let k = (1..).find(|k| k * k >= n).unwrap_or(1);
    let mut widths: Vec<usize> = (1..=k).chain((1..k).rev()).collect();
    let mut excess = k * k - n;
    let mut top = true;
    while excess > 0 {
        let end = if top { 0 } else { widths.len() - 1 };
        let take = widths[end].min(excess);
        widths[end] -= take;
        excess -= take;
        if widths[end] == 0 {
            if top {
                widths.remove(0);
            } else {
                widths.pop();
            }
        }
        top = !top;
    }
    widths
}

/// The `n` places of a brick lattice (each row offset half a card from the next)
/// nearest the centre as a terminal draws them: a row is about 1.6 half-cards tall.
fn circle(n: usize) -> Vec<Place> {
    let reach = i64::try_from((1..).find(|r| r * r >= n).unwrap_or(1)).unwrap_or(0) + 1;
    let mut lattice: Vec<(i64, i64)> = (-reach..=reach)
        .flat_map(|r| (-3 * reach..=3 * reach).map(move |h| (r, h)))
        .filter(|&(r, h)| (r + h).rem_euclid(2) == 0)
        .collect();
    // Distance squared in tenths of a half-card: 10h across, 16r down.
    lattice.sort_by_key(|&(r, h)| ((10 * h).pow(2) + (16 * r).pow(2), r, h));
    let chosen = &lattice[..n.min(lattice.len())];
    let (top, left) = (
        chosen.iter().map(|c| c.0).min().unwrap_or(0),
        chosen.iter().map(|c| c.1).min().unwrap_or(0),
    );
    // In reading order, so that position 0 is the top left card as on the grid.
    let mut places: Vec<Place> = chosen
        .iter()
        .map(|&(r, h)| {
            place(
                usize::try_from(r - top).unwrap_or(0),
                usize::try_from(h - left).unwrap_or(0),
            )
        })
        .collect();
    places.sort();
    places
}

/// `n` cards strewn over twice the grid's rows and a card more than its width: each in
/// turn at a place drawn uniformly from those it would not overlap. There is always one:
/// a row of `2 cols + 1` steps that no more cards fit holds at least a third of them,
/// and twice the rows of that is room for the whole grid.
fn scatter(n: usize, rows: usize, cols: usize, seed: u64) -> Vec<Place> {
    let (rows, steps) = (2 * rows, 2 * cols + 1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ SCATTER_SALT);
    let mut taken: Vec<Vec<bool>> = vec![vec![false; steps]; rows];
    let mut places = Vec::with_capacity(n);
    for _ in 0..n {
        let free: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..steps).map(move |h| (r, h)))
            .filter(|&(r, h)| {
                let row = &taken[r];
                !row[h] && (h == 0 || !row[h - 1]) && row.get(h + 1).is_none_or(|t| !t)
            })
            .collect();
        let Some(&(r, h)) = usize::try_from(below(&mut rng, free.len() as u64))
            .ok()
            .and_then(|i| free.get(i))
        else {
            break;
        };
        taken[r][h] = true;
        places.push(place(r, h));
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards() -> Vec<Board> {
        let mut out = Vec::new();
        for deck in [
            "pairs:1", "pairs:2", "pairs:5", "pairs:7", "standard", "pairs:30",
        ] {
            let deck = Deck::parse(deck).unwrap();
            for layout in Layout::ALL {
                for seed in 0..3 {
                    out.push(Board::new(layout, &deck, seed));
                }
            }
        }
        out
    }

    #[test]
    fn no_two_cards_overlap() {
        for b in boards() {
            for (i, p) in b.places().iter().enumerate() {
                assert!(p.row < b.rows() && p.half + 2 <= b.halves());
                for q in &b.places()[i + 1..] {
                    assert!(p.row != q.row || p.half.abs_diff(q.half) >= 2, "{b:?}");
                }
            }
        }
    }

    #[test]
    fn every_card_reaches_every_card_by_arrows() {
        for b in boards() {
            let n = b.places().len();
            for from in 0..n {
                let mut seen = vec![false; n];
                let mut todo = vec![from];
                seen[from] = true;
                while let Some(p) = todo.pop() {
                    for d in [
                        Direction::Up,
                        Direction::Down,
                        Direction::Left,
                        Direction::Right,
                    ] {
                        let q = b.step(p, d);
                        if !seen[q] {
                            seen[q] = true;
                            todo.push(q);
                        }
                    }
                }
                assert!(seen.iter().all(|&s| s), "{b:?} from {from}");
            }
        }
    }

    #[test]
    fn the_grid_is_the_decks_grid() {
        let deck = Deck::parse("standard").unwrap();
        let b = Board::new(Layout::Grid, &deck, 9);
        assert_eq!((b.rows(), b.halves()), (4, 26));
        assert_eq!(b.places()[14], Place { row: 1, half: 2 });
        assert_eq!(b.step(14, Direction::Up), 1);
        assert_eq!(b.step(12, Direction::Right), 12);
        assert_eq!(b.reading_order(), (0..52).collect::<Vec<_>>());
    }

    #[test]
    fn shapes_have_their_rows() {
        let deck = Deck::parse("pairs:5").unwrap();
        let widths = |b: &Board| -> Vec<usize> {
            (0..b.rows())
                .map(|r| b.places().iter().filter(|p| p.row == r).count())
                .collect()
        };
        assert_eq!(
            widths(&Board::new(Layout::Triangle, &deck, 0)),
            [1, 2, 3, 4]
        );
        assert_eq!(diamond_widths(52), [4, 5, 6, 7, 8, 7, 6, 5, 4]);
        assert_eq!(diamond_widths(9), [1, 2, 3, 2, 1]);
        let circle = Board::new(Layout::Circle, &Deck::parse("standard").unwrap(), 0);
        // Round: the widest rows as far from the top as from the bottom, give or take
        // one, and the end rows short.
        let w = widths(&circle);
        assert_eq!(w.iter().sum::<usize>(), 52);
        let most = *w.iter().max().unwrap();
        let first = w.iter().position(|&x| x == most).unwrap();
        let last = w.iter().rposition(|&x| x == most).unwrap();
        assert!(first.abs_diff(w.len() - 1 - last) <= 1, "{w:?}");
        assert!(w[0] * 2 <= most && w[w.len() - 1] * 2 <= most, "{w:?}");
    }

    #[test]
    fn a_scatter_follows_the_seed() {
        let deck = Deck::parse("standard").unwrap();
        let a = Board::new(Layout::Scatter, &deck, 4);
        assert_eq!(a, Board::new(Layout::Scatter, &deck, 4));
        assert_ne!(a, Board::new(Layout::Scatter, &deck, 5));
        assert_eq!(a.places().len(), 52);
    }

    #[test]
    fn layouts_parse_by_name() {
        for l in Layout::ALL {
            assert_eq!(l.name().parse::<Layout>().unwrap(), l);
        }
        assert!("spiral".parse::<Layout>().is_err());
    }
}
