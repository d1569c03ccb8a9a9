//! The Two Decks Duel's solver (docs/variants.md, "Two Decks Duel") against two independent
//! computations in exact fractions: a plain recursion over the piles written from seat 0's
//! side (seat 0 maximises, seat 1 minimises; no stored layout, no shortcut), compared state
//! by state and action by action; and a brute force over concrete cards (every card of
//! both sides by position and label, every card a choice), compared at every decision
//! point it reaches. Then the check figures of docs/variants.md.

use std::collections::HashMap;

use concentration::rules::{Objective, PassRule, Taker};
use concentration::solver::two_decks::{
    DuelAction, DuelFirst, DuelPosition, DuelSolver, DuelState, Seen,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

fn q(n: i64, d: i64) -> Q {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The rules a check runs under.
#[derive(Clone, Copy, Debug)]
struct Rules {
    objective: Objective,
    pass_rule: PassRule,
    taker: Taker,
}

fn all_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for objective in [Objective::Win, Objective::Margin] {
        for pass_rule in PassRule::ALL {
            if objective == Objective::Margin && pass_rule == PassRule::Withdraw {
                continue;
            }
            for taker in [Taker::Answerer, Taker::Leader] {
                all.push(Rules {
                    objective,
                    pass_rule,
                    taker,
                });
            }
        }
    }
    all
}

/// Seat 0's value (win chance or pairs ahead) of the game ended with seat 0 `lead` pairs
/// ahead.
fn ended(rules: Rules, lead: i64) -> Q {
    match rules.objective {
        Objective::Win if lead > 0 => Q::one(),
        Objective::Win if lead == 0 => q(1, 2),
        _ => Q::zero(),
    }
}

/// Seat 0's value of a result of `points` pairs for seat 0 (margin only; win counts them
/// in the lead).
fn points(rules: Rules, v: Q, pairs: i64) -> Q {
    match rules.objective {
        Objective::Margin => v + q(pairs, 1),
        _ => v,
    }
}

/// The plain recursion: piles from seat 0's side (`mine` only seat 0's card seen,
/// `theirs` only seat 1's), the leading seat, seat 0's lead in pairs, the pass flag.
struct Plain {
    rules: Rules,
    memo: HashMap<(Piles, u8, i64, bool), Q>,
}

/// A turn start from seat 0's side: neither, mine, theirs, both.
type Piles = [u32; 4];

impl Plain {
    fn new(rules: Rules) -> Self {
        Self {
            rules,
            memo: HashMap::new(),
        }
    }

    fn better(&self, seat: u8, a: Q, b: Q) -> Q {
        if (seat == 0) == (a > b) { a } else { b }
    }

    /// Seat 0's value of the turn start where `leader` leads.
    fn start(&mut self, piles: Piles, leader: u8, lead: i64, after_pass: bool) -> Q {
        if piles.iter().sum::<u32>() == 0 {
            return ended(self.rules, lead);
        }
        let key = (piles, leader, lead, after_pass);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let v = self
            .leads(piles, leader, lead, after_pass)
            .into_iter()
            .map(|(_, v)| v)
            .reduce(|a, b| self.better(leader, a, b))
            .unwrap();
        self.memo.insert(key, v.clone());
        v
    }

    /// The leader's choices with seat 0's values.
    fn leads(&mut self, piles: Piles, leader: u8, lead: i64, ap: bool) -> Vec<(DuelAction, Q)> {
        // From the leader's side: their own only-seen pile and the other's.
        let (own, other) = if leader == 0 { (1, 2) } else { (2, 1) };
        let mut out = Vec::new();
        let unseen = piles[0] + piles[other];
        if unseen > 0 {
            let mut sum = Q::zero();
            for (pile, first) in [(0, Seen::Neither), (other, Seen::Answerer)] {
                if piles[pile] > 0 {
                    let v = self.answered(piles, leader, lead, ap, DuelFirst::Revealed(first));
                    sum += v * q(i64::from(piles[pile]), 1);
                }
            }
            out.push((DuelAction::Unknown, sum / q(i64::from(unseen), 1)));
        }
        for (pile, seen) in [(own, Seen::Leader), (3, Seen::Both)] {
            if piles[pile] > 0 {
                let v = self.answered(piles, leader, lead, ap, DuelFirst::Held(seen));
                out.push((DuelAction::Known(seen), v));
            }
        }
        out
    }

    /// Seat 0's value once the leader's card `first` is shown: the answerer's best.
    fn answered(&mut self, piles: Piles, leader: u8, lead: i64, ap: bool, first: DuelFirst) -> Q {
        let answerer = 1 - leader;
        self.answers(piles, leader, lead, ap, first)
            .into_iter()
            .map(|(_, v)| v)
            .reduce(|a, b| self.better(answerer, a, b))
            .unwrap()
    }

    /// The answerer's legal choices with seat 0's values.
    fn answers(
        &mut self,
        piles: Piles,
        leader: u8,
        lead: i64,
        ap: bool,
        first: DuelFirst,
    ) -> Vec<(DuelAction, Q)> {
        let answerer = 1 - leader;
        let (own, other) = if leader == 0 { (1, 2) } else { (2, 1) };
        // The table once the leader's card is seen, and where its label lies.
        let mut shown = piles;
        let label = match first {
            DuelFirst::Revealed(Seen::Neither) => {
                shown[0] -= 1;
                shown[own] += 1;
                own
            }
            DuelFirst::Revealed(_) => {
                shown[other] -= 1;
                shown[3] += 1;
                3
            }
            DuelFirst::Held(Seen::Leader) => own,
            DuelFirst::Held(_) => 3,
        };
        let taker = match self.rules.taker {
            Taker::Answerer => answerer,
            Taker::Leader => leader,
        };
        let sign = if taker == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        let take = |me: &mut Self, mut after: Piles| {
            after[label] -= 1;
            let v = me.start(after, answerer, lead + sign, false);
            points(me.rules, v, sign)
        };
        if label == 3 {
            out.push((DuelAction::Match, take(self, shown)));
        }
        // The answerer's unseen cards: labels nobody's seen, and those only the leader's.
        let unseen = shown[0] + shown[own];
        if unseen > 0 {
            let mut sum = Q::zero();
            if label == own {
                sum += take(self, shown);
            }
            let partners = shown[own] - u32::from(label == own);
            for (pile, k, to) in [(0, shown[0], other), (own, partners, 3)] {
                if k > 0 {
                    let mut after = shown;
                    after[pile] -= 1;
                    after[to] += 1;
                    sum += self.start(after, answerer, lead, false) * q(i64::from(k), 1);
                }
            }
            out.push((DuelAction::Unknown, sum / q(i64::from(unseen), 1)));
        }
        let others = shown[other] + shown[3] - u32::from(label == 3);
        if others > 0 {
            let v = if matches!(first, DuelFirst::Held(_)) {
                match (self.rules.pass_rule, ap) {
                    (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(ended(self.rules, lead)),
                    (PassRule::Withdraw, _) => Some(q(1, 2)),
                    (PassRule::Agreed | PassRule::Ko, false) => {
                        Some(self.start(shown, answerer, lead, true))
                    }
                    _ => None,
                }
            } else {
                Some(self.start(shown, answerer, lead, false))
            };
            if let Some(v) = v {
                out.push((DuelAction::Other, v));
            }
        }
        out
    }
}

/// A value for seat 0 as the value for `seat`.
fn for_seat(rules: Rules, seat: u8, v: Q) -> Q {
    match (seat, rules.objective) {
        (0, _) => v,
        (_, Objective::Win) => Q::one() - v,
        _ => -v,
    }
}

fn solver(rules: Rules) -> DuelSolver<Q> {
    DuelSolver::new(rules.objective, rules.pass_rule, rules.taker)
}

/// Every turn start of up to `total` pairs, every difference that can occur, both flags,
/// and every first card: the solver's actions equal the plain recursion's, from the
/// mover's side, exactly.
#[test]
fn every_state_and_action_agrees_with_the_plain_recursion() {
    let total = 4u32;
    for rules in all_rules() {
        let mut plain = Plain::new(rules);
        let mut fast = solver(rules);
        fast.value(&DuelState::start(total)).unwrap();
        let mut checked = 0;
        for n in 1..=total {
            for position in positions(n) {
                let taken = i64::from(total - n);
                for diff in (-taken..=taken).step_by(2) {
                    for after_pass in [false, true] {
                        let state = DuelState {
                            position,
                            diff,
                            after_pass,
                            first: None,
                        };
                        // Seat 0 leads; its piles are the leader's.
                        let piles = [
                            position.neither,
                            position.leader,
                            position.answerer,
                            position.both,
                        ];
                        let expected = plain.leads(piles, 0, diff, after_pass);
                        assert_eq!(
                            fast.actions(&state).unwrap(),
                            expected,
                            "{rules:?} {state:?}"
                        );
                        for first in firsts(position) {
                            let state = DuelState {
                                first: Some(first),
                                ..state
                            };
                            let expected: Vec<_> = plain
                                .answers(piles, 0, diff, after_pass, first)
                                .into_iter()
                                .map(|(a, v)| (a, for_seat(rules, 1, v)))
                                .collect();
                            assert_eq!(
                                fast.actions(&state).unwrap(),
                                expected,
                                "{rules:?} {state:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100, "{checked} answer points");
    }
}

/// Every split of `n` labels into the four piles.
fn positions(n: u32) -> Vec<DuelPosition> {
    let mut all = Vec::new();
    for neither in 0..=n {
        for leader in 0..=n - neither {
            for answerer in 0..=n - neither - leader {
                all.push(DuelPosition {
                    neither,
                    leader,
                    answerer,
                    both: n - neither - leader - answerer,
                });
            }
        }
    }
    all
}

/// Every leader's card possible on `position`.
fn firsts(position: DuelPosition) -> Vec<DuelFirst> {
    [
        DuelFirst::Revealed(Seen::Neither),
        DuelFirst::Revealed(Seen::Answerer),
        DuelFirst::Held(Seen::Leader),
        DuelFirst::Held(Seen::Both),
    ]
    .into_iter()
    .filter(|f| match f {
        DuelFirst::Revealed(p) | DuelFirst::Held(p) => position.count(*p) > 0,
    })
    .collect()
}

mod concrete;

#[test]
fn every_decision_of_concrete_cards_agrees_with_the_piles() {
    for rules in all_rules() {
        for pairs in 1..=3 {
            let checked = concrete::check(rules.objective, rules.pass_rule, rules.taker, pairs);
            assert!(checked > 0);
        }
    }
}

/// The check figures of docs/variants.md: the leader's value at the start of N pairs a
/// side, under `agreed` and under `none`, for both readings of who takes the pair (the
/// answerer's value is one minus it, or minus it).
#[test]
fn check_figures() {
    let start = |objective, pass_rule, taker, pairs| {
        solver(Rules {
            objective,
            pass_rule,
            taker,
        })
        .value(&DuelState::start(pairs))
        .unwrap()
    };
    let figures = |objective, pass_rule, taker| -> Vec<String> {
        (1..=6)
            .map(|n| start(objective, pass_rule, taker, n).to_string())
            .collect()
    };
    use Objective::{Margin, Win};
    use PassRule::{Agreed, None};
    use Taker::{Answerer, Leader};
    for rule in [Agreed, None] {
        assert_eq!(
            figures(Win, rule, Answerer),
            ["0", "1/2", "1/2", "23/48", "7/15", "35/72"]
        );
        assert_eq!(
            figures(Margin, rule, Answerer),
            ["-1", "0", "0", "-1/12", "-1/10", "-1/18"]
        );
    }
    assert_eq!(
        figures(Win, Agreed, Leader),
        ["1", "1/2", "2/3", "7/12", "7/12", "41/72"]
    );
    assert_eq!(
        figures(Margin, Agreed, Leader),
        ["1", "0", "1/3", "1/6", "1/6", "5/36"]
    );
    assert_eq!(
        figures(Win, None, Leader),
        ["1", "1/2", "1/2", "23/48", "19/40", "679/1440"]
    );
    assert_eq!(
        figures(Margin, None, Leader),
        ["1", "0", "0", "-1/12", "-1/10", "-11/90"]
    );
    // The full size, a deck each (double): the margins to the last digit printed there.
    let full = |taker| {
        DuelSolver::<f64>::new(Margin, Agreed, taker)
            .value(&DuelState::start(52))
            .unwrap()
    };
    assert!((full(Answerer) - -0.008_092_994_075_775_36).abs() < 1e-12);
    assert!((full(Leader) - 0.018_861_086_034_336_453).abs() < 1e-12);
}

/// `solve` answers with the solver's exact values and the decision point in the Duel's
/// words; `duel` between two optimal players plays the solver's value, and neither the
/// usual player nor a best response beats the optimal one.
#[test]
fn the_commands_answer_with_the_solvers_values() {
    use crate::common::cli::run;
    let (code, out, err) = run(&[
        "solve",
        "--variant",
        "duel",
        "--deck",
        "pairs:4",
        "--exact",
        "--json",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["exact"], "23/48", "{out}");
    let (code, out, _) = run(&[
        "solve",
        "--variant",
        "duel",
        "--deck",
        "pairs:4",
        "--position",
        "1/1/1/0",
        "--diff",
        "1",
        "--held",
        "L",
        "--exact",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("position 1/1/1/0"), "{out}");
    assert!(
        out.contains("the leader turned a seen card of pile L: the answerer moves"),
        "{out}"
    );
    assert!(out.contains("unknown    37.5000% = 3/8  best"), "{out}");
    let duel = |first: &str, second: &str| -> f64 {
        let (code, out, err) = run(&[
            "duel",
            "--variant",
            "duel",
            "--deck",
            "pairs:5",
            "--objective",
            "margin",
            "--first",
            first,
            "--second",
            second,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        json["value"].as_f64().unwrap()
    };
    assert!((duel("optimal", "optimal") - -0.1).abs() < 1e-12);
    assert!((duel("best", "optimal") - -0.1).abs() < 1e-12);
    assert!((duel("optimal", "best") - -0.1).abs() < 1e-12);
    assert!(duel("usual", "optimal") <= -0.1 + 1e-12);
    assert!(duel("optimal", "usual") >= -0.1 - 1e-12);
}
