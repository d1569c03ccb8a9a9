//! A solitaire game on screen: one player clears the table, measured against the exact
//! optimum. Live par after every flip, hints with the expected remaining moves of every
//! action, the end figures (moves, `e(n, 0)`, the luck-adjusted figure, the worst case)
//! and the statistics. Pure state: no terminal here.

mod advice;
pub mod end;
mod keys;

pub use advice::{SoloHint, SoloHintLine};

use std::path::PathBuf;
use std::time::Instant;

use super::config::{Config, Hints, Memory};
use super::moving::{Swapping, swap_words};
use super::table::{Show, offer_hint, turn_guard};
use super::worker::{Progress, Worker};
use crate::rules::{Deck, Flip, Game, IllegalFlip, Phase, Players, TurnEnd};
use crate::solitaire::stats::{GameStats, Recorded, Store};
use crate::solitaire::{Challenge, Moves, Par, SoloRule, Summary};

/// Where the statistics stand after the game.
#[derive(Debug, Clone)]
pub enum Counted {
    /// Counted: the statistics as they now are.
    Yes(Box<Recorded>),
    /// Not counted, and why.
    No(String),
    /// Counting failed.
    Failed(String),
}

/// A solitaire game being played.
pub struct Solo {
    config: Config,
    challenge: Option<Challenge>,
    game: Game,
    par: Option<Par>,
    par_note: Option<String>,
    pending: Option<Worker<Result<Par, String>>>,
    /// The card under the cursor.
    pub cursor: usize,
    show: Option<Show>,
    /// Two cards swapping places after the move's show (moving cards).
    swapping: Option<Swapping>,
    /// Before this, keys do not turn cards (play just went on).
    ready_at: Option<Instant>,
    message: String,
    log: Vec<String>,
    hint: Option<SoloHint>,
    /// The decisions (flip numbers) at which a hint was on show.
    hinted: Vec<usize>,
    live: Option<Moves>,
    fraction: bool,
    again: bool,
    summary: Option<Summary>,
    stats_dir: Option<PathBuf>,
    counted: Option<Counted>,
    saved: Option<Result<PathBuf, String>>,
}

impl Solo {
    /// Deals a solitaire game of `config` (deck, memory, seed, hints); `challenge` is
    /// shown and counted when the seed is a challenge's. The par is computed at once on
    /// a pairs deck, otherwise on a worker thread unless `blocking`.
    ///
    /// # Errors
    /// A bad or unplayable deck, as one line.
    pub fn new(
        config: Config,
        challenge: Option<Challenge>,
        blocking: bool,
    ) -> Result<Self, String> {
        Self::with_par(config, challenge, None, blocking)
    }

    /// Like [`Solo::new`], reusing `par` if it is for the same deck.
    fn with_par(
        config: Config,
        challenge: Option<Challenge>,
        par: Option<Par>,
        blocking: bool,
    ) -> Result<Self, String> {
        let deck = Deck::parse(&config.deck).map_err(|e| e.to_string())?;
        crate::model::RuleSet::of(&deck, 1).check_solitaire(&deck)?;
        config.solo_rule.check_deck(&deck)?;
        let game = Game::new(deck.clone(), config.seed, Players::Solitaire)
            .map_err(|e| e.to_string())?
            .laid_out(config.layout)
            .moving(config.moving)
            .reaching(config.solo_rule.reach());
        let mut solo = Self {
            config,
            challenge,
            game,
            par: None,
            par_note: None,
            pending: None,
            cursor: 0,
            show: None,
            swapping: None,
            ready_at: None,
            message: "Clear the table in as few moves as you can: pick a card".into(),
            log: Vec::new(),
            hint: None,
            hinted: Vec::new(),
            live: None,
            fraction: false,
            again: false,
            summary: None,
            stats_dir: None,
            counted: None,
            saved: None,
        };
        let rule = solo.config.solo_rule;
        if let Some(p) = par.filter(|p| *p.deck() == deck && p.rule() == rule) {
            solo.set_par(Ok(p));
        } else if blocking || deck.copies() == 2 {
            solo.set_par(solve(&deck, rule));
        } else {
            solo.pending = Some(Worker::spawn(move || solve(&deck, rule)));
        }
        Ok(solo)
    }

