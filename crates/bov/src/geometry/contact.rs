//! Charge moves and contact placement (BoV 5.1, "Charge Move", Fig. 11;
//! "Consolidate", Fig. 14).
//!
//! Deterministic placement: candidate end positions are the points in base
//! contact with a target model every 5° around it. The first charger takes the
//! cheapest reachable one (the most direct route). Each other model, nearest
//! to the target unit first, takes the nearest legal candidate on a target
//! model that fewest chargers touch yet (so as many enemy models as possible
//! are engaged), within 1" of a model already placed (so the unit stays in
//! coherency), on no other base, out of Impassable terrain and clear of other
//! enemy units. Failing that, it goes into contact with a placed charger that
//! touches the enemy, or else as close to the target as coherency allows.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::bases::same_models;
use super::movement::segment_error;
use super::planner::{PathCut, PlannedPath, Planner};
use super::point::total_order;
use super::{
    Battlefield, COHERENCY_IN, CONTACT_IN, EPS, Model, ModelMove, MoveError, MoveKind, MoveTraits,
    Point, UnitId, UnitMove, engaged_models, path_cost, plan_formation, validate_unit_move,
};

/// Degrees between candidate contact points around a base.
const STEP_DEG: usize = 5;
/// How many candidates (nearest first) the path planner routes toward, in
/// one search, when no straight leg to any candidate is legal.
const PLANNED_TRIES: usize = 6;

/// Whether a charge reached its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovChargeOutcome))]
pub enum ChargeOutcome {
    /// The first model reached the target; the unit is engaged.
    Engaged,
    /// The first model fell short: every model moved the full distance toward
    /// the target, as close as it could get.
    FellShort,
}

/// A computed charge, pile-in or consolidate move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovChargeResult))]
pub struct ChargeResult {
    pub outcome: ChargeOutcome,
    /// The move, for the record and the replay; already validated.
    pub unit_move: UnitMove,
    /// All models after the move.
    pub after: Vec<Model>,
}

/// Why no contact move could be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ContactError {
    #[error("unit {0} has no valid model on the battlefield")]
    NoModels(u16),
    #[error("the charge distance {0}\" is not a finite, non-negative number")]
    BadDistance(f64),
    #[error("no legal move was found: {0}")]
    Illegal(MoveError),
}

/// How much farther than both radii and contact a base must lie from a
/// circle of points to be left unmeasured there: far above rounding, far
/// below any distance on the table.
const NEAR_SAFETY: f64 = 1e-6;

struct Ctx<'a> {
    field: &'a Battlefield,
    models: &'a [Model],
    traits: MoveTraits,
    /// Enemy units the movers may touch.
    targets: &'a [UnitId],
    side: u8,
    unit: UnitId,
    /// One planner for the whole move: the movers share its grids.
    planner: RefCell<Planner<'a>>,
}

