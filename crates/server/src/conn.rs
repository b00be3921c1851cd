//! The accept loop: every connection the server holds, and its limits.
//!
//! A client that opens connections and never finishes a request costs the
//! server a file descriptor each; enough of them and `accept` fails, and
//! nobody is served. So each connection has a deadline for its request head
//! ([`ConnLimits::header_timeout`], from its opening or from the end of its
//! last answer: an idle keep-alive connection is closed too) and one for its
//! body ([`ConnLimits::body_timeout`]); one client address holds at most
//! [`ConnLimits::per_address`] connections (IPv6 by its /64, as the flood
//! limits count), and the server at most [`ConnLimits::max_connections`], a
//! number kept below the descriptor limit so that `accept` itself never
//! fails. A connection over a cap is closed at once. A WebSocket keeps its
//! connection's place in both counts for as long as it is open.

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::Request;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, watch};

use crate::limit::Key;

/// The limits of the connections a server holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConnLimits {
    /// The most connections open at once (WebSockets included); 0: from
    /// the descriptor limit ([`max_connections_for`]).
    pub max_connections: usize,
    /// The most connections one client address holds at once (0: no cap).
    pub per_address: usize,
    /// How long a connection may take to send a whole request head, from
    /// its opening or from the end of its last answer.
    pub header_timeout: Duration,
    /// How long a request may take to send its whole body.
    pub body_timeout: Duration,
}

impl Default for ConnLimits {
    /// A person's browser holds a few connections and a socket a tab; a
    /// household or a school behind one address, a few dozen. 256 leaves
    /// room for those, while a flood from a few addresses holds only a few
    /// hundred descriptors. A request head takes a browser milliseconds.
    fn default() -> Self {
        ConnLimits {
            max_connections: 0,
            per_address: 256,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
        }
    }
}

/// Descriptors kept for everything but client connections: the store's
/// files, the listener, the runtime's, the one briefly held by a
/// connection refused for a cap.
pub const RESERVED_DESCRIPTORS: u64 = 128;

/// The connection cap for a descriptor limit of `nofile`: all but
/// [`RESERVED_DESCRIPTORS`], or half of a limit too small for that.
pub fn max_connections_for(nofile: u64) -> usize {
    let n = if nofile > 2 * RESERVED_DESCRIPTORS {
        nofile - RESERVED_DESCRIPTORS
    } else {
        nofile / 2
    };
    usize::try_from(n.max(1)).unwrap_or(usize::MAX)
}

