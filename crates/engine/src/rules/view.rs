//! The public view: everything both players can see or remember. Players, hints and the
//! AI get only this; the faces of unseen cards live in the hidden table in `game.rs`.

use super::deck::{Deck, Label};
use super::layout::Card;
use super::moving::Swap;
use super::options::{PassRule, Reach, Seat, Variant};
use crate::seats::MAX_SEATS;

/// What the table shows at one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Never turned: its face is not known to anyone.
    Unknown,
    /// Turned at least once and still on the table.
    Known(Card),
    /// Taken off the table as part of a pair.
    Removed(Card),
}

/// Where the current turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The mover is about to turn the first card.
    FirstCard,
    /// The first card is face up; the mover turns the second.
    SecondCard {
        /// Position of the first card.
        first: usize,
        /// Whether the first card was known before this turn.
        first_was_known: bool,
    },
    /// The game is over.
    Over(GameResult),
}

impl Phase {
    /// At the second card, whether the first card was known before this turn; `None`
    /// at any other point.
    #[must_use]
    pub fn first_was_known(self) -> Option<bool> {
        match self {
            Self::SecondCard {
                first_was_known, ..
            } => Some(first_was_known),
            _ => None,
        }
    }
}

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnEnd {
    /// The two cards matched: the mover took them and goes again.
    Pair,
    /// Two cards that do not match, at least one of them new.
    Miss,
    /// Two known, non-matching cards: the turn revealed nothing.
    Pass,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The last pair was taken.
    Cleared,
    /// A pass answered a pass (`agreed`).
    AgreedEnd,
    /// A pass ended the game (`quit`).
    Quit,
    /// A pass ended the game as a draw (`withdraw`).
    Withdrawn,
}

/// Who won, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This seat won.
    Winner(Seat),
    /// Nobody won (a draw, or several seats share the most pairs).
    Draw,
    /// A solitaire game: the table was cleared.
    Solo,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Win, draw or solitaire.
    pub outcome: Outcome,
    /// Why it ended.
    pub reason: EndReason,
    /// Pairs of each seat.
    pub pairs: Tally,
    /// Turns played.
    pub turns: u32,
}

/// Pairs taken by each seat, in seat order. Reads as a slice of one count per seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tally {
    counts: [u32; MAX_SEATS],
    seats: u8,
}

impl Tally {
    /// No pairs yet for each of `seats` seats.
    ///
    /// # Panics
    /// If `seats` is 0 or more than [`MAX_SEATS`].
    #[must_use]
    pub fn new(seats: usize) -> Self {
        assert!((1..=MAX_SEATS).contains(&seats), "1 to {MAX_SEATS} seats");
        Self {
            counts: [0; MAX_SEATS],
            // at most 6
            seats: seats as u8,
        }
    }

    /// Counts given seat by seat (tests, records).
    ///
    /// # Panics
    /// As [`Tally::new`].
    #[must_use]
    pub fn from_counts(counts: &[u32]) -> Self {
        let mut tally = Self::new(counts.len());
        tally.counts[..counts.len()].copy_from_slice(counts);
        tally
    }

    /// One more pair for `seat`.
    pub fn add(&mut self, seat: Seat) {
        self.counts[seat.index()] += 1;
    }

    /// The pairs of one seat.
    #[must_use]
    pub fn of(&self, seat: Seat) -> u32 {
        self.counts[seat.index()]
    }

    /// The pairs of `seat` minus the most any other seat holds: at two seats the score
    /// margin as `seat` says it (3–1 is `+2`).
    #[must_use]
    pub fn lead(&self, seat: Seat) -> i64 {
        let others = self
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, &n)| n)
            .max()
            .unwrap_or(0);
        i64::from(self.of(seat)) - i64::from(others)
    }

    /// All pairs taken.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.iter().sum()
    }

    /// The seat with the most pairs, if no other seat has as many.
    #[must_use]
    pub fn leader(&self) -> Option<Seat> {
        let best = self.iter().copied().max()?;
        let mut leaders = self.iter().enumerate().filter(|&(_, &n)| n == best);
        let (first, _) = leaders.next()?;
        // at most 6 seats
        leaders.next().is_none().then_some(Seat(first as u8))
    }
}

impl std::ops::Deref for Tally {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.counts[..usize::from(self.seats)]
    }
}

/// The seats at a table and the rules they play by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table {
    /// 2 to 6.
    pub seats: u8,
    /// What a pass does.
    pub pass_rule: PassRule,
    /// How turns go.
    pub variant: Variant,
}

/// A table of seats, or one player alone (solitaire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Players {
    /// Seats take turns; the pass rule applies.
    Table(Table),
    /// One player clears the table; a pass is just a wasted turn.
    Solitaire,
}

impl Players {
    /// The standard two-player game under `pass_rule`.
    #[must_use]
    pub fn two(pass_rule: PassRule) -> Self {
        Self::Table(Table::two(pass_rule, Variant::Standard))
    }

    /// How many seats play (1 for solitaire).
    #[must_use]
    pub fn seats(self) -> usize {
        match self {
            Self::Table(t) => usize::from(t.seats),
            Self::Solitaire => 1,
        }
    }

    /// How turns go (solitaire: the standard turn).
    #[must_use]
    pub fn variant(self) -> Variant {
        match self {
            Self::Table(t) => t.variant,
            Self::Solitaire => Variant::Standard,
        }
    }
}

