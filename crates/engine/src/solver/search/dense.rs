//! A dense index of the card states a solve from a root stores: every vector of counts
//! over the patterns those card states use (without harmless labels, when pruning) with
//! at most the root's `L` labels gets its own number in `0..C(L + P, P)`, so a solved
//! card state is found by one array read instead of a hash lookup (the recursive solve)
//! or a binary search over its height's keys (the bulk solve). After the harmless takes
//! nearly every such vector is reached (all of them for `13x4` and `35x4`), so the array
//! wastes little. As `zebra/index.rs`, lexicographic in the counts.
//!
//! The successors of a card state are numbered from its own number ([`Near`]), not
//! ranked from scratch: written with the prefix sums `S_i = c_0 + ... + c_(i-1)`, the
//! number is `C(L + P, P) - 1 - sum over i = 1..=P of G_i(S_i)`, with
//! `G_i(S) = C(L - S + P - i, P - i + 1)` (the lexicographic offsets summed up), a sum
//! of one term per prefix sum. A label moving from place `p` to place `q` changes the
//! prefix sums between them by one, so a move changes the number by a sum over a run
//! of places, the difference of two prefix sums of the terms' changes ([`Run`]).

use super::{NONE, TERMINAL};
use crate::solver::card_key::MAX_PATTERNS;
use crate::solver::ranking;

/// The changes of a prefix sum a move makes: two labels moved change one by 2 at most,
/// and only downwards, as every move takes a label to a later place or off the table
/// (patterns are listed by cards on the table, then unknown cards, both downwards; a
/// turn only lowers them).
const SHIFTS: [isize; 2] = [-2, -1];

/// The largest change of a prefix sum.
const SHIFT: usize = 2;

/// Room for one shift's changes in [`Near::changes`]: places `0..=P`.
const ROOM: usize = 32;
const _: () = assert!(MAX_PATTERNS < ROOM);

/// [`Near::changes`] is read at a `u8`: room for every `u8`, so no bounds check (a
/// [`Run`]'s ends are below `SHIFTS.len() * ROOM` by construction).
const CHANGES: usize = 1 << u8::BITS;
const _: () = assert!(SHIFTS.len() * ROOM <= CHANGES);

/// The places of the prefix sums a move changes alike, `from < i <= to`, each by the
/// same shift: as places in [`Near::changes`] (`shift * ROOM + place`). An empty run
/// (`from == to`) changes nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Run {
    from: u8,
    to: u8,
}

/// How a move renumbers a card state: at most three runs, as two labels moved change
/// the prefix sums on two intervals, by one each.
pub(super) type Renumber = [Run; 3];

