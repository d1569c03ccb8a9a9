//! Decks: `L` labels with `C` cards each, plus the faces drawn for them.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::layout::Card;

/// Most cards a table can hold in play (the largest grid the board can draw).
pub const MAX_TABLE_CARDS: usize = 120;
/// Most labels an analysis deck may have (the solitaire solver goes this far).
pub const MAX_LABELS: u32 = 100_000;
/// Most cards per label.
pub const MAX_COPIES: u8 = 8;
/// Most ranks of a `zebra:L` deck (the Zebra solver's card-state index goes this far).
pub const MAX_ZEBRA_RANKS: u32 = 100;
/// Most pairs of a `double-checker:N` deck (one card of each of two standard decks).
pub const MAX_CHECKER_PAIRS: u32 = 52;

/// Why a deck name was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeckError {
    /// Neither a named deck nor `LxC`.
    #[error(
        "unknown deck '{0}': use LxC (e.g. 13x4), standard, standard-rank, standard-jokers, standard-rank-jokers, double, double-checker, double-checker:N, pairs:N, zebra or zebra:L"
    )]
    Unknown(String),
    /// `C` must be even: cards are removed in pairs.
    #[error("deck '{0}': cards per label must be even (2, 4, ...), got {1}")]
    OddCopies(String, u32),
    /// `C` out of range.
    #[error("deck '{0}': cards per label must be between 2 and {MAX_COPIES}, got {1}")]
    Copies(String, u32),
    /// `L` must be at least one.
    #[error("deck '{0}': needs at least one label")]
    NoLabels(String),
    /// `L` too large even for analysis.
    #[error("deck '{0}': at most {MAX_LABELS} labels")]
    TooManyLabels(String),
    /// `pairs:N` with N out of range.
    #[error("deck '{0}': pairs:N needs 1 <= N <= 60")]
    PairsRange(String),
    /// `zebra:L` with L out of range.
    #[error("deck '{0}': zebra:L needs 1 <= L <= {MAX_ZEBRA_RANKS}")]
    ZebraRange(String),
    /// `double-checker:N` with N out of range.
    #[error("deck '{0}': double-checker:N needs 1 <= N <= {MAX_CHECKER_PAIRS}")]
    CheckerRange(String),
    /// Too many cards to lay out on a table.
    #[error("deck '{0}' has {1} cards: a table holds at most {MAX_TABLE_CARDS}")]
    TooManyCards(String, usize),
    /// Not a deck the Two Decks Duel splits into two sides.
    #[error(
        "deck '{0}': the duel splits two of each card, one a side, into identical pairs: use double (a full deck each), pairs:N or Lx2"
    )]
    NotDuel(String),
}

/// How the labels of a deck are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FaceStyle {
    /// Playing cards matched by rank and colour (`standard`).
    RankAndColour,
    /// Playing cards matched by rank (`standard-rank`).
    Rank,
    /// Rank and colour plus the two jokers as one more pair (`standard-jokers`).
    RankAndColourJokers,
    /// Playing cards matched by rank, and the two jokers as one more pair that counts
    /// double (`standard-rank-jokers`): ranks are labels 0..13 of four cards, the jokers
    /// label 13 of two.
    RankJokers,
    /// Playing cards, a pair being the same rank in the opposite colour (`zebra`): each
    /// rank is a label of four cards, copies 0 and 1 red, 2 and 3 black.
    Zebra,
    /// Two standard decks matched card for card: same rank and suit (`double`).
    TwoDecks,
    /// Two standard decks with different backs, dealt in a checkerboard
    /// (`double-checker`): copy 0 has the red back, copy 1 the blue one.
    Checkerboard,
    /// Letters and symbols (`pairs:N`).
    Symbols,
    /// Plain numbered labels (`LxC`).
    Numbers,
}

/// Colour of the ink a face is printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Hearts, diamonds, the red joker.
    Red,
    /// Spades, clubs, the black joker.
    Black,
    /// Anything else.
    Plain,
}

