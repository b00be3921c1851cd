//! `valerna lov arena`: bots against bots (and the Faceless), many games
//! across cores, with win rates and their 95% confidence intervals; and
//! what every arena shares (`valerna bov arena` too): the parallel run and
//! the interval.
//!
//! Game `i` is played from its own seed, derived from `--seed` and `i`, and
//! its bots are seeded from that seed: a game's result depends on nothing
//! else, so any number of threads gives the same report.

use std::fmt::Write as _;
use std::sync::Arc;

use clap::Args;
use rayon::prelude::*;
use serde_json::json;
use valerna_ai::spec::Spec;
use valerna_ai::{Bot, mix};
use valerna_game::Game;
use valerna_lov::content::{Content, SEATS};
use valerna_lov::state::NONE;
use valerna_lov::{Lov, Setup};

use crate::error::{CliError, emit};
use crate::progress::Progress;

/// Most decisions a game may take before the arena calls it broken.
const MAX_DECISIONS: usize = 20_000;

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Who plays seat 0 (Elyse): faceless, random, heuristic, ismcts,
    /// ismcts:iters=N, ismcts:think=500ms or ismcts:iters=N,think=500ms.
    /// At least one seat is a bot: by default the heuristic bot here,
    /// against three Faceless.
    #[arg(long, default_value = "heuristic")]
    seat0: String,
    /// Who plays seat 1 (Ferellon).
    #[arg(long, default_value = "faceless")]
    seat1: String,
    /// Who plays seat 2 (Adrael).
    #[arg(long, default_value = "faceless")]
    seat2: String,
    /// Who plays seat 3 (Nagasha).
    #[arg(long, default_value = "faceless")]
    seat3: String,
    /// Number of games (at most 1,000,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Seed of the match; game i uses a seed derived from it and i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads (default: one per core; at most 256). The results do not
    /// depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Seat-balanced: in game i every player moves i seats on, so that each
    /// plays every character equally often (with a multiple of 4 games).
    #[arg(long)]
    rotate: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One finished game, by player (the `--seatN` given), not by seat.
#[derive(Debug, Clone, Default, PartialEq)]
struct GameResult {
    won: [bool; SEATS],
    /// Won alone (no bonded ally sharing the win).
    alone: [bool; SEATS],
    power: [u8; SEATS],
    rounds: u8,
    decisions: usize,
    reason: usize,
    bonded: bool,
    iterations: [u64; SEATS],
    searches: [u64; SEATS],
    fallbacks: [u64; SEATS],
}

/// The processor time a process (`"self"`, a pid) or the calling thread
/// (`"thread-self"`) has used, in seconds (Linux clock ticks of 1/100 s;
/// `None` where /proc is not there to read).
pub fn cpu_seconds(who: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{who}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let user: f64 = f.get(11)?.parse().ok()?;
    let system: f64 = f.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_score(k as f64, n)
}

