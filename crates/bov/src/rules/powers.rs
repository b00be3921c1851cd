//! Powers as data (BoV 5.1, "Powers"): their type, their trigger, Ultimate,
//! and their effects in a small effect language.
//!
//! This part of the engine reads the type (what can be activated when, what it
//! costs); the effects are carried as data now and resolved by the powers
//! part of the engine, which extends [`Effect`] rather than the cards.

use serde::{Deserialize, Serialize};

use super::status::StatusKind;
use super::weapons::{Dice, WeaponKind};

/// When a power can be used (BoV 5.1, "Powers" > "Type").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTiming))]
pub enum Timing {
    /// Always active; costs no fatigue.
    Passive,
    /// Used as an activated unit's action; costs one fatigue by default.
    Action,
    /// Used in answer to its trigger; costs no fatigue by default.
    Reaction(Trigger),
}

/// What sets off a reaction power or a Vaala card: the italic sentence the
/// power's text begins with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTrigger))]
pub enum Trigger {
    StartOfActivation,
    EndOfActivation,
    EndOfTurn,
    EndOfRound,
    /// An enemy unit declares an attack against this unit (or the target).
    AttackDeclared(WeaponKind),
    /// This unit (or the target) is hit, before defense dice are rolled.
    Hit(WeaponKind),
    /// This unit is charged.
    Charged,
    /// An engaged enemy moves away (the Opportunity Attack trigger).
    EnemyDisengages,
    /// A model of this unit (or a friendly unit) is defeated.
    ModelDefeated,
    /// A friendly unit within range must take a morale test.
    MoraleTest,
    /// A unit wins Initiative.
    Initiative,
    /// This unit destroys the last model of a unit (BoV starter, Fig. 5.3:
    /// "After destroying the last model in a unit, this unit heals one
    /// wound").
    DestroysUnit,
}

