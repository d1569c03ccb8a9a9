//! The luck-adjusted figure: hand-computed games, and exhaustive checks that it follows
//! the optimal policy (its average over every deal is the exact expected optimum, its
//! maximum the worst case) and, on pairs decks, that no play with the same order of
//! discovery needs fewer moves (so the cost of the player's choices is never negative).

use std::collections::HashMap;

use concentration::rules::{Card, Deck, Game, Label, Players};
use concentration::solitaire::{Challenge, Par, Summary, flip_order, luck_adjusted};
use num_bigint::BigInt;
use num_rational::BigRational;

/// Cards for labels laid out in table order (copies numbered in order of appearance).
fn cards(labels: &[u32]) -> Vec<Card> {
    let mut seen: HashMap<u32, u8> = HashMap::new();
    labels
        .iter()
        .map(|&l| {
            let copy = seen.entry(l).or_insert(0);
            *copy += 1;
            Card {
                label: Label(l),
                copy: *copy - 1,
            }
        })
        .collect()
}

/// `pairs:4` laid out A B C A / D B C D.
const DEAL: [u32; 8] = [0, 1, 2, 0, 3, 1, 2, 3];

fn pairs4() -> (Deck, Par) {
    let deck = Deck::parse("pairs:4").unwrap();
    let par = Par::new(&deck).unwrap();
    (deck, par)
}

#[test]
fn hand_computed_orders() {
    let (_, mut par) = pairs4();
    let deal = cards(&DEAL);
    // Table order: (A B) miss, (C A) miss, A pair, (D B) miss, B pair, C, D:
    // 7 moves, the worst case 2n - 1.
    let table: Vec<usize> = (0..8).collect();
    assert_eq!(luck_adjusted(&mut par, &deal, &table).unwrap(), 7);
    // B B pair, (A C) miss, A matches, C matches, D D pair: 5 moves.
    let kind = [1, 5, 0, 2, 3, 6, 4, 7];
    assert_eq!(luck_adjusted(&mut par, &deal, &kind).unwrap(), 5);
    // The order runs out after D D; then table order: (A B) miss, (C A) miss, A pair,
    // B matches, C matches: 6 moves.
    assert_eq!(luck_adjusted(&mut par, &deal, &[7, 4]).unwrap(), 6);
}

#[test]
fn a_wasted_pass_costs_one_move_and_luck_is_apart() {
    let (deck, mut par) = pairs4();
    let mut game = Game::from_cards(deck, cards(&DEAL), 0, Players::Solitaire);
    // (B A) miss, (A B) pass, B pair, (C A) miss, A pair, C pair, (D D) pair.
    for p in [1, 0, 0, 1, 5, 1, 2, 3, 0, 3, 6, 2, 4, 7] {
        game.try_flip(p).unwrap();
    }
    assert!(game.view().is_over());
    assert_eq!(flip_order(game.view()), [1, 0, 5, 2, 3, 6, 4, 7]);
    let s = Summary::of_game(&mut par, &game, Some(Challenge::numbered(3))).unwrap();
    assert_eq!(
        (s.moves, s.misses, s.luck_adjusted, s.worst_case),
        (7, 3, 6, 7)
    );
    assert_eq!(s.expected.fraction().unwrap(), "622/105");
    assert_eq!(s.choices_cost(), 1);
    // e(4,0) = 5.9238: this order of discovery was slightly unlucky.
    assert!((s.luck() - (622.0 / 105.0 - 6.0)).abs() < 1e-12);
    assert_eq!(
        s.explanation(),
        "your choices cost 1 move (you 7 vs optimal 6 on your flip order); \
         luck cost 0.08 (vs 5.92 expected)"
    );
}

/// Every arrangement of a multiset of labels.
fn arrangements(labels: &mut Vec<u32>, k: usize, out: &mut Vec<Vec<u32>>) {
    if k == labels.len() {
        out.push(labels.clone());
        return;
    }
    let mut used = Vec::new();
    for j in k..labels.len() {
        if !used.contains(&labels[j]) {
            used.push(labels[j]);
            labels.swap(k, j);
            arrangements(labels, k + 1, out);
            labels.swap(k, j);
        }
    }
}

