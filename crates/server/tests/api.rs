//! Every bad request gets its HTTP status and stable error code, and leaves
//! the game as it was.

mod common;

use std::time::Duration;

use common::{TestServer, server};
use serde_json::{Value, json};
use valerna_server::client::Socket;

/// A game with two human seats (0 and 1) and two Faceless; seat 0 has the
/// initiative, so seat 0 decides first.
async fn two_humans(s: &TestServer) -> (String, Vec<String>) {
    let (id, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 7)
        .await;
    let st = s.state(&id, Some(&tokens[0])).await;
    assert_eq!(st["question"]["seat"], 0, "{st}");
    (id, tokens)
}

/// Asserts a refusal's status and code, and that every viewer's state is
/// unchanged.
async fn refused(
    s: &TestServer,
    id: &str,
    tokens: &[String],
    a: valerna_server::client::Answer,
    status: u16,
    code: &str,
    before: &[Value],
) {
    assert_eq!(a.status, status, "{}", a.raw);
    assert_eq!(a.body["error"], code, "{}", a.raw);
    assert!(
        a.body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{}",
        a.raw
    );
    assert!(states(s, id, tokens).await == before, "the game changed");
}

async fn states(s: &TestServer, id: &str, tokens: &[String]) -> Vec<Value> {
    // Everything but the lobby's status, which says who has joined.
    let game = |mut v: Value| {
        v.as_object_mut().unwrap().remove("status");
        v
    };
    let mut out = vec![game(s.state(id, None).await)];
    for t in tokens.iter().filter(|t| !t.is_empty()) {
        out.push(game(s.state(id, Some(t)).await));
    }
    out
}

#[tokio::test]
async fn every_bad_decision_is_refused_with_its_code_and_the_game_is_unchanged() {
    let s = server().await;
    let (id, tok) = two_humans(&s).await;
    let path = format!("/api/games/{id}/decisions");
    let before = states(&s, &id, &tok).await;
    let t0 = Some(tok[0].as_str());

    let a = s.post(&path, t0, "{\"version\": 0, \"option\": ").await;
    refused(&s, &id, &tok, a, 400, "bad_json", &before).await;
    let a = s.post(&path, t0, "{\"option\": 0}").await;
    refused(&s, &id, &tok, a, 400, "bad_json", &before).await;
    let a = s
        .post(
            &path,
            t0,
            "{\"version\": 0, \"option\": 0, \"decision\": \"Pass\"}",
        )
        .await;
    refused(&s, &id, &tok, a, 400, "bad_json", &before).await;

    let a = s
        .post(
            "/api/games/nosuchgame/decisions",
            t0,
            "{\"version\":0,\"option\":0}",
        )
        .await;
    refused(&s, &id, &tok, a, 404, "no_game", &before).await;
    let a = s.get("/api/games/nosuchgame", None).await;
    refused(&s, &id, &tok, a, 404, "no_game", &before).await;

    let a = s.post(&path, None, "{\"version\":0,\"option\":0}").await;
    refused(&s, &id, &tok, a, 401, "no_token", &before).await;
    let (_, other) = s
        .create(&["human", "faceless", "faceless", "faceless"], 8)
        .await;
    let a = s
        .post(&path, Some(&other[0]), "{\"version\":0,\"option\":0}")
        .await;
    refused(&s, &id, &tok, a, 403, "wrong_token", &before).await;
    let a = s
        .post(
            &path,
            Some("00000000000000000000000000000000"),
            "{\"version\":0,\"option\":0}",
        )
        .await;
    refused(&s, &id, &tok, a, 403, "wrong_token", &before).await;
    let a = s.get(&format!("/api/games/{id}"), Some(&other[0])).await;
    refused(&s, &id, &tok, a, 403, "wrong_token", &before).await;

    let a = s.post(&path, t0, "{\"version\":0,\"option\":999}").await;
    refused(&s, &id, &tok, a, 422, "illegal_decision", &before).await;
    let a = s
        .post(&path, t0, "{\"version\":0,\"decision\":{\"Region\":200}}")
        .await;
    refused(&s, &id, &tok, a, 422, "illegal_decision", &before).await;
    let a = s
        .post(&path, t0, "{\"version\":0,\"decision\":\"no such thing\"}")
        .await;
    refused(&s, &id, &tok, a, 422, "illegal_decision", &before).await;

    let a = s.post(&path, t0, "{\"version\":5,\"option\":0}").await;
    refused(&s, &id, &tok, a, 409, "stale_version", &before).await;
    let a = s
        .post(&path, Some(&tok[1]), "{\"version\":0,\"option\":0}")
        .await;
    refused(&s, &id, &tok, a, 409, "not_your_turn", &before).await;

    let big = format!(
        "{{\"version\":0,\"option\":0,\"pad\":\"{}\"}}",
        "x".repeat(70_000)
    );
    let a = s.post(&path, t0, &big).await;
    refused(&s, &id, &tok, a, 413, "too_large", &before).await;
    let a = s.post("/api/games", None, &big).await;
    assert_eq!((a.status, &a.body["error"]), (413, &json!("too_large")));

    let a = s
        .post(&format!("/api/games/{id}/takeback"), t0, "{\"version\":0}")
        .await;
    refused(&s, &id, &tok, a, 409, "cannot_take_back", &before).await;
    let a = s.get(&format!("/api/games/{id}/record"), None).await;
    refused(&s, &id, &tok, a, 409, "not_over", &before).await;

    // And the good decision goes through, once.
    let a = s.post(&path, t0, "{\"version\":0,\"option\":0}").await;
    assert_eq!(a.status, 200, "{}", a.raw);
    assert_eq!(a.body["version"], 1);
    let a = s.post(&path, t0, "{\"version\":0,\"option\":0}").await;
    assert_eq!(a.body["error"], "stale_version", "{}", a.raw);
}

