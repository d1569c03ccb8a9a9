//! No fact in colour alone: with the plain theme (what `NO_COLOR` selects) the screen
//! has no colour at all, and the cursor, the cards the hint points at, whose turn it
//! is, the cards turned this turn and the coach's severity are each told by characters.

use std::time::Instant;

use crate::common::{buffer, select, settle, text};
use concentration::app::{App, Config, Hints, Look, Memory, ThemeName};
use concentration::rules::Deck;
use concentration::tui::{Geometry, board_area};
use ratatui::layout::Rect;
use ratatui::style::Color;

/// The row of the middle of the card at `pos` on an 80 x 24 screen, as text, and the
/// card's left and right columns.
fn card_row(screen: &str, deck: &Deck, pos: usize) -> (String, usize, usize) {
    let board = concentration::rules::Board::new(concentration::rules::Layout::Grid, deck, 0);
    let cell = Geometry::fit(board_area(Rect::new(0, 0, 80, 24)), &board)
        .unwrap()
        .cell(pos);
    let line = screen
        .lines()
        .nth(usize::from(cell.y + cell.height / 2))
        .unwrap()
        .to_owned();
    (line, usize::from(cell.x), usize::from(cell.right()))
}

fn chars(line: &str, from: usize, to: usize) -> String {
    line.chars().skip(from).take(to - from).collect()
}

/// Every cell of the app's screen drawn without colour.
fn assert_colourless(app: &App) {
    let buf = buffer(app, 80, 24);
    for cell in buf.content() {
        assert!(
            cell.fg == Color::Reset && cell.bg == Color::Reset,
            "a coloured cell {:?} in the plain theme",
            cell.symbol()
        );
    }
}

#[test]
fn the_plain_theme_tells_every_mark_by_characters() {
    // pairs:3, seed 7: a1 C, b1 B, c1 A / a2 A, b2 C, c2 B.
    let deck = Deck::parse("pairs:3").unwrap();
    let config = Config {
        deck: "pairs:3".into(),
        seed: 7,
        memory: Memory::Open,
        hints: Hints::Always,
        coach: true,
        ..Config::default()
    };
    let now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.look = Look::new(ThemeName::Plain, false);
    // a1 then b1: no pair; the AI takes the Bs and misses with c1 and b2.
    select(&mut app, 0, now);
    let now = settle(&mut app, now);
    select(&mut app, 1, now);
    let now = settle(&mut app, now);
    // The person's turn: a1 and b2 (both C) are a known pair the hint points at.
    select(&mut app, 0, now);
    let now = settle(&mut app, now);
    assert_colourless(&app);
    let screen = text(&buffer(&app, 80, 24));
    // The cursor: brackets around the selected card (a1).
    let (row, left, right) = card_row(&screen, &deck, 0);
    assert_eq!(row.chars().nth(left - 1), Some('['), "{screen}");
    assert_eq!(row.chars().nth(right), Some(']'), "{screen}");
    // The card turned this turn: `*` inside its left edge.
    assert!(chars(&row, left, right).starts_with('*'), "{screen}");
    // The card the hint points at (b2, face up): `+` inside its right edge.
    let (row, left, right) = card_row(&screen, &deck, 4);
    assert!(
        chars(&row, left, right).trim_end().ends_with('+'),
        "{screen}"
    );
    // Whose turn: the mover's row in the panel is marked.
    assert!(screen.contains("▶You"), "{screen}");
    // The hint's best line says `best` in words.
    assert!(screen.contains("best"), "{screen}");
    // A costly choice: the pair left for a seen card. The coach says how costly in
    // words, at the head of its note (on show before the AI plays on).
    select(&mut app, 2, now);
    assert_colourless(&app);
    let screen = text(&buffer(&app, 80, 24));
    assert!(screen.contains("Coach"), "{screen}");
    assert!(
        ["Inaccuracy", "Mistake", "Blunder"]
            .iter()
            .any(|w| screen.contains(w)),
        "{screen}"
    );
}

#[test]
fn reduce_motion_keeps_every_show_until_a_key() {
    // pairs:3, seed 7: a1 C, b1 B: the person's turn ends with no pair.
    let config = |reduce_motion| Config {
        deck: "pairs:3".into(),
        seed: 7,
        ai_delay: std::time::Duration::from_millis(100),
        reduce_motion,
        ..Config::default()
    };
    let now = Instant::now();
    let later = now + std::time::Duration::from_secs(3600);
    for reduce in [false, true] {
        let mut app = App::start_blocking(config(reduce), now).unwrap();
        select(&mut app, 0, now);
        select(&mut app, 1, now);
        assert!(app.round().unwrap().show().is_some(), "the turn is on show");
        // An hour passes: a timed show has ended (and the AI played); a show that waits
        // for a key is still there, and nothing else moved.
        app.update(concentration::tui::Action::Tick, later);
        let round = app.round().unwrap();
        assert_eq!(round.show().is_some(), reduce, "reduce motion: {reduce}");
        if reduce {
            assert_eq!(round.game().view().flips().len(), 2);
            app.update(concentration::tui::Action::Other, later);
            assert!(app.round().unwrap().show().is_none(), "a key ends the show");
        }
    }
}
