//! The game's WebSocket: one per client. A writer half sends what the game
//! pushes into the client's bounded queue; a reader half takes the client's
//! messages through the same paths as HTTP.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::Extensions;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use utoipa::ToSchema;
use valerna_game::Viewer;
use valerna_texts::Lang;

use crate::app::{App, Choice, Push, Slot};
use crate::error::ApiError;
use crate::extract::P;
use crate::limit::Key;

/// Frames larger than this are refused with `too_large`.
pub const MAX_FRAME: usize = 64 * 1024;
/// Frames larger than this close the socket.
pub(crate) const HARD_LIMIT: usize = 1024 * 1024;
/// The socket's read buffer: a client sends small messages (a decision, a
/// try), and the buffer grows for a larger one while it is read. The
/// default, 128 KiB allocated for each socket up front, was most of an idle
/// socket's memory.
const READ_BUFFER: usize = 4 * 1024;
/// The most a socket's write buffer holds: a client that reads nothing
/// fills its queue long before (a state is tens of KiB).
const MAX_WRITE_BUFFER: usize = 4 * 1024 * 1024;
/// How long one frame may take to leave before the client is dropped.
const SEND_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// A message from a client (see docs/api.md).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        lang: Option<String>,
        #[serde(default)]
        events_from: Option<usize>,
    },
    Decide {
        version: u64,
        #[serde(default)]
        decision: Option<Value>,
        #[serde(default)]
        option: Option<usize>,
    },
    Takeback {
        version: u64,
    },
    /// A decision to check, not make (a unit dragged across the table):
    /// answered by a `tried` frame with the same `seq`.
    Try {
        version: u64,
        seq: u64,
        decision: Value,
    },
    /// What one unit sees of another (Battles of Valerna), for anyone at
    /// the table: answered by a `looked` frame with the same `seq`.
    Look {
        seq: u64,
        from: u16,
        to: u16,
    },
    /// Why one unit may not attack, and may not charge, another (Battles of
    /// Valerna), for anyone at the table: answered by a `why_not` frame
    /// with the same `seq`.
    Why {
        seq: u64,
        unit: u16,
        target: u16,
    },
    /// The way the bots' planner would march a unit toward a point
    /// (Battles of Valerna), for anyone at the table: answered by a
    /// `routed` frame with the same `seq` and the march as a decision.
    Route {
        seq: u64,
        unit: u16,
        x: f64,
        y: f64,
    },
    Ping,
}

/// Tries one socket may send a second: a drag asks at most once a frame,
/// one try in flight, so this is well above what a page sends.
const TRIES_PER_SECOND: u32 = 120;

pub async fn upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    P(id): P<String>,
    State(app): State<Arc<App>>,
    extensions: Extensions,
) -> Response {
    let slot = match app.find(&id).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return ApiError::new(e.status(), "not_websocket", e.body_text()).into_response();
        }
    };
    let keys = crate::limit::limit_keys(&extensions, None);
    // The socket keeps its connection's place in the connection caps.
    let held = extensions.get::<crate::conn::Held>().cloned();
    ws.max_message_size(HARD_LIMIT)
        .max_frame_size(HARD_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| async move {
            client(app, slot, socket, keys).await;
            drop(held);
        })
}

/// Reads a client's text frame: too large, or not a message, is refused
/// with the error its error frame carries.
pub fn decode(text: &str) -> Result<ClientMessage, ApiError> {
    decode_named(text).1
}

/// What a refusal is about: the refused message's `type` and the id its
/// client gave it (`id`, a string or a number), when it had them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Refusing {
    pub of: Option<String>,
    pub id: Option<Value>,
    /// A try's, look's or route's `seq`, which its answer would have named.
    pub seq: Option<u64>,
}

/// Reads a client's text frame as [`decode`] does, and what it was: its
/// `type` and its `id`, which an error frame names.
pub fn decode_named(text: &str) -> (Refusing, Result<ClientMessage, ApiError>) {
    if text.len() > MAX_FRAME {
        return (Refusing::default(), Err(ApiError::too_large(MAX_FRAME)));
    }
    let mut v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let e = ApiError::bad_json(format!("not a message: {e}"));
            return (Refusing::default(), Err(e));
        }
    };
    let mut named = Refusing::default();
    if let Some(m) = v.as_object_mut() {
        named.of = m.get("type").and_then(Value::as_str).map(str::to_owned);
        named.seq = m.get("seq").and_then(Value::as_u64);
        match m.remove("id") {
            None => {}
            Some(id @ (Value::String(_) | Value::Number(_))) => named.id = Some(id),
            Some(_) => {
                let e = ApiError::bad_json("a message's `id` is a string or a number");
                return (named, Err(e));
            }
        }
    }
    let m = ClientMessage::deserialize(v)
        .map_err(|e| ApiError::bad_json(format!("not a message: {e}")));
    (named, m)
}

