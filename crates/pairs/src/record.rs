//! A Pairs game on file: its own record kind (`[Format "pairs 1"]`), enough to deal the
//! game again (seed, ranks, target, seats) and every decision, one line per round.
//! Parsing replays the decisions on the engine, so a record that loads is a legal game.

use thiserror::Error;

use super::rules::{Game, Phase, Ranks};
use super::solver::Action;
use crate::PairsAi;
use crate::seats::Seats;

/// The first line of every Pairs record.
pub const FORMAT: &str = "pairs 1";

/// A Pairs game: its setup and every decision, round by round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairsRecord {
    /// `YYYY-MM-DD`, UTC.
    pub date: String,
    /// `HH:MM:SS`, UTC.
    pub time: String,
    /// The shuffle's seed.
    pub seed: u64,
    /// The deck's ranks.
    pub ranks: Ranks,
    /// The score that loses.
    pub target: u32,
    /// The table, in seat order.
    pub seats: Seats<PairsAi>,
    /// Each round's decisions, in order (the last round may be unfinished).
    pub rounds: Vec<Vec<Action>>,
}

/// Why a Pairs record could not be read; each names its line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Not a Pairs record at all.
    #[error("line 1: not a Pairs record (expected [Format \"{FORMAT}\"])")]
    NotPairs,
    /// A header line that is malformed or holds a bad value.
    #[error("line {line}: {fault}")]
    Bad {
        /// 1-based line number.
        line: usize,
        /// What is wrong there.
        fault: String,
    },
    /// A required header is absent.
    #[error("the [{0} \"...\"] line is missing")]
    Missing(&'static str),
}

fn bad(line: usize, fault: impl Into<String>) -> RecordError {
    RecordError::Bad {
        line,
        fault: fault.into(),
    }
}

/// One decision of a recorded game, as the record tells it without a solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The round, from 1.
    pub round: usize,
    /// The seat that decided.
    pub seat: usize,
    /// What it did.
    pub action: Action,
}

impl PairsRecord {
    /// Whether `text` is a Pairs record (its first line names the format).
    #[must_use]
    pub fn is_pairs(text: &str) -> bool {
        text.lines().next().map(str::trim) == Some(&format!("[Format \"{FORMAT}\"]") as &str)
    }

    /// The game this record deals, before any decision.
    ///
    /// # Errors
    /// Seats or target the engine refuses.
    pub fn new_game(&self) -> Result<Game, super::PairsError> {
        Game::new(self.ranks, self.seats.len(), self.target, self.seed)
    }

    /// The game after every decision of the record.
    ///
    /// # Errors
    /// A decision the rules refuse (not in a record that parsed).
    pub fn played(&self) -> Result<Game, super::PairsError> {
        let mut game = self.new_game()?;
        replay(&mut game, &self.rounds)?;
        Ok(game)
    }

    /// Decisions in the record.
    #[must_use]
    pub fn decisions(&self) -> usize {
        self.rounds.iter().map(Vec::len).sum()
    }

    /// Every decision in order, with its round and seat, replayed by the rules (no
    /// solver: quick).
    ///
    /// # Errors
    /// A decision the rules refuse (not in a record that parsed).
    pub fn decided(&self) -> Result<Vec<Decided>, super::PairsError> {
        let mut game = self.new_game()?;
        let mut out = Vec::with_capacity(self.decisions());
        for (k, round) in self.rounds.iter().enumerate() {
            if k > 0 {
                game.next_round()?;
            }
            for &action in round {
                let Phase::Turn { mover } = game.phase() else {
                    return Err(super::PairsError::NotYourTurn);
                };
                out.push(Decided {
                    round: k + 1,
                    seat: mover,
                    action,
                });
                apply(&mut game, action)?;
            }
        }
        Ok(out)
    }

    /// The loser, if the game was played to the end.
    #[must_use]
    pub fn loser(&self) -> Option<usize> {
        let game = self.played().ok()?;
        match game.phase() {
            Phase::GameOver { loser, .. } => Some(loser),
            _ => None,
        }
    }

