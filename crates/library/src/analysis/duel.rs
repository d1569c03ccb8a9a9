//! Two policies against each other: the exact expected result by recursion over the
//! chance nodes, or a simulation of real games through the rules engine. The recursion
//! is written once (`turns`: [`Chances`] and the frame of two seats); the standard
//! game's chance nodes are here, Zebra's in `zebra_duel`, and the table of seats walks
//! the standard ones in `seats_duel`.

mod turns;

pub use turns::{Chances, Chooser, HeadToHead, Terms, Turned, expected};

use crate::model::{Model, Standard};
use crate::players::Policy;
use crate::rules::{
    Deck, Game, GameResult, Objective, Outcome, PassRule, Phase, Players, Seat, Table, Variant,
};
use crate::solver::{Action, FirstCard, Position, Solver, State, best_of};

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
    between::<Standard>(deck, objective, pass_rule, [first, second])
}

/// Exact expected result for the first policy when `policies[0]` plays `policies[1]`
/// from the start of `deck` under the rule set `M` (the standard turn): win probability
/// (+ half the draws) under `win`, pair margin under `margin`.
///
/// # Panics
/// If a policy chooses an illegal action, or the objective is `moves`.
pub fn between<M: Chances>(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    policies: [&mut dyn Policy<M>; 2],
) -> f64 {
    between_under(Variant::Standard, deck, objective, pass_rule, policies)
}

/// [`between`] under `variant`'s turn (One Flip: a pair taken hands the turn on).
pub fn between_under<M: Chances>(
    variant: Variant,
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
    policies: [&mut dyn Policy<M>; 2],
) -> f64 {
    let terms = Terms {
        objective,
        pass_rule,
        variant,
    };
    HeadToHead::<M>::play(deck, terms, policies.map(policy_chooser))
}

/// A policy as a seat of a duel: the one action it takes.
fn policy_chooser<'a, M: Model>(policy: &'a mut dyn Policy<M>) -> Chooser<'a, M> {
    Box::new(move |state| vec![policy.act(state)])
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

impl<'a> Contender<'a> {
    /// The actions this side weighs at a decision point under `terms`.
    fn chooser(self, terms: Terms) -> Chooser<'a, Standard> {
        match self {
            Self::Policy(policy) => policy_chooser(policy),
            Self::BestResponse => {
                Box::new(move |state| crate::solver::legal_actions(state, Some(terms.pass_rule)))
            }
            Self::BestOptimal(solver) => Box::new(move |state: &State| {
                let actions = solver.actions(state).expect("the solver covers the deck");
                let best = best_of(terms.objective, actions.iter().map(|(_, v)| *v))
                    .expect("an action exists");
                crate::model::tied(&actions, best)
            }),
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
    let terms = Terms {
        objective,
        pass_rule,
        variant,
    };
    HeadToHead::<Standard>::play(deck, terms, policies.map(|c| c.chooser(terms)))
}

/// The standard game's chance nodes, over its patterns (docs/model.md): an unknown card
/// is of each label with a chance by its count; a pair takes both cards of a label.
impl Chances for Standard {
    type Position = Position;

    fn start(deck: &Deck) -> Position {
        Position::start(deck)
    }

    fn pairs_left(position: &Position) -> u64 {
        position.pairs()
    }

    fn two_seat_state(
        position: &Position,
        diff: i64,
        after_pass: bool,
        first: Option<FirstCard>,
    ) -> State {
        State {
            position: position.clone(),
            diff,
            after_pass,
            first,
        }
    }

    fn firsts(position: &Position, action: Action) -> Vec<(f64, FirstCard)> {
        match action {
            Action::Unknown => position
                .iter()
                .filter(|(a, _)| a.unknown > 0)
                .map(|(a, n)| {
                    let weight = f64::from(n) * f64::from(a.unknown);
                    (weight, FirstCard::Revealed(a))
                })
                .collect(),
            Action::Known(a) => vec![(1.0, FirstCard::Held(a))],
            Action::Match => panic!("a match at the turn start"),
        }
    }

