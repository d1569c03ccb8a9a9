//! How large a solve would be, to refuse hopeless requests early.

use crate::rules::{Objective, PassRule, Variant};
use crate::solver::position::{Position, patterns};
use crate::solver::pruning::{harmless, prunable_under};

/// A rough count of the values a solve of the standard game from `root` stores (an
/// upper bound on card states times differences times layers), to refuse hopeless
/// requests early.
#[must_use]
pub fn estimate_states(
    objective: Objective,
    pass_rule: PassRule,
    root: &Position,
    diff: i64,
) -> f64 {
    estimate_states_for(Variant::Standard, objective, pass_rule, root, diff)
}

/// [`estimate_states`] for the game played under `variant`.
#[must_use]
pub fn estimate_states_for(
    variant: Variant,
    objective: Objective,
    pass_rule: PassRule,
    root: &Position,
    diff: i64,
) -> f64 {
    let all = patterns(root.copies());
    // With pruning, labels in a harmless pattern only pass through: count card states
    // over the other patterns, times a few for the takes on the way.
    let harmless = if prunable_under(variant, objective, pass_rule) {
        all.iter().filter(|&&p| harmless(p)).count()
    } else {
        0
    };
    let p = all.len() - harmless;
    let labels = root.labels() as f64;
    // Card states with at most `labels` labels in `p` patterns: C(labels + p, p).
    let mut card_states = (harmless + 1) as f64;
    for i in 1..=p {
        card_states *= (labels + i as f64) / i as f64;
    }
    let diffs = if objective == Objective::Win {
        // Under `withdraw` also the lead larger than the pairs left (see `lead_beyond`).
        let beyond = if pass_rule == PassRule::Withdraw {
            1.0
        } else {
            0.0
        };
        (root.pairs() as f64 + diff.unsigned_abs() as f64) / 2.0 + 1.0 + beyond
    } else {
        1.0
    };
    let layers = if objective != Objective::Moves && pass_rule.remembers_pass() {
        2.0
    } else {
        1.0
    };
    card_states * diffs * layers
}
