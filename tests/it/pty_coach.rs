//! End-to-end: `concentration play --coach` in a pseudo-terminal. The test plays the same
//! deal through the library first (the AI's flips follow from the seed) to find the
//! person's cards up to a costly decision, then turns them with keystrokes; the coach's
//! word appears on screen at once.
#![cfg(unix)]

use crate::common::pty;

use std::time::{Duration, Instant};

use concentration::app::{App, Config, First, Memory, Screen};
use concentration::players::Optimal;
use concentration::rules::{Deck, Objective, Phase};
use concentration::trainer::explain;
use concentration::tui::Action;
use pty::{Session, path_to};

/// The person's flips up to the first costly one, each with the panel's line at that
/// decision ("Turn 6 · first card"), and the coach's word on it.
fn script(seed: u64) -> (Vec<(String, usize)>, String) {
    let config = Config {
        deck: "pairs:6".into(),
        memory: Memory::Open,
        seed,
        first: First::You,
        ai_delay: Duration::ZERO,
        coach: true,
        ..Config::default()
    };
    let deck = Deck::parse(&config.deck).unwrap();
    let mut solver = Optimal::new(&deck, Objective::Win, config.pass_rule).unwrap();
    let mut now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    let mut flips = Vec::new();
    loop {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        let view = app.round().unwrap().game().view().clone();
        assert!(!view.is_over(), "the game ended before a costly decision");
        let lesson = explain(&view, solver.solver()).unwrap();
        let worst = lesson.actions.last().unwrap();
        let pos = worst.named.cards[0];
        let phase = match view.phase() {
            Phase::FirstCard => "first card",
            _ => "second card",
        };
        flips.push((format!("Turn {} · {phase}", view.turns() + 1), pos));
        if let Screen::Play(r) = &mut app.screen {
            r.cursor = pos;
        }
        app.update(Action::Select, now);
        if let Some(note) = app.round().unwrap().coach_note() {
            return (flips, note.to_owned());
        }
    }
}

#[test]
fn the_coach_speaks_in_a_real_terminal() {
    let _pty = pty::lock();
    let (flips, note) = script(5);
    let mut s = Session::start(&[
        "play",
        "--coach",
        "--deck",
        "pairs:6",
        "--seed",
        "5",
        "--first",
        "you",
        "--memory",
        "open",
        "--ai-delay",
        "0",
        "--no-save",
    ]);
    s.wait_for("Your turn");
    for (at, pos) in &flips {
        s.wait_for(at);
        s.keys(&(path_to(*pos, 6) + "\r"));
    }
    // The head of the word, as the message line and the panel show it.
    let head = note.split(':').next().unwrap().to_owned();
    s.wait_for(&head);
    s.wait_for("kept you at");
    assert!(s.screen().contains("Coach"), "{}", s.screen());
    s.keys("q");
    s.wait_for("Quit this game?");
    s.keys("y");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}
