//! One store for every file the game keeps besides the records: the solitaire
//! statistics, the puzzle tally (with the puzzle ratings), the review schedule, the
//! dashboard's cache, and (read only) the settings file. Each is a [`DataFile`] of a
//! [`Contents`], and all keep the same promises (docs/records.md, "The files kept
//! besides the records"):
//!
//! - **a lock**: every write runs under an exclusive advisory lock on a lock file beside
//!   it (`NAME.lock`), released by the system if the process dies; reading takes none;
//! - **a capped read of regular files only**: opened without waiting, checked to be a
//!   regular file before a byte is read, never more than [`Contents::MAX_BYTES`] read
//!   ([`MAX_BYTES`], 16 MiB, unless a kind says otherwise), so a FIFO, a device, a
//!   folder or `/dev/zero` cannot block or fill memory;
//! - **damage is never fatal**: a file that cannot be read as its kind (not a regular
//!   file, too large, unreadable, not parsed, a format unknown, a value out of range)
//!   gives one warning line and counts as empty; the next write moves it aside
//!   (`NAME.corrupt-SECONDS-PID`), never over it. A file of a newer format counts as
//!   empty too, and is never written over;
//! - **values checked on load**: each kind's [`Contents::decode`] refuses numbers that
//!   are not finite or out of range;
//! - **an atomic replace**: a temporary file, synced, renamed over the old one.
//!
//! Counters saturate rather than wrap: that is each kind's arithmetic, not the store's.

use std::fs::{File, OpenOptions};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::capped_read::{ReadError, read_capped};

/// The most bytes read of a kept file unless its kind says otherwise: far above what
/// years of play write (a statistics file is a few kilobytes), far below what would
/// hurt to hold in memory.
pub const MAX_BYTES: u64 = 16 << 20;

/// Why a kept file could not be written (reading never fails: see [`Loaded`]).
#[derive(Debug, Error)]
pub enum DataError {
    /// A file system error, with the path concerned.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// The file was written by a newer version of the program: left as it is.
    #[error("{0}: written by a newer version (format {1}); left unchanged")]
    Newer(PathBuf, u32),
    /// Where the lock file belongs, something else (a folder, a FIFO) is.
    #[error("{0}: not a regular file (a folder or another kind of file is in its place)")]
    NotAFile(PathBuf),
}

/// Why bytes are not a file's contents.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Fault {
    /// Damaged: not parsed, an unknown format, a value out of range (why, one line).
    #[error("{0}")]
    Damaged(String),
    /// Written by a newer version (its format).
    #[error("written by a newer version (format {0})")]
    Newer(u32),
}

/// What a kept file holds: how its bytes are read and checked, and written.
pub trait Contents: Sized {
    /// What the file is, after "is not" in a warning: "a puzzle tally".
    const WHAT: &'static str;
    /// The most bytes read; a larger file is damaged.
    const MAX_BYTES: u64 = MAX_BYTES;
    /// What a missing or damaged file counts as.
    fn empty() -> Self;
    /// The contents of `bytes`, every value checked.
    ///
    /// # Errors
    /// Damaged, or of a newer format.
    fn decode(bytes: &[u8]) -> Result<Self, Fault>;
    /// The text written.
    fn encode(&self) -> String;
}

/// A file as found on disk.
#[derive(Debug)]
pub enum Found<T> {
    /// Nothing there.
    Absent,
    /// Read and checked.
    Good(T),
    /// There, but not this kind of file: why, in one line.
    Damaged(String),
    /// Of a newer format.
    Newer(u32),
}

/// What reading a file gave: its contents (empty when missing or damaged), and the one
/// line to show when it was damaged.
#[derive(Debug, Clone, Default)]
pub struct Loaded<T> {
    /// The contents.
    pub value: T,
    /// A warning: the file was damaged, moved aside, or of a newer format.
    pub warning: Option<String>,
}

