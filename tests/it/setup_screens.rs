//! The setup screen's table on ratatui's `TestBackend`: the players row (tables offered,
//! a list typed and checked as `--players` checks it), the variant row, the own-pairs
//! why-line and pass rules at three or more seats, the refusals the command line gives,
//! and a three-seat game started from the form. State functions are called directly.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, Field, Screen, Setup};
use concentration::rules::{PassRule, Variant};
use concentration::tui::Action;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::common::screen_sized;

/// The why-line, as the objective row shows it at three or more seats.
const WHY: &str = "win probability is not offered: who wins depends on how the others play";

fn setup(app: &App) -> &Setup {
    match &app.screen {
        Screen::Setup(s) => s,
        _ => panic!("not the setup screen"),
    }
}

fn setup_mut(app: &mut App) -> &mut Setup {
    match &mut app.screen {
        Screen::Setup(s) => s,
        _ => panic!("not the setup screen"),
    }
}

/// The setup screen with the cursor on `field`.
fn at(field: Field, config: Config) -> App {
    let mut app = App::setup(config);
    app.blocking = true;
    let now = Instant::now();
    for _ in 0..20 {
        if setup(&app).field() == field {
            return app;
        }
        app.update(Action::Move(1, 0), now);
    }
    panic!("no {field:?} row");
}

/// The form's line that starts with the row's name (after the cursor marker).
fn row<'a>(s: &'a str, name: &str) -> &'a str {
    s.lines()
        .find(|l| l.trim_start_matches(['│', ' ', '▶']).starts_with(name))
        .unwrap_or_else(|| panic!("no row {name}:\n{s}"))
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let key = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let action = app.action_for(&key).expect("a key is an action");
        app.update(action, Instant::now());
    }
}

#[test]
fn the_form_offers_players_and_variant_and_fits_80_by_24() {
    let app = App::setup(Config::default());
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Players").contains("you + AI"), "{s}");
    assert!(
        s.contains("two seats (rows below) · Enter: type a list"),
        "{s}"
    );
    assert!(row(&s, "Variant").contains("standard"), "{s}");
    assert!(
        row(&s, "Variant").contains("a pair earns another turn"),
        "{s}"
    );
    // Every row and the entries stay on screen, and two seats keep win.
    for word in [
        "Deck", "First", "Opponent", "Memory", "Practice", "Seed", "Puzzles",
    ] {
        assert!(s.contains(word), "missing {word}:\n{s}");
    }
    assert!(row(&s, "Objective").contains("win"), "{s}");
    assert!(!s.contains(WHY), "{s}");
    assert!(s.contains("Enter start"), "the keys, in the frame:\n{s}");
    // The narrowest setup screen still shows the last row.
    assert!(screen_sized(&app, 64, 24).contains("Seed"));
}

#[test]
fn three_seats_show_own_pairs_with_the_why_line_and_two_pass_rules() {
    let mut app = at(Field::Players, Config::default());
    let now = Instant::now();
    app.update(Action::Move(0, 1), now); // you,optimal,usual
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Players").contains("you + 2 AIs"), "{s}");
    assert!(s.contains("you, optimal, usual · Enter: edit"), "{s}");
    assert!(row(&s, "Objective").contains("own pairs"), "{s}");
    let why = s.lines().find(|l| l.contains(WHY)).expect("the why-line");
    assert!(why.chars().count() <= 80, "{why}");
    assert!(
        row(&s, "First").contains('—') && row(&s, "Opponent").contains('—'),
        "{s}"
    );
    // Objective: nothing to choose. Pass rule: agreed and none only.
    for _ in 0..4 {
        app.update(Action::Move(1, 0), now);
    }
    assert_eq!(setup(&app).field(), Field::Objective);
    app.update(Action::Move(0, 1), now);
    assert!(screen_sized(&app, 80, 24).contains(WHY));
    app.update(Action::Move(1, 0), now);
    let mut seen = Vec::new();
    for _ in 0..4 {
        app.update(Action::Move(0, 1), now);
        seen.push(setup(&app).config.pass_rule);
    }
    assert_eq!(
        seen,
        [
            PassRule::None,
            PassRule::Agreed,
            PassRule::None,
            PassRule::Agreed
        ]
    );
    assert!(screen_sized(&app, 80, 24).contains("passes all round the table"));
    // Back to two seats: win and every pass rule again.
    let mut app = at(Field::Players, Config::default());
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(0, -1), now);
    assert_eq!(setup(&app).config.players, None);
    assert!(!screen_sized(&app, 80, 24).contains(WHY));
}

