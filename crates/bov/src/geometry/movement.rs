//! Moves: speed, path cost and validation (BoV 5.1, "Movement", "March",
//! "Skirmish", "Charge", "Slowing terrain", "Impassable terrain", "Flying",
//! "Field craft", "Slowed", "Immobilized").
//!
//! A model's move is a path: its start position followed by waypoints. The
//! engine measures every path and refuses the whole unit move, naming the
//! model and the rule, if any model breaks a rule.

use serde::{Deserialize, Serialize};

use super::bases::same_models;
use super::{Battlefield, ENEMY_GAP_IN, EPS, Model, Point, UnitId, in_coherency};

/// The status effects and action that change a unit's Speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovSpeedModifiers))]
pub struct SpeedModifiers {
    /// At least one Slowed marker: Speed halved (markers do not stack; they
    /// only last longer).
    pub slowed: bool,
    /// At least one Immobilized marker: Speed zero.
    pub immobilized: bool,
    /// A Skirmish move: half Speed.
    pub skirmish: bool,
}

/// The inches a unit of `base_speed` may move: Slowed halves, Skirmish
/// halves, both cumulative (a Slowed Skirmish is a quarter), Immobilized
/// zeroes (BoV 5.1, "Slowed", "Immobilized", "Skirmish Move": the Fai
/// Hunters' Speed 12 gives a 6" Skirmish move). No rounding: 5 halves to 2.5".
pub fn effective_speed(base_speed: f64, m: SpeedModifiers) -> f64 {
    if m.immobilized || !base_speed.is_finite() || base_speed <= 0.0 {
        return 0.0;
    }
    let mut s = base_speed;
    if m.slowed {
        s /= 2.0;
    }
    if m.skirmish {
        s /= 2.0;
    }
    s
}

/// Unit keywords that change how its models move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoveTraits))]
pub struct MoveTraits {
    /// BoV 5.1, "Field craft": ignores Slowing terrain.
    pub field_craft: bool,
    /// BoV 5.1, "Flying", when the unit chooses to fly: ignores terrain and
    /// other units on the way, but cannot end inside Impassable or Obscuring
    /// terrain or on other models.
    pub flying: bool,
    /// BoV starter, "Move": "No model may move through another model,
    /// friend or foe"; BoV 5.1 lets friendly bases be crossed. Set on the
    /// units of a starter battle (the models of the moving unit itself
    /// move together and do not block one another: docs/rulings.md,
    /// "Moving through models in the starter").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub friends_block: bool,
}

impl MoveTraits {
    /// Whether `other`'s base stands in the way of `mover`'s path: an
    /// enemy's always, another friendly unit's when friends block.
    pub fn blocked_by(self, mover: &Model, other: &Model) -> bool {
        other.is_valid()
            && (other.is_enemy_of(mover) || (self.friends_block && other.unit != mover.unit))
    }
}

/// What kind of move this is: which decides whether models may end near enemies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoveKind))]
pub enum MoveKind {
    /// March, Skirmish, Reserves entry and any other move: end at least 1" from enemies.
    Normal,
    /// A Charge move: may end in contact with the target unit, not with other enemies.
    Charge { target: UnitId },
    /// Piling in after a charge against `target`: as a charge.
    PileIn { target: UnitId },
    /// Consolidating after a melee attack: may end in contact with any enemy
    /// unit it was engaged with; the engine decides which.
    Consolidate,
}

impl MoveKind {
    fn may_end_near(self, enemy: UnitId) -> bool {
        match self {
            MoveKind::Normal => false,
            MoveKind::Charge { target } | MoveKind::PileIn { target } => enemy == target,
            MoveKind::Consolidate => true,
        }
    }
}

/// One model's path: indices into the models slice given to
/// [`validate_unit_move`]; `waypoints` follow the model's current position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovModelMove))]
pub struct ModelMove {
    pub model: usize,
    pub waypoints: Vec<Point>,
}

/// A unit's move: every model that moves, with the allowance in inches
/// (`None`: no limit, for models moved into contact by a charge, pile-in or
/// consolidate "regardless of their Speed").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnitMove))]
pub struct UnitMove {
    pub unit: UnitId,
    pub kind: MoveKind,
    pub allowance: Option<f64>,
    pub traits: MoveTraits,
    pub moves: Vec<ModelMove>,
}

