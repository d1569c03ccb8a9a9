//! The moves out of a card state as the solve walks them. Each is a fixed change of
//! the key, with the harmless takes that follow it folded in (see `takes.rs`): a label
//! that lands in a harmless pattern is followed at once to where its takes leave it.
//! So a successor of a card state without harmless labels is one addition away, and
//! lands in the slot of the [`Successors`](super::Successors) table that reads it.
//!
//! Folding is exact: harmless takes of different labels do not touch each other, so
//! the card state and the takes are those of taking them one by one afterwards.
//!
//! Each move also knows how it renumbers a card state in the dense index (see
//! `dense.rs`), whose places are the patterns a folded walk leaves labels in.
//!
//! Which moves a card state has depends only on its *shape*: which places hold no
//! label, one, or more. So the moves of each shape are listed once, flat, the first
//! time a card state of that shape is walked ([`Fan`]), and a walk is one pass over
//! its list instead of the loops over patterns and pairs of patterns.

use std::sync::OnceLock;

use super::PatternTable;
use super::card_key::{GONE, MAX_PATTERNS};
use super::dense::{Renumber, renumbering};
use crate::solver::pruning::harmless;

/// How far a card state's height drops (see `levels.rs`) with each kind of move, in
/// the order of [`KINDS`]; two cards turned drop it by 2, a harmless take by 4 more.
const DROPS: [u32; KINDS] = [1, 5, 4, 6];

/// Moves of one label: a card turned, a take of one unknown and one known card, of two
/// known cards, of two unknown cards (the order of the successor table's blocks).
pub(super) const KINDS: usize = 4;

/// One label's move out of a pattern, the harmless takes after it included.
#[derive(Debug, Clone, Copy)]
struct Step {
    /// Added to the key (wrapping: the label leaves one field and enters another, or
    /// none once it is off the table).
    delta: u128,
    /// Harmless pairs taken after the move.
    takes: u32,
    /// Between the places of the dense index it leaves and lands in.
    places: (usize, usize),
    renumber: Renumber,
}

/// A successor card state as the walk finds it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Successor<'a> {
    /// Its slots in the successor table (the same twice but for two cards turned, whose
    /// table is symmetric).
    pub(super) slot: usize,
    pub(super) mirror: usize,
    pub(super) key: u128,
    /// Harmless pairs taken on the way.
    pub(super) takes: u32,
    /// How far below the card state's height it is.
    pub(super) drop: usize,
    /// Its dense number from the card state's (see `dense.rs`).
    pub(super) renumber: &'a Renumber,
}

/// A legal move of one label out of a pattern, as the walk yields it.
#[derive(Debug, Clone, Copy)]
struct Move {
    /// Its slot in the successor table.
    slot: usize,
    step: Step,
    drop: usize,
}

/// Most shapes listed (`3^9`: every canonical shape of a deck with four cards a label
/// even unfolded; beyond, card states are walked pattern by pattern).
const MOST_SHAPES: usize = 19_683;

/// One successor of every card state of a shape: the [`Successor`] less the key, as
/// a change of it.
#[derive(Debug, Clone, Copy)]
struct Fanned {
    delta: u128,
    renumber: Renumber,
    slot: u16,
    mirror: u16,
    takes: u8,
    drop: u8,
}

/// The successors of every card state of one shape, in the walk's order.
type Fan = Box<[Fanned]>;

/// Every pattern's moves.
#[derive(Debug, Clone)]
pub(super) struct Steps {
    /// Each pattern's legal moves of one label, in the order of [`KINDS`].
    moves: Vec<Vec<Move>>,
    /// Each pattern's card turned, if it has an unknown card.
    reveals: Vec<Option<Step>>,
    /// Of a card turned in each of two patterns, `n * n`.
    reveal_two: Vec<Renumber>,
    /// The key bits of the patterns a walk leaves no label in (harmless ones, when
    /// folding): a card state with labels there is walked pattern by pattern.
    unlisted: u128,
    /// Each pattern's weight in a shape's number: `3^place`, 0 where [`Self::unlisted`].
    threes: Vec<usize>,
    /// Each shape's successors, listed when first walked; empty if there are too many
    /// shapes.
    fans: Vec<OnceLock<Fan>>,
}

