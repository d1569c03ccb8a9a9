//! Post-game analysis: every flip of a game valued by the solver against the best action
//! at its decision point, classified, and summed up per player.
//!
//! A flip's **cost** is the best action's value minus the value of the action taken, for
//! the player who flipped, in the objective's unit: win probability (0 to 1) under `win`,
//! pairs under `margin`, expected moves under `moves` (solitaire, where fewer is better).
//! Values within [`TIE_EPSILON`] of the best count as best and cost exactly 0, so the
//! optimal player's own flips always cost 0.
//!
//! Classes, by cost (thresholds in the objective's unit):
//!
//! | class | `win` (win probability) | `margin` (pairs) | `moves` (expected moves) |
//! | --- | --- | --- | --- |
//! | best | 0 | 0 | 0 |
//! | inaccuracy | below 2 points (0.02) | below 0.2 | below 0.2 |
//! | mistake | 2 to 8 points | 0.2 to 0.8 | 0.2 to 0.8 |
//! | blunder | 8 points (0.08) or more | 0.8 or more | 0.8 or more |
//!
//! On the standard deck a pair of margin is worth about ten points of win probability,
//! so the first two columns match; in solitaire a move thrown away outright (turning a
//! known card that cannot match) costs about one move, a blunder. Measured on the usual player's costly flips against the
//! optimal one (200 games, standard deck, `win`): median 1.4 points, three in four below
//! 4.6, nine in ten below 8.2; so about half are inaccuracies and one in ten a blunder.

use serde::Serialize;

pub use super::walk::{Annotate, annotate, annotate_fresh};
pub use crate::model::ZebraNote;
use crate::model::{RuleSet, TableOracle, TieBreak, Unit, Unsolved, preference};
use crate::record::{RecordSeat, coordinate, face_text, seat_letter};
use crate::rules::{Game, Objective, Seat};
use crate::solver::{Action, FirstCard, TIE_EPSILON};
use crate::words;

/// Costs below this (win probability) are inaccuracies; from it, mistakes.
pub(crate) const WIN_MISTAKE: f64 = 0.02;
/// Costs from this (win probability) are blunders.
pub(crate) const WIN_BLUNDER: f64 = 0.08;
/// Costs below this (pairs) are inaccuracies; from it, mistakes.
pub(crate) const MARGIN_MISTAKE: f64 = 0.2;
/// Costs from this (pairs) are blunders.
pub(crate) const MARGIN_BLUNDER: f64 = 0.8;

/// How good a flip was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// One of the best actions.
    Best,
    /// A small loss.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A large loss.
    Blunder,
}

impl Class {
    /// The class of a cost under `objective` (thresholds in the module documentation).
    #[must_use]
    pub fn of(objective: Objective, cost: f64) -> Self {
        let (mistake, blunder) = match objective {
            Objective::Win => (WIN_MISTAKE, WIN_BLUNDER),
            _ => (MARGIN_MISTAKE, MARGIN_BLUNDER),
        };
        if cost <= TIE_EPSILON {
            Self::Best
        } else if cost < mistake {
            Self::Inaccuracy
        } else if cost < blunder {
            Self::Mistake
        } else {
            Self::Blunder
        }
    }

    /// Every class, best first.
    pub const ALL: [Self; 4] = [Self::Best, Self::Inaccuracy, Self::Mistake, Self::Blunder];

    /// The class's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Best => "best",
            Self::Inaccuracy => "inaccuracy",
            Self::Mistake => "mistake",
            Self::Blunder => "blunder",
        }
    }
}

