//! The web pages are compiled into the binary (`src/web.rs`); a change to
//! any of them must rebuild it.
//!
//! And the build's identity, `VALERNA_BUILD`: the first 16 hex digits of a
//! SHA-256 of the rule engines', bots' and dice's sources and of the
//! content pack, what decides how a game plays. A stored game's state hash
//! names the build that took it, and is compared only by the same build;
//! results that must come from one build (balance shards) carry it.
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

const PARTS: [&str; 6] = [
    "../dice/src",
    "../game/src",
    "../lov/src",
    "../bov/src",
    "../ai/src",
    "../../content",
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    println!("cargo::rerun-if-changed=web");
    let mut h = Sha256::new();
    for part in PARTS {
        println!("cargo::rerun-if-changed={part}");
        let mut all = Vec::new();
        files(Path::new(part), &mut all);
        all.sort();
        for p in all {
            let name = p.to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap_or_default();
            h.update((name.len() as u64).to_le_bytes());
            h.update(name.as_bytes());
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(&bytes);
        }
    }
    let digest = h.finalize();
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    println!("cargo::rustc-env=VALERNA_BUILD={hex}");
}
