//! Where games are kept: the [`Store`] trait, its SQLite backend (one
//! process, the default) and its PostgreSQL one ([`postgres`], several
//! nodes sharing a database).
//!
//! A game is its record: a setup and a log of rows, each an accepted
//! decision or a take-back, numbered by the game's version. Appending is
//! conditional on the version the caller saw (`UPDATE ... WHERE version =
//! ?`), so two writers can never both append at one version: the same shape
//! serves one process with SQLite and several nodes sharing PostgreSQL.

use std::future::Future;
use std::path::Path;
use std::pin::Pin;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub mod postgres;
pub mod tls;

/// One row of a game's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Row {
    /// An accepted decision, as the game's JSON decision.
    Decision { decision: Value },
    /// The last decision still standing was taken back.
    TakeBack,
}

/// A game as created.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: String,
    pub game: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// The record's setup (JSON).
    pub setup: Value,
    /// The seat kinds, as the API names them.
    pub seats: Vec<String>,
    /// SHA-256 of each seat's token (hex); empty for a seat without one
    /// (a bot's or the Faceless', or a person's not yet joined).
    pub token_hashes: Vec<String>,
    /// SHA-256 of each seat's invitation (hex); empty for a seat without
    /// one. An invitation is exchanged once for the seat's token (`join`).
    pub invite_hashes: Vec<String>,
    /// `network` (each person in their own browser) or `hotseat` (every
    /// person at one screen).
    pub mode: String,
    pub lang: String,
    pub state_hash: String,
}

/// A game as loaded.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub new: NewGame,
    /// The log, in order: row `i` was appended at version `i`.
    pub rows: Vec<Row>,
    /// Why the game could not be replayed, once that was found.
    pub broken: Option<String>,
    /// When the game last moved, in seconds since the Unix epoch: its log's
    /// last row (a decision or a take-back), or its creation.
    pub last_move: i64,
}

impl StoredGame {
    /// The game's version: how many rows its log holds.
    pub fn version(&self) -> u64 {
        self.rows.len() as u64
    }

    /// The decisions standing after the log's take-backs.
    pub fn decisions(&self) -> Vec<Value> {
        let mut out = Vec::new();
        for r in &self.rows {
            match r {
                Row::Decision { decision } => out.push(decision.clone()),
                Row::TakeBack => {
                    out.pop();
                }
            }
        }
        out
    }
}

/// A finished game as the lobby lists it.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    pub id: String,
    pub game: String,
    pub created: i64,
    pub lang: String,
    pub mode: String,
    pub seats: Vec<String>,
    pub version: u64,
    /// When the game last moved, in seconds since the Unix epoch: its log's
    /// last row (a decision or a take-back), or its creation.
    pub last_move: i64,
}

/// A game being played as the lobby lists it from the store: held by any
/// node sharing the database.
#[derive(Clone, Debug)]
pub struct PlayingGame {
    /// Its columns, `version` as last stored.
    pub game: FinishedGame,
    /// Whether each seat is held: a person's once it has its token.
    pub taken: Vec<bool>,
    pub broken: bool,
}

/// Why the store refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game's version moved on: another writer was first")]
    Conflict,
    #[error("no game {0}")]
    NoGame(String),
    #[error("the seat already has its token")]
    Joined,
    #[error("storage: {0}")]
    Io(String),
}

impl StoreError {
    /// What went wrong, without the kind's prefix.
    fn message(&self) -> String {
        match self {
            StoreError::Io(m) => m.clone(),
            e => e.to_string(),
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Io(e.to_string())
    }
}

/// Who holds a game being played, as [`Store::lease`] answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// The asking node holds it now, until the lease runs out.
    Held,
    /// Another node holds it, reached at this address.
    Elsewhere(String),
    /// No one may hold it: it is finished, broken, or not there. Any node
    /// serves it read-only from the store.
    Free,
}

/// A server node as the leases name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Random, drawn at start: a restarted node is a new holder.
    pub id: String,
    /// The address other nodes reach this one at (`http://host:port`).
    pub url: String,
}

