//! The rules that need no geometry, each test citing the rulebook
//! (Battles of Valerna 5.1) or the rulings it applies.
//!
//! Dice come from seeded streams. Where a test needs the dice's values it
//! reads them with its own copy of the dice tables of docs/rulings.md ("Dice") from a clone of the
//! stream, never from the code under test.

use valerna_bov::content::Pack;
use valerna_bov::rules::attack::{
    self, AttackError, DeclarationFacts, check_declaration, check_opportunity_attack, collect_dice,
    flanked_attack_groups, make_attack_roll, make_defense_roll, split_hits, wounds_from,
};
use valerna_bov::rules::charge;
use valerna_bov::rules::fatigue::{self, FatigueState};
use valerna_bov::rules::keywords::AttackKeyword;
use valerna_bov::rules::modifiers::{
    AttackModifiers, DefenseModifiers, Modifier, Modifiers, MoraleCause, MoraleModifiers,
};
use valerna_bov::rules::morale;
use valerna_bov::rules::scenario::{self, GameResult, Objectives, Scenario, Score};
use valerna_bov::rules::state::{ModelSet, UnitState};
use valerna_bov::rules::status::{self, StatusKind, StatusMarkers};
use valerna_bov::rules::units::{CardId, UnitCard, WeaponKind};
use valerna_bov::rules::wounds::{self, CasualtyError, LastModelFirst};
use valerna_dice::Stream;
use valerna_dice::bov::{AttackRoll, Colour, DiceGroup, Shift};

mod common;

fn pack() -> Pack {
    Pack::default_pack().unwrap_or_else(|e| panic!("default pack: {e}"))
}

fn card<'a>(pack: &'a Pack, id: &str) -> (CardId, &'a UnitCard) {
    pack.unit(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn unit(pack: &Pack, id: &str) -> UnitState {
    let (cid, c) = card(pack, id);
    UnitState::new(cid, c, 0)
}

// --- Oracles: the "The attack die" and "The defense die" tables of docs/rulings.md, written out here. ---

/// Standard and critical hits of an attack die showing `d10` (docs/rulings.md, "The attack die").
fn face(colour: Colour, d10: u8) -> (u32, u32) {
    let black = [
        (0, 0),
        (0, 0),
        (0, 0),
        (0, 0),
        (1, 0),
        (1, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (0, 2),
    ];
    let shift = match colour {
        Colour::Black => 0,
        Colour::Gray => 1,
        Colour::White => 2,
    };
    let i = usize::from(d10 - 1);
    if i < shift { (0, 0) } else { black[i - shift] }
}

/// Whether a defense die of `colour` blocks on `d6` (docs/rulings.md, "The defense die").
fn blocks(colour: Colour, d6: u8) -> bool {
    d6 >= match colour {
        Colour::Black => 3,
        Colour::Gray => 4,
        Colour::White => 5,
    }
}

// ------------------------------------------------------------------------
// Content (docs/rulings.md, "The provisional pack"; content brief)
// ------------------------------------------------------------------------

#[test]
fn the_default_pack_loads_and_every_entry_is_provisional() {
    let p = pack();
    assert!(p.units.iter().all(|u| u.provisional));
    assert!(p.vaala.iter().all(|c| c.provisional));
    assert!(p.artifacts.iter().all(|c| c.provisional));
    assert_eq!(p.vaala.len(), 6, "six Vaala cards");
    assert_eq!(p.artifacts.len(), 6, "six Artifact cards");
}

#[test]
fn the_pack_keeps_the_values_the_rulebook_gives() {
    let p = pack();
    // BoV 5.1, "Charge": "Her Dreamfencers have a Speed of 8".
    assert_eq!(card(&p, "dreamfencers").1.front.speed, 8);
    // BoV 5.1, "Skirmish": "Her Fai Hunters have a Speed of 12".
    assert_eq!(card(&p, "fai_hunters").1.front.speed, 12);
    // BoV 5.1, "Apply Wounds": "Ogerron Phalanx have Health 5"; "Make
    // Defense Roll": gray, black when Fresh.
    let og = card(&p, "ogerron_phalanx").1;
    assert_eq!((og.front.health, og.front.defense), (5, Colour::Gray));
    // Content brief: Bloodfangs (7 models).
    assert_eq!(card(&p, "bloodfangs").1.models, 7);
    // BoV 5.1, "Unique": any number of Oathguard Commanders, one Eldai Alarn.
    assert!(!card(&p, "oathguard_commander").1.unique);
    assert!(card(&p, "eldai_alarn").1.unique);
}

#[test]
fn every_keyword_power_type_and_status_of_5_1_is_on_some_card() {
    use valerna_bov::rules::keywords::UnitKeyword;
    use valerna_bov::rules::powers::{Effect, Timing};
    let p = pack();
    for k in UnitKeyword::ALL {
        assert!(p.units.iter().any(|u| u.has(k)), "no card has {}", k.name());
    }
    for k in [
        AttackKeyword::Assassinate,
        AttackKeyword::Immobilizing,
        AttackKeyword::Vaala,
        AttackKeyword::Poisoned,
        AttackKeyword::Slowing,
    ] {
        let on = |u: &UnitCard| {
            u.front.melee.keywords.contains(&k)
                || u.front
                    .ranged
                    .as_ref()
                    .is_some_and(|r| r.keywords.contains(&k))
        };
        assert!(p.units.iter().any(on), "no attack has {k:?}");
    }
    let powers: Vec<_> = p
        .units
        .iter()
        .flat_map(|u| u.front.powers.iter())
        .chain(p.artifacts.iter().map(|a| &a.power))
        .collect();
    assert!(powers.iter().any(|x| x.timing == Timing::Passive));
    assert!(powers.iter().any(|x| x.timing == Timing::Action));
    assert!(
        powers
            .iter()
            .any(|x| matches!(x.timing, Timing::Reaction(_)))
    );
    assert!(powers.iter().any(|x| x.ultimate));
    let effects: Vec<&Effect> = powers
        .iter()
        .flat_map(|x| x.effects.iter())
        .chain(p.vaala.iter().flat_map(|c| c.effects.iter()))
        .collect();
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Heal { .. })),
        "healing"
    );
    for s in StatusKind::ALL {
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Status { status, .. } if *status == s)),
            "no power or Vaala card places {s:?}"
        );
    }
    // "Giant": the card carries the dice the 5.1 text lost (docs/rulings.md).
    let giant = p.units.iter().find(|u| u.has(UnitKeyword::Giant)).unwrap();
    assert!(giant.giant_dice().is_some_and(|d| d.count() > 0));
    // Epic creatures have both sides; Monsters their trophy and deck.
    for u in p.units.iter().filter(|u| u.is_epic()) {
        assert!(u.injured.is_some(), "{} has no Injured side", u.name);
    }
    use valerna_bov::rules::neutral::Trophy;
    let monsters: Vec<_> = p.units.iter().filter_map(|u| u.monster.as_ref()).collect();
    assert!(
        monsters
            .iter()
            .any(|m| m.behaviour.len() == 5 && matches!(m.trophy, Trophy::Points(_)))
    );
    assert!(
        monsters
            .iter()
            .any(|m| m.trophy == Trophy::LastSuccessfulBid)
    );
}

fn load_units(text: &str) -> Result<Pack, String> {
    common::load_units(&["Allaria", "Infantry"], text)
}

const GOOD: &str = r#"[(
    id: "spears", name: "Spears", provisional: true, force: "Allaria",
    keywords: ["Allaria", "Infantry"], points: 10, models: 4, base_mm: 25,
    front: (health: 1, speed: 6, defense: gray, melee: (dice: "2xgray")),
)]"#;

#[test]
fn a_valid_file_loads() {
    let p = load_units(GOOD).unwrap();
    let (_, c) = p.unit("spears").unwrap();
    assert_eq!(
        c.front.melee.dice.groups(),
        &[DiceGroup {
            count: 2,
            colour: Colour::Gray
        }]
    );
}

