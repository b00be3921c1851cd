//! `valerna bov arena`: two bots fight many battles across cores, each
//! battle twice with the sides swapped, with win rates and their 95%
//! confidence intervals, mean scores, game length and time.
//!
//! Battles `2j` and `2j + 1` are set up from the same seed, derived from
//! `--seed` and `j`; in the first bot A plays the first list (seat 0), in
//! the second the second list (seat 1). Each bot is seeded from the
//! battle's seed, so a battle's result depends on nothing else and any
//! number of threads gives the same report.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use serde_json::json;
use valerna_ai::spec::BovSpec;
use valerna_ai::{Bot, mix};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::{Pack, shipped_lists};
use valerna_bov::force_list;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::scenario::Battlefield;
use valerna_game::Game;

use crate::arena::{cpu_seconds, run_games, wilson};
use crate::battles::{EditionArg, ScenarioArg, default_lists, resolve_list};
use crate::error::{CliError, emit};
use crate::progress::Progress;

/// Most decisions a battle may take before the arena calls it broken.
const MAX_DECISIONS: usize = 20_000;

#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Bot A: random, greedy, ismcts, ismcts:iters=N, ismcts:think=500ms or
    /// ismcts:iters=N,think=500ms (N iterations, cut short at 500 ms); the
    /// search's playouts stop after 24 decisions unless ,playout=N or
    /// ,playout=end (to the battle's end) is added.
    #[arg(long)]
    a: String,
    /// Bot B.
    #[arg(long)]
    b: String,
    /// The rulebook: 5.1 (the default) or starter, the starter set's rules.
    #[arg(long, value_enum, default_value_t = EditionArg::V5_1)]
    edition: EditionArg,
    /// The scenario (BoV 5.1, "Determine Scenario"; "Alternative
    /// scenarios"; BoV starter, "Determine Game Mode"); default: pitched in
    /// 5.1, grand in the starter edition.
    #[arg(long, value_enum)]
    scenario: Option<ScenarioArg>,
    /// The game size in points: both lists must be written for it.
    #[arg(long, default_value_t = 100)]
    points: u32,
    /// The two force lists (each a shipped list's name or a list file),
    /// played by A and B in turn from each side; default:
    /// allaria_guild_line,tyveria_swarm in 5.1, allaria_fencers,tyveria_packs
    /// in the starter edition.
    #[arg(long)]
    lists: Option<String>,
    /// Number of battles, even: each setup is played from both sides (at
    /// most 100,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(..=100_000))]
    games: u32,
    /// Seed of the match; battles 2j and 2j + 1 use a seed derived from it
    /// and j.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Play only this battle of the match (numbered from 0, as the report's
    /// longest battle is), to replay it on its own.
    #[arg(long)]
    battle: Option<u32>,
    /// Threads (default: one per core; at most 256). The results do not
    /// depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One finished battle, by bot (A, B), not by seat.
#[derive(Debug, Clone, Default, PartialEq)]
struct BattleResult {
    /// The battle's number in the match, and its seed.
    index: u64,
    seed: u64,
    /// The seat bot A played.
    a_seat: u8,
    won: [bool; 2],
    score: [i32; 2],
    rounds: u8,
    decisions: usize,
    reason: String,
    iterations: [u64; 2],
    searches: [u64; 2],
    fallbacks: [u64; 2],
    /// Wall-clock seconds (not compared between runs).
    seconds: f64,
    /// Processor seconds of the thread that played it (not compared either).
    cpu_seconds: f64,
}

impl BattleResult {
    /// Everything but the time, which differs from run to run.
    #[cfg(test)]
    fn timeless(&self) -> Self {
        Self {
            seconds: 0.0,
            cpu_seconds: 0.0,
            ..self.clone()
        }
    }
}

/// The game size a list (a shipped list's name or a list's text) is
/// written for.
fn game_size(list: &str) -> Option<u32> {
    let text = shipped_lists()
        .find(|(name, _)| *name == list)
        .map_or(list, |(_, t)| t);
    force_list::parse(text).ok().map(|l| l.game_size)
}

/// The match as checked from the command line.
struct Match {
    specs: [BovSpec; 2],
    lists: [String; 2],
    scenario: ScenarioArg,
    edition: Edition,
    seed: u64,
}