/// What is printed on one card.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Face {
    /// Short text: `7♥`, `Jk`, `A`, `12`.
    pub text: String,
    /// Ink colour.
    pub ink: Ink,
}

/// A label (what decides a match), numbered from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

/// A deck: `labels` labels with `copies` cards each.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deck {
    labels: u32,
    copies: u8,
    style: FaceStyle,
    name: String,
}

const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz23456789";

impl Deck {
    /// Parses a deck name: `LxC`, `standard`, `standard-rank`, `standard-jokers`,
    /// `standard-rank-jokers`, `double`, `double-checker`, `double-checker:N`, `pairs:N`,
    /// `zebra` or `zebra:L`.
    ///
    /// # Errors
    /// A [`DeckError`] naming what is wrong.
    pub fn parse(name: &str) -> Result<Self, DeckError> {
        // Names are case-insensitive everywhere (flags, settings, records); the deck
        // keeps the lower-case name, so `STANDARD` and `standard` are one deck in
        // records, statistics and challenges.
        let given = name.trim();
        let lower = given.to_ascii_lowercase();
        let name = lower.as_str();
        let deck = match name {
            "standard" => Self::named(26, 2, FaceStyle::RankAndColour, name),
            "standard-rank" => Self::named(13, 4, FaceStyle::Rank, name),
            "standard-jokers" => Self::named(27, 2, FaceStyle::RankAndColourJokers, name),
            "standard-rank-jokers" => Self::named(14, 4, FaceStyle::RankJokers, name),
            "zebra" => Self::named(13, 4, FaceStyle::Zebra, name),
            "double" => Self::named(52, 2, FaceStyle::TwoDecks, name),
            "double-checker" => Self::named(52, 2, FaceStyle::Checkerboard, name),
            _ => {
                if let Some(n) = name.strip_prefix("double-checker:") {
                    let n: u32 = n
                        .parse()
                        .map_err(|_| DeckError::CheckerRange(given.to_owned()))?;
                    if !(1..=MAX_CHECKER_PAIRS).contains(&n) {
                        return Err(DeckError::CheckerRange(given.to_owned()));
                    }
                    Self::named(n, 2, FaceStyle::Checkerboard, name)
                } else if let Some(n) = name.strip_prefix("zebra:") {
                    let n: u32 = n
                        .parse()
                        .map_err(|_| DeckError::ZebraRange(given.to_owned()))?;
                    if !(1..=MAX_ZEBRA_RANKS).contains(&n) {
                        return Err(DeckError::ZebraRange(given.to_owned()));
                    }
                    Self::named(n, 4, FaceStyle::Zebra, name)
                } else if let Some(n) = name.strip_prefix("pairs:") {
                    let n: u32 = n
                        .parse()
                        .map_err(|_| DeckError::PairsRange(given.to_owned()))?;
                    if !(1..=60).contains(&n) {
                        return Err(DeckError::PairsRange(given.to_owned()));
                    }
                    Self::named(n, 2, FaceStyle::Symbols, name)
                } else if let Some((l, c)) = name.split_once('x') {
                    let bad = || DeckError::Unknown(given.to_owned());
                    let labels: u32 = l.parse().map_err(|_| bad())?;
                    let copies: u32 = c.parse().map_err(|_| bad())?;
                    Self::from_counts(labels, copies).map_err(|e| e.renamed(given))?
                } else {
                    return Err(DeckError::Unknown(given.to_owned()));
                }
            }
        };
        Ok(deck)
    }

    /// A plain `LxC` deck.
    ///
    /// # Errors
    /// Odd or out-of-range `copies`, zero or too many labels.
    pub fn from_counts(labels: u32, copies: u32) -> Result<Self, DeckError> {
        let name = format!("{labels}x{copies}");
        if copies % 2 == 1 {
            return Err(DeckError::OddCopies(name, copies));
        }
        if copies == 0 || copies > u32::from(MAX_COPIES) {
            return Err(DeckError::Copies(name, copies));
        }
        if labels == 0 {
            return Err(DeckError::NoLabels(name));
        }
        if labels > MAX_LABELS {
            return Err(DeckError::TooManyLabels(name));
        }
        // checked against MAX_COPIES above
        Ok(Self::named(labels, copies as u8, FaceStyle::Numbers, &name))
    }

