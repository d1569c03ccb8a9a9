//! Two policies against each other: the exact expected result by recursion over the
//! chance nodes, or a simulation of real games through the rules engine. The frame of the
//! recursion (a turn's start, a pass, a pair taken, the turn handed on) is in `turns`,
//! shared with the Zebra duel.

mod turns;

pub(crate) use turns::{Memo, Terms, TwoSeatDuel};

use crate::model::{Model, Standard};
use crate::players::Policy;
use crate::rules::{Deck, Game, Objective, Outcome, PassRule, Phase, Players, Table, Variant};
use crate::solver::{Action, FirstCard, Pattern, Position, Scalar, Solver, State, best_of};

/// Exact expected result for the first player when `first` plays `second` from the start
/// of `deck`: win probability (+ half the draws) under `win`, pair margin under `margin`.
///
/// # Panics
/// If a policy chooses an illegal action, or the objective is `moves`.
pub fn exact(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    first: &mut dyn Policy,
    second: &mut dyn Policy,
) -> f64 {
    contest(
        deck,
        objective,
        pass_rule,
        [Contender::Policy(first), Contender::Policy(second)],
    )
}

/// A rule set whose two policies the exact recursion plays against each other: its
/// chance nodes over its own positions (the standard game's here, Zebra's in
/// `zebra_duel`), through the same turns' frame, `TwoSeatDuel`.
pub trait ExactDuel: Model + Sized {
    /// See [`between`].
    fn contest(
        deck: &Deck,
        objective: Objective,
        pass_rule: PassRule,
        policies: [&mut dyn Policy<Self>; 2],
    ) -> f64;
}

/// Exact expected result for the first policy when `policies[0]` plays `policies[1]`
/// from the start of `deck` under the rule set `M`: win probability (+ half the draws)
/// under `win`, pair margin under `margin`.
///
/// # Panics
/// If a policy chooses an illegal action, or the objective is `moves`.
pub fn between<M: ExactDuel>(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    policies: [&mut dyn Policy<M>; 2],
) -> f64 {
    M::contest(deck, objective, pass_rule, policies)
}

impl ExactDuel for Standard {
    fn contest(
        deck: &Deck,
        objective: Objective,
        pass_rule: PassRule,
        policies: [&mut dyn Policy<Self>; 2],
    ) -> f64 {
        let [first, second] = policies;
        exact(deck, objective, pass_rule, first, second)
    }
}

/// One side of an exact duel.
pub enum Contender<'a> {
    /// A fixed policy.
    Policy(&'a mut dyn Policy),
    /// The best response to the other side over every legal action: what any strategy
    /// can score against it.
    BestResponse,
    /// Among the actions that are optimal under this solver (tied for the best value),
    /// always the one that does best against the other side: the most an optimal player
    /// can score against it, whatever its rule among equal actions.
    BestOptimal(&'a mut Solver<f64>),
}

impl Contender<'_> {
    fn name(&self) -> String {
        match self {
            Self::Policy(p) => p.name().to_owned(),
            Self::BestResponse => "best response".to_owned(),
            Self::BestOptimal(_) => "best optimal".to_owned(),
        }
    }
}

