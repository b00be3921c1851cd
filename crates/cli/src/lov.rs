//! `valerna lov`: simulate, replay and play Lords of Vaala in the terminal.
//! The rules are all in `valerna-lov`; this module only reads views and sends
//! decisions.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{Args, Subcommand};
use valerna_game::{Game, Narrated, Record, Viewer, replay};
use valerna_lov::content::{Content, Kind};
use valerna_lov::log::Ask;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::state::{CardKind, NONE};
use valerna_lov::view::{StackView, View};
use valerna_lov::{Lov, Setup};

use valerna_ai::spec::Spec;
use valerna_ai::{Bot, Observable};

use crate::error::{CliError, emit};
use crate::progress::Progress;
use valerna_texts::lov::{
    action_glyphs as glyphs, denizen_name, event_body, event_name, event_text, option_text,
    outcome_text, question_text, region_glyphs, region_name, seat_name, vaala_name,
};
use valerna_texts::{Lang, Texts, tr};

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
        /// Texts and game terms from the English, Italian or French rulebook.
        #[arg(long, value_enum, default_value_t = Lang::En)]
        lang: Lang,
        /// Narrate the whole game, event by event, as a spectator saw it.
        #[arg(long)]
        log: bool,
        /// Print the game's public events as JSON (ids, not words).
        #[arg(long)]
        json: bool,
    },
    /// A hot-seat game at one keyboard; the other seats are Faceless or bots.
    Play(PlayArgs),
    /// Bots against bots and the Faceless: win rates with 95% confidence
    /// intervals, over games played across cores.
    Arena(crate::arena::ArenaArgs),
    /// Self-play over every seat assignment: a Markdown report with SVG
    /// charts of win rates, Power over rounds, endings, the Dragonbond and
    /// the Vaala cards.
    Balance(crate::balance::lov::BalanceArgs),
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
    /// Texts and game terms of the table (not of the JSON) from the English,
    /// Italian or French rulebook.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Seed of the game (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// One player against three Faceless (the appendix's solo rules).
    #[arg(long, conflicts_with = "humans")]
    solo: bool,
    /// Human players (1-4, default 2), seated Elyse, Ferellon, Adrael,
    /// Nagasha.
    #[arg(long, conflicts_with = "as_")]
    humans: Option<u8>,
    /// The characters people play, by name or id (e.g. `--as nagasha` or
    /// `--as elyse,adrael`); the others are Faceless.
    #[arg(long = "as", value_delimiter = ',', value_name = "CHARACTER")]
    as_: Vec<String>,
    /// Resume a game saved with --save (its seats and seed are the log's).
    #[arg(long, conflicts_with_all = ["seed", "solo", "humans", "as_"])]
    load: Option<PathBuf>,
    /// Menus, texts and game terms from the English, Italian or French
    /// rulebook.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// Keep the game's log here, rewritten whole after every decision (a
    /// game stopped any way, Ctrl-C included, resumes with --load).
    #[arg(long)]
    save: Option<PathBuf>,
    /// A bot plays seat 0 (Elyse): faceless, random, heuristic, ismcts,
    /// ismcts:iters=N, ismcts:think=1s or ismcts:iters=N,think=1s.
    #[arg(long)]
    seat0: Option<String>,
    /// A bot plays seat 1 (Ferellon).
    #[arg(long)]
    seat1: Option<String>,
    /// A bot plays seat 2 (Adrael).
    #[arg(long)]
    seat2: Option<String>,
    /// A bot plays seat 3 (Nagasha).
    #[arg(long)]
    seat3: Option<String>,
}

/// The bots of `--seat0..--seat3`, read.
fn seat_specs(a: &PlayArgs) -> Result<[Option<Spec>; 4], CliError> {
    let mut specs = [None; 4];
    for (s, text) in [&a.seat0, &a.seat1, &a.seat2, &a.seat3].iter().enumerate() {
        if let Some(text) = text {
            specs[s] = Some(
                text.parse::<Spec>()
                    .map_err(|e| CliError::usage(format!("--seat{s}: {e}")))?,
            );
        }
    }
    Ok(specs)
}

