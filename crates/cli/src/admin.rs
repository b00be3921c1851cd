//! `valerna admin`: what a host checks after an upgrade or a rollback. Every
//! stored game is listed with what this build makes of it (being played,
//! over, or broken and why) beside what the database says, and the build
//! that took its state; `--unbreak` takes the broken mark off the games
//! this build replays again (docs/hosting.md, "Upgrades").

use std::fmt::Write as _;

use clap::{Args, Subcommand};
use serde_json::{Value, json};
use valerna_server::Db;
use valerna_server::app::{Verdict, recheck, taken_by};

use crate::error::CliError;

#[derive(Debug, Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Debug, Subcommand)]
enum AdminCommand {
    /// Every stored game replayed by this build: being played, over, or
    /// broken and why, beside the database's broken mark and the build that
    /// took its state. With --unbreak, the mark is taken off the games that
    /// replay again; restart the server (or its nodes) after.
    Games {
        /// The server's database: its SQLite file, or postgres://...
        #[arg(long, default_value = "valerna.db")]
        db: String,
        /// Take the broken mark off the games this build replays.
        #[arg(long)]
        unbreak: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// One stored game's record, as `GET /api/games/{id}/record` gives a
    /// finished one: `{"setup", "decisions"}`, for any game, broken or
    /// being played (a host's copy: it holds the seed, which decides the
    /// hidden cards), for `valerna lov replay` or `bov replay`.
    Record {
        /// The game's id.
        id: String,
        /// The server's database: its SQLite file, or postgres://...
        #[arg(long, default_value = "valerna.db")]
        db: String,
        /// Write it to this file (whole, or not at all) rather than print it.
        #[arg(short = 'o', long = "output")]
        output: Option<std::path::PathBuf>,
    },
}

pub fn run(args: AdminArgs) -> Result<(), CliError> {
    match args.command {
        AdminCommand::Games { db, unbreak, json } => games(&db, unbreak, json),
        AdminCommand::Record { id, db, output } => record(&id, &db, output.as_deref()),
    }
}

/// The store at `db`, which must be there: nothing is made.
fn existing(db: &str) -> Result<Db, CliError> {
    let db = Db::parse(db);
    match &db {
        Db::File(path) if !path.is_file() => {
            return Err(CliError::usage(format!(
                "--db '{}': no database there (a server's SQLite file, or postgres://...)",
                path.display()
            )));
        }
        _ => db
            .check()
            .map_err(|e| CliError::usage(format!("--db: {e}")))?,
    }
    Ok(db)
}

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the runtime: {e}")))
}

fn record(id: &str, db: &str, output: Option<&std::path::Path>) -> Result<(), CliError> {
    let what = output.map(|p| format!("-o '{}'", p.display()));
    if let (Some(p), Some(w)) = (output, &what) {
        crate::error::check_writable(p, w)?;
    }
    let db = existing(db)?;
    let stored = runtime()?.block_on(async {
        let store = db.open().await.map_err(CliError::failed)?;
        let g = store
            .load(id)
            .await
            .map_err(|e| CliError::failed(format!("{}: {e}", db.shown())))?;
        let _ = store.close().await;
        Ok::<_, CliError>(g)
    })?;
    let Some((g, _)) = stored else {
        return Err(CliError::usage(format!(
            "ID '{id}': no game of that id in {}",
            db.shown()
        )));
    };
    let text = format!(
        "{}\n",
        json!({"setup": g.new.setup, "decisions": g.decisions()})
    );
    match (output, what) {
        (Some(p), Some(w)) => crate::error::write_atomic(p, &w, text.as_bytes()),
        _ => crate::error::emit(&text),
    }
}

fn games(db: &str, unbreak: bool, json: bool) -> Result<(), CliError> {
    let db = existing(db)?;
    let games = runtime()?.block_on(async {
        let store = db.open().await.map_err(CliError::failed)?;
        let stored = store
            .load_all()
            .await
            .map_err(|e| CliError::failed(format!("{}: {e}", db.shown())))?;
        let mut games = Vec::new();
        for (g, hash) in stored {
            let marked = g.broken.clone();
            let (id, game, version) = (g.new.id.clone(), g.new.game.clone(), g.version());
            let build = taken_by(&hash).map(str::to_owned);
            let verdict = recheck(g, &hash);
            let unbroken = unbreak && marked.is_some() && !matches!(verdict, Verdict::Broken(_));
            if unbroken {
                store
                    .unbreak(&id)
                    .await
                    .map_err(|e| CliError::failed(format!("game {id}: {e}")))?;
            }
            games.push(Game {
                id,
                game,
                version,
                build,
                marked,
                verdict,
                unbroken,
            });
        }
        store
            .close()
            .await
            .map_err(|e| CliError::failed(e.to_string()))?;
        Ok::<_, CliError>(games)
    })?;
    let text = if json {
        format!("{}\n", to_json(&games))
    } else {
        words(&games)
    };
    crate::error::emit(&text)
}

/// One stored game and what this build makes of it.
struct Game {
    id: String,
    game: String,
    version: u64,
    /// The build that took its state, if named.
    build: Option<String>,
    /// The database's broken mark.
    marked: Option<String>,
    verdict: Verdict,
    /// The mark was taken off now.
    unbroken: bool,
}

impl Game {
    fn status(&self) -> (&'static str, Option<&str>) {
        match &self.verdict {
            Verdict::Playing => ("playing", None),
            Verdict::Over => ("over", None),
            Verdict::Broken(why) => ("broken", Some(why)),
        }
    }
}

fn to_json(games: &[Game]) -> Value {
    let list: Vec<Value> = games
        .iter()
        .map(|g| {
            let (status, why) = g.status();
            json!({
                "id": g.id, "game": g.game, "version": g.version, "status": status,
                "why": why, "marked_broken": g.marked, "unbroken": g.unbroken,
                "build": g.build,
            })
        })
        .collect();
    json!({"build": valerna_server::BUILD, "games": list})
}

fn words(games: &[Game]) -> String {
    let mut out = format!(
        "{} stored games, replayed by build {}\n",
        games.len(),
        valerna_server::BUILD
    );
    for g in games {
        let (status, why) = g.status();
        let build = g.build.as_deref().unwrap_or("an unnamed build");
        let _ = write!(
            out,
            "{} {} version {}: {status}{} (state taken by {build})",
            g.id,
            g.game,
            g.version,
            why.map(|w| format!(": {w}")).unwrap_or_default()
        );
        match (&g.marked, g.unbroken) {
            (Some(_), true) => out.push_str("; the broken mark was taken off"),
            (Some(m), false) if status != "broken" => {
                let _ = write!(out, "; marked broken ({m}): --unbreak takes the mark off");
            }
            _ => {}
        }
        out.push('\n');
    }
    out
}
