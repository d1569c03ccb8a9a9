//! The pruned solver (harmless known pairs taken at once) against the exhaustive one,
//! value by value: every action at every turn-start state, for every deck up to a size,
//! every objective and pass rule where pruning is used (decks up to the standard deck size,
//! 26x2, and 8x4; 30x2 and 9x4 were also checked once by hand). And the certificate that
//! completes the proof in `solver::pruning`: every residual state checked, on larger decks.

use concentration::analysis::certificate::{CertificateError, certify, residual_positions};
use concentration::rules::{Deck, Objective, PassRule};
use concentration::solver::{
    Action, FirstCard, Pattern, Position, Solver, State, patterns, prunable,
};
use num_rational::BigRational;

use crate::common::states;
use states::card_states;

fn check(deck: &str, objective: Objective, rule: PassRule) -> usize {
    let deck = Deck::parse(deck).unwrap();
    let root = Position::start(&deck);
    let mut pruned: Solver<f64> = Solver::new(objective, rule, &root, 0, 1e9).unwrap();
    let mut full: Solver<f64> = Solver::new(objective, rule, &root, 0, 1e9)
        .unwrap()
        .exhaustive();
    let total = i64::from(deck.pairs());
    let mut checked = 0;
    for counts in card_states(patterns(deck.copies()).len(), deck.labels()) {
        let position = Position::from_counts(deck.copies(), counts);
        let m = i64::try_from(position.pairs()).unwrap();
        if m == 0 {
            continue;
        }
        let known_labels: u32 = position
            .iter()
            .filter(|(p, _)| p.known() > 0)
            .map(|(_, n)| n)
            .sum();
        let reach = m.min(total - m);
        let diffs: Vec<i64> = if objective == Objective::Win {
            (-reach..=reach)
                .filter(|d| (d - (total - m)).rem_euclid(2) == 0)
                .collect()
        } else {
            vec![0]
        };
        for d in diffs {
            for after_pass in [false, true] {
                if after_pass && known_labels < 2 {
                    continue;
                }
                let mut firsts = vec![None];
                for (p, _) in position.iter() {
                    if p.unknown > 0 {
                        firsts.push(Some(FirstCard::Revealed(p)));
                    }
                    if p.known() > 0 {
                        firsts.push(Some(FirstCard::Held(p)));
                    }
                }
                for first in firsts {
                    let state = State {
                        position: position.clone(),
                        diff: d,
                        after_pass,
                        first,
                    };
                    let a = pruned.actions(&state).unwrap();
                    let b = full.actions(&state).unwrap();
                    assert_eq!(
                        a.len(),
                        b.len(),
                        "{position} d={d} p={after_pass} {first:?}"
                    );
                    for ((x, v), (y, w)) in a.iter().zip(&b) {
                        assert_eq!(x, y);
                        assert!(
                            (v - w).abs() <= 1e-12,
                            "{deck} {objective} {rule}: {position} d={d} p={after_pass} {first:?} {x}: {v} vs {w}"
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}

fn combos() -> Vec<(Objective, PassRule)> {
    let mut out = Vec::new();
    for objective in Objective::ALL {
        for rule in PassRule::ALL {
            if prunable(objective, rule)
                && !(objective == Objective::Margin && rule == PassRule::Withdraw)
            {
                out.push((objective, rule));
            }
        }
    }
    out
}

#[test]
fn pruning_changes_no_value_on_pairs_decks() {
    for (objective, rule) in combos() {
        for n in [2, 4, 7, 10, 14, 20, 26] {
            assert!(check(&format!("{n}x2"), objective, rule) > 0);
        }
    }
}

#[test]
fn pruning_changes_no_value_on_four_card_decks() {
    for (objective, rule) in combos() {
        for n in [2, 3, 4, 5, 6, 7, 8] {
            assert!(check(&format!("{n}x4"), objective, rule) > 0);
        }
    }
}

#[test]
fn pruning_changes_no_value_on_six_card_decks() {
    for (objective, rule) in combos() {
        for n in [1, 2, 3, 4] {
            assert!(check(&format!("{n}x6"), objective, rule) > 0);
        }
    }
}

#[test]
fn pruning_is_not_used_where_it_would_change_values() {
    // Under `quit` and `withdraw` keeping a pair can keep a pass in hand: the certificate
    // finds a residual state where the take is not optimal.
    for rule in [PassRule::Quit, PassRule::Withdraw] {
        assert!(!prunable(Objective::Win, rule));
        for deck in ["5x2", "3x4", "8x4"] {
            let result = certify::<f64>(&Deck::parse(deck).unwrap(), Objective::Win, rule);
            assert!(
                matches!(result, Err(CertificateError::Counterexample { .. })),
                "{deck} {rule}: {result:?}"
            );
        }
    }
}

/// A state of `deck` where taking a known pair of a label in `pattern` is worse than the
/// best action (exhaustive solver), if there is one.
fn take_beaten(
    deck: &str,
    objective: Objective,
    rule: PassRule,
    pattern: Pattern,
    after_pass: bool,
) -> Option<State> {
    let deck = Deck::parse(deck).unwrap();
    let root = Position::start(&deck);
    let mut full: Solver<f64> = Solver::new(objective, rule, &root, 0, 1e9)
        .unwrap()
        .exhaustive();
    let total = i64::from(deck.pairs());
    let all = patterns(deck.copies());
    let at = all.iter().position(|&p| p == pattern).unwrap();
    for counts in card_states(all.len(), deck.labels()) {
        let position = Position::from_counts(deck.copies(), counts);
        let known_labels: u32 = position
            .iter()
            .filter(|(p, _)| p.known() > 0)
            .map(|(_, n)| n)
            .sum();
        if position.counts()[at] == 0 || (after_pass && known_labels < 2) {
            continue;
        }
        let m = i64::try_from(position.pairs()).unwrap();
        let reach = m.min(total - m);
        for d in (-reach..=reach).filter(|d| (d - (total - m)).rem_euclid(2) == 0) {
            let state = State {
                position: position.clone(),
                diff: d,
                after_pass,
                first: None,
            };
            let take = full
                .actions(&State {
                    first: Some(FirstCard::Held(pattern)),
                    ..state.clone()
                })
                .unwrap()
                .into_iter()
                .find_map(|(a, v)| (a == Action::Match).then_some(v))
                .unwrap();
            if take < full.value(&state).unwrap() - 1e-9 {
                return Some(state);
            }
        }
    }
    None
}

#[test]
fn no_other_take_is_harmless() {
    // Two unknown cards lose their known partners with the take.
    let two_unknown = take_beaten(
        "4x4",
        Objective::Win,
        PassRule::Agreed,
        Pattern::new(4, 2),
        false,
    );
    assert!(two_unknown.is_some());
    let six = take_beaten(
        "3x6",
        Objective::Win,
        PassRule::None,
        Pattern::new(6, 3),
        false,
    );
    assert!(six.is_some());
    // Right after the opponent's pass, ending the game can be better.
    let after_pass = take_beaten(
        "4x4",
        Objective::Win,
        PassRule::Agreed,
        Pattern::new(4, 0),
        true,
    );
    assert!(after_pass.is_some());
    // The harmless ones are never beaten on the same decks.
    for pattern in [Pattern::new(2, 0), Pattern::new(4, 0), Pattern::new(4, 1)] {
        assert_eq!(
            take_beaten("4x4", Objective::Win, PassRule::Agreed, pattern, false),
            None
        );
    }
}

/// The largest decks the solver accepts for `win`, and large ones for `margin` and
/// `moves`: about eight minutes in all, so run by hand (`cargo test --release --test it
/// pruning:: -- --ignored --nocapture`); the figures are in `solver::pruning`.
#[test]
#[ignore = "eight minutes: certifies the largest decks"]
fn certify_the_largest_decks() {
    let win = [PassRule::Agreed, PassRule::Ko, PassRule::None].map(|r| (Objective::Win, r));
    let other = [
        PassRule::Agreed,
        PassRule::Ko,
        PassRule::Quit,
        PassRule::None,
    ]
    .map(|r| (Objective::Margin, r))
    .into_iter()
    .chain([(Objective::Moves, PassRule::Agreed)]);
    let runs = ["739x2", "39x4", "13x6"]
        .iter()
        .flat_map(|&d| win.iter().map(move |&c| (d, c)))
        .chain(other.flat_map(|c| ["739x2", "60x4", "13x6"].into_iter().map(move |d| (d, c))));
    for (deck, (objective, rule)) in runs {
        let start = std::time::Instant::now();
        let c = certify::<f64>(&Deck::parse(deck).unwrap(), objective, rule).unwrap();
        println!(
            "{deck} {objective} {rule}: certified, {} positions, {} states, {:.1} s",
            c.positions,
            c.states,
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn residual_positions_are_a_known_pair_and_at_most_one_other_known_label() {
    let deck = Deck::parse("3x2").unwrap();
    let positions: Vec<String> = residual_positions(&deck)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(positions.len(), 7, "{positions:?}");
    for text in [
        "2.0x1",
        "2.2x2 2.0x1",
        "2.1x1 2.0x1",
        "2.0x2",
        "2.2x1 2.0x2",
    ] {
        assert!(positions.iter().any(|p| p == text), "{text}: {positions:?}");
    }
    let deck = Deck::parse("13x4").unwrap();
    for position in residual_positions(&deck) {
        let known: Vec<_> = position.iter().filter(|(p, _)| p.known() > 0).collect();
        let labels: u32 = known.iter().map(|(_, n)| n).sum();
        assert!(known.iter().any(|(p, _)| p.known() == 2 && p.on_table == 2));
        assert!(labels <= 2 && position.labels() <= 13, "{position}");
    }
}

#[test]
fn residual_states_certify_pruning_on_larger_decks() {
    for (objective, rule) in combos() {
        for deck in ["26x2", "60x2", "13x4", "16x4", "8x6"] {
            let deck = Deck::parse(deck).unwrap();
            let c = certify::<f64>(&deck, objective, rule).unwrap();
            assert!(c.positions > 0, "{deck} {objective} {rule}");
        }
    }
}

#[test]
fn residual_states_certify_pruning_in_exact_arithmetic() {
    for rule in [PassRule::Agreed, PassRule::Ko, PassRule::None] {
        for deck in ["16x2", "7x4"] {
            let deck = Deck::parse(deck).unwrap();
            certify::<BigRational>(&deck, Objective::Win, rule).unwrap();
        }
    }
}

#[test]
fn pruning_keeps_the_value_of_arakawas_deck() {
    let deck = Deck::parse("13x4").unwrap();
    let root = Position::start(&deck);
    let start = State {
        position: root.clone(),
        diff: 0,
        after_pass: false,
        first: None,
    };
    let mut pruned: Solver<f64> =
        Solver::new(Objective::Win, PassRule::Agreed, &root, 0, 1e9).unwrap();
    let mut full = pruned.clone().exhaustive();
    let v = pruned.value(&start).unwrap();
    let w = full.value(&start).unwrap();
    assert!((v - w).abs() <= 1e-12, "{v} vs {w}");
    assert!(
        pruned.states() * 5 < full.states(),
        "{} vs {}",
        pruned.states(),
        full.states()
    );
}
