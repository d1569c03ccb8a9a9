//! The paper's easier game (its section 8.1): a pair is taken whenever its two cards are
//! turned one right after the other, even across two moves (the second card of one move
//! and the first card of the next).
//!
//! The card turned last therefore matters beyond its move. A decision comes before every
//! card, in an [`EasyState`]: `n` pairs on the table, `k` known single cards (seen, their
//! partners not yet, pairwise different), whether the card turned last is one of those
//! singles and still lies face up for the next card to complete ([`Last`]), and whether
//! the next card is the first or the second of its move ([`NextCard`]). A move is counted
//! when its first card is turned. Known pairs are taken at once (the second card of a
//! known pair is turned right after the first: one card for a pair whose other card was
//! just turned, as in the paper's Lemma 4.1), so they are not part of the state.
//!
//! The player may turn an unknown card, or a known single other than the last card (it
//! then becomes the last card: an unknown card turned next may complete it). With
//! `u = 2n - k` unknown cards and `s = 1` when the last card is a single (else 0), an
//! unknown card
//!
//! - completes the last card with probability `s/u`: the pair is taken;
//! - completes another known single with probability `(k - s)/u`: that single is turned
//!   next and the pair taken (a known pair is taken at once);
//! - is a new single with probability `2(n - k)/u`: `k + 1`, and it is the last card.
//!
//! Turning a known single leaves `n` and `k` as they are, with that card last. Within one
//! `(n, k)` the four states depend on each other only through that choice, which is solved
//! in closed form (see [`settle`]); everything else comes from `(n - 1, k - 1)` and
//! `(n, k + 1)`, so a row of `n` is filled from `k = n` down.
//!
//! Two independent evaluators: [`EasyMovesTable`] (`f64`, bottom up, what the game uses)
//! and [`easy_moves_exact`] (a plain memoised recursion in `BigRational`).

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

/// The card turned last, as the next card sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Last {
    /// Nothing to complete: the game starts, or the last card was taken.
    Taken,
    /// A known single whose partner is still unseen lies face up: the next card takes
    /// the pair if it is that partner.
    Single,
}

/// Which card of its move the next card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NextCard {
    /// The first: turning it starts (and counts) a move.
    First,
    /// The second: the move is already counted.
    Second,
}

impl NextCard {
    fn after(self) -> Self {
        match self {
            Self::First => Self::Second,
            Self::Second => Self::First,
        }
    }

    /// The moves that turning this card starts.
    fn cost(self) -> u32 {
        match self {
            Self::First => 1,
            Self::Second => 0,
        }
    }
}

/// A decision point of the easier game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EasyState {
    /// Pairs on the table.
    pub pairs: usize,
    /// Known single cards on the table (the last card included when it is one).
    pub known: usize,
    /// The card turned last.
    pub last: Last,
    /// Which card of its move comes next.
    pub next: NextCard,
}

impl EasyState {
    /// The start of a game of `pairs` pairs.
    #[must_use]
    pub fn start(pairs: usize) -> Self {
        Self {
            pairs,
            known: 0,
            last: Last::Taken,
            next: NextCard::First,
        }
    }

    /// Whether the state can arise: `k <= n`, and a last single is one of the `k`.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.known <= self.pairs && (self.last == Last::Taken || self.known >= 1)
    }

    /// Known singles the player may turn: all but the last card.
    fn turnable_known(&self) -> usize {
        self.known - usize::from(self.last == Last::Single)
    }
}

/// What the player does with the next card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EasyAction {
    /// Turn a card not seen before.
    Unknown,
    /// Turn a known single other than the last card.
    Known,
}

/// The chance outcomes of turning an unknown card in `s`, each with its probability as
/// `(numerator, denominator)`, the moves it costs and the state after (`None`: the
/// table is cleared).
fn unknown_outcomes(s: EasyState) -> Vec<(usize, usize, u32, Option<EasyState>)> {
    let (n, k) = (s.pairs, s.known);
    let u = 2 * n - k;
    let mut out = Vec::with_capacity(3);
    let taken = |next: NextCard| {
        (n > 1).then_some(EasyState {
            pairs: n - 1,
            known: k - 1,
            last: Last::Taken,
            next,
        })
    };
    let paid = s.next.cost();
    if s.last == Last::Single {
        out.push((1, u, paid, taken(s.next.after())));
    }
    let others = s.turnable_known();
    if others > 0 {
        // Its known partner is turned right after it: two cards.
        out.push((others, u, paid + s.next.after().cost(), taken(s.next)));
    }
    if n > k {
        let new = EasyState {
            pairs: n,
            known: k + 1,
            last: Last::Single,
            next: s.next.after(),
        };
        out.push((2 * (n - k), u, paid, Some(new)));
    }
    out
}

