//! The record parser: any bytes give a record or a `LoadError` naming a line (one line of
//! text), never a panic; whatever parses replays, and writes back to text that parses to
//! the same record.
#![no_main]

use concentration::record::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let record = match Record::parse(data) {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line >= 1, "an error names a line: {e}");
            assert!(!e.reason.contains('\n'), "one line: {e}");
            return;
        }
    };
    record.replay().expect("a parsed record replays");
    let text = record.to_text().expect("a parsed record writes");
    let again = Record::parse(text.as_bytes()).expect("a written record parses");
    assert_eq!(again, record, "the record survives writing and reading");
});
