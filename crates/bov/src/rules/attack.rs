//! Attacks (BoV 5.1, "Attacks"): declaring, counting attacking models and
//! collecting dice, the attack and defense rolls, ranged hits into an engaged
//! unit, Flanked units attacking model by model, Opportunity Attacks.
//!
//! Geometry (who is engaged, in range, in sight, nearest) arrives as facts;
//! every die comes from the game's one [`Stream`].

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_dice::bov::{AttackRoll, Colour, DiceGroup, Shift, roll_attack, roll_defense};

use super::fatigue::FatigueState;
use super::keywords::AttackKeyword;
use super::modifiers::{AttackModifiers, DefenseModifiers, Modifiers};
use super::state::ModelSet;
use super::status::StatusKind;
use super::units::{Dice, Profile, WeaponKind};

/// Why an attack cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttackError {
    #[error("the unit has no ranged attack")]
    NoRangedWeapon,
    #[error(
        "an engaged unit may not make ranged attacks (BoV 5.1, \"No Ranged Attacks while Engaged\")"
    )]
    RangedWhileEngaged,
    #[error(
        "a melee attack needs a target engaged with the attacking unit (BoV 5.1, \"Melee Attacks\")"
    )]
    MeleeTargetNotEngaged,
    #[error("the target is not within range and line of sight of any attacking model")]
    OutOfRangeOrSight,
    #[error("no model of the unit can attack the target")]
    NoAttackingModels,
    #[error("model {model} is not engaged with the unit it was declared against")]
    ModelNotEngagedWithTarget { model: u8 },
    #[error("model {model} is declared twice")]
    ModelTwice { model: u8 },
    #[error("an Exhausted unit cannot make Opportunity Attacks")]
    OpportunityWhileExhausted,
    #[error("a Flanked unit cannot make Opportunity Attacks")]
    OpportunityWhileFlanked,
    #[error("only a unit engaged with the moving enemy can make an Opportunity Attack")]
    OpportunityNotEngaged,
}

/// What the geometry says when an attack is declared ("Declare Target").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDeclarationFacts))]
pub struct DeclarationFacts {
    /// The attacking unit is engaged with any enemy.
    pub attacker_engaged: bool,
    /// The target is engaged with the attacking unit.
    pub target_engaged_with_attacker: bool,
    /// At least one attacking model has a target model within range and in
    /// line of sight.
    pub target_in_range_and_sight: bool,
}

/// Checks "Declare Target" for `weapon`.
pub fn check_declaration(
    profile: &Profile,
    weapon: WeaponKind,
    facts: DeclarationFacts,
) -> Result<(), AttackError> {
    match weapon {
        WeaponKind::Melee => {
            if !facts.target_engaged_with_attacker {
                return Err(AttackError::MeleeTargetNotEngaged);
            }
        }
        WeaponKind::Ranged => {
            if profile.ranged.is_none() {
                return Err(AttackError::NoRangedWeapon);
            }
            if facts.attacker_engaged {
                return Err(AttackError::RangedWhileEngaged);
            }
            if !facts.target_in_range_and_sight {
                return Err(AttackError::OutOfRangeOrSight);
            }
        }
    }
    Ok(())
}

/// "Count Attacking Models and Collect Dice": the weapon's dice once per
/// attacking model. Melee counts models engaged with a target model; ranged
/// counts models with a target model in range and sight (the geometry's count).
pub fn collect_dice(
    profile: &Profile,
    weapon: WeaponKind,
    attacking_models: u32,
) -> Result<Vec<DiceGroup>, AttackError> {
    let dice = profile
        .weapon_dice(weapon)
        .ok_or(AttackError::NoRangedWeapon)?;
    if attacking_models == 0 || dice.is_empty() {
        return Err(AttackError::NoAttackingModels);
    }
    Ok(dice
        .groups()
        .iter()
        .map(|g| DiceGroup {
            count: g.count.saturating_mul(attacking_models),
            colour: g.colour,
        })
        .collect())
}

/// "Make Attack Roll": the pool after the net shift of every modifier.
pub fn make_attack_roll(
    pool: &[DiceGroup],
    modifiers: &AttackModifiers,
    stream: &mut Stream,
) -> AttackRoll {
    roll_attack(pool, modifiers.shift(), stream)
}

/// The result of "Make Defense Roll" and "Apply Wounds" against one unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDefended))]
pub struct Defended {
    pub standard: u32,
    pub critical: u32,
    pub blocks: u32,
    /// Unblocked standard hits plus every critical hit.
    pub wounds: u32,
}

/// "Apply Wounds": unblocked standard hits plus the critical hits.
pub fn wounds_from(hits: AttackRoll, blocks: u32) -> u32 {
    hits.standard.saturating_sub(blocks) + hits.critical
}

/// "Make Defense Roll": one die of the unit's defense colour per standard
/// hit; critical hits are not rolled against ("Critical hits inflict wounds
/// directly without any defense dice being rolled").
pub fn make_defense_roll(
    hits: AttackRoll,
    defense: Colour,
    modifiers: &DefenseModifiers,
    stream: &mut Stream,
) -> Defended {
    let blocks = roll_defense(hits.standard, defense, modifiers.shift(), stream);
    Defended {
        standard: hits.standard,
        critical: hits.critical,
        blocks,
        wounds: wounds_from(hits, blocks),
    }
}

