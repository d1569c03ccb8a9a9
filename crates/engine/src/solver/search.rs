//! The exact solver: values of every position reachable from a root, by memoised
//! recursion over the abstract state (pattern counts, score difference, after-pass flag).
//!
//! Each card state (the multiset of patterns) is solved once, for every score
//! difference and both values of the after-pass flag at once, so a hash lookup is paid
//! per card state rather than per full state. Every turn either reveals a card or removes
//! a pair, except a pass, which keeps the cards and sets the after-pass flag; so the card
//! states form a DAG, and within one card state the after-pass layer is solved first.
//! A large solve from a fresh solver runs height by height on all cores instead
//! (`levels.rs`), and a smaller one from the start of a game counts the card states up
//! in the dense index's order (`upward.rs`), both with the same values; which known
//! pairs are taken without weighing the alternatives, and why that is safe, is in
//! [`super::pruning`].
//!
//! Under One Flip (`docs/variants.md`) a pair taken hands the move on, like a miss that
//! scores (`Node::take`); nothing else changes: the card states, the after-pass layer
//! and the decided leads are the same, and no pair is taken without weighing the rest.

use rustc_hash::FxHashMap;

mod columns;
mod dense;
mod estimate;
mod kernel;
mod known_pairs;
mod levels;
mod node;
mod recursive;
mod state;
mod tables;
mod takes;
mod upward;
mod walk;

use dense::Dense;
pub use estimate::{estimate_states, estimate_states_for};
use levels::Level;
pub use node::best_of;
use node::{Best, Node, Second};
pub use state::{Action, FirstCard, SolveError, State};
use tables::{Entry, PatternTable, Spare, Successors};
use takes::Link;
use walk::Steps;

use super::card_key::{self, GONE};
use super::position::Position;
use super::pruning::{harmless, prunable_under};
use super::scalar::Scalar;
use crate::rules::{Objective, PassRule, Variant};

const TERMINAL: u32 = u32::MAX;
const NONE: u32 = u32::MAX - 1;

/// Solved values of every state reachable from a root.
#[derive(Debug, Clone)]
pub struct Solver<V: Scalar = f64> {
    objective: Objective,
    pass_rule: PassRule,
    /// Whether a pair taken passes the turn (`docs/variants.md`, One Flip).
    one_flip: bool,
    copies: u8,
    table: PatternTable,
    width: u32,
    /// Size of the root's score difference: later differences stay within it plus the
    /// pairs taken since.
    root_diff: i64,
    root_pairs: i64,
    parity: i64,
    layers: usize,
    /// Whether each card state solved also stores its turn-start layer as the opponent
    /// sees it, after its layers (`f64` under `win`: see `kernel.rs`).
    mirrored: bool,
    /// Entries of the card states solved one by one (recursively).
    index: FxHashMap<u128, u32>,
    /// Entries of the card states solved in bulk, by height (see `levels.rs`).
    levels: Vec<Level>,
    /// The entries of both by dense number, for the card states below the first root
    /// asked about, where the index is small enough (see `dense.rs`): the lookup the
    /// solve makes for every successor.
    dense: Option<Dense>,
    entries: Vec<Entry>,
    /// Solved values in segments: the first grows one card state at a time (the
    /// recursive solve), each further one holds a height of a bulk solve, moved in
    /// whole.
    values: Vec<Vec<V>>,
    /// Values stored, over all segments.
    stored_values: usize,
    /// Closed-form values for `moves` on pairs decks, if given.
    moves: Option<MovesShortcut<V>>,
    /// Whether harmless known pairs are taken without evaluating the alternatives.
    prune: bool,
    /// The bits of a key that count labels in harmless patterns (see `takes.rs`).
    harmless_fields: u128,
    /// One label in each pattern, as a key ([`Self::moved`] a few million times a solve).
    units: Vec<u128>,
    /// Every pattern's moves, harmless takes folded in where the solve prunes (shared
    /// so that the recursive solve can walk them while it solves).
    steps: std::sync::Arc<Steps>,
    /// Told the number of states solved so far, now and then during a long solve.
    progress: Option<Progress>,
    /// Whether a large solve is spread over all cores (see [`Self::sequential`]).
    parallel: bool,
    /// Buffers the recursive solve reuses from one card state to the next (it visits
    /// tens of thousands a second: an allocation each would cost as much as the
    /// arithmetic).
    spare: Spare<V>,
}

/// Estimated states from which a solve is spread over all cores (about `24x4`): below
/// it, the recursive solve's better use of the cache and the threads' overhead on each
/// height outweigh the second core (measured with `cargo bench --bench solver`).
const PARALLEL_FROM: f64 = 2e7;

