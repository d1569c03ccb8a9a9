//! Every round the deal of a Pairs round can start, for the tests of the start value.
#![allow(dead_code)] // each test crate uses some of it

use concentration::pairs::Ranks;
use concentration::pairs::model::RoundModel;
use concentration::pairs::rules::{Counts, Stack};
use concentration::pairs::start::deal_outcomes;
use rustc_hash::FxHashMap;

/// The rounds the deal can start at n ranks and m players, by pool: the round's model
/// and its starts (stacks in turn order).
pub fn rounds_by_pool(n: u32, m: usize) -> Vec<(RoundModel, Vec<Vec<Stack>>)> {
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
