//! The Double Decker Checkerboard's solver (docs/variants.md): a brute force over concrete
//! cards on tiny decks that must agree with the pattern abstraction state by state and
//! action by action, exactly; a plain recursion over the pairs, one by one, from the
//! rules, that must agree with every action of every state of small decks, exactly; the
//! published check figures.

use std::collections::HashMap;

use concentration::rules::{Back, Objective, PassRule, Variant};
use concentration::solver::checker::{
    CHECKER_PATTERNS, CheckerAction, CheckerFirstCard, CheckerPattern, CheckerPosition,
    CheckerSolver, CheckerState,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

fn ratio(n: i64, d: i64) -> Q {
    Q::new(BigInt::from(n), BigInt::from(d))
}

fn start(pairs: u32) -> CheckerState {
    CheckerState {
        position: CheckerPosition::start(pairs),
        diff: 0,
        after_pass: false,
        first: None,
    }
}

/// The rules every recursion below shares: the end, a pair taken, a turn handed on, a pass.
#[derive(Clone, Copy)]
struct Rules {
    objective: Objective,
    rule: PassRule,
    variant: Variant,
}

impl Rules {
    fn final_value(self, d: i64) -> Q {
        match self.objective {
            Objective::Win => match d.cmp(&0) {
                std::cmp::Ordering::Greater => Q::one(),
                std::cmp::Ordering::Equal => ratio(1, 2),
                std::cmp::Ordering::Less => Q::zero(),
            },
            _ => Q::zero(),
        }
    }

    /// The mover's value of a state worth `v` to the opponent.
    fn against(self, v: &Q) -> Q {
        match self.objective {
            Objective::Win => Q::one() - v,
            _ => -v.clone(),
        }
    }

    /// The difference the next mover sees and the pair's worth, after a pair taken.
    fn after_pair(self, d: i64) -> (i64, Q) {
        match self.objective {
            Objective::Win => (d + 1, Q::zero()),
            _ => (d, Q::one()),
        }
    }

    /// Value of passing, given the value of the opponent's turn after it (`next`).
    fn pass(self, d: i64, ap: bool, next: impl FnOnce() -> Q) -> Option<Q> {
        match (self.rule, ap) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
            (PassRule::Withdraw, _) => Some(ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.against(&next())),
        }
    }
}

fn best(values: impl Iterator<Item = Q>) -> Option<Q> {
    values.max()
}

// ---------------------------------------------------------------------------------------
// Brute force over concrete cards: card `id` is label `id / 2` with the red back if even.

fn label(id: usize) -> usize {
    id / 2
}
fn back(id: usize) -> Back {
    Back::of_copy(u8::from(id % 2 == 1))
}

fn cards(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask & (1 << i) != 0)
}

#[derive(Clone, Copy, Debug)]
enum Pick {
    Unknown(Back),
    Card(usize),
}

#[derive(Clone, Copy)]
struct First {
    card: usize,
    was_known: bool,
}

struct Brute {
    rules: Rules,
    memo: HashMap<(u32, u32, i64, bool), Q>,
}

