//! What a request brings, read into the server's types: the query and the
//! path's parameters (refused with the same JSON body as every refusal),
//! and the body within its limits.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Path, Query};
use axum::http::StatusCode;
use axum::http::request::Parts;

use crate::app::App;
use crate::error::ApiError;

/// A query string; one that does not parse is refused 400 `bad_query`
/// with the same JSON body as every refusal.
#[derive(Debug)]
pub struct Q<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(t)| Q(t))
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.body_text()))
    }
}

/// The path's parameters; ones that do not parse (not UTF-8 once
/// percent-decoded) are refused 400 `bad_path`.
#[derive(Debug)]
pub struct P<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned + Send> FromRequestParts<S> for P<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(t)| P(t))
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_path", e.body_text()))
    }
}

/// The body, refused past the limit, or 408 `body_timeout` when it did not
/// arrive whole in time (`conn::BodyTimeout`).
pub(crate) async fn read_body(app: &App, body: Body) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(body, app.config.max_body)
        .await
        .map_err(|e| match crate::conn::BodyTimeout::find(&e) {
            Some(t) => ApiError::new(StatusCode::REQUEST_TIMEOUT, "body_timeout", t.to_string()),
            None => ApiError::too_large(app.config.max_body),
        })
}
