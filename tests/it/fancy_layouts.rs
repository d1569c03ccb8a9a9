//! Fancy and scattered layouts on screen (issue 41): every card drawn in a cell of its
//! own, every card reached by the arrows from every card, a click on a card's cell
//! choosing that card, one line when the terminal is too small for the shape; and a
//! whole solitaire deal in a scatter played by ear, its cards named by number.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Opponent, places};
use concentration::rules::{Deck, Direction, Game, Layout, Moving, Players, Slot};
use concentration::tui::{Action, Geometry, board_area};
use ratatui::layout::Rect;

use crate::common;
use crate::screen_reader::assert_plain;

const SIZE: (u16, u16) = (120, 40);

fn start(layout: Layout, deck: &str) -> (App, Instant) {
    let t0 = Instant::now();
    let config = Config {
        deck: deck.into(),
        opponent: Opponent::Usual,
        seed: 9,
        ai_delay: Duration::from_millis(300),
        layout,
        ..Config::default()
    };
    let mut app = App::start_blocking(config, t0).unwrap();
    app.update(Action::Resize(SIZE.0, SIZE.1), t0);
    (app, t0)
}

fn geometry(app: &App) -> Geometry {
    let area = board_area(Rect::new(0, 0, app.size.0, app.size.1));
    Geometry::fit(area, app.round().unwrap().game().board()).expect("the shape fits")
}

#[test]
fn every_layout_draws_each_card_in_a_cell_of_its_own() {
    for layout in Layout::ALL {
        let (app, _) = start(layout, "standard");
        let geo = geometry(&app);
        let area = board_area(Rect::new(0, 0, SIZE.0, SIZE.1));
        let buf = common::buffer(&app, SIZE.0, SIZE.1);
        let cells: Vec<Rect> = (0..52).map(|p| geo.cell(p)).collect();
        for (i, a) in cells.iter().enumerate() {
            assert!(
                area.contains(ratatui::layout::Position { x: a.x, y: a.y }),
                "{layout}: card {i} off the board"
            );
            assert!(a.right() <= area.right() && a.bottom() <= area.bottom());
            for (j, b) in cells.iter().enumerate().skip(i + 1) {
                assert!(!a.intersects(*b), "{layout}: cards {i} and {j} overlap");
            }
            // Face down at the start: the back fills the card's cell.
            for x in a.left()..a.right() {
                assert_eq!(buf[(x, a.y)].symbol(), "░", "{layout}: card {i}");
            }
        }
    }
}

#[test]
fn the_arrows_reach_every_card_from_every_card() {
    for layout in Layout::ALL {
        let (mut app, t0) = start(layout, "pairs:12");
        let n = 24;
        let moved = |app: &mut App, from: usize, dr: isize, dc: isize| {
            if let concentration::app::Screen::Play(r) = &mut app.screen {
                r.cursor = from;
            }
            app.update(Action::Move(dr, dc), t0);
            app.round().unwrap().cursor
        };
        for from in 0..n {
            let mut seen = vec![false; n];
            seen[from] = true;
            let mut todo = VecDeque::from([from]);
            while let Some(p) = todo.pop_front() {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let q = moved(&mut app, p, dr, dc);
                    if !seen[q] {
                        seen[q] = true;
                        todo.push_back(q);
                    }
                }
            }
            assert!(
                seen.iter().all(|&s| s),
                "{layout}: not all reached from {from}"
            );
        }
        // Off the grid an arrow goes to the nearest card that way, as the board says.
        if layout != Layout::Grid {
            let board = app.round().unwrap().game().board().clone();
            for p in 0..n {
                assert_eq!(moved(&mut app, p, 0, 1), board.step(p, Direction::Right));
                assert_eq!(moved(&mut app, p, -1, 0), board.step(p, Direction::Up));
            }
        }
    }
}

#[test]
fn a_click_chooses_the_card_under_it() {
    for layout in Layout::ALL {
        let (mut app, t0) = start(layout, "pairs:10");
        let geo = geometry(&app);
        let order = app.round().unwrap().game().board().reading_order();
        for &p in &order {
            let cell = geo.cell(p);
            // The cell's last column and row: the card, not its neighbour.
            let at = (cell.right() - 1, cell.bottom() - 1);
            app.update(Action::Click(at), t0);
            assert_eq!(
                app.round().unwrap().cursor,
                p,
                "{layout}: click on card {p}"
            );
        }
        assert!(
            !app.round().unwrap().game().view().flips().is_empty(),
            "{layout}: clicks turned cards"
        );
    }
}