pub fn run(args: LovArgs) -> Result<(), CliError> {
    let content = Arc::new(
        Content::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?,
    );
    match args.command {
        LovCommand::Sim(a) => sim(&content, a),
        LovCommand::Replay {
            file,
            lang,
            log,
            json,
        } => replay_file(&content, &file, &Texts::new(lang), log, json),
        LovCommand::Play(a) => play(&content, a),
        LovCommand::Arena(a) => crate::arena::run(&content, a),
        LovCommand::Balance(a) => crate::balance::lov::run(a),
    }
}

// ---------------------------------------------------------------------- sim

/// What the simulated games added up to.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Games each seat won, alone or sharing a bonded win.
    wins: [u64; 4],
    /// Games each seat won alone.
    alone: [u64; 4],
    /// Games won by a bonded pair: such a win counts for both seats.
    shared: u64,
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
    let progress = Progress::new(u64::from(a.games), tr!(Texts::new(a.lang), "sim-progress"));
    for i in 0..u64::from(a.games) {
        let seed = valerna_ai::mix(a.seed, i);
        let mut humans = [false; 4];
        for k in 0..u64::from(a.humans) {
            humans[((i + k) % 4) as usize] = true;
        }
        let setup = Setup::new(seed, humans, content);
        let mut g = Lov::start(content, &setup).map_err(|e| CliError::failed(e.to_string()))?;
        // A simulation reads only the outcome: no event log.
        g.set_logging(false);
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
            if o.winners.len() == 1 {
                t.alone[usize::from(w)] += 1;
            }
        }
        if o.winners.len() > 1 {
            t.shared += 1;
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
    let t = Texts::new(a.lang);
    if !(1..=4).contains(&a.humans) {
        return Err(CliError::usage(tr!(
            t,
            "sim-error-humans",
            humans = a.humans
        )));
    }
    if a.games == 0 {
        return Err(CliError::usage(tr!(t, "sim-error-games")));
    }
    let tl = tally(content, &a)?;
    let Tally {
        wins,
        alone,
        shared,
        power,
        rounds,
        reasons,
        bonded,
        human_wins,
    } = tl;
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
            "wins_alone_by_seat": alone,
            "win_rate_alone_by_seat": alone.iter().map(|&w| round4(w as f64 / n)).collect::<Vec<_>>(),
            "shared_wins": shared,
            "human_win_rate": round4(human_wins as f64 / n),
            "end_reasons": { "power": reasons[0], "events": reasons[1], "elimination": reasons[2] },
            "mean_rounds": round4(rounds as f64 / n),
            "mean_power_by_seat": power.iter().map(|&p| round4(p as f64 / n)).collect::<Vec<_>>(),
            "dragonbond_rate": round4(bonded as f64 / n),
            "provisional_content": content.provisional,
        });
        return emit(&format!("{out}\n"));
    }
    let mut report = String::new();
    let percent = |k: u64| t.decimal(100.0 * k as f64 / n, 1);
    let _ = writeln!(
        report,
        "{}",
        tr!(
            t,
            "sim-header",
            games = a.games,
            seed = a.seed.to_string(),
            humans = a.humans
        )
    );
    let _ = writeln!(report, "{}", tr!(t, "sim-provisional"));
    let header = [
        tr!(t, "sim-col-seat"),
        tr!(t, "sim-col-win-rate"),
        tr!(t, "sim-col-alone"),
        tr!(t, "sim-col-mean-power"),
    ];
    // The columns widen to the language's headings.
    let w1 = header[1].chars().count().max(8);
    let wa = header[2].chars().count().max(8);
    let w2 = header[3].chars().count().max(10);
    let _ = writeln!(
        report,
        "{:<22} {:>w1$} {:>wa$} {:>w2$}",
        header[0], header[1], header[2], header[3]
    );
    for s in 0..4 {
        let _ = writeln!(
            report,
            "{:<22} {:>w$}% {:>wa1$}% {:>w2$}",
            names[s],
            percent(wins[s]),
            percent(alone[s]),
            t.decimal(power[s] as f64 / n, 2),
            w = w1 - 1,
            wa1 = wa - 1
        );
    }
    let _ = writeln!(
        report,
        "{}",
        tr!(t, "sim-shared-wins", percent = percent(shared))
    );
    let _ = writeln!(
        report,
        "{}",
        tr!(t, "sim-human-wins", percent = percent(human_wins))
    );
    let _ = writeln!(
        report,
        "{}",
        tr!(
            t,
            "sim-mean-rounds",
            rounds = t.decimal(rounds as f64 / n, 2)
        )
    );
    let _ = writeln!(
        report,
        "{}",
        tr!(
            t,
            "sim-end-reasons",
            power = reasons[0],
            events = reasons[1],
            elimination = reasons[2]
        )
    );
    let _ = writeln!(
        report,
        "{}",
        tr!(t, "sim-dragonbond", percent = percent(bonded))
    );
    emit(&report)
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

