//! Where records live and how they are written: the data directory (flag, environment,
//! or the platform's default), atomic saves that never replace a record (a temporary
//! file linked to the first free name) and the list of saved games.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::Record;
use crate::atomic_file::{remove_stale_temps, temp_name};
use crate::pairs::record::PairsRecord;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "CONCENTRATION_DATA_DIR";

/// Records larger than this are refused unread (no record is anywhere near it).
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// The file name extension of records ("concentration game notation").
pub const EXTENSION: &str = "cgn";

/// The platform's data directory for this program (`~/.local/share/concentration` on
/// Linux), if the platform has one.
#[must_use]
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "concentration").map(|d| d.data_dir().to_path_buf())
}

/// The data directory: `flag` (`--data-dir`) if given, else the environment variable
/// [`DATA_DIR_ENV`] if set and not empty, else the platform's default.
///
/// # Errors
/// No flag, no variable and no home directory; or a path that is not a folder.
pub fn data_dir(flag: Option<&Path>) -> Result<PathBuf, String> {
    let dir = if let Some(d) = flag {
        d.to_path_buf()
    } else if let Some(d) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        PathBuf::from(d)
    } else {
        default_data_dir().ok_or_else(|| {
            format!("no data directory: give --data-dir DIR or set {DATA_DIR_ENV}")
        })?
    };
    // Checked before any command prints: a path that is there but cannot be looked at
    // (a symlink loop, a folder without permission) is refused here, not halfway.
    match std::fs::metadata(&dir) {
        Ok(meta) if !meta.is_dir() => {
            Err(format!("data directory {} is not a folder", dir.display()))
        }
        Ok(_) => Ok(dir),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !is_dangling(&dir) => Ok(dir),
        Err(e) => Err(format!("data directory {}: {e}", dir.display())),
    }
}

/// Whether `dir` is a symbolic link to nothing (it cannot be created through).
fn is_dangling(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink())
}

/// Where saved games go inside a data directory.
#[must_use]
pub fn records_dir(data: &Path) -> PathBuf {
    data.join("games")
}

/// The date and time now, UTC: (`YYYY-MM-DD`, `HH:MM:SS`).
#[must_use]
pub fn today() -> (String, String) {
    crate::dates::now_utc()
}

/// A file name for a record: date, time, deck and seed, so names sort by age.
fn file_name(record: &Record, n: u32) -> String {
    let stamp: String = format!("{}{}", record.date, record.time)
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let deck: String = record
        .deck
        .name()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let stamp = if stamp.len() == 14 {
        format!("{}-{}", &stamp[..8], &stamp[8..])
    } else {
        "undated".into()
    };
    let suffix = if n == 0 {
        String::new()
    } else {
        format!("-{n}")
    };
    format!("{stamp}-{deck}-s{}{suffix}.{EXTENSION}", record.seed)
}

/// Saves `record` in `dir` (created if missing) under a new name, never replacing a
/// file: the text goes to a temporary file in the same directory and is flushed to disk,
/// then the final name is created exclusively (a hard link, which fails if the name is
/// taken), trying `-1`, `-2`, ... after the name until one is free. So a crash leaves no
/// record or a whole one, and two processes (or threads) saving games of the same second
/// each keep theirs. The first save of a process in a directory also removes temporary
/// files that killed saves left behind. Returns the file's path.
///
/// # Errors
/// The directory or the file cannot be written, or the record is not a legal game.
pub fn save(dir: &Path, record: &Record) -> std::io::Result<PathBuf> {
    let text = record
        .to_text()
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
    save_named(dir, &|n| file_name(record, n), &text)
}

/// Saves a Pairs record in `dir` as [`save`] saves a game of Concentration: a new name
/// (date, time, `pairs` and the ranks, seed), never replacing a file, written atomically.
///
/// # Errors
/// The directory or the file cannot be written.
pub fn save_pairs(
    dir: &Path,
    record: &crate::pairs::record::PairsRecord,
) -> std::io::Result<PathBuf> {
    let stamp: String = format!("{}{}", record.date, record.time)
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let stamp = if stamp.len() == 14 {
        format!("{}-{}", &stamp[..8], &stamp[8..])
    } else {
        "undated".into()
    };
    let stem = format!("{stamp}-pairs{}-s{}", record.ranks.get(), record.seed);
    let name = |n: u32| {
        if n == 0 {
            format!("{stem}.{EXTENSION}")
        } else {
            format!("{stem}-{n}.{EXTENSION}")
        }
    };
    save_named(dir, &name, &record.to_text())
}

/// Writes `text` under the first free name of `name(0)`, `name(1)`, ...: see [`save`].
fn save_named(dir: &Path, name: &dyn Fn(u32) -> String, text: &str) -> std::io::Result<PathBuf> {
    if dir.exists() && !dir.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!(
                "{}: the records folder is a file, not a folder",
                dir.display()
            ),
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| at(dir, e))?;
    clean_once(dir);
    let tmp = dir.join(temp_name(&name(0)));
    let written = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        claim(dir, name, &tmp, text)
    })();
    let _ = std::fs::remove_file(&tmp);
    written.map_err(|e| at(dir, e))
}

