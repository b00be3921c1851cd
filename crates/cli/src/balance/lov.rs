//! `valerna lov balance`: self-play over every seat assignment, written up
//! as a Markdown report with SVG charts.
//!
//! For each bot named, and for one to four people (LoV p.7: the other
//! seats are Faceless, p.10), the games are spread evenly over every choice
//! of which characters the people play, and the people's seats are all
//! played by that bot: equal bots in every seat. Game `i` of `h` people is
//! played from a seed derived from `--seed`, `h` and `i` only, so any number
//! of threads gives the same report, and every bot meets the same deals.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use serde::{Deserialize, Serialize};
use serde_json::json;
use valerna_ai::spec::Spec;
use valerna_ai::{Bot, mix};
use valerna_game::Game;
use valerna_lov::Decision;
use valerna_lov::content::{Content, DEFAULT_FILES, SEATS};
use valerna_lov::state::NONE;
use valerna_lov::{Lov, Setup};

use super::charts::{self, Rate, Series};
use super::shard::{self, MergeArgs, RunArgs};
use super::{BalanceCommand, Report, pct, write_report};
use crate::arena::wilson;
use crate::error::{CliError, emit};

/// Most decisions a game may take before the report calls it broken.
const MAX_DECISIONS: usize = 20_000;
/// How games end (LoV p.9), in the order the report lists them.
const ENDINGS: [&str; 3] = ["power", "events", "elimination"];

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BalanceArgs {
    /// The bots that play the people's seats, one report section each:
    /// random, heuristic, ismcts:iters=N...
    #[arg(long, value_delimiter = ',', default_value = "random,heuristic")]
    bots: Vec<String>,
    /// Games for each number of people (1 to 4), spread evenly over the
    /// choices of characters (at most 100,000).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Seed of the report; each game's seed is derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the report (README.md and the SVG charts) into this folder.
    #[arg(long, default_value = "balance-lov")]
    out: PathBuf,
    /// Play a content pack from this folder (the seven files of
    /// content/lov/) instead of the one built in.
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
    bots: Vec<String>,
    games: u32,
    seed: u64,
}

/// One finished game, by seat.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct GameResult {
    people: u8,
    winners: u8,
    ending: usize,
    rounds: u8,
    /// Seats in a Dragonbond at the end.
    bonded: u8,
    /// Each seat's Power at the end of each round played (the last entry:
    /// at the end of the game).
    power: Vec<[u8; SEATS]>,
    /// Vaala cards played (content index), each counted once a game.
    vaala: Vec<u8>,
}

/// The choices of `h` people among the four seats, as seat masks.
fn people_masks(h: u32) -> Vec<u8> {
    (0u8..16).filter(|m| m.count_ones() == h).collect()
}

/// The pack to play: the seven files of `dir`, or the built-in one; with
/// its fingerprint for shard files.
fn load_pack(dir: Option<&Path>) -> Result<(Content, String), CliError> {
    match dir {
        Some(dir) => read_pack(dir),
        None => Ok((
            Content::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?,
            shard::BUILT_IN.to_string(),
        )),
    }
}

/// Reads a pack from the seven files of `dir`.
fn read_pack(dir: &Path) -> Result<(Content, String), CliError> {
    let mut texts = Vec::new();
    for (name, _) in DEFAULT_FILES {
        let path = dir.join(name);
        let what = format!("--pack '{}', {name}", dir.display());
        texts.push((
            name,
            crate::error::read_text(&path, &what, crate::error::MAX_LIST_OR_MAP_BYTES)?,
        ));
    }
    let files: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let content = Content::load(&files)
        .map_err(|e| CliError::usage(format!("--pack '{}': {e}", dir.display())))?;
    Ok((content, shard::fingerprint(files)))
}

