//! Zebra duels: the exact recursion scores the optimal player against itself at the
//! published start values, and real games of optimal against usual land where the exact
//! duel says.

use concentration::analysis::duel::between;
use concentration::analysis::duel::simulate;
use concentration::model::{Oracle, Zebra};
use concentration::players::{Agent, Usual};
use concentration::rules::{Deck, Objective, PassRule, Table, Variant};
use concentration::solver::zebra::ZebraSolver;

fn optimal(deck: &Deck, objective: Objective, rule: PassRule) -> ZebraSolver<f64> {
    ZebraSolver::solved(deck, Table::two(rule, Variant::Standard), objective).unwrap()
}

#[test]
fn optimal_against_itself_scores_the_start_values() {
    // docs/variants.md and issue 12: zebra:2 and zebra:4, win, none; zebra:5 margin agreed.
    let cases = [
        ("zebra:2", Objective::Win, PassRule::None, 341.0 / 630.0),
        (
            "zebra:4",
            Objective::Win,
            PassRule::None,
            214_502_461.0 / 425_675_250.0,
        ),
        (
            "zebra:5",
            Objective::Margin,
            PassRule::Agreed,
            5_932_608_884.0 / 206_239_658_625.0,
        ),
    ];
    for (deck, objective, rule, expected) in cases {
        let deck = Deck::parse(deck).unwrap();
        let (mut a, mut b) = (
            optimal(&deck, objective, rule),
            optimal(&deck, objective, rule),
        );
        let v = between::<Zebra>(&deck, objective, rule, [&mut a, &mut b]);
        assert!((v - expected).abs() < 1e-9, "{deck}: {v} != {expected}");
    }
}

#[test]
fn every_rule_optimal_against_itself_is_the_solver_value_and_beats_usual() {
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if objective == Objective::Margin && rule == PassRule::Withdraw {
                continue;
            }
            let deck = Deck::parse("zebra:3").unwrap();
            let mut o = optimal(&deck, objective, rule);
            let start = concentration::solver::zebra::ZebraState {
                position: concentration::solver::zebra::ZebraPosition::start(3),
                diff: 0,
                after_pass: false,
                first: None,
            };
            let value = o.value(&start).unwrap();
            let mut o2 = o.clone();
            let v = between::<Zebra>(&deck, objective, rule, [&mut o, &mut o2]);
            assert!(
                (v - value).abs() < 1e-9,
                "{objective} {rule}: {v} != {value}"
            );
            // Against the usual player the optimal one does at least as well.
            let mut usual = Usual;
            let w = between::<Zebra>(&deck, objective, rule, [&mut o, &mut usual]);
            assert!(w >= value - 1e-9, "{objective} {rule}: {w} < {value}");
        }
    }
}

#[test]
fn real_games_of_optimal_against_usual_agree_with_the_exact_duel() {
    let deck = Deck::parse("zebra:4").unwrap();
    let (objective, rule) = (Objective::Margin, PassRule::Agreed);
    let mut o = optimal(&deck, objective, rule);
    let mut usual = Usual;
    let exact = between::<Zebra>(&deck, objective, rule, [&mut usual, &mut o]);
    let mut a = Agent::<Zebra>::of(Box::new(Usual), 1);
    let mut b = Agent::<Zebra>::of(Box::new(o.clone()), 2);
    let table = Table::two(rule, Variant::Standard);
    let est = simulate(&deck, objective, table, [&mut a, &mut b], 6000, 3, |_| {}).unwrap();
    // A 99.9% band around the mean: a wrong transition moves it by far more.
    let half = (est.high - est.low) / 2.0 * 3.3 / 1.96;
    assert!(
        (est.mean - exact).abs() < half,
        "simulated {} ± {half}, exact {exact}",
        est.mean
    );
}
