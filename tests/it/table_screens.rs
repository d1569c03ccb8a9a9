//! Screen tests of games at a table of several seats: the panel with three and six
//! seats (every name and score, the mover marked), a game of two people on one
//! terminal, and the end screen with every seat's pairs.

use std::time::{Duration, Instant};

use concentration::app::{App, Config, TableSeats};
use concentration::rules::Phase;
use concentration::tui::Action;

use crate::common::{click, screen_sized};

fn table(deck: &str, players: &str, seed: u64) -> Config {
    Config {
        deck: deck.into(),
        players: Some(TableSeats::parse(players).unwrap()),
        pass_rule: concentration::rules::PassRule::None,
        seed,
        ai_delay: Duration::from_millis(300),
        ..Config::default()
    }
}

/// The side panel's rows (the last 27 columns, inside the frame).
fn panel(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            chars[chars.len().saturating_sub(27)..].iter().collect()
        })
        .collect()
}

/// A legal card for the person: an unknown one (never a pass under `none`).
fn some_card(app: &App) -> usize {
    let view = app.round().unwrap().game().view();
    view.unknown_positions()
        .find(|&p| matches!(view.phase(), Phase::FirstCard) || Some(p) != first(app))
        .or_else(|| {
            // No unknown card left: the partner of the first card is known.
            let r = app.round().unwrap();
            (0..view.slots().len())
                .find(|&p| r.game().check_flip(p).is_ok() && Some(p) != first(app))
        })
        .unwrap()
}

fn first(app: &App) -> Option<usize> {
    match app.round().unwrap().game().view().phase() {
        Phase::SecondCard { first, .. } => Some(first),
        _ => None,
    }
}

/// Plays the game to its end: the people turn cards, the clock runs the AIs and shows.
fn play_out(app: &mut App, mut now: Instant) -> Instant {
    for _ in 0..2000 {
        let r = app.round().unwrap();
        if r.game().view().is_over() && r.show().is_none() {
            return now;
        }
        now += Duration::from_millis(400);
        if r.persons_turn() && r.show().is_none() {
            let p = some_card(app);
            click(app, p, now);
        } else {
            app.update(Action::Tick, now);
        }
    }
    panic!("the game did not end");
}

#[test]
fn three_seats_panel_shows_every_seat_and_the_mover() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(table("pairs:4", "you,usual,forgetful", 5), t0).unwrap();
    let s = screen_sized(&app, 80, 24);
    let rows = panel(&s);
    let seat_rows: Vec<&String> = rows.iter().filter(|l| l.contains("pairs")).collect();
    assert!(
        seat_rows[0].contains("▶You") && seat_rows[0].contains("0 pairs"),
        "{s}"
    );
    assert!(
        seat_rows[1].contains(" usual ") && !seat_rows[1].contains('▶'),
        "{s}"
    );
    assert!(seat_rows[2].contains("forgetful-medi"), "{s}");
    assert!(s.contains("Rule none · own pairs"), "{s}");
    assert!(
        s.contains("You, usual, forgetful-medium"),
        "the title names the seats:\n{s}"
    );
    assert!(s.contains("Your turn: pick a card"), "{s}");
    // After the person's miss the next seat is marked.
    let view = app.round().unwrap().game().reveal_all().to_vec();
    let b = (1..view.len())
        .find(|&i| view[i].label != view[0].label)
        .unwrap();
    click(&mut app, 0, t0);
    click(&mut app, b, t0);
    app.update(Action::Tick, t0 + Duration::from_secs(5));
    let s = screen_sized(&app, 80, 24);
    let marked: Vec<String> = panel(&s).into_iter().filter(|l| l.contains('▶')).collect();
    assert_eq!(marked.len(), 1, "{s}");
    assert!(marked[0].contains("usual"), "{s}");
    let now = play_out(&mut app, t0 + Duration::from_secs(6));
    let r = app.round().unwrap();
    let pairs = r.game().view().pairs();
    assert_eq!(pairs.total(), 4, "under none every pair is taken");
    let s = screen_sized(&app, 80, 24);
    let score = format!(
        "You {} · usual {} · forgetful-medium {}",
        pairs[0], pairs[1], pairs[2]
    );
    assert!(s.contains(&score), "the end screen lists every seat:\n{s}");
    let headline = match pairs.leader() {
        Some(seat) if seat.index() == 0 => "You win!".to_owned(),
        Some(seat) => format!("{} wins", r.seat_name(seat)),
        None => "Shared first place:".to_owned(),
    };
    assert!(s.contains(&headline), "{headline}:\n{s}");
    let _ = now;
}

#[test]
fn six_seats_fit_the_panel_at_80x24_and_at_the_minimum() {
    let t0 = Instant::now();
    let players = "ann,bob,usual,forgetful-easy,forgetful-medium,cy";
    let mut app = App::start_blocking(table("pairs:8", players, 3), t0).unwrap();
    app.size = (1, 1);
    let (w, h) = app.too_small().expect("1x1 is too small");
    for (w, h) in [(80, 24), (w, h)] {
        app.size = (w, h);
        let s = screen_sized(&app, w, h);
        let rows = panel(&s);
        for name in [
            "ann",
            "bob",
            "usual",
            "forgetful-easy",
            "forgetful-medi",
            "cy",
        ] {
            assert!(
                rows.iter()
                    .any(|l| l.contains(name) && l.contains("0 pairs")),
                "{name} at {w}x{h}:\n{s}"
            );
        }
        assert_eq!(rows.iter().filter(|l| l.contains('▶')).count(), 1, "{s}");
        assert!(rows.iter().any(|l| l.contains("▶ann")), "{s}");
        assert!(s.contains("ann's turn: pick a card"), "{w}x{h}:\n{s}");
    }
}

