//! `valerna calc`: exact odds for the dice of both games, as a table, as
//! JSON, or as a chart.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde_json::{Value, json};
use valerna_dice::Pmf;
use valerna_dice::bov::{Colour, DiceGroup, Shift};
use valerna_dice::odds::{self, Attack, Defense, MAX_DICE, Target};

use crate::error::{CliError, emit};
use crate::plot;

/// `println!` into a `String`; the whole answer is written at once.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        writeln!($out, $($arg)*).expect("writing to a String cannot fail");
    }};
}

#[derive(Debug, Args)]
pub struct CalcArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, Subcommand)]
enum What {
    /// A Battles of Valerna attack against a defense: wounds, hits, models lost.
    Bov(BovArgs),
    /// A Lords of Vaala combat roll: immediate wounds, standard hits, all hits.
    Lov(LovArgs),
    /// A Battles of Valerna charge: Speed plus the hits of 3 black attack dice.
    Charge(ChargeArgs),
    /// Battles of Valerna Morale tests: how many models flee.
    Morale(MoraleArgs),
}

/// How to show the answer.
#[derive(Debug, Args)]
struct Output {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Also draw the distribution as a bar chart with the at-least line
    /// (FILE ending in .svg or .png).
    #[arg(long, value_name = "FILE", value_parser = parse_plot_path)]
    plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct BovArgs {
    /// Attack dice per model: COUNTxCOLOUR, several joined by commas
    /// (e.g. 3xblack or 2xblack,1xgray).
    #[arg(long, value_name = "DICE", value_parser = parse_pool, allow_hyphen_values = true)]
    attack: Pool,
    /// The target's defense die: black, gray or white.
    #[arg(long, value_name = "COLOUR", value_parser = parse_colour)]
    defense: Colour,
    /// Attacking models, each rolling the --attack dice.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count, allow_negative_numbers = true)]
    models: u32,
    /// Net attack modifier: upgrades minus downgrades (+1, 0, -1...).
    #[arg(long, value_name = "NET", default_value = "0", value_parser = parse_modifier, allow_hyphen_values = true)]
    attack_mod: i32,
    /// Net defense modifier: upgrades minus downgrades (+1, 0, -1...).
    #[arg(long, value_name = "NET", default_value = "0", value_parser = parse_modifier, allow_hyphen_values = true)]
    defense_mod: i32,
    /// The target's Health: adds the distribution of models lost.
    #[arg(long, value_name = "H", value_parser = parse_count, allow_negative_numbers = true)]
    health: Option<u32>,
    /// Models in the target unit (with --health); unlimited if not given.
    #[arg(long, value_name = "M", value_parser = parse_count, allow_negative_numbers = true, requires = "health")]
    target_models: Option<u32>,
    /// Wound counters already on the target unit (with --health).
    #[arg(long, value_name = "W", default_value_t = 0, value_parser = parse_wounds, allow_negative_numbers = true, requires = "health")]
    wounds: u32,
    #[command(flatten)]
    output: Output,
}

#[derive(Debug, Args)]
struct LovArgs {
    /// The Combat Value: how many combat dice are rolled.
    #[arg(long, value_name = "CV", value_parser = parse_count, allow_negative_numbers = true)]
    combat_value: u32,
    #[command(flatten)]
    output: Output,
}

#[derive(Debug, Args)]
struct ChargeArgs {
    /// The charging unit's Speed; the distribution is then of the whole
    /// charge distance.
    #[arg(long, value_name = "INCHES", default_value_t = 0, value_parser = parse_speed, allow_negative_numbers = true)]
    speed: u32,
    /// The distance to the target: adds the probability the charge reaches it.
    #[arg(long, value_name = "INCHES", value_parser = parse_distance, allow_negative_numbers = true)]
    distance: Option<f64>,
    #[command(flatten)]
    output: Output,
}

#[derive(Debug, Args)]
struct MoraleArgs {
    /// The test die: gray for most units, black for Heroes and Epic
    /// creatures, white for Shirkers.
    #[arg(long, value_name = "COLOUR", default_value = "gray", value_parser = parse_colour)]
    die: Colour,
    /// Net Morale modifier: upgrades minus downgrades (+1, 0, -1...).
    #[arg(long = "mod", value_name = "NET", default_value = "0", value_parser = parse_modifier, allow_hyphen_values = true)]
    modifier: i32,
    /// Models taking the test.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_count, allow_negative_numbers = true)]
    models: u32,
    #[command(flatten)]
    output: Output,
}

/// Attack dice per model.
#[derive(Clone, Debug)]
struct Pool(Vec<DiceGroup>);

fn parse_colour(s: &str) -> Result<Colour, String> {
    s.parse()
        .map_err(|e: valerna_dice::bov::UnknownColour| e.to_string())
}

fn parse_count(s: &str) -> Result<u32, String> {
    odds::parse_count(s)
}

fn parse_wounds(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n <= MAX_DICE => Ok(n),
        _ => Err(format!(
            "'{s}' is not a wound count (accepted: 0 to {MAX_DICE})"
        )),
    }
}

