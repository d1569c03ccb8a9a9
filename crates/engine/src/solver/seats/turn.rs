//! One card state's decision points for the seats solver: the vector of every action,
//! from the solved successors, in the decision rule's order.

use super::{NONE, SeatsSolver, Successors, chosen_index};
use crate::solver::scalar::Scalar;
use crate::solver::search::Action;

/// The second-card choices, with all `known` choices folded into one (they lead to the
/// same state: turning a known card of another label changes nothing but ends the turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Second {
    Match,
    Unknown,
    KnownOther,
}

/// One card state being evaluated, its successors solved.
pub(super) struct Turn<'a, V: Scalar> {
    s: &'a SeatsSolver<V>,
    counts: &'a [u64],
    succ: &'a Successors,
    /// Unknown cards on the table.
    unknown: u64,
    /// Labels with at least one known card.
    known_labels: u64,
}

impl<'a, V: Scalar> Turn<'a, V> {
    pub(super) fn new(s: &'a SeatsSolver<V>, counts: &'a [u64], succ: &'a Successors) -> Self {
        let list = &s.table.list;
        let unknown = counts
            .iter()
            .zip(list)
            .map(|(&n, p)| n * u64::from(p.unknown))
            .sum();
        let known_labels = counts
            .iter()
            .zip(list)
            .filter(|(_, p)| p.known() > 0)
            .map(|(&n, _)| n)
            .sum();
        Self {
            s,
            counts,
            succ,
            unknown,
            known_labels,
        }
    }

    fn seats(&self) -> usize {
        self.s.seats
    }

    /// The successor's vector at its turn start (a non-pass turn: no passes in a row).
    fn next(&self, entry: u32) -> &[V] {
        debug_assert!(entry != NONE, "a transition that cannot happen");
        self.s.stored(entry, 0)
    }

    /// Adds `weight` times the vector of taking a pair into `entry`: the mover goes again
    /// with one pair more.
    fn add_took(&self, acc: &mut [V], entry: u32, weight: u64) {
        for (a, w) in acc.iter_mut().zip(self.next(entry)) {
            *a = a.plus(&w.times(weight));
        }
        acc[0] = acc[0].plus(&V::ratio(1, 1).times(weight));
    }

    /// Adds `weight` times `w` seen from the seat before its mover: the turn passed on.
    fn add_handed(acc: &mut [V], w: &[V], weight: u64) {
        let m = acc.len();
        for (i, a) in acc.iter_mut().enumerate() {
            *a = a.plus(&w[(i + m - 1) % m].times(weight));
        }
    }

    fn took(&self, entry: u32) -> Vec<V> {
        let mut v = vec![V::zero(); self.seats()];
        self.add_took(&mut v, entry, 1);
        v
    }

    fn handed(w: &[V]) -> Vec<V> {
        let mut v = vec![V::zero(); w.len()];
        Self::add_handed(&mut v, w, 1);
        v
    }

    /// The vector of a pass after `k` passes in a row, if the rule allows passing:
    /// the game ends after `m−1` of them, else the next player moves after `k+1`.
    /// `stored(k)` gives this card state's vector after `k` passes.
    pub(super) fn pass_vector(
        &self,
        k: usize,
        stored: impl FnOnce(usize) -> Vec<V>,
    ) -> Option<Vec<V>> {
        if self.s.layers == 1 {
            None
        } else if k + 1 == self.seats() {
            Some(vec![V::zero(); self.seats()])
        } else {
            Some(Self::handed(&stored(k + 1)))
        }
    }

    /// Patterns holding a known card of a label other than the first card's (pattern `a`).
    pub(super) fn other_known_patterns(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        let list = &self.s.table.list;
        (0..self.counts.len())
            .filter(move |&q| list[q].known() > 0 && self.counts[q] > u64::from(q == a))
    }

    fn other_known_exists(&self, a: usize) -> bool {
        self.known_labels > u64::from(self.s.table.list[a].known() > 0)
    }

    /// Every choice after an unknown first card whose label was in pattern `a`, in order.
    pub(super) fn second_revealed(&self, a: usize, f: &mut impl FnMut(Second, Vec<V>)) {
        let p = self.s.table.list[a];
        let n = self.counts.len();
        if p.known() > 0 {
            f(Second::Match, self.took(self.succ.take_one_unknown[a]));
        }
        if self.unknown >= 2 {
            let mut sum = vec![V::zero(); self.seats()];
            let same = u64::from(p.unknown - 1);
            if same > 0 {
                self.add_took(&mut sum, self.succ.take_two_unknown[a], same);
            }
            for b in 0..n {
                let others = self.counts[b] - u64::from(a == b);
                let ub = u64::from(self.s.table.list[b].unknown);
                if others > 0 && ub > 0 {
                    let w = self.next(self.succ.reveal_two[a * n + b]);
                    Self::add_handed(&mut sum, w, others * ub);
                }
            }
            f(
                Second::Unknown,
                sum.iter().map(|x| x.over(self.unknown - 1)).collect(),
            );
        }
        if self.other_known_exists(a) {
            f(
                Second::KnownOther,
                Self::handed(self.next(self.succ.after_reveal[a])),
            );
        }
    }

