//! A catalogue of bad command lines, bad files and bad data directories, across every
//! subcommand: each exits with status 2, prints exactly one line on standard error and
//! nothing on standard output, and changes nothing on disk. Every run has its own home,
//! data directory, settings file and working directory inside a scratch folder.
//!
//! The catalogue as a table (arguments, status, the line printed):
//! `BAD_INPUT_CATALOGUE=/tmp/bad_input_catalogue.md cargo test --release --test it bad_input`
//! appends one row per case to that file (`-- --nocapture` prints them too).

use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

struct Sandbox {
    root: PathBuf,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Every path under `dir` with a hash of its contents (folders hash to 0).
fn snapshot(dir: &Path, out: &mut BTreeMap<PathBuf, u64>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if !entry.file_type().unwrap().is_file() && !path.is_dir() {
            // A FIFO: never read (it would block).
            out.insert(path, 1);
        } else if path.is_dir() {
            out.insert(path.clone(), 0);
            snapshot(&path, out);
        } else {
            let mut h = DefaultHasher::new();
            std::fs::read(&path).unwrap().hash(&mut h);
            out.insert(path, h.finish());
        }
    }
}

impl Sandbox {
    fn new(name: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("concentration-bad-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["home", "data", "folder"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        let sandbox = Self { root };
        // A real record to corrupt, saved by the program itself.
        let (code, _, err) = sandbox.run(&[
            "duel", "--deck", "pairs:4", "--first", "optimal", "--second", "usual", "--games", "1",
            "--seed", "3", "--save",
        ]);
        assert_eq!(code, 0, "{err}");
        let games = sandbox.root.join("data").join("games");
        let saved = std::fs::read_dir(&games)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let good = std::fs::read_to_string(saved).unwrap();
        let files: [(&str, Vec<u8>); 15] = [
            ("good.cgn", good.clone().into_bytes()),
            ("empty.cgn", Vec::new()),
            (
                "noise.cgn",
                (0..200u8).map(|b| b.wrapping_mul(151)).collect(),
            ),
            (
                "truncated.cgn",
                good.lines()
                    .take(16)
                    .collect::<Vec<_>>()
                    .join("\n")
                    .into_bytes(),
            ),
            (
                "other-seed.cgn",
                good.replace("[Seed \"", "[Seed \"1").into_bytes(),
            ),
            (
                "version.cgn",
                good.replace("concentration 1\"", "concentration 7\"")
                    .into_bytes(),
            ),
            ("huge.cgn", vec![b'a'; 5 << 20]),
            ("bom.cgn", format!("\u{feff}{good}").into_bytes()),
            (
                "bad-date.cgn",
                good.replacen("[Date \"", "[Date \"1", 1).into_bytes(),
            ),
            (
                "bad-time.cgn",
                good.replacen("[Time \"", "[Time \"9", 1).into_bytes(),
            ),
            (
                "settings.toml",
                b"deck = \"pairs:9\"\nopponent = \"genius\"\n".to_vec(),
            ),
            ("notes.txt", b"not a folder\n".to_vec()),
            // Tables: a 7th seat, a move by seat G, a seat of an unknown kind.
            (
                "seven-seats.cgn",
                good.replace(
                    "[B \"usual\"]\n",
                    "[B \"usual\"]\n[C \"c\"]\n[D \"d\"]\n[E \"e\"]\n[F \"f\"]\n[G \"g\"]\n",
                )
                .into_bytes(),
            ),
            (
                "seat-g.cgn",
                good.replacen("1. A ", "1. G ", 1).into_bytes(),
            ),
            (
                "unknown-kind.cgn",
                good.replace("[B \"usual\"]", "[B \"hal:genius\"]")
                    .into_bytes(),
            ),
        ];
        for (name, bytes) in files {
            std::fs::write(sandbox.root.join(name), bytes).unwrap();
        }
        sandbox.bad_data_dirs();
        sandbox
    }

    /// Data directories in a bad state, and a FIFO named like a record.
    fn bad_data_dirs(&self) {
        let dir = |name: &str| {
            let d = self.root.join(name);
            std::fs::create_dir_all(&d).unwrap();
            d
        };
        std::fs::write(dir("games-file").join("games"), "not a folder\n").unwrap();
        std::fs::write(
            self.root.join("neon.toml"),
            "data-dir = \"data\"\ntheme = \"neon\"\n",
        )
        .unwrap();
        std::fs::write(
            self.root.join("seats.toml"),
            "deck = \"pairs:4\"\nplayers = \"you,hal:genius\"\n",
        )
        .unwrap();
        std::fs::write(
            self.root.join("one-flip.toml"),
            "players = \"you,optimal,usual\"\nvariant = \"one-flip\"\n",
        )
        .unwrap();
        #[cfg(unix)]
        assert!(
            Command::new("mkfifo")
                .arg(self.root.join("fifo.cgn"))
                .status()
                .unwrap()
                .success()
        );
    }

    fn run_with(&self, args: &[&str], config: &str) -> (i32, String, String) {
        let child = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .current_dir(&self.root)
            .env("HOME", self.root.join("home"))
            .env("XDG_CONFIG_HOME", self.root.join("home").join(".config"))
            .env("XDG_DATA_HOME", self.root.join("home").join(".local"))
            .env("CONCENTRATION_DATA_DIR", self.root.join("data"))
            .env("CONCENTRATION_CONFIG", self.root.join(config))
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish(child, args);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn run(&self, args: &[&str]) -> (i32, String, String) {
        self.run_with(args, "config.toml")
    }

    /// Runs each bad case and checks the contract.
    fn check(&self, cases: &[(&[&str], &str)], config: &str) {
        let mut before = BTreeMap::new();
        snapshot(&self.root, &mut before);
        for &(args, expected) in cases {
            let (code, out, err) = self.run_with(args, config);
            assert_eq!(code, 2, "{args:?}: status {code}, stderr {err}");
            assert_eq!(out, "", "{args:?}: printed on stdout");
            assert_eq!(err.lines().count(), 1, "{args:?}: not one line:\n{err}");
            assert!(
                err.ends_with('\n') && err.starts_with("error: "),
                "{args:?}: {err}"
            );
            assert!(
                err.contains(expected),
                "{args:?}: expected {expected:?} in {err}"
            );
            // Whatever it quotes, the line is shown safely and stays readable.
            assert!(
                !err.trim_end().chars().any(concentration::words::is_hidden),
                "{args:?}: a control or format character reached the terminal: {err:?}"
            );
            assert!(
                err.chars().count() <= 1001,
                "{args:?}: {} characters",
                err.chars().count()
            );
            catalogue_row(args, config, code, &err);
            let mut after = BTreeMap::new();
            snapshot(&self.root, &mut after);
            assert_eq!(before, after, "{args:?} changed the disk");
        }
    }
}

/// Waits for `child`, killing it after a minute: a command that blocks (on a FIFO, say)
/// fails its case instead of hanging the tests.
fn finish(mut child: std::process::Child, args: &[&str]) -> std::process::Output {
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: still running after a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// Adds a case to the catalogue: printed, and appended to `$BAD_INPUT_CATALOGUE` if set.
fn catalogue_row(args: &[&str], config: &str, code: i32, err: &str) {
    static FILE: Mutex<()> = Mutex::new(());
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            // An argument with a newline or an escape is shown as the program shows it.
            let a = concentration::words::shown(a);
            if a.contains(' ') || a.is_empty() {
                format!("\"{a}\"")
            } else {
                a
            }
        })
        .collect();
    let settings = if config == "config.toml" {
        String::new()
    } else {
        format!(" (settings file {config})")
    };
    let row = format!(
        "| `{}`{settings} | {code} | `{}` |",
        shown.join(" "),
        err.trim_end().replace('|', "\\|")
    );
    println!("{row}");
    if let Some(path) = std::env::var_os("BAD_INPUT_CATALOGUE") {
        use std::io::Write as _;
        let _guard = FILE.lock();
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap();
        writeln!(f, "{row}").unwrap();
    }
}

type Cases = &'static [(&'static [&'static str], &'static str)];

