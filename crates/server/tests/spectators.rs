//! Many spectators of one game cost one message, not one copy each: every
//! listener at the same point of the same stream is sent the same shared
//! frame (its memory per socket: docs/performance.md, "Memory per
//! WebSocket").

mod common;

use serde_json::json;
use valerna_game::Viewer;
use valerna_server::app::Push;
use valerna_texts::Lang;

#[tokio::test]
async fn spectators_at_the_same_point_share_one_message() {
    let s = common::server().await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 2)
        .await;
    let slot = s.app.slot(&id).unwrap();
    let mut listeners = Vec::new();
    for _ in 0..50 {
        let (tx, mut rx) = tokio::sync::mpsc::channel(8);
        s.app
            .subscribe(&slot, Viewer::Spectator, Lang::En, 0, tx)
            .await;
        // The first state, each its own (sent as each came).
        assert!(matches!(rx.recv().await, Some(Push::Text(_))));
        listeners.push(rx);
    }
    let state = s.get(&format!("/api/games/{id}"), Some(&tokens[0])).await;
    let body = json!({"version": state.body["version"], "option": 0});
    let a = s
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(&tokens[0]),
            &body.to_string(),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let mut first: Option<(usize, String)> = None;
    for rx in &mut listeners {
        let Some(Push::Text(msg)) = rx.recv().await else {
            panic!("a spectator was not sent the new state");
        };
        let at = msg.as_str().as_ptr() as usize;
        match &first {
            None => first = Some((at, msg.as_str().to_owned())),
            Some((p, text)) => {
                assert_eq!(msg.as_str(), text, "the same state for every spectator");
                assert_eq!(at, *p, "a copy of the message for each spectator");
            }
        }
    }
}

/// Spectators who come and go while nobody decides are not kept: the game
/// holds the listeners still there, not every one that ever came.
#[tokio::test]
async fn spectators_who_left_are_not_kept_while_nobody_decides() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 2)
        .await;
    let slot = s.app.slot(&id).unwrap();
    let (tx, _stays) = tokio::sync::mpsc::channel(8);
    s.app
        .subscribe(&slot, Viewer::Spectator, Lang::En, 0, tx)
        .await;
    for _ in 0..200 {
        let (tx, rx) = tokio::sync::mpsc::channel(8);
        s.app
            .subscribe(&slot, Viewer::Spectator, Lang::En, 0, tx)
            .await;
        drop(rx);
    }
    assert!(
        s.app.listeners(&slot).await <= 2,
        "{} listeners held for 1 still there",
        s.app.listeners(&slot).await
    );
}
