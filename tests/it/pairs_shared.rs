//! The table a series' players share ([`SharedSolves`]) against the fresh solve of
//! each round: whole seeded duels, every decision and every value the solving AIs
//! decide by the same bit for bit, at n = 6 (the deck runs out within rounds, so the
//! reshuffle is modelled) and at n = 10.

use concentration::pairs::duel::game_seed;
use concentration::pairs::players::SharedSolves;
use concentration::pairs::rules::{Phase, default_target};
use concentration::pairs::{Analysis, Game, Move, PairsAi, Player, Ranks};

fn bits(a: &Analysis<f64>) -> Vec<u64> {
    let mut v: Vec<u64> = a.u_fold.iter().map(|x| x.to_bits()).collect();
    v.extend(a.u_hit.iter().flatten().map(|x| x.to_bits()));
    v.extend(a.u.iter().map(|x| x.to_bits()));
    v
}

/// Plays `games` games between `kinds` twice over, the players of one side sharing a
/// table and those of the other solving each round afresh; returns the decisions
/// compared.
fn compare(n: u32, kinds: &[PairsAi], games: u64, seed: u64, shared: &SharedSolves) -> usize {
    let ranks = Ranks::new(n).unwrap();
    let m = kinds.len();
    let make = |k: usize, share: bool| {
        let p = Player::new(kinds[k], game_seed(seed, 99 + k as u64));
        if share { p.sharing(shared) } else { p }
    };
    let mut sharing: Vec<Player> = (0..m).map(|k| make(k, true)).collect();
    let mut fresh: Vec<Player> = (0..m).map(|k| make(k, false)).collect();
    let mut compared = 0;
    for i in 0..games {
        let mut game = Game::new(ranks, m, default_target(m), game_seed(seed, i)).unwrap();
        loop {
            match game.phase() {
                Phase::Turn { mover } => {
                    let view = game.view();
                    let a = sharing[mover].analyse(&view);
                    let b = fresh[mover].analyse(&view);
                    assert_eq!(a.as_ref().map(bits), b.as_ref().map(bits), "game {i}");
                    let choice = sharing[mover].decide(&view);
                    assert_eq!(choice, fresh[mover].decide(&view), "game {i}");
                    compared += usize::from(a.is_some());
                    match choice {
                        Move::Hit => drop(game.hit().unwrap()),
                        Move::Fold => drop(game.fold().unwrap()),
                    }
                }
                Phase::RoundOver(_) => game.next_round().unwrap(),
                Phase::GameOver { .. } => break,
            }
        }
        // Players move round the seats, as in a series.
        sharing.rotate_left(1);
        fresh.rotate_left(1);
    }
    compared
}

const PAIRINGS: [[PairsAi; 2]; 3] = [
    [PairsAi::Spne, PairsAi::Random],
    [PairsAi::Spne, PairsAi::SpneFresh],
    [PairsAi::Spne, PairsAi::Threshold],
];

#[test]
fn the_shared_table_decides_as_a_fresh_solve_at_n_6() {
    for (k, kinds) in PAIRINGS.iter().enumerate() {
        let shared = SharedSolves::new();
        let compared = compare(6, kinds, 150, 11 + k as u64, &shared);
        let (asked, found) = shared.hits();
        assert!(compared > 1000, "{kinds:?}: {compared}");
        assert!(
            found > 0 && asked > found,
            "{kinds:?}: {asked} asked, {found} found"
        );
    }
}

#[test]
fn the_shared_table_decides_as_a_fresh_solve_at_n_10() {
    for (k, kinds) in PAIRINGS.iter().enumerate() {
        let shared = SharedSolves::new();
        let compared = compare(10, kinds, 12, 21 + k as u64, &shared);
        assert!(compared > 100, "{kinds:?}: {compared}");
    }
}

#[test]
fn three_seats_share_too() {
    let shared = SharedSolves::new();
    let kinds = [PairsAi::Spne, PairsAi::SpneFresh, PairsAi::Random];
    assert!(compare(6, &kinds, 40, 5, &shared) > 200);
}

#[test]
fn a_game_met_again_is_found_solved() {
    let shared = SharedSolves::new();
    let kinds = [PairsAi::Spne, PairsAi::SpneFresh];
    let _ = compare(10, &kinds, 1, 3, &shared);
    let (asked, found) = shared.hits();
    let _ = compare(10, &kinds, 1, 3, &shared);
    let (asked2, found2) = shared.hits();
    assert_eq!(
        found2 - found,
        asked2 - asked,
        "every round of the replay was in the table"
    );
}