pub type Reply<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send>>;

/// The games' durable home. Every method answers once the change is
/// durable; callers tell no one of a change before.
pub trait Store: Send + Sync {
    /// Creates a game with an empty log.
    fn create(&self, game: NewGame) -> Reply<()>;
    /// Appends `row` to game `id`'s log if its version is still `version`,
    /// recording `state_hash` as the hash of the game after it.
    fn append(&self, id: &str, version: u64, row: Row, state_hash: String) -> Reply<()>;
    /// Marks a game broken, with the reason.
    fn mark_broken(&self, id: &str, reason: String) -> Reply<()>;
    /// Takes a game's broken mark away (`valerna admin recheck --unbreak`:
    /// it replays again, after an upgrade or a rollback).
    fn unbreak(&self, id: &str) -> Reply<()>;
    /// Changes `seat`'s secrets if its token entry is still `from`
    /// (compare and set): the entry becomes `to` and, with `invite`, the
    /// invitation's hash becomes it. Refused with [`StoreError::Joined`]
    /// when the entry is not `from` (another request changed it first).
    ///
    /// A token entry is `""` (no token yet), `given:` and the token itself
    /// (given by a join, not yet used: a join whose answer was lost is
    /// answered the same token again), or the token's SHA-256 (used).
    fn set_seat(
        &self,
        id: &str,
        seat: u8,
        from: String,
        to: String,
        invite: Option<String>,
    ) -> Reply<()>;
    /// Gives `seat` the token entry `entry`, once: refused with
    /// [`StoreError::Joined`] if the seat has one already.
    fn join(&self, id: &str, seat: u8, entry: String) -> Reply<()> {
        self.set_seat(id, seat, String::new(), entry, None)
    }
    /// Every game with its log, finished and put away ones too
    /// (`valerna admin games`).
    fn load_all(&self) -> Reply<Vec<(StoredGame, String)>>;
    /// The games being played (or broken) with their logs: what a server
    /// starting takes up, not the finished or put away ones.
    fn load_playing(&self) -> Reply<Vec<(StoredGame, String)>>;
    /// Puts away the games being played with no decision (nor creation)
    /// since `before` (seconds since the Unix epoch): out of the lobby and
    /// the leases, kept whole; answers their ids.
    fn expire(&self, before: i64) -> Reply<Vec<String>>;
    /// Takes game `id` out of the put away ones, if it is one: answers
    /// whether it was.
    fn resume(&self, id: &str) -> Reply<bool>;
    /// One game with its log, if there is one.
    fn load(&self, id: &str) -> Reply<Option<(StoredGame, String)>>;
    /// Marks a game finished: it is then kept only here, not in memory.
    fn finish(&self, id: &str) -> Reply<()>;
    /// The `limit` finished games created last, newest first.
    fn finished(&self, limit: usize) -> Reply<Vec<FinishedGame>>;
    /// Keeps `body` under a private link: `kind` says what it is (a force
    /// list, a pack of one's own), `id` is the link's random id. Replaces
    /// what the link held before.
    fn keep(&self, kind: &str, id: &str, body: String) -> Reply<()>;
    /// What a link keeps, if anything; the link counts as opened now.
    fn kept(&self, kind: &str, id: &str) -> Reply<Option<String>>;
    /// Forgets the links neither opened nor written since `before`
    /// (seconds since the Unix epoch): answers how many.
    fn forget(&self, before: i64) -> Reply<u64>;
    /// Finishes every write in flight and stops.
    fn close(&self) -> Reply<()>;
    /// Answers once the store can read: what `/healthz` asks.
    fn ping(&self) -> Reply<()> {
        let read = self.load("");
        Box::pin(async move { read.await.map(|_| ()) })
    }
    /// Takes (or extends) the lease of game `id` for `node`, for `ms`
    /// milliseconds, if no other node holds it (a lease run out is taken
    /// over). A store of one process has no one to share with: every game
    /// is its own.
    fn lease(&self, id: &str, node: &Node, ms: u64) -> Reply<Lease> {
        let _ = (id, node, ms);
        Box::pin(async { Ok(Lease::Held) })
    }
    /// Extends by `ms` the leases `holder` still holds among `ids`, and
    /// answers those: the others were taken over by another node.
    fn renew(&self, holder: &str, ids: Vec<String>, ms: u64) -> Reply<Vec<String>> {
        let _ = (holder, ms);
        Box::pin(async { Ok(ids) })
    }
    /// The `limit` games being played (or broken) created last, newest
    /// first: with several nodes the lobby lists the others' games from
    /// here. A store of one process lists none (its games are in memory).
    fn playing(&self, limit: usize) -> Reply<Vec<PlayingGame>> {
        let _ = limit;
        Box::pin(async { Ok(Vec::new()) })
    }
    /// Gives up `holder`'s lease of game `id`, or of every game with
    /// `None` (a node shutting down).
    fn release(&self, holder: &str, id: Option<&str>) -> Reply<()> {
        let _ = (holder, id);
        Box::pin(async { Ok(()) })
    }
}

