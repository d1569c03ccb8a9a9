//! The person's rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013),
//! written out here (no well-kept crate was at hand offline; the update is 60 lines and
//! tested on the paper's worked example).
//!
//! Games against each AI count as games against a fixed-rated opponent (the AI's
//! strength does not change); puzzles count as games against the puzzle's rating.
//! Every result is a rating period of its own, as on puzzle sites, taken in time order.
//! The games come from the saved records (through the dashboard's cache); the puzzles
//! answered are kept with the puzzle tally (`puzzle-stats.json`, see
//! [`super::tally`]; before, in `puzzle-ratings.json`, which is still read until the
//! tally takes its answers in). The rating is computed from both whenever it is shown,
//! so it is never the only copy of anything.

use std::f64::consts::PI;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data_file::{Contents, Fault, in_range};

/// Glicko-2's scale factor between the rating scale and its own.
const SCALE: f64 = 173.7178;
/// The system constant τ: how fast volatility may change (Glickman suggests 0.3 to 1.2).
pub(crate) const TAU: f64 = 0.5;
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
    pub(crate) volatility: f64,
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
pub(crate) const OPPONENT_DEVIATION: f64 = 50.0;

/// The fixed rating of each AI kind. `usual` is the anchor at 1500; `optimal` sits 141
/// above it, the Elo difference of its 69.25% expected score against `usual` on the
/// standard deck (`duel --first optimal --second usual`); the forgetful AIs, which lose
/// most of what they see, sit below (anchors, not measured).
#[must_use]
pub(crate) fn ai_rating(kind: &str) -> Option<f64> {
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
    update_guessing(player, results, 0.0)
}

/// [`update`] against opponents a guess beats with chance `guess` (a puzzle): the
/// expected score is the item-response model's with a guessing floor (3PL),
/// `E = guess + (1 - guess) * E_glicko`, in the score's residual and its variance. A
/// right answer then gains less, and a wrong one costs more, the likelier a guess was.
#[must_use]
pub fn update_guessing(player: Rating, results: &[(Rating, f64)], guess: f64) -> Rating {
    let guess = guess.clamp(0.0, 0.99);
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
        let e = guess + (1.0 - guess) * expected(mu, mu_j, phi_j);
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

/// The older puzzle results' file in the data directory, read until the tally takes
/// its answers in (games are read from the records).
pub const FILE_NAME: &str = "puzzle-ratings.json";
/// Its lock file.
pub const LOCK_NAME: &str = "puzzle-ratings.lock";
/// Its format.
pub const FORMAT: u32 = 1;
/// The range a puzzle's rating may have in a file (the puzzles are rated 1350 to
/// 1950; anything far outside was not written by the game).
pub(crate) const PUZZLE_RATINGS: (f64, f64) = (0.0, 4000.0);
/// History points kept for the trend.
pub(crate) const HISTORY: usize = 200;

/// One puzzle answered, as `puzzle-ratings.json` keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleResult {
    /// When (`YYYY-MM-DD HH:MM:SS`, UTC): puzzles and games are rated in time order.
    pub when: String,
    /// The puzzle's rating.
    pub rating: f64,
    /// Solved first try.
    pub solved: bool,
    /// The chance a guess solves it (absent before puzzles were lines: then 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess: Option<f64>,
}

/// What `puzzle-ratings.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleLog {
    /// The file format.
    pub format: u32,
    /// Every puzzle rated, in the order answered.
    pub results: Vec<PuzzleResult>,
}

impl Default for PuzzleLog {
    fn default() -> Self {
        Self {
            format: FORMAT,
            results: Vec::new(),
        }
    }
}

/// One result to rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// When (`YYYY-MM-DD HH:MM:SS`), for the order.
    pub when: String,
    /// The opponent (an AI's fixed rating, a puzzle's).
    pub opponent: Rating,
    /// 1, 0.5 or 0.
    pub score: f64,
    /// `puzzle`, or the AI's kind.
    pub source: String,
    /// The chance a guess scores 1 (a puzzle's; 0 for a game).
    pub guess: f64,
}

/// One point of the trend: the rating after a result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The rating then.
    pub rating: f64,
    /// What was rated: `puzzle`, or the AI played (`optimal`).
    pub source: String,
}

/// The rating now, from every result.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Book {
    /// The current rating.
    pub rating: Rating,
    /// Results rated.
    pub rated: u64,
    /// The last [`HISTORY`] ratings, oldest first.
    pub history: Vec<Point>,
}

/// Rates `events` in time order (a stable sort: results of one second keep their
/// order), one rating period each.
#[must_use]
pub fn rate_all(mut events: Vec<Event>) -> Book {
    events.sort_by(|a, b| a.when.cmp(&b.when));
    let mut book = Book::default();
    for e in events {
        book.rate_guessing(e.opponent, e.score, &e.source, e.guess);
    }
    book
}

