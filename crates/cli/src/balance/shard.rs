//! Balance runs spread over many machines: `--shard I/N` plays every N-th
//! game of the report (from the I-th) and writes their results to a shard
//! file; `merge` joins the N shard files into the very report one run of
//! all the games writes. Each game's seed depends on the report's settings
//! and the game's place only, so where a game was played changes nothing.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::Args;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Game;
use crate::arena::run_games;
use crate::error::CliError;
use crate::progress::Progress;

/// The most shards a report is cut into.
pub const MAX_SHARDS: u32 = 10_000;
/// The largest shard file `merge` reads.
const MAX_SHARD_BYTES: u64 = 1 << 30;
/// The shard files' format; a merge refuses any other. 2: the build.
const FORMAT: u32 = 2;

/// This build of valerna ([`valerna_server::BUILD`]): shards of two builds
/// may play the same seed differently, so they are never joined.
pub const BUILD: &str = valerna_server::BUILD;

/// How one run plays a report's games, for both games' reports: on how
/// many threads, all of them or one shard's, and whether the figures are
/// printed as JSON too.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Threads (default: one per core). The report does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Print the figures as one JSON object too.
    #[arg(long)]
    pub json: bool,
    /// Play only the I-th of N shards of the report's games (every N-th
    /// game) and write their results into --out, for `merge` to join.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
}

impl RunArgs {
    /// Plays this run's games of a report of `total` (all, or the shard's)
    /// with a progress bar: `play` is given a game's place in the report;
    /// each result comes with that place, in the report's order.
    pub fn play<R: Send>(
        &self,
        total: u64,
        play: impl Fn(u64) -> Result<R, String> + Sync + Send,
    ) -> Result<Vec<(u64, R)>, CliError> {
        let mine = match self.shard {
            Some(s) => s.games(total),
            None => (0..total).collect(),
        };
        let progress = Progress::new(mine.len() as u64, "balance");
        let results = run_games(
            mine.len() as u64,
            self.jobs.map(|j| j as usize),
            &progress,
            |k| play(mine[k as usize]),
        );
        progress.finish();
        Ok(mine.into_iter().zip(results?).collect())
    }

    /// A shard's run: its games' results written into `dir` as a shard
    /// file (see [`write`]) and the summary printed, or the JSON with
    /// `--json`.
    #[allow(clippy::too_many_arguments)]
    pub fn write_shard<S: Serialize, R: Serialize>(
        &self,
        shard: Shard,
        dir: &Path,
        game: Game,
        settings: S,
        pack: String,
        total: u64,
        played: Vec<(u64, R)>,
    ) -> Result<(), CliError> {
        let (summary, json) = write(dir, game, settings, pack, shard, total, played)?;
        crate::error::emit(&if self.json {
            format!("{json}\n")
        } else {
            summary
        })
    }
}

/// Which part of a report's games one run plays: the `index`-th of `count`
/// (counted from 1, as `--shard 2/3` says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let usage = || format!("'{s}': give the shard as I/N, e.g. 2/3 (the second of three)");
        let (i, n) = s.split_once('/').ok_or_else(usage)?;
        let index: u32 = i.trim().parse().map_err(|_| usage())?;
        let count: u32 = n.trim().parse().map_err(|_| usage())?;
        if count == 0 || count > MAX_SHARDS {
            return Err(format!(
                "'{s}': a report is cut into 1 to {MAX_SHARDS} shards"
            ));
        }
        if index == 0 || index > count {
            return Err(format!("'{s}': the shard is one of 1 to {count}"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the report's game `k` (counted from 0) is this shard's:
    /// every `count`-th, so that each shard gets a like share of every
    /// section of the report.
    pub fn plays(self, k: u64) -> bool {
        k % u64::from(self.count) == u64::from(self.index - 1)
    }

    /// The games of `total` this shard plays.
    pub fn games(self, total: u64) -> Vec<u64> {
        (0..total).filter(|&k| self.plays(k)).collect()
    }

    /// The shard file's name in `--out`.
    pub fn file_name(self, game: Game) -> String {
        let g = match game {
            Game::Lov => "lov",
            Game::Bov => "bov",
        };
        format!("{g}-shard-{}-of-{}.json", self.index, self.count)
    }
}

/// `merge`: the shard files to join, and where the report goes.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files written by the runs with `--shard I/N`, all N of
    /// them, in any order.
    #[arg(required = true, value_name = "SHARD")]
    pub shards: Vec<PathBuf>,
    /// Write the report (README.md and the SVG charts) into this folder.
    #[arg(long)]
    pub out: PathBuf,
    /// The content pack folder the shards were played with, if not the one
    /// built in (checked against the shards).
    #[arg(long)]
    pub pack: Option<PathBuf>,
    /// Print the figures as one JSON object too.
    #[arg(long)]
    pub json: bool,
}

/// A shard file: the report's settings, the pack, and this shard's games.
#[derive(Debug, Serialize, Deserialize)]
pub struct ShardFile<S, R> {
    pub report: String,
    pub format: u32,
    /// The build that played it ([`BUILD`]).
    pub build: String,
    /// Everything that decides the report's games (not threads or folders).
    pub settings: S,
    /// The pack's fingerprint: "built-in", or a SHA-256 of its files.
    pub pack: String,
    pub shard: Shard,
    /// Games in the whole report.
    pub games: u64,
    /// This shard's games: (place in the report, result).
    pub results: Vec<(u64, R)>,
}

fn report_name(game: Game) -> &'static str {
    match game {
        Game::Lov => "valerna lov balance",
        Game::Bov => "valerna bov balance",
    }
}

