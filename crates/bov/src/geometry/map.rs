//! A saved map: the battlefield size and its terrain pieces in place. It is
//! the book's alternative to sectors and scatter, "for one player to set up
//! the terrain in advance" (BoV 5.1, "Setting up a game" > "1) Place
//! Terrain"). The file format is described in `content/bov/README.md`.

use geo::{Area, Validation};
use serde::{Deserialize, Serialize};

use super::{Battlefield, BattlefieldSize, EPS, Point, TerrainKind, TerrainPiece, TerrainTemplate};
use crate::content::ron_options;

/// A battlefield as saved: its size and its pieces, whose outlines and holes
/// are in battlefield inches (origin at a corner, x along the long edge).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
}

/// What is wrong with one piece of a map.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PieceFault {
    #[error("its outline needs at least 3 distinct finite corners enclosing an area")]
    DegenerateOutline,
    #[error("hole {0} needs at least 3 distinct finite corners enclosing an area")]
    DegenerateHole(usize),
    #[error("its outline is not a simple polygon: {0}")]
    NotSimple(String),
    #[error("corner ({x}, {y}) lies off the {width}\" x {height}\" battlefield")]
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
                    outline: corners(t.polygon.exterior()),
                    holes: t.polygon.interiors().iter().map(corners).collect(),
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
        let mut pieces = Vec::with_capacity(self.terrain.len());
        for (index, t) in self.terrain.iter().enumerate() {
            let fault = |fault| MapError::Piece {
                index,
                name: t.name.clone(),
                fault,
            };
            if !encloses_area(&t.outline) {
                return Err(fault(PieceFault::DegenerateOutline));
            }
            if let Some(k) = t.holes.iter().position(|h| !encloses_area(h)) {
                return Err(fault(PieceFault::DegenerateHole(k)));
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
            // "Dangerous (X)": X black or gray dice (BoV 5.1, "Types of Terrain").
            if t.kinds.contains(&TerrainKind::Dangerous(0)) {
                return Err(fault(PieceFault::DangerousZero));
            }
            let piece = TerrainPiece::new(t.name.clone(), &t.outline, &t.holes, t.kinds.clone())
                .map_err(|_| fault(PieceFault::DegenerateOutline))?;
            if let Err(e) = piece.polygon.check_validation() {
                return Err(fault(PieceFault::NotSimple(e.to_string())));
            }
            pieces.push(piece);
        }
        // The book's sizes are all positive, so this refuses nothing.
        Battlefield::new(width, height, pieces).map_err(|e| MapError::Syntax(e.to_string()))
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
