//! The abstract state of the model: how many labels are in each pattern `R.U`.
//! No label identities: two tables with the same counts have the same value.

use std::fmt;

use thiserror::Error;

use crate::rules::{Deck, PublicView};

/// A label's pattern: `R` of its cards on the table, `U` of those unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern {
    /// Cards of the label still on the table (`C`, `C-2`, ..., 2).
    pub on_table: u8,
    /// How many of them nobody has seen.
    pub unknown: u8,
}

impl Pattern {
    /// Builds `R.U`.
    #[must_use]
    pub fn new(on_table: u8, unknown: u8) -> Self {
        Self { on_table, unknown }
    }

    /// Known cards of the label on the table.
    #[must_use]
    pub fn known(self) -> u8 {
        self.on_table - self.unknown
    }

    /// The pattern after one of the label's unknown cards is turned.
    #[must_use]
    pub fn revealed(self) -> Self {
        Self::new(self.on_table, self.unknown - 1)
    }

    /// The pattern after a pair of the label is taken, `unknown` of its two cards unknown
    /// before this turn; `None` when the label leaves the table.
    #[must_use]
    pub fn taken(self, unknown: u8) -> Option<Self> {
        (self.on_table > 2).then(|| Self::new(self.on_table - 2, self.unknown - unknown))
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.on_table, self.unknown)
    }
}

/// Every pattern a deck with `copies` cards per label can show, in a fixed order:
/// `R` from `C` down to 2, and for each `U` from `R` down to 0.
#[must_use]
pub fn patterns(copies: u8) -> Vec<Pattern> {
    (1..=copies / 2)
        .rev()
        .flat_map(|half| {
            let r = half * 2;
            (0..=r).rev().map(move |u| Pattern::new(r, u))
        })
        .collect()
}

/// A bad position, pattern or decision point.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A token that is not `R.UxN`.
    #[error("bad position token '{0}': expected R.UxN, e.g. 2.2x3")]
    Token(String),
    /// A pattern that is not `R.U`.
    #[error("bad pattern '{0}': expected R.U, e.g. 2.1")]
    PatternSyntax(String),
    /// A pattern this deck cannot show.
    #[error("pattern {0} is impossible with {1} cards per label (R even, 2 <= R <= {1}, U <= R)")]
    Impossible(String, u8),
    /// More labels than the deck has.
    #[error("position has {0} labels but the deck has only {1}")]
    TooManyLabels(u64, u32),
    /// Nothing on the table.
    #[error("position has no cards on the table")]
    Empty,
}

/// How many labels are in each pattern: the card state of the model.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    copies: u8,
    /// Count per pattern, in the order of [`patterns`].
    counts: Vec<u32>,
}

impl Position {
    /// An empty table for a deck with `copies` cards per label.
    #[must_use]
    pub fn empty(copies: u8) -> Self {
        Self {
            copies,
            counts: vec![0; patterns(copies).len()],
        }
    }

    /// The start of a game: every label has all its cards, none seen.
    #[must_use]
    pub fn start(deck: &Deck) -> Self {
        let mut p = Self::empty(deck.copies());
        p.add(Pattern::new(deck.copies(), deck.copies()), deck.labels());
        p
    }

    /// From counts in the order of [`patterns`].
    ///
    /// # Panics
    /// If the length does not match.
    #[must_use]
    pub fn from_counts(copies: u8, counts: Vec<u32>) -> Self {
        assert_eq!(counts.len(), patterns(copies).len());
        Self { copies, counts }
    }

    /// Parses `R.UxN` tokens separated by spaces (repeats add up), checked against `deck`.
    ///
    /// # Errors
    /// The first bad token, an impossible pattern, too many labels, or an empty table.
    pub fn parse(text: &str, deck: &Deck) -> Result<Self, PositionError> {
        let mut pos = Self::empty(deck.copies());
        let mut labels: u64 = 0;
        for token in text.split_whitespace() {
            let (pat, n) = token
                .split_once(['x', 'X'])
                .ok_or_else(|| PositionError::Token(token.to_owned()))?;
            let n: u32 = n
                .parse()
                .map_err(|_| PositionError::Token(token.to_owned()))?;
            let pattern = parse_pattern(pat, deck.copies()).map_err(|e| match e {
                PositionError::PatternSyntax(_) => PositionError::Token(token.to_owned()),
                other => other,
            })?;
            // Checked before adding, so that huge counts cannot overflow.
            labels += u64::from(n);
            if labels > u64::from(deck.labels()) {
                return Err(PositionError::TooManyLabels(labels, deck.labels()));
            }
            pos.add(pattern, n);
        }
        if labels == 0 {
            return Err(PositionError::Empty);
        }
        Ok(pos)
    }

