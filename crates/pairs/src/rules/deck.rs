//! The triangular deck (j cards of rank j, ranks 1..=n), stacks of face-up ranks and
//! counts of cards by rank, and the seeded machine-independent shuffle.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::PairsError;

/// Fewest ranks a deck may have.
pub const MIN_RANKS: u8 = 3;
/// Most ranks a deck may have (the standard 55-card deck).
pub const MAX_RANKS: u8 = 10;

/// A card's rank, 1..=n; a card is nothing but its rank.
pub type Rank = u8;

/// The number of ranks n of a deck, checked to lie in 3..=10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ranks(u8);

impl Ranks {
    /// The standard deck: 10 ranks, 55 cards.
    pub const STANDARD: Self = Self(MAX_RANKS);

    /// A deck of ranks 1..=n.
    ///
    /// # Errors
    /// n outside 3..=10.
    pub fn new(n: u32) -> Result<Self, PairsError> {
        match u8::try_from(n) {
            Ok(n) if (MIN_RANKS..=MAX_RANKS).contains(&n) => Ok(Self(n)),
            _ => Err(PairsError::Ranks(n)),
        }
    }

    /// n, the highest rank.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }

    /// Every rank, 1..=n.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Rank> + Clone {
        1..=self.0
    }

    /// The full deck by rank: j cards of rank j.
    #[must_use]
    pub fn full(self) -> Counts {
        let mut c = Counts::default();
        for j in self.iter() {
            c.0[usize::from(j)] = j;
        }
        c
    }

    /// Cards in the full deck, n(n+1)/2.
    #[must_use]
    pub fn cards(self) -> usize {
        usize::from(self.0) * (usize::from(self.0) + 1) / 2
    }

    /// The full deck as a list of cards, rank by rank (the order the shuffle starts from).
    #[must_use]
    pub(crate) fn cards_in_order(self) -> Vec<Rank> {
        self.iter()
            .flat_map(|j| std::iter::repeat_n(j, usize::from(j)))
            .collect()
    }
}

/// A player's face-up ranks: a set, since a second card of a rank ends the round (or is
/// discarded in the deal). Bit j stands for rank j.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Stack(u16);

impl Stack {
    /// No card.
    pub const EMPTY: Self = Self(0);

    /// The stack holding exactly these ranks.
    #[must_use]
    pub fn of(ranks: &[Rank]) -> Self {
        ranks.iter().fold(Self::EMPTY, |s, &j| s.with(j))
    }

    /// Whether rank j is in the stack.
    #[must_use]
    pub fn has(self, j: Rank) -> bool {
        self.0 & (1 << j) != 0
    }

    /// The stack with rank j added.
    #[must_use]
    pub fn with(self, j: Rank) -> Self {
        Self(self.0 | (1 << j))
    }

    /// How many cards.
    #[must_use]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// No card at all.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest rank, if any.
    #[must_use]
    pub fn lowest(self) -> Option<Rank> {
        // at most 15
        (self.0 != 0).then(|| self.0.trailing_zeros() as Rank)
    }

    /// The ranks, lowest first.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        (1..=MAX_RANKS).filter(move |&j| self.has(j))
    }

    /// The stack of these raw bits (bit j for rank j; bit 0 and bits above 10 ignored).
    #[must_use]
    pub(crate) fn from_bits(bits: u16) -> Self {
        Self(bits & 0b111_1111_1110)
    }

    /// The raw bits (bit j for rank j), for compact keys.
    #[must_use]
    pub fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Stack {
    /// Ranks separated by spaces, lowest first (`1 3 7`), `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let words: Vec<String> = self.ranks().map(|j| j.to_string()).collect();
        f.write_str(&words.join(" "))
    }
}

/// A number of cards for each rank (a deck, the unseen cards, a pile). Index 0 unused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Counts([u8; MAX_RANKS as usize + 1]);

impl Counts {
    /// From counts of ranks 1, 2, ... (at most 10 of them).
    ///
    /// # Panics
    /// More than 10 counts.
    #[must_use]
    pub fn from_slice(counts: &[u8]) -> Self {
        assert!(counts.len() <= usize::from(MAX_RANKS));
        let mut c = Self::default();
        c.0[1..=counts.len()].copy_from_slice(counts);
        c
    }

