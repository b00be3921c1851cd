//! Objectives and deployment (BoV 5.1, "Setting up a game": "Objectives
//! Setup", "Determine Deployment Zones", "Take Turns Deploying").
//!
//! Seat 0 deploys along the edge at y = 0, seat 1 along the far edge. Every
//! unit is deployed (no Reserves yet). Objectives stand at fixed points that
//! satisfy the placement rules, instead of being placed by the players.

use super::{Battle, BattleError, Phase, err};
use crate::geometry::{Model, Point, UnitId, in_coherency};
use crate::rules::scenario;
use crate::rules::setup::{deployment_zone_depth, next_to_deploy};
use valerna_game::Seat;

/// Objective tokens for a scenario with objectives: as many as "Objectives
/// Setup" asks, more than 9" apart and more than 3" from every edge.
pub fn objective_points(b: scenario::Battlefield) -> Vec<Point> {
    let p = |x: f64, y: f64| Point::new(x, y);
    match b {
        scenario::Battlefield::Small2x1 => vec![p(3.5, 3.5), p(12.0, 8.5), p(20.5, 3.5)],
        scenario::Battlefield::Standard4x3 => vec![
            p(24.0, 18.0),
            p(12.0, 9.0),
            p(36.0, 9.0),
            p(12.0, 27.0),
            p(36.0, 27.0),
        ],
        scenario::Battlefield::Large6x4 => vec![
            p(36.0, 24.0),
            p(18.0, 12.0),
            p(54.0, 12.0),
            p(18.0, 36.0),
            p(54.0, 36.0),
            p(8.0, 24.0),
            p(64.0, 24.0),
        ],
    }
}

/// The deployment zone of `seat`: from its long edge to the deployment line,
/// as `(y_min, y_max)`.
pub fn zone(b: scenario::Battlefield, seat: Seat) -> (f64, f64) {
    let (_, h) = b.inches();
    let depth = deployment_zone_depth(b);
    if seat == 0 {
        (0.0, depth)
    } else {
        (h - depth, h)
    }
}

impl Battle {
    /// Asks the next seat to deploy, or starts Round 1 when all are down.
    pub(crate) fn next_deployment(&mut self) {
        let left = [0, 1].map(|s: Seat| {
            self.units
                .iter()
                .filter(|u| u.owner == s && !u.deployed)
                .count()
        });
        match next_to_deploy(self.last_deployed, left, self.deploy_first) {
            Some(seat) => self.phase = Phase::Deploy { seat },
            None => self.start_round(),
        }
    }

    /// Checks a deployment: the seat's own undeployed unit, one position per
    /// model, every base wholly in the zone and on the table, out of
    /// Impassable terrain, on no other base, 1" from enemies, in coherency.
    pub(crate) fn check_deploy(
        &self,
        seat: Seat,
        unit: u16,
        positions: &[Point],
    ) -> Result<(), BattleError> {
        let Some(u) = self.units.get(usize::from(unit)) else {
            return err(format!("there is no unit {unit}"));
        };
        if u.owner != seat {
            return err(format!("unit {unit} ({}) is not yours", u.name));
        }
        if u.deployed {
            return err(format!("unit {unit} ({}) is already deployed", u.name));
        }
        if positions.len() != u.state.models() as usize {
            return err(format!(
                "unit {unit} ({}) has {} models, {} positions were given",
                u.name,
                u.state.models(),
                positions.len()
            ));
        }
        let (lo, hi) = zone(self.setup.battlefield, seat);
        let placed: Vec<Model> = positions
            .iter()
            .map(|&p| {
                Model::new(UnitId(unit), seat, p, f64::from(u.base_mm)).with_stature(u.stature)
            })
            .collect();
        let others = self.snapshot().models;
        for (i, m) in placed.iter().enumerate() {
            if !m.is_valid() || !self.field.holds_base(m.center, m.radius_in) {
                return err(format!("model {i} is not on the battlefield"));
            }
            if m.center.y - m.radius_in < lo - 1e-6 || m.center.y + m.radius_in > hi + 1e-6 {
                return err(format!(
                    "model {i} is outside the deployment zone (BoV 5.1, \"Determine Deployment Zones\")"
                ));
            }
            if let Some(t) = self
                .field
                .terrain
                .iter()
                .find(|t| t.impassable() && t.overlaps_base(m.center, m.radius_in))
            {
                return err(format!("model {i} is in Impassable terrain \"{}\"", t.name));
            }
            if placed[..i].iter().chain(&others).any(|o| o.overlaps(m)) {
                return err(format!("model {i} is on another model's base"));
            }
            if others
                .iter()
                .any(|o| o.is_enemy_of(m) && m.gap(o) < crate::geometry::ENEMY_GAP_IN)
            {
                return err(format!("model {i} is within 1\" of an enemy"));
            }
        }
        if !in_coherency(&placed) {
            return err(
                "the unit is not in coherency (BoV 5.1, \"Take Turns Deploying\", \"Unit Coherency\")",
            );
        }
        Ok(())
    }

    pub(crate) fn deploy(&mut self, seat: Seat, unit: u16, positions: &[Point]) {
        let u = &mut self.units[usize::from(unit)];
        for (m, p) in u.state.alive.iter().zip(positions) {
            u.positions[usize::from(m)] = *p;
        }
        u.deployed = true;
        self.last_deployed = Some(seat);
        self.next_deployment();
    }

    /// A legal formation for `unit` in its zone: rows of up to five models
    /// half an inch apart, tried across the zone from `start_x` outward.
    pub fn default_formation(&self, unit: u16, start_x: f64) -> Option<Vec<Point>> {
        let u = &self.units[usize::from(unit)];
        let n = u.state.models() as usize;
        let r = crate::geometry::base_radius_in(f64::from(u.base_mm));
        let step = 2.0 * r + 0.5;
        let cols = n.min(5);
        let rows = n.div_ceil(5);
        let (w, _) = self.setup.battlefield.inches();
        let (lo, hi) = zone(self.setup.battlefield, u.owner);
        let width = (cols as f64 - 1.0) * step;
        let depth = (rows as f64 - 1.0) * step;
        if depth + 2.0 * r > hi - lo {
            return None;
        }
        let ys: Vec<f64> = {
            let mut v = Vec::new();
            let mut y = lo + r + 0.05;
            while y + depth + r <= hi - 0.05 {
                v.push(y);
                y += 1.0;
            }
            v
        };
        for k in 0..(2 * w as usize) {
            let off = if k % 2 == 0 {
                (k / 2) as f64
            } else {
                -((k / 2 + 1) as f64)
            };
            let x0 = start_x - width / 2.0 + off;
            if x0 - r < 0.0 || x0 + width + r > w {
                continue;
            }
            for &y0 in &ys {
                let y0 = if u.owner == 0 {
                    y0
                } else {
                    hi - (y0 - lo) - depth
                };
                let pos: Vec<Point> = (0..n)
                    .map(|i| Point::new(x0 + (i % 5) as f64 * step, y0 + (i / 5) as f64 * step))
                    .collect();
                if self.check_deploy(u.owner, unit, &pos).is_ok() {
                    return Some(pos);
                }
            }
        }
        None
    }

    /// Round 1 begins after deployment.
    pub(crate) fn start_round(&mut self) {
        self.round += 1;
        self.passed = [false; 2];
        // BoV 5.1, "Initiative": a face-off before each round.
        self.initiative = valerna_dice::bov::FaceOff::roll(&mut self.stream).winner as Seat;
        self.phase = Phase::Turn {
            seat: self.initiative,
        };
    }
}
