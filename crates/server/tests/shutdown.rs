//! On shutdown every socket is closed with a reason, and bots stop.

mod common;

use std::time::Duration;

use serde_json::json;
use valerna_server::client::Socket;

#[tokio::test]
async fn shutting_down_closes_every_socket_with_a_reason() {
    let s = common::server().await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 2)
        .await;
    let mut player = Socket::connect(s.addr, &id).await.unwrap();
    player
        .send(&json!({"type": "hello", "token": tokens[0]}))
        .await
        .unwrap();
    assert_eq!(player.next().await.unwrap().0["type"], "state");
    // A client that has not said hello yet is closed too.
    let mut silent = Socket::connect(s.addr, &id).await.unwrap();
    s.app.begin_shutdown();
    s.app.close_all("the server is shutting down").await;
    for ws in [&mut player, &mut silent] {
        let (m, raw) = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(m["type"], "closed", "{raw}");
        assert_eq!(m["reason"], "the server is shutting down");
    }
}
