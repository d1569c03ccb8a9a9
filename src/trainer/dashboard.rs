//! The dashboard: the person's saved games summed up by game kind (results, luck,
//! strategy, memory), the rating with its trend, and what to practise next.
//!
//! Each record is analysed once: its [`Digest`] is kept in a cache file keyed by the
//! record's file name, size and modification time. The cache lives in the platform's
//! cache folder (`~/.cache/concentration/dashboard-<data dir hash>.json` on Linux, or
//! `$CONCENTRATION_CACHE_DIR`), not in the data directory, which reading commands never
//! change. A cache that is missing, unreadable, of another format or stale for a file
//! is rebuilt for what changed; it is written atomically under a lock and is never the
//! only copy of anything (the records are). Without a cache folder the dashboard is
//! computed afresh each time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::rating::{Book, Event, RatingStore};
use super::tally::Tally;
use crate::analysis::annotate::annotate;
use crate::analysis::digest::{Digest, digest, share};
use crate::analysis::versus::{Row, Versus};
use crate::players::Optimal;
use crate::record::{self, Entry};
use crate::solver::zebra::ZebraSolver;

/// The environment variable naming the cache folder (the platform's by default).
pub const CACHE_DIR_ENV: &str = "CONCENTRATION_CACHE_DIR";
/// The cache format: a change to what a digest holds or how it is computed bumps it.
pub const CACHE_FORMAT: u32 = 2;

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
    pub ai_only: usize,
    /// Pairs: saved, finished, finished with one person, lost by the person.
    pub pairs: [u64; 4],
    /// Records analysed now (not found in the cache).
    pub analysed_now: usize,
}

