//! What a pass does, in words addressed to the mover. The words for actions are the
//! model's ([`crate::model::words`]), shared with the analysis.

use crate::rules::{PublicView, Seat};

use super::consequences::PassEffect;

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