#[test]
fn a_pass_rule_for_two_gives_way_to_agreed_at_three_seats() {
    let mut app = at(
        Field::Players,
        Config {
            pass_rule: PassRule::Ko,
            ..Config::default()
        },
    );
    app.update(Action::Move(0, 1), Instant::now());
    let c = &setup(&app).config;
    assert_eq!((c.seat_count(), c.pass_rule), (3, PassRule::Agreed));
    assert_eq!(setup(&app).problem(), None);
}

#[test]
fn one_flip_with_an_optimal_ai_at_three_seats_is_refused_with_the_reason() {
    let mut app = at(Field::Players, Config::default());
    let now = Instant::now();
    app.update(Action::Move(0, 1), now); // you,optimal,usual
    app.update(Action::Move(1, 0), now); // variant
    app.update(Action::Move(0, 1), now); // one-flip
    assert_eq!(setup(&app).config.variant, Variant::OneFlip);
    let s = screen_sized(&app, 80, 24);
    let line = "optimal: no solver plays One Flip with 3+ players; seat usual or forgetful AIs";
    assert!(s.contains(line), "the reason, before Enter:\n{s}");
    app.update(Action::Select, now);
    assert!(app.round().is_none(), "the form started a refused game");
    assert!(screen_sized(&app, 80, 24).contains(line));
    // Without an optimal AI, One Flip at three seats plays.
    setup_mut(&mut app).config.players = Some("ann,usual,forgetful".parse_seats());
    setup_mut(&mut app).error = None;
    assert_eq!(setup(&app).problem(), None);
    app.update(Action::Select, now);
    let r = app.round().expect("One Flip with usual and forgetful AIs");
    assert_eq!(r.seat_count(), 3);
    // No solver at this table: neither hints nor odds are offered.
    let s = screen_sized(&app, 80, 24);
    let footer = s.lines().rev().find(|l| l.contains("move")).unwrap();
    assert!(
        !footer.contains("H hint") && !footer.contains("o odds"),
        "{footer}"
    );
    // Two seats: One Flip with the optimal AI is the two-player solver's.
    let mut app = at(Field::Variant, Config::default());
    app.update(Action::Move(0, 1), now);
    setup_mut(&mut app).config.deck = "pairs:4".into();
    app.update(Action::Select, now);
    assert_eq!(
        app.round().expect("two seats, One Flip").config().variant,
        Variant::OneFlip
    );
}

trait ParseSeats {
    fn parse_seats(self) -> concentration::app::TableSeats;
}

impl ParseSeats for &str {
    fn parse_seats(self) -> concentration::app::TableSeats {
        concentration::app::TableSeats::parse(self).unwrap()
    }
}

