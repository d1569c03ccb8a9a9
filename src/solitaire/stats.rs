//! Personal bests and statistics of solitaire games, kept in one JSON file in the data
//! directory.
//!
//! - Every update runs under an exclusive advisory lock on a separate lock file
//!   (`solitaire-stats.lock`, `flock` on Unix, `LockFileEx` on Windows, released by the
//!   system if the process dies), so concurrent writers from several processes queue up
//!   and lose nothing.
//! - The file is replaced atomically: the new text goes to a temporary file in the same
//!   directory, is flushed to disk, then renamed over the old one, so a crash leaves the
//!   old file or the new one, never half of one.
//! - Reading takes no lock and writes nothing (it works on a read-only directory).
//! - A file that cannot be read as statistics is moved aside (to
//!   `solitaire-stats.json.corrupt-<seconds>-<pid>`) with a warning when the next game
//!   is counted, never overwritten; reading only warns.
//! - Temporary files of writers that were killed are removed by the next writer.
//!   A file written by a newer format version is left alone and refused.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The statistics file's name in the data directory.
pub const FILE_NAME: &str = "solitaire-stats.json";
/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "solitaire-stats.lock";
/// The format version written.
pub const FORMAT: u32 = 1;

/// Why the statistics could not be read or written.
#[derive(Debug, Error)]
pub enum StatsError {
    /// A file system error, with the path concerned.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// The file was written by a newer version of the program.
    #[error("{0}: written by a newer version (format {1}); left unchanged")]
    Newer(PathBuf, u32),
    /// Where a regular file belongs, something else (a folder, a FIFO) is.
    #[error("{0}: not a regular file (a folder or another kind of file is in its place)")]
    NotAFile(PathBuf),
}

/// The file read: statistics, or why they are not.
enum Parsed {
    Good(Loaded),
    Bad(String),
}

/// One finished game, as the statistics count it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStats {
    /// Deck name (`standard`, `pairs:8`).
    pub deck: String,
    /// Memory mode (`open` or `classic`).
    pub memory: String,
    /// The challenge number, if the deal was a challenge (daily ones included).
    pub challenge: Option<u64>,
    /// Moves the player needed.
    pub moves: u32,
    /// Moves that did not take a pair.
    pub misses: u32,
    /// The luck-adjusted figure: the optimal player's moves with the player's flip order.
    pub luck_adjusted: u32,
    /// The day played (`YYYY-MM-DD`), or empty.
    pub date: String,
}

/// Totals for one deck and memory mode (all games), or for one challenge on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Deck name.
    pub deck: String,
    /// Memory mode.
    pub memory: String,
    /// `None`: every game on the deck; `Some(N)`: challenge `N` only.
    pub challenge: Option<u64>,
    /// Games finished.
    pub games: u64,
    /// Sum of moves.
    pub moves: u64,
    /// Sum of misses.
    pub misses: u64,
    /// Sum of (moves - luck-adjusted figure): what the choices cost.
    pub cost: i64,
    /// Fewest moves in one game.
    pub best: u32,
    /// When the best was set.
    pub best_date: String,
}

impl Entry {
    /// Average moves per game.
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // game counts are small
    pub fn average_moves(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }

    /// Average cost of the player's choices per game (moves - luck-adjusted figure).
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // game counts are small
    pub fn average_cost(&self) -> f64 {
        self.cost as f64 / self.games.max(1) as f64
    }

    fn key(&self) -> (&str, &str, Option<u64>) {
        (&self.deck, &self.memory, self.challenge)
    }
}

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Format version.
    pub format: u32,
    /// Entries, sorted by deck, memory mode, then all games before each challenge.
    pub entries: Vec<Entry>,
}

impl Stats {
    /// The entry for a deck, memory mode and challenge (`None`: all games), if any.
    #[must_use]
    pub fn entry(&self, deck: &str, memory: &str, challenge: Option<u64>) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.key() == (deck, memory, challenge))
    }

    /// Counts one game in the deck's entry and, for a challenge, in the challenge's.
    /// Returns the previous bests (deck, challenge).
    pub fn add(&mut self, game: &GameStats) -> (Option<u32>, Option<u32>) {
        let all = self.add_to(game, None);
        let challenge = game.challenge.and_then(|n| self.add_to(game, Some(n)));
        self.entries.sort_by(|a, b| a.key().cmp(&b.key()));
        (all, challenge)
    }

    fn add_to(&mut self, game: &GameStats, challenge: Option<u64>) -> Option<u32> {
        let key = (game.deck.as_str(), game.memory.as_str(), challenge);
        let i = if let Some(i) = self.entries.iter().position(|e| e.key() == key) {
            i
        } else {
            self.entries.push(Entry {
                deck: game.deck.clone(),
                memory: game.memory.clone(),
                challenge,
                games: 0,
                moves: 0,
                misses: 0,
                cost: 0,
                best: u32::MAX,
                best_date: String::new(),
            });
            self.entries.len() - 1
        };
        let e = &mut self.entries[i];
        let previous = (e.games > 0).then_some(e.best);
        e.games += 1;
        e.moves += u64::from(game.moves);
        e.misses += u64::from(game.misses);
        e.cost += i64::from(game.moves) - i64::from(game.luck_adjusted);
        if game.moves < e.best {
            e.best = game.moves;
            e.best_date.clone_from(&game.date);
        }
        previous
    }
}