    /// The record as text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = format!("[Format \"{FORMAT}\"]\n");
        s += &format!("[Date \"{}\"]\n[Time \"{}\"]\n", self.date, self.time);
        s += &format!(
            "[Seed \"{}\"]\n[Ranks \"{}\"]\n",
            self.seed,
            self.ranks.get()
        );
        s += &format!(
            "[Target \"{}\"]\n[Players \"{}\"]\n",
            self.target, self.seats
        );
        let result = self.loser().map_or_else(
            || "unfinished".to_string(),
            |l| format!("seat {} loses", l + 1),
        );
        s += &format!("[Result \"{result}\"]\n\n");
        for (i, round) in self.rounds.iter().enumerate() {
            let moves: Vec<&str> = round
                .iter()
                .map(|a| match a {
                    Action::Hit => "h",
                    Action::Fold => "f",
                })
                .collect();
            s += &format!("{}. {}\n", i + 1, moves.join(" "));
        }
        s
    }

    /// Reads a record and checks every decision against the rules.
    ///
    /// # Errors
    /// The first fault, naming its line.
    pub fn parse(text: &str) -> Result<Self, RecordError> {
        if !Self::is_pairs(text) {
            return Err(RecordError::NotPairs);
        }
        let mut heads: Vec<(usize, String, String)> = Vec::new();
        let mut moves: Vec<(usize, &str)> = Vec::new();
        for (i, raw) in text.lines().enumerate().skip(1) {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                if !moves.is_empty() {
                    return Err(bad(n, "a header after the moves"));
                }
                let inner = inner
                    .strip_suffix("\"]")
                    .ok_or_else(|| bad(n, "a header must end with \"]"))?;
                let (key, value) = inner
                    .split_once(" \"")
                    .ok_or_else(|| bad(n, "a header is [Name \"value\"]"))?;
                heads.push((n, key.to_string(), value.to_string()));
            } else {
                moves.push((n, line));
            }
        }
        let head = |name: &'static str| {
            heads
                .iter()
                .find(|(_, k, _)| k == name)
                .map(|(n, _, v)| (*n, v.as_str()))
                .ok_or(RecordError::Missing(name))
        };
        let number = |name: &'static str| -> Result<(usize, u64), RecordError> {
            let (n, v) = head(name)?;
            v.parse::<u64>()
                .map(|x| (n, x))
                .map_err(|_| bad(n, format!("{name} '{v}': expected a whole number")))
        };
        let (_, seed) = number("Seed")?;
        let (rn, ranks) = number("Ranks")?;
        let ranks = Ranks::new(u32::try_from(ranks).unwrap_or(u32::MAX))
            .map_err(|e| bad(rn, e.to_string()))?;
        let (tn, target) = number("Target")?;
        let target = u32::try_from(target).map_err(|_| bad(tn, "Target: too large"))?;
        let (pn, players) = head("Players")?;
        let seats =
            Seats::<PairsAi>::parse(players).map_err(|e| bad(pn, format!("Players: {e}")))?;
        let date = head("Date").map_or_else(|_| String::new(), |(_, v)| v.to_string());
        let time = head("Time").map_or_else(|_| String::new(), |(_, v)| v.to_string());
        let mut game =
            Game::new(ranks, seats.len(), target, seed).map_err(|e| bad(tn, e.to_string()))?;
        let mut rounds = Vec::new();
        for (k, &(n, line)) in moves.iter().enumerate() {
            let (num, rest) = line
                .split_once(". ")
                .or_else(|| line.strip_suffix('.').map(|l| (l, "")))
                .ok_or_else(|| bad(n, format!("'{line}': a round is 'N. h f ...'")))?;
            if num.parse::<usize>().ok() != Some(k + 1) {
                return Err(bad(n, format!("round '{num}': expected round {}", k + 1)));
            }
            if k > 0 {
                game.next_round()
                    .map_err(|_| bad(n, "a round after the game ended"))?;
            }
            let mut round = Vec::new();
            for word in rest.split_whitespace() {
                let action = match word {
                    "h" => Action::Hit,
                    "f" => Action::Fold,
                    w => return Err(bad(n, format!("'{w}': a decision is h (hit) or f (fold)"))),
                };
                apply(&mut game, action).map_err(|e| bad(n, format!("'{word}': {e}")))?;
                round.push(action);
            }
            if k + 1 < moves.len() && matches!(game.phase(), Phase::Turn { .. }) {
                return Err(bad(n, "the round is unfinished but another follows"));
            }
            rounds.push(round);
        }
        Ok(Self {
            date,
            time,
            seed,
            ranks,
            target,
            seats,
            rounds,
        })
    }
}

/// Applies one decision to the game.
///
/// # Errors
/// No one is to move, or a hit with no card left.
pub fn apply(game: &mut Game, action: Action) -> Result<(), super::PairsError> {
    match action {
        Action::Hit => game.hit().map(|_| ()),
        Action::Fold => game.fold().map(|_| ()),
    }
}

/// Plays `rounds` on a freshly dealt game.
///
/// # Errors
/// A decision the rules refuse.
pub fn replay(game: &mut Game, rounds: &[Vec<Action>]) -> Result<(), super::PairsError> {
    for (k, round) in rounds.iter().enumerate() {
        if k > 0 {
            game.next_round()?;
        }
        for &a in round {
            apply(game, a)?;
        }
    }
    Ok(())
}