#[test]
fn a_typed_list_is_read_as_players_reads_it() {
    let mut app = at(Field::Players, Config::default());
    let now = Instant::now();
    app.update(Action::Select, now); // Enter on the players row: type
    assert_eq!(setup(&app).typed(), Some("you,optimal"));
    assert!(
        app.round().is_none(),
        "Enter on the players row edits, not starts"
    );
    for _ in 0.."optimal".len() {
        app.update(Action::Backspace, now);
    }
    // Letters that are commands elsewhere (h, q, n, r, p) are text here.
    type_text(&mut app, "hal:genius");
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("type: you,hal:genius"), "{s}");
    assert!(
        s.contains("players: unknown seat kind 'genius' in 'hal:genius'"),
        "the reason, as it is typed:\n{s}"
    );
    assert!(!app.quit);
    app.update(Action::Select, now);
    assert!(setup(&app).is_editing(), "a bad list stays being typed");
    for _ in 0.."genius".len() {
        app.update(Action::Backspace, now);
    }
    type_text(&mut app, "optimal,Ann Lee,quinn");
    app.update(Action::Select, now);
    assert!(!setup(&app).is_editing());
    let seats = setup(&app).config.players.clone().expect("a table of four");
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["you", "hal", "Ann Lee", "quinn"]);
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Players").contains("3 people + 1 AI"), "{s}");
    assert!(s.contains("you, hal (optimal), Ann Lee, quinn"), "{s}");
    // Esc leaves the list as it was; seven seats are refused as the command line does.
    app.update(Action::Select, now);
    type_text(&mut app, ",a,b,c");
    assert!(screen_sized(&app, 80, 24).contains("players: 7 seats: a table has 2 to 6"));
    app.update(Action::Quit, now);
    assert!(!app.quit && !setup(&app).is_editing());
    assert_eq!(
        setup(&app).config.players.as_ref().map(|p| p.len()),
        Some(4)
    );
    // Today's game typed is today's game: first and opponent rows.
    app.update(Action::Select, now);
    for _ in 0..40 {
        app.update(Action::Backspace, now);
    }
    type_text(&mut app, "usual,you");
    app.update(Action::Select, now);
    let c = &setup(&app).config;
    assert_eq!(c.players, None);
    assert_eq!(c.first, concentration::app::First::Ai);
    assert_eq!(c.opponent, concentration::app::Opponent::Usual);
}

#[test]
fn a_three_seat_game_starts_from_the_form() {
    let mut app = at(
        Field::Players,
        Config {
            deck: "pairs:4".into(),
            seed: 9,
            ai_delay: Duration::from_millis(100),
            ..Config::default()
        },
    );
    let now = Instant::now();
    app.update(Action::Move(0, 1), now); // you,optimal,usual
    app.update(Action::Move(1, 0), now); // away from the players row
    app.update(Action::Select, now);
    let r = app.round().expect("the game started");
    assert_eq!(r.seat_count(), 3);
    assert_eq!(r.config().pass_rule, PassRule::Agreed);
    assert!(!app.thinking(), "blocking: the own-pairs solver is ready");
    let s = screen_sized(&app, 80, 24);
    for name in ["You", "optimal", "usual"] {
        assert!(s.contains(name), "{name}:\n{s}");
    }
    // The footer offers hints and odds at three seats (the own-pairs solver's).
    let footer = s.lines().rev().find(|l| l.contains("move")).unwrap();
    assert!(
        footer.contains("H hint") && footer.contains("o odds"),
        "{footer}"
    );
    // The person moves first; after a miss the optimal AI plays (its solver is there).
    let view = app.round().unwrap().game().view();
    assert_eq!(view.mover().index(), 0);
}

