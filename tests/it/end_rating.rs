//! The rating on the end screen: once a finished game against an AI is saved, the end
//! window shows the person's rating with what this game changed
//! (`Your rating 1532 ± 80 (+14 this game)`), worked out on a worker thread so that the
//! end screen shows at once and keys count while it works; a practice game, a game not
//! saved or a watched game shows no rating.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use concentration::app::{App, Config, First};
use concentration::players::Optimal;
use concentration::rules::{Deck, Objective};
use concentration::trainer::{dashboard, explain};
use concentration::tui::Action;

use crate::common::{screen_sized, select, settle};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "concentration-end-rating-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config(seed: u64, practice: bool) -> Config {
    Config {
        deck: "pairs:4".into(),
        seed,
        objective: Objective::Win,
        first: First::You,
        practice,
        ai_delay: Duration::from_millis(10),
        ..Config::default()
    }
}

/// Plays `config` best to its end, saving into `data`'s games folder (if any), the
/// dashboard's cache in folder `cache`; the last step is taken with the app not blocking when `worker`, so that the rating is
/// worked out on a worker thread.
pub(crate) fn played(
    config: Config,
    data: Option<&Path>,
    cache: &Path,
    worker: bool,
) -> (App, Instant) {
    let mut solver = Optimal::new(
        &Deck::parse(&config.deck).unwrap(),
        config.objective,
        config.pass_rule,
    )
    .unwrap();
    let mut now = Instant::now();
    let mut app = App::start_blocking(config, now).unwrap();
    app.save_dir = data.map(|d| d.join("games"));
    app.cache_dir = Some(cache.to_path_buf());
    // The solver is there: from now on only the rating could go on a worker.
    app.blocking = !worker;
    loop {
        now = settle(&mut app, now);
        let view = app.round().unwrap().game().view().clone();
        if view.is_over() {
            return (app, now);
        }
        let pos = explain(&view, solver.solver()).unwrap().best().named.cards[0];
        select(&mut app, pos, now);
    }
}

fn rating_line(app: &App) -> Option<String> {
    app.window_text()
        .iter()
        .map(|l| l.trim().to_owned())
        .find(|l| l.starts_with("Your rating"))
}

/// The line the dashboard's figures give for the game saved last in `data`.
fn expected(app: &App, data: &Path, cache: &Path) -> String {
    let saved = app.round().unwrap().saved().unwrap().as_ref().unwrap();
    let file = saved.file_name().unwrap().to_str().unwrap();
    let (book, change) = dashboard::rating_change(data, Some(cache), file).unwrap();
    let change = change.expect("a game against the optimal AI is rated");
    let signed = concentration::words::signed(change, 0);
    format!(
        "Your rating {:.0} ± {:.0} ({signed} this game)",
        book.rating.rating,
        2.0 * book.rating.deviation
    )
}

#[test]
fn a_rated_game_ends_with_the_rating_and_what_it_changed_and_others_without() {
    let data = scratch("data");
    let cache = scratch("cache");

    // Blocking (as the screen reader and tests run): the line is there at once.
    let (app, _) = played(config(1, false), Some(&data), &cache, false);
    let first = expected(&app, &data, &cache);
    assert_eq!(rating_line(&app).as_deref(), Some(first.as_str()));
    let screen = screen_sized(&app, 80, 24);
    assert!(screen.contains(&first), "{screen}");
    // Shown with --nocapture, for the notes.
    println!("{screen}");
    assert!(first.contains("this game)"), "{first}");

    // On a worker: the end screen is there before the rating, and keys count meanwhile.
    let (mut app, now) = played(config(2, false), Some(&data), &cache, true);
    assert!(app.round().unwrap().game().view().is_over());
    let pending = app.round().unwrap().rating_pending();
    if pending {
        assert_eq!(rating_line(&app), None, "shown before it is known");
        app.update(Action::Help, now);
        assert!(
            app.overlay.is_some(),
            "a key counts while the rating is worked out"
        );
        app.overlay = None;
    }
    let start = Instant::now();
    while app.round().unwrap().rating_pending() {
        app.poll_worker(now);
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the rating never came"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = expected(&app, &data, &cache);
    assert_eq!(rating_line(&app).as_deref(), Some(second.as_str()));
    // The second rated game: the rating counts both.
    assert_ne!(first, second);

    // Not rated: a practice game, a game not saved, a watched game.
    let (app, _) = played(config(3, true), Some(&data), &cache, false);
    assert!(app.round().unwrap().saved().is_some_and(Result::is_ok));
    assert_eq!(rating_line(&app), None);
    let (app, _) = played(config(4, false), None, &cache, false);
    assert_eq!(rating_line(&app), None);
    let mut now = Instant::now();
    let watch = Config {
        watch_first: Some(concentration::app::Opponent::Optimal),
        ..config(5, false)
    };
    let mut app = App::start_blocking(watch, now).unwrap();
    app.save_dir = Some(data.join("games"));
    while !app.round().unwrap().game().view().is_over() {
        now = settle(&mut app, now);
    }
    assert!(app.round().unwrap().is_watch());
    assert_eq!(rating_line(&app), None);
    assert!(!screen_sized(&app, 80, 24).contains("Your rating"));
}
