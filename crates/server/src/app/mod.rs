//! The games being served: one [`Slot`] per game, each behind its own
//! `tokio::sync::Mutex` (no lock is held across games), and the one path
//! every decision takes, a person's or a bot's: check, apply to a copy,
//! commit to the store, and only then replace the game and tell everyone.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use valerna_game::{Seat, Viewer};
use valerna_texts::{Lang, Texts};

use crate::error::ApiError;
use crate::hosted::{Hosted, Mode, SeatKind, Turn, hex};
use crate::store::{Lease, NewGame, Node, Row, Store, StoreError};

mod leases;
mod seats;
mod stored;
mod upkeep;

use leases::renew_leases;
use seats::SeatAuth;
pub use stored::{Unplayable, Verdict, recheck, taken_by};
use stored::{rebuild, stamped};
use upkeep::put_away;

/// How the server behaves, beyond where it listens.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a bot seat waits before it decides, so people can follow.
    pub bot_delay: Duration,
    /// The largest request body and WebSocket message accepted.
    pub max_body: usize,
    /// How many messages may wait for one client before it is dropped.
    pub client_queue: usize,
    /// Flood limits per client address and per seat token.
    pub limits: crate::limit::Limits,
    /// The iterations an `ismcts` seat searches a decision: a fixed budget,
    /// so a seat's choice depends on the game and its seed alone.
    pub ismcts_iterations: u32,
    /// The iterations the search weighs each step of a finished game with,
    /// for its chart of where it turned (`GET /api/games/{id}/turns`).
    pub turn_iterations: u32,
    /// The connections held: their caps and deadlines.
    pub connections: crate::conn::ConnLimits,
    /// The address other nodes reach this one at (`http://host:port`),
    /// when several share a PostgreSQL database: each game being played is
    /// then leased to one node, and the others pass its requests on to it
    /// ([`crate::nodes`]). `None`: this process serves every game itself.
    pub node_url: Option<String>,
    /// How long a lease lasts unrenewed: the longest a game waits after
    /// its node dies before another node takes it over. Renewed every
    /// third of it.
    pub lease: Duration,
    /// With PostgreSQL, the connections kept to the database.
    pub db_connections: usize,
    /// How long a game may go without a decision before it is put away:
    /// out of memory, the lobby and the leases, kept whole in the store,
    /// and taken up again where it stood when its link is opened. `None`:
    /// never.
    pub expire_after: Option<Duration>,
    /// How long a private link of the workshop (a saved list, a pack of
    /// one's own) is kept unopened before it is forgotten. `None`: always.
    pub links_expire_after: Option<Duration>,
    /// How many private links one address may make a day (0: no limit).
    pub links_per_day: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_delay: Duration::from_millis(600),
            max_body: 64 * 1024,
            client_queue: 64,
            limits: crate::limit::Limits::default(),
            ismcts_iterations: 1000,
            turn_iterations: 200,
            connections: crate::conn::ConnLimits::default(),
            node_url: None,
            lease: Duration::from_secs(10),
            db_connections: crate::store::postgres::CONNECTIONS,
            expire_after: Some(Duration::from_secs(30 * 24 * 3600)),
            links_expire_after: Some(Duration::from_secs(365 * 24 * 3600)),
            links_per_day: 200,
        }
    }
}

/// A message for one client's socket.
#[derive(Debug)]
pub enum Push {
    /// A text frame: shared by every listener sent the same one (cloning it
    /// counts a reference, it does not copy).
    Text(axum::extract::ws::Utf8Bytes),
    /// Close the socket, saying why.
    Close(String),
}

/// One client listening to a game.
#[derive(Debug)]
struct Sub {
    viewer: Viewer,
    lang: Lang,
    /// The next event of the viewer's stream it has not been sent.
    next_event: usize,
    tx: mpsc::Sender<Push>,
}

/// The game itself and who listens, behind the game's lock.
pub struct Live {
    /// The game as it stands; the same `Arc` is published on the slot for
    /// the tries and looks that read it without this lock.
    pub table: Arc<dyn Hosted>,
    /// How many rows the game's log holds: every accepted decision and
    /// take-back adds one.
    pub version: u64,
    /// Why the game does not replay from its record, if it does not.
    pub broken: Option<String>,
    /// The seat that made the last decision still standing, while it may
    /// take it back.
    last_by: Option<Seat>,
    subs: Vec<Sub>,
}

impl Live {
    /// A read-only game at `version`, heard by no one (a replay's step).
    pub fn snapshot(table: Box<dyn Hosted>, version: u64) -> Live {
        Live {
            table: Arc::from(table),
            version,
            broken: None,
            last_by: None,
            subs: Vec::new(),
        }
    }
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("version", &self.version)
            .finish()
    }
}

/// A game as published for the readers that do not take its lock.
#[derive(Clone)]
struct Published {
    table: Arc<dyn Hosted>,
    version: u64,
    /// Why the game is broken, if it is.
    broken: Option<String>,
}

impl std::fmt::Debug for Published {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Published")
            .field("version", &self.version)
            .field("broken", &self.broken)
            .finish()
    }
}

impl Published {
    fn of(table: &Arc<dyn Hosted>, version: u64, broken: Option<&str>) -> Published {
        Published {
            table: table.clone(),
            version,
            broken: broken.map(str::to_owned),
        }
    }
}

/// What the lobby shows of a game without taking its lock.
#[derive(Clone, Debug)]
struct Summary {
    version: u64,
    status: &'static str,
    /// When the game last moved (seconds since the Unix epoch): its last
    /// decision or take-back, or its creation.
    last_move: i64,
}

/// One hosted game.
#[derive(Debug)]
pub struct Slot {
    pub id: String,
    pub game: String,
    pub created: i64,
    pub lang: Lang,
    pub seats: Vec<SeatKind>,
    /// Where the game's people play: each in their own browser, or all at
    /// one screen.
    pub mode: Mode,
    /// Each seat's secrets, as hashes. A person's seat is joined once it
    /// has a token; in a network game it starts with an invitation alone.
    auth: Mutex<Vec<SeatAuth>>,
    pub live: tokio::sync::Mutex<Live>,
    /// The game as last changed, read by tries and looks without waiting
    /// for a decision (and its write to the store) to finish.
    published: std::sync::RwLock<Published>,
    summary: Mutex<Summary>,
    /// Let go from memory (another node holds the game now): this copy
    /// takes no more decisions, a bot's already scheduled included.
    gone: std::sync::atomic::AtomicBool,
    /// With leases, until when this node surely holds the game's: from
    /// the moment the lease was asked for, plus its length (the database's
    /// clock can only have started it later). `None`: no lease is needed.
    lease_until: Mutex<Option<Instant>>,
}

