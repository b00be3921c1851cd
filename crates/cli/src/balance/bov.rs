//! `valerna bov balance`: every pairing of the shipped force lists in every
//! scenario, each played with the sides swapped in half the games, written
//! up as a Markdown report with SVG charts.
//!
//! Both sides are played by the same bot. Game `i` of a pairing and
//! scenario is played from a seed derived from `--seed`, the pairing, the
//! scenario and `i` only, so any number of threads gives the same report.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use serde_json::json;
use valerna_ai::mix;
use valerna_bov::battle::bots::play;
use valerna_bov::battle::{Battle, BattleSetup, CardKind};
use valerna_bov::content::{DEFAULT_SOURCES, Pack, SAMPLE_LISTS, STARTER_LISTS, Source};
use valerna_bov::rules::edition::Edition;
use valerna_game::Game;

use super::charts::{self, Rate, Series};
use super::shard::{self, MergeArgs, RunArgs};
use super::{BalanceCommand, Report, pct, write_report};
use crate::arena::wilson_score;
use crate::battles::{BattlefieldArg, EditionArg, ScenarioArg, bot, caught};
use crate::error::{CliError, emit};

/// Decisions after which a game is abandoned as stuck.
const MAX_DECISIONS: usize = 20_000;
/// The most lopsided a pairing may be, sides swapped: 60/40.
const LOPSIDED: f64 = 0.6;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BalanceArgs {
    /// The bot that plays both sides: greedy or random.
    #[arg(long, default_value = "greedy")]
    bot: String,
    /// Games for each pairing and scenario, half with the sides swapped (2
    /// to 10,000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=10_000))]
    games: u32,
    /// Seed of the report; each game's seed is derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The rulebook: 5.1 (the default) or starter, the starter set's rules.
    #[arg(long, value_enum, default_value_t = EditionArg::V5_1)]
    edition: EditionArg,
    /// The scenarios (default: all the edition plays).
    #[arg(long, value_enum, value_delimiter = ',')]
    scenarios: Vec<ScenarioArg>,
    /// The battlefield.
    #[arg(long, value_enum, default_value_t = BattlefieldArg::Standard)]
    battlefield: BattlefieldArg,
    /// Write the report (README.md and the SVG charts) into this folder.
    #[arg(long, default_value = "balance-bov")]
    out: PathBuf,
    /// Pair only these of the pack's lists, by name (at least two; default:
    /// all). A pairing's games are the same as in the whole report.
    #[arg(long, value_delimiter = ',')]
    lists: Vec<String>,
    /// Play a content pack from this folder (laid out as content/bov/:
    /// keywords, units, cards and the lists the report pairs) instead of the
    /// one built in.
    #[arg(long)]
    pack: Option<PathBuf>,
    #[command(flatten)]
    run: RunArgs,
    #[command(subcommand)]
    command: Option<BalanceCommand>,
}

/// What decides a report's games: what a shard file records.
#[derive(Debug, Serialize, Deserialize)]
struct Settings {
    bot: String,
    games: u32,
    seed: u64,
    scenarios: Vec<ScenarioArg>,
    battlefield: BattlefieldArg,
    lists: Vec<String>,
    /// Left out for 5.1, so shard files written before editions still merge.
    #[serde(default = "v5_1", skip_serializing_if = "is_v5_1")]
    edition: EditionArg,
}

fn v5_1() -> EditionArg {
    EditionArg::V5_1
}

fn is_v5_1(e: &EditionArg) -> bool {
    *e == EditionArg::V5_1
}

/// One finished game, by list (0: the pairing's first list), not by seat.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct GameResult {
    /// 0 or 1: the list that won; `None`: a draw.
    winner: Option<usize>,
    reason: String,
    rounds: u8,
    score: [i32; 2],
    /// Points of enemy units each list defeated.
    destroyed: [u32; 2],
    /// Objectives each list controlled at the end.
    held: [u32; 2],
    /// The cards of each list that acted at least once.
    used: [Vec<(CardKind, String)>; 2],
    /// Every card of each list.
    cards: [Vec<(CardKind, String)>; 2],
}