impl Steps {
    /// The moves of `table`'s patterns (fields `width` bits wide), with the harmless
    /// takes after them folded in if `fold`.
    pub(super) fn new(table: &PatternTable, width: u32, fold: bool) -> Self {
        let unit = |a: u32| {
            if a == GONE { 0 } else { 1u128 << (width * a) }
        };
        // Where a label that lands in pattern `to` ends, and the pairs taken on the way.
        let settle = |mut to: u32| {
            let mut takes = 0;
            while fold && to != GONE && harmless(table.list[to as usize]) {
                to = table.take_known[to as usize];
                takes += 1;
            }
            (to, takes)
        };
        // The dense index's places: the patterns a card state can have labels in.
        let kept = |a: usize| !(fold && harmless(table.list[a]));
        let places: Vec<usize> = (0..table.list.len())
            .scan(0, |next, a| {
                let place = *next;
                *next += usize::from(kept(a));
                Some(place)
            })
            .collect();
        let off = (0..table.list.len()).filter(|&a| kept(a)).count();
        let place = |a: u32| if a == GONE { off } else { places[a as usize] };
        let steps: Vec<[Option<Step>; KINDS]> = (0..table.list.len())
            .map(|a| {
                let from = unit(u32::try_from(a).expect("few patterns"));
                let kinds = [
                    table.reveal[a],
                    table.take_one_unknown[a],
                    table.take_known[a],
                    table.take_two_unknown[a],
                ];
                kinds.map(|to| {
                    (to != super::NONE).then(|| {
                        let (to, takes) = settle(to);
                        let moved = (places[a], place(to));
                        Step {
                            delta: unit(to).wrapping_sub(from),
                            takes,
                            places: moved,
                            renumber: renumbering(off, &[moved]),
                        }
                    })
                })
            })
            .collect();
        let n = table.list.len();
        let moves = steps
            .iter()
            .enumerate()
            .map(|(a, kinds)| {
                (0..KINDS)
                    .filter_map(|kind| {
                        kinds[kind].map(|step| Move {
                            slot: kind * n + a,
                            step,
                            drop: (DROPS[kind] + 4 * step.takes) as usize,
                        })
                    })
                    .collect()
            })
            .collect();
        let reveal_two = (0..n * n)
            .map(|ab| match (steps[ab / n][0], steps[ab % n][0]) {
                (Some(a), Some(b)) if kept(ab / n) && kept(ab % n) => {
                    renumbering(off, &[a.places, b.places])
                }
                _ => Renumber::default(),
            })
            .collect();
        let unlisted = (0..n)
            .filter(|&a| !kept(a))
            .map(|a| ((1u128 << width) - 1) << (width * u32::try_from(a).expect("few patterns")))
            .sum();
        let threes = (0..n)
            .map(|a| {
                if kept(a) {
                    3usize.saturating_pow(u32::try_from(places[a]).expect("few places"))
                } else {
                    0
                }
            })
            .collect();
        let shapes = 3usize.saturating_pow(u32::try_from(off).expect("few places"));
        let fans = if shapes <= MOST_SHAPES {
            (0..shapes).map(|_| OnceLock::new()).collect()
        } else {
            Vec::new()
        };
        Self {
            moves,
            reveals: steps.iter().map(|kinds| kinds[0]).collect(),
            reveal_two,
            unlisted,
            threes,
            fans,
        }
    }

    /// The number of the shape of the card state `key` (pattern counts `counts`), if
    /// its successors are listed by shape.
    #[inline]
    fn shape(&self, key: u128, counts: &[u64]) -> Option<usize> {
        if self.fans.is_empty() || key & self.unlisted != 0 {
            return None;
        }
        let mut shape = 0;
        for (&count, &three) in counts.iter().zip(&self.threes) {
            // at most 2
            let held = count.min(2) as usize;
            shape += held * three;
        }
        Some(shape)
    }

    /// The successors of every card state of shape `shape`, listed on first use.
    fn fan(&self, shape: usize) -> &[Fanned] {
        self.fans[shape].get_or_init(|| {
            // A card state of the shape: its successors' keys are the changes.
            let counts: Vec<u64> = self
                .threes
                .iter()
                .map(|&three| match three {
                    0 => 0,
                    _ => u64::try_from(shape / three % 3).expect("fits"),
                })
                .collect();
            let mut fan = Vec::new();
            self.walk(0, &counts, &mut |next| {
                fan.push(Fanned {
                    delta: next.key,
                    renumber: *next.renumber,
                    slot: u16::try_from(next.slot).expect("few slots"),
                    mirror: u16::try_from(next.mirror).expect("few slots"),
                    takes: u8::try_from(next.takes).expect("few takes"),
                    drop: u8::try_from(next.drop).expect("small drops"),
                });
            });
            fan.into_boxed_slice()
        })
    }

    /// Every successor of the card state `key` (pattern counts `counts`), in the order
    /// the solve resolves them. Harmless labels already in `key` stay (see
    /// [`super::Solver::after_harmless_takes`]).
    #[inline]
    pub(super) fn each<'a>(&'a self, key: u128, counts: &[u64], f: &mut impl FnMut(Successor<'a>)) {
        let Some(shape) = self.shape(key, counts) else {
            self.walk(key, counts, f);
            return;
        };
        for next in self.fan(shape) {
            f(Successor {
                slot: usize::from(next.slot),
                mirror: usize::from(next.mirror),
                key: key.wrapping_add(next.delta),
                takes: u32::from(next.takes),
                drop: usize::from(next.drop),
                renumber: &next.renumber,
            });
        }
    }

    /// [`Self::each`] pattern by pattern.
    fn walk<'a>(&'a self, key: u128, counts: &[u64], f: &mut impl FnMut(Successor<'a>)) {
        let n = counts.len();
        // The patterns with labels, once: most have none.
        let mut live = [0; MAX_PATTERNS];
        let mut lives = 0;
        for (a, &count) in counts.iter().enumerate() {
            if count > 0 {
                live[lives] = a;
                lives += 1;
            }
        }
        let live = &live[..lives];
        for (i, &a) in live.iter().enumerate() {
            for one in &self.moves[a] {
                f(Successor {
                    slot: one.slot,
                    mirror: one.slot,
                    key: key.wrapping_add(one.step.delta),
                    takes: one.step.takes,
                    drop: one.drop,
                    renumber: &one.step.renumber,
                });
            }
            let Some(first) = &self.reveals[a] else {
                continue;
            };
            let once = key.wrapping_add(first.delta);
            for &b in &live[i..] {
                let Some(second) = &self.reveals[b] else {
                    continue;
                };
                if a == b && counts[a] == 1 {
                    continue;
                }
                let takes = first.takes + second.takes;
                f(Successor {
                    slot: (KINDS + a) * n + b,
                    mirror: (KINDS + b) * n + a,
                    key: once.wrapping_add(second.delta),
                    takes,
                    drop: (2 + 4 * takes) as usize,
                    renumber: &self.reveal_two[a * n + b],
                });
            }
        }
    }
}
