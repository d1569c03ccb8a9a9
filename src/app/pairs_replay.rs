//! A game of Pairs replayed decision by decision (`←`/`→`), each decision marked with
//! its cost against the subgame-perfect choice ([`crate::pairs::review`]). The table at
//! each step is a [`PairsTable`] dealt again from the record's seed, so it is drawn as
//! the game was. The costs are computed on a [`Worker`], so the replay opens at once
//! and steps while they come (a long game of three seats takes seconds). Drawing
//! (`tui/pairs_replay_view.rs`) only reads.

mod keys;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::pairs_table::PairsTable;
use super::replay::History;
use super::worker::{Progress, Worker};
use crate::pairs::PairsError;
use crate::pairs::record::{Decided, PairsRecord};
use crate::pairs::review::{DecisionCost, review};

/// A cost below this is the best choice (floating-point noise, not a mistake).
pub(crate) const COST_EPSILON: f64 = 1e-9;

/// The replay of a Pairs record.
pub struct PairsReplay {
    record: PairsRecord,
    /// Every decision in order, known at once from the record.
    decisions: Vec<Decided>,
    /// Every decision's cost, once the worker has computed them.
    costs: Option<Vec<DecisionCost>>,
    /// The worker computing the costs.
    pending: Option<Worker<Result<Vec<DecisionCost>, String>>>,
    /// Why there are no costs, when the worker failed.
    note: String,
    /// Decisions shown: 0 (the first deal) to all of them.
    at: usize,
    table: PairsTable,
    path: Option<PathBuf>,
    /// The list of saved games it was opened from (`q` goes back there).
    from: Option<History>,
}

impl PairsReplay {
    /// The replay of `record` at its first deal, its decisions being valued on a worker
    /// ([`PairsReplay::poll_costs`] takes them in).
    ///
    /// # Errors
    /// A record the rules refuse (not one that parsed).
    pub fn new(record: PairsRecord, path: Option<PathBuf>) -> Result<Self, PairsError> {
        let decisions = record.decided()?;
        let table = PairsTable::replayed(&record, 0)?;
        let job = record.clone();
        let pending = Worker::spawn(move || review(&job).map_err(|e| e.to_string()));
        Ok(Self {
            record,
            decisions,
            costs: None,
            pending: Some(pending),
            note: String::new(),
            at: 0,
            table,
            path,
            from: None,
        })
    }

    /// The same replay, `q` going back to `history`.
    #[must_use]
    pub(crate) fn returning_to(mut self, history: History) -> Self {
        self.from = Some(history);
        self
    }

    /// Takes the list of saved games it came from, if any.
    pub(crate) fn take_history(&mut self) -> Option<History> {
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

    /// Every decision in order: round, seat and action.
    #[must_use]
    pub fn decisions(&self) -> &[Decided] {
        &self.decisions
    }

    /// Every decision with its cost, in order, once computed.
    #[must_use]
    pub fn costs(&self) -> Option<&[DecisionCost]> {
        self.costs.as_deref()
    }

    /// A word on the costs while there are none: still computing, or why not.
    #[must_use]
    pub fn note(&self) -> &str {
        if self.pending.is_some() {
            "valuing the decisions…"
        } else {
            &self.note
        }
    }

    /// The last decision shown.
    #[must_use]
    pub fn current(&self) -> Option<&Decided> {
        self.at.checked_sub(1).and_then(|i| self.decisions.get(i))
    }

    /// The last decision shown with its cost, once computed.
    #[must_use]
    pub fn current_cost(&self) -> Option<&DecisionCost> {
        let i = self.at.checked_sub(1)?;
        self.costs.as_ref()?.get(i)
    }

    /// Takes in the costs from the worker if they arrived; returns whether they did.
    pub(crate) fn poll_costs(&mut self) -> bool {
        let Some(worker) = &self.pending else {
            return false;
        };
        let got = match worker.poll() {
            Progress::Done(c) => c,
            Progress::Running => return false,
            Progress::Stopped => Err("the solver stopped".into()),
        };
        self.pending = None;
        self.keep(got);
        true
    }

    /// Waits for the costs, if the worker still computes them (tests and the screen
    /// reader; the terminal loop polls with [`PairsReplay::poll_costs`] instead).
    pub fn wait_costs(&mut self) {
        if let Some(worker) = self.pending.take() {
            let got = worker
                .wait()
                .unwrap_or_else(|| Err("the solver stopped".into()));
            self.keep(got);
        }
    }

    /// Whether the costs are being computed.
    #[must_use]
    pub fn valuing(&self) -> bool {
        self.pending.is_some()
    }

    fn keep(&mut self, got: Result<Vec<DecisionCost>, String>) {
        match got {
            Ok(c) => self.costs = Some(c),
            Err(e) => self.note = format!("no costs: {e}"),
        }
    }

    /// Steps `by` decisions forward (or back), within the game.
    pub fn step(&mut self, by: isize) {
        let to = self.at.saturating_add_signed(by).min(self.decisions.len());
        self.show(to);
    }

    /// The first deal (`false`) or the last decision (`true`).
    pub fn jump(&mut self, to_end: bool) {
        self.show(if to_end { self.decisions.len() } else { 0 });
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
