//! End-to-end: the terminal's own cursor sits on the selected card, as the terminal
//! reports it, after every move of the selection and after a card is turned (screen
//! readers and magnifiers follow the real cursor).
#![cfg(unix)]

use crate::common::pty;

use std::time::{Duration, Instant};

use concentration::rules::Deck;
use concentration::tui::{Geometry, board_area};
use pty::{COLS, PATIENCE, ROWS, Session};
use ratatui::layout::Rect;

/// The middle of the card at `pos` on the 80 x 24 screen: (row, column), as vt100
/// reports a cursor.
fn middle_of(deck: &Deck, pos: usize) -> (u16, u16) {
    let board = concentration::rules::Board::new(concentration::rules::Layout::Grid, deck, 0);
    let area = board_area(Rect::new(0, 0, COLS, ROWS));
    let cell = Geometry::fit(area, &board).unwrap().cell(pos);
    (cell.y + cell.height / 2, cell.x + cell.width / 2)
}

/// Waits until the terminal's cursor is at `at` and shown.
fn wait_cursor(s: &mut Session, at: (u16, u16)) {
    let start = Instant::now();
    loop {
        let screen = s.parser.screen();
        if screen.cursor_position() == at && !screen.hide_cursor() {
            return;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the cursor is at {:?} (hidden: {}), not on the card at {at:?}; screen:\n{}",
            screen.cursor_position(),
            screen.hide_cursor(),
            s.screen()
        );
        s.pump(Duration::from_millis(50));
    }
}

#[test]
fn the_terminal_cursor_follows_the_selected_card() {
    let _pty = pty::lock();
    let deck = Deck::parse("pairs:8").unwrap();
    let cols = deck.grid().1;
    let mut s = pty::small_game_at_first_turn();
    wait_cursor(&mut s, middle_of(&deck, 0));
    // Right twice, down once: the cursor moves with the selection.
    s.keys("ll");
    wait_cursor(&mut s, middle_of(&deck, 2));
    s.keys("j");
    wait_cursor(&mut s, middle_of(&deck, cols + 2));
    // The card turned: the cursor stays on it.
    s.keys(" ");
    s.wait_for("You turned");
    wait_cursor(&mut s, middle_of(&deck, cols + 2));
    s.keys("h");
    wait_cursor(&mut s, middle_of(&deck, cols + 1));
    // Under a window (help) the cursor is not on a card: hidden.
    s.keys("?");
    let start = Instant::now();
    while !s.parser.screen().hide_cursor() {
        assert!(
            start.elapsed() < PATIENCE,
            "the cursor stays shown under the help"
        );
        s.pump(Duration::from_millis(50));
    }
    s.keys("q");
    wait_cursor(&mut s, middle_of(&deck, cols + 1));
    s.keys("qy");
    s.wait_exit();
    s.assert_restored();
}