/// The 95% Wilson interval of a score of `k` out of `n` games, where a
/// draw counts half a win: the interval is as wide as `n` games make it,
/// however the score was made up.
pub fn wilson_score(k: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The seat player `p` sits at in game `i`.
fn seat_of(p: usize, i: u64, rotate: bool) -> usize {
    if rotate {
        (p + (i % SEATS as u64) as usize) % SEATS
    } else {
        p
    }
}

fn play_one(
    content: &Arc<Content>,
    specs: &[Spec; SEATS],
    seed: u64,
    i: u64,
    rotate: bool,
) -> Result<GameResult, String> {
    let game_seed = mix(seed, i);
    let mut humans = [false; SEATS];
    let mut bots: Vec<Option<Box<dyn Bot<Lov>>>> = (0..SEATS).map(|_| None).collect();
    for (p, spec) in specs.iter().enumerate() {
        let s = seat_of(p, i, rotate);
        humans[s] = spec.plays_human_side();
        bots[s] = spec.lov_bot(content, mix(game_seed, 100 + p as u64));
    }
    let setup = Setup::new(game_seed, humans, content);
    let mut g = Lov::start(content, &setup).map_err(|e| e.to_string())?;
    g.set_logging(false);
    let decisions = valerna_ai::lov::play(&mut g, &mut bots, MAX_DECISIONS);
    let o = g
        .outcome()
        .ok_or_else(|| format!("game {i} (seed {game_seed}) did not end"))?;
    let s = g.state();
    let mut r = GameResult {
        rounds: s.round,
        decisions,
        reason: match o.reason.as_str() {
            "power" => 0,
            "events" => 1,
            _ => 2,
        },
        bonded: s.players.iter().any(|p| p.partner != NONE),
        ..GameResult::default()
    };
    for p in 0..SEATS {
        let seat = seat_of(p, i, rotate);
        r.won[p] = o.winners.contains(&(seat as u8));
        r.alone[p] = r.won[p] && o.winners.len() == 1;
        r.power[p] = s.players[seat].total_power();
        if let Some(st) = bots[seat].as_ref().and_then(|b| b.stats()) {
            r.iterations[p] = st.iterations;
            r.searches[p] = st.decisions;
            r.fallbacks[p] = st.fallbacks;
        }
    }
    Ok(r)
}

pub fn run(content: &Arc<Content>, a: ArenaArgs) -> Result<(), CliError> {
    let mut specs = [Spec::Faceless; SEATS];
    for (p, text) in [&a.seat0, &a.seat1, &a.seat2, &a.seat3].iter().enumerate() {
        specs[p] = text
            .parse()
            .map_err(|e| CliError::usage(format!("--seat{p}: {e}")))?;
    }
    if specs.iter().all(|s| *s == Spec::Faceless) {
        return Err(CliError::usage(
            "--seat0..--seat3: at least one seat must be a bot (Lords of Vaala needs 1 to 4 players, p.7)",
        ));
    }
    if a.games == 0 {
        return Err(CliError::usage("--games: give at least 1 game"));
    }
    if a.jobs == Some(0) {
        return Err(CliError::usage("--jobs: give at least 1 thread"));
    }
    let progress = Progress::new(u64::from(a.games), "arena");
    let results = play_all(
        content,
        &specs,
        a.seed,
        a.games,
        a.rotate,
        a.jobs.map(|j| j as usize),
        &progress,
    )?;
    progress.finish();
    emit(&report(&a, &specs, &results))
}

/// Plays games `0..games` on `jobs` threads (default: one per core); the
/// results come in game order, whatever the threads.
fn play_all(
    content: &Arc<Content>,
    specs: &[Spec; SEATS],
    seed: u64,
    games: u32,
    rotate: bool,
    jobs: Option<usize>,
    progress: &Progress,
) -> Result<Vec<GameResult>, CliError> {
    run_games(u64::from(games), jobs, progress, |i| {
        play_one(content, specs, seed, i, rotate)
    })
}

/// Plays games `0..games` with `play` on `jobs` threads (default: one per
/// core), stepping `progress` after each; the results come in game order,
/// whatever the threads. The first game that fails fails the run.
pub fn run_games<R: Send>(
    games: u64,
    jobs: Option<usize>,
    progress: &Progress,
    play: impl Fn(u64) -> Result<R, String> + Sync + Send,
) -> Result<Vec<R>, CliError> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        pool = pool.num_threads(j);
    }
    let pool = pool
        .build()
        .map_err(|e| CliError::failed(format!("threads: {e}")))?;
    let results: Result<Vec<R>, String> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let r = play(i);
                progress.step();
                r
            })
            .collect()
    });
    results.map_err(CliError::failed)
}