    /// The same deal again: not counted in the statistics (the faces were seen).
    ///
    /// # Errors
    /// As [`Solo::new`].
    pub(crate) fn replay_deal(&mut self) -> Result<Self, String> {
        let mut next = Self::with_par(self.config.clone(), self.challenge, self.par.take(), false)?;
        next.again = true;
        next.stats_dir.clone_from(&self.stats_dir);
        Ok(next)
    }

    /// Marks a deal already played (started from its record): like
    /// [`Solo::replay_deal`], not counted, and said so on the end screen.
    pub(crate) fn mark_played_before(&mut self) {
        self.again = true;
    }

    /// A game of the same settings on another deal, taking over the solved par.
    ///
    /// # Errors
    /// As [`Solo::new`].
    pub(crate) fn next_deal(&mut self, seed: u64) -> Result<Self, String> {
        let config = Config {
            seed,
            ..self.config.clone()
        };
        let mut next = Self::with_par(config, None, self.par.take(), false)?;
        next.stats_dir.clone_from(&self.stats_dir);
        Ok(next)
    }

    /// Where the statistics are kept (`None`: not kept).
    pub(crate) fn set_stats_dir(&mut self, dir: Option<PathBuf>) {
        self.stats_dir = dir;
    }

    fn set_par(&mut self, par: Result<Par, String>) {
        match par {
            Ok(p) => self.par = Some(p),
            Err(e) => self.par_note = Some(format!("no par: {e}")),
        }
        self.refresh();
        self.finish_if_over();
    }

    /// Takes in the par from the worker; returns whether it arrived.
    pub fn poll(&mut self) -> bool {
        let Some(worker) = &self.pending else {
            return false;
        };
        let got = match worker.poll() {
            Progress::Done(p) => p,
            Progress::Running => return false,
            Progress::Stopped => Err("the solver stopped".into()),
        };
        self.pending = None;
        self.set_par(got);
        true
    }

    /// Whether the par is still being computed.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The challenge played, if any.
    #[must_use]
    pub fn challenge(&self) -> Option<Challenge> {
        self.challenge
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The turn on show.
    #[must_use]
    pub fn show(&self) -> Option<Show> {
        self.show
    }

    /// The line under the board.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The last turns, oldest first.
    #[must_use]
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The hint on screen.
    #[must_use]
    pub fn hint(&self) -> Option<&SoloHint> {
        self.hint.as_ref()
    }

    /// The decisions at which a hint was on show (asked for, or shown by itself in
    /// `always` mode), each counted once however often the hint was redrawn or toggled.
    #[must_use]
    pub fn hints_used(&self) -> usize {
        self.hinted.len()
    }

    /// The decisions so far: every card turned.
    #[must_use]
    pub fn decisions(&self) -> usize {
        self.game.view().flips().len()
    }

    /// Notes that a hint is on show at the current decision (once per decision).
    fn note_hint(&mut self) {
        let at = self.game.view().flips().len();
        if self.hinted.last() != Some(&at) {
            self.hinted.push(at);
        }
    }

    /// Expected further moves from the current decision under optimal play (live par).
    #[must_use]
    pub(crate) fn live_par(&self) -> Option<&Moves> {
        self.live.as_ref()
    }

    /// Expected moves of optimal play from the start, `e(n, 0)` on a pairs deck.
    #[must_use]
    pub fn expected_total(&self) -> Option<&Moves> {
        self.par.as_ref().map(Par::expected_total)
    }

    /// The worst case of optimal play, once known (`2n - 1` on a pairs deck).
    #[must_use]
    pub fn worst_case(&self) -> Option<u32> {
        self.summary
            .as_ref()
            .map(|s| s.worst_case)
            .or_else(|| self.par.as_ref().and_then(Par::known_worst_case))
            .or_else(|| {
                let deck = self.game.view().deck();
                (deck.copies() == 2).then(|| 2 * deck.pairs() - 1)
            })
    }

    /// Whether exact fractions are shown.
    #[must_use]
    pub(crate) fn fraction_on(&self) -> bool {
        self.fraction
    }

    /// Why there is no par, if there is none.
    #[must_use]
    pub(crate) fn par_note(&self) -> Option<&str> {
        self.par_note.as_deref()
    }

    /// The end figures, once the table is cleared.
    #[must_use]
    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_ref()
    }