/// A list the report pairs.
struct Listed {
    name: String,
    force: String,
    /// What the battle set-up names: the shipped list's name, or the text
    /// of the list read from `--pack`.
    setup: String,
}

/// The content pack and its lists: the built-in ones, or those of `dir`;
/// with the pack's fingerprint for shard files.
/// The pack and the lists a report of `edition` pairs: 5.1's sample lists,
/// and for the starter edition also the starter set's, each read by the
/// edition's rules. A list of the pack the edition refuses (one written for
/// the other edition, or a 5.1 list with Artifacts or Mercenaries, which the
/// starter book has not) is left out, unless `named`.
fn pack_and_lists(
    dir: Option<&Path>,
    edition: Edition,
    named: &[String],
) -> Result<(Pack, Vec<Listed>, String), CliError> {
    let what = |d: &Path| format!("--pack '{}'", d.display());
    let read = |d: &Path, file: &str| {
        let what = format!("{}, {file}", what(d));
        crate::error::read_text(&d.join(file), &what, crate::error::MAX_LIST_OR_MAP_BYTES)
    };
    let pack = match dir {
        None => Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?,
        Some(d) => {
            let texts = DEFAULT_SOURCES
                .iter()
                .map(|s| read(d, s.file))
                .collect::<Result<Vec<_>, _>>()?;
            let sources: Vec<Source<'_>> = DEFAULT_SOURCES
                .iter()
                .zip(&texts)
                .map(|(s, t)| Source { text: t, ..*s })
                .collect();
            Pack::load(&sources).map_err(|e| CliError::usage(format!("{}: {e}", what(d))))?
        }
    };
    let mut lists = Vec::new();
    let mut read_files: Vec<(&str, String)> = Vec::new();
    if let Some(d) = dir {
        for s in DEFAULT_SOURCES {
            read_files.push((s.file, read(d, s.file)?));
        }
    }
    let starter: &[(&str, &str)] = if edition.is_default() {
        &[]
    } else {
        STARTER_LISTS
    };
    for (file, text) in SAMPLE_LISTS.iter().chain(starter) {
        let name = file
            .rsplit('/')
            .next()
            .unwrap_or(file)
            .trim_end_matches(".ron");
        let (text, setup) = match dir {
            None => (text.to_string(), name.to_string()),
            Some(d) => {
                let t = read(d, file)?;
                read_files.push((file, t.clone()));
                (t.clone(), t)
            }
        };
        // A list the pack cannot field is refused before any game, with
        // every rule it breaks, rather than once for each game.
        let mut list = valerna_bov::force_list::parse(&text)
            .map_err(|e| CliError::usage(format!("list {name}: {e}")))?;
        let own = list.edition.is_some();
        if list.edition.is_some_and(|e| e != edition) {
            continue;
        }
        list.edition = Some(edition);
        if let Err(errors) = valerna_bov::force_list::validate(&pack, &list) {
            if !own && !edition.is_default() && !named.iter().any(|n| n == name) {
                continue;
            }
            let broken: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(CliError::usage(format!(
                "list {name}: {}",
                broken.join("; ")
            )));
        }
        lists.push(Listed {
            name: name.to_string(),
            force: list.force,
            setup,
        });
    }
    let fingerprint = match dir {
        None => shard::BUILT_IN.to_string(),
        Some(_) => shard::fingerprint(read_files.iter().map(|(n, t)| (*n, t.as_str()))),
    };
    Ok((pack, lists, fingerprint))
}

