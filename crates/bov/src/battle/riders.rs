//! Dragonriders (BoV 5.1, "Dragonriders"): a Hero with the Dragonrider
//! keyword riding a unit with the Mount keyword.
//!
//! One link carries the whole rule: [`super::Unit::mounted_on`]. While it is
//! set the rider's own models are off the table, and every geometric
//! question about the rider (distance, engagement, line of sight, range,
//! cover, objectives, auras) is asked of its Mount's models through
//! [`Battle::body`] and [`Battle::placed_models`]. What remains here is
//! getting on and off: mounting at the end of the rider's activation,
//! dismounting at its start, the rider set down when its Mount falls, and
//! the simultaneous activation of the pair. The starter edition's General
//! rides by the same link with none of the getting on and off
//! (`mounted_generals.rs`).

use super::{Battle, BattleError, Phase, Step, err};
use crate::geometry::point::total_order;
use crate::geometry::{
    CONTACT_IN, ENEMY_GAP_IN, Model, Point, UnitId, base_radius_in, in_coherency,
};
use crate::rules::keywords::UnitKeyword;

/// The directions tried around a base when the engine looks for room to
/// set a rider down: every 15 degrees.
const DIRECTIONS: usize = 24;

/// Set down in base contact: the gap between the bases, well inside the
/// contact tolerance.
const TOUCH: f64 = CONTACT_IN / 4.0;

impl Battle {
    /// "If the Hero is not mounted and ends its activation in base contact
    /// with a unit with the Mount keyword, and both the Mount and the Hero
    /// are not engaged, the Hero may freely mount": the friendly Mounts
    /// `rider` may mount now (none carrying a rider already, none if the
    /// rider dismounted in this activation).
    pub fn mount_candidates(&self, rider: u16) -> Vec<u16> {
        let r = &self.units[usize::from(rider)];
        if self.edition().generals_mount()
            || !r.alive()
            || r.mounted_on.is_some()
            || r.dismounted
            || !self.card(rider).has(UnitKeyword::Dragonrider)
        {
            return Vec::new();
        }
        let snap = self.snapshot();
        if !self.engaged_with(&snap, rider).is_empty() {
            return Vec::new();
        }
        let own = r.models();
        self.living(r.owner)
            .filter(|m| m.id != rider && m.mounted_on.is_none())
            .filter(|m| self.card(m.id).has(UnitKeyword::Mount))
            .filter(|m| self.riders_of(m.id).is_empty())
            .filter(|m| {
                let theirs = m.models();
                own.iter().any(|a| theirs.iter().any(|b| a.in_contact(b)))
            })
            .filter(|m| self.engaged_with(&snap, m.id).is_empty())
            .map(|m| m.id)
            .collect()
    }

    /// The rider gets on: its models leave the table.
    pub(crate) fn mount(&mut self, rider: u16, mount: u16) {
        self.units[usize::from(rider)].mounted_on = Some(mount);
    }

    /// "If the Hero is mounted at the start of its activation, and the
    /// Mount is not engaged, the Hero may freely dismount, placing the Hero
    /// model in base contact with the Mount": offered while the rider has
    /// not yet acted ([`Phase::Action`]), each model on the table, in base
    /// contact with the Mount or with a model of the rider placed before
    /// it, on no other base, out of Impassable terrain, 1" from enemies,
    /// in coherency.
    pub fn check_dismount(&self, rider: u16, positions: &[Point]) -> Result<(), BattleError> {
        let r = &self.units[usize::from(rider)];
        if self.edition().generals_mount() {
            return err(format!(
                "unit {rider} ({}) may not dismount: in the starter edition the General and its Epic Creature move together at all times (BoV starter, \"Generals mounted on an Epic Creature\")",
                r.name
            ));
        }
        let Some(mount) = r.mounted_on else {
            return err(format!(
                "unit {rider} ({}) is not mounted (BoV 5.1, \"Dragonriders\")",
                r.name
            ));
        };
        let snap = self.snapshot();
        if !self.engaged_with(&snap, mount).is_empty() {
            return err(
                "the Mount is engaged: the Hero may not dismount (BoV 5.1, \"Dragonriders\" > \"Mounting/Dismounting\")",
            );
        }
        if positions.len() != r.state.models() as usize {
            return err(format!(
                "unit {rider} ({}) has {} models, {} positions were given",
                r.name,
                r.state.models(),
                positions.len()
            ));
        }
        let mount_models = self.units[usize::from(mount)].models();
        let mut placed: Vec<Model> = Vec::new();
        let numbers: Vec<u8> = r.alive_models().collect();
        for (i, &p) in positions.iter().enumerate() {
            let name = self.model_name(rider, numbers.get(i).copied().unwrap_or(i as u8));
            let m = self.rider_model(rider, p);
            self.room_for(&m, &snap.models, &placed, true)
                .map_err(|e| BattleError(format!("{name}: {e}")))?;
            if !mount_models.iter().chain(&placed).any(|o| m.in_contact(o)) {
                return err(format!(
                    "{name} is not in base contact with the Mount (BoV 5.1, \"Dragonriders\" > \"Mounting/Dismounting\")"
                ));
            }
            placed.push(m);
        }
        if !in_coherency(&placed) {
            return err("the Hero's models are not in coherency (BoV 5.1, \"Unit Coherency\")");
        }
        Ok(())
    }