/// Whom an effect applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTarget))]
pub enum Target {
    /// The casting unit itself.
    Caster,
    /// One friendly unit within `range` inches (the caster included),
    /// with the keyword `with` when it names one ("a friendly Ogerron
    /// unit").
    Friend {
        range: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// One enemy unit within `range` inches and line of sight.
    Enemy { range: u8 },
    /// One enemy unit engaged with the caster.
    EngagedEnemy,
    /// Every friendly unit within `range` inches.
    AllFriends { range: u8 },
    /// Every enemy unit within `range` inches.
    AllEnemies { range: u8 },
    /// The unit whose action set off the trigger: the attacker, the
    /// charger, the unit moving away, the unit activated, the unit whose
    /// model falls or which tests its morale.
    Triggering,
    /// The unit the trigger happened to: the unit attacked or charged (for
    /// the other triggers, the same unit as `Triggering`).
    Subject,
    /// A unit the attack wounded: only in an `Attack`'s `if_wounds`.
    Wounded,
}

/// A condition a passive modifier needs (BoV 5.1, "Passive Powers": a
/// power "always active", but often only in some situation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCondition))]
pub enum Condition {
    /// The other unit of the attack (the target, or the attacker for a
    /// defense roll) is Flanked by the power's side: engaged with more
    /// than one unit of the side whose roll it is, so "already engaged
    /// with another friendly unit". A Monster engaged with it does not
    /// count for a player's power (with two sides, the same as Flanked).
    OpponentFlanked,
    /// The other unit of the attack has at least this many models (BoV
    /// starter, Fig. 5.2's power: "Ranged attacks made by this unit are
    /// upgraded against units with 4 or more models").
    OpponentModelsAtLeast(u8),
}

/// Which roll a modifier applies to (BoV 5.1, "Upgrades & Downgrades").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovRoll))]
pub enum Roll {
    Attack,
    Defense,
    Morale,
}

/// How long a lasting effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDuration))]
pub enum Duration {
    /// The attack or roll the trigger belongs to.
    ThisRoll,
    ThisActivation,
    EndOfRound,
    /// As long as the power is in play (passive powers).
    Always,
}

/// One step of a power, a Vaala card or an Artifact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEffect))]
pub enum Effect {
    /// Remove wound counters or status markers (BoV 5.1, "Healing").
    Heal { target: Target, amount: u8 },
    /// Roll `dice` and apply every hit as a wound, no defense ("Hits vs.
    /// Wounds": "inflicts ☹☹ wounds").
    Wounds { target: Target, dice: Dice },
    /// Roll `dice`; the hits may be blocked as usual.
    Hits { target: Target, dice: Dice },
    /// Make an attack with one of the caster's weapons, with `modifier`
    /// upgrades (+) or downgrades (-). `if_wounds`: effects on each unit
    /// the attack wounds (its defense roll left at least one wound), after
    /// the attack's wounds are applied ("an enemy unit it wounds also gains
    /// a Poison marker"); they name that unit as [`Target::Wounded`].
    Attack {
        weapon: WeaponKind,
        modifier: i8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[cfg_attr(feature = "schema", schema(no_recursion))]
        if_wounds: Vec<Effect>,
    },
    /// Place status markers.
    Status {
        target: Target,
        status: StatusKind,
        count: u8,
    },
    /// An upgrade (+1) or downgrade (-1) on some rolls, against one kind of
    /// attack only when `against` names it ("defense rolls against melee
    /// attacks").
    Modifier {
        target: Target,
        roll: Roll,
        amount: i8,
        duration: Duration,
        #[serde(default)]
        against: Option<WeaponKind>,
        /// Only when this holds (passive powers).
        #[serde(default)]
        when: Option<Condition>,
    },
    /// Add to (or take from) Speed.
    Speed {
        target: Target,
        inches: i8,
        duration: Duration,
    },
    /// Move a unit up to `inches`.
    Move { target: Target, inches: u8 },
    /// Add (+) or remove (-) fatigue counters.
    Fatigue { target: Target, amount: i8 },
    /// Remove every Poison marker and suffer a wound for each (BoV starter,
    /// Fig. 5.2: "remove all their poison tokens and take a wound for each
    /// poison token removed").
    PoisonToWounds { target: Target },
    /// The owner places the unit anywhere on the battlefield, engaged with
    /// no enemy; it is not a move, so no Opportunity Attack (BoV starter,
    /// Fig. 5.3: "place it anywhere on the play area without becoming
    /// engaged").
    Place { target: Target },
}

/// A power printed on a card (K and L on Fig. 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPower))]
#[serde(deny_unknown_fields)]
pub struct Power {
    pub id: String,
    pub name: String,
    pub timing: Timing,
    /// "Ultimate": usable once a game (BoV 5.1, "Ultimate Powers").
    #[serde(default)]
    pub ultimate: bool,
    /// Fatigue it costs when it differs from its type's default.
    #[serde(default)]
    pub fatigue: Option<u8>,
    /// The printed text.
    pub text: String,
    #[serde(default)]
    pub effects: Vec<Effect>,
}

impl Power {
    /// Fatigue counters the power costs: one for an action power, none for a
    /// passive or reaction power, unless the card says otherwise (BoV 5.1,
    /// "Powers" > "Type").
    pub fn fatigue_cost(&self) -> u8 {
        self.fatigue.unwrap_or(match self.timing {
            Timing::Action => 1,
            Timing::Passive | Timing::Reaction(_) => 0,
        })
    }

    /// Whether an Exhausted unit may still use it: only passive powers keep
    /// working (BoV 5.1, "Activating Powers"; "Fatigue").
    pub fn usable_when_exhausted(&self) -> bool {
        matches!(self.timing, Timing::Passive)
    }
}

impl Effect {
    /// Whether the turn engine resolves this effect as part of an Activate
    /// Power action: `Triggering` and `Subject` name the units of a
    /// trigger, which an action has not.
    pub fn resolvable_as_action(&self) -> bool {
        !matches!(self.target(), Some(Target::Triggering | Target::Subject))
    }

    /// Whether the unit named for it must be friendly (`Some(true)`), an
    /// enemy (`Some(false)`), or it names none.
    pub fn named_side(&self) -> Option<bool> {
        match (self, self.target()) {
            (Effect::Attack { .. }, _) => Some(false),
            (_, Some(Target::Friend { .. })) => Some(true),
            (_, Some(Target::Enemy { .. } | Target::EngagedEnemy)) => Some(false),
            _ => None,
        }
    }