    fn named(labels: u32, copies: u8, style: FaceStyle, name: &str) -> Self {
        Self {
            labels,
            copies,
            style,
            name: name.to_owned(),
        }
    }

    /// Number of labels `L`.
    #[must_use]
    pub fn labels(&self) -> u32 {
        self.labels
    }

    /// Cards per label `C`.
    #[must_use]
    pub fn copies(&self) -> u8 {
        self.copies
    }

    /// Total number of cards: `L * C`, but for the jokers of `standard-rank-jokers`.
    #[must_use]
    pub fn cards(&self) -> usize {
        (0..self.labels)
            .map(|l| usize::from(self.copies_of(Label(l))))
            .sum()
    }

    /// Total number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        u32::try_from(self.cards() / 2).expect("a table's pairs fit")
    }

    /// Cards of `label`: `C`, but two for the jokers of `standard-rank-jokers`.
    #[must_use]
    pub fn copies_of(&self, label: Label) -> u8 {
        if Some(label) == self.double_jokers() {
            2
        } else {
            self.copies
        }
    }

    /// The label of the jokers that count double (`standard-rank-jokers`), if any.
    #[must_use]
    pub fn double_jokers(&self) -> Option<Label> {
        (self.style == FaceStyle::RankJokers).then(|| Label(self.labels - 1))
    }

    /// What a pair of `label` scores: 2 for the jokers that count double, else 1.
    #[must_use]
    pub fn points(&self, label: Label) -> u32 {
        if Some(label) == self.double_jokers() {
            2
        } else {
            1
        }
    }

    /// What a score counts: "point" where the jokers count double, else "pair".
    #[must_use]
    pub fn score_unit(&self) -> &'static str {
        ["pair", "point"][usize::from(self.double_jokers().is_some())]
    }

    /// What all the pairs score together.
    #[must_use]
    pub fn points_total(&self) -> u32 {
        self.pairs() + u32::from(self.double_jokers().is_some())
    }

    /// The name the deck was given (`standard`, `13x4`, `pairs:8`).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How faces are drawn.
    #[must_use]
    pub fn style(&self) -> FaceStyle {
        self.style
    }

    /// Whether two cards make a pair: the same label, and for Zebra also opposite colours
    /// (two cards of the same rank and colour, a *twin*, are not a pair).
    #[must_use]
    pub fn matches(&self, a: Card, b: Card) -> bool {
        a.label == b.label && (self.style != FaceStyle::Zebra || zebra_red(a) != zebra_red(b))
    }

    /// Whether this is a Zebra deck (pairs of opposite colours).
    #[must_use]
    pub fn is_zebra(&self) -> bool {
        self.style == FaceStyle::Zebra
    }

    /// Whether this is a Double Decker Checkerboard deck (two backs, dealt apart).
    #[must_use]
    pub fn is_checker(&self) -> bool {
        self.style == FaceStyle::Checkerboard
    }

    /// The back of the card dealt at `position` of a checkerboard deck: the squares
    /// alternate (red where row plus column is even), so the backs are public; `None`
    /// for a deck of one back.
    #[must_use]
    pub fn back_at(&self, position: usize) -> Option<Back> {
        if !self.is_checker() {
            return None;
        }
        let (_, cols) = self.grid();
        Some(if (position / cols + position % cols).is_multiple_of(2) {
            Back::Red
        } else {
            Back::Blue
        })
    }

    /// Checks that the deck fits on a table.
    ///
    /// # Errors
    /// [`DeckError::TooManyCards`] when it has more than [`MAX_TABLE_CARDS`] cards.
    pub fn check_playable(&self) -> Result<(), DeckError> {
        if self.cards() > MAX_TABLE_CARDS {
            return Err(DeckError::TooManyCards(self.name.clone(), self.cards()));
        }
        Ok(())
    }

    /// Rows and columns of the grid the deck is laid out in.
    #[must_use]
    pub fn grid(&self) -> (usize, usize) {
        match self.style {
            FaceStyle::RankAndColour | FaceStyle::Rank | FaceStyle::Zebra if self.cards() == 52 => {
                (4, 13)
            }
            FaceStyle::RankAndColourJokers | FaceStyle::RankJokers => (6, 9),
            // Two decks as two standard tables, one above the other.
            FaceStyle::TwoDecks => (8, 13),
            FaceStyle::Checkerboard if self.cards() == 104 => (8, 13),
            FaceStyle::Checkerboard => checker_grid(self.cards()),
            _ => grid_for(self.cards()),
        }
    }

    /// The face of copy `copy` of `label`.
    #[must_use]
    pub fn face(&self, label: Label, copy: u8) -> Face {
        let l = label.0 as usize;
        match self.style {
            FaceStyle::RankAndColour | FaceStyle::RankAndColourJokers => {
                if l == 26 {
                    let ink = if copy.is_multiple_of(2) {
                        Ink::Red
                    } else {
                        Ink::Black
                    };
                    return Face {
                        text: "Jk".into(),
                        ink,
                    };
                }
                // Label 2r is rank r in red (hearts, diamonds), 2r+1 in black.
                let red = l.is_multiple_of(2);
                let suit = match (red, copy % 2) {
                    (true, 0) => '♥',
                    (true, _) => '♦',
                    (false, 0) => '♠',
                    (false, _) => '♣',
                };
                Face {
                    text: format!("{}{suit}", RANKS[(l / 2) % 13]),
                    ink: if red { Ink::Red } else { Ink::Black },
                }
            }
            FaceStyle::RankJokers if l == 13 => Face {
                text: "Jk".into(),
                ink: if copy.is_multiple_of(2) {
                    Ink::Red
                } else {
                    Ink::Black
                },
            },
            FaceStyle::Rank | FaceStyle::RankJokers => {
                let (suit, ink) = match copy % 4 {
                    0 => ('♠', Ink::Black),
                    1 => ('♥', Ink::Red),
                    2 => ('♣', Ink::Black),
                    _ => ('♦', Ink::Red),
                };
                Face {
                    text: format!("{}{suit}", RANKS[l % 13]),
                    ink,
                }
            }
            FaceStyle::Zebra => {
                let suit = ['♥', '♦', '♠', '♣'][usize::from(copy % 4)];
                let rank = RANKS
                    .get(l)
                    .map_or_else(|| (l + 1).to_string(), ToString::to_string);
                Face {
                    text: format!("{rank}{suit}"),
                    ink: if copy % 4 < 2 { Ink::Red } else { Ink::Black },
                }
            }
            FaceStyle::TwoDecks | FaceStyle::Checkerboard => {
                // Label 4r+s is rank r in suit s; both copies are the same card.
                let (suit, ink) = match l % 4 {
                    0 => ('♠', Ink::Black),
                    1 => ('♥', Ink::Red),
                    2 => ('♣', Ink::Black),
                    _ => ('♦', Ink::Red),
                };
                Face {
                    text: format!("{}{suit}", RANKS[(l / 4) % 13]),
                    ink,
                }
            }
            FaceStyle::Symbols => Face {
                text: SYMBOLS
                    .chars()
                    .nth(l % SYMBOLS.len())
                    .unwrap_or('?')
                    .to_string(),
                ink: Ink::Plain,
            },
            FaceStyle::Numbers => Face {
                text: (l + 1).to_string(),
                ink: Ink::Plain,
            },
        }
    }
}

