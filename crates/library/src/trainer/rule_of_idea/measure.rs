//! Every reachable decision point of a deck of pairs where an idea is at stake, valued
//! by the exact solver, and each rule measured against them: the share of positions
//! where the rule picks the better of the idea and the common play (agreement), and
//! what it costs where it does not.
//!
//! Reachable: every card state of at most the deck's labels with a pair left, every
//! score difference a game can have there (the pairs taken so far, by parity), and the
//! after-pass flag where a pass could have happened. Each decision point counts once.

use super::{Seen, at_stake, plays, stake};
use crate::rules::{Deck, Objective, PassRule};
use crate::solver::{FirstCard, Pattern, Position, SolveError, Solver, State, TIE_EPSILON};
use crate::trainer::IdeaKind;

/// One decision point where an idea is at stake, with the two choices' values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The idea at stake.
    pub idea: IdeaKind,
    /// What the mover sees.
    pub seen: Seen,
    /// The best value of the idea's choice.
    pub idea_value: f64,
    /// The best value of the common play.
    pub common_value: f64,
}

impl Sample {
    /// Whether the choice matters here: the two differ by more than the solver's tie.
    #[must_use]
    pub fn decisive(&self) -> bool {
        (self.idea_value - self.common_value).abs() > TIE_EPSILON
    }

    /// What choosing the idea (`idea`) or the common play costs against the better of
    /// the two (0 when it is the better, or as good).
    #[must_use]
    pub fn cost(&self, idea: bool) -> f64 {
        let (chosen, other) = if idea {
            (self.idea_value, self.common_value)
        } else {
            (self.common_value, self.idea_value)
        };
        let cost = other - chosen;
        if cost > TIE_EPSILON { cost } else { 0.0 }
    }
}

