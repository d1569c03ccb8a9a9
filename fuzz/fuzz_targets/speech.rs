//! The screen reader's command line: any bytes typed into a game by ear (lines that are
//! not text, control characters, lines of any length) never panic, and every line said
//! is plain text with nothing typed said at length.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    concentration::fuzzing::speech(data);
});