/// The migrations, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    // 1: games and their logs.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        created INTEGER NOT NULL,
        setup TEXT NOT NULL,
        seats TEXT NOT NULL,
        token_hashes TEXT NOT NULL,
        lang TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        state_hash TEXT NOT NULL,
        broken TEXT
    );
    CREATE TABLE log (
        game_id TEXT NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        kind TEXT NOT NULL,
        decision TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;",
    // 2: finished games, served from here rather than memory.
    "ALTER TABLE games ADD COLUMN over INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX games_over ON games (over, created);",
    // 3: invitations, and where the people play. A game from before gave
    // every person's token to its creator: it stays at one screen.
    "ALTER TABLE games ADD COLUMN invite_hashes TEXT NOT NULL DEFAULT '[]';
     ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'hotseat';",
    // 4: the workshop's documents kept under private links (force lists,
    // packs of one's own).
    "CREATE TABLE kept (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        body TEXT NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
    ) WITHOUT ROWID;",
    // 5: leases, for several nodes sharing one database: the node holding
    // a game being played (a random id a process draws at start), until
    // when (milliseconds since the Unix epoch, by the database's clock),
    // and the address other nodes reach it at.
    "ALTER TABLE games ADD COLUMN lease_holder TEXT;
     ALTER TABLE games ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN owner_url TEXT;",
    // 6: when each private link was last opened (or written), so that one
    // never opened again is forgotten (`Store::forget`).
    "ALTER TABLE kept ADD COLUMN opened INTEGER NOT NULL DEFAULT 0;
     UPDATE kept SET opened = updated;
     CREATE INDEX kept_opened ON kept (opened);",
];