    /// What became of the statistics.
    #[must_use]
    pub fn counted(&self) -> Option<&Counted> {
        self.counted.as_ref()
    }

    /// Whether this is a deal played again.
    #[must_use]
    pub fn is_again(&self) -> bool {
        self.again
    }

    /// Memory mode.
    #[must_use]
    pub fn memory(&self) -> Memory {
        self.config.memory
    }

    /// Pairs left on the table.
    #[must_use]
    pub fn pairs_left(&self) -> usize {
        self.game.view().cards_on_table() / 2
    }

    /// How the moves are counted.
    #[must_use]
    pub fn rule(&self) -> SoloRule {
        self.config.solo_rule
    }

    /// The moves counted so far, as the rule counts them (with a pair's free move, the
    /// moves that took no pair, and the last once the table is cleared).
    #[must_use]
    pub fn moves(&self) -> u32 {
        self.config.solo_rule.counted_now(self.game.view())
    }

    /// The cards face up for this turn: the turn on show, or the first card, or in the
    /// easier game the live card (the last turned, which the next card may complete).
    #[must_use]
    pub fn turned(&self) -> Vec<usize> {
        if let Some(s) = self.show {
            return s.cards.to_vec();
        }
        let view = self.game.view();
        match view.phase() {
            // Its first card took a pair across moves: nothing of the move lies face up.
            Phase::SecondCard { .. } if view.move_took_pair() => Vec::new(),
            Phase::SecondCard { first, .. } => vec![first],
            _ => view.live().into_iter().collect(),
        }
    }

    /// The easier game's live card, marked on the board (none during a show).
    #[must_use]
    pub fn live_card(&self) -> Option<usize> {
        self.game.view().live().filter(|_| self.show.is_none())
    }

