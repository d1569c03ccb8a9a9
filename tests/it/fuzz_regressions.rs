//! Every input the fuzzers found interesting (their corpus) or crashing (regressions)
//! goes through the same parsing as the fuzz target: a value or a clean error.

use std::fs;
use std::path::Path;

use concentration::fuzzing::{
    position as position_input, record as record_input, speech as speech_input,
};

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

/// The files the game keeps (issue 37): the settings file, the trainer's files and the
/// solitaire statistics, the dashboard's cache, each through its fuzz target's checks.
#[test]
fn kept_file_corpora_and_regressions_read_cleanly() {
    type Check = fn(&[u8]);
    let targets: [(&str, Check); 3] = [
        ("settings", concentration::fuzzing::settings),
        ("kept_files", concentration::fuzzing::kept_files),
        ("cache", concentration::fuzzing::cache),
    ];
    for (target, check) in targets {
        let mut all = inputs(&format!("fuzz/corpus/{target}"));
        assert!(all.len() >= 2, "the {target} corpus is committed");
        all.extend(inputs(&format!("fuzz/regressions/{target}")));
        for input in &all {
            check(input);
        }
    }
}

#[test]
fn speech_corpus_and_regressions_are_said_cleanly() {
    let mut all = inputs("fuzz/corpus/speech");
    assert!(all.len() > 10, "the corpus is committed");
    all.extend(inputs("fuzz/regressions/speech"));
    for input in &all {
        speech_input(input);
    }
}