#[test]
fn two_people_take_turns_on_one_terminal() {
    let t0 = Instant::now();
    let c = Config {
        pass_rule: concentration::rules::PassRule::Agreed,
        ..table("pairs:4", "ann,bob", 9)
    };
    let mut app = App::start_blocking(c, t0).unwrap();
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("ann's turn: pick a card"), "{s}");
    assert!(s.contains("ann vs bob"), "{s}");
    let rows = panel(&s);
    assert!(rows.iter().any(|l| l.contains("▶ann")), "{s}");
    assert!(rows.iter().any(|l| l.contains(" bob ")), "{s}");
    let cards = app.round().unwrap().game().reveal_all().to_vec();
    let b = (1..cards.len())
        .find(|&i| cards[i].label != cards[0].label)
        .unwrap();
    click(&mut app, 0, t0);
    click(&mut app, b, t0);
    let t1 = t0 + Duration::from_secs(5);
    app.update(Action::Tick, t1);
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("bob's turn: pick a card"), "{s}");
    assert!(panel(&s).iter().any(|l| l.contains("▶bob")), "{s}");
    // Odds and hints are bob's at bob's turn.
    app.update(Action::Odds, t1);
    app.update(Action::Hint, t1);
    let s = screen_sized(&app, 80, 24);
    assert!(
        s.contains("bob: chance to win"),
        "the odds are the mover's:\n{s}"
    );
    assert!(s.contains("Hint vs optimal play"), "{s}");
    play_out(&mut app, t1);
    let r = app.round().unwrap();
    let pairs = r.game().view().pairs();
    let s = screen_sized(&app, 80, 24);
    assert!(
        s.contains(&format!("ann {} – {} bob", pairs[0], pairs[1])),
        "{s}"
    );
    let headline = match pairs.leader() {
        Some(seat) => format!("{} wins!", r.seat_name(seat)),
        None => "A draw".into(),
    };
    assert!(s.contains(&headline), "{s}");
    assert!(
        !s.contains("Your accuracy"),
        "no one person's accuracy:\n{s}"
    );
}

#[test]
fn optimal_seat_and_odds_at_three_seats() {
    let t0 = Instant::now();
    let mut app = App::start_blocking(table("3x4", "you,optimal,usual", 2), t0).unwrap();
    app.update(Action::Odds, t0);
    let s = screen_sized(&app, 80, 24);
    // docs/variants.md: the first seat expects 11146/5775 = 1.93 pairs at the start.
    assert!(s.contains("You: 1.93 more pairs"), "{s}");
    play_out(&mut app, t0);
    let r = app.round().unwrap();
    assert_eq!(r.game().view().pairs().total(), 6);
    assert!(
        r.game().view().flips().iter().any(|f| f.seat.index() == 1),
        "the optimal seat played"
    );
}

/// Every person's look-back at the end, as the replay's analysis of the game's record
/// counts it: against the table's optimal play (win probability at two seats, expected
/// own pairs at three or more).
fn each_person_looks_back(players: &str, rule: concentration::rules::PassRule, own: bool) {
    use concentration::trainer::Unit;
    let t0 = Instant::now();
    let c = Config {
        pass_rule: rule,
        ..table("pairs:8", players, 3)
    };
    let mut app = App::start_blocking(c, t0).unwrap();
    play_out(&mut app, t0);
    let r = app.round().unwrap();
    let backs = r.look_backs().to_vec();
    assert_eq!(backs.len(), 2, "ann and bob: {backs:?}");
    assert!(r.look_back().is_none(), "no one person's look-back");
    let s = screen_sized(&app, 80, 24);
    assert!(!s.contains("Your accuracy"), "{s}");
    // Cards turned blindly cost something: the line says what, in the table's unit.
    assert!(
        backs.iter().any(|b| b.figures.best < b.figures.decisions),
        "{backs:?}"
    );
    // The replay values the saved game on its own: the same counts.
    let record = r.record();
    let replay = App::replay(record, None, Config::default(), true, t0).unwrap();
    let judgement = replay.replay_screen().unwrap().judgement().unwrap().clone();
    for (back, name) in backs.iter().zip(["ann", "bob"]) {
        let summary = judgement.figures(back.seat);
        // One judgement: the end screen's figures are the replay's, whole.
        assert_eq!(&back.figures, summary);
        let line = format!(
            "{name}: accuracy {:.0}% · {} of {} decisions best",
            back.figures.accuracy() * 100.0,
            back.figures.best,
            back.figures.decisions
        );
        assert!(s.contains(&line), "{line}\n{s}");
        if own {
            assert_eq!(back.unit, Unit::OwnPairs);
            if back.figures.best < back.figures.decisions {
                assert!(s.contains(" own pairs"), "{s}");
            }
        } else {
            assert_ne!(back.unit, Unit::OwnPairs);
        }
    }
}

#[test]
fn two_people_each_look_back_at_the_end() {
    each_person_looks_back("ann,bob", concentration::rules::PassRule::Agreed, false);
}

#[test]
fn two_people_and_the_optimal_ai_each_look_back_in_own_pairs() {
    each_person_looks_back(
        "ann,bob,optimal",
        concentration::rules::PassRule::None,
        true,
    );
}
