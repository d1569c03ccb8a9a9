//! What every exact duel of two seats shares, whatever its model of the table (the
//! standard patterns, Zebra's): a turn's start (an empty table, a lead that decides, the
//! memo), a pass under each rule, a pair taken, the turn handed on, the final score.
//! Each model says only what a turn does to its table ([`TwoSeatDuel::start`]).

use std::collections::HashMap;
use std::hash::Hash;

use crate::rules::{Objective, PassRule, Variant};

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

/// Values at a turn's start: by position, pair difference for the mover, whether the
/// last turn was a pass, and seat to move.
pub type Memo<P> = HashMap<(P, i64, bool, usize), f64>;

/// The exact recursion of a duel of two seats over a model's positions. Values are for
/// the seat `who` whose turn it is: win probability or margin from here on.
pub trait TwoSeatDuel {
    /// The model's table, as the memo keys it.
    type Position: Clone + Eq + Hash;

    /// The duel's terms.
    fn terms(&self) -> Terms;
    /// The memo of turn-start values.
    fn memo(&mut self) -> &mut Memo<Self::Position>;
    /// The pairs still on `position`.
    fn pairs_left(position: &Self::Position) -> u64;
    /// The name of the policy of `who` (for a policy that breaks the rules).
    fn name(&self, who: usize) -> String;
    /// Value for `who` of its turn from the start in `position`, game not decided: its
    /// choices and what they do to the table.
    fn start(&mut self, position: &Self::Position, d: i64, after_pass: bool, who: usize) -> f64;

    /// Value for `who`, to move at the turn start.
    fn turn(&mut self, position: &Self::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let terms = self.terms();
        let pairs = i64::try_from(Self::pairs_left(position)).expect("fits");
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
        if let Some(&v) = self.memo().get(&key) {
            return v;
        }
        let v = self.start(position, d, after_pass, who);
        self.memo().insert(key, v);
        v
    }

    /// `who` passed (two known cards that do not pair) on `position`.
    fn pass(&mut self, position: &Self::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let terms = self.terms();
        match (terms.pass_rule, after_pass) {
            (PassRule::Agreed, true) | (PassRule::Quit, _) => terms.final_value(d),
            (PassRule::Withdraw, _) => 0.5,
            (PassRule::Agreed | PassRule::Ko, false) => self.hand_on(position, d, true, who),
            _ => panic!("{} passed where the rule forbids it", self.name(who)),
        }
    }

    /// `who` took a pair (the table is now `position`): they move again, or under One
    /// Flip the opponent moves (a take is not a pass).
    fn took(&mut self, position: &Self::Position, d: i64, who: usize) -> f64 {
        let terms = self.terms();
        match (terms.variant, terms.objective) {
            (Variant::Standard, Objective::Win) => self.turn(position, d + 1, false, who),
            (Variant::Standard, _) => 1.0 + self.turn(position, d, false, who),
            (Variant::OneFlip, Objective::Win) => self.hand_on(position, d + 1, false, who),
            (Variant::OneFlip, _) => 1.0 + self.hand_on(position, d, false, who),
        }
    }

    /// The turn passes to the opponent on `position`: its value for `who`.
    fn hand_on(&mut self, position: &Self::Position, d: i64, after_pass: bool, who: usize) -> f64 {
        let v = self.turn(position, -d, after_pass, 1 - who);
        match self.terms().objective {
            Objective::Win => 1.0 - v,
            _ => -v,
        }
    }
}
