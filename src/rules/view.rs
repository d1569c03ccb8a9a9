//! The public view: everything both players can see or remember. Players, hints and the
//! AI get only this; the faces of unseen cards live in the hidden table in `game.rs`.

use super::deck::{Deck, Label};
use super::layout::Card;
use super::options::{PassRule, Seat};

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
    /// Nobody won.
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
    /// Pairs of the first and second seat.
    pub pairs: [u32; 2],
    /// Turns played.
    pub turns: u32,
}

/// Two players, or one (solitaire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Players {
    /// Two players alternate; the pass rule applies.
    Two(PassRule),
    /// One player clears the table; a pass is just a wasted turn.
    Solitaire,
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
}

/// Everything public about a game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicView {
    pub(super) deck: Deck,
    pub(super) players: Players,
    pub(super) slots: Vec<Slot>,
    pub(super) phase: Phase,
    pub(super) mover: Seat,
    pub(super) pairs: [u32; 2],
    pub(super) after_pass: bool,
    pub(super) turns: u32,
    pub(super) misses: u32,
    pub(super) flips: Vec<Flip>,
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

    /// The pass rule in force (solitaire: none applies, reported as `Agreed`'s absence).
    #[must_use]
    pub fn pass_rule(&self) -> Option<PassRule> {
        match self.players {
            Players::Two(rule) => Some(rule),
            Players::Solitaire => None,
        }
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
    pub fn pairs(&self) -> [u32; 2] {
        self.pairs
    }

    /// Mover's pairs minus the opponent's.
    #[must_use]
    pub fn diff(&self) -> i32 {
        let [a, b] = self.pairs;
        #[allow(clippy::cast_possible_wrap)] // pair counts are small
        let d = a as i32 - b as i32;
        if self.mover == Seat::First { d } else { -d }
    }

    /// Whether the previous turn was a pass.
    #[must_use]
    pub fn after_pass(&self) -> bool {
        self.after_pass
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
        let copies = self.deck.copies();
        let mut on_table = vec![copies; labels];
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
                #[allow(clippy::cast_possible_truncation)] // l < labels <= u32
                (Label(l as u32), on_table[l], on_table[l] - known[l])
            })
            .collect()
    }
}
