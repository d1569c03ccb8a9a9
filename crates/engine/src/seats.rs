//! The seats at a table: who plays, in turn order, each a person or an AI. Shared by
//! both games (Concentration and Pairs), which differ only in the AIs they offer.
//!
//! The `--players` syntax: a comma-separated list of 2 to 6 seats. A seat is an AI's
//! name (`optimal`), a person's name (`ann`, `you`), or `NAME:KIND` to name a seat and
//! say what sits there (`hal:optimal`, `kai:person`).

use std::fmt;

use thiserror::Error;

/// Fewest seats at a table.
pub const MIN_SEATS: usize = 2;
/// Most seats at a table.
pub const MAX_SEATS: usize = 6;
/// Longest name of a seat, in characters: room for the names the program gives itself
/// (`forgetful-medium 2` for a repeated AI, `B forgetful-medium` in `watch`).
pub const MAX_NAME: usize = 20;

/// The AIs a game offers, by the names used on the command line and in records.
pub trait AiKind: Copy + Eq + fmt::Debug + 'static {
    /// Every AI, in the order menus show them.
    const ALL: &'static [Self];
    /// The name used on the command line and in records.
    fn name(self) -> &'static str;
    /// Reads a name, also any alias (e.g. `forgetful` for a default level).
    fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }
}

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatKind<K> {
    /// A person at the keyboard.
    Person,
    /// A computer player.
    Ai(K),
}

impl<K: AiKind> SeatKind<K> {
    /// The name used in `NAME:KIND` and in records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Person => "person",
            Self::Ai(k) => k.name(),
        }
    }

    /// Reads `person` or an AI's name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        if name.eq_ignore_ascii_case("person") {
            Some(Self::Person)
        } else {
            K::parse(name).map(Self::Ai)
        }
    }
}

/// One seat: the name shown on screen and who sits there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Seat<K> {
    /// Shown on screen and in records; unique at the table.
    pub name: String,
    /// A person or an AI.
    pub kind: SeatKind<K>,
}

impl<K: AiKind> Seat<K> {
    /// Whether a person plays this seat.
    #[must_use]
    pub fn is_person(&self) -> bool {
        self.kind == SeatKind::Person
    }

    /// The AI in this seat, if any.
    #[must_use]
    pub fn ai(&self) -> Option<K> {
        match self.kind {
            SeatKind::Person => None,
            SeatKind::Ai(k) => Some(k),
        }
    }
}

/// Why a list of seats was refused. Each names the bad part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatsSolveError {
    /// Fewer than 2 or more than 6 seats.
    #[error("{}: a table has {MIN_SEATS} to {MAX_SEATS}", crate::words::count_of(*.0, "seat"))]
    Count(usize),
    /// An empty entry (`you,,optimal`).
    #[error("seat {0} is empty")]
    Empty(usize),
    /// `NAME:KIND` with a kind that is neither `person` nor an AI.
    #[error(
        "unknown seat kind '{}' in '{}': expected person, {expected}",
        crate::words::shown(kind),
        crate::words::shown(seat)
    )]
    UnknownKind {
        /// The whole entry.
        seat: String,
        /// The part after the colon.
        kind: String,
        /// The AIs' names.
        expected: String,
    },
    /// A name with characters a screen or a record cannot show, or too long.
    #[error(
        "seat name '{}': use at most {MAX_NAME} letters, digits, spaces, '-' or '_', starting with a letter or digit",
        crate::words::shown(.0)
    )]
    BadName(String),
    /// Two seats with one name.
    #[error("seat name '{}' is used twice", crate::words::shown(.0))]
    Duplicate(String),
}

/// The seats at a table, in turn order (seat 0 moves first).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Seats<K> {
    seats: Vec<Seat<K>>,
}

