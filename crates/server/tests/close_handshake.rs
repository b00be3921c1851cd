//! The WebSocket's closing handshake (RFC 6455, 5.5.1 and 7.4): a client's
//! close frame is answered, a text frame that is not UTF-8 closes the
//! socket with 1007, and a client that leaves is not taken for one that
//! does not read.

mod common;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A generous bound: each wait below is over in milliseconds.
const DEADLINE: Duration = Duration::from_secs(10);

async fn spectator(s: &common::TestServer, id: &str) -> Ws {
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    ws.send(Message::Text(json!({"type": "hello"}).to_string().into()))
        .await
        .unwrap();
    // The first state.
    loop {
        match tokio::time::timeout(DEADLINE, ws.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => break,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no state: {other:?}"),
        }
    }
    ws
}

/// The close frame the server sends, skipping text frames before it.
async fn close_frame(ws: &mut Ws) -> Option<CloseFrame> {
    loop {
        match tokio::time::timeout(DEADLINE, ws.next()).await {
            Ok(Some(Ok(Message::Close(f)))) => return f,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close frame: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_clients_close_frame_is_answered() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 3)
        .await;
    let mut ws = spectator(&s, &id).await;
    ws.send(Message::Close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "bye".into(),
    })))
    .await
    .unwrap();
    // The answer, echoing the code, then the end of the stream.
    let answer = close_frame(&mut ws).await;
    assert_eq!(answer.map(|f| f.code), Some(CloseCode::Normal));
    match tokio::time::timeout(DEADLINE, ws.next()).await {
        Ok(None) | Ok(Some(Err(_))) => {}
        other => panic!("the socket stayed open after the handshake: {other:?}"),
    }
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_closes_with_1007() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "faceless", "faceless", "faceless"], 3)
        .await;
    let mut ws = spectator(&s, &id).await;
    let bad = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    ws.send(Message::Frame(bad)).await.unwrap();
    let frame = close_frame(&mut ws)
        .await
        .expect("a close frame with a code");
    assert_eq!(frame.code, CloseCode::Invalid, "{frame:?}");
    assert_eq!(u16::from(frame.code), 1007);
}

#[tokio::test]
async fn a_client_that_leaves_is_not_one_that_does_not_read() {
    let s = common::server().await;
    let (id, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 3)
        .await;
    // One spectator closes properly, one just drops its connection.
    let mut polite = spectator(&s, &id).await;
    let rude = spectator(&s, &id).await;
    polite.close(None).await.unwrap();
    // Whether answered or not (another test checks that): gone.
    let _ = tokio::time::timeout(DEADLINE, polite.next()).await;
    drop(polite);
    drop(rude);
    // The game moves on: each state pushed finds both listeners gone. (The
    // Faceless decide between the person's decisions: a decision sent
    // while one of them is to decide is refused and sent again.)
    let mut decided = 0;
    for _ in 0..1000 {
        if decided == 5 {
            break;
        }
        let state = s.get(&format!("/api/games/{id}"), Some(&tokens[0])).await;
        let body = json!({"version": state.body["version"], "option": 0});
        let a = s
            .post(
                &format!("/api/games/{id}/decisions"),
                Some(&tokens[0]),
                &body.to_string(),
            )
            .await;
        if a.status == 200 {
            decided += 1;
        } else {
            tokio::task::yield_now().await;
        }
    }
    assert_eq!(decided, 5, "the person could not decide");
    assert_eq!(
        s.app.dropped_for_not_reading(),
        0,
        "a client that left was counted and logged as one that does not read"
    );
}
