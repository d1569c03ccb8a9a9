//! The whole `concentration stats` page: the solitaire statistics, the games against
//! the AI, Pairs, the puzzle tally and the dashboard (games by kind, the rating, what
//! to practise next), read once from a data directory. The command prints its text and
//! the dashboard screen shows the same lines, so the two never differ.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::dashboard::{self, Games, Practise};
use super::rating::Book;
use super::skill::Skill;
use super::tally::{Loaded as TallyLoaded, TallyStore};
use crate::analysis::versus::Versus;
use crate::record;
use crate::solitaire::stats::{Entry, Loaded, Store};

/// Why the page cannot be read (the files kept only warn: see [`StatsPage::warnings`]).
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The records folder cannot be read.
    #[error("{0}")]
    Records(String),
}

/// Everything the page shows, read from one data directory.
pub struct StatsPage {
    /// The solitaire statistics.
    pub solitaire: Loaded,
    /// Where they are kept.
    pub(crate) solitaire_path: PathBuf,
    /// The puzzle tally.
    pub tally: TallyLoaded,
    /// Where it is kept.
    pub(crate) tally_path: PathBuf,
    /// The saved games, summed up from the dashboard's cache.
    pub games: Games,
    /// The games against the AI, by opponent and deck.
    pub versus: Versus,
    /// Games of Pairs.
    pub pairs: PairsTally,
    /// The skill over the games against the AI: the figure the page puts first.
    pub skill: Option<Skill>,
    /// The results rating.
    pub book: Book,
    /// What to practise next.
    pub practise: Option<Practise>,
    /// The records folder.
    pub records: PathBuf,
}

impl StatsPage {
    /// Reads the page of data directory `dir` (each new record analysed once, into the
    /// dashboard's cache in folder `cache`).
    ///
    /// # Errors
    /// A file that cannot be read, or a records folder that is not one.
    pub fn read(dir: &Path, cache: Option<&Path>) -> Result<Self, PageError> {
        let store = Store::new(dir);
        // Everything read before anything is shown: a file that cannot be read fails
        // the page whole, not halfway through the tables.
        let solitaire = store.load();
        let tally_store = TallyStore::new(dir);
        let tally = tally_store.load();
        let games = dashboard::games(dir, cache).map_err(PageError::Records)?;
        let versus = dashboard::versus(&games);
        let pairs = PairsTally::of(games.pairs);
        let skill = dashboard::skill(&games);
        let book = dashboard::rating(dir, &games);
        let practise = dashboard::practise_next(&games, &tally.tally);
        Ok(Self {
            solitaire,
            solitaire_path: store.path(),
            tally,
            tally_path: tally_store.path(),
            games,
            versus,
            pairs,
            skill,
            book,
            practise,
            records: record::records_dir(dir),
        })
    }

    /// The lines to say before the page: files moved aside or skipped.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        let mut out: Vec<String> = [&self.solitaire.warning, &self.tally.warning]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        out.extend(
            self.games
                .unreadable
                .iter()
                .map(|(_, why)| format!("skipped: {why}")),
        );
        out
    }

    /// The page as text, as `stats` prints it.
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = String::new();
        // First the skill, which the cards' luck cannot move; the results come after.
        match &self.skill {
            Some(skill) => {
                let _ = writeln!(s, "Skill: {}", skill.line());
                let _ = writeln!(s, "{}", super::skill::MEANING);
            }
            None => {
                let _ = writeln!(
                    s,
                    "Skill: no analysed game of yours against the AI yet (PR, the error a decision against optimal play, comes from those)"
                );
            }
        }
        s.push('\n');
        if self.solitaire.stats.entries.is_empty() {
            let _ = writeln!(
                s,
                "No solitaire games counted yet (statistics go to {}).",
                self.solitaire_path.display()
            );
        } else {
            s.push_str(&table(&self.solitaire.stats.entries));
        }
        s.push('\n');
        if self.versus.rows.is_empty() {
            let _ = writeln!(
                s,
                "Against the AI: no finished games yet (records go to {}).",
                self.records.display()
            );
        } else {
            s.push_str("Against the AI\n");
            s.push_str(&self.versus.table());
            s.push_str("accuracy: your decisions with a choice that were best, pooled over the games, as `analyze` counts them\n");
        }
        if let Some(line) = self.versus.unreadable_line() {
            let _ = writeln!(s, "{line}");
        }
        if self.pairs.games > 0 {
            let _ = writeln!(s, "\n{}", self.pairs.line());
        }
        s.push('\n');
        if self.tally.tally.is_empty() {
            let _ = writeln!(
                s,
                "Puzzles: none answered yet (the tally goes to {}).",
                self.tally_path.display()
            );
        } else {
            s.push_str(&self.tally.tally.table());
        }
        s.push('\n');
        s.push_str(&dashboard::text(
            &self.games,
            &self.book,
            self.practise.as_ref(),
            &self.records,
        ));
        s
    }
}

