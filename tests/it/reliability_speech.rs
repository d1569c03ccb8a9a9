//! What the audit of issue 37 found on the screen reader's input and on saving, end to
//! end through the binary: typed input is read as bytes (a line that is not UTF-8 is
//! answered and play goes on, a long line is cut and never held whole), what was typed
//! is echoed escaped, the tutor's question is said once at the end of the input, and a
//! save that fails is said on every path, with exit status 1.

use crate::common::cli;
use crate::common::pty;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use concentration::record;
use concentration::speech::NOT_TEXT;

/// The exit status of a session that could not save all of it (docs/records.md).
const NOT_SAVED: i32 = 1;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "concentration-reliability-speech-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the binary with `args` and `input` on its standard input (written from a thread
/// of its own, so that a large input never blocks the test): status, output, errors.
fn speak_with(mut cmd: Command, input: Vec<u8>) -> (i32, String, String) {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("CONCENTRATION_SCREEN_READER");
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The program may leave before it has read everything (a broken pipe is fine).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn speak(args: &[&str], input: &[u8]) -> (i32, String, String) {
    speak_with(cli::command(args), input.to_vec())
}

/// The records saved under data directory `data`.
fn records(data: &Path) -> usize {
    record::list(&record::records_dir(data)).len()
}

/// No control character but the line ends reaches the output.
fn assert_no_control(out: &str) {
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "a control character in:\n{out:?}"
    );
}

/// The saved game of the review's tests (tests/it/common/mod.rs): one costly decision.
const FIXED: &str = "[Format \"concentration 1\"]\n[Date \"2026-04-01\"]\n[Time \"12:00:00\"]\n[Deck \"pairs:3\"]\n[Seed \"2\"]\n[A \"optimal\"]\n[B \"you\"]\n[Objective \"win\"]\n[PassRule \"agreed\"]\n[Memory \"classic\"]\n[Practice \"no\"]\n[Result \"1-0\"]\n[Pairs \"3-0\"]\n[End \"cleared\"]\n\n1. A a1:A b1:C miss\n2. B c1:B a1:A miss\n3. A a2:C b1:C pair\n4. A c2:A a1:A pair\n5. A b2:B c1:B pair\n";

