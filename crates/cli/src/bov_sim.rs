//! `valerna bov sim`: many bot-played battles, summed up.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use serde_json::json;
use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::Pack;
use valerna_bov::geometry::Map;
use valerna_bov::rules::scenario::{Battlefield, Scenario};
use valerna_game::{Game, Record};

use crate::error::CliError;
use crate::progress::Progress;

/// Decisions after which a game is abandoned as stuck (none has come close).
const MAX_DECISIONS: usize = 20_000;

#[derive(Debug, Args)]
pub struct SimArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the first game; game i uses seed S * 1000003 + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots of seat 0 and seat 1: greedy or random.
    #[arg(long, default_value = "greedy,greedy")]
    bots: String,
    /// The force lists of seat 0 and seat 1 (sample list names).
    #[arg(long, default_value = "allaria_guild_line,tyveria_swarm")]
    lists: String,
    /// The scenario (BoV 5.1, "Determine Scenario"; "Alternative scenarios").
    #[arg(long, value_enum, default_value_t = ScenarioArg::Pitched)]
    scenario: ScenarioArg,
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
}

/// The scenarios as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ScenarioArg {
    /// Pitched Battle: objectives and defeated units score.
    Pitched,
    /// Seize the Land!: only objectives score.
    Seize,
    /// Slay the Foe!: no objectives; only defeated units score.
    Slay,
}

impl ScenarioArg {
    fn scenario(self) -> Scenario {
        match self {
            ScenarioArg::Pitched => Scenario::PitchedBattle,
            ScenarioArg::Seize => Scenario::SeizeTheLand,
            ScenarioArg::Slay => Scenario::SlayTheFoe,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ScenarioArg::Pitched => "pitched",
            ScenarioArg::Seize => "seize",
            ScenarioArg::Slay => "slay",
        }
    }
}

/// The battlefield sizes as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BattlefieldArg {
    /// 2' x 1'.
    Small,
    /// 4' x 3'.
    Standard,
    /// 6' x 4'.
    Large,
}

impl BattlefieldArg {
    fn battlefield(self) -> Battlefield {
        match self {
            BattlefieldArg::Small => Battlefield::Small2x1,
            BattlefieldArg::Standard => Battlefield::Standard4x3,
            BattlefieldArg::Large => Battlefield::Large6x4,
        }
    }

    fn of(size: Battlefield) -> Self {
        match size {
            Battlefield::Small2x1 => BattlefieldArg::Small,
            Battlefield::Standard4x3 => BattlefieldArg::Standard,
            Battlefield::Large6x4 => BattlefieldArg::Large,
        }
    }

    fn name(self) -> &'static str {
        match self {
            BattlefieldArg::Small => "small",
            BattlefieldArg::Standard => "standard",
            BattlefieldArg::Large => "large",
        }
    }
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

fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, CliError> {
    match name {
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        _ => Err(CliError::usage(format!(
            "--bots '{name}': each bot is greedy or random"
        ))),
    }
}

/// One game's summary.
struct Played {
    winners: Vec<u8>,
    score: [i32; 2],
    lost: [u32; 2],
    record: Record<Battle>,
    /// How many times each card of the two lists acted.
    cards: Vec<valerna_bov::battle::CardUse>,
}

fn play_one(pack: &Arc<Pack>, setup: BattleSetup, bots: &[String; 2]) -> Result<Played, CliError> {
    let mut game = Battle::start(pack, &setup).map_err(|e| CliError::usage(e.to_string()))?;
    let mut players = [
        bot(&bots[0], setup.seed ^ 0x5eed)?,
        bot(&bots[1], setup.seed ^ 0xb07)?,
    ];
    let [a, b] = &mut players;
    let decisions = play(&mut game, &mut [a.as_mut(), b.as_mut()], MAX_DECISIONS).map_err(|e| {
        CliError::failed(format!(
            "seed {}: a bot's decision was refused: {e}",
            setup.seed
        ))
    })?;
    let outcome = game
        .outcome()
        .ok_or_else(|| CliError::failed(format!("seed {}: the game did not end", setup.seed)))?;
    Ok(Played {
        winners: outcome.winners,
        score: game.score.points,
        lost: game.models_lost,
        cards: game.cards_used(),
        record: Record { setup, decisions },
    })
}

