//! The replay screen and the list of saved games on ratatui's `TestBackend` at 80 x 24,
//! driven by key scripts; and saving from the app.

use crate::common;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, History, Memory, Screen};
use concentration::record::{self, Record, RecordSeat};
use concentration::rules::Seat;
use concentration::tui::{Action, Geometry};
use ratatui::layout::Rect;
use ratatui::style::Color;

use crate::common::{FIXED, buffer, screen};

fn base() -> Config {
    Config {
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    }
}

fn fixed_replay() -> (App, Instant) {
    let now = Instant::now();
    let record = Record::parse(FIXED.as_bytes()).unwrap();
    let app = App::replay(record, None, base(), true, now).unwrap();
    (app, now)
}

fn at(app: &App) -> usize {
    app.replay_screen().unwrap().stepper().at()
}

fn has(s: &str, words: &[&str]) {
    for w in words {
        assert!(s.contains(w), "missing {w:?}:\n{s}");
    }
}

/// A data directory of the test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn the_replay_opens_at_the_start_with_its_analysis() {
    let (app, _) = fixed_replay();
    let r = app.replay_screen().unwrap();
    assert!(r.analysis().is_some(), "{}", r.note());
    has(
        &screen(&app),
        &[
            "Replay",
            "pairs:3 · seed 2 · optimal vs you",
            "Flip 0/10",
            "Start of the game",
            "you: chance to win after each flip",
            "Accuracy · cost/decision",
            "0% 33.3 points",
            "you: chance to win 53%",
            "flip",
            "turn",
            "summary",
        ],
    );
}

#[test]
fn stepping_shows_each_flip_with_its_annotation() {
    let (mut app, now) = fixed_replay();
    for _ in 0..4 {
        app.update(Action::Move(0, 1), now);
    }
    assert_eq!(at(&app), 4);
    let s = screen(&app);
    has(
        &s,
        &[
            "Flip 4/10 · turn 2",
            "B you: a1 A · blunder",
            "turn 2 (a1 A): you turned a seen card second",
            "you: chance to win 0%",
        ],
    );
    // The board after flip 4: the turn's two cards face up (c1 B and a1 A), known b1 C.
    let board: String = s.lines().skip(1).take(14).collect();
    for face in ["A", "B", "C"] {
        assert!(board.contains(face), "{face} not on the board:\n{s}");
    }
    // Back one flip, by turn, start and end.
    app.update(Action::Move(0, -1), now);
    assert_eq!(at(&app), 3);
    app.update(Action::Move(1, 0), now);
    assert_eq!(at(&app), 4);
    app.update(Action::Move(1, 0), now);
    assert_eq!(at(&app), 6);
    app.update(Action::Move(-1, 0), now);
    assert_eq!(at(&app), 4);
    app.update(Action::End, now);
    assert_eq!(at(&app), 10);
    has(
        &screen(&app),
        &["Flip 10/10", "End of the game: 1-0", "optimal 3 – 0 you"],
    );
    app.update(Action::Home, now);
    assert_eq!(at(&app), 0);
}

#[test]
fn the_summary_lists_the_costliest_moves_in_words() {
    let (mut app, now) = fixed_replay();
    app.update(Action::Setup, now);
    has(
        &screen(&app),
        &[
            "Summary",
            "you: accuracy 0% (0 of 1 best, 1 forced left out) · 1 blunder",
            "1. turn 2 (a1 A): you turned a seen card second: turning another",
            "would have kept the chance to win at 33% (not 0%)",
        ],
    );
    app.update(Action::Other, now);
    assert!(!app.replay_screen().unwrap().summary);
}

