//! The files the game keeps besides the records (issue 37), end to end: each kind of
//! damage to a file is one warning line and the command goes on (status 0); nothing
//! waits on a FIFO or reads `/dev/zero` in place of a file; counters saturate; cache
//! figures out of range are recomputed, not shown; and puzzle answers killed with
//! SIGKILL leave the tally and the ratings equal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use concentration::trainer::IdeaKind;
use concentration::trainer::schedule::{Entry, ScheduleStore};
use concentration::trainer::tally::{FILE_NAME as TALLY, TallyStore};

use super::{Scratch, text};

/// A game of the person against the optimal AI (the review and the dashboard use it).
const GAME: &str = r#"[Format "concentration 1"]
[Date "2026-04-01"]
[Time "12:00:00"]
[Deck "pairs:3"]
[Seed "2"]
[A "optimal"]
[B "you"]
[Objective "win"]
[PassRule "agreed"]
[Memory "classic"]
[Result "1-0"]

1. A a1:A b1:C miss
2. B c1:B a1:A miss
3. A a2:C b1:C pair
4. A c2:A a1:A pair
5. A b2:B c1:B pair
"#;

/// Runs the binary on data directory `data` with its own cache folder and no settings
/// file, killing it after 20 seconds: a command that waits on a FIFO fails its case
/// instead of hanging the tests.
fn run(s: &Scratch, args: &[&str], data: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_concentration"))
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .current_dir(&s.0)
        .env("HOME", s.0.join("home"))
        .env("CONCENTRATION_CONFIG", s.0.join("none.toml"))
        .env("CONCENTRATION_CACHE_DIR", s.0.join("cache"))
        .env_remove("CONCENTRATION_DATA_DIR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Makes something at a path.
type Make = fn(&Path);

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0")
}

/// The ways a kept file is damaged, each made at `path`: its name and how.
#[allow(clippy::type_complexity)]
fn damages() -> Vec<(&'static str, Box<dyn Fn(&Path)>)> {
    let write = |bytes: &'static [u8]| -> Box<dyn Fn(&Path)> {
        Box::new(move |p: &Path| std::fs::write(p, bytes).unwrap())
    };
    let mut all: Vec<(&'static str, Box<dyn Fn(&Path)>)> = vec![
        ("empty", write(b"")),
        (
            "truncated",
            write(br#"{"format": 1, "results": [{"when": "2026"#),
        ),
        ("garbage", write(b"\xff\xfe garbage }{")),
        ("NUL bytes", write(b"\0\0\0\0")),
        ("wrong types", write(br#"{"format": "one", "results": 7}"#)),
        (
            "duplicate keys",
            write(br#"{"format": 1, "results": [], "results": []}"#),
        ),
        (
            "1e999",
            write(br#"{"format": 1, "results": [{"when": "x", "rating": 1e999, "solved": true}]}"#),
        ),
        (
            "NaN",
            write(br#"{"format": 1, "results": [{"when": "x", "rating": NaN, "solved": true}]}"#),
        ),
        (
            "out of range",
            write(
                br#"{"format": 1, "results": [{"when": "x", "rating": -1e300, "solved": true}]}"#,
            ),
        ),
        ("format 0", write(br#"{"format": 0, "results": []}"#)),
        ("format 99", write(br#"{"format": 99, "results": []}"#)),
        ("a folder", Box::new(|p| std::fs::create_dir(p).unwrap())),
        (
            "100 MB",
            Box::new(|p| {
                let f = std::fs::File::create(p).unwrap();
                f.set_len(100 << 20).unwrap();
            }),
        ),
    ];
    #[cfg(unix)]
    {
        all.push(("a FIFO", Box::new(mkfifo)));
        all.push((
            "a link to /dev/zero",
            Box::new(|p| std::os::unix::fs::symlink("/dev/zero", p).unwrap()),
        ));
        all.push((
            "a dangling link",
            Box::new(|p| std::os::unix::fs::symlink("/nowhere/at/all", p).unwrap()),
        ));
        if !is_root() {
            all.push((
                "unreadable",
                Box::new(|p| {
                    use std::os::unix::fs::PermissionsExt;
                    std::fs::write(p, br#"{"format": 1, "results": []}"#).unwrap();
                    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o000)).unwrap();
                }),
            ));
        }
    }
    all
}

/// Each damage to `puzzle-ratings.json` (the older file the tally takes its rated
/// answers from): `stats` and `stats --json` say it in one line and exit 0, and the next
/// puzzle answered is counted and rated, the damaged file moved aside (or, of a newer
/// format, refused and left as it is).
#[test]
fn every_damage_to_the_puzzle_ratings_warns_once_and_stats_goes_on() {
    let s = Scratch::new("ratings-damage");
    for (case, make) in damages() {
        let data = s.0.join(case.replace(' ', "-"));
        std::fs::create_dir_all(data.join("games")).unwrap();
        std::fs::write(data.join("games").join("game.cgn"), GAME).unwrap();
        let file = data.join("puzzle-ratings.json");
        make(&file);
        for args in [&["stats"][..], &["stats", "--json"]] {
            let out = run(&s, args, &data);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{case}: {args:?}: {err}");
            let lines: Vec<&str> = err.lines().collect();
            assert_eq!(lines.len(), 1, "{case}: {args:?}: one line: {err}");
            assert!(
                lines[0].starts_with("warning: ") && lines[0].contains("puzzle-ratings.json"),
                "{case}: {err}"
            );
            assert!(!text(&out.stdout).is_empty(), "{case}: the page is printed");
        }
        let store = TallyStore::new(&data);
        let answered = store.record(IdeaKind::Sacrifice, true, 1500.0, 0.0);
        if case == "format 99" {
            let e = answered.unwrap_err().to_string();
            assert!(e.contains("newer version"), "{case}: {e}");
            assert!(file.exists(), "left as it is");
            continue;
        }
        let loaded = answered.unwrap_or_else(|e| panic!("{case}: {e}"));
        let moved = loaded.warning.unwrap_or_default();
        assert!(moved.contains("moved to"), "{case}: {moved}");
        assert_eq!(loaded.tally.ratings.map(|r| r.len()), Some(1), "{case}");
        let again = store.load();
        assert!(again.warning.is_none(), "{case}: {:?}", again.warning);
        assert_eq!(again.tally.all.tried, 1, "{case}");
    }
}

/// The same for the tally itself, the solitaire statistics and the schedule: a FIFO, a
/// folder or `/dev/zero` in their place never stops `stats` or `review --list`.
#[cfg(unix)]
#[test]
fn no_kept_file_in_a_bad_state_stops_stats_or_the_review() {
    let s = Scratch::new("kept-bad");
    for name in [TALLY, "solitaire-stats.json", "review-schedule.json"] {
        for (case, make) in damages() {
            if !matches!(
                case,
                "a folder" | "a FIFO" | "a link to /dev/zero" | "garbage" | "1e999"
            ) {
                continue;
            }
            let data = s.0.join(format!("{name}-{}", case.replace(' ', "-")));
            std::fs::create_dir_all(data.join("games")).unwrap();
            std::fs::write(data.join("games").join("game.cgn"), GAME).unwrap();
            make(&data.join(name));
            for args in [&["stats"][..], &["review", "--list", "3"]] {
                let out = run(&s, args, &data);
                let err = text(&out.stderr);
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{name}, {case}: {args:?}: {err}"
                );
                // `review` reads the schedule only; `stats` the others.
                let reads = (name == "review-schedule.json") == (args[0] == "review");
                let warned: Vec<&str> = err.lines().filter(|l| l.contains(name)).collect();
                assert_eq!(
                    warned.len(),
                    usize::from(reads),
                    "{name}, {case}: {args:?}: {err}"
                );
            }
        }
    }
}

/// A FIFO or a link to `/dev/zero` in place of the dashboard's cache: `stats`, `stats
/// --json`, `review --list` and `history --list` neither wait nor fill memory; each
/// says so in one line, and the cache is rebuilt beside it.
#[cfg(unix)]
#[test]
fn a_fifo_or_dev_zero_as_the_dashboard_cache_never_hangs() {
    let s = Scratch::new("cache-fifo");
    let data = s.0.join("data");
    std::fs::create_dir_all(data.join("games")).unwrap();
    std::fs::write(data.join("games").join("game.cgn"), GAME).unwrap();
    let warm = run(&s, &["stats"], &data);
    assert!(warm.status.success(), "{}", text(&warm.stderr));
    let cache = std::fs::read_dir(s.0.join("cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("the cache is written");
    let makers: [(&str, Make); 2] = [
        ("a FIFO", mkfifo),
        ("/dev/zero", |p| {
            std::os::unix::fs::symlink("/dev/zero", p).unwrap();
        }),
    ];
    for (case, make) in makers {
        for args in [
            &["stats"][..],
            &["stats", "--json"],
            &["review", "--list", "3"],
            &["history", "--list"],
        ] {
            let _ = std::fs::remove_file(&cache);
            make(&cache);
            let out = run(&s, args, &data);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{case}: {args:?}: {err}");
            assert!(
                err.lines()
                    .any(|l| l.starts_with("warning: ") && l.contains("dashboard cache")),
                "{case}: {args:?}: {err}"
            );
            assert!(
                std::fs::symlink_metadata(&cache).unwrap().is_file(),
                "{case}: rebuilt"
            );
        }
    }
}

/// A schedule that is a folder, a FIFO or a link to `/dev/zero`: the review runs as
/// with none (docs/trainer.md), saying so in one line.
#[cfg(unix)]
#[test]
fn an_unreadable_schedule_is_treated_as_empty() {
    let s = Scratch::new("schedule-bad");
    let makers: [(&str, Make); 3] = [
        ("a folder", |p| std::fs::create_dir(p).unwrap()),
        ("a FIFO", mkfifo),
        ("/dev/zero", |p| {
            std::os::unix::fs::symlink("/dev/zero", p).unwrap();
        }),
    ];
    let clean = s.0.join("clean");
    std::fs::create_dir_all(clean.join("games")).unwrap();
    std::fs::write(clean.join("games").join("game.cgn"), GAME).unwrap();
    let want = run(&s, &["review", "--list", "3"], &clean);
    assert!(want.status.success());
    for (case, make) in makers {
        let data = s.0.join(case.replace(['/', ' '], "-"));
        std::fs::create_dir_all(data.join("games")).unwrap();
        std::fs::write(data.join("games").join("game.cgn"), GAME).unwrap();
        make(&data.join("review-schedule.json"));
        let out = run(&s, &["review", "--list", "3"], &data);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{case}: {err}");
        assert_eq!(err.lines().count(), 1, "{case}: {err}");
        assert!(err.contains("review-schedule.json"), "{case}: {err}");
        // Every decision is due, as with an empty schedule.
        assert_eq!(
            text(&out.stdout).lines().count(),
            text(&want.stdout).lines().count(),
            "{case}"
        );
        // The next answer moves it aside and writes a schedule.
        let store = ScheduleStore::new(&data);
        let today = concentration::dates::parse_day("2026-05-05").unwrap();
        store.record("game.cgn#3", false, today).unwrap();
        assert!(store.load().warning.is_none(), "{case}");
    }
}

/// A counter at its limit stays there: a decision missed 4294967295 times and missed
/// again, a tally of 4294967295 answers and one more.
#[test]
fn counters_at_their_limit_saturate_rather_than_wrap() {
    let s = Scratch::new("saturate");
    let data = s.0.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("review-schedule.json"),
        r#"{"format": 1, "entries": {"game.cgn#3": {"state": "missed", "misses": 4294967295, "due": "2026-01-01"}}}"#,
    )
    .unwrap();
    let store = ScheduleStore::new(&data);
    let today = concentration::dates::parse_day("2026-05-05").unwrap();
    let entry = store.record("game.cgn#3", false, today).unwrap();
    assert_eq!(
        entry,
        Entry::Missed {
            misses: u32::MAX,
            due: "2026-05-12".into()
        }
    );
    let loaded = store.load();
    assert!(loaded.warning.is_none());
    assert_eq!(loaded.schedule.entries["game.cgn#3"], entry);

    let max = u32::MAX;
    std::fs::write(
        data.join(TALLY),
        format!(
            r#"{{"format": 2, "all": {{"tried": {max}, "solved": {max}}}, "streak": {max}, "best_streak": {max},
                "by_idea": {{"sacrifice": {{"tried": {max}, "solved": {max}}}}}, "ratings": []}}"#
        ),
    )
    .unwrap();
    let tally = TallyStore::new(&data)
        .record(IdeaKind::Sacrifice, true, 1500.0, 0.0)
        .unwrap()
        .tally;
    assert_eq!((tally.all.tried, tally.all.solved), (max, max));
    assert_eq!((tally.streak, tally.best_streak), (max, max));
    assert_eq!(tally.by_idea["sacrifice"].tried, max);
}

/// Figures a hand-edited cache holds out of range (accuracy 200%, an infinite luck,
/// 2^64 slips, a cost of 1e300) are not shown: the entry is analysed again, and `stats`
/// prints what it printed before the edit.
#[test]
fn cache_figures_out_of_range_are_recomputed_not_shown() {
    let s = Scratch::new("cache-range");
    let data = s.0.join("data");
    std::fs::create_dir_all(data.join("games")).unwrap();
    std::fs::write(data.join("games").join("game.cgn"), GAME).unwrap();
    let before = run(&s, &["stats"], &data);
    assert!(before.status.success());
    let cache = std::fs::read_dir(s.0.join("cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("the cache is written");
    let good = std::fs::read_to_string(&cache).unwrap();
    let edits: [(&str, &str, &str); 4] = [
        ("accuracy 200%", "\"best\":0", "\"best\":2"),
        ("luck", "\"luck\":", "\"luck\":1e300,\"x\":"),
        ("slips", "\"slips\":0", "\"slips\":18446744073709551615"),
        ("cost", "\"mean_cost\":", "\"mean_cost\":1e300,\"y\":"),
    ];
    for (case, from, to) in edits {
        assert!(good.contains(from), "{case}: {good}");
        std::fs::write(&cache, good.replacen(from, to, 1)).unwrap();
        let after = run(&s, &["stats"], &data);
        assert!(after.status.success(), "{case}");
        assert_eq!(text(&after.stdout), text(&before.stdout), "{case}");
        // The figures, not the folders `stats` names: the scratch folder's name holds
        // the process id, which may read 200.
        let figures = text(&after.stdout).replace(&*s.0.to_string_lossy(), "SCRATCH");
        for shown in ["200", "inf", "18446744073709551615", "1e300"] {
            assert!(!figures.contains(shown), "{case}: {shown}");
        }
    }
}

const CHILD_DATA: &str = "CONCENTRATION_TEST_PUZZLE_DATA";

/// Not a test on its own: the body of the process `puzzle_answers_killed_leave_...`
/// kills (does nothing unless the variable is set). Answers puzzles on the puzzle
/// screen, as a person does, until killed.
#[test]
fn child_answers_puzzles() {
    use concentration::app::{App, Drill, Filter, Screen};
    use concentration::rules::{Deck, Objective, PassRule};
    use concentration::trainer::puzzle::PuzzleRules;
    use concentration::tui::Action;
    let Some(data) = std::env::var_os(CHILD_DATA) else {
        return;
    };
    let rules = PuzzleRules {
        deck: Deck::parse("pairs:6").unwrap(),
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
    };
    let drill = Drill::new(
        rules,
        7,
        Filter::default(),
        None,
        Some(PathBuf::from(data)),
        None,
    )
    .unwrap();
    let mut app = App::puzzle(drill);
    for i in 0.. {
        let lesson = app.drill().expect("the puzzle screen").lesson();
        // Every third answered wrong: a card of another action.
        let pos = lesson
            .actions
            .iter()
            .find(|e| (i % 3 == 0) != (e.action == lesson.best))
            .map_or(lesson.best().named.cards[0], |e| e.named.cards[0]);
        if let Screen::Puzzle(d) = &mut app.screen {
            d.cursor = pos;
        }
        app.update(Action::Select, Instant::now());
        app.update(Action::New, Instant::now());
    }
}

/// Puzzle answers killed with SIGKILL at random moments, 20 times: after every kill the
/// tally counts exactly the answers rated (they are one file, written at once), and
/// nothing is damaged.
#[cfg(unix)]
#[test]
fn puzzle_answers_killed_leave_the_tally_and_the_ratings_equal() {
    let s = Scratch::new("kill-puzzles");
    let data = s.0.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut answered = 0;
    for kill in 0..20_u64 {
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                "reliability::data_files::child_answers_puzzles",
                "--test-threads",
                "1",
                "--quiet",
            ])
            .env(CHILD_DATA, &data)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill moments spread over the first answers (the first waits for the puzzles).
        std::thread::sleep(Duration::from_millis(300 + (kill * 137) % 400));
        child.kill().unwrap();
        child.wait().unwrap();
        let loaded = TallyStore::new(&data).load();
        assert!(
            loaded.warning.is_none(),
            "kill {kill}: {:?}",
            loaded.warning
        );
        let rated = loaded.tally.ratings.as_ref().map_or(0, Vec::len);
        assert_eq!(
            usize::try_from(loaded.tally.all.tried).unwrap(),
            rated,
            "kill {kill}: the tally and the ratings drifted"
        );
        answered = rated;
    }
    assert!(answered >= 20, "the children answered: {answered}");
    println!("20 kills, {answered} answers: the tally and the ratings equal after each");
}

/// The files of an older version, a format-1 tally and its ratings apart in
/// `puzzle-ratings.json`, lose nothing: read together before any answer, taken into one
/// file by the first, the old ratings file then renamed and never read again.
#[test]
fn an_older_tally_and_its_ratings_file_are_taken_in_whole() {
    let s = Scratch::new("migrate");
    let data = s.0.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join(TALLY),
        r#"{"format":1,"all":{"tried":3,"solved":2},"streak":1,"best_streak":2,
            "by_idea":{"wait":{"tried":3,"solved":2}}}"#,
    )
    .unwrap();
    let old = r#"{"format":1,"results":[
        {"when":"2026-01-01 10:00:00","rating":1500.0,"solved":true},
        {"when":"2026-01-01 10:01:00","rating":1650.0,"solved":false},
        {"when":"2026-01-01 10:02:00","rating":1800.0,"solved":true}]}"#;
    std::fs::write(data.join("puzzle-ratings.json"), old).unwrap();
    let store = TallyStore::new(&data);
    let before = store.load();
    assert!(before.warning.is_none(), "{:?}", before.warning);
    assert_eq!(before.tally.all.tried, 3);
    assert_eq!(before.tally.ratings.as_ref().map(Vec::len), Some(3));
    let out = run(&s, &["stats", "--json"], &data);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["dashboard"]["rated"], 3, "the old ratings rate");

    let after = store.record(IdeaKind::Wait, true, 1500.0, 0.0).unwrap();
    assert!(after.warning.is_none(), "{:?}", after.warning);
    assert_eq!(after.tally.format, 2);
    assert_eq!((after.tally.all.tried, after.tally.all.solved), (4, 3));
    let ratings = after.tally.ratings.unwrap();
    assert_eq!(ratings.len(), 4);
    assert_eq!(ratings[1].rating, 1650.0);
    assert!(!data.join("puzzle-ratings.json").exists());
    assert_eq!(
        std::fs::read_to_string(data.join("puzzle-ratings.json.merged")).unwrap(),
        old,
        "kept as it was"
    );
    let again = store.load();
    assert_eq!(again.tally.ratings.map(|r| r.len()), Some(4));
}
