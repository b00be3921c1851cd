//! Terrain set-up by sectors and scatter (BoV 5.1, "Setting up a game",
//! "1) Place Terrain").

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_dice::bov::{Colour, DiceGroup, Shift, roll_attack};

use super::{Battlefield, GeometryError, Point, TerrainKind, TerrainPiece};

/// The battlefield sizes of BoV 5.1, "1) Place Terrain".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBattlefieldSize))]
pub enum BattlefieldSize {
    /// 2' x 1'.
    Small2x1,
    /// 4' x 3', the ideal size.
    Standard4x3,
    /// 6' x 4'.
    Large6x4,
}

impl BattlefieldSize {
    /// Width and height in inches.
    pub fn inches(self) -> (f64, f64) {
        match self {
            BattlefieldSize::Small2x1 => (24.0, 12.0),
            BattlefieldSize::Standard4x3 => (48.0, 36.0),
            BattlefieldSize::Large6x4 => (72.0, 48.0),
        }
    }

    /// Sectors across and down: 4 on a 4' x 3' table (the book's four
    /// sectors), one per 2' x 2' on 6' x 4' (six), and, in proportion, two
    /// 1' x 1' sectors on 2' x 1' (docs/rulings.md, "Terrain on a 2' x 1' table").
    pub fn sectors(self) -> (usize, usize) {
        match self {
            BattlefieldSize::Small2x1 => (2, 1),
            BattlefieldSize::Standard4x3 => (2, 2),
            BattlefieldSize::Large6x4 => (3, 2),
        }
    }
}

/// A terrain piece's shape and types: for [`place_terrain`], its outline
/// around its own centre (0, 0); in a saved [`super::Map`], in battlefield
/// inches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTerrainTemplate))]
#[serde(deny_unknown_fields)]
pub struct TerrainTemplate {
    pub name: String,
    pub outline: Vec<Point>,
    #[serde(default)]
    pub holes: Vec<Vec<Point>>,
    pub kinds: Vec<TerrainKind>,
}

fn ellipse(rx: f64, ry: f64, n: usize) -> Vec<Point> {
    (0..n)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / n as f64;
            Point::new(rx * a.cos(), ry * a.sin())
        })
        .collect()
}

fn rect(w: f64, h: f64) -> Vec<Point> {
    vec![
        Point::new(-w / 2.0, -h / 2.0),
        Point::new(w / 2.0, -h / 2.0),
        Point::new(w / 2.0, h / 2.0),
        Point::new(-w / 2.0, h / 2.0),
    ]
}

/// A default set of pieces for `size`, one per sector, at least half of them
/// Obscuring (BoV 5.1, "1) Place Terrain": the recommendation), typed after
/// "Basic Terrain Effects". Pieces on a 2' x 1' table are half as large.
pub fn default_templates(size: BattlefieldSize) -> Vec<TerrainTemplate> {
    use TerrainKind::*;
    let k = if size == BattlefieldSize::Small2x1 {
        0.5
    } else {
        1.0
    };
    let t = |name: &str, outline: Vec<Point>, kinds: Vec<TerrainKind>| TerrainTemplate {
        name: name.to_string(),
        outline: outline.into_iter().map(|p| p.scale(k)).collect(),
        holes: Vec::new(),
        kinds,
    };
    let all = vec![
        t("Forest", ellipse(4.0, 3.0, 12), vec![Obscuring, Slowing]),
        t("Ruins", rect(6.0, 5.0), vec![Obscuring]),
        t("Deep lake", ellipse(3.5, 2.5, 10), vec![Impassable]),
        t("Rocks", rect(5.0, 3.0), vec![Slowing, Obscuring]),
        t("Shallow river", rect(8.0, 2.0), vec![Slowing]),
        t(
            "Lava pool",
            ellipse(2.5, 2.5, 10),
            vec![Dangerous(3), Slowing],
        ),
    ];
    let (c, r) = size.sectors();
    all.into_iter().take(c * r).collect()
}

/// The scatter dice of BoV 5.1, "1) Place Terrain": 6 black and 1 gray
/// attack dice, every hit counted.
pub const SCATTER_DICE: [DiceGroup; 2] = [
    DiceGroup {
        count: 6,
        colour: Colour::Black,
    },
    DiceGroup {
        count: 1,
        colour: Colour::Gray,
    },
];

