//! The review's solve of three players and more — the fold proof and the layered solve
//! ([`analyse_round`]) — against the memoised solver without the proof, as the review
//! ran before them: over the rounds of seeded games of three and four players, with the
//! reshuffle modelled (the `spne` player's counted table), every value the same bit for
//! bit; and a wrong bound caught.

use concentration::pairs::duel::game_seed;
use concentration::pairs::model::RoundModel;
use concentration::pairs::record::{PairsRecord, apply};
use concentration::pairs::review::review;
use concentration::pairs::rules::{Phase, default_target};
use concentration::pairs::solver::{
    Analysis, PROOF_DEPTH, analyse_round, analyse_round_with, solve_round,
};
use concentration::pairs::{Game, PairsAi, Player, Ranks, Solver, Stack};
use concentration::seats::{AiKind, Seats};

use crate::common::pairs;
use pairs::{bits, rounds_by_pool, same};

/// Decisions of a round that share a model (the model changes within a round only
/// where the deck runs out), the configuration at each (turn order).
struct Round {
    model: RoundModel,
    decisions: Vec<Vec<Stack>>,
}

/// The runs of decisions of a seeded game of `m` players at n ranks (`threshold` and `random`
/// players, which decide fast), and its record.
fn play(n: u32, m: usize, seed: u64, most_rounds: usize) -> (Vec<Round>, PairsRecord) {
    let ranks = Ranks::new(n).unwrap();
    let target = default_target(m);
    let kinds: Vec<PairsAi> = (0..m)
        .map(|i| {
            if i % 2 == 0 {
                PairsAi::Threshold
            } else {
                PairsAi::Random
            }
        })
        .collect();
    let mut players: Vec<Player> = kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| Player::new(k, game_seed(seed, 100 + i as u64)))
        .collect();
    let mut game = Game::new(ranks, m, target, game_seed(seed, 1)).unwrap();
    let mut rounds: Vec<Round> = Vec::new();
    let mut actions = vec![Vec::new()];
    loop {
        match game.phase() {
            Phase::Turn { mover } => {
                let (model, stacks) = game.view().counted_model(mover);
                let fresh = actions.last().unwrap().is_empty();
                match rounds.last_mut() {
                    Some(run) if !fresh && run.model == model => run.decisions.push(stacks),
                    _ => rounds.push(Round {
                        model,
                        decisions: vec![stacks],
                    }),
                }
                let action = players[mover].decide(&game.view());
                actions.last_mut().unwrap().push(action);
                apply(&mut game, action).unwrap();
            }
            Phase::RoundOver(_) if rounds.len() < most_rounds => {
                game.next_round().unwrap();
                actions.push(Vec::new());
            }
            _ => break,
        }
    }
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    let record = PairsRecord {
        date: "2026-11-27".into(),
        time: "12:00:00".into(),
        seed: game_seed(seed, 1),
        ranks,
        target,
        seats: Seats::<PairsAi>::parse(&names.join(",")).unwrap(),
        rounds: actions,
    };
    (rounds, record)
}

/// The memoised solver without the proof, as the review used it: one per round, every
/// decision analysed in turn.
fn reference(round: &Round) -> Vec<Analysis<f64>> {
    let mut solver = Solver::<f64>::new(round.model).with_proof_depth(0);
    round.decisions.iter().map(|s| solver.analyse(s)).collect()
}

/// Decisions compared, and those that differed from the reference, over the rounds of
/// `games` seeded games, the layered solve made with the proof `depth` levels deep and
/// its bound skewed by `skew`.
fn compare(n: u32, m: usize, games: u64, depth: u32, skew: f64) -> (usize, usize) {
    let (mut compared, mut differ) = (0, 0);
    for seed in 0..games {
        for round in play(n, m, seed, 8).0 {
            let want = reference(&round);
            let got = analyse_round_with(&round.model, &round.decisions, depth, skew);
            compared += want.len();
            differ += want.iter().zip(&got).filter(|(a, b)| !same(a, b)).count();
        }
    }
    (compared, differ)
}

#[test]
fn the_layered_solve_gives_the_solvers_values_bit_for_bit_three_players() {
    for depth in [0, PROOF_DEPTH, 2] {
        let (compared, differ) = compare(7, 3, 12, depth, 0.0);
        assert!(compared > 100, "{compared} decisions compared");
        assert_eq!(
            differ, 0,
            "proof depth {depth}: {differ} of {compared} differ"
        );
    }
}

