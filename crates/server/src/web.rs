//! The web pages, compiled into the binary: nothing to build or install to
//! serve them.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};

use crate::app::App;
use crate::error::ApiError;

static WEB: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/web");

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