/// A progress callback (see [`Solver::with_progress`]).
#[derive(Clone)]
struct Progress(std::sync::Arc<dyn Fn(usize) + Send + Sync>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

/// Card states solved between two progress reports.
const PROGRESS_EVERY: usize = 1 << 14;

/// Values `e(n, k)` of the solitaire game on a pairs deck (`n` pairs, `k` known single
/// cards, no known pair), as Foerster & Wattenhofer's recurrence gives them.
pub trait MovesOracle<V>: Send + Sync {
    /// `e(n, k)`.
    fn expected_moves(&self, n: u64, k: u64) -> V;
}

/// A shared [`MovesOracle`].
#[derive(Clone)]
struct MovesShortcut<V>(std::sync::Arc<dyn MovesOracle<V>>);

impl<V> std::fmt::Debug for MovesShortcut<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MovesShortcut")
    }
}

impl<V: Scalar> Solver<V> {
    /// A solver of the standard game for `objective` under `pass_rule`, for the
    /// positions reachable from `root` with score difference `diff` (only its size
    /// matters).
    ///
    /// # Errors
    /// An invalid objective/pass-rule pair, or a root too large to solve within
    /// `max_states` stored values.
    pub fn new(
        objective: Objective,
        pass_rule: PassRule,
        root: &Position,
        diff: i64,
        max_states: f64,
    ) -> Result<Self, SolveError> {
        Self::with_variant(
            objective,
            pass_rule,
            Variant::Standard,
            root,
            diff,
            max_states,
        )
    }

    /// [`Solver::new`] for the game played under `variant`.
    ///
    /// # Errors
    /// As [`Solver::new`], and [`SolveError::MovesOneFlip`] for `moves` under One Flip.
    pub fn with_variant(
        objective: Objective,
        pass_rule: PassRule,
        variant: Variant,
        root: &Position,
        diff: i64,
        max_states: f64,
    ) -> Result<Self, SolveError> {
        if objective != Objective::Moves {
            crate::rules::check_combination(objective, pass_rule)?;
        } else if variant == Variant::OneFlip {
            return Err(SolveError::MovesOneFlip);
        }
        let table = PatternTable::new(root.copies());
        let width = (128 / u32::try_from(table.list.len()).expect("few patterns")).min(32);
        let labels = root.labels();
        let estimate = estimate_states_for(variant, objective, pass_rule, root, diff);
        if labels >= 1u64 << width.min(63) || estimate > max_states {
            return Err(SolveError::TooLarge(estimate, max_states));
        }
        let root_pairs = i64::try_from(root.pairs()).expect("pairs fit");
        let harmless_fields = (0..table.list.len())
            .filter(|&a| harmless(table.list[a]))
            .map(|a| ((1u128 << width) - 1) << (width * u32::try_from(a).expect("few patterns")))
            .sum();
        let layers = if objective != Objective::Moves && pass_rule.remembers_pass() {
            2
        } else {
            1
        };
        let units = (0..table.list.len())
            .map(|a| card_key::unit(width, a))
            .collect();
        let prune = prunable_under(variant, objective, pass_rule);
        let steps = std::sync::Arc::new(Steps::new(&table, width, prune));
        Ok(Self {
            objective,
            pass_rule,
            one_flip: variant == Variant::OneFlip,
            copies: root.copies(),
            table,
            width,
            root_diff: diff.abs(),
            root_pairs,
            parity: (diff + root_pairs).rem_euclid(2),
            layers,
            mirrored: objective == Objective::Win && V::as_f64s(&[]).is_some(),
            index: FxHashMap::default(),
            levels: Vec::new(),
            dense: None,
            entries: Vec::new(),
            values: vec![Vec::new()],
            stored_values: 0,
            moves: None,
            prune,
            harmless_fields,
            units,
            steps,
            progress: None,
            parallel: true,
            spare: Spare::default(),
        })
    }

    /// Calls `report` with the number of states solved so far every few thousand card
    /// states (for a progress bar; [`estimate_states`] gives the rough total).
    #[must_use]
    pub fn with_progress(mut self, report: impl Fn(usize) + Send + Sync + 'static) -> Self {
        self.progress = Some(Progress(std::sync::Arc::new(report)));
        self
    }

    fn report_progress(&self) {
        if let Some(Progress(report)) = &self.progress
            && self.entries.len().is_multiple_of(PROGRESS_EVERY)
        {
            report(self.stored_values);
        }
    }

