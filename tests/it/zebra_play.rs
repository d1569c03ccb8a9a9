//! Zebra through the rules: twins are no pair, and whole games of the optimal Zebra AI
//! against itself, every flip legal and the action the solver ranks best.

use concentration::model::{Model, Oracle, Zebra};
use concentration::players::{Policy, realise};
use concentration::rules::{Card, Deck, Game, Label, Objective, PassRule, Phase, Players, TurnEnd};
use concentration::solver::zebra::ZebraSolver;
use concentration::solver::zebra::{ZebraAction, zebra_chosen};
use concentration::trainer::Taught;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn a_twin_is_no_pair_and_opposite_colours_are() {
    let deck = Deck::parse("zebra:1").unwrap();
    // 0 ♥, 1 ♦ (red), 2 ♠, 3 ♣ (black).
    let cards = (0..4)
        .map(|copy| Card {
            label: Label(0),
            copy,
        })
        .collect();
    let mut game = Game::from_cards(deck, cards, 0, Players::two(PassRule::Agreed));
    game.try_flip(0).unwrap();
    assert_eq!(game.try_flip(1).unwrap().turn_end, Some(TurnEnd::Miss));
    // Now the second player: ♥ then ♠ is a pair.
    game.try_flip(0).unwrap();
    assert_eq!(game.try_flip(2).unwrap().turn_end, Some(TurnEnd::Pair));
    assert_eq!(*game.view().pairs(), [0, 1]);
    // The twin of two known cards would be a pass; ♦ ♣ is the last pair.
    game.try_flip(1).unwrap();
    assert_eq!(game.try_flip(3).unwrap().turn_end, Some(TurnEnd::Pair));
    assert!(matches!(game.view().phase(), Phase::Over(_)));
}

/// The coach's words for a Zebra choice: the standard words of its reading, and "the
/// twin" for a seen card of the first card's own colour.
#[test]
fn a_choice_reads_as_the_standard_one_but_the_twin() {
    let deck = Deck::parse("zebra:3").unwrap();
    // Label l's copies 0..4 are ♥ ♦ ♠ ♣ at 4l..4l+4.
    let cards = (0..3)
        .flat_map(|l| {
            (0..4).map(move |copy| Card {
                label: Label(l),
                copy,
            })
        })
        .collect();
    let mut game = Game::from_cards(deck, cards, 0, Players::two(PassRule::Agreed));
    for p in [0, 4, 8, 2] {
        game.try_flip(p).unwrap(); // A♥ 2♥, then 3♥ A♠: two misses
    }
    game.try_flip(1).unwrap(); // A♦, new: A♥ is its twin, A♠ its partner
    let view = game.view();
    let words = |p: usize| Zebra::choice_words(view, Zebra::action_of(view, p).unwrap(), Some(p));
    assert!(words(0).starts_with("the twin (A♥"), "{}", words(0));
    assert!(words(2).starts_with("the pair (A♠"), "{}", words(2));
    assert_eq!(words(3), "a second new card");
    assert!(words(4).starts_with("a seen card (2♥"), "{}", words(4));
}

#[test]
fn a_known_twin_is_a_pass() {
    let deck = Deck::parse("zebra:2").unwrap();
    let cards: Vec<Card> = (0..2)
        .flat_map(|l| {
            (0..4).map(move |copy| Card {
                label: Label(l),
                copy,
            })
        })
        .collect();
    let mut game = Game::from_cards(deck, cards, 0, Players::two(PassRule::None));
    game.try_flip(0).unwrap();
    game.try_flip(1).unwrap(); // A♥ A♦: twins, a miss
    game.try_flip(4).unwrap();
    game.try_flip(5).unwrap(); // the other player misses too
    game.try_flip(0).unwrap();
    // Two known cards of the same rank and colour: a pass, forbidden under `none`.
    assert!(game.try_flip(1).is_err());
    assert_eq!(game.try_flip(2).unwrap().turn_end, Some(TurnEnd::Pair));
}

/// The Zebra solver of `deck`, solved from its start.
fn solved(deck: &Deck, objective: Objective, rule: PassRule) -> ZebraSolver<f64> {
    let table = concentration::rules::Table::two(rule, concentration::rules::Variant::Standard);
    ZebraSolver::solved(deck, table, objective).unwrap()
}

