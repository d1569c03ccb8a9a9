//! Helpers of the Pairs solver tests: values compared bit for bit, and every round the
//! deal can start.

use concentration::pairs::Ranks;
use concentration::pairs::model::RoundModel;
use concentration::pairs::rules::{Counts, Stack};
use concentration::pairs::solver::Analysis;
use concentration::pairs::start::deal_outcomes;
use rustc_hash::FxHashMap;

/// The values' bits, to compare them exactly.
pub(crate) fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Whether two analyses are the same, every value bit for bit.
pub(crate) fn same(a: &Analysis<f64>, b: &Analysis<f64>) -> bool {
    bits(&a.u_fold) == bits(&b.u_fold)
        && a.u_hit.as_deref().map(bits) == b.u_hit.as_deref().map(bits)
        && bits(&a.u) == bits(&b.u)
        && a.action == b.action
}

/// The rounds the deal can start at n ranks and m players, by pool: the round's model
/// and its starts (stacks in turn order).
pub(crate) fn rounds_by_pool(n: u32, m: usize) -> Vec<(RoundModel, Vec<Vec<Stack>>)> {
    let ranks = Ranks::new(n).unwrap();
    let (ends, _) = deal_outcomes::<f64>(ranks.full(), m, None);
    let mut by_pool: FxHashMap<Counts, Vec<Vec<Stack>>> = FxHashMap::default();
    for (pool, stacks) in ends.into_keys() {
        by_pool.entry(pool).or_default().push(stacks);
    }
    let mut rounds: Vec<(RoundModel, Vec<Vec<Stack>>)> = by_pool
        .into_iter()
        .map(|(pool, starts)| {
            let model = RoundModel {
                ranks,
                players: m,
                pool,
                reshuffle: None,
            };
            (model, starts)
        })
        .collect();
    rounds.sort_by_key(|(model, _)| model.pool);
    rounds
}
