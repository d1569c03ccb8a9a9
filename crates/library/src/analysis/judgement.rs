//! One judgement of a game, computed once and read by every screen: each decision
//! graded on one scale ([`Grade`]) and sorted into one kind ([`Kind`]: forced, memory
//! slip, strategy), and each seat's figures ([`Figures`]) derived from those grades
//! alone. The end screen, the replay and its summary, `analyze` (text and JSON),
//! `history`, `stats`, the dashboard and the review all read a [`Judgement`] (or the
//! digest the dashboard's cache keeps of one), so a figure called accuracy is the same
//! number wherever it is shown.
//!
//! The figures, each with one definition:
//!
//! - **accuracy**: the share of the decisions with a choice (more than one action, not
//!   all of one value) that were best (graded best or only move), memory slips
//!   included;
//! - **strategy accuracy**: the same with the memory slips left out (classic memory;
//!   in open memory there are none and it equals the accuracy);
//! - **grade counts**: the decisions with a choice by grade, so the grades of the
//!   table always add up to the summary's counts;
//! - **memory**: chances to use a seen card and slips (classic memory only);
//! - **average cost**: per decision with a choice, in the objective's unit.

use serde::Serialize;

use super::annotate::{Analysis, Annotation, seats_of};
use super::grade::Grade;
use super::memory::{self, Memory};
use crate::record::MemoryMode;
use crate::rules::{Game, Seat};
use crate::words;

/// What kind of decision a flip was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// No real choice: one action, or every action worth the same.
    Forced,
    /// A seen card the player did not use, where using it was best (classic memory).
    MemorySlip,
    /// A decision with a choice, judged as strategy.
    Strategy,
}

impl Kind {
    /// Its name in a player's words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Forced => "forced",
            Self::MemorySlip => "memory slip",
            Self::Strategy => "strategy",
        }
    }
}

/// One decision, judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// Its grade (a forced decision is graded best: it cost nothing).
    pub grade: Grade,
    /// Its kind.
    pub kind: Kind,
    /// Whether it was a real choice (counted by the accuracy). A memory slip may be
    /// none: every action worth the same, the pair forgotten all the same.
    pub choice: bool,
}

impl Decision {
    /// The grade as the tables print it: the grade, or `forced` for a decision without
    /// a choice (left out of every figure but the flips).
    #[must_use]
    pub fn label(&self) -> &'static str {
        if self.choice {
            self.grade.name()
        } else {
            Kind::Forced.name()
        }
    }
}

/// One seat's figures, derived from its decisions alone.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Figures {
    /// Flips made.
    pub flips: usize,
    /// Decisions with a choice.
    pub decisions: usize,
    /// Of those, the best (graded best or only move).
    pub best: usize,
    /// Decisions with a choice by grade, in the order of [`Grade::ALL`].
    pub grades: [usize; 7],
    /// The average cost of a decision with a choice, in the objective's unit.
    pub mean_cost: f64,
    /// Whether memory was tested (classic memory, the standard cards).
    pub(crate) memory_tested: bool,
    /// Chances to use a seen card (classic memory).
    pub chances: usize,
    /// Of those, not used: memory slips.
    pub slips: usize,
    /// Decisions with a choice that were not memory slips.
    pub(crate) strategy_decisions: usize,
    /// Of those, the best.
    pub strategy_best: usize,
    /// Up to three costliest flips (indices into the annotations), costliest first.
    pub costliest: Vec<usize>,
}

/// `n / of`, 1 when `of` is 0 (no decision, no error).
#[must_use]
pub fn share(n: usize, of: usize) -> f64 {
    // counts are small
    if of == 0 { 1.0 } else { n as f64 / of as f64 }
}

