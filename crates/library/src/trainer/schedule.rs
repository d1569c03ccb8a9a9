//! The review's spaced schedule (opt-in): a decision answered right on its first try
//! leaves for good; one missed comes back after 1 day, missed again after 3, then after
//! 7 days each time (a Leitner scheme of three boxes: a miss moves a decision one box
//! up, the last box repeats weekly, a solve takes it out). Decisions never answered are
//! due at once.
//!
//! Kept in `review-schedule.json` in the data directory, a [`DataFile`]: written
//! atomically under a lock, read capped. It holds only what the review decided, never
//! anything the person made (the records are the games), so it can always be rebuilt
//! empty: a file that cannot be read (damaged, a folder, a FIFO, a device) is said in
//! one line and treated as empty, and moved aside when the next answer is written.
//! It is written at a review answer only, which counts in neither the puzzle tally nor
//! the rating, so it has no other file to keep in step with. The pure part ([`Schedule::answer`], [`Schedule::is_due`]) takes
//! the day as an argument; only the callers read the clock.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use time::{Date, Duration};

use crate::data_file::{Contents, DataError, DataFile, Fault};
use crate::dates::{parse_day, show_day};

/// The schedule file's name in the data directory.
pub const FILE_NAME: &str = "review-schedule.json";
/// Its lock file's name.
pub const LOCK_NAME: &str = "review-schedule.lock";
/// The format written.
pub const FORMAT: u32 = 1;
/// Days until a missed decision comes back, by how many times it was missed (the last
/// repeats).
pub(crate) const INTERVALS: [i64; 3] = [1, 3, 7];

/// Where one decision stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Entry {
    /// Answered right on a first try: it has left the review.
    Solved {
        /// The day (`YYYY-MM-DD`).
        on: String,
    },
    /// Missed `misses` times; due again on `due` (`YYYY-MM-DD`).
    Missed {
        /// Times missed.
        misses: u32,
        /// The day it comes back.
        due: String,
    },
}

/// Every decision answered under the schedule, by [`crate::trainer::review::Played::key`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The file format.
    pub format: u32,
    /// By decision.
    pub entries: BTreeMap<String, Entry>,
}

impl Default for Schedule {
    fn default() -> Self {
        Self {
            format: FORMAT,
            entries: BTreeMap::new(),
        }
    }
}

/// The entry after an answer (`right`: the best card on the first try) on `today`.
#[must_use]
pub(crate) fn after_answer(old: Option<&Entry>, right: bool, today: Date) -> Entry {
    if right {
        return Entry::Solved {
            on: show_day(today),
        };
    }
    let misses = match old {
        // Saturating: a count at the limit stays there, never wraps to 0.
        Some(Entry::Missed { misses, .. }) => misses.saturating_add(1),
        _ => 1,
    };
    let step = usize::try_from(misses.saturating_sub(1))
        .unwrap_or(usize::MAX)
        .min(INTERVALS.len() - 1);
    Entry::Missed {
        misses,
        due: show_day(today.saturating_add(Duration::days(INTERVALS[step]))),
    }
}

impl Schedule {
    /// Whether the decision `key` is due on `today`: never answered, or missed and its
    /// day come (a day that cannot be read counts as due: the person sees it again).
    #[must_use]
    pub fn is_due(&self, key: &str, today: Date) -> bool {
        match self.entries.get(key) {
            None => true,
            Some(Entry::Solved { .. }) => false,
            Some(Entry::Missed { due, .. }) => parse_day(due).is_none_or(|d| d <= today),
        }
    }

    /// Counts an answer to `key` on `today`; its new entry.
    pub fn answer(&mut self, key: &str, right: bool, today: Date) -> Entry {
        let entry = after_answer(self.entries.get(key), right, today);
        self.entries.insert(key.to_owned(), entry.clone());
        entry
    }

    /// The earliest day a missed decision comes back after `today`, if any.
    #[must_use]
    pub fn next_due(&self, today: Date) -> Option<Date> {
        self.entries
            .values()
            .filter_map(|e| match e {
                Entry::Missed { due, .. } => parse_day(due),
                Entry::Solved { .. } => None,
            })
            .filter(|d| *d > today)
            .min()
    }
}

/// What an entry means to the person, after an answer: "back in 3 days".
#[must_use]
pub fn entry_words(entry: &Entry, today: Date) -> String {
    match entry {
        Entry::Solved { .. } => "it leaves your review".into(),
        Entry::Missed { due, .. } => {
            let days = parse_day(due).map_or(0, |d| (d - today).whole_days());
            format!(
                "back in {}",
                crate::words::count(u64::try_from(days).unwrap_or(0), "day")
            )
        }
    }
}

impl Schedule {
    /// Why this cannot be a schedule the game wrote: a day that is not one, a decision
    /// missed no time.
    fn check(&self) -> Result<(), String> {
        for (key, e) in &self.entries {
            let (day, misses) = match e {
                Entry::Solved { on } => (on, 1),
                Entry::Missed { misses, due } => (due, *misses),
            };
            if parse_day(day).is_none() {
                return Err(format!("{key}: '{day}' is not a day YYYY-MM-DD"));
            }
            if misses == 0 {
                return Err(format!("{key}: missed 0 times"));
            }
        }
        Ok(())
    }
}

