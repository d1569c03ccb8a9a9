//! Puzzles: the rest of a turn from real games, where one card is clearly best at each
//! step.
//!
//! The generator plays seeded games on a deck (each decision by the optimal player, the
//! usual player or a random legal action, so that the positions vary). A puzzle starts
//! at a turn's first card and asks it, then (where the game went on with a best first
//! card) the second card, the card the first shows being the game's own: its [`Step`]s.
//! It is kept when, at every step, one action is better than every other by at least
//! [`Criteria::margin`] (2 points of win probability, 0.05 pairs of margin), random
//! answers solve it at most [`GUESS_MOST`] of the time, and either
//! - at some step the usual player's action is not the best (a puzzle of an idea), or
//! - it is best throughout, and a seen card or a pass was there to be tempted by (a
//!   *control*: the common play is right here, and a learner who always plays the idea
//!   gets it wrong).
//!
//! A session mixes them ([`mix`]) so that no rule of thumb ([`thumb`]) solves more than
//! half, on the rules [`session`] chooses, and each puzzle's difficulty is measured by
//! how many rules of thumb it defeats and how close its best action's runner-up is.
//!
//! A puzzle is the game so far (its deal and flips), so its table is a real deal
//! consistent with everything seen. The same seed gives the same puzzles.

pub mod mix;
pub mod session;
pub mod step;
pub mod thumb;

pub use step::{Asks, Step};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{IdeaKind, explain, idea::kind as idea_kind};
use crate::model::Standard;
use crate::players::{TieBreak, Usual, choose_best, realise, state_of};
use crate::rules::{Card, Deck, Game, Objective, PassRule, Players, below};
use crate::solitaire::challenge::splitmix64;
use crate::solver::{Action, FirstCard, Position, SolveError, Solver, State, legal_actions};

/// The rules a puzzle is set under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRules {
    /// The deck.
    pub deck: Deck,
    /// `win` or `margin`.
    pub objective: Objective,
    /// The pass rule.
    pub pass_rule: PassRule,
}

/// How hard a puzzle is, measured: how many of the four rules of thumb miss it, and how
/// close the runner-up comes to the best action (see [`Difficulty::measure`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Few rules of thumb miss it, and the best action stands well clear.
    Easy,
    /// In between.
    Medium,
    /// Most rules of thumb miss it, or the runner-up is close.
    Hard,
}

impl Difficulty {
    /// Its name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Easy => "easy",
            Self::Medium => "medium",
            Self::Hard => "hard",
        }
    }

    /// Parses `easy`, `medium` or `hard`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Easy, Self::Medium, Self::Hard]
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(text))
    }

    /// The difficulty of a puzzle that `misses` of the five rules of thumb get wrong,
    /// whose best action beats the runner-up by `gap` (in the objective's unit, at its
    /// closest step) where a puzzle needs `margin`. One point for each rule missed, plus
    /// one for a runner-up within 5 margins (10 points of win chance) and another within
    /// 2.5 margins: up to 3 points is easy, 4 medium, more hard.
    #[must_use]
    pub fn measure(misses: usize, gap: f64, margin: f64) -> Self {
        match Self::points(misses, gap, margin) {
            0..=3 => Self::Easy,
            4 => Self::Medium,
            _ => Self::Hard,
        }
    }

    /// The points [`Difficulty::measure`] counts: the rules of thumb missed, plus one
    /// or two for a close runner-up.
    #[must_use]
    pub fn points(misses: usize, gap: f64, margin: f64) -> usize {
        misses + usize::from(gap < 5.0 * margin) + usize::from(gap < 2.5 * margin)
    }

    /// A puzzle's rating from its points: 1200 and 150 a point, so that one rule of
    /// thumb missed with a wide gap (1 point, 1350) is below the usual player's 1500
    /// and a puzzle that fools three rules with a close runner-up (5 points, 1950) is
    /// well above the optimal player's 1641.
    #[must_use]
    pub(crate) fn rating_of(points: usize) -> f64 {
        1200.0 + 150.0 * points as f64
    }
}

