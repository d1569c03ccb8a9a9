//! Where records live and how they are written: the data directory (flag, environment,
//! or the platform's default), atomic saves (a temporary file renamed into place) and
//! the list of saved games.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::Record;

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
    if dir.exists() && !dir.is_dir() {
        return Err(format!("data directory {} is not a folder", dir.display()));
    }
    Ok(dir)
}

/// Where saved games go inside a data directory.
#[must_use]
pub fn records_dir(data: &Path) -> PathBuf {
    data.join("games")
}

/// The date and time now, UTC: (`YYYY-MM-DD`, `HH:MM:SS`).
#[must_use]
pub fn today() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60),
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let m = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
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

/// Saves `record` in `dir` (created if missing) under a new name, atomically: the text
/// goes to a temporary file in the same directory, is flushed to disk, then renamed, so
/// a crash leaves either no file or a whole one. Returns the file's path.
///
/// # Errors
/// The directory or the file cannot be written, or the record is not a legal game.
pub fn save(dir: &Path, record: &Record) -> std::io::Result<PathBuf> {
    let text = record
        .to_text()
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
    std::fs::create_dir_all(dir)?;
    let mut n = 0;
    let path = loop {
        let p = dir.join(file_name(record, n));
        if !p.exists() {
            break p;
        }
        n += 1;
    };
    let tmp = dir.join(format!(
        ".{}.tmp-{}",
        path.file_name()
            .and_then(|f| f.to_str())
            .unwrap_or("record"),
        std::process::id()
    ));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map(|()| path)
}

/// Reads and checks a record file. The error is one line: the file, the line and the
/// reason.
///
/// # Errors
/// The file cannot be read, is too large, or is not a valid record.
pub fn load(path: &Path) -> Result<Record, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!("{shown}: too large to be a record"));
    }
    Record::parse(&bytes).map_err(|e| format!("{shown}: {e}"))
}

/// A saved game in the list.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// The record, or why it could not be read.
    pub record: Result<Record, String>,
}

/// Every record in `dir`, newest first by the date and time they hold, then the
/// unreadable ones (an absent directory has none).
#[must_use]
pub fn list(dir: &Path) -> Vec<Entry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
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
    let mut entries: Vec<Entry> = paths
        .into_iter()
        .map(|path| Entry {
            record: load(&path),
            path,
        })
        .collect();
    entries.sort_by(|a, b| {
        let key = |e: &Entry| {
            (
                e.record.is_ok(),
                e.record
                    .as_ref()
                    .map(|r| (r.date.clone(), r.time.clone()))
                    .ok(),
                e.path.clone(),
            )
        };
        key(b).cmp(&key(a))
    });
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(20_544), (2026, 4, 1));
    }
}
