//! The exact solver for 2 to 6 seats under `own-pairs` (`docs/variants.md`, "Three or more
//! players"): every player maximises their own expected future pairs.
//!
//! A state's value is a vector relative to the mover: `v[0]` the mover's expected
//! future pairs, `v[1]` those of the next to move, …, `v[m−1]` those of the one who
//! moved just before. Taking a pair adds one to `v[0]` (the mover goes again); any
//! other turn hands the move on, so the successor's vector `W` (relative to its own
//! mover, the next seat) is rotated: `v = (W[m−1], W[0], …, W[m−2])`.
//!
//! The mover takes the action with the largest `v[0]`; among equal `v[0]` (within
//! [`crate::solver::TIE_EPSILON`] for `f64`, exactly for `BigRational`) the first in the
//! decision rule's order, and the state takes that action's *whole* vector, so a tie
//! changes what the others get. The order: at the turn start a card of a known pair,
//! then `unknown`, then another known card; after the first card `match`, then
//! `unknown`, then a known card; within one kind, patterns as [`super::patterns`] lists
//! them (R descending, then U descending). No action is left out as dominated: one that
//! is never better for the mover can still win a tie and decide the others' shares.
//!
//! Under `agreed` the state also holds `k`, the passes in a row just before this turn
//! (`0..m`); a pass after `m−1` passes ends the game, the remaining pairs going to
//! nobody. Each card state is solved once for every `k` (from `m−1` down, since a pass
//! leads to `k+1` in the same card state) and only turn-start vectors are stored; the
//! decision points after the first card are recomputed from the successors when asked.

use rustc_hash::FxHashMap;
use thiserror::Error;

mod turn;

use turn::{Second, Turn};

use super::card_key::{self, GONE};
use super::position::{Pattern, Position, patterns};
use super::scalar::Scalar;
use super::search::{Action, FirstCard};
use crate::rules::PassRule;
use crate::seats::{MAX_SEATS, MIN_SEATS};

/// Where a question to the seats solver stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SeatsState {
    /// Card state before this turn's first flip.
    pub position: Position,
    /// Passes in a row just before this turn (`0..seats`; always 0 under `none`).
    pub passes: u8,
    /// `None` at the turn start, else the first card of the turn.
    pub first: Option<FirstCard>,
}

/// Why the seats solver refused a game or a question.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SeatsSolveError {
    /// A number of seats outside `2..=6`.
    #[error("own-pairs is solved for {MIN_SEATS} to {MAX_SEATS} players, not {0}")]
    Seats(usize),
    /// A pass rule other than `none` and `agreed`.
    #[error("pass rule '{0}' is not defined for own-pairs: use none or agreed")]
    PassRule(PassRule),
    /// More passes in a row than the rule allows before a turn.
    #[error("{given} passes in a row cannot come before a turn: {}", passes_range(*.rule, *.seats))]
    Passes {
        /// Passes given.
        given: u8,
        /// The pass rule.
        rule: PassRule,
        /// Seats at the table.
        seats: usize,
    },
    /// The first card's pattern is not on the table.
    #[error("no label in pattern {0} can be the first card here")]
    NoSuchFirst(Pattern),
    /// Nothing on the table: no decision to make.
    #[error("the table is empty")]
    Empty,
    /// A position for a deck with another number of cards per label.
    #[error("the position has {0} cards per label, the solver {1}")]
    OtherDeck(u8, u8),
    /// More labels than the solver's keys can count.
    #[error("too large to solve: {0} labels")]
    TooManyLabels(u64),
}

fn passes_range(rule: PassRule, seats: usize) -> String {
    if rule == PassRule::None {
        "passing is not allowed under 'none'".to_owned()
    } else {
        format!("at most {} with {seats} players", seats - 1)
    }
}

/// A solved card state's entry that stands for the empty table (all zeros).
const EMPTY: u32 = u32::MAX;
/// A transition that cannot happen (e.g. revealing a pattern with no unknown card).
const NONE: u32 = u32::MAX - 1;

