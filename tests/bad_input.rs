//! A catalogue of bad command lines and bad files, across every subcommand: each exits
//! with status 2, prints exactly one line on standard error and nothing on standard
//! output, and changes nothing on disk. Every run has its own home, data directory,
//! settings file and working directory inside a scratch folder.

use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
        let path = entry.unwrap().path();
        if path.is_dir() {
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
        let files: [(&str, Vec<u8>); 9] = [
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
            (
                "settings.toml",
                b"deck = \"pairs:9\"\nopponent = \"genius\"\n".to_vec(),
            ),
            ("notes.txt", b"not a folder\n".to_vec()),
        ];
        for (name, bytes) in files {
            std::fs::write(sandbox.root.join(name), bytes).unwrap();
        }
        sandbox
    }

    fn run_with(&self, args: &[&str], config: &str) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .current_dir(&self.root)
            .env("HOME", self.root.join("home"))
            .env("XDG_CONFIG_HOME", self.root.join("home").join(".config"))
            .env("XDG_DATA_HOME", self.root.join("home").join(".local"))
            .env("CONCENTRATION_DATA_DIR", self.root.join("data"))
            .env("CONCENTRATION_CONFIG", self.root.join(config))
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .unwrap();
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
            let mut after = BTreeMap::new();
            snapshot(&self.root, &mut after);
            assert_eq!(before, after, "{args:?} changed the disk");
        }
    }
}

#[test]
fn bad_command_lines() {
    let s = Sandbox::new("lines");
    let cases: &[(&[&str], &str)] = &[
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (&["--colour"], "'--colour'"),
        // play and watch
        (&["play", "--colour"], "'--colour'"),
        (&["play", "--deck", "banana"], "unknown deck 'banana'"),
        (&["play", "--deck", "pairs:0"], "pairs:0"),
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
        (
            &["watch", "--practice", "--deck", "nope"],
            "unknown deck 'nope'",
        ),
        (&["watch"], "needs a terminal"),
        // solve
        (&["solve", "--deck", "banana"], "unknown deck 'banana'"),
        (&["solve", "--deck", "0x2"], "at least one label"),
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
        (&["duel", "--tie-break", "random"], "'random'"),
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
            &["solitaire", "--seed", "1", "--daily"],
            "cannot be used with",
        ),
        (&["solitaire", "--deck", "pairs:4"], "needs a terminal"),
        (&["stats", "--jsn"], "'--jsn'"),
    ];
    s.check(cases, "config.toml");
}

#[test]
fn bad_files() {
    let s = Sandbox::new("files");
    let cases: &[(&[&str], &str)] = &[
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
    ];
    std::fs::write(s.root.join("config.toml"), "# mine\n").unwrap();
    s.check(cases, "config.toml");
}

#[test]
fn a_broken_settings_file() {
    let s = Sandbox::new("settings");
    let cases: &[(&[&str], &str)] = &[
        (
            &["config", "show"],
            "settings.toml: line 2: key 'opponent': unknown opponent 'genius'",
        ),
        (&["config", "init"], "settings.toml already exists"),
    ];
    s.check(cases, "settings.toml");
    // Where the file only supplies defaults, it warns (one line) and goes on.
    let (code, out, err) = s.run_with(&["play", "--deck", "pairs:3"], "settings.toml");
    assert_eq!((code, out.as_str()), (2, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("warning: config file ") && lines[0].contains("'opponent'"));
    assert!(lines[1].contains("needs a terminal"), "{err}");
}