/// The state after turning a known single in `s`.
fn after_known(s: EasyState) -> EasyState {
    EasyState {
        last: Last::Single,
        next: s.next.after(),
        ..s
    }
}

/// The values of the four states of one `(n, k)` from the values `unknown` of turning
/// an unknown card in each (`None` where the state cannot arise), in the order
/// `[Taken/First, Taken/Second, Single/First, Single/Second]`.
///
/// Turning a known single leads to `Single` in the same `(n, k)`: from `Single/Second`
/// to `Single/First` at no cost, from `Single/First` to `Single/Second` at one move, and
/// likewise from `Taken`. So `v(SS) = min(U(SS), U(SF))` (going round costs a move),
/// `v(SF) = min(U(SF), 1 + v(SS))`, and each `Taken` state is the better of its unknown
/// card and the `Single` state a known card leads to.
fn settle<V: Clone + PartialOrd + std::ops::Add<Output = V>>(
    k: usize,
    unknown: [Option<V>; 4],
    one: &V,
) -> [Option<V>; 4] {
    let min = |a: V, b: Option<V>| match b {
        Some(b) if b < a => b,
        _ => a,
    };
    let [tf, ts, sf, ss] = unknown;
    let (ss, sf) = if k >= 2 {
        let (uf, us) = (sf.expect("k >= 1"), ss.expect("k >= 1"));
        let ss = min(us, Some(uf.clone()));
        let sf = min(uf, Some(one.clone() + ss.clone()));
        (Some(ss), Some(sf))
    } else {
        (ss, sf)
    };
    let via_known = |next: &Option<V>, cost: Option<&V>| {
        (k >= 1).then(|| {
            let v = next.clone().expect("k >= 1");
            match cost {
                Some(c) => c.clone() + v,
                None => v,
            }
        })
    };
    let tf = tf.map(|u| min(u, via_known(&ss, Some(one))));
    let ts = ts.map(|u| min(u, via_known(&sf, None)));
    [tf, ts, sf, ss]
}

/// The order of the four states of one `(n, k)` in [`settle`] and in the table.
fn slot(last: Last, next: NextCard) -> usize {
    match (last, next) {
        (Last::Taken, NextCard::First) => 0,
        (Last::Taken, NextCard::Second) => 1,
        (Last::Single, NextCard::First) => 2,
        (Last::Single, NextCard::Second) => 3,
    }
}

const SLOTS: [(Last, NextCard); 4] = [
    (Last::Taken, NextCard::First),
    (Last::Taken, NextCard::Second),
    (Last::Single, NextCard::First),
    (Last::Single, NextCard::Second),
];

/// The expected further moves of optimal play in the easier game, in `f64`, for every
/// state up to `max_n` pairs (four values per `(n, k)`).
#[derive(Debug, Clone)]
pub struct EasyMovesTable {
    max_n: usize,
    /// `values[(n(n+1)/2 + k) * 4 + slot]`.
    values: Vec<f64>,
}

fn index(n: usize, k: usize, last: Last, next: NextCard) -> usize {
    (n * (n + 1) / 2 + k) * 4 + slot(last, next)
}

impl EasyMovesTable {
    /// Every state up to `max_n` pairs (60 pairs: well under a millisecond in a release
    /// build).
    #[must_use]
    pub fn new(max_n: usize) -> Self {
        let mut table = Self {
            max_n,
            values: vec![f64::NAN; (max_n + 1) * (max_n + 2) / 2 * 4],
        };
        for slot in 0..4 {
            table.values[slot] = 0.0;
        }
        for n in 1..=max_n {
            for k in (0..=n).rev() {
                let unknown = SLOTS.map(|(last, next)| {
                    let s = EasyState {
                        pairs: n,
                        known: k,
                        last,
                        next,
                    };
                    s.is_valid().then(|| table.unknown_value(s))
                });
                let settled = settle(k, unknown, &1.0);
                for (i, (last, next)) in SLOTS.into_iter().enumerate() {
                    if let Some(v) = settled[i] {
                        table.values[index(n, k, last, next)] = v;
                    }
                }
            }
        }
        table
    }

