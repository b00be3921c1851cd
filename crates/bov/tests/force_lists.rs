//! The force-list rules one by one (BoV 5.1, "Writing up Force Lists",
//! p. 26; "The General", p. 20; "Neutral Units", p. 30): each fires on a
//! list that breaks it, names the entry concerned and cites its page; and
//! the starting lists a newcomer is given are valid.

use valerna_bov::content::{Pack, SAMPLE_LISTS};
use valerna_bov::force_list::{
    self, Entry, ListRule, MAX_GAME_SIZE, RULES, StarterError, Violation, parse, starter,
    starter_forces, to_ron, validate,
};

fn pack() -> Pack {
    Pack::default_pack().unwrap()
}

fn violations(text: &str) -> Vec<Violation> {
    match parse(text) {
        Err(e) => vec![*e],
        Ok(list) => match validate(&pack(), &list) {
            Ok(_) => panic!("list accepted:\n{text}"),
            Err(v) => v,
        },
    }
}

fn list(size: u32, units: &str, vaala: &str) -> String {
    format!(
        "(name: \"t\", force: \"Allaria\", game_size: {size}, units: [{units}], vaala: [{vaala}])"
    )
}

fn unit(index: usize, id: &str) -> Entry {
    Entry::Unit {
        index,
        id: id.into(),
    }
}

/// Asserts that `text` breaks `rule`: its first violation of it is about
/// `entry` and cites the rule's section and `page` in its words.
fn fires(text: &str, rule: ListRule, entry: Entry, page: Option<u16>) -> Violation {
    let all = violations(text);
    let v = all
        .iter()
        .find(|v| v.rule == rule)
        .unwrap_or_else(|| panic!("{rule:?} not found in {all:?}"));
    assert_eq!(v.entry, entry, "{all:?}");
    assert_eq!((v.page, v.section), (page, rule.section()));
    let shown = v.to_string();
    assert!(shown.contains(rule.id()), "{shown}");
    match page {
        Some(p) => assert!(
            shown.contains(&format!("BoV 5.1, \"{}\", p. {p}", rule.section())),
            "{shown}"
        ),
        None => assert!(shown.contains("content/bov/README.md"), "{shown}"),
    }
    v.clone()
}

const GENERAL: &str = r#"(card: "eldai_alarn", general: true)"#;

#[test]
fn every_rule_is_checked_once_and_cites_a_section() {
    for r in ListRule::ALL {
        let n = RULES.iter().filter(|x| x.rule == r).count();
        assert_eq!(n, usize::from(r != ListRule::Format), "{r:?}");
        assert!(!r.section().is_empty());
        assert_eq!(
            serde_json::to_value(r).unwrap(),
            serde_json::json!(r.id()),
            "the serde form is the stable code"
        );
    }
}

/// Content format: the file itself (content/bov/README.md, "Force lists").
#[test]
fn format_names_the_line() {
    let v = fires(
        "(name: \"x\", force: \"Allaria\", units: [])",
        ListRule::Format,
        Entry::List,
        None,
    );
    assert!(v.message.contains("line 1"), "{}", v.message);
}

