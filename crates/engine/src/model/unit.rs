//! What a value counts, and a value in its words.

use crate::rules::Objective;
use crate::words::{fixed, percent, signed};

/// What a value counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A two-seat (or solitaire) objective: win probability, margin or moves.
    Objective(Objective),
    /// The mover's expected future pairs (`own-pairs`, three or more seats).
    OwnPairs,
}

impl From<Objective> for Unit {
    fn from(objective: Objective) -> Self {
        Self::Objective(objective)
    }
}

impl Unit {
    /// Whether lower is better (moves).
    #[must_use]
    pub fn minimises(self) -> bool {
        matches!(self, Self::Objective(o) if o.minimises())
    }

    /// The objective whose measure this unit shares: own pairs are counted in pairs, as
    /// `margin` is, so they share its severity thresholds (0.2 and 0.8 pairs).
    #[must_use]
    pub fn measure(self) -> Objective {
        match self {
            Self::Objective(o) => o,
            Self::OwnPairs => Objective::Margin,
        }
    }

    /// A solver's value `future` as the mover means it, given their `lead` in pairs:
    /// under `margin` the final margin (see [`Objective::at_end`]).
    #[must_use]
    pub fn at_end(self, lead: i64, future: f64) -> f64 {
        match self {
            Self::Objective(o) => o.at_end(lead, future),
            Self::OwnPairs => future,
        }
    }

    /// A value in this unit: `49.7%`, `+0.12 pairs`, `24.31 moves`, `1.93 own pairs`;
    /// never `-0.0`.
    #[must_use]
    pub fn words(self, v: f64) -> String {
        self.words_to(v, self.usual_decimals())
    }

    /// The decimals a value is usually printed with: a tenth of a percent under `win`,
    /// else a hundredth.
    #[must_use]
    pub fn usual_decimals(self) -> usize {
        match self {
            Self::Objective(Objective::Win) => 1,
            _ => 2,
        }
    }

    /// [`Unit::words`] with `decimals` digits after the point (of the percentage under
    /// `win`).
    #[must_use]
    pub(crate) fn words_to(self, v: f64, decimals: usize) -> String {
        match self {
            Self::Objective(Objective::Win) => percent(v, decimals),
            Self::Objective(Objective::Margin) => format!("{} pairs", signed(v, decimals)),
            Self::Objective(Objective::Moves) => format!("{} moves", fixed(v, decimals)),
            Self::OwnPairs => format!("{} own pairs", fixed(v, decimals)),
        }
    }

    /// What a value is multiplied by to be printed: a win chance is printed in percent.
    #[must_use]
    pub fn scale(self) -> f64 {
        match self {
            Self::Objective(Objective::Win) => 100.0,
            _ => 1.0,
        }
    }

    /// Values printed side by side with their costs against `best` (which is among
    /// `values` or not): see [`Compared`]. `min` is the fewest decimals of the printed
    /// number (of the percentage under `win`).
    #[must_use]
    pub fn compare(self, best: f64, values: &[f64], min: usize) -> Compared {
        let scale = self.scale();
        let scaled: Vec<f64> = std::iter::once(best)
            .chain(values.iter().copied())
            .map(|v| v * scale)
            .collect();
        let decimals = crate::words::decimals_apart(
            &scaled,
            crate::solver::TIE_EPSILON * scale,
            min,
            crate::words::fixed,
        );
        Compared {
            unit: self,
            best,
            decimals,
        }
    }
}

/// Values and their costs against the best as one screen prints them: every value with
/// the same decimals (more than usual where two different values would print alike), and
/// each cost the difference of the two values as printed, so that a reader who subtracts
/// finds the cost shown (`52.8%`, `48.1%`: `−4.7%`, never the `−4.8%` the exact cost
/// rounds to).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Compared {
    /// The values' unit.
    pub unit: Unit,
    /// The best value, the one every cost is counted from.
    pub best: f64,
    /// Digits after the point of every value and cost printed (of the percentage under
    /// `win`).
    pub decimals: usize,
}

impl Compared {
    /// The cost of `value` against the best as printed, in the unit (a share under
    /// `win`), never negative for a value no better than the best: the best's printed
    /// number less this one's (this one's less the best's where fewer is better).
    #[must_use]
    pub fn cost(&self, value: f64) -> f64 {
        let scale = self.unit.scale();
        let d = crate::words::printed_difference(self.best * scale, value * scale, self.decimals)
            / scale;
        if self.unit.minimises() { -d } else { d }
    }

