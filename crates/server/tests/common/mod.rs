//! A server on loopback for the tests, on a fresh database.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use valerna_server::client::{Answer, http};
use valerna_server::{App, Config, Db};

/// The settings of a test that plays whole games as fast as it can: bots
/// answer at once, and no flood limit stops one address or token that
/// polls, decides and replays without pause.
pub fn at_full_speed() -> Config {
    use valerna_server::limit::{Limits, Rate};
    Config {
        bot_delay: Duration::ZERO,
        limits: Limits {
            per_address: Rate::OFF,
            per_token: Rate::OFF,
            ..Limits::default()
        },
        ..Config::default()
    }
}

#[derive(Debug)]
pub struct TestServer {
    pub addr: SocketAddr,
    pub app: Arc<App>,
    /// Its folder, removed with the server (also when a test fails).
    pub dir: tempfile::TempDir,
    /// Where its games are kept.
    pub db: Db,
}

/// A test's own folder, removed when dropped (also when the test fails).
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("valerna-server-test-")
        .tempdir()
        .unwrap()
}

pub async fn server() -> TestServer {
    server_with(Config {
        bot_delay: Duration::ZERO,
        ..Config::default()
    })
    .await
}

/// The PostgreSQL server tests may make databases on
/// (`postgres://user:password@host/postgres`), if any.
pub fn postgres() -> Option<String> {
    std::env::var("VALERNA_TEST_POSTGRES")
        .ok()
        .filter(|s| !s.is_empty())
}

/// A fresh, empty database called `name` on the `postgres()` server, and
/// its address.
pub async fn fresh_postgres(name: &str) -> Option<String> {
    let url = postgres()?;
    Some(
        valerna_server::store::postgres::fresh_database(&url, name)
            .await
            .expect("VALERNA_TEST_POSTGRES: the server answers"),
    )
}

/// Where a test server keeps its games: a SQLite file in `dir`, or with
/// `VALERNA_TEST_STORE=postgres` a fresh PostgreSQL database, so that the
/// same suites run against both stores.
pub async fn test_db(dir: &std::path::Path) -> Db {
    if std::env::var("VALERNA_TEST_STORE").as_deref() == Ok("postgres") {
        let name = format!(
            "valerna_test_{}_{}",
            std::process::id(),
            dir.file_name()
                .map(|n| n.to_string_lossy().replace('-', "_").to_lowercase())
                .unwrap_or_default()
        );
        let url = fresh_postgres(&name)
            .await
            .expect("VALERNA_TEST_STORE=postgres needs VALERNA_TEST_POSTGRES");
        return Db::Postgres(url);
    }
    Db::File(dir.join("test.db"))
}

pub async fn server_with(config: Config) -> TestServer {
    let dir = temp_dir();
    let db = test_db(dir.path()).await;
    let (app, router) = valerna_server::start_in(&db, config).await.unwrap();
    serving(app, router, dir, db).await
}

/// `app` served on a free loopback port (see [`server_with`]).
pub async fn serving(
    app: Arc<App>,
    router: axum::Router,
    dir: tempfile::TempDir,
    db: Db,
) -> TestServer {
    TestServer {
        addr: listen(router, app.config.connections).await,
        app,
        dir,
        db,
    }
}

/// Serves `router` on a free loopback port through the server's own accept
/// loop (its connection caps and deadlines), and says which port.
async fn listen(router: axum::Router, connections: valerna_server::conn::ConnLimits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(valerna_server::conn::serve(
        listener,
        router,
        connections,
        std::future::pending(),
    ));
    addr
}

impl TestServer {
    /// A new server on this one's store, as after a restart (this one
    /// still runs: do not decide through both).
    pub async fn restarted(&self) -> TestServer {
        let (app, router) = valerna_server::start_in(&self.db, self.app.config.clone())
            .await
            .unwrap();
        TestServer {
            addr: listen(router, self.app.config.connections).await,
            app,
            dir: temp_dir(),
            db: self.db.clone(),
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        http(self.addr, "GET", path, token, None).await.unwrap()
    }

    pub async fn put(&self, path: &str, body: &str) -> Answer {
        http(self.addr, "PUT", path, None, Some(body))
            .await
            .unwrap()
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &str) -> Answer {
        http(self.addr, "POST", path, token, Some(body))
            .await
            .unwrap()
    }

    /// Creates a network game and joins every person's seat with its
    /// invitation, as each friend's browser would; its id and the seats'
    /// tokens (`""` for non-human seats).
    pub async fn create(&self, seats: &[&str], seed: u64) -> (String, Vec<String>) {
        self.create_game(json!({"game": "lov", "seats": seats, "seed": seed, "first": 0}))
            .await
    }

    /// Creates a battle of Battles of Valerna with these `options`, as
    /// [`TestServer::create`] does a game of Lords of Vaala.
    pub async fn create_battle(
        &self,
        seats: &[&str],
        seed: u64,
        options: Value,
    ) -> (String, Vec<String>) {
        self.create_game(json!({"game": "bov", "seats": seats, "seed": seed, "options": options}))
            .await
    }

    /// Creates the game `body` asks for; see [`TestServer::create`].
    pub async fn create_game(&self, body: Value) -> (String, Vec<String>) {
        let a = self.post("/api/games", None, &body.to_string()).await;
        assert_eq!(a.status, 201, "{}", a.raw);
        let id = a.body["id"].as_str().unwrap().to_owned();
        let mut tokens = Vec::new();
        for seat in a.body["seats"].as_array().unwrap() {
            assert!(seat["token"].is_null(), "no token without `me`: {seat}");
            tokens.push(match seat["invite"].as_str() {
                Some(invite) => self.join(&id, invite).await,
                None => String::new(),
            });
        }
        (id, tokens)
    }

    /// Exchanges an invitation for its seat's token.
    pub async fn join(&self, id: &str, invite: &str) -> String {
        let body = json!({ "invite": invite }).to_string();
        let a = self
            .post(&format!("/api/games/{id}/join"), None, &body)
            .await;
        assert_eq!(a.status, 200, "{}", a.raw);
        a.body["token"].as_str().unwrap().to_owned()
    }

    /// The game as `token`'s seat sees it.
    pub async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let a = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(a.status, 200, "{}", a.raw);
        a.body
    }
}