/// An error frame: the refusal, and the message it refuses (`of`, its
/// type, and `id`, the client's id of it, each `null` when unknown).
fn error_frame_of(e: &ApiError, r: &Refusing) -> String {
    let frame = SocketError {
        kind: "error",
        error: e.code.to_owned(),
        message: e.message.clone(),
        of: r.of.clone(),
        id: r.id.clone(),
        seq: r.seq,
    };
    serde_json::to_string(&frame).unwrap_or_default()
}

/// A frame the socket sends, as its schema in docs/openapi.json says.
fn to_frame(frame: &impl serde::Serialize) -> String {
    serde_json::to_string(frame).unwrap_or_default()
}

fn error_frame(e: &ApiError) -> String {
    error_frame_of(e, &Refusing::default())
}

/// `keys`: the flood limits' keys of the client's address; its token's is
/// added once it says hello with one.
async fn client(app: Arc<App>, slot: Arc<Slot>, socket: WebSocket, mut keys: Vec<Key>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Push>(app.config.client_queue);
    let mut shutdown = app.shutdown_signal();
    // The reader's word to close the socket.
    let (closing, mut close_asked) = tokio::sync::oneshot::channel::<Closing>();
    let writer = async move {
        let mut listen_close = true;
        let close = loop {
            let push = tokio::select! {
                // What is queued leaves first: the refusals before a close.
                biased;
                p = rx.recv() => p,
                _ = shutdown.wait_for(|s| *s) => break Closing::away("the server is shutting down"),
                r = &mut close_asked, if listen_close => match r {
                    Ok(c) => break c,
                    Err(_) => {
                        listen_close = false;
                        continue;
                    }
                },
            };
            match push {
                Some(Push::Text(s)) => {
                    match tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Text(s))).await {
                        Ok(Ok(())) => {}
                        // Refused: the client closed first. Its close frame
                        // is answered (the answer waits in the socket).
                        Ok(Err(_)) => {
                            let _ = tokio::time::timeout(SEND_TIMEOUT, sink.close()).await;
                            return;
                        }
                        Err(_) => return,
                    }
                }
                Some(Push::Close(reason)) => break Closing::away(reason),
                // The queue's last sender is gone: the reader closed for a
                // flood, or the game let the client go.
                None => match close_asked.try_recv() {
                    Ok(c) => break c,
                    Err(_) => {
                        break Closing::away("the client did not read its messages: reconnect");
                    }
                },
            }
        };
        let _ = tokio::time::timeout(SEND_TIMEOUT, async {
            match close {
                Closing::Frame(frame) => sink.send(Message::Close(Some(frame))).await,
                // The socket answers a client's close frame by itself, on
                // its next write or flush: this flushes it.
                Closing::Answer => sink.close().await,
            }
        })
        .await;
    };
    let reader = async {
        // Messages refused in a row for the flood limits.
        let mut strikes = 0u32;
        // Strong until the client says hello; then the game holds the
        // strong sender, so dropping the client from the game closes it.
        let mut strong = Some(tx);
        let weak = strong.as_ref().map(|t| t.downgrade());
        let mut viewer: Option<(Viewer, Lang)> = None;
        // An answer to the client's own message waits for room in its
        // queue rather than being dropped: a burst of the client's own
        // messages slows its reading, and loses no answer.
        let send = |strong: &Option<mpsc::Sender<Push>>, s: String| {
            let to = strong
                .clone()
                .or_else(|| weak.as_ref().and_then(|w| w.upgrade()));
            async move {
                if let Some(t) = to {
                    let _ = t.send(Push::Text(s.into())).await;
                }
            }
        };
        // This second's tries: (its start, how many).
        let mut tries = (std::time::Instant::now(), 0u32);
        while let Some(read) = stream.next().await {
            let msg = match read {
                Ok(m) => m,
                Err(e) if invalid_utf8(&e) => {
                    let _ = closing.send(Closing::Frame(CloseFrame {
                        code: axum::extract::ws::close_code::INVALID,
                        reason: "a text frame that is not UTF-8".into(),
                    }));
                    return true;
                }
                // The connection is gone.
                Err(_) => break,
            };
            let (refusing, decoded) = match &msg {
                Message::Text(t) => {
                    let (r, m) = decode_named(t.as_str());
                    (r, Some(m))
                }
                _ => (Refusing::default(), None),
            };
            // Tries have their own budget: a drag asks often, and its tries
            // must not count towards the flood limits of decisions.
            let is_try = matches!(
                decoded,
                Some(Ok(ClientMessage::Try { .. }
                    | ClientMessage::Look { .. }
                    | ClientMessage::Why { .. }
                    | ClientMessage::Route { .. }))
            );
            if is_try {
                if tries.0.elapsed() >= std::time::Duration::from_secs(1) {
                    tries = (std::time::Instant::now(), 0);
                }
                tries.1 += 1;
                if tries.1 > TRIES_PER_SECOND {
                    let e = ApiError::new(
                        axum::http::StatusCode::TOO_MANY_REQUESTS,
                        "rate_limited",
                        format!("at most {TRIES_PER_SECOND} tries a second"),
                    );
                    send(&strong, error_frame_of(&e, &refusing)).await;
                    continue;
                }
            } else if matches!(msg, Message::Text(_) | Message::Binary(_)) {
                match app.limiter.check(&keys) {
                    Ok(()) => strikes = 0,
                    Err(l) => {
                        strikes += 1;
                        if strikes >= app.limiter.limits().strikes {
                            let _ = closing.send(Closing::Frame(CloseFrame {
                                code: axum::extract::ws::close_code::POLICY,
                                reason: format!(
                                    "{FLOODED}: {strikes} messages in a row over the limit"
                                )
                                .into(),
                            }));
                            return true;
                        }
                        send(
                            &strong,
                            error_frame_of(&ApiError::rate_limited(l), &refusing),
                        )
                        .await;
                        continue;
                    }
                }
            }
            let m = match (msg, decoded) {
                (Message::Text(_), Some(m)) => match m {
                    Ok(m) => m,
                    Err(e) => {
                        send(&strong, error_frame_of(&e, &refusing)).await;
                        continue;
                    }
                },
                // The client closes: the writer answers its close frame.
                (Message::Close(_), _) => {
                    let _ = closing.send(Closing::Answer);
                    return true;
                }
                (Message::Binary(_), _) => {
                    send(
                        &strong,
                        error_frame(&ApiError::bad_json("send text frames of JSON")),
                    )
                    .await;
                    continue;
                }
                _ => continue,
            };
            let result = match m {
                ClientMessage::Ping => {
                    send(&strong, json!({"type": "pong"}).to_string()).await;
                    Ok(())
                }
                ClientMessage::Hello {
                    token,
                    lang,
                    events_from,
                } => match hello(&app, &slot, viewer.is_some(), token.as_deref(), lang) {
                    Ok((v, l)) => match strong.take() {
                        Some(t) => {
                            viewer = Some((v, l));
                            if let (Viewer::Seat(seat), Some(token)) = (v, &token) {
                                keys.push(Key::token(token));
                                app.first_use(&slot, seat).await;
                            }
                            app.subscribe(&slot, v, l, events_from.unwrap_or(0), t)
                                .await;
                            Ok(())
                        }
                        None => Ok(()),
                    },
                    Err(e) => Err(e),
                },
                ClientMessage::Decide {
                    version,
                    decision,
                    option,
                } => match viewer {
                    Some((Viewer::Seat(seat), _)) => match Choice::given(decision, option) {
                        Ok(c) => app.decide(&slot, seat, version, c, None).await.map(|_| ()),
                        Err(e) => Err(e),
                    },
                    _ => Err(no_seat()),
                },
                ClientMessage::Try {
                    version,
                    seq,
                    decision,
                } => match viewer {
                    Some((Viewer::Seat(seat), _)) => {
                        let start = std::time::Instant::now();
                        // Every try is answered by its `tried`, a refusal
                        // to try too (`error`: its code), so that a page
                        // matches each answer to its try by `seq`.
                        let (ok, error, text, measure) =
                            match app.try_decision(&slot, seat, version, &decision).await {
                                Ok((Ok(()), m)) => (true, None, String::new(), m),
                                Ok((Err(why), m)) => (false, Some("illegal_decision"), why, m),
                                Err(e) => (false, Some(e.code), e.message, Value::Null),
                            };
                        let us = start.elapsed().as_micros() as u64;
                        let frame = Tried {
                            kind: "tried",
                            version,
                            seq,
                            ok,
                            error,
                            text,
                            measure,
                            us,
                        };
                        send(&strong, to_frame(&frame)).await;
                        Ok(())
                    }
                    _ => Err(no_seat()),
                },
                ClientMessage::Look { seq, from, to } => match viewer {
                    Some(_) => {
                        let query = json!({"from": from, "to": to});
                        let (look, error, text) = match app.look(&slot, &query).await {
                            Ok(look) => (Some(look), None, None),
                            Err(e) => (None, Some(e.code), Some(e.message)),
                        };
                        let frame = Looked {
                            kind: "looked",
                            seq,
                            look,
                            error,
                            text,
                        };
                        send(&strong, to_frame(&frame)).await;
                        Ok(())
                    }
                    None => Err(ApiError::bad_json("say hello before looking")),
                },
                ClientMessage::Why { seq, unit, target } => match viewer {
                    Some(_) => {
                        let query = json!({"why": unit, "target": target});
                        let (why, error, text) = match app.look(&slot, &query).await {
                            Ok(why) => (Some(why), None, None),
                            Err(e) => (None, Some(e.code), Some(e.message)),
                        };
                        let frame = WhyNot {
                            kind: "why_not",
                            seq,
                            why,
                            error,
                            text,
                        };
                        send(&strong, to_frame(&frame)).await;
                        Ok(())
                    }
                    None => Err(ApiError::bad_json("say hello before asking why")),
                },
                ClientMessage::Route { seq, unit, x, y } => match viewer {
                    Some(_) => {
                        let query = json!({"route": unit, "to": {"x": x, "y": y}});
                        let (decision, error, text) = match app.look(&slot, &query).await {
                            Ok(decision) => (Some(decision), None, None),
                            Err(e) => (None, Some(e.code), Some(e.message)),
                        };
                        let frame = Routed {
                            kind: "routed",
                            seq,
                            decision,
                            error,
                            text,
                        };
                        send(&strong, to_frame(&frame)).await;
                        Ok(())
                    }
                    None => Err(ApiError::bad_json("say hello before asking for a route")),
                },
                ClientMessage::Takeback { version } => match viewer {
                    Some((Viewer::Seat(seat), _)) => {
                        app.take_back(&slot, seat, version, None).await.map(|_| ())
                    }
                    _ => Err(no_seat()),
                },
            };
            if let Err(e) = result {
                send(&strong, error_frame_of(&e, &refusing)).await;
            }
        }
        false
    };
    tokio::pin!(writer);
    tokio::select! {
        _ = &mut writer => {}
        closes = reader => {
            if closes {
                // The writer sends the close frame, or the answer to the
                // client's, and ends.
                let _ = tokio::time::timeout(SEND_TIMEOUT, writer).await;
            }
        }
    }
}

