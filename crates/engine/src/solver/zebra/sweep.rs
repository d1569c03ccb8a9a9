//! The fast solve: every unsolved card state below a root, found first and then solved
//! by height, lowest first, each height split among the threads, each card state by
//! [`super::columns`] from successors read by their offsets. No recursion, no allocation
//! per card state, and a successor's number in a few additions
//! ([`super::index::Neighbours`]). The card states solved are those the plain recursive
//! solve reaches, and their values are its values bit for bit (`tests` below): each is
//! computed by the same operations from the same successor values.
//!
//! A rank's *height* is twice its cards on the table plus its unknown ones (12 for
//! `2.2/2.2` down to 4 for `1.0/1.0`), a card state's the sum over its ranks. Every turn
//! shows a card (one less) or takes a pair (four to six less), so a card state's
//! successors are all lower and the card states of one height never read each other.

use rayon::prelude::*;

use super::columns::{self, Around, Scratch};
use super::pattern::ZEBRA_PATTERNS;
use super::search::{KINDS, PENDING, Succ, UNSOLVED, ZebraSolver, target};
use crate::solver::scalar::Scalar;

/// Card states handed to a thread at a time.
const CHUNK: usize = 256;

/// A rank's height in each pattern (see the module doc).
const HEIGHTS: [usize; 9] = [12, 11, 10, 10, 9, 8, 6, 5, 4];

fn height(counts: &[u8; 9]) -> usize {
    counts
        .iter()
        .zip(HEIGHTS)
        .map(|(&n, h)| usize::from(n) * h)
        .sum()
}

/// One card state solved by a thread: its number, its values' width and the offsets
/// after one card of each reveal kind is shown.
struct Solved {
    id: usize,
    width: usize,
    after_reveal: [u32; KINDS],
}

/// Pairs on the table of a card state.
fn pairs_of(counts: &[u8; 9]) -> u32 {
    counts
        .iter()
        .zip(ZEBRA_PATTERNS)
        .map(|(&n, p)| u32::from(n) * u32::from(p.on_table()))
        .sum()
}

impl<V: Scalar> ZebraSolver<V> {
    /// Solves the card state `counts` and every unsolved one it can lead to.
    pub(super) fn solve_below(&mut self, counts: &[u8; 9]) {
        let order = self.unsolved_below(counts);
        let width = |pairs: u32| {
            let bound = usize::try_from(self.bound(i64::from(pairs))).expect("bound >= 0");
            (bound + 1) * self.layers
        };
        let more: usize = order.iter().map(|c| width(pairs_of(c))).sum();
        self.values.reserve_exact(more);
        let mut levels: Vec<Vec<[u8; 9]>> = vec![Vec::new(); height(counts) + 1];
        for c in order {
            levels[height(&c)].push(c);
        }
        for level in levels.iter().filter(|l| !l.is_empty()) {
            let parts: Vec<(Vec<V>, Vec<Solved>)> = level
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut scratch = Scratch::new();
                    let (mut values, mut solved) = (Vec::new(), Vec::with_capacity(chunk.len()));
                    for c in chunk {
                        let (id, after_reveal) = self.values_of(c, &mut scratch);
                        values.extend_from_slice(&scratch.out);
                        let width = scratch.out.len();
                        solved.push(Solved {
                            id,
                            width,
                            after_reveal,
                        });
                    }
                    (values, solved)
                })
                .collect();
            // The level's card states can be read from now on.
            for (values, solved) in parts {
                let mut at = self.values.len();
                self.values.extend_from_slice(&values);
                for s in solved {
                    self.slots[s.id] = u32::try_from(at).expect("fewer than 4e9 values");
                    self.reveal_offsets[s.id] = s.after_reveal;
                    self.card_states += 1;
                    at += s.width;
                }
            }
        }
    }

    /// The unsolved card states at or below `counts`, in increasing numbers, each
    /// marked [`PENDING`] (solving them in that order would solve successors first too).
    fn unsolved_below(&mut self, counts: &[u8; 9]) -> Vec<[u8; 9]> {
        let ranks: u8 = counts.iter().sum();
        if counts[1..].iter().all(|&c| c == 0) {
            // From a start every card state of at most its ranks can be reached (each
            // rank on its own goes through every pattern and off the table), and
            // counting them in lexicographic order counts them in increasing numbers.
            let mut out = Vec::new();
            let mut c = [0u8; 9];
            while next_counts(&mut c, ranks) {
                let id = self.root_index().of(&c);
                if self.slots[id] == UNSOLVED {
                    self.slots[id] = PENDING;
                    out.push(c);
                }
            }
            return out;
        }
        let mut found = Vec::new();
        let mut stack = vec![*counts];
        let id = self.root_index().of(counts);
        self.slots[id] = PENDING;
        found.push((id, *counts));
        let (t, index) = (self.table.clone(), self.root_index().clone());
        while let Some(c) = stack.pop() {
            let n = index.neighbours(&c);
            let mut moves: Vec<(usize, u8)> = Vec::with_capacity(6 * KINDS);
            for k in 0..KINDS {
                let (i, _, _) = t.reveal_kinds[k];
                if c[i] > 0 {
                    for to in [t.reveal[k], t.reveal_twin[k], t.take_uk[k], t.take_uu[k]] {
                        moves.push((i, to));
                    }
                }
                let (i, _) = t.held_kinds[k];
                if c[i] > 0 {
                    moves.push((i, t.take_kk[k]));
                    moves.push((i, t.take_ku[k]));
                }
            }
            for (i, to) in moves {
                let Some(to) = target(to) else { continue };
                let id = n.moved(i, to);
                // Number 0 is the empty table: nothing to solve.
                if id != 0 && self.slots[id] == UNSOLVED {
                    self.slots[id] = PENDING;
                    let mut m = c;
                    m[i] -= 1;
                    if let Some(to) = to {
                        m[to] += 1;
                    }
                    stack.push(m);
                    found.push((id, m));
                }
            }
        }
        found.sort_unstable_by_key(|&(id, _)| id);
        found.into_iter().map(|(_, c)| c).collect()
    }

    /// The values of one card state whose successors are all solved, into
    /// `scratch.out`; its number and the offsets after one card of each kind is shown.
    fn values_of(&self, counts: &[u8; 9], scratch: &mut Scratch<V>) -> (usize, [u32; KINDS]) {
        let pairs = pairs_of(counts);
        let bound = self.bound(i64::from(pairs));
        let n = self.root_index().neighbours(counts);
        let id = n.id();
        let t = &self.table;
        let number = |i: usize, to: u8| target(to).map(|to| n.moved(i, to));
        let offset = |id: Option<usize>| match id {
            None => Around::UNUSED,
            Some(0) => Succ::TERMINAL,
            Some(id) => {
                let o = self.slots[id];
                debug_assert!(o < PENDING, "a successor is solved first");
                o
            }
        };
        let mut around = Around::new();
        for k in 0..KINDS {
            let (i, _, _) = t.reveal_kinds[k];
            if counts[i] > 0 {
                let after = n.moved(i, target(t.reveal[k]).expect("a card to show"));
                around.after_reveal[k] = offset(Some(after));
                around.reveal_two[k] = self.reveal_offsets[after];
                around.reveal_twin[k] = offset(number(i, t.reveal_twin[k]));
                around.take_uk[k] = offset(number(i, t.take_uk[k]));
                around.take_uu[k] = offset(number(i, t.take_uu[k]));
            }
            let (i, _) = t.held_kinds[k];
            if counts[i] > 0 {
                around.take_kk[k] = offset(number(i, t.take_kk[k]));
            }
        }
        columns::card_state_values(self, counts, pairs, &around, bound, scratch);
        (id, around.after_reveal)
    }
}

