//! Screen tests on ratatui's `TestBackend` at 80 x 24, and key-script tests of the app.

use crate::common;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, First, Memory, Opponent, Overlay};
use concentration::rules::{Phase, Slot};
use concentration::tui::{Action, Geometry, board_area};
use ratatui::layout::Rect;

use crate::common::{click, screen_sized, settle_within};

fn config(deck: &str, memory: Memory) -> Config {
    Config {
        deck: deck.into(),
        memory,
        seed: 42,
        ai_delay: Duration::from_millis(500),
        ..Config::default()
    }
}

fn start(c: Config) -> (App, Instant) {
    let t0 = Instant::now();
    let app = App::start_blocking(c, t0).unwrap();
    (app, t0)
}

fn cards(app: &App) -> Vec<u32> {
    let r = app.round().unwrap();
    r.game().reveal_all().iter().map(|c| c.label.0).collect()
}

/// Two positions whose cards do not match.
fn a_miss(app: &App) -> (usize, usize) {
    let c = cards(app);
    let b = (1..c.len()).find(|&i| c[i] != c[0]).unwrap();
    (0, b)
}

fn flips(app: &App) -> usize {
    app.round().unwrap().game().view().flips().len()
}

#[test]
fn setup_screen_lists_every_choice() {
    let app = App::setup(Config::default());
    let s = screen_sized(&app, 80, 24);
    for word in [
        "Deck",
        "standard",
        "First",
        "Opponent",
        "optimal",
        "Objective",
        "Pass rule",
        "agreed",
        "a pass answered by a pass",
        "Memory",
        "classic",
        "Seed",
    ] {
        assert!(s.contains(word), "missing {word}:\n{s}");
    }
}

#[test]
fn setup_changes_values_and_starts() {
    let mut app = App::setup(Config::default());
    app.blocking = true;
    let now = Instant::now();
    app.update(Action::Move(0, 1), now); // deck: standard-rank
    app.update(Action::Move(0, -1), now); // back to standard
    for _ in 0..6 {
        app.update(Action::Move(1, 0), now); // down to pass rule
    }
    app.update(Action::Move(0, 1), now);
    assert!(screen_sized(&app, 80, 24).contains("ko"));
    app.update(Action::Move(1, 0), now);
    app.update(Action::Move(1, 0), now); // seed
    app.update(Action::Backspace, now);
    app.update(Action::Digit(5), now);
    assert!(screen_sized(&app, 80, 24).contains("Seed"));
    app.update(Action::Select, now);
    let r = app.round().expect("the game started");
    assert_eq!(r.config().pass_rule.name(), "ko");
}

#[test]
fn board_fits_80_by_24_in_classic_mode_and_hides_known_cards() {
    let (mut app, t0) = start(config("standard", Memory::Classic));
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("Your turn"), "{s}");
    assert!(s.contains("agreed"));
    assert!(s.contains("You"));
    assert!(!s.contains("terminal too small"));
    let (a, b) = a_miss(&app);
    click(&mut app, a, t0);
    click(&mut app, b, t0);
    let during = screen_sized(&app, 80, 24);
    assert!(during.contains("not a match"), "{during}");
    // After the show the two cards turn back: no face on the board, only in the log.
    app.update(Action::Tick, t0 + Duration::from_secs(5));
    let r = app.round().unwrap();
    assert!(r.show().is_none());
    let v = r.game().view();
    assert!(matches!(v.slots()[a], Slot::Known(_)));
    let face = v.deck().face(
        r.game().reveal_all()[a].label,
        r.game().reveal_all()[a].copy,
    );
    let after = screen_sized(&app, 80, 24);
    let board: String = after
        .lines()
        .map(|l| &l[..l.char_indices().nth(52).map_or(l.len(), |(i, _)| i)])
        .collect();
    assert!(
        !board.contains(&face.text),
        "classic mode shows {}: {after}",
        face.text
    );
}

