//! The three modifier tables of 5.1 ("Upgrades & Downgrades": Attack Roll,
//! Defense Roll and Morale Test Modifiers), each summed into one net
//! [`Shift`] ("Multiple Downgrades and Upgrades"; docs/rulings.md, "Upgrades and downgrades").

use serde::{Deserialize, Serialize};
use valerna_dice::bov::Shift;

use super::fatigue::FatigueState;
use super::units::WeaponKind;

/// One line of a modifier table, or a power's modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovModifier))]
pub enum Modifier {
    Fresh,
    Exhausted,
    Charge,
    Skirmish,
    Dragonbonded,
    /// Majority inside or behind Obscuring terrain, against a ranged attack or power.
    Obscured,
    /// Flanked, against a melee attack.
    Flanked,
    InCommandOfHero,
    GeneralsAura,
    /// An Injured Epic Creature, in the starter edition (BoV starter,
    /// "Epic Creatures" > "Injury Penalty").
    Injured,
    /// The unit's Captain in play, on a trooper's morale test (BoV
    /// starter, "Morale Test Modifiers").
    CaptainInPlay,
    /// The unit's Captain killed, on a trooper's morale test (BoV starter,
    /// "Morale Test Modifiers").
    CaptainKilled,
    /// A Hero leading the unit as its Captain, on a trooper's morale test
    /// (BoV starter, "Heroes as Captains": "The troopers' Morale tests are
    /// Upgraded").
    HeroCaptain,
    /// An Upgrade token spent on the roll (BoV starter, "Add Vaala cards or
    /// Upgrade tokens").
    UpgradeToken,
    /// A power, Vaala or Artifact: +n upgrades or -n downgrades.
    Power(i8),
}

impl Modifier {
    /// +1 for an upgrade, -1 for a downgrade.
    pub fn value(self) -> i32 {
        match self {
            Modifier::Fresh
            | Modifier::Charge
            | Modifier::Dragonbonded
            | Modifier::Obscured
            | Modifier::InCommandOfHero
            | Modifier::GeneralsAura
            | Modifier::CaptainInPlay
            | Modifier::HeroCaptain
            | Modifier::UpgradeToken => 1,
            Modifier::Exhausted
            | Modifier::Skirmish
            | Modifier::Flanked
            | Modifier::Injured
            | Modifier::CaptainKilled => -1,
            Modifier::Power(n) => i32::from(n),
        }
    }
}

fn fatigue_line(fatigue: FatigueState, f: &mut impl FnMut(Modifier)) {
    match fatigue {
        FatigueState::Fresh => f(Modifier::Fresh),
        FatigueState::Exhausted => f(Modifier::Exhausted),
        FatigueState::Normal => {}
    }
}

/// One of the three 5.1 modifier tables, filled in for one roll.
pub trait Modifiers {
    /// Calls `f` with every source that applies, in table order.
    fn visit(&self, f: &mut impl FnMut(Modifier));

    /// Every source that applies, in table order (for showing the roll).
    fn sources(&self) -> Vec<Modifier> {
        let mut out = Vec::with_capacity(4);
        self.visit(&mut |m| out.push(m));
        out
    }

    /// The net shift, without allocating.
    fn shift(&self) -> Shift {
        Shift::net(self.net())
    }

    /// The upgrades less the downgrades (the shift is one step of its sign).
    fn net(&self) -> i32 {
        let mut sum = 0;
        self.visit(&mut |m| sum += m.value());
        sum
    }
}

/// What the attacking unit brings to its attack roll (BoV 5.1, "Attack Roll
/// Modifiers").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAttackModifiers))]
pub struct AttackModifiers {
    /// The attacker's fatigue after the counter its activation placed.
    pub fatigue: FatigueState,
    /// Part of a Charge action (move + melee attack).
    pub charge: bool,
    /// Part of a Skirmish action (half move + ranged attack).
    pub skirmish: bool,
    /// A bonded Dragonrider or dragon.
    pub dragonbonded: bool,
    /// An Injured Epic Creature whose edition downgrades it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub injured: bool,
    /// Powers, Vaala and Artifacts: the sum of their upgrades and downgrades.
    pub powers: i8,
    /// An Upgrade token spent on the roll (the starter edition).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub upgrade_token: bool,
}

impl AttackModifiers {
    pub fn new(fatigue: FatigueState) -> Self {
        Self {
            fatigue,
            charge: false,
            skirmish: false,
            dragonbonded: false,
            injured: false,
            powers: 0,
            upgrade_token: false,
        }
    }
}

impl Modifiers for AttackModifiers {
    /// Calls `f` with every source that applies, in table order.
    fn visit(&self, f: &mut impl FnMut(Modifier)) {
        fatigue_line(self.fatigue, f);
        if self.charge {
            f(Modifier::Charge);
        }
        if self.skirmish {
            f(Modifier::Skirmish);
        }
        if self.dragonbonded {
            f(Modifier::Dragonbonded);
        }
        if self.injured {
            f(Modifier::Injured);
        }
        if self.powers != 0 {
            f(Modifier::Power(self.powers));
        }
        if self.upgrade_token {
            f(Modifier::UpgradeToken);
        }
    }
}

