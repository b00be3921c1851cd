//! The load test: many games played at once over WebSockets, each by a
//! client that answers its seat's questions with a random option after a
//! think time, measuring how long each decision takes to come back as the
//! new state. Battles of Valerna is played by a person's side against the
//! greedy bot; while its client thinks it may send tries of its answer at
//! a steady rate, as a page does while a unit is dragged, and each try's
//! round trip is measured too.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

use crate::client::{Socket, http};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The servers: one, or several nodes sharing a database. Each game is
    /// created on one and its socket opened on the next, as a load
    /// balancer sending each request to the next node would.
    pub addrs: Vec<SocketAddr>,
    /// Games played at once (a finished game is replaced by a new one).
    pub games: usize,
    /// How long to play.
    pub duration: Duration,
    /// How long a client waits before answering, as a person or a bot would.
    pub think: Duration,
    /// Decisions answered before this much time has passed are not
    /// counted: the start, when every game is created at once, is not the
    /// steady state measured.
    pub warm_up: Duration,
    pub seed: u64,
    /// `"lov"` or `"bov"`.
    pub game: &'static str,
    /// Tries a second while thinking (Battles of Valerna; 0 for none).
    pub tries_per_second: u32,
}

/// What was measured.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LoadReport {
    pub games: usize,
    /// The time measured, after the warm-up.
    pub seconds: f64,
    pub decisions: usize,
    pub decisions_per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub games_finished: usize,
    /// Tries answered after the warm-up, and their round trip.
    pub tries: usize,
    pub try_p50_ms: f64,
    pub try_p99_ms: f64,
    pub errors: usize,
    /// The errors by what failed: `create_refused`, `create_connection`, `connect`, `hello`,
    /// `unreadable`, `socket_ended`, `error_frame`, `send`.
    pub error_kinds: std::collections::BTreeMap<&'static str, usize>,
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

/// What a client reads of a message: parsing no more than that keeps the
/// load generator's own cost down.
#[derive(Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    outcome: Option<IgnoredAny>,
    #[serde(default)]
    question: Option<Asked>,
}

#[derive(Deserialize)]
struct Asked {
    #[serde(default)]
    options: Option<Vec<Offered>>,
}

#[derive(Deserialize)]
struct Offered {
    #[serde(default)]
    decision: Value,
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    tries: Vec<Duration>,
    finished: usize,
    errors: usize,
    kinds: std::collections::BTreeMap<&'static str, usize>,
}

impl Tally {
    fn error(&mut self, kind: &'static str) {
        self.errors += 1;
        *self.kinds.entry(kind).or_default() += 1;
    }
}

/// Connections the clients open at once: a game's creation and its
/// socket's handshake. A thousand clients connecting in the same
/// millisecond overflowed the server's listen queue (the kernel then drops
/// the handshake and the client's retry comes a second later, or the
/// connection is refused); a person's browser opens a handful.
const CONNECTING_AT_ONCE: usize = 32;

/// The think time of one decision: `think` times a factor from 0.5 to 1.5.
/// Clients that all waited exactly `think` after games created together
/// sent their decisions in waves, a thousand in the same millisecond, and
/// measured the wave's queue, not the server's answer to one decision.
fn jittered(think: Duration, rng: &mut XorShift) -> Duration {
    think.mul_f64(0.5 + rng.below(1001) as f64 / 1000.0)
}

