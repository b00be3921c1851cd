//! `valerna bov`: Battles of Valerna from the command line. The rules are all
//! in `valerna-bov`; this module reads files and prints.

use std::fmt::Write as _;
use std::path::PathBuf;

use std::sync::Arc;

use clap::{Args, Subcommand};
use serde_json::json;
use valerna_bov::battle::Battle;
use valerna_bov::content::Pack;
use valerna_bov::force_list;
use valerna_bov::geometry::Map;
use valerna_game::Game;

use crate::error::{self, CliError, MAX_LIST_OR_MAP_BYTES};

#[path = "bov_arena.rs"]
mod bov_arena;
#[path = "bov_render.rs"]
mod bov_render;
#[path = "bov_sim.rs"]
mod bov_sim;

/// Battles of Valerna: force lists.
#[derive(Debug, Args)]
pub struct BovArgs {
    #[command(subcommand)]
    command: BovCommand,
}

#[derive(Debug, Subcommand)]
enum BovCommand {
    /// Force lists.
    List {
        #[command(subcommand)]
        command: ListCommand,
    },
    /// Play many battles between bots and sum them up.
    Sim(bov_sim::SimArgs),
    /// Every pairing of the shipped lists in every scenario, sides swapped:
    /// a Markdown report with SVG charts of shares, scores, objectives and
    /// cards.
    Balance(crate::balance::bov::BalanceArgs),
    /// Two bots (random, greedy, ismcts) fight many battles, each from both
    /// sides, across cores: win rates with 95% confidence intervals.
    Arena(bov_arena::ArenaArgs),
    /// Draw a saved battle's battlefield at a given turn as SVG.
    Render(bov_render::RenderArgs),
    /// Replay a saved battle: its result, or with --log the whole battle
    /// told event by event (every roll die by die), as a spectator saw it.
    Replay {
        /// A battle record (JSON), as `valerna bov sim --save-log` writes.
        file: PathBuf,
        /// Tell the whole battle, event by event.
        #[arg(long)]
        log: bool,
        /// The language of the story: English, or the project's own
        /// Italian or French.
        #[arg(long, value_enum, default_value_t = valerna_texts::Lang::En)]
        lang: valerna_texts::Lang,
        /// Print the spectator's events as JSON (ids and numbers, not words).
        #[arg(long)]
        json: bool,
    },
    /// The unit, Vaala and Artifact cards of the content pack with their ids,
    /// points and keywords: what a force list is written with.
    Cards {
        /// Only this force's unit cards ("Allaria", "Tyveria", "Neutral"...).
        #[arg(long)]
        faction: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Save a battle's battlefield as a map (RON, see content/bov/README.md,
    /// "Maps") to edit and play again with `bov sim --map`.
    Map {
        /// A battle record (JSON), as `valerna bov sim --save-log` writes.
        log: PathBuf,
        /// The map file to write; standard output if left out.
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum ListCommand {
    /// Check a force list (RON, see content/bov/README.md) against the rules
    /// of "Writing up Force Lists": exit 0 with a summary, or exit 2 naming
    /// each entry, the rule it breaks and the rule's page.
    Validate {
        /// The force list file.
        file: PathBuf,
        /// Print one JSON object instead of text: with `errors`, each with
        /// its rule, section, page, entry and message.
        #[arg(long)]
        json: bool,
    },
    /// Write a valid starting force list to edit (RON, with comments saying
    /// how), for `bov list validate` and `bov sim --lists`.
    New {
        /// The force to write it for ("allaria", "tyveria"; any case).
        #[arg(long)]
        faction: String,
        /// The game size: the most points the list may spend (100 is the
        /// standard game, 50 the small one).
        #[arg(long, default_value_t = force_list::STANDARD_GAME_SIZE)]
        points: u32,
        /// The file to write, which must not exist yet; standard output if
        /// left out.
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
}

pub fn run(args: BovArgs) -> Result<(), CliError> {
    match args.command {
        BovCommand::List {
            command: ListCommand::Validate { file, json },
        } => validate(&file, json),
        BovCommand::List {
            command:
                ListCommand::New {
                    faction,
                    points,
                    output,
                },
        } => new_list(&faction, points, output.as_deref()),
        BovCommand::Sim(a) => bov_sim::run(a),
        BovCommand::Balance(a) => crate::balance::bov::run(a),
        BovCommand::Arena(a) => bov_arena::run(a),
        BovCommand::Render(a) => bov_render::run(a),
        BovCommand::Replay {
            file,
            log,
            lang,
            json,
        } => replay(&file, log, lang, json),
        BovCommand::Map { log, output } => save_map(&log, output.as_deref()),
        BovCommand::Cards { faction, json } => cards(faction.as_deref(), json),
    }
}

/// `bov cards`: the pack's cards as a list writer needs them.
fn cards(faction: Option<&str>, as_json: bool) -> Result<(), CliError> {
    let pack = Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?;
    let mut forces: Vec<&str> = pack.units.iter().map(|c| c.force.as_str()).collect();
    forces.sort_unstable();
    forces.dedup();
    let wanted = match faction {
        Some(f) => match forces.iter().find(|x| x.eq_ignore_ascii_case(f)) {
            Some(x) => Some(*x),
            None => {
                return Err(CliError::usage(format!(
                    "--faction '{f}': the pack has {}",
                    forces.join(", ")
                )));
            }
        },
        None => None,
    };
    let units: Vec<_> = pack
        .units
        .iter()
        .filter(|c| wanted.is_none_or(|f| c.force == f))
        .collect();
    let keywords = |c: &valerna_bov::rules::units::UnitCard| -> Vec<String> {
        c.keywords.iter().map(ToString::to_string).collect()
    };
    let points = force_list::CARD_POINTS;
    if as_json {
        let v = json!({
            "units": units.iter().map(|c| json!({
                "id": c.id,
                "name": c.name,
                "force": c.force,
                "points": c.points,
                "models": c.models,
                "unique": c.unique,
                "keywords": keywords(c),
                "provisional": c.provisional,
            })).collect::<Vec<_>>(),
            "vaala": pack.vaala.iter().map(|v| json!({
                "id": v.id, "name": v.name, "points": points, "text": v.text, "provisional": v.provisional,
            })).collect::<Vec<_>>(),
            "artifacts": pack.artifacts.iter().map(|a| json!({
                "id": a.id, "name": a.name, "points": points, "text": a.power.text, "provisional": a.provisional,
            })).collect::<Vec<_>>(),
        });
        return error::emit(&format!(
            "{}\n",
            serde_json::to_string_pretty(&v).expect("JSON values serialize")
        ));
    }
    let mut out = String::new();
    let _ = writeln!(out, "Unit cards ({}):", wanted.unwrap_or("all forces"));
    let _ = writeln!(
        out,
        "  {:<24} {:>6} {:>6}  {:<9} keywords",
        "id", "points", "models", "force"
    );
    for c in &units {
        let unique = if c.unique { ", Unique" } else { "" };
        let _ = writeln!(
            out,
            "  {:<24} {:>6} {:>6}  {:<9} {}{unique}",
            c.id,
            c.points,
            c.models,
            c.force,
            keywords(c).join(", ")
        );
    }
    let _ = writeln!(out, "Vaala cards ({points} point each):");
    for v in &pack.vaala {
        let _ = writeln!(out, "  {:<24} {}", v.id, v.name);
    }
    let _ = writeln!(out, "Artifact cards ({points} point each, one per Hero):");
    for a in &pack.artifacts {
        let _ = writeln!(out, "  {:<24} {}", a.id, a.name);
    }
    let _ = writeln!(out, "(content pack: provisional)");
    error::emit(&out)
}

/// The battlefield of a saved battle as a map: its set-up rebuilt from the
/// record (terrain comes before any decision).
fn save_map(log: &std::path::Path, output: Option<&std::path::Path>) -> Result<(), CliError> {
    if let Some(path) = output {
        error::check_writable(path, &format!("--output '{}'", path.display()))?;
    }
    let record = bov_render::read_record(log)?;
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let game = Battle::start(&pack, &record.setup)
        .map_err(|e| CliError::usage(format!("LOG '{}': {e}", log.display())))?;
    let text = Map::of(record.setup.battlefield, &game.field).to_ron();
    match output {
        Some(path) => error::write_file(
            path,
            &format!("--output '{}'", path.display()),
            text.as_bytes(),
        ),
        None => error::emit(&text),
    }
}

fn validate(file: &std::path::Path, as_json: bool) -> Result<(), CliError> {
    let shown = file.display().to_string();
    let text = error::read_text(file, &format!("FILE '{shown}'"), MAX_LIST_OR_MAP_BYTES)?;
    let pack = Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?;
    let result = force_list::parse(&text)
        .map_err(|e| vec![*e])
        .and_then(|list| force_list::validate(&pack, &list));
    match result {
        Ok(force) => {
            let general = &force.units[force.general];
            let card = |u: &force_list::ForceUnit| {
                pack.card(u.card)
                    .map_or("?", |c| c.name.as_str())
                    .to_string()
            };
            if as_json {
                let units: Vec<_> = force
                    .units
                    .iter()
                    .map(|u| {
                        json!({
                            "entry": u.entry,
                            "card": card(u),
                            "value": u.value,
                            "mercenary": u.mercenary,
                            "artifacts": u.artifacts.iter().map(|&a| pack.artifacts[a].id.clone()).collect::<Vec<_>>(),
                            "bonded_to": u.bonded_to.map(|i| force.units[i].entry.clone()),
                            "mounted_on": u.mounted_on.map(|i| force.units[i].entry.clone()),
                            "captain": u.captain.as_ref().map(|c| json!({
                                "entry": c.entry,
                                "card": pack.card(c.card).map_or("?", |k| k.name.as_str()),
                                "value": c.value,
                            })),
                        })
                    })
                    .collect();
                let v = json!({
                    "file": shown,
                    "valid": true,
                    "name": force.name,
                    "force": force.force,
                    "game_size": force.game_size,
                    "points": force.points,
                    "mercenary_points": force.mercenary_points,
                    "general": general.entry,
                    "units": units,
                    "vaala": force.vaala.iter().map(|&v| pack.vaala[v].id.clone()).collect::<Vec<_>>(),
                    "upgrade_tokens": force.upgrade_tokens,
                    "provisional_content": true,
                });
                emit(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&v).expect("JSON values serialize")
                ));
            } else {
                let mut out = String::new();
                let _ = writeln!(out, "{shown}: valid");
                let _ = writeln!(
                    out,
                    "{} ({}), {} of {} points",
                    force.name, force.force, force.points, force.game_size
                );
                let _ = writeln!(out, "General: {} ({})", card(general), general.entry);
                for u in &force.units {
                    let mut extra = Vec::new();
                    for &a in &u.artifacts {
                        extra.push(format!("artifact {}", pack.artifacts[a].name));
                    }
                    if let Some(i) = u.bonded_to {
                        extra.push(format!("bonded to {}", force.units[i].entry));
                    }
                    if let Some(i) = u.mounted_on {
                        extra.push(format!("mounted on {}", force.units[i].entry));
                    }
                    if u.mercenary {
                        extra.push("Mercenary".into());
                    }
                    let extra = if extra.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", extra.join(", "))
                    };
                    let _ = writeln!(out, "  {:>3}  {} ({}){extra}", u.value, card(u), u.entry);
                    // BoV starter, "Heroes as Captains": the Hero leading
                    // the troopers is one of their models, its card's
                    // points spent beside theirs.
                    if let Some(c) = &u.captain {
                        let name = pack.card(c.card).map_or("?", |k| k.name.as_str());
                        let _ = writeln!(
                            out,
                            "  {:>3}    led by its Captain {name} ({})",
                            c.value, c.entry
                        );
                    }
                }
                if force.upgrade_tokens > 0 {
                    let _ = writeln!(
                        out,
                        "  {:>3}  Upgrade tokens: {}",
                        force.upgrade_tokens, force.upgrade_tokens
                    );
                }
                let _ = writeln!(
                    out,
                    "  {:>3}  Vaala cards: {}",
                    force.vaala.len(),
                    force.vaala.len()
                );
                let _ = writeln!(out, "(content pack: provisional)");
                emit(&out);
            }
            Ok(())
        }
        Err(errors) => {
            if as_json {
                let v = json!({ "file": shown, "valid": false, "errors": errors.iter().map(error_json).collect::<Vec<_>>() });
                emit(&format!(
                    "{}\n",
                    serde_json::to_string_pretty(&v).expect("JSON values serialize")
                ));
            } else {
                for e in &errors {
                    eprintln!("{shown}: {e}");
                }
            }
            Err(CliError::usage(format!(
                "FILE '{shown}': the force list breaks {} rule(s)",
                errors.len()
            )))
        }
    }
}

/// `bov list new`: a valid starting list, written so that it reads back as
/// it was made.
fn new_list(faction: &str, points: u32, output: Option<&std::path::Path>) -> Result<(), CliError> {
    use force_list::StarterError;
    let pack = Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?;
    let list = force_list::starter(&pack, faction, points).map_err(|e| match e {
        StarterError::UnknownForce { forces, .. } => CliError::usage(format!(
            "--faction '{faction}': a list can be written for {}",
            forces.join(", ")
        )),
        StarterError::TooSmall { .. } | StarterError::TooLarge { .. } => {
            CliError::usage(format!("--points {points}: {e}"))
        }
    })?;
    let text = force_list::to_ron(&pack, &list);
    match output {
        None => error::emit(&text),
        Some(path) => {
            let what = format!("--output '{}'", path.display());
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::AlreadyExists {
                        CliError::usage(format!(
                            "{what}: the file exists; a list is never written over"
                        ))
                    } else {
                        error::io_error(&what, "cannot be written", &e)
                    }
                })?;
            std::io::Write::write_all(&mut file, text.as_bytes())
                .map_err(|e| error::io_error(&what, "cannot be written", &e))
        }
    }
}

