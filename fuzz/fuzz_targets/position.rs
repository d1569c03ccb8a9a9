//! The position notation (`R.UxN ...`), decision points and deck names: any input gives
//! a value or a typed error, never a panic; whatever parses also solves or is refused.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| concentration::fuzzing::position(data));
