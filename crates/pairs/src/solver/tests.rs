//! The fast solver against the plain one it replaced ([`super::plain::Plain`]): every
//! value bit for bit, on the rounds of real games (reshuffles modelled) and of the deal.

use super::plain::Plain;
use super::{Analysis, Solver};
use crate::model::RoundModel;
use crate::rules::{Game, Phase, Ranks, Stack};
use crate::{PairsAi, Player};

/// The `spne` and `spne-fresh` models and stacks of every decision of a few games
/// between random players (whose rounds run long, into the reshuffle).
fn decisions(n: u32, m: usize, games: u64) -> Vec<(RoundModel, Vec<Stack>)> {
    let ranks = Ranks::new(n).unwrap();
    let mut out = Vec::new();
    let mut coin = Player::new(PairsAi::Random, 7);
    for seed in 0..games {
        let mut game = Game::new(ranks, m, 12, seed).unwrap();
        loop {
            match game.phase() {
                Phase::Turn { mover } => {
                    let view = game.view();
                    out.push(view.counted_model(mover));
                    out.push(view.fresh_model(mover));
                    match coin.decide(&view) {
                        crate::Move::Hit => drop(game.hit().unwrap()),
                        crate::Move::Fold => drop(game.fold().unwrap()),
                    }
                }
                Phase::RoundOver(_) => game.next_round().unwrap(),
                Phase::GameOver { .. } => break,
            }
        }
    }
    out
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn same(a: &Analysis<f64>, b: &Analysis<f64>) -> bool {
    bits(&a.u_fold) == bits(&b.u_fold)
        && a.u_hit.as_deref().map(bits) == b.u_hit.as_deref().map(bits)
        && bits(&a.u) == bits(&b.u)
        && a.action == b.action
}

#[test]
fn every_value_is_the_plain_solvers_bit_for_bit() {
    for (n, m, games) in [
        (5, 2, 6),
        (6, 2, 4),
        (7, 2, 2),
        (4, 3, 4),
        (5, 3, 2),
        (4, 4, 2),
    ] {
        let mut compared = 0;
        for (model, stacks) in decisions(n, m, games) {
            let mut plain = Plain::<f64>::exhaustive(model);
            let _ = plain.value(&stacks);
            let mut fast = Solver::<f64>::new(model);
            let mut reference = Plain::<f64>::new(model);
            assert!(same(&fast.analyse(&stacks), &reference.analyse(&stacks)));
            for (config, u) in plain.configurations() {
                assert_eq!(bits(&fast.value(&config)), bits(u), "{model:?} {config:?}");
                compared += 1;
            }
            // The fast solver's sharper two-player bound visits fewer configurations.
            assert!(fast.states() <= reference.states().max(plain.states()));
        }
        assert!(compared > 100, "n = {n}, m = {m}: {compared}");
    }
}

#[test]
fn a_cut_search_is_the_plain_ones_with_three_players_and_more() {
    for (n, m) in [(5, 3), (4, 4)] {
        for (model, stacks) in decisions(n, m, 2) {
            let mut fast = Solver::<f64>::new(model).with_limit(40);
            let mut plain = Plain::<f64>::new(model).with_limit(40);
            assert!(same(&fast.analyse(&stacks), &plain.analyse(&stacks)));
            assert_eq!(fast.truncated(), plain.truncated());
        }
    }
}