// ------------------------------------------------------------------- replay

/// The most a game log file may hold: a whole game is far smaller.
const MAX_LOG_BYTES: u64 = 16 << 20;

/// Reads a game log, refusing a file larger than [`MAX_LOG_BYTES`] and
/// naming what is wrong with one that is not a log.
fn read_log(file: &Path) -> Result<Record<Lov>, CliError> {
    let name = file.display();
    let text = crate::error::read_text(file, &name.to_string(), MAX_LOG_BYTES)?;
    let not_a_log =
        |why: String| CliError::usage(format!("{name}: not a Lords of Vaala game log: {why}"));
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| not_a_log(e.to_string()))?;
    // The fields a person editing a log gets wrong, named before serde's
    // own message would point at a column.
    let humans = &value["setup"]["humans"];
    match humans.as_array() {
        Some(seats) if seats.len() == 4 && seats.iter().all(serde_json::Value::is_boolean) => {}
        Some(seats) => {
            return Err(not_a_log(format!(
                "setup.humans must be 4 booleans, one a seat, not {} values",
                seats.len()
            )));
        }
        None => return Err(not_a_log("no setup.humans (4 booleans, one a seat)".into())),
    }
    if !value["decisions"].is_array() {
        return Err(not_a_log("no decisions (a list)".into()));
    }
    serde_json::from_value(value).map_err(|e| not_a_log(e.to_string()))
}

fn replay_file(
    content: &Arc<Content>,
    file: &Path,
    t: &Texts,
    log: bool,
    json: bool,
) -> Result<(), CliError> {
    let record = read_log(file)?;
    let g = replay(content, &record)
        .map_err(|e| CliError::usage(format!("{}: {e}", file.display())))?;
    if json {
        // The public events, as the engine gives them (ids, not words).
        let mut events = Vec::new();
        g.events(Viewer::Spectator, 0, &mut events);
        let out = serde_json::json!({ "decisions": record.decisions.len(), "events": events });
        return emit(&format!("{out}\n"));
    }
    let mut report = String::new();
    if log {
        // The narrated game as a spectator saw it: no hand is shown.
        let mut events = Vec::new();
        g.events(Viewer::Spectator, 0, &mut events);
        for e in &events {
            let _ = writeln!(report, "{}", event_text(content, t, e));
        }
    }
    let seat = g.to_decide().unwrap_or(0);
    let _ = write!(report, "{}", render(content, &g, &g.view(seat), t, false));
    let _ = writeln!(
        report,
        "{}",
        tr!(t, "replay-decisions", decisions = record.decisions.len())
    );
    let last = match g.outcome() {
        Some(o) => outcome_text(content, t, &o.reason, &o.winners),
        None => tr!(t, "replay-not-over", seat = seat_name(content, seat)),
    };
    let _ = writeln!(report, "{last}");
    emit(&report)
}

// --------------------------------------------------------------------- play

