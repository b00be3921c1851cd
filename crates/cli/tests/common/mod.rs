//! Running the `valerna` binary as a user does. Each test binary uses its
//! own part of this.
#![allow(dead_code)]

use std::process::{Command, Output};

pub fn valerna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(args)
        .output()
        .expect("valerna runs")
}

/// Runs a command line written as one string (no quoting needed here).
pub fn run(command: &str) -> Output {
    valerna(&command.split_whitespace().collect::<Vec<_>>())
}

/// Runs a command that must succeed and print one JSON object.
pub fn json(command: &str) -> serde_json::Value {
    let out = run(command);
    assert!(
        out.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
