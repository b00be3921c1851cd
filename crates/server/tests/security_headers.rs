//! Every answer, every page and every route of the API (its successes and
//! its refusals alike), carries the security headers: a Content-Security-
//! Policy that runs only the server's own scripts and styles and forbids
//! framing, `nosniff` and `no-referrer`.

mod common;

use std::net::SocketAddr;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One request on its own connection: the status and the head's lines,
/// names in lower case.
async fn head(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(body.unwrap_or(""));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    let head = text.split_once("\r\n\r\n").map_or(&*text, |(h, _)| h);
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase())
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}:")).map(str::trim))
}

fn check(what: &str, status: u16, head: &str) {
    assert!(status >= 200, "{what}: no answer");
    let csp = header(head, "content-security-policy")
        .unwrap_or_else(|| panic!("{what} ({status}): no Content-Security-Policy:\n{head}"));
    for part in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(part), "{what}: {csp:?} lacks {part:?}");
    }
    assert!(!csp.contains("unsafe"), "{what}: {csp}");
    assert_eq!(
        header(head, "x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(
        header(head, "referrer-policy"),
        Some("no-referrer"),
        "{what}"
    );
}

#[tokio::test]
async fn every_page_and_route_carries_the_security_headers() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 7)
        .await;
    let mut checked = 0;
    // The pages, the lobby's and each game's, a game that is not there too.
    for page in [
        "/".to_owned(),
        format!("/play/{id}"),
        format!("/replay/{id}"),
        "/play/nope".to_owned(),
        "/lists".to_owned(),
        "/cards".to_owned(),
        "/cards/edit".to_owned(),
        "/rulings".to_owned(),
        "/odds".to_owned(),
        "/no/such/route".to_owned(),
        "/static/no-such-file.js".to_owned(),
    ] {
        let (status, h) = head(s.addr, "GET", &page, None).await;
        check(&page, status, &h);
        checked += 1;
    }
    // Every embedded file.
    let files = valerna_server::web::files();
    assert!(files.iter().any(|f| f == "index.html"), "{files:?}");
    for f in &files {
        let path = format!("/static/{f}");
        let (status, h) = head(s.addr, "GET", &path, None).await;
        assert_eq!(status, 200, "{path}");
        check(&path, status, &h);
        checked += 1;
    }
    // Every route and method of the API, as its document lists them, with
    // a body that is refused: a refusal carries the headers too.
    let doc: Value = serde_json::from_str(&valerna_server::api::openapi_json()).unwrap();
    for (path, methods) in doc["paths"].as_object().unwrap() {
        let path = path
            .replace("{id}", &id)
            .replace("{lang}", "en")
            .replace("{game}", "lov")
            .replace("{k}", "0");
        for method in methods.as_object().unwrap().keys() {
            let method = method.to_ascii_uppercase();
            let body = (method != "GET").then_some("{}");
            let (status, h) = head(s.addr, &method, &path, body).await;
            check(&format!("{method} {path}"), status, &h);
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked} answers");
}

/// A refusal for the flood limits is an answer like any other.
#[tokio::test]
async fn a_refusal_for_the_flood_limits_carries_them_too() {
    use valerna_server::Config;
    use valerna_server::limit::{Limits, Rate};
    let s = common::server_with(Config {
        limits: Limits {
            per_address: Rate {
                per_second: 0.01,
                burst: 1,
            },
            ..Limits::default()
        },
        ..Config::default()
    })
    .await;
    let (first, _) = head(s.addr, "GET", "/healthz", None).await;
    assert_eq!(first, 200);
    let (status, h) = head(s.addr, "GET", "/healthz", None).await;
    assert_eq!(status, 429);
    check("429", status, &h);
}