    /// The counts of a list of cards.
    #[must_use]
    pub fn of_cards(cards: &[Rank]) -> Self {
        let mut c = Self::default();
        for &j in cards {
            c.0[usize::from(j)] += 1;
        }
        c
    }

    /// Cards of rank j.
    #[must_use]
    pub fn get(&self, j: Rank) -> u8 {
        self.0[usize::from(j)]
    }

    /// One more card of rank j.
    pub fn add(&mut self, j: Rank) {
        self.0[usize::from(j)] += 1;
    }

    /// One card of rank j fewer.
    ///
    /// # Panics
    /// No card of rank j.
    pub fn remove(&mut self, j: Rank) {
        self.0[usize::from(j)] -= 1;
    }

    /// Adds one card of every rank in the stack.
    pub(crate) fn add_stack(&mut self, s: Stack) {
        for j in s.ranks() {
            self.add(j);
        }
    }

    /// Removes one card of every rank in the stack, or `None` if some rank has none.
    #[must_use]
    pub(crate) fn minus_stack(mut self, s: Stack) -> Option<Self> {
        for j in s.ranks() {
            self.0[usize::from(j)] = self.0[usize::from(j)].checked_sub(1)?;
        }
        Some(self)
    }

    /// Removes the other's cards, or `None` if that would go below zero somewhere.
    #[must_use]
    pub fn minus(mut self, other: &Self) -> Option<Self> {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.checked_sub(b)?;
        }
        Some(self)
    }

    /// Every card.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// The highest rank with a card.
    #[must_use]
    pub fn highest(&self) -> Option<Rank> {
        // index <= 10
        self.0.iter().rposition(|&c| c > 0).map(|j| j as Rank)
    }

    /// (rank, count) for every rank 1..=10 with at least one card.
    pub fn iter(&self) -> impl Iterator<Item = (Rank, u8)> + '_ {
        // index <= 10
        self.0
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(_, &c)| c > 0)
            .map(|(j, &c)| (j as Rank, c))
    }

    /// The counts of ranks 1..=n, in order.
    #[must_use]
    pub fn to_vec(&self, ranks: Ranks) -> Vec<u8> {
        self.0[1..=usize::from(ranks.get())].to_vec()
    }
}

impl fmt::Display for Counts {
    /// Counts of ranks 1..=h, comma-separated, up to the highest rank with a card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = usize::from(self.highest().unwrap_or(1));
        let words: Vec<String> = self.0[1..=h].iter().map(ToString::to_string).collect();
        f.write_str(&words.join(","))
    }
}

/// Shuffles `cards` in place: a hand-written Fisher–Yates over ChaCha8's raw output, so
/// that a seed means the same deck on every machine and in every later version.
pub fn shuffle(cards: &mut [Rank], rng: &mut ChaCha8Rng) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1);
        // j <= i < cards.len()
        cards.swap(i, j as usize);
    }
}

/// A uniform number in `0..n` by rejection sampling (no modulo bias).
pub fn below(rng: &mut impl Rng, n: u64) -> u64 {
    debug_assert!(n > 0);
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// A generator for a seed (ChaCha8, as the Concentration deal).
#[must_use]
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triangular_deck() {
        let r = Ranks::new(10).unwrap();
        assert_eq!(r.cards(), 55);
        assert_eq!(r.full().total(), 55);
        assert_eq!(r.full().get(7), 7);
        assert_eq!(r.cards_in_order().len(), 55);
        assert_eq!(Ranks::new(2), Err(PairsError::Ranks(2)));
        assert_eq!(Ranks::new(11), Err(PairsError::Ranks(11)));
    }

    #[test]
    fn stacks_are_sets_of_ranks() {
        let s = Stack::of(&[7, 3, 10]);
        assert!(s.has(3) && s.has(10) && !s.has(1));
        assert_eq!(s.lowest(), Some(3));
        assert_eq!(s.len(), 3);
        assert_eq!(s.to_string(), "3 7 10");
    }

    #[test]
    fn shuffle_is_pinned() {
        // Guards against any change of the shuffle: a seed must keep meaning one deck.
        let mut cards = Ranks::new(4).unwrap().cards_in_order();
        shuffle(&mut cards, &mut rng(1));
        assert_eq!(cards, PINNED_RANKS4_SEED1);
    }

    const PINNED_RANKS4_SEED1: [Rank; 10] = [2, 4, 4, 3, 3, 4, 1, 3, 4, 2];
}
