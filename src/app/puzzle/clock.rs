//! A timed run's clock.

use std::time::{Duration, Instant};

/// A timed run: as many puzzles as the person can solve before the time is up.
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    /// Its length.
    pub minutes: u32,
    pub(super) started: Instant,
    pub(super) now: Instant,
    /// Puzzles solved so far.
    pub solved: u32,
    /// Puzzles answered so far.
    pub tried: u32,
    /// Once the time is up: the best run of this length so far (this one counted),
    /// whether this one is it, or why it could not be saved.
    pub result: Option<Result<(u32, bool), String>>,
}

impl Clock {
    fn limit(&self) -> Duration {
        Duration::from_secs(u64::from(self.minutes) * 60)
    }

    /// The time left.
    #[must_use]
    pub fn left(&self) -> Duration {
        self.limit()
            .saturating_sub(self.now.saturating_duration_since(self.started))
    }

    /// Whether the time is up.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.left().is_zero()
    }

    /// `2:05`: the time left, rounded up to the second.
    #[must_use]
    pub(crate) fn left_text(&self) -> String {
        let secs = self.left().as_millis().div_ceil(1000);
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}
