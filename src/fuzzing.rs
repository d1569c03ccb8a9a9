//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), here so that
//! `tests/fuzz_regressions.rs` runs the committed corpus through the very same checks.

use crate::analysis::report::{FirstKind, Request, state_of};
use crate::record::Record;
use crate::rules::{Deck, Objective, PassRule, Variant};

/// Position notation: `deck|position|first card`, any bytes: a state or a clean error,
/// never a panic.
pub fn position(data: &[u8]) {
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
        variant: Variant::Standard,
        position: position.map(str::to_owned),
        diff: 0,
        after_pass: false,
        first: first.map(|p| (FirstKind::Revealed, p.to_owned())),
        exact: false,
    };
    let _ = state_of(&request);
}

/// Records: any bytes give a record or an error naming a line (one line of text); what
/// parses replays and survives writing and reading back. Returns whether it parsed.
///
/// # Panics
/// When one of those properties fails: that is what the fuzzer looks for.
pub fn record(data: &[u8]) -> bool {
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
