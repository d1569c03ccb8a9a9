//! The puzzle screen's state: a position from the solver shown as a real table, the
//! person's flip read as one of the model's actions, then every action's value and the
//! reason, the answer marked right or wrong, counted in the tally. Pure state: no
//! terminal here. The same screen reviews the person's own decisions ([`review`]).

mod clock;
mod keys;
pub mod review;

pub use clock::Clock;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::rules::{Card, Game, Objective};
use crate::solitaire::Challenge;
use crate::solver::{Action, TIE_EPSILON};
use crate::trainer::dashboard;
use crate::trainer::puzzle::{Asks, Difficulty, Generator, Puzzle, PuzzleRules};
use crate::trainer::rating::{self, Book};
use crate::trainer::tally::{Tally, TallyStore};
use crate::trainer::{IdeaKind, Lesson, explain};

/// Puzzles asked of the generator at a time.
const BATCH: usize = 10;
/// Most games searched for one batch.
const GAMES: usize = 5_000;

/// Which puzzles to give.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only this idea.
    pub idea: Option<IdeaKind>,
    /// Only this difficulty.
    pub difficulty: Option<Difficulty>,
    /// Only puzzles where the idea's carried rule chooses wrong ([`Puzzle::rule_fails`]).
    pub rule_fails: bool,
}

impl Filter {
    fn keeps(self, p: &Puzzle) -> bool {
        self.idea.is_none_or(|k| p.idea == k)
            && self.difficulty.is_none_or(|d| p.difficulty == d)
            && (!self.rule_fails || p.rule_fails() == Some(true))
    }

    /// Up to `count` puzzles this filter keeps: of one idea, at most a third controls.
    pub fn find(
        self,
        generator: &mut Generator,
        seed: u64,
        count: usize,
        games: usize,
        rating: Option<f64>,
    ) -> Vec<Puzzle> {
        let keep = |p: &Puzzle| self.keeps(p);
        match self.idea {
            Some(idea) => generator.idea_puzzles(idea, seed, count, games, &keep, rating),
            None => generator.puzzles_near(seed, count, games, &keep, rating),
        }
    }
}

/// The person's answer to the puzzle on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The card turned.
    pub position: usize,
    /// The action it carries out.
    pub action: Action,
    /// Whether it is the best action.
    pub right: bool,
    /// What it costs against the best (0 when right).
    pub cost: f64,
}

/// Where the tally stands after an answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Counted {
    /// Saved; the tally as it now is, and a warning if the old file was moved aside.
    Saved(Tally, Option<String>),
    /// Not saved (`--no-save`): this session's tally.
    Session(Tally),
    /// Saving failed.
    Failed(String),
}

/// The action a flip at `position` carries out at the lesson's decision point, if that
/// card can be turned now.
#[must_use]
pub fn action_at(lesson: &Lesson, position: usize) -> Option<Action> {
    lesson.action_at(position).map(|e| e.action)
}

/// Where the puzzles of a run come from.
enum Source {
    /// Generated from seeded games (`concentration puzzle`).
    Generated {
        generator: Box<Generator>,
        filter: Filter,
    },
    /// The person's own costly decisions from saved games (`concentration review`).
    Review(Box<review::ReviewRun>),
}

/// A run of puzzles on screen.
pub struct Drill {
    source: Source,
    rules: PuzzleRules,
    seed: u64,
    daily: Option<Challenge>,
    puzzles: Vec<Puzzle>,
    index: usize,
    /// The step of the puzzle's line on screen, from 0.
    step: usize,
    /// The cards as they lie on screen: the deal, two unseen cards swapped where the
    /// person turned another new card than the line's (any new card is the same answer).
    cards: Vec<Card>,
    /// The flips on screen so far.
    flips: Vec<usize>,
    game: Game,
    lesson: Lesson,
    /// The card under the cursor.
    pub cursor: usize,
    answer: Option<Answer>,
    store: Option<TallyStore>,
    /// The data directory answers are counted and rated in.
    data_dir: Option<PathBuf>,
    /// The dashboard's cache folder, whose games the rating counts.
    cache_dir: Option<PathBuf>,
    /// The person's rating around which puzzles are chosen (fixed for the run, so that
    /// more puzzles from the seed begin with the same ones).
    target: Option<f64>,
    /// The person's rating as last computed, and its change by the answer on screen.
    rating: Option<(Book, Option<f64>)>,
    session: Tally,
    /// The saved tally as last read or written: shown from the first screen on.
    saved: Option<Tally>,
    counted: Option<Counted>,
    message: String,
    /// The puzzle on screen is being tried again: answers are not counted.
    again: bool,
    clock: Option<Clock>,
    /// What could not be saved since the app last took it ("Not saved: ..." lines).
    not_saved: Vec<String>,
}

