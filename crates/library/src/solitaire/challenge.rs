//! Challenges: numbered deals everyone can play and compare.
//!
//! Challenge `N` on a deck is dealt from the seed
//!
//! ```text
//! seed = splitmix64(fnv1a64("concentration challenge " + deck + " " + N))
//! ```
//!
//! where `deck` is the deck's name in lower case (`standard`, `pairs:8`, `13x4`), `N` is
//! written in decimal, `fnv1a64` is 64-bit FNV-1a over the UTF-8 bytes (offset basis
//! `0xcbf29ce484222325`, prime `0x100000001b3`) and `splitmix64` is the `SplitMix64`
//! finaliser (add `0x9e3779b97f4a7c15`, then the two xor-shift-multiply rounds). Both are
//! fixed arithmetic, so the seed, and with the pinned deal the table, is the same on every
//! machine and in every version (a test pins some values). The daily challenge is the
//! challenge numbered by today's UTC date as `YYYYMMDD`.

use std::fmt;

use crate::rules::Deck;

/// A numbered deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Challenge {
    /// Its number.
    pub number: u64,
    /// Whether it was chosen as the daily challenge (its number is then a date).
    pub daily: bool,
}

impl Challenge {
    /// Challenge `number`.
    #[must_use]
    pub fn numbered(number: u64) -> Self {
        Self {
            number,
            daily: false,
        }
    }

    /// The daily challenge of a UTC date written `YYYY-MM-DD` (or `YYYYMMDD`).
    ///
    /// # Errors
    /// A date that is not of that form or not a calendar date.
    pub fn daily(date: &str) -> Result<Self, String> {
        let digits: String = date.chars().filter(|c| *c != '-').collect();
        let bad = || {
            format!(
                "bad date '{}': expected YYYY-MM-DD",
                crate::words::shown(date)
            )
        };
        if digits.len() != 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let number: u64 = digits.parse().map_err(|_| bad())?;
        // eight digits
        let (year, month, day) = (
            (number / 10_000) as u32,
            (number / 100 % 100) as u32,
            (number % 100) as u32,
        );
        if crate::dates::day(year, month, day).is_none() {
            return Err(format!(
                "bad date '{}': no such day in the calendar",
                crate::words::shown(date)
            ));
        }
        Ok(Self {
            number,
            daily: true,
        })
    }

    /// The seed of this challenge's deal on `deck`.
    #[must_use]
    pub fn seed(self, deck: &Deck) -> u64 {
        challenge_seed(deck.name(), self.number)
    }
}

impl fmt::Display for Challenge {
    /// `challenge 12`, or `daily 2026-04-01` for a daily challenge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.daily {
            let n = self.number;
            write!(
                f,
                "daily {:04}-{:02}-{:02}",
                n / 10_000,
                n / 100 % 100,
                n % 100
            )
        } else {
            write!(f, "challenge {}", self.number)
        }
    }
}

/// 64-bit FNV-1a of `bytes`.
#[must_use]
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The `SplitMix64` output function of state `x` (one step).
#[must_use]
pub(crate) fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of challenge `number` on the deck named `deck` (see the module documentation).
#[must_use]
pub fn challenge_seed(deck: &str, number: u64) -> u64 {
    let text = format!(
        "concentration challenge {} {number}",
        deck.trim().to_lowercase()
    );
    splitmix64(fnv1a64(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        // FNV-1a and SplitMix64 reference vectors.
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(splitmix64(0), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn pinned_seeds() {
        // Computed independently (Python) from the documented formula: these must never
        // change, or every published challenge would deal another table.
        assert_eq!(challenge_seed("standard", 1), 15_572_517_030_926_560_446);
        assert_eq!(
            challenge_seed("pairs:8", 20_260_401),
            4_978_740_302_778_702_168
        );
        assert_eq!(
            challenge_seed("standard-rank", 42),
            9_657_530_971_867_380_006
        );
        let daily = Challenge::daily("2026-04-01").unwrap();
        let deck = Deck::parse("pairs:8").unwrap();
        assert_eq!(daily.seed(&deck), 4_978_740_302_778_702_168);
    }

    #[test]
    fn dates() {
        let d = Challenge::daily("2026-04-01").unwrap();
        assert_eq!(d.number, 20_260_401);
        assert_eq!(d.to_string(), "daily 2026-04-01");
        assert_eq!(Challenge::daily("20260401"), Ok(d));
        assert!(Challenge::daily("2026-13-01").is_err());
        for impossible in ["2026-02-30", "2026-02-29", "2026-04-31", "2100-02-29"] {
            let e = Challenge::daily(impossible).unwrap_err();
            assert!(e.contains("no such day"), "{impossible}: {e}");
        }
        assert!(Challenge::daily("2028-02-29").is_ok());
        assert!(Challenge::daily("2026-4-1").is_err());
        assert!(Challenge::daily("yesterday").is_err());
        assert_eq!(Challenge::numbered(7).to_string(), "challenge 7");
    }

    #[test]
    fn name_case_and_spaces_do_not_matter() {
        assert_eq!(challenge_seed("Pairs:8 ", 3), challenge_seed("pairs:8", 3));
        assert_ne!(challenge_seed("pairs:8", 3), challenge_seed("pairs:9", 3));
        assert_ne!(challenge_seed("pairs:8", 3), challenge_seed("pairs:8", 4));
    }
}
