//! The round's one solver slot: the solver of its table, whatever the rule set, behind
//! one object-safe trait, so that the optimal seats, the hints, the odds, the coach and
//! the end screen's look back are asked the same way on every table. The solver arrives
//! by one path ([`Round::hand_over`]): from the app's cache (the standard game's) or
//! from the round's own background solve ([`Round::solve`]), which
//! takes the table from [`TABLES`] when another game of the same key holds it.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Round, wants_seats_solver};
use crate::analysis::annotate::{Analysis, annotate};
use crate::app::hint::{self, Hint, HintAction};
use crate::app::shared_solvers::Registry;
use crate::app::worker::{Progress, Worker};
use crate::model::{Model, ModelTask, Oracle, OracleInto, RuleSet, TableKey, TableOracle};
use crate::players::{AiKind, Policy, SeatAi};
use crate::record::RecordSeat;
use crate::rules::{Game, PublicView, Seat, Table};
use crate::trainer::coach::{self, Verdict};
use crate::trainer::tutor::Warning;
use crate::trainer::{Places, Taught};

/// A table's solver as the round asks it, its rule set out of sight; shared between
/// games (and threads: a server's sessions), each question under its lock.
pub trait TableSolver: Send + Sync {
    /// The value of the decision point of `view` for `seat`, as they mean it.
    fn odds(&self, view: &PublicView, seat: Seat) -> Option<f64>;
    /// The hint at the decision point of `view`.
    fn hint(&self, view: &PublicView, places: Places) -> Option<Hint>;
    /// The coach's word on turning the card at `position` now (`None`: best).
    fn verdict(&self, game: &Game, position: usize, places: Places) -> Option<Verdict>;
    /// The tutor's question before turning the card at `position` now (`None`: it
    /// costs less than a mistake).
    fn warning(&self, game: &Game, position: usize, places: Places) -> Option<Warning>;
    /// The game's flips valued, or why they are not.
    fn annotate(&self, game: &Game, players: Vec<RecordSeat>) -> Result<Analysis, String>;
    /// An AI of `kind` for a seat at this table, the optimal one playing this solver.
    fn seat_ai(self: Arc<Self>, kind: AiKind, seed: u64) -> Option<SeatAi>;
}

/// An AI of `kind` at a table of `rules` before (or without) its solver: every kind but
/// the optimal one.
pub(super) fn solverless_ai(rules: RuleSet, kind: AiKind, seed: u64) -> Option<SeatAi> {
    struct Solverless(AiKind, u64);
    impl ModelTask for Solverless {
        type Output = Option<SeatAi>;
        fn run<M: Model>(self) -> Option<SeatAi> {
            SeatAi::new::<M>(self.0, self.1, || None)
        }
    }
    rules.with_model(Solverless(kind, seed))
}

/// The round's slot for a solver of any rule set: shared with the optimal seats it
/// serves.
struct IntoSlot;

impl<O> OracleInto<O> for IntoSlot
where
    O: Oracle + Send + 'static,
    O::Model: Taught,
    <O::Model as Model>::Action: Into<HintAction>,
{
    type Output = Slot;

    fn run_into(self, oracle: O) -> Slot {
        Arc::new(Mutex::new(oracle))
    }
}

/// Every solver the trainer explains: one lesson, hint and coach for every rule set.
impl<O> TableSolver for Mutex<O>
where
    O: Oracle + Send + 'static,
    O::Model: Taught,
    <O::Model as Model>::Action: Into<HintAction>,
{
    fn odds(&self, view: &PublicView, seat: Seat) -> Option<f64> {
        if view.is_over() {
            return None;
        }
        self.lock().ok()?.odds(view, seat).ok()
    }

    fn hint(&self, view: &PublicView, places: Places) -> Option<Hint> {
        if view.is_over() {
            return None;
        }
        let mut s = self.lock().ok()?;
        let lesson = crate::trainer::explain(view, &mut *s).ok()?;
        Some(hint::build(view, &lesson, s.unit(), places))
    }

    fn verdict(&self, game: &Game, position: usize, places: Places) -> Option<Verdict> {
        if game.view().is_over() {
            return None;
        }
        let mut s = self.lock().ok()?;
        let lesson = crate::trainer::explain(game.view(), &mut *s).ok()?;
        coach::verdict(game, position, &lesson, s.unit(), places)
    }

    fn warning(&self, game: &Game, position: usize, places: Places) -> Option<Warning> {
        if game.view().is_over() {
            return None;
        }
        let mut s = self.lock().ok()?;
        let lesson = crate::trainer::explain(game.view(), &mut *s).ok()?;
        crate::trainer::tutor::warning(game, position, &lesson, s.unit(), places)
    }

    fn annotate(&self, game: &Game, players: Vec<RecordSeat>) -> Result<Analysis, String> {
        let mut solver = self.lock().map_err(|_| "the solver failed".to_owned())?;
        annotate(game, players, &mut *solver).map_err(|e| e.to_string())
    }

    fn seat_ai(self: Arc<Self>, kind: AiKind, seed: u64) -> Option<SeatAi> {
        SeatAi::new::<O::Model>(kind, seed, || {
            Some(Box::new(self) as Box<dyn Policy<O::Model> + Send>)
        })
    }
}