/// Plays one game; returns the flips checked.
fn play(
    deck: &str,
    objective: Objective,
    rule: PassRule,
    seed: u64,
    ai: &mut ZebraSolver<f64>,
) -> usize {
    let deck = Deck::parse(deck).unwrap();
    let mut game = Game::new(deck, seed, Players::two(rule)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut flips = 0;
    while !game.view().is_over() {
        let view = game.view().clone();
        let state = Zebra::state_of(&view);
        let on_table = u64::try_from(view.cards_on_table()).unwrap();
        assert_eq!(state.position.pairs() * 2, on_table);
        let actions = ai.actions(&state).unwrap();
        let chosen = zebra_chosen(objective, &actions, state.first).unwrap();
        let position = realise::<Zebra>(&view, ai.act(&state), &mut rng);
        game.check_flip(position).unwrap();
        let done = Zebra::action_of(&view, position).unwrap();
        let same = match (done, chosen) {
            // Either half of a symmetric pattern carries out either action.
            (ZebraAction::Known(p, _), ZebraAction::Known(q, _)) if p.symmetric() => p == q,
            _ => done == chosen,
        };
        assert!(same, "{state:?}: turned {done}, the solver chose {chosen}");
        let best = actions
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        let value = actions.iter().find(|(a, _)| *a == done).unwrap().1;
        assert!(
            (value - best).abs() <= 1e-9,
            "{state:?}: {done} is worth {value}, best {best}"
        );
        game.try_flip(position).unwrap();
        flips += 1;
    }
    flips
}

#[test]
fn the_optimal_ai_plays_whole_games_legally_and_best() {
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if objective == Objective::Margin && rule == PassRule::Withdraw {
                continue;
            }
            let deck = Deck::parse("zebra:4").unwrap();
            let mut ai = solved(&deck, objective, rule);
            for seed in 0..6 {
                // A pass can end the game early: at least one turn is played.
                assert!(play("zebra:4", objective, rule, seed, &mut ai) >= 2);
            }
        }
    }
}

#[test]
fn the_optimal_ai_plays_the_full_zebra_deck() {
    let deck = Deck::parse("zebra").unwrap();
    let mut ai = solved(&deck, Objective::Win, PassRule::Agreed);
    for seed in 0..2 {
        assert!(play("zebra", Objective::Win, PassRule::Agreed, seed, &mut ai) > 0);
    }
}

/// Every pair of AI kinds plays whole Zebra games: every pair taken is two cards of the
/// same rank and opposite colour, the tally adds up, and a player that knows the
/// first card's partner (the usual player, a forgetful one that forgets nothing) turns
/// it, never the twin.
#[test]
fn every_pair_of_ai_kinds_plays_zebra_by_its_rule() {
    use concentration::players::{AiKind, Forgetful, SeatAi};
    use concentration::rules::{PublicView, Seat, Slot};

    let deck = Deck::parse("zebra:6").unwrap();
    let optimal = solved(&deck, Objective::Win, PassRule::Agreed);
    // A forgetful player that forgets nothing must play as its rule says.
    let kinds = [
        Some(AiKind::Optimal),
        Some(AiKind::Usual),
        Some(AiKind::ForgetfulEasy),
        Some(AiKind::ForgetfulMedium),
        None,
    ];
    let make = |kind: Option<AiKind>, seed: u64| match kind {
        Some(k) => SeatAi::new::<Zebra>(k, seed, || Some(Box::new(optimal.clone()))).unwrap(),
        None => SeatAi::Forgetful(Forgetful::new(100, seed)),
    };
    let knows_all = |kind: Option<AiKind>| matches!(kind, Some(AiKind::Usual) | None);
    let partner_known = |view: &PublicView| -> Option<Vec<usize>> {
        let concentration::rules::Phase::SecondCard { first, .. } = view.phase() else {
            return None;
        };
        let Slot::Known(card) = view.slots()[first] else {
            return None;
        };
        let partners: Vec<usize> = view
            .known_cards()
            .filter(|&(p, c)| p != first && view.deck().matches(card, c))
            .map(|(p, _)| p)
            .collect();
        (!partners.is_empty()).then_some(partners)
    };
    let mut checked = 0;
    for a in kinds {
        for b in kinds {
            for seed in 0..4 {
                let mut game =
                    Game::new(deck.clone(), seed, Players::two(PassRule::Agreed)).unwrap();
                let mut ais = [make(a, seed), make(b, seed + 100)];
                let mut taken = [0u32; 2];
                let mut first_flip = None;
                while !game.view().is_over() {
                    let view = game.view().clone();
                    let mover = view.mover();
                    let p = ais[mover.index()].choose(&view);
                    let kind = if mover == Seat::FIRST { a } else { b };
                    if knows_all(kind)
                        && let Some(partners) = partner_known(&view)
                    {
                        assert!(
                            partners.contains(&p),
                            "{kind:?} turned {p}, not {partners:?}"
                        );
                        checked += 1;
                    }
                    let flip = game.try_flip(p).expect("a legal flip");
                    let card = game.reveal_all()[p];
                    match flip.turn_end {
                        None => first_flip = Some(card),
                        Some(end) => {
                            let first = first_flip.take().unwrap();
                            let pairs = game.view().deck().matches(first, card);
                            assert_eq!(end == TurnEnd::Pair, pairs, "{first:?} {card:?} {end:?}");
                            if pairs {
                                taken[mover.index()] += 1;
                            }
                        }
                    }
                }
                let view = game.view();
                assert_eq!([view.pairs()[0], view.pairs()[1]], taken);
                let removed = view
                    .slots()
                    .iter()
                    .filter(|s| matches!(s, Slot::Removed(_)))
                    .count();
                assert_eq!(removed, 2 * (taken[0] + taken[1]) as usize);
            }
        }
    }
    assert!(checked > 50, "{checked}");
}