/// The fingerprint of a pack read from files: their names and texts.
pub fn fingerprint<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut h = Sha256::new();
    for (name, text) in files {
        for part in [name, text] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
    }
    let digest = h.finalize();
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The built-in pack's fingerprint.
pub const BUILT_IN: &str = "built-in";

/// Writes a shard's results into `dir`, and says where.
pub fn write<S: Serialize, R: Serialize>(
    dir: &Path,
    game: Game,
    settings: S,
    pack: String,
    shard: Shard,
    games: u64,
    results: Vec<(u64, R)>,
) -> Result<(String, serde_json::Value), CliError> {
    let played = results.len();
    let file = ShardFile {
        report: report_name(game).to_string(),
        format: FORMAT,
        build: BUILD.to_string(),
        settings,
        pack,
        shard,
        games,
        results,
    };
    let path = dir.join(shard.file_name(game));
    let bytes =
        serde_json::to_vec(&file).map_err(|e| CliError::failed(format!("shard {shard}: {e}")))?;
    crate::error::write_atomic(&path, &format!("--out '{}'", dir.display()), &bytes)?;
    let summary = format!(
        "shard {shard}: {played} of the report's {games} games, written to {}\n\
         join the {} shards with `{} merge`\n",
        path.display(),
        shard.count,
        report_name(game)
    );
    let json = serde_json::json!({
        "shard": shard.to_string(),
        "games": played,
        "report_games": games,
        "file": path.display().to_string(),
    });
    Ok((summary, json))
}

/// What the shards of one report hold together.
#[derive(Debug)]
pub struct Merged<S, R> {
    pub settings: S,
    pub pack: String,
    /// Every game's result, in the report's order.
    pub results: Vec<R>,
}

