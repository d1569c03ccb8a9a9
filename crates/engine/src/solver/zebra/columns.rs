//! The fast column solve of one Zebra card state: what [`super::bulk`] computes, with the
//! same operations in the same order for every difference (so the values are the same
//! bit for bit), but reading successors by their offsets, each as one contiguous slice
//! where it can, and into scratch rows reused from one card state to the next instead
//! of fresh vectors. `tests` in [`super::sweep`] compares the two on whole value tables.

use super::pattern::ZEBRA_PATTERNS;
use super::search::{KINDS, Succ, ZebraSolver};
use crate::rules::{Objective, PassRule};
use crate::solver::scalar::Scalar;

/// Where the successors of one card state keep their values: offsets in
/// [`ZebraSolver::values`], [`Succ::TERMINAL`] for the empty table, unused otherwise.
/// Shown cards keep the pairs on the table; a taken pair leaves one fewer.
pub(super) struct Around {
    pub(super) after_reveal: [u32; KINDS],
    pub(super) reveal_twin: [u32; KINDS],
    pub(super) take_uk: [u32; KINDS],
    pub(super) take_uu: [u32; KINDS],
    /// One card of each of two reveal kinds shown (of two different ranks).
    pub(super) reveal_two: [[u32; KINDS]; KINDS],
    pub(super) take_kk: [u32; KINDS],
}

impl Around {
    pub(super) const UNUSED: u32 = u32::MAX - 1;

    pub(super) fn new() -> Self {
        let none = [Self::UNUSED; KINDS];
        Self {
            after_reveal: none,
            reveal_twin: none,
            take_uk: none,
            take_uu: none,
            reveal_two: [none; KINDS],
            take_kk: none,
        }
    }
}

/// Rows of one card state's differences, kept from one card state to the next.
pub(super) struct Scratch<V> {
    /// The option being valued.
    option: Vec<V>,
    /// The best second card after the first card being valued.
    second: Vec<V>,
    /// Turning an unknown card first, summed over the first cards.
    total: Vec<V>,
    /// The best first card so far.
    first: Vec<V>,
    /// The card state's values, as [`super::bulk::card_state_values`] orders them.
    pub(super) out: Vec<V>,
}

impl<V: Scalar> Scratch<V> {
    pub(super) fn new() -> Self {
        Self {
            option: Vec::new(),
            second: Vec::new(),
            total: Vec::new(),
            first: Vec::new(),
            out: Vec::new(),
        }
    }

    fn reset(&mut self, slots: usize) {
        for row in [
            &mut self.option,
            &mut self.second,
            &mut self.total,
            &mut self.first,
        ] {
            row.clear();
            row.resize(slots, V::zero());
        }
        self.out.clear();
    }
}

/// Sets every entry of `row` to zero: an option's sum starts there.
fn zeros<V: Scalar>(row: &mut [V]) {
    for x in row {
        *x = V::zero();
    }
}

/// Offers `option` (divided by `over`) to `best`, as `bulk`'s `Rows::offer` does.
fn offer<V: Scalar>(best: &mut [V], have: &mut bool, option: &mut [V], over: u64) {
    for (b, x) in best.iter_mut().zip(option.iter_mut()) {
        if over != 1 {
            *x = x.over(over);
        }
        if !*have || *x > *b {
            *b = x.clone();
        }
    }
    *have = true;
}

/// The differences of one card state and how its successors are read.
struct Columns<'a, V: Scalar> {
    s: &'a ZebraSolver<V>,
    win: bool,
    bound: i64,
    /// Pairs on the table after a pair is taken, and their stored bound.
    pairs_after_take: u32,
    bound_after_take: u32,
    /// The slots `lo..hi` read a taken pair's successor from its row, slot `lo` at
    /// `at`; the others (a decided lead) through [`ZebraSolver::stored`].
    take_lo: usize,
    take_hi: usize,
    take_at: usize,
}