impl Ctx<'_> {
    fn members(&self, unit: UnitId) -> Vec<usize> {
        (0..self.models.len())
            .filter(|&i| self.models[i].unit == unit && self.models[i].is_valid())
            .collect()
    }

    fn target_models(&self) -> Vec<usize> {
        (0..self.models.len())
            .filter(|&i| {
                let m = &self.models[i];
                m.is_valid() && m.side != self.side && self.targets.contains(&m.unit)
            })
            .collect()
    }

    /// Whether model `idx` may end at `p`, given final positions `pos`
    /// (`None`: not placed yet, so not in the way).
    fn end_ok(&self, idx: usize, p: Point, pos: &[Option<Point>]) -> bool {
        self.end_ok_among(idx, p, pos, 0..self.models.len())
    }

    /// [`Ctx::end_ok`], measuring the bases of `others` alone: every model
    /// left out must be unplaced, invalid, `idx` itself, or too far to
    /// overlap or touch a base at `p` ([`Ctx::placed_near`]).
    fn end_ok_among(
        &self,
        idx: usize,
        p: Point,
        pos: &[Option<Point>],
        others: impl IntoIterator<Item = usize>,
    ) -> bool {
        let me = self.models[idx].at(p);
        if !self.field.holds_base(p, me.radius_in) {
            return false;
        }
        let in_terrain = self.field.terrain.iter().any(|t| {
            (t.impassable() || (self.traits.flying && self.field.bars_landing(t)))
                && t.contains_model(&me)
        });
        if in_terrain {
            return false;
        }
        others.into_iter().all(|j| {
            let o = &self.models[j];
            let Some(c) = pos[j] else { return true };
            if j == idx || !o.is_valid() {
                return true;
            }
            let o = o.at(c);
            if me.overlaps(&o) {
                return false;
            }
            // Clearly separate from enemies that are not targets.
            !(o.side != self.side && !self.targets.contains(&o.unit) && me.gap(&o) <= CONTACT_IN)
        })
    }

    /// The placed models whose bases a base of model `idx` centred `ring`
    /// inches from `c` could overlap or touch (the others lie farther from
    /// every point of that circle than both radii and contact, with a
    /// margin far above rounding): all that [`Ctx::end_ok`] need measure
    /// for the points around one base.
    fn placed_near(&self, idx: usize, c: Point, ring: f64, pos: &[Option<Point>]) -> Vec<usize> {
        let r = self.models[idx].radius_in;
        (0..self.models.len())
            .filter(|&j| {
                let o = &self.models[j];
                pos[j].is_some_and(|oc| {
                    j != idx
                        && o.is_valid()
                        && oc.dist(c) <= ring + r + o.radius_in + CONTACT_IN + NEAR_SAFETY
                })
            })
            .collect()
    }

    /// [`Ctx::around`] less the points where model `idx` may not end
    /// ([`Ctx::end_ok`]), in the same order.
    fn open_around(
        &self,
        idx: usize,
        t: usize,
        tc: Point,
        from: Point,
        gap: f64,
        pos: &[Option<Point>],
    ) -> Vec<Point> {
        let ring = self.models[idx].radius_in + self.models[t].radius_in + gap;
        let near = self.placed_near(idx, tc, ring, pos);
        let mut points = self.around(idx, t, tc, from, gap);
        points.retain(|&p| self.end_ok_among(idx, p, pos, near.iter().copied()));
        points
    }

    /// Points in base contact with model `t` (at `tc`) for model `idx`,
    /// every STEP_DEG degrees, starting from the side facing `from`.
    fn around(&self, idx: usize, t: usize, tc: Point, from: Point, gap: f64) -> Vec<Point> {
        let d = self.models[idx].radius_in + self.models[t].radius_in + gap;
        let base = from.minus(tc);
        let a0 = base.y.atan2(base.x);
        (0..360 / STEP_DEG)
            .map(|k| {
                let off = k.div_ceil(2) as f64 * (STEP_DEG as f64).to_radians();
                let a = if k % 2 == 1 { a0 + off } else { a0 - off };
                tc.plus(Point::new(a.cos(), a.sin()).scale(d))
            })
            .collect()
    }

    /// The cheapest legal route (and its cost) to one of `cands`, which are
    /// tried nearest first: straight when legal, else by the planner.
    fn route(&self, idx: usize, cands: &[Point]) -> Option<(Vec<Point>, f64)> {
        let m = &self.models[idx];
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by_cached_key(|&a| total_order(m.center.dist(cands[a])));
        for &k in &order {
            if segment_error(
                self.field,
                self.models,
                idx,
                m.center,
                cands[k],
                self.traits,
            )
            .is_none()
            {
                return Some((
                    vec![cands[k]],
                    path_cost(self.field, m, &[cands[k]], self.traits),
                ));
            }
        }
        let nearest: Vec<Point> = order
            .iter()
            .take(PLANNED_TRIES)
            .map(|&k| cands[k])
            .collect();
        let planned = self
            .planner
            .borrow_mut()
            .plan_around(idx, &nearest, self.traits)
            .ok()?;
        Some(self.last_leg(idx, planned, cands))
    }

    /// The last leg of a planned route: from the path's last corner, go to
    /// whichever candidate is nearest that corner (the planned goal was only
    /// one of the nearest to the start), unless that costs more than the
    /// planned path (a nearer point across Slowing terrain); the route and
    /// its cost.
    fn last_leg(&self, idx: usize, planned: PlannedPath, cands: &[Point]) -> (Vec<Point>, f64) {
        let m = &self.models[idx];
        let way = planned.waypoints;
        let corner = if way.len() >= 2 {
            way[way.len() - 2]
        } else {
            m.center
        };
        let mut by_corner: Vec<usize> = (0..cands.len()).collect();
        by_corner.sort_by_cached_key(|&a| total_order(corner.dist(cands[a])));
        if let Some(&k) = by_corner.iter().find(|&&k| {
            segment_error(self.field, self.models, idx, corner, cands[k], self.traits).is_none()
        }) {
            let mut moved = way.clone();
            if let Some(last) = moved.last_mut() {
                *last = cands[k];
            }
            let cost = path_cost(self.field, m, &moved, self.traits);
            if cost <= planned.cost {
                return (moved, cost);
            }
        }
        (way, planned.cost)
    }
}

fn nearest_gap(m: &Model, others: &[usize], models: &[Model]) -> f64 {
    others
        .iter()
        .map(|&j| m.gap(&models[j]))
        .fold(f64::INFINITY, f64::min)
}

/// What contact moves keep on a battlefield ([`Battlefield::kept`]): those
/// worked out lately, the latest last.
#[derive(Default)]
struct ContactsKept(Vec<KeptContact>);

/// A contact move (a charge that reached its target, or a pile-in or
/// consolidate) and what it was worked out from: the models, the unit, the
/// enemy units and the way of moving. A charge's move depends on its
/// distance only through whether the first model's route fits it, so it
/// serves every distance of at least `reach`; a pile-in has no distance
/// (`reach` is minus infinity).
struct KeptContact {
    models: Vec<Model>,
    unit: UnitId,
    foes: Vec<UnitId>,
    charge: bool,
    traits: MoveTraits,
    reach: f64,
    result: ChargeResult,
}