/// Why a move was refused: each names the model (its index among the
/// models judged) and the rule. [`MoveError::told`] words it with the
/// models named as a player knows them; `Display` names them by index.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveError {
    NotFinite {
        model: usize,
    },
    NoSuchModel {
        model: usize,
    },
    NotInUnit {
        model: usize,
        unit: u16,
    },
    MovedTwice {
        model: usize,
    },
    TooFar {
        model: usize,
        cost: f64,
        allowance: f64,
    },
    Impassable {
        model: usize,
        piece: String,
    },
    ThroughEnemy {
        model: usize,
        enemy: usize,
    },
    ThroughFriend {
        model: usize,
        friend: usize,
    },
    EndsNearEnemy {
        model: usize,
        enemy: usize,
        gap: f64,
    },
    EndsOverlapping {
        model: usize,
        other: usize,
    },
    OffTable {
        model: usize,
    },
    FlyingEndsInTerrain {
        model: usize,
        piece: String,
    },
    BreaksCoherency {
        unit: u16,
    },
}

impl MoveError {
    /// The refusal in words, each model named by `model` (given its index)
    /// and the unit by `unit`.
    pub fn told(&self, model: &dyn Fn(usize) -> String, unit: &dyn Fn(u16) -> String) -> String {
        match self {
            MoveError::NotFinite { model: m } => {
                format!("{}: a coordinate is not a finite number", model(*m))
            }
            MoveError::NoSuchModel { model: m } => format!("{} does not exist", model(*m)),
            MoveError::NotInUnit { model: m, unit: u } => {
                format!("{} is not in {}", model(*m), unit(*u))
            }
            MoveError::MovedTwice { model: m } => format!("{} is given two paths", model(*m)),
            MoveError::TooFar {
                model: m,
                cost,
                allowance,
            } => format!(
                "{}: the path uses {cost:.2}\" of a {allowance:.2}\" move (BoV 5.1, \"Movement\"; Slowing terrain costs 2\" an inch)",
                model(*m)
            ),
            MoveError::Impassable { model: m, piece } => format!(
                "{} would enter Impassable terrain \"{piece}\" (BoV 5.1, \"Impassable terrain\")",
                model(*m)
            ),
            MoveError::ThroughEnemy { model: m, enemy } => format!(
                "{} would move through the base of enemy {} (BoV 5.1, \"Movement\")",
                model(*m),
                model(*enemy)
            ),
            MoveError::ThroughFriend { model: m, friend } => format!(
                "{} would move through the base of friendly {} (BoV starter, \"Move\": \"No model may move through another model, friend or foe\")",
                model(*m),
                model(*friend)
            ),
            MoveError::EndsNearEnemy {
                model: m,
                enemy,
                gap,
            } => format!(
                "{} would end {gap:.2}\" from enemy {}, closer than 1\" (BoV 5.1, \"Movement\")",
                model(*m),
                model(*enemy)
            ),
            MoveError::EndsOverlapping { model: m, other } => format!(
                "{} would end on the base of {} (BoV 5.1, \"Movement\")",
                model(*m),
                model(*other)
            ),
            MoveError::OffTable { model: m } => {
                format!("{} would leave the battlefield", model(*m))
            }
            MoveError::FlyingEndsInTerrain { model: m, piece } => format!(
                "{} cannot end a flying move inside \"{piece}\" (BoV 5.1, \"Flying\")",
                model(*m)
            ),
            MoveError::BreaksCoherency { unit: u } => format!(
                "{} would end the move out of coherency (BoV 5.1, \"Unit Coherency\")",
                unit(*u)
            ),
        }
    }
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.told(&|m| format!("model {m}"), &|u| format!("unit {u}")))
    }
}

impl std::error::Error for MoveError {}