/// One puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// `deck/deal/flips`, e.g. `pairs:8/1234/17`: replays to the same table.
    pub id: String,
    /// The rules.
    pub rules: PuzzleRules,
    /// The deal's seed.
    pub deal: u64,
    /// The flips of the game so far, by position.
    pub flips: Vec<usize>,
    /// The first decision point in the model's terms (the first step's).
    pub state: State,
    /// Every action of the first step with its value for the mover.
    pub actions: Vec<(Action, f64)>,
    /// The first step's one best action.
    pub best: Action,
    /// What the usual player would do at the first step.
    pub usual: Action,
    /// What it asks: one card, or the rest of the turn.
    pub asks: Asks,
    /// Every decision asked, in order: the first is the fields above; each later one
    /// follows the best answer to the one before, its new card the real deal's.
    pub steps: Vec<Step>,
    /// The step where the idea is played (or, for a control, where it tempts).
    pub key: usize,
    /// The chance that random legal answers solve it (see [`step`]).
    pub guess: f64,
    /// The idea it teaches: for a control, the idea that would be wrong here.
    pub idea: IdeaKind,
    /// Whether the common play is the best action at every step (a control position).
    pub control: bool,
    /// Which rules of thumb solve every step, in [`thumb::RuleOfThumb::ALL`]'s order.
    pub solved_by: [bool; thumb::RULES],
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Its rating, the opponent a solver of it beats (see [`Difficulty::points`]).
    pub rating: f64,
}

impl Puzzle {
    /// Whether the carried rule of the puzzle's idea ([`rule_of_idea`]) chooses worse
    /// than the solver at the key step: `None` where the idea is not at stake there.
    /// Such a puzzle tests that the rule is understood, not merely carried.
    ///
    /// [`rule_of_idea`]: crate::trainer::rule_of_idea
    #[must_use]
    pub fn rule_fails(&self) -> Option<bool> {
        let step = self.steps.get(self.key)?;
        crate::trainer::rule_of_idea::rule_fails(
            self.idea,
            &step.state,
            &step.actions,
            self.rules.objective,
            self.rules.pass_rule,
        )
    }

    /// The game at the puzzle's decision point.
    ///
    /// # Panics
    /// If the flips do not replay (a bug: they came from a real game).
    #[must_use]
    pub fn game(&self) -> Game {
        self.game_after(&self.flips)
    }

    /// The game at step `i`'s decision point (the first step's if out of range).
    ///
    /// # Panics
    /// As [`Puzzle::game`].
    #[must_use]
    pub fn game_at(&self, i: usize) -> Game {
        self.steps
            .get(i)
            .map_or_else(|| self.game(), |s| self.game_after(&s.flips))
    }

    /// The cards as the puzzle's deal lays them out.
    ///
    /// # Panics
    /// As [`Puzzle::game`].
    #[must_use]
    pub fn cards(&self) -> Vec<Card> {
        self.game_after(&[]).reveal_all().to_vec()
    }

    /// The game on `cards` (the deal's, perhaps two unseen cards swapped) after `flips`.
    ///
    /// # Panics
    /// If `cards` are not the deck's or the flips do not replay.
    #[must_use]
    pub fn game_on(&self, cards: &[Card], flips: &[usize]) -> Game {
        let mut game = Game::from_cards(
            self.rules.deck.clone(),
            cards.to_vec(),
            self.deal,
            Players::two(self.rules.pass_rule),
        );
        for &p in flips {
            game.try_flip(p).expect("the flips replay");
        }
        game
    }

    fn game_after(&self, flips: &[usize]) -> Game {
        let mut game = Game::new(
            self.rules.deck.clone(),
            self.deal,
            Players::two(self.rules.pass_rule),
        )
        .expect("a playable deck");
        for &p in flips {
            game.try_flip(p).expect("the puzzle's flips replay");
        }
        game
    }
}

impl Puzzle {
    /// For a control position, the sentence that says so: the idea that would be wrong
    /// here, and what its move costs (`lesson` is the puzzle's, from [`explain`]).
    #[must_use]
    pub fn control_line(&self, lesson: &super::Lesson) -> Option<String> {
        if !self.control {
            return None;
        }
        let alternative = lesson.actions.iter().find(|e| e.action != self.best)?;
        // The cost as the answer's list prints it beside the values.
        let cost = lesson
            .compared(self.rules.objective)
            .cost_words(alternative.value);
        // A pass the opponent would not pass back: why it costs, in the position's terms.
        let why = alternative
            .consequences
            .reply
            .and_then(super::reply_words)
            .map(|r| format!(": {r}"))
            .unwrap_or_default();
        Some(format!(
            "Not every position calls for '{}': here the common play is best, and {} costs {cost}{why}.",
            lower_first(self.idea.title()),
            lower_first(&alternative.named.text)
        ))
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}

/// What makes a decision point a puzzle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Criteria {
    /// The best action beats every other by at least this much.
    pub margin: f64,
}

impl Criteria {
    /// 2 points of win probability, 0.05 pairs of margin.
    #[must_use]
    pub(crate) fn for_objective(objective: Objective) -> Self {
        Self {
            margin: if objective == Objective::Margin {
                0.05
            } else {
                0.02
            },
        }
    }
}

