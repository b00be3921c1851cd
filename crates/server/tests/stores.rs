//! The store's promises, held by both backends: SQLite always, and
//! PostgreSQL when `VALERNA_TEST_POSTGRES` names a server a test may make
//! databases on (`postgres://user:password@host/postgres`; `.ci/run`
//! starts one). Each test runs against every backend at hand.

mod common;

use std::sync::Arc;

use serde_json::json;
use valerna_server::store::{Lease, NewGame, Node, Row, StoreError};
use valerna_server::{Db, Store};

/// A place a store lives, fresh for one test, that can be opened again.
struct Place {
    db: Db,
    name: String,
    /// The SQLite file's folder, removed however the test ends.
    _dir: Option<std::sync::Arc<tempfile::TempDir>>,
}

impl Place {
    async fn open(&self) -> Arc<dyn Store> {
        self.db.open().await.unwrap()
    }
}

/// A fresh place in every backend at hand.
async fn places(test: &str) -> Vec<Place> {
    let dir = tempfile::Builder::new()
        .prefix(&format!("valerna-stores-{test}-"))
        .tempdir()
        .unwrap();
    let mut out = vec![Place {
        db: Db::File(dir.path().join("s.db")),
        name: "sqlite".into(),
        _dir: Some(std::sync::Arc::new(dir)),
    }];
    if let Some(url) =
        common::fresh_postgres(&format!("valerna_stores_{}_{test}", std::process::id())).await
    {
        out.push(Place {
            db: Db::Postgres(url),
            name: "postgres".into(),
            _dir: None,
        });
    } else {
        eprintln!("VALERNA_TEST_POSTGRES is not set: SQLite only");
    }
    out
}

fn game(id: &str, created: i64) -> NewGame {
    NewGame {
        id: id.into(),
        game: "lov".into(),
        created,
        setup: json!({"seed": 1}),
        seats: vec!["human".into(), "human".into()],
        token_hashes: vec!["ab".into(), String::new()],
        invite_hashes: vec![String::new(), "cd".into()],
        mode: "network".into(),
        lang: "en".into(),
        state_hash: "h0".into(),
    }
}

fn decision(n: u8) -> Row {
    Row::Decision {
        decision: json!({ "Region": n }),
    }
}

#[tokio::test]
async fn appends_only_at_the_version_seen_and_a_log_survives_a_restart() {
    for p in places("append").await {
        let store = p.open().await;
        store.create(game("g", 1)).await.unwrap();
        store
            .append("g", 0, decision(1), "h1".into())
            .await
            .unwrap();
        let e = store.append("g", 0, decision(2), "hx".into()).await;
        assert!(matches!(e, Err(StoreError::Conflict)), "{}: {e:?}", p.name);
        let e = store.append("nope", 0, decision(2), "hx".into()).await;
        assert!(matches!(e, Err(StoreError::NoGame(_))), "{}: {e:?}", p.name);
        store
            .append("g", 1, decision(2), "h2".into())
            .await
            .unwrap();
        store
            .append("g", 2, Row::TakeBack, "h3".into())
            .await
            .unwrap();
        store
            .append("g", 3, decision(3), "h4".into())
            .await
            .unwrap();
        // A game id is taken once.
        assert!(store.create(game("g", 2)).await.is_err(), "{}", p.name);
        store.close().await.unwrap();
        drop(store);

        let store = p.open().await;
        let all = store.load_all().await.unwrap();
        assert_eq!(all.len(), 1, "{}", p.name);
        let (g, hash) = &all[0];
        assert_eq!(hash, "h4", "{}", p.name);
        assert_eq!(g.version(), 4);
        assert_eq!(g.broken, None);
        assert_eq!(
            g.decisions(),
            vec![json!({"Region": 1}), json!({"Region": 3})]
        );
        assert_eq!(g.new.seats, vec!["human".to_string(), "human".into()]);
        assert_eq!(g.new.invite_hashes, vec![String::new(), "cd".into()]);
        assert_eq!(
            (g.new.mode.as_str(), g.new.lang.as_str()),
            ("network", "en")
        );
        assert_eq!(g.new.setup, json!({"seed": 1}));
        let (one, _) = store.load("g").await.unwrap().unwrap();
        assert_eq!(one.rows, g.rows);
        assert!(store.load("nope").await.unwrap().is_none());
        store.close().await.unwrap();
    }
}

