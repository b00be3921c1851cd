//! Several nodes sharing one PostgreSQL database: each game being played
//! is leased to one node ([`App::locate`]), which alone takes its
//! decisions; a request for it that reaches another node is passed
//! through to the holder, HTTP forwarded and WebSocket frames relayed both
//! ways. A browser behind a plain load balancer thus reaches its game on
//! whichever node it lands, and the page needs no change.
//!
//! A holder that does not answer (it died, or it is stopped) is asked
//! again until its lease runs out; then the node asked takes the game over,
//! replaying its log. A request is never left waiting on a silent holder
//! for longer than a lease: its body is kept, so that it is passed again to
//! whoever holds the game then, or served here.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};

use crate::app::{App, Place};
use crate::error::ApiError;

/// The header a node marks a request it passes on with (its own address):
/// the node it reaches serves it or refuses it, never passes it on again.
pub const VIA: &str = "x-valerna-via";

/// How long connecting to the holder may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How often a holder that does not answer is asked again.
const RETRY: Duration = Duration::from_millis(250);
/// The close code of a relayed socket whose holder went away: the page
/// reconnects, and reaches the game where it is now.
const SERVICE_RESTART: u16 = 1012;

/// The game a path names, for the routes under `/api/games/{id}`.
fn game_in(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/api/games/")?.split('/').next()?;
    (!id.is_empty() && id.len() <= 64).then_some(id)
}

/// `host:port` of a node's address (`http://host:port`), if it is one
/// this server can reach.
pub fn authority(url: &str) -> Result<&str, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("{url:?}: a node's address starts with http://"))?;
    let host = rest.trim_end_matches('/');
    if host.is_empty() || host.contains('/') || host.contains('@') {
        return Err(format!(
            "{url:?}: write a node's address as http://host:port, with no path"
        ));
    }
    Ok(host)
}

/// Serves a request for a game here, or passes it to the node holding it.
pub async fn route(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    if app.node().is_none() {
        return next.run(req).await;
    }
    let Some(id) = game_in(req.uri().path()).map(str::to_owned) else {
        return next.run(req).await;
    };
    let passed = req.headers().contains_key(VIA);
    let wants_socket = req
        .headers()
        .get(header::UPGRADE)
        .is_some_and(|u| u.as_bytes().eq_ignore_ascii_case(b"websocket"));
    let (parts, body) = req.into_parts();
    // Kept whole, to be passed again or served here (bounded like any body).
    let body = if wants_socket {
        axum::body::Bytes::new()
    } else {
        match axum::body::to_bytes(body, app.config.max_body).await {
            Ok(b) => b,
            Err(_) => return ApiError::too_large(app.config.max_body).into_response(),
        }
    };
    // A dead holder's lease runs out within its length; a silent one is
    // given one lease to answer, then the game is looked for again.
    let wait = app.config.lease + Duration::from_secs(1);
    let deadline = Instant::now() + wait;
    let last_try = Instant::now() + 3 * wait;
    let mut parts = Some(parts);
    loop {
        let url = match app.locate(&id).await {
            Err(e) => return e.into_response(),
            Ok(Place::Here) => {
                let parts = parts.take().expect("the request is served once");
                return next.run(Request::from_parts(parts, body.into())).await;
            }
            Ok(Place::There(url)) => url,
        };
        if app.node().is_some_and(|n| n.url == url) {
            // Held by an earlier process at this node's address, which
            // died: its lease runs out, and this node takes the game.
            if Instant::now() >= deadline {
                return unreachable(&url, "an earlier process at this address holds it");
            }
            tokio::time::sleep(RETRY).await;
            continue;
        }
        if passed {
            // Passed on by a node that thought this one the holder: the
            // lease moved meanwhile. The client asks again.
            return retry_later(
                "moving",
                format!("the game is moving to another server ({url}): try again"),
            );
        }
        let host = match authority(&url) {
            Ok(h) => h.to_owned(),
            Err(e) => return unreachable(&url, &e),
        };
        let stream = match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(&host)).await {
            Ok(Ok(stream)) => stream,
            Ok(Err(e)) if Instant::now() >= deadline => return unreachable(&url, &e.to_string()),
            Err(_) if Instant::now() >= deadline => return unreachable(&url, "no answer"),
            _ => {
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        if wants_socket {
            let parts = parts.take().expect("the socket is relayed once");
            return relay_request(&app, parts, stream, &host, &id).await;
        }
        let Some(shown) = parts.as_ref() else {
            return unreachable(&url, "the request was already served");
        };
        match tokio::time::timeout(wait, forward(&app, shown, body.clone(), stream, &host)).await {
            Ok(answer) => return answer,
            // Silent for a lease: stopped, most likely. Its lease has run
            // out unless it renewed it meanwhile; look again. A decision
            // it did take is refused at its version if passed twice.
            Err(_) if Instant::now() < last_try => {
                tracing::warn!(game = %id, holder = %url, "the holder did not answer within a lease");
            }
            Err(_) => {
                return ApiError::new(
                    StatusCode::GATEWAY_TIMEOUT,
                    "owner_timeout",
                    format!(
                        "the server holding the game ({url}) did not answer within {} s",
                        wait.as_secs()
                    ),
                )
                .into_response();
            }
        }
    }
}

fn retry_later(code: &'static str, message: String) -> Response {
    let mut res = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message).into_response();
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    res
}

