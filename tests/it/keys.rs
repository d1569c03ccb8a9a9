//! What keys mean, on the app's state with a simulated clock: a key pressed to go on
//! (end a show, speed up the AI) never turns a card; nothing acts on a screen that does
//! not fit; a (y / n) question takes only `y` for yes; the seed field; the replay from
//! the solitaire end screen and back; the ASCII footer.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, History, Look, Memory, Overlay, Screen, Setup, ThemeName};
use concentration::record::{self, Record};
use concentration::rules::Slot;
use concentration::tui::Action;

use crate::common::{screen, screen_sized, select};

fn config(deck: &str, seed: u64, ai_delay_ms: u64) -> Config {
    Config {
        deck: deck.into(),
        memory: Memory::Classic,
        seed,
        ai_delay: Duration::from_millis(ai_delay_ms),
        ..Config::default()
    }
}

fn labels(app: &App) -> Vec<u32> {
    let g = match &app.screen {
        Screen::Play(r) => r.game(),
        Screen::Solo(s) => s.game(),
        _ => panic!("no game on screen"),
    };
    g.reveal_all().iter().map(|c| c.label.0).collect()
}

/// Two positions whose cards do not match.
fn a_miss(app: &App) -> (usize, usize) {
    let c = labels(app);
    (0, (1..c.len()).find(|&i| c[i] != c[0]).unwrap())
}

/// Flips the person made so far.
fn persons_flips(app: &App) -> usize {
    let r = app.round().unwrap();
    let me = r.person();
    r.game()
        .view()
        .flips()
        .iter()
        .filter(|f| f.seat == me)
        .count()
}

/// What the terminal loop does before reading a key: every tick that is due.
fn ticks(app: &mut App, now: Instant) {
    while app.deadline().is_some_and(|d| d <= now) {
        app.update(Action::Tick, now);
    }
}

#[test]
fn keys_hammered_during_the_ais_turn_never_turn_a_card() {
    let (mut app, t0) = {
        let t0 = Instant::now();
        (
            App::start_blocking(config("pairs:8", 42, 500), t0).unwrap(),
            t0,
        )
    };
    let (a, b) = a_miss(&app);
    select(&mut app, a, t0);
    select(&mut app, b, t0);
    assert_eq!(persons_flips(&app), 2);
    // Enter every 30 ms, as someone impatient does: each one goes on (ends the show,
    // speeds up the AI) until the person's turn is on screen.
    let mut now = t0;
    let mut keys = 0;
    loop {
        now += Duration::from_millis(30);
        ticks(&mut app, now);
        let r = app.round().unwrap();
        if r.persons_turn() && r.show().is_none() && r.ready_at().is_none_or(|t| now >= t) {
            break;
        }
        app.update(Action::Select, now);
        keys += 1;
        assert_eq!(persons_flips(&app), 2, "key {keys} turned a card");
        assert!(
            now < t0 + Duration::from_secs(30),
            "the AI's turn never ended"
        );
    }
    assert!(keys >= 4, "the keys went on: {keys}");
    assert!(app.round().unwrap().game().view().flips().len() > 2);
    // The guard over, a key turns the card under the cursor.
    app.update(Action::Select, now);
    assert_eq!(persons_flips(&app), 3);
}

#[test]
fn a_key_just_after_play_went_on_by_itself_does_nothing() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("pairs:8", 42, 500), t0).unwrap();
    let (a, b) = a_miss(&app);
    select(&mut app, a, t0);
    select(&mut app, b, t0);
    // Nobody presses anything: the show ends, the AI plays, its turn goes by.
    let mut now = t0;
    while !app.round().unwrap().persons_turn() || app.round().unwrap().show().is_some() {
        now = app.deadline().expect("play goes on by itself");
        app.update(Action::Tick, now);
    }
    let ready = app
        .round()
        .unwrap()
        .ready_at()
        .expect("a guard after the show");
    assert_eq!(ready, now + Duration::from_millis(350));
    // A key meant to end the AI's show arrives just after it ended by itself.
    let c = (0..16)
        .find(|&p| matches!(app.round().unwrap().game().view().slots()[p], Slot::Unknown))
        .unwrap();
    select(&mut app, c, now + Duration::from_millis(100));
    assert_eq!(persons_flips(&app), 2, "a key to go on turned a card");
    select(&mut app, c, ready);
    assert_eq!(persons_flips(&app), 3);
}