/// The length of `a`-`b` along which a base of `radius` overlaps any of the
/// `pieces` (indices into `field.terrain`), measured exactly: the union of
/// each piece's stretches of overlap ([`TerrainPiece::overlap_spans`]) on
/// the segment.
pub(crate) fn overlapped_length(
    field: &Battlefield,
    pieces: &[usize],
    a: Point,
    b: Point,
    radius: f64,
) -> f64 {
    let len = a.dist(b);
    if len == 0.0 || pieces.is_empty() {
        return 0.0;
    }
    let mut spans = Vec::new();
    overlapped_spans(field, pieces, a, b, radius, &mut spans);
    spans.iter().map(|(x, y)| y - x).sum::<f64>() * len
}

/// The stretches of `a`-`b` (as fractions of it, in order, apart and within
/// 0..=1) along which a base of `radius` overlaps any of the `pieces`: into
/// `out`, cleared first.
pub(crate) fn overlapped_spans(
    field: &Battlefield,
    pieces: &[usize],
    a: Point,
    b: Point,
    radius: f64,
    out: &mut Vec<(f64, f64)>,
) {
    out.clear();
    for &k in pieces {
        field.terrain[k].overlap_spans(a, b, radius, out);
    }
    out.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut merged = 0;
    let mut reached = 0.0f64;
    for i in 0..out.len() {
        let (x, y) = out[i];
        let (x, y) = (x.max(0.0), y.min(1.0));
        if y <= x || y <= reached {
            continue;
        }
        if merged > 0 && x <= reached {
            out[merged - 1].1 = y;
        } else {
            out[merged] = (x, y);
            merged += 1;
        }
        reached = y;
    }
    out.truncate(merged);
}

/// The Slowing pieces a base of `radius` meets on its way from `from` to
/// `to` (none for Field craft or flying), into `near`, cleared first.
pub(crate) fn slowing_met(
    field: &Battlefield,
    radius: f64,
    from: Point,
    to: Point,
    traits: MoveTraits,
    near: &mut Vec<usize>,
) {
    near.clear();
    if !(traits.field_craft || traits.flying) {
        near.extend((0..field.terrain.len()).filter(|&k| {
            let t = &field.terrain[k];
            t.slowing() && t.swept_base_overlaps(from, to, radius)
        }));
    }
}

/// The inches of move a path uses: its length, plus once more every inch
/// along which the base overlaps Slowing terrain, unless Field craft or flying
/// (BoV 5.1, "Slowing terrain": 2" used for every 1" moved across it).
pub fn path_cost(
    field: &Battlefield,
    model: &Model,
    waypoints: &[Point],
    traits: MoveTraits,
) -> f64 {
    let mut cost = 0.0;
    let mut from = model.center;
    // Filled only where a leg meets Slowing terrain: most legs allocate nothing.
    let mut near = Vec::new();
    for &to in waypoints {
        let (length, slowing) = leg_cost(field, model.radius_in, from, to, traits, &mut near);
        cost += length;
        cost += slowing;
        from = to;
    }
    cost
}

/// One leg of [`path_cost`]: its length, and the inches along which a base
/// of `radius` overlaps Slowing terrain (what the leg costs more). `near`
/// is a buffer for the pieces the leg meets.
pub(crate) fn leg_cost(
    field: &Battlefield,
    radius: f64,
    from: Point,
    to: Point,
    traits: MoveTraits,
    near: &mut Vec<usize>,
) -> (f64, f64) {
    slowing_met(field, radius, from, to, traits, near);
    (
        from.dist(to),
        overlapped_length(field, near, from, to, radius),
    )
}

