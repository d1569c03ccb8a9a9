//! The trainer's files and the solitaire statistics (`concentration::fuzzing::kept_files`):
//! any bytes give each kind's checked contents or a fault, never a panic or an overflow.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    concentration::fuzzing::kept_files(data);
});