#[test]
fn content_errors_name_the_file_the_entry_and_the_field() {
    let e = load_units(&GOOD.replace("health: 1", "health: 0")).unwrap_err();
    assert!(
        e.contains("units/test.ron") && e.contains("'spears'") && e.contains("front.health"),
        "{e}"
    );

    let e = load_units(&GOOD.replace("\"Infantry\"]", "\"Infantry\", \"Flyng\"]")).unwrap_err();
    assert!(
        e.contains("'spears'") && e.contains("keywords[2]") && e.contains("Flyng"),
        "{e}"
    );

    let e = load_units(&GOOD.replace("2xgray", "2xgreen")).unwrap_err();
    assert!(
        e.contains("units/test.ron:") && e.contains("'spears'") && e.contains("green"),
        "{e}"
    );

    let e = load_units(&GOOD.replace("models: 4", "models: 0")).unwrap_err();
    assert!(e.contains("field 'models'"), "{e}");

    // An Epic Creature needs its Injured side.
    let e = load_units(
        &GOOD
            .replace("\"Infantry\"]", "\"Infantry\", \"Epic\"]")
            .replace("models: 4", "models: 1"),
    )
    .unwrap_err();
    assert!(e.contains("field 'injured'"), "{e}");

    // Two cards, one id.
    let two = format!(
        "[{}, {}]",
        &GOOD[1..GOOD.len() - 1],
        &GOOD[1..GOOD.len() - 1]
    );
    let e = load_units(&two).unwrap_err();
    assert!(
        e.contains("field 'id'") && e.contains("another unit card"),
        "{e}"
    );
}

// ------------------------------------------------------------------------
// Force lists (BoV 5.1, "Writing up Force Lists", "The General")
// ------------------------------------------------------------------------

mod lists {
    use super::*;
    use valerna_bov::content::SAMPLE_LISTS;
    use valerna_bov::force_list::{self, Entry, ListRule};

    fn check(text: &str) -> Result<force_list::Force, Vec<force_list::Violation>> {
        let list = force_list::parse(text).map_err(|e| vec![*e])?;
        force_list::validate(&pack(), &list)
    }

    /// Each violation's entry as the list knows it (a unit entry or an
    /// Artifact by its carrier's id, "vaala", "monsters", or "list"), and
    /// its rule.
    fn broken(text: &str) -> Vec<(String, ListRule)> {
        match check(text) {
            Ok(_) => panic!("list accepted:\n{text}"),
            Err(e) => e
                .into_iter()
                .map(|e| {
                    let entry = match e.entry {
                        Entry::List => "list".to_string(),
                        Entry::Unit { id, .. } => id,
                        Entry::Artifact { unit_id, .. } => unit_id,
                        Entry::Vaala { .. } => "vaala".to_string(),
                        Entry::Monster { .. } => "monsters".to_string(),
                    };
                    (entry, e.rule)
                })
                .collect(),
        }
    }

    fn list(force: &str, size: u32, units: &str, vaala: &str) -> String {
        format!(
            "(name: \"t\", force: \"{force}\", game_size: {size}, units: [{units}], vaala: [{vaala}])"
        )
    }

    #[test]
    fn the_sample_lists_are_valid_100_point_lists_two_per_side() {
        let mut per_side = std::collections::HashMap::new();
        for (file, text) in SAMPLE_LISTS {
            let f = check(text).unwrap_or_else(|e| panic!("{file}: {e:?}"));
            assert_eq!(f.game_size, 100, "{file}");
            assert!(
                f.points <= 100 && f.points >= 90,
                "{file}: {} points",
                f.points
            );
            *per_side.entry(f.force.clone()).or_insert(0) += 1;
            let p = pack();
            let states = f.unit_states(&p, 1);
            assert_eq!(states.len(), f.units.len());
            for (st, u) in states.iter().zip(&f.units) {
                assert_eq!(
                    (st.card, st.owner, st.fatigue, st.wounds),
                    (u.card, 1, 0, 0)
                );
                assert_eq!(st.models(), u32::from(p.card(u.card).unwrap().models));
            }
        }
        assert_eq!(per_side.get("Allaria"), Some(&2));
        assert_eq!(per_side.get("Tyveria"), Some(&2));
    }

    #[test]
    fn points_count_units_artifacts_and_vaala_at_one_each() {
        // BoV 5.1, "Select Vaala and Artifacts": "These cards cost 1 point each".
        let f = check(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true, artifacts: ["blade_of_dawn"]), (card: "dreamfencers")"#,
            r#""wind_step", "veil_of_mist""#,
        ))
        .unwrap();
        let p = pack();
        let expect = u32::from(card(&p, "eldai_alarn").1.points)
            + u32::from(card(&p, "dreamfencers").1.points)
            + 3;
        assert_eq!(f.points, expect);
        // "including the cost of artifacts carried"
        assert_eq!(f.units[0].value, card(&p, "eldai_alarn").1.points + 1);
    }

    #[test]
    fn a_list_may_spend_less_never_more_than_the_game_size() {
        // BoV 5.1, "Select Units": "you cannot spend more!"
        let units = r#"(card: "eldai_alarn", general: true), (card: "dreamfencers"), (card: "fai_hunters"), (card: "golden_gunners")"#;
        assert!(check(&list("Allaria", 100, units, "")).is_ok());
        assert_eq!(
            broken(&list("Allaria", 50, units, "")),
            [("list".to_string(), ListRule::Points)]
        );
        // "or any" size: a 60-point game.
        assert_eq!(
            broken(&list("Allaria", 54, units, "")),
            [("list".to_string(), ListRule::Points)]
        );
        assert!(check(&list("Allaria", 55, units, "")).is_ok());
        assert_eq!(
            broken(&list("Allaria", 0, units, ""))[0].1,
            ListRule::GameSize
        );
    }

    #[test]
    fn exactly_one_general() {
        // BoV 5.1, "The General": "one and only one general".
        let none = list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn"), (card: "dreamfencers")"#,
            "",
        );
        assert_eq!(broken(&none), [("list".to_string(), ListRule::General)]);
        let two = list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "parrymaster_qui", general: true)"#,
            "",
        );
        assert_eq!(
            broken(&two),
            [("parrymaster_qui".to_string(), ListRule::General)]
        );
        let not_hero = list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn"), (card: "dreamfencers", general: true)"#,
            "",
        );
        assert_eq!(
            broken(&not_hero),
            [("dreamfencers".to_string(), ListRule::General)]
        );
        let no_hero = list("Allaria", 100, r#"(card: "dreamfencers")"#, "");
        assert_eq!(broken(&no_hero), [("list".to_string(), ListRule::General)]);
    }

    #[test]
    fn the_general_is_a_bonded_dragonrider_first_then_a_dragonrider_then_any_hero() {
        // BoV 5.1, "The General".
        let bonded =
            r#"(card: "elyse", bonded_to: Some("ferellon_fulgen")), (card: "ferellon_fulgen")"#;
        let e = broken(&list(
            "Allaria",
            100,
            &format!(r#"{bonded}, (card: "eldai_alarn", general: true)"#),
            "",
        ));
        assert_eq!(e, [("eldai_alarn".to_string(), ListRule::General)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "elyse"), (card: "eldai_alarn", general: true)"#,
            "",
        ));
        assert_eq!(e, [("eldai_alarn".to_string(), ListRule::General)]);
        assert!(
            check(&list(
                "Allaria",
                100,
                r#"(card: "elyse", general: true), (card: "eldai_alarn")"#,
                ""
            ))
            .is_ok()
        );
        assert!(
            check(&list(
                "Allaria",
                100,
                r#"(card: "parrymaster_qui"), (card: "eldai_alarn", general: true)"#,
                ""
            ))
            .is_ok()
        );
    }

    #[test]
    fn uniques_vaala_and_artifacts_are_never_duplicated() {
        // BoV 5.1, "Unique".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (id: "second", card: "eldai_alarn")"#,
            "",
        ));
        assert_eq!(e, [("second".to_string(), ListRule::Unique)]);
        assert!(check(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (id: "o1", card: "oathguard_commander"), (id: "o2", card: "oathguard_commander")"#,
            "",
        ))
        .is_ok());
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true)"#,
            r#""wind_step", "wind_step""#,
        ));
        assert_eq!(e, [("vaala".to_string(), ListRule::Unique)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true, artifacts: ["blade_of_dawn"]), (card: "parrymaster_qui", artifacts: ["blade_of_dawn"])"#,
            "",
        ));
        assert_eq!(e, [("parrymaster_qui".to_string(), ListRule::Unique)]);
        // Same card twice without its own id.
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "dreamfencers"), (card: "dreamfencers")"#,
            "",
        ));
        assert_eq!(e, [("dreamfencers".to_string(), ListRule::DuplicateEntry)]);
    }

    #[test]
    fn one_artifact_per_hero_and_only_on_heroes() {
        // BoV 5.1, "Artifact Cards": "each Hero can carry only one artifact".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true, artifacts: ["blade_of_dawn", "sunforged_aegis"])"#,
            "",
        ));
        assert_eq!(e, [("eldai_alarn".to_string(), ListRule::Artifact)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "dreamfencers", artifacts: ["blade_of_dawn"])"#,
            "",
        ));
        assert_eq!(e, [("dreamfencers".to_string(), ListRule::Artifact)]);
    }

    #[test]
    fn dragonbond_pairs_a_dragonrider_with_a_dragon() {
        // BoV 5.1, "Dragonbond": "a Hero with the Dragonrider keyword and a dragon".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true, bonded_to: Some("ferellon_fulgen")), (card: "ferellon_fulgen")"#,
            "",
        ));
        assert_eq!(e, [("eldai_alarn".to_string(), ListRule::Dragonbond)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "elyse", general: true, bonded_to: Some("bucentaur")), (card: "bucentaur")"#,
            "",
        ));
        assert_eq!(e, [("elyse".to_string(), ListRule::Dragonbond)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "elyse", general: true, bonded_to: Some("nobody"))"#,
            "",
        ));
        assert_eq!(e, [("elyse".to_string(), ListRule::UnknownEntry)]);
    }

    #[test]
    fn only_a_dragonrider_starts_mounted_and_only_on_a_mount() {
        // BoV 5.1, "Dragonriders" (force list) and "Mounting/Dismounting".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "elyse", general: true, mounted_on: Some("bucentaur")), (card: "bucentaur")"#,
            "",
        ));
        assert_eq!(e, [("elyse".to_string(), ListRule::Mounted)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "elyse", general: true), (card: "eldai_alarn", mounted_on: Some("ferellon_fulgen")), (card: "ferellon_fulgen")"#,
            "",
        ));
        assert_eq!(e, [("eldai_alarn".to_string(), ListRule::Mounted)]);
        assert!(check(&list(
            "Allaria",
            100,
            r#"(card: "elyse", general: true, mounted_on: Some("ferellon_fulgen")), (card: "ferellon_fulgen")"#,
            "",
        ))
        .is_ok());
    }

    #[test]
    fn units_come_from_the_list_force_or_are_mercenaries() {
        // BoV 5.1, "Select Units"; "Neutral Units" > "Mercenaries" and "Monsters".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "bloodfangs")"#,
            "",
        ));
        assert_eq!(e, [("bloodfangs".to_string(), ListRule::Force)]);
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "ravine_troll")"#,
            "",
        ));
        assert_eq!(e, [("ravine_troll".to_string(), ListRule::Force)]);
        assert!(
            check(&list(
                "Allaria",
                100,
                r#"(card: "eldai_alarn", general: true), (card: "sellsword_company")"#,
                ""
            ))
            .is_ok()
        );
    }

    #[test]
    fn mercenaries_cost_no_more_than_the_main_force_and_never_lead_it() {
        // "the amount of points you spend on your mercenaries cannot be higher
        // than the amount of points you spend on your main force".
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "guild_enforcers"), (card: "wandering_duelist", general: true)"#,
            "",
        ));
        assert!(
            e.contains(&("wandering_duelist".to_string(), ListRule::General))
                || e.iter().any(|x| x.1 == ListRule::General),
            "{e:?}"
        );
        let e = broken(&list(
            "Allaria",
            100,
            r#"(card: "oathguard_commander", general: true), (card: "sellsword_company"), (card: "wandering_duelist")"#,
            "",
        ));
        assert_eq!(e, [("list".to_string(), ListRule::Mercenaries)]);
    }

    #[test]
    fn errors_name_the_entry_and_the_rule_broken() {
        let e = check(&list(
            "Allaria",
            100,
            r#"(card: "eldai_alarn", general: true), (card: "nope")"#,
            "",
        ))
        .unwrap_err();
        let text = e[0].to_string();
        assert!(
            text.contains("entry 'nope'") && text.contains("unknown_card"),
            "{text}"
        );
        let e = force_list::parse("(name: \"x\", force: \"Allaria\", units: [])").unwrap_err();
        assert_eq!(e.rule, ListRule::Format);
        assert!(e.message.contains("game_size"), "{}", e.message);
    }
}

