//! The trainer's words and numbers on concrete tables: actions named with real cards
//! and coordinates, their consequences checked by hand, and the idea behind a best play
//! that is not the common one.

use concentration::rules::{Card, Deck, Game, Label, Objective, PassRule, Players};
use concentration::solver::{Action, Pattern, Position, Solver, State};
use concentration::trainer::{IdeaKind, Lesson, PassEffect, explain, numbers_line};

/// `pairs:5` laid out as `A B C D E / A B C D E` (a1..e1, a2..e2).
fn game(rule: PassRule) -> Game {
    let deck = Deck::parse("pairs:5").unwrap();
    let cards = (0..2u8)
        .flat_map(|copy| {
            (0..5).map(move |l| Card {
                label: Label(l),
                copy,
            })
        })
        .collect();
    Game::from_cards(deck, cards, 0, Players::two(rule))
}

fn solver(rule: PassRule, objective: Objective) -> Solver<f64> {
    let deck = Deck::parse("pairs:5").unwrap();
    let root = Position::start(&deck);
    let mut s = Solver::new(objective, rule, &root, 0, 1e8).unwrap();
    s.value(&State {
        position: root,
        diff: 0,
        after_pass: false,
        first: None,
    })
    .unwrap();
    s
}

fn flip(g: &mut Game, positions: &[usize]) {
    for &p in positions {
        g.try_flip(p).unwrap();
    }
}

fn texts(lesson: &Lesson) -> Vec<String> {
    lesson
        .actions
        .iter()
        .map(|e| e.named.text.clone())
        .collect()
}

/// The blog's tied `2.2x2 2.1x1` under `none`: the first player takes A, misses B C;
/// the second takes B and moves again at 1-1 with C (c1) seen.
fn blog_position() -> Game {
    let mut g = game(PassRule::None);
    flip(&mut g, &[0, 5, 1, 2, 6, 1]);
    g
}

#[test]
fn turn_start_names_a_new_card_and_a_seen_card_with_its_coordinate() {
    let g = blog_position();
    let mut s = solver(PassRule::None, Objective::Win);
    let lesson = explain(g.view(), &mut s).unwrap();
    let names = texts(&lesson);
    assert!(names.contains(&"Turn a new card".to_string()), "{names:?}");
    assert!(
        names.contains(&"Turn a seen card, C (c1), whose partner is still hidden".to_string()),
        "{names:?}"
    );
    // No pattern code in the words.
    assert!(names.iter().all(|n| !n.contains("2.1")), "{names:?}");
}

#[test]
fn the_sacrifice_after_a_new_card_whose_partner_is_hidden() {
    let mut g = blog_position();
    flip(&mut g, &[3]); // D, partner unseen
    let mut s = solver(PassRule::None, Objective::Win);
    let lesson = explain(g.view(), &mut s).unwrap();
    let seen = Action::Known(Pattern::new(2, 1));
    assert_eq!(lesson.best, seen);
    assert_eq!(lesson.usual, Action::Unknown);
    // The blog: the seen card 1/2, a second new card 1/4.
    assert!((lesson.find(seen).unwrap().value - 0.5).abs() < 1e-12);
    let new = lesson.find(Action::Unknown).unwrap();
    assert!((new.value - 0.25).abs() < 1e-12);
    assert_eq!(
        new.named.text, "Turn a second new card",
        "after a new first card"
    );
    assert_eq!(
        lesson.find(seen).unwrap().named.text,
        "Turn a seen card, C (c1), whose partner is still hidden: ends your turn without showing a new card"
    );
    // Four unknown cards left: D's partner (pair), C's partner (hands C over), two E.
    assert!((new.consequences.pair_now - 0.25).abs() < 1e-12);
    assert!((new.consequences.hand_over - 0.25).abs() < 1e-12);
    let idea = lesson.idea.clone().expect("best is not the common play");
    assert_eq!(idea.kind, IdeaKind::Sacrifice);
    assert!(
        idea.line.contains("pairs only 25% of the time")
            && idea.line.contains("a pair 25% of the time")
            && idea.line.contains("50.0% against 25.0%"),
        "{}",
        idea.line
    );
    // After the D pair (2-1, C c1 seen, E unseen, three unknown cards) the turn goes
    // on: C's partner first (1/3) takes both pairs left; an E first (2/3) then a new
    // card pairs it half the time and then C too. 1/3*2 + 2/3*(1/2*2) = 4/3 more,
    // so the turn makes 1/4 * (1 + 4/3) = 7/12 pairs.
    assert!((new.consequences.pairs_this_turn - 7.0 / 12.0).abs() < 1e-12);
    assert_eq!(
        numbers_line(g.view(), new),
        "pair now 25% · hands over a pair 25% · 0.58 pairs this turn"
    );
}

