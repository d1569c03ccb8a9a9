//! Words that differ where the moves differ: at every decision point of a few small
//! games, no two actions the trainer lists (the hint, the why window, puzzles) read
//! alike, in full or by their kind alone (classic memory's first hint), however the
//! cards lie. A card of a seen pair and a seen card whose partner is hidden were both
//! "Turn a seen card: ends your turn …" at the second card.

use concentration::players::Optimal;
use concentration::rules::{Deck, Game, Objective, PassRule, Players, PublicView};
use concentration::solver::TIE_EPSILON;
use concentration::trainer::explain;

/// Checks every two listed actions of the decision point of `view`; returns whether two
/// actions of different value were compared.
fn check(view: &PublicView, solver: &mut Optimal) -> bool {
    let lesson = explain(view, solver.solver()).unwrap();
    let mut compared = false;
    for (i, a) in lesson.actions.iter().enumerate() {
        for b in &lesson.actions[i + 1..] {
            assert_ne!(a.named.kind, b.named.kind, "{a:?}\n{b:?}");
            assert_ne!(a.named.text, b.named.text, "{a:?}\n{b:?}");
            compared |= (a.value - b.value).abs() > TIE_EPSILON;
        }
    }
    compared
}

/// Plays `deck` from the deal `seed`, each flip chosen by a fixed scramble of the legal
/// cards (seen cards often, so that many patterns meet), checking every decision.
fn play(deck: &str, rule: PassRule, seed: u64) -> usize {
    let deck = Deck::parse(deck).unwrap();
    let mut solver = Optimal::new(&deck, Objective::Win, rule).unwrap();
    let mut game = Game::new(deck, seed, Players::two(rule)).unwrap();
    let mut compared = 0;
    let mut step = seed;
    while !game.view().is_over() {
        compared += usize::from(check(game.view(), &mut solver));
        let legal: Vec<usize> = (0..game.view().slots().len())
            .filter(|&p| game.check_flip(p).is_ok())
            .collect();
        step = step
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pos = legal[usize::try_from(step >> 33).unwrap() % legal.len()];
        game.try_flip(pos).unwrap();
    }
    compared
}

#[test]
fn no_two_listed_actions_read_alike() {
    let mut compared = 0;
    for seed in 0..6 {
        compared += play("pairs:6", PassRule::Agreed, seed);
        compared += play("pairs:8", PassRule::Ko, seed);
        compared += play("3x4", PassRule::Agreed, seed);
    }
    assert!(compared > 50, "{compared}");
}