#[test]
fn the_layered_solve_gives_the_solvers_values_bit_for_bit_four_players() {
    let (compared, differ) = compare(6, 4, 10, PROOF_DEPTH, 0.0);
    assert!(compared > 100, "{compared} decisions compared");
    assert_eq!(differ, 0, "{differ} of {compared} differ");
}

#[test]
fn a_wrong_fold_proof_is_caught() {
    // A bound lowered by five points proves folds that are not: some value changes.
    let (compared, differ) = compare(7, 3, 12, PROOF_DEPTH, -5.0);
    assert!(differ > 0, "none of {compared} decisions differ");
}

#[test]
fn the_proof_leaves_every_value_of_the_memoised_solver_alone() {
    // Every configuration the search without the proof valued, valued the same by the
    // search with it (which visits fewer), and a wrong proof caught the same way.
    for (skew, want_same) in [(0.0, true), (-5.0, false)] {
        let mut all_same = true;
        for seed in 0..6 {
            for round in play(7, 3, seed, 8).0 {
                let root = &round.decisions[0];
                let mut plain = Solver::<f64>::new(round.model).with_proof_depth(0);
                plain.value(root);
                let mut proved = Solver::<f64>::new(round.model)
                    .with_proof_depth(PROOF_DEPTH)
                    .with_wrong_proof(skew);
                for (stacks, value) in plain.configurations() {
                    let got = proved.value(&stacks);
                    if got
                        .iter()
                        .map(|x| x.to_bits())
                        .ne(value.iter().map(|x| x.to_bits()))
                    {
                        all_same = false;
                    }
                }
                assert!(proved.states() > 0);
            }
        }
        assert_eq!(all_same, want_same, "skew {skew}");
    }
}

#[test]
fn the_review_of_a_three_player_game_is_the_solvers() {
    for seed in 0..4 {
        let (rounds, record) = play(8, 3, seed, 8);
        let costs = review(&record).unwrap();
        let want: Vec<Analysis<f64>> = rounds.iter().flat_map(reference).collect();
        assert_eq!(costs.len(), want.len());
        for (c, a) in costs.iter().zip(&want) {
            // The review's own rule: the value of the action taken and of the best.
            let hit = a.u_hit.as_ref().map(|h| h[0]);
            let value_of = |hits: bool| {
                if hits {
                    hit.unwrap_or(a.u_fold[0])
                } else {
                    a.u_fold[0]
                }
            };
            let best_hits = hit.is_some() && a.action == concentration::pairs::Action::Hit;
            assert_eq!(
                c.best_value.to_bits(),
                value_of(best_hits).to_bits(),
                "seed {seed}"
            );
            let took = c.action == concentration::pairs::Action::Hit;
            assert_eq!(c.value.to_bits(), value_of(took).to_bits(), "seed {seed}");
        }
    }
    // The layered solve on its own, at a decision deep in a round: as the solver.
    let (rounds, _) = play(8, 3, 9, 8);
    let round = rounds.iter().max_by_key(|r| r.decisions.len()).unwrap();
    let last = round.decisions.last().unwrap();
    let got = analyse_round(&round.model, std::slice::from_ref(last));
    let want = Solver::<f64>::new(round.model)
        .with_proof_depth(0)
        .analyse(last);
    assert!(same(&got[0], &want));
}

/// `pairs start` of three and four players solves each pool's rounds by the layered
/// solve: every round the deal can start (n = 5 and 6) valued as the memoised solver
/// values it, bit for bit, and the close calls summed alike.
#[test]
fn the_start_of_every_round_is_the_solvers_value() {
    let mut compared = 0;
    for m in [3, 4] {
        for n in [5, 6] {
            for (model, starts) in rounds_by_pool(n, m) {
                let pool = model.pool;
                let layered = solve_round(&model, &starts);
                let mut solver = Solver::<f64>::new(model);
                for (stacks, got) in starts.iter().zip(&layered.values) {
                    let u = solver.value(stacks);
                    assert_eq!(bits(got), bits(&u), "{stacks:?} from {pool}");
                    compared += 1;
                }
                assert_eq!(
                    layered.close,
                    solver.close_calls(),
                    "close calls from {pool}"
                );
                assert!(layered.configurations <= solver.states());
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}
