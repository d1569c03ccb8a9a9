//! A game of Pairs replayed decision by decision (`←`/`→`), each decision marked with
//! its cost against the subgame-perfect choice ([`crate::pairs::review`]). The table at
//! each step is a [`PairsTable`] dealt again from the record's seed, so it is drawn as
//! the game was. Drawing (`pairs_view.rs`) only reads.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::pairs_table::PairsTable;
use super::replay::History;
use crate::pairs::PairsError;
use crate::pairs::record::PairsRecord;
use crate::pairs::review::{DecisionCost, review};

/// A cost below this is the best choice (floating-point noise, not a mistake).
pub const COST_EPSILON: f64 = 1e-9;

/// The replay of a Pairs record.
pub struct PairsReplay {
    record: PairsRecord,
    costs: Vec<DecisionCost>,
    /// Decisions shown: 0 (the first deal) to all of them.
    at: usize,
    table: PairsTable,
    path: Option<PathBuf>,
    /// The list of saved games it was opened from (`q` goes back there).
    from: Option<History>,
}

impl PairsReplay {
    /// The replay of `record` at its first deal, every decision valued.
    ///
    /// # Errors
    /// A record the rules refuse (not one that parsed).
    pub fn new(record: PairsRecord, path: Option<PathBuf>) -> Result<Self, PairsError> {
        let costs = review(&record)?;
        let table = PairsTable::replayed(&record, 0)?;
        Ok(Self {
            record,
            costs,
            at: 0,
            table,
            path,
            from: None,
        })
    }

    /// The same replay, `q` going back to `history`.
    #[must_use]
    pub fn from_history(mut self, history: History) -> Self {
        self.from = Some(history);
        self
    }

    /// Takes the list of saved games it came from, if any.
    pub fn take_history(&mut self) -> Option<History> {
        self.from.take()
    }

    /// The record.
    #[must_use]
    pub fn record(&self) -> &PairsRecord {
        &self.record
    }

    /// Its file, when read from one.
    #[must_use]
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// The table after the decisions shown.
    #[must_use]
    pub fn table(&self) -> &PairsTable {
        &self.table
    }

    /// Decisions shown.
    #[must_use]
    pub fn at(&self) -> usize {
        self.at
    }

    /// Every decision with its cost, in order.
    #[must_use]
    pub fn costs(&self) -> &[DecisionCost] {
        &self.costs
    }

    /// The last decision shown, with its cost.
    #[must_use]
    pub fn current(&self) -> Option<&DecisionCost> {
        self.at.checked_sub(1).and_then(|i| self.costs.get(i))
    }

    /// Steps `by` decisions forward (or back), within the game.
    pub fn step(&mut self, by: isize) {
        let to = self.at.saturating_add_signed(by).min(self.costs.len());
        self.show(to);
    }

    /// The first deal (`false`) or the last decision (`true`).
    pub fn jump(&mut self, to_end: bool) {
        self.show(if to_end { self.costs.len() } else { 0 });
    }

    fn show(&mut self, to: usize) {
        if to == self.at {
            return;
        }
        // The record parsed, so every prefix of it replays.
        if let Ok(t) = PairsTable::replayed(&self.record, to) {
            self.table = t;
            self.at = to;
        }
    }
}

impl PairsTable {
    /// The table of `record` after its first `decisions` decisions (its AIs idle: a
    /// replay never ticks them).
    ///
    /// # Errors
    /// A record the rules refuse.
    pub fn replayed(record: &PairsRecord, decisions: usize) -> Result<Self, PairsError> {
        let now = Instant::now();
        let mut t = Self::new(
            record.seats.clone(),
            record.ranks,
            record.target,
            record.seed,
            Duration::ZERO,
            now,
        )?;
        let mut left = decisions;
        'rounds: for (k, round) in record.rounds.iter().enumerate() {
            for &action in round {
                if left == 0 {
                    break 'rounds;
                }
                if k > 0 && t.between_rounds() {
                    t.next_round_now(now);
                }
                t.replay_decision(action, now)?;
                left -= 1;
            }
        }
        Ok(t)
    }
}