    /// Whether it lasts on its own and needs no unit named: what a passive
    /// power may do ("always active and does not need to be activated").
    pub fn passive_kind(&self) -> bool {
        matches!(self, Effect::Modifier { .. } | Effect::Speed { .. })
            && matches!(
                self.target(),
                Some(Target::Caster | Target::AllFriends { .. } | Target::AllEnemies { .. })
            )
    }

    /// Whom the effect applies to, if it names a target.
    pub fn target(&self) -> Option<&Target> {
        match self {
            Effect::Attack { .. } => None,
            Effect::Heal { target, .. }
            | Effect::Wounds { target, .. }
            | Effect::Hits { target, .. }
            | Effect::Status { target, .. }
            | Effect::Modifier { target, .. }
            | Effect::Speed { target, .. }
            | Effect::Move { target, .. }
            | Effect::Fatigue { target, .. }
            | Effect::PoisonToWounds { target }
            | Effect::Place { target } => Some(target),
        }
    }

    /// Whether the player names one unit for this effect: a single friend
    /// or enemy, or the target of an attack.
    pub fn chooses_a_unit(&self) -> bool {
        matches!(self, Effect::Attack { .. })
            || matches!(
                self.target(),
                Some(Target::Friend { .. } | Target::Enemy { .. } | Target::EngagedEnemy)
            )
    }
}

impl Power {
    /// An action power the turn engine can resolve as an action.
    pub fn resolvable_as_action(&self) -> bool {
        self.timing == Timing::Action && self.effects.iter().all(Effect::resolvable_as_action)
    }

    /// Whether the player names a target unit when activating it.
    pub fn chooses_a_unit(&self) -> bool {
        self.effects.iter().any(Effect::chooses_a_unit)
    }

    /// Why the power could never be activated (or, for a passive power,
    /// never act), if so. The player names one unit for all the effects
    /// that choose one, so they must agree on its side; an action has no
    /// trigger to name a unit; a passive power only lasts.
    pub fn never_usable(&self) -> Option<String> {
        never_usable(&self.timing, &self.effects)
    }
}

/// [`Power::never_usable`] for any timing and effects (a Vaala card's too).
pub fn never_usable(timing: &Timing, effects: &[Effect]) -> Option<String> {
    if let Some(why) = wounded_misused(effects, false) {
        return Some(why);
    }
    let sides: Vec<bool> = effects.iter().filter_map(Effect::named_side).collect();
    if sides.contains(&true) && sides.contains(&false) {
        return Some(
            "its effects need a friendly and an enemy unit, but one unit is named for them all"
                .into(),
        );
    }
    match timing {
        Timing::Action if !effects.iter().all(Effect::resolvable_as_action) => Some(
            "an action power has no trigger, so `Triggering` or `Subject` names no unit".into(),
        ),
        Timing::Passive if !effects.iter().all(Effect::passive_kind) => Some(
            "a passive power is never activated: only Modifier and Speed effects on the caster, \
             AllFriends or AllEnemies act"
                .into(),
        ),
        Timing::Action | Timing::Reaction(_)
            if effects
                .iter()
                .any(|e| matches!(e, Effect::Modifier { when: Some(_), .. })) =>
        {
            Some("only a passive power's modifier has a condition (`when`)".into())
        }
        _ => None,
    }
}

/// Why the effects name the unit an attack wounded where there is none:
/// `Wounded` outside an `Attack`'s `if_wounds`, or inside it an effect that
/// has the player name a unit or makes another attack (an attack's result
/// names its units; `inside` is whether `effects` are an `if_wounds`).
fn wounded_misused(effects: &[Effect], inside: bool) -> Option<String> {
    for e in effects {
        if let Effect::Attack { if_wounds, .. } = e {
            if inside {
                return Some("an attack's `if_wounds` cannot make another attack".into());
            }
            if let Some(why) = wounded_misused(if_wounds, true) {
                return Some(why);
            }
            continue;
        }
        match e.target() {
            Some(Target::Wounded) if !inside => {
                return Some(
                    "`Wounded` names a unit an attack wounded: only in an `Attack`'s `if_wounds`"
                        .into(),
                );
            }
            Some(Target::Friend { .. } | Target::Enemy { .. } | Target::EngagedEnemy) if inside => {
                return Some(
                    "an attack's `if_wounds` applies to the units it wounded (`Wounded`), not to a unit the player names"
                        .into(),
                );
            }
            _ => {}
        }
    }
    None
}

/// The bit of [`super::state::UnitState::ultimates_used`] a power takes: its
/// index on the front of the card (0-14; the Injured side's powers follow
/// the same numbering), or 15 for the power of the carried Artifact.
pub const ARTIFACT_POWER_SLOT: u8 = 15;

/// The slot of the first power of a Hero leading troopers as their Captain
/// (BoV starter, "Heroes as Captains": "The whole unit benefits from the
/// Power shown on the Hero's card and the Power shown on the Trooper's
/// card"): the troopers' own powers take the slots below it. Once the
/// troopers are gone the Hero's powers take slots from 0, and its Ultimate
/// markers move with them.
pub const CAPTAIN_POWER_SLOT: u8 = 8;

/// What a lasting effect changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovChange))]
pub enum Change {
    /// Upgrades (+) or downgrades (-) of a roll, against one kind of attack
    /// or all.
    Roll {
        roll: Roll,
        against: Option<WeaponKind>,
    },
    /// Inches added to (or taken from) Speed.
    Speed,
}

/// An effect a power left on a unit for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovLasting))]
pub struct Lasting {
    pub change: Change,
    pub amount: i8,
    pub duration: Duration,
    /// The power or card that left it, so that a roll it changes names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<LastingSource>,
}

/// Where a lasting effect came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovLastingSource))]
#[serde(rename_all = "snake_case")]
pub enum LastingSource {
    /// The power in `slot` of `unit`.
    Power { unit: u16, slot: u8 },
    /// A Vaala card, by its place in the pack.
    Vaala { card: u16 },
}

impl Lasting {
    /// The lasting part of an effect, if it has one.
    pub fn of(effect: &Effect) -> Option<Lasting> {
        match *effect {
            Effect::Modifier {
                roll,
                amount,
                duration,
                against,
                ..
            } => Some(Lasting {
                change: Change::Roll { roll, against },
                amount,
                duration,
                source: None,
            }),
            Effect::Speed {
                inches, duration, ..
            } => Some(Lasting {
                change: Change::Speed,
                amount: inches,
                duration,
                source: None,
            }),
            _ => None,
        }
    }