/// Places `templates` (one per sector, row by row from the origin corner;
/// extra templates are ignored) by the rulebook's method: each piece starts at
/// the centre of its sector, then scatters in a direction drawn from `stream`
/// (a whole degree, 0-359, standing for the arrow of the rolled die) by as
/// many inches as the hits (every symbol counts, docs/rulings.md, "The attack die") on 6 black and
/// 1 gray attack dice. For each piece the direction is drawn first, then the
/// seven dice. A piece scattered past a table edge is pushed back until it
/// lies on the table.
pub fn place_terrain(
    size: BattlefieldSize,
    templates: &[TerrainTemplate],
    stream: &mut Stream,
) -> Result<Battlefield, GeometryError> {
    place_terrain_by(size, size.sectors(), templates, &SCATTER_DICE, stream)
}

/// [`place_terrain`] on `sectors` (across, down) with the hits of `pool` as
/// each piece's distance (the starter edition's sectors and 4 black dice,
/// its white die being the arrow).
pub fn place_terrain_by(
    size: BattlefieldSize,
    sectors: (usize, usize),
    templates: &[TerrainTemplate],
    pool: &[DiceGroup],
    stream: &mut Stream,
) -> Result<Battlefield, GeometryError> {
    let (w, h) = size.inches();
    let (cols, rows) = (sectors.0.max(1), sectors.1.max(1));
    let (sw, sh) = (w / cols as f64, h / rows as f64);
    let mut pieces = Vec::new();
    for (n, t) in templates.iter().take(cols * rows).enumerate() {
        let centre = Point::new(
            ((n % cols) as f64 + 0.5) * sw,
            ((n / cols) as f64 + 0.5) * sh,
        );
        let angle = (stream.below(360) as f64).to_radians();
        let roll = roll_attack(pool, Shift::default(), stream);
        let dist = (roll.standard + roll.critical) as f64;
        let mut at = centre.plus(Point::new(angle.cos(), angle.sin()).scale(dist));
        // Keep the piece on the table.
        let (lo, hi) = extent(&t.outline);
        if !(lo.is_finite() && hi.is_finite()) {
            return Err(GeometryError::BadOutline(t.name.clone()));
        }
        at.x = keep_in(at.x, -lo.x, w - hi.x);
        at.y = keep_in(at.y, -lo.y, h - hi.y);
        let shift = |ring: &Vec<Point>| ring.iter().map(|p| p.plus(at)).collect::<Vec<Point>>();
        let holes: Vec<Vec<Point>> = t.holes.iter().map(shift).collect();
        pieces.push(TerrainPiece::new(
            t.name.clone(),
            &shift(&t.outline),
            &holes,
            t.kinds.clone(),
        )?);
    }
    Battlefield::new(w, h, pieces)
}

fn extent(ring: &[Point]) -> (Point, Point) {
    let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
    let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in ring {
        lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    (lo, hi)
}

/// `v` within [`lo`, `hi`], or the middle when the range is empty (a piece
/// larger than the table).
fn keep_in(v: f64, lo: f64, hi: f64) -> f64 {
    if lo > hi {
        (lo + hi) / 2.0
    } else {
        v.clamp(lo, hi)
    }
}

/// The deployment lines are "12" away from the middle line".
pub const DEPLOYMENT_LINE_INCHES: f64 = 12.0;

/// How deep each deployment zone is, from the player's long edge to the line
/// 12" from the middle: 6" on 4'x3', 12" on 6'x4'. A 2'x1' battlefield is
/// too shallow for that line, so its zones are a quarter of its depth, 3"
/// (docs/rulings.md, "Deployment zones on a 2'x1' battlefield").
pub fn deployment_zone_depth(table: BattlefieldSize) -> f64 {
    deployment_depth(table.inches().1)
}

/// [`deployment_zone_depth`] on a battlefield `d` inches from the players'
/// edge to the opposite one (the starter's short edges: the long side).
pub fn deployment_depth(d: f64) -> f64 {
    let depth = d / 2.0 - DEPLOYMENT_LINE_INCHES;
    if depth > 0.0 { depth } else { d / 4.0 }
}
