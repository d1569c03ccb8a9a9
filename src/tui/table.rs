//! Small pure helpers shared by the two-player and the solitaire table.

use crate::rules::{Flip, PublicView};

/// The cursor moved by rows and columns, staying on the grid (unchanged if the move
/// would land past the last card of a short last row).
#[must_use]
pub fn moved_cursor(view: &PublicView, cursor: usize, drow: isize, dcol: isize) -> usize {
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