#[test]
fn a_terminal_too_small_for_the_shape_says_so_in_one_line() {
    // The two decks' grid, 8 rows, fits 80 x 16; their triangle, 14 rows, not.
    let (mut grid, t0) = start(Layout::Grid, "double");
    grid.update(Action::Resize(80, 16), t0);
    assert_eq!(grid.too_small(), None);
    let (mut app, t0) = start(Layout::Triangle, "double");
    app.update(Action::Resize(80, 16), t0);
    let (w, h) = app
        .too_small()
        .expect("104 cards in a triangle need more than 80 x 16");
    let screen = common::screen_sized(&app, 80, 16);
    assert!(
        screen.contains(&format!("terminal too small: need {w} x {h}")),
        "{screen}"
    );
    app.update(Action::Resize(w, h), t0);
    assert_eq!(app.too_small(), None);
    let board = app.round().unwrap().game().board();
    assert!(Geometry::fit(board_area(Rect::new(0, 0, w, h)), board).is_some());
}

/// The flips of a player with a perfect memory (a seen pair first, the first card's
/// partner if seen, else the first unseen card in reading order), on `game`.
pub(crate) fn perfect_flips(mut game: Game) -> (Vec<String>, Game) {
    let order = game.board().reading_order();
    let mut said = Vec::new();
    while !game.view().is_over() {
        let view = game.view();
        let deck = view.deck();
        let known: Vec<_> = view.known_cards().collect();
        let first = view.flips().last().filter(|f| f.turn_end.is_none());
        let pick = match first {
            Some(f) => known
                .iter()
                .find(|&&(p, c)| p != f.position && deck.matches(c, f.card))
                .map(|&(p, _)| p),
            None => known.iter().find_map(|&(p, c)| {
                known
                    .iter()
                    .any(|&(q, d)| q != p && deck.matches(c, d))
                    .then_some(p)
            }),
        };
        let pos = pick.unwrap_or_else(|| {
            *order
                .iter()
                .find(|&&p| {
                    matches!(view.slots()[p], Slot::Unknown) && Some(p) != first.map(|f| f.position)
                })
                .expect("an unseen card")
        });
        said.push(places::name(&game, pos));
        game.try_flip(pos).unwrap();
    }
    (said, game)
}

#[test]
fn a_scattered_deal_is_played_by_ear_with_cards_called_by_number() {
    let deck = Deck::parse("pairs:4").unwrap();
    let game = Game::new(deck, 5, Players::Solitaire)
        .unwrap()
        .laid_out(Layout::Scatter);
    let (flips, end) = perfect_flips(game);
    let script = format!("board\n{}\n4\n", flips.join("\n"));
    let args = [
        "solitaire",
        "--deck",
        "pairs:4",
        "--seed",
        "5",
        "--layout",
        "scatter",
        "--screen-reader",
        "--no-save",
    ];
    let (code, out, err) = crate::screen_reader::transcript(&args, &script);
    assert_eq!(code, 0, "{err}");
    assert_plain(&out);
    assert!(out.contains("8 cards, layout scatter"), "{out}");
    let names: Vec<String> = (1..=8).map(|n| format!("card {n}")).collect();
    assert!(
        out.contains(&format!("Face down, 8: {}.", names.join(", "))),
        "the board read in reading order: {out}"
    );
    assert!(out.contains(&format!("You turn {}", flips[0])), "{out}");
    assert!(out.contains("Cleared"), "{out}");
    assert_eq!(end.view().turns() as usize, flips.len() / 2);
    crate::screen_reader::pinned("solitaire-scatter-pairs4-seed5", &out);
}

#[test]
fn moving_cards_are_told_by_ear_and_the_deal_still_clears() {
    let deck = Deck::parse("pairs:5").unwrap();
    let game = Game::new(deck, 2, Players::Solitaire)
        .unwrap()
        .moving(Moving::every(2));
    let (flips, end) = perfect_flips(game);
    let swaps = end
        .view()
        .flips()
        .iter()
        .filter(|f| f.swap.is_some())
        .count();
    assert!(swaps > 0);
    let script = format!("{}\n4\n", flips.join("\n"));
    let args = [
        "solitaire",
        "--deck",
        "pairs:5",
        "--seed",
        "2",
        "--moving",
        "2",
        "--screen-reader",
        "--no-save",
    ];
    let (code, out, err) = crate::screen_reader::transcript(&args, &script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Moving cards: after every 2 turns two face-down cards swap places."),
        "{out}"
    );
    assert_eq!(
        out.matches("Two cards swap places: ").count(),
        swaps,
        "{out}"
    );
    assert!(out.contains("Cleared"), "{out}");
    crate::screen_reader::pinned("solitaire-moving2-pairs5-seed2", &out);
}
