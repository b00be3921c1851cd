//! Unit cards of one's own: checked by the pack's own loader, each error on
//! its field, and playable in a battle whose setup carries them.

use std::sync::Arc;

use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::{FileKind, Pack, SAMPLE_LISTS, Source};
use valerna_game::Game;

/// A card as a person would write it, with `front` given by the caller.
fn card(id: &str, front: &str) -> String {
    format!(
        r#"[(
    id: "{id}",
    name: "River Wardens",
    provisional: false,
    force: "Allaria",
    keywords: ["Allaria", "Infantry"],
    points: 12,
    models: 5,
    base_mm: 25,
    front: ({front}),
)]"#
    )
}

const FRONT: &str = r#"health: 1, speed: 7, defense: gray, melee: (dice: "2xgray")"#;

fn add(text: &str) -> Result<Pack, Vec<(Option<String>, String)>> {
    let pack = Pack::default_pack().unwrap();
    pack.with_units(&Source {
        file: "units/own.ron",
        kind: FileKind::Units,
        text,
    })
    .map_err(|es| es.0.into_iter().map(|e| (e.field, e.message)).collect())
}

fn fields(text: &str) -> Vec<String> {
    add(text)
        .expect_err("refused")
        .into_iter()
        .map(|(f, m)| format!("{}: {m}", f.unwrap_or_default()))
        .collect()
}

#[test]
fn a_good_card_joins_the_pack() {
    let pack = add(&card("river_wardens", FRONT)).unwrap();
    let (_, c) = pack.unit("river_wardens").unwrap();
    assert_eq!(c.front.speed, 7);
    assert_eq!(
        pack.units.len(),
        Pack::default_pack().unwrap().units.len() + 1
    );
}

#[test]
fn every_error_names_its_field() {
    // A rule of the loader.
    let e = fields(&card(
        "river_wardens",
        r#"health: 0, speed: 7, defense: gray, melee: (dice: "2xgray")"#,
    ));
    assert!(e.iter().any(|e| e.starts_with("front.health: ")), "{e:?}");
    // A value of the wrong shape, found while reading.
    let e = fields(&card(
        "river_wardens",
        r#"health: 1, speed: "fast", defense: gray, melee: (dice: "2xgray")"#,
    ));
    assert!(e[0].starts_with("front.speed: "), "{e:?}");
    // Bad dice, a missing field, a field the format lacks.
    let e = fields(&card(
        "river_wardens",
        r#"health: 1, speed: 7, defense: gray, melee: (dice: "2xpurple")"#,
    ));
    assert!(e[0].starts_with("front.melee.dice: "), "{e:?}");
    let e = fields(&card(
        "river_wardens",
        r#"health: 1, defense: gray, melee: (dice: "2xgray")"#,
    ));
    assert!(e[0].starts_with("front.speed: "), "{e:?}");
    let e = fields(&card(
        "river_wardens",
        r#"health: 1, speed: 7, colour: 2, defense: gray, melee: (dice: "2xgray")"#,
    ));
    assert!(e[0].starts_with("front.colour: "), "{e:?}");
    // A card of the pack's own id.
    let e = fields(&card("dreamfencers", FRONT));
    assert!(e.iter().any(|e| e.starts_with("id: ")), "{e:?}");
}

#[test]
fn a_battle_plays_a_list_with_its_own_card() {
    let guild = SAMPLE_LISTS
        .iter()
        .find(|(f, _)| f.ends_with("allaria_guild_line.ron"))
        .unwrap()
        .1;
    let list = guild.replace(r#"(card: "dreamfencers")"#, r#"(card: "river_wardens")"#);
    assert_ne!(list, guild);
    let mut setup = BattleSetup::pitched(3, &list, "tyveria_swarm");
    let content = Arc::new(Pack::default_pack().unwrap());
    // Without the card, the list names a card the pack lacks.
    assert!(Battle::start(&content, &setup).is_err());
    setup.cards = Some(card("river_wardens", FRONT));
    let battle = Battle::start(&content, &setup).unwrap();
    assert!(battle.units.iter().any(|u| u.name == "River Wardens"));
    // The setup alone replays it: the record needs nothing else.
    let json = serde_json::to_string(&setup).unwrap();
    let again: BattleSetup = serde_json::from_str(&json).unwrap();
    assert!(Battle::start(&content, &again).is_ok());
}
