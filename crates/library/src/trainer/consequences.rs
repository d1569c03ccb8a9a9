//! What an action does this turn, in numbers drawn from the public state alone: the
//! chance it takes a pair now, the chance it ends the turn handing the next player (the
//! opponent, at two seats) a pair, the pairs it makes this turn, and for a pass what the
//! rule does next.

use std::collections::HashMap;

use super::ValuesError;
use crate::model::{Oracle, Patterns};
use crate::rules::{PassRule, PublicView};
use crate::solver::{Action, FirstCard, Position, State};

/// The immediate consequences of one action at a decision point.
#[derive(Debug, Clone, PartialEq)]
pub struct Consequences {
    /// Chance that this action, with the best second card after it, takes a pair now.
    pub pair_now: f64,
    /// Chance that the turn ends showing the next player (the opponent, at two seats) a
    /// card whose partner is seen.
    pub hand_over: f64,
    /// Expected pairs this turn, playing on as the optimal player would.
    pub pairs_this_turn: f64,
    /// For a pass: what the rule does next.
    pub pass: Option<PassEffect>,
    /// For a pass the opponent may pass back (`agreed`, two seats): what they do.
    pub reply: Option<Reply>,
}

/// What the opponent does after a pass they may pass back, as the optimal player would:
/// the pass rule says what a pass back would do, this says whether it comes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reply {
    /// They pass back, and the game ends as the rule says.
    PassesBack,
    /// They play on instead.
    PlaysOn {
        /// Pairs left on the table.
        pairs_left: u64,
        /// Whether every hidden card's partner has been seen: each hidden card then
        /// makes a pair.
        partners_seen: bool,
        /// The pairs they take in that turn, on average.
        pairs_this_turn: f64,
    },
}

/// What a pass does under the rule in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassEffect {
    /// The game ends now, scored as it stands (`agreed` after a pass, `quit`); the
    /// mover's pairs minus the opponent's.
    EndsNow(i64),
    /// The game ends now as a draw (`withdraw`).
    EndsDrawn,
    /// The opponent may pass back, which ends the game at this difference (`agreed`).
    EndsIfPassedBack(i64),
    /// The opponent may not pass back (`ko`).
    NoPassBack,
    /// Solitaire: a wasted move.
    Wasted,
    /// Three or more seats under `agreed`: the game ends, the pairs left going to nobody,
    /// once this many more players pass in a row after this one (0: it ends now).
    EndsAfterPasses(u8),
}

/// What the pass rule does when the mover passes in `state`.
#[must_use]
pub fn pass_effect(pass_rule: Option<PassRule>, state: &State) -> PassEffect {
    match (pass_rule, state.after_pass) {
        (None, _) => PassEffect::Wasted,
        (Some(PassRule::Agreed), true) | (Some(PassRule::Quit), _) => {
            PassEffect::EndsNow(state.diff)
        }
        (Some(PassRule::Withdraw), _) => PassEffect::EndsDrawn,
        (Some(PassRule::Agreed), false) => PassEffect::EndsIfPassedBack(state.diff),
        // A pass is not legal here (`none`, or `ko` right after a pass); never asked.
        (Some(PassRule::Ko | PassRule::None), _) => PassEffect::NoPassBack,
    }
}

/// How one pairing attempt (the rest of this flip pair) can end.
enum Ending {
    /// A pair taken; the card state after it.
    Pair(Position),
    /// The turn passes to the opponent; whether they now see a pair they can take.
    Miss { hand_over: bool },
    /// Two seen cards that do not match.
    Pass,
}

/// What a pass does at a table of `seats` under `pass_rule` after `passes` passes in a
/// row: as [`pass_effect`] at two seats; at three or more only `agreed` allows a pass, and
/// the game ends once every other player has passed after it.
fn table_pass_effect(
    pass_rule: Option<PassRule>,
    seats: usize,
    passes: u8,
    state: &State,
) -> PassEffect {
    if seats <= 2 {
        return pass_effect(pass_rule, state);
    }
    // A pass after `seats − 1` passes in a row ends the game.
    let others = u8::try_from(seats - 1).unwrap_or(u8::MAX);
    PassEffect::EndsAfterPasses(others.saturating_sub(passes))
}

/// Computes consequences with the optimal player's choices for the rest of the turn.
pub struct Consequence<'a, S: Oracle + ?Sized>
where
    S::Model: Patterns,
{
    solver: &'a mut S,
    pass_rule: Option<PassRule>,
    seats: usize,
    /// Passes in a row before the turn explained (a pair taken starts afresh at 0).
    passes: u8,
    /// Expected pairs from a turn start, by card state and difference.
    memo: HashMap<(Position, i64), f64>,
}