fn play_one(
    pack: &Arc<Pack>,
    bot_name: &str,
    setup: BattleSetup,
    first_seat: usize,
) -> Result<GameResult, String> {
    let mut game = Battle::start(pack, &setup).map_err(|e| e.to_string())?;
    let mut a = bot(bot_name, setup.seed ^ 0x5eed).map_err(|_| "unknown bot".to_string())?;
    let mut b = bot(bot_name, setup.seed ^ 0xb07).map_err(|_| "unknown bot".to_string())?;
    play(&mut game, &mut [a.as_mut(), b.as_mut()], MAX_DECISIONS)
        .map_err(|e| format!("a bot's decision was refused: {e}"))?;
    let o = game
        .outcome()
        .ok_or_else(|| format!("the game did not end within {MAX_DECISIONS} decisions"))?;
    // List l sat at seat_of(l).
    let seat_of = |l: usize| if l == 0 { first_seat } else { 1 - first_seat };
    let mut r = GameResult {
        winner: match o.winners.as_slice() {
            [w] => Some(if usize::from(*w) == first_seat { 0 } else { 1 }),
            _ => None,
        },
        reason: o.reason,
        rounds: game.round,
        ..GameResult::default()
    };
    for l in 0..2 {
        let s = seat_of(l);
        r.score[l] = game.score.points[s];
        r.destroyed[l] = game
            .units
            .iter()
            .filter(|u| usize::from(u.owner) == 1 - s && !u.monster && !u.alive())
            .map(|u| u32::from(u.value))
            .sum();
        r.held[l] = game
            .control
            .control
            .iter()
            .filter(|c| **c == Some(s as u8))
            .count() as u32;
        for c in game.cards_used_by(s as u8) {
            if c.uses > 0 {
                r.used[l].push((c.kind, c.id.clone()));
            }
            r.cards[l].push((c.kind, c.id));
        }
    }
    Ok(r)
}

/// The figures of one pairing in one scenario.
struct Cell {
    lists: [usize; 2],
    scenario: ScenarioArg,
    games: Vec<GameResult>,
}

impl Cell {
    /// The first list's share: wins, and half of each draw.
    fn share(&self) -> Rate {
        let n = self.games.len() as u64;
        let halves: u64 = self
            .games
            .iter()
            .map(|g| match g.winner {
                Some(0) => 2,
                None => 1,
                _ => 0,
            })
            .sum();
        // Draws count as half a win; the interval is over the n games.
        let (lo, hi) = wilson_score(halves as f64 / 2.0, n);
        Rate {
            value: halves as f64 / (2 * n).max(1) as f64,
            lo,
            hi,
        }
    }
}

/// Which of the pack's lists `--lists` names (all when it names none).
fn chosen_lists(names: &[String], lists: &[Listed]) -> Result<Vec<bool>, CliError> {
    if names.is_empty() {
        return Ok(vec![true; lists.len()]);
    }
    let mut chosen = vec![false; lists.len()];
    for n in names {
        let Some(i) = lists.iter().position(|l| l.name == *n) else {
            let known: Vec<&str> = lists.iter().map(|l| l.name.as_str()).collect();
            return Err(CliError::usage(format!(
                "--lists: no list '{n}' in the pack (its lists: {})",
                known.join(", ")
            )));
        };
        chosen[i] = true;
    }
    if chosen.iter().filter(|&&c| c).count() < 2 {
        return Err(CliError::usage(
            "--lists: name at least two different lists to pair".to_string(),
        ));
    }
    Ok(chosen)
}

/// The pairings and scenarios of the report, with no games yet.
fn cells_of(lists: &[Listed], chosen: &[bool], scenarios: &[ScenarioArg]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for i in 0..lists.len() {
        for j in i + 1..lists.len() {
            if !(chosen[i] && chosen[j]) {
                continue;
            }
            for &scenario in scenarios {
                cells.push(Cell {
                    lists: [i, j],
                    scenario,
                    games: Vec::new(),
                });
            }
        }
    }
    cells
}

/// Everything a report is played from.
struct Plan {
    pack: Arc<Pack>,
    lists: Vec<Listed>,
    scenarios: Vec<ScenarioArg>,
    cells: Vec<Cell>,
    /// The report's games in order: (cell, game of the cell).
    jobs: Vec<(usize, u32)>,
    fingerprint: String,
}

