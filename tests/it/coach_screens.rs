//! The coach and the trainer's setup on ratatui's `TestBackend`: a costly decision told
//! at once (win and margin), nothing said when the coach is off, the end screen's
//! accuracy and costliest decision with `m` opening the replay at it, the setup screen's
//! new choices and the deck's rule, the standard deck's other-colour miss told once, and
//! the log in the records' coordinates.

use std::time::{Duration, Instant};

use concentration::analysis::annotate::Class;
use concentration::app::{App, Config, First, Memory, Opponent, Screen};
use concentration::model::Unit;
use concentration::players::Optimal;
use concentration::rules::{Deck, Objective};
use concentration::trainer::coach::compared_cost;
use concentration::trainer::{Lesson, explain};
use concentration::tui::Action;

use crate::common::{screen_sized, select, settle};

fn config(deck: &str, seed: u64, objective: Objective, coach: bool) -> Config {
    Config {
        deck: deck.into(),
        memory: Memory::Open,
        seed,
        objective,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        coach,
        ..Config::default()
    }
}

/// The trainer's lesson at the person's decision point.
fn lesson(app: &App, solver: &mut Optimal) -> Lesson {
    explain(app.round().unwrap().game().view(), solver.solver()).unwrap()
}

fn solver_for(c: &Config) -> Optimal {
    Optimal::new(&Deck::parse(&c.deck).unwrap(), c.objective, c.pass_rule).unwrap()
}

/// Plays the person's costliest choice at every decision until one costs something;
/// returns what the coach should have said about it: (severity, cost, best value,
/// taken value), or `None` if the game ended first.
fn first_costly_decision(
    app: &mut App,
    solver: &mut Optimal,
    objective: Objective,
    mut now: Instant,
) -> Option<(String, String, String, String)> {
    loop {
        now = settle(app, now);
        let r = app.round().unwrap();
        if r.game().view().is_over() {
            return None;
        }
        let l = lesson(app, solver);
        let worst = l.actions.last().unwrap().clone();
        let pos = worst.named.cards[0];
        select(app, pos, now);
        let class = Class::of(objective, worst.cost);
        if class != Class::Best {
            let name = class.name();
            let severity = name[..1].to_uppercase() + &name[1..];
            // The two values as printed side by side, the cost their difference.
            let unit = Unit::from(objective);
            let printed = unit.compare(l.best().value, &[worst.value], unit.usual_decimals());
            return Some((
                severity,
                compared_cost(objective, l.best().value, worst.value),
                printed.words(l.best().value),
                printed.words(worst.value),
            ));
        }
    }
}

#[test]
fn the_coach_tells_a_costly_decision_at_once() {
    for objective in [Objective::Win, Objective::Margin] {
        // With hints always on (margin) or on request (win): the coach speaks either way.
        let c = Config {
            hints: if objective == Objective::Margin {
                concentration::app::Hints::Always
            } else {
                concentration::app::Hints::Off
            },
            ..config("pairs:6", 5, objective, true)
        };
        let mut solver = solver_for(&c);
        let t0 = Instant::now();
        let mut app = App::start_blocking(c, t0).unwrap();
        let (severity, cost, best, taken) =
            first_costly_decision(&mut app, &mut solver, objective, t0)
                .expect("a costly choice exists");
        let r = app.round().unwrap();
        let message = r.message().to_string();
        let expected_head = format!("{severity} {cost}: ");
        assert!(
            message.starts_with(&expected_head),
            "{objective}: {message:?} should start {expected_head:?}"
        );
        assert!(
            message.contains(&format!(" kept you at {best}; "))
                && message.ends_with(&format!(" left you at {taken}")),
            "{message}"
        );
        if objective == Objective::Margin {
            assert!(
                cost.ends_with(" pairs"),
                "margin costs are in pairs: {cost}"
            );
        } else {
            assert!(cost.starts_with('−') && cost.ends_with('%'), "{cost}");
        }
        assert_eq!(r.coach_note(), Some(message.as_str()));
        // The side panel keeps it under "Coach".
        let panel = app.window_text().join("\n");
        assert!(panel.contains("Coach"), "{panel}");
        let screen = screen_sized(&app, 80, 24);
        assert!(screen.contains(expected_head.trim_end()), "{screen}");
    }
}

