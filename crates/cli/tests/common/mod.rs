//! Running the `valerna` binary as a user does. Each test binary uses its
//! own part of this.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Output};

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

/// Where a started `valerna serve` listens, from the first line it prints
/// (`valerna: serving on http://…`); the line itself if it names none.
pub fn listening_at(server: &mut Child) -> Result<SocketAddr, String> {
    let mut line = String::new();
    if let Some(out) = server.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    line.trim()
        .rsplit("http://")
        .next()
        .and_then(|a| a.parse().ok())
        .ok_or(line)
}
