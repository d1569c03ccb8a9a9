//! The Zebra solver: memoised recursion over card states from a root, values stored per
//! card state for every score difference that can occur and both pass flags.

use super::index::CardIndex;
use super::node::{Node, Second};
use super::pattern::{ZEBRA_PATTERNS, ZebraColour, ZebraPosition};
use super::{ZebraAction, ZebraError, ZebraFirstCard, ZebraState};
use crate::rules::{Objective, PassRule};
use crate::solver::scalar::Scalar;

use super::table::{GONE, IMPOSSIBLE, colour_index};
pub(super) use super::table::{KINDS, Succ, Successors, Table, target};

/// Where the solved values stand: the root they were solved from.
#[derive(Debug, Clone)]
struct Root {
    index: CardIndex,
    pairs: i64,
    /// Size of the root's difference: later ones stay within it plus the pairs taken.
    diff: i64,
    /// Parity of `d + pairs`, the same in every state of the game.
    parity: i64,
}

/// Solved values of Zebra states, for one objective and pass rule.
///
/// Solves lazily: the first question solves everything reachable from its position and
/// difference; a later question outside that (more ranks or pairs, another difference)
/// starts again from its own.
#[derive(Debug, Clone)]
pub struct ZebraSolver<V: Scalar = f64> {
    pub(super) objective: Objective,
    pub(super) pass_rule: PassRule,
    pub(super) table: Table,
    pub(super) layers: usize,
    max_states: f64,
    root: Option<Root>,
    /// Offset of each solved card state's values, by its number in the index.
    pub(super) slots: Vec<u32>,
    /// For each solved card state (by its number), the numbers of the card states after
    /// one card of each reveal kind is shown: two cards shown are then two reads (the
    /// plain solve).
    reveal_ids: Vec<[u32; KINDS]>,
    /// The same as offsets of their values (the fast solve, [`super::sweep`]).
    pub(super) reveal_offsets: Vec<[u32; KINDS]>,
    /// The stored bound of the differences, by the pairs on the table.
    bounds: Vec<u32>,
    pub(super) card_states: usize,
    pub(super) values: Vec<V>,
    /// Whether the bulk solve values the dominated actions too (see the module doc).
    exhaustive: bool,
    /// Whether to solve the plain way (recursively, [`super::bulk`]) even without
    /// `exhaustive`: the reference the fast solve is checked against.
    reference: bool,
}

/// A card state not solved yet, and one found below a root, to be solved in this sweep.
pub(super) const UNSOLVED: u32 = u32::MAX;
pub(super) const PENDING: u32 = u32::MAX - 1;

impl<V: Scalar> ZebraSolver<V> {
    /// A solver for `objective` under `pass_rule`, allowed
    /// [`crate::solver::PLAY_LIMIT`] stored values.
    #[must_use]
    pub fn new(objective: Objective, pass_rule: PassRule) -> Self {
        let layers = if pass_rule.remembers_pass() { 2 } else { 1 };
        Self {
            objective,
            pass_rule,
            table: Table::new(),
            layers,
            max_states: crate::solver::PLAY_LIMIT,
            root: None,
            slots: Vec::new(),
            reveal_ids: Vec::new(),
            reveal_offsets: Vec::new(),
            bounds: Vec::new(),
            card_states: 0,
            values: Vec::new(),
            exhaustive: false,
            reference: false,
        }
    }

    /// The same solver solving the plain way: the reference for the fast solve's tests.
    #[cfg(test)]
    #[must_use]
    pub(super) fn reference(mut self) -> Self {
        self.reference = true;
        self
    }

    /// Whether card states are solved by the fast sweep ([`super::sweep`]).
    fn fast(&self) -> bool {
        !self.exhaustive && !self.reference
    }

    /// The same solver allowed at most `max_states` stored values (estimated up front).
    #[must_use]
    pub fn with_limit(mut self, max_states: f64) -> Self {
        self.max_states = max_states;
        self
    }

    /// The same solver valuing every action of every state in the bulk solve too, even
    /// those never better than another (the reference the shortcut is checked against).
    #[must_use]
    pub fn exhaustive(mut self) -> Self {
        self.exhaustive = true;
        self
    }