impl Contents for Schedule {
    const WHAT: &'static str = "a review schedule";
    fn empty() -> Self {
        Self::default()
    }
    fn decode(bytes: &[u8]) -> Result<Self, Fault> {
        crate::data_file::decode_json(bytes, |s: &Self| s.format, FORMAT, |_| false, Self::check)
    }
    fn encode(&self) -> String {
        serde_json::to_string_pretty(self).expect("a schedule serialises") + "\n"
    }
}

/// The schedule as read: empty with a warning if the file is not one.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The schedule.
    pub schedule: Schedule,
    /// One line to show when the file could not be read as a schedule.
    pub warning: Option<String>,
}

/// The schedule file of a data directory.
#[derive(Debug, Clone)]
pub struct ScheduleStore {
    file: DataFile<Schedule>,
}

impl ScheduleStore {
    /// The schedule kept in data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            file: DataFile::new(dir, FILE_NAME),
        }
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.file.path()
    }

    /// Whether anything is at the file's path (the person opted in once).
    #[must_use]
    pub fn exists(&self) -> bool {
        self.file.exists()
    }

    /// Reads without a lock and without writing: none yet is an empty schedule; one
    /// that cannot be read as a schedule is empty, with a warning.
    #[must_use]
    pub fn load(&self) -> Loaded {
        let loaded = self.file.load();
        Loaded {
            schedule: loaded.value,
            warning: loaded.warning,
        }
    }

    /// Counts an answer to `key` on `today` under the lock and writes the file
    /// atomically (a damaged file moved aside first); the new entry.
    ///
    /// # Errors
    /// The directory or file cannot be written, or a newer format.
    pub fn record(&self, key: &str, right: bool, today: Date) -> Result<Entry, DataError> {
        self.file
            .update(|schedule| schedule.answer(key, right, today))
            .map(|(_, entry)| entry)
    }

    /// Writes `schedule` atomically, under the lock.
    ///
    /// # Errors
    /// The directory or file cannot be written.
    pub fn write(&self, schedule: &Schedule) -> Result<(), DataError> {
        self.file.write(schedule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        parse_day(text).unwrap()
    }

    #[test]
    fn a_missed_decision_comes_back_after_one_then_three_then_seven_days() {
        let mut s = Schedule::default();
        let k = "game.cgn#7";
        assert!(
            s.is_due(k, day("2026-03-01")),
            "never answered: due at once"
        );
        s.answer(k, false, day("2026-03-01"));
        assert!(!s.is_due(k, day("2026-03-01")));
        assert!(s.is_due(k, day("2026-03-02")));
        s.answer(k, false, day("2026-03-02"));
        assert!(!s.is_due(k, day("2026-03-04")));
        assert!(s.is_due(k, day("2026-03-05")));
        s.answer(k, false, day("2026-03-05"));
        assert!(!s.is_due(k, day("2026-03-11")));
        assert!(s.is_due(k, day("2026-03-12")));
        // The last box repeats weekly.
        let e = s.answer(k, false, day("2026-03-12"));
        assert_eq!(
            e,
            Entry::Missed {
                misses: 4,
                due: "2026-03-19".into()
            }
        );
        assert_eq!(s.next_due(day("2026-03-12")), Some(day("2026-03-19")));
        assert_eq!(entry_words(&e, day("2026-03-12")), "back in 7 days");
        // Solved: it leaves, however late.
        s.answer(k, true, day("2026-04-01"));
        assert!(!s.is_due(k, day("2030-01-01")));
        assert_eq!(s.next_due(day("2026-04-01")), None);
    }

    #[test]
    fn solved_at_first_sight_leaves_and_months_and_years_turn() {
        let mut s = Schedule::default();
        s.answer("a#1", true, day("2026-12-31"));
        assert!(!s.is_due("a#1", day("2027-01-01")));
        let e = s.answer("b#2", false, day("2026-12-31"));
        assert_eq!(
            e,
            Entry::Missed {
                misses: 1,
                due: "2027-01-01".into()
            }
        );
        let e = s.answer("b#2", false, day("2028-02-27"));
        assert_eq!(
            e,
            Entry::Missed {
                misses: 2,
                due: "2028-03-01".into()
            },
            "2028 is a leap year"
        );
    }

    #[test]
    fn a_file_that_is_not_a_schedule_is_empty_with_one_line_and_left_until_an_answer() {
        let dir =
            std::env::temp_dir().join(format!("concentration-schedule-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = ScheduleStore::new(&dir);
        std::fs::write(store.path(), "{ not json").unwrap();
        let loaded = store.load();
        assert!(loaded.schedule.entries.is_empty());
        let w = loaded.warning.unwrap();
        assert!(w.contains("is not a review schedule"), "{w}");
        assert_eq!(w.lines().count(), 1);
        assert_eq!(std::fs::read_to_string(store.path()).unwrap(), "{ not json");
        store.record("g#3", false, day("2026-05-05")).unwrap();
        let loaded = store.load();
        assert!(loaded.warning.is_none());
        assert!(!loaded.schedule.is_due("g#3", day("2026-05-05")));
        assert!(loaded.schedule.is_due("g#3", day("2026-05-06")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
