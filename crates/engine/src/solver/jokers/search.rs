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

/// The values of one card state's leads `-bound..=bound`, the mover's: a column.
type Column<V> = Vec<V>;

/// A stored layer to read: a solved card state's, or the after-pass layer of the card
/// state being solved.
struct Source<'a, V> {
    values: &'a [V],
    bound: i64,
    points: i64,
    win: bool,
}

impl<V: Scalar> Source<'_, V> {
    /// The value `d` ahead. A lead larger than the points left decides: the smallest
    /// such lead stands for all. Under `margin` the lead does not count.
    fn at(&self, d: i64) -> &V {
        let d = if self.win {
            d.clamp(-(self.points + 1), self.points + 1)
        } else {
            0
        };
        assert!(d.abs() <= self.bound, "a lead the root cannot reach");
        &self.values[usize::try_from(d + self.bound).expect("within the bound")]
    }
}

/// One card state being evaluated for every lead at once, at one pass flag.
struct Eval<'a, V: Scalar> {
    s: &'a JokersSolver<V>,
    bound: i64,
    points: i64,
    after_pass: bool,
    /// This card state's after-pass layer, while it is being solved.
    own: Option<&'a [V]>,
    /// The successors' stored layers, by key (sorted).
    near: &'a [(u64, &'a [V])],
}

