//! `valerna lov`: simulate, replay and play Lords of Vaala in the terminal.
//! The rules are all in `valerna-lov`; this module only reads views and sends
//! decisions.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Subcommand};
use valerna_game::{Game, Record, replay};
use valerna_lov::content::{Content, Kind};
use valerna_lov::decision::{Decision, Target};
use valerna_lov::policy::RandomPolicy;
use valerna_lov::state::{CardKind, NONE};
use valerna_lov::view::{StackView, View};
use valerna_lov::{Lov, Setup};

use crate::error::{CliError, emit};
use crate::progress::Progress;
use valerna_texts::lov::{
    action_glyphs as glyphs, denizen_name, region_glyphs, region_name, seat_name, unit_key,
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
    #[arg(long)]
    solo: bool,
    /// Human players (1-4), seated Elyse, Ferellon, Adrael, Nagasha.
    #[arg(long, default_value_t = 2)]
    humans: u8,
    /// Menus, texts and game terms from the English, Italian or French
    /// rulebook.
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
        LovCommand::Replay { file, lang } => replay_file(&content, &file, &Texts::new(lang)),
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
    let progress = Progress::new(u64::from(a.games), tr!(Texts::new(a.lang), "sim-progress"));
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
            seed = a.seed,
            humans = a.humans
        )
    );
    let _ = writeln!(report, "{}", tr!(t, "sim-provisional"));
    let header = [
        tr!(t, "sim-col-seat"),
        tr!(t, "sim-col-win-rate"),
        tr!(t, "sim-col-mean-power"),
    ];
    // The columns widen to the language's headings.
    let w1 = header[1].chars().count().max(8);
    let w2 = header[2].chars().count().max(10);
    let _ = writeln!(
        report,
        "{:<22} {:>w1$} {:>w2$}",
        header[0], header[1], header[2]
    );
    for s in 0..4 {
        let _ = writeln!(
            report,
            "{:<22} {:>w$}% {:>w2$}",
            names[s],
            percent(wins[s]),
            t.decimal(power[s] as f64 / n, 2),
            w = w1 - 1
        );
    }
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

fn replay_file(content: &Arc<Content>, file: &PathBuf, t: &Texts) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    let record: Record<Lov> = serde_json::from_str(&text)
        .map_err(|e| CliError::failed(format!("{}: not a game log: {e}", file.display())))?;
    let g = replay(content, &record)
        .map_err(|e| CliError::failed(format!("{}: {e}", file.display())))?;
    let seat = g.to_decide().unwrap_or(0);
    let mut report = String::new();
    let _ = write!(report, "{}", render(content, &g.view(seat), t, false));
    let _ = writeln!(
        report,
        "{}",
        tr!(t, "replay-decisions", decisions = record.decisions.len())
    );
    let last = match g.outcome() {
        Some(o) => outcome_line(content, t, &o),
        None => tr!(t, "replay-not-over", seat = seat),
    };
    let _ = writeln!(report, "{last}");
    emit(&report)
}

/// LoV, "End of the Game": the reason, and the winner or Dragonbonded team.
fn outcome_line(content: &Content, t: &Texts, o: &valerna_game::Outcome) -> String {
    let mut who = o
        .winners
        .iter()
        .map(|&w| content.characters[usize::from(w)].name.as_str());
    let why = tr!(t, "outcome-reason", reason = o.reason.as_str());
    match (who.next(), who.next()) {
        (Some(first), Some(second)) => {
            // A team is two players; a longer list would name the rest too.
            let rest: Vec<&str> = who.collect();
            let second = if rest.is_empty() {
                second.to_owned()
            } else {
                format!("{second}, {}", rest.join(", "))
            };
            tr!(t, "outcome-team", why = why, first = first, second = second)
        }
        (first, _) => tr!(t, "outcome", why = why, winner = first.unwrap_or("-")),
    }
}

// --------------------------------------------------------------------- play

fn describe(content: &Content, v: &View, t: &Texts, d: Decision) -> String {
    let me = v.seat;
    match d {
        Decision::PlayAction(i) => {
            let id = content.hand[usize::from(me)][usize::from(i)];
            tr!(t, "decision-action", glyphs = glyphs(content, t, id))
        }
        Decision::PlayRegion(r) => tr!(
            t,
            "decision-region",
            region = region_name(content, t, r),
            glyphs = region_glyphs(content, t, r)
        ),
        Decision::Pass => tr!(t, "decision-pass"),
        Decision::GiveInitiative(s) => {
            tr!(t, "decision-give-initiative", seat = seat_name(content, s))
        }
        Decision::Activate => tr!(t, "decision-activate"),
        Decision::Skip => tr!(t, "decision-skip"),
        Decision::Option(i) => tr!(t, "decision-option", number = u16::from(i) + 1),
        Decision::Region(r) => region_name(content, t, r),
        Decision::Done => tr!(t, "decision-done"),
        Decision::Count(n) => format!("{n}"),
        Decision::Attack(Target::Neutral) => tr!(t, "decision-neutral"),
        Decision::Attack(Target::Seat(s)) => seat_name(content, s),
        Decision::Counterattack => tr!(t, "decision-counterattack"),
        Decision::Retreat => tr!(t, "decision-retreat"),
        Decision::AttackAgain => tr!(t, "decision-attack-again"),
        Decision::Lose(u) => tr!(t, "decision-lose", unit = unit_key(u)),
        Decision::Steal { spent } => {
            tr!(
                t,
                "decision-steal",
                spent = if spent { "yes" } else { "no" }
            )
        }
        Decision::Vaala(i) => {
            let v = &content.vaala[usize::from(content.vaala_of[usize::from(me)][usize::from(i)])];
            tr!(
                t,
                "decision-vaala",
                name = v.name.as_str(),
                cost = v.cost,
                text = v.text.as_str()
            )
        }
        Decision::Reroll => tr!(t, "decision-reroll"),
        Decision::Keep => tr!(t, "decision-keep"),
        Decision::Denizen(i) => {
            let id = v.lineup[usize::from(i)];
            let d = &content.denizens[usize::from(id)];
            tr!(
                t,
                "decision-denizen",
                name = denizen_name(content, t, id),
                unit = unit_key(d.unit),
                region = region_name(content, t, d.homeland),
                text = d.text.as_str()
            )
        }
        Decision::Unit(u) => tr!(t, "decision-unit", unit = unit_key(u)),
    }
}

