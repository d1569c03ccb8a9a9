//! Zebra's abstract state: per rank its pattern `RR.UR/RB.UB` (red cards on the table,
//! red unknown, black on the table, black unknown), counted per pattern, in canonical
//! colouring (docs/variants.md, "Zebra").

use std::fmt;

use thiserror::Error;

/// One half of a rank in a canonical pattern: "red" is the first half, "black" the
/// second. Swapping the colours of a rank changes nothing, so these name halves of the
/// canonical pattern, not necessarily the printed colour of the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ZebraColour {
    /// The first half (at least as many unknown cards as the second).
    Red,
    /// The second half.
    Black,
}

impl ZebraColour {
    /// Both halves, red first.
    pub const BOTH: [Self; 2] = [Self::Red, Self::Black];

    /// The other colour: a pair is one card of each.
    #[must_use]
    pub fn opposite(self) -> Self {
        match self {
            Self::Red => Self::Black,
            Self::Black => Self::Red,
        }
    }

    /// `red` or `black`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Red => "red",
            Self::Black => "black",
        }
    }
}

impl fmt::Display for ZebraColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank's pattern `R.UR/R.UB`, canonical: `UR >= UB`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ZebraPattern {
    on_table: u8,
    red_unknown: u8,
    black_unknown: u8,
}

/// The nine canonical patterns in the model's order (R descending, then the unknown
/// cards descending, left to right).
pub const ZEBRA_PATTERNS: [ZebraPattern; 9] = [
    ZebraPattern::raw(2, 2, 2),
    ZebraPattern::raw(2, 2, 1),
    ZebraPattern::raw(2, 2, 0),
    ZebraPattern::raw(2, 1, 1),
    ZebraPattern::raw(2, 1, 0),
    ZebraPattern::raw(2, 0, 0),
    ZebraPattern::raw(1, 1, 1),
    ZebraPattern::raw(1, 1, 0),
    ZebraPattern::raw(1, 0, 0),
];

impl ZebraPattern {
    const fn raw(on_table: u8, red_unknown: u8, black_unknown: u8) -> Self {
        Self {
            on_table,
            red_unknown,
            black_unknown,
        }
    }

    /// The canonical pattern of a rank with `on_table` cards of each colour on the table,
    /// `red_unknown` red and `black_unknown` black of them unknown (the halves are
    /// swapped if the black half has more unknown cards), or `None` if impossible.
    #[must_use]
    pub fn new(on_table: u8, red_unknown: u8, black_unknown: u8) -> Option<Self> {
        if !(1..=2).contains(&on_table) || red_unknown > on_table || black_unknown > on_table {
            return None;
        }
        let (a, b) = if red_unknown >= black_unknown {
            (red_unknown, black_unknown)
        } else {
            (black_unknown, red_unknown)
        };
        Some(Self::raw(on_table, a, b))
    }

    /// Whether the halves are swapped when this rank's cards, red `red_unknown` and black
    /// `black_unknown` unknown, are written canonically.
    #[must_use]
    pub fn swaps(red_unknown: u8, black_unknown: u8) -> bool {
        black_unknown > red_unknown
    }

    /// Cards of each colour on the table (1 or 2): also the rank's pairs.
    #[must_use]
    pub fn on_table(self) -> u8 {
        self.on_table
    }

    /// Unknown cards of a half.
    #[must_use]
    pub fn unknown(self, colour: ZebraColour) -> u8 {
        match colour {
            ZebraColour::Red => self.red_unknown,
            ZebraColour::Black => self.black_unknown,
        }
    }

    /// Known cards of a half.
    #[must_use]
    pub fn known(self, colour: ZebraColour) -> u8 {
        self.on_table - self.unknown(colour)
    }

    /// Unknown cards of the rank.
    #[must_use]
    pub fn unknown_cards(self) -> u8 {
        self.red_unknown + self.black_unknown
    }

    /// Known cards of the rank.
    #[must_use]
    pub fn known_cards(self) -> u8 {
        2 * self.on_table - self.unknown_cards()
    }

