//! Hints, odds and the coach for every person at their own turn: at three or more seats
//! in expected own pairs from the own-pairs solver (the hint's best is the solver's own
//! choice, its values the mover's component), for two people on one terminal from the
//! mover's point of view, and under One Flip from the One Flip solver.

use std::time::{Duration, Instant};

use concentration::analysis::annotate::Class;
use concentration::app::{App, Config, Hints, Memory, TableSeats};
use concentration::model::{Model, OwnPairs};
use concentration::players::{Optimal, state_of};
use concentration::rules::{Deck, Game, Objective, PassRule, Phase, Players, Table, Variant};
use concentration::solver::{Action, SeatsSolver};
use concentration::trainer::coach::compared_cost;
use concentration::trainer::{PassEffect, Unit, explain};
use concentration::tui::Action as Key;

use crate::common::{screen_sized, select, settle};

fn table(deck: &str, players: &str, rule: PassRule, seed: u64) -> Config {
    Config {
        deck: deck.into(),
        players: Some(TableSeats::parse(players).unwrap()),
        pass_rule: rule,
        memory: Memory::Open,
        seed,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    }
}

/// The side panel's rows (the last 27 columns).
fn panel(s: &str) -> String {
    s.lines()
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            chars[chars.len().saturating_sub(27)..]
                .iter()
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A small deterministic stream for choosing among legal flips.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n as u64).unwrap()
    }
}

/// At every decision point of games played by random legal flips (passes included under
/// `agreed`), the trainer's lesson is the own-pairs solver's: the best is its chosen
/// action, each value the mover's component of that action's vector, and a pass says how
/// many more passes end the game. Choosing by another seat's component would differ
/// somewhere (checked, so that the test can fail).
#[test]
fn the_lesson_at_three_or_more_seats_is_the_seats_solvers() {
    let deck = Deck::parse("pairs:5").unwrap();
    let (mut decisions, mut after_passes, mut other_component_differs) = (0, 0, 0);
    for seats in [3u8, 4] {
        for rule in [PassRule::None, PassRule::Agreed] {
            let mut solver: SeatsSolver =
                SeatsSolver::new(deck.copies(), usize::from(seats), rule).unwrap();
            let t = Table {
                seats,
                pass_rule: rule,
                variant: Variant::Standard,
            }
            .check()
            .unwrap();
            for seed in 0..8u64 {
                let mut game = Game::new(deck.clone(), seed, Players::Table(t)).unwrap();
                let mut stream = Stream(seed * 7919 + u64::from(seats) + 1);
                while !game.view().is_over() {
                    let view = game.view();
                    let state = OwnPairs::state_of(view);
                    let lesson = explain(view, &mut solver).unwrap();
                    let vectors = solver.actions(&state).unwrap();
                    assert_eq!(lesson.best, solver.chosen(&state).unwrap());
                    let value = solver.value(&state).unwrap();
                    assert!((lesson.best().value - value[0]).abs() < 1e-12);
                    for e in &lesson.actions {
                        let (_, v) = vectors.iter().find(|(a, _)| *a == e.action).unwrap();
                        assert!((e.value - v[0]).abs() < 1e-12, "{}", e.action);
                        assert!((e.cost - (value[0] - v[0]).max(0.0)).abs() < 1e-12);
                        if let Some(pass) = e.consequences.pass {
                            // This pass and `more` after it make `seats` in a row.
                            let more = seats - 1 - view.passes();
                            assert_eq!(pass, PassEffect::EndsAfterPasses(more));
                        }
                    }
                    let by_next = vectors
                        .iter()
                        .max_by(|a, b| a.1[1].total_cmp(&b.1[1]))
                        .unwrap();
                    if by_next.1[0] < value[0] - 1e-9 {
                        other_component_differs += 1;
                    }
                    decisions += 1;
                    after_passes += usize::from(view.passes() > 0);
                    let legal: Vec<usize> = (0..view.slots().len())
                        .filter(|&p| game.check_flip(p).is_ok())
                        .collect();
                    let p = legal[stream.below(legal.len())];
                    game.try_flip(p).unwrap();
                }
            }
        }
    }
    assert!(decisions > 100, "{decisions}");
    assert!(after_passes > 0, "some decisions follow passes");
    assert!(other_component_differs > 0, "the mover's component decides");
}

