//! The Pairs screen's state: the game, who sits where, the AI's pace, the hint and the
//! decisions made (for the record). Changed only by its methods, which the app calls
//! with the person's keys and the clock's ticks; drawing (`tui/pairs_table_view.rs`) only reads.

mod keys;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::worker::{Progress, Worker};
use crate::pairs::players::PLAY_LIMIT;
use crate::pairs::record::{PairsRecord, apply};
use crate::pairs::rules::{Game, Phase, Rank, RoundEnd, Scored};
use crate::pairs::{Action, PairsAi, PairsError, Player, Ranks, RoundModel, Solver, View};
use crate::seats::Seats;

/// The person's hint for the seat to move: the odds of a pair and both actions'
/// expected payoffs under subgame-perfect play from here (a round's payoff: −(m−1)·r to
/// the one who scores r, +r to everyone else).
#[derive(Debug, Clone, PartialEq)]
pub struct PairsHint {
    /// The chance that a hit pairs the mover's stack.
    pub(crate) pair_chance: f64,
    /// Folding's payoff to the mover.
    pub fold: f64,
    /// Hitting's expected payoff to the mover (`None`: no card left to take).
    pub hit: Option<f64>,
    /// The better action (fold on ties, as the solver does).
    pub best: Action,
}

impl PairsHint {
    /// The hint for the seat to move in `view`, from the cards it has not seen since
    /// the last reshuffle (what a careful player can count).
    #[must_use]
    pub fn of(view: &View) -> Option<Self> {
        Self::with(view, &mut None)
    }

    /// As [`Self::of`], with the round's solver kept in `kept` between calls (a round's
    /// first solve is its whole cost). Beyond [`PLAY_LIMIT`] configurations the values
    /// are those of the cut search the `spne` AI plays by.
    #[must_use]
    pub fn with(view: &View, kept: &mut Option<Solver<f64>>) -> Option<Self> {
        let seat = view.mover()?;
        let d = view.unseen();
        let own = view.stack_sets()[seat];
        let pairing: u32 = d
            .iter()
            .filter(|&(j, _)| own.has(j))
            .map(|(_, c)| u32::from(c))
            .sum();
        let pair_chance = if d.total() == 0 {
            0.0
        } else {
            f64::from(pairing) / f64::from(d.total())
        };
        let (model, stacks) = view.counted_model(seat);
        let a = solver_for(kept, model).analyse(&stacks);
        let hit = if view.can_hit() {
            a.u_hit.as_ref().map(|h| h[0])
        } else {
            None
        };
        let best = if hit.is_some() {
            a.action
        } else {
            Action::Fold
        };
        Some(Self {
            pair_chance,
            fold: a.u_fold[0],
            hit,
            best,
        })
    }
}

/// The solver of `model`'s round: the one kept if it is that round's, else a new one.
fn solver_for(kept: &mut Option<Solver<f64>>, model: RoundModel) -> &mut Solver<f64> {
    if kept.as_ref().is_none_or(|s| *s.model() != model) {
        *kept = Some(Solver::new(model).with_limit(PLAY_LIMIT));
    }
    kept.as_mut().expect("just made")
}

/// The coach's word on a person's decision: what it cost against the subgame-perfect
/// choice, in the round's expected payoff to the one who decided.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachNote {
    /// The seat that decided.
    pub seat: usize,
    /// What it did.
    pub action: Action,
    /// The subgame-perfect action.
    pub best: Action,
    /// The expected payoff of what it did.
    pub value: f64,
    /// The best action's.
    pub best_value: f64,
}

impl CoachNote {
    /// The decision's cost (0 or more).
    #[must_use]
    pub fn cost(&self) -> f64 {
        (self.best_value - self.value).max(0.0)
    }

    fn of(seat: usize, action: Action, hint: &PairsHint) -> Self {
        let value_of = |a: Action| match a {
            Action::Hit => hint.hit.unwrap_or(hint.fold),
            Action::Fold => hint.fold,
        };
        Self {
            seat,
            action,
            best: hint.best,
            value: value_of(action),
            best_value: value_of(hint.best),
        }
    }
}

