//! Words that differ where the moves differ: at every decision point of a few small
//! games (the standard model, four of a kind, Zebra), no two actions of different value
//! the trainer lists (the hint, the why window, puzzles) read alike, in full or by their
//! kind alone (classic memory's first hint), however the cards lie. A card of a seen pair and a seen card whose partner is hidden were both
//! "Turn a seen card: ends your turn …" at the second card.

use concentration::model::Oracle;
use concentration::rules::{Deck, Game, Objective, PassRule, Players, PublicView, Table, Variant};
use concentration::solver::TIE_EPSILON;
use concentration::solver::zebra::ZebraSolver;
use concentration::trainer::{Taught, explain};

/// Checks every two listed actions of different value at the decision point of `view`;
/// returns whether two were compared.
fn check<O: Oracle>(view: &PublicView, solver: &mut O) -> bool
where
    O::Model: Taught,
{
    let lesson = explain(view, solver).unwrap();
    let mut compared = false;
    for (i, a) in lesson.actions.iter().enumerate() {
        for b in &lesson.actions[i + 1..] {
            if (a.value - b.value).abs() <= TIE_EPSILON {
                continue;
            }
            assert_ne!(a.named.kind, b.named.kind, "{:?}\n{:?}", a.named, b.named);
            assert_ne!(a.named.text, b.named.text, "{:?}\n{:?}", a.named, b.named);
            compared = true;
        }
    }
    compared
}

/// Plays `deck` from the deal `seed`, each flip chosen by a fixed scramble of the legal
/// cards (seen cards often, so that many patterns meet), checking every decision.
fn play(deck: &str, rule: PassRule, seed: u64) -> usize {
    let deck = Deck::parse(deck).unwrap();
    if deck.is_zebra() {
        let table = Table::two(rule, Variant::Standard);
        let mut solver: ZebraSolver<f64> =
            ZebraSolver::solved(&deck, table, Objective::Win).unwrap();
        return play_with(deck, rule, seed, &mut solver);
    }
    let mut optimal = concentration::players::Optimal::new(&deck, Objective::Win, rule).unwrap();
    play_with(deck, rule, seed, optimal.solver())
}

/// [`play`] with the solver of the deck's rule set.
fn play_with<O: Oracle>(deck: Deck, rule: PassRule, seed: u64, solver: &mut O) -> usize
where
    O::Model: Taught,
{
    let mut game = Game::new(deck, seed, Players::two(rule)).unwrap();
    let mut compared = 0;
    let mut step = seed;
    while !game.view().is_over() {
        compared += usize::from(check(game.view(), solver));
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
        compared += play("zebra:3", PassRule::Agreed, seed);
    }
    assert!(compared > 50, "{compared}");
}