/// One flip, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// Flip number, from 0.
    pub index: usize,
    /// Turn number, from 1.
    pub turn: usize,
    /// Who flipped.
    pub seat: Seat,
    /// Where (position on the table).
    pub position: usize,
    /// The decision point: `None` at the turn start, else the first card of the turn.
    pub first: Option<FirstCard>,
    /// The action the flip carried out.
    pub action: Action,
    /// Every best action (ties within [`TIE_EPSILON`]).
    pub best: Vec<Action>,
    /// Value of the action taken, for the player who flipped.
    pub value: f64,
    /// Value of the best action, for the player who flipped.
    pub best_value: f64,
    /// `best_value - value` (the other way round under `moves`), 0 for a best action.
    pub cost: f64,
    /// Best, inaccuracy, mistake or blunder.
    pub class: Class,
    /// Whether the decision was a real choice: more than one action, not all of the same
    /// value. Forced decisions are left out of accuracy and average cost.
    pub choice: bool,
    /// Whether this was the only move: one action alone lost less than a mistake's
    /// worth, and the common play was not it (see `analysis::grade`).
    pub only_move: bool,
    /// The best action the optimal player chooses, in a player's words with the cards
    /// of the table before the flip: "Turn a second new card", "Take the pair: turn C
    /// (b1)".
    pub best_words: String,
    /// On Zebra, the flip in Zebra's own model; `action`, `best` and `first` are then
    /// the standard reading the shared words use.
    pub zebra: Option<ZebraNote>,
}

impl Annotation {
    /// The action in the model's notation (`known 2.1`; on Zebra `twin`, `known
    /// 2.2/2.0 red`).
    #[must_use]
    pub fn action_code(&self) -> String {
        self.zebra
            .as_ref()
            .map_or_else(|| self.action.to_string(), |z| z.action.to_string())
    }

    /// The best actions in the model's notation, as [`Annotation::action_code`].
    #[must_use]
    pub fn best_codes(&self) -> Vec<String> {
        match &self.zebra {
            Some(z) => z.best.iter().map(ToString::to_string).collect(),
            None => self.best.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A whole game, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The objective the costs are in.
    pub objective: Objective,
    /// Who sat in each seat, in turn order.
    pub players: Vec<RecordSeat>,
    /// One per flip.
    pub annotations: Vec<Annotation>,
    /// The first seat's value after each number of flips (0 to all): win probability
    /// under `win`; expected final pair margin (pairs so far plus the expected rest)
    /// under `margin`. The last point of a finished game is its result.
    pub curve: Vec<f64>,
    /// With three or more seats (`own-pairs`), each seat's expected final pairs after
    /// each number of flips (pairs so far plus the expected rest); empty for two seats.
    pub seat_curves: Vec<Vec<f64>>,
}

/// Whether `record` can be analysed, and by which rule set's solver: the model's one
/// rule ([`TableOracle::check`]), asked by the replay, `analyze`, the dashboard and the
/// review alike.
///
/// # Errors
/// Why no solver values its table.
pub fn analysable(record: &crate::record::Record) -> Result<RuleSet, Unsolved> {
    let table = crate::rules::Table {
        seats: u8::try_from(record.seats()).unwrap_or(u8::MAX),
        pass_rule: record.pass_rule,
        variant: record.variant,
    };
    TableOracle::check(&record.deck, table)
}

/// Every seat of a table of `n`, in turn order.
pub(crate) fn seats_of(n: usize) -> impl Iterator<Item = Seat> {
    // at most 6 seats
    (0..n as u8).map(Seat)
}

/// The action the optimal player chooses among tied best ones.
fn preferred(best: &[Action], first: Option<FirstCard>) -> Option<Action> {
    best.iter()
        .copied()
        .min_by_key(|&b| preference(TieBreak::Usual, b, first))
}

/// What a flip did, in the words of the screen (`turned a second new card`).
#[must_use]
pub fn did(action: Action, first: Option<FirstCard>) -> &'static str {
    match (action, first) {
        (Action::Unknown, None) => "turned a new card",
        (Action::Known(p), None) if p.known() >= 2 => "turned a card of a seen pair",
        (Action::Known(_), None) => "turned a seen card first",
        (Action::Match, _) => "took the pair",
        (Action::Unknown, Some(FirstCard::Revealed(_))) => "turned a second new card",
        (Action::Unknown, Some(FirstCard::Held(_))) => "turned a new card as the second",
        (Action::Known(_), Some(FirstCard::Revealed(_))) => "turned a seen card second",
        (Action::Known(_), Some(FirstCard::Held(_))) => "passed (a second seen card)",
    }
}

/// An action as a short name in a player's words, as the hint and the coach say it
/// (`new card`, `seen card`, `take the pair`, `pass`): the columns of `analyze`.
#[must_use]
pub fn short_words(action: Action, first: Option<FirstCard>) -> &'static str {
    match (action, first) {
        (Action::Unknown, _) => "new card",
        (Action::Known(p), None) if p.known() >= 2 => "seen pair",
        (Action::Known(_), Some(FirstCard::Held(_))) => "pass",
        (Action::Known(_), _) => "seen card",
        (Action::Match, _) => "take the pair",
    }
}