impl<'a, S: Oracle + ?Sized> Consequence<'a, S>
where
    S::Model: Patterns,
{
    /// Uses `solver` (solved for the game being played) for the best continuations of
    /// the turn at `view`'s decision point.
    pub fn new(solver: &'a mut S, view: &PublicView) -> Self {
        Self {
            solver,
            pass_rule: view.pass_rule(),
            seats: view.seats(),
            passes: view.passes(),
            memo: HashMap::new(),
        }
    }

    /// The consequences of `action` in `state` (the turn explained, or its continuation
    /// after a pair).
    ///
    /// # Errors
    /// A state the solver cannot reach.
    pub fn of(&mut self, state: &State, action: Action) -> Result<Consequences, ValuesError> {
        let endings = self.endings(state, action)?;
        let mut out = Consequences {
            pair_now: 0.0,
            hand_over: 0.0,
            pairs_this_turn: 0.0,
            pass: None,
            reply: None,
        };
        for (p, ending) in endings {
            match ending {
                Ending::Pair(next) => {
                    out.pair_now += p;
                    // Under One Flip the pair ends the turn too.
                    let more = if self.solver.variant().pair_goes_again() {
                        self.pairs_from(&next, state.diff + 1)?
                    } else {
                        0.0
                    };
                    out.pairs_this_turn += p * (1.0 + more);
                }
                Ending::Miss { hand_over } => {
                    if hand_over {
                        out.hand_over += p;
                    }
                }
                Ending::Pass => {
                    let effect =
                        table_pass_effect(self.pass_rule, self.seats, self.passes_at(state), state);
                    if let PassEffect::EndsIfPassedBack(_) = effect {
                        out.reply = Some(self.reply(state)?);
                    }
                    out.pass = Some(effect);
                }
            }
        }
        Ok(out)
    }

    /// What the opponent does after the mover passes in `state`: the optimal player's
    /// turn from the same cards, the difference theirs. A seen card first and a second
    /// seen card after it is a pass back; anything else plays on.
    fn reply(&mut self, state: &State) -> Result<Reply, ValuesError> {
        let next = State {
            position: state.position.clone(),
            diff: -state.diff,
            after_pass: true,
            first: None,
        };
        let first = self.best(&next)?;
        if let Action::Known(p) = first {
            let held = State {
                first: Some(FirstCard::Held(p)),
                ..next.clone()
            };
            if let Action::Known(_) = self.best(&held)? {
                return Ok(Reply::PassesBack);
            }
        }
        let position = &state.position;
        Ok(Reply::PlaysOn {
            pairs_left: position.pairs(),
            partners_seen: position
                .iter()
                .all(|(a, n)| n == 0 || a.unknown == 0 || a.known() >= 1),
            pairs_this_turn: self.of(&next, first)?.pairs_this_turn,
        })
    }

    /// Expected pairs of a turn that starts in `position` with difference `diff`.
    fn pairs_from(&mut self, position: &Position, diff: i64) -> Result<f64, ValuesError> {
        if position.pairs() == 0 {
            return Ok(0.0);
        }
        let key = (position.clone(), diff);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let state = State {
            position: position.clone(),
            diff,
            after_pass: false,
            first: None,
        };
        let best = self.best(&state)?;
        let v = self.of(&state, best)?.pairs_this_turn;
        self.memo.insert(key, v);
        Ok(v)
    }

    /// Passes in a row before `state`'s turn: the turn explained keeps its own, a
    /// continuation after a pair has none.
    fn passes_at(&self, state: &State) -> u8 {
        if state.after_pass { self.passes } else { 0 }
    }

    /// The optimal player's action in `state`.
    fn best(&mut self, state: &State) -> Result<Action, ValuesError> {
        let actions = self
            .solver
            .actions(&S::Model::at(state, self.passes_at(state)))?;
        Ok(self
            .solver
            .chosen(&actions, state.first)
            .expect("a legal action always exists"))
    }

    /// The ways the attempt begun (or continued) by `action` can end, with chances.
    fn endings(
        &mut self,
        state: &State,
        action: Action,
    ) -> Result<Vec<(f64, Ending)>, ValuesError> {
        let position = &state.position;
        match (state.first, action) {
            (None, Action::Unknown) => {
                let unknown = position.unknown_cards() as f64;
                let mut out = Vec::new();
                for (a, n) in position.iter() {
                    if a.unknown == 0 {
                        continue;
                    }
                    let chance = f64::from(n) * f64::from(a.unknown) / unknown;
                    let next = State {
                        first: Some(FirstCard::Revealed(a)),
                        ..state.clone()
                    };
                    let second = self.best(&next)?;
                    out.extend(
                        second_endings(&next.position, FirstCard::Revealed(a), second)
                            .into_iter()
                            .map(|(p, e)| (chance * p, e)),
                    );
                }
                Ok(out)
            }
            (None, Action::Known(p)) => {
                let next = State {
                    first: Some(FirstCard::Held(p)),
                    ..state.clone()
                };
                let second = self.best(&next)?;
                Ok(second_endings(position, FirstCard::Held(p), second))
            }
            (None, Action::Match) => Ok(Vec::new()),
            (Some(first), second) => Ok(second_endings(position, first, second)),
        }
    }
}

/// The endings of the second card `second` after `first`, in the card state `position`
/// as it was before the first flip.
fn second_endings(position: &Position, first: FirstCard, second: Action) -> Vec<(f64, Ending)> {
    let (a, first_unknown) = match first {
        FirstCard::Revealed(a) => (a, 1u8),
        FirstCard::Held(a) => (a, 0u8),
    };
    // Whether the first card's label shows a pair once the turn is over.
    let first_gives = first_unknown == 1 && a.known() >= 1;
    match second {
        Action::Match => vec![(1.0, Ending::Pair(position.moved(a, a.taken(first_unknown))))],
        Action::Known(_) if first_unknown == 0 => vec![(1.0, Ending::Pass)],
        Action::Known(_) => vec![(
            1.0,
            Ending::Miss {
                hand_over: first_gives,
            },
        )],
        Action::Unknown => {
            let unknown = position.unknown_cards() - u64::from(first_unknown);
            let unknown = unknown as f64;
            let mut out = Vec::new();
            let same = a.unknown - first_unknown;
            if same > 0 {
                out.push((
                    f64::from(same) / unknown,
                    Ending::Pair(position.moved(a, a.taken(first_unknown + 1))),
                ));
            }
            for (b, n) in position.iter() {
                let others = n - u32::from(a == b);
                if others == 0 || b.unknown == 0 {
                    continue;
                }
                out.push((
                    f64::from(others) * f64::from(b.unknown) / unknown,
                    Ending::Miss {
                        hand_over: first_gives || b.known() >= 1,
                    },
                ));
            }
            out
        }
    }
}
