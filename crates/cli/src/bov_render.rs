//! `valerna bov render`: the battlefield of a saved battle at a given turn,
//! drawn as SVG: terrain, objectives, bases coloured by side, unit labels,
//! engagement lines and the paths of the last move.

use std::path::PathBuf;
use std::sync::{Arc, Once};

use clap::Args;
use plotters::prelude::*;
use plotters::style::FontStyle;
use valerna_bov::battle::{Battle, Decision, Phase};
use valerna_bov::content::Pack;
use valerna_bov::geometry::{Point, TerrainKind};
use valerna_game::{Game, Record};

use crate::error::CliError;

const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";
/// Pixels to the inch.
const PX: f64 = 20.0;
const SIDES: [RGBColor; 2] = [RGBColor(40, 90, 200), RGBColor(200, 50, 40)];

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A battle record (JSON), as `valerna bov sim --save-log` writes.
    log: PathBuf,
    /// Draw the battlefield after this many turns (0: after deployment).
    #[arg(long, default_value_t = 0)]
    turn: u32,
    /// The SVG file to write.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is bundled and known good; a failure here is a build defect.
        plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .unwrap_or_else(|_| panic!("bundled font DejaVuSans.ttf is not a valid font"));
    });
}

/// Replays `record` up to the end of turn `turn` (a turn is a Pass or an
/// Activate; its action and reactions are played out).
fn replay_to(pack: &Arc<Pack>, record: &Record<Battle>, turn: u32) -> Result<Battle, CliError> {
    let mut game =
        Battle::start(pack, &record.setup).map_err(|e| CliError::failed(e.to_string()))?;
    let mut turns = 0;
    for (i, d) in record.decisions.iter().enumerate() {
        let starts_turn = matches!(game.phase, Phase::Turn { .. })
            && matches!(d, Decision::Pass | Decision::Activate { .. });
        if starts_turn {
            if turns == turn {
                break;
            }
            turns += 1;
        }
        game.apply(d.clone())
            .map_err(|e| CliError::failed(format!("decision {i} was refused: {e}")))?;
    }
    Ok(game)
}

fn px(p: Point, h: f64) -> (i32, i32) {
    ((p.x * PX).round() as i32, ((h - p.y) * PX).round() as i32)
}

fn draw_err<E: std::fmt::Display>(e: E) -> CliError {
    CliError::failed(format!("drawing: {e}"))
}

/// Reads a battle record (JSON) as `valerna bov sim --save-log` writes it.
pub fn read_record(log: &std::path::Path) -> Result<Record<Battle>, CliError> {
    let text = std::fs::read_to_string(log)
        .map_err(|e| CliError::usage(format!("LOG '{}': cannot be read: {e}", log.display())))?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("LOG '{}': not a battle record: {e}", log.display())))
}

pub fn run(args: RenderArgs) -> Result<(), CliError> {
    let record = read_record(&args.log)?;
    let pack =
        Arc::new(Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?);
    let game = replay_to(&pack, &record, args.turn)?;
    register_font();
    let (w, h) = (game.field.width, game.field.height);
    let size = ((w * PX) as u32, (h * PX) as u32);
    let root = SVGBackend::new(&args.output, size).into_drawing_area();
    let ground = RGBColor(235, 230, 210);
    root.fill(&ground).map_err(draw_err)?;
    for t in &game.field.terrain {
        let colour = if t.is(TerrainKind::Impassable) {
            RGBColor(90, 120, 170)
        } else if t.dangerous().is_some() {
            RGBColor(220, 120, 40)
        } else if t.obscuring() {
            RGBColor(90, 140, 80)
        } else {
            RGBColor(170, 160, 120)
        };
        let ring: Vec<(i32, i32)> = t
            .polygon
            .exterior()
            .points()
            .map(|c| px(Point::new(c.x(), c.y()), h))
            .collect();
        root.draw(&Polygon::new(ring, colour.mix(0.6).filled()))
            .map_err(draw_err)?;
        // A hole (a courtyard in a ruin) is open ground.
        for hole in t.polygon.interiors() {
            let ring: Vec<(i32, i32)> = hole
                .points()
                .map(|c| px(Point::new(c.x(), c.y()), h))
                .collect();
            root.draw(&Polygon::new(ring, ground.filled()))
                .map_err(draw_err)?;
        }
        let (lo, hi) = t.bounds();
        let c = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
        root.draw(&Text::new(
            t.name.clone(),
            px(c, h),
            (FAMILY, 12).into_font().color(&BLACK),
        ))
        .map_err(draw_err)?;
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
        .map_err(draw_err)?;
        root.draw(&Circle::new(px(*o, h), 5, colour.filled()))
            .map_err(draw_err)?;
    }
    // The last move's paths.
    for p in &game.last_paths {
        let mut pts = vec![px(p.from, h)];
        pts.extend(p.waypoints.iter().map(|&q| px(q, h)));
        root.draw(&PathElement::new(pts, BLACK.stroke_width(1)))
            .map_err(draw_err)?;
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
                .map_err(draw_err)?;
            }
        }
    }
    for m in &snap.models {
        let colour = SIDES[usize::from(m.side.min(1))];
        let r = (m.radius_in * PX).round().max(1.0) as i32;
        root.draw(&Circle::new(px(m.center, h), r, colour.filled()))
            .map_err(draw_err)?;
        root.draw(&Circle::new(px(m.center, h), r, BLACK.stroke_width(1)))
            .map_err(draw_err)?;
    }
    for u in game.units.iter().filter(|u| u.alive()) {
        let ps: Vec<Point> = u.alive_positions().collect();
        let top = ps
            .iter()
            .copied()
            .max_by(|a, b| a.y.total_cmp(&b.y))
            .unwrap_or_default();
        let label = format!("{} [{}]", u.name, u.id);
        root.draw(&Text::new(
            label,
            px(Point::new(top.x, top.y + 1.2), h),
            (FAMILY, 13)
                .into_font()
                .color(&SIDES[usize::from(u.owner.min(1))]),
        ))
        .map_err(draw_err)?;
    }
    let caption = format!(
        "Round {} - score {} : {}",
        game.round, game.score.points[0], game.score.points[1]
    );
    root.draw(&Text::new(
        caption,
        (8, 8),
        (FAMILY, 16).into_font().color(&BLACK),
    ))
    .map_err(draw_err)?;
    // Units in Reserve stand off the table: listed along their side's edge.
    for seat in 0..2u8 {
        let names: Vec<String> = game
            .reserves(seat)
            .map(|u| format!("{} [{}]", u.name, u.id))
            .collect();
        if names.is_empty() {
            continue;
        }
        let y = if game.near_edge(seat) {
            size.1 as i32 - 20
        } else {
            28
        };
        root.draw(&Text::new(
            format!("In Reserve: {}", names.join(", ")),
            (8, y),
            (FAMILY, 13).into_font().color(&SIDES[usize::from(seat)]),
        ))
        .map_err(draw_err)?;
    }
    root.present().map_err(draw_err)?;
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
        let dir = std::env::temp_dir().join(format!("valerna-render-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
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
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