#[test]
fn the_seats_solver_arrives_from_the_worker_thread() {
    let config = Config {
        deck: "pairs:6".into(),
        players: Some("optimal,usual,you".parse_seats()),
        pass_rule: PassRule::None,
        seed: 4,
        ai_delay: Duration::from_millis(1),
        ..Config::default()
    };
    let t0 = Instant::now();
    let mut app = App::start(config, t0).unwrap();
    // The optimal AI moves first and waits for its solver, solved off this thread.
    let mut waited = 0;
    while app.thinking() {
        app.poll_worker(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
        waited += 1;
        assert!(waited < 2000, "the solver never arrived");
    }
    let r = app.round().unwrap();
    assert!(!r.ai_waiting_for_solver());
    let mut now = Instant::now();
    for _ in 0..50 {
        now += Duration::from_secs(3);
        app.update(Action::Tick, now);
        if !app.round().unwrap().game().view().flips().is_empty() {
            break;
        }
    }
    assert!(
        !app.round().unwrap().game().view().flips().is_empty(),
        "the optimal AI played"
    );
}

/// `P` on the setup screen starts a game of Pairs (you against the subgame-perfect AI,
/// the form's seed); quitting it saves the game and comes back to the form.
#[test]
fn pairs_is_offered_on_the_setup_screen_and_comes_back_to_it() {
    let dir =
        std::env::temp_dir().join(format!("concentration-setup-pairs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = at(
        Field::Deck,
        Config {
            seed: 11,
            ai_delay: Duration::from_millis(10),
            ..Config::default()
        },
    );
    app.save_dir = Some(dir.clone());
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("P Pairs: hit or fold"), "{s}");
    let mut now = Instant::now();
    app.update(Action::PairsGame, now);
    let table = app.pairs_table().expect("a game of Pairs");
    assert_eq!(table.record().seed, 11, "the form's seed");
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("spne"), "{s}");
    // Play until it is the person's turn, hit once, then quit.
    for _ in 0..200 {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        if app.pairs_table().unwrap().persons_turn() {
            break;
        }
        app.update(Action::Other, now);
    }
    app.update(Action::Move(0, -1), now); // h: hit
    app.update(Action::Quit, now);
    app.update(Action::Yes, now);
    assert!(!app.quit, "back to the form, not out of the program");
    assert_eq!(setup(&app).config.seed, 11);
    let saved = std::fs::read_dir(&dir).map_or(0, Iterator::count);
    assert_eq!(saved, 1, "the game left is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solitaire_offers_the_free_move_after_a_pair_on_the_variant_row() {
    let now = Instant::now();
    let mut app = at(Field::Variant, Config::default());
    setup_mut(&mut app).solitaire = true;
    setup_mut(&mut app).config.deck = "pairs:4".into();
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Variant").contains("every move counts"), "{s}");
    app.update(Action::Move(0, 1), now);
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Variant").contains("free-after-pair"), "{s}");
    // The two-seat variant is left as it was: the row is solitaire's counting now.
    assert_eq!(setup(&app).config.variant, Variant::Standard);
    app.update(Action::Select, now);
    let solo = app.solo().expect("a solitaire game");
    assert_eq!(
        solo.rule(),
        concentration::solitaire::SoloRule::FreeAfterPair
    );
    // e^f(4, 0) = e(4, 0) - 3 = 622/105 - 3.
    assert_eq!(
        solo.expected_total().unwrap().fraction().as_deref(),
        Some("307/105")
    );
}

/// The variant row offers the Two Decks Duel's two readings; a deck it does not split is
/// refused with one line, and a deck it does starts the duel.
#[test]
fn the_variant_row_offers_the_duel_and_refuses_a_deck_it_cannot_split() {
    let now = Instant::now();
    let mut app = at(Field::Variant, Config::default());
    app.update(Action::Move(0, 1), now); // one-flip
    app.update(Action::Move(0, 1), now); // duel
    assert_eq!(
        setup(&app).config.variant,
        Variant::Duel(concentration::rules::Taker::Answerer)
    );
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("a deck each; leader, then answerer"), "{s}");
    let problem = setup(&app).problem().expect("standard is no duel deck");
    assert!(problem.contains("deck 'standard'"), "{problem}");
    assert_eq!(problem.lines().count(), 1);
    setup_mut(&mut app).config.deck = "pairs:4".into();
    assert_eq!(setup(&app).problem(), None);
    app.update(Action::Select, now);
    let round = app.round().expect("a duel");
    assert_eq!(
        round.game().view().side_of(4),
        Some(concentration::rules::Seat::SECOND)
    );
}

#[test]
fn solitaire_offers_the_easier_game_on_the_variant_row() {
    let now = Instant::now();
    let mut app = at(Field::Variant, Config::default());
    setup_mut(&mut app).solitaire = true;
    setup_mut(&mut app).config.deck = "pairs:4".into();
    // standard, free-after-pair, then the easier game.
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(0, 1), now);
    let s = screen_sized(&app, 80, 24);
    assert!(row(&s, "Variant").contains("easy"), "{s}");
    app.update(Action::Select, now);
    let solo = app.solo().expect("a solitaire game");
    assert_eq!(solo.rule(), concentration::solitaire::SoloRule::Easy);
    // e^easy(4, 0) = 601/105.
    assert_eq!(
        solo.expected_total().unwrap().fraction().as_deref(),
        Some("601/105")
    );
}
