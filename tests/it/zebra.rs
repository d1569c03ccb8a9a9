//! The Zebra solver (docs/variants.md, "Zebra"): the published figures, exactly; a brute-force
//! solver over concrete cards on tiny decks that must agree with the pattern abstraction
//! state by state and action by action; a Bellman recomputation of every action of every
//! state of small decks under every pass rule; canonical colouring round trips.

use std::collections::HashMap;

use concentration::rules::{Objective, PassRule};
use concentration::solver::zebra::{
    ZEBRA_PATTERNS, ZebraAction, ZebraColour, ZebraFirstCard, ZebraPattern, ZebraPosition,
    ZebraSolver, ZebraState, parse_zebra_pattern,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

use crate::common::states;

fn start(ranks: u32) -> ZebraState {
    ZebraState {
        position: ZebraPosition::start(ranks),
        diff: 0,
        after_pass: false,
        first: None,
    }
}

fn exact(objective: Objective, rule: PassRule, ranks: u32) -> BigRational {
    let mut solver: ZebraSolver<BigRational> = ZebraSolver::new(objective, rule);
    solver.value(&start(ranks)).unwrap()
}

fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

#[test]
fn published_figures() {
    assert_eq!(exact(Objective::Win, PassRule::None, 2), ratio(341, 630));
    assert_eq!(
        exact(Objective::Win, PassRule::None, 4),
        ratio(214_502_461, 425_675_250)
    );
    assert_eq!(
        exact(Objective::Margin, PassRule::Agreed, 5),
        ratio(5_932_608_884, 206_239_658_625)
    );
}

#[test]
fn f64_and_exact_values_agree() {
    // zebra:1, win, agreed.
    let mut f: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, PassRule::Agreed);
    let v = f.value(&start(1)).unwrap();
    let e = exact(Objective::Win, PassRule::Agreed, 1);
    assert!((v - num_traits::ToPrimitive::to_f64(&e).unwrap()).abs() < 1e-12);
    assert!(v > 0.0 && v < 1.0);
}

// ---------------------------------------------------------------------------------------
// Brute force over concrete cards.

/// A card of `zebra:L`: rank `id / 4`, red if `id % 4 < 2`.
fn rank(id: usize) -> usize {
    id / 4
}
fn red(id: usize) -> bool {
    id % 4 < 2
}
fn pairs_up(a: usize, b: usize) -> bool {
    rank(a) == rank(b) && red(a) != red(b)
}

/// A concrete game: which cards are on the table and which of those are known. Unknown
/// cards are exchangeable: an unknown flip shows each of them with equal chance.
struct Brute {
    objective: Objective,
    rule: PassRule,
    memo: HashMap<(u32, u32, i64, bool), f64>,
}

/// Where a concrete turn stands after its first card.
#[derive(Clone, Copy)]
struct First {
    card: usize,
    was_known: bool,
}

/// A concrete action: a specific known card, or an unknown one.
#[derive(Clone, Copy, Debug)]
enum Pick {
    Unknown,
    Card(usize),
}

fn cards(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask & (1 << i) != 0)
}

impl Brute {
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

