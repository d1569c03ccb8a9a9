//! A Duel position: how many labels are in each pile, by whose card of the label has been
//! seen, written `N/L/A/B` from the leader's side (the start of 52 pairs is `52/0/0/0`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Whose card of a label still on the table has been seen, from the leader's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seen {
    /// Neither card: `N`.
    Neither,
    /// Only the leader's: `L`.
    Leader,
    /// Only the answerer's: `A`.
    Answerer,
    /// Both: `B`.
    Both,
}

impl Seen {
    /// Every pile, in the notation's order.
    pub const ALL: [Self; 4] = [Self::Neither, Self::Leader, Self::Answerer, Self::Both];

    /// The pile's letter in the notation.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Self::Neither => 'N',
            Self::Leader => 'L',
            Self::Answerer => 'A',
            Self::Both => 'B',
        }
    }

    /// The pile of that letter (either case).
    #[must_use]
    pub fn from_letter(letter: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|p| letter.eq_ignore_ascii_case(&p.letter().to_string()))
    }

    /// The same pile named from the other side (when the roles change).
    #[must_use]
    pub fn swapped(self) -> Self {
        match self {
            Self::Leader => Self::Answerer,
            Self::Answerer => Self::Leader,
            other => other,
        }
    }
}

/// The labels on the table in each pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DuelPosition {
    /// Labels neither of whose cards has been seen.
    pub neither: u32,
    /// Labels whose leader's card only has been seen.
    pub leader: u32,
    /// Labels whose answerer's card only has been seen.
    pub answerer: u32,
    /// Labels whose two cards have both been seen.
    pub both: u32,
}

impl DuelPosition {
    /// The start: `pairs` labels, nothing seen.
    #[must_use]
    pub fn start(pairs: u32) -> Self {
        Self {
            neither: pairs,
            ..Self::default()
        }
    }

    /// Labels (pairs) on the table.
    #[must_use]
    pub fn pairs(self) -> u32 {
        self.neither + self.leader + self.answerer + self.both
    }

    /// Labels in `pile`.
    #[must_use]
    pub fn count(self, pile: Seen) -> u32 {
        match pile {
            Seen::Neither => self.neither,
            Seen::Leader => self.leader,
            Seen::Answerer => self.answerer,
            Seen::Both => self.both,
        }
    }

    /// The leader's cards nobody has seen.
    #[must_use]
    pub fn leader_unseen(self) -> u32 {
        self.neither + self.answerer
    }

    /// The answerer's cards nobody has seen.
    #[must_use]
    pub fn answerer_unseen(self) -> u32 {
        self.neither + self.leader
    }

    /// The same table from the other side: the leader's and the answerer's piles swap.
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            leader: self.answerer,
            answerer: self.leader,
            ..self
        }
    }

    /// One label moved from pile `from` to pile `to` (a card of it shown).
    ///
    /// # Panics
    /// If `from` is empty.
    #[must_use]
    pub fn moved(self, from: Seen, to: Seen) -> Self {
        self.without(from).with(to)
    }

    /// One label of `pile` gone (its pair taken).
    ///
    /// # Panics
    /// If `pile` is empty.
    #[must_use]
    pub fn without(mut self, pile: Seen) -> Self {
        let slot = self.slot(pile);
        *slot = slot.checked_sub(1).expect("a label in the pile");
        self
    }

    fn with(mut self, pile: Seen) -> Self {
        *self.slot(pile) += 1;
        self
    }

    fn slot(&mut self, pile: Seen) -> &mut u32 {
        match pile {
            Seen::Neither => &mut self.neither,
            Seen::Leader => &mut self.leader,
            Seen::Answerer => &mut self.answerer,
            Seen::Both => &mut self.both,
        }
    }
}

impl fmt::Display for DuelPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}/{}",
            self.neither, self.leader, self.answerer, self.both
        )
    }
}

/// A position that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}': expected N/L/A/B, four counts of labels (e.g. 10/2/1/0)")]
pub struct DuelPositionError(String);

impl FromStr for DuelPosition {
    type Err = DuelPositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || DuelPositionError(s.to_owned());
        let counts: Vec<u32> = s
            .trim()
            .split('/')
            .map(|c| c.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match counts[..] {
            [neither, leader, answerer, both] => Ok(Self {
                neither,
                leader,
                answerer,
                both,
            }),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_reads_back() {
        let p: DuelPosition = "10/2/1/0".parse().unwrap();
        assert_eq!(p.to_string(), "10/2/1/0");
        assert_eq!(p.pairs(), 13);
        assert_eq!(p.swapped().to_string(), "10/1/2/0");
        assert!("10/2/1".parse::<DuelPosition>().is_err());
        assert!("a/2/1/0".parse::<DuelPosition>().is_err());
    }
}