// ------------------------------------------------------------------------
// Attacks (BoV 5.1, "Attacks" > "Performing an Attack")
// ------------------------------------------------------------------------

#[test]
fn dice_are_collected_per_attacking_model() {
    // "For each model that is attacking, collect the attack dice listed for
    // its unit's Attack stat for the chosen weapon."
    let p = pack();
    let reavers = card(&p, "scythed_reavers").1;
    let per_model = reavers.front.melee.dice.groups()[0];
    let pool = collect_dice(&reavers.front, WeaponKind::Melee, 2).unwrap();
    assert_eq!(
        pool,
        [DiceGroup {
            count: 2 * per_model.count,
            colour: per_model.colour
        }]
    );
    assert_eq!(
        collect_dice(&reavers.front, WeaponKind::Melee, 0),
        Err(AttackError::NoAttackingModels)
    );
    let og = card(&p, "ogerron_phalanx").1;
    assert_eq!(
        collect_dice(&og.front, WeaponKind::Ranged, 3),
        Err(AttackError::NoRangedWeapon)
    );
}

#[test]
fn melee_needs_an_engaged_target_and_ranged_needs_the_attacker_free() {
    // BoV 5.1, "Attack"; "No Ranged Attacks while Engaged".
    let p = pack();
    let hunters = &card(&p, "fai_hunters").1.front;
    let free = DeclarationFacts {
        attacker_engaged: false,
        target_engaged_with_attacker: false,
        target_in_range_and_sight: true,
    };
    assert!(check_declaration(hunters, WeaponKind::Ranged, free).is_ok());
    assert_eq!(
        check_declaration(hunters, WeaponKind::Melee, free),
        Err(AttackError::MeleeTargetNotEngaged)
    );
    let engaged = DeclarationFacts {
        attacker_engaged: true,
        target_engaged_with_attacker: false,
        target_in_range_and_sight: true,
    };
    assert_eq!(
        check_declaration(hunters, WeaponKind::Ranged, engaged),
        Err(AttackError::RangedWhileEngaged)
    );
    let blind = DeclarationFacts {
        target_in_range_and_sight: false,
        ..free
    };
    assert_eq!(
        check_declaration(hunters, WeaponKind::Ranged, blind),
        Err(AttackError::OutOfRangeOrSight)
    );
}

#[test]
fn attack_modifiers_follow_the_5_1_table() {
    // BoV 5.1, "Attack Roll Modifiers".
    let m = AttackModifiers::new(FatigueState::Normal);
    assert_eq!(m.shift(), Shift::None);
    assert_eq!(
        AttackModifiers::new(FatigueState::Fresh).shift(),
        Shift::Upgrade
    );
    assert_eq!(
        AttackModifiers::new(FatigueState::Exhausted).shift(),
        Shift::Downgrade
    );
    assert_eq!(
        AttackModifiers { charge: true, ..m }.shift(),
        Shift::Upgrade
    );
    assert_eq!(
        AttackModifiers {
            skirmish: true,
            ..m
        }
        .shift(),
        Shift::Downgrade
    );
    assert_eq!(
        AttackModifiers {
            dragonbonded: true,
            ..m
        }
        .shift(),
        Shift::Upgrade
    );
    // Summed into one net shift: an Exhausted unit charging rolls as normal.
    let tired_charge = AttackModifiers {
        charge: true,
        ..AttackModifiers::new(FatigueState::Exhausted)
    };
    assert_eq!(
        tired_charge.sources(),
        [Modifier::Exhausted, Modifier::Charge]
    );
    assert_eq!(tired_charge.shift(), Shift::None);
    // Never two steps.
    let all_up = AttackModifiers {
        charge: true,
        dragonbonded: true,
        ..AttackModifiers::new(FatigueState::Fresh)
    };
    assert_eq!(all_up.shift(), Shift::Upgrade);
}

#[test]
fn defense_modifiers_follow_the_5_1_table() {
    // BoV 5.1, "Defense Roll Modifiers"; Flanked counts against melee
    // ("Flanking & Flanked"), Obscuring against ranged ("Obscuring Terrain").
    let melee = DefenseModifiers::new(FatigueState::Normal, WeaponKind::Melee);
    let ranged = DefenseModifiers::new(FatigueState::Normal, WeaponKind::Ranged);
    assert_eq!(
        DefenseModifiers {
            flanked: true,
            ..melee
        }
        .shift(),
        Shift::Downgrade
    );
    // Whether Flanked applies is the edition's: against melee in 5.1,
    // against every roll in the starter edition ("Flanking").
    use valerna_bov::rules::edition::Edition;
    assert!(Edition::V5_1.flanked_downgrades(WeaponKind::Melee));
    assert!(!Edition::V5_1.flanked_downgrades(WeaponKind::Ranged));
    assert!(Edition::Starter.flanked_downgrades(WeaponKind::Ranged));
    assert_eq!(
        DefenseModifiers {
            obscured: true,
            ..ranged
        }
        .shift(),
        Shift::Upgrade
    );
    assert_eq!(
        DefenseModifiers {
            obscured: true,
            ..melee
        }
        .shift(),
        Shift::None
    );
    assert_eq!(
        DefenseModifiers {
            dragonbonded: true,
            ..melee
        }
        .shift(),
        Shift::Upgrade
    );
    assert_eq!(
        DefenseModifiers::new(FatigueState::Fresh, WeaponKind::Melee).shift(),
        Shift::Upgrade
    );
    assert_eq!(
        DefenseModifiers::new(FatigueState::Exhausted, WeaponKind::Ranged).shift(),
        Shift::Downgrade
    );
    // Fresh and Flanked cancel out.
    let fresh_flanked = DefenseModifiers {
        flanked: true,
        ..DefenseModifiers::new(FatigueState::Fresh, WeaponKind::Melee)
    };
    assert_eq!(fresh_flanked.shift(), Shift::None);
}