/// Whether a base of model `idx` may travel straight from `from` to `to`:
/// finite, on the table, out of Impassable terrain, not through an enemy base
/// (flying models ignore terrain and other units on the way).
pub(crate) fn segment_error(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    from: Point,
    to: Point,
    traits: MoveTraits,
) -> Option<MoveError> {
    let m = &models[idx];
    if !from.is_finite() || !to.is_finite() {
        return Some(MoveError::NotFinite { model: idx });
    }
    if !field.holds_base(to, m.radius_in) {
        return Some(MoveError::OffTable { model: idx });
    }
    if traits.flying {
        return None;
    }
    if let Some(t) = field
        .terrain
        .iter()
        .find(|t| t.impassable() && t.swept_base_overlaps(from, to, m.radius_in))
    {
        return Some(MoveError::Impassable {
            model: idx,
            piece: t.name.clone(),
        });
    }
    // A base clear of the leg's box by both radii is not crossed.
    let (lo, hi) = (from.min(to), from.max(to));
    for (e, other) in models.iter().enumerate() {
        let reach = m.radius_in + other.radius_in;
        if !other.center.clear_of_box(lo, hi, reach)
            && traits.blocked_by(m, other)
            && other.center.dist_to_segment(from, to) < reach - EPS
        {
            return Some(if other.is_enemy_of(m) {
                MoveError::ThroughEnemy {
                    model: idx,
                    enemy: e,
                }
            } else {
                MoveError::ThroughFriend {
                    model: idx,
                    friend: e,
                }
            });
        }
    }
    None
}

/// Checks one model's path on its own: each leg (see [`segment_error`]) and
/// the allowance.
fn check_path(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    waypoints: &[Point],
    allowance: Option<f64>,
    traits: MoveTraits,
) -> Result<(), MoveError> {
    let m = &models[idx];
    if !m.is_valid() {
        return Err(MoveError::NotFinite { model: idx });
    }
    let mut from = m.center;
    for &to in waypoints {
        if let Some(e) = segment_error(field, models, idx, from, to, traits) {
            return Err(e);
        }
        from = to;
    }
    if let Some(allow) = allowance {
        let cost = path_cost(field, m, waypoints, traits);
        if cost > allow + EPS || allow.is_nan() {
            return Err(MoveError::TooFar {
                model: idx,
                cost,
                allowance: allow,
            });
        }
    }
    Ok(())
}

/// Validates a unit move on `field` with every model's current position in
/// `models`, and returns the models' positions after it.
///
/// Refused (BoV 5.1, "Movement"): a path longer than the allowance (Slowing
/// counted twice), into Impassable terrain, through an enemy base, off the
/// table; an end on another base, within 1" of an enemy (outside a charge,
/// pile-in or consolidate, which may touch their targets only), or out of
/// coherency. Friendly bases may be crossed.
pub fn validate_unit_move(
    field: &Battlefield,
    models: &[Model],
    mv: &UnitMove,
) -> Result<Vec<Model>, MoveError> {
    // A move listed is validated again when it is checked and when it is
    // played: the battlefield keeps the last legal ones.
    if let Some(after) = legal_kept(field, models, mv) {
        return Ok(after);
    }
    let after = judge_unit_move(field, models, mv)?;
    keep_legal(field, models, mv, &after);
    Ok(after)
}

/// What move validation keeps on a battlefield ([`Battlefield::kept`]):
/// moves found legal lately, the models each was judged among and where
/// they stand after it, the latest last.
#[derive(Default)]
struct LegalKept(Vec<(UnitMove, Vec<Model>, Vec<Model>)>);

/// How many legal moves are kept: a move listed is validated again when it
/// is checked and when it is played.
const LEGAL_KEPT: usize = 8;

/// Whether two unit moves are the same to the last bit.
fn same_move(a: &UnitMove, b: &UnitMove) -> bool {
    a.unit == b.unit
        && a.kind == b.kind
        && a.traits == b.traits
        && a.allowance.map(f64::to_bits) == b.allowance.map(f64::to_bits)
        && same_moves(&a.moves, &b.moves)
}

/// Whether two lists of model moves are the same to the last bit.
pub(crate) fn same_moves(a: &[ModelMove], b: &[ModelMove]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.model == y.model
                && x.waypoints.len() == y.waypoints.len()
                && x.waypoints
                    .iter()
                    .zip(&y.waypoints)
                    .all(|(p, q)| p.x.to_bits() == q.x.to_bits() && p.y.to_bits() == q.y.to_bits())
        })
}

/// Where the models stand after `mv`, when the same move among the same
/// models was found legal lately (the judgement depends on nothing else).
fn legal_kept(field: &Battlefield, models: &[Model], mv: &UnitMove) -> Option<Vec<Model>> {
    field.kept(|kept: &mut LegalKept| {
        kept.0
            .iter()
            .rev()
            .find(|(m, before, _)| same_move(m, mv) && same_models(before, models))
            .map(|(_, _, after)| after.clone())
    })
}

