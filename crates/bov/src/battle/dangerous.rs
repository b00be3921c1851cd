//! Dangerous terrain (BoV 5.1, "Dangerous Terrain (X)"): whenever a player
//! wins Initiative, they pick a target unit, friend or foe, inside or within
//! 6" of each piece; the terrain attacks it in melee with X black dice if it
//! is inside, at range with X gray dice otherwise. In the starter edition
//! (BoV starter, "Dangerous Terrain (X)") no one aims it: a unit that starts
//! its turn inside suffers the melee attack.

use super::{Battle, BattleError, Phase, Step, err};
use crate::rules::attack::{dangerous_terrain_attack, resolve_against};
use crate::rules::fatigue::FatigueState;
use crate::rules::modifiers::AttackModifiers;
use crate::rules::units::WeaponKind;

/// A unit within this many inches of Dangerous terrain may be its target.
pub const DANGEROUS_REACH_INCHES: f64 = 6.0;

impl Battle {
    /// Whether `unit` is inside terrain piece `piece`: at least one of its
    /// models is (docs/rulings.md, "A unit inside Dangerous terrain").
    pub fn unit_inside(&self, piece: usize, unit: u16) -> bool {
        let t = &self.field.terrain[piece];
        self.placed_models(unit).iter().any(|m| t.contains_model(m))
    }

    /// The units on the battlefield, of either side, inside or within 6" of
    /// terrain piece `piece`.
    pub fn dangerous_candidates(&self, piece: usize) -> Vec<u16> {
        let Some(t) = self.field.terrain.get(piece) else {
            return Vec::new();
        };
        self.units
            .iter()
            .filter(|u| u.alive())
            .filter(|u| {
                self.placed_models(u.id)
                    .iter()
                    .any(|m| t.distance_to_model(m) <= DANGEROUS_REACH_INCHES + 1e-6)
            })
            .map(|u| u.id)
            .collect()
    }

    /// "A target must be selected if possible": stops for the Initiative
    /// winner's choice when some unit is in reach.
    pub(crate) fn dangerous_step(&mut self, piece: usize) -> bool {
        let candidates = self.dangerous_candidates(piece);
        if candidates.is_empty() {
            return true;
        }
        self.phase = Phase::Dangerous {
            seat: self.initiative,
            piece,
            candidates,
        };
        false
    }

    pub(crate) fn check_dangerous_target(
        &self,
        candidates: &[u16],
        unit: u16,
    ) -> Result<(), BattleError> {
        if candidates.contains(&unit) {
            Ok(())
        } else {
            err(format!(
                "unit {unit} is not inside or within 6\" of the Dangerous terrain (BoV 5.1, \"Dangerous Terrain (X)\")"
            ))
        }
    }

    /// The terrain's attack on its target. The terrain is no unit: no
    /// fatigue of its own changes the roll (it counts as Normal), and
    /// against the gray dice no cover applies, as nothing draws a line of
    /// sight (docs/rulings.md, "A unit inside Dangerous terrain"). The
    /// target defends as against any attack of that kind, lasting powers
    /// included, and the wounds go through "Apply Wounds" like any attack's.
    pub(crate) fn dangerous_attack(&mut self, piece: usize, unit: u16) {
        let wounds = self.terrain_attack_wounds(piece, unit);
        self.queue.push_front(Step::Wounds {
            unit,
            wounds,
            statuses: Vec::new(),
            by: None,
        });
    }

    /// BoV starter, "Dangerous Terrain (X)": "If a unit starts its turn
    /// with any models inside Dangerous terrain, the unit immediately
    /// suffers a melee attack from the terrain equal to X black attack
    /// dice. If the unit survives this, it can then take its turn as
    /// normal." Each piece it is inside attacks, in the order the pieces
    /// were laid; the wounds are queued before the turn goes on.
    pub(crate) fn dangerous_at_start_of_turn(&mut self, unit: u16) {
        let pieces: Vec<usize> = (0..self.field.terrain.len())
            .filter(|&k| self.field.terrain[k].dangerous().is_some() && self.unit_inside(k, unit))
            .collect();
        for piece in pieces {
            let wounds = self.terrain_attack_wounds(piece, unit);
            self.queue.push_back(Step::Wounds {
                unit,
                wounds,
                statuses: Vec::new(),
                by: None,
            });
        }
    }

    /// The wounds terrain piece `piece` deals `unit` with its attack.
    fn terrain_attack_wounds(&mut self, piece: usize, unit: u16) -> u32 {
        let x = self.field.terrain[piece].dangerous().unwrap_or(0);
        let inside = self.unit_inside(piece, unit);
        let (pool, kind) = dangerous_terrain_attack(u32::from(x), inside);
        let am = AttackModifiers::new(FatigueState::Normal);
        let mut dm = self.defense_modifiers(unit, kind);
        if kind == WeaponKind::Melee {
            let snap = self.snapshot();
            dm.flanked = self.flanked(&snap, unit);
        }
        let defense = self.profile(unit).defense;
        let out = resolve_against(&pool, &am, defense, &dm, &mut self.stream);
        out.defended.wounds
    }
}