#[test]
fn auto_play_steps_by_itself_until_the_end() {
    let (mut app, now) = fixed_replay();
    app.update(Action::Select, now);
    assert!(screen(&app).contains("▶ auto"));
    let mut t = now;
    for _ in 0..20 {
        let Some(d) = app.deadline() else { break };
        t = d;
        app.update(Action::Tick, t);
    }
    assert_eq!(at(&app), 10);
    assert!(app.deadline().is_none(), "auto-play stops at the end");
    // A key stops it; Enter at the end plays it again from the start.
    app.update(Action::Select, t);
    assert_eq!(at(&app), 0);
    app.update(Action::Move(0, 1), t);
    assert!(app.deadline().is_none());
}

#[test]
fn play_this_deal_again_starts_the_same_deal() {
    let (mut app, now) = fixed_replay();
    app.update(Action::Again, now);
    let round = app.round().expect("a game");
    let c = round.config();
    assert_eq!((c.deck.as_str(), c.seed), ("pairs:3", 2));
    assert_eq!(c.memory, Memory::Classic);
    // The person sat second: the AI starts again.
    assert_eq!(round.seat_name(concentration::rules::Seat::FIRST), "AI");
    assert_eq!(
        round.game().reveal_all(),
        Record::parse(FIXED.as_bytes())
            .unwrap()
            .start()
            .unwrap()
            .reveal_all()
    );
}

#[test]
fn quit_leaves_a_replay_opened_from_the_command_line() {
    let (mut app, now) = fixed_replay();
    app.update(Action::Help, now);
    assert!(screen(&app).contains("play this deal again"));
    app.update(Action::Other, now);
    app.update(Action::Quit, now);
    assert!(app.quit);
}

/// Plays `pairs:3` to the end with perfect knowledge, from `app` on the play screen.
fn finish(app: &mut App, mut now: Instant) -> Instant {
    for _ in 0..200 {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        // A key counts as a turn once the turn has been on screen for its guard.
        if let Some(t) = app.ready_at() {
            now = now.max(t);
        }
        let r = app.round().unwrap();
        let v = r.game().view();
        if v.is_over() {
            break;
        }
        let hidden: Vec<u32> = r.game().reveal_all().iter().map(|c| c.label.0).collect();
        let open = |p: usize| !matches!(v.slots()[p], concentration::rules::Slot::Removed(_));
        let pos = match v.phase() {
            concentration::rules::Phase::SecondCard { first, .. } => (0..hidden.len())
                .find(|&p| p != first && hidden[p] == hidden[first] && open(p))
                .unwrap(),
            _ => (0..hidden.len()).find(|&p| open(p)).unwrap(),
        };
        let Screen::Play(_) = &app.screen else {
            panic!("not playing")
        };
        // Move the cursor there and turn it.
        let (_, cols) = v.deck().grid();
        let cur = r.cursor;
        let (dr, dc) = (
            (pos / cols) as isize - (cur / cols) as isize,
            (pos % cols) as isize - (cur % cols) as isize,
        );
        app.update(Action::Move(dr, 0), now);
        app.update(Action::Move(0, dc), now);
        app.update(Action::Select, now);
    }
    now
}