/// The back of a card of a checkerboard deck (`double-checker`): two decks told apart by
/// their backs, red and blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Back {
    /// The first deck's back (copy 0).
    Red,
    /// The second deck's back (copy 1).
    Blue,
}

impl Back {
    /// Both backs, red first.
    pub const BOTH: [Self; 2] = [Self::Red, Self::Blue];

    /// The back of copy `copy` of a label.
    #[must_use]
    pub fn of_copy(copy: u8) -> Self {
        if copy == 0 { Self::Red } else { Self::Blue }
    }

    /// The other back.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Self::Red => Self::Blue,
            Self::Blue => Self::Red,
        }
    }

    /// The copy of a label that carries this back.
    #[must_use]
    pub fn copy(self) -> u8 {
        u8::from(self == Self::Blue)
    }
}

impl fmt::Display for Back {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Red => "red",
            Self::Blue => "blue",
        })
    }
}

/// Whether a card of a Zebra deck is red (copies 0 and 1).
#[must_use]
pub fn zebra_red(card: Card) -> bool {
    card.copy % 4 < 2
}

impl DeckError {
    fn renamed(self, name: &str) -> Self {
        let n = name.to_owned();
        match self {
            Self::OddCopies(_, c) => Self::OddCopies(n, c),
            Self::Copies(_, c) => Self::Copies(n, c),
            Self::NoLabels(_) => Self::NoLabels(n),
            Self::TooManyLabels(_) => Self::TooManyLabels(n),
            other => other,
        }
    }
}