fn report(a: &ArenaArgs, specs: &[Spec; SEATS], results: &[GameResult]) -> String {
    let n = results.len() as u64;
    let nf = n as f64;
    let mean = |f: &dyn Fn(&GameResult) -> f64| results.iter().map(f).sum::<f64>() / nf;
    let mut reasons = [0u64; 3];
    for r in results {
        reasons[r.reason] += 1;
    }
    let bonded = results.iter().filter(|r| r.bonded).count();
    let rounds = mean(&|r| f64::from(r.rounds));
    let decisions = mean(&|r| r.decisions as f64);
    let players: Vec<serde_json::Value> = (0..SEATS)
        .map(|p| {
            let wins = results.iter().filter(|r| r.won[p]).count() as u64;
            let (lo, hi) = wilson(wins, n);
            let alone = results.iter().filter(|r| r.alone[p]).count() as u64;
            let searches: u64 = results.iter().map(|r| r.searches[p]).sum();
            let mut v = json!({
                "player": p,
                "bot": specs[p].to_string(),
                "wins": wins,
                "win_rate": wins as f64 / nf,
                "ci95": [lo, hi],
                "wins_alone": alone,
                "win_rate_alone": alone as f64 / nf,
                "ci95_alone": wilson(alone, n),
                "wins_shared": wins - alone,
                "mean_power": mean(&|r| f64::from(r.power[p])),
            });
            if searches > 0 {
                v["search"] = json!({
                    "decisions": searches,
                    "iterations": results.iter().map(|r| r.iterations[p]).sum::<u64>(),
                    "fallbacks": results.iter().map(|r| r.fallbacks[p]).sum::<u64>(),
                });
            }
            v
        })
        .collect();
    if a.json {
        let v = json!({
            "games": n,
            "seed": a.seed,
            "rotate": a.rotate,
            "players": players,
            "mean_rounds": rounds,
            "mean_decisions": decisions,
            "ended_by": {"power": reasons[0], "events": reasons[1], "elimination": reasons[2]},
            "bonded_games": bonded,
        });
        return format!("{v}\n");
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{n} games, seed {}{}; wins alone, wins shared by a bonded pair (counted for both), and in all, with 95% intervals",
        a.seed,
        if a.rotate { ", seats rotated" } else { "" }
    );
    for (p, v) in players.iter().enumerate() {
        let rate = v["win_rate"].as_f64().unwrap_or(0.0);
        let lo = v["ci95"][0].as_f64().unwrap_or(0.0);
        let hi = v["ci95"][1].as_f64().unwrap_or(0.0);
        let alone = v["win_rate_alone"].as_f64().unwrap_or(0.0);
        let alo = v["ci95_alone"][0].as_f64().unwrap_or(0.0);
        let ahi = v["ci95_alone"][1].as_f64().unwrap_or(0.0);
        let _ = write!(
            out,
            "--seat{p} {:<22} alone {:>5} {:>5.1}% [{:.1}, {:.1}]  shared {:>5}  in all {:>5} {:>5.1}% [{:.1}, {:.1}]  mean Power {:.2}",
            specs[p].to_string(),
            v["wins_alone"].as_u64().unwrap_or(0),
            alone * 100.0,
            alo * 100.0,
            ahi * 100.0,
            v["wins_shared"].as_u64().unwrap_or(0),
            v["wins"].as_u64().unwrap_or(0),
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            v["mean_power"].as_f64().unwrap_or(0.0)
        );
        if let Some(s) = v.get("search") {
            let _ = write!(
                out,
                "  ({} searches, {} fell back)",
                s["decisions"], s["fallbacks"]
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "game length: {rounds:.2} rounds, {decisions:.1} decisions; ended by Power {}, Event deck {}, elimination {}; Dragonbond in {bonded}",
        reasons[0], reasons[1], reasons[2]
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same match gives the same games on one thread and on three.
    #[test]
    fn results_do_not_depend_on_the_threads() {
        let content = Arc::new(Content::default_pack().unwrap());
        let specs: [Spec; SEATS] = [
            "ismcts:iters=8".parse().unwrap(),
            Spec::Heuristic,
            Spec::Random,
            Spec::Faceless,
        ];
        let none = Progress::new(0, "");
        let one = play_all(&content, &specs, 5, 6, true, Some(1), &none).unwrap();
        let three = play_all(&content, &specs, 5, 6, true, Some(3), &none).unwrap();
        assert_eq!(one, three);
        assert!(one.iter().any(|r| r.searches.iter().sum::<u64>() > 0));
    }

    /// Wilson's interval by hand: 60 of 100 gives [0.502, 0.691]
    /// (Wilson 1927; Agresti & Coull 1998, table 1 style).
    #[test]
    fn wilson_interval_of_known_cases() {
        let (lo, hi) = wilson(60, 100);
        assert!((lo - 0.5020).abs() < 5e-4, "{lo}");
        assert!((hi - 0.6906).abs() < 5e-4, "{hi}");
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 5e-4, "{hi}");
    }

    /// A share with draws is as uncertain as its number of games: 61 wins
    /// and 39 losses in 100 games give 51.2%-70.0%, not the narrower
    /// interval of 122 half-points in 200.
    #[test]
    fn a_share_is_as_uncertain_as_its_games() {
        let (lo, hi) = wilson_score(61.0, 100);
        assert!((lo - 0.5120).abs() < 5e-4, "{lo}");
        assert!((hi - 0.6998).abs() < 5e-4, "{hi}");
        // 50 wins and 20 draws in 100 games: a share of 60%, as 60 wins.
        assert_eq!(wilson_score(50.0 + 20.0 / 2.0, 100), wilson(60, 100));
    }
}
