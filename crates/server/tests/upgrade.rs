//! Games stored by the previous release are listed and played by this one,
//! none hidden. The kept record set, tests/fixtures/previous-release.json,
//! is what `valerna serve` at commit 0789f6e stored (its database's games
//! and logs, schema 5, with the tokens it gave): a game of Lords of Vaala
//! being played at one screen against a bot and the Faceless, a battle
//! against the greedy bot, a network game whose friend has not yet opened
//! the invitation, and a finished game. Its state hashes name no build, so
//! this build checks that every decision replays.
//!
//! With `VALERNA_TEST_STORE=postgres` the records are put in PostgreSQL.

mod common;

use serde_json::{Value, json};
use valerna_server::store::{NewGame, Row};

fn kept() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/previous-release.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A JSON text column as its value.
fn column(g: &Value, name: &str) -> Value {
    serde_json::from_str(g[name].as_str().unwrap()).unwrap()
}

/// The kept games written into a fresh store through the store's own
/// interface, as the previous release left them.
async fn stored_as_before(db: &valerna_server::Db, kept: &Value) {
    let store = db.open().await.unwrap();
    for g in kept["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        let text = |k: &str| g[k].as_str().unwrap().to_owned();
        let list = |k: &str| -> Vec<String> { serde_json::from_value(column(g, k)).unwrap() };
        store
            .create(NewGame {
                id: id.to_owned(),
                game: text("game"),
                created: g["created"].as_i64().unwrap(),
                setup: column(g, "setup"),
                seats: list("seats"),
                token_hashes: list("token_hashes"),
                invite_hashes: list("invite_hashes"),
                mode: text("mode"),
                lang: text("lang"),
                state_hash: String::new(),
            })
            .await
            .unwrap();
        for (n, row) in g["log"].as_array().unwrap().iter().enumerate() {
            let row = match row["kind"].as_str() {
                Some("decision") => Row::Decision {
                    decision: serde_json::from_str(row["decision"].as_str().unwrap()).unwrap(),
                },
                _ => Row::TakeBack,
            };
            store
                .append(id, n as u64, row, text("state_hash"))
                .await
                .unwrap();
        }
        if g["over"] == 1 {
            store.finish(id).await.unwrap();
        }
    }
    store.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_previous_release_s_games_are_listed_and_played() {
    let kept = kept();
    let dir = common::temp_dir();
    let db = common::test_db(dir.path()).await;
    stored_as_before(&db, &kept).await;
    let (app, router) = valerna_server::start_in(&db, common::at_full_speed())
        .await
        .unwrap();
    let s = common::serving(app, router, dir, db).await;
    let seats = &kept["seats"];
    let id = |name: &str| seats[name]["id"].as_str().unwrap().to_owned();
    let token = |name: &str, seat: usize| seats[name]["tokens"][seat].as_str().unwrap().to_owned();

    // Every game listed, none broken.
    let lobby = s.get("/api/games", None).await.body;
    for g in kept["games"].as_array().unwrap() {
        let listed = lobby
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == g["id"])
            .unwrap_or_else(|| panic!("{} is not listed: {lobby}", g["id"]));
        assert_ne!(listed["status"], "broken", "{listed}");
        let want = if g["over"] == 1 { "over" } else { "not over" };
        assert_eq!(listed["status"] == "over", want == "over", "{listed}");
    }

    // The games being played go on where they stood: the person's next
    // decision is taken (the bots' turns in between).
    for (name, stood) in [("lov_playing", 12), ("bov_playing", 17)] {
        let (gid, tok) = (id(name), token(name, 0));
        let st = s.state(&gid, Some(&tok)).await;
        assert_eq!(st["version"], stood, "{name}: {st}");
        let mut made = false;
        for _ in 0..500 {
            let st = s.state(&gid, Some(&tok)).await;
            if st["question"]["seat"] == 0 && st["question"]["options"].is_array() {
                let body = json!({"version": st["version"], "option": 0}).to_string();
                let a = s
                    .post(&format!("/api/games/{gid}/decisions"), Some(&tok), &body)
                    .await;
                assert_eq!(a.status, 200, "{name}: {}", a.raw);
                made = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(made, "{name}: the person never had a question");
    }

    // The friend opens the invitation the previous release gave.
    let gid = id("lov_invited");
    let invite = seats["lov_invited"]["invites"][2].as_str().unwrap();
    let friend = s.join(&gid, invite).await;
    assert_eq!(
        s.state(&gid, Some(&friend)).await["viewer"],
        json!({"seat": 2})
    );
    assert_eq!(
        s.state(&gid, Some(&token("lov_invited", 0))).await["viewer"],
        json!({"seat": 0})
    );

    // The finished game: its end and its record, every decision in it.
    let gid = id("lov_over");
    assert_eq!(s.state(&gid, None).await["status"], "over");
    let record = s.get(&format!("/api/games/{gid}/record"), None).await;
    assert_eq!(record.status, 200, "{}", record.raw);
    let decisions = record.body["decisions"].as_array().unwrap().len();
    let logged = kept["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == gid.as_str())
        .unwrap()["log"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(decisions, logged);
}
