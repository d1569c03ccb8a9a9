//! The person's games against each AI, from the saved records: played, won, drawn and
//! lost per opponent, deck, pass rule and objective, with the person's average accuracy
//! (the share of best flips, as the analysis counts it).
//!
//! Only finished games of the person against one AI count: games of two AIs (`duel`,
//! `watch`), solitaire games, practice games (undo allowed) and unfinished ones are left
//! out; records that cannot be read are counted, never a failure.

use std::collections::BTreeMap;

use serde::Serialize;

use super::annotate::annotate;
use crate::players::Optimal;
use crate::record::{Entry, Record};
use crate::rules::{Outcome, Phase, Seat};

/// One opponent, deck, pass rule and objective.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The AI's kind (`optimal`, `usual`, `forgetful-medium`, ...).
    pub opponent: String,
    /// The deck's name.
    pub deck: String,
    /// The pass rule's name.
    pub pass_rule: String,
    /// The objective's name.
    pub objective: String,
    /// Finished games.
    pub played: usize,
    /// Of which the person won.
    pub won: usize,
    /// Drawn.
    pub drawn: usize,
    /// Lost.
    pub lost: usize,
    /// The person's average accuracy over the games that could be analysed (`None`: none
    /// could, a deck too large to solve).
    pub accuracy: Option<f64>,
}

/// Every row, and how many records were left out for being unreadable.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Versus {
    /// Sorted by opponent, deck, pass rule, objective.
    pub rows: Vec<Row>,
    /// Records that could not be read (or do not replay).
    pub unreadable: usize,
}

type Key = (String, String, String, String);

#[derive(Default)]
struct Sums {
    played: usize,
    won: usize,
    drawn: usize,
    lost: usize,
    accuracy: f64,
    analysed: usize,
}

/// The person's seat if `record` is a game of the person against one AI that counts:
/// two seats of the standard game only (a table of three or more, or One Flip, is not
/// "you against an AI" in this table's sense).
fn counted(record: &Record) -> Option<Seat> {
    if record.is_solitaire()
        || record.practice
        || record.seats() != 2
        || record.variant != crate::rules::Variant::Standard
    {
        return None;
    }
    let person = record.person()?;
    let other = person.other();
    (record.player(other) != crate::record::PERSON).then_some(person)
}

/// Tallies the saved games `entries` (one solver per deck, objective and pass rule).
#[must_use]
pub fn tally(entries: &[Entry]) -> Versus {
    let mut sums: BTreeMap<Key, Sums> = BTreeMap::new();
    // One solver per deck, objective and pass rule (by name).
    let mut solvers: BTreeMap<(String, &str, &str), Option<Optimal>> = BTreeMap::new();
    let mut unreadable = 0;
    for entry in entries {
        // Pairs is another game: `stats` gives it a line of its own.
        if entry.pairs.is_some() {
            continue;
        }
        let Ok(record) = &entry.record else {
            unreadable += 1;
            continue;
        };
        let Some(person) = counted(record) else {
            continue;
        };
        let Ok(game) = record.replay() else {
            unreadable += 1;
            continue;
        };
        let Phase::Over(result) = game.view().phase() else {
            continue;
        };
        let other = if person == Seat::FIRST {
            Seat::SECOND
        } else {
            Seat::FIRST
        };
        let key = (
            record.player(other).to_owned(),
            record.deck.name().to_owned(),
            record.pass_rule.name().to_owned(),
            record.objective.name().to_owned(),
        );
        let s = sums.entry(key).or_default();
        s.played += 1;
        match result.outcome {
            Outcome::Winner(w) if w == person => s.won += 1,
            Outcome::Winner(_) => s.lost += 1,
            Outcome::Draw | Outcome::Solo => s.drawn += 1,
        }
        let solver = solvers
            .entry((
                record.deck.name().to_owned(),
                record.objective.name(),
                record.pass_rule.name(),
            ))
            .or_insert_with(|| Optimal::new(&record.deck, record.objective, record.pass_rule).ok());
        if let Some(optimal) = solver
            && let Ok(analysis) = annotate(&game, record.players.clone(), optimal.solver())
        {
            s.accuracy += analysis.summaries[person.index()].accuracy;
            s.analysed += 1;
        }
    }
    let rows = sums
        .into_iter()
        .map(|((opponent, deck, pass_rule, objective), s)| Row {
            opponent,
            deck,
            pass_rule,
            objective,
            played: s.played,
            won: s.won,
            drawn: s.drawn,
            lost: s.lost,
            #[allow(clippy::cast_precision_loss)] // game counts are small
            accuracy: (s.analysed > 0).then(|| s.accuracy / s.analysed as f64),
        })
        .collect();
    Versus { rows, unreadable }
}

impl Versus {
    /// The table: a header, a line per row with aligned columns, and the count of
    /// unreadable records if any.
    #[must_use]
    pub fn table(&self) -> String {
        use std::fmt::Write as _;
        let p = crate::words::printable;
        let cells: Vec<[String; 4]> = self
            .rows
            .iter()
            .map(|r| [p(&r.opponent), p(&r.deck), p(&r.pass_rule), p(&r.objective)])
            .collect();
        let heads = ["opponent", "deck", "pass rule", "objective"];
        let widths: Vec<usize> = (0..4)
            .map(|i| {
                cells
                    .iter()
                    .map(|c| c[i].chars().count())
                    .chain([heads[i].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>6} {:>4} {:>5} {:>4} {:>8}",
            heads[0],
            heads[1],
            heads[2],
            heads[3],
            "played",
            "won",
            "drawn",
            "lost",
            "accuracy",
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
        );
        for (r, c) in self.rows.iter().zip(&cells) {
            let _ = writeln!(
                out,
                "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {:>6} {:>4} {:>5} {:>4} {:>8}",
                c[0],
                c[1],
                c[2],
                c[3],
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.accuracy
                    .map_or_else(|| "-".to_owned(), |a| crate::words::percent(a, 1)),
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3],
            );
        }
        out
    }

    /// The line on unreadable records, if any: "2 records could not be read".
    #[must_use]
    pub fn unreadable_line(&self) -> Option<String> {
        (self.unreadable > 0).then(|| {
            format!(
                "{} could not be read",
                crate::words::count_of(self.unreadable, "record")
            )
        })
    }
}
