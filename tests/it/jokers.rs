//! The jokers solver (docs/variants.md, "Jokers count double"), checked two independent
//! ways: against a brute force over concrete cards (every reachable table of small decks,
//! every action at both decision points), and, with the jokers worth one point, against
//! the standard solver, to which they are then one more label of two cards.

use std::collections::HashMap;

use concentration::rules::{Objective, PassRule, Variant};
use concentration::solver::jokers::{
    Class, JokersAction, JokersFirst, JokersPosition, JokersSolver, JokersState,
};
use concentration::solver::{Action, FirstCard, Pattern, Position, Solver, State, patterns};
use num_rational::BigRational;

use crate::common::states::card_states;

/// Every objective and pass rule of a two-player game, under both turns.
fn combos() -> Vec<(Objective, PassRule, Variant)> {
    let mut out = Vec::new();
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if objective == Objective::Margin && rule == PassRule::Withdraw {
                continue;
            }
            for variant in Variant::TABLE {
                out.push((objective, rule, variant));
            }
        }
    }
    out
}

/// A brute force over concrete cards: `ranks` ranks of four cards (card `i` is rank
/// `i / 4`) and the two jokers (the last two cards), tables and known cards as bit masks.
/// Nothing of patterns: each card is itself, an unknown card turned is any unknown card
/// with equal chance.
struct Brute {
    ranks: u32,
    objective: Objective,
    rule: PassRule,
    one_flip: bool,
    memo: HashMap<(u32, u32, i64, bool), f64>,
}

impl Brute {
    fn label(&self, card: u32) -> u32 {
        (card / 4).min(self.ranks)
    }

    fn points(&self, card: u32) -> i64 {
        if self.label(card) == self.ranks { 2 } else { 1 }
    }

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

