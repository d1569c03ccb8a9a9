//! The analysis commands as outside tools use them.

use crate::common::cli;
use cli::{json, run};

#[test]
fn solve_json_follows_the_contract() {
    let v = json(&[
        "solve",
        "--deck",
        "3x2",
        "--pass-rule",
        "none",
        "--position",
        "2.2x2 2.1x1",
        "--revealed",
        "2.1",
        "--exact",
        "--json",
    ]);
    assert_eq!(v["exact"], "1/3");
    assert!((v["value"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(v["best"], serde_json::json!(["match", "unknown"]));
    assert_eq!(v["actions"].as_array().unwrap().len(), 2);
}

#[test]
fn solve_start_of_arakawa_deck() {
    let v = json(&["solve", "--deck", "2x4", "--exact", "--json"]);
    assert_eq!(v["exact"], "17/35");
    assert_eq!(v["best"], serde_json::json!(["unknown"]));
}

#[test]
fn solve_moves_and_held() {
    let v = json(&["solve", "--deck", "3x2", "--objective", "moves", "--json"]);
    assert!((v["value"].as_f64().unwrap() - 13.0 / 3.0).abs() < 1e-12);
    let v = json(&[
        "solve",
        "--deck",
        "4x2",
        "--objective",
        "margin",
        "--position",
        "2.2x1 2.1x3",
        "--held",
        "2.1",
        "--json",
    ]);
    assert!(
        v["best"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "known 2.1")
    );
}

#[test]
fn duel_exact_and_simulated() {
    let v = json(&[
        "duel", "--deck", "13x4", "--first", "usual", "--second", "usual", "--json",
    ]);
    assert!((v["value"].as_f64().unwrap() - 0.5017).abs() < 5e-5);
    let v = json(&[
        "duel", "--deck", "pairs:6", "--first", "usual", "--second", "usual", "--games", "200",
        "--seed", "3", "--json",
    ]);
    let (low, mean, high) = (
        v["low"].as_f64().unwrap(),
        v["value"].as_f64().unwrap(),
        v["high"].as_f64().unwrap(),
    );
    assert!(low <= mean && mean <= high && high - low < 0.3);
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_part() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "--deck", "nonsense"], "nonsense"),
        (&["solve", "--deck", "3x3"], "even"),
        (&["solve", "--position", "2.2x3 9.9x1"], "9.9"),
        (&["solve", "--position", "2.2x3 2.2"], "'2.2'"),
        (
            &["solve", "--deck", "2x2", "--position", "2.2x3"],
            "3 labels",
        ),
        (&["solve", "--deck", "pairs:3", "--diff", "1"], "--diff"),
        (
            &["solve", "--deck", "pairs:3", "--revealed", "2.1"],
            "--revealed",
        ),
        (&["solve", "--deck", "pairs:3", "--held", "2.2"], "--held"),
        (
            &[
                "solve",
                "--deck",
                "pairs:3",
                "--objective",
                "margin",
                "--pass-rule",
                "withdraw",
            ],
            "withdraw",
        ),
        (&["solve", "--objective", "best"], "best"),
        (&["duel", "--objective", "moves"], "moves"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Output into a pipe closed early (`| head -1`) ends the program quietly, as `cat`
/// does: no panic, no backtrace.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args([
            "puzzle", "--list", "2000", "--seed", "1", "--deck", "pairs:10",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("pairs:10/"), "{first}");
    // The reading end is gone now.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{err}"
    );
}
