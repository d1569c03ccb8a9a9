//! One solver handle for every rule set: [`TableOracle`] holds the solver of a table,
//! whichever rule set it plays, and carries out any task written once against the
//! [`Oracle`] trait. Modelled on shakmaty's `VariantPosition` (one type that delegates
//! to the variant's own), so the layers above never match on the rule set: the match is
//! here, once. The one rule of which tables (and so which records) can be valued is
//! [`TableOracle::check`].

use thiserror::Error;

use super::{ModelError, Oracle, RuleSet};
use crate::rules::{Deck, Objective, Table, Variant};
use crate::solver::checker::{CheckerPosition, CheckerSolver, CheckerState};
use crate::solver::jokers::{JokersSolver, JokersState};
use crate::solver::two_decks::{DuelSolver, DuelState};
use crate::solver::zebra::{ZebraPosition, ZebraSolver, ZebraState};
use crate::solver::{Position, SeatsSolver, SeatsState, Solver};

/// Why no solver values a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Unsolved {
    /// Zebra is solved for two seats only.
    #[error("Zebra is solved for two seats only ({0} at this table)")]
    ZebraSeats(u8),
    /// Zebra is solved for the standard turn only.
    #[error("Zebra is solved for the standard turn only (not {0})")]
    ZebraVariant(Variant),
    /// Jokers that count double are solved for two seats only.
    #[error("jokers that count double are solved for two seats only ({0} at this table)")]
    JokersSeats(u8),
    /// The checkerboard is solved for two seats only.
    #[error("the checkerboard is solved for two seats only ({0} at this table)")]
    CheckerSeats(u8),
    /// The table of three or more seats is solved for the standard turn only.
    #[error("a table of {0} seats is solved for the standard turn only (not {1})")]
    SeatsVariant(u8, Variant),
    /// The Two Decks Duel is played with a deck that splits into two identical sides
    /// only.
    #[error("the Two Decks Duel splits two of each card, one a side, into identical pairs")]
    Duel,
}

/// A task any rule set's solver carries out, written once against [`Oracle`]: the
/// layers above implement it for every `O` their bounds allow, and
/// [`TableOracle::run`] hands it the table's own solver.
pub trait OracleTask<O> {
    /// What the task gives.
    type Output;
    /// Carries it out with `oracle`.
    fn run(self, oracle: &mut O) -> Self::Output;
}

/// A task that takes the solver itself (to keep or share it).
pub trait OracleInto<O> {
    /// What the task gives.
    type Output;
    /// Carries it out, taking `oracle`.
    fn run_into(self, oracle: O) -> Self::Output;
}

/// What a table's solver is made of: everything [`TableOracle::new`] reads (the deck,
/// the seats, the turn and the pass rule, the objective). The solvers are deterministic
/// and hold no state of a game, so every game of one key can be valued by one solver:
/// a server's sessions share it ([`TableOracle::key`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableKey {
    deck: Deck,
    table: Table,
    objective: Objective,
}

/// The solver of a table, whatever its rule set (each boxed: they differ in size).
#[derive(Debug)]
pub enum TableOracle {
    /// Two seats, the standard deck's pairs (either turn); boxed, being large.
    Standard(Box<Solver<f64>>),
    /// Three or more seats; boxed, being large.
    OwnPairs(Box<SeatsSolver<f64>>),
    /// A Zebra deck; boxed, being large.
    Zebra(Box<ZebraSolver<f64>>),
    /// Jokers that count double; boxed, being large.
    Jokers(Box<JokersSolver<f64>>),
    /// A checkerboard deck; boxed, being large.
    Checker(Box<CheckerSolver<f64>>),
    /// The Two Decks Duel; boxed, being large.
    Duel(Box<DuelSolver<f64>>),
}