#[test]
fn open_mode_keeps_known_cards_face_up() {
    let (mut app, t0) = start(Config {
        opponent: Opponent::Usual,
        ..config("pairs:8", Memory::Open)
    });
    let (a, b) = a_miss(&app);
    click(&mut app, a, t0);
    click(&mut app, b, t0);
    app.update(Action::Tick, t0 + Duration::from_secs(5));
    let r = app.round().unwrap();
    let c = r.game().reveal_all()[a];
    let face = r.game().view().deck().face(c.label, c.copy).text;
    let s = screen_sized(&app, 80, 24);
    let board: String = s
        .lines()
        .skip(1)
        .take(20)
        .map(|l| l.chars().take(52).collect::<String>())
        .collect();
    assert!(board.contains(&face), "open mode hides {face}:\n{s}");
}

#[test]
fn mismatch_locks_input_and_a_card_cannot_be_turned_twice() {
    let (mut app, t0) = start(config("pairs:8", Memory::Classic));
    let (a, b) = a_miss(&app);
    // A double click on one card is one flip, not a pair.
    click(&mut app, a, t0);
    click(&mut app, a, t0);
    assert_eq!(flips(&app), 1);
    assert!(app.round().unwrap().message().contains("already face up"));
    click(&mut app, b, t0);
    assert_eq!(flips(&app), 2);
    assert!(app.round().unwrap().show().is_some());
    // A third card during the mismatch display only ends the display.
    let c = (0..16).find(|&p| p != a && p != b).unwrap();
    click(&mut app, c, t0);
    assert_eq!(flips(&app), 2, "a third card was turned during the show");
    assert!(app.round().unwrap().show().is_none());
}

#[test]
fn ai_flips_appear_one_at_a_time() {
    let (mut app, t0) = start(config("pairs:8", Memory::Classic));
    let (a, b) = a_miss(&app);
    click(&mut app, a, t0);
    click(&mut app, b, t0);
    let t1 = t0 + Duration::from_secs(1);
    app.update(Action::Tick, t1); // the show ends
    assert_eq!(flips(&app), 2);
    let due = app.deadline().expect("the AI's flip is planned");
    assert!(due > t1);
    app.update(Action::Tick, due);
    assert_eq!(flips(&app), 3, "one AI flip");
    let due2 = app.deadline().unwrap();
    assert!(due2 > due);
    app.update(Action::Tick, due2);
    assert_eq!(flips(&app), 4, "the second AI flip");
}

#[test]
fn hint_panel_lists_every_action_with_value_and_cost() {
    let (mut app, t0) = start(config("standard", Memory::Classic));
    let (a, b) = a_miss(&app);
    click(&mut app, a, t0);
    click(&mut app, b, t0);
    let t = settle_within(&mut app, t0 + Duration::from_secs(1), 20);
    let _ = t;
    app.update(Action::Hint, t0);
    let r = app.round().unwrap();
    let h = r.hint().expect("a hint");
    assert!(h.lines.len() >= 2);
    // Classic memory: a first hint marks no card (that would tell the seen from the
    // never seen); the second marks the best choice's cards.
    assert!(h.targets.is_empty());
    assert_eq!(r.hints_used(), 1);
    app.update(Action::Hint, t0);
    let r = app.round().unwrap();
    assert!(!r.hint().expect("a hint").targets.is_empty());
    assert_eq!(r.places_shown(), 1);
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("Hint vs optimal play"), "{s}");
    assert!(s.contains("best"), "{s}");
    assert!(s.contains('%'), "{s}");
    // A percentage needs no caption.
    assert!(!s.contains("in pair"), "{s}");
}

#[test]
fn a_margin_hint_says_its_numbers_are_pairs() {
    let mut c = config("pairs:8", Memory::Classic);
    c.objective = concentration::rules::Objective::Margin;
    let (mut app, t0) = start(c);
    app.update(Action::Hint, t0);
    let h = app.round().unwrap().hint().expect("a hint");
    assert!(!h.lines.is_empty());
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("final margin, with score"), "{s}");
    assert!(!s.contains('%'), "{s}");
}

