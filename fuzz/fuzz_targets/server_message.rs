//! `valerna_harness::server_message` under libFuzzer.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| valerna_harness::server_message(data));