fn stamp(meta: &std::fs::Metadata) -> u128 {
    meta.modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// Reads the games of data directory `data`, analysing only the records the cache does
/// not hold, and writes the cache back if anything changed (when it can).
///
/// # Errors
/// The records folder is not a folder or cannot be read.
pub fn games(data: &Path) -> Result<Games, String> {
    games_with(data, |_, _| {})
}

/// As [`games`], calling `analysed(done, of)` after each record it analyses afresh (`of`:
/// how many the cache did not hold), for a progress bar: a warm cache calls it never.
///
/// # Errors
/// As [`games`].
pub fn games_with(data: &Path, mut analysed: impl FnMut(u64, u64)) -> Result<Games, String> {
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
    let old = read_cache(data);
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
    if cache != old {
        write_cache(data, &cache);
    }
    for (name, c) in cache.files {
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
    Ok(out)
}

/// Opponent, deck, pass rule, objective: a game kind.
type KindKey = (String, String, String, String);

/// One solver per deck, objective and pass rule (`None`: too large to solve); Zebra's
/// per objective and pass rule (it solves each position as it is asked, whatever the
/// deck).
#[derive(Default)]
struct Solvers(
    BTreeMap<(String, &'static str, &'static str), Option<Optimal>>,
    BTreeMap<(&'static str, &'static str), ZebraSolver>,
);

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
    let analysis = if record.deck.is_zebra() {
        // Zebra is solved for two seats (the person against one AI) and the standard
        // turn only.
        (record.variant == crate::rules::Variant::Standard)
            .then(|| {
                let solver = solvers
                    .1
                    .entry((record.objective.name(), record.pass_rule.name()))
                    .or_insert_with(|| ZebraSolver::new(record.objective, record.pass_rule));
                annotate(&game, record.players.clone(), solver).ok()
            })
            .flatten()
    } else {
        solvers
            .0
            .entry((
                record.deck.name().to_owned(),
                record.objective.name(),
                record.pass_rule.name(),
            ))
            .or_insert_with(|| Optimal::new(&record.deck, record.objective, record.pass_rule).ok())
            .as_mut()
            .and_then(|o| annotate(&game, record.players.clone(), o.solver()).ok())
    };
    digest(record, &game, analysis.as_ref())
        .map_or(Kept::Other { people: 1 }, |d| Kept::Game(Box::new(d)))
}

/// The cache folder and the cache file's name for data directory `data`: one file per
/// data directory, named by a hash of its absolute path.
#[must_use]
pub fn cache_file(data: &Path) -> Option<(PathBuf, String)> {
    let dir = match std::env::var_os(CACHE_DIR_ENV).filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => directories::ProjectDirs::from("", "", "concentration")?
            .cache_dir()
            .to_path_buf(),
    };
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

fn read_cache(data: &Path) -> Cache {
    let empty = Cache {
        format: CACHE_FORMAT,
        files: BTreeMap::new(),
    };
    let Some((dir, name)) = cache_file(data) else {
        return empty;
    };
    std::fs::read(dir.join(name))
        .ok()
        .and_then(|b| serde_json::from_slice::<Cache>(&b).ok())
        .filter(|c| c.format == CACHE_FORMAT)
        .unwrap_or(empty)
}

/// Writes the cache atomically under its lock; a cache folder that cannot be written
/// keeps no cache, which costs time, not correctness.
fn write_cache(data: &Path, cache: &Cache) {
    let Some((dir, name)) = cache_file(data) else {
        return;
    };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let Ok(_lock) = crate::solitaire::stats::lock_file(&dir.join(format!("{name}.lock"))) else {
        return;
    };
    if let Ok(text) = serde_json::to_string(cache) {
        let _ = record::replace_atomically(&dir, &name, &(text + "\n"));
    }
}

/// The person's finished games against the AI, by opponent, deck, pass rule and
/// objective: `stats`' table, from the digests (practice games left out).
#[must_use]
pub fn versus(games: &Games) -> Versus {
    let mut rows: BTreeMap<KindKey, (Row, usize, f64)> = BTreeMap::new();
    for (_, d) in counted(games) {
        let key = (
            d.opponent.clone(),
            d.deck.clone(),
            d.pass_rule.clone(),
            d.objective.clone(),
        );
        let (row, analysed, accuracy) = rows.entry(key.clone()).or_insert_with(|| {
            (
                Row {
                    opponent: key.0,
                    deck: key.1,
                    pass_rule: key.2,
                    objective: key.3,
                    played: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                    accuracy: None,
                },
                0,
                0.0,
            )
        });
        row.played += 1;
        match d.score {
            Some(s) if s > 0.75 => row.won += 1,
            Some(s) if s > 0.25 => row.drawn += 1,
            _ => row.lost += 1,
        }
        if d.analysed {
            *analysed += 1;
            *accuracy += d.accuracy();
        }
    }
    Versus {
        rows: rows
            .into_values()
            .map(|(mut row, n, sum)| {
                #[allow(clippy::cast_precision_loss)] // game counts are small
                let mean = (n > 0).then(|| sum / n as f64);
                row.accuracy = mean;
                row
            })
            .collect(),
        unreadable: games.unreadable.len(),
    }
}

/// The finished games that count in results and the rating (no practice), newest first.
fn counted(games: &Games) -> impl Iterator<Item = &(String, Digest)> {
    games
        .digests
        .iter()
        .filter(|(_, d)| d.score.is_some() && !d.practice)
}

/// One game kind's figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Kind {
    /// Opponent, deck, pass rule, objective.
    pub opponent: String,
    /// The deck.
    pub deck: String,
    /// The pass rule.
    pub pass_rule: String,
    /// The objective.
    pub objective: String,
    /// Finished games analysed.
    pub games: usize,
    /// The average result (1 a win, 0.5 a draw).
    pub result: f64,
    /// The average luck-adjusted result.
    pub luck_adjusted: f64,
    /// Strategy errors (not best) per decision with a choice, memory slips left out.
    pub strategy_error_rate: f64,
    /// Decisions with a choice counted.
    pub decisions: usize,
    /// The average cost of a decision with a choice.
    pub mean_cost: f64,
    /// Memory slips per game of classic memory (`None`: no such game).
    pub slips_per_game: Option<f64>,
}

