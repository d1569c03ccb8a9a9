//! Solving a game from its start in the dense index's order instead of recursively.
//!
//! From a card state with every label in the first pattern (nothing seen yet) the
//! recursive solve reaches every card state the dense index covers: each label can be
//! moved alone to any pattern, or off the table. And the index numbers every move's
//! result lower (see `dense.rs`). So the same card states are solved by counting their
//! numbers up, each successor found solved by its number: no recursion, no test whether
//! a successor is solved, no key unpacked. The values are the recursive solve's, bit for
//! bit: each card state is evaluated by the same code from the same successor values;
//! only the order of the entries differs.

use super::{Link, NONE, Solver, Successors};
use crate::solver::scalar::Scalar;

impl<V: Scalar> Solver<V> {
    /// Whether the card state `root` (without harmless labels) is solved upwards: it
    /// has every label in the first pattern, and nothing is solved yet.
    pub(super) fn solves_upwards(&self, root: u128) -> bool {
        root != 0
            && self.entries.is_empty()
            && self.dense.as_ref().is_some_and(|dense| dense.top() == root)
    }

    /// Solves every card state the dense index covers, by increasing number.
    pub(super) fn solve_upwards(&mut self) {
        let Some(dense) = &self.dense else {
            return;
        };
        // Pairs on the table, counted as the card states go by.
        let pairs: Vec<u64> = self
            .table
            .list
            .iter()
            .map(|p| u64::from(p.on_table / 2))
            .collect();
        let mut up = dense.ascending(&pairs);
        let mut spare = std::mem::take(&mut self.spare);
        // The numbers around each card state are those around the one before, redone
        // from the first place that changed.
        let covered = dense.near(0, up.counts(), &mut spare.near);
        debug_assert!(covered, "the index covers the empty table");
        let mut ids = Vec::new();
        while up.advance() {
            let (key, counts) = (up.key(), up.counts());
            let pairs = i64::try_from(up.weight()).expect("fits");
            let bound = self.bound(pairs);
            let mut succ = Successors::reusing(counts.len(), std::mem::take(&mut ids));
            let dense = self.dense.as_ref().expect("indexed");
            dense.near_after(up.number(), counts, up.changed(), &mut spare.near);
            let (near, entries, links) = (&spare.near, dense.entries(), &mut succ.ids[..]);
            self.steps.each(key, counts, &mut |next| {
                let entry = entries[near.number(next.renumber)];
                debug_assert!(entry != NONE, "a lower card state is solved first");
                let link = Link {
                    entry,
                    takes: next.takes,
                };
                links[next.slot] = link;
                links[next.mirror] = link;
            });
            self.card_state_values_into(
                counts,
                &succ,
                bound,
                &mut spare.values,
                &mut spare.scratch,
            );
            ids = succ.ids;
            self.push_entry(key, Some(up.number()), pairs, bound, false, &spare.values);
            self.report_progress();
        }
        self.spare = spare;
    }
}

#[cfg(test)]
mod tests {
    use num_rational::BigRational;

    use super::*;
    use crate::rules::{Deck, Objective, PassRule, Variant};
    use crate::solver::search::State;
    use crate::solver::{Position, Scalar};

    /// Solves the start of `deck` upwards and recursively: the same card states, the
    /// same values bit for bit.
    fn same<V: Scalar + PartialEq>(deck: &str, objective: Objective, rule: PassRule, full: bool) {
        same_in::<V>(Variant::Standard, deck, objective, rule, full);
    }

    fn same_in<V: Scalar + PartialEq>(
        variant: Variant,
        deck: &str,
        objective: Objective,
        rule: PassRule,
        full: bool,
    ) {
        let root = Position::start(&Deck::parse(deck).unwrap());
        let solver = || {
            let s = Solver::<V>::with_variant(objective, rule, variant, &root, 0, 1e9)
                .unwrap()
                .sequential();
            if full { s.exhaustive() } else { s }
        };
        let mut upward = solver();
        let state = State {
            position: root.clone(),
            diff: 0,
            after_pass: false,
            first: None,
        };
        upward.value(&state).unwrap();
        let mut recursive = solver();
        let key = recursive.key_of(&root);
        let (canonical, _) = recursive.after_harmless_takes(key);
        recursive.dense = recursive.dense_below(canonical);
        assert!(recursive.solves_upwards(canonical), "{deck}");
        recursive.ensure(key);
        upward.assert_same_values(&recursive, &format!("{deck} {objective} {rule}"));
        assert_eq!(
            upward.value(&state).unwrap(),
            recursive.value(&state).unwrap()
        );
    }

    #[test]
    fn upward_gives_the_recursive_values_bit_for_bit() {
        for rule in PassRule::ALL {
            same::<f64>("9x4", Objective::Win, rule, false);
            same::<f64>("16x2", Objective::Win, rule, false);
        }
        same::<f64>("13x4", Objective::Win, PassRule::Agreed, false);
        same::<f64>("9x4", Objective::Margin, PassRule::Ko, false);
        same::<f64>("9x4", Objective::Moves, PassRule::Agreed, false);
        same::<f64>("7x4", Objective::Win, PassRule::Agreed, true);
        same::<f64>("4x6", Objective::Win, PassRule::Agreed, false);
        same::<BigRational>("5x4", Objective::Win, PassRule::Agreed, false);
        same::<BigRational>("8x2", Objective::Margin, PassRule::Quit, false);
        same_in::<f64>(
            Variant::OneFlip,
            "8x4",
            Objective::Win,
            PassRule::Agreed,
            false,
        );
        same_in::<f64>(
            Variant::OneFlip,
            "14x2",
            Objective::Margin,
            PassRule::Ko,
            false,
        );
    }
}
