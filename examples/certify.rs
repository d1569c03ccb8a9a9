//! Certifies the solver's pruning on a deck: checks every residual state (see
//! `concentration::solver::pruning` for the proof this completes).
//!
//! `cargo run --release --example certify -- 35x4 win agreed [exact]`

use std::time::Instant;

use concentration::analysis::certificate::certify;
use concentration::rules::{Deck, Objective, PassRule};
use num_rational::BigRational;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [deck, objective, rule, rest @ ..] = args.as_slice() else {
        anyhow::bail!("usage: certify DECK OBJECTIVE PASS-RULE [exact]");
    };
    let deck = Deck::parse(deck)?;
    let objective: Objective = objective.parse()?;
    let rule: PassRule = rule.parse()?;
    let exact = rest.iter().any(|a| a == "exact");
    let start = Instant::now();
    let result = if exact {
        certify::<BigRational>(&deck, objective, rule)
    } else {
        certify::<f64>(&deck, objective, rule)
    };
    let elapsed = start.elapsed().as_secs_f64();
    match result {
        Ok(c) => println!(
            "{deck} {objective} {rule}: certified: {} residual positions, {} states, in {elapsed:.1} s",
            c.positions, c.states
        ),
        Err(e) => println!("{deck} {objective} {rule}: NOT certified: {e} ({elapsed:.1} s)"),
    }
    Ok(())
}
