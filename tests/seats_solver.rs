//! The seats solver (`variants.md`, "Three or more players").

use concentration::rules::{Deck, PassRule};
use concentration::solver::{Position, SeatsSolver, SeatsState};
use num_rational::BigRational;

fn start(deck: &str) -> SeatsState {
    SeatsState {
        position: Position::start(&Deck::parse(deck).unwrap()),
        passes: 0,
        first: None,
    }
}

fn exact_start(deck: &str, seats: usize, rule: PassRule) -> Vec<String> {
    let state = start(deck);
    let mut solver: SeatsSolver<BigRational> =
        SeatsSolver::new(state.position.copies(), seats, rule).unwrap();
    solver
        .value(&state)
        .unwrap()
        .iter()
        .map(|v| format!("{}/{}", v.numer(), v.denom()))
        .collect()
}

#[test]
fn three_players_3x4_none() {
    assert_eq!(
        exact_start("3x4", 3, PassRule::None),
        ["11146/5775", "3392/1925", "1904/825"]
    );
}

#[test]
fn four_players_3x4() {
    for rule in [PassRule::None, PassRule::Agreed] {
        assert_eq!(
            exact_start("3x4", 4, rule),
            ["1058/1925", "2824/1925", "13448/5775", "9556/5775"],
            "{rule}"
        );
    }
}
