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

/// A shipped list's Vaala cards are the hand of a side that plays it: the
/// list given to start from picks none (as `/api/content/bov` names none),
/// and is otherwise the same list.
#[tokio::test]
async fn a_shipped_list_to_start_from_names_no_vaala_card() {
    use valerna_bov::force_list::parse;
    let s = common::server().await;
    let mut hands = 0;
    for (name, text) in valerna_bov::content::shipped_lists() {
        let shipped = parse(text).unwrap();
        let a = s
            .get(&format!("/api/bov/lists/new?list={name}"), None)
            .await;
        assert_eq!(a.status, 200, "{name}: {}", a.raw);
        let given = parse(&a.raw).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(given.vaala.is_empty(), "{name}: {:?}", given.vaala);
        for card in &shipped.vaala {
            assert!(!a.raw.contains(card.as_str()), "{name} names {card}");
        }
        hands += usize::from(!shipped.vaala.is_empty());
        assert_eq!(given.units, shipped.units, "{name}");
        // Still a list that can be played as it is.
        let pack = valerna_bov::content::Pack::default_pack().unwrap();
        let checked = valerna_bov::force_list::validate(&pack, &given);
        assert!(checked.is_ok(), "{name}: {:?}", checked.err());
        assert_eq!(
            (given.force, given.game_size),
            (shipped.force, shipped.game_size)
        );
    }
    assert!(
        hands > 0,
        "no shipped list picks a Vaala card: the test tests nothing"
    );
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

const OWN_CARD: &str = r#"(
    id: "river_wardens",
    name: "River Wardens",
    provisional: false,
    force: "Allaria",
    keywords: ["Allaria", "Infantry"],
    points: 12,
    models: 5,
    base_mm: 25,
    front: (health: 1, speed: 7, defense: gray, melee: (dice: "2xgray")),
)"#;

/// A PUT with a JSON body; the status and the body as JSON.
async fn put(s: &common::TestServer, path: &str, body: &str) -> (u16, serde_json::Value) {
    let (status, raw) = {
        let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let head = format!(
            "PUT {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        c.write_all(head.as_bytes()).await.unwrap();
        c.write_all(body.as_bytes()).await.unwrap();
        let mut out = Vec::new();
        c.read_to_end(&mut out).await.unwrap();
        let text = String::from_utf8_lossy(&out).into_owned();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|x| x.parse().ok())
            .unwrap_or(0);
        (status, text)
    };
    let json = serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1)
        .unwrap_or(serde_json::Value::Null);
    (status, json)
}