/// Brings a database up to the latest schema, one migration per
/// transaction.
pub fn migrate(conn: &mut rusqlite::Connection) -> Result<(), StoreError> {
    let done: usize = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if done > MIGRATIONS.len() {
        return Err(StoreError::Io(format!(
            "the database has schema version {done}, newer than this program's {}",
            MIGRATIONS.len()
        )));
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(done) {
        let tx = conn.transaction()?;
        tx.execute_batch(m)?;
        tx.pragma_update(None, "user_version", i + 1)?;
        tx.commit()?;
    }
    Ok(())
}

type Answer<T> = tokio::sync::oneshot::Sender<Result<T, StoreError>>;

enum Command {
    Create(NewGame, Answer<()>),
    Append {
        id: String,
        version: u64,
        row: Row,
        hash: String,
        answer: Answer<()>,
    },
    Broken(String, Option<String>, Answer<()>),
    Seat {
        id: String,
        seat: u8,
        from: String,
        to: String,
        invite: Option<String>,
        answer: Answer<()>,
    },
    /// With `true`, the games being played only.
    Load(bool, Answer<Vec<(StoredGame, String)>>),
    Expire(i64, Answer<Vec<String>>),
    Resume(String, Answer<bool>),
    LoadOne(String, Answer<Option<(StoredGame, String)>>),
    Finish(String, Answer<()>),
    Finished(usize, Answer<Vec<FinishedGame>>),
    Cap(Option<u64>, Answer<u64>),
    Keep(String, String, String, Answer<()>),
    Kept(String, String, Answer<Option<String>>),
    Forget(i64, Answer<u64>),
    Close(Answer<()>),
}

/// SQLite in WAL mode, written by one dedicated thread fed by a bounded
/// channel: the async threads never touch the disk. The thread commits the
/// commands waiting together in one transaction (group commit), then
/// answers each.
#[derive(Debug)]
pub struct SqliteStore {
    tx: tokio::sync::mpsc::Sender<Command>,
}

/// How many commands may wait for the writer.
const QUEUE: usize = 4096;

impl SqliteStore {
    /// Opens (creating it if need be) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let mut conn = rusqlite::Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: a commit is on disk before it is answered.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn)?;
        let (tx, rx) = tokio::sync::mpsc::channel(QUEUE);
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| StoreError::Io(e.to_string()))?;
        Ok(SqliteStore { tx })
    }

    /// Caps the database at its present size plus `room` pages (SQLite's
    /// `max_page_count`), as a full disk would; `None` lifts the cap. A
    /// write that needs more is refused (`SQLITE_FULL`) and undone.
    /// Answers the cap now in force.
    pub fn cap_pages(&self, room: Option<u64>) -> Reply<u64> {
        self.send(move |a| Command::Cap(room, a))
    }

    fn send<T: Send + 'static>(&self, make: impl FnOnce(Answer<T>) -> Command) -> Reply<T> {
        let (answer, wait) = tokio::sync::oneshot::channel();
        let tx = self.tx.clone();
        let cmd = make(answer);
        Box::pin(async move {
            tx.send(cmd)
                .await
                .map_err(|_| StoreError::Io("the store is closed".into()))?;
            wait.await
                .map_err(|_| StoreError::Io("the store stopped".into()))?
        })
    }
}

impl Store for SqliteStore {
    fn create(&self, game: NewGame) -> Reply<()> {
        self.send(|a| Command::Create(game, a))
    }
    fn append(&self, id: &str, version: u64, row: Row, hash: String) -> Reply<()> {
        let id = id.to_owned();
        self.send(move |answer| Command::Append {
            id,
            version,
            row,
            hash,
            answer,
        })
    }
    fn mark_broken(&self, id: &str, reason: String) -> Reply<()> {
        let id = id.to_owned();
        self.send(move |a| Command::Broken(id, Some(reason), a))
    }
    fn unbreak(&self, id: &str) -> Reply<()> {
        let id = id.to_owned();
        self.send(move |a| Command::Broken(id, None, a))
    }
    fn set_seat(
        &self,
        id: &str,
        seat: u8,
        from: String,
        to: String,
        invite: Option<String>,
    ) -> Reply<()> {
        let id = id.to_owned();
        self.send(move |answer| Command::Seat {
            id,
            seat,
            from,
            to,
            invite,
            answer,
        })
    }
    fn load_all(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.send(|a| Command::Load(false, a))
    }
    fn load_playing(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.send(|a| Command::Load(true, a))
    }
    fn expire(&self, before: i64) -> Reply<Vec<String>> {
        self.send(move |a| Command::Expire(before, a))
    }
    fn resume(&self, id: &str) -> Reply<bool> {
        let id = id.to_owned();
        self.send(move |a| Command::Resume(id, a))
    }
    fn load(&self, id: &str) -> Reply<Option<(StoredGame, String)>> {
        let id = id.to_owned();
        self.send(move |a| Command::LoadOne(id, a))
    }
    fn finish(&self, id: &str) -> Reply<()> {
        let id = id.to_owned();
        self.send(move |a| Command::Finish(id, a))
    }
    fn finished(&self, limit: usize) -> Reply<Vec<FinishedGame>> {
        self.send(move |a| Command::Finished(limit, a))
    }
    fn keep(&self, kind: &str, id: &str, body: String) -> Reply<()> {
        let (kind, id) = (kind.to_owned(), id.to_owned());
        self.send(move |a| Command::Keep(kind, id, body, a))
    }
    fn kept(&self, kind: &str, id: &str) -> Reply<Option<String>> {
        let (kind, id) = (kind.to_owned(), id.to_owned());
        self.send(move |a| Command::Kept(kind, id, a))
    }
    fn forget(&self, before: i64) -> Reply<u64> {
        self.send(move |a| Command::Forget(before, a))
    }
    fn close(&self) -> Reply<()> {
        self.send(Command::Close)
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn do_create(tx: &rusqlite::Transaction, g: &NewGame) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO games (id, game, created, setup, seats, token_hashes, lang, version, state_hash,
                            invite_hashes, mode)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, ?8, ?9, ?10)",
        rusqlite::params![
            g.id,
            g.game,
            g.created,
            g.setup.to_string(),
            serde_json::to_string(&g.seats).unwrap_or_default(),
            serde_json::to_string(&g.token_hashes).unwrap_or_default(),
            g.lang,
            g.state_hash,
            serde_json::to_string(&g.invite_hashes).unwrap_or_default(),
            g.mode
        ],
    )?;
    Ok(())
}

