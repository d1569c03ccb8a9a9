//! Stepping through a recorded game: the table after any number of flips, by flip and by
//! turn.

use super::{Record, RecordError};
use crate::rules::Game;

/// A record being replayed: the game after [`Stepper::at`] flips.
#[derive(Debug, Clone)]
pub struct Stepper {
    record: Record,
    start: Game,
    game: Game,
    at: usize,
    /// Flip counts after which a turn has just ended (0 included, the end included).
    boundaries: Vec<usize>,
}

impl Stepper {
    /// A replay of `record`, at its start.
    ///
    /// # Errors
    /// The record does not describe a legal game.
    pub fn new(record: Record) -> Result<Self, RecordError> {
        let start = record.start()?;
        let end = record.replay()?;
        let mut boundaries = vec![0];
        for (i, f) in end.view().flips().iter().enumerate() {
            if f.turn_end.is_some() {
                boundaries.push(i + 1);
            }
        }
        if boundaries.last() != Some(&record.flips.len()) {
            boundaries.push(record.flips.len());
        }
        Ok(Self {
            game: start.clone(),
            start,
            record,
            at: 0,
            boundaries,
        })
    }

    /// The record.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The game after the first [`Stepper::at`] flips.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Flips applied so far.
    #[must_use]
    pub fn at(&self) -> usize {
        self.at
    }

    /// Flips in the record.
    #[must_use]
    pub fn len(&self) -> usize {
        self.record.flips.len()
    }

    /// Whether the record has no flip.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.record.flips.is_empty()
    }

    /// Whether every flip is applied.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.at == self.len()
    }

    /// The turn (from 1) that flip `index` (from 0) belongs to.
    #[must_use]
    pub fn turn_of(&self, index: usize) -> usize {
        self.boundaries.partition_point(|&b| b <= index)
    }

    /// Turns in the record (an unfinished last turn included).
    #[must_use]
    pub fn turns(&self) -> usize {
        self.boundaries.len() - 1
    }

    /// Goes to the table after `at` flips (clamped to the record).
    pub fn seek(&mut self, at: usize) {
        let at = at.min(self.len());
        if at < self.at {
            self.game = self.start.clone();
            self.at = 0;
        }
        while self.at < at {
            // Checked when the stepper was made.
            let _ = self.game.try_flip(self.record.flips[self.at]);
            self.at += 1;
        }
    }

    /// One flip forward.
    pub fn forward(&mut self) {
        self.seek(self.at + 1);
    }

    /// One flip back.
    pub fn back(&mut self) {
        self.seek(self.at.saturating_sub(1));
    }

    /// To the end of the current turn, or of the next one if this one just ended.
    pub fn next_turn(&mut self) {
        let to = self
            .boundaries
            .iter()
            .copied()
            .find(|&b| b > self.at)
            .unwrap_or(self.len());
        self.seek(to);
    }

    /// To the start of the current turn, or of the previous one if at a turn start.
    pub fn prev_turn(&mut self) {
        let to = self
            .boundaries
            .iter()
            .rev()
            .copied()
            .find(|&b| b < self.at)
            .unwrap_or(0);
        self.seek(to);
    }

    /// Before the first flip.
    pub fn to_start(&mut self) {
        self.seek(0);
    }

    /// After the last flip.
    pub fn to_end(&mut self) {
        self.seek(self.len());
    }
}