/// A seat's chance that a hit pairs its stack now, from the cards unseen since the
/// last reshuffle.
#[must_use]
pub fn pair_odds(view: &View, seat: usize) -> f64 {
    let d = view.unseen();
    if d.total() == 0 {
        return 0.0;
    }
    let own = view.stack_sets()[seat];
    let pairing: u32 = d
        .iter()
        .filter(|&(j, _)| own.has(j))
        .map(|(_, c)| u32::from(c))
        .sum();
    f64::from(pairing) / f64::from(d.total())
}

/// An AI's decision on its worker thread: the seat, the AI (and its kept solve) handed
/// back, and its move.
type Thought = (usize, Player, crate::pairs::Move);

/// The last decision, shown until the next one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    /// The seat that decided.
    pub seat: usize,
    /// What it did.
    pub action: Action,
    /// The card a hit took.
    pub card: Option<Rank>,
}

/// The Pairs table on screen.
#[derive(Debug)]
pub struct PairsTable {
    game: Game,
    seats: Seats<PairsAi>,
    ais: Vec<Option<Player>>,
    seed: u64,
    rounds: Vec<Vec<Action>>,
    /// The table as it was before the round's last decision (the round-over screen
    /// shows the stacks the engine has already discarded).
    ended: Option<View>,
    last: Option<LastMove>,
    /// The hint for the person to move, while the hint or the coach is on.
    advice: Option<PairsHint>,
    /// The solver of the round the advice came from, kept for the round.
    advice_solver: Option<Solver<f64>>,
    show_hint: bool,
    coach: bool,
    coach_note: Option<CoachNote>,
    show_odds: bool,
    ai_delay: Duration,
    ai_due: Option<Instant>,
    /// Whether the AIs decide on a worker thread (the screen stays live while a large
    /// round is solved); off, they decide on the calling thread (tests, replays).
    worker: bool,
    thinking: Option<Worker<Thought>>,
    saved: Option<Result<PathBuf, String>>,
    date: (String, String),
}

