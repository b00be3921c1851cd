//! `valerna bov render`: the battlefield of a saved battle at a given turn,
//! drawn for a player to read: terrain by type with a legend, the
//! deployment zones, objectives, bases coloured by side with each unit's
//! wounds, fatigue and status markers, the General, the active unit, the
//! last action and its paths, units in Reserve, and an inch scale. Written
//! as SVG, or as PNG when the output ends in `.png`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use plotters::coord::Shift;
use plotters::prelude::*;
use valerna_bov::battle::quest::{Place, token_radius};
use valerna_bov::battle::{Battle, Decision, Phase, Unit};
use valerna_bov::content::Pack;
use valerna_bov::geometry::{Point, TerrainKind, TerrainPiece};
use valerna_bov::rules::quest::TreasureKind;
use valerna_game::{Game, Record};

use crate::error::CliError;

use crate::plot::FAMILY;
/// Pixels to the inch.
const PX: f64 = 20.0;
const SIDES: [RGBColor; 2] = [RGBColor(40, 90, 200), RGBColor(200, 50, 40)];
/// A Monster belongs to neither side.
const NEUTRAL: RGBColor = RGBColor(120, 60, 150);
const GROUND: RGBColor = RGBColor(235, 230, 210);
const ACTIVE: RGBColor = RGBColor(250, 200, 0);
const GOLD: RGBColor = RGBColor(200, 150, 0);
/// Left and top margins of the table, and the legend panel's width.
const LEFT: i32 = 20;
const TOP: i32 = 56;
const PANEL: i32 = 250;
/// Below the table: the inch scale and the Reserves.
const BOTTOM: i32 = 100;

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A battle record (JSON), as `valerna bov sim --save-log` writes.
    log: PathBuf,
    /// Draw the battlefield after this many turns (0: after deployment).
    #[arg(long, default_value_t = 0)]
    turn: u32,
    /// The file to write: SVG if it ends in .svg, PNG if in .png.
    #[arg(short = 'o', long = "output", value_parser = picture_path)]
    output: PathBuf,
}

/// An output named for a picture format this command writes.
fn picture_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    match crate::plot::Format::of(&path) {
        Some(_) => Ok(path),
        None => Err("the file must end in .svg or .png (the formats written)".into()),
    }
}

/// The battle at the chosen turn and the last decision that led there.
struct Scene {
    game: Battle,
    turn: u32,
    /// The seat that made it, and the unit its question was about.
    last: Option<(Option<u8>, Option<u16>, Decision)>,
}

/// Replays `record` up to the end of turn `turn` (a turn is a Pass or an
/// Activate; its action and reactions are played out). A turn past the
/// battle's last is refused, saying how many there are.
fn replay_to(pack: &Arc<Pack>, record: &Record<Battle>, turn: u32) -> Result<Scene, CliError> {
    let mut game = Battle::start(pack, &record.setup)
        .map_err(|e| CliError::usage(format!("LOG: its set-up is refused: {e}")))?;
    let mut turns = 0;
    let mut last = None;
    for (i, d) in record.decisions.iter().enumerate() {
        let starts_turn = matches!(game.phase, Phase::Turn { .. })
            && matches!(d, Decision::Pass | Decision::Activate { .. });
        if starts_turn {
            if turns == turn {
                break;
            }
            turns += 1;
        }
        let seat = game.to_decide();
        let about = game.about();
        game.apply(d.clone())
            .map_err(|e| CliError::usage(format!("LOG: decision {i} is refused: {e}")))?;
        last = Some((seat, about, d.clone()));
    }
    if turns < turn {
        return Err(CliError::usage(format!(
            "--turn {turn}: the battle ends after turn {turns}; give 0 to {turns}"
        )));
    }
    Ok(Scene { game, turn, last })
}

/// Reads a battle record (JSON) as `valerna bov sim --save-log` writes it.
pub fn read_record(log: &Path) -> Result<Record<Battle>, CliError> {
    let text = crate::error::read_text(
        log,
        &format!("LOG '{}'", log.display()),
        crate::error::MAX_LOG_BYTES,
    )?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("LOG '{}': not a battle record: {e}", log.display())))
}