/// Games of Pairs among the saved records: a game of its own, kept out of the games
/// against the AI above.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct PairsTally {
    /// Pairs records.
    pub games: u64,
    /// Of those, played to the end.
    pub finished: u64,
    /// Finished games with one person at the table.
    pub yours: u64,
    /// Of those, the ones the person lost.
    pub lost: u64,
}

impl PairsTally {
    fn of(counts: [u64; 4]) -> Self {
        let [games, finished, yours, lost] = counts;
        Self {
            games,
            finished,
            yours,
            lost,
        }
    }

    fn line(self) -> String {
        let mut s = format!(
            "Pairs: {} saved, {} finished",
            crate::words::count(self.games, "game"),
            self.finished
        );
        if self.yours > 0 {
            let _ = write!(
                s,
                "; you lost {} of your {} finished",
                self.lost, self.yours
            );
        }
        s
    }
}

/// The solitaire statistics as a text table: each deck and memory mode, then its
/// challenges.
#[must_use]
pub fn table(entries: &[Entry]) -> String {
    let mut out = format!(
        "{:<22} {:<8} {:>6} {:>10} {:>5} {:>9}\n",
        "deck", "memory", "games", "avg moves", "best", "avg cost"
    );
    for e in entries {
        let name = match e.challenge {
            // Names come from a file: no control characters reach the terminal.
            None if e.rule.is_standard() => crate::words::shown(&e.deck),
            None => format!("{} {}", crate::words::shown(&e.deck), rule_tag(e.rule)),
            Some(n) if e.rule.is_standard() => format!("  challenge {n}"),
            Some(n) => format!("  challenge {n} {}", rule_tag(e.rule)),
        };
        let _ = writeln!(
            out,
            "{:<22} {:<8} {:>6} {:>10} {:>5} {:>9}",
            name,
            crate::words::shown(&e.memory),
            e.games,
            crate::words::fixed(e.average_moves(), 2),
            e.best,
            crate::words::signed(e.average_cost(), 2)
        );
    }
    out.push_str(
        "avg cost: moves beyond what optimal play needs on the same deal with your order of turning new cards\n",
    );
    if entries.iter().any(|e| e.rule.is_free()) {
        let _ = writeln!(
            out,
            "{FREE_TAG}: a pair earned a free move (solitaire --free-after-pair)"
        );
    }
    if entries.iter().any(|e| e.rule.is_easy()) {
        let _ = writeln!(
            out,
            "{EASY_TAG}: the easier game, a pair across two moves (solitaire --easy)"
        );
    }
    out
}

/// The mark of a deck's games with a pair's free move, kept apart from its standard ones.
const FREE_TAG: &str = "+free";
/// The mark of a deck's games of the easier game.
const EASY_TAG: &str = "+easy";

/// The marks of a rule's games after the deck's name.
fn rule_tag(rule: crate::solitaire::SoloRule) -> String {
    let mut tags = Vec::new();
    if rule.is_easy() {
        tags.push(EASY_TAG);
    }
    if rule.is_free() {
        tags.push(FREE_TAG);
    }
    tags.concat()
}
