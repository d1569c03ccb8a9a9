//! `concentration analyze` of a Pairs record: every decision valued against the
//! subgame-perfect one, in text and JSON; the `spne` AI's decisions cost nothing.

use std::process::Command;
use std::time::{Duration, Instant};

use concentration::pairs::record::PairsRecord;
use concentration::pairs::{PairsAi, Ranks};
use concentration::seats::Seats;
use concentration::tui::{Action, App, PairsTable};

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
