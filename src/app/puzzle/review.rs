//! The review on the puzzle screen: the person's own costly decisions from saved games,
//! one at a time, the position as it was. An answer is marked as a puzzle's is, and
//! says what was played in the game; it is not counted in the puzzle tally or the
//! rating (the position was not chosen for a lesson, and the person played it before).

use std::path::Path;

use time::Date;

use super::{Drill, Source};
use crate::rules::coordinate;
use crate::trainer::explain;
use crate::trainer::review::{self, Decision, Played, Solvers};
use crate::trainer::schedule::{ScheduleStore, entry_words};
use crate::trainer::tally::Tally;

/// Most decisions a review on screen takes in at once.
pub const SESSION: usize = 50;

/// The review of data directory `data` (its games read through the dashboard's cache in
/// folder `cache`) on `today` (the setup screen's entry): its
/// decisions, or the one line that says why there is none. The spaced schedule is
/// followed when `schedule` (`review --schedule`) or when its file is there (the
/// person opted in before).
///
/// # Errors
/// Nothing to review, or the records or the schedule cannot be read, as one line.
pub fn open(
    data: &Path,
    cache: Option<&Path>,
    today: Date,
    schedule: bool,
) -> Result<Drill, String> {
    let store = ScheduleStore::new(data);
    let loaded = if schedule || store.exists() {
        Some(store.load())
    } else {
        None
    };
    let mut solvers = Solvers::default();
    let due = |key: &str| {
        loaded
            .as_ref()
            .is_none_or(|l| l.schedule.is_due(key, today))
    };
    let found = review::decisions(data, cache, SESSION, &due, &mut solvers)?;
    if found.decisions.is_empty() {
        return Err(found.nothing_line(loaded.as_ref().map(|l| (&l.schedule, today))));
    }
    let drill = Drill::review(found.decisions, solvers)?;
    Ok(match loaded {
        Some(loaded) => drill.with_schedule(store, today, loaded.warning),
        None => drill,
    })
}

/// The review's own part of a run on the puzzle screen.
pub(crate) struct ReviewRun {
    /// What was played at each decision, in the run's order.
    played: Vec<Played>,
    /// The solvers of the rule sets met.
    pub(super) solvers: Solvers,
    /// Decisions answered right on the first try, and answered.
    solved: usize,
    tried: usize,
    /// The spaced schedule each first answer is counted in, and the day.
    schedule: Option<(ScheduleStore, Date)>,
    /// Where the last answer left the decision in the schedule ("back in 1 day"), or
    /// why it could not be saved.
    scheduled: Option<Result<String, String>>,
}

impl ReviewRun {
    /// The message after an answer (`again`: a second try, not counted).
    pub(super) fn answered(&mut self, index: usize, right: bool, again: bool) -> String {
        let mut scheduled = String::new();
        self.scheduled = None;
        if !again {
            self.tried += 1;
            self.solved += usize::from(right);
            if let (Some((store, today)), Some(played)) = (&self.schedule, self.played.get(index)) {
                let entry = store
                    .record(&played.key(), right, *today)
                    .map(|entry| entry_words(&entry, *today))
                    .map_err(|e| e.to_string());
                scheduled = match &entry {
                    Ok(words) => format!("; {words}"),
                    Err(e) => format!("; schedule not saved: {e}"),
                };
                self.scheduled = Some(entry);
            }
        }
        match (right, again) {
            (true, false) => {
                format!("Right: that is the best card{scheduled}. n: your next decision")
            }
            (true, true) => {
                "Right this time (a second try is not counted). n: your next decision".into()
            }
            (false, _) => {
                format!("Not the best card{scheduled}. r: try again · n: your next decision")
            }
        }
    }

    /// Why the last answer could not be counted in the schedule, if it could not.
    pub(super) fn schedule_fault(&self) -> Option<&str> {
        match &self.scheduled {
            Some(Err(e)) => Some(e),
            _ => None,
        }
    }

    /// The message when no decision is left.
    pub(super) fn last_line(&self) -> String {
        format!(
            "That was your last decision to review ({} of {} found first try): q to quit",
            self.solved, self.tried
        )
    }
}