/// What a created game hands out for each seat: the token of a seat that
/// is the creator's, or the invitation a friend exchanges for theirs.
#[derive(Clone, Debug, Default)]
pub struct Issued {
    pub token: Option<String>,
    pub invite: Option<String>,
}

/// The answer to a decision: a decision given as JSON, or by its index
/// among the listed options.
#[derive(Debug, Clone)]
pub enum Choice {
    Decision(Value),
    Option(usize),
}

impl Choice {
    /// A decision given by value or by option index, not both.
    pub fn given(decision: Option<Value>, option: Option<usize>) -> Result<Choice, ApiError> {
        match (decision, option) {
            (Some(d), None) => Ok(Choice::Decision(d)),
            (None, Some(i)) => Ok(Choice::Option(i)),
            _ => Err(ApiError::bad_json(
                "give either `decision` or `option`, not both",
            )),
        }
    }
}

/// The server's games, store and texts.
pub struct App {
    games: RwLock<HashMap<String, Arc<Slot>>>,
    store: Arc<dyn Store>,
    texts: [Texts; 3],
    pub config: Config,
    /// The flood limits' buckets.
    pub limiter: crate::limit::Limiter,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// One permit a core: bots think on blocking threads, at most this many
    /// at once, so that many games with bot seats do not grow the blocking
    /// pool (each thread with its own stack and allocator arena).
    thinkers: Arc<tokio::sync::Semaphore>,
    /// How many listeners were let go because their queue was full.
    dropped_for_not_reading: AtomicUsize,
    /// The latest finished games weighed step by step (a few seconds of
    /// search each): each weighed once, however many ask together.
    turns: Mutex<VecDeque<(String, TurnsCell)>>,
    /// One permit: finished games are weighed one at a time, on one core,
    /// so that requests for many charts never take the bots' cores.
    weighing: Arc<tokio::sync::Semaphore>,
    /// The stored games this build cannot host, by id (see [`Unplayable`]).
    unplayable: RwLock<HashMap<String, Unplayable>>,
    /// Private links made today, by address: (the day, how many).
    links_made: Mutex<HashMap<crate::limit::Key, (i64, u32)>>,
    /// This node, when games are leased (see [`Config::node_url`]).
    node: Option<Node>,
    /// Held while a game is taken over from the store, so that two requests
    /// for it do not replay it twice.
    adopting: tokio::sync::Mutex<()>,
}

/// Where a game is served, as [`App::locate`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Here: in memory, or read from the store (finished, or no game).
    Here,
    /// By the node at this address, which holds its lease.
    There(String),
}

/// A finished game's steps as the search weighed them, once.
type TurnsCell = Arc<tokio::sync::OnceCell<Option<Arc<Vec<Turn>>>>>;

/// How many games being played on the other nodes the lobby lists.
const PLAYING_LISTED: usize = 1000;

/// How long a game being played may go without a decision before the lobby
/// calls it idle rather than under way.
pub const IDLE_AFTER: Duration = Duration::from_secs(7 * 24 * 3600);

/// Whether a game listed with `status` that last moved at `last_move` is
/// idle at `now` (seconds since the Unix epoch): one being played (`open`
/// or `playing`) without a decision for [`IDLE_AFTER`]. A finished or
/// broken game is listed as such, never as idle.
pub fn idle(status: &str, last_move: i64, now: i64) -> bool {
    matches!(status, "open" | "playing")
        && now.saturating_sub(last_move) >= IDLE_AFTER.as_secs() as i64
}

/// How many finished games' weighings are kept.
const TURNS_KEPT: usize = 16;

/// The seed of a search at one position of a game: the same position gets
/// the same search, whatever the machine (`salt` tells searches apart).
pub(crate) fn position_seed(id: &str, version: u64, salt: &str) -> u64 {
    let key = if salt.is_empty() {
        format!("{id}:{version}")
    } else {
        format!("{id}:{version}:{salt}")
    };
    let h = Sha256::digest(key);
    u64::from_le_bytes(h[..8].try_into().unwrap_or_default())
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("config", &self.config).finish()
    }
}

/// The SHA-256 of a seat token, as stored.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// 128 random bits from the operating system, in hex.
pub fn new_token() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the operating system's random source works");
    hex(&b)
}

fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random source works");
    u64::from_le_bytes(b)
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A game to create, as the API asks for it.
#[derive(Debug, Clone)]
pub struct Create {
    pub game: String,
    pub seats: Vec<SeatKind>,
    pub lang: Lang,
    pub seed: Option<u64>,
    pub first: Option<Seat>,
    pub mode: Mode,
    /// In a network game, the creator's own seat: it gets its token now.
    pub me: Option<Seat>,
    /// The game's own options (`{}` for none).
    pub options: Value,
}

fn lang_of(code: &str) -> Lang {
    Lang::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .unwrap_or(Lang::En)
}

/// Runs `work` on a task of its own and waits for its answer.
///
/// A request's future is dropped when its connection closes (a phone
/// losing signal, a client's timeout, a proxy passing on an abort); a task
/// is not. So a change, once begun, is carried to its end: a decision the
/// store has committed is always applied in memory and pushed to every
/// listener, whether or not anyone is left to read the answer
/// (docs/robustness.md, "A dropped request").
pub async fn carried<T: Send + 'static>(
    work: impl Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(work).await.unwrap_or_else(|e| {
        tracing::error!(error = %e, "a change failed on its task");
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed while making this change: ask for the game's version to see \
             whether it was made",
        ))
    })
}