#[test]
fn odds_toggle_shows_the_win_probability() {
    let (mut app, _t0) = start(config("standard", Memory::Classic));
    app.update(Action::Odds, Instant::now());
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("You: chance to win"), "{s}");
    assert!(
        s.contains("(a draw counts half)"),
        "said once, on the message line: {s}"
    );
}

#[test]
fn help_overlay_lists_the_keys() {
    let (mut app, t0) = start(config("standard", Memory::Classic));
    app.update(Action::Help, t0);
    assert_eq!(app.overlay, Some(Overlay::Help));
    let s = screen_sized(&app, 80, 24);
    for word in [
        "Keys",
        "turn the card under the cursor",
        "hint",
        "undo",
        "quit",
    ] {
        assert!(s.contains(word), "missing {word}:\n{s}");
    }
    app.update(Action::Other, t0);
    assert_eq!(app.overlay, None);
}

#[test]
fn quit_asks_during_a_game() {
    let (mut app, t0) = start(config("pairs:3", Memory::Classic));
    app.update(Action::Quit, t0);
    assert!(!app.quit);
    assert!(screen_sized(&app, 80, 24).contains("Quit this game?"));
    app.update(Action::Other, t0);
    assert!(!app.quit);
    app.update(Action::Quit, t0);
    app.update(Action::Yes, t0);
    assert!(app.quit);
}

/// Plays a whole game with perfect knowledge (the test may look at the hidden cards).
fn play_to_the_end(app: &mut App, mut now: Instant) -> Instant {
    for _ in 0..500 {
        now = settle_within(app, now, 50);
        let r = app.round().unwrap();
        let v = r.game().view();
        if v.is_over() {
            break;
        }
        let hidden: Vec<u32> = r.game().reveal_all().iter().map(|c| c.label.0).collect();
        let pos = match v.phase() {
            Phase::SecondCard { first, .. } => (0..hidden.len())
                .find(|&p| {
                    p != first
                        && hidden[p] == hidden[first]
                        && !matches!(v.slots()[p], Slot::Removed(_))
                })
                .unwrap(),
            _ => (0..hidden.len())
                .find(|&p| !matches!(v.slots()[p], Slot::Removed(_)))
                .unwrap(),
        };
        click(app, pos, now);
    }
    settle_within(app, now, 50)
}

#[test]
fn end_screen_shows_the_result_and_the_choices() {
    let (mut app, t0) = start(config("pairs:3", Memory::Classic));
    let now = play_to_the_end(&mut app, t0);
    let r = app.round().unwrap();
    assert!(r.game().view().is_over());
    let s = screen_sized(&app, 80, 24);
    for word in [
        "Game over",
        "You win!",
        "You 3 – 0 optimal AI",
        "Hints seen at 0 of your",
        "optimal in expectation",
        "can lose any single game",
        "new game",
        "same deal again",
        "quit",
    ] {
        assert!(s.contains(word), "missing {word}:\n{s}");
    }
    // Same deal again: the same seed, a fresh table.
    let seed = r.config().seed;
    app.update(Action::Again, now);
    let r = app.round().unwrap();
    assert_eq!(r.config().seed, seed);
    assert_eq!(r.game().view().flips().len(), 0);
}

#[test]
fn too_small_says_what_it_needs_and_recovers() {
    let (mut app, t0) = start(config("standard", Memory::Classic));
    app.update(Action::Resize(40, 12), t0);
    let s = screen_sized(&app, 40, 12);
    assert!(s.contains("terminal too small: need 80 x 16"), "{s}");
    app.update(Action::Resize(80, 24), t0);
    assert!(screen_sized(&app, 80, 24).contains("Your turn"));
}

#[test]
fn watch_plays_a_whole_game_between_two_ais() {
    let c = Config {
        watch_first: Some(Opponent::Usual),
        memory: Memory::Open,
        ..config("pairs:6", Memory::Open)
    };
    let (mut app, t0) = start(c);
    settle_within(&mut app, t0, 10_000);
    let r = app.round().unwrap();
    assert!(r.game().view().is_over());
    assert!(screen_sized(&app, 80, 24).contains("Game over"));
}

