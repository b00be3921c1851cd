//! The PostgreSQL backend of [`Store`], for several server nodes sharing
//! one database (`valerna serve --db postgres://...`).
//!
//! Every write is one SQL statement, so it is atomic without a transaction
//! held across round trips: an append is an `UPDATE ... WHERE version = $n`
//! and the log row's `INSERT` joined in one statement, so two nodes can
//! never both append at one version. A statement is answered after its
//! commit is flushed (PostgreSQL's default `synchronous_commit = on`,
//! which a host must keep), so the store's promise holds: a decision is
//! durable before anyone hears of it. The schema is the SQLite one's
//! migrations, expressed for PostgreSQL, applied under an advisory lock so
//! that nodes starting together migrate once.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::RwLock;
use tokio_postgres::Client;
use tokio_postgres_rustls::MakeRustlsConnect;

use super::tls::{connector, secured};

use super::{
    FinishedGame, GAME_COLUMNS, GameColumns, LAST_PLAYED, Lease, MIGRATIONS, NewGame, Node,
    PLAYING, PlayingGame, Reply, Row, Store, StoreError, StoredGame, stored_game,
};

/// The database's clock in milliseconds since the Unix epoch: every lease
/// is timed by the one clock, whatever the nodes' own say.
const NOW_MS: &str = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

/// SQLite's migration `m` (`store::MIGRATIONS`) in PostgreSQL's words:
/// the same tables and columns, 64-bit integers (SQLite's `INTEGER` is 64
/// bits), and no `WITHOUT ROWID` (PostgreSQL tables have no row ids to
/// leave out). Both databases run the one list, so they cannot drift.
fn for_postgres(m: &str) -> String {
    m.replace(" WITHOUT ROWID", "").replace("INTEGER", "BIGINT")
}

/// The advisory lock nodes take to migrate one at a time.
const MIGRATION_LOCK: i64 = 0x0076_616c_6572_6e61;

/// Connections a store keeps unless told otherwise (`valerna serve
/// --db-connections`): statements are pipelined on each, and spread over
/// them.
pub const CONNECTIONS: usize = 4;

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        // The server's own words ("duplicate key value...") where it sent
        // any, rather than "db error".
        StoreError::Io(match e.as_db_error() {
            Some(db) => db.message().to_string(),
            // With its causes: "error performing TLS handshake" alone does
            // not say that the certificate names another host.
            None => {
                let mut words = e.to_string();
                let mut cause = std::error::Error::source(&e);
                while let Some(c) = cause {
                    words.push_str(&format!(": {c}"));
                    cause = c.source();
                }
                words
            }
        })
    }
}

/// A store in a PostgreSQL database.
#[derive(Debug)]
pub struct PgStore {
    inner: Arc<Inner>,
}

struct Inner {
    /// The address as tokio-postgres reads it ([`super::tls::secured`]).
    url: String,
    tls: MakeRustlsConnect,
    /// The connections, each replaced when it is found closed.
    clients: Vec<RwLock<Arc<Client>>>,
    next: AtomicUsize,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inner")
            .field("url", &shown(&self.url))
            .field("clients", &self.clients.len())
            .finish()
    }
}

/// Connects, and drives the connection on its own task.
async fn connect(url: &str, tls: &MakeRustlsConnect) -> Result<Client, StoreError> {
    let (client, connection) = tokio_postgres::connect(url, tls.clone()).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!(error = %e, "a database connection closed");
        }
    });
    Ok(client)
}

/// Refuses what is not a PostgreSQL address, naming why.
pub fn check(url: &str) -> Result<(), String> {
    let s = secured(url)?;
    s.url
        .parse::<tokio_postgres::Config>()
        .map(|_| ())
        .map_err(|e| {
            format!("not a PostgreSQL address ({e}); write postgres://user:password@host/name")
        })
}

/// `url` with any password replaced, for messages and logs.
pub fn shown(url: &str) -> String {
    match url.parse::<tokio_postgres::Config>() {
        Ok(c) => {
            let hosts: Vec<String> = c
                .get_hosts()
                .iter()
                .map(|h| match h {
                    tokio_postgres::config::Host::Tcp(s) => s.clone(),
                    tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
                })
                .collect();
            format!(
                "postgres://{}@{}/{}",
                c.get_user().unwrap_or(""),
                hosts.join(","),
                c.get_dbname().unwrap_or("")
            )
        }
        Err(_) => "postgres://...".into(),
    }
}