fn plan(a: &BalanceArgs) -> Result<Plan, CliError> {
    if let Err(CliError::Usage(_)) = bot(&a.bot, 0) {
        return Err(CliError::usage(format!(
            "--bot '{}': the bot is greedy or random",
            a.bot
        )));
    }
    super::prepare_out(&a.out, super::Game::Bov)?;
    let edition = a.edition.edition();
    let (pack, lists, fingerprint) = pack_and_lists(a.pack.as_deref(), edition, &a.lists)?;
    let scenarios = if a.scenarios.is_empty() {
        ScenarioArg::of_edition(edition, a.battlefield.battlefield())
    } else {
        a.scenarios
            .iter()
            .map(|s| s.checked(edition, a.battlefield.battlefield()))
            .collect::<Result<_, _>>()?
    };
    let chosen = chosen_lists(&a.lists, &lists)?;
    let cells = cells_of(&lists, &chosen, &scenarios);
    let jobs: Vec<(usize, u32)> = (0..cells.len())
        .flat_map(|c| (0..a.games).map(move |i| (c, i)))
        .collect();
    Ok(Plan {
        pack: Arc::new(pack),
        lists,
        scenarios,
        cells,
        jobs,
        fingerprint,
    })
}

pub fn run(a: BalanceArgs) -> Result<(), CliError> {
    if let Some(BalanceCommand::Merge(m)) = a.command {
        return merge(m);
    }
    let p = plan(&a)?;
    let total = p.jobs.len() as u64;
    let played = a.run.play(total, |k| {
        let (c, i) = p.jobs[k as usize];
        let cell = &p.cells[c];
        let first_seat = (i % 2) as usize;
        let mut names = [
            p.lists[cell.lists[0]].setup.clone(),
            p.lists[cell.lists[1]].setup.clone(),
        ];
        if first_seat == 1 {
            names.swap(0, 1);
        }
        // The pairing and scenario, not the cell's place in the
        // report, so that a cell's games do not depend on which
        // scenarios were asked for.
        let [x, y] = cell.lists.map(|l| l as u64);
        let sc = ScenarioArg::value_variants()
            .iter()
            .position(|v| *v == cell.scenario)
            .unwrap_or(0) as u64;
        let seed = mix(mix(mix(mix(a.seed, x), y), sc), u64::from(i));
        let setup = BattleSetup {
            cards: None,
            seed,
            lists: names,
            scenario: cell.scenario.scenario(),
            battlefield: a.battlefield.battlefield(),
            map: None,
            monsters: Vec::new(),
            edition: a.edition.edition(),
        };
        // A failed game is reported, and the others still count.
        Ok(caught(|| play_one(&p.pack, &a.bot, setup, first_seat))
            .map_err(|e| format!("game {i} (seed {seed}): {e}")))
    })?;
    if let Some(s) = a.run.shard {
        let settings = Settings {
            bot: a.bot.clone(),
            games: a.games,
            seed: a.seed,
            scenarios: a.scenarios.clone(),
            battlefield: a.battlefield,
            lists: a.lists.clone(),
            edition: a.edition,
        };
        return a.run.write_shard(
            s,
            &a.out,
            super::Game::Bov,
            settings,
            p.fingerprint,
            total,
            played,
        );
    }
    report(&a, p, played.into_iter().map(|(_, r)| r).collect())
}