    /// When the game next needs a tick (the end of a show, a frame of a swap).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.show
            .map(|s| s.until)
            .or(self.swapping.map(|s| s.deadline()))
    }

    /// The swap on show, if any.
    #[must_use]
    pub fn swapping(&self) -> Option<Swapping> {
        self.swapping
    }

    /// Ends a show whose time is up, moves a swap on.
    pub fn tick(&mut self, now: Instant) {
        if self.show.is_some_and(|s| now >= s.until) {
            self.end_show(now);
        } else if let Some(s) = self.swapping.as_mut()
            && s.advance(now)
        {
            self.end_swap(now);
        }
    }

    /// Any key during a show ends it.
    pub(crate) fn speed_up(&mut self, now: Instant) {
        if self.show.is_some() {
            self.end_show(now);
        } else if self.swapping.is_some() {
            self.end_swap(now);
        }
    }

    /// Until when keys are swallowed: play went on (a show ended, by a key or by itself)
    /// a moment ago, so a key now was meant to go on, not to turn a card.
    #[must_use]
    pub fn ready_at(&self) -> Option<Instant> {
        self.ready_at
    }

    /// Moves the cursor by rows and columns, staying on the grid.
    pub(crate) fn move_cursor(&mut self, drow: isize, dcol: isize) {
        self.cursor = super::table::moved_cursor(&self.game, self.cursor, drow, dcol);
    }

    /// The player turns the card at `pos` (a key or a click), if that is what the key
    /// can mean now: during a show it only goes on, and just after play went on it does
    /// nothing (see [`Solo::ready_at`]).
    pub(crate) fn flip_at(&mut self, pos: usize, now: Instant) {
        if self.show.is_some() || self.swapping.is_some() {
            self.speed_up(now);
            return;
        }
        if self.game.view().is_over() || self.ready_at.is_some_and(|t| now < t) {
            return;
        }
        let flip = match self.game.try_flip(pos) {
            Ok(f) => f,
            Err(e) => {
                self.message = refusal(e);
                return;
            }
        };
        self.hint = None;
        if let Some(end) = flip.turn_end {
            let (show, first) =
                Show::of_turn(self.game.view(), flip, end, self.config.show_delay(), now);
            self.log.push(self.describe(first, flip, end));
            self.show = Some(show);
            // The move's first card took its pair across moves (this is its second).
            let flips = self.game.view().flips();
            let after_across = !flip.across && flips.len() >= 2 && flips[flips.len() - 2].across;
            self.message = match end {
                TurnEnd::Pair if flip.across => "A pair across two moves!".into(),
                TurnEnd::Pair if after_across => {
                    "The move is over (it took its pair); this card stays live".into()
                }
                TurnEnd::Pair if !self.config.solo_rule.is_free() || self.game.view().is_over() => {
                    "A pair!".into()
                }
                TurnEnd::Pair => "A pair! That move is free".into(),
                TurnEnd::Miss => "Not a match (any key goes on)".into(),
                TurnEnd::Pass => "Two known cards that do not match: a wasted move".into(),
            };
        } else if flip.across {
            self.message = format!(
                "{} takes the pair across two moves! The move goes on: its second card",
                self.face(flip)
            );
        } else {
            self.message = format!("You turned {}", self.face(flip));
        }
        self.refresh();
        self.finish_if_over();
    }

    /// The record of the game so far (finished or not).
    #[must_use]
    pub fn record(&self) -> crate::record::Record {
        let memory = match self.config.memory {
            Memory::Classic => crate::record::MemoryMode::Classic,
            Memory::Open => crate::record::MemoryMode::Open,
        };
        crate::record::Record::of_solo(&self.game, memory, self.challenge, self.config.solo_rule)
    }

    /// Whether the game should be saved now: it has a flip and is not saved yet.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        self.saved.is_none() && !self.game.view().flips().is_empty()
    }

    /// Where the game was saved, or why it could not be.
    #[must_use]
    pub fn saved(&self) -> Option<&Result<PathBuf, String>> {
        self.saved.as_ref()
    }

    /// Notes where the game was saved.
    pub(crate) fn set_saved(&mut self, saved: Result<PathBuf, String>) {
        self.saved = Some(saved);
    }

    /// Shows or hides the hint for the current decision.
    pub(crate) fn toggle_hint(&mut self) {
        if self.hint.is_some() {
            self.hint = None;
            return;
        }
        if self.show.is_some() {
            self.message = "Hints come when the next move starts".into();
            return;
        }
        let hint = self.compute_hint();
        let mut shown = 0;
        offer_hint(
            &mut self.hint,
            hint,
            &mut shown,
            &mut self.message,
            self.par_note.as_deref(),
        );
        if shown > 0 {
            self.note_hint();
        }
    }

    /// Shows or hides the exact fractions of the par.
    pub(crate) fn toggle_fraction(&mut self) {
        self.fraction = !self.fraction;
        self.message = if self.fraction {
            "Exact fractions under the board (f hides them)".into()
        } else {
            String::new()
        };
    }

    /// The live par and the expected total as exact fractions.
    #[must_use]
    pub(crate) fn fraction_text(&self) -> [String; 2] {
        let exact = |m: Option<&Moves>| {
            m.and_then(Moves::fraction)
                .unwrap_or_else(|| "not exact for this deck".into())
        };
        [
            format!("Par now = {}", exact(self.live.as_ref())),
            format!("Expected total = {}", exact(self.expected_total())),
        ]
    }

    fn compute_hint(&mut self) -> Option<SoloHint> {
        let view = self.game.view();
        if view.is_over() {
            return None;
        }
        advice::hint_at(self.par.as_mut()?, view, self.config.solo_rule)
    }

    /// Recomputes the live par and the automatic hint after a change.
    fn refresh(&mut self) {
        let view = self.game.view();
        if view.is_over() {
            self.live = Some(Moves {
                approx: 0.0,
                exact: Some(num_rational::BigRational::default()),
            });
            self.hint = None;
            return;
        }
        self.live = self.par.as_mut().and_then(|p| p.value_at(view).ok());
        if self.config.hints == Hints::Always && self.show.is_none() {
            self.hint = self.compute_hint();
            if self.hint.is_some() {
                self.note_hint();
            }
        }
    }

    fn end_show(&mut self, now: Instant) {
        if self.show.is_some() {
            self.ready_at = Some(now + turn_guard(self.config.show_delay()));
        }
        if let Some(s) = self.show.take()
            && !self.game.view().is_over()
        {
            let view = self.game.view();
            self.message = match (s.end, view.live()) {
                (_, Some(live)) => format!(
                    "Next move: pick a card; {} stays live",
                    crate::model::words::card_words(view, live)
                ),
                (TurnEnd::Pair, None) => "Go on: pick a card".into(),
                _ => "Next move: pick a card".into(),
            };
            self.swapping = Swapping::after_turn(&self.game, &self.config, now);
            if let Some(w) = self.swapping {
                self.message = format!("{} · {}", swap_words(&self.game, w.swap), self.message);
            }
        }
        self.refresh();
    }

    fn end_swap(&mut self, now: Instant) {
        if self.swapping.take().is_some() {
            self.ready_at = Some(now + turn_guard(self.config.show_delay()));
        }
    }

    /// At the end: the figures (the statistics follow the record: see [`Solo::count`]).
    fn finish_if_over(&mut self) {
        if !self.game.view().is_over() || self.summary.is_some() {
            return;
        }
        let Some(par) = self.par.as_mut() else {
            return;
        };
        match Summary::of_game(par, &self.game, self.challenge) {
            Ok(s) => self.summary = Some(s),
            Err(e) => self.par_note = Some(e.to_string()),
        }
        self.message = "Table cleared".into();
    }

    /// Counts a finished game in the statistics, once. The app calls it after saving the
    /// game's record, so that a counted game always has its record; a game whose record
    /// could not be saved is not counted.
    pub fn count(&mut self) {
        let Some(summary) = &self.summary else {
            return;
        };
        if self.counted.is_some() {
            return;
        }
        let reason = if self.again {
            Some("a deal played again is not counted")
        } else if !self.hinted.is_empty() {
            Some("games with hints are not counted")
        } else if self.stats_dir.is_none() {
            Some("statistics are off (--no-save)")
        } else if matches!(self.saved, Some(Err(_))) {
            Some("its record could not be saved")
        } else {
            None
        };
        if let Some(r) = reason {
            self.counted = Some(Counted::No(r.into()));
            return;
        }
        let Some(dir) = &self.stats_dir else {
            return;
        };
        let game = GameStats {
            deck: self.game.view().deck().name().to_owned(),
            memory: self.config.memory.name().into(),
            rule: self.config.solo_rule,
            challenge: self.challenge.map(|c| c.number),
            moves: summary.moves,
            misses: summary.misses,
            luck_adjusted: summary.luck_adjusted,
            date: crate::record::today().0,
        };
        self.counted = Some(match Store::new(dir).record(&game) {
            Ok(r) => Counted::Yes(Box::new(r)),
            Err(e) => Counted::Failed(e.to_string()),
        });
    }

    fn face(&self, flip: Flip) -> String {
        super::table::face(self.game.view(), flip)
    }

    fn describe(&self, a: Flip, b: Flip, end: TurnEnd) -> String {
        let n = self.game.view().turns();
        let (fa, fb) = (self.face(a), self.face(b));
        if b.across {
            // The last move: its first card alone took the pair across moves.
            return format!("{n}. {fb} takes {fa} — pair across moves");
        }
        let fa = if a.across {
            format!("{fa} (pair across moves)")
        } else {
            fa
        };
        match end {
            TurnEnd::Pair => format!("{n}. {fa} {fb} — pair"),
            TurnEnd::Miss => format!("{n}. {fa} {fb} — miss"),
            TurnEnd::Pass => format!("{n}. {fa} {fb} — wasted"),
        }
    }
}

/// The par of `deck`, with its worst case found too (a search on decks of more than two
/// cards per label), so that nothing is left to compute when the game ends.
fn solve(deck: &Deck, rule: SoloRule) -> Result<Par, String> {
    let mut par = Par::with_rule(deck, rule).map_err(|e| e.to_string())?;
    par.worst_case().map_err(|e| e.to_string())?;
    Ok(par)
}

fn refusal(e: IllegalFlip) -> String {
    match e {
        IllegalFlip::SameCard => "That card is already face up this move".into(),
        IllegalFlip::Removed => "That pair is already taken".into(),
        other => other.to_string(),
    }
}
