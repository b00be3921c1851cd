//! On start every game is replayed from its log and checked against its
//! stored state hash: one that does not replay, or replays to another
//! state, is marked broken and served read-only; the others go on.

mod common;

use std::time::Duration;

use serde_json::json;
use valerna_game::Viewer;
use valerna_server::Config;
use valerna_server::app::Choice;

#[tokio::test]
async fn a_game_that_does_not_replay_is_broken_and_the_others_go_on() {
    let s = common::server().await;
    let db = s.dir.join("test.db");
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
    // Game 0's stored state no longer matches its log; game 1's log holds a
    // decision its game refuses.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE games SET state_hash = 'tampered' WHERE id = ?1",
        [&ids[0]],
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