/// How many contact moves are kept: a search charges from the few positions
/// of its root again and again, with dice that differ.
const CONTACTS_KEPT: usize = 16;

/// What a contact move is asked for: the unit, the enemy units, whether it
/// charges, and its way of moving.
#[derive(Clone, Copy)]
pub(crate) struct ContactAsk<'a> {
    pub unit: UnitId,
    pub foes: &'a [UnitId],
    pub charge: bool,
    pub traits: MoveTraits,
}

impl KeptContact {
    fn answers(&self, models: &[Model], ask: ContactAsk) -> bool {
        self.unit == ask.unit
            && self.charge == ask.charge
            && self.traits == ask.traits
            && self.foes == ask.foes
            && same_models(&self.models, models)
    }
}

/// The contact move asked for among `models`, when one was worked out
/// lately that serves a move of `distance` inches (it depends on nothing
/// else: see [`KeptContact`]).
fn contact_kept(
    field: &Battlefield,
    models: &[Model],
    ask: ContactAsk,
    distance: f64,
) -> Option<ChargeResult> {
    field.kept(|kept: &mut ContactsKept| {
        kept.0
            .iter()
            .rev()
            .find(|k| k.reach <= distance && k.answers(models, ask))
            .map(|k| k.result.clone())
    })
}

/// Keeps a contact move worked out among `models`, which serves every
/// distance of at least `reach`.
fn keep_contact(
    field: &Battlefield,
    models: &[Model],
    ask: ContactAsk,
    reach: f64,
    result: &ChargeResult,
) {
    field.kept(|kept: &mut ContactsKept| {
        if kept.0.len() >= CONTACTS_KEPT {
            kept.0.remove(0);
        }
        kept.0.push(KeptContact {
            models: models.to_vec(),
            unit: ask.unit,
            foes: ask.foes.to_vec(),
            charge: ask.charge,
            traits: ask.traits,
            reach,
            result: result.clone(),
        });
    });
}

/// The charge move of `charger` against `target` with `distance` inches
/// (Speed plus the charge dice), per BoV 5.1, "Charge Move": the model nearest
/// the target moves first by the most direct route; if it reaches, the others
/// are moved into contact regardless of Speed (see the module notes); if not,
/// every model moves the full distance toward the target, as close as it can.
pub fn charge_move(
    field: &Battlefield,
    models: &[Model],
    charger: UnitId,
    target: UnitId,
    distance: f64,
    traits: MoveTraits,
) -> Result<ChargeResult, ContactError> {
    if !distance.is_finite() || distance < 0.0 {
        return Err(ContactError::BadDistance(distance));
    }
    let targets = [target];
    let ask = ContactAsk {
        unit: charger,
        foes: &targets,
        charge: true,
        traits,
    };
    if let Some(kept) = contact_kept(field, models, ask, distance + EPS) {
        return Ok(kept);
    }
    let (ctx, movers, foes) = context(field, models, charger, &targets, traits)?;
    let kind = MoveKind::Charge { target };
    let first = movers[0];
    let mut pos: Vec<Option<Point>> = models
        .iter()
        .enumerate()
        .map(|(i, m)| (!movers.contains(&i)).then_some(m.center))
        .collect();
    let cands = contact_candidates(&ctx, first, &foes, &pos);
    if let Some((path, cost)) = ctx.route(first, &cands)
        && cost <= distance + EPS
    {
        let end = *path.last().unwrap_or(&models[first].center);
        pos[first] = Some(end);
        let mut moves = vec![ModelMove {
            model: first,
            waypoints: path,
        }];
        place_followers(&ctx, &movers[1..], &foes, &mut pos, &mut moves);
        let mv = UnitMove {
            unit: charger,
            kind,
            allowance: None,
            traits,
            moves,
        };
        if let Ok(after) = validate_unit_move(field, models, &mv) {
            let result = ChargeResult {
                outcome: ChargeOutcome::Engaged,
                unit_move: mv,
                after,
            };
            keep_contact(field, models, ask, cost, &result);
            return Ok(result);
        }
    }
    fall_short(&ctx, &movers, &foes, distance, kind)
}

/// Pile-in or consolidate (BoV 5.1, "Charge Move", "Consolidate"): the models
/// of `unit` that are not engaged move, regardless of Speed, into contact with
/// models of `enemies` by the same placement as a charge. With one enemy unit
/// this is a pile-in against it; with several, a consolidate.
pub fn pile_in(
    field: &Battlefield,
    models: &[Model],
    unit: UnitId,
    enemies: &[UnitId],
    traits: MoveTraits,
) -> Result<ChargeResult, ContactError> {
    let ask = ContactAsk {
        unit,
        foes: enemies,
        charge: false,
        traits,
    };
    if let Some(kept) = contact_kept(field, models, ask, f64::INFINITY) {
        return Ok(kept);
    }
    let result = pile_in_only(field, models, unit, enemies, traits, |_| true)?;
    keep_contact(field, models, ask, f64::NEG_INFINITY, &result);
    Ok(result)
}