    /// Largest number of pairs in the table.
    #[must_use]
    pub fn max_n(&self) -> usize {
        self.max_n
    }

    /// Expected further moves (a move counted when its first card is turned) under
    /// optimal play from `s`; `NaN` beyond the table or for a state that cannot arise.
    #[must_use]
    pub fn get(&self, s: EasyState) -> f64 {
        if s.pairs > self.max_n || !s.is_valid() {
            return f64::NAN;
        }
        self.values[index(s.pairs, s.known, s.last, s.next)]
    }

    fn unknown_value(&self, s: EasyState) -> f64 {
        unknown_outcomes(s)
            .into_iter()
            .map(|(p, q, cost, after)| {
                let rest = after.map_or(0.0, |a| self.get(a));
                p as f64 / q as f64 * (f64::from(cost) + rest)
            })
            .sum::<f64>()
    }

    /// Every action in `s` with its expected further moves, counting a move the action
    /// starts; empty for a state that cannot arise or a cleared table.
    #[must_use]
    pub fn actions(&self, s: EasyState) -> Vec<(EasyAction, f64)> {
        if s.pairs == 0 || s.pairs > self.max_n || !s.is_valid() {
            return Vec::new();
        }
        let mut out = vec![(EasyAction::Unknown, self.unknown_value(s))];
        if s.turnable_known() > 0 {
            let v = f64::from(s.next.cost()) + self.get(after_known(s));
            out.push((EasyAction::Known, v));
        }
        out
    }
}

/// The most moves the optimal player (an unknown card every time: never worse in any
/// state, see the tests) needs on any deal of `pairs` pairs in the easier game: the
/// largest cost over every chance outcome.
#[must_use]
pub fn easy_worst_case(pairs: usize) -> u32 {
    fn worst(s: EasyState, memo: &mut HashMap<EasyState, u32>) -> u32 {
        if s.pairs == 0 {
            return 0;
        }
        if let Some(&w) = memo.get(&s) {
            return w;
        }
        let w = unknown_outcomes(s)
            .into_iter()
            .map(|(_, _, cost, after)| cost + after.map_or(0, |a| worst(a, memo)))
            .max()
            .unwrap_or(0);
        memo.insert(s, w);
        w
    }
    worst(EasyState::start(pairs), &mut HashMap::new())
}

/// Exact expected further moves of optimal play from `s` in the easier game, by a plain
/// memoised recursion in fractions, apart from [`EasyMovesTable`]: the same model, but
/// the known cards turned before an unknown one are tried one plan at a time rather than
/// settled in closed form.
///
/// # Panics
/// If `s` cannot arise.
#[must_use]
pub fn easy_moves_exact(s: EasyState) -> BigRational {
    assert!(s.is_valid(), "no such state: {s:?}");
    exact(s, &mut HashMap::new())
}

fn exact(s: EasyState, memo: &mut HashMap<EasyState, BigRational>) -> BigRational {
    if s.pairs == 0 {
        return BigRational::zero();
    }
    if let Some(v) = memo.get(&s) {
        return v.clone();
    }
    // A plan turns `j` known singles, then an unknown card. Every known card lands in a
    // `Single` state of this (n, k), so a third one would repeat the first's state with
    // at least one more move started: `j` is 0, 1 or 2.
    let mut best = exact_unknown(s, memo);
    let (mut at, mut paid) = (s, 0);
    for _ in 0..2 {
        if at.turnable_known() == 0 {
            break;
        }
        paid += at.next.cost();
        at = after_known(at);
        let v = BigRational::from_integer(BigInt::from(paid)) + exact_unknown(at, memo);
        if v < best {
            best = v;
        }
    }
    memo.insert(s, best.clone());
    best
}