impl TableOracle {
    /// The rule set of a game of `deck` at `table`, if a solver values it: the one rule
    /// every layer asks (the replay, `analyze`, the dashboard, a table's setup).
    ///
    /// # Errors
    /// A Zebra table of three or more seats or under One Flip; a table of three or more
    /// seats under One Flip.
    pub fn check(deck: &Deck, table: Table) -> Result<RuleSet, Unsolved> {
        if table.variant.duel().is_some() {
            // The one check of a duel's deck (`solve`'s too); two seats, `Table::check`.
            deck.duel_side().map_err(|_| Unsolved::Duel)?;
            return Ok(RuleSet::Duel);
        }
        let rules = RuleSet::of(deck, usize::from(table.seats));
        match rules {
            RuleSet::Zebra if table.seats > 2 => Err(Unsolved::ZebraSeats(table.seats)),
            RuleSet::Zebra if table.variant != Variant::Standard => {
                Err(Unsolved::ZebraVariant(table.variant))
            }
            RuleSet::Jokers if table.seats > 2 => Err(Unsolved::JokersSeats(table.seats)),
            RuleSet::Checker if table.seats > 2 => Err(Unsolved::CheckerSeats(table.seats)),
            RuleSet::OwnPairs if table.variant != Variant::Standard => {
                Err(Unsolved::SeatsVariant(table.seats, table.variant))
            }
            _ => Ok(rules),
        }
    }

    /// The solver of `deck` at `table` under `objective` (own pairs at three or more
    /// seats, whatever `objective`), ready to value positions: the standard game's
    /// solved from its start, the others solving each position as it is asked.
    ///
    /// # Errors
    /// A table [`TableOracle::check`] refuses, or one its solver does not take (too
    /// large, an objective it does not offer, an invalid objective and pass rule pair).
    pub fn new(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        Ok(match Self::check(deck, table)? {
            RuleSet::Standard => Self::Standard(Box::new(Solver::solved(deck, table, objective)?)),
            RuleSet::OwnPairs => Self::OwnPairs(Box::new(SeatsSolver::new(
                deck.copies(),
                usize::from(table.seats),
                table.pass_rule,
            )?)),
            RuleSet::Zebra => Self::Zebra(Box::new(ZebraSolver::new(objective, table.pass_rule))),
            RuleSet::Jokers => Self::Jokers(Box::new(JokersSolver::new(
                objective,
                table.pass_rule,
                table.variant,
            )?)),
            RuleSet::Checker => Self::Checker(Box::new(
                CheckerSolver::new(objective, table.pass_rule).with_variant(table.variant),
            )),
            RuleSet::Duel => Self::Duel(Box::new(DuelSolver::new(
                objective,
                table.pass_rule,
                table.variant.duel().unwrap_or_default(),
            ))),
        })
    }

    /// The key of the solver [`TableOracle::new`] makes of these: equal keys, equal
    /// solvers.
    #[must_use]
    pub fn key(deck: &Deck, table: Table, objective: Objective) -> TableKey {
        TableKey {
            deck: deck.clone(),
            table,
            objective,
        }
    }

    /// [`TableOracle::new`], every solver solved from the start so that play never
    /// waits.
    ///
    /// # Errors
    /// As [`TableOracle::new`].
    pub fn solved(deck: &Deck, table: Table, objective: Objective) -> Result<Self, ModelError> {
        let mut oracle = Self::new(deck, table, objective)?;
        match &mut oracle {
            Self::Standard(_) => {}
            Self::OwnPairs(s) => {
                s.value(&SeatsState {
                    position: Position::start(deck),
                    passes: 0,
                    first: None,
                })?;
            }
            Self::Jokers(j) => {
                j.value(&JokersState::start(deck.labels() - 1))?;
            }
            Self::Zebra(z) => {
                z.value(&ZebraState {
                    position: ZebraPosition::start(deck.labels()),
                    diff: 0,
                    after_pass: false,
                    first: None,
                })?;
            }
            Self::Checker(c) => {
                c.value(&CheckerState {
                    position: CheckerPosition::start(deck.labels()),
                    diff: 0,
                    after_pass: false,
                    first: None,
                })?;
            }
            Self::Duel(d) => {
                d.value(&DuelState::start(deck.labels()))?;
            }
        }
        Ok(oracle)
    }

