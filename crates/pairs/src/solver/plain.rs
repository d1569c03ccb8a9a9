//! The solver as it was before the fast core (issue 29), kept for the tests only: the
//! plain recursion every value of [`super::Solver`] must equal bit for bit.

#![allow(dead_code, clippy::pedantic)]

use rustc_hash::FxHashMap;

use super::{Action, Analysis, FoldBound, folds};
use crate::model::{RoundModel, lowest};
use crate::rules::Stack;
use concentration_engine::solver::Scalar;

/// The old memoised solver of one round.
#[derive(Debug, Clone)]
pub(super) struct Plain<S> {
    model: RoundModel,
    prune: bool,
    limit: Option<usize>,
    cut: bool,
    index: FxHashMap<u64, u32>,
    /// See [`Self::close_calls`].
    close: f64,
    /// m values per solved configuration, in the order first solved.
    values: Vec<S>,
}

impl<S: Scalar> Plain<S> {
    /// A solver for the round, with the proved pruning.
    #[must_use]
    pub(super) fn new(model: RoundModel) -> Self {
        Self {
            model,
            prune: true,
            limit: None,
            cut: false,
            index: FxHashMap::default(),
            close: 0.0,
            values: Vec::new(),
        }
    }

    /// A solver that visits every reachable configuration (no pruning): the reference
    /// the pruning is tested against.
    #[must_use]
    pub(super) fn exhaustive(model: RoundModel) -> Self {
        Self {
            prune: false,
            ..Self::new(model)
        }
    }

    /// The same solver with a budget of configurations, for play where a round is too
    /// large to solve (m >= 4 with n = 10): once `limit` configurations are stored, new
    /// ones are not expanded but valued as if their mover folded (a depth-limited search,
    /// explored depth first). [`Self::truncated`] says whether that happened.
    #[must_use]
    pub(super) fn with_limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    /// Whether the budget cut the search short (the values are then approximate).
    #[must_use]
    pub(super) fn truncated(&self) -> bool {
        self.cut
    }

    /// The round this solver works on.
    #[must_use]
    pub(super) fn model(&self) -> &RoundModel {
        &self.model
    }

    /// The sum, over the configurations solved so far, of the margins by which hitting
    /// beat folding where the tie tolerance of `f64` ([`Scalar::ties`]) folded anyway (0
    /// in exact arithmetic). With two players the mover's value anywhere is off by at
    /// most this: a deviation at one configuration moves the values above it by at most
    /// its margin (a maximum moves by at most the largest change among its options).
    #[must_use]
    pub(super) fn close_calls(&self) -> f64 {
        self.close
    }

    /// Configurations solved so far.
    #[must_use]
    pub(super) fn states(&self) -> usize {
        self.index.len()
    }

    /// Every configuration solved so far (stacks in turn order) with its value.
    #[must_use]
    pub(super) fn configurations(&self) -> Vec<(Vec<Stack>, &[S])> {
        let n = u32::from(self.model.ranks.get());
        let mask = (1u64 << n) - 1;
        self.index
            .iter()
            .map(|(&key, &slot)| {
                let stacks = (0..self.model.players)
                    .map(|i| {
                        // n <= 10 bits
                        let bits = ((key >> (i as u32 * n)) & mask) as u16;
                        Stack::from_bits(bits << 1)
                    })
                    .collect();
                (stacks, self.slot(slot))
            })
            .collect()
    }

    /// The value u of the configuration with these stacks (turn order, mover first).
    ///
    /// # Panics
    /// Stacks that do not fit the round's model, or a count other than its players.
    pub(super) fn value(&mut self, stacks: &[Stack]) -> Vec<S> {
        let slot = self.solve(&self.check(stacks));
        self.slot(slot).to_vec()
    }

    /// The subgame-perfect action at the configuration.
    ///
    /// # Panics
    /// As [`Self::value`].
    pub(super) fn action(&mut self, stacks: &[Stack]) -> Action {
        self.analyse(stacks).action
    }