async fn one_table(
    o: LoadOptions,
    i: usize,
    counted_from: Instant,
    deadline: tokio::time::Instant,
    connecting: Arc<tokio::sync::Semaphore>,
) -> Tally {
    let mut t = Tally::default();
    let mut rng = XorShift(o.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut n = 0u64;
    while tokio::time::Instant::now() < deadline {
        n += 1;
        let seed = o.seed.wrapping_add(i as u64 * 1000 + n);
        let body = if o.game == "bov" {
            json!({"game": "bov", "seats": ["human", "greedy"], "me": 0, "seed": seed})
        } else {
            json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
                   "me": 0, "seed": seed})
        };
        let permit = connecting.clone().acquire_owned().await;
        let node = |k: usize| o.addrs[(i + k) % o.addrs.len()];
        let created = match http(node(0), "POST", "/api/games", None, Some(&body.to_string())).await
        {
            Ok(a) if a.status == 201 => a.body,
            r => {
                t.error(match r {
                    Ok(a) if a.status != 0 => "create_refused",
                    _ => "create_connection",
                });
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        let token = created["seats"][0]["token"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let connected = Socket::connect(node(1), &id).await;
        drop(permit);
        let Ok(mut ws) = connected else {
            t.error("connect");
            continue;
        };
        if ws
            .send(&json!({"type": "hello", "token": token, "events_from": 0}))
            .await
            .is_err()
        {
            t.error("hello");
            continue;
        }
        let mut sent: Option<(u64, Instant)> = None;
        loop {
            let read = tokio::time::timeout_at(deadline, ws.next_text()).await;
            // The answer's time: when it was read, before the client's own
            // work on it.
            let arrived = Instant::now();
            let msg: Msg = match read {
                Ok(Some(text)) => match serde_json::from_str(&text) {
                    Ok(m) => m,
                    Err(_) => {
                        t.error("unreadable");
                        break;
                    }
                },
                Ok(None) => {
                    t.error("socket_ended");
                    break;
                }
                Err(_) => return t,
            };
            match msg.kind.as_str() {
                "state" => {}
                "error" => {
                    t.error("error_frame");
                    sent = None;
                    continue;
                }
                _ => break,
            }
            let version = msg.version;
            if let Some((v, at)) = sent
                && version > v
            {
                if at >= counted_from {
                    t.latencies.push(arrived.saturating_duration_since(at));
                }
                sent = None;
            }
            if msg.outcome.is_some() {
                t.finished += 1;
                break;
            }
            let options = msg.question.and_then(|q| q.options).unwrap_or_default();
            if options.is_empty() || sent.is_some() {
                continue;
            }
            let pick = rng.below(options.len());
            // The think time ends at the deadline at the latest: the run
            // lasts as long as it was asked to, whatever the think time.
            let thought = tokio::time::Instant::now()
                .checked_add(jittered(o.think, &mut rng))
                .map_or(deadline, |t| t.min(deadline));
            if o.tries_per_second > 0 {
                let decision = &options[pick].decision;
                let tried =
                    try_while_thinking(&o, &mut ws, &mut t, version, decision, counted_from);
                match tokio::time::timeout_at(deadline, tried).await {
                    Ok(false) => break,
                    Ok(true) => {}
                    Err(_) => return t,
                }
            } else {
                tokio::time::sleep_until(thought).await;
            }
            if tokio::time::Instant::now() >= deadline {
                return t;
            }
            let d = json!({"type": "decide", "version": version, "option": pick});
            if ws.send(&d).await.is_err() {
                t.error("send");
                break;
            }
            sent = Some((version, Instant::now()));
        }
    }
    t
}

/// Sends tries of `decision` at the options' rate for the think time, one
/// in flight, each timed until its `tried`; `false` if the socket failed.
async fn try_while_thinking(
    o: &LoadOptions,
    ws: &mut Socket,
    t: &mut Tally,
    version: u64,
    decision: &Value,
    counted_from: Instant,
) -> bool {
    let every = Duration::from_secs_f64(1.0 / f64::from(o.tries_per_second.max(1)));
    let until = Instant::now()
        .checked_add(o.think)
        .unwrap_or_else(Instant::now);
    let mut seq = 0u64;
    while Instant::now() < until {
        let at = Instant::now();
        seq += 1;
        let m = json!({"type": "try", "version": version, "seq": seq, "decision": decision});
        if ws.send(&m).await.is_err() {
            t.error("send");
            return false;
        }
        loop {
            let Ok(Some(text)) =
                tokio::time::timeout(Duration::from_secs(10), ws.next_text()).await
            else {
                t.error("socket_ended");
                return false;
            };
            let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if v["type"] == "tried" && v["seq"] == seq {
                if at >= counted_from {
                    t.tries.push(at.elapsed());
                }
                if v["ok"] != true {
                    t.error("try_refused");
                }
                break;
            }
        }
        if let Some(rest) = every.checked_sub(at.elapsed()) {
            tokio::time::sleep(rest).await;
        }
    }
    true
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
    if o.addrs.is_empty() {
        return LoadReport {
            games: o.games,
            seconds: 0.0,
            decisions: 0,
            decisions_per_second: 0.0,
            p50_ms: 0.0,
            p99_ms: 0.0,
            max_ms: 0.0,
            games_finished: 0,
            tries: 0,
            try_p50_ms: 0.0,
            try_p99_ms: 0.0,
            errors: 1,
            error_kinds: [("no_server", 1)].into(),
        };
    }
    let start = Instant::now();
    let counted_from = start + o.warm_up;
    let deadline = tokio::time::Instant::now() + o.duration;
    let mut tasks = Vec::with_capacity(o.games);
    let connecting = Arc::new(tokio::sync::Semaphore::new(CONNECTING_AT_ONCE));
    for i in 0..o.games {
        tasks.push(tokio::spawn(one_table(
            o.clone(),
            i,
            counted_from,
            deadline,
            connecting.clone(),
        )));
    }
    let mut all = Tally::default();
    for t in tasks {
        if let Ok(t) = t.await {
            all.latencies.extend(t.latencies);
            all.tries.extend(t.tries);
            all.finished += t.finished;
            all.errors += t.errors;
            for (k, n) in t.kinds {
                *all.kinds.entry(k).or_default() += n;
            }
        } else {
            all.errors += 1;
        }
    }
    let seconds = counted_from.elapsed().as_secs_f64();
    all.latencies.sort();
    all.tries.sort();
    LoadReport {
        games: o.games,
        seconds,
        decisions: all.latencies.len(),
        decisions_per_second: all.latencies.len() as f64 / seconds,
        p50_ms: percentile(&all.latencies, 0.5),
        p99_ms: percentile(&all.latencies, 0.99),
        max_ms: percentile(&all.latencies, 1.0),
        games_finished: all.finished,
        tries: all.tries.len(),
        try_p50_ms: percentile(&all.tries, 0.5),
        try_p99_ms: percentile(&all.tries, 0.99),
        errors: all.errors,
        error_kinds: all.kinds,
    }
}

/// The report as JSON.
pub fn to_json(r: &LoadReport) -> Value {
    serde_json::to_value(r).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times_spread_from_half_to_one_and_a_half() {
        let mut rng = XorShift(7);
        let think = Duration::from_millis(600);
        let times: Vec<Duration> = (0..10_000).map(|_| jittered(think, &mut rng)).collect();
        let (lo, hi) = (times.iter().min().unwrap(), times.iter().max().unwrap());
        assert!(
            *lo >= Duration::from_millis(300) && *lo < Duration::from_millis(310),
            "{lo:?}"
        );
        assert!(
            *hi <= Duration::from_millis(900) && *hi > Duration::from_millis(890),
            "{hi:?}"
        );
        let mean = times.iter().sum::<Duration>() / times.len() as u32;
        assert!(mean.abs_diff(think) < Duration::from_millis(10), "{mean:?}");
        assert_eq!(jittered(Duration::ZERO, &mut rng), Duration::ZERO);
    }

    /// A thousand clients connecting in the same millisecond overflowed the
    /// server's listen queue: the clients open at most `CONNECTING_AT_ONCE`
    /// connections at once, however many games start together. A server
    /// that holds every request a while (and then refuses it) counts the
    /// connections open at once while 200 games start.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn games_starting_together_open_a_bounded_number_of_connections() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let open = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (o2, m2) = (open.clone(), most.clone());
        tokio::spawn(async move {
            while let Ok((mut c, _)) = listener.accept().await {
                let (open, most) = (o2.clone(), m2.clone());
                tokio::spawn(async move {
                    let now = open.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    let mut buf = [0u8; 4096];
                    let _ = c.read(&mut buf).await;
                    tokio::time::sleep(Duration::from_millis(40)).await;
                    let _ = c
                        .write_all(
                            b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                        )
                        .await;
                    open.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        let report = run(LoadOptions {
            addrs: vec![addr],
            games: 200,
            duration: Duration::from_millis(600),
            think: Duration::ZERO,
            warm_up: Duration::ZERO,
            seed: 1,
            game: "lov",
            tries_per_second: 0,
        })
        .await;
        let most = most.load(Ordering::SeqCst);
        assert!(report.errors > 0, "every creation was refused");
        assert!(
            (2..=CONNECTING_AT_ONCE).contains(&most),
            "{most} connections open at once"
        );
    }
}
