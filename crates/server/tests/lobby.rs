//! The lobby says when each game last moved, and calls a game being played
//! idle once it has gone `IDLE_AFTER` (7 days) without a decision, rather
//! than under way for ever: measured on the clock the lobby is read at, from
//! the time of the game's last decision, kept by the store across a restart.

mod common;

use common::{at_full_speed, server_with};
use serde_json::{Value, json};
use valerna_server::Db;
use valerna_server::app::{IDLE_AFTER, idle};

const DAY: i64 = 24 * 3600;

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// Game `id` in a page of the lobby.
fn listed<'a>(lobby: &'a [Value], id: &str) -> &'a Value {
    lobby
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not listed: {lobby:?}"))
}

#[test]
fn a_game_being_played_is_idle_after_seven_days_without_a_decision() {
    let week = IDLE_AFTER.as_secs() as i64;
    assert_eq!(week, 7 * DAY);
    let moved = 1_700_000_000;
    for status in ["open", "playing"] {
        assert!(!idle(status, moved, moved), "{status}: just moved");
        assert!(
            !idle(status, moved, moved + week - 1),
            "{status}: a second short"
        );
        assert!(idle(status, moved, moved + week), "{status}: 7 days");
        assert!(idle(status, moved, moved + 40 * DAY), "{status}: 40 days");
    }
    // A finished or broken game says so, however long ago it moved.
    for status in ["over", "broken"] {
        assert!(!idle(status, moved, moved + 40 * DAY), "{status}");
    }
    // A clock behind the game's own time is no reason to call it idle.
    assert!(!idle("playing", moved, moved - DAY));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_each_game_s_last_move_and_calls_it_idle_a_week_later() {
    let s = server_with(at_full_speed()).await;
    let (moved, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 7)
        .await;
    let body = json!({"version": 0, "option": 0}).to_string();
    let a = s
        .post(
            &format!("/api/games/{moved}/decisions"),
            Some(&tokens[0]),
            &body,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let waiting = s
        .post(
            "/api/games",
            None,
            &json!({"game": "lov", "seats": ["human", "human", "faceless", "faceless"], "seed": 3, "me": 0})
                .to_string(),
        )
        .await;
    assert_eq!(waiting.status, 201, "{}", waiting.raw);
    let waiting = waiting.body["id"].as_str().unwrap().to_owned();

    let lobby = s.get("/api/games", None).await.body;
    let lobby = lobby.as_array().unwrap();
    let (m, w) = (listed(lobby, &moved), listed(lobby, &waiting));
    assert_eq!(
        (m["status"].as_str(), w["status"].as_str()),
        (Some("playing"), Some("open"))
    );
    // The decision's time; the creation's for a game without one.
    let at = m["last_move"].as_i64().unwrap();
    assert!(at >= m["created"].as_i64().unwrap() && at <= now(), "{m}");
    assert_eq!(w["last_move"], w["created"], "{w}");
    assert_eq!(
        (m["idle"].as_bool(), w["idle"].as_bool()),
        (Some(false), Some(false))
    );

    // The same lobby read a day short of a week later, and a week later.
    for (later, expected) in [
        (IDLE_AFTER.as_secs() as i64 - DAY, false),
        (IDLE_AFTER.as_secs() as i64, true),
    ] {
        let page = s
            .app
            .lobby_page_at(
                at.max(w["last_move"].as_i64().unwrap()) + later,
                0,
                100,
                100,
            )
            .await
            .unwrap();
        for id in [&moved, &waiting] {
            let g = listed(&page, id);
            assert_eq!(g["idle"].as_bool(), Some(expected), "after {later} s: {g}");
            assert_ne!(g["status"], "over", "{g}");
        }
    }

    // After a restart the time is the store's: the same.
    let again = s.restarted().await;
    let lobby = again.get("/api/games", None).await.body;
    let lobby = lobby.as_array().unwrap();
    assert_eq!(listed(lobby, &moved)["last_move"].as_i64(), Some(at));
    assert_eq!(listed(lobby, &waiting)["last_move"], w["created"]);
}

/// Moves every time game `id` keeps `by` seconds into the past, as if it
/// had been created and played that long ago.
async fn age(db: &Db, id: &str, by: i64) {
    match db {
        Db::File(path) => {
            let conn = rusqlite::Connection::open(path).unwrap();
            conn.execute(
                "UPDATE log SET at = at - ?2 WHERE game_id = ?1",
                rusqlite::params![id, by],
            )
            .unwrap();
            conn.execute(
                "UPDATE games SET created = created - ?2 WHERE id = ?1",
                rusqlite::params![id, by],
            )
            .unwrap();
        }
        Db::Postgres(url) => {
            let (c, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .unwrap();
            tokio::spawn(conn);
            c.execute(
                "UPDATE log SET at = at - $2 WHERE game_id = $1",
                &[&id, &by],
            )
            .await
            .unwrap();
            c.execute(
                "UPDATE games SET created = created - $2 WHERE id = $1",
                &[&id, &by],
            )
            .await
            .unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_last_decision_is_eight_days_old_is_listed_idle_after_a_restart() {
    let s = server_with(at_full_speed()).await;
    let (old, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 11)
        .await;
    let body = json!({"version": 0, "option": 0}).to_string();
    let a = s
        .post(
            &format!("/api/games/{old}/decisions"),
            Some(&tokens[0]),
            &body,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let (fresh, _) = s
        .create(&["human", "human", "faceless", "faceless"], 12)
        .await;
    let before = listed(
        s.get("/api/games", None).await.body.as_array().unwrap(),
        &old,
    )
    .clone();
    age(&s.db, &old, 8 * DAY).await;

    // Read again from the store (as a server starting reads it), on the
    // real clock: put away only after 30 days, idle after 7.
    let again = s.restarted().await;
    let lobby = again.get("/api/games", None).await.body;
    let lobby = lobby.as_array().unwrap();
    let g = listed(lobby, &old);
    assert_eq!(g["status"], "playing", "{g}");
    assert_eq!(g["idle"], true, "{g}");
    assert_eq!(
        g["last_move"].as_i64(),
        before["last_move"].as_i64().map(|t| t - 8 * DAY),
        "{g}"
    );
    assert_eq!(listed(lobby, &fresh)["idle"], false);
}
