//! "Activate Power" (BoV 5.1, "Actions" > "Activate power"; "Powers";
//! "Targets for powers & Vaala cards"; "Making Attacks vs. Rolling Dice";
//! "Healing"): which action powers a unit may use, whom they may target, and
//! one interpreter of the effect language ([`Effect`]) that resolves any of
//! them. A new power is new data, not new code, as long as its effects are
//! in the language.

use valerna_dice::bov::{Shift, roll_attack};

use super::log::Affect;
use super::units::Snapshot;
use super::{Battle, BattleError, CardKind, Step, err};
use crate::geometry::{Sightlines, UnitId};
use crate::rules::activation;
use crate::rules::modifiers::DefenseModifiers;
use crate::rules::powers::{
    self, ARTIFACT_POWER_SLOT, CAPTAIN_POWER_SLOT, Change, Condition, Duration, Effect, Lasting,
    Power, Roll, Target, Timing,
};
use crate::rules::status::StatusKind;
use crate::rules::units::WeaponKind;
use valerna_game::Seat;

/// A passive power's Speed effect in play: the unit whose power it is, that
/// unit's side, whom the effect reaches and the inches it adds.
#[derive(Clone, Copy)]
pub(crate) struct PassiveSpeed<'a> {
    src: u16,
    owner: Seat,
    target: &'a Target,
    inches: i8,
}

