//! Memory does not grow with the games played: 10,000 Lords of Vaala games
//! are created and finished through the API, and the server's resident
//! memory at the end is within 10% of what it was after a warm-up. A
//! finished game leaves memory (it is read back from the store when asked
//! for), so memory holds the games being played, not every game ever
//! played.
//!
//! Each game has one bot seat (the seeded random policy, deciding through
//! the same path as people, with no delay) and three Faceless seats; a
//! client creates them, follows them through the lobby until they are over,
//! and reads each back once. Slow in a
//! debug build (about 100 decisions a game, each committed to SQLite): run
//! it with `cargo test --release -p valerna-server --test memory --
//! --ignored`. `VALERNA_MEMORY_GAMES` sets another number of games.

mod common;

use std::time::{Duration, Instant};

use serde_json::json;
use valerna_server::client::http;

/// This process's resident memory, in KiB: the server runs in it.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap()
}

/// Games played at once.
const AT_ONCE: usize = 64;

/// Plays `n` games, `AT_ONCE` at a time, following them through the
/// lobby (one request for all) and reading each finished game back once;
/// the decisions they took.
async fn play(s: &common::TestServer, first_seed: u64, n: u64) -> u64 {
    let addr = s.addr;
    let (mut created, mut decisions) = (0u64, 0u64);
    let mut playing: Vec<String> = Vec::new();
    while created < n || !playing.is_empty() {
        while playing.len() < AT_ONCE && created < n {
            let body = json!({"game": "lov", "seed": first_seed + created,
                              "seats": ["random", "faceless", "faceless", "faceless"]});
            let a = http(addr, "POST", "/api/games", None, Some(&body.to_string()))
                .await
                .unwrap();
            assert_eq!(a.status, 201, "{}", a.raw);
            playing.push(a.body["id"].as_str().unwrap().to_owned());
            created += 1;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let lobby = http(addr, "GET", "/api/games", None, None).await.unwrap();
        assert_eq!(lobby.status, 200, "{}", lobby.raw);
        let listed = lobby.body.as_array().unwrap();
        let mut still = Vec::with_capacity(playing.len());
        for id in playing {
            match listed.iter().find(|g| g["id"] == id.as_str()) {
                Some(g) if g["status"] != "over" => {
                    assert_ne!(g["status"], "broken", "{g}");
                    still.push(id);
                }
                // Over: read back (from memory, or from the store once it
                // has left memory).
                _ => {
                    let a = http(addr, "GET", &format!("/api/games/{id}"), None, None)
                        .await
                        .unwrap();
                    assert_eq!(a.status, 200, "{}", a.raw);
                    assert_eq!(a.body["status"], "over", "{}", a.raw);
                    decisions += a.body["version"].as_u64().unwrap();
                }
            }
        }
        playing = still;
    }
    decisions
}

/// Waits until every finished game has left memory.
async fn settled(s: &common::TestServer) {
    for _ in 0..200 {
        if s.app.games_in_memory() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{} games stayed in memory", s.app.games_in_memory());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes: run in release with --ignored"]
async fn ten_thousand_games_leave_memory_as_it_was() {
    let games: u64 = std::env::var("VALERNA_MEMORY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let warm_up = (games / 10).max(AT_ONCE as u64);
    let s = common::server_with(common::at_full_speed()).await;
    let t0 = Instant::now();
    let at_start = rss_kib();
    let warm_decisions = play(&s, 0, warm_up).await;
    settled(&s).await;
    let after_warm_up = rss_kib();
    let t1 = Instant::now();
    let decisions = play(&s, warm_up, games - warm_up).await;
    settled(&s).await;
    let at_end = rss_kib();
    let secs = t1.elapsed().as_secs_f64();
    eprintln!(
        "{games} games ({warm_up} to warm up, {} decisions; then {} decisions in {secs:.0} s, \
         {:.0}/s); resident memory: {at_start} KiB at the start, {after_warm_up} KiB after \
         the warm-up, {at_end} KiB at the end ({:+.1}%); {:.0} s in all",
        warm_decisions,
        decisions,
        decisions as f64 / secs,
        (at_end as f64 / after_warm_up as f64 - 1.0) * 100.0,
        t0.elapsed().as_secs_f64(),
    );
    // Finished games are still served, from the store.
    let lobby = http(s.addr, "GET", "/api/games", None, None).await.unwrap();
    assert_eq!(lobby.body.as_array().map(Vec::len), Some(100));
    assert!(
        at_end * 10 <= after_warm_up * 11,
        "resident memory grew from {after_warm_up} KiB to {at_end} KiB"
    );
}

#[tokio::test]
async fn finished_games_leave_memory_and_are_still_served_from_the_store() {
    let s = common::server().await;
    let decisions = play(&s, 100, 3).await;
    assert!(decisions > 0);
    settled(&s).await;
    let lobby = http(s.addr, "GET", "/api/games", None, None).await.unwrap();
    let listed = lobby.body.as_array().unwrap();
    assert_eq!(listed.len(), 3, "{}", lobby.raw);
    for g in listed {
        assert_eq!(g["status"], "over", "{g}");
        let id = g["id"].as_str().unwrap();
        let state = s.get(&format!("/api/games/{id}"), None).await;
        assert_eq!(state.status, 200, "{}", state.raw);
        assert_eq!(state.body["version"], g["version"]);
        assert_eq!(state.body["broken"], serde_json::Value::Null);
        let record = s.get(&format!("/api/games/{id}/record"), None).await;
        assert_eq!(record.status, 200, "{}", record.raw);
        let step = s.get(&format!("/api/games/{id}/at/1"), None).await;
        assert_eq!(step.status, 200, "{}", step.raw);
        // Read-only, as in memory.
        let a = s
            .post(
                &format!("/api/games/{id}/decisions"),
                Some("00"),
                "{\"version\":1,\"option\":0}",
            )
            .await;
        assert_eq!(a.status, 403, "{}", a.raw);
        // Reading it did not bring it back into memory for good.
        assert_eq!(s.app.games_in_memory(), 0);
    }
}
