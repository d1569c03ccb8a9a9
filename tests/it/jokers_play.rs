//! Jokers that count double at the table: a whole game played by ear against the
//! optimal AI, saved, analysed and replayed; `solve` and `duel` on the deck; the tables
//! the jokers' solver does not value refused with one line.

use std::io::Write;
use std::process::Stdio;

use concentration::rules::{Deck, Label, coordinate, deal};

use crate::common::cli::{command, run};

/// The places of each label's cards in the deal of `seed`, two by two: a script that
/// takes every pair it still finds.
fn pairs_script(deck: &Deck, seed: u64) -> Vec<String> {
    let cards = deal(deck, seed);
    let mut lines = Vec::new();
    for label in 0..deck.labels() {
        let places: Vec<String> = cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.label == Label(label))
            .map(|(p, _)| coordinate(deck, p))
            .collect();
        lines.extend(places);
    }
    lines
}

/// The two numbers of "A to B" in the result line.
fn score(result: &str) -> (u32, u32) {
    let words: Vec<&str> = result.split_whitespace().collect();
    let to = words.iter().position(|&w| w == "to").expect("a score");
    let n = |w: &str| {
        w.trim_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .unwrap()
    };
    (n(words[to - 1]), n(words[to + 1]))
}

#[test]
fn a_whole_game_is_played_by_ear_saved_and_analysed_and_the_jokers_count_double() {
    let deck = Deck::parse("standard-rank-jokers").unwrap();
    let seed = 11;
    let cards = deal(&deck, seed);
    // A miss first (two cards of different labels), so that the AI plays; then every
    // pair the script still finds, twice over (a line for a card already taken is
    // refused and changes nothing).
    let other = (1..cards.len())
        .find(|&p| cards[p].label != cards[0].label)
        .unwrap();
    let mut script = vec![coordinate(&deck, 0), coordinate(&deck, other)];
    let pairs = pairs_script(&deck, seed);
    script.extend(pairs.iter().cloned());
    script.extend(pairs);
    script.push("4".into());
    let data = std::env::temp_dir().join(format!("concentration-jokers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut cmd = command(&[
        "play",
        "--deck",
        "standard-rank-jokers",
        "--seed",
        "11",
        "--screen-reader",
    ]);
    cmd.env("CONCENTRATION_DATA_DIR", &data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all((script.join("\n") + "\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Optimal AI turns"), "the AI played: {text}");
    assert!(text.contains("joker"), "{text}");
    let result = text
        .lines()
        .rev()
        .find(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("no result: {text}"));
    // 26 pairs of ranks and the jokers' pair, worth 2: 28 points in all.
    let (a, b) = score(result);
    assert_eq!(a + b, 28, "{result}");

    // The record is saved, and the analysis values it with the jokers' solver.
    let mut list = command(&["history", "--list"]);
    list.env("CONCENTRATION_DATA_DIR", &data);
    let listed = list.output().unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    assert!(listed.contains("standard-rank"), "{listed}");
    let record = std::fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "cgn"))
        .expect("a saved record");
    let (code, json, err) = run(&["analyze", record.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(json.contains("\"flips\""), "{json}");
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn solve_values_the_jokers_exactly_and_refuses_what_it_cannot() {
    // Two ranks and the jokers from the start: the exact value beside the fast one.
    let (code, out, err) = run(&[
        "solve",
        "--deck",
        "standard-rank-jokers",
        "--position",
        "4.4x2 J2.2",
        "--diff",
        "22",
        "--exact",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("J2.2"), "{out}");
    let (code, _, err) = run(&[
        "solve",
        "--deck",
        "standard-rank-jokers",
        "--position",
        "4.4x1 J2.1",
        "--held",
        "J2.2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--held J2.2"), "{err}");
    let (code, _, err) = run(&[
        "play",
        "--deck",
        "standard-rank-jokers",
        "--players",
        "you,optimal,usual",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("two seats"), "{err}");
    let (code, _, err) = run(&["solitaire", "--deck", "standard-rank-jokers"]);
    assert_eq!(code, 2);
    assert!(err.contains("jokers"), "{err}");
}