    fn start(&mut self, table: u32, known: u32, d: i64, ap: bool) -> f64 {
        if table == 0 {
            return self.final_value(d);
        }
        let d = if self.objective == Objective::Win {
            d
        } else {
            0
        };
        if let Some(&v) = self.memo.get(&(table, known, d, ap)) {
            return v;
        }
        let v = self
            .start_actions(table, known, d, ap)
            .into_iter()
            .map(|(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        self.memo.insert((table, known, d, ap), v);
        v
    }

    fn opp(&mut self, table: u32, known: u32, d: i64, ap: bool) -> f64 {
        let v = self.start(table, known, -d, ap);
        if self.objective == Objective::Win {
            1.0 - v
        } else {
            -v
        }
    }

    fn take(&mut self, table: u32, known: u32, d: i64, points: i64) -> f64 {
        match (self.objective, self.one_flip) {
            (Objective::Win, false) => self.start(table, known, d + points, false),
            (Objective::Win, true) if table == 0 => self.final_value(d + points),
            (Objective::Win, true) => self.opp(table, known, d + points, false),
            (_, false) => points as f64 + self.start(table, known, d, false),
            (_, true) if table == 0 => points as f64,
            (_, true) => points as f64 + self.opp(table, known, d, false),
        }
    }

    fn pass(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Option<f64> {
        match (self.rule, ap) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
            (PassRule::Withdraw, _) => Some(0.5),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(table, known, d, true)),
        }
    }

    /// The turn-start actions: an unknown card (any of them, equally likely), or each
    /// known card.
    fn start_actions(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Vec<(Pick, f64)> {
        let unknown = table & !known;
        let mut out = Vec::new();
        if unknown != 0 {
            let mut sum = 0.0;
            for f in cards(unknown) {
                sum += self.best_second(table, known | 1 << f, d, ap, f, true);
            }
            out.push((Pick::Unknown, sum / f64::from(unknown.count_ones())));
        }
        for f in cards(known) {
            out.push((
                Pick::Card(f),
                self.best_second(table, known, d, ap, f, false),
            ));
        }
        out
    }

    fn best_second(
        &mut self,
        table: u32,
        known: u32,
        d: i64,
        ap: bool,
        f: u32,
        revealed: bool,
    ) -> f64 {
        self.second_actions(table, known, d, ap, f, revealed)
            .into_iter()
            .map(|(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// After the first card `f` (face up, counted in `known`): each known card, or an
    /// unknown one.
    fn second_actions(
        &mut self,
        table: u32,
        known: u32,
        d: i64,
        ap: bool,
        f: u32,
        revealed: bool,
    ) -> Vec<(Pick, f64)> {
        let unknown = table & !known;
        let mut out = Vec::new();
        for g in cards(known & !(1 << f)) {
            let v = if self.label(g) == self.label(f) {
                let pair = 1 << f | 1 << g;
                Some(self.take(table & !pair, known & !pair, d, self.points(f)))
            } else if revealed {
                Some(self.opp(table, known, d, false))
            } else {
                self.pass(table, known, d, ap)
            };
            if let Some(v) = v {
                out.push((Pick::Card(g), v));
            }
        }
        if unknown != 0 {
            let mut sum = 0.0;
            for g in cards(unknown) {
                sum += if self.label(g) == self.label(f) {
                    let pair = 1 << f | 1 << g;
                    self.take(table & !pair, known & !pair, d, self.points(f))
                } else {
                    self.opp(table, known | 1 << g, d, false)
                };
            }
            out.push((Pick::Unknown, sum / f64::from(unknown.count_ones())));
        }
        out
    }

    /// The position the solver sees.
    fn position(&self, table: u32, known: u32) -> JokersPosition {
        let mut ranks = Position::empty(4);
        let mut joker = None;
        for label in 0..=self.ranks {
            let of = |mask: u32| cards(mask).filter(|&c| self.label(c) == label).count() as u8;
            let (on, unknown) = (of(table), of(table & !known));
            if on == 0 {
                continue;
            }
            if label == self.ranks {
                joker = Some(Pattern::new(on, unknown));
            } else {
                ranks.add(Pattern::new(on, unknown), 1);
            }
        }
        JokersPosition { ranks, joker }
    }

    /// The class of card `c`'s label in `position`.
    fn class(&self, table: u32, known: u32, c: u32) -> Class {
        let p = self.position_pattern(table, known, c);
        if self.label(c) == self.ranks {
            Class::Joker(p)
        } else {
            Class::Rank(p)
        }
    }

    fn position_pattern(&self, table: u32, known: u32, c: u32) -> Pattern {
        let label = self.label(c);
        let of = |mask: u32| cards(mask).filter(|&x| self.label(x) == label).count() as u8;
        Pattern::new(of(table), of(table & !known))
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Pick {
    Unknown,
    Card(u32),
}

fn cards(mask: u32) -> impl Iterator<Item = u32> {
    (0..32).filter(move |i| mask & (1 << i) != 0)
}

/// The brute force's best value of each of the solver's actions.
fn by_action(
    brute: &Brute,
    table: u32,
    known: u32,
    first: Option<u32>,
    picks: Vec<(Pick, f64)>,
) -> Vec<(JokersAction, f64)> {
    let mut out: Vec<(JokersAction, f64)> = Vec::new();
    for (pick, v) in picks {
        let action = match pick {
            Pick::Unknown => JokersAction::Unknown,
            Pick::Card(g) if first.is_some_and(|f| brute.label(f) == brute.label(g)) => {
                JokersAction::Match
            }
            Pick::Card(g) => JokersAction::Known(brute.class(table, known, g)),
        };
        match out.iter_mut().find(|(a, _)| *a == action) {
            Some((_, w)) => assert!((*w - v).abs() < 1e-12, "{action}: equal choices differ"),
            None => out.push((action, v)),
        }
    }
    out
}

fn compare(ranks: u32, objective: Objective, rule: PassRule, variant: Variant) -> usize {
    let mut brute = Brute {
        ranks,
        objective,
        rule,
        one_flip: variant == Variant::OneFlip,
        memo: HashMap::new(),
    };
    let all = (1u32 << (4 * ranks + 2)) - 1;
    brute.start(all, 0, 0, false);
    let mut solver = JokersSolver::<f64>::new(objective, rule, variant).unwrap();
    solver.value(&JokersState::start(ranks)).unwrap();
    let states: Vec<_> = brute.memo.keys().copied().collect();
    let mut checked = 0;
    for (table, known, d, ap) in states {
        let position = brute.position(table, known);
        let what = format!("{ranks} ranks {objective} {rule} {variant}: {position} d={d} ap={ap}");
        // The turn start, then each first card.
        let mut firsts: Vec<(Option<JokersFirst>, Option<u32>, u32, bool)> =
            vec![(None, None, known, false)];
        for f in cards(table & !known) {
            let class = brute.class(table, known, f);
            firsts.push((
                Some(JokersFirst::Revealed(class)),
                Some(f),
                known | 1 << f,
                true,
            ));
        }
        for f in cards(known) {
            let class = brute.class(table, known, f);
            firsts.push((Some(JokersFirst::Held(class)), Some(f), known, false));
        }
        for (first, card, known1, revealed) in firsts {
            let picks = match card {
                None => brute.start_actions(table, known, d, ap),
                Some(f) => brute.second_actions(table, known1, d, ap, f, revealed),
            };
            let expected = by_action(&brute, table, known1, card, picks);
            let state = JokersState {
                position: position.clone(),
                diff: d,
                after_pass: ap,
                first,
            };
            let solved = solver.actions(&state).unwrap();
            assert_eq!(
                solved.len(),
                expected.len(),
                "{what} {first:?}: {solved:?} vs {expected:?}"
            );
            for (a, v) in &expected {
                let w = solved.iter().find(|(b, _)| b == a).map(|&(_, w)| w);
                let w = w.unwrap_or_else(|| panic!("{what} {first:?}: no {a} in {solved:?}"));
                assert!(
                    (v - w).abs() <= 1e-9,
                    "{what} {first:?} {a}: brute {v}, solver {w}"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn brute_force_over_concrete_cards_agrees() {
    for (objective, rule, variant) in combos() {
        for ranks in 1..=2 {
            assert!(compare(ranks, objective, rule, variant) > 100);
        }
    }
}

/// The jokers' standard action and first card, were they worth one.
fn standard_action(a: JokersAction) -> Action {
    match a {
        JokersAction::Match => Action::Match,
        JokersAction::Unknown => Action::Unknown,
        JokersAction::Known(c) => Action::Known(c.pattern()),
    }
}

fn standard_first(f: JokersFirst) -> FirstCard {
    match f {
        JokersFirst::Revealed(c) => FirstCard::Revealed(c.pattern()),
        JokersFirst::Held(c) => FirstCard::Held(c.pattern()),
    }
}

#[test]
fn jokers_worth_one_are_the_standard_game_with_a_label_of_two_cards() {
    let ranks = 3;
    for (objective, rule, variant) in combos() {
        let start = JokersPosition::start(ranks);
        let mut jokers =
            JokersSolver::<f64>::with_joker_points(objective, rule, variant, 1).unwrap();
        let mut standard =
            Solver::<f64>::with_variant(objective, rule, variant, &start.as_standard(), 0, 1e9)
                .unwrap();
        // Points as the standard game counts them: the jokers are worth one here.
        let total = i64::try_from(start.as_standard().pairs()).unwrap();
        let mut checked = 0;
        for counts in card_states(patterns(4).len(), ranks) {
            for joker in [
                None,
                Some(Pattern::new(2, 2)),
                Some(Pattern::new(2, 1)),
                Some(Pattern::new(2, 0)),
            ] {
                let position = JokersPosition {
                    ranks: Position::from_counts(4, counts.clone()),
                    joker,
                };
                let points = i64::try_from(position.as_standard().pairs()).unwrap();
                if points == 0 {
                    continue;
                }
                let taken = total - points;
                let diffs: Vec<i64> = if objective == Objective::Win {
                    (-taken..=taken).step_by(2).collect()
                } else {
                    vec![0]
                };
                let mut firsts = vec![None];
                let classes = position
                    .ranks
                    .iter()
                    .map(|(p, _)| Class::Rank(p))
                    .chain(joker.map(Class::Joker));
                for c in classes {
                    if c.pattern().unknown > 0 {
                        firsts.push(Some(JokersFirst::Revealed(c)));
                    }
                    if c.pattern().known() > 0 {
                        firsts.push(Some(JokersFirst::Held(c)));
                    }
                }
                let standard_position = position.as_standard();
                let known_labels: u32 = standard_position
                    .iter()
                    .filter(|(p, _)| p.known() > 0)
                    .map(|(_, n)| n)
                    .sum();
                for &d in &diffs {
                    for after_pass in [false, true] {
                        // A pass needs two labels with known cards.
                        if after_pass && known_labels < 2 {
                            continue;
                        }
                        for &first in &firsts {
                            let state = JokersState {
                                position: position.clone(),
                                diff: d,
                                after_pass,
                                first,
                            };
                            let ours = jokers.actions(&state).unwrap();
                            let theirs = standard
                                .actions(&State {
                                    position: position.as_standard(),
                                    diff: d,
                                    after_pass,
                                    first: first.map(standard_first),
                                })
                                .unwrap_or_else(|e| {
                                    panic!("{position} d={d} ap={after_pass} {first:?}: {e}")
                                });
                            for (a, v) in &ours {
                                let s = standard_action(*a);
                                let w = theirs.iter().find(|(b, _)| *b == s).map(|&(_, w)| w);
                                let w = w.unwrap_or_else(|| {
                                    panic!("{position} {first:?}: no {s} in {theirs:?}")
                                });
                                assert!(
                                    (v - w).abs() <= 1e-9,
                                    "{objective} {rule} {variant} {position} d={d} ap={after_pass} {first:?} {a}: jokers {v}, standard {w}"
                                );
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}

#[test]
fn exact_and_fast_values_agree() {
    for (objective, rule, variant) in combos() {
        for ranks in 1..=3 {
            let mut fast = JokersSolver::<f64>::new(objective, rule, variant).unwrap();
            let mut exact = JokersSolver::<BigRational>::new(objective, rule, variant).unwrap();
            let state = JokersState::start(ranks);
            let (v, w) = (fast.value(&state).unwrap(), exact.value(&state).unwrap());
            let w = num_traits::ToPrimitive::to_f64(&w).unwrap();
            assert!(
                (v - w).abs() <= 1e-12,
                "{objective} {rule} {variant} {ranks}: {v} vs {w}"
            );
        }
    }
}

/// The check figures of docs/variants.md, from the exact solve.
#[test]
fn the_documented_check_figures_hold() {
    use concentration::rules::Deck;
    let deck = Deck::parse("standard-rank-jokers").unwrap();
    let cases = [
        ("4.4x1 J2.2", Objective::Win, "1/3"),
        ("4.4x1 J2.2", Objective::Margin, "-16/15"),
        ("4.4x2 J2.2", Objective::Win, "806/1575"),
        ("4.4x2 J2.2", Objective::Margin, "2/25"),
    ];
    for (position, objective, figure) in cases {
        let mut exact =
            JokersSolver::<BigRational>::new(objective, PassRule::Agreed, Variant::Standard)
                .unwrap();
        let state = JokersState {
            position: JokersPosition::parse(position, &deck).unwrap(),
            diff: 0,
            after_pass: false,
            first: None,
        };
        assert_eq!(
            exact.value(&state).unwrap().to_string(),
            figure,
            "{position} {objective}"
        );
    }
}