/// The games of the person by kind (finished, analysed, no practice).
#[must_use]
pub fn kinds(games: &Games) -> Vec<Kind> {
    let mut groups: BTreeMap<KindKey, Vec<&Digest>> = BTreeMap::new();
    for (_, d) in counted(games).filter(|(_, d)| d.analysed) {
        groups
            .entry((
                d.opponent.clone(),
                d.deck.clone(),
                d.pass_rule.clone(),
                d.objective.clone(),
            ))
            .or_default()
            .push(d);
    }
    groups
        .into_iter()
        .map(|((opponent, deck, pass_rule, objective), ds)| {
            #[allow(clippy::cast_precision_loss)] // game counts are small
            let n = ds.len() as f64;
            let decisions: usize = ds.iter().map(|d| d.strategy_choices).sum();
            let best: usize = ds.iter().map(|d| d.strategy_best).sum();
            let all_choices: usize = ds.iter().map(|d| d.choices).sum();
            #[allow(clippy::cast_precision_loss)]
            let cost: f64 = ds
                .iter()
                .map(|d| d.mean_cost * d.choices as f64)
                .sum::<f64>();
            let classic: Vec<&&Digest> = ds.iter().filter(|d| d.memory == "classic").collect();
            #[allow(clippy::cast_precision_loss)]
            let slips_per_game = (!classic.is_empty()).then(|| {
                classic.iter().map(|d| d.slips).sum::<usize>() as f64 / classic.len() as f64
            });
            #[allow(clippy::cast_precision_loss)]
            Kind {
                opponent,
                deck,
                pass_rule,
                objective,
                games: ds.len(),
                result: ds.iter().filter_map(|d| d.result).sum::<f64>() / n,
                luck_adjusted: ds.iter().filter_map(|d| d.luck_adjusted()).sum::<f64>() / n,
                strategy_error_rate: 1.0 - share(best, decisions),
                decisions,
                mean_cost: if all_choices == 0 {
                    0.0
                } else {
                    cost / all_choices as f64
                },
                slips_per_game,
            }
        })
        .collect()
}

/// The rating events of the person's finished games against a fixed-rated AI.
#[must_use]
pub fn game_events(games: &Games) -> Vec<Event> {
    counted(games)
        .filter_map(|(_, d)| {
            Some(Event {
                when: format!("{} {}", d.date, d.time),
                opponent: super::rating::opponent(super::rating::ai_rating(&d.opponent)?),
                score: d.score?,
                source: d.opponent.clone(),
            })
        })
        .collect()
}

/// The rating from the games and the puzzles answered.
///
/// # Errors
/// The puzzle results cannot be read.
pub fn rating(data: &Path, games: &Games) -> Result<Book, crate::solitaire::stats::StatsError> {
    let log = RatingStore::new(data).load()?;
    let mut events = game_events(games);
    events.extend(super::rating::puzzle_events(&log));
    Ok(super::rating::rate_all(events))
}

/// The rating now, and what the game saved as `file` changed it by: the rating with
/// every result less the rating without that game (`None` when the game is not rated:
/// no person against a fixed-rated AI, practice, or not finished). For the end screen.
///
/// # Errors
/// The records folder or the puzzle results cannot be read.
pub fn rating_change(data: &Path, file: &str) -> Result<(Book, Option<f64>), String> {
    let games = games(data)?;
    let now = rating(data, &games).map_err(|e| e.to_string())?;
    let rated = counted(&games)
        .any(|(name, d)| name == file && super::rating::ai_rating(&d.opponent).is_some());
    if !rated {
        return Ok((now, None));
    }
    let without = Games {
        digests: games
            .digests
            .into_iter()
            .filter(|(name, _)| name != file)
            .collect(),
        ..Games::default()
    };
    let before = rating(data, &without).map_err(|e| e.to_string())?;
    let change = now.rating.rating - before.rating.rating;
    Ok((now, Some(change)))
}

