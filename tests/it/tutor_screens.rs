//! The tutor on ratatui's `TestBackend`: before a decision that costs a mistake or more
//! the game asks "This loses … Turn it anyway? (y / n / w why)"; `n` (or Esc) takes it
//! back with nothing changed, `w` shows why, `y` turns the card; a click on the same
//! card turns it. A best choice is never asked about. In classic memory neither the
//! question nor the why names a seen card's face or place.

use std::time::{Duration, Instant};

use concentration::analysis::annotate::Class;
use concentration::app::{App, Config, First, Memory};
use concentration::players::Optimal;
use concentration::record::{coordinate, face_text};
use concentration::rules::{Deck, Game, Objective, Slot};
use concentration::trainer::{Lesson, Places, explain, tutor};
use concentration::tui::Action;

use crate::common::{click, screen_sized, select, settle};

fn config(seed: u64, objective: Objective, memory: Memory) -> Config {
    Config {
        deck: "pairs:6".into(),
        memory,
        seed,
        objective,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        tutor: true,
        ..Config::default()
    }
}

fn solver_for(c: &Config) -> Optimal {
    Optimal::with_variant(
        &Deck::parse(&c.deck).unwrap(),
        c.objective,
        c.pass_rule,
        c.variant,
    )
    .unwrap()
}

fn lesson(app: &App, solver: &mut Optimal) -> Lesson {
    explain(app.round().unwrap().game().view(), solver.solver()).unwrap()
}

fn game(app: &App) -> Game {
    app.round().unwrap().game().clone()
}

/// Plays best choices (checking that none is asked about) until the person has a choice
/// that costs a mistake or more and `wanted` accepts it; returns that choice's card and
/// the lesson, the game left before it. `None` if the game ends first.
fn to_costly_choice(
    app: &mut App,
    solver: &mut Optimal,
    objective: Objective,
    mut now: Instant,
    wanted: impl Fn(&Game, &Lesson, usize) -> bool,
) -> Option<(usize, Lesson, Instant)> {
    loop {
        now = settle(app, now);
        if game(app).view().is_over() {
            return None;
        }
        let l = lesson(app, solver);
        let g = game(app);
        if let Some(costly) = l.actions.iter().find(|e| {
            Class::of(objective, e.cost) >= Class::Mistake && wanted(&g, &l, e.named.cards[0])
        }) {
            return Some((costly.named.cards[0], l.clone(), now));
        }
        // A best choice: turned at once, never asked about.
        let best = l.best().named.cards[0];
        let flips = g.view().flips().len();
        select(app, best, now);
        let r = app.round().unwrap();
        assert!(
            r.tutor_question().is_none(),
            "a best choice was asked about"
        );
        assert_eq!(
            r.game().view().flips().len(),
            flips + 1,
            "the best card turned"
        );
    }
}

/// A costly choice in some game of `pairs:6` under `objective` and `memory`.
fn costly_game(
    objective: Objective,
    memory: Memory,
    wanted: impl Fn(&Game, &Lesson, usize) -> bool + Copy,
) -> (App, Optimal, usize, Lesson, Instant) {
    costly_game_with(|seed| config(seed, objective, memory), wanted)
}

/// A costly choice in some game of the settings `config` gives for a seed.
fn costly_game_with(
    config: impl Fn(u64) -> Config,
    wanted: impl Fn(&Game, &Lesson, usize) -> bool + Copy,
) -> (App, Optimal, usize, Lesson, Instant) {
    for seed in 0..60 {
        let c = config(seed);
        let objective = c.objective;
        let mut solver = solver_for(&c);
        let t0 = Instant::now();
        let mut app = App::start_blocking(c, t0).unwrap();
        if let Some((pos, l, now)) = to_costly_choice(&mut app, &mut solver, objective, t0, wanted)
        {
            return (app, solver, pos, l, now);
        }
    }
    panic!("no costly choice in 60 deals");
}