fn play_one(pack: &Arc<Pack>, m: &Match, i: u64) -> Result<BattleResult, String> {
    let start = Instant::now();
    let cpu_start = cpu_seconds("thread-self");
    let battle_seed = mix(m.seed, i / 2);
    let a_seat = (i % 2) as u8;
    let setup = BattleSetup {
        cards: None,
        scenario: m.scenario.scenario(),
        edition: m.edition,
        ..BattleSetup::pitched(battle_seed, &m.lists[0], &m.lists[1])
    };
    let mut g = Battle::start(pack, &setup).map_err(|e| format!("battle {i}: {e}"))?;
    // Seat s is played by bot A when s is A's seat.
    let player_of = |seat: u8| usize::from(seat != a_seat);
    let mut bots: [Box<dyn Bot<Battle>>; 2] = [0u8, 1].map(|seat| {
        let p = player_of(seat);
        m.specs[p].bot(mix(battle_seed, 100 + p as u64))
    });
    let decisions = valerna_ai::bov::play(&mut g, &mut bots, MAX_DECISIONS);
    let o = g
        .outcome()
        .ok_or_else(|| format!("battle {i} (seed {battle_seed}) did not end"))?;
    let mut r = BattleResult {
        index: i,
        seed: battle_seed,
        a_seat,
        rounds: g.round,
        decisions,
        reason: o.reason.clone(),
        ..BattleResult::default()
    };
    for seat in 0..2u8 {
        let p = player_of(seat);
        r.won[p] = o.winners.contains(&seat);
        r.score[p] = g.score.points[usize::from(seat)];
        if let Some(st) = bots[usize::from(seat)].stats() {
            r.iterations[p] = st.iterations;
            r.searches[p] = st.decisions;
            r.fallbacks[p] = st.fallbacks;
        }
    }
    r.seconds = start.elapsed().as_secs_f64();
    r.cpu_seconds = cpu_seconds("thread-self")
        .zip(cpu_start)
        .map_or(0.0, |(end, start)| end - start);
    Ok(r)
}

/// Reads and checks the command line: a fault is a usage error naming the
/// flag.
fn checked(a: &ArenaArgs) -> Result<Match, CliError> {
    let spec = |flag: &str, text: &str| {
        text.parse::<BovSpec>()
            .map_err(|e| CliError::usage(format!("--{flag}: {e}")))
    };
    let specs = [spec("a", &a.a)?, spec("b", &a.b)?];
    if a.games == 0 || a.games % 2 == 1 {
        return Err(CliError::usage(format!(
            "--games {}: give an even number above 0 (each battle is played from both sides)",
            a.games
        )));
    }
    if let Some(b) = a.battle
        && b >= a.games
    {
        return Err(CliError::usage(format!(
            "--battle {b}: the match has battles 0 to {} (--games {})",
            a.games - 1,
            a.games
        )));
    }
    if a.jobs == Some(0) {
        return Err(CliError::usage("--jobs: give at least 1 thread"));
    }
    let lists_arg = a
        .lists
        .as_deref()
        .unwrap_or(default_lists(a.edition.edition()));
    let names: Vec<&str> = lists_arg.split(',').map(str::trim).collect();
    let [x, y] = names.as_slice() else {
        return Err(CliError::usage(format!(
            "--lists '{lists_arg}': give two lists separated by a comma"
        )));
    };
    let lists = [resolve_list(x)?, resolve_list(y)?];
    for (name, text) in [x, y].iter().zip(&lists) {
        let size = game_size(text);
        if size != Some(a.points) {
            return Err(CliError::usage(format!(
                "--points {}: the list '{name}' is written for {} points (BoV 5.1, \"Game Size\": both lists are written for the agreed size)",
                a.points,
                size.map_or("another number of".into(), |s| s.to_string())
            )));
        }
    }
    let edition = a.edition.edition();
    Ok(Match {
        specs,
        lists,
        scenario: a
            .scenario
            .unwrap_or(ScenarioArg::default_for(edition))
            // The arena plays on the Pitched Battle's 4'x3'.
            .checked(edition, Battlefield::Standard4x3)?,
        edition,
        seed: a.seed,
    })
}

