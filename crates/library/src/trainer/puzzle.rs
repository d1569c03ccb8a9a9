//! Puzzles: decision points from real games where one action is clearly best.
//!
//! The generator plays seeded games on a deck (each decision by the optimal player, the
//! usual player or a random legal action, so that the positions vary) and keeps every
//! decision point where one action is better than every other by at least
//! [`Criteria::margin`] (2 points of win probability, 0.05 pairs of margin) and either
//! - the usual player's action is not that one (a puzzle of an idea), or
//! - it is, and a seen card or a pass was there to be tempted by (a *control*: the
//!   common play is right here, and a learner who always plays the idea gets it wrong).
//!
//! A session mixes them ([`mix`]) so that no rule of thumb ([`thumb`]) solves more than
//! half, and each puzzle's difficulty is measured by how many rules of thumb it defeats
//! and how close its best action's runner-up is.
//!
//! A puzzle is the game so far (its deal and flips), so its table is a real deal
//! consistent with everything seen. The same seed gives the same puzzles.

pub mod mix;
pub mod thumb;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{IdeaKind, explain, idea::kind as idea_kind};
use crate::model::Standard;
use crate::players::{TieBreak, Usual, choose_best, realise, state_of};
use crate::rules::{Deck, Game, Objective, PassRule, Players, below};
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

    /// The difficulty of a puzzle that `misses` of the four rules of thumb get wrong,
    /// whose best action beats the runner-up by `gap` (in the objective's unit) where a
    /// puzzle needs `margin`. One point for each rule missed, plus one for a runner-up
    /// within 5 margins (10 points of win chance) and another within 2.5 margins: up to
    /// 2 points is easy, 3 medium, more hard.
    #[must_use]
    pub fn measure(misses: usize, gap: f64, margin: f64) -> Self {
        match Self::points(misses, gap, margin) {
            0..=2 => Self::Easy,
            3 => Self::Medium,
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
    /// The decision point in the model's terms.
    pub state: State,
    /// Every action with its value for the mover.
    pub actions: Vec<(Action, f64)>,
    /// The one best action.
    pub best: Action,
    /// What the usual player would do.
    pub usual: Action,
    /// The idea it teaches: for a control, the idea that would be wrong here.
    pub idea: IdeaKind,
    /// Whether the common play is the best action (a control position).
    pub control: bool,
    /// Which rules of thumb solve it, in [`thumb::RuleOfThumb::ALL`]'s order.
    pub solved_by: [bool; 4],
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Its rating, the opponent a solver of it beats (see [`Difficulty::points`]).
    pub rating: f64,
}

impl Puzzle {
    /// The game at the puzzle's decision point.
    ///
    /// # Panics
    /// If the flips do not replay (a bug: they came from a real game).
    #[must_use]
    pub fn game(&self) -> Game {
        let mut game = Game::new(
            self.rules.deck.clone(),
            self.deal,
            Players::two(self.rules.pass_rule),
        )
        .expect("a playable deck");
        for &p in &self.flips {
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

/// Finds puzzles on one deck under one rule and objective.
pub struct Generator {
    rules: PuzzleRules,
    solver: Solver<f64>,
    criteria: Criteria,
}

impl Generator {
    /// Solves the deck for `rules`.
    ///
    /// # Errors
    /// A deck too large to solve, or `margin` with `withdraw`.
    pub fn new(rules: PuzzleRules) -> Result<Self, SolveError> {
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
        Ok(Self {
            rules,
            solver,
            criteria,
        })
    }

    /// The solver behind the generator (solved for its rules).
    pub fn solver(&mut self) -> &mut Solver<f64> {
        &mut self.solver
    }

    /// Up to `count` puzzles from games seeded by `seed` (at most `games` games are
    /// played), each decision point once, mixed by [`mix::Mix`]: ideas and controls in
    /// turn, so that no rule of thumb solves more than half of any run from the start.
    /// Asking for more from the same seed gives the same puzzles first.
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
        let mut mix = mix::Mix::near(rating);
        let mut seen = std::collections::HashSet::new();
        for g in 0..games as u64 {
            if mix.chosen().len() >= count {
                break;
            }
            let deal = splitmix64(seed ^ splitmix64(g));
            for puzzle in self.from_game(deal) {
                if keep(&puzzle) && seen.insert(puzzle.state.clone()) {
                    mix.offer(puzzle);
                }
            }
            mix.choose_ready(count);
        }
        mix.finish(count)
    }

    /// Every puzzle met in one game on the deal `deal`.
    pub fn from_game(&mut self, deal: u64) -> Vec<Puzzle> {
        let mut game = Game::new(
            self.rules.deck.clone(),
            deal,
            Players::two(self.rules.pass_rule),
        )
        .expect("a playable deck");
        let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(deal));
        let mut flips = Vec::new();
        let mut out = Vec::new();
        while !game.view().is_over() {
            let state = state_of(game.view());
            let Ok(actions) = self.solver.actions(&state) else {
                break;
            };
            if let Some(puzzle) = self.puzzle_at(&game, &state, &actions, deal, &flips, true) {
                out.push(puzzle);
            }
            let objective = self.rules.objective;
            // Out of 20: 12 optimal, 5 usual, 3 random.
            let roll = below(&mut rng, 20);
            let action = if roll < 12 {
                choose_best(objective, TieBreak::Usual, &actions, state.first)
            } else if roll < 17 {
                Some(Usual.act(&state))
            } else {
                let legal = legal_actions(&state, Some(self.rules.pass_rule));
                let i = below(&mut rng, legal.len() as u64);
                legal.get(usize::try_from(i).unwrap_or(0)).copied()
            }
            .expect("a legal action exists");
            let position = realise::<Standard>(game.view(), action, &mut rng);
            game.try_flip(position).expect("a legal flip");
            flips.push(position);
        }
        out
    }

    /// Any decision point of a game on the generator's rules posed as a puzzle, whether
    /// or not one action stands clear (a decision of the person's own, for review):
    /// `game` is the deal `deal` after `flips`. `None` when the game is over or the
    /// solver cannot value it.
    pub(crate) fn pose(&mut self, game: &Game, deal: u64, flips: &[usize]) -> Option<Puzzle> {
        let state = state_of(game.view());
        let actions = self.solver.actions(&state).ok()?;
        self.puzzle_at(game, &state, &actions, deal, flips, false)
    }

    /// The puzzle at this decision point; when `strict`, only if one action is clearly
    /// best and, for a control, something tempts.
    fn puzzle_at(
        &mut self,
        game: &Game,
        state: &State,
        actions: &[(Action, f64)],
        deal: u64,
        flips: &[usize],
        strict: bool,
    ) -> Option<Puzzle> {
        let objective = self.rules.objective;
        let best = choose_best(objective, TieBreak::Usual, actions, state.first)?;
        let usual = Usual.act(state);
        let value = |a: Action| actions.iter().find(|(b, _)| *b == a).map(|&(_, v)| v);
        let best_value = value(best)?;
        let (runner_up, runner_up_value) = actions.iter().filter(|(a, _)| *a != best).fold(
            None,
            |top: Option<(Action, f64)>, &(a, v)| match top {
                Some((_, t)) if t >= v => top,
                _ => Some((a, v)),
            },
        )?;
        let gap = best_value - runner_up_value;
        if strict && gap < self.criteria.margin {
            return None;
        }
        let control = best == usual;
        // A control needs a temptation: a seen card other than the pair, or a pass.
        if strict && control && !actions.iter().any(|&(a, _)| tempting(state, a)) {
            return None;
        }
        let lesson = explain(game.view(), &mut self.solver).ok()?;
        let idea = if control {
            // The idea the best alternative would have played, had it been right.
            let alternative = lesson.find(runner_up)?;
            match (state.first, runner_up) {
                // A seen card first is how a waiting move starts.
                (None, Action::Known(p)) if p.known() < 2 => IdeaKind::Wait,
                _ => idea_kind(state.first, runner_up, usual, alternative.consequences.pass),
            }
        } else {
            lesson.idea.map_or(IdeaKind::Other, |i| i.kind)
        };
        let legal: Vec<Action> = actions.iter().map(|&(a, _)| a).collect();
        let solved_by = thumb::solved_by(state, &legal, usual, best);
        let misses = solved_by.iter().filter(|&&s| !s).count();
        let difficulty = Difficulty::measure(misses, gap, self.criteria.margin);
        let rating = Difficulty::rating_of(Difficulty::points(misses, gap, self.criteria.margin));
        Some(Puzzle {
            id: format!("{}/{deal}/{}", self.rules.deck.name(), flips.len()),
            rules: self.rules.clone(),
            deal,
            flips: flips.to_vec(),
            state: state.clone(),
            actions: actions.to_vec(),
            best,
            usual,
            idea,
            control,
            solved_by,
            difficulty,
            rating,
        })
    }
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