/// Sets a seat's token hash where it has none, in the one transaction.
fn do_set_seat(
    tx: &rusqlite::Transaction,
    id: &str,
    seat: u8,
    from: &str,
    to: &str,
    invite: Option<&str>,
) -> Result<(), StoreError> {
    let found: Option<(String, String)> = tx
        .query_row(
            "SELECT token_hashes, invite_hashes FROM games WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map(Some)
        .or_else(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => Ok(None),
            e => Err(e),
        })?;
    let Some((tokens, invites)) = found else {
        return Err(StoreError::NoGame(id.to_owned()));
    };
    let list = |text: &str, what: &str| {
        serde_json::from_str::<Vec<String>>(text)
            .map_err(|e| StoreError::Io(format!("game {id}: its {what} are not valid JSON: {e}")))
    };
    let (mut tokens, mut invites) = (list(&tokens, "tokens")?, list(&invites, "invitations")?);
    let at = usize::from(seat);
    match tokens.get_mut(at) {
        Some(t) if t == from => *t = to.to_owned(),
        Some(_) => return Err(StoreError::Joined),
        None => return Err(StoreError::Io(format!("game {id} has no seat {seat}"))),
    }
    if let Some(invite) = invite {
        invites.resize(invites.len().max(at + 1), String::new());
        invites[at] = invite.to_owned();
    }
    tx.execute(
        "UPDATE games SET token_hashes = ?2, invite_hashes = ?3 WHERE id = ?1",
        rusqlite::params![
            id,
            serde_json::to_string(&tokens).unwrap_or_default(),
            serde_json::to_string(&invites).unwrap_or_default()
        ],
    )?;
    Ok(())
}

fn do_append(
    tx: &rusqlite::Transaction,
    id: &str,
    version: u64,
    row: &Row,
    hash: &str,
) -> Result<(), StoreError> {
    let moved = tx.execute(
        "UPDATE games SET version = version + 1, state_hash = ?3
         WHERE id = ?1 AND version = ?2",
        rusqlite::params![id, version as i64, hash],
    )?;
    if moved == 0 {
        let exists: bool = tx.query_row(
            "SELECT EXISTS(SELECT 1 FROM games WHERE id = ?1)",
            [id],
            |r| r.get(0),
        )?;
        return Err(if exists {
            StoreError::Conflict
        } else {
            StoreError::NoGame(id.to_owned())
        });
    }
    let (kind, decision) = match row {
        Row::Decision { decision } => ("decision", Some(decision.to_string())),
        Row::TakeBack => ("take_back", None),
    };
    tx.execute(
        "INSERT INTO log (game_id, n, kind, decision, at) VALUES (?1, ?2, ?3, ?4, ?5)",
        rusqlite::params![id, version as i64, kind, decision, now()],
    )?;
    Ok(())
}

