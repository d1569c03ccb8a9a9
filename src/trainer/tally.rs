//! The puzzle tally: puzzles tried and solved (in all and by idea) and the streak of
//! puzzles solved in a row, kept in `puzzle-stats.json` in the data directory.
//!
//! Saved as the solitaire statistics are: each update takes an exclusive advisory lock
//! (`puzzle-stats.lock`, released by the system if the process dies), reads, and
//! replaces the file atomically (temporary file, flush, rename), so puzzles answered in
//! several processes at once are all counted. A file that is not a tally is moved aside
//! (`puzzle-stats.json.corrupt-<seconds>-<pid>`) with a warning, never overwritten; one
//! from a newer version is left alone. Reading takes no lock and writes nothing.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::IdeaKind;
use crate::solitaire::stats::StatsError;

/// The tally file's name in the data directory.
pub const FILE_NAME: &str = "puzzle-stats.json";
/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "puzzle-stats.lock";
/// The format version written.
pub const FORMAT: u32 = 1;

/// Tried and solved, for one idea or in all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Puzzles answered.
    pub tried: u32,
    /// Puzzles answered with the best action.
    pub solved: u32,
}

/// Everything counted so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The file format.
    pub format: u32,
    /// Every puzzle answered.
    pub all: Count,
    /// Puzzles solved in a row, up to the last one answered.
    pub streak: u32,
    /// The longest streak ever.
    pub best_streak: u32,
    /// By idea, under the idea's name (`sacrifice`, `wait`, ...).
    pub by_idea: BTreeMap<String, Count>,
    /// The most puzzles solved in one timed run, by its length in minutes (absent in
    /// files written before timed runs).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub best_timed: BTreeMap<u32, u32>,
    /// By idea, the last [`TREND_WINDOW`] first answers, oldest first (`true`: solved),
    /// for the trend (absent in files written before trends: their trend shows once
    /// new answers come).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub recent: BTreeMap<String, Vec<bool>>,
}

/// How many of an idea's latest answers its trend compares with those before.
pub const TREND_WINDOW: usize = 10;

/// One idea's results and their trend.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IdeaTrend {
    /// The idea's name (`sacrifice`, `keep-pair`, ...).
    pub idea: String,
    /// Puzzles of it answered.
    pub tried: u32,
    /// Of those, solved on the first try.
    pub solved: u32,
    /// The share solved first try over the latest answers (up to [`TREND_WINDOW`]).
    pub recent: Option<f64>,
    /// The share solved first try over the answers before those.
    pub before: Option<f64>,
}

impl IdeaTrend {
    /// The latest share less the one before, when both are known.
    #[must_use]
    pub fn change(&self) -> Option<f64> {
        Some(self.recent? - self.before?)
    }
}

impl Default for Tally {
    fn default() -> Self {
        Self {
            format: FORMAT,
            all: Count::default(),
            streak: 0,
            best_streak: 0,
            by_idea: BTreeMap::new(),
            best_timed: BTreeMap::new(),
            recent: BTreeMap::new(),
        }
    }
}

impl Tally {
    /// Counts one answer to a puzzle of `idea`.
    pub fn add(&mut self, idea: IdeaKind, solved: bool) {
        let bump = |c: &mut Count| {
            c.tried += 1;
            c.solved += u32::from(solved);
        };
        bump(&mut self.all);
        bump(self.by_idea.entry(idea.name().to_string()).or_default());
        let recent = self.recent.entry(idea.name().to_string()).or_default();
        recent.push(solved);
        if recent.len() > TREND_WINDOW {
            recent.remove(0);
        }
        self.streak = if solved { self.streak + 1 } else { 0 };
        self.best_streak = self.best_streak.max(self.streak);
    }

    /// Counts a timed run of `minutes` that solved `solved`: whether it is a new best.
    pub fn add_timed(&mut self, minutes: u32, solved: u32) -> bool {
        let best = self.best_timed.entry(minutes).or_default();
        let new = solved > *best;
        *best = (*best).max(solved);
        new
    }

