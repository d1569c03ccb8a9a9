//! The person's rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013),
//! written out here (no well-kept crate was at hand offline; the update is 60 lines and
//! tested on the paper's worked example).
//!
//! Games against each AI count as games against a fixed-rated opponent (the AI's
//! strength does not change); puzzles count as games against the puzzle's rating.
//! Every result is a rating period of its own, as on puzzle sites. The rating, its
//! deviation and volatility, a short history (the trend) and the records already
//! counted are kept in `rating.json` in the data directory, updated under a lock and
//! replaced atomically. The records stay the only source of the games: a lost rating
//! file is rebuilt from them (puzzles then start afresh).

use std::collections::BTreeSet;
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::solitaire::stats::StatsError;

/// Glicko-2's scale factor between the rating scale and its own.
const SCALE: f64 = 173.7178;
/// The system constant τ: how fast volatility may change (Glickman suggests 0.3 to 1.2).
pub const TAU: f64 = 0.5;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the familiar scale.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// The rating deviation (350 to start): how unsure the rating is.
    pub deviation: f64,
    /// The volatility (0.06 to start): how erratic the results are.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Self {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// A fixed opponent: an AI or a puzzle, rated with a small deviation.
#[must_use]
pub fn opponent(rating: f64) -> Rating {
    Rating {
        rating,
        deviation: OPPONENT_DEVIATION,
        volatility: 0.06,
    }
}

/// The deviation of the fixed opponents (AIs, puzzles): known well, not exactly.
pub const OPPONENT_DEVIATION: f64 = 50.0;

/// The fixed rating of each AI kind. `usual` is the anchor at 1500; `optimal` sits 141
/// above it, the Elo difference of its 69.25% expected score against `usual` on the
/// standard deck (`duel --first optimal --second usual`); the forgetful AIs, which lose
/// most of what they see, sit below (anchors, not measured).
#[must_use]
pub fn ai_rating(kind: &str) -> Option<f64> {
    Some(match kind {
        "optimal" => 1641.0,
        "usual" => 1500.0,
        "forgetful" | "forgetful-medium" => 1250.0,
        "forgetful-easy" => 1100.0,
        _ => return None,
    })
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The rating after one period of `results` (each an opponent and a score: 1 a win,
/// 0.5 a draw, 0 a loss); no results only widens the deviation.
#[must_use]
pub fn update(player: Rating, results: &[(Rating, f64)]) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if results.is_empty() {
        return Rating {
            deviation: (phi * phi + sigma * sigma).sqrt() * SCALE,
            ..player
        };
    }
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (o, score) in results {
        let mu_j = (o.rating - 1500.0) / SCALE;
        let phi_j = o.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        v_inv += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    let sigma = volatility(phi, sigma, v, delta);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        rating: mu_new * SCALE + 1500.0,
        deviation: phi_new * SCALE,
        volatility: sigma,
    }
}

/// The new volatility, by the Illinois algorithm (step 5 of the paper).
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    // Bounded: the bracket halves at least every other step.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

/// The rating file's name in the data directory.
pub const FILE_NAME: &str = "rating.json";
/// Its lock file.
pub const LOCK_NAME: &str = "rating.lock";
/// The format written.
pub const FORMAT: u32 = 1;
/// History points kept for the trend.
pub const HISTORY: usize = 200;

/// One point of the trend: the rating after a result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The rating then.
    pub rating: f64,
    /// What was rated: `puzzle`, or the AI played (`optimal`).
    pub source: String,
}

/// What `rating.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Book {
    /// The file format.
    pub format: u32,
    /// The current rating.
    pub rating: Rating,
    /// Results rated so far.
    pub rated: u64,
    /// The last [`HISTORY`] ratings, oldest first.
    pub history: Vec<Point>,
    /// The record files (names in the games folder) already rated.
    pub games: BTreeSet<String>,
}

impl Default for Book {
    fn default() -> Self {
        Self {
            format: FORMAT,
            rating: Rating::default(),
            rated: 0,
            history: Vec::new(),
            games: BTreeSet::new(),
        }
    }
}

impl Book {
    /// Rates one result against `against` (score 1, 0.5 or 0).
    pub fn rate(&mut self, against: Rating, score: f64, source: &str) {
        self.rating = update(self.rating, &[(against, score)]);
        self.rated += 1;
        self.history.push(Point {
            rating: self.rating.rating,
            source: source.to_owned(),
        });
        if self.history.len() > HISTORY {
            let extra = self.history.len() - HISTORY;
            self.history.drain(..extra);
        }
    }

    /// The change over the last `n` results (0 with fewer than two points).
    #[must_use]
    pub fn trend(&self, n: usize) -> f64 {
        let h = &self.history;
        if h.len() < 2 {
            return 0.0;
        }
        let from = h.len().saturating_sub(n + 1);
        h[h.len() - 1].rating - h[from].rating
    }

