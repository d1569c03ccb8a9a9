//! `solve --objective moves` on pairs decks from one walk through the layers (f64 and
//! exact), against the full tables it replaced and the published values.

use std::sync::Arc;

use concentration::analysis::report::{self, FirstKind, Request, ratio};
use concentration::rules::{Deck, Objective, PassRule};
use concentration::solver::solitaire::{
    ExactMovesAt, ExactMovesTable, MovesBand, MovesTable, expected_moves_exact_at,
    expected_moves_f64,
};
use concentration::solver::{Solver, State};
use num_rational::BigRational;

use crate::common::cli;
use cli::run;

fn request(pairs: usize, position: Option<&str>, first: Option<(FirstKind, &str)>) -> Request {
    Request {
        deck: Deck::parse(&format!("{pairs}x2")).unwrap(),
        objective: Objective::Moves,
        pass_rule: PassRule::Agreed,
        variant: concentration::rules::Variant::Standard,
        position: position.map(str::to_owned),
        diff: 0,
        after_pass: false,
        first: first.map(|(kind, p)| (kind, p.to_owned())),
        exact: true,
    }
}

/// Every action's value from the full tables, as the report gave them before: f64 from
/// the `MovesTable`, exact from the `ExactMovesTable`.
fn from_tables(
    request: &Request,
    floats: &Arc<MovesTable>,
    exact: &Arc<ExactMovesTable>,
) -> (Vec<f64>, Vec<String>) {
    let state: State = report::state_of(request).unwrap();
    let mut f: Solver<f64> = Solver::with_moves_oracle(&state.position, floats.clone()).unwrap();
    let mut e: Solver<BigRational> =
        Solver::with_moves_oracle(&state.position, exact.clone()).unwrap();
    (
        f.actions(&state).unwrap().iter().map(|(_, v)| *v).collect(),
        e.actions(&state)
            .unwrap()
            .iter()
            .map(|(_, v)| ratio(v))
            .collect(),
    )
}

#[test]
fn every_start_up_to_400_pairs_agrees_with_the_full_tables() {
    // 400 pairs: the exact walk uses its two-thread path from 300 on.
    let (floats, exact) = (
        Arc::new(MovesTable::new(400)),
        Arc::new(ExactMovesTable::new(400)),
    );
    for n in 1..=400 {
        let r = request(n, None, None);
        let got = report::solve(&r).unwrap();
        let (want_f, want_e) = from_tables(&r, &floats, &exact);
        let exact_got: Vec<String> = got
            .actions
            .iter()
            .map(|a| a.exact.clone().unwrap())
            .collect();
        assert_eq!(exact_got, want_e, "{n}x2");
        assert_eq!(got.exact.as_deref(), Some(want_e[0].as_str()), "{n}x2");
        // Without --exact the report's values are the f64 table's, bit for bit.
        let plain = report::solve(&Request { exact: false, ..r }).unwrap();
        let bits: Vec<u64> = plain.actions.iter().map(|a| a.value.to_bits()).collect();
        let want: Vec<u64> = want_f.iter().map(|v| v.to_bits()).collect();
        assert_eq!(bits, want, "{n}x2");
    }
}

/// Pairs in the deck, the position, the first card.
type Case = (usize, &'static str, Option<(FirstKind, &'static str)>);

#[test]
fn positions_past_the_start_and_decision_points_agree_with_the_full_tables() {
    let (floats, exact) = (
        Arc::new(MovesTable::new(40)),
        Arc::new(ExactMovesTable::new(40)),
    );
    let cases: &[Case] = &[
        (40, "2.2x30 2.1x6 2.0x2", None),
        (40, "2.2x30 2.1x6 2.0x2", Some((FirstKind::Revealed, "2.2"))),
        (40, "2.2x30 2.1x6 2.0x2", Some((FirstKind::Revealed, "2.1"))),
        (40, "2.2x30 2.1x6 2.0x2", Some((FirstKind::Held, "2.1"))),
        (40, "2.2x30 2.1x6 2.0x2", Some((FirstKind::Held, "2.0"))),
        (40, "2.1x10", None),
        (40, "2.2x1 2.0x3", None),
        (40, "2.0x6", None),
        (12, "2.2x2 2.1x8", Some((FirstKind::Revealed, "2.2"))),
    ];
    for &(pairs, position, first) in cases {
        let r = request(pairs, Some(position), first);
        let got = report::solve(&r).unwrap();
        let (want_f, want_e) = from_tables(&r, &floats, &exact);
        let exact_got: Vec<String> = got
            .actions
            .iter()
            .map(|a| a.exact.clone().unwrap())
            .collect();
        assert_eq!(exact_got, want_e, "{position} {first:?}");
        let plain = report::solve(&Request { exact: false, ..r }).unwrap();
        for (a, w) in plain.actions.iter().zip(&want_f) {
            assert_eq!(a.value.to_bits(), w.to_bits(), "{position} {first:?}");
        }
    }
}