fn play_one(content: &Arc<Content>, spec: Spec, seed: u64, mask: u8) -> Result<GameResult, String> {
    let mut humans = [false; SEATS];
    let mut bots: Vec<Option<Box<dyn Bot<Lov>>>> = (0..SEATS).map(|_| None).collect();
    for s in 0..SEATS {
        if mask & (1 << s) != 0 {
            humans[s] = true;
            bots[s] = spec.lov_bot(content, mix(seed, 100 + s as u64));
        }
    }
    let setup = Setup::new(seed, humans, content);
    let mut g = Lov::start(content, &setup).map_err(|e| e.to_string())?;
    g.set_logging(false);
    let mut r = GameResult {
        people: mask,
        ..GameResult::default()
    };
    let powers = |g: &Lov| {
        let mut p = [0u8; SEATS];
        for (x, pl) in p.iter_mut().zip(&g.state().players) {
            *x = pl.total_power();
        }
        p
    };
    let mut round = g.state().round;
    let decisions = valerna_ai::lov::play_watched(
        &mut g,
        &mut bots,
        MAX_DECISIONS,
        &mut |g: &Lov, seat, d: &Decision| {
            if g.state().round != round {
                round = g.state().round;
                r.power.push(powers(g));
            }
            if let Decision::Vaala(i) = *d {
                let card = content.vaala_of[usize::from(seat)][usize::from(i)];
                if !r.vaala.contains(&card) {
                    r.vaala.push(card);
                }
            }
        },
    );
    let o = g
        .outcome()
        .ok_or_else(|| format!("game (seed {seed}) did not end after {decisions} decisions"))?;
    let s = g.state();
    r.power.push(powers(&g));
    r.rounds = s.round;
    r.ending = ENDINGS.iter().position(|e| *e == o.reason).unwrap_or(2);
    for w in o.winners {
        r.winners |= 1 << w;
    }
    for (i, p) in s.players.iter().enumerate() {
        if p.partner != NONE {
            r.bonded |= 1 << i;
        }
    }
    Ok(r)
}

/// The figures of one bot's games, by number of people (index h - 1).
struct Section {
    bot: Spec,
    by_people: [Vec<GameResult>; SEATS],
}

/// The bots named by `--bots`.
fn parse_bots(bots: &[String]) -> Result<Vec<Spec>, CliError> {
    let mut specs = Vec::new();
    for b in bots {
        let spec: Spec = b
            .parse()
            .map_err(|e| CliError::usage(format!("--bots: {e}")))?;
        if spec == Spec::Faceless {
            return Err(CliError::usage(
                "--bots: faceless plays no people's seat (the Faceless already play the others)",
            ));
        }
        specs.push(spec);
    }
    Ok(specs)
}

/// The report's games in order: (bot, people, game of that many people).
fn games_of(bots: usize, games: u32) -> Vec<(usize, u32, u32)> {
    (0..bots)
        .flat_map(|b| (1..=SEATS as u32).flat_map(move |h| (0..games).map(move |i| (b, h, i))))
        .collect()
}

pub fn run(a: BalanceArgs) -> Result<(), CliError> {
    if let Some(BalanceCommand::Merge(m)) = a.command {
        return merge(m);
    }
    let (content, pack) = load_pack(a.pack.as_deref())?;
    let content = Arc::new(content);
    let specs = parse_bots(&a.bots)?;
    super::prepare_out(&a.out, super::Game::Lov)?;
    let jobs = games_of(specs.len(), a.games);
    let total = jobs.len() as u64;
    let played = a.run.play(total, |k| {
        let (b, h, i) = jobs[k as usize];
        let masks = people_masks(h);
        let mask = masks[i as usize % masks.len()];
        let seed = mix(mix(a.seed, u64::from(h)), u64::from(i));
        play_one(&content, specs[b], seed, mask)
    })?;
    if let Some(s) = a.run.shard {
        let settings = Settings {
            bots: specs.iter().map(ToString::to_string).collect(),
            games: a.games,
            seed: a.seed,
        };
        return a
            .run
            .write_shard(s, &a.out, super::Game::Lov, settings, pack, total, played);
    }
    let results = played.into_iter().map(|(_, r)| r).collect();
    report(&a, &content, &specs, &jobs, results)
}

