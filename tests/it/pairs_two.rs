//! The two-player exact search (`solver/two.rs`, what a hint, the coach and the review
//! run) against the general search it stands for ([`Solver::general`]): over whole
//! seeded games at n = 6 (rounds run into the reshuffle) and n = 10, at every decision,
//! both models a solving AI uses, every value bit for bit, with the solvers kept across
//! a round's decisions as the hint keeps them; and a broken fold test caught.

use concentration::pairs::duel::game_seed;
use concentration::pairs::players::PLAY_LIMIT;
use concentration::pairs::rules::default_target;
use concentration::pairs::{Game, Move, PairsAi, Phase, Player, Ranks, Solver};

use crate::common::pairs;
use pairs::{bits, same};

/// What a comparison found.
#[derive(Debug, Default)]
struct Tally {
    /// Decisions compared (each in two models).
    compared: usize,
    /// Analyses that differed in some bit.
    differ: usize,
    /// Analyses where hitting was worth more than folding (the search went deep).
    hits: usize,
    /// Configurations of the general search's memo compared at the end of their round.
    values: usize,
}

/// Every configuration the general search stored, valued by the fast one: the values
/// deep in the round, not only at its decisions. Counts those compared and those that
/// differ.
fn every_value(fast: &mut Solver<f64>, general: &Solver<f64>, tally: &mut Tally) {
    for (stacks, u) in general.configurations() {
        tally.values += 1;
        tally.differ += usize::from(bits(&fast.value(&stacks)) != bits(u));
    }
}

/// Plays `games` games of `spne` against `opponent`, and at each decision compares the
/// two-player search (made with the fold test's `slack`; 0 is right) with the general
/// search, in the counted and the fresh model of the seat to move.
fn compare(n: u32, opponent: PairsAi, games: u64, seed: u64, slack: i64) -> Tally {
    let ranks = Ranks::new(n).unwrap();
    let mut players = [
        Player::new(PairsAi::Spne, game_seed(seed, 7)),
        Player::new(opponent, game_seed(seed, 8)),
    ];
    // By model kind (counted, fresh): the fast and the general solver of the round.
    let mut fast: [Option<Solver<f64>>; 2] = [None, None];
    let mut general: [Option<Solver<f64>>; 2] = [None, None];
    let mut tally = Tally::default();
    for i in 0..games {
        let mut game = Game::new(ranks, 2, default_target(2), game_seed(seed, i)).unwrap();
        loop {
            match game.phase() {
                Phase::Turn { mover } => {
                    let view = game.view();
                    if view.can_hit() {
                        let models = [view.counted_model(mover), view.fresh_model(mover)];
                        for (k, (model, stacks)) in models.into_iter().enumerate() {
                            // A new round: the last one's values compared, new solvers
                            // made (kept across the round, as the hint keeps its own).
                            if general[k].as_ref().is_none_or(|s| *s.model() != model) {
                                if let (Some(f), Some(g)) = (&mut fast[k], &general[k]) {
                                    every_value(f, g, &mut tally);
                                }
                                fast[k] = Some(
                                    Solver::new(model)
                                        .with_limit(PLAY_LIMIT)
                                        .with_wrong_fold_test(slack),
                                );
                                general[k] = Some(Solver::general(model));
                            }
                            let a = fast[k].as_mut().unwrap().analyse(&stacks);
                            let b = general[k].as_mut().unwrap().analyse(&stacks);
                            tally.differ += usize::from(!same(&a, &b));
                            tally.hits += usize::from(b.action == Move::Hit);
                        }
                        tally.compared += 1;
                    }
                    match players[mover].decide(&view) {
                        Move::Hit => drop(game.hit().unwrap()),
                        Move::Fold => drop(game.fold().unwrap()),
                    }
                }
                Phase::RoundOver(_) => game.next_round().unwrap(),
                Phase::GameOver { .. } => break,
            }
        }
        players.rotate_left(1);
    }
    tally
}

#[test]
fn the_two_player_search_is_the_general_one_bit_for_bit_at_n_6() {
    for (k, opponent) in [PairsAi::Random, PairsAi::Threshold]
        .into_iter()
        .enumerate()
    {
        let t = compare(6, opponent, 40, 61 + k as u64, 0);
        println!("n = 6, {opponent:?}: {t:?}");
        assert!(t.compared > 300 && t.hits > 100, "{opponent:?}: {t:?}");
        assert!(t.values > 10_000, "{opponent:?}: {t:?}");
        assert_eq!(t.differ, 0, "{opponent:?}: {t:?}");
    }
}

#[test]
fn the_two_player_search_is_the_general_one_bit_for_bit_at_n_10() {
    for (k, opponent) in [PairsAi::Random, PairsAi::SpneFresh]
        .into_iter()
        .enumerate()
    {
        let t = compare(10, opponent, 5, 71 + k as u64, 0);
        println!("n = 10, {opponent:?}: {t:?}");
        assert!(t.compared > 80 && t.hits > 50, "{opponent:?}: {t:?}");
        assert!(t.values > 100_000, "{opponent:?}: {t:?}");
        assert_eq!(t.differ, 0, "{opponent:?}: {t:?}");
    }
}

#[test]
fn a_broken_fold_test_is_caught() {
    // The fold test one point too eager (it folds where the bound misses a fold by a
    // point): some values change, and the comparison above sees it at both sizes.
    assert!(compare(6, PairsAi::Random, 40, 61, 1).differ > 0);
    assert!(compare(10, PairsAi::Random, 2, 71, 1).differ > 0);
}