/// The hint at a three-seat table: the panel lists the choices in expected own pairs,
/// the best marked, the same as the own-pairs solver's choice and value, and the odds
/// agree; at another seat's turn the odds are the person's component of the vector.
#[test]
fn three_seat_hint_panel_in_own_pairs() {
    let t0 = Instant::now();
    let c = table("pairs:4", "you,optimal,usual", PassRule::None, 3);
    let mut app = App::start_blocking(c, t0).unwrap();
    let mut solver: SeatsSolver = SeatsSolver::new(2, 3, PassRule::None).unwrap();
    app.update(Key::Odds, t0);
    app.update(Key::Hint, t0);
    let s = screen_sized(&app, 80, 24);
    let r = app.round().unwrap();
    let state = OwnPairs::state_of(r.game().view());
    let v = solver.value(&state).unwrap();
    let hint = r.hint().expect("a hint at three seats");
    assert_eq!(hint.unit, Unit::OwnPairs);
    assert_eq!(hint.best, solver.chosen(&state).unwrap());
    let p = panel(&s);
    assert!(p.contains("Hint vs optimal play"), "{s}");
    // The bare number says what it counts.
    assert!(p.contains("in pairs still to take"), "{s}");
    assert!(p.contains(&format!("▶{:.2} best", v[0])), "{s}");
    assert!(p.contains(&format!("You: {:.2} more pairs", v[0])), "{s}");
    assert!(!s.contains("no hints"), "{s}");
    // The person misses; at the optimal seat's turn the odds are the person's share,
    // the last component of the mover's vector.
    let cards = r.game().reveal_all().to_vec();
    let b = (1..cards.len())
        .find(|&i| cards[i].label != cards[0].label)
        .unwrap();
    let now = settle(&mut app, t0);
    select(&mut app, 0, now);
    select(&mut app, b, now);
    let now = now + Duration::from_secs(1);
    app.update(Key::Tick, now);
    let r = app.round().unwrap();
    assert_eq!(r.game().view().mover().index(), 1, "the optimal seat moves");
    let v = solver.value(&OwnPairs::state_of(r.game().view())).unwrap();
    let s = screen_sized(&app, 80, 24);
    assert!(
        panel(&s).contains(&format!("You: {:.2} more pairs", v[2])),
        "{v:?}\n{s}"
    );
    assert!(
        (v[2] - v[1]).abs() > 0.005,
        "the seats' shares differ: {v:?}"
    );
}

/// The coach at a three-seat table: a costly choice is told at once, its cost in own
/// pairs, with the values the own-pairs solver gives.
#[test]
fn the_coach_speaks_in_own_pairs_at_three_seats() {
    let mut solver: SeatsSolver = SeatsSolver::new(2, 3, PassRule::None).unwrap();
    let (mut decisions, mut largest) = (0, 0.0f64);
    for seed in 0..10 {
        let c = Config {
            coach: true,
            ..table("pairs:8", "you,usual,usual", PassRule::None, seed)
        };
        let mut now = Instant::now();
        let mut app = App::start_blocking(c, now).unwrap();
        loop {
            now = settle(&mut app, now);
            let r = app.round().unwrap();
            if r.game().view().is_over() {
                break;
            }
            let lesson = explain(r.game().view(), &mut solver).unwrap();
            let worst = lesson.actions.last().unwrap().clone();
            select(&mut app, worst.named.cards[0], now);
            decisions += 1;
            largest = largest.max(worst.cost);
            let class = Class::of(Objective::Margin, worst.cost);
            if class == Class::Best {
                continue;
            }
            let name = class.name();
            let severity = name[..1].to_uppercase() + &name[1..];
            // The two values as printed, the cost their difference.
            let (best, taken) = (lesson.best().value, worst.value);
            let head = format!(
                "{severity} {}: ",
                compared_cost(Unit::OwnPairs, best, taken)
            );
            let r = app.round().unwrap();
            let note = r.coach_note().expect("the coach speaks").to_owned();
            assert!(note.starts_with(&head), "{head} / {note}");
            let printed = Unit::OwnPairs.compare(best, &[taken], 2);
            assert!(
                note.contains(&format!("kept you at {}", printed.words(best))),
                "{note}"
            );
            assert!(
                note.contains(&format!("left you at {}", printed.words(taken))),
                "{note}"
            );
            let s = screen_sized(&app, 80, 24);
            assert!(panel(&s).contains("Coach"), "{s}");
            return;
        }
    }
    panic!("no costly choice in {decisions} decisions (largest cost {largest})");
}

