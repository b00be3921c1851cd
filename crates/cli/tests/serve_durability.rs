//! `valerna serve` killed with SIGKILL at random points while clients play:
//! started again on the same database, it has lost no accepted decision,
//! and every game is exactly the replay of its log.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use valerna_game::{Game, Narrated, Viewer};
use valerna_lov::content::Content;
use valerna_lov::{Decision, Lov, Setup};
use valerna_server::client::http;

mod common;
use common::scratch;

fn start(db: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["serve", "--port", "0", "--bot-delay-ms", "0", "--db"])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let addr = common::listening_at(&mut child).unwrap();
    (child, addr)
}

/// What a client knows of its game: every decision the server accepted,
/// and the one sent whose answer never came.
#[derive(Debug, Default, Clone)]
struct Known {
    id: String,
    token: String,
    seed: u64,
    accepted: Vec<Value>,
    in_flight: Option<Value>,
    over: bool,
}

struct XorShift(u64);
impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Checks the server's game against the client's replay of its log, after
/// taking in the decision in flight if the server committed it.
async fn check(addr: SocketAddr, k: &mut Known, content: &Arc<Content>) {
    let st = http(
        addr,
        "GET",
        &format!("/api/games/{}", k.id),
        Some(&k.token),
        None,
    )
    .await
    .unwrap()
    .body;
    let version = st["version"].as_u64().unwrap() as usize;
    match (version - k.accepted.len(), k.in_flight.take()) {
        (0, _) => {}
        (1, Some(d)) => k.accepted.push(d),
        (n, f) => panic!(
            "game {}: {n} decisions more than accepted (in flight: {f:?})",
            k.id
        ),
    }
    let mut setup = Setup::new(k.seed, [true, false, false, false], content);
    setup.first = Some(0);
    let mut game = Lov::start(content, &setup).unwrap();
    for d in &k.accepted {
        let d: Decision = serde_json::from_value(d.clone()).unwrap();
        game.apply(d).unwrap();
    }
    assert_eq!(
        st["view"],
        serde_json::to_value(game.view_as(Viewer::Seat(0))).unwrap()
    );
    let spectator = http(addr, "GET", &format!("/api/games/{}", k.id), None, None)
        .await
        .unwrap()
        .body;
    assert_eq!(
        spectator["view"],
        serde_json::to_value(game.view_as(Viewer::Spectator)).unwrap()
    );
    assert_ne!(st["status"], "broken", "{}", st["broken"]);
    k.over = game.to_decide().is_none();
}

/// Plays game `k` with random options until the server goes away.
async fn play(addr: SocketAddr, known: Arc<Mutex<Known>>, seed: u64) {
    let mut rng = XorShift(seed | 1);
    let (id, token) = {
        let k = known.lock().unwrap();
        (k.id.clone(), k.token.clone())
    };
    loop {
        let Ok(a) = http(addr, "GET", &format!("/api/games/{id}"), Some(&token), None).await else {
            return;
        };
        let Some(options) = a.body["question"]["options"].as_array() else {
            return;
        };
        let pick = options[rng.below(options.len() as u64) as usize]["decision"].clone();
        let body = json!({"version": a.body["version"], "decision": pick});
        known.lock().unwrap().in_flight = Some(pick.clone());
        match http(
            addr,
            "POST",
            &format!("/api/games/{id}/decisions"),
            Some(&token),
            Some(&body.to_string()),
        )
        .await
        {
            Ok(r) if r.status == 200 => {
                let mut k = known.lock().unwrap();
                k.in_flight = None;
                k.accepted.push(pick);
            }
            Ok(r) if r.status == 0 => return,
            Ok(r) => panic!("refused: {}", r.raw),
            Err(_) => return,
        }
    }
}

#[test]
fn killed_at_random_points_the_server_loses_no_accepted_decision() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = scratch("durability");
    let db = dir.join("games.db");
    let content = Arc::new(Content::default_pack().unwrap());
    let mut rng = XorShift(0x5EED_D00D);
    let mut games: Vec<Known> = Vec::new();
    let mut total = 0;
    for round in 0..7 {
        let (mut child, addr) = start(&db);
        rt.block_on(async {
            if round == 0 {
                for seed in 0..4u64 {
                    let body = json!({"game": "lov", "seed": seed, "first": 0, "me": 0,
                        "seats": ["human", "faceless", "faceless", "faceless"]});
                    let a = http(addr, "POST", "/api/games", None, Some(&body.to_string()))
                        .await
                        .unwrap();
                    assert_eq!(a.status, 201, "{}", a.raw);
                    games.push(Known {
                        id: a.body["id"].as_str().unwrap().into(),
                        token: a.body["seats"][0]["token"].as_str().unwrap().into(),
                        seed,
                        ..Known::default()
                    });
                }
            }
            for k in &mut games {
                check(addr, k, &content).await;
            }
        });
        if round == 6 {
            // The last stop is a graceful one.
            let pid = child.id().to_string();
            Command::new("kill").args(["-TERM", &pid]).status().unwrap();
            assert!(child.wait().unwrap().success(), "a clean exit on SIGTERM");
            break;
        }
        let shared: Vec<Arc<Mutex<Known>>> = games
            .iter()
            .map(|k| Arc::new(Mutex::new(k.clone())))
            .collect();
        let tasks: Vec<_> = shared
            .iter()
            .enumerate()
            .map(|(i, k)| rt.spawn(play(addr, k.clone(), rng.below(u64::MAX) + i as u64)))
            .collect();
        std::thread::sleep(Duration::from_millis(100 + rng.below(700)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        rt.block_on(async {
            for t in tasks {
                let _ = t.await;
            }
        });
        games = shared.iter().map(|k| k.lock().unwrap().clone()).collect();
        total = games.iter().map(|k| k.accepted.len()).sum::<usize>();
    }
    let (mut child, addr) = start(&db);
    rt.block_on(async {
        for k in &mut games {
            check(addr, k, &content).await;
        }
    });
    child.kill().unwrap();
    child.wait().unwrap();
    eprintln!("{total} decisions accepted across 6 kills");
    assert!(total > 20, "the clients played {total} decisions");
}