#[test]
fn the_fixed_blunder_is_told_in_the_games_words() {
    // The position of the fixed record: on `pairs:3` the AI missed with two cards of
    // different labels; the person reveals a third label, whose partner nobody has seen,
    // and turns a seen card instead of a second new one. A new card wins one time in
    // three (it is the partner), the seen card hands every pair over: a blunder of 1/3.
    let mut found = false;
    for seed in 0..40 {
        let c = Config {
            first: First::Ai,
            ..config("pairs:3", seed, Objective::Win, true)
        };
        let t0 = Instant::now();
        let mut app = App::start_blocking(c, t0).unwrap();
        let mut now = settle(&mut app, t0);
        let r = app.round().unwrap();
        let flips = r.game().view().flips().to_vec();
        if flips.len() != 2 || !r.persons_turn() {
            continue;
        }
        let labels: Vec<u32> = r.game().reveal_all().iter().map(|c| c.label.0).collect();
        let known = [flips[0].position, flips[1].position];
        let Some(new) =
            (0..6).find(|&p| !known.contains(&p) && known.iter().all(|&k| labels[k] != labels[p]))
        else {
            continue;
        };
        select(&mut app, new, now);
        assert!(
            app.round().unwrap().coach_note().is_none(),
            "a forced choice costs nothing"
        );
        now += Duration::from_millis(1);
        select(&mut app, known[0], now);
        let deck = app.round().unwrap().game().view().deck().clone();
        let face = deck.face(flips[0].card.label, flips[0].card.copy).text;
        assert_eq!(
            app.round().unwrap().message(),
            format!(
                "Blunder −33.3%: a second new card kept you at 33.3%; a seen card ({face} {}) left you at 0.0%",
                concentration::record::coordinate(&deck, known[0])
            )
        );
        found = true;
        break;
    }
    assert!(found, "no seed gives the fixed position");
}

#[test]
fn no_coach_no_word() {
    let c = config("pairs:6", 5, Objective::Win, false);
    let mut solver = solver_for(&c);
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    first_costly_decision(&mut app, &mut solver, Objective::Win, t0).unwrap();
    let r = app.round().unwrap();
    assert!(r.coach_note().is_none());
    assert!(!r.message().contains("kept you at"), "{}", r.message());
}

/// Plays the whole game with the person's costliest choices.
fn play_badly(app: &mut App, solver: &mut Optimal, mut now: Instant) -> Instant {
    loop {
        now = settle(app, now);
        if app.round().unwrap().game().view().is_over() {
            return now;
        }
        let l = lesson(app, solver);
        let pos = l.actions.last().unwrap().named.cards[0];
        select(app, pos, now);
    }
}

#[test]
fn the_end_screen_shows_accuracy_and_the_costliest_decision_and_m_opens_it() {
    for coach in [false, true] {
        let c = config("pairs:6", 9, Objective::Win, coach);
        let mut solver = solver_for(&c);
        let t0 = Instant::now();
        let mut app = App::start_blocking(c, t0).unwrap();
        let now = play_badly(&mut app, &mut solver, t0);
        let back = app.round().unwrap().look_back().cloned().expect("valued");
        let end = app.window_text().join("\n");
        assert!(end.contains("Your accuracy "), "{end}");
        let (index, line) = back.costliest.clone().expect("bad play costs something");
        assert!(end.contains(&format!("Costliest: {line}")), "{end}");
        // The replay and `analyze` call it a turn: so does the end screen.
        assert!(line.starts_with("turn "), "{line}");
        assert!(!end.contains("move "), "{end}");
        assert!(line.contains(" was best ("), "{line}");
        let screen = screen_sized(&app, 80, 24);
        assert!(screen.contains("Your accuracy"), "{screen}");
        assert!(screen.contains("m costliest"), "{screen}");
        app.update(Action::Costliest, now);
        let replay = app.replay_screen().expect("m opens the replay");
        assert_eq!(replay.stepper().at(), index + 1, "at the costliest flip");
        let a = replay.current().expect("analysed");
        assert_eq!(a.index, index);
        // The replay's summary counts it alike.
        let summary = replay.judgement().unwrap().figures(a.seat);
        assert_eq!(summary.costliest[0], index);
        assert_eq!(summary, &back.figures);
        assert_ne!(a.class, Class::Best);
        // q goes back to the end screen.
        app.update(Action::Quit, now);
        assert!(app.round().is_some());
    }
}