    /// Whether nothing was counted yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.all.tried == 0
    }

    /// Each idea answered, in the Strategy page's order: tried, solved first try, and
    /// the share solved over the latest [`TREND_WINDOW`] answers against the share
    /// before them.
    #[must_use]
    pub fn trends(&self) -> Vec<IdeaTrend> {
        IdeaKind::ALL
            .iter()
            .filter_map(|kind| {
                let c = self.by_idea.get(kind.name())?;
                let recent = self.recent.get(kind.name()).map_or(&[][..], Vec::as_slice);
                let last = u32::try_from(recent.len()).unwrap_or(u32::MAX).min(c.tried);
                let last_solved = u32::try_from(recent.iter().filter(|&&s| s).count())
                    .unwrap_or(u32::MAX)
                    .min(c.solved);
                let rate = |n: u32, of: u32| (of > 0).then(|| f64::from(n) / f64::from(of));
                Some(IdeaTrend {
                    idea: kind.name().to_owned(),
                    tried: c.tried,
                    solved: c.solved,
                    recent: rate(last_solved, last),
                    before: rate(c.solved.saturating_sub(last_solved), c.tried - last),
                })
            })
            .collect()
    }

    /// The tally as text for `stats`: a line in all, then a row per idea with its
    /// trend.
    #[must_use]
    pub fn table(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!(
            "Puzzles: {} solved of {} · streak {} · best streak {}\n",
            self.all.solved, self.all.tried, self.streak, self.best_streak
        );
        for (minutes, solved) in &self.best_timed {
            let _ = writeln!(out, "  Best timed run of {minutes} min: {solved} solved");
        }
        let trends = self.trends();
        if trends.is_empty() {
            return out;
        }
        let share =
            |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| crate::words::percent(v, 0));
        let _ = writeln!(
            out,
            "  {:<27} {:>5} {:>9} {:>7} {:>6} {:>6}",
            "idea", "tried", "first try", "last 10", "before", "trend"
        );
        for t in &trends {
            let title: &str = match IdeaKind::parse(&t.idea) {
                Some(kind) => kind.title(),
                None => &t.idea,
            };
            let _ = writeln!(
                out,
                "  {:<27} {:>5} {:>9} {:>7} {:>6} {:>6}",
                title,
                t.tried,
                t.solved,
                share(t.recent),
                share(t.before),
                t.change()
                    .map_or_else(|| "-".to_owned(), |c| crate::words::signed(c * 100.0, 0))
            );
        }
        let _ = writeln!(
            out,
            "  first try: solved at the first answer; trend: the share over the last {TREND_WINDOW} less the share before, in points"
        );
        out
    }
}

/// What reading or updating the tally found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The tally (empty if there was none).
    pub tally: Tally,
    /// A warning to show (a file that is not a tally).
    pub warning: Option<String>,
}

/// The tally file of a data directory.
#[derive(Debug, Clone)]
pub struct TallyStore {
    dir: PathBuf,
}

impl TallyStore {
    /// The tally kept in data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    /// The tally file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the tally without a lock and without writing (none yet is not an error).
    ///
    /// # Errors
    /// The file cannot be read, is not a regular file, or is from a newer version.
    pub fn load(&self) -> Result<Loaded, StatsError> {
        match self.parse()? {
            Ok(tally) => Ok(Loaded {
                tally,
                warning: None,
            }),
            Err(reason) => Ok(Loaded {
                tally: Tally::default(),
                warning: Some(format!(
                    "warning: {} is not a puzzle tally ({reason}); it is moved aside when the next puzzle is counted",
                    self.path().display()
                )),
            }),
        }
    }

    /// Counts one answer under the lock and writes the file atomically.
    ///
    /// # Errors
    /// The directory or file cannot be read or written, or a newer format.
    pub fn record(&self, idea: IdeaKind, solved: bool) -> Result<Loaded, StatsError> {
        let io = |e| StatsError::Io(self.dir.clone(), e);
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let _lock = self.lock()?;
        let mut loaded = self.read()?;
        loaded.tally.add(idea, solved);
        self.write(&loaded.tally)?;
        Ok(loaded)
    }

    /// Counts a timed run under the lock and writes the file atomically; the tally, and
    /// whether the run is a new best.
    ///
    /// # Errors
    /// As [`TallyStore::record`].
    pub fn record_timed(&self, minutes: u32, solved: u32) -> Result<(Loaded, bool), StatsError> {
        let io = |e| StatsError::Io(self.dir.clone(), e);
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let _lock = self.lock()?;
        let mut loaded = self.read()?;
        let new = loaded.tally.add_timed(minutes, solved);
        self.write(&loaded.tally)?;
        Ok((loaded, new))
    }