    /// Every choice after a known first card of a label in pattern `a`, in order; `pass`
    /// is the vector of a pass, if the rule allows one.
    pub(super) fn second_held(
        &self,
        a: usize,
        pass: Option<&[V]>,
        f: &mut impl FnMut(Second, Vec<V>),
    ) {
        let p = self.s.table.list[a];
        if p.known() >= 2 {
            f(Second::Match, self.took(self.succ.take_known[a]));
        }
        if self.unknown >= 1 {
            let mut sum = vec![V::zero(); self.seats()];
            let same = u64::from(p.unknown);
            if same > 0 {
                self.add_took(&mut sum, self.succ.take_one_unknown[a], same);
            }
            for b in 0..self.counts.len() {
                let others = self.counts[b] - u64::from(a == b);
                let ub = u64::from(self.s.table.list[b].unknown);
                if others > 0 && ub > 0 {
                    let w = self.next(self.succ.after_reveal[b]);
                    Self::add_handed(&mut sum, w, others * ub);
                }
            }
            f(
                Second::Unknown,
                sum.iter().map(|x| x.over(self.unknown)).collect(),
            );
        }
        if let Some(pass) = pass
            && self.other_known_exists(a)
        {
            f(Second::KnownOther, pass.to_vec());
        }
    }

    /// The vector chosen among `choices` (in the decision rule's order).
    fn choose(choices: Vec<Vec<V>>) -> Option<Vec<V>> {
        if choices.is_empty() {
            return None;
        }
        let i = chosen_index(choices.iter().map(Vec::as_slice));
        choices.into_iter().nth(i)
    }

    /// The vector of turning an unknown card first, then the chosen second card.
    fn unknown_first(&self) -> Option<Vec<V>> {
        if self.unknown == 0 {
            return None;
        }
        let mut sum = vec![V::zero(); self.seats()];
        for a in 0..self.counts.len() {
            let weight = self.counts[a] * u64::from(self.s.table.list[a].unknown);
            if weight == 0 {
                continue;
            }
            let mut choices = Vec::new();
            self.second_revealed(a, &mut |_, v| choices.push(v));
            let v = Self::choose(choices).expect("a second card exists");
            for (x, y) in sum.iter_mut().zip(&v) {
                *x = x.plus(&y.times(weight));
            }
        }
        Some(sum.iter().map(|x| x.over(self.unknown)).collect())
    }

    /// Patterns of a known first card at the turn start, in the decision rule's order:
    /// `true` with the cards of known pairs (before `unknown`), `false` with the others.
    fn held_patterns(&self, pair: bool) -> impl Iterator<Item = usize> + '_ {
        let list = &self.s.table.list;
        (0..self.counts.len()).filter(move |&a| {
            self.counts[a] > 0 && list[a].known() > 0 && (list[a].known() >= 2) == pair
        })
    }

    /// Every turn-start action in order, with the vector of the second card chosen after
    /// a known first card; `pass` as for [`Self::second_held`].
    pub(super) fn turn_start(&self, pass: Option<&[V]>, f: &mut impl FnMut(Action, Vec<V>)) {
        let list = &self.s.table.list;
        let held = |a: usize| {
            let mut choices = Vec::new();
            self.second_held(a, pass, &mut |_, v| choices.push(v));
            Self::choose(choices)
        };
        for a in self.held_patterns(true) {
            if let Some(v) = held(a) {
                f(Action::Known(list[a]), v);
            }
        }
        if let Some(v) = self.unknown_first() {
            f(Action::Unknown, v);
        }
        for a in self.held_patterns(false) {
            if let Some(v) = held(a) {
                f(Action::Known(list[a]), v);
            }
        }
    }

    /// The turn-start vectors for `k = 0..layers` passes in a row, concatenated.
    pub(super) fn solve(&self, layers: usize) -> Vec<V> {
        let m = self.seats();
        // What does not depend on `k`: the unknown first card, and a known first card's
        // choices other than the pass.
        let unknown_first = self.unknown_first();
        let held_choices = |pair: bool| -> Vec<(Vec<Vec<V>>, bool)> {
            self.held_patterns(pair)
                .map(|a| {
                    let mut choices = Vec::new();
                    self.second_held(a, None, &mut |_, v| choices.push(v));
                    (choices, self.other_known_exists(a))
                })
                .collect()
        };
        let (pairs, singles) = (held_choices(true), held_choices(false));
        let mut out = vec![V::zero(); layers * m];
        for k in (0..layers).rev() {
            let pass = self.pass_vector(k, |k| out[k * m..(k + 1) * m].to_vec());
            let held = |(choices, can_pass): &(Vec<Vec<V>>, bool)| -> Option<Vec<V>> {
                let mut all: Vec<&[V]> = choices.iter().map(Vec::as_slice).collect();
                if *can_pass && let Some(p) = &pass {
                    all.push(p);
                }
                if all.is_empty() {
                    return None;
                }
                Some(all[chosen_index(all.iter().copied())].to_vec())
            };
            let mut candidates: Vec<Vec<V>> = pairs.iter().filter_map(held).collect();
            candidates.extend(unknown_first.clone());
            candidates.extend(singles.iter().filter_map(held));
            let v = Self::choose(candidates).expect("a legal action always exists");
            out[k * m..(k + 1) * m].clone_from_slice(&v);
        }
        out
    }
}