/// What an alternative would have been, in the screen's words (`turning a seen card`).
#[must_use]
pub(crate) fn doing(action: Action, first: Option<FirstCard>) -> &'static str {
    match (action, first) {
        (Action::Unknown, None) => "turning a new card",
        (Action::Known(p), None) if p.known() >= 2 => "taking the seen pair",
        (Action::Known(_), None) => "turning a seen card first",
        (Action::Match, _) => "taking the pair",
        (Action::Unknown, Some(FirstCard::Revealed(_))) => "turning another new card",
        (Action::Unknown, Some(FirstCard::Held(_))) => "turning a new card",
        (Action::Known(_), Some(FirstCard::Revealed(_))) => "turning a seen card",
        (Action::Known(_), Some(FirstCard::Held(_))) => "passing",
    }
}

/// A value in the objective's unit, as people read it: `54%`, `+0.42 pairs`, `27.31 moves`.
#[must_use]
pub fn show_value(objective: Objective, v: f64) -> String {
    let decimals = if objective == Objective::Win { 0 } else { 2 };
    show_value_to(objective, v, decimals)
}

/// [`show_value`] with `decimals` digits after the point.
fn show_value_to(objective: Objective, v: f64, decimals: usize) -> String {
    match objective {
        Objective::Win => words::percent(v, decimals),
        Objective::Margin => format!("{} pairs", words::signed(v, decimals)),
        Objective::Moves => format!("{} moves", words::fixed(v, decimals)),
    }
}

/// Two values as [`show_value`] writes them, with more digits where those would print
/// two different values the same (`50.3%` and `49.6%`, not `50%` twice).
#[must_use]
pub fn show_two(objective: Objective, a: f64, b: f64) -> (String, String) {
    let min = if objective == Objective::Win { 0 } else { 2 };
    words::two_apart(a, b, TIE_EPSILON, min, |v, d| {
        show_value_to(objective, v, d)
    })
}

/// A best value, another value and the cost between them, as one line prints them
/// (`best … (54.3%)`, `played … (48.7%) · cost 5.6 points`): a tenth of a percent or a
/// hundredth of a pair, more where the two would print alike, and the cost the
/// difference of the two as printed (see [`crate::model::Compared`]).
#[must_use]
pub fn show_compared(objective: Objective, best: f64, other: f64) -> (String, String, String) {
    let min = if objective == Objective::Win { 1 } else { 2 };
    let printed = Unit::from(objective).compare(best, &[other], min);
    let digits = printed.cost_digits(other);
    let cost = match objective {
        Objective::Win => format!("{digits} points"),
        Objective::Margin => format!("{digits} pairs"),
        Objective::Moves => format!("{digits} moves"),
    };
    (
        show_value_to(objective, best, printed.decimals),
        show_value_to(objective, other, printed.decimals),
        cost,
    )
}

/// A cost in the objective's unit: `3.1 points` of win probability, `0.42 pairs` or
/// `0.42 moves`.
#[must_use]
pub fn show_cost(objective: Objective, cost: f64) -> String {
    match objective {
        Objective::Win => format!("{} points of win chance", words::fixed(cost * 100.0, 1)),
        Objective::Margin => format!("{} pairs", words::fixed(cost, 2)),
        Objective::Moves => format!("{} moves", words::fixed(cost, 2)),
    }
}

/// [`show_cost`] for a narrow column: `1.2 points` (of win chance), `0.42 pairs`.
#[must_use]
pub fn show_cost_short(objective: Objective, cost: f64) -> String {
    match objective {
        Objective::Win => format!("{} points", words::fixed(cost * 100.0, 1)),
        _ => show_cost(objective, cost),
    }
}