/// One kept file of kind `T`: `dir/name`, locked by `dir/STEM.lock`.
#[derive(Debug)]
pub struct DataFile<T> {
    dir: PathBuf,
    name: String,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for DataFile<T> {
    fn clone(&self) -> Self {
        Self {
            dir: self.dir.clone(),
            name: self.name.clone(),
            kind: PhantomData,
        }
    }
}

impl<T: Contents> DataFile<T> {
    /// The file `name` in folder `dir`.
    #[must_use]
    pub fn new(dir: &Path, name: &str) -> Self {
        Self {
            dir: dir.to_path_buf(),
            name: name.to_owned(),
            kind: PhantomData,
        }
    }

    /// The file at `path` (a file name of its own: the settings file).
    #[must_use]
    pub fn at(path: &Path) -> Self {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        Self::new(&dir, &name)
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join(&self.name)
    }

    /// Its lock file: the name with `.lock` for its extension.
    #[must_use]
    pub(crate) fn lock_path(&self) -> PathBuf {
        let stem = self.name.strip_suffix(".json").unwrap_or(&self.name);
        self.dir.join(format!("{stem}.lock"))
    }

    /// Whether anything at all is at the file's path (a dangling link too).
    #[must_use]
    pub fn exists(&self) -> bool {
        std::fs::symlink_metadata(self.path()).is_ok()
    }

    /// What is on disk, read capped and checked, with nothing written.
    #[must_use]
    pub fn find(&self) -> Found<T> {
        let path = self.path();
        if std::fs::symlink_metadata(&path).is_err() {
            return Found::Absent;
        }
        let bytes = match read_capped(&path, T::MAX_BYTES) {
            Ok(bytes) => bytes,
            // There a moment ago: a link to nothing (or removed since; then a write finds
            // nothing to move aside).
            Err(ReadError::Missing(_)) => return Found::Damaged("a link to nothing".into()),
            Err(ReadError::TooLarge(cap)) => {
                return Found::Damaged(format!(
                    "too large to be {} (over {} MiB)",
                    T::WHAT,
                    cap >> 20
                ));
            }
            Err(e) => return Found::Damaged(e.to_string()),
        };
        match T::decode(&bytes) {
            Ok(value) => Found::Good(value),
            Err(Fault::Damaged(why)) => Found::Damaged(why),
            Err(Fault::Newer(format)) => Found::Newer(format),
        }
    }

    /// Reads the file without a lock and without writing anything (it is only ever
    /// replaced whole, so a read sees one version): missing or damaged, it counts as
    /// empty, with one line said for damage.
    #[must_use]
    pub fn load(&self) -> Loaded<T> {
        let path = self.path();
        match self.find() {
            Found::Absent => Loaded {
                value: T::empty(),
                warning: None,
            },
            Found::Good(value) => Loaded {
                value,
                warning: None,
            },
            Found::Damaged(why) => Loaded {
                value: T::empty(),
                warning: Some(one_line(&format!(
                    "warning: {} is not {} ({why}); treated as empty, and moved aside when next written",
                    path.display(),
                    T::WHAT
                ))),
            },
            Found::Newer(format) => Loaded {
                value: T::empty(),
                warning: Some(newer_line(&path, format)),
            },
        }
    }

    /// Takes the lock (creating the folder), reads the file and moves it aside if it is
    /// damaged, then runs `change` on the contents and writes them atomically. Returns
    /// the contents written, what `change` returned, and a line if a file was moved
    /// aside.
    ///
    /// # Errors
    /// The folder, the lock or the file cannot be written, or the file is of a newer
    /// format (then left as it is).
    pub fn update<R>(&self, change: impl FnOnce(&mut T) -> R) -> Result<(Loaded<T>, R), DataError> {
        self.try_update(|value| Ok(change(value)))
    }

    /// As [`DataFile::update`], with a `change` that may fail: then nothing is written.
    ///
    /// # Errors
    /// As [`DataFile::update`], or what `change` returned.
    pub(crate) fn try_update<R>(
        &self,
        change: impl FnOnce(&mut T) -> Result<R, DataError>,
    ) -> Result<(Loaded<T>, R), DataError> {
        let _lock = self.lock()?;
        let mut loaded = self.take_locked()?;
        let out = change(&mut loaded.value)?;
        self.write_locked(&loaded.value)?;
        Ok((loaded, out))
    }