/// The board and the seat's own cards as text.
fn render(content: &Content, v: &View, t: &Texts, own: bool) -> String {
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
    }
    for (s, p) in v.players.iter().enumerate() {
        let c = &content.characters[s];
        let mut parts = vec![tr!(t, "player-power", power = p.power, spent = p.spent)];
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
        .filter(|c| matches!(c, StackView::FaceDown))
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
            CardKind::Event => {
                let e = &content.events[usize::from(card.id)];
                tr!(
                    t,
                    "resolving-event",
                    name = e.name.as_str(),
                    text = e.text.as_str()
                )
            }
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
            let names: Vec<&str> = (0..5)
                .filter(|i| vh & (1 << i) != 0)
                .map(|i| {
                    content.vaala[usize::from(content.vaala_of[usize::from(v.seat)][i])]
                        .name
                        .as_str()
                })
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

fn play(content: &Arc<Content>, a: PlayArgs) -> Result<(), CliError> {
    let t = Texts::new(a.lang);
    let humans_n = if a.solo { 1 } else { a.humans };
    if !(1..=4).contains(&humans_n) {
        return Err(CliError::usage(tr!(
            t,
            "play-error-humans",
            humans = humans_n
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
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut last_seat = None;
    println!("{}", tr!(t, "play-intro", seed = seed));
    let result = loop {
        let Some(seat) = g.to_decide() else {
            break Ok(());
        };
        if humans_n > 1 && last_seat != Some(seat) {
            // Hand-over screen: hide the last player's hand.
            print!("\x1b[2J\x1b[H");
            println!(
                "{}",
                tr!(t, "play-hand-over", seat = seat_name(content, seat))
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
        // LoV p.10: a Faceless player's choice is made for it by another.
        let prompt = match v.deciding_for {
            Some(NONE) => tr!(t, "play-choose-for-event", seat = seat_name(content, seat)),
            Some(owner) => tr!(
                t,
                "play-choose-for",
                seat = seat_name(content, seat),
                owner = seat_name(content, owner)
            ),
            None => tr!(t, "play-choose", seat = seat_name(content, seat)),
        };
        println!("{prompt}");
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
                        _ => println!("{}", tr!(t, "play-bad-choice", options = opts.len())),
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
        println!("{}", outcome_line(content, &t, &o));
    }
    if let Some(path) = a.save {
        let json =
            serde_json::to_string_pretty(&record).map_err(|e| CliError::failed(e.to_string()))?;
        std::fs::write(&path, json)
            .map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?;
        println!(
            "{}",
            tr!(t, "play-saved", path = path.display().to_string())
        );
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
        assert!(used > 60, "{used} uses found");
    }

    #[test]
    fn every_decision_can_be_described_in_three_languages() {
        let content = Arc::new(Content::default_pack().unwrap());
        let setup = Setup::new(5, [true, true, true, true], &content);
        let mut g = Lov::start(&content, &setup).unwrap();
        let mut p = RandomPolicy::new(5);
        let texts = Lang::ALL.map(Texts::new);
        let mut seen = 0;
        while let Some(d) = p.choose(&g) {
            let seat = g.to_decide().unwrap();
            let v = g.view(seat);
            for t in &texts {
                let line = describe(&content, &v, t, d);
                let board = render(&content, &v, t, true);
                assert!(!line.is_empty());
                assert!(board.starts_with("== "), "{board}");
                // A message that failed shows its id or a raw placeable.
                for text in [&line, &board] {
                    assert!(!text.contains(['{', '}']), "{text}");
                    assert!(!text.contains("decision-") && !text.contains("region-"));
                }
            }
            g.apply(d).unwrap();
            seen += 1;
        }
        assert!(seen > 10);
        let o = g.outcome().unwrap();
        for t in &texts {
            let line = outcome_line(&content, t, &o);
            assert!(!line.contains("outcome"), "{line}");
        }
        // LoV Italian, "Glifi": Ira/Assalto; French, "Glyphes": Déploiement/Envol.
        use valerna_lov::effect::Glyph;
        use valerna_texts::lov::glyph_name;
        assert_eq!(glyph_name(&texts[1], Glyph::Attack, false), "Ira");
        assert_eq!(glyph_name(&texts[2], Glyph::Move, true), "Déploiement");
    }
}