    fn start(&mut self, table: u32, known: u32, d: i64, after_pass: bool) -> f64 {
        if table == 0 {
            return self.final_value(d);
        }
        if let Some(&v) = self.memo.get(&(table, known, d, after_pass)) {
            return v;
        }
        let v = self
            .start_actions(table, known, d, after_pass)
            .into_iter()
            .map(|(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        self.memo.insert((table, known, d, after_pass), v);
        v
    }

    fn cont(&mut self, table: u32, known: u32, d: i64) -> f64 {
        match self.objective {
            Objective::Win => self.start(table, known, d + 1, false),
            _ => 1.0 + self.start(table, known, d, false),
        }
    }

    fn opp(&mut self, table: u32, known: u32, d: i64, after_pass: bool) -> f64 {
        let v = self.start(table, known, -d, after_pass);
        match self.objective {
            Objective::Win => 1.0 - v,
            _ => -v,
        }
    }

    fn start_actions(&mut self, table: u32, known: u32, d: i64, ap: bool) -> Vec<(Pick, f64)> {
        let unknown = table & !known;
        let mut out = Vec::new();
        let n = unknown.count_ones();
        if n > 0 {
            let mut sum = 0.0;
            for x in cards(unknown) {
                let first = First {
                    card: x,
                    was_known: false,
                };
                sum += self.best_second(table, known | (1 << x), d, ap, first);
            }
            out.push((Pick::Unknown, sum / f64::from(n)));
        }
        for x in cards(known) {
            let first = First {
                card: x,
                was_known: true,
            };
            let v = self.best_second(table, known, d, ap, first);
            out.push((Pick::Card(x), v));
        }
        out
    }

    fn best_second(&mut self, table: u32, known: u32, d: i64, ap: bool, first: First) -> f64 {
        self.second_actions(table, known, d, ap, first)
            .into_iter()
            .map(|(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// `known` already includes the first card.
    fn second_actions(
        &mut self,
        table: u32,
        known: u32,
        d: i64,
        ap: bool,
        first: First,
    ) -> Vec<(Pick, f64)> {
        let x = first.card;
        let mut out = Vec::new();
        let unknown = table & !known;
        let n = unknown.count_ones();
        if n > 0 {
            let mut sum = 0.0;
            for y in cards(unknown) {
                sum += if pairs_up(x, y) {
                    let gone = (1 << x) | (1 << y);
                    self.cont(table & !gone, known & !gone, d)
                } else {
                    self.opp(table, known | (1 << y), d, false)
                };
            }
            out.push((Pick::Unknown, sum / f64::from(n)));
        }
        for y in cards(known & !(1 << x)) {
            let v = if pairs_up(x, y) {
                let gone = (1 << x) | (1 << y);
                Some(self.cont(table & !gone, known & !gone, d))
            } else if first.was_known {
                // A pass.
                match (self.rule, ap) {
                    (PassRule::None, _) | (PassRule::Ko, true) => None,
                    (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
                    (PassRule::Withdraw, _) => Some(0.5),
                    (PassRule::Agreed | PassRule::Ko, false) => {
                        Some(self.opp(table, known, d, true))
                    }
                }
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

/// The pattern of `r`'s cards and whether its halves are swapped in canonical colouring
/// (`extra_unknown`: a card of the rank to count as unknown, the first card before it
/// was turned).
fn rank_pattern(
    r: usize,
    table: u32,
    known: u32,
    extra_unknown: Option<usize>,
) -> (ZebraPattern, bool) {
    let (mut rr, mut ur, mut rb, mut ub) = (0, 0, 0, 0);
    for id in cards(table).filter(|&id| rank(id) == r) {
        let unknown = known & (1 << id) == 0 || extra_unknown == Some(id);
        if red(id) {
            rr += 1;
            ur += u8::from(unknown);
        } else {
            rb += 1;
            ub += u8::from(unknown);
        }
    }
    assert_eq!(rr, rb);
    (
        ZebraPattern::new(rr, ur, ub).unwrap(),
        ZebraPattern::swaps(ur, ub),
    )
}

fn half(id: usize, swapped: bool) -> ZebraColour {
    if red(id) != swapped {
        ZebraColour::Red
    } else {
        ZebraColour::Black
    }
}

fn abstract_state(
    ranks: usize,
    table: u32,
    known: u32,
    d: i64,
    ap: bool,
    first: Option<First>,
) -> ZebraState {
    let extra = first.filter(|f| !f.was_known).map(|f| f.card);
    let mut position = ZebraPosition::from_counts([0; 9]);
    for r in 0..ranks {
        if cards(table).any(|id| rank(id) == r) {
            position.add(rank_pattern(r, table, known, extra).0, 1);
        }
    }
    let first = first.map(|f| {
        let (p, swapped) = rank_pattern(rank(f.card), table, known, extra);
        let c = half(f.card, swapped);
        if f.was_known {
            ZebraFirstCard::Held(p, c)
        } else {
            ZebraFirstCard::Revealed(p, c)
        }
    });
    ZebraState {
        position,
        diff: d,
        after_pass: ap,
        first,
    }
}

/// The abstract action a concrete second or first pick carries out.
fn abstract_action(table: u32, known: u32, first: Option<First>, pick: Pick) -> ZebraAction {
    let Pick::Card(y) = pick else {
        return ZebraAction::Unknown;
    };
    if let Some(f) = first {
        if pairs_up(f.card, y) {
            return ZebraAction::Match;
        }
        if rank(f.card) == rank(y) {
            return ZebraAction::Twin;
        }
    }
    // Another rank's card: its pattern now (the first card's rank is not involved).
    let (p, swapped) = rank_pattern(rank(y), table, known, None);
    ZebraAction::Known(p, half(y, swapped))
}

/// The action values the solver gives, looked up by action.
fn value_of(actions: &[(ZebraAction, f64)], a: ZebraAction) -> f64 {
    actions
        .iter()
        .find(|(b, _)| *b == a)
        .unwrap_or_else(|| panic!("{a} not listed in {actions:?}"))
        .1
}

/// Walks every concrete state reachable from the start of `zebra:ranks` and checks the
/// value of every concrete action against the solver's value of its abstract action.
fn compare(ranks: usize, objective: Objective, rule: PassRule) -> usize {
    let mut brute = Brute {
        objective,
        rule,
        memo: HashMap::new(),
    };
    let mut solver: ZebraSolver<f64> = ZebraSolver::new(objective, rule);
    let all = (1u32 << (4 * ranks)) - 1;
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![(all, 0u32, 0i64, false)];
    let mut checked = 0;
    while let Some((table, known, d, ap)) = todo.pop() {
        if table == 0 || !seen.insert((table, known, d, ap)) {
            continue;
        }
        let what = format!(
            "zebra:{ranks} {objective} {rule} table {table:b} known {known:b} d {d} ap {ap}"
        );
        let state = abstract_state(ranks, table, known, d, ap, None);
        let solved = solver.actions(&state).unwrap();
        let concrete = brute.start_actions(table, known, d, ap);
        for &(pick, v) in &concrete {
            let a = abstract_action(table, known, None, pick);
            let w = value_of(&solved, a);
            assert!(
                (v - w).abs() < 1e-9,
                "{what}: {pick:?} = {a}: brute {v}, solver {w}"
            );
            checked += 1;
        }
        assert_eq!(
            solved.len(),
            distinct(
                concrete
                    .iter()
                    .map(|&(p, _)| abstract_action(table, known, None, p)),
                &state
            ),
            "{what}: {solved:?}"
        );
        // Every first card, and the states each second card leads to.
        let firsts: Vec<(First, u32)> = cards(table)
            .map(|x| {
                let was_known = known & (1 << x) != 0;
                (First { card: x, was_known }, known | (1 << x))
            })
            .collect();
        for (first, known1) in firsts {
            let state = abstract_state(ranks, table, known1, d, ap, Some(first));
            let solved = solver.actions(&state).unwrap();
            let concrete = brute.second_actions(table, known1, d, ap, first);
            for &(pick, v) in &concrete {
                let a = abstract_action(table, known1, Some(first), pick);
                let w = value_of(&solved, a);
                assert!(
                    (v - w).abs() < 1e-9,
                    "{what} first {}: {pick:?} = {a}: brute {v}, solver {w}",
                    first.card
                );
                checked += 1;
            }
            let x = first.card;
            let unknown = table & !known1;
            for y in cards(unknown)
                .map(Pick::Card)
                .chain(cards(known1 & !(1 << x)).map(Pick::Card))
            {
                let Pick::Card(y) = y else { unreachable!() };
                let gone = (1 << x) | (1 << y);
                if pairs_up(x, y) {
                    todo.push((table & !gone, known1 & !gone, d + 1, false));
                } else if known & (1 << x) == 0 || known1 & (1 << y) == 0 {
                    todo.push((table, known1 | (1 << y), -d, false));
                } else if matches!(rule, PassRule::Agreed | PassRule::Ko) && !ap {
                    todo.push((table, known1, -d, true));
                }
            }
        }
    }
    checked
}

/// How many distinct abstract actions, listing both halves of a symmetric pattern.
fn distinct(actions: impl Iterator<Item = ZebraAction>, _state: &ZebraState) -> usize {
    let mut set = std::collections::HashSet::new();
    for a in actions {
        match a {
            ZebraAction::Known(p, _) if p.symmetric() => {
                set.insert(ZebraAction::Known(p, ZebraColour::Red));
                set.insert(ZebraAction::Known(p, ZebraColour::Black));
            }
            a => {
                set.insert(a);
            }
        }
    }
    set.len()
}

#[test]
fn brute_force_over_concrete_cards_agrees() {
    for ranks in [1, 2] {
        for objective in [Objective::Win, Objective::Margin] {
            for rule in [PassRule::None, PassRule::Agreed] {
                assert!(compare(ranks, objective, rule) > 0);
            }
        }
    }
    // The figure, from the concrete game alone.
    let mut brute = Brute {
        objective: Objective::Win,
        rule: PassRule::None,
        memo: HashMap::new(),
    };
    assert!((brute.start(0xff, 0, 0, false) - 341.0 / 630.0).abs() < 1e-12);
}

// ---------------------------------------------------------------------------------------
// Bellman recomputation from the rules, pattern by pattern.

/// The rules, and the solver whose values are checked.
struct Check {
    objective: Objective,
    rule: PassRule,
    solver: ZebraSolver<f64>,
}

/// A rank as `(cards of each colour, red unknown, black unknown)`, not canonical.
type Rank = (u8, u8, u8);

fn canonical((r, ur, ub): Rank) -> Option<ZebraPattern> {
    (r > 0).then(|| ZebraPattern::new(r, ur, ub).unwrap())
}

fn of(p: ZebraPattern) -> Rank {
    (
        p.on_table(),
        p.unknown(ZebraColour::Red),
        p.unknown(ZebraColour::Black),
    )
}

/// `rank` with `delta` unknown cards shown of half `c`.
fn shown((r, ur, ub): Rank, c: ZebraColour, delta: u8) -> Rank {
    match c {
        ZebraColour::Red => (r, ur - delta, ub),
        ZebraColour::Black => (r, ur, ub - delta),
    }
}

/// `rank` after a pair is taken: one card of each colour, `unknown_c`/`unknown_o` telling
/// whether the card of half `c` / of the other half was unknown before the turn.
fn taken((r, ur, ub): Rank, c: ZebraColour, unknown_c: bool, unknown_o: bool) -> Rank {
    let (dr, db) = match c {
        ZebraColour::Red => (unknown_c, unknown_o),
        ZebraColour::Black => (unknown_o, unknown_c),
    };
    (r - 1, ur - u8::from(dr), ub - u8::from(db))
}

fn replace(position: &ZebraPosition, from: ZebraPattern, to: Rank) -> ZebraPosition {
    position.moved(from, canonical(to))
}

impl Check {
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

    fn start(&mut self, position: &ZebraPosition, d: i64, after_pass: bool) -> f64 {
        if position.pairs() == 0 {
            return self.final_value(d);
        }
        let state = ZebraState {
            position: position.clone(),
            diff: d,
            after_pass,
            first: None,
        };
        self.solver.value(&state).unwrap()
    }

    fn cont(&mut self, position: &ZebraPosition, d: i64) -> f64 {
        match self.objective {
            Objective::Win => self.start(position, d + 1, false),
            _ => 1.0 + self.start(position, d, false),
        }
    }

    fn opp(&mut self, position: &ZebraPosition, d: i64, after_pass: bool) -> f64 {
        let v = self.start(position, -d, after_pass);
        match self.objective {
            Objective::Win => 1.0 - v,
            _ => -v,
        }
    }

    fn pass(&mut self, position: &ZebraPosition, d: i64, after_pass: bool) -> Option<f64> {
        match (self.rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
            (PassRule::Withdraw, _) => Some(0.5),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(position, d, true)),
        }
    }

    fn after_first(
        &mut self,
        position: &ZebraPosition,
        d: i64,
        ap: bool,
        first: ZebraFirstCard,
    ) -> f64 {
        let state = ZebraState {
            position: position.clone(),
            diff: d,
            after_pass: ap,
            first: Some(first),
        };
        self.solver.value(&state).unwrap()
    }

    /// The second card is unknown: `base` is the table with the first card shown, `own`
    /// the first card's rank in it (`first` its pattern in `base`), `c` its half.
    fn second_unknown(
        &mut self,
        base: &ZebraPosition,
        first: ZebraPattern,
        own: Rank,
        c: ZebraColour,
        d: i64,
    ) -> f64 {
        let unknown = base.unknown_cards();
        let mut sum = 0.0;
        let (_, ur, ub) = own;
        let (uc, uo) = if c == ZebraColour::Red {
            (ur, ub)
        } else {
            (ub, ur)
        };
        if uo > 0 {
            // The first card is known in `own` by now.
            let next = replace(base, first, taken(own, c, false, true));
            sum += f64::from(uo) * self.cont(&next, d);
        }
        if uc > 0 {
            let next = replace(base, first, shown(own, c, 1));
            sum += f64::from(uc) * self.opp(&next, d, false);
        }
        for (q, n) in base.iter() {
            let others = n - u32::from(q == first);
            for e in ZebraColour::BOTH {
                let u = q.unknown(e);
                if others == 0 || u == 0 {
                    continue;
                }
                let next = replace(base, q, shown(of(q), e, 1));
                sum += f64::from(others) * f64::from(u) * self.opp(&next, d, false);
            }
        }
        let unknown = unknown as f64;
        sum / unknown
    }

    /// Every action the rules allow in `state`, with its value recomputed.
    fn recomputed(&mut self, state: &ZebraState) -> Vec<(ZebraAction, f64)> {
        let (position, d, ap) = (&state.position, state.diff, state.after_pass);
        let others = |skip: Option<ZebraPattern>| -> Vec<ZebraAction> {
            let mut out = Vec::new();
            for (q, n) in position.iter() {
                if n <= u32::from(Some(q) == skip) {
                    continue;
                }
                for e in ZebraColour::BOTH {
                    if q.known(e) > 0 {
                        out.push(ZebraAction::Known(q, e));
                    }
                }
            }
            out
        };
        let unknown = position.unknown_cards();
        let mut out = Vec::new();
        match state.first {
            None => {
                if unknown > 0 {
                    let mut sum = 0.0;
                    for (p, n) in position.iter() {
                        for c in ZebraColour::BOTH {
                            if p.unknown(c) > 0 {
                                let v = self.after_first(
                                    position,
                                    d,
                                    ap,
                                    ZebraFirstCard::Revealed(p, c),
                                );
                                sum += f64::from(n) * f64::from(p.unknown(c)) * v;
                            }
                        }
                    }
                    out.push((ZebraAction::Unknown, sum / unknown as f64));
                }
                for a in others(None) {
                    let ZebraAction::Known(p, c) = a else {
                        unreachable!()
                    };
                    let v = self.after_first(position, d, ap, ZebraFirstCard::Held(p, c));
                    out.push((a, v));
                }
            }
            Some(ZebraFirstCard::Revealed(p, c)) => {
                let own = shown(of(p), c, 1);
                let base = replace(position, p, own);
                let first_now = canonical(own).unwrap();
                if p.known(c.opposite()) > 0 {
                    let next = replace(position, p, taken(of(p), c, true, false));
                    out.push((ZebraAction::Match, self.cont(&next, d)));
                }
                let miss = self.opp(&base, d, false);
                if p.known(c) > 0 {
                    out.push((ZebraAction::Twin, miss));
                }
                if unknown >= 2 {
                    let v = self.second_unknown(&base, first_now, own, c, d);
                    out.push((ZebraAction::Unknown, v));
                }
                for a in others(Some(p)) {
                    out.push((a, miss));
                }
            }
            Some(ZebraFirstCard::Held(p, c)) => {
                if p.known(c.opposite()) > 0 {
                    let next = replace(position, p, taken(of(p), c, false, false));
                    out.push((ZebraAction::Match, self.cont(&next, d)));
                }
                let pass = self.pass(position, d, ap);
                if p.known(c) >= 2
                    && let Some(v) = pass
                {
                    out.push((ZebraAction::Twin, v));
                }
                if unknown >= 1 {
                    let v = self.second_unknown(position, p, of(p), c, d);
                    out.push((ZebraAction::Unknown, v));
                }
                if let Some(v) = pass {
                    for a in others(Some(p)) {
                        out.push((a, v));
                    }
                }
            }
        }
        out
    }
}

/// Every card state with at most `ranks` ranks in Zebra's nine patterns.
fn card_states(ranks: u32) -> Vec<[u32; 9]> {
    states::card_states(9, ranks)
        .into_iter()
        .map(|c| c.try_into().unwrap())
        .collect()
}

fn key(a: &ZebraAction) -> String {
    a.to_string()
}

/// Checks every state of `zebra:ranks` (every position of at most its ranks, every score
/// difference a game can reach there, both pass flags where a pass could have happened,
/// every first card) against the recomputation.
fn bellman(ranks: u32, objective: Objective, rule: PassRule, exhaustive: bool) -> usize {
    let solver = ZebraSolver::new(objective, rule);
    let mut check = Check {
        objective,
        rule,
        solver: if exhaustive {
            solver.exhaustive()
        } else {
            solver
        },
    };
    // Solve from the start first, so that every later state is within its reach.
    check.start(&ZebraPosition::start(ranks), 0, false);
    let total = 2 * i64::from(ranks);
    let mut checked = 0;
    for counts in card_states(ranks) {
        let position = ZebraPosition::from_counts(counts);
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
        let mut firsts = vec![None];
        for (p, _) in position.iter() {
            for c in ZebraColour::BOTH {
                if p.unknown(c) > 0 {
                    firsts.push(Some(ZebraFirstCard::Revealed(p, c)));
                }
                if p.known(c) > 0 {
                    firsts.push(Some(ZebraFirstCard::Held(p, c)));
                }
            }
        }
        for &d in &diffs {
            for ap in [false, true] {
                if ap && position.known_cards() < 2 {
                    continue;
                }
                for &first in &firsts {
                    let state = ZebraState {
                        position: position.clone(),
                        diff: d,
                        after_pass: ap,
                        first,
                    };
                    let what = format!(
                        "zebra:{ranks} {objective} {rule}: {position} d={d} ap={ap} {first:?}"
                    );
                    let mut solved = check.solver.actions(&state).unwrap();
                    let mut recomputed = check.recomputed(&state);
                    solved.sort_by_key(|(a, _)| key(a));
                    recomputed.sort_by_key(|(a, _)| key(a));
                    let names = |v: &[(ZebraAction, f64)]| {
                        v.iter().map(|(a, _)| key(a)).collect::<Vec<_>>()
                    };
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

#[test]
fn every_action_value_follows_from_its_successors() {
    for objective in [Objective::Win, Objective::Margin] {
        for rule in PassRule::ALL {
            if objective == Objective::Margin && rule == PassRule::Withdraw {
                continue;
            }
            for ranks in [1, 2, 3] {
                for exhaustive in [false, true] {
                    assert!(bellman(ranks, objective, rule, exhaustive) > 0);
                }
            }
        }
    }
}

#[test]
fn the_shortcut_skips_only_what_is_never_better() {
    // Every value the bulk solve stores equals the exhaustive solve's, on zebra:4.
    for rule in PassRule::ALL {
        let mut fast: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, rule);
        let mut full: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, rule).exhaustive();
        let a = fast.value(&start(4)).unwrap();
        let b = full.value(&start(4)).unwrap();
        assert!((a - b).abs() < 1e-12, "{rule}: {a} vs {b}");
        assert_eq!(fast.states(), full.states());
    }
}

#[test]
fn symmetric_patterns_list_both_halves_and_ties_follow_the_model() {
    let position = ZebraPosition::parse("2.1/2.1x1 2.2/2.2x1", 2).unwrap();
    let state = ZebraState {
        position,
        diff: 0,
        after_pass: false,
        first: None,
    };
    let mut solver: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, PassRule::Agreed);
    let actions = solver.actions(&state).unwrap();
    let names: Vec<String> = actions.iter().map(|(a, _)| a.to_string()).collect();
    assert!(names.contains(&"known 2.1/2.1 red".to_owned()), "{names:?}");
    assert!(
        names.contains(&"known 2.1/2.1 black".to_owned()),
        "{names:?}"
    );
    let red = value_of(
        &actions,
        ZebraAction::Known(ZEBRA_PATTERNS[3], ZebraColour::Red),
    );
    let black = value_of(
        &actions,
        ZebraAction::Known(ZEBRA_PATTERNS[3], ZebraColour::Black),
    );
    assert_eq!(red, black);
    // A first card of either half of a symmetric pattern is accepted, with equal values.
    let mut held = |c| {
        let mut s = state.clone();
        s.first = Some(ZebraFirstCard::Held(ZEBRA_PATTERNS[3], c));
        solver.value(&s).unwrap()
    };
    assert_eq!(held(ZebraColour::Red), held(ZebraColour::Black));
}

#[test]
fn no_pass_is_listed_where_the_rule_forbids_it() {
    let position = ZebraPosition::parse("2.0/2.0x1 2.1/2.0x1", 2).unwrap();
    let held = ZebraState {
        position,
        diff: 0,
        after_pass: false,
        first: Some(ZebraFirstCard::Held(ZEBRA_PATTERNS[5], ZebraColour::Red)),
    };
    let mut none: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, PassRule::None);
    let names: Vec<String> = none
        .actions(&held)
        .unwrap()
        .iter()
        .map(|(a, _)| a.to_string())
        .collect();
    assert_eq!(names, ["match", "unknown"]);
    let mut agreed: ZebraSolver<f64> = ZebraSolver::new(Objective::Win, PassRule::Agreed);
    let names: Vec<String> = agreed
        .actions(&held)
        .unwrap()
        .iter()
        .map(|(a, _)| a.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "match",
            "twin",
            "known 2.1/2.0 red",
            "known 2.1/2.0 black",
            "unknown"
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Canonical colouring.

fn rank_strategy() -> impl Strategy<Value = Rank> {
    (1u8..=2).prop_flat_map(|r| (Just(r), 0..=r, 0..=r))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Writing a position and reading it back gives the same position, whatever the
    /// colouring its patterns were written in.
    #[test]
    fn positions_round_trip(ranks in prop::collection::vec(rank_strategy(), 1..14)) {
        let mut text = Vec::new();
        let mut position = ZebraPosition::from_counts([0; 9]);
        for &(r, ur, ub) in &ranks {
            text.push(format!("{r}.{ur}/{r}.{ub}x1"));
            position.add(ZebraPattern::new(r, ur, ub).unwrap(), 1);
        }
        let parsed = ZebraPosition::parse(&text.join(" "), 13).unwrap();
        prop_assert_eq!(&parsed, &position);
        let again = ZebraPosition::parse(&parsed.to_string(), 13).unwrap();
        prop_assert_eq!(&again, &position);
    }

    /// Swapping a rank's colours gives the same canonical pattern; the canonical one is
    /// the larger order, and canonicalising twice changes nothing.
    #[test]
    fn swapping_colours_changes_nothing((r, ur, ub) in rank_strategy()) {
        let p = ZebraPattern::new(r, ur, ub).unwrap();
        prop_assert_eq!(p, ZebraPattern::new(r, ub, ur).unwrap());
        prop_assert!(p.unknown(ZebraColour::Red) >= p.unknown(ZebraColour::Black));
        prop_assert_eq!(p.unknown(ZebraColour::Red), ur.max(ub));
        let (q, swapped) = parse_zebra_pattern(&format!("{r}.{ur}/{r}.{ub}")).unwrap();
        prop_assert_eq!(q, p);
        prop_assert_eq!(swapped, ub > ur);
        prop_assert_eq!(parse_zebra_pattern(&p.to_string()).unwrap(), (p, false));
        prop_assert!(ZEBRA_PATTERNS.contains(&p));
    }
}