impl Drill {
    /// A review of `decisions` (at least one), valued by `solvers`.
    ///
    /// # Errors
    /// No decision, or the solver cannot explain the first, as one line.
    pub fn review(decisions: Vec<Decision>, mut solvers: Solvers) -> Result<Self, String> {
        let Some(first) = decisions.first() else {
            return Err("no costly decisions of yours to review".into());
        };
        let rules = first.puzzle.rules.clone();
        let game = first.puzzle.game();
        let (cards, flips) = (first.puzzle.cards(), first.puzzle.flips.clone());
        let lesson = solvers
            .get(&rules)
            .ok_or_else(|| format!("the solver cannot value {}", rules.deck.name()))
            .and_then(|g| explain(game.view(), g.solver()).map_err(|e| e.to_string()))?;
        let (puzzles, played) = decisions.into_iter().map(|d| (d.puzzle, d.played)).unzip();
        let mut drill = Self {
            source: Source::Review(Box::new(ReviewRun {
                played,
                solvers,
                solved: 0,
                tried: 0,
                schedule: None,
                scheduled: None,
            })),
            rules,
            seed: 0,
            daily: None,
            puzzles,
            index: 0,
            step: 0,
            cards,
            flips,
            game,
            lesson,
            cursor: 0,
            answer: None,
            store: None,
            data_dir: None,
            cache_dir: None,
            target: None,
            rating: None,
            session: Tally::default(),
            saved: None,
            counted: None,
            message: String::new(),
            again: false,
            clock: None,
            not_saved: Vec::new(),
        };
        drill.message = drill.prompt();
        Ok(drill)
    }

    /// The same review, each first answer counted in the spaced schedule of `store` on
    /// `today`; `warning` (a schedule file that could not be read) is shown once.
    #[must_use]
    pub(crate) fn with_schedule(
        mut self,
        store: ScheduleStore,
        today: Date,
        warning: Option<String>,
    ) -> Self {
        if let Some(w) = warning {
            self.message = format!("{} · {w}", self.message);
        }
        if let Source::Review(run) = &mut self.source {
            run.schedule = Some((store, today));
        }
        self
    }

    /// Whether the review's answers are counted in the spaced schedule.
    #[must_use]
    pub fn is_scheduled(&self) -> bool {
        matches!(&self.source, Source::Review(run) if run.schedule.is_some())
    }

    /// In a scheduled review, once answered the first time: where the answer leaves
    /// the decision ("back in 1 day", "it leaves your review").
    #[must_use]
    pub(crate) fn scheduled(&self) -> Option<&str> {
        self.answer.as_ref()?;
        match &self.source {
            Source::Review(run) => match &run.scheduled {
                Some(Ok(words)) => Some(words),
                _ => None,
            },
            Source::Generated { .. } => None,
        }
    }

    /// Whether this run reviews the person's own decisions.
    #[must_use]
    pub fn is_review(&self) -> bool {
        matches!(self.source, Source::Review(_))
    }

    /// How many decisions the review holds (0 for puzzles).
    #[must_use]
    pub fn review_len(&self) -> usize {
        match &self.source {
            Source::Review(run) => run.played.len(),
            Source::Generated { .. } => 0,
        }
    }

    /// In a review: what was played at the decision on screen.
    #[must_use]
    pub fn played(&self) -> Option<&Played> {
        match &self.source {
            Source::Review(run) => run.played.get(self.index),
            Source::Generated { .. } => None,
        }
    }

    /// Whether the decision on screen is a recall drill: a memory slip of a game of
    /// classic memory, posed as the game had it, the seen cards face down, until it is
    /// answered. Finding the forgotten card is the exercise; face up it would be an easy
    /// "take the pair".
    #[must_use]
    pub fn recall(&self) -> bool {
        self.answer().is_none() && self.played().is_some_and(|p| p.slip)
    }

    /// In a review, once answered: what was played in the game and what it cost ("In
    /// the game you played e1: turn a second new card, costing 8.0 points of win chance
    /// (a blunder)"). The card is named by its place and the action's words, never by
    /// a face that was not seen then.
    #[must_use]
    pub(crate) fn played_line(&self) -> Option<String> {
        self.answer.as_ref()?;
        let played = self.played()?;
        let deck = self.game.view().deck();
        let words = self
            .lesson
            .find(played.action)
            .map_or_else(|| played.action.to_string(), |e| lower(&e.named.text));
        // The cost as the answer's list prints it, where the action is listed.
        let cost = self.lesson.find(played.action).map_or_else(
            || crate::analysis::annotate::show_cost(self.rules.objective, played.cost),
            |e| {
                self.lesson
                    .compared(self.rules.objective)
                    .cost_words(e.value)
            },
        );
        Some(format!(
            "In the game you played {}: {words}, costing {cost} (a {}{})",
            coordinate(deck, played.position),
            // Read back from the dashboard's cache: outside text.
            crate::words::shown(&played.class),
            if played.slip {
                ", a memory slip: you had seen the card it needed"
            } else {
                ""
            }
        ))
    }
}

fn lower(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}