#[test]
fn a_key_during_your_own_pair_only_goes_on() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("pairs:8", 42, 500), t0).unwrap();
    let c = labels(&app);
    let b = (1..c.len()).find(|&i| c[i] == c[0]).unwrap();
    select(&mut app, 0, t0);
    select(&mut app, b, t0);
    assert!(app.round().unwrap().show().is_some(), "the pair is on show");
    let next = (1..c.len()).find(|&i| i != b).unwrap();
    select(&mut app, next, t0 + Duration::from_millis(50));
    assert!(
        app.round().unwrap().show().is_none(),
        "the key ended the show"
    );
    assert_eq!(persons_flips(&app), 2, "and turned nothing");
    select(&mut app, next, t0 + Duration::from_millis(500));
    assert_eq!(persons_flips(&app), 3);
}

#[test]
fn without_pauses_every_key_turns_at_once() {
    // --ai-delay 0: nothing waits for a key to go on, so there is no guard.
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("pairs:8", 42, 0), t0).unwrap();
    let c = labels(&app);
    let b = (1..c.len()).find(|&i| c[i] == c[0]).unwrap();
    select(&mut app, 0, t0);
    select(&mut app, b, t0);
    ticks(&mut app, t0);
    let next = (1..c.len()).find(|&i| i != b).unwrap();
    select(&mut app, next, t0);
    assert_eq!(persons_flips(&app), 3);
}

#[test]
fn solitaire_keys_to_go_on_never_turn_a_card() {
    let t0 = Instant::now();
    let mut app = App::solitaire(config("pairs:8", 7, 300), None, None, true).unwrap();
    let (a, b) = a_miss(&app);
    select(&mut app, a, t0);
    select(&mut app, b, t0);
    let flips = |app: &App| app.solo().unwrap().game().view().flips().len();
    // The miss goes on by itself; the key meant for it comes a moment late.
    let until = app.solo().unwrap().show().unwrap().until;
    ticks(&mut app, until);
    let c = (0..16).find(|&p| p != a && p != b).unwrap();
    select(&mut app, c, until + Duration::from_millis(100));
    assert_eq!(flips(&app), 2, "a key to go on turned a card");
    select(&mut app, c, until + Duration::from_millis(350));
    assert_eq!(flips(&app), 3);
}

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("standard", 3, 500), t0).unwrap();
    app.update(Action::Resize(40, 12), t0);
    assert!(screen_sized(&app, 40, 12).contains("terminal too small"));
    for action in [
        Action::Select,
        Action::Move(0, 1),
        Action::Hint,
        Action::New,
        Action::Help,
        Action::Click((10, 5)),
    ] {
        app.update(action, t0);
    }
    let r = app.round().unwrap();
    assert!(
        r.game().view().flips().is_empty(),
        "a card nobody sees was turned"
    );
    assert_eq!(r.cursor, 0);
    assert!(r.hint().is_none());
    assert_eq!(app.overlay, None);
    // `q` still asks, where it can be seen; `y` leaves.
    app.update(Action::Quit, t0);
    assert!(screen_sized(&app, 40, 12).contains("Quit this game?"));
    app.update(Action::Yes, t0);
    assert!(app.quit);
}

#[test]
fn q_or_n_twice_does_not_answer_yes() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("pairs:3", 5, 500), t0).unwrap();
    app.update(Action::Quit, t0);
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    app.update(Action::Quit, t0);
    assert!(!app.quit, "q twice quit past the question");
    assert_eq!(app.overlay, None);
    app.update(Action::New, t0);
    assert_eq!(app.overlay, Some(Overlay::ConfirmNew));
    app.update(Action::New, t0);
    assert_eq!(app.overlay, None);
    assert_eq!(app.round().unwrap().config().seed, 5, "n twice dealt anew");
    app.update(Action::Quit, t0);
    app.update(Action::Yes, t0);
    assert!(app.quit);
}