/// BoV 5.1, "Performing an Attack", the worked example: the attacker rolls
/// two standard hits and a critical hit against the Ogerron Phalanx (gray
/// defense). "Since the critical hit can't be blocked, Jason gets to roll" two
/// gray dice, black if the Phalanx were Fresh; with one block the Phalanx
/// "take 2 wounds".
#[test]
fn performing_an_attack_worked_example() {
    let p = pack();
    let (og_id, og) = card(&p, "ogerron_phalanx");
    // The attacker: two models left, no modifier ("No other effects apply").
    let reavers = card(&p, "scythed_reavers").1;
    let pool = collect_dice(&reavers.front, WeaponKind::Melee, 2).unwrap();
    assert_eq!(
        pool.iter().map(|g| g.count).sum::<u32>(),
        2 * reavers.front.melee.dice.count()
    );
    // "If the unit had become Exhausted by making this attack ... they would
    // have downgraded their attacks".
    assert_eq!(
        AttackModifiers::new(FatigueState::of(3)).shift(),
        Shift::Downgrade
    );
    assert_eq!(
        AttackModifiers::new(FatigueState::of(2)).shift(),
        Shift::None
    );

    let hits = AttackRoll {
        standard: 2,
        critical: 1,
    };
    // One die per standard hit: the stream moves by exactly two d6.
    for (fatigue, colour) in [(1u8, Colour::Gray), (0, Colour::Black)] {
        for seed in 0..20 {
            let mut s = Stream::new(seed);
            let mut oracle = s.clone();
            let d = make_defense_roll(
                hits,
                og.front.defense,
                &DefenseModifiers::new(FatigueState::of(fatigue), WeaponKind::Melee),
                &mut s,
            );
            let expect_blocks = (0..2).filter(|_| blocks(colour, oracle.d6())).count() as u32;
            assert_eq!(s, oracle, "two dice, no more");
            assert_eq!(d.blocks, expect_blocks);
            assert_eq!(d.wounds, 2 - expect_blocks + 1);
        }
    }
    // "Lucy rolled 1 critical hit and two hits, but Jason rolled 1 block":
    // 2 wounds, and Health 5 defeats no model.
    assert_eq!(wounds_from(hits, 1), 2);
    let mut phalanx = UnitState::new(og_id, og, 1);
    let r = wounds::apply_wounds(&mut phalanx, og, 2, &mut LastModelFirst);
    assert_eq!(
        (phalanx.wounds, phalanx.models(), r.removed.count()),
        (2, 3, 0)
    );
}

#[test]
fn the_attack_roll_rolls_the_pool_after_the_net_shift() {
    // "Upgrade or downgrade your attack dice ... then roll the dice and count
    // the number of hits and critical hits."
    let pool = [DiceGroup {
        count: 6,
        colour: Colour::Gray,
    }];
    for seed in 0..20 {
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let charge = AttackModifiers {
            charge: true,
            ..AttackModifiers::new(FatigueState::Normal)
        };
        let r = make_attack_roll(&pool, &charge, &mut s);
        // Gray upgraded is black, no reroll (docs/rulings.md, "Upgrades and downgrades").
        let (mut std, mut crit) = (0, 0);
        for _ in 0..6 {
            let (a, b) = face(Colour::Black, oracle.d10());
            std += a;
            crit += b;
        }
        assert_eq!((r.standard, r.critical), (std, crit));
        assert_eq!(s, oracle);
    }
}

#[test]
fn critical_hits_bypass_defense() {
    // "Critical hits inflict wounds directly without any defense dice being rolled."
    let mut s = Stream::new(9);
    let before = s.clone();
    let d = make_defense_roll(
        AttackRoll {
            standard: 0,
            critical: 3,
        },
        Colour::Black,
        &DefenseModifiers::new(FatigueState::Fresh, WeaponKind::Melee),
        &mut s,
    );
    assert_eq!(s, before, "no die rolled");
    assert_eq!((d.blocks, d.wounds), (0, 3));
}

/// BoV 5.1, "Ranged Attacks against Engaged Units", Fig. 13: "The Bucentaur
/// ... scores two hits. The first hit will be resolved against his allies
/// [the nearer unit], and the second against the target."
#[test]
fn bucentaur_splits_ranged_hits_nearest_first() {
    // Units in order of distance from the Bucentaur: its allies' enemy...
    // the ally-engaged unit nearest (index 0), the target farther (index 1).
    let split = split_hits(
        AttackRoll {
            standard: 2,
            critical: 0,
        },
        2,
        1,
        &[],
    );
    assert_eq!(
        split,
        [
            AttackRoll {
                standard: 1,
                critical: 0
            },
            AttackRoll {
                standard: 1,
                critical: 0
            }
        ]
    );
    // "If critical hits were rolled, those are applied first."
    let split = split_hits(
        AttackRoll {
            standard: 1,
            critical: 2,
        },
        3,
        0,
        &[],
    );
    assert_eq!(
        split,
        [
            AttackRoll {
                standard: 0,
                critical: 1
            },
            AttackRoll {
                standard: 0,
                critical: 1
            },
            AttackRoll {
                standard: 1,
                critical: 0
            },
        ]
    );
    // "Continue until all hits have been applied": as evenly as possible.
    let split = split_hits(
        AttackRoll {
            standard: 3,
            critical: 1,
        },
        2,
        1,
        &[],
    );
    assert_eq!(
        split,
        [
            AttackRoll {
                standard: 1,
                critical: 1
            },
            AttackRoll {
                standard: 2,
                critical: 0
            }
        ]
    );
    // Assassinate hits go to the target alone (docs/rulings.md).
    let split = split_hits(
        AttackRoll {
            standard: 3,
            critical: 1,
        },
        2,
        1,
        &[AttackKeyword::Assassinate],
    );
    assert_eq!(
        split,
        [
            AttackRoll::default(),
            AttackRoll {
                standard: 3,
                critical: 1
            }
        ]
    );
}

#[test]
fn a_flanked_unit_attacks_model_by_model() {
    // BoV 5.1, "Flanking & Flanked": "each model in the Flanked unit can
    // attack its choice of the enemy units it is engaged with".
    let engaged = |m: u8, t: char| matches!((m, t), (0 | 1, 'A') | (1 | 2, 'C'));
    let g = flanked_attack_groups(&[(0, 'A'), (1, 'C'), (2, 'C')], engaged).unwrap();
    assert_eq!(g, [('A', ModelSet(0b001)), ('C', ModelSet(0b110))]);
    assert_eq!(
        flanked_attack_groups(&[(0, 'C')], engaged),
        Err(AttackError::ModelNotEngagedWithTarget { model: 0 })
    );
    assert_eq!(
        flanked_attack_groups(&[(1, 'A'), (1, 'C')], engaged),
        Err(AttackError::ModelTwice { model: 1 })
    );
}

#[test]
fn opportunity_attacks_are_closed_to_flanked_and_exhausted_units() {
    // BoV 5.1, "Opportunity Attack".
    assert!(check_opportunity_attack(FatigueState::Normal, false, true).is_ok());
    assert!(check_opportunity_attack(FatigueState::Fresh, false, true).is_ok());
    assert_eq!(
        check_opportunity_attack(FatigueState::Normal, true, true),
        Err(AttackError::OpportunityWhileFlanked)
    );
    assert_eq!(
        check_opportunity_attack(FatigueState::Exhausted, false, true),
        Err(AttackError::OpportunityWhileExhausted)
    );
    assert_eq!(
        check_opportunity_attack(FatigueState::Normal, false, false),
        Err(AttackError::OpportunityNotEngaged)
    );
    assert_eq!(attack::OPPORTUNITY_ATTACK_FATIGUE, 1);
}

