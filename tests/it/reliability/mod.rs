//! What the reliability audit found (issue 24), end to end through the binary: a flag
//! accepted is honoured (`duel --players ... --save` saves the seat games), a batch cut
//! short by a full disk says how many were saved and leaves nothing partial, a settings
//! file that is a FIFO never blocks a command, and `stats` reads everything before it
//! prints. (The refusals are rows of the bad-input catalogue, tests/it/bad_input.rs.) The
//! files the game keeps besides the records: `data_files` (issue 37).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use concentration::record::{self, Record};

mod data_files;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "concentration-reliability-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn run(&self, args: &[&str], config: &Path) -> Output {
        Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .current_dir(&self.0)
            .env("HOME", self.0.join("home"))
            .env("CONCENTRATION_CONFIG", config)
            .env_remove("CONCENTRATION_DATA_DIR")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The records saved under `data`, loaded (each must load).
fn saved(data: &Path) -> Vec<Record> {
    record::list(&record::records_dir(data))
        .into_iter()
        .map(|e| e.record.expect("a saved record loads"))
        .collect()
}

#[test]
fn duel_players_save_saves_every_seat_game() {
    let s = Scratch::new("seats");
    for (list, seats) in [("optimal,usual,usual", 3), ("optimal,usual", 2)] {
        let data = s.0.join(format!("data-{seats}"));
        let out = s.run(
            &[
                "duel",
                "--deck",
                "pairs:6",
                "--players",
                list,
                "--games",
                "3",
                "--seed",
                "3",
                "--save",
                "--data-dir",
                data.to_str().unwrap(),
            ],
            &s.0.join("none.toml"),
        );
        assert!(out.status.success(), "{list}: {}", text(&out.stderr));
        assert!(
            text(&out.stderr).starts_with("saved 3 game records in "),
            "{}",
            text(&out.stderr)
        );
        let records = saved(&data);
        assert_eq!(records.len(), 3, "{list}: one record per game");
        for r in &records {
            assert_eq!(r.seats(), seats, "{list}");
            let game = r.replay().expect("the record replays");
            assert!(game.view().is_over(), "a whole game");
            assert_eq!(
                game.view().pairs().iter().sum::<u32>(),
                6,
                "every pair taken"
            );
        }
        let names: Vec<&str> = records[0].players.iter().map(|p| p.name.as_str()).collect();
        let expected: &[&str] = if seats == 3 {
            &["optimal", "usual 1", "usual 2"]
        } else {
            &["optimal", "usual"]
        };
        assert_eq!(names, expected);
        // `analyze` reads them: the record kind of a table, written by the program.
        let (first, _) = record::list(&record::records_dir(&data))
            .into_iter()
            .map(|e| (e.path, ()))
            .next()
            .unwrap();
        let out = s.run(
            &["analyze", first.to_str().unwrap()],
            &s.0.join("none.toml"),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// A tmpfs of its own, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A file system with room for one small file more (one page), or `None` where no file
/// system can be mounted (not root).
fn nearly_full_disk(at: &Path) -> Option<Tmpfs> {
    std::fs::create_dir_all(at).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(at)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        assert!(
            !root,
            "as root a tmpfs must mount: the full-disk test needs it"
        );
        return None;
    }
    let disk = Tmpfs(at.to_path_buf());
    std::fs::create_dir_all(at.join("data").join("games")).unwrap();
    std::fs::write(at.join("page"), [0u8; 4096]).unwrap();
    // Fill every page left, then free exactly one.
    let mut filler = std::fs::File::create(at.join("filler")).unwrap();
    while std::io::Write::write_all(&mut filler, &[0u8; 4096]).is_ok() {}
    drop(filler);
    std::fs::remove_file(at.join("page")).unwrap();
    Some(disk)
}

#[test]
fn a_batch_cut_short_by_a_full_disk_says_how_many_were_saved() {
    let s = Scratch::new("full");
    let Some(disk) = nearly_full_disk(&s.0.join("disk")) else {
        eprintln!("skipped: no tmpfs can be mounted here (not root)");
        return;
    };
    let data = disk.0.join("data");
    let out = s.run(
        &[
            "duel",
            "--deck",
            "pairs:4",
            "--first",
            "optimal",
            "--second",
            "usual",
            "--games",
            "3",
            "--seed",
            "3",
            "--save",
            "--data-dir",
            data.to_str().unwrap(),
        ],
        &s.0.join("none.toml"),
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(text(&out.stdout), "", "a failed command prints nothing");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: saved 1 of 3 game records; the disk is full: "),
        "{err}"
    );
    // The one saved is whole, and no temporary file is left behind.
    let games = record::records_dir(&data);
    let files: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(saved(&data)[0].replay().unwrap().view().is_over());
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_settings_file_never_blocks_a_command() {
    let s = Scratch::new("fifo");
    let fifo = s.0.join("f.toml");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Both read the settings file for the data directory (no flag, no environment).
    for args in [&["stats"][..], &["history", "--list"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_concentration"))
            .args(args)
            .current_dir(&s.0)
            .env("HOME", s.0.join("home"))
            .env("XDG_DATA_HOME", s.0.join("xdg"))
            .env("CONCENTRATION_CONFIG", &fifo)
            .env_remove("CONCENTRATION_DATA_DIR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > std::time::Duration::from_secs(20) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?} blocked on the FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr).lines().collect::<Vec<_>>(),
            [format!(
                "warning: config file {}: not a regular file (a FIFO); using the default settings",
                fifo.display()
            )],
            "{args:?}"
        );
    }
}

#[test]
fn stats_reads_everything_before_printing() {
    let s = Scratch::new("stats");
    let data = s.0.join("data");
    // A records folder that is a file: nothing may be printed before the error (a
    // damaged statistics file only warns: see data_files.rs).
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("games"), "not a folder\n").unwrap();
    let out = s.run(
        &["stats", "--data-dir", data.to_str().unwrap()],
        &s.0.join("none.toml"),
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(text(&out.stdout), "", "printed before failing");
    assert!(err.contains("the records folder is a file"), "{err}");
}