    /// Whether both halves look alike (`red` and `black` name equivalent cards).
    #[must_use]
    pub fn symmetric(self) -> bool {
        self.red_unknown == self.black_unknown
    }

    /// Index in [`ZEBRA_PATTERNS`].
    #[must_use]
    pub fn index(self) -> usize {
        ZEBRA_PATTERNS
            .iter()
            .position(|&p| p == self)
            .expect("a canonical pattern")
    }

    /// The pattern after the cards of a turn: `red_shown`/`black_shown` unknown cards of
    /// each half turned and left, and a pair taken if `taken` says which halves' cards
    /// were unknown before the turn (`None`: no pair). `None` if impossible; the rank
    /// gone is `Some(None)`. The result is canonical, with whether the halves swapped.
    #[must_use]
    pub fn after(
        self,
        red_shown: u8,
        black_shown: u8,
        taken: Option<(bool, bool)>,
    ) -> Option<Option<(Self, bool)>> {
        let (mut r, mut ur, mut ub) = (self.on_table, self.red_unknown, self.black_unknown);
        ur = ur.checked_sub(red_shown)?;
        ub = ub.checked_sub(black_shown)?;
        if let Some((red_was_unknown, black_was_unknown)) = taken {
            // A taken card that was unknown leaves the unknown ones; a known one the
            // known ones, which must exist.
            if red_was_unknown {
                ur = ur.checked_sub(1)?;
            } else if r - ur == 0 {
                return None;
            }
            if black_was_unknown {
                ub = ub.checked_sub(1)?;
            } else if r - ub == 0 {
                return None;
            }
            r -= 1;
            if r == 0 {
                return Some(None);
            }
        }
        if ur > r || ub > r {
            return None;
        }
        Some(Some((Self::new(r, ur, ub)?, Self::swaps(ur, ub))))
    }
}

impl fmt::Display for ZebraPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.on_table;
        write!(f, "{r}.{}/{r}.{}", self.red_unknown, self.black_unknown)
    }
}

/// A bad Zebra position or pattern; each names the bad part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ZebraPositionError {
    /// A token that is not `RR.UR/RB.UBxN`.
    #[error("bad position token '{0}': expected RR.UR/RB.UBxN, e.g. 2.2/2.1x3")]
    Token(String),
    /// A pattern that is not `RR.UR/RB.UB`.
    #[error("bad Zebra pattern '{0}': expected RR.UR/RB.UB, e.g. 2.2/2.1")]
    PatternSyntax(String),
    /// The halves hold different numbers of cards.
    #[error(
        "Zebra pattern '{0}': RR and RB must be equal (a pair takes one red and one black card)"
    )]
    UnequalHalves(String),
    /// More cards of a colour than a rank has.
    #[error("Zebra pattern '{0}': a rank has 1 or 2 cards of each colour on the table")]
    OnTable(String),
    /// More unknown cards than cards.
    #[error("Zebra pattern '{0}': more unknown cards than cards on the table (U > R)")]
    UnknownOverOnTable(String),
    /// More ranks than the deck has.
    #[error("position has {0} ranks but the deck has only {1}")]
    TooManyRanks(u64, u32),
    /// Nothing on the table.
    #[error("position has no cards on the table")]
    Empty,
}

