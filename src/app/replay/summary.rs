//! The replay's summary in words: every seat's figures from the judgement, its costliest
//! decisions, what a cost is counted in. The summary window (`tui/replay_view.rs`) shows
//! these lines and the screen reader says them.

use super::Replay;
use crate::analysis::annotate::{Class, show_cost_short};
use crate::model::Unit;
use crate::rules::Objective;

/// A line of the summary, with what it is (the window styles each kind its own way).
#[derive(Debug, Clone, PartialEq)]
pub enum SummaryLine {
    /// A seat's name, and its figures after it (`: accuracy ...`).
    Seat(String, String),
    /// A line of text.
    Text(String),
    /// One of a seat's costliest decisions, of its class.
    Flip(String, Class),
    /// What the costs are counted in.
    Note(String),
}

impl SummaryLine {
    /// The line as plain text.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Seat(name, totals) => format!("{name}{totals}"),
            Self::Text(t) | Self::Flip(t, _) | Self::Note(t) => t.clone(),
        }
    }
}

/// The lines of the summary: the judgement's figures of every seat, or why there are
/// none yet (the replay's note).
#[must_use]
pub fn summary_lines(replay: &Replay) -> Vec<SummaryLine> {
    let Some(judgement) = replay.judgement() else {
        return vec![SummaryLine::Text(replay.note().to_owned())];
    };
    let r = replay.record();
    let an = &judgement.analysis;
    let mut lines = Vec::new();
    for seat in replay.seats() {
        let s = judgement.figures(seat);
        let totals = format!(": {}", s.words(|c| show_cost_short(an.objective, c)));
        lines.push(SummaryLine::Seat(r.player(seat).to_owned(), totals));
        // Memory apart from strategy, as the end screen says it (classic memory).
        if let Some(memory) = s.memory_words() {
            lines.push(SummaryLine::Text(format!("  {memory}")));
        }
        if s.costliest.is_empty() && s.flips > 0 {
            lines.push(SummaryLine::Text(
                "  No costly move: every flip was among the best.".into(),
            ));
        }
        for (k, &i) in s.costliest.iter().enumerate() {
            let a = &an.annotations[i];
            let slip = judgement
                .slip_at(i)
                .map(|_| " (a memory slip)")
                .unwrap_or_default();
            lines.push(SummaryLine::Flip(
                format!("{}. {}{slip}", k + 1, an.explain(replay.full(), a)),
                a.class,
            ));
        }
        lines.push(SummaryLine::Text(String::new()));
    }
    let unit = match an.objective {
        Objective::Win if an.unit() != Unit::OwnPairs => "points of win chance",
        Objective::Moves => "moves",
        _ => "pairs",
    };
    lines.push(SummaryLine::Note(format!(
        "Cost: {unit} lost a decision with a choice; forced ones (one choice, or all \
         equal) are left out."
    )));
    lines
}

/// The replay's summary as plain lines, the judgement's figures of every seat as the
/// summary window says them (the screen reader reads these): without the window's
/// closing hint.
#[must_use]
pub fn summary_text(replay: &Replay) -> Vec<String> {
    summary_lines(replay)
        .iter()
        .map(SummaryLine::text)
        .filter(|l| !l.is_empty())
        .collect()
}