    /// Both actions' values at the configuration, u_Hit computed in full (even where
    /// the pruning would not need it).
    ///
    /// # Panics
    /// As [`Self::value`].
    pub(super) fn analyse(&mut self, stacks: &[Stack]) -> Analysis<S> {
        let stacks = self.check(stacks);
        let u_fold = self.fold_vector(&stacks);
        let u_hit = self.hit_vector(&stacks);
        let (u, action) = match &u_hit {
            Some(hit) if !folds(&u_fold, hit) => (hit.clone(), Action::Hit),
            _ => (u_fold.clone(), Action::Fold),
        };
        Analysis {
            u_fold,
            u_hit,
            u,
            action,
        }
    }

    fn check(&self, stacks: &[Stack]) -> Vec<Stack> {
        assert_eq!(stacks.len(), self.model.players, "one stack per player");
        let _ = self.model.unseen(stacks);
        stacks.to_vec()
    }

    fn slot(&self, slot: u32) -> &[S] {
        let m = self.model.players;
        let at = slot as usize * m;
        &self.values[at..at + m]
    }

    fn key(&self, stacks: &[Stack]) -> u64 {
        let n = u32::from(self.model.ranks.get());
        stacks.iter().enumerate().fold(0, |key, (i, s)| {
            // i < 6
            let shift = i as u32 * n;
            key | (u64::from(s.bits() >> 1) << shift)
        })
    }

    fn fold_vector(&self, stacks: &[Stack]) -> Vec<S> {
        let m = self.model.players;
        let r = i64::from(lowest(stacks));
        let mut u = vec![S::ratio(r, 1); m];
        u[0] = S::ratio(-(m as i64 - 1) * r, 1);
        u
    }

    /// u_Hit, or `None` when no card can be drawn.
    fn hit_vector(&mut self, stacks: &[Stack]) -> Option<Vec<S>> {
        let m = self.model.players;
        let d = self.model.unseen(stacks);
        let total = d.total();
        if total == 0 {
            return None;
        }
        let mut acc = vec![S::zero(); m];
        let mut child = stacks.to_vec();
        child.rotate_left(1);
        for (j, count) in d.iter() {
            let w = u64::from(count);
            if stacks[0].has(j) {
                let j = i64::from(j);
                acc[0] = acc[0].minus(&S::ratio((m as i64 - 1) * j, 1).times(w));
                for a in &mut acc[1..] {
                    *a = a.plus(&S::ratio(j, 1).times(w));
                }
            } else {
                child[m - 1] = stacks[0].with(j);
                let slot = self.solve(&child);
                let at = slot as usize * m;
                // The successor's vector starts with the next player: rotate right by one.
                for (k, a) in acc.iter_mut().enumerate() {
                    let from = (k + m - 1) % m;
                    *a = a.plus(&self.values[at + from].times(w));
                }
            }
        }
        Some(acc.iter().map(|a| a.over(u64::from(total))).collect())
    }

    /// Whether the bound of the module's documentation settles a fold.
    fn surely_folds(&self, stacks: &[Stack]) -> bool {
        FoldBound::of(&self.model, stacks).surely_folds()
    }

    fn solve(&mut self, stacks: &[Stack]) -> u32 {
        let key = self.key(stacks);
        if let Some(&slot) = self.index.get(&key) {
            return slot;
        }
        let u_fold = self.fold_vector(stacks);
        let over_budget = self.limit.is_some_and(|l| self.index.len() >= l);
        self.cut |= over_budget;
        let u = if over_budget || (self.prune && self.surely_folds(stacks)) {
            u_fold
        } else {
            match self.hit_vector(stacks) {
                Some(hit) if !folds(&u_fold, &hit) => hit,
                Some(hit) => {
                    if hit[0] > u_fold[0] {
                        self.close += hit[0].minus(&u_fold[0]).to_f64();
                    }
                    u_fold
                }
                None => u_fold,
            }
        };
        // far fewer than 2^32 configurations
        let slot = self.index.len() as u32;
        self.values.extend(u);
        self.index.insert(key, slot);
        slot
    }
}