#[test]
fn a_line_that_is_not_text_is_answered_and_the_game_is_saved() {
    let s = Scratch::new("latin1");
    let data = s.path("data");
    let args = [
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--data-dir",
        &data,
    ];
    // The audit's case: the line is the last, and the game is saved as the input ends.
    let (code, out, err) = speak(&args, b"a1\nb1\nb2\n\xe9t\xe9\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.ends_with(&format!("{NOT_TEXT}\n")), "{out}");
    assert_eq!(records(Path::new(&data)), 1, "the game is saved");
    // And the game goes on after it.
    let (code, out, err) = speak(&args, b"a1\nb1\nb2\n\xe9t\xe9\na1\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("{NOT_TEXT}\nYou turn a1: C. A pair!")),
        "{out}"
    );
}

#[test]
fn every_mode_answers_a_line_that_is_not_text_and_goes_on() {
    let s = Scratch::new("modes");
    let data = s.0.join("data");
    std::fs::create_dir_all(data.join("games")).unwrap();
    let fixed = data.join("games").join("fixed.cgn");
    std::fs::write(&fixed, FIXED).unwrap();
    let (data, fixed, cache) = (
        data.to_str().unwrap(),
        fixed.to_str().unwrap(),
        s.path("cache"),
    );
    let no_save = "--no-save";
    let cases: [(&[&str], &[u8], &str); 9] = [
        (
            &["play", "--deck", "pairs:3", "--screen-reader", no_save],
            b"\xff\nhelp\n",
            "Commands: ",
        ),
        // The setup's numbered menus: the line is answered, the question asked on.
        (
            &["play", "--screen-reader", no_save],
            b"\xff\n\n\n\n\n\n",
            "Players in turn order",
        ),
        (
            &["watch", "--deck", "pairs:4", "--screen-reader", no_save],
            b"\xff\n1\n4\n",
            "Concentration, deck pairs:4",
        ),
        (
            &["solitaire", "--deck", "pairs:4", "--screen-reader", no_save],
            b"\xff\nhelp\n",
            "Commands: ",
        ),
        (
            &[
                "puzzle",
                "--deck",
                "pairs:6",
                "--seed",
                "5",
                "--screen-reader",
                no_save,
            ],
            b"\xff\nhelp\nquit\n",
            "Commands: ",
        ),
        (
            &[
                "pairs",
                "--ranks",
                "4",
                "--seed",
                "2",
                "--screen-reader",
                no_save,
            ],
            b"\xff\nhelp\n",
            "Commands: ",
        ),
        (
            &["replay", fixed, "--screen-reader", no_save],
            b"\xff\nnext\n",
            "Flip 1 of ",
        ),
        (
            &["review", "--screen-reader", "--data-dir", data],
            b"\xff\nhelp\nquit\n",
            "Commands: ",
        ),
        // The tutor's question, answered after the line that is not text.
        (
            &[
                "play",
                "--deck",
                "pairs:4",
                "--seed",
                "7",
                "--tutor",
                "--screen-reader",
                no_save,
            ],
            b"a1\nb1\na2\n\xff\nn\n",
            "Taken back",
        ),
    ];
    for (args, input, then) in cases {
        let mut cmd = cli::command(args);
        cmd.env("CONCENTRATION_CACHE_DIR", &cache);
        let (code, out, err) = speak_with(cmd, input.to_vec());
        assert_eq!(code, 0, "{args:?}: {err}\n{out}");
        let at = out
            .find(NOT_TEXT)
            .unwrap_or_else(|| panic!("{args:?}: not answered:\n{out}"));
        assert!(
            out[at..].contains(then),
            "{args:?}: did not go on to {then:?}:\n{out}"
        );
    }
}

/// A 100 MB line under a 400 MB address space: cut as it is read, it costs nothing;
/// held whole (and its echo too), it did not fit.
#[cfg(unix)]
#[test]
fn a_long_line_is_cut_and_never_held_whole() {
    use std::os::unix::process::CommandExt as _;
    let mut cmd = cli::command(&[
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--no-save",
    ]);
    // SAFETY: setrlimit is async-signal-safe, and nothing else runs in the child here.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 400 << 20,
                rlim_max: 400 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut input = b"a1\n".to_vec();
    input.resize(input.len() + (100 << 20), b'x');
    input.extend_from_slice(b"\nb1\n");
    let (code, out, err) = speak_with(cmd, input);
    assert_eq!(code, 0, "{err}");
    let echo = out
        .lines()
        .find(|l| l.starts_with("Unknown command 'xxx"))
        .unwrap_or_else(|| panic!("no echo:\n{}", &out[..out.len().min(2000)]));
    assert!(
        echo.starts_with(&format!("Unknown command '{}…'.", "x".repeat(80))),
        "{echo}"
    );
    assert!(out.len() < 10_000, "the output holds the line");
    assert!(out.contains("You turn b1: B. No pair."), "{out}");
}

#[test]
fn what_was_typed_is_echoed_escaped() {
    let s = Scratch::new("echo");
    let fixed = s.0.join("fixed.cgn");
    std::fs::write(&fixed, FIXED).unwrap();
    let fixed = fixed.to_str().unwrap();
    let typed: &[u8] = b"\x1b]0;pwned\x07\n\x1b[6n\0\xc2\x9b\xe2\x80\xaex\n";
    let then_quit = [typed, b"quit\ny\n"].concat();
    let cases: [(&[&str], &[u8]); 6] = [
        (
            &["play", "--deck", "pairs:3", "--screen-reader", "--no-save"],
            &then_quit,
        ),
        (&["play", "--screen-reader", "--no-save"], typed),
        (
            &[
                "puzzle",
                "--deck",
                "pairs:6",
                "--seed",
                "5",
                "--screen-reader",
                "--no-save",
            ],
            typed,
        ),
        (
            &[
                "pairs",
                "--ranks",
                "4",
                "--seed",
                "2",
                "--screen-reader",
                "--no-save",
            ],
            typed,
        ),
        (&["replay", fixed, "--screen-reader", "--no-save"], typed),
        (
            &["watch", "--deck", "pairs:3", "--screen-reader", "--no-save"],
            typed,
        ),
    ];
    for (args, input) in cases {
        let (code, out, err) = speak(args, input);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_no_control(&out);
        assert!(
            out.contains("'\\u{1b}]0;pwned\\u{7}'"),
            "{args:?}: not escaped:\n{out}"
        );
        assert!(
            out.contains("'\\u{1b}[6n\\u{0}\\u{9b}\\u{202e}x'"),
            "{args:?}: not escaped:\n{out}"
        );
    }
}

#[test]
fn at_the_end_of_the_input_the_tutor_question_is_said_once() {
    let s = Scratch::new("tutor");
    let data = s.path("data");
    let (code, out, err) = speak(
        &[
            "play",
            "--deck",
            "pairs:4",
            "--seed",
            "7",
            "--tutor",
            "--screen-reader",
            "--data-dir",
            &data,
        ],
        b"a1\nb1\na2\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.matches("This loses 5 points of win chance").count(),
        1,
        "{out}"
    );
    assert!(out.trim_end().ends_with("w for why."), "{out}");
    assert_eq!(records(Path::new(&data)), 1, "the game is saved");
}

/// A data directory whose records folder cannot be made: its `games` is a file.
fn no_room_for_records(s: &Scratch) -> String {
    let data = s.0.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("games"), "not a folder").unwrap();
    data.to_str().unwrap().to_owned()
}

