//! The same odds by seeded Monte Carlo, rolling the dice exactly as the game
//! engines do ([`crate::bov::roll_attack`], [`crate::bov::roll_defense`]).
//! Its agreement with [`crate::odds`] checks both.

use crate::bov::{self, Colour, DiceGroup, Shift};
use crate::odds::{Attack, Defense, OddsError};
use crate::{Pmf, Stream};

/// The wounds of `rolls` attacks, counted.
pub fn attack_wounds(
    attack: &Attack,
    defense: Defense,
    rolls: u64,
    stream: &mut Stream,
) -> Result<Pmf, OddsError> {
    let dice = attack.dice()?;
    let pool: Vec<DiceGroup> = attack
        .per_model
        .iter()
        .map(|g| DiceGroup {
            count: g.count * attack.models,
            colour: g.colour,
        })
        .collect();
    let mut counts = vec![0u64; 2 * dice as usize + 1];
    for _ in 0..rolls {
        let roll = bov::roll_attack(&pool, attack.shift, stream);
        let blocks = bov::roll_defense(roll.standard, defense.colour, defense.shift, stream);
        counts[(roll.critical + roll.standard - blocks) as usize] += 1;
    }
    Ok(Pmf::from_counts(&counts))
}

/// The extra inches of `rolls` charge rolls.
pub fn charge_bonus(rolls: u64, stream: &mut Stream) -> Pmf {
    let pool = [DiceGroup {
        count: 3,
        colour: Colour::Black,
    }];
    let mut counts = [0u64; 7];
    for _ in 0..rolls {
        let r = bov::roll_attack(&pool, Shift::None, stream);
        counts[(r.standard + r.critical) as usize] += 1;
    }
    Pmf::from_counts(&counts)
}

/// Models fleeing out of `models` testing, over `rolls` tests of the unit.
pub fn morale_fleeing(
    colour: Colour,
    shift: Shift,
    models: u32,
    rolls: u64,
    stream: &mut Stream,
) -> Pmf {
    let mut counts = vec![0u64; models as usize + 1];
    for _ in 0..rolls {
        let passed = bov::roll_defense(models, colour, shift, stream);
        counts[(models - passed) as usize] += 1;
    }
    Pmf::from_counts(&counts)
}

/// Immediate wounds and standard hits of `rolls` Lords of Vaala combat rolls.
pub fn lov_combat(combat_value: u32, rolls: u64, stream: &mut Stream) -> (Pmf, Pmf) {
    let max = 2 * combat_value as usize + 1;
    let (mut crit, mut std) = (vec![0u64; max], vec![0u64; max]);
    for _ in 0..rolls {
        let r = crate::lov::roll_combat(combat_value, stream);
        crit[r.immediate_wounds as usize] += 1;
        std[r.standard_hits as usize] += 1;
    }
    (Pmf::from_counts(&crit), Pmf::from_counts(&std))
}
