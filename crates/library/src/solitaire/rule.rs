//! How a solitaire game counts its moves: the standard count, or Foerster and
//! Wattenhofer's first variation (their section 8), where a pair earns a free move.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The counting rule of a solitaire game.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SoloRule {
    /// Every move counts, a pair's included.
    #[default]
    Standard,
    /// A pair earns a free move: a move that takes a pair is not counted, but the one
    /// that clears the table is (its free move would come after the game). A game counts
    /// `n - 1` moves fewer than in full, whatever the play.
    FreeAfterPair,
}

impl SoloRule {
    /// Every rule, in the setup screen's order.
    pub const ALL: [Self; 2] = [Self::Standard, Self::FreeAfterPair];

    /// The rule's name on the command line, in records and statistics.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::FreeAfterPair => "free-after-pair",
        }
    }

    /// The rule in a few words, for the setup screen.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::Standard => "every move counts",
            Self::FreeAfterPair => "a pair earns a free move: only moves without a pair count",
        }
    }

    /// Whether this is the standard count.
    #[must_use]
    pub fn is_standard(&self) -> bool {
        *self == Self::Standard
    }

    /// The moves counted of `moves` made that took `pairs` pairs, `cleared` once the
    /// table is empty.
    #[must_use]
    pub fn counted(self, moves: u32, pairs: u32, cleared: bool) -> u32 {
        match self {
            Self::Standard => moves,
            Self::FreeAfterPair => moves - pairs + u32::from(cleared && pairs > 0),
        }
    }

    /// The moves the rule does not count from a position with `pairs` pairs left on the
    /// table to the end, whatever the play: every further pair but the last is free.
    #[must_use]
    pub fn free_ahead(self, pairs: u64) -> u64 {
        match self {
            Self::Standard => 0,
            Self::FreeAfterPair => pairs.saturating_sub(1),
        }
    }
}

impl fmt::Display for SoloRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SoloRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("'{s}' is not a solitaire rule (standard or free-after-pair)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_earns_a_free_move_but_the_last() {
        let free = SoloRule::FreeAfterPair;
        // Three pairs in five moves: two misses and the last pair counted.
        assert_eq!(free.counted(5, 3, true), 3);
        assert_eq!(free.counted(4, 2, false), 2);
        assert_eq!(free.counted(1, 0, false), 1);
        assert_eq!(SoloRule::Standard.counted(5, 3, true), 5);
        assert_eq!(free.free_ahead(3), 2);
        assert_eq!(free.free_ahead(0), 0);
        for r in SoloRule::ALL {
            assert_eq!(r.name().parse::<SoloRule>(), Ok(r));
        }
        assert!("easy".parse::<SoloRule>().is_err());
    }
}
