//! Every input the fuzzers found interesting (their corpus) or crashing (regressions)
//! goes through the same parsing as the fuzz target: a value or a clean error.

use std::fs;
use std::path::Path;

use concentration::analysis::report::{FirstKind, Request, state_of};
use concentration::record::Record;
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

/// The body of `fuzz/fuzz_targets/record.rs`: a record or a line-numbered error; what
/// parses replays and survives writing and reading back.
fn record_input(data: &[u8]) -> bool {
    let record = match Record::parse(data) {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line >= 1, "an error names a line: {e}");
            assert!(!e.reason.contains('\n'), "one line: {e}");
            return false;
        }
    };
    record.replay().expect("a parsed record replays");
    let text = record.to_text().expect("a parsed record writes");
    let again = Record::parse(text.as_bytes()).expect("a written record parses");
    assert_eq!(again, record, "the record survives writing and reading");
    true
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

#[test]
fn record_corpus_and_regressions_parse_cleanly() {
    let corpus = inputs("fuzz/corpus/record");
    assert!(corpus.len() > 50, "the corpus is committed");
    let parsed = corpus.iter().filter(|input| record_input(input)).count();
    assert!(parsed >= 10, "the corpus holds real records: {parsed}");
    for input in inputs("fuzz/regressions/record") {
        record_input(&input);
    }
}
