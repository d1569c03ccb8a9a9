//! A solitaire record's own headers: its challenge and its rule.

use super::{Headers, fail};
use crate::record::LoadError;
use crate::rules::Deck;
use crate::solitaire::{Challenge, SoloRule};

/// The `[Challenge]` header, if any, which must be the deal's.
pub(super) fn challenge(
    h: &Headers,
    deck: &Deck,
    seed: u64,
) -> Result<Option<Challenge>, LoadError> {
    Ok(match h.get("Challenge") {
        None => None,
        Some((v, l)) => {
            let bad = || {
                fail(
                    l,
                    format!("header Challenge: '{v}' is not a number N or 'YYYYMMDD daily'"),
                )
            };
            let challenge = match v.strip_suffix(" daily") {
                Some(date) => match Challenge::daily(date) {
                    Ok(c) if date.len() == 8 => c,
                    _ => return bad(),
                },
                None => match v.parse::<u64>() {
                    Ok(n) if !v.starts_with('+') => Challenge::numbered(n),
                    _ => return bad(),
                },
            };
            let dealt = challenge.seed(deck);
            if dealt != seed {
                let (_, seed_line) = h.value("Seed");
                return fail(
                    seed_line,
                    format!("seed {seed} is not the deal of {challenge} on {deck} (seed {dealt})"),
                );
            }
            Some(challenge)
        }
    })
}

/// The `[Counting]` header: the standard game when absent; the easier game on a deck of
/// pairs only.
pub(super) fn rule(h: &Headers, deck: &Deck) -> Result<SoloRule, LoadError> {
    let solo_rule = match h.get("Counting") {
        None => SoloRule::Standard,
        Some((v, l)) => match v.parse::<SoloRule>() {
            Ok(r) if !r.is_standard() => r,
            _ => {
                return fail(
                    l,
                    format!(
                        "header Counting: '{v}' is not free-after-pair, easy or easy-free-after-pair"
                    ),
                );
            }
        },
    };
    if solo_rule.is_easy()
        && deck.copies() != 2
        && let Some((_, l)) = h.get("Counting")
    {
        return fail(
            l,
            format!("header Counting: the easier game is for decks of pairs, not {deck}"),
        );
    }
    Ok(solo_rule)
}