/// The descriptor limit (`RLIMIT_NOFILE`), its soft limit first raised to
/// the hard one (allowed to any process, and what a server wants: the
/// soft limit of 1,024 many systems start with is for programs that use
/// `select`, which this one does not). `None` where it cannot be read.
pub fn raise_descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, getrlimit, setrlimit};
        let limit = getrlimit(Resource::Nofile);
        if let (Some(soft), Some(hard)) = (limit.current, limit.maximum)
            && hard > soft
        {
            let raised = rustix::process::Rlimit {
                current: Some(hard),
                maximum: Some(hard),
            };
            if setrlimit(Resource::Nofile, raised).is_ok() {
                return Some(hard);
            }
        }
        // `None` is "unlimited" here.
        Some(limit.current.unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The connections open now, by address, and the places left.
#[derive(Debug)]
pub struct Conns {
    limits: ConnLimits,
    places: Arc<Semaphore>,
    by_address: Mutex<HashMap<Key, usize>>,
    refused: AtomicUsize,
    timed_out: AtomicUsize,
}

/// One connection's place in the counts, given back when the last holder
/// (its connection, or its WebSocket) ends.
#[derive(Debug)]
pub struct Place {
    conns: Arc<Conns>,
    key: Key,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut map = self
            .conns
            .by_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// A connection's place, in each of its requests' extensions: a WebSocket
/// keeps a clone for as long as it is open.
#[derive(Clone, Debug)]
pub struct Held(pub Arc<Place>);

impl Conns {
    /// `limits.max_connections` must be set (not 0).
    pub fn new(limits: ConnLimits) -> Arc<Conns> {
        Arc::new(Conns {
            limits,
            places: Arc::new(Semaphore::new(limits.max_connections.max(1))),
            by_address: Mutex::new(HashMap::new()),
            refused: AtomicUsize::new(0),
            timed_out: AtomicUsize::new(0),
        })
    }

    /// A place for a connection from `addr`, or `None` over a cap.
    pub fn admit(self: &Arc<Self>, addr: SocketAddr) -> Option<Place> {
        let key = Key::address(addr.ip());
        let permit = self.places.clone().try_acquire_owned().ok()?;
        let mut map = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(key).or_insert(0);
        if self.limits.per_address > 0 && *n >= self.limits.per_address {
            return None;
        }
        *n += 1;
        Some(Place {
            conns: self.clone(),
            key,
            _permit: permit,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.limits.max_connections.max(1) - self.places.available_permits()
    }

    /// Connections closed at once for a cap, since the start.
    pub fn refused(&self) -> usize {
        self.refused.load(Ordering::Relaxed)
    }

    /// Connections closed for their deadline, since the start.
    pub fn timed_out(&self) -> usize {
        self.timed_out.load(Ordering::Relaxed)
    }

    pub fn limits(&self) -> ConnLimits {
        self.limits
    }
}

/// What a connection is doing: requests whose answer is not yet given, and
/// when its last answer was given (milliseconds since `start`).
#[derive(Debug)]
struct Activity {
    start: Instant,
    in_flight: AtomicUsize,
    idle_since: AtomicU64,
}

impl Activity {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// Counts a request in flight until its answer is given (or dropped).
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.idle_since.store(self.0.now(), Ordering::Relaxed);
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A request body that did not arrive whole within its deadline.
#[derive(Debug, Clone, Copy)]
pub struct BodyTimeout(pub Duration);

impl std::fmt::Display for BodyTimeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the request body did not arrive whole within {} s",
            self.0.as_secs_f64()
        )
    }
}

impl std::error::Error for BodyTimeout {}

impl BodyTimeout {
    /// The timeout somewhere in `e`'s chain of causes.
    pub fn find(e: &(dyn std::error::Error + 'static)) -> Option<BodyTimeout> {
        let mut at = Some(e);
        while let Some(e) = at {
            if let Some(t) = e.downcast_ref::<BodyTimeout>() {
                return Some(*t);
            }
            at = e.source();
        }
        None
    }
}

/// A request body that must arrive whole within its deadline (counted
/// from its first read): one sent half, then held, fails, and its request
/// is answered and its connection closed.
struct Deadline {
    body: Incoming,
    timeout: Duration,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(f) = Pin::new(&mut this.body).poll_frame(cx) {
            return Poll::Ready(f.map(|r| r.map_err(Into::into)));
        }
        let timeout = this.timeout;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(BodyTimeout(timeout).into()))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        http_body::Body::is_end_stream(&self.body)
    }

    fn size_hint(&self) -> SizeHint {
        http_body::Body::size_hint(&self.body)
    }
}

/// Serves `router` on `listener` within `limits` until `shutdown`, then
/// lets each connection finish its request in flight and waits for them
/// (WebSockets are not waited for: the app closes them).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let mut limits = limits;
    if limits.max_connections == 0 {
        limits.max_connections = raise_descriptor_limit().map_or(1024, max_connections_for);
    }
    let conns = Conns::new(limits);
    tracing::info!(
        max_connections = limits.max_connections,
        per_address = limits.per_address,
        header_timeout_s = limits.header_timeout.as_secs_f64(),
        body_timeout_s = limits.body_timeout.as_secs_f64(),
        "connection limits"
    );
    serve_with(listener, router, conns, shutdown).await;
}

/// [`serve`] with the counts given (a test reads them).
pub async fn serve_with(
    listener: TcpListener,
    router: Router,
    conns: Arc<Conns>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let (stop_tx, stop_rx) = watch::channel(false);
    // Each connection holds a sender: all gone, all ended.
    let (alive_tx, mut alive_rx) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            _ = &mut shutdown => break,
            r = listener.accept() => match r {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors (another part of the process took
                    // them): wait for some to be given back, not spin.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(place) = conns.admit(addr) else {
            conns.refused.fetch_add(1, Ordering::Relaxed);
            tracing::debug!(%addr, "connection refused: over the connection caps");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(
            stream,
            addr,
            router.clone(),
            Held(Arc::new(place)),
            conns.clone(),
            stop_rx.clone(),
            alive_tx.clone(),
        ));
    }
    let _ = stop_tx.send(true);
    drop(alive_tx);
    drop(listener);
    let _ = alive_rx.recv().await;
}