impl<'a, V: Scalar> Eval<'a, V> {
    fn new(
        s: &'a JokersSolver<V>,
        points: i64,
        after_pass: bool,
        own: Option<&'a [V]>,
        near: &'a [(u64, &'a [V])],
    ) -> Self {
        Self {
            s,
            bound: s.bound(points),
            points,
            after_pass,
            own,
            near,
        }
    }

    fn win(&self) -> bool {
        self.s.objective == Objective::Win
    }

    fn leads(&self) -> std::ops::RangeInclusive<i64> {
        -self.bound..=self.bound
    }

    /// The slot of lead `d` in a column (decided leads share the smallest one's).
    fn slot(&self, d: i64) -> usize {
        let d = if self.win() {
            d.clamp(-(self.points + 1), self.points + 1)
        } else {
            0
        };
        usize::try_from(d + self.bound).expect("a reachable lead")
    }

    fn column(&self, f: impl FnMut(i64) -> V) -> Column<V> {
        self.leads().map(f).collect()
    }

    /// The layer of the player to move at `c` (solved, or this card state's own
    /// after-pass layer).
    fn source(&self, c: &Counts, after_pass: bool, own: bool) -> Source<'a, V> {
        let points = self.s.points(c);
        let bound = self.s.bound(points);
        let slots = usize::try_from(2 * bound + 1).expect("bound >= 0");
        let values: &'a [V] = match (own, self.own) {
            (true, Some(layer)) => layer,
            _ => {
                let key = pack(c);
                let stored: &'a [V] = match self.near.binary_search_by_key(&key, |&(k, _)| k) {
                    Ok(i) => self.near[i].1,
                    Err(_) => &self.s.memo[&key],
                };
                if after_pass {
                    &stored[slots..]
                } else {
                    &stored[..slots]
                }
            }
        };
        Source {
            values,
            bound,
            points,
            win: self.win(),
        }
    }

    /// The game ends now, the mover `d` points ahead.
    fn end(&self, d: i64) -> V {
        match (self.win(), d.cmp(&0)) {
            (false, _) | (true, std::cmp::Ordering::Less) => V::zero(),
            (true, std::cmp::Ordering::Equal) => V::ratio(1, 2),
            (true, std::cmp::Ordering::Greater) => V::one(),
        }
    }

    /// The opponent moves at `c` (after a pass: `own` is this card state).
    fn opp(&self, c: &Counts, after_pass: bool, own: bool) -> Column<V> {
        let src = self.source(c, after_pass, own);
        let win = self.win();
        self.column(|d| {
            let v = src.at(-d);
            if win {
                V::one().minus(v)
            } else {
                V::zero().minus(v)
            }
        })
    }

    /// The mover took a pair worth `points` (the table is now `c`): they move again, or
    /// under One Flip the opponent moves.
    fn take(&self, c: &Counts, points: i64) -> Column<V> {
        let worth = V::ratio(points, 1);
        if c.iter().all(|&n| n == 0) {
            return if self.win() {
                self.column(|d| self.end(d + points))
            } else {
                self.column(|_| worth.clone())
            };
        }
        let src = self.source(c, false, false);
        match (self.win(), self.s.one_flip) {
            (true, false) => self.column(|d| src.at(d + points).clone()),
            (true, true) => self.column(|d| V::one().minus(src.at(-(d + points)))),
            (false, false) => self.column(|d| worth.plus(src.at(d))),
            (false, true) => self.column(|d| worth.minus(src.at(-d))),
        }
    }

    /// A pass (two known cards, no pair) under the pass rule; `None` if not allowed.
    fn pass(&self, c: &Counts) -> Option<Column<V>> {
        match (self.s.pass_rule, self.after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.column(|d| self.end(d))),
            (PassRule::Withdraw, _) => Some(self.column(|_| V::ratio(1, 2))),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(c, true, true)),
        }
    }

    /// The second card's choices after the first card `o`: the match, an unknown card,
    /// and a known card of each other class (all worth the same: the turn ends, showing
    /// nothing). Unless `full`, an unknown card after a known one is left out: it is
    /// never better than the same two cards turned the other way round (docs/variants.md).
    fn second(&self, o: &Opened, full: bool) -> Vec<(JokersAction, Column<V>)> {
        let s = self.s;
        let k = s.kinds[o.kind];
        let mut out = Vec::new();
        if k.pattern.known() >= 2 {
            let after = moved(&o.counts, o.kind, k.take_known);
            out.push((JokersAction::Match, self.take(&after, k.points)));
        }
        let total = s.unknown(&o.counts);
        if total > 0 && (full || o.revealed) {
            let mut sum = self.column(|_| V::zero());
            if k.pattern.unknown > 0 {
                let after = moved(&o.counts, o.kind, k.take_one);
                add_times(
                    &mut sum,
                    &self.take(&after, k.points),
                    u64::from(k.pattern.unknown),
                );
            }
            for b in 0..KINDS {
                let others = o.counts[b] - u8::from(b == o.kind);
                let share = u64::from(others) * u64::from(s.kinds[b].pattern.unknown);
                if share > 0 {
                    let after = moved(&o.counts, b, s.kinds[b].reveal);
                    add_times(&mut sum, &self.opp(&after, false, false), share);
                }
            }
            out.push((
                JokersAction::Unknown,
                sum.iter().map(|v| v.over(total)).collect(),
            ));
        }
        let known_other: Vec<usize> = (0..KINDS)
            .filter(|&b| {
                let others = o.counts[b] - u8::from(b == o.kind);
                others > 0 && s.kinds[b].pattern.known() > 0
            })
            .collect();
        if !known_other.is_empty() {
            let value = if o.revealed {
                Some(self.opp(&o.counts, false, false))
            } else {
                self.pass(&o.counts)
            };
            if let Some(v) = value {
                let listed = if full {
                    &known_other[..]
                } else {
                    &known_other[..1]
                };
                for &b in listed {
                    out.push((JokersAction::Known(s.class(b)), v.clone()));
                }
            }
        }
        out
    }

    /// The turn start's choices: an unknown card (each kind it may show, by its share of
    /// the unknown cards), or a known card of each class.
    fn start(&self, c: &Counts, full: bool) -> Vec<(JokersAction, Column<V>)> {
        let s = self.s;
        let mut out = Vec::new();
        let total = s.unknown(c);
        if total > 0 {
            let mut sum = self.column(|_| V::zero());
            for a in 0..KINDS {
                let share = u64::from(c[a]) * u64::from(s.kinds[a].pattern.unknown);
                if share == 0 {
                    continue;
                }
                let to = s.kinds[a].reveal.expect("an unknown card");
                let opened = Opened {
                    counts: moved(c, a, Some(to)),
                    kind: to,
                    revealed: true,
                };
                add_times(&mut sum, &self.best(self.second(&opened, full)), share);
            }
            out.push((
                JokersAction::Unknown,
                sum.iter().map(|v| v.over(total)).collect(),
            ));
        }
        for a in 0..KINDS {
            if c[a] > 0 && s.kinds[a].pattern.known() > 0 {
                let opened = Opened {
                    counts: *c,
                    kind: a,
                    revealed: false,
                };
                // Left out of the bulk solve when its only choice would be the unknown
                // card left out above.
                let second = self.second(&opened, full);
                if !second.is_empty() {
                    out.push((JokersAction::Known(s.class(a)), self.best(second)));
                }
            }
        }
        out
    }

    /// The best of the turn start's choices, lead by lead, as [`Self::start`] without
    /// the choices the bulk solve leaves out, in three buffers rather than a column per
    /// choice (the allocations were most of a small card state's cost).
    fn best_start(&self, c: &Counts) -> Column<V> {
        let s = self.s;
        let n = self.leads().count();
        let mut best: Option<Column<V>> = None;
        let (mut second, mut tmp) = (vec![V::zero(); n], vec![V::zero(); n]);
        let total = s.unknown(c);
        if total > 0 {
            let mut sum = vec![V::zero(); n];
            for a in 0..KINDS {
                let share = u64::from(c[a]) * u64::from(s.kinds[a].pattern.unknown);
                if share == 0 {
                    continue;
                }
                let to = s.kinds[a].reveal.expect("an unknown card");
                let opened = Opened {
                    counts: moved(c, a, Some(to)),
                    kind: to,
                    revealed: true,
                };
                if self.best_second(&opened, &mut second, &mut tmp) {
                    add_times(&mut sum, &second, share);
                }
            }
            for v in &mut sum {
                *v = v.over(total);
            }
            best = Some(sum);
        }
        for a in 0..KINDS {
            if c[a] > 0 && s.kinds[a].pattern.known() > 0 {
                let opened = Opened {
                    counts: *c,
                    kind: a,
                    revealed: false,
                };
                if self.best_second(&opened, &mut second, &mut tmp) {
                    match &mut best {
                        Some(b) => max_into(b, &second),
                        None => best = Some(second.clone()),
                    }
                }
            }
        }
        best.expect("a decision point has a choice")
    }

    /// The best second card after `o` into `out`, lead by lead (`tmp` a buffer); false if
    /// the bulk solve leaves every choice out.
    fn best_second(&self, o: &Opened, out: &mut [V], tmp: &mut [V]) -> bool {
        let s = self.s;
        let k = s.kinds[o.kind];
        let mut any = false;
        let offer = |tmp: &[V], out: &mut [V], any: &mut bool| {
            if *any {
                max_into(out, tmp);
            } else {
                out.clone_from_slice(tmp);
                *any = true;
            }
        };
        if k.pattern.known() >= 2 {
            let after = moved(&o.counts, o.kind, k.take_known);
            tmp.fill(V::zero());
            self.add_take(&after, k.points, 1, tmp);
            offer(tmp, out, &mut any);
        }
        let total = s.unknown(&o.counts);
        if total > 0 && o.revealed {
            tmp.fill(V::zero());
            if k.pattern.unknown > 0 {
                let after = moved(&o.counts, o.kind, k.take_one);
                self.add_take(&after, k.points, u64::from(k.pattern.unknown), tmp);
            }
            for b in 0..KINDS {
                let others = o.counts[b] - u8::from(b == o.kind);
                let share = u64::from(others) * u64::from(s.kinds[b].pattern.unknown);
                if share > 0 {
                    let after = moved(&o.counts, b, s.kinds[b].reveal);
                    self.add_opp(&after, false, false, share, tmp);
                }
            }
            for v in tmp.iter_mut() {
                *v = v.over(total);
            }
            offer(tmp, out, &mut any);
        }
        let known_other = (0..KINDS).any(|b| {
            let others = o.counts[b] - u8::from(b == o.kind);
            others > 0 && s.kinds[b].pattern.known() > 0
        });
        if known_other {
            if o.revealed {
                tmp.fill(V::zero());
                self.add_opp(&o.counts, false, false, 1, tmp);
                offer(tmp, out, &mut any);
            } else if let Some(pass) = self.pass(&o.counts) {
                offer(&pass, out, &mut any);
            }
        }
        any
    }

    /// `out += k * opp(c)`, lead by lead.
    fn add_opp(&self, c: &Counts, after_pass: bool, own: bool, k: u64, out: &mut [V]) {
        let src = self.source(c, after_pass, own);
        let win = self.win();
        for (d, o) in self.leads().zip(out.iter_mut()) {
            let v = src.at(-d);
            let v = if win {
                V::one().minus(v)
            } else {
                V::zero().minus(v)
            };
            *o = o.plus(&v.times(k));
        }
    }

    /// `out += k * take(c, points)`, lead by lead.
    fn add_take(&self, c: &Counts, points: i64, k: u64, out: &mut [V]) {
        let worth = V::ratio(points, 1);
        let win = self.win();
        if c.iter().all(|&n| n == 0) {
            for (d, o) in self.leads().zip(out.iter_mut()) {
                let v = if win {
                    self.end(d + points)
                } else {
                    worth.clone()
                };
                *o = o.plus(&v.times(k));
            }
            return;
        }
        let src = self.source(c, false, false);
        let one_flip = self.s.one_flip;
        for (d, o) in self.leads().zip(out.iter_mut()) {
            let v = match (win, one_flip) {
                (true, false) => src.at(d + points).clone(),
                (true, true) => V::one().minus(src.at(-(d + points))),
                (false, false) => worth.plus(src.at(d)),
                (false, true) => worth.minus(src.at(-d)),
            };
            *o = o.plus(&v.times(k));
        }
    }

    /// The best of the choices, lead by lead (every objective here is maximised).
    fn best(&self, choices: Vec<(JokersAction, Column<V>)>) -> Column<V> {
        let mut choices = choices.into_iter().map(|(_, c)| c);
        let mut best = choices.next().expect("a decision point has a choice");
        for column in choices {
            for (b, v) in best.iter_mut().zip(column) {
                if v > *b {
                    *b = v;
                }
            }
        }
        best
    }
}

/// `best = max(best, column)`, lead by lead.
fn max_into<V: Scalar>(best: &mut [V], column: &[V]) {
    for (b, v) in best.iter_mut().zip(column) {
        if v > b {
            *b = v.clone();
        }
    }
}

/// `sum += column * k`, lead by lead.
fn add_times<V: Scalar>(sum: &mut [V], column: &[V], k: u64) {
    for (s, v) in sum.iter_mut().zip(column) {
        *s = s.plus(&v.times(k));
    }
}