#[test]
fn take_the_pair_names_both_cards_and_the_match_names_the_partner() {
    let mut g = game(PassRule::Agreed);
    flip(&mut g, &[0, 1]); // A a1, B b1: miss
    let mut s = solver(PassRule::Agreed, Objective::Win);
    flip(&mut g, &[5]); // the second player turns A a2: partner seen at a1
    let lesson = explain(g.view(), &mut s).unwrap();
    let m = lesson.find(Action::Match).unwrap();
    assert_eq!(m.named.text, "Take the pair: turn A (a1)");
    assert!((m.consequences.pair_now - 1.0).abs() < 1e-12);
    assert!(m.consequences.pairs_this_turn >= 1.0);
}

#[test]
fn a_pass_says_what_the_rule_does() {
    // Agreed: the first player takes A, then passes on B C after they are seen.
    let mut g = game(PassRule::Agreed);
    flip(&mut g, &[0, 5, 1, 2]); // 1-0, B and C seen; second player's turn
    flip(&mut g, &[3, 4]); // D, E: miss; the first player moves, 1-0 up
    flip(&mut g, &[1]); // holds B (b1)
    let mut s = solver(PassRule::Agreed, Objective::Win);
    let lesson = explain(g.view(), &mut s).unwrap();
    let pass = lesson
        .actions
        .iter()
        .find(|e| e.consequences.pass.is_some())
        .expect("a pass is legal");
    assert_eq!(
        pass.consequences.pass,
        Some(PassEffect::EndsIfPassedBack(1))
    );
    assert!(
        pass.named
            .text
            .starts_with("Pass: turn a second seen card, ")
    );
    assert_eq!(
        numbers_line(g.view(), pass),
        "a pass: if your opponent passes back, the game ends: you win 1–0; but your opponent \
         plays on: every hidden card's partner is seen, so they take all 4 pairs left"
    );
    assert!(matches!(
        pass.consequences.reply,
        Some(concentration::trainer::Reply::PlaysOn { pairs_left: 4, .. })
    ));
}

/// Under One Flip a pair taken ends the turn: the match makes exactly one pair this
/// turn, where the standard game counts the pairs still to come in the same turn.
#[test]
fn a_pair_ends_the_turn_under_one_flip() {
    use concentration::rules::Variant;
    // The first player took A and missed B C; the second turns b2, whose partner b1
    // is seen.
    let mut g = game(PassRule::Agreed);
    flip(&mut g, &[0, 5, 1, 2, 6]);
    let deck = Deck::parse("pairs:5").unwrap();
    let root = Position::start(&deck);
    let mut one_flip = Solver::with_variant(
        Objective::Win,
        PassRule::Agreed,
        Variant::OneFlip,
        &root,
        0,
        1e8,
    )
    .unwrap();
    let lesson = explain(g.view(), &mut one_flip).unwrap();
    let take = lesson.find(Action::Match).unwrap();
    assert!((take.consequences.pairs_this_turn - 1.0).abs() < 1e-12);
    assert!(numbers_line(g.view(), take).contains("1.00 pairs this turn"));
    let lesson = explain(g.view(), &mut solver(PassRule::Agreed, Objective::Win)).unwrap();
    let take = lesson.find(Action::Match).unwrap();
    assert!(take.consequences.pairs_this_turn > 1.1, "{take:?}");
}
