//! Two decks (`double`): 104 cards, a pair is two identical cards, 8 rows of 13 that fit
//! an 80 x 24 terminal beside the panel.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Memory};
use concentration::rules::{Deck, Game, PassRule, Players, TurnEnd};
use concentration::tui::{Action, Geometry, board_area};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::common::{buffer, screen_sized, settle};

use crate::common::cli;
use cli::run;

fn config(memory: Memory) -> Config {
    Config {
        deck: "double".into(),
        memory,
        seed: 11,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    }
}

/// The text drawn in a card's rectangle, blanks trimmed.
fn cell_text(buf: &Buffer, cell: Rect) -> String {
    let mut s = String::new();
    for y in cell.top()..cell.bottom() {
        for x in cell.left()..cell.right() {
            s.push_str(buf[(x, y)].symbol());
        }
    }
    s.trim().to_owned()
}

fn geometry(app: &App, deck: &Deck) -> Geometry {
    let area = board_area(Rect::new(0, 0, app.size.0, app.size.1));
    let board = concentration::rules::Board::new(concentration::rules::Layout::Grid, deck, 0);
    Geometry::fit(area, &board).expect("the grid fits")
}

#[test]
fn a_double_game_fits_80_by_24_with_every_place_and_coordinate() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config(Memory::Classic), t0).unwrap();
    app.update(Action::Resize(80, 24), t0);
    app.update(Action::Move(0, 1), t0);
    let s = screen_sized(&app, 80, 24);
    assert!(!s.contains("terminal too small"), "{s}");
    assert!(s.contains("double"), "{s}");
    let deck = app.round().unwrap().game().view().deck().clone();
    let geo = geometry(&app, &deck);
    let buf = buffer(&app, 80, 24);
    // Every one of the 104 places is a face-down card of its own, inside the board.
    let board = board_area(Rect::new(0, 0, 80, 24));
    let cells: Vec<Rect> = (0..104).map(|p| geo.cell(p)).collect();
    for (p, cell) in cells.iter().enumerate() {
        assert!(board.contains(cell.as_position()), "card {p} at {cell:?}");
        assert!(cell.right() <= board.right() && cell.bottom() <= board.bottom());
        assert_eq!(cell_text(&buf, *cell), "░".repeat(cell.area() as usize));
    }
    for (p, a) in cells.iter().enumerate() {
        assert!(
            cells[p + 1..].iter().all(|b| !a.intersects(*b)),
            "card {p} overlaps another"
        );
    }
    // The records' coordinates: columns a to m above, rows 1 to 8 at the left.
    let top: String = s
        .lines()
        .nth(usize::from(geo.cell(0).y - 1))
        .unwrap()
        .chars()
        .take(usize::from(board.right()))
        .collect();
    let letters: Vec<&str> = top.split_whitespace().collect();
    assert_eq!(
        letters,
        [
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"
        ]
    );
    // (The cursor is on b1, off the column whose marks the row numbers share.)
    for row in 0..8 {
        let cell = geo.cell(row * 13);
        let label = buf[(cell.x - 1, cell.y)].symbol();
        assert_eq!(label, (row + 1).to_string(), "row {}", row + 1);
    }
    // The panel is beside the board, not under it.
    assert!(s.lines().any(|l| l.contains("Your turn")), "{s}");
}

#[test]
fn every_card_of_two_decks_shows_its_own_face_at_80_by_24() {
    // Solitaire, open memory: turn all 104 cards in turns that never match, so every
    // card is face up at once.
    let c = config(Memory::Open);
    let seed = c.seed;
    let mut app = App::solitaire(c, None, None, true).unwrap();
    let mut now = Instant::now();
    app.update(Action::Resize(80, 24), now);
    let game = app.solo().unwrap().game();
    let deck = game.view().deck().clone();
    let dealt = game.reveal_all().to_vec();
    assert_eq!(
        dealt,
        Game::new(deck.clone(), seed, Players::Solitaire)
            .unwrap()
            .reveal_all()
    );
    let mut order: Vec<usize> = (0..104).collect();
    order.sort_by_key(|&p| dealt[p].label);
    let geo = geometry(&app, &deck);
    for k in 0..52 {
        // The k-th and (k+52)-th cards by label have labels k/2 and k/2+26: never a pair.
        for p in [order[k], order[k + 52]] {
            let cell = geo.cell(p);
            app.update(Action::Click((cell.x + 1, cell.y)), now);
            now = settle(&mut app, now);
        }
    }
    let view = app.solo().unwrap().game().view();
    assert_eq!(view.known_cards().count(), 104);
    let buf = buffer(&app, 80, 24);
    let mut faces = std::collections::HashMap::new();
    for (p, card) in dealt.iter().enumerate() {
        let face = deck.face(card.label, card.copy).text;
        assert_eq!(cell_text(&buf, geo.cell(p)), face, "card {p}");
        *faces.entry(face).or_insert(0) += 1;
    }
    // 52 different faces, each on exactly two cards: every card can be told apart from
    // all but its twin.
    assert_eq!(faces.len(), 52);
    assert!(faces.values().all(|&n| n == 2), "{faces:?}");
    assert!(faces.contains_key("10♦") && faces.contains_key("10♥"));
}

