//! `valerna_harness::bov_force_list` under libFuzzer.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| valerna_harness::bov_force_list(data));