/// The start of the close reason of a socket closed for its flood.
const FLOODED: &str = "too many messages";

/// How the writer closes the socket.
enum Closing {
    /// With this close frame.
    Frame(CloseFrame),
    /// By answering the client's close frame.
    Answer,
}

impl Closing {
    /// Going away, saying why: the server's or the game's reason (1001), a
    /// flood's (1008).
    fn away(reason: impl Into<String>) -> Closing {
        let reason: String = reason.into();
        let code = if reason.starts_with(FLOODED) {
            axum::extract::ws::close_code::POLICY
        } else {
            axum::extract::ws::close_code::AWAY
        };
        Closing::Frame(CloseFrame {
            code,
            reason: reason.into(),
        })
    }
}

/// Whether a read failed on a text frame that is not UTF-8 (closed with
/// 1007, as RFC 6455 asks), rather than on a connection that is gone.
fn invalid_utf8(e: &axum::Error) -> bool {
    matches!(
        std::error::Error::source(e)
            .and_then(|s| s.downcast_ref::<tokio_tungstenite::tungstenite::Error>()),
        Some(tokio_tungstenite::tungstenite::Error::Utf8(_))
    )
}

fn no_seat() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::UNAUTHORIZED,
        "no_token",
        "say hello with a seat's token before deciding",
    )
}