/// Keeps `mv` among `models`, found legal, with the models after it.
fn keep_legal(field: &Battlefield, models: &[Model], mv: &UnitMove, after: &[Model]) {
    field.kept(|kept: &mut LegalKept| {
        if kept.0.len() >= LEGAL_KEPT {
            kept.0.remove(0);
        }
        kept.0.push((mv.clone(), models.to_vec(), after.to_vec()));
    });
}

/// [`validate_unit_move`], worked out.
fn judge_unit_move(
    field: &Battlefield,
    models: &[Model],
    mv: &UnitMove,
) -> Result<Vec<Model>, MoveError> {
    let mut after = models.to_vec();
    let mut moved = vec![false; models.len()];
    for step in &mv.moves {
        let Some(m) = models.get(step.model) else {
            return Err(MoveError::NoSuchModel { model: step.model });
        };
        if m.unit != mv.unit {
            return Err(MoveError::NotInUnit {
                model: step.model,
                unit: mv.unit.0,
            });
        }
        if moved[step.model] {
            return Err(MoveError::MovedTwice { model: step.model });
        }
        moved[step.model] = true;
        check_path(
            field,
            models,
            step.model,
            &step.waypoints,
            mv.allowance,
            mv.traits,
        )?;
        if let Some(end) = step.waypoints.last() {
            after[step.model].center = *end;
        }
    }
    check_end(field, &after, &moved, mv)?;
    Ok(after)
}