/// Reads the shard files of one report and checks that they are all of its
/// shards, each once, played with the same settings and pack.
pub fn read<S, R>(files: &[PathBuf], game: Game) -> Result<Merged<S, R>, CliError>
where
    S: DeserializeOwned + Serialize,
    R: DeserializeOwned,
{
    let mut first: Option<(PathBuf, serde_json::Value, String, u32, u64)> = None;
    let mut seen: Vec<Option<PathBuf>> = Vec::new();
    let mut settings = None;
    let mut results: Vec<Option<R>> = Vec::new();
    for path in files {
        let what = format!("SHARD '{}'", path.display());
        let text = crate::error::read_text(path, &what, MAX_SHARD_BYTES)?;
        // The header first, so that another report's file or another
        // format is named as such rather than as a missing field.
        let head: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| CliError::usage(format!("{what}: not a shard file ({e})")))?;
        let report = head.get("report").and_then(|r| r.as_str()).unwrap_or("");
        if report != report_name(game) {
            return Err(CliError::usage(if report.is_empty() {
                format!("{what}: not a shard file of `{}`", report_name(game))
            } else {
                format!(
                    "{what}: a shard of `{report}`, not of `{}`",
                    report_name(game)
                )
            }));
        }
        if head.get("format").and_then(|f| f.as_u64()) != Some(u64::from(FORMAT)) {
            return Err(CliError::usage(format!(
                "{what}: written in another format than this version of valerna reads ({FORMAT})"
            )));
        }
        let file: ShardFile<S, R> = serde_json::from_value(head)
            .map_err(|e| CliError::usage(format!("{what}: not a shard file ({e})")))?;
        if file.build != BUILD {
            return Err(CliError::usage(format!(
                "{what}: played by another build of valerna ({}) than this one ({BUILD}): \
                 its games may differ for the same seed; play every shard, and merge, with \
                 one build",
                file.build
            )));
        }
        let mine = serde_json::to_value(&file.settings)
            .map_err(|e| CliError::failed(format!("{what}: {e}")))?;
        match &first {
            None => {
                first = Some((
                    path.clone(),
                    mine,
                    file.pack.clone(),
                    file.shard.count,
                    file.games,
                ));
                seen = vec![None; file.shard.count as usize];
                results = (0..file.games).map(|_| None).collect();
            }
            Some((p, s, pack, count, games)) => {
                let other = format!("'{}'", p.display());
                if *s != mine {
                    return Err(CliError::usage(format!(
                        "{what}: played with other settings than {other} ({})",
                        differences(s, &mine)
                    )));
                }
                if *pack != file.pack {
                    return Err(CliError::usage(format!(
                        "{what}: played with another content pack than {other}"
                    )));
                }
                if *count != file.shard.count || *games != file.games {
                    return Err(CliError::usage(format!(
                        "{what}: one of {} shards, but {other} is one of {count}",
                        file.shard.count
                    )));
                }
            }
        }
        let shard = file.shard;
        if shard.index == 0 || shard.index > shard.count {
            return Err(CliError::usage(format!(
                "{what}: names shard {shard}, which cannot be"
            )));
        }
        let slot = &mut seen[shard.index as usize - 1];
        if let Some(p) = slot {
            return Err(CliError::usage(format!(
                "{what}: shard {shard} again (also '{}')",
                p.display()
            )));
        }
        *slot = Some(path.clone());
        let expected = shard.games(file.games);
        let places: Vec<u64> = file.results.iter().map(|(k, _)| *k).collect();
        if places != expected {
            return Err(CliError::usage(format!(
                "{what}: holds {} games, not the {} of shard {shard} in order",
                places.len(),
                expected.len()
            )));
        }
        for (k, r) in file.results {
            results[k as usize] = Some(r);
        }
        settings = Some(file.settings);
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    let (Some((_, _, pack, count, _)), Some(settings)) = (first, settings) else {
        return Err(CliError::usage("SHARD: name the shard files to join"));
    };
    if !missing.is_empty() {
        return Err(CliError::usage(format!(
            "SHARD: shard{} {} of {count} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        )));
    }
    Ok(Merged {
        settings,
        pack,
        results: results.into_iter().flatten().collect(),
    })
}

/// The settings two shards disagree on, by name ("seed: 1 and 2").
fn differences(a: &serde_json::Value, b: &serde_json::Value) -> String {
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return "other settings".into();
    };
    let mut out = Vec::new();
    for (k, va) in a {
        let vb = b.get(k).unwrap_or(&serde_json::Value::Null);
        if va != vb {
            out.push(format!("{k}: {va} and {vb}"));
        }
    }
    out.join("; ")
}

/// Checks `--pack` of a merge against the shards' fingerprint.
pub fn check_pack(given: Option<&Path>, found: &str, shards: &str) -> Result<(), CliError> {
    if found == shards {
        return Ok(());
    }
    Err(CliError::usage(match given {
        None => "--pack: the shards were played with a content pack of files: name its folder"
            .to_string(),
        Some(d) if shards == BUILT_IN => format!(
            "--pack '{}': the shards were played with the built-in pack",
            d.display()
        ),
        Some(d) => format!(
            "--pack '{}': not the pack the shards were played with (its files differ)",
            d.display()
        ),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_is_read_as_i_of_n() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/10001", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_shards_of_a_report_play_each_game_once() {
        for count in 1..6u32 {
            let mut played = vec![0u8; 23];
            for index in 1..=count {
                for k in (Shard { index, count }).games(23) {
                    played[k as usize] += 1;
                }
            }
            assert!(played.iter().all(|&n| n == 1), "{count}: {played:?}");
        }
    }
}
