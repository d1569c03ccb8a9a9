//! Mixing a session: ideas and control positions in turn, so that no rule of thumb
//! solves more than half of it.
//!
//! Puzzles are offered in the order the games meet them and wait in a window (a session
//! of several ideas first waits for four to be offered); each next puzzle is an idea not
//! yet shown if no rule of thumb then passes half, else the one that keeps the most any
//! rule of thumb has solved lowest, then
//! not a control answered by a seen card, then (when the person is rated) the one rated
//! nearest them, in steps of 200 points, then the idea met least so far, then the one
//! fewest rules solve, then the one that keeps the rules' counts most even (the sum of
//! their squares), then an idea before a control, then the first offered. A choice that
//! would let a rule solve more than half of the run waits for more puzzles, unless the
//! window is full. The choices depend only on the puzzles offered, so asking for more
//! from the same games gives the same puzzles first.

use super::Puzzle;
use super::thumb::RULES;
use crate::solver::Action;
use crate::trainer::IdeaKind;

/// The ideas a session waits for before choosing (the least for a default
/// list), while its games may still bring them.
const IDEAS: usize = 4;
/// Puzzles waiting before the first choice: enough to choose among.
const WINDOW: usize = 8;
/// Most puzzles waiting: past it the best one is taken even if a rule then solves more
/// than half (a deck or filter with too few of one kind).
const FULL: usize = 2000;

/// A session being mixed.
#[derive(Debug, Default)]
pub(crate) struct Mix {
    waiting: Vec<Puzzle>,
    chosen: Vec<Puzzle>,
    solved: [usize; RULES],
    /// Controls chosen so far.
    controls: usize,
    /// A session of one idea: at most a third controls, and the rules of thumb are
    /// kept low only where the idea's puzzles allow (they may all share one answer).
    one_idea: bool,
    /// Puzzles chosen of each idea, in [`IdeaKind::ALL`]'s order.
    by_idea: [usize; IdeaKind::ALL.len()],
    /// Whether a puzzle where each idea is right was offered.
    offered: [bool; IdeaKind::ALL.len()],
    /// Puzzles chosen where each idea is right (controls not counted).
    taught: [usize; IdeaKind::ALL.len()],
    /// The person's rating, when puzzles are chosen around it.
    rating: Option<f64>,
}

/// The steps in which a puzzle's distance from the person's rating is counted.
const NEAR: f64 = 200.0;

impl Mix {
    /// A session that prefers, after the rules of thumb are kept at most half, puzzles
    /// rated near `rating` (any, if `None`).
    #[must_use]
    pub(crate) fn near(rating: Option<f64>) -> Self {
        Self {
            rating,
            ..Self::default()
        }
    }

    /// The same session for one idea: at most a third of it controls.
    #[must_use]
    pub(crate) fn of_idea(self) -> Self {
        Self {
            one_idea: true,
            ..self
        }
    }

    /// The puzzles chosen so far, in order.
    #[must_use]
    pub(crate) fn chosen(&self) -> &[Puzzle] {
        &self.chosen
    }

    /// Offers a puzzle to the session.
    pub(crate) fn offer(&mut self, puzzle: Puzzle) {
        if !puzzle.control {
            self.offered[idea_index(puzzle.idea)] = true;
        }
        self.waiting.push(puzzle);
    }

    /// Chooses while the window is full enough, up to `count` in all; a session of
    /// several ideas first waits until [`IDEAS`] ideas are offered, unless `patient` is
    /// false (enough games were played: the rules have no more).
    pub(crate) fn choose_ready(&mut self, count: usize, patient: bool) {
        let offered = self.offered.iter().filter(|&&o| o).count();
        if patient && !self.one_idea && offered < IDEAS {
            return;
        }
        while self.chosen.len() < count && self.waiting.len() >= WINDOW {
            let Some((i, most)) = self.best_next() else {
                break;
            };
            if !self.one_idea
                && most > (self.chosen.len() + 1).div_ceil(2)
                && self.waiting.len() < FULL
            {
                break;
            }
            self.take(i);
        }
    }

    /// The session: the puzzles chosen, then the best of those still waiting, up to
    /// `count`.
    #[must_use]
    pub(crate) fn finish(mut self, count: usize) -> Vec<Puzzle> {
        while self.chosen.len() < count {
            let Some((i, _)) = self.best_next() else {
                break;
            };
            self.take(i);
        }
        self.chosen
    }

    /// Whether a control may come next: in a session of one idea, only while controls
    /// stay at most a third.
    fn control_allowed(&self) -> bool {
        !self.one_idea || 3 * (self.controls + 1) <= self.chosen.len() + 1
    }

    /// The waiting puzzle to take next, and the most any rule of thumb would then have
    /// solved (`None` when none may come next).
    fn best_next(&self) -> Option<(usize, usize)> {
        let key = |p: &Puzzle| {
            let after = (0..RULES).map(|r| self.solved[r] + usize::from(p.solved_by[r]));
            let most = after.clone().max().unwrap_or(0);
            let spread: usize = after.map(|c| c * c).sum();
            let rules = p.solved_by.iter().filter(|&&s| s).count();
            let met = self.by_idea[idea_index(p.idea)];
            // A control whose answer is a seen card spends a place the common play
            // solves without one a new card solves: it comes last.
            let spends = p.control && p.best != Action::Unknown;
            // How many steps of 200 points from the person's rating.
            let far = self
                .rating
                .map_or(0, |r| ((p.rating - r).abs() / NEAR) as usize);
            // An idea not yet taught comes first, while no rule passes half: every
            // session shows as many ideas as it can.
            let over = most > (self.chosen.len() + 1).div_ceil(2);
            let taught = p.control || self.taught[idea_index(p.idea)] > 0;
            (
                (over, taught),
                most,
                spends,
                far,
                met,
                rules,
                spread,
                p.control,
            )
        };
        let controls = self.control_allowed();
        let (i, p) = self
            .waiting
            .iter()
            .enumerate()
            .filter(|(_, p)| controls || !p.control)
            .min_by_key(|(i, p)| (key(p), *i))?;
        Some((i, key(p).1))
    }

    fn take(&mut self, i: usize) {
        let puzzle = self.waiting.remove(i);
        for (count, &solved) in self.solved.iter_mut().zip(&puzzle.solved_by) {
            *count += usize::from(solved);
        }
        self.by_idea[idea_index(puzzle.idea)] += 1;
        if !puzzle.control {
            self.taught[idea_index(puzzle.idea)] += 1;
        }
        self.controls += usize::from(puzzle.control);
        self.chosen.push(puzzle);
    }
}

fn idea_index(idea: IdeaKind) -> usize {
    IdeaKind::ALL
        .iter()
        .position(|&k| k == idea)
        .unwrap_or_default()
}
