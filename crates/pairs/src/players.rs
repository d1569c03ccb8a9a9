//! The AIs of Pairs. Each decides from the [`View`] alone (what every player sees), so
//! none can peek at the deck.
//!
//! With two players the solving AIs decide by the decision-only search
//! ([`Decider`]), which gives the exact solve's action without its values; a close call,
//! and every decision at a larger table, is the exact solve's.
//!
//! - `spne`: the subgame-perfect action of the round for the real table. d is every card
//!   not seen since the last reshuffle (it counts the face-up discards), and where the
//!   deck can run out during the round it models the reshuffle: from then on the next
//!   card comes from every card not set aside and not face up (the new burn changes no
//!   chance: burned cards are unseen like the deck).
//! - `spne-fresh`: the seed's own model, d = the full deck minus the face-up cards on the
//!   table and set aside (no counting of discards, no reshuffle).
//! - `threshold`: folds when the chance that the next card pairs its own stack exceeds
//!   1/2 (the chance taken from the same d as `spne-fresh`: it counts nothing).
//! - `random`: hits or folds with probability 1/2 each.
//!
//! Every AI folds when no card is left to take.

use std::sync::{Arc, Mutex, PoisonError};

use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use super::model::RoundModel;
use super::rules::{Stack, below, rng};
use super::solver::{Action, Analysis, Decider, Solver};
use super::view::View;
use crate::seats::AiKind;

/// Most configurations the `spne` players solve for one round: enough for every round
/// with two players (at most C(20,10) + C(20,9) = 352,716 configurations: after t hits
/// the stacks have grown by ⌈t/2⌉ and ⌊t/2⌋ ranks) and most with three at n = 10; beyond it (four players and more at n = 10) the
/// search is cut depth first and the configurations left unexpanded are valued as if
/// their mover folded ([`Solver::with_limit`]).
pub const PLAY_LIMIT: usize = 400_000;

/// A decision: the same two actions as the solver's.
pub type Move = Action;

/// The AIs, by the names of the command line and records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairsAi {
    /// Subgame-perfect for the real table (counts cards, models the reshuffle).
    Spne,
    /// Subgame-perfect in the seed's model (no card counting).
    SpneFresh,
    /// Folds when a hit pairs with a chance above 1/2.
    Threshold,
    /// A coin toss.
    Random,
}

impl AiKind for PairsAi {
    const ALL: &'static [Self] = &[Self::Spne, Self::SpneFresh, Self::Threshold, Self::Random];
    fn name(self) -> &'static str {
        match self {
            Self::Spne => "spne",
            Self::SpneFresh => "spne-fresh",
            Self::Threshold => "threshold",
            Self::Random => "random",
        }
    }
}

/// An AI at the table: its kind, its coin (for `random`), and how it solves rounds:
/// a solver of the round in play kept between its decisions of one round, and, when
/// given one, the [`SharedSolves`] of a series.
#[derive(Debug, Clone)]
pub struct Player {
    kind: PairsAi,
    coin: ChaCha8Rng,
    /// The round's own solver (budget [`PLAY_LIMIT`]): always without a shared table,
    /// and with one where the shared table cannot stand for it.
    solver: Option<Solver<f64>>,
    shared: Option<SharedSolves>,
    /// The round's decision-only search (two players): decides without the values.
    decider: Option<Decider>,
    /// The configurations this player asked about in the round of `solver`'s model, in
    /// order: a fresh solver that takes over mid-round asks them again, so that its
    /// search (and any cut of it) is the one a fresh solve would have made.
    asked: Vec<Vec<Stack>>,
    asked_model: Option<RoundModel>,
}

impl Player {
    /// An AI of this kind; `seed` drives the random player's coin.
    #[must_use]
    pub fn new(kind: PairsAi, seed: u64) -> Self {
        Self {
            kind,
            coin: rng(seed),
            solver: None,
            shared: None,
            decider: None,
            asked: Vec::new(),
            asked_model: None,
        }
    }