#[tokio::test]
async fn bad_games_to_create_are_refused() {
    let s = server().await;
    for (body, status, code) in [
        ("{\"game\":\"lov\",\"seats\":[\"human\"]}", 422, "bad_setup"),
        (
            "{\"game\":\"chess\",\"seats\":[\"human\",\"human\"]}",
            422,
            "bad_setup",
        ),
        (
            "{\"game\":\"lov\",\"seats\":[\"faceless\",\"faceless\",\"faceless\",\"faceless\"]}",
            422,
            "bad_setup",
        ),
        (
            "{\"game\":\"lov\",\"seats\":[\"human\",\"robot\",\"human\",\"human\"]}",
            400,
            "bad_json",
        ),
        (
            "{\"game\":\"lov\",\"seats\":[\"human\",\"ismcts:iters=5\",\"human\",\"human\"]}",
            400,
            "bad_json",
        ),
        (
            "{\"game\":\"lov\",\"seats\":[\"human\",\"Heuristic\",\"human\",\"human\"]}",
            400,
            "bad_json",
        ),
        (
            "{\"game\":\"lov\",\"seats\":[\"human\",\"human\",\"human\",\"human\"],\"lang\":\"de\"}",
            400,
            "bad_lang",
        ),
        ("not json", 400, "bad_json"),
    ] {
        let a = s.post("/api/games", None, body).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (status, Some(code)),
            "{body}: {}",
            a.raw
        );
    }
    let lobby = s.get("/api/games", None).await;
    assert_eq!(lobby.body, json!([]), "no game was created");
}

