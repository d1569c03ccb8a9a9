//! One Flip (`docs/variants.md`): a pair taken is kept, but the turn passes. The figures of
//! issue 12, recomputed in exact rationals, and why the solver prunes nothing there.

use concentration::rules::{Deck, Objective, PassRule, Variant};
use concentration::solver::{
    Action, FirstCard, Pattern, Position, SolveError, Solver, State, best_of, prunable_under,
};
use num_rational::BigRational;

use crate::common::cli;
use cli::{json, run};

fn start(deck: &str) -> State {
    State {
        position: Position::start(&Deck::parse(deck).unwrap()),
        diff: 0,
        after_pass: false,
        first: None,
    }
}

/// The first player's exact value at the start of `deck` under One Flip.
fn start_value(deck: &str, objective: Objective, rule: PassRule) -> BigRational {
    let state = start(deck);
    let mut solver: Solver<BigRational> =
        Solver::with_variant(objective, rule, Variant::OneFlip, &state.position, 0, 1e7).unwrap();
    let actions = solver.actions(&state).unwrap();
    best_of(objective, actions.into_iter().map(|(_, v)| v)).unwrap()
}

fn q(s: &str) -> BigRational {
    s.parse().unwrap()
}

#[test]
fn win_under_agreed_gives_the_issues_figures() {
    assert_eq!(
        start_value("3x2", Objective::Win, PassRule::Agreed),
        q("7/15")
    );
    assert_eq!(
        start_value("2x4", Objective::Win, PassRule::Agreed),
        q("37/70")
    );
    assert_eq!(
        start_value("4x4", Objective::Win, PassRule::Agreed),
        q("889921/1751750")
    );
}

/// The issue names no pass rule for the `margin` figure: it holds under every rule
/// `margin` allows (no pass pays on `10x2` from the start).
#[test]
fn margin_on_ten_pairs_gives_the_issues_figure_under_every_rule() {
    for rule in [
        PassRule::Agreed,
        PassRule::Ko,
        PassRule::Quit,
        PassRule::None,
    ] {
        assert_eq!(
            start_value("10x2", Objective::Margin, rule),
            q("2660576/130945815"),
            "{rule}"
        );
    }
}

/// The same decks in the standard game are worth something else: the variant is solved,
/// not ignored.
#[test]
fn the_standard_game_differs_on_the_same_decks() {
    let state = start("2x4");
    let mut solver: Solver<BigRational> =
        Solver::new(Objective::Win, PassRule::Agreed, &state.position, 0, 1e7).unwrap();
    assert_ne!(solver.value(&state).unwrap(), q("37/70"));
    assert_eq!(solver.variant(), Variant::Standard);
}

#[test]
fn moves_is_refused_under_one_flip() {
    let state = start("3x2");
    let refused = Solver::<f64>::with_variant(
        Objective::Moves,
        PassRule::Agreed,
        Variant::OneFlip,
        &state.position,
        0,
        1e7,
    )
    .unwrap_err();
    assert_eq!(refused, SolveError::MovesOneFlip);
    assert!(refused.to_string().contains("'moves'"), "{refused}");
    assert!(refused.to_string().contains("'one-flip'"), "{refused}");
}

/// Under One Flip taking a harmless known pair hands the move on, and that can lose:
/// with two known pairs the take leaves the opponent the last free take (a `2.0` under
/// `none`), and a `4.1` take can cost the stopper a `4.2` label needs. So the solver
/// prunes nothing there; the states below are where pruning would be wrong.
#[test]
fn taking_a_harmless_pair_at_once_can_lose_under_one_flip() {
    let cases = [
        (
            "6x2",
            Objective::Margin,
            PassRule::None,
            "2.2x3 2.0x2",
            0,
            2,
            0,
        ),
        (
            "6x2",
            Objective::Win,
            PassRule::Agreed,
            "2.2x2 2.1x1 2.0x2",
            1,
            2,
            0,
        ),
        (
            "3x4",
            Objective::Win,
            PassRule::Agreed,
            "4.2x1 4.1x1 2.1x1",
            -1,
            4,
            1,
        ),
        (
            "4x4",
            Objective::Margin,
            PassRule::Ko,
            "4.0x1 2.2x2 2.1x1",
            0,
            4,
            0,
        ),
    ];
    for (deck, objective, rule, position, diff, r, u) in cases {
        assert!(!prunable_under(Variant::OneFlip, objective, rule));
        let deck = Deck::parse(deck).unwrap();
        let root = Position::start(&deck);
        let mut solver: Solver<BigRational> =
            Solver::with_variant(objective, rule, Variant::OneFlip, &root, 0, 1e7).unwrap();
        let state = State {
            position: Position::parse(position, &deck).unwrap(),
            diff,
            after_pass: false,
            first: None,
        };
        let best = solver.value(&state).unwrap();
        let held = State {
            first: Some(FirstCard::Held(Pattern::new(r, u))),
            ..state.clone()
        };
        let actions = solver.actions(&held).unwrap();
        let take = &actions.iter().find(|(a, _)| *a == Action::Match).unwrap().1;
        assert!(
            *take < best,
            "{position} d={diff}: take {take} vs best {best}"
        );
    }
}

