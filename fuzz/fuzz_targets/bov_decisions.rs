//! `valerna_harness::bov_decisions` under libFuzzer.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| valerna_harness::bov_decisions(data));
