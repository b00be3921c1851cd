//! The Quest's treasures (BoV 5.1, "Alternative scenarios" > "The Quest"):
//! what a treasure is worth and the black die that finds out which kind a
//! unit has grabbed. The battle keeps where each token is
//! ([`crate::battle::quest`]).

use serde::{Deserialize, Serialize};

use super::edition::Edition;
use valerna_dice::Stream;
use valerna_dice::bov::{Colour, Shift, ShiftedDie};

/// The treasure token's diameter in millimetres. The book gives objective
/// tokens no size; 40 mm is the common objective marker (docs/rulings.md,
/// "The Quest").
pub const TREASURE_TOKEN_MM: f64 = 40.0;

/// "If a critical hit is rolled, the unit has found and seized a major
/// magical treasure. Otherwise they have found a minor magical treasure."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTreasureKind))]
pub enum TreasureKind {
    Major,
    Minor,
}

impl TreasureKind {
    /// "You immediately score 20 points for a major treasure or 10 points
    /// for a minor treasure" (BoV 5.1, "The Quest" > "Scoring"); "2 points
    /// for a major treasure or 1 point for a minor treasure" (BoV starter,
    /// "The Quest" > "Scoring").
    pub fn points(self, edition: Edition) -> i32 {
        let (major, minor) = edition.treasure_points();
        match self {
            TreasureKind::Major => major,
            TreasureKind::Minor => minor,
        }
    }

    /// The kind a black attack die face finds: any critical (single or
    /// double, docs/rulings.md, "The attack die") is a major treasure.
    pub fn of_face(face: valerna_dice::bov::AttackFace) -> Self {
        if face.critical() > 0 {
            TreasureKind::Major
        } else {
            TreasureKind::Minor
        }
    }
}

/// "Grabbing Treasure": the unit "immediately rolls a black attack die". It
/// is not an attack, so no modifier changes the die.
pub fn grab_roll(stream: &mut Stream) -> TreasureKind {
    TreasureKind::of_face(ShiftedDie::new(Colour::Black, Shift::None).roll_attack(stream))
}