/// The renumbering of moving a label from place `from` to place `to` for each move in
/// `moves`, among `places` places (`to == places`: off the table).
pub(super) fn renumbering(places: usize, moves: &[(usize, usize)]) -> Renumber {
    // S_i changes by one for each label that ends among the first i places, less one
    // for each that left them.
    let shift = |i: usize| -> isize {
        moves
            .iter()
            .map(|&(from, to)| isize::from(i > to) - isize::from(i > from))
            .sum()
    };
    let at = |shift: isize, place: usize| {
        let shift = SHIFTS
            .iter()
            .position(|&s| s == shift)
            .expect("two moves at most, each to a later place");
        u8::try_from(shift * ROOM + place).expect("a u8")
    };
    let mut runs = Renumber::default();
    let mut count = 0;
    let mut i = 1;
    while i <= places {
        let e = shift(i);
        if e == 0 {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < places && shift(j + 1) == e {
            j += 1;
        }
        runs[count] = Run {
            from: at(e, i - 1),
            to: at(e, j),
        };
        count += 1;
        i = j + 1;
    }
    runs
}

/// The dense numbers around one card state: its own, and for each shift the prefix
/// sums over the places of how much the number changes if that place's prefix sum
/// shifts (a [`Run`] is the difference of two of them). Below `2^31`: numbers are below
/// `MOST`, and these sums of at most `P` of them.
#[derive(Debug, Clone)]
pub(super) struct Near {
    number: i32,
    changes: [i32; CHANGES],
}

impl Near {
    /// Room for the numbers around a card state (see [`Dense::near`]): a kilobyte,
    /// so kept and reused rather than made for each card state.
    pub(super) fn new() -> Self {
        Self {
            number: 0,
            changes: [0; CHANGES],
        }
    }

    /// The number of the card state a move renumbered `renumber` leads to.
    #[inline]
    pub(super) fn number(&self, renumber: &Renumber) -> usize {
        let mut n = self.number;
        for run in renumber {
            n += self.changes[usize::from(run.to)] - self.changes[usize::from(run.from)];
        }
        usize::try_from(n).expect("a successor is numbered")
    }
}

/// The entries of the solved card states the index covers, by their dense numbers.
#[derive(Debug, Clone)]
pub(super) struct Dense {
    index: DenseIndex,
    /// [`NONE`]: not solved yet.
    entries: Vec<u32>,
}

impl Dense {
    pub(super) fn new(index: DenseIndex) -> Self {
        let mut entries = vec![NONE; index.len()];
        // Number 0 counts no label: the empty table, where the game has ended (so a
        // successor numbered needs no test for it).
        entries[0] = TERMINAL;
        Self { entries, index }
    }

    /// `None` if the index does not cover `key`, else its entry if it is solved.
    #[inline]
    pub(super) fn entry(&self, key: u128) -> Option<Option<u32>> {
        let id = self.entries[self.index.of(key)?];
        Some((id != NONE).then_some(id))
    }

    /// The numbers around the card state `key` (pattern counts `counts`) into `near`;
    /// false if the index does not cover it. (Filled in place: it is a kilobyte, and
    /// there is one a card state.)
    #[inline]
    pub(super) fn near(&self, key: u128, counts: &[u64], near: &mut Near) -> bool {
        self.index.near(key, counts, near)
    }

    /// [`DenseIndex::near_after`].
    #[inline]
    pub(super) fn near_after(&self, number: usize, counts: &[u64], from: usize, near: &mut Near) {
        self.index.near_after(number, counts, from, near);
    }

    /// The entries by number, [`NONE`] where not solved.
    pub(super) fn entries(&self) -> &[u32] {
        &self.entries
    }

    /// The entry of the card state numbered `number`, [`NONE`] if it is not solved.
    #[inline]
    pub(super) fn at_or_none(&self, number: usize) -> u32 {
        self.entries[number]
    }

    /// The entry of the card state numbered `number`, if it is solved.
    #[inline]
    pub(super) fn at(&self, number: usize) -> Option<u32> {
        let id = self.entries[number];
        (id != NONE).then_some(id)
    }

    /// Records the entry of the card state numbered `number`.
    pub(super) fn set(&mut self, number: usize, id: u32) {
        self.entries[number] = id;
    }

    /// The card states the index covers, from the empty table (number 0) up, their
    /// counts over all the deck's patterns, each label weighing its pattern's entry of
    /// `weights`.
    pub(super) fn ascending(&self, weights: &[u64]) -> Ascending {
        let index = &self.index;
        Ascending {
            patterns: index.patterns.clone(),
            units: index.shifts.iter().map(|&s| 1u128 << s).collect(),
            labels: u64::try_from(index.labels).expect("fits"),
            weights: index.patterns.iter().map(|&a| weights[a]).collect(),
            counts: vec![0; weights.len()],
            sum: 0,
            key: 0,
            number: 0,
            weight: 0,
            changed: 0,
        }
    }

    /// The card state with every label in the first place: the highest number.
    pub(super) fn top(&self) -> u128 {
        let index = &self.index;
        index.shifts.first().map_or(0, |&s| {
            u128::from(u64::try_from(index.labels).expect("fits")) << s
        })
    }

    /// Records the entry of `key`; false if the index does not cover it.
    pub(super) fn insert(&mut self, key: u128, id: u32) -> bool {
        match self.index.of(key) {
            Some(n) => {
                self.entries[n] = id;
                true
            }
            None => false,
        }
    }
}

/// The card states an index covers, by increasing number: lexicographic in the counts,
/// the first place's most significant. Every move lowers the number (see the module),
/// so each card state comes after all of its successors.
#[derive(Debug, Clone)]
pub(super) struct Ascending {
    /// Each place's pattern and its unit in a key.
    patterns: Vec<usize>,
    units: Vec<u128>,
    labels: u64,
    /// Each place's weight (see [`Self::weight`]).
    weights: Vec<u64>,
    /// The current card state: counts by pattern (every pattern), labels, key, number,
    /// weight.
    counts: Vec<u64>,
    sum: u64,
    key: u128,
    number: usize,
    weight: u64,
    /// The first place whose count the last step changed.
    changed: usize,
}

impl Ascending {
    /// Moves to the next card state; false after the last.
    pub(super) fn advance(&mut self) -> bool {
        let Some(&last) = self.patterns.last() else {
            return false;
        };
        let places = self.patterns.len();
        if self.sum < self.labels {
            // One more label in the last place.
            self.counts[last] += 1;
            self.sum += 1;
            self.key += self.units[places - 1];
            self.weight += self.weights[places - 1];
            self.changed = places - 1;
        } else {
            // The last place with labels is emptied, one label added to the one before.
            let Some(j) = (1..places)
                .rev()
                .find(|&j| self.counts[self.patterns[j]] > 0)
            else {
                return false;
            };
            let c = std::mem::take(&mut self.counts[self.patterns[j]]);
            self.key -= u128::from(c) * self.units[j];
            self.weight -= c * self.weights[j];
            self.counts[self.patterns[j - 1]] += 1;
            self.key += self.units[j - 1];
            self.weight += self.weights[j - 1];
            self.sum = self.sum - c + 1;
            self.changed = j - 1;
        }
        self.number += 1;
        true
    }

    /// The sum over the labels of their pattern's weight (as given to
    /// [`Dense::ascending`]).
    pub(super) fn weight(&self) -> u64 {
        self.weight
    }

    /// The first place whose count the last step changed.
    pub(super) fn changed(&self) -> usize {
        self.changed
    }

    pub(super) fn key(&self) -> u128 {
        self.key
    }

    pub(super) fn number(&self) -> usize {
        self.number
    }

    /// The counts by pattern, every pattern of the deck.
    pub(super) fn counts(&self) -> &[u64] {
        &self.counts
    }
}

/// Ranks the card states over some patterns with at most `labels` labels densely.
#[derive(Debug, Clone)]
pub(super) struct DenseIndex {
    labels: usize,
    /// Where each pattern's count sits in a key, in the order they are ranked.
    shifts: Vec<u32>,
    /// The key bits no indexed card state has set (other patterns' counts).
    outside: u128,
    field: u128,
    /// `offsets[(i * (L + 1) + rem) * (L + 1) + c]`: how many vectors come before those
    /// with count `c` at the `i`th pattern, `rem` labels left for patterns `i..`.
    offsets: Vec<u32>,
    len: usize,
    /// The patterns, in the order they are ranked.
    patterns: Vec<usize>,
    /// `G_i(S)` (see the module) for `i = 1..=P` and `S = -SHIFT..=L + SHIFT` (rows of
    /// `L + 1 + 2 * SHIFT`), 0 where `S` is out of range.
    terms: Vec<i32>,
}

/// Most card states the index holds: beyond it the solve keeps its sorted keys only
/// (an entry a card state costs 4 bytes whether reached or not).
const MOST: u128 = 1 << 25;

impl DenseIndex {
    /// The index of card states with at most `labels` labels in `patterns` (indices of
    /// fields `width` bits wide), or `None` where it would be too large.
    pub(super) fn new(patterns: &[usize], width: u32, labels: usize) -> Option<Self> {
        let k = patterns.len();
        let len = ranking::vectors(k, labels);
        if len > MOST {
            return None;
        }
        let field = (1u128 << width) - 1;
        let shifts: Vec<u32> = patterns
            .iter()
            .map(|&a| width * u32::try_from(a).expect("few patterns"))
            .collect();
        let inside: u128 = shifts.iter().map(|&s| field << s).sum();
        let offsets = ranking::offsets(k, labels)
            .into_iter()
            .map(|n| u32::try_from(n).expect("below MOST"))
            .collect();
        let terms = (1..=k)
            .flat_map(|i| {
                (0..labels + 1 + 2 * SHIFT).map(move |at| {
                    // C(L - S + k - i, k - i + 1), S = at - SHIFT: vectors(m, L - S - 1).
                    let m = k - i + 1;
                    match (labels + SHIFT).checked_sub(at + 1) {
                        Some(r) => i32::try_from(ranking::vectors(m, r)).expect("below MOST"),
                        None => 0,
                    }
                })
            })
            .collect();
        Some(Self {
            patterns: patterns.to_vec(),
            terms,
            labels,
            shifts,
            outside: !inside,
            field,
            offsets,
            len: usize::try_from(len).expect("below MOST"),
        })
    }

    /// How many numbers there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// [`Dense::near`].
    #[inline]
    pub(super) fn near(&self, key: u128, counts: &[u64], near: &mut Near) -> bool {
        if key & self.outside != 0 {
            return false;
        }
        near.number = i32::try_from(self.len).expect("below MOST") - 1;
        let mut sum = 0;
        for (i, &a) in self.patterns.iter().enumerate() {
            sum += usize::try_from(counts[a]).expect("fits");
            if sum > self.labels {
                return false;
            }
            near.number -= self.changes_at(i, sum, near);
        }
        true
    }

    /// [`Self::near`] of the card state numbered `number` (pattern counts `counts`),
    /// where `near` holds the numbers around one with the same counts before place
    /// `from`: only the changes from there on are redone.
    #[inline]
    pub(super) fn near_after(&self, number: usize, counts: &[u64], from: usize, near: &mut Near) {
        near.number = i32::try_from(number).expect("below MOST");
        let mut sum = self.patterns[..from]
            .iter()
            .map(|&a| usize::try_from(counts[a]).expect("fits"))
            .sum();
        for (i, &a) in self.patterns.iter().enumerate().skip(from) {
            sum += usize::try_from(counts[a]).expect("fits");
            self.changes_at(i, sum, near);
        }
    }

    /// Writes how much the number changes if the prefix sum through place `i`, `sum`,
    /// shifts (added to those of the places before); returns `G_(i+1)(sum)`.
    #[inline]
    fn changes_at(&self, i: usize, sum: usize, near: &mut Near) -> i32 {
        let row = self.labels + 1 + 2 * SHIFT;
        // G_(i+1) at sum - SHIFT ..= sum + SHIFT.
        let terms: &[i32; 2 * SHIFT + 1] = self.terms[i * row + sum..][..=2 * SHIFT]
            .try_into()
            .expect("a row holds every shift");
        let term = terms[SHIFT];
        for (shift, &s) in SHIFTS.iter().enumerate() {
            let shifted = terms[SHIFT.checked_add_signed(s).expect("within SHIFT")];
            let at = shift * ROOM + i;
            near.changes[at + 1] = near.changes[at] + term - shifted;
        }
        term
    }

    /// The number of the card state `key`, if the index covers it.
    #[inline]
    pub(super) fn of(&self, key: u128) -> Option<usize> {
        if key & self.outside != 0 {
            return None;
        }
        let w = self.labels + 1;
        let mut rem = self.labels;
        let mut at = 0usize;
        for (i, &shift) in self.shifts.iter().enumerate() {
            let c = usize::try_from((key >> shift) & self.field).expect("a field");
            if c > rem {
                return None;
            }
            at += self.offsets[(i * w + rem) * w + c] as usize;
            rem -= c;
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::card_key::pack;

    /// Every vector gets a number of its own, all numbers are used, and vectors with
    /// too many labels or counts outside the patterns are left out.
    #[test]
    fn numbers_are_dense_and_distinct() {
        let width = 6;
        let index = DenseIndex::new(&[0, 2, 3], width, 4).unwrap();
        let mut seen = vec![false; index.len()];
        for a in 0..=4u32 {
            for b in 0..=4 - a {
                for c in 0..=4 - a - b {
                    let n = index.of(pack(&[a, 0, b, c], width)).unwrap();
                    assert!(!seen[n], "{a} {b} {c}: number {n} twice");
                    seen[n] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "a number unused");
        assert_eq!(index.of(pack(&[2, 0, 2, 1], width)), None);
        assert_eq!(index.of(pack(&[1, 1, 0, 0], width)), None);
    }

    /// The card states come up in the order of their numbers, every one of them.
    #[test]
    fn ascending_goes_through_the_numbers_in_order() {
        let width = 6;
        let dense = Dense::new(DenseIndex::new(&[0, 2, 3], width, 4).unwrap());
        let mut up = dense.ascending(&[1, 10, 100, 1000]);
        let mut seen = 1;
        let (mut near, mut fresh) = (Near::new(), Near::new());
        assert!(dense.near(0, up.counts(), &mut near));
        while up.advance() {
            assert_eq!(dense.index.of(up.key()), Some(up.number()));
            let weight: u64 = up
                .counts()
                .iter()
                .zip([1, 10, 100, 1000])
                .map(|(c, w)| c * w)
                .sum();
            assert_eq!(up.weight(), weight);
            dense.near_after(up.number(), up.counts(), up.changed(), &mut near);
            assert!(dense.near(up.key(), up.counts(), &mut fresh));
            assert_eq!((near.number, near.changes), (fresh.number, fresh.changes));
            let counts: Vec<u32> = up
                .counts()
                .iter()
                .map(|&c| u32::try_from(c).unwrap())
                .collect();
            assert_eq!(pack(&counts, width), up.key());
            seen += 1;
        }
        assert_eq!(seen, dense.index.len());
        assert_eq!(dense.index.of(dense.top()), Some(seen - 1));
    }

    /// A card state's successors numbered from its number are numbered as ranked from
    /// scratch: one label or two moved anywhere, or off the table.
    #[test]
    fn numbers_near_a_card_state_are_its_successors_numbers() {
        let (width, patterns) = (6, [0usize, 2, 3]);
        let index = DenseIndex::new(&patterns, width, 4).unwrap();
        let places = patterns.len();
        let mut checked = 0;
        for a in 0..=4u32 {
            for b in 0..=4 - a {
                for c in 0..=4 - a - b {
                    let counts = [a, 0, b, c];
                    let key = pack(&counts, width);
                    let wide: Vec<u64> = counts.iter().map(|&n| u64::from(n)).collect();
                    let mut near = Near::new();
                    assert!(index.near(key, &wide, &mut near));
                    assert_eq!(near.number(&Renumber::default()), index.of(key).unwrap());
                    let moves: Vec<(usize, usize)> = (0..places)
                        .flat_map(|from| (0..=places).map(move |to| (from, to)))
                        .filter(|&(from, to)| from < to)
                        .collect();
                    for (i, &one) in moves.iter().enumerate() {
                        for two in std::iter::once(None).chain(moves[i..].iter().map(Some)) {
                            let mut moved = counts;
                            let mut legal = true;
                            for &(from, to) in std::iter::once(&one).chain(two) {
                                let f = patterns[from];
                                legal &= moved[f] > 0;
                                moved[f] = moved[f].saturating_sub(1);
                                if to < places {
                                    moved[patterns[to]] += 1;
                                }
                            }
                            if !legal {
                                continue;
                            }
                            let all: Vec<(usize, usize)> =
                                std::iter::once(one).chain(two.copied()).collect();
                            let renumber = renumbering(places, &all);
                            assert_eq!(
                                Some(near.number(&renumber)),
                                index.of(pack(&moved, width)),
                                "{counts:?} {all:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
