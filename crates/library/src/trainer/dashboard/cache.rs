//! Each record is analysed once: its [`Digest`] is kept in a cache file keyed by the
//! record's file name, size and modification time. The cache lives in a cache folder
//! given to every function here (the command line finds it where the program starts:
//! the platform's, `~/.cache/concentration/dashboard-<data dir hash>.json` on Linux, or
//! `$CONCENTRATION_CACHE_DIR`), not in the data directory, which reading commands never
//! change. It is a [`DataFile`] (read capped, written atomically under a lock, a
//! damaged file said in one line and moved aside when next written), and is never the
//! only copy of anything (the records are): a cache missing, damaged or of another
//! format is rebuilt, and an entry whose numbers are not what an analysis gives
//! ([`valid`]) is dropped and its record analysed again. Without a cache folder the
//! dashboard is computed afresh each time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::analysis::annotate::Annotate;
use crate::analysis::digest::{Digest, digest};
use crate::analysis::judgement::Judgement;
use crate::data_file::{Contents, DataFile, Fault};
use crate::model::TableOracle;
use crate::record::{self, Entry};
use crate::rules::Table;

/// The environment variable naming the cache folder (the platform's by default), read
/// by the command line only: every function here is given the folder.
pub const CACHE_DIR_ENV: &str = "CONCENTRATION_CACHE_DIR";

/// The cache format: a change to what a digest holds or how it is computed bumps it.
pub const CACHE_FORMAT: u32 = 3;

