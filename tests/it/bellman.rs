//! Bellman consistency of the solver: in every state of small decks, every action's value
//! is recomputed from the rules of `docs/model.md` (which states follow, with which
//! chances) and the values the solver gives those states when asked about them, and must
//! equal the value the solver gives the action. The recomputation takes no shortcut:
//! an empty table is scored here, a lead larger than the pairs left is valued like any
//! other state, and every action is weighed. Since every state is checked, including
//! those a wrong shortcut would value, a shortcut that changes any value fails here.
//! Both turn rules are checked: the standard game and One Flip (`docs/variants.md`), where a
//! pair taken hands the move on.

use concentration::rules::{Deck, Objective, PassRule, Variant};
use concentration::solver::{Action, FirstCard, Pattern, Position, Solver, State, patterns};

use crate::common::states;
use states::card_states;

/// The rules of one game, and the solver whose values are checked.
struct Check {
    objective: Objective,
    rule: PassRule,
    variant: Variant,
    solver: Solver<f64>,
}

impl Check {
    /// The mover's value at the turn start of `position`: scored here if the table is
    /// empty, else asked of the solver.
    fn start(&mut self, position: &Position, d: i64, after_pass: bool) -> f64 {
        if position.pairs() == 0 {
            return self.final_value(d);
        }
        let state = State {
            position: position.clone(),
            diff: d,
            after_pass,
            first: None,
        };
        self.solver.value(&state).unwrap()
    }

    /// The game ends now, `d` pairs ahead.
    fn final_value(&self, d: i64) -> f64 {
        match self.objective {
            Objective::Win => match d.cmp(&0) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            },
            _ => 0.0,
        }
    }

    /// The mover took a pair (the table is now `position`) and moves again, or under
    /// One Flip the opponent moves (not after a pass: a take is not one).
    fn cont(&mut self, position: &Position, d: i64) -> f64 {
        match (self.variant, self.objective) {
            (Variant::Standard, Objective::Win) => self.start(position, d + 1, false),
            (Variant::Standard, _) => 1.0 + self.start(position, d, false),
            (Variant::OneFlip, Objective::Win) => 1.0 - self.start(position, -(d + 1), false),
            (Variant::OneFlip, _) => 1.0 - self.start(position, -d, false),
            (Variant::Duel(_), _) => unreachable!("the duel has its own recursion (two_decks)"),
        }
    }

    /// The turn ends (the table is now `position`) and the opponent moves.
    fn opp(&mut self, position: &Position, d: i64, after_pass: bool) -> f64 {
        let v = self.start(position, -d, after_pass);
        match self.objective {
            Objective::Win => 1.0 - v,
            _ => -v,
        }
    }

    /// The mover passes; `None` if the rule forbids it.
    fn pass(&mut self, position: &Position, d: i64, after_pass: bool) -> Option<f64> {
        match (self.rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
            (PassRule::Withdraw, _) => Some(0.5),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(position, d, true)),
        }
    }

    /// The second card is unknown, after the first card of a label in pattern `first`
    /// (before this turn), `fresh` of the two cards unknown before this turn (2 after an
    /// unknown first card, 1 after a known one), `base` being the table with the first
    /// card shown: the chance-weighted value of a match or of ending the turn with one
    /// more card shown.
    fn second_unknown(
        &mut self,
        position: &Position,
        first: Pattern,
        fresh: u8,
        base: &Position,
        d: i64,
    ) -> f64 {
        // Unknown cards of the first card's label left to turn, and of all labels.
        let same = first.unknown + 1 - fresh;
        let unknown = position.unknown_cards() + 1 - u64::from(fresh);
        let mut sum = 0.0;
        if same > 0 {
            let matched = position.moved(first, first.taken(fresh));
            sum += f64::from(same) * self.cont(&matched, d);
        }
        for (b, n) in position.iter() {
            let others = n - u32::from(b == first);
            if others == 0 || b.unknown == 0 {
                continue;
            }
            let next = base.moved(b, Some(b.revealed()));
            sum += f64::from(others) * f64::from(b.unknown) * self.opp(&next, d, false);
        }
        let unknown = unknown as f64;
        sum / unknown
    }

    /// Every action the rules allow in `state`, with its value recomputed.
    fn recomputed(&mut self, state: &State) -> Vec<(Action, f64)> {
        let (position, d, after_pass) = (&state.position, state.diff, state.after_pass);
        // Known cards of labels other than the first card's, by pattern.
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
                if unknown > 0 {
                    let mut sum = 0.0;
                    for (a, n) in position.iter() {
                        if a.unknown == 0 {
                            continue;
                        }
                        let v = self.after_first(position, d, after_pass, FirstCard::Revealed(a));
                        sum += f64::from(n) * f64::from(a.unknown) * v;
                    }
                    out.push((Action::Unknown, sum / unknown as f64));
                }
                for q in others(None) {
                    let v = self.after_first(position, d, after_pass, FirstCard::Held(q));
                    out.push((Action::Known(q), v));
                }
            }
            Some(FirstCard::Revealed(a)) => {
                let shown = position.moved(a, Some(a.revealed()));
                if a.known() > 0 {
                    let matched = position.moved(a, a.taken(1));
                    out.push((Action::Match, self.cont(&matched, d)));
                }
                if unknown >= 2 {
                    let v = self.second_unknown(position, a, 2, &shown, d);
                    out.push((Action::Unknown, v));
                }
                for q in others(Some(a)) {
                    out.push((Action::Known(q), self.opp(&shown, d, false)));
                }
            }
            Some(FirstCard::Held(a)) => {
                if a.known() >= 2 {
                    let matched = position.moved(a, a.taken(0));
                    out.push((Action::Match, self.cont(&matched, d)));
                }
                if unknown >= 1 {
                    let v = self.second_unknown(position, a, 1, position, d);
                    out.push((Action::Unknown, v));
                }
                for q in others(Some(a)) {
                    if let Some(v) = self.pass(position, d, after_pass) {
                        out.push((Action::Known(q), v));
                    }
                }
            }
        }
        out.sort_by_key(|&(a, _)| a);
        out
    }

    /// The value after the first card `first`, as the solver gives it.
    fn after_first(
        &mut self,
        position: &Position,
        d: i64,
        after_pass: bool,
        first: FirstCard,
    ) -> f64 {
        let state = State {
            position: position.clone(),
            diff: d,
            after_pass,
            first: Some(first),
        };
        self.solver.value(&state).unwrap()
    }
}

