//! The bookkeeping of turns and rounds that needs no geometry (BoV 5.1,
//! "Turns" > "Select a Unit", "Start of Activation"; "End of Round" >
//! "Restore Fatigue"; "Status Effects").

use valerna_dice::Stream;

use super::fatigue::{self, FatigueState, Restored};
use super::state::UnitState;
use super::status::{self, PoisonRoll, StatusKind};

/// A refused bookkeeping step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    #[error("an Exhausted unit cannot be activated (BoV 5.1, \"Select a Unit\")")]
    Exhausted,
    #[error("a defeated unit cannot be activated")]
    Defeated,
    #[error(
        "{allowed} status marker(s) may be removed, {asked} were named (BoV 5.1, \"Restore Fatigue\")"
    )]
    TooManyMarkers { allowed: u8, asked: usize },
    #[error("the unit has no {0:?} marker left to remove")]
    NoSuchMarker(StatusKind),
}

/// "Select a Unit": any friendly unit not Exhausted; a fatigue counter is
/// placed on it.
pub fn activate(state: &mut UnitState) -> Result<(), RoundError> {
    if state.is_defeated() {
        return Err(RoundError::Defeated);
    }
    if !FatigueState::of(state.fatigue).can_activate() {
        return Err(RoundError::Exhausted);
    }
    state.fatigue = state.fatigue.saturating_add(1);
    Ok(())
}

/// "Start of Activation": status effects resolved automatically come first;
/// in 5.1 that is Poison. The wounds are returned for the caller to apply
/// with [`super::wounds::plan_wounds`], as the owner picks any casualty.
pub fn start_of_activation(state: &mut UnitState, stream: &mut Stream) -> PoisonRoll {
    status::resolve_poison(&mut state.status, stream)
}

/// End of the unit's activation: one Slowed and one Immobilized marker go.
pub fn end_of_activation(state: &mut UnitState) {
    state.status.end_of_activation();
}

/// "Restore Fatigue" for one unit, removing the status markers its owner
/// chose (at most 2 with no fatigue, 1 with one counter, none otherwise).
/// Refused with the unit unchanged if the choice is not allowed.
pub fn restore_fatigue(
    state: &mut UnitState,
    remove: &[StatusKind],
) -> Result<Restored, RoundError> {
    let r = fatigue::restore(state.fatigue);
    if remove.len() > usize::from(r.status_removals) {
        return Err(RoundError::TooManyMarkers {
            allowed: r.status_removals,
            asked: remove.len(),
        });
    }
    let mut markers = state.status;
    for &k in remove {
        if markers.remove(k, 1) == 0 {
            return Err(RoundError::NoSuchMarker(k));
        }
    }
    state.status = markers;
    state.fatigue = r.fatigue;
    Ok(r)
}