#[test]
fn a_game_that_cannot_be_saved_says_so_by_ear_and_exits_1() {
    let s = Scratch::new("unsaved");
    let data = no_room_for_records(&s);
    let args = [
        "play",
        "--deck",
        "pairs:3",
        "--seed",
        "7",
        "--screen-reader",
        "--data-dir",
        &data,
    ];
    // The end lines say it as the end window shows it, before the menu.
    let (code, out, err) = speak(&args, b"a1\nb1\nb2\na1\nc1\na2\n4\n");
    assert_eq!(code, NOT_SAVED, "{err}\n{out}");
    let lines: Vec<&str> = out.lines().collect();
    let menu = lines
        .iter()
        .position(|l| l.starts_with("Choose: "))
        .unwrap();
    assert!(
        lines[menu - 1].starts_with("Not saved: ") && lines[menu - 1].contains("games"),
        "{out}"
    );
    assert_eq!(out.matches("Not saved: ").count(), 1, "said once: {out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: not saved: "), "{err}");
    // Left mid-game with quit and y, and at the end of the input: the same.
    for input in [&b"a1\nb1\nquit\ny\n"[..], b"a1\nb1\n"] {
        let (code, out, err) = speak(&args, input);
        assert_eq!(code, NOT_SAVED, "{err}\n{out}");
        assert!(
            out.lines().last().unwrap().starts_with("Not saved: "),
            "{out}"
        );
        assert!(err.starts_with("error: not saved: "), "{err}");
    }
    // Solitaire and Pairs too.
    for (args, input) in [
        (
            &[
                "solitaire",
                "--deck",
                "pairs:3",
                "--seed",
                "1",
                "--screen-reader",
            ][..],
            &b"a1\nb1\n"[..],
        ),
        (
            &["pairs", "--ranks", "4", "--seed", "2", "--screen-reader"],
            b"hit\n",
        ),
    ] {
        let args = [args, &["--data-dir", &data]].concat();
        let (code, out, err) = speak(&args, input);
        assert_eq!(code, NOT_SAVED, "{args:?}: {err}\n{out}");
        assert!(out.contains("\nNot saved: "), "{args:?}: {out}");
        assert!(err.starts_with("error: not saved: "), "{args:?}: {err}");
    }
}

