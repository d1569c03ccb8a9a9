//! The turn's rules: pairs, misses, passes under each rule, seats, moving cards.

use super::*;
use crate::rules::deck::Label;

/// `pairs:3` laid out as labels 0 1 2 / 0 1 2.
fn small(rule: PassRule) -> Game {
    let deck = Deck::parse("pairs:3").unwrap();
    let cards = [0, 1, 2, 0, 1, 2]
        .iter()
        .enumerate()
        .map(|(i, &l)| Card {
            label: Label(l),
            copy: u8::from(i >= 3),
        })
        .collect();
    Game::from_cards(deck, cards, 0, Players::two(rule))
}

#[test]
fn a_pair_scores_and_the_mover_goes_again() {
    let mut g = small(PassRule::Agreed);
    g.try_flip(0).unwrap();
    let f = g.try_flip(3).unwrap();
    assert_eq!(f.turn_end, Some(TurnEnd::Pair));
    assert_eq!(*g.view().pairs(), [1, 0]);
    assert_eq!(g.view().mover(), Seat::FIRST);
    assert_eq!(g.try_flip(0), Err(IllegalFlip::Removed));
}

#[test]
fn a_miss_passes_the_turn() {
    let mut g = small(PassRule::Agreed);
    g.try_flip(0).unwrap();
    let f = g.try_flip(1).unwrap();
    assert_eq!((f.turn_end, f.seat), (Some(TurnEnd::Miss), Seat::FIRST));
    assert_eq!(g.view().mover(), Seat::SECOND);
    assert!(!g.view().after_pass());
}

#[test]
fn same_card_twice_is_refused_and_changes_nothing() {
    let mut g = small(PassRule::Agreed);
    g.try_flip(0).unwrap();
    let before = g.view().clone();
    assert_eq!(g.try_flip(0), Err(IllegalFlip::SameCard));
    assert_eq!(g.try_flip(9), Err(IllegalFlip::OutOfRange(9)));
    assert_eq!(g.view(), &before);
}

fn reveal_and_pass(rule: PassRule) -> Game {
    let mut g = small(rule);
    g.try_flip(0).unwrap();
    g.try_flip(1).unwrap(); // miss: 0 and 1 known, second seat to move
    g.try_flip(2).unwrap();
    g.try_flip(4).unwrap(); // miss: 2 and 4 (label 1) known; first seat to move
    g
}

#[test]
fn agreed_pass_then_pass_ends_the_game() {
    let mut g = reveal_and_pass(PassRule::Agreed);
    g.try_flip(0).unwrap();
    g.try_flip(2).unwrap(); // known 0, known 2: a pass
    assert!(g.view().after_pass());
    assert_eq!(g.view().mover(), Seat::SECOND);
    g.try_flip(0).unwrap();
    let f = g.try_flip(2).unwrap();
    assert_eq!(f.turn_end, Some(TurnEnd::Pass));
    match g.view().phase() {
        Phase::Over(r) => {
            assert_eq!(r.reason, EndReason::AgreedEnd);
            assert_eq!(r.outcome, Outcome::Draw);
        }
        p => panic!("not over: {p:?}"),
    }
}

#[test]
fn ko_forbids_a_pass_after_a_pass() {
    let mut g = reveal_and_pass(PassRule::Ko);
    g.try_flip(0).unwrap();
    g.try_flip(2).unwrap();
    g.try_flip(0).unwrap();
    let before = g.view().clone();
    assert_eq!(g.try_flip(2), Err(IllegalFlip::PassForbidden(PassRule::Ko)));
    assert_eq!(g.view(), &before);
    // The known partner of a known card is not a pass.
    assert!(g.try_flip(4).is_ok() || g.check_flip(3).is_ok());
}

#[test]
fn none_forbids_every_pass_but_allows_known_then_unknown() {
    let mut g = reveal_and_pass(PassRule::None);
    g.try_flip(0).unwrap();
    assert_eq!(
        g.try_flip(2),
        Err(IllegalFlip::PassForbidden(PassRule::None))
    );
    assert_eq!(g.try_flip(3).unwrap().turn_end, Some(TurnEnd::Pair));
}

#[test]
fn quit_and_withdraw_end_on_any_pass() {
    for (rule, outcome) in [
        (PassRule::Quit, Outcome::Draw),
        (PassRule::Withdraw, Outcome::Draw),
    ] {
        let mut g = reveal_and_pass(rule);
        g.try_flip(0).unwrap();
        g.try_flip(2).unwrap();
        assert!(matches!(g.view().phase(), Phase::Over(r) if r.outcome == outcome));
        assert_eq!(g.try_flip(5), Err(IllegalFlip::GameOver));
    }
}

