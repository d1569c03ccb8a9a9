//! The memoised recursion of the jokers solver: a card state is the count of labels in
//! each *kind* (a rank's pattern, or the joker's), packed four bits a kind into a key.

use rustc_hash::FxHashMap;

mod eval;

use eval::Eval;

use super::{
    Class, JOKER_POINTS, JokersAction, JokersError, JokersFirst, JokersPosition, JokersState,
    MAX_JOKERS_RANKS,
};
use crate::rules::{Objective, PassRule, Variant, check_combination};
use crate::solver::position::{Pattern, patterns};
use crate::solver::scalar::Scalar;

/// The ranks' eight patterns, then the joker's three.
const KINDS: usize = 11;
const RANK_KINDS: usize = 8;
const BITS: u32 = 4;

/// One kind of label: its pattern, its points, and where a label of it goes.
#[derive(Debug, Clone, Copy)]
struct Kind {
    pattern: Pattern,
    points: i64,
    /// One of its unknown cards turned.
    reveal: Option<usize>,
    /// A pair of two known cards taken (`None` also when it leaves the table).
    take_known: Option<usize>,
    /// A pair of one known and one unknown card taken.
    take_one: Option<usize>,
}

fn kinds(joker_points: i64) -> [Kind; KINDS] {
    let ranks = patterns(4);
    let jokers = patterns(2);
    let list: Vec<(Pattern, bool)> = ranks
        .iter()
        .map(|&p| (p, false))
        .chain(jokers.iter().map(|&p| (p, true)))
        .collect();
    let find = |p: Pattern, joker: bool| {
        list.iter()
            .position(|&(q, j)| q == p && j == joker)
            .expect("a kind")
    };
    let kind = |(p, joker): (Pattern, bool)| Kind {
        pattern: p,
        points: if joker { joker_points } else { 1 },
        reveal: (p.unknown > 0).then(|| find(p.revealed(), joker)),
        take_known: (p.known() >= 2)
            .then(|| p.taken(0).map(|q| find(q, joker)))
            .flatten(),
        take_one: (p.unknown > 0 && p.known() >= 1)
            .then(|| p.taken(1).map(|q| find(q, joker)))
            .flatten(),
    };
    std::array::from_fn(|i| kind(list[i]))
}

type Counts = [u8; KINDS];

fn pack(c: &Counts) -> u64 {
    c.iter()
        .enumerate()
        .fold(0, |k, (i, &n)| k | (u64::from(n) << (BITS * i as u32)))
}

fn unpack(key: u64) -> Counts {
    std::array::from_fn(|i| ((key >> (BITS * i as u32)) & 0xf) as u8)
}

/// The counts with one label of kind `from` moved to `to` (`None`: gone).
fn moved(c: &Counts, from: usize, to: Option<usize>) -> Counts {
    let mut c = *c;
    c[from] -= 1;
    if let Some(t) = to {
        c[t] += 1;
    }
    c
}

/// Where the turn stands once its first card is face up: the card state with that card
/// counted known, and the kind of its label there.
#[derive(Debug, Clone, Copy)]
struct Opened {
    counts: Counts,
    kind: usize,
    /// Whether the first card was unknown (then a known second card is no pass).
    revealed: bool,
}

/// Solved values of every card state reachable from a root.
#[derive(Debug, Clone)]
pub struct JokersSolver<V: Scalar = f64> {
    objective: Objective,
    pass_rule: PassRule,
    /// Whether a pair taken passes the turn (One Flip).
    one_flip: bool,
    kinds: [Kind; KINDS],
    /// The root's lead and points: a card state with `p` points left is reached with
    /// leads of at most `base + root_points - p` either way.
    base: i64,
    root_points: i64,
    /// Per card state: the turn-start layer then the after-pass layer, each the leads
    /// `-bound..=bound` (one value under `margin`).
    memo: FxHashMap<u64, Vec<V>>,
}

impl<V: Scalar> JokersSolver<V> {
    /// A solver for `objective` and `pass_rule` under `variant`, with the jokers worth 2.
    ///
    /// # Errors
    /// `moves`, or `margin` with `withdraw`.
    pub fn new(
        objective: Objective,
        pass_rule: PassRule,
        variant: Variant,
    ) -> Result<Self, JokersError> {
        Self::with_joker_points(objective, pass_rule, variant, JOKER_POINTS)
    }

