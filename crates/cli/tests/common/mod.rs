//! Running the `valerna` binary as a user does. Each test binary uses its
//! own part of this.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::ops::Deref;
use std::path::Path;
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

/// A test's own folder in the temporary directory, removed with all it
/// holds when dropped, also when the test fails (the panic unwinds through
/// it). It reads as the folder's path: `dir.join("g.json")`.
pub struct Scratch(tempfile::TempDir);

/// A new [`Scratch`] folder named `valerna-{name}-…`.
pub fn scratch(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("valerna-{name}-"))
            .tempdir()
            .expect("a folder in the temporary directory"),
    )
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}
