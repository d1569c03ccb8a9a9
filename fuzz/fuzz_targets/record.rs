//! The record parser: any bytes give a record or a `LoadError` naming a line (one line of
//! text), never a panic; whatever parses replays, and writes back to text that parses to
//! the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = concentration::fuzzing::record(data);
});