/// [`pile_in`] moving only the models not engaged for which `may_move`
/// holds (their index in `models`): BoV 5.1, "Consolidate", moves the
/// models "no longer engaged", not those that never were.
pub fn pile_in_only(
    field: &Battlefield,
    models: &[Model],
    unit: UnitId,
    enemies: &[UnitId],
    traits: MoveTraits,
    may_move: impl Fn(usize) -> bool,
) -> Result<ChargeResult, ContactError> {
    let (ctx, members, foes) = context(field, models, unit, enemies, traits)?;
    let kind = match enemies {
        [one] => MoveKind::PileIn { target: *one },
        _ => MoveKind::Consolidate,
    };
    let own: Vec<Model> = members.iter().map(|&i| models[i]).collect();
    let foe_models: Vec<Model> = foes.iter().map(|&i| models[i]).collect();
    let engaged = engaged_models(&own, &foe_models);
    let mut pos: Vec<Option<Point>> = models.iter().map(|m| Some(m.center)).collect();
    let movers: Vec<usize> = members
        .iter()
        .zip(&engaged)
        .filter(|&(&i, e)| !e && may_move(i))
        .map(|(&i, _)| i)
        .collect();
    for &i in &movers {
        pos[i] = None;
    }
    let mut moves = Vec::new();
    let mut rest = &movers[..];
    if movers.len() == members.len() {
        // Nobody is engaged: the nearest model goes first, by the planner.
        let first = movers[0];
        let cands = contact_candidates(&ctx, first, &foes, &pos);
        match ctx.route(first, &cands) {
            Some((path, _)) => {
                pos[first] = path.last().copied().or(Some(models[first].center));
                moves.push(ModelMove {
                    model: first,
                    waypoints: path,
                });
            }
            None => pos[first] = Some(models[first].center),
        }
        rest = &movers[1..];
    }
    place_followers(&ctx, rest, &foes, &mut pos, &mut moves);
    let mv = UnitMove {
        unit,
        kind,
        allowance: None,
        traits,
        moves,
    };
    match validate_unit_move(field, models, &mv) {
        Ok(after) => Ok(ChargeResult {
            outcome: ChargeOutcome::Engaged,
            unit_move: mv,
            after,
        }),
        Err(e) => Err(ContactError::Illegal(e)),
    }
}

/// The movers (nearest to the foes first) and the foe models.
fn context<'a>(
    field: &'a Battlefield,
    models: &'a [Model],
    unit: UnitId,
    targets: &'a [UnitId],
    traits: MoveTraits,
) -> Result<(Ctx<'a>, Vec<usize>, Vec<usize>), ContactError> {
    let mut ctx = Ctx {
        field,
        models,
        traits,
        targets,
        side: 0,
        unit,
        planner: RefCell::new(Planner::new(field, models)),
    };
    let mut movers = ctx.members(unit);
    let Some(&m0) = movers.first() else {
        return Err(ContactError::NoModels(unit.0));
    };
    ctx.side = models[m0].side;
    let foes = ctx.target_models();
    if foes.is_empty() {
        return Err(ContactError::NoModels(targets.first().map_or(0, |u| u.0)));
    }
    let key = |i: usize| nearest_gap(&models[i], &foes, models);
    movers.sort_by_cached_key(|&a| (total_order(key(a)), a));
    Ok((ctx, movers, foes))
}

fn contact_candidates(ctx: &Ctx, idx: usize, foes: &[usize], pos: &[Option<Point>]) -> Vec<Point> {
    let from = ctx.models[idx].center;
    foes.iter()
        .flat_map(|&t| ctx.open_around(idx, t, ctx.models[t].center, from, 0.0, pos))
        .collect()
}

