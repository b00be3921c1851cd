//! `valerna serve`: the web app and its API, every game kept in SQLite; and
//! `valerna loadtest`: many games played at once against a server started
//! for the test, measuring decisions per second, latency and memory.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use clap::Args;
use valerna_server::conn::ConnLimits;
use valerna_server::limit::{Limits, Rate};
use valerna_server::loadtest::{self, LoadOptions};
use valerna_server::{Config, Db, Options};

use crate::arena::cpu_seconds;
use crate::error::CliError;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where every game is kept: a SQLite file (created on first start),
    /// or a PostgreSQL database shared by several server processes
    /// (`postgres://user:password@host/name`; see docs/hosting.md).
    #[arg(long, default_value = "valerna.db")]
    db: String,
    /// The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0
    /// for every network it is on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// How long a bot seat waits before it decides, in milliseconds.
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,
    /// Requests and socket messages per second allowed from one client
    /// address (an IPv6 /64), sustained (0: no limit). Behind a reverse
    /// proxy every client has the proxy's address: raise it or limit there.
    #[arg(long, default_value_t = 100.0, value_parser = rate)]
    rate_per_address: f64,
    /// Requests and messages one address may send at once, above its rate.
    #[arg(long, default_value_t = 1000)]
    burst_per_address: u32,
    /// Requests and socket messages per second allowed with one seat's
    /// token, sustained (0: no limit).
    #[arg(long, default_value_t = 20.0, value_parser = rate)]
    rate_per_token: f64,
    /// Requests and messages one token may send at once, above its rate.
    #[arg(long, default_value_t = 200)]
    burst_per_token: u32,
    /// Iterations of the search bot (`ismcts` seats) for each decision:
    /// more plays better and takes longer (1,000 take about 25 ms in a
    /// release build for Lords of Vaala; a battle's search also stops at
    /// 2 s).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    ismcts_iterations: u32,
    /// Iterations of the search for each step of a finished game when its
    /// chart of where it turned is drawn (once a game, kept after).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    turn_iterations: u32,
    /// The most connections held at once, WebSockets included (0: all the
    /// file descriptors allow, less 128 kept for the server's own files;
    /// the soft descriptor limit is first raised to the hard one).
    #[arg(long, default_value_t = 0)]
    max_connections: usize,
    /// The most connections one client address (an IPv6 /64) holds at once
    /// (0: no cap). Behind a reverse proxy every client has the proxy's
    /// address: give 0 and cap at the proxy.
    #[arg(long, default_value_t = 256)]
    max_connections_per_address: usize,
    /// Seconds a connection has to send a whole request head, from its
    /// opening or its last answer (an idle connection is closed then).
    #[arg(long, default_value_t = 10.0, value_parser = timeout)]
    header_timeout: f64,
    /// Seconds a request has to send its whole body.
    #[arg(long, default_value_t = 30.0, value_parser = timeout)]
    body_timeout: f64,
    /// With a PostgreSQL --db shared by several nodes: the address the
    /// other nodes reach this one at (http://host:port), where they pass
    /// the requests for the games this node holds. Default: the address
    /// listened on (127.0.0.1 when listening on every address).
    #[arg(long)]
    node_url: Option<String>,
    /// With a PostgreSQL --db: how long this node's hold on a game lasts
    /// unrenewed, in seconds; renewed every third of it. After a node dies
    /// its games wait this long before another node takes them over.
    #[arg(long, default_value_t = 10.0, value_parser = lease)]
    lease_seconds: f64,
    /// With a PostgreSQL --db: how many connections this node keeps to the
    /// database (statements are pipelined on each).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=256))]
    db_connections: u16,
    /// Put away a game with no decision for this many days: out of memory,
    /// the lobby and the leases, kept whole, and taken up again where it
    /// stood when its link is opened (0: never).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u16).range(0..=3650))]
    expire_days: u16,
    /// Forget a private link of the workshop (a saved list, a pack of one's
    /// own) not opened for this many days (0: never).
    #[arg(long, default_value_t = 365, value_parser = clap::value_parser!(u16).range(0..=36500))]
    link_days: u16,
    /// How many private links one address may make a day (0: no limit).
    #[arg(long, default_value_t = 200)]
    links_per_day: u32,
    /// Print the OpenAPI document of the API and exit.
    #[arg(long)]
    openapi: bool,
    /// Stop when standard input closes: the load test's server, which
    /// ends with the load test however that ends.
    #[arg(long, hide = true)]
    until_stdin_closes: bool,
}