/// An I/O error that names the path concerned.
fn at(path: &Path, e: std::io::Error) -> std::io::Error {
    if e.to_string().contains(&path.display().to_string()) {
        return e;
    }
    std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Gives the written temporary file `tmp` the first free name, without ever replacing a
/// file. Where hard links are not supported, the name is created exclusively and written
/// again.
fn claim(
    dir: &Path,
    name: &dyn Fn(u32) -> String,
    tmp: &Path,
    text: &str,
) -> std::io::Result<PathBuf> {
    for n in 0.. {
        let path = dir.join(name(n));
        match std::fs::hard_link(tmp, &path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(_) => match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut f) => {
                    let done = f.write_all(text.as_bytes()).and_then(|()| f.sync_all());
                    if let Err(e) = done {
                        let _ = std::fs::remove_file(&path);
                        return Err(e);
                    }
                    return Ok(path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            },
        }
    }
    unreachable!("some name is free")
}

/// Removes stale temporary records in `dir`, once per process and directory.
fn clean_once(dir: &Path) {
    static CLEANED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let Ok(mut cleaned) = CLEANED.lock() else {
        return;
    };
    if cleaned.iter().any(|d| d == dir) {
        return;
    }
    cleaned.push(dir.to_path_buf());
    drop(cleaned);
    remove_stale_temps(dir, "");
}

/// Reads and checks a record file. The error is one line: the file, the line and the
/// reason. Only a regular file is opened (a FIFO or a device would block or never end).
///
/// # Errors
/// The file cannot be read, is not a regular file, is too large, or is not a valid
/// record.
pub fn load(path: &Path) -> Result<Record, String> {
    let bytes = read_record(path)?;
    Record::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The file as a Pairs record, if its first line says it is one (`None`: any other
/// file, which [`load`] reads and reports on). A Pairs record that does not read is an
/// error naming the file and the line.
#[must_use]
pub fn load_pairs(path: &Path) -> Option<Result<PairsRecord, String>> {
    let bytes = read_record(path).ok()?;
    let text = std::str::from_utf8(&bytes).ok()?;
    if !PairsRecord::is_pairs(text) {
        return None;
    }
    Some(PairsRecord::parse(text).map_err(|e| format!("{}: {e}", path.display())))
}

/// A record file's bytes: only a regular file is opened (a FIFO or a device would block
/// or never end), and only up to [`MAX_RECORD_BYTES`].
fn read_record(path: &Path) -> Result<Vec<u8>, String> {
    use crate::capped_read::{ReadError, read_capped};
    let shown = path.display();
    read_capped(path, MAX_RECORD_BYTES).map_err(|e| match e {
        ReadError::NotRegular(kind) => {
            format!("{shown}: not a regular file ({kind}), so not a record")
        }
        ReadError::TooLarge(_) => format!("{shown}: too large to be a record"),
        ReadError::Missing(e) | ReadError::Io(e) => format!("{shown}: {e}"),
    })
}

/// A saved game in the list: a game of Concentration (or solitaire) in `record`, or a
/// game of Pairs in `pairs` (its `record` then says it is one, so that every reader of
/// Concentration's records passes it by).
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// The record, or why it could not be read as one.
    pub record: Result<Record, String>,
    /// The game of Pairs, when the file holds one.
    pub pairs: Option<PairsRecord>,
}

impl Entry {
    /// The entry for the file at `path`.
    #[must_use]
    pub fn read(path: PathBuf) -> Self {
        match load_pairs(&path) {
            Some(Ok(pairs)) => Self {
                record: Err(format!("{}: a Pairs record", path.display())),
                pairs: Some(pairs),
                path,
            },
            Some(Err(e)) => Self {
                record: Err(e),
                pairs: None,
                path,
            },
            None => Self {
                record: load(&path),
                pairs: None,
                path,
            },
        }
    }

    /// Whether the file could be read, as either game.
    #[must_use]
    pub fn readable(&self) -> bool {
        self.record.is_ok() || self.pairs.is_some()
    }

    /// The date and time the game holds, if it could be read.
    #[must_use]
    pub fn when(&self) -> Option<(String, String)> {
        match (&self.record, &self.pairs) {
            (Ok(r), _) => Some((r.date.clone(), r.time.clone())),
            (_, Some(p)) => Some((p.date.clone(), p.time.clone())),
            _ => None,
        }
    }
}

/// Every record in `dir`, newest first by the date and time they hold, then the
/// unreadable ones (an absent or unreadable directory has none: see [`try_list`]).
#[must_use]
pub fn list(dir: &Path) -> Vec<Entry> {
    try_list(dir).unwrap_or_default()
}

/// Every record in `dir` as [`list`] gives them; an absent directory has none.
///
/// # Errors
/// `dir` is not a folder or cannot be read: one line naming it.
pub fn try_list(dir: &Path) -> Result<Vec<Entry>, String> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(_) if dir.exists() && !dir.is_dir() => {
            return Err(format!(
                "{}: the records folder is a file, not a folder",
                dir.display()
            ));
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let paths: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == EXTENSION)
                && !p
                    .file_name()
                    .and_then(|f| f.to_str())
                    .is_some_and(|f| f.starts_with('.'))
        })
        .collect();
    let mut entries: Vec<Entry> = paths.into_iter().map(Entry::read).collect();
    entries.sort_by(|a, b| {
        let key = |e: &Entry| (e.readable(), e.when(), e.path.clone());
        key(b).cmp(&key(a))
    });
    Ok(entries)
}