impl Battle {
    /// The unit's powers and their slots: those of its card's side in play,
    /// numbered from 0, then those of the Hero leading it as its Captain
    /// while it is in play, or of the General riding it in a starter battle,
    /// from [`CAPTAIN_POWER_SLOT`] (BoV starter, "If a unit's captain is
    /// killed, the unit ... loses the power that the captain granted it"),
    /// then its Artifact's at [`ARTIFACT_POWER_SLOT`].
    pub fn powers_of(&self, unit: u16) -> impl Iterator<Item = (u8, &Power)> + '_ {
        let u = &self.units[usize::from(unit)];
        let artifact = u
            .artifact
            .and_then(|a| self.pack.artifacts.get(a))
            .map(|card| (ARTIFACT_POWER_SLOT, &card.power));
        // BoV starter, "Activate power": "from its card or an attached one
        // (captain to troopers or mounted generals to epic creatures)": a
        // General riding lends its powers to its creature, as a Captain's
        // card to its troopers, and has none of its own but its Artifact's.
        let general = self.attached_general(unit);
        let leading = u.hero_captain.is_some_and(|h| !h.alone) || general.is_some();
        let own = if self.general_mount(unit).is_some() {
            0
        } else if leading {
            CAPTAIN_POWER_SLOT
        } else {
            ARTIFACT_POWER_SLOT
        };
        let captain = u
            .led_by_hero()
            .and_then(|h| self.pack.card(h.card))
            .map(|c| &c.front)
            .or_else(|| general.map(|g| self.profile(g)))
            .into_iter()
            .flat_map(|c| c.powers.iter())
            .take(usize::from(ARTIFACT_POWER_SLOT - CAPTAIN_POWER_SLOT))
            .enumerate()
            .map(|(i, p)| (CAPTAIN_POWER_SLOT + i as u8, p));
        self.profile(unit)
            .powers
            .iter()
            .take(usize::from(own))
            .enumerate()
            .map(|(i, p)| (i as u8, p))
            .chain(captain)
            .chain(artifact)
    }

    /// The name of the power or card a lasting effect came from.
    fn source_name(&self, source: crate::rules::powers::LastingSource) -> Option<String> {
        match source {
            crate::rules::powers::LastingSource::Power { unit, slot } => {
                self.power_name(unit, slot)
            }
            crate::rules::powers::LastingSource::Vaala { card } => self
                .pack
                .vaala
                .get(usize::from(card))
                .map(|c| c.name.clone()),
        }
    }

    /// The name of the power in `slot` of `unit`, as the battle's story
    /// names it from any state of the battle: the power in play there now,
    /// or the one a Hero leading the unit as its Captain lent it from
    /// [`CAPTAIN_POWER_SLOT`] (kept once the troopers are gone), or one
    /// printed on either side of the unit's own card.
    pub fn power_name(&self, unit: u16, slot: u8) -> Option<String> {
        if let Some((_, p)) = self.powers_of(unit).find(|(s, _)| *s == slot) {
            return Some(p.name.clone());
        }
        let u = self.units.get(usize::from(unit))?;
        let lent = slot
            .checked_sub(CAPTAIN_POWER_SLOT)
            .filter(|_| slot < ARTIFACT_POWER_SLOT);
        if let Some(k) = lent {
            let card = self.pack.card(u.hero_captain?.card)?;
            return card
                .front
                .powers
                .get(usize::from(k))
                .map(|p| p.name.clone());
        }
        let card = self.card(unit);
        std::iter::once(&card.front)
            .chain(card.injured.as_ref())
            .find_map(|side| side.powers.get(usize::from(slot)))
            .map(|p| p.name.clone())
    }

    fn power_at(&self, unit: u16, slot: u8) -> Result<&Power, BattleError> {
        match self.powers_of(unit).into_iter().find(|(s, _)| *s == slot) {
            Some((_, p)) => Ok(p),
            None => err(format!("unit {unit} has no power in slot {slot}")),
        }
    }

    /// "Activate Power": an action power of the active unit, allowed now
    /// ("Activating Powers": not Exhausted, an Ultimate once a game), with
    /// effects the engine resolves, and a legal target.
    pub fn check_power(&self, unit: u16, slot: u8, target: Option<u16>) -> Result<(), BattleError> {
        let power = self.power_at(unit, slot)?;
        if power.timing != powers::Timing::Action {
            return err(format!(
                "{} is not an action power (BoV 5.1, \"Activate power\")",
                power.name
            ));
        }
        if !power.resolvable_as_action() {
            return err(format!(
                "{}: an effect of this power cannot be resolved as an action",
                power.name
            ));
        }
        activation::check_activation(
            power,
            slot,
            &self.units[usize::from(unit)].state,
            self.used_this_turn(unit, slot),
        )
        .map_err(|e| BattleError(format!("{}: {e}", power.name)))?;
        let snap = self.snapshot();
        let sight = Sightlines::new(&self.field, &snap.models);
        self.check_power_target(&snap, &sight, unit, power, target)
    }

    /// The one named unit must suit every effect that chooses a unit; a
    /// power without such an effect names none.
    pub(crate) fn check_power_target(
        &self,
        snap: &Snapshot,
        sight: &Sightlines,
        unit: u16,
        power: &Power,
        target: Option<u16>,
    ) -> Result<(), BattleError> {
        self.check_effects_target(snap, sight, unit, &power.name, &power.effects, target)
    }

    /// [`Self::check_power_target`] for any effects (a Vaala card's too).
    pub(crate) fn check_effects_target(
        &self,
        snap: &Snapshot,
        sight: &Sightlines,
        unit: u16,
        name: &str,
        effects: &[Effect],
        target: Option<u16>,
    ) -> Result<(), BattleError> {
        let chooses = effects.iter().any(Effect::chooses_a_unit);
        let Some(t) = target else {
            if chooses {
                return err(format!("{name} needs a target unit"));
            }
            return Ok(());
        };
        if !chooses {
            return err(format!("{name} names no target unit"));
        }
        let Some(tu) = self.units.get(usize::from(t)) else {
            return err(format!("there is no unit {t}"));
        };
        if !tu.alive() {
            return err(format!("unit {t} ({}) is not on the battlefield", tu.name));
        }
        let friend = tu.owner == self.units[usize::from(unit)].owner;
        for e in effects.iter().filter(|e| e.chooses_a_unit()) {
            match e {
                Effect::Attack { weapon, .. } => {
                    if friend {
                        return err(format!("unit {t} ({}) is not an enemy", tu.name));
                    }
                    let engaged = self.engaged_with(snap, unit);
                    match weapon {
                        WeaponKind::Melee if !engaged.contains(&t) => {
                            return err(format!(
                                "a melee attack needs a target engaged with the unit (BoV 5.1, \"Melee Attacks\"): unit {t} is not"
                            ));
                        }
                        WeaponKind::Ranged if !engaged.is_empty() => {
                            return err(
                                "an engaged unit may not make ranged attacks (BoV 5.1, \"No Ranged Attacks while Engaged\")",
                            );
                        }
                        WeaponKind::Ranged => self.ranged_target_ok(snap, sight, unit, t)?,
                        WeaponKind::Melee => {}
                    }
                }
                _ => match e.target() {
                    Some(Target::Friend { range, with }) => {
                        if !friend {
                            return err(format!("unit {t} ({}) is not a friendly unit", tu.name));
                        }
                        if let Some(k) = with
                            && !self.card(t).answers_to(k)
                        {
                            return err(format!("unit {t} ({}) is not {k}", tu.name));
                        }
                        self.within_power_range(unit, t, *range)?;
                    }
                    Some(Target::Enemy { range }) => {
                        if friend {
                            return err(format!("unit {t} ({}) is not an enemy", tu.name));
                        }
                        self.within_power_range(unit, t, *range)?;
                        if !sight.unit_sees(UnitId(self.body(unit)), UnitId(self.body(t))) {
                            return err(format!("unit {t} is not in line of sight of the caster"));
                        }
                    }
                    Some(Target::EngagedEnemy)
                        if friend || !self.engaged_with(snap, unit).contains(&t) =>
                    {
                        return err(format!(
                            "unit {t} ({}) is not an enemy engaged with the caster",
                            tu.name
                        ));
                    }
                    _ => {}
                },
            }
        }
        Ok(())
    }

    /// Whether `t` is on the side every effect of `effects` that chooses a
    /// unit asks for, and within its range: tests that
    /// [`Self::check_effects_target`] makes too, asked without wording a
    /// refusal, so a unit this refuses is refused there as well. Lists of
    /// targets ask it first: most units are refused here, cheaply.
    pub(crate) fn may_target(&self, unit: u16, effects: &[Effect], t: u16) -> bool {
        let Some(tu) = self.units.get(usize::from(t)) else {
            return false;
        };
        let friend = tu.owner == self.units[usize::from(unit)].owner;
        let in_range =
            |range: u8| t == unit || self.distance(unit, t) <= self.power_range(unit, range) + 1e-9;
        effects
            .iter()
            .filter(|e| e.chooses_a_unit())
            .all(|e| match e {
                Effect::Attack { .. } => !friend,
                _ => match e.target() {
                    Some(Target::Friend { range, .. }) => friend && in_range(*range),
                    Some(Target::Enemy { range }) => !friend && in_range(*range),
                    Some(Target::EngagedEnemy) => !friend,
                    _ => true,
                },
            })
    }

    /// A power's range in inches: as printed, or for `range: 0` the caster's
    /// ranged attack range (the Vaala cards' convention, content/bov/README.md).
    fn power_range(&self, caster: u16, range: u8) -> f64 {
        if range == 0 {
            self.profile(caster)
                .ranged
                .as_ref()
                .map_or(0.0, |r| f64::from(r.range))
        } else {
            f64::from(range)
        }
    }

    fn within_power_range(&self, caster: u16, t: u16, range: u8) -> Result<(), BattleError> {
        // "If a power ... can target friendly units, it can also target the
        // casting unit" (BoV 5.1, "Targets for powers & Vaala cards").
        if t == caster || self.distance(caster, t) <= self.power_range(caster, range) + 1e-9 {
            return Ok(());
        }
        err(format!(
            "unit {t} is more than {}\" from the caster",
            self.power_range(caster, range)
        ))
    }

    /// Whether the unit already activated the power in `slot` this turn.
    pub fn used_this_turn(&self, unit: u16, slot: u8) -> bool {
        self.units[usize::from(unit)].powers_used & (1 << (slot & 15)) != 0
    }

    /// The action powers the unit may activate now, each with every target
    /// it may be given (`None` for a power that names none).
    pub fn power_choices(&self, unit: u16) -> Vec<(u8, Option<u16>)> {
        self.power_choices_seen(unit, None)
    }

    /// [`Self::power_choices`] with the battle's snapshot and sight lines
    /// when the caller has them (otherwise made when a power needs them).
    pub fn power_choices_seen(
        &self,
        unit: u16,
        seen: Option<(&Snapshot, &Sightlines)>,
    ) -> Vec<(u8, Option<u16>)> {
        let mut made: Option<(Snapshot, Sightlines)> = None;
        let state = &self.units[usize::from(unit)].state;
        let mut out = Vec::new();
        for (slot, p) in self.powers_of(unit) {
            if !p.resolvable_as_action()
                || activation::check_activation(p, slot, state, self.used_this_turn(unit, slot))
                    .is_err()
            {
                continue;
            }
            if !p.chooses_a_unit() {
                out.push((slot, None));
                continue;
            }
            let (snap, sight) = match seen {
                Some(s) => s,
                None => {
                    let (snap, sight) = made.get_or_insert_with(|| {
                        let snap = self.snapshot();
                        let sight = Sightlines::new(&self.field, &snap.models);
                        (snap, sight)
                    });
                    (&*snap, &*sight)
                }
            };
            for u in self.units.iter().filter(|u| u.alive()) {
                if self.may_target(unit, &p.effects, u.id)
                    && self
                        .check_power_target(snap, sight, unit, p, Some(u.id))
                        .is_ok()
                {
                    out.push((slot, Some(u.id)));
                }
            }
        }
        out
    }

    /// Resolves a checked Activate Power: its cost and Ultimate marker, then
    /// each effect in the order printed. Steps an effect queues (wounds,
    /// consolidation) keep that order.
    pub(crate) fn activate_power(&mut self, unit: u16, slot: u8, target: Option<u16>) {
        let Ok(power) = self.power_at(unit, slot).cloned() else {
            return;
        };
        activation::activate_as_action(&power, slot, &mut self.units[usize::from(unit)].state);
        self.count_power_use(unit, slot);
        let ctx = Named {
            unit: target,
            source: Some(crate::rules::powers::LastingSource::Power { unit, slot }),
            ..Named::default()
        };
        let mut queued = std::mem::take(&mut self.queue);
        for e in &power.effects {
            self.resolve_effect(unit, e, &ctx);
            queued.append(&mut self.queue);
        }
        self.queue = queued;
    }

    /// Marks the power in `slot` used this turn and counts its use.
    pub(crate) fn count_power_use(&mut self, unit: u16, slot: u8) {
        self.units[usize::from(unit)].powers_used |= 1 << (slot & 15);
        if let Some(key) = self.power_key(unit, slot) {
            *self.uses.entry(key).or_default() += 1;
        }
    }

    /// The card a power belongs to, as [`super::Battle::cards_used`] counts it.
    fn power_key(&self, unit: u16, slot: u8) -> Option<(CardKind, String)> {
        if slot == ARTIFACT_POWER_SLOT {
            let a = self.units[usize::from(unit)].artifact?;
            return Some((CardKind::Artifact, self.pack.artifacts.get(a)?.id.clone()));
        }
        let (_, p) = self.powers_of(unit).find(|(s, _)| *s == slot)?;
        Some((CardKind::Power, p.id.clone()))
    }

    /// The units an effect applies to.
    pub(crate) fn effect_units(&self, caster: u16, t: &Target, named: &Named) -> Vec<u16> {
        let owner = self.units[usize::from(caster)].owner;
        let within = |u: &super::Unit, range: u8| {
            u.id == caster || self.distance(caster, u.id) <= self.power_range(caster, range) + 1e-9
        };
        match *t {
            Target::Caster => vec![caster],
            Target::Friend { .. } | Target::Enemy { .. } | Target::EngagedEnemy => {
                named.unit.into_iter().collect()
            }
            Target::AllFriends { range } => self
                .living(owner)
                .filter(|u| within(u, range))
                .map(|u| u.id)
                .collect(),
            Target::AllEnemies { range } => self
                .enemies(owner)
                .filter(|u| within(u, range))
                .map(|u| u.id)
                .collect(),
            Target::Triggering => named.triggering.into_iter().collect(),
            Target::Subject => named.subject.into_iter().collect(),
            Target::Wounded => named.wounded.into_iter().collect(),
        }
    }

    /// One effect of the language, applied by the caster.
    pub(crate) fn resolve_effect(&mut self, caster: u16, effect: &Effect, named: &Named) {
        if let Effect::Attack {
            weapon,
            modifier,
            ref if_wounds,
        } = *effect
        {
            // "Certain powers will allow a unit to make an attack. These
            // attacks follow the standard rules for making an attack."
            let Some(t) = named.unit else {
                return;
            };
            if modifier != 0 {
                self.units[usize::from(caster)].lasting.push(Lasting {
                    change: Change::Roll {
                        roll: Roll::Attack,
                        against: Some(weapon),
                    },
                    amount: modifier,
                    duration: Duration::ThisRoll,
                    source: named.source,
                });
            }
            let before = self.queue.len();
            match weapon {
                WeaponKind::Melee => self.melee_attack(caster, t, false, true),
                WeaponKind::Ranged => self.ranged_attack(caster, t, false),
            }
            // The attack's steps are queued first; its result follows them.
            let attack_steps = self.queue.len() - before;
            if !if_wounds.is_empty() {
                self.queue.insert(
                    attack_steps,
                    Step::IfWounds {
                        caster,
                        effects: if_wounds.clone(),
                        wounded: Vec::new(),
                    },
                );
            }
            return;
        }
        let Some(target) = effect.target() else {
            return;
        };
        let units: Vec<u16> = self
            .effect_units(caster, target, named)
            .into_iter()
            .filter(|&u| self.units[usize::from(u)].alive())
            .collect();
        for u in units {
            match effect {
                Effect::Heal { amount, .. } => {
                    let (wounds, markers) = self.heal(u, *amount);
                    if wounds > 0 || !markers.is_empty() {
                        self.affected(caster, u, Affect::Healed { wounds, markers });
                    }
                }
                Effect::Wounds { dice, .. } => {
                    // "Hits vs. Wounds": every hit is a wound, no defense.
                    let wounds =
                        self.roll_wounds_told(caster, u, super::log::AttackKind::Power, dice);
                    self.queue.push_back(Step::Wounds {
                        unit: u,
                        wounds,
                        statuses: Vec::new(),
                        by: None,
                    });
                    self.watch_destruction(caster, u, self.queue.len());
                }
                Effect::Hits { dice, .. } => self.power_hits(caster, u, dice),
                Effect::Status { status, count, .. } => {
                    self.add_status(u, *status, *count);
                }
                Effect::Modifier { .. } | Effect::Speed { .. } => {
                    if let Some(mut l) = Lasting::of(effect) {
                        l.source = named.source;
                        self.units[usize::from(u)].lasting.push(l);
                        self.affected(caster, u, Affect::Lasting { lasting: l });
                    }
                }
                Effect::Fatigue { amount, .. } => {
                    let st = &mut self.units[usize::from(u)].state;
                    let before = st.fatigue;
                    let n = amount.unsigned_abs();
                    st.fatigue = if *amount < 0 {
                        st.fatigue.saturating_sub(n)
                    } else {
                        st.fatigue.saturating_add(n)
                    };
                    let change = i16::from(st.fatigue) - i16::from(before);
                    if change != 0 {
                        let change = change.clamp(-127, 127) as i8;
                        self.affected(caster, u, Affect::Fatigue { change });
                    }
                }
                Effect::Move { inches, .. } => {
                    // The owner draws the move, as for a March.
                    self.queue.push_back(Step::PowerMove {
                        unit: u,
                        inches: f64::from(*inches),
                    });
                }
                Effect::Place { .. } => self.queue.push_back(Step::PowerPlace { unit: u }),
                Effect::PoisonToWounds { .. } => {
                    let status = &mut self.units[usize::from(u)].state.status;
                    let markers = status.remove(StatusKind::Poisoned, u8::MAX);
                    if markers > 0 {
                        self.affected(caster, u, Affect::PoisonToWounds { markers });
                        self.queue.push_back(Step::Wounds {
                            unit: u,
                            wounds: u32::from(markers),
                            statuses: Vec::new(),
                            by: None,
                        });
                        self.watch_destruction(caster, u, self.queue.len());
                    }
                }
                Effect::Attack { .. } => {}
            }
        }
    }

    /// An `Attack` effect's `if_wounds`, once its attack is resolved: each
    /// effect on each unit it wounded, in the order they were wounded; the
    /// steps they queue come before the rest of the queue.
    pub(crate) fn if_wounds_step(&mut self, caster: u16, effects: &[Effect], wounded: &[u16]) {
        let rest = std::mem::take(&mut self.queue);
        for &w in wounded {
            let named = Named {
                wounded: Some(w),
                ..Named::default()
            };
            for e in effects {
                self.resolve_effect(caster, e, &named);
            }
        }
        self.queue.extend(rest);
    }

    /// Tells what an effect of `caster` did to `unit`.
    fn affected(&mut self, caster: u16, unit: u16, effect: Affect) {
        self.tell(super::log::Audience::Public, || {
            super::log::Event::Affected {
                caster,
                unit,
                effect,
            }
        });
    }

    /// "Healing": wound counters first, then status markers, the most
    /// harmful first (the engine's choice for the owner; docs/rulings.md).
    /// The wounds and the markers healed.
    fn heal(&mut self, unit: u16, amount: u8) -> (u8, Vec<StatusKind>) {
        let st = &mut self.units[usize::from(unit)].state;
        let mut left = amount.saturating_sub(st.wounds);
        let mut markers = Vec::new();
        let mut status = st.status;
        for k in [
            StatusKind::Poisoned,
            StatusKind::Immobilized,
            StatusKind::Slowed,
        ] {
            while left > 0 && status.remove(k, 1) == 1 {
                markers.push(k);
                left -= 1;
            }
        }
        let wounds = amount.min(st.wounds);
        crate::rules::wounds::heal(st, amount, &markers);
        (wounds, markers)
    }

    /// Dice of hits from a power: not an attack (BoV p.21, "Making Attacks
    /// vs. Rolling Dice": "these are not considered attacks"), so the
    /// caster's models and modifiers do not count; the target defends as
    /// `Against::Power` says (`defense.rs`).
    fn power_hits(&mut self, caster: u16, u: u16, dice: &crate::rules::units::Dice) {
        let witness = self.witness();
        let roll = roll_attack(dice.groups(), Shift::None, &mut self.stream);
        self.tell_attack(
            witness,
            caster,
            u,
            super::log::AttackKind::Power,
            dice.groups(),
            &crate::rules::modifiers::AttackModifiers::new(
                crate::rules::fatigue::FatigueState::Normal,
            ),
            roll,
        );
        self.queue.push_back(Step::Defend {
            unit: u,
            against: super::defense::Against::Power { caster },
            standard: roll.standard,
            critical: roll.critical,
            asked: false,
        });
    }

    /// A unit's defense modifiers for one roll against `kind`: its fatigue
    /// and the lasting powers on it (those kept for one roll are spent).
    /// The caller adds what depends on the attack: Flanked, cover.
    pub(crate) fn defense_modifiers(&mut self, unit: u16, kind: WeaponKind) -> DefenseModifiers {
        self.defense_modifiers_against(unit, kind, None)
    }

    /// [`Self::defense_modifiers`] against the attacks of `attacker`.
    pub(crate) fn defense_modifiers_against(
        &mut self,
        unit: u16,
        kind: WeaponKind,
        attacker: Option<u16>,
    ) -> DefenseModifiers {
        let mut dm = DefenseModifiers::new(self.units[usize::from(unit)].fatigue(), kind);
        dm.dragonbonded = self.dragonbonded(unit);
        dm.injured = self.injured_downgrade(unit);
        dm.powers = self.roll_powers(unit, Roll::Defense, Some(kind), attacker);
        dm
    }

    /// The upgrades (+) and downgrades (-) of the powers on one roll of
    /// `unit`: the lasting effects on it (those kept for one roll are
    /// spent) and the passive powers in play that reach it, each counted
    /// as used when it changes the roll. `opponent`: the other unit of the
    /// attack, for conditions.
    pub(crate) fn roll_powers(
        &mut self,
        unit: u16,
        roll: Roll,
        weapon: Option<WeaponKind>,
        opponent: Option<u16>,
    ) -> i8 {
        let lasting = self.power_modifier(unit, roll, weapon);
        // The powers that changed this roll, named in its story: those that
        // left a lasting effect on it, then the passive ones.
        self.roll_named = self.units[usize::from(unit)]
            .lasting
            .iter()
            .filter(|l| l.amount != 0 && l.applies_to(roll, weapon))
            .filter_map(|l| self.source_name(l.source?))
            .collect();
        self.spend_power_roll(unit, roll, weapon);
        let mut acted = Vec::new();
        let passive = self.passive_shift(unit, roll, weapon, opponent, &mut acted);
        self.roll_named
            .extend(acted.iter().map(|(_, name)| name.clone()));
        for (key, _) in acted {
            *self.uses.entry(key).or_default() += 1;
        }
        (i32::from(lasting) + passive).clamp(-127, 127) as i8
    }

    /// BoV 5.1, "Passive Powers": "always active". The net upgrades the
    /// passive powers of every unit on the battlefield give `unit`'s roll
    /// (its own on `Caster`, a friend's on `AllFriends` in range, an
    /// enemy's on `AllEnemies` in range), and the cards that acted.
    fn passive_shift(
        &self,
        unit: u16,
        roll: Roll,
        weapon: Option<WeaponKind>,
        opponent: Option<u16>,
        acted: &mut Vec<((CardKind, String), String)>,
    ) -> i32 {
        let owner = self.units[usize::from(unit)].owner;
        let mut sum = 0;
        for src in self.units.iter().filter(|u| u.alive()) {
            for (slot, p) in self.powers_of(src.id) {
                if p.timing != Timing::Passive {
                    continue;
                }
                let mut used = false;
                for e in &p.effects {
                    let Effect::Modifier {
                        target,
                        roll: r,
                        amount,
                        against,
                        when,
                        ..
                    } = e
                    else {
                        continue;
                    };
                    if *r != roll || (against.is_some() && *against != weapon) {
                        continue;
                    }
                    let reaches = match *target {
                        Target::Caster => src.id == unit,
                        Target::AllFriends { range } => {
                            src.owner == owner
                                && (src.id == unit
                                    || self.distance(src.id, unit)
                                        <= self.power_range(src.id, range) + 1e-9)
                        }
                        Target::AllEnemies { range } => {
                            src.owner != owner
                                && self.distance(src.id, unit)
                                    <= self.power_range(src.id, range) + 1e-9
                        }
                        _ => false,
                    };
                    if !reaches || !self.condition_holds(*when, unit, opponent) {
                        continue;
                    }
                    sum += i32::from(*amount);
                    used = true;
                }
                if used && let Some(key) = self.power_key(src.id, slot) {
                    acted.push((key, p.name.clone()));
                }
            }
        }
        sum
    }

    /// The net upgrades the passive powers in play give `unit`'s roll
    /// against (or by) `opponent`, without counting them as used.
    pub fn passive_modifier(
        &self,
        unit: u16,
        roll: Roll,
        weapon: Option<WeaponKind>,
        opponent: Option<u16>,
    ) -> i32 {
        self.passive_shift(unit, roll, weapon, opponent, &mut Vec::new())
    }

    /// Whether `when` holds for `unit`'s roll against (or by) `opponent`.
    /// `OpponentFlanked` counts the units of `unit`'s side only: "a unit
    /// that is already engaged with another friendly unit" is not one
    /// engaged with a Monster (docs/rulings.md, "Flanked and Flanking with
    /// a Monster"). With two sides that is the opponent being Flanked.
    fn condition_holds(&self, when: Option<Condition>, unit: u16, opponent: Option<u16>) -> bool {
        match when {
            None => true,
            Some(Condition::OpponentFlanked) => opponent.is_some_and(|o| {
                let snap = self.snapshot();
                let side = self.units[usize::from(unit)].owner;
                self.flanked_by(&snap, o, Some(side))
            }),
            Some(Condition::OpponentModelsAtLeast(n)) => {
                opponent.is_some_and(|o| self.units[usize::from(o)].state.models() >= u32::from(n))
            }
        }
    }

    /// Inches the passive powers in play add to `unit`'s Speed.
    pub(crate) fn passive_speed(&self, unit: u16) -> i32 {
        self.passive_speeds()
            .map(|s| self.speed_reaching(unit, s))
            .sum()
    }

    /// The Speed effects of the passive powers in play, with the unit whose
    /// power each is: worked out once, they serve the allowances of a whole
    /// force ([`Battle::allowance_among`]).
    pub(crate) fn passive_speeds(&self) -> impl Iterator<Item = PassiveSpeed<'_>> + '_ {
        self.units
            .iter()
            .filter(|u| u.alive())
            .flat_map(move |src| {
                self.powers_of(src.id)
                    .filter(|(_, p)| p.timing == Timing::Passive)
                    .flat_map(|(_, p)| p.effects.iter())
                    .filter_map(move |e| match e {
                        Effect::Speed { target, inches, .. } => Some(PassiveSpeed {
                            src: src.id,
                            owner: src.owner,
                            target,
                            inches: *inches,
                        }),
                        _ => None,
                    })
            })
    }

    /// The inches `speed` adds to `unit`'s Speed: none unless it reaches it.
    pub(crate) fn speed_reaching(&self, unit: u16, speed: PassiveSpeed<'_>) -> i32 {
        let owner = self.units[usize::from(unit)].owner;
        let reaches = match *speed.target {
            Target::Caster => speed.src == unit,
            Target::AllFriends { range } => {
                speed.owner == owner
                    && self.distance(speed.src, unit) <= self.power_range(speed.src, range) + 1e-9
            }
            Target::AllEnemies { range } => {
                speed.owner != owner
                    && self.distance(speed.src, unit) <= self.power_range(speed.src, range) + 1e-9
            }
            _ => false,
        };
        if reaches { i32::from(speed.inches) } else { 0 }
    }

    /// Speed with the inches powers add, after Slowed and Immobilized,
    /// halved again for a Skirmish.
    pub fn allowance(&self, unit: u16, skirmish: bool) -> f64 {
        self.allowance_with(unit, skirmish, self.passive_speed(unit))
    }

    /// [`Self::allowance`] with the passive powers' Speed effects gathered
    /// beforehand ([`Self::passive_speeds`]), for the allowances of many units.
    pub(crate) fn allowance_among(
        &self,
        unit: u16,
        skirmish: bool,
        speeds: &[PassiveSpeed<'_>],
    ) -> f64 {
        let passive = speeds.iter().map(|&s| self.speed_reaching(unit, s)).sum();
        self.allowance_with(unit, skirmish, passive)
    }

    /// [`Self::allowance`] with `passive` inches from passive powers.
    fn allowance_with(&self, unit: u16, skirmish: bool, passive: i32) -> f64 {
        let u = &self.units[usize::from(unit)];
        let bonus = crate::rules::powers::speed_bonus(&u.lasting) + passive;
        let speed = f64::from((i32::from(self.profile(unit).speed) + bonus).max(0));
        crate::rules::status::speed_allowance(
            speed,
            &self.units[usize::from(unit)].state.status,
            skirmish && self.edition().skirmish_halves_move(),
        )
    }

    /// The upgrades (+) and downgrades (-) lasting powers give a unit's roll.
    pub fn power_modifier(&self, unit: u16, roll: Roll, weapon: Option<WeaponKind>) -> i8 {
        powers::roll_shift(&self.units[usize::from(unit)].lasting, roll, weapon)
    }

    /// A roll was made: effects kept for it end.
    pub(crate) fn spend_power_roll(&mut self, unit: u16, roll: Roll, weapon: Option<WeaponKind>) {
        powers::spend_roll(&mut self.units[usize::from(unit)].lasting, roll, weapon);
    }

    /// The end of an activation ends the effects that lasted for it.
    pub(crate) fn expire_activation(&mut self) {
        for u in &mut self.units {
            powers::expire_activation(&mut u.lasting);
        }
    }

    /// The end of a turn or of a round ends the lasting effects that last
    /// that long; a new turn may use every power again ("once per turn").
    pub(crate) fn expire_lasting(&mut self, end_of_round: bool) {
        for u in &mut self.units {
            powers::expire(&mut u.lasting, end_of_round);
            u.powers_used = 0;
        }
    }
}

/// The units a power's effects name: the one the player chose, and the
/// units of the trigger it answers.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Named {
    pub unit: Option<u16>,
    pub triggering: Option<u16>,
    pub subject: Option<u16>,
    /// A unit the attack of an `Attack` effect wounded (its `if_wounds`).
    pub wounded: Option<u16>,
    /// The power or card whose effects these are.
    pub source: Option<crate::rules::powers::LastingSource>,
}
