//! The table of the person's games against each AI: played, won, drawn and lost per
//! opponent, deck, pass rule and objective, with the person's accuracy pooled over
//! those games (best decisions among every decision with a choice, as the judgement of
//! each game counts them: `judgement.rs`). The dashboard
//! (`trainer::dashboard::versus`) fills it from its cache of analysed records.

use serde::Serialize;

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
    /// The person's accuracy, pooled over the games that could be analysed (`None`:
    /// none could, a deck too large to solve).
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

/// The headings of the four columns that name a game kind.
pub(crate) const KEY_HEADS: [&str; 4] = ["opponent", "deck", "pass rule", "objective"];

/// The width of each key column: its longest cell or its heading.
#[must_use]
pub(crate) fn key_widths(cells: &[[String; 4]]) -> [usize; 4] {
    std::array::from_fn(|i| {
        cells
            .iter()
            .map(|c| c[i].chars().count())
            .chain([KEY_HEADS[i].len()])
            .max()
            .unwrap_or(0)
    })
}

impl Versus {
    /// The table: a header, a line per row with aligned columns, and the count of
    /// unreadable records if any.
    #[must_use]
    pub fn table(&self) -> String {
        use std::fmt::Write as _;
        let p = crate::words::shown;
        let cells: Vec<[String; 4]> = self
            .rows
            .iter()
            .map(|r| [p(&r.opponent), p(&r.deck), p(&r.pass_rule), p(&r.objective)])
            .collect();
        let heads = KEY_HEADS;
        let widths = key_widths(&cells);
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
    pub(crate) fn unreadable_line(&self) -> Option<String> {
        (self.unreadable > 0).then(|| {
            format!(
                "{} could not be read",
                crate::words::count_of(self.unreadable, "record")
            )
        })
    }
}