/// The games the cache holds for data directory `data`, without reading any record.
#[must_use]
pub fn cached(data: &Path) -> Games {
    Games {
        digests: read_cache(data)
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

/// What to practise next: the idea or habit with the worst results, and the command
/// that practises it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Practise {
    /// What: `memory`, `strategy`, or a puzzle idea's name.
    pub what: String,
    /// Its failure rate (slips per chance, errors per decision, puzzles missed per try).
    pub rate: f64,
    /// Why, in words.
    pub why: String,
    /// The command.
    pub command: String,
}

/// The worst of: each puzzle idea tried at least 3 times (missed per try), memory (slips
/// per chance to use a seen card, from 5 chances), strategy (errors per decision with a
/// choice, from 10 decisions).
#[must_use]
pub fn practise_next(games: &Games, tally: &Tally) -> Option<Practise> {
    let mut candidates = Vec::new();
    for (idea, count) in &tally.by_idea {
        if count.tried >= 3 {
            let missed = count.tried - count.solved;
            candidates.push(Practise {
                what: idea.clone(),
                rate: 1.0 - share(count.solved as usize, count.tried as usize),
                why: format!(
                    "puzzles of the idea {idea}: {missed} of {} missed",
                    count.tried
                ),
                command: format!("concentration puzzle --idea {idea}"),
            });
        }
    }
    let mine = games.digests.iter().map(|(_, d)| d).filter(|d| d.analysed);
    let (chances, slips, decisions, best) = mine.fold((0, 0, 0, 0), |(c, s, n, b), d| {
        (
            c + d.chances,
            s + d.slips,
            n + d.strategy_choices,
            b + d.strategy_best,
        )
    });
    if chances >= 5 {
        candidates.push(Practise {
            what: "memory".into(),
            rate: share(slips, chances),
            why: format!(
                "{} in {} to use a seen card",
                crate::words::count_of(slips, "memory slip"),
                crate::words::count_of(chances, "chance")
            ),
            command: "concentration play --deck pairs:8 --memory classic".into(),
        });
    }
    if decisions >= 10 {
        candidates.push(Practise {
            what: "strategy".into(),
            rate: 1.0 - share(best, decisions),
            why: format!(
                "{} of {decisions} decisions with a choice not best",
                decisions - best
            ),
            command: "concentration puzzle".into(),
        });
    }
    candidates
        .into_iter()
        .filter(|c| c.rate > 0.0)
        .max_by(|a, b| a.rate.total_cmp(&b.rate))
}

/// The dashboard's text: the games by kind, the rating, what to practise next; or one
/// line saying why there is nothing to sum up.
#[must_use]
pub fn text(games: &Games, book: &Book, practise: Option<&Practise>, records: &Path) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let kinds = kinds(games);
    if games.digests.is_empty() {
        let _ = writeln!(
            s,
            "Your play: {}",
            if games.ai_only > 0 && games.ai_only == games.others {
                format!(
                    "only games between AIs are saved ({}); play one yourself to see your figures",
                    games.ai_only
                )
            } else {
                format!("no games of yours saved yet in {}", records.display())
            }
        );
    } else if kinds.is_empty() {
        let _ = writeln!(
            s,
            "Your play: no finished game against the AI could be analysed yet"
        );
    } else {
        let _ = writeln!(s, "Your play, by game kind");
        let heads = crate::analysis::versus::KEY_HEADS;
        let cells: Vec<[String; 4]> = kinds
            .iter()
            .map(|k| {
                [&k.opponent, &k.deck, &k.pass_rule, &k.objective]
                    .map(|c| crate::words::printable(c))
            })
            .collect();
        let w = crate::analysis::versus::key_widths(&cells);
        let _ = writeln!(
            s,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>5} {:>6} {:>9} {:>9} {:>10}",
            heads[0],
            heads[1],
            heads[2],
            heads[3],
            "games",
            "result",
            "luck-adj.",
            "errors",
            "slips/game",
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
        );
        for (k, c) in kinds.iter().zip(&cells) {
            let _ = writeln!(
                s,
                "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>5} {:>6} {:>9} {:>9} {:>10}",
                c[0],
                c[1],
                c[2],
                c[3],
                k.games,
                result_text(&k.objective, k.result),
                result_text(&k.objective, k.luck_adjusted),
                crate::words::percent(k.strategy_error_rate, 1),
                k.slips_per_game
                    .map_or_else(|| "-".to_owned(), |v| crate::words::fixed(v, 1)),
                w0 = w[0],
                w1 = w[1],
                w2 = w[2],
                w3 = w[3],
            );
        }
        let _ = writeln!(
            s,
            "result: your average score (a win 1, a draw half) or pair margin; luck-adj.: the same less the luck of the cards turned; errors: decisions with a choice not best, memory slips apart; slips/game: in classic memory"
        );
    }
    let _ = writeln!(s, "Rating: {}", book.line());
    match practise {
        Some(p) => {
            let _ = writeln!(s, "Practise next: {} ({}): {}", p.what, p.why, p.command);
        }
        None => {
            let _ = writeln!(
                s,
                "Practise next: nothing stands out yet (more games or puzzles tell)"
            );
        }
    }
    s
}

/// A result as the table shows it: a share under `win`, a margin under `margin`.
fn result_text(objective: &str, v: f64) -> String {
    if objective == "win" {
        crate::words::percent(v, 0)
    } else {
        crate::words::signed(v, 2)
    }
}