#[test]
fn the_catalogue_has_at_least_sixty_cases() {
    let n = COMMAND_LINES.len() + FILES.len() + SETTINGS.len() + NEON.len() + ENVIRONMENT.len();
    #[cfg(unix)]
    let n = n + FIFOS.len() + UNREAD_FLAGS.len() + RELIABILITY_FILES.len();
    #[cfg(unix)]
    let n = n + BAD_SETTINGS_FILES
        .iter()
        .map(|(_, c)| c.len())
        .sum::<usize>();
    println!("{n} cases");
    assert!(n >= 60, "{n}");
}

#[test]
fn bad_command_lines() {
    let s = Sandbox::new("lines");
    s.check(COMMAND_LINES, "config.toml");
}

const COMMAND_LINES: Cases = &[
    (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
    (&["--colour"], "'--colour'"),
    // play and watch
    (&["play", "--colour"], "'--colour'"),
    (&["play", "--deck", "banana"], "unknown deck 'banana'"),
    (&["play", "--deck", "pairs:0"], "pairs:0"),
    (
        &["play", "--deck", "zebra", "--players", "you,optimal,usual"],
        "--players: Zebra is played by two seats (3 given): no own-pairs solver knows Zebra",
    ),
    (
        &["watch", "--deck", "zebra:4", "--variant", "one-flip"],
        "--variant one-flip: Zebra is played with the standard turn only (no One Flip Zebra solver)",
    ),
    (
        &["play", "--deck", "standard", "--variant", "duel"],
        "--variant duel: deck 'standard': the duel splits two of each card, one a side",
    ),
    (
        &[
            "watch",
            "--deck",
            "pairs:4",
            "--variant",
            "duel-leader",
            "--layout",
            "circle",
        ],
        "--layout circle: the Two Decks Duel lays out two fields, a grid a side",
    ),
    (
        &["play", "--variant", "duel", "--moving", "3"],
        "--moving: the Two Decks Duel's cards stay on their owner's side",
    ),
    (
        &[
            "play",
            "--deck",
            "double",
            "--variant",
            "duel",
            "--players",
            "you,optimal,usual",
        ],
        "the Two Decks Duel is played by two, a side each (3 seats given)",
    ),
    (&["play", "--deck", "100x4"], "a table holds at most"),
    (&["play", "--deck", "13x3"], "must be even"),
    (
        &["play", "--first", "nobody"],
        "unknown first player 'nobody'",
    ),
    (
        &["play", "--opponent", "genius"],
        "unknown opponent 'genius'",
    ),
    (&["play", "--objective", "moves"], "is for solitaire"),
    (
        &["play", "--pass-rule", "sometimes"],
        "unknown pass rule 'sometimes'",
    ),
    (&["play", "--memory", "photographic"], "unknown memory mode"),
    (&["play", "--hints", "maybe"], "unknown hint mode 'maybe'"),
    (&["play", "--ai-delay", "100"], "between 0 and 60"),
    (&["play", "--ai-delay", "-1"], "between 0 and 60"),
    (&["play", "--ai-delay", "soon"], "'soon'"),
    (&["play", "--seed", "x"], "'x'"),
    (
        &["play", "--vs", "usual"],
        "--vs is for `concentration watch`",
    ),
    (
        &["play", "--objective", "margin", "--pass-rule", "withdraw"],
        "cannot go with pass rule 'withdraw'",
    ),
    (&["play", "--deck", "pairs:3"], "needs a terminal"),
    (
        &["play", "--theme", "neon"],
        "--theme: unknown theme 'neon'",
    ),
    (
        &["watch", "--theme", "sepia", "--ascii"],
        "unknown theme 'sepia'",
    ),
    (&["solitaire", "--theme", "neon"], "unknown theme 'neon'"),
    (&["play", "--data-dir"], "--data-dir"),
    (&["watch", "--vs", "genius"], "unknown opponent 'genius'"),
    (&["watch", "--deck", "nope"], "unknown deck 'nope'"),
    (&["watch"], "needs a terminal"),
    // seats at the table
    (
        &["play", "--players", "you,hal:genius"],
        "unknown seat kind 'genius' in 'hal:genius'",
    ),
    (
        &["play", "--players", "a,b,c,d,e,f,g"],
        "7 seats: a table has 2 to 6",
    ),
    (&["play", "--players", "you,,usual"], "seat 2 is empty"),
    (&["play", "--players", "ann,ANN"], "'ANN' is used twice"),
    (
        &[
            "play",
            "--players",
            "you,optimal,usual",
            "--objective",
            "win",
        ],
        "--objective win with 3 players: win probability is not offered",
    ),
    (
        &[
            "play",
            "--players",
            "you,usual,usual",
            "--objective",
            "margin",
        ],
        "--objective margin with 3 players",
    ),
    (
        &["play", "--players", "ann,usual", "--objective", "own-pairs"],
        "own-pairs is for three or more players",
    ),
    (
        &["play", "--players", "you,usual,usual", "--pass-rule", "ko"],
        "pass rule 'ko' needs two players",
    ),
    (
        &[
            "play",
            "--players",
            "you,usual,usual",
            "--pass-rule",
            "quit",
        ],
        "pass rule 'quit' needs two players",
    ),
    (
        &[
            "play",
            "--players",
            "you,usual,usual",
            "--pass-rule",
            "withdraw",
        ],
        "pass rule 'withdraw' needs two players",
    ),
    (
        &["play", "--players", "you,usual", "--first", "ai"],
        "--first cannot go with --players",
    ),
    (
        &["play", "--players", "you,usual", "--opponent", "usual"],
        "--opponent cannot go with --players",
    ),
    (
        &["watch", "--players", "usual,usual,you"],
        "watch seats AIs only, and 'you' is a person",
    ),
    (
        &["play", "--variant", "sideways"],
        "unknown variant 'sideways'",
    ),
    (
        &["play", "--layout", "spiral"],
        "unknown layout 'spiral': expected one of grid, circle, diamond, triangle, scatter",
    ),
    (
        &["play", "--moving", "0"],
        "--moving '0': expected a number of turns from 1 to 1000",
    ),
    (&["watch", "--moving", "-2"], "--moving '-2'"),
    (&["solitaire", "--moving", "often"], "--moving 'often'"),
    (&["solitaire", "--layout", ""], "unknown layout ''"),
    // solve
    (&["solve", "--deck", "banana"], "unknown deck 'banana'"),
    (&["solve", "--deck", "0x2"], "at least one label"),
    (
        &["solve", "--variant", "one-flip", "--objective", "moves"],
        "objective 'moves' cannot go with variant 'one-flip'",
    ),
    (
        &["solve", "--variant", "banana"],
        "unknown variant 'banana'",
    ),
    (
        &["solve", "--objective", "best"],
        "unknown objective 'best'",
    ),
    (&["solve", "--position", "x"], "bad position token 'x'"),
    (
        &["solve", "--deck", "3x2", "--position", "2.2x5"],
        "5 labels but the deck has only 3",
    ),
    (
        &["solve", "--deck", "3x2", "--revealed", "9.9"],
        "pattern 9.9 is impossible",
    ),
    (
        &["solve", "--revealed", "2.2", "--held", "2.2"],
        "cannot be used with",
    ),
    (&["solve", "--diff", "abc"], "'abc'"),
    (&["solve", "extra"], "'extra'"),
    // solve with seats (own-pairs)
    (
        &["solve", "--players", "3", "--objective", "win"],
        "--objective win is for two players",
    ),
    (
        &["solve", "--players", "7"],
        "invalid value '7' for '--players",
    ),
    (
        &[
            "solve",
            "--players",
            "3",
            "--pass-rule",
            "none",
            "--passes",
            "1",
        ],
        "--passes: passing is not allowed under pass rule 'none'",
    ),
    (
        &["solve", "--players", "3", "--passes", "3"],
        "--passes 3: at most 2 passes in a row",
    ),
    (
        &[
            "solve",
            "--players",
            "2",
            "--objective",
            "own-pairs",
            "--pass-rule",
            "withdraw",
        ],
        "pass rule 'withdraw' is not defined for own-pairs",
    ),
    (
        &["solve", "--players", "3", "--pass-rule", "ko"],
        "pass rule 'ko' is not defined for own-pairs",
    ),
    (
        &["solve", "--players", "6", "--pass-rule", "quit"],
        "pass rule 'quit' is not defined for own-pairs",
    ),
    (
        &["solve", "--passes", "1"],
        "--passes goes with --objective own-pairs",
    ),
    (
        &["solve", "--players", "4", "--diff", "2"],
        "--diff is not used with own-pairs",
    ),
    (
        &["solve", "--players", "3", "--passes", "1"],
        "--passes 1 is impossible here",
    ),
    (
        &["solve", "--players", "3", "--deck", "30x6"],
        "too large to solve",
    ),
    // solve on Zebra
    (
        &["solve", "--deck", "zebra:0"],
        "zebra:L needs 1 <= L <= 100",
    ),
    (
        &["solve", "--deck", "zebra", "--position", "2.2/1.1x1"],
        "--position: Zebra pattern '2.2/1.1': RR and RB must be equal",
    ),
    (
        &["solve", "--deck", "zebra", "--position", "2.3/2.0x1"],
        "--position: Zebra pattern '2.3/2.0': more unknown cards than cards on the table (U > R)",
    ),
    (
        &["solve", "--deck", "zebra:2", "--position", "2.2/2.2x3"],
        "--position: position has 3 ranks but the deck has only 2",
    ),
    (
        &[
            "solve",
            "--deck",
            "zebra",
            "--position",
            "2.0/2.2x1",
            "--revealed",
            "2.2/2.0:black",
        ],
        "--revealed 2.2/2.0:black: a rank in pattern 2.2/2.0 has no unknown black card",
    ),
    (
        &["solve", "--deck", "zebra", "--held", "2.2/2.2:green"],
        "unknown colour 'green'",
    ),
    (
        &["solve", "--deck", "zebra", "--objective", "moves"],
        "--objective moves: objective 'moves' is not offered for Zebra",
    ),
    // the Two Decks Duel
    (
        &["solve", "--variant", "duel", "--deck", "standard"],
        "--variant duel: deck 'standard': the duel splits two of each card",
    ),
    (
        &["solve", "--variant", "duel", "--deck", "zebra"],
        "deck 'zebra': the duel splits two of each card",
    ),
    (
        &["solve", "--variant", "duel", "--deck", "4x4"],
        "deck '4x4'",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--players",
            "3",
        ],
        "--variant duel is played by two, a side each",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--objective",
            "moves",
        ],
        "--objective moves: objective 'moves' is not offered for the duel",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--objective",
            "margin",
            "--pass-rule",
            "withdraw",
        ],
        "cannot go with pass rule 'withdraw'",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--position",
            "3/1/0",
        ],
        "--position: '3/1/0': expected N/L/A/B",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--position",
            "3/1/1/0",
        ],
        "needs 1 to 4 labels on the table",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--position",
            "3/0/0/0",
            "--diff",
            "2",
        ],
        "diff",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:3",
            "--position",
            "2/1/0/0",
            "--after-pass",
        ],
        "--after-pass is impossible here",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--held",
            "N",
        ],
        "--held N: a seen card of the leader's is in pile L or B",
    ),
    (
        &[
            "solve",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--held",
            "L",
        ],
        "--held L: no label is in pile L of 4/0/0/0",
    ),
    (
        &[
            "duel",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--games",
            "10",
        ],
        "--games: the Two Decks Duel's duel is exact only",
    ),
    (
        &[
            "duel",
            "--variant",
            "duel",
            "--deck",
            "pairs:4",
            "--first",
            "best",
            "--second",
            "best",
        ],
        "a best response needs a fixed opponent",
    ),
    (
        &["duel", "--variant", "duel"],
        "deck 'standard': the duel splits",
    ),
    // duel
    (&["duel", "--first", "nobody"], "'nobody'"),
    (&["duel", "--games", "0"], "at least 1"),
    (&["duel", "--seed", "3"], "--games"),
    (&["duel", "--save"], "--games"),
    (
        &[
            "duel", "--deck", "pairs:3", "--games", "5", "--first", "best",
        ],
        "only be computed exactly",
    ),
    (&["duel", "--deck", "40x4"], "too large to solve"),
    (
        &[
            "solve",
            "--deck",
            "20001x2",
            "--objective",
            "moves",
            "--exact",
        ],
        "too large to solve",
    ),
    (&["play", "--deck", "double:2"], "unknown deck 'double:2'"),
    (&["duel", "--tie-break", "random"], "'random'"),
    (&["duel", "--variant", "banana"], "unknown variant 'banana'"),
    (
        &[
            "duel",
            "--players",
            "optimal,usual,usual",
            "--variant",
            "one-flip",
        ],
        "--variant one-flip: the own-pairs solver plays the standard turn only",
    ),
    (
        &[
            "duel",
            "--players",
            "optimal,usual,usual",
            "--variant",
            "one-flip",
            "--games",
            "5",
        ],
        "--variant one-flip: the optimal AI at a table of seats plays the standard turn only",
    ),
    (
        &[
            "duel",
            "--players",
            "usual,usual,usual",
            "--pass-rule",
            "ko",
            "--games",
            "5",
        ],
        "pass rule 'ko' needs two players",
    ),
    (
        &["duel", "--players", "usual,usual", "--games", "0"],
        "--games must be at least 1",
    ),
    (
        &["duel", "--players", "usual,bob", "--games", "3"],
        "--players: 'bob' is not an AI",
    ),
    (
        &["duel", "--players", "ann,optimal"],
        "--players: 'ann' is not an AI",
    ),
    (
        &["duel", "--players", "optimal,usual", "--pass-rule", "ko"],
        "pass rule 'ko' is not defined for own-pairs",
    ),
    (
        &[
            "duel",
            "--players",
            "optimal,usual,usual,usual,usual,usual,usual",
        ],
        "7 seats",
    ),
    // records
    (&["analyze"], "<FILE>"),
    (&["replay"], "<FILE>"),
    (&["history", "--lst"], "'--lst'"),
    // the others
    (&["completions"], "<SHELL>"),
    (&["completions", "tcsh"], "'tcsh'"),
    (&["man", "--dir", "missing"], "not an existing folder"),
    (&["man", "--dir", "notes.txt"], "not an existing folder"),
    (&["config", "frob"], "unrecognized subcommand 'frob'"),
    (&["solitaire", "--deck", "banana"], "unknown deck 'banana'"),
    (
        &["duel", "--deck", "zebra:2", "--first", "best"],
        "--first/--second: on Zebra a duel is between optimal and usual (no best response)",
    ),
    (
        &["duel", "--deck", "zebra:2", "--variant", "one-flip"],
        "--variant one-flip: Zebra is played with the standard turn only (no One Flip Zebra solver)",
    ),
    (
        &[
            "duel",
            "--deck",
            "zebra",
            "--players",
            "optimal,usual,usual",
        ],
        "--players: Zebra is played by two seats: no own-pairs solver knows Zebra",
    ),
    (
        &["solitaire", "--deck", "zebra"],
        "--deck zebra: no solitaire on Zebra (its par needs the moves objective, which the Zebra solver does not offer)",
    ),
    (
        &["solitaire", "--seed", "1", "--daily"],
        "cannot be used with",
    ),
    (&["solitaire", "--deck", "pairs:4"], "needs a terminal"),
    (&["stats", "--jsn"], "'--jsn'"),
    (&["review", "--json"], "--list <N>"),
    (
        &["review", "--list", "many"],
        "invalid value 'many' for '--list <N>'",
    ),
    (&["review", "--schedule", "--shedule"], "'--shedule'"),
    (
        &["pairs", "start", "--ranks", "2"],
        "--ranks 2: expected 3 to 10",
    ),
    (
        &[
            "pairs", "solve", "--ranks", "11", "--unseen", "1", "--stacks", "1;2",
        ],
        "--ranks 11: expected 3 to 10",
    ),
    (
        &["pairs", "start", "--players", "1"],
        "--players 1: a table has 2 to 6",
    ),
    (
        &["pairs", "start", "--players", "7"],
        "--players 7: a table has 2 to 6",
    ),
    (
        &["pairs", "start", "--ranks", "4", "--within=-1"],
        "--within -1: expected a bound of 0 or more",
    ),
    (
        &["pairs", "start", "--ranks", "4", "--within", "inf"],
        "--within inf: expected a bound of 0 or more",
    ),
    (&["pairs", "duel", "--players", "spne"], "--players: 1 seat"),
    (
        &[
            "pairs",
            "duel",
            "--players",
            "spne,random,random,random,random,random,random",
        ],
        "--players: 7 seats",
    ),
    (
        &["pairs", "duel", "--players", "spne,ann"],
        "'ann' is not an AI",
    ),
    (
        &[
            "pairs",
            "solve",
            "--ranks",
            "3",
            "--players",
            "2",
            "--unseen",
            "1,2,3",
            "--stacks",
            "1 1;2",
        ],
        "stack 1 holds rank 1 twice",
    ),
    (
        &[
            "pairs",
            "solve",
            "--ranks",
            "3",
            "--players",
            "2",
            "--unseen",
            "0,1,3",
            "--stacks",
            "3;2",
        ],
        "rank 3: 4 cards unseen and face up",
    ),
    (
        &[
            "pairs",
            "solve",
            "--ranks",
            "3",
            "--players",
            "2",
            "--unseen",
            "1,2",
            "--stacks",
            "3;2",
        ],
        "--unseen '1,2': 2 counts, expected 3",
    ),
    (
        &[
            "pairs",
            "solve",
            "--ranks",
            "3",
            "--players",
            "3",
            "--unseen",
            "1,1,2",
            "--stacks",
            "3;2",
        ],
        "2 stacks, expected one for each of the 3 players",
    ),
    (
        &["pairs", "duel", "--games", "0"],
        "--games must be at least 1",
    ),
    // A negative number for a flag that wants a whole number from 0 names the flag.
    (
        &["duel", "--games", "-5"],
        "invalid value '-5' for '--games",
    ),
    (
        &["duel", "--games", "5", "--seed", "-1"],
        "invalid value '-1' for '--seed",
    ),
    (&["play", "--seed", "-2"], "invalid value '-2' for '--seed"),
    (
        &["solitaire", "--challenge", "-3"],
        "invalid value '-3' for '--challenge",
    ),
    (
        &["solitaire", "--seed", "-1"],
        "invalid value '-1' for '--seed",
    ),
    // Huge numbers.
    (
        &["duel", "--games", "1e400"],
        "invalid value '1e400' for '--games",
    ),
    (
        &["duel", "--games", "99999999999999999999999"],
        "for '--games",
    ),
    (
        &["play", "--ai-delay", "1e400"],
        "--ai-delay inf: expected seconds between 0 and 60",
    ),
    (
        &["solitaire", "--show-delay", "1e999"],
        "--show-delay inf: expected seconds",
    ),
    (
        &["solitaire", "--show-delay", "NaN"],
        "--show-delay NaN: expected seconds",
    ),
    // --diff ranges, without "-0".
    (
        &["solve", "--deck", "3x2", "--diff", "1"],
        "--diff 1 is impossible: with no pair taken yet it must be 0",
    ),
    (
        &[
            "solve",
            "--deck",
            "3x2",
            "--position",
            "2.2x2",
            "--diff",
            "-2",
        ],
        "with 1 pair taken it must be -1 or 1",
    ),
    // Deck names are case-insensitive: these are accepted (and then need a terminal).
    (&["play", "--deck", "STANDARD"], "needs a terminal"),
    (&["solitaire", "--deck", "Pairs:4"], "needs a terminal"),
    (&["solve", "--deck", "PAIRS:0"], "'PAIRS:0'"),
];

