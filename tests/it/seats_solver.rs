//! The seats solver (`docs/variants.md`, "Three or more players"): the published figures,
//! the two-seat game against `margin`, every action's vector recomputed from the rules,
//! and the pairs shared out under `none`.

use concentration::players::{TieBreak, choose_best};
use concentration::rules::{Deck, Objective, PassRule};
use concentration::solver::{
    Action, FirstCard, Pattern, Position, Scalar, SeatsSolveError, SeatsSolver, SeatsState, Solver,
    State, patterns,
};
use num_rational::BigRational;
use proptest::prelude::*;

use crate::common::cli;
use crate::common::states;
use states::card_states;

fn start(deck: &str) -> SeatsState {
    SeatsState {
        position: Position::start(&Deck::parse(deck).unwrap()),
        passes: 0,
        first: None,
    }
}

fn exact_start(deck: &str, seats: usize, rule: PassRule) -> Vec<String> {
    let state = start(deck);
    let mut solver: SeatsSolver<BigRational> =
        SeatsSolver::new(state.position.copies(), seats, rule).unwrap();
    solver
        .value(&state)
        .unwrap()
        .iter()
        .map(|v| format!("{}/{}", v.numer(), v.denom()))
        .collect()
}

#[test]
fn three_players_3x4_none() {
    assert_eq!(
        exact_start("3x4", 3, PassRule::None),
        ["11146/5775", "3392/1925", "1904/825"]
    );
}

#[test]
fn four_players_3x4() {
    for rule in [PassRule::None, PassRule::Agreed] {
        assert_eq!(
            exact_start("3x4", 4, rule),
            ["1058/1925", "2824/1925", "13448/5775", "9556/5775"],
            "{rule}"
        );
    }
}

#[test]
fn refused_games_and_questions() {
    let new = |seats, rule| SeatsSolver::<f64>::new(2, seats, rule).err();
    assert_eq!(new(1, PassRule::None), Some(SeatsSolveError::Seats(1)));
    assert_eq!(new(7, PassRule::Agreed), Some(SeatsSolveError::Seats(7)));
    for rule in [PassRule::Ko, PassRule::Quit, PassRule::Withdraw] {
        assert_eq!(new(3, rule), Some(SeatsSolveError::PassRule(rule)));
        assert_eq!(new(2, rule), Some(SeatsSolveError::PassRule(rule)));
    }
    let mut solver = SeatsSolver::<f64>::new(2, 3, PassRule::Agreed).unwrap();
    let mut state = start("4x2");
    state.passes = 3;
    assert!(matches!(
        solver.value(&state),
        Err(SeatsSolveError::Passes { given: 3, .. })
    ));
    state.passes = 2;
    assert!(solver.value(&state).is_ok());
    state.passes = 0;
    state.first = Some(FirstCard::Held(Pattern::new(2, 1)));
    assert_eq!(
        solver.value(&state),
        Err(SeatsSolveError::NoSuchFirst(Pattern::new(2, 1)))
    );
    let mut none = SeatsSolver::<f64>::new(2, 3, PassRule::None).unwrap();
    let mut state = start("4x2");
    state.passes = 1;
    assert!(none.value(&state).is_err());
    let err = none.value(&start("2x4")).unwrap_err();
    assert_eq!(err, SeatsSolveError::OtherDeck(4, 2));
}

/// Every decision point of every non-empty position of `deck`: the positions with at
/// most its labels, each first card the position allows.
fn decision_points(deck: &str) -> Vec<(Position, Option<FirstCard>)> {
    let deck = Deck::parse(deck).unwrap();
    let mut out = Vec::new();
    for counts in card_states(patterns(deck.copies()).len(), deck.labels()) {
        let position = Position::from_counts(deck.copies(), counts);
        if position.pairs() == 0 {
            continue;
        }
        out.push((position.clone(), None));
        for (p, _) in position.iter() {
            if p.unknown > 0 {
                out.push((position.clone(), Some(FirstCard::Revealed(p))));
            }
            if p.known() > 0 {
                out.push((position.clone(), Some(FirstCard::Held(p))));
            }
        }
    }
    out
}