/// The most a guess may solve of a puzzle: a quarter (two steps of two answers each).
pub const GUESS_MOST: f64 = 0.25;

/// Games a session plays, at most, waiting for its ideas before it chooses.
const PATIENCE: u64 = 60;

/// One decision met in a generated game.
struct Decision {
    game: Game,
    flips: Vec<usize>,
    state: State,
    actions: Vec<(Action, f64)>,
    /// The action the game went on with.
    taken: Action,
}

/// One deck under one rule and objective, solved.
struct Part {
    rules: PuzzleRules,
    solver: Solver<f64>,
    criteria: Criteria,
}

/// Finds puzzles on one deck under one rule and objective, or on several in turn (a
/// mixed session: each game is played under each of them).
pub struct Generator {
    parts: Vec<Part>,
}

impl Generator {
    /// Solves the deck for `rules`.
    ///
    /// # Errors
    /// A deck too large to solve, or `margin` with `withdraw`.
    pub fn new(rules: PuzzleRules) -> Result<Self, SolveError> {
        Self::mixed(vec![rules])
    }

    /// Solves each of `rules` (at least one), for sessions that mix them.
    ///
    /// # Errors
    /// As [`Generator::new`], for any of them.
    pub fn mixed(rules: Vec<PuzzleRules>) -> Result<Self, SolveError> {
        let parts = rules
            .into_iter()
            .map(|rules| {
                let root = Position::start(&rules.deck);
                let mut solver = Solver::new(
                    rules.objective,
                    rules.pass_rule,
                    &root,
                    0,
                    crate::solver::PLAY_LIMIT,
                )?;
                solver.value(&State {
                    position: root,
                    diff: 0,
                    after_pass: false,
                    first: None,
                })?;
                let criteria = Criteria::for_objective(rules.objective);
                Ok(Part {
                    rules,
                    solver,
                    criteria,
                })
            })
            .collect::<Result<Vec<_>, SolveError>>()?;
        assert!(!parts.is_empty(), "a generator needs rules");
        Ok(Self { parts })
    }

    /// The rules of each part, in order.
    #[must_use]
    pub fn rules(&self) -> Vec<PuzzleRules> {
        self.parts.iter().map(|p| p.rules.clone()).collect()
    }

    /// The solver behind the generator (solved for its first rules).
    pub fn solver(&mut self) -> &mut Solver<f64> {
        &mut self.parts[0].solver
    }

    /// The solver for `rules`, if the generator has them.
    pub fn solver_for(&mut self, rules: &PuzzleRules) -> Option<&mut Solver<f64>> {
        self.parts
            .iter_mut()
            .find(|p| p.rules == *rules)
            .map(|p| &mut p.solver)
    }

    /// Up to `count` puzzles from games seeded by `seed` (at most `games` games are
    /// played), each line once, mixed by [`mix::Mix`]: ideas and controls in turn, so
    /// that no rule of thumb solves more than half of any run from the start. Asking
    /// for more from the same seed gives the same puzzles first.
    pub fn puzzles(
        &mut self,
        seed: u64,
        count: usize,
        games: usize,
        keep: &dyn Fn(&Puzzle) -> bool,
    ) -> Vec<Puzzle> {
        self.puzzles_near(seed, count, games, keep, None)
    }

    /// [`Generator::puzzles`], preferring those rated near `rating` where the mix
    /// leaves a choice (see [`mix::Mix::near`]).
    pub fn puzzles_near(
        &mut self,
        seed: u64,
        count: usize,
        games: usize,
        keep: &dyn Fn(&Puzzle) -> bool,
        rating: Option<f64>,
    ) -> Vec<Puzzle> {
        self.session(seed, count, games, keep, mix::Mix::near(rating))
    }

    /// Up to `count` puzzles where `idea` is right, at most a third controls (its
    /// look-alikes), from games seeded by `seed`.
    pub fn idea_puzzles(
        &mut self,
        idea: IdeaKind,
        seed: u64,
        count: usize,
        games: usize,
        keep: &dyn Fn(&Puzzle) -> bool,
        rating: Option<f64>,
    ) -> Vec<Puzzle> {
        let keep = |p: &Puzzle| p.idea == idea && keep(p);
        self.session(seed, count, games, &keep, mix::Mix::near(rating).of_idea())
    }

