//! The Zebra solver's tables: the kinds of cards of a card state, each pattern's
//! transitions as pattern indices, and a solved card state as its predecessors read it.

use super::pattern::{ZEBRA_PATTERNS, ZebraColour, ZebraPattern};

/// A card state's kinds of cards: a pattern and a half with an unknown (reveal kinds) or
/// a known (held kinds) card. A symmetric pattern's halves are one kind (red).
pub(super) const KINDS: usize = 8;

/// Pattern index for "the rank left the table", and for "impossible".
pub(super) const GONE: u8 = u8::MAX;
pub(super) const IMPOSSIBLE: u8 = u8::MAX - 1;

/// Where a transition leads: `None` if impossible, `Some(None)` off the table, else the
/// pattern's index.
pub(super) fn target(to: u8) -> Option<Option<usize>> {
    match to {
        IMPOSSIBLE => None,
        GONE => Some(None),
        to => Some(Some(usize::from(to))),
    }
}

/// Per-pattern transitions, as pattern indices.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// `(pattern, half)` of each reveal kind, and its unknown cards per rank.
    pub(super) reveal_kinds: [(usize, ZebraColour, u64); KINDS],
    /// `(pattern, half)` of each held kind.
    pub(super) held_kinds: [(usize, ZebraColour); KINDS],
    /// The reveal kind of `(pattern, half)`, if that half has an unknown card.
    pub(super) reveal_kind_of: [[Option<usize>; 2]; 9],
    /// After one unknown card of the kind is shown.
    pub(super) reveal: [u8; KINDS],
    /// After two unknown cards of the kind's half are shown (a twin turn of new cards).
    pub(super) reveal_twin: [u8; KINDS],
    /// A pair taken: the kind's card (unknown) and a known card of the other half.
    pub(super) take_uk: [u8; KINDS],
    /// A pair taken: the kind's card and an unknown one of the other half.
    pub(super) take_uu: [u8; KINDS],
    /// A pair taken: the held kind's card and a known card of the other half.
    pub(super) take_kk: [u8; KINDS],
    /// A pair taken: the held kind's card and an unknown card of the other half.
    pub(super) take_ku: [u8; KINDS],
}

pub(super) fn colour_index(c: ZebraColour) -> usize {
    usize::from(c == ZebraColour::Black)
}

impl Table {
    pub(super) fn new() -> Self {
        let mut reveal_kinds = Vec::new();
        let mut held_kinds = Vec::new();
        let mut reveal_kind_of = [[None; 2]; 9];
        for (i, p) in ZEBRA_PATTERNS.iter().enumerate() {
            for c in ZebraColour::BOTH {
                if p.symmetric() && c == ZebraColour::Black {
                    reveal_kind_of[i][1] = reveal_kind_of[i][0];
                    continue;
                }
                if p.unknown(c) > 0 {
                    reveal_kind_of[i][colour_index(c)] = Some(reveal_kinds.len());
                    let per_rank = if p.symmetric() {
                        p.unknown_cards()
                    } else {
                        p.unknown(c)
                    };
                    reveal_kinds.push((i, c, u64::from(per_rank)));
                }
                if p.known(c) > 0 {
                    held_kinds.push((i, c));
                }
            }
        }
        let idx = |r: Option<Option<(ZebraPattern, bool)>>| match r {
            None => IMPOSSIBLE,
            Some(None) => GONE,
            Some(Some((p, _))) => u8::try_from(p.index()).expect("nine patterns"),
        };
        // Shown unknown cards and a taken pair, said of half `c` and its opposite.
        let after = |i: usize, c: ZebraColour, shown: u8, taken: Option<(bool, bool)>| {
            let p = ZEBRA_PATTERNS[i];
            let (rs, bs) = if c == ZebraColour::Red {
                (shown, 0)
            } else {
                (0, shown)
            };
            let taken = taken.map(|(mine, other)| {
                if c == ZebraColour::Red {
                    (mine, other)
                } else {
                    (other, mine)
                }
            });
            idx(p.after(rs, bs, taken))
        };
        let reveal_kinds: [(usize, ZebraColour, u64); KINDS] =
            reveal_kinds.try_into().expect("eight reveal kinds");
        let held_kinds: [(usize, ZebraColour); KINDS] =
            held_kinds.try_into().expect("eight held kinds");
        Self {
            reveal: reveal_kinds.map(|(i, c, _)| after(i, c, 1, None)),
            reveal_twin: reveal_kinds.map(|(i, c, _)| after(i, c, 2, None)),
            take_uk: reveal_kinds.map(|(i, c, _)| after(i, c, 0, Some((true, false)))),
            take_uu: reveal_kinds.map(|(i, c, _)| after(i, c, 0, Some((true, true)))),
            take_kk: held_kinds.map(|(i, c)| after(i, c, 0, Some((false, false)))),
            take_ku: held_kinds.map(|(i, c)| after(i, c, 0, Some((false, true)))),
            reveal_kinds,
            held_kinds,
            reveal_kind_of,
        }
    }
}

/// A solved card state as its predecessors read it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Succ {
    /// Where its values are in [`ZebraSolver::values`] (or [`Succ::TERMINAL`]).
    pub(super) offset: u32,
    /// Its number in the card-state index.
    pub(super) id: u32,
    pub(super) pairs: u32,
    /// Differences `-bound, -bound+2, ..., bound` are stored.
    pub(super) bound: u32,
}

impl Succ {
    pub(super) const TERMINAL: u32 = u32::MAX;

    /// The card state whose values start at `offset`, with `pairs` pairs and its stored
    /// `bound`.
    pub(super) fn at(offset: u32, pairs: u32, bound: u32) -> Self {
        Self {
            offset,
            id: u32::MAX,
            pairs,
            bound,
        }
    }

    pub(super) const NONE: Self = Self {
        offset: u32::MAX - 1,
        id: u32::MAX,
        pairs: 0,
        bound: 0,
    };
}

/// The successor card states of one card state, each solved.
pub(super) struct Successors {
    pub(super) after_reveal: [Succ; KINDS],
    pub(super) reveal_twin: [Succ; KINDS],
    pub(super) take_uk: [Succ; KINDS],
    pub(super) take_uu: [Succ; KINDS],
    /// One card of each of two reveal kinds shown (of two different ranks).
    pub(super) reveal_two: [[Succ; KINDS]; KINDS],
    pub(super) take_kk: [Succ; KINDS],
    pub(super) take_ku: [Succ; KINDS],
}
