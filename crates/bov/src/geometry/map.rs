//! A saved map: the battlefield size and its terrain pieces in place. It is
//! the book's alternative to sectors and scatter, "for one player to set up
//! the terrain in advance" (BoV 5.1, "Setting up a game" > "1) Place
//! Terrain"). The file format is described in `content/bov/README.md`.

use geo::{Area, BooleanOps, MultiPolygon, Validation};
use serde::{Deserialize, Serialize};

use super::{Battlefield, BattlefieldSize, EPS, Point, TerrainKind, TerrainPiece, TerrainTemplate};
use crate::ron_options;

/// A battlefield as saved: its size and its pieces, whose outlines and holes
/// are in battlefield inches (origin at a corner, x along the long edge).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMap))]
#[serde(deny_unknown_fields)]
pub struct Map {
    pub battlefield: BattlefieldSize,
    pub terrain: Vec<TerrainTemplate>,
}

/// Why a map was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MapError {
    #[error("map: {0}")]
    Syntax(String),
    #[error("map: it is for a {map:?} battlefield but the set-up is for {setup:?}")]
    Size {
        map: BattlefieldSize,
        setup: BattlefieldSize,
    },
    #[error("map: terrain piece {index} (\"{name}\"): {fault}")]
    Piece {
        index: usize,
        name: String,
        fault: PieceFault,
    },
    #[error("map: {count} terrain pieces; a map holds at most {MAX_PIECES}")]
    TooManyPieces { count: usize },
    #[error(
        "map: the deployment zone from y = {from}\" to y = {to}\" is wholly Impassable: no unit could deploy there (BoV 5.1, \"Take Turns Deploying\")"
    )]
    NoRoom { from: f64, to: f64 },
}

/// The most corners one piece may have, its outline and holes together: far
/// more than any piece on a real table (the generated ones have about a
/// dozen). Loading stays quick well past it; playing is what it bounds, as
/// moves and sight lines are checked against every edge of a piece.
pub const MAX_CORNERS: usize = 256;
/// The most pieces a map may hold.
pub const MAX_PIECES: usize = 256;

/// What is wrong with one piece of a map.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PieceFault {
    #[error("its outline needs at least 3 distinct finite corners enclosing an area")]
    DegenerateOutline,
    #[error("hole {0} needs at least 3 distinct finite corners enclosing an area")]
    DegenerateHole(usize),
    #[error("its outline encloses no area: its corners lie on one line")]
    ZeroArea,
    #[error("it has {0} corners; a piece has at most {MAX_CORNERS}, outline and holes together")]
    TooManyCorners(usize),
    #[error("corner ({x}, {y}) is not a finite number of inches")]
    NotFinite { x: f64, y: f64 },
    #[error("its outline is not a simple polygon: {0}")]
    NotSimple(String),
    #[error(
        "corner ({}, {}) lies off the {width}\" x {height}\" battlefield",
        inches(*x),
        inches(*y)
    )]
    OffTheBattlefield {
        x: f64,
        y: f64,
        width: f64,
        height: f64,
    },
    #[error("Dangerous (0) rolls no dice: X must be at least 1")]
    DangerousZero,
}

impl Map {
    /// Reads a map from its RON text.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        ron_options()
            .from_str(text)
            .map_err(|e| MapError::Syntax(e.to_string()))
    }

    /// The RON text of the map, as [`Map::parse`] reads it.
    pub fn to_ron(&self) -> String {
        // A corner to a line: the file stays short enough to edit by hand.
        let pretty = ron::ser::PrettyConfig::default().depth_limit(4);
        ron_options()
            .to_string_pretty(self, pretty)
            .unwrap_or_else(|e| format!("// the map could not be written: {e}\n"))
    }

    /// The map of a battlefield already set up (say, by sectors and scatter),
    /// so that it can be saved, edited and played again.
    pub fn of(size: BattlefieldSize, field: &Battlefield) -> Map {
        fn corners(ring: &geo::LineString<f64>) -> Vec<Point> {
            let mut pts: Vec<Point> = ring.coords().map(|c| Point::from_coord(*c)).collect();
            // geo closes its rings; the map leaves the closing corner out.
            if pts.len() > 1 && pts.first() == pts.last() {
                pts.pop();
            }
            pts
        }
        Map {
            battlefield: size,
            terrain: field
                .terrain
                .iter()
                .map(|t| TerrainTemplate {
                    name: t.name.clone(),
                    outline: corners(t.polygon().exterior()),
                    holes: t.polygon().interiors().iter().map(corners).collect(),
                    kinds: t.kinds.clone(),
                })
                .collect(),
        }
    }

    /// The battlefield of this map for a game set up on `size`, after checking
    /// every piece: an outline (and each hole) of at least 3 corners enclosing
    /// an area, a simple polygon with its holes inside, every corner on the
    /// table, and no Dangerous (0).
    pub fn battlefield(&self, size: BattlefieldSize) -> Result<Battlefield, MapError> {
        if self.battlefield != size {
            return Err(MapError::Size {
                map: self.battlefield,
                setup: size,
            });
        }
        let (width, height) = size.inches();
        if self.terrain.len() > MAX_PIECES {
            return Err(MapError::TooManyPieces {
                count: self.terrain.len(),
            });
        }
        let mut pieces = Vec::with_capacity(self.terrain.len());
        for (index, t) in self.terrain.iter().enumerate() {
            let fault = |fault| MapError::Piece {
                index,
                name: t.name.clone(),
                fault,
            };
            let corners = t.outline.len() + t.holes.iter().map(Vec::len).sum::<usize>();
            if corners > MAX_CORNERS {
                return Err(fault(PieceFault::TooManyCorners(corners)));
            }
            if let Some(p) = t
                .outline
                .iter()
                .chain(t.holes.iter().flatten())
                .find(|p| !p.is_finite())
            {
                return Err(fault(PieceFault::NotFinite { x: p.x, y: p.y }));
            }
            if let Some(p) = t
                .outline
                .iter()
                .find(|p| p.x < -EPS || p.y < -EPS || p.x > width + EPS || p.y > height + EPS)
            {
                return Err(fault(PieceFault::OffTheBattlefield {
                    x: p.x,
                    y: p.y,
                    width,
                    height,
                }));
            }
            if t.outline.len() >= 3 && !encloses_area(&t.outline) {
                return Err(fault(PieceFault::ZeroArea));
            }
            if !encloses_area(&t.outline) {
                return Err(fault(PieceFault::DegenerateOutline));
            }
            if let Some(k) = t.holes.iter().position(|h| !encloses_area(h)) {
                return Err(fault(PieceFault::DegenerateHole(k)));
            }
            // "Dangerous (X)": X black or gray dice (BoV 5.1, "Types of Terrain").
            if t.kinds.contains(&TerrainKind::Dangerous(0)) {
                return Err(fault(PieceFault::DangerousZero));
            }
            let piece = TerrainPiece::new(t.name.clone(), &t.outline, &t.holes, t.kinds.clone())
                .map_err(|_| fault(PieceFault::DegenerateOutline))?;
            if let Err(e) = piece.polygon().check_validation() {
                return Err(fault(PieceFault::NotSimple(e.to_string())));
            }
            pieces.push(piece);
        }
        check_room(size, &pieces)?;
        // The book's sizes are all positive, so this refuses nothing.
        Battlefield::new(width, height, pieces).map_err(|e| MapError::Syntax(e.to_string()))
    }
}