#[test]
fn the_f64_walk_is_the_tables_at_every_n_to_1000_and_at_5000() {
    let table = Arc::new(MovesTable::new(5000));
    let more = (1001..2000).step_by(97).chain([1999, 2000, 4999, 5000]);
    for n in (0..=1000).chain(more) {
        assert_eq!(
            expected_moves_f64(n, 0).to_bits(),
            table.get(n, 0).to_bits(),
            "e({n},0)"
        );
    }
    // The band `solve` builds: its three rows, every k, up to 2,000 pairs.
    for top in [1023, 1024, 1999, 2000] {
        let band = MovesBand::new(top);
        for n in top - 2..=top {
            for k in 0..=n {
                assert_eq!(
                    band.get(n, k).to_bits(),
                    table.get(n, k).to_bits(),
                    "top {top}: e({n},{k})"
                );
            }
        }
    }
    let band = MovesBand::new(5000);
    for (n, k) in [(5000, 0), (5000, 2), (4999, 1), (4998, 7), (4998, 4998)] {
        assert_eq!(
            band.get(n, k).to_bits(),
            table.get(n, k).to_bits(),
            "e({n},{k})"
        );
    }
    // What `solve --deck 5000x2 --objective moves` prints: the solver's value of each
    // action, as from the table.
    let r = Request {
        exact: false,
        ..request(5000, None, None)
    };
    let state: State = report::state_of(&r).unwrap();
    let mut from_table: Solver<f64> = Solver::with_moves_oracle(&state.position, table).unwrap();
    let want: Vec<u64> = from_table
        .actions(&state)
        .unwrap()
        .iter()
        .map(|(_, v)| v.to_bits())
        .collect();
    let got: Vec<u64> = report::solve(&r)
        .unwrap()
        .actions
        .iter()
        .map(|a| a.value.to_bits())
        .collect();
    assert_eq!(got, want);
}

/// Parses `p/q`.
fn q(text: &str) -> BigRational {
    text.parse().unwrap()
}

#[test]
fn the_published_values() {
    // Foerster & Wattenhofer, Table 1: e(n, k) for n <= 7 (every k), exactly.
    let table = [
        (
            7,
            [
                "44141/4095",
                "42206/4095",
                "29197/2970",
                "23123/2475",
                "398/45",
                "449/54",
                "31/4",
            ],
        ),
        (
            6,
            [
                "31748/3465",
                "30143/3465",
                "12952/1575",
                "488/63",
                "152/21",
                "47/7",
                "6",
            ],
        ),
    ];
    let smaller = [
        (5, vec!["793/105", "248/35", "557/84", "43/7", "17/3", "5"]),
        (4, vec!["622/105", "577/105", "226/45", "23/5", "4"]),
        (3, vec!["13/3", "58/15", "7/2", "3"]),
        (2, vec!["8/3", "7/3", "2"]),
        (1, vec!["1", "1"]),
    ];
    let rows: Vec<(usize, Vec<&str>)> = table
        .iter()
        .map(|(n, row)| (*n, row.to_vec()))
        .chain(smaller)
        .collect();
    let wanted: Vec<(usize, usize)> = rows
        .iter()
        .flat_map(|(n, row)| (0..row.len()).map(move |k| (*n, k)))
        .collect();
    let got = expected_moves_exact_at(&wanted, &|_| {});
    let want: Vec<BigRational> = rows
        .iter()
        .flat_map(|(_, row)| row.iter().map(|t| q(t)))
        .collect();
    assert_eq!(got, want);
    // (7.1): the tournament sizes, 32 and 31 pairs.
    let tournament = ExactMovesAt::new(&[(32, 0), (31, 0)], &|_| {});
    use concentration::solver::MovesOracle;
    assert_eq!(
        tournament.expected_moves(32, 0),
        q("7321297670639878154280386/143200930729508511084225")
    );
    assert_eq!(
        format!("{:.4}", ratio_f64(&tournament.expected_moves(31, 0))),
        "49.5123"
    );
    // Figures 3 to 6: e(5000, 0) ≈ 8068.01689, per pair ≈ 1.613603, per pair less one
    // ≈ 1.613926, and e(5000, 0) − e(4999, 0) ≈ 1.613706.
    let r = report::solve(&Request {
        exact: false,
        ..request(5000, None, None)
    })
    .unwrap();
    let e5000 = r.value;
    assert_eq!(format!("{e5000:.5}"), "8068.01689");
    assert_eq!(format!("{:.6}", e5000 / 5000.0), "1.613603");
    assert_eq!(format!("{:.6}", e5000 / 4999.0), "1.613926");
    assert_eq!(
        format!("{:.6}", e5000 - expected_moves_f64(4999, 0)),
        "1.613706"
    );
}

fn ratio_f64(v: &BigRational) -> f64 {
    use num_traits::ToPrimitive;
    v.to_f64().unwrap()
}

#[test]
#[ignore = "seconds to minutes (e(5000, 0) exactly): run with --ignored"]
fn e_5000_exactly() {
    let r = report::solve(&request(5000, None, None)).unwrap();
    let exact = q(r.exact.as_deref().unwrap());
    assert_eq!(format!("{:.5}", ratio_f64(&exact)), "8068.01689");
    // The f64 walk is within a few units in the last place of the exact value.
    let float = expected_moves_f64(5000, 0);
    assert!((ratio_f64(&exact) - float).abs() < 1e-9 * float);
}

#[test]
fn solve_gives_exact_moves_beyond_the_old_limit_as_a_fraction_and_a_decimal() {
    // The exact table stopped at 1,000 pairs.
    let (code, out, err) = run(&[
        "solve",
        "--deck",
        "1500x2",
        "--objective",
        "moves",
        "--exact",
    ]);
    assert_eq!(code, 0, "{err}");
    // No progress bar when standard error is not a terminal.
    assert!(err.is_empty(), "{err}");
    let value = out.lines().nth(1).unwrap();
    let (decimal, fraction) = value
        .strip_prefix("value ")
        .and_then(|v| v.split_once(" moves = "))
        .unwrap();
    let exact = q(fraction);
    assert!(exact.denom() > &1.into());
    assert_eq!(format!("{:.6}", ratio_f64(&exact)), decimal);
    assert_eq!(decimal, format!("{:.6}", expected_moves_f64(1500, 0)));
    // Beyond the exact limit: one line naming it, status 2.
    let (code, _, err) = run(&[
        "solve",
        "--deck",
        "20001x2",
        "--objective",
        "moves",
        "--exact",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("too large"), "{err}");
}
