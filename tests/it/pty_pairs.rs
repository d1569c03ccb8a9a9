//! End-to-end Pairs: the real binary in a pseudo-terminal plays a whole two-seat game
//! with `h` and `f`, and the record it saves replays to the same end.
#![cfg(unix)]

use crate::common::pty;

use std::time::{Duration, Instant};

use concentration::pairs::record::PairsRecord;
use pty::{PATIENCE, Session};

#[test]
fn plays_a_whole_two_seat_game_of_pairs_with_h_and_f() {
    let _pty = pty::lock();
    let mut s = Session::start(&[
        "pairs",
        "--players",
        "you,spne",
        "--seed",
        "3",
        "--ai-delay",
        "0",
    ]);
    s.wait_for("Pairs");
    assert!(s.raw_mode(), "the game runs in raw mode");
    let start = Instant::now();
    let mut hits = 0;
    let mut folds = 0;
    // Hit once a turn, fold the next: both keys are played, and the game ends.
    let mut hit_next = true;
    loop {
        assert!(
            start.elapsed() < PATIENCE * 6,
            "the game never ended:\n{}",
            s.screen()
        );
        s.pump(Duration::from_millis(30));
        let screen = s.screen();
        if screen.contains("Game over") && screen.contains("Saved as") {
            break;
        }
        if screen.contains("Press any key for the next round") {
            s.keys(" ");
        } else if screen.contains("your turn: h hit, f fold") {
            if hit_next {
                s.keys("h");
                hits += 1;
            } else {
                s.keys("f");
                folds += 1;
            }
            hit_next = !hit_next;
        } else {
            continue;
        }
        // Wait for the screen to move on before the next key.
        let before = screen;
        let waited = Instant::now();
        while s.screen() == before && waited.elapsed() < Duration::from_secs(2) {
            s.pump(Duration::from_millis(20));
        }
    }
    let screen = s.screen();
    assert!(
        screen.contains("loses with") || screen.contains("You lose"),
        "{screen}"
    );
    assert!(
        hits > 0 && folds > 0,
        "both keys were played: {hits} {folds}"
    );
    s.keys("q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    s.assert_restored();
    let dir = concentration::record::records_dir(&s.data);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .collect();
    assert_eq!(files.len(), 1, "one game, one record");
    let text = std::fs::read_to_string(files[0].path()).unwrap();
    let record = PairsRecord::parse(&text).unwrap();
    assert_eq!(record.seed, 3);
    assert_eq!(
        record.seats,
        concentration::seats::Seats::parse("you,spne").unwrap()
    );
    let loser = record.loser().expect("a finished game");
    let name = ["you", "spne"][loser];
    if loser == 0 {
        assert!(screen.contains("You lose: you reached"), "{screen}");
    } else {
        assert!(screen.contains(&format!("{name} loses with")), "{screen}");
    }
    // The person's decisions are in the record, in the order pressed.
    let decided: usize = record.rounds.iter().map(Vec::len).sum();
    assert!(decided >= hits + folds, "{decided} {hits} {folds}");
}

/// Starts a game, hits once on your turn, and waits for the AI to have answered.
fn a_game_with_a_decision() -> Session {
    let mut s = Session::start(&[
        "pairs",
        "--players",
        "you,spne",
        "--seed",
        "3",
        "--ai-delay",
        "0",
    ]);
    s.wait_for("your turn: h hit, f fold");
    s.keys("h");
    s.wait_for("you hit and took");
    s
}

/// The one record saved, read back.
fn the_record(s: &Session) -> PairsRecord {
    let dir = concentration::record::records_dir(&s.data);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .collect();
    assert_eq!(files.len(), 1, "one game, one record");
    PairsRecord::parse(&std::fs::read_to_string(files[0].path()).unwrap()).unwrap()
}

#[test]
fn ctrl_c_mid_game_saves_the_pairs_game_and_restores_the_terminal() {
    let _pty = pty::lock();
    let mut s = a_game_with_a_decision();
    s.keys("\x03");
    s.wait_exit();
    s.assert_restored();
    let record = the_record(&s);
    assert_eq!(record.seed, 3);
    assert_eq!(record.rounds[0][0], concentration::pairs::Action::Hit);
    assert_eq!(record.loser(), None, "an unfinished game");
}

#[test]
fn sigterm_mid_game_saves_the_pairs_game_and_restores_the_terminal() {
    let _pty = pty::lock();
    let mut s = a_game_with_a_decision();
    let pid = s.child.process_id().expect("a pid");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = s.wait_exit();
    assert!(!status.success(), "{status:?}");
    s.assert_restored();
    let record = the_record(&s);
    assert_eq!(record.rounds[0][0], concentration::pairs::Action::Hit);
}
