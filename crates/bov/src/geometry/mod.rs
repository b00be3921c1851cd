//! Geometry in inches: bases, terrain, distance, coherency, engagement, line of
//! sight, movement, path planning, contact placement and terrain set-up.
//!
//! Everything here works on small snapshots ([`Model`], [`Battlefield`]) that the
//! turn engine builds from its units, so the geometry never depends on unit
//! statistics. Distances are measured base edge to base edge (docs/rulings.md, "Editions, inches and bases").
//!
//! The turn engine's entry points:
//! - set-up: [`place_terrain`] (or a saved [`Map`]);
//! - distance and contact: [`unit_distance`], [`Model::gap`],
//!   [`in_coherency`], [`engaged_models`], [`unit_engaged_with`],
//!   [`TerrainPiece::contains_model`], [`TerrainPiece::distance_to_model`];
//! - line of sight: build [`Sightlines`] after each move, then
//!   [`Sightlines::unit_sees`], [`Sightlines::model_sees_unit_within`] (counting
//!   attacking models) and [`Sightlines::unit_in_cover_from`];
//! - moves: [`effective_speed`], then [`validate_unit_move`] on what a player
//!   or bot proposes ([`plan_path`], [`plan_formation`] propose);
//! - charges: [`charge_move`], [`pile_in`] (also consolidate),
//!   [`separate_flanking`], [`separate_with_charger`].

pub mod bases;
pub mod coherency;
pub mod contact;
pub mod los;
pub mod map;
pub mod movement;
pub mod planner;
pub mod point;
pub mod setup;
pub mod terrain;

pub use bases::{Model, Stature, UnitId, base_radius_in, unit_distance, unit_distance_of};
pub use coherency::{coherency_links, engaged_models, in_coherency, unit_engaged_with};
pub use contact::{
    ChargeOutcome, ChargeResult, ContactError, charge_move, pile_in, pile_in_only,
    separate_flanking, separate_with_charger,
};
pub use los::Sightlines;
pub use map::{Map, MapError, PieceFault};
pub use movement::{
    ModelMove, MoveError, MoveKind, MoveTraits, SpeedModifiers, UnitMove, effective_speed,
    path_cost, validate_unit_move,
};
pub use planner::{PlanError, PlannedPath, Planner, plan_formation, plan_path, truncate_path};
pub use point::Point;
pub use setup::{
    BattlefieldSize, SCATTER_DICE, TerrainTemplate, default_templates, place_terrain,
    place_terrain_by,
};
pub use terrain::{BaseBlocking, Battlefield, CoverRule, GeometryError, TerrainKind, TerrainPiece};

/// 25.4 mm to the inch (docs/rulings.md, "Editions, inches and bases").
pub const MM_PER_INCH: f64 = 25.4;

/// Coherency distance: within 1" of another model (BoV 5.1, "Unit Coherency").
pub const COHERENCY_IN: f64 = 1.0;

/// Models must end a non-charge move at least 1" from enemies (BoV 5.1, "Movement").
pub const ENEMY_GAP_IN: f64 = 1.0;

/// Floating-point tolerance for "exactly" (a model exactly 1" away is within 1";
/// bases placed in contact by the engine are in contact). One millionth of an
/// inch is far below anything a tape measure tells apart.
pub const EPS: f64 = 1e-6;

/// Bases closer than this (edge to edge) are in base contact. A thousandth of
/// an inch (0.025 mm) absorbs the rounding of computed placements.
pub const CONTACT_IN: f64 = 1e-3;