pub fn run(args: RenderArgs) -> Result<(), CliError> {
    let shown = format!("-o '{}'", args.output.display());
    crate::error::check_writable(&args.output, &shown)?;
    let record = read_record(&args.log)?;
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let scene = replay_to(&pack, &record, args.turn)?;
    let (w, h) = (scene.game.field.width, scene.game.field.height);
    let size = (
        (f64::from(LEFT) + w * PX) as u32 + PANEL as u32,
        (f64::from(TOP) + h * PX) as u32 + BOTTOM as u32,
    );
    crate::plot::write_picture(&args.output, &shown, size, &scene)
}

impl crate::plot::Picture for Scene {
    fn draw<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> Result<(), String>
    where
        DB::ErrorType: 'static,
    {
        draw(root, self)
    }
}

/// Where a battlefield point is drawn.
fn px(p: Point, h: f64) -> (i32, i32) {
    (
        LEFT + (p.x * PX).round() as i32,
        TOP + ((h - p.y) * PX).round() as i32,
    )
}

/// The fill of a piece: its most telling type (Impassable, Dangerous,
/// Obscuring, Slowing), as the legend shows them.
fn terrain_colour(t: &TerrainPiece) -> RGBColor {
    if t.impassable() {
        RGBColor(80, 80, 90)
    } else if t.dangerous().is_some() {
        RGBColor(230, 110, 30)
    } else if t.obscuring() {
        RGBColor(70, 140, 70)
    } else {
        RGBColor(190, 165, 100)
    }
}