/// The longest load test: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// A time in seconds: a finite number from 0 to a day.
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=MAX_SECONDS).contains(&x) => Ok(x),
        _ => Err(format!(
            "{s:?} is not a time: give a number of seconds from 0 to {MAX_SECONDS} (a day)"
        )),
    }
}

/// A timeout: a number of seconds from a millisecond to an hour.
fn timeout(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.001..=3600.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "{s:?} is not a timeout: give a number of seconds from 0.001 to 3600"
        )),
    }
}

/// A lease: a number of seconds from 0.3 to an hour.
fn lease(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.3..=3600.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "{s:?} is not a lease: give a number of seconds from 0.3 to 3600"
        )),
    }
}

/// A rate: a finite number, 0 or more.
fn rate(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(r) if r.is_finite() && r >= 0.0 => Ok(r),
        _ => Err(format!(
            "{s:?} is not a rate: give a number of requests per second, 0 or more (0: no limit)"
        )),
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the runtime: {e}")))
}

pub fn serve(args: ServeArgs) -> Result<(), CliError> {
    if args.openapi {
        // A reader that goes away is the end of the answer; a full disk
        // is an error, never a panic.
        return crate::error::emit(&valerna_server::api::openapi_json());
    }
    let db = Db::parse(&args.db);
    if let Db::File(path) = &db {
        // A database in a folder that is not there is the user's mistake.
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => std::path::Path::new("."),
        };
        if !folder.is_dir() || path.is_dir() {
            return Err(CliError::usage(format!(
                "--db '{}': {}",
                path.display(),
                if path.is_dir() {
                    "a folder, not a database file".to_string()
                } else {
                    format!("the folder '{}' is not there", folder.display())
                }
            )));
        }
    } else if let Err(e) = db.check() {
        return Err(CliError::usage(format!("--db: {e}")));
    }
    if let Some(url) = &args.node_url {
        if !matches!(db, Db::Postgres(_)) {
            return Err(CliError::usage(
                "--node-url is for several nodes sharing a PostgreSQL --db; a SQLite file \
                 is one process's",
            ));
        }
        valerna_server::nodes::authority(url)
            .map_err(|e| CliError::usage(format!("--node-url: {e}")))?;
    }
    if args.until_stdin_closes {
        std::thread::spawn(|| {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            std::process::exit(0);
        });
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let options = Options {
        db,
        addr: SocketAddr::new(args.bind, args.port),
        config: Config {
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            limits: Limits {
                per_address: Rate {
                    per_second: args.rate_per_address,
                    burst: args.burst_per_address,
                },
                per_token: Rate {
                    per_second: args.rate_per_token,
                    burst: args.burst_per_token,
                },
                ..Limits::default()
            },
            ismcts_iterations: args.ismcts_iterations,
            turn_iterations: args.turn_iterations,
            connections: ConnLimits {
                max_connections: args.max_connections,
                per_address: args.max_connections_per_address,
                header_timeout: Duration::from_secs_f64(args.header_timeout),
                body_timeout: Duration::from_secs_f64(args.body_timeout),
            },
            node_url: args.node_url.map(|u| u.trim_end_matches('/').to_owned()),
            lease: Duration::from_secs_f64(args.lease_seconds),
            db_connections: usize::from(args.db_connections),
            expire_after: (args.expire_days > 0)
                .then(|| Duration::from_secs(u64::from(args.expire_days) * 24 * 3600)),
            links_expire_after: (args.link_days > 0)
                .then(|| Duration::from_secs(u64::from(args.link_days) * 24 * 3600)),
            links_per_day: args.links_per_day,
            ..Config::default()
        },
    };
    runtime()?
        .block_on(valerna_server::serve(options, |addr| {
            println!("valerna: serving on http://{addr}");
        }))
        .map_err(|e| {
            // A --node-url this node does not answer at is the argument's
            // fault, found once the node listens.
            if e.starts_with("--node-url") {
                CliError::usage(e)
            } else {
                CliError::failed(e)
            }
        })
}

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// Games played at once (at most 100,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// How long to play, in seconds (at most a day).
    #[arg(long, default_value_t = 20.0, value_parser = seconds)]
    seconds: f64,
    /// Seconds at the start not measured (every game is created then).
    #[arg(long, default_value_t = 5.0, value_parser = seconds)]
    warm_up: f64,
    /// How long each client thinks before it answers, in milliseconds (at
    /// most an hour; the run still ends at --seconds).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    think_ms: u64,
    /// Seed of the games and of the clients' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The game played: `lov` (a person against three Faceless) or `bov`
    /// (a person's side against the greedy bot).
    #[arg(long, default_value = "lov", value_parser = ["lov", "bov"])]
    game: String,
    /// Battles of Valerna: tries of its answer a client sends a second
    /// while it thinks, as a page does while a unit is dragged (0: none).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    tries_per_second: u32,
    /// Play against this running server (http://host:port) rather than
    /// one started for the run; given several times, against several nodes
    /// sharing a database, each game created on one and played on the
    /// next. Such servers should run without flood limits
    /// (--rate-per-address 0 --rate-per-token 0
    /// --max-connections-per-address 0); their memory and processor time
    /// are not measured here.
    #[arg(long = "server")]
    servers: Vec<String>,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
}

