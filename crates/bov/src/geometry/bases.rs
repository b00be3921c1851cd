//! Round bases and the distance between units (BoV 5.1, "Distance").

use serde::{Deserialize, Serialize};

use super::{CONTACT_IN, EPS, MM_PER_INCH, Point};

/// Which unit a model belongs to; the turn engine maps its own ids onto this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnitId))]
pub struct UnitId(pub u16);

/// The keywords that change how a model takes part in line of sight
/// (BoV 5.1, "Keywords": Huge, Tiny).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovStature))]
pub enum Stature {
    #[default]
    Normal,
    /// Ignores non-Huge units when drawing line of sight to or from it.
    Huge,
    /// Blocks line of sight only to and from other Tiny units.
    Tiny,
}

/// A snapshot of one model on the battlefield: its unit, side, base centre and
/// base radius in inches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovModel))]
pub struct Model {
    pub unit: UnitId,
    pub side: u8,
    pub center: Point,
    pub radius_in: f64,
    #[serde(default)]
    pub stature: Stature,
}

/// The radius in inches of a round base `diameter_mm` across (docs/rulings.md, "Editions, inches and bases": 25.4 mm = 1").
pub fn base_radius_in(diameter_mm: f64) -> f64 {
    diameter_mm / MM_PER_INCH / 2.0
}

impl Model {
    /// A model of `unit` on `side` with a base `base_mm` across centred on `center`.
    pub fn new(unit: UnitId, side: u8, center: Point, base_mm: f64) -> Self {
        Self {
            unit,
            side,
            center,
            radius_in: base_radius_in(base_mm),
            stature: Stature::Normal,
        }
    }

    pub fn with_stature(mut self, stature: Stature) -> Self {
        self.stature = stature;
        self
    }

    /// The same model with its base centred on `center`.
    pub fn at(mut self, center: Point) -> Self {
        self.center = center;
        self
    }

    /// Whether the snapshot is usable: finite centre, positive finite radius.
    pub fn is_valid(&self) -> bool {
        self.center.is_finite() && self.radius_in.is_finite() && self.radius_in > 0.0
    }

    /// Base edge to base edge; negative when the bases overlap.
    pub fn gap(&self, other: &Model) -> f64 {
        self.center.dist(other.center) - self.radius_in - other.radius_in
    }

    /// Whether the two bases overlap (touching is not overlapping).
    pub fn overlaps(&self, other: &Model) -> bool {
        self.gap(other) < -EPS
    }

    /// Whether the two bases touch (BoV 5.1, "Engaged": base contact).
    pub fn in_contact(&self, other: &Model) -> bool {
        self.gap(other) <= CONTACT_IN
    }

    pub fn is_enemy_of(&self, other: &Model) -> bool {
        self.side != other.side
    }
}

/// The distance between two units: from the nearest point on the base of the
/// nearest model in each (BoV 5.1, "Distance", Fig. 6). `None` when either
/// unit is empty. Zero when bases touch or overlap.
pub fn unit_distance(a: &[Model], b: &[Model]) -> Option<f64> {
    unit_distance_of(a.iter().copied(), b.iter().copied())
}

/// [`unit_distance`] over models given one by one.
pub fn unit_distance_of(
    a: impl Iterator<Item = Model>,
    b: impl Iterator<Item = Model> + Clone,
) -> Option<f64> {
    let mut best: Option<f64> = None;
    for m in a {
        for n in b.clone() {
            let g = m.gap(&n).max(0.0);
            if g.is_nan() {
                continue;
            }
            best = Some(best.map_or(g, |x| x.min(g)));
        }
    }
    best
}

/// Whether two placings of models are the same to the last bit.
pub(crate) fn same_models(a: &[Model], b: &[Model]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(m, n)| {
            m.unit == n.unit
                && m.side == n.side
                && m.stature == n.stature
                && m.center.x.to_bits() == n.center.x.to_bits()
                && m.center.y.to_bits() == n.center.y.to_bits()
                && m.radius_in.to_bits() == n.radius_in.to_bits()
        })
}
