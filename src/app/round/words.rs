//! The round's messages: a turn, a pass and a card in words.

use super::Round;
use crate::rules::{Flip, TurnEnd};

impl Round {
    pub(super) fn pass_message(&self, who: &str) -> String {
        let v = self.game.view();
        let last_pass = usize::from(v.passes()) + 1 >= v.seats();
        let tail = match self.config.pass_rule {
            crate::rules::PassRule::Agreed if last_pass && !v.is_over() && v.seats() == 2 => {
                ": a pass back ends the game"
            }
            crate::rules::PassRule::Agreed if last_pass && !v.is_over() => {
                ": one more pass ends the game"
            }
            crate::rules::PassRule::Ko if v.after_pass() => ": no pass allowed in reply",
            _ => "",
        };
        format!("{who} passed{tail}")
    }

    pub(super) fn face(&self, flip: Flip) -> String {
        crate::app::table::face(self.game.view(), flip)
    }

    /// A turn in the log, the cards as the records write them: "You: 4♠ b2, 7♥ c3 — miss".
    /// In classic memory a turn that left its cards face down is told without them
    /// ("AI: no pair"): remembering them is the game.
    pub(super) fn describe(&self, who: &str, a: Flip, b: Flip, end: TurnEnd) -> String {
        if self.config.memory == crate::app::config::Memory::Classic {
            return match end {
                TurnEnd::Pair => format!("{who}: pair {} {}", self.face(a), self.face(b)),
                TurnEnd::Miss => format!("{who}: no pair"),
                TurnEnd::Pass => format!("{who} passed"),
            };
        }
        let card = |f: Flip| {
            format!(
                "{} {}",
                self.face(f),
                crate::app::places::name(&self.game, f.position)
            )
        };
        let (fa, fb) = (card(a), card(b));
        match end {
            TurnEnd::Pair => format!("{who}: {fa}, {fb} — pair"),
            TurnEnd::Miss => format!("{who}: {fa}, {fb} — miss"),
            TurnEnd::Pass => format!("{who} passed ({fa}, {fb})"),
        }
    }
}
