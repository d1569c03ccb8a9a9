//! `review --list N --json`: your costly decisions from saved games as puzzles, each
//! position valued by `solve` as listed.

use std::path::{Path, PathBuf};

use crate::common::cli;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "concentration-review-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Games of `optimal` against `usual`, the usual player's seat given to the person.
fn saved(data: &Path, games: usize) {
    let (code, _, err) = cli::run(&[
        "duel",
        "--deck",
        "pairs:6",
        "--first",
        "optimal",
        "--second",
        "usual",
        "--games",
        &games.to_string(),
        "--seed",
        "4",
        "--save",
        "--data-dir",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for e in std::fs::read_dir(data.join("games")).unwrap() {
        let f = e.unwrap().path();
        let text = std::fs::read_to_string(&f).unwrap();
        std::fs::write(&f, text.replace("[B \"usual\"]", "[B \"you\"]")).unwrap();
    }
}

#[test]
fn listed_positions_are_valued_by_solve_as_listed() {
    let data = scratch("solve");
    saved(&data, 10);
    let (code, out, err) = cli::run(&[
        "review",
        "--list",
        "4",
        "--json",
        "--data-dir",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let puzzles: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(puzzles.len(), 4, "{out}");
    for p in &puzzles {
        assert!(p["record"].as_str().unwrap().ends_with(".cgn"), "{p}");
        assert!(p["turn"].as_u64().unwrap() >= 1, "{p}");
        assert_ne!(p["played"], p["best"], "{p}");
        let diff = p["diff"].to_string();
        let mut args = vec![
            "solve",
            "--deck",
            p["deck"].as_str().unwrap(),
            "--objective",
            p["objective"].as_str().unwrap(),
            "--pass-rule",
            p["pass_rule"].as_str().unwrap(),
            "--position",
            p["position"].as_str().unwrap(),
            "--diff",
            &diff,
            "--json",
        ];
        if p["after_pass"] == true {
            args.push("--after-pass");
        }
        let flag;
        if let Some(kind) = p["first"]["kind"].as_str() {
            flag = format!("--{kind}");
            args.push(&flag);
            args.push(p["first"]["pattern"].as_str().unwrap());
        }
        let solved = cli::json(&args);
        let listed: Vec<(String, f64)> = p["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["action"].as_str().unwrap().to_owned(),
                    a["value"].as_f64().unwrap(),
                )
            })
            .collect();
        let by_solve: Vec<(String, f64)> = solved["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["action"].as_str().unwrap().to_owned(),
                    a["value"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(listed.len(), by_solve.len(), "{p}\n{solved}");
        for ((a, v), (b, w)) in listed.iter().zip(&by_solve) {
            assert_eq!(a, b, "{p}\n{solved}");
            assert!((v - w).abs() < 1e-9, "{p}\n{solved}");
        }
        let played = listed
            .iter()
            .find(|(a, _)| a == p["played"].as_str().unwrap());
        let best = listed
            .iter()
            .find(|(a, _)| a == p["best"].as_str().unwrap());
        let (played, best) = (played.unwrap().1, best.unwrap().1);
        assert!(best - played >= 0.02 - 1e-9, "a mistake or worse: {p}");
    }
}

#[test]
fn nothing_to_review_is_said_in_one_line() {
    let data = scratch("empty");
    let (code, out, _) = cli::run(&["review", "--data-dir", data.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("No costly decisions of yours to review"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1);
}