    /// The objective being solved.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The pass rule being solved.
    #[must_use]
    pub fn pass_rule(&self) -> PassRule {
        self.pass_rule
    }

    /// Full states (card state, difference, after-pass flag) solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.values.len()
    }

    /// Card states solved so far.
    #[must_use]
    pub fn card_states(&self) -> usize {
        self.card_states
    }

    /// The value of a state for the mover: that of its best action.
    ///
    /// # Errors
    /// A refused question (see [`ZebraError`]).
    pub fn value(&mut self, state: &ZebraState) -> Result<V, ZebraError> {
        let actions = self.actions(state)?;
        Ok(
            crate::solver::best_of(self.objective, actions.into_iter().map(|(_, v)| v))
                .expect("a legal action always exists"),
        )
    }

    /// The action the model's decision rule plays in `state` (see
    /// [`super::zebra_preference`]).
    ///
    /// # Errors
    /// A refused question (see [`ZebraError`]).
    pub fn best(&mut self, state: &ZebraState) -> Result<ZebraAction, ZebraError> {
        let actions = self.actions(state)?;
        Ok(super::zebra_chosen(self.objective, &actions, state.first).expect("an action exists"))
    }

    /// Every legal action in `state` with its value for the mover. For a symmetric
    /// pattern both `known P red` and `known P black` are listed (equal values).
    ///
    /// # Errors
    /// A refused question (see [`ZebraError`]).
    pub fn actions(&mut self, state: &ZebraState) -> Result<Vec<(ZebraAction, V)>, ZebraError> {
        if self.objective == Objective::Moves {
            return Err(ZebraError::Moves);
        }
        crate::rules::check_combination(self.objective, self.pass_rule)?;
        let position = &state.position;
        if position.pairs() == 0 {
            return Err(ZebraError::Empty);
        }
        let first = state
            .first
            .map(|f| self.first_kind(position, f))
            .transpose()?;
        if !self.covers(position, state.diff) {
            self.start_from(position, state.diff)?;
        }
        let counts = counts_of(position);
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        let own = self.ensure(&counts, pairs);
        let succ = self.successors(&counts, pairs);
        let node = Node::new(self, &counts, &succ, own);
        let (d, p) = (state.diff, state.after_pass);
        let mut out = Vec::new();
        let table = &self.table;
        let both = |i: usize, c: ZebraColour| -> Vec<ZebraAction> {
            let pattern = ZEBRA_PATTERNS[i];
            if pattern.symmetric() {
                ZebraColour::BOTH
                    .map(|c| ZebraAction::Known(pattern, c))
                    .to_vec()
            } else {
                vec![ZebraAction::Known(pattern, c)]
            }
        };
        let mut push = |second: Second, v: V, skip: Option<usize>| match second {
            Second::Match => out.push((ZebraAction::Match, v)),
            Second::Twin => out.push((ZebraAction::Twin, v)),
            Second::Unknown => out.push((ZebraAction::Unknown, v)),
            Second::KnownOther => {
                for (i, c) in node.other_known(skip) {
                    for a in both(i, c) {
                        out.push((a, v.clone()));
                    }
                }
            }
        };
        match first {
            None => {
                if let Some(v) = node.unknown_first(d) {
                    push(Second::Unknown, v, None);
                }
                node.known_first(d, p, &mut |h, v| {
                    let (i, c) = table.held_kinds[h];
                    for a in both(i, c) {
                        out.push((a, v.clone()));
                    }
                });
            }
            Some((true, k)) => {
                let (i, _, _) = table.reveal_kinds[k];
                node.second_revealed(k, d, &mut |s, v| push(s, v, Some(i)));
            }
            Some((false, h)) => {
                let (i, _) = table.held_kinds[h];
                node.second_held(h, d, p, &mut |s, v| push(s, v, Some(i)));
            }
        }
        Ok(out)
    }

    /// The kind of a first card: `(true, reveal kind)` or `(false, held kind)`.
    fn first_kind(
        &self,
        position: &ZebraPosition,
        first: ZebraFirstCard,
    ) -> Result<(bool, usize), ZebraError> {
        let (revealed, pattern, colour) = match first {
            ZebraFirstCard::Revealed(p, c) => (true, p, c),
            ZebraFirstCard::Held(p, c) => (false, p, c),
        };
        let what = if revealed {
            "an unknown card of that half"
        } else {
            "a known card of that half"
        };
        let missing = ZebraError::NoSuchFirst(pattern, what);
        if position.count(pattern) == 0 {
            return Err(missing);
        }
        // A symmetric pattern's halves are the same kind.
        let colour = if pattern.symmetric() {
            ZebraColour::Red
        } else {
            colour
        };
        let i = pattern.index();
        if revealed {
            let k = self.table.reveal_kind_of[i][colour_index(colour)].ok_or(missing)?;
            Ok((true, k))
        } else {
            let h = self
                .table
                .held_kinds
                .iter()
                .position(|&(j, c)| j == i && c == colour)
                .ok_or(missing)?;
            Ok((false, h))
        }
    }

    /// Whether a state with this position and difference is within the solved root's
    /// reach.
    fn covers(&self, position: &ZebraPosition, diff: i64) -> bool {
        let Some(root) = &self.root else {
            return false;
        };
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        if position.ranks() > root.index.ranks() as u64 || pairs > root.pairs {
            return false;
        }
        if self.objective != Objective::Win {
            return true;
        }
        if (diff + pairs - root.parity).rem_euclid(2) != 0 {
            return false;
        }
        // A decided lead is not stored but known; otherwise it must be in the stored range.
        (diff.abs() > pairs && self.lead_beyond(pairs).is_none())
            || self.read_as(pairs, diff).abs() <= self.bound(pairs)
    }

    /// Forgets everything and makes `position` with difference `diff` the root.
    fn start_from(&mut self, position: &ZebraPosition, diff: i64) -> Result<(), ZebraError> {
        let ranks = usize::try_from(position.ranks()).expect("ranks fit");
        let estimate = estimate(self.objective, self.pass_rule, position, diff);
        if ranks > 100 || estimate > self.max_states {
            return Err(ZebraError::TooLarge(estimate, self.max_states));
        }
        let index = CardIndex::new(ranks);
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        let len = usize::try_from(index.len()).expect("fits");
        self.slots = vec![UNSOLVED; len];
        // Only the fast solve or the plain one reads its table.
        if self.fast() {
            self.reveal_offsets = vec![[UNSOLVED; KINDS]; len];
            self.reveal_ids = Vec::new();
        } else {
            self.reveal_ids = vec![[UNSOLVED; KINDS]; len];
            self.reveal_offsets = Vec::new();
        }
        self.values = Vec::new();
        self.card_states = 0;
        self.root = Some(Root {
            index,
            pairs,
            diff: diff.abs(),
            parity: (diff + pairs).rem_euclid(2),
        });
        self.bounds = (0..=pairs)
            .map(|p| u32::try_from(self.bound(p).max(0)).expect("bound fits"))
            .collect();
        Ok(())
    }

    pub(super) fn root_index(&self) -> &CardIndex {
        &self.root().index
    }

    fn root(&self) -> &Root {
        self.root.as_ref().expect("a root is set")
    }

    /// The one stored lead larger than the pairs left that stands for all of them (`win`
    /// under `withdraw`), or `None` where such a lead decides the game (module doc, 1).
    fn lead_beyond(&self, pairs: i64) -> Option<i64> {
        (self.objective == Objective::Win && self.pass_rule == PassRule::Withdraw)
            .then(|| pairs + 2 - self.root().parity)
    }

    /// The difference whose stored value is that of `d` with `pairs` pairs left.
    fn read_as(&self, pairs: i64, d: i64) -> i64 {
        match self.lead_beyond(pairs) {
            Some(lead) if d.abs() > pairs => lead * d.signum(),
            _ => d,
        }
    }

    /// The bound stored for a card state with `pairs` pairs.
    pub(super) fn bound_of(&self, pairs: u32) -> u32 {
        self.bounds[pairs as usize]
    }

    /// The largest difference stored for a card state with `pairs` pairs.
    pub(super) fn bound(&self, pairs: i64) -> i64 {
        if self.objective != Objective::Win {
            return 0;
        }
        let root = self.root();
        let reach = root.diff + (root.pairs - pairs);
        let b = self.lead_beyond(pairs).unwrap_or(pairs).min(reach);
        // Keep the parity of the differences that can occur.
        if (b + pairs - root.parity).rem_euclid(2) == 0 {
            b
        } else {
            b - 1
        }
    }

    /// Solves a card state (with `pairs` pairs) and everything below it.
    fn ensure(&mut self, counts: &[u8; 9], pairs: i64) -> Succ {
        if pairs == 0 {
            return Succ {
                offset: Succ::TERMINAL,
                id: u32::MAX,
                pairs: 0,
                bound: 0,
            };
        }
        let id = self.root().index.of(counts);
        if self.slots[id] == UNSOLVED && self.fast() {
            self.solve_below(counts);
        }
        if self.slots[id] == UNSOLVED {
            let succ = self.successors(counts, pairs);
            let bound = self.bound(pairs);
            let values = super::bulk::card_state_values(
                self,
                counts,
                &succ,
                bound,
                self.layers,
                self.exhaustive,
            );
            let offset = u32::try_from(self.values.len()).expect("fewer than 4e9 values");
            self.values.extend(values);
            self.slots[id] = offset;
            self.reveal_ids[id] = succ.after_reveal.map(|s| s.id);
            self.card_states += 1;
        }
        self.solved(id, pairs)
    }

    /// The handle of the solved card state number `id`, with `pairs` pairs.
    fn solved(&self, id: usize, pairs: i64) -> Succ {
        let p = usize::try_from(pairs).expect("pairs >= 0");
        Succ {
            offset: self.slots[id],
            id: u32::try_from(id).expect("fewer than 4e9 card states"),
            pairs: u32::try_from(pairs).expect("pairs fit"),
            bound: self.bounds[p],
        }
    }

    /// Resolves (solving where needed) every successor card state of a card state with
    /// `pairs` pairs.
    fn successors(&mut self, counts: &[u8; 9], pairs: i64) -> Successors {
        let t = &self.table;
        let (reveal_kinds, held_kinds) = (t.reveal_kinds, t.held_kinds);
        let (reveal, reveal_twin, take_uk, take_uu) =
            (t.reveal, t.reveal_twin, t.take_uk, t.take_uu);
        let (take_kk, take_ku) = (t.take_kk, t.take_ku);
        let mut s = Successors {
            after_reveal: [Succ::NONE; KINDS],
            reveal_twin: [Succ::NONE; KINDS],
            take_uk: [Succ::NONE; KINDS],
            take_uu: [Succ::NONE; KINDS],
            reveal_two: [[Succ::NONE; KINDS]; KINDS],
            take_kk: [Succ::NONE; KINDS],
            take_ku: [Succ::NONE; KINDS],
        };
        // Many kinds lead to the same card state (a pair taken from a pattern is taken
        // the same way whichever card came first): each is resolved once.
        let mut seen = [[None::<Succ>; 10]; 9];
        let mut go = |this: &mut Self, from: usize, to: u8, pairs: i64, slot: &mut Succ| {
            let cached = &mut seen[from][usize::from(to.min(9))];
            if let Some(succ) = *cached {
                *slot = succ;
            } else if let Some(c) = moved(counts, from, to) {
                *slot = this.ensure(&c, pairs);
                *cached = Some(*slot);
            }
        };
        for k in 0..KINDS {
            let (i, _, _) = reveal_kinds[k];
            if counts[i] == 0 {
                continue;
            }
            go(self, i, reveal[k], pairs, &mut s.after_reveal[k]);
            go(self, i, reveal_twin[k], pairs, &mut s.reveal_twin[k]);
            go(self, i, take_uk[k], pairs - 1, &mut s.take_uk[k]);
            go(self, i, take_uu[k], pairs - 1, &mut s.take_uu[k]);
        }
        for h in 0..KINDS {
            let (i, _) = held_kinds[h];
            if counts[i] == 0 {
                continue;
            }
            go(self, i, take_kk[h], pairs - 1, &mut s.take_kk[h]);
            go(self, i, take_ku[h], pairs - 1, &mut s.take_ku[h]);
        }
        // Two cards shown, of ranks in kinds `k` and `k2` (another rank for the second):
        // the card state after `k`, then after `k2` from there.
        for k in 0..KINDS {
            let (i, _, _) = reveal_kinds[k];
            if counts[i] == 0 {
                continue;
            }
            let after = s.after_reveal[k].id as usize;
            for (k2, &(j, _, _)) in reveal_kinds.iter().enumerate() {
                if usize::from(counts[j]) > usize::from(i == j) {
                    s.reveal_two[k][k2] = if self.fast() {
                        let p = u32::try_from(pairs).expect("pairs fit");
                        Succ::at(self.reveal_offsets[after][k2], p, self.bound_of(p))
                    } else {
                        self.solved(self.reveal_ids[after][k2] as usize, pairs)
                    };
                }
            }
        }
        s
    }

    /// Value at the turn start of a solved card state.
    #[inline]
    pub(super) fn stored(&self, s: Succ, d: i64, after_pass: bool) -> V {
        if s.offset == Succ::TERMINAL {
            return self.final_value(d);
        }
        debug_assert!(s.offset != Succ::NONE.offset, "an impossible successor");
        let layer = usize::from(after_pass && self.layers == 2);
        let offset = s.offset as usize;
        if self.objective != Objective::Win {
            return self.values[offset + layer].clone();
        }
        let pairs = i64::from(s.pairs);
        let mut d = d;
        if d.abs() > pairs {
            match self.lead_beyond(pairs) {
                None if d > 0 => return V::one(),
                None => return V::zero(),
                Some(lead) => d = lead * d.signum(),
            }
        }
        let bound = i64::from(s.bound);
        debug_assert!(d.abs() <= bound, "difference {d} outside the stored range");
        // |d| <= bound
        let i = ((d + bound) >> 1) as usize;
        self.values[offset + layer * (s.bound as usize + 1) + i].clone()
    }

    /// The value of a game that ends now with difference `d`.
    pub(super) fn final_value(&self, d: i64) -> V {
        match self.objective {
            Objective::Win => match d.cmp(&0) {
                std::cmp::Ordering::Greater => V::one(),
                std::cmp::Ordering::Equal => V::ratio(1, 2),
                std::cmp::Ordering::Less => V::zero(),
            },
            Objective::Margin | Objective::Moves => V::zero(),
        }
    }
}