impl<K: AiKind> Seats<K> {
    /// A table of the given seats.
    ///
    /// # Errors
    /// A bad count, a bad name or a name used twice.
    pub fn new(seats: Vec<Seat<K>>) -> Result<Self, SeatsSolveError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats.len()) {
            return Err(SeatsSolveError::Count(seats.len()));
        }
        for (i, seat) in seats.iter().enumerate() {
            if !good_name(&seat.name) {
                return Err(SeatsSolveError::BadName(seat.name.clone()));
            }
            if seats[..i]
                .iter()
                .any(|s| s.name.eq_ignore_ascii_case(&seat.name))
            {
                return Err(SeatsSolveError::Duplicate(seat.name.clone()));
            }
        }
        Ok(Self { seats })
    }

    /// Reads the `--players` syntax (see the module's documentation). AIs named by kind
    /// alone are numbered when the kind repeats: `usual,usual` seats `usual 1`, `usual 2`.
    ///
    /// # Errors
    /// See [`SeatsSolveError`].
    pub fn parse(list: &str) -> Result<Self, SeatsSolveError> {
        let entries: Vec<&str> = list.split(',').map(str::trim).collect();
        if !(MIN_SEATS..=MAX_SEATS).contains(&entries.len()) {
            return Err(SeatsSolveError::Count(entries.len()));
        }
        let mut seats = Vec::with_capacity(entries.len());
        let mut bare_ai = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            if entry.is_empty() {
                return Err(SeatsSolveError::Empty(i + 1));
            }
            let seat = if let Some((name, kind)) = entry.split_once(':') {
                let kind =
                    SeatKind::parse(kind.trim()).ok_or_else(|| SeatsSolveError::UnknownKind {
                        seat: (*entry).to_owned(),
                        kind: kind.trim().to_owned(),
                        expected: K::ALL
                            .iter()
                            .map(|k| k.name())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })?;
                Seat {
                    name: name.trim().to_owned(),
                    kind,
                }
            } else if let Some(ai) = K::parse(entry) {
                bare_ai.push(i);
                Seat {
                    name: ai.name().to_owned(),
                    kind: SeatKind::Ai(ai),
                }
            } else {
                Seat {
                    name: (*entry).to_owned(),
                    kind: SeatKind::Person,
                }
            };
            seats.push(seat);
        }
        number_repeated(&mut seats, &bare_ai);
        Self::new(seats)
    }

    /// How many seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.seats.len()
    }

    /// Never true: a table has at least two seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    /// The seat at `index` (0 moves first).
    ///
    /// # Panics
    /// If there is no such seat.
    #[must_use]
    pub fn seat(&self, index: usize) -> &Seat<K> {
        &self.seats[index]
    }

    /// Every seat in turn order.
    pub fn iter(&self) -> impl Iterator<Item = &Seat<K>> {
        self.seats.iter()
    }

    /// How many people play.
    #[must_use]
    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| s.is_person()).count()
    }

    /// The seat that moves after `index`.
    #[must_use]
    pub fn next(&self, index: usize) -> usize {
        (index + 1) % self.seats.len()
    }

    /// The same seats, moved round so that `first` moves first (for games where seats
    /// take turns to begin).
    #[must_use]
    pub fn rotated(&self, first: usize) -> Self {
        let mut seats = self.seats.clone();
        seats.rotate_left(first % self.seats.len());
        Self { seats }
    }
}

impl<K: AiKind> fmt::Display for Seats<K> {
    /// The `--players` form, `NAME:KIND` for every seat whose name is not its kind's,
    /// so that parsing it gives the same table back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seat) in self.seats.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match seat.kind {
                SeatKind::Person if K::parse(&seat.name).is_none() && !seat.name.contains(':') => {
                    f.write_str(&seat.name)?;
                }
                kind => write!(f, "{}:{}", seat.name, kind.name())?,
            }
        }
        Ok(())
    }
}

/// Numbers AIs named only by their kind when the kind appears more than once.
fn number_repeated<K: AiKind>(seats: &mut [Seat<K>], bare_ai: &[usize]) {
    for &i in bare_ai {
        let kind = seats[i].kind;
        let same: Vec<usize> = bare_ai
            .iter()
            .copied()
            .filter(|&j| seats[j].kind == kind)
            .collect();
        if same.len() > 1 {
            let n = same.iter().position(|&j| j == i).unwrap_or(0) + 1;
            seats[i].name = format!("{} {n}", kind.name());
        }
    }
}

