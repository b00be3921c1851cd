//! `valerna bov sim`: many bot-played battles, summed up.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use clap::Args;
use serde_json::json;
use valerna_bov::battle::bots::play;
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::Pack;
use valerna_bov::geometry::Map;
use valerna_bov::rules::edition::Edition;
use valerna_game::{Game, Record};

use crate::battles::{
    BattlefieldArg, EditionArg, ScenarioArg, bot, caught, default_lists, resolve_list,
};
use crate::error::{self, CliError, MAX_LIST_OR_MAP_BYTES};
use crate::progress::Progress;

/// Decisions after which a game is abandoned as stuck (none has come close).
const MAX_DECISIONS: usize = 20_000;

#[derive(Debug, Args)]
pub struct SimArgs {
    /// Number of games (1 to 100,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Seed of the first game; game i uses seed S * 1000003 + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots of seat 0 and seat 1: greedy or random.
    #[arg(long, default_value = "greedy,greedy")]
    bots: String,
    /// The force lists of seat 0 and seat 1: each a shipped list's name or a
    /// force list file (RON, checked as `bov list validate` does); default:
    /// allaria_guild_line,tyveria_swarm in 5.1, the starter set's
    /// allaria_fencers,tyveria_packs in the starter edition.
    #[arg(long)]
    lists: Option<String>,
    /// The rulebook: 5.1 (the default) or starter, the starter set's rules.
    #[arg(long, value_enum, default_value_t = EditionArg::V5_1)]
    edition: EditionArg,
    /// The scenario (BoV 5.1, "Determine Scenario"; "Alternative
    /// scenarios"; BoV starter, "Determine Game Mode"); default: pitched in
    /// 5.1, grand in the starter edition, which has no Pitched Battle.
    #[arg(long, value_enum)]
    scenario: Option<ScenarioArg>,
    /// The battlefield: small 2'x1', standard 4'x3' (the default), large
    /// 6'x4'; with --map, the map's.
    #[arg(long, value_enum)]
    battlefield: Option<BattlefieldArg>,
    /// Play every game on this saved map (RON, see content/bov/README.md,
    /// "Maps") instead of terrain placed by sectors and scatter.
    #[arg(long)]
    map: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write the first game's record (setup and decisions, JSON) here.
    #[arg(long)]
    save_log: Option<PathBuf>,
    /// Games played at once, one thread each; the output is the same for
    /// any number.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
    /// Field a Monster (BoV 5.1, "Monsters"), by unit id: repeat the flag
    /// or give a comma list.
    #[arg(long = "monster", value_delimiter = ',')]
    monsters: Vec<String>,
}

fn pair(s: &str, what: &str) -> Result<[String; 2], CliError> {
    let v: Vec<&str> = s.split(',').map(str::trim).collect();
    match v.as_slice() {
        [a, b] => Ok([a.to_string(), b.to_string()]),
        _ => Err(CliError::usage(format!(
            "--{what} '{s}': give two names separated by a comma"
        ))),
    }
}

/// One game's summary (the record only for the game whose log is saved).
struct Played {
    winners: Vec<u8>,
    score: [i32; 2],
    lost: [u32; 2],
    record: Option<Record<Battle>>,
    /// How many times each card of the two lists acted.
    cards: Vec<valerna_bov::battle::CardUse>,
    /// The Quest: treasures grabbed and brought home, per seat.
    grabbed: [u32; 2],
    scored: [u32; 2],
    /// Victory points gained in Monster trophies and paid in bids.
    trophies: [i32; 2],
    paid: [i32; 2],
    monsters_defeated: u32,
}

/// Plays one game; an error is the engine's fault, reported with the seed.
fn play_one(
    pack: &Arc<Pack>,
    setup: BattleSetup,
    bots: &[String; 2],
    keep_record: bool,
) -> Result<Played, String> {
    let mut game = Battle::start(pack, &setup).map_err(|e| e.to_string())?;
    let mut players = [
        bot(&bots[0], setup.seed ^ 0x5eed).map_err(|_| "unknown bot".to_string())?,
        bot(&bots[1], setup.seed ^ 0xb07).map_err(|_| "unknown bot".to_string())?,
    ];
    let [a, b] = &mut players;
    let decisions = play(&mut game, &mut [a.as_mut(), b.as_mut()], MAX_DECISIONS)
        .map_err(|e| format!("a bot's decision was refused: {e}"))?;
    let outcome = game
        .outcome()
        .ok_or_else(|| format!("the game did not end within {MAX_DECISIONS} decisions"))?;
    Ok(Played {
        winners: outcome.winners,
        score: game.score.points,
        lost: game.models_lost,
        cards: game.cards_used(),
        grabbed: game.quest.grabbed,
        scored: game.quest.scored,
        trophies: game.monsters.trophies,
        paid: game.monsters.paid,
        monsters_defeated: game
            .monsters
            .list
            .iter()
            .filter(|m| game.units[usize::from(m.unit)].state.is_defeated() && !m.discarded)
            .count() as u32,
        record: keep_record.then_some(Record { setup, decisions }),
    })
}