impl Drill {
    /// Puzzles on `rules` from games seeded by `seed`, those `filter` keeps; `daily`
    /// names the day's puzzle when the seed is one; answers are counted in `stats_dir`'s
    /// tally when given, and rated with the games the dashboard's cache (in folder
    /// `cache_dir`) holds.
    ///
    /// # Errors
    /// Rules the solver refuses, or no puzzle found, as one line.
    pub fn new(
        rules: PuzzleRules,
        seed: u64,
        filter: Filter,
        daily: Option<Challenge>,
        stats_dir: Option<PathBuf>,
        cache_dir: Option<PathBuf>,
    ) -> Result<Self, String> {
        Self::mixed(vec![rules], seed, filter, daily, stats_dir, cache_dir)
    }

    /// [`Drill::new`] on several rules at once, their puzzles mixed (the default
    /// session, see [`crate::trainer::puzzle::session`]).
    ///
    /// # Errors
    /// As [`Drill::new`]; and an idea asked for that these rules never call for (the
    /// line says where it is met).
    pub fn mixed(
        all_rules: Vec<PuzzleRules>,
        seed: u64,
        filter: Filter,
        daily: Option<Challenge>,
        stats_dir: Option<PathBuf>,
        cache_dir: Option<PathBuf>,
    ) -> Result<Self, String> {
        let Some(rules) = all_rules.first().cloned() else {
            return Err("no rules to find puzzles under".into());
        };
        if rules.objective == Objective::Moves {
            return Err(
                "puzzles are two-player positions: objective 'moves' is for solitaire".into(),
            );
        }
        let mut generator = Generator::mixed(all_rules).map_err(|e| e.to_string())?;
        // Puzzles are chosen around the person's rating, unless a difficulty was asked.
        let rating = stats_dir
            .as_deref()
            .map(|d| dashboard::rating(d, &dashboard::cached(d, cache_dir.as_deref())));
        let target = rating
            .as_ref()
            .filter(|b| b.rated > 0 && filter.difficulty.is_none())
            .map(|b| b.rating.rating);
        let puzzles = filter.find(&mut generator, seed, BATCH, GAMES, target);
        if let Some(idea) = filter.idea
            && !puzzles.iter().any(|p| !p.control)
        {
            let pass_rules: Vec<_> = generator.rules().iter().map(|r| r.pass_rule).collect();
            return Err(crate::trainer::puzzle::session::refusal(
                idea,
                &rules.deck,
                &pass_rules,
            ));
        }
        let Some(first) = puzzles.first() else {
            return Err(format!(
                "no puzzle found on {} under {} in {GAMES} games",
                rules.deck.name(),
                rules.pass_rule.name()
            ));
        };
        let rules = first.rules.clone();
        let game = first.game();
        let cards = first.cards();
        let flips = first.flips.clone();
        let lesson = explain(
            game.view(),
            generator.solver_for(&rules).expect("the puzzle's rules"),
        )
        .map_err(|e| e.to_string())?;
        let store = stats_dir.as_deref().map(TallyStore::new);
        // The tally so far is read before the first puzzle shows, so that the first
        // screen counts what `stats` counts (a file that cannot be read is said once).
        let (saved, note) = match store.as_ref().map(TallyStore::load) {
            None => (None, None),
            // A line each file: on the one message line, side by side.
            Some(loaded) => (
                Some(loaded.tally),
                loaded.warning.map(|w| w.replace('\n', " · ")),
            ),
        };
        let mut drill = Self {
            source: Source::Generated {
                generator: Box::new(generator),
                filter,
            },
            rules,
            seed,
            daily,
            puzzles,
            index: 0,
            step: 0,
            cards,
            flips,
            game,
            lesson,
            cursor: 0,
            answer: None,
            store,
            data_dir: stats_dir,
            cache_dir,
            target,
            rating: rating.map(|b| (b, None)),
            session: Tally::default(),
            saved,
            counted: None,
            message: String::new(),
            again: false,
            clock: None,
            not_saved: Vec::new(),
        };
        drill.message = match note {
            Some(note) => format!("{} · {note}", drill.prompt()),
            None => drill.prompt(),
        };
        Ok(drill)
    }

