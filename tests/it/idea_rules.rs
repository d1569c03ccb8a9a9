//! Each idea's rule (`trainer::rule_of_idea`) measured against every reachable position
//! of the standard deck and of `pairs:8` and `pairs:12`: the figures docs/trainer.md
//! shows are recomputed here, so the page cannot go stale; and the rules do what their
//! words say where a puzzle would test them.

use concentration::rules::{Deck, Objective, PassRule};
use concentration::solver::{Action, FirstCard, Pattern, Position, Solver, State};
use concentration::trainer::IdeaKind;
use concentration::trainer::rule_of_idea::{self, measure};

/// The table of docs/trainer.md is the one the measure makes now.
#[test]
fn the_docs_show_the_rules_figures_as_measured() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trainer.md")).unwrap();
    let table = measure::table().unwrap();
    assert!(
        docs.contains(&table),
        "docs/trainer.md lacks the table the rules measure now:\n{table}"
    );
}

/// Each rule picks the better choice at least as often as always playing the common
/// play, and strictly more often wherever the idea is ever the better one.
#[test]
fn every_rule_beats_always_playing_the_common_play() {
    for (name, objective, rule) in measure::MEASURED {
        let deck = Deck::parse(name).unwrap();
        let samples = measure::samples(&deck, objective, rule).unwrap();
        for idea in IdeaKind::ALL {
            let m = measure::measure(idea, &samples);
            assert!(
                m.agree >= m.common_agree,
                "{name} {objective} {rule} {}: {m:?}",
                idea.name()
            );
            if m.idea_best > m.decisive / 20 {
                assert!(
                    m.agree > m.common_agree,
                    "{name} {objective} {rule} {}: {m:?}",
                    idea.name()
                );
            }
        }
    }
}

/// `rule_fails` says exactly where the rule's choice is worth less than the other: a
/// sacrifice position where the rule is right and one where it is wrong, found among
/// the reachable ones of `pairs:8` and checked against the solver's values.
#[test]
fn rule_fails_marks_exactly_the_positions_where_the_rule_chooses_worse() {
    let deck = Deck::parse("pairs:8").unwrap();
    let (objective, rule) = (Objective::Win, PassRule::Agreed);
    let mut solver = Solver::new(objective, rule, &Position::start(&deck), 0, 1e9).unwrap();
    let (mut right, mut wrong) = (0, 0);
    for hidden in 1..=8u32 {
        for singles in 0..=8 - hidden {
            let mut position = Position::empty(2);
            position.add(Pattern::new(2, 2), hidden);
            position.add(Pattern::new(2, 1), singles);
            let taken = i64::from(8 - hidden - singles);
            for diff in (-taken..=taken).step_by(2) {
                let state = State {
                    position: position.clone(),
                    diff,
                    after_pass: false,
                    first: Some(FirstCard::Revealed(Pattern::new(2, 2))),
                };
                let actions = solver.actions(&state).unwrap();
                let Some(fails) = rule_of_idea::rule_fails(
                    IdeaKind::Sacrifice,
                    &state,
                    &actions,
                    objective,
                    rule,
                ) else {
                    continue;
                };
                let value = |pick: &dyn Fn(Action) -> bool| {
                    actions
                        .iter()
                        .filter(|(a, _)| pick(*a))
                        .map(|&(_, v)| v)
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                let seen_card = value(&|a| matches!(a, Action::Known(_)));
                let new_card = value(&|a| a == Action::Unknown);
                let seen = rule_of_idea::Seen::of(&state, objective, rule).unwrap();
                let plays = rule_of_idea::plays(IdeaKind::Sacrifice, &seen);
                let (chosen, other) = if plays {
                    (seen_card, new_card)
                } else {
                    (new_card, seen_card)
                };
                assert_eq!(fails, other - chosen > 1e-9, "{state:?}");
                if fails {
                    wrong += 1;
                } else {
                    right += 1;
                }
            }
        }
    }
    assert!(right > 0 && wrong > 0, "right {right}, wrong {wrong}");
}

/// The words of the rules name what they read: the sacrifice and the waiting move speak
/// of the pairs of which no card has been seen, odd in number.
#[test]
fn the_rules_words_name_their_counts() {
    for idea in [IdeaKind::Sacrifice, IdeaKind::Wait] {
        let words = rule_of_idea::words(idea);
        assert!(words.contains("odd in number"), "{words}");
    }
    // A rule that always keeps the common play says so.
    assert!(rule_of_idea::words(IdeaKind::KeepPair).contains("take a known pair"));
}