/// [`play_one`], a panic turned into that game's error so that the other
/// games still count.
fn play_caught(
    pack: &Arc<Pack>,
    setup: BattleSetup,
    bots: &[String; 2],
    keep_record: bool,
) -> Result<Played, String> {
    caught(|| play_one(pack, setup, bots, keep_record))
}

/// Reads and checks a saved map: a fault is a usage error naming `--map`.
fn read_map(path: &Path) -> Result<Map, CliError> {
    let shown = format!("--map '{}'", path.display());
    let text = error::read_text(path, &shown, MAX_LIST_OR_MAP_BYTES)?;
    let map = Map::parse(&text).map_err(|e| CliError::usage(format!("{shown}: {e}")))?;
    map.battlefield(map.battlefield)
        .map_err(|e| CliError::usage(format!("{shown}: {e}")))?;
    Ok(map)
}

/// Plays games `0..games` on `jobs` threads; the results come back in game
/// order whatever the number of threads.
fn play_all(
    games: u32,
    jobs: u32,
    setup_of: &(dyn Fn(u32) -> BattleSetup + Sync),
    play: &(dyn Fn(BattleSetup, bool) -> Result<Played, String> + Sync),
) -> Vec<Result<Played, String>> {
    let progress = Progress::new(u64::from(games), "games");
    let next = AtomicU32::new(0);
    let results: Mutex<Vec<Option<Result<Played, String>>>> =
        Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let r = play(setup_of(i), i == 0);
                    progress.step();
                    if let Ok(mut all) = results.lock() {
                        all[i as usize] = Some(r);
                    }
                }
            });
        }
    });
    progress.finish();
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("the game was not played".into())))
        .collect()
}

/// What a run plays, its arguments checked: the bots and lists of the two
/// seats, the battlefield, map, edition, scenario and the pack.
struct Sim {
    bots: [String; 2],
    lists: [String; 2],
    list_texts: [String; 2],
    map: Option<Map>,
    battlefield: BattlefieldArg,
    pack: Arc<Pack>,
    edition: Edition,
    scenario: ScenarioArg,
}