/// The types of a piece as the legend abbreviates them.
fn kinds(t: &TerrainPiece) -> String {
    t.kinds
        .iter()
        .map(|k| match k {
            TerrainKind::Impassable => "Imp".to_string(),
            TerrainKind::Slowing => "Slow".to_string(),
            TerrainKind::Obscuring => "Obs".to_string(),
            TerrainKind::Dangerous(x) => format!("Dng {x}"),
            TerrainKind::Covering => "Cov".to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit's counters as the label shows them: wounds, fatigue, status.
fn markers(u: &Unit) -> String {
    let s = &u.state;
    let mut m = Vec::new();
    if s.injured {
        m.push("Injured".to_string());
    }
    if s.wounds > 0 {
        m.push(format!("W{}", s.wounds));
    }
    if s.fatigue > 0 {
        m.push(format!("F{}", s.fatigue));
    }
    for (n, k) in [
        (s.status.poisoned, "Psn"),
        (s.status.slowed, "Slw"),
        (s.status.immobilized, "Imm"),
    ] {
        if n > 0 {
            m.push(format!("{k}{n}"));
        }
    }
    m.join(" ")
}

fn side_colour(u: &Unit) -> RGBColor {
    if u.monster {
        NEUTRAL
    } else {
        SIDES[usize::from(u.owner.min(1))]
    }
}

/// A colour halfway to white: a rider drawn on its Mount's base.
fn lighter(c: RGBColor) -> RGBColor {
    let up = |v: u8| ((u16::from(v) + 255) / 2) as u8;
    RGBColor(up(c.0), up(c.1), up(c.2))
}

/// A decision in a few words.
/// A label's box: left, top, right, bottom in pixels.
type Boxed = (i32, i32, i32, i32);

fn overlaps(a: Boxed, b: Boxed) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Draws the scene; errors are the backend's, as text.
fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, scene: &Scene) -> Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let game = &scene.game;
    let (w, h) = (game.field.width, game.field.height);
    let (tw, th) = ((w * PX) as i32, (h * PX) as i32);
    let font = |size: u32, c: &RGBColor| (FAMILY, size).into_font().color(c);
    root.fill(&WHITE).map_err(e)?;
    root.draw(&Rectangle::new(
        [(LEFT, TOP), (LEFT + tw, TOP + th)],
        GROUND.filled(),
    ))
    .map_err(e)?;

    // Deployment zones: a band of each side's colour along its long edge.
    if game.round > 0 || matches!(game.phase, Phase::Deploy { .. }) {
        for seat in 0..2u8 {
            let near = game.near_edge(seat);
            let (lo, hi) = valerna_bov::battle::deployment::zone_across(game.field.height, near);
            let a = px(Point::new(0.0, hi), h);
            let b = px(Point::new(w, lo), h);
            root.draw(&Rectangle::new(
                [a, b],
                SIDES[usize::from(seat)].mix(0.10).filled(),
            ))
            .map_err(e)?;
            let line_y = if near { a.1 } else { b.1 };
            root.draw(&PathElement::new(
                vec![(LEFT, line_y), (LEFT + tw, line_y)],
                SIDES[usize::from(seat)].mix(0.6).stroke_width(1),
            ))
            .map_err(e)?;
        }
    }

    // Terrain, then its labels (kept for the overlap check).
    let mut taken: Vec<Boxed> = Vec::new();
    let mut labels: Vec<(String, (i32, i32), RGBColor, u32)> = Vec::new();
    for t in &game.field.terrain {
        let colour = terrain_colour(t);
        let ring: Vec<(i32, i32)> = t
            .polygon()
            .exterior()
            .points()
            .map(|c| px(Point::new(c.x(), c.y()), h))
            .collect();
        root.draw(&Polygon::new(ring.clone(), colour.mix(0.55).filled()))
            .map_err(e)?;
        let mut closed = ring;
        if let Some(&f) = closed.first() {
            closed.push(f);
        }
        root.draw(&PathElement::new(closed, colour.stroke_width(2)))
            .map_err(e)?;
        // A hole (a courtyard in a ruin) is open ground.
        for hole in t.polygon().interiors() {
            let ring: Vec<(i32, i32)> = hole
                .points()
                .map(|c| px(Point::new(c.x(), c.y()), h))
                .collect();
            root.draw(&Polygon::new(ring, GROUND.filled())).map_err(e)?;
        }
        let (lo, hi) = t.bounds();
        let c = px(Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0), h);
        labels.push((
            format!("{} ({})", t.name, kinds(t)),
            c,
            RGBColor(30, 30, 30),
            11,
        ));
    }

    for (k, o) in game.objectives.iter().enumerate() {
        let colour = match game.control.control.get(k).copied().flatten() {
            Some(s) => SIDES[usize::from(s.min(1))],
            None => RGBColor(60, 60, 60),
        };
        root.draw(&Circle::new(
            px(*o, h),
            (3.0 * PX) as i32,
            colour.stroke_width(1),
        ))
        .map_err(e)?;
        root.draw(&Circle::new(px(*o, h), 6, colour.filled()))
            .map_err(e)?;
        taken.push({
            let (x, y) = px(*o, h);
            (x - 6, y - 6, x + 6, y + 6)
        });
    }
    // The Quest's treasure tokens on the table (BoV 5.1, "The Quest").
    for t in &game.quest.treasures {
        if let Place::Table(at) = t.place {
            let c = px(at, h);
            let r = (token_radius() * PX).round().max(5.0) as i32;
            diamond(&root, c, r, treasure_letter(t.kind))?;
            taken.push((c.0 - r, c.1 - r, c.0 + r, c.1 + r));
        }
    }
    // The last move's paths.
    for p in &game.last_paths {
        let mut pts = vec![px(p.from, h)];
        pts.extend(p.waypoints.iter().map(|&q| px(q, h)));
        root.draw(&PathElement::new(pts, BLACK.stroke_width(1)))
            .map_err(e)?;
    }
    let snap = game.snapshot();
    // Engagement lines between bases in contact with an enemy.
    for (i, a) in snap.models.iter().enumerate() {
        for b in &snap.models[i + 1..] {
            if a.is_enemy_of(b) && a.in_contact(b) {
                root.draw(&PathElement::new(
                    vec![px(a.center, h), px(b.center, h)],
                    RGBColor(240, 200, 0).stroke_width(3),
                ))
                .map_err(e)?;
            }
        }
    }
    let active = match &game.phase {
        Phase::Action { unit } | Phase::Reserve { unit } => Some(*unit),
        _ => None,
    };
    for u in game.units.iter().filter(|u| u.alive()) {
        let colour = side_colour(u);
        let r = (radius(u) * PX).round().max(2.0) as i32;
        for p in u.alive_positions() {
            let c = px(p, h);
            if active == Some(u.id) {
                root.draw(&Circle::new(c, r + 4, ACTIVE.stroke_width(3)))
                    .map_err(e)?;
            }
            root.draw(&Circle::new(c, r, colour.filled())).map_err(e)?;
            let ring = if u.general {
                GOLD.stroke_width(3)
            } else {
                BLACK.stroke_width(1)
            };
            root.draw(&Circle::new(c, r, ring)).map_err(e)?;
            if u.monster {
                // BoV 5.1, "Monsters": a third side, marked by a diamond;
                // ringed in the colour of the player controlling it.
                let d = (f64::from(r) * 0.6) as i32;
                let diamond = vec![
                    (c.0, c.1 - d),
                    (c.0 + d, c.1),
                    (c.0, c.1 + d),
                    (c.0 - d, c.1),
                ];
                root.draw(&Polygon::new(diamond, WHITE.mix(0.85).filled()))
                    .map_err(e)?;
                if let Some(&side) = SIDES.get(usize::from(u.owner)) {
                    root.draw(&Circle::new(c, r + 3, side.stroke_width(3)))
                        .map_err(e)?;
                }
            }
            taken.push((c.0 - r, c.1 - r, c.0 + r, c.1 + r));
        }
    }
    // BoV 5.1, "Dragonriders": a mounted rider stands on its Mount's base,
    // drawn as a smaller disc of its side's colour on the Mount.
    for u in game.units.iter().filter(|u| u.alive()) {
        let Some(mount) = u.mounted_on else {
            continue;
        };
        let m = &game.units[usize::from(mount)];
        for p in m.alive_positions() {
            let c = px(p, h);
            let r = ((radius(m) * PX) * 0.45).round().max(3.0) as i32;
            root.draw(&Circle::new(c, r, lighter(side_colour(u)).filled()))
                .map_err(e)?;
            root.draw(&Circle::new(c, r, WHITE.stroke_width(2)))
                .map_err(e)?;
        }
    }
    // Unit labels: name, id, General, counters; placed above, below, or
    // beside the unit where they overlap nothing placed before.
    for u in game.units.iter().filter(|u| u.alive()) {
        // A mounted Dragonrider is labelled beside its Mount's base.
        let ps: Vec<(i32, i32)> = game
            .placed_models(u.id)
            .iter()
            .map(|m| px(m.center, h))
            .collect();
        if ps.is_empty() {
            continue;
        }
        let (x0, x1) = ps
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        let (y0, y1) = ps
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
        // A treasure carried: a token on the unit's first base.
        let carried: Vec<&str> = game
            .quest
            .carried_by(u.id)
            .map(|t| treasure_letter(t.kind))
            .collect();
        if let Some(&first) = ps.first() {
            for (k, letter) in carried.iter().enumerate() {
                let c = (first.0 + 6 + 10 * k as i32, first.1 - 6);
                diamond(&root, c, 7, letter)?;
            }
        }
        let mut mark = markers(u);
        if !carried.is_empty() {
            mark += &format!(" carries {}", carried.join(""));
        }
        let mut text = format!(
            "{}{} [{}]",
            if u.general { "\u{2605} " } else { "" },
            u.name,
            u.id
        );
        if let Some(m) = u.mounted_on {
            text += &format!(" on {}", game.units[usize::from(m)].name);
        }
        if let Some(m) = game.monster(u.id) {
            text += &match (
                m.controller,
                game.monster_views(0)
                    .iter()
                    .find(|v| v.unit == u.id)
                    .and_then(|v| v.trophy_value),
            ) {
                (Some(s), _) => format!(" Monster, seat {s}'s this round"),
                (None, Some(t)) => format!(" Monster, trophy {t}"),
                (None, None) => " Monster".to_string(),
            };
        }
        if !mark.is_empty() {
            text += &format!(" {mark}");
        }
        let r = (radius(u) * PX) as i32;
        let label = (text, (0, 0), side_colour(u), 12);
        place_unit_label(&root, &mut taken, &label, (x0, y0, x1, y1), r, (tw, th)).map_err(e)?;
    }
    // Terrain labels last, where they still fit.
    for (text, c, colour, size) in labels.iter().filter(|l| l.3 == 11) {
        let (lw, lh) = root
            .estimate_text_size(text, &font(*size, colour))
            .map_err(e)?;
        let (lw, lh) = (lw as i32, lh as i32);
        let cands = [(0, 0), (0, -lh - 2), (0, lh + 2), (0, -2 * lh), (0, 2 * lh)];
        if let Some(b) = cands
            .iter()
            .map(|(dx, dy)| clamp((c.0 - lw / 2 + dx, c.1 - lh / 2 + dy, lw, lh), (tw, th)))
            .find(|b| !taken.iter().any(|t| overlaps(*t, *b)))
        {
            root.draw(&Text::new(text.clone(), (b.0, b.1), font(*size, colour)))
                .map_err(e)?;
            taken.push(b);
        }
    }
    // The inch scale along the bottom edge: a tick an inch, labelled every 6".
    let base = TOP + th;
    for i in 0..=(w as i32) {
        let x = LEFT + (f64::from(i) * PX) as i32;
        let long = i % 6 == 0;
        root.draw(&PathElement::new(
            vec![(x, base), (x, base + if long { 8 } else { 4 })],
            BLACK.stroke_width(1),
        ))
        .map_err(e)?;
        if long {
            root.draw(&Text::new(
                format!("{i}\""),
                (x - 6, base + 10),
                font(11, &BLACK),
            ))
            .map_err(e)?;
        }
    }
    // The caption: round, turn, active unit, last action.
    let mut caption = format!(
        "Round {} - turn {} - score {} : {}",
        game.round, scene.turn, game.score.points[0], game.score.points[1]
    );
    if game.is_quest() {
        caption += &format!(
            " - treasures home {} : {}",
            game.quest.scored[0], game.quest.scored[1]
        );
    }
    if let Some(u) = active.and_then(|a| game.units.get(usize::from(a))) {
        caption += &format!(" - active: {} [{}]", u.name, u.id);
    }
    root.draw(&Text::new(caption, (LEFT, 6), font(16, &BLACK)))
        .map_err(e)?;
    if let Some((seat, about, d)) = &scene.last {
        // The battle's own words for a decision (`valerna_texts::bov`).
        let t = valerna_texts::Texts::new(valerna_texts::Lang::En);
        let said = valerna_texts::bov::decision_text(game, &t, seat.unwrap_or(0), *about, d);
        let said = if said.is_empty() {
            "no reaction".to_string()
        } else {
            said
        };
        root.draw(&Text::new(
            format!("last action: {said}"),
            (LEFT, 30),
            font(13, &RGBColor(60, 60, 60)),
        ))
        .map_err(e)?;
    }
    // Units in Reserve stand off the table: listed under it by side.
    let mut y = base + 28;
    for seat in 0..2u8 {
        let names: Vec<String> = game
            .reserves(seat)
            .map(|u| format!("{} [{}]", u.name, u.id))
            .collect();
        if names.is_empty() {
            continue;
        }
        root.draw(&Text::new(
            format!("seat {seat} in Reserve: {}", names.join(", ")),
            (LEFT, y),
            font(13, &SIDES[usize::from(seat)]),
        ))
        .map_err(e)?;
        y += 20;
    }
    legend(&root, tw)?;
    root.present().map_err(e)?;
    Ok(())
}