impl Book {
    /// Rates one result against `against` (score 1, 0.5 or 0).
    pub fn rate(&mut self, against: Rating, score: f64, source: &str) {
        self.rate_guessing(against, score, source, 0.0);
    }

    /// Rates one result against `against` that a guess scores with chance `guess`.
    pub fn rate_guessing(&mut self, against: Rating, score: f64, source: &str, guess: f64) {
        self.rating = update_guessing(self.rating, &[(against, score)], guess);
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

    /// "1532 ± 168 (12 rated), +21 over the last 10 results", or that nothing is rated
    /// yet. The ± is twice the deviation (about 95% sure).
    #[must_use]
    pub fn line(&self) -> String {
        if self.rated == 0 {
            return "not rated yet: finish a game against an AI or answer a puzzle".to_owned();
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

/// Why `results` cannot be what the game wrote: a rating not finite or out of range.
///
/// # Errors
/// The first result at fault.
pub(crate) fn check_results(results: &[PuzzleResult]) -> Result<(), String> {
    let (low, high) = PUZZLE_RATINGS;
    results.iter().try_for_each(|r| {
        in_range("a puzzle's rating", r.rating, low, high)?;
        r.guess
            .map_or(Ok(()), |g| in_range("a puzzle's guess chance", g, 0.0, 1.0))
    })
}

impl Contents for PuzzleLog {
    const WHAT: &'static str = "puzzle ratings";
    fn empty() -> Self {
        Self::default()
    }
    fn decode(bytes: &[u8]) -> Result<Self, Fault> {
        crate::data_file::decode_json(
            bytes,
            |l: &Self| l.format,
            FORMAT,
            |_| false,
            |l| check_results(&l.results),
        )
    }
    fn encode(&self) -> String {
        serde_json::to_string_pretty(self).expect("results serialise") + "\n"
    }
}

/// The events of the puzzles answered.
#[must_use]
pub fn puzzle_events(results: &[PuzzleResult]) -> Vec<Event> {
    results
        .iter()
        .map(|r| Event {
            when: r.when.clone(),
            opponent: opponent(r.rating),
            score: if r.solved { 1.0 } else { 0.0 },
            source: "puzzle".into(),
            guess: r.guess.unwrap_or(0.0),
        })
        .collect()
}

/// The rating with the puzzles answered `results` and the games the dashboard's cache
/// (in folder `cache`) of data directory `dir` already holds (`stats` adds newer ones):
/// for the puzzle screen, after an answer.
#[must_use]
pub fn with_cached_games(dir: &Path, cache: Option<&Path>, results: &[PuzzleResult]) -> Book {
    let games = super::dashboard::cached(dir, cache);
    let mut events = super::dashboard::game_events(&games);
    events.extend(puzzle_events(results));
    rate_all(events)
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

    /// 3PL: a puzzle a guess solves often moves the rating less when solved and more
    /// when missed than one a guess rarely solves.
    #[test]
    fn a_likely_guess_gains_less_and_a_miss_costs_more() {
        let player = Rating {
            rating: 1500.0,
            deviation: 120.0,
            volatility: 0.06,
        };
        let puzzle = opponent(1600.0);
        let change = |score: f64, guess: f64| {
            update_guessing(player, &[(puzzle, score)], guess).rating - player.rating
        };
        let (right_hard, right_easy) = (change(1.0, 0.0625), change(1.0, 0.5));
        assert!(
            right_easy > 0.0 && right_easy < right_hard,
            "{right_easy} {right_hard}"
        );
        let (wrong_hard, wrong_easy) = (change(0.0, 0.0625), change(0.0, 0.5));
        assert!(
            wrong_easy < wrong_hard && wrong_hard < 0.0,
            "{wrong_easy} {wrong_hard}"
        );
        // No guess is plain Glicko-2.
        assert_eq!(
            update_guessing(player, &[(puzzle, 1.0)], 0.0),
            update(player, &[(puzzle, 1.0)])
        );
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
    fn results_are_rated_in_time_order() {
        let e = |when: &str, score| Event {
            when: when.into(),
            opponent: opponent(1500.0),
            score,
            source: "usual".into(),
            guess: 0.0,
        };
        let a = rate_all(vec![
            e("2026-01-02 00:00:00", 0.0),
            e("2026-01-01 00:00:00", 1.0),
        ]);
        let b = rate_all(vec![
            e("2026-01-01 00:00:00", 1.0),
            e("2026-01-02 00:00:00", 0.0),
        ]);
        assert_eq!(a, b);
        assert_eq!(a.rated, 2);
        assert_eq!(a.history[0].source, "usual");
        assert!(a.history[0].rating > 1500.0 && a.trend(1) < 0.0, "{a:?}");
    }
}
