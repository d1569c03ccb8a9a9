//! The brute force over concrete cards: each side is its cards by position, gone, unseen,
//! or seen with its label; every card on the table is a choice; an unseen card shows
//! each label the side has not shown yet with equal chance. Its values (seat 0's, seat 0
//! maximising) are compared with the pile solver's at every decision point reached.

use std::collections::HashMap;

use concentration::rules::{Objective, PassRule, Taker};
use concentration::solver::two_decks::{DuelFirst, DuelPosition, DuelSolver, DuelState, Seen};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

/// A card of a side by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Card {
    Gone,
    Unseen,
    Seen(u8),
}

/// Both sides' cards, the labels taken (in order), whose lead it is, seat 0's pairs
/// ahead, the pass flag.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Table {
    sides: [Vec<Card>; 2],
    taken: Vec<u8>,
    leader: usize,
    lead: i64,
    after_pass: bool,
}

struct Brute {
    objective: Objective,
    pass_rule: PassRule,
    taker: Taker,
    pairs: u8,
    memo: HashMap<Table, Q>,
    solver: DuelSolver<Q>,
    checked: usize,
}

/// Checks every decision point of a duel of `pairs` labels; returns how many.
pub(super) fn check(objective: Objective, pass_rule: PassRule, taker: Taker, pairs: u8) -> usize {
    let mut brute = Brute {
        objective,
        pass_rule,
        taker,
        pairs,
        memo: HashMap::new(),
        solver: DuelSolver::new(objective, pass_rule, taker),
        checked: 0,
    };
    brute
        .solver
        .value(&DuelState::start(u32::from(pairs)))
        .unwrap();
    let table = Table {
        sides: [
            vec![Card::Unseen; usize::from(pairs)],
            vec![Card::Unseen; usize::from(pairs)],
        ],
        taken: Vec::new(),
        leader: 0,
        lead: 0,
        after_pass: false,
    };
    brute.start(&table);
    brute.checked
}