/// Places each of `movers` in turn (see the module notes), recording paths.
fn place_followers(
    ctx: &Ctx,
    movers: &[usize],
    foes: &[usize],
    pos: &mut [Option<Point>],
    moves: &mut Vec<ModelMove>,
) {
    let models = ctx.models;
    let placed_unit = |pos: &[Option<Point>]| -> Vec<usize> {
        (0..models.len())
            .filter(|&j| models[j].unit == ctx.unit && pos[j].is_some())
            .collect()
    };
    for &m in movers {
        let placed = placed_unit(pos);
        let near_unit = |p: Point| {
            let me = models[m].at(p);
            placed.iter().any(|&j| {
                me.gap(&models[j].at(pos[j].unwrap_or(models[j].center))) <= COHERENCY_IN + EPS
            })
        };
        // Contacts per foe so far, to spread over as many foes as possible.
        let touching = |t: usize, pos: &[Option<Point>]| {
            placed_unit(pos)
                .iter()
                .filter(|&&j| {
                    models[j]
                        .at(pos[j].unwrap_or(models[j].center))
                        .in_contact(&models[t])
                })
                .count()
        };
        let mut by_count: Vec<(usize, usize)> =
            foes.iter().map(|&t| (touching(t, pos), t)).collect();
        by_count.sort();
        let mut chosen: Option<Vec<Point>> = None;
        // 1. Contact with a foe, fewest-touched foes first.
        let mut k = 0;
        while k < by_count.len() && chosen.is_none() {
            let level = by_count[k].0;
            let group: Vec<usize> = by_count
                .iter()
                .filter(|(c, _)| *c == level)
                .map(|&(_, t)| t)
                .collect();
            k += group.len();
            let cands: Vec<Point> = group
                .iter()
                .flat_map(|&t| ctx.open_around(m, t, models[t].center, models[m].center, 0.0, pos))
                .filter(|&p| near_unit(p))
                .collect();
            chosen = ctx.route(m, &cands).map(|r| r.0);
        }
        // 2. Contact with a placed model of the unit that touches a foe.
        if chosen.is_none() {
            let anchors: Vec<usize> = placed
                .iter()
                .copied()
                .filter(|&j| {
                    let a = models[j].at(pos[j].unwrap_or(models[j].center));
                    foes.iter().any(|&t| a.in_contact(&models[t]))
                })
                .collect();
            let cands: Vec<Point> = anchors
                .iter()
                .flat_map(|&j| {
                    ctx.open_around(
                        m,
                        j,
                        pos[j].unwrap_or(models[j].center),
                        models[m].center,
                        0.0,
                        pos,
                    )
                })
                .collect();
            chosen = ctx.route(m, &cands).map(|r| r.0);
        }
        // 3. As close to the foes as possible while in coherency.
        if chosen.is_none() {
            let mut cands: Vec<Point> = Vec::new();
            for &j in &placed {
                let c = pos[j].unwrap_or(models[j].center);
                for gap in [0.25, 0.5, 0.75, COHERENCY_IN] {
                    cands.extend(ctx.open_around(m, j, c, models[m].center, gap, pos));
                }
            }
            let closeness = |p: Point| nearest_gap(&models[m].at(p), foes, models);
            cands.sort_by_cached_key(|&p| total_order(closeness(p)));
            for p in cands.into_iter().take(PLANNED_TRIES) {
                if let Some(r) = ctx.route(m, &[p]) {
                    chosen = Some(r.0);
                    break;
                }
            }
        }
        let waypoints = chosen.unwrap_or_default();
        pos[m] = Some(waypoints.last().copied().unwrap_or(models[m].center));
        moves.push(ModelMove {
            model: m,
            waypoints,
        });
    }
}

/// The charge fell short: each model moves the full distance toward its
/// nearest contact point on the target (by the planner), backing off along its
/// path where it would end on another base; if the unit would then be out of
/// coherency, the whole unit moves by the first model's displacement instead.
fn fall_short(
    ctx: &Ctx,
    movers: &[usize],
    foes: &[usize],
    distance: f64,
    kind: MoveKind,
) -> Result<ChargeResult, ContactError> {
    let models = ctx.models;
    let mut pos: Vec<Option<Point>> = models
        .iter()
        .enumerate()
        .map(|(i, m)| (!movers.contains(&i)).then_some(m.center))
        .collect();
    let mut moves = Vec::new();
    for &m in movers {
        let cands = contact_candidates(ctx, m, foes, &pos);
        let full = ctx
            .route(m, &cands)
            .map(|r| r.0)
            .unwrap_or_else(|| straight_toward(ctx, m, foes, distance));
        // Backed off 0.05" at a time: one cut of the path, kept.
        let mut cut = PathCut::new(ctx.field, &models[m], &full, ctx.traits);
        let mut way = cut.cut(distance);
        let mut budget = distance;
        while let Some(&end) = way.last() {
            if ctx.end_ok(m, end, &pos) {
                break;
            }
            budget -= 0.05;
            if budget <= 0.0 {
                way.clear();
                break;
            }
            way = cut.cut(budget);
        }
        pos[m] = Some(way.last().copied().unwrap_or(models[m].center));
        moves.push(ModelMove {
            model: m,
            waypoints: way,
        });
    }
    let mv = UnitMove {
        unit: ctx.unit,
        kind,
        allowance: Some(distance),
        traits: ctx.traits,
        moves,
    };
    let done = |mv: UnitMove| {
        validate_unit_move(ctx.field, models, &mv).map(|after| ChargeResult {
            outcome: ChargeOutcome::FellShort,
            unit_move: mv,
            after,
        })
    };
    let first_shift = pos[movers[0]]
        .unwrap_or(models[movers[0]].center)
        .minus(models[movers[0]].center);
    match done(mv) {
        Ok(r) => Ok(r),
        Err(e) => match plan_formation(
            ctx.field,
            models,
            ctx.unit,
            first_shift,
            kind,
            distance,
            ctx.traits,
        ) {
            Some(mv) => done(mv).map_err(ContactError::Illegal),
            None => Err(ContactError::Illegal(e)),
        },
    }
}

/// The directions a separation tries, in degrees from straight away: the
/// nearest first, all the way round.
const SEPARATION_TURNS: [i32; 24] = [
    0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90, 105, -105, 120, -120, 135, -135, 150,
    -150, 165, -165, 180,
];