#[tokio::test]
async fn bad_socket_messages_get_error_frames_and_the_game_is_unchanged() {
    let s = server().await;
    let (id, tok) = two_humans(&s).await;
    let before = states(&s, &id, &tok).await;
    let mut ws = Socket::connect(s.addr, &id).await.unwrap();

    async fn error(ws: &mut Socket) -> String {
        let (m, raw) = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(m["type"], "error", "{raw}");
        m["error"].as_str().unwrap().to_owned()
    }

    ws.send(&json!({"type":"decide","version":0,"option":0}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "no_token");
    ws.send(&json!({"type":"hello","token":"ffffffffffffffffffffffffffffffff"}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "wrong_token");
    ws.send_text("{\"type\":\"hello\",".into()).await.unwrap();
    assert_eq!(error(&mut ws).await, "bad_json");
    ws.send_text(format!(
        "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
        "x".repeat(70_000)
    ))
    .await
    .unwrap();
    assert_eq!(error(&mut ws).await, "too_large");

    ws.send(&json!({"type":"hello","token":tok[0],"events_from":0}))
        .await
        .unwrap();
    let (m, raw) = ws.next().await.unwrap();
    assert_eq!(m["type"], "state", "{raw}");
    assert_eq!(m["viewer"]["seat"], 0);
    assert_eq!(m["version"], 0);
    assert_eq!(
        m["events"].as_array().unwrap().len(),
        m["events_total"].as_u64().unwrap() as usize
    );

    ws.send(&json!({"type":"decide","version":3,"option":0}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "stale_version");
    ws.send(&json!({"type":"decide","version":0,"option":999}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "illegal_decision");
    ws.send(&json!({"type":"decide","version":0}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "bad_json");
    ws.send(&json!({"type":"takeback","version":0}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws).await, "cannot_take_back");
    assert!(states(&s, &id, &tok).await == before, "the game changed");

    // Seat 1 may not decide for seat 0.
    let mut ws1 = Socket::connect(s.addr, &id).await.unwrap();
    ws1.send(&json!({"type":"hello","token":tok[1]}))
        .await
        .unwrap();
    let (m, _) = ws1.next().await.unwrap();
    assert!(
        m["question"]["options"].is_null(),
        "seat 1 sees no options of seat 0"
    );
    ws1.send(&json!({"type":"decide","version":0,"option":0}))
        .await
        .unwrap();
    assert_eq!(error(&mut ws1).await, "not_your_turn");
    assert!(states(&s, &id, &tok).await == before, "the game changed");

    // A good decision is pushed to both.
    ws.send(&json!({"type":"decide","version":0,"option":0}))
        .await
        .unwrap();
    let (m, _) = ws.next().await.unwrap();
    assert_eq!(
        (m["type"].as_str(), m["version"].as_u64()),
        (Some("state"), Some(1))
    );
    let (m, _) = ws1.next().await.unwrap();
    assert_eq!(
        (m["type"].as_str(), m["version"].as_u64()),
        (Some("state"), Some(1))
    );
    ws.send(&json!({"type":"ping"})).await.unwrap();
    assert_eq!(ws.next().await.unwrap().0["type"], "pong");
}

/// A game of bots plays itself to the end; then it refuses decisions, and
/// its record and every step of its replay are public.
#[tokio::test]
async fn a_finished_game_refuses_decisions_and_replays_step_by_step() {
    let s = server().await;
    let (id, _) = s
        .create(&["random", "random", "faceless", "faceless"], 3)
        .await;
    let mut st = Value::Null;
    for _ in 0..600 {
        st = s.state(&id, None).await;
        if st["status"] == "over" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(st["status"], "over", "the bots finished");
    assert!(st["outcome"]["winners"].is_array());
    let record = s.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(record.status, 200);
    let n = record.body["decisions"].as_array().unwrap().len();
    assert_eq!(n as u64, st["version"].as_u64().unwrap());
    let first = s.get(&format!("/api/games/{id}/at/0"), None).await;
    assert_eq!(first.status, 200, "{}", first.raw);
    assert_eq!(first.body["decisions"], n);
    let last = s.get(&format!("/api/games/{id}/at/{n}"), None).await;
    assert_eq!(
        last.body["view"], st["view"],
        "the last step is the game's end"
    );
    assert_eq!(
        last.body["events"].as_array().unwrap().len() as u64,
        st["events_total"].as_u64().unwrap()
    );
    let past = s.get(&format!("/api/games/{id}/at/{}", n + 1), None).await;
    assert_eq!(
        (past.status, past.body["error"].as_str()),
        (404, Some("no_step"))
    );

    let before = s.state(&id, None).await;
    let a = s
        .post(
            &format!("/api/games/{id}/decisions"),
            None,
            "{\"version\":1,\"option\":0}",
        )
        .await;
    assert_eq!(a.status, 401);
    assert_eq!(s.state(&id, None).await, before);
}

#[tokio::test]
async fn the_lobby_texts_content_health_and_pages_answer() {
    let s = server().await;
    assert_eq!(
        s.get("/healthz", None).await.body,
        json!({"status": "ok", "store": "ok"})
    );
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    let lobby = s.get("/api/games", None).await.body;
    assert_eq!(lobby[0]["id"], id.as_str());
    // The person's seat was joined with its invitation.
    assert_eq!(lobby[0]["status"], "playing");
    assert_eq!(lobby[0]["seats"][0]["taken"], true);
    let t = s.get("/api/texts/it", None).await;
    assert_eq!(t.body["lang"], "it");
    assert!(
        t.body["messages"]
            .as_object()
            .is_some_and(|m| !m.is_empty())
    );
    assert_eq!(s.get("/api/texts/de", None).await.body["error"], "bad_lang");
    let c = s.get("/api/content/lov?lang=fr", None).await.body;
    assert_eq!(
        c["regions"].as_array().unwrap().len(),
        12,
        "LoV has twelve regions"
    );
    assert_eq!(c["characters"].as_array().unwrap().len(), 4);
    let page = valerna_server::client::http(s.addr, "GET", "/", None, None)
        .await
        .unwrap();
    assert_eq!(page.status, 200);
    assert!(page.raw.contains("<html"), "{}", page.raw);
    let play = valerna_server::client::http(s.addr, "GET", &format!("/play/{id}"), None, None)
        .await
        .unwrap();
    assert_eq!(play.status, 200);
    let missing = s.get("/static/nope.js", None).await;
    assert_eq!(missing.status, 404);
}

/// The lobby comes in pages, newest first: `limit` games being played
/// from `offset`, each once; a bad `limit` is refused.
#[tokio::test]
async fn the_lobby_comes_in_pages() {
    let s = server().await;
    let mut made = Vec::new();
    for seed in 0..5 {
        made.push(
            s.create(&["human", "faceless", "faceless", "faceless"], seed)
                .await
                .0,
        );
    }
    let mut seen = Vec::new();
    for offset in [0, 2, 4] {
        let a = s
            .get(&format!("/api/games?limit=2&offset={offset}"), None)
            .await;
        assert_eq!(a.status, 200, "{}", a.raw);
        let page: Vec<String> = a
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            page.len(),
            if offset == 4 { 1 } else { 2 },
            "{offset}: {page:?}"
        );
        seen.extend(page);
    }
    seen.sort();
    made.sort();
    assert_eq!(seen, made, "every game once");
    for bad in ["limit=0", "limit=501", "limit=x", "offset=-1"] {
        let a = s.get(&format!("/api/games?{bad}"), None).await;
        assert_eq!(
            (a.status, a.body["error"].as_str()),
            (400, Some("bad_query")),
            "{bad}: {}",
            a.raw
        );
    }
}