#[test]
fn bad_files() {
    let s = Sandbox::new("files");
    std::fs::write(s.root.join("config.toml"), "# mine\n").unwrap();
    s.check(FILES, "config.toml");
}

const FILES: Cases = &[
    (&["analyze", "missing.cgn"], "missing.cgn: No such file"),
    (&["analyze", "folder"], "folder: "),
    (&["analyze", "empty.cgn"], "empty.cgn: line 1: empty record"),
    (
        &["analyze", "noise.cgn"],
        "noise.cgn: line 1: not a text record",
    ),
    (&["analyze", "truncated.cgn"], "truncated?"),
    (&["analyze", "other-seed.cgn"], "in the record, but seed 1"),
    (&["analyze", "version.cgn"], "unknown version '7'"),
    (&["analyze", "huge.cgn"], "too large to be a record"),
    (&["analyze", "settings.toml"], "settings.toml: line 1: "),
    (&["analyze", "good.cgn", "--jsn"], "'--jsn'"),
    (
        &["analyze", "seven-seats.cgn"],
        "seven-seats.cgn: line 12: header G: a table has at most 6 seats, A to F",
    ),
    (
        &["analyze", "seat-g.cgn"],
        "no seat G at this table: its seats are A to B",
    ),
    (
        &["analyze", "unknown-kind.cgn"],
        "unknown-kind.cgn: line 7: header B: unknown seat kind 'genius' in 'hal:genius'",
    ),
    (
        &["replay", "seven-seats.cgn"],
        "header G: a table has at most 6 seats",
    ),
    (
        &["replay", "unknown-kind.cgn"],
        "unknown seat kind 'genius'",
    ),
    (&["replay", "missing.cgn"], "missing.cgn: No such file"),
    (&["replay", "folder"], "folder: "),
    (&["replay", "empty.cgn"], "empty record"),
    (&["replay", "noise.cgn"], "not a text record"),
    (&["replay", "truncated.cgn"], "truncated?"),
    (&["replay", "other-seed.cgn"], "in the record, but seed 1"),
    (&["replay", "version.cgn"], "unknown version"),
    (&["replay", "huge.cgn"], "too large to be a record"),
    (&["replay", "good.cgn"], "needs a terminal"),
    (
        &["replay", "good.cgn", "--theme", "neon"],
        "unknown theme 'neon'",
    ),
    // A data directory that is a file.
    (
        &["history", "--list", "--data-dir", "notes.txt"],
        "notes.txt is not a folder",
    ),
    (
        &[
            "duel",
            "--deck",
            "pairs:3",
            "--games",
            "2",
            "--save",
            "--data-dir",
            "notes.txt",
        ],
        "notes.txt is not a folder",
    ),
    (
        &["stats", "--data-dir", "notes.txt"],
        "notes.txt is not a folder",
    ),
    (
        &["play", "--deck", "pairs:3", "--data-dir", "notes.txt"],
        "needs a terminal",
    ),
    // The settings file is not read when it is not there.
    (&["config", "init"], "config.toml already exists"),
    // Records that are not quite records.
    (
        &["analyze", "bom.cgn"],
        "bom.cgn: line 1: the file starts with a byte-order mark (UTF-8 BOM)",
    ),
    (&["replay", "bom.cgn"], "byte-order mark"),
    (
        &["analyze", "bad-date.cgn"],
        "bad-date.cgn: line 2: header Date: '12026-",
    ),
    (
        &["analyze", "bad-time.cgn"],
        "bad-time.cgn: line 3: header Time: '9",
    ),
    (&["replay", "bad-time.cgn"], "is not a time HH:MM:SS"),
];