/// The board and the seat's own cards as text.
fn render(content: &Content, g: &Lov, v: &View, t: &Texts, own: bool) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let phase = match v.phase {
        valerna_lov::state::Phase::Planning { .. } => tr!(t, "phase-planning"),
        valerna_lov::state::Phase::Resolution => tr!(t, "phase-resolution"),
        valerna_lov::state::Phase::CleanUp => tr!(t, "phase-cleanup"),
        valerna_lov::state::Phase::Over => tr!(t, "phase-over"),
    };
    let _ = writeln!(
        o,
        "{}",
        tr!(
            t,
            "status",
            round = v.round,
            phase = phase,
            holder = seat_name(content, v.initiative),
            events = v.events_left
        )
    );
    let names: Vec<String> = (0..v.regions.len())
        .map(|r| region_name(content, t, r as u8))
        .collect();
    // The longest name of the language sets the column (22 in English).
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) + 1;
    for (r, (reg, name)) in v.regions.iter().zip(&names).enumerate() {
        let mut line = format!("{name:<width$}");
        if reg.city {
            let _ = write!(line, " {}", tr!(t, "region-city"));
        }
        if reg.power > 0 {
            let _ = write!(line, " {}", tr!(t, "region-power", power = reg.power));
        }
        if reg.neutral > 0 {
            let _ = write!(line, " {}", tr!(t, "region-neutral", units = reg.neutral));
        }
        for (g, seat) in [(0usize, 0u8), (1, 2)] {
            let f = reg.force[g];
            if !f.is_empty() {
                let who = content.characters[usize::from(seat)].name.as_str();
                let [infantry, cavalry, ranged] = f.units;
                let force = if f.general {
                    tr!(
                        t,
                        "region-force-general",
                        who = who,
                        infantry = infantry,
                        cavalry = cavalry,
                        ranged = ranged
                    )
                } else {
                    tr!(
                        t,
                        "region-force",
                        who = who,
                        infantry = infantry,
                        cavalry = cavalry,
                        ranged = ranged
                    )
                };
                let _ = write!(line, " | {force}");
            }
        }
        for (s, c) in content.characters.iter().enumerate() {
            if c.kind == Kind::Dragon && v.players[s].at as usize == r {
                let who = c.name.as_str();
                let _ = write!(line, " | {}", tr!(t, "region-dragon", who = who));
            }
        }
        let _ = writeln!(o, "  {line}");
        // Where a move or a retreat can go from here (LoV Glossary
        // "Adjacent", "Mountains"; the FAQ's sea link is not a border).
        let r = r as u8;
        let borders: Vec<String> = (0..names.len() as u8)
            .filter(|&x| content.adjacent[usize::from(r)] & (1 << x) != 0)
            .map(|x| {
                let name = names[usize::from(x)].clone();
                if content.is_mountain(r, x) {
                    tr!(t, "region-mountain", region = name)
                } else {
                    name
                }
            })
            .collect();
        let mut links = tr!(t, "region-borders", list = borders.join(", "));
        let sea: Vec<&str> = (0..names.len())
            .filter(|&x| content.sea[usize::from(r)] & (1 << x) != 0)
            .map(|x| names[x].as_str())
            .collect();
        if !sea.is_empty() {
            let _ = write!(links, "; {}", tr!(t, "region-sea", list = sea.join(", ")));
        }
        let _ = writeln!(o, "  {:width$}   {links}", "");
    }
    let cv = g.combat_values();
    for (s, p) in v.players.iter().enumerate() {
        let c = &content.characters[s];
        let mut parts = vec![tr!(t, "player-power", power = p.power, spent = p.spent)];
        parts.push(tr!(t, "player-combat", value = cv[s]));
        if c.kind == Kind::General {
            let [infantry, cavalry, ranged] = p.supply;
            parts.push(tr!(
                t,
                "player-supply",
                infantry = infantry,
                cavalry = cavalry,
                ranged = ranged
            ));
            let denizens: Vec<String> = p
                .denizens
                .iter()
                .filter(|&&d| d != NONE)
                .map(|&d| denizen_name(content, t, d))
                .collect();
            if !denizens.is_empty() {
                parts.push(tr!(t, "player-denizens", list = denizens.join(", ")));
            }
        }
        let face_up: Vec<String> = (0..5)
            .filter(|i| p.vaala_face_up & (1 << i) != 0)
            .map(|i| vaala_name(content, t, content.vaala_of[s][i]))
            .collect();
        if !face_up.is_empty() {
            parts.push(tr!(t, "player-face-up", list = face_up.join(", ")));
        }
        if c.kind == Kind::Dragon {
            parts.push(tr!(
                t,
                "player-wounds",
                wounds = p.wounds,
                max = c.wound_track.len()
            ));
            parts.push(tr!(
                t,
                "player-essence",
                essence = p.essence,
                max = c.essence
            ));
        }
        if !p.human {
            parts.push(tr!(t, "player-faceless"));
        }
        if p.partner != NONE {
            let partner = content.characters[usize::from(p.partner)].name.as_str();
            parts.push(tr!(t, "player-bond", partner = partner));
        }
        parts.push(tr!(
            t,
            "player-hand",
            cards = u16::from(p.action_count) + u16::from(p.region_count)
        ));
        if p.human {
            parts.push(tr!(t, "player-vaala", cards = p.vaala_count));
        }
        let _ = writeln!(
            o,
            "  {:<20} {}",
            seat_name(content, s as u8),
            parts.join(" · ")
        );
    }
    let face_down = v.stack[usize::from(v.stack_pos).min(v.stack.len())..]
        .iter()
        .filter(|c| matches!(c, StackView::FaceDown { .. }))
        .count();
    let _ = writeln!(
        o,
        "  {}",
        tr!(
            t,
            "stack",
            cards = v.stack.len(),
            unresolved = v.stack.len() - usize::from(v.stack_pos),
            hidden = face_down
        )
    );
    let current = usize::from(v.stack_pos);
    if matches!(v.phase, valerna_lov::state::Phase::Resolution)
        && let Some(StackView::Known(card)) = v.stack.get(current)
    {
        let what = match card.kind {
            CardKind::Event => tr!(
                t,
                "resolving-event",
                name = event_name(content, t, card.id),
                text = event_body(content, t, card.id)
            ),
            CardKind::Action => tr!(
                t,
                "resolving-action",
                owner = content.characters[usize::from(card.owner)].name.as_str(),
                glyphs = glyphs(content, t, card.id)
            ),
            CardKind::Region => tr!(
                t,
                "resolving-region",
                region = region_name(content, t, card.id),
                glyphs = region_glyphs(content, t, card.id)
            ),
        };
        let _ = writeln!(o, "  {}", tr!(t, "resolving", what = what));
    }
    for r in v.last_roll {
        if r.dice > 0 {
            let (dice, criticals, standard) = (r.dice, r.criticals, r.standard);
            let roll = if r.seat == NONE {
                tr!(
                    t,
                    "roll-neutral",
                    dice = dice,
                    criticals = criticals,
                    standard = standard
                )
            } else {
                tr!(
                    t,
                    "roll",
                    who = seat_name(content, r.seat),
                    dice = dice,
                    criticals = criticals,
                    standard = standard
                )
            };
            let _ = writeln!(o, "  {roll}");
        }
    }
    if own {
        let me = &v.players[usize::from(v.seat)];
        let lineup: Vec<String> = v
            .lineup
            .iter()
            .map(|&d| denizen_name(content, t, d))
            .collect();
        let _ = writeln!(o, "  {}", tr!(t, "lineup", denizens = lineup.join(", ")));
        if let Some(vh) = me.vaala_hand {
            let names: Vec<String> = (0..5)
                .filter(|i| vh & (1 << i) != 0)
                .map(|i| vaala_name(content, t, content.vaala_of[usize::from(v.seat)][i]))
                .collect();
            let cards = if names.is_empty() {
                tr!(t, "vaala-cards-none")
            } else {
                names.join(", ")
            };
            let _ = writeln!(o, "  {}", tr!(t, "vaala-cards", cards = cards));
        }
    }
    o
}