    /// The same run as a timed one of `minutes`, its clock started at `now`: each answer
    /// is marked and the next puzzle shown at once, until the time is up.
    #[must_use]
    pub fn timed(mut self, minutes: u32, now: Instant) -> Self {
        self.clock = Some(Clock {
            minutes,
            started: now,
            now,
            solved: 0,
            tried: 0,
            result: None,
        });
        // The footer says how to turn a card; the line says what the run is.
        self.message = format!(
            "{}: solve as many as you can",
            crate::words::count(minutes, "minute")
        );
        self
    }

    /// The clock of a timed run.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// When the screen next needs a tick: each quarter second while a timed run's clock
    /// runs (`None` otherwise).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        let clock = self.clock.as_ref().filter(|c| !c.is_over())?;
        Some(clock.now + Duration::from_millis(250))
    }

    /// Time passes: when a timed run's time is up, the run is counted (its best kept in
    /// the tally) and no more answers are taken.
    pub fn tick(&mut self, now: Instant) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.result.is_some() {
            return;
        }
        clock.now = now;
        if !clock.is_over() {
            return;
        }
        let (minutes, solved) = (clock.minutes, clock.solved);
        let result = match &self.store {
            None => {
                let new = self.session.add_timed(minutes, solved);
                Ok((self.session.best_timed[&minutes], new))
            }
            Some(store) => match store.record_timed(minutes, solved) {
                Ok((loaded, new)) => {
                    self.saved = Some(loaded.tally.clone());
                    Ok((loaded.tally.best_timed[&minutes], new))
                }
                Err(e) => {
                    self.not_saved
                        .push(format!("Not saved: the timed run's best: {e}"));
                    Err(e.to_string())
                }
            },
        };
        let clock = self.clock.as_mut().expect("a timed run");
        self.message = format!(
            "Time is up: {} solved of {}. q to quit",
            clock.solved, clock.tried
        );
        clock.result = Some(result);
    }

    fn prompt(&self) -> String {
        match self.puzzles.get(self.index).map(|p| p.asks) {
            Some(Asks::Turn) => {
                "Find the best card: the turn's first, then its second (Enter, Space or a click)"
                    .to_string()
            }
            _ => "Find the best card and turn it (Enter, Space or a click)".to_string(),
        }
    }

    /// The step on screen and how many the puzzle asks (`(1, 2)`: the first card of
    /// two).
    #[must_use]
    pub fn step(&self) -> (usize, usize) {
        (self.step + 1, self.puzzle().steps.len().max(1))
    }

    /// The step on screen: its position, actions and best.
    #[must_use]
    pub fn step_now(&self) -> &crate::trainer::puzzle::Step {
        &self.puzzle().steps[self.step]
    }

    /// "card 1 of 2" for a puzzle of several steps, else nothing.
    #[must_use]
    pub fn step_words(&self) -> Option<String> {
        let (at, of) = self.step();
        (of > 1).then(|| format!("card {at} of {of}"))
    }

    /// After a right answer to a step that is not the last: the next step on screen,
    /// the card turned at `position` (for a new card, the line's card: the deal's two
    /// unseen cards trade places when the person chose another). `false` if the next
    /// step cannot be shown.
    fn advance(&mut self, position: usize, action: Action) -> bool {
        let puzzle = self.puzzle().clone();
        let Some(next) = puzzle.steps.get(self.step + 1) else {
            return false;
        };
        let line = next.flips.last().copied().unwrap_or(position);
        if action == Action::Unknown && line != position && line < self.cards.len() {
            self.cards.swap(line, position);
        }
        let mut flips = self.flips.clone();
        flips.push(position);
        let game = puzzle.game_on(&self.cards, &flips);
        let Some(Ok(lesson)) = self.solver(&puzzle.rules).map(|s| explain(game.view(), s)) else {
            return false;
        };
        self.step += 1;
        self.flips = flips;
        self.game = game;
        self.lesson = lesson;
        true
    }

    /// The puzzle on screen from its first step again.
    fn restart(&mut self) {
        let puzzle = self.puzzle().clone();
        self.step = 0;
        self.cards = puzzle.cards();
        self.flips = puzzle.flips.clone();
        self.game = puzzle.game();
        if let Some(Ok(lesson)) = self
            .solver(&puzzle.rules)
            .map(|s| explain(puzzle.game().view(), s))
        {
            self.lesson = lesson;
        }
    }

    /// Takes what could not be saved since the last call, one "Not saved: ..." line
    /// each (the app keeps them, and says them when the session ends).
    pub(crate) fn take_not_saved(&mut self) -> Vec<String> {
        std::mem::take(&mut self.not_saved)
    }

    /// The puzzle on screen.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzles[self.index]
    }

    /// Its number in this run, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.index + 1
    }

    /// The table at the puzzle's decision point.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every action explained.
    #[must_use]
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The rules of the puzzles.
    #[must_use]
    pub fn rules(&self) -> &PuzzleRules {
        &self.rules
    }

    /// The seed of the run.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The day's puzzle, if this run is one.
    #[must_use]
    pub fn daily(&self) -> Option<Challenge> {
        self.daily
    }

    /// The person's answer, once given.
    #[must_use]
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref()
    }

    /// Where the tally stands after the answer.
    #[must_use]
    pub fn counted(&self) -> Option<&Counted> {
        self.counted.as_ref()
    }

    /// The tally to show: the saved one (read at the start, then as each answer
    /// saved it), else this session's (`--no-save`, or the file could not be used).
    #[must_use]
    pub fn tally(&self) -> &Tally {
        match (&self.counted, &self.saved) {
            (Some(Counted::Saved(t, _)), _) => t,
            (Some(Counted::Failed(_)), _) | (_, None) => &self.session,
            (_, Some(t)) => t,
        }
    }

    /// The person's rating (when answers are counted), and its change by the answer on
    /// screen (`None` before it, or for a second try).
    #[must_use]
    pub fn rating(&self) -> Option<(&Book, Option<f64>)> {
        self.rating.as_ref().map(|(b, c)| (b, *c))
    }

    fn forget_change(&mut self) {
        if let Some((_, change)) = self.rating.as_mut() {
            *change = None;
        }
    }

    /// The message line.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Moves the cursor (before the answer).
    pub(crate) fn move_cursor(&mut self, drow: isize, dcol: isize) {
        self.cursor = super::table::moved_cursor(&self.game, self.cursor, drow, dcol);
    }

    /// The person turns the card at `position`: read as an action, marked and counted.
    /// A card that cannot be turned now (taken, or the one already turned) only says
    /// so; after the answer flips do nothing.
    pub fn choose(&mut self, position: usize) {
        if self.answer.is_some() || self.clock.as_ref().is_some_and(Clock::is_over) {
            return;
        }
        let Some(action) = action_at(&self.lesson, position) else {
            "That card cannot be turned now: pick a face-down card or a seen one"
                .clone_into(&mut self.message);
            return;
        };
        let cost = self.lesson.find(action).map_or(0.0, |e| e.cost);
        let right = cost <= TIE_EPSILON;
        // A right card that is not the last of the line: on to the next.
        if right
            && !matches!(self.source, Source::Review(_))
            && self.step + 1 < self.puzzle().steps.len()
            && self.advance(position, action)
        {
            let deck = self.game.view().deck();
            let place = crate::rules::coordinate(deck, position);
            self.message = format!(
                "Right: {place} is the best first card. Find the best card: the second (card {} of {})",
                self.step + 1,
                self.puzzle().steps.len()
            );
            return;
        }
        self.answer = Some(Answer {
            position,
            action,
            right,
            cost,
        });
        if let Source::Review(run) = &mut self.source {
            let again = std::mem::take(&mut self.again);
            self.message = run.answered(self.index, right, again);
            if let Some(e) = run.schedule_fault() {
                self.not_saved
                    .push(format!("Not saved: the review schedule: {e}"));
            }
            return;
        }
        if std::mem::take(&mut self.again) {
            self.message = if right {
                "Right this time (a second try is not counted). n: next puzzle".to_string()
            } else {
                "Still not the best card. r: try again · n: next puzzle".to_string()
            };
            return;
        }
        let idea = self.puzzle().idea;
        self.session.add(idea, right);
        // The tally and the rated answer are written as one (see `trainer::tally`).
        let (puzzle_rating, guess) = (self.puzzle().rating, self.puzzle().guess);
        self.counted = Some(match &self.store {
            None => Counted::Session(self.session.clone()),
            Some(store) => match store.record(idea, right, puzzle_rating, guess) {
                Ok(loaded) => {
                    if let Some(dir) = &self.data_dir {
                        let results = loaded.tally.ratings.as_deref().unwrap_or_default();
                        let book =
                            rating::with_cached_games(dir, self.cache_dir.as_deref(), results);
                        let before = self.rating.as_ref().map_or(book.rating.rating, |(b, _)| {
                            if b.rated == 0 {
                                1500.0
                            } else {
                                b.rating.rating
                            }
                        });
                        let change = book.rating.rating - before;
                        self.rating = Some((book, Some(change)));
                    }
                    self.saved = Some(loaded.tally.clone());
                    Counted::Saved(loaded.tally, loaded.warning)
                }
                Err(e) => {
                    self.not_saved
                        .push(format!("Not saved: the puzzle tally: {e}"));
                    Counted::Failed(e.to_string())
                }
            },
        });
        let which = match self.step() {
            (_, 1) => "card",
            (1, _) => "first card",
            _ => "second card",
        };
        self.message = if right {
            format!("Right: that is the best {which}. n: next puzzle")
        } else {
            format!("Not the best {which}. r: try again · n: next puzzle")
        };
        if let Some(clock) = self.clock.as_mut() {
            clock.tried += 1;
            clock.solved += u32::from(right);
            // Short, to fit one line: the best card's place, not its explanation.
            let verdict = if right {
                "Right".to_string()
            } else {
                let deck = self.game.view().deck();
                let place = self
                    .lesson
                    .best()
                    .named
                    .cards
                    .first()
                    .map_or_else(String::new, |&p| crate::rules::coordinate(deck, p));
                format!("Not the best: it was {place}")
            };
            self.next();
            self.message = format!("{verdict} · the next puzzle");
        }
    }

    /// After a wrong answer, the same puzzle again: the answer is taken back, and the
    /// next one is marked but not counted (the first answer was). Not in a timed run.
    pub fn retry(&mut self) {
        if self.clock.is_some() || self.answer.as_ref().is_none_or(|a| a.right) {
            return;
        }
        self.answer = None;
        self.again = true;
        self.forget_change();
        if self.step > 0 {
            self.restart();
        }
        self.message = format!("Try again: {}", self.prompt().to_lowercase());
    }

    /// The solver valuing puzzles under `rules`.
    fn solver(&mut self, rules: &PuzzleRules) -> Option<&mut crate::solver::Solver<f64>> {
        match &mut self.source {
            Source::Generated { generator, .. } => generator.solver_for(rules),
            Source::Review(run) => run.solvers.get(rules).map(Generator::solver),
        }
    }

    /// Whether the puzzle on screen is a second try.
    #[must_use]
    pub fn is_retry(&self) -> bool {
        self.again
    }

    /// The next puzzle (more are searched for when the ones found are used up).
    pub fn next(&mut self) {
        if let Source::Review(run) = &self.source
            && self.index + 1 >= self.puzzles.len()
        {
            run.last_line().clone_into(&mut self.message);
            return;
        }
        if let Source::Generated { generator, filter } = &mut self.source
            && self.index + 1 >= self.puzzles.len()
        {
            let more = filter.find(
                generator,
                self.seed,
                self.puzzles.len() + BATCH,
                GAMES * (self.puzzles.len() / BATCH + 1),
                self.target,
            );
            if more.len() <= self.puzzles.len() {
                "No more puzzles for this seed: q to quit".clone_into(&mut self.message);
                return;
            }
            self.puzzles = more;
        }
        let game = self.puzzles[self.index + 1].game();
        let rules = self.puzzles[self.index + 1].rules.clone();
        let Some(Ok(lesson)) = self.solver(&rules).map(|s| explain(game.view(), s)) else {
            "The solver cannot explain the next puzzle".clone_into(&mut self.message);
            return;
        };
        self.index += 1;
        self.step = 0;
        self.cards = self.puzzles[self.index].cards();
        self.flips = self.puzzles[self.index].flips.clone();
        self.rules = rules;
        self.game = game;
        self.lesson = lesson;
        self.answer = None;
        self.again = false;
        self.forget_change();
        self.cursor = 0;
        self.message = self.prompt();
    }
}
