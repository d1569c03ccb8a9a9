//! Players see only the public view.

use concentration::players::{Agent, Optimal};
use concentration::rules::{Card, Deck, Game, Label, Objective, PassRule, Players, Slot, deal};

/// Two tables that agree on every card seen so far but differ in face-down cards.
fn twin_games(seen_flips: &[usize]) -> (Game, Game) {
    let deck = Deck::parse("pairs:6").unwrap();
    let cards = deal(&deck, 11);
    let mut a = Game::from_cards(
        deck.clone(),
        cards.clone(),
        11,
        Players::two(PassRule::Agreed),
    );
    for &p in seen_flips {
        a.try_flip(p).unwrap();
    }
    // Swap the faces of two unseen cards of different labels.
    let unseen: Vec<usize> = a.view().unknown_positions().collect();
    let (i, j) = unseen
        .iter()
        .flat_map(|&i| unseen.iter().map(move |&j| (i, j)))
        .find(|&(i, j)| cards[i].label != cards[j].label)
        .unwrap();
    let mut swapped: Vec<Card> = cards;
    swapped.swap(i, j);
    let mut b = Game::from_cards(deck, swapped, 11, Players::two(PassRule::Agreed));
    for &p in seen_flips {
        b.try_flip(p).unwrap();
    }
    assert_eq!(a.view(), b.view(), "the public views agree");
    assert_ne!(a.reveal_all(), b.reveal_all(), "the hidden tables differ");
    (a, b)
}

#[test]
fn optimal_ai_cannot_see_face_down_cards() {
    let deck = Deck::parse("pairs:6").unwrap();
    let optimal = Optimal::new(&deck, Objective::Win, PassRule::Agreed).unwrap();
    for seen in [vec![], vec![0, 1], vec![0, 1, 2, 3], vec![4]] {
        let (a, b) = twin_games(&seen);
        let mut ai_a = Agent::new(Box::new(optimal.clone()), 5);
        let mut ai_b = Agent::new(Box::new(optimal.clone()), 5);
        assert_eq!(
            ai_a.choose(a.view()),
            ai_b.choose(b.view()),
            "after {seen:?}"
        );
    }
}

#[test]
fn a_whole_game_between_agents_is_legal_and_deterministic() {
    let deck = Deck::parse("pairs:8").unwrap();
    let optimal = Optimal::new(&deck, Objective::Win, PassRule::Agreed).unwrap();
    let play = || {
        let mut game = Game::new(deck.clone(), 3, Players::two(PassRule::Agreed)).unwrap();
        let mut agents = [
            Agent::new(Box::new(optimal.clone()), 1),
            Agent::new(Box::new(concentration::players::Usual), 2),
        ];
        while !game.view().is_over() {
            let seat = game.view().mover().index();
            let p = agents[seat].choose(game.view());
            game.try_flip(p).unwrap();
        }
        game.view()
            .flips()
            .iter()
            .map(|f| f.position)
            .collect::<Vec<_>>()
    };
    let first = play();
    assert_eq!(first, play());
    assert!(first.len() >= 16);
    let _ = (Label(0), Slot::Unknown);
}