/// Parses `RR.UR/RB.UB` (any colouring: it is made canonical), also telling whether the
/// halves were swapped to make it so.
///
/// # Errors
/// Bad syntax, unequal halves, or impossible counts.
pub fn parse_zebra_pattern(text: &str) -> Result<(ZebraPattern, bool), ZebraPositionError> {
    let syntax = || ZebraPositionError::PatternSyntax(text.to_owned());
    let half = |h: &str| -> Result<(u8, u8), ZebraPositionError> {
        let (r, u) = h.split_once('.').ok_or_else(syntax)?;
        Ok((
            r.parse().map_err(|_| syntax())?,
            u.parse().map_err(|_| syntax())?,
        ))
    };
    let (red, black) = text.split_once('/').ok_or_else(syntax)?;
    let ((rr, ur), (rb, ub)) = (half(red)?, half(black)?);
    if rr != rb {
        return Err(ZebraPositionError::UnequalHalves(text.to_owned()));
    }
    if !(1..=2).contains(&rr) {
        return Err(ZebraPositionError::OnTable(text.to_owned()));
    }
    if ur > rr || ub > rb {
        return Err(ZebraPositionError::UnknownOverOnTable(text.to_owned()));
    }
    let pattern = ZebraPattern::new(rr, ur, ub).ok_or_else(syntax)?;
    Ok((pattern, ZebraPattern::swaps(ur, ub)))
}

/// How many ranks are in each Zebra pattern: the card state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ZebraPosition {
    counts: [u32; 9],
}

impl ZebraPosition {
    /// The start of a game with `ranks` ranks: every card on the table, none seen.
    #[must_use]
    pub fn start(ranks: u32) -> Self {
        let mut counts = [0; 9];
        counts[0] = ranks;
        Self { counts }
    }

    /// From counts in the order of [`ZEBRA_PATTERNS`].
    #[must_use]
    pub fn from_counts(counts: [u32; 9]) -> Self {
        Self { counts }
    }

    /// Parses `PxN` tokens separated by spaces (repeats add up) for a deck of `ranks`.
    ///
    /// # Errors
    /// The first bad token or pattern, too many ranks, or an empty table.
    pub fn parse(text: &str, ranks: u32) -> Result<Self, ZebraPositionError> {
        let mut counts = [0u32; 9];
        let mut total: u64 = 0;
        for token in text.split_whitespace() {
            let bad = || ZebraPositionError::Token(token.to_owned());
            let (pat, n) = token.rsplit_once(['x', 'X']).ok_or_else(bad)?;
            let n: u32 = n.parse().map_err(|_| bad())?;
            let (pattern, _) = parse_zebra_pattern(pat).map_err(|e| match e {
                ZebraPositionError::PatternSyntax(_) => bad(),
                other => other,
            })?;
            // Checked before adding, so that huge counts cannot overflow.
            total += u64::from(n);
            if total > u64::from(ranks) {
                return Err(ZebraPositionError::TooManyRanks(total, ranks));
            }
            counts[pattern.index()] += n;
        }
        if total == 0 {
            return Err(ZebraPositionError::Empty);
        }
        Ok(Self { counts })
    }

    /// Counts per pattern, in the order of [`ZEBRA_PATTERNS`].
    #[must_use]
    pub fn counts(&self) -> &[u32; 9] {
        &self.counts
    }

    /// Ranks in `pattern`.
    #[must_use]
    pub fn count(&self, pattern: ZebraPattern) -> u32 {
        self.counts[pattern.index()]
    }

    /// Adds `n` ranks in `pattern`.
    pub fn add(&mut self, pattern: ZebraPattern, n: u32) {
        self.counts[pattern.index()] += n;
    }

    /// Removes one rank in `pattern`.
    ///
    /// # Panics
    /// If there is none.
    pub fn remove(&mut self, pattern: ZebraPattern) {
        let c = &mut self.counts[pattern.index()];
        *c = c.checked_sub(1).expect("a rank in that pattern");
    }

    /// This position with one rank moved from `from` to `to` (`None`: gone).
    #[must_use]
    pub fn moved(&self, from: ZebraPattern, to: Option<ZebraPattern>) -> Self {
        let mut p = self.clone();
        p.remove(from);
        if let Some(to) = to {
            p.add(to, 1);
        }
        p
    }

    /// Ranks on the table.
    #[must_use]
    pub fn ranks(&self) -> u64 {
        self.counts.iter().map(|&c| u64::from(c)).sum()
    }