/// `lov balance merge`: the report of the shards' games.
fn merge(m: MergeArgs) -> Result<(), CliError> {
    let merged: shard::Merged<Settings, GameResult> = shard::read(&m.shards, super::Game::Lov)?;
    let (content, pack) = load_pack(m.pack.as_deref())?;
    shard::check_pack(m.pack.as_deref(), &pack, &merged.pack)?;
    let a = BalanceArgs {
        bots: merged.settings.bots,
        games: merged.settings.games,
        seed: merged.settings.seed,
        out: m.out,
        pack: m.pack,
        run: RunArgs {
            jobs: None,
            json: m.json,
            shard: None,
        },
        command: None,
    };
    let specs = parse_bots(&a.bots)?;
    let jobs = games_of(specs.len(), a.games);
    if jobs.len() != merged.results.len() {
        return Err(CliError::usage(format!(
            "SHARD: the shards hold {} games where their settings make {}",
            merged.results.len(),
            jobs.len()
        )));
    }
    super::prepare_out(&a.out, super::Game::Lov)?;
    report(&a, &content, &specs, &jobs, merged.results)
}

/// Writes the report of every game played and prints its summary.
fn report(
    a: &BalanceArgs,
    content: &Content,
    specs: &[Spec],
    jobs: &[(usize, u32, u32)],
    results: Vec<GameResult>,
) -> Result<(), CliError> {
    let mut sections: Vec<Section> = specs
        .iter()
        .map(|&bot| Section {
            bot,
            by_people: Default::default(),
        })
        .collect();
    for (&(b, h, _), r) in jobs.iter().zip(results) {
        sections[b].by_people[h as usize - 1].push(r);
    }
    let report = write(a, content, &sections)?;
    let mut out = report.summary.clone();
    if a.run.json {
        out = format!("{}\n", report.json);
    }
    emit(&out)
}

/// Win rate of character `c` over the games where a person played it.
fn rate_of(games: &[GameResult], c: usize) -> (u64, u64) {
    let mine = games.iter().filter(|g| g.people & (1 << c) != 0);
    let n = mine.clone().count() as u64;
    let k = mine.filter(|g| g.winners & (1 << c) != 0).count() as u64;
    (k, n)
}

/// Games character `c` won alone (no bonded ally sharing the win) where a
/// person played it.
fn alone_of(games: &[GameResult], c: usize) -> u64 {
    games
        .iter()
        .filter(|g| g.people & (1 << c) != 0 && g.winners == 1 << c)
        .count() as u64
}

fn rate(k: u64, n: u64) -> Rate {
    let (lo, hi) = wilson(k, n);
    Rate {
        value: if n == 0 { 0.0 } else { k as f64 / n as f64 },
        lo,
        hi,
    }
}