impl Brute {
    fn start(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Q {
        if table == 0 {
            return self.rules.final_value(d);
        }
        if let Some(v) = self.memo.get(&(table, known, d, ap)) {
            return v.clone();
        }
        let acts = self.start_actions(table, known, d, ap);
        let v = best(acts.into_iter().map(|(_, v)| v)).expect("an action");
        self.memo.insert((table, known, d, ap), v.clone());
        v
    }

    /// The mover took the pair `x`, `y`.
    fn took(&mut self, table: u32, known: u32, d: i64, x: usize, y: usize) -> Q {
        let gone = (1 << x) | (1 << y);
        let (table, known) = (table & !gone, known & !gone);
        let (d2, worth) = self.rules.after_pair(d);
        if self.rules.variant.pair_goes_again() {
            worth + self.start(table, known, d2, false)
        } else {
            let opp = self.start(table, known, -d2, false);
            worth + self.rules.against(&opp)
        }
    }

    fn opp(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Q {
        let v = self.start(table, known, -d, ap);
        self.rules.against(&v)
    }

    fn start_actions(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Vec<(Pick, Q)> {
        let mut out = Vec::new();
        for b in Back::BOTH {
            let unknown: Vec<usize> = cards(table & !known).filter(|&x| back(x) == b).collect();
            if unknown.is_empty() {
                continue;
            }
            let mut sum = Q::zero();
            for &x in &unknown {
                let first = First {
                    card: x,
                    was_known: false,
                };
                let acts = self.second_actions(table, known | (1 << x), d, ap, first);
                sum += best(acts.into_iter().map(|(_, v)| v)).expect("a second card");
            }
            out.push((Pick::Unknown(b), sum / BigInt::from(unknown.len())));
        }
        for x in cards(known) {
            let first = First {
                card: x,
                was_known: true,
            };
            let acts = self.second_actions(table, known, d, ap, first);
            if let Some(v) = best(acts.into_iter().map(|(_, v)| v)) {
                out.push((Pick::Card(x), v));
            }
        }
        out
    }

    /// `known` already includes the first card.
    fn second_actions(
        &mut self,
        table: u32,
        known: u32,
        d: i64,
        ap: bool,
        first: First,
    ) -> Vec<(Pick, Q)> {
        let x = first.card;
        let mut out = Vec::new();
        for b in Back::BOTH {
            let unknown: Vec<usize> = cards(table & !known).filter(|&y| back(y) == b).collect();
            if unknown.is_empty() {
                continue;
            }
            let mut sum = Q::zero();
            for &y in &unknown {
                sum += if label(x) == label(y) {
                    self.took(table, known, d, x, y)
                } else {
                    self.opp(table, known | (1 << y), d, false)
                };
            }
            out.push((Pick::Unknown(b), sum / BigInt::from(unknown.len())));
        }
        for y in cards(known & !(1 << x)) {
            let v = if label(x) == label(y) {
                Some(self.took(table, known, d, x, y))
            } else if first.was_known {
                let rules = self.rules;
                rules.pass(d, ap, || self.start(table, known, -d, true))
            } else {
                Some(self.opp(table, known, d, false))
            };
            if let Some(v) = v {
                out.push((Pick::Card(y), v));
            }
        }
        out
    }
}

/// The pattern of label `l`'s pair (`extra`: a card to count as unknown, the first card
/// before it was turned).
fn pattern_of(l: usize, known: u32, extra: Option<usize>) -> CheckerPattern {
    let knows = |id: usize| known & (1 << id) != 0 && extra != Some(id);
    CheckerPattern::of(knows(2 * l), knows(2 * l + 1))
}

fn abstract_state(table: u32, known: u32, d: i64, ap: bool, first: Option<First>) -> CheckerState {
    let extra = first.filter(|f| !f.was_known).map(|f| f.card);
    let mut position = CheckerPosition::default();
    for l in 0..16 {
        if table & (3 << (2 * l)) != 0 {
            position.add(pattern_of(l, known, extra));
        }
    }
    let first = first.map(|f| {
        let p = pattern_of(label(f.card), known, extra);
        if f.was_known {
            CheckerFirstCard::Held(p)
        } else {
            CheckerFirstCard::Revealed(p, back(f.card))
        }
    });
    CheckerState {
        position,
        diff: d,
        after_pass: ap,
        first,
    }
}

fn abstract_action(known: u32, first: Option<First>, pick: Pick) -> CheckerAction {
    match pick {
        Pick::Unknown(b) => CheckerAction::Unknown(b),
        Pick::Card(y) if first.is_some_and(|f| label(f.card) == label(y)) => CheckerAction::Match,
        Pick::Card(y) => CheckerAction::Known(pattern_of(label(y), known, None)),
    }
}

fn value_of(actions: &[(CheckerAction, Q)], a: CheckerAction) -> Q {
    actions
        .iter()
        .find(|(b, _)| *b == a)
        .unwrap_or_else(|| panic!("{a} not listed in {actions:?}"))
        .1
        .clone()
}

/// Checks every concrete action of `concrete` against the solver's abstract ones: the
/// same values, and the same set of actions.
fn agree(what: &str, solved: &[(CheckerAction, Q)], concrete: &[(CheckerAction, Q)]) -> usize {
    for (a, v) in concrete {
        assert_eq!(*v, value_of(solved, *a), "{what}: {a}");
    }
    let distinct: std::collections::HashSet<_> = concrete.iter().map(|(a, _)| *a).collect();
    assert_eq!(distinct.len(), solved.len(), "{what}: {solved:?}");
    concrete.len()
}

/// Walks every concrete state reachable from the start of `pairs` pairs and checks the
/// value of every concrete action against the solver's value of its abstract action.
fn compare(pairs: usize, rules: Rules) -> usize {
    let mut brute = Brute {
        rules,
        memo: HashMap::new(),
    };
    let mut solver: CheckerSolver<Q> =
        CheckerSolver::new(rules.objective, rules.rule).with_variant(rules.variant);
    let all = (1u32 << (2 * pairs)) - 1;
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![(all, 0u32, 0i64, false)];
    let mut checked = 0;
    while let Some((table, known, d, ap)) = todo.pop() {
        if table == 0 || !seen.insert((table, known, d, ap)) {
            continue;
        }
        let what = format!(
            "{pairs} pairs {} {} {} table {table:b} known {known:b} d {d} ap {ap}",
            rules.objective, rules.rule, rules.variant
        );
        let state = abstract_state(table, known, d, ap, None);
        let solved = solver.actions(&state).unwrap();
        let concrete: Vec<_> = brute
            .start_actions(table, known, d, ap)
            .into_iter()
            .map(|(p, v)| (abstract_action(known, None, p), v))
            .collect();
        checked += agree(&what, &solved, &concrete);
        for x in cards(table) {
            let first = First {
                card: x,
                was_known: known & (1 << x) != 0,
            };
            let known1 = known | (1 << x);
            let state = abstract_state(table, known1, d, ap, Some(first));
            let solved = solver.actions(&state).unwrap();
            let concrete: Vec<_> = brute
                .second_actions(table, known1, d, ap, first)
                .into_iter()
                .map(|(p, v)| (abstract_action(known1, Some(first), p), v))
                .collect();
            checked += agree(&format!("{what} first {x}"), &solved, &concrete);
            for y in cards(table & !(1 << x)) {
                let gone = (1 << x) | (1 << y);
                if label(x) == label(y) {
                    let (d2, _) = rules.after_pair(d);
                    if rules.variant.pair_goes_again() {
                        todo.push((table & !gone, known1 & !gone, d2, false));
                    } else {
                        todo.push((table & !gone, known1 & !gone, -d2, false));
                    }
                } else if !first.was_known || known1 & (1 << y) == 0 {
                    todo.push((table, known1 | (1 << y), -d, false));
                } else if matches!(rules.rule, PassRule::Agreed | PassRule::Ko) && !ap {
                    todo.push((table, known1, -d, true));
                }
            }
        }
    }
    checked
}

const RULES: [PassRule; 5] = [
    PassRule::None,
    PassRule::Agreed,
    PassRule::Ko,
    PassRule::Quit,
    PassRule::Withdraw,
];

fn every_rules() -> impl Iterator<Item = Rules> {
    [Objective::Win, Objective::Margin]
        .into_iter()
        .flat_map(|objective| {
            RULES.into_iter().flat_map(move |rule| {
                [Variant::Standard, Variant::OneFlip]
                    .into_iter()
                    .map(move |variant| Rules {
                        objective,
                        rule,
                        variant,
                    })
            })
        })
        .filter(|r| !(r.objective == Objective::Margin && r.rule == PassRule::Withdraw))
}

#[test]
fn brute_force_over_concrete_cards_agrees_exactly() {
    for rules in every_rules() {
        for pairs in 1..=3 {
            assert!(compare(pairs, rules) > 0);
        }
    }
}

// ---------------------------------------------------------------------------------------
// A plain recursion over the pairs one by one: a position is the sorted list of its
// pairs, each as (red card known, blue card known); a flip names a pair and a back.

type Pairs = Vec<(bool, bool)>;

fn knows(pair: (bool, bool), b: Back) -> bool {
    match b {
        Back::Red => pair.0,
        Back::Blue => pair.1,
    }
}

fn shown(pair: (bool, bool), b: Back) -> (bool, bool) {
    match b {
        Back::Red => (true, pair.1),
        Back::Blue => (pair.0, true),
    }
}

fn sorted(mut pairs: Pairs) -> Pairs {
    pairs.sort_unstable();
    pairs
}

fn pattern((r, b): (bool, bool)) -> CheckerPattern {
    CheckerPattern::of(r, b)
}

struct Plain {
    rules: Rules,
    memo: HashMap<(Pairs, i64, bool), Q>,
}

impl Plain {
    fn start(&mut self, pairs: &Pairs, d: i64, ap: bool) -> Q {
        if pairs.is_empty() {
            return self.rules.final_value(d);
        }
        let key = (pairs.clone(), d, ap);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let v = best(self.starts(pairs, d, ap).into_iter().map(|(_, v)| v)).expect("an action");
        self.memo.insert(key, v.clone());
        v
    }

    fn took(&mut self, pairs: &Pairs, i: usize, d: i64) -> Q {
        let mut rest = pairs.clone();
        rest.remove(i);
        let (d2, worth) = self.rules.after_pair(d);
        if self.rules.variant.pair_goes_again() {
            worth + self.start(&rest, d2, false)
        } else {
            let v = self.start(&rest, -d2, false);
            worth + self.rules.against(&v)
        }
    }

    fn opp(&mut self, pairs: Pairs, d: i64, ap: bool) -> Q {
        let v = self.start(&sorted(pairs), -d, ap);
        self.rules.against(&v)
    }

    /// Every turn-start action, one entry per card (a flip of an unknown card averaged
    /// over the cards of its back).
    fn starts(&mut self, pairs: &Pairs, d: i64, ap: bool) -> Vec<(CheckerAction, Q)> {
        let mut out = Vec::new();
        for b in Back::BOTH {
            let unknown: Vec<usize> = (0..pairs.len()).filter(|&i| !knows(pairs[i], b)).collect();
            if unknown.is_empty() {
                continue;
            }
            let mut sum = Q::zero();
            for &i in &unknown {
                let mut after = pairs.clone();
                after[i] = shown(after[i], b);
                let v = best(
                    self.seconds(&after, i, b, false, d, ap)
                        .into_iter()
                        .map(|(_, v)| v),
                );
                sum += v.expect("a second card");
            }
            out.push((CheckerAction::Unknown(b), sum / BigInt::from(unknown.len())));
        }
        for i in 0..pairs.len() {
            for b in Back::BOTH.into_iter().filter(|&b| knows(pairs[i], b)) {
                let seconds = self.seconds(pairs, i, b, true, d, ap);
                if let Some(v) = best(seconds.into_iter().map(|(_, v)| v)) {
                    out.push((CheckerAction::Known(pattern(pairs[i])), v));
                }
            }
        }
        out
    }

    /// Every second-card action after the card with back `b` of pair `i` (`pairs` shows
    /// it known), one entry per card.
    fn seconds(
        &mut self,
        pairs: &Pairs,
        i: usize,
        b: Back,
        held: bool,
        d: i64,
        ap: bool,
    ) -> Vec<(CheckerAction, Q)> {
        let mut out = Vec::new();
        for c in Back::BOTH {
            let unknown: Vec<usize> = (0..pairs.len()).filter(|&j| !knows(pairs[j], c)).collect();
            if unknown.is_empty() {
                continue;
            }
            let mut sum = Q::zero();
            for &j in &unknown {
                sum += if j == i {
                    self.took(pairs, i, d)
                } else {
                    let mut after = pairs.clone();
                    after[j] = shown(after[j], c);
                    self.opp(after, d, false)
                };
            }
            out.push((CheckerAction::Unknown(c), sum / BigInt::from(unknown.len())));
        }
        for j in 0..pairs.len() {
            for c in Back::BOTH.into_iter().filter(|&c| knows(pairs[j], c)) {
                if j == i && c == b {
                    continue;
                }
                let v = if j == i {
                    Some(self.took(pairs, i, d))
                } else if held {
                    let rules = self.rules;
                    let before = sorted(pairs.clone());
                    rules.pass(d, ap, || self.start(&before, -d, true))
                } else {
                    Some(self.opp(pairs.clone(), d, false))
                };
                let a = if j == i {
                    CheckerAction::Match
                } else {
                    CheckerAction::Known(pattern(pairs[j]))
                };
                if let Some(v) = v {
                    out.push((a, v));
                }
            }
        }
        out
    }
}

/// Every position of at most `n` pairs.
fn positions(n: u32) -> Vec<CheckerPosition> {
    crate::common::states::card_states(4, n)
        .into_iter()
        .map(|c| CheckerPosition::from_counts([c[0], c[1], c[2], c[3]]))
        .filter(|p| p.pairs() > 0)
        .collect()
}

fn pairs_of(position: &CheckerPosition) -> Pairs {
    let mut pairs = Vec::new();
    for p in CHECKER_PATTERNS {
        for _ in 0..position.count(p) {
            pairs.push((p.knows(Back::Red), p.knows(Back::Blue)));
        }
    }
    sorted(pairs)
}

/// Every action of every state of at most `n` pairs (every difference the root's reach
/// stores, both flags, every first card) against the plain recursion.
fn compare_plain(n: u32, rules: Rules) -> usize {
    let mut plain = Plain {
        rules,
        memo: HashMap::new(),
    };
    let mut solver: CheckerSolver<Q> =
        CheckerSolver::new(rules.objective, rules.rule).with_variant(rules.variant);
    // Solve from the largest table first, so every smaller one is read from that solve.
    solver.value(&start(n)).unwrap();
    let mut checked = 0;
    for position in positions(n) {
        let pairs = pairs_of(&position);
        let m = i64::try_from(position.pairs()).unwrap();
        let reach = i64::from(n) - m;
        let diffs: Vec<i64> = if rules.objective == Objective::Win {
            (-reach..=reach).step_by(2).collect()
        } else {
            vec![0]
        };
        for d in diffs {
            for ap in [false, true] {
                let what = format!("{position} d {d} ap {ap} {}", rules.rule);
                let state = CheckerState {
                    position,
                    diff: d,
                    after_pass: ap,
                    first: None,
                };
                let solved = solver.actions(&state).unwrap();
                checked += agree(&what, &solved, &plain.starts(&pairs, d, ap));
                for (i, &pair) in pairs.iter().enumerate() {
                    for b in Back::BOTH {
                        let (first, after, held) = if knows(pair, b) {
                            (CheckerFirstCard::Held(pattern(pair)), pairs.clone(), true)
                        } else {
                            let mut after = pairs.clone();
                            after[i] = shown(pair, b);
                            (CheckerFirstCard::Revealed(pattern(pair), b), after, false)
                        };
                        let state = CheckerState {
                            first: Some(first),
                            ..state.clone()
                        };
                        let solved = solver.actions(&state).unwrap();
                        let concrete = plain.seconds(&after, i, b, held, d, ap);
                        checked += agree(&format!("{what} first {first:?}"), &solved, &concrete);
                    }
                }
            }
        }
    }
    checked
}

#[test]
fn a_plain_recursion_over_the_pairs_agrees_exactly_in_every_state() {
    for rules in every_rules() {
        assert!(compare_plain(4, rules) > 0);
    }
}

#[test]
fn f64_and_exact_values_agree() {
    for rules in every_rules() {
        let mut f: CheckerSolver<f64> =
            CheckerSolver::new(rules.objective, rules.rule).with_variant(rules.variant);
        let mut e: CheckerSolver<Q> =
            CheckerSolver::new(rules.objective, rules.rule).with_variant(rules.variant);
        let (v, w) = (f.value(&start(6)).unwrap(), e.value(&start(6)).unwrap());
        assert!((v - num_traits::ToPrimitive::to_f64(&w).unwrap()).abs() < 1e-12);
    }
}

fn exact(objective: Objective, rule: PassRule, variant: Variant, pairs: u32) -> Q {
    let mut solver: CheckerSolver<Q> = CheckerSolver::new(objective, rule).with_variant(variant);
    solver.value(&start(pairs)).unwrap()
}

/// The check figures of docs/variants.md.
#[test]
fn check_figures() {
    let (win, margin) = (Objective::Win, Objective::Margin);
    let (agreed, standard) = (PassRule::Agreed, Variant::Standard);
    for (pairs, w, m) in [
        (2, ratio(1, 2), ratio(0, 1)),
        (3, ratio(1, 3), ratio(-2, 3)),
        (4, ratio(23, 48), ratio(1, 12)),
        (5, ratio(31, 60), ratio(0, 1)),
        (6, ratio(239, 480), ratio(-13, 180)),
        (8, ratio(10_093, 20_160), ratio(347, 5040)),
    ] {
        assert_eq!(exact(win, agreed, standard, pairs), w, "{pairs} pairs, win");
        assert_eq!(
            exact(margin, agreed, standard, pairs),
            m,
            "{pairs} pairs, margin"
        );
    }
    assert_eq!(exact(win, PassRule::None, standard, 4), ratio(13, 24));
    assert_eq!(exact(margin, agreed, Variant::OneFlip, 4), ratio(1, 12));
}
