//! A request whose connection closes mid-way (a phone losing signal, a
//! client's time-out, a proxy passing on an abort) changes the game whole or
//! not at all: a decision the store has committed is applied in memory and
//! heard by everyone, and the game plays on (docs/api.md, "A lost answer").
//!
//! With `VALERNA_TEST_STORE=postgres` the same loops run on PostgreSQL.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{TestServer, at_full_speed, server_with};
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use valerna_server::client::Socket;
use valerna_server::store::{
    FinishedGame, Lease, NewGame, Node, PlayingGame, Reply, Row, Store, StoreError, StoredGame,
};
use valerna_server::{App, Config};

/// Where a request is cut off.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// After the head, before any of the body.
    Head,
    /// Half-way through the body.
    HalfBody,
    /// The whole request sent, then this long before the connection
    /// closes: 0 closes at once.
    After(Duration),
}

impl Cut {
    /// The `i`th of the cut points a loop walks: before, during and after
    /// the commit (the decision takes a few milliseconds on either store).
    fn nth(i: usize) -> Cut {
        match i % 8 {
            0 => Cut::Head,
            1 => Cut::HalfBody,
            2 => Cut::After(Duration::ZERO),
            // 0 to about 6 ms, in 47 µs steps.
            _ => Cut::After(Duration::from_micros((i as u64 * 47) % 6_000)),
        }
    }

    /// Whether the server may have read the whole request.
    fn whole(self) -> bool {
        matches!(self, Cut::After(_))
    }
}

/// Sends a request on a raw socket and closes it at `cut`, reading nothing:
/// `reset` closes with a TCP reset, else with an orderly close.
async fn cut_request(
    s: &TestServer,
    path: &str,
    token: Option<&str>,
    body: &str,
    cut: Cut,
    reset: bool,
) {
    let mut sock = TcpStream::connect(s.addr).await.unwrap();
    let mut head = format!("POST {path} HTTP/1.1\r\nHost: {}\r\n", s.addr);
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    ));
    sock.write_all(head.as_bytes()).await.unwrap();
    match cut {
        Cut::Head => {}
        Cut::HalfBody => sock
            .write_all(&body.as_bytes()[..body.len() / 2])
            .await
            .unwrap(),
        Cut::After(wait) => {
            sock.write_all(body.as_bytes()).await.unwrap();
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
        }
    }
    if reset {
        sock.set_zero_linger().unwrap();
    }
    drop(sock);
}