/// Refuses a map on which a deployment zone (BoV 5.1, "Determine
/// Deployment Zones") is wholly Impassable, the whole table included: no unit
/// could ever be deployed there. A zone with any room left loads; a unit
/// that still finds no place goes to Reserve (docs/rulings.md, "Units with
/// no room to deploy").
fn check_room(size: BattlefieldSize, pieces: &[TerrainPiece]) -> Result<(), MapError> {
    let walls: MultiPolygon<f64> = pieces
        .iter()
        .filter(|t| t.impassable())
        .map(|t| t.polygon().clone())
        .collect();
    if walls.0.is_empty() {
        return Ok(());
    }
    let (width, height) = size.inches();
    let depth = super::setup::deployment_zone_depth(size);
    for lo in [0.0, height - depth] {
        let zone = geo::Rect::new(
            geo::coord! { x: 0.0, y: lo },
            geo::coord! { x: width, y: lo + depth },
        )
        .to_polygon();
        if zone.difference(&walls).unsigned_area() <= EPS {
            return Err(MapError::NoRoom {
                from: lo,
                to: lo + depth,
            });
        }
    }
    Ok(())
}

/// A coordinate as a reader can take it in: plain when of table size,
/// in scientific notation when huge.
fn inches(v: f64) -> String {
    if v.abs() < 1e6 {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// At least 3 finite corners around a non-zero area.
fn encloses_area(ring: &[Point]) -> bool {
    if ring.len() < 3 || ring.iter().any(|p| !p.is_finite()) {
        return false;
    }
    let line: geo::LineString<f64> = ring.iter().map(|p| p.coord()).collect();
    geo::Polygon::new(line, Vec::new()).unsigned_area() > EPS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_piece(outline: Vec<Point>) -> Map {
        Map {
            battlefield: BattlefieldSize::Small2x1,
            terrain: vec![TerrainTemplate {
                name: "Rock".into(),
                outline,
                holes: Vec::new(),
                kinds: vec![TerrainKind::Slowing],
            }],
        }
    }

    fn fault(map: &Map) -> PieceFault {
        match map.battlefield(BattlefieldSize::Small2x1) {
            Err(MapError::Piece { fault, .. }) => fault,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn corners_on_one_line_are_named_as_enclosing_no_area() {
        let m = one_piece(vec![
            Point::new(1.0, 1.0),
            Point::new(5.0, 1.0),
            Point::new(9.0, 1.0),
        ]);
        assert_eq!(fault(&m), PieceFault::ZeroArea);
        assert!(fault(&m).to_string().contains("encloses no area"));
    }

    #[test]
    fn a_huge_corner_is_written_short_and_an_infinite_one_named() {
        let m = one_piece(vec![
            Point::new(1.0, 1.0),
            Point::new(1e308, 1.0),
            Point::new(1e308, 1e308),
        ]);
        let text = fault(&m).to_string();
        assert!(text.contains("(1e308, 1) lies off"), "{text}");
        let m = one_piece(vec![
            Point::new(1.0, 1.0),
            Point::new(f64::INFINITY, 1.0),
            Point::new(2.0, 2.0),
        ]);
        assert!(matches!(fault(&m), PieceFault::NotFinite { .. }));
    }

    /// A piece of more corners than the cap is refused before any
    /// geometry is built (a 200,000-corner outline once took minutes).
    #[test]
    fn a_piece_of_too_many_corners_is_refused() {
        let circle = |n: usize| -> Vec<Point> {
            (0..n)
                .map(|k| {
                    let a = std::f64::consts::TAU * k as f64 / n as f64;
                    Point::new(12.0 + 4.0 * a.cos(), 6.0 + 4.0 * a.sin())
                })
                .collect()
        };
        let n = 200_000;
        assert_eq!(fault(&one_piece(circle(n))), PieceFault::TooManyCorners(n));
        // At the cap the circle loads.
        let capped = circle(MAX_CORNERS);
        assert!(
            one_piece(capped)
                .battlefield(BattlefieldSize::Small2x1)
                .is_ok()
        );
    }
}
