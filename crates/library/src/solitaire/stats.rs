//! Personal bests and statistics of solitaire games, kept in one JSON file in the data
//! directory (`solitaire-stats.json`): a [`DataFile`], so updated under its lock
//! (`solitaire-stats.lock`), replaced atomically, and read capped, a damaged file
//! counting as empty with a warning and moved aside at the next game counted (see
//! [`crate::data_file`]). A game is counted only after its record is saved.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::SoloRule;
use crate::data_file::{Contents, DataError, DataFile, Fault};

/// The statistics file's name in the data directory.
pub const FILE_NAME: &str = "solitaire-stats.json";
/// The lock file's name in the data directory.
pub const LOCK_NAME: &str = "solitaire-stats.lock";
/// The format version written.
pub const FORMAT: u32 = 1;

/// One finished game, as the statistics count it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStats {
    /// Deck name (`standard`, `pairs:8`).
    pub deck: String,
    /// Memory mode (`open` or `classic`).
    pub memory: String,
    /// How the moves were counted.
    pub rule: SoloRule,
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
    /// How the moves were counted: a rule's games, bests and challenges are kept apart
    /// (absent in the file for the standard count, as before the rule existed).
    #[serde(default, skip_serializing_if = "SoloRule::is_standard")]
    pub rule: SoloRule,
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
    // game counts are small
    pub fn average_moves(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }

    /// Average cost of the player's choices per game (moves - luck-adjusted figure).
    #[must_use]
    // game counts are small
    pub fn average_cost(&self) -> f64 {
        self.cost as f64 / self.games.max(1) as f64
    }

    fn key(&self) -> (&str, &str, SoloRule, Option<u64>) {
        (&self.deck, &self.memory, self.rule, self.challenge)
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
    /// The entry for a deck, memory mode, rule and challenge (`None`: all games), if any.
    #[must_use]
    pub fn entry(
        &self,
        deck: &str,
        memory: &str,
        rule: SoloRule,
        challenge: Option<u64>,
    ) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.key() == (deck, memory, rule, challenge))
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
        let key = (
            game.deck.as_str(),
            game.memory.as_str(),
            game.rule,
            challenge,
        );
        let i = if let Some(i) = self.entries.iter().position(|e| e.key() == key) {
            i
        } else {
            self.entries.push(Entry {
                deck: game.deck.clone(),
                memory: game.memory.clone(),
                rule: game.rule,
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
        // Saturating: a hand-edited count near the limit stays there, never wraps.
        e.games = e.games.saturating_add(1);
        e.moves = e.moves.saturating_add(u64::from(game.moves));
        e.misses = e.misses.saturating_add(u64::from(game.misses));
        e.cost = e
            .cost
            .saturating_add(i64::from(game.moves) - i64::from(game.luck_adjusted));
        if game.moves < e.best {
            e.best = game.moves;
            e.best_date.clone_from(&game.date);
        }
        previous
    }
}

impl Stats {
    /// Why these statistics cannot be what the game wrote: a sum smaller than a count
    /// it includes, a best with no game, a best above a game's moves.
    fn check(&self) -> Result<(), String> {
        for e in &self.entries {
            let at = format!("{} {}", e.deck, e.memory);
            if e.games == 0 {
                return Err(format!("{at}: an entry of no game"));
            }
            if e.misses > e.moves || u64::from(e.best) > e.moves {
                return Err(format!("{at}: more misses or a best than moves"));
            }
        }
        Ok(())
    }
}

impl Contents for Stats {
    const WHAT: &'static str = "solitaire statistics";
    fn empty() -> Self {
        Self {
            format: FORMAT,
            entries: Vec::new(),
        }
    }
    fn decode(bytes: &[u8]) -> Result<Self, Fault> {
        crate::data_file::decode_json(bytes, |s: &Self| s.format, FORMAT, |_| false, Self::check)
    }
    fn encode(&self) -> String {
        serde_json::to_string_pretty(self).expect("statistics serialise") + "\n"
    }
}

/// What reading the statistics found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The statistics (empty if there were none, or damaged).
    pub stats: Stats,
    /// A warning to show (a damaged file, or one moved aside).
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
    /// A warning to show (a damaged file moved aside).
    pub warning: Option<String>,
}

/// The statistics file of a data directory.
#[derive(Debug, Clone)]
pub struct Store {
    file: DataFile<Stats>,
}

impl Store {
    /// The statistics kept in data directory `dir`.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            file: DataFile::new(dir, FILE_NAME),
        }
    }

    /// The statistics file.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.file.path()
    }

    /// Reads the statistics without a lock and without writing anything: none yet, or
    /// a damaged file, is empty (the damage said in [`Loaded::warning`]; the next game
    /// counted moves it aside).
    #[must_use]
    pub fn load(&self) -> Loaded {
        let loaded = self.file.load();
        Loaded {
            stats: loaded.value,
            warning: loaded.warning,
        }
    }

    /// Counts one finished game, under the lock, and writes the file atomically.
    ///
    /// # Errors
    /// The directory, lock or file cannot be written, or a newer format.
    pub fn record(&self, game: &GameStats) -> Result<Recorded, DataError> {
        let (loaded, (previous_best, previous_challenge_best)) =
            self.file.update(|stats| stats.add(game))?;
        Ok(Recorded {
            stats: loaded.value,
            previous_best,
            previous_challenge_best,
            warning: loaded.warning,
        })
    }
}
