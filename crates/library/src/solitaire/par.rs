//! Par: the expected number of further moves under optimal play, exactly where it can be
//! had, for the current position and for every action at a decision point.
//!
//! On a pairs deck this is Foerster & Wattenhofer's `e(n, k)` (a position with `c` known
//! pairs, `k` known single cards and `n - k` unknown pairs is worth `c + e(n, k)`), taken
//! from an exact table: instant for every playable size. On a deck with more cards per
//! label the solver's full `moves` recursion is used, exactly when the deck is small
//! enough ([`EXACT_STATES`]) and in `f64` otherwise.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use num_rational::BigRational;

use super::SoloRule;
use crate::model::{easy_actions, easy_candidates, easy_choice, easy_point_of};
use crate::players::{TieBreak, candidates, choose_best, state_of};
use crate::rules::{Deck, Objective, PassRule, PublicView};
use crate::solver::solitaire::{
    EasyMovesTable, EasyState, ExactMovesTable, easy_moves_exact, easy_worst_case,
};
use crate::solver::{
    Action, FirstCard, PLAY_LIMIT, Pattern, Position, Scalar, SolveError, Solver, State,
    estimate_states,
};

/// Most stored values (as [`estimate_states`] counts them) for an exact (`BigRational`)
/// solve of a deck with more than two cards per label; larger decks are solved in `f64`.
/// `13x4` needs about 3.4e4 and takes about a second in a release build (on a worker
/// thread in the game).
pub const EXACT_STATES: f64 = 4e4;

/// An expected number of moves: always as a decimal, and as a fraction when exact.
#[derive(Debug, Clone, PartialEq)]
pub struct Moves {
    /// The value as a float.
    pub approx: f64,
    /// The exact value, when the deck allows it.
    pub exact: Option<BigRational>,
}

impl Moves {
    fn from_exact(v: BigRational) -> Self {
        Self {
            approx: Scalar::to_f64(&v),
            exact: Some(v),
        }
    }

    fn from_f64(v: f64) -> Self {
        Self {
            approx: v,
            exact: None,
        }
    }

    /// The same figure with `free` moves not counted.
    fn less(self, free: u64) -> Self {
        if free == 0 {
            return self;
        }
        let f = free as f64;
        Self {
            approx: self.approx - f,
            exact: self
                .exact
                .map(|e| e - BigRational::from_integer(num_bigint::BigInt::from(free))),
        }
    }

    /// The exact fraction `p/q` (an integer without `/1`), when known.
    #[must_use]
    pub fn fraction(&self) -> Option<String> {
        self.exact.as_ref().map(ToString::to_string)
    }
}

impl fmt::Display for Moves {
    /// Two decimals, or as many as the formatter's precision asks for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.*}", f.precision().unwrap_or(2), self.approx)
    }
}

/// The solver behind the figures.
#[derive(Debug)]
enum Engine {
    Exact(Solver<BigRational>),
    Float(Solver<f64>),
    /// The easier game's values (Foerster & Wattenhofer, section 8.1).
    Easy(Box<EasyMovesTable>),
}

/// Exact par for one deck: values of positions and actions, the optimal player's choice,
/// the expected total from the start and the worst case.
#[derive(Debug)]
pub struct Par {
    deck: Deck,
    rule: SoloRule,
    engine: Engine,
    start: Moves,
    worst: Option<u32>,
}

impl Par {
    /// Solves `deck` for solitaire play (a pairs deck in microseconds; `13x4` exactly in
    /// about a second in a release build).
    ///
    /// # Errors
    /// A deck too large to solve.
    ///
    /// # Panics
    /// Never in practice (a playable deck's pair count fits in `usize`).
    pub fn new(deck: &Deck) -> Result<Self, SolveError> {
        Self::with_rule(deck, SoloRule::Standard)
    }

