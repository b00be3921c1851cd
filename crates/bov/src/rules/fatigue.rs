//! Fatigue (BoV 5.1, "Fatigue"; "End of Round" > "Restore Fatigue").

use serde::{Deserialize, Serialize};

/// Fatigue counters at which a unit is Exhausted.
pub const EXHAUSTED_AT: u8 = 3;

/// The three fatigue states a unit can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovFatigueState))]
pub enum FatigueState {
    /// No fatigue counters: upgrades attack, defense and morale rolls.
    Fresh,
    /// One or two: "performs as normal".
    Normal,
    /// Three or more: downgrades every roll, cannot be activated, make
    /// Opportunity Attacks or use reaction powers.
    Exhausted,
}

impl FatigueState {
    pub fn of(fatigue: u8) -> Self {
        match fatigue {
            0 => FatigueState::Fresh,
            f if f >= EXHAUSTED_AT => FatigueState::Exhausted,
            _ => FatigueState::Normal,
        }
    }

    /// Its entry in the 5.1 modifier tables: +1 upgrade, -1 downgrade.
    pub fn modifier(self) -> i32 {
        match self {
            FatigueState::Fresh => 1,
            FatigueState::Normal => 0,
            FatigueState::Exhausted => -1,
        }
    }

    /// "Select a Unit": any friendly unit that is not Exhausted.
    pub fn can_activate(self) -> bool {
        self != FatigueState::Exhausted
    }

    /// Opportunity Attacks and reaction powers are closed to Exhausted units.
    pub fn can_react(self) -> bool {
        self != FatigueState::Exhausted
    }
}

/// How many more activations a unit with `fatigue` counters has before it
/// is Exhausted, each adding one ("Fatigue"; a power's own cost may add
/// more).
pub fn activations_left(fatigue: u8) -> u8 {
    EXHAUSTED_AT.saturating_sub(fatigue)
}

/// What "Restore Fatigue" leaves on a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovRestored))]
pub struct Restored {
    pub fatigue: u8,
    /// Status markers the owner may remove as well (their choice which).
    pub status_removals: u8,
}

/// Restore Fatigue: remove 2 fatigue counters (1 if the unit has just 1); a
/// unit that ended the round with 1 may also remove 1 status marker, one
/// that ended it with none up to 2.
pub fn restore(fatigue: u8) -> Restored {
    match fatigue {
        0 => Restored {
            fatigue: 0,
            status_removals: 2,
        },
        1 => Restored {
            fatigue: 0,
            status_removals: 1,
        },
        f => Restored {
            fatigue: f - 2,
            status_removals: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BoV 5.1, "Fatigue": three counters make a unit Exhausted, and an
    /// Exhausted unit cannot be activated.
    #[test]
    fn a_unit_has_activations_left_until_it_is_exhausted() {
        assert_eq!(activations_left(0), 3);
        assert_eq!(activations_left(2), 1);
        assert_eq!(activations_left(3), 0);
        assert_eq!(activations_left(7), 0);
        for f in 0..10 {
            assert_eq!(
                activations_left(f) > 0,
                FatigueState::of(f).can_activate(),
                "{f} counters"
            );
        }
    }
}
