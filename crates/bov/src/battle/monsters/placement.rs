//! "Deploying monsters" (BoV 5.1, "Monsters"): after the objectives, a
//! face-off, then the players alternately place each Monster in base
//! contact with an objective, one per objective.

use super::*;
use crate::battle::{Battle, BattleError, Phase, err};
use crate::geometry::{Model, Point, UnitId, base_radius_in};

/// How many points around an objective the engine offers for a Monster's
/// base, evenly spaced (any other point in base contact is judged too).
const PLACEMENT_DIRECTIONS: usize = 16;
/// Base contact with an objective token, within this many inches: the
/// token is a point, so the base's edge touches it.
const CONTACT_TOLERANCE: f64 = 1e-3;

impl Battle {
    /// "Objectives Setup" with Monsters: "place objectives as normal before
    /// making another face-off roll. The winner of this roll resolves one
    /// of the Monster cards"; "keep alternating which player places the
    /// next Monster". Asks the next placement; `false` when every Monster
    /// is placed or discarded.
    pub(crate) fn next_monster(&mut self) -> bool {
        while self.monsters.next < self.monsters.list.len() {
            let first = match self.monsters.first {
                Some(s) => s,
                None => {
                    let s = self.face_off(crate::battle::log::FaceOffFor::Monsters);
                    self.monsters.first = Some(s);
                    s
                }
            };
            let k = self.monsters.next;
            let seat = if k.is_multiple_of(2) {
                first
            } else {
                Battle::other(first)
            };
            let unit = self.monsters.list[k].unit;
            if self.monster_spots(unit).is_empty() {
                // "If a monster cannot be placed, you simply discard the
                // monster card and continue with setup."
                self.monsters.list[k].discarded = true;
                self.monsters.next += 1;
                continue;
            }
            self.phase = Phase::Monster {
                seat,
                ask: MonsterAsk::Place { unit },
            };
            return true;
        }
        false
    }

    /// Points where `unit` may be placed: evenly around each objective
    /// without a Monster, in base contact with it.
    pub fn monster_spots(&self, unit: u16) -> Vec<Point> {
        let r = base_radius_in(f64::from(self.units[usize::from(unit)].base_mm));
        let mut out = Vec::new();
        for &o in &self.objectives {
            for k in 0..PLACEMENT_DIRECTIONS {
                let a = std::f64::consts::TAU * k as f64 / PLACEMENT_DIRECTIONS as f64;
                let p = Point::new(o.x + r * a.cos(), o.y + r * a.sin());
                if self.check_place_monster(unit, p).is_ok() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// "Simply place it in base contact of any objective token"; "You can
    /// only place one Monster per objective". Returns the objective.
    pub(crate) fn check_place_monster(&self, unit: u16, at: Point) -> Result<usize, BattleError> {
        let u = &self.units[usize::from(unit)];
        let r = base_radius_in(f64::from(u.base_mm));
        let Some(obj) = self
            .objectives
            .iter()
            .position(|&o| (o.dist(at) - r).abs() <= CONTACT_TOLERANCE)
        else {
            return err(
                "a Monster is placed in base contact with an objective token (BoV 5.1, \"Deploying monsters\")",
            );
        };
        if self.monsters.list.iter().any(|m| m.objective == Some(obj)) {
            return err(format!(
                "objective {obj} has a Monster already: one Monster per objective (BoV 5.1, \"Deploying monsters\")"
            ));
        }
        let m = Model::new(UnitId(unit), u.owner, at, f64::from(u.base_mm)).with_stature(u.stature);
        if !m.is_valid() || !self.field.holds_base(at, m.radius_in) {
            return err("the Monster's base is not on the battlefield");
        }
        if let Some(t) = self
            .field
            .terrain
            .iter()
            .find(|t| t.impassable() && t.overlaps_base(at, m.radius_in))
        {
            return err(format!(
                "the Monster is in Impassable terrain \"{}\"",
                t.name
            ));
        }
        if self.snapshot().models.iter().any(|o| o.overlaps(&m)) {
            return err("the Monster is on another model's base");
        }
        Ok(obj)
    }

    pub(crate) fn place_monster(&mut self, unit: u16, at: Point) {
        let Ok(obj) = self.check_place_monster(unit, at) else {
            return;
        };
        let u = &mut self.units[usize::from(unit)];
        u.positions[0] = at;
        u.deployed = true;
        // "Take its deck of five behaviour cards and shuffle them".
        let mut deck = std::mem::take(&mut self.monster_mut(unit).expect("a Monster").deck);
        self.stream.shuffle(&mut deck);
        let m = self.monster_mut(unit).expect("a Monster");
        m.deck = deck;
        m.objective = Some(obj);
        self.monsters.next += 1;
        self.next_objective();
    }
}
