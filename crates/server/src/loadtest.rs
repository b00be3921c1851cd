//! The load test: many games played at once over WebSockets, each by a
//! client that answers its seat's questions with a random option after a
//! think time, measuring how long each decision takes to come back as the
//! new state.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::client::{Socket, http};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub addr: SocketAddr,
    /// Games played at once (a finished game is replaced by a new one).
    pub games: usize,
    /// How long to play.
    pub duration: Duration,
    /// How long a client waits before answering, as a person or a bot would.
    pub think: Duration,
    pub seed: u64,
}

/// What was measured.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LoadReport {
    pub games: usize,
    pub seconds: f64,
    pub decisions: usize,
    pub decisions_per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub games_finished: usize,
    pub errors: usize,
}

/// A small generator for the clients' choices (not game randomness).
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    finished: usize,
    errors: usize,
}

async fn one_table(o: LoadOptions, i: usize, deadline: tokio::time::Instant) -> Tally {
    let mut t = Tally::default();
    let mut rng = XorShift(o.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut n = 0u64;
    while tokio::time::Instant::now() < deadline {
        n += 1;
        let body = json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
                          "seed": o.seed.wrapping_add(i as u64 * 1000 + n)});
        let created = match http(o.addr, "POST", "/api/games", None, Some(&body.to_string())).await
        {
            Ok(a) if a.status == 201 => a.body,
            _ => {
                t.errors += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        let token = created["seats"][0]["token"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let Ok(mut ws) = Socket::connect(o.addr, &id).await else {
            t.errors += 1;
            continue;
        };
        if ws
            .send(&json!({"type": "hello", "token": token, "events_from": 0}))
            .await
            .is_err()
        {
            t.errors += 1;
            continue;
        }
        let mut sent: Option<(u64, Instant)> = None;
        loop {
            let msg = match tokio::time::timeout_at(deadline, ws.next()).await {
                Ok(Some((m, _))) => m,
                Ok(None) => {
                    t.errors += 1;
                    break;
                }
                Err(_) => return t,
            };
            match msg["type"].as_str() {
                Some("state") => {}
                Some("error") => {
                    t.errors += 1;
                    sent = None;
                    continue;
                }
                _ => break,
            }
            let version = msg["version"].as_u64().unwrap_or(0);
            if let Some((v, at)) = sent
                && version > v
            {
                t.latencies.push(at.elapsed());
                sent = None;
            }
            if !msg["outcome"].is_null() {
                t.finished += 1;
                break;
            }
            let options = msg["question"]["options"].as_array().map_or(0, Vec::len);
            if options == 0 || sent.is_some() {
                continue;
            }
            tokio::time::sleep(o.think).await;
            let pick = rng.below(options);
            let d = json!({"type": "decide", "version": version, "option": pick});
            if ws.send(&d).await.is_err() {
                t.errors += 1;
                break;
            }
            sent = Some((version, Instant::now()));
        }
    }
    t
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Plays `games` games at once for the duration and reports.
pub async fn run(o: LoadOptions) -> LoadReport {
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + o.duration;
    let mut tasks = Vec::with_capacity(o.games);
    for i in 0..o.games {
        tasks.push(tokio::spawn(one_table(o.clone(), i, deadline)));
    }
    let mut all = Tally::default();
    for t in tasks {
        if let Ok(t) = t.await {
            all.latencies.extend(t.latencies);
            all.finished += t.finished;
            all.errors += t.errors;
        } else {
            all.errors += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    all.latencies.sort();
    LoadReport {
        games: o.games,
        seconds,
        decisions: all.latencies.len(),
        decisions_per_second: all.latencies.len() as f64 / seconds,
        p50_ms: percentile(&all.latencies, 0.5),
        p99_ms: percentile(&all.latencies, 0.99),
        max_ms: percentile(&all.latencies, 1.0),
        games_finished: all.finished,
        errors: all.errors,
    }
}

/// The report as JSON.
pub fn to_json(r: &LoadReport) -> Value {
    serde_json::to_value(r).unwrap_or(Value::Null)
}
