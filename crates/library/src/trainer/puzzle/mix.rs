//! Mixing a session: ideas and control positions in turn, so that no rule of thumb
//! solves more than half of it.
//!
//! Puzzles are offered in the order the games meet them and wait in a window; each
//! next puzzle is the one that keeps the most any rule of thumb has solved lowest, then
//! not a control answered by a seen card, then (when the person is rated) the one rated
//! nearest them, in steps of 200 points, then the idea met least so far, then the one
//! fewest rules solve, then the one that keeps the rules' counts most even (the sum of
//! their squares), then an idea before a control, then the first offered. A choice that
//! would let a rule solve more than half of the run waits for more puzzles, unless the
//! window is full. The choices depend only on the puzzles offered, so asking for more
//! from the same games gives the same puzzles first.

use super::Puzzle;
use crate::solver::Action;
use crate::trainer::IdeaKind;

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
    solved: [usize; 4],
    /// Puzzles chosen of each idea, in [`IdeaKind::ALL`]'s order.
    by_idea: [usize; IdeaKind::ALL.len()],
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

    /// The puzzles chosen so far, in order.
    #[must_use]
    pub(crate) fn chosen(&self) -> &[Puzzle] {
        &self.chosen
    }

    /// Offers a puzzle to the session.
    pub(crate) fn offer(&mut self, puzzle: Puzzle) {
        self.waiting.push(puzzle);
    }

    /// Chooses while the window is full enough, up to `count` in all.
    pub(crate) fn choose_ready(&mut self, count: usize) {
        while self.chosen.len() < count && self.waiting.len() >= WINDOW {
            let (i, most) = self.best_next();
            if most > (self.chosen.len() + 1).div_ceil(2) && self.waiting.len() < FULL {
                break;
            }
            self.take(i);
        }
    }

    /// The session: the puzzles chosen, then the best of those still waiting, up to
    /// `count`.
    #[must_use]
    pub(crate) fn finish(mut self, count: usize) -> Vec<Puzzle> {
        while self.chosen.len() < count && !self.waiting.is_empty() {
            let (i, _) = self.best_next();
            self.take(i);
        }
        self.chosen
    }

    /// The waiting puzzle to take next, and the most any rule of thumb would then have
    /// solved.
    fn best_next(&self) -> (usize, usize) {
        let key = |p: &Puzzle| {
            let after = (0..4).map(|r| self.solved[r] + usize::from(p.solved_by[r]));
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
            (most, spends, far, met, rules, spread, p.control)
        };
        let (i, p) = self
            .waiting
            .iter()
            .enumerate()
            .min_by_key(|(i, p)| (key(p), *i))
            .expect("a puzzle is waiting");
        (i, key(p).0)
    }

    fn take(&mut self, i: usize) {
        let puzzle = self.waiting.remove(i);
        for (count, &solved) in self.solved.iter_mut().zip(&puzzle.solved_by) {
            *count += usize::from(solved);
        }
        self.by_idea[idea_index(puzzle.idea)] += 1;
        self.chosen.push(puzzle);
    }
}

fn idea_index(idea: IdeaKind) -> usize {
    IdeaKind::ALL
        .iter()
        .position(|&k| k == idea)
        .unwrap_or_default()
}