    pub fn applies_to(&self, roll: Roll, weapon: Option<WeaponKind>) -> bool {
        match self.change {
            Change::Roll { roll: r, against } => {
                r == roll && (against.is_none() || against == weapon)
            }
            Change::Speed => false,
        }
    }
}

/// The net upgrades of the lasting effects on one roll (`weapon`: the kind
/// of attack made or defended against; `None` for morale).
pub fn roll_shift(lasting: &[Lasting], roll: Roll, weapon: Option<WeaponKind>) -> i8 {
    let sum: i32 = lasting
        .iter()
        .filter(|l| l.applies_to(roll, weapon))
        .map(|l| i32::from(l.amount))
        .sum();
    sum.clamp(-127, 127) as i8
}

/// Removes the effects that lasted for one roll, once that roll is made.
pub fn spend_roll(lasting: &mut Vec<Lasting>, roll: Roll, weapon: Option<WeaponKind>) {
    lasting.retain(|l| !(l.duration == Duration::ThisRoll && l.applies_to(roll, weapon)));
}

/// Inches the lasting effects add to Speed.
pub fn speed_bonus(lasting: &[Lasting]) -> i32 {
    lasting
        .iter()
        .filter(|l| l.change == Change::Speed)
        .map(|l| i32::from(l.amount))
        .sum()
}

/// At the end of an activation the effects that lasted "this activation"
/// end.
pub fn expire_activation(lasting: &mut Vec<Lasting>) {
    lasting.retain(|l| l.duration != Duration::ThisActivation);
}

/// At the end of a turn the effects of that turn's activations end, and with
/// them any roll they were kept for; at the end of the round, those that
/// lasted until then.
pub fn expire(lasting: &mut Vec<Lasting>, end_of_round: bool) {
    lasting.retain(|l| match l.duration {
        Duration::ThisRoll | Duration::ThisActivation => false,
        Duration::EndOfRound => !end_of_round,
        Duration::Always => true,
    });
}