/// A game's columns as both databases hold them, JSON as text, in the
/// order `GAME_COLUMNS` selects them.
pub(crate) struct GameColumns {
    pub id: String,
    pub game: String,
    pub created: i64,
    pub setup: String,
    pub seats: String,
    pub token_hashes: String,
    pub lang: String,
    pub state_hash: String,
    pub broken: Option<String>,
    pub version: i64,
    pub invite_hashes: String,
    pub mode: String,
    /// When the game last moved: `LAST_PLAYED`, selected after
    /// `GAME_COLUMNS`.
    pub last_move: i64,
}

/// The columns of `games` that make a [`GameColumns`], in its order.
pub(crate) const GAME_COLUMNS: &str = "id, game, created, setup, seats, token_hashes, lang, \
     state_hash, broken, version, invite_hashes, mode";

/// A game from its columns and its log's rows `(n, kind, decision)` in
/// order, with its stored state hash. A log that skips a row, holds a row
/// of no known kind or does not reach the game's version marks the game
/// broken; JSON that does not parse is an error.
pub(crate) fn stored_game(
    c: GameColumns,
    rows: impl IntoIterator<Item = Result<(i64, String, Option<String>), StoreError>>,
) -> Result<(StoredGame, String), StoreError> {
    let id = c.id;
    let bad = |what: &str, e: serde_json::Error| {
        StoreError::Io(format!("game {id}: its {what} is not valid JSON: {e}"))
    };
    let mut log = Vec::new();
    let mut broken = c.broken;
    for (i, row) in rows.into_iter().enumerate() {
        let (n, kind, decision) = row?;
        if n != i as i64 {
            broken.get_or_insert(format!("its log skips from row {i} to row {n}"));
        }
        log.push(match (kind.as_str(), decision) {
            ("decision", Some(d)) => Row::Decision {
                decision: serde_json::from_str(&d).map_err(|e| bad("log", e))?,
            },
            ("take_back", _) => Row::TakeBack,
            (k, _) => {
                broken.get_or_insert(format!("row {n} of its log is a {k:?}"));
                continue;
            }
        });
    }
    if log.len() as i64 != c.version {
        broken.get_or_insert(format!(
            "its version is {} but its log holds {} rows",
            c.version,
            log.len()
        ));
    }
    let new = NewGame {
        setup: serde_json::from_str(&c.setup).map_err(|e| bad("setup", e))?,
        seats: serde_json::from_str(&c.seats).map_err(|e| bad("seats", e))?,
        token_hashes: serde_json::from_str(&c.token_hashes).map_err(|e| bad("tokens", e))?,
        invite_hashes: serde_json::from_str(&c.invite_hashes).map_err(|e| bad("invitations", e))?,
        mode: c.mode,
        game: c.game,
        created: c.created,
        lang: c.lang,
        state_hash: String::new(),
        id,
    };
    Ok((
        StoredGame {
            new,
            rows: log,
            broken,
            last_move: c.last_move,
        },
        c.state_hash,
    ))
}

/// SQL: the games being played (over = 1 finished, 2 put away).
pub(crate) const PLAYING: &str = "over = 0";

/// SQL: when a game was last played: its last row's time, or its creation.
pub(crate) const LAST_PLAYED: &str =
    "coalesce((SELECT max(l.at) FROM log l WHERE l.game_id = games.id), games.created)";