/// Exact expected result for the first side of a duel between two contenders.
///
/// # Panics
/// If a policy chooses an illegal action, a solver does not cover the deck, or the
/// objective is `moves`.
pub fn contest(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    policies: [Contender<'_>; 2],
) -> f64 {
    contest_under(Variant::Standard, deck, objective, pass_rule, policies)
}

/// [`contest`] with the turns of `variant` (under One Flip a pair taken hands the move
/// on). A policy keeps its own rule for choosing; only what follows its choice changes.
///
/// # Panics
/// As [`contest`].
pub fn contest_under(
    variant: Variant,
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    policies: [Contender<'_>; 2],
) -> f64 {
    assert!(objective != Objective::Moves, "a duel needs two players");
    let mut duel = Duel {
        terms: Terms {
            objective,
            pass_rule,
            variant,
        },
        policies,
        memo: Memo::default(),
    };
    duel.turn(&Position::start(deck), 0, false, 0)
}

struct Duel<'a> {
    terms: Terms,
    policies: [Contender<'a>; 2],
    memo: Memo<Position>,
}

impl TwoSeatDuel for Duel<'_> {
    type Position = Position;

    fn terms(&self) -> Terms {
        self.terms
    }

    fn memo(&mut self) -> &mut Memo<Position> {
        &mut self.memo
    }

    fn pairs_left(position: &Position) -> u64 {
        position.pairs()
    }

    fn name(&self, who: usize) -> String {
        self.policies[who].name()
    }

    fn start(&mut self, position: &Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let state = State {
            position: position.clone(),
            diff: d,
            after_pass,
            first: None,
        };
        self.choose(&state, who, |duel, action| {
            duel.start_value(&state, action, who)
        })
    }
}

impl Duel<'_> {
    /// The value of the action the policy of `who` takes, or of the best one if `who`
    /// is the best responder.
    fn choose(
        &mut self,
        state: &State,
        who: usize,
        mut value: impl FnMut(&mut Self, Action) -> f64,
    ) -> f64 {
        let candidates = match &mut self.policies[who] {
            Contender::Policy(policy) => vec![policy.act(state)],
            Contender::BestResponse => {
                crate::solver::legal_actions(state, Some(self.terms.pass_rule))
            }
            Contender::BestOptimal(solver) => {
                let actions = solver.actions(state).expect("the solver covers the deck");
                let best = best_of(self.terms.objective, actions.iter().map(|(_, v)| *v))
                    .expect("an action exists");
                actions
                    .into_iter()
                    .filter(|(_, v)| v.ties(&best))
                    .map(|(a, _)| a)
                    .collect()
            }
        };
        candidates
            .into_iter()
            .map(|a| value(self, a))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Value for `who` of a turn-start action.
    fn start_value(&mut self, state: &State, action: Action, who: usize) -> f64 {
        let (position, d, after_pass) = (&state.position, state.diff, state.after_pass);
        match action {
            Action::Unknown => {
                let unknown = position.unknown_cards() as f64;
                let mut sum = 0.0;
                for (a, n) in position.iter().filter(|(a, _)| a.unknown > 0) {
                    let weight = f64::from(n) * f64::from(a.unknown);
                    sum +=
                        weight * self.second(position, FirstCard::Revealed(a), d, after_pass, who);
                }
                sum / unknown
            }
            Action::Known(a) => self.second(position, FirstCard::Held(a), d, after_pass, who),
            Action::Match => panic!("{} chose a match at the turn start", self.name(who)),
        }
    }

    /// Value for `who` after the first card of the turn.
    fn second(
        &mut self,
        position: &Position,
        first: FirstCard,
        d: i64,
        after_pass: bool,
        who: usize,
    ) -> f64 {
        let state = State {
            position: position.clone(),
            diff: d,
            after_pass,
            first: Some(first),
        };
        self.choose(&state, who, |duel, action| {
            duel.second_value(&state, first, action, who)
        })
    }

    /// Value for `who` of a second-card action.
    fn second_value(&mut self, state: &State, first: FirstCard, action: Action, who: usize) -> f64 {
        let (position, d, after_pass) = (&state.position, state.diff, state.after_pass);
        let unknown = position.unknown_cards();
        match (first, action) {
            (FirstCard::Revealed(a), Action::Match) => {
                self.took(&position.moved(a, a.taken(1)), d, who)
            }
            (FirstCard::Revealed(a), Action::Known(_)) => {
                self.hand_on(&position.moved(a, Some(a.revealed())), d, false, who)
            }
            (FirstCard::Revealed(a), Action::Unknown) => {
                let once = position.moved(a, Some(a.revealed()));
                let same = f64::from(a.unknown - 1);
                let mut sum = if same > 0.0 {
                    same * self.took(&position.moved(a, a.taken(2)), d, who)
                } else {
                    0.0
                };
                sum += self.reveal_other(position, &once, a, d, who);
                sum / (unknown - 1) as f64
            }
            (FirstCard::Held(a), Action::Match) => {
                self.took(&position.moved(a, a.taken(0)), d, who)
            }
            (FirstCard::Held(_), Action::Known(_)) => self.pass(position, d, after_pass, who),
            (FirstCard::Held(a), Action::Unknown) => {
                let same = f64::from(a.unknown);
                let mut sum = if same > 0.0 {
                    same * self.took(&position.moved(a, a.taken(1)), d, who)
                } else {
                    0.0
                };
                sum += self.reveal_other(position, position, a, d, who);
                sum / unknown as f64
            }
        }
    }

    /// Sum over the second card being an unknown card of another label than the first
    /// (pattern `a`), weighted by its count; `base` is the table after the first card.
    fn reveal_other(
        &mut self,
        position: &Position,
        base: &Position,
        a: Pattern,
        d: i64,
        who: usize,
    ) -> f64 {
        let mut sum = 0.0;
        for (b, n) in position.iter() {
            let others = n - u32::from(a == b);
            if others == 0 || b.unknown == 0 {
                continue;
            }
            let next = base.moved(b, Some(b.revealed()));
            sum += f64::from(others) * f64::from(b.unknown) * self.hand_on(&next, d, false, who);
        }
        sum
    }
}

/// Mean result of simulated games with a 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Sample mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Games played.
    pub games: u64,
}