    /// [`Self::new`] with the jokers worth `points` (1 makes them a rank of two cards:
    /// the tests compare that with the standard solver).
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn with_joker_points(
        objective: Objective,
        pass_rule: PassRule,
        variant: Variant,
        points: i64,
    ) -> Result<Self, JokersError> {
        if objective == Objective::Moves {
            return Err(JokersError::Moves);
        }
        if matches!(variant, Variant::Duel(_)) {
            return Err(JokersError::Variant(variant));
        }
        check_combination(objective, pass_rule)?;
        Ok(Self {
            objective,
            pass_rule,
            one_flip: variant == Variant::OneFlip,
            kinds: kinds(points),
            base: 0,
            root_points: -1,
            memo: FxHashMap::default(),
        })
    }

    /// The objective it solves.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// How turns go.
    #[must_use]
    pub fn variant(&self) -> Variant {
        if self.one_flip {
            Variant::OneFlip
        } else {
            Variant::Standard
        }
    }

    /// Card states solved so far.
    #[must_use]
    pub fn card_states(&self) -> usize {
        self.memo.len()
    }

    /// Values stored so far.
    #[must_use]
    pub fn stored_values(&self) -> usize {
        self.memo.values().map(Vec::len).sum()
    }

    fn counts_of(&self, position: &JokersPosition) -> Result<Counts, JokersError> {
        if position.ranks.labels() > u64::from(MAX_JOKERS_RANKS) {
            return Err(JokersError::TooLarge);
        }
        let mut c = [0u8; KINDS];
        for (p, n) in position.ranks.iter() {
            c[self.kind_of(p, false)] = u8::try_from(n).map_err(|_| JokersError::TooLarge)?;
        }
        if let Some(j) = position.joker {
            c[self.kind_of(j, true)] = 1;
        }
        Ok(c)
    }

    fn kind_of(&self, pattern: Pattern, joker: bool) -> usize {
        let range = if joker {
            RANK_KINDS..KINDS
        } else {
            0..RANK_KINDS
        };
        range
            .into_iter()
            .find(|&i| self.kinds[i].pattern == pattern)
            .expect("a pattern of its kind")
    }

    fn class(&self, kind: usize) -> Class {
        let p = self.kinds[kind].pattern;
        if kind >= RANK_KINDS {
            Class::Joker(p)
        } else {
            Class::Rank(p)
        }
    }

    fn kind_of_class(&self, class: Class) -> usize {
        match class {
            Class::Rank(p) => self.kind_of(p, false),
            Class::Joker(p) => self.kind_of(p, true),
        }
    }

    fn points(&self, c: &Counts) -> i64 {
        c.iter()
            .zip(&self.kinds)
            .map(|(&n, k)| i64::from(n) * i64::from(k.pattern.on_table / 2) * k.points)
            .sum()
    }

    fn unknown(&self, c: &Counts) -> u64 {
        c.iter()
            .zip(&self.kinds)
            .map(|(&n, k)| u64::from(n) * u64::from(k.pattern.unknown))
            .sum()
    }

    /// The parity of every lead that occurs at a card state of `points` points: each
    /// point taken since the root moves the lead by one.
    fn parity(&self, points: i64) -> i64 {
        (self.base + self.root_points - points).rem_euclid(2)
    }

    /// The smallest lead of that parity that decides the game (larger than the points
    /// left): it stands for every larger one.
    fn decided(&self, points: i64) -> i64 {
        points + 1 + (points + 1 - self.parity(points)).rem_euclid(2)
    }

    /// The leads stored for a card state of `points` points: `-bound, -bound + 2, ...,
    /// bound` (the leads of the parity that occurs), one value under `margin`.
    fn bound(&self, points: i64) -> i64 {
        match self.objective {
            Objective::Win => self
                .decided(points)
                .min(self.base + self.root_points - points)
                .max(0),
            _ => 0,
        }
    }

    /// Makes `state`'s lead reachable: a new root when it is not.
    fn root(&mut self, position: &JokersPosition, diff: i64) -> Result<Counts, JokersError> {
        let c = self.counts_of(position)?;
        let points = self.points(&c);
        if points == 0 {
            return Err(JokersError::Empty);
        }
        if self.objective == Objective::Win {
            let reachable = self.root_points >= 0
                && (diff.abs() - self.parity(points)).rem_euclid(2) == 0
                && diff.abs().min(self.decided(points)) <= self.bound(points);
            if !reachable {
                self.base = diff.abs();
                self.root_points = points;
                self.memo.clear();
            }
        } else if self.root_points < 0 {
            self.root_points = points;
        }
        Ok(c)
    }