    /// The position a player sees: computed from public facts only.
    #[must_use]
    pub(crate) fn from_view(view: &PublicView) -> Self {
        let mut p = Self::empty(view.deck().copies());
        for (_, on_table, unknown) in view.label_counts() {
            p.add(Pattern::new(on_table, unknown), 1);
        }
        p
    }

    /// Cards per label of the deck.
    #[must_use]
    pub fn copies(&self) -> u8 {
        self.copies
    }

    /// Counts per pattern, in the order of [`patterns`].
    #[must_use]
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// Labels in `pattern`.
    #[must_use]
    pub fn count(&self, pattern: Pattern) -> u32 {
        self.index(pattern).map_or(0, |i| self.counts[i])
    }

    /// Adds `n` labels in `pattern`.
    ///
    /// # Panics
    /// If the pattern is impossible for this deck.
    pub fn add(&mut self, pattern: Pattern, n: u32) {
        let i = self.index(pattern).expect("pattern fits the deck");
        self.counts[i] += n;
    }

    /// Removes one label in `pattern`.
    ///
    /// # Panics
    /// If there is none.
    pub fn remove(&mut self, pattern: Pattern) {
        let i = self.index(pattern).expect("pattern fits the deck");
        self.counts[i] -= 1;
    }

    /// This position with one label moved from pattern `from` to `to` (`None`: gone).
    #[must_use]
    pub fn moved(&self, from: Pattern, to: Option<Pattern>) -> Self {
        let mut p = self.clone();
        p.remove(from);
        if let Some(to) = to {
            p.add(to, 1);
        }
        p
    }

    fn index(&self, pattern: Pattern) -> Option<usize> {
        patterns(self.copies).iter().position(|&p| p == pattern)
    }

    /// Labels on the table.
    #[must_use]
    pub fn labels(&self) -> u64 {
        self.counts.iter().map(|&c| u64::from(c)).sum()
    }

    /// Pairs on the table.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.on_table / 2))
            .sum()
    }

    /// Known cards on the table.
    #[must_use]
    pub fn known_cards(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.known()))
            .sum()
    }

    /// Unknown cards on the table.
    #[must_use]
    pub fn unknown_cards(&self) -> u64 {
        self.iter()
            .map(|(p, n)| u64::from(n) * u64::from(p.unknown))
            .sum()
    }

    /// Patterns with at least one label, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Pattern, u32)> + '_ {
        patterns(self.copies)
            .into_iter()
            .zip(self.counts.iter().copied())
            .filter(|&(_, n)| n > 0)
    }
}

/// Parses `R.U` for a deck with `copies` cards per label.
///
/// # Errors
/// Bad syntax or a pattern the deck cannot show.
pub fn parse_pattern(text: &str, copies: u8) -> Result<Pattern, PositionError> {
    let syntax = || PositionError::PatternSyntax(text.to_owned());
    let (r, u) = text.split_once('.').ok_or_else(syntax)?;
    let r: u8 = r.parse().map_err(|_| syntax())?;
    let u: u8 = u.parse().map_err(|_| syntax())?;
    if r == 0 || r % 2 == 1 || r > copies || u > r {
        return Err(PositionError::Impossible(text.to_owned(), copies));
    }
    Ok(Pattern::new(r, u))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tokens: Vec<String> = self.iter().map(|(p, n)| format!("{p}x{n}")).collect();
        f.write_str(&tokens.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_lists() {
        let names = |c| {
            patterns(c)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(2), "2.2 2.1 2.0");
        assert_eq!(names(4), "4.4 4.3 4.2 4.1 4.0 2.2 2.1 2.0");
    }

    #[test]
    fn parse_and_print() {
        let deck = Deck::parse("13x4").unwrap();
        let p = Position::parse("4.4x11 2.1x1 4.4x1", &deck).unwrap();
        assert_eq!(p.to_string(), "4.4x12 2.1x1");
        assert_eq!(
            (p.labels(), p.pairs(), p.known_cards(), p.unknown_cards()),
            (13, 25, 1, 49)
        );
        assert_eq!(Position::start(&deck).to_string(), "4.4x13");
    }

    #[test]
    fn bad_positions_name_the_bad_part() {
        let deck = Deck::parse("13x4").unwrap();
        let err = |s| Position::parse(s, &deck).unwrap_err().to_string();
        assert!(err("4.4x12 2.2").contains("'2.2'"));
        assert!(err("3.1x2").contains("3.1"));
        assert!(err("2.3x1").contains("2.3"));
        assert!(err("4.4x14").contains("14 labels"));
        // Found by fuzzing: counts that would overflow.
        assert!(err("4.4x3113121211 4.4x4294967295 4.4x4294967295").contains("labels"));
        assert!(err("").contains("no cards"));
        assert!(err("4.4xz").contains("'4.4xz'"));
    }
}