impl PairsTable {
    /// A new game at this table.
    ///
    /// # Errors
    /// A target of 0 (the seats are checked already).
    pub fn new(
        seats: Seats<PairsAi>,
        ranks: Ranks,
        target: u32,
        seed: u64,
        ai_delay: Duration,
        now: Instant,
    ) -> Result<Self, PairsError> {
        let game = Game::new(ranks, seats.len(), target, seed)?;
        let ais = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.ai()
                    .map(|k| Player::new(k, crate::pairs::duel::game_seed(seed, i as u64)))
            })
            .collect();
        let mut t = Self {
            game,
            seats,
            ais,
            seed,
            rounds: vec![Vec::new()],
            ended: None,
            last: None,
            advice: None,
            advice_solver: None,
            show_hint: false,
            coach: false,
            coach_note: None,
            show_odds: false,
            ai_delay,
            ai_due: None,
            worker: false,
            thinking: None,
            saved: None,
            date: crate::record::today(),
        };
        t.settle(now);
        Ok(t)
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The table.
    #[must_use]
    pub fn seats(&self) -> &Seats<PairsAi> {
        &self.seats
    }

    /// The seed of the shuffle.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The view before the round's last decision, while the round is over.
    #[must_use]
    pub fn ended(&self) -> Option<&View> {
        self.ended.as_ref()
    }

    /// The last decision.
    #[must_use]
    pub fn last(&self) -> Option<&LastMove> {
        self.last.as_ref()
    }

    /// The hint, when shown.
    #[must_use]
    pub fn hint(&self) -> Option<&PairsHint> {
        self.advice.as_ref().filter(|_| self.show_hint)
    }

    /// The AIs decide on a worker thread from now on (the game on screen).
    pub fn think_aside(&mut self) {
        self.worker = true;
    }

    /// Whether an AI is deciding on its worker thread.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// `c`: the coach on or off.
    pub(crate) fn toggle_coach(&mut self) {
        self.coach = !self.coach;
        if !self.coach {
            self.coach_note = None;
        }
        self.refresh_hint();
    }

    /// Whether the coach is on.
    #[must_use]
    pub fn coach(&self) -> bool {
        self.coach
    }

    /// The coach's word on the last decision of a person, until the next one.
    #[must_use]
    pub fn coach_note(&self) -> Option<&CoachNote> {
        self.coach_note.as_ref().filter(|_| self.coach)
    }

    /// `o`: every seat's odds of a pair on a hit, shown or hidden.
    pub(crate) fn toggle_odds(&mut self) {
        self.show_odds = !self.show_odds;
    }

    /// Each seat's chance that a hit pairs its stack, when the odds are shown and a
    /// round is being played.
    #[must_use]
    pub fn odds(&self) -> Option<Vec<f64>> {
        if !self.show_odds {
            return None;
        }
        let view = self.game.view();
        view.mover()?;
        Some((0..view.players()).map(|i| pair_odds(&view, i)).collect())
    }

    /// Where the game was saved, once it was.
    #[must_use]
    pub fn saved(&self) -> Option<&Result<PathBuf, String>> {
        self.saved.as_ref()
    }

    /// Records where the save went (or why it failed).
    pub(crate) fn set_saved(&mut self, saved: Result<PathBuf, String>) {
        self.saved = Some(saved);
    }

    /// Whether a person is to move now.
    #[must_use]
    pub fn persons_turn(&self) -> bool {
        match self.game.phase() {
            Phase::Turn { mover } => self.seats.seat(mover).is_person(),
            _ => false,
        }
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.game.phase(), Phase::GameOver { .. })
    }

    /// Whether someone has decided something and the game is not saved yet.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        self.saved.is_none() && self.rounds.iter().any(|r| !r.is_empty())
    }

    /// The game so far as a record.
    #[must_use]
    pub fn record(&self) -> PairsRecord {
        let mut rounds = self.rounds.clone();
        // A round dealt but not yet played has no line.
        if rounds.last().is_some_and(Vec::is_empty) && rounds.len() > 1 {
            rounds.pop();
        }
        PairsRecord {
            date: self.date.0.clone(),
            time: self.date.1.clone(),
            seed: self.seed,
            ranks: self.game.ranks(),
            target: self.game.view().target,
            seats: self.seats.clone(),
            rounds,
        }
    }

    /// `H`: shows or hides the hint.
    pub(crate) fn toggle_hint(&mut self) {
        self.show_hint = !self.show_hint;
        self.refresh_hint();
    }

    /// The person to move hits or folds; nothing happens out of turn, and a hit with no
    /// card left is refused (the message says why).
    pub fn decide(&mut self, action: Action, now: Instant) {
        if self.persons_turn() {
            let _ = self.play(action, now);
        }
    }

    /// Any key between rounds deals the next one; during an AI's turn it plays at once.
    pub(crate) fn go_on(&mut self, now: Instant) {
        match self.game.phase() {
            Phase::RoundOver(_) => self.next_round(now),
            Phase::Turn { .. } if !self.persons_turn() => self.ai_due = Some(now),
            _ => {}
        }
    }

    /// When the clock must next tick (an AI's decision, or the next round at an
    /// all-AI table).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.ai_due
    }

    /// Time passed: the AI to move decides when its pause is over.
    pub fn tick(&mut self, now: Instant) {
        let Some(due) = self.ai_due else { return };
        if now < due {
            return;
        }
        self.ai_due = None;
        if self.thinking.is_some() {
            return;
        }
        match self.game.phase() {
            Phase::Turn { mover } => {
                let view = self.game.view();
                if self.worker {
                    let Some(Some(mut ai)) = self.ais.get_mut(mover).map(Option::take) else {
                        return;
                    };
                    self.thinking = Some(Worker::spawn(move || {
                        let action = ai.decide(&view);
                        (mover, ai, action)
                    }));
                } else if let Some(Some(ai)) = self.ais.get_mut(mover) {
                    let action = ai.decide(&view);
                    let _ = self.play(action, now);
                }
            }
            Phase::RoundOver(_) => self.next_round(now),
            Phase::GameOver { .. } => {}
        }
    }

    /// Takes in the AI's decision if its worker has finished; returns whether it had.
    pub fn poll(&mut self, now: Instant) -> bool {
        let Some(worker) = &self.thinking else {
            return false;
        };
        match worker.poll() {
            Progress::Done((seat, ai, action)) => {
                self.thinking = None;
                self.ais[seat] = Some(ai);
                let _ = self.play(action, now);
                true
            }
            Progress::Running => false,
            Progress::Stopped => {
                // The worker died (a bug): a fresh AI decides here instead.
                self.thinking = None;
                if let Phase::Turn { mover } = self.game.phase()
                    && let Some(kind) = self.seats.seat(mover).ai()
                {
                    let seed = crate::pairs::duel::game_seed(self.seed, mover as u64);
                    self.ais[mover] = Some(Player::new(kind, seed));
                }
                self.worker = false;
                self.ai_due = Some(now);
                true
            }
        }
    }

    /// Whether a round has been scored and the next is not dealt yet.
    #[must_use]
    pub(crate) fn between_rounds(&self) -> bool {
        matches!(self.game.phase(), Phase::RoundOver(_))
    }

    /// Deals the next round (a replay's step).
    pub(crate) fn next_round_now(&mut self, now: Instant) {
        self.next_round(now);
    }

    /// Plays a recorded decision, whoever is to move (a replay's step).
    ///
    /// # Errors
    /// No one is to move, or a hit with no card left.
    pub(crate) fn replay_decision(
        &mut self,
        action: Action,
        now: Instant,
    ) -> Result<(), PairsError> {
        self.play(action, now)
    }

    fn play(&mut self, action: Action, now: Instant) -> Result<(), PairsError> {
        let Phase::Turn { mover } = self.game.phase() else {
            return Err(PairsError::NotYourTurn);
        };
        let before = self.game.view();
        let person = self.seats.seat(mover).is_person();
        let card = match action {
            // No card anywhere: the rules leave only a fold, and nothing changes.
            Action::Hit => Some(self.game.hit()?.0),
            Action::Fold => {
                apply(&mut self.game, Action::Fold)?;
                None
            }
        };
        if person && self.coach {
            self.coach_note = self
                .advice
                .as_ref()
                .map(|h| CoachNote::of(mover, action, h));
        }
        if let Some(r) = self.rounds.last_mut() {
            r.push(action);
        }
        self.last = Some(LastMove {
            seat: mover,
            action,
            card,
        });
        if !matches!(self.game.phase(), Phase::Turn { .. }) {
            self.ended = Some(before);
        }
        self.settle(now);
        Ok(())
    }

    fn next_round(&mut self, now: Instant) {
        if self.game.next_round().is_ok() {
            self.rounds.push(Vec::new());
            self.ended = None;
            self.last = None;
            self.settle(now);
        }
    }

    /// After any change: when the AI moves next, and the hint for the new mover.
    fn settle(&mut self, now: Instant) {
        let all_ai = self.seats.people() == 0;
        self.ai_due = match self.game.phase() {
            Phase::Turn { .. } if !self.persons_turn() => Some(now + self.ai_delay),
            // With no person to press a key, rounds follow each other by themselves.
            Phase::RoundOver(_) if all_ai => Some(now + self.ai_delay * 3),
            _ => None,
        };
        self.refresh_hint();
    }

    /// The advice for the person to move, while the hint or the coach needs it.
    fn refresh_hint(&mut self) {
        self.advice = if (self.show_hint || self.coach) && self.persons_turn() {
            PairsHint::with(&self.game.view(), &mut self.advice_solver)
        } else {
            None
        };
    }

    /// How the round ended, in words: who scored what and how.
    #[must_use]
    pub(crate) fn round_words(&self, end: &RoundEnd) -> String {
        let who = &self.seats.seat(end.scorer).name;
        match end.how {
            Scored::Pair => format!("{who} caught a pair of {}s: +{}", end.rank, end.rank),
            Scored::Fold { from } if from == end.scorer => {
                format!("{who} folded, taking their own {}: +{}", end.rank, end.rank)
            }
            Scored::Fold { from } => format!(
                "{who} folded, taking {}'s {}: +{}",
                self.seats.seat(from).name,
                end.rank,
                end.rank
            ),
        }
    }
}