fn do_expire(conn: &rusqlite::Connection, before: i64) -> Result<Vec<String>, StoreError> {
    let mut q = conn.prepare(&format!(
        "UPDATE games SET over = 2 WHERE {PLAYING} AND broken IS NULL AND {LAST_PLAYED} < ?1
         RETURNING id"
    ))?;
    let ids = q
        .query_map([before], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}

fn do_load(
    conn: &rusqlite::Connection,
    only: Option<&str>,
    playing: bool,
) -> Result<Vec<(StoredGame, String)>, StoreError> {
    let mut games = Vec::new();
    let mut q = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS}, {LAST_PLAYED} FROM games
         WHERE (?1 IS NULL OR id = ?1) AND (?2 = 0 OR {PLAYING})
         ORDER BY created, id"
    ))?;
    let mut rows =
        conn.prepare("SELECT n, kind, decision FROM log WHERE game_id = ?1 ORDER BY n")?;
    let list = q.query_map(rusqlite::params![only, playing], |r| {
        Ok(GameColumns {
            id: r.get(0)?,
            game: r.get(1)?,
            created: r.get(2)?,
            setup: r.get(3)?,
            seats: r.get(4)?,
            token_hashes: r.get(5)?,
            lang: r.get(6)?,
            state_hash: r.get(7)?,
            broken: r.get(8)?,
            version: r.get(9)?,
            invite_hashes: r.get(10)?,
            mode: r.get(11)?,
            last_move: r.get(12)?,
        })
    })?;
    for g in list {
        let g = g?;
        let found = rows.query_map([&g.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        games.push(stored_game(g, found.map(|r| r.map_err(StoreError::from)))?);
    }
    Ok(games)
}

fn do_finished(conn: &rusqlite::Connection, limit: usize) -> Result<Vec<FinishedGame>, StoreError> {
    let mut q = conn.prepare(&format!(
        "SELECT id, game, created, lang, seats, version, mode, {LAST_PLAYED} FROM games
         WHERE over = 1 AND broken IS NULL ORDER BY created DESC, id LIMIT ?1"
    ))?;
    let rows = q.query_map([limit as i64], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, i64>(5)?,
            r.get::<_, String>(6)?,
            r.get::<_, i64>(7)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, game, created, lang, seats, version, mode, last_move) = row?;
        out.push(FinishedGame {
            seats: serde_json::from_str(&seats).map_err(|e| {
                StoreError::Io(format!("game {id}: its seats are not valid JSON: {e}"))
            })?,
            id,
            game,
            created,
            lang,
            mode,
            version: version as u64,
            last_move,
        });
    }
    Ok(out)
}

