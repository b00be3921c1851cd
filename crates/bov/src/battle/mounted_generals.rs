//! Generals mounted on an Epic Creature in the starter edition (BoV
//! starter, "General cards", "Generals mounted on an Epic Creature").
//!
//! The pair keeps 5.1's link ([`super::Unit::mounted_on`]: the General
//! stands where its creature stands), but the starter book makes it one
//! unit: the General's card, flipped to its mounted side, is attached to
//! the creature's, so the pair activates once, by the creature, uses the
//! General's action powers as a Captain's card lends its own
//! ([`Battle::attached_general`] in [`Battle::powers_of`]), and attacks
//! with one attack of each, both targets declared before either is rolled
//! ([`Decision::PairAttack`]). No one mounts or dismounts during play.

use std::borrow::Cow;

use super::log::{Audience, Event};
use super::{Battle, BattleError, Decision, Step, err};
use crate::geometry::Sightlines;
use crate::rules::powers::CAPTAIN_POWER_SLOT;
use crate::rules::units::UnitCard;

impl Battle {
    /// The General riding `mount` in a starter battle, its card attached
    /// to the creature's ("attach it to the Epic Creature's card") from
    /// the start of the game, before the pair is deployed.
    pub fn attached_general(&self, mount: u16) -> Option<u16> {
        if !self.edition().generals_mount() {
            return None;
        }
        self.units
            .iter()
            .find(|u| u.mounted_on == Some(mount) && u.general && !u.state.is_defeated())
            .map(|u| u.id)
    }

    /// The Epic Creature `unit` rides as the General in a starter battle.
    pub fn general_mount(&self, unit: u16) -> Option<u16> {
        let u = &self.units[usize::from(unit)];
        u.mounted_on
            .filter(|_| self.edition().generals_mount() && u.general)
    }

    /// Whether `unit` is a General riding in a starter battle, its card on
    /// the mounted side ("At the start of the game, flip the General's
    /// card to the side that shows its mounted profile").
    pub fn on_mounted_side(&self, unit: u16) -> bool {
        self.general_mount(unit).is_some() && self.card(unit).mounted_profile().is_some()
    }