/// With two seats `own-pairs` plays as `margin`: the chosen vector's `v[0] − v[1]` is
/// the margin solver's value, and the chosen action is the optimal player's.
fn two_seats_play_margin(deck: &str, rule: PassRule) -> usize {
    let d = Deck::parse(deck).unwrap();
    let root = Position::start(&d);
    let mut margin: Solver<f64> = Solver::new(Objective::Margin, rule, &root, 0, 1e9)
        .unwrap()
        .exhaustive();
    let mut seats: SeatsSolver<f64> = SeatsSolver::new(d.copies(), 2, rule).unwrap();
    let mut checked = 0;
    for (position, first) in decision_points(deck) {
        let passes: &[u8] = if rule == PassRule::Agreed {
            &[0, 1]
        } else {
            &[0]
        };
        for &k in passes {
            let state = SeatsState {
                position: position.clone(),
                passes: k,
                first,
            };
            let model = State {
                position: position.clone(),
                diff: 0,
                after_pass: k == 1,
                first,
            };
            let what = format!("{deck} {rule}: {position} k={k} {first:?}");
            let v = seats.value(&state).unwrap();
            let m = margin.value(&model).unwrap();
            assert!((v[0] - v[1] - m).abs() < 1e-9, "{what}: {v:?} against {m}");
            let actions = margin.actions(&model).unwrap();
            let optimal = choose_best(Objective::Margin, TieBreak::Usual, &actions, first);
            assert_eq!(Some(seats.chosen(&state).unwrap()), optimal, "{what}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn two_seats_play_margin_under_none() {
    for deck in ["1x2", "3x2", "5x2", "7x2", "2x4", "3x4", "2x6"] {
        assert!(two_seats_play_margin(deck, PassRule::None) > 0);
    }
}

/// Under `agreed` the two seats part where ending the game is worth more than playing on by
/// margin but less by own pairs: after the opponent's pass on `3x2` with three known
/// singles, `margin` ends the game (0 rather than a margin below 0), while `own-pairs`
/// plays on (an expected pair rather than none). So `docs/variants.md`'s "with m = 2,
/// own-pairs chooses exactly as margin" holds under `none` only.
#[test]
fn two_seats_under_agreed_part_from_margin_where_ending_pays() {
    let deck = Deck::parse("3x2").unwrap();
    let position = Position::parse("2.1x3", &deck).unwrap();
    let held = Some(FirstCard::Held(Pattern::new(2, 1)));
    let mut margin: Solver<f64> =
        Solver::new(Objective::Margin, PassRule::Agreed, &position, 0, 1e9).unwrap();
    let model = State {
        position: position.clone(),
        diff: 0,
        after_pass: true,
        first: held,
    };
    let actions = margin.actions(&model).unwrap();
    let ends = choose_best(Objective::Margin, TieBreak::Usual, &actions, held);
    assert_eq!(ends, Some(Action::Known(Pattern::new(2, 1))));
    assert!(margin.value(&model).unwrap().abs() < 1e-12);
    let mut seats: SeatsSolver = SeatsSolver::new(2, 2, PassRule::Agreed).unwrap();
    let state = SeatsState {
        position,
        passes: 1,
        first: held,
    };
    assert_eq!(seats.chosen(&state).unwrap(), Action::Unknown);
    let v = seats.value(&state).unwrap();
    assert!(
        (v[0] - 1.0).abs() < 1e-12 && (v[1] - 2.0).abs() < 1e-12,
        "{v:?}"
    );
}

type Q = BigRational;

/// The rules of `docs/variants.md` recomputed for one game, from the vectors the solver gives
/// the states that follow (an empty table scored here).
struct Bellman {
    seats: usize,
    rule: PassRule,
    solver: SeatsSolver<Q>,
}

impl Bellman {
    fn zeros(&self) -> Vec<Q> {
        vec![Q::zero(); self.seats]
    }

    /// The turn-start vector after `k` passes in a row.
    fn start(&mut self, position: &Position, k: u8) -> Vec<Q> {
        if position.pairs() == 0 {
            return self.zeros();
        }
        let state = SeatsState {
            position: position.clone(),
            passes: k,
            first: None,
        };
        self.solver.value(&state).unwrap()
    }

    /// The mover took a pair (the table is now `position`) and moves again.
    fn took(&mut self, position: &Position) -> Vec<Q> {
        let mut v = self.start(position, 0);
        v[0] += Q::one();
        v
    }

    /// The turn passes to the next seat, who moves in `position` after `k` passes: the
    /// next seat's `w[0]` is this mover's `v[1]`, and this mover is its `w[m-1]`.
    fn handed(&mut self, position: &Position, k: u8) -> Vec<Q> {
        let w = self.start(position, k);
        let m = self.seats;
        (0..m).map(|i| w[(i + m - 1) % m].clone()).collect()
    }

    /// A pass after `k` passes in a row; `None` if the rule forbids it.
    fn pass(&mut self, position: &Position, k: u8) -> Option<Vec<Q>> {
        match self.rule {
            PassRule::None => None,
            _ if usize::from(k) + 1 == self.seats => Some(self.zeros()),
            _ => Some(self.handed(position, k + 1)),
        }
    }

    /// The second card is unknown after a first card of a label in pattern `first`,
    /// `fresh` of the two cards unknown before the turn, `base` the table with the first
    /// card shown.
    fn second_unknown(
        &mut self,
        position: &Position,
        first: Pattern,
        fresh: u8,
        base: &Position,
    ) -> Vec<Q> {
        let same = first.unknown + 1 - fresh;
        let unknown = position.unknown_cards() + 1 - u64::from(fresh);
        let mut sum = self.zeros();
        let add = |sum: &mut Vec<Q>, v: Vec<Q>, weight: u64| {
            for (s, x) in sum.iter_mut().zip(v) {
                *s += x * Q::from_integer(weight.into());
            }
        };
        if same > 0 {
            let v = self.took(&position.moved(first, first.taken(fresh)));
            add(&mut sum, v, u64::from(same));
        }
        for (b, n) in position.iter() {
            let others = n - u32::from(b == first);
            if others == 0 || b.unknown == 0 {
                continue;
            }
            let v = self.handed(&base.moved(b, Some(b.revealed())), 0);
            add(&mut sum, v, u64::from(others) * u64::from(b.unknown));
        }
        sum.into_iter()
            .map(|s| s / Q::from_integer(unknown.into()))
            .collect()
    }

    /// Every action the rules allow in `state` in the decision rule's order, each with
    /// its vector recomputed.
    fn recomputed(&mut self, state: &SeatsState) -> Vec<(Action, Vec<Q>)> {
        let (position, k) = (&state.position, state.passes);
        let others = |first: Option<Pattern>| -> Vec<Pattern> {
            position
                .iter()
                .filter(|&(p, n)| p.known() > 0 && n > u32::from(Some(p) == first))
                .map(|(p, _)| p)
                .collect()
        };
        let unknown = position.unknown_cards();
        let mut out = Vec::new();
        match state.first {
            None => {
                let mut after = |first| {
                    let mut s = state.clone();
                    s.first = Some(first);
                    self.solver.value(&s).unwrap()
                };
                for q in others(None).into_iter().filter(|q| q.known() >= 2) {
                    out.push((Action::Known(q), after(FirstCard::Held(q))));
                }
                if unknown > 0 {
                    let mut sum = vec![Q::zero(); self.seats];
                    for (a, n) in position.iter().filter(|(a, _)| a.unknown > 0) {
                        let weight = Q::from_integer((n * u32::from(a.unknown)).into());
                        for (s, x) in sum.iter_mut().zip(after(FirstCard::Revealed(a))) {
                            *s += x * &weight;
                        }
                    }
                    let sum = sum
                        .into_iter()
                        .map(|s| s / Q::from_integer(unknown.into()))
                        .collect();
                    out.push((Action::Unknown, sum));
                }
                for q in others(None).into_iter().filter(|q| q.known() == 1) {
                    out.push((Action::Known(q), after(FirstCard::Held(q))));
                }
            }
            Some(FirstCard::Revealed(a)) => {
                let shown = position.moved(a, Some(a.revealed()));
                if a.known() > 0 {
                    out.push((Action::Match, self.took(&position.moved(a, a.taken(1)))));
                }
                if unknown >= 2 {
                    let v = self.second_unknown(position, a, 2, &shown);
                    out.push((Action::Unknown, v));
                }
                for q in others(Some(a)) {
                    out.push((Action::Known(q), self.handed(&shown, 0)));
                }
            }
            Some(FirstCard::Held(a)) => {
                if a.known() >= 2 {
                    out.push((Action::Match, self.took(&position.moved(a, a.taken(0)))));
                }
                if unknown >= 1 {
                    let v = self.second_unknown(position, a, 1, position);
                    out.push((Action::Unknown, v));
                }
                for q in others(Some(a)) {
                    if let Some(v) = self.pass(position, k) {
                        out.push((Action::Known(q), v));
                    }
                }
            }
        }
        out
    }
}

/// The decision rule, written out: the first action whose `v[0]` is the largest.
fn rule_choice(actions: &[(Action, Vec<Q>)]) -> usize {
    let top = actions.iter().map(|(_, v)| &v[0]).max().unwrap();
    actions.iter().position(|(_, v)| &v[0] == top).unwrap()
}

/// Checks every decision point of `deck` with `seats` players; returns how many.
fn bellman(deck: &str, seats: usize, rule: PassRule) -> usize {
    let copies = Deck::parse(deck).unwrap().copies();
    let mut check = Bellman {
        seats,
        rule,
        solver: SeatsSolver::new(copies, seats, rule).unwrap(),
    };
    let layers = if rule == PassRule::Agreed { seats } else { 1 };
    let mut checked = 0;
    for (position, first) in decision_points(deck) {
        for k in 0..layers {
            let state = SeatsState {
                position: position.clone(),
                passes: u8::try_from(k).unwrap(),
                first,
            };
            let what = format!("{deck} {seats} seats {rule}: {position} k={k} {first:?}");
            let solved = check.solver.actions(&state).unwrap();
            let recomputed = check.recomputed(&state);
            assert_eq!(solved, recomputed, "{what}");
            let chosen = &recomputed[rule_choice(&recomputed)];
            assert_eq!(check.solver.value(&state).unwrap(), chosen.1, "{what}");
            assert_eq!(check.solver.chosen(&state).unwrap(), chosen.0, "{what}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_action_vector_follows_from_the_rules() {
    for rule in [PassRule::None, PassRule::Agreed] {
        for seats in 2..=4 {
            for deck in ["1x2", "2x2", "3x2", "4x2", "2x4", "1x6"] {
                assert!(bellman(deck, seats, rule) > 0);
            }
        }
        for deck in ["5x2", "3x4"] {
            assert!(bellman(deck, 3, rule) > 0);
        }
        assert!(bellman("3x2", 6, rule) > 0);
    }
}

/// A position of at most `labels` labels on a deck with `copies` cards per label.
fn position(copies: u8, labels: usize) -> impl Strategy<Value = Position> {
    let all = patterns(copies);
    prop::collection::vec(0..all.len(), 1..=labels).prop_map(move |picked| {
        let mut p = Position::empty(copies);
        for i in picked {
            p.add(all[i], 1);
        }
        p
    })
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![position(2, 9), position(4, 4), position(6, 2)]
}

/// Every decision point of `position`: the turn start and each possible first card.
fn points(position: &Position) -> Vec<Option<FirstCard>> {
    let mut out = vec![None];
    for (p, _) in position.iter() {
        if p.unknown > 0 {
            out.push(Some(FirstCard::Revealed(p)));
        }
        if p.known() > 0 {
            out.push(Some(FirstCard::Held(p)));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Under `none` every pair on the table goes to someone, whatever is played: every
    /// action's vector sums to the pairs on the table.
    #[test]
    fn every_pair_goes_to_someone_under_none(position in any_position(), seats in 2usize..=6) {
        let mut solver: SeatsSolver = SeatsSolver::new(position.copies(), seats, PassRule::None).unwrap();
        let pairs = position.pairs() as f64;
        for first in points(&position) {
            let state = SeatsState { position: position.clone(), passes: 0, first };
            let sum: f64 = solver.value(&state).unwrap().iter().sum();
            prop_assert!((sum - pairs).abs() < 1e-9, "{} {:?}: {}", position, first, sum);
            for (a, v) in solver.actions(&state).unwrap() {
                let sum: f64 = v.iter().sum();
                prop_assert!((sum - pairs).abs() < 1e-9, "{} {:?} {}: {}", position, first, a, sum);
            }
        }
    }

    /// Under `agreed` too, as played: ending the game leaves the one who ends it nothing,
    /// and some other action always promises them a pair with a chance above 0.
    #[test]
    fn no_one_ends_the_game_under_agreed(position in any_position(), seats in 2usize..=6) {
        let mut solver: SeatsSolver = SeatsSolver::new(position.copies(), seats, PassRule::Agreed).unwrap();
        let pairs = position.pairs() as f64;
        for first in points(&position) {
            for k in 0..seats {
                let state = SeatsState { position: position.clone(), passes: u8::try_from(k).unwrap(), first };
                let sum: f64 = solver.value(&state).unwrap().iter().sum();
                prop_assert!((sum - pairs).abs() < 1e-9, "{} k={} {:?}: {}", position, k, first, sum);
            }
        }
    }
}

fn solve_json(args: &[&str]) -> serde_json::Value {
    cli::json(&[&["solve"], args, &["--json"]].concat())
}

#[test]
fn solve_with_players_prints_vectors() {
    let v = solve_json(&[
        "--players",
        "3",
        "--objective",
        "own-pairs",
        "--deck",
        "3x4",
        "--pass-rule",
        "none",
        "--exact",
    ]);
    assert_eq!(
        v["exact"],
        serde_json::json!(["11146/5775", "3392/1925", "1904/825"])
    );
    assert!((v["value"][0].as_f64().unwrap() - 11146.0 / 5775.0).abs() < 1e-12);
    assert_eq!(v["chosen"], "unknown");
    assert_eq!(v["best"], serde_json::json!(["unknown"]));
    assert_eq!(v["actions"][0]["exact"], v["exact"]);

    // After a known first card under agreed, two passes in a row before: the pass ends
    // the game (nobody gets anything) and is listed after the unknown card.
    let v = solve_json(&[
        "--players",
        "3",
        "--deck",
        "pairs:4",
        "--position",
        "2.1x2 2.2x1",
        "--held",
        "2.1",
        "--passes",
        "2",
        "--exact",
    ]);
    let names: Vec<&str> = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["unknown", "known 2.1"]);
    assert_eq!(v["actions"][1]["exact"], serde_json::json!(["0", "0", "0"]));
    assert_eq!(v["chosen"], "unknown");
    assert_eq!(v["value"].as_array().unwrap().len(), 3);
}

#[test]
fn solve_with_two_players_is_todays_solve_unless_own_pairs() {
    let today = solve_json(&["--deck", "4x2", "--exact"]);
    assert_eq!(
        solve_json(&["--deck", "4x2", "--exact", "--players", "2"]),
        today
    );
    let margin = solve_json(&[
        "--deck",
        "5x2",
        "--objective",
        "margin",
        "--pass-rule",
        "none",
    ]);
    let own = solve_json(&[
        "--deck",
        "5x2",
        "--players",
        "2",
        "--objective",
        "own-pairs",
        "--pass-rule",
        "none",
    ]);
    let v = own["value"].as_array().unwrap();
    let gap = v[0].as_f64().unwrap() - v[1].as_f64().unwrap();
    assert!((gap - margin["value"].as_f64().unwrap()).abs() < 1e-9);
}

/// With every seat optimal, a duel's result is the solver's start vector.
#[test]
fn a_duel_of_optimal_seats_is_the_solvers_value() {
    use concentration::analysis::seats_duel::{DuelAi, seats_duel};
    for (deck, seats, rule) in [
        ("3x4", 3, PassRule::None),
        ("5x2", 4, PassRule::Agreed),
        ("2x4", 6, PassRule::Agreed),
    ] {
        let d = Deck::parse(deck).unwrap();
        let duel = seats_duel(&d, rule, &vec![DuelAi::Optimal; seats]).unwrap();
        let mut solver: SeatsSolver = SeatsSolver::new(d.copies(), seats, rule).unwrap();
        let v = solver.value(&start(deck)).unwrap();
        for (x, y) in duel.iter().zip(&v) {
            assert!(
                (x - y).abs() < 1e-9,
                "{deck} {seats} {rule}: {duel:?} {v:?}"
            );
        }
    }
}

/// Two seats without passing: the duel's `v[0] − v[1]` is the two-player duel's margin.
#[test]
fn a_two_seat_duel_is_the_margin_duel() {
    use concentration::analysis::duel;
    use concentration::analysis::seats_duel::{DuelAi, seats_duel};
    use concentration::players::{Optimal, Usual};
    for deck in ["6x2", "3x4"] {
        let d = Deck::parse(deck).unwrap();
        for (a, b) in [
            (DuelAi::Usual, DuelAi::Usual),
            (DuelAi::Optimal, DuelAi::Usual),
            (DuelAi::Usual, DuelAi::Optimal),
        ] {
            let v = seats_duel(&d, PassRule::None, &[a, b]).unwrap();
            let policy = |ai| -> Box<dyn concentration::players::Policy> {
                match ai {
                    DuelAi::Optimal => {
                        Box::new(Optimal::new(&d, Objective::Margin, PassRule::None).unwrap())
                    }
                    DuelAi::Usual => Box::new(Usual),
                }
            };
            let (mut first, mut second) = (policy(a), policy(b));
            let margin = duel::exact(
                &d,
                Objective::Margin,
                PassRule::None,
                &mut *first,
                &mut *second,
            );
            assert!(
                (v[0] - v[1] - margin).abs() < 1e-9,
                "{deck} {a:?} {b:?}: {v:?} against {margin}"
            );
        }
    }
}

#[test]
fn duel_with_players_prints_every_seat() {
    let v = cli::json(&[
        "duel",
        "--deck",
        "3x4",
        "--pass-rule",
        "none",
        "--players",
        "optimal,optimal,optimal",
        "--json",
    ]);
    assert_eq!(
        v["seats"],
        serde_json::json!(["optimal 1", "optimal 2", "optimal 3"])
    );
    assert!((v["value"][2].as_f64().unwrap() - 1904.0 / 825.0).abs() < 1e-9);
}

/// Simulated games agree with the exact duel: each seat's exact expectation lies well
/// inside its simulated interval (four half-widths), and the intervals are narrow enough
/// to tell the seats apart, so a rotated or mis-credited simulation would fail.
#[test]
fn simulated_duel_with_players_agrees_with_the_exact_one() {
    let json = |extra: &[&str]| {
        let duel = ["duel", "--deck", "3x4", "--pass-rule", "none", "--json"];
        cli::json(&[&duel[..], &["--players", "optimal,usual,usual"], extra].concat())
    };
    let exact = json(&[]);
    let simulated = json(&["--games", "20000", "--seed", "7"]);
    assert_eq!(simulated["games"], 20000);
    for seat in 0..3 {
        let e = exact["value"][seat].as_f64().unwrap();
        let mean = simulated["value"][seat].as_f64().unwrap();
        let half = (simulated["high"][seat].as_f64().unwrap()
            - simulated["low"][seat].as_f64().unwrap())
            / 2.0;
        assert!(half < 0.05, "seat {seat}: interval ±{half}");
        assert!(
            (mean - e).abs() < 4.0 * half,
            "seat {seat}: simulated {mean} ± {half}, exact {e}"
        );
    }
    // The seats differ by more than the intervals: the test sees a swap.
    let e = |s: usize| exact["value"][s].as_f64().unwrap();
    assert!((e(0) - e(1)).abs() > 0.15 && (e(1) - e(2)).abs() > 0.15);
}
