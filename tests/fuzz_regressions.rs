//! Every input the fuzzers found interesting (their corpus) or crashing (regressions)
//! goes through the same parsing as the fuzz target: a value or a clean error.

use std::fs;
use std::path::Path;

use concentration::analysis::report::{FirstKind, Request, state_of};
use concentration::rules::{Deck, Objective, PassRule};

/// The body of `fuzz/fuzz_targets/position.rs`.
fn position_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '|');
    let deck = parts.next().unwrap_or("");
    let position = parts.next();
    let first = parts.next();
    let Ok(deck) = Deck::parse(deck) else {
        return;
    };
    let request = Request {
        deck,
        objective: Objective::Win,
        pass_rule: PassRule::Agreed,
        position: position.map(str::to_owned),
        diff: 0,
        after_pass: false,
        first: first.map(|p| (FirstKind::Revealed, p.to_owned())),
        exact: false,
    };
    let _ = state_of(&request);
}

fn inputs(dir: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let Ok(entries) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    entries
        .map(|e| fs::read(e.unwrap().path()).unwrap())
        .collect()
}

#[test]
fn position_corpus_and_regressions_parse_cleanly() {
    let mut all = inputs("fuzz/corpus/position");
    all.extend(inputs("fuzz/regressions/position"));
    assert!(all.len() > 10, "the corpus is committed");
    for input in &all {
        position_input(input);
    }
}
