//! What every exact duel shares, whatever its model of the table (the standard patterns,
//! Zebra's): the chance nodes of a turn ([`Chances`]: which first cards an action may
//! show, what the second card does), and the frame of a duel of two seats (a turn's
//! start, a lead that decides, the memo, a pass under each rule, a pair taken, the turn
//! handed on, the final score). A model says only what a card turned does to its table;
//! the recursion is written here once.

use std::collections::HashMap;
use std::hash::Hash;

use crate::model::Model;
use crate::rules::{Deck, Objective, PassRule, Variant};

/// What a card turned does to a model's table, with the chance of each outcome: the
/// chance nodes the exact duels walk (two seats here, a table of seats in `seats_duel`).
pub trait Chances: Model {
    /// The model's table, as the memo keys it.
    type Position: Clone + Eq + Hash;

    /// The table at the start of a game of `deck`.
    fn start(deck: &Deck) -> Self::Position;

    /// The points still on `position`: its pairs, the jokers that count double 2.
    fn pairs_left(position: &Self::Position) -> u64;

    /// The decision point of two seats on `position`: the mover's lead `diff`, whether
    /// the last turn was a pass, the turn's first card.
    fn two_seat_state(
        position: &Self::Position,
        diff: i64,
        after_pass: bool,
        first: Option<Self::First>,
    ) -> Self::State;

    /// The first cards `action` at the turn start may show, each with its weight (a
    /// seen card: itself, weight 1).
    ///
    /// # Panics
    /// If `action` is no turn-start action.
    fn firsts(position: &Self::Position, action: Self::Action) -> Vec<(f64, Self::First)>;

    /// What the second card does after `first` when the mover plays `action`: each
    /// outcome with its weight (the weights count the cards that give it).
    fn seconds(
        position: &Self::Position,
        first: Self::First,
        action: Self::Action,
    ) -> Vec<(f64, Turned<Self::Position>)>;
}

/// What a turn's second card did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turned<P> {
    /// A pair taken; the table is now this.
    Took(P),
    /// No pair, something shown: the turn passes on; the table is now this.
    HandedOn(P),
    /// Two seen cards that do not pair: a pass, the table unchanged.
    Passed,
}

/// The expected value over weighted outcomes: `Σ w·value / Σ w`, in the listed order.
pub fn expected<O>(outcomes: Vec<(f64, O)>, mut value: impl FnMut(O) -> f64) -> f64 {
    let (mut sum, mut total) = (0.0, 0.0);
    for (w, o) in outcomes {
        sum += w * value(o);
        total += w;
    }
    sum / total
}

/// What a duel scores and how its turns go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Win probability (half for a draw), or the pair margin.
    pub objective: Objective,
    /// What a pass does.
    pub pass_rule: PassRule,
    /// Whether a pair taken goes again.
    pub variant: Variant,
}

impl Terms {
    /// The score of a finished game with pair difference `d` for the player scored.
    fn final_value(self, d: i64) -> f64 {
        match self.objective {
            Objective::Win => match d.cmp(&0) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            },
            _ => 0.0,
        }
    }
}

/// How a seat of a duel decides: the actions it would take at a decision point (one, for
/// a policy; several, for a side that takes the best of them for itself).
pub type Chooser<'a, M> = Box<dyn FnMut(&<M as Model>::State) -> Vec<<M as Model>::Action> + 'a>;

/// The exact recursion of a duel of two seats over model `M`'s chance nodes. Values are
/// for the seat `who` whose turn it is: win probability or margin from here on.
pub struct HeadToHead<'a, M: Chances> {
    terms: Terms,
    sides: [Chooser<'a, M>; 2],
    /// Values at a turn's start: by position, pair difference for the mover, whether
    /// the last turn was a pass, and seat to move.
    memo: HashMap<(M::Position, i64, bool, usize), f64>,
}

