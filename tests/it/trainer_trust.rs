//! What the trainer says is true and leaves classic memory to the person: values in
//! what a player means (the final margin, score included), two different values never
//! printed the same, and in classic memory no face-down card's face on the board, in the
//! log or in a hint until the person asks for the place.

use crate::common;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, First, Hints, Memory};
use concentration::record::parse_coordinate;
use concentration::rules::{Objective, PassRule};
use concentration::tui::Action;

use crate::common::{screen_sized, select, settle};

/// Turns the cards at `coords` (`a1`, ...) one by one, letting every show and AI turn
/// run out before each.
fn turn(app: &mut App, mut now: Instant, coords: &[&str]) -> Instant {
    for c in coords {
        now = settle(app, now);
        let deck = app.round().unwrap().game().view().deck().clone();
        let pos = parse_coordinate(&deck, c).unwrap();
        select(app, pos, now);
    }
    now
}

fn margin_game() -> Config {
    Config {
        deck: "pairs:10".into(),
        memory: Memory::Open,
        pass_rule: PassRule::Ko,
        objective: Objective::Margin,
        coach: true,
        seed: 417_224,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    }
}

/// The number in a value such as `+2.97 pairs` or `−0.01 pairs`.
fn pairs_in(text: &str) -> f64 {
    let t = text.trim().trim_end_matches(" pairs").replace('−', "-");
    t.parse()
        .unwrap_or_else(|_| panic!("not a margin: {text:?}"))
}

#[test]
fn margin_values_are_the_final_margin_with_the_score_in() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(margin_game(), t0).unwrap();
    // The game: three pairs to none, then a costly decision for the coach.
    let now = turn(
        &mut app,
        t0,
        &["a1", "b1", "c1", "d1", "e1", "d2", "f1", "g1", "a2", "b2"],
    );
    let now = settle(&mut app, now);
    let r = app.round().unwrap();
    let view = r.game().view();
    let lead = view.pairs().lead(r.person());
    assert!(lead >= 2, "the person leads: {:?}", view.pairs());
    // The hint: every value is the final margin, near the lead, not near zero.
    app.update(Action::Hint, now);
    let hint = app.round().unwrap().hint().expect("a hint").clone();
    for l in &hint.lines {
        assert!(
            (l.value - lead as f64).abs() < 1.5,
            "{}: {} is not the final margin at a lead of {lead}",
            l.words,
            l.value
        );
    }
    // The odds say the same.
    app.update(Action::Hint, now);
    app.update(Action::Odds, now);
    let odds = app.round().unwrap().odds().expect("odds on");
    assert!((odds - hint.lines[0].value).abs() < 1e-9, "{odds}");
    // The coach, after a costly choice, keeps the person near the lead too.
    let worst = hint.lines.last().unwrap();
    if worst.cost > 0.0 {
        let r = app.round().unwrap();
        let pos = worst.action.model().and_then(|a| {
            concentration::players::candidates(r.game().view(), a)
                .first()
                .copied()
        });
        if let Some(pos) = pos {
            select(&mut app, pos, now);
            let note = app.round().unwrap().coach_note().map(str::to_owned);
            if let Some(note) = note {
                let kept = note.split(" kept you at ").nth(1).unwrap();
                let kept = kept.split(';').next().unwrap();
                assert!(pairs_in(kept) >= 1.0, "{note}");
            }
        }
    }
}

