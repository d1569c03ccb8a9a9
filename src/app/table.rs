//! Small pure helpers shared by the two-player and the solitaire table.

use std::time::{Duration, Instant};

use crate::rules::{Direction, Flip, Game, Layout, PublicView, TurnEnd};

/// The cursor moved by rows and columns: on the grid, staying on it (unchanged if the
/// move would land past the last card of a short last row); in any other layout, one
/// arrow's step at a time to the nearest card that way ([`crate::rules::Board::step`]).
#[must_use]
pub(crate) fn moved_cursor(game: &Game, cursor: usize, drow: isize, dcol: isize) -> usize {
    let board = game.board();
    let view = game.view();
    // The Two Decks Duel's cursor keeps to its side: a person turns their own cards only.
    let side = view.side_of(cursor);
    if board.layout() != Layout::Grid || side.is_some() {
        let steps = |d: isize, less, more| {
            std::iter::repeat_n(if d < 0 { less } else { more }, d.unsigned_abs())
        };
        return steps(drow, Direction::Up, Direction::Down)
            .chain(steps(dcol, Direction::Left, Direction::Right))
            .take(board.places().len())
            .fold(cursor, |at, d| {
                let to = board.step(at, d);
                if view.side_of(to) == side { to } else { at }
            });
    }
    let (rows, cols) = view.deck().grid();
    let (r, c) = (cursor / cols, cursor % cols);
    let r = r.saturating_add_signed(drow).min(rows - 1);
    let c = c.saturating_add_signed(dcol).min(cols - 1);
    let p = r * cols + c;
    if p < view.slots().len() { p } else { cursor }
}

/// The face a flip showed, as text (`7♥`, `A`).
#[must_use]
pub fn face(view: &PublicView, flip: Flip) -> String {
    view.deck().face(flip.card.label, flip.card.copy).text
}

/// How long a person's turn must have been on screen before a key turns a card: keys
/// pressed to go on (end a show, speed up the AI) that arrive just after play went on
/// are swallowed instead of turning a card nobody chose.
pub(crate) const TURN_GUARD: Duration = Duration::from_millis(350);

/// The guard for a game whose turns stay on show for `show`: never longer than the show
/// itself, so a game without pauses (delay 0, where nothing waits for a key to go on)
/// takes every key as a turn at once.
#[must_use]
pub(crate) fn turn_guard(show: Duration) -> Duration {
    TURN_GUARD.min(show)
}

/// Two cards on show after a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Show {
    /// The turn's two positions.
    pub cards: [usize; 2],
    /// How the turn ended.
    pub end: TurnEnd,
    /// When play goes on by itself.
    pub until: Instant,
}

impl Show {
    /// The turn that `flip` ended with `end`, kept on show for `delay` from `now` (half
    /// as long for a pair, which needs less reading); with the turn's first flip.
    #[must_use]
    pub(crate) fn of_turn(
        view: &PublicView,
        flip: Flip,
        end: TurnEnd,
        delay: Duration,
        now: Instant,
    ) -> (Self, Flip) {
        let flips = view.flips();
        let first = flips[flips.len() - 2];
        let delay = if end == TurnEnd::Pair {
            delay / 2
        } else {
            delay
        };
        let show = Self {
            cards: [first.position, flip.position],
            end,
            until: now + delay,
        };
        (show, first)
    }
}

/// Shows `hint`, a hint just asked for, counting it in `used`; or, if there is none yet,
/// says why in `message`: the solver's `note` (it failed), or that it is still working.
pub(crate) fn offer_hint<H>(
    slot: &mut Option<H>,
    hint: Option<H>,
    used: &mut u32,
    message: &mut String,
    note: Option<&str>,
) {
    if hint.is_some() {
        *used += 1;
    } else {
        *message = note.unwrap_or("The solver is still thinking…").to_owned();
    }
    *slot = hint;
}
