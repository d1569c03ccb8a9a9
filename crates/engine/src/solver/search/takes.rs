//! Harmless takes followed at once: a successor card state with a harmless known pair
//! (see [`crate::solver::pruning`]) is worth, at the turn start, what the card state
//! after the take is worth with one pair more to the mover. So the solve follows such
//! takes to a card state without harmless pairs (the *canonical* one) and links to it
//! with the number of pairs taken on the way: the card states in between are neither
//! created, nor hashed, nor stored.
//!
//! Reading through a link gives the value the chain of card states in between would
//! have stored, bit for bit: under `win` the difference is shifted by one per take (a
//! difference beyond the pairs left stays beyond them: decided the same way), under
//! `margin` and `moves` one is added per take, innermost first, as each card state of
//! the chain added it to the next.

use super::{Solver, TERMINAL};
use crate::rules::Objective;
use crate::solver::scalar::Scalar;

/// A successor as the solve reads it: a solved entry, reached after `takes` harmless
/// pairs taken by the mover.
#[derive(Debug, Clone, Copy)]
pub(super) struct Link {
    pub(super) entry: u32,
    pub(super) takes: u32,
}

impl Link {
    /// The entry itself, no pair taken on the way.
    pub(super) fn to(entry: u32) -> Self {
        Self { entry, takes: 0 }
    }
}

impl<V: Scalar> Solver<V> {
    /// `key` after every harmless known pair in it is taken, and how many were, where
    /// the solve prunes (not with the `moves` oracle, whose values of such states come
    /// from the oracle itself).
    pub(super) fn after_harmless_takes(&self, key: u128) -> (u128, u32) {
        let mut key = key;
        let mut takes = 0;
        if !self.prune || self.moves.is_some() {
            return (key, 0);
        }
        // The order of the takes does not matter: every harmless label ends taken or
        // in a pattern that is not harmless, one pair per take.
        while key & self.harmless_fields != 0 {
            let a = ((key & self.harmless_fields).trailing_zeros() / self.width) as usize;
            key = self.moved(key, a, self.table.take_known[a]);
            takes += 1;
        }
        (key, takes)
    }

    /// The key bits of the patterns a card state has after [`Self::after_harmless_takes`].
    pub(super) fn canonical_fields(&self) -> u128 {
        if !self.prune || self.moves.is_some() {
            !0
        } else {
            !self.harmless_fields
        }
    }

    /// The card state `key`, reached by a take, solved: its canonical entry with the
    /// take counted.
    pub(super) fn after_take(&mut self, key: u128) -> Link {
        let (key, takes) = self.after_harmless_takes(key);
        Link {
            entry: self.ensure(key),
            takes: takes + 1,
        }
    }

    /// The turn-start value of the card state `link` stands for, at difference `d`.
    pub(super) fn read(&self, link: Link, d: i64) -> V {
        match self.objective {
            Objective::Win => self.stored(link.entry, d + i64::from(link.takes), false),
            Objective::Margin | Objective::Moves => {
                let mut v = self.stored(link.entry, d, false);
                self.add_takes(link, std::slice::from_mut(&mut v));
                v
            }
        }
    }

    /// `out[i] = self.read(link, d0 + step * i)`.
    pub(super) fn read_column(&self, link: Link, d0: i64, step: i64, out: &mut [V]) {
        match self.objective {
            Objective::Win => {
                self.stored_column(link.entry, d0 + i64::from(link.takes), step, false, out);
            }
            Objective::Margin | Objective::Moves => {
                self.stored_column(link.entry, d0, step, false, out);
                self.add_takes(link, out);
            }
        }
    }

    /// One pair per take added to values of the canonical entry (`margin`, `moves`).
    fn add_takes(&self, link: Link, out: &mut [V]) {
        if link.takes == 0 {
            return;
        }
        debug_assert!(
            link.entry == TERMINAL || self.prune,
            "takes only when pruning"
        );
        let one = V::one();
        for v in out.iter_mut() {
            for _ in 0..link.takes {
                *v = one.plus(v);
            }
        }
    }

    /// The values of a card state with a harmless known pair whose take leads to
    /// `taken` (the take counted in it): at the turn start (not after a pass) taking it
    /// is optimal, so only the state after the take is needed. Only the turn-start layer
    /// is stored: the after-pass one is solved by [`Self::complete`], if that state is
    /// asked about itself (no other state reads it: a pass keeps the cards). Into
    /// `values` (cleared first).
    pub(super) fn taken_values_into(&self, taken: Link, bound: i64, values: &mut Vec<V>) {
        debug_assert!(!self.one_flip, "no pruning under One Flip");
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        values.clear();
        values.resize(slots, V::zero());
        self.read_column(taken, -bound, 2, values);
    }
}