impl<'a, M: Chances> HeadToHead<'a, M> {
    /// The first seat's exact expected result from the start of `deck` when `sides` play
    /// each other under `terms`.
    ///
    /// # Panics
    /// If a side chooses an illegal action, or the objective is `moves`.
    pub fn play(deck: &Deck, terms: Terms, sides: [Chooser<'a, M>; 2]) -> f64 {
        assert!(
            terms.objective != Objective::Moves,
            "a duel needs two players"
        );
        let mut duel = Self {
            terms,
            sides,
            memo: HashMap::new(),
        };
        duel.turn(&M::start(deck), 0, false, 0)
    }

    /// Value for `who`, to move at the turn start.
    fn turn(&mut self, position: &M::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let terms = self.terms;
        let pairs = i64::try_from(M::pairs_left(position)).expect("fits");
        if pairs == 0 {
            return terms.final_value(d);
        }
        // A lead larger than the pairs left decides the game, except under `withdraw`,
        // where the player behind may still force a draw with a pass.
        if terms.objective == Objective::Win
            && terms.pass_rule != PassRule::Withdraw
            && d.abs() > pairs
        {
            return if d > 0 { 1.0 } else { 0.0 };
        }
        let key = (position.clone(), d, after_pass, who);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let state = M::two_seat_state(position, d, after_pass, None);
        let v = self.best_of(&state, who, |duel, action| {
            expected(M::firsts(position, action), |first| {
                duel.second(position, first, d, after_pass, who)
            })
        });
        self.memo.insert(key, v);
        v
    }

    /// Value for `who` after the first card of the turn.
    fn second(
        &mut self,
        position: &M::Position,
        first: M::First,
        d: i64,
        after_pass: bool,
        who: usize,
    ) -> f64 {
        let state = M::two_seat_state(position, d, after_pass, Some(first));
        self.best_of(&state, who, |duel, action| {
            expected(M::seconds(position, first, action), |turned| match turned {
                Turned::Took(next) => {
                    // What the pair scores: the points it took off the table.
                    let points = M::pairs_left(position) - M::pairs_left(&next);
                    duel.took(&next, d, i64::try_from(points).expect("fits"), who)
                }
                Turned::HandedOn(next) => duel.hand_on(&next, d, false, who),
                Turned::Passed => duel.pass(position, d, after_pass, who),
            })
        })
    }

    /// The value for `who` of the action its side takes at `state`, or of the best of
    /// the ones it weighs.
    fn best_of(
        &mut self,
        state: &M::State,
        who: usize,
        mut value: impl FnMut(&mut Self, M::Action) -> f64,
    ) -> f64 {
        (self.sides[who])(state)
            .into_iter()
            .map(|a| value(self, a))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// `who` passed (two known cards that do not pair) on `position`.
    fn pass(&mut self, position: &M::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let terms = self.terms;
        match (terms.pass_rule, after_pass) {
            (PassRule::Agreed, true) | (PassRule::Quit, _) => terms.final_value(d),
            (PassRule::Withdraw, _) => 0.5,
            (PassRule::Agreed | PassRule::Ko, false) => self.hand_on(position, d, true, who),
            _ => panic!("seat {who} passed where the rule forbids it"),
        }
    }

    /// `who` took a pair worth `points` (the table is now `position`): they move again,
    /// or under One Flip the opponent moves (a take is not a pass).
    fn took(&mut self, position: &M::Position, d: i64, points: i64, who: usize) -> f64 {
        let terms = self.terms;
        let worth = points as f64;
        match (terms.variant, terms.objective) {
            (Variant::Standard, Objective::Win) => self.turn(position, d + points, false, who),
            (Variant::Standard, _) => worth + self.turn(position, d, false, who),
            (Variant::OneFlip, Objective::Win) => self.hand_on(position, d + points, false, who),
            (Variant::OneFlip, _) => worth + self.hand_on(position, d, false, who),
            // Its turn has two movers on two fields: `analysis::two_decks_duel` values it.
            (Variant::Duel(_), _) => panic!("the Two Decks Duel is not a turn of one mover"),
        }
    }

    /// The turn passes to the opponent on `position`: its value for `who`.
    fn hand_on(&mut self, position: &M::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let v = self.turn(position, -d, after_pass, 1 - who);
        match self.terms.objective {
            Objective::Win => 1.0 - v,
            _ => -v,
        }
    }
}