impl Sim {
    /// The run `args` ask for, or a usage error naming the argument at fault.
    fn checked(args: &SimArgs) -> Result<Sim, CliError> {
        let bots = pair(&args.bots, "bots")?;
        for b in &bots {
            bot(b, 0)?;
        }
        if let Some(path) = &args.save_log {
            error::check_writable(path, &format!("--save-log '{}'", path.display()))?;
        }
        let lists = pair(
            args.lists
                .as_deref()
                .unwrap_or(default_lists(args.edition.edition())),
            "lists",
        )?;
        let list_texts = [resolve_list(&lists[0])?, resolve_list(&lists[1])?];
        let map = match &args.map {
            Some(path) => Some((path, read_map(path)?)),
            None => None,
        };
        let battlefield = match (&map, args.battlefield) {
            (Some((path, m)), Some(b)) if b.battlefield() != m.battlefield => {
                return Err(CliError::usage(format!(
                    "--map '{}' is a {} battlefield but --battlefield is {}: leave --battlefield out or make them agree",
                    path.display(),
                    BattlefieldArg::of(m.battlefield).name(),
                    b.name()
                )));
            }
            (Some((_, m)), _) => BattlefieldArg::of(m.battlefield),
            (None, b) => b.unwrap_or(BattlefieldArg::Standard),
        };
        let map = map.map(|(_, m)| m);
        let pack = Arc::new(
            Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?,
        );
        for id in &args.monsters {
            if pack.unit(id).is_none_or(|(_, c)| c.monster.is_none()) {
                return Err(CliError::usage(format!(
                    "--monster '{id}': no Monster card with that id (Monsters: {})",
                    valerna_bov::battle::monsters::monster_ids(&pack).join(", ")
                )));
            }
        }
        let edition = args.edition.edition();
        let scenario = args
            .scenario
            .unwrap_or(ScenarioArg::default_for(edition))
            .checked(edition, battlefield.battlefield())?;
        if let (Edition::Starter, Some(id)) = (edition, args.monsters.first()) {
            return Err(CliError::usage(format!(
                "--monster '{id}': the starter edition has no Monsters (BoV starter, \"Writing army lists\"; Monsters are BoV 5.1's)"
            )));
        }
        if scenario == ScenarioArg::Quest && !args.monsters.is_empty() {
            return Err(CliError::usage(
                "--monster: the Quest fields no Monsters (BoV 5.1, \"Monsters\": a Pitched Battle or a scenario written for them)",
            ));
        }
        // A list written for the other rulebook is refused by every battle:
        // said once, as a usage error.
        for (arg, list) in lists.iter().zip(&list_texts) {
            let text = valerna_bov::content::shipped_lists()
                .find(|(name, _)| name == list)
                .map_or(list.as_str(), |(_, t)| t);
            let Ok(mut list) = valerna_bov::force_list::parse(text) else {
                continue;
            };
            if let Some(written) = list.edition
                && written != edition
            {
                return Err(CliError::usage(format!(
                    "--lists '{arg}': the list is written for the {written} edition; play it with --edition {written} (docs/editions.md)"
                )));
            }
            // A list naming no edition is read by the battle's.
            list.edition = Some(edition);
            if let Err(es) = valerna_bov::force_list::validate(&pack, &list) {
                let why: Vec<String> = es.iter().map(|e| e.to_string()).collect();
                return Err(CliError::usage(format!(
                    "--lists '{arg}': the {} edition refuses the list: {}",
                    edition.name(),
                    why.join("; ")
                )));
            }
        }
        Ok(Sim {
            bots,
            lists,
            list_texts,
            map,
            battlefield,
            pack,
            edition,
            scenario,
        })
    }

    /// The seed of game `i`.
    fn seed_of(args: &SimArgs, i: u32) -> u64 {
        args.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(i))
    }
}

/// The games' results summed, in game order; the failed games by index.
#[derive(Default)]
struct Tally {
    wins: [u32; 2],
    draws: u32,
    score: [i64; 2],
    lost: [u64; 2],
    grabbed: [u64; 2],
    scored: [u64; 2],
    cards: std::collections::BTreeMap<(String, String), u64>,
    failed: Vec<(u32, String)>,
    record: Option<Record<Battle>>,
    trophies: [i64; 2],
    paid: [i64; 2],
    monsters_defeated: u64,
}

impl Tally {
    fn of(results: Vec<Result<Played, String>>) -> Tally {
        let mut t = Tally::default();
        for (i, r) in results.into_iter().enumerate() {
            let p = match r {
                Ok(p) => p,
                Err(e) => {
                    t.failed.push((i as u32, e));
                    continue;
                }
            };
            match p.winners.as_slice() {
                [w] => t.wins[usize::from((*w).min(1))] += 1,
                _ => t.draws += 1,
            }
            for s in 0..2 {
                t.score[s] += i64::from(p.score[s]);
                t.lost[s] += u64::from(p.lost[s]);
                t.grabbed[s] += u64::from(p.grabbed[s]);
                t.scored[s] += u64::from(p.scored[s]);
                t.trophies[s] += i64::from(p.trophies[s]);
                t.paid[s] += i64::from(p.paid[s]);
            }
            t.monsters_defeated += u64::from(p.monsters_defeated);
            for c in &p.cards {
                let kind = format!("{:?}", c.kind).to_lowercase();
                *t.cards.entry((kind, c.id.clone())).or_default() += u64::from(c.uses);
            }
            if p.record.is_some() {
                t.record = p.record;
            }
        }
        t
    }
}

