//! The record commands as outside tools use them: `duel --save`, `analyze`, `history`,
//! `replay`, and the data directory's flag and environment variable.

use crate::common::{self, saved};
use concentration::solitaire::SoloRule;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(args: &[&str], env: Option<&Path>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_concentration"));
    cmd.args(args).env_remove("CONCENTRATION_DATA_DIR");
    // Never the user's settings file.
    cmd.env(
        "CONCENTRATION_CONFIG",
        std::env::temp_dir()
            .join("concentration-no-settings")
            .join("config.toml"),
    );
    if let Some(dir) = env {
        cmd.env("CONCENTRATION_DATA_DIR", dir);
    }
    let out = cmd.stdin(std::process::Stdio::null()).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh data directory of the test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn duel_saves_every_game_and_analyze_gives_the_optimal_player_zero_cost() {
    let data = scratch("duel");
    let d = data.to_str().unwrap();
    let (code, _, err) = run(
        &[
            "duel",
            "--deck",
            "pairs:6",
            "--first",
            "usual",
            "--second",
            "optimal",
            "--games",
            "4",
            "--seed",
            "3",
            "--save",
            "--data-dir",
            d,
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("saved 4 game records"), "{err}");
    let files = saved(&data);
    assert_eq!(files.len(), 4, "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.starts_with("[Format \"concentration 1\"]\n"), "{text}");
        assert!(text.contains("[A \"usual\"]\n[B \"optimal\"]"), "{text}");
        let (code, out, err) = run(&["analyze", f.to_str().unwrap(), "--json"], None);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let flips = v["flips"].as_array().unwrap();
        assert!(!flips.is_empty());
        let mut optimal_flips = 0;
        for flip in flips {
            for key in [
                "player",
                "action",
                "grade",
                "kind",
                "coord",
                "face",
                "explanation",
            ] {
                assert!(flip[key].is_string(), "{key} in {flip}");
            }
            assert!(!flip["best"].as_array().unwrap().is_empty(), "{flip}");
            let cost = flip["cost"].as_f64().unwrap();
            assert!(cost >= 0.0, "{flip}");
            if flip["player"] == "optimal" {
                optimal_flips += 1;
                assert_eq!(cost, 0.0, "{flip}");
                let grade = flip["grade"].as_str().unwrap();
                assert!(grade == "best" || grade == "only_move", "{flip}");
                let action = flip["action"].as_str().unwrap();
                assert!(
                    flip["best"].as_array().unwrap().iter().any(|b| b == action),
                    "{flip}"
                );
            }
        }
        assert!(optimal_flips > 0);
        let summary = v["summary"].as_array().unwrap();
        assert_eq!(summary.len(), 2);
        for s in summary {
            let acc = s["accuracy"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&acc), "{s}");
            assert!(s["mean_cost"].as_f64().unwrap() >= 0.0, "{s}");
            assert!(
                s["choices"].as_u64().unwrap() <= s["flips"].as_u64().unwrap(),
                "{s}"
            );
        }
        let optimal = summary.iter().find(|s| s["player"] == "optimal").unwrap();
        assert_eq!(optimal["accuracy"], 1.0);
        assert_eq!(optimal["mean_cost"], 0.0);
        assert_eq!(v["objective"], "win");
        assert_eq!(v["curve"].as_array().unwrap().len(), flips.len() + 1);
    }
    // The text form: a line per flip, then the summary.
    let (code, out, _) = run(&["analyze", files[0].to_str().unwrap()], None);
    assert_eq!(code, 0);
    assert!(out.contains("summary"), "{out}");
    assert!(out.contains("B optimal: accuracy 100%"), "{out}");
    // The list.
    let (code, out, _) = run(&["history", "--list", "--data-dir", d], None);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(out.contains("usual vs optimal"), "{out}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_environment_variable_sets_the_data_directory() {
    let data = scratch("env");
    let (code, _, err) = run(
        &[
            "duel", "--deck", "pairs:3", "--first", "optimal", "--second", "usual", "--games", "1",
            "--save",
        ],
        Some(&data),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(saved(&data).len(), 1);
    // The flag wins over the variable.
    let other = scratch("env-flag");
    let (code, out, _) = run(
        &["history", "--list", "--data-dir", other.to_str().unwrap()],
        Some(&data),
    );
    assert_eq!(code, 0);
    assert!(out.contains("no saved games"), "{out}");
    let (_, out, _) = run(&["history"], Some(&data));
    assert_eq!(out.lines().count(), 1, "{out}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn bad_records_and_requests_exit_2_with_one_line() {
    let data = scratch("bad");
    std::fs::create_dir_all(&data).unwrap();
    let bad = data.join("bad.cgn");
    std::fs::write(&bad, "[Format \"concentration 7\"]\n").unwrap();
    let junk = data.join("junk.cgn");
    std::fs::write(&junk, [0u8, 159, 146, 150, 10, 255]).unwrap();
    for (args, says) in [
        (
            vec!["analyze", bad.to_str().unwrap()],
            "line 1: unknown version '7'",
        ),
        (
            vec!["analyze", junk.to_str().unwrap(), "--json"],
            "line 1: not a text record",
        ),
        (vec!["analyze", "/no/such/file.cgn"], "/no/such/file.cgn"),
        (
            vec!["replay", bad.to_str().unwrap()],
            "line 1: unknown version",
        ),
        (vec!["duel", "--deck", "pairs:3", "--save"], "--games"),
    ] {
        let (code, out, err) = run(&args, None);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// The character offset of `needle` in `line`, at or after character `from`.
fn column_of(line: &str, needle: &str, from: usize) -> usize {
    let start: usize = line.chars().take(from).map(char::len_utf8).sum();
    let at = line[start..]
        .find(needle)
        .unwrap_or_else(|| panic!("no {needle:?} after {from} in {line:?}"));
    line[..start + at].chars().count()
}

/// A header's value in a record's text.
fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(open.as_str()))
        .and_then(|v| v.strip_suffix("\"]"))
}

#[test]
fn history_list_columns_line_up_and_long_names_are_shortened() {
    use concentration::record::{MemoryMode, Record};
    use concentration::rules::{Deck, Game, Players};
    use concentration::solitaire::Challenge;

    let data = scratch("columns");
    let d = data.to_str().unwrap();
    for (deck, first, second) in [
        ("pairs:3", "usual", "optimal"),
        ("pairs:12", "usual", "usual"),
        ("standard-jokers", "usual", "usual"),
    ] {
        let (code, _, err) = run(
            &[
                "duel",
                "--deck",
                deck,
                "--first",
                first,
                "--second",
                second,
                "--games",
                "1",
                "--save",
                "--data-dir",
                d,
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
    }
    let games = data.join("games");
    // A player's name far too long for the list, in a practice game: a copy of the
    // usual-against-usual game (chosen by its deck, not by its place in the folder:
    // the names start with the time, and the duels may not share a second).
    let text = saved(&data)
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .find(|text| text.contains("[Deck \"pairs:12\"]"))
        .expect("the pairs:12 duel is saved");
    // The longest name a seat may have (records obey the rule of --players), longer
    // than the list's column.
    let long = "a-player-with-a-name";
    assert_eq!(long.chars().count(), concentration::seats::MAX_NAME);
    std::fs::write(
        games.join("long.cgn"),
        text.replace("[A \"usual\"]", &format!("[A \"{long}\"]"))
            .replace("[Practice \"no\"]", "[Practice \"yes\"]"),
    )
    .unwrap();
    // Solitaire games: a daily challenge cleared, a numbered one abandoned.
    let deck = Deck::parse("pairs:6").unwrap();
    for (name, challenge, clear) in [
        ("daily", Challenge::daily("2026-04-01").unwrap(), true),
        ("seven", Challenge::numbered(7), false),
    ] {
        let mut game = Game::new(deck.clone(), challenge.seed(&deck), Players::Solitaire).unwrap();
        if clear {
            // Every two cards still on the table in turn: each pair is taken when its two
            // cards are tried together.
            for a in 0..12 {
                for b in a + 1..12 {
                    if game.try_flip(a).is_ok() && game.try_flip(b).is_err() {
                        // `b` is gone: end the turn on any other card.
                        assert!((0..12).any(|c| game.try_flip(c).is_ok()));
                    }
                }
            }
        } else {
            game.try_flip(0).unwrap();
            game.try_flip(1).unwrap();
            game.try_flip(2).unwrap();
        }
        let record = Record::of_solo(&game, MemoryMode::Open, Some(challenge), SoloRule::Standard);
        std::fs::write(games.join(format!("{name}.cgn")), record.to_text().unwrap()).unwrap();
    }
    std::fs::write(games.join("bad.cgn"), "[Format \"concentration 7\"]\n").unwrap();

    let (code, out, err) = run(&["history", "--list", "--data-dir", d], None);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[6].contains("bad.cgn: unreadable"), "{out}");
    assert!(out.contains("a-player-with-a… vs usual"), "{out}");
    assert!(!out.contains(long), "{out}");
    assert!(out.contains("solitaire (daily 2026-04-01)"), "{out}");
    assert!(out.contains("solitaire (challenge 7)"), "{out}");
    assert!(out.contains("cleared"), "{out}");
    assert!(out.contains("practice"), "{out}");
    // Where each column starts (the result's ends) on every readable line.
    let mut columns: Vec<[usize; 7]> = Vec::new();
    for line in &lines[..6] {
        let path = line.split_whitespace().next().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let t = |name| tag(&text, name).unwrap();
        let date = column_of(line, t("Date"), path.chars().count());
        let time = column_of(line, t("Time"), date + 10);
        let deck = column_of(line, t("Deck"), time + 8);
        let who = if tag(&text, "Players") == Some("solitaire") {
            "solitaire".to_owned()
        } else {
            t("A").chars().take(11).collect()
        };
        let who = column_of(line, &who, deck + t("Deck").len());
        let result = t("Result");
        let result_end = column_of(line, &format!(" {result} "), who + 9) + 1 + result.len();
        let score = tag(&text, "Pairs").map_or_else(
            || {
                let moves = t("Moves");
                format!("{moves} move{}", if moves == "1" { "" } else { "s" })
            },
            str::to_owned,
        );
        let score = column_of(line, &score, result_end);
        let path_end = path.chars().count();
        columns.push([path_end, date, time, deck, who, result_end, score]);
    }
    for c in &columns {
        assert_eq!(c[1..], columns[0][1..], "{out}");
        assert!(c[1] > columns.iter().map(|c| c[0]).max().unwrap(), "{out}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// Every path under `dir` with its kind, length and modification time, and the folders'
/// too (a file created and removed again changes its folder's).
fn state(dir: &Path, out: &mut Vec<(PathBuf, bool, u64, std::time::SystemTime)>) {
    let meta = std::fs::metadata(dir).unwrap();
    out.push((dir.to_path_buf(), true, 0, meta.modified().unwrap()));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        if meta.is_dir() {
            state(&path, out);
        } else {
            out.push((path, false, meta.len(), meta.modified().unwrap()));
        }
    }
}

/// A data directory with records and statistics, as games leave it.
fn filled(name: &str) -> PathBuf {
    let data = scratch(name);
    let (code, _, err) = run(
        &[
            "duel", "--deck", "pairs:3", "--first", "optimal", "--second", "usual", "--games", "2",
            "--seed", "5", "--save",
        ],
        Some(&data),
    );
    assert_eq!(code, 0, "{err}");
    std::fs::write(
        data.join("solitaire-stats.json"),
        r#"{"format": 1, "entries": [{"deck": "pairs:8", "memory": "classic", "challenge": null,
           "games": 3, "moves": 40, "misses": 16, "cost": 2, "best": 12, "best_date": "2026-04-01"}]}"#,
    )
    .unwrap();
    data
}

/// The reading commands on `data`: each must succeed (replay stops at the terminal).
fn read_everything(data: &Path) {
    let record = saved(data)[0].clone();
    let record = record.to_str().unwrap();
    for (args, status, says) in [
        (vec!["stats"], 0, "pairs:8"),
        (vec!["stats", "--json"], 0, "\"best\": 12"),
        (vec!["history", "--list"], 0, "optimal vs usual"),
        (vec!["history"], 0, "optimal vs usual"),
        (vec!["analyze", record], 0, "summary"),
        (vec!["analyze", record, "--json"], 0, "\"flips\""),
        (vec!["replay", record], 2, "needs a terminal"),
    ] {
        let (code, out, err) = run(&args, Some(data));
        assert_eq!(code, status, "{args:?}: {err}");
        assert!(
            out.contains(says) || err.contains(says),
            "{args:?}: {out}{err}"
        );
    }
}

/// Works as root too (where permissions do not stop writes): reading commands leave the
/// data directory exactly as it was, every name, length and time, folders included (so
/// no lock file was created, even for a moment).
#[test]
fn reading_commands_change_nothing_in_the_data_directory() {
    let data = filled("untouched");
    let mut before = Vec::new();
    state(&data, &mut before);
    std::thread::sleep(std::time::Duration::from_millis(20));
    read_everything(&data);
    let mut after = Vec::new();
    state(&data, &mut after);
    assert_eq!(
        before, after,
        "a reading command wrote into the data directory"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// As a user who cannot write there: the reading commands still work. (Root can write
/// anywhere, so this is skipped as root; the test above covers it.)
#[cfg(unix)]
#[test]
fn reading_commands_work_on_a_read_only_data_directory() {
    use std::os::unix::fs::PermissionsExt;
    let data = filled("read-only");
    let set = |mode| {
        for dir in [data.join("games"), data.clone()] {
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
        }
    };
    set(0o555);
    if std::fs::write(data.join("probe"), "").is_ok() {
        let _ = std::fs::remove_file(data.join("probe"));
        set(0o755);
        let _ = std::fs::remove_dir_all(&data);
        eprintln!("skipped: running as root, who can write into a read-only folder");
        return;
    }
    read_everything(&data);
    set(0o755);
    let _ = std::fs::remove_dir_all(&data);
}

/// Two `duel --save` processes into one data directory at once, the same seeds in both
/// (so the same file names in the same second): every record is kept.
#[test]
fn two_processes_saving_at_once_keep_every_record() {
    const GAMES: usize = 400;
    let data = scratch("two-duels");
    let games = GAMES.to_string();
    let children: Vec<_> = [["optimal", "usual"], ["usual", "optimal"]]
        .into_iter()
        .map(|[first, second]| {
            Command::new(env!("CARGO_BIN_EXE_concentration"))
                .args([
                    "duel", "--deck", "pairs:4", "--first", first, "--second", second, "--games",
                    &games, "--seed", "1", "--save",
                ])
                .env("CONCENTRATION_DATA_DIR", &data)
                .env("CONCENTRATION_CONFIG", data.join("no-settings.toml"))
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let files = saved(&data);
    assert_eq!(files.len(), 2 * GAMES, "records lost");
    assert!(files.iter().all(|f| f.extension().unwrap() == "cgn"));
    let mut pairs = [0usize; 2];
    for entry in concentration::record::list(&data.join("games")) {
        let r = entry.record.unwrap();
        pairs[usize::from(r.players[0].name == "usual")] += 1;
    }
    assert_eq!(pairs, [GAMES, GAMES]);
    let _ = std::fs::remove_dir_all(&data);
}

/// FIXED with the usual AI in the second seat and the person in the first: the AI
/// makes the blunder (flip 3, a1) and the person wins 3-0.
fn person_beats_usual() -> String {
    common::FIXED
        .replace("[A \"optimal\"]", "[A \"you\"]")
        .replace("[B \"you\"]", "[B \"usual\"]")
}

#[test]
fn analyze_annotates_the_ais_flips_in_the_players_words() {
    let data = scratch("analyze-ai");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("usual.cgn");
    std::fs::write(&file, person_beats_usual()).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["analyze", f], None);
    assert_eq!(code, 0, "{err}");
    // The AI's blunder: its value, cost and class, then the best in words.
    assert!(
        out.contains("   2  a1   A     B usual           seen card      new card             0.00%   33.33  blunder\n      best: Turn a second new card (33.33%)\n"),
        "{out}"
    );
    assert!(
        // The first flip was worth the same whichever card: forced, left out.
        out.contains(
            "B usual: accuracy 0% (0 of 1 best, 1 forced left out) · 1 blunder · cost 33.3 \
             points a decision"
        ),
        "{out}"
    );
    let (code, out, err) = run(&["analyze", f, "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let flip = &v["flips"][3];
    assert_eq!(flip["player"], "usual");
    assert_eq!(flip["coord"], "a1");
    assert_eq!(flip["grade"], "blunder");
    assert_eq!(flip["kind"], "strategy");
    assert_eq!(flip["value"], 0.0);
    assert!((flip["best_value"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-9);
    assert_eq!(flip["played"], "a1 A, turned a seen card second");
    assert_eq!(flip["best_words"], "Turn a second new card");
    // A pair taken is named with its card.
    assert_eq!(v["flips"][5]["best_words"], "Take the pair: turn C (b1)");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn stats_counts_the_games_against_each_ai_from_the_records() {
    let data = scratch("stats-ai");
    let d = data.to_str().unwrap();
    // Two games of two AIs: left out.
    let (code, _, err) = run(
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
            d,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let games = data.join("games");
    let write = |name: &str, text: &str| std::fs::write(games.join(name), text).unwrap();
    // Lost to the optimal AI (accuracy 50%), won twice against the usual one (100%).
    write("lost.cgn", common::FIXED);
    write("won-1.cgn", &person_beats_usual());
    write("won-2.cgn", &person_beats_usual());
    // Left out: a practice game, a solitaire game, an unfinished game.
    write(
        "practice.cgn",
        &common::FIXED.replace("[Practice \"no\"]", "[Practice \"yes\"]"),
    );
    write(
        "solo.cgn",
        "[Format \"concentration 1\"]\n[Deck \"pairs:3\"]\n[Seed \"2\"]\n[Players \"solitaire\"]\n[A \"you\"]\n[Objective \"moves\"]\n[Result \"*\"]\n\n1. A a1:A b1:C miss\n",
    );
    write(
        "unfinished.cgn",
        "[Format \"concentration 1\"]\n[Deck \"pairs:3\"]\n[Seed \"2\"]\n[A \"optimal\"]\n[B \"you\"]\n[Objective \"win\"]\n[PassRule \"agreed\"]\n[Result \"*\"]\n\n1. A a1:A b1:C miss\n",
    );
    // Two unreadable records: skipped and counted.
    write("garbled.cgn", "not a record\n");
    write(
        "wrong.cgn",
        &common::FIXED.replace("b1:C miss", "b1:B miss"),
    );
    let (code, out, err) = run(&["stats", "--data-dir", d], None);
    assert_eq!(code, 0, "{err}");
    let table = "Against the AI\n\
opponent  deck     pass rule  objective  played  won drawn lost accuracy\n\
optimal   pairs:3  agreed     win             1    0     0    1     0.0%\n\
usual     pairs:3  agreed     win             2    2     0    0   100.0%\n";
    assert!(out.contains(table), "{out}");
    assert!(out.contains("2 records could not be read"), "{out}");
    let (code, out, err) = run(&["stats", "--json", "--data-dir", d], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let vs = &v["versus_ai"];
    assert_eq!(vs["unreadable"], 2);
    let rows = vs["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{vs}");
    assert_eq!(rows[1]["opponent"], "usual");
    assert_eq!(rows[1]["played"], 2);
    assert_eq!(rows[1]["won"], 2);
    assert_eq!(rows[1]["accuracy"], 1.0);
    assert_eq!(rows[0]["lost"], 1);
    // The fixed game: the person's one real choice was a blunder (the other was forced).
    assert_eq!(rows[0]["accuracy"], 0.0);
    // The solitaire statistics keep their keys.
    assert!(v["entries"].is_array() && v["format"].is_number(), "{v}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn stats_without_games_against_the_ai_says_so() {
    let data = scratch("stats-none");
    let (code, out, err) = run(&["stats", "--data-dir", data.to_str().unwrap()], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Against the AI: no finished games yet"),
        "{out}"
    );
    assert!(!out.contains("could not be read"), "{out}");
}
