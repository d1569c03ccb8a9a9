//! Every screen at several sizes, from the smallest that is not "too small" up: each word
//! of what a window or panel means to say ([`App::window_text`]) reaches the screen
//! whole (a line cut at a box border loses its last words), and no screen writes a
//! wrong plural (`1 pairs`) or a negative zero (`-0.0`).

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Hints, Memory, Opponent, Screen};
use concentration::record::Record;
use concentration::rules::{Phase, Slot};
use concentration::tui::Action;

use crate::common::{FIXED, screen_sized};

/// The sizes tried: the smallest game screen, the smallest replay and list, odd sizes,
/// the usual ones.
const SIZES: [(u16, u16); 8] = [
    (64, 16),
    (65, 17),
    (64, 20),
    (71, 19),
    (80, 16),
    (80, 24),
    (93, 27),
    (100, 30),
];

fn config(deck: &str, opponent: Opponent, hints: Hints) -> Config {
    Config {
        deck: deck.into(),
        opponent,
        hints,
        memory: Memory::Classic,
        seed: 11,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    }
}

/// Words of `text`, counted.
fn words(text: &str) -> std::collections::HashMap<String, usize> {
    let mut m = std::collections::HashMap::new();
    for w in text
        .split(|c: char| c.is_whitespace() || "│┌┐└┘─".contains(c))
        .filter(|w| !w.is_empty())
    {
        *m.entry(w.to_owned()).or_insert(0) += 1;
    }
    m
}

/// Wrong plurals and negative zeros.
fn faults(screen: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = screen.chars().collect();
    for noun in [
        "pairs",
        "games",
        "moves",
        "flips",
        "misses",
        "decisions",
        "cards",
    ] {
        let bad = format!("1 {noun}");
        for (i, _) in screen.match_indices(&bad) {
            let before = screen[..i].chars().last();
            if !before.is_some_and(|c| c.is_ascii_digit() || c == '.') {
                found.push(bad.clone());
            }
        }
    }
    for (i, c) in chars.iter().enumerate() {
        // A minus sign (not a dash in a score like `1-0`) before a zero.
        let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
        if *c != '-' || after_digit || chars.get(i + 1) != Some(&'0') {
            continue;
        }
        let rest: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == '.')
            .collect();
        if rest.chars().all(|c| c == '0' || c == '.') {
            found.push(format!("-{rest}"));
        }
    }
    found
}

/// Checks `app` at every size that is not too small; returns how many were checked.
fn check(name: &str, app: &mut App) -> usize {
    let mut checked = 0;
    for (w, h) in SIZES {
        app.update(Action::Resize(w, h), Instant::now());
        let screen = screen_sized(app, w, h);
        if screen.contains("terminal too small") {
            continue;
        }
        checked += 1;
        let intended = app.window_text().join("\n");
        let shown = words(&screen);
        for (word, n) in words(&intended) {
            let on_screen = shown.get(&word).copied().unwrap_or(0);
            assert!(
                on_screen >= n,
                "{name} at {w}x{h}: '{word}' {n} times meant, {on_screen} shown:\n{screen}"
            );
        }
        let bad = faults(&screen);
        assert!(bad.is_empty(), "{name} at {w}x{h}: {bad:?}\n{screen}");
    }
    assert!(checked > 0, "{name}: always too small");
    checked
}

/// Checks the screen, then with the help open, then with the quit question.
fn check_with_windows(name: &str, app: &mut App) {
    check(name, app);
    app.update(Action::Help, Instant::now());
    check(&format!("{name} + help"), app);
    app.update(Action::Other, Instant::now());
}