fn all_deals(deck: &Deck) -> Vec<Vec<u32>> {
    let mut labels: Vec<u32> = (0..deck.labels())
        .flat_map(|l| std::iter::repeat_n(l, usize::from(deck.copies())))
        .collect();
    let mut out = Vec::new();
    arrangements(&mut labels, 0, &mut out);
    out
}

/// Fewest moves any play needs on a pairs deck when unknown cards come in the order
/// `seq` (labels), from the `i`-th unknown card on with the labels in `removed` taken:
/// every choice of the model at both decision points, passes aside (a pass only wastes
/// a move).
fn hindsight(seq: &[u32], i: usize, removed: u32, memo: &mut HashMap<(usize, u32), u32>) -> u32 {
    let labels = u32::try_from(seq.len() / 2).unwrap();
    if removed == (1 << labels) - 1 {
        return 0;
    }
    if let Some(&v) = memo.get(&(i, removed)) {
        return v;
    }
    let seen = |l: u32| seq[..i].iter().filter(|&&x| x == l).count();
    let on = |l: u32| removed & (1 << l) == 0;
    let take = |l: u32| removed | (1 << l);
    let mut best = u32::MAX;
    let mut go = |j: usize, r: u32, memo: &mut HashMap<(usize, u32), u32>| {
        best = best.min(1 + hindsight(seq, j, r, memo));
    };
    for l in (0..labels).filter(|&l| on(l)) {
        match seen(l) {
            // A known pair.
            2 => go(i, take(l), memo),
            // A known card, then the next unknown one.
            1 if i < seq.len() => go(i + 1, if seq[i] == l { take(l) } else { removed }, memo),
            _ => {}
        }
    }
    if i < seq.len() {
        let a = seq[i];
        if seen(a) == 1 {
            go(i + 1, take(a), memo);
        }
        if (0..labels).any(|l| l != a && on(l) && seen(l) >= 1) {
            go(i + 1, removed, memo);
        }
        if i + 1 < seq.len() {
            go(i + 2, if seq[i + 1] == a { take(a) } else { removed }, memo);
        }
    }
    memo.insert((i, removed), best);
    best
}

fn ratio(num: u64, den: usize) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

#[test]
fn pairs_decks_optimal_on_every_order_and_right_on_average() {
    for n in 1..=4 {
        let deck = Deck::parse(&format!("pairs:{n}")).unwrap();
        let mut par = Par::new(&deck).unwrap();
        let deals = all_deals(&deck);
        let order: Vec<usize> = (0..deck.cards()).collect();
        let (mut sum, mut worst) = (0u64, 0);
        for labels in &deals {
            let moves = luck_adjusted(&mut par, &cards(labels), &order).unwrap();
            let fewest = hindsight(labels, 0, 0, &mut HashMap::new());
            assert_eq!(moves, fewest, "pairs:{n} {labels:?}");
            sum += u64::from(moves);
            worst = worst.max(moves);
        }
        // Every arrangement of labels is equally likely.
        assert_eq!(
            Some(ratio(sum, deals.len())),
            par.expected_total().exact,
            "pairs:{n}"
        );
        assert_eq!(worst, par.worst_case().unwrap());
    }
}

#[test]
fn four_and_six_card_decks_follow_the_optimal_policy() {
    for name in ["2x4", "2x6"] {
        let deck = Deck::parse(name).unwrap();
        let mut par = Par::new(&deck).unwrap();
        let deals = all_deals(&deck);
        let order: Vec<usize> = (0..deck.cards()).collect();
        let (mut sum, mut worst) = (0u64, 0);
        for labels in &deals {
            let moves = luck_adjusted(&mut par, &cards(labels), &order).unwrap();
            sum += u64::from(moves);
            worst = worst.max(moves);
        }
        assert_eq!(
            Some(ratio(sum, deals.len())),
            par.expected_total().exact,
            "{name}"
        );
        assert_eq!(worst, par.worst_case().unwrap(), "{name}");
    }
}

#[test]
fn an_unfinished_game_continues_in_table_order() {
    let (deck, mut par) = pairs4();
    let mut game = Game::from_cards(deck, cards(&DEAL), 0, Players::Solitaire);
    for p in [7, 4] {
        game.try_flip(p).unwrap();
    }
    let s = Summary::of_game(&mut par, &game, None).unwrap();
    assert_eq!((s.moves, s.luck_adjusted), (1, 6));
}