fn do_kept(
    conn: &rusqlite::Connection,
    kind: &str,
    id: &str,
) -> Result<Option<String>, StoreError> {
    // Opened now: written on this, the only writer's, thread.
    match conn.query_row(
        "UPDATE kept SET opened = ?3 WHERE kind = ?1 AND id = ?2 RETURNING body",
        rusqlite::params![kind, id, now()],
        |r| r.get::<_, String>(0),
    ) {
        Ok(b) => Ok(Some(b)),
        Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn do_cap(conn: &rusqlite::Connection, room: Option<u64>) -> Result<u64, StoreError> {
    let pages: u64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
    // SQLite's own largest cap when lifted.
    let cap = room.map_or(u64::from(u32::MAX), |r| pages + r);
    Ok(conn.query_row(&format!("PRAGMA max_page_count = {cap}"), [], |r| r.get(0))?)
}

/// The writer thread: takes every command waiting, runs the writes in one
/// transaction, commits, and only then answers.
fn writer(mut conn: rusqlite::Connection, mut rx: tokio::sync::mpsc::Receiver<Command>) {
    let mut batch = Vec::new();
    while let Some(first) = rx.blocking_recv() {
        batch.push(first);
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(c) => batch.push(c),
                Err(_) => break,
            }
        }
        let mut results: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
        let mut closing = false;
        let committed = (|| -> Result<(), StoreError> {
            let tx = conn.transaction()?;
            for c in &batch {
                // Each command in its own savepoint: one that fails leaves
                // nothing behind, and the others still commit.
                tx.execute_batch("SAVEPOINT command")?;
                let r = match c {
                    Command::Create(g, _) => do_create(&tx, g),
                    Command::Append {
                        id,
                        version,
                        row,
                        hash,
                        ..
                    } => do_append(&tx, id, *version, row, hash),
                    Command::Broken(id, reason, _) => tx
                        .execute(
                            "UPDATE games SET broken = ?2 WHERE id = ?1",
                            rusqlite::params![id, reason],
                        )
                        .map(|_| ())
                        .map_err(Into::into),
                    Command::Seat {
                        id,
                        seat,
                        from,
                        to,
                        invite,
                        ..
                    } => do_set_seat(&tx, id, *seat, from, to, invite.as_deref()),
                    Command::Finish(id, _) => tx
                        .execute("UPDATE games SET over = 1 WHERE id = ?1", [id])
                        .map(|_| ())
                        .map_err(Into::into),
                    Command::Keep(kind, id, body, _) => tx
                        .execute(
                            "INSERT INTO kept (kind, id, body, created, updated, opened)
                             VALUES (?1, ?2, ?3, ?4, ?4, ?4)
                             ON CONFLICT (kind, id) DO UPDATE SET body = ?3, updated = ?4,
                                                                  opened = ?4",
                            rusqlite::params![kind, id, body, now()],
                        )
                        .map(|_| ())
                        .map_err(Into::into),
                    Command::Load(..)
                    | Command::Expire(..)
                    | Command::Resume(..)
                    | Command::Kept(..)
                    | Command::Forget(..)
                    | Command::LoadOne(..)
                    | Command::Finished(..)
                    | Command::Cap(..)
                    | Command::Close(_) => Ok(()),
                };
                if let Err(e) = &r
                    && tx.execute_batch("ROLLBACK TO command").is_err()
                {
                    // SQLite rolled the whole transaction back (as it may on
                    // a full disk or an I/O error): the batch fails with
                    // the command's own error.
                    return Err(StoreError::Io(e.message()));
                }
                tx.execute_batch("RELEASE command")?;
                results.push(r);
            }
            tx.commit()?;
            Ok(())
        })();
        for (c, r) in batch.drain(..).zip(
            results
                .into_iter()
                .map(Some)
                .chain(std::iter::repeat_with(|| None)),
        ) {
            let r = match (&committed, r) {
                (Ok(()), Some(r)) => r,
                (Err(e), _) => Err(StoreError::Io(e.message())),
                (Ok(()), None) => Err(StoreError::Io("not run".into())),
            };
            match c {
                Command::Create(_, a)
                | Command::Broken(_, _, a)
                | Command::Finish(_, a)
                | Command::Keep(_, _, _, a) => {
                    let _ = a.send(r);
                }
                Command::Append { answer, .. } | Command::Seat { answer, .. } => {
                    let _ = answer.send(r);
                }
                Command::Load(playing, a) => {
                    let _ = a.send(do_load(&conn, None, playing));
                }
                // Writes of their own, after the batch (this thread is the
                // only writer).
                Command::Expire(before, a) => {
                    let _ = a.send(do_expire(&conn, before));
                }
                Command::Resume(id, a) => {
                    let _ = a.send(
                        conn.execute(
                            "UPDATE games SET over = 0 WHERE id = ?1 AND over = 2",
                            [&id],
                        )
                        .map(|n| n == 1)
                        .map_err(Into::into),
                    );
                }
                Command::LoadOne(id, a) => {
                    let _ = a.send(do_load(&conn, Some(&id), false).map(|mut v| v.pop()));
                }
                Command::Finished(limit, a) => {
                    let _ = a.send(do_finished(&conn, limit));
                }
                Command::Cap(room, a) => {
                    let _ = a.send(do_cap(&conn, room));
                }
                Command::Kept(kind, id, a) => {
                    let _ = a.send(do_kept(&conn, &kind, &id));
                }
                Command::Forget(before, a) => {
                    let _ = a.send(
                        conn.execute("DELETE FROM kept WHERE opened < ?1", [before])
                            .map(|n| n as u64)
                            .map_err(Into::into),
                    );
                }
                Command::Close(a) => {
                    closing = true;
                    let _ = a.send(Ok(()));
                }
            }
        }
        if closing {
            break;
        }
    }
    // Closing the connection checkpoints the WAL.
    drop(conn);
}

// The store's promises are tested against both backends in `tests/stores.rs`.