fn unreachable(url: &str, why: &str) -> Response {
    retry_later(
        "owner_unreachable",
        format!("the server holding the game ({url}) does not answer: {why}"),
    )
}

/// Headers that belong to one connection, not to the request.
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

fn strip(headers: &mut HeaderMap) {
    for h in HOP_BY_HOP {
        headers.remove(h);
    }
}

/// Relays the client's WebSocket to the holder's, on `stream`.
async fn relay_request(
    app: &App,
    mut parts: axum::http::request::Parts,
    stream: TcpStream,
    host: &str,
    id: &str,
) -> Response {
    let me = own_address(app);
    match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(ws) => {
            // The relayed socket keeps its connection's place in the caps.
            let held = parts.extensions.get::<crate::conn::Held>().cloned();
            let stop = app.shutdown_signal();
            relay_socket(ws, stream, host, id, me, (held, stop)).await
        }
        Err(e) => e.into_response(),
    }
}

fn own_address(app: &App) -> HeaderValue {
    app.node()
        .and_then(|n| HeaderValue::from_str(&n.url).ok())
        .unwrap_or(HeaderValue::from_static("node"))
}

/// Passes a copy of the request (`parts` and `body`) to the holder on
/// `stream`, and returns its answer.
async fn forward(
    app: &App,
    parts: &axum::http::request::Parts,
    body: axum::body::Bytes,
    stream: TcpStream,
    host: &str,
) -> Response {
    let mut headers = parts.headers.clone();
    strip(&mut headers);
    if let Ok(h) = HeaderValue::from_str(host) {
        headers.insert(header::HOST, h);
    }
    headers.insert(VIA, own_address(app));
    let uri = parts.uri.path_and_query().map_or_else(
        || Uri::from_static("/"),
        |p| Uri::try_from(p.as_str()).unwrap_or_else(|_| Uri::from_static("/")),
    );
    let mut req = Request::new(axum::body::Body::from(body));
    *req.method_mut() = parts.method.clone();
    *req.uri_mut() = uri;
    *req.headers_mut() = headers;
    let io = hyper_util::rt::TokioIo::new(stream);
    let answer = async {
        let (mut sender, conn) = hyper::client::conn::http1::handshake(io).await?;
        tokio::spawn(async move {
            let _ = conn.await;
        });
        sender.send_request(req).await
    };
    match answer.await {
        Ok(res) => {
            let (mut parts, body) = res.into_parts();
            strip(&mut parts.headers);
            Response::from_parts(parts, axum::body::Body::new(body))
        }
        Err(e) => ApiError::new(
            StatusCode::BAD_GATEWAY,
            "owner_failed",
            format!(
                "the server holding the game failed to answer: {e} (a decision may have been \
                 made: the game's version says)"
            ),
        )
        .into_response(),
    }
}

/// Opens the game's socket on the holder, then upgrades the client's and
/// relays every frame both ways until either side closes.
async fn relay_socket(
    ws: WebSocketUpgrade,
    stream: TcpStream,
    host: &str,
    id: &str,
    me: HeaderValue,
    (held, stop): (
        Option<crate::conn::Held>,
        tokio::sync::watch::Receiver<bool>,
    ),
) -> Response {
    let mut request = match format!("ws://{host}/api/games/{id}/ws").into_client_request() {
        Ok(r) => r,
        Err(e) => return unreachable(host, &e.to_string()),
    };
    request.headers_mut().insert(VIA, me);
    let upstream = match tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::client_async(request, stream),
    )
    .await
    {
        Ok(Ok((s, _))) => s,
        Ok(Err(e)) => return unreachable(host, &e.to_string()),
        Err(_) => return unreachable(host, "no answer"),
    };
    ws.max_message_size(crate::ws::HARD_LIMIT)
        .max_frame_size(crate::ws::HARD_LIMIT)
        .on_upgrade(move |client| async move {
            relay(client, upstream, stop).await;
            drop(held);
        })
}

