//! Morale (BoV 5.1, "Morale"; "Unit Keywords" > "Hero", "Shirkers",
//! "Unfeeling"; "The General" > "General's Aura of Command").

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_dice::bov::{Colour, ShiftedDie};

use super::edition::Edition;
use super::keywords::UnitKeyword;
use super::modifiers::{Modifiers, MoraleCause, MoraleModifiers};
use super::state::{MAX_MODELS, ModelSet, UnitState};
use super::units::UnitCard;

/// The General's Aura of Command, in inches.
pub const GENERALS_AURA_INCHES: f64 = 12.0;

/// The defense die a model tests with: black for a Hero or an Epic
/// Creature, white for Shirkers, gray otherwise. A Hero that is also
/// Shirkers tests black (docs/rulings.md, "Hero outranks Shirkers").
pub fn morale_die(card: &UnitCard) -> Colour {
    if card.has(UnitKeyword::Hero) || card.has(UnitKeyword::Epic) {
        Colour::Black
    } else if card.has(UnitKeyword::Shirkers) {
        Colour::White
    } else {
        Colour::Gray
    }
}

/// The defense die a model tests with in `edition`, or `None` when it
/// takes no test. BoV starter, "Morale": "a gray defense die for troopers
/// or a black Defense die for Heroes/Captains (Epic Creatures don't have to
/// take a morale test)"; a card's Shirkers keeps its white die for the
/// troopers (docs/rulings.md, "Starter morale"). BoV 5.1: [`morale_die`],
/// Captains being none.
pub fn morale_die_in(edition: Edition, card: &UnitCard, captain: bool) -> Option<Colour> {
    if edition.epic_creatures_test_morale() {
        return Some(morale_die(card));
    }
    if card.has(UnitKeyword::Epic) {
        None
    } else if captain {
        Some(Colour::Black)
    } else {
        Some(morale_die(card))
    }
}

/// The models of a unit that are troopers: all but its Captain (BoV
/// starter, "Captains": "All other models in the unit are referred to as
/// 'troopers'").
pub fn troopers(models: ModelSet, captain: Option<u8>) -> ModelSet {
    match captain {
        Some(c) => models.without(ModelSet(1 << u32::from(c.min(MAX_MODELS - 1)))),
        None => models,
    }
}

/// BoV starter, "Morale": which models of a unit with a Captain test
/// after an attack or effect removed some, and why. "1) Unit suffers
/// casualties": it lost "half or more of its remaining troopers (i.e. the
/// models in the unit except for the Captain)", and "each surviving
/// trooper" tests; "2) Unit Captain is killed": "each trooper in the unit"
/// tests. Both at once are one test a trooper, for the Captain killed
/// (docs/rulings.md, "Starter morale"). `before` and `after`: the models
/// before and after the casualties. `None`: no test.
pub fn starter_casualty_test(
    before: ModelSet,
    after: ModelSet,
    captain: Option<u8>,
) -> Option<(ModelSet, MoraleCause)> {
    let left = troopers(after, captain);
    if left.is_empty() {
        return None;
    }
    let captain_killed = captain.is_some_and(|c| before.contains(c) && !after.contains(c));
    if captain_killed {
        Some((left, MoraleCause::CaptainKilled))
    } else if heavy_casualties(troopers(before, captain).count(), left.count()) {
        Some((left, MoraleCause::HeavyCasualties))
    } else {
        None
    }
}

/// Whether the unit tests for `cause`: Unfeeling units take no test for
/// heavy casualties nor for the General being defeated, nor (in the
/// starter edition) for their Captain killed, a casualty too.
pub fn takes_test(card: &UnitCard, cause: MoraleCause) -> bool {
    !(card.has(UnitKeyword::Unfeeling)
        && matches!(
            cause,
            MoraleCause::HeavyCasualties
                | MoraleCause::GeneralDefeated
                | MoraleCause::CaptainKilled
        ))
}

/// "Unit Suffers Heavy Casualties": it lost half or more of the models it
/// had before the attack or effect, and some are left to test.
pub fn heavy_casualties(models_before: u32, models_after: u32) -> bool {
    let lost = models_before.saturating_sub(models_after);
    models_after > 0 && lost > 0 && 2 * lost >= models_before
}

/// What a round of morale tests did to a unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoraleReport))]
pub struct MoraleReport {
    pub tested: ModelSet,
    pub fled: ModelSet,
    /// Wound counters removed because a model fled.
    pub wounds_removed: u8,
    /// Every model fled or was already gone.
    pub defeated: bool,
}

/// Tests each model of `testing` still on the battlefield, in model order:
/// one morale die after the net shift; a block passes, a fail flees and is
/// removed like a defeated model. If any model fled, every wound counter of
/// the unit is removed ("It is often the wounded warriors that retreat first!").
pub fn test_models(
    state: &mut UnitState,
    card: &UnitCard,
    testing: ModelSet,
    modifiers: &MoraleModifiers,
    stream: &mut Stream,
) -> MoraleReport {
    test_models_with(state, card, testing, morale_die(card), modifiers, stream)
}

/// [`test_models`] with the die the edition gives the testing models
/// ([`morale_die_in`]).
pub fn test_models_with(
    state: &mut UnitState,
    card: &UnitCard,
    testing: ModelSet,
    colour: Colour,
    modifiers: &MoraleModifiers,
    stream: &mut Stream,
) -> MoraleReport {
    let mut report = MoraleReport::default();
    if !takes_test(card, modifiers.cause) {
        return report;
    }
    let die = ShiftedDie::new(colour, modifiers.shift());
    report.tested = testing.intersection(state.alive);
    for m in report.tested.iter() {
        if !die.roll_defense(stream) {
            report.fled.insert(m);
        }
    }
    if !report.fled.is_empty() {
        state.alive = state.alive.without(report.fled);
        report.wounds_removed = state.wounds;
        state.wounds = 0;
    }
    report.defeated = state.alive.is_empty();
    report
}

/// "The General is Defeated": before the General's model is removed, every
/// model within its aura tests, Heroes first, then the others. Takes the
/// units with their models in the aura (from the geometry) and whether each
/// is a Hero; returns them in testing order, otherwise keeping the order
/// given. Units with no model in the aura are dropped.
pub fn general_defeated_order<T: Copy>(units: &[(T, ModelSet, bool)]) -> Vec<(T, ModelSet)> {
    let heroes = units.iter().filter(|u| u.2);
    let others = units.iter().filter(|u| !u.2);
    heroes
        .chain(others)
        .filter(|u| !u.1.is_empty())
        .map(|u| (u.0, u.1))
        .collect()
}

/// "Command X": a unit is commanded by a Hero with Command X if it has the X
/// keyword and is within 1" of the Hero (the geometry's answer) or carries
/// the Hero's activation marker. A mounted Hero cannot use Command
/// ("Simultaneous Activation"). Commanded units upgrade their morale tests.
pub fn in_command(
    unit: &UnitCard,
    hero: &UnitCard,
    within_one_inch: bool,
    carries_marker: bool,
    hero_mounted: bool,
) -> bool {
    if hero_mounted || !(within_one_inch || carries_marker) {
        return false;
    }
    hero.command().is_some_and(|x| unit.answers_to(x))
}