/// A base's radius in inches.
fn radius(u: &Unit) -> f64 {
    valerna_bov::geometry::base_radius_in(f64::from(u.base_mm))
}

/// A box of `w` x `h` at `(x, y)` moved inside the table.
fn clamp(b: (i32, i32, i32, i32), (tw, th): (i32, i32)) -> Boxed {
    let (x, y, w, h) = b;
    let x = x.clamp(LEFT, (LEFT + tw - w).max(LEFT));
    let y = y.clamp(TOP, (TOP + th - h).max(TOP));
    (x, y, x + w, y + h)
}

/// Places a unit's label at the first spot that overlaps nothing placed:
/// above the unit, below it, right, left and the corners, then the same a
/// step further out each time (with a leader line back to the unit); where
/// every spot is taken, the one overlapping least.
fn place_unit_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    taken: &mut Vec<Boxed>,
    label: &(String, (i32, i32), RGBColor, u32),
    (x0, y0, x1, y1): Boxed,
    r: i32,
    table: (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (text, _, colour, size) = label;
    let style = (FAMILY, *size).into_font().color(colour);
    let (lw, lh) = root.estimate_text_size(text, &style)?;
    let (lw, lh) = (lw as i32, lh as i32);
    let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
    let mut boxes: Vec<(usize, Boxed)> = Vec::new();
    for ring in 0..8 {
        let gy = ring * (lh + 3);
        let gx = ring * (lw / 3 + 6);
        let (up, down) = (y0 - r - lh - 2 - gy, y1 + r + 2 + gy);
        let (right, left) = (x1 + r + 4 + gx, x0 - r - 4 - lw - gx);
        for (x, y) in [
            (cx - lw / 2, up),
            (cx - lw / 2, down),
            (right, cy - lh / 2),
            (left, cy - lh / 2),
            (right, up),
            (left, up),
            (right, down),
            (left, down),
        ] {
            boxes.push((ring as usize, clamp((x, y, lw, lh), table)));
        }
    }
    let overlap = |b: &Boxed| -> i64 {
        taken
            .iter()
            .filter(|t| overlaps(**t, *b))
            .map(|t| i64::from((t.2.min(b.2) - t.0.max(b.0)) * (t.3.min(b.3) - t.1.max(b.1))))
            .sum()
    };
    let (ring, b) = boxes
        .iter()
        .copied()
        .find(|(_, b)| overlap(b) == 0)
        .or_else(|| boxes.iter().copied().min_by_key(|(_, b)| overlap(b)))
        .unwrap_or((0, clamp((cx - lw / 2, y0 - r - lh - 2, lw, lh), table)));
    if ring > 0 {
        let mid = ((b.0 + b.2) / 2, (b.1 + b.3) / 2);
        root.draw(&PathElement::new(
            vec![mid, (cx, cy)],
            colour.mix(0.5).stroke_width(1),
        ))?;
    }
    root.draw(&Rectangle::new(
        [(b.0 - 1, b.1), (b.2 + 1, b.3)],
        WHITE.mix(0.75).filled(),
    ))?;
    root.draw(&Text::new(text.clone(), (b.0, b.1), style))?;
    taken.push(b);
    Ok(())
}

