//! The puzzle tally: puzzles tried and solved (in all and by idea) and the streak of
//! puzzles solved in a row, and every answer rated (for the rating), kept together in
//! `puzzle-stats.json` in the data directory.
//!
//! A [`DataFile`]: each answer is counted under one lock (`puzzle-stats.lock`) and one
//! atomic replace, the tally and the rated answer together, so the two cannot drift
//! apart whenever the program is killed. Before format 2 the rated answers were a file
//! of their own (`puzzle-ratings.json`, written before the tally): while
//! `puzzle-stats.json` holds none, they are read from there, and the first answer
//! counted moves them in (the old file is then renamed `puzzle-ratings.json.merged`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::IdeaKind;
use super::rating::{PuzzleLog, PuzzleResult};
use crate::data_file::{Contents, DataError, DataFile, Fault};

/// The tally file's name in the data directory.
pub const FILE_NAME: &str = "puzzle-stats.json";
/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "puzzle-stats.lock";
/// The format version written: 2 keeps the rated answers too.
pub const FORMAT: u32 = 2;

/// Tried and solved, for one idea or in all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Puzzles answered.
    pub tried: u32,
    /// Puzzles answered with the best action.
    pub solved: u32,
}

/// Everything counted so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// Every answer rated, in the order answered (format 2; `None` in a tally that
    /// keeps none: of format 1, or a session's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<Vec<PuzzleResult>>,
}

/// How many of an idea's latest answers its trend compares with those before.
pub(crate) const TREND_WINDOW: usize = 10;

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
            ratings: None,
        }
    }
}

impl Tally {
    /// Counts one answer to a puzzle of `idea`.
    pub fn add(&mut self, idea: IdeaKind, solved: bool) {
        // Saturating: a count at the limit stays there, never wraps to 0.
        let bump = |c: &mut Count| {
            c.tried = c.tried.saturating_add(1);
            c.solved = c.solved.saturating_add(u32::from(solved));
        };
        bump(&mut self.all);
        bump(self.by_idea.entry(idea.name().to_string()).or_default());
        let recent = self.recent.entry(idea.name().to_string()).or_default();
        recent.push(solved);
        if recent.len() > TREND_WINDOW {
            recent.remove(0);
        }
        self.streak = if solved {
            self.streak.saturating_add(1)
        } else {
            0
        };
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

impl Tally {
    /// Why this cannot be a tally the game wrote: more solved than tried, a streak
    /// above the best, a trend window too long, a rating out of range, rated answers in
    /// a format that kept none.
    fn check(&self) -> Result<(), String> {
        let counts = std::iter::once(("all", &self.all))
            .chain(self.by_idea.iter().map(|(k, c)| (k.as_str(), c)));
        for (what, c) in counts {
            if c.solved > c.tried {
                return Err(format!("{what}: more solved than tried"));
            }
        }
        if self.streak > self.best_streak {
            return Err("the streak is above the best streak".into());
        }
        if self.recent.values().any(|r| r.len() > TREND_WINDOW) {
            return Err(format!("more than {TREND_WINDOW} recent answers"));
        }
        match (&self.ratings, self.format) {
            (Some(_), 1) => Err("rated answers in a format-1 tally".into()),
            (None, 2) => Err("no rated answers in a format-2 tally".into()),
            (Some(r), _) => super::rating::check_results(r),
            (None, _) => Ok(()),
        }
    }
}

impl Contents for Tally {
    const WHAT: &'static str = "a puzzle tally";
    fn empty() -> Self {
        Self::default()
    }
    fn decode(bytes: &[u8]) -> Result<Self, Fault> {
        crate::data_file::decode_json(bytes, |t: &Self| t.format, FORMAT, |f| f == 1, Self::check)
    }
    fn encode(&self) -> String {
        serde_json::to_string_pretty(self).expect("a tally serialises") + "\n"
    }
}

/// What reading or updating the tally found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The tally (empty if there was none), with the rated answers.
    pub tally: Tally,
    /// A warning to show, a line a file (one damaged, or moved aside).
    pub warning: Option<String>,
}

/// The tally file of a data directory (and the older ratings file it takes over).
#[derive(Debug, Clone)]
pub struct TallyStore {
    file: DataFile<Tally>,
    old: DataFile<PuzzleLog>,
}

impl TallyStore {
    /// The tally kept in data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            file: DataFile::new(dir, FILE_NAME),
            old: DataFile::new(dir, super::rating::FILE_NAME),
        }
    }

    /// The tally file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.file.path()
    }

    /// Reads the tally and the rated answers without a lock and without writing: none
    /// yet is empty, a damaged file is empty with a warning (the next answer moves it
    /// aside). While the tally keeps no rated answers, they are read from the older
    /// `puzzle-ratings.json`.
    #[must_use]
    pub fn load(&self) -> Loaded {
        let loaded = self.file.load();
        let mut tally = loaded.value;
        let mut warnings: Vec<String> = loaded.warning.into_iter().collect();
        if tally.ratings.is_none() {
            let old = self.old.load();
            tally.ratings = Some(old.value.results);
            warnings.extend(old.warning);
        }
        Loaded {
            tally,
            warning: join(warnings),
        }
    }

    /// Counts one answer to a puzzle of `idea` rated `rating`, and rates it, under the
    /// lock in one atomic replace: the tally and the rated answers never disagree.
    ///
    /// # Errors
    /// The directory or file cannot be written, or a newer format.
    pub fn record(
        &self,
        idea: IdeaKind,
        solved: bool,
        rating: f64,
        guess: f64,
    ) -> Result<Loaded, DataError> {
        let (date, time) = crate::record::today();
        let result = PuzzleResult {
            when: format!("{date} {time}"),
            rating,
            solved,
            guess: Some(guess),
        };
        self.change(|t| {
            t.add(idea, solved);
            t.ratings.get_or_insert_default().push(result);
        })
        .map(|(loaded, ())| loaded)
    }

    /// Counts a timed run under the lock and writes the file atomically; the tally, and
    /// whether the run is a new best.
    ///
    /// # Errors
    /// As [`TallyStore::record`].
    pub fn record_timed(&self, minutes: u32, solved: u32) -> Result<(Loaded, bool), DataError> {
        self.change(|t| t.add_timed(minutes, solved))
    }

    /// Runs `f` on the tally under the lock and writes it, first taking the older
    /// ratings file's answers in if the tally keeps none yet.
    fn change<R>(&self, f: impl FnOnce(&mut Tally) -> R) -> Result<(Loaded, R), DataError> {
        let mut warnings = Vec::new();
        let mut taken = false;
        let (loaded, out) = self.file.try_update(|t| {
            if t.ratings.is_none() {
                // Under the tally's lock, then the old file's own.
                let old = self.old.take()?;
                t.ratings = Some(old.value.results);
                warnings.extend(old.warning);
                taken = true;
            }
            t.format = FORMAT;
            Ok(f(t))
        })?;
        if taken && self.old.exists() {
            // Taken in: renamed, so that it is never read again (kept for its owner).
            let old = self.old.path();
            let _ = std::fs::rename(&old, old.with_extension("json.merged"));
        }
        let mut all: Vec<String> = loaded.warning.into_iter().collect();
        all.extend(warnings);
        Ok((
            Loaded {
                tally: loaded.value,
                warning: join(all),
            },
            out,
        ))
    }
}

/// Warnings, one line each.
fn join(lines: Vec<String>) -> Option<String> {
    (!lines.is_empty()).then(|| lines.join("\n"))
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
