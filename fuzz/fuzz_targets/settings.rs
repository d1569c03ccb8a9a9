//! The settings file (`concentration::fuzzing::settings`): any bytes parse leniently to
//! settings and one-line faults, never a panic; the settings written back parse cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    concentration::fuzzing::settings(data);
});