/// Two people on one terminal: at bob's turn the hint and the odds are bob's, from the
/// two-seat solver's value for the mover (not ann's complement).
#[test]
fn two_people_each_get_their_own_hint() {
    let t0 = Instant::now();
    let c = Config {
        pass_rule: PassRule::Agreed,
        hints: Hints::Always,
        ..table("pairs:4", "ann,bob", PassRule::Agreed, 9)
    };
    let mut optimal = Optimal::new(
        &Deck::parse("pairs:4").unwrap(),
        Objective::Win,
        PassRule::Agreed,
    )
    .unwrap();
    let mut app = App::start_blocking(c, t0).unwrap();
    app.update(Key::Odds, t0);
    let cards = app.round().unwrap().game().reveal_all().to_vec();
    let b = (1..cards.len())
        .find(|&i| cards[i].label != cards[0].label)
        .unwrap();
    let now = settle(&mut app, t0);
    select(&mut app, 0, now);
    select(&mut app, b, now);
    let now = settle(&mut app, now + Duration::from_secs(1));
    let r = app.round().unwrap();
    assert_eq!(r.game().view().mover().index(), 1, "bob moves");
    let state = state_of(r.game().view());
    let v = optimal.solver().value(&state).unwrap();
    assert!((v - 0.5).abs() > 0.01, "bob's and ann's odds differ: {v}");
    let hint = r.hint().expect("hints always");
    assert!((hint.lines[0].value - v).abs() < 1e-12, "{v}");
    assert_eq!(
        hint.best,
        optimal
            .solver()
            .actions(&state)
            .map(|a| {
                concentration::players::choose_best(
                    Objective::Win,
                    concentration::players::TieBreak::Usual,
                    &a,
                    None,
                )
                .unwrap()
            })
            .unwrap()
    );
    let s = screen_sized(&app, 80, 24);
    let shown = format!("{:.1}%", v * 100.0);
    assert!(
        panel(&s).contains(&format!("bob: chance to win {shown}")),
        "{s}"
    );
    assert!(panel(&s).contains(&format!("▶{shown} best")), "{s}");
    let _ = now;
}

/// Under One Flip the hint and the coach come from the One Flip solver, and the hint
/// says what taking a pair does: "the turn passes".
#[test]
fn a_one_flip_hint_says_the_turn_passes() {
    let deck = Deck::parse("pairs:5").unwrap();
    let mut one_flip =
        Optimal::with_variant(&deck, Objective::Win, PassRule::Agreed, Variant::OneFlip).unwrap();
    let mut standard = Optimal::new(&deck, Objective::Win, PassRule::Agreed).unwrap();
    for seed in 0..20 {
        let c = Config {
            deck: "pairs:5".into(),
            variant: Variant::OneFlip,
            pass_rule: PassRule::Agreed,
            memory: Memory::Open,
            hints: Hints::Always,
            coach: true,
            first: concentration::app::First::You,
            seed,
            ai_delay: Duration::from_millis(10),
            ..Config::default()
        };
        let mut now = Instant::now();
        let mut app = App::start_blocking(c, now).unwrap();
        loop {
            now = settle(&mut app, now);
            let r = app.round().unwrap();
            let view = r.game().view();
            if view.is_over() {
                break;
            }
            let hint = r.hint().expect("hints always").clone();
            let matched = hint.lines.iter().find(|l| l.action == Action::Match);
            if let (Phase::SecondCard { .. }, Some(m)) = (view.phase(), matched) {
                assert!(m.words.ends_with("; the turn passes"), "{}", m.words);
                let state = state_of(view);
                let values = one_flip.solver().actions(&state).unwrap();
                for l in &hint.lines {
                    let (_, v) = values.iter().find(|(a, _)| l.action == *a).unwrap();
                    assert!((l.value - v).abs() < 1e-12, "{}", l.words);
                }
                let plain = standard.solver().actions(&state).unwrap();
                let differs = plain
                    .iter()
                    .any(|(a, v)| values.iter().any(|(b, w)| a == b && (v - w).abs() > 1e-9));
                assert!(differs, "the variants value this point differently");
                // The costliest choice, for the coach below.
                let worst = hint.lines.last().unwrap();
                let pos =
                    concentration::players::candidates(view, worst.action.model().unwrap())[0];
                let best = hint.lines[0].value;
                let costly = worst.cost > concentration::solver::TIE_EPSILON;
                app.update(Key::Why, now);
                let s = screen_sized(&app, 80, 24);
                assert!(s.contains("; the turn passes"), "{s}");
                // Any key closes the window; then the coach judges the costliest choice
                // with the One Flip solver's values.
                app.update(Key::Why, now);
                select(&mut app, pos, now);
                let note = app.round().unwrap().coach_note().map(str::to_owned);
                assert!(costly, "leaving the pair costs something here");
                let note = note.expect("the coach speaks");
                let printed = Unit::from(Objective::Win).compare(best, &[worst.value], 1);
                let kept = format!("kept you at {}", printed.words(best));
                assert!(note.contains(&kept), "{kept} / {note}");
                return;
            }
            // A new card first, then a miss where possible, to reach a seen partner.
            let prefer = |a: Action| match (view.phase(), a) {
                (Phase::FirstCard, Action::Unknown) | (_, Action::Known(_)) => 0,
                _ => 1,
            };
            let choice = hint
                .lines
                .iter()
                .min_by_key(|l| prefer(l.action.model().unwrap()))
                .unwrap()
                .action
                .model()
                .unwrap();
            let pos = concentration::players::candidates(view, choice)[0];
            select(&mut app, pos, now);
        }
    }
    panic!("no One Flip game reached a pair to take");
}