/// Only on Unix, where a FIFO can be made.
#[cfg(unix)]
const FIFOS: Cases = &[
    (
        &["analyze", "fifo.cgn"],
        "fifo.cgn: not a regular file (a FIFO), so not a record",
    ),
    (
        &["replay", "fifo.cgn"],
        "fifo.cgn: not a regular file (a FIFO)",
    ),
    (&["analyze", "fifo.cgn", "--json"], "not a regular file"),
];

#[cfg(unix)]
#[test]
fn a_fifo_is_no_record() {
    let s = Sandbox::new("fifo");
    s.check(FIFOS, "config.toml");
}

/// Data directories in a bad state: a clear line naming the path and the problem. (A
/// damaged statistics, tally, schedule or cache file is no error: `stats` warns and goes
/// on, tests/it/reliability/data_files.rs.)
const ENVIRONMENT: Cases = &[
    (
        &["history", "--list", "--data-dir", "games-file"],
        "games-file/games: the records folder is a file, not a folder",
    ),
    (
        &["history", "--data-dir", "games-file"],
        "the records folder is a file",
    ),
    (
        &[
            "duel",
            "--deck",
            "pairs:3",
            "--first",
            "optimal",
            "--second",
            "usual",
            "--games",
            "2",
            "--save",
            "--data-dir",
            "games-file",
        ],
        "games-file/games: the records folder is a file, not a folder",
    ),
    (
        &["history", "--list", "--data-dir", "notes.txt/x"],
        "notes.txt/x",
    ),
];

