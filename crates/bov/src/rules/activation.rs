//! "Activating Powers" (BoV 5.1): whether a unit may activate a power now,
//! and the fatigue and Ultimate marker activating it places. Above the
//! powers as data and the unit's state in play, which it reads.

use super::fatigue::FatigueState;
use super::powers::{Power, Timing};
use super::state::UnitState;

/// Why a power cannot be activated now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PowerError {
    #[error("a passive power is always active and is never activated")]
    Passive,
    #[error("an Exhausted unit may not activate powers (BoV 5.1, \"Activating Powers\")")]
    Exhausted,
    #[error("this Ultimate power was already used this game (BoV 5.1, \"Ultimate Powers\")")]
    UltimateUsed,
    #[error("this power was already activated this turn (BoV 5.1, \"Activating Powers\")")]
    UsedThisTurn,
}

/// "Activating Powers": an action or reaction power, not by an Exhausted
/// unit, at most once a turn (`used_this_turn` is the turn engine's record),
/// and an Ultimate once a game (its marker bit `slot` not yet set).
pub fn check_activation(
    power: &Power,
    slot: u8,
    unit: &UnitState,
    used_this_turn: bool,
) -> Result<(), PowerError> {
    if power.timing == Timing::Passive {
        return Err(PowerError::Passive);
    }
    if !FatigueState::of(unit.fatigue).can_react() {
        return Err(PowerError::Exhausted);
    }
    if power.ultimate && unit.ultimates_used & (1 << (slot & 15)) != 0 {
        return Err(PowerError::UltimateUsed);
    }
    if used_this_turn {
        return Err(PowerError::UsedThisTurn);
    }
    Ok(())
}

/// Activate Power as the activated unit's action: the fatigue counter the
/// activation placed is the action's default cost ("requires adding one
/// point of fatigue to the acting unit"), so only a cost the card raises
/// above one adds more; then the Ultimate marker.
pub fn activate_as_action(power: &Power, slot: u8, unit: &mut UnitState) {
    unit.fatigue = unit
        .fatigue
        .saturating_add(power.fatigue_cost().saturating_sub(1));
    if power.ultimate {
        unit.ultimates_used |= 1 << (slot & 15);
    }
}

/// Places the power's cost and, for an Ultimate, its marker.
pub fn activate(power: &Power, slot: u8, unit: &mut UnitState) {
    unit.fatigue = unit.fatigue.saturating_add(power.fatigue_cost());
    if power.ultimate {
        unit.ultimates_used |= 1 << (slot & 15);
    }
}