/// The seed of game `i` of a series started with `seed` (SplitMix64, so neighbouring
/// series do not share deals).
#[must_use]
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Estimate {
    /// The mean of `games` results summing to `sum` (squares `sum_sq`), with its 95%
    /// interval clipped to what a game can give (`floor`, `ceiling`).
    #[must_use]
    pub fn of(sum: f64, sum_sq: f64, games: u64, floor: f64, ceiling: f64) -> Self {
        #[allow(clippy::cast_precision_loss)]
        let n = games as f64;
        let mean = sum / n;
        let var = if games > 1 {
            (sum_sq - n * mean * mean).max(0.0) / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.96 * (var / n).sqrt();
        Self {
            mean,
            low: (mean - half).max(floor),
            high: (mean + half).min(ceiling),
            games,
        }
    }
}

/// A player of simulated games (any agent, of any rule set).
pub use crate::players::Player as Simulated;

/// Plays `games` real games of `first` against `second` at a two-seat `table` through
/// the rules engine (its pass rule and variant) and returns the first player's mean
/// result. `on_game` sees each finished game (to save records).
///
/// # Errors
/// The deck does not fit on a table.
///
/// # Panics
/// If `table` does not have two seats.
pub fn simulate<A: Simulated>(
    deck: &Deck,
    objective: Objective,
    table: Table,
    agents: [&mut A; 2],
    games: u64,
    seed: u64,
    mut on_game: impl FnMut(&Game),
) -> Result<Estimate, crate::rules::DeckError> {
    assert_eq!(table.seats, 2, "a duel of two");
    let [first, second] = agents;
    let mut sum = 0.0;
    let mut sum_sq = 0.0;
    for i in 0..games {
        let deal_seed = game_seed(seed, i);
        let mut game = Game::new(deck.clone(), deal_seed, Players::Table(table))?;
        first.reseed(game_seed(deal_seed, 1));
        second.reseed(game_seed(deal_seed, 2));
        let result = loop {
            if let Phase::Over(result) = game.view().phase() {
                break result;
            }
            let agent = match game.view().mover() {
                crate::rules::Seat::FIRST => &mut *first,
                _ => &mut *second,
            };
            let position = agent.choose(game.view());
            game.try_flip(position).expect("agents play legal flips");
        };
        let x = match objective {
            Objective::Win => match result.outcome {
                Outcome::Winner(crate::rules::Seat::FIRST) => 1.0,
                Outcome::Winner(_) => 0.0,
                Outcome::Draw | Outcome::Solo => 0.5,
            },
            _ => {
                f64::from(result.pairs.of(crate::rules::Seat::FIRST))
                    - f64::from(result.pairs.of(crate::rules::Seat::SECOND))
            }
        };
        sum += x;
        sum_sq += x * x;
        on_game(&game);
    }
    // The interval says where the result can be: never past what a game can give.
    let (floor, ceiling) = match objective {
        Objective::Win => (0.0, 1.0),
        _ => {
            let pairs = f64::from(deck.pairs());
            (-pairs, pairs)
        }
    };
    Ok(Estimate::of(sum, sum_sq, games, floor, ceiling))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solver's value of the start of the game at `root`.
    fn start_value(solver: Result<Solver<f64>, crate::solver::SolveError>, root: &Position) -> f64 {
        let state = State {
            position: root.clone(),
            diff: 0,
            after_pass: false,
            first: None,
        };
        solver.unwrap().value(&state).unwrap()
    }

    /// Two best responses play the game optimally: the duel scores the solver's value of
    /// the start, under every rule (under `withdraw` too, where a lead larger than the
    /// pairs left does not decide the game).
    #[test]
    fn two_best_responses_score_the_value_of_the_start() {
        for deck in ["5x2", "3x4"] {
            let deck = Deck::parse(deck).unwrap();
            let root = Position::start(&deck);
            for rule in PassRule::ALL {
                let value = start_value(Solver::new(Objective::Win, rule, &root, 0, 1e9), &root);
                let duel = contest(
                    &deck,
                    Objective::Win,
                    rule,
                    [Contender::BestResponse, Contender::BestResponse],
                );
                assert!(
                    (duel - value).abs() < 1e-9,
                    "{deck:?} {rule}: {duel} vs {value}"
                );
            }
        }
    }

    /// The same under One Flip, for both objectives: the duel's turns follow the variant.
    #[test]
    fn two_best_responses_score_the_one_flip_value_of_the_start() {
        for deck in ["5x2", "3x4"] {
            let deck = Deck::parse(deck).unwrap();
            let root = Position::start(&deck);
            for objective in [Objective::Win, Objective::Margin] {
                for rule in PassRule::ALL {
                    if crate::rules::check_combination(objective, rule).is_err() {
                        continue;
                    }
                    let solver =
                        Solver::with_variant(objective, rule, Variant::OneFlip, &root, 0, 1e9);
                    let value = start_value(solver, &root);
                    let duel = contest_under(
                        Variant::OneFlip,
                        &deck,
                        objective,
                        rule,
                        [Contender::BestResponse, Contender::BestResponse],
                    );
                    assert!(
                        (duel - value).abs() < 1e-9,
                        "{deck:?} {objective} {rule}: {duel} vs {value}"
                    );
                }
            }
        }
    }
}
