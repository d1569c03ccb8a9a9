//! A Zebra record's replay opens at once: its analysis runs on a worker thread (seconds
//! on the full deck), the screen says so meanwhile, the keys keep working, and the
//! mistakes appear when it arrives.

use std::time::Instant;

use concentration::app::{App, Config};
use concentration::tui::Action;

use crate::common::{screen, zebra_record};

#[test]
fn the_zebra_replay_opens_at_once_and_shows_the_analysis_when_it_arrives() {
    let now = Instant::now();
    let mut app = App::replay(zebra_record(), None, Config::default(), false, now).unwrap();
    // Open before the analysis: the waiting line, no accuracy yet.
    let replay = app.replay_screen().unwrap();
    assert!(replay.analysing() && replay.analysis().is_none());
    assert!(app.thinking());
    let s = screen(&app);
    assert!(s.contains("Analysing"), "{s}");
    assert!(!s.contains("final margin after each flip"), "{s}");
    // The keys work meanwhile.
    app.update(Action::Move(0, 1), now);
    app.update(Action::Move(0, 1), now);
    assert_eq!(app.replay_screen().unwrap().stepper().at(), 2);
    assert!(screen(&app).contains("Analysing"));

    app.wait_for_analysis();
    let replay = app.replay_screen().unwrap();
    assert!(!replay.analysing() && !app.thinking());
    let analysis = replay
        .analysis()
        .unwrap_or_else(|| panic!("{}", replay.note()));
    assert_eq!(replay.stepper().at(), 2, "the analysis keeps the place");
    let s = screen(&app);
    assert!(!s.contains("Analysing"), "{s}");
    // The chart of values and the decision at the board, valued.
    assert!(s.contains("final margin after each flip"), "{s}");
    assert!(s.contains("vs optimal play"), "{s}");
    let _ = analysis;
    let forgetful = replay.judgement().unwrap().seats[0].clone();
    assert!(forgetful.best < forgetful.flips, "{forgetful:?}");
    // The forgetful player's mistakes are there to jump to.
    app.update(Action::Mistake(true), now);
    let replay = app.replay_screen().unwrap();
    assert!(replay.stepper().at() > 2, "{:?}", replay.jump_note());
}

#[test]
fn quitting_the_zebra_replay_while_it_is_analysed_is_clean() {
    let now = Instant::now();
    let mut app = App::replay(zebra_record(), None, Config::default(), false, now).unwrap();
    assert!(app.thinking());
    app.update(Action::Quit, now);
    assert!(app.quit);
    // The worker's answer goes nowhere; nothing waits for it.
    assert!(!app.poll_worker(now));
    drop(app);
}

#[test]
fn the_terminal_loop_takes_in_the_analysis_by_polling() {
    let now = Instant::now();
    let mut app = App::replay(zebra_record(), None, Config::default(), false, now).unwrap();
    let start = Instant::now();
    while !app.poll_worker(Instant::now()) {
        assert!(start.elapsed().as_secs() < 60, "the analysis never arrived");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(app.replay_screen().unwrap().analysis().is_some());
    assert!(!app.thinking());
}
