//! Command output in plain words: a huge flag value echoed short, a duel's interval
//! inside what a game can give, and names read from the statistics file printed without
//! control characters.

use concentration::solitaire::SoloRule;
use concentration::solitaire::stats::{GameStats, Store};

use crate::common::cli;
use cli::run;

#[test]
fn a_huge_delay_is_echoed_short() {
    let (code, _, err) = run(&["play", "--ai-delay", "1e308", "--no-save"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err.trim(),
        "error: --ai-delay 1e308: expected seconds between 0 and 60"
    );
}

#[test]
fn a_duels_interval_stays_between_0_and_100_percent() {
    // Three games, one won: the normal interval would reach below 0.
    let (code, out, err) = run(&[
        "duel", "--deck", "pairs:3", "--first", "usual", "--second", "usual", "--games", "3",
        "--seed", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (low, high) = (v["low"].as_f64().unwrap(), v["high"].as_f64().unwrap());
    assert!(low < v["value"].as_f64().unwrap(), "{out}");
    assert!(
        (0.0..=1.0).contains(&low) && (0.0..=1.0).contains(&high),
        "{out}"
    );
}

#[test]
fn names_from_the_statistics_file_are_printed_without_control_characters() {
    let dir = std::env::temp_dir().join(format!("concentration-words-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Store::new(&dir)
        .record(&GameStats {
            deck: "pairs:8\u{1b}[2J".into(),
            memory: "classic\u{7}".into(),
            rule: SoloRule::Standard,
            challenge: None,
            moves: 12,
            misses: 4,
            luck_adjusted: 11,
            date: "2026-04-01".into(),
        })
        .unwrap();
    let (code, out, err) = run(&["stats", "--data-dir", dir.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(out.contains("pairs:8\\u{1b}[2J"), "{out}");
}
