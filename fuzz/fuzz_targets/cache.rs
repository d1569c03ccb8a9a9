//! The dashboard's cache (`concentration::fuzzing::cache`): any bytes give a cache of
//! checked entries or a fault; the tables and the rating made from it stay finite.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    concentration::fuzzing::cache(data);
});