/// What applies to the defending unit's defense roll (BoV 5.1, "Defense Roll
/// Modifiers").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDefenseModifiers))]
pub struct DefenseModifiers {
    pub fatigue: FatigueState,
    /// The kind of attack defended against: Flanked counts against melee,
    /// Obscuring terrain against ranged.
    pub against: WeaponKind,
    /// At least half of the unit's models inside or behind Obscuring
    /// terrain, as the geometry finds it.
    pub obscured: bool,
    /// Engaged by more than one enemy unit, against an attack the edition
    /// downgrades a Flanked unit's defense for.
    pub flanked: bool,
    pub dragonbonded: bool,
    /// An Injured Epic Creature whose edition downgrades it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub injured: bool,
    pub powers: i8,
    /// An Upgrade token spent on the roll (the starter edition).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub upgrade_token: bool,
}

impl DefenseModifiers {
    pub fn new(fatigue: FatigueState, against: WeaponKind) -> Self {
        Self {
            fatigue,
            against,
            obscured: false,
            flanked: false,
            dragonbonded: false,
            injured: false,
            powers: 0,
            upgrade_token: false,
        }
    }
}

impl Modifiers for DefenseModifiers {
    /// Calls `f` with every source that applies, in table order.
    fn visit(&self, f: &mut impl FnMut(Modifier)) {
        fatigue_line(self.fatigue, f);
        // "the unit's defense roll is upgraded when it is hit by a ranged
        // attack or power" (BoV 5.1, "Obscuring Terrain").
        if self.obscured && self.against == WeaponKind::Ranged {
            f(Modifier::Obscured);
        }
        // "While Flanked, a unit downgrades its defense rolls against melee
        // attacks" (BoV 5.1, "Flanking & Flanked"); against every attack in
        // the starter edition ("Flanking"): set only where it applies
        // (`Edition::flanked_downgrades`).
        if self.flanked {
            f(Modifier::Flanked);
        }
        if self.dragonbonded {
            f(Modifier::Dragonbonded);
        }
        if self.injured {
            f(Modifier::Injured);
        }
        if self.powers != 0 {
            f(Modifier::Power(self.powers));
        }
        if self.upgrade_token {
            f(Modifier::UpgradeToken);
        }
    }
}

/// Why a morale test is taken (BoV 5.1, "Morale").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoraleCause))]
pub enum MoraleCause {
    HeavyCasualties,
    GeneralDefeated,
    /// A power or card that calls for a test.
    Effect,
    /// The unit's Captain was killed (BoV starter, "Morale" > "2) Unit
    /// Captain is killed").
    CaptainKilled,
}

/// What applies to a model's morale test (BoV 5.1, "Morale Test Modifiers").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoraleModifiers))]
pub struct MoraleModifiers {
    pub fatigue: FatigueState,
    pub cause: MoraleCause,
    /// Within 1" of a Hero whose Command X it answers to, or carrying that
    /// Hero's activation marker ("Command X").
    pub in_command: bool,
    /// Within 12" of the General, as the geometry finds it.
    pub generals_aura: bool,
    pub dragonbonded: bool,
    /// A trooper's test in a unit with a Captain (the starter edition):
    /// `Some(true)` while the Captain is in play, `Some(false)` once it
    /// was killed or fled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captain: Option<bool>,
    /// A trooper's test in a unit a Hero leads as its Captain, the Hero in
    /// play (BoV starter, "Heroes as Captains").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hero_captain: bool,
    pub powers: i8,
}

impl MoraleModifiers {
    pub fn new(fatigue: FatigueState, cause: MoraleCause) -> Self {
        Self {
            fatigue,
            cause,
            in_command: false,
            generals_aura: false,
            dragonbonded: false,
            captain: None,
            hero_captain: false,
            powers: 0,
        }
    }
}

impl Modifiers for MoraleModifiers {
    /// Calls `f` with every source that applies, in table order.
    fn visit(&self, f: &mut impl FnMut(Modifier)) {
        fatigue_line(self.fatigue, f);
        if self.in_command {
            f(Modifier::InCommandOfHero);
        }
        // The aura upgrades morale tests "except for the General being
        // defeated" (BoV 5.1, "General's Aura of Command").
        if self.generals_aura && self.cause != MoraleCause::GeneralDefeated {
            f(Modifier::GeneralsAura);
        }
        if self.dragonbonded {
            f(Modifier::Dragonbonded);
        }
        // BoV starter, "Morale Test Modifiers": "Captain in play Upgrade",
        // "Captain killed Downgrade".
        match self.captain {
            Some(true) => f(Modifier::CaptainInPlay),
            Some(false) => f(Modifier::CaptainKilled),
            None => {}
        }
        if self.hero_captain {
            f(Modifier::HeroCaptain);
        }
        if self.powers != 0 {
            f(Modifier::Power(self.powers));
        }
    }
}