#[test]
fn the_ai_can_start_and_forgetful_players_finish() {
    for opponent in [
        Opponent::ForgetfulEasy,
        Opponent::ForgetfulMedium,
        Opponent::Usual,
    ] {
        let c = Config {
            first: First::Ai,
            opponent,
            ..config("pairs:6", Memory::Classic)
        };
        let (mut app, t0) = start(c);
        let now = settle_within(&mut app, t0, 100);
        assert!(flips(&app) >= 2, "{opponent}: the AI moved first");
        play_to_the_end(&mut app, now);
        assert!(app.round().unwrap().game().view().is_over());
    }
}

#[test]
fn undo_only_in_practice_games() {
    let (mut app, t0) = start(config("pairs:6", Memory::Classic));
    click(&mut app, 0, t0);
    app.update(Action::Undo, t0);
    assert_eq!(flips(&app), 1);
    let (mut app, t0) = start(Config {
        practice: true,
        ..config("pairs:6", Memory::Classic)
    });
    assert!(screen_sized(&app, 80, 24).contains("PRACTICE"));
    click(&mut app, 0, t0);
    app.update(Action::Undo, t0);
    assert_eq!(flips(&app), 0);
}

#[test]
fn a_pass_is_announced() {
    for seed in 0..50 {
        let (mut app, t0) = start(Config {
            opponent: Opponent::Usual,
            seed,
            ..config("pairs:8", Memory::Classic)
        });
        let (a, b) = a_miss(&app);
        click(&mut app, a, t0);
        click(&mut app, b, t0);
        let now = settle_within(&mut app, t0, 100);
        let r = app.round().unwrap();
        let v = r.game().view();
        let both_known = [a, b]
            .iter()
            .all(|&p| matches!(v.slots()[p], Slot::Known(_)));
        if !r.persons_turn() || !both_known || v.is_over() {
            continue;
        }
        click(&mut app, a, now);
        click(&mut app, b, now);
        let r = app.round().unwrap();
        assert!(r.message().contains("You passed"), "{}", r.message());
        assert!(r.log().last().unwrap().contains("You passed"));
        assert!(screen_sized(&app, 80, 24).contains("You passed"));
        return;
    }
    panic!("no seed gave a chance to pass");
}

#[test]
fn a_row_number_never_touches_a_face_at_80_by_24() {
    // The standard deck at 80 x 24 only just fits: the row numbers share the first
    // column's cursor-mark cells. A face there must not read as "18♦".
    let (mut app, t0) = start(config("standard", Memory::Classic));
    app.update(Action::Resize(80, 24), t0);
    let area = board_area(Rect::new(0, 0, 80, 24));
    let (rows, cols) = app.round().unwrap().game().view().deck().grid();
    let board = concentration::rules::Board::new(
        concentration::rules::Layout::Grid,
        app.round().unwrap().game().view().deck(),
        0,
    );
    let geo = Geometry::fit(area, &board).unwrap();
    click(&mut app, 0, t0); // a1 face up
    app.update(Action::Move(0, 1), t0); // the cursor off the first column
    let buf = common::buffer(&app, 80, 24);
    let a1 = geo.cell(0);
    assert!(a1.height >= 2, "the test wants cards of several lines");
    let face_line = a1.y + a1.height / 2;
    let face: String = (a1.x..a1.right())
        .map(|x| buf[(x, face_line)].symbol().to_owned())
        .collect();
    assert!(
        face.trim().chars().any(|c| !c.is_whitespace() && c != '░'),
        "a1 is not face up: {face:?}"
    );
    assert_eq!(
        buf[(a1.x - 1, face_line)].symbol(),
        " ",
        "a label beside the face"
    );
    for row in 0..rows {
        let cell = geo.cell(row * cols);
        assert_eq!(
            buf[(cell.x - 1, cell.y)].symbol(),
            (row + 1).to_string(),
            "row {}",
            row + 1
        );
    }
}
