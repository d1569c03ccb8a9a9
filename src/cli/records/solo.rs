//! The analysis of a solitaire game: each flip valued by the par (expected moves to
//! clear the table), as `analyze` prints it.

use crate::analysis::annotate::{annotate, annotate_fresh};
use crate::cli::flip_table::{Naming, width};
use crate::players::Optimal;
use crate::record::{self, Record, coordinate, face_text};
use crate::rules::{Game, Objective};
use crate::words;

/// One flip of a solitaire game, valued by the par: expected moves to clear the table.
#[derive(Debug, Clone)]
pub(super) struct SoloFlip {
    /// The flip's index in the game, from 0.
    pub index: usize,
    /// Turn (move) the flip belongs to, from 1.
    pub turn: usize,
    /// Position turned.
    pub position: usize,
    /// The decision point: `None` at the turn start, else the turn's first card.
    pub first: Option<crate::solver::FirstCard>,
    /// The action it carried out.
    pub action: crate::solver::Action,
    /// The best actions at that point.
    pub best: Vec<crate::solver::Action>,
    /// Expected moves still needed after the action (the current move counted).
    pub moves: f64,
    /// The same after the best action.
    pub(crate) best_moves: f64,
    /// Expected moves lost against the best action (0 or more).
    pub cost: f64,
}

/// A solitaire game valued flip by flip.
#[derive(Debug, Clone)]
pub(super) struct SoloAnalysis {
    /// The game after every flip.
    pub game: Game,
    /// Expected moves of optimal play from the deal.
    pub par: f64,
    /// Every flip.
    pub flips: Vec<SoloFlip>,
}

/// Values every flip of a solitaire record with the solver for `moves` (expected moves
/// under optimal play): the same annotation as the replay screen's.
///
/// # Errors
/// The deck is too large to solve, or the record is not a legal game.
pub(super) fn analyse_solo(record: &Record) -> anyhow::Result<SoloAnalysis> {
    let game = record
        .replay()
        .map_err(|e| crate::cli::usage(e.to_string()))?;
    let cannot = |e: String| crate::cli::usage(format!("cannot analyse: {e}"));
    let rule = record.solo_rule;
    let analysis = if rule.is_easy() {
        // The easier game's own values.
        annotate_fresh(
            &game,
            record.players.clone(),
            Objective::Moves,
            record.pass_rule,
        )
    } else {
        let mut optimal = Optimal::new(&record.deck, Objective::Moves, record.pass_rule)
            .map_err(|e| cannot(e.to_string()))?;
        annotate(&game, record.players.clone(), optimal.solver())
    }
    .map_err(|e| cannot(e.to_string()))?;
    // With a pair's free move every value is the standard one less the moves that
    // will be free from there: one per pair on the table but the last, and the move in
    // progress if it took its pair already (the easier game).
    let mut replay = game.at_start();
    let mut flips = Vec::with_capacity(analysis.annotations.len());
    for (a, flip) in analysis.annotations.iter().zip(game.view().flips()) {
        let here = replay.view();
        let pairs = (here.cards_on_table() / 2) as u64;
        let free =
            (rule.free_ahead(pairs) + u64::from(rule.is_free() && here.move_took_pair())) as f64;
        flips.push(SoloFlip {
            index: a.index,
            turn: a.turn,
            position: a.position,
            first: a.first,
            action: a.action,
            best: a.best.clone(),
            moves: a.value - free,
            best_moves: a.best_value - free,
            cost: a.cost,
        });
        replay
            .try_flip(flip.position)
            .map_err(|e| cannot(e.to_string()))?;
    }
    let par = analysis.curve[0] - rule.free_ahead(u64::from(record.deck.pairs())) as f64;
    Ok(SoloAnalysis { game, par, flips })
}

impl SoloAnalysis {
    /// Expected moves lost over the game.
    #[must_use]
    pub(super) fn total_cost(&self) -> f64 {
        self.flips.iter().map(|f| f.cost).sum()
    }

    /// The analysis as one JSON object.
    #[must_use]
    pub(super) fn to_json(&self, record: &Record) -> serde_json::Value {
        let view = self.game.view();
        let deck = view.deck();
        let flips: Vec<serde_json::Value> = self
            .flips
            .iter()
            .enumerate()
            .map(|(i, f)| {
                serde_json::json!({
                    "index": i,
                    "turn": f.turn,
                    "position": f.position,
                    "coordinate": coordinate(deck, f.position),
                    "card": face_text(deck, self.game.view().flips()[f.index].card),
                    "action": f.action.to_string(),
                    "best": f.best.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "expected_moves": f.moves,
                    "best_expected_moves": f.best_moves,
                    "cost": f.cost,
                })
            })
            .collect();
        let mut json = serde_json::json!({
            "mode": "solitaire",
            "deck": deck.name(),
            "seed": record.seed,
            "challenge": record.challenge.map(|c| c.number),
            "daily": record.challenge.is_some_and(|c| c.daily),
            "memory": record.memory.name(),
            "result": record::result_text(&self.game),
            "moves": record.counted_moves(&self.game),
            "misses": view.misses(),
            "par": self.par,
            "cost_unit": "moves",
            "total_cost": self.total_cost(),
            "flips": flips,
        });
        // Only a free-move game says how it counted (the standard JSON is as it was).
        if !record.solo_rule.is_standard()
            && let Some(map) = json.as_object_mut()
        {
            map.insert("counting".into(), record.solo_rule.name().into());
        }
        json
    }

    /// The analysis as text: a header line, one line per flip (actions named by
    /// `naming`), the total.
    #[must_use]
    pub(super) fn text(&self, record: &Record, naming: Naming) -> String {
        use std::fmt::Write as _;
        let view = self.game.view();
        let deck = view.deck();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} | seed {}{} | solitaire{} | {} | result {} ({}, {}) | par {:.3}",
            record.deck,
            record.seed,
            record
                .challenge
                .map(|c| format!(" ({c})"))
                .unwrap_or_default(),
            if record.solo_rule.is_standard() {
                String::new()
            } else {
                format!(", {}", record.solo_rule)
            },
            record.memory,
            record::result_text(&self.game),
            words::count(record.counted_moves(&self.game), "move"),
            words::count(view.misses(), "miss"),
            self.par
        );
        let played: Vec<String> = self
            .flips
            .iter()
            .map(|f| naming.action(f.action, f.first))
            .collect();
        let best: Vec<String> = self
            .flips
            .iter()
            .map(|f| naming.actions(&f.best, f.first))
            .collect();
        let (aw, bw) = (width("action", played.iter()), width("best", best.iter()));
        let _ = writeln!(
            s,
            "turn  flip       {:<aw$}  {:<bw$}   cost",
            "action", "best"
        );
        for ((f, played), best) in self.flips.iter().zip(&played).zip(&best) {
            let _ = writeln!(
                s,
                "{:>4}  {:<4} {:<5} {played:<aw$}  {best:<bw$} {:>6}",
                f.turn,
                coordinate(deck, f.position),
                face_text(deck, self.game.view().flips()[f.index].card),
                if f.cost > 0.0 {
                    format!("{:.3}", f.cost)
                } else {
                    "0".into()
                }
            );
        }
        if let Some(legend) = naming.legend(false) {
            let _ = writeln!(s, "{legend}");
        }
        let _ = writeln!(
            s,
            "total cost {:.3} expected moves; costs in expected moves beyond optimal play",
            self.total_cost()
        );
        s
    }
}
