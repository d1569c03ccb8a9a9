//! `concentration analyze` of a Pairs record: every decision valued against the
//! subgame-perfect one, in text and JSON; the `spne` AI's decisions cost nothing.

use std::process::Command;
use std::time::{Duration, Instant};

use concentration::app::{App, PairsTable};
use concentration::pairs::record::PairsRecord;
use concentration::pairs::{PairsAi, Ranks};
use concentration::seats::Seats;
use concentration::tui::Action;

fn played(players: &str, ranks: u32, seed: u64) -> PairsRecord {
    let seats = Seats::<PairsAi>::parse(players).unwrap();
    let target = concentration::pairs::rules::default_target(seats.len());
    let t = PairsTable::new(
        seats,
        Ranks::new(ranks).unwrap(),
        target,
        seed,
        Duration::ZERO,
        Instant::now(),
    )
    .unwrap();
    let mut app = App::pairs(t);
    let mut now = Instant::now();
    while let Some(d) = app.deadline() {
        now = now.max(d);
        app.update(Action::Tick, now);
    }
    app.pairs_table().unwrap().record()
}

fn analyze(record: &PairsRecord, json: bool) -> String {
    let path = std::env::temp_dir().join(format!(
        "concentration-pairs-analyze-{}-{json}.cgn",
        std::process::id()
    ));
    std::fs::write(&path, record.to_text()).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_concentration"));
    cmd.arg("analyze").arg(&path);
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn analyze_values_every_decision_and_spne_costs_nothing() {
    let record = played("spne,random", 7, 4);
    let decisions: usize = record.rounds.iter().map(Vec::len).sum();
    let text = analyze(&record, false);
    let rows = text.lines().filter(|l| l.starts_with("round ")).count();
    assert_eq!(rows, decisions, "{text}");
    assert!(text.contains("spne: "), "{text}");
    assert!(text.contains("lost."), "{text}");
    let v: serde_json::Value = serde_json::from_str(&analyze(&record, true)).unwrap();
    let ds = v["decisions"].as_array().unwrap();
    assert_eq!(ds.len(), decisions);
    let mut random_lost = 0.0;
    for d in ds {
        let cost = d["cost"].as_f64().unwrap();
        assert!(cost <= 1e-9, "{d}");
        let gap = d["value"].as_f64().unwrap() - d["best_value"].as_f64().unwrap();
        assert!((gap - cost).abs() < 1e-9, "{d}");
        if d["player"] == "spne" {
            assert!(
                cost.abs() < 1e-9,
                "spne plays the subgame-perfect action: {d}"
            );
            assert_eq!(d["action"], d["best"]);
        } else {
            random_lost -= cost;
        }
    }
    assert!(random_lost > 0.0, "a coin toss errs somewhere");
    assert_eq!(v["loser"].as_u64(), record.loser().map(|l| l as u64));
}

/// A game of you against `spne` at n = 5, you folding at every turn, to the end.
fn played_by_you(seed: u64) -> PairsRecord {
    let seats = Seats::<PairsAi>::parse("you,spne").unwrap();
    let t = PairsTable::new(
        seats,
        Ranks::new(5).unwrap(),
        9,
        seed,
        Duration::ZERO,
        Instant::now(),
    )
    .unwrap();
    let mut app = App::pairs(t);
    app.update(Action::Resize(80, 24), Instant::now());
    let mut now = Instant::now();
    loop {
        while let Some(d) = app.deadline() {
            now = now.max(d);
            app.update(Action::Tick, now);
        }
        let t = app.pairs_table().unwrap();
        if t.is_over() {
            return t.record();
        }
        // `f` folds on your turn; between rounds any key deals the next.
        let key = if t.persons_turn() {
            Action::Fraction
        } else {
            Action::Other
        };
        app.update(key, now);
    }
}

fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "concentration-pairs-history-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run(args: &[&str], data: &std::path::Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .env("CONCENTRATION_CONFIG", data.join("none.toml"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn history_lists_pairs_games_and_stats_keeps_them_apart() {
    let data = data_dir("list");
    let games = concentration::record::records_dir(&data);
    let yours = played_by_you(3);
    let ais = played("spne,random,threshold", 5, 2);
    concentration::record::save_pairs(&games, &yours).unwrap();
    concentration::record::save_pairs(&games, &ais).unwrap();
    // One file that is no record at all: the only unreadable one.
    std::fs::write(games.join("bad.cgn"), "not a record\n").unwrap();

    let list = run(&["history", "--list"], &data);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    for (record, names) in [
        (&yours, "you vs spne"),
        (&ais, "spne vs random vs threshold"),
    ] {
        let loser = record.loser().expect("finished");
        let line = lines
            .iter()
            .find(|l| l.contains(names))
            .unwrap_or_else(|| panic!("no line with {names}:\n{list}"));
        assert!(line.contains("Pairs, 5 ranks"), "{line}");
        assert!(line.contains(&record.date), "{line}");
        let who = &record.seats.seat(loser).name;
        assert!(line.contains(&format!("{who} lost")), "{line}");
        let scores: Vec<String> = record
            .played()
            .unwrap()
            .view()
            .scores
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(line.contains(&scores.join("-")), "{line}");
        assert!(!line.contains("unreadable"), "{line}");
    }
    assert!(lines[2].contains("bad.cgn: unreadable"), "{list}");

    let stats = run(&["stats"], &data);
    assert!(stats.contains("1 record could not be read"), "{stats}");
    let lost = usize::from(yours.loser() == Some(0));
    assert!(
        stats.contains(&format!(
            "Pairs: 2 games saved, 2 finished; you lost {lost} of your 1 finished"
        )),
        "{stats}"
    );
    let json: serde_json::Value = serde_json::from_str(&run(&["stats", "--json"], &data)).unwrap();
    assert_eq!(json["versus_ai"]["unreadable"], 1, "{json}");
    assert_eq!(json["pairs"]["games"], 2, "{json}");
    assert_eq!(json["pairs"]["yours"], 1, "{json}");
    assert_eq!(json["pairs"]["lost"], lost, "{json}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn replay_of_a_pairs_record_needs_a_terminal_like_any_other() {
    let data = data_dir("replay");
    std::fs::create_dir_all(&data).unwrap();
    let path = data.join("game.cgn");
    std::fs::write(&path, played("spne,random", 5, 1).to_text()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .arg("replay")
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("terminal"), "{err}");
    assert!(!err.contains("not built"), "{err}");
    let _ = std::fs::remove_dir_all(&data);
}