#[test]
fn clearing_the_table_ends_the_game() {
    let mut g = small(PassRule::Agreed);
    for (a, b) in [(0, 3), (1, 4), (2, 5)] {
        g.try_flip(a).unwrap();
        g.try_flip(b).unwrap();
    }
    match g.view().phase() {
        Phase::Over(r) => {
            assert_eq!(r.outcome, Outcome::Winner(Seat::FIRST));
            assert_eq!((&*r.pairs, r.turns), (&[3, 0][..], 3));
        }
        p => panic!("not over: {p:?}"),
    }
}

fn table(seats: u8, pass_rule: PassRule, variant: crate::rules::Variant) -> Game {
    let mut g = small(pass_rule);
    g.view.players = Players::Table(
        Table {
            seats,
            pass_rule,
            variant,
        }
        .check()
        .unwrap(),
    );
    g.view.pairs = Tally::new(usize::from(seats));
    g
}

#[test]
fn turns_go_round_three_seats() {
    let mut g = table(3, PassRule::Agreed, crate::rules::Variant::Standard);
    g.try_flip(0).unwrap();
    g.try_flip(1).unwrap(); // seat 0 misses
    assert_eq!(g.view().mover(), Seat(1));
    g.try_flip(2).unwrap();
    g.try_flip(4).unwrap(); // seat 1 misses
    assert_eq!(g.view().mover(), Seat(2));
    g.try_flip(1).unwrap();
    let f = g.try_flip(4).unwrap(); // seat 2 takes label 1 and goes again
    assert_eq!((f.seat, f.turn_end), (Seat(2), Some(TurnEnd::Pair)));
    assert_eq!(*g.view().pairs(), [0, 0, 1]);
    assert_eq!(g.view().mover(), Seat(2));
    g.try_flip(0).unwrap();
    g.try_flip(2).unwrap(); // seat 2 misses: back to seat 0
    assert_eq!(g.view().mover(), Seat(0));
}

#[test]
fn agreed_with_three_seats_ends_when_all_three_pass_in_a_row() {
    let mut g = table(3, PassRule::Agreed, crate::rules::Variant::Standard);
    g.try_flip(0).unwrap();
    g.try_flip(1).unwrap(); // miss: 0 and 1 known
    for passes in 1..=2u8 {
        g.try_flip(0).unwrap();
        assert_eq!(g.try_flip(1).unwrap().turn_end, Some(TurnEnd::Pass));
        assert_eq!(g.view().passes(), passes);
        assert!(!g.view().is_over());
    }
    g.try_flip(0).unwrap();
    g.try_flip(1).unwrap();
    assert!(matches!(g.view().phase(), Phase::Over(r) if r.reason == EndReason::AgreedEnd));
}

#[test]
fn one_flip_passes_the_turn_after_a_pair() {
    let mut g = table(2, PassRule::Agreed, crate::rules::Variant::OneFlip);
    g.try_flip(0).unwrap();
    let f = g.try_flip(3).unwrap();
    assert_eq!((f.seat, f.turn_end), (Seat::FIRST, Some(TurnEnd::Pair)));
    assert_eq!(*g.view().pairs(), [1, 0]);
    assert_eq!(g.view().mover(), Seat::SECOND);
    assert!(!g.view().after_pass());
}

#[test]
fn three_seats_share_a_win_as_a_draw() {
    let mut tally = Tally::new(3);
    tally.add(Seat(0));
    tally.add(Seat(2));
    assert_eq!(tally.leader(), None);
    tally.add(Seat(2));
    assert_eq!(tally.leader(), Some(Seat(2)));
    assert_eq!(tally.total(), 3);
}

#[test]
fn tables_the_rules_do_not_define_are_refused() {
    let t = |seats, pass_rule| {
        Table {
            seats,
            pass_rule,
            variant: crate::rules::Variant::Standard,
        }
        .check()
    };
    assert_eq!(t(7, PassRule::None), Err(TableError::Seats(7)));
    assert_eq!(t(1, PassRule::None), Err(TableError::Seats(1)));
    assert_eq!(t(3, PassRule::Ko), Err(TableError::PassRule(PassRule::Ko)));
    assert!(t(6, PassRule::Agreed).is_ok());
    assert!(t(2, PassRule::Withdraw).is_ok());
}

#[test]
fn solitaire_counts_moves_and_misses() {
    let deck = Deck::parse("pairs:3").unwrap();
    let mut g = Game::new(deck, 5, Players::Solitaire).unwrap();
    let cards = g.reveal_all().to_vec();
    // Miss once on purpose, then take every pair.
    let other = (1..6).find(|&i| cards[i].label != cards[0].label).unwrap();
    g.try_flip(0).unwrap();
    g.try_flip(other).unwrap();
    for l in 0..3 {
        let pos: Vec<usize> = (0..6).filter(|&i| cards[i].label == Label(l)).collect();
        g.try_flip(pos[0]).unwrap();
        g.try_flip(pos[1]).unwrap();
    }
    assert_eq!((g.view().turns(), g.view().misses()), (4, 1));
    assert!(matches!(g.view().phase(), Phase::Over(r) if r.outcome == Outcome::Solo));
}

