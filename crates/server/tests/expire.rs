//! Abandoned games are put away: a game with no decision for
//! `Config::expire_after` leaves memory, the lobby and the leases, its
//! listeners told how to come back; kept whole, it is taken up again where
//! it stood when its link is opened. A server that starts takes up only
//! the games being played.

mod common;

use std::time::Duration;

use common::{at_full_speed, server_with};
use serde_json::json;
use valerna_server::Config;
use valerna_server::client::Socket;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_decisions_is_put_away_and_taken_up_again() {
    let s = server_with(Config {
        expire_after: Some(Duration::from_secs(2)),
        ..at_full_speed()
    })
    .await;
    let (id, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 7)
        .await;
    let body = json!({"version": 0, "option": 0}).to_string();
    let a = s
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(&tokens[0]),
            &body,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();
    ws.send(&json!({"type": "hello"})).await.unwrap();
    assert_eq!(ws.next().await.unwrap().0["type"], "state");
    let listed = |lobby: &serde_json::Value| {
        lobby
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str())
    };
    assert!(listed(&s.get("/api/games", None).await.body));

    // Left alone: put away, its listener told, out of the lobby and memory.
    let closed = loop {
        let (m, _) = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("the listener is told within 10 s")
            .unwrap();
        if m["type"] == "closed" {
            break m;
        }
    };
    assert!(
        closed["reason"].as_str().unwrap().contains("put away"),
        "{closed}"
    );
    assert!(!listed(&s.get("/api/games", None).await.body));
    assert_eq!(s.app.games_in_memory(), 0);
    // A server started now takes up nothing.
    let again = s.restarted().await;
    assert_eq!(again.app.games_in_memory(), 0);
    drop(again);

    // Its link opened: the game where it stood, and playing on.
    let st = s.state(&id, Some(&tokens[1])).await;
    assert_eq!(
        (st["version"].as_u64(), st["status"].as_str()),
        (Some(1), Some("playing")),
        "{st}"
    );
    assert!(listed(&s.get("/api/games", None).await.body));
    let q = &st["question"];
    let seat = q["seat"].as_u64().unwrap() as usize;
    let body = json!({"version": 1, "option": 0}).to_string();
    let a = s
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(&tokens[seat]),
            &body,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
}