fn hello(
    _app: &App,
    slot: &Slot,
    greeted: bool,
    token: Option<&str>,
    lang: Option<String>,
) -> Result<(Viewer, Lang), ApiError> {
    if greeted {
        return Err(ApiError::bad_json("hello was already said on this socket"));
    }
    let viewer = slot.viewer(token)?;
    let lang = match lang.as_deref() {
        None => slot.lang,
        Some(c) => Lang::ALL
            .into_iter()
            .find(|l| l.code() == c)
            .ok_or_else(|| {
                ApiError::new(
                    axum::http::StatusCode::BAD_REQUEST,
                    "bad_lang",
                    format!("no language {c:?} (languages: en, it, fr)"),
                )
            })?,
    };
    Ok((viewer, lang))
}

/// A WebSocket error frame (`/api/games/{id}/ws`, see docs/api.md): a
/// refused message, named so that a client that resends after
/// reconnecting can match each refusal to its message.
#[derive(Debug, Serialize, ToSchema)]
pub struct SocketError {
    /// Always `error`.
    #[serde(rename = "type")]
    #[schema(pattern = "^error$")]
    pub kind: &'static str,
    /// The code, as over HTTP.
    pub error: String,
    pub message: String,
    /// The refused message's `type`; `null` when it had none (a frame that
    /// is not JSON, a binary frame).
    pub of: Option<String>,
    /// The client's own `id` of the refused message, as it was sent;
    /// `null` when it had none.
    #[schema(value_type = Option<SocketId>)]
    pub id: Option<Value>,
    /// The refused try's, look's or route's `seq` (which its `tried`,
    /// `looked` or `routed` answer would have named); absent for other
    /// messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
}