/// One flip as everyone saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Flip {
    /// Who turned it.
    pub seat: Seat,
    /// Where.
    pub position: usize,
    /// What it showed.
    pub card: Card,
    /// Whether it was known before this flip.
    pub was_known: bool,
    /// How the turn ended, on a second card.
    pub turn_end: Option<TurnEnd>,
    /// The two face-down cards that swapped places once this flip ended the turn
    /// (moving cards).
    pub swap: Option<Swap>,
    /// Whether this first card of a move took the pair with the card turned just
    /// before it, the last of the previous move (the easier game: [`Reach::AcrossMoves`]).
    pub across: bool,
}

/// Everything public about a game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicView {
    pub(super) deck: Deck,
    pub(super) players: Players,
    pub(super) slots: Vec<Slot>,
    pub(super) phase: Phase,
    pub(super) mover: Seat,
    pub(super) pairs: Tally,
    /// Passes in a row just before this turn.
    pub(super) passes: u8,
    pub(super) turns: u32,
    pub(super) misses: u32,
    pub(super) flips: Vec<Flip>,
    /// How far a pair reaches (solitaire).
    pub(super) reach: Reach,
    /// The card turned last, still face up for the next card to complete (the easier
    /// game only).
    pub(super) live: Option<usize>,
}

impl PublicView {
    /// The deck in play.
    #[must_use]
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Two players (with their pass rule) or solitaire.
    #[must_use]
    pub fn players(&self) -> Players {
        self.players
    }

    /// The pass rule in force (none in solitaire).
    #[must_use]
    pub fn pass_rule(&self) -> Option<PassRule> {
        match self.players {
            Players::Table(t) => Some(t.pass_rule),
            Players::Solitaire => None,
        }
    }

    /// How many seats play (1 for solitaire).
    #[must_use]
    pub fn seats(&self) -> usize {
        self.players.seats()
    }

    /// What each position shows, row by row.
    #[must_use]
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Where the turn is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is.
    #[must_use]
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// Pairs taken by each seat.
    #[must_use]
    pub fn pairs(&self) -> Tally {
        self.pairs
    }

    /// Mover's pairs minus the most any other seat has (with two seats: minus the
    /// opponent's, the model's score difference).
    #[must_use]
    pub fn diff(&self) -> i32 {
        let own = self.pairs.of(self.mover);
        let others = (0..self.pairs.len())
            .filter(|&i| i != self.mover.index())
            .map(|i| self.pairs[i])
            .max()
            .unwrap_or(0);
        // pair counts are small
        own as i32 - others as i32
    }

    /// Whether the previous turn was a pass.
    #[must_use]
    pub fn after_pass(&self) -> bool {
        self.passes > 0
    }

    /// Passes in a row just before this turn.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// How far a pair reaches: within a move, or across two (the easier solitaire).
    #[must_use]
    pub fn reach(&self) -> Reach {
        self.reach
    }

    /// The card turned last if it stays face up for the next card, which takes the pair
    /// if it matches (the easier game; at the second card it is the move's first card).
    #[must_use]
    pub fn live(&self) -> Option<usize> {
        self.live
    }

    /// Whether the move in progress already took its pair: in the easier game, its first
    /// card completed the last card of the move before.
    #[must_use]
    pub fn move_took_pair(&self) -> bool {
        matches!(self.phase, Phase::SecondCard { first, .. } if matches!(self.slots[first], Slot::Removed(_)))
    }

    /// Turns completed so far (solitaire: moves).
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Turns that did not take a pair.
    #[must_use]
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// Every flip so far.
    #[must_use]
    pub fn flips(&self) -> &[Flip] {
        &self.flips
    }

    /// Where the card of each flip so far lies now: its place, moved by every swap
    /// since (moving cards), so that a memory of places follows the cards.
    #[must_use]
    pub fn places_now(&self) -> Vec<usize> {
        let mut now: Vec<usize> = self.flips.iter().map(|f| f.position).collect();
        for (i, f) in self.flips.iter().enumerate() {
            if let Some(swap) = f.swap {
                for p in &mut now[..=i] {
                    *p = swap.moved(*p);
                }
            }
        }
        now
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// Positions of cards nobody has seen.
    pub fn unknown_positions(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Slot::Unknown))
            .map(|(i, _)| i)
    }

    /// Positions and faces of known cards still on the table.
    pub fn known_cards(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| match s {
            Slot::Known(c) => Some((i, *c)),
            _ => None,
        })
    }

    /// Cards left on the table.
    #[must_use]
    pub fn cards_on_table(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| !matches!(s, Slot::Removed(_)))
            .count()
    }

    /// For each label still on the table: the label, its cards on the table and how many
    /// of those are unknown. Computed from public facts only (removed and known cards).
    #[must_use]
    pub fn label_counts(&self) -> Vec<(Label, u8, u8)> {
        let labels = self.deck.labels() as usize;
        let mut on_table: Vec<u8> = (0..labels)
            .map(|l| self.deck.copies_of(Label(l as u32)))
            .collect();
        let mut known = vec![0u8; labels];
        for slot in &self.slots {
            match slot {
                Slot::Removed(c) => on_table[c.label.0 as usize] -= 1,
                Slot::Known(c) => known[c.label.0 as usize] += 1,
                Slot::Unknown => {}
            }
        }
        (0..labels)
            .filter(|&l| on_table[l] > 0)
            .map(|l| {
                // l < labels <= u32
                (Label(l as u32), on_table[l], on_table[l] - known[l])
            })
            .collect()
    }
}
