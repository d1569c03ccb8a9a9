//! Evaluating one card state: every action's value for every lead at once (a column),
//! from the stored layers of its successors.

use super::{Counts, JokersSolver, KINDS, Opened, moved, pack};
use crate::rules::{Objective, PassRule};
use crate::solver::jokers::JokersAction;
use crate::solver::scalar::Scalar;

/// The values of one card state's leads `-bound, -bound + 2, ..., bound`, the mover's: a
/// column.
type Column<V> = Vec<V>;

/// A stored layer to read: a solved card state's, or the after-pass layer of the card
/// state being solved.
struct Source<'a, V> {
    values: &'a [V],
    bound: i64,
    /// The smallest decided lead of the parity that occurs.
    decided: i64,
    win: bool,
}

impl<V: Scalar> Source<'_, V> {
    /// The value `d` ahead. A lead larger than the points left decides: the smallest
    /// such lead stands for all. Under `margin` the lead does not count.
    fn at(&self, d: i64) -> &V {
        let d = if self.win {
            d.clamp(-self.decided, self.decided)
        } else {
            0
        };
        assert!(
            d.abs() <= self.bound && (d + self.bound) % 2 == 0,
            "a lead the root cannot reach"
        );
        &self.values[usize::try_from((d + self.bound) / 2).expect("within the bound")]
    }
}

/// One card state being evaluated for every lead at once, at one pass flag.
pub(super) struct Eval<'a, V: Scalar> {
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
    pub(super) fn new(
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

    fn leads(&self) -> std::iter::StepBy<std::ops::RangeInclusive<i64>> {
        (-self.bound..=self.bound).step_by(2)
    }

    /// The slot of lead `d` in a column (decided leads share the smallest one's).
    pub(super) fn slot(&self, d: i64) -> usize {
        let d = if self.win() {
            let decided = self.s.decided(self.points);
            d.clamp(-decided, decided)
        } else {
            0
        };
        usize::try_from((d + self.bound) / 2).expect("a reachable lead")
    }

    fn zeros(&self) -> Column<V> {
        vec![V::zero(); self.leads().count()]
    }

    /// The layer of the player to move at `c` (solved, or this card state's own
    /// after-pass layer).
    fn source(&self, c: &Counts, after_pass: bool, own: bool) -> Source<'a, V> {
        let points = self.s.points(c);
        let bound = self.s.bound(points);
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
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
            decided: self.s.decided(points),
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

    /// `out += k * opp(c)`, lead by lead: the opponent moves at `c` (after a pass: `own`
    /// is this card state).
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

    /// `out += k * take(c, points)`, lead by lead: the mover took a pair worth `points`
    /// (the table is now `c`) and moves again, or under One Flip the opponent moves.
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

    /// A pass (two known cards, no pair) under the pass rule into `out`; false if the
    /// rule forbids it.
    fn pass_into(&self, c: &Counts, out: &mut [V]) -> bool {
        match (self.s.pass_rule, self.after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => return false,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => {
                for (d, o) in self.leads().zip(out.iter_mut()) {
                    *o = self.end(d);
                }
            }
            (PassRule::Withdraw, _) => out.fill(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => {
                out.fill(V::zero());
                self.add_opp(c, true, true, 1, out);
            }
        }
        true
    }

    /// Each second-card choice after the first card `o`, its column handed to `offer`
    /// (built in `tmp`): the match, an unknown card, and a known card of each other class
    /// (all worth the same: the turn ends, showing nothing; the bulk solve offers one).
    /// Unless `full`, an unknown card after a known one is left out: it is never better
    /// than the same two cards turned the other way round (docs/variants.md).
    fn each_second(
        &self,
        o: &Opened,
        full: bool,
        tmp: &mut [V],
        offer: &mut dyn FnMut(JokersAction, &[V]),
    ) {
        let s = self.s;
        let k = s.kinds[o.kind];
        if k.pattern.known() >= 2 {
            let after = moved(&o.counts, o.kind, k.take_known);
            tmp.fill(V::zero());
            self.add_take(&after, k.points, 1, tmp);
            offer(JokersAction::Match, tmp);
        }
        let total = s.unknown(&o.counts);
        if total > 0 && (full || o.revealed) {
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
            offer(JokersAction::Unknown, tmp);
        }
        let known_other = (0..KINDS).filter(|&b| {
            let others = o.counts[b] - u8::from(b == o.kind);
            others > 0 && s.kinds[b].pattern.known() > 0
        });
        let listed: Vec<usize> = if full {
            known_other.collect()
        } else {
            known_other.take(1).collect()
        };
        if listed.is_empty() {
            return;
        }
        let allowed = if o.revealed {
            tmp.fill(V::zero());
            self.add_opp(&o.counts, false, false, 1, tmp);
            true
        } else {
            self.pass_into(&o.counts, tmp)
        };
        if allowed {
            for b in listed {
                offer(JokersAction::Known(s.class(b)), tmp);
            }
        }
    }

    /// The best second card after `o` into `out`, lead by lead (`tmp` a buffer); false
    /// if no choice is offered.
    fn best_second(&self, o: &Opened, full: bool, out: &mut [V], tmp: &mut [V]) -> bool {
        let mut any = false;
        self.each_second(o, full, tmp, &mut |_, column| {
            if any {
                max_into(out, column);
            } else {
                out.clone_from_slice(column);
                any = true;
            }
        });
        any
    }

    /// Each turn-start choice with its column, handed to `offer`: an unknown card (each
    /// kind it may show, by its share of the unknown cards), or a known card of each class
    /// (left out of the bulk solve when its only choice would be an unknown card left out
    /// there).
    fn each_start(&self, c: &Counts, full: bool, offer: &mut dyn FnMut(JokersAction, &[V])) {
        let s = self.s;
        let (mut second, mut tmp) = (self.zeros(), self.zeros());
        let total = s.unknown(c);
        if total > 0 {
            let mut sum = self.zeros();
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
                if self.best_second(&opened, full, &mut second, &mut tmp) {
                    add_times(&mut sum, &second, share);
                }
            }
            for v in &mut sum {
                *v = v.over(total);
            }
            offer(JokersAction::Unknown, &sum);
        }
        for a in 0..KINDS {
            if c[a] > 0 && s.kinds[a].pattern.known() > 0 {
                let opened = Opened {
                    counts: *c,
                    kind: a,
                    revealed: false,
                };
                if self.best_second(&opened, full, &mut second, &mut tmp) {
                    offer(JokersAction::Known(s.class(a)), &second);
                }
            }
        }
    }

    /// Every second-card choice after `o` with its column (`full`: as `solve` lists them).
    pub(super) fn second(&self, o: &Opened, full: bool) -> Vec<(JokersAction, Column<V>)> {
        let mut tmp = self.zeros();
        let mut out = Vec::new();
        self.each_second(o, full, &mut tmp, &mut |a, column| {
            out.push((a, column.to_vec()));
        });
        out
    }

    /// Every turn-start choice with its column (`full`: as `solve` lists them).
    pub(super) fn start(&self, c: &Counts, full: bool) -> Vec<(JokersAction, Column<V>)> {
        let mut out = Vec::new();
        self.each_start(c, full, &mut |a, column| out.push((a, column.to_vec())));
        out
    }

    /// The best turn-start choice, lead by lead: what the bulk solve stores.
    pub(super) fn best_start(&self, c: &Counts) -> Column<V> {
        let mut best: Option<Column<V>> = None;
        self.each_start(c, false, &mut |_, column| match &mut best {
            Some(b) => max_into(b, column),
            None => best = Some(column.to_vec()),
        });
        best.expect("a decision point has a choice")
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
