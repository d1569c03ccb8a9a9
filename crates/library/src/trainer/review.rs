//! Review: the person's own costly decisions from saved games (a mistake or worse in a
//! game against an AI), each posed as a puzzle at the position as it was, with what
//! was played then. The decisions come from the dashboard's cache of analysed games
//! (see [`super::dashboard`]), newest game first, costliest first within a game; each
//! position is valued again by the puzzle generator's solver for its rules, so the
//! review shows the same values `solve` gives.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use time::Date;

use super::puzzle::{Generator, Puzzle, PuzzleRules};
use super::schedule::Schedule;
use crate::record;
use crate::solver::Action;

/// What a recall drill asks: a memory slip is posed with the seen cards face down.
pub const RECALL: &str =
    "A memory slip: the seen cards lie face down, as in your game. Find the card you had seen.";

/// What the person played at a reviewed decision, and where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The record's file name (the key of the spaced schedule, with `index`).
    pub record: String,
    /// The record's path.
    pub path: PathBuf,
    /// When the game was played (`YYYY-MM-DD HH:MM:SS`, as the record says).
    pub when: String,
    /// The flip (index into the record's flips).
    pub index: usize,
    /// Its turn, from 1.
    pub turn: usize,
    /// The action played.
    pub action: Action,
    /// The card turned.
    pub position: usize,
    /// What it cost, in the objective's unit.
    pub cost: f64,
    /// Its grade's name (`mistake`, `blunder`), the judgement's.
    pub class: String,
    /// Whether it was a memory slip (a seen card forgotten, classic memory).
    pub slip: bool,
    /// The flip explained in the game's words, as the analysis says it.
    pub explanation: String,
}

impl Played {
    /// The key the spaced schedule keeps it under: the record's name and the flip.
    #[must_use]
    pub fn key(&self) -> String {
        format!("{}#{}", self.record, self.index)
    }
}

/// One costly decision of the person, posed as a puzzle.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The position as a puzzle (its table the game's own deal, after the flips before).
    pub puzzle: Puzzle,
    /// What was played there.
    pub played: Played,
}

/// The solvers of the review, one per rule set met (each solved once).
#[derive(Default)]
pub struct Solvers {
    generators: BTreeMap<(String, &'static str, &'static str), Option<Generator>>,
}

impl Solvers {
    /// The generator for `rules`, solved on first use (`None`: the solver refuses them).
    pub fn get(&mut self, rules: &PuzzleRules) -> Option<&mut Generator> {
        self.generators
            .entry((
                rules.deck.name().to_owned(),
                rules.objective.name(),
                rules.pass_rule.name(),
            ))
            .or_insert_with(|| Generator::new(rules.clone()).ok())
            .as_mut()
    }
}

/// The decisions found in a data directory.
#[derive(Default)]
pub struct Found {
    /// The decisions, newest game first.
    pub decisions: Vec<Decision>,
    /// Records that could not be read, with why (named on standard error by the CLI).
    pub unreadable: Vec<String>,
    /// The records folder.
    pub records: PathBuf,
    /// Whether the only games saved are games between AIs.
    pub(crate) ai_only: bool,
}

impl Found {
    /// The one line said when there is nothing to review (`schedule`: the spaced
    /// schedule in force, and the day).
    #[must_use]
    pub fn nothing_line(&self, schedule: Option<(&Schedule, Date)>) -> String {
        if let Some((s, today)) = schedule
            && !s.entries.is_empty()
        {
            let next = s.next_due(today).map_or_else(
                || "no missed one is waiting".to_owned(),
                |d| format!("the next comes back on {}", crate::dates::show_day(d)),
            );
            return format!(
                "Nothing due for review today ({} answered under the schedule; {next}).",
                crate::words::count(
                    u64::try_from(s.entries.len()).unwrap_or(u64::MAX),
                    "decision"
                )
            );
        }
        if self.ai_only {
            return "No costly decisions of yours to review: only games between AIs are saved; play one yourself.".into();
        }
        format!(
            "No costly decisions of yours to review in {} (a mistake or worse in a game against an AI).",
            self.records.display()
        )
    }
}

/// Up to `limit` of the person's costly decisions in data directory `data` (its games
/// read through the dashboard's cache in folder `cache`) that `keep` keeps (by
/// [`Played::key`]), newest game first, each posed with `solvers`.
///
/// # Errors
/// The records folder is not a folder or cannot be read, as one line.
pub fn decisions(
    data: &Path,
    cache: Option<&Path>,
    limit: usize,
    keep: &dyn Fn(&str) -> bool,
    solvers: &mut Solvers,
) -> Result<Found, String> {
    let games = super::dashboard::games(data, cache)?;
    let records = record::records_dir(data);
    let mut found = Found {
        unreadable: games
            .unreadable
            .iter()
            .map(|(_, why)| why.clone())
            .collect(),
        records: records.clone(),
        ai_only: games.digests.is_empty() && games.ai_only > 0 && games.ai_only == games.others,
        ..Found::default()
    };
    // Abandoned games are left out, as the dashboard leaves them out.
    for (name, digest) in games.digests.iter().filter(|(_, d)| d.finished()) {
        for c in &digest.costly {
            if found.decisions.len() >= limit {
                return Ok(found);
            }
            if !keep(&format!("{name}#{}", c.index)) {
                continue;
            }
            let path = records.join(name);
            // A record changed since it was analysed is skipped, not misread.
            let Ok(rec) = record::load(&path) else {
                continue;
            };
            let Some(&position) = rec.flips.get(c.index) else {
                continue;
            };
            let Ok(mut game) = rec.start() else { continue };
            let before = &rec.flips[..c.index];
            if before.iter().any(|&p| game.try_flip(p).is_err()) {
                continue;
            }
            let rules = PuzzleRules {
                deck: rec.deck.clone(),
                objective: rec.objective,
                pass_rule: rec.pass_rule,
            };
            let Some(generator) = solvers.get(&rules) else {
                continue;
            };
            let Some(action) =
                <crate::model::Standard as crate::model::Model>::action_of(game.view(), position)
            else {
                continue;
            };
            let Some(puzzle) = generator.pose(&game, rec.seed, before) else {
                continue;
            };
            found.decisions.push(Decision {
                puzzle,
                played: Played {
                    record: name.clone(),
                    path,
                    when: format!("{} {}", digest.date, digest.time),
                    index: c.index,
                    turn: c.turn,
                    action,
                    position,
                    cost: c.cost,
                    class: c.class.clone(),
                    slip: c.slip,
                    explanation: c.text.clone(),
                },
            });
        }
    }
    Ok(found)
}
