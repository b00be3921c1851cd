//! Neutral units' data (BoV 5.1, "Neutral Units"): a Monster's trophy value
//! and behaviour deck. Mercenaries are ordinary cards with the Mercenary
//! keyword; their force-list limits are in [`crate::force_list`].
//!
//! A behaviour card is data in the same spirit as a power: its printed text
//! for people, and a target and actions for the engine, so that a printed
//! Monster card can replace a provisional one without code (docs/rulings.md, "The provisional pack").

use serde::{Deserialize, Serialize};

use super::powers::{Effect, Target};
use super::weapons::WeaponKind;

/// Victory points for defeating a Monster (BoV 5.1, "Trophy value").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTrophy))]
pub enum Trophy {
    Points(u16),
    /// "LSB": the last successful bid for the Monster.
    LastSuccessfulBid,
}

/// Whom a behaviour card's actions aim at: "Actions with a target specify
/// the target at the top of the card. If there are no applicable targets,
/// the target is the closest unit, ignoring LoS. If a behaviour card was
/// drawn due to being attacked, it will always consider the attacking unit
/// the target." (BoV 5.1, "Drawing card from the behaviour deck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAim))]
pub enum Aim {
    /// The closest unit, ignoring line of sight.
    Closest,
    /// The closest unit engaged with the Monster.
    ClosestEngaged,
    /// The closest unit the Monster has line of sight to.
    ClosestInSight,
    /// The unit with the most models within `range` inches.
    MostModels { range: u8 },
    /// The unit with the most wounds on it within `range` inches: the
    /// wounded smell of prey.
    MostWounded { range: u8 },
    /// The Monster itself (a card that only heals or moves it).
    Itself,
}

impl Aim {
    /// Whether the aim names another unit (so that the fallback and the
    /// attacker rule apply).
    pub fn is_other_unit(self) -> bool {
        self != Aim::Itself
    }
}

/// The "if" an action may start with ("if the monster is not engaged"): an
/// action whose condition fails is skipped and costs no fatigue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWhen))]
pub enum When {
    /// The Monster is engaged.
    Engaged,
    /// The Monster is not engaged.
    NotEngaged,
    /// The target is within `range` inches.
    TargetWithin(u8),
    /// The Monster has line of sight to the target.
    TargetInSight,
    /// The Monster carries at least one wound.
    Wounded,
}

/// Where a behaviour card's move heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovToward))]
pub enum Toward {
    /// The card's target.
    Target,
    /// The objective nearest the Monster.
    ClosestObjective,
}

/// What one action of a behaviour card does: the unit actions of the book
/// (BoV 5.1, "Actions"), resolved as for any unit, or an effect of the
/// effect language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAct))]
pub enum Act {
    /// A March (BoV 5.1, "March") as far as it goes toward `Toward`.
    March(Toward),
    /// A Charge at the target (BoV 5.1, "Charge").
    Charge,
    /// An attack on the target with one of the Monster's weapons.
    Attack(WeaponKind),
    /// The target takes a morale test for each model it has (as a unit
    /// whose models were defeated: BoV 5.1, "Morale").
    MoraleTest,
    /// An effect of the effect language: [`Target::Caster`] is the
    /// Monster, [`Target::Subject`] the card's target, and
    /// [`Target::AllEnemies`] every unit within range (everyone is the
    /// Monster's enemy).
    Effect(Effect),
}

/// One line of a behaviour card: an optional "if", then what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAction))]
#[serde(deny_unknown_fields)]
pub struct Action {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
    pub act: Act,
}

/// One card of a Monster's five-card behaviour deck: a target and actions
/// resolved top to bottom, each costing a fatigue if its condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBehaviourCard))]
#[serde(deny_unknown_fields)]
pub struct BehaviourCard {
    pub name: String,
    /// The printed text, for people.
    pub text: String,
    /// Who the card targets; with none applicable, the closest unit.
    pub aim: Aim,
    pub actions: Vec<Action>,
}

impl BehaviourCard {
    /// Why this card could never be resolved as written, if so: a card the
    /// loader refuses rather than a card that silently does nothing.
    pub fn never_resolvable(&self) -> Option<String> {
        if self.actions.is_empty() {
            return Some("it has no actions".into());
        }
        for (i, a) in self.actions.iter().enumerate() {
            let on_itself = self.aim == Aim::Itself;
            let why = match &a.act {
                Act::March(Toward::Target) | Act::Charge | Act::Attack(_) | Act::MoraleTest
                    if on_itself =>
                {
                    Some("it aims at the Monster itself, so it has no other unit to act on")
                }
                Act::Effect(Effect::Attack { .. }) => {
                    Some("a Monster attacks with the Attack action, which names its weapon")
                }
                Act::Effect(e) => match e.target() {
                    Some(Target::Caster | Target::Subject | Target::AllEnemies { .. }) | None => {
                        None
                    }
                    Some(_) => Some(
                        "a Monster's effects name the Monster (Caster), the card's target (Subject) or every unit within range (AllEnemies)",
                    ),
                },
                _ => None,
            };
            if let Some(why) = why {
                return Some(format!("action {}: {why}", i + 1));
            }
            if matches!(a.when, Some(When::TargetWithin(_) | When::TargetInSight)) && on_itself {
                return Some(format!(
                    "action {}: its condition asks about a target, but the card aims at the Monster itself",
                    i + 1
                ));
            }
        }
        None
    }
}

/// What a Monster card adds to a unit card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsterCard))]
#[serde(deny_unknown_fields)]
pub struct MonsterCard {
    pub trophy: Trophy,
    /// Five cards, or empty for a Monster controlled by bidding.
    #[serde(default)]
    pub behaviour: Vec<BehaviourCard>,
}
