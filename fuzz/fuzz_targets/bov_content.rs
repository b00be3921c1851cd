//! `valerna_harness::bov_content` under libFuzzer.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| valerna_harness::bov_content(data));
