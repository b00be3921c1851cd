//! Battles of Valerna at the server: a person plays a whole battle against
//! the greedy bot through the API (with the search bot's hints, and where
//! the battle turned), a battle's setup is checked with errors
//! that name the option at fault, and the public content never names a
//! list's Vaala cards.

mod common;

use std::time::Duration;

use common::server_with;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_battle_against_the_greedy_bot() {
    let s = server_with(common::at_full_speed()).await;
    let (id, tokens) = s
        .create_battle(
            &["human", "greedy"],
            21,
            json!({"lists": ["allaria_guild_line", "tyveria_swarm"]}),
        )
        .await;
    let me = Some(tokens[0].as_str());
    let path = format!("/api/games/{id}/decisions");
    let mut asked = std::collections::BTreeSet::new();
    let mut over = None;
    for i in 0..5_000u64 {
        let st = s.state(&id, me).await;
        if st["status"] == "over" {
            over = Some(st);
            break;
        }
        let q = &st["question"];
        match q["options"].as_array() {
            Some(options) if q["seat"] == 0 && !options.is_empty() => {
                let ask = options[0]["meaning"]["ask"].as_str().unwrap().to_owned();
                // The search bot's view of the first action: every option
                // in the question's order, some weighed.
                if ask == "action" && !asked.contains("action") {
                    let h = s.get(&format!("/api/games/{id}/hint"), me).await;
                    assert_eq!(h.status, 200, "{}", h.raw);
                    assert_eq!(h.body["version"], st["version"]);
                    let weighed = h.body["options"].as_array().unwrap();
                    assert_eq!(weighed.len(), options.len());
                    for (w, o) in weighed.iter().zip(options) {
                        assert_eq!(w["label"], o["label"]);
                    }
                    assert!(weighed.iter().any(|w| w["win"].is_f64()), "{}", h.raw);
                }
                asked.insert(ask);
                // Every option is worded (BoV 5.1's terms, not JSON).
                for o in options {
                    let l = o["label"].as_str().unwrap_or("");
                    assert!(!l.is_empty() && !l.contains('{'), "{o}");
                }
                // Any option but passing, where there is another.
                let passes = |o: &serde_json::Value| o["decision"] == "Pass";
                let acts: Vec<usize> = (0..options.len())
                    .filter(|&k| !passes(&options[k]))
                    .collect();
                let pick = match acts.len() {
                    0 => 0,
                    n => acts[(i as usize * 7919) % n],
                };
                let body = json!({"version": st["version"], "option": pick}).to_string();
                let a = s.post(&path, me, &body).await;
                assert!(
                    a.status == 200 || a.body["error"] == "stale_version",
                    "{}",
                    a.raw
                );
            }
            _ => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
    let st = over.expect("the battle reached its end");
    let text = st["outcome"]["text"].as_str().unwrap();
    assert!(text.contains("the battle is over"), "{text}");
    // The story was told: rolls die by die, and the end.
    let events = s.get(&format!("/api/games/{id}/events?from=0"), me).await;
    let lines: Vec<&str> = events.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert!(lines.iter().any(|l| l.contains("Round 1")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" rolls ")), "{lines:?}");
    for ask in ["deploy", "turn", "action"] {
        assert!(asked.contains(ask), "the person was asked {asked:?}");
    }
    // The view draws the table: terrain, zones and the units' bases.
    let v = &st["view"];
    assert!(v["field"]["width"].as_f64().unwrap() > 40.0);
    assert!(v["units"][0]["radius_in"].as_f64().unwrap() > 0.3);
    // Where the battle turned: a chance for each side at every step, the
    // last the result.
    let a = s.get(&format!("/api/games/{id}/turns"), None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let steps = a.body["steps"].as_array().unwrap();
    let record = s.get(&format!("/api/games/{id}/record"), None).await;
    let decisions = record.body["decisions"].as_array().unwrap().len();
    assert_eq!(steps.len(), decisions + 1);
    for step in steps {
        let c: Vec<f64> = serde_json::from_value(step["chances"].clone()).unwrap();
        assert!((c[0] + c[1] - 1.0).abs() < 1e-6, "{step}");
    }
    let winner = st["outcome"]["winners"].as_array().unwrap();
    let last = &steps[decisions]["chances"];
    for seat in 0..2u64 {
        let won = winner.iter().any(|w| w.as_u64() == Some(seat));
        assert_eq!(last[seat as usize].as_f64(), Some(f64::from(u8::from(won))));
    }
    // The search's view of a step once the battle is over: every option of
    // that question, and the one chosen.
    let k = decisions / 2;
    let a = s.get(&format!("/api/games/{id}/at/{k}/hint"), None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert!(
        a.body["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["visits"].as_u64() > Some(0)),
        "{}",
        a.raw
    );
}

#[tokio::test]
async fn a_battles_setup_names_the_option_at_fault() {
    let s = common::server().await;
    let bad = [
        (json!({"scenario": "siege"}), "no scenario \"siege\""),
        (json!({"battlefield": "huge"}), "no battlefield \"huge\""),
        (
            json!({"lists": ["allaria_guild_line"]}),
            "options.lists: 2 lists",
        ),
        (
            json!({"lists": ["allaria_guild_line", "nope"]}),
            "options.lists[1]: no shipped list \"nope\"",
        ),
        (json!({"colour": "red"}), "unknown field `colour`"),
        (
            json!({"map": "moon"}),
            "options.map: no shipped map \"moon\"",
        ),
        (
            json!({"map": "river_crossing", "battlefield": "large6x4"}),
            "map",
        ),
    ];
    for (options, says) in bad {
        let body = json!({"game": "bov", "seats": ["human", "greedy"], "options": options});
        let a = s.post("/api/games", None, &body.to_string()).await;
        assert_eq!(a.status, 422, "{options}: {}", a.raw);
        assert_eq!(a.body["error"], "bad_setup");
        let m = a.body["message"].as_str().unwrap();
        assert!(m.contains(says), "{options}: {m}");
    }
    // A Lords of Vaala bot cannot play a side, nor a Faceless player.
    for kind in ["heuristic", "faceless"] {
        let body = json!({"game": "bov", "seats": ["human", kind]});
        let a = s.post("/api/games", None, &body.to_string()).await;
        assert_eq!(a.status, 422, "{}", a.raw);
        assert!(a.body["message"].as_str().unwrap().contains(kind));
    }
    // Face-offs, not the creator, decide who goes first.
    let body = json!({"game": "bov", "seats": ["human", "greedy"], "first": 1});
    let a = s.post("/api/games", None, &body.to_string()).await;
    assert_eq!(a.status, 422, "{}", a.raw);
    // An unknown game is named with the games there are.
    let body = json!({"game": "chess", "seats": ["human", "human"]});
    let a = s.post("/api/games", None, &body.to_string()).await;
    assert!(
        a.body["message"].as_str().unwrap().contains("lov, bov"),
        "{}",
        a.raw
    );
}

/// A battle follows the rulebook it is created with: the starter set's
/// rules play the Grand Tactical by default and no Pitched Battle (BoV
/// starter, "Determine Game Mode"), 5.1 no Grand Tactical; the view names
/// the edition, and a 5.1 battle's view is as it was before editions.
#[tokio::test]
async fn a_battle_follows_the_edition_it_is_created_with() {
    let s = common::server().await;
    let content = s.get("/api/content/bov", None).await.body;
    let editions = content["editions"].as_array().unwrap();
    assert_eq!(editions[0]["id"], "v5_1");
    assert_eq!(editions[1]["id"], "starter");
    assert_eq!(editions[1]["scenarios"][0], "grand_tactical");
    assert!(
        !editions[1]["scenarios"]
            .as_array()
            .unwrap()
            .contains(&json!("pitched_battle"))
    );
    assert!(
        !editions[0]["scenarios"]
            .as_array()
            .unwrap()
            .contains(&json!("grand_tactical"))
    );

    let (id, tokens) = s
        .create_battle(&["human", "greedy"], 5, json!({"edition": "starter"}))
        .await;
    let st = s.state(&id, Some(tokens[0].as_str())).await;
    assert_eq!(st["view"]["edition"], "starter");
    assert_eq!(st["view"]["scenario"], "GrandTactical");
    let (id, tokens) = s.create_battle(&["human", "greedy"], 5, json!({})).await;
    let st = s.state(&id, Some(tokens[0].as_str())).await;
    assert!(st["view"].get("edition").is_none(), "{}", st["view"]);
    assert_eq!(st["view"]["scenario"], "PitchedBattle");

    for (options, says) in [
        (
            json!({"edition": "starter", "scenario": "pitched_battle"}),
            "no Pitched Battle",
        ),
        (
            json!({"scenario": "grand_tactical"}),
            "starter edition only",
        ),
        (json!({"edition": "v4"}), "unknown variant `v4`"),
    ] {
        let body = json!({"game": "bov", "seats": ["human", "greedy"], "options": options});
        let a = s.post("/api/games", None, &body.to_string()).await;
        assert_eq!(a.status, 422, "{options}: {}", a.raw);
        assert!(
            a.body["message"].as_str().unwrap().contains(says),
            "{options}: {}",
            a.raw
        );
    }
}

/// A battle on a shipped map takes its terrain and its size (BoV 5.1, "1)
/// Place Terrain", the alternative method).
#[tokio::test]
async fn a_battle_on_a_shipped_map_has_its_terrain() {
    let s = common::server().await;
    let (id, _) = s
        .create_battle(&["human", "greedy"], 3, json!({"map": "river_crossing"}))
        .await;
    let st = s.state(&id, None).await;
    let names: Vec<&str> = st["view"]["field"]["terrain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"Lava pool") && names.contains(&"Ruined keep"),
        "{names:?}"
    );
    assert_eq!(st["view"]["field"]["width"], 48.0);
    let content = s.get("/api/content/bov", None).await;
    assert!(
        content.body["maps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == "river_crossing")
    );
}

/// The shipped lists are offered by name, force and units; the Vaala cards
/// they pick are their side's secret (BoV 5.1, "Vaala Cards").
#[tokio::test]
async fn the_content_offers_the_lists_without_their_vaala_cards() {
    let s = common::server().await;
    let a = s.get("/api/content/bov", None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let lists = a.body["lists"].as_array().unwrap();
    // 5.1's four, naming no edition, and the starter's two, which name theirs.
    assert_eq!(lists.len(), 6);
    let starter: Vec<&str> = lists
        .iter()
        .filter(|l| l["edition"] == "starter")
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(starter, ["allaria_fencers", "tyveria_packs"]);
    assert_eq!(
        lists.iter().filter(|l| l.get("edition").is_none()).count(),
        4
    );
    for l in lists {
        assert!(l.get("vaala").is_none(), "{l}");
        assert!(!l["units"].as_array().unwrap().is_empty());
    }
    assert!(!a.body["units"].as_array().unwrap().is_empty());
    // Four scenarios of 5.1 and the starter edition's Grand Tactical.
    assert_eq!(a.body["scenarios"].as_array().unwrap().len(), 5);
}

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A socket to game `id`, said hello to with `token` (a spectator without),
/// and the first state it is sent.
async fn socket(s: &common::TestServer, id: &str, token: Option<&str>) -> (Ws, serde_json::Value) {
    let stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let mut ws = tokio_tungstenite::client_async(url, stream)
        .await
        .unwrap()
        .0;
    send(&mut ws, json!({"type": "hello", "token": token})).await;
    let state = next(&mut ws, "state").await;
    (ws, state)
}

async fn send(ws: &mut Ws, v: serde_json::Value) {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        v.to_string().into(),
    ))
    .await
    .unwrap();
}

/// The next frame of type `kind` (others skipped).
async fn next(ws: &mut Ws, kind: &str) -> serde_json::Value {
    use futures_util::StreamExt;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a frame within 10 s")
            .expect("the socket is open")
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            if v["type"] == kind {
                return v;
            }
        }
    }
}

/// A try checks a decision as the rules would and changes nothing; only the
/// side that must decide may try; tries have their own budget and are not
/// counted as flooding; a look is open to anyone and says what it found.
#[tokio::test]
async fn tries_check_without_deciding_and_looks_are_open_to_all() {
    let s = common::server().await;
    let (id, tokens) = s.create_battle(&["human", "human"], 5, json!({})).await;
    let (mut a, st) = socket(&s, &id, Some(&tokens[0])).await;
    let (mut b, _) = socket(&s, &id, Some(&tokens[1])).await;
    let version = st["version"].as_u64().unwrap();
    let seat = st["question"]["seat"].as_u64().unwrap();
    let (me, other) = if seat == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let mine = s.state(&id, Some(&tokens[seat as usize])).await;
    let legal = mine["question"]["options"][0]["decision"].clone();
    // The side not asked may not try (it could probe the other's cards).
    send(
        other,
        json!({"type": "try", "version": version, "seq": 1, "decision": legal}),
    )
    .await;
    let t = next(other, "tried").await;
    assert_eq!(
        (t["seq"].as_u64(), t["ok"].as_bool()),
        (Some(1), Some(false))
    );
    assert_eq!(t["error"], "not_your_turn");
    // The side asked: a legal decision is found legal, an illegal one is
    // refused with the rule's words (BoV 5.1, "Objectives Setup").
    send(
        me,
        json!({"type": "try", "version": version, "seq": 2, "decision": legal}),
    )
    .await;
    let t = next(me, "tried").await;
    assert_eq!(t["ok"], true, "{t}");
    // Placing an objective moves nothing: nothing to measure.
    assert!(t["measure"].is_null(), "{t}");
    let off = json!({"PlaceObjective": {"at": {"x": -5.0, "y": -5.0}}});
    send(
        me,
        json!({"type": "try", "version": version, "seq": 3, "decision": off}),
    )
    .await;
    let t = next(me, "tried").await;
    assert_eq!(
        (t["ok"].as_bool(), t["error"].as_str()),
        (Some(false), Some("illegal_decision"))
    );
    assert!(t["text"].as_str().unwrap().len() > 10, "{t}");
    // A stale version is said so, with the try's seq.
    send(
        me,
        json!({"type": "try", "version": version + 7, "seq": 4, "decision": legal}),
    )
    .await;
    let t = next(me, "tried").await;
    assert_eq!(
        (t["seq"].as_u64(), t["error"].as_str()),
        (Some(4), Some("stale_version"))
    );
    // Many tries: the decisions' flood limits (20 a second a token by
    // default) never see them; past 120 a second they are refused, and the
    // socket stays open.
    // One at a time, as a page sends them, answered each in turn.
    let (mut answered, mut refused) = (0, 0);
    let start = std::time::Instant::now();
    for seq in 10..160u64 {
        send(
            me,
            json!({"type": "try", "version": version, "seq": seq, "decision": legal}),
        )
        .await;
        loop {
            use futures_util::StreamExt;
            let m = tokio::time::timeout(Duration::from_secs(10), me.next())
                .await
                .unwrap();
            let tokio_tungstenite::tungstenite::Message::Text(t) = m.unwrap().unwrap() else {
                continue;
            };
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            match v["type"].as_str() {
                Some("tried") => answered += 1,
                Some("error") => {
                    assert_eq!(v["error"], "rate_limited", "{v}");
                    refused += 1;
                }
                _ => continue,
            }
            break;
        }
    }
    if start.elapsed() < Duration::from_millis(900) {
        // With the three tries above, at most 120 in the second.
        assert!(
            answered <= 120 && refused >= 30,
            "120 tries a second: {answered} answered, {refused} refused"
        );
    } else {
        assert!(answered >= 120, "{answered} answered, {refused} refused");
    }
    // Nothing was decided.
    let after = s.state(&id, None).await;
    assert_eq!(after["version"].as_u64(), Some(version));
    // A spectator may look; before deployment no unit stands on the table.
    let (mut watcher, _) = socket(&s, &id, None).await;
    send(
        &mut watcher,
        json!({"type": "look", "seq": 9, "from": 0, "to": 7}),
    )
    .await;
    let l = next(&mut watcher, "looked").await;
    assert_eq!(
        (l["seq"].as_u64(), l["error"].as_str()),
        (Some(9), Some("bad_look"))
    );
    assert!(
        l["text"]
            .as_str()
            .unwrap()
            .contains("not both on the table"),
        "{l}"
    );
}

/// A route: the bots' planner marches the active unit toward a point, each
/// model's path around what stands in the way (BoV 5.1, "Movement"); the
/// answer is a March the engine finds legal, and bad routes are refused by
/// name.
#[tokio::test]
async fn a_route_is_the_planners_march_toward_a_point() {
    let s = common::server().await;
    let (id, tokens) = s
        .create_battle(
            &["human", "human"],
            5,
            json!({"lists": ["allaria_guild_line", "tyveria_swarm"]}),
        )
        .await;
    // Both sides take their first options until a unit is to act.
    let path = format!("/api/games/{id}/decisions");
    let mut st = s.state(&id, None).await;
    for _ in 0..200 {
        let seat = st["question"]["seat"].as_u64().unwrap() as usize;
        let mine = s.state(&id, Some(&tokens[seat])).await;
        let options = mine["question"]["options"].as_array().unwrap().clone();
        if options.iter().any(|o| o["decision"].get("March").is_some()) {
            st = mine;
            break;
        }
        // Activate a unit rather than pass, when the turn asks.
        let pick = options
            .iter()
            .position(|o| o["decision"].get("Activate").is_some())
            .unwrap_or(0);
        let body = json!({"version": mine["version"], "option": pick}).to_string();
        assert_eq!(s.post(&path, Some(&tokens[seat]), &body).await.status, 200);
        st = s.state(&id, None).await;
    }
    let seat = st["question"]["seat"].as_u64().unwrap() as usize;
    let unit = st["question"]["options"][0]["meaning"]["unit"]
        .as_u64()
        .unwrap();
    let (mut ws, _) = socket(&s, &id, Some(&tokens[seat])).await;
    // Toward the middle of the table.
    send(
        &mut ws,
        json!({"type": "route", "seq": 3, "unit": unit, "x": 24.0, "y": 18.0}),
    )
    .await;
    let r = next(&mut ws, "routed").await;
    assert_eq!(r["seq"].as_u64(), Some(3), "{r}");
    let decision = r["decision"].clone();
    assert!(
        decision["March"]["paths"]
            .as_array()
            .is_some_and(|p| !p.is_empty()),
        "{r}"
    );
    let version = st["version"].as_u64().unwrap();
    send(
        &mut ws,
        json!({"type": "try", "version": version, "seq": 4, "decision": decision}),
    )
    .await;
    let t = next(&mut ws, "tried").await;
    assert_eq!(
        t["ok"].as_bool(),
        Some(true),
        "the planner's march is legal: {t}"
    );
    // No such unit; a point that is not one.
    send(
        &mut ws,
        json!({"type": "route", "seq": 5, "unit": 999, "x": 1.0, "y": 1.0}),
    )
    .await;
    let r = next(&mut ws, "routed").await;
    assert_eq!(r["error"], "bad_look", "{r}");
    assert!(r["text"].as_str().unwrap().contains("999"), "{r}");
    send(
        &mut ws,
        json!({"type": "route", "seq": 6, "unit": unit, "x": "far", "y": 1.0}),
    )
    .await;
    let e = next(&mut ws, "error").await;
    assert_eq!(e["error"], "bad_json", "{e}");
}
