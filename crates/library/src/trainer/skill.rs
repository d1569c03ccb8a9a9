//! A measure of skill that the cards' luck cannot move: the error rate a decision
//! against optimal play, as eXtreme Gammon's performance rating (PR: the average
//! error a decision times a scale). It reads the one judgement of each game (through
//! the dashboard's digests: the average cost of a decision with a choice, and how
//! many), never the result, so a game in which every decision was best adds a PR of 0
//! and can only lower (better) the figure over the games; a game lost to the cards
//! costs nothing.
//!
//! The scale: 1000 under `win` (a decision that costs one point of win chance, 0.01,
//! is 10), 100 under `margin` (about ten points of win chance are worth a pair on the
//! standard deck, so one scale reads the same for both goals). Lower is better; 0 is
//! optimal play.

use serde::Serialize;

use crate::analysis::digest::Digest;
use crate::rules::Objective;
use crate::words;

/// The games the trend compares with those before them.
pub const RECENT: usize = 10;

/// PR points for one unit of cost under `objective` (`None`: no PR for it).
#[must_use]
pub fn scale(objective: Objective) -> Option<f64> {
    match objective {
        Objective::Win => Some(1000.0),
        Objective::Margin => Some(100.0),
        Objective::Moves => None,
    }
}

/// The PR of one game: its average cost a decision with a choice, scaled.
#[must_use]
pub fn game_pr(objective: Objective, mean_cost: f64) -> Option<f64> {
    scale(objective).map(|s| mean_cost * s)
}

/// A PR as every screen prints it: one decimal.
#[must_use]
pub fn pr_words(pr: f64) -> String {
    words::fixed(pr, 1)
}

/// The person's skill over their games against the AI.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Skill {
    /// PR over every game, pooled: each decision with a choice counts once.
    pub pr: f64,
    /// Games counted.
    pub games: usize,
    /// Decisions with a choice counted.
    pub decisions: usize,
    /// PR of the newest game.
    pub last: f64,
    /// PR over the newest [`RECENT`] games.
    pub recent: f64,
    /// PR over the games before those (`None`: no such game).
    pub before: Option<f64>,
}

/// One game's part in the figure: its PR points summed over its decisions, and how
/// many decisions.
fn part(d: &Digest) -> Option<(f64, usize)> {
    let objective: Objective = d.objective.parse().ok()?;
    Some((
        game_pr(objective, d.mean_cost)? * d.choices as f64,
        d.choices,
    ))
}

/// PR pooled over `parts` (`None` without a decision).
fn pooled<'a>(parts: impl Iterator<Item = &'a (f64, usize)>) -> Option<f64> {
    let (sum, n) = parts.fold((0.0, 0), |(s, n), (p, c)| (s + p, n + c));
    // decision counts are far below 2^52
    (n > 0).then(|| sum / n as f64)
}

impl Skill {
    /// The skill over `games`, newest first (finished, analysed games against the AI;
    /// the caller chooses which count). `None` with no decision with a choice.
    #[must_use]
    pub fn of<'a>(games: impl Iterator<Item = &'a Digest>) -> Option<Self> {
        let parts: Vec<(f64, usize)> = games
            .filter(|d| d.analysed && d.choices > 0)
            .filter_map(part)
            .collect();
        let pr = pooled(parts.iter())?;
        let last = pooled(parts.iter().take(1))?;
        let recent = pooled(parts.iter().take(RECENT))?;
        let before = pooled(parts.iter().skip(RECENT));
        Some(Self {
            pr,
            games: parts.len(),
            decisions: parts.iter().map(|p| p.1).sum(),
            last,
            recent,
            before,
        })
    }

    /// The trend: the recent games' PR less the PR before them (negative is better).
    #[must_use]
    pub fn trend(&self) -> Option<f64> {
        self.before.map(|b| self.recent - b)
    }

    /// "PR 1.3 over 12 games (431 decisions with a choice) · last 10 games 1.1, before
    /// them 2.4: better".
    #[must_use]
    pub fn line(&self) -> String {
        let trend = match (self.before, self.trend()) {
            (Some(before), Some(t)) => format!(
                " · last {} {}, before them {}: {}",
                words::count_of(RECENT.min(self.games), "game"),
                pr_words(self.recent),
                pr_words(before),
                trend_words(t)
            ),
            _ => String::new(),
        };
        format!(
            "PR {} over {} ({} with a choice){trend}",
            pr_words(self.pr),
            words::count_of(self.games, "game"),
            words::count_of(self.decisions, "decision"),
        )
    }
}