/// Per-pattern transitions, by index in [`patterns`].
#[derive(Debug, Clone)]
struct Transitions {
    list: Vec<Pattern>,
    /// `R.U -> R.(U-1)`: one card turned.
    reveal: Vec<u32>,
    /// `R.U -> (R-2).U`: two known cards taken.
    take_known: Vec<u32>,
    /// `R.U -> (R-2).(U-1)`: an unknown card and a known one taken.
    take_one_unknown: Vec<u32>,
    /// `R.U -> (R-2).(U-2)`: two unknown cards taken.
    take_two_unknown: Vec<u32>,
}

impl Transitions {
    fn new(copies: u8) -> Self {
        let list = patterns(copies);
        let to = |r: i32, u: i32| -> u32 {
            if u < 0 || u > r {
                NONE
            } else if r == 0 {
                GONE
            } else {
                list.iter()
                    .position(|p| i32::from(p.on_table) == r && i32::from(p.unknown) == u)
                    .map_or(NONE, |i| u32::try_from(i).expect("few patterns"))
            }
        };
        let map = |f: &dyn Fn(i32, i32) -> (i32, i32)| -> Vec<u32> {
            list.iter()
                .map(|p| {
                    let (r, u) = f(i32::from(p.on_table), i32::from(p.unknown));
                    to(r, u)
                })
                .collect()
        };
        Self {
            reveal: map(&|r, u| (r, u - 1)),
            take_known: map(&|r, u| (r - 2, u)),
            take_one_unknown: map(&|r, u| (r - 2, u - 1)),
            take_two_unknown: map(&|r, u| (r - 2, u - 2)),
            list,
        }
    }
}

/// The solved successor card states of one card state (entries, [`EMPTY`] for an empty
/// table, [`NONE`] where the transition cannot happen).
#[derive(Debug, Clone)]
struct Successors {
    after_reveal: Vec<u32>,
    take_known: Vec<u32>,
    take_one_unknown: Vec<u32>,
    take_two_unknown: Vec<u32>,
    /// `n * n`: one card of a label in pattern `a`, then one of another label in `b`.
    reveal_two: Vec<u32>,
}

/// Values of every state reachable from the positions asked about, for `seats` players
/// playing `own-pairs` under `none` or `agreed`.
///
/// [`Self::value`], [`Self::actions`] and [`Self::chosen`] answer with a `Result`: a
/// question can be bad (another deck, passes out of range, a first card not on the
/// table, an empty table).
///
/// ```
/// use concentration_engine::rules::{Deck, PassRule};
/// use concentration_engine::solver::{Position, SeatsSolver, SeatsState};
///
/// let deck = Deck::parse("3x4").unwrap();
/// let mut solver: SeatsSolver = SeatsSolver::new(4, 3, PassRule::None).unwrap();
/// let start = SeatsState { position: Position::start(&deck), passes: 0, first: None };
/// let v = solver.value(&start).unwrap();
/// assert!((v.iter().sum::<f64>() - 6.0).abs() < 1e-9); // every pair goes to someone
/// ```
#[derive(Debug, Clone)]
pub struct SeatsSolver<V: Scalar = f64> {
    seats: usize,
    pass_rule: PassRule,
    copies: u8,
    table: Transitions,
    /// Bits per pattern count in a card state's key.
    width: u32,
    /// Turn-start vectors stored per card state: one per `k` under `agreed`, else one.
    layers: usize,
    index: FxHashMap<u128, u32>,
    /// Entry `e`'s vectors are `values[e * layers * seats ..][.. layers * seats]`, the
    /// vector for `k` passes at `k * seats`.
    values: Vec<V>,
    /// The empty table's vector.
    zeros: Vec<V>,
}