    /// The value of `state` for the mover.
    ///
    /// # Errors
    /// An empty table, a first card the position cannot have, too many ranks.
    pub fn value(&mut self, state: &JokersState) -> Result<V, JokersError> {
        let actions = self.actions(state)?;
        crate::solver::best_of(self.objective, actions.into_iter().map(|(_, v)| v))
            .ok_or(JokersError::Empty)
    }

    /// Every action at `state` with its value for the mover.
    ///
    /// # Errors
    /// As [`Self::value`].
    pub fn actions(&mut self, state: &JokersState) -> Result<Vec<(JokersAction, V)>, JokersError> {
        let c = self.root(&state.position, state.diff)?;
        self.ensure(pack(&c));
        let points = self.points(&c);
        let mut keys = self.successors(&c);
        keys.push(pack(&c));
        keys.sort_unstable();
        let near = self.near(&keys);
        let eval = Eval::new(self, points, state.after_pass, None, &near);
        let columns = match state.first {
            None => eval.start(&c, true),
            Some(first) => eval.second(&self.opened(&c, first)?, true),
        };
        let slot = eval.slot(state.diff);
        Ok(columns
            .into_iter()
            .map(|(a, column)| (a, column[slot].clone()))
            .collect())
    }

    fn opened(&self, c: &Counts, first: JokersFirst) -> Result<Opened, JokersError> {
        let (class, revealed) = match first {
            JokersFirst::Revealed(class) => (class, true),
            JokersFirst::Held(class) => (class, false),
        };
        let a = self.kind_of_class(class);
        let k = self.kinds[a];
        let possible = c[a] > 0
            && if revealed {
                k.pattern.unknown > 0
            } else {
                k.pattern.known() > 0
            };
        if !possible {
            return Err(JokersError::NoSuchFirst(class));
        }
        Ok(if revealed {
            let to = k.reveal.expect("an unknown card");
            Opened {
                counts: moved(c, a, Some(to)),
                kind: to,
                revealed,
            }
        } else {
            Opened {
                counts: *c,
                kind: a,
                revealed,
            }
        })
    }

    /// The card states one turn from `c` reaches (a pass keeps `c`: its after-pass
    /// layer is `c`'s own).
    fn successors(&self, c: &Counts) -> Vec<u64> {
        let mut out = Vec::new();
        let mut opened = Vec::new();
        for a in 0..KINDS {
            if c[a] == 0 {
                continue;
            }
            let k = self.kinds[a];
            if let Some(r) = k.reveal {
                opened.push(Opened {
                    counts: moved(c, a, Some(r)),
                    kind: r,
                    revealed: true,
                });
            }
            if k.pattern.known() > 0 {
                opened.push(Opened {
                    counts: *c,
                    kind: a,
                    revealed: false,
                });
            }
        }
        for o in opened {
            let k = self.kinds[o.kind];
            if k.pattern.known() >= 2 {
                out.push(pack(&moved(&o.counts, o.kind, k.take_known)));
            }
            if o.revealed {
                out.push(pack(&o.counts));
            }
            if k.pattern.unknown > 0 {
                out.push(pack(&moved(&o.counts, o.kind, k.take_one)));
            }
            for b in 0..KINDS {
                let others = o.counts[b] - u8::from(b == o.kind);
                if others > 0 && self.kinds[b].pattern.unknown > 0 {
                    out.push(pack(&moved(&o.counts, b, self.kinds[b].reveal)));
                }
            }
        }
        let own = pack(c);
        out.retain(|&k| k != own && k != 0);
        out.sort_unstable();
        out.dedup();
        out
    }

    fn ensure(&mut self, key: u64) {
        if self.memo.contains_key(&key) {
            return;
        }
        let c = unpack(key);
        let successors = self.successors(&c);
        for &k in &successors {
            self.ensure(k);
        }
        let points = self.points(&c);
        // Each successor looked up once for both layers: the lookups, not the
        // arithmetic, are most of a small card state's cost.
        let near = self.near(&successors);
        // The after-pass layer reads no layer of its own card state: solve it first.
        let after_pass = Eval::new(self, points, true, None, &near).best_start(&c);
        let mut values = Eval::new(self, points, false, Some(&after_pass), &near).best_start(&c);
        values.extend(after_pass);
        self.memo.insert(key, values);
    }

    /// The stored layers of `keys` (sorted), to look up without the table.
    fn near(&self, keys: &[u64]) -> Vec<(u64, &[V])> {
        keys.iter().map(|k| (*k, self.memo[k].as_slice())).collect()
    }
}
