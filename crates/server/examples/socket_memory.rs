//! The server's memory per open WebSocket, and whether it is given back:
//! a server in a child process (this program again, `serve`), and here N
//! spectators of one game (2,000 unless `VALERNA_SOCKETS` says), opened,
//! held idle, then closed, for a few cycles; the child's resident memory
//! (`VmRSS` of `/proc/PID/status`) after each step.
//!
//! `cargo run --release -p valerna-server --example socket_memory`

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use valerna_server::client::http;
use valerna_server::conn::ConnLimits;
use valerna_server::limit::{Limits, Rate};
use valerna_server::{Config, Options};

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    if std::env::args().nth(1).as_deref() == Some("serve") {
        let tmp = tempfile::Builder::new()
            .prefix("valerna-socket-memory-")
            .tempdir()
            .expect("a folder in the temporary directory");
        let dir = tmp.path();
        let options = Options {
            db: valerna_server::Db::File(dir.join("m.db")),
            addr: "127.0.0.1:0".parse().unwrap(),
            config: Config {
                bot_delay: Duration::ZERO,
                limits: Limits {
                    per_address: Rate::OFF,
                    per_token: Rate::OFF,
                    ..Limits::default()
                },
                connections: ConnLimits {
                    per_address: 0,
                    ..ConnLimits::default()
                },
                ..Config::default()
            },
        };
        rt.block_on(async {
            // Ends with its parent: standard input closes.
            std::thread::spawn(|| {
                let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
                std::process::exit(0);
            });
            let _ = valerna_server::serve(options, |addr| println!("{addr}")).await;
        });
        return;
    }
    let n: usize = std::env::var("VALERNA_SOCKETS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let cycles: usize = std::env::var("VALERNA_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line.trim().parse().unwrap();
    rt.block_on(async move {
        let body = json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
                          "me": 0, "seed": 1, "first": 0});
        let a = http(addr, "POST", "/api/games", None, Some(&body.to_string()))
            .await
            .unwrap();
        let id = a.body["id"].as_str().unwrap().to_owned();
        let token = a.body["seats"][0]["token"].as_str().unwrap().to_owned();
        // A warm-up: a few sockets opened and closed.
        spectate(addr, &id, 20).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let start = rss_kib(pid);
        println!("server at the start: {:.1} MiB", mib(start));
        for cycle in 1..=cycles {
            let held = spectate(addr, &id, n).await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let open = rss_kib(pid);
            // One decision: each socket is sent the new state.
            let state = http(addr, "GET", &format!("/api/games/{id}"), Some(&token), None)
                .await
                .unwrap();
            let d = json!({"version": state.body["version"], "option": 0});
            let _ = http(
                addr,
                "POST",
                &format!("/api/games/{id}/decisions"),
                Some(&token),
                Some(&d.to_string()),
            )
            .await
            .unwrap();
            let held = read_one_each(held).await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let pushed = rss_kib(pid);
            close(held).await;
            tokio::time::sleep(Duration::from_millis(1500)).await;
            let closed = rss_kib(pid);
            println!(
                "cycle {cycle}: {n} sockets open {:.1} MiB ({:.1} KiB a socket), after a state pushed to each {:.1} MiB, after closing {:.1} MiB",
                mib(open),
                (open.saturating_sub(start)) as f64 / n as f64,
                mib(pushed),
                mib(closed),
            );
        }
    });
    drop(child.stdin.take());
    let _ = child.wait();
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// `n` spectators, each past its first state.
async fn spectate(addr: SocketAddr, id: &str, n: usize) -> Vec<Ws> {
    let mut out = Vec::with_capacity(n);
    let url = format!("ws://{addr}/api/games/{id}/ws");
    for chunk in (0..n).collect::<Vec<_>>().chunks(100) {
        let opening: Vec<_> = chunk
            .iter()
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move {
                    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
                    ws.send(Message::Text(json!({"type": "hello"}).to_string().into()))
                        .await
                        .unwrap();
                    loop {
                        if let Some(Ok(Message::Text(_))) = ws.next().await {
                            break;
                        }
                    }
                    ws
                })
            })
            .collect();
        for o in opening {
            out.push(o.await.unwrap());
        }
    }
    out
}

async fn read_one_each(held: Vec<Ws>) -> Vec<Ws> {
    let tasks: Vec<_> = held
        .into_iter()
        .map(|mut ws| {
            tokio::spawn(async move {
                let _ = tokio::time::timeout(Duration::from_secs(10), ws.next()).await;
                ws
            })
        })
        .collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

async fn close(held: Vec<Ws>) {
    let tasks: Vec<_> = held
        .into_iter()
        .map(|mut ws| {
            tokio::spawn(async move {
                let _ = ws.close(None).await;
                let _ = tokio::time::timeout(Duration::from_secs(5), async {
                    while let Some(Ok(_)) = ws.next().await {}
                })
                .await;
            })
        })
        .collect();
    for t in tasks {
        let _ = t.await;
    }
}