/// A solver the round holds, shared with every other game of its key.
pub(super) type Slot = Arc<dyn TableSolver>;

/// The tables the rounds solve themselves (a table of three or more, Zebra, the jokers,
/// the checkerboard, the Duel), one per key for the whole process: Zebra's runs to about 90 MB a game, and a
/// server's sessions playing the same deck hold it once. The model's key tells the rule
/// sets apart, so this one registry serves them all.
static TABLES: Registry<TableKey, dyn TableSolver> = Registry::new();

/// The solver of a table the round solves itself, from the start of `deck`, through the
/// model's one handle: the one another game of the same key holds, or else solved here
/// (a game asking while it is solved waits for it).
fn solve_own(
    deck: &crate::rules::Deck,
    table: Table,
    objective: crate::rules::Objective,
) -> Result<Slot, String> {
    TABLES.find_or_solve(&TableOracle::key(deck, table, objective), || {
        TableOracle::solved(deck, table, objective)
            .map(|oracle| oracle.run_into(IntoSlot))
            .map_err(|e| e.to_string())
    })
}

/// The shared table of `record`'s rule set if the rounds solve it themselves (a table of
/// three or more, Zebra, the jokers, the checkerboard, the Duel): a replay opened after the game values it with
/// the game's own table rather than a second one. Blocks while it is solved (call it
/// off the event loop). `None`: a rule set valued otherwise (the app's cache of deck
/// solvers, the easier solitaire's values, or none).
pub(crate) fn shared_table(record: &crate::record::Record) -> Option<Result<Slot, String>> {
    let rules = crate::analysis::annotate::analysable(record).ok()?;
    if rules.deck_solver() || record.solo_rule.is_easy() {
        return None;
    }
    let table = Table {
        // at most 6 seats
        seats: record.seats() as u8,
        pass_rule: record.pass_rule,
        variant: record.variant,
    };
    Some(solve_own(&record.deck, table, record.objective))
}

/// A solve under way on a worker.
pub(super) type Pending = Worker<Result<Slot, String>>;