/// `counts` with one rank moved from pattern `from` to pattern index `to`.
fn moved(counts: &[u8; 9], from: usize, to: u8) -> Option<[u8; 9]> {
    if to == IMPOSSIBLE || counts[from] == 0 {
        return None;
    }
    let mut c = *counts;
    c[from] -= 1;
    if to != GONE {
        c[usize::from(to)] += 1;
    }
    Some(c)
}

fn counts_of(position: &ZebraPosition) -> [u8; 9] {
    position
        .counts()
        .map(|c| u8::try_from(c).expect("at most 100 ranks"))
}

/// A rough upper bound on the values a solve from `position` stores.
#[must_use]
pub(super) fn estimate(
    objective: Objective,
    pass_rule: PassRule,
    position: &ZebraPosition,
    diff: i64,
) -> f64 {
    let ranks = position.ranks() as f64;
    let mut card_states = 1.0;
    for i in 1..=9 {
        card_states *= (ranks + f64::from(i)) / f64::from(i);
    }
    let diffs = if objective == Objective::Win {
        (position.pairs() as f64 + diff.unsigned_abs() as f64) / 2.0 + 2.0
    } else {
        1.0
    };
    let layers = if pass_rule.remembers_pass() { 2.0 } else { 1.0 };
    card_states * diffs * layers
}
