//! The list of saved games (`concentration replay` without a file, and the setup's way
//! to past games): one line each, newest first, a record opened on Enter. Pure state:
//! drawing is in `tui/replay_view.rs`.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::analysis::digest::Digest;
use crate::record::Entry;
use crate::trainer::dashboard::Games;

/// What the dashboard's cache knows of each record, by file name: the person's games
/// against one AI.
pub type Figures = HashMap<String, Digest>;

/// The list of saved games.
pub struct History {
    /// The games, newest first.
    pub entries: Vec<Entry>,
    /// Their lines on screen, in columns (see [`History::lines`]).
    pub lines: Vec<String>,
    /// The selected line.
    pub selected: usize,
    /// Where they are.
    pub dir: PathBuf,
    /// A word for the person (an unreadable record).
    pub message: String,
}

/// The figures of `games` (the dashboard's cache), by file name.
#[must_use]
pub fn figures(games: &Games) -> Figures {
    games.digests.iter().cloned().collect()
}

impl History {
    /// The list of the games in `dir`.
    #[must_use]
    pub fn new(dir: PathBuf, entries: Vec<Entry>) -> Self {
        Self {
            message: if entries.is_empty() {
                format!("No saved games in {}", dir.display())
            } else {
                "↑↓ choose · Enter replays the game".into()
            },
            lines: Self::lines(&entries),
            entries,
            selected: 0,
            dir,
        }
    }

    /// The list with each game's accuracy and costliest decision, from the dashboard's
    /// cache (`figures`): a game it does not sum up (AIs only, solitaire, Pairs) or
    /// could not value shows `–`.
    #[must_use]
    pub fn with_figures(mut self, figures: &Figures) -> Self {
        self.lines = lines_with(&self.entries, Some(figures));
        self
    }

    /// Moves the selection.
    pub fn select(&mut self, by: isize) {
        if self.entries.is_empty() {
            return;
        }
        self.selected = self
            .selected
            .saturating_add_signed(by)
            .min(self.entries.len() - 1);
    }

    /// One line per saved game, in columns that start at the same character on every
    /// line: date, time, deck, who played, result, score (and `practice`). Each column is
    /// as wide as its widest entry; a deck or player's name longer than the list allows is
    /// shortened with `…` rather than pushing the columns after it. An unreadable record's
    /// line is its file name and the reason.
    #[must_use]
    pub fn lines(entries: &[Entry]) -> Vec<String> {
        lines_with(entries, None)
    }
}