#[tokio::test]
async fn a_seat_is_joined_once() {
    for p in places("join").await {
        let store = p.open().await;
        store.create(game("g", 1)).await.unwrap();
        store.join("g", 1, "ef".into()).await.unwrap();
        let e = store.join("g", 1, "gh".into()).await;
        assert!(matches!(e, Err(StoreError::Joined)), "{}: {e:?}", p.name);
        let e = store.join("g", 0, "gh".into()).await;
        assert!(matches!(e, Err(StoreError::Joined)), "{}: {e:?}", p.name);
        let e = store.join("g", 7, "gh".into()).await;
        assert!(matches!(e, Err(StoreError::Io(_))), "{}: {e:?}", p.name);
        let e = store.join("nope", 0, "gh".into()).await;
        assert!(matches!(e, Err(StoreError::NoGame(_))), "{}: {e:?}", p.name);
        store.close().await.unwrap();
        let store = p.open().await;
        let (g, _) = store.load("g").await.unwrap().unwrap();
        assert_eq!(
            g.new.token_hashes,
            vec!["ab".to_string(), "ef".into()],
            "{}",
            p.name
        );
    }
}

/// A seat's secrets change only from what they were (compare and set): a
/// token given and not yet used becomes its hash, and a seat nobody has
/// used is given a new invitation, its token cleared; a change from a
/// state the seat has left is refused.
#[tokio::test]
async fn a_seat_changes_only_from_what_it_was() {
    for p in places("seat").await {
        let store = p.open().await;
        store.create(game("g", 1)).await.unwrap();
        store.join("g", 1, "given:tok".into()).await.unwrap();
        // A new invitation for the seat given but unused.
        store
            .set_seat("g", 1, "given:tok".into(), String::new(), Some("ij".into()))
            .await
            .unwrap();
        let e = store
            .set_seat("g", 1, "given:tok".into(), "used".into(), None)
            .await;
        assert!(matches!(e, Err(StoreError::Joined)), "{}: {e:?}", p.name);
        store.join("g", 1, "given:new".into()).await.unwrap();
        store
            .set_seat("g", 1, "given:new".into(), "5e".into(), None)
            .await
            .unwrap();
        store.close().await.unwrap();
        let store = p.open().await;
        let (g, _) = store.load("g").await.unwrap().unwrap();
        assert_eq!(g.new.token_hashes, ["ab", "5e"], "{}", p.name);
        assert_eq!(g.new.invite_hashes, ["", "ij"], "{}", p.name);
        store.close().await.unwrap();
    }
}

/// Many writers at one version: exactly one is first, the others are told
/// so, and the log holds one row.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_writers_racing_at_one_version_exactly_one_wins() {
    for p in places("race").await {
        let store = p.open().await;
        store.create(game("g", 1)).await.unwrap();
        let mut tasks = Vec::new();
        for i in 0..16u8 {
            let s = store.clone();
            tasks.push(tokio::spawn(async move {
                s.append("g", 0, decision(i), format!("h{i}")).await
            }));
        }
        let mut won = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(()) => won += 1,
                Err(StoreError::Conflict) => {}
                Err(e) => panic!("{}: {e}", p.name),
            }
        }
        assert_eq!(won, 1, "{}", p.name);
        let (g, _) = store.load("g").await.unwrap().unwrap();
        assert_eq!(g.version(), 1, "{}", p.name);
    }
}

#[tokio::test]
async fn finished_games_are_listed_newest_first_and_broken_ones_not_at_all() {
    for p in places("finished").await {
        let store = p.open().await;
        for (id, created) in [("a", 10), ("b", 30), ("c", 20), ("d", 40)] {
            store.create(game(id, created)).await.unwrap();
        }
        store.append("b", 0, decision(1), "h".into()).await.unwrap();
        for id in ["a", "b", "c"] {
            store.finish(id).await.unwrap();
        }
        store
            .mark_broken("c", "its log is unreadable".into())
            .await
            .unwrap();
        let list = store.finished(10).await.unwrap();
        let ids: Vec<&str> = list.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["b", "a"], "{}", p.name);
        assert_eq!(list[0].version, 1);
        assert_eq!(store.finished(1).await.unwrap().len(), 1, "{}", p.name);
        let (c, _) = store.load("c").await.unwrap().unwrap();
        assert_eq!(
            c.broken.as_deref(),
            Some("its log is unreadable"),
            "{}",
            p.name
        );
    }
}

