//! The seed's model of a round: a configuration (d, s_1, …, s_m) — the unseen cards by
//! rank and every player's face-up ranks in turn order, the mover first — and the pool
//! of cards a round draws from, which makes d a function of the stacks.
//!
//! Within a round the pool d + s_1 + … + s_m never changes (a hit moves a card from d to
//! a stack; a pair or a fold ends the round), so the stacks alone name a configuration.
//! Where the deck can run out during the round (the `spne` player's real table), the
//! deck is reshuffled from the discards once the table holds `at` face-up cards, and
//! from then on d is every card not set aside and not face up: the second pool.

use std::fmt;

use thiserror::Error;

use super::rules::{Counts, Rank, Ranks, Stack};
use crate::seats::{MAX_SEATS, MIN_SEATS};

/// A configuration (d, s_1, …, s_m): s_1 is the mover's stack, then round the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Config {
    /// The deck's ranks.
    pub ranks: Ranks,
    /// d: the unseen cards by rank (deck and burned cards).
    pub unseen: Counts,
    /// Face-up ranks in turn order, the mover's first.
    pub stacks: Vec<Stack>,
}

/// Why a configuration was refused. Each names the bad part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// Fewer than 2 or more than 6 players.
    #[error("--players {0}: a table has {MIN_SEATS} to {MAX_SEATS}")]
    Players(usize),
    /// `--unseen` with a count for a number of ranks other than n.
    #[error(
        "--unseen '{text}': {got} counts, expected {expected} (one for each rank 1..{expected})"
    )]
    UnseenLength {
        /// The flag's value.
        text: String,
        /// Counts given.
        got: usize,
        /// Ranks in the deck.
        expected: usize,
    },
    /// A count that is not a whole number.
    #[error("--unseen: '{0}' is not a count of cards")]
    BadCount(String),
    /// `--stacks` with a number of stacks other than the players.
    #[error("--stacks '{text}': {got} stacks, expected one for each of the {expected} players")]
    StackCount {
        /// The flag's value.
        text: String,
        /// Stacks given.
        got: usize,
        /// Players.
        expected: usize,
    },
    /// A stack entry that is not a rank of the deck.
    #[error("--stacks: '{token}' is not a rank from 1 to {n}")]
    BadRank {
        /// The entry.
        token: String,
        /// Highest rank.
        n: u8,
    },
    /// A rank twice in one stack (the second card would have ended the round).
    #[error("--stacks: stack {stack} holds rank {rank} twice")]
    RankTwice {
        /// 1-based stack number in turn order.
        stack: usize,
        /// The rank.
        rank: Rank,
    },
    /// More cards of a rank (unseen and face up) than the deck has.
    #[error("rank {rank}: {count} cards unseen and face up, but the deck has only {rank}")]
    TooMany {
        /// The rank.
        rank: Rank,
        /// Cards counted.
        count: u32,
    },
    /// No face-up card at all: a fold would take nothing.
    #[error("--stacks: no face-up card on the table (a fold takes the lowest one)")]
    NoFaceUp,
}

impl Config {
    /// A configuration, checked against the deck.
    ///
    /// # Errors
    /// A bad player count, more cards of a rank than the deck has, or no face-up card.
    pub fn new(ranks: Ranks, unseen: Counts, stacks: Vec<Stack>) -> Result<Self, ConfigError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&stacks.len()) {
            return Err(ConfigError::Players(stacks.len()));
        }
        for rank in 1..=super::rules::MAX_RANKS {
            let face_up = stacks.iter().filter(|s| s.has(rank)).count();
            // at most 6 stacks
            let count = u32::from(unseen.get(rank)) + face_up as u32;
            let limit = if rank <= ranks.get() {
                u32::from(rank)
            } else {
                0
            };
            if count > limit {
                return Err(ConfigError::TooMany { rank, count });
            }
        }
        if stacks.iter().all(|s| s.is_empty()) {
            return Err(ConfigError::NoFaceUp);
        }
        Ok(Self {
            ranks,
            unseen,
            stacks,
        })
    }

    /// Reads the command line's form: `unseen` as `c1,...,cn` (cards of each rank) and
    /// `stacks` as ranks separated by spaces, stacks by `;`, the mover's first (`1 3;2`).
    ///
    /// # Errors
    /// See [`ConfigError`].
    pub fn parse(
        ranks: Ranks,
        players: usize,
        unseen: &str,
        stacks: &str,
    ) -> Result<Self, ConfigError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        let counts: Vec<&str> = unseen.split(',').map(str::trim).collect();
        let n = usize::from(ranks.get());
        if counts.len() != n {
            return Err(ConfigError::UnseenLength {
                text: unseen.to_owned(),
                got: counts.len(),
                expected: n,
            });
        }
        let mut d = Vec::with_capacity(n);
        for c in counts {
            d.push(
                c.parse::<u8>()
                    .map_err(|_| ConfigError::BadCount(c.to_owned()))?,
            );
        }
        let parts: Vec<&str> = stacks.split(';').collect();
        if parts.len() != players {
            return Err(ConfigError::StackCount {
                text: stacks.to_owned(),
                got: parts.len(),
                expected: players,
            });
        }
        let mut list = Vec::with_capacity(players);
        for (i, part) in parts.iter().enumerate() {
            let mut s = Stack::EMPTY;
            for token in part.split_whitespace() {
                let rank = token
                    .parse::<Rank>()
                    .ok()
                    .filter(|r| (1..=ranks.get()).contains(r))
                    .ok_or_else(|| ConfigError::BadRank {
                        token: token.to_owned(),
                        n: ranks.get(),
                    })?;
                if s.has(rank) {
                    return Err(ConfigError::RankTwice { stack: i + 1, rank });
                }
                s = s.with(rank);
            }
            list.push(s);
        }
        // Counts above a rank's size are caught here, with the rank named.
        let d: Vec<u8> = d.into_iter().collect();
        Self::new(ranks, Counts::from_slice(&d), list)
    }

    /// Players at the table.
    #[must_use]
    pub fn players(&self) -> usize {
        self.stacks.len()
    }

    /// r: the lowest face-up rank on the table, what a fold scores.
    #[must_use]
    pub fn lowest(&self) -> Rank {
        lowest(&self.stacks)
    }
}

