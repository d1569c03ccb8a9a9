//! Classic memory in the real binary: with hints always on, a seen card lying face down
//! never shows its face on the board, and the log tells a miss without its cards.
#![cfg(unix)]

use crate::common::pty;

use pty::Session;

/// The suits on the board (left of the side panel, above the message line).
fn faces_on_board(screen: &str) -> usize {
    screen
        .lines()
        .take(21)
        .map(|l| l.chars().take(52).filter(|c| "♠♥♦♣".contains(*c)).count())
        .sum()
}

#[test]
fn a_hinted_seen_card_keeps_its_face_down() {
    let _pty = pty::lock();
    // The issue's game: the AI's turn shows cards that turn face down again; the person's
    // first card then made the hint draw the face-down partner face up.
    let mut s = Session::start(&[
        "play",
        "--deck",
        "standard-rank",
        "--memory",
        "classic",
        "--hints",
        "always",
        "--seed",
        "290592",
        "--first",
        "ai",
        "--ai-delay",
        "0",
    ]);
    s.wait_for("Your turn");
    let screen = s.screen();
    assert_eq!(faces_on_board(&screen), 0, "{screen}");
    // Turn the card at c1: the board shows that one face, no other.
    s.keys(&(pty::path_to(2, 13) + "\r"));
    s.wait_for("You turned");
    let screen = s.screen();
    assert_eq!(faces_on_board(&screen), 1, "{screen}");
    s.keys("q");
    s.keys("y");
    let _ = s.wait_exit();
    s.assert_restored();
}