/// Standard output for the terminal game: a closed pipe ends the game
/// quietly (the reader has gone), as for every command.
struct Screen {
    out: std::io::Stdout,
    closed: bool,
}

impl Screen {
    fn new() -> Screen {
        Screen {
            out: std::io::stdout(),
            closed: false,
        }
    }

    /// Writes `text`; false once the reader has gone.
    fn show(&mut self, text: &str) -> bool {
        if !self.closed {
            let mut o = self.out.lock();
            self.closed = o
                .write_all(text.as_bytes())
                .and_then(|()| o.flush())
                .is_err();
        }
        !self.closed
    }
}

/// One answer typed at the prompt.
enum Typed {
    Line(String),
    /// A line that is not UTF-8 text.
    NotText,
    End,
}

fn read_line(input: &mut impl BufRead) -> Typed {
    let mut buf = Vec::new();
    match input.read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => Typed::End,
        Ok(_) => match String::from_utf8(buf) {
            Ok(s) => Typed::Line(s.trim().to_owned()),
            Err(_) => Typed::NotText,
        },
    }
}

/// The seats people play: `--as` names characters (by id or name), else
/// the first `--humans` seats, or one for `--solo`.
fn human_seats(content: &Content, a: &PlayArgs, t: &Texts) -> Result<[bool; 4], CliError> {
    let mut humans = [false; 4];
    if !a.as_.is_empty() {
        for name in &a.as_ {
            let key = name.trim().to_lowercase();
            let seat = content.characters.iter().position(|c| {
                c.id == key || c.name.to_lowercase() == key || c.realm.to_lowercase() == key
            });
            match seat {
                Some(s) => humans[s] = true,
                None => {
                    let known: Vec<String> = content
                        .characters
                        .iter()
                        .map(|c| c.name.to_lowercase())
                        .collect();
                    return Err(CliError::usage(format!(
                        "--as {name}: no such character; give one or more of {}",
                        known.join(", ")
                    )));
                }
            }
        }
        if a.solo && humans.iter().filter(|&&h| h).count() != 1 {
            return Err(CliError::usage(
                "--solo --as: name exactly one character for the solo game",
            ));
        }
        return Ok(humans);
    }
    let n = if a.solo { 1 } else { a.humans.unwrap_or(2) };
    if !(1..=4).contains(&n) {
        return Err(CliError::usage(tr!(t, "play-error-humans", humans = n)));
    }
    for h in humans.iter_mut().take(usize::from(n)) {
        *h = true;
    }
    Ok(humans)
}

