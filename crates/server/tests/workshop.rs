//! The workshop's routes over HTTP: a list checked (as JSON or as its RON
//! text) by the validator, a starting list, the odds; bad input refused
//! with the JSON error body.

mod common;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A POST with a body of any content type; the status and the body.
async fn post_as(s: &common::TestServer, path: &str, kind: &str, body: &[u8]) -> (u16, String) {
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    c.write_all(head.as_bytes()).await.unwrap();
    c.write_all(body).await.unwrap();
    let mut out = Vec::new();
    c.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test]
async fn a_starting_list_checks_clean_and_a_broken_one_names_its_entry() {
    let s = common::server().await;
    let new = s
        .get("/api/bov/lists/new?faction=Allaria&points=100", None)
        .await;
    assert_eq!(new.status, 200, "{}", new.raw);
    let text = new.raw.clone();
    assert!(text.contains("force: \"Allaria\""), "{text}");

    let a = s
        .post(
            "/api/bov/lists/check",
            None,
            &serde_json::json!({ "text": text }).to_string(),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body["valid"], true, "{}", a.raw);
    let units: u64 = a.body["points"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .sum();
    let vaala = a.body["points"]["vaala"].as_u64().unwrap();
    assert_eq!(units + vaala, a.body["points"]["total"].as_u64().unwrap());

    // The RON text itself, a second copy of a Unique Hero.
    let broken = "(name: \"x\", force: \"Allaria\", game_size: 100, units: [\
        (card: \"parrymaster_qui\", general: true), (id: \"again\", card: \"parrymaster_qui\")])";
    let (status, body) = post_as(&s, "/api/bov/lists/check", "text/plain", broken.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    let json: serde_json::Value =
        serde_json::from_str(body.split_once("\r\n\r\n").unwrap().1).unwrap();
    let v = &json["violations"][0];
    assert_eq!(v["rule"], "unique", "{body}");
    assert_eq!(
        v["entry"],
        serde_json::json!({"kind": "unit", "index": 1, "id": "again"})
    );

    // A shipped list.
    let shipped = s
        .get("/api/bov/lists/new?list=allaria_dragon_host", None)
        .await;
    assert_eq!(shipped.status, 200);
    assert!(shipped.raw.contains("Dragon Host"));
}

#[tokio::test]
async fn bad_input_is_refused_with_what_was_wrong() {
    let s = common::server().await;
    for (path, status, code) in [
        ("/api/bov/lists/new?faction=Nowhere", 422, "bad_list"),
        ("/api/bov/lists/new", 422, "bad_list"),
        (
            "/api/bov/lists/new?faction=Allaria&points=1",
            422,
            "bad_list",
        ),
        ("/api/bov/lists/new?list=none", 404, "no_list"),
        ("/api/bov/lists/new?points=-3", 400, "bad_query"),
        (
            "/api/bov/odds?attack=3xpurple&defense=gray",
            422,
            "bad_odds",
        ),
        ("/api/bov/odds?attack=3xblack&defense=pink", 422, "bad_odds"),
        (
            "/api/bov/odds?attack=3xblack&defense=gray&models=0",
            422,
            "bad_odds",
        ),
        (
            "/api/bov/odds?attack=3xblack&defense=gray&health=2&wounds=2",
            422,
            "bad_odds",
        ),
        (
            "/api/bov/odds?attack=3xblack&defense=gray&attack_with=sneaky",
            422,
            "bad_odds",
        ),
        (
            "/api/bov/odds?attack=3xblack&defense=gray&distance=NaN",
            422,
            "bad_odds",
        ),
        ("/api/bov/odds?defense=gray", 400, "bad_query"),
    ] {
        let a = s.get(path, None).await;
        assert_eq!(a.status, status, "{path}: {}", a.raw);
        assert_eq!(a.body["error"], code, "{path}: {}", a.raw);
        assert!(a.body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let a = s.post("/api/bov/lists/check", None, "{\"txt\": 1}").await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (400, Some("bad_json"))
    );
    let (status, _) = post_as(&s, "/api/bov/lists/check", "text/plain", b" \n").await;
    assert_eq!(status, 400);
    let (status, _) = post_as(&s, "/api/bov/lists/check", "text/plain", &[0xff, 0xfe]).await;
    assert_eq!(status, 400);
    let big = vec![b' '; 70 * 1024];
    let (status, body) = post_as(&s, "/api/bov/lists/check", "text/plain", &big).await;
    assert_eq!(status, 413, "{body}");
}

#[tokio::test]
async fn the_odds_are_the_dice_crates() {
    let s = common::server().await;
    let a = s
        .get(
            "/api/bov/odds?attack=2xblack,1xgray&defense=white&models=3&health=2&target_models=4&wounds=1&speed=6&distance=9.5&attack_with=charge&defense_with=obscured",
            None,
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let b = &a.body;
    assert_eq!(b["attack"]["dice"], 9);
    assert_eq!(b["attack"]["modifier"], 1);
    assert_eq!(b["defense"]["modifier"], 1);
    assert_eq!(b["models_lost"]["models"], 4);
    assert_eq!(b["morale"]["models"], 4);
    let pmf = b["wounds"]["pmf"].as_array().unwrap();
    let total: f64 = pmf.iter().map(|p| p.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let reach = b["charge"]["reach_probability"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&reach));
}