#[test]
fn digits_typed_in_the_seed_field_replace_the_seed_shown() {
    let mut setup = Setup::new(Config {
        seed: 123_456,
        ..Config::default()
    });
    setup.up_down(-1);
    assert_eq!(setup.field(), concentration::app::Field::Seed);
    setup.digit(4);
    setup.digit(2);
    assert_eq!(setup.config.seed, 42);
    setup.backspace();
    setup.digit(7);
    assert_eq!(setup.config.seed, 47, "later digits append");
    // A new random seed, then typing: replaced again.
    setup.random_seed(987);
    setup.digit(5);
    assert_eq!(setup.config.seed, 5);
    // Through the app: the random seed of the setup screen.
    let mut app = App::setup(Config {
        seed: 31_337,
        ..Config::default()
    });
    let now = Instant::now();
    app.update(Action::Move(-1, 0), now);
    app.update(Action::Digit(9), now);
    let Screen::Setup(s) = &app.screen else {
        panic!("setup")
    };
    assert_eq!(s.config.seed, 9);
}

/// Plays a solitaire game to the end, knowing the cards.
fn clear_the_table(app: &mut App, mut now: Instant) -> Instant {
    let c = labels(app);
    let mut done = vec![false; c.len()];
    for a in 0..c.len() {
        if done[a] {
            continue;
        }
        let b = (a + 1..c.len()).find(|&b| c[b] == c[a]).unwrap();
        done[a] = true;
        done[b] = true;
        for p in [a, b] {
            now += Duration::from_secs(1);
            ticks(app, now);
            now += Duration::from_secs(1);
            select(app, p, now);
        }
    }
    now += Duration::from_secs(5);
    ticks(app, now);
    now
}

#[test]
fn v_opens_the_replay_on_the_solitaire_end_screen_and_q_comes_back() {
    let mut app = App::solitaire(config("pairs:3", 7, 300), None, None, true).unwrap();
    let now = clear_the_table(&mut app, Instant::now());
    assert!(app.solo().unwrap().game().view().is_over());
    assert!(screen(&app).contains("v replay"), "{}", screen(&app));
    app.update(Action::Review, now);
    let r = app.replay_screen().expect("the replay opened");
    assert!(r.record().is_solitaire());
    assert_eq!(r.record().flips.len(), 6);
    app.update(Action::Quit, now);
    let s = app.solo().expect("back to the end screen");
    assert!(s.game().view().is_over());
    assert!(!app.quit);
}

#[test]
fn quitting_a_replay_from_the_history_returns_to_the_list_even_when_it_does_not_fit() {
    let dir = std::env::temp_dir().join(format!("concentration-keys-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let now = Instant::now();
    let mut game = App::start_blocking(config("standard", 3, 500), now).unwrap();
    select(&mut game, 0, now);
    let record: Record = game.round().unwrap().record();
    record::save(&dir, &record).unwrap();
    let mut app = App::history(
        History::new(dir.clone(), record::list(&dir)),
        Config::default(),
        true,
    );
    for size in [(80, 24), (66, 20)] {
        app.update(Action::Resize(size.0, size.1), now);
        app.update(Action::Select, now);
        assert!(app.replay_screen().is_some(), "the replay opened");
        app.update(Action::Quit, now);
        assert!(
            screen_sized(&app, size.0, size.1).contains("Saved games"),
            "back to the list at {size:?}"
        );
        assert!(!app.quit);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ascii_footer_names_the_enter_key() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(config("pairs:8", 42, 500), t0).unwrap();
    app.look = Look::new(ThemeName::Dark, true);
    let s = screen(&app);
    let footer = s.lines().last().unwrap();
    assert!(footer.contains("Enter turn"), "{footer}");
    assert!(!footer.contains("E turn"), "{footer}");
    app.look = Look::new(ThemeName::Dark, false);
    assert!(screen(&app).lines().last().unwrap().contains("⏎ turn"));
    let mut solo = App::solitaire(config("pairs:8", 7, 300), None, None, true).unwrap();
    solo.look = Look::new(ThemeName::Plain, true);
    assert!(screen(&solo).lines().last().unwrap().contains("Enter turn"));
}
