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
