//! Moving cards on show: two face-down cards that just swapped places (after the turn's
//! own show), sliding past each other frame by frame, or, with reduce motion, both
//! marked where they now lie until a key.

use std::time::{Duration, Instant};

use super::config::Config;
use crate::rules::{Game, Swap};

/// Frames of a swap's slide.
pub const FRAMES: u8 = 8;

/// A swap on show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swapping {
    /// The two places.
    pub swap: Swap,
    since: Instant,
    until: Instant,
    /// Frames of the slide done, 0 to [`FRAMES`]; `None`: not slid, marked (reduce
    /// motion).
    pub frame: Option<u8>,
}

impl Swapping {
    /// The swap the last turn of `game` ended in, on show from `now`: sliding for the
    /// AI's pause, or marked until a key with reduce motion. `None` if the turn swapped
    /// nothing, or play does not pause (no pause, nothing to see).
    #[must_use]
    pub(crate) fn after_turn(game: &Game, config: &Config, now: Instant) -> Option<Self> {
        let swap = game.view().flips().last()?.swap?;
        let (until, frame) = if config.reduce_motion {
            (now + super::config::UNTIL_A_KEY, None)
        } else if config.ai_delay.is_zero() {
            return None;
        } else {
            (
                now + config.ai_delay.max(Duration::from_millis(240)),
                Some(0),
            )
        };
        Some(Self {
            swap,
            since: now,
            until,
            frame,
        })
    }

    /// Moves the slide on to `now`; whether the show is over.
    pub(crate) fn advance(&mut self, now: Instant) -> bool {
        if now >= self.until {
            return true;
        }
        if let Some(frame) = self.frame.as_mut() {
            let done = now.duration_since(self.since).as_nanos();
            let all = self.until.duration_since(self.since).as_nanos();
            // below FRAMES: now is before until
            let reached = (done * u128::from(FRAMES) / all.max(1)) as u8;
            *frame = (*frame).max(reached);
        }
        false
    }

    /// When the next frame is due, or the show ends.
    #[must_use]
    pub(crate) fn deadline(&self) -> Instant {
        match self.frame {
            Some(frame) if frame + 1 < FRAMES => {
                // Rounded up, so that the tick then reaches the next frame.
                let all = self.until.duration_since(self.since).as_nanos();
                let next = (all * u128::from(frame + 1)).div_ceil(u128::from(FRAMES));
                self.since + Duration::from_nanos(u64::try_from(next).unwrap_or(u64::MAX))
            }
            _ => self.until,
        }
    }
}

/// The line that tells a swap: `Two cards swap places: c1 and d4` (the places as
/// [`super::places::name`] names them).
#[must_use]
pub fn swap_words(game: &Game, swap: Swap) -> String {
    let [a, b] = [swap.a, swap.b].map(|p| super::places::name(game, p));
    format!("Two cards swap places: {a} and {b}")
}