impl fmt::Display for Config {
    /// `unseen 1,2,3 | stacks 1 3; 2` (the command line's form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d: Vec<String> = self
            .unseen
            .to_vec(self.ranks)
            .iter()
            .map(ToString::to_string)
            .collect();
        let s: Vec<String> = self.stacks.iter().map(ToString::to_string).collect();
        write!(f, "unseen {} | stacks {}", d.join(","), s.join("; "))
    }
}

/// The lowest face-up rank over all stacks (at least one card is face up).
///
/// # Panics
/// Every stack empty.
#[must_use]
pub fn lowest(stacks: &[Stack]) -> Rank {
    stacks
        .iter()
        .filter_map(|s| s.lowest())
        .min()
        .expect("a face-up card on the table")
}

/// The reshuffle a round may meet: when the table holds `at` face-up cards the deck is
/// empty, and the next card comes from every card not set aside and not face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reshuffle {
    /// Face-up cards on the table when the deck runs out.
    pub at: u32,
    /// Every card not set aside for good (the full deck minus the scoring cards).
    pub pool: Counts,
}

/// What a round draws from, fixed for the whole round: a configuration's d is the pool
/// minus the stacks' cards (or, after a reshuffle, the second pool minus them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundModel {
    /// The deck's ranks.
    pub ranks: Ranks,
    /// Players at the table.
    pub players: usize,
    /// d + s_1 + … + s_m, the same in every configuration of the round.
    pub pool: Counts,
    /// Where the deck can run out during the round (`None`: the seed's model).
    pub reshuffle: Option<Reshuffle>,
}

impl RoundModel {
    /// The seed's model of the configuration's round: no reshuffle.
    #[must_use]
    pub fn of(config: &Config) -> Self {
        let mut pool = config.unseen;
        for &s in &config.stacks {
            pool.add_stack(s);
        }
        Self {
            ranks: config.ranks,
            players: config.players(),
            pool,
            reshuffle: None,
        }
    }

    /// d for these stacks (in any order).
    ///
    /// # Panics
    /// Stacks holding cards the pool does not have.
    #[must_use]
    pub fn unseen(&self, stacks: &[Stack]) -> Counts {
        let face_up: u32 = stacks.iter().map(|s| s.len()).sum();
        let pool = match self.reshuffle {
            Some(r) if face_up >= r.at => r.pool,
            _ => self.pool,
        };
        stacks
            .iter()
            .try_fold(pool, |d, &s| d.minus_stack(s))
            .expect("stacks drawn from the pool")
    }

    /// d after the card j is drawn from a configuration with d and `face_up` cards face
    /// up, `child` the successor's stacks: d less j, or where the successor meets the
    /// reshuffle, the second pool less its stacks (as [`RoundModel::unseen`], without
    /// summing the stacks again).
    ///
    /// # Panics
    /// Stacks holding cards the pool does not have.
    #[must_use]
    pub(crate) fn unseen_after(
        &self,
        child: &[Stack],
        d: &Counts,
        j: Rank,
        face_up: u32,
    ) -> Counts {
        match self.reshuffle {
            Some(r) if face_up < r.at && face_up + 1 >= r.at => child
                .iter()
                .try_fold(r.pool, |d, &s| d.minus_stack(s))
                .expect("stacks drawn from the pool"),
            _ => {
                let mut c = *d;
                c.remove(j);
                c
            }
        }
    }

    /// The highest rank any configuration of the round can still draw.
    #[must_use]
    pub fn highest(&self) -> Rank {
        let a = self.pool.highest().unwrap_or(0);
        let b = self.reshuffle.and_then(|r| r.pool.highest()).unwrap_or(0);
        a.max(b)
    }
}