#[test]
fn a_full_screen_game_left_unsaved_says_so_after_the_terminal_is_back() {
    let _pty = pty::lock();
    let mut s = pty::Session::start(&[
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
    // The records folder cannot be made now.
    let games = record::records_dir(&s.data);
    let _ = std::fs::remove_dir_all(&games);
    std::fs::create_dir_all(&s.data).unwrap();
    std::fs::write(&games, "not a folder").unwrap();
    s.keys("\x1b");
    s.wait_for("Quit this game?");
    s.keys("y");
    let status = s.wait_exit();
    s.assert_restored();
    assert_eq!(status.exit_code(), 1, "{}", s.screen());
    assert!(s.screen().contains("error: not saved: "), "{}", s.screen());
}

/// A tmpfs of its own, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A file system with no room left, holding `data` with the fixed game in its records
/// folder, or `None` where no file system can be mounted (not root).
fn full_disk(at: &Path) -> Option<Tmpfs> {
    std::fs::create_dir_all(at).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
        .arg(at)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        // SAFETY: geteuid has no preconditions.
        assert!(
            unsafe { libc::geteuid() } != 0,
            "as root a tmpfs must mount: the full-disk test needs it"
        );
        return None;
    }
    let disk = Tmpfs(at.to_path_buf());
    std::fs::create_dir_all(at.join("data").join("games")).unwrap();
    std::fs::write(at.join("data").join("games").join("fixed.cgn"), FIXED).unwrap();
    let mut filler = std::fs::File::create(at.join("filler")).unwrap();
    while filler.write_all(&[0u8; 4096]).is_ok() {}
    Some(disk)
}

#[test]
fn puzzle_and_review_answers_that_cannot_be_saved_say_so_and_exit_1() {
    let s = Scratch::new("full");
    let Some(disk) = full_disk(&s.0.join("disk")) else {
        eprintln!("skipped: no tmpfs can be mounted here (not root)");
        return;
    };
    let data = disk.0.join("data");
    let data = data.to_str().unwrap();
    let cache = s.path("cache");
    let run = |args: &[&str], input: &[u8]| {
        let mut cmd = cli::command(args);
        cmd.env("CONCENTRATION_CACHE_DIR", &cache);
        speak_with(cmd, input.to_vec())
    };
    let (code, out, err) = run(
        &[
            "puzzle",
            "--deck",
            "pairs:6",
            "--seed",
            "5",
            "--screen-reader",
            "--data-dir",
            data,
        ],
        b"b1\nquit\n",
    );
    assert_eq!(code, NOT_SAVED, "{err}\n{out}");
    assert!(out.contains("\nNot saved: the puzzle tally: "), "{out}");
    assert!(
        err.contains("error: not saved: the puzzle tally: "),
        "{err}"
    );
    let (code, out, err) = run(
        &[
            "review",
            "--schedule",
            "--screen-reader",
            "--data-dir",
            data,
        ],
        b"a1\nquit\n",
    );
    assert_eq!(code, NOT_SAVED, "{err}\n{out}");
    assert!(out.contains("\nNot saved: the review schedule: "), "{out}");
    assert!(
        err.contains("error: not saved: the review schedule: "),
        "{err}"
    );
}

#[test]
fn the_review_by_ear_says_where_an_answer_leaves_the_decision() {
    let s = Scratch::new("review");
    let data = s.0.join("data");
    std::fs::create_dir_all(data.join("games")).unwrap();
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let mut cmd = cli::command(&[
        "review",
        "--schedule",
        "--screen-reader",
        "--data-dir",
        data.to_str().unwrap(),
    ]);
    cmd.env("CONCENTRATION_CACHE_DIR", s.0.join("cache"));
    let (code, out, err) = speak_with(cmd, b"a1\nagain\nquit\n".to_vec());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nBack in 1 day.\n"), "{out}");
    assert!(!out.to_lowercase().contains("click"), "{out}");
    assert!(out.contains("Try again: type the best card."), "{out}");
}

#[test]
fn record_file_names_are_listed_escaped() {
    let s = Scratch::new("names");
    let data = s.0.join("data");
    let games = data.join("games");
    std::fs::create_dir_all(&games).unwrap();
    for name in ["evil\u{202e}gnp.cgn", "a\u{1b}]0;x\u{7}b.cgn"] {
        std::fs::write(games.join(name), FIXED).unwrap();
    }
    let data = data.to_str().unwrap();
    let cache = s.path("cache");
    for args in [
        &["review", "--list", "5", "--data-dir", data][..],
        &["history", "--list", "--data-dir", data],
    ] {
        let mut cmd = cli::command(args);
        cmd.env("CONCENTRATION_CACHE_DIR", &cache);
        let (code, out, err) = speak_with(cmd, Vec::new());
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_no_control(&out);
        assert!(out.contains("evil\\u{202e}gnp.cgn"), "{args:?}: {out}");
        assert!(out.contains("a\\u{1b}]0;x\\u{7}b.cgn"), "{args:?}: {out}");
    }
}