    /// Reads the file under its lock, moving a damaged one aside (for a file read once
    /// and then kept elsewhere: an older format's).
    ///
    /// # Errors
    /// The lock cannot be taken, the file cannot be moved aside, or a newer format.
    pub fn take(&self) -> Result<Loaded<T>, DataError> {
        let _lock = self.lock()?;
        self.take_locked()
    }

    /// Replaces the file with `value` atomically, under the lock.
    ///
    /// # Errors
    /// The folder, the lock or the file cannot be written.
    pub fn write(&self, value: &T) -> Result<(), DataError> {
        let _lock = self.lock()?;
        self.write_locked(value)
    }

    /// Takes the exclusive lock (blocking; the folder made if missing); released when
    /// the file returned is dropped.
    ///
    /// # Errors
    /// The folder or the lock file cannot be made, opened or locked.
    pub fn lock(&self) -> Result<File, DataError> {
        std::fs::create_dir_all(&self.dir).map_err(|e| DataError::Io(self.dir.clone(), e))?;
        lock_file(&self.lock_path())
    }

    fn take_locked(&self) -> Result<Loaded<T>, DataError> {
        let path = self.path();
        Ok(match self.find() {
            Found::Absent => Loaded {
                value: T::empty(),
                warning: None,
            },
            Found::Good(value) => Loaded {
                value,
                warning: None,
            },
            Found::Newer(format) => return Err(DataError::Newer(path, format)),
            Found::Damaged(why) => {
                let aside = match crate::atomic_file::move_aside(&self.dir, &self.name) {
                    Ok(aside) => aside,
                    // Gone since it was read (a link to nothing removed): nothing to keep.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        return Ok(Loaded {
                            value: T::empty(),
                            warning: None,
                        });
                    }
                    Err(e) => return Err(DataError::Io(path, e)),
                };
                Loaded {
                    value: T::empty(),
                    warning: Some(one_line(&format!(
                        "warning: {} was not {} ({why}); moved to {} and starting afresh",
                        path.display(),
                        T::WHAT,
                        aside.display()
                    ))),
                }
            }
        })
    }

    fn write_locked(&self, value: &T) -> Result<(), DataError> {
        crate::atomic_file::replace_atomically(&self.dir, &self.name, &value.encode())
            .map_err(|e| DataError::Io(self.path(), e))
    }
}

/// The line for a file of a newer format.
fn newer_line(path: &Path, format: u32) -> String {
    one_line(&format!(
        "warning: {} was written by a newer version (format {format}); treated as empty and left unchanged",
        path.display()
    ))
}

/// A warning as one line, whatever a parser's message or a path holds (hidden
/// characters escaped).
fn one_line(text: &str) -> String {
    crate::words::one_line(text)
}

/// Takes the exclusive lock of the lock file at `path` (blocking; created if missing);
/// it is released when the file is dropped. Opened without waiting, so that a FIFO
/// put there between the check and the open cannot block.
///
/// # Errors
/// The lock file is not a regular file, or cannot be opened or locked.
pub(crate) fn lock_file(path: &Path) -> Result<File, DataError> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        return Err(DataError::NotAFile(path.to_path_buf()));
    }
    let io = |e| DataError::Io(path.to_path_buf(), e);
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    if !file.metadata().map_err(io)?.is_file() {
        return Err(DataError::NotAFile(path.to_path_buf()));
    }
    file.lock().map_err(io)?;
    Ok(file)
}

/// JSON contents with a format version: `T` parsed (a duplicate key is damage), its
/// `format` compared with `current` (an older one accepted when `accepts` says so),
/// then `check`ed.
///
/// # Errors
/// Not JSON of `T`, a format unknown or newer, or a value `check` refuses.
pub(crate) fn decode_json<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    format: impl Fn(&T) -> u32,
    current: u32,
    accepts: impl Fn(u32) -> bool,
    check: impl Fn(&T) -> Result<(), String>,
) -> Result<T, Fault> {
    let value: T = serde_json::from_slice(bytes).map_err(|e| Fault::Damaged(e.to_string()))?;
    match format(&value) {
        f if f > current => return Err(Fault::Newer(f)),
        f if f != current && !accepts(f) => {
            return Err(Fault::Damaged(format!("unknown format {f}")));
        }
        _ => {}
    }
    check(&value).map_err(Fault::Damaged)?;
    Ok(value)
}