/// A change of PR in words: lower is better.
fn trend_words(change: f64) -> String {
    let shown = words::fixed(change.abs(), 1);
    if shown == words::fixed(0.0, 1) {
        "level".to_owned()
    } else if change < 0.0 {
        format!("better by {shown}")
    } else {
        format!("worse by {shown}")
    }
}

/// What PR means, once under a figure.
pub const MEANING: &str = "PR: the average error a decision with a choice against optimal play, in points of win chance \u{d7} 10 (pairs \u{d7} 100); 0 is perfect play, lower is better; the cards' luck does not move it";

#[cfg(test)]
mod tests {
    use super::*;

    /// A finished, analysed game of `choices` decisions at `mean_cost` under `goal`.
    fn game(goal: &str, choices: usize, mean_cost: f64) -> Digest {
        Digest {
            date: "2026-04-01".into(),
            time: "12:00:00".into(),
            deck: "pairs:8".into(),
            objective: goal.into(),
            pass_rule: "agreed".into(),
            memory: "open".into(),
            opponent: "optimal".into(),
            seat: "A".into(),
            practice: false,
            score: Some(0.0),
            result: Some(0.0),
            analysed: true,
            choices,
            best: 0,
            mean_cost,
            errors: 0,
            grades: [0; 7],
            strategy_choices: choices,
            strategy_best: 0,
            chances: 0,
            slips: 0,
            start: 0.5,
            luck: -0.5,
            costly: Vec::new(),
            costliest: None,
        }
    }

    /// Each decision counts once, each goal on its own scale: 10 decisions at a point
    /// of win chance (PR 10) and 30 at 0.3 pairs (PR 30) pool to 25.
    #[test]
    fn the_figure_pools_every_decision_on_its_goals_scale() {
        let games = [game("win", 10, 0.01), game("margin", 30, 0.3)];
        let skill = Skill::of(games.iter()).unwrap();
        assert!((skill.pr - 25.0).abs() < 1e-9, "{skill:?}");
        assert!((skill.last - 10.0).abs() < 1e-9, "{skill:?}");
        assert_eq!((skill.games, skill.decisions), (2, 40));
        assert_eq!(skill.before, None);
        // Solitaire has no PR; a game without a choice counts for nothing.
        assert_eq!(Skill::of([game("moves", 5, 1.0)].iter()), None);
        assert_eq!(Skill::of([game("win", 0, 0.0)].iter()), None);
    }

    /// A game in which every decision was best never makes the figure worse, whatever
    /// the games before it and however many decisions it had.
    #[test]
    fn a_game_of_best_decisions_never_worsens_the_figure() {
        let mut games: Vec<Digest> = Vec::new();
        for (i, cost) in [0.0, 0.03, 0.001, 0.2, 0.0, 0.07].into_iter().enumerate() {
            games.insert(
                0,
                game(if i % 2 == 0 { "win" } else { "margin" }, 3 + i, cost),
            );
            let before = Skill::of(games.iter()).unwrap();
            for choices in [1, 6, 40] {
                let mut after = games.clone();
                after.insert(0, game("win", choices, 0.0));
                let after = Skill::of(after.iter()).unwrap();
                assert!(after.pr <= before.pr, "{before:?} then {after:?}");
                assert_eq!(after.last, 0.0);
            }
        }
    }

    /// The trend compares the last ten games with those before them: lower is better.
    #[test]
    fn the_trend_is_the_recent_games_less_those_before() {
        let mut games = vec![game("win", 10, 0.0); RECENT];
        games.extend(vec![game("win", 10, 0.004); 5]);
        let skill = Skill::of(games.iter()).unwrap();
        assert_eq!(skill.recent, 0.0);
        assert!((skill.before.unwrap() - 4.0).abs() < 1e-9);
        assert!((skill.trend().unwrap() + 4.0).abs() < 1e-9);
        let line = skill.line();
        assert!(
            line.contains("last 10 games 0.0, before them 4.0: better by 4.0"),
            "{line}"
        );
        assert_eq!(trend_words(0.04), "level");
        assert_eq!(trend_words(1.25), "worse by 1.2");
    }
}
