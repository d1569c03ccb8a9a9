//! End-to-end: the real binary in a pseudo-terminal, driven by keystrokes, its screen
//! read back with a terminal emulator.
#![cfg(unix)]

use crate::common::pty;

use std::io::Read;
use std::time::{Duration, Instant};

use concentration::rules::{Deck, Seat, deal};
use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use pty::{COLS, PATIENCE, ROWS, Session, path_to, scratch_data_dir};

#[test]
fn plays_a_whole_pairs_3_game_with_keystrokes() {
    let _pty = pty::lock();
    let seed = 11;
    let deck = Deck::parse("pairs:3").unwrap();
    let cols = deck.grid().1;
    let cards = deal(&deck, seed);
    let seed_arg = seed.to_string();
    let mut s = Session::start(&[
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        &seed_arg,
        "--ai-delay",
        "0",
        "--first",
        "you",
    ]);
    s.wait_for("Your turn");
    assert!(s.raw_mode(), "the game runs in raw mode");
    assert!(s.parser.screen().alternate_screen());
    // Take the three pairs in order: the test knows the deal from the seed.
    let mut done = vec![false; cards.len()];
    for a in 0..cards.len() {
        if done[a] {
            continue;
        }
        let b = (a + 1..cards.len())
            .find(|&b| cards[b].label == cards[a].label)
            .unwrap();
        done[a] = true;
        done[b] = true;
        s.keys(&(path_to(a, cols) + " "));
        s.keys(&(path_to(b, cols) + " "));
    }
    s.wait_for("Game over");
    s.wait_for("You win!");
    // The end window's last line: a frame can arrive in more than one read.
    s.wait_for("can lose any single game");
    let screen = s.screen();
    assert!(screen.contains("You 3 – 0 optimal AI"), "{screen}");
    assert!(screen.contains("3 turns"), "{screen}");
    assert!(screen.contains("can lose any single game"), "{screen}");
    assert!(screen.contains("Saved as"), "{screen}");
    // The replay of the game just played, then back to the end screen.
    s.keys("v");
    s.wait_for("Flip 0/6");
    s.keys("G");
    s.wait_for("Flip 6/6");
    // Every decision of this short game was forced: no accuracy to show.
    s.wait_for("you     all forced");
    s.keys("q");
    s.wait_for("You win!");
    s.keys("q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
    let records = s.records();
    assert_eq!(records.len(), 1, "one game, one record");
    assert_eq!(records[0].flips.len(), 6);
    assert_eq!(records[0].seed, seed);
    let names: Vec<&str> = records[0].players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["you", "optimal"]);
    let game = records[0].replay().unwrap();
    assert_eq!(concentration::record::result_text(&game), "1-0");
}

#[test]
fn plays_a_whole_three_seat_game_one_person_two_ais() {
    let _pty = pty::lock();
    let seed = 4;
    let deck = Deck::parse("pairs:4").unwrap();
    let cols = deck.grid().1;
    let cards = deal(&deck, seed);
    let seed_arg = seed.to_string();
    let mut s = Session::start(&[
        "play",
        "--deck",
        "pairs:4",
        "--players",
        "you,usual,forgetful-easy",
        "--pass-rule",
        "none",
        "--seed",
        &seed_arg,
        "--ai-delay",
        "0",
    ]);
    s.wait_for("Your turn");
    let screen = s.screen();
    for name in ["▶You", "usual", "forgetful-easy", "own pairs"] {
        assert!(screen.contains(name), "{name}:\n{screen}");
    }
    // A miss hands the turn on to the AIs.
    let b = (1..cards.len())
        .find(|&b| cards[b].label != cards[0].label)
        .unwrap();
    s.keys(&(path_to(0, cols) + " "));
    s.keys(&(path_to(b, cols) + " "));
    s.wait_for(": no pair");
    // The AIs play until the person's turn comes back, or the table is cleared.
    let start = Instant::now();
    while !s.screen().contains("Game over") && !s.screen().contains("Your turn") {
        assert!(start.elapsed() < PATIENCE, "stuck:\n{}", s.screen());
        s.pump(Duration::from_millis(50));
    }
    if s.screen().contains("Your turn") {
        // The test knows the deal: take every pair left (a taken one is refused).
        for a in 0..cards.len() {
            if let Some(b) = (a + 1..cards.len()).find(|&b| cards[b].label == cards[a].label) {
                s.keys(&(path_to(a, cols) + " "));
                s.keys(&(path_to(b, cols) + " "));
            }
        }
    }
    s.wait_for("Game over");
    s.wait_for("q quit");
    let screen = s.screen();
    assert!(screen.contains("You "), "{screen}");
    assert!(screen.contains(" · usual "), "{screen}");
    assert!(screen.contains(" · forgetful-easy "), "{screen}");
    s.keys("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
    let records = s.records();
    assert_eq!(records.len(), 1, "one game, one record");
    let names: Vec<&str> = records[0].players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["you", "usual", "forgetful-easy"]);
    let game = records[0].replay().unwrap();
    assert!(game.view().is_over());
    assert_eq!(
        game.view().pairs().total(),
        4,
        "under none every pair is taken"
    );
    assert!(
        game.view().flips().iter().any(|f| f.seat != Seat::FIRST),
        "the AIs played"
    );
}