    fn seconds(
        position: &Position,
        first: FirstCard,
        action: Action,
    ) -> Vec<(f64, Turned<Position>)> {
        match (first, action) {
            (FirstCard::Revealed(a), Action::Match) => {
                vec![(1.0, Turned::Took(position.moved(a, a.taken(1))))]
            }
            (FirstCard::Revealed(a), Action::Known(_)) => {
                vec![(1.0, Turned::HandedOn(position.moved(a, Some(a.revealed()))))]
            }
            (FirstCard::Revealed(a), Action::Unknown) => {
                let shown = position.moved(a, Some(a.revealed()));
                second_unknown(position, a, 2, &shown)
            }
            (FirstCard::Held(a), Action::Match) => {
                vec![(1.0, Turned::Took(position.moved(a, a.taken(0))))]
            }
            (FirstCard::Held(_), Action::Known(_)) => vec![(1.0, Turned::Passed)],
            (FirstCard::Held(a), Action::Unknown) => second_unknown(position, a, 1, position),
        }
    }
}

/// The second card turned from unknown after a first card of a label in pattern `first`
/// (`fresh` of the two cards unknown before the turn; `base` the table with the first
/// card shown): its partner, a pair; a card of another label, shown.
fn second_unknown(
    position: &Position,
    first: crate::solver::Pattern,
    fresh: u8,
    base: &Position,
) -> Vec<(f64, Turned<Position>)> {
    let mut outcomes = Vec::new();
    let same = first.unknown + 1 - fresh;
    if same > 0 {
        let next = position.moved(first, first.taken(fresh));
        outcomes.push((f64::from(same), Turned::Took(next)));
    }
    for (b, n) in position.iter() {
        let others = n - u32::from(b == first);
        if others == 0 || b.unknown == 0 {
            continue;
        }
        let next = base.moved(b, Some(b.revealed()));
        outcomes.push((
            f64::from(others) * f64::from(b.unknown),
            Turned::HandedOn(next),
        ));
    }
    outcomes
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
    mut agents: [&mut A; 2],
    games: u64,
    seed: u64,
    on_game: impl FnMut(&Game),
) -> Result<Estimate, crate::rules::DeckError> {
    assert_eq!(table.seats, 2, "a duel of two");
    // The interval says where the result can be: never past what a game can give.
    let pairs = f64::from(deck.pairs());
    let bounds = match objective {
        Objective::Win => (0.0, 1.0),
        _ => (-pairs, pairs),
    };
    let results = |over: &GameResult| two_seat_results(objective, over);
    Ok(series(
        deck,
        table,
        &mut agents,
        games,
        seed,
        bounds,
        results,
        on_game,
    )?[0])
}

/// Each seat's result of a finished game of two under `objective`: its share of the win
/// (half for a draw), or its pair margin.
fn two_seat_results(objective: Objective, over: &GameResult) -> Vec<f64> {
    let first = match objective {
        Objective::Win => match over.outcome {
            Outcome::Winner(Seat::FIRST) => 1.0,
            Outcome::Winner(_) => 0.0,
            Outcome::Draw | Outcome::Solo => 0.5,
        },
        _ => f64::from(over.pairs.of(Seat::FIRST)) - f64::from(over.pairs.of(Seat::SECOND)),
    };
    let second = match objective {
        Objective::Win => 1.0 - first,
        _ => -first,
    };
    vec![first, second]
}

/// Plays `games` real games of `players` (in turn order) at `table` through the rules
/// engine (its seats, pass rule and variant), two seats or more, any rule set, and
/// returns every seat's mean result as `result` reads it off a finished game, with its
/// 95% interval within `bounds`. Game `i` is dealt from `game_seed(seed, i)`, and the
/// player in seat `s` starts a fresh stream of card choices from `game_seed(deal, 1 + s)`.
/// `on_game` sees each finished game (to save records).
///
/// # Errors
/// The deck does not fit on a table.
///
/// # Panics
/// If `table` does not seat `players`.
#[allow(clippy::too_many_arguments)] // the deal, the table, who plays, how many, what counts
pub fn series<P: Simulated>(
    deck: &Deck,
    table: Table,
    players: &mut [P],
    games: u64,
    seed: u64,
    (floor, ceiling): (f64, f64),
    result: impl Fn(&GameResult) -> Vec<f64>,
    mut on_game: impl FnMut(&Game),
) -> Result<Vec<Estimate>, crate::rules::DeckError> {
    assert_eq!(players.len(), usize::from(table.seats), "a player a seat");
    let mut sums = vec![(0.0, 0.0); players.len()];
    for i in 0..games {
        let deal_seed = game_seed(seed, i);
        let mut game = Game::new(deck.clone(), deal_seed, Players::Table(table))?;
        for (s, player) in (1..).zip(players.iter_mut()) {
            player.reseed(game_seed(deal_seed, s));
        }
        let over = loop {
            if let Phase::Over(over) = game.view().phase() {
                break over;
            }
            let position = players[game.view().mover().index()].choose(game.view());
            game.try_flip(position).expect("players play legal flips");
        };
        for ((sum, sum_sq), x) in sums.iter_mut().zip(result(&over)) {
            *sum += x;
            *sum_sq += x * x;
        }
        on_game(&game);
    }
    Ok(sums
        .into_iter()
        .map(|(sum, sum_sq)| Estimate::of(sum, sum_sq, games, floor, ceiling))
        .collect())
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

    /// A series reseeds its players for every game: it plays exactly the games that AIs
    /// made afresh for each game from the same seeds play (the forgetful ones too), and
    /// every seat's mean is its pairs over those games.
    #[test]
    fn a_series_plays_the_games_of_ais_fresh_for_each_game() {
        use crate::players::{AiKind, SeatAi};
        let deck = Deck::parse("pairs:6").unwrap();
        let kinds = [
            AiKind::ForgetfulEasy,
            AiKind::Usual,
            AiKind::ForgetfulMedium,
        ];
        let table = Table {
            seats: 3,
            pass_rule: PassRule::None,
            variant: Variant::Standard,
        };
        let seat = |kind, seed| SeatAi::new::<Standard>(kind, seed, || None).unwrap();
        let mut players: Vec<SeatAi> = kinds.iter().map(|&k| seat(k, 0)).collect();
        let mut played = Vec::new();
        let each = |over: &GameResult| over.pairs.iter().map(|&n| f64::from(n)).collect();
        let means = series(
            &deck,
            table,
            &mut players,
            20,
            5,
            (0.0, 6.0),
            each,
            |game| {
                played.push(game.view().flips().to_vec());
            },
        )
        .unwrap();
        assert_eq!(played.len(), 20);
        let mut sums = [0.0; 3];
        for (i, flips) in (0..).zip(&played) {
            let deal = game_seed(5, i);
            let mut game = Game::new(deck.clone(), deal, Players::Table(table)).unwrap();
            let mut fresh: Vec<SeatAi> = (1..)
                .zip(kinds)
                .map(|(s, k)| seat(k, game_seed(deal, s)))
                .collect();
            while !game.view().is_over() {
                let position = fresh[game.view().mover().index()].choose(game.view());
                game.try_flip(position).unwrap();
            }
            assert_eq!(game.view().flips(), &flips[..], "game {i}");
            for (sum, &pairs) in sums.iter_mut().zip(game.view().pairs().iter()) {
                *sum += f64::from(pairs);
            }
        }
        for (mean, sum) in means.iter().zip(sums) {
            assert!((mean.mean - sum / 20.0).abs() < 1e-12, "{mean:?} vs {sum}");
        }
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
