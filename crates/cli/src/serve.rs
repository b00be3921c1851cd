//! `valerna serve`: the web app and its API, every game kept in SQLite; and
//! `valerna loadtest`: many games played at once against a server started
//! for the test, measuring decisions per second, latency and memory.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use clap::Args;
use valerna_server::limit::{Limits, Rate};
use valerna_server::loadtest::{self, LoadOptions};
use valerna_server::{Config, Options};

use crate::arena::cpu_seconds;
use crate::error::CliError;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The SQLite file that keeps every game (created on first start).
    #[arg(long, default_value = "valerna.db")]
    db: PathBuf,
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
    /// Print the OpenAPI document of the API and exit.
    #[arg(long)]
    openapi: bool,
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
        print!("{}", valerna_server::api::openapi_json());
        return Ok(());
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let options = Options {
        db: args.db,
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
            ..Config::default()
        },
    };
    runtime()?
        .block_on(valerna_server::serve(options, |addr| {
            println!("valerna: serving on http://{addr}");
        }))
        .map_err(CliError::failed)
}

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Seconds at the start not measured (every game is created then).
    #[arg(long, default_value_t = 5.0)]
    warm_up: f64,
    /// How long each client thinks before it answers, in milliseconds.
    #[arg(long, default_value_t = 600)]
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
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
}

/// The server under test, stopped when dropped.
struct Server {
    child: Child,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
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
    if args.games == 0 || !(args.seconds > args.warm_up && args.warm_up >= 0.0) {
        return Err(CliError::usage(
            "--games must be more than 0 and --seconds more than --warm-up (at least 0)",
        ));
    }
    let dir = std::env::temp_dir().join(format!("valerna-loadtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| CliError::failed(e.to_string()))?;
    let exe = std::env::current_exe().map_err(|e| CliError::failed(e.to_string()))?;
    let mut child = Command::new(exe)
        // Every client of a load test shares one address and sends as
        // fast as it is told: a flood by design, so no limits.
        .args(["serve", "--port", "0", "--bot-delay-ms", "0"])
        .args(["--rate-per-address", "0", "--rate-per-token", "0", "--db"])
        .arg(dir.join("load.db"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| CliError::failed(format!("cannot start the server: {e}")))?;
    let stdout = child.stdout.take();
    let server = Server { child, dir };
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
    let report = runtime()?.block_on(loadtest::run(LoadOptions {
        addr,
        games: args.games,
        duration: Duration::from_secs_f64(args.seconds),
        warm_up: Duration::from_secs_f64(args.warm_up),
        think: Duration::from_millis(args.think_ms),
        seed: args.seed,
        game: if args.game == "bov" { "bov" } else { "lov" },
        tries_per_second: args.tries_per_second,
    }));
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
            "{} games of {}, measured for {:.1} s after the warm-up (think {} ms): {} decisions, {:.0}/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} tries, round trip p50 {:.2} ms, p99 {:.2} ms; {} games finished, {} errors {:?}; server memory {:.0} MiB at the end, {:.0} MiB peak ({:.0} MiB idle); server processor time {:.1} s in all, clients' {:.1} s",
            report.games,
            args.game,
            report.seconds,
            args.think_ms,
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
            rss as f64 / 1024.0,
            peak as f64 / 1024.0,
            idle as f64 / 1024.0,
            cpu,
            own_cpu,
        );
    }
    Ok(())
}