    /// "1532 ± 84, +21 over the last 10 results", or that nothing is rated yet.
    #[must_use]
    pub fn line(&self) -> String {
        if self.rated == 0 {
            return "not rated yet: play a finished game against an AI or answer a puzzle"
                .to_owned();
        }
        let n = (self.history.len() - 1).min(10);
        let trend = if n == 0 {
            String::new()
        } else {
            format!(
                ", {} over the last {}",
                crate::words::signed(self.trend(n), 0),
                crate::words::count_of(n, "result")
            )
        };
        format!(
            "{:.0} ± {:.0} ({} rated){trend}",
            self.rating.rating,
            2.0 * self.rating.deviation,
            self.rated
        )
    }
}

/// The rating kept in a data directory.
#[derive(Debug, Clone)]
pub struct RatingStore {
    dir: PathBuf,
}

impl RatingStore {
    /// The rating of data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    /// The rating file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the book without a lock (none yet, or a file that is not one, reads as a
    /// fresh book: the games are rated again from the records).
    ///
    /// # Errors
    /// The file cannot be read, or is from a newer version.
    pub fn load(&self) -> Result<Book, StatsError> {
        let path = self.path();
        let Some(bytes) = crate::solitaire::stats::read_if_present(&path)? else {
            return Ok(Book::default());
        };
        match serde_json::from_slice::<Book>(&bytes) {
            Ok(b) if b.format > FORMAT => Err(StatsError::Newer(path, b.format)),
            Ok(b) if b.format == FORMAT => Ok(b),
            _ => Ok(Book::default()),
        }
    }

    /// Changes the book under the lock and writes it atomically.
    ///
    /// # Errors
    /// The directory or file cannot be read or written.
    pub fn change(&self, f: impl FnOnce(&mut Book)) -> Result<Book, StatsError> {
        let io = |e| StatsError::Io(self.dir.clone(), e);
        std::fs::create_dir_all(&self.dir).map_err(io)?;
        let _lock = crate::solitaire::stats::lock_file(&self.dir.join(LOCK_NAME))?;
        let mut book = self.load()?;
        f(&mut book);
        let text = serde_json::to_string_pretty(&book).expect("a book serialises") + "\n";
        crate::record::replace_atomically(&self.dir, FILE_NAME, &text)
            .map_err(|e| StatsError::Io(self.path(), e))?;
        Ok(book)
    }
}

/// Rates a puzzle answered: a win against the puzzle's rating if solved, a loss if not.
/// The hook for the puzzle screens; returns the new book.
///
/// # Errors
/// The rating file cannot be read or written.
pub fn rate_puzzle(dir: &Path, puzzle_rating: f64, solved: bool) -> Result<Book, StatsError> {
    RatingStore::new(dir).change(|book| {
        book.rate(
            opponent(puzzle_rating),
            if solved { 1.0 } else { 0.0 },
            "puzzle",
        );
    })
}

/// A finished game of the person against one AI, ready to rate.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    /// The record's file name (the key that keeps it from being rated twice).
    pub name: String,
    /// The AI's kind.
    pub opponent: String,
    /// The person's score: 1, 0.5 or 0.
    pub score: f64,
}

/// Rates the games of `games` (oldest first) not rated yet; AIs without a fixed rating
/// are passed by. Returns whether anything changed.
pub fn rate_games(book: &mut Book, games: &[RatedGame]) -> bool {
    let mut changed = false;
    for game in games {
        if book.games.contains(&game.name) {
            continue;
        }
        let Some(r) = ai_rating(&game.opponent) else {
            continue;
        };
        book.rate(opponent(r), game.score, &game.opponent);
        book.games.insert(game.name.clone());
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300
    /// with a win and two losses gives 1464.06, 151.52, 0.05999.
    #[test]
    fn the_papers_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let o = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = update(
            player,
            &[
                (o(1400.0, 30.0), 1.0),
                (o(1550.0, 100.0), 0.0),
                (o(1700.0, 300.0), 0.0),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn no_games_widen_the_deviation_only() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = update(player, &[]);
        assert!((after.rating - 1500.0).abs() < 1e-9);
        assert!(
            (after.deviation - (200.0f64.powi(2) + (0.06 * SCALE).powi(2)).sqrt()).abs() < 1e-6
        );
    }

    #[test]
    fn a_game_is_rated_once_and_unknown_ais_never() {
        let mut book = Book::default();
        let games = [
            RatedGame {
                name: "a.cgn".into(),
                opponent: "optimal".into(),
                score: 1.0,
            },
            RatedGame {
                name: "b.cgn".into(),
                opponent: "hal".into(),
                score: 1.0,
            },
        ];
        assert!(rate_games(&mut book, &games));
        assert!(book.rating.rating > 1500.0);
        assert_eq!(book.rated, 1);
        assert!(!rate_games(&mut book, &games));
        assert_eq!(book.rated, 1);
    }
}