#[tokio::test]
async fn a_card_of_ones_own_is_checked_kept_listed_and_played() {
    let s = common::server().await;
    // The editor's check: each error on its field.
    let bad = OWN_CARD.replace("health: 1", "health: 0");
    let a = s
        .post(
            "/api/bov/cards/check",
            None,
            &serde_json::json!({ "card": bad }).to_string(),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body["valid"], false);
    assert_eq!(a.body["errors"][0]["field"], "front.health", "{}", a.raw);

    // Kept under a link; a refused card refuses the pack.
    let refused = s
        .post(
            "/api/bov/packs",
            None,
            &serde_json::json!({ "cards": [bad] }).to_string(),
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.raw);
    assert_eq!(refused.body["error"], "bad_pack");
    let made = s
        .post(
            "/api/bov/packs",
            None,
            &serde_json::json!({ "cards": [OWN_CARD] }).to_string(),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.raw);
    let pack = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!(made.body["units"][0]["name"], "River Wardens");
    let got = s.get(&format!("/api/bov/packs/{pack}"), None).await;
    assert_eq!(got.body["cards"][0], OWN_CARD);
    let (status, changed) = put(
        &s,
        &format!("/api/bov/packs/{pack}"),
        &serde_json::json!({ "cards": [OWN_CARD.replace("speed: 7", "speed: 8")] }).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["units"][0]["front"]["speed"], 8);
    let missing = s
        .get(&format!("/api/bov/packs/{}", "0".repeat(32)), None)
        .await;
    assert_eq!(missing.status, 404);

    // A list naming the card: refused without the pack, valid with it.
    let guild = s
        .get("/api/bov/lists/new?list=allaria_guild_line", None)
        .await
        .raw;
    let list = guild.replace(r#"(card: "dreamfencers")"#, r#"(card: "river_wardens")"#);
    assert_ne!(list, guild);
    let without = s
        .post(
            "/api/bov/lists/check",
            None,
            &serde_json::json!({ "text": list }).to_string(),
        )
        .await;
    assert_eq!(without.body["valid"], false);
    let with = s
        .post(
            "/api/bov/lists/check",
            None,
            &serde_json::json!({ "text": list, "pack": pack }).to_string(),
        )
        .await;
    assert_eq!(with.body["valid"], true, "{}", with.raw);

    // Saved by a link and opened again.
    let saved = s
        .post(
            "/api/bov/lists",
            None,
            &serde_json::json!({ "text": list, "pack": pack }).to_string(),
        )
        .await;
    assert_eq!(saved.status, 201, "{}", saved.raw);
    let lid = saved.body["id"].as_str().unwrap();
    let opened = s.get(&format!("/api/bov/lists/{lid}"), None).await;
    assert_eq!(opened.body["text"], list.as_str());
    assert_eq!(opened.body["pack"], pack.as_str());

    // A battle with the pack: the unit is on its side, the record keeps
    // the cards.
    let (id, tokens) = s
        .create_battle(
            &["human", "greedy"],
            5,
            serde_json::json!({ "lists": [list, "tyveria_swarm"], "pack": pack }),
        )
        .await;
    let state = s.state(&id, Some(&tokens[0])).await;
    let units = state["view"]["units"].as_array().unwrap();
    assert!(
        units.iter().any(|u| u["name"] == "River Wardens"),
        "{}",
        state["view"]["units"]
    );
    // The record carries the cards: a server started again on the same
    // store replays the battle without the link.
    let slot = s.app.find(&id).await.unwrap();
    let record = slot.live.lock().await.table.record();
    assert!(
        record["setup"]["cards"]
            .as_str()
            .is_some_and(|c| c.contains("river_wardens")),
        "{record}"
    );
    let (again, _) = valerna_server::start_in(&s.db, Default::default())
        .await
        .unwrap();
    let slot = again.find(&id).await.unwrap();
    assert_eq!(slot.live.lock().await.broken, None);
    // An unknown pack is refused.
    let a = s
        .post(
            "/api/games",
            None,
            &serde_json::json!({"game": "bov", "seats": ["human", "greedy"],
                "options": {"lists": [list, "tyveria_swarm"], "pack": "f".repeat(32)}})
            .to_string(),
        )
        .await;
    assert_eq!(a.status, 422, "{}", a.raw);
}

#[tokio::test]
async fn every_keyword_links_its_rule_and_rulings() {
    let s = common::server().await;
    let r = s.get("/api/bov/rules", None).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["unit_keywords"]["Giant"]["page"], 22);
    let href = r.body["attack_keywords"]["Poisoned"]["rulings"][0]["href"]
        .as_str()
        .unwrap()
        .to_owned();
    let page = s.get("/rulings", None).await;
    assert_eq!(page.status, 200);
    let anchor = href.trim_start_matches("/rulings#");
    assert!(page.raw.contains(&format!("id=\"{anchor}\"")), "{href}");
}

/// Private links cost storage: one address makes at most
/// `Config::links_per_day` a day (429 `link_quota`, saving over a link it
/// has still works), a list is at most 16 KiB, and a link not opened for
/// `Config::links_expire_after` is forgotten, one opened meanwhile kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_links_have_a_quota_a_size_and_an_end() {
    let s = common::server_with(valerna_server::Config {
        links_per_day: 2,
        links_expire_after: Some(std::time::Duration::from_secs(3)),
        ..common::at_full_speed()
    })
    .await;
    let list = s
        .get("/api/bov/lists/new?faction=allaria&points=50", None)
        .await;
    let body = serde_json::json!({ "text": list.raw }).to_string();
    let mut links = Vec::new();
    for _ in 0..2 {
        let a = s.post("/api/bov/lists", None, &body).await;
        assert_eq!(a.status, 201, "{}", a.raw);
        links.push(a.body["id"].as_str().unwrap().to_owned());
    }
    let third = s.post("/api/bov/lists", None, &body).await;
    assert_eq!(
        (third.status, third.body["error"].as_str()),
        (429, Some("link_quota")),
        "{}",
        third.raw
    );
    let pack = s.post("/api/bov/packs", None, r#"{"cards":[]}"#).await;
    assert_eq!(pack.status, 429, "packs count too: {}", pack.raw);
    let put = s.put(&format!("/api/bov/lists/{}", links[0]), &body).await;
    assert_eq!(put.status, 200, "saving over a link: {}", put.raw);
    let long = serde_json::json!({ "text": "x".repeat(17 * 1024) }).to_string();
    let a = s.put(&format!("/api/bov/lists/{}", links[0]), &long).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (413, Some("too_large")),
        "{}",
        a.raw
    );

    // Link 1 opened after two seconds; link 0 left alone.
    tokio::time::sleep(std::time::Duration::from_millis(2200)).await;
    assert_eq!(
        s.get(&format!("/api/bov/lists/{}", links[1]), None)
            .await
            .status,
        200
    );
    tokio::time::sleep(std::time::Duration::from_millis(2300)).await;
    let gone = s.get(&format!("/api/bov/lists/{}", links[0]), None).await;
    assert_eq!(
        (gone.status, gone.body["error"].as_str()),
        (404, Some("no_list")),
        "{}",
        gone.raw
    );
    assert_eq!(
        s.get(&format!("/api/bov/lists/{}", links[1]), None)
            .await
            .status,
        200
    );
}
