//! Dangerous terrain (BoV 5.1, "Dangerous Terrain (X)"): whenever a player
//! wins Initiative, they pick a target unit, friend or foe, inside or within
//! 6" of each piece; the terrain attacks it in melee with X black dice if it
//! is inside, at range with X gray dice otherwise. In the starter edition
//! (BoV starter, "Dangerous Terrain (X)") no one aims it: a unit that starts
//! its turn inside suffers the melee attack.

use super::defense::Against;
use super::{Battle, BattleError, Phase, Step, err};
use crate::rules::attack::{dangerous_terrain_attack, make_attack_roll};
use crate::rules::fatigue::FatigueState;
use crate::rules::modifiers::{AttackModifiers, Modifiers};

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
        let defend = self.terrain_attack(piece, unit);
        self.queue.push_front(defend);
    }

    /// BoV starter, "Dangerous Terrain (X)": "If a unit starts its turn
    /// with any models inside Dangerous terrain, the unit immediately
    /// suffers a melee attack from the terrain equal to X black attack
    /// dice. If the unit survives this, it can then take its turn as
    /// normal." Each piece it is inside attacks, in the order the pieces
    /// were laid; the defense rolls are queued before the turn goes on.
    pub(crate) fn dangerous_at_start_of_turn(&mut self, unit: u16) {
        let pieces: Vec<usize> = (0..self.field.terrain.len())
            .filter(|&k| self.field.terrain[k].dangerous().is_some() && self.unit_inside(k, unit))
            .collect();
        for piece in pieces {
            let defend = self.terrain_attack(piece, unit);
            self.queue.push_back(defend);
        }
    }

    /// Terrain piece `piece`'s attack roll on `unit`, told die by die, and
    /// the defense roll it calls for.
    fn terrain_attack(&mut self, piece: usize, unit: u16) -> Step {
        let x = self.field.terrain[piece].dangerous().unwrap_or(0);
        let inside = self.unit_inside(piece, unit);
        let (pool, kind) = dangerous_terrain_attack(u32::from(x), inside);
        let am = AttackModifiers::new(FatigueState::Normal);
        let witness = self.witness();
        let roll = make_attack_roll(&pool, &am, &mut self.stream);
        let piece = u16::try_from(piece).unwrap_or(u16::MAX);
        if let Some(mut w) = witness {
            let dice = valerna_dice::bov::roll_attack_dice(&pool, am.shift(), &mut w);
            self.tell(super::log::Audience::Public, || {
                super::log::Event::TerrainAttacked {
                    piece,
                    unit,
                    attack: kind.into(),
                    dice,
                    standard: roll.standard,
                    critical: roll.critical,
                }
            });
        }
        Step::Defend {
            unit,
            against: Against::Terrain { piece, kind },
            standard: roll.standard,
            critical: roll.critical,
            asked: false,
        }
    }
}