    fn session(
        &mut self,
        seed: u64,
        count: usize,
        games: usize,
        keep: &dyn Fn(&Puzzle) -> bool,
        mut mix: mix::Mix,
    ) -> Vec<Puzzle> {
        let mut seen = std::collections::HashSet::new();
        for g in 0..games as u64 {
            if mix.chosen().len() >= count {
                break;
            }
            let deal = splitmix64(seed ^ splitmix64(g));
            for part in 0..self.parts.len() {
                for puzzle in self.puzzles_of_game(part, deal) {
                    let line: Vec<State> = puzzle.steps.iter().map(|s| s.state.clone()).collect();
                    if keep(&puzzle) && seen.insert((part, line)) {
                        mix.offer(puzzle);
                    }
                }
            }
            mix.choose_ready(count, g < PATIENCE);
        }
        mix.finish(count)
    }

    /// Every puzzle met in one game on the deal `deal` (under the first rules).
    pub fn from_game(&mut self, deal: u64) -> Vec<Puzzle> {
        self.puzzles_of_game(0, deal)
    }

    fn puzzles_of_game(&mut self, part: usize, deal: u64) -> Vec<Puzzle> {
        let decisions = self.play(part, deal);
        let mut out = Vec::new();
        for (i, d) in decisions.iter().enumerate() {
            // A line starts at a turn's first card, with a choice to make.
            if d.state.first.is_some() || d.actions.len() < 2 {
                continue;
            }
            let mut line = vec![d];
            // The second card follows when the game went on with a best first card.
            if let Some(next) = decisions.get(i + 1)
                && next.state.first.is_some()
                && is_best(d)
                && next.actions.len() > 1
            {
                line.push(next);
            }
            if let Some(puzzle) = self.line_puzzle(part, deal, &line, Need::Puzzle) {
                out.push(puzzle);
            }
        }
        out
    }