/// [`History::lines`], with each game's accuracy and costliest decision when `figures`
/// are given (a column empty on every line takes no room).
#[must_use]
pub fn lines_with(entries: &[Entry], figures: Option<&Figures>) -> Vec<String> {
    let rows: Vec<Result<[String; COLUMNS], String>> = entries
        .iter()
        .map(|e| {
            let mut row = cells(e)?;
            if let Some(f) = figures {
                let name = e.path.file_name().map(|n| n.to_string_lossy());
                let digest = name.and_then(|n| f.get(n.as_ref()));
                [row[ACCURACY], row[COSTLIEST]] = figure_cells(digest);
            }
            Ok(row)
        })
        .collect();
    let mut widths = [0; COLUMNS];
    for row in rows.iter().flatten() {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    rows.into_iter()
        .map(|row| match row {
            Ok(row) => {
                let mut line = String::new();
                for (k, (cell, &w)) in row.iter().zip(&widths).enumerate() {
                    if w == 0 {
                        continue;
                    }
                    if k > 0 {
                        line.push(' ');
                    }
                    if k == RESULT {
                        line.push_str(&format!("{cell:>w$}"));
                    } else {
                        line.push_str(&format!("{cell:<w$}"));
                    }
                }
                line.trim_end().to_owned()
            }
            Err(reason) => reason,
        })
        .collect()
}

/// A game's accuracy (the judgement's: decisions with a choice best), its memory slips
/// where there were any, and its costliest decision ("turn 6 · −8.0%"); `–` for a game
/// the dashboard does not value.
fn figure_cells(digest: Option<&Digest>) -> [String; 2] {
    let none = || "–".to_owned();
    let Some(d) = digest.filter(|d| d.analysed) else {
        return [none(), none()];
    };
    let accuracy = if d.choices == 0 {
        none()
    } else if d.slips > 0 {
        format!(
            "{} · {}",
            crate::words::percent(d.accuracy(), 0),
            crate::words::count_of(d.slips, "memory slip")
        )
    } else {
        crate::words::percent(d.accuracy(), 0)
    };
    let objective = d
        .objective
        .parse::<crate::rules::Objective>()
        .unwrap_or(crate::rules::Objective::Win);
    let costliest = d.costliest.as_ref().map_or_else(
        || "no cost".to_owned(),
        |c| {
            format!(
                "turn {} · {}{}",
                c.turn,
                crate::trainer::coach::cost_words(objective, c.cost),
                if c.slip { " (memory slip)" } else { "" }
            )
        },
    );
    [accuracy, costliest]
}

/// The columns of a line of the list of saved games.
const COLUMNS: usize = 9;
/// The column of a game's accuracy.
const ACCURACY: usize = 6;
/// The column of its costliest decision.
const COSTLIEST: usize = 7;
/// The column of the result, aligned right (`1-0`, `1/2-1/2`, `cleared`).
const RESULT: usize = 4;
/// The widest a deck's name is shown in the list.
const DECK_WIDTH: usize = 15;
/// The widest a player's name is shown in the list (`forgetful-medium`).
const NAME_WIDTH: usize = 16;

/// A saved game's columns, or the line saying why it cannot be read.
fn cells(entry: &Entry) -> Result<[String; COLUMNS], String> {
    if let Some(p) = &entry.pairs {
        return Ok(pairs_cells(p));
    }
    let r = match &entry.record {
        Ok(r) => r,
        Err(e) => {
            let name = entry
                .path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            let prefix = format!("{}: ", entry.path.display());
            // A reason quotes the file: shown safely and cut, as every error line is.
            return Err(crate::words::one_line(&format!(
                "{name}: unreadable: {}",
                e.strip_prefix(&prefix).unwrap_or(e)
            )));
        }
    };
    let game = r.replay().ok();
    let result = game
        .as_ref()
        .map_or_else(|| "?".to_owned(), crate::record::result_text);
    let name = |s: &str| crate::words::shortened(&crate::words::shown(s), NAME_WIDTH);
    let (who, score) = if r.is_solitaire() {
        let moves = game.as_ref().map_or(0, |g| r.counted_moves(g));
        (
            format!(
                "solitaire{}",
                r.challenge.map(|c| format!(" ({c})")).unwrap_or_default()
            ),
            crate::words::count(moves, "move"),
        )
    } else {
        let pairs = game
            .as_ref()
            .map_or_else(|| "?".to_owned(), crate::record::pairs_text);
        // Three or more seats share the names' room: each name shorter.
        let names: Vec<String> = if r.seats() > 2 {
            r.players
                .iter()
                .map(|p| {
                    crate::words::shortened(
                        &crate::words::shown(&p.name),
                        (NAME_WIDTH * 2 / r.seats()).max(3),
                    )
                })
                .collect()
        } else {
            r.players.iter().map(|p| name(&p.name)).collect()
        };
        (names.join(" vs "), pairs)
    };
    Ok([
        crate::words::shown(&r.date),
        crate::words::shown(&r.time),
        crate::words::shortened(r.deck.name(), DECK_WIDTH),
        who,
        result.to_owned(),
        score,
        String::new(),
        String::new(),
        if r.practice { "practice" } else { "" }.to_owned(),
    ])
}

/// A game of Pairs in the list: the date, the deck's ranks, who played, who lost (`*`
/// unfinished) and the scores in seat order.
fn pairs_cells(p: &crate::pairs::record::PairsRecord) -> [String; COLUMNS] {
    let seats = p.seats.len();
    let name = |s: &str| {
        crate::words::shortened(
            &crate::words::shown(s),
            if seats > 2 {
                (NAME_WIDTH * 2 / seats).max(3)
            } else {
                NAME_WIDTH
            },
        )
    };
    let names: Vec<String> = p.seats.iter().map(|s| name(&s.name)).collect();
    let played = p.played().ok();
    let result = match played.as_ref().map(crate::pairs::Game::phase) {
        Some(crate::pairs::Phase::GameOver { loser, .. }) => {
            format!("{} lost", name(&p.seats.seat(loser).name))
        }
        Some(_) => "*".to_owned(),
        None => "?".to_owned(),
    };
    let scores = played.map_or_else(
        || "?".to_owned(),
        |g| {
            g.view()
                .scores
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("-")
        },
    );
    [
        crate::words::shown(&p.date),
        crate::words::shown(&p.time),
        format!("Pairs, {} ranks", p.ranks.get()),
        names.join(" vs "),
        result,
        scores,
        String::new(),
        String::new(),
        String::new(),
    ]
}
