//! Why a unit may not attack or charge another: the answer a player asks
//! for when the option they expected is not offered (BoV 5.1, "Attack" >
//! "Declare Target", "No Ranged Attacks while Engaged", "Charge" > "Select
//! Target"). The verdict is the rules' own ([`Battle::check_attack`],
//! [`Battle::check_charge`]); this says it in the table's terms: how far,
//! the weapon's range, the charge's best reach, what stands in the way.

use serde::Serialize;

use super::Battle;

/// One reason an attack or a charge on a unit is not offered.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWhyNot))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WhyNot {
    /// The other unit is on the same side.
    NotAnEnemy,
    /// One of the two is not on the battlefield.
    NotOnTable,
    /// The unit is engaged: it attacks only in melee, a unit it is engaged
    /// with, and does not charge.
    Engaged,
    /// It has no ranged weapon, and the other unit is not engaged with it.
    NoRangedWeapon,
    /// Nearest bases `distance` apart, beyond the weapon's `range`.
    OutOfRange { distance: f64, range: f64 },
    /// No model sees a model of the other unit; `between` names a unit or
    /// a piece of terrain on the line between the nearest models, when one
    /// is.
    NoSight { between: Option<String> },
    /// `distance` to cover, beyond the farthest the charge can reach
    /// (`reach`, every die at its best).
    OutOfReach { distance: f64, reach: f64 },
    /// Immobilized: its Speed is zero.
    Immobilized,
    /// A rider on its Mount moves only with it.
    Riding,
}

/// Why `unit` may not attack, and may not charge, `target`: `None` for
/// what the rules allow (whether it is asked now is the question's).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWhyNots))]
pub struct WhyNots {
    pub unit: u16,
    pub target: u16,
    pub attack: Option<WhyNot>,
    pub charge: Option<WhyNot>,
}

impl Battle {
    /// Why `unit` may not attack, and may not charge, `target`.
    pub fn why_not(&self, unit: u16, target: u16) -> WhyNots {
        WhyNots {
            unit,
            target,
            attack: self
                .check_attack(unit, target)
                .err()
                .map(|_| self.why_no_attack(unit, target)),
            charge: self
                .check_charge(unit, target)
                .err()
                .map(|_| self.why_no_charge(unit, target)),
        }
    }

    /// Whom the question leaves out, and what the two units are.
    fn why_not_enemy(&self, unit: u16, target: u16) -> Option<WhyNot> {
        let (Some(u), Some(t)) = (
            self.units.get(usize::from(unit)),
            self.units.get(usize::from(target)),
        ) else {
            return Some(WhyNot::NotOnTable);
        };
        if t.owner == u.owner {
            return Some(WhyNot::NotAnEnemy);
        }
        if !u.alive() || !t.alive() || !u.deployed || !t.deployed {
            return Some(WhyNot::NotOnTable);
        }
        None
    }

    fn why_no_attack(&self, unit: u16, target: u16) -> WhyNot {
        if let Some(w) = self.why_not_enemy(unit, target) {
            return w;
        }
        let snap = self.snapshot();
        if self.engaged(&snap, unit) {
            return WhyNot::Engaged;
        }
        let Some(r) = &self.profile(unit).ranged else {
            return WhyNot::NoRangedWeapon;
        };
        let (distance, range) = (self.distance(unit, target), f64::from(r.range));
        if distance > range {
            return WhyNot::OutOfRange { distance, range };
        }
        WhyNot::NoSight {
            between: self.between(unit, target),
        }
    }

    fn why_no_charge(&self, unit: u16, target: u16) -> WhyNot {
        if let Some(w) = self.why_not_enemy(unit, target) {
            return w;
        }
        if self.mounted(unit) {
            return WhyNot::Riding;
        }
        let snap = self.snapshot();
        if self.engaged(&snap, unit) {
            return WhyNot::Engaged;
        }
        if self.units[usize::from(unit)].state.status.immobilized > 0 {
            return WhyNot::Immobilized;
        }
        let (distance, reach) = (self.distance(unit, target), self.charge_reach(unit));
        if distance > reach {
            return WhyNot::OutOfReach { distance, reach };
        }
        WhyNot::NoSight {
            between: self.between(unit, target),
        }
    }

    /// What stands on the line between the two units' nearest models: the
    /// unit whose base it crosses nearest the looker, else a piece of
    /// Obscuring terrain it crosses. An explanation only: sight itself is
    /// the geometry's (any line from base to base).
    fn between(&self, unit: u16, target: u16) -> Option<String> {
        let (a, b) = (self.body(unit), self.body(target));
        let mine: Vec<_> = self.placed(a).collect();
        let theirs: Vec<_> = self.placed(b).collect();
        let (p, q) = mine
            .iter()
            .flat_map(|m| theirs.iter().map(move |t| (m.center, t.center)))
            .min_by(|x, y| x.0.dist(x.1).total_cmp(&y.0.dist(y.1)))?;
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        let length2 = dx * dx + dy * dy;
        // How far along the line a point's nearest point lies, and how far
        // from the line the point is.
        let along = |c: crate::geometry::Point| {
            let k = if length2 > 0.0 {
                (((c.x - p.x) * dx + (c.y - p.y) * dy) / length2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (
                k,
                c.dist(crate::geometry::Point::new(p.x + k * dx, p.y + k * dy)),
            )
        };
        let unit_between = self
            .units
            .iter()
            .filter(|u| u.id != a && u.id != b && u.alive())
            .flat_map(|u| self.placed(u.id).map(move |m| (u, m)))
            .filter_map(|(u, m)| {
                let (k, off) = along(m.center);
                (k > 0.0 && k < 1.0 && off < m.radius_in).then_some((k, u.name.clone()))
            })
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, name)| name);
        unit_between.or_else(|| {
            self.field
                .terrain
                .iter()
                .find(|t| t.obscuring() && t.segment_crosses_interior(p, q))
                .map(|t| t.name.clone())
        })
    }
}
