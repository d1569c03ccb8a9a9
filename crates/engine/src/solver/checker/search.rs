//! The checkerboard solver: every card state up to a root's pairs solved upwards (fewer
//! pairs first, then fewer unknown cards), values stored per card state for every score
//! difference that can occur and both pass flags.

use super::position::{CHECKER_PATTERNS, CheckerPattern, CheckerPosition};
use super::{CheckerAction, CheckerError, CheckerFirstCard, CheckerState};
use crate::rules::{Back, Objective, PassRule, Variant};
use crate::solver::scalar::Scalar;

/// Where the solved values stand: the root they were solved from.
#[derive(Debug, Clone)]
struct Root {
    pairs: i64,
    /// Size of the root's difference: later ones stay within it plus the pairs taken.
    diff: i64,
    /// Parity of `d + pairs`, the same in every state of the game.
    parity: i64,
}

/// Solved values of checkerboard states, for one objective, pass rule and turn.
///
/// Solves lazily: the first question solves every card state of at most its pairs, for
/// the differences its own can lead to; a later question outside that starts again.
#[derive(Debug, Clone)]
pub struct CheckerSolver<V: Scalar = f64> {
    objective: Objective,
    pass_rule: PassRule,
    variant: Variant,
    max_states: f64,
    root: Option<Root>,
    /// Offset of each card state's values, by [`CheckerSolver::slot`].
    offsets: Vec<u32>,
    /// The stored bound of the differences, by the pairs on the table.
    bounds: Vec<u32>,
    values: Vec<V>,
    card_states: usize,
}

impl<V: Scalar> CheckerSolver<V> {
    /// A solver for `objective` under `pass_rule`, the standard turn, allowed
    /// [`crate::solver::PLAY_LIMIT`] stored values.
    #[must_use]
    pub fn new(objective: Objective, pass_rule: PassRule) -> Self {
        Self {
            objective,
            pass_rule,
            variant: Variant::Standard,
            max_states: crate::solver::PLAY_LIMIT,
            root: None,
            offsets: Vec::new(),
            bounds: Vec::new(),
            values: Vec::new(),
            card_states: 0,
        }
    }

    /// The same solver under `variant` (One Flip: a pair taken ends the turn).
    #[must_use]
    pub fn with_variant(mut self, variant: Variant) -> Self {
        self.variant = variant;
        self.root = None;
        self
    }

