//! A client that does not read is dropped, not buffered forever: each
//! listener has a bounded queue, and one found full is let go (its socket
//! then closes, saying why, and the page reconnects).

mod common;

use std::time::Duration;

use serde_json::json;
use valerna_game::Viewer;
use valerna_server::Config;
use valerna_server::app::Push;
use valerna_texts::Lang;

#[tokio::test]
async fn a_listener_that_does_not_read_is_dropped() {
    let s = common::server_with(Config {
        bot_delay: Duration::from_millis(5),
        client_queue: 4,
        ..Config::default()
    })
    .await;
    let body =
        json!({"game": "lov", "seats": ["random", "random", "random", "faceless"], "seed": 5});
    let a = s.post("/api/games", None, &body.to_string()).await;
    let id = a.body["id"].as_str().unwrap().to_owned();
    let slot = s.app.slot(&id).unwrap();
    // A listener that reads nothing, and one that reads everything.
    let (slow, mut slow_rx) = tokio::sync::mpsc::channel(4);
    let (fast, mut fast_rx) = tokio::sync::mpsc::channel(4);
    s.app
        .subscribe(&slot, Viewer::Spectator, Lang::En, 0, slow)
        .await;
    s.app
        .subscribe(&slot, Viewer::Spectator, Lang::En, 0, fast)
        .await;
    let mut fast_states = 0;
    while let Ok(Some(Push::Text(_))) =
        tokio::time::timeout(Duration::from_secs(10), fast_rx.recv()).await
    {
        fast_states += 1;
        if s.state(&id, None).await["status"] == "over" && fast_rx.is_empty() {
            break;
        }
    }
    let versions = s.state(&id, None).await["version"].as_u64().unwrap();
    assert!(versions > 20, "the bots played {versions} decisions");
    assert!(
        fast_states as u64 >= versions,
        "the reading listener got every state"
    );
    let mut slow_states = 0;
    while let Some(Push::Text(_)) = slow_rx.recv().await {
        slow_states += 1;
    }
    // The queue held 4; then the listener was let go (its channel closed).
    assert_eq!(slow_states, 4, "of {versions} states");
}