    /// The card whose Health the wounds on `unit` count against: the
    /// mounted side's while it shows.
    pub(crate) fn wound_card(&self, unit: u16) -> Cow<'_, UnitCard> {
        let card = self.card(unit);
        match card
            .mounted_profile()
            .filter(|_| self.on_mounted_side(unit))
        {
            Some(side) => {
                let mut c = card.clone();
                c.front = side.clone();
                Cow::Owned(c)
            }
            None => Cow::Borrowed(card),
        }
    }

    /// "When the Epic Creature attacks, you may use one of the General's
    /// attacks and one of the Epic Creature's attacks, either against the
    /// same target or against two separate targets ... (i.e. in range and
    /// Line of Sight of the Epic Creature for ranged attacks, or engaged
    /// with the Epic Creature for melee attacks). You must declare the
    /// target for both attacks before resolving either": the creature's
    /// attack on `target`, the General's on `general_target`, both of the
    /// kind engagement gives (melee when engaged, else ranged).
    pub fn check_pair_attack(
        &self,
        mount: u16,
        target: u16,
        general_target: u16,
    ) -> Result<(), BattleError> {
        let Some(general) = self.attached_general(mount) else {
            return err(format!(
                "unit {mount} ({}) carries no General: only an Epic Creature ridden by its General attacks with both (BoV starter, \"Generals mounted on an Epic Creature\")",
                self.units[usize::from(mount)].name
            ));
        };
        self.check_attack(mount, target)
            .map_err(|e| BattleError(format!("the Epic Creature's attack: {e}")))?;
        self.check_attack(general, general_target)
            .map_err(|e| BattleError(format!("the General's attack: {e}")))
    }

    /// The targets the General riding `mount` may attack beside the
    /// creature's: engaged with the creature when it is engaged, else in
    /// range and sight of it.
    pub(crate) fn pair_attack_targets(&self, mount: u16) -> Vec<u16> {
        let Some(general) = self.attached_general(mount) else {
            return Vec::new();
        };
        let snap = self.snapshot();
        let engaged = self.engaged_with(&snap, mount);
        if !engaged.is_empty() {
            return engaged;
        }
        let sight = Sightlines::new(&self.field, &snap.models);
        let owner = self.units[usize::from(mount)].owner;
        self.enemies(owner)
            .map(|e| e.id)
            .filter(|&t| self.ranged_target_ok(&snap, &sight, general, t).is_ok())
            .collect()
    }

    /// Both attacks declared at once (told as the decision), then each
    /// resolved after the reactions to it: the creature's first, the
    /// General's next, consolidating after it. One activation, so one
    /// fatigue counter ("Only 1 fatigue token is placed, as usual").
    pub(crate) fn pair_attack(&mut self, mount: u16, target: u16, general_target: u16) {
        let Some(general) = self.attached_general(mount) else {
            return;
        };
        let snap = self.snapshot();
        let melee = !self.engaged_with(&snap, mount).is_empty();
        // Declarations go to the front of the queue: the General's first,
        // so that the creature's is resolved before it.
        for (unit, t, consolidate) in [(general, general_target, true), (mount, target, false)] {
            if melee {
                self.melee_attack(unit, t, false, consolidate);
            } else {
                self.ranged_attack(unit, t, false);
            }
        }
        self.queue.push_back(Step::EndOfTurn { unit: mount });
    }

    /// The attack that ends a Charge (`charge`) or a Skirmish of `mount` on
    /// `target`: "When the Epic Creature attacks, you may use one of the
    /// General's attacks ... You must declare the target for both attacks
    /// before resolving either" (BoV starter, "Generals mounted on an Epic
    /// Creature"). The charge's attack is declared after its move, so the
    /// General's target is asked for then, among the units it may attack
    /// from the creature's base; with none, or no General riding, the
    /// creature attacks alone at once.
    pub(crate) fn pair_attack_step(&mut self, mount: u16, target: u16, charge: bool) -> bool {
        let candidates = self.pair_attack_targets(mount);
        if candidates.is_empty() {
            self.pair_attack_after_move(mount, target, charge, None);
            return true;
        }
        self.phase = super::Phase::PairAttack {
            mount,
            target,
            charge,
            candidates,
        };
        false
    }

    /// The answer: the creature's attack on `target`, resolved first, and
    /// the General's on `general_target` after it, both part of the Charge
    /// ("This melee attack is Upgraded", docs/rulings.md, "Mounted Generals
    /// in the starter edition") or of the Skirmish.
    pub(crate) fn pair_attack_after_move(
        &mut self,
        mount: u16,
        target: u16,
        charge: bool,
        general_target: Option<u16>,
    ) {
        let general = general_target.and_then(|t| Some((self.attached_general(mount)?, t)));
        // Declarations go to the front of the queue: the General's first,
        // so that the creature's is resolved before it; the last attack
        // made consolidates.
        for (unit, t, last) in general.into_iter().map(|(g, t)| (g, t, true)).chain([(
            mount,
            target,
            general.is_none(),
        )]) {
            if charge {
                self.melee_attack(unit, t, true, last);
            } else {
                self.ranged_attack(unit, t, true);
            }
        }
    }

    /// The answer to [`super::Phase::PairAttack`]: the creature's `target`
    /// as declared, and the General's among `candidates` (none: the
    /// creature attacks alone).
    pub(crate) fn check_general_target(
        &self,
        target: u16,
        candidates: &[u16],
        named: u16,
        general_target: Option<u16>,
    ) -> Result<(), BattleError> {
        if named != target {
            return err(format!(
                "unit {named} is not the target declared for this attack: the Epic Creature attacks unit {target} ({})",
                self.units[usize::from(target)].name
            ));
        }
        match general_target {
            Some(t) if !candidates.contains(&t) => err(format!(
                "the General cannot attack unit {t}: its attack goes to a unit engaged with the Epic Creature after a Charge, or in range and sight of it after a Skirmish (BoV starter, \"Generals mounted on an Epic Creature\")"
            )),
            _ => Ok(()),
        }
    }

    /// The pair's choices of two attacks: each of the creature's attacks
    /// with each target the General may take beside it.
    pub(crate) fn pair_attack_choices(&self, mount: u16, attacks: &[u16], out: &mut Vec<Decision>) {
        let theirs = self.pair_attack_targets(mount);
        for &target in attacks {
            for &general_target in &theirs {
                out.push(Decision::PairAttack {
                    target,
                    general_target,
                });
            }
        }
    }

    /// "Flip the General's card back to the Hero side if the Epic Creature
    /// was killed": the General, set down where the creature stood, shows
    /// its Hero profile again, the wounds it carried kept (never killing it
    /// by the flip alone, as a Captain's Hero fights on), and the Ultimate
    /// markers placed through the creature's card move back to its own.
    pub(crate) fn general_dismounted(&mut self, general: u16, mount: u16) {
        let health = self.card(general).front.health;
        let lent = (self.units[usize::from(mount)].state.ultimates_used >> CAPTAIN_POWER_SLOT)
            & ((1 << CAPTAIN_POWER_SLOT) - 1);
        let g = &mut self.units[usize::from(general)];
        g.state.wounds = g.state.wounds.min(health.saturating_sub(1));
        g.state.ultimates_used |= lent;
        self.tell(Audience::Public, || Event::HeroSideAgain { unit: general });
    }
}