/// `bov balance merge`: the report of the shards' games.
fn merge(m: MergeArgs) -> Result<(), CliError> {
    let merged: shard::Merged<Settings, Result<GameResult, String>> =
        shard::read(&m.shards, super::Game::Bov)?;
    let s = merged.settings;
    let a = BalanceArgs {
        bot: s.bot,
        games: s.games,
        seed: s.seed,
        edition: s.edition,
        scenarios: s.scenarios,
        battlefield: s.battlefield,
        out: m.out,
        lists: s.lists,
        pack: m.pack,
        run: RunArgs {
            jobs: None,
            json: m.json,
            shard: None,
        },
        command: None,
    };
    let p = plan(&a)?;
    shard::check_pack(a.pack.as_deref(), &p.fingerprint, &merged.pack)?;
    if p.jobs.len() != merged.results.len() {
        return Err(CliError::usage(format!(
            "SHARD: the shards hold {} games where their settings make {}",
            merged.results.len(),
            p.jobs.len()
        )));
    }
    report(&a, p, merged.results)
}

/// Writes the report of every game played and prints its summary.
fn report(
    a: &BalanceArgs,
    mut p: Plan,
    results: Vec<Result<GameResult, String>>,
) -> Result<(), CliError> {
    let mut failed = Vec::new();
    for (&(c, _), r) in p.jobs.iter().zip(results) {
        match r {
            Ok(g) => p.cells[c].games.push(g),
            Err(e) => failed.push(e),
        }
    }
    let report = write(a, &p.lists, &p.scenarios, &p.cells, &failed)?;
    emit(&if a.run.json {
        format!("{}\n", report.json)
    } else {
        report.summary
    })?;
    if failed.is_empty() {
        Ok(())
    } else {
        for e in &failed {
            eprintln!("{e}");
        }
        Err(CliError::failed(format!(
            "{} games failed (listed above); the report counts the others",
            failed.len()
        )))
    }
}

