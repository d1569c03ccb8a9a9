//! What a pass does, in words addressed to the mover. The words for actions are the
//! model's ([`crate::model::words`]), shared with the analysis.

use crate::rules::{PublicView, Seat};

use super::consequences::{PassEffect, Reply};

/// The score as the mover says it, their own pairs first: `3–1`.
fn score(view: &PublicView) -> String {
    let (a, b) = (view.pairs().of(Seat::FIRST), view.pairs().of(Seat::SECOND));
    let (mine, theirs) = if view.mover() == Seat::FIRST {
        (a, b)
    } else {
        (b, a)
    };
    format!("{mine}–{theirs}")
}

/// What a pass does, in words addressed to the mover: "the game ends now; you win 3–1".
#[must_use]
pub fn pass_words(view: &PublicView, effect: PassEffect) -> String {
    let verdict = |diff: i64| match diff.cmp(&0) {
        std::cmp::Ordering::Greater => format!("you win {}", score(view)),
        std::cmp::Ordering::Less => format!("you lose {}", score(view)),
        std::cmp::Ordering::Equal => format!("a draw at {}", score(view)),
    };
    match effect {
        PassEffect::EndsNow(d) => format!("the game ends now; {}", verdict(d)),
        PassEffect::EndsDrawn => "the game ends now as a draw".to_string(),
        PassEffect::EndsIfPassedBack(d) => {
            format!(
                "if your opponent passes back, the game ends: {}",
                verdict(d)
            )
        }
        PassEffect::NoPassBack => "your opponent may not pass back".to_string(),
        PassEffect::Wasted => "a wasted move: it shows nothing".to_string(),
        PassEffect::EndsAfterPasses(0) => {
            "the game ends now; the pairs left go to nobody".to_string()
        }
        PassEffect::EndsAfterPasses(1) => {
            "if the next player passes too, the game ends; the pairs left go to nobody".to_string()
        }
        PassEffect::EndsAfterPasses(n) => {
            format!("if the next {n} players pass too, the game ends; the pairs left go to nobody")
        }
    }
}

/// Why a pass the opponent may pass back does not end the game, where they play on: "your
/// opponent plays on: every hidden card's partner is seen, so they take all 7 pairs
/// left". `None` where they pass back (the rule's words say it all).
#[must_use]
pub fn reply_words(reply: Reply) -> Option<String> {
    let Reply::PlaysOn {
        pairs_left,
        partners_seen,
        pairs_this_turn,
    } = reply
    else {
        return None;
    };
    let left = crate::words::count(pairs_left, "pair");
    // a pair count is small
    let all = (pairs_this_turn - pairs_left as f64).abs() < 1e-9;
    Some(match (all, partners_seen) {
        (true, true) => format!(
            "your opponent plays on: every hidden card's partner is seen, so they take all {left} left"
        ),
        (true, false) => format!("your opponent plays on and takes all {left} left"),
        _ => format!(
            "your opponent plays on, taking {} of the {left} left that turn on average",
            crate::words::fixed(pairs_this_turn, 2)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_says_why_the_pass_does_not_end_the_game() {
        let all = Reply::PlaysOn {
            pairs_left: 7,
            partners_seen: true,
            pairs_this_turn: 7.0,
        };
        assert_eq!(
            reply_words(all).as_deref(),
            Some(
                "your opponent plays on: every hidden card's partner is seen, so they take all 7 pairs left"
            )
        );
        let some = Reply::PlaysOn {
            pairs_left: 5,
            partners_seen: false,
            pairs_this_turn: 1.234,
        };
        assert_eq!(
            reply_words(some).as_deref(),
            Some("your opponent plays on, taking 1.23 of the 5 pairs left that turn on average")
        );
        assert_eq!(reply_words(Reply::PassesBack), None);
    }
}