/// The exact value of turning an unknown card in `s`.
fn exact_unknown(s: EasyState, memo: &mut HashMap<EasyState, BigRational>) -> BigRational {
    let mut v = BigRational::zero();
    for (p, q, cost, after) in unknown_outcomes(s) {
        let rest = after.map_or_else(BigRational::zero, |a| exact(a, memo));
        v += BigRational::new(BigInt::from(p), BigInt::from(q))
            * (BigRational::from_integer(BigInt::from(cost)) + rest);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    fn every_state(max_n: usize) -> impl Iterator<Item = EasyState> {
        (1..=max_n).flat_map(|n| {
            (0..=n).flat_map(move |k| {
                SLOTS.into_iter().filter_map(move |(last, next)| {
                    let s = EasyState {
                        pairs: n,
                        known: k,
                        last,
                        next,
                    };
                    s.is_valid().then_some(s)
                })
            })
        })
    }

    #[test]
    fn the_table_agrees_with_the_exact_recursion_in_every_state() {
        let table = EasyMovesTable::new(14);
        let mut memo = HashMap::new();
        let mut states = 0;
        for s in every_state(14) {
            let exact = exact(s, &mut memo).to_f64().unwrap();
            let fast = table.get(s);
            assert!(
                (exact - fast).abs() <= 1e-12 * exact.max(1.0),
                "{s:?}: exact {exact}, table {fast}"
            );
            let best = table
                .actions(s)
                .into_iter()
                .map(|(_, v)| v)
                .fold(f64::INFINITY, f64::min);
            assert!((best - fast).abs() <= 1e-12 * fast.max(1.0), "{s:?}");
            states += 1;
        }
        // Four states per (n, k) but the two `Single` ones at k = 0.
        assert_eq!(states, (1..=14).map(|n| 4 * (n + 1) - 2).sum::<usize>());
    }

    #[test]
    fn small_games_by_hand() {
        let q = |t: &str| t.parse::<BigRational>().unwrap();
        // One pair: one move.
        assert_eq!(easy_moves_exact(EasyState::start(1)), q("1"));
        // The last card face up with its partner the only unknown card: the next card
        // takes it, within the move already counted or as the first of the next.
        let last = EasyState {
            pairs: 1,
            known: 1,
            last: Last::Single,
            next: NextCard::Second,
        };
        assert_eq!(easy_moves_exact(last), q("0"));
        let next_move = EasyState {
            next: NextCard::First,
            ..last
        };
        assert_eq!(easy_moves_exact(next_move), q("1"));
        // Two pairs: the first move turns A and A' (1/3: two moves) or A and B (2/3).
        // Then either card of the next move takes a pair (B' across the moves, or A'
        // with A turned second) and the other pair needs a third move: 8/3, the
        // standard game's value, since two pairs leave nothing to gain.
        assert_eq!(easy_moves_exact(EasyState::start(2)), q("8/3"));
    }

    #[test]
    fn an_unknown_card_is_always_a_best_move() {
        // Turning a known single first gives up the last card's chance (or, with nothing
        // face up, only moves the same chance to a card turned later): in no state up to
        // 60 pairs is it better than an unknown card.
        let table = EasyMovesTable::new(60);
        for s in every_state(60) {
            let actions = table.actions(s);
            let unknown = actions[0];
            assert_eq!(unknown.0, EasyAction::Unknown);
            for (a, v) in &actions[1..] {
                assert!(*v >= unknown.1 - 1e-9, "{s:?}: {a:?} {v} < {}", unknown.1);
            }
        }
    }

    #[test]
    fn the_worst_deal_needs_half_again_as_many_moves() {
        // One pair: one move. Two: A B, A' (then A again), B' B: three moves.
        assert_eq!(easy_worst_case(1), 1);
        assert_eq!(easy_worst_case(2), 3);
        for n in 1..=30 {
            let w = easy_worst_case(n);
            assert!(f64::from(w) >= EasyMovesTable::new(n).get(EasyState::start(n)));
            // Every pair costs at most three cards, the first of them its first sight.
            assert!(w as usize <= (3 * n).div_ceil(2), "{n}: {w}");
        }
    }

    #[test]
    fn out_of_range_is_nan_and_actionless() {
        let table = EasyMovesTable::new(3);
        assert!(table.get(EasyState::start(4)).is_nan());
        assert!(table.actions(EasyState::start(4)).is_empty());
        assert_eq!(table.get(EasyState::start(0)), 0.0);
    }
}
