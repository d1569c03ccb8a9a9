//! The hint panel in a player's words at every kind of decision point, as a person sees
//! it on an 80 x 24 screen: no pattern code unless asked for, the cards named with their
//! coordinates, and the Why window with each choice's numbers and the idea.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use concentration::app::{App, Config, Hints, Memory, Overlay};
use concentration::rules::{PassRule, Phase, PublicView, Slot};
use concentration::tui::Action;

use crate::common::{click, screen_sized, settle};

/// The kinds of decision point the issue names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Point {
    StartWithKnownPair,
    StartWithoutKnownPair,
    AfterNewPartnerSeen,
    AfterNewPartnerHidden,
    AfterSeenCard,
    PassLegal,
    PassEndsGame,
}

fn kind(view: &PublicView, app: &App) -> Vec<Point> {
    let round = app.round().unwrap();
    let hint = round.hint().expect("hints always on");
    let has = |prefix: &str| hint.lines.iter().any(|l| l.words.starts_with(prefix));
    let mut out = Vec::new();
    match view.phase() {
        Phase::FirstCard => out.push(if has("Take the pair ") {
            Point::StartWithKnownPair
        } else {
            Point::StartWithoutKnownPair
        }),
        Phase::SecondCard {
            first_was_known: false,
            ..
        } => out.push(if has("Take the pair: turn") {
            Point::AfterNewPartnerSeen
        } else {
            Point::AfterNewPartnerHidden
        }),
        Phase::SecondCard {
            first_was_known: true,
            ..
        } => {
            out.push(Point::AfterSeenCard);
            if has("Pass: ") {
                let ends = hint
                    .lines
                    .iter()
                    .any(|l| l.numbers.contains("the game ends now"));
                out.push(if ends {
                    Point::PassEndsGame
                } else {
                    Point::PassLegal
                });
            }
        }
        Phase::Over(_) => {}
    }
    out
}

/// A person who turns seen cards often, so that every decision point comes up.
fn choose(view: &PublicView, step: usize) -> usize {
    let unknown: Vec<usize> = view.unknown_positions().collect();
    let known: Vec<usize> = view
        .known_cards()
        .map(|(p, _)| p)
        .filter(|&p| match view.phase() {
            Phase::SecondCard { first, .. } => p != first,
            _ => true,
        })
        .collect();
    let from_known = step.is_multiple_of(3) || unknown.is_empty();
    if from_known && !known.is_empty() {
        known[step % known.len()]
    } else if unknown.is_empty() {
        known[0]
    } else {
        unknown[step % unknown.len()]
    }
}

#[test]
fn the_hint_speaks_in_words_at_every_kind_of_decision_point() {
    let mut screens: BTreeMap<Point, String> = BTreeMap::new();
    for (seed, rule) in (1..40u64).flat_map(|s| [(s, PassRule::Agreed), (s, PassRule::Quit)]) {
        let config = Config {
            deck: "pairs:6".into(),
            memory: Memory::Open,
            seed,
            pass_rule: rule,
            ai_delay: Duration::from_millis(10),
            hints: Hints::Always,
            ..Config::default()
        };
        let mut now = Instant::now();
        let mut app = App::start_blocking(config, now).unwrap();
        app.update(Action::Resize(80, 24), now);
        for step in 0..200 {
            now = settle(&mut app, now) + Duration::from_secs(2);
            app.update(Action::Tick, now);
            let round = app.round().unwrap();
            let view = round.game().view().clone();
            if view.is_over() {
                break;
            }
            if !round.persons_turn() || round.hint().is_none() {
                continue;
            }
            for k in kind(&view, &app) {
                screens
                    .entry(k)
                    .or_insert_with(|| screen_sized(&app, 80, 24));
            }
            click(&mut app, choose(&view, step + seed as usize), now);
        }
    }
    let all = [
        Point::StartWithKnownPair,
        Point::StartWithoutKnownPair,
        Point::AfterNewPartnerSeen,
        Point::AfterNewPartnerHidden,
        Point::AfterSeenCard,
        Point::PassLegal,
        Point::PassEndsGame,
    ];
    for k in all {
        let s = screens.get(&k).unwrap_or_else(|| panic!("never met {k:?}"));
        if std::env::var_os("SHOW_SCREENS").is_some() {
            eprintln!("{k:?}\n{s}");
        }
        assert!(s.contains("Hint vs optimal play"), "{k:?}\n{s}");
        // No pattern code such as `2.1` or `known 2.0` by default.
        for code in ["2.2", "2.1", "2.0", "known ", "unknown"] {
            assert!(!s.contains(code), "{k:?} shows {code}\n{s}");
        }
        let expected = match k {
            Point::StartWithKnownPair => "Take the pair ",
            Point::StartWithoutKnownPair | Point::AfterSeenCard => "Turn a new card",
            Point::AfterNewPartnerSeen => "Take the pair: turn",
            Point::AfterNewPartnerHidden => "Turn a second new card",
            Point::PassLegal | Point::PassEndsGame => "Pass: turn a second",
        };
        assert!(s.contains(expected), "{k:?}: no {expected:?}\n{s}");
    }
}

