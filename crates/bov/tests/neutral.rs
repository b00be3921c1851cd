//! Neutral units as data (BoV 5.1, "Neutral Units"): Monster behaviour decks
//! are read as targets and actions the engine can resolve, and a card that
//! could never be resolved is refused when the pack loads.

use valerna_bov::content::Pack;
use valerna_bov::rules::neutral::{Act, Aim, Trophy, When};
use valerna_bov::rules::powers::{Effect, Target};
use valerna_bov::rules::units::WeaponKind;

mod common;

fn load_units(text: &str) -> Result<Pack, String> {
    common::load_units(&["Allaria", "Beast", "Neutral"], text)
}

/// One Monster whose first behaviour card is `first`; the other four are
/// plain marches.
fn monster_with(first: &str) -> String {
    let plain = r#"(name: "Roam", text: "Target: the closest unit. March toward it.", aim: Closest, actions: [(act: March(Target))])"#;
    format!(
        r#"[(
    id: "beast", name: "Beast", provisional: true, force: "Neutral",
    keywords: ["Neutral", "Monster", "Beast"], points: 0, base_mm: 60,
    front: (health: 6, speed: 6, defense: gray, melee: (dice: "3xgray")),
    monster: Some((trophy: Points(8), behaviour: [{first}, {plain}, {plain}, {plain}, {plain}])),
)]"#
    )
}

#[test]
fn a_behaviour_deck_loads_as_targets_and_actions() {
    // BoV 5.1, "Drawing card from the behaviour deck": "many actions will
    // start with an if statement like "if the monster is not engaged"".
    let p = load_units(&monster_with(
        r#"(name: "Smash", text: "Target: the closest engaged unit. If engaged, attack; if not, charge.", aim: ClosestEngaged,
            actions: [(when: Some(Engaged), act: Attack(Melee)), (when: Some(NotEngaged), act: Charge)])"#,
    ))
    .unwrap();
    let (_, beast) = p.unit("beast").unwrap();
    let deck = &beast.monster.as_ref().unwrap().behaviour;
    assert_eq!(deck.len(), 5);
    assert_eq!(deck[0].aim, Aim::ClosestEngaged);
    assert_eq!(deck[0].actions[0].when, Some(When::Engaged));
    assert_eq!(deck[0].actions[0].act, Act::Attack(WeaponKind::Melee));
    assert_eq!(deck[0].actions[1].when, Some(When::NotEngaged));
    assert_eq!(deck[0].actions[1].act, Act::Charge);
}

#[test]
fn behaviour_cards_that_could_never_be_resolved_are_refused_by_name() {
    let cases = [
        // Aiming at itself leaves no unit to charge.
        (
            r#"(name: "Self Charge", text: "Charge.", aim: Itself, actions: [(act: Charge)])"#,
            "'Self Charge' can never be resolved",
        ),
        // A friend of a Monster does not exist: everyone is its enemy.
        (
            r#"(name: "Bless", text: "Heal a friend.", aim: Closest, actions: [(act: Effect(Heal(target: Friend(range: 6), amount: 1)))])"#,
            "'Bless' can never be resolved",
        ),
        // A ranged attack by a Monster that has no ranged weapon.
        (
            r#"(name: "Spit", text: "Shoot.", aim: ClosestInSight, actions: [(act: Attack(Ranged))])"#,
            "has no ranged weapon",
        ),
        // The Attack action names its weapon; the effect form has none.
        (
            r#"(name: "Lunge", text: "Attack.", aim: Closest, actions: [(act: Effect(Attack(weapon: Melee, modifier: 0)))])"#,
            "'Lunge' can never be resolved",
        ),
        (
            r#"(name: "Idle", text: "Nothing.", aim: Closest, actions: [])"#,
            "'Idle' can never be resolved: it has no actions",
        ),
        (
            r#"(name: "Nameless", text: "", aim: Closest, actions: [(act: March(Target))])"#,
            "monster.behaviour[0].text",
        ),
    ];
    for (card, says) in cases {
        let e = load_units(&monster_with(card)).unwrap_err();
        assert!(
            e.contains("units/test.ron") && e.contains("'beast'") && e.contains(says),
            "{card}: {e}"
        );
    }
    // Free text where the actions belong is no longer accepted.
    let e = load_units(&monster_with(
        r#"(name: "Old", target: "the closest unit", actions: ["March toward the target."])"#,
    ))
    .unwrap_err();
    assert!(e.contains("units/test.ron"), "{e}");
}

#[test]
fn a_deck_has_five_cards() {
    // BoV 5.1, "Behaviour deck": "take its deck of five behaviour cards".
    let text = monster_with(
        r#"(name: "Roam", text: "March.", aim: Closest, actions: [(act: March(Target))])"#,
    )
    .replacen(
        r#", (name: "Roam", text: "Target: the closest unit. March toward it.", aim: Closest, actions: [(act: March(Target))])"#,
        "",
        1,
    );
    let e = load_units(&text).unwrap_err();
    assert!(e.contains("five cards, not 4"), "{e}");
}

#[test]
fn the_provisional_pack_has_a_mercenary_and_two_monsters_with_decks() {
    // BoV 5.1, "Neutral Units": Mercenaries and Monsters; a Monster with a
    // behaviour deck, and one won by bidding whose trophy is "LSB".
    let p = Pack::default_pack().unwrap();
    let neutral: Vec<_> = p.units.iter().filter(|u| u.force == "Neutral").collect();
    assert!(neutral.iter().all(|u| u.provisional));
    assert!(
        neutral
            .iter()
            .any(|u| u.keywords.iter().any(|k| k.to_string() == "Mercenary"))
    );
    let decks: Vec<_> = neutral
        .iter()
        .filter_map(|u| u.monster.as_ref())
        .filter(|m| m.behaviour.len() == 5)
        .collect();
    assert!(decks.len() >= 2, "{} Monsters with decks", decks.len());
    assert!(
        neutral
            .iter()
            .filter_map(|u| u.monster.as_ref())
            .any(|m| m.trophy == Trophy::LastSuccessfulBid && m.behaviour.is_empty())
    );
    // Between them the decks use every kind of act and condition, so the
    // engine's Monster turn is exercised by the pack itself.
    let acts: Vec<&Act> = decks
        .iter()
        .flat_map(|m| &m.behaviour)
        .flat_map(|c| &c.actions)
        .map(|a| &a.act)
        .collect();
    assert!(acts.iter().any(|a| matches!(a, Act::March(_))));
    assert!(acts.iter().any(|a| matches!(a, Act::Charge)));
    assert!(
        acts.iter()
            .any(|a| matches!(a, Act::Attack(WeaponKind::Melee)))
    );
    assert!(
        acts.iter()
            .any(|a| matches!(a, Act::Attack(WeaponKind::Ranged)))
    );
    assert!(acts.iter().any(|a| matches!(a, Act::MoraleTest)));
    assert!(acts.iter().any(|a| matches!(
        a,
        Act::Effect(Effect::Hits {
            target: Target::Subject,
            ..
        })
    )));
}