#[test]
fn bad_data_directories() {
    let s = Sandbox::new("environment");
    s.check(ENVIRONMENT, "config.toml");
}

const SETTINGS: Cases = &[
    (
        &["config", "show"],
        "settings.toml: line 2: key 'opponent': unknown opponent 'genius'",
    ),
    (&["config", "init"], "settings.toml already exists"),
];

/// A settings file with one bad value: `config show` refuses it (other commands warn and
/// keep its other values: see tests/it/config.rs).
const NEON: Cases = &[(
    &["config", "show"],
    "neon.toml: line 2: key 'theme': unknown theme 'neon'",
)];

/// Settings files that seat a bad table: an unknown seat kind, One Flip where an optimal
/// AI sits at three seats.
const TABLES: Cases = &[(
    &["config", "show"],
    "seats.toml: line 2: key 'players': unknown seat kind 'genius' in 'hal:genius'",
)];
const ONE_FLIP: Cases = &[(
    &["config", "show"],
    "one-flip.toml: line 2: key 'variant': no solver plays One Flip with three or more players",
)];

#[test]
fn a_broken_settings_file() {
    let s = Sandbox::new("settings");
    s.check(SETTINGS, "settings.toml");
    s.check(NEON, "neon.toml");
    s.check(TABLES, "seats.toml");
    s.check(ONE_FLIP, "one-flip.toml");
    // Where the file only supplies defaults and the command fails anyway, its warning
    // joins the error's one line.
    let (code, out, err) = s.run_with(&["play", "--deck", "pairs:3"], "settings.toml");
    assert_eq!((code, out.as_str()), (2, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("error: the game needs a terminal"),
        "{err}"
    );
    assert!(
        lines[0].contains("; also config file ") && lines[0].contains("'opponent'"),
        "{err}"
    );
}

/// A Pairs record the program can read: one round, the first mover folds.
const PAIRS_GOOD: &str = "[Format \"pairs 1\"]\n[Date \"2026-11-22\"]\n[Time \"12:00:00\"]\n[Seed \"3\"]\n[Ranks \"10\"]\n[Target \"31\"]\n[Players \"you,spne\"]\n[Result \"unfinished\"]\n\n1. f\n";

#[test]
fn bad_pairs_records_and_command_lines() {
    let s = Sandbox::new("pairs");
    let files = [
        (
            "pairs-cut.cgn",
            "[Format \"pairs 1\"]\n[Seed \"3".to_string(),
        ),
        ("pairs-word.cgn", PAIRS_GOOD.replace("1. f", "1. x")),
        ("pairs-order.cgn", format!("{PAIRS_GOOD}3. f\n")),
        (
            "pairs-players.cgn",
            PAIRS_GOOD.replace("[Players \"you,spne\"]\n", ""),
        ),
        (
            "pairs-ranks.cgn",
            PAIRS_GOOD.replace("[Ranks \"10\"]", "[Ranks \"11\"]"),
        ),
        (
            "pairs-seed.cgn",
            PAIRS_GOOD.replace("[Seed \"3\"]", "[Seed \"three\"]"),
        ),
        ("pairs-good.cgn", PAIRS_GOOD.to_string()),
    ];
    for (name, text) in files {
        std::fs::write(s.root.join(name), text).unwrap();
    }
    s.check(PAIRS_CASES, "config.toml");
}

const PAIRS_CASES: Cases = &[
    (
        &["analyze", "pairs-cut.cgn"],
        "pairs-cut.cgn: line 2: a header must end with \"]",
    ),
    (
        &["analyze", "pairs-word.cgn"],
        "line 10: 'x': a decision is h (hit) or f (fold)",
    ),
    (
        &["analyze", "pairs-order.cgn"],
        "line 11: round '3': expected round 2",
    ),
    (
        &["analyze", "pairs-players.cgn"],
        "the [Players \"...\"] line is missing",
    ),
    (
        &["analyze", "pairs-ranks.cgn"],
        "line 5: --ranks 11: expected 3 to 10",
    ),
    (
        &["analyze", "pairs-seed.cgn"],
        "line 4: Seed 'three': expected a whole number",
    ),
    (&["replay", "pairs-word.cgn"], "line 10: 'x'"),
    (&["replay", "pairs-good.cgn"], "the replay needs a terminal"),
    (&["pairs", "--ranks", "11"], "--ranks 11: expected 3 to 10"),
    (&["pairs", "--players", "you"], "--players: "),
    (
        &["pairs", "--players", "you,bot:genius"],
        "unknown seat kind 'genius'",
    ),
    (&["pairs", "--target", "0"], "--target 0"),
    (&["pairs", "--ai-delay", "-1"], "--ai-delay"),
    (&["pairs"], "needs a terminal"),
];

/// Files and folders of the reliability audit (issue 24): settings files no command may
/// hang on or read without end, records whose names or lines a terminal must not get raw,
/// a data directory that is a symlink loop.
#[cfg(unix)]
fn reliability_files(s: &Sandbox) {
    use std::os::unix::fs::symlink;
    let root = &s.root;
    let good = std::fs::read_to_string(root.join("good.cgn")).unwrap();
    let named = |name: &str| good.replace("[B \"usual\"]", &format!("[B \"{name}:usual\"]"));
    let files: [(&str, Vec<u8>); 9] = [
        ("long-name.cgn", named(&"n".repeat(10_000)).into_bytes()),
        ("bidi-name.cgn", named("evil\u{202e}gnp").into_bytes()),
        ("tab-name.cgn", named("ann\tlee").into_bytes()),
        (
            "long-line.cgn",
            good.replacen("1. A ", &format!("1. A {} ", "x".repeat(100_000)), 1)
                .into_bytes(),
        ),
        (
            "feb-30.cgn",
            good.lines()
                .map(|l| {
                    if l.starts_with("[Date ") {
                        "[Date \"2026-02-30\"]"
                    } else {
                        l
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
        ),
        (
            "huge-value.toml",
            format!("deck = \"{}\"\n", "y".repeat(1_000_000)).into_bytes(),
        ),
        ("latin1.toml", b"deck = \"caf\xe9\"\n".to_vec()),
        (
            "deep.toml",
            format!("deck = {}{}\n", "[".repeat(5000), "]".repeat(5000)).into_bytes(),
        ),
        ("nan.toml", b"ai-delay = nan\n".to_vec()),
    ];
    for (name, bytes) in files {
        std::fs::write(root.join(name), bytes).unwrap();
    }
    std::fs::create_dir(root.join("folder.toml")).unwrap();
    symlink("loop.toml", root.join("loop.toml")).unwrap();
    symlink("loop-dir", root.join("loop-dir")).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(root.join("fifo.toml"))
            .status()
            .unwrap()
            .success()
    );
}

/// Flags a command accepted and then left unused: each is honoured or refused before
/// anything runs.
#[cfg(unix)]
const UNREAD_FLAGS: Cases = &[
    (
        &[
            "duel",
            "--deck",
            "pairs:3",
            "--games",
            "2",
            "--data-dir",
            "folder",
        ],
        "--data-dir: a duel writes nothing without --save",
    ),
    (
        &[
            "duel",
            "--deck",
            "pairs:3",
            "--first",
            "usual",
            "--second",
            "usual",
            "--tie-break",
            "secretive",
        ],
        "--tie-break: only the optimal player breaks ties",
    ),
    (
        &["watch", "--practice"],
        "--practice is for `concentration play`",
    ),
    (&["watch", "--coach"], "--coach is for `concentration play`"),
    (
        &["watch", "--hints", "always"],
        "--hints is for `concentration play`",
    ),
    (
        &["watch", "--first", "ai"],
        "--first is for `concentration play`",
    ),
    (
        &["play", "--no-save", "--data-dir", "folder"],
        "--data-dir cannot go with --no-save",
    ),
    (
        &["watch", "--no-save", "--data-dir", "folder"],
        "--data-dir cannot go with --no-save",
    ),
    // --games beyond what a run can finish.
    (
        &[
            "duel",
            "--deck",
            "pairs:2",
            "--games",
            "18446744073709551615",
        ],
        "--games 18446744073709551615: at most 1000000 in one run",
    ),
    (
        &[
            "duel",
            "--deck",
            "pairs:2",
            "--players",
            "usual,usual",
            "--games",
            "1000001",
        ],
        "--games 1000001: at most 1000000",
    ),
    (
        &["pairs", "duel", "--games", "18446744073709551615"],
        "at most 1000000 in one run",
    ),
    // Names refused and shown safely: escaped, cut, one line.
    (
        &["duel", "--players", "ann\nbob:optimal,usual"],
        "seat name 'ann\\nbob'",
    ),
    (
        &["duel", "--players", "a\r\u{1b}[2Jb,usual"],
        "seat name 'a\\r\\u{1b}[2Jb'",
    ),
    (
        &["duel", "--players", "evil\u{202e}gnp,usual"],
        "seat name 'evil\\u{202e}gnp'",
    ),
    (
        &["play", "--players", "you,hal:gen\u{1b}]0;x\u{7}ius"],
        "unknown seat kind 'gen\\u{1b}]0;x\\u{7}ius'",
    ),
    // Dates by the calendar.
    (
        &["puzzle", "--daily", "--date", "2026-02-30", "--list", "1"],
        "--date: bad date '2026-02-30': no such day in the calendar",
    ),
    (
        &["puzzle", "--daily", "--date", "2100-02-29", "--list", "1"],
        "no such day in the calendar",
    ),
    // A data directory that is a symlink loop: refused before a line is printed.
    (
        &["stats", "--data-dir", "loop-dir"],
        "data directory loop-dir: Too many levels of symbolic links",
    ),
    (
        &["history", "--list", "--data-dir", "loop-dir"],
        "data directory loop-dir: ",
    ),
];

#[cfg(unix)]
#[test]
fn flags_are_honoured_or_refused_and_names_shown_safely() {
    let s = Sandbox::new("unread");
    reliability_files(&s);
    s.check(UNREAD_FLAGS, "config.toml");
}

/// Records whose names or lines must not reach the terminal raw.
#[cfg(unix)]
const RELIABILITY_FILES: Cases = &[
    (
        &["analyze", "long-name.cgn"],
        "header B: seat name 'nnnnnnnnnn",
    ),
    (
        &["analyze", "bidi-name.cgn"],
        "header B: seat name 'evil\\u{202e}gnp'",
    ),
    (
        &["replay", "tab-name.cgn"],
        "header B: seat name 'ann\\tlee'",
    ),
    (&["analyze", "long-line.cgn"], "long-line.cgn: line 16: "),
    (
        &["analyze", "feb-30.cgn"],
        "header Date: '2026-02-30' is not a day",
    ),
];

#[cfg(unix)]
#[test]
fn records_with_bad_names_and_long_lines() {
    let s = Sandbox::new("names");
    reliability_files(&s);
    s.check(RELIABILITY_FILES, "config.toml");
}

/// Settings files that cannot be read or are not settings: `config show` refuses them;
/// any other command that fails says so in one line, the file's fault joined to it.
#[cfg(unix)]
const BAD_SETTINGS_FILES: &[(&str, Cases)] = &[
    (
        "fifo.toml",
        &[
            (
                &["config", "show"],
                "fifo.toml: not a regular file (a FIFO)",
            ),
            (
                &["play"],
                "needs a terminal: standard input and output must not be redirected; also config file ",
            ),
            (
                &["watch"],
                "not a regular file (a FIFO); using the default settings",
            ),
        ],
    ),
    (
        "folder.toml",
        &[
            (
                &["config", "show"],
                "folder.toml: not a regular file (a folder)",
            ),
            (
                &["play"],
                "not a regular file (a folder); using the default settings",
            ),
        ],
    ),
    (
        "/dev/zero",
        &[
            (
                &["config", "show"],
                "config file /dev/zero: not a regular file (a device)",
            ),
            (
                &["play"],
                "also config file /dev/zero: not a regular file (a device)",
            ),
        ],
    ),
    (
        "loop.toml",
        &[
            (
                &["config", "show"],
                "loop.toml: Too many levels of symbolic links",
            ),
            (&["watch"], "Too many levels of symbolic links"),
        ],
    ),
    (
        "latin1.toml",
        &[
            (&["config", "show"], "latin1.toml: not UTF-8 text"),
            (&["play", "--deck", "pairs:4"], "not UTF-8 text"),
        ],
    ),
    (
        "deep.toml",
        &[
            (&["config", "show"], "deep.toml: "),
            (&["play"], "deep.toml: "),
        ],
    ),
    (
        "nan.toml",
        &[
            (
                &["config", "show"],
                "key 'ai-delay': NaN: expected seconds between 0 and 60",
            ),
            (&["watch"], "nan.toml: line 1: key 'ai-delay': NaN"),
        ],
    ),
    (
        "huge-value.toml",
        &[
            (&["config", "show"], "key 'deck': unknown deck 'yyyyyyyyyy"),
            (&["play"], "…'"),
        ],
    ),
];

#[cfg(unix)]
#[test]
fn settings_files_that_cannot_be_read_give_one_line() {
    let s = Sandbox::new("bad-settings");
    reliability_files(&s);
    for (file, cases) in BAD_SETTINGS_FILES {
        s.check(cases, file);
    }
}