impl Round {
    /// Hands over the table's solver, solved from the start, from the app's cache (the
    /// standard game's shared optimal player, or the own-pairs solver), or why there is
    /// none.
    pub(crate) fn set_solver<S: TableSolver + 'static>(
        &mut self,
        solver: Result<Arc<S>, String>,
        now: Instant,
    ) {
        self.hand_over(solver.map(|s| s as Slot), now);
    }

    /// Lets play begin at a table that waits for no solver: an AI to move first gets its
    /// time.
    pub fn go(&mut self, now: Instant) {
        self.refresh();
        self.schedule(now);
    }

    /// Whether the odds (`o`) have a solver to come from: the two-player solver, or the
    /// own-pairs one (standard turn only).
    #[must_use]
    pub(crate) fn odds_offered(&self) -> bool {
        self.config.two_seat_solver() || wants_seats_solver(&self.config)
    }

    /// Whether the solver has arrived (or failed).
    #[must_use]
    pub(crate) fn solver_settled(&self) -> bool {
        self.solver.is_some() || self.solver_note.is_some()
    }

    /// Whether the round solves its table itself ([`Round::solve`]): a table that plays
    /// with a solver of a rule set the app's cache of deck solvers does not hold (a
    /// table of three or more, Zebra, the jokers, the checkerboard, the Duel); the table
    /// is still shared, through [`TABLES`].
    #[must_use]
    pub(crate) fn solves_itself(&self) -> bool {
        !self.rules().deck_solver() && self.odds_offered()
    }

    /// Solves the table's rules: on this thread when `blocking` (tests), else on a
    /// worker that [`Round::poll_solver`] listens to.
    pub fn solve(&mut self, blocking: bool, now: Instant) {
        let deck = self.game.view().deck().clone();
        let (table, objective) = (self.config.table(), self.config.objective);
        let job = move || solve_own(&deck, table, objective);
        if blocking {
            self.hand_over(job(), now);
        } else {
            self.pending = Some(Worker::spawn(job));
        }
    }

    /// Takes in the solver if it arrived; returns whether it did.
    pub(crate) fn poll_solver(&mut self, now: Instant) -> bool {
        let Some(worker) = &self.pending else {
            return false;
        };
        let got = match worker.poll() {
            Progress::Done(s) => s,
            Progress::Running => return false,
            Progress::Stopped => Err("the solver stopped".into()),
        };
        self.pending = None;
        self.hand_over(got, now);
        true
    }

    /// Whether the round's own solve is still under way.
    #[must_use]
    pub fn solving(&self) -> bool {
        self.pending.is_some()
    }

    /// Hands over the table's solver (or why there is none): the optimal AIs it serves
    /// take their seats, or the panel says why there are no hints; then play goes on.
    pub fn hand_over(&mut self, solver: Result<Slot, String>, now: Instant) {
        match solver {
            Ok(s) => {
                self.solver = Some(s);
                for i in 0..self.seats.len() {
                    if self.seats[i].kind == Some(crate::app::config::Opponent::Optimal) {
                        self.make_ai(i);
                    }
                }
            }
            Err(e) => {
                // At a table of three or more an optimal seat waits for it: the
                // message says so too.
                if self.seats.len() > 2 {
                    self.message = format!("no optimal AI: {e}");
                }
                self.solver_note = Some(format!("no hints: {e}"));
            }
        }
        self.look_back_if_over();
        self.refresh();
        self.schedule(now);
    }

    /// The rule set of the table.
    pub(crate) fn rules(&self) -> RuleSet {
        let view = self.game.view();
        match view.players() {
            crate::rules::Players::Table(table) => RuleSet::of_table(view.deck(), table),
            crate::rules::Players::Solitaire => RuleSet::of(view.deck(), self.seats.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Config;

    /// A Zebra game of `deck` dealt by `seed`, its table's solver handed over.
    fn zebra_round(deck: &str, seed: u64) -> Round {
        let config = Config {
            deck: deck.into(),
            seed,
            ..Config::default()
        };
        let mut round = Round::new(config).expect("a Zebra game");
        assert!(round.solves_itself());
        round.solve(true, Instant::now());
        round
    }

    fn table(round: &Round) -> Slot {
        Arc::clone(round.solver.as_ref().expect("solved"))
    }

    #[test]
    fn games_of_one_zebra_deck_share_one_table_dropped_with_the_last() {
        // zebra:3 and zebra:2 are played by no other test of this crate, so no other
        // game holds their tables meanwhile.
        // Two deals of one deck: the table values every deal of it.
        let (one, two) = (zebra_round("zebra:3", 1), zebra_round("zebra:3", 2));
        assert!(
            Arc::ptr_eq(&table(&one), &table(&two)),
            "one table, not two"
        );
        let smaller = zebra_round("zebra:2", 1);
        assert!(
            !Arc::ptr_eq(&table(&one), &table(&smaller)),
            "a size, a table"
        );
        let held = Arc::downgrade(&table(&one));
        drop(one);
        assert!(held.upgrade().is_some(), "the other game still holds it");
        drop(two);
        assert!(held.upgrade().is_none(), "dropped with its last game");
        drop(smaller);
    }

    #[test]
    fn tables_of_three_share_their_own_pairs_solver_through_the_same_registry() {
        let round = |seed| {
            let mut round = Round::new(Config {
                // pairs:5 at three seats is played by no other test of this crate.
                deck: "pairs:5".into(),
                players: Some(crate::app::TableSeats::parse("you,optimal,usual").unwrap()),
                seed,
                ..Config::default()
            })
            .expect("a table of three");
            assert!(round.solves_itself());
            round.solve(true, Instant::now());
            round
        };
        let (one, two) = (round(1), round(2));
        assert!(
            Arc::ptr_eq(&table(&one), &table(&two)),
            "one table, not two"
        );
    }

    #[test]
    fn the_replay_of_a_zebra_game_values_it_with_the_game_s_table() {
        // zebra:1 is played by no other test of this crate.
        let round = zebra_round("zebra:1", 3);
        let shared = shared_table(&round.record())
            .expect("Zebra's table is shared")
            .expect("solved");
        assert!(Arc::ptr_eq(&shared, &table(&round)), "one table, not two");
        let standard = Round::new(Config {
            deck: "pairs:3".into(),
            ..Config::default()
        })
        .expect("a game");
        assert!(
            shared_table(&standard.record()).is_none(),
            "the app's cache values the standard game"
        );
    }
}