#[test]
fn inflicted_wounds_count_every_hit_and_roll_no_defense() {
    // BoV 5.1, "Hits vs. Wounds": "roll 2 black attack dice and apply any hits
    // rolled as wounds immediately ... regardless of whether they were
    // standard or critical hits."
    let dice: valerna_bov::rules::units::Dice = "2xblack".parse().unwrap();
    for seed in 0..30 {
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let w = attack::roll_wounds(&dice, Shift::None, &mut s);
        let expect: u32 = (0..2)
            .map(|_| {
                let (a, b) = face(Colour::Black, oracle.d10());
                a + b
            })
            .sum();
        assert_eq!(w, expect);
    }
}

// ------------------------------------------------------------------------
// Wounds (BoV 5.1, "Apply Wounds"; "Epic Creatures")
// ------------------------------------------------------------------------

/// BoV 5.1, "Apply Wounds", the worked example: "Jason's Ogerron Phalanx take
/// 2 wounds ... If, in the future, the same unit receives 4 more wounds ...
/// Jason would then remove one Ogerron model and 5 wound counters ...,
/// leaving 1 wound counter on the unit."
#[test]
fn ogerron_phalanx_wounds_worked_example() {
    let p = pack();
    let (_, og) = card(&p, "ogerron_phalanx");
    let mut u = unit(&p, "ogerron_phalanx");
    let models = u.models();
    let first = wounds::plan_wounds(&u, og, 2);
    assert_eq!((first.removals, first.wounds_after), (0, 2));
    wounds::apply_wound_plan(&mut u, &first, &[]).unwrap();
    let second = wounds::plan_wounds(&u, og, 4);
    assert_eq!(
        (second.removals, second.wounds_after, second.defeated),
        (1, 1, false)
    );
    // "The player who owns the unit selects which model to remove."
    let r = wounds::apply_wound_plan(&mut u, &second, &[1]).unwrap();
    assert_eq!(r.removed, ModelSet(0b010));
    assert_eq!((u.wounds, u.models()), (1, models - 1));
}

#[test]
fn the_owner_names_the_casualties() {
    let p = pack();
    let (_, c) = card(&p, "bloodfangs");
    let mut u = unit(&p, "bloodfangs");
    let plan = wounds::plan_wounds(&u, c, 3);
    assert!(plan.needs_choice());
    assert_eq!(
        wounds::apply_wound_plan(&mut u, &plan, &[0, 1]),
        Err(CasualtyError::WrongCount {
            expected: 3,
            given: 2
        })
    );
    assert_eq!(
        wounds::apply_wound_plan(&mut u, &plan, &[0, 1, 9]),
        Err(CasualtyError::NotAlive(9))
    );
    assert_eq!(
        wounds::apply_wound_plan(&mut u, &plan, &[0, 1, 1]),
        Err(CasualtyError::Twice(1))
    );
    assert_eq!(u.models(), 7, "a refused choice changes nothing");
    let r = wounds::apply_wound_plan(&mut u, &plan, &[6, 2, 4]).unwrap();
    assert_eq!(r.removed, [2u8, 4, 6].into_iter().collect());
    // "repeat until all wounds have been applied or all models ... defeated"
    let plan = wounds::plan_wounds(&u, c, 50);
    assert!(plan.defeated && !plan.needs_choice());
    let r = wounds::apply_wound_plan(&mut u, &plan, &[]).unwrap();
    assert!(r.defeated && u.is_defeated() && u.wounds == 0);
}

#[test]
fn an_epic_creature_is_injured_at_health_then_defeated_at_its_injured_health() {
    // BoV 5.1, "Epic Creatures" > "Applying Wounds", "Injuries", "Defeat".
    let p = pack();
    let (_, fer) = card(&p, "ferellon_fulgen");
    let front = u32::from(fer.front.health);
    let back = u32::from(fer.injured.as_ref().unwrap().health);
    let mut u = unit(&p, "ferellon_fulgen");
    let r = wounds::apply_wounds(&mut u, fer, front - 1, &mut LastModelFirst);
    assert!(!r.became_injured && !u.injured);
    // Reaching Health: all wounds removed, card flipped; the rest carried on.
    let r = wounds::apply_wounds(&mut u, fer, 3, &mut LastModelFirst);
    assert!(r.became_injured && u.injured);
    assert_eq!(u.wounds, 2);
    assert_eq!(fer.profile(u.injured).health as u32, back);
    // "An Injured creature cannot be healed back to the front side".
    wounds::heal(&mut u, 5, &[]);
    assert!(u.injured && u.wounds == 0);
    let r = wounds::apply_wounds(&mut u, fer, back, &mut LastModelFirst);
    assert!(r.defeated && u.is_defeated());
    // Enough at once goes through both sides.
    let mut v = unit(&p, "ferellon_fulgen");
    let r = wounds::apply_wounds(&mut v, fer, front + back, &mut LastModelFirst);
    assert!(r.became_injured && r.defeated);
}

#[test]
fn healing_removes_wounds_or_markers_never_models() {
    // BoV 5.1, "Healing".
    let p = pack();
    let (_, og) = card(&p, "ogerron_phalanx");
    let mut u = unit(&p, "ogerron_phalanx");
    wounds::apply_wounds(&mut u, og, 7, &mut LastModelFirst);
    u.status.add(StatusKind::Poisoned, 1);
    let models = u.models();
    let h = wounds::heal(&mut u, 2, &[StatusKind::Poisoned]);
    assert_eq!((h.markers, h.wounds), (1, 1));
    assert_eq!((u.status.poisoned, u.wounds, u.models()), (0, 1, models));
    let h = wounds::heal(&mut u, 9, &[]);
    assert_eq!(h.wounds, 1, "beyond the wounds there is no further effect");
}

// ------------------------------------------------------------------------
// Charge and Skirmish dice and distances
// ------------------------------------------------------------------------

/// BoV 5.1, "Charge": "Her Dreamfencers have a Speed of 8, and the Claws are
/// just over 10" away ... rolls 3 black attack dice, and gets 3 hits; she can
/// move her unit an extra 3", which is enough to engage".
#[test]
fn dreamfencers_charge_dice() {
    let p = pack();
    let speed = f64::from(card(&p, "dreamfencers").1.front.speed);
    let distance = 10.1;
    let reach = charge::farthest_charge(speed);
    assert_eq!(reach, 14.0, "Speed + 6\"");
    assert!(
        charge::target_within_reach(distance, reach),
        "within Speed + 6\""
    );
    assert!(!charge::target_within_reach(14.1, reach));
    assert!(charge::check_declaration(false, true, distance, reach).is_ok());
    assert_eq!(
        charge::check_declaration(true, true, distance, reach),
        Err(charge::ChargeError::Engaged)
    );
    assert_eq!(
        charge::check_declaration(false, false, distance, reach),
        Err(charge::ChargeError::NotInSight)
    );
    assert_eq!(
        charge::check_declaration(false, true, 14.1, reach),
        Err(charge::ChargeError::OutOfReach)
    );
    assert!(charge::charge_allowance(speed, 3) >= distance);
    assert!(charge::charge_allowance(speed, 2) < distance);
    // The bonus counts every hit symbol of three black dice (docs/rulings.md, "The attack die").
    let mut seen_three = false;
    for seed in 0..200 {
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let bonus = charge::roll_charge_bonus(&mut s);
        let expect: u32 = (0..3)
            .map(|_| {
                let (a, b) = face(Colour::Black, oracle.d10());
                a + b
            })
            .sum();
        assert_eq!(bonus, expect);
        seen_three |= bonus == 3;
    }
    assert!(seen_three);
}

#[test]
fn skirmish_slowed_and_immobilized_speeds() {
    // BoV 5.1, "Skirmish": Fai Hunters Speed 12 "limited to a maximum of 6"";
    // "Slowed": "a Slowed Skirmish Move would be reduced to a quarter";
    // "Immobilized": "reduced to zero".
    let p = pack();
    let speed = f64::from(card(&p, "fai_hunters").1.front.speed);
    let none = StatusMarkers::default();
    assert_eq!(status::speed_allowance(speed, &none, true), 6.0);
    let slowed = StatusMarkers { slowed: 1, ..none };
    assert_eq!(status::speed_allowance(speed, &slowed, false), 6.0);
    assert_eq!(status::speed_allowance(speed, &slowed, true), 3.0);
    let held = StatusMarkers {
        immobilized: 1,
        ..none
    };
    assert_eq!(status::speed_allowance(speed, &held, false), 0.0);
}

// ------------------------------------------------------------------------
// Fatigue (BoV 5.1, "Fatigue"; "Restore Fatigue")
// ------------------------------------------------------------------------

#[test]
fn fatigue_states() {
    assert_eq!(FatigueState::of(0), FatigueState::Fresh);
    assert_eq!(FatigueState::of(1), FatigueState::Normal);
    assert_eq!(FatigueState::of(2), FatigueState::Normal);
    assert_eq!(FatigueState::of(3), FatigueState::Exhausted);
    assert_eq!(FatigueState::of(5), FatigueState::Exhausted);
    assert!(!FatigueState::Exhausted.can_activate());
    assert!(FatigueState::Normal.can_activate());
}