/// Where a move's models may end, with the models already where the move
/// would leave them (`after`) and those it moves marked (`moved`); only the
/// move's unit, kind and traits are read from `mv`, not its paths.
pub(crate) fn check_end(
    field: &Battlefield,
    after: &[Model],
    moved: &[bool],
    mv: &UnitMove,
) -> Result<(), MoveError> {
    for (i, m) in after.iter().enumerate() {
        if !moved[i] {
            continue;
        }
        for (j, o) in after.iter().enumerate() {
            // A base farther than the gap kept from enemies neither
            // overlaps nor comes near.
            if i == j
                || !o.is_valid()
                || o.center.clear_of_box(
                    m.center,
                    m.center,
                    m.radius_in + o.radius_in + ENEMY_GAP_IN,
                )
            {
                continue;
            }
            if m.overlaps(o) {
                return Err(MoveError::EndsOverlapping { model: i, other: j });
            }
            if o.is_enemy_of(m) {
                let gap = m.gap(o);
                let allowed = if mv.kind.may_end_near(o.unit) {
                    true
                } else {
                    // A charge touches only its target: other enemies stay clearly apart.
                    matches!(mv.kind, MoveKind::Charge { .. } | MoveKind::PileIn { .. })
                        && gap > super::CONTACT_IN
                };
                if gap < ENEMY_GAP_IN - EPS && !allowed {
                    return Err(MoveError::EndsNearEnemy {
                        model: i,
                        enemy: j,
                        gap: gap.max(0.0),
                    });
                }
            }
        }
        if mv.traits.flying
            && let Some(t) = field
                .terrain
                .iter()
                .find(|t| (t.impassable() || field.bars_landing(t)) && t.contains_model(m))
        {
            return Err(MoveError::FlyingEndsInTerrain {
                model: i,
                piece: t.name.clone(),
            });
        }
    }
    let unit: Vec<Model> = after
        .iter()
        .filter(|m| m.unit == mv.unit)
        .copied()
        .collect();
    if !in_coherency(&unit) {
        return Err(MoveError::BreaksCoherency { unit: mv.unit.0 });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::terrain::{TerrainKind, TerrainPiece};
    use proptest::prelude::*;

    /// The length under the pieces by the definition alone: the base tested
    /// with [`TerrainPiece::overlaps_base`] every `step` inches along the
    /// leg, each change located by bisection (a stretch of overlap or of
    /// none shorter than a step may be missed).
    fn overlapped_by_sampling(
        field: &Battlefield,
        pieces: &[usize],
        a: Point,
        b: Point,
        radius: f64,
        step: f64,
    ) -> f64 {
        let len = a.dist(b);
        if len == 0.0 || pieces.is_empty() {
            return 0.0;
        }
        let inside = |t: f64| {
            let c = a.lerp(b, t);
            pieces
                .iter()
                .any(|&k| field.terrain[k].overlaps_base(c, radius))
        };
        let steps = ((len / step).ceil() as usize).clamp(1, 1_000_000);
        let (mut total, mut t_prev) = (0.0, 0.0);
        let mut s_prev = inside(0.0);
        let mut enter = if s_prev { Some(0.0) } else { None };
        for i in 1..=steps {
            let t = i as f64 / steps as f64;
            let s = inside(t);
            if s != s_prev {
                let (mut lo, mut hi) = (t_prev, t);
                for _ in 0..40 {
                    let mid = (lo + hi) / 2.0;
                    if inside(mid) == s_prev {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                let edge = (lo + hi) / 2.0;
                if s {
                    enter = Some(edge);
                } else if let Some(e) = enter.take() {
                    total += (edge - e) * len;
                }
            }
            s_prev = s;
            t_prev = t;
        }
        if let Some(e) = enter {
            total += (1.0 - e) * len;
        }
        total
    }

    /// A star-shaped piece (a polygon with `n` corners at radii `r` around
    /// `c`), with a square hole when `hole` is set.
    fn star(c: Point, r: &[f64], hole: bool) -> TerrainPiece {
        let n = r.len() as f64;
        let outline: Vec<Point> = r
            .iter()
            .enumerate()
            .map(|(i, &ri)| {
                let a = std::f64::consts::TAU * i as f64 / n;
                Point::new(c.x + ri * a.cos(), c.y + ri * a.sin())
            })
            .collect();
        let holes = if hole {
            let h = 0.4;
            vec![vec![
                Point::new(c.x - h, c.y - h),
                Point::new(c.x + h, c.y - h),
                Point::new(c.x + h, c.y + h),
                Point::new(c.x - h, c.y + h),
            ]]
        } else {
            vec![]
        };
        TerrainPiece::new("wood", &outline, &holes, vec![TerrainKind::Slowing]).unwrap()
    }

    /// The sampling step of the reference (inches).
    const STEP: f64 = 0.01;

    fn slowing_field(pieces: Vec<TerrainPiece>) -> Battlefield {
        Battlefield::new(24.0, 24.0, pieces).unwrap()
    }

    fn slowing_rect(min: (f64, f64), max: (f64, f64)) -> TerrainPiece {
        let (min, max) = (Point::new(min.0, min.1), Point::new(max.0, max.1));
        TerrainPiece::rect("wood", min, max, vec![TerrainKind::Slowing]).unwrap()
    }

    /// A base straight across a 4" wood overlaps it from the moment its edge
    /// passes the wood's edge until it is clear of the far one: 4" and the
    /// base's width, less the touch that is not an overlap (BoV 5.1,
    /// "Models inside/outside Terrain"; "Slowing terrain").
    #[test]
    fn a_base_straight_across_a_wood_overlaps_it_for_its_width_and_the_wood() {
        let field = slowing_field(vec![slowing_rect((10.0, 0.0), (14.0, 24.0))]);
        let r = 0.5;
        let across = overlapped_length(
            &field,
            &[0],
            Point::new(2.0, 12.0),
            Point::new(22.0, 12.0),
            r,
        );
        assert!((across - (4.0 + 2.0 * (r - EPS))).abs() < 1e-12, "{across}");
        // Into the wood and stopping inside: from the touch to the end.
        let into = overlapped_length(
            &field,
            &[0],
            Point::new(2.0, 12.0),
            Point::new(12.0, 12.0),
            r,
        );
        assert!((into - (2.0 + (r - EPS))).abs() < 1e-12, "{into}");
        // Along the wood's edge, the base's edge a hair inside it.
        let along = overlapped_length(&field, &[0], Point::new(9.6, 2.0), Point::new(9.6, 8.0), r);
        assert!((along - 6.0).abs() < 1e-12, "{along}");
        // Touching it all the way is no overlap.
        let touching =
            overlapped_length(&field, &[0], Point::new(9.5, 2.0), Point::new(9.5, 8.0), r);
        assert_eq!(touching, 0.0);
    }

    /// A base that clips a wood's corner for less than a twentieth of an
    /// inch still overlaps it there, and pays for it.
    #[test]
    fn a_graze_of_a_corner_is_measured() {
        let field = slowing_field(vec![slowing_rect((10.0, 10.0), (14.0, 14.0))]);
        let r = 0.5;
        // The centre passes 0.4999" from the corner (10, 10), diagonally.
        let off = (r - 1e-4) / std::f64::consts::SQRT_2;
        let (a, b) = (
            Point::new(10.0 - off - 5.0, 10.0 - off + 5.0),
            Point::new(10.0 - off + 5.0, 10.0 - off - 5.0),
        );
        let graze = overlapped_length(&field, &[0], a, b, r);
        // The chord of a circle of radius r - EPS at 0.4999" from its centre.
        let reach = r - EPS;
        let d = r - 1e-4;
        let chord = 2.0 * (reach * reach - d * d).sqrt();
        assert!(graze > 0.0 && graze < 0.05, "{graze}");
        assert!((graze - chord).abs() < 1e-9, "{graze} against {chord}");
    }

    /// Two woods on one leg are each paid for once, and a wood's hole (a
    /// clearing) not at all where a base fits inside it.
    #[test]
    fn woods_and_clearings_along_one_leg() {
        let wood = TerrainPiece::new(
            "wood",
            &[
                Point::new(2.0, 2.0),
                Point::new(12.0, 2.0),
                Point::new(12.0, 12.0),
                Point::new(2.0, 12.0),
            ],
            &[vec![
                Point::new(4.0, 4.0),
                Point::new(10.0, 4.0),
                Point::new(10.0, 10.0),
                Point::new(4.0, 10.0),
            ]],
            vec![TerrainKind::Slowing],
        )
        .unwrap();
        let field = slowing_field(vec![wood, slowing_rect((16.0, 6.0), (18.0, 8.0))]);
        let r = 0.5;
        let (a, b) = (Point::new(0.0, 7.0), Point::new(22.0, 7.0));
        let reach = r - EPS;
        // The wood's west band, its east band, then the second wood.
        let expected = 3.0 * (2.0 + 2.0 * reach);
        let got = overlapped_length(&field, &[0, 1], a, b, r);
        assert!((got - expected).abs() < 1e-12, "{got} against {expected}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The exact length under Slowing terrain (BoV 5.1, "Slowing
        /// terrain") is the one the definition gives sample by sample, to
        /// within what samples a hundredth of an inch apart can miss: a
        /// graze of a corner or a gap between pieces shorter than a step.
        #[test]
        fn the_exact_length_is_the_sampled_one(
            c1 in (4.0f64..20.0, 4.0f64..20.0),
            r1 in proptest::collection::vec(1.0f64..3.5, 3..9),
            c2 in (4.0f64..20.0, 4.0f64..20.0),
            r2 in proptest::collection::vec(0.5f64..2.5, 3..7),
            hole in any::<bool>(),
            a in (0.0f64..24.0, 0.0f64..24.0),
            b in (0.0f64..24.0, 0.0f64..24.0),
            radius in prop_oneof![Just(0.0), 0.3f64..1.5],
        ) {
            let pieces = vec![
                star(Point::new(c1.0, c1.1), &r1, hole),
                star(Point::new(c2.0, c2.1), &r2, false),
            ];
            let field = Battlefield::new(24.0, 24.0, pieces).unwrap();
            let (a, b) = (Point::new(a.0, a.1), Point::new(b.0, b.1));
            for near in [&[0usize][..], &[1], &[0, 1]] {
                let exact = overlapped_length(&field, near, a, b, radius);
                let sampled = overlapped_by_sampling(&field, near, a, b, radius, STEP);
                prop_assert!(
                    (exact - sampled).abs() <= 2.0 * STEP,
                    "{} exactly against {} sampled",
                    exact,
                    sampled
                );
            }
        }
    }
}