#[test]
fn moving_cards_swap_two_face_down_cards_after_every_n_turns() {
    let deck = Deck::parse("pairs:8").unwrap();
    let moving = crate::rules::Moving::every(2);
    let mut g = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed))
        .unwrap()
        .moving(moving);
    let mut p = 0;
    let mut swaps = 0;
    while !g.view().is_over() && g.view().turns() < 12 {
        // Turn each card in order: misses and pairs alike.
        while g.check_flip(p % 16).is_err() {
            p += 1;
        }
        let before = g.view().slots().to_vec();
        let f = g.try_flip(p % 16).unwrap();
        p += 1;
        if let Some(w) = f.swap {
            swaps += 1;
            assert_eq!(g.view().turns() % 2, 0);
            let first = g.view().flips()[g.view().flips().len() - 2].position;
            for q in [w.a, w.b] {
                assert!(q != f.position && q != first);
                assert!(!matches!(g.view().slots()[q], Slot::Removed(_)));
            }
            assert_eq!(g.view().slots()[w.a], before[w.b]);
        } else if f.turn_end.is_some() && !g.view().is_over() {
            assert_eq!(g.view().turns() % 2, 1);
        }
        // The view's known cards are the hidden table's.
        for (q, c) in g.view().known_cards() {
            assert_eq!(g.reveal_all()[q], c);
        }
    }
    assert!(swaps >= 5);
    // The same seed swaps the same cards.
    let replay = |g: &Game| {
        let mut r = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed))
            .unwrap()
            .moving(moving);
        for f in g.view().flips() {
            r.try_flip(f.position).unwrap();
        }
        r
    };
    assert_eq!(replay(&g).view(), g.view());
}

/// `pairs:3` as [`small`], alone, in the easier game.
fn easy() -> Game {
    let mut g = small(PassRule::Agreed);
    g.view.players = Players::Solitaire;
    g.view.pairs = Tally::new(1);
    g.reaching(Reach::AcrossMoves)
}

#[test]
fn the_easier_game_takes_a_pair_across_two_moves() {
    let mut g = easy();
    g.try_flip(0).unwrap();
    assert_eq!(g.view().live(), Some(0));
    assert_eq!(g.try_flip(1).unwrap().turn_end, Some(TurnEnd::Miss));
    // The second card stays live; it cannot be turned again.
    assert_eq!(g.view().live(), Some(1));
    assert_eq!(g.try_flip(1), Err(IllegalFlip::SameCard));
    // Its partner, as the next move's first card, takes the pair; the move goes on.
    let f = g.try_flip(4).unwrap();
    assert!(f.across && f.turn_end.is_none());
    assert_eq!(g.view().live(), None);
    assert_eq!(*g.view().pairs(), [1]);
    assert!(matches!(
        g.view().phase(),
        Phase::SecondCard { first: 4, .. }
    ));
    assert_eq!(g.view().turns(), 1);
    // The move's second card ends a move that took a pair: not a miss.
    assert_eq!(g.try_flip(2).unwrap().turn_end, Some(TurnEnd::Pair));
    assert_eq!((g.view().turns(), g.view().misses()), (2, 1));
    assert!(g.try_flip(5).unwrap().across);
    g.try_flip(3).unwrap();
    // The last pair across moves clears the table with the move's first card.
    let last = g.try_flip(0).unwrap();
    assert!(last.across);
    assert_eq!(last.turn_end, Some(TurnEnd::Pair));
    match g.view().phase() {
        Phase::Over(r) => assert_eq!((r.turns, r.outcome), (4, Outcome::Solo)),
        p => panic!("not over: {p:?}"),
    }
    // Every move two cards but the last: the flips halved, rounded up.
    assert_eq!(g.view().flips().len(), 7);
}

#[test]
fn the_easier_game_keeps_a_pair_within_a_move_too_and_no_table_reaches_across() {
    let mut g = easy();
    g.try_flip(0).unwrap();
    assert_eq!(g.try_flip(3).unwrap().turn_end, Some(TurnEnd::Pair));
    assert_eq!(g.view().live(), None);
    // A table ignores the easier game's reach.
    let t = small(PassRule::Agreed).reaching(Reach::AcrossMoves);
    assert_eq!(t.view().reach(), Reach::WithinMove);
    let mut t = t;
    t.try_flip(0).unwrap();
    t.try_flip(1).unwrap();
    assert!(!t.try_flip(4).unwrap().across);
    assert_eq!(t.view().live(), None);
}