#[test]
fn solve_takes_the_variant() {
    let v = json(&[
        "solve",
        "--deck",
        "2x4",
        "--variant",
        "one-flip",
        "--exact",
        "--json",
    ]);
    assert_eq!(v["exact"], "37/70");
    let v = json(&[
        "solve",
        "--deck",
        "10x2",
        "--variant",
        "one-flip",
        "--objective",
        "margin",
        "--pass-rule",
        "none",
        "--exact",
        "--json",
    ]);
    assert_eq!(v["exact"], "2660576/130945815");
    // `standard` is the default, and says nothing new on its line.
    let standard = json(&["solve", "--deck", "2x4", "--exact", "--json"]);
    let named = json(&[
        "solve",
        "--deck",
        "2x4",
        "--variant",
        "standard",
        "--exact",
        "--json",
    ]);
    assert_eq!(standard, named);
    assert_eq!(standard["exact"], "17/35");
    let (code, out, _) = run(&["solve", "--deck", "2x4", "--variant", "one-flip"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("2x4 | win | agreed | one-flip | position 4.4x2"),
        "{out}"
    );
    let (_, out, _) = run(&["solve", "--deck", "2x4"]);
    assert!(out.starts_with("2x4 | win | agreed | position"), "{out}");
}

/// Two optimal players score the value of the start; the usual player, whose rule is
/// the same in both games, does worse against the optimal one.
#[test]
fn duel_takes_the_variant() {
    let value = |args: &[&str]| json(args)["value"].as_f64().unwrap();
    let solved = value(&["solve", "--deck", "4x4", "--variant", "one-flip", "--json"]);
    let optimal = value(&["duel", "--deck", "4x4", "--variant", "one-flip", "--json"]);
    assert!((solved - optimal).abs() < 1e-9, "{solved} vs {optimal}");
    assert!((solved - 889_921.0 / 1_751_750.0).abs() < 1e-12);
    let against_usual = value(&[
        "duel",
        "--deck",
        "4x4",
        "--variant",
        "one-flip",
        "--second",
        "usual",
        "--json",
    ]);
    assert!(against_usual >= solved - 1e-12, "{against_usual}");
    let best = value(&[
        "duel",
        "--deck",
        "4x4",
        "--variant",
        "one-flip",
        "--first",
        "best",
        "--json",
    ]);
    assert!(
        (best - solved).abs() < 1e-9,
        "a best response gains nothing: {best}"
    );
    let standard = value(&["duel", "--deck", "4x4", "--json"]);
    assert!((standard - solved).abs() > 1e-6);
}

/// Simulated games play the One Flip turn: the optimal player's mean margin against the
/// usual one lands on the exact One Flip duel, far from the standard game's.
#[test]
fn simulated_duel_takes_the_variant() {
    let duel = |variant: &str, extra: &[&str]| {
        let mut args = vec![
            "duel",
            "--deck",
            "8x2",
            "--objective",
            "margin",
            "--second",
            "usual",
            "--variant",
            variant,
            "--json",
        ];
        args.extend_from_slice(extra);
        json(&args)
    };
    let exact = duel("one-flip", &[])["value"].as_f64().unwrap();
    let standard = duel("standard", &[])["value"].as_f64().unwrap();
    let simulated = duel("one-flip", &["--games", "20000", "--seed", "3"]);
    let mean = simulated["value"].as_f64().unwrap();
    let half = (simulated["high"].as_f64().unwrap() - simulated["low"].as_f64().unwrap()) / 2.0;
    assert!(
        (mean - exact).abs() < 4.0 * half,
        "{mean} ± {half} vs {exact}"
    );
    assert!(
        (standard - exact).abs() > 8.0 * half,
        "the variants differ: {standard} vs {exact}"
    );
}

/// The one rule of which records are valued: a two-seat One Flip game is valued by the
/// replay as `analyze` values it (the replay used to refuse it).
#[test]
fn the_replay_values_a_two_seat_one_flip_game_as_analyze_does() {
    use concentration::app::{App, Config};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/analyze/one-flip.cgn");
    let record = concentration::record::load(&path).unwrap();
    assert_eq!(record.variant, Variant::OneFlip);
    let (_, analysed) = concentration::cli::analyse(&record).unwrap();
    let now = std::time::Instant::now();
    let mut app = App::replay(record.clone(), None, Config::default(), true, now).unwrap();
    app.wait_for_analysis();
    let replay = app.replay_screen().unwrap();
    let judged = replay
        .judgement()
        .unwrap_or_else(|| panic!("no analysis: {}", replay.note()));
    assert_eq!(judged, &analysed);
}