/// A fresh, empty database called `name` on the server of `url` (one of
/// that name dropped first, its connections closed), and its address:
/// `url` with the database's name replaced. Each test suite and trial node
/// gets a database of its own this way.
pub async fn fresh_database(url: &str, name: &str) -> Result<String, StoreError> {
    // An unquoted name is folded to lower case: only one already so is
    // the name the address gives.
    let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
    if name.is_empty() || !name.chars().all(plain) {
        return Err(StoreError::Io(format!(
            "'{name}': a database name of lower-case letters, digits and _"
        )));
    }
    check(url).map_err(StoreError::Io)?;
    let s = secured(url).map_err(StoreError::Io)?;
    let client = connect(&s.url, &connector(&s).map_err(StoreError::Io)?).await?;
    // One statement each: neither may run inside a transaction block.
    client
        .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .await?;
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await?;
    Ok(with_database(url, name))
}

/// `url` naming the database `name` instead of its own (or of none).
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let server = match base[after_scheme..].find('/') {
        Some(i) => &base[..after_scheme + i],
        None => base,
    };
    if query.is_empty() {
        format!("{server}/{name}")
    } else {
        format!("{server}/{name}?{query}")
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:pass@host/db`)
    /// and brings its schema up to date.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::open_with(url, CONNECTIONS).await
    }

    /// [`PgStore::open`] with `connections` connections (at least one).
    pub async fn open_with(url: &str, connections: usize) -> Result<PgStore, StoreError> {
        check(url).map_err(StoreError::Io)?;
        let s = secured(url).map_err(StoreError::Io)?;
        let tls = connector(&s).map_err(StoreError::Io)?;
        let mut first = connect(&s.url, &tls).await?;
        migrate(&mut first).await?;
        let mut clients = vec![RwLock::new(Arc::new(first))];
        for _ in 1..connections.max(1) {
            clients.push(RwLock::new(Arc::new(connect(&s.url, &tls).await?)));
        }
        Ok(PgStore {
            inner: Arc::new(Inner {
                url: s.url,
                tls,
                clients,
                next: AtomicUsize::new(0),
            }),
        })
    }

    fn run<T: Send + 'static, F>(
        &self,
        f: impl FnOnce(Arc<Client>) -> F + Send + 'static,
    ) -> Reply<T>
    where
        F: std::future::Future<Output = Result<T, StoreError>> + Send,
    {
        let inner = self.inner.clone();
        Box::pin(async move {
            let client = inner.client().await?;
            f(client).await
        })
    }
}

impl Inner {
    /// A connection, reconnecting one found closed (the database restarted).
    async fn client(&self) -> Result<Arc<Client>, StoreError> {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        let slot = &self.clients[i];
        {
            let c = slot.read().await;
            if !c.is_closed() {
                return Ok(c.clone());
            }
        }
        let mut c = slot.write().await;
        if c.is_closed() {
            *c = Arc::new(connect(&self.url, &self.tls).await?);
        }
        Ok(c.clone())
    }
}

/// Applies the migrations not yet applied, all in one transaction under an
/// advisory lock.
async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS valerna_schema (version INTEGER NOT NULL)")
        .await?;
    let done: i32 = match tx
        .query_opt("SELECT version FROM valerna_schema", &[])
        .await?
    {
        Some(r) => r.get(0),
        None => {
            tx.execute("INSERT INTO valerna_schema (version) VALUES (0)", &[])
                .await?;
            0
        }
    };
    let done = usize::try_from(done).unwrap_or(usize::MAX);
    if done > MIGRATIONS.len() {
        return Err(StoreError::Io(format!(
            "the database has schema version {done}, newer than this program's {}",
            MIGRATIONS.len()
        )));
    }
    for m in &MIGRATIONS[done..] {
        tx.batch_execute(&for_postgres(m)).await?;
    }
    tx.execute(
        "UPDATE valerna_schema SET version = $1",
        &[&(MIGRATIONS.len() as i32)],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

impl Store for PgStore {
    fn create(&self, g: NewGame) -> Reply<()> {
        self.run(move |c| async move {
            c.execute(
                "INSERT INTO games (id, game, created, setup, seats, token_hashes, lang, version,
                                    state_hash, invite_hashes, mode)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10)",
                &[
                    &g.id,
                    &g.game,
                    &g.created,
                    &g.setup.to_string(),
                    &json(&g.seats),
                    &json(&g.token_hashes),
                    &g.lang,
                    &g.state_hash,
                    &json(&g.invite_hashes),
                    &g.mode,
                ],
            )
            .await?;
            Ok(())
        })
    }

    fn append(&self, id: &str, version: u64, row: Row, hash: String) -> Reply<()> {
        let id = id.to_owned();
        self.run(move |c| async move {
            let (kind, decision) = match &row {
                Row::Decision { decision } => ("decision", Some(decision.to_string())),
                Row::TakeBack => ("take_back", None),
            };
            let v = version as i64;
            // The version moves and the row is written in one statement:
            // both or neither, and only at the version the caller saw.
            let written = c
                .execute(
                    "WITH moved AS (
                        UPDATE games SET version = version + 1, state_hash = $3
                        WHERE id = $1 AND version = $2 RETURNING id)
                     INSERT INTO log (game_id, n, kind, decision, at)
                     SELECT id, $2, $4, $5, $6 FROM moved",
                    &[&id, &v, &hash, &kind, &decision, &super::now()],
                )
                .await?;
            if written == 1 {
                return Ok(());
            }
            let exists = c
                .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])
                .await?
                .is_some();
            Err(if exists {
                StoreError::Conflict
            } else {
                StoreError::NoGame(id)
            })
        })
    }

    fn unbreak(&self, id: &str) -> Reply<()> {
        let id = id.to_owned();
        self.run(move |c| async move {
            c.execute("UPDATE games SET broken = NULL WHERE id = $1", &[&id])
                .await?;
            Ok(())
        })
    }

    fn mark_broken(&self, id: &str, reason: String) -> Reply<()> {
        let id = id.to_owned();
        self.run(move |c| async move {
            c.execute(
                "UPDATE games SET broken = $2 WHERE id = $1",
                &[&id, &reason],
            )
            .await?;
            Ok(())
        })
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
        self.run(move |c| async move {
            let at = i32::from(seat);
            let set = c
                .execute(
                    "UPDATE games
                     SET token_hashes = jsonb_set(token_hashes::jsonb, ARRAY[$2::int::text],
                                                  to_jsonb($4::text))::text,
                         invite_hashes = CASE WHEN $5::text IS NULL THEN invite_hashes
                             ELSE jsonb_set(invite_hashes::jsonb, ARRAY[$2::int::text],
                                            to_jsonb($5::text))::text END
                     WHERE id = $1 AND token_hashes::jsonb ->> $2::int = $3",
                    &[&id, &at, &from, &to, &invite],
                )
                .await?;
            if set == 1 {
                return Ok(());
            }
            let Some(r) = c
                .query_opt("SELECT token_hashes FROM games WHERE id = $1", &[&id])
                .await?
            else {
                return Err(StoreError::NoGame(id));
            };
            let hashes: Vec<String> = serde_json::from_str(r.get::<_, &str>(0)).map_err(|e| {
                StoreError::Io(format!("game {id}: its tokens are not valid JSON: {e}"))
            })?;
            Err(if usize::from(seat) < hashes.len() {
                StoreError::Joined
            } else {
                StoreError::Io(format!("game {id} has no seat {seat}"))
            })
        })
    }

    fn load_all(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.run(|c| async move { load(&c, None, false).await })
    }

    fn load_playing(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.run(|c| async move { load(&c, None, true).await })
    }

    fn expire(&self, before: i64) -> Reply<Vec<String>> {
        self.run(move |c| async move {
            let rows = c
                .query(
                    &format!(
                        "UPDATE games SET over = 2
                         WHERE {PLAYING} AND broken IS NULL AND {LAST_PLAYED} < $1
                         RETURNING id"
                    ),
                    &[&before],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn resume(&self, id: &str) -> Reply<bool> {
        let id = id.to_owned();
        self.run(move |c| async move {
            let n = c
                .execute(
                    "UPDATE games SET over = 0 WHERE id = $1 AND over = 2",
                    &[&id],
                )
                .await?;
            Ok(n == 1)
        })
    }

    fn load(&self, id: &str) -> Reply<Option<(StoredGame, String)>> {
        let id = id.to_owned();
        self.run(move |c| async move { Ok(load(&c, Some(&id), false).await?.pop()) })
    }

    fn finish(&self, id: &str) -> Reply<()> {
        let id = id.to_owned();
        self.run(move |c| async move {
            c.execute("UPDATE games SET over = 1 WHERE id = $1", &[&id])
                .await?;
            Ok(())
        })
    }

    fn finished(&self, limit: usize) -> Reply<Vec<FinishedGame>> {
        self.run(move |c| async move {
            let rows = c
                .query(
                    &format!(
                        "SELECT id, game, created, lang, seats, version, mode, {LAST_PLAYED}
                         FROM games
                         WHERE over = 1 AND broken IS NULL ORDER BY created DESC, id LIMIT $1"
                    ),
                    &[&(limit.min(i64::MAX as usize) as i64)],
                )
                .await?;
            let mut out = Vec::new();
            for r in rows {
                let id: String = r.get(0);
                out.push(FinishedGame {
                    seats: serde_json::from_str(r.get::<_, &str>(4)).map_err(|e| {
                        StoreError::Io(format!("game {id}: its seats are not valid JSON: {e}"))
                    })?,
                    game: r.get(1),
                    created: r.get(2),
                    lang: r.get(3),
                    version: r.get::<_, i64>(5) as u64,
                    mode: r.get(6),
                    last_move: r.get(7),
                    id,
                });
            }
            Ok(out)
        })
    }

    fn keep(&self, kind: &str, id: &str, body: String) -> Reply<()> {
        let (kind, id) = (kind.to_owned(), id.to_owned());
        self.run(move |c| async move {
            c.execute(
                "INSERT INTO kept (kind, id, body, created, updated, opened)
                 VALUES ($1, $2, $3, $4, $4, $4)
                 ON CONFLICT (kind, id) DO UPDATE SET body = $3, updated = $4, opened = $4",
                &[&kind, &id, &body, &super::now()],
            )
            .await?;
            Ok(())
        })
    }

    fn kept(&self, kind: &str, id: &str) -> Reply<Option<String>> {
        let (kind, id) = (kind.to_owned(), id.to_owned());
        self.run(move |c| async move {
            Ok(c.query_opt(
                "UPDATE kept SET opened = $3 WHERE kind = $1 AND id = $2 RETURNING body",
                &[&kind, &id, &super::now()],
            )
            .await?
            .map(|r| r.get(0)))
        })
    }

    fn forget(&self, before: i64) -> Reply<u64> {
        self.run(move |c| async move {
            Ok(c.execute("DELETE FROM kept WHERE opened < $1", &[&before])
                .await?)
        })
    }

    fn lease(&self, id: &str, node: &Node, ms: u64) -> Reply<Lease> {
        let (id, node) = (id.to_owned(), node.clone());
        let ms = ms.min(i64::MAX as u64) as i64;
        self.run(move |c| async move {
            // Twice at most: a lease that ran out between the two
            // statements is taken on the second try.
            for _ in 0..2 {
                let taken = c
                    .execute(
                        &format!(
                            "UPDATE games SET lease_holder = $2, owner_url = $3,
                                              lease_until = {NOW_MS} + $4
                             WHERE id = $1 AND over = 0 AND broken IS NULL
                               AND (lease_holder IS NULL OR lease_holder = $2
                                    OR lease_until < {NOW_MS})"
                        ),
                        &[&id, &node.id, &node.url, &ms],
                    )
                    .await?;
                if taken == 1 {
                    return Ok(Lease::Held);
                }
                let Some(r) = c
                    .query_opt(
                        &format!(
                            "SELECT over <> 0 OR broken IS NOT NULL, owner_url,
                                    lease_holder IS NULL OR lease_until < {NOW_MS}
                             FROM games WHERE id = $1"
                        ),
                        &[&id],
                    )
                    .await?
                else {
                    return Ok(Lease::Free);
                };
                if r.get::<_, bool>(0) {
                    return Ok(Lease::Free);
                }
                if !r.get::<_, bool>(2)
                    && let Some(url) = r.get::<_, Option<String>>(1)
                {
                    return Ok(Lease::Elsewhere(url));
                }
            }
            Err(StoreError::Io(format!(
                "game {id}: its lease could not be taken nor its holder found"
            )))
        })
    }

    fn renew(&self, holder: &str, ids: Vec<String>, ms: u64) -> Reply<Vec<String>> {
        let holder = holder.to_owned();
        let ms = ms.min(i64::MAX as u64) as i64;
        self.run(move |c| async move {
            if ids.is_empty() {
                return Ok(ids);
            }
            let rows = c
                .query(
                    &format!(
                        "UPDATE games SET lease_until = {NOW_MS} + $3
                         WHERE lease_holder = $1 AND id = ANY($2) RETURNING id"
                    ),
                    &[&holder, &ids, &ms],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn playing(&self, limit: usize) -> Reply<Vec<PlayingGame>> {
        self.run(move |c| async move {
            let rows = c
                .query(
                    &format!(
                        "SELECT id, game, created, lang, seats, version, mode, token_hashes,
                                broken IS NOT NULL, {LAST_PLAYED}
                         FROM games WHERE over = 0 ORDER BY created DESC, id LIMIT $1"
                    ),
                    &[&(limit.min(i64::MAX as usize) as i64)],
                )
                .await?;
            let mut out = Vec::new();
            for r in rows {
                let id: String = r.get(0);
                let bad = |what: &str, e: serde_json::Error| {
                    StoreError::Io(format!("game {id}: its {what} are not valid JSON: {e}"))
                };
                let seats: Vec<String> =
                    serde_json::from_str(r.get::<_, &str>(4)).map_err(|e| bad("seats", e))?;
                let tokens: Vec<String> =
                    serde_json::from_str(r.get::<_, &str>(7)).map_err(|e| bad("tokens", e))?;
                let taken = seats
                    .iter()
                    .enumerate()
                    .map(|(i, k)| k != "human" || tokens.get(i).is_some_and(|t| !t.is_empty()))
                    .collect();
                out.push(PlayingGame {
                    game: FinishedGame {
                        game: r.get(1),
                        created: r.get(2),
                        lang: r.get(3),
                        version: r.get::<_, i64>(5) as u64,
                        mode: r.get(6),
                        last_move: r.get(9),
                        seats,
                        id,
                    },
                    taken,
                    broken: r.get(8),
                });
            }
            Ok(out)
        })
    }

    fn release(&self, holder: &str, id: Option<&str>) -> Reply<()> {
        let (holder, id) = (holder.to_owned(), id.map(str::to_owned));
        self.run(move |c| async move {
            c.execute(
                "UPDATE games SET lease_holder = NULL, owner_url = NULL, lease_until = 0
                 WHERE lease_holder = $1 AND ($2::text IS NULL OR id = $2)",
                &[&holder, &id],
            )
            .await?;
            Ok(())
        })
    }

    fn close(&self) -> Reply<()> {
        // Every write is answered after its commit: none is in flight
        // once its caller has its answer.
        Box::pin(async { Ok(()) })
    }
}

/// Games with their logs: all, or the one named.
/// Games with their logs, read in one statement: one snapshot, so that a
/// game another node is playing is never read at one version and its log
/// at another (two statements saw "its version is 51 but its log holds 53
/// rows" and marked a live game broken).
async fn load(
    c: &Client,
    only: Option<&str>,
    playing: bool,
) -> Result<Vec<(StoredGame, String)>, StoreError> {
    let games = c
        .query(
            &format!(
                "SELECT {GAME_COLUMNS}, {LAST_PLAYED},
                    (SELECT coalesce(json_agg(json_build_array(l.n, l.kind, l.decision)
                                              ORDER BY l.n), '[]')
                     FROM log l WHERE l.game_id = games.id)::text
                 FROM games WHERE ($1::text IS NULL OR id = $1) AND (NOT $2 OR {PLAYING})
                 ORDER BY created, id"
            ),
            &[&only, &playing],
        )
        .await?;
    let mut out = Vec::new();
    for g in games {
        let columns = GameColumns {
            id: g.get(0),
            game: g.get(1),
            created: g.get(2),
            setup: g.get(3),
            seats: g.get(4),
            token_hashes: g.get(5),
            lang: g.get(6),
            state_hash: g.get(7),
            broken: g.get(8),
            version: g.get(9),
            invite_hashes: g.get(10),
            mode: g.get(11),
            last_move: g.get(12),
        };
        let log: Vec<LogRow> = serde_json::from_str(g.get::<_, &str>(13)).map_err(|e| {
            StoreError::Io(format!("game {}: its log is not readable: {e}", columns.id))
        })?;
        out.push(stored_game(columns, log.into_iter().map(Ok))?);
    }
    Ok(out)
}

/// A log row: its number, kind and decision.
type LogRow = (i64, String, Option<String>);

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn an_address_names_the_new_database_and_keeps_its_settings() {
        assert_eq!(
            with_database("postgres://u:p@h:5432/old?sslmode=require", "fresh"),
            "postgres://u:p@h:5432/fresh?sslmode=require"
        );
        assert_eq!(
            with_database("postgres://u@h/old", "fresh"),
            "postgres://u@h/fresh"
        );
        assert_eq!(
            with_database("postgres://u@h", "fresh"),
            "postgres://u@h/fresh"
        );
        assert_eq!(
            with_database("postgresql://u@h?connect_timeout=5", "fresh"),
            "postgresql://u@h/fresh?connect_timeout=5"
        );
    }
}