    /// Like [`Par::new`], counting moves by `rule`. A pair's free move changes no choice:
    /// every further pair but the last is free whatever the play, so each figure is the
    /// standard one less that many moves (Foerster & Wattenhofer's (8.4) in every state).
    ///
    /// # Errors
    /// A deck too large to solve.
    pub fn with_rule(deck: &Deck, rule: SoloRule) -> Result<Self, SolveError> {
        if rule.is_easy() {
            return Self::easy(deck, rule);
        }
        let root = Position::start(deck);
        let engine = if deck.copies() == 2 {
            let pairs = usize::try_from(deck.pairs()).expect("pairs fit");
            let table: Arc<ExactMovesTable> = Arc::new(ExactMovesTable::new(pairs));
            Engine::Exact(Solver::with_moves_oracle(&root, table)?)
        } else if estimate_states(Objective::Moves, PassRule::Agreed, &root, 0) <= EXACT_STATES {
            Engine::Exact(Solver::new(
                Objective::Moves,
                PassRule::Agreed,
                &root,
                0,
                EXACT_STATES,
            )?)
        } else {
            Engine::Float(Solver::new(
                Objective::Moves,
                PassRule::Agreed,
                &root,
                0,
                PLAY_LIMIT,
            )?)
        };
        let mut par = Self {
            deck: deck.clone(),
            rule,
            engine,
            start: Moves::from_f64(f64::NAN),
            worst: None,
        };
        par.start = par.value(&start_state(deck))?;
        Ok(par)
    }

    /// The easier game's par on a pairs deck: `e^easy(n, 0)` exactly at the start (a
    /// recursion in fractions), every decision point from [`EasyMovesTable`].
    fn easy(deck: &Deck, rule: SoloRule) -> Result<Self, SolveError> {
        if deck.copies() != 2 {
            return Err(SolveError::Unreachable);
        }
        let pairs = usize::try_from(deck.pairs()).expect("pairs fit");
        let free = rule.free_ahead(u64::from(deck.pairs()));
        let start = Moves::from_exact(easy_moves_exact(EasyState::start(pairs))).less(free);
        Ok(Self {
            deck: deck.clone(),
            rule,
            engine: Engine::Easy(Box::new(EasyMovesTable::new(pairs))),
            start,
            worst: None,
        })
    }

    /// The deck.
    #[must_use]
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// How the moves are counted.
    #[must_use]
    pub fn rule(&self) -> SoloRule {
        self.rule
    }