/// Checks a seat's name by the rule of `--players` (records and settings files obey it
/// too): at most [`MAX_NAME`] letters, digits, spaces, `-` or `_`, starting with a letter
/// or digit. So no name the program prints can hold a control or format character.
///
/// # Errors
/// [`SeatsSolveError::BadName`].
pub fn check_name(name: &str) -> Result<(), SeatsSolveError> {
    if good_name(name) {
        Ok(())
    } else {
        Err(SeatsSolveError::BadName(name.to_owned()))
    }
}

fn good_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(char::is_alphanumeric)
        && name.chars().count() <= MAX_NAME
        && chars.all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Bot {
        Optimal,
        Usual,
    }

    impl AiKind for Bot {
        const ALL: &'static [Self] = &[Self::Optimal, Self::Usual];
        fn name(self) -> &'static str {
            match self {
                Self::Optimal => "optimal",
                Self::Usual => "usual",
            }
        }
    }

    #[test]
    fn people_and_ais_in_order() {
        let seats = Seats::<Bot>::parse("you, optimal,ann").unwrap();
        assert_eq!(seats.len(), 3);
        assert_eq!(seats.seat(0).name, "you");
        assert!(seats.seat(0).is_person());
        assert_eq!(seats.seat(1).ai(), Some(Bot::Optimal));
        assert_eq!(seats.seat(2).name, "ann");
        assert_eq!(seats.people(), 2);
        assert_eq!(seats.next(2), 0);
    }

    #[test]
    fn repeated_ais_are_numbered() {
        let seats = Seats::<Bot>::parse("optimal,usual,usual").unwrap();
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["optimal", "usual 1", "usual 2"]);
    }

    #[test]
    fn named_seats() {
        let seats = Seats::<Bot>::parse("hal:optimal,optimal:person").unwrap();
        assert_eq!(seats.seat(0).name, "hal");
        assert_eq!(seats.seat(0).ai(), Some(Bot::Optimal));
        assert!(seats.seat(1).is_person());
        assert_eq!(seats.seat(1).name, "optimal");
    }

    #[test]
    fn display_reads_back() {
        for list in [
            "you,optimal",
            "hal:optimal,optimal:person,usual,usual",
            "a,b,c,d,e,f",
        ] {
            let seats = Seats::<Bot>::parse(list).unwrap();
            assert_eq!(Seats::<Bot>::parse(&seats.to_string()).unwrap(), seats);
        }
    }

    #[test]
    fn bad_lists_name_the_bad_part() {
        let err = |s: &str| Seats::<Bot>::parse(s).unwrap_err().to_string();
        assert_eq!(err("you"), "1 seat: a table has 2 to 6");
        assert_eq!(err("a,b,c,d,e,f,g"), "7 seats: a table has 2 to 6");
        assert_eq!(err("you,,optimal"), "seat 2 is empty");
        assert_eq!(
            err("you,hal:genius"),
            "unknown seat kind 'genius' in 'hal:genius': expected person, optimal, usual"
        );
        assert_eq!(err("ann,Ann"), "seat name 'Ann' is used twice");
        assert!(err("you,a\u{1b}[2J").starts_with("seat name"));
        assert!(err("you,abcdefghijklmnopqrstu").starts_with("seat name"));
        // A refused name is shown safely: one line, no escape reaching the terminal.
        let e = err("ann\nbob:optimal,usual");
        assert!(e.starts_with("seat name 'ann\\nbob'"), "{e}");
        let e = err("you,a\u{1b}[2J\u{202e}");
        assert!(!e.contains('\u{1b}') && !e.contains('\u{202e}'), "{e}");
        let e = err(&format!("you,{}", "x".repeat(10_000)));
        assert!(e.chars().count() < 300 && e.contains('…'), "{e}");
        // The names the program gives itself fit the rule.
        Seats::<Bot>::parse("usual,usual").unwrap();
        check_name("B forgetful-medium").unwrap();
        check_name("forgetful-medium 2").unwrap();
    }

    #[test]
    fn rotation_keeps_the_order_round_the_table() {
        let seats = Seats::<Bot>::parse("a,b,c").unwrap();
        let names: Vec<String> = seats.rotated(1).iter().map(|s| s.name.clone()).collect();
        assert_eq!(names, ["b", "c", "a"]);
    }
}