/// Separates a Flanking unit from the unit it was flanking when it is
/// charged (BoV 5.1, "Charging a Flanking enemy", Fig. 12.1): the whole of
/// `flanking` moves straight away from `flanked` (centre of mass to centre of
/// mass, or turned from that in 15° steps, nearest first, all the way round,
/// when the way is blocked) by the least distance, in 0.05" steps up to 4",
/// that leaves it 1" from `flanked`, without landing on a base or in
/// Impassable terrain. It may stay in contact with other enemies (its new
/// charger); models left out of contact are then moved in by [`pile_in`].
pub fn separate_flanking(
    field: &Battlefield,
    models: &[Model],
    flanking: UnitId,
    flanked: UnitId,
    traits: MoveTraits,
) -> Result<(UnitMove, Vec<Model>), ContactError> {
    let (mut moves, after) = separate(
        field,
        models,
        &[(flanking, traits, MoveKind::Consolidate)],
        flanked,
    )?;
    Ok((moves.remove(0), after))
}

/// [`separate_flanking`] for a charged unit hemmed in by its charger's
/// bases: the charged unit `flanking` and its `charger` move apart from
/// `flanked` together, by the same shift, so that they stay in contact with
/// each other. Each may touch only the other ("a charging unit can only
/// engage the target enemy unit"); every other rule of the move is
/// [`separate_flanking`]'s.
pub fn separate_with_charger(
    field: &Battlefield,
    models: &[Model],
    flanking: (UnitId, MoveTraits),
    charger: (UnitId, MoveTraits),
    flanked: UnitId,
) -> Result<Vec<Model>, ContactError> {
    let movers = [
        (
            flanking.0,
            flanking.1,
            MoveKind::PileIn { target: charger.0 },
        ),
        (
            charger.0,
            charger.1,
            MoveKind::PileIn { target: flanking.0 },
        ),
    ];
    separate(field, models, &movers, flanked).map(|(_, after)| after)
}

/// Moves every unit of `movers` by one shift, the least that leaves each of
/// their models 1" from every model of `flanked`: each unit's move is
/// judged by [`validate_unit_move`] as of its kind, with the other movers
/// taken off the table (they move with it, so it neither crosses nor lands
/// on them).
fn separate(
    field: &Battlefield,
    models: &[Model],
    movers: &[(UnitId, MoveTraits, MoveKind)],
    flanked: UnitId,
) -> Result<(Vec<UnitMove>, Vec<Model>), ContactError> {
    let of = |unit: UnitId| -> Vec<usize> {
        (0..models.len())
            .filter(|&i| models[i].unit == unit && models[i].is_valid())
            .collect()
    };
    let own: Vec<Vec<usize>> = movers.iter().map(|&(u, _, _)| of(u)).collect();
    for (k, ids) in own.iter().enumerate() {
        if ids.is_empty() {
            return Err(ContactError::NoModels(movers[k].0.0));
        }
    }
    let other = of(flanked);
    if other.is_empty() {
        return Err(ContactError::NoModels(flanked.0));
    }
    let centre = |ids: &[usize]| {
        ids.iter()
            .fold(Point::default(), |acc, &i| acc.plus(models[i].center))
            .scale(1.0 / ids.len() as f64)
    };
    let away = centre(&own[0])
        .minus(centre(&other))
        .unit()
        .unwrap_or(Point::new(0.0, 1.0));
    // Each mover judged with the others off the table.
    let without: Vec<Vec<Model>> = (0..movers.len())
        .map(|k| {
            let mut v = models.to_vec();
            for (l, ids) in own.iter().enumerate() {
                if l != k {
                    for &i in ids {
                        v[i].center = Point::new(f64::NAN, f64::NAN);
                    }
                }
            }
            v
        })
        .collect();
    let mut last = None;
    for turn in SEPARATION_TURNS {
        let a = f64::from(turn).to_radians();
        let dir = Point::new(
            away.x * a.cos() - away.y * a.sin(),
            away.x * a.sin() + away.y * a.cos(),
        );
        'steps: for step in 1..=80 {
            let shift = dir.scale(f64::from(step) * 0.05);
            let apart = own.iter().flatten().all(|&i| {
                let m = models[i].at(models[i].center.plus(shift));
                other
                    .iter()
                    .all(|&j| m.gap(&models[j]) >= super::ENEMY_GAP_IN - EPS)
            });
            if !apart {
                continue;
            }
            let mut moves = Vec::with_capacity(movers.len());
            let mut after = models.to_vec();
            for (k, &(unit, traits, kind)) in movers.iter().enumerate() {
                let mv = UnitMove {
                    unit,
                    kind,
                    allowance: None,
                    traits,
                    moves: own[k]
                        .iter()
                        .map(|&i| ModelMove {
                            model: i,
                            waypoints: vec![models[i].center.plus(shift)],
                        })
                        .collect(),
                };
                match validate_unit_move(field, &without[k], &mv) {
                    Ok(_) => {
                        for &i in &own[k] {
                            after[i].center = models[i].center.plus(shift);
                        }
                        moves.push(mv);
                    }
                    Err(e) => {
                        last = Some(e);
                        // A blocked move of the first unit at this shift
                        // says nothing of the next one; try it.
                        continue 'steps;
                    }
                }
            }
            return Ok((moves, after));
        }
    }
    Err(ContactError::Illegal(last.unwrap_or(
        MoveError::BreaksCoherency {
            unit: movers[0].0.0,
        },
    )))
}

