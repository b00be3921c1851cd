//! The Valerna server: Lords of Vaala played in the browser, every game
//! kept durably as its record.
//!
//! The engines run only here: clients send decisions and receive views.
//! Layers, top down: the routes ([`api`], [`ws`], [`web`]) hand requests
//! to [`app`], which holds each game behind its own lock as an erased
//! [`hosted::Hosted`] table and commits every change to a [`store::Store`]
//! before anyone hears of it.
#![forbid(unsafe_code)]

pub mod api;
pub mod app;
pub mod client;
pub mod conn;
pub mod error;
pub mod extract;
pub mod games;
pub mod hosted;
pub mod limit;
pub mod loadtest;
pub mod nodes;
pub mod own;
pub mod rulings;
pub mod store;
pub mod web;
pub mod workshop;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use app::{App, Config};

/// This build's identity: a hash of the rule engines', bots' and dice's
/// sources and of the content pack (`build.rs`). Two builds with the same
/// identity play every game the same.
pub const BUILD: &str = env!("VALERNA_BUILD");
pub use store::postgres::PgStore;
pub use store::{SqliteStore, Store};

/// Where the games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Db {
    /// A SQLite file, created on first start: one server process.
    File(PathBuf),
    /// A PostgreSQL database (`postgres://user:password@host/name`), which
    /// several server processes may share.
    Postgres(String),
}

impl Db {
    /// A `postgres://` or `postgresql://` address, or else a file's path.
    pub fn parse(s: &str) -> Db {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Db::Postgres(s.to_string())
        } else {
            Db::File(PathBuf::from(s))
        }
    }

    /// Refuses a PostgreSQL address that cannot be one, before connecting.
    pub fn check(&self) -> Result<(), String> {
        match self {
            Db::File(_) => Ok(()),
            Db::Postgres(url) => store::postgres::check(url),
        }
    }

    /// The store as a log names it, without a password.
    pub fn shown(&self) -> String {
        match self {
            Db::File(p) => p.display().to_string(),
            Db::Postgres(url) => store::postgres::shown(url),
        }
    }

    /// Opens the store (creating or migrating its schema).
    pub async fn open(&self) -> Result<Arc<dyn Store>, String> {
        self.open_with(store::postgres::CONNECTIONS).await
    }

    /// [`Db::open`], keeping `connections` connections to a PostgreSQL
    /// database.
    pub async fn open_with(&self, connections: usize) -> Result<Arc<dyn Store>, String> {
        Ok(match self {
            Db::File(p) => {
                Arc::new(SqliteStore::open(p).map_err(|e| format!("{}: {e}", p.display()))?)
            }
            Db::Postgres(url) => Arc::new(
                PgStore::open_with(url, connections)
                    .await
                    .map_err(|e| format!("{}: {e}", store::postgres::shown(url)))?,
            ),
        })
    }
}

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct Options {
    pub db: Db,
    pub addr: SocketAddr,
    pub config: Config,
}

/// Opens the SQLite store at `db`, loads every game and builds the routes,
/// every answer with the security headers ([`web::SECURITY_HEADERS`]).
pub async fn start(
    db: &std::path::Path,
    config: Config,
) -> Result<(Arc<App>, axum::Router), String> {
    start_in(&Db::File(db.to_path_buf()), config).await
}

/// Opens the store, loads every game and builds the routes, every answer
/// with the security headers ([`web::SECURITY_HEADERS`]).
pub async fn start_in(db: &Db, config: Config) -> Result<(Arc<App>, axum::Router), String> {
    let store = db.open_with(config.db_connections).await?;
    let app = App::load(store, config).await?;
    let router = api::router(app.clone()).layer(axum::middleware::from_fn(web::security_headers));
    Ok((app, router))
}