/// Plays the person's flips (the first open card, then its partner if known) until the
/// game ends.
fn finish(app: &mut App, mut now: Instant) {
    for _ in 0..400 {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        // A key turns a card once the turn has been on screen for its guard.
        if let Some(t) = app.ready_at() {
            now = now.max(t);
        }
        let r = app.round().unwrap();
        let v = r.game().view();
        if v.is_over() {
            return;
        }
        let labels: Vec<u32> = r.game().reveal_all().iter().map(|c| c.label.0).collect();
        let open = |p: usize| !matches!(v.slots()[p], Slot::Removed(_));
        let pos = match v.phase() {
            Phase::SecondCard { first, .. } => (0..labels.len())
                .find(|&p| p != first && labels[p] == labels[first] && open(p))
                .unwrap(),
            _ => (0..labels.len()).find(|&p| open(p)).unwrap(),
        };
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
    panic!("the game did not end");
}

#[test]
fn every_game_screen_shows_its_windows_whole() {
    for (deck, opponent, hints) in [
        ("pairs:3", Opponent::ForgetfulMedium, Hints::Always),
        ("pairs:6", Opponent::Usual, Hints::Off),
        ("standard", Opponent::Optimal, Hints::Off),
    ] {
        let name = format!("{deck} vs {opponent}");
        let now = Instant::now();
        let mut app = App::start_blocking(config(deck, opponent, hints), now).unwrap();
        app.update(Action::Odds, now);
        if hints == Hints::Off {
            app.update(Action::Hint, now);
        }
        check_with_windows(&name, &mut app);
        app.update(Action::Quit, now);
        check(&format!("{name} + quit question"), &mut app);
        app.update(Action::Other, now);
        if deck != "standard" {
            finish(&mut app, now);
            assert!(matches!(app.screen, Screen::Play(_)));
            check(&format!("{name} end"), &mut app);
        }
    }
}

#[test]
fn solitaire_screens_show_their_windows_whole() {
    let now = Instant::now();
    let mut c = config("pairs:4", Opponent::Optimal, Hints::Off);
    c.seed = 7;
    let mut app = App::solitaire(c, None, None, true).unwrap();
    app.update(Action::Hint, now);
    check_with_windows("solitaire", &mut app);
    // Turn every card in order: pairs come as they come.
    let mut now = now;
    for _ in 0..200 {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        if let Some(t) = app.ready_at() {
            now = now.max(t);
        }
        let solo = app.solo().unwrap();
        let v = solo.game().view();
        if v.is_over() {
            break;
        }
        let labels: Vec<u32> = solo.game().reveal_all().iter().map(|c| c.label.0).collect();
        let open = |p: usize| !matches!(v.slots()[p], Slot::Removed(_));
        let pos = match v.phase() {
            Phase::SecondCard { first, .. } => (0..labels.len())
                .find(|&p| p != first && labels[p] == labels[first] && open(p))
                .unwrap(),
            _ => (0..labels.len()).find(|&p| open(p)).unwrap(),
        };
        let (_, cols) = v.deck().grid();
        let cur = solo.cursor;
        let (dr, dc) = (
            (pos / cols) as isize - (cur / cols) as isize,
            (pos % cols) as isize - (cur % cols) as isize,
        );
        app.update(Action::Move(dr, 0), now);
        app.update(Action::Move(0, dc), now);
        app.update(Action::Select, now);
    }
    assert!(app.solo().unwrap().game().view().is_over());
    check("solitaire end", &mut app);
}

#[test]
fn replay_screens_show_their_windows_whole() {
    let now = Instant::now();
    let rec = Record::parse(FIXED.as_bytes()).unwrap();
    let mut app = App::replay(rec, None, Config::default(), true, now).unwrap();
    check_with_windows("replay start", &mut app);
    app.update(Action::End, now);
    check("replay end", &mut app);
    app.update(Action::Setup, now);
    check("replay summary", &mut app);
}

#[test]
fn the_end_of_a_game_names_the_real_opponent_and_counts_alike() {
    let now = Instant::now();
    let c = config("pairs:3", Opponent::ForgetfulMedium, Hints::Always);
    let mut app = App::start_blocking(c, now).unwrap();
    let start = screen_sized(&app, 100, 30);
    assert!(start.contains("You vs forgetful AI (medium)"), "{start}");
    assert!(start.contains("Hint vs optimal play"), "{start}");
    assert!(start.contains("Turn 1 · first card"), "{start}");
    // Redrawing the same decision (odds on and off) is not another hint.
    for _ in 0..4 {
        app.update(Action::Odds, now);
    }
    finish(&mut app, now);
    let r = app.round().unwrap();
    let (turns, decisions, hints) = (r.game().view().turns(), r.decisions(), r.hints_used());
    assert!(hints <= decisions, "{hints} hints at {decisions} decisions");
    let end = screen_sized(&app, 100, 30);
    // A turn (two cards) is a turn everywhere: the panel, the end screen, the replay.
    for line in [
        format!("{turns} turns · game over"),
        format!("·  {turns} turns  ·"),
        format!("Hints seen at {hints} of your {decisions} decisions"),
        "remembers only the last 6 cards it saw".to_owned(),
    ] {
        assert!(end.contains(&line), "missing '{line}':\n{end}");
    }
    assert!(!end.contains("optimal in expectation"), "{end}");
}

#[test]
fn the_text_checked_has_the_title_message_and_footer() {
    let now = Instant::now();
    let rec = Record::parse(FIXED.as_bytes()).unwrap();
    let app = App::replay(rec, None, Config::default(), true, now).unwrap();
    let text = app.window_text();
    for line in [
        "Replay  pairs:3 · seed 2 · optimal vs you · 2026-04-01",
        "→ next flip, ↓ next turn, Enter plays it all",
        "q back",
    ] {
        assert!(text.iter().any(|l| l.contains(line)), "{line}: {text:?}");
    }
    let app = App::start_blocking(config("pairs:3", Opponent::Usual, Hints::Off), now).unwrap();
    let text = app.window_text();
    let message = app.round().unwrap().message().to_string();
    assert!(!message.is_empty());
    for line in ["Concentration  pairs:3 · ", "q quit", message.as_str()] {
        assert!(text.iter().any(|l| l.contains(line)), "{line}: {text:?}");
    }
}