/// The socket address of a server's `http://host:port`.
fn server_addr(url: &str) -> Result<SocketAddr, CliError> {
    use std::net::ToSocketAddrs;
    let host = valerna_server::nodes::authority(url)
        .map_err(|e| CliError::usage(format!("--server: {e}")))?;
    host.to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| CliError::usage(format!("--server {url:?}: no such host")))
}

/// A folder of this run's own, removed with everything in it when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The server under test, stopped when dropped (then its folder removed).
struct Server {
    child: Child,
    /// The server's standard input: it stops when this closes, which the
    /// system does when the load test ends, even killed outright.
    _stdin: Option<std::process::ChildStdin>,
    _dir: TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Removes the folders that load tests killed outright (SIGKILL, which no
/// program can catch) left in `tmp`: those named for a process that is
/// gone. Their servers stopped with them (`--until-stdin-closes`).
fn sweep_stale(tmp: &std::path::Path) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix("valerna-loadtest-"))
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !std::path::Path::new(&format!("/proc/{pid}")).exists()
            && entry.path().join("load.db").exists()
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn memory_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

pub fn loadtest(args: LoadtestArgs) -> Result<(), CliError> {
    if args.tries_per_second > 0 && args.game != "bov" {
        return Err(CliError::usage("--tries-per-second is for --game bov"));
    }
    if args.seconds <= args.warm_up {
        return Err(CliError::usage(format!(
            "--seconds {}: give more than --warm-up ({})",
            args.seconds, args.warm_up
        )));
    }
    let options = |addrs| LoadOptions {
        addrs,
        games: args.games as usize,
        duration: Duration::from_secs_f64(args.seconds),
        warm_up: Duration::from_secs_f64(args.warm_up),
        think: Duration::from_millis(args.think_ms),
        seed: args.seed,
        game: if args.game == "bov" { "bov" } else { "lov" },
        tries_per_second: args.tries_per_second,
    };
    if !args.servers.is_empty() {
        let addrs = args
            .servers
            .iter()
            .map(|s| server_addr(s))
            .collect::<Result<Vec<_>, _>>()?;
        let report = runtime()?.block_on(loadtest::run(options(addrs)));
        let mut v = loadtest::to_json(&report);
        v["think_ms"] = args.think_ms.into();
        v["servers"] = args.servers.len().into();
        let own_cpu = cpu_seconds("self").unwrap_or(0.0);
        v["clients_cpu_seconds"] = own_cpu.into();
        if args.json {
            println!("{v}");
        } else {
            println!(
                "{} games of {} on {} servers, {}; clients' processor time {:.1} s",
                report.games,
                args.game,
                args.servers.len(),
                measured(&report, args.think_ms),
                own_cpu,
            );
        }
        return failures(&report);
    }
    let rt = runtime()?;
    // Ctrl-C or a SIGTERM stops the run and the server, and removes the
    // server's database: listened for from here on.
    let (mut interrupt, mut terminate) = {
        use tokio::signal::unix::{SignalKind, signal};
        let _entered = rt.enter();
        let listen = |kind| {
            signal(kind).map_err(|e| CliError::failed(format!("cannot listen for signals: {e}")))
        };
        (
            listen(SignalKind::interrupt())?,
            listen(SignalKind::terminate())?,
        )
    };
    sweep_stale(&std::env::temp_dir());
    let dir = std::env::temp_dir().join(format!("valerna-loadtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| CliError::failed(format!("{}: {e}", dir.display())))?;
    let dir = TempDir(dir);
    let exe = std::env::current_exe().map_err(|e| CliError::failed(e.to_string()))?;
    let mut child = Command::new(exe)
        // Every client of a load test shares one address and sends as
        // fast as it is told: a flood by design, so no limits.
        .args([
            "serve",
            "--until-stdin-closes",
            "--port",
            "0",
            "--bot-delay-ms",
            "0",
        ])
        .args(["--rate-per-address", "0", "--rate-per-token", "0"])
        .args(["--max-connections-per-address", "0", "--db"])
        .arg(dir.0.join("load.db"))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| CliError::failed(format!("cannot start the server: {e}")))?;
    let stdout = child.stdout.take();
    let server = Server {
        _stdin: child.stdin.take(),
        child,
        _dir: dir,
    };
    let mut line = String::new();
    if let Some(out) = stdout {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    let addr: SocketAddr = line
        .trim()
        .rsplit("http://")
        .next()
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| CliError::failed(format!("the server did not start: {line:?}")))?;
    let pid = server.child.id();
    let idle = memory_kib(pid, "VmRSS:").unwrap_or(0);
    let run = loadtest::run(options(vec![addr]));
    let report = rt.block_on(async {
        tokio::select! {
            r = run => Some(r),
            _ = interrupt.recv() => None,
            _ = terminate.recv() => None,
        }
    });
    let Some(report) = report else {
        drop(server);
        return Err(CliError::failed(
            "stopped by a signal: the server is stopped and its database removed",
        ));
    };
    let rss = memory_kib(pid, "VmRSS:").unwrap_or(0);
    let cpu = cpu_seconds(&pid.to_string()).unwrap_or(0.0);
    let own_cpu = cpu_seconds("self").unwrap_or(0.0);
    let peak = memory_kib(pid, "VmHWM:").unwrap_or(0);
    drop(server);
    let mut v = loadtest::to_json(&report);
    v["think_ms"] = args.think_ms.into();
    v["server_rss_idle_mib"] = (idle as f64 / 1024.0).into();
    v["server_rss_end_mib"] = (rss as f64 / 1024.0).into();
    v["server_rss_peak_mib"] = (peak as f64 / 1024.0).into();
    v["server_cpu_seconds"] = cpu.into();
    v["clients_cpu_seconds"] = own_cpu.into();
    if args.json {
        println!("{v}");
    } else {
        println!(
            "{} games of {}, {}; server memory {:.0} MiB at the end, {:.0} MiB peak ({:.0} MiB idle); server processor time {:.1} s in all, clients' {:.1} s",
            report.games,
            args.game,
            measured(&report, args.think_ms),
            rss as f64 / 1024.0,
            peak as f64 / 1024.0,
            idle as f64 / 1024.0,
            cpu,
            own_cpu,
        );
    }
    failures(&report)
}

/// A load test whose requests failed has not measured the server it was
/// pointed at (one that is down answers nothing but errors): it fails, after
/// its report, naming the errors by kind.
fn failures(report: &loadtest::LoadReport) -> Result<(), CliError> {
    if report.errors == 0 {
        return Ok(());
    }
    let kinds: Vec<String> = report
        .error_kinds
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    Err(CliError::failed(format!(
        "{} requests of the load test failed ({})",
        report.errors,
        kinds.join(", ")
    )))
}

/// What a load test measured, in words, the same for one server and several.
fn measured(report: &loadtest::LoadReport, think_ms: u64) -> String {
    format!(
        "measured for {:.1} s after the warm-up (think {} ms): {} decisions, {:.0}/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} tries, round trip p50 {:.2} ms, p99 {:.2} ms; {} games finished, {} errors {:?}",
        report.seconds,
        think_ms,
        report.decisions,
        report.decisions_per_second,
        report.p50_ms,
        report.p99_ms,
        report.max_ms,
        report.tries,
        report.try_p50_ms,
        report.try_p99_ms,
        report.games_finished,
        report.errors,
        report.error_kinds,
    )
}