    /// The decisions of one seeded game, each by the optimal player, the usual player
    /// or a random legal action, so that the positions vary.
    fn play(&mut self, part: usize, deal: u64) -> Vec<Decision> {
        let Part { rules, solver, .. } = &mut self.parts[part];
        let mut game = Game::new(rules.deck.clone(), deal, Players::two(rules.pass_rule))
            .expect("a playable deck");
        let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(deal));
        let mut flips = Vec::new();
        let mut out = Vec::new();
        while !game.view().is_over() {
            let state = state_of(game.view());
            let Ok(actions) = solver.actions(&state) else {
                break;
            };
            // Out of 20: 12 optimal, 5 usual, 3 random.
            let roll = below(&mut rng, 20);
            let action = if roll < 12 {
                choose_best(rules.objective, TieBreak::Usual, &actions, state.first)
            } else if roll < 17 {
                Some(Usual.act(&state))
            } else {
                let legal = legal_actions(&state, Some(rules.pass_rule));
                let i = below(&mut rng, legal.len() as u64);
                legal.get(usize::try_from(i).unwrap_or(0)).copied()
            }
            .expect("a legal action exists");
            out.push(Decision {
                game: game.clone(),
                flips: flips.clone(),
                state,
                actions,
                taken: action,
            });
            let position = realise::<Standard>(game.view(), action, &mut rng);
            game.try_flip(position).expect("a legal flip");
            flips.push(position);
        }
        out
    }

    /// Any decision point of a game on the generator's rules posed as a puzzle of one
    /// card, whether or not one action stands clear (a decision of the person's own, for
    /// review): `game` is the deal `deal` after `flips`. `None` when the game is over or
    /// the solver cannot value it.
    pub(crate) fn pose(&mut self, game: &Game, deal: u64, flips: &[usize]) -> Option<Puzzle> {
        let state = state_of(game.view());
        let actions = self.parts[0].solver.actions(&state).ok()?;
        let decision = Decision {
            game: game.clone(),
            flips: flips.to_vec(),
            state,
            taken: actions.first()?.0,
            actions,
        };
        self.line_puzzle(0, deal, &[&decision], Need::Any)
    }

    /// The decision after `flips` flips of the game on `deal` (under the first rules)
    /// posed as a puzzle of one card, whether or not one action stands clear.
    pub fn posed_at(&mut self, deal: u64, flips: usize) -> Option<Puzzle> {
        let decisions = self.play(0, deal);
        let d = decisions.get(flips)?;
        self.line_puzzle(0, deal, &[d], Need::Any)
    }

    /// The first decision of `idea` with one clearly best action, met in games seeded
    /// by `seed` (at most `games`), posed as a puzzle of one card: an example for the
    /// Strategy page, where a guess does not matter.
    pub fn example(&mut self, idea: IdeaKind, seed: u64, games: usize) -> Option<Puzzle> {
        for g in 0..games as u64 {
            let deal = splitmix64(seed ^ splitmix64(g));
            let decisions = self.play(0, deal);
            for d in &decisions {
                if let Some(p) = self.line_puzzle(0, deal, &[d], Need::Clear)
                    && p.idea == idea
                    && !p.control
                {
                    return Some(p);
                }
            }
        }
        None
    }

    /// The puzzle of a line of decisions, if it meets `need`.
    fn line_puzzle(
        &mut self,
        part: usize,
        deal: u64,
        line: &[&Decision],
        need: Need,
    ) -> Option<Puzzle> {
        let strict = need != Need::Any;
        let Part {
            rules,
            solver,
            criteria,
        } = &mut self.parts[part];
        let steps = line
            .iter()
            .map(|d| {
                Some(Step {
                    flips: d.flips.clone(),
                    state: d.state.clone(),
                    actions: d.actions.clone(),
                    best: choose_best(rules.objective, TieBreak::Usual, &d.actions, d.state.first)?,
                    usual: Usual.act(&d.state),
                })
            })
            .collect::<Option<Vec<Step>>>()?;
        let gap = steps.iter().map(Step::gap).fold(f64::INFINITY, f64::min);
        let guess = step::line_guess(&steps);
        if strict && gap < criteria.margin || need == Need::Puzzle && guess > GUESS_MOST {
            return None;
        }
        // The idea is played where the best is not the common play; a control (the
        // common play best throughout) needs a temptation: a seen card other than the
        // pair, or a pass.
        let idea_at = steps.iter().position(|s| s.best != s.usual);
        let tempted_at = steps
            .iter()
            .position(|s| s.actions.iter().any(|&(a, _)| tempting(&s.state, a)));
        let control = idea_at.is_none();
        if strict && control && tempted_at.is_none() {
            return None;
        }
        let key = idea_at.or(tempted_at).unwrap_or(0);
        let at = &steps[key];
        let lesson = explain(line[key].game.view(), solver).ok()?;
        let idea = if control {
            // The idea the best alternative would have played, had it been right.
            let runner_up = at.runner_up()?;
            let alternative = lesson.find(runner_up)?;
            match (at.state.first, runner_up) {
                // A seen card first is how a waiting move starts.
                (None, Action::Known(p)) if p.known() < 2 => IdeaKind::Wait,
                _ => idea_kind(
                    at.state.first,
                    runner_up,
                    at.usual,
                    alternative.consequences.pass,
                ),
            }
        } else {
            lesson.idea.map_or(IdeaKind::Other, |i| i.kind)
        };
        let solved_by = thumb::solved_line(&steps);
        let misses = solved_by.iter().filter(|&&s| !s).count();
        let difficulty = Difficulty::measure(misses, gap, criteria.margin);
        let rating = Difficulty::rating_of(Difficulty::points(misses, gap, criteria.margin));
        let first = &steps[0];
        Some(Puzzle {
            id: format!("{}/{deal}/{}", rules.deck.name(), first.flips.len()),
            rules: rules.clone(),
            deal,
            flips: first.flips.clone(),
            state: first.state.clone(),
            actions: first.actions.clone(),
            best: first.best,
            usual: first.usual,
            asks: if steps.len() > 1 {
                Asks::Turn
            } else {
                Asks::Card
            },
            key,
            guess,
            idea,
            control,
            solved_by,
            difficulty,
            rating,
            steps,
        })
    }
}

/// What a line must be to be posed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Anything the solver values (a decision of the person's own).
    Any,
    /// One action clearly best at every step and, for a control, something tempting.
    Clear,
    /// [`Need::Clear`], and a guess solves it at most [`GUESS_MOST`] of the time.
    Puzzle,
}

/// Whether the game went on with one of the best actions (so that the next decision is
/// on the best line).
fn is_best(d: &Decision) -> bool {
    let top = d
        .actions
        .iter()
        .map(|&(_, v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    d.actions
        .iter()
        .any(|&(a, v)| a == d.taken && v >= top - crate::solver::TIE_EPSILON)
}

/// Whether `action` is one a learner of the ideas is drawn to instead of the common
/// play: a seen card that does not take or start a pair, or turning a new card while a
/// pair waits.
fn tempting(state: &State, action: Action) -> bool {
    match (state.first, action) {
        (None, Action::Known(p)) => p.known() < 2,
        (None, Action::Unknown) => state.position.iter().any(|(p, _)| p.known() >= 2),
        (Some(_), Action::Known(_)) => true,
        // A new card while the first card's partner is seen (a seen first card counts
        // itself among its label's known cards).
        (Some(FirstCard::Revealed(p)), Action::Unknown) => p.known() >= 1,
        (Some(FirstCard::Held(p)), Action::Unknown) => p.known() >= 2,
        _ => false,
    }
}