/// What one record file was, as the cache keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kept {
    /// A game of the person against one AI.
    Game(Box<Digest>),
    /// A game of Pairs: finished, with one person, lost by the person.
    Pairs {
        /// Played to the end.
        finished: bool,
        /// With one person at the table.
        yours: bool,
        /// Lost by that person.
        lost: bool,
    },
    /// Any other game (AIs only, solitaire, a table of people): how many people sat.
    Other {
        /// People at the table.
        people: usize,
    },
    /// A file that is not a readable record: why.
    Unreadable(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Cached {
    size: u64,
    modified: u128,
    kept: Kept,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Cache {
    format: u32,
    files: BTreeMap<String, Cached>,
}

/// The largest cache read: a digest is a kilobyte or two, so this holds well over
/// 100,000 games.
pub const MAX_CACHE_BYTES: u64 = 256 << 20;

impl Contents for Cache {
    const WHAT: &'static str = "a dashboard cache";
    const MAX_BYTES: u64 = MAX_CACHE_BYTES;
    fn empty() -> Self {
        Self {
            format: CACHE_FORMAT,
            files: BTreeMap::new(),
        }
    }
    /// A cache of another format is stale, not damaged: empty, and replaced when next
    /// written. Entries that fail [`valid`] are dropped (their records are analysed
    /// again).
    fn decode(bytes: &[u8]) -> Result<Self, Fault> {
        let mut cache: Self =
            serde_json::from_slice(bytes).map_err(|e| Fault::Damaged(e.to_string()))?;
        if cache.format != CACHE_FORMAT {
            return Ok(Self::empty());
        }
        cache.files.retain(|_, c| match &c.kept {
            Kept::Game(d) => valid(d),
            _ => true,
        });
        Ok(cache)
    }
    fn encode(&self) -> String {
        serde_json::to_string(self).expect("a cache serialises") + "\n"
    }
}

/// Whether a digest read from the cache holds numbers an analysis can give: every
/// figure finite, a score and the shares within 0 and 1, values within the most pairs
/// a deck holds, the counts consistent (no more best than choices, no more slips than
/// chances). One that is not is analysed again rather than shown.
#[must_use]
pub fn valid(d: &Digest) -> bool {
    // Win values lie in 0..=1; margins and costs in pairs, at most the 52 pairs of
    // the largest deck either way.
    const PAIRS: f64 = 52.0;
    // No game has a million decisions: counts beyond are not an analysis's, and sums
    // of them must not overflow.
    const MOST: usize = 1 << 20;
    let within = |x: f64, low: f64, high: f64| x.is_finite() && (low..=high).contains(&x);
    let costs = d.costly.iter().chain(&d.costliest);
    d.score.is_none_or(|s| within(s, 0.0, 1.0))
        && d.result.is_none_or(|r| within(r, -PAIRS, PAIRS))
        && within(d.mean_cost, 0.0, PAIRS)
        && within(d.start, -PAIRS, PAIRS)
        // A sum over flips: finite, and far from what any game reaches.
        && within(d.luck, -1e4, 1e4)
        && d.choices <= MOST
        && d.chances <= MOST
        && d.best <= d.choices
        && d.errors <= d.choices
        && d.strategy_best <= d.strategy_choices
        && d.strategy_choices <= MOST
        && d.slips <= d.chances
        && d.grades.iter().all(|&g| g <= d.choices)
        && costs.into_iter().all(|c| within(c.cost, 0.0, PAIRS))
}

/// Every saved game, summed up from the cache.
#[derive(Debug, Clone, Default)]
pub struct Games {
    /// The person's games against one AI, newest first, with their file names.
    pub digests: Vec<(String, Digest)>,
    /// Files that could not be read, with why.
    pub unreadable: Vec<(String, String)>,
    /// Other games of Concentration (AIs only, solitaire, tables): how many, and of
    /// those with no person.
    pub others: usize,
    /// Of `others`, games with no person at all.
    pub(crate) ai_only: usize,
    /// Pairs: saved, finished, finished with one person, lost by the person.
    pub pairs: [u64; 4],
    /// Records analysed now (not found in the cache).
    pub analysed_now: usize,
    /// One line to say when the cache file was damaged (it is then rebuilt).
    pub warning: Option<String>,
}

fn stamp(meta: &std::fs::Metadata) -> u128 {
    meta.modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// Reads the games of data directory `data`, analysing only the records the cache in
/// folder `cache` does not hold, and writes the cache back if anything changed (when it
/// can; no cache folder: every record analysed, nothing kept).
///
/// # Errors
/// The records folder is not a folder or cannot be read.
pub fn games(data: &Path, cache: Option<&Path>) -> Result<Games, String> {
    games_with(data, cache, |_, _| {})
}

/// As [`games`] (the cache in folder `cache_dir`), calling `analysed(done, of)` after
/// each record it analyses afresh (`of`: how many the cache did not hold), for a
/// progress bar: a warm cache calls it never.
///
/// # Errors
/// As [`games`].
pub fn games_with(
    data: &Path,
    cache_dir: Option<&Path>,
    mut analysed: impl FnMut(u64, u64),
) -> Result<Games, String> {
    let dir = record::records_dir(data);
    let read = match std::fs::read_dir(&dir) {
        Ok(read) => Some(read),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(_) if dir.exists() && !dir.is_dir() => {
            return Err(format!(
                "{}: the records folder is a file, not a folder",
                dir.display()
            ));
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let files: Vec<(String, PathBuf, u64, u128)> = read
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_owned();
            let path = e.path();
            if name.starts_with('.') || path.extension().is_none_or(|x| x != "cgn") {
                return None;
            }
            let meta = e.metadata().ok()?;
            Some((name, path, meta.len(), stamp(&meta)))
        })
        .collect();
    let (old, damaged) = read_cache(data, cache_dir);
    let fresh = |name: &String, size: u64, modified: u128| {
        old.files
            .get(name)
            .is_some_and(|c| c.size == size && c.modified == modified)
    };
    let to_analyse = files
        .iter()
        .filter(|(name, _, size, modified)| !fresh(name, *size, *modified))
        .count() as u64;
    let mut cache = Cache {
        format: CACHE_FORMAT,
        files: BTreeMap::new(),
    };
    let mut solvers = Solvers::default();
    let mut out = Games::default();
    for (name, path, size, modified) in files {
        let kept = match old.files.get(&name) {
            Some(c) if c.size == size && c.modified == modified => c.kept.clone(),
            _ => {
                let kept = keep(&Entry::read(path), &mut solvers);
                out.analysed_now += 1;
                analysed(out.analysed_now as u64, to_analyse);
                kept
            }
        };
        cache.files.insert(
            name,
            Cached {
                size,
                modified,
                kept,
            },
        );
    }
    out.warning = damaged;
    if cache != old
        && let Some(moved) = write_cache(data, cache_dir, &cache)
    {
        out.warning = Some(moved);
    }
    add_up(cache.files, &mut out);
    Ok(out)
}

/// Sums up the files a cache holds into `out`, the digests newest first.
fn add_up(files: BTreeMap<String, Cached>, out: &mut Games) {
    for (name, c) in files {
        match c.kept {
            Kept::Game(d) => out.digests.push((name, *d)),
            Kept::Pairs {
                finished,
                yours,
                lost,
            } => {
                out.pairs[0] += 1;
                out.pairs[1] += u64::from(finished);
                out.pairs[2] += u64::from(yours);
                out.pairs[3] += u64::from(lost);
            }
            Kept::Other { people } => {
                out.others += 1;
                out.ai_only += usize::from(people == 0);
            }
            Kept::Unreadable(why) => out.unreadable.push((name, why)),
        }
    }
    out.digests
        .sort_by(|(an, a), (bn, b)| (&b.date, &b.time, bn).cmp(&(&a.date, &a.time, an)));
}

/// The games a cache file's `bytes` give, each entry checked as when the cache is read;
/// what parses must write back to the same cache. For the fuzz target.
///
/// # Errors
/// The bytes are not a cache.
///
/// # Panics
/// A cache read does not survive writing and reading back.
pub fn games_of_bytes(bytes: &[u8]) -> Result<Games, Fault> {
    let cache = Cache::decode(bytes)?;
    let again = Cache::decode(cache.encode().as_bytes()).expect("a cache written reads back");
    assert_eq!(again, cache, "a cache survives writing and reading");
    let mut out = Games::default();
    add_up(cache.files, &mut out);
    Ok(out)
}

/// One solver per deck, objective and pass rule, of the record's own rule set (`None`:
/// no solver values it, a deck too large), through the model's one handle.
#[derive(Default)]
struct Solvers(BTreeMap<(String, &'static str, &'static str), Option<TableOracle>>);

/// What the cache keeps of one file.
fn keep(entry: &Entry, solvers: &mut Solvers) -> Kept {
    if let Some(p) = &entry.pairs {
        let loser = p.loser();
        let yours = loser.is_some() && p.seats.people() == 1;
        return Kept::Pairs {
            finished: loser.is_some(),
            yours,
            lost: yours && loser.is_some_and(|l| p.seats.seat(l).is_person()),
        };
    }
    let record = match &entry.record {
        Ok(r) => r,
        Err(e) => return Kept::Unreadable(crate::words::one_line(e)),
    };
    let game = match record.replay() {
        Ok(g) => g,
        Err(e) => return Kept::Unreadable(e.to_string()),
    };
    if crate::analysis::digest::person_against_ai(record).is_none() {
        return Kept::Other {
            people: record.people().len(),
        };
    }
    // The games summed up are two seats of the standard turn (`person_against_ai`).
    let table = Table::two(record.pass_rule, record.variant);
    let analysis = solvers
        .0
        .entry((
            record.deck.name().to_owned(),
            record.objective.name(),
            record.pass_rule.name(),
        ))
        .or_insert_with(|| TableOracle::new(&record.deck, table, record.objective).ok())
        .as_mut()
        .and_then(|o| {
            o.run(Annotate {
                game: &game,
                players: record.players.clone(),
            })
            .ok()
        });
    let judgement = analysis.map(|a| Judgement::of_record(record, &game, a));
    digest(record, &game, judgement.as_ref())
        .map_or(Kept::Other { people: 1 }, |d| Kept::Game(Box::new(d)))
}

/// The cache folder and the cache file's name for data directory `data` in cache
/// folder `cache` (if any): one file per data directory, named by a hash of its
/// absolute path.
#[must_use]
pub fn cache_file(data: &Path, cache: Option<&Path>) -> Option<(PathBuf, String)> {
    let dir = cache?.to_path_buf();
    let absolute = std::fs::canonicalize(data).unwrap_or_else(|_| data.to_path_buf());
    // FNV-1a: stable across runs and versions (the std hasher is not).
    let hash = absolute
        .to_string_lossy()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    Some((dir, format!("dashboard-{hash:016x}.json")))
}

/// The cache file of data directory `data`, if there is a cache folder.
fn cache_data_file(data: &Path, cache: Option<&Path>) -> Option<DataFile<Cache>> {
    cache_file(data, cache).map(|(dir, name)| DataFile::new(&dir, &name))
}

/// The cache as read (empty if none), and the line to say if it was damaged.
fn read_cache(data: &Path, cache: Option<&Path>) -> (Cache, Option<String>) {
    match cache_data_file(data, cache) {
        Some(file) => {
            let loaded = file.load();
            (loaded.value, loaded.warning)
        }
        None => (Cache::empty(), None),
    }
}

/// Writes the cache atomically under its lock (a damaged one moved aside first); a
/// cache folder that cannot be written keeps no cache, which costs time, not
/// correctness. The line to say if a damaged cache was moved aside.
fn write_cache(data: &Path, dir: Option<&Path>, cache: &Cache) -> Option<String> {
    let file = cache_data_file(data, dir)?;
    file.update(|old| old.clone_from(cache))
        .ok()
        .and_then(|(loaded, ())| loaded.warning)
}

/// The games the cache in folder `cache` holds for data directory `data`, without
/// reading any record.
#[must_use]
pub fn cached(data: &Path, cache: Option<&Path>) -> Games {
    Games {
        digests: read_cache(data, cache)
            .0
            .files
            .into_iter()
            .filter_map(|(name, c)| match c.kept {
                Kept::Game(d) => Some((name, *d)),
                _ => None,
            })
            .collect(),
        ..Games::default()
    }
}
