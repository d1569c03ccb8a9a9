//! The memoised recursion of the jokers solver: a card state is the count of labels in
//! each *kind* (a rank's pattern, or the joker's), packed four bits a kind into a key.

use rustc_hash::FxHashMap;

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

    /// The leads stored for a card state of `points` points: `-bound..=bound`.
    fn bound(&self, points: i64) -> i64 {
        match self.objective {
            Objective::Win => (points + 1)
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
            let lead = diff.abs().min(points + 1);
            let reachable = self.root_points >= 0 && lead <= self.bound(points);
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
        let d = state.diff;
        let ap = state.after_pass;
        self.ensure(pack(&c));
        match state.first {
            None => {
                let mut out = Vec::new();
                if self.unknown(&c) > 0 {
                    out.push((JokersAction::Unknown, self.unknown_first(&c, d, ap, None)));
                }
                for a in 0..KINDS {
                    if c[a] > 0 && self.kinds[a].pattern.known() > 0 {
                        let opened = Opened {
                            counts: c,
                            kind: a,
                            revealed: false,
                        };
                        let v = self.second_best(&opened, d, ap, None);
                        out.push((JokersAction::Known(self.class(a)), v));
                    }
                }
                Ok(out)
            }
            Some(first) => {
                let opened = self.opened(&c, first)?;
                Ok(self.second_actions(&opened, d, ap, None))
            }
        }
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

    /// Solves every card state a turn from `c` can reach.
    fn ensure_successors(&mut self, c: &Counts) {
        for key in self.successors(c) {
            self.ensure(key);
        }
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
        self.ensure_successors(&c);
        let points = self.points(&c);
        let bound = self.bound(points);
        let slots = usize::try_from(2 * bound + 1).expect("bound >= 0");
        let mut values: Vec<V> = Vec::with_capacity(2 * slots);
        // The after-pass layer reads no layer of its own card state: solve it first.
        let mut after_pass = Vec::with_capacity(slots);
        for d in -bound..=bound {
            after_pass.push(self.start_value(&c, d, true, None));
        }
        for d in -bound..=bound {
            values.push(self.start_value(&c, d, false, Some(&after_pass)));
        }
        values.extend(after_pass);
        self.memo.insert(key, values);
    }

    /// The mover's value at the start of a turn on a card state whose successors are
    /// solved (`own_after_pass`: this card state's after-pass layer, while it is solved).
    fn start_value(&self, c: &Counts, d: i64, ap: bool, own: Option<&[V]>) -> V {
        let mut best: Option<V> = None;
        let mut consider = |v: V| {
            if best.as_ref().is_none_or(|b| v > *b) {
                best = Some(v);
            }
        };
        if self.unknown(c) > 0 {
            consider(self.unknown_first(c, d, ap, own));
        }
        for a in 0..KINDS {
            if c[a] > 0 && self.kinds[a].pattern.known() > 0 {
                let opened = Opened {
                    counts: *c,
                    kind: a,
                    revealed: false,
                };
                consider(self.second_best(&opened, d, ap, own));
            }
        }
        best.expect("a card state with cards has a move")
    }

    /// An unknown card first: each kind it may show, by its share of the unknown cards.
    fn unknown_first(&self, c: &Counts, d: i64, ap: bool, own: Option<&[V]>) -> V {
        let total = self.unknown(c);
        let mut sum = V::zero();
        for a in 0..KINDS {
            let share = u64::from(c[a]) * u64::from(self.kinds[a].pattern.unknown);
            if share == 0 {
                continue;
            }
            let to = self.kinds[a].reveal.expect("an unknown card");
            let opened = Opened {
                counts: moved(c, a, Some(to)),
                kind: to,
                revealed: true,
            };
            sum = sum.plus(&self.second_best(&opened, d, ap, own).times(share));
        }
        sum.over(total)
    }

    fn second_best(&self, o: &Opened, d: i64, ap: bool, own: Option<&[V]>) -> V {
        let actions = self.second_actions(o, d, ap, own);
        crate::solver::best_of(self.objective, actions.into_iter().map(|(_, v)| v))
            .expect("a second card can always be turned")
    }

    /// The second card's choices: the match, an unknown card, and a known card of each
    /// other class (all worth the same: the turn ends, showing nothing).
    fn second_actions(
        &self,
        o: &Opened,
        d: i64,
        ap: bool,
        own: Option<&[V]>,
    ) -> Vec<(JokersAction, V)> {
        let k = self.kinds[o.kind];
        let mut out = Vec::new();
        if k.pattern.known() >= 2 {
            let after = moved(&o.counts, o.kind, k.take_known);
            out.push((JokersAction::Match, self.take(&after, d, k.points)));
        }
        let total = self.unknown(&o.counts);
        if total > 0 {
            let mut sum = V::zero();
            if k.pattern.unknown > 0 {
                let after = moved(&o.counts, o.kind, k.take_one);
                sum = sum.plus(
                    &self
                        .take(&after, d, k.points)
                        .times(u64::from(k.pattern.unknown)),
                );
            }
            for b in 0..KINDS {
                let others = o.counts[b] - u8::from(b == o.kind);
                let share = u64::from(others) * u64::from(self.kinds[b].pattern.unknown);
                if share > 0 {
                    let after = moved(&o.counts, b, self.kinds[b].reveal);
                    sum = sum.plus(&self.opp(&after, d, false, None).times(share));
                }
            }
            out.push((JokersAction::Unknown, sum.over(total)));
        }
        let known_other = (0..KINDS)
            .filter(|&b| {
                let others = o.counts[b] - u8::from(b == o.kind);
                others > 0 && self.kinds[b].pattern.known() > 0
            })
            .collect::<Vec<_>>();
        if let Some(&b) = known_other.first() {
            let value = if o.revealed {
                Some(self.opp(&o.counts, d, false, None))
            } else {
                self.pass(&o.counts, d, ap, own)
            };
            if let Some(v) = value {
                out.push((JokersAction::Known(self.class(b)), v.clone()));
                for &b in &known_other[1..] {
                    out.push((JokersAction::Known(self.class(b)), v.clone()));
                }
            }
        }
        out
    }

    /// A pass (two known cards, no pair) under the pass rule; `None` if not allowed.
    fn pass(&self, c: &Counts, d: i64, ap: bool, own: Option<&[V]>) -> Option<V> {
        match (self.pass_rule, ap) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.end(d)),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(c, d, true, own)),
        }
    }

    /// The game ends now, the mover `d` points ahead.
    fn end(&self, d: i64) -> V {
        match self.objective {
            Objective::Win => match d.cmp(&0) {
                std::cmp::Ordering::Greater => V::one(),
                std::cmp::Ordering::Equal => V::ratio(1, 2),
                std::cmp::Ordering::Less => V::zero(),
            },
            _ => V::zero(),
        }
    }

    /// The mover took a pair worth `points` (the table is now `c`): they move again, or
    /// under One Flip the opponent moves.
    fn take(&self, c: &Counts, d: i64, points: i64) -> V {
        let empty = c.iter().all(|&n| n == 0);
        match (self.objective, self.one_flip) {
            (Objective::Win, _) if empty => self.end(d + points),
            (Objective::Win, false) => self.read(c, d + points, false, None),
            (Objective::Win, true) => self.opp(c, d + points, false, None),
            (_, _) if empty => V::ratio(points, 1),
            (_, false) => V::ratio(points, 1).plus(&self.read(c, d, false, None)),
            (_, true) => V::ratio(points, 1).plus(&self.opp(c, d, false, None)),
        }
    }

    /// The opponent moves at `c`, the mover `d` ahead.
    fn opp(&self, c: &Counts, d: i64, ap: bool, own: Option<&[V]>) -> V {
        let v = self.read(c, -d, ap, own);
        match self.objective {
            Objective::Win => V::one().minus(&v),
            _ => V::zero().minus(&v),
        }
    }

    /// The stored value of the player to move at `c` (solved, or `own`'s after-pass layer
    /// for the card state being solved), `d` ahead.
    fn read(&self, c: &Counts, d: i64, ap: bool, own: Option<&[V]>) -> V {
        let points = self.points(c);
        let bound = self.bound(points);
        // A lead larger than the points left decides: the smallest such lead stands for
        // all. Under `margin` the lead does not count.
        let d = if self.objective == Objective::Win {
            d.clamp(-(points + 1), points + 1)
        } else {
            0
        };
        assert!(d.abs() <= bound, "a lead the root cannot reach");
        let slot = usize::try_from(d + bound).expect("within the bound");
        if let (true, Some(layer)) = (ap, own) {
            return layer[slot].clone();
        }
        let values = &self.memo[&pack(c)];
        let slots = usize::try_from(2 * bound + 1).expect("bound >= 0");
        values[if ap { slots + slot } else { slot }].clone()
    }
}