/// The events `seat` has not seen yet (public ones and its own), narrated,
/// and where its reading stops now.
fn narrate(content: &Content, t: &Texts, g: &Lov, seat: u8, from: usize) -> (String, usize) {
    let mut events = Vec::new();
    g.events(Viewer::Seat(seat), from, &mut events);
    let mut text = String::new();
    for e in &events {
        let _ = writeln!(text, "  · {}", event_text(content, t, e));
    }
    (text, from + events.len())
}

fn play(content: &Arc<Content>, a: PlayArgs) -> Result<(), CliError> {
    let t = Texts::new(a.lang);
    let specs = seat_specs(&a)?;
    let (mut g, mut record) = match &a.load {
        Some(file) => {
            let record = read_log(file)?;
            let g = replay(content, &record)
                .map_err(|e| CliError::usage(format!("{}: {e}", file.display())))?;
            (g, record)
        }
        None => {
            let seed = a.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs())
            });
            let mut humans = human_seats(content, &a, &t)?;
            for (s, spec) in specs.iter().enumerate() {
                if let Some(spec) = spec {
                    humans[s] = spec.plays_human_side();
                }
            }
            let setup = Setup::new(seed, humans, content);
            let g = Lov::start(content, &setup).map_err(|e| CliError::usage(e.to_string()))?;
            (g, Record::<Lov>::new(setup))
        }
    };
    let humans = record.setup.humans;
    // The bots of their seats, each seeded from the game's seed and its seat.
    let mut bots: Vec<Option<Box<dyn Bot<Lov>>>> = Vec::new();
    for (s, spec) in specs.iter().enumerate() {
        let bot = match spec {
            Some(spec) if humans[s] != spec.plays_human_side() => {
                return Err(CliError::usage(format!(
                    "--seat{s} {spec}: seat {s} is {} in the loaded game",
                    if humans[s] { "a player's" } else { "Faceless" }
                )));
            }
            Some(spec) => spec.lov_bot(content, valerna_ai::mix(record.setup.seed, s as u64)),
            None => None,
        };
        bots.push(bot);
    }
    // Every argument is checked: the save is written now (a path that
    // cannot be written is refused before the game) and after each
    // decision, whole or not at all, so that a game stopped any way (Ctrl-C
    // included) resumes with at most its last decision lost.
    let save = |record: &Record<Lov>| -> Result<(), CliError> {
        let Some(path) = &a.save else { return Ok(()) };
        let json =
            serde_json::to_string_pretty(record).map_err(|e| CliError::failed(e.to_string()))?;
        crate::error::write_atomic(path, &format!("--save {}", path.display()), json.as_bytes())
    };
    save(&record)?;
    let people = (0..4).filter(|&s| humans[s] && bots[s].is_none()).count();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut screen = Screen::new();
    // How far each seat has read the log.
    let mut read = [0usize; 4];
    let mut last_seat = None;
    screen.show(&format!(
        "{}\n",
        tr!(t, "play-intro", seed = record.setup.seed.to_string())
    ));
    let result = loop {
        let Some(seat) = g.to_decide() else {
            break Ok(());
        };
        if let Some(bot) = bots[usize::from(seat)].as_mut() {
            let d = bot.decide(&Observable::knowledge(&g, seat));
            let line = format!(
                "  » {}: {}\n",
                seat_name(content, seat),
                option_text(content, &t, &g.describe(&d))
            );
            if let Err(e) = g.apply(d) {
                break Err(CliError::failed(e.to_string()));
            }
            record.decisions.push(d);
            if let Err(e) = save(&record) {
                break Err(e);
            }
            if people > 0 && !screen.show(&line) {
                break Ok(());
            }
            continue;
        }
        if people > 1 && last_seat != Some(seat) {
            // Hand-over: clear the screen and the scrollback, so that the
            // next player cannot scroll up to the last one's hand.
            let shown = screen.show(&format!(
                "\x1b[2J\x1b[3J\x1b[H{}\n",
                tr!(t, "play-hand-over", seat = seat_name(content, seat))
            ));
            if !shown {
                break Ok(());
            }
            match read_line(&mut input) {
                Typed::Line(l) if l == "q" => break Ok(()),
                Typed::End => break Ok(()),
                _ => {}
            }
        }
        last_seat = Some(seat);
        let (news, upto) = narrate(content, &t, &g, seat, read[usize::from(seat)]);
        read[usize::from(seat)] = upto;
        let v = g.view(seat);
        let mut page = news;
        page.push_str(&render(content, &g, &v, &t, true));
        let q = g.question().copied();
        let (ask, owner) = q.map_or((Ask::Other, seat), |q| (q.ask, q.owner));
        let _ = writeln!(page, "{}", question_text(content, &t, seat, &ask, owner));
        let opts = g.options().to_vec();
        for (i, d) in opts.iter().enumerate() {
            let _ = writeln!(
                page,
                "  {:>2}. {}",
                i + 1,
                option_text(content, &t, &g.describe(d))
            );
        }
        if !screen.show(&page) {
            break Ok(());
        }
        let choice = loop {
            if !screen.show("> ") {
                break None;
            }
            match read_line(&mut input) {
                Typed::Line(l) if l == "q" => break None,
                Typed::Line(l) => match l.parse::<usize>() {
                    Ok(n) if (1..=opts.len()).contains(&n) => break Some(opts[n - 1]),
                    _ => {
                        screen.show(&format!(
                            "{}\n",
                            tr!(t, "play-bad-choice", options = opts.len())
                        ));
                    }
                },
                Typed::NotText => {
                    screen.show(&format!(
                        "{}\n",
                        tr!(t, "play-bad-choice", options = opts.len())
                    ));
                }
                Typed::End => break None,
            }
        };
        let Some(d) = choice else { break Ok(()) };
        if let Err(e) = g.apply(d) {
            break Err(CliError::failed(e.to_string()));
        }
        record.decisions.push(d);
        if let Err(e) = save(&record) {
            break Err(e);
        }
    };
    if let Some(o) = g.outcome() {
        let seat = last_seat.unwrap_or(0);
        let (news, _) = narrate(content, &t, &g, seat, read[usize::from(seat)]);
        let mut page = news;
        page.push_str(&render(content, &g, &g.view(seat), &t, false));
        let _ = writeln!(page, "{}", outcome_text(content, &t, &o.reason, &o.winners));
        screen.show(&page);
    }
    if let Some(path) = &a.save {
        save(&record)?;
        screen.show(&format!(
            "{}\n",
            tr!(t, "play-saved", path = path.display().to_string())
        ));
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
            lang: Lang::En,
        };
        let x = tally(&content, &a).unwrap();
        let y = tally(&content, &a).unwrap();
        assert_eq!(x, y);
        assert_eq!(x.reasons.iter().sum::<u64>(), 40);
        assert!(x.wins.iter().sum::<u64>() >= 40, "every game has a winner");
        let other = tally(&content, &SimArgs { seed: 8, ..a }).unwrap();
        assert_ne!(x, other);
    }

    /// Every message id rendered here names a message of the English
    /// resource (and so, by the texts' own tests, of all three).
    #[test]
    fn every_message_the_code_uses_exists() {
        let en = Texts::new(Lang::En);
        let mut used = 0;
        for piece in include_str!("lov.rs").split("tr!(").skip(1) {
            let Some(id) = piece.split('"').nth(1) else {
                continue;
            };
            if !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                continue; // this test's own code
            }
            assert!(en.has(id), "the code uses {id}, not in en/lov.ftl");
            used += 1;
        }
        assert!(used > 40, "{used} uses found");
    }

    /// Every option names what it does, every question what it asks,
    /// and every event reads as a sentence, in the three languages: no
    /// bare "option N", no bare number, no message id, no raw placeable.
    #[test]
    fn every_decision_and_event_can_be_worded_in_three_languages() {
        let content = Arc::new(Content::default_pack().unwrap());
        let texts = Lang::ALL.map(Texts::new);
        let leaked = |text: &str| {
            text.contains(['{', '}'])
                || ["decision-", "region-", "ev-", "ask-", "opt-", "program-"]
                    .iter()
                    .any(|id| text.contains(id))
        };
        let mut seen = 0;
        for seed in 0..6u64 {
            let setup = Setup::new(seed, [true, seed % 2 == 0, true, seed % 3 == 0], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut p = RandomPolicy::new(seed);
            while let Some(d) = p.choose(&g) {
                let seat = g.to_decide().unwrap();
                let v = g.view(seat);
                let q = *g.question().unwrap();
                assert_ne!(q.ask, Ask::Other, "{q:?} does not say what it asks");
                for t in &texts {
                    for o in g.options() {
                        let line = option_text(&content, t, &g.describe(o));
                        assert!(!line.is_empty() && !leaked(&line), "{line}");
                        assert!(line.parse::<f64>().is_err(), "a bare number: {line}");
                        assert!(!line.contains("option") && !line.contains("opzione"));
                    }
                    let ask = question_text(&content, t, seat, &q.ask, q.owner);
                    let board = render(&content, &g, &v, t, true);
                    assert!(board.starts_with("== "), "{board}");
                    for text in [&ask, &board] {
                        assert!(!leaked(text), "{text}");
                    }
                }
                g.apply(d).unwrap();
                seen += 1;
            }
            let mut events = Vec::new();
            g.events(Viewer::Seat(0), 0, &mut events);
            for t in &texts {
                for e in &events {
                    let line = event_text(&content, t, e);
                    assert!(!line.is_empty() && !leaked(&line), "{e:?}: {line}");
                }
                let o = g.outcome().unwrap();
                let line = outcome_text(&content, t, &o.reason, &o.winners);
                assert!(!line.contains("outcome"), "{line}");
            }
        }
        assert!(seen > 100);
        // LoV Italian, "Glifi": Ira/Assalto; French, "Glyphes": Déploiement/Envol.
        use valerna_lov::effect::Glyph;
        use valerna_texts::lov::glyph_name;
        assert_eq!(glyph_name(&texts[1], Glyph::Attack, false), "Ira");
        assert_eq!(glyph_name(&texts[2], Glyph::Move, true), "Déploiement");
    }
}