/// The game's version once memory and the store agree on it and have held
/// still for 50 ms (a request read whole is served within that, even on a
/// busy machine), within 5 s: a game whose store moved past its copy in
/// memory is frozen, and this says so with both versions.
async fn settled(s: &TestServer, id: &str, token: &str) -> u64 {
    let mut last = (u64::MAX, u64::MAX);
    let mut since = std::time::Instant::now();
    for _ in 0..500 {
        let shown = s.state(id, Some(token)).await["version"].as_u64().unwrap();
        let (stored, _) = s.app.store().load(id).await.unwrap().unwrap();
        let now = (shown, stored.version());
        if now != last {
            (last, since) = (now, std::time::Instant::now());
        } else if shown == stored.version() && since.elapsed() >= Duration::from_millis(50) {
            return shown;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "game {id} frozen: the page is shown version {} but the store holds {}",
        last.0, last.1
    );
}

/// One whole decision by the seat to decide, at the version the game is at:
/// the game is not frozen. A refusal for a stale version (a cut request
/// served late) is met by reading the game again.
async fn plays_on(s: &TestServer, id: &str, tokens: &[String], what: &str) {
    for _ in 0..3 {
        let Some((token, v)) = to_decide(s, id, tokens).await else {
            return;
        };
        let path = format!("/api/games/{id}/decisions");
        let a = s.post(&path, Some(&token), &decision(v)).await;
        if a.status == 409 && a.body["error"] == "stale_version" {
            continue;
        }
        assert_eq!(a.status, 200, "{what}: {}", a.raw);
        assert_eq!(a.body["version"], v + 1, "{what}: {}", a.raw);
        return;
    }
    panic!("{what}: three whole decisions in a row were refused as stale");
}

/// The seat to decide's token, and the version, or `None` once the game
/// is over.
async fn to_decide(s: &TestServer, id: &str, tokens: &[String]) -> Option<(String, u64)> {
    let st = s.state(id, Some(&tokens[0])).await;
    let seat = st["question"]["seat"].as_u64()? as usize;
    Some((tokens[seat].clone(), st["version"].as_u64().unwrap()))
}

/// A game of two people and two Faceless (the people decide for them),
/// each person's page open (its token used, as a browser does at once).
async fn new_game(s: &TestServer, seed: u64) -> (String, Vec<String>) {
    let (id, tokens) = s
        .create(&["human", "human", "faceless", "faceless"], seed)
        .await;
    for t in tokens.iter().filter(|t| !t.is_empty()) {
        s.state(&id, Some(t)).await;
    }
    (id, tokens)
}

fn decision(version: u64) -> String {
    json!({"version": version, "option": 0}).to_string()
}

/// Decisions cut off at 240 points, half with a reset and half with an
/// orderly close: after each, the game shows what its store holds, a
/// request cut before its body's end changed nothing, and the next whole
/// decision is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_cut_off_anywhere_never_freezes_the_game() {
    let s = server_with(at_full_speed()).await;
    let (mut id, mut tokens) = new_game(&s, 7).await;
    let (mut made, mut games) = (0, 1);
    for i in 0..240 {
        let Some((token, v)) = to_decide(&s, &id, &tokens).await else {
            (id, tokens) = new_game(&s, 7 + i as u64).await;
            games += 1;
            continue;
        };
        let cut = Cut::nth(i);
        let path = format!("/api/games/{id}/decisions");
        cut_request(&s, &path, Some(&token), &decision(v), cut, i % 2 == 0).await;
        let after = settled(&s, &id, &token).await;
        assert!(
            after == v || (after == v + 1 && cut.whole()),
            "cut {i} ({cut:?}): version {v} became {after}"
        );
        made += usize::from(after > v);
        plays_on(&s, &id, &tokens, &format!("cut {i} ({cut:?})")).await;
        settled(&s, &id, &tokens[0]).await;
    }
    // Some cuts came after the commit began: the loop walked through it.
    assert!(made > 0, "no cut decision was ever made");
    eprintln!("240 cuts over {games} games: {made} of the cut decisions were made");
}

/// Decisions sent on the game's socket, which then closes at once: each is
/// made or not, whole, and the game plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_on_a_socket_that_closes_at_once_is_made_whole() {
    let s = server_with(at_full_speed()).await;
    let (id, tokens) = new_game(&s, 11).await;
    for i in 0..40 {
        let Some((token, v)) = to_decide(&s, &id, &tokens).await else {
            break;
        };
        let mut ws = Socket::connect(s.addr, &id).await.unwrap();
        ws.send(&json!({"type": "hello", "token": token}))
            .await
            .unwrap();
        ws.send(&json!({"type": "decide", "version": v, "option": 0}))
            .await
            .unwrap();
        drop(ws);
        let after = settled(&s, &id, &token).await;
        assert!(
            after == v || after == v + 1,
            "socket {i}: {v} became {after}"
        );
    }
}

/// A store that answers each write `hold` after it is durable: the window
/// in which a request can be cut off with its change committed but not yet
/// answered, held open long enough to be hit every time. With `lose` set,
/// the next append is committed and answered as failed, as a database
/// whose connection drops while it commits.
struct Slowed {
    inner: Arc<dyn Store>,
    hold: Duration,
    switches: Arc<Switches>,
}

/// What a test turns on in its store.
#[derive(Default)]
struct Switches {
    /// Commit the next append and answer it as failed.
    lose: AtomicBool,
    /// Answer every write and read with an error, touching nothing (a
    /// database restarting).
    down: AtomicBool,
}