    /// The same solver allowed at most `max_states` stored values (estimated up front).
    #[must_use]
    pub fn with_limit(mut self, max_states: f64) -> Self {
        self.max_states = max_states;
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

    /// The turn being solved.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
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
    /// A refused question (see [`CheckerError`]).
    pub fn value(&mut self, state: &CheckerState) -> Result<V, CheckerError> {
        let actions = self.actions(state)?;
        Ok(
            crate::solver::best_of(self.objective, actions.into_iter().map(|(_, v)| v))
                .expect("a legal action always exists"),
        )
    }

    /// Every legal action in `state` with its value for the mover, in the model's order
    /// of kinds (unknown cards, then known ones).
    ///
    /// # Errors
    /// A refused question (see [`CheckerError`]).
    pub fn actions(
        &mut self,
        state: &CheckerState,
    ) -> Result<Vec<(CheckerAction, V)>, CheckerError> {
        if self.objective == Objective::Moves {
            return Err(CheckerError::Moves);
        }
        crate::rules::check_combination(self.objective, self.pass_rule)?;
        let position = &state.position;
        if position.pairs() == 0 {
            return Err(CheckerError::Empty);
        }
        let first = state
            .first
            .map(|f| others_of(position, f).map(|others| (others, f)))
            .transpose()?;
        if !self.covers(position, state.diff) {
            self.solve_from(position, state.diff)?;
        }
        let (d, p) = (state.diff, state.after_pass);
        let mut out = Vec::new();
        match first {
            None => self.starts(position, d, p, &mut |a, v| out.push((a, v))),
            Some((others, first)) => {
                self.seconds(&others, first, d, p, &mut |a, v| out.push((a, v)));
            }
        }
        Ok(out)
    }

    /// Whether a state with this position and difference is within the solved root's
    /// reach.
    fn covers(&self, position: &CheckerPosition, diff: i64) -> bool {
        let Some(root) = &self.root else {
            return false;
        };
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        if pairs > root.pairs {
            return false;
        }
        if self.objective != Objective::Win {
            return true;
        }
        if (diff + pairs - root.parity).rem_euclid(2) != 0 {
            return false;
        }
        (diff.abs() > pairs && self.lead_beyond(pairs).is_none())
            || self.read_as(pairs, diff).abs() <= self.bound(pairs)
    }

    /// Forgets everything and solves every card state of at most `position`'s pairs, for
    /// the differences a game from `position` with difference `diff` reaches.
    fn solve_from(&mut self, position: &CheckerPosition, diff: i64) -> Result<(), CheckerError> {
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        let estimate = estimate(self.objective, self.pass_rule, position, diff);
        if pairs > 60 || estimate > self.max_states {
            return Err(CheckerError::TooLarge(estimate, self.max_states));
        }
        self.root = Some(Root {
            pairs,
            diff: diff.abs(),
            parity: (diff + pairs).rem_euclid(2),
        });
        self.bounds = (0..=pairs)
            .map(|p| u32::try_from(self.bound(p).max(0)).expect("bound fits"))
            .collect();
        let side = usize::try_from(pairs).expect("pairs fit") + 1;
        self.offsets = vec![u32::MAX; side.pow(4)];
        self.values = Vec::new();
        self.card_states = 0;
        let n = u32::try_from(pairs).expect("pairs fit");
        for p in 1..=n {
            for unknown in 0..=2 * p {
                for h in 0..=unknown / 2 {
                    for r in 0..=unknown - 2 * h {
                        let b = unknown - 2 * h - r;
                        let Some(k) = p.checked_sub(h + r + b) else {
                            continue;
                        };
                        self.solve_card_state(CheckerPosition::from_counts([h, r, b, k]));
                    }
                }
            }
        }
        Ok(())
    }

    /// Solves one card state whose successors are all solved: the after-pass layer
    /// first, since a pass in the other layer leads there.
    fn solve_card_state(&mut self, position: CheckerPosition) {
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        let bound = i64::from(self.bounds[usize::try_from(pairs).expect("pairs fit")]);
        let diffs = if self.objective == Objective::Win {
            usize::try_from(bound).expect("bound >= 0") + 1
        } else {
            1
        };
        let layers = if self.pass_rule.remembers_pass() {
            2
        } else {
            1
        };
        let offset = self.values.len();
        self.values.resize(offset + layers * diffs, V::zero());
        let slot = self.slot(&position);
        self.offsets[slot] = u32::try_from(offset).expect("fewer than 4e9 values");
        self.card_states += 1;
        for layer in (0..layers).rev() {
            for i in 0..diffs {
                let d = if self.objective == Objective::Win {
                    2 * i64::try_from(i).expect("fits") - bound
                } else {
                    0
                };
                let v = self.best_start(&position, d, layer == 1);
                self.values[offset + layer * diffs + i] = v;
            }
        }
    }

    /// The best turn-start action's value.
    fn best_start(&self, position: &CheckerPosition, d: i64, after_pass: bool) -> V {
        let mut best: Option<V> = None;
        self.starts(position, d, after_pass, &mut |_, v| offer(&mut best, v));
        best.expect("a legal action always exists")
    }

    /// Each turn-start action with its value.
    fn starts(
        &self,
        position: &CheckerPosition,
        d: i64,
        after_pass: bool,
        f: &mut impl FnMut(CheckerAction, V),
    ) {
        for back in Back::BOTH {
            let unknown = position.unknown(back);
            if unknown == 0 {
                continue;
            }
            let mut sum = V::zero();
            for p in CHECKER_PATTERNS.into_iter().filter(|p| !p.knows(back)) {
                let Some(others) = position.without(p) else {
                    continue;
                };
                let first = CheckerFirstCard::Revealed(p, back);
                let mut best: Option<V> = None;
                self.seconds(&others, first, d, after_pass, &mut |_, v| {
                    offer(&mut best, v);
                });
                let best = best.expect("an unknown card can always follow");
                sum = sum.plus(&best.times(u64::from(position.count(p))));
            }
            f(CheckerAction::Unknown(back), sum.over(unknown));
        }
        for p in [
            CheckerPattern::Known,
            CheckerPattern::Seen(Back::Red),
            CheckerPattern::Seen(Back::Blue),
        ] {
            let Some(others) = position.without(p) else {
                continue;
            };
            let mut best: Option<V> = None;
            self.seconds(
                &others,
                CheckerFirstCard::Held(p),
                d,
                after_pass,
                &mut |_, v| {
                    offer(&mut best, v);
                },
            );
            if let Some(v) = best {
                f(CheckerAction::Known(p), v);
            }
        }
    }

    /// Each second-card action with its value, the first card's pair taken out of the
    /// position (`others`).
    fn seconds(
        &self,
        others: &CheckerPosition,
        first: CheckerFirstCard,
        d: i64,
        after_pass: bool,
        f: &mut impl FnMut(CheckerAction, V),
    ) {
        if first.partner_known() {
            f(CheckerAction::Match, self.cont(others, d));
        }
        for back in [first.back().other(), first.back()] {
            let (partner, shown) = first.new_cards(others, back);
            let mut sum = if partner {
                self.cont(others, d)
            } else {
                V::zero()
            };
            let mut unknown = u64::from(partner);
            for (n, after) in shown {
                sum = sum.plus(&self.opp(&after, d, false).times(u64::from(n)));
                unknown += u64::from(n);
            }
            if unknown > 0 {
                f(CheckerAction::Unknown(back), sum.over(unknown));
            }
        }
        let mut left = *others;
        left.add(first.left());
        for p in CHECKER_PATTERNS
            .into_iter()
            .filter(|&p| p != CheckerPattern::Hidden)
        {
            if others.count(p) == 0 {
                continue;
            }
            let v = if first.held() {
                self.pass(&left, d, after_pass)
            } else {
                Some(self.opp(&left, d, false))
            };
            if let Some(v) = v {
                f(CheckerAction::Known(p), v);
            }
        }
    }

    /// The mover took a pair, leaving `position`: moves again, or under One Flip hands
    /// the turn on.
    fn cont(&self, position: &CheckerPosition, d: i64) -> V {
        match (self.variant.pair_goes_again(), self.objective) {
            (true, Objective::Win) => self.stored(position, d + 1, false),
            (true, _) => V::one().plus(&self.stored(position, d, false)),
            (false, Objective::Win) => self.opp(position, d + 1, false),
            (false, _) => V::one().plus(&self.opp(position, d, false)),
        }
    }

    /// The turn ends and the opponent moves.
    fn opp(&self, position: &CheckerPosition, d: i64, after_pass: bool) -> V {
        let v = self.stored(position, -d, after_pass);
        match self.objective {
            Objective::Win => V::one().minus(&v),
            _ => V::zero().minus(&v),
        }
    }

    /// Value of passing now (the position unchanged), if the rule allows it.
    fn pass(&self, position: &CheckerPosition, d: i64, after_pass: bool) -> Option<V> {
        match (self.pass_rule, after_pass) {
            (PassRule::None, _) | (PassRule::Ko, true) => None,
            (PassRule::Agreed, true) | (PassRule::Quit, _) => Some(self.final_value(d)),
            (PassRule::Withdraw, _) => Some(V::ratio(1, 2)),
            (PassRule::Agreed | PassRule::Ko, false) => Some(self.opp(position, d, true)),
        }
    }

    /// Value at the turn start of a solved card state.
    fn stored(&self, position: &CheckerPosition, d: i64, after_pass: bool) -> V {
        let pairs = i64::try_from(position.pairs()).expect("pairs fit");
        if pairs == 0 {
            return self.final_value(d);
        }
        let offset = self.offsets[self.slot(position)] as usize;
        debug_assert!(offset != u32::MAX as usize, "an unsolved card state");
        let layer = usize::from(after_pass && self.pass_rule.remembers_pass());
        if self.objective != Objective::Win {
            return self.values[offset + layer].clone();
        }
        let mut d = d;
        if d.abs() > pairs {
            match self.lead_beyond(pairs) {
                None if d > 0 => return V::one(),
                None => return V::zero(),
                Some(lead) => d = lead * d.signum(),
            }
        }
        let bound = i64::from(self.bounds[usize::try_from(pairs).expect("pairs fit")]);
        debug_assert!(d.abs() <= bound, "difference {d} outside the stored range");
        let diffs = usize::try_from(bound).expect("bound >= 0") + 1;
        let i = usize::try_from((d + bound) / 2).expect("within the bound");
        self.values[offset + layer * diffs + i].clone()
    }

    /// The value of a game that ends now with difference `d`.
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

    /// Where a card state's offset is kept.
    fn slot(&self, position: &CheckerPosition) -> usize {
        let side = usize::try_from(self.root().pairs).expect("pairs fit") + 1;
        position
            .counts()
            .iter()
            .fold(0, |acc, &c| acc * side + c as usize)
    }

    fn root(&self) -> &Root {
        self.root.as_ref().expect("a root is set")
    }

    /// The one stored lead larger than the pairs left that stands for all of them (`win`
    /// under `withdraw`), or `None` where such a lead decides the game.
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

    /// The largest difference stored for a card state with `pairs` pairs.
    fn bound(&self, pairs: i64) -> i64 {
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
}

/// The position without the first card's pair, if the first card can be what it says.
fn others_of(
    position: &CheckerPosition,
    first: CheckerFirstCard,
) -> Result<CheckerPosition, CheckerError> {
    let p = first.pattern();
    let (fits, what) = match first {
        CheckerFirstCard::Revealed(_, back) => (!p.knows(back), "an unknown card of that back"),
        CheckerFirstCard::Held(_) => (p != CheckerPattern::Hidden, "a known card"),
    };
    position
        .without(p)
        .filter(|_| fits)
        .ok_or(CheckerError::NoSuchFirst(p, what))
}

/// Keeps the largest value offered.
fn offer<V: Scalar>(best: &mut Option<V>, v: V) {
    if best.as_ref().is_none_or(|b| v > *b) {
        *best = Some(v);
    }
}

/// A rough upper bound on the values a solve from `position` stores.
#[must_use]
pub(super) fn estimate(
    objective: Objective,
    pass_rule: PassRule,
    position: &CheckerPosition,
    diff: i64,
) -> f64 {
    let pairs = position.pairs() as f64;
    let card_states = (1..=4).fold(1.0, |acc, i| acc * (pairs + f64::from(i)) / f64::from(i));
    let diffs = if objective == Objective::Win {
        (pairs + diff.unsigned_abs() as f64) / 2.0 + 2.0
    } else {
        1.0
    };
    let layers = if pass_rule.remembers_pass() { 2.0 } else { 1.0 };
    card_states * diffs * layers
}