    /// The rider gets off at `positions` (already checked) and may then act.
    pub(crate) fn dismount(&mut self, rider: u16, positions: &[Point]) {
        let r = &mut self.units[usize::from(rider)];
        for (m, p) in r.state.alive.iter().zip(positions) {
            r.positions[usize::from(m)] = *p;
        }
        r.mounted_on = None;
        r.dismounted = true;
    }

    /// Where the engine suggests the rider may dismount: around its Mount,
    /// the side facing the nearest enemy first.
    pub fn dismount_examples(&self, rider: u16) -> Vec<Vec<Point>> {
        let Some(mount) = self.units[usize::from(rider)]
            .mounted_on
            .filter(|_| !self.edition().generals_mount())
        else {
            return Vec::new();
        };
        let snap = self.snapshot();
        if !self.engaged_with(&snap, mount).is_empty() {
            return Vec::new();
        }
        let anchors = self.units[usize::from(mount)].models();
        let mut out: Vec<Vec<Point>> = Vec::new();
        for turn in 0..DIRECTIONS {
            if let Some(ps) = self.set_down(rider, &anchors, true, turn)
                && !out.iter().any(|o| o[0].dist(ps[0]) < 1.0)
            {
                out.push(ps);
            }
        }
        let owner = self.units[usize::from(rider)].owner;
        let enemies: Vec<Model> = self.enemies(owner).flat_map(|e| e.models()).collect();
        let near = |p: &Point| {
            enemies
                .iter()
                .map(|e| e.center.dist(*p))
                .fold(f64::INFINITY, f64::min)
        };
        out.sort_by_cached_key(|a| total_order(near(&a[0])));
        out
    }

    /// "If the Mount is defeated by a ranged attack, simply dismount the
    /// Hero as described above and then remove the Mount model. If the
    /// Mount is defeated by a melee attack, remove the Mount model and
    /// place the Hero model back into base contact with the unit that
    /// defeated the Mount." `by`: the unit whose melee attack defeated it.
    /// Any other defeat (a power, a morale test, terrain) sets the rider
    /// down as a dismount (docs/rulings.md, "Dragonriders").
    pub(crate) fn unseat(&mut self, rider: u16, mount: u16, by: Option<u16>) {
        let melee = by.filter(|&b| self.units[usize::from(b)].alive());
        let anchors = match melee {
            Some(b) => self.placed_models(b),
            None => self.stood(mount),
        };
        let from = self.stood(mount).first().map(|m| m.center);
        self.units[usize::from(rider)].mounted_on = None;
        // In contact first; failing that, the nearest room around.
        let found = (0..DIRECTIONS)
            .find_map(|turn| self.set_down(rider, &anchors, melee.is_none(), turn))
            .or_else(|| {
                (0..DIRECTIONS).find_map(|turn| self.set_down(rider, &anchors, false, turn))
            })
            .or_else(|| self.set_down_near(rider, &anchors));
        let r = &mut self.units[usize::from(rider)];
        if let Some(ps) = found {
            for (m, p) in r.state.alive.iter().zip(ps) {
                r.positions[usize::from(m)] = p;
            }
        } else if let Some(a) = anchors.first() {
            // No room anywhere near: where the Mount's base was.
            for m in r.state.alive.iter() {
                r.positions[usize::from(m)] = a.center;
            }
        }
        // Told as a move from where the Mount stood.
        if let Some(from) = from {
            let r = &self.units[usize::from(rider)];
            let paths: Vec<super::DrawnPath> = r
                .state
                .alive
                .iter()
                .map(|m| super::DrawnPath {
                    unit: rider,
                    from,
                    waypoints: vec![r.positions[usize::from(m)]],
                })
                .collect();
            self.tell(super::log::Audience::Public, || super::log::Event::Moved {
                unit: rider,
                paths,
                cause: super::log::MoveCause::SetDown,
            });
        }
    }

    /// Where the models of `unit` stood: its Mount's while it rides, its
    /// own (removed ones included) otherwise.
    pub fn stood(&self, unit: u16) -> Vec<Model> {
        let b = &self.units[usize::from(self.body(unit))];
        (0..b.positions.len() as u8).map(|m| b.model(m)).collect()
    }

