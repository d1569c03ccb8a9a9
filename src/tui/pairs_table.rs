//! The Pairs screen's state: the game, who sits where, the AI's pace, the hint and the
//! decisions made (for the record). Changed only by its methods, which the app calls
//! with the person's keys and the clock's ticks; drawing (`pairs_view.rs`) only reads.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::pairs::record::{PairsRecord, apply};
use crate::pairs::rules::{Game, Phase, Rank, RoundEnd, Scored};
use crate::pairs::{Action, PairsAi, PairsError, Player, Ranks, Solver, View};
use crate::seats::Seats;

/// The person's hint for the seat to move: the odds of a pair and both actions'
/// expected payoffs under subgame-perfect play from here (a round's payoff: −(m−1)·r to
/// the one who scores r, +r to everyone else).
#[derive(Debug, Clone, PartialEq)]
pub struct PairsHint {
    /// The chance that a hit pairs the mover's stack.
    pub pair_chance: f64,
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
        let a = Solver::<f64>::new(model).analyse(&stacks);
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
    hint: Option<PairsHint>,
    show_hint: bool,
    ai_delay: Duration,
    ai_due: Option<Instant>,
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
            hint: None,
            show_hint: false,
            ai_delay,
            ai_due: None,
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
        self.hint.as_ref().filter(|_| self.show_hint)
    }

    /// Where the game was saved, once it was.
    #[must_use]
    pub fn saved(&self) -> Option<&Result<PathBuf, String>> {
        self.saved.as_ref()
    }

    /// Records where the save went (or why it failed).
    pub fn set_saved(&mut self, saved: Result<PathBuf, String>) {
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
    pub fn toggle_hint(&mut self) {
        self.show_hint = !self.show_hint;
        self.refresh_hint();
    }

    /// The person to move hits or folds; nothing happens out of turn, and a hit with no
    /// card left is refused (the message says why).
    pub fn decide(&mut self, action: Action, now: Instant) {
        if self.persons_turn() {
            self.play(action, now);
        }
    }

    /// Any key between rounds deals the next one; during an AI's turn it plays at once.
    pub fn go_on(&mut self, now: Instant) {
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
        match self.game.phase() {
            Phase::Turn { mover } => {
                let view = self.game.view();
                if let Some(Some(ai)) = self.ais.get_mut(mover) {
                    let action = ai.decide(&view);
                    self.play(action, now);
                }
            }
            Phase::RoundOver(_) => self.next_round(now),
            Phase::GameOver { .. } => {}
        }
    }

    fn play(&mut self, action: Action, now: Instant) {
        let Phase::Turn { mover } = self.game.phase() else {
            return;
        };
        let before = self.game.view();
        let card = match action {
            Action::Hit => match self.game.hit() {
                Ok((rank, _)) => Some(rank),
                // No card anywhere: the rules leave only a fold.
                Err(_) => return,
            },
            Action::Fold => {
                if apply(&mut self.game, Action::Fold).is_err() {
                    return;
                }
                None
            }
        };
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

    fn refresh_hint(&mut self) {
        self.hint = if self.show_hint && self.persons_turn() {
            PairsHint::of(&self.game.view())
        } else {
            None
        };
    }

    /// How the round ended, in words: who scored what and how.
    #[must_use]
    pub fn round_words(&self, end: &RoundEnd) -> String {
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
