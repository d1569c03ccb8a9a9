//! Solitaire statistics: totals and bests, a corrupted file moved aside (never silently
//! overwritten), a newer format left alone, concurrent writers in several processes
//! losing nothing, reading that writes nothing, a killed writer's temporary file removed.

use concentration::solitaire::SoloRule;
use std::path::{Path, PathBuf};
use std::process::Command;

use concentration::data_file::DataError;
use concentration::solitaire::stats::{FILE_NAME, GameStats, Store};

/// A fresh, empty directory under the target directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("concentration-stats-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn game(moves: u32, luck_adjusted: u32, challenge: Option<u64>) -> GameStats {
    GameStats {
        deck: "pairs:8".into(),
        memory: "classic".into(),
        rule: SoloRule::Standard,
        challenge,
        moves,
        misses: moves - 8,
        luck_adjusted,
        date: "2026-04-01".into(),
    }
}

#[test]
fn totals_bests_and_challenges() {
    let dir = temp_dir("totals");
    let store = Store::new(&dir);
    assert!(store.load().stats.entries.is_empty());
    let first = store.record(&game(15, 13, Some(7))).unwrap();
    assert_eq!(
        (first.previous_best, first.previous_challenge_best),
        (None, None)
    );
    let second = store.record(&game(12, 12, None)).unwrap();
    assert_eq!(second.previous_best, Some(15));
    let third = store.record(&game(14, 11, Some(7))).unwrap();
    assert_eq!(
        (third.previous_best, third.previous_challenge_best),
        (Some(12), Some(15))
    );
    let stats = store.load().stats;
    let all = stats
        .entry("pairs:8", "classic", SoloRule::Standard, None)
        .unwrap();
    assert_eq!(
        (all.games, all.moves, all.misses, all.best),
        (3, 41, 17, 12)
    );
    assert!((all.average_moves() - 41.0 / 3.0).abs() < 1e-12);
    assert!((all.average_cost() - 5.0 / 3.0).abs() < 1e-12);
    let seven = stats
        .entry("pairs:8", "classic", SoloRule::Standard, Some(7))
        .unwrap();
    assert_eq!((seven.games, seven.best, seven.cost), (2, 14, 5));
    assert!(
        stats
            .entry("pairs:8", "open", SoloRule::Standard, None)
            .is_none()
    );
    // Plain, readable JSON.
    let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
    assert!(
        text.contains("\"format\": 1") && text.contains("\"best\": 12"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn aside_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".corrupt-"))
        .collect()
}