#[tokio::test]
async fn a_link_keeps_its_latest_body_across_a_restart() {
    for p in places("kept").await {
        let store = p.open().await;
        assert_eq!(store.kept("list", "a").await.unwrap(), None);
        store.keep("list", "a", "one".into()).await.unwrap();
        store.keep("list", "a", "two".into()).await.unwrap();
        store.keep("pack", "a", "cards".into()).await.unwrap();
        store.close().await.unwrap();
        let store = p.open().await;
        assert_eq!(
            store.kept("list", "a").await.unwrap().as_deref(),
            Some("two"),
            "{}",
            p.name
        );
        assert_eq!(
            store.kept("pack", "a").await.unwrap().as_deref(),
            Some("cards")
        );
        assert_eq!(store.kept("list", "b").await.unwrap(), None);
    }
}

/// Two server processes on one PostgreSQL database (two stores here): each
/// sees what the other committed, and neither can append where the other
/// already has.
#[tokio::test]
async fn two_nodes_on_one_database_share_every_game_and_race_safely() {
    for p in places("nodes").await {
        if p.name != "postgres" {
            continue;
        }
        let (one, two) = (p.open().await, p.open().await);
        one.create(game("g", 1)).await.unwrap();
        one.append("g", 0, decision(1), "h1".into()).await.unwrap();
        let (g, hash) = two.load("g").await.unwrap().unwrap();
        assert_eq!((g.version(), hash.as_str()), (1, "h1"));
        let e = two.append("g", 0, decision(2), "hx".into()).await;
        assert!(matches!(e, Err(StoreError::Conflict)), "{e:?}");
        two.append("g", 1, decision(2), "h2".into()).await.unwrap();
        let (g, _) = one.load("g").await.unwrap().unwrap();
        assert_eq!(
            g.decisions(),
            vec![json!({"Region": 1}), json!({"Region": 2})]
        );
    }
}

