//! `concentration stats` and the solitaire flags, through the real binary.

use concentration::solitaire::SoloRule;
use std::process::Output;

use concentration::solitaire::stats::{FILE_NAME, GameStats, Store};

use crate::common::cli;

fn run(args: &[&str]) -> Output {
    cli::command(args).output().unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "concentration-solitaire-cli-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn stats_prints_a_table_and_json() {
    let dir = temp_dir("table");
    let store = Store::new(&dir);
    for (moves, luck, challenge) in [(45, 42, Some(12)), (41, 41, None), (50, 44, None)] {
        store
            .record(&GameStats {
                deck: "standard".into(),
                memory: "classic".into(),
                rule: SoloRule::Standard,
                challenge,
                moves,
                misses: moves - 26,
                luck_adjusted: luck,
                date: "2026-04-01".into(),
            })
            .unwrap();
    }
    let d = dir.to_str().unwrap();
    let out = run(&["stats", "--data-dir", d]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // The skill first (here, no game against the AI), then the solitaire table.
    assert!(text.starts_with("Skill: "), "{text}");
    let lines: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("deck"))
        .collect();
    assert!(
        lines[0].starts_with("deck") && lines[0].contains("avg moves"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("standard")
            && lines[1].contains("     3 ")
            && lines[1].contains("45.33"),
        "{text}"
    );
    assert!(
        lines[1].contains("   41 ") && lines[1].contains("+3.00"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("  challenge 12") && lines[2].contains("+3.00"),
        "{text}"
    );
    let out = run(&["stats", "--data-dir", d, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], 1);
    assert_eq!(json["entries"][0]["games"], 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_warns_about_a_corrupted_file_and_leaves_it() {
    let dir = temp_dir("corrupt");
    std::fs::write(dir.join(FILE_NAME), "not json").unwrap();
    let out = run(&["stats", "--data-dir", dir.to_str().unwrap()]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("warning:") && err.contains("moved aside when next written"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("No solitaire games counted yet"));
    // Reading writes nothing: the file stays where it is, as it is, until a game counts.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, [FILE_NAME]);
    assert_eq!(
        std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(),
        "not json"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solitaire_flags_are_checked_before_the_terminal() {
    for (args, needle) in [
        (
            &["solitaire", "--seed", "1", "--challenge", "2"][..],
            "cannot be used",
        ),
        (
            &["solitaire", "--challenge", "2", "--daily"][..],
            "cannot be used",
        ),
        (&["solitaire", "--deck", "3x3"][..], "even"),
        (&["solitaire", "--memory", "fuzzy"][..], "memory mode"),
        (&["solitaire", "--deck", "pairs:3"][..], "terminal"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn stats_keep_the_free_move_games_on_their_own_row() {
    let dir = temp_dir("free");
    let store = Store::new(&dir);
    for (rule, moves) in [(SoloRule::Standard, 40), (SoloRule::FreeAfterPair, 16)] {
        store
            .record(&GameStats {
                deck: "standard".into(),
                memory: "classic".into(),
                rule,
                challenge: None,
                moves,
                misses: 14,
                luck_adjusted: moves,
                date: "2026-04-01".into(),
            })
            .unwrap();
    }
    let out = run(&["stats", "--data-dir", dir.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let row = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no row {name}: {text}"))
            .to_owned()
    };
    assert!(row("standard  ").contains("   40 "), "{text}");
    assert!(row("standard +free").contains("   16 "), "{text}");
    assert!(text.contains("+free: a pair earned a free move"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