    /// Whether the values are exact fractions.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        matches!(self.engine, Engine::Exact(_))
    }

    /// Every choice at the decision point of `view` (a game of this deck and rule, not
    /// over) with its expected further moves, counting the move in progress.
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    pub fn actions_at(&mut self, view: &PublicView) -> Result<Vec<(Action, Moves)>, SolveError> {
        let Engine::Easy(table) = &self.engine else {
            return self.actions(&state_of(view));
        };
        // A move that took its pair is free under a pair's free move: not counted again.
        let free = self.rule.free_ahead((view.cards_on_table() / 2) as u64)
            + u64::from(self.rule.is_free() && view.move_took_pair());
        let actions = easy_actions(table, &easy_point_of(view));
        if actions.is_empty() || actions.iter().any(|(_, v)| v.is_nan()) {
            return Err(SolveError::Unreachable);
        }
        Ok(actions
            .into_iter()
            .map(|(a, v)| (a, Moves::from_f64(v).less(free)))
            .collect())
    }

    /// Expected further moves from the decision point of `view` under optimal play.
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    ///
    /// # Panics
    /// If the game is over.
    pub fn value_at(&mut self, view: &PublicView) -> Result<Moves, SolveError> {
        Ok(self
            .actions_at(view)?
            .into_iter()
            .map(|(_, v)| v)
            .min_by(|a, b| a.approx.total_cmp(&b.approx))
            .expect("a legal action always exists"))
    }

    /// The optimal player's choice at the decision point of `view`.
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose_at(&mut self, view: &PublicView) -> Result<Action, SolveError> {
        if !matches!(self.engine, Engine::Easy(_)) {
            return self.choose(&state_of(view));
        }
        let actions: Vec<(Action, f64)> = self
            .actions_at(view)?
            .into_iter()
            .map(|(a, m)| (a, m.approx))
            .collect();
        Ok(easy_choice(&actions).expect("a legal action always exists"))
    }

    /// The cards on the table of `view` that carry out `action`.
    #[must_use]
    pub fn candidates_at(&self, view: &PublicView, action: Action) -> Vec<usize> {
        match self.engine {
            Engine::Easy(_) => easy_candidates(view, action),
            _ => candidates(view, action),
        }
    }

    /// Expected moves from the start under optimal play: `e(n, 0)` on a pairs deck.
    #[must_use]
    pub fn expected_total(&self) -> &Moves {
        &self.start
    }

    /// Expected further moves from `state` under optimal play, counting the current turn
    /// when a card of it is already face up.
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    ///
    /// # Panics
    /// If the game is over in `state` (no action).
    pub fn value(&mut self, state: &State) -> Result<Moves, SolveError> {
        let actions = self.actions(state)?;
        let best = actions
            .into_iter()
            .map(|(_, v)| v)
            .min_by(|a, b| a.approx.total_cmp(&b.approx))
            .expect("a legal action always exists");
        Ok(best)
    }

    /// Every available action in `state` with its expected further moves (counting the
    /// current turn).
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    pub fn actions(&mut self, state: &State) -> Result<Vec<(Action, Moves)>, SolveError> {
        let free = self.rule.free_ahead(state.position.pairs());
        Ok(match &mut self.engine {
            Engine::Easy(_) => return Err(SolveError::Unreachable),
            Engine::Exact(s) => s
                .actions(state)?
                .into_iter()
                .map(|(a, v)| (a, Moves::from_exact(v).less(free)))
                .collect(),
            Engine::Float(s) => s
                .actions(state)?
                .into_iter()
                .map(|(a, v)| (a, Moves::from_f64(v).less(free)))
                .collect(),
        })
    }

    /// The optimal player's action in `state`: the fewest expected moves, ties broken as
    /// [`crate::players::Optimal`] does (the usual play first).
    ///
    /// # Errors
    /// A state that cannot arise on this deck.
    ///
    /// # Panics
    /// If the game is over in `state` (no action).
    pub fn choose(&mut self, state: &State) -> Result<Action, SolveError> {
        match &mut self.engine {
            Engine::Easy(_) => Err(SolveError::Unreachable),
            Engine::Exact(s) => choose_in(s, state),
            Engine::Float(s) => choose_in(s, state),
        }
    }

    /// The most moves the optimal player ([`Par::choose`]) can need on any deal of this
    /// deck, as the rule counts them: `2n - 1` on a pairs deck of `n` pairs (Foerster &
    /// Wattenhofer, Lemma 5.1 and 5.2; `n` with a pair's free move; in the easier game the
    /// search of [`easy_worst_case`]), otherwise the maximum over every chance outcome of
    /// the abstract game, computed once (about a second for `13x4` in a release build).
    ///
    /// # Errors
    /// A deck too large to solve.
    pub fn worst_case(&mut self) -> Result<u32, SolveError> {
        if let Some(w) = self.worst {
            return Ok(w);
        }
        let w = if let Engine::Easy(_) = self.engine {
            easy_worst_case(usize::try_from(self.deck.pairs()).expect("pairs fit"))
        } else if self.deck.copies() == 2 {
            2 * self.deck.pairs() - 1
        } else {
            self.worst_by_search()?
        };
        let w = w - self.rule.free_ahead(u64::from(self.deck.pairs())) as u32;
        self.worst = Some(w);
        Ok(w)
    }

    /// The worst case if [`Par::worst_case`] has found it already.
    #[must_use]
    pub fn known_worst_case(&self) -> Option<u32> {
        self.worst
    }

    /// [`Par::worst_case`] by search over the abstract game, whatever the deck, every
    /// move counted (tests check it against `2n - 1` on pairs decks).
    ///
    /// # Errors
    /// A deck too large to solve.
    pub fn worst_by_search(&mut self) -> Result<u32, SolveError> {
        let root = Position::start(&self.deck);
        let mut memo = HashMap::new();
        match &mut self.engine {
            Engine::Easy(_) => Ok(easy_worst_case(
                usize::try_from(self.deck.pairs()).expect("pairs fit"),
            )),
            // Exact values are slow to search through: the same choices in `f64`.
            Engine::Exact(_) if self.deck.copies() > 2 => {
                let mut s: Solver<f64> =
                    Solver::new(Objective::Moves, PassRule::Agreed, &root, 0, PLAY_LIMIT)?;
                worst_from(&mut |st| choose_in(&mut s, st), &root, &mut memo)
            }
            Engine::Exact(s) => worst_from(&mut |st| choose_in(s, st), &root, &mut memo),
            Engine::Float(s) => worst_from(&mut |st| choose_in(s, st), &root, &mut memo),
        }
    }
}

