//! The tutor in a round: a card the person means to turn that would cost a mistake or
//! more is held back with a question; `y` turns it, `n` (or Esc) takes it back with
//! nothing changed, `w` shows why. Pure state: the keys' routing is in `app/play.rs`.

use std::time::Instant;

use super::Round;
use crate::trainer::tutor::Warning;

/// An answer to the tutor's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// Turn it anyway.
    Yes,
    /// Take it back: nothing changes.
    No,
    /// Why: the best choice against this one.
    Why,
}

impl Round {
    /// Whether the tutor is on in this game (`--tutor`).
    #[must_use]
    pub(crate) fn tutor_on(&self) -> bool {
        self.config.tutor
    }

    /// The tutor's question awaiting an answer, if any.
    #[must_use]
    pub fn tutor_question(&self) -> Option<&Warning> {
        self.question.as_ref()
    }

    /// The tutor's why, once asked for (`w`): a line each.
    #[must_use]
    pub fn tutor_why(&self) -> Option<&[String]> {
        self.question
            .as_ref()
            .filter(|_| self.why_shown)
            .map(|q| q.why.as_slice())
    }

    /// Holds back the person's flip of `pos` with the tutor's question when the tutor
    /// is on and the choice costs a mistake or more; returns whether it did. A card
    /// asked about and answered `y` is not asked about again (see [`Round::answer`]).
    pub(super) fn ask_tutor(&mut self, pos: usize) -> bool {
        if !self.config.tutor || self.is_watch() {
            return false;
        }
        let Some(warning) = self
            .solver
            .as_ref()
            .and_then(|s| s.warning(&self.game, pos, self.places()))
        else {
            return false;
        };
        self.message.clone_from(&warning.question);
        self.question = Some(warning);
        self.why_shown = false;
        true
    }

    /// Answers the tutor's question: `Yes` turns the card, `No` takes it back, `Why`
    /// shows why (the question stays).
    pub fn answer(&mut self, answer: Reply, now: Instant) {
        let Some(q) = &self.question else {
            return;
        };
        match answer {
            Reply::Yes => {
                let pos = q.position;
                self.question = None;
                self.why_shown = false;
                self.commit_flip(pos, now);
            }
            Reply::No => {
                self.question = None;
                self.why_shown = false;
                self.message = "Taken back: pick a card".into();
            }
            Reply::Why => {
                self.why_shown = true;
                self.message = format!("{} {}", q.why[0], crate::trainer::tutor::ANSWERS);
            }
        }
    }
}