#[test]
fn restore_fatigue_removes_two_or_one_with_status_markers() {
    use fatigue::{Restored, restore};
    assert_eq!(
        restore(0),
        Restored {
            fatigue: 0,
            status_removals: 2
        }
    );
    assert_eq!(
        restore(1),
        Restored {
            fatigue: 0,
            status_removals: 1
        }
    );
    assert_eq!(
        restore(2),
        Restored {
            fatigue: 0,
            status_removals: 0
        }
    );
    // "units that have 3 or more fatigue counters on them can retain some"
    assert_eq!(
        restore(3),
        Restored {
            fatigue: 1,
            status_removals: 0
        }
    );
    assert_eq!(
        restore(4),
        Restored {
            fatigue: 2,
            status_removals: 0
        }
    );
}

// ------------------------------------------------------------------------
// Status effects (BoV 5.1, "Status Effects")
// ------------------------------------------------------------------------

#[test]
fn poison_rolls_a_white_die_per_marker() {
    // "For each Poison marker ... roll a white attack die. For each hit
    // rolled, add a wound to the unit and remove a marker. (Note that this
    // may apply more wounds than there are markers.)"
    let mut more_wounds_than_markers = false;
    for seed in 0..300 {
        let mut m = StatusMarkers {
            poisoned: 2,
            ..Default::default()
        };
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let r = status::resolve_poison(&mut m, &mut s);
        let hits: u32 = (0..2)
            .map(|_| {
                let (a, b) = face(Colour::White, oracle.d10());
                a + b
            })
            .sum();
        assert_eq!(r.wounds, hits);
        assert_eq!(u32::from(r.markers_removed), hits.min(2));
        assert_eq!(u32::from(m.poisoned), 2 - hits.min(2));
        more_wounds_than_markers |= hits > 2;
    }
    assert!(more_wounds_than_markers);
}

#[test]
fn slowed_and_immobilized_lose_a_marker_at_the_end_of_activation() {
    let mut m = StatusMarkers {
        poisoned: 1,
        slowed: 2,
        immobilized: 1,
    };
    m.end_of_activation();
    assert_eq!(
        m,
        StatusMarkers {
            poisoned: 1,
            slowed: 1,
            immobilized: 0
        }
    );
}

// ------------------------------------------------------------------------
// Morale (BoV 5.1, "Morale")
// ------------------------------------------------------------------------

#[test]
fn morale_dice_gray_black_for_heroes_and_epics_white_for_shirkers() {
    let p = pack();
    assert_eq!(morale::morale_die(card(&p, "dreamfencers").1), Colour::Gray);
    assert_eq!(morale::morale_die(card(&p, "eldai_alarn").1), Colour::Black);
    assert_eq!(
        morale::morale_die(card(&p, "ferellon_fulgen").1),
        Colour::Black
    );
    assert_eq!(morale::morale_die(card(&p, "bloodfangs").1), Colour::White);
}

#[test]
fn morale_modifiers_follow_the_5_1_table() {
    // BoV 5.1, "Morale Test Modifiers"; the aura does not count "for the
    // General being defeated".
    let heavy = MoraleModifiers::new(FatigueState::Normal, MoraleCause::HeavyCasualties);
    assert_eq!(heavy.shift(), Shift::None);
    assert_eq!(
        MoraleModifiers {
            in_command: true,
            ..heavy
        }
        .shift(),
        Shift::Upgrade
    );
    assert_eq!(
        MoraleModifiers {
            generals_aura: true,
            ..heavy
        }
        .shift(),
        Shift::Upgrade
    );
    assert_eq!(
        MoraleModifiers {
            dragonbonded: true,
            ..heavy
        }
        .shift(),
        Shift::Upgrade
    );
    assert_eq!(
        MoraleModifiers::new(FatigueState::Fresh, MoraleCause::HeavyCasualties).shift(),
        Shift::Upgrade
    );
    assert_eq!(
        MoraleModifiers::new(FatigueState::Exhausted, MoraleCause::HeavyCasualties).shift(),
        Shift::Downgrade
    );
    let gd = MoraleModifiers {
        generals_aura: true,
        ..MoraleModifiers::new(FatigueState::Exhausted, MoraleCause::GeneralDefeated)
    };
    assert_eq!(gd.shift(), Shift::Downgrade);
}

#[test]
fn heavy_casualties_are_half_or_more_of_the_models_before() {
    // "If a unit loses half or more of its remaining models as a result of
    // an attack or effect".
    assert!(morale::heavy_casualties(4, 2));
    assert!(morale::heavy_casualties(5, 2));
    assert!(!morale::heavy_casualties(5, 3));
    assert!(!morale::heavy_casualties(7, 7));
    assert!(
        !morale::heavy_casualties(3, 0),
        "no survivor is left to test"
    );
}

#[test]
fn a_failed_test_flees_and_removes_every_wound() {
    // "If the result is a fail, the model flees ... If at least one model is
    // removed in this way from a unit, also remove all wound markers".
    let p = pack();
    let (_, og) = card(&p, "ogerron_phalanx");
    let mods = MoraleModifiers::new(FatigueState::Normal, MoraleCause::HeavyCasualties);
    let mut fled_once = false;
    for seed in 0..40 {
        let mut u = unit(&p, "ogerron_phalanx");
        u.wounds = 3;
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let r = {
            let all = u.alive;
            morale::test_models(&mut u, og, all, &mods, &mut s)
        };
        let fails: ModelSet = (0..3u8)
            .filter(|_| !blocks(Colour::Gray, oracle.d6()))
            .collect();
        assert_eq!(r.fled, fails);
        assert_eq!(u.alive, ModelSet::first(3).without(fails));
        assert_eq!(u.wounds, if fails.is_empty() { 3 } else { 0 });
        fled_once |= !fails.is_empty();
    }
    assert!(fled_once);
}

#[test]
fn unfeeling_units_take_no_test_for_casualties_or_the_general() {
    // BoV 5.1, "Unfeeling".
    let p = pack();
    let (_, sk) = card(&p, "skorpikon_stalkers");
    for cause in [MoraleCause::HeavyCasualties, MoraleCause::GeneralDefeated] {
        let mut u = unit(&p, "skorpikon_stalkers");
        let mut s = Stream::new(1);
        let before = s.clone();
        let r = morale::test_models(
            &mut u,
            sk,
            ModelSet::first(2),
            &MoraleModifiers::new(FatigueState::Exhausted, cause),
            &mut s,
        );
        assert!(r.tested.is_empty() && r.fled.is_empty());
        assert_eq!(s, before);
    }
    assert!(morale::takes_test(sk, MoraleCause::Effect));
}

#[test]
fn the_general_defeated_tests_heroes_first() {
    // "take a morale test for every model within the General's aura of
    // command, starting with Heroes and then continuing to non-Hero models".
    let order = morale::general_defeated_order(&[
        ("fencers", ModelSet(0b111), false),
        ("qui", ModelSet(1), true),
        ("far away", ModelSet(0), false),
        ("alarn", ModelSet(1), true),
    ]);
    let names: Vec<_> = order.iter().map(|u| u.0).collect();
    assert_eq!(names, ["qui", "alarn", "fencers"]);
}

// ------------------------------------------------------------------------
// Scenarios and scoring (BoV 5.1, "Pitched Battle", "Alternative Scenarios")
// ------------------------------------------------------------------------

#[test]
fn objectives_go_to_the_most_models_and_control_persists() {
    let mut o = Objectives::new(3);
    o.capture(&[[3, 1], [2, 2], [0, 1]]);
    assert_eq!(o.control, [Some(0), None, Some(1)]);
    // "it remains in the control of that player until it is captured by the opponent"
    o.capture(&[[0, 0], [1, 1], [4, 4]]);
    assert_eq!(o.control, [Some(0), None, Some(1)]);
    o.capture(&[[0, 2], [0, 0], [0, 0]]);
    assert_eq!(o.control, [Some(1), None, Some(1)]);
    // "You then score 10 points per round for each objective you control."
    assert_eq!(o.round_points(), [0, 20]);
}