/// "Ranged Attacks against Engaged Units" (Fig. 13): the hits are dealt one
/// at a time to the target and the units it is engaged with, nearest to the
/// attacker first, criticals before standard hits, round and round until
/// none is left. `units` is how many units share the hits (the target and
/// those engaged with it), ordered nearest first by the geometry; the result
/// has one entry per unit in that order.
///
/// Assassinate hits "cannot be assigned to a different unit": they all go to
/// the target, which the caller names with `target_index` (docs/rulings.md,
/// "Assassinate is not split").
pub fn split_hits(
    hits: AttackRoll,
    units: usize,
    target_index: usize,
    keywords: &[AttackKeyword],
) -> Vec<AttackRoll> {
    let mut out = vec![AttackRoll::default(); units.max(1)];
    if keywords.contains(&AttackKeyword::Assassinate) || units <= 1 {
        let i = if target_index < out.len() {
            target_index
        } else {
            0
        };
        out[i] = hits;
        return out;
    }
    let n = out.len();
    let mut next = 0;
    for _ in 0..hits.critical {
        out[next % n].critical += 1;
        next += 1;
    }
    for _ in 0..hits.standard {
        out[next % n].standard += 1;
        next += 1;
    }
    out
}

/// "Flanking & Flanked": each model of a Flanked unit attacks its choice of
/// the enemy units it is engaged with; the attacks are then resolved
/// against each unit separately. `declared` is each attacking model and its
/// target; `engaged(model, target)` is the geometry. Returns each target with
/// the models attacking it, in the order the targets were first named.
pub fn flanked_attack_groups<T: Copy + Eq>(
    declared: &[(u8, T)],
    engaged: impl Fn(u8, T) -> bool,
) -> Result<Vec<(T, ModelSet)>, AttackError> {
    let mut seen = ModelSet::default();
    let mut groups: Vec<(T, ModelSet)> = Vec::new();
    for &(model, target) in declared {
        if seen.contains(model) {
            return Err(AttackError::ModelTwice { model });
        }
        seen.insert(model);
        if !engaged(model, target) {
            return Err(AttackError::ModelNotEngagedWithTarget { model });
        }
        match groups.iter_mut().find(|(t, _)| *t == target) {
            Some((_, models)) => models.insert(model),
            None => groups.push((target, [model].into_iter().collect())),
        }
    }
    if groups.is_empty() {
        return Err(AttackError::NoAttackingModels);
    }
    Ok(groups)
}

/// Fatigue counters an Opportunity Attack places on the reacting unit.
pub const OPPORTUNITY_ATTACK_FATIGUE: u8 = 1;

/// "Opportunity Attack": a unit engaged with an enemy that moves (or is
/// moved) away may attack it in melee first, unless it is Flanked or
/// Exhausted. The check uses the fatigue before the counter is placed.
pub fn check_opportunity_attack(
    fatigue: FatigueState,
    flanked: bool,
    engaged_with_mover: bool,
) -> Result<(), AttackError> {
    if !engaged_with_mover {
        return Err(AttackError::OpportunityNotEngaged);
    }
    if !fatigue.can_react() {
        return Err(AttackError::OpportunityWhileExhausted);
    }
    if flanked {
        return Err(AttackError::OpportunityWhileFlanked);
    }
    Ok(())
}

/// "Hits vs. Wounds": an effect that "inflicts X wounds" rolls X and applies
/// every hit as a wound, standard or critical, with no defense roll; a
/// double counts two. Not an attack: no modifier applies unless the effect
/// gives one.
pub fn roll_wounds(dice: &Dice, shift: Shift, stream: &mut Stream) -> u32 {
    let r = roll_attack(dice.groups(), shift, stream);
    r.standard + r.critical
}

/// A whole attack against one unit: the roll and the defense it met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAttackOutcome))]
pub struct AttackOutcome {
    pub roll: AttackRoll,
    pub defended: Defended,
}

/// Steps 3 to 5 of "Performing an Attack" against a single unit: roll the
/// collected pool, roll the defender's dice for each standard hit, count the
/// wounds. Ranged hits into an engaged unit go through [`split_hits`] and
/// [`make_defense_roll`] per unit instead.
pub fn resolve_against(
    pool: &[DiceGroup],
    attack: &AttackModifiers,
    defense: Colour,
    defense_modifiers: &DefenseModifiers,
    stream: &mut Stream,
) -> AttackOutcome {
    let roll = make_attack_roll(pool, attack, stream);
    let defended = make_defense_roll(roll, defense, defense_modifiers, stream);
    AttackOutcome { roll, defended }
}

/// The status markers an attack's keywords give a unit it dealt at least one
/// wound to ("Immobilizing", "Poisoned", "Slowing"): one of each.
pub fn statuses_inflicted(keywords: &[AttackKeyword], wounds: u32) -> Vec<StatusKind> {
    if wounds == 0 {
        return Vec::new();
    }
    keywords
        .iter()
        .filter_map(|k| match k {
            AttackKeyword::Immobilizing => Some(StatusKind::Immobilized),
            AttackKeyword::Poisoned => Some(StatusKind::Poisoned),
            AttackKeyword::Slowing => Some(StatusKind::Slowed),
            AttackKeyword::Assassinate | AttackKeyword::Vaala => None,
        })
        .collect()
}

/// "Dangerous Terrain (X)": a target inside the piece suffers a melee attack
/// of X black dice; one outside but within 6" a ranged attack of X gray
/// dice. Returns the pool and the kind of attack (which decides the
/// defense modifiers that apply: Flanked against melee, cover against ranged).
pub fn dangerous_terrain_attack(x: u32, inside: bool) -> (Vec<DiceGroup>, WeaponKind) {
    if inside {
        (
            vec![DiceGroup {
                count: x,
                colour: Colour::Black,
            }],
            WeaponKind::Melee,
        )
    } else {
        (
            vec![DiceGroup {
                count: x,
                colour: Colour::Gray,
            }],
            WeaponKind::Ranged,
        )
    }
}