    /// The cost of `value` in printed digits, without sign or unit: `4.7` (points under
    /// `win`), `0.42` (pairs).
    #[must_use]
    pub fn cost_digits(&self, value: f64) -> String {
        fixed(self.cost(value) * self.unit.scale(), self.decimals)
    }

    /// The cost of `value` as a sentence says it: `4.7 points of win chance`, `0.42
    /// pairs`, `0.42 moves`, `0.42 own pairs`.
    #[must_use]
    pub fn cost_words(&self, value: f64) -> String {
        let digits = self.cost_digits(value);
        match self.unit {
            Unit::Objective(Objective::Win) => format!("{digits} points of win chance"),
            Unit::Objective(Objective::Margin) => format!("{digits} pairs"),
            Unit::Objective(Objective::Moves) => format!("{digits} moves"),
            Unit::OwnPairs => format!("{digits} own pairs"),
        }
    }

    /// A value in [`Unit::words_to`]'s words with these decimals: `48.1%`, `+0.42 pairs`.
    #[must_use]
    pub fn words(&self, value: f64) -> String {
        self.unit.words_to(value, self.decimals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_pairs_read_as_pairs_and_share_margins_thresholds() {
        assert_eq!(Unit::OwnPairs.words(1.934), "1.93 own pairs");
        assert_eq!(Unit::from(Objective::Margin).words(0.5), "+0.50 pairs");
        assert_eq!(Unit::OwnPairs.measure(), Objective::Margin);
        assert!(!Unit::OwnPairs.minimises());
        assert!(Unit::from(Objective::Moves).minimises());
    }

    /// The hint's example: 52.84% and 48.06% differ by 4.78 points, which rounds to 4.8,
    /// but the two print as 52.8% and 48.1%: the cost beside them is 4.7.
    #[test]
    fn a_cost_beside_two_values_is_their_difference_as_printed() {
        let win = Unit::from(Objective::Win);
        let printed = win.compare(0.5284, &[0.4806], 1);
        assert_eq!(printed.words(0.5284), "52.8%");
        assert_eq!(printed.words(0.4806), "48.1%");
        assert_eq!(printed.cost_digits(0.4806), "4.7");
        // The coach's: 50.4% and 49.6% are 0.8 apart as printed, whatever the exact cost.
        let printed = win.compare(0.5036, &[0.4964], 1);
        assert_eq!(
            (
                printed.words(0.5036),
                printed.words(0.4964),
                printed.cost_digits(0.4964)
            ),
            ("50.4%".into(), "49.6%".into(), "0.8".into())
        );
        // Two values that print alike get more digits, and a cost that is not zero.
        let printed = win.compare(0.50031, &[0.50004], 1);
        assert_eq!(printed.cost_digits(0.50004), "0.03");
        let moves = Unit::from(Objective::Moves).compare(24.314, &[25.008], 2);
        assert_eq!(moves.cost_digits(25.008), "0.70");
    }

    fn units() -> [Unit; 4] {
        [
            Unit::from(Objective::Win),
            Unit::from(Objective::Margin),
            Unit::from(Objective::Moves),
            Unit::OwnPairs,
        ]
    }

    proptest::proptest! {
        /// Whatever the values, the cost printed beside a value is the best's printed
        /// value less its printed value (the other way where fewer is better), and two
        /// values that differ never print the same.
        #[test]
        fn the_printed_cost_is_the_difference_of_the_printed_values(
            unit in 0usize..4,
            best in 0.0f64..1.0,
            losses in proptest::collection::vec(0.0f64..0.3, 1..6),
            min in 0usize..3,
        ) {
            let unit = units()[unit];
            let sign = if unit.minimises() { -1.0 } else { 1.0 };
            let values: Vec<f64> = losses.iter().map(|l| best - sign * l).collect();
            let printed = unit.compare(best, &values, min);
            let number = |text: String| crate::words::numbers_in(&text)[0];
            for &v in &values {
                let (b, x) = (number(printed.words(best)), number(printed.words(v)));
                let cost = number(printed.cost_digits(v));
                proptest::prop_assert!(((b - x) * sign - cost).abs() < 1e-9, "{b} {x} {cost}");
                proptest::prop_assert!(number(printed.cost_words(v)) == cost);
                if (v - best).abs() > crate::solver::TIE_EPSILON {
                    proptest::prop_assert!(printed.words(v) != printed.words(best));
                }
            }
        }
    }
}
