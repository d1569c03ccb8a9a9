//! The review on the puzzle screen: the person's own costly decisions from saved games,
//! one at a time, the position as it was. An answer is marked as a puzzle's is, and
//! says what was played in the game; it is not counted in the puzzle tally or the
//! rating (the position was not chosen for a lesson, and the person played it before).

use std::path::Path;

use super::{Drill, Source};
use crate::rules::coordinate;
use crate::trainer::explain;
use crate::trainer::review::{self, Decision, Played, Solvers};
use crate::trainer::tally::Tally;

/// Most decisions a review on screen takes in at once.
pub const SESSION: usize = 50;

/// The review of data directory `data` (the setup screen's entry): its decisions, or
/// the one line that says why there is none.
///
/// # Errors
/// Nothing to review, or the records cannot be read, as one line.
pub fn open(data: &Path) -> Result<Drill, String> {
    let mut solvers = Solvers::default();
    let found = review::decisions(data, SESSION, &|_| true, &mut solvers)?;
    if found.decisions.is_empty() {
        return Err(found.nothing_line());
    }
    Drill::review(found.decisions, solvers)
}

/// The review's own part of a run on the puzzle screen.
pub struct ReviewRun {
    /// What was played at each decision, in the run's order.
    played: Vec<Played>,
    /// The solvers of the rule sets met.
    pub(super) solvers: Solvers,
    /// Decisions answered right on the first try, and answered.
    solved: usize,
    tried: usize,
}

impl ReviewRun {
    /// The message after an answer (`again`: a second try, not counted).
    pub(super) fn answered(&mut self, _index: usize, right: bool, again: bool) -> String {
        if !again {
            self.tried += 1;
            self.solved += usize::from(right);
        }
        match (right, again) {
            (true, false) => "Right: that is the best card. n: your next decision".into(),
            (true, true) => {
                "Right this time (a second try is not counted). n: your next decision".into()
            }
            (false, _) => "Not the best card. r: try again · n: your next decision".into(),
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
            })),
            rules,
            seed: 0,
            daily: None,
            puzzles,
            index: 0,
            game,
            lesson,
            cursor: 0,
            answer: None,
            store: None,
            data_dir: None,
            target: None,
            rating: None,
            session: Tally::default(),
            saved: None,
            counted: None,
            message: String::new(),
            again: false,
            clock: None,
        };
        drill.message = drill.prompt();
        Ok(drill)
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

    /// In a review, once answered: what was played in the game and what it cost ("In
    /// the game you played e1: turn a second new card, costing 8.0 points of win chance
    /// (a blunder)"). The card is named by its place and the action's words, never by
    /// a face that was not seen then.
    #[must_use]
    pub fn played_line(&self) -> Option<String> {
        self.answer.as_ref()?;
        let played = self.played()?;
        let deck = self.game.view().deck();
        let words = self
            .lesson
            .find(played.action)
            .map_or_else(|| played.action.to_string(), |e| lower(&e.named.text));
        Some(format!(
            "In the game you played {}: {words}, costing {} (a {})",
            coordinate(deck, played.position),
            crate::analysis::annotate::show_cost(self.rules.objective, played.cost),
            played.class
        ))
    }
}

fn lower(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}
