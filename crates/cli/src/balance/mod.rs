//! Balance reports: many games of equal bots, written up as Markdown with
//! SVG charts, for a designer tuning a content pack.

use std::path::Path;

use crate::error::CliError;

pub mod bov;
pub mod charts;
pub mod lov;
pub mod shard;

/// What `lov balance` and `bov balance` do besides playing a report.
#[derive(Debug, clap::Subcommand)]
pub enum BalanceCommand {
    /// Join the shard files written by runs with `--shard I/N` into the
    /// report one run of all the games would write.
    Merge(shard::MergeArgs),
}

/// A written report: what to print, and its figures for `--json`.
pub struct Report {
    pub summary: String,
    pub json: serde_json::Value,
}

/// A rate as the reports print it: "43.4%".
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// Which game's report a folder holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Lov,
    Bov,
}

impl Game {
    /// The first line of the game's report (its README.md).
    pub fn title(self) -> &'static str {
        match self {
            Game::Lov => "# Lords of Vaala: balance report",
            Game::Bov => "# Battles of Valerna: balance report",
        }
    }
}

/// Makes the report's folder before any game is played, and refuses one
/// that cannot be written or that holds the other game's report (whose
/// README.md this report would overwrite).
pub fn prepare_out(dir: &Path, game: Game) -> Result<(), CliError> {
    let what = format!("--out '{}'", dir.display());
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::usage(format!(
            "{what}: a file, not a folder for the report"
        )));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| crate::error::io_error(&what, "cannot be made", &e))?;
    let readme = dir.join("README.md");
    if let Ok(text) = std::fs::read_to_string(&readme) {
        let other = if game == Game::Lov {
            Game::Bov
        } else {
            Game::Lov
        };
        if text.lines().next() == Some(other.title()) {
            return Err(CliError::usage(format!(
                "{what}: holds the {} report, which this one would overwrite: give each game its own folder",
                if other == Game::Lov {
                    "Lords of Vaala"
                } else {
                    "Battles of Valerna"
                }
            )));
        }
    }
    crate::error::check_writable(&readme, &what)
}

/// Writes the report's Markdown as `dir/README.md`.
pub fn write_report(dir: &Path, md: &str) -> Result<(), CliError> {
    let path = dir.join("README.md");
    crate::error::write_file(&path, &format!("--out '{}'", dir.display()), md.as_bytes())
}