impl App {
    /// Loads every game of the store: each is replayed from its record and
    /// checked against its stored state hash; one that does not replay is
    /// marked broken and served read-only, the others go on.
    ///
    /// With [`Config::node_url`], only the games whose lease this node
    /// takes are kept: the others are another live node's.
    pub async fn load(store: Arc<dyn Store>, config: Config) -> Result<Arc<App>, String> {
        let stored = store.load_playing().await.map_err(|e| e.to_string())?;
        let node = config.node_url.clone().map(|url| Node {
            id: new_token(),
            url,
        });
        let app = Arc::new(App {
            node,
            adopting: tokio::sync::Mutex::new(()),
            games: RwLock::new(HashMap::new()),
            store,
            texts: Lang::ALL.map(Texts::new),
            limiter: crate::limit::Limiter::new(config.limits),
            config,
            shutdown: tokio::sync::watch::channel(false).0,
            thinkers: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()),
            )),
            dropped_for_not_reading: AtomicUsize::new(0),
            turns: Mutex::new(VecDeque::new()),
            weighing: Arc::new(tokio::sync::Semaphore::new(1)),
            unplayable: RwLock::new(HashMap::new()),
            links_made: Mutex::new(HashMap::new()),
        });
        let (mut ok, mut broken) = (0usize, 0usize);
        for (g, hash) in stored {
            let was_broken = g.broken.is_some();
            if app.node.is_some() && !was_broken {
                // With leases, a game is taken up by the node first asked
                // for it ([`App::locate`]): a node that starts takes none,
                // so that the first one up does not take every free game,
                // and a game another node is playing is that node's to
                // replay and judge.
                continue;
            }
            let slot = match rebuild(g, &hash) {
                Ok(slot) => slot,
                Err(u) => {
                    broken += 1;
                    app.unplayable(*u);
                    continue;
                }
            };
            let live = slot.live.lock().await;
            if let Some(reason) = &live.broken {
                broken += 1;
                tracing::warn!(game = %slot.id, %reason, "game broken");
                if !was_broken {
                    let _ = app.store.mark_broken(&slot.id, reason.clone()).await;
                }
            } else {
                ok += 1;
                if live.table.is_over() {
                    // Finished: kept in the store only (marked again in case
                    // the server stopped between the last decision and its mark).
                    let _ = app.store.finish(&slot.id).await;
                    continue;
                }
            }
            app.insert(slot.clone());
            slot.summarise(&live);
            app.schedule_bot(&slot, &live);
        }
        tracing::info!(games = ok, broken, "games loaded");
        if app.node.is_some() {
            tokio::spawn(renew_leases(Arc::downgrade(&app)));
        }
        if app.config.expire_after.is_some() || app.config.links_expire_after.is_some() {
            tokio::spawn(put_away(Arc::downgrade(&app)));
        }
        Ok(app)
    }

    fn lease_ms(&self) -> u64 {
        self.config.lease.as_millis().min(u128::from(u64::MAX)) as u64
    }

    /// This node, when games are leased.
    pub fn node(&self) -> Option<&Node> {
        self.node.as_ref()
    }

    fn insert(&self, slot: Arc<Slot>) {
        self.games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(slot.id.clone(), slot);
    }

    /// The texts of a language.
    pub fn texts(&self, lang: Lang) -> &Texts {
        &self.texts[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
    }

    /// Game `id`, or `no_game`.
    pub fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        self.games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
            .ok_or_else(|| {
                ApiError::new(StatusCode::NOT_FOUND, "no_game", format!("no game {id:?}"))
            })
    }

    /// A receiver told when the server shuts down.
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Starts shutting down: bots stop, sockets close with a reason.
    pub fn begin_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    pub fn shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// The store, where the workshop keeps what its private links hold.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// Keeps `body` under the private link `id` ([`Store::keep`]), carried
    /// to its end whatever becomes of the request ([`carried`]).
    pub async fn keep(&self, kind: &str, id: &str, body: String) -> Result<(), ApiError> {
        let write = self.store.keep(kind, id, body);
        carried(async move { write.await.map_err(ApiError::store) }).await
    }

    /// Finishes the store's writes.
    pub async fn close_store(&self) {
        if let Err(e) = self.store.close().await {
            tracing::warn!(error = %e, "closing the store");
        }
    }

    /// Creates a game: the record is stored before its tokens are given. At
    /// one screen every person's seat gets its token; in a network game only
    /// the creator's own seat (`me`) does, and each other person's seat an
    /// invitation, so that no one holds a friend's token.
    pub async fn create(self: &Arc<Self>, c: Create) -> Result<(Arc<Slot>, Vec<Issued>), ApiError> {
        let app = self.clone();
        carried(async move { app.create_now(c).await }).await
    }

    /// [`App::create`] on the caller's own future.
    async fn create_now(self: &Arc<Self>, c: Create) -> Result<(Arc<Slot>, Vec<Issued>), ApiError> {
        let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_setup", m);
        let entry = crate::games::named(&c.game).map_err(bad)?;
        let n = entry.seats;
        if c.seats.len() != n {
            return Err(bad(format!(
                "{} has {n} seats; {} were given",
                c.game,
                c.seats.len()
            )));
        }
        match (c.mode, c.me) {
            (Mode::Hotseat, Some(_)) => {
                return Err(bad(
                    "`me` names the creator's seat in a network game; at one screen every \
                     person's seat is the creator's"
                        .into(),
                ));
            }
            (Mode::Network, Some(me)) if c.seats.get(usize::from(me)) != Some(&SeatKind::Human) => {
                return Err(bad(format!(
                    "`me` is seat {me}, which is not a person's seat (seats 0 to {})",
                    n - 1
                )));
            }
            _ => {}
        }
        let seed = c.seed.unwrap_or_else(random_u64);
        let record = (entry.new_record)(&c.seats, seed, c.first, &c.options).map_err(bad)?;
        let table: Arc<dyn Hosted> = Arc::from((entry.host)(&record).map_err(bad)?);
        let issued: Vec<Issued> = c
            .seats
            .iter()
            .enumerate()
            .map(|(i, k)| {
                // The creator's own seats: every person's at one screen,
                // `me` in a network game.
                let own = c.mode == Mode::Hotseat || c.me == Some(i as Seat);
                match k {
                    SeatKind::Human if own => Issued {
                        token: Some(new_token()),
                        invite: None,
                    },
                    SeatKind::Human => Issued {
                        token: None,
                        invite: Some(new_token()),
                    },
                    _ => Issued::default(),
                }
            })
            .collect();
        let hash_of = |t: &Option<String>| t.as_deref().map(token_hash).unwrap_or_default();
        let auth: Vec<SeatAuth> = issued
            .iter()
            .map(|x| SeatAuth {
                token: hash_of(&x.token),
                invite: hash_of(&x.invite),
                given: None,
            })
            .collect();
        let id = hex(&random_u64().to_le_bytes());
        let created = now();
        self.store
            .create(NewGame {
                id: id.clone(),
                game: c.game.clone(),
                created,
                setup: record["setup"].clone(),
                seats: c.seats.iter().map(|k| k.name().to_owned()).collect(),
                token_hashes: auth.iter().map(|a| a.token.clone()).collect(),
                invite_hashes: auth.iter().map(|a| a.invite.clone()).collect(),
                mode: c.mode.name().to_owned(),
                lang: c.lang.code().to_owned(),
                state_hash: stamped(&*table),
            })
            .await
            .map_err(ApiError::store)?;
        // The game is its maker's node's: no one else knows of it yet.
        let asked = Instant::now();
        if let Some(node) = &self.node {
            self.store
                .lease(&id, node, self.lease_ms())
                .await
                .map_err(ApiError::store)?;
        }
        let slot = Arc::new(Slot {
            id,
            game: c.game,
            created,
            lang: c.lang,
            seats: c.seats,
            mode: c.mode,
            auth: Mutex::new(auth),
            gone: Default::default(),
            lease_until: Mutex::new(None),
            summary: Mutex::new(Summary {
                version: 0,
                status: "open",
                last_move: created,
            }),
            published: std::sync::RwLock::new(Published::of(&table, 0, None)),
            live: tokio::sync::Mutex::new(Live {
                table,
                version: 0,
                broken: None,
                last_by: None,
                subs: Vec::new(),
            }),
        });
        if self.node.is_some() {
            slot.lease_from(asked, self.config.lease);
        }
        self.insert(slot.clone());
        {
            let live = slot.live.lock().await;
            slot.summarise(&live);
            self.schedule_bot(&slot, &live);
        }
        tracing::info!(game = %slot.id, "game created");
        Ok((slot, issued))
    }

    /// The lobby: every game being played, and the `finished` games
    /// finished last, newest first.
    ///
    /// With several nodes, the games the others hold are listed from the
    /// store, as last stored.
    pub async fn lobby_with_finished(&self, finished: usize) -> Result<Vec<Value>, ApiError> {
        self.lobby_page(0, usize::MAX, finished).await
    }

    /// A page of the lobby: the games being played (or broken), newest
    /// first, `limit` of them from `offset`; on the first page (`offset`
    /// 0) also the `finished` games finished last.
    pub async fn lobby_page(
        &self,
        offset: usize,
        limit: usize,
        finished: usize,
    ) -> Result<Vec<Value>, ApiError> {
        self.lobby_page_at(now(), offset, limit, finished).await
    }

    /// A page of the lobby as it reads at `now` (seconds since the Unix
    /// epoch), the clock the games' idleness is measured by.
    pub async fn lobby_page_at(
        &self,
        now: i64,
        offset: usize,
        limit: usize,
        finished: usize,
    ) -> Result<Vec<Value>, ApiError> {
        let mut list = self.lobby_at(now);
        if self.node.is_some() {
            let elsewhere = self
                .store
                .playing(PLAYING_LISTED)
                .await
                .map_err(ApiError::store)?;
            for p in elsewhere {
                let g = p.game;
                if list.iter().any(|v| v["id"] == g.id.as_str()) {
                    continue;
                }
                let status = if p.broken {
                    "broken"
                } else if p.taken.contains(&false) {
                    "open"
                } else {
                    "playing"
                };
                list.push(json!({
                    "id": g.id, "game": g.game, "created": g.created, "lang": g.lang,
                    "mode": g.mode, "status": status, "version": g.version,
                    "last_move": g.last_move, "idle": idle(status, g.last_move, now),
                    "seats": g.seats.iter().zip(&p.taken).enumerate().map(|(i, (k, t))| json!({
                        "seat": i, "kind": k, "taken": t,
                    })).collect::<Vec<_>>(),
                }));
            }
        }
        list.sort_by(|a, b| {
            b["created"]
                .as_i64()
                .cmp(&a["created"].as_i64())
                .then(a["id"].as_str().cmp(&b["id"].as_str()))
        });
        let mut list: Vec<Value> = list.into_iter().skip(offset).take(limit).collect();
        if offset > 0 {
            return Ok(list);
        }
        let seen: std::collections::HashSet<String> = list
            .iter()
            .filter_map(|v| v["id"].as_str().map(str::to_owned))
            .collect();
        let stored = self
            .store
            .finished(finished)
            .await
            .map_err(ApiError::store)?;
        for g in stored.into_iter().filter(|g| !seen.contains(&g.id)) {
            list.push(json!({
                "id": g.id, "game": g.game, "created": g.created, "lang": g.lang,
                "mode": g.mode, "status": "over", "version": g.version,
                "last_move": g.last_move, "idle": false,
                "seats": g.seats.iter().enumerate().map(|(i, k)| json!({
                    "seat": i, "kind": k, "taken": true,
                })).collect::<Vec<_>>(),
            }));
        }
        list.sort_by(|a, b| {
            b["created"]
                .as_i64()
                .cmp(&a["created"].as_i64())
                .then(a["id"].as_str().cmp(&b["id"].as_str()))
        });
        Ok(list)
    }

    /// The games in memory (being played, or broken), newest first.
    pub fn lobby(&self) -> Vec<Value> {
        self.lobby_at(now())
    }

    /// The games in memory as the lobby lists them at `now`.
    fn lobby_at(&self, now: i64) -> Vec<Value> {
        let games = self.games.read().unwrap_or_else(|e| e.into_inner());
        let mut list: Vec<&Arc<Slot>> = games.values().collect();
        list.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
        let mut out: Vec<(i64, Value)> = list
            .iter()
            .map(|s| {
                let sum = s.summary.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let joined = s.joined();
                (
                    s.created,
                    json!({
                        "id": s.id, "game": s.game, "created": s.created, "lang": s.lang.code(),
                        "mode": s.mode.name(), "status": sum.status, "version": sum.version,
                        "last_move": sum.last_move,
                        "idle": idle(sum.status, sum.last_move, now),
                        "seats": s.seats.iter().enumerate().map(|(i, k)| json!({
                            "seat": i, "kind": k.name(), "taken": joined[i],
                        })).collect::<Vec<_>>(),
                    }),
                )
            })
            .collect();
        // The games this build cannot host, broken, never hidden.
        out.extend(
            self.unplayable
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .values()
                .map(|u| (u.created, u.listed())),
        );
        out.sort_by_key(|(created, _)| std::cmp::Reverse(*created));
        out.into_iter().map(|(_, v)| v).collect()
    }

    /// The state of a game for one viewer (the body of `GET /api/games/{id}`).
    pub fn state(&self, slot: &Slot, live: &Live, viewer: Viewer, lang: Lang) -> Value {
        let t = self.texts(lang);
        let table = &*live.table;
        let joined = slot.joined();
        json!({
            "id": slot.id,
            "game": slot.game,
            "lang": lang.code(),
            "mode": slot.mode.name(),
            "version": live.version,
            "viewer": match viewer {
                Viewer::Seat(s) => json!({"seat": s}),
                Viewer::Spectator => json!({"spectator": true}),
            },
            "status": slot.status(live),
            "broken": live.broken,
            "seats": slot.seats.iter().enumerate()
                .map(|(i, k)| json!({"seat": i, "kind": k.name(), "taken": joined[i]}))
                .collect::<Vec<_>>(),
            "view": table.view(viewer),
            "question": table.question(viewer, t),
            "events_total": table.events_total(viewer),
            "can_take_back": live.broken.is_none()
                && live.last_by.is_some_and(|s| viewer.is(s))
                && table.can_take_back(),
            "outcome": table.outcome(t),
        })
    }

    /// Takes a decision for `seat` at `version`: the one path of every
    /// decision, a person's or a bot's. The game changes only once the store
    /// has committed it, and everyone listening is told after. With
    /// `answer`, the answer is the seat's new state in that language (else
    /// `null`: a socket gets its state pushed like every listener).
    /// Checks a decision without making it, as [`App::decide`] would check
    /// it: the rules' refusal in words, or `Ok`, and what it measures
    /// ([`Hosted::measure`]). Only the seat that must
    /// decide may try (another seat's tries could probe its hidden cards);
    /// nothing is stored, pushed or changed.
    pub async fn try_decision(
        &self,
        slot: &Slot,
        seat: Seat,
        version: u64,
        decision: &Value,
    ) -> Result<(Result<(), String>, Value), ApiError> {
        let p = slot.published();
        check_open(p.broken.as_deref(), &*p.table, p.version, version)?;
        check_turn(&*p.table, seat)?;
        let (verdict, measure) = p.table.probe(decision);
        Ok((verdict.map_err(|e| e.0), measure))
    }

    /// A look at the table (`Hosted::look`) for any viewer: positions are
    /// public.
    pub async fn look(&self, slot: &Slot, query: &Value) -> Result<Value, ApiError> {
        let live = slot.live.lock().await;
        live.table
            .look(query)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_look", e.0))
    }

    pub async fn decide(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        seat: Seat,
        version: u64,
        choice: Choice,
        answer: Option<Lang>,
    ) -> Result<Value, ApiError> {
        let (app, slot) = (self.clone(), slot.clone());
        carried(async move {
            let (app, slot) = (&app, &slot);
            let mut live = slot.live.lock().await;
            slot.check_here()?;
            let table = &live.table;
            check_open(live.broken.as_deref(), &**table, live.version, version)?;
            check_turn(&**table, seat)?;
            let illegal =
                |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", m);
            let decision = match choice {
                Choice::Option(i) => table
                    .option(i)
                    .ok_or_else(|| illegal(format!("there is no option {i}")))?,
                Choice::Decision(d) => table.check(&d).map_err(|e| illegal(e.0))?,
            };
            let mut next = table.clone_box();
            next.apply(&decision).map_err(|e| illegal(e.0))?;
            let row = Row::Decision { decision };
            app.commit(slot, &mut live, version, row, next, Some(seat))
                .await?;
            Ok(answer.map_or(Value::Null, |lang| {
                app.state(slot, &live, Viewer::Seat(seat), lang)
            }))
        })
        .await
    }

    /// Takes back `seat`'s last decision, if the engine allows it now.
    pub async fn take_back(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        seat: Seat,
        version: u64,
        answer: Option<Lang>,
    ) -> Result<Value, ApiError> {
        let (app, slot) = (self.clone(), slot.clone());
        carried(async move {
            let (app, slot) = (&app, &slot);
            let mut live = slot.live.lock().await;
            slot.check_here()?;
            check_open(live.broken.as_deref(), &*live.table, live.version, version)?;
            let cannot =
                |m: &str| ApiError::new(StatusCode::CONFLICT, "cannot_take_back", m.to_owned());
            if live.last_by != Some(seat) {
                return Err(cannot("the last decision is not this seat's own"));
            }
            if !live.table.can_take_back() {
                return Err(cannot(
                    "something was revealed or rolled since the last decision",
                ));
            }
            let next = live.table.take_back().map_err(|e| cannot(&e.0))?;
            app.commit(slot, &mut live, version, Row::TakeBack, next, None)
                .await?;
            Ok(answer.map_or(Value::Null, |lang| {
                app.state(slot, &live, Viewer::Seat(seat), lang)
            }))
        })
        .await
    }

    /// What the search bot would make of each option of the question `seat`
    /// must answer, from what that seat knows only: in a game with one
    /// person (a solo game against bots or the Faceless); between people a
    /// hint would be a third player at the table, so it is off.
    pub async fn hint(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        seat: Seat,
        lang: Lang,
    ) -> Result<Value, ApiError> {
        let people = slot.seats.iter().filter(|k| **k == SeatKind::Human).count();
        if people > 1 {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "hint_off",
                format!("hints are off in a game between people (this one has {people})"),
            ));
        }
        let (table, version) = {
            let live = slot.live.lock().await;
            if let Some(why) = &live.broken {
                return Err(ApiError::new(StatusCode::CONFLICT, "broken", why.clone()));
            }
            check_turn(&*live.table, seat)?;
            (live.table.clone(), live.version)
        };
        let iterations = self.config.ismcts_iterations;
        // The same position gets the same hint.
        let seed = position_seed(&slot.id, version, "hint");
        let _permit = self.thinkers.clone().acquire_owned().await.ok();
        let app = self.clone();
        let hint =
            tokio::task::spawn_blocking(move || table.hint(iterations, seed, app.texts(lang)))
                .await
                .ok()
                .flatten();
        let Some(mut hint) = hint else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no_hint",
                "the search found no game consistent with what this seat knows",
            ));
        };
        hint["version"] = json!(version);
        Ok(hint)
    }

    /// The hint of a finished game's step `k` (as [`App::hint`] gives it at
    /// the table, from what the seat to decide knew then), with that seat
    /// and the option it chose: the record is public once the game is over.
    pub async fn hint_at(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        k: usize,
        lang: Lang,
    ) -> Result<Value, ApiError> {
        let table = self.finished(slot).await?;
        let total = table.decisions();
        if k >= total {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "no_step",
                format!("the game has {total} decisions, so no question at step {k}"),
            ));
        }
        let iterations = self.config.ismcts_iterations;
        let seed = position_seed(&slot.id, k as u64, "replay-hint");
        let _permit = self.thinkers.clone().acquire_owned().await.ok();
        let app = self.clone();
        let hint = tokio::task::spawn_blocking(move || {
            let t = app.texts(lang);
            let chosen = table.chosen(k, t)?;
            let mut hint = table.at(k).ok()?.hint(iterations, seed, t)?;
            hint["seat"] = json!(chosen.seat);
            hint["chosen"] = json!(chosen.index);
            Some(hint)
        })
        .await
        .ok()
        .flatten();
        let mut hint = hint.ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "no_hint",
                "the search found nothing to weigh at this step",
            )
        })?;
        hint["version"] = json!(k);
        Ok(hint)
    }

    /// Every seat's estimated chance to win at each step of a finished
    /// game, the search weighing each from what the seat to decide knew
    /// then; weighed once and kept for the latest games asked about.
    pub async fn turns(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<Arc<Vec<Turn>>, ApiError> {
        let table = self.finished(slot).await?;
        let cell = {
            let mut kept = self.turns.lock().unwrap_or_else(|e| e.into_inner());
            match kept.iter().find(|(id, _)| *id == slot.id) {
                Some((_, cell)) => cell.clone(),
                None => {
                    if kept.len() >= TURNS_KEPT {
                        kept.pop_front();
                    }
                    let cell = TurnsCell::default();
                    kept.push_back((slot.id.clone(), cell.clone()));
                    cell
                }
            }
        };
        let app = self.clone();
        let id = slot.id.clone();
        let turns = cell
            .get_or_init(|| async move {
                let _permit = app.weighing.clone().acquire_owned().await.ok();
                let iterations = app.config.turn_iterations;
                tokio::task::spawn_blocking(move || {
                    table.turns(iterations, &|k| position_seed(&id, k as u64, "turns"))
                })
                .await
                .ok()
                .flatten()
                .map(Arc::new)
            })
            .await
            .clone();
        turns.ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "no_turns",
                "this game has no search to weigh its steps with",
            )
        })
    }

    /// A finished game's table: its record is public (an unfinished one
    /// would reveal hidden cards).
    async fn finished(&self, slot: &Arc<Slot>) -> Result<Arc<dyn Hosted>, ApiError> {
        let live = slot.live.lock().await;
        if let Some(why) = &live.broken {
            return Err(ApiError::new(StatusCode::CONFLICT, "broken", why.clone()));
        }
        if !live.table.is_over() {
            return Err(ApiError::not_over());
        }
        Ok(live.table.clone())
    }

    /// After a change: the lobby's summary, every listener's new state, the
    /// next bot's turn.
    /// Keeps `row` in the store after `version`, then moves the game on to
    /// `next`, decided by `by`: nothing is heard of a change the store did
    /// not keep.
    async fn commit(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        version: u64,
        row: Row,
        next: Box<dyn Hosted>,
        by: Option<Seat>,
    ) -> Result<(), ApiError> {
        let hash = stamped(&*next);
        self.store
            .append(&slot.id, version, row, hash)
            .await
            .map_err(|e| self.store_failed(slot, e))?;
        live.table = Arc::from(next);
        live.version += 1;
        live.last_by = by;
        self.changed(slot, live);
        Ok(())
    }

    fn changed(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        *slot.published.write().unwrap_or_else(|e| e.into_inner()) =
            Published::of(&live.table, live.version, live.broken.as_deref());
        slot.summarise(live);
        self.push(slot, live);
        self.schedule_bot(slot, live);
        if live.table.is_over() {
            self.retire(slot);
        }
    }

    /// A finished game leaves memory once the store has marked it: it is
    /// then read from the store when asked for (see [`App::find`]), so
    /// memory holds the games being played, not every game ever played.
    /// Its listeners keep their slot until they go; nothing more is pushed.
    fn retire(self: &Arc<Self>, slot: &Arc<Slot>) {
        let app = self.clone();
        let id = slot.id.clone();
        tokio::spawn(async move {
            match app.store.finish(&id).await {
                Ok(()) => {
                    app.games
                        .write()
                        .unwrap_or_else(|e| e.into_inner())
                        .remove(&id);
                    if let Some(node) = &app.node {
                        let _ = app.store.release(&node.id, Some(&id)).await;
                    }
                }
                // Kept in memory: marked on the next start.
                Err(e) => tracing::warn!(game = %id, error = %e, "finished game kept in memory"),
            }
        });
    }

    /// Game `id` as the store holds it, replayed from its log and checked
    /// against its state hash; `None` if the store has no such game.
    async fn replayed(&self, id: &str) -> Result<Option<Arc<Slot>>, ApiError> {
        let stored = self.store.load(id).await.map_err(ApiError::store)?;
        let Some((g, hash)) = stored else {
            return Ok(None);
        };
        // Replaying is work for the processor: off the async threads.
        match tokio::task::spawn_blocking(move || rebuild(g, &hash)).await {
            Ok(Ok(slot)) => Ok(Some(slot)),
            Ok(Err(u)) => {
                let refused = u.refusal();
                self.unplayable(*u);
                Err(refused)
            }
            Err(e) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("replaying game {id} failed: {e}"),
            )),
        }
    }

    /// Keeps a game this build cannot host, for the lobby and its refusals.
    fn unplayable(&self, u: Unplayable) {
        self.unplayable
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(u.id.clone(), u);
    }

    /// Refused 409 `broken` with its reason if game `id` is one this build
    /// cannot host.
    fn playable(&self, id: &str) -> Result<(), ApiError> {
        match self
            .unplayable
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
        {
            Some(u) => Err(u.refusal()),
            None => Ok(()),
        }
    }

    /// Game `id`, in memory or, once finished, read back from the store
    /// (replayed, read-only: a finished game takes no decision); `no_game`
    /// if there is none.
    pub async fn find(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if let Ok(slot) = self.slot(id) {
            return Ok(slot);
        }
        self.playable(id)?;
        // Only a finished game is served from the store: a game being
        // played lives in memory alone (one copy takes its decisions).
        let Some(slot) = self.replayed(id).await? else {
            return self.slot(id);
        };
        let live = slot.live.lock().await;
        if live.broken.is_none() && !live.table.is_over() {
            drop(live);
            // Put away for want of decisions ([`Config::expire_after`]):
            // asked for, it is taken up again where it stood.
            if self.store.resume(id).await.map_err(ApiError::store)? {
                tracing::info!(game = %id, "game taken up again");
                match self.node {
                    Some(_) => {
                        self.locate(id).await?;
                    }
                    None => self.adopt(id, None).await?,
                }
            }
            return self.slot(id);
        }
        slot.summarise(&live);
        drop(live);
        Ok(slot)
    }

    /// Which game `id` is (`"lov"`, `"bov"`), from memory or, for a finished
    /// game, from its stored record without replaying it.
    pub async fn game_of(&self, id: &str) -> Option<String> {
        if let Ok(slot) = self.slot(id) {
            return Some(slot.game.clone());
        }
        let (g, _) = self.store.load(id).await.ok()??;
        Some(g.new.game)
    }

    /// How many listeners were let go because they did not read (their
    /// queue full), not counting those that left.
    pub fn dropped_for_not_reading(&self) -> usize {
        self.dropped_for_not_reading.load(Ordering::Relaxed)
    }

    /// How many games are in memory.
    pub fn games_in_memory(&self) -> usize {
        self.games.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Sends each listener its own state and its new events. A listener
    /// whose queue is full is dropped: it reloads when it reconnects.
    fn push(&self, slot: &Slot, live: &mut Live) {
        // Each viewer's state is built once, and each message once for
        // every listener at the same point of the same stream: a thousand
        // spectators share one message, not a thousand copies.
        let mut states: HashMap<(Viewer, Lang), Value> = HashMap::new();
        let mut messages: HashMap<(Viewer, Lang, usize), (axum::extract::ws::Utf8Bytes, usize)> =
            HashMap::new();
        let mut subs = std::mem::take(&mut live.subs);
        subs.retain_mut(|sub| {
            let (msg, next) = messages
                .entry((sub.viewer, sub.lang, sub.next_event))
                .or_insert_with(|| {
                    let state = states
                        .entry((sub.viewer, sub.lang))
                        .or_insert_with(|| self.state(slot, live, sub.viewer, sub.lang))
                        .clone();
                    let (msg, next) =
                        self.message(live, state, sub.viewer, sub.lang, sub.next_event);
                    (msg.into(), next)
                })
                .clone();
            sub.next_event = next;
            match sub.tx.try_send(Push::Text(msg)) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    self.dropped_for_not_reading.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(game = %slot.id, "a client that does not read was dropped");
                    false
                }
                // Its socket closed: the client left.
                Err(mpsc::error::TrySendError::Closed(_)) => {
                    tracing::debug!(game = %slot.id, "a client left");
                    false
                }
            }
        });
        live.subs = subs;
    }

    /// A `state` message with the events from `from`, and the next event.
    fn message(
        &self,
        live: &Live,
        mut state: Value,
        viewer: Viewer,
        lang: Lang,
        from: usize,
    ) -> (String, usize) {
        let events = live.table.events(viewer, from, self.texts(lang));
        let next = from + events.len();
        state["type"] = json!("state");
        state["events"] = Value::Array(events);
        (state.to_string(), next)
    }

    /// How many listeners game `slot` holds.
    pub async fn listeners(&self, slot: &Slot) -> usize {
        slot.live.lock().await.subs.len()
    }

    /// Adds a listener and sends it the state with its events from `from`.
    /// The listeners that left since the last push are let go first: a
    /// game where nobody decides, visited and left again and again, holds
    /// only the listeners still there.
    pub async fn subscribe(
        &self,
        slot: &Arc<Slot>,
        viewer: Viewer,
        lang: Lang,
        from: usize,
        tx: mpsc::Sender<Push>,
    ) {
        let mut live = slot.live.lock().await;
        live.subs.retain(|s| !s.tx.is_closed());
        slot.summarise(&live);
        let state = self.state(slot, &live, viewer, lang);
        let (msg, next) = self.message(&live, state, viewer, lang, from);
        if tx.try_send(Push::Text(msg.into())).is_ok() {
            live.subs.push(Sub {
                viewer,
                lang,
                next_event: next,
                tx,
            });
        }
    }

    /// If a bot seat must decide, a task decides for it after the delay,
    /// through [`App::decide`] like anyone. The bot thinks on a copy of the
    /// game on a blocking thread (a search takes a while), and its decision
    /// is for this version only: one the game has moved past is dropped.
    fn schedule_bot(self: &Arc<Self>, slot: &Arc<Slot>, live: &Live) {
        if live.broken.is_some() || self.shutting_down() {
            return;
        }
        let Some(seat) = live.table.to_decide() else {
            return;
        };
        let Some(kind) = slot.seats.get(usize::from(seat)).copied() else {
            return;
        };
        if !kind.is_bot() {
            return;
        }
        let iterations = self.config.ismcts_iterations;
        let version = live.version;
        let seed = position_seed(&slot.id, version, "");
        // The quick bots decide at once; the search thinks on a blocking
        // thread, not holding up the runtime.
        // `Err`: the search, still to run on a copy of the table.
        let ready = if kind == SeatKind::Ismcts {
            Err(live.table.clone())
        } else {
            Ok(live.table.bot(kind, iterations, seed))
        };
        let app = self.clone();
        let slot = slot.clone();
        let thinkers = self.thinkers.clone();
        tokio::spawn(async move {
            let delay = tokio::time::sleep(app.config.bot_delay);
            let thinking = async move {
                let table = match ready {
                    Ok(decision) => return decision,
                    Err(table) => table,
                };
                let _permit = thinkers.acquire_owned().await.ok()?;
                tokio::task::spawn_blocking(move || table.bot(kind, iterations, seed))
                    .await
                    .ok()
                    .flatten()
            };
            let (_, decision) = tokio::join!(delay, thinking);
            let Some(decision) = decision else {
                return;
            };
            // A store that does not answer (a database restarting) is
            // asked again, from 0.1 s doubling to 5 s, for as long as the
            // game waits on this decision: the bot is never left stuck. So
            // is a lease that lapsed meanwhile (its renewal met the same
            // store), while this copy is still the game's.
            let mut wait = Duration::from_millis(100);
            loop {
                if app.shutting_down() {
                    return;
                }
                let choice = Choice::Decision(decision.clone());
                match app.decide(&slot, seat, version, choice, None).await {
                    Err(e)
                        if e.code == "store_failed"
                            || e.code == "internal"
                            || (e.code == "moving" && !slot.gone.load(Ordering::Relaxed)) =>
                    {
                        tracing::warn!(game = %slot.id, seat, error = %e.message,
                                       retry_in_ms = wait.as_millis() as u64, "bot's decision not stored");
                        tokio::time::sleep(wait).await;
                        wait = (wait * 2).min(Duration::from_secs(5));
                    }
                    Err(e) if e.code != "stale_version" && e.code != "moving" => {
                        tracing::warn!(game = %slot.id, seat, error = %e.message, "bot refused");
                        return;
                    }
                    _ => return,
                }
            }
        });
    }

    /// Closes every listener's socket with `reason`.
    pub async fn close_all(&self, reason: &str) {
        let slots: Vec<Arc<Slot>> = self
            .games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for slot in slots {
            let mut live = slot.live.lock().await;
            for sub in live.subs.drain(..) {
                let _ = sub.tx.try_send(Push::Close(reason.to_owned()));
            }
        }
    }
}