impl Figures {
    /// Accuracy: best decisions among those with a choice (1 with none).
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        share(self.best, self.decisions)
    }

    /// Strategy accuracy: the same, memory slips left out.
    #[must_use]
    pub fn strategy_accuracy(&self) -> f64 {
        share(self.strategy_best, self.strategy_decisions)
    }

    /// Decisions without a real choice, left out of the accuracy.
    #[must_use]
    pub fn forced(&self) -> usize {
        self.flips - self.decisions
    }

    /// Decisions with a choice of `grade`.
    #[must_use]
    pub fn count(&self, grade: Grade) -> usize {
        self.grades[grade as usize]
    }

    /// Decisions with a choice that were mistakes or blunders.
    #[must_use]
    pub fn errors(&self) -> usize {
        self.count(Grade::Mistake) + self.count(Grade::Blunder)
    }

    /// The figures in words, a cost written by `cost`: "accuracy 67% (4 of 6 best, 2
    /// forced left out) · 1 good, 1 mistake · cost 1.2 points a decision".
    #[must_use]
    pub fn words(&self, cost: impl Fn(f64) -> String) -> String {
        if self.flips == 0 {
            return "no flips to judge".to_owned();
        }
        if self.decisions == 0 {
            return format!("no real choice ({} forced)", self.flips);
        }
        let forced = match self.forced() {
            0 => String::new(),
            n => format!(", {n} forced left out"),
        };
        let below: Vec<String> = Grade::ALL
            .iter()
            .filter(|g| !g.is_best() && self.count(**g) > 0)
            .map(|&g| words::count_of(self.count(g), g.name()))
            .collect();
        let below = if below.is_empty() {
            "no errors".to_owned()
        } else {
            below.join(", ")
        };
        format!(
            "accuracy {} ({} of {} best{forced}) · {below} · cost {} a decision",
            words::percent(self.accuracy(), 0),
            self.best,
            self.decisions,
            cost(self.mean_cost)
        )
    }

    /// Memory apart from strategy, in classic memory: "memory: 1 slip in 3 chances to
    /// use a seen card · strategy accuracy 80% (4 of 5, slips left out)"; `None` in open
    /// memory.
    #[must_use]
    pub fn memory_words(&self) -> Option<String> {
        if !self.memory_tested {
            return None;
        }
        let memory = if self.chances == 0 {
            "no chance to use a seen card".to_owned()
        } else {
            format!(
                "{} in {} to use a seen card",
                words::count_of(self.slips, "slip"),
                words::count_of(self.chances, "chance")
            )
        };
        let strategy = if self.strategy_decisions == 0 {
            "no other decision with a choice".to_owned()
        } else {
            format!(
                "strategy accuracy {} ({} of {}, slips left out)",
                words::percent(self.strategy_accuracy(), 0),
                self.strategy_best,
                self.strategy_decisions
            )
        };
        Some(format!("memory: {memory} · {strategy}"))
    }

    /// The mistakes and blunders in words: "1 mistake · no blunder".
    #[must_use]
    pub fn errors_words(&self) -> String {
        let count = |n: usize, what: &str| match n {
            0 => format!("no {what}"),
            n => words::count_of(n, what),
        };
        format!(
            "{} · {}",
            count(self.count(Grade::Mistake), "mistake"),
            count(self.count(Grade::Blunder), "blunder")
        )
    }
}

/// A whole game judged: the analysis, each decision's grade and kind, classic memory's
/// slips, and each seat's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// The solver's values of every flip.
    pub analysis: Analysis,
    /// One per flip, beside the annotations.
    pub decisions: Vec<Decision>,
    /// Classic memory's slips (`None`: memory was not tested).
    pub memory: Option<Memory>,
    /// Per seat, in seat order.
    pub seats: Vec<Figures>,
}

impl Judgement {
    /// Judges `game` as `analysis` valued it, played in memory `mode`.
    #[must_use]
    pub fn new(game: &Game, analysis: Analysis, mode: MemoryMode) -> Self {
        let view = game.view();
        let memory =
            memory::tested(mode, view.deck(), view.seats()).then(|| memory::slips(game, &analysis));
        let decisions: Vec<Decision> = analysis
            .annotations
            .iter()
            .map(|a| {
                let slip = memory
                    .as_ref()
                    .is_some_and(|m| m.slip_at(a.index).is_some());
                Decision {
                    grade: Grade::of_flip(analysis.objective, a),
                    kind: if slip {
                        Kind::MemorySlip
                    } else if a.choice {
                        Kind::Strategy
                    } else {
                        Kind::Forced
                    },
                    choice: a.choice,
                }
            })
            .collect();
        let seats = seats_of(analysis.players.len())
            .map(|seat| figures(&analysis, &decisions, memory.as_ref(), seat))
            .collect();
        Self {
            analysis,
            decisions,
            memory,
            seats,
        }
    }