#[test]
fn a_finished_game_is_saved_and_replayed_from_the_end_screen() {
    let dir = scratch("end-screen");
    let now = Instant::now();
    let config = Config {
        deck: "pairs:3".into(),
        seed: 42,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let mut app = App::start_blocking(config, now).unwrap();
    app.save_dir = Some(dir.clone());
    let now = finish(&mut app, now);
    let r = app.round().unwrap();
    assert!(r.game().view().is_over());
    let path = r.saved().unwrap().as_ref().unwrap().clone();
    let record = record::load(&path).unwrap();
    assert_eq!(
        (record.seed, record.players.clone()),
        (
            42,
            vec![RecordSeat::person("you"), RecordSeat::ai("optimal")]
        )
    );
    assert!(screen(&app).contains("Saved as"));
    app.update(Action::Review, now);
    let s = screen(&app);
    has(&s, &["Replay", "Flip 0/6", "you     all forced"]);
    app.update(Action::Quit, now);
    assert!(screen(&app).contains("You win!"), "back on the end screen");
    // Quitting does not save it twice.
    app.update(Action::Quit, now);
    assert!(app.quit);
    assert_eq!(record::list(&dir).len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_abandoned_game_is_saved_when_a_new_one_starts_and_practice_is_marked() {
    let dir = scratch("abandoned");
    let now = Instant::now();
    let config = Config {
        deck: "pairs:4".into(),
        seed: 7,
        practice: true,
        ..Config::default()
    };
    let mut app = App::start_blocking(config, now).unwrap();
    app.save_dir = Some(dir.clone());
    app.update(Action::Select, now);
    app.update(Action::New, now);
    app.update(Action::Yes, now);
    let saved = record::list(&dir);
    assert_eq!(saved.len(), 1);
    let r = saved[0].record.as_ref().unwrap();
    assert!(r.practice);
    assert_eq!(r.flips, vec![0]);
    // Without a save directory nothing is written.
    let mut app = App::start_blocking(Config::default(), now).unwrap();
    app.update(Action::Select, now);
    app.update(Action::Quit, now);
    app.update(Action::Yes, now);
    assert!(app.quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_history_lists_saved_games_and_opens_one() {
    let dir = scratch("history");
    let mut record = Record::parse(FIXED.as_bytes()).unwrap();
    record::save(&dir, &record).unwrap();
    record.practice = true;
    record.time = "13:00:00".into();
    record::save(&dir, &record).unwrap();
    std::fs::write(dir.join("broken.cgn"), "[Format \"concentration 9\"]\n").unwrap();
    let now = Instant::now();
    let mut app = App::history(History::new(dir.clone(), record::list(&dir)), base(), true);
    let s = screen(&app);
    has(
        &s,
        &[
            "Saved games",
            "2026-04-01 13:00:00 pairs:3",
            "optimal vs you",
            "1-0 3-0 practice",
            "broken.cgn: unreadable: line 1: unknown version '9'",
        ],
    );
    // The newest first; open the second line.
    app.update(Action::Move(1, 0), now);
    app.update(Action::Select, now);
    let r = app.replay_screen().expect("the replay opened");
    assert!(!r.record().practice);
    app.update(Action::Quit, now);
    assert!(screen(&app).contains("Saved games"), "back to the list");
    // An unreadable record says why and stays on the list.
    app.update(Action::End, now);
    app.update(Action::Select, now);
    assert!(screen(&app).contains("unknown version"));
    app.update(Action::Quit, now);
    assert!(app.quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_history_says_so() {
    let dir = scratch("empty-history");
    let app = App::history(History::new(dir.clone(), record::list(&dir)), base(), true);
    assert!(screen(&app).contains("No saved games in"));
}

/// A game of two AIs turning cards at random (many costly flips for both): its summary
/// is too long for the room above the chart at 80 x 24.
fn random_two_ai_record() -> Record {
    use concentration::record::MemoryMode;
    use concentration::rules::{Deck, Game, Objective, PassRule, Players, Slot};
    let deck = Deck::parse("pairs:6").unwrap();
    let mut game = Game::new(deck, 5, Players::two(PassRule::None)).unwrap();
    let mut seed = 7usize;
    while !game.view().is_over() {
        let open: Vec<usize> = (0..12)
            .filter(|&p| !matches!(game.view().slots()[p], Slot::Removed(_)))
            .collect();
        seed = (seed * 1_103_515_245 + 12_345) % (1 << 31);
        if game.try_flip(open[seed % open.len()]).is_err() {
            // The first card again: any other card still on the table.
            assert!(open.iter().any(|&p| game.try_flip(p).is_ok()));
        }
    }
    Record::of_game(
        &game,
        vec![RecordSeat::ai("usual"), RecordSeat::ai("usual")],
        Objective::Win,
        MemoryMode::Open,
        false,
    )
}

/// The rows the value chart's frame takes on an `h`-row screen: 7 rows above the message
/// (2 rows) and the footer.
fn chart_rows(h: usize) -> std::ops::Range<usize> {
    h - 10..h - 3
}

/// Whether the chart's frame is whole on `screen`: its corners, sides and title.
fn chart_frame_whole(screen: &str, title: &str) -> bool {
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let rs = chart_rows(rows.len());
    let (top, bottom) = (rs.start, rs.end - 1);
    let ends = |y: usize, l: char, r: char| rows[y][0] == l && *rows[y].last().unwrap() == r;
    ends(top, '┌', '┐')
        && ends(bottom, '└', '┘')
        && (top + 1..bottom).all(|y| ends(y, '│', '│'))
        && rows[top].iter().collect::<String>().contains(title)
        && rows[top][1..rows[top].len() - 1]
            .iter()
            .collect::<String>()
            .replace(title, "")
            .chars()
            .all(|c| c == '─')
        && rows[bottom][1..rows[bottom].len() - 1]
            .iter()
            .all(|&c| c == '─')
}

#[test]
fn the_summary_leaves_the_chart_frame_whole() {
    let (mut app, now) = fixed_replay();
    app.update(Action::Setup, now);
    for (w, h) in [(74, 20), (80, 20), (80, 24), (100, 30), (120, 40)] {
        app.update(Action::Resize(w, h), now);
        let s = common::screen_sized(&app, w, h);
        assert!(s.contains("┌ Summary"), "{w}x{h}:\n{s}");
        assert!(s.contains("Any key closes this window."), "{w}x{h}:\n{s}");
        // The chart shows whole, or (a window too tall for the room above it) not at all.
        let title = " you: chance to win after each flip, vs optimal play (a draw counts half) ";
        assert!(
            chart_frame_whole(&s, title) || !s.contains(title.trim()),
            "{w}x{h}: the summary breaks the chart's frame:\n{s}"
        );
    }
}

#[test]
fn a_summary_too_tall_for_the_room_above_the_chart_hides_the_chart_whole() {
    let now = Instant::now();
    let mut app = App::replay(random_two_ai_record(), None, base(), true, now).unwrap();
    app.update(Action::Setup, now);
    let (w, h) = (80, 24);
    let s = common::screen_sized(&app, w, h);
    let rows: Vec<Vec<char>> = s.lines().map(|l| l.chars().collect()).collect();
    // The window's corners.
    let top = rows
        .iter()
        .position(|r| r.iter().collect::<String>().contains("┌ Summary"))
        .unwrap();
    let left = rows[top].iter().position(|&c| c == '┌').unwrap();
    let right = rows[top].iter().rposition(|&c| c == '┐').unwrap();
    let bottom = (top + 1..rows.len())
        .find(|&y| rows[y][left] == '└')
        .unwrap();
    assert!(
        bottom - top + 1 > 14,
        "the window fits above the chart:\n{s}"
    );
    // Every cell of the chart's rows is the window's or blank: no piece of its frame.
    for y in chart_rows(rows.len()) {
        for (x, &c) in rows[y].iter().enumerate() {
            let inside = (top..=bottom).contains(&y) && (left..=right).contains(&x);
            assert!(inside || c == ' ', "({x}, {y}) shows {c:?}:\n{s}");
        }
    }
    assert!(!s.contains("chance to win after each flip"), "{s}");
    assert_eq!(s.matches("accuracy").count(), 2, "{s}");
}

#[test]
fn the_chart_and_the_odds_say_they_assume_optimal_play() {
    let (mut app, now) = fixed_replay();
    for _ in 0..3 {
        app.update(Action::Move(0, 1), now);
    }
    for (w, h) in [(80, 24), (100, 30)] {
        let s = common::screen_sized(&app, w, h);
        assert!(
            s.contains(
                "┌ you: chance to win after each flip, vs optimal play (a draw counts half) ─"
            ),
            "{w}x{h}:\n{s}"
        );
        // The panel's odds, with the assumption on the line above.
        let rows: Vec<&str> = s.lines().collect();
        let odds = rows
            .iter()
            .position(|l| l.contains("│you: chance to win "))
            .unwrap_or_else(|| panic!("{w}x{h}: no odds:\n{s}"));
        assert!(rows[odds - 1].contains("│vs optimal play"), "{w}x{h}:\n{s}");
    }
    // Two AIs, a flip annotated: the panel is short of rows for the assumption and both
    // players' accuracy, and gives up its blank line rather than a player.
    let mut app = App::replay(random_two_ai_record(), None, base(), true, now).unwrap();
    for _ in 0..3 {
        app.update(Action::Move(0, 1), now);
    }
    // The panel now spends its rows on the next decision (best and played, in words);
    // the chart's title still says what the values assume.
    let s = screen(&app);
    assert!(s.contains("after each flip, vs optimal play"), "{s}");
    assert!(s.contains("best: ") && s.contains("played: "), "{s}");
}

/// FIXED with the seats' players changed: the person in the first seat and the usual
/// AI in the second, so that the AI makes the blunder (flip 3, a1).
fn ai_blunders() -> (App, Instant) {
    let text = FIXED
        .replace("[A \"optimal\"]", "[A \"you\"]")
        .replace("[B \"you\"]", "[B \"usual\"]");
    let now = Instant::now();
    let record = Record::parse(text.as_bytes()).unwrap();
    let app = App::replay(record, None, base(), true, now).unwrap();
    (app, now)
}

/// Whether the card at `pos` of the replay's board (80 x 24) is drawn in the hint's
/// style: the hint's paper across the middle row of its cell.
fn marked(app: &App, pos: usize) -> bool {
    let buf = buffer(app, 80, 24);
    // The replay's board: below the title, left of the panel, above chart and footer.
    let area = Rect::new(0, 1, 80 - 27, 24 - 1 - 7 - 2 - 1);
    let game = app.replay_screen().unwrap().stepper().game();
    let board =
        concentration::rules::Board::new(concentration::rules::Layout::Grid, game.view().deck(), 0);
    let cell = Geometry::fit(area, &board).unwrap().cell(pos);
    let y = cell.y + cell.height / 2;
    (cell.x..cell.right()).all(|x| buf[(x, y)].bg == Color::LightGreen)
}

#[test]
fn the_ais_flips_are_annotated_like_the_persons() {
    let (mut app, now) = ai_blunders();
    for _ in 0..4 {
        app.update(Action::Move(0, 1), now);
    }
    let s = screen(&app);
    has(
        &s,
        &[
            "B usual: a1 A · blunder",
            "turn 2 (a1 A): usual turned a seen card second",
            "would have kept the chance to win at 33% (not 0%)",
        ],
    );
    // Both players' accuracy, in the panel and the summary.
    app.update(Action::Home, now);
    has(
        &screen(&app),
        &["you     100% 0.0 points", "usual     0% 33.3 points"],
    );
    app.update(Action::Setup, now);
    has(
        &screen(&app),
        &[
            "you: accuracy 100% (4 of 4 best, 4 forced left out) · no errors",
            "usual: accuracy 0% (0 of 1 best, 1 forced left out) · 1 blunder",
        ],
    );
}

#[test]
fn the_best_cards_are_marked_and_named_before_each_flip() {
    let (mut app, now) = fixed_replay();
    // Before flip 3 (B holds the new B at c1): the best is a second new card, so every
    // unseen card is marked (a2, b2, c2 are positions 3, 4, 5), the seen ones are not.
    for _ in 0..3 {
        app.update(Action::Move(0, 1), now);
    }
    assert_eq!(at(&app), 3);
    for pos in [3, 4, 5] {
        assert!(marked(&app, pos), "{pos} not marked:\n{}", screen(&app));
    }
    assert!(!marked(&app, 0), "a1 is not a best card");
    let d = app.replay_screen().unwrap().decision().unwrap();
    assert_eq!((d.index, d.seat), (3, Seat::SECOND));
    assert_eq!(d.best_cards, vec![3, 4, 5]);
    // The values for the player who decides: 1/3 for the best, 0 for what was played.
    assert!(
        (d.best_value - 1.0 / 3.0).abs() < 1e-9 && d.value == 0.0,
        "{d:?}"
    );
    has(
        &screen(&app),
        &[
            "Next: B you · blunder",
            "best: Turn a second new",
            "card (33.3%)",
            "played: a1 A, turned a",
            "seen card second (0.0%) ·",
            "cost 33.3 points",
        ],
    );
    // Before flip 5 (A holds the new C at a2): the best is the pair, b1 alone, shown
    // face up in the hint's style.
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(0, 1), now);
    assert_eq!(at(&app), 5);
    assert!(marked(&app, 1), "b1 not marked:\n{}", screen(&app));
    for pos in [0, 2, 4, 5] {
        assert!(!marked(&app, pos), "{pos} marked:\n{}", screen(&app));
    }
    has(
        &screen(&app),
        &["best, played: Take the", "pair: turn C (b1)"],
    );
    // At the end nothing is marked: there is no decision left.
    app.update(Action::End, now);
    assert!(app.replay_screen().unwrap().decision().is_none());
    assert!((0..6).all(|p| !marked(&app, p)));
}

#[test]
fn the_mistake_keys_jump_to_the_chosen_players_mistakes() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent};
    let key = |c| Action::from_key(KeyEvent::from(KeyCode::Char(c)));
    assert_eq!(key(']'), Action::Mistake(true));
    assert_eq!(key('['), Action::Mistake(false));
    assert_eq!(
        Action::from_key(KeyEvent::from(KeyCode::Tab)),
        Action::Whose
    );

    let (mut app, now) = ai_blunders();
    // The person's mistakes first: you made none.
    app.update(key(']'), now);
    assert_eq!(at(&app), 0);
    has(&screen(&app), &["No mistake of you after this flip"]);
    // The second seat's: the blunder is flip 3; `]` lands on its decision point.
    app.update(Action::Whose, now);
    assert_eq!(app.replay_screen().unwrap().whose_name(), "usual");
    has(
        &screen(&app),
        &["[ and ] jump to the mistakes of usual: 1 in this game"],
    );
    app.update(key(']'), now);
    assert_eq!(at(&app), 3);
    has(&screen(&app), &["Next: B usual · blunder"]);
    assert!(
        marked(&app, 4),
        "the best card is marked:\n{}",
        screen(&app)
    );
    // No later one; back from the end lands on it again.
    app.update(key(']'), now);
    assert_eq!(at(&app), 3);
    app.update(Action::End, now);
    app.update(key('['), now);
    assert_eq!(at(&app), 3);
    app.update(key('['), now);
    assert_eq!(at(&app), 3);
    has(&screen(&app), &["No mistake of usual before this flip"]);
    // Both players: the same single blunder; then back to the first seat.
    app.update(Action::Whose, now);
    assert_eq!(app.replay_screen().unwrap().whose_name(), "both players");
    app.update(Action::Home, now);
    app.update(key(']'), now);
    assert_eq!(at(&app), 3);
    app.update(Action::Whose, now);
    assert_eq!(app.replay_screen().unwrap().whose_name(), "you");
    has(&screen(&app), &["mistakes of you: none in this game"]);
    // The keys are in the footer and in the help window.
    has(&screen(&app), &["[] mistake", "Tab whose", "? keys"]);
    app.update(Action::Help, now);
    has(
        &screen(&app),
        &["next / previous mistake", "whose mistakes"],
    );
}

#[test]
fn jump_to_opens_the_decision_point_of_a_flip() {
    let (mut app, _) = fixed_replay();
    let Screen::Replay(r) = &mut app.screen else {
        panic!("not a replay")
    };
    r.jump_to(3);
    assert_eq!(r.stepper().at(), 3);
    assert_eq!(r.decision().unwrap().index, 3);
    r.jump_to(99);
    assert!(r.stepper().at_end());
}
