//! What the solve keeps: an entry per solved card state (where its values are), the
//! per-pattern transitions, the successor table of the card state being solved, and the
//! buffers reused from one card state to the next.

use super::NONE;
use super::dense::Near;
use super::takes::Link;
use super::walk::KINDS;
use crate::solver::card_key::GONE;
use crate::solver::position::{Pattern, patterns};

/// One solved card state: where its values are and which differences they cover. Kept
/// small (20 bytes): the solve reads one for every successor it values.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// Where its values are: a segment of [`Solver::values`] and an offset in it.
    pub(super) segment: u32,
    pub(super) offset: u32,
    pub(super) pairs: u32,
    /// Differences `-bound, -bound+2, ..., bound` are stored.
    pub(super) bound: u32,
    /// Only the take of a harmless known pair was evaluated (after-pass layer not yet
    /// solved): see [`Solver::harmless_take`].
    pub(super) pruned: bool,
}

impl Entry {
    pub(super) fn new(segment: u32, offset: usize, pairs: i64, bound: i64, pruned: bool) -> Self {
        Self {
            segment,
            offset: u32::try_from(offset).expect("fewer than 4e9 values a segment"),
            pairs: u32::try_from(pairs).expect("pairs fit"),
            bound: u32::try_from(bound).expect("bound >= 0"),
            pruned,
        }
    }

    pub(super) fn offset(self) -> usize {
        self.offset as usize
    }

    pub(super) fn pairs(self) -> i64 {
        i64::from(self.pairs)
    }

    pub(super) fn bound(self) -> i64 {
        i64::from(self.bound)
    }

    /// `bound + 1`: values per layer.
    pub(super) fn slots(self) -> usize {
        self.bound as usize + 1
    }
}

/// Per-pattern facts and transitions.
#[derive(Debug, Clone)]
pub(super) struct PatternTable {
    pub(super) list: Vec<Pattern>,
    /// `R.U -> R.(U-1)`: one card turned.
    pub(super) reveal: Vec<u32>,
    /// `R.U -> (R-2).U`: two known cards taken.
    pub(super) take_known: Vec<u32>,
    /// `R.U -> (R-2).(U-1)`: an unknown card and a known one taken.
    pub(super) take_one_unknown: Vec<u32>,
    /// `R.U -> (R-2).(U-2)`: two unknown cards taken.
    pub(super) take_two_unknown: Vec<u32>,
    /// The patterns with a known pair (two known cards or more), in order.
    pub(super) known_pair: Vec<usize>,
}

impl PatternTable {
    pub(super) fn new(copies: u8) -> Self {
        let list = patterns(copies);
        let find = |r: i32, u: i32| -> u32 {
            if r == 0 {
                return GONE;
            }
            list.iter()
                .position(|p| i32::from(p.on_table) == r && i32::from(p.unknown) == u)
                .map_or(NONE, |i| u32::try_from(i).expect("few patterns"))
        };
        let map = |f: &dyn Fn(i32, i32) -> (i32, i32)| -> Vec<u32> {
            list.iter()
                .map(|p| {
                    let (r, u) = f(i32::from(p.on_table), i32::from(p.unknown));
                    if u < 0 || u > r { NONE } else { find(r, u) }
                })
                .collect()
        };
        Self {
            reveal: map(&|r, u| (r, u - 1)),
            take_known: map(&|r, u| (r - 2, if r - 2 >= u { u } else { -1 })),
            take_one_unknown: map(&|r, u| (r - 2, u - 1)),
            take_two_unknown: map(&|r, u| (r - 2, u - 2)),
            known_pair: (0..list.len()).filter(|&a| list[a].known() >= 2).collect(),
            list,
        }
    }
}

/// Reusable buffers of the recursive solve (see [`Solver::spare`]).
#[derive(Debug, Clone)]
pub(super) struct Spare<V> {
    /// Successor tables ([`Successors::ids`]) not in use.
    pub(super) ids: Vec<Vec<Link>>,
    /// The values of the card state being solved.
    pub(super) values: Vec<V>,
    /// Its working columns.
    pub(super) scratch: Vec<V>,
    /// The dense numbers around the card state whose successors are being looked up
    /// (read before any of them is solved, so one serves the whole recursion).
    pub(super) near: Near,
    /// Successors found unsolved, a stack shared by the recursion: each card state's
    /// above those of the card states it is solved for.
    pub(super) unsolved: Vec<Unsolved>,
}

impl<V> Default for Spare<V> {
    fn default() -> Self {
        Self {
            ids: Vec::new(),
            values: Vec::new(),
            scratch: Vec::new(),
            near: Near::new(),
            unsolved: Vec::new(),
        }
    }
}

/// A successor not solved yet when its card state's successors were looked up.
#[derive(Debug, Clone, Copy)]
pub(super) struct Unsolved {
    pub(super) key: u128,
    /// Its dense number.
    pub(super) number: usize,
    /// Its slots in the successor table.
    pub(super) slot: usize,
    pub(super) mirror: usize,
}

/// Successor card states of one card state, resolved to entries once for all differences.
/// One allocation for them all (the solve makes one of these per card state): for each
/// pattern the entry after a reveal, after a take of one unknown and a known card, of
/// two known cards, of two unknown cards, then `n * n`, symmetric, one card of `a` and
/// one of `b` turned.
pub(super) struct Successors {
    pub(super) n: usize,
    pub(super) ids: Vec<Link>,
}

impl Successors {
    /// A table of `n` patterns' successors, none resolved yet, in the room of `ids` (a
    /// table no longer in use).
    pub(super) fn reusing(n: usize, mut ids: Vec<Link>) -> Self {
        let len = n * (KINDS + n);
        if ids.len() != len {
            ids.clear();
            ids.resize(len, Link::to(NONE));
        } else if cfg!(debug_assertions) {
            // Every slot a card state's evaluation reads is one its walk writes, so the
            // previous card state's links need no clearing but to catch a slip.
            ids.fill(Link::to(NONE));
        }
        Self { n, ids }
    }

    pub(super) fn after_reveal(&self, a: usize) -> Link {
        self.ids[a]
    }

    pub(super) fn take_one_unknown(&self, a: usize) -> Link {
        self.ids[self.n + a]
    }

    pub(super) fn take_known(&self, a: usize) -> Link {
        self.ids[2 * self.n + a]
    }

    pub(super) fn take_two_unknown(&self, a: usize) -> Link {
        self.ids[3 * self.n + a]
    }

    pub(super) fn reveal_two(&self, a: usize, b: usize) -> Link {
        self.ids[(KINDS + a) * self.n + b]
    }
}
