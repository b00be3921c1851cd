//! Clients that open connections and never finish a request do not lock
//! out anybody: a request head or body held back is cut at its deadline,
//! one address holds at most its cap of connections and the server at most
//! its own, below the descriptor limit, so that `/healthz` and the players
//! already there are served while such a flood runs.
//!
//! Every connection here is on loopback; the flood comes from other
//! addresses of 127.0.0.0/8 than the players' 127.0.0.1, as a flood from
//! other machines would.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use valerna_server::Config;
use valerna_server::conn::ConnLimits;

/// A generous bound for what should take milliseconds.
const DEADLINE: Duration = Duration::from_secs(10);

async fn connect_from(server: SocketAddr, from: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(server).await
}

/// Reads until the server closes the connection (or the deadline): what
/// it sent.
async fn until_closed(s: &mut TcpStream) -> Option<String> {
    let mut out = Vec::new();
    match tokio::time::timeout(DEADLINE, s.read_to_end(&mut out)).await {
        Ok(_) => Some(String::from_utf8_lossy(&out).into_owned()),
        Err(_) => None,
    }
}

/// These limits, the connection cap set (not read from the descriptor
/// limit, which raises it: the flood test lowers it).
fn with(connections: ConnLimits) -> Config {
    Config {
        connections: ConnLimits {
            max_connections: connections.max_connections.max(1024),
            ..connections
        },
        ..common::at_full_speed()
    }
}

#[tokio::test]
async fn a_request_head_held_back_or_no_request_at_all_is_cut_at_the_header_timeout() {
    let s = common::server_with(with(ConnLimits {
        header_timeout: Duration::from_secs(1),
        ..ConnLimits::default()
    }))
    .await;
    let mut half = TcpStream::connect(s.addr).await.unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut silent = TcpStream::connect(s.addr).await.unwrap();
    let start = Instant::now();
    assert!(
        until_closed(&mut half).await.is_some(),
        "a half-sent request head was held for {DEADLINE:?}"
    );
    assert!(
        until_closed(&mut silent).await.is_some(),
        "a connection that sent nothing was held for {DEADLINE:?}"
    );
    // Not before its time: a request sent whole at once is answered.
    assert!(start.elapsed() >= Duration::from_millis(900));
    let a = s.get("/healthz", None).await;
    assert_eq!(a.status, 200);
}

#[tokio::test]
async fn a_body_held_back_is_cut_at_the_body_timeout() {
    let s = common::server_with(with(ConnLimits {
        body_timeout: Duration::from_secs(1),
        ..ConnLimits::default()
    }))
    .await;
    let mut c = TcpStream::connect(s.addr).await.unwrap();
    c.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"game\":",
    )
    .await
    .unwrap();
    let answer = until_closed(&mut c)
        .await
        .expect("a half-sent body was held for the whole deadline");
    // Answered 408, never a game created.
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"body_timeout\""), "{answer}");
}

/// A keep-alive connection is not cut while it is used, however long it
/// lives: the deadline counts from the end of its last answer.
#[tokio::test]
async fn a_connection_in_use_is_kept() {
    let s = common::server_with(with(ConnLimits {
        header_timeout: Duration::from_secs(1),
        ..ConnLimits::default()
    }))
    .await;
    let mut c = TcpStream::connect(s.addr).await.unwrap();
    let start = Instant::now();
    let mut answers = 0;
    while start.elapsed() < Duration::from_millis(2500) {
        c.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 4096];
        let n = tokio::time::timeout(DEADLINE, c.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        assert!(n > 0, "closed after {answers} answers");
        assert!(buf.starts_with(b"HTTP/1.1 200"));
        answers += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(answers >= 5);
}

/// Thousands of unfinished requests from a few addresses: `/healthz`
/// answers within a second throughout, a player's socket already open
/// still answers, a new player still connects. The test's process is
/// given a descriptor limit of 4,096 (the client's and the server's
/// descriptors both count in it): without the caps the server would take
/// a descriptor for each of the flood's connections and run out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_and_the_players_are_served_during_a_flood_of_unfinished_requests() {
    const FLOOD: usize = 2500;
    const FLOODERS: u8 = 8;
    lower_descriptor_limit(4096);
    let s = common::server_with(with(ConnLimits {
        max_connections: 1024,
        per_address: 64,
        // Long: the caps alone hold the flood here.
        header_timeout: Duration::from_secs(120),
        body_timeout: Duration::from_secs(120),
    }))
    .await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 5)
        .await;
    // A player at the table before the flood.
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let (mut player, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    player
        .send(Message::Text(
            json!({"type": "hello", "token": tokens[0]})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    next_of(&mut player, "state").await;

    // The flood: half request heads and half bodies, never finished, from
    // 127.0.0.2 to 127.0.0.9, held open by this test.
    let mut held = Vec::with_capacity(FLOOD);
    let mut failed = 0usize;
    for batch in 0..FLOOD / 100 {
        let mut opening = Vec::new();
        for i in 0..100 {
            let from = IpAddr::from([127, 0, 0, 2 + ((batch * 100 + i) % FLOODERS as usize) as u8]);
            let server = s.addr;
            opening.push(tokio::spawn(async move {
                let mut c = connect_from(server, from).await?;
                let part: &[u8] = if i % 2 == 0 {
                    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "
                } else {
                    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"
                };
                c.write_all(part).await?;
                Ok::<_, std::io::Error>(c)
            }));
        }
        for o in opening {
            match o.await.unwrap() {
                Ok(c) => held.push(c),
                Err(_) => failed += 1,
            }
        }
    }
    eprintln!(
        "flood: {} connections opened and held, {failed} failed to open",
        held.len()
    );

    // While it holds: /healthz within a second, five times over.
    for _ in 0..5 {
        let start = Instant::now();
        let a = tokio::time::timeout(Duration::from_secs(1), s.get("/healthz", None))
            .await
            .expect("/healthz did not answer within 1 s during the flood");
        assert_eq!(a.status, 200, "{}", a.raw);
        eprintln!("/healthz during the flood: {:?}", start.elapsed());
    }
    // The player already at the table is answered.
    player
        .send(Message::Text(json!({"type": "ping"}).to_string().into()))
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(1), next_of(&mut player, "pong"))
        .await
        .expect("the player's socket did not answer within 1 s during the flood");
    // A new player connects and gets the table.
    let (mut late, _) = tokio::time::timeout(DEADLINE, tokio_tungstenite::connect_async(&url))
        .await
        .expect("a new player could not connect during the flood")
        .unwrap();
    late.send(Message::Text(json!({"type": "hello"}).to_string().into()))
        .await
        .unwrap();
    tokio::time::timeout(DEADLINE, next_of(&mut late, "state"))
        .await
        .expect("no state for a new player during the flood");
    drop(held);
}

async fn next_of<S>(ws: &mut S, kind: &str)
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        match tokio::time::timeout(DEADLINE, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap();
                if v["type"] == kind {
                    return;
                }
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("no {kind}: {other:?}"),
        }
    }
}

fn lower_descriptor_limit(n: u64) {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let now = getrlimit(Resource::Nofile);
    setrlimit(
        Resource::Nofile,
        Rlimit {
            current: Some(n.min(now.current.unwrap_or(n))),
            maximum: now.maximum,
        },
    )
    .unwrap();
}
