//! The replay screen's state: a record stepped flip by flip or turn by turn, its
//! analysis (once the solver is ready), auto-play, and where leaving it goes back to
//! (the list of saved games is in `history.rs`). Pure state: drawing is in
//! `tui/replay_view.rs`; its keys are in `replay/keys.rs`.

mod keys;
pub mod summary;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::config::{Config, First, Opponent};
use super::round::{Round, SharedSolver};
use super::solo::Solo;
use super::worker::{Progress, Worker};
use crate::analysis::annotate::{Analysis, Annotation, Class, annotate};
use crate::analysis::grade::Grade;
use crate::analysis::judgement::Judgement;
use crate::players::candidates;
use crate::record::{MemoryMode, Record, Stepper};
use crate::rules::{Game, Objective, PassRule, Seat};

// The list a replay is opened from and goes back to.
pub use super::history::History;

/// Pause between flips in auto-play.
pub const AUTO_STEP: Duration = Duration::from_millis(700);

/// Where `q` goes from a replay.
pub enum Back {
    /// Leave the program (opened with `concentration replay`).
    Quit,
    /// The end screen of the game just played.
    Round(Box<Round>),
    /// The end screen of the solitaire game just played.
    Solo(Box<Solo>),
    /// The list of saved games.
    History(History),
}

/// A game being replayed.
pub struct Replay {
    stepper: Stepper,
    full: Game,
    path: Option<PathBuf>,
    judgement: Option<Judgement>,
    note: String,
    auto_at: Option<Instant>,
    /// Whether the summary window is open.
    pub summary: bool,
    back: Option<Back>,
    whose: Whose,
    /// A word on the mistake keys: whose mistakes they now jump to, or that there is
    /// none that way.
    jump_note: Option<String>,
    /// The analysis being computed on a worker thread, for a record that solves itself
    /// (seconds on the full Zebra deck).
    pending: Option<Worker<Result<Analysis, String>>>,
}

/// Whose mistakes `[` and `]` jump to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The player in one seat.
    Seat(Seat),
    /// Every player (both, at a table of two).
    Both,
}

/// The decision the board is at (before the next flip), as the panel tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The next flip's number, from 0.
    pub index: usize,
    /// Who decides.
    pub seat: Seat,
    /// The best action in a player's words (the optimal player's choice among ties),
    /// with one of its cards: the board marks the others.
    pub best: String,
    /// The cards that carry out the best action (marked on the board).
    pub best_cards: Vec<usize>,
    /// What the player did: the card as the records write it (`a1 A`) and the flip in
    /// words.
    pub played: String,
    /// Whether what the player did is among the best.
    pub(crate) played_best: bool,
    /// The value of what was played, for the player who decides.
    pub value: f64,
    /// The value of the best action, for the same player.
    pub best_value: f64,
    /// Its cost, in the objective's unit.
    pub cost: f64,
    /// Its class.
    pub class: Class,
    /// Its grade (only move, best, excellent, ..., blunder).
    pub grade: Grade,
}

/// The key of the solver a record needs: deck name, objective, pass rule.
pub(crate) type SolverKey = (String, Objective, PassRule, crate::rules::Variant);

impl Replay {
    /// A replay of `record` (read from `path`, if from a file), at its start.
    ///
    /// # Errors
    /// The record is not a legal game (one line).
    pub fn new(record: Record, path: Option<PathBuf>, back: Back) -> Result<Self, String> {
        let full = record.replay().map_err(|e| e.to_string())?;
        // The person's mistakes first; everyone's in a game of two AIs.
        let record_person = if record.is_solitaire() {
            Some(Seat::FIRST)
        } else {
            record.person()
        };
        let stepper = Stepper::new(record).map_err(|e| e.to_string())?;
        Ok(Self {
            stepper,
            full,
            path,
            judgement: None,
            note: "Analysing…".into(),
            auto_at: None,
            summary: false,
            back: Some(back),
            whose: match record_person {
                Some(seat) => Whose::Seat(seat),
                None => Whose::Both,
            },
            jump_note: None,
            pending: None,
        })
    }

    /// The record.
    #[must_use]
    pub fn record(&self) -> &Record {
        self.stepper.record()
    }

    /// The stepper (the game after the current number of flips).
    #[must_use]
    pub fn stepper(&self) -> &Stepper {
        &self.stepper
    }

    /// The whole game, every flip applied.
    #[must_use]
    pub fn full(&self) -> &Game {
        &self.full
    }

    /// The file it was read from.
    #[must_use]
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// The analysis, once computed.
    #[must_use]
    pub fn analysis(&self) -> Option<&Analysis> {
        self.judgement.as_ref().map(|j| &j.analysis)
    }

    /// The judgement of the game (grades, kinds, each seat's figures), once analysed.
    #[must_use]
    pub fn judgement(&self) -> Option<&Judgement> {
        self.judgement.as_ref()
    }