/// A near-rectangular grid for `cards` cards: wider than tall, few empty places.
pub(super) fn grid_for(cards: usize) -> (usize, usize) {
    let mut best = (1, cards);
    let mut best_score = usize::MAX;
    for rows in 1..=cards {
        let cols = cards.div_ceil(rows);
        if cols < rows {
            break;
        }
        // Prefer about 2-3 columns per row (cards are wider than tall on screen
        // only by the cell, so aim for cols ~ 2.5 rows) and few holes.
        let holes = rows * cols - cards;
        let shape = (cols * 2).abs_diff(rows * 5);
        let score = holes * 8 + shape;
        if score < best_score {
            best_score = score;
            best = (rows, cols);
        }
    }
    best
}

/// A grid for a checkerboard of `cards` cards (an even number) with as many squares of
/// each colour among the first `cards` places, row by row: the plain grid if it is so
/// balanced, else one column more (an even row holds as many of each).
fn checker_grid(cards: usize) -> (usize, usize) {
    let balanced = |(rows, cols): (usize, usize)| {
        let red = (0..cards)
            .filter(|p| (p / cols + p % cols).is_multiple_of(2))
            .count();
        rows * cols >= cards && red * 2 == cards
    };
    let (rows, cols) = grid_for(cards);
    if balanced((rows, cols)) {
        return (rows, cols);
    }
    let cols = cols + cols % 2;
    (cards.div_ceil(cols), cols)
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl FromStr for Deck {
    type Err = DeckError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_decks_are_every_card_twice() {
        let d = Deck::parse("double").unwrap();
        let mut count = std::collections::HashMap::new();
        for l in 0..d.labels() {
            let (a, b) = (d.face(Label(l), 0), d.face(Label(l), 1));
            assert_eq!(a, b, "label {l}: both copies are the same card");
            *count.entry(a.text).or_insert(0) += 2;
        }
        // 13 ranks in 4 suits, each card twice.
        assert_eq!(count.len(), 52);
        assert!(count.values().all(|&n| n == 2));
        let suits = |rank: &str| {
            count
                .keys()
                .filter(|t| t.strip_suffix(['♠', '♥', '♣', '♦']) == Some(rank))
                .count()
        };
        assert!(RANKS.iter().all(|r| suits(r) == 4));
    }

    #[test]
    fn named_decks() {
        let d = Deck::parse("standard").unwrap();
        assert_eq!((d.labels(), d.copies(), d.grid()), (26, 2, (4, 13)));
        let d = Deck::parse("standard-rank").unwrap();
        assert_eq!((d.labels(), d.copies(), d.grid()), (13, 4, (4, 13)));
        let d = Deck::parse("standard-jokers").unwrap();
        assert_eq!((d.labels(), d.copies(), d.grid()), (27, 2, (6, 9)));
        let d = Deck::parse("double").unwrap();
        assert_eq!((d.labels(), d.copies(), d.grid()), (52, 2, (8, 13)));
        assert!(d.check_playable().is_ok());
        let d = Deck::parse("pairs:3").unwrap();
        assert_eq!((d.labels(), d.copies()), (3, 2));
        assert_eq!(Deck::parse("13x4").unwrap().cards(), 52);
    }

    #[test]
    fn names_are_case_insensitive() {
        for (given, name) in [
            ("STANDARD", "standard"),
            ("Standard-Rank", "standard-rank"),
            ("standard-JOKERS", "standard-jokers"),
            ("Double", "double"),
            ("Pairs:8", "pairs:8"),
            ("13X4", "13x4"),
        ] {
            assert_eq!(Deck::parse(given).unwrap().name(), name, "{given}");
        }
        assert!(
            Deck::parse("BANANA")
                .unwrap_err()
                .to_string()
                .contains("'BANANA'")
        );
    }

    #[test]
    fn bad_decks() {
        assert!(matches!(Deck::parse("3x3"), Err(DeckError::OddCopies(..))));
        assert!(matches!(Deck::parse("0x2"), Err(DeckError::NoLabels(_))));
        assert!(matches!(
            Deck::parse("pairs:61"),
            Err(DeckError::PairsRange(_))
        ));
        assert!(matches!(
            Deck::parse("pairs:0"),
            Err(DeckError::PairsRange(_))
        ));
        assert!(matches!(Deck::parse("huge"), Err(DeckError::Unknown(_))));
        assert!(matches!(Deck::parse("4x0"), Err(DeckError::Copies(..))));
        assert!(Deck::parse("61x2").unwrap().check_playable().is_err());
        assert!(Deck::parse("pairs:60").unwrap().check_playable().is_ok());
    }

    #[test]
    fn zebra_pairs_are_opposite_colours() {
        let d = Deck::parse("zebra").unwrap();
        assert_eq!(
            (d.labels(), d.copies(), d.grid(), d.pairs()),
            (13, 4, (4, 13), 26)
        );
        let card = |label, copy| Card {
            label: Label(label),
            copy,
        };
        let faces: Vec<String> = (0..4).map(|c| d.face(Label(6), c).text).collect();
        assert_eq!(faces, ["7♥", "7♦", "7♠", "7♣"]);
        assert!(d.matches(card(6, 1), card(6, 3)));
        assert!(d.matches(card(6, 2), card(6, 0)));
        // Twins: same rank and colour.
        assert!(!d.matches(card(6, 0), card(6, 1)));
        assert!(!d.matches(card(6, 2), card(6, 3)));
        assert!(!d.matches(card(6, 0), card(7, 2)));
        // Every other deck matches by label alone.
        let rank = Deck::parse("standard-rank").unwrap();
        assert!(rank.matches(card(6, 0), card(6, 1)));
        assert_eq!(Deck::parse("Zebra:5").unwrap().name(), "zebra:5");
        assert_eq!(Deck::parse("zebra:5").unwrap().labels(), 5);
        for bad in ["zebra:0", "zebra:101", "zebra:x"] {
            assert!(
                matches!(Deck::parse(bad), Err(DeckError::ZebraRange(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn grids_hold_every_card() {
        for n in 1..=60 {
            let d = Deck::parse(&format!("pairs:{n}")).unwrap();
            let (r, c) = d.grid();
            assert!(
                r * c >= d.cards() && r * c < d.cards() + c,
                "pairs:{n} -> {r}x{c}"
            );
        }
    }

    #[test]
    fn faces_differ_between_labels() {
        for name in [
            "standard",
            "standard-rank",
            "standard-jokers",
            "double",
            "pairs:60",
        ] {
            let d = Deck::parse(name).unwrap();
            let mut seen = std::collections::HashSet::new();
            for l in 0..d.labels() {
                assert!(seen.insert(d.face(Label(l), 0).text), "{name} label {l}");
            }
        }
    }
}