#[test]
fn scenarios_score_objectives_and_defeated_units_as_the_book_says() {
    let models_on = [[2, 0], [0, 0], [0, 0], [0, 0], [0, 0]];
    // Pitched Battle: both.
    let mut s = Score::default();
    let mut o = Objectives::new(5);
    assert_eq!(
        s.score_round(Scenario::PitchedBattle, &mut o, &models_on),
        [10, 0]
    );
    assert_eq!(s.unit_defeated(Scenario::PitchedBattle, 0, 17), 17);
    assert_eq!(s.points, [10, 17]);
    // Seize the Land: "no points are scored for defeated enemy units".
    let mut s = Score::default();
    let mut o = Objectives::new(5);
    s.score_round(Scenario::SeizeTheLand, &mut o, &models_on);
    assert_eq!(s.unit_defeated(Scenario::SeizeTheLand, 0, 17), 0);
    assert_eq!(s.points, [10, 0]);
    // Slay the Foe: "no objectives are placed".
    let mut s = Score::default();
    let mut o = Objectives::new(0);
    assert_eq!(
        s.score_round(Scenario::SlayTheFoe, &mut o, &models_on),
        [0, 0]
    );
    s.unit_defeated(Scenario::SlayTheFoe, 1, 12);
    assert_eq!(s.points, [12, 0]);
    assert_eq!(scenario::Battlefield::Standard4x3.objectives(), 5);
    assert_eq!(scenario::Battlefield::Large6x4.objectives(), 7);
}

#[test]
fn victory_needs_ten_percent_of_the_game_size() {
    // "if a player has scored at least 10 points more than the opponent,
    // that player wins"; "in a game of size 50, you need to win by at least 5".
    assert_eq!(scenario::victory_margin(100), 10);
    assert_eq!(scenario::victory_margin(50), 5);
    assert_eq!(scenario::victory_margin(75), 8);
    let s = |a, b| Score { points: [a, b] };
    assert_eq!(
        scenario::game_result(&s(40, 30), 100, [true, true]),
        GameResult::Win {
            seat: 0,
            by_wipe_out: false
        }
    );
    assert_eq!(
        scenario::game_result(&s(40, 31), 100, [true, true]),
        GameResult::Draw
    );
    assert_eq!(
        scenario::game_result(&s(20, 25), 50, [true, true]),
        GameResult::Win {
            seat: 1,
            by_wipe_out: false
        }
    );
    // "If you manage to completely defeat every enemy unit on the
    // battlefield, you win, regardless of the scoring".
    assert_eq!(
        scenario::game_result(&s(0, 90), 100, [true, false]),
        GameResult::Win {
            seat: 0,
            by_wipe_out: true
        }
    );
}

// ------------------------------------------------------------------------
// Turns and the end of the round (BoV 5.1, "Turns", "End of Round")
// ------------------------------------------------------------------------

mod round {
    use super::*;
    use valerna_bov::rules::round::{self, RoundError};

    #[test]
    fn activating_places_a_fatigue_counter_and_exhausted_units_cannot_activate() {
        // "Select a Unit": "any friendly unit that is not Exhausted ... Place a
        // fatigue counter on the chosen unit".
        let p = pack();
        let mut u = unit(&p, "dreamfencers");
        for expect in 1..=3 {
            round::activate(&mut u).unwrap();
            assert_eq!(u.fatigue, expect);
        }
        assert_eq!(round::activate(&mut u), Err(RoundError::Exhausted));
        assert_eq!(u.fatigue, 3);
    }

    #[test]
    fn restore_fatigue_with_the_owners_choice_of_markers() {
        // "If a unit ended the round with no fatigue counters on it, you may
        // remove up to 2 status effect markers".
        let p = pack();
        let mut u = unit(&p, "dreamfencers");
        u.status = StatusMarkers {
            poisoned: 1,
            slowed: 1,
            immobilized: 1,
        };
        assert_eq!(
            round::restore_fatigue(
                &mut u,
                &[
                    StatusKind::Poisoned,
                    StatusKind::Slowed,
                    StatusKind::Immobilized
                ]
            ),
            Err(RoundError::TooManyMarkers {
                allowed: 2,
                asked: 3
            })
        );
        round::restore_fatigue(&mut u, &[StatusKind::Poisoned, StatusKind::Slowed]).unwrap();
        assert_eq!(
            u.status,
            StatusMarkers {
                poisoned: 0,
                slowed: 0,
                immobilized: 1
            }
        );
        // One counter: it goes, and one marker may go with it.
        u.fatigue = 1;
        assert_eq!(
            round::restore_fatigue(&mut u, &[StatusKind::Slowed]),
            Err(RoundError::NoSuchMarker(StatusKind::Slowed))
        );
        round::restore_fatigue(&mut u, &[StatusKind::Immobilized]).unwrap();
        assert_eq!((u.fatigue, u.status.total()), (0, 0));
        // Three counters: two go, no marker.
        u.fatigue = 3;
        u.status.add(StatusKind::Poisoned, 1);
        assert!(round::restore_fatigue(&mut u, &[StatusKind::Poisoned]).is_err());
        round::restore_fatigue(&mut u, &[]).unwrap();
        assert_eq!((u.fatigue, u.status.poisoned), (1, 1));
    }

    #[test]
    fn status_effects_at_the_start_and_end_of_an_activation() {
        // "Poisoned" at the start; "Slowed"/"Immobilized" lose a marker at the end.
        let p = pack();
        let mut u = unit(&p, "dreamfencers");
        u.status = StatusMarkers {
            poisoned: 0,
            slowed: 1,
            immobilized: 2,
        };
        let mut s = Stream::new(4);
        let before = s.clone();
        let r = round::start_of_activation(&mut u, &mut s);
        assert_eq!((r.wounds, s == before), (0, true), "no marker, no die");
        round::end_of_activation(&mut u);
        assert_eq!(
            u.status,
            StatusMarkers {
                poisoned: 0,
                slowed: 0,
                immobilized: 1
            }
        );
    }
}

#[test]
fn a_whole_attack_rolls_attack_then_defense_from_one_stream() {
    // "Performing an Attack": steps 3 to 5 in order, every die from the
    // game's one stream (docs/rulings.md, "One seeded stream a game").
    let pool = [DiceGroup {
        count: 4,
        colour: Colour::Black,
    }];
    for seed in 0..30 {
        let mut s = Stream::new(seed);
        let mut oracle = s.clone();
        let o = attack::resolve_against(
            &pool,
            &AttackModifiers::new(FatigueState::Normal),
            Colour::Gray,
            &DefenseModifiers::new(FatigueState::Normal, WeaponKind::Melee),
            &mut s,
        );
        let (mut std, mut crit) = (0, 0);
        for _ in 0..4 {
            let (a, b) = face(Colour::Black, oracle.d10());
            std += a;
            crit += b;
        }
        let blocked = (0..std)
            .filter(|_| blocks(Colour::Gray, oracle.d6()))
            .count() as u32;
        assert_eq!(
            (o.roll.standard, o.roll.critical, o.defended.blocks),
            (std, crit, blocked)
        );
        assert_eq!(o.defended.wounds, std - blocked + crit);
        assert_eq!(s, oracle);
    }
}

#[test]
fn wounding_attacks_place_their_status_markers() {
    // BoV 5.1, "Attack Keywords": "When this attack deals at least one wound".
    use AttackKeyword::*;
    assert_eq!(attack::statuses_inflicted(&[Poisoned, Slowing], 0), []);
    assert_eq!(
        attack::statuses_inflicted(&[Poisoned, Slowing], 1),
        [StatusKind::Poisoned, StatusKind::Slowed]
    );
    assert_eq!(
        attack::statuses_inflicted(&[Immobilizing, Vaala, Assassinate], 3),
        [StatusKind::Immobilized]
    );
}

#[test]
fn command_x_commands_units_with_the_x_keyword_within_one_inch() {
    // BoV 5.1, "Command X"; "Simultaneous Activation": not while mounted.
    let p = pack();
    let adrael = card(&p, "adrael").1;
    let claws = card(&p, "bloodclaws").1;
    let fangs = card(&p, "bloodfangs").1;
    assert!(morale::in_command(claws, adrael, true, false, false));
    assert!(morale::in_command(claws, adrael, false, true, false));
    assert!(!morale::in_command(claws, adrael, false, false, false));
    assert!(
        !morale::in_command(fangs, adrael, true, false, false),
        "Bloodfangs are not Infantry"
    );
    assert!(!morale::in_command(claws, adrael, true, false, true));
    assert!(!morale::in_command(
        claws,
        card(&p, "eldai_alarn").1,
        true,
        false,
        false
    ));
}