fn write(a: &BalanceArgs, content: &Content, sections: &[Section]) -> Result<Report, CliError> {
    std::fs::create_dir_all(&a.out).map_err(|e| {
        crate::error::io_error(
            &format!("--out '{}'", a.out.display()),
            "cannot be made",
            &e,
        )
    })?;
    let names: Vec<String> = content.characters.iter().map(|c| c.name.clone()).collect();
    let mut md = String::new();
    let mut summary = String::new();
    let mut json_sections = Vec::new();
    let _ = writeln!(
        md,
        "# Lords of Vaala: balance report\n\n\
         Self-play of the {} pack (`valerna lov balance --games {} --seed {}`): for each bot \
         and each number of people, {} games spread evenly over every choice of characters; \
         the people's seats are all played by the same bot, the other seats by the rulebook's \
         Faceless (LoV p.10). A win shared by a bonded team counts for both (LoV p.10), so \
         the rates of one table add up to more than 100%; \"alone\" is the share of games won \
         without a bonded ally. Intervals are 95% Wilson intervals.\n",
        if content.provisional {
            "provisional"
        } else {
            "printed"
        },
        a.games,
        a.seed,
        a.games
    );
    for sec in sections {
        let bot = sec.bot.to_string();
        let slug = bot.replace([':', '='], "-");
        let _ = writeln!(md, "## {bot} in every people's seat\n");
        // Win rate by character and number of people.
        let _ = writeln!(md, "### Win rate by character\n");
        let _ = writeln!(
            md,
            "| character | 4 people | 3 people | 2 people | 1 person |"
        );
        let _ = writeln!(md, "| --- | --- | --- | --- | --- |");
        let mut series = Vec::new();
        let mut by_char = Vec::new();
        for (c, name) in names.iter().enumerate() {
            let mut row = format!("| {name} |");
            let mut rates = Vec::new();
            for h in (1..=SEATS).rev() {
                let (k, n) = rate_of(&sec.by_people[h - 1], c);
                let alone = alone_of(&sec.by_people[h - 1], c);
                let r = rate(k, n);
                let _ = write!(
                    row,
                    " {} ({}-{}), alone {} |",
                    pct(r.value),
                    pct(r.lo),
                    pct(r.hi),
                    pct(rate(alone, n).value)
                );
                rates.push(json!({"people": h, "wins": k, "wins_alone": alone, "games": n, "ci95": [r.lo, r.hi]}));
            }
            let _ = writeln!(md, "{row}");
            by_char.push(json!({"character": name, "by_people": rates}));
        }
        for h in (1..=SEATS).rev() {
            series.push(Series {
                name: if h == 1 {
                    "1 person".into()
                } else {
                    format!("{h} people")
                },
                values: (0..SEATS)
                    .map(|c| {
                        let (k, n) = rate_of(&sec.by_people[h - 1], c);
                        rate(k, n)
                    })
                    .collect(),
            });
        }
        let spread = |h: usize| {
            let v: Vec<f64> = series[SEATS - h].values.iter().map(|r| r.value).collect();
            let hi = v.iter().copied().fold(f64::MIN, f64::max);
            let lo = v.iter().copied().fold(f64::MAX, f64::min);
            hi - lo
        };
        let _ = writeln!(
            md,
            "\nBest minus worst character: {} points with four people, {} with one.\n",
            pct(spread(4)).trim_end_matches('%'),
            pct(spread(1)).trim_end_matches('%')
        );
        let _ = writeln!(
            summary,
            "{bot}: best minus worst character {:.1} points (4 people), {:.1} (1 person)",
            spread(4) * 100.0,
            spread(1) * 100.0
        );
        let file = format!("lov-{slug}-win-rate.svg");
        charts::rates(
            &a.out.join(&file),
            &format!("Win rate by character, {bot} in the people's seats"),
            "games won",
            &names,
            &series,
            None,
            None,
        )?;
        let _ = writeln!(md, "![Win rate by character]({file})\n");
        // The Faceless.
        let _ = writeln!(md, "### The Faceless\n");
        let _ = writeln!(md, "| people | games a Faceless seat won | 95% CI |");
        let _ = writeln!(md, "| --- | --- | --- |");
        for h in 1..SEATS {
            let g = &sec.by_people[h - 1];
            let k = g
                .iter()
                .filter(|r| r.winners & !r.people & 0xf != 0)
                .count() as u64;
            let r = rate(k, g.len() as u64);
            let _ = writeln!(
                md,
                "| {h} | {} | {}-{} |",
                pct(r.value),
                pct(r.lo),
                pct(r.hi)
            );
        }
        // Power over rounds, four people.
        let four = &sec.by_people[SEATS - 1];
        let rounds = four.iter().map(|g| g.power.len()).max().unwrap_or(0);
        let power: Vec<Series<f64>> = names
            .iter()
            .enumerate()
            .map(|(c, name)| Series {
                name: name.clone(),
                values: (0..rounds)
                    .map(|r| {
                        // A finished game holds its last Power for the rounds it did not play.
                        let sum: u64 = four
                            .iter()
                            .map(|g| u64::from(g.power[r.min(g.power.len() - 1)][c]))
                            .sum();
                        sum as f64 / four.len().max(1) as f64
                    })
                    .collect(),
            })
            .collect();
        let file = format!("lov-{slug}-power.svg");
        charts::lines(
            &a.out.join(&file),
            &format!("Mean Power at the end of each round, four people ({bot})"),
            "round",
            "Power (spent and unspent)",
            &power,
        )?;
        let _ = writeln!(
            md,
            "\n### Power over rounds (four people)\n\n![Power over rounds]({file})\n"
        );
        // How games end, and the Dragonbond.
        let _ = writeln!(md, "### How games end, and the Dragonbond\n");
        let _ = writeln!(
            md,
            "| people | 10 Power | Event deck empty | elimination | mean rounds | Dragonbond formed | bonded team won |"
        );
        let _ = writeln!(md, "| --- | --- | --- | --- | --- | --- | --- |");
        let mut endings = Vec::new();
        for h in (1..=SEATS).rev() {
            let g = &sec.by_people[h - 1];
            let n = g.len().max(1) as f64;
            let count = |e: usize| g.iter().filter(|r| r.ending == e).count();
            let bonded: Vec<&GameResult> = g.iter().filter(|r| r.bonded != 0).collect();
            let bonded_won = bonded.iter().filter(|r| r.winners & r.bonded != 0).count();
            let mean_rounds = g.iter().map(|r| f64::from(r.rounds)).sum::<f64>() / n;
            let _ = writeln!(
                md,
                "| {h} | {} | {} | {} | {mean_rounds:.2} | {} | {} |",
                pct(count(0) as f64 / n),
                pct(count(1) as f64 / n),
                pct(count(2) as f64 / n),
                pct(bonded.len() as f64 / n),
                pct(bonded_won as f64 / bonded.len().max(1) as f64),
            );
            endings.push(json!({
                "people": h,
                "games": g.len(),
                "ended_by": {"power": count(0), "events": count(1), "elimination": count(2)},
                "mean_rounds": mean_rounds,
                "bonded_games": bonded.len(),
                "bonded_team_won": bonded_won,
            }));
        }
        // Vaala cards: how often played, and the owner's win rate then.
        let all: Vec<&GameResult> = sec.by_people.iter().flatten().collect();
        let _ = writeln!(md, "\n### Vaala cards (all games)\n");
        let _ = writeln!(
            md,
            "| card | owner | played in | owner won when played | owner won when not played |"
        );
        let _ = writeln!(md, "| --- | --- | --- | --- | --- |");
        let mut cards = Vec::new();
        let mut used_rates = Vec::new();
        let mut card_names = Vec::new();
        for (id, v) in content.vaala.iter().enumerate() {
            let owner = usize::from(v.owner);
            let owned: Vec<&&GameResult> = all
                .iter()
                .filter(|g| g.people & (1 << owner) != 0)
                .collect();
            let played: Vec<&&&GameResult> = owned
                .iter()
                .filter(|g| g.vaala.contains(&(id as u8)))
                .collect();
            let won = |g: &GameResult| g.winners & (1 << owner) != 0;
            let kp = played.iter().filter(|g| won(g)).count() as u64;
            let np = played.len() as u64;
            let kn = owned.iter().filter(|g| won(g)).count() as u64 - kp;
            let nn = owned.len() as u64 - np;
            let (rp, rn) = (rate(kp, np), rate(kn, nn));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} ({}-{}) | {} |",
                v.name,
                names[owner],
                pct(np as f64 / owned.len().max(1) as f64),
                pct(rp.value),
                pct(rp.lo),
                pct(rp.hi),
                pct(rn.value)
            );
            cards.push(json!({
                "id": v.id, "owner": names[owner], "games": owned.len(),
                "played_in": np, "won_when_played": kp, "won_when_not_played": kn,
            }));
            used_rates.push(rp);
            card_names.push(v.name.clone());
        }
        let file = format!("lov-{slug}-vaala.svg");
        charts::rates(
            &a.out.join(&file),
            &format!("Owner's win rate in games where the Vaala card was played ({bot})"),
            "games won",
            &card_names,
            &[Series {
                name: "when played".into(),
                values: used_rates,
            }],
            None,
            None,
        )?;
        let _ = writeln!(md, "\n![Vaala cards]({file})\n");
        json_sections.push(json!({
            "bot": bot,
            "characters": by_char,
            "spread_four_people": spread(4),
            "spread_one_person": spread(1),
            "games": endings,
            "vaala": cards,
        }));
    }
    write_report(&a.out, &md)?;
    Ok(Report {
        summary: format!("{summary}report: {}\n", a.out.join("README.md").display()),
        json: json!({"games_per_people": a.games, "seed": a.seed, "sections": json_sections}),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_of_people_is_a_seat_mask_of_that_size() {
        // LoV p.7: 1 to 4 people; C(4, h) choices of characters.
        assert_eq!(people_masks(1).len(), 4);
        assert_eq!(people_masks(2).len(), 6);
        assert_eq!(people_masks(3).len(), 4);
        assert_eq!(people_masks(4), vec![0b1111]);
    }
}
