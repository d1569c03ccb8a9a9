//! The dashboard screen (`s` on the setup screen): the lines `concentration stats`
//! prints, scrolled when taller than the window, `q` back; its text plain for a screen
//! reader.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common::{FIXED, screen_sized};
use concentration::app::{App, Config, Screen};
use concentration::trainer::dashboard;
use concentration::tui::Action;

use crate::common::cli;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "concentration-dashboard-screen-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("games")).unwrap();
    d
}

fn setup(data: &Path) -> App {
    let mut app = App::setup(Config::default());
    app.stats_dir = Some(data.to_path_buf());
    app.cache_dir = Some(data.join("cache"));
    app
}

/// `stats` as the command prints it for `data`.
fn stats_text(data: &Path) -> String {
    let (code, out, err) = cli::outcome(
        cli::command(&["stats"])
            .env(dashboard::CACHE_DIR_ENV, data.join("cache"))
            .arg("--data-dir")
            .arg(data),
    );
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn the_dashboard_screen_shows_what_stats_prints_and_scrolls() {
    let data = scratch("shows");
    let (code, _, err) = cli::run(&[
        "duel",
        "--deck",
        "pairs:6",
        "--first",
        "optimal",
        "--second",
        "usual",
        "--games",
        "3",
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
    std::fs::write(data.join("games").join("fixed.cgn"), FIXED).unwrap();
    let mut app = setup(&data);
    app.size = (80, 24);
    app.update(Action::Setup, Instant::now());
    assert!(app.strategy.as_ref().is_some_and(|p| p.is_dashboard()));
    // The same lines as the command, plain.
    let printed = stats_text(&data);
    let shown = app.window_text();
    let expected: Vec<&str> = printed.lines().collect();
    assert_eq!(shown, expected);
    assert!(printed.contains("Your play, by game kind"), "{printed}");
    // The table's rows fit an 80-column window unwrapped (its borders take two).
    let table: Vec<&str> = expected
        .iter()
        .skip_while(|l| !l.starts_with("Your play, by game kind"))
        .skip(1)
        .take_while(|l| !l.starts_with("PR:"))
        .copied()
        .collect();
    assert!(table.len() >= 2, "{printed}");
    for row in &table {
        assert!(
            row.chars().count() <= 78,
            "{} columns: {row}",
            row.chars().count()
        );
    }
    // Taller than the window: the first screen starts at the top, End shows the last.
    let top = screen_sized(&app, 80, 24);
    assert!(top.contains("Your progress"), "{top}");
    let first = "Skill: PR ";
    assert!(expected[0].starts_with(first));
    assert!(top.contains(first), "{top}");
    let last = expected.last().unwrap();
    assert!(!top.contains(last), "{top}");
    app.update(Action::End, Instant::now());
    let bottom = screen_sized(&app, 80, 24);
    assert!(bottom.contains(&last[..40.min(last.len())]), "{bottom}");
    assert!(!bottom.contains(first), "{bottom}");
    app.update(Action::Home, Instant::now());
    assert_eq!(screen_sized(&app, 80, 24), top);
    // q goes back to the setup screen.
    app.update(Action::Quit, Instant::now());
    assert!(app.strategy.is_none());
    assert!(matches!(app.screen, Screen::Setup(_)));
    assert!(!app.quit);
}

#[test]
fn an_empty_data_directory_opens_a_short_dashboard_and_a_bad_one_says_why() {
    let data = scratch("empty");
    let mut app = setup(&data);
    app.update(Action::Setup, Instant::now());
    let shown = app.window_text().join("\n");
    assert!(shown.contains("no games of yours saved yet"), "{shown}");
    app.update(Action::Quit, Instant::now());
    // A records folder that is a file: one line on the setup screen, no page.
    let bad = scratch("bad");
    std::fs::remove_dir_all(bad.join("games")).unwrap();
    std::fs::write(bad.join("games"), "not a folder").unwrap();
    let mut app = setup(&bad);
    app.update(Action::Setup, Instant::now());
    assert!(app.strategy.is_none());
    let Screen::Setup(s) = &app.screen else {
        panic!("the setup screen")
    };
    let e = s.error.clone().unwrap();
    assert!(e.contains("the records folder is a file"), "{e}");
}

#[test]
fn per_idea_trends_show_on_the_dashboard_and_practise_next_names_a_runnable_idea_command() {
    let data = scratch("ideas");
    // Keep the pair: 6 missed, then 4 of 10 solved (40% lately, 0% before); the
    // sacrifice: 3 of 3.
    let mut recent = vec![false; 6];
    recent.extend([true, true, true, true]);
    let tally = serde_json::json!({
        "format": 1,
        "all": {"tried": 19, "solved": 7},
        "streak": 4,
        "best_streak": 4,
        "by_idea": {
            "keep-pair": {"tried": 16, "solved": 4},
            "sacrifice": {"tried": 3, "solved": 3},
        },
        "recent": {
            "keep-pair": recent,
            "sacrifice": [true, true, true],
        },
    });
    std::fs::write(
        data.join("puzzle-stats.json"),
        serde_json::to_string_pretty(&tally).unwrap(),
    )
    .unwrap();
    let mut app = setup(&data);
    app.update(Action::Setup, Instant::now());
    let shown = app.window_text();
    let row = |title: &str| {
        shown
            .iter()
            .find(|l| l.trim_start().starts_with(title))
            .cloned()
            .unwrap_or_default()
    };
    let keep = row("Keep the pair for later");
    let cells: Vec<&str> = keep.split_whitespace().rev().take(5).collect();
    // trend, before, last 10, first try, tried (read from the right).
    assert_eq!(cells, ["+40", "0%", "40%", "4", "16"], "{keep}");
    let sacrifice = row("The sacrifice");
    assert!(sacrifice.ends_with("100%      -      -"), "{sacrifice}");
    let practise = shown
        .iter()
        .find(|l| l.starts_with("Practise next:"))
        .unwrap();
    assert!(
        practise.ends_with(": concentration puzzle --idea keep-pair --deck standard-rank"),
        "{practise}"
    );
    // The command named runs as printed (on the deck the idea is met on).
    let command: Vec<&str> = practise
        .rsplit(": ")
        .next()
        .unwrap()
        .split(' ')
        .skip(1)
        .collect();
    let mut args = command.clone();
    args.extend(["--list", "1", "--seed", "3"]);
    let (code, _, err) = cli::run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    // The JSON has the same rows.
    let json = cli::json(&["stats", "--json", "--data-dir", data.to_str().unwrap()]);
    let ideas = json["dashboard"]["ideas"].as_array().unwrap();
    assert_eq!(ideas[0]["idea"], "sacrifice");
    assert_eq!(ideas[1]["idea"], "keep-pair");
    assert_eq!(ideas[1]["recent"], 0.4);
}
