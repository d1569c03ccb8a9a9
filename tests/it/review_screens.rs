//! The interactive review (`concentration review`, `v` on the setup screen): your own
//! costly decisions from saved games on the puzzle screen, the position as it was
//! (never a card nobody had seen), the answer with what you played in the game; one
//! line and nothing changed when there is nothing to review.

use crate::common;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common::{FIXED, screen_sized, turn};
use concentration::app::{App, Config, Screen, open_review};
use concentration::record::{self, Record};
use concentration::rules::{Label, Slot};
use concentration::trainer::dashboard;
use concentration::tui::{Action, board_area};

use crate::common::cli;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "concentration-review-screens-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("games")).unwrap();
    d
}

/// The setup screen of an app whose data directory is `data`, its cache beside it.
fn setup(data: &Path) -> App {
    let mut app = App::setup(Config::default());
    app.stats_dir = Some(data.to_path_buf());
    app.cache_dir = Some(data.join("cache"));
    app.size = (100, 32);
    app
}

/// Every file under `dir` but the cache, with its contents.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.ends_with("cache") {
            continue;
        }
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push((p.clone(), std::fs::read(&p).unwrap()));
        }
    }
    out.sort();
    out
}

/// Games of `optimal` against `usual` on pairs:6, the usual player's seat the person's
/// when `yours`.
fn duels(data: &Path, games: usize, yours: bool) {
    let (code, _, err) = cli::run(&[
        "duel",
        "--deck",
        "pairs:6",
        "--first",
        "optimal",
        "--second",
        "usual",
        "--games",
        &games.to_string(),
        "--seed",
        "4",
        "--save",
        "--data-dir",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    if yours {
        for e in std::fs::read_dir(data.join("games")).unwrap() {
            let f = e.unwrap().path();
            let text = std::fs::read_to_string(&f).unwrap();
            std::fs::write(&f, text.replace("[B \"usual\"]", "[B \"you\"]")).unwrap();
        }
    }
}

#[test]
fn the_fixed_games_blunder_is_reviewed_with_what_was_played() {
    let data = scratch("fixed");
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let mut app = setup(&data);
    let before = files(&data);
    app.update(Action::Review, Instant::now());
    let drill = app.drill().expect("the review opens on the puzzle screen");
    assert!(drill.is_review());
    assert_eq!(drill.review_len(), 1);
    let played = drill.played().unwrap().clone();
    // Turn 2: B turned c1 (B), then the seen A at a1 instead of a new card.
    assert_eq!((played.turn, played.index, played.position), (2, 3, 0));
    let first = screen_sized(&app, 100, 32);
    assert!(first.contains("Concentration review"), "{first}");
    assert!(first.contains("your decision 1 of 1 · turn 2"), "{first}");
    assert!(first.contains("Played 2026-04-01 12:00"), "{first}");
    // The answer: what you played then, and what it cost.
    turn(&mut app, played.position);
    let drill = app.drill().unwrap();
    let answer = drill.answer().unwrap();
    assert!(!answer.right);
    let text = app.window_text().join("\n");
    assert!(
        text.contains("In the game you played a1: turn a seen card"),
        "{text}"
    );
    assert!(
        text.contains("costing 33.3 points of win chance (a blunder)"),
        "{text}"
    );
    assert!(!text.contains("Streak"), "a review is not counted: {text}");
    // Tried again and found: marked, still not counted anywhere.
    app.update(Action::Again, Instant::now());
    let best = app.drill().unwrap().lesson().best().named.cards[0];
    turn(&mut app, best);
    assert!(app.drill().unwrap().answer().unwrap().right);
    app.update(Action::New, Instant::now());
    let message = app.drill().unwrap().message().to_owned();
    assert!(
        message.starts_with("That was your last decision to review (0 of 1 found first try)"),
        "{message}"
    );
    // Nothing written in the data directory: no tally, no rating, the record as it was.
    assert_eq!(files(&data), before);
    // `q` goes back to the setup screen.
    app.update(Action::Quit, Instant::now());
    assert!(matches!(app.screen, Screen::Setup(_)));
    assert!(!app.quit);
}

/// Every card's face drawn in the board area, by position.
fn faces_on_board(app: &App, w: u16, h: u16) -> String {
    let buf = common::buffer(app, w, h);
    let area = board_area(ratatui::layout::Rect::new(0, 0, w, h));
    let mut s = String::new();
    for y in area.y..area.y + area.height {
        for x in area.x..area.x + area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}

#[test]
fn review_shows_the_position_as_it_was_and_no_card_nobody_had_seen() {
    let data = scratch("seen");
    duels(&data, 4, true);
    let mut app = setup(&data);
    app.update(Action::Review, Instant::now());
    let n = app.drill().expect("decisions to review").review_len();
    assert!(n >= 3, "{n}");
    for i in 0..n.min(6) {
        let drill = app.drill().unwrap();
        assert_eq!(drill.number(), i + 1);
        let played = drill.played().unwrap().clone();
        // The table is the record's own, after the flips before the decision.
        let rec: Record = record::load(&played.path).unwrap();
        let mut game = rec.start().unwrap();
        for &p in &rec.flips[..played.index] {
            game.try_flip(p).unwrap();
        }
        assert_eq!(drill.game().view().slots(), game.view().slots());
        // Every label no one had turned is absent from the board; each seen one shows.
        let board = faces_on_board(&app, 100, 32);
        let deck = game.view().deck().clone();
        let seen: Vec<Label> = game
            .view()
            .slots()
            .iter()
            .filter_map(|s| match s {
                Slot::Known(c) => Some(c.label),
                _ => None,
            })
            .collect();
        let gone: Vec<Label> = game
            .view()
            .slots()
            .iter()
            .filter_map(|s| match s {
                Slot::Removed(c) => Some(c.label),
                _ => None,
            })
            .collect();
        for label in (0..deck.labels()).map(Label) {
            let face = deck.face(label, 0).text;
            let shown = board.contains(&format!(" {face} "));
            if seen.contains(&label) {
                assert!(shown, "seen {face} not shown\n{board}");
            } else if !gone.contains(&label) {
                assert!(!shown, "{face}, never seen, is shown\n{board}");
            }
        }
        app.update(Action::New, Instant::now());
    }
}

#[test]
fn nothing_to_review_is_one_line_on_the_setup_screen() {
    // No saved games.
    let data = scratch("none");
    let mut app = setup(&data);
    let before = files(&data);
    app.update(Action::Review, Instant::now());
    let Screen::Setup(s) = &app.screen else {
        panic!("still the setup screen")
    };
    let e = s.error.clone().unwrap();
    assert!(
        e.starts_with("No costly decisions of yours to review"),
        "{e}"
    );
    assert_eq!(files(&data), before);
    // Only games between AIs.
    let data = scratch("ai-only");
    duels(&data, 2, false);
    let mut app = setup(&data);
    let before = files(&data);
    app.update(Action::Review, Instant::now());
    let Screen::Setup(s) = &app.screen else {
        panic!("still the setup screen")
    };
    let e = s.error.clone().unwrap();
    assert!(e.contains("only games between AIs are saved"), "{e}");
    let shown = screen_sized(&app, 100, 32);
    assert!(shown.contains("only games between AIs"), "{shown}");
    assert_eq!(files(&data), before);
}

#[test]
fn the_review_command_without_a_terminal_says_so_or_says_there_is_nothing() {
    let data = scratch("cli");
    let cache = data.join("cache");
    let run = |args: &[&str]| {
        cli::outcome(
            cli::command(args)
                .env(dashboard::CACHE_DIR_ENV, &cache)
                .arg("--data-dir")
                .arg(&data),
        )
    };
    let (code, out, err) = run(&["review"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("No costly decisions"), "{out}");
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let (code, out, err) = run(&["review"]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the review needs a terminal"), "{err}");
    // Line by line for a screen reader: the decision, the answer, what was played.
    let mut child = cli::command(&["review", "--screen-reader"])
        .env(dashboard::CACHE_DIR_ENV, &cache)
        .arg("--data-dir")
        .arg(&data)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"a1\nquit\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("Your decision 1 of 1, turn 2 of your game of 2026-04-01 12:00:00"),
        "{said}"
    );
    assert!(
        said.contains("In the game you played a1: turn a seen card"),
        "{said}"
    );
}

fn day(text: &str) -> time::Date {
    concentration::dates::parse_day(text).unwrap()
}

#[test]
fn the_spaced_schedule_brings_a_miss_back_after_a_day_and_lets_a_solve_go() {
    let data = scratch("schedule");
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let cache = data.join("cache");
    let schedule = data.join(concentration::trainer::schedule::FILE_NAME);
    // Missed on the first of March: back on the second.
    let mut app = App::puzzle(open_review(&data, Some(&cache), day("2026-03-01"), true).unwrap());
    turn(&mut app, 0);
    let message = app.drill().unwrap().message().to_owned();
    assert_eq!(
        message,
        "Not the best card; back in 1 day. r: try again · n: your next decision"
    );
    assert!(
        std::fs::read_to_string(&schedule)
            .unwrap()
            .contains("2026-03-02")
    );
    // A second try is not counted in the schedule.
    app.update(Action::Again, Instant::now());
    turn(&mut app, 0);
    let text = std::fs::read_to_string(&schedule).unwrap();
    assert!(text.contains("\"misses\": 1"), "{text}");
    let Err(none) = open_review(&data, Some(&cache), day("2026-03-01"), false) else {
        panic!("nothing is due the same day")
    };
    assert_eq!(
        none,
        "Nothing due for review today (1 decision answered under the schedule; the next comes back on 2026-03-02)."
    );
    // Due the next day (the file is followed without the flag), solved: it leaves.
    let mut app = App::puzzle(open_review(&data, Some(&cache), day("2026-03-02"), false).unwrap());
    assert!(app.drill().unwrap().is_scheduled());
    let best = app.drill().unwrap().lesson().best().named.cards[0];
    turn(&mut app, best);
    assert_eq!(
        app.drill().unwrap().message(),
        "Right: that is the best card; it leaves your review. n: your next decision"
    );
    assert!(open_review(&data, Some(&cache), day("2027-01-01"), false).is_err());
}

#[test]
fn a_corrupt_schedule_is_one_line_treated_as_empty_and_left_until_an_answer() {
    let data = scratch("corrupt");
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let schedule = data.join(concentration::trainer::schedule::FILE_NAME);
    std::fs::write(&schedule, "not a schedule").unwrap();
    let (code, out, err) = cli::outcome(
        cli::command(&["review", "--list", "5", "--schedule"])
            .env(dashboard::CACHE_DIR_ENV, data.join("cache"))
            .arg("--data-dir")
            .arg(&data),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("is not a review schedule"), "{err}");
    assert_eq!(out.lines().count(), 1, "the one decision, due: {out}");
    assert_eq!(
        std::fs::read_to_string(&schedule).unwrap(),
        "not a schedule"
    );
}

#[test]
fn review_list_under_the_schedule_shows_only_what_is_due() {
    let data = scratch("due");
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    std::fs::write(data.join("games").join("fixed2.cgn"), FIXED).unwrap();
    let store = concentration::trainer::schedule::ScheduleStore::new(&data);
    // One of the two solved long ago; the other missed, due long ago.
    store
        .record("fixed.cgn#3", true, day("2026-01-01"))
        .unwrap();
    store
        .record("fixed2.cgn#3", false, day("2026-01-01"))
        .unwrap();
    let run = |args: &[&str]| {
        cli::outcome(
            cli::command(args)
                .env(dashboard::CACHE_DIR_ENV, data.join("cache"))
                .arg("--data-dir")
                .arg(&data),
        )
    };
    let (code, out, err) = run(&["review", "--list", "5", "--schedule"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("fixed2.cgn"), "{out}");
}

/// A game of `pairs:4` (seed 11) in classic memory where B, the person, turns a new
/// card second on turn 2 though the first card's partner was seen on turn 1: a memory
/// slip. Returns the record and the places of each label's two cards.
fn slipped_game() -> (Record, Vec<[usize; 2]>) {
    use concentration::record::{MemoryMode, RecordSeat};
    use concentration::rules::{Deck, Game, Objective, PassRule, Players};
    let deck = Deck::parse("pairs:4").unwrap();
    let mut game = Game::new(deck, 11, Players::two(PassRule::Agreed)).unwrap();
    let mut l = vec![Vec::new(); 4];
    for (p, c) in game.reveal_all().iter().enumerate() {
        l[c.label.0 as usize].push(p);
    }
    for p in [
        l[0][0], l[1][0], // turn 1, A: a miss
        l[0][1], l[2][0], // turn 2, B: the partner slip
        l[0][0], l[0][1], // turn 3, A: the seen pair
        l[3][0], l[1][1], // turn 4, A: a miss
        l[2][1], l[2][0], // turn 5, B
        l[1][0], l[1][1], // turn 6, B
        l[3][1], l[3][0], // turn 7, B
    ] {
        game.try_flip(p).unwrap();
    }
    let record = Record::of_game(
        &game,
        vec![RecordSeat::ai("optimal"), RecordSeat::person("you")],
        Objective::Win,
        MemoryMode::Classic,
        false,
    );
    (record, l.into_iter().map(|v| [v[0], v[1]]).collect())
}

#[test]
fn a_memory_slip_is_reviewed_as_a_recall_drill_with_the_seen_cards_face_down() {
    let data = scratch("recall");
    let (record, _) = slipped_game();
    std::fs::write(
        data.join("games").join("slip.cgn"),
        record.to_text().unwrap(),
    )
    .unwrap();
    let mut app = setup(&data);
    app.update(Action::Review, Instant::now());
    let n = app.drill().expect("the slip is reviewed").review_len();
    let slip = (0..n)
        .find(|_| {
            let found = app.drill().unwrap().played().unwrap().slip;
            if !found {
                app.update(Action::New, Instant::now());
            }
            found
        })
        .expect("a decision reviewed as a memory slip");
    let _ = slip;
    let drill = app.drill().unwrap();
    assert!(drill.recall());
    let view = drill.game().view().clone();
    let deck = view.deck().clone();
    let board = faces_on_board(&app, 100, 32);
    // Every seen card lies face down but the one turned this turn.
    let shown = |label: u32| {
        board
            .matches(&format!(" {} ", deck.face(Label(label), 0).text))
            .count()
    };
    let turned_now = view.flips().last().map(|f| f.position);
    let label_of = |p: usize| match view.slots()[p] {
        Slot::Known(c) | Slot::Removed(c) => Some(c.label),
        Slot::Unknown => None,
    };
    let mut hidden = 0;
    for (p, s) in view.slots().iter().enumerate() {
        if let Slot::Known(c) = s {
            // Its face shows only as the card turned this turn, if that is its partner.
            let expected = usize::from(turned_now.and_then(label_of) == Some(c.label));
            assert_eq!(shown(c.label.0), expected, "{p}\n{board}");
            hidden += usize::from(Some(p) != turned_now);
        }
    }
    assert!(hidden > 0, "seen cards to remember\n{board}");
    let text = app.window_text().join("\n");
    assert!(
        text.contains("A memory slip: the seen cards lie face down"),
        "{text}"
    );
    // Answered (the card found), the table is open again and the answer says slip.
    let best = app.drill().unwrap().lesson().best().named.cards[0];
    turn(&mut app, best);
    assert!(!app.drill().unwrap().recall());
    let text = app.window_text().join("\n");
    assert!(
        text.contains("a memory slip: you had seen the card it needed"),
        "{text}"
    );
}