/// Every sample of `deck` (a deck of pairs) under `objective` and `pass_rule`.
///
/// # Errors
/// A deck too large to solve, or not a deck of pairs.
pub fn samples(
    deck: &Deck,
    objective: Objective,
    pass_rule: PassRule,
) -> Result<Vec<Sample>, SolveError> {
    let root = Position::start(deck);
    let mut solver = Solver::new(objective, pass_rule, &root, 0, crate::solver::PLAY_LIMIT)?;
    let labels = u64::from(deck.labels());
    let mut out = Vec::new();
    let (hidden, single, pair) = (Pattern::new(2, 2), Pattern::new(2, 1), Pattern::new(2, 0));
    for n_hidden in 0..=labels {
        for n_single in 0..=labels - n_hidden {
            for n_pair in 0..=labels - n_hidden - n_single {
                let left = n_hidden + n_single + n_pair;
                if left == 0 {
                    continue;
                }
                let mut position = Position::empty(2);
                position.add(hidden, u32::try_from(n_hidden).expect("few labels"));
                position.add(single, u32::try_from(n_single).expect("few labels"));
                position.add(pair, u32::try_from(n_pair).expect("few labels"));
                let taken = i64::try_from(labels - left).expect("few labels");
                let passes = [false, true]
                    .into_iter()
                    .filter(|&p| !p || (remembers_pass(pass_rule) && n_single + n_pair >= 2));
                for after_pass in passes {
                    for diff in (-taken..=taken).step_by(2) {
                        let state = State {
                            position: position.clone(),
                            diff,
                            after_pass,
                            first: None,
                        };
                        collect(&mut solver, &state, objective, pass_rule, &mut out)?;
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The samples of one state: at its turn start, and after each first card that poses
/// an idea (a new card whose partner is hidden, or seen).
fn collect(
    solver: &mut Solver,
    state: &State,
    objective: Objective,
    pass_rule: PassRule,
    out: &mut Vec<Sample>,
) -> Result<(), SolveError> {
    let firsts = [
        None,
        Some(FirstCard::Revealed(Pattern::new(2, 2))),
        Some(FirstCard::Revealed(Pattern::new(2, 1))),
    ];
    for first in firsts {
        if let Some(FirstCard::Revealed(p)) = first
            && state.position.count(p) == 0
        {
            continue;
        }
        let asked = State {
            first,
            ..state.clone()
        };
        let Some(seen) = Seen::of(&asked, objective, pass_rule) else {
            continue;
        };
        let mut actions = None;
        for idea in IdeaKind::ALL.into_iter().filter(|&i| at_stake(i, &seen)) {
            let values = match &actions {
                Some(v) => v,
                None => actions.insert(solver.actions(&asked)?),
            };
            if let Some((idea_value, common_value)) = stake(idea, values) {
                out.push(Sample {
                    idea,
                    seen,
                    idea_value,
                    common_value,
                });
            }
        }
    }
    Ok(())
}

/// One rule measured over the samples of one idea.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Measure {
    /// Decision points where the idea is at stake.
    pub positions: usize,
    /// Of those, where the choice matters (the idea and the common play differ).
    pub decisive: usize,
    /// Of the decisive ones, where the idea is the better.
    pub idea_best: usize,
    /// Of the decisive ones, where the rule picks the better.
    pub agree: usize,
    /// The average cost over the decisive positions where the rule picks the worse.
    pub mean_cost: f64,
    /// The largest such cost.
    pub worst_cost: f64,
    /// Where "always the common play" picks the better, of the decisive ones: what the
    /// rule must beat.
    pub common_agree: usize,
}

impl Measure {
    /// The agreement: the share of decisive positions where the rule picks the better.
    #[must_use]
    pub fn agreement(&self) -> f64 {
        crate::analysis::judgement::share(self.agree, self.decisive)
    }

    /// The share that always playing the common play would get.
    #[must_use]
    pub fn common_agreement(&self) -> f64 {
        crate::analysis::judgement::share(self.common_agree, self.decisive)
    }
}

/// Measures the rule of `idea` over `samples` (the others are skipped).
#[must_use]
pub fn measure(idea: IdeaKind, samples: &[Sample]) -> Measure {
    let mut m = Measure::default();
    let mut cost = 0.0;
    for s in samples.iter().filter(|s| s.idea == idea) {
        m.positions += 1;
        if !s.decisive() {
            continue;
        }
        m.decisive += 1;
        let idea_better = s.idea_value > s.common_value;
        m.idea_best += usize::from(idea_better);
        m.common_agree += usize::from(!idea_better);
        let c = s.cost(plays(idea, &s.seen));
        if c > 0.0 {
            cost += c;
            m.worst_cost = m.worst_cost.max(c);
        } else {
            m.agree += 1;
        }
    }
    let wrong = m.decisive - m.agree;
    if wrong > 0 {
        // counts are far below 2^52
        m.mean_cost = cost / wrong as f64;
    }
    m
}

/// Whether the rule looks at the previous turn: a pass right after a pass.
fn remembers_pass(rule: PassRule) -> bool {
    matches!(rule, PassRule::Agreed | PassRule::Ko)
}

/// The games the rules are measured on: the standard deck under each pass rule that
/// poses an idea and both goals, and two decks of pairs under the default rule.
pub const MEASURED: [(&str, Objective, PassRule); 12] = [
    ("standard", Objective::Win, PassRule::Agreed),
    ("standard", Objective::Win, PassRule::Ko),
    ("standard", Objective::Win, PassRule::Quit),
    ("standard", Objective::Win, PassRule::None),
    ("standard", Objective::Margin, PassRule::Agreed),
    ("standard", Objective::Margin, PassRule::Ko),
    ("standard", Objective::Margin, PassRule::Quit),
    ("standard", Objective::Margin, PassRule::None),
    ("pairs:8", Objective::Win, PassRule::Agreed),
    ("pairs:8", Objective::Margin, PassRule::Agreed),
    ("pairs:12", Objective::Win, PassRule::Agreed),
    ("pairs:12", Objective::Margin, PassRule::Agreed),
];

/// A cost in the goal's unit: points of win chance, or pairs.
fn cost_words(objective: Objective, cost: f64) -> String {
    match objective {
        Objective::Win => crate::words::fixed(cost * 100.0, 1),
        _ => crate::words::fixed(cost, 3),
    }
}

/// The rules measured on every game of [`MEASURED`], as the Markdown table of
/// docs/trainer.md: per idea and game, the positions where it is at stake, those where
/// the choice matters, where the idea is the better, the share the rule and the common
/// play pick the better, and the rule's cost where it picks the worse (points of win
/// chance or pairs, the average and the worst).
///
/// # Errors
/// A deck that cannot be parsed or solved (none of those measured).
pub fn table() -> Result<String, String> {
    use std::fmt::Write as _;
    let mut rows: Vec<(IdeaKind, String)> = Vec::new();
    for (name, objective, rule) in MEASURED {
        let deck = Deck::parse(name).map_err(|e| e.to_string())?;
        let samples = samples(&deck, objective, rule).map_err(|e| e.to_string())?;
        for idea in IdeaKind::ALL {
            let m = measure(idea, &samples);
            if m.decisive == 0 {
                continue;
            }
            let wrong = if m.agree == m.decisive {
                "-".to_owned()
            } else {
                format!(
                    "{} / {}",
                    cost_words(objective, m.mean_cost),
                    cost_words(objective, m.worst_cost)
                )
            };
            rows.push((
                idea,
                format!(
                    "| {} | {name} | {} | {} | {} | {} | {} | {} ({}) | {} | {wrong} |",
                    idea.name(),
                    objective.name(),
                    rule.name(),
                    m.positions,
                    m.decisive,
                    m.idea_best,
                    crate::words::percent(m.agreement(), 1),
                    m.decisive - m.agree,
                    crate::words::percent(m.common_agreement(), 1),
                ),
            ));
        }
    }
    let mut s = String::from(
        "| idea | deck | goal | pass rule | positions | decisive | idea best | rule right (wrong) | common play right | rule's cost when wrong (avg / worst) |\n\
         | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for idea in IdeaKind::ALL {
        for (_, row) in rows.iter().filter(|(i, _)| *i == idea) {
            let _ = writeln!(s, "{row}");
        }
    }
    Ok(s)
}