/// The next vector of nine counts summing to at most `ranks`, in lexicographic order
/// (the first count most significant); `false` after the last.
fn next_counts(c: &mut [u8; 9], ranks: u8) -> bool {
    if c.iter().sum::<u8>() < ranks {
        c[8] += 1;
        return true;
    }
    // The last non-zero count goes to zero and the one before it grows.
    let Some(last) = (1..9).rev().find(|&i| c[i] > 0) else {
        return false;
    };
    c[last] = 0;
    c[last - 1] += 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Objective, PassRule};
    use crate::solver::zebra::{ZebraPosition, ZebraState};

    /// Every solved card state's values, by number, bit for bit.
    fn table(s: &ZebraSolver<f64>) -> Vec<Option<Vec<u64>>> {
        let mut out = vec![None; s.slots.len()];
        let mut c = [0u8; 9];
        let ranks = u8::try_from(s.root_index().ranks()).unwrap();
        while next_counts(&mut c, ranks) {
            let id = s.root_index().of(&c);
            let at = s.slots[id];
            if at == UNSOLVED {
                continue;
            }
            let pairs = pairs_of(&c);
            let bound = usize::try_from(s.bound(i64::from(pairs))).unwrap();
            let at = at as usize;
            let width = (bound + 1) * s.layers;
            out[id] = Some(
                s.values[at..at + width]
                    .iter()
                    .map(|v| v.to_bits())
                    .collect(),
            );
        }
        out
    }

    fn compare(objective: Objective, rule: PassRule, position: &ZebraPosition, diff: i64) {
        let state = ZebraState {
            position: position.clone(),
            diff,
            after_pass: false,
            first: None,
        };
        let mut fast: ZebraSolver<f64> = ZebraSolver::new(objective, rule);
        let mut plain: ZebraSolver<f64> = ZebraSolver::new(objective, rule).reference();
        let a = fast.value(&state).unwrap();
        let b = plain.value(&state).unwrap();
        let what = format!("{objective} {rule} {position} d={diff}");
        assert_eq!(a.to_bits(), b.to_bits(), "{what}");
        assert_eq!(fast.card_states(), plain.card_states(), "{what}");
        assert_eq!(fast.states(), plain.states(), "{what}");
        let (x, y) = (table(&fast), table(&plain));
        assert_eq!(x.iter().flatten().count(), fast.card_states(), "{what}");
        for (id, (p, q)) in x.iter().zip(&y).enumerate() {
            assert_eq!(p, q, "{what}: card state number {id}");
        }
    }

    #[test]
    fn counts_come_in_increasing_numbers() {
        let index = super::super::index::CardIndex::new(3);
        let mut c = [0u8; 9];
        let mut last = index.of(&c);
        let mut seen = 1;
        while next_counts(&mut c, 3) {
            let id = index.of(&c);
            assert!(id > last, "{c:?}");
            last = id;
            seen += 1;
        }
        assert_eq!(seen, 220);
    }

    #[test]
    fn the_fast_solve_stores_the_plain_solves_values_bit_for_bit() {
        for objective in [Objective::Win, Objective::Margin] {
            for rule in PassRule::ALL {
                if objective == Objective::Margin && rule == PassRule::Withdraw {
                    continue;
                }
                compare(objective, rule, &ZebraPosition::start(7), 0);
            }
        }
        // A root inside a game: the card states below it found by the search, and a
        // difference other than 0.
        let mid =
            ZebraPosition::parse("2.2/2.2x2 2.2/2.1x1 2.1/2.0x2 1.1/1.0x1 2.0/2.0x1", 7).unwrap();
        for rule in PassRule::ALL {
            compare(Objective::Win, rule, &mid, -3);
        }
        compare(Objective::Margin, PassRule::Agreed, &mid, 0);
    }
}
