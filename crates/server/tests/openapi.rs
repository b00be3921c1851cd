//! docs/openapi.json is the document the code generates. Regenerate it with
//! `cargo run -p valerna-cli -- serve --openapi > docs/openapi.json`.

#[test]
fn the_committed_openapi_document_is_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = valerna_server::api::openapi_json();
    assert!(
        committed == generated,
        "docs/openapi.json is out of date: run `cargo run -p valerna-cli -- serve --openapi > docs/openapi.json`"
    );
    let doc: serde_json::Value = serde_json::from_str(&generated).unwrap();
    assert_eq!(doc["openapi"].as_str().map(|v| &v[..2]), Some("3."));
    // The socket's error frame, as ws.rs writes it.
    let frame = &doc["components"]["schemas"]["SocketError"]["properties"];
    for field in ["type", "error", "message", "of", "id"] {
        assert!(frame[field].is_object(), "SocketError.{field}");
    }
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/decisions",
        "/api/games/{id}/takeback",
        "/api/games/{id}/events",
        "/api/games/{id}/record",
        "/api/games/{id}/at/{k}",
        "/api/games/{id}/ws",
        "/healthz",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
}
