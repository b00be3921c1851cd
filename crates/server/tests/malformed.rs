//! A query string, path or handshake that does not parse is refused with
//! the same JSON body as every refusal (found by schemathesis: axum's own
//! refusals were plain text).

mod common;

#[tokio::test]
async fn malformed_queries_paths_and_handshakes_get_json_refusals() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    for (path, status, code) in [
        (format!("/api/games/{id}/events?from=-1"), 400, "bad_query"),
        (format!("/api/games/{id}?lang=en&lang=fr"), 400, "bad_query"),
        ("/api/texts/%FF".to_owned(), 400, "bad_path"),
        (format!("/api/games/{id}/ws"), 400, "not_websocket"),
        ("/api/games/%FF".to_owned(), 400, "bad_path"),
    ] {
        let a = s.get(&path, None).await;
        assert_eq!(a.status, status, "{path}: {}", a.raw);
        assert_eq!(a.body["error"], code, "{path}: {}", a.raw);
        assert!(
            a.body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{path}"
        );
    }
    // The game is untouched and served.
    assert_eq!(s.state(&id, None).await["version"], 0);
}

/// One request written by hand (headers the test client does not send),
/// read to the end: its status and its body as JSON.
async fn raw(s: &common::TestServer, head: &str) -> (u16, serde_json::Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    c.write_all(head.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    c.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or_default())
}

/// What docs/openapi.json and docs/api.md say of the refusals is what the
/// server does: a malformed `Authorization` is 401 on a read too, and the
/// scheme's name is read in any case; `/at/{k}` with a `k` that is no
/// number is 400 `bad_path`; 405, 413 on a take-back, 414 and 431 carry
/// the JSON error body; `first` naming a Faceless seat and an unknown
/// game's content are refused by name.
#[tokio::test]
async fn the_refusals_are_the_documented_ones() {
    let s = common::server().await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    let token = &tokens[0];
    let get = |path: &str, auth: &str| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: {auth}\r\n\r\n"
        )
    };
    for auth in ["Basic abc", "Bearer", "Bearer   ", token.as_str()] {
        for path in [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/events"),
        ] {
            let (status, body) = raw(&s, &get(&path, auth)).await;
            assert_eq!(
                (status, body["error"].as_str()),
                (401, Some("no_token")),
                "{path} {auth}"
            );
        }
    }
    for scheme in ["bearer", "BEARER", "Bearer", "bEaReR"] {
        let (status, body) = raw(
            &s,
            &get(&format!("/api/games/{id}"), &format!("{scheme} {token}")),
        )
        .await;
        assert_eq!(status, 200, "{scheme}: {body}");
        assert_eq!(body["viewer"], serde_json::json!({"seat": 0}), "{scheme}");
    }
    let a = s.get(&format!("/api/games/{id}/at/abc"), None).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (400, Some("bad_path")),
        "{}",
        a.raw
    );
    let big = format!("{{\"version\": 0, \"x\": \"{}\"}}", "a".repeat(70 * 1024));
    let a = s
        .post(&format!("/api/games/{id}/takeback"), Some(token), &big)
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (413, Some("too_large")),
        "{}",
        a.raw
    );
    let (status, body) = raw(
        &s,
        "DELETE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (405, Some("method_not_allowed")),
        "{body}"
    );
    let long = format!("/healthz?x={}", "a".repeat(9 * 1024));
    let (status, body) = raw(&s, &get(&long, "Bearer x")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (414, Some("uri_too_long")),
        "{body}"
    );
    let mut many = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n".to_owned();
    for i in 0..70 {
        many.push_str(&format!("X-Header-{i}: {i}\r\n"));
    }
    many.push_str("\r\n");
    let (status, body) = raw(&s, &many).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (431, Some("headers_too_large")),
        "{body}"
    );
    let a = s.get("/api/content/chess", None).await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (404, Some("no_game")),
        "{}",
        a.raw
    );
    let a = s
        .post(
            "/api/games",
            None,
            r#"{"game":"lov","seats":["human","faceless","human","faceless"],"first":1}"#,
        )
        .await;
    assert_eq!(
        (a.status, a.body["error"].as_str()),
        (422, Some("bad_setup")),
        "{}",
        a.raw
    );
    assert!(
        a.body["message"].as_str().unwrap().contains("Faceless"),
        "{}",
        a.raw
    );
    // The document says so.
    let doc: serde_json::Value =
        serde_json::from_str(&valerna_server::api::openapi_json()).unwrap();
    let responses = |path: &str, method: &str| doc["paths"][path][method]["responses"].clone();
    for path in ["/api/games/{id}", "/api/games/{id}/events"] {
        assert!(responses(path, "get")["401"].is_object(), "{path}");
    }
    assert!(responses("/api/games/{id}/takeback", "post")["413"].is_object());
    assert!(responses("/api/games/{id}/at/{k}", "get")["400"].is_object());
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for status in ["414", "431"] {
                assert!(
                    op["responses"][status].is_object(),
                    "{method} {path} {status}"
                );
            }
        }
    }
    let codes = doc["components"]["schemas"]["ErrorBody"]["properties"]["error"]["description"]
        .as_str()
        .unwrap();
    for code in [
        "not_found",
        "method_not_allowed",
        "uri_too_long",
        "headers_too_large",
    ] {
        assert!(codes.contains(code), "{code}");
    }
    let create = &doc["components"]["schemas"]["CreateGame"]["properties"];
    assert!(
        create["seed"]["type"].to_string().contains("integer"),
        "{}",
        create["seed"]
    );
    assert_eq!(create["seed"]["format"], "int64");
    assert!(
        create["first"]["description"]
            .as_str()
            .unwrap()
            .contains("faceless")
    );
    assert_eq!(
        doc["components"]["schemas"]["LangCode"]["enum"],
        serde_json::json!(["en", "it", "fr"])
    );
    assert!(
        create["lang"].to_string().contains("LangCode"),
        "{}",
        create["lang"]
    );
}