impl<'a, V: Scalar> Columns<'a, V> {
    fn new(s: &'a ZebraSolver<V>, pairs: u32, bound: i64) -> Self {
        let win = s.objective == Objective::Win;
        let pairs_after_take = pairs - 1;
        let bound_after_take = s.bound_of(pairs_after_take);
        let (p, b) = (i64::from(pairs_after_take), i64::from(bound_after_take));
        // The taker's difference `d + 1` within both the pairs left and the stored range.
        let inside = |i: usize| {
            let t = -bound + 2 * i64::try_from(i).expect("fits") + 1;
            pairs_after_take > 0 && t.abs() <= p && t.abs() <= b
        };
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        let (mut take_lo, mut take_hi) = (slots, slots);
        if win && let Some(lo) = (0..slots).find(|&i| inside(i)) {
            take_lo = lo;
            take_hi = (lo..slots).find(|&i| !inside(i)).unwrap_or(slots);
        }
        let take_at = if take_lo < slots {
            let t = -bound + 2 * i64::try_from(take_lo).expect("fits") + 1;
            usize::try_from((t + b) >> 1).expect("inside the stored range")
        } else {
            0
        };
        Self {
            s,
            win,
            bound,
            pairs_after_take,
            bound_after_take,
            take_lo,
            take_hi,
            take_at,
        }
    }

    fn diff(&self, i: usize) -> i64 {
        -self.bound + 2 * i64::try_from(i).expect("fits")
    }

    /// `acc[i] += w ×` the mover's value when the turn ends into the card state at
    /// `offset`, with as many pairs (the opponent moves, the difference negated).
    fn add_miss(&self, acc: &mut [V], offset: u32, w: u64) {
        debug_assert!(offset < Around::UNUSED, "a miss keeps cards on the table");
        let offset = offset as usize;
        if !self.win {
            let v = V::zero().minus(&self.s.values[offset]).times(w);
            for a in acc.iter_mut() {
                *a = a.plus(&v);
            }
            return;
        }
        // The same bound: difference `-d` is slot `slots - 1 - i` (a lead beyond the
        // pairs, under `withdraw`, is stored where it is read).
        let row = &self.s.values[offset..offset + acc.len()];
        for (a, v) in acc.iter_mut().zip(row.iter().rev()) {
            *a = a.plus(&V::one().minus(v).times(w));
        }
    }

    /// `acc[i] += w ×` the mover's value after taking a pair into the card state at
    /// `offset` (the mover moves again).
    fn add_pair(&self, acc: &mut [V], offset: u32, w: u64) {
        debug_assert!(offset != Around::UNUSED, "a pair that can be taken");
        let succ = Succ::at(offset, self.pairs_after_take, self.bound_after_take);
        if !self.win {
            let v = V::one().plus(&self.s.stored(succ, 0, false)).times(w);
            for a in acc.iter_mut() {
                *a = a.plus(&v);
            }
            return;
        }
        let (lo, hi) = (self.take_lo, self.take_hi);
        if offset != Succ::TERMINAL && lo < hi {
            let start = offset as usize + self.take_at;
            let row = &self.s.values[start..start + (hi - lo)];
            for (a, v) in acc[lo..hi].iter_mut().zip(row) {
                *a = a.plus(&v.times(w));
            }
        }
        // A decided lead (or the end of the game) at either end.
        let n = acc.len();
        let (head, tail) = if offset == Succ::TERMINAL {
            (0..n, n..n)
        } else {
            (0..lo.min(n), hi.max(lo)..n)
        };
        for i in head.chain(tail) {
            let v = self.s.stored(succ, self.diff(i) + 1, false);
            acc[i] = acc[i].plus(&v.times(w));
        }
    }
}

