//! A flood from one client is limited, per address and per token, over
//! HTTP and on the socket; other clients are not; the buckets remembered
//! stay bounded whatever a flood invents.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use valerna_server::Config;
use valerna_server::limit::{Limits, Rate};

/// A request from the local address `from` (any of 127.0.0.0/8 reaches the
/// server on loopback): its status, its `Retry-After`, its body.
async fn request(
    server: SocketAddr,
    from: &str,
    path: &str,
    token: Option<&str>,
) -> (u16, Option<u64>, Value) {
    let stream = connect_from(server, from).await;
    let mut s = stream;
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{auth}\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let retry = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after:")
                .map(|v| v.trim().to_owned())
        })
        .map(|v| v.parse().unwrap());
    (
        status,
        retry,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

async fn connect_from(server: SocketAddr, from: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
        .unwrap();
    socket.connect(server).await.unwrap()
}

fn limits(address: Rate, token: Rate) -> Config {
    Config {
        bot_delay: Duration::ZERO,
        limits: Limits {
            per_address: address,
            per_token: token,
            strikes: 5,
            max_keys: 256,
        },
        ..Config::default()
    }
}

const SLOW: Rate = Rate {
    per_second: 0.5,
    burst: 20,
};

#[tokio::test]
async fn a_flood_from_one_address_is_refused_429_and_another_address_is_not() {
    let s = common::server_with(limits(SLOW, Rate::OFF)).await;
    let mut codes = Vec::new();
    for _ in 0..30 {
        codes.push(request(s.addr, "127.0.0.1", "/healthz", None).await);
    }
    // The burst of 20 is served; then every request is refused before it
    // reaches a route.
    assert!(codes[..20].iter().all(|(c, _, _)| *c == 200), "{codes:?}");
    for (status, retry, body) in &codes[20..] {
        assert_eq!(*status, 429, "{body}");
        assert_eq!(body["error"], "rate_limited", "{body}");
        // 0.5 a second: a permit is back within 2 s.
        assert!(matches!(retry, Some(1 | 2)), "{retry:?}");
    }
    // Routes that do work are refused too, before they do it.
    let (status, _, _) = request(s.addr, "127.0.0.1", "/api/games", None).await;
    assert_eq!(status, 429);
    // Another address is served.
    for _ in 0..10 {
        let (status, _, body) = request(s.addr, "127.0.0.2", "/api/games", None).await;
        assert_eq!(status, 200, "{body}");
    }
}

#[tokio::test]
async fn a_flood_with_one_token_is_refused_and_another_seat_is_not() {
    let s = common::server_with(limits(Rate::OFF, SLOW)).await;
    let (id, tok) = s
        .create(&["human", "human", "faceless", "faceless"], 3)
        .await;
    let path = format!("/api/games/{id}");
    let mut refused = 0;
    for _ in 0..40 {
        let (status, _, body) = request(s.addr, "127.0.0.1", &path, Some(&tok[0])).await;
        match status {
            200 => {}
            429 => {
                assert_eq!(body["error"], "rate_limited");
                refused += 1;
            }
            _ => panic!("{status} {body}"),
        }
    }
    assert_eq!(refused, 20, "40 requests, a burst of 20");
    // Same address, another seat's token, and a spectator: served.
    let (status, _, body) = request(s.addr, "127.0.0.1", &path, Some(&tok[1])).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["viewer"]["seat"], 1);
    let (status, _, _) = request(s.addr, "127.0.0.1", &path, None).await;
    assert_eq!(status, 200);
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn socket_from(server: SocketAddr, from: &str, id: &str) -> Ws {
    let stream = connect_from(server, from).await;
    let url = format!("ws://{server}/api/games/{id}/ws");
    tokio_tungstenite::client_async(url, stream)
        .await
        .unwrap()
        .0
}

/// The next message: a text frame as JSON, a close frame as
/// `{"type":"closed", "code", "reason"}`.
async fn next(ws: &mut Ws) -> Value {
    use futures_util::StreamExt;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).unwrap(),
            Ok(Some(Ok(Message::Close(f)))) => {
                let f = f.unwrap();
                return json!({"type": "closed", "code": u16::from(f.code), "reason": f.reason.to_string()});
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("the socket ended without a close frame: {other:?}"),
        }
    }
}