#[test]
fn entry_id_names_the_entry() {
    fires(
        &list(
            100,
            &format!(r#"{GENERAL}, (id: "Bad!", card: "dreamfencers")"#),
            "",
        ),
        ListRule::EntryId,
        unit(1, "Bad!"),
        None,
    );
}

#[test]
fn duplicate_entry_names_the_second() {
    fires(
        &list(
            100,
            &format!(r#"{GENERAL}, (card: "dreamfencers"), (card: "dreamfencers")"#),
            "",
        ),
        ListRule::DuplicateEntry,
        unit(2, "dreamfencers"),
        None,
    );
}

#[test]
fn unknown_cards_name_the_unit_the_artifact_and_the_vaala_card() {
    fires(
        &list(100, &format!(r#"{GENERAL}, (card: "nope")"#), ""),
        ListRule::UnknownCard,
        unit(1, "nope"),
        None,
    );
    fires(
        &list(
            100,
            r#"(card: "eldai_alarn", general: true, artifacts: ["no_such_blade"])"#,
            "",
        ),
        ListRule::UnknownCard,
        Entry::Artifact {
            unit: 0,
            unit_id: "eldai_alarn".into(),
            index: 0,
            card: "no_such_blade".into(),
        },
        None,
    );
    fires(
        &list(100, GENERAL, r#""wind_step", "no_such_spell""#),
        ListRule::UnknownCard,
        Entry::Vaala {
            index: 1,
            card: "no_such_spell".into(),
        },
        None,
    );
}

#[test]
fn unknown_entry_names_the_referring_unit() {
    fires(
        &list(
            100,
            r#"(card: "elyse", general: true, mounted_on: Some("nobody"))"#,
            "",
        ),
        ListRule::UnknownEntry,
        unit(0, "elyse"),
        None,
    );
}

/// BoV 5.1, "Game Size", p. 26: "decide a size for the game": at least a
/// point, and no more than `MAX_GAME_SIZE` (a slip of the keyboard such
/// as 4,000,000,000 is refused, not played).
#[test]
fn game_size_is_at_least_a_point_and_at_most_the_largest_agreed() {
    for size in [0, MAX_GAME_SIZE + 1, 4_000_000_000] {
        let v = fires(
            &list(size, GENERAL, ""),
            ListRule::GameSize,
            Entry::List,
            Some(26),
        );
        assert!(v.to_string().contains(&format!("not {size}")), "{v}");
    }
    for size in [1, 100, MAX_GAME_SIZE] {
        let l = parse(&list(size, GENERAL, "")).unwrap();
        let all = validate(&pack(), &l).err().unwrap_or_default();
        assert!(
            all.iter().all(|v| v.rule != ListRule::GameSize),
            "{size}: {all:?}"
        );
    }
}

/// BoV 5.1, "Writing up Force Lists" > "Select Units", p. 26: "Pick one of
/// the forces".
#[test]
fn unknown_force_lists_the_forces() {
    let v = fires(
        &list(100, GENERAL, "").replace("Allaria", "Atlantis"),
        ListRule::UnknownForce,
        Entry::List,
        Some(26),
    );
    assert!(v.message.contains("Allaria, Tyveria"), "{}", v.message);
}

/// BoV 5.1, "Writing up Force Lists" > "Select Units", p. 26: the units of
/// the force picked.
#[test]
fn force_names_the_unit_of_another_force() {
    fires(
        &list(100, &format!(r#"{GENERAL}, (card: "bloodfangs")"#), ""),
        ListRule::Force,
        unit(1, "bloodfangs"),
        Some(26),
    );
}

/// BoV 5.1, "Writing up Force Lists" > "Select Units", p. 26: "you cannot
/// spend more!"; "Select Vaala and Artifacts": "These cards cost 1 point
/// each".
#[test]
fn points_count_the_list_as_a_whole() {
    let v = fires(
        &list(
            14,
            r#"(card: "eldai_alarn", general: true, artifacts: ["blade_of_dawn"])"#,
            r#""wind_step""#,
        ),
        ListRule::Points,
        Entry::List,
        Some(26),
    );
    assert!(
        v.message
            .contains("spends 16 points (units 14, Artifacts 1, Vaala 1)"),
        "{}",
        v.message
    );
}

/// BoV 5.1, "The General", p. 20: "This must be a Hero".
#[test]
fn the_general_names_the_entry_marked() {
    fires(
        &list(
            100,
            r#"(card: "eldai_alarn"), (card: "dreamfencers", general: true)"#,
            "",
        ),
        ListRule::General,
        unit(1, "dreamfencers"),
        Some(20),
    );
    fires(
        &list(100, r#"(card: "eldai_alarn")"#, ""),
        ListRule::General,
        Entry::List,
        Some(20),
    );
}

/// BoV 5.1, "Writing up Force Lists" > "Dragonriders", p. 26: a
/// Dragonrider "starts the game already mounted on a Mount".
#[test]
fn mounted_names_the_rider() {
    fires(
        &list(
            100,
            r#"(card: "elyse", general: true, mounted_on: Some("bucentaur")), (card: "bucentaur")"#,
            "",
        ),
        ListRule::Mounted,
        unit(0, "elyse"),
        Some(26),
    );
}

/// BoV 5.1, "Writing up Force Lists" > "Select Vaala and Artifacts", p. 26:
/// "Each Artifact card must instead be allocated to a Hero".
#[test]
fn artifact_names_the_carrier() {
    fires(
        &list(
            100,
            &format!(r#"{GENERAL}, (card: "dreamfencers", artifacts: ["blade_of_dawn"])"#),
            "",
        ),
        ListRule::Artifact,
        unit(1, "dreamfencers"),
        Some(26),
    );
}

/// BoV 5.1, "Writing up Force Lists" > "Dragonbond", p. 26: "a Hero with
/// the Dragonrider keyword and a dragon".
#[test]
fn dragonbond_names_the_hero() {
    fires(
        &list(
            100,
            r#"(card: "elyse", general: true, bonded_to: Some("bucentaur")), (card: "bucentaur")"#,
            "",
        ),
        ListRule::Dragonbond,
        unit(0, "elyse"),
        Some(26),
    );
}

/// BoV 5.1, "Writing up Force Lists" > "Unique", p. 26: "your force cannot
/// include duplicates of Artifact cards, Vaala cards" and named Heroes.
#[test]
fn unique_names_the_second_copy() {
    fires(
        &list(
            100,
            &format!(r#"{GENERAL}, (id: "again", card: "eldai_alarn")"#),
            "",
        ),
        ListRule::Unique,
        unit(1, "again"),
        Some(26),
    );
    fires(
        &list(100, GENERAL, r#""wind_step", "wind_step""#),
        ListRule::Unique,
        Entry::Vaala {
            index: 1,
            card: "wind_step".into(),
        },
        Some(26),
    );
    fires(
        &list(
            100,
            r#"(card: "eldai_alarn", general: true, artifacts: ["blade_of_dawn"]), (card: "parrymaster_qui", artifacts: ["blade_of_dawn"])"#,
            "",
        ),
        ListRule::Unique,
        Entry::Artifact {
            unit: 1,
            unit_id: "parrymaster_qui".into(),
            index: 0,
            card: "blade_of_dawn".into(),
        },
        Some(26),
    );
}

/// BoV 5.1, "Neutral Units" > "Mercenaries", p. 30: Mercenaries cost no
/// more than the main force.
#[test]
fn mercenaries_concern_the_list() {
    fires(
        &list(
            100,
            r#"(card: "oathguard_commander", general: true), (card: "sellsword_company"), (card: "wandering_duelist")"#,
            "",
        ),
        ListRule::Mercenaries,
        Entry::List,
        Some(30),
    );
}

/// BoV 5.1, "Neutral Units" > "Monsters", p. 30: "agree on which Monsters
/// you are going to use".
#[test]
fn monsters_name_the_monster_entry() {
    fires(
        &format!(
            r#"(name: "t", force: "Allaria", game_size: 100, units: [{GENERAL}], monsters: ["ravine_troll", "bucentaur"])"#
        ),
        ListRule::Monsters,
        Entry::Monster {
            index: 1,
            card: "bucentaur".into(),
        },
        Some(30),
    );
}

/// What a server sends: the rule's code, section and page, its citation
/// in words, the entry by kind and index.
#[test]
fn violations_serialize_for_a_page_to_show_beside_their_entry() {
    let v = violations(&list(
        100,
        &format!(r#"{GENERAL}, (card: "dreamfencers", artifacts: ["blade_of_dawn"])"#),
        "",
    ));
    assert_eq!(
        serde_json::to_value(&v).unwrap(),
        serde_json::json!([{
            "rule": "artifact",
            "section": "Writing up Force Lists > Select Vaala and Artifacts",
            "page": 26,
            "citation": "BoV 5.1, \"Writing up Force Lists > Select Vaala and Artifacts\", p. 26",
            "entry": {"kind": "unit", "index": 1, "id": "dreamfencers"},
            "message": "Dreamfencers is not a Hero: only Heroes carry Artifacts",
        }])
    );
    let artifact = Entry::Artifact {
        unit: 1,
        unit_id: "qui".into(),
        index: 0,
        card: "blade_of_dawn".into(),
    };
    assert_eq!(
        serde_json::to_value(&artifact).unwrap(),
        serde_json::json!({"kind": "artifact", "unit": 1, "unit_id": "qui", "index": 0, "card": "blade_of_dawn"})
    );
}

/// Every force a list can be written for, at every size from its cheapest
/// Hero to 200 points: the starting list written out validates as read
/// back, spends no more than the size and, at 100, at least 90.
#[test]
fn starting_lists_validate_for_every_force_and_size() {
    let p = pack();
    let forces = starter_forces(&p);
    assert_eq!(forces, ["Allaria", "Tyveria"]);
    for force in forces {
        let lower = force.to_lowercase();
        let mut sizes_done = 0;
        for size in 1..=200 {
            let made = match starter(&p, &lower, size) {
                Ok(l) => l,
                Err(StarterError::TooSmall { cheapest, .. }) => {
                    assert!(size < cheapest, "{force} {size}");
                    continue;
                }
                Err(e) => panic!("{force} {size}: {e}"),
            };
            let text = to_ron(&p, &made);
            let read = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(read, made, "{text}");
            let f = validate(&p, &read).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
            assert!(f.points <= size, "{force} {size}");
            assert!(text.contains(&format!("// {} of {size} points spent.", f.points)));
            if size == 100 {
                assert!(f.points >= 90, "{force}: {} points\n{text}", f.points);
            }
            sizes_done += 1;
        }
        assert!(sizes_done > 150, "{force}");
    }
}

#[test]
fn a_starting_list_is_refused_for_an_unknown_force_or_a_size_without_a_hero() {
    let p = pack();
    // Nahuac is a force of the pack with no unit card yet.
    for force in ["Atlantis", "nahuac"] {
        match starter(&p, force, 100) {
            Err(e @ StarterError::UnknownForce { .. }) => {
                assert!(e.to_string().contains("Allaria, Tyveria"), "{e}")
            }
            other => panic!("{other:?}"),
        }
    }
    match starter(&p, "Allaria", 4_000_000_000) {
        Err(e @ StarterError::TooLarge { .. }) => {
            assert!(e.to_string().contains("4000000000"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    match starter(&p, "Allaria", 5) {
        Err(e @ StarterError::TooSmall { cheapest: 12, .. }) => {
            assert!(e.to_string().contains("p. 20"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

/// `to_ron` writes any list in the format `parse` reads: the shipped lists
/// come back the same.
#[test]
fn lists_written_out_read_back_the_same() {
    let p = pack();
    for (file, text) in SAMPLE_LISTS {
        let l = force_list::parse(text).unwrap();
        let written = to_ron(&p, &l);
        assert_eq!(parse(&written).unwrap(), l, "{file}:\n{written}");
    }
}

/// A list written for the starter edition is held to the starter book, and
/// its errors cite that book's headings ("Writing army lists > Select
/// units", "The General", "Duplicates"); the same list
/// for 5.1 cites 5.1's pages. Rules the starter book has not (the list
/// format's own) keep their citation.
#[test]
fn a_starter_list_s_errors_cite_the_starter_book() {
    let body = |edition: &str| {
        format!(
            "(name: \"t\", force: \"Allaria\", game_size: 20, units: [{GENERAL}, (card: \"parrymaster_qui\", general: true), (id: \"qui2\", card: \"parrymaster_qui\"), (card: \"nobody\")]{edition})"
        )
    };
    let starter = violations(&body(", edition: starter"));
    let five = violations(&body(""));
    for (rule, heading) in [
        (ListRule::Points, "Writing army lists > Select units"),
        (ListRule::General, "The General"),
        (ListRule::Unique, "Duplicates"),
    ] {
        let s = starter
            .iter()
            .find(|v| v.rule == rule)
            .unwrap_or_else(|| panic!("{rule:?} not in {starter:?}"));
        assert_eq!((s.section, s.page), (heading, None), "{s:?}");
        assert!(
            s.to_string()
                .contains(&format!("BoV starter, \"{heading}\"")),
            "{s}"
        );
        let f = five.iter().find(|v| v.rule == rule).unwrap();
        assert_eq!(f.section, rule.section());
        assert!(f.to_string().contains("BoV 5.1, \""), "{f}");
        assert_eq!(s.message, f.message);
    }
    let unknown = starter
        .iter()
        .find(|v| v.rule == ListRule::UnknownCard)
        .unwrap();
    assert!(unknown.citation.contains("README"), "{unknown}");
}