/// Checks every state of `deck` (every position of at most its labels, every score
/// difference a game can reach there, both after-pass flags where a pass could have
/// happened, both decision points) against the recomputation; returns the states checked.
fn check(deck: &str, objective: Objective, rule: PassRule, variant: Variant, prune: bool) -> usize {
    let deck = Deck::parse(deck).unwrap();
    let root = Position::start(&deck);
    let solver = Solver::with_variant(objective, rule, variant, &root, 0, 1e9).unwrap();
    let mut check = Check {
        objective,
        rule,
        variant,
        solver: if prune { solver } else { solver.exhaustive() },
    };
    let total = i64::from(deck.pairs());
    let mut checked = 0;
    for counts in card_states(patterns(deck.copies()).len(), deck.labels()) {
        let position = Position::from_counts(deck.copies(), counts);
        let pairs = i64::try_from(position.pairs()).unwrap();
        if pairs == 0 {
            continue;
        }
        let taken = total - pairs;
        let diffs: Vec<i64> = if objective == Objective::Win {
            (-taken..=taken).step_by(2).collect()
        } else {
            vec![0]
        };
        let known_labels: u32 = position
            .iter()
            .filter(|(p, _)| p.known() > 0)
            .map(|(_, n)| n)
            .sum();
        let mut firsts = vec![None];
        for (p, _) in position.iter() {
            if p.unknown > 0 {
                firsts.push(Some(FirstCard::Revealed(p)));
            }
            if p.known() > 0 {
                firsts.push(Some(FirstCard::Held(p)));
            }
        }
        for &d in &diffs {
            for after_pass in [false, true] {
                if after_pass && known_labels < 2 {
                    continue;
                }
                for &first in &firsts {
                    let state = State {
                        position: position.clone(),
                        diff: d,
                        after_pass,
                        first,
                    };
                    let mut solved = check.solver.actions(&state).unwrap();
                    solved.sort_by_key(|&(a, _)| a);
                    let recomputed = check.recomputed(&state);
                    let what = format!(
                        "{deck} {objective} {rule} {variant} prune={prune}: {position} d={d} after_pass={after_pass} {first:?}"
                    );
                    let names = |v: &[(Action, f64)]| v.iter().map(|&(a, _)| a).collect::<Vec<_>>();
                    assert_eq!(names(&solved), names(&recomputed), "{what}");
                    for ((a, v), (_, w)) in solved.iter().zip(&recomputed) {
                        assert!(
                            (v - w).abs() <= 1e-9,
                            "{what} {a}: solver {v}, recomputed {w}"
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}

/// Every objective and pass rule of a two-player game (`margin` with `withdraw` is
/// rejected).
fn combos() -> Vec<(Objective, PassRule)> {
    let mut out = Vec::new();
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if !(objective == Objective::Margin && rule == PassRule::Withdraw) {
                out.push((objective, rule));
            }
        }
    }
    out
}

fn check_decks(decks: &[&str]) {
    for (objective, rule) in combos() {
        for deck in decks {
            for variant in Variant::TABLE {
                for prune in [false, true] {
                    assert!(check(deck, objective, rule, variant, prune) > 0);
                }
            }
        }
    }
}

#[test]
fn every_action_value_follows_from_its_successors_on_pairs_decks() {
    check_decks(&["1x2", "2x2", "3x2", "4x2", "5x2", "6x2"]);
}

#[test]
fn every_action_value_follows_from_its_successors_on_four_card_decks() {
    check_decks(&["1x4", "2x4", "3x4"]);
}

#[test]
fn every_action_value_follows_from_its_successors_on_six_card_decks() {
    check_decks(&["1x6", "2x6"]);
}

/// The example: behind by more than the pairs left under `withdraw`, the match
/// leads to a state where a pass still forces a draw.
#[test]
fn a_match_far_behind_under_withdraw_keeps_the_draw() {
    let deck = Deck::parse("9x2").unwrap();
    let state = State {
        position: Position::parse("2.1x2 2.0x1", &deck).unwrap(),
        diff: -6,
        after_pass: false,
        first: Some(FirstCard::Revealed(Pattern::new(2, 1))),
    };
    let mut solver: Solver<f64> =
        Solver::new(Objective::Win, PassRule::Withdraw, &state.position, -6, 1e9).unwrap();
    let actions = solver.actions(&state).unwrap();
    let value = |a: Action| actions.iter().find(|&&(b, _)| b == a).unwrap().1;
    assert!((value(Action::Match) - 0.5).abs() < 1e-12, "{actions:?}");
    let after = State {
        position: Position::parse("2.1x1 2.0x1", &deck).unwrap(),
        diff: -5,
        after_pass: false,
        first: None,
    };
    assert!((solver.value(&after).unwrap() - 0.5).abs() < 1e-12);
}
