//! Balance reports: many games of equal bots, written up as Markdown with
//! SVG charts, for a designer tuning a content pack.

use std::path::Path;

use crate::error::CliError;

pub mod bov;
pub mod charts;
pub mod lov;

/// A written report: what to print, and its figures for `--json`.
pub struct Report {
    pub summary: String,
    pub json: serde_json::Value,
}

/// A rate as the reports print it: "43.4%".
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// Writes the report's Markdown as `dir/README.md`.
pub fn write_report(dir: &Path, md: &str) -> Result<(), CliError> {
    let path = dir.join("README.md");
    crate::error::write_file(&path, &format!("--out '{}'", dir.display()), md.as_bytes())
}