/// Whether `x` is a finite number within `low..=high`; else why not.
///
/// # Errors
/// Not finite, or out of the range, named `what`.
pub(crate) fn in_range(what: &str, x: f64, low: f64, high: f64) -> Result<(), String> {
    if x.is_finite() && (low..=high).contains(&x) {
        Ok(())
    } else {
        Err(format!("{what} {x} is not between {low} and {high}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Counter {
        format: u32,
        n: u32,
    }

    impl Contents for Counter {
        const WHAT: &'static str = "a counter";
        const MAX_BYTES: u64 = 64;
        fn empty() -> Self {
            Self { format: 1, n: 0 }
        }
        fn decode(bytes: &[u8]) -> Result<Self, Fault> {
            decode_json(bytes, |c: &Self| c.format, 1, |_| false, |_| Ok(()))
        }
        fn encode(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "concentration-data-file-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn damage_counts_as_empty_and_is_moved_aside_at_the_next_write() {
        let dir = scratch("damage");
        let file = DataFile::<Counter>::new(&dir, "c.json");
        type Make = Box<dyn Fn(&Path)>;
        let cases: Vec<(&str, Make)> = vec![
            ("empty", Box::new(|p| std::fs::write(p, "").unwrap())),
            (
                "garbage",
                Box::new(|p| std::fs::write(p, "\0\u{1}x").unwrap()),
            ),
            (
                "duplicate",
                Box::new(|p| std::fs::write(p, r#"{"format":1,"n":1,"n":2}"#).unwrap()),
            ),
            (
                "format",
                Box::new(|p| std::fs::write(p, r#"{"format":0,"n":1}"#).unwrap()),
            ),
            (
                "large",
                Box::new(|p| std::fs::write(p, [b' '; 65]).unwrap()),
            ),
            ("folder", Box::new(|p| std::fs::create_dir(p).unwrap())),
            #[cfg(unix)]
            (
                "zero",
                Box::new(|p| std::os::unix::fs::symlink("/dev/zero", p).unwrap()),
            ),
        ];
        for (case, make) in cases {
            make(&file.path());
            let loaded = file.load();
            assert_eq!(loaded.value, Counter::empty(), "{case}");
            let w = loaded.warning.expect(case);
            assert!(
                w.contains("is not a counter") && !w.contains('\n'),
                "{case}: {w}"
            );
            let (loaded, ()) = file.update(|c| c.n += 1).unwrap();
            assert!(loaded.warning.unwrap().contains("moved to"), "{case}");
            assert_eq!(file.load().value.n, 1, "{case}");
            let aside: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().contains(".corrupt-"))
                .collect();
            assert_eq!(aside.len(), 1, "{case}");
            for e in aside {
                let p = e.path();
                if std::fs::symlink_metadata(&p).unwrap().is_dir() {
                    std::fs::remove_dir(&p).unwrap();
                } else {
                    std::fs::remove_file(&p).unwrap();
                }
            }
            std::fs::remove_file(file.path()).unwrap();
        }
        // A newer format: empty with a line, never written over.
        std::fs::write(file.path(), r#"{"format":9,"n":5}"#).unwrap();
        assert!(file.load().warning.unwrap().contains("newer version"));
        assert!(matches!(file.update(|_| ()), Err(DataError::Newer(_, 9))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_waited_on() {
        let dir = scratch("fifo");
        let file = DataFile::<Counter>::new(&dir, "c.json");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(file.path())
                .status()
                .unwrap()
                .success()
        );
        let w = file.load().warning.unwrap();
        assert!(w.contains("a FIFO"), "{w}");
        file.update(|c| c.n = 3).unwrap();
        assert_eq!(file.load().value.n, 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