pub fn run(args: SimArgs) -> Result<(), CliError> {
    let sim = Sim::checked(&args)?;
    let setup_of = |i: u32| BattleSetup {
        cards: None,
        seed: Sim::seed_of(&args, i),
        lists: sim.list_texts.clone(),
        scenario: sim.scenario.scenario(),
        battlefield: sim.battlefield.battlefield(),
        map: sim.map.clone(),
        monsters: args.monsters.clone(),
        edition: sim.edition,
    };
    let keep = args.save_log.is_some();
    let play =
        |setup: BattleSetup, first: bool| play_caught(&sim.pack, setup, &sim.bots, first && keep);
    let t = Tally::of(play_all(args.games, args.jobs, &setup_of, &play));
    if let (Some(path), Some(record)) = (&args.save_log, &t.record) {
        let text = serde_json::to_string_pretty(record)
            .map_err(|e| CliError::failed(format!("record: {e}")))?;
        error::write_file(
            path,
            &format!("--save-log '{}'", path.display()),
            text.as_bytes(),
        )?;
    }
    let finished = args.games - t.failed.len() as u32;
    error::emit(&if args.json {
        summary_json(&args, &sim, &t, finished)
    } else {
        summary_text(&args, &sim, &t)
    })?;
    if t.failed.is_empty() {
        return Ok(());
    }
    for (i, e) in &t.failed {
        eprintln!("game {i} (seed {}): {e}", Sim::seed_of(&args, *i));
    }
    Err(CliError::failed(format!(
        "{} of {} games failed (listed above); the summary counts the {finished} that finished",
        t.failed.len(),
        args.games
    )))
}

/// The mean of a sum over the `finished` games.
fn mean(sum: f64, finished: u32) -> f64 {
    sum / f64::from(finished.max(1))
}

/// The summary as one JSON object.
fn summary_json(args: &SimArgs, sim: &Sim, t: &Tally, finished: u32) -> String {
    let mut v = json!({
        "games": args.games,
        "finished": finished,
        "seed": args.seed,
        "bots": sim.bots,
        "lists": sim.lists,
        "scenario": sim.scenario.name(),
        "battlefield": sim.battlefield.name(),
        "map": args.map.as_ref().map(|p| p.display().to_string()),
        "wins": t.wins,
        "draws": t.draws,
        "mean_score": [mean(t.score[0] as f64, finished), mean(t.score[1] as f64, finished)],
        "mean_models_lost": [mean(t.lost[0] as f64, finished), mean(t.lost[1] as f64, finished)],
        "treasures_grabbed": t.grabbed,
        "treasures_scored": t.scored,
        "monsters": args.monsters,
        "trophies": t.trophies,
        "bids_paid": t.paid,
        "monsters_defeated": t.monsters_defeated,
        "cards_used": t.cards
            .iter()
            .map(|((kind, id), uses)| json!({"kind": kind, "id": id, "uses": uses}))
            .collect::<Vec<_>>(),
        "failed": t.failed.iter().map(|(i, e)| json!({
            "game": i, "seed": Sim::seed_of(args, *i), "error": e,
        })).collect::<Vec<_>>(),
    });
    // Only a starter run names its edition, so 5.1's output is as it was.
    if !sim.edition.is_default()
        && let Some(o) = v.as_object_mut()
    {
        o.insert("edition".into(), json!(sim.edition.name()));
    }
    format!("{v}\n")
}

/// The summary as lines for a person.
fn summary_text(args: &SimArgs, sim: &Sim, t: &Tally) -> String {
    let finished = args.games - t.failed.len() as u32;
    let mut out = format!(
        "games: {} ({}{}, {} battlefield)\n",
        args.games,
        sim.scenario.name(),
        if sim.edition.is_default() {
            String::new()
        } else {
            format!(", {} edition", sim.edition.name())
        },
        sim.battlefield.name()
    );
    for s in 0..2 {
        out += &format!(
            "seat {s} ({}, {}): wins {}, mean score {:.1}, mean models lost {:.2}\n",
            sim.bots[s],
            sim.lists[s],
            t.wins[s],
            mean(t.score[s] as f64, finished),
            mean(t.lost[s] as f64, finished)
        );
    }
    out += &format!("draws: {}\n", t.draws);
    if sim.scenario == ScenarioArg::Quest {
        out += &format!(
            "treasures grabbed: {} / {}, brought home: {} / {}\n",
            t.grabbed[0], t.grabbed[1], t.scored[0], t.scored[1]
        );
    }
    if !args.monsters.is_empty() {
        out += &format!(
            "monsters: {} (defeated {} times); trophies: seat 0 {}, seat 1 {}; bids paid: seat 0 {}, seat 1 {}\n",
            args.monsters.join(", "),
            t.monsters_defeated,
            t.trophies[0],
            t.trophies[1],
            t.paid[0],
            t.paid[1]
        );
    }
    for ((kind, id), uses) in &t.cards {
        out += &format!("cards used: {kind} {id}: {uses}\n");
    }
    if !t.failed.is_empty() {
        out += &format!("failed: {} (not counted above)\n", t.failed.len());
    }
    out
}