/// When no contact point can be reached at all: the farthest legal straight
/// move (up to `distance`, in 0.05" steps) toward the nearest foe, so the
/// model still ends as close as it can.
fn straight_toward(ctx: &Ctx, m: usize, foes: &[usize], distance: f64) -> Vec<Point> {
    let me = &ctx.models[m];
    let Some(&t) = foes.iter().min_by(|&&a, &&b| {
        me.gap(&ctx.models[a])
            .total_cmp(&me.gap(&ctx.models[b]))
            .then(a.cmp(&b))
    }) else {
        return Vec::new();
    };
    let Some(dir) = ctx.models[t].center.minus(me.center).unit() else {
        return Vec::new();
    };
    let reach = distance.min(me.gap(&ctx.models[t]).max(0.0));
    let steps = (reach / 0.05).floor() as usize;
    (1..=steps.min(100_000))
        .rev()
        .map(|k| me.center.plus(dir.scale(k as f64 * 0.05)))
        .find(|&p| segment_error(ctx.field, ctx.models, m, me.center, p, ctx.traits).is_none())
        .map(|p| vec![p])
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::plan_path;
    use crate::geometry::terrain::{TerrainKind, TerrainPiece};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// A route planned around what blocks every straight leg goes to a
        /// contact point; it is found exactly when a path to one of the
        /// nearest points is; it costs what its legs cost,
        /// never less than the straight line between its ends; and one
        /// search for the nearest points together costs little more than
        /// the best of a search for each (BoV 5.1, "Charge Move": the most
        /// direct route; "Slowing terrain").
        #[test]
        fn a_route_around_reaches_one_of_the_nearest_contact_points(
            wood in (2.0f64..18.0, 2.0f64..18.0, 1.0f64..6.0, 1.0f64..6.0),
            rock in (2.0f64..18.0, 2.0f64..18.0, 0.5f64..4.0, 0.5f64..4.0),
            target in (6.0f64..18.0, 6.0f64..18.0),
            foes in proptest::collection::vec((-2.5f64..2.5, -2.5f64..2.5), 1..5),
            start in (1.0f64..23.0, 1.0f64..23.0),
            mm in prop_oneof![Just(25.0), Just(40.0), 20.0f64..60.0],
            field_craft in any::<bool>(),
        ) {
            let rect = |(x, y, w, h): (f64, f64, f64, f64), kind| {
                TerrainPiece::rect("piece", Point::new(x, y), Point::new(x + w, y + h), vec![kind])
                    .unwrap()
            };
            let field = Battlefield::new(
                24.0,
                24.0,
                vec![rect(wood, TerrainKind::Slowing), rect(rock, TerrainKind::Impassable)],
            )
            .unwrap();
            let mut models = vec![Model::new(UnitId(0), 0, Point::new(start.0, start.1), mm)];
            for (dx, dy) in foes {
                let at = Point::new(target.0 + dx, target.1 + dy);
                let foe = Model::new(UnitId(1), 1, at, 25.0);
                if models.iter().all(|o| !o.overlaps(&foe)) {
                    models.push(foe);
                }
            }
            // Every foe may have landed on the charger's base: no target.
            prop_assume!(models.len() > 1);
            let traits = MoveTraits { field_craft, flying: false, friends_block: false };
            let targets = [UnitId(1)];
            let (ctx, movers, foes) = context(&field, &models, UnitId(0), &targets, traits).unwrap();
            let first = movers[0];
            let from = models[first].center;
            let pos: Vec<Option<Point>> =
                models.iter().enumerate().map(|(i, m)| (i != first).then_some(m.center)).collect();
            // The candidates out of a straight leg's reach, so that the
            // route is planned.
            let mut cands = contact_candidates(&ctx, first, &foes, &pos);
            cands.retain(|&p| segment_error(&field, &models, first, from, p, traits).is_some());
            let mut nearest = cands.clone();
            nearest.sort_by(|a, b| from.dist(*a).total_cmp(&from.dist(*b)));
            nearest.truncate(PLANNED_TRIES);
            let singles: Vec<f64> = nearest
                .iter()
                .filter_map(|&p| plan_path(&field, &models, first, p, traits).ok())
                .map(|p| p.cost)
                .collect();
            let route = ctx.route(first, &cands);
            prop_assert_eq!(route.is_some(), !singles.is_empty());
            if let Some((way, cost)) = route {
                let end = *way.last().unwrap();
                prop_assert!(cands.iter().any(|c| c.x.to_bits() == end.x.to_bits() && c.y.to_bits() == end.y.to_bits()));
                prop_assert_eq!(cost.to_bits(), path_cost(&field, &models[first], &way, traits).to_bits());
                prop_assert!(cost >= from.dist(end) - 1e-9);
                let best_single = singles.iter().copied().fold(f64::INFINITY, f64::min);
                prop_assert!(cost <= best_single * 1.1 + 0.5, "{} against {}", cost, best_single);
            }
        }

        /// The points around a base where a model may end, judged against
        /// the placed bases near that base alone, are the points every base
        /// allows (BoV 5.1, "Charge Move": no overlap, clearly separate from
        /// enemies not charged), in the same order.
        #[test]
        fn points_judged_against_near_bases_are_those_every_base_allows(
            crowd in proptest::collection::vec(
                (1.0f64..11.0, 1.0f64..11.0, 0u8..3, prop_oneof![Just(25.0), Just(40.0), 20.0f64..60.0]),
                2..14,
            ),
            placed in proptest::collection::vec(any::<bool>(), 14),
            gap in prop_oneof![Just(0.0), 0.0f64..2.0],
            flying in any::<bool>(),
        ) {
            let rock = TerrainPiece::rect(
                "rock",
                Point::new(5.0, 5.0),
                Point::new(6.5, 7.0),
                vec![TerrainKind::Impassable],
            )
            .unwrap();
            let field = Battlefield::new(12.0, 12.0, vec![rock]).unwrap();
            // Unit 0 (side 0) charges unit 1 (side 1); unit 2 (side 1) is not charged.
            let models: Vec<Model> = crowd
                .iter()
                .map(|&(x, y, u, mm)| Model::new(UnitId(u16::from(u)), u.min(1), Point::new(x, y), mm))
                .collect();
            let traits = MoveTraits { field_craft: false, flying, friends_block: false };
            let targets = [UnitId(1)];
            let ctx = Ctx {
                field: &field,
                models: &models,
                traits,
                targets: &targets,
                side: 0,
                unit: UnitId(0),
                planner: RefCell::new(Planner::new(&field, &models)),
            };
            let pos: Vec<Option<Point>> = models
                .iter()
                .zip(&placed)
                .map(|(m, &p)| p.then_some(m.center))
                .collect();
            for idx in 0..models.len() {
                for t in 0..models.len() {
                    let (tc, from) = (models[t].center, models[idx].center);
                    let open = ctx.open_around(idx, t, tc, from, gap, &pos);
                    let mut every = ctx.around(idx, t, tc, from, gap);
                    every.retain(|&p| ctx.end_ok(idx, p, &pos));
                    prop_assert_eq!(&open, &every, "model {} around {}", idx, t);
                }
            }
        }

        /// A charge or pile-in served from the moves kept on the battlefield
        /// is the move worked out afresh on a battlefield that keeps
        /// nothing, for any charge distance (BoV 5.1, "Charge Move": the
        /// distance only decides whether the first model reaches).
        #[test]
        fn kept_contact_moves_are_the_moves_worked_out_afresh(
            wood in (2.0f64..18.0, 2.0f64..18.0, 1.0f64..6.0, 1.0f64..6.0),
            target in (6.0f64..18.0, 6.0f64..18.0),
            foes in proptest::collection::vec((-2.5f64..2.5, -2.5f64..2.5), 1..5),
            own in proptest::collection::vec((1.0f64..23.0, 1.0f64..23.0), 1..5),
            distances in proptest::collection::vec(0.0f64..30.0, 1..6),
        ) {
            let piece = TerrainPiece::rect(
                "wood",
                Point::new(wood.0, wood.1),
                Point::new(wood.0 + wood.2, wood.1 + wood.3),
                vec![TerrainKind::Slowing],
            )
            .unwrap();
            let keeping = Battlefield::new(24.0, 24.0, vec![piece.clone()]).unwrap();
            let fresh = || Battlefield::new(24.0, 24.0, vec![piece.clone()]).unwrap();
            let mut models: Vec<Model> = Vec::new();
            let crowd = own
                .iter()
                .map(|&(x, y)| Model::new(UnitId(0), 0, Point::new(x, y), 25.0))
                .chain(foes.iter().map(|&(dx, dy)| {
                    Model::new(UnitId(1), 1, Point::new(target.0 + dx, target.1 + dy), 25.0)
                }));
            for m in crowd {
                if models.iter().all(|o| !o.overlaps(&m)) {
                    models.push(m);
                }
            }
            let traits = MoveTraits { field_craft: false, flying: false, friends_block: false };
            for &d in &distances {
                let fresh = fresh();
                prop_assert_eq!(
                    charge_move(&keeping, &models, UnitId(0), UnitId(1), d, traits),
                    charge_move(&fresh, &models, UnitId(0), UnitId(1), d, traits),
                    "distance {}", d
                );
            }
            let fresh = fresh();
            prop_assert_eq!(
                pile_in(&keeping, &models, UnitId(0), &[UnitId(1)], traits),
                pile_in(&fresh, &models, UnitId(0), &[UnitId(1)], traits)
            );
        }
    }
}
