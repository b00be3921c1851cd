//! Applying wounds (BoV 5.1, "Apply Wounds"; "Epic Creatures" > "Health and
//! Injuries") and healing ("Healing").
//!
//! Wounds are tracked by the unit. Which model leaves is the owner's choice,
//! so applying wounds is two steps: [`plan_wounds`] says how many models go,
//! the owner names them (a decision of the turn engine), and
//! [`apply_wound_plan`] checks the names and applies. [`apply_wounds`] runs
//! both with a [`CasualtyChoice`] for callers that decide on the spot.

use serde::{Deserialize, Serialize};

use super::state::{ModelSet, UnitState};
use super::status::StatusKind;
use super::units::UnitCard;

/// What a number of wounds will do to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWoundPlan))]
pub struct WoundPlan {
    pub wounds: u32,
    /// Models to remove.
    pub removals: u8,
    /// Wound counters left on the unit afterwards.
    pub wounds_after: u8,
    /// An Epic Creature flips to its Injured side.
    pub becomes_injured: bool,
    /// Every model goes: the unit is defeated.
    pub defeated: bool,
}

impl WoundPlan {
    /// Whether the owner has a choice to make: some models go, not all.
    pub fn needs_choice(&self) -> bool {
        self.removals > 0 && !self.defeated
    }
}

/// What applying wounds did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWoundReport))]
pub struct WoundReport {
    pub wounds: u32,
    pub models_before: u32,
    pub removed: ModelSet,
    pub became_injured: bool,
    pub defeated: bool,
}

/// A refused choice of casualties.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CasualtyError {
    #[error("{expected} model(s) must be removed, {given} were named")]
    WrongCount { expected: u8, given: usize },
    #[error("model {0} is not on the battlefield")]
    NotAlive(u8),
    #[error("model {0} is named twice")]
    Twice(u8),
}

/// How many models `wounds` more wounds remove. A regular unit loses a model
/// each time its wound counters reach Health, the counters going down by
/// Health, until the wounds are spent or every model is gone. An Epic
/// Creature first flips to its Injured side (all counters removed, the rest
/// carried on), and is defeated when the counters reach the Injured Health.
pub fn plan_wounds(state: &UnitState, card: &UnitCard, wounds: u32) -> WoundPlan {
    let models = state.models();
    let mut total = u32::from(state.wounds) + wounds;
    let mut becomes_injured = false;
    if models == 0 {
        return WoundPlan {
            wounds,
            removals: 0,
            wounds_after: 0,
            becomes_injured,
            defeated: true,
        };
    }
    if card.injured.is_some() {
        // BoV 5.1, "Epic Creatures" > "Applying Wounds".
        if !state.injured {
            let front = u32::from(card.front.health.max(1));
            if total < front {
                return WoundPlan {
                    wounds,
                    removals: 0,
                    wounds_after: total as u8,
                    becomes_injured,
                    defeated: false,
                };
            }
            total -= front;
            becomes_injured = true;
        }
        let back = u32::from(card.profile(true).health.max(1));
        return if total >= back {
            WoundPlan {
                wounds,
                removals: models as u8,
                wounds_after: 0,
                becomes_injured,
                defeated: true,
            }
        } else {
            WoundPlan {
                wounds,
                removals: 0,
                wounds_after: total as u8,
                becomes_injured,
                defeated: false,
            }
        };
    }
    let health = u32::from(card.profile(state.injured).health.max(1));
    let removals = (total / health).min(models);
    if removals == models {
        WoundPlan {
            wounds,
            removals: removals as u8,
            wounds_after: 0,
            becomes_injured,
            defeated: true,
        }
    } else {
        total -= removals * health;
        WoundPlan {
            wounds,
            removals: removals as u8,
            wounds_after: total as u8,
            becomes_injured,
            defeated: false,
        }
    }
}

/// Applies a plan with the models the owner chose to remove. When the unit
/// is defeated there is nothing to choose and `chosen` is ignored.
pub fn apply_wound_plan(
    state: &mut UnitState,
    plan: &WoundPlan,
    chosen: &[u8],
) -> Result<WoundReport, CasualtyError> {
    let models_before = state.models();
    let removed = if plan.defeated {
        state.alive
    } else {
        if chosen.len() != usize::from(plan.removals) {
            return Err(CasualtyError::WrongCount {
                expected: plan.removals,
                given: chosen.len(),
            });
        }
        let mut set = ModelSet::default();
        for &m in chosen {
            if !state.alive.contains(m) {
                return Err(CasualtyError::NotAlive(m));
            }
            if set.contains(m) {
                return Err(CasualtyError::Twice(m));
            }
            set.insert(m);
        }
        set
    };
    state.alive = state.alive.without(removed);
    state.wounds = plan.wounds_after;
    state.injured |= plan.becomes_injured;
    Ok(WoundReport {
        wounds: plan.wounds,
        models_before,
        removed,
        became_injured: plan.becomes_injured,
        defeated: state.alive.is_empty(),
    })
}

/// The owner's pick of which model to remove ("The player who owns the unit
/// selects which model to remove").
pub trait CasualtyChoice {
    /// One model of `alive` to remove from `unit`.
    fn choose(&mut self, unit: &UnitState, alive: ModelSet) -> u8;
}

/// Removes the highest-numbered model first: a default for tests and bots.
#[derive(Clone, Copy, Debug, Default)]
pub struct LastModelFirst;

impl CasualtyChoice for LastModelFirst {
    fn choose(&mut self, _unit: &UnitState, alive: ModelSet) -> u8 {
        alive.iter().last().unwrap_or(0)
    }
}

/// Plans, asks `choice` for each casualty, and applies. A choice naming a
/// model already gone falls back to the lowest model left, so a careless
/// chooser cannot corrupt the unit.
pub fn apply_wounds(
    state: &mut UnitState,
    card: &UnitCard,
    wounds: u32,
    choice: &mut impl CasualtyChoice,
) -> WoundReport {
    let plan = plan_wounds(state, card, wounds);
    let mut chosen = Vec::with_capacity(usize::from(plan.removals));
    if plan.needs_choice() {
        let mut left = state.alive;
        for _ in 0..plan.removals {
            let mut m = choice.choose(state, left);
            if !left.contains(m) {
                m = left.lowest().unwrap_or(0);
            }
            left.remove(m);
            chosen.push(m);
        }
    }
    match apply_wound_plan(state, &plan, &chosen) {
        Ok(report) => report,
        // Unreachable: `chosen` is built from the plan and the live models.
        Err(_) => WoundReport {
            wounds,
            models_before: state.models(),
            removed: ModelSet::default(),
            became_injured: false,
            defeated: state.is_defeated(),
        },
    }
}

/// What a heal removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovHealed))]
pub struct Healed {
    pub wounds: u8,
    pub markers: u8,
}

/// "Healing": remove up to `amount` wound counters or status markers. The
/// markers named in `markers` go first (the owner's choice), the rest of the
/// amount removes wounds; anything beyond has no effect. Defeated models
/// never return and an Injured creature stays Injured.
pub fn heal(state: &mut UnitState, amount: u8, markers: &[StatusKind]) -> Healed {
    let mut left = amount;
    let mut healed = Healed::default();
    for &kind in markers {
        if left == 0 {
            break;
        }
        let r = state.status.remove(kind, 1);
        healed.markers += r;
        left -= r;
    }
    let w = state.wounds.min(left);
    state.wounds -= w;
    healed.wounds = w;
    healed
}