fn parse_speed(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n <= 100 => Ok(n),
        _ => Err(format!("'{s}' is not a Speed (accepted: 0 to 100 inches)")),
    }
}

fn parse_distance(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(d) if d.is_finite() && (0.0..=1000.0).contains(&d) => Ok(d),
        _ => Err(format!(
            "'{s}' is not a distance (accepted: 0 to 1000 inches)"
        )),
    }
}

/// The largest net modifier taken: far more upgrades than any unit stacks.
const MAX_MODIFIER: i32 = 99;

/// A net modifier: "+1", "0", "-1", "2"... (BoV 5.1, "Multiple Downgrades
/// and Upgrades": only its sign matters, but the sum is what players count).
fn parse_modifier(s: &str) -> Result<i32, String> {
    let t = s.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if !whole {
        return Err(format!(
            "'{s}' is not a net modifier (accepted: a whole number such as +1, 0 or -1)"
        ));
    }
    match t.parse::<i32>() {
        Ok(n) if n.abs() <= MAX_MODIFIER => Ok(n),
        _ => Err(format!(
            "{t} is out of range (accepted: -{MAX_MODIFIER} to +{MAX_MODIFIER}; only the sign counts: any net upgrade is one upgrade)"
        )),
    }
}

fn parse_plot_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    match plot::Format::of(&path) {
        Some(_) => Ok(path),
        None => Err("the file must end in .svg or .png".into()),
    }
}

fn parse_pool(s: &str) -> Result<Pool, String> {
    odds::parse_pool(s).map(Pool)
}

pub fn run(args: CalcArgs) -> Result<(), CliError> {
    // The chart's path is checked before the answer is printed.
    check_plot(match &args.what {
        What::Bov(a) => &a.output,
        What::Lov(a) => &a.output,
        What::Charge(a) => &a.output,
        What::Morale(a) => &a.output,
    })?;
    match args.what {
        What::Bov(a) => bov(a),
        What::Lov(a) => lov(a),
        What::Charge(a) => charge(a),
        What::Morale(a) => morale(a),
    }
}

/// "no modifier", "net upgrade (+1)", "net +3: one upgrade". BoV 5.1,
/// "Multiple Downgrades and Upgrades": any net upgrade is a single upgrade.
fn describe_modifier(net: i32) -> String {
    match Shift::net(net) {
        Shift::None if net == 0 => "no modifier".into(),
        Shift::None => "modifiers cancel out".into(),
        Shift::Upgrade if net == 1 => "net upgrade (+1)".into(),
        Shift::Downgrade if net == -1 => "net downgrade (-1)".into(),
        Shift::Upgrade => format!("net {net:+}: one upgrade"),
        Shift::Downgrade => format!("net {net:+}: one downgrade"),
    }
}

