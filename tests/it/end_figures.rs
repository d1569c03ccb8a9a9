//! Memory apart from strategy on the end screen and in the replay: a game of classic
//! memory where the person forgets seen cards on purpose ends with the memory figure
//! (slips of chances to use a seen card), the strategy figure and the mistakes and
//! blunders, as `analysis::memory` counts them; the replay grades each flip (only move,
//! best, excellent, ..., blunder, as `analysis::grade` does) and names each slip's card,
//! place and turn. In open memory the end screen has no memory figure.

use std::time::{Duration, Instant};

use concentration::analysis::grade::Grade;
use concentration::analysis::memory;
use concentration::app::{App, Config, First, Memory};
use concentration::players::Optimal;
use concentration::rules::{Deck, Objective};
use concentration::trainer::explain;
use concentration::tui::Action;

use crate::common::{forgetful_choice, screen_sized, select, settle};

/// Plays a game of `pairs:6` under classic (or open) memory, the person forgetting every
/// seen card they could use (else playing best), to its end.
fn forgetful_game(seed: u64, memory: Memory) -> (App, Instant) {
    let c = Config {
        deck: "pairs:6".into(),
        memory,
        seed,
        objective: Objective::Win,
        first: First::You,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    };
    let mut solver =
        Optimal::new(&Deck::parse(&c.deck).unwrap(), c.objective, c.pass_rule).unwrap();
    let mut now = Instant::now();
    let mut app = App::start_blocking(c, now).unwrap();
    loop {
        now = settle(&mut app, now);
        let view = app.round().unwrap().game().view().clone();
        if view.is_over() {
            return (app, now);
        }
        let pos = forgetful_choice(&view)
            .unwrap_or_else(|| explain(&view, solver.solver()).unwrap().best().named.cards[0]);
        select(&mut app, pos, now);
    }
}

fn words_of(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_end_screen_shows_memory_apart_from_strategy_and_the_replay_each_grade_and_slip() {
    let (mut app, now, judgement, game) = (0..20)
        .find_map(|seed| {
            let (app, now) = forgetful_game(seed, Memory::Classic);
            let record = app.round().unwrap().record();
            let (game, judgement) = concentration::cli::analyse(&record).unwrap();
            (judgement.figures(record.person().unwrap()).slips > 0)
                .then_some((app, now, judgement, game))
        })
        .expect("a slip in 20 deals");
    let slips = judgement.memory.clone().expect("classic memory is tested");
    let analysis = judgement.analysis.clone();
    let person = app.round().unwrap().record().person().unwrap();
    let end = words_of(&app.window_text().join(" "));
    let figures = judgement.figures(person).memory_words().unwrap();
    let expected = figures[..1].to_uppercase() + &figures[1..];
    assert!(end.contains(&expected), "{expected} not in:\n{end}");
    // Mistakes and blunders: every decision with a choice graded so, slips included
    // (the memory line says which were slips).
    let graded = |grade| {
        analysis
            .annotations
            .iter()
            .filter(|a| {
                a.seat == person && a.choice && Grade::of_flip(analysis.objective, a) == grade
            })
            .count()
    };
    let count = |n: usize, what: &str| match n {
        0 => format!("no {what}"),
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    let errors = format!(
        "Errors: {} · {}",
        count(graded(Grade::Mistake), "mistake"),
        count(graded(Grade::Blunder), "blunder")
    );
    assert!(end.contains(&errors), "{errors} not in:\n{end}");
    let screen = screen_sized(&app, 80, 24);
    assert!(screen.contains("Memory: "), "{screen}");

    // The replay: at each slip, its card, place and turn; every flip its grade.
    app.update(Action::Review, now);
    app.wait_for_analysis();
    for slip in &slips.slips {
        let Some(concentration::app::Screen::Replay(r)) = Some(&mut app.screen) else {
            panic!("the replay is on screen")
        };
        r.show_flip(slip.index);
        let panel = words_of(&app.window_text().join(" "));
        let words = memory::slip_short(&game, analysis.name(slip.seat), slip);
        assert!(words.starts_with("memory slip: you had seen "), "{words}");
        assert!(panel.contains(&words), "{words} not in:\n{panel}");
        let grade = Grade::of_flip(analysis.objective, &analysis.annotations[slip.index]);
        assert!(panel.contains(&format!("· {}", grade.name())), "{panel}");
    }
    let Some(concentration::app::Screen::Replay(r)) = Some(&mut app.screen) else {
        panic!("the replay is on screen")
    };
    for (i, a) in analysis.annotations.iter().enumerate() {
        assert_eq!(r.grade(i), Some(Grade::of_flip(analysis.objective, a)));
        assert_eq!(r.slip_words(i).is_some(), slips.slip_at(i).is_some());
    }
    // A grade finer than the class shows: the panel after a best flip says which.
    let at = analysis
        .annotations
        .iter()
        .position(|a| matches!(Grade::of_flip(analysis.objective, a), Grade::OnlyMove))
        .or_else(|| {
            analysis
                .annotations
                .iter()
                .position(|a| Grade::of_flip(analysis.objective, a) == Grade::Excellent)
        });
    if let Some(i) = at {
        let Some(concentration::app::Screen::Replay(r)) = Some(&mut app.screen) else {
            panic!()
        };
        r.show_flip(i);
        let g = Grade::of_flip(analysis.objective, &analysis.annotations[i]);
        let panel = words_of(&app.window_text().join(" "));
        assert!(panel.contains(&format!("· {}", g.name())), "{panel}");
    }
}

#[test]
fn in_open_memory_the_end_screen_counts_errors_without_a_memory_figure() {
    let (app, _) = forgetful_game(3, Memory::Open);
    let end = words_of(&app.window_text().join(" "));
    assert!(end.contains("Errors: "), "{end}");
    assert!(!end.contains("Memory: "), "{end}");
    assert!(end.contains("Your accuracy"), "{end}");
}

#[test]
#[ignore = "prints screens for the notes"]
fn print_screens() {
    let (mut app, now) = (0..20)
        .map(|s| forgetful_game(s, Memory::Classic))
        .find(|(a, _)| a.window_text().join(" ").contains("Memory: 1"))
        .unwrap();
    println!("{}", screen_sized(&app, 80, 24));
    app.update(Action::Review, now);
    app.wait_for_analysis();
    let record = app.replay_screen().unwrap().record().clone();
    let (_, judgement) = concentration::cli::analyse(&record).unwrap();
    let m = judgement.memory.unwrap();
    let Some(concentration::app::Screen::Replay(r)) = Some(&mut app.screen) else {
        panic!()
    };
    r.show_flip(m.slips[0].index);
    println!("{}", screen_sized(&app, 80, 30));
}