#[test]
fn quit_asks_first_and_restores_the_terminal() {
    let _pty = pty::lock();
    // The AI moves first (instantly); then the person quits, which asks first.
    let mut s = Session::start(&[
        "play",
        "--deck",
        "pairs:6",
        "--seed",
        "3",
        "--ai-delay",
        "0",
        "--first",
        "ai",
        "--opponent",
        "usual",
    ]);
    s.wait_for("Your turn");
    s.keys("q");
    s.wait_for("Quit this game?");
    s.keys("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
    // A game left unfinished is saved too.
    let records = s.records();
    assert_eq!(records.len(), 1);
    assert!(!records[0].replay().unwrap().view().is_over());
    assert!(records[0].flips.len() >= 2);
}

#[test]
fn sigterm_mid_game_restores_the_terminal_and_saves_the_game() {
    let _pty = pty::lock();
    let mut s = Session::start(&[
        "play",
        "--deck",
        "standard",
        "--seed",
        "5",
        "--ai-delay",
        "0",
    ]);
    s.wait_for("Your turn");
    s.keys(" ");
    s.wait_for("You turned");
    assert!(s.raw_mode());
    let pid = s.child.process_id().expect("a pid");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    s.wait_exit();
    s.assert_restored();
    // The game in progress is saved, as leaving it would.
    let records = s.records();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].flips.len(), 1);
}

#[test]
fn ctrl_c_mid_game_restores_the_terminal() {
    let _pty = pty::lock();
    let mut s = first_turn_of_a_small_game();
    s.keys("\x03");
    s.wait_exit();
    s.assert_restored();
}

#[test]
fn not_a_terminal_exits_2_with_one_line() {
    let _pty = pty::lock();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(["play", "--deck", "pairs:3"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("terminal"), "{err}");
}

#[test]
fn closing_the_terminal_ends_the_game() {
    let _pty = pty::lock();
    // A closed terminal window (hang-up, then end-of-file on input) must end the
    // process, not leave it running. Every handle on the terminal's master side is
    // closed: the reader stops once the game is on screen.
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_concentration"));
    cmd.args([
        "play",
        "--deck",
        "pairs:8",
        "--seed",
        "5",
        "--ai-delay",
        "0",
    ]);
    cmd.env("TERM", "xterm-256color");
    let data = scratch_data_dir();
    cmd.env("CONCENTRATION_DATA_DIR", &data);
    cmd.env("CONCENTRATION_CONFIG", data.join("config.toml"));
    let mut child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let writer = pair.master.take_writer().unwrap();
    let started = std::thread::spawn(move || {
        let mut parser = vt100::Parser::new(ROWS, COLS, 0);
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                return false;
            }
            parser.process(&buf[..n]);
            if parser.screen().contents().contains("Your turn") {
                return true;
            }
        }
        false
    });
    assert!(started.join().unwrap(), "the game did not start");
    drop(writer);
    drop(pair.master);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("the program outlived its terminal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn plays_a_whole_solitaire_challenge_and_prints_the_statistics() {
    let _pty = pty::lock();
    use concentration::solitaire::Challenge;
    let deck = Deck::parse("pairs:3").unwrap();
    let cols = deck.grid().1;
    let cards = deal(&deck, Challenge::numbered(4).seed(&deck));
    let mut s = Session::start(&[
        "solitaire",
        "--deck",
        "pairs:3",
        "--challenge",
        "4",
        "--show-delay",
        "0",
    ]);
    s.wait_for("Clear the table");
    let screen = s.screen();
    assert!(screen.contains("challenge 4"), "{screen}");
    assert!(screen.contains("Par now 4.33 to go"), "{screen}");
    // Take the three pairs in order: the test knows the challenge's deal.
    let mut done = vec![false; cards.len()];
    for a in 0..cards.len() {
        if done[a] {
            continue;
        }
        let b = (a + 1..cards.len())
            .find(|&b| cards[b].label == cards[a].label)
            .unwrap();
        done[a] = true;
        done[b] = true;
        s.keys(&(path_to(a, cols) + " "));
        s.keys(&(path_to(b, cols) + " "));
    }
    s.wait_for("Table cleared");
    s.wait_for("Cleared in 3 moves (0 misses)");
    s.wait_for("e(3,0) 4.33 expected · worst case 5");
    s.wait_for("optimal play needs 3 moves");
    s.wait_for("your choices cost nothing");
    s.wait_for("saved 1.33 (vs 4.33 expected)");
    s.wait_for("challenge 4 · pairs:3 classic: first game");
    s.wait_for("n new deal");
    s.keys("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_concentration"))
        .arg("stats")
        .env("CONCENTRATION_DATA_DIR", &s.data)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pairs:3"), "{text}");
    assert!(text.contains("  challenge 4"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("pairs:3") && l.contains(" 3.00 ") && l.contains("+0.00")),
        "{text}"
    );
}