impl<V: Scalar> SeatsSolver<V> {
    /// A solver for decks with `copies` cards per label, `seats` players (2 to 6) and
    /// `pass_rule` (`none` or `agreed`). Nothing is solved until a state is asked about.
    ///
    /// # Errors
    /// Seats outside `2..=6`, or a pass rule other than `none` and `agreed`.
    pub fn new(copies: u8, seats: usize, pass_rule: PassRule) -> Result<Self, SeatsSolveError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SeatsSolveError::Seats(seats));
        }
        if !matches!(pass_rule, PassRule::None | PassRule::Agreed) {
            return Err(SeatsSolveError::PassRule(pass_rule));
        }
        let table = Transitions::new(copies);
        let width = (128 / u32::try_from(table.list.len()).expect("few patterns")).min(32);
        Ok(Self {
            seats,
            pass_rule,
            copies,
            table,
            width,
            layers: if pass_rule == PassRule::Agreed {
                seats
            } else {
                1
            },
            index: FxHashMap::default(),
            values: Vec::new(),
            zeros: vec![V::zero(); seats],
        })
    }

    /// Players at the table.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The pass rule.
    #[must_use]
    pub fn pass_rule(&self) -> PassRule {
        self.pass_rule
    }

    /// Card states solved so far.
    #[must_use]
    pub fn card_states(&self) -> usize {
        self.index.len()
    }

    /// Turn-start states (card state and passes in a row) solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.index.len() * self.layers
    }

    /// The vector of the action the decision rule plays in `state`.
    ///
    /// # Errors
    /// As [`Self::actions`].
    pub fn value(&mut self, state: &SeatsState) -> Result<Vec<V>, SeatsSolveError> {
        let actions = self.actions(state)?;
        let i = chosen_index(actions.iter().map(|(_, v)| v.as_slice()));
        Ok(actions.into_iter().nth(i).expect("an action exists").1)
    }

    /// The action the decision rule plays in `state`.
    ///
    /// # Errors
    /// As [`Self::actions`].
    pub fn chosen(&mut self, state: &SeatsState) -> Result<Action, SeatsSolveError> {
        let actions = self.actions(state)?;
        Ok(actions[chosen_index(actions.iter().map(|(_, v)| v.as_slice()))].0)
    }

    /// Every legal action in `state` with its vector (relative to the mover), in the
    /// decision rule's order. The vector of `known R.U` at the turn start is that of the
    /// second card chosen after it; every `known R.U` second card is listed, all with the
    /// same vector.
    ///
    /// # Errors
    /// An empty table, a position for another deck or with too many labels, passes out
    /// of range for the rule and seats, or a first card not on the table.
    pub fn actions(
        &mut self,
        state: &SeatsState,
    ) -> Result<Vec<(Action, Vec<V>)>, SeatsSolveError> {
        let position = &state.position;
        if position.copies() != self.copies {
            return Err(SeatsSolveError::OtherDeck(position.copies(), self.copies));
        }
        if position.pairs() == 0 {
            return Err(SeatsSolveError::Empty);
        }
        if position.labels() >= 1u64 << self.width.min(63) {
            return Err(SeatsSolveError::TooManyLabels(position.labels()));
        }
        if usize::from(state.passes) >= self.layers {
            return Err(SeatsSolveError::Passes {
                given: state.passes,
                rule: self.pass_rule,
                seats: self.seats,
            });
        }
        let key = self.key_of(position);
        let own = self.ensure(key);
        let counts = self.unpack(key);
        let succ = self.successors(key, &counts);
        let turn = Turn::new(self, &counts, &succ);
        let k = usize::from(state.passes);
        let pass = turn.pass_vector(k, |k| self.stored(own, k).to_vec());
        let mut out = Vec::new();
        match state.first {
            None => turn.turn_start(pass.as_deref(), &mut |a, v| out.push((a, v))),
            Some(first) => {
                let (held, pattern) = match first {
                    FirstCard::Revealed(p) => (false, p),
                    FirstCard::Held(p) => (true, p),
                };
                let a = self
                    .table
                    .list
                    .iter()
                    .position(|&q| q == pattern)
                    .filter(|&a| {
                        counts[a] > 0
                            && if held {
                                pattern.known() > 0
                            } else {
                                pattern.unknown > 0
                            }
                    })
                    .ok_or(SeatsSolveError::NoSuchFirst(pattern))?;
                let mut push = |second: Second, v: Vec<V>| match second {
                    Second::Match => out.push((Action::Match, v)),
                    Second::Unknown => out.push((Action::Unknown, v)),
                    Second::KnownOther => {
                        for q in turn.other_known_patterns(a) {
                            out.push((Action::Known(self.table.list[q]), v.clone()));
                        }
                    }
                };
                if held {
                    turn.second_held(a, pass.as_deref(), &mut push);
                } else {
                    turn.second_revealed(a, &mut push);
                }
            }
        }
        Ok(out)
    }

    /// The turn-start vector of a solved card state after `k` passes in a row.
    fn stored(&self, entry: u32, k: usize) -> &[V] {
        if entry == EMPTY {
            return &self.zeros;
        }
        let m = self.seats;
        let start = (entry as usize * self.layers + k) * m;
        &self.values[start..start + m]
    }

    fn key_of(&self, position: &Position) -> u128 {
        card_key::pack(position.counts(), self.width)
    }

    fn unpack(&self, key: u128) -> card_key::Counts {
        card_key::unpack(key, self.width, self.table.list.len())
    }

    /// `key` with one label moved from pattern `from` to `to` ([`GONE`]: off the table).
    fn moved(&self, key: u128, from: usize, to: u32) -> u128 {
        card_key::moved(key, self.width, from, to)
    }

    /// Solves a card state (every `k`) and everything below it; returns its entry.
    fn ensure(&mut self, key: u128) -> u32 {
        if key == 0 {
            return EMPTY;
        }
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let counts = self.unpack(key);
        let succ = self.successors(key, &counts);
        let solved = Turn::new(self, &counts, &succ).solve(self.layers);
        let id = u32::try_from(self.index.len()).expect("fewer than 4e9 card states");
        self.values.extend(solved);
        self.index.insert(key, id);
        id
    }

    /// Solves (where needed) and resolves every successor card state of `key`.
    fn successors(&mut self, key: u128, counts: &[u64]) -> Successors {
        let n = counts.len();
        let mut s = Successors {
            after_reveal: vec![NONE; n],
            take_known: vec![NONE; n],
            take_one_unknown: vec![NONE; n],
            take_two_unknown: vec![NONE; n],
            reveal_two: vec![NONE; n * n],
        };
        for a in 0..n {
            if counts[a] == 0 {
                continue;
            }
            let t = &self.table;
            let (reveal, known, one, two) = (
                t.reveal[a],
                t.take_known[a],
                t.take_one_unknown[a],
                t.take_two_unknown[a],
            );
            let mut go = |to: u32| {
                if to == NONE {
                    NONE
                } else {
                    let k = self.moved(key, a, to);
                    self.ensure(k)
                }
            };
            s.after_reveal[a] = go(reveal);
            s.take_known[a] = go(known);
            s.take_one_unknown[a] = go(one);
            s.take_two_unknown[a] = go(two);
            if reveal == NONE {
                continue;
            }
            let once = self.moved(key, a, reveal);
            for (b, &count) in counts.iter().enumerate().skip(a) {
                let others = count - u64::from(a == b);
                let to = self.table.reveal[b];
                if others == 0 || to == NONE {
                    continue;
                }
                let id = self.ensure(self.moved(once, b, to));
                s.reveal_two[a * n + b] = id;
                s.reveal_two[b * n + a] = id;
            }
        }
        s
    }
}