/// A move's inches, as a `tried` frame measures it: the most a model's
/// path uses (Slowing terrain counted twice) and the allowance.
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code, reason = "describes `Tried::measure` in the API document")]
pub struct MoveMeasure {
    pub used: f64,
    pub allowance: f64,
}

/// A socket `try` answered (docs/api.md): the decision checked, not made.
#[derive(Debug, Serialize, ToSchema)]
pub struct Tried {
    /// Always `tried`.
    #[serde(rename = "type")]
    #[schema(pattern = "^tried$")]
    pub kind: &'static str,
    pub version: u64,
    /// The try's own `seq`.
    pub seq: u64,
    pub ok: bool,
    /// `illegal_decision` (the rules' refusal, in `text`), or why the try
    /// was not checked (`stale_version`, `not_your_turn`, `game_over`,
    /// `broken`); `null` when `ok`.
    pub error: Option<&'static str>,
    pub text: String,
    /// For a move; `null` for a decision that moves nothing.
    #[schema(value_type = Option<MoveMeasure>)]
    pub measure: Value,
    /// The server's time, in microseconds.
    pub us: u64,
}

/// A socket `look` answered: what one unit sees of another, or why not.
#[derive(Debug, Serialize, ToSchema)]
pub struct Looked {
    /// Always `looked`.
    #[serde(rename = "type")]
    #[schema(pattern = "^looked$")]
    pub kind: &'static str,
    pub seq: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<valerna_bov::battle::look::Look>)]
    pub look: Option<Value>,
    /// `bad_look`, with `text`, when there is nothing to look at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A socket `why` answered: why one unit may not attack, and may not
/// charge, another (`null` for what the rules allow), or why there is no
/// answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct WhyNot {
    /// Always `why_not`.
    #[serde(rename = "type")]
    #[schema(pattern = "^why_not$")]
    pub kind: &'static str,
    pub seq: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<valerna_bov::battle::why::WhyNots>)]
    pub why: Option<Value>,
    /// `bad_look`, with `text`, when a unit is not in the battle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A socket `route` answered: the bots' planner's march, or why none.
#[derive(Debug, Serialize, ToSchema)]
pub struct Routed {
    /// Always `routed`.
    #[serde(rename = "type")]
    #[schema(pattern = "^routed$")]
    pub kind: &'static str,
    pub seq: u64,
    /// A decision to `try`, then send.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<valerna_bov::battle::Decision>)]
    pub decision: Option<Value>,
    /// `bad_look`, with `text`: no such unit, a unit off the table, no
    /// march found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A client's id of a socket message: a string or a number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code, reason = "describes `SocketError::id` in the API document")]
pub enum SocketId {
    Text(String),
    Number(f64),
}