/// Waits until `done` holds, reading the screen meanwhile.
fn wait_until(s: &mut Session, what: &str, done: impl Fn(&Session) -> bool) {
    let start = Instant::now();
    while !done(s) {
        assert!(
            start.elapsed() < PATIENCE,
            "never {what}; screen:\n{}",
            s.screen()
        );
        s.pump(Duration::from_millis(50));
    }
}

/// Sends `signal` (a `kill` name) to the game.
fn signal(s: &Session, signal: &str) {
    let pid = s.child.process_id().expect("a pid");
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Whether the process is stopped (Linux: its state in /proc; elsewhere assumed).
fn stopped(s: &Session) -> bool {
    let pid = s.child.process_id().expect("a pid");
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('T')
    })
}

#[test]
fn keys_hammered_during_the_ais_turn_never_turn_a_card() {
    let _pty = pty::lock();
    // The report's game: the person misses with the first two cards, then presses
    // Space over and over while the AI plays. Every press goes on (ends the show, speeds
    // up the AI); none may turn a card of the person's.
    let mut s = Session::start(&["play", "--seed", "32", "--first", "you"]);
    s.wait_for("Your turn");
    s.keys("\r");
    s.wait_for("You turned");
    s.keys("\x1b[C\r");
    s.wait_for("not a match");
    // One write, so the presses are all waiting while the turn changes hands.
    s.keys(&" ".repeat(16));
    s.wait_for("Your turn");
    // Anything still to come out of the burst has had ample time.
    std::thread::sleep(Duration::from_millis(1500));
    s.pump(Duration::from_millis(50));
    assert!(!s.screen().contains("You turned"), "{}", s.screen());
    s.keys("q");
    s.wait_for("Quit this game?");
    s.keys("y");
    assert!(s.wait_exit().success());
    let records = s.records();
    assert_eq!(records.len(), 1);
    let game = records[0].replay().unwrap();
    let flips = game.view().flips();
    let mine = flips.iter().filter(|f| f.seat == Seat::FIRST).count();
    assert_eq!(
        mine, 2,
        "the person turned a card with a key meant to go on"
    );
    assert!(
        flips.len() >= 4,
        "the presses sped the AI up: {} flips",
        flips.len()
    );
}

#[test]
fn ctrl_z_and_sigtstp_give_the_terminal_back_and_sigcont_takes_it_again() {
    let _pty = pty::lock();
    let mut s = first_turn_of_a_small_game();
    assert!(s.raw_mode());
    // Stop after stop, the key pressed as soon as the game is back is read then, as the
    // key it is: the cursor goes right, then left. (A key lost here was read only with
    // the next one: a size-change signal raised on coming back hid it from the reader.)
    for (round, stop) in ["ctrl-z", "TSTP"].into_iter().cycle().take(8).enumerate() {
        stop_and_continue(&mut s, stop);
        wait_until(&mut s, "took the terminal again", |s| {
            s.raw_mode() && s.parser.screen().alternate_screen() && whole_game(s)
        });
        let (key, column) = if round % 2 == 0 { ("l", 1) } else { ("h", 0) };
        s.keys(key);
        wait_until(&mut s, &format!("read {key:?} at once"), |s| {
            cursor_column(s) == Some(column)
        });
    }
    // A key pressed while the game comes back, before its screen shows, is read too.
    stop_and_continue(&mut s, "TSTP");
    s.keys("l");
    wait_until(&mut s, "read the key pressed while coming back", |s| {
        s.raw_mode() && cursor_column(s) == Some(1)
    });
    s.keys(" ");
    s.wait_for("You turned");
    quit_and_check_restored(&mut s);
}