    /// The same solver without pruning: every action of every state is evaluated (the
    /// reference the pruned solver is checked against).
    #[must_use]
    pub fn exhaustive(mut self) -> Self {
        self.prune = false;
        self.refold();
        self
    }

    /// Makes the moves fold harmless takes in exactly where [`Self::after_harmless_takes`]
    /// takes them.
    fn refold(&mut self) {
        let fold = self.prune && self.moves.is_none();
        self.steps = std::sync::Arc::new(Steps::new(&self.table, self.width, fold));
    }

    /// The same solver on one core: the recursive solve only (the reference the
    /// level-by-level parallel solve is checked against, value by value).
    #[must_use]
    pub fn sequential(mut self) -> Self {
        self.parallel = false;
        self
    }

    /// A label in this card state whose known pair is taken at once, if any (see
    /// [`super::pruning`]).
    fn harmless_take(&self, counts: &[u64]) -> Option<usize> {
        if !self.prune {
            return None;
        }
        (0..counts.len()).find(|&a| counts[a] > 0 && harmless(self.table.list[a]))
    }

    /// A `moves` solver for a pairs deck (`C = 2`) that takes the value of every state
    /// from `oracle` instead of recursing: a state with `c` known pairs, `k` known single
    /// cards and `n - k` unknown pairs is worth `c + e(n, k)`, because the greedy
    /// strategy is optimal and a known pair always costs exactly one turn (Foerster &
    /// Wattenhofer, Lemma 4.1; `tests/it/published.rs` checks both against the full
    /// recursion). Only the actions of the state asked about are evaluated, so any size
    /// the oracle covers is instant.
    ///
    /// # Errors
    /// None in practice; the signature matches [`Solver::new`].
    ///
    /// # Panics
    /// If `root` is not a pairs-deck position.
    pub fn with_moves_oracle(
        root: &Position,
        oracle: std::sync::Arc<dyn MovesOracle<V>>,
    ) -> Result<Self, SolveError> {
        assert_eq!(root.copies(), 2, "the moves oracle is for pairs decks");
        let mut solver = Self::new(
            Objective::Moves,
            PassRule::Agreed,
            &Position::empty(2),
            0,
            f64::INFINITY,
        )?;
        solver.root_pairs = i64::try_from(root.pairs()).expect("fits");
        solver.moves = Some(MovesShortcut(oracle));
        solver.refold();
        Ok(solver)
    }

    /// Card states solved so far.
    #[must_use]
    pub fn card_states(&self) -> usize {
        self.entries.len()
    }

    /// Full states (card state, difference, after-pass flag) solved so far.
    #[must_use]
    pub fn states(&self) -> usize {
        self.stored_values
    }

    /// The objective being solved.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The variant being solved.
    #[must_use]
    pub fn variant(&self) -> Variant {
        if self.one_flip {
            Variant::OneFlip
        } else {
            Variant::Standard
        }
    }

    /// The value of a state for the mover (at the turn start or after the first card).
    ///
    /// # Errors
    /// A state unreachable from the root, or a first card not on the table.
    pub fn value(&mut self, state: &State) -> Result<V, SolveError> {
        let actions = self.actions(state)?;
        Ok(
            best_of(self.objective, actions.iter().map(|(_, v)| v.clone()))
                .expect("a legal action always exists"),
        )
    }