impl Analysis {
    /// The seats whose flips matter to the reader: the person's in a game of one person
    /// against AIs, every seat otherwise.
    #[must_use]
    pub fn focus(&self) -> Vec<Seat> {
        match self.person() {
            Some(s) => vec![s],
            None => seats_of(self.players.len()).collect(),
        }
    }

    /// The person's seat, when exactly one person played.
    #[must_use]
    pub fn person(&self) -> Option<Seat> {
        let mut people =
            seats_of(self.players.len()).filter(|s| self.players[s.index()].is_person());
        match (people.next(), people.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// What the values count: the objective with two seats, expected own pairs with
    /// three or more.
    #[must_use]
    pub fn unit(&self) -> Unit {
        if self.players.len() > 2 {
            Unit::OwnPairs
        } else {
            self.objective.into()
        }
    }

    /// A value as people read it: [`show_value`], or `1.93 pairs` of expected own pairs.
    #[must_use]
    pub fn show(&self, v: f64) -> String {
        if self.unit() == Unit::OwnPairs {
            format!("{} pairs", words::fixed(v, 2))
        } else {
            show_value(self.objective, v)
        }
    }

    /// The name of a seat.
    #[must_use]
    pub fn name(&self, seat: Seat) -> &str {
        &self.players[seat.index()].name
    }

    /// The seat whose values the curve shows: the person's, or the first seat's.
    #[must_use]
    pub fn curve_seat(&self) -> Seat {
        self.person().unwrap_or(Seat::FIRST)
    }

    /// [`Analysis::curve`] for the seat of [`Analysis::curve_seat`].
    #[must_use]
    pub fn curve_for_focus(&self) -> Vec<f64> {
        if let Some(curve) = self.seat_curves.get(self.curve_seat().index()) {
            return curve.clone();
        }
        let flip = self.curve_seat() == Seat::SECOND;
        self.curve
            .iter()
            .map(|&v| match (flip, self.objective) {
                (false, _) => v,
                (true, Objective::Win) => 1.0 - v,
                (true, _) => -v,
            })
            .collect()
    }

    /// The one-line explanation of a flip in the game's words: "turn 7 (c3): you turned
    /// a second unknown card: turning a known card instead would have kept the chance to win at
    /// 54% (not 48%)".
    #[must_use]
    pub fn explain(&self, game: &Game, a: &Annotation) -> String {
        let who = self.name(a.seat);
        let coord = coordinate(game.view().deck(), a.position);
        let face = face_text(game.view().deck(), game.view().flips()[a.index].card);
        let head = format!(
            "turn {} ({coord} {face}): {who} {}",
            a.turn,
            did(a.action, a.first)
        );
        if a.class == Class::Best {
            return format!("{head}: best");
        }
        let alternative = self
            .preferred_best(a)
            .map_or("another card", |b| doing(b, a.first));
        let what = match self.objective {
            _ if self.unit() == Unit::OwnPairs => "the expected own pairs",
            Objective::Win => "the chance to win",
            Objective::Margin => "the final margin",
            Objective::Moves => "the expected moves to go",
        };
        let (best, played) = if self.unit() == Unit::OwnPairs {
            (self.show(a.best_value), self.show(a.value))
        } else {
            show_two(self.objective, a.best_value, a.value)
        };
        format!("{head}: {alternative} instead would have kept {what} at {best} (not {played})")
    }

    /// What a flip did, as the records write the card: "a1 A, turned a known card
    /// second".
    #[must_use]
    pub fn played(&self, game: &Game, a: &Annotation) -> String {
        let deck = game.view().deck();
        format!(
            "{} {}, {}",
            coordinate(deck, a.position),
            face_text(deck, game.view().flips()[a.index].card),
            did(a.action, a.first)
        )
    }

    /// The best action the optimal player would have chosen among the tied ones.
    #[must_use]
    pub fn preferred_best(&self, a: &Annotation) -> Option<Action> {
        if self.unit() == Unit::OwnPairs {
            // The seats solver lists actions in its decision rule's order.
            return a.best.first().copied();
        }
        preferred(&a.best, a.first)
    }

    /// The analysis as JSON, with `judgement`'s grades, kinds and figures (see
    /// [`super::judgement::Judgement::to_json`]): `objective`, `players`, `flips` (one
    /// entry per flip with `player`, `seat`, `turn`, `coord`, `face`, `action`, `best`,
    /// `value`, `best_value`, `cost`, `grade`, `kind` (forced, memory slip,
    /// strategy), `played` (the card and the flip in words), `best_words` (the best
    /// action in a player's words), `explanation`), `summary` (one entry per player
    /// with `flips`, `choices` (decisions with a real choice), `best`, `accuracy` (best
    /// among the choices), `grades` (choices per grade), `strategy_choices`, `strategy_best` and `strategy_accuracy` (memory
    /// slips left out), `slips`, `mean_cost` (per choice) and `costliest`) and `curve`.
    #[must_use]
    pub fn to_json(
        &self,
        game: &Game,
        judgement: &super::judgement::Judgement,
    ) -> serde_json::Value {
        let flips: Vec<FlipJson> = self
            .annotations
            .iter()
            .zip(&judgement.decisions)
            .map(|(a, d)| FlipJson {
                index: a.index,
                turn: a.turn,
                player: self.name(a.seat).to_owned(),
                seat: seat_letter(a.seat).to_string(),
                coord: coordinate(game.view().deck(), a.position),
                face: face_text(game.view().deck(), game.view().flips()[a.index].card),
                action: a.action_code(),
                best: a.best_codes(),
                value: a.value,
                best_value: a.best_value,
                cost: a.cost,
                grade: d.grade,
                kind: d.kind,
                played: self.played(game, a),
                best_words: a.best_words.clone(),
                explanation: self.explain(game, a),
            })
            .collect();
        let summary: Vec<SummaryJson> = seats_of(self.players.len())
            .map(|seat| {
                let s = judgement.figures(seat);
                SummaryJson {
                    player: self.name(seat).to_owned(),
                    seat: seat_letter(seat).to_string(),
                    flips: s.flips,
                    choices: s.decisions,
                    best: s.best,
                    accuracy: s.accuracy(),
                    grades: super::grade::Grade::ALL
                        .iter()
                        .map(|&g| (g.key(), s.count(g)))
                        .collect(),
                    strategy_choices: s.strategy_decisions,
                    strategy_best: s.strategy_best,
                    strategy_accuracy: s.strategy_accuracy(),
                    slips: s.memory_tested.then_some(s.slips),
                    mean_cost: s.mean_cost,
                    costliest: s
                        .costliest
                        .iter()
                        .map(|&i| CostlyJson {
                            index: i,
                            turn: self.annotations[i].turn,
                            cost: self.annotations[i].cost,
                            explanation: self.explain(game, &self.annotations[i]),
                        })
                        .collect(),
                }
            })
            .collect();
        serde_json::json!({
            "objective": if self.unit() == Unit::OwnPairs { crate::record::OWN_PAIRS } else { self.objective.name() },
            "players": self.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            "kinds": self.players.iter().map(|p| p.kind.as_str()).collect::<Vec<_>>(),
            "flips": flips,
            "summary": summary,
            "curve": self.curve,
        })
    }
}

#[derive(Serialize)]
struct FlipJson {
    index: usize,
    turn: usize,
    player: String,
    seat: String,
    coord: String,
    face: String,
    action: String,
    best: Vec<String>,
    value: f64,
    best_value: f64,
    cost: f64,
    grade: super::grade::Grade,
    kind: super::judgement::Kind,
    played: String,
    best_words: String,
    explanation: String,
}

#[derive(Serialize)]
struct SummaryJson {
    player: String,
    seat: String,
    flips: usize,
    choices: usize,
    best: usize,
    accuracy: f64,
    grades: std::collections::BTreeMap<&'static str, usize>,
    strategy_choices: usize,
    strategy_best: usize,
    strategy_accuracy: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    slips: Option<usize>,
    mean_cost: f64,
    costliest: Vec<CostlyJson>,
}

#[derive(Serialize)]
struct CostlyJson {
    index: usize,
    turn: usize,
    cost: f64,
    explanation: String,
}