fn bov(a: BovArgs) -> Result<(), CliError> {
    let mut out = String::new();
    let attack = Attack {
        per_model: a.attack.0.clone(),
        models: a.models,
        shift: Shift::net(a.attack_mod),
    };
    let defense = Defense {
        colour: a.defense,
        shift: Shift::net(a.defense_mod),
    };
    let dice = attack
        .dice()
        .map_err(|e| CliError::usage(format!("invalid value for '--attack' × '--models': {e}")))?;
    let o = odds::attack(&attack, defense).map_err(|e| CliError::usage(e.to_string()))?;
    let pool: Vec<String> = attack.per_model.iter().map(|g| g.to_string()).collect();
    let title = format!(
        "{} attack dice per model × {} model{} ({dice} dice, {}) against {} defense ({})",
        pool.join(" + "),
        a.models,
        if a.models == 1 { "" } else { "s" },
        describe_modifier(a.attack_mod),
        a.defense,
        describe_modifier(a.defense_mod),
    );
    // BoV 5.1, "Apply Wounds": a model is removed as soon as its wounds
    // reach its Health, so a unit carries fewer counters than that.
    if let Some(health) = a.health
        && a.wounds >= health
    {
        return Err(CliError::usage(format!(
            "invalid value '{}' for '--wounds': a unit of Health {health} carries at most {} wound counters (accepted: 0 to {})",
            a.wounds,
            health - 1,
            health - 1
        )));
    }
    let lost = a
        .health
        .map(|health| {
            let target = Target {
                health,
                models: a.target_models,
                wounds: a.wounds,
            };
            odds::models_lost(&o.wounds, target).map(|p| (target, p))
        })
        .transpose()
        .map_err(|e| CliError::usage(e.to_string()))?;

    if a.output.json {
        let mut v = json!({
            "game": "bov",
            "quantity": "wounds",
            "attack": { "per_model": pool, "models": a.models, "dice": dice, "modifier": a.attack_mod },
            "defense": { "die": a.defense, "modifier": a.defense_mod },
        });
        merge(&mut v, summary(&o.wounds));
        v["hits"] = summary(&o.hits);
        v["standard_hits"] = summary(&o.standard_hits);
        v["critical_hits"] = summary(&o.critical_hits);
        if let Some((t, p)) = &lost {
            let mut s = summary(p);
            merge(
                &mut s,
                json!({ "health": t.health, "models": t.models, "wounds_before": t.wounds }),
            );
            v["models_lost"] = s;
        }
        print_json(&mut out, &v);
    } else {
        outln!(out, "Battles of Valerna: {title}");
        print_table(&mut out, "wounds", &o.wounds);
        outln!(
            out,
            "hits: mean {:.3} (standard {:.3}, critical {:.3})",
            o.hits.mean(),
            o.standard_hits.mean(),
            o.critical_hits.mean()
        );
        if let Some((t, p)) = &lost {
            let size = t.models.map_or("any number of".into(), |m| m.to_string());
            outln!(
                out,
                "\nmodels lost (Health {}, {size} models, {} wound counters already):",
                t.health,
                t.wounds
            );
            print_table(&mut out, "models", p);
        }
    }
    finish(
        out,
        &a.output,
        &format!("Wounds: {title}"),
        "wounds",
        &o.wounds,
    )
}

fn lov(a: LovArgs) -> Result<(), CliError> {
    let mut out = String::new();
    let o = odds::lov_combat(a.combat_value).map_err(|e| CliError::usage(e.to_string()))?;
    let title = format!(
        "Combat Value {} ({} combat dice)",
        a.combat_value, a.combat_value
    );
    if a.output.json {
        let mut v = json!({ "game": "lov", "quantity": "hits", "combat_value": a.combat_value });
        merge(&mut v, summary(&o.hits));
        v["immediate_wounds"] = summary(&o.immediate_wounds);
        v["standard_hits"] = summary(&o.standard_hits);
        print_json(&mut out, &v);
    } else {
        outln!(out, "Lords of Vaala: {title}");
        outln!(out, "\nimmediate wounds (criticals):");
        print_table(&mut out, "wounds", &o.immediate_wounds);
        outln!(out, "\nstandard hits:");
        print_table(&mut out, "hits", &o.standard_hits);
        outln!(out, "\nall hits, critical and standard:");
        print_table(&mut out, "hits", &o.hits);
    }
    finish(
        out,
        &a.output,
        &format!("Lords of Vaala hits: {title}"),
        "hits",
        &o.hits,
    )
}

fn charge(a: ChargeArgs) -> Result<(), CliError> {
    let mut out = String::new();
    let distance = odds::charge_distance(a.speed);
    // The charge reaches when Speed plus the roll covers the distance.
    let reach = a.distance.map(|d| (d, odds::charge_reach(&distance, d)));
    let quantity = if a.speed == 0 {
        "extra inches"
    } else {
        "inches"
    };
    if a.output.json {
        let mut v = json!({ "game": "bov", "quantity": "charge distance", "speed": a.speed });
        merge(&mut v, summary(&distance));
        if let Some((d, p)) = reach {
            v["distance"] = json!(d);
            v["reach_probability"] = json!(p);
        }
        print_json(&mut out, &v);
    } else {
        outln!(
            out,
            "Battles of Valerna: charge distance, Speed {} + hits on 3 black attack dice",
            a.speed
        );
        print_table(&mut out, quantity, &distance);
        if let Some((d, p)) = reach {
            outln!(out, "reaches a target {d}\" away: {}", percent(p));
        }
    }
    finish(
        out,
        &a.output,
        &format!("Charge distance, Speed {}", a.speed),
        quantity,
        &distance,
    )
}

fn morale(a: MoraleArgs) -> Result<(), CliError> {
    let mut out = String::new();
    let shift = Shift::net(a.modifier);
    let pass = odds::morale_pass(a.die, shift);
    let fleeing = odds::morale_fleeing(a.die, shift, a.models);
    let title = format!(
        "Morale test on a {} defense die ({}), {} model{}",
        a.die,
        describe_modifier(a.modifier),
        a.models,
        if a.models == 1 { "" } else { "s" }
    );
    if a.output.json {
        let mut v = json!({
            "game": "bov", "quantity": "models fleeing", "die": a.die,
            "modifier": a.modifier, "models": a.models, "pass_probability": pass,
        });
        merge(&mut v, summary(&fleeing));
        print_json(&mut out, &v);
    } else {
        outln!(out, "Battles of Valerna: {title}");
        outln!(out, "each model passes: {}", percent(pass));
        print_table(&mut out, "fleeing", &fleeing);
    }
    finish(out, &a.output, &title, "models fleeing", &fleeing)
}

