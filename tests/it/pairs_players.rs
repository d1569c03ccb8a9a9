//! The AIs of Pairs act only on what they may see, and follow their definitions.

use concentration::pairs::model::RoundModel;
use concentration::pairs::rules::{Phase, default_target};
use concentration::pairs::{Config, Game, Move, PairsAi, Player, Ranks, Solver};
use concentration::seats::AiKind;

/// Game states along games between random players.
fn states(n: u32, m: usize, seed: u64) -> Vec<Game> {
    let mut coin = Player::new(PairsAi::Random, seed);
    let mut game = Game::new(Ranks::new(n).unwrap(), m, default_target(m), seed).unwrap();
    let mut out = Vec::new();
    loop {
        match game.phase() {
            Phase::Turn { .. } => {
                out.push(game.clone());
                match coin.decide(&game.view()) {
                    Move::Hit => drop(game.hit().unwrap()),
                    Move::Fold => drop(game.fold().unwrap()),
                }
            }
            Phase::RoundOver(_) => game.next_round().unwrap(),
            Phase::GameOver { .. } => return out,
        }
    }
}

#[test]
fn a_different_hidden_deck_changes_no_decision() {
    let mut checked = 0;
    for (n, m) in [(10, 2), (6, 3), (4, 2), (6, 4)] {
        for seed in 0..6 {
            for game in states(n, m, seed) {
                let mut other = game.clone();
                other.shuffle_hidden(seed + 1000);
                if other.hidden_deck() == game.hidden_deck() {
                    continue;
                }
                assert_eq!(other.view(), game.view());
                for &kind in PairsAi::ALL {
                    let mut a = Player::new(kind, seed);
                    let mut b = a.clone();
                    assert_eq!(
                        a.decide(&game.view()),
                        b.decide(&other.view()),
                        "{}",
                        kind.name()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn spne_fresh_plays_the_seed_model() {
    for game in states(10, 2, 3).into_iter().take(40) {
        let v = game.view();
        let mover = v.mover().unwrap();
        let stacks = v.stacks_from(mover);
        let config = Config::new(v.ranks, v.unseen_fresh(), stacks.clone()).unwrap();
        let want = Solver::<f64>::new(RoundModel::of(&config)).action(&stacks);
        assert_eq!(Player::new(PairsAi::SpneFresh, 0).decide(&v), want);
    }
}

#[test]
fn spne_counts_the_discards() {
    // Once cards have been discarded, spne's d excludes them, spne-fresh's does not.
    let mut seen = 0;
    for game in states(10, 2, 8) {
        let v = game.view();
        if v.discards.is_empty() {
            continue;
        }
        let counted = v.unseen();
        let fresh = v.unseen_fresh();
        assert_eq!(fresh.total() - counted.total(), v.discards.len() as u32);
        seen += 1;
    }
    assert!(seen > 0);
}

#[test]
fn threshold_folds_above_one_half() {
    for game in states(10, 2, 11) {
        let v = game.view();
        let mover = v.mover().unwrap();
        let d = v.unseen_fresh();
        let own = v.stack_sets()[mover];
        let pairing: u32 = d
            .iter()
            .filter(|&(j, _)| own.has(j))
            .map(|(_, c)| u32::from(c))
            .sum();
        let p = f64::from(pairing) / f64::from(d.total());
        let want = if p > 0.5 { Move::Fold } else { Move::Hit };
        assert_eq!(Player::new(PairsAi::Threshold, 0).decide(&v), want);
    }
}

#[test]
fn the_ai_names_read_back() {
    for &kind in PairsAi::ALL {
        assert_eq!(PairsAi::parse(kind.name()), Some(kind));
    }
    assert_eq!(PairsAi::parse("SPNE-fresh"), Some(PairsAi::SpneFresh));
}