/// Reads and checks a saved map: a fault is a usage error naming `--map`.
fn read_map(path: &Path) -> Result<Map, CliError> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("--map '{shown}': cannot be read: {e}")))?;
    let map = Map::parse(&text).map_err(|e| CliError::usage(format!("--map '{shown}': {e}")))?;
    map.battlefield(map.battlefield)
        .map_err(|e| CliError::usage(format!("--map '{shown}': {e}")))?;
    Ok(map)
}

pub fn run(args: SimArgs) -> Result<(), CliError> {
    let bots = pair(&args.bots, "bots")?;
    for b in &bots {
        bot(b, 0)?;
    }
    let lists = pair(&args.lists, "lists")?;
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
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let mut wins = [0u32; 2];
    let mut draws = 0u32;
    let mut score = [0i64; 2];
    let mut lost = [0u64; 2];
    let mut cards = std::collections::BTreeMap::<(String, String), u64>::new();
    let progress = Progress::new(u64::from(args.games), "games");
    for i in 0..args.games {
        progress.step();
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(i));
        let setup = BattleSetup {
            seed,
            lists: lists.clone(),
            scenario: args.scenario.scenario(),
            battlefield: battlefield.battlefield(),
            map: map.clone(),
        };
        let p = play_one(&pack, setup, &bots)?;
        match p.winners.as_slice() {
            [w] => wins[usize::from((*w).min(1))] += 1,
            _ => draws += 1,
        }
        for s in 0..2 {
            score[s] += i64::from(p.score[s]);
            lost[s] += u64::from(p.lost[s]);
        }
        for c in &p.cards {
            let kind = format!("{:?}", c.kind).to_lowercase();
            *cards.entry((kind, c.id.clone())).or_default() += u64::from(c.uses);
        }
        if i == 0
            && let Some(path) = &args.save_log
        {
            let text = serde_json::to_string_pretty(&p.record)
                .map_err(|e| CliError::failed(format!("record: {e}")))?;
            std::fs::write(path, text)
                .map_err(|e| CliError::failed(format!("--save-log '{}': {e}", path.display())))?;
        }
    }
    progress.finish();
    let n = f64::from(args.games.max(1));
    let mean = |x: i64| x as f64 / n;
    let meanu = |x: u64| x as f64 / n;
    if args.json {
        let v = json!({
            "games": args.games,
            "seed": args.seed,
            "bots": bots,
            "lists": lists,
            "scenario": args.scenario.name(),
            "battlefield": battlefield.name(),
            "map": args.map.as_ref().map(|p| p.display().to_string()),
            "wins": wins,
            "draws": draws,
            "mean_score": [mean(score[0]), mean(score[1])],
            "mean_models_lost": [meanu(lost[0]), meanu(lost[1])],
            "cards_used": cards
                .iter()
                .map(|((kind, id), uses)| json!({"kind": kind, "id": id, "uses": uses}))
                .collect::<Vec<_>>(),
        });
        println!("{v}");
    } else {
        println!(
            "games: {} ({}, {} battlefield)",
            args.games,
            args.scenario.name(),
            battlefield.name()
        );
        for s in 0..2 {
            println!(
                "seat {s} ({}, {}): wins {}, mean score {:.1}, mean models lost {:.2}",
                bots[s],
                lists[s],
                wins[s],
                mean(score[s]),
                meanu(lost[s])
            );
        }
        println!("draws: {draws}");
        for ((kind, id), uses) in &cards {
            println!("cards used: {kind} {id}: {uses}");
        }
    }
    Ok(())
}