/// mean, sd, pmf and at-least of one distribution.
fn summary(p: &Pmf) -> Value {
    serde_json::to_value(odds::Summary::of(p)).expect("a summary serializes")
}

fn merge(into: &mut Value, from: Value) {
    if let (Value::Object(a), Value::Object(b)) = (into, from) {
        a.extend(b);
    }
}

fn print_json(out: &mut String, v: &Value) {
    outln!(
        out,
        "{}",
        serde_json::to_string_pretty(v).expect("JSON values serialize")
    );
}

fn percent(p: f64) -> String {
    format!("{:.2}%", probability(p) * 100.0)
}

fn probability(p: f64) -> f64 {
    odds::clamp_probability(p)
}

/// Rows whose probability would print as 0.00% are left out, and said so.
const SHOWN: f64 = 0.000_05;
const BAR_WIDTH: f64 = 40.0;

fn print_table(out: &mut String, quantity: &str, p: &Pmf) {
    let top = p.probabilities().iter().cloned().fold(0.0, f64::max);
    let width = quantity.len().max(3);
    outln!(out, "{quantity:>width$}  {:>8}  {:>8}", "P(=k)", "P(>=k)");
    let mut hidden = false;
    for k in 0..=p.max() {
        let pk = p.p(k);
        if pk < SHOWN {
            hidden |= pk > 0.0;
            continue;
        }
        outln!(
            out,
            "{k:>width$}  {:>8}  {:>8}  {}",
            percent(pk),
            percent(p.at_least(k)),
            bar(pk / top)
        );
    }
    if hidden {
        outln!(out, "(outcomes under 0.005% not shown)");
    }
    outln!(out, "mean {:.3}  sd {:.3}", p.mean(), p.std_dev());
}

/// A bar of eighth-blocks, `fraction` of the full width.
fn bar(fraction: f64) -> String {
    const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (fraction * BAR_WIDTH * 8.0).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    let rest = eighths % 8;
    if rest > 0 {
        s.push(EIGHTHS[rest]);
    }
    s
}

/// Refuses a `--plot` that could not be written, before any work.
fn check_plot(output: &Output) -> Result<(), CliError> {
    match &output.plot {
        Some(path) => crate::error::check_writable(path, &format!("--plot '{}'", path.display())),
        None => Ok(()),
    }
}

/// Prints the text, then draws the chart if one was asked for.
fn finish(
    out: String,
    output: &Output,
    title: &str,
    quantity: &str,
    p: &Pmf,
) -> Result<(), CliError> {
    emit(&out)?;
    match &output.plot {
        Some(path) => plot::distribution(path, title, quantity, p),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_parse() {
        let p = parse_pool("3xblack").unwrap().0;
        assert_eq!(
            p,
            [DiceGroup {
                count: 3,
                colour: Colour::Black
            }]
        );
        let p = parse_pool("2xblack, 1xGrey").unwrap().0;
        assert_eq!(
            p[1],
            DiceGroup {
                count: 1,
                colour: Colour::Gray
            }
        );
        assert_eq!(parse_pool("white").unwrap().0[0].count, 1);
    }

    #[test]
    fn bad_pools_say_what_is_accepted() {
        let e = parse_pool("3xpurple").unwrap_err();
        assert!(
            e.contains("purple") && e.contains("black, gray, white"),
            "{e}"
        );
        let e = parse_pool("0xblack").unwrap_err();
        assert!(e.contains("1 to 1000"), "{e}");
        let e = parse_pool("-2xblack").unwrap_err();
        assert!(e.contains("1 to 1000"), "{e}");
        let e = parse_pool("10000xblack").unwrap_err();
        assert!(e.contains("out of range"), "{e}");
    }

    #[test]
    fn modifiers_parse() {
        assert_eq!(parse_modifier("+1"), Ok(1));
        assert_eq!(parse_modifier("-1"), Ok(-1));
        assert_eq!(parse_modifier("0"), Ok(0));
        assert_eq!(parse_modifier("3"), Ok(3));
        for bad in ["++1", "one", "", "+", "1.5", "+-1", "99999999999"] {
            assert!(parse_modifier(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bars_scale_to_the_top_row() {
        assert_eq!(bar(1.0).chars().count(), 40);
        assert_eq!(bar(0.0), "");
        assert_eq!(bar(0.5).chars().count(), 20);
    }
}