impl Slowed {
    /// A read: refused while the store is down.
    fn read<T: Send + 'static>(&self, r: Reply<T>) -> Reply<T> {
        if self.switches.down.load(Ordering::SeqCst) {
            return Box::pin(async { Err(StoreError::Io("the database is restarting".into())) });
        }
        r
    }

    /// A write: refused while the store is down, else answered `hold`
    /// after it is durable.
    fn held<T: Send + 'static>(&self, r: Reply<T>) -> Reply<T> {
        let r = self.read(r);
        let hold = self.hold;
        Box::pin(async move {
            let out = r.await;
            tokio::time::sleep(hold).await;
            out
        })
    }
}

impl Store for Slowed {
    fn create(&self, game: NewGame) -> Reply<()> {
        self.held(self.inner.create(game))
    }
    fn append(&self, id: &str, version: u64, row: Row, state_hash: String) -> Reply<()> {
        let write = self.held(self.inner.append(id, version, row, state_hash));
        if !self.switches.lose.swap(false, Ordering::SeqCst) {
            return write;
        }
        Box::pin(async move {
            write.await?;
            Err(StoreError::Io(
                "the connection closed while committing".into(),
            ))
        })
    }
    fn mark_broken(&self, id: &str, reason: String) -> Reply<()> {
        self.inner.mark_broken(id, reason)
    }
    fn unbreak(&self, id: &str) -> Reply<()> {
        self.inner.unbreak(id)
    }
    fn set_seat(
        &self,
        id: &str,
        seat: u8,
        from: String,
        to: String,
        invite: Option<String>,
    ) -> Reply<()> {
        self.held(self.inner.set_seat(id, seat, from, to, invite))
    }
    fn load_all(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.inner.load_all()
    }
    fn load_playing(&self) -> Reply<Vec<(StoredGame, String)>> {
        self.inner.load_playing()
    }
    fn expire(&self, before: i64) -> Reply<Vec<String>> {
        self.inner.expire(before)
    }
    fn resume(&self, id: &str) -> Reply<bool> {
        self.inner.resume(id)
    }
    fn load(&self, id: &str) -> Reply<Option<(StoredGame, String)>> {
        self.read(self.inner.load(id))
    }
    fn finish(&self, id: &str) -> Reply<()> {
        self.inner.finish(id)
    }
    fn finished(&self, limit: usize) -> Reply<Vec<FinishedGame>> {
        self.inner.finished(limit)
    }
    fn keep(&self, kind: &str, id: &str, body: String) -> Reply<()> {
        self.held(self.inner.keep(kind, id, body))
    }
    fn kept(&self, kind: &str, id: &str) -> Reply<Option<String>> {
        self.held(self.inner.kept(kind, id))
    }
    fn forget(&self, before: i64) -> Reply<u64> {
        self.inner.forget(before)
    }
    fn close(&self) -> Reply<()> {
        self.inner.close()
    }
    fn lease(&self, id: &str, node: &Node, ms: u64) -> Reply<Lease> {
        self.inner.lease(id, node, ms)
    }
    fn renew(&self, holder: &str, ids: Vec<String>, ms: u64) -> Reply<Vec<String>> {
        self.inner.renew(holder, ids, ms)
    }
    fn playing(&self, limit: usize) -> Reply<Vec<PlayingGame>> {
        self.inner.playing(limit)
    }
    fn release(&self, holder: &str, id: Option<&str>) -> Reply<()> {
        self.inner.release(holder, id)
    }
}

/// A server whose store answers each write `hold` after it is durable,
/// and its switches.
async fn slowed_server(config: Config, hold: Duration) -> (TestServer, Arc<Switches>) {
    let dir = common::temp_dir();
    let db = common::test_db(dir.path()).await;
    let switches = Arc::new(Switches::default());
    let store: Arc<dyn Store> = Arc::new(Slowed {
        inner: db.open().await.unwrap(),
        hold,
        switches: switches.clone(),
    });
    let app = App::load(store, config).await.unwrap();
    let router = valerna_server::api::router(app.clone());
    (common::serving(app, router, dir, db).await, switches)
}

