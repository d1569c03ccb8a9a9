//! Where a Duel turn start's value is stored: a layer for each number of pairs left, in it
//! every split of the pairs into the four piles, and under `win` every score difference
//! that can occur (and both after-pass flags under `agreed` and `ko`).
//!
//! With `total` pairs at the start and `n` left, `total - n` pairs have been taken, so the
//! difference has the parity of `total - n` and at most that size. Every difference larger
//! than the pairs left plays alike (the module's shortcut), so those are stored as the
//! smallest of them of that parity, `cap`.

use super::DuelPosition;

/// The dense layout of the stored values.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    total: u32,
    diffs: bool,
    passes: bool,
    /// Where each layer begins (one more entry: the end).
    base: Vec<usize>,
}

/// Ways to split `n` labels into three piles, C(n + 2, 2).
fn triangle(n: u64) -> u64 {
    (n + 1) * (n + 2) / 2
}

/// Ways to split `n` labels into four piles, C(n + 3, 3).
fn tetrahedron(n: u64) -> u64 {
    (n + 1) * (n + 2) * (n + 3) / 6
}

impl Layout {
    /// The layout for duels of up to `total` pairs, with a slot for every difference
    /// (`diffs`, under `win`) and both after-pass flags (`passes`).
    pub(super) fn new(total: u32, diffs: bool, passes: bool) -> Self {
        let mut layout = Self {
            total,
            diffs,
            passes,
            base: vec![0],
        };
        for n in 0..=total {
            let size = tetrahedron(u64::from(n)) as usize * layout.width(n) * layout.flags();
            let end = layout.base[n as usize] + size;
            layout.base.push(end);
        }
        layout
    }

    /// The most pairs it stores.
    pub(super) fn total(&self) -> u32 {
        self.total
    }

    /// The values stored in all.
    pub(super) fn len(&self) -> usize {
        self.base[self.base.len() - 1]
    }

    /// The values a layout of `total` pairs would store, without making it.
    pub(super) fn size(total: u32, diffs: bool, passes: bool) -> f64 {
        let probe = Self {
            total,
            diffs,
            passes,
            base: Vec::new(),
        };
        (0..=total)
            .map(|n| tetrahedron(u64::from(n)) as f64 * (probe.width(n) * probe.flags()) as f64)
            .sum()
    }

    fn flags(&self) -> usize {
        if self.passes { 2 } else { 1 }
    }

    /// The smallest difference larger than `n` of the parity layer `n` has.
    fn cap(&self, n: u32) -> i64 {
        let parity = i64::from((self.total - n) % 2);
        let above = i64::from(n) + 1;
        if above % 2 == parity {
            above
        } else {
            above + 1
        }
    }

    /// The largest difference stored in layer `n`.
    fn reach(&self, n: u32) -> i64 {
        i64::from(self.total - n).min(self.cap(n))
    }

    /// The difference slots of layer `n`.
    fn width(&self, n: u32) -> usize {
        if self.diffs {
            self.reach(n) as usize + 1
        } else {
            1
        }
    }

    /// The difference `d` with `n` pairs left as stored (a lead larger than the pairs
    /// left as the smallest such lead), if it can occur.
    pub(super) fn stored_diff(&self, n: u32, d: i64) -> Option<i64> {
        if !self.diffs {
            return Some(0);
        }
        let cap = self.cap(n);
        let d = d.clamp(-cap, cap);
        let reach = self.reach(n);
        (n <= self.total && d.abs() <= reach && (d + reach) % 2 == 0).then_some(d)
    }

    /// Where the turn start `position`, `d` (as [`Self::stored_diff`] gives it), `after_pass`
    /// is stored.
    pub(super) fn index(&self, position: DuelPosition, d: i64, after_pass: bool) -> usize {
        let n = position.pairs();
        let rest = u64::from(n - position.neither);
        let split = tetrahedron(u64::from(n)) - tetrahedron(rest) + triangle(rest)
            - triangle(rest - u64::from(position.leader))
            + u64::from(position.answerer);
        let slot = if self.diffs {
            ((d + self.reach(n)) / 2) as usize
        } else {
            0
        };
        let flag = usize::from(self.passes && after_pass);
        self.base[n as usize] + (split as usize * self.width(n) + slot) * self.flags() + flag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_start_has_its_own_slot() {
        for (diffs, passes) in [(false, false), (true, false), (true, true)] {
            let total = 6;
            let layout = Layout::new(total, diffs, passes);
            assert_eq!(layout.len() as f64, Layout::size(total, diffs, passes));
            let mut seen = vec![false; layout.len()];
            for n in 0..=total {
                for neither in 0..=n {
                    for leader in 0..=n - neither {
                        for answerer in 0..=n - neither - leader {
                            let position = DuelPosition {
                                neither,
                                leader,
                                answerer,
                                both: n - neither - leader - answerer,
                            };
                            for d in -(i64::from(total) + 3)..=i64::from(total) + 3 {
                                let Some(stored) = layout.stored_diff(n, d) else {
                                    continue;
                                };
                                if stored != d {
                                    continue;
                                }
                                for after_pass in [false, true] {
                                    if after_pass && !passes {
                                        continue;
                                    }
                                    let i = layout.index(position, d, after_pass);
                                    assert!(!seen[i], "{position} {d} {after_pass}");
                                    seen[i] = true;
                                }
                            }
                        }
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "every slot used");
        }
    }
}