async fn connection(
    stream: tokio::net::TcpStream,
    addr: SocketAddr,
    router: Router,
    held: Held,
    conns: Arc<Conns>,
    mut stop: watch::Receiver<bool>,
    _alive: mpsc::Sender<()>,
) {
    let limits = conns.limits;
    let activity = Arc::new(Activity {
        start: Instant::now(),
        in_flight: AtomicUsize::new(0),
        idle_since: AtomicU64::new(0),
    });
    let service = {
        let activity = activity.clone();
        hyper::service::service_fn(move |req: Request<Incoming>| {
            activity.in_flight.fetch_add(1, Ordering::Relaxed);
            let in_flight = InFlight(activity.clone());
            let mut req = req.map(|body| {
                Body::new(Deadline {
                    body,
                    timeout: limits.body_timeout,
                    sleep: None,
                })
            });
            req.extensions_mut().insert(ConnectInfo(addr));
            req.extensions_mut().insert(held.clone());
            let answer = tower::ServiceExt::oneshot(router.clone(), req);
            async move {
                let res = answer.await;
                drop(in_flight);
                res
            }
        })
    };
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(conn);
    let mut stopping = false;
    loop {
        let idle_since = activity.idle_since.load(Ordering::Relaxed);
        let busy = activity.in_flight.load(Ordering::Relaxed) > 0;
        let deadline = if busy {
            activity.now() + limits.header_timeout.as_millis() as u64
        } else {
            idle_since + limits.header_timeout.as_millis() as u64
        };
        let wait = Duration::from_millis(deadline.saturating_sub(activity.now()));
        tokio::select! {
            _ = conn.as_mut() => break,
            _ = stop.wait_for(|s| *s), if !stopping => {
                stopping = true;
                conn.as_mut().graceful_shutdown();
            }
            _ = tokio::time::sleep(wait) => {
                let idle = activity.in_flight.load(Ordering::Relaxed) == 0
                    && activity.now()
                        >= activity.idle_since.load(Ordering::Relaxed)
                            + limits.header_timeout.as_millis() as u64;
                if idle {
                    // No request in flight and none begun in time: a
                    // request head held back, or a connection left idle.
                    conns.timed_out.fetch_add(1, Ordering::Relaxed);
                    tracing::debug!(%addr, "connection closed: no request within the header timeout");
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_stays_below_the_descriptor_limit() {
        assert_eq!(max_connections_for(1024), 896);
        assert_eq!(max_connections_for(20_000), 19_872);
        assert_eq!(max_connections_for(200), 100);
        assert_eq!(max_connections_for(1), 1);
        for n in [1u64, 10, 256, 257, 1024, 65_536, 1 << 20] {
            assert!((max_connections_for(n) as u64) < n.max(2), "{n}");
        }
    }

    #[tokio::test]
    async fn each_address_and_the_server_have_their_caps() {
        let conns = Conns::new(ConnLimits {
            max_connections: 5,
            per_address: 2,
            ..ConnLimits::default()
        });
        let a: SocketAddr = "10.0.0.1:1000".parse().unwrap();
        let b: SocketAddr = "10.0.0.2:1000".parse().unwrap();
        let a1 = conns.admit(a).unwrap();
        let _a2 = conns.admit(a).unwrap();
        assert!(conns.admit(a).is_none(), "a third from one address");
        let _b1 = conns.admit(b).unwrap();
        let _b2 = conns.admit(b).unwrap();
        let c: SocketAddr = "10.0.0.3:1".parse().unwrap();
        let _c1 = conns.admit(c).unwrap();
        assert!(conns.admit(c).is_none(), "a sixth in all");
        assert_eq!(conns.open(), 5);
        drop(a1);
        assert_eq!(conns.open(), 4);
        assert!(conns.admit(a).is_some(), "a place given back");
    }
}