async fn send(ws: &mut Ws, v: Value) {
    use futures_util::SinkExt;
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

#[tokio::test]
async fn a_socket_flood_gets_error_frames_then_is_closed_and_others_play_on() {
    let s = common::server_with(limits(SLOW, Rate::OFF)).await;
    let (id, tok) = s
        .create(&["human", "human", "faceless", "faceless"], 3)
        .await;
    // The flooder's address has spent all but 2 of its permits on the
    // creation above (the game and its two seats' joins) and these requests.
    for _ in 0..15 {
        request(s.addr, "127.0.0.1", "/healthz", None).await;
    }
    let mut flooder = socket_from(s.addr, "127.0.0.1", &id).await;
    let mut player = socket_from(s.addr, "127.0.0.3", &id).await;
    send(&mut player, json!({"type": "hello", "token": tok[0]})).await;
    assert_eq!(next(&mut player).await["type"], "state");

    for _ in 0..20 {
        send(&mut flooder, json!({"type": "ping"})).await;
    }
    // The upgrade took one permit, one ping is answered, then four refusals
    // (strikes 5: the fifth closes the socket).
    assert_eq!(next(&mut flooder).await["type"], "pong");
    for _ in 0..4 {
        let e = next(&mut flooder).await;
        assert_eq!(e["type"], "error", "{e}");
        assert_eq!(e["error"], "rate_limited", "{e}");
    }
    let closed = next(&mut flooder).await;
    assert_eq!(closed["type"], "closed", "{closed}");
    assert_eq!(closed["code"], 1008, "policy violation: {closed}");
    assert!(
        closed["reason"]
            .as_str()
            .unwrap()
            .starts_with("too many messages"),
        "{closed}"
    );

    // The other client is untouched and the game goes on.
    send(&mut player, json!({"type": "ping"})).await;
    assert_eq!(next(&mut player).await["type"], "pong");
    send(
        &mut player,
        json!({"type": "decide", "version": 0, "option": 0}),
    )
    .await;
    let state = next(&mut player).await;
    assert_eq!(state["type"], "state", "{state}");
    assert_eq!(state["version"], 1, "{state}");
}

#[tokio::test]
async fn the_buckets_remembered_stay_bounded_under_a_flood_of_new_tokens() {
    let s = common::server_with(limits(SLOW, SLOW)).await;
    // 2,000 requests, each with a token never seen, from 20 addresses.
    for i in 0..2000u32 {
        let from = format!("127.0.1.{}", i % 20);
        let token = format!("{i:032x}");
        let (status, _, _) = request(s.addr, &from, "/healthz", Some(&token)).await;
        assert!(status == 200 || status == 429, "{status}");
        assert!(s.app.limiter.keys() <= 256, "{} keys", s.app.limiter.keys());
    }
    assert!(s.app.limiter.keys() > 20, "tokens were counted");
}

/// A burst of tries (a drag's, or a client's replay after reconnecting):
/// every one gets its answer, a `tried` or a refusal, each naming its
/// `seq`, none lost (before: of 300 sent at once, 104 were answered and
/// 196 got nothing). Past the tries' budget the refusal is `rate_limited`,
/// with the `seq` it refuses.
#[tokio::test]
async fn a_burst_of_tries_gets_an_answer_for_each() {
    let s = common::server().await;
    let (id, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], 7)
        .await;
    let mut ws = valerna_server::client::Socket::connect(s.addr, &id)
        .await
        .unwrap();
    ws.send(&json!({"type": "hello", "token": tokens[0]}))
        .await
        .unwrap();
    const SENT: u64 = 300;
    for seq in 0..SENT {
        ws.send(&json!({"type": "try", "version": 0, "seq": seq, "decision": "Pass"}))
            .await
            .unwrap();
    }
    let mut answered = vec![0u32; SENT as usize];
    let (mut tried, mut limited) = (0, 0);
    while answered.contains(&0) {
        let (m, raw) = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap_or_else(|_| {
                let missing = answered.iter().filter(|&&n| n == 0).count();
                panic!("{missing} of {SENT} tries got no answer within 10 s")
            })
            .expect("the socket stays open");
        let seq = match m["type"].as_str() {
            Some("tried") => {
                tried += 1;
                m["seq"].as_u64()
            }
            Some("error") => {
                assert_eq!(m["error"], "rate_limited", "{raw}");
                assert_eq!(m["of"], "try", "{raw}");
                limited += 1;
                Some(m["seq"].as_u64().unwrap_or_else(|| panic!("no seq: {raw}")))
            }
            _ => None,
        };
        if let Some(seq) = seq {
            answered[seq as usize] += 1;
        }
    }
    assert!(answered.iter().all(|&n| n == 1), "each answered once");
    assert!(
        tried >= 100 && limited > 0,
        "{tried} tried, {limited} refused"
    );
}