    /// A word on the analysis: computing, or why there is none.
    #[must_use]
    pub fn note(&self) -> &str {
        &self.note
    }

    /// The solver this replay's analysis needs.
    #[must_use]
    pub(crate) fn solver_key(&self) -> SolverKey {
        let r = self.record();
        (
            r.deck.name().to_owned(),
            r.objective,
            r.pass_rule,
            r.variant,
        )
    }

    /// Whether the record's rule set has a solver no cache of the app shares (Zebra, a
    /// table of three or more): the replay then values it with a solver of its own
    /// ([`Replay::analyse_fresh`]), on a worker.
    #[must_use]
    pub(crate) fn solves_itself(&self) -> bool {
        // A record no solver values goes the same way: its note says why. The easier
        // solitaire has values of its own.
        self.record().solo_rule.is_easy()
            || !matches!(
                crate::analysis::annotate::analysable(self.record()),
                Ok(r) if r.deck_solver()
            )
    }

    /// Computes the analysis with the solver (or notes why there is none). A record that
    /// solves itself ([`Replay::solves_itself`]) is valued by its own solver instead (see
    /// [`Replay::analyse_fresh`]): from here it only takes a failure's word.
    pub(crate) fn set_solver(&mut self, solver: Result<SharedSolver, String>) {
        if self.solves_itself() {
            if let Err(e) = solver {
                self.note = format!("no analysis: {e}");
            }
            return;
        }
        let result = solver.and_then(|s| {
            let mut optimal = s.lock().map_err(|_| "the solver failed".to_owned())?;
            annotate(&self.full, self.record().players.clone(), optimal.solver())
                .map_err(|e| e.to_string())
        });
        self.set_analysis(result);
    }

    /// Values the record with a solver of its own, solved fresh for its rule set
    /// (`annotate_fresh`, any record; the app asks it for those that solve themselves),
    /// or the one table of its deck that the games share (`round::shared_table`):
    /// on this thread when `blocking` (tests), else on a worker that
    /// [`Replay::poll_analysis`] listens to, so that the replay opens at once and its keys
    /// work while the solver runs.
    pub(crate) fn analyse_fresh(&mut self, blocking: bool) {
        if let Err(e) = crate::analysis::annotate::analysable(self.record()) {
            self.note = format!("no analysis: {e}");
            return;
        }
        let (full, players, objective, rule) = (
            self.full.clone(),
            self.record().players.clone(),
            self.record().objective,
            self.record().pass_rule,
        );
        let record = self.record().clone();
        // The game's own table if a game holds it (or another will): one table a deck.
        let job = move || match crate::app::round::shared_table(&record) {
            Some(table) => table.and_then(|t| t.annotate(&full, players)),
            None => crate::analysis::annotate::annotate_fresh(&full, players, objective, rule)
                .map_err(|e| e.to_string()),
        };
        if blocking {
            self.set_analysis(job());
        } else {
            // Leaving the replay drops the worker: its answer then goes nowhere.
            self.pending = Some(Worker::spawn(job));
        }
    }

    /// Takes in the analysis from its worker if it arrived; returns whether it did.
    pub(crate) fn poll_analysis(&mut self) -> bool {
        let Some(worker) = &self.pending else {
            return false;
        };
        let got = match worker.poll() {
            Progress::Done(a) => a,
            Progress::Running => return false,
            Progress::Stopped => Err("the solver stopped".into()),
        };
        self.pending = None;
        self.set_analysis(got);
        true
    }

    /// Waits for the analysis from its worker, if one runs (tests; the terminal loop
    /// polls instead).
    pub(crate) fn wait_analysis(&mut self) {
        if let Some(worker) = self.pending.take() {
            let got = worker
                .wait()
                .unwrap_or_else(|| Err("the solver stopped".into()));
            self.set_analysis(got);
        }
    }

    /// Whether the analysis is being computed on a worker thread.
    #[must_use]
    pub fn analysing(&self) -> bool {
        self.pending.is_some()
    }

    /// Keeps the analysis, or notes why there is none (a record that cannot be analysed
    /// says so whatever the solver did).
    fn set_analysis(&mut self, result: Result<Analysis, String>) {
        let result = crate::analysis::annotate::analysable(self.record())
            .map_err(|e| e.to_string())
            .and(result);
        match result {
            Ok(mut a) => {
                // The expected total with a pair's free move: every game counts the same
                // `n - 1` moves fewer, so the whole curve moves down by them.
                let free = self
                    .record()
                    .solo_rule
                    .free_ahead(u64::from(self.record().deck.pairs()));
                for v in &mut a.curve {
                    *v -= free as f64;
                }
                self.judgement = Some(Judgement::of_record(self.record(), &self.full, a));
                self.note.clear();
            }
            Err(e) => self.note = format!("no analysis: {e}"),
        }
    }