/// The legend: terrain types, sides, markers.
fn legend<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, tw: i32) -> Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let x = LEFT + tw + 16;
    let mut y = TOP;
    let font = |c: &RGBColor| (FAMILY, 12).into_font().color(c);
    root.draw(&Text::new("Terrain", (x, y), (FAMILY, 14).into_font()))
        .map_err(e)?;
    y += 20;
    for (name, c) in [
        ("Impassable", RGBColor(80, 80, 90)),
        ("Dangerous (X)", RGBColor(230, 110, 30)),
        ("Obscuring", RGBColor(70, 140, 70)),
        ("Slowing", RGBColor(190, 165, 100)),
    ] {
        root.draw(&Rectangle::new(
            [(x, y), (x + 18, y + 12)],
            c.mix(0.55).filled(),
        ))
        .map_err(e)?;
        root.draw(&Rectangle::new(
            [(x, y), (x + 18, y + 12)],
            c.stroke_width(2),
        ))
        .map_err(e)?;
        root.draw(&Text::new(name, (x + 26, y - 1), font(&BLACK)))
            .map_err(e)?;
        y += 18;
    }
    root.draw(&Text::new(
        "a piece of several types is",
        (x, y),
        font(&RGBColor(90, 90, 90)),
    ))
    .map_err(e)?;
    root.draw(&Text::new(
        "filled by the first; its label lists all",
        (x, y + 14),
        font(&RGBColor(90, 90, 90)),
    ))
    .map_err(e)?;
    y += 40;
    root.draw(&Text::new("Units", (x, y), (FAMILY, 14).into_font()))
        .map_err(e)?;
    y += 20;
    for (name, c) in [("seat 0", SIDES[0]), ("seat 1", SIDES[1])] {
        root.draw(&Circle::new((x + 8, y + 6), 6, c.filled()))
            .map_err(e)?;
        root.draw(&Text::new(name, (x + 26, y - 1), font(&BLACK)))
            .map_err(e)?;
        y += 18;
    }
    root.draw(&Circle::new((x + 8, y + 6), 7, NEUTRAL.filled()))
        .map_err(e)?;
    root.draw(&Polygon::new(
        vec![
            (x + 8, y + 2),
            (x + 12, y + 6),
            (x + 8, y + 10),
            (x + 4, y + 6),
        ],
        WHITE.filled(),
    ))
    .map_err(e)?;
    root.draw(&Text::new(
        "Monster (ring: controlled)",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    root.draw(&Circle::new(
        (x + 8, y + 6),
        7,
        RGBColor(150, 150, 150).filled(),
    ))
    .map_err(e)?;
    root.draw(&Circle::new((x + 8, y + 6), 3, lighter(SIDES[0]).filled()))
        .map_err(e)?;
    root.draw(&Circle::new((x + 8, y + 6), 3, WHITE.stroke_width(1)))
        .map_err(e)?;
    root.draw(&Text::new(
        "a rider on its Mount",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    root.draw(&Circle::new((x + 8, y + 6), 6, GOLD.stroke_width(3)))
        .map_err(e)?;
    root.draw(&Text::new(
        "\u{2605} the General",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    root.draw(&Circle::new((x + 8, y + 6), 8, ACTIVE.stroke_width(3)))
        .map_err(e)?;
    root.draw(&Text::new("the active unit", (x + 26, y - 1), font(&BLACK)))
        .map_err(e)?;
    y += 18;
    root.draw(&PathElement::new(
        vec![(x, y + 6), (x + 18, y + 6)],
        RGBColor(240, 200, 0).stroke_width(3),
    ))
    .map_err(e)?;
    root.draw(&Text::new(
        "bases in contact",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    root.draw(&PathElement::new(
        vec![(x, y + 6), (x + 18, y + 6)],
        BLACK.stroke_width(1),
    ))
    .map_err(e)?;
    root.draw(&Text::new("the last move", (x + 26, y - 1), font(&BLACK)))
        .map_err(e)?;
    y += 18;
    root.draw(&Circle::new(
        (x + 8, y + 6),
        6,
        RGBColor(60, 60, 60).filled(),
    ))
    .map_err(e)?;
    root.draw(&Text::new(
        "objective (3\" ring)",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    diamond(root, (x + 8, y + 6), 7, "M")?;
    root.draw(&Text::new(
        "treasure: M major, m minor,",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 16;
    root.draw(&Text::new(
        "? unknown; on a base: carried",
        (x + 26, y - 1),
        font(&BLACK),
    ))
    .map_err(e)?;
    y += 18;
    root.draw(&Rectangle::new(
        [(x, y), (x + 18, y + 12)],
        SIDES[0].mix(0.10).filled(),
    ))
    .map_err(e)?;
    root.draw(&Text::new("deployment zone", (x + 26, y - 1), font(&BLACK)))
        .map_err(e)?;
    y += 28;
    root.draw(&Text::new("Counters", (x, y), (FAMILY, 14).into_font()))
        .map_err(e)?;
    y += 20;
    for line in [
        "W wounds, F fatigue",
        "Psn Poisoned, Slw Slowed,",
        "Imm Immobilized markers",
        "[n] the unit's number",
    ] {
        root.draw(&Text::new(line, (x, y), font(&BLACK)))
            .map_err(e)?;
        y += 16;
    }
    Ok(())
}

/// The letter on a treasure token: its kind once grabbed.
fn treasure_letter(kind: Option<TreasureKind>) -> &'static str {
    match kind {
        Some(TreasureKind::Major) => "M",
        Some(TreasureKind::Minor) => "m",
        None => "?",
    }
}

/// A treasure token: a gold diamond with its letter.
fn diamond<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: (i32, i32),
    r: i32,
    letter: &str,
) -> Result<(), String> {
    let e = |x: DrawingAreaErrorKind<DB::ErrorType>| x.to_string();
    let pts = vec![
        (c.0, c.1 - r),
        (c.0 + r, c.1),
        (c.0, c.1 + r),
        (c.0 - r, c.1),
    ];
    root.draw(&Polygon::new(pts.clone(), GOLD.filled()))
        .map_err(e)?;
    let mut ring = pts;
    ring.push((c.0, c.1 - r));
    root.draw(&PathElement::new(ring, BLACK.stroke_width(1)))
        .map_err(e)?;
    root.draw(&Text::new(
        letter.to_string(),
        (c.0 - 4, c.1 - 6),
        (FAMILY, 11).into_font().color(&BLACK),
    ))
    .map_err(e)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use valerna_bov::battle::BattleSetup;
    use valerna_bov::battle::bots::{GreedyBot, RandomBot, play};

    /// A saved battle is drawn at a turn: bases, labels and terrain.
    #[test]
    fn renders_a_saved_battle() {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let setup = BattleSetup::pitched(5, "allaria_guild_line", "tyveria_swarm");
        let mut g = Battle::start(&pack, &setup).unwrap();
        let decisions = play(
            &mut g,
            &mut [&mut GreedyBot::new(1), &mut RandomBot::new(2)],
            20_000,
        )
        .unwrap();
        let record = Record::<Battle> { setup, decisions };
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let log = dir.join("battle.json");
        std::fs::write(&log, serde_json::to_string(&record).unwrap()).unwrap();
        let out = dir.join("board.svg");
        run(RenderArgs {
            log,
            turn: 6,
            output: out.clone(),
        })
        .unwrap();
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        assert!(svg.contains("Dreamfencers"));
        assert!(svg.matches("<circle").count() > 20);
        assert!(svg.contains("Round "));
    }

    /// A Quest is drawn with its treasure tokens, a legend entry for them
    /// and the treasures brought home in the caption.
    #[test]
    fn renders_the_quest_treasures() {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let mut setup = BattleSetup::pitched(5, "allaria_guild_line", "tyveria_swarm");
        setup.scenario = valerna_bov::rules::scenario::Scenario::Quest;
        let mut g = Battle::start(&pack, &setup).unwrap();
        let decisions = play(
            &mut g,
            &mut [&mut GreedyBot::new(1), &mut GreedyBot::new(2)],
            20_000,
        )
        .unwrap();
        let record = Record::<Battle> { setup, decisions };
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let log = dir.join("battle.json");
        std::fs::write(&log, serde_json::to_string(&record).unwrap()).unwrap();
        let out = dir.join("board.svg");
        run(RenderArgs {
            log,
            turn: 0,
            output: out.clone(),
        })
        .unwrap();
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(svg.contains("treasure: M major"));
        assert!(svg.contains("treasures home 0 : 0"));
        // Five tokens on the table, none found yet.
        assert_eq!(svg.lines().filter(|l| l.trim() == "?").count(), 5);
    }
}