    /// Every available action in a state with its value.
    ///
    /// # Errors
    /// A state unreachable from the root, or a first card not on the table.
    pub fn actions(&mut self, state: &State) -> Result<Vec<(Action, V)>, SolveError> {
        let key = self.key_of(&state.position);
        if state.position.pairs() == 0 {
            return Err(SolveError::Unreachable);
        }
        let pairs = i64::try_from(state.position.pairs()).expect("pairs fit");
        if self.objective == Objective::Win && !self.stores(pairs, state.diff) {
            return Err(SolveError::Unreachable);
        }
        if self.entries.is_empty() && self.dense.is_none() && self.moves.is_none() {
            // The moves oracle solves a few card states only: no index for it.
            let (root, _) = self.after_harmless_takes(key);
            self.dense = self.dense_below(root);
        }
        // The size first: asking for the threads starts them, which a small solve (most
        // of them) does not need.
        if self.parallel
            && self.moves.is_none()
            && self.entries.is_empty()
            && estimate_states_for(
                self.variant(),
                self.objective,
                self.pass_rule,
                &state.position,
                state.diff,
            ) >= PARALLEL_FROM
            && rayon::current_num_threads() > 1
        {
            self.solve_by_levels(key);
        }
        if self.entries.is_empty() && self.moves.is_none() {
            let (root, _) = self.after_harmless_takes(key);
            if self.solves_upwards(root) {
                self.solve_upwards();
            }
        }
        let own = self.ensure(key);
        let counts = self.unpack(key);
        let succ = self.successors(key, &counts);
        self.complete(own, key, &succ);
        let node = Node::new(self, &counts, &succ, own, true);
        let (d, p) = (state.diff, state.after_pass);
        let mut out = Vec::new();
        match state.first {
            None => node.turn_start(d, p, &mut |a, v| out.push((a, v))),
            Some(first) => {
                let (held, pattern) = match first {
                    FirstCard::Revealed(q) => (false, q),
                    FirstCard::Held(q) => (true, q),
                };
                let a = self
                    .table
                    .list
                    .iter()
                    .position(|&q| q == pattern)
                    .filter(|&a| {
                        node.counts[a] > 0
                            && if held {
                                pattern.known() > 0
                            } else {
                                pattern.unknown > 0
                            }
                    })
                    .ok_or(SolveError::NoSuchFirst(pattern))?;
                let mut push = |second: Second, v: V| match second {
                    Second::Match => out.push((Action::Match, v)),
                    Second::Unknown => out.push((Action::Unknown, v)),
                    Second::KnownOther => {
                        for q in node.other_known_patterns(a) {
                            out.push((Action::Known(self.table.list[q]), v.clone()));
                        }
                    }
                };
                if held {
                    node.second_held(a, d, p, &mut push);
                } else {
                    node.second_revealed(a, d, &mut push);
                }
            }
        }
        Ok(out)
    }

    /// Whether the difference `d` is stored for a card state with `pairs` pairs (or is
    /// decided outright).
    fn stores(&self, pairs: i64, d: i64) -> bool {
        if d.abs() > pairs && self.lead_beyond(pairs).is_none() {
            return true;
        }
        (d + pairs - self.parity).rem_euclid(2) == 0
            && self.read_as(pairs, d).abs() <= self.bound(pairs)
    }

    /// The one stored lead larger than the pairs left that stands for all of them (`win`
    /// under `withdraw`), or `None` where such a lead decides the game.
    ///
    /// Under `withdraw` the player behind can still force a draw with a pass, so a lead
    /// larger than the pairs left means "the leader wins or the game is drawn by a pass";
    /// every such lead plays the same (taking a pair keeps it larger than the pairs
    /// left), so one value, for the smallest such lead of the parity that occurs, is
    /// stored for them all.
    fn lead_beyond(&self, pairs: i64) -> Option<i64> {
        (self.objective == Objective::Win && self.pass_rule == PassRule::Withdraw)
            .then(|| pairs + 2 - self.parity)
    }

    /// The difference whose stored value is that of `d` with `pairs` pairs left.
    fn read_as(&self, pairs: i64, d: i64) -> i64 {
        match self.lead_beyond(pairs) {
            Some(lead) if d.abs() > pairs => lead * d.signum(),
            _ => d,
        }
    }

    fn bound(&self, pairs: i64) -> i64 {
        if self.objective != Objective::Win {
            return 0;
        }
        let reach = self.root_diff + (self.root_pairs - pairs);
        let b = self.lead_beyond(pairs).unwrap_or(pairs).min(reach);
        // Keep the parity of the differences that can occur.
        if (b + pairs - self.parity).rem_euclid(2) == 0 {
            b
        } else {
            b - 1
        }
    }

    fn key_of(&self, position: &Position) -> u128 {
        assert_eq!(position.copies(), self.copies, "position for another deck");
        card_key::pack(position.counts(), self.width)
    }

    fn unpack(&self, key: u128) -> card_key::Counts {
        card_key::unpack(key, self.width, self.table.list.len())
    }

    /// `key` with one label moved from pattern `from` to `to` ([`GONE`]: off the table).
    fn moved(&self, key: u128, from: usize, to: u32) -> u128 {
        let k = key - self.units[from];
        if to == GONE {
            k
        } else {
            k + self.units[to as usize]
        }
    }

    /// Solves a card state and everything below it, unless solved; returns its entry.
    #[inline]
    fn ensure(&mut self, key: u128) -> u32 {
        if key == 0 {
            return TERMINAL;
        }
        match self.entry_of(key) {
            Some(id) => id,
            None => self.solve(key, None),
        }
    }

    /// The entry of a solved card state, if it is solved.
    #[inline]
    fn entry_of(&self, key: u128) -> Option<u32> {
        if let Some(dense) = &self.dense
            && let Some(id) = dense.entry(key)
        {
            return id;
        }
        if let Some(&id) = self.index.get(&key) {
            return Some(id);
        }
        // With a dense index the bulk solve's card states are all in it.
        if self.levels.is_empty() || self.dense.is_some() {
            None
        } else {
            self.bulk_entry(key)
        }
    }