    /// Whether the analysis has arrived or failed.
    #[must_use]
    pub fn settled(&self) -> bool {
        self.judgement.is_some() || !self.note.starts_with("Analysing")
    }

    /// The grade of flip `index`, if analysed.
    #[must_use]
    pub fn grade(&self, index: usize) -> Option<Grade> {
        Some(self.judgement.as_ref()?.decision(index)?.grade)
    }

    /// Flip `index` as a memory slip in a few words, if it was one: "memory slip: you
    /// had seen A at d1 on turn 1".
    #[must_use]
    pub fn slip_words(&self, index: usize) -> Option<String> {
        let judgement = self.judgement.as_ref()?;
        let slip = judgement.slip_at(index)?;
        let who = judgement.analysis.name(slip.seat).to_owned();
        Some(crate::analysis::memory::slip_short(&self.full, &who, slip))
    }

    /// The annotation of the last flip applied, if analysed.
    #[must_use]
    pub fn current(&self) -> Option<&Annotation> {
        let at = self.stepper.at();
        (at > 0)
            .then(|| self.analysis()?.annotations.get(at - 1))
            .flatten()
    }

    /// The seats whose flips are shown and summed up: every seat, or the one of a
    /// solitaire game. The AI's flips are annotated like the person's.
    #[must_use]
    pub fn seats(&self) -> Vec<Seat> {
        self.record().all_seats().collect()
    }

