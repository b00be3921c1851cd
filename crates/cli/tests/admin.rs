//! `valerna admin games`: after an upgrade or a rollback, every stored game
//! is listed with what this build makes of it, beside the database's broken
//! mark; `--unbreak` takes the mark off the games that replay again.

use std::process::Command;

mod common;
use common::scratch;

use serde_json::{Value, json};
use valerna_server::app::{Choice, Create};
use valerna_server::hosted::{Mode, SeatKind};
use valerna_server::{Config, Db};

fn admin(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .arg("admin")
        .args(args)
        .output()
        .unwrap()
}

fn listed(db: &str, extra: &[&str]) -> Value {
    let mut args = vec!["games", "--db", db, "--json"];
    args.extend_from_slice(extra);
    let out = admin(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_game_marked_broken_that_replays_again_is_unbroken() {
    let dir = scratch("admin");
    let file = dir.join("games.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let ids: Vec<String> = rt.block_on(async {
        let (app, _) = valerna_server::start(&file, Config::default())
            .await
            .unwrap();
        let mut ids = Vec::new();
        for seed in 1..=2 {
            let (slot, _) = app
                .create(Create {
                    game: "lov".into(),
                    seats: vec![
                        SeatKind::Human,
                        SeatKind::Faceless,
                        SeatKind::Faceless,
                        SeatKind::Faceless,
                    ],
                    lang: valerna_texts::Lang::En,
                    seed: Some(seed),
                    first: Some(0),
                    mode: Mode::Hotseat,
                    me: None,
                    options: json!({}),
                })
                .await
                .unwrap();
            app.decide(&slot, 0, 0, Choice::Option(0), None)
                .await
                .unwrap();
            ids.push(slot.id.clone());
        }
        app.close_store().await;
        // Marked broken by a build that has since been rolled back.
        let store = Db::File(file.clone()).open().await.unwrap();
        store
            .mark_broken(&ids[0], "its replay does not reach the stored state".into())
            .await
            .unwrap();
        store.close().await.unwrap();
        ids
    });
    let db = file.to_str().unwrap();
    let v = listed(db, &[]);
    assert_eq!(v["build"], valerna_server::BUILD);
    let game = |v: &Value, id: &str| {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap_or_else(|| panic!("{id} not listed: {v}"))
            .clone()
    };
    let g0 = game(&v, &ids[0]);
    assert_eq!(
        (g0["status"].as_str(), g0["unbroken"].as_bool()),
        (Some("playing"), Some(false)),
        "{g0}"
    );
    assert!(g0["marked_broken"].as_str().is_some(), "{g0}");
    assert_eq!(g0["build"], valerna_server::BUILD, "{g0}");
    assert_eq!(game(&v, &ids[1])["status"], "playing");
    // In words too, the way to act named.
    let out = admin(&["games", "--db", db]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("--unbreak takes the mark off"), "{text}");
    // --unbreak: the mark is gone, for good.
    assert_eq!(game(&listed(db, &["--unbreak"]), &ids[0])["unbroken"], true);
    let after = game(&listed(db, &[]), &ids[0]);
    assert!(after["marked_broken"].is_null(), "{after}");
    // A game's record, for the host, being played or not: it replays.
    let out = admin(&["record", &ids[1], "--db", db]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["decisions"].as_array().unwrap().len(), 1, "{record}");
    let host = valerna_server::games::named("lov").unwrap().host;
    assert!(host(&record).is_ok(), "the record replays");
    let out = admin(&["record", "nosuchgame", "--db", db]);
    assert_eq!(out.status.code(), Some(2));
    // No database there: a usage error, and nothing made.
    let none = dir.join("none.db");
    let out = admin(&["games", "--db", none.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!none.exists());
}
