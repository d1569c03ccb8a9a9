//! Properties of the rules engine over random decks, deals and (legal or illegal) play.

use concentration::analysis::duel;
use concentration::players::{Agent, Optimal, Usual};
use concentration::rules::{
    Card, Deck, Game, Objective, PassRule, Phase, Players, Slot, TurnEnd, deal,
};
use proptest::prelude::*;

fn deck_strategy() -> impl Strategy<Value = Deck> {
    prop_oneof![
        (1u32..=8).prop_map(|n| Deck::parse(&format!("pairs:{n}")).unwrap()),
        (1u32..=4).prop_map(|n| Deck::parse(&format!("{n}x4")).unwrap()),
    ]
}

fn players_strategy() -> impl Strategy<Value = Players> {
    prop_oneof![
        Just(Players::Solitaire),
        prop::sample::select(PassRule::ALL.to_vec()).prop_map(Players::two),
    ]
}

/// Plays `choices` (each an index into the table, taken modulo its size) as flips,
/// skipping refused ones; returns the game and the positions actually turned.
fn play(deck: &Deck, seed: u64, players: Players, choices: &[usize]) -> (Game, Vec<usize>) {
    let mut game = Game::new(deck.clone(), seed, players).unwrap();
    let mut turned = Vec::new();
    for &c in choices {
        let p = c % deck.cards();
        if game.try_flip(p).is_ok() {
            turned.push(p);
        }
    }
    (game, turned)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cards_are_conserved_and_scores_count_pairs_taken(
        deck in deck_strategy(), seed in any::<u64>(), players in players_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..300),
    ) {
        let (game, _) = play(&deck, seed, players, &choices);
        let v = game.view();
        let mut seen: Vec<Card> = Vec::new();
        for (slot, &card) in v.slots().iter().zip(game.reveal_all()) {
            match slot {
                Slot::Known(c) | Slot::Removed(c) => prop_assert_eq!(*c, card),
                Slot::Unknown => {}
            }
            seen.push(card);
        }
        let mut dealt = deal(&deck, seed);
        dealt.sort_by_key(|c| (c.label, c.copy));
        seen.sort_by_key(|c| (c.label, c.copy));
        prop_assert_eq!(seen, dealt);
        let removed = v.slots().iter().filter(|s| matches!(s, Slot::Removed(_))).count();
        let (a, b) = (v.pairs()[0], v.pairs().get(1).copied().unwrap_or(0));
        prop_assert_eq!(2 * (a + b) as usize, removed);
        let pair_turns = v.flips().iter().filter(|f| f.turn_end == Some(TurnEnd::Pair)).count();
        prop_assert_eq!(pair_turns, (a + b) as usize);
    }

    #[test]
    fn illegal_flips_change_nothing(
        deck in deck_strategy(), seed in any::<u64>(), players in players_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..200), probe in any::<usize>(),
    ) {
        let (mut game, _) = play(&deck, seed, players, &choices);
        let before = game.view().clone();
        for p in [probe % (deck.cards() + 3), probe % deck.cards()] {
            if game.check_flip(p).is_err() {
                prop_assert!(game.try_flip(p).is_err());
                prop_assert_eq!(game.view(), &before);
            }
        }
    }

    #[test]
    fn every_game_ends(
        deck in deck_strategy(), seed in any::<u64>(), players in players_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..50),
    ) {
        // Random flips, then the usual player, who never wastes a turn. (A player may
        // pass forever in solitaire; the pass rules bound passing between two players.)
        let (mut game, _) = play(&deck, seed, players, &choices);
        let mut usual = Agent::new(Box::new(Usual), seed);
        let mut steps = 0;
        while !game.view().is_over() {
            let p = usual.choose(game.view());
            game.try_flip(p).unwrap();
            steps += 1;
            prop_assert!(steps < 10 * deck.cards() * deck.cards(), "no end in sight");
        }
        prop_assert!(matches!(game.view().phase(), Phase::Over(_)));
    }

    #[test]
    fn the_public_view_never_depends_on_face_down_cards(
        deck in deck_strategy(), seed in any::<u64>(), players in players_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..200), shuffle in any::<u64>(),
    ) {
        let (game, turned) = play(&deck, seed, players, &choices);
        // Rearrange the cards never turned, then replay the same flips on that table.
        let mut cards = game.reveal_all().to_vec();
        let mut hidden: Vec<usize> = (0..cards.len()).filter(|p| !turned.contains(p)).collect();
        if hidden.len() >= 2 {
            let k = (shuffle as usize) % hidden.len();
            hidden.rotate_left(k);
            let original = cards.clone();
            let sorted: Vec<usize> = (0..cards.len()).filter(|p| !turned.contains(p)).collect();
            for (&to, &from) in sorted.iter().zip(&hidden) {
                cards[to] = original[from];
            }
        }
        let mut twin = Game::from_cards(deck.clone(), cards, seed, players);
        for &p in &turned {
            twin.try_flip(p).unwrap();
        }
        prop_assert_eq!(twin.view(), game.view());
    }
}

#[test]
fn optimal_never_loses_to_usual_on_average() {
    // Exact expectations (not samples), for every pass rule and both objectives:
    // averaged over both seats, the optimal player scores at least as much as the usual
    // player. (Against the usual player it need not beat what the usual player itself
    // would score: under `withdraw` it may settle for a draw a weaker player would not
    // reach. It maximises its value against an optimal opponent.)
    for deck in ["pairs:5", "pairs:8", "3x4", "5x4"] {
        let deck = Deck::parse(deck).unwrap();
        for rule in PassRule::ALL {
            for objective in [Objective::Win, Objective::Margin] {
                if objective == Objective::Margin && rule == PassRule::Withdraw {
                    continue;
                }
                let mut optimal = Optimal::new(&deck, objective, rule).unwrap();
                let first = duel::exact(&deck, objective, rule, &mut optimal.clone(), &mut Usual);
                let second = duel::exact(&deck, objective, rule, &mut Usual, &mut optimal);
                assert!(
                    first >= second - 1e-12,
                    "{deck} {rule} {objective}: {first} < {second}"
                );
            }
        }
    }
}