#[test]
fn the_coach_never_prints_two_different_values_the_same() {
    // The game: a new card kept 50%, a seen card left 50%.
    let c = Config {
        deck: "pairs:8".into(),
        memory: Memory::Open,
        coach: true,
        hints: Hints::Always,
        seed: 948_850,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    let now = turn(&mut app, t0, &["a1", "b1", "a1"]);
    let note = app
        .round()
        .unwrap()
        .coach_note()
        .expect("the coach speaks")
        .to_owned();
    let kept = note.split(" kept you at ").nth(1).unwrap();
    let (kept, left) = kept.split_once("; ").unwrap();
    let left = left.split(" left you at ").nth(1).unwrap();
    assert_ne!(kept, left, "{note}");
    let screen = screen_sized(&app, 80, 24);
    // Graded as `analyze` grades the same flip: from half a point to a point, good.
    assert!(screen.contains("Good −"), "{screen}");
    let _ = now;
}

fn classic(deck: &str, seed: u64) -> Config {
    Config {
        deck: deck.into(),
        memory: Memory::Classic,
        hints: Hints::Always,
        seed,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    }
}

/// The faces of the cards that lie face down though seen (classic memory's to remember),
/// with their coordinates: `("4♥", "b1")`.
fn remembered(app: &App) -> Vec<(String, String)> {
    use concentration::rules::Slot;
    let r = app.round().unwrap();
    let view = r.game().view();
    let deck = view.deck();
    let up = r.turned();
    view.slots()
        .iter()
        .enumerate()
        .filter_map(|(p, s)| match s {
            Slot::Known(c) if !up.contains(&p) => Some((
                deck.face(c.label, c.copy).text,
                concentration::record::coordinate(deck, p),
            )),
            _ => None,
        })
        .collect()
}

/// What the board shows in the cell of the card at `pos`.
fn cell_text(app: &App, pos: usize) -> String {
    use concentration::tui::{Geometry, board_area};
    let buf = common::buffer(app, 80, 24);
    let view = app.round().unwrap().game().view();
    let board =
        concentration::rules::Board::new(concentration::rules::Layout::Grid, view.deck(), 0);
    let area = board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
    let cell = Geometry::fit(area, &board).unwrap().cell(pos);
    let mut out = String::new();
    for y in cell.top()..cell.bottom() {
        for x in cell.left()..cell.right() {
            out.push_str(buf[(x, y)].symbol());
        }
    }
    out
}

/// Every face-down card's face is kept from the board, the log and a first hint.
fn assert_memory_kept(app: &App) {
    let r = app.round().unwrap();
    let view = r.game().view();
    let log = r.log().join("\n");
    let hint = r.hint().filter(|h| !h.places);
    for (face, coord) in remembered(app) {
        let pos = concentration::record::parse_coordinate(view.deck(), &coord).unwrap();
        let cell = cell_text(app, pos);
        assert!(!cell.contains(&face), "{face} at {coord} shows: {cell:?}");
        let named = log
            .split(|c: char| c.is_whitespace() || c == ',' || c == ':' || c == '(' || c == ')')
            .any(|word| word == face || word == coord);
        assert!(!named, "the log names {face} {coord}:\n{log}");
        if let Some(h) = hint {
            for l in &h.lines {
                assert!(
                    !l.words.contains(&face) && !l.words.contains(&format!("({coord})")),
                    "a first hint names {face} {coord}: {}",
                    l.words
                );
            }
            assert!(!h.targets.contains(&pos), "a first hint marks {coord}");
        }
    }
}

#[test]
fn classic_memory_keeps_every_seen_face_off_the_screen() {
    // The game: 4♠ turned at c1 showed the face-down 4♥ at b1.
    for (deck, seed) in [("standard-rank", 290_592), ("pairs:8", 3), ("zebra", 5)] {
        let t0 = Instant::now();
        let mut app = App::start_blocking(classic(deck, seed), t0).unwrap();
        let mut now = t0;
        for step in 0..60 {
            now = settle(&mut app, now);
            let r = app.round().unwrap();
            if r.game().view().is_over() {
                break;
            }
            assert_memory_kept(&app);
            // Turn seen cards often, so that hints point at them.
            let view = r.game().view();
            let known: Vec<usize> = view
                .known_cards()
                .map(|(p, _)| p)
                .filter(|&p| r.game().check_flip(p).is_ok())
                .collect();
            let unknown: Vec<usize> = view
                .unknown_positions()
                .filter(|&p| r.game().check_flip(p).is_ok())
                .collect();
            let pos = if step % 2 == 0 && !known.is_empty() || unknown.is_empty() {
                known[step % known.len()]
            } else {
                unknown[step % unknown.len()]
            };
            select(&mut app, pos, now);
            if app.round().unwrap().show().is_none() {
                assert_memory_kept(&app);
            }
        }
    }
}

#[test]
fn a_classic_hint_names_the_kind_first_and_the_place_on_a_second_press() {
    let c = Config {
        hints: Hints::Off,
        ..classic("pairs:8", 3)
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    let mut now = t0;
    // Play new cards until a seen card is among the choices at the turn's start.
    let mut shown = 0;
    for _ in 0..40 {
        now = settle(&mut app, now);
        let r = app.round().unwrap();
        if r.game().view().is_over() {
            break;
        }
        app.update(Action::Hint, now);
        let first = app.round().unwrap().hint().expect("a hint").clone();
        assert!(!first.places, "the first press keeps places");
        let message = app.round().unwrap().message().to_owned();
        assert!(message.contains("H again shows where"), "{message}");
        assert_memory_kept(&app);
        let seen = !remembered(&app).is_empty();
        if seen && shown < 2 {
            // The second press names the cards and their places, and is counted.
            app.update(Action::Hint, now);
            let second = app.round().unwrap().hint().expect("still a hint").clone();
            assert!(second.places);
            assert_eq!(first.lines.len(), second.lines.len());
            let named = second
                .lines
                .iter()
                .any(|l| remembered(&app).iter().any(|(f, _)| l.words.contains(f)));
            assert!(named, "{:?}", second.lines);
            shown += 1;
            // A third press hides it.
            app.update(Action::Hint, now);
            assert!(app.round().unwrap().hint().is_none());
        }
        let r = app.round().unwrap();
        let view = r.game().view();
        let pos = view
            .unknown_positions()
            .find(|&p| r.game().check_flip(p).is_ok())
            .or_else(|| {
                view.known_cards()
                    .map(|(p, _)| p)
                    .find(|&p| r.game().check_flip(p).is_ok())
            })
            .unwrap();
        select(&mut app, pos, now);
    }
    assert_eq!(shown, 2);
    assert_eq!(app.round().unwrap().places_shown(), 2);
    // The end screen counts them.
    while !app.round().unwrap().game().view().is_over() {
        now = settle(&mut app, now);
        let r = app.round().unwrap();
        let view = r.game().view();
        let pos = (0..view.slots().len()).find(|&p| r.game().check_flip(p).is_ok());
        match pos {
            Some(p) => select(&mut app, p, now),
            None => break,
        }
    }
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("2 places shown"), "{s}");
}

/// The symbols and styles the board draws in the cell of the card at `pos`.
fn cell_look(
    buf: &ratatui::buffer::Buffer,
    app: &App,
    pos: usize,
) -> Vec<(String, ratatui::style::Style)> {
    use concentration::tui::{Geometry, board_area};
    let board = concentration::rules::Board::new(
        concentration::rules::Layout::Grid,
        app.round().unwrap().game().view().deck(),
        0,
    );
    let area = board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
    let cell = Geometry::fit(area, &board).unwrap().cell(pos);
    let mut out = Vec::new();
    for y in cell.top()..cell.bottom() {
        for x in cell.left()..cell.right() {
            out.push((buf[(x, y)].symbol().to_owned(), buf[(x, y)].style()));
        }
    }
    out
}

/// The game (`play --deck pairs:8 --first you --memory classic --seed 21`): a
/// first `H` marked every never-seen card `?` and left the seen ones plain, so the hint
/// told which cards had been seen. After one `H` every face-down card, seen or not,
/// looks the same; the second `H` shows the places, and is counted.
#[test]
fn a_first_classic_hint_marks_no_card_apart() {
    let c = Config {
        hints: Hints::Off,
        ..classic("pairs:8", 21)
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    let mut now = t0;
    let mut checked = 0;
    let mut new_card_best = 0;
    for _ in 0..40 {
        now = settle(&mut app, now);
        let r = app.round().unwrap();
        if r.game().view().is_over() {
            break;
        }
        if !remembered(&app).is_empty() {
            app.update(Action::Hint, now);
            let r = app.round().unwrap();
            let hint = r.hint().expect("a hint");
            assert!(!hint.places, "the first press keeps places");
            let view = r.game().view();
            let up = r.turned();
            let buf = common::buffer(&app, 80, 24);
            // Every face-down card but the cursor's (underlined), seen or never seen.
            let down: Vec<usize> = (0..view.slots().len())
                .filter(|&p| !up.contains(&p) && p != r.cursor)
                .filter(|&p| !matches!(view.slots()[p], concentration::rules::Slot::Removed(_)))
                .collect();
            let first = cell_look(&buf, &app, down[0]);
            for &p in &down[1..] {
                assert_eq!(
                    cell_look(&buf, &app, p),
                    first,
                    "after one H the card at {} looks unlike the one at {}",
                    concentration::record::coordinate(view.deck(), p),
                    concentration::record::coordinate(view.deck(), down[0]),
                );
            }
            checked += 1;
            new_card_best += usize::from(hint.lines[0].words.contains("new card"));
        }
        let r = app.round().unwrap();
        let view = r.game().view();
        let pos = view
            .unknown_positions()
            .find(|&p| r.game().check_flip(p).is_ok())
            .or_else(|| {
                view.known_cards()
                    .map(|(p, _)| p)
                    .find(|&p| r.game().check_flip(p).is_ok())
            })
            .unwrap();
        select(&mut app, pos, now);
    }
    assert!(
        checked >= 3 && new_card_best >= 1,
        "{checked} {new_card_best}"
    );
}

#[test]
fn open_memory_still_names_the_cards_in_the_log_and_the_hint() {
    let c = Config {
        memory: Memory::Open,
        ..classic("pairs:8", 3)
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    let now = turn(&mut app, t0, &["a1", "b1"]);
    let now = settle(&mut app, now);
    let r = app.round().unwrap();
    let log = r.log().join("\n");
    assert!(log.contains("a1") && log.contains("b1"), "{log}");
    let hint = r.hint().expect("hints always");
    assert!(hint.places);
    let _ = now;
}