/// A bot whose decision meets a store that does not answer (a database
/// restarting for a second) tries again until it does: the game never
/// waits on it for ever. Meanwhile `/healthz` says the store is down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_store_is_down_decides_once_it_is_back() {
    let config = Config {
        bot_delay: Duration::from_millis(300),
        ..at_full_speed()
    };
    let (s, switches) = slowed_server(config, Duration::ZERO).await;
    assert_eq!(s.get("/healthz", None).await.status, 200);
    let body = json!({"game": "lov", "seats": ["human", "random", "faceless", "faceless"],
                      "seed": 3, "first": 1, "mode": "hotseat"});
    let created = s.post("/api/games", None, &body.to_string()).await;
    assert_eq!(created.status, 201, "{}", created.raw);
    let id = created.body["id"].as_str().unwrap().to_owned();
    // Down before the bot decides, for a second.
    switches.down.store(true, Ordering::SeqCst);
    let health = s.get("/healthz", None).await;
    assert_eq!(health.status, 503, "{}", health.raw);
    assert_eq!(health.body["status"], "unavailable", "{}", health.raw);
    assert!(
        health.body["store"]
            .as_str()
            .unwrap()
            .contains("restarting"),
        "{}",
        health.raw
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(
        s.state(&id, None).await["version"],
        0,
        "nothing stored while down"
    );
    switches.down.store(false, Ordering::SeqCst);
    assert_eq!(
        s.get("/healthz", None).await.body,
        json!({"status": "ok", "store": "ok"})
    );
    for _ in 0..200 {
        if s.state(&id, None).await["version"].as_u64() > Some(0) {
            let (stored, _) = s.app.store().load(&id).await.unwrap().unwrap();
            assert!(stored.version() > 0);
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bot never decided once the store was back");
}

/// A decision the store committed but answered as failed (its connection
/// lost mid-commit) leaves memory behind the store: the next decision made
/// on what the page shows is refused as stale, the game is read again
/// from the store, and it plays on from there, the lost one made once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_whose_answer_was_lost_is_read_back_from_the_store() {
    let (s, switches) = slowed_server(at_full_speed(), Duration::ZERO).await;
    let (id, tokens) = new_game(&s, 5).await;
    let (token, v) = to_decide(&s, &id, &tokens).await.unwrap();
    let path = format!("/api/games/{id}/decisions");
    switches.lose.store(true, Ordering::SeqCst);
    let a = s.post(&path, Some(&token), &decision(v)).await;
    assert_eq!(a.status, 503, "{}", a.raw);
    assert_eq!(a.body["error"], "store_failed", "{}", a.raw);
    // The store holds the decision; the page was not told of it.
    let (stored, _) = s.app.store().load(&id).await.unwrap().unwrap();
    assert_eq!(stored.version(), v + 1);
    assert_eq!(s.state(&id, Some(&token)).await["version"], v);
    // Made again on the old version: refused, never made twice.
    let a = s.post(&path, Some(&token), &decision(v)).await;
    assert_eq!(a.status, 409, "{}", a.raw);
    assert_eq!(a.body["error"], "stale_version", "{}", a.raw);
    assert_eq!(settled(&s, &id, &tokens[0]).await, v + 1);
    plays_on(&s, &id, &tokens, "after the lost answer").await;
    let (stored, _) = s.app.store().load(&id).await.unwrap().unwrap();
    assert_eq!(stored.version(), v + 2);
}

const HOLD: Duration = Duration::from_millis(150);

/// Closed while the store holds its answer: a third of the way into it.
const IN_THE_WINDOW: Cut = Cut::After(Duration::from_millis(50));

/// Every kind of change, cut off after its commit and before its answer:
/// a decision and a take-back are applied and pushed to a listening socket,
/// a join tried again gets its seat, a new game is listed in the lobby and
/// its bot plays. Each is made
/// exactly once, and the game plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_cut_off_after_its_commit_is_carried_through() {
    let (s, _) = slowed_server(at_full_speed(), HOLD).await;
    let (id, tokens) = new_game(&s, 7).await;
    let mut listener = Socket::connect(s.addr, &id).await.unwrap();
    listener.send(&json!({"type": "hello"})).await.unwrap();
    let first = listener.next().await.unwrap().0;
    assert_eq!(first["type"], "state", "{first}");

    // Decisions, each cut off while its commit's answer is held.
    for round in 0..6 {
        let (token, v) = to_decide(&s, &id, &tokens).await.unwrap();
        let path = format!("/api/games/{id}/decisions");
        cut_request(
            &s,
            &path,
            Some(&token),
            &decision(v),
            IN_THE_WINDOW,
            round % 2 == 0,
        )
        .await;
        assert_eq!(settled(&s, &id, &token).await, v + 1, "round {round}");
        // The spectator's socket heard it.
        loop {
            let (m, raw) = tokio::time::timeout(Duration::from_secs(5), listener.next())
                .await
                .expect("the socket is told of the decision")
                .unwrap();
            if m["type"] == "state" && m["version"].as_u64() == Some(v + 1) {
                break;
            }
            assert_ne!(m["type"], "closed", "{raw}");
        }
    }

    // A take-back, cut off the same way, once the engine allows one.
    let mut took_back = false;
    for _ in 0..40 {
        let (token, v) = to_decide(&s, &id, &tokens).await.unwrap();
        let path = format!("/api/games/{id}/decisions");
        let a = s.post(&path, Some(&token), &decision(v)).await;
        assert_eq!(a.status, 200, "{}", a.raw);
        if a.body["can_take_back"] == true {
            let body = json!({"version": v + 1}).to_string();
            let path = format!("/api/games/{id}/takeback");
            cut_request(&s, &path, Some(&token), &body, IN_THE_WINDOW, true).await;
            assert_eq!(settled(&s, &id, &token).await, v + 2);
            let (stored, _) = s.app.store().load(&id).await.unwrap().unwrap();
            assert!(matches!(stored.rows.last(), Some(Row::TakeBack)));
            took_back = true;
            break;
        }
    }
    assert!(took_back, "no decision could be taken back in 40");
    plays_on(&s, &id, &tokens, "after the take-back").await;

    // A join cut off after it is stored: tried again, the same seat and
    // token, which then plays the seat.
    let body = json!({"game": "lov", "seats": ["human", "faceless", "human", "faceless"],
                      "seed": 11, "first": 0, "me": 0})
    .to_string();
    let created = s.post("/api/games", None, &body).await;
    let (gid, invite) = (
        created.body["id"].as_str().unwrap().to_owned(),
        created.body["seats"][2]["invite"]
            .as_str()
            .unwrap()
            .to_owned(),
    );
    let join = json!({ "invite": invite }).to_string();
    let path = format!("/api/games/{gid}/join");
    cut_request(&s, &path, None, &join, IN_THE_WINDOW, true).await;
    let again = s.post(&path, None, &join).await;
    assert_eq!(again.status, 200, "the join tried again: {}", again.raw);
    let token = again.body["token"].as_str().unwrap();
    assert_eq!(
        s.state(&gid, Some(token)).await["viewer"],
        json!({"seat": 2})
    );

    // A new game, cut off after it is stored: it is in the lobby, and its
    // bot seat plays (a game stored but not in memory would list nothing).
    let body = json!({"game": "lov", "seats": ["human", "random", "faceless", "faceless"],
                      "seed": 3, "first": 1, "mode": "hotseat"})
    .to_string();
    let before = lobby_ids(&s).await;
    cut_request(&s, "/api/games", None, &body, IN_THE_WINDOW, true).await;
    let mut new = None;
    for _ in 0..200 {
        let now = lobby_ids(&s).await;
        if let Some(x) = now.iter().find(|x| !before.contains(x)) {
            new = Some(x.clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let new = new.expect("the game created by a cut-off request is in the lobby");
    let mut bot_moved = false;
    for _ in 0..300 {
        let (stored, _) = s.app.store().load(&new).await.unwrap().unwrap();
        if stored.version() > 0 {
            bot_moved = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        bot_moved,
        "the new game's bot seat, first to decide, never decided"
    );
}

async fn lobby_ids(s: &TestServer) -> Vec<String> {
    let a = s.get("/api/games", None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    a.body
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_str().map(str::to_owned))
        .collect::<Vec<_>>()
}
