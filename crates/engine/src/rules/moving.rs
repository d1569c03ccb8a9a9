//! Moving cards ("in some computer versions the cards may randomly move"): after every
//! N turns two face-down cards swap places in view of everyone. The swap is public, so
//! it changes no one's knowledge: a seen card that moves is still known, at its new
//! place, and the model (which never reads a place) is unchanged.

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use super::layout::below;

/// Every how many turns two face-down cards swap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moving(NonZeroU32);

/// A count of turns that is no number of turns.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("moving '{0}': expected a number of turns from 1 to 1000 (cards swap after every N turns)")]
pub struct BadMoving(String);

impl Moving {
    /// Largest N: beyond it no game of the largest table sees a swap.
    pub const MAX: u32 = 1000;

    /// Every `turns` turns (1 to [`Moving::MAX`]).
    #[must_use]
    pub fn every(turns: u32) -> Option<Self> {
        NonZeroU32::new(turns)
            .filter(|n| n.get() <= Self::MAX)
            .map(Self)
    }

    /// N: turns between swaps.
    #[must_use]
    pub fn turns(self) -> u32 {
        self.0.get()
    }

    /// Whether two cards swap once `turns` turns are done.
    #[must_use]
    pub fn due(self, turns: u32) -> bool {
        turns > 0 && turns.is_multiple_of(self.turns())
    }
}

impl FromStr for Moving {
    type Err = BadMoving;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<u32>()
            .ok()
            .and_then(Self::every)
            .ok_or_else(|| BadMoving(crate::words::shown(s)))
    }
}

impl fmt::Display for Moving {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Two places whose cards swapped, the smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swap {
    /// One place.
    pub a: usize,
    /// The other.
    pub b: usize,
}

impl Swap {
    /// Where a card at `position` is after the swap.
    #[must_use]
    pub fn moved(self, position: usize) -> usize {
        if position == self.a {
            self.b
        } else if position == self.b {
            self.a
        } else {
            position
        }
    }
}

/// The swaps' stream: seeded from the game's seed apart from the deal's, so that the
/// same game swaps the same cards on every machine and in every replay.
#[derive(Debug, Clone)]
pub(super) struct Swaps(ChaCha8Rng);

/// The swaps' salt, apart from the deal's and the scatter's.
const MOVING_SALT: u64 = 0x6d6f_7669_6e67_2121;

impl Swaps {
    pub(super) fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed ^ MOVING_SALT))
    }

    /// Two of `candidates` (face-down places) drawn uniformly, or none if fewer than two.
    pub(super) fn draw(&mut self, candidates: &[usize]) -> Option<Swap> {
        let n = candidates.len() as u64;
        if n < 2 {
            return None;
        }
        let i = below(&mut self.0, n);
        let mut j = below(&mut self.0, n - 1);
        if j >= i {
            j += 1;
        }
        // both below n = candidates.len()
        let (x, y) = (candidates[i as usize], candidates[j as usize]);
        Some(Swap {
            a: x.min(y),
            b: x.max(y),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_parses_one_to_a_thousand() {
        assert_eq!("3".parse::<Moving>().unwrap().turns(), 3);
        for bad in ["0", "-1", "x", "", "1001"] {
            assert!(bad.parse::<Moving>().is_err(), "{bad}");
        }
        let m = Moving::every(2).unwrap();
        assert_eq!(
            (m.due(0), m.due(1), m.due(2), m.due(4)),
            (false, false, true, true)
        );
    }

    #[test]
    fn a_draw_is_two_different_candidates() {
        let mut s = Swaps::new(1);
        for _ in 0..100 {
            let w = s.draw(&[3, 5, 9]).unwrap();
            assert!(w.a < w.b && [3, 5, 9].contains(&w.a) && [3, 5, 9].contains(&w.b));
        }
        assert_eq!(s.draw(&[4]), None);
        assert_eq!(Swap { a: 1, b: 4 }.moved(4), 1);
    }
}
