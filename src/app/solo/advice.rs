//! The solitaire hint: every action at a decision point with the expected moves still
//! needed after it, best first, as the panel and the screen reader print them.

use crate::app::hint;
use crate::players::{TieBreak, preference, state_of};
use crate::rules::PublicView;
use crate::solitaire::{Par, SoloRule};
use crate::solver::{Action, TIE_EPSILON};

/// One line of the solitaire hint: an action and its expected remaining moves.
#[derive(Debug, Clone, PartialEq)]
pub struct SoloHintLine {
    /// The action.
    pub action: Action,
    /// Its words on screen.
    pub words: String,
    /// Expected further moves after choosing it, counting the current turn.
    pub moves: f64,
    /// Extra moves against the best action (0 for the best).
    pub cost: f64,
}

/// The hint for one decision point.
#[derive(Debug, Clone, PartialEq)]
pub struct SoloHint {
    /// Every available action, best first.
    pub lines: Vec<SoloHintLine>,
    /// The optimal player's action.
    pub best: Action,
    /// Positions that carry out the best action.
    pub targets: Vec<usize>,
}

impl SoloHint {
    /// The lines' moves beside their costs: two decimals, more where two would print
    /// alike, each cost the line's printed moves less the best's.
    #[must_use]
    pub fn compared(&self) -> crate::model::Compared {
        let moves: Vec<f64> = self.lines.iter().map(|l| l.moves).collect();
        let best = self
            .lines
            .iter()
            .find(|l| l.action == self.best)
            .or_else(|| self.lines.first())
            .map_or(0.0, |l| l.moves);
        crate::model::Unit::from(crate::rules::Objective::Moves).compare(best, &moves, 2)
    }

    /// A line's moves and its cost as printed side by side: `27.31`, `+0.42` (`best`
    /// for the best).
    #[must_use]
    pub fn texts(&self, line: &SoloHintLine) -> (String, String) {
        let printed = self.compared();
        let cost = if is_best(line.cost) {
            "best".to_owned()
        } else {
            format!("+{}", printed.cost_digits(line.moves))
        };
        (crate::words::fixed(line.moves, printed.decimals), cost)
    }
}

/// A choice of the easier game in a player's words (its choices come before any card:
/// the card turned last is what the next one may complete).
#[must_use]
pub(super) fn easy_words(action: Action) -> String {
    match action {
        Action::Unknown => "unknown card".into(),
        Action::Match => "take pair".into(),
        Action::Known(p) if p.unknown == 0 => "known pair".into(),
        Action::Known(_) => "known single".into(),
    }
}

/// Whether two values are the same for the hint (within the solver's tolerance).
#[must_use]
fn is_best(cost: f64) -> bool {
    cost <= TIE_EPSILON
}

/// The hint at the decision point of `view` (not over): every choice valued by `par`,
/// best first, in a player's words under `rule`.
pub(super) fn hint_at(par: &mut Par, view: &PublicView, rule: SoloRule) -> Option<SoloHint> {
    let easy = rule.is_easy();
    // The easier game's choices come before any card: no turn's first card.
    let first = if easy { None } else { state_of(view).first };
    let actions = par.actions_at(view).ok()?;
    let best = par.choose_at(view).ok()?;
    let best_moves = actions
        .iter()
        .map(|(_, m)| m.approx)
        .fold(f64::INFINITY, f64::min);
    let mut lines: Vec<SoloHintLine> = actions
        .into_iter()
        .map(|(action, m)| SoloHintLine {
            action,
            words: if easy {
                easy_words(action)
            } else {
                hint::words(action, first)
            },
            moves: m.approx,
            cost: (m.approx - best_moves).max(0.0),
        })
        .collect();
    lines.sort_by(|a, b| {
        a.moves.total_cmp(&b.moves).then(
            preference(TieBreak::Usual, a.action, first).cmp(&preference(
                TieBreak::Usual,
                b.action,
                first,
            )),
        )
    });
    Some(SoloHint {
        targets: par.candidates_at(view, best),
        lines,
        best,
    })
}