/// Serves until SIGTERM or Ctrl-C, then shuts down gracefully: requests in
/// flight finish (their decisions committed), sockets close with a reason,
/// the store finishes its writes. `ready` is told the address listened on.
///
/// With PostgreSQL the node leases the games it serves (see
/// [`nodes`]): reached by the others at `config.node_url`, or else at the
/// address it listens on. Its leases are given up when it stops.
pub async fn serve(options: Options, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let listener =
        listen(options.addr).map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let mut config = options.config.clone();
    if let Db::Postgres(_) = options.db {
        if config.node_url.is_none() {
            if addr.ip().is_unspecified() {
                tracing::warn!(
                    "listening on every address without --node-url: other nodes reach this one \
                     at its loopback address only"
                );
            }
            let ip = if addr.ip().is_unspecified() {
                std::net::IpAddr::from([127, 0, 0, 1])
            } else {
                addr.ip()
            };
            config.node_url = Some(format!("http://{}", SocketAddr::new(ip, addr.port())));
        }
    } else {
        config.node_url = None;
    }
    let (app, router) = start_in(&options.db, config).await?;
    let stopping = app.clone();
    let (refused, refusal) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(conn::serve(
        listener,
        router,
        options.config.connections,
        async move {
            tokio::select! {
                _ = stop_signal() => tracing::info!("shutting down"),
                _ = refusal => {}
            }
            stopping.begin_shutdown();
            stopping.close_all("the server is shutting down").await;
            // The other nodes take this one's games as their clients come back.
            stopping.release_leases().await;
        },
    ));
    if let Err(e) = answers_at_its_address(&app).await {
        let _ = refused.send(());
        let _ = serving.await;
        app.release_leases().await;
        app.close_store().await;
        return Err(e);
    }
    tracing::info!(%addr, db = %options.db.shown(), node = ?app.node().map(|n| &n.url), "serving");
    ready(addr);
    let _ = serving.await;
    app.release_leases().await;
    app.close_store().await;
    tracing::info!("stopped");
    Ok(())
}

/// With leases, whether this node answers at its own address (`--node-url`),
/// where the other nodes pass it requests: a mistyped address would send
/// them elsewhere, or nowhere. The node's `/healthz` is asked with its own
/// lease id, which only it knows, in [`api::NODE_CHECK`], and echoes it.
async fn answers_at_its_address(app: &App) -> Result<(), String> {
    let Some(node) = app.node() else {
        return Ok(());
    };
    let host = nodes::authority(&node.url).map_err(|e| format!("--node-url: {e}"))?;
    let refused = |why: String| {
        format!(
            "--node-url {}: {why}; give the address the other nodes reach this one at",
            node.url
        )
    };
    let ask = async {
        let mut stream = tokio::net::TcpStream::connect(host)
            .await
            .map_err(|e| refused(format!("cannot connect ({e})")))?;
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let request = format!(
            "GET /healthz HTTP/1.1\r\nHost: {host}\r\n{}: {}\r\nConnection: close\r\n\r\n",
            api::NODE_CHECK,
            node.id
        );
        stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| refused(e.to_string()))?;
        let mut answer = Vec::new();
        stream
            .read_to_end(&mut answer)
            .await
            .map_err(|e| refused(e.to_string()))?;
        let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
        let echoed = format!("{}: {}", api::NODE_CHECK, node.id.to_ascii_lowercase());
        if head.contains(&echoed) {
            Ok(())
        } else {
            Err(refused("another server answers there".into()))
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), ask)
        .await
        .unwrap_or_else(|_| Err(refused("no answer within 5 s".into())))
}

/// Connections the kernel may hold for the accept loop (clamped to
/// `net.core.somaxconn`, 4,096 on current Linux): a thousand clients
/// connecting at once overflowed the 1,024 that `TcpListener::bind` asks
/// for, and the kernel dropped their handshakes.
const LISTEN_BACKLOG: u32 = 4096;

/// A listener on `addr` with [`LISTEN_BACKLOG`].
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// SIGTERM or Ctrl-C.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