    /// A model of the rider at `p`.
    fn rider_model(&self, rider: u16, p: Point) -> Model {
        let r = &self.units[usize::from(rider)];
        Model::new(UnitId(rider), r.owner, p, f64::from(r.base_mm)).with_stature(r.stature)
    }

    /// Whether a model may stand at its place: on the table, out of
    /// Impassable terrain, on no other base and (`apart`) 1" from enemies.
    fn room_for(
        &self,
        m: &Model,
        others: &[Model],
        placed: &[Model],
        apart: bool,
    ) -> Result<(), String> {
        if !m.is_valid() || !self.field.holds_base(m.center, m.radius_in) {
            return Err("it is not on the battlefield".into());
        }
        if let Some(t) = self
            .field
            .terrain
            .iter()
            .find(|t| t.impassable() && t.overlaps_base(m.center, m.radius_in))
        {
            return Err(format!("it is in Impassable terrain \"{}\"", t.name));
        }
        if others.iter().chain(placed).any(|o| o.overlaps(m)) {
            return Err("it is on another model's base".into());
        }
        if apart
            && others
                .iter()
                .any(|o| o.is_enemy_of(m) && m.gap(o) < ENEMY_GAP_IN - 1e-9)
        {
            return Err("it is within 1\" of an enemy".into());
        }
        Ok(())
    }

    /// The rider's models set down one by one in base contact with
    /// `anchors` (or with its models set down before), starting from the
    /// direction `turn`; `apart`: 1" from enemies.
    fn set_down(
        &self,
        rider: u16,
        anchors: &[Model],
        apart: bool,
        turn: usize,
    ) -> Option<Vec<Point>> {
        let r = &self.units[usize::from(rider)];
        let radius = base_radius_in(f64::from(r.base_mm));
        let others = self.snapshot().models;
        let mut placed: Vec<Model> = Vec::new();
        for _ in r.state.alive.iter() {
            let touching: Vec<Model> = anchors.iter().chain(&placed).copied().collect();
            let spot = touching.iter().find_map(|a| {
                (0..DIRECTIONS).find_map(|k| {
                    let angle = std::f64::consts::TAU * ((k + turn) % DIRECTIONS) as f64
                        / DIRECTIONS as f64;
                    let d = a.radius_in + radius + TOUCH;
                    let p = a.center.plus(Point::new(angle.cos(), angle.sin()).scale(d));
                    let m = self.rider_model(rider, p);
                    self.room_for(&m, &others, &placed, apart).ok().map(|_| m)
                })
            })?;
            placed.push(spot);
        }
        Some(placed.iter().map(|m| m.center).collect())
    }

    /// No room in contact: the nearest room on rings around the anchors,
    /// half an inch wider each time.
    fn set_down_near(&self, rider: u16, anchors: &[Model]) -> Option<Vec<Point>> {
        let r = &self.units[usize::from(rider)];
        let radius = base_radius_in(f64::from(r.base_mm));
        let others = self.snapshot().models;
        for ring in 1..=48 {
            let mut placed: Vec<Model> = Vec::new();
            for _ in r.state.alive.iter() {
                let spot = anchors.iter().chain(placed.clone().iter()).find_map(|a| {
                    (0..DIRECTIONS).find_map(|k| {
                        let angle = std::f64::consts::TAU * k as f64 / DIRECTIONS as f64;
                        let d = a.radius_in + radius + 0.5 * f64::from(ring);
                        let p = a.center.plus(Point::new(angle.cos(), angle.sin()).scale(d));
                        let m = self.rider_model(rider, p);
                        self.room_for(&m, &others, &placed, false).ok().map(|_| m)
                    })
                });
                match spot {
                    Some(m) => placed.push(m),
                    None => break,
                }
            }
            if placed.len() == r.state.alive.count() as usize {
                return Some(placed.iter().map(|m| m.center).collect());
            }
        }
        None
    }

    /// The other unit of a mounted pair: the Mount of a mounted rider, or
    /// the rider on a Mount.
    pub fn ride_partner(&self, unit: u16) -> Option<u16> {
        self.units[usize::from(unit)]
            .mounted_on
            .or_else(|| self.riders_of(unit).first().copied())
    }

    /// Ends the rider's activation: offers the mount when one is in reach.
    pub(crate) fn mount_step(&mut self, rider: u16) -> bool {
        let candidates = self.mount_candidates(rider);
        if candidates.is_empty() {
            return true;
        }
        self.phase = Phase::Mount { rider, candidates };
        false
    }

    /// The step that offers the mount at the end of `unit`'s activation,
    /// if it is a Dragonrider on foot.
    pub(crate) fn mount_offer(&self, unit: u16) -> Option<Step> {
        let u = &self.units[usize::from(unit)];
        (!self.edition().generals_mount()
            && u.mounted_on.is_none()
            && self.card(unit).has(UnitKeyword::Dragonrider))
        .then_some(Step::Mount { rider: unit })
    }
}