#[test]
fn a_stop_by_anyone_else_shows_the_screen_again_when_continued() {
    let _pty = pty::lock();
    let mut s = first_turn_of_a_small_game();
    signal(&s, "STOP");
    wait_until(&mut s, "stopped", stopped);
    // Whatever it wrote before it stopped, then a shell writing over the screen.
    s.pump(Duration::from_millis(200));
    s.parser.process(b"\x1b[2J");
    signal(&s, "CONT");
    wait_until(&mut s, "showed the screen again", whole_game);
    assert!(s.raw_mode());
    s.keys("l");
    wait_until(&mut s, "read the key at once", |s| {
        cursor_column(s) == Some(1)
    });
    quit_and_check_restored(&mut s);
}

#[test]
fn a_window_resized_while_stopped_is_drawn_whole_at_its_new_size() {
    let _pty = pty::lock();
    let mut s = first_turn_of_a_small_game();
    let panel = |s: &Session, cols: u16| panel_left(s) == Some(usize::from(cols) - 27);
    assert!(panel(&s, COLS), "{}", s.screen());
    let wider = COLS + 20;
    stop(&mut s, "TSTP");
    // The window is resized meanwhile (the shell, in front then, is the one told).
    let tty = std::fs::read_link(format!("/proc/{}/fd/0", s.child.process_id().unwrap()))
        .expect("the game's terminal");
    let resized = std::process::Command::new("stty")
        .arg("-F")
        .arg(&tty)
        .args(["cols", &wider.to_string()])
        .status()
        .unwrap();
    assert!(resized.success());
    s.parser.screen_mut().set_size(ROWS, wider);
    signal(&s, "CONT");
    wait_until(&mut s, "drew the game at the new size", |s| {
        s.raw_mode() && whole_game(s) && panel(s, wider)
    });
    s.keys(" ");
    s.wait_for("You turned");
    quit_and_check_restored(&mut s);
}

/// A `pairs:8` game at the person's first turn, the AI instant.
fn first_turn_of_a_small_game() -> Session {
    let mut s = Session::start(&[
        "play",
        "--deck",
        "pairs:8",
        "--seed",
        "5",
        "--ai-delay",
        "0",
    ]);
    s.wait_for("Your turn");
    s
}

/// Quits the game on `q`, `y`, and checks it exits cleanly with the terminal restored.
fn quit_and_check_restored(s: &mut Session) {
    s.keys("q");
    s.wait_for("Quit this game?");
    s.keys("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Whether the game's screen shows whole on the person's turn: title, board, panel,
/// message and keys.
fn whole_game(s: &Session) -> bool {
    let screen = s.screen();
    [
        "Concentration",
        " 1 ",
        " 2 ",
        "┌ Score",
        "└",
        "Your turn",
        "q quit",
    ]
    .iter()
    .all(|part| screen.contains(part))
}

/// Where the score panel's frame begins on the screen.
fn panel_left(s: &Session) -> Option<usize> {
    let row = s
        .screen()
        .lines()
        .find(|l| l.contains("┌ Score"))?
        .to_string();
    row.chars().position(|c| c == '┌')
}

/// Stops the game (`ctrl-z`, or a `kill` signal name), checks it gave the terminal back,
/// wipes the screen and continues it.
fn stop_and_continue(s: &mut Session, how: &str) {
    stop(s, how);
    signal(s, "CONT");
}

/// Stops the game (`ctrl-z`, or a `kill` signal name), checks it gave the terminal back
/// and wipes the screen.
fn stop(s: &mut Session, how: &str) {
    if how == "ctrl-z" {
        s.keys("\x1a");
    } else {
        signal(s, how);
    }
    // The cursor is shown in the same write as the screen is left, but a read may split
    // them: wait for both.
    wait_until(s, "gave the terminal back", |s| {
        !s.raw_mode()
            && !s.parser.screen().alternate_screen()
            && !s.parser.screen().hide_cursor()
            && stopped(s)
    });
    assert!(
        !s.parser.screen().hide_cursor(),
        "cursor hidden while stopped"
    );
    // Whatever ran meanwhile may have used the alternate screen: wipe it here, so that
    // the game's screen comes back only if it is drawn whole again.
    s.parser.process(b"\x1b[?1049h\x1b[2J\x1b[?1049l");
}

/// The grid column of the cursor (the card in brackets) on the first row of cards.
fn cursor_column(s: &Session) -> Option<usize> {
    let row = s
        .screen()
        .lines()
        .find(|l| l.starts_with(" 1 "))?
        .to_string();
    let at = row.chars().position(|c| c == '[')?;
    Some(at.checked_sub(3)? / 6)
}
