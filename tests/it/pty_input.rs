//! End-to-end: no input can make the game deaf. An escape sequence left incomplete (a
//! mouse report cut short, the start of a bracketed paste) used to swallow every key and
//! window-size change after it; the game must still resize, and quit on `q` then `y`.
#![cfg(unix)]

use crate::common::pty;

use std::time::{Duration, Instant};

use pty::{COLS, PATIENCE, ROWS, Session};

/// The widest line on screen, in characters.
fn widest(s: &Session) -> usize {
    s.screen()
        .lines()
        .map(|l| l.trim_end().chars().count())
        .max()
        .unwrap_or(0)
}

fn still_answers_after(half: &str) {
    let mut s = pty::small_game_at_first_turn();
    assert!(widest(&s) <= usize::from(COLS));
    s.keys(half);
    // A window-size change after it is handled: the game is drawn at the new width.
    let wider = COLS + 20;
    s.resize(ROWS, wider);
    let start = Instant::now();
    while widest(&s) <= usize::from(COLS) {
        assert!(
            start.elapsed() < PATIENCE,
            "{half:?}: never drawn at the new width:\n{}",
            s.screen()
        );
        s.pump(Duration::from_millis(50));
    }
    // And keys are read: q asks, y quits. A key typed within moments of the half
    // sequence may still be taken as its end (a terminal sends a sequence at once, so
    // the reader gives it a moment): q again after a second, as a person would.
    let mut asked = false;
    for _ in 0..5 {
        s.keys("q");
        let start = Instant::now();
        while !s.screen().contains("Quit this game?") && start.elapsed() < Duration::from_secs(1) {
            s.pump(Duration::from_millis(50));
        }
        if s.screen().contains("Quit this game?") {
            asked = true;
            break;
        }
    }
    assert!(asked, "{half:?}: q never read:\n{}", s.screen());
    s.keys("y");
    let status = s.wait_exit();
    assert!(status.success(), "{half:?}: {status:?}");
    s.assert_restored();
}

#[test]
fn a_mouse_report_cut_short_never_freezes_the_game() {
    let _pty = pty::lock();
    still_answers_after("\x1b[<");
}

#[test]
fn a_mouse_report_cut_after_its_button_never_freezes_the_game() {
    let _pty = pty::lock();
    still_answers_after("\x1b[<0;12");
}

#[test]
fn the_start_of_a_paste_never_freezes_the_game() {
    let _pty = pty::lock();
    still_answers_after("\x1b[200~");
}

#[test]
fn a_private_sequence_without_its_end_never_freezes_the_game() {
    let _pty = pty::lock();
    still_answers_after("\x1b[?1;2");
}
