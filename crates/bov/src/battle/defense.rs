//! Defense rolls against hits that are no unit's attack: Dangerous
//! terrain's (BoV 5.1 and starter, "Dangerous Terrain (X)") and a power's or
//! a Vaala card's (BoV 5.1, "Making Attacks vs. Rolling Dice"). They are
//! queued as [`Step::Defend`] so that, like every defense roll, the side may
//! first spend an Upgrade token on it (BoV starter, "Add Vaala cards or
//! Upgrade tokens": "every time you make an attack roll or a defense
//! roll").
//!
//! [`Battle::token_would_change`] tells whether a token on the roll that
//! follows would change it at all.

use serde::{Deserialize, Serialize};
use valerna_dice::bov::AttackRoll;

use super::{Battle, Step};
use crate::geometry::{Sightlines, UnitId};
use crate::rules::attack::make_defense_roll;
use crate::rules::modifiers::{DefenseModifiers, Modifiers};
use crate::rules::powers::Roll;
use crate::rules::units::WeaponKind;

/// What a defense roll outside a unit's attack defends against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAgainst))]
#[serde(rename_all = "snake_case")]
pub enum Against {
    /// The attack of Dangerous terrain piece `piece`: melee on a unit
    /// inside it, ranged on one within 6" (5.1).
    Terrain { piece: u16, kind: WeaponKind },
    /// The hits of a power or a Vaala card of `caster`.
    Power { caster: u16 },
}

impl Battle {
    /// Rolls `unit`'s defense against `standard` and `critical` hits, once
    /// its side was `asked` about an Upgrade token; queues the wounds.
    pub(crate) fn defend_step(
        &mut self,
        unit: u16,
        against: Against,
        hits: AttackRoll,
        asked: bool,
    ) -> bool {
        // A declared token is used up whatever follows (`token_spent`).
        let token = asked && self.token_spent(unit);
        if !self.units[usize::from(unit)].alive() {
            return true;
        }
        if !asked {
            self.queue.push_front(Step::Defend {
                unit,
                against,
                standard: hits.standard,
                critical: hits.critical,
                asked: true,
            });
            if let Some(s) = self.upgrade_token_offer(unit, Roll::Defense) {
                self.queue.push_front(s);
            }
            return true;
        }
        let mut dm = self.defend_modifiers(unit, against);
        dm.upgrade_token = token;
        let defense = self.profile(unit).defense;
        let witness = self.witness();
        let d = make_defense_roll(hits, defense, &dm, &mut self.stream);
        self.tell_defense(witness, unit, defense, &dm, d);
        self.queue.push_front(Step::Wounds {
            unit,
            wounds: d.wounds,
            statuses: Vec::new(),
            by: None,
        });
        if let Against::Power { caster } = against {
            self.watch_destruction(caster, unit, 1);
        }
        true
    }

    /// `unit`'s defense modifiers against `against`. The terrain is no unit:
    /// no cover applies against its gray dice, as nothing draws a line of
    /// sight (docs/rulings.md, "A unit inside Dangerous terrain"). A power
    /// is no attack (BoV p.21): only the modifiers against every roll
    /// count, and cover as against a ranged attack (p.24, "Obscuring
    /// Terrain": "hit by a ranged attack or power"). Flanked counts as the
    /// edition says (`Edition::flanked_downgrades`).
    pub(crate) fn defend_modifiers(&mut self, unit: u16, against: Against) -> DefenseModifiers {
        let snap = self.snapshot();
        match against {
            Against::Terrain { kind, .. } => {
                let mut dm = self.defense_modifiers(unit, kind);
                dm.flanked = self.flanked_against(&snap, unit, kind);
                dm
            }
            Against::Power { caster } => {
                let sight = Sightlines::new(&self.field, &snap.models);
                let mut dm = DefenseModifiers::new(
                    self.units[usize::from(unit)].fatigue(),
                    WeaponKind::Ranged,
                );
                dm.dragonbonded = self.dragonbonded(unit);
                dm.injured = self.injured_downgrade(unit);
                dm.powers = self.roll_powers(unit, Roll::Defense, None, Some(caster));
                dm.obscured =
                    sight.unit_in_cover_from(UnitId(self.body(caster)), UnitId(self.body(unit)));
                dm.flanked = self.flanked_against(&snap, unit, WeaponKind::Ranged);
                dm
            }
        }
    }

    /// Whether an Upgrade token on the roll about to be made would change
    /// it: not when the roll is upgraded already ("an Upgrade" is one
    /// step, however many apply: BoV starter, "Upgrades & Downgrades"),
    /// nor for a defense roll with no die to roll (only critical hits).
    /// Asked of the step that follows the token's question; found on a copy,
    /// as the modifiers spend the powers kept for one roll.
    pub fn token_would_change(&self) -> bool {
        let mut probe = self.clone();
        probe.log = None;
        let net = match probe.queue.front().cloned() {
            Some(Step::MeleeAttack {
                unit,
                groups,
                charge,
                ..
            }) => {
                let foe = groups.first().map(|g| g.0);
                probe
                    .attack_modifiers(unit, WeaponKind::Melee, charge, false, foe)
                    .net()
            }
            Some(Step::RangedAttack {
                unit,
                target,
                skirmish,
            }) => probe
                .attack_modifiers(unit, WeaponKind::Ranged, false, skirmish, Some(target))
                .net(),
            Some(Step::Hits { standard: 0, .. }) | Some(Step::Defend { standard: 0, .. }) => {
                return false;
            }
            Some(Step::Hits {
                attacker,
                unit,
                kind,
                flanked,
                ..
            }) => probe
                .hits_defense_modifiers(unit, kind, attacker, flanked)
                .net(),
            Some(Step::Defend { unit, against, .. }) => probe.defend_modifiers(unit, against).net(),
            _ => return true,
        };
        net < 1
    }
}