fn error_json(e: &force_list::Violation) -> serde_json::Value {
    serde_json::to_value(e).expect("violations serialize")
}

/// Writes to standard output; a closed pipe (`| head`) is not an error.
fn emit(text: &str) {
    let _ = error::emit(text);
}

/// `bov replay`: a saved battle replayed narrated; its story as a spectator
/// saw it (no Vaala card shown before it is played), or its events as JSON.
fn replay(
    file: &std::path::Path,
    story: bool,
    lang: valerna_texts::Lang,
    json: bool,
) -> Result<(), CliError> {
    use valerna_game::{Narrated, Viewer};
    let record = bov_render::read_record(file)?;
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let mut g = Battle::start_narrated(&pack, &record.setup)
        .map_err(|e| CliError::usage(format!("LOG: its set-up is refused: {e}")))?;
    for (i, d) in record.decisions.iter().enumerate() {
        g.apply(d.clone())
            .map_err(|e| CliError::usage(format!("LOG: decision {i} is refused: {e}")))?;
    }
    let mut events = Vec::new();
    g.events(Viewer::Spectator, 0, &mut events);
    if json {
        let out = json!({ "decisions": record.decisions.len(), "events": events });
        return error::emit(&format!("{out}\n"));
    }
    let t = valerna_texts::Texts::new(lang);
    let mut report = String::new();
    if story {
        for e in &events {
            if matches!(e, valerna_bov::battle::log::Event::RoundStarted { .. }) {
                let _ = writeln!(report);
            }
            let line = valerna_texts::bov::event_text(&g, &t, e);
            if !line.is_empty() {
                let _ = writeln!(report, "{line}");
            }
        }
    } else if let Some(last) = events.last() {
        let _ = writeln!(report, "{}", valerna_texts::bov::event_text(&g, &t, last));
    }
    error::emit(&report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/bov/lists")
    }

    #[test]
    fn the_sample_lists_validate() {
        for name in [
            "allaria_dragon_host.ron",
            "allaria_guild_line.ron",
            "tyveria_dragon_host.ron",
            "tyveria_swarm.ron",
        ] {
            assert!(validate(&lists_dir().join(name), true).is_ok(), "{name}");
        }
    }

    #[test]
    fn an_invalid_list_is_a_usage_error_and_a_missing_file_too() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("invalid.ron");
        std::fs::write(
            &path,
            r#"(name: "x", force: "Allaria", game_size: 100, units: [(card: "dreamfencers")])"#,
        )
        .unwrap();
        let r = validate(&path, true);
        match r {
            Err(CliError::Usage(msg)) => {
                assert!(msg.contains("FILE") && msg.contains("1 rule"), "{msg}")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            validate(&lists_dir().join("no-such-list.ron"), false),
            Err(CliError::Usage(_))
        ));
    }
}