    /// The decision the board is at: the next flip's best action (its cards marked on
    /// the board) and what was played, named in a player's words on this table; `None`
    /// at the end or before the analysis.
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        let index = self.stepper.at();
        let judgement = self.judgement.as_ref()?;
        let an = &judgement.analysis;
        let a = an.annotations.get(index)?;
        let view = self.stepper.game().view();
        let best = an.preferred_best(a).unwrap_or(a.action);
        Some(Decision {
            index,
            seat: a.seat,
            // The board marks every equivalent card: the panel names one.
            best: a
                .best_words
                .split(", or any other")
                .next()
                .unwrap_or_default()
                .to_owned(),
            best_cards: match &a.zebra {
                Some(z) => <crate::model::Zebra as crate::model::Model>::candidates(view, z.chosen),
                None => candidates(view, best),
            },
            played: an.played(&self.full, a),
            played_best: a.class == Class::Best,
            value: a.value,
            best_value: a.best_value,
            cost: a.cost,
            class: a.class,
            grade: judgement.decisions[index].grade,
        })
    }

    /// Whose mistakes `[` and `]` jump to.
    #[must_use]
    pub fn whose(&self) -> Whose {
        self.whose
    }

    /// Tab: the next choice of whose mistakes: each seat in turn order, then all.
    pub(crate) fn switch_whose(&mut self) {
        if self.record().is_solitaire() {
            return;
        }
        let seats = self.record().seats();
        self.whose = match self.whose {
            Whose::Seat(s) if s.index() + 1 < seats => Whose::Seat(s.next(seats)),
            Whose::Seat(_) => Whose::Both,
            Whose::Both => Whose::Seat(Seat::FIRST),
        };
        // Say what the keys now do: the choice is not drawn anywhere else.
        let n = self.mistakes().len();
        self.jump_note = Some(format!(
            "[ and ] jump to the mistakes of {}: {} in this game",
            self.whose_name(),
            if n == 0 {
                "none".to_owned()
            } else {
                n.to_string()
            }
        ));
    }

    /// The name of whose mistakes are chosen: a player's, or `both players`.
    #[must_use]
    pub fn whose_name(&self) -> String {
        match self.whose {
            Whose::Seat(s) => self.record().player(s).to_owned(),
            Whose::Both if self.record().seats() > 2 => "all players".to_owned(),
            Whose::Both => "both players".to_owned(),
        }
    }

    /// The flips (from 0) that are mistakes or blunders (a cost above the inaccuracy
    /// threshold) of the chosen player, in order.
    #[must_use]
    pub fn mistakes(&self) -> Vec<usize> {
        let Some(judgement) = &self.judgement else {
            return Vec::new();
        };
        judgement
            .errors()
            .filter(|a| match self.whose {
                Whose::Seat(s) => a.seat == s,
                Whose::Both => true,
            })
            .map(|a| a.index)
            .collect()
    }

    /// `]` / `[`: to the decision point of the chosen player's next (`true`) or previous
    /// mistake, where the board marks the best cards and the panel names the best
    /// action and the one played; stays put, with a note, when there is none.
    pub(crate) fn jump_mistake(&mut self, forward: bool) {
        let at = self.stepper.at();
        let mistakes = self.mistakes();
        let to = if forward {
            mistakes.iter().copied().find(|&i| i > at)
        } else {
            mistakes.iter().copied().rev().find(|&i| i < at)
        };
        self.auto_at = None;
        match to {
            Some(i) => {
                self.stepper.seek(i);
                self.jump_note = None;
            }
            None => {
                let side = if forward { "after" } else { "before" };
                self.jump_note = Some(if self.judgement.is_none() {
                    "No mistakes to jump to before the analysis".to_owned()
                } else {
                    format!("No mistake of {} {side} this flip", self.whose_name())
                });
            }
        }
    }

    /// Goes to the decision point of flip `index` (from 0): the table after `index`
    /// flips, the best cards of that flip marked (clamped to the record).
    pub fn jump_to(&mut self, index: usize) {
        self.stepper.seek(index);
        self.auto_at = None;
        self.jump_note = None;
    }

    /// The word on the mistake keys, until the next step.
    #[must_use]
    pub fn jump_note(&self) -> Option<&str> {
        self.jump_note.as_deref()
    }

    /// The cards of the turn the last applied flip belongs to.
    #[must_use]
    pub fn turned(&self) -> Vec<usize> {
        let at = self.stepper.at();
        if at == 0 {
            return Vec::new();
        }
        let flips = self.stepper.game().view().flips();
        let last = at - 1;
        let start = if last > 0 && flips[last - 1].turn_end.is_none() {
            last - 1
        } else {
            last
        };
        flips[start..=last].iter().map(|f| f.position).collect()
    }

    /// Positions the replay just after flip `index` (from 0), so that its annotation is
    /// the one on show (the end screen's `m`: the costliest decision).
    pub fn show_flip(&mut self, index: usize) {
        self.stepper.seek(index + 1);
        self.auto_at = None;
    }

    /// Steps: `flips` forward (negative: back).
    pub fn step(&mut self, flips: isize) {
        let at = self.stepper.at().saturating_add_signed(flips);
        self.stepper.seek(at);
        self.auto_at = None;
        self.jump_note = None;
    }

    /// To the end of this turn (`true`) or the start of the previous (`false`).
    pub fn turn(&mut self, forward: bool) {
        if forward {
            self.stepper.next_turn();
        } else {
            self.stepper.prev_turn();
        }
        self.auto_at = None;
        self.jump_note = None;
    }

    /// To the start (`false`) or the end (`true`).
    pub fn jump(&mut self, end: bool) {
        if end {
            self.stepper.to_end();
        } else {
            self.stepper.to_start();
        }
        self.auto_at = None;
        self.jump_note = None;
    }

    /// Starts or stops auto-play (from the start again when at the end).
    pub(crate) fn toggle_auto(&mut self, now: Instant) {
        if self.auto_at.is_some() {
            self.auto_at = None;
        } else {
            if self.stepper.at_end() {
                self.stepper.to_start();
            }
            self.auto_at = Some(now + AUTO_STEP);
            self.jump_note = None;
        }
    }

    /// Whether auto-play is on.
    #[must_use]
    pub fn auto(&self) -> bool {
        self.auto_at.is_some()
    }

    /// When the next auto-play step is due.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.auto_at
    }

    /// Advances auto-play.
    pub fn tick(&mut self, now: Instant) {
        if let Some(t) = self.auto_at
            && now >= t
        {
            self.stepper.forward();
            self.auto_at = (!self.stepper.at_end()).then_some(now + AUTO_STEP);
        }
    }

    /// Where `q` goes (taken once).
    pub(crate) fn take_back(&mut self) -> Option<Back> {
        self.back.take()
    }

    /// A game on the same deal: same deck, seed, rules and seats (a record of two AIs
    /// gives the person the first seat against the second AI).
    #[must_use]
    pub fn again(&self, base: &Config) -> Config {
        config_of(self.record(), base)
    }
}

/// The settings of a new game on a record's deal, other settings from `base`.
#[must_use]
pub fn config_of(record: &Record, base: &Config) -> Config {
    let ai = |seat: Seat| {
        record
            .players
            .get(seat.index())
            .and_then(|p| Opponent::parse(&p.kind).ok())
            .unwrap_or_default()
    };
    let (first, opponent) = match record.person() {
        Some(Seat::SECOND) => (First::Ai, ai(Seat::FIRST)),
        _ => (First::You, ai(Seat::SECOND)),
    };
    Config {
        deck: record.deck.name().to_owned(),
        seed: record.seed,
        objective: record.objective,
        pass_rule: record.pass_rule,
        memory: match record.memory {
            MemoryMode::Classic => super::config::Memory::Classic,
            MemoryMode::Open => super::config::Memory::Open,
        },
        first,
        opponent,
        watch_first: None,
        practice: false,
        solo_rule: record.solo_rule,
        ..base.clone()
    }
}
