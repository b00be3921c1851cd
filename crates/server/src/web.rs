//! The web pages, compiled into the binary: nothing to build or install to
//! serve them.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};

use crate::app::App;
use crate::error::ApiError;

static WEB: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The Content-Security-Policy of every answer: the pages run only the
/// server's own scripts and styles (no inline script, no inline style
/// attribute: the scripts set styles through `element.style`, which CSP
/// allows), talk only to their own origin (the API and its WebSocket:
/// `'self'` covers `ws:`/`wss:` of the same host), show images of their own
/// and the empty `data:,` icon, and may not be framed by anyone.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries, pages and API alike: [`CSP`], no
/// content-type sniffing, no referrer sent with the links (a game's page
/// address names the game).
pub const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Adds [`SECURITY_HEADERS`] to every answer (a handler's own are kept).
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    res
}

/// The paths of every embedded file, as `/static/...` serves them.
pub fn files() -> Vec<String> {
    fn walk(d: &Dir<'_>, out: &mut Vec<String>) {
        for f in d.files() {
            out.push(f.path().to_string_lossy().replace('\\', "/"));
        }
        for sub in d.dirs() {
            walk(sub, out);
        }
    }
    let mut out = Vec::new();
    walk(&WEB, &mut out);
    out.sort();
    out
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path`, or the page `fallback`.
fn file(path: &str, fallback: Option<&str>) -> Response {
    let found = WEB
        .get_file(path)
        .map(|f| (path, f))
        .or_else(|| fallback.and_then(|p| WEB.get_file(p).map(|f| (p, f))));
    match found {
        Some((p, f)) => (
            [
                (header::CONTENT_TYPE, content_type(p)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            f.contents(),
        )
            .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "no_file",
            format!("no file {path:?}"),
        )
        .into_response(),
    }
}

pub async fn lobby() -> Response {
    file("index.html", None)
}

/// The page of game `id` that `pick` names for its kind (`fallback` for
/// an unknown game, whose page says so). A finished game's kind is read
/// from the store, without replaying it.
async fn game_page(
    app: &App,
    id: &str,
    pick: fn(&crate::games::Entry) -> &'static str,
    fallback: &'static str,
) -> Response {
    let page = app
        .game_of(id)
        .await
        .and_then(|g| crate::games::find(&g))
        .map_or(fallback, pick);
    file(page, Some("index.html"))
}

/// The page that plays the game: each game has its own.
pub async fn play(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    game_page(&app, &id, |e| e.page, "play.html").await
}

/// The page that steps through the game, each game its own.
pub async fn replay(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    game_page(&app, &id, |e| e.replay_page, "replay.html").await
}

pub async fn asset(Path(path): Path<String>) -> Response {
    if path.split('/').any(|p| p == ".." || p.is_empty()) {
        return ApiError::new(StatusCode::NOT_FOUND, "no_file", "no such file").into_response();
    }
    file(&path, None)
}

/// A page of the embedded files, by its file name.
pub fn page(path: &str) -> Response {
    file(path, None)
}