fn ratio(n: i64, d: i64) -> Q {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

impl Brute {
    fn ended(&self, lead: i64) -> Q {
        match self.objective {
            Objective::Win if lead > 0 => Q::one(),
            Objective::Win if lead == 0 => ratio(1, 2),
            _ => Q::zero(),
        }
    }

    /// A value for seat 0 as `seat`'s.
    fn for_seat(&self, seat: usize, v: Q) -> Q {
        match (seat, self.objective) {
            (0, _) => v,
            (_, Objective::Win) => Q::one() - v,
            _ => -v,
        }
    }

    fn better(seat: usize, a: Q, b: Q) -> Q {
        if (seat == 0) == (a > b) { a } else { b }
    }

    /// The labels still on the table (both sides hold the same ones).
    fn left(&self, table: &Table) -> Vec<u8> {
        (0..self.pairs)
            .filter(|l| !table.taken.contains(l))
            .collect()
    }

    /// The labels side `s` has on the table and has not shown.
    fn unseen_labels(&self, table: &Table, s: usize) -> Vec<u8> {
        self.left(table)
            .into_iter()
            .filter(|l| !table.sides[s].contains(&Card::Seen(*l)))
            .collect()
    }

    /// The piles from the leader's side.
    fn piles(&self, table: &Table) -> DuelPosition {
        let (l, a) = (table.leader, 1 - table.leader);
        let mut p = DuelPosition::default();
        for label in self.left(table) {
            let by_leader = table.sides[l].contains(&Card::Seen(label));
            let by_answerer = table.sides[a].contains(&Card::Seen(label));
            match (by_leader, by_answerer) {
                (false, false) => p.neither += 1,
                (true, false) => p.leader += 1,
                (false, true) => p.answerer += 1,
                (true, true) => p.both += 1,
            }
        }
        p
    }

    fn state(&self, table: &Table, first: Option<DuelFirst>) -> DuelState {
        DuelState {
            position: self.piles(table),
            diff: if table.leader == 0 {
                table.lead
            } else {
                -table.lead
            },
            after_pass: table.after_pass,
            first,
        }
    }

    /// Seat 0's value of a turn start, checked against the solver's.
    fn start(&mut self, table: &Table) -> Q {
        if table.sides[0].iter().all(|&c| c == Card::Gone) {
            return self.ended(table.lead);
        }
        if let Some(v) = self.memo.get(table) {
            return v.clone();
        }
        let leader = table.leader;
        let mut best: Option<Q> = None;
        for i in 0..table.sides[leader].len() {
            let card = table.sides[leader][i];
            let outcomes: Vec<(u8, bool)> = match card {
                Card::Gone => continue,
                Card::Seen(l) => vec![(l, true)],
                Card::Unseen => self
                    .unseen_labels(table, leader)
                    .into_iter()
                    .map(|l| (l, false))
                    .collect(),
            };
            let mut sum = Q::zero();
            for &(label, held) in &outcomes {
                let seen_by_answerer = table.sides[1 - leader].contains(&Card::Seen(label));
                let first = match (held, seen_by_answerer) {
                    (false, false) => DuelFirst::Revealed(Seen::Neither),
                    (false, true) => DuelFirst::Revealed(Seen::Answerer),
                    (true, false) => DuelFirst::Held(Seen::Leader),
                    (true, true) => DuelFirst::Held(Seen::Both),
                };
                let mut shown = table.clone();
                shown.sides[leader][i] = Card::Seen(label);
                let v = self.answer(table, &shown, label, held, first);
                sum += v;
            }
            let v = sum / ratio(outcomes.len() as i64, 1);
            best = Some(match best {
                None => v,
                Some(b) => Self::better(leader, b, v),
            });
        }
        let v = best.expect("a card to lead");
        let expected = self.solver.value(&self.state(table, None)).unwrap();
        assert_eq!(self.for_seat(leader, v.clone()), expected, "{table:?}");
        self.checked += 1;
        self.memo.insert(table.clone(), v.clone());
        v
    }

    /// Seat 0's value once the leader's card (`label`, seen before: `held`) is shown on
    /// `shown`, the turn having begun at `table`; checked against the solver's.
    fn answer(
        &mut self,
        table: &Table,
        shown: &Table,
        label: u8,
        held: bool,
        first: DuelFirst,
    ) -> Q {
        let (leader, answerer) = (table.leader, 1 - table.leader);
        let mut best: Option<Q> = None;
        for j in 0..shown.sides[answerer].len() {
            let card = shown.sides[answerer][j];
            let outcomes: Vec<(u8, bool)> = match card {
                Card::Gone => continue,
                Card::Seen(l) => vec![(l, true)],
                Card::Unseen => self
                    .unseen_labels(shown, answerer)
                    .into_iter()
                    .map(|l| (l, false))
                    .collect(),
            };
            let mut sum = Q::zero();
            let mut legal = true;
            for &(other, known) in &outcomes {
                let mut next = shown.clone();
                next.leader = answerer;
                next.after_pass = false;
                if other == label {
                    let i = next.sides[leader]
                        .iter()
                        .position(|&c| c == Card::Seen(label))
                        .unwrap();
                    next.sides[leader][i] = Card::Gone;
                    next.sides[answerer][j] = Card::Gone;
                    next.taken.push(label);
                    next.taken.sort_unstable();
                    let taker = match self.taker {
                        Taker::Answerer => answerer,
                        Taker::Leader => leader,
                    };
                    let sign = if taker == 0 { 1 } else { -1 };
                    next.lead += sign;
                    let v = self.start(&next);
                    sum += match self.objective {
                        Objective::Margin => v + ratio(sign, 1),
                        _ => v,
                    };
                    continue;
                }
                next.sides[answerer][j] = Card::Seen(other);
                if !(held && known) {
                    sum += self.start(&next);
                    continue;
                }
                // A pass: two cards seen before, no pair.
                match (self.pass_rule, table.after_pass) {
                    (PassRule::Agreed, true) | (PassRule::Quit, _) => sum += self.ended(table.lead),
                    (PassRule::Withdraw, _) => sum += ratio(1, 2),
                    (PassRule::Agreed | PassRule::Ko, false) => {
                        next.after_pass = true;
                        sum += self.start(&next);
                    }
                    _ => legal = false,
                }
            }
            if !legal {
                continue;
            }
            let v = sum / ratio(outcomes.len() as i64, 1);
            best = Some(match best {
                None => v,
                Some(b) => Self::better(answerer, b, v),
            });
        }
        let v = best.expect("a legal answer");
        let expected = self.solver.value(&self.state(table, Some(first))).unwrap();
        assert_eq!(
            self.for_seat(answerer, v.clone()),
            expected,
            "{table:?} {first:?}"
        );
        self.checked += 1;
        v
    }
}
