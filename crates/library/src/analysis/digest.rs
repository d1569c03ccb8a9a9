//! What the dashboard, `history` and `review` need of one saved game, taken from its
//! analysis once: the person's accuracy, memory slips, luck, result and costly
//! decisions. Digests are kept in a cache beside the records (see
//! `trainer::dashboard`), so thousands of games are summed up without solving any again.
//!
//! **Luck** (two seats, the person's side): each flip of a new card is a draw of chance;
//! its luck is the person's value after the card showed minus the value of the action
//! before it (for the person: the chance to win, or the final margin). The luck of a
//! game is the sum over every flip, both players'. Since the values telescope from the
//! start to the result, result = start value + luck − the person's costs + the
//! opponent's costs, and the **luck-adjusted result**, result − luck, is what the game
//! would have scored had every card been an average draw (as GNU Backgammon's).

use serde::{Deserialize, Serialize};

use super::annotate::Annotation;
use super::judgement::Judgement;
pub use super::judgement::share;
use crate::record::{Record, seat_letter};
use crate::rules::{Game, Objective, Outcome, Phase, Seat};

/// A costly decision of the person: enough to find it again and pose it as a puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Costly {
    /// The flip (index into the record's flips).
    pub index: usize,
    /// Its turn, from 1.
    pub turn: usize,
    /// What it cost, in the objective's unit.
    pub cost: f64,
    /// Its grade's name (`mistake`, `blunder`), as the judgement grades it.
    pub class: String,
    /// Whether it was a memory slip (a seen card forgotten, classic memory).
    #[serde(default)]
    pub slip: bool,
    /// The flip explained in the game's words.
    pub text: String,
}

/// One saved game of the person against one AI, as the dashboard reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Digest {
    /// Date and time the record holds.
    pub date: String,
    /// Time of day.
    pub time: String,
    /// Deck name.
    pub deck: String,
    /// `win` or `margin`.
    pub objective: String,
    /// The pass rule's name.
    pub pass_rule: String,
    /// `classic` or `open`.
    pub memory: String,
    /// The AI's kind.
    pub opponent: String,
    /// The person's seat letter.
    pub seat: String,
    /// A practice game (left out of the results and the rating).
    pub practice: bool,
    /// The person's score if finished: 1 a win, 0.5 a draw, 0 a loss.
    pub score: Option<f64>,
    /// The result in the objective's unit, for the person, if finished and analysed:
    /// the score under `win`, the final pair margin under `margin`.
    pub result: Option<f64>,
    /// Whether the solver valued the game (a deck small enough).
    pub analysed: bool,
    /// Decisions with a real choice (the judgement's figures of the person's seat).
    pub choices: usize,
    /// Of which best.
    pub best: usize,
    /// The average cost of a decision with a choice.
    pub mean_cost: f64,
    /// Decisions with a choice that were mistakes or blunders.
    pub errors: usize,
    /// Decisions with a choice by grade, in the order of `Grade::ALL`.
    pub grades: [usize; 7],
    /// Decisions with a choice that were not memory slips.
    pub strategy_choices: usize,
    /// Of those, the best.
    pub strategy_best: usize,
    /// Chances to use a seen card (classic memory).
    pub chances: usize,
    /// Memory slips.
    pub slips: usize,
    /// The person's value at the start.
    pub start: f64,
    /// The luck of the cards turned, for the person (see the module documentation).
    pub luck: f64,
    /// The person's decisions costing a mistake or more, costliest first.
    pub costly: Vec<Costly>,
    /// The person's costliest decision, if any cost anything.
    pub costliest: Option<Costly>,
}

impl Digest {
    /// The result less the luck of the cards, for a finished game.
    #[must_use]
    pub fn luck_adjusted(&self) -> Option<f64> {
        self.result.map(|r| r - self.luck)
    }

    /// Accuracy over the decisions with a choice (1 with none), as the judgement
    /// defines it.
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        share(self.best, self.choices)
    }

    /// Strategy accuracy: memory slips left out.
    #[must_use]
    pub fn strategy_accuracy(&self) -> f64 {
        share(self.strategy_best, self.strategy_choices)
    }

    /// Whether the game was played to its end (an abandoned game is left out of the
    /// figures, the rating and the review).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.score.is_some()
    }
}

/// The person's seat if `record` is a two-seat game of the standard turn of one person
/// against one AI (the games the dashboard sums up).
#[must_use]
pub(crate) fn person_against_ai(record: &Record) -> Option<Seat> {
    if record.is_solitaire()
        || record.seats() != 2
        || record.variant != crate::rules::Variant::Standard
    {
        return None;
    }
    let person = record.person()?;
    (!record.players[person.other().index()].is_person()).then_some(person)
}

/// The digest of `record`, replayed as `game`, with its judgement if the solver valued
/// it. `None` when the record is not a game of the person against one AI.
#[must_use]
pub fn digest(record: &Record, game: &Game, judgement: Option<&Judgement>) -> Option<Digest> {
    let person = person_against_ai(record)?;
    let score = match game.view().phase() {
        Phase::Over(r) => Some(match r.outcome {
            Outcome::Winner(w) if w == person => 1.0,
            Outcome::Winner(_) => 0.0,
            Outcome::Draw | Outcome::Solo => 0.5,
        }),
        _ => None,
    };
    let mut d = Digest {
        date: record.date.clone(),
        time: record.time.clone(),
        deck: record.deck.name().to_owned(),
        objective: record.objective.name().to_owned(),
        pass_rule: record.pass_rule.name().to_owned(),
        memory: record.memory.name().to_owned(),
        opponent: record.kind(person.other()).to_owned(),
        seat: seat_letter(person).to_string(),
        practice: record.practice,
        score,
        result: None,
        analysed: false,
        choices: 0,
        best: 0,
        mean_cost: 0.0,
        errors: 0,
        grades: [0; 7],
        strategy_choices: 0,
        strategy_best: 0,
        chances: 0,
        slips: 0,
        start: 0.0,
        luck: 0.0,
        costly: Vec::new(),
        costliest: None,
    };
    let Some(judgement) = judgement else {
        return Some(d);
    };
    let analysis = &judgement.analysis;
    let f = judgement.figures(person);
    d.analysed = true;
    (d.choices, d.best, d.mean_cost) = (f.decisions, f.best, f.mean_cost);
    (d.errors, d.grades) = (f.errors(), f.grades);
    (d.strategy_choices, d.strategy_best) = (f.strategy_decisions, f.strategy_best);
    (d.chances, d.slips) = (f.chances, f.slips);
    let curve = analysis.curve_for_focus();
    d.start = curve.first().copied().unwrap_or_default();
    d.result = score.and(curve.last().copied());
    d.luck = analysis
        .annotations
        .iter()
        .map(|a| {
            let expected = if a.seat == person {
                a.value
            } else if analysis.objective == Objective::Win {
                1.0 - a.value
            } else {
                -a.value
            };
            curve.get(a.index + 1).map_or(0.0, |after| after - expected)
        })
        .sum();
    let grade = |a: &Annotation| judgement.decisions[a.index].grade;
    let costly = |a: &Annotation| Costly {
        index: a.index,
        turn: a.turn,
        cost: a.cost,
        class: grade(a).name().to_owned(),
        slip: judgement.slip_at(a.index).is_some(),
        text: analysis.explain(game, a),
    };
    d.costliest = judgement.costly(person).next().map(costly);
    d.costly = judgement
        .costly(person)
        .filter(|a| grade(a) >= super::grade::Grade::Mistake)
        .map(costly)
        .collect();
    Some(d)
}
