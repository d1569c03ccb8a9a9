//! Records on disk: a save never replaces a record (threads at once, two games of one
//! second), a killed save's temporary file goes at the next save (and only then: a live
//! writer's stays), only regular files are read, and a records folder that is a file is
//! an error, not an empty list.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use concentration::record::{self, Record};

use crate::common::FIXED;

/// A fresh folder of the test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("concentration-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn fixed() -> Record {
    Record::parse(FIXED.as_bytes()).unwrap()
}

#[test]
fn two_records_of_the_same_second_are_both_kept() {
    let dir = scratch("same-second");
    let first = record::save(&dir, &fixed()).unwrap();
    let second = record::save(&dir, &fixed()).unwrap();
    assert_ne!(first, second);
    assert_eq!(
        names(&dir),
        [
            "20260401-120000-pairs3-s2-1.cgn",
            "20260401-120000-pairs3-s2.cgn"
        ]
    );
    for path in [first, second] {
        assert_eq!(std::fs::read_to_string(path).unwrap(), FIXED);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn threads_saving_into_one_folder_at_once_keep_every_record() {
    const THREADS: usize = 6;
    const EACH: usize = 40;
    let dir = scratch("threads");
    // Every game has the same date, time, deck and seed: every save races for one name.
    let paths: Vec<PathBuf> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    (0..EACH)
                        .map(|_| record::save(&dir, &fixed()).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let mut unique = paths.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), THREADS * EACH, "two saves reported one name");
    let files = names(&dir);
    assert_eq!(files.len(), THREADS * EACH, "records lost: {files:?}");
    assert!(
        files.iter().all(|f| f.ends_with(".cgn")),
        "temporary files left"
    );
    for entry in record::list(&dir) {
        assert_eq!(entry.record.unwrap(), fixed());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The process id of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .arg("--list")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn a_killed_saves_temporary_file_goes_at_the_next_save() {
    let dir = scratch("stale");
    let me = std::process::id();
    let dead = dead_pid();
    let files = [
        // Old-style and new-style names of a writer that is gone.
        format!(".20260401-120000-pairs3-s2.cgn.tmp-{dead}"),
        format!(".20260401-120000-pairs3-s9.cgn.tmp-{dead}-3"),
        // A live writer's (this process) fresh file: being written, left alone.
        format!(".20260401-120000-pairs3-s5.cgn.tmp-{me}-99"),
        // A live writer's file older than any save: left behind long ago.
        format!(".20260401-120000-pairs3-s6.cgn.tmp-{me}-98"),
        // Not temporary files.
        "notes.txt".to_owned(),
        ".hidden".to_owned(),
    ];
    for f in &files {
        std::fs::write(dir.join(f), "half a record").unwrap();
    }
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(dir.join(&files[3]))
        .unwrap()
        .set_modified(old)
        .unwrap();
    let saved = record::save(&dir, &fixed()).unwrap();
    let mut expected = vec![
        files[2].clone(),
        files[5].clone(),
        "20260401-120000-pairs3-s2.cgn".to_owned(),
        files[4].clone(),
    ];
    expected.sort();
    assert_eq!(names(&dir), expected);
    assert_eq!(saved, dir.join("20260401-120000-pairs3-s2.cgn"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_not_waited_on() {
    let dir = scratch("fifo");
    let fifo = dir.join("game.cgn");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    record::save(&dir, &fixed()).unwrap();
    // On a thread, so that a load that blocks fails the test instead of hanging it.
    let (tx, rx) = std::sync::mpsc::channel();
    let (f, d) = (fifo.clone(), dir.clone());
    std::thread::spawn(move || {
        let _ = tx.send((record::load(&f), record::list(&d)));
    });
    let (loaded, listed) = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("reading a FIFO blocked");
    let e = loaded.unwrap_err();
    assert!(
        e.ends_with("game.cgn: not a regular file (a FIFO), so not a record"),
        "{e}"
    );
    assert_eq!(listed.len(), 2);
    assert!(listed[0].record.is_ok());
    assert!(listed[1].record.as_ref().unwrap_err().contains("a FIFO"));
    let _ = std::fs::remove_file(&fifo);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_records_folder_that_is_a_file_is_an_error() {
    let dir = scratch("games-file");
    let games = dir.join("games");
    std::fs::write(&games, "not a folder").unwrap();
    let e = record::try_list(&games).unwrap_err();
    assert!(
        e.ends_with("games: the records folder is a file, not a folder"),
        "{e}"
    );
    let e = record::save(&games, &fixed()).unwrap_err().to_string();
    assert!(
        e.ends_with("games: the records folder is a file, not a folder"),
        "{e}"
    );
    // An absent folder has no records, and is no error.
    assert!(record::try_list(&dir.join("none")).unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