    /// Pairs on the table.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.on_table()))
            .sum()
    }

    /// Unknown cards on the table.
    #[must_use]
    pub fn unknown_cards(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.unknown_cards()))
            .sum()
    }

    /// Known cards on the table.
    #[must_use]
    pub fn known_cards(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.known_cards()))
            .sum()
    }

    /// Ranks with at least one known card.
    #[must_use]
    pub fn known_ranks(&self) -> u64 {
        self.iter()
            .filter(|(p, _)| p.known_cards() > 0)
            .map(|(_, n)| u64::from(n))
            .sum()
    }

    /// Patterns with at least one rank, with their counts, in the model's order.
    pub fn iter(&self) -> impl Iterator<Item = (ZebraPattern, u32)> + '_ {
        ZEBRA_PATTERNS
            .into_iter()
            .zip(self.counts)
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Display for ZebraPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tokens: Vec<String> = self.iter().map(|(p, n)| format!("{p}x{n}")).collect();
        f.write_str(&tokens.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nine_patterns_are_canonical_and_complete() {
        let names: Vec<String> = ZEBRA_PATTERNS.iter().map(ToString::to_string).collect();
        assert_eq!(
            names.join(" "),
            "2.2/2.2 2.2/2.1 2.2/2.0 2.1/2.1 2.1/2.0 2.0/2.0 1.1/1.1 1.1/1.0 1.0/1.0"
        );
        let mut all = std::collections::HashSet::new();
        for r in 1..=2 {
            for ur in 0..=r {
                for ub in 0..=r {
                    all.insert(ZebraPattern::new(r, ur, ub).unwrap());
                }
            }
        }
        assert_eq!(all.len(), 9);
    }

    #[test]
    fn parse_canonicalises_and_names_the_bad_part() {
        let p = ZebraPosition::parse("2.0/2.2x2 2.2/2.2x1 2.2/2.0x1", 13).unwrap();
        assert_eq!(p.to_string(), "2.2/2.2x1 2.2/2.0x3");
        assert_eq!((p.ranks(), p.pairs(), p.unknown_cards()), (4, 8, 10));
        let err = |s| ZebraPosition::parse(s, 4).unwrap_err().to_string();
        assert!(err("2.2/1.1x1").contains("RR and RB must be equal"));
        assert!(err("2.3/2.0x1").contains("U > R"));
        assert!(err("3.0/3.0x1").contains("1 or 2 cards"));
        assert!(err("2.2/2.2x5").contains("5 ranks"));
        assert!(err("2.2/2.2").contains("'2.2/2.2'"));
        assert!(err("2.2x1").contains("'2.2x1'"));
        assert!(err("").contains("no cards"));
    }

    #[test]
    fn transitions() {
        let p = ZebraPattern::new(2, 2, 1).unwrap();
        // The red half's unknown card shown: 2.1/2.1.
        assert_eq!(
            p.after(1, 0, None),
            Some(Some((ZebraPattern::new(2, 1, 1).unwrap(), false)))
        );
        // The black half's: 2.2/2.0.
        assert_eq!(
            p.after(0, 1, None).unwrap().unwrap().0.to_string(),
            "2.2/2.0"
        );
        // A pair of an unknown red and the known black: 1.1/1.1.
        assert_eq!(
            p.after(0, 0, Some((true, false)))
                .unwrap()
                .unwrap()
                .0
                .to_string(),
            "1.1/1.1"
        );
        // No known red to take.
        assert_eq!(
            ZebraPattern::new(2, 2, 2)
                .unwrap()
                .after(0, 0, Some((false, true))),
            None
        );
        // The last pair of a rank: gone.
        assert_eq!(
            ZebraPattern::new(1, 1, 0)
                .unwrap()
                .after(0, 0, Some((true, false))),
            Some(None)
        );
        // Swapped halves: 2.1/2.0, black... 2.0/2.0 after the red unknown.
        let q = ZebraPattern::new(2, 1, 1).unwrap();
        assert_eq!(
            q.after(1, 0, None),
            Some(Some((ZebraPattern::new(2, 1, 0).unwrap(), true)))
        );
    }
}