    /// Judges a saved game.
    #[must_use]
    pub fn of_record(record: &crate::record::Record, game: &Game, analysis: Analysis) -> Self {
        Self::new(game, analysis, record.memory)
    }

    /// The figures of `seat`.
    ///
    /// # Panics
    /// If `seat` is not a seat of the game.
    #[must_use]
    pub fn figures(&self, seat: Seat) -> &Figures {
        &self.seats[seat.index()]
    }

    /// The decision of flip `index`.
    #[must_use]
    pub fn decision(&self, index: usize) -> Option<&Decision> {
        self.decisions.get(index)
    }

    /// The slip of flip `index`, if it was one.
    #[must_use]
    pub fn slip_at(&self, index: usize) -> Option<&memory::Slip> {
        self.memory.as_ref()?.slip_at(index)
    }

    /// Every flip of `seat` that cost something, costliest first: the figures'
    /// costliest are its first three.
    pub fn costly(&self, seat: Seat) -> impl Iterator<Item = &Annotation> {
        costly(&self.analysis, seat)
    }

    /// The flips that are mistakes or blunders, in order.
    pub fn errors(&self) -> impl Iterator<Item = &Annotation> {
        self.analysis
            .annotations
            .iter()
            .zip(&self.decisions)
            .filter(|(_, d)| d.choice && d.grade >= Grade::Mistake)
            .map(|(a, _)| a)
    }

    /// The judgement as JSON: the analysis's (`objective`, `players`, `flips`,
    /// `summary`, `curve`; each flip with its `grade` and `kind`, each summary with the
    /// figures of [`Figures`]), and `memory` where memory was tested.
    #[must_use]
    pub fn to_json(&self, game: &Game) -> serde_json::Value {
        let mut json = self.analysis.to_json(game, self);
        if let (Some(m), Some(map)) = (&self.memory, json.as_object_mut()) {
            map.insert("memory".into(), memory::to_json(game, &self.analysis, m));
        }
        json
    }
}

/// One seat's figures from the decisions.
fn figures(
    analysis: &Analysis,
    decisions: &[Decision],
    memory: Option<&Memory>,
    seat: Seat,
) -> Figures {
    let mine: Vec<(&Annotation, &Decision)> = analysis
        .annotations
        .iter()
        .zip(decisions)
        .filter(|(a, _)| a.seat == seat)
        .collect();
    let mut f = Figures {
        flips: mine.len(),
        memory_tested: memory.is_some(),
        ..Figures::default()
    };
    let mut cost = 0.0;
    for (a, d) in &mine {
        if !d.choice {
            continue;
        }
        f.decisions += 1;
        f.grades[d.grade as usize] += 1;
        f.best += usize::from(d.grade.is_best());
        cost += a.cost;
        if d.kind == Kind::Strategy {
            f.strategy_decisions += 1;
            f.strategy_best += usize::from(d.grade.is_best());
        }
    }
    // decision counts are small
    if f.decisions > 0 {
        f.mean_cost = cost / f.decisions as f64;
    }
    if let Some(m) = memory.and_then(|m| m.seats.get(seat.index())) {
        (f.chances, f.slips) = (m.chances, m.slips);
    }
    f.costliest = costly(analysis, seat).take(3).map(|a| a.index).collect();
    f
}

/// Every flip of `seat` that cost something, costliest first (the earlier of equal
/// costs first).
fn costly(analysis: &Analysis, seat: Seat) -> impl Iterator<Item = &Annotation> {
    let mut costly: Vec<&Annotation> = analysis
        .annotations
        .iter()
        .filter(|a| a.seat == seat && a.cost > 0.0)
        .collect();
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.index.cmp(&b.index)));
    costly.into_iter()
}
