//! Three `valerna serve` nodes on loopback sharing one fresh PostgreSQL
//! database, when `VALERNA_TEST_POSTGRES` names a server a test may make
//! databases on (`.ci/run` starts one): people on different nodes play a
//! game of Lords of Vaala with bots to its end, a spectator's socket on a
//! third; mid-game the node holding the game is killed (SIGKILL) and the
//! game goes on through the others once its lease runs out. Then a battle
//! of Battles of Valerna is played across the two nodes left. A second test
//! starts a node while games are played, stops (SIGSTOP) the node holding
//! a game and resumes it, and restarts PostgreSQL with a bot to move. Every
//! game's stored state is its log's replay, and every decision a person was
//! told of is in the log once.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use valerna_server::client::{Answer, Socket, http};
use valerna_server::{Db, Store};

mod common;
use common::{Scratch, scratch};

/// How long a lease lasts here: a killed node's game waits this long.
const LEASE_SECONDS: &str = "2";

struct Node {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(db: &str, dir: &std::path::Path, n: usize) -> Node {
    start_with(db, dir, n, "0")
}

/// A node whose bots wait `bot_delay_ms` before they decide.
fn start_with(db: &str, dir: &std::path::Path, n: usize, bot_delay_ms: &str) -> Node {
    let log = dir.join(format!("node{n}.log"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args([
            "serve",
            "--db",
            db,
            "--port",
            "0",
            "--lease-seconds",
            LEASE_SECONDS,
        ])
        .args(["--bot-delay-ms", bot_delay_ms, "--ismcts-iterations", "50"])
        .args(["--rate-per-address", "0", "--rate-per-token", "0"])
        .args(["--max-connections-per-address", "0"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let addr = common::listening_at(&mut child)
        .unwrap_or_else(|line| panic!("node {n} did not start: {line:?}; see {}", log.display()));
    Node { child, addr, log }
}

/// A request as a browser sends it, asked again while the game moves
/// between nodes (`503`, as the answer's `Retry-After` says).
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Answer {
    for _ in 0..50 {
        let a = http(addr, method, path, token, body).await.unwrap();
        if a.status != 503 {
            return a;
        }
        eprintln!("{addr} {path}: {}", a.raw);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{addr} {path}: refused again and again");
}

async fn state(addr: SocketAddr, id: &str, token: Option<&str>) -> Value {
    let a = call(addr, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(a.status, 200, "{addr}: {}", a.raw);
    a.body
}

/// Creates a game on `addr`, each person's seat joined on the node named
/// for it (as each friend's browser, landing where the balancer sends it).
async fn create(body: Value, joins: &[SocketAddr]) -> (String, Vec<String>) {
    let a = call(
        joins[0],
        "POST",
        "/api/games",
        None,
        Some(&body.to_string()),
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.raw);
    let id = a.body["id"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for (i, seat) in a.body["seats"].as_array().unwrap().iter().enumerate() {
        tokens.push(match seat["invite"].as_str() {
            Some(invite) => {
                let at = joins[i % joins.len()];
                let body = json!({ "invite": invite }).to_string();
                let a = call(
                    at,
                    "POST",
                    &format!("/api/games/{id}/join"),
                    None,
                    Some(&body),
                )
                .await;
                assert_eq!(a.status, 200, "{}", a.raw);
                a.body["token"].as_str().unwrap().to_owned()
            }
            None => String::new(),
        });
    }
    (id, tokens)
}

/// One decision of a person's seat if it is to decide, through `addr`:
/// `Some(true)` once it is accepted, `None` once the game is over.
async fn play_once(
    addr: SocketAddr,
    id: &str,
    token: &str,
    seat: u64,
    pick: &mut u64,
) -> Option<bool> {
    let st = state(addr, id, Some(token)).await;
    if st["status"] == "over" {
        return None;
    }
    let q = &st["question"];
    let Some(options) = q["options"]
        .as_array()
        .filter(|o| q["seat"] == seat && !o.is_empty())
    else {
        return Some(false);
    };
    // Any option but passing, where there is another: a battle moves on.
    let acts: Vec<usize> = (0..options.len())
        .filter(|&k| options[k]["decision"] != "Pass")
        .collect();
    *pick ^= *pick << 13;
    *pick ^= *pick >> 7;
    *pick ^= *pick << 17;
    let i = match acts.len() {
        0 => 0,
        n => acts[(*pick % n as u64) as usize],
    };
    let body = json!({"version": st["version"], "option": i}).to_string();
    let a = call(
        addr,
        "POST",
        &format!("/api/games/{id}/decisions"),
        Some(token),
        Some(&body),
    )
    .await;
    match (a.status, a.body["error"].as_str()) {
        (200, _) => Some(true),
        (409, Some("stale_version" | "not_your_turn")) => Some(false),
        (409, Some("game_over")) => None,
        _ => panic!("{addr}: {}", a.raw),
    }
}

/// The game as stored: its log replayed from its setup must reach the
/// stored state, row by row with none skipped; and the seat that decided
/// at each step.
async fn replayed(store: &dyn Store, id: &str) -> Vec<u8> {
    let (g, hash) = store.load(id).await.unwrap().expect("the game is stored");
    assert!(g.broken.is_none(), "{id}: {:?}", g.broken);
    let record = json!({"setup": g.new.setup, "decisions": g.decisions()});
    let table = (valerna_server::games::named(&g.new.game).unwrap().host)(&record).unwrap();
    assert_eq!(
        format!("{}:{}", valerna_server::BUILD, table.state_hash()),
        hash,
        "{id}: the replay reaches the stored state"
    );
    assert!(table.is_over(), "{id}: the game is over");
    (0..table.decisions())
        .map(|k| table.at(k).unwrap().to_decide().unwrap())
        .collect()
}

/// A fresh database called `name` on the `VALERNA_TEST_POSTGRES` server,
/// and a fresh folder for the nodes' logs; `None` without a server.
async fn place(name: &str) -> Option<(String, Scratch)> {
    let Some(server) = std::env::var("VALERNA_TEST_POSTGRES")
        .ok()
        .filter(|s| !s.is_empty())
    else {
        eprintln!("VALERNA_TEST_POSTGRES is not set: no nodes to test");
        return None;
    };
    let database = format!("valerna_{name}_{}", std::process::id());
    let url = valerna_server::store::postgres::fresh_database(&server, &database)
        .await
        .expect("VALERNA_TEST_POSTGRES: the server answers");
    Some((url, scratch(name)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_play_one_game_and_outlive_the_one_holding_it() {
    let began = Instant::now();
    let Some((url, dir)) = place("nodes").await else {
        return;
    };
    let mut nodes: Vec<Option<Node>> = (0..3).map(|n| Some(start(&url, &dir, n))).collect();
    let addr = |n: usize, nodes: &Vec<Option<Node>>| nodes[n].as_ref().unwrap().addr;
    let (a, b, c) = (addr(0, &nodes), addr(1, &nodes), addr(2, &nodes));
    let store = Db::Postgres(url.clone()).open().await.unwrap();
    eprintln!("three nodes up in {:.1} s", began.elapsed().as_secs_f64());

    // Lords of Vaala: seat 0's person on node A (which creates the game and
    // so holds it), seat 1's on node B, a spectator's socket on node C.
    let (id, tokens) = create(
        json!({"game": "lov", "seats": ["human", "human", "heuristic", "faceless"],
               "seed": 7, "first": 0}),
        &[a, b],
    )
    .await;
    // Every node's lobby lists it, both people's seats taken.
    for n in [a, b, c] {
        let lobby = call(n, "GET", "/api/games", None, None).await.body;
        let listed = lobby
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id.as_str())
            .unwrap_or_else(|| panic!("{n}: {lobby}"));
        assert_eq!(listed["status"], "playing", "{n}: {listed}");
    }
    let mut watcher = Socket::connect(c, &id).await.unwrap();
    watcher.send(&json!({"type": "hello"})).await.unwrap();
    let (first, _) = watcher.next().await.unwrap();
    assert_eq!(first["type"], "state", "{first}");

    let mut at = [a, b];
    let mut told = [0usize; 2];
    let mut pick = 0x9e37_79b9_7f4a_7c15u64;
    let mut killed_at = None;
    let mut takeover = Duration::ZERO;
    let mut over = false;
    for step in 0..20_000 {
        let seat = step % 2;
        match play_once(at[seat], &id, &tokens[seat], seat as u64, &mut pick).await {
            None => {
                over = true;
                break;
            }
            Some(true) => told[seat] += 1,
            Some(false) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
        if killed_at.is_none() && told.iter().sum::<usize>() >= 12 {
            // The node holding the game, by its lease: node A, which made it.
            let v = state(b, &id, None).await["version"].as_u64().unwrap();
            let holder = owner(&url, &id).await;
            assert_eq!(holder, format!("http://{a}"), "the game's maker holds it");
            nodes[0].take().unwrap().child.kill().unwrap();
            killed_at = Some(v);
            // Seat 0's browser lands on node C now; the next request waits
            // for the lease to run out, then node B or C takes the game.
            at[0] = c;
            let t = Instant::now();
            state(b, &id, Some(&tokens[1])).await;
            takeover = t.elapsed();
            eprintln!(
                "node A killed at version {v}: game taken over in {:.1} s",
                takeover.as_secs_f64()
            );
            // The spectator's socket through node C was relayed from node A:
            // it is told to reconnect, and reaches the game where it is now.
            let mut closed = None;
            while let Some((m, _)) = watcher.next().await {
                if m["type"] == "closed" {
                    closed = Some(m);
                    break;
                }
            }
            let closed = closed.expect("the relayed socket is closed with a reason");
            assert!(
                closed["reason"].as_str().unwrap().contains("reconnect"),
                "{closed}"
            );
            watcher = Socket::connect(c, &id).await.unwrap();
            watcher.send(&json!({"type": "hello"})).await.unwrap();
        }
    }
    assert!(over, "the game reached its end");
    let killed_at = killed_at.expect("node A was killed mid-game");
    // The node lets a finished game go once the store has marked it, after
    // answering the last decision (`App::retire`): wait for it, a while.
    let ended = Instant::now();
    while !owner(&url, &id).await.is_empty() && ended.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(owner(&url, &id).await, "", "a finished game is no one's");

    // The spectator's socket heard the game to its end.
    let mut last = Value::Null;
    while let Ok(Some((m, _))) = tokio::time::timeout(Duration::from_secs(5), watcher.next()).await
    {
        if m["type"] == "state" {
            last = m;
            if !last["outcome"].is_null() {
                break;
            }
        }
    }
    assert!(
        !last["outcome"].is_null(),
        "the socket heard the end: {last}"
    );

    // Both nodes left show the same finished game, which the store replays.
    let (on_b, on_c) = (state(b, &id, None).await, state(c, &id, None).await);
    assert_eq!(on_b["status"], "over");
    assert_eq!(on_b, on_c);
    assert_eq!(last["version"], on_b["version"]);
    let seats = replayed(store.as_ref(), &id).await;
    let by_person = |s: u8| seats.iter().filter(|&&x| x == s).count();
    assert_eq!(
        [by_person(0), by_person(1)],
        told,
        "each decision a person was told of is in the log, once"
    );
    assert!(seats.iter().any(|&s| s >= 2), "the bots decided too");
    eprintln!(
        "Lords of Vaala: {} decisions ({told:?} by the people), node A killed at version {killed_at}",
        seats.len()
    );

    // Battles of Valerna across the two nodes left: made on node B, its
    // side played from node C, the greedy bot's turns taken where the
    // battle is held.
    let (battle, tokens) = create(
        json!({"game": "bov", "seats": ["human", "greedy"], "seed": 21,
               "options": {"lists": ["allaria_guild_line", "tyveria_swarm"]}}),
        &[b],
    )
    .await;
    let mut n = 0usize;
    let mut over = false;
    for _ in 0..20_000 {
        match play_once(c, &battle, &tokens[0], 0, &mut pick).await {
            None => {
                over = true;
                break;
            }
            Some(true) => n += 1,
            Some(false) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
    assert!(over, "the battle reached its end");
    let seats = replayed(store.as_ref(), &battle).await;
    assert_eq!(seats.iter().filter(|&&s| s == 0).count(), n);
    assert_eq!(state(b, &battle, None).await, state(c, &battle, None).await);
    eprintln!(
        "Battles of Valerna: {} decisions ({n} by the person); {:.1} s in all (takeover {:.1} s)",
        seats.len(),
        began.elapsed().as_secs_f64(),
        takeover.as_secs_f64()
    );
    // A node stopped gracefully (SIGTERM) gives its games up at once: the
    // node left serves them without waiting for the leases to run out.
    let (held, tokens) = create(
        json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
               "seed": 3, "first": 0}),
        &[b],
    )
    .await;
    assert_eq!(owner(&url, &held).await, format!("http://{b}"));
    let mut node_b = nodes[1].take().unwrap();
    let stopped = Command::new("kill")
        .args(["-TERM", &node_b.child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    assert!(
        node_b.child.wait().unwrap().success(),
        "node B stops cleanly"
    );
    assert_eq!(owner(&url, &held).await, "", "node B gave the game up");
    let t = Instant::now();
    let st = state(c, &held, Some(&tokens[0])).await;
    assert_eq!(st["version"], 0, "{st}");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    nodes[1] = Some(node_b);

    let logs: Vec<PathBuf> = nodes.iter().flatten().map(|n| n.log.clone()).collect();
    drop(nodes);
    for l in logs {
        let text = std::fs::read_to_string(&l).unwrap_or_default();
        assert!(!text.contains("panicked"), "{}: {text}", l.display());
    }
}

/// The address of the node holding game `id`'s lease.
async fn owner(url: &str, id: &str) -> String {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client
        .query_one("SELECT owner_url FROM games WHERE id = $1", &[&id])
        .await
        .unwrap()
        .get::<_, Option<String>>(0)
        .unwrap_or_default()
}

/// Plays game `id` to its end from `seat`'s person through `addr`: the
/// decisions this person was told were taken.
async fn play_out(addr: SocketAddr, id: &str, token: &str, seat: u64, mut pick: u64) -> usize {
    let mut told = 0;
    for _ in 0..20_000 {
        match play_once(addr, id, token, seat, &mut pick).await {
            None => return told,
            Some(true) => told += 1,
            Some(false) => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
    panic!("{id}: no end in 20,000 steps");
}

/// Runs a shell command line, which must succeed.
fn shell(line: &str) {
    let ok = Command::new("sh").args(["-c", line]).status().unwrap();
    assert!(ok.success(), "{line}");
}

/// What a club's host does to its nodes while people play: a node started
/// under load serves the games being played without calling any broken; the
/// node holding a game stopped (SIGSTOP) answers nothing, so the others
/// take the game once its lease runs out, a request passed to it waiting
/// no longer than a lease, and once resumed (SIGCONT) it serves the game
/// no more; PostgreSQL restarted while a bot is to move, the bot decides
/// once the database is back. Every game ends, its log replaying to its
/// stored state, each person's decisions in it once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nodes_started_stopped_and_a_restarted_database_lose_nothing() {
    let Some((url, dir)) = place("host").await else {
        return;
    };
    let store = Db::Postgres(url.clone()).open().await.unwrap();
    let a = start(&url, &dir, 0);
    let b = start(&url, &dir, 1);

    // Under load: four games played at once through nodes A and B, each
    // person's seat on one of them; node C started in the middle.
    let mut games = Vec::new();
    for g in 0..4u64 {
        let (id, tokens) = create(
            json!({"game": "lov", "seats": ["human", "human", "heuristic", "faceless"],
                   "seed": 30 + g, "first": 0}),
            &[a.addr, b.addr],
        )
        .await;
        games.push((id, tokens));
    }
    let mut playing = Vec::new();
    for (g, (id, tokens)) in games.iter().enumerate() {
        for seat in 0..2usize {
            let at = [a.addr, b.addr][(g + seat) % 2];
            let (id, token) = (id.clone(), tokens[seat].clone());
            playing.push(tokio::spawn(async move {
                play_out(at, &id, &token, seat as u64, 0x51 + (g * 2 + seat) as u64).await
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    let c = start(&url, &dir, 2);
    for (id, _) in &games {
        let st = state(c.addr, id, None).await;
        assert_ne!(st["status"], "broken", "{id} seen from the new node: {st}");
    }
    let mut told = Vec::new();
    for p in playing {
        told.push(p.await.unwrap());
    }
    for (g, (id, _)) in games.iter().enumerate() {
        let seats = replayed(store.as_ref(), id).await;
        let by = |s: u8| seats.iter().filter(|&&x| x == s).count();
        assert_eq!([by(0), by(1)], [told[g * 2], told[g * 2 + 1]], "{id}");
    }
    let log = std::fs::read_to_string(&c.log).unwrap();
    assert!(
        !log.contains("game broken"),
        "the new node called a game broken: {log}"
    );
    eprintln!("four games under load, a node started among them: {told:?} decisions told");

    // The holder stopped (not dead): node A holds a game it made.
    let (held, tokens) = create(
        json!({"game": "lov", "seats": ["human", "faceless", "faceless", "faceless"],
               "seed": 5, "first": 0}),
        &[a.addr],
    )
    .await;
    assert_eq!(owner(&url, &held).await, format!("http://{}", a.addr));
    shell(&format!("kill -STOP {}", a.child.id()));
    let t = Instant::now();
    let st = state(b.addr, &held, Some(&tokens[0])).await;
    let waited = t.elapsed();
    assert_eq!(st["version"], 0, "{st}");
    // One lease (2 s) and a second, not the two minutes it once took.
    assert!(
        waited < Duration::from_secs(8),
        "a stopped holder held the request {waited:?}"
    );
    assert_eq!(owner(&url, &held).await, format!("http://{}", b.addr));
    shell(&format!("kill -CONT {}", a.child.id()));
    // Resumed, node A answers for the game no more: it passes it on.
    let mut pick = 7;
    assert_eq!(
        play_once(a.addr, &held, &tokens[0], 0, &mut pick).await,
        Some(true)
    );
    assert_eq!(owner(&url, &held).await, format!("http://{}", b.addr));
    let n = 1 + play_out(a.addr, &held, &tokens[0], 0, 9).await;
    let seats = replayed(store.as_ref(), &held).await;
    assert_eq!(seats.iter().filter(|&&s| s == 0).count(), n);
    eprintln!(
        "holder stopped: the game moved in {:.1} s, {n} decisions after",
        waited.as_secs_f64()
    );

    // PostgreSQL restarted while a bot is to move (bots wait 1.5 s here).
    let Some(restart) = std::env::var("VALERNA_TEST_POSTGRES_RESTART")
        .ok()
        .filter(|s| !s.is_empty())
    else {
        eprintln!("VALERNA_TEST_POSTGRES_RESTART is not set: the database is not restarted");
        return;
    };
    let d = start_with(&url, &dir, 3, "1500");
    let (bot_first, tokens) = create(
        json!({"game": "lov", "seats": ["heuristic", "human", "faceless", "faceless"],
               "seed": 8, "first": 0}),
        &[d.addr],
    )
    .await;
    let t = Instant::now();
    shell(&restart);
    eprintln!("PostgreSQL restarted in {:.1} s", t.elapsed().as_secs_f64());
    let mut moved = false;
    for _ in 0..600 {
        let a = http(
            d.addr,
            "GET",
            &format!("/api/games/{bot_first}"),
            None,
            None,
        )
        .await;
        if a.as_ref()
            .is_ok_and(|a| a.body["version"].as_u64() > Some(0))
        {
            moved = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(moved, "the bot never decided after the database came back");
    let health = call(d.addr, "GET", "/healthz", None, None).await;
    assert_eq!(health.body["store"], "ok", "{}", health.raw);
    // The game plays on (the bots are slow here: a few of the person's
    // decisions), its log the state shown, row for row.
    let mut pick = 11;
    let mut told = 0;
    while told < 3 {
        match play_once(d.addr, &bot_first, &tokens[1], 1, &mut pick).await {
            None => break,
            Some(true) => told += 1,
            Some(false) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    let shown = state(d.addr, &bot_first, None).await;
    let store = Db::Postgres(url.clone()).open().await.unwrap();
    let (g, hash) = store.load(&bot_first).await.unwrap().unwrap();
    assert!(g.broken.is_none(), "{:?}", g.broken);
    assert_eq!(Some(g.version()), shown["version"].as_u64());
    let record = json!({"setup": g.new.setup, "decisions": g.decisions()});
    let table = (valerna_server::games::named("lov").unwrap().host)(&record).unwrap();
    assert_eq!(
        format!("{}:{}", valerna_server::BUILD, table.state_hash()),
        hash,
        "the log replays to the stored state"
    );
    assert_eq!(
        table.at(0).unwrap().to_decide(),
        Some(0),
        "the bot's decision first"
    );
    for node in [a, b, c, d] {
        let text = std::fs::read_to_string(&node.log).unwrap_or_default();
        assert!(!text.contains("panicked"), "{}: {text}", node.log.display());
    }
}

/// A node given an address it does not answer at (`--node-url` mistyped:
/// nothing there, or another node) does not start: the other nodes would
/// pass its games' requests nowhere. It says so, naming the flag, exit 2.
#[test]
fn a_node_whose_address_is_not_its_own_does_not_start() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let Some((url, dir)) = rt.block_on(place("url")) else {
        return;
    };
    let other = start(&url, &dir, 0);
    for wrong in [
        "http://127.0.0.1:1".to_owned(),
        format!("http://{}", other.addr),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_valerna"))
            .args(["serve", "--db", &url, "--port", "0", "--node-url", &wrong])
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{wrong}: {err}");
        assert!(err.contains(&format!("--node-url {wrong}")), "{err}");
        assert!(
            String::from_utf8_lossy(&out.stdout).is_empty(),
            "it never said it serves"
        );
    }
    drop(other);
}
