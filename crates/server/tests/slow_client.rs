//! A client that does not read is dropped, not buffered forever: each
//! listener has a bounded queue, and one found full is let go (its socket
//! then closes, saying why, and the page reconnects).

mod common;

use std::time::Duration;

use serde_json::json;
use valerna_game::Viewer;
use valerna_server::app::Push;
use valerna_texts::Lang;

#[tokio::test]
async fn a_listener_that_does_not_read_is_dropped() {
    let s = common::server().await;
    // One person against the Faceless: the test decides for the person, so
    // the game and its number of states are the same on every run.
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    let token = Some(tokens[0].as_str());
    let slot = s.app.slot(&id).unwrap();
    // A listener that reads nothing and one that reads everything, each with
    // a queue as long as its channel.
    let (slow, mut slow_rx) = tokio::sync::mpsc::channel(4);
    let (fast, mut fast_rx) = tokio::sync::mpsc::channel(64);
    s.app
        .subscribe(&slot, Viewer::Spectator, Lang::En, 0, slow)
        .await;
    s.app
        .subscribe(&slot, Viewer::Spectator, Lang::En, 0, fast)
        .await;
    let mut fast_states = 0;
    let mut decided = 0;
    while decided < 20 {
        let Some(Push::Text(msg)) = fast_rx.recv().await else {
            panic!("the reading listener was let go after {fast_states} states");
        };
        fast_states += 1;
        let state: serde_json::Value = serde_json::from_str(&msg).unwrap();
        assert!(state["outcome"].is_null(), "the game goes on: {state}");
        let body = json!({"version": state["version"], "option": 0});
        let path = format!("/api/games/{id}/decisions");
        let a = s.post(&path, token, &body.to_string()).await;
        assert_eq!(a.status, 200, "{}", a.raw);
        decided += 1;
    }
    let Some(Push::Text(msg)) = fast_rx.recv().await else {
        panic!("the reading listener was let go");
    };
    let last: serde_json::Value = serde_json::from_str(&msg).unwrap();
    assert_eq!(last["version"], decided, "a state for each decision");
    // The queue held 4; then the listener was let go: its channel closed,
    // rather than waiting for room.
    let mut slow_states = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(5), slow_rx.recv()).await {
            Ok(Some(Push::Text(_))) => slow_states += 1,
            Ok(Some(Push::Close(why))) => panic!("closed by the server: {why}"),
            Ok(None) => break,
            Err(_) => panic!("the listener that does not read is still held"),
        }
    }
    assert_eq!(slow_states, 4, "of {} states", decided + 1);
    assert_eq!(
        s.app.dropped_for_not_reading(),
        1,
        "the one that did not read"
    );
}
