//! The API's refusals: an HTTP status and a stable code, with a sentence.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::store::StoreError;

/// A refused request: `{"error": code, "message": text}`.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    /// A stable code clients branch on (`stale_version`, `no_game`, ...).
    pub code: &'static str,
    /// What was wrong, for people.
    pub message: String,
}

impl ApiError {
    /// 409 `not_over`: only a finished game's record is public.
    pub fn not_over() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "not_over",
            "only a finished game's record is public (an unfinished one would reveal hidden cards)",
        )
    }

    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// A store that failed or refused: the game did not change.
    pub fn store(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => {
                ApiError::new(StatusCode::CONFLICT, "stale_version", e.to_string())
            }
            StoreError::NoGame(_) => ApiError::new(StatusCode::NOT_FOUND, "no_game", e.to_string()),
            StoreError::Joined => ApiError::already_joined(),
            StoreError::Io(_) => {
                tracing::error!(error = %e, "store failed");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "store_failed",
                    e.to_string(),
                )
            }
        }
    }

    /// An invitation whose seat a browser has opened already.
    pub fn already_joined() -> Self {
        ApiError::new(
            StatusCode::CONFLICT,
            "already_joined",
            "this seat's invitation was opened already, in another browser: the seat is \
             that browser's (watch the game as a spectator, or ask the game's creator)",
        )
    }

    pub fn bad_json(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_json", message)
    }

    pub fn too_large(limit: usize) -> Self {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the body is larger than {limit} bytes"),
        )
    }

    /// Over a flood limit: try again after the bucket's wait.
    pub fn rate_limited(l: crate::limit::Limited) -> Self {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many requests from this address or token: try again in {} s",
                l.retry_after_secs()
            ),
        )
    }

    pub fn body(&self) -> serde_json::Value {
        json!({"error": self.code, "message": self.message})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// A refusal.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable code: `bad_json`, `bad_lang`, `bad_setup`, `no_token`,
    /// `wrong_token`, `wrong_invite`, `already_joined`, `no_game`, `stale_version`, `not_your_turn`,
    /// `illegal_decision`, `too_large`, `game_over`, `broken`,
    /// `cannot_take_back`, `not_over`, `no_step`, `rate_limited`,
    /// `store_failed`, `no_file`, `not_found`, `bad_query`, `bad_path`,
    /// `not_websocket`, `method_not_allowed`, `uri_too_long`,
    /// `headers_too_large`, `bad_list`, `no_list`, `bad_odds`, `no_pack`,
    /// `bad_pack`, `no_card`, `hint_off`, `no_hint`, `internal`, `not_creator`, `link_quota`,
    /// `bad_seat`, `seat_in_use`; with
    /// several nodes, `moving`, `owner_unreachable`, `owner_failed`,
    /// `owner_timeout`.
    pub error: String,
    pub message: String,
}