#[test]
fn below_its_size_a_double_game_says_the_terminal_is_too_small() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config(Memory::Classic), t0).unwrap();
    for (w, h) in [(79, 24), (80, 15)] {
        app.update(Action::Resize(w, h), t0);
        let s = screen_sized(&app, w, h);
        assert!(
            s.contains("terminal too small: need 80 x 16"),
            "{w}x{h}: {s}"
        );
    }
    app.update(Action::Resize(80, 16), t0);
    let s = screen_sized(&app, 80, 16);
    assert!(!s.contains("terminal too small"), "{s}");
    assert_eq!(s.matches("░░░").count(), 104, "{s}");
}

#[test]
fn identical_cards_pair_and_same_rank_other_suit_does_not() {
    let deck = Deck::parse("double").unwrap();
    let mut game = Game::new(deck.clone(), 5, Players::two(PassRule::Agreed)).unwrap();
    let dealt = game.reveal_all().to_vec();
    let face = |p: usize| deck.face(dealt[p].label, dealt[p].copy).text;
    let rank = |p: usize| face(p).trim_end_matches(['♠', '♥', '♣', '♦']).to_owned();
    // Two cards of the same rank in other suits: a miss.
    let (a, b) = (0..104)
        .flat_map(|a| (0..104).map(move |b| (a, b)))
        .find(|&(a, b)| a != b && rank(a) == rank(b) && face(a) != face(b))
        .unwrap();
    game.try_flip(a).unwrap();
    assert_eq!(game.try_flip(b).unwrap().turn_end, Some(TurnEnd::Miss));
    // The twin of a card: the same face, a pair.
    let c = (0..104)
        .find(|&c| c != a && c != b && !face(c).is_empty())
        .unwrap();
    let twin = (0..104).find(|&t| t != c && face(t) == face(c)).unwrap();
    game.try_flip(c).unwrap();
    assert_eq!(game.try_flip(twin).unwrap().turn_end, Some(TurnEnd::Pair));
    assert_eq!(game.view().pairs().iter().sum::<u32>(), 1);
}

#[test]
fn the_solver_sees_two_decks_as_52x2() {
    for objective in ["win", "margin", "moves"] {
        let (code, double, err) = run(&["solve", "--deck", "double", "--objective", objective]);
        assert_eq!(code, 0, "{err}");
        assert!(double.starts_with("double | "), "{double}");
        let (_, plain, _) = run(&["solve", "--deck", "52x2", "--objective", objective]);
        assert_eq!(double.replacen("double", "52x2", 1), plain, "{objective}");
        assert!(double.contains("position 2.2x52"), "{double}");
    }
}

#[test]
fn a_double_game_is_recorded_analyzed_and_listed() {
    let data = std::env::temp_dir().join(format!("concentration-double-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let d = data.to_str().unwrap();
    let (code, _, err) = run(&[
        "duel",
        "--deck",
        "double",
        "--first",
        "usual",
        "--second",
        "optimal",
        "--games",
        "1",
        "--seed",
        "3",
        "--save",
        "--data-dir",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_dir(data.join("games"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Deck \"double\"]"), "{text}");
    // Coordinates reach row 8 and column m; faces are whole cards (`10♥`).
    assert!(text.contains("m8:") || text.contains("m7:"), "{text}");
    let (code, out, err) = run(&["analyze", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let flips = text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .flat_map(str::split_whitespace)
        .filter(|t| t.contains(':'))
        .count();
    assert_eq!(v["flips"].as_array().unwrap().len(), flips);
    let (code, out, err) = run(&["history", "--list", "--data-dir", d]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("double"), "{out}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_setup_screen_offers_two_decks_and_states_the_rule() {
    let app = App::setup(Config {
        deck: "double".into(),
        ..Config::default()
    });
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("double"), "{s}");
    assert!(s.contains("a pair is two identical cards (7♥ 7♥)"), "{s}");
    assert!(concentration::app::DECKS.contains(&"double"));
}