/// Relays frames both ways until either side closes, the holder goes away
/// or this node stops (the page then reconnects, through another node).
async fn relay(
    client: WebSocket,
    upstream: tokio_tungstenite::WebSocketStream<TcpStream>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let (mut to_client, mut from_client) = client.split();
    let (mut to_holder, mut from_holder) = upstream.split();
    let up = async {
        while let Some(Ok(m)) = from_client.next().await {
            let closing = matches!(m, Message::Close(_));
            let Some(m) = to_tungstenite(m) else {
                continue;
            };
            if to_holder.send(m).await.is_err() || closing {
                break;
            }
        }
    };
    let down = async {
        loop {
            let next = tokio::select! {
                m = from_holder.next() => m,
                // The watch's guard is not `Send`: dropped inside.
                _ = async { stop.wait_for(|s| *s).await.is_ok() } => {
                    let _ = to_client
                        .send(Message::Close(Some(CloseFrame {
                            code: axum::extract::ws::close_code::AWAY,
                            reason: "the server is shutting down".into(),
                        })))
                        .await;
                    return;
                }
            };
            match next {
                Some(Ok(m)) => {
                    let closing = matches!(m, tungstenite::Message::Close(_));
                    let Some(m) = from_tungstenite(m) else {
                        continue;
                    };
                    if to_client.send(m).await.is_err() || closing {
                        return;
                    }
                }
                // The holder went away without a word: the client is told
                // to reconnect, and reaches the game where it is next.
                _ => {
                    let _ = to_client
                        .send(Message::Close(Some(CloseFrame {
                            code: SERVICE_RESTART,
                            reason: "the game's server went away: reconnect".into(),
                        })))
                        .await;
                    return;
                }
            }
        }
    };
    tokio::pin!(up, down);
    tokio::select! {
        // The client closed: the holder's answer to its close frame is
        // relayed back, the handshake ending as without a relay.
        _ = &mut up => {
            let _ = tokio::time::timeout(CONNECT_TIMEOUT, &mut down).await;
        }
        _ = &mut down => {}
    }
}

fn to_tungstenite(m: Message) -> Option<tungstenite::Message> {
    Some(match m {
        Message::Text(t) => tungstenite::Message::text(t.as_str()),
        Message::Binary(b) => tungstenite::Message::Binary(b),
        Message::Ping(b) => tungstenite::Message::Ping(b),
        Message::Pong(b) => tungstenite::Message::Pong(b),
        Message::Close(f) => {
            tungstenite::Message::Close(f.map(|f| tungstenite::protocol::CloseFrame {
                code: f.code.into(),
                reason: f.reason.as_str().into(),
            }))
        }
    })
}

fn from_tungstenite(m: tungstenite::Message) -> Option<Message> {
    Some(match m {
        tungstenite::Message::Text(t) => Message::text(t.as_str()),
        tungstenite::Message::Binary(b) => Message::Binary(b),
        tungstenite::Message::Ping(b) => Message::Ping(b),
        tungstenite::Message::Pong(b) => Message::Pong(b),
        tungstenite::Message::Close(f) => Message::Close(f.map(|f| CloseFrame {
            code: f.code.into(),
            reason: f.reason.as_str().into(),
        })),
        tungstenite::Message::Frame(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_names_its_game_and_a_node_its_host() {
        assert_eq!(game_in("/api/games/ab12/ws"), Some("ab12"));
        assert_eq!(game_in("/api/games/ab12"), Some("ab12"));
        assert_eq!(game_in("/api/games"), None);
        assert_eq!(game_in("/api/games/"), None);
        assert_eq!(game_in("/play/ab12"), None);
        assert_eq!(authority("http://10.0.0.2:8080"), Ok("10.0.0.2:8080"));
        assert_eq!(authority("http://node-a:8080/"), Ok("node-a:8080"));
        assert!(authority("https://node-a").is_err());
        assert!(authority("http://node-a/x").is_err());
        assert!(authority("http://").is_err());
    }
}
