//! A full disk: the store's writes fail, the decision is refused with 503
//! `store_failed`, no viewer sees any change, and once there is room again
//! the same decision is taken and the game goes on. The disk is filled by
//! capping the database's pages (SQLite's `max_page_count`), which fails
//! writes exactly as a full disk does (`SQLITE_FULL`).

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use valerna_server::client::{Answer, Socket, http};
use valerna_server::{App, Config, SqliteStore, Store};

async fn post(addr: SocketAddr, path: &str, token: Option<&str>, body: &Value) -> Answer {
    http(addr, "POST", path, token, Some(&body.to_string()))
        .await
        .unwrap()
}

async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> String {
    let a = http(addr, "GET", path, token, None).await.unwrap();
    assert_eq!(a.status, 200, "{}", a.raw);
    a.raw
}

#[tokio::test]
async fn a_full_disk_refuses_the_decision_changes_nothing_and_the_game_goes_on() {
    // Removed however the test ends.
    let dir = tempfile::Builder::new()
        .prefix("valerna-full-disk-")
        .tempdir()
        .unwrap();
    let db = dir.path().join("full.db");
    let store = Arc::new(SqliteStore::open(&db).unwrap());
    let config = Config {
        bot_delay: Duration::ZERO,
        ..Config::default()
    };
    let app = App::load(store.clone(), config.clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = valerna_server::api::router(app);
    tokio::spawn(async move { axum::serve(listener, router).await });

    // Both people at one screen: this client holds both seats.
    let body = json!({"game": "lov", "seats": ["human", "human", "faceless", "faceless"],
                      "seed": 11, "first": 0, "mode": "hotseat"});
    let created = post(addr, "/api/games", None, &body).await;
    assert_eq!(created.status, 201, "{}", created.raw);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let tokens: Vec<String> = (0..2)
        .map(|s| {
            created.body["seats"][s]["token"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let game = format!("/api/games/{id}");
    let decisions = format!("{game}/decisions");

    // A spectator listening on the socket.
    let mut spectator = Socket::connect(addr, &id).await.unwrap();
    spectator.send(&json!({"type": "hello"})).await.unwrap();
    assert_eq!(spectator.next().await.unwrap().0["type"], "state");

    // No room left: play the seat whose turn it is until a write needs a
    // page the disk does not have.
    assert!(store.cap_pages(Some(0)).await.unwrap() > 0);
    let mut refused = None;
    for _ in 0..2000 {
        let state: Value = serde_json::from_str(&get(addr, &game, None).await).unwrap();
        assert_ne!(
            state["status"], "over",
            "the game ended before the disk filled"
        );
        let seat = state["question"]["seat"].as_u64().unwrap() as usize;
        let version = state["version"].as_u64().unwrap();
        let before: Vec<String> = [None, Some(&tokens[0]), Some(&tokens[1])]
            .into_iter()
            .map(|t| get(addr, &game, t.map(String::as_str)))
            .collect::<futures_util::future::JoinAll<_>>()
            .await;
        let decide = json!({"version": version, "option": 0});
        let a = post(addr, &decisions, Some(&tokens[seat]), &decide).await;
        match a.status {
            200 => {
                assert_eq!(spectator.next().await.unwrap().0["version"], version + 1);
            }
            503 => {
                assert_eq!(a.body["error"], "store_failed", "{}", a.raw);
                assert!(a.raw.contains("full"), "the message says why: {}", a.raw);
                refused = Some((seat, decide, before));
                break;
            }
            s => panic!("{s}: {}", a.raw),
        }
    }
    let (seat, decide, before) = refused.expect("the full disk refused a decision");

    // Every viewer's state is byte for byte what it was, and the socket
    // heard nothing.
    let after: Vec<String> = [None, Some(&tokens[0]), Some(&tokens[1])]
        .into_iter()
        .map(|t| get(addr, &game, t.map(String::as_str)))
        .collect::<futures_util::future::JoinAll<_>>()
        .await;
    assert_eq!(before, after);
    // Still full: refused again.
    let again = post(addr, &decisions, Some(&tokens[seat]), &decide).await;
    assert_eq!(
        (again.status, again.body["error"].clone()),
        (503, json!("store_failed"))
    );
    assert!(
        tokio::time::timeout(Duration::from_millis(200), spectator.next())
            .await
            .is_err(),
        "no state was pushed"
    );

    // A list saved under a new link while the disk is full: refused in
    // words, and the game as it was.
    let text = "(name: \"t\", force: \"Allaria\", game_size: 50, units: [])".repeat(200);
    let a = post(addr, "/api/bov/lists", None, &json!({ "text": text })).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (503, Some("store_failed")),
        "{}",
        a.raw
    );
    assert!(a.raw.contains("full"), "the message says why: {}", a.raw);
    assert_eq!(before, {
        [None, Some(&tokens[0]), Some(&tokens[1])]
            .into_iter()
            .map(|t| get(addr, &game, t.map(String::as_str)))
            .collect::<futures_util::future::JoinAll<_>>()
            .await
    });

    // Room again: the same decision is taken and the game goes on.
    store.cap_pages(None).await.unwrap();
    let a = post(addr, &decisions, Some(&tokens[seat]), &decide).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let version = decide["version"].as_u64().unwrap();
    assert_eq!(spectator.next().await.unwrap().0["version"], version + 1);
    let live: Value = serde_json::from_str(&get(addr, &game, None).await).unwrap();

    // What was committed is what a fresh start replays.
    store.close().await.unwrap();
    let reopened = Arc::new(SqliteStore::open(&db).unwrap());
    let app = App::load(reopened, config).await.unwrap();
    let slot = app.slot(&id).unwrap();
    let replayed = {
        let l = slot.live.lock().await;
        app.state(
            &slot,
            &l,
            valerna_game::Viewer::Spectator,
            valerna_texts::Lang::En,
        )
    };
    assert_eq!(replayed["broken"], Value::Null);
    assert_eq!(replayed["version"], live["version"]);
    assert_eq!(replayed["view"], live["view"]);
}
