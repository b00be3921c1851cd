//! On start every game is replayed from its log and checked against its
//! stored state hash: one that does not replay, or replays to another
//! state, is marked broken and served read-only; the others go on.

mod common;

use std::time::Duration;

use serde_json::json;
use valerna_game::Viewer;
use valerna_server::Config;
use valerna_server::app::Choice;

/// Three games of one person and the Faceless, each one decision in.
async fn three_games(s: &common::TestServer) -> Vec<String> {
    let mut ids = Vec::new();
    for seed in 0..3 {
        let (id, _) = s
            .create(&["human", "faceless", "faceless", "faceless"], seed)
            .await;
        let slot = s.app.slot(&id).unwrap();
        s.app
            .decide(&slot, 0, 0, Choice::Option(0), None)
            .await
            .unwrap();
        ids.push(id);
    }
    ids
}

#[tokio::test]
async fn a_game_that_does_not_replay_is_broken_and_the_others_go_on() {
    let s = common::server().await;
    let db = s.dir.path().join("test.db");
    let ids = three_games(&s).await;
    // Game 0's stored state, as this very build took it, no longer matches
    // its log; game 1's log holds a decision its game refuses.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE games SET state_hash = ?2 WHERE id = ?1",
        [&ids[0], &format!("{}:tampered", valerna_server::BUILD)],
    )
    .unwrap();
    conn.execute(
        "UPDATE log SET decision = '{\"Region\":250}' WHERE game_id = ?1",
        [&ids[1]],
    )
    .unwrap();
    drop(conn);

    let config = Config {
        bot_delay: Duration::ZERO,
        ..Config::default()
    };
    let (app, _) = valerna_server::start(&db, config).await.unwrap();
    let lobby = app.lobby();
    let status = |id: &str| {
        lobby
            .iter()
            .find(|g| g["id"] == id)
            .map(|g| g["status"].clone())
            .unwrap()
    };
    assert_eq!(status(&ids[0]), json!("broken"));
    assert_eq!(status(&ids[1]), json!("broken"));
    // Its person's seat, joined before the restart, is still held.
    assert_eq!(status(&ids[2]), json!("playing"));

    for (i, id) in ids.iter().enumerate() {
        let slot = app.slot(id).unwrap();
        let state = {
            let live = slot.live.lock().await;
            app.state(&slot, &live, Viewer::Spectator, valerna_texts::Lang::En)
        };
        let r = app.decide(&slot, 0, 1, Choice::Option(0), None).await;
        if i < 2 {
            assert!(
                state["broken"].as_str().is_some_and(|w| !w.is_empty()),
                "{}",
                state["broken"]
            );
            assert_eq!(r.unwrap_err().code, "broken", "game {i} is read-only");
        } else {
            assert!(state["broken"].is_null());
            assert!(r.is_ok(), "game {i} goes on: {:?}", r.err());
        }
    }
}

/// After an upgrade: a game whose setup this build cannot host (a Lords of
/// Vaala game made with another content pack: any edit of content/lov/)
/// is listed as broken and answered 409 `broken` with its reason, never
/// hidden (it was skipped: 404 `no_game`); a game whose state hash another
/// build took (its views may be worded otherwise) replays and goes on.
#[tokio::test]
async fn after_an_upgrade_no_game_is_hidden() {
    let s = common::server().await;
    let db = s.dir.path().join("test.db");
    let ids = three_games(&s).await;
    let conn = rusqlite::Connection::open(&db).unwrap();
    // Game 0 made with another content pack.
    conn.execute(
        "UPDATE games SET setup = json_set(setup, '$.content', 12345) WHERE id = ?1",
        [&ids[0]],
    )
    .unwrap();
    // Game 1's state taken by another build, which worded it otherwise;
    // game 2's by a build from before builds were named.
    conn.execute(
        "UPDATE games SET state_hash = 'f00dfeedf00dfeed:0123' WHERE id = ?1",
        [&ids[1]],
    )
    .unwrap();
    conn.execute(
        "UPDATE games SET state_hash = 'abcdef' WHERE id = ?1",
        [&ids[2]],
    )
    .unwrap();
    drop(conn);
    let s2 = s.restarted().await;
    let lobby = s2.get("/api/games", None).await.body;
    let listed = |id: &str| {
        lobby
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap_or_else(|| panic!("{id} is not listed: {lobby}"))
            .clone()
    };
    assert_eq!(listed(&ids[0])["status"], "broken");
    let a = s2.get(&format!("/api/games/{}", ids[0]), None).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (409, Some("broken")),
        "{}",
        a.raw
    );
    let why = a.body["message"].as_str().unwrap();
    assert!(
        why.contains("cannot play it") && why.contains("content pack"),
        "{why}"
    );
    let a = s2
        .post(
            &format!("/api/games/{}/decisions", ids[0]),
            None,
            r#"{"version":1,"option":0}"#,
        )
        .await;
    assert_eq!(a.status, 409, "{}", a.raw);
    for id in &ids[1..] {
        assert_eq!(listed(id)["status"], "playing", "{id}");
        let slot = s2.app.slot(id).unwrap();
        let r = s2.app.decide(&slot, 0, 1, Choice::Option(0), None).await;
        assert!(r.is_ok(), "{id} goes on: {:?}", r.err());
    }
}