fn a_pass_point() -> (App, Instant) {
    // Find a game where the person holds a seen card with another seen card on the table.
    for seed in 1..100u64 {
        let config = Config {
            deck: "pairs:6".into(),
            memory: Memory::Open,
            seed,
            pass_rule: PassRule::Agreed,
            ai_delay: Duration::from_millis(10),
            hints: Hints::Always,
            ..Config::default()
        };
        let mut now = Instant::now();
        let mut app = App::start_blocking(config, now).unwrap();
        app.update(Action::Resize(80, 24), now);
        for step in 0..200 {
            now = settle(&mut app, now) + Duration::from_secs(2);
            app.update(Action::Tick, now);
            let round = app.round().unwrap();
            let view = round.game().view().clone();
            if view.is_over() {
                break;
            }
            if !round.persons_turn() {
                continue;
            }
            if kind(&view, &app).contains(&Point::PassLegal) {
                return (app, now);
            }
            click(&mut app, choose(&view, step), now);
        }
    }
    panic!("no pass point found");
}

#[test]
fn the_why_window_gives_each_choices_numbers_and_codes_on_request() {
    let (mut app, now) = a_pass_point();
    app.update(Action::Why, now);
    assert_eq!(app.overlay, Some(Overlay::Why));
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("Why: every choice vs optimal play"), "{s}");
    assert!(s.contains("a pass: if your opponent passes back"), "{s}");
    assert!(s.contains("pair now"), "{s}");
    assert!(!s.contains("known 2."), "{s}");
    // `c` shows the model's codes, in the window and in the panel.
    app.update(Action::Codes, now);
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("[known 2."), "{s}");
    app.update(Action::Other, now);
    assert_eq!(app.overlay, None);
    let s = screen_sized(&app, 80, 24);
    assert!(s.contains("· known 2.") || s.contains("· unknown"), "{s}");
    // Every line the window means to show is whole on screen (it fits 80 x 24).
    let view = app.round().unwrap().game().view().clone();
    assert!(matches!(
        view.slots()[0],
        Slot::Known(_) | Slot::Unknown | Slot::Removed(_)
    ));
}

/// The `?` window says what the board's marks mean: the `?` of a face-down card of the
/// best choice, `░` for any other face-down card, the cursor's brackets; at the smallest
/// screen too.
#[test]
fn the_help_window_explains_the_boards_marks() {
    let now = Instant::now();
    let c = Config {
        deck: "pairs:4".into(),
        hints: Hints::Always,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let mut app = App::start_blocking(c, now).unwrap();
    app.update(Action::Help, now);
    assert_eq!(app.overlay, Some(Overlay::Help));
    for (w, h) in [(80, 24), (64, 16)] {
        let s = screen_sized(&app, w, h);
        let row = s
            .lines()
            .find(|l| l.contains("Board:"))
            .unwrap_or_else(|| panic!("no marks:\n{s}"));
        for mark in ["? + best card", "░ face down", "* turned", "[ ] cursor"] {
            assert!(row.contains(mark), "{mark:?} missing: {row}");
        }
    }
}