/// The index of the action the decision rule plays among vectors listed in its order:
/// the first whose `v[0]` ties the largest.
///
/// # Panics
/// If there is no vector.
#[must_use]
pub fn chosen_index<'a, V: Scalar + 'a>(vectors: impl Iterator<Item = &'a [V]> + Clone) -> usize {
    let top = vectors
        .clone()
        .map(|v| &v[0])
        .fold(None::<&V>, |best, x| match best {
            Some(b) if *b >= *x => Some(b),
            _ => Some(x),
        })
        .expect("an action exists");
    vectors
        .into_iter()
        .position(|v| v[0].ties(top))
        .expect("the largest is among them")
}

/// A rough count of the values a solve from `root` stores for `seats` players under
/// `pass_rule` (card states with at most as many labels, times vectors per card state,
/// times their length), to refuse hopeless requests early.
#[must_use]
pub fn estimate_seats_values(root: &Position, seats: usize, pass_rule: PassRule) -> f64 {
    let p = patterns(root.copies()).len();
    let labels = root.labels() as f64;
    let mut card_states = 1.0;
    for i in 1..=p {
        card_states *= (labels + i as f64) / i as f64;
    }
    let layers = if pass_rule == PassRule::Agreed {
        seats
    } else {
        1
    };
    let per_state = (layers * seats) as f64;
    card_states * per_state
}