/// The values of a card state (as [`super::bulk::card_state_values`] without
/// `exhaustive`) into `scratch.out`.
pub(super) fn card_state_values<V: Scalar>(
    s: &ZebraSolver<V>,
    counts: &[u8; 9],
    pairs: u32,
    around: &Around,
    bound: i64,
    scratch: &mut Scratch<V>,
) {
    let c = Columns::new(s, pairs, bound);
    let slots = usize::try_from(bound + 1).expect("bound >= 0");
    scratch.reset(slots);
    let Scratch {
        option,
        second,
        total,
        first,
        out,
    } = scratch;
    let table = &s.table;
    let (mut unknown, mut known_ranks) = (0u64, 0u64);
    for (&n, p) in counts.iter().zip(ZEBRA_PATTERNS) {
        unknown += u64::from(n) * u64::from(p.unknown_cards());
        if p.known_cards() > 0 {
            known_ranks += u64::from(n);
        }
    }
    let others = |i: usize, j: usize| u64::from(counts[j]) - u64::from(i == j);
    // The reveal kinds on the table: a second unknown card is of one of them.
    let mut present = [(0usize, 0usize, 0u64); KINDS];
    let mut kinds = 0;
    for (k2, &(j, _, per_rank)) in table.reveal_kinds.iter().enumerate() {
        if counts[j] > 0 {
            present[kinds] = (k2, j, per_rank);
            kinds += 1;
        }
    }
    let present = &present[..kinds];
    let other_known = |i: usize| known_ranks > u64::from(ZEBRA_PATTERNS[i].known_cards() > 0);

    // Turning an unknown card first (then the best second card): never a pass, so the
    // same in both layers.
    let mut have_first = false;
    if unknown > 0 {
        for k in 0..KINDS {
            let (i, colour, per_rank) = table.reveal_kinds[k];
            let weight = u64::from(counts[i]) * per_rank;
            if weight == 0 {
                continue;
            }
            let p = ZEBRA_PATTERNS[i];
            let (uc, uo) = (
                u64::from(p.unknown(colour)),
                u64::from(p.unknown(colour.opposite())),
            );
            let mut have = false;
            if p.known(colour.opposite()) > 0 {
                zeros(option);
                c.add_pair(option, around.take_uk[k], 1);
                offer(second, &mut have, option, 1);
            }
            if p.known(colour) > 0 || other_known(i) {
                zeros(option);
                c.add_miss(option, around.after_reveal[k], 1);
                offer(second, &mut have, option, 1);
            }
            if unknown >= 2 {
                zeros(option);
                if uo > 0 {
                    c.add_pair(option, around.take_uu[k], uo);
                }
                if uc > 1 {
                    c.add_miss(option, around.reveal_twin[k], uc - 1);
                }
                for &(k2, j, per_rank2) in present {
                    let w = others(i, j) * per_rank2;
                    if w > 0 {
                        c.add_miss(option, around.reveal_two[k][k2], w);
                    }
                }
                offer(second, &mut have, option, unknown - 1);
            }
            debug_assert!(have, "a second card exists");
            for (t, v) in total.iter_mut().zip(second.iter()) {
                *t = t.plus(&v.times(weight));
            }
        }
        offer(first, &mut have_first, total, unknown);
    }

    // A known first card: the match, or a pass (its value depends on the layer only).
    let mut can_pass = false;
    for h in 0..KINDS {
        let (i, colour) = table.held_kinds[h];
        if counts[i] == 0 {
            continue;
        }
        let p = ZEBRA_PATTERNS[i];
        if p.known(colour.opposite()) > 0 {
            zeros(option);
            c.add_pair(option, around.take_kk[h], 1);
            offer(first, &mut have_first, option, 1);
        }
        can_pass |= p.known(colour) >= 2 || other_known(i);
    }
    debug_assert!(have_first, "a legal action always exists");

    let mine = |v: &V| match s.objective {
        Objective::Win => V::one().minus(v),
        _ => V::zero().minus(v),
    };
    // Passing ends the game, or is forbidden, or hands the move over after a pass.
    let terminal_pass = |after_pass: bool, i: usize| -> Option<V> {
        match (s.pass_rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(s.final_value(c.diff(i))),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => unreachable!("not terminal"),
        }
    };
    let raise = |x: &mut V, pass: Option<V>| {
        if let Some(v) = pass
            && v > *x
        {
            *x = v;
        }
    };
    if !s.pass_rule.remembers_pass() {
        out.extend_from_slice(first);
        if can_pass {
            for (i, x) in out.iter_mut().enumerate() {
                raise(x, terminal_pass(false, i));
            }
        }
        return;
    }
    // The after-pass layer first (in `option`): passing at the turn start leads into it.
    option.clone_from_slice(first);
    if can_pass {
        for (i, x) in option.iter_mut().enumerate() {
            raise(x, terminal_pass(true, i));
        }
    }
    out.extend_from_slice(first);
    if can_pass {
        // The opponent moves after the pass, with the difference negated.
        for (x, v) in out.iter_mut().zip(option.iter().rev()) {
            raise(x, Some(mine(v)));
        }
    }
    out.extend_from_slice(option);
}