    fn lock(&self) -> Result<File, StatsError> {
        crate::solitaire::stats::lock_file(&self.dir.join(LOCK_NAME))
    }

    /// The tally, or why the file is not one.
    fn parse(&self) -> Result<Result<Tally, String>, StatsError> {
        let path = self.path();
        let Some(bytes) = crate::solitaire::stats::read_if_present(&path)? else {
            return Ok(Ok(Tally::default()));
        };
        Ok(match serde_json::from_slice::<Tally>(&bytes) {
            Ok(t) if t.format > FORMAT => return Err(StatsError::Newer(path, t.format)),
            Ok(t) if t.format == FORMAT => Ok(t),
            Ok(t) => Err(format!("unknown format {}", t.format)),
            Err(e) => Err(e.to_string()),
        })
    }

    /// Reads under the lock, moving a file that is not a tally aside.
    fn read(&self) -> Result<Loaded, StatsError> {
        let path = self.path();
        let reason = match self.parse()? {
            Ok(tally) => {
                return Ok(Loaded {
                    tally,
                    warning: None,
                });
            }
            Err(reason) => reason,
        };
        let aside = crate::record::move_aside(&self.dir, FILE_NAME)
            .map_err(|e| StatsError::Io(path.clone(), e))?;
        Ok(Loaded {
            tally: Tally::default(),
            warning: Some(format!(
                "warning: {} was not a puzzle tally ({reason}); moved to {} and starting afresh",
                path.display(),
                aside.display()
            )),
        })
    }

    fn write(&self, tally: &Tally) -> Result<(), StatsError> {
        let path = self.path();
        let text = serde_json::to_string_pretty(tally).expect("a tally serialises") + "\n";
        crate::record::replace_atomically(&self.dir, FILE_NAME, &text)
            .map_err(|e| StatsError::Io(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ideas_trend_compares_its_last_ten_first_answers_with_those_before() {
        let mut t = Tally::default();
        // Five missed, then eight of ten solved: 80% lately against 0% before.
        for _ in 0..5 {
            t.add(IdeaKind::Sacrifice, false);
        }
        for i in 0..10 {
            t.add(IdeaKind::Sacrifice, i >= 2);
        }
        t.add(IdeaKind::Wait, true);
        let trends = t.trends();
        assert_eq!(trends.len(), 2);
        let s = &trends[0];
        assert_eq!((s.idea.as_str(), s.tried, s.solved), ("sacrifice", 15, 8));
        assert_eq!(t.recent["sacrifice"].len(), TREND_WINDOW);
        assert!((s.recent.unwrap() - 0.8).abs() < 1e-12);
        assert!((s.before.unwrap() - 0.0).abs() < 1e-12);
        assert!((s.change().unwrap() - 0.8).abs() < 1e-12);
        // One answer: no "before", no trend.
        let w = &trends[1];
        assert_eq!(
            (w.idea.as_str(), w.recent, w.before),
            ("wait", Some(1.0), None)
        );
        assert_eq!(w.change(), None);
        let table = t.table();
        assert!(
            table.contains("  The sacrifice                  15         8     80%     0%    +80"),
            "{table}"
        );
        assert!(
            table.contains("  A waiting move                  1         1    100%      -      -"),
            "{table}"
        );
    }

    #[test]
    fn a_tally_from_before_trends_reads_and_shows_no_trend_until_new_answers() {
        let old = r#"{"format":1,"all":{"tried":12,"solved":6},"streak":0,"best_streak":3,
            "by_idea":{"keep-pair":{"tried":12,"solved":6}}}"#;
        let mut t: Tally = serde_json::from_str(old).unwrap();
        let k = &t.trends()[0];
        assert_eq!((k.recent, k.before), (None, Some(0.5)));
        t.add(IdeaKind::KeepPair, true);
        let k = &t.trends()[0];
        assert_eq!(k.recent, Some(1.0));
        assert!((k.before.unwrap() - 0.5).abs() < 1e-12);
        assert!((k.change().unwrap() - 0.5).abs() < 1e-12);
    }
}