/// The optimal player's action in `state` by `solver`'s values (see [`Par::choose`]).
fn choose_in<V: Scalar>(solver: &mut Solver<V>, state: &State) -> Result<Action, SolveError> {
    let actions = solver.actions(state)?;
    Ok(
        choose_best(Objective::Moves, TieBreak::Usual, &actions, state.first)
            .expect("a legal action always exists"),
    )
}

/// The turn-start state of a fresh deal.
fn start_state(deck: &Deck) -> State {
    State {
        position: Position::start(deck),
        diff: 0,
        after_pass: false,
        first: None,
    }
}

/// The state after the first card of a turn.
fn second(position: &Position, first: FirstCard) -> State {
    State {
        position: position.clone(),
        diff: 0,
        after_pass: false,
        first: Some(first),
    }
}

/// Labels other than the first card's in pattern `r`, each with `r.unknown` unknown cards:
/// the ways the second card can be an unknown card of another label in `r`.
fn others(position: &Position, first: Pattern, r: Pattern) -> u32 {
    position.count(r) - u32::from(r == first)
}

/// Most moves the optimal player needs from `position` (turn start), over every deal.
fn worst_from(
    choose: &mut dyn FnMut(&State) -> Result<Action, SolveError>,
    position: &Position,
    memo: &mut HashMap<Position, u32>,
) -> Result<u32, SolveError> {
    if position.pairs() == 0 {
        return Ok(0);
    }
    if let Some(&w) = memo.get(position) {
        return Ok(w);
    }
    let start = State {
        position: position.clone(),
        diff: 0,
        after_pass: false,
        first: None,
    };
    let mut after: Vec<Position> = Vec::new();
    match choose(&start)? {
        Action::Known(p) => {
            let first = FirstCard::Held(p);
            match choose(&second(position, first))? {
                Action::Match => after.push(position.moved(p, p.taken(0))),
                Action::Unknown => {
                    if p.unknown > 0 {
                        after.push(position.moved(p, p.taken(1)));
                    }
                    for (r, _) in position.iter() {
                        if r.unknown > 0 && others(position, p, r) > 0 {
                            after.push(position.moved(r, Some(r.revealed())));
                        }
                    }
                }
                // A pass is a wasted turn: never optimal in solitaire.
                Action::Known(_) => return Err(SolveError::Unreachable),
            }
        }
        Action::Unknown => {
            for (q, _) in position.iter().filter(|(q, _)| q.unknown > 0) {
                let first = FirstCard::Revealed(q);
                let shown = position.moved(q, Some(q.revealed()));
                match choose(&second(position, first))? {
                    Action::Match => after.push(position.moved(q, q.taken(1))),
                    Action::Known(_) => after.push(shown),
                    Action::Unknown => {
                        if q.unknown > 1 {
                            after.push(position.moved(q, q.taken(2)));
                        }
                        for (r, _) in position.iter() {
                            if r.unknown > 0 && others(position, q, r) > 0 {
                                after.push(shown.moved(r, Some(r.revealed())));
                            }
                        }
                    }
                }
            }
        }
        Action::Match => return Err(SolveError::Unreachable),
    }
    let mut worst = 0;
    for next in after {
        worst = worst.max(1 + worst_from(choose, &next, memo)?);
    }
    memo.insert(position.clone(), worst);
    Ok(worst)
}