/// A body declared larger than the limit is refused 413 `too_large` at
/// once, on every route that takes one, before a byte of it is read
/// (before: the server waited for it, 30 s, and answered 408).
#[tokio::test]
async fn a_body_declared_too_large_is_refused_at_once() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    for path in [
        "/api/games".to_owned(),
        format!("/api/games/{id}/decisions"),
        format!("/api/games/{id}/join"),
        "/api/bov/lists".to_owned(),
        "/api/bov/packs".to_owned(),
        "/api/bov/cards/check".to_owned(),
    ] {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: 100000000\r\nConnection: close\r\n\r\n"
        );
        let t = std::time::Instant::now();
        let (status, body) =
            tokio::time::timeout(std::time::Duration::from_secs(5), raw(&s, &head))
                .await
                .unwrap_or_else(|_| panic!("{path}: no answer within 5 s"));
        assert_eq!(
            (status, body["error"].as_str()),
            (413, Some("too_large")),
            "{path}: {body}"
        );
        assert!(
            t.elapsed() < std::time::Duration::from_secs(2),
            "{path}: {:?}",
            t.elapsed()
        );
    }
}

/// An `Authorization` header that is not `Bearer <token>` is refused 401
/// `no_token` on every route of the API alike, reads of public content
/// included (it was ignored there and refused on a game's routes); the
/// pages, which are not the API, ignore it.
#[tokio::test]
async fn an_authorization_that_is_not_bearer_is_refused_on_every_route() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 1)
        .await;
    let ask = |path: String| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Basic dXNlcjpwYXNz\r\nConnection: close\r\n\r\n"
        )
    };
    for path in [
        "/healthz".to_owned(),
        "/api/games".to_owned(),
        format!("/api/games/{id}"),
        "/api/content/lov".to_owned(),
        "/api/texts/en".to_owned(),
        "/api/bov/odds?attack=3xblack&defense=gray".to_owned(),
        "/api/bov/lists/new?faction=allaria".to_owned(),
        "/api/bov/rules".to_owned(),
    ] {
        let (status, body) = raw(&s, &ask(path.clone())).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some("no_token")),
            "{path}: {body}"
        );
    }
    for page in ["/", "/lists", "/static/style.css"] {
        let (status, _) = raw(&s, &ask(page.to_owned())).await;
        assert_eq!(status, 200, "{page}");
    }
}