    /// The rule set it solves.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        match self {
            Self::Standard(_) => RuleSet::Standard,
            Self::OwnPairs(_) => RuleSet::OwnPairs,
            Self::Zebra(_) => RuleSet::Zebra,
            Self::Jokers(_) => RuleSet::Jokers,
            Self::Checker(_) => RuleSet::Checker,
            Self::Duel(_) => RuleSet::Duel,
        }
    }

    /// Carries out `task` with the table's solver.
    pub fn run<T, R>(&mut self, task: T) -> R
    where
        T: OracleTask<Solver<f64>, Output = R>
            + OracleTask<SeatsSolver<f64>, Output = R>
            + OracleTask<ZebraSolver<f64>, Output = R>
            + OracleTask<JokersSolver<f64>, Output = R>
            + OracleTask<CheckerSolver<f64>, Output = R>
            + OracleTask<DuelSolver<f64>, Output = R>,
    {
        match self {
            Self::Standard(s) => task.run(&mut **s),
            Self::OwnPairs(s) => task.run(&mut **s),
            Self::Zebra(s) => task.run(&mut **s),
            Self::Jokers(s) => task.run(&mut **s),
            Self::Checker(s) => task.run(&mut **s),
            Self::Duel(s) => task.run(&mut **s),
        }
    }

    /// Carries out `task`, handing it the table's solver.
    pub fn run_into<T, R>(self, task: T) -> R
    where
        T: OracleInto<Solver<f64>, Output = R>
            + OracleInto<SeatsSolver<f64>, Output = R>
            + OracleInto<ZebraSolver<f64>, Output = R>
            + OracleInto<JokersSolver<f64>, Output = R>
            + OracleInto<CheckerSolver<f64>, Output = R>
            + OracleInto<DuelSolver<f64>, Output = R>,
    {
        match self {
            Self::Standard(s) => task.run_into(*s),
            Self::OwnPairs(s) => task.run_into(*s),
            Self::Zebra(s) => task.run_into(*s),
            Self::Jokers(s) => task.run_into(*s),
            Self::Checker(s) => task.run_into(*s),
            Self::Duel(s) => task.run_into(*s),
        }
    }
}

/// A task written once against [`super::Model`]: the players of a table before its
/// solver, say.
pub trait ModelTask {
    /// What the task gives.
    type Output;
    /// Carries it out for the rule set `M`.
    fn run<M: super::Model>(self) -> Self::Output;
}

impl RuleSet {
    /// Carries out `task` with this rule set's model.
    pub fn with_model<T: ModelTask>(self, task: T) -> T::Output {
        match self {
            Self::Standard => task.run::<super::Standard>(),
            Self::OwnPairs => task.run::<super::OwnPairs>(),
            Self::Zebra => task.run::<super::Zebra>(),
            Self::Jokers => task.run::<super::Jokers>(),
            Self::Checker => task.run::<super::Checker>(),
            Self::Duel => task.run::<super::Duel>(),
        }
    }

    /// Whether its solver is the deck's two-seat solver, solved from the deal and shared
    /// by every two-seat game of the deck and rules (the standard game's, either turn):
    /// the app's cache of deck solvers holds it, for games and replays alike. The others
    /// are solved through [`TableOracle`] by the game (or replay) that asks, and shared
    /// like every solver between the games of one [`TableKey`].
    #[must_use]
    pub fn deck_solver(self) -> bool {
        self == Self::Standard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PassRule;

    #[test]
    fn the_one_rule_refuses_what_no_solver_values() {
        let zebra = Deck::parse("zebra:4").unwrap();
        let pairs = Deck::parse("pairs:4").unwrap();
        let table = |seats, variant| Table {
            seats,
            pass_rule: PassRule::None,
            variant,
        };
        assert_eq!(
            TableOracle::check(&zebra, table(2, Variant::Standard)),
            Ok(RuleSet::Zebra)
        );
        assert_eq!(
            TableOracle::check(&zebra, table(3, Variant::Standard)),
            Err(Unsolved::ZebraSeats(3))
        );
        assert_eq!(
            TableOracle::check(&zebra, table(2, Variant::OneFlip)),
            Err(Unsolved::ZebraVariant(Variant::OneFlip))
        );
        // Two seats of One Flip are the standard rule set's: its solver knows the turn.
        assert_eq!(
            TableOracle::check(&pairs, table(2, Variant::OneFlip)),
            Ok(RuleSet::Standard)
        );
        assert_eq!(
            TableOracle::check(&pairs, table(3, Variant::OneFlip)),
            Err(Unsolved::SeatsVariant(3, Variant::OneFlip))
        );
        let duel = Variant::Duel(crate::rules::Taker::Answerer);
        assert_eq!(
            TableOracle::check(&pairs, table(2, duel)),
            Ok(RuleSet::Duel)
        );
        assert!(matches!(
            TableOracle::check(&zebra, table(2, duel)),
            Err(Unsolved::Duel)
        ));
    }
}