/// Refuses a change to a broken or finished game, or at a stale version.
/// Refuses a change to (or a try on) a broken or finished game, or at a
/// stale version: `broken` is why the game is broken, `at` its version.
fn check_open(
    broken: Option<&str>,
    table: &dyn Hosted,
    at: u64,
    version: u64,
) -> Result<(), ApiError> {
    if let Some(why) = broken {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "broken",
            format!("the game is broken and read-only: {why}"),
        ));
    }
    if table.is_over() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "game_over",
            "the game is over",
        ));
    }
    if version != at {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "stale_version",
            format!("the decision was made at version {version}, but the game is at version {at}"),
        ));
    }
    Ok(())
}

/// Refuses a decision (or a try) of a seat that is not the one to decide.
fn check_turn(table: &dyn Hosted, seat: Seat) -> Result<(), ApiError> {
    match table.to_decide() {
        Some(s) if s == seat => Ok(()),
        to => Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_your_turn",
            match to {
                Some(s) => format!("seat {s} must decide now, not seat {seat}"),
                None => "no one decides now".into(),
            },
        )),
    }
}

impl Slot {
    /// The game as last changed (see [`Slot::published`]'s field).
    fn published(&self) -> Published {
        self.published
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Refuses a change to a copy let go from memory: the game is another
    /// node's now, and the client reaches it by asking again.
    /// Whether this node surely holds the game's lease (or needs none).
    fn leased(&self) -> bool {
        self.lease_until
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_none_or(|until| Instant::now() < until)
    }

    /// The lease was granted (or renewed) on a request sent at `asked`.
    fn lease_from(&self, asked: Instant, length: Duration) {
        *self.lease_until.lock().unwrap_or_else(|e| e.into_inner()) = Some(asked + length);
    }

    fn check_here(&self) -> Result<(), ApiError> {
        if self.gone.load(Ordering::Relaxed) || !self.leased() {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "moving",
                "the game moved to another server: try again",
            ));
        }
        Ok(())
    }

    /// Who a token (or none) makes the holder: a seat, a spectator, or
    /// `wrong_token`.
    pub fn viewer(&self, token: Option<&str>) -> Result<Viewer, ApiError> {
        let Some(token) = token else {
            return Ok(Viewer::Spectator);
        };
        let h = token_hash(token);
        let auth = self.auth();
        if let Some(s) = auth
            .iter()
            .position(|a| !a.token.is_empty() && a.token == h)
        {
            return Ok(Viewer::Seat(s as Seat));
        }
        let message = if auth.iter().any(|a| !a.invite.is_empty() && a.invite == h) {
            "this is an invitation, not a seat's token: exchange it once for the seat's \
             token (POST /api/games/{id}/join)"
        } else {
            "the token is not a seat of this game"
        };
        Err(ApiError::new(StatusCode::FORBIDDEN, "wrong_token", message))
    }

    fn auth(&self) -> std::sync::MutexGuard<'_, Vec<SeatAuth>> {
        self.auth.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether each seat is held: a person's once it has its token, every
    /// other seat always.
    fn joined(&self) -> Vec<bool> {
        let auth = self.auth();
        self.seats
            .iter()
            .zip(auth.iter())
            .map(|(k, a)| *k != SeatKind::Human || !a.token.is_empty())
            .collect()
    }

    /// The seat a token acts for; `no_token` without one.
    pub fn seat(&self, token: Option<&str>) -> Result<Seat, ApiError> {
        if token.is_none() {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "no_token",
                "a seat's token is needed: send `Authorization: Bearer <token>`",
            ));
        }
        match self.viewer(token)? {
            Viewer::Seat(s) => Ok(s),
            Viewer::Spectator => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "no_token",
                "a seat's token is needed",
            )),
        }
    }

    fn status(&self, live: &Live) -> &'static str {
        if live.broken.is_some() {
            "broken"
        } else if live.table.is_over() {
            "over"
        } else if self.joined().contains(&false) {
            "open"
        } else {
            "playing"
        }
    }

    fn summarise(&self, live: &Live) {
        let mut s = self.summary.lock().unwrap_or_else(|e| e.into_inner());
        // Only a new row of the log moves the version: a decision or a
        // take-back, just stored.
        if live.version != s.version {
            s.last_move = now();
        }
        s.version = live.version;
        s.status = self.status(live);
    }
}
