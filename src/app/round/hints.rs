//! What the round tells the person from its solver: the hint, the odds, the coach's word
//! on a decision and the end screen's look back. Asked of the table's one solver slot,
//! whatever its rules.

use super::Round;
use crate::app::hint::{self, Hint};
use crate::app::table::offer_hint;
use crate::trainer::coach::{self, LookBack};

impl Round {
    /// The hint on screen.
    #[must_use]
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// The person's decisions at which a hint was on show (asked for, or shown by itself
    /// in `always` mode), each counted once however often the hint was redrawn.
    #[must_use]
    pub fn hints_used(&self) -> usize {
        let flips = self.game.view().flips();
        let person = self.person();
        self.hinted
            .iter()
            .filter(|&&i| flips.get(i).is_none_or(|f| f.seat == person))
            .count()
    }

    /// The person's decisions so far: every card they turned.
    #[must_use]
    pub fn decisions(&self) -> usize {
        let person = self.person();
        self.game
            .view()
            .flips()
            .iter()
            .filter(|f| f.seat == person)
            .count()
    }

    /// The person's decisions at which a classic-memory hint showed where seen cards
    /// lie (the second `H`).
    #[must_use]
    pub fn places_shown(&self) -> usize {
        let flips = self.game.view().flips();
        let person = self.person();
        self.places_shown
            .iter()
            .filter(|&&i| flips.get(i).is_none_or(|f| f.seat == person))
            .count()
    }

    /// Notes that a hint is on show at the current decision.
    pub(super) fn note_hint(&mut self) {
        let at = self.game.view().flips().len();
        // After an undo, the decisions undone are forgotten.
        self.hinted.retain(|&i| i < at);
        self.places_shown.retain(|&i| i < at);
        self.hinted.push(at);
    }

    /// How much a hint at the current decision may tell of the seen cards: everything
    /// in open memory (they lie face up) and on a watched game, the kind of move only in
    /// classic memory until the person asks for the places.
    pub(super) fn places(&self) -> hint::Places {
        let at = self.game.view().flips().len();
        if self.config.memory == crate::app::config::Memory::Open
            || self.is_watch()
            || self.places_shown.last() == Some(&at)
        {
            hint::Places::Shown
        } else {
            hint::Places::Kept
        }
    }

    /// The person's current value (win probability or expected margin), when shown.
    #[must_use]
    pub fn odds(&self) -> Option<f64> {
        if self.show_odds { self.odds } else { None }
    }

    /// Why hints are missing, if they are.
    #[must_use]
    pub(crate) fn solver_note(&self) -> Option<&str> {
        self.solver_note.as_deref()
    }

    /// Shows or hides the hint for the current decision. In classic memory a hint
    /// first names the kind of move; a second `H` names the cards and their places
    /// (counted on the end screen); a third hides it.
    pub(crate) fn toggle_hint(&mut self) {
        if let Some(h) = &self.hint {
            if h.places || self.places() == hint::Places::Shown {
                self.hint = None;
                return;
            }
            let at = self.game.view().flips().len();
            self.places_shown.push(at);
            self.hint = self.compute_hint();
            self.message = "Hint: where the cards are (counted as places shown)".into();
            return;
        }
        if !self.persons_turn() && !self.is_watch() {
            self.message = "Hints are for your own turn".into();
            return;
        }
        if self.show.is_some() {
            self.message = "Hints come when the next turn starts".into();
            return;
        }
        let hint = self.compute_hint();
        let mut shown = 0;
        offer_hint(
            &mut self.hint,
            hint,
            &mut shown,
            &mut self.message,
            self.solver_note.as_deref(),
        );
        if shown > 0 {
            self.note_hint();
            // Classic memory: the kind of move only; say how to see the places.
            if self.hint.as_ref().is_some_and(|h| !h.places) {
                self.message = "Hint: the kind of move; H again shows where the cards are".into();
            }
        }
    }

    /// Whether the hint shows the model's pattern codes beside its words.
    #[must_use]
    pub(crate) fn show_codes(&self) -> bool {
        self.show_codes
    }

    /// Shows or hides the model's pattern codes in the hint (for those who study it).
    pub(crate) fn toggle_codes(&mut self) {
        self.show_codes = !self.show_codes;
    }

    /// Switches the odds display.
    pub(crate) fn toggle_odds(&mut self) {
        self.show_odds = !self.show_odds;
        // Said where the odds first show: what they are.
        if self.show_odds {
            self.message = match self.config.objective {
                _ if self.seats.len() > 2 => "Odds: your own pairs still to take",
                crate::rules::Objective::Win => "Odds: your chance to win (a draw counts half)",
                _ => "Odds: your final margin, score included",
            }
            .into();
        }
        self.refresh();
    }

    pub(super) fn compute_hint(&self) -> Option<Hint> {
        self.solver.as_ref()?.hint(self.game.view(), self.places())
    }

    /// Recomputes odds and the automatic hint after a change.
    pub(super) fn refresh(&mut self) {
        self.odds = None;
        let view = self.game.view();
        if view.is_over() {
            self.hint = None;
            return;
        }
        self.odds = self
            .solver
            .as_ref()
            .and_then(|s| s.odds(view, self.person()));
        let auto = self.is_watch() || self.config.hints == crate::app::config::Hints::Always;
        if auto && self.show.is_none() && (self.persons_turn() || self.is_watch()) {
            self.hint = self.compute_hint();
            if self.hint.is_some() && !self.is_watch() {
                self.note_hint();
            }
        } else {
            self.hint = None;
        }
    }

    /// The coach's word on the person turning the card at `pos` now, from the decision
    /// point before the flip (`None`: the coach is off, the solver not ready, or the
    /// choice was best).
    pub(super) fn coach_verdict(&self, pos: usize) -> Option<coach::Verdict> {
        if !self.config.coach {
            return None;
        }
        self.solver
            .as_ref()?
            .verdict(&self.game, pos, self.places())
    }

    /// The coach's word on the person's last decision, if it cost something.
    #[must_use]
    pub fn coach_note(&self) -> Option<&str> {
        self.coach_note.as_deref()
    }

    /// The person's accuracy and costliest decision, once the game is over and valued,
    /// when one person played.
    #[must_use]
    pub fn look_back(&self) -> Option<&LookBack> {
        match self.look_backs.as_deref() {
            Some([back]) if self.people() == 1 => Some(back),
            _ => None,
        }
    }

    /// Every person's accuracy, in turn order, once the game is over and valued (empty
    /// before, or with nobody to value it: a table of three or more without the
    /// own-pairs solver).
    #[must_use]
    pub fn look_backs(&self) -> &[LookBack] {
        self.look_backs.as_deref().unwrap_or_default()
    }

    /// Values the finished game's flips for the end screen (the replay's analysis):
    /// against the table's optimal strategy, in expected own pairs at three or more
    /// seats.
    pub(super) fn look_back_if_over(&mut self) {
        if self.look_backs.is_some() || !self.game.view().is_over() || self.people() == 0 {
            return;
        }
        let players = self.record().players;
        let analysis = self
            .solver
            .as_ref()
            .and_then(|s| s.annotate(&self.game, players).ok());
        let Some(analysis) = analysis else {
            return;
        };
        let record = self.record();
        // The one judgement of the game: the end screen reads its figures.
        let judgement =
            crate::analysis::judgement::Judgement::of_record(&record, &self.game, analysis);
        self.look_backs = Some(
            record
                .people()
                .into_iter()
                .map(|seat| coach::look_back_of(&judgement, &self.game, seat))
                .collect(),
        );
    }
}