#[test]
fn the_setup_screen_offers_hints_coach_practice_puzzles_and_the_rule() {
    let mut app = App::setup(Config {
        deck: "standard".into(),
        ..Config::default()
    });
    app.blocking = true;
    let s = screen_sized(&app, 80, 24);
    for word in [
        "Hints",
        "on request (H)",
        "Coach",
        "Practice",
        "Puzzles",
        "Strategy page",
        "standard: a pair is the same rank and colour (7♥ 7♦)",
        "a pass answered by a pass",
        "Seed",
    ] {
        assert!(s.contains(word), "missing {word}:\n{s}");
    }
    let now = Instant::now();
    app.update(Action::Move(0, 1), now); // standard-rank
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("standard-rank: a pair is the same rank"), "{s}");
    app.update(Action::Help, now);
    let help = app.window_text().join("\n");
    assert!(
        help.contains("standard-rank: a pair is the same rank"),
        "{help}"
    );
    app.update(Action::Other, now);
    app.update(Action::Move(0, -1), now); // standard again
    // Down to hints, coach and practice: each changes.
    for _ in 0..8 {
        app.update(Action::Move(1, 0), now);
    }
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(1, 0), now);
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(1, 0), now);
    app.update(Action::Move(0, 1), now);
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("always"), "{s}");
    let Screen::Setup(setup) = &mut app.screen else {
        panic!("setup")
    };
    setup.config.deck = "pairs:4".into();
    app.update(Action::Select, now);
    let c = app.round().expect("started").config();
    assert!(c.coach && c.practice, "{c:?}");
    assert_eq!(c.hints, concentration::app::Hints::Always);

    // L opens the Strategy page; q closes it, back on the setup screen.
    let mut app = App::setup(Config::default());
    app.update(Action::Learn, now);
    assert!(app.strategy.is_some());
    app.update(Action::Quit, now);
    assert!(app.strategy.is_none() && !app.quit);
    // p opens the puzzles on the deck chosen; q comes back.
    let mut app = App::setup(Config {
        deck: "pairs:8".into(),
        seed: 7,
        ..Config::default()
    });
    app.update(Action::Puzzles, now);
    assert!(app.drill().is_some(), "the puzzle screen");
    assert!(screen_sized(&app, 80, 24).contains("Find the best card"));
    app.update(Action::Quit, now);
    assert!(matches!(app.screen, Screen::Setup(_)) && !app.quit);
}

/// Two positions of the standard deck with the same rank in both colours.
fn same_rank_other_colour(app: &App) -> (usize, usize) {
    let labels: Vec<u32> = app
        .round()
        .unwrap()
        .game()
        .reveal_all()
        .iter()
        .map(|c| c.label.0)
        .collect();
    let a = 0;
    let b = (1..labels.len())
        .find(|&i| labels[i] != labels[a] && labels[i] / 2 == labels[a] / 2)
        .unwrap();
    (a, b)
}

#[test]
fn a_same_rank_miss_on_the_standard_deck_tells_the_rule_once() {
    let c = Config {
        opponent: Opponent::Usual,
        memory: Memory::Classic,
        ..config("standard", 3, Objective::Win, false)
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    app.update(Action::Resize(100, 30), t0);
    let (a, b) = same_rank_other_colour(&app);
    let now = settle(&mut app, t0);
    select(&mut app, a, now);
    select(&mut app, b, now);
    let r = app.round().unwrap();
    let message = r.message().to_string();
    assert!(
        message.ends_with(": same rank, other colour — not a pair"),
        "{message}"
    );
    let game = r.game();
    let face = |p: usize| {
        game.view()
            .deck()
            .face(game.reveal_all()[p].label, game.reveal_all()[p].copy)
            .text
    };
    assert_eq!(
        message,
        format!(
            "{} {}: same rank, other colour — not a pair",
            face(a),
            face(b)
        )
    );
    // In classic memory the log tells the miss without its cards: remembering them is
    // the game (open memory names them, see tests/it/trainer_trust.rs).
    assert_eq!(r.log().last().unwrap(), "You: no pair");
    assert!(screen_sized(&app, 80, 24).contains("same rank, other colour"));
    app.update(Action::Help, now);
    let help = app.window_text().join("\n");
    assert!(
        help.contains("standard: a pair is the same rank and colour (7♥ 7♦)"),
        "{help}"
    );
    app.update(Action::Other, now);

    // Another such miss later in the game says only that it missed: told once.
    let now = settle(&mut app, now);
    let r = app.round().unwrap();
    let view = r.game().view();
    let labels: Vec<u32> = r.game().reveal_all().iter().map(|c| c.label.0).collect();
    let unknown: Vec<usize> = view.unknown_positions().collect();
    let (c, d) = unknown
        .iter()
        .flat_map(|&c| unknown.iter().map(move |&d| (c, d)))
        .find(|&(c, d)| labels[c] != labels[d] && labels[c] / 2 == labels[d] / 2)
        .unwrap();
    assert!(r.persons_turn());
    select(&mut app, c, now);
    select(&mut app, d, now);
    let message = app.round().unwrap().message().to_string();
    assert!(!message.contains("other colour"), "{message}");
    assert!(message.contains("not a match"), "{message}");
}

#[test]
fn the_setup_rule_line_names_the_pairs_deck() {
    let app = App::setup(Config {
        deck: "pairs:6".into(),
        ..Config::default()
    });
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("pairs:6: a pair is two equal cards"), "{s}");
}