/// A database migrated by a newer program is refused, not written to.
#[tokio::test]
async fn a_database_newer_than_the_program_is_refused() {
    for p in places("newer").await {
        drop(p.open().await);
        match &p.db {
            Db::File(path) => {
                let conn = rusqlite::Connection::open(path).unwrap();
                conn.pragma_update(None, "user_version", 99).unwrap();
            }
            Db::Postgres(url) => {
                let (c, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                    .await
                    .unwrap();
                tokio::spawn(conn);
                c.batch_execute("UPDATE valerna_schema SET version = 99")
                    .await
                    .unwrap();
            }
        }
        let e = p.db.open().await.err().unwrap_or_default();
        assert!(e.contains("newer than this program"), "{}: {e}", p.name);
    }
}

#[test]
fn an_address_is_postgres_only_by_its_scheme() {
    assert_eq!(Db::parse("valerna.db"), Db::File("valerna.db".into()));
    assert!(matches!(Db::parse("postgres://u@h/d"), Db::Postgres(_)));
    assert!(matches!(Db::parse("postgresql://u@h/d"), Db::Postgres(_)));
    assert!(Db::parse("postgres://u@h:notaport/d").check().is_err());
    let shown = Db::parse("postgres://u:secret@h/d").shown();
    assert!(!shown.contains("secret"), "{shown}");
}

#[tokio::test]
async fn a_game_is_leased_to_one_node_at_a_time_and_taken_over_once_its_lease_runs_out() {
    use valerna_server::store::{Lease, Node};
    let node = |id: &str, port: u16| Node {
        id: id.into(),
        url: format!("http://127.0.0.1:{port}"),
    };
    let (a, b) = (node("a", 1), node("b", 2));
    for p in places("lease").await {
        let store = p.open().await;
        store.create(game("g", 1)).await.unwrap();
        store.create(game("over", 2)).await.unwrap();
        store.finish("over").await.unwrap();
        assert_eq!(store.lease("g", &a, 60_000).await.unwrap(), Lease::Held);
        if p.name == "sqlite" {
            // One process: every game is its own, whoever asks.
            assert_eq!(store.lease("g", &b, 60_000).await.unwrap(), Lease::Held);
            continue;
        }
        let there = Lease::Elsewhere(a.url.clone());
        assert_eq!(store.lease("g", &b, 60_000).await.unwrap(), there);
        // Taken again by its holder; finished or missing games are no one's.
        assert_eq!(store.lease("g", &a, 60_000).await.unwrap(), Lease::Held);
        assert_eq!(store.lease("over", &a, 60_000).await.unwrap(), Lease::Free);
        assert_eq!(store.lease("nope", &a, 60_000).await.unwrap(), Lease::Free);
        let ids = vec!["g".to_string(), "over".to_string()];
        assert_eq!(store.renew("a", ids.clone(), 60_000).await.unwrap(), ["g"]);
        assert!(
            store
                .renew("b", ids.clone(), 60_000)
                .await
                .unwrap()
                .is_empty()
        );
        // A lease that runs out unrenewed (node a died) is node b's.
        store.renew("a", ids.clone(), 1).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        assert_eq!(store.lease("g", &b, 60_000).await.unwrap(), Lease::Held);
        assert!(
            store
                .renew("a", ids.clone(), 60_000)
                .await
                .unwrap()
                .is_empty()
        );
        // A node started again at a dead one's address waits for its
        // lease like any other.
        let b_again = node("b2", 2);
        assert_eq!(
            store.lease("g", &b_again, 60_000).await.unwrap(),
            Lease::Elsewhere(b.url.clone())
        );
        // Given up, it is the next asker's at once.
        store.release("b", None).await.unwrap();
        assert_eq!(store.lease("g", &a, 60_000).await.unwrap(), Lease::Held);
        store.release("a", Some("g")).await.unwrap();
        assert_eq!(store.lease("g", &b, 60_000).await.unwrap(), Lease::Held);
        // The lobby of every node lists the game being played.
        let playing = store.playing(10).await.unwrap();
        let ids: Vec<&str> = playing.iter().map(|g| g.game.id.as_str()).collect();
        assert_eq!(ids, ["g"]);
        assert_eq!(playing[0].taken, [true, false]);
        store.close().await.unwrap();
    }
}

/// A game read while another node writes it is read at one moment: its
/// version and its log always agree (read in two statements, a node
/// started under load saw "its version is 51 but its log holds 53 rows"
/// and marked a live game broken).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_read_while_it_is_written_is_read_whole() {
    for p in places("snapshot").await {
        let writer = p.open().await;
        let reader = p.open().await;
        writer.create(game("g", 1)).await.unwrap();
        let writing = tokio::spawn(async move {
            for v in 0..400u64 {
                writer
                    .append("g", v, decision((v % 200) as u8), format!("h{}", v + 1))
                    .await
                    .unwrap();
            }
        });
        let mut reads = 0;
        while !writing.is_finished() {
            let (g, _) = reader.load("g").await.unwrap().unwrap();
            assert_eq!(g.broken, None, "{}: read {reads}", p.name);
            let all = reader.load_all().await.unwrap();
            assert!(all.iter().all(|(g, _)| g.broken.is_none()), "{}", p.name);
            reads += 1;
        }
        writing.await.unwrap();
        eprintln!("{}: {reads} reads while 400 rows were written", p.name);
    }
}

