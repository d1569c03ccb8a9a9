//! The dashboard screen (`s` on the setup screen): the lines `concentration stats`
//! prints, scrolled when taller than the window, `q` back; its text plain for a screen
//! reader.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use common::{FIXED, screen_sized};
use concentration::trainer::dashboard;
use concentration::tui::{Action, App, Config, Screen};

#[path = "common/cli.rs"]
mod cli;

/// The cache folder is named by the environment: one test at a time sets it.
static ENV: Mutex<()> = Mutex::new(());

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
    // SAFETY: the tests of this file set the variable under `ENV`.
    unsafe { std::env::set_var(dashboard::CACHE_DIR_ENV, data.join("cache")) };
    let mut app = App::setup(Config::default());
    app.stats_dir = Some(data.to_path_buf());
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
    let _env = ENV
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
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
    // Taller than the window: the first screen starts at the top, End shows the last.
    let top = screen_sized(&app, 80, 24);
    assert!(top.contains("Your progress"), "{top}");
    let first = "No solitaire games counted yet";
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
    let _env = ENV
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
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