#[test]
fn the_tutor_asks_before_a_costly_decision_and_n_y_w_answer() {
    for objective in [Objective::Win, Objective::Margin] {
        let (mut app, _, pos, l, now) = costly_game(objective, Memory::Open, |_, _, _| true);
        let before = game(&app);
        let cost = l.action_at(pos).unwrap().cost;
        select(&mut app, pos, now);
        let r = app.round().unwrap();
        let q = r.tutor_question().expect("asked").clone();
        assert_eq!(q.position, pos);
        assert_eq!(
            r.game().view().flips(),
            before.view().flips(),
            "nothing turned yet"
        );
        let expected = match objective {
            Objective::Win => format!("This loses {}", tutor::loss(objective.into(), cost)),
            _ => format!("This loses {} pairs", concentration::words::fixed(cost, 2)),
        };
        assert!(q.question.starts_with(&expected), "{}", q.question);
        assert!(q.question.ends_with("Turn it anyway? (y / n / w why)"));
        let s = screen_sized(&app, 80, 24);
        assert!(s.contains("Turn it anyway?"), "{s}");
        assert!(s.contains("Tutor") && s.contains("take it back"), "{s}");

        // n: taken back, nothing changed.
        app.update(Action::New, now);
        let r = app.round().unwrap();
        assert!(r.tutor_question().is_none());
        assert_eq!(r.game().view().flips(), before.view().flips());
        assert!(r.message().starts_with("Taken back"), "{}", r.message());
        // Esc too.
        select(&mut app, pos, now);
        app.update(Action::Quit, now);
        assert!(
            app.overlay.is_none(),
            "Esc answers the tutor, not the quit question"
        );
        assert!(app.round().unwrap().tutor_question().is_none());
        assert_eq!(game(&app).view().flips(), before.view().flips());

        // w: why, the question still up.
        select(&mut app, pos, now);
        app.update(Action::Why, now);
        let r = app.round().unwrap();
        let why = r.tutor_why().expect("why shown").to_vec();
        assert!(why[0].contains(" kept you at ") && why[0].contains(" left you at "));
        assert!(r.tutor_question().is_some());
        let panel = words_of(&app.window_text().join(" "));
        for line in &why {
            assert!(panel.contains(&words_of(line)), "{line} not in:\n{panel}");
        }
        // y: turned.
        app.update(Action::Yes, now);
        let r = app.round().unwrap();
        assert!(r.tutor_question().is_none());
        assert_eq!(
            r.game().view().flips().len(),
            before.view().flips().len() + 1
        );
        assert_eq!(r.game().view().flips().last().unwrap().position, pos);
    }
}

#[test]
fn a_click_on_the_same_card_turns_it_and_on_another_takes_it_back() {
    let (mut app, _, pos, l, now) = costly_game(Objective::Win, Memory::Open, |_, _, _| true);
    let before = game(&app).view().flips().len();
    click(&mut app, pos, now);
    assert!(
        app.round().unwrap().tutor_question().is_some(),
        "asked on a click"
    );
    // Another card: the best one, turned without a question.
    let best = l.best().named.cards[0];
    click(&mut app, best, now);
    let r = app.round().unwrap();
    assert!(r.tutor_question().is_none());
    assert_eq!(r.game().view().flips().last().unwrap().position, best);
    assert_eq!(r.game().view().flips().len(), before + 1);

    let (mut app, _, pos, _, now) = costly_game(Objective::Win, Memory::Open, |_, _, _| true);
    click(&mut app, pos, now);
    click(&mut app, pos, now);
    let r = app.round().unwrap();
    assert!(r.tutor_question().is_none());
    assert_eq!(r.game().view().flips().last().unwrap().position, pos);
}

#[test]
fn without_the_tutor_nothing_is_asked() {
    let (app, _, pos, _, now) = costly_game(Objective::Win, Memory::Open, |_, _, _| true);
    let mut c = app.round().unwrap().config().clone();
    c.tutor = false;
    // The same deal without the tutor, to the same decision: turned at once.
    let mut plain = App::start_blocking(c, now).unwrap();
    let mut at = settle(&mut plain, now);
    for f in &game(&app).view().flips()[plain.round().unwrap().game().view().flips().len()..] {
        if plain.round().unwrap().persons_turn() {
            select(&mut plain, f.position, at);
        }
        at = settle(&mut plain, at);
    }
    let n = game(&plain).view().flips().len();
    select(&mut plain, pos, at);
    assert!(plain.round().unwrap().tutor_question().is_none());
    assert_eq!(game(&plain).view().flips().len(), n + 1);
}

/// `text` with every run of white space one space (the panel wraps its lines).
fn words_of(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every word of `text` that is a card's place on `game`'s table, or the face of a card
/// seen and face down again.
fn named_cards(game: &Game, text: &str) -> Vec<String> {
    let view = game.view();
    let deck = view.deck();
    let mut names: Vec<String> = (0..view.slots().len())
        .map(|p| coordinate(deck, p))
        .collect();
    names.extend(view.slots().iter().filter_map(|s| match s {
        Slot::Known(c) => Some(face_text(deck, *c)),
        _ => None,
    }));
    text.split(|c: char| c.is_whitespace() || "(),.;:".contains(c))
        .filter(|w| names.iter().any(|n| n == w))
        .map(str::to_owned)
        .collect()
}

#[test]
fn in_classic_memory_the_tutor_names_no_seen_card() {
    // A costly choice where a seen card is at stake: the best choice or this one turns a
    // card seen before (face down again in classic memory).
    let seen_at_stake = |g: &Game, l: &Lesson, pos: usize| {
        let known = |p: usize| matches!(g.view().slots()[p], Slot::Known(_));
        known(pos) || l.best().named.cards.iter().any(|&p| known(p))
    };
    let (mut app, solver, pos, l, now) =
        costly_game(Objective::Win, Memory::Classic, seen_at_stake);
    let g = game(&app);
    select(&mut app, pos, now);
    app.update(Action::Why, now);
    let r = app.round().unwrap();
    let q = r.tutor_question().expect("asked");
    let mut said = vec![q.question.clone()];
    said.extend(r.tutor_why().unwrap().iter().cloned());
    said.push(r.message().to_owned());
    for line in &said {
        assert!(
            named_cards(&g, line).is_empty(),
            "names {:?}: {line}",
            named_cards(&g, line)
        );
    }
    // What it would have said with places shown does name them: the test can tell.
    let shown = tutor::warning(
        &g,
        pos,
        &l,
        concentration::model::Oracle::unit(&solver),
        Places::Shown,
    )
    .unwrap();
    let told: Vec<String> = shown.why.iter().flat_map(|w| named_cards(&g, w)).collect();
    assert!(!told.is_empty(), "{:?}", shown.why);
    // The screen as drawn: no place of a seen card either.
    let panel = words_of(&app.window_text().join(" "));
    assert!(panel.contains("Turn it anyway?"), "{panel}");
    assert!(named_cards(&g, &panel).is_empty(), "{panel}");
}

#[test]
fn the_tutor_is_on_the_setup_screen_and_in_the_settings() {
    let mut app = App::setup(Config::default());
    let now = Instant::now();
    // The coach row (the tenth) cycles off, on, tutor, on + tutor.
    for _ in 0..9 {
        app.update(Action::Move(1, 0), now);
    }
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(0, 1), now);
    let s = screen_sized(&app, 80, 24);
    assert!(
        s.contains("tutor") && s.contains("asks before a mistake"),
        "{s}"
    );
    let concentration::app::Screen::Setup(setup) = &app.screen else {
        panic!("setup")
    };
    assert!(setup.config.tutor && !setup.config.coach);
}

