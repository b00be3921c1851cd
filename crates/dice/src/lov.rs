//! The Lords of Vaala combat die (LoV, "Combat dice"; docs/rulings.md, "The Lords of Vaala combat die").
//!
//! Ten faces: miss ×4, hit ×3, double hit ×1, critical ×1, double critical ×1.
//! A critical deals one immediate wound, a double critical two. The faces are
//! those of the Battles of Valerna black attack die, so the face type is shared.

use serde::{Deserialize, Serialize};

pub use crate::bov::AttackFace as Face;
use crate::stream::Stream;

/// The face for the d10 result `d10` (1-10): 1-4 miss, 5-7 hit, 8 double hit,
/// 9 critical, 10 double critical.
pub fn face(d10: u8) -> Face {
    crate::bov::attack_face(crate::bov::Colour::Black, d10)
}

/// Rolls one combat die.
pub fn roll(stream: &mut Stream) -> Face {
    face(stream.d10())
}

/// The total of a combat roll of as many dice as the Combat Value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceCombatRoll))]
pub struct CombatRoll {
    /// Wounds dealt at once by criticals (LoV, "Combat", step 2).
    pub immediate_wounds: u32,
    /// Standard hits, resolved after the defender's counterattack.
    pub standard_hits: u32,
}

impl CombatRoll {
    pub fn add(&mut self, f: Face) {
        self.immediate_wounds += f.critical();
        self.standard_hits += f.standard();
    }

    /// Every hit, critical or standard (LoV, Glossary "Hits").
    pub fn hits(&self) -> u32 {
        self.immediate_wounds + self.standard_hits
    }
}

/// Rolls `combat_value` combat dice.
pub fn roll_combat(combat_value: u32, stream: &mut Stream) -> CombatRoll {
    let mut r = CombatRoll::default();
    for _ in 0..combat_value {
        r.add(roll(stream));
    }
    r
}

/// For the Dragonbond check, "shows at least 1 hit" is any face but a miss
/// (docs/rulings.md, "The Lords of Vaala combat die").
pub fn shows_a_hit(f: Face) -> bool {
    !f.is_miss()
}

#[cfg(test)]
mod tests {
    use super::*;

    // docs/rulings.md, "The Lords of Vaala combat die": miss ×4, hit ×3, double hit ×1, critical ×1, double critical ×1.
    #[test]
    fn face_counts() {
        let faces: Vec<Face> = (1..=10).map(face).collect();
        let count = |f| faces.iter().filter(|&&x| x == f).count();
        assert_eq!(count(Face::Miss), 4);
        assert_eq!(count(Face::Hit), 3);
        assert_eq!(count(Face::DoubleHit), 1);
        assert_eq!(count(Face::Critical), 1);
        assert_eq!(count(Face::DoubleCritical), 1);
    }

    #[test]
    fn criticals_are_immediate_wounds() {
        let mut r = CombatRoll::default();
        r.add(Face::DoubleCritical);
        r.add(Face::Critical);
        r.add(Face::DoubleHit);
        r.add(Face::Miss);
        assert_eq!(
            r,
            CombatRoll {
                immediate_wounds: 3,
                standard_hits: 2
            }
        );
        assert_eq!(r.hits(), 5);
    }

    #[test]
    fn dragonbond_hit_is_any_face_but_a_miss() {
        let hits = (1..=10).map(face).filter(|&f| shows_a_hit(f)).count();
        assert_eq!(hits, 6);
    }
}