pub fn run(a: ArenaArgs) -> Result<(), CliError> {
    let m = checked(&a)?;
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let results = match a.battle {
        Some(b) => {
            let progress = Progress::new(1, "battle");
            let r = play_one(&pack, &m, u64::from(b)).map_err(CliError::failed)?;
            progress.step();
            progress.finish();
            vec![r]
        }
        None => {
            let progress = Progress::new(u64::from(a.games), "arena");
            let results = play_all(&pack, &m, a.games, a.jobs.map(|j| j as usize), &progress)?;
            progress.finish();
            results
        }
    };
    emit(&report(&a, &m, &results))
}

fn play_all(
    pack: &Arc<Pack>,
    m: &Match,
    games: u32,
    jobs: Option<usize>,
    progress: &Progress,
) -> Result<Vec<BattleResult>, CliError> {
    run_games(u64::from(games), jobs, progress, |i| play_one(pack, m, i))
}

fn report(a: &ArenaArgs, m: &Match, results: &[BattleResult]) -> String {
    let n = results.len() as u64;
    let nf = n.max(1) as f64;
    let mean = |f: &dyn Fn(&BattleResult) -> f64| results.iter().map(f).sum::<f64>() / nf;
    let draws = results.iter().filter(|r| !r.won[0] && !r.won[1]).count();
    let rounds = mean(&|r| f64::from(r.rounds));
    let decisions = mean(&|r| r.decisions as f64);
    let seconds = mean(&|r| r.seconds);
    let cpu = mean(&|r| r.cpu_seconds);
    let most = |f: &dyn Fn(&BattleResult) -> f64| results.iter().map(f).fold(0.0, f64::max);
    let (max_seconds, max_cpu) = (most(&|r| r.seconds), most(&|r| r.cpu_seconds));
    // The battle that took the most processor time, to replay on its own.
    let longest = results
        .iter()
        .max_by(|x, y| x.cpu_seconds.total_cmp(&y.cpu_seconds))
        .map(|r| {
            json!({
                "battle": r.index,
                "seed": r.seed,
                "a_seat": r.a_seat,
                "decisions": r.decisions,
                "rounds": r.rounds,
                "cpu_seconds": r.cpu_seconds,
            })
        });
    let names = ["a", "b"];
    let bots: Vec<serde_json::Value> = (0..2)
        .map(|p| {
            let wins = results.iter().filter(|r| r.won[p]).count() as u64;
            let (lo, hi) = wilson(wins, n);
            // Wins from each side: seat 0 plays the first list.
            let from = |seat: u8| {
                results
                    .iter()
                    .filter(|r| (r.a_seat == seat) == (p == 0) && r.won[p])
                    .count()
            };
            let searches: u64 = results.iter().map(|r| r.searches[p]).sum();
            let mut v = json!({
                "bot": names[p],
                "spec": m.specs[p].to_string(),
                "wins": wins,
                "win_rate": wins as f64 / nf,
                "ci95": [lo, hi],
                "wins_as_seat0": from(0),
                "wins_as_seat1": from(1),
                "mean_score": mean(&|r| f64::from(r.score[p])),
            });
            if searches > 0 {
                let iterations: u64 = results.iter().map(|r| r.iterations[p]).sum();
                v["search"] = json!({
                    "decisions": searches,
                    "iterations": iterations,
                    "fallbacks": results.iter().map(|r| r.fallbacks[p]).sum::<u64>(),
                });
            }
            v
        })
        .collect();
    if a.json {
        let mut v = json!({
            "games": n,
            "seed": a.seed,
            "scenario": m.scenario.name(),
            "points": a.points,
            "lists": m.lists.iter().map(|l| if l.contains('(') { "(file)" } else { l.as_str() }).collect::<Vec<_>>(),
            "bots": bots,
            "draws": draws,
            "mean_rounds": rounds,
            "mean_decisions": decisions,
            "mean_seconds_per_game": seconds,
            "max_seconds_per_game": max_seconds,
            "mean_cpu_seconds_per_game": cpu,
            "max_cpu_seconds_per_game": max_cpu,
            "longest_battle": longest,
        });
        if !m.edition.is_default() {
            v["edition"] = json!(m.edition.name());
        }
        return format!("{v}\n");
    }
    let mut out = String::new();
    let played = match a.battle {
        Some(b) => format!("battle {b} of {} battles", a.games),
        None => format!("{n} battles ({} setups, each from both sides)", n / 2),
    };
    let _ = writeln!(
        out,
        "{played}, {}{} at {} points, seed {}",
        m.scenario.name(),
        if m.edition.is_default() {
            String::new()
        } else {
            format!(" ({} edition)", m.edition.name())
        },
        a.points,
        a.seed
    );
    for (p, v) in bots.iter().enumerate() {
        let rate = v["win_rate"].as_f64().unwrap_or(0.0);
        let lo = v["ci95"][0].as_f64().unwrap_or(0.0);
        let hi = v["ci95"][1].as_f64().unwrap_or(0.0);
        let _ = write!(
            out,
            "--{} {:<22} wins {:>4}  {:>5.1}%  95% CI [{:.1}, {:.1}]  (as seat 0: {}, as seat 1: {})  mean score {:.1}",
            names[p],
            m.specs[p].to_string(),
            v["wins"],
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            v["wins_as_seat0"],
            v["wins_as_seat1"],
            v["mean_score"].as_f64().unwrap_or(0.0)
        );
        if let Some(s) = v.get("search") {
            let per = s["iterations"].as_u64().unwrap_or(0) as f64
                / s["decisions"].as_u64().unwrap_or(1).max(1) as f64;
            let _ = write!(
                out,
                "  ({} decisions, {per:.0} iterations each, {} fell back)",
                s["decisions"], s["fallbacks"]
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "draws {draws}; game length: {rounds:.2} rounds, {decisions:.1} decisions, {seconds:.2} s a battle (longest {max_seconds:.2} s); processor time {cpu:.2} s a battle (longest {max_cpu:.2} s)"
    );
    if let Some(l) = longest {
        let _ = writeln!(
            out,
            "longest battle: number {} (seed {}, bot A in seat {}), {} decisions over {} rounds",
            l["battle"], l["seed"], l["a_seat"], l["decisions"], l["rounds"]
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &[&str]) -> ArenaArgs {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            a: ArenaArgs,
        }
        let mut all = vec!["arena"];
        all.extend(line);
        Cli::try_parse_from(all).unwrap().a
    }

    /// The same match gives the same battles on one thread and on two,
    /// and each setup is played once from each side.
    #[test]
    fn results_do_not_depend_on_the_threads() {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let a = args(&["--a", "greedy", "--b", "random", "--games", "2"]);
        let m = checked(&a).unwrap();
        let none = Progress::new(0, "");
        let one = play_all(&pack, &m, 2, Some(1), &none).unwrap();
        let two = play_all(&pack, &m, 2, Some(2), &none).unwrap();
        let t = |v: &[BattleResult]| v.iter().map(BattleResult::timeless).collect::<Vec<_>>();
        assert_eq!(t(&one), t(&two));
        assert_eq!(one[0].a_seat, 0);
        assert_eq!(one[1].a_seat, 1);
        assert!(one.iter().all(|r| r.decisions > 0));
        // A battle replayed on its own is the battle of the match.
        let again = play_one(&pack, &m, 1).unwrap();
        assert_eq!(again.timeless(), one[1].timeless());
        assert_eq!(again.index, 1);
    }

    /// Bad input is named: the bot, an odd number of battles, the points.
    #[test]
    fn bad_input_names_the_flag() {
        let e = |line: &[&str]| match checked(&args(line)) {
            Err(CliError::Usage(e)) => e,
            Err(CliError::Failed(e)) => panic!("{line:?} failed, not refused: {e}"),
            Ok(_) => panic!("{line:?} was accepted"),
        };
        assert!(e(&["--a", "smart", "--b", "greedy"]).starts_with("--a: bot `smart`"));
        assert!(e(&["--a", "greedy", "--b", "ismcts:iters=0"]).starts_with("--b: "));
        assert!(e(&["--a", "greedy", "--b", "random", "--games", "3"]).starts_with("--games 3"));
        assert!(
            e(&["--a", "greedy", "--b", "random", "--points", "150"]).starts_with("--points 150")
        );
        assert!(e(&["--a", "greedy", "--b", "random", "--lists", "x"]).starts_with("--lists 'x'"));
        assert!(
            e(&[
                "--a", "greedy", "--b", "random", "--games", "4", "--battle", "4"
            ])
            .starts_with("--battle 4: the match has battles 0 to 3")
        );
    }
}