    /// The same AI solving from a table shared with others (a series' players): the
    /// same decisions and values as [`Self::new`]'s, found solved where any of them met
    /// the round before.
    #[must_use]
    pub fn sharing(mut self, shared: &SharedSolves) -> Self {
        self.shared = Some(shared.clone());
        self
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> PairsAi {
        self.kind
    }

    /// The move for the seat to move in `view`.
    ///
    /// # Panics
    /// No one is to move.
    pub fn decide(&mut self, view: &View) -> Move {
        let seat = view.mover().expect("a seat to move");
        if !view.can_hit() {
            return Move::Fold;
        }
        match self.kind {
            PairsAi::Random => {
                if below(&mut self.coin, 2) == 0 {
                    Move::Hit
                } else {
                    Move::Fold
                }
            }
            PairsAi::Threshold => {
                let d = view.unseen_fresh();
                let own = view.stack_sets()[seat];
                let pairing: u32 = d
                    .iter()
                    .filter(|&(j, _)| own.has(j))
                    .map(|(_, c)| u32::from(c))
                    .sum();
                // pairing / |d| > 1/2
                if 2 * pairing > d.total() {
                    Move::Fold
                } else {
                    Move::Hit
                }
            }
            PairsAi::Spne | PairsAi::SpneFresh => match self.decide_only(view) {
                Some(action) => action,
                // A close call (or three players and more): the exact values decide.
                None => self.analyse(view).expect("a solving AI").action,
            },
        }
    }

    /// The decision of a solving AI at two players by the decision-only search
    /// ([`Decider`]): the exact solve's, without its values; `None` for a close call,
    /// or at a table of three or more.
    ///
    /// With two players no round reaches [`PLAY_LIMIT`] (the largest, the full deck at
    /// n = 10, has far fewer configurations), so the exact solve a decision stands for is
    /// never cut short.
    fn decide_only(&mut self, view: &View) -> Option<Move> {
        let seat = view.mover()?;
        if view.players() != 2 {
            return None;
        }
        let (model, stacks) = match self.kind {
            PairsAi::Spne => view.counted_model(seat),
            PairsAi::SpneFresh => view.fresh_model(seat),
            PairsAi::Threshold | PairsAi::Random => return None,
        };
        match &mut self.decider {
            Some(d) if *d.model() == model => {}
            Some(d) => d.renew(model),
            None => self.decider = Some(Decider::new(model)),
        }
        self.decider.as_mut()?.decide(&stacks)
    }

    /// The values a solving AI (`spne`, `spne-fresh`) decides by at the seat to move in
    /// `view`; `None` for the others or when no one is to move.
    pub fn analyse(&mut self, view: &View) -> Option<Analysis<f64>> {
        let seat = view.mover()?;
        let (model, stacks) = match self.kind {
            PairsAi::Spne => view.counted_model(seat),
            PairsAi::SpneFresh => view.fresh_model(seat),
            PairsAi::Threshold | PairsAi::Random => return None,
        };
        if self.asked_model != Some(model) {
            self.asked_model = Some(model);
            self.asked.clear();
        }
        self.asked.push(stacks.clone());
        if self.solver.as_ref().is_none_or(|s| *s.model() != model) {
            self.solver = None;
            if let Some(a) = self.shared.as_ref().and_then(|t| t.analyse(model, &stacks)) {
                return Some(a);
            }
            // No shared table, or it cannot stand for a fresh solve here: the round's
            // own solver, asked again what the round asked so far.
            let mut solver = Solver::new(model).with_limit(PLAY_LIMIT);
            let (last, before) = self.asked.split_last().expect("just asked");
            for earlier in before {
                let _ = solver.analyse(earlier);
            }
            let a = solver.analyse(last);
            self.solver = Some(solver);
            return Some(a);
        }
        Some(self.solver.as_mut().expect("kept").analyse(&stacks))
    }
}

/// Round solves shared across the players and games of a series: the rounds' positions
/// recur (every game's first round has the same model, and both solving AIs meet it),
/// so each model's solver is kept while the table has room, the least recently used
/// dropped first.
///
/// A value of a configuration is a function of its model and stacks alone (the search
/// order changes which configurations are stored, not their values), so a shared
/// solver's values are a fresh solver's bit for bit — as long as the fresh one's budget
/// of [`PLAY_LIMIT`] configurations would not have cut its search. That is certain
/// while the shared solver, which holds every configuration a fresh one would have
/// visited, holds no more than the budget; past it the table answers `None` and the
/// player solves the round afresh, as without a table.
#[derive(Clone, Default)]
pub struct SharedSolves(Arc<Mutex<Table>>);

#[derive(Default)]
struct Table {
    solvers: FxHashMap<RoundModel, (Solver<f64>, u64)>,
    clock: u64,
    /// Configurations held in all.
    states: usize,
    /// Lookups answered, and those answered by a solver made earlier.
    asked: u64,
    found: u64,
}

/// Configurations the shared table keeps in all (about 50 bytes each with two
/// players).
const SHARED_STATES: usize = 600_000;

impl std::fmt::Debug for SharedSolves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let table = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("SharedSolves")
            .field("models", &table.solvers.len())
            .field("asked", &table.asked)
            .field("found", &table.found)
            .finish()
    }
}

impl SharedSolves {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Lookups so far, and of those the ones whose round was already in the table.
    #[must_use]
    pub fn hits(&self) -> (u64, u64) {
        let table = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        (table.asked, table.found)
    }

    /// The configuration's values under `model`, exactly a fresh solver's; `None` where
    /// a fresh solver's budget might have cut its search (see the type's documentation).
    #[must_use]
    pub fn analyse(&self, model: RoundModel, stacks: &[Stack]) -> Option<Analysis<f64>> {
        let model = unreachable_reshuffle_dropped(model);
        let mut table = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let table = &mut *table;
        table.clock += 1;
        table.asked += 1;
        let clock = table.clock;
        let known = table.solvers.contains_key(&model);
        table.found += u64::from(known);
        let (solver, used) = table
            .solvers
            .entry(model)
            .or_insert_with(|| (Solver::new(model), clock));
        *used = clock;
        let before = solver.states();
        let a = solver.analyse(stacks);
        let after = solver.states();
        table.states += after - before;
        if after > PLAY_LIMIT {
            table.solvers.remove(&model);
            table.states -= after;
            return None;
        }
        table.make_room(model);
        Some(a)
    }
}

/// The same round without a reshuffle it cannot reach (the deck holds more cards than
/// the round can ever draw), so that `spne` and `spne-fresh` share their first round.
/// Two players only: with three or more the fold test reads the reshuffle (see
/// [`Solver`]), so the search, and the budget's check on it, would differ.
fn unreachable_reshuffle_dropped(mut model: RoundModel) -> RoundModel {
    let most = model.players as u32 * u32::from(model.ranks.get());
    if model.players == 2 && model.reshuffle.is_some_and(|r| r.at > most) {
        model.reshuffle = None;
    }
    model
}

impl Table {
    /// Drops the least recently used solvers (never `keep`) while the table holds more
    /// than [`SHARED_STATES`] configurations.
    fn make_room(&mut self, keep: RoundModel) {
        while self.states > SHARED_STATES {
            let Some(oldest) = self
                .solvers
                .iter()
                .filter(|(m, _)| **m != keep)
                .min_by_key(|(_, (_, used))| *used)
                .map(|(m, _)| *m)
            else {
                return;
            };
            if let Some((s, _)) = self.solvers.remove(&oldest) {
                self.states -= s.states();
            }
        }
    }
}
