//! `valerna lov`: simulate, replay and play Lords of Vaala in the terminal.
//! The rules are all in `valerna-lov`; this module only reads views and sends
//! decisions.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Subcommand, ValueEnum};
use valerna_game::{Game, Record, replay};
use valerna_lov::content::{Content, Kind};
use valerna_lov::decision::{Decision, Target};
use valerna_lov::effect::Glyph;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::state::{CardKind, NONE};
use valerna_lov::view::{StackView, View};
use valerna_lov::{Lov, Setup};

use crate::error::CliError;
use crate::progress::Progress;

/// Lords of Vaala: simulate, replay, play.
#[derive(Debug, Args)]
pub struct LovArgs {
    #[command(subcommand)]
    command: LovCommand,
}

#[derive(Debug, Subcommand)]
enum LovCommand {
    /// Play N complete games: human seats by a seeded random policy, the
    /// others by the rulebook's Faceless automaton.
    Sim(SimArgs),
    /// Replay a saved game log (JSON) and print the final state.
    Replay {
        /// The log written by `valerna lov play --save`.
        file: PathBuf,
    },
    /// A hot-seat game at one keyboard; the other seats are Faceless.
    Play(PlayArgs),
}

#[derive(Debug, Args)]
struct SimArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the first game; game i uses a seed derived from it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Human seats per game (1-4); the characters rotate over the seats.
    #[arg(long, default_value_t = 1)]
    humans: u8,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Lang {
    En,
    It,
    Fr,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Seed of the game (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// One player against three Faceless (the appendix's solo rules).
    #[arg(long)]
    solo: bool,
    /// Human players (1-4), seated Elyse, Ferellon, Adrael, Nagasha.
    #[arg(long, default_value_t = 2)]
    humans: u8,
    /// Game terms from the English, Italian or French rulebook.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// Write the game's log here when it ends or you quit.
    #[arg(long)]
    save: Option<PathBuf>,
}

pub fn run(args: LovArgs) -> Result<(), CliError> {
    let content = Arc::new(
        Content::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?,
    );
    match args.command {
        LovCommand::Sim(a) => sim(&content, a),
        LovCommand::Replay { file } => replay_file(&content, &file),
        LovCommand::Play(a) => play(&content, a),
    }
}

// ---------------------------------------------------------------------- sim

/// SplitMix64: independent per-game seeds from one seed.
fn mix(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What the simulated games added up to.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    wins: [u64; 4],
    power: [u64; 4],
    rounds: u64,
    /// 10 Power, Event deck empty, elimination (LoV p.9).
    reasons: [u64; 3],
    bonded: u64,
    human_wins: u64,
}

/// Plays the games of `a`, with a progress bar for a person watching.
fn tally(content: &Arc<Content>, a: &SimArgs) -> Result<Tally, CliError> {
    let mut t = Tally::default();
    let progress = Progress::new(u64::from(a.games), "games");
    for i in 0..u64::from(a.games) {
        let seed = mix(a.seed, i);
        let mut humans = [false; 4];
        for k in 0..u64::from(a.humans) {
            humans[((i + k) % 4) as usize] = true;
        }
        let setup = Setup::new(seed, humans, content);
        let mut g = Lov::start(content, &setup).map_err(|e| CliError::failed(e.to_string()))?;
        let mut policy = RandomPolicy::new(seed ^ 0xa5a5_a5a5);
        while let Some(d) = policy.choose(&g) {
            g.apply(d)
                .map_err(|e| CliError::failed(format!("game {i} (seed {seed}): {e}")))?;
        }
        let s = g.state();
        let o = g
            .outcome()
            .ok_or_else(|| CliError::failed(format!("game {i} did not end")))?;
        for &w in &o.winners {
            t.wins[usize::from(w)] += 1;
        }
        if o.winners.iter().any(|&w| humans[usize::from(w)]) {
            t.human_wins += 1;
        }
        for (p, pl) in t.power.iter_mut().zip(&s.players) {
            *p += u64::from(pl.total_power());
        }
        t.rounds += u64::from(s.round);
        t.reasons[match o.reason.as_str() {
            "power" => 0,
            "events" => 1,
            _ => 2,
        }] += 1;
        if s.players.iter().any(|p| p.partner != NONE) {
            t.bonded += 1;
        }
        progress.step();
    }
    progress.finish();
    Ok(t)
}

fn sim(content: &Arc<Content>, a: SimArgs) -> Result<(), CliError> {
    if !(1..=4).contains(&a.humans) {
        return Err(CliError::usage(format!(
            "--humans {}: give 1 to 4 human seats",
            a.humans
        )));
    }
    if a.games == 0 {
        return Err(CliError::usage("--games 0: give at least 1 game"));
    }
    let t = tally(content, &a)?;
    let Tally {
        wins,
        power,
        rounds,
        reasons,
        bonded,
        human_wins,
    } = t;
    let n = f64::from(a.games);
    let names: Vec<String> = content
        .characters
        .iter()
        .map(|c| format!("{} ({})", c.name, c.realm))
        .collect();
    if a.json {
        let out = serde_json::json!({
            "games": a.games,
            "seed": a.seed,
            "humans": a.humans,
            "characters": names,
            "wins_by_seat": wins,
            "win_rate_by_seat": wins.iter().map(|&w| round4(w as f64 / n)).collect::<Vec<_>>(),
            "human_win_rate": round4(human_wins as f64 / n),
            "end_reasons": { "power": reasons[0], "events": reasons[1], "elimination": reasons[2] },
            "mean_rounds": round4(rounds as f64 / n),
            "mean_power_by_seat": power.iter().map(|&p| round4(p as f64 / n)).collect::<Vec<_>>(),
            "dragonbond_rate": round4(bonded as f64 / n),
            "provisional_content": content.provisional,
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "Lords of Vaala: {} games, seed {}, {} human seat(s) (random policy), the rest Faceless",
        a.games, a.seed, a.humans
    );
    println!("content pack: provisional (RULINGS §4)");
    println!("{:<22} {:>8} {:>10}", "seat", "win rate", "mean Power");
    for s in 0..4 {
        println!(
            "{:<22} {:>7.1}% {:>10.2}",
            names[s],
            100.0 * wins[s] as f64 / n,
            power[s] as f64 / n
        );
    }
    println!(
        "human seats won {:.1}% of games",
        100.0 * human_wins as f64 / n
    );
    println!("mean rounds {:.2}", rounds as f64 / n);
    println!(
        "end reasons: 10 Power {}, Event deck empty {}, elimination {}",
        reasons[0], reasons[1], reasons[2]
    );
    println!("Dragonbond in {:.1}% of games", 100.0 * bonded as f64 / n);
    Ok(())
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

// ------------------------------------------------------------------- replay

fn replay_file(content: &Arc<Content>, file: &PathBuf) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    let record: Record<Lov> = serde_json::from_str(&text)
        .map_err(|e| CliError::failed(format!("{}: not a game log: {e}", file.display())))?;
    let g = replay(content, &record)
        .map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    let t = Terms::of(Lang::En);
    let seat = g.to_decide().unwrap_or(0);
    print!("{}", render(content, &g.view(seat), &t, false));
    println!("{} decisions replayed", record.decisions.len());
    match g.outcome() {
        Some(o) => println!("{}", outcome_line(content, &o)),
        None => println!("the game is not over: seat {seat} to decide"),
    }
    Ok(())
}

fn outcome_line(content: &Content, o: &valerna_game::Outcome) -> String {
    let who: Vec<&str> = o
        .winners
        .iter()
        .map(|&w| content.characters[usize::from(w)].name.as_str())
        .collect();
    let why = match o.reason.as_str() {
        "power" => "10 Power",
        "events" => "the Event deck ran out: most Power",
        _ => "a player was eliminated: most Power",
    };
    format!("game over ({why}): {} won", who.join(" and "))
}

// --------------------------------------------------------------------- play

/// Game terms of the three rulebooks.
struct Terms {
    glyph: [[&'static str; 2]; 4],
    upgrade: &'static str,
    reinforce: &'static str,
    fortify: &'static str,
    power: &'static str,
    faceless: &'static str,
    initiative: &'static str,
    planning: &'static str,
    resolution: &'static str,
    retreat: &'static str,
    counterattack: &'static str,
    dragonbond: &'static str,
}

impl Terms {
    fn of(lang: Lang) -> Terms {
        match lang {
            Lang::En => Terms {
                glyph: [
                    ["Assault", "Wrath"],
                    ["Deploy", "Soar"],
                    ["Harvest", "Hoard"],
                    ["Vaala", "Vaala"],
                ],
                upgrade: "Upgrade",
                reinforce: "Reinforce",
                fortify: "Fortify",
                power: "Power",
                faceless: "Faceless",
                initiative: "Initiative",
                planning: "Planning",
                resolution: "Resolution",
                retreat: "Retreat",
                counterattack: "Counterattack",
                dragonbond: "Dragonbond",
            },
            Lang::It => Terms {
                glyph: [
                    ["Assalto", "Ira"],
                    ["Schieramento", "Volo"],
                    ["Raccolto", "Accumulo"],
                    ["Vaala", "Vaala"],
                ],
                upgrade: "Miglioramento",
                reinforce: "Rinforzi",
                fortify: "Fortificazione",
                power: "Potere",
                faceless: "Senzavolto",
                initiative: "Iniziativa",
                planning: "Pianificazione",
                resolution: "Risoluzione",
                retreat: "Ritirata",
                counterattack: "Contrattacco",
                dragonbond: "Legame Draconico",
            },
            Lang::Fr => Terms {
                glyph: [
                    ["Assaut", "Courroux"],
                    ["Déploiement", "Envol"],
                    ["Récolte", "Réserves"],
                    ["Vaala", "Vaala"],
                ],
                upgrade: "Amélioration",
                reinforce: "Renforts",
                fortify: "Fortification",
                power: "Pouvoir",
                faceless: "Sans-Visage",
                initiative: "Initiative",
                planning: "Planification",
                resolution: "Résolution",
                retreat: "Retraite",
                counterattack: "Contre-attaque",
                dragonbond: "Dragonbond",
            },
        }
    }

    fn glyph(&self, g: Glyph, general: bool) -> &'static str {
        match g.board_index() {
            Some(i) => self.glyph[i][usize::from(!general)],
            None => match g {
                Glyph::Upgrade => self.upgrade,
                Glyph::Reinforce => self.reinforce,
                _ => self.fortify,
            },
        }
    }
}

fn glyphs(content: &Content, t: &Terms, card: u8) -> String {
    let a = &content.actions[usize::from(card)];
    let general = content.characters[usize::from(a.owner)].kind == Kind::General;
    a.glyphs
        .iter()
        .map(|&g| t.glyph(g, general))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn region_glyphs(content: &Content, t: &Terms, r: u8) -> String {
    content.regions[usize::from(r)]
        .glyphs
        .iter()
        .map(|&g| t.glyph(g, true))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn seat_name(content: &Content, s: u8) -> String {
    let c = &content.characters[usize::from(s)];
    format!("{} ({})", c.name, c.realm)
}

fn describe(content: &Content, v: &View, t: &Terms, d: Decision) -> String {
    let me = v.seat;
    let region = |r: u8| content.regions[usize::from(r)].name.clone();
    match d {
        Decision::PlayAction(i) => {
            let id = content.hand[usize::from(me)][usize::from(i)];
            format!("play Action card {}", glyphs(content, t, id))
        }
        Decision::PlayRegion(r) => format!(
            "play Region card {} ({})",
            region(r),
            region_glyphs(content, t, r)
        ),
        Decision::Pass => "pass".into(),
        Decision::GiveInitiative(s) => format!(
            "give the {} token to {}",
            t.initiative,
            seat_name(content, s)
        ),
        Decision::Activate => "activate this glyph".into(),
        Decision::Skip => "skip this glyph".into(),
        Decision::Option(i) => format!("option {}", i + 1),
        Decision::Region(r) => region(r),
        Decision::Done => "none / stop / stay".into(),
        Decision::Count(n) => format!("{n}"),
        Decision::Attack(Target::Neutral) => "the neutral Units".into(),
        Decision::Attack(Target::Seat(s)) => seat_name(content, s),
        Decision::Counterattack => t.counterattack.into(),
        Decision::Retreat => t.retreat.into(),
        Decision::AttackAgain => "attack again".into(),
        Decision::Lose(u) => format!("lose one {}", u.name()),
        Decision::Steal { spent } => format!(
            "steal a {} {} token",
            if spent { "spent" } else { "unspent" },
            t.power
        ),
        Decision::Vaala(i) => {
            let v = &content.vaala[usize::from(content.vaala_of[usize::from(me)][usize::from(i)])];
            format!("play {} (cost {}): {}", v.name, v.cost, v.text)
        }
        Decision::Reroll => format!("re-roll your {} die for 1 {}", t.dragonbond, t.power),
        Decision::Keep => "keep your die".into(),
        Decision::Denizen(i) => {
            let d = &content.denizens[usize::from(v.lineup[usize::from(i)])];
            format!(
                "take {} ({}, {}): {}",
                d.name,
                d.unit.name(),
                region(d.homeland),
                d.text
            )
        }
        Decision::Unit(u) => format!("place one {}", u.name()),
    }
}

/// The board and the seat's own cards as text.
fn render(content: &Content, v: &View, t: &Terms, own: bool) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let phase = match v.phase {
        valerna_lov::state::Phase::Planning { .. } => t.planning,
        valerna_lov::state::Phase::Resolution => t.resolution,
        valerna_lov::state::Phase::CleanUp => "Clean-up",
        valerna_lov::state::Phase::Over => "game over",
    };
    let _ = writeln!(
        o,
        "== Round {} · {} · {}: {} · Events left {} · provisional content ==",
        v.round,
        phase,
        t.initiative,
        seat_name(content, v.initiative),
        v.events_left
    );
    for (r, reg) in v.regions.iter().enumerate() {
        let mut line = format!("{:<22}", content.regions[r].name);
        if reg.city {
            line.push_str(" [city]");
        }
        if reg.power > 0 {
            let _ = write!(line, " {} {}", t.power, reg.power);
        }
        if reg.neutral > 0 {
            let _ = write!(line, " neutral {}", reg.neutral);
        }
        for (g, seat) in [(0usize, 0u8), (1, 2)] {
            let f = reg.force[g];
            if !f.is_empty() {
                let _ = write!(
                    line,
                    " | {}: {}{}I {}C {}R",
                    content.characters[usize::from(seat)].name,
                    if f.general { "General " } else { "" },
                    f.units[0],
                    f.units[1],
                    f.units[2]
                );
            }
        }
        for s in [1u8, 3] {
            if v.players[usize::from(s)].at as usize == r {
                let _ = write!(
                    line,
                    " | {} the Dragon",
                    content.characters[usize::from(s)].name
                );
            }
        }
        let _ = writeln!(o, "  {line}");
    }
    for (s, p) in v.players.iter().enumerate() {
        let c = &content.characters[s];
        let mut line = format!(
            "{:<20} {} {}+{} spent",
            seat_name(content, s as u8),
            t.power,
            p.power,
            p.spent
        );
        if c.kind == Kind::Dragon {
            let _ = write!(
                line,
                " · wounds {}/5 · essence {}/{}",
                p.wounds, p.essence, c.essence
            );
        }
        if !p.human {
            let _ = write!(line, " · {}", t.faceless);
        }
        if p.partner != NONE {
            let _ = write!(
                line,
                " · {} with {}",
                t.dragonbond,
                content.characters[usize::from(p.partner)].name
            );
        }
        let _ = write!(line, " · hand {} cards", p.action_count + p.region_count);
        if p.human {
            let _ = write!(line, " · Vaala hand {}", p.vaala_count);
        }
        let _ = writeln!(o, "  {line}");
    }
    let face_down = v.stack[usize::from(v.stack_pos).min(v.stack.len())..]
        .iter()
        .filter(|c| matches!(c, StackView::FaceDown))
        .count();
    let _ = writeln!(
        o,
        "  Action stack: {} cards, {} unresolved ({} face down to you)",
        v.stack.len(),
        v.stack.len() - usize::from(v.stack_pos),
        face_down
    );
    let current = usize::from(v.stack_pos);
    if matches!(v.phase, valerna_lov::state::Phase::Resolution)
        && let Some(StackView::Known(card)) = v.stack.get(current)
    {
        let what = match card.kind {
            CardKind::Event => {
                let e = &content.events[usize::from(card.id)];
                format!("Event {}: {}", e.name, e.text)
            }
            CardKind::Action => format!(
                "{}'s Action card {}",
                content.characters[usize::from(card.owner)].name,
                glyphs(content, t, card.id)
            ),
            CardKind::Region => format!(
                "Region card {} ({})",
                content.regions[usize::from(card.id)].name,
                region_glyphs(content, t, card.id)
            ),
        };
        let _ = writeln!(o, "  resolving: {what}");
    }
    for r in v.last_roll {
        if r.dice > 0 {
            let who = if r.seat == NONE {
                "neutral Units".to_string()
            } else {
                seat_name(content, r.seat)
            };
            let _ = writeln!(
                o,
                "  last roll: {who} rolled {} dice: {} critical, {} standard hits",
                r.dice, r.criticals, r.standard
            );
        }
    }
    if own {
        let me = &v.players[usize::from(v.seat)];
        let lineup: Vec<String> = v
            .lineup
            .iter()
            .map(|&d| content.denizens[usize::from(d)].name.clone())
            .collect();
        let _ = writeln!(o, "  Denizen lineup: {}", lineup.join(", "));
        if let Some(vh) = me.vaala_hand {
            let names: Vec<String> = (0..5)
                .filter(|i| vh & (1 << i) != 0)
                .map(|i| {
                    content.vaala[usize::from(content.vaala_of[usize::from(v.seat)][i])]
                        .name
                        .clone()
                })
                .collect();
            let _ = writeln!(
                o,
                "  your Vaala cards: {}",
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            );
        }
    }
    o
}

fn play(content: &Arc<Content>, a: PlayArgs) -> Result<(), CliError> {
    let humans_n = if a.solo { 1 } else { a.humans };
    if !(1..=4).contains(&humans_n) {
        return Err(CliError::usage(format!(
            "--humans {humans_n}: give 1 to 4 human players"
        )));
    }
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let mut humans = [false; 4];
    for h in humans.iter_mut().take(usize::from(humans_n)) {
        *h = true;
    }
    let setup = Setup::new(seed, humans, content);
    let mut g = Lov::start(content, &setup).map_err(|e| CliError::failed(e.to_string()))?;
    let mut record = Record::<Lov>::new(setup);
    let t = Terms::of(a.lang);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut last_seat = None;
    println!(
        "Lords of Vaala, seed {seed}. The content pack is provisional (RULINGS §4). Type q to quit."
    );
    let result = loop {
        let Some(seat) = g.to_decide() else {
            break Ok(());
        };
        if humans_n > 1 && last_seat != Some(seat) {
            // Hand-over screen: hide the last player's hand.
            print!("\x1b[2J\x1b[H");
            println!(
                "Pass the keyboard to {}. Press Enter.",
                seat_name(content, seat)
            );
            let _ = std::io::stdout().flush();
            match lines.next() {
                Some(Ok(l)) if l.trim() == "q" => break Ok(()),
                Some(Ok(_)) => {}
                _ => break Ok(()),
            }
        }
        last_seat = Some(seat);
        let v = g.view(seat);
        print!("{}", render(content, &v, &t, true));
        println!("{}, choose:", seat_name(content, seat));
        let opts = g.options().to_vec();
        for (i, &d) in opts.iter().enumerate() {
            println!("  {:>2}. {}", i + 1, describe(content, &v, &t, d));
        }
        let choice = loop {
            print!("> ");
            let _ = std::io::stdout().flush();
            match lines.next() {
                Some(Ok(l)) => {
                    let l = l.trim();
                    if l == "q" {
                        break None;
                    }
                    match l.parse::<usize>() {
                        Ok(n) if (1..=opts.len()).contains(&n) => break Some(opts[n - 1]),
                        _ => println!("type a number from 1 to {}, or q", opts.len()),
                    }
                }
                _ => break None,
            }
        };
        let Some(d) = choice else { break Ok(()) };
        if let Err(e) = g.apply(d) {
            break Err(CliError::failed(e.to_string()));
        }
        record.decisions.push(d);
    };
    if let Some(o) = g.outcome() {
        print!("{}", render(content, &g.view(0), &t, false));
        println!("{}", outcome_line(content, &o));
    }
    if let Some(path) = a.save {
        let json =
            serde_json::to_string_pretty(&record).map_err(|e| CliError::failed(e.to_string()))?;
        std::fs::write(&path, json)
            .map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?;
        println!("saved the game log to {}", path.display());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue "Must show": two runs of the same simulation agree exactly.
    #[test]
    fn simulations_are_reproducible() {
        let content = Arc::new(Content::default_pack().unwrap());
        let a = SimArgs {
            games: 40,
            seed: 7,
            humans: 2,
            json: true,
        };
        let x = tally(&content, &a).unwrap();
        let y = tally(&content, &a).unwrap();
        assert_eq!(x, y);
        assert_eq!(x.reasons.iter().sum::<u64>(), 40);
        assert!(x.wins.iter().sum::<u64>() >= 40, "every game has a winner");
        let other = tally(&content, &SimArgs { seed: 8, ..a }).unwrap();
        assert_ne!(x, other);
    }

    #[test]
    fn every_decision_can_be_described_in_three_languages() {
        let content = Arc::new(Content::default_pack().unwrap());
        let setup = Setup::new(5, [true, true, true, true], &content);
        let mut g = Lov::start(&content, &setup).unwrap();
        let mut p = RandomPolicy::new(5);
        let mut seen = 0;
        while let Some(d) = p.choose(&g) {
            let seat = g.to_decide().unwrap();
            let v = g.view(seat);
            for lang in [Lang::En, Lang::It, Lang::Fr] {
                let t = Terms::of(lang);
                assert!(!describe(&content, &v, &t, d).is_empty());
                assert!(render(&content, &v, &t, true).contains("Round"));
            }
            g.apply(d).unwrap();
            seen += 1;
        }
        assert!(seen > 10);
        assert_eq!(Terms::of(Lang::It).glyph(Glyph::Attack, false), "Ira");
        assert_eq!(Terms::of(Lang::Fr).glyph(Glyph::Move, true), "Déploiement");
    }
}