#[test]
fn powers_cost_fatigue_by_type_and_ultimates_are_used_once() {
    // BoV 5.1, "Powers" > "Type"; "Activating Powers"; "Ultimate Powers".
    use valerna_bov::rules::activation::{self, PowerError};
    use valerna_bov::rules::powers::Timing;
    let p = pack();
    let (_, elyse) = card(&p, "elyse");
    let dawnfire = &elyse.front.powers[0];
    assert!(dawnfire.ultimate && dawnfire.timing == Timing::Action);
    assert_eq!(dawnfire.fatigue_cost(), 1);
    let mut u = unit(&p, "elyse");
    assert!(activation::check_activation(dawnfire, 0, &u, false).is_ok());
    activation::activate(dawnfire, 0, &mut u);
    assert_eq!(u.fatigue, 1);
    assert_eq!(
        activation::check_activation(dawnfire, 0, &u, false),
        Err(PowerError::UltimateUsed)
    );
    let parry = &card(&p, "parrymaster_qui").1.front.powers[0];
    assert_eq!(
        parry.fatigue_cost(),
        0,
        "reactions cost no fatigue by default"
    );
    let mut q = unit(&p, "parrymaster_qui");
    assert_eq!(
        activation::check_activation(parry, 0, &q, true),
        Err(PowerError::UsedThisTurn)
    );
    q.fatigue = 3;
    assert_eq!(
        activation::check_activation(parry, 0, &q, false),
        Err(PowerError::Exhausted)
    );
    let bellow = &card(&p, "ogerron_warchief").1.front.powers[0];
    assert_eq!(bellow.fatigue_cost(), 1, "unless the power says otherwise");
    let guard = &card(&p, "dreamfencers").1.front.powers[0];
    assert!(guard.usable_when_exhausted());
    assert_eq!(
        activation::check_activation(guard, 0, &q, false),
        Err(PowerError::Passive)
    );
}

#[test]
fn reserves_left_at_the_end_are_defeated_units() {
    // BoV 5.1, "Reserves": "all units left in Reserve are immediately defeated!"
    let mut s = Score::default();
    assert_eq!(
        s.reserves_defeated(Scenario::PitchedBattle, 1, &[12, 14]),
        26
    );
    assert_eq!(s.points, [26, 0]);
    assert_eq!(s.reserves_defeated(Scenario::SeizeTheLand, 0, &[12]), 0);
}

#[test]
fn dangerous_terrain_attacks_inside_in_melee_and_nearby_at_range() {
    // BoV 5.1, "Dangerous Terrain (X)".
    assert_eq!(
        attack::dangerous_terrain_attack(3, true),
        (
            vec![DiceGroup {
                count: 3,
                colour: Colour::Black
            }],
            WeaponKind::Melee
        )
    );
    assert_eq!(
        attack::dangerous_terrain_attack(1, false),
        (
            vec![DiceGroup {
                count: 1,
                colour: Colour::Gray
            }],
            WeaponKind::Ranged
        )
    );
}

#[test]
fn card_files_are_checked_too() {
    use valerna_bov::content::{FileKind, Source};
    let kw = Source {
        file: "keywords.ron",
        kind: FileKind::Keywords,
        text: r#"(forces: ["Allaria"], tags: [])"#,
    };
    let vaala = r#"[
        (id: "a", name: "A", provisional: true, trigger: EndOfTurn, text: "x"),
        (id: "a", name: "B", provisional: true, trigger: EndOfTurn, text: ""),
    ]"#;
    let e = Pack::load(&[
        kw,
        Source {
            file: "cards/vaala.ron",
            kind: FileKind::Vaala,
            text: vaala,
        },
    ])
    .unwrap_err()
    .to_string();
    assert!(e.contains("cards/vaala.ron: entry 'a', field 'id'"), "{e}");
    assert!(e.contains("field 'text'"), "{e}");
    let artifacts = r#"[(id: "ring", name: "Ring", provisional: true,
        power: (id: "p", name: "P", timing: Passive, ultimate: true, text: "x"))]"#;
    let e = Pack::load(&[
        kw,
        Source {
            file: "cards/artifacts.ron",
            kind: FileKind::Artifacts,
            text: artifacts,
        },
    ])
    .unwrap_err()
    .to_string();
    assert!(e.contains("entry 'ring', field 'power.ultimate'"), "{e}");
    let e = Pack::load(&[]).unwrap_err().to_string();
    assert!(e.contains("keywords.ron"), "{e}");
}

// ------------------------------------------------------------------------
// Setting up a game (BoV 5.1, "Pre-game Phase")
// ------------------------------------------------------------------------

mod setup {
    use valerna_bov::rules::edition::Edition;
    use valerna_bov::rules::scenario::Battlefield;
    use valerna_bov::rules::setup::{self, ReserveActivation, SetupError};

    #[test]
    fn objectives_more_than_9_inches_apart_and_3_from_the_edges() {
        // "They must be placed more than 9" apart"; "more than 3" away from any edge".
        let t = Battlefield::Standard4x3;
        assert!(setup::check_objective(t, &[], (24.0, 18.0)).is_ok());
        assert_eq!(
            setup::check_objective(t, &[], (3.0, 18.0)),
            Err(SetupError::ObjectiveNearEdge(Edition::V5_1))
        );
        assert_eq!(
            setup::check_objective(t, &[], (24.0, 33.0)),
            Err(SetupError::ObjectiveNearEdge(Edition::V5_1))
        );
        assert_eq!(
            setup::check_objective(t, &[(24.0, 18.0)], (33.0, 18.0)),
            Err(SetupError::ObjectivesTooClose(Edition::V5_1))
        );
        assert!(setup::check_objective(t, &[(24.0, 18.0)], (33.1, 18.0)).is_ok());
        // "Alternate which player places each objective, starting with the winner".
        let order: Vec<_> = (0..5).map(|i| setup::objective_placer(1, i)).collect();
        assert_eq!(order, [1, 0, 1, 0, 1]);
    }

    #[test]
    fn deployment_zones_end_12_inches_from_the_middle_line() {
        // 36" deep: the middle at 18", the line at 6" from each edge.
        assert_eq!(setup::deployment_zone_depth(Battlefield::Standard4x3), 6.0);
        assert_eq!(setup::deployment_zone_depth(Battlefield::Large6x4), 12.0);
        assert_eq!(setup::deployment_zone_depth(Battlefield::Small2x1), 3.0);
    }

    #[test]
    fn players_alternate_deploying_and_skip_who_has_nothing_left() {
        // "each player takes a turn deploying a single unit".
        assert_eq!(setup::next_to_deploy(None, [3, 3], 1), Some(1));
        assert_eq!(setup::next_to_deploy(Some(1), [3, 2], 1), Some(0));
        assert_eq!(setup::next_to_deploy(Some(1), [0, 2], 1), Some(1));
        assert_eq!(setup::next_to_deploy(Some(0), [0, 0], 1), None);
    }

    #[test]
    fn reserves_after_half_deployed_never_the_general_and_enter_from_round_2() {
        // BoV 5.1, "Reserves".
        assert_eq!(
            setup::check_reserves(2, 5, false),
            Err(SetupError::ReservesTooEarly {
                deployed: 2,
                total: 5
            })
        );
        assert!(setup::check_reserves(3, 5, false).is_ok());
        assert!(setup::check_reserves(2, 4, false).is_ok());
        assert_eq!(
            setup::check_reserves(3, 5, true),
            Err(SetupError::GeneralInReserve)
        );
        assert_eq!(setup::reserve_activation(1), ReserveActivation::FatigueOnly);
        assert_eq!(setup::reserve_activation(2), ReserveActivation::MayEnter);
    }
}

#[test]
fn vaala_cards_count_toward_the_main_force_against_mercenaries() {
    // docs/rulings.md, "The General is chosen among the force's own Heroes".
    use valerna_bov::force_list::{self, ListRule};
    let p = pack();
    let merc = u32::from(card(&p, "sellsword_company").1.points)
        + u32::from(card(&p, "wandering_duelist").1.points);
    let hero = u32::from(card(&p, "eldai_alarn").1.points);
    assert!(
        hero < merc && merc - hero <= 6,
        "the pack's values make this test meaningful"
    );
    let vaala = [
        "ember_lance",
        "veil_of_mist",
        "mending_light",
        "binding_roots",
        "wind_step",
        "sapping_curse",
    ];
    let make = |n: usize| {
        let v: Vec<String> = vaala[..n].iter().map(|x| format!("\"{x}\"")).collect();
        format!(
            "(name: \"t\", force: \"Allaria\", game_size: 100, units: [(card: \"eldai_alarn\", general: true), (card: \"sellsword_company\"), (card: \"wandering_duelist\")], vaala: [{}])",
            v.join(", ")
        )
    };
    let short = (merc - hero - 1) as usize;
    let e = force_list::validate(&p, &force_list::parse(&make(short)).unwrap()).unwrap_err();
    assert_eq!(e[0].rule, ListRule::Mercenaries);
    assert!(
        force_list::validate(
            &p,
            &force_list::parse(&make((merc - hero) as usize)).unwrap()
        )
        .is_ok()
    );
}
