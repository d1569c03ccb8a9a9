//! The round solver against the seed's mathematics: the corrected Corollary 8 in every
//! reachable two-player state (n <= 7), the misprinted one failing, the pruning equal to
//! the exhaustive solve, ties and the empty deck folding.

use concentration::pairs::model::RoundModel;
use concentration::pairs::rules::{Counts, Stack};
use concentration::pairs::start::deal_outcomes;
use concentration::pairs::{Action, Config, Ranks, Solver};
use num_rational::BigRational;
use rustc_hash::FxHashMap;

/// Every round that the deal from the full deck can start, grouped by pool, with an
/// exhaustive solver that has solved every configuration reachable from them.
fn reachable(n: u32, m: usize) -> Vec<Solver<f64>> {
    let ranks = Ranks::new(n).unwrap();
    let (deals, dropped) = deal_outcomes::<f64>(ranks.full(), m, None);
    assert!(dropped == 0.0);
    let mut by_pool: FxHashMap<Counts, Vec<Vec<Stack>>> = FxHashMap::default();
    for (pool, stacks) in deals.into_keys() {
        by_pool.entry(pool).or_default().push(stacks);
    }
    by_pool
        .into_iter()
        .map(|(pool, roots)| {
            let mut solver = Solver::exhaustive(RoundModel {
                ranks,
                players: m,
                pool,
                reshuffle: None,
            });
            for stacks in roots {
                let _ = solver.value(&stacks);
            }
            solver
        })
        .collect()
}

/// E >= r (2 - P), in integers: E = sum over j in s_1 of j d[j], P·N = sum of d[j],
/// N = |d|.
fn premise(d: &Counts, mover: Stack, r: u8) -> bool {
    let (mut e, mut p) = (0i64, 0i64);
    for (j, c) in d.iter() {
        if mover.has(j) {
            e += i64::from(j) * i64::from(c);
            p += i64::from(c);
        }
    }
    let n = i64::from(d.total());
    e >= i64::from(r) * (2 * n - p)
}

fn lowest(stacks: &[Stack]) -> u8 {
    stacks.iter().filter_map(|s| s.lowest()).min().unwrap()
}

/// Folding is optimal at these values: u_1 equals the fold's -r (a tie folds too).
fn fold_is_optimal(u: &[f64], r: u8) -> bool {
    (u[0] + f64::from(r)).abs() <= 1e-9
}

#[test]
fn corollary_8_corrected_holds_in_every_reachable_state() {
    for n in 3..=7 {
        let (mut states, mut premises) = (0, 0);
        for solver in reachable(n, 2) {
            for (stacks, u) in solver.configurations() {
                states += 1;
                let d = solver.model().unseen(&stacks);
                let r = lowest(&stacks);
                if premise(&d, stacks[0], r) {
                    premises += 1;
                    assert!(
                        fold_is_optimal(u, r),
                        "n = {n}: premise holds but folding is not optimal at {stacks:?}, d = {d}"
                    );
                }
            }
        }
        println!("n = {n}: {states} reachable states, premise in {premises}");
        assert!(premises > 0);
    }
}

#[test]
fn corollary_8_as_printed_fails() {
    // As printed, the same premise concludes that the *other* player folds at
    // (d, s_2, s_1).
    let (mut premises, mut failures) = (0u64, 0u64);
    for n in 3..=7 {
        let (mut p_n, mut f_n) = (0u64, 0u64);
        for mut solver in reachable(n, 2) {
            let list: Vec<Vec<Stack>> = solver
                .configurations()
                .into_iter()
                .map(|(s, _)| s)
                .collect();
            for stacks in list {
                let d = solver.model().unseen(&stacks);
                let r = lowest(&stacks);
                if premise(&d, stacks[0], r) {
                    p_n += 1;
                    let swapped = [stacks[1], stacks[0]];
                    if !fold_is_optimal(&solver.value(&swapped), r) {
                        f_n += 1;
                    }
                }
            }
        }
        let share = f_n as f64 / p_n as f64;
        println!(
            "n = {n}: the printed Corollary 8 fails in {f_n} of {p_n} states where its premise holds ({:.1}%)",
            100.0 * share
        );
        premises += p_n;
        failures += f_n;
    }
    assert!(failures > 0, "the misprint never shows");
    let share = failures as f64 / premises as f64;
    println!("n = 3..7: {failures} of {premises} ({:.1}%)", 100.0 * share);
}

#[test]
fn pruning_changes_no_value() {
    for (n, m) in [(5, 2), (6, 2), (7, 2), (4, 3), (5, 3), (4, 4)] {
        let mut compared = 0;
        for solver in reachable(n, m) {
            let mut pruned = Solver::<f64>::new(*solver.model());
            for (stacks, u) in solver.configurations() {
                let v = pruned.value(&stacks);
                for (a, b) in u.iter().zip(&v) {
                    assert!(
                        (a - b).abs() <= 1e-9,
                        "n = {n}, m = {m}, {stacks:?}: {u:?} vs {v:?}"
                    );
                }
                compared += 1;
            }
            assert!(pruned.states() <= solver.states());
        }
        assert!(compared > 0);
    }
}

#[test]
fn pruning_is_exact_in_rationals() {
    for (n, m) in [(4, 2), (5, 2), (4, 3)] {
        for solver in reachable(n, m) {
            let mut exact = Solver::<BigRational>::exhaustive(*solver.model());
            let mut pruned = Solver::<BigRational>::new(*solver.model());
            for (stacks, _) in solver.configurations() {
                assert_eq!(exact.value(&stacks), pruned.value(&stacks));
            }
        }
    }
}

#[test]
fn an_empty_deck_forces_a_fold() {
    let ranks = Ranks::new(3).unwrap();
    let config = Config::parse(ranks, 2, "0,0,0", "1 2;2 3").unwrap();
    let a = Solver::<BigRational>::new(RoundModel::of(&config)).analyse(&config.stacks);
    assert_eq!(a.u_hit, None);
    assert_eq!(a.action, Action::Fold);
    assert_eq!(
        a.u.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["-1", "1"]
    );
}

#[test]
fn ties_fold() {
    // Every exact tie between u_Fold and u_Hit among the reachable states folds.
    let mut ties = 0;
    for (n, m) in [(4, 2), (5, 2), (4, 3), (4, 4)] {
        for solver in reachable(n, m) {
            let mut exact = Solver::<BigRational>::new(*solver.model());
            for (stacks, _) in solver.configurations() {
                let a = exact.analyse(&stacks);
                if let Some(h) = &a.u_hit
                    && h[0] == a.u_fold[0]
                {
                    ties += 1;
                    assert_eq!(a.action, Action::Fold);
                    assert_eq!(a.u, a.u_fold);
                }
            }
        }
    }
    println!("{ties} exact ties, all folding");
}

#[test]
fn a_hand_computed_configuration() {
    // d = {one 3}, the mover holds 2, the other 3: hitting draws the 3 for sure and
    // hands the other a certain pair or fold: the other then holds 3 and faces d = {}
    // (forced fold of the lowest, 2): the mover gains 2. Folding loses 2.
    let ranks = Ranks::new(3).unwrap();
    let config = Config::parse(ranks, 2, "0,0,1", "2;3").unwrap();
    let a = Solver::<BigRational>::new(RoundModel::of(&config)).analyse(&config.stacks);
    let show = |v: &[BigRational]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(show(&a.u_fold), ["-2", "2"]);
    assert_eq!(show(a.u_hit.as_ref().unwrap()), ["2", "-2"]);
    assert_eq!(a.action, Action::Hit);
}