/// What reading the statistics found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The statistics (empty if there were none).
    pub stats: Stats,
    /// A warning to show (a corrupted file moved aside).
    pub warning: Option<String>,
}

/// What recording a game did.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The statistics after the game.
    pub stats: Stats,
    /// The best on this deck and memory mode before the game (`None`: first game).
    pub previous_best: Option<u32>,
    /// The best on this challenge before the game.
    pub previous_challenge_best: Option<u32>,
    /// A warning to show (a corrupted file moved aside).
    pub warning: Option<String>,
}

/// The statistics file of a data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The statistics kept in data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    /// The statistics file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the statistics (none yet is not an error), without writing anything: no
    /// lock is taken (the file is only ever replaced whole, so a read sees one version)
    /// and a corrupted file is left where it is, reported in [`Loaded::warning`] (the
    /// next game counted moves it aside).
    ///
    /// # Errors
    /// The directory or file cannot be read, the file or lock is not a regular file, or
    /// a newer format.
    pub fn load(&self) -> Result<Loaded, StatsError> {
        if !self.dir.exists() {
            return Ok(Loaded::default());
        }
        let lock = self.dir.join(LOCK_NAME);
        if let Ok(meta) = std::fs::metadata(&lock)
            && !meta.is_file()
        {
            return Err(StatsError::NotAFile(lock));
        }
        match self.parse()? {
            Parsed::Good(loaded) => Ok(loaded),
            Parsed::Bad(reason) => Ok(Loaded {
                stats: Stats {
                    format: FORMAT,
                    entries: Vec::new(),
                },
                warning: Some(format!(
                    "warning: {} is not valid statistics ({reason}); it is moved aside when the next game is counted",
                    self.path().display()
                )),
            }),
        }
    }

    /// Counts one finished game, under the lock, and writes the file atomically.
    ///
    /// # Errors
    /// The directory or file cannot be read or written, or a newer format.
    pub fn record(&self, game: &GameStats) -> Result<Recorded, StatsError> {
        let io = |e| StatsError::Io(self.dir.clone(), e);
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let _lock = self.lock()?;
        let Loaded { mut stats, warning } = self.read()?;
        let (previous_best, previous_challenge_best) = stats.add(game);
        self.write(&stats)?;
        Ok(Recorded {
            stats,
            previous_best,
            previous_challenge_best,
            warning,
        })
    }

    /// Takes the exclusive lock (blocking); it is released when the file is dropped.
    fn lock(&self) -> Result<File, StatsError> {
        lock_file(&self.dir.join(LOCK_NAME))
    }

    /// Reads and checks the file.
    fn parse(&self) -> Result<Parsed, StatsError> {
        let path = self.path();
        let Some(bytes) = read_if_present(&path)? else {
            return Ok(Parsed::Good(Loaded {
                stats: Stats {
                    format: FORMAT,
                    entries: Vec::new(),
                },
                warning: None,
            }));
        };
        Ok(match serde_json::from_slice::<Stats>(&bytes) {
            Ok(stats) if stats.format > FORMAT => {
                return Err(StatsError::Newer(path, stats.format));
            }
            Ok(stats) if stats.format == FORMAT => Parsed::Good(Loaded {
                stats,
                warning: None,
            }),
            Ok(stats) => Parsed::Bad(format!("unknown format {}", stats.format)),
            Err(e) => Parsed::Bad(e.to_string()),
        })
    }

    /// Reads the file under the lock, moving a corrupted one aside.
    fn read(&self) -> Result<Loaded, StatsError> {
        let path = self.path();
        let reason = match self.parse()? {
            Parsed::Good(loaded) => return Ok(loaded),
            Parsed::Bad(reason) => reason,
        };
        let aside = crate::atomic_file::move_aside(&self.dir, FILE_NAME)
            .map_err(|e| StatsError::Io(path.clone(), e))?;
        Ok(Loaded {
            stats: Stats {
                format: FORMAT,
                entries: Vec::new(),
            },
            warning: Some(format!(
                "warning: {} was not valid statistics ({reason}); moved to {} and starting afresh",
                path.display(),
                aside.display()
            )),
        })
    }

    /// Writes `stats` atomically (temporary file, flush, rename).
    fn write(&self, stats: &Stats) -> Result<(), StatsError> {
        let path = self.path();
        let text = serde_json::to_string_pretty(stats).expect("statistics serialise") + "\n";
        crate::atomic_file::replace_atomically(&self.dir, FILE_NAME, &text)
            .map_err(|e| StatsError::Io(path, e))
    }
}

/// Takes the exclusive lock of the lock file at `path` (blocking; created if missing);
/// it is released when the file is dropped.
///
/// # Errors
/// The lock file is not a regular file, or cannot be opened or locked.
pub(crate) fn lock_file(path: &Path) -> Result<File, StatsError> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(StatsError::NotAFile(path.to_path_buf()));
    }
    let io = |e| StatsError::Io(path.to_path_buf(), e);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(io)?;
    file.lock().map_err(io)?;
    Ok(file)
}

/// The bytes of the regular file at `path`, or `None` if there is none yet.
///
/// # Errors
/// Something other than a regular file is there, or it cannot be read.
pub(crate) fn read_if_present(path: &Path) -> Result<Option<Vec<u8>>, StatsError> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(StatsError::NotAFile(path.to_path_buf()));
    }
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StatsError::Io(path.to_path_buf(), e)),
    }
}
