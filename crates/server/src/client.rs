//! A small client of the API over loopback: plain HTTP/1.1 requests and the
//! game socket. The load test and the tests outside the process use it.

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// An HTTP answer: its status and its body as JSON (`null` if not JSON).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub raw: String,
}

/// One request, on its own connection.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect(addr).await?;
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = token {
        req.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() || method == "POST" {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await?;
    s.write_all(body.as_bytes()).await?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await?;
    let text = String::from_utf8_lossy(&out);
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let raw = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    Ok(Answer {
        status,
        body: serde_json::from_str(&raw).unwrap_or(Value::Null),
        raw,
    })
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A game socket.
#[derive(Debug)]
pub struct Socket {
    ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Connects to game `id`'s socket.
    pub async fn connect(addr: SocketAddr, id: &str) -> Result<Socket, String> {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Socket { ws })
    }

    pub async fn send(&mut self, v: &Value) -> Result<(), String> {
        self.send_text(v.to_string()).await
    }

    pub async fn send_text(&mut self, s: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(s.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next text message as JSON, the text of a close frame as
    /// `{"type":"closed","reason":...}`, or `None` once the socket ended.
    pub async fn next(&mut self) -> Option<(Value, String)> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => {
                    let s = t.to_string();
                    return Some((serde_json::from_str(&s).unwrap_or(Value::Null), s));
                }
                Ok(Message::Close(f)) => {
                    let reason = f.map(|f| f.reason.to_string()).unwrap_or_default();
                    let v = serde_json::json!({"type": "closed", "reason": reason});
                    return Some((v.clone(), v.to_string()));
                }
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }
}