#[test]
fn best_play_has_no_costliest_decision_and_m_does_nothing() {
    let c = config("pairs:4", 3, Objective::Win, true);
    let mut solver = solver_for(&c);
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    let mut now = t0;
    loop {
        now = settle(&mut app, now);
        if app.round().unwrap().game().view().is_over() {
            break;
        }
        let l = lesson(&app, &mut solver);
        let pos = l.best().named.cards[0];
        select(&mut app, pos, now);
        assert!(
            app.round().unwrap().coach_note().is_none(),
            "a best choice: no word"
        );
    }
    let back = app.round().unwrap().look_back().cloned().unwrap();
    assert_eq!(back.costliest, None);
    assert!((back.figures.accuracy() - 1.0).abs() < 1e-12);
    let end = app.window_text().join("\n");
    assert!(end.contains("Your accuracy 100%"), "{end}");
    assert!(!end.contains("Costliest"), "{end}");
    assert!(!screen_sized(&app, 80, 24).contains("m costliest"));
    app.update(Action::Costliest, now);
    assert!(app.round().is_some(), "m stays on the end screen");
}

#[test]
fn watching_two_ais_has_no_look_back() {
    let c = Config {
        watch_first: Some(Opponent::Usual),
        ..config("pairs:4", 3, Objective::Win, true)
    };
    let t0 = Instant::now();
    let mut app = App::start_blocking(c, t0).unwrap();
    settle(&mut app, t0);
    let r = app.round().unwrap();
    assert!(r.game().view().is_over());
    assert!(r.look_back().is_none());
    let end = app.window_text().join("\n");
    assert!(!end.contains("Your accuracy"), "{end}");
}

/// The margin game of issue 23: the coach's long word about the person's mistake, then
/// the AI's turn, then `H`. The hint's best choice must show in the side panel, however
/// long the coach's word: the coach's rows give way (the message line said it whole).
#[test]
fn the_coach_never_pushes_the_best_choice_out_of_the_panel() {
    use concentration::record::parse_coordinate;
    use concentration::rules::PassRule;
    let c = Config {
        pass_rule: PassRule::Ko,
        ..config("pairs:10", 417_224, Objective::Margin, true)
    };
    let deck = Deck::parse("pairs:10").unwrap();
    let mut now = Instant::now();
    let mut app = App::start_blocking(c, now).unwrap();
    for card in [
        "a1", "b1", "c1", "d1", "", "e1", "d2", "f1", "g1", "a2", "b2",
    ] {
        now = settle(&mut app, now);
        if card.is_empty() {
            // Any key goes on after a turn.
            app.update(Action::Move(0, 0), now);
            continue;
        }
        select(&mut app, parse_coordinate(&deck, card).unwrap(), now);
    }
    now = settle(&mut app, now);
    let r = app.round().unwrap();
    assert!(r.coach_note().is_some(), "the coach spoke of a2 b2");
    app.update(Action::Hint, now);
    let h = app.round().unwrap().hint().expect("a hint").clone();
    let best = h.lines.iter().find(|l| l.action == h.best).unwrap();
    // The best choice's first row as the panel wraps it (24 cells after the mark).
    let first = concentration::words::wrap(&best.words, 24)[0].clone();
    for (w, hgt) in [(80, 24), (100, 30), (80, 20)] {
        let s = screen_sized(&app, w, hgt);
        assert!(s.contains("Hint vs optimal play"), "{w}x{hgt}:\n{s}");
        assert!(
            s.contains(&first),
            "{w}x{hgt}: the best choice {first:?} is not shown:\n{s}"
        );
        assert!(
            !s.contains(&format!("+{} more choices", h.lines.len())),
            "{s}"
        );
    }
    // The message line keeps the coach's word while the panel shortens it.
    let message = app.round().unwrap().message().to_string();
    assert!(!message.is_empty());
}
