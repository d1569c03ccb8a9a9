//! Puzzles: decision points from real games where one action is clearly best and the
//! common play is not it.
//!
//! The generator plays seeded games on a deck (each decision by the optimal player, the
//! usual player or a random legal action, so that the positions vary) and keeps every
//! decision point where
//! - one action is better than every other by at least [`Criteria::margin`] (2 points of
//!   win probability, 0.05 pairs of margin), and
//! - the usual player's action is not that one.
//!
//! A puzzle is the game so far (its deal and flips), so its table is a real deal
//! consistent with everything seen. The same seed gives the same puzzles.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{IdeaKind, explain};
use crate::model::Standard;
use crate::players::{TieBreak, Usual, choose_best, realise, state_of};
use crate::rules::{Deck, Game, Objective, PassRule, Players, below};
use crate::solitaire::challenge::splitmix64;
use crate::solver::{Action, Position, SolveError, Solver, State, legal_actions};

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

/// How hard a puzzle is: how little the common play loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// The common play loses a lot (10 points, or 0.25 pairs, or more).
    Easy,
    /// It loses 5 to 10 points (0.12 to 0.25 pairs).
    Medium,
    /// It loses less.
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

    fn of(objective: Objective, usual_cost: f64) -> Self {
        let scale = if objective == Objective::Margin {
            2.5
        } else {
            1.0
        };
        if usual_cost >= 0.10 * scale {
            Self::Easy
        } else if usual_cost >= 0.05 * scale {
            Self::Medium
        } else {
            Self::Hard
        }
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
    /// The idea it teaches.
    pub idea: IdeaKind,
    /// How hard it is.
    pub difficulty: Difficulty,
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

/// What makes a decision point a puzzle.
#[derive(Debug, Clone, Copy)]
pub struct Criteria {
    /// The best action beats every other by at least this much.
    pub margin: f64,
}

impl Criteria {
    /// 2 points of win probability, 0.05 pairs of margin.
    #[must_use]
    pub fn for_objective(objective: Objective) -> Self {
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
    /// played), each decision point once, in the order they are met.
    pub fn puzzles(
        &mut self,
        seed: u64,
        count: usize,
        games: usize,
        keep: &dyn Fn(&Puzzle) -> bool,
    ) -> Vec<Puzzle> {
        let mut out: Vec<Puzzle> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for g in 0..games as u64 {
            if out.len() >= count {
                break;
            }
            let deal = splitmix64(seed ^ splitmix64(g));
            for puzzle in self.from_game(deal) {
                if out.len() < count && keep(&puzzle) && seen.insert(puzzle.state.clone()) {
                    out.push(puzzle);
                }
            }
        }
        out
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
            if let Some(puzzle) = self.puzzle_at(&game, &state, &actions, deal, &flips) {
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

    fn puzzle_at(
        &mut self,
        game: &Game,
        state: &State,
        actions: &[(Action, f64)],
        deal: u64,
        flips: &[usize],
    ) -> Option<Puzzle> {
        let objective = self.rules.objective;
        let best = choose_best(objective, TieBreak::Usual, actions, state.first)?;
        let usual = Usual.act(state);
        if best == usual {
            return None;
        }
        let value = |a: Action| actions.iter().find(|(b, _)| *b == a).map(|&(_, v)| v);
        let best_value = value(best)?;
        let runner_up = actions
            .iter()
            .filter(|(a, _)| *a != best)
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_value - runner_up < self.criteria.margin {
            return None;
        }
        let lesson = explain(game.view(), &mut self.solver).ok()?;
        let idea = lesson.idea.map_or(IdeaKind::Other, |i| i.kind);
        let difficulty = Difficulty::of(objective, best_value - value(usual)?);
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
            difficulty,
        })
    }
}
