//! The dice and distances of a Charge (BoV 5.1, "Actions" > "Charge") that
//! need no geometry; the move itself belongs to the movement rules.

use valerna_dice::Stream;
use valerna_dice::bov::{Colour, Shift, ShiftedDie};

/// Black attack dice rolled for the charge move.
pub const CHARGE_DICE: u32 = 3;
/// The farthest a charge can reach beyond Speed: every die a double hit.
pub const MAX_CHARGE_BONUS: u32 = 2 * CHARGE_DICE;

/// "Roll 3 black attack dice. For each standard or critical hit, add 1 to
/// the unit's Speed for this action": every hit symbol counts, a double as
/// two (docs/rulings.md, "The attack die").
pub fn roll_charge_bonus(stream: &mut Stream) -> u32 {
    let die = ShiftedDie::new(Colour::Black, Shift::None);
    (0..CHARGE_DICE)
        .map(|_| die.roll_attack(stream).symbols())
        .sum()
}

/// "There must be a chance that the charge move will succeed (normally, this
/// means the target must be within the charging unit's Speed + 6")":
/// `distance` is the geometry's unit-to-unit distance in inches, `reach`
/// the farthest the charge move can go ([`farthest_charge`]).
pub fn target_within_reach(distance: f64, reach: f64) -> bool {
    distance <= reach
}

/// The charge move's allowance: Speed plus the dice.
pub fn charge_allowance(speed: f64, bonus: u32) -> f64 {
    speed + f64::from(bonus)
}

/// The farthest a charge move can go with Speed `speed` (before status
/// effects): Speed + 6", every die a double hit. A status effect that
/// changes Speed changes this sum as it changes the charge move's
/// allowance (docs/rulings.md, "Charges under status effects").
pub fn farthest_charge(speed: f64) -> f64 {
    charge_allowance(speed, MAX_CHARGE_BONUS)
}

/// Why a Charge cannot be declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChargeError {
    #[error("a unit cannot take the Charge action while engaged (BoV 5.1, \"Charge\")")]
    Engaged,
    #[error("the target is not in line of sight of the charging unit")]
    NotInSight,
    #[error(
        "the target is beyond Speed + 6\" (halved when Slowed): the charge has no chance to succeed"
    )]
    OutOfReach,
}

/// "Select Target" of a Charge, on the geometry's facts; `reach` the
/// farthest the charge move can go.
pub fn check_declaration(
    engaged: bool,
    in_sight: bool,
    distance: f64,
    reach: f64,
) -> Result<(), ChargeError> {
    if engaged {
        return Err(ChargeError::Engaged);
    }
    if !in_sight {
        return Err(ChargeError::NotInSight);
    }
    if !target_within_reach(distance, reach) {
        return Err(ChargeError::OutOfReach);
    }
    Ok(())
}