fn write(
    a: &BalanceArgs,
    lists: &[Listed],
    scenarios: &[ScenarioArg],
    cells: &[Cell],
    failed: &[String],
) -> Result<Report, CliError> {
    std::fs::create_dir_all(&a.out).map_err(|e| {
        crate::error::io_error(
            &format!("--out '{}'", a.out.display()),
            "cannot be made",
            &e,
        )
    })?;
    let name = |l: usize| lists[l].name.clone();
    let mut md = String::new();
    let mut summary = String::new();
    let (which, lists_arg) = if a.lists.is_empty() {
        ("the shipped force lists", String::new())
    } else {
        (
            "the force lists named",
            format!(" --lists {}", a.lists.join(",")),
        )
    };
    // A 5.1 report reads as before editions; a starter one names its
    // edition in its title, its command and its JSON.
    let edition = a.edition.edition();
    let (edition_title, edition_arg) = if edition.is_default() {
        (String::new(), String::new())
    } else {
        (
            format!(", {edition} edition"),
            format!(" --edition {edition}"),
        )
    };
    if !edition.is_default() {
        let _ = writeln!(summary, "edition: {edition}");
    }
    let _ = writeln!(
        md,
        "# Battles of Valerna{edition_title}: balance report\n\n\
         Every pairing of {which} in every scenario \
         (`valerna bov balance{edition_arg} --games {} --seed {} --bot {}{lists_arg}`, {} battlefield): {} games each, \
         the sides swapped in half of them, both sides played by the `{}` bot. A list's \
         share counts its wins and half of each draw; intervals are 95% Wilson intervals. A \
         pairing is lopsided when a list's share is above {:.0}%.\n",
        a.games,
        a.seed,
        a.bot,
        a.battlefield.name(),
        a.games,
        a.bot,
        LOPSIDED * 100.0
    );
    if !failed.is_empty() {
        let _ = writeln!(
            md,
            "**{} games failed** and are not counted.\n",
            failed.len()
        );
    }
    let mut worst = 0.5f64;
    let mut json_cells = Vec::new();
    for &scenario in scenarios {
        let _ = writeln!(md, "## {}\n", scenario_title(scenario));
        let _ = writeln!(
            md,
            "| pairing | first list's share | wins-draws-losses | mean score | points destroyed | objectives held at the end | ended by wipe-out | mean rounds |"
        );
        let _ = writeln!(md, "| --- | --- | --- | --- | --- | --- | --- | --- |");
        let mut categories = Vec::new();
        let mut shares = Vec::new();
        for cell in cells.iter().filter(|c| c.scenario == scenario) {
            let g = &cell.games;
            let n = g.len().max(1) as f64;
            let share = cell.share();
            worst = worst.max(share.value).max(1.0 - share.value);
            let count = |w: Option<usize>| g.iter().filter(|r| r.winner == w).count();
            let mean = |f: &dyn Fn(&GameResult) -> f64| g.iter().map(f).sum::<f64>() / n;
            let [x, y] = cell.lists;
            let wipe = g.iter().filter(|r| r.reason == "wipe_out").count();
            let flag = if share.value > LOPSIDED || share.value < 1.0 - LOPSIDED {
                " **lopsided**"
            } else {
                ""
            };
            let _ = writeln!(
                md,
                "| {} vs {} | {} ({}-{}){flag} | {}-{}-{} | {:.1} / {:.1} | {:.1} / {:.1} | {:.2} / {:.2} | {} | {:.2} |",
                name(x),
                name(y),
                pct(share.value),
                pct(share.lo),
                pct(share.hi),
                count(Some(0)),
                count(None),
                count(Some(1)),
                mean(&|r| f64::from(r.score[0])),
                mean(&|r| f64::from(r.score[1])),
                mean(&|r| f64::from(r.destroyed[0])),
                mean(&|r| f64::from(r.destroyed[1])),
                mean(&|r| f64::from(r.held[0])),
                mean(&|r| f64::from(r.held[1])),
                pct(wipe as f64 / n),
                mean(&|r| f64::from(r.rounds)),
            );
            categories.push(format!("{}\nvs {}", name(x), name(y)));
            shares.push(share);
            json_cells.push(json!({
                "scenario": scenario.name(),
                "lists": [name(x), name(y)],
                "games": g.len(),
                "wins": [count(Some(0)), count(Some(1))],
                "draws": count(None),
                "share": share.value,
                "ci95": [share.lo, share.hi],
                "mean_score": [mean(&|r| f64::from(r.score[0])), mean(&|r| f64::from(r.score[1]))],
                "mean_points_destroyed": [mean(&|r| f64::from(r.destroyed[0])), mean(&|r| f64::from(r.destroyed[1]))],
                "mean_objectives_held": [mean(&|r| f64::from(r.held[0])), mean(&|r| f64::from(r.held[1]))],
                "wipe_outs": wipe,
            }));
        }
        let file = format!("bov-{}-share.svg", scenario.name());
        let labels: Vec<String> = categories.iter().map(|c| c.replace('\n', " ")).collect();
        charts::rates(
            &a.out.join(&file),
            &format!(
                "{}: the first list's share, sides swapped",
                scenario_title(scenario)
            ),
            "share of the games (draws half); shaded: within 60/40",
            &labels,
            &[Series {
                name: "first list".into(),
                values: shares,
            }],
            Some(0.5),
            Some((1.0 - LOPSIDED, LOPSIDED)),
        )?;
        let _ = writeln!(md, "\n![{}]({file})\n", scenario_title(scenario));
    }
    // Each list over all its pairings and scenarios.
    let _ = writeln!(md, "## Each list, all pairings and scenarios\n");
    let _ = writeln!(md, "| list | force | share | 95% CI |");
    let _ = writeln!(md, "| --- | --- | --- | --- |");
    let mut by_list = Vec::new();
    let mut list_names = Vec::new();
    for (l, Listed { name: n, force, .. }) in lists.iter().enumerate() {
        if !cells.iter().any(|c| c.lists.contains(&l)) {
            continue;
        }
        list_names.push(n.clone());
        let (mut halves, mut games) = (0u64, 0u64);
        for cell in cells {
            let Some(side) = cell.lists.iter().position(|&x| x == l) else {
                continue;
            };
            for g in &cell.games {
                games += 1;
                halves += match g.winner {
                    Some(w) if w == side => 2,
                    None => 1,
                    _ => 0,
                };
            }
        }
        let (lo, hi) = wilson_score(halves as f64 / 2.0, games);
        let value = halves as f64 / (2 * games).max(1) as f64;
        let _ = writeln!(
            md,
            "| {n} | {force} | {} | {}-{} |",
            pct(value),
            pct(lo),
            pct(hi)
        );
        by_list.push(Rate { value, lo, hi });
    }
    let file = "bov-lists.svg";
    charts::rates(
        &a.out.join(file),
        "Each list's share over all its pairings and scenarios",
        "share of the games (draws half)",
        &list_names,
        &[Series {
            name: "share".into(),
            values: by_list,
        }],
        Some(0.5),
        None,
    )?;
    let _ = writeln!(md, "\n![Each list]({file})\n");
    // Cards: how often each acted, and its side's share then.
    let _ = writeln!(md, "## Cards (all pairings and scenarios)\n");
    let _ = writeln!(
        md,
        "| card | kind | acted in | side's share when it acted | when it did not |"
    );
    let _ = writeln!(md, "| --- | --- | --- | --- | --- |");
    // (kind, id) -> [games held, games acted, halves when acted, halves when not]
    let mut cards: BTreeMap<(CardKind, String), [u64; 4]> = BTreeMap::new();
    for cell in cells {
        for g in &cell.games {
            for side in 0..2 {
                let halves = match g.winner {
                    Some(w) if w == side => 2,
                    None => 1,
                    _ => 0,
                };
                for key in &g.cards[side] {
                    let e = cards.entry(key.clone()).or_default();
                    e[0] += 1;
                    if g.used[side].contains(key) {
                        e[1] += 1;
                        e[2] += halves;
                    } else {
                        e[3] += halves;
                    }
                }
            }
        }
    }
    let mut json_cards = Vec::new();
    for ((kind, id), [held, acted, won, won_not]) in &cards {
        let kind = format!("{kind:?}").to_lowercase();
        let not = held - acted;
        let _ = writeln!(
            md,
            "| {id} | {kind} | {} of {held} | {} | {} |",
            acted,
            if *acted > 0 {
                pct(*won as f64 / (2 * acted) as f64)
            } else {
                "-".into()
            },
            if not > 0 {
                pct(*won_not as f64 / (2 * not) as f64)
            } else {
                "-".into()
            },
        );
        json_cards.push(json!({"kind": kind, "id": id, "games": held, "acted_in": acted}));
    }
    let _ = writeln!(
        summary,
        "most lopsided pairing: {:.1}/{:.1} ({})",
        worst * 100.0,
        (1.0 - worst) * 100.0,
        if worst > LOPSIDED {
            "above 60/40"
        } else {
            "within 60/40"
        }
    );
    write_report(&a.out, &md)?;
    let mut json = json!({
            "games_per_cell": a.games,
            "seed": a.seed,
            "bot": a.bot,
            "battlefield": a.battlefield.name(),
            "most_lopsided": worst,
            "cells": json_cells,
            "cards": json_cards,
            "failed": failed,
    });
    if !edition.is_default()
        && let Some(o) = json.as_object_mut()
    {
        o.insert("edition".into(), json!(edition.name()));
    }
    Ok(Report {
        summary: format!("{summary}report: {}\n", a.out.join("README.md").display()),
        json,
    })
}

fn scenario_title(s: ScenarioArg) -> &'static str {
    match s.scenario() {
        valerna_bov::rules::scenario::Scenario::PitchedBattle => "Pitched Battle",
        valerna_bov::rules::scenario::Scenario::SeizeTheLand => "Seize the Land!",
        valerna_bov::rules::scenario::Scenario::SlayTheFoe => "Slay the Foe!",
        valerna_bov::rules::scenario::Scenario::Quest => "The Quest",
        valerna_bov::rules::scenario::Scenario::GrandTactical => "The Grand Tactical",
    }
}