#[test]
fn a_corrupted_file_is_moved_aside_with_a_warning() {
    for junk in [
        &b"{\"format\": 1, \"entries\": [{\"deck\""[..],
        b"\x00\xff junk",
        b"",
    ] {
        let dir = temp_dir("corrupt");
        let store = Store::new(&dir);
        std::fs::write(dir.join(FILE_NAME), junk).unwrap();
        let recorded = store.record(&game(13, 12, None)).unwrap();
        let warning = recorded.warning.expect("a warning");
        assert!(
            warning.starts_with("warning: ") && warning.contains("moved to"),
            "{warning}"
        );
        let aside = aside_files(&dir);
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read(&aside[0]).unwrap(), junk, "kept as it was");
        // The new file holds the new game only, and reads cleanly.
        let loaded = store.load();
        assert!(loaded.warning.is_none());
        assert_eq!(
            loaded
                .stats
                .entry("pairs:8", "classic", SoloRule::Standard, None)
                .unwrap()
                .games,
            1
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn reading_a_corrupted_file_warns_and_leaves_it_for_the_next_game() {
    let dir = temp_dir("corrupt-load");
    std::fs::write(dir.join(FILE_NAME), "[1, 2, 3]").unwrap();
    let loaded = Store::new(&dir).load();
    let warning = loaded.warning.unwrap();
    assert!(
        warning.contains("is not solitaire statistics")
            && warning.contains("moved aside when next written"),
        "{warning}"
    );
    assert!(loaded.stats.entries.is_empty());
    assert!(aside_files(&dir).is_empty(), "reading moved it");
    assert_eq!(
        std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(),
        "[1, 2, 3]"
    );
    // The next game counted moves it aside.
    let recorded = Store::new(&dir).record(&game(13, 12, None)).unwrap();
    assert!(recorded.warning.unwrap().contains("moved to"));
    assert_eq!(aside_files(&dir).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every name in `dir` with its length and modification time.
fn listing(dir: &Path) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let m = e.metadata().unwrap();
            (e.path(), m.len(), m.modified().unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn reading_takes_no_lock_and_writes_nothing() {
    let dir = temp_dir("read-only");
    let store = Store::new(&dir);
    store.record(&game(13, 12, None)).unwrap();
    std::fs::remove_file(dir.join(concentration::solitaire::stats::LOCK_NAME)).unwrap();
    let dir_modified = std::fs::metadata(&dir).unwrap().modified().unwrap();
    let before = listing(&dir);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let loaded = store.load();
    assert_eq!(loaded.stats.entries.len(), 1);
    assert_eq!(listing(&dir), before, "reading created or changed a file");
    assert_eq!(
        std::fs::metadata(&dir).unwrap().modified().unwrap(),
        dir_modified
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_a_folder_counts_as_empty_and_a_folder_lock_is_a_clear_error() {
    // The file a folder: read as empty with one line, moved aside by the next game.
    let dir = temp_dir("folder");
    std::fs::create_dir(dir.join(FILE_NAME)).unwrap();
    let store = Store::new(&dir);
    let loaded = store.load();
    assert!(loaded.stats.entries.is_empty());
    let w = loaded.warning.unwrap();
    assert!(
        w.contains(FILE_NAME) && w.contains("not a regular file"),
        "{w}"
    );
    let recorded = store.record(&game(13, 12, None)).unwrap();
    assert!(recorded.warning.unwrap().contains("moved to"));
    assert_eq!(aside_files(&dir).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
    // The lock a folder: reading takes no lock; counting cannot, and says why.
    let dir = temp_dir("folder-lock");
    let lock = concentration::solitaire::stats::LOCK_NAME;
    std::fs::create_dir(dir.join(lock)).unwrap();
    let store = Store::new(&dir);
    assert!(store.load().warning.is_none());
    let err = store.record(&game(13, 12, None)).unwrap_err();
    assert!(matches!(err, DataError::NotAFile(_)), "{err}");
    let text = err.to_string();
    assert!(
        text.contains(lock) && text.contains("not a regular file"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_writers_temporary_file_goes_at_the_next_count() {
    let dir = temp_dir("stale");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--list")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = [
        format!(".{FILE_NAME}.tmp-{dead}"),
        format!(".{FILE_NAME}.tmp-{dead}-7"),
    ];
    for f in &stale {
        std::fs::write(dir.join(f), "{").unwrap();
    }
    let live = format!(".{FILE_NAME}.tmp-{}-1000", std::process::id());
    std::fs::write(dir.join(&live), "{").unwrap();
    Store::new(&dir).record(&game(13, 12, None)).unwrap();
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert_eq!(left, [live]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_newer_format_is_left_alone() {
    let dir = temp_dir("newer");
    let text = "{\"format\": 99, \"entries\": []}";
    std::fs::write(dir.join(FILE_NAME), text).unwrap();
    let err = Store::new(&dir).record(&game(13, 12, None)).unwrap_err();
    assert!(matches!(err, DataError::Newer(_, 99)), "{err}");
    assert!(err.to_string().contains("newer version"));
    let loaded = Store::new(&dir).load();
    assert!(loaded.stats.entries.is_empty());
    assert!(loaded.warning.unwrap().contains("newer version"));
    assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

const CHILD_DIR: &str = "CONCENTRATION_TEST_STATS_DIR";
const CHILD_GAMES: u32 = 25;

/// Not a test on its own: the body of each writer process of
/// `concurrent_processes_lose_nothing` (does nothing unless the variable is set).
#[test]
fn child_writer() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let store = Store::new(Path::new(&dir));
    for i in 0..CHILD_GAMES {
        store
            .record(&game(10 + i % 5, 10, Some(u64::from(i % 3))))
            .unwrap();
    }
}

#[test]
fn concurrent_processes_lose_nothing() {
    let dir = temp_dir("concurrent");
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..3)
        .map(|_| {
            Command::new(&exe)
                .args([
                    "--exact",
                    "solitaire_stats::child_writer",
                    "--test-threads",
                    "1",
                    "--quiet",
                ])
                .env(CHILD_DIR, &dir)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    // And two threads of this process at the same time.
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let store = Store::new(&dir);
                for _ in 0..CHILD_GAMES {
                    store.record(&game(9, 9, None)).unwrap();
                }
            });
        }
    });
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let loaded = Store::new(&dir).load();
    assert!(loaded.warning.is_none());
    let all = loaded
        .stats
        .entry("pairs:8", "classic", SoloRule::Standard, None)
        .unwrap();
    assert_eq!(all.games, u64::from(5 * CHILD_GAMES));
    assert_eq!(all.best, 9);
    let challenges: u64 = (0..3)
        .map(|n| {
            loaded
                .stats
                .entry("pairs:8", "classic", SoloRule::Standard, Some(n))
                .unwrap()
                .games
        })
        .sum();
    assert_eq!(challenges, u64::from(3 * CHILD_GAMES));
    assert!(aside_files(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