    /// Stores the values of a solved card state (both layers, turn start first), whose
    /// dense number is `number` if known; returns its entry.
    fn push_entry(
        &mut self,
        key: u128,
        number: Option<usize>,
        pairs: i64,
        bound: i64,
        pruned: bool,
        values: &[V],
    ) -> u32 {
        let id = self.push_values(pairs, bound, pruned, values);
        let numbered = match (&mut self.dense, number) {
            (Some(dense), Some(n)) => {
                dense.set(n, id);
                true
            }
            (Some(dense), None) => dense.insert(key, id),
            (None, _) => false,
        };
        // The hash index holds what the dense one does not (the unit tests walk it,
        // so there it holds every card state solved one by one: lookups look in the
        // dense index first, so the same entries are found either way).
        if !numbered || cfg!(test) {
            self.index.insert(key, id);
        }
        id
    }

    /// Stores the values of a solved card state without indexing it; returns its entry.
    fn push_values(&mut self, pairs: i64, bound: i64, pruned: bool, values: &[V]) -> u32 {
        let id = u32::try_from(self.entries.len()).expect("fewer than 4e9 card states");
        let slots = usize::try_from(bound + 1).expect("bound >= 0");
        let layers = if pruned { 1 } else { self.layers };
        let stored = if pruned { 1 } else { self.stored_layers() };
        let offset = self.append(values);
        debug_assert!(
            self.values[0].len() - offset == slots * stored + self.store_padding()
                || self.moves.is_some()
        );
        self.stored_values += slots * layers;
        self.entries
            .push(Entry::new(0, offset, pairs, bound, pruned));
        id
    }

    /// Appends values to the first segment of the store; returns where they start.
    /// Under [`Self::mirrored`] every segment ends in [`Self::store_padding`] zeros
    /// (moved along as values are appended), so that the kernel's padded columns
    /// read in place do not run past the end.
    fn append(&mut self, values: &[V]) -> usize {
        let padding = self.store_padding();
        let store = &mut self.values[0];
        let offset = store.len().saturating_sub(padding);
        store.truncate(offset);
        // From a slice: a copy of the whole block for `f64`.
        store.extend_from_slice(values);
        store.resize(store.len() + padding, V::zero());
        offset
    }

    /// Zeros at the end of each segment of the store: see [`Self::append`].
    fn store_padding(&self) -> usize {
        if self.mirrored { kernel::LANES - 1 } else { 0 }
    }

    /// Layers a solved card state stores: its values, and the mirror of the turn-start
    /// layer where [`Self::mirrored`].
    fn stored_layers(&self) -> usize {
        self.layers + usize::from(self.mirrored)
    }

    /// Pairs on the table in a card state.
    fn pairs_of(&self, counts: &[u64]) -> i64 {
        counts
            .iter()
            .zip(&self.table.list)
            .map(|(&n, p)| i64::try_from(n).expect("fits") * i64::from(p.on_table / 2))
            .sum()
    }

    /// Layers stored for an entry: a pruned one has only its turn-start layer.
    #[cfg(test)]
    fn layers_of(&self, e: Entry) -> usize {
        if e.pruned { 1 } else { self.layers }
    }

    /// Value at the turn start of a solved card state.
    #[inline]
    fn stored(&self, entry: u32, d: i64, after_pass: bool) -> V {
        if entry == TERMINAL {
            return self.final_value(d);
        }
        let e = self.entries[entry as usize];
        let layer = usize::from(after_pass && self.layers == 2);
        debug_assert!(
            layer == 0 || !e.pruned,
            "the after-pass layer of a pruned state is read only once completed"
        );
        if self.objective != Objective::Win {
            return self.values[e.segment as usize][e.offset() + layer].clone();
        }
        let mut d = d;
        if d.abs() > e.pairs() {
            match self.lead_beyond(e.pairs()) {
                None if d > 0 => return V::one(),
                None => return V::zero(),
                Some(lead) => d = lead * d.signum(),
            }
        }
        debug_assert!(
            d.abs() <= e.bound(),
            "difference {d} outside the stored range"
        );
        // |d| <= bound
        let i = ((d + e.bound()) >> 1) as usize;
        self.values[e.segment as usize][e.offset() + layer * e.slots() + i].clone()
    }

    /// The value of a game that ends now with difference `d` (empty table or agreed end).
    fn final_value(&self, d: i64) -> V {
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