#[test]
fn by_ear_the_question_is_a_plain_line_answered_y_n_or_w() {
    use concentration::speech::{Options, Voice, play};
    let (app, _, pos, _, now) = costly_game(Objective::Win, Memory::Open, |_, _, _| true);
    let deck = game(&app).view().deck().clone();
    let at = coordinate(&deck, pos);
    let script = format!("{at}\nw\nn\n{at}\ny\nquit\ny\n");
    let mut out = Vec::new();
    let mut voice = Voice::new(script.as_bytes(), &mut out, Options::default(), now);
    play(app, &mut voice).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let asked: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Tutor: This loses "))
        .collect();
    assert_eq!(
        asked.len(),
        3,
        "asked, asked again after why, asked anew:\n{text}"
    );
    assert!(
        lines[asked[0]]
            .ends_with("Turn it anyway? Type y to turn it, n to take it back, w for why."),
        "{text}"
    );
    // w: the why, a line each, then the question again.
    assert!(lines[asked[0] + 1].contains(" kept you at "), "{text}");
    assert!(
        lines[asked[1] + 1].starts_with("Taken back: pick a card"),
        "{text}"
    );
    // y: the card is turned and told.
    assert!(
        lines[asked[2] + 1].starts_with(&format!("You turn {at}")),
        "{text}"
    );
}

#[test]
fn the_tutor_asks_under_one_flip_too() {
    let (mut app, _, pos, l, now) = costly_game_with(
        |seed| Config {
            variant: concentration::rules::Variant::OneFlip,
            ..config(seed, Objective::Win, Memory::Open)
        },
        |_, _, _| true,
    );
    let cost = l.action_at(pos).unwrap().cost;
    select(&mut app, pos, now);
    let q = app
        .round()
        .unwrap()
        .tutor_question()
        .expect("asked")
        .clone();
    assert!(
        q.question
            .contains(&tutor::loss(Objective::Win.into(), cost))
    );
    app.update(Action::Yes, now);
    let r = app.round().unwrap();
    assert_eq!(r.game().view().flips().last().unwrap().position, pos);
}

#[test]
#[ignore = "prints screens for the notes"]
fn print_the_question() {
    let seen_at_stake = |g: &Game, l: &Lesson, pos: usize| {
        let known = |p: usize| matches!(g.view().slots()[p], Slot::Known(_));
        known(pos) || l.best().named.cards.iter().any(|&p| known(p))
    };
    let (mut app, _, pos, _, now) = costly_game(Objective::Win, Memory::Classic, seen_at_stake);
    select(&mut app, pos, now);
    println!("{}", screen_sized(&app, 80, 24));
    app.update(Action::Why, now);
    println!("{}", screen_sized(&app, 80, 24));
}

#[test]
fn the_help_lists_the_tutors_keys_when_the_tutor_is_on_and_fits_the_smallest_screen() {
    let now = Instant::now();
    let mut app = App::start_blocking(config(1, Objective::Win, Memory::Classic), now).unwrap();
    app.update(Action::Help, now);
    let help = app.window_text().join("\n");
    assert!(
        help.contains("y / n Esc / w") && help.contains("tutor asks: turn it / take it back / why"),
        "{help}"
    );
    // Every row of the help reaches the smallest play screen (16 rows high).
    let screen = screen_sized(&app, 80, 16);
    for needle in ["y / n Esc / w", "take it back", "this help / quit"] {
        assert!(screen.contains(needle), "{needle} not in:\n{screen}");
    }
    // Without the tutor, no such row.
    let off = Config {
        tutor: false,
        ..config(1, Objective::Win, Memory::Classic)
    };
    let mut app = App::start_blocking(off, now).unwrap();
    app.update(Action::Help, now);
    assert!(!app.window_text().join("\n").contains("tutor asks"));
}