/// TLS to PostgreSQL as a managed database asks for it, against the test
/// server's own self-signed certificate (Debian's PostgreSQL serves one):
/// `require` encrypts, `verify-ca` with that certificate as `sslrootcert`
/// encrypts and checks it, `verify-full` refuses it for not naming the
/// address reached, `verify-ca` with another root refuses it, and
/// `disable` does not encrypt. The store keeps as many connections as it
/// is told.
#[tokio::test]
async fn tls_to_postgres_is_what_the_address_asks() {
    use valerna_server::PgStore;
    let Some(url) = common::fresh_postgres(&format!("valerna_tls_{}", std::process::id())).await
    else {
        eprintln!("VALERNA_TEST_POSTGRES is not set: no TLS to test");
        return;
    };
    let (plain, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let ssl: String = plain.query_one("SHOW ssl", &[]).await.unwrap().get(0);
    if ssl != "on" {
        eprintln!("the test PostgreSQL serves no TLS (ssl = {ssl}): nothing to test");
        return;
    }
    let cert: String = plain
        .query_one("SHOW ssl_cert_file", &[])
        .await
        .unwrap()
        .get(0);
    let with = |q: &str| {
        let sep = if url.contains('?') { '&' } else { '?' };
        format!("{url}{sep}{q}")
    };
    // How many of `name`'s connections there are, and whether all use TLS.
    let seen = |name: &'static str| {
        let plain = &plain;
        async move {
            let r = plain
                .query_one(
                    "SELECT count(*), coalesce(bool_and(s.ssl), false) FROM pg_stat_activity a
                     JOIN pg_stat_ssl s USING (pid) WHERE a.application_name = $1",
                    &[&name],
                )
                .await
                .unwrap();
            (r.get::<_, i64>(0), r.get::<_, bool>(1))
        }
    };
    let store = PgStore::open_with(&with("sslmode=require&application_name=v_require"), 3)
        .await
        .unwrap();
    assert_eq!(
        seen("v_require").await,
        (3, true),
        "require: three connections, TLS"
    );
    drop(store);
    let store = PgStore::open_with(
        &with(&format!(
            "sslmode=verify-ca&sslrootcert={cert}&application_name=v_ca"
        )),
        1,
    )
    .await
    .unwrap();
    assert_eq!(
        seen("v_ca").await,
        (1, true),
        "verify-ca with the server's certificate"
    );
    drop(store);
    // The server reached by its address, which its certificate (naming
    // a host) does not name.
    if with("").contains("@localhost") {
        let by_address = with(&format!("sslmode=verify-full&sslrootcert={cert}"))
            .replace("@localhost", "@127.0.0.1");
        let e = PgStore::open(&by_address)
            .await
            .expect_err("verify-full: the certificate does not name 127.0.0.1");
        assert!(e.to_string().to_lowercase().contains("certificate"), "{e}");
    }
    // A root that did not sign it: the first of the system's bundle.
    if let Ok(bundle) = std::fs::read_to_string("/etc/ssl/certs/ca-certificates.crt") {
        let end = "-----END CERTIFICATE-----";
        let first = &bundle[..bundle.find(end).unwrap() + end.len()];
        let tmp = tempfile::tempdir().unwrap();
        let other = tmp.path().join("other-ca.pem");
        std::fs::write(&other, first).unwrap();
        let e = PgStore::open(&with(&format!(
            "sslmode=verify-ca&sslrootcert={}",
            other.display()
        )))
        .await
        .expect_err("verify-ca: a root that did not sign the certificate");
        assert!(e.to_string().to_lowercase().contains("certificate"), "{e}");
    }
    let store = PgStore::open_with(&with("sslmode=disable&application_name=v_plain"), 2)
        .await
        .unwrap();
    assert_eq!(seen("v_plain").await, (2, false), "disable: no TLS");
    drop(store);
}

/// Games with no decision since a moment are put away (out of the games
/// being played, which a server starts with, and out of the leases), kept
/// whole; one asked for is taken up again, once.
#[tokio::test]
async fn games_without_decisions_are_put_away_and_taken_up_again() {
    for p in places("expire").await {
        let store = p.open().await;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        store.create(game("old", now - 100)).await.unwrap();
        store.create(game("new", now - 100)).await.unwrap();
        store
            .append("new", 0, decision(1), "h1".into())
            .await
            .unwrap();
        store.create(game("fresh", now)).await.unwrap();
        // Nothing since 50 s ago: "old" only ("new" was played just now).
        let put = store.expire(now - 50).await.unwrap();
        assert_eq!(put, ["old"], "{}", p.name);
        let playing: Vec<String> = store
            .load_playing()
            .await
            .unwrap()
            .into_iter()
            .map(|(g, _)| g.new.id)
            .collect();
        assert_eq!(playing, ["new", "fresh"], "{}", p.name);
        assert_eq!(store.load_all().await.unwrap().len(), 3, "{}: kept", p.name);
        let node = Node {
            id: "n".into(),
            url: "http://127.0.0.1:1".into(),
        };
        // Shared among nodes, no node may hold it (one process's store
        // has no leases to give).
        if p.name == "postgres" {
            assert_eq!(store.lease("old", &node, 1000).await.unwrap(), Lease::Free);
        }
        assert!(store.resume("old").await.unwrap(), "{}", p.name);
        assert!(!store.resume("old").await.unwrap(), "{}: once", p.name);
        assert!(
            !store.resume("new").await.unwrap(),
            "{}: not put away",
            p.name
        );
        assert_eq!(store.load_playing().await.unwrap().len(), 3, "{}", p.name);
        store.close().await.unwrap();
    }
}
