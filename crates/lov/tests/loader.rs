//! The content loader refuses bad packs, naming file, entry and field
//! (docs/rulings.md, "The provisional pack").

use valerna_lov::content::{Content, DEFAULT_FILES, LANGUAGE_FILES, LoadError};

/// The default pack with `from` replaced by `to` in `file` (once).
fn load_with(file: &str, from: &str, to: &str) -> Result<Content, LoadError> {
    let mut files: Vec<(&str, String)> = DEFAULT_FILES
        .iter()
        .chain(&LANGUAGE_FILES)
        .map(|(n, t)| (*n, t.to_string()))
        .collect();
    let f = files
        .iter_mut()
        .find(|(n, _)| *n == file)
        .expect("a pack file");
    assert!(f.1.contains(from), "{from} not in {file}");
    f.1 = f.1.replacen(from, to, 1);
    let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    Content::load(&refs)
}

#[test]
fn the_default_pack_loads_and_matches_the_component_list() {
    let c = Content::default_pack().unwrap();
    // LoV p.5, "Components".
    assert_eq!(c.regions.len(), 12);
    assert_eq!(c.characters.len(), 4);
    assert_eq!(
        c.hand.iter().map(Vec::len).collect::<Vec<_>>(),
        [5, 6, 5, 6]
    );
    assert_eq!(c.denizens.len(), 36);
    assert_eq!(c.events.len(), 12);
    assert_eq!(c.vaala.len(), 20);
    assert_eq!((c.power, c.cities, c.wounds, c.neutral), (56, 12, 10, 24));
    assert_eq!(c.per_type, [6, 6, 6]);
    assert!(c.provisional);
    // LoV p.7: the starting regions.
    let start = |i: usize| c.regions[c.characters[i].start as usize].name.as_str();
    assert_eq!(
        [start(0), start(1), start(2), start(3)],
        ["Allaria", "Ysval", "Trade Road", "Lower Primalian Range"]
    );
}

#[test]
fn every_region_glyph_appears_on_at_least_four_regions() {
    use valerna_lov::effect::Glyph;
    let c = Content::default_pack().unwrap();
    for g in [Glyph::Upgrade, Glyph::Reinforce, Glyph::Fortify] {
        let n = c.regions.iter().filter(|r| r.glyphs.contains(&g)).count();
        assert!(n >= 4, "{g:?} on {n} regions");
    }
}

#[test]
fn unknown_region_in_a_border() {
    let e = load_with(
        "map.jsonc",
        r#"{ "a": "ysval", "b": "fai_woods" }"#,
        r#"{ "a": "ysval", "b": "atlantis" }"#,
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("map.jsonc", "borders[0]", "b")
    );
    assert!(e.message.contains("atlantis"), "{e}");
}

#[test]
fn dangling_denizen_homeland() {
    let e = load_with(
        "denizens.jsonc",
        r#""homeland": "ysval""#,
        r#""homeland": "nowhere""#,
    )
    .unwrap_err();
    assert_eq!(e.file, "denizens.jsonc");
    assert_eq!(e.entry, "ysval_shieldbearers");
    assert_eq!(e.field, "homeland");
}

#[test]
fn unknown_owner_of_a_vaala_card() {
    let e = load_with(
        "vaala.jsonc",
        r#""owner": "allaria""#,
        r#""owner": "sivax""#,
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("vaala.jsonc", "rally", "owner")
    );
}

#[test]
fn counts_that_differ_from_the_component_list() {
    let e = load_with("tokens.jsonc", r#""power": 56"#, r#""power": 60"#).unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.field.as_str()),
        ("tokens.jsonc", "power")
    );
    assert!(e.message.contains("56"), "{e}");
    // One Event card too few.
    let e = load_with(
        "events.jsonc",
        "},\n  { \"id\": \"tithe\", \"name\": \"Tithe\", \"text\": \"Place 2 Power in every region a General controls.\",\n    \"steps\": [{ \"place_power\": { \"at\": \"each_controlled\", \"count\": 2 } }], \"provisional\": true }",
        "}",
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.field.as_str()),
        ("events.jsonc", "events")
    );
    assert!(
        e.message.contains("11 entries") && e.message.contains("12"),
        "{e}"
    );
    let e = load_with(
        "actions.jsonc",
        r#""id": "allaria_5", "owner": "allaria""#,
        r#""id": "allaria_5", "owner": "tyveria""#,
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("actions.jsonc", "allaria", "owner")
    );
    assert!(e.message.contains("4 Action cards"), "{e}");
}

#[test]
fn duplicate_ids_and_unknown_fields_and_provisional() {
    let e = load_with(
        "events.jsonc",
        r#""id": "wellspring""#,
        r#""id": "vaala_surge""#,
    )
    .unwrap_err();
    assert_eq!((e.entry.as_str(), e.field.as_str()), ("vaala_surge", "id"));
    let e = load_with(
        "events.jsonc",
        r#""name": "Wellspring""#,
        r#""nmae": "Wellspring""#,
    )
    .unwrap_err();
    assert_eq!(e.file, "events.jsonc");
    assert!(e.message.contains("nmae"), "{e}");
    assert!(e.entry.starts_with("line "), "{e}");
    let e = load_with(
        "map.jsonc",
        r#""glyphs": ["upgrade"], "pos": [45, 12], "provisional": true"#,
        r#""glyphs": ["upgrade"], "pos": [45, 12], "provisional": false"#,
    )
    .unwrap_err();
    assert_eq!(
        (e.entry.as_str(), e.field.as_str()),
        ("fai_woods", "provisional")
    );
}

#[test]
fn unknown_effect_step_is_refused() {
    let e = load_with(
        "vaala.jsonc",
        r#""steps": ["cancel"]"#,
        r#""steps": ["teleport"]"#,
    )
    .unwrap_err();
    assert_eq!(e.file, "vaala.jsonc");
    assert!(e.message.contains("teleport"), "{e}");
}

#[test]
fn a_missing_file_is_named() {
    let files: Vec<(&str, &str)> = DEFAULT_FILES
        .iter()
        .copied()
        .filter(|(n, _)| *n != "events.jsonc")
        .collect();
    let e = Content::load(&files).unwrap_err();
    assert_eq!(e.file, "events.jsonc");
}

#[test]
fn comments_are_allowed_but_not_inside_strings() {
    use valerna_lov::content::strip_comments;
    assert_eq!(
        strip_comments("{\"a\": \"x // y\"} // note\n"),
        "{\"a\": \"x // y\"} \n"
    );
    assert_eq!(strip_comments("[1, /* two */ 3]"), "[1,  3]");
}

// A retreat ability must reach: range 0, or range 1 without sea links (the
// book's own rule, LoV p.13), is refused, naming the Denizen.
#[test]
fn retreat_abilities_that_change_nothing_are_refused() {
    for bad in [
        r#"{"retreat": {"range": 0, "by_sea": true}}"#,
        r#"{"retreat": {"range": 1, "by_sea": false}}"#,
        r#"{"retreat": {"range": 9, "by_sea": false}}"#,
    ] {
        let e = load_with(
            "denizens.jsonc",
            r#"{"retreat": {"range": 2, "by_sea": false}}"#,
            bad,
        )
        .unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
            ("denizens.jsonc", "nahuac_raptor_riders", "ability"),
            "{bad}"
        );
    }
}

/// The pack is ours (docs/rulings.md, "The provisional pack"): every region, Denizen, Event and Vaala
/// card, and every character's board and Dragonbond ability, has its own
/// Italian and French name and text, so that a table in either language
/// shows no English sentence.
#[test]
fn every_pack_entry_has_its_italian_and_french_words() {
    let c = Content::default_pack().unwrap();
    for lang in ["it", "fr"] {
        assert_eq!(c.untranslated(lang), Vec::<String>::new(), "{lang}");
    }
    // Nothing is translated into a language the pack has no file for.
    assert_eq!(c.untranslated("de").len(), 12 + 36 + 12 + 20 + 4);
    let r = c.region("trade_road").unwrap();
    assert_eq!(c.regions[usize::from(r)].name_in("it"), "Via del Commercio");
    assert_eq!(c.regions[usize::from(r)].name_in("en"), "Trade Road");
    let e = &c.events[0];
    assert_eq!(e.id, "vaala_surge");
    assert_eq!(e.text_in("fr"), "Placez 2 Pouvoir dans la Région Cible.");
    assert_eq!(e.text_in("it"), "Piazza 2 Potere nella Regione Focus.");
    // A board in three languages (LoV p.7: each player board, both sides).
    let nagasha = &c.characters[3];
    assert_eq!(nagasha.id, "magnifex");
    assert!(nagasha.glyph_text_in("en", false, 2).starts_with("Hoard:"));
    assert!(
        nagasha
            .glyph_text_in("it", false, 2)
            .starts_with("Accumulo:")
    );
    assert!(
        nagasha
            .glyph_text_in("fr", true, 2)
            .starts_with("Réserves :")
    );
    // The ability's name as the Italian book prints it (LoV IT, "La bellezza sopra a tutto").
    assert!(
        nagasha
            .bond_in("it")
            .starts_with("La bellezza sopra a tutto:")
    );
    assert!(nagasha.traits_in("fr").starts_with("Implacable"));
    assert_eq!(nagasha.traits_in("de"), nagasha.traits_text);
}

/// Every board glyph, standing line and Dragonbond ability says what it does
/// in words, so that a table can show a player their board (LoV p.7,
/// "Setup": the player boards and Character cards).
#[test]
fn every_board_glyph_says_what_it_does() {
    let c = Content::default_pack().unwrap();
    for ch in &c.characters {
        for lang in ["en", "it", "fr"] {
            for faceless in [false, true] {
                for g in 0..4 {
                    assert!(
                        !ch.glyph_text_in(lang, faceless, g).trim().is_empty(),
                        "{} {lang}",
                        ch.id
                    );
                }
            }
            assert!(!ch.bond_in(lang).trim().is_empty());
            assert_eq!(
                ch.traits.is_empty(),
                ch.traits_in(lang).is_empty(),
                "{} {lang}",
                ch.id
            );
        }
    }
    // The words follow the programs: Adrael's Assault reaches two regions.
    assert!(
        c.characters[2]
            .glyph_text_in("en", false, 0)
            .contains("up to 2")
    );
    let e = load_with(
        "characters.jsonc",
        "\"vaala\": \"Vaala: heal 1 wound.\"",
        "\"vaala\": \"\"",
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("characters.jsonc", "fulgen", "faceless.text.vaala")
    );
    let e = load_with("characters.jsonc", "\"traits_text\"", "\"traits_note\"").unwrap_err();
    assert_eq!(e.file.as_str(), "characters.jsonc");
    let e = load_with(
        "it.jsonc",
        "\"bond\": \"Scatena il tuo Sangue: le Città non fermano i tuoi colpi.\"",
        "\"bond\": \" \"",
    )
    .unwrap_err();
    assert_eq!(
        (e.entry.as_str(), e.field.as_str()),
        ("characters.tyveria", "bond")
    );
}

/// A translation names entries of the pack, and says something.
#[test]
fn a_translation_of_no_entry_or_with_no_text_is_refused() {
    let e = load_with("it.jsonc", "\"tithe\":", "\"tythe\":").unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str()),
        ("it.jsonc", "events.tythe")
    );
    let e = load_with(
        "fr.jsonc",
        "\"text\": \"Placez 2 Pouvoir dans la Région Cible.\"",
        "\"text\": \" \"",
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("fr.jsonc", "events.vaala_surge", "text")
    );
    let e = load_with(
        "fr.jsonc",
        "\"provisional\": true",
        "\"provisional\": false",
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.field.as_str()),
        ("fr.jsonc", "provisional")
    );
}

/// Translations change no rule: a pack without them plays the same games
/// (its hash, which every record carries, is the same), its words English.
#[test]
fn translations_leave_the_pack_hash_alone() {
    let with = Content::default_pack().unwrap();
    let without = Content::load(&DEFAULT_FILES).unwrap();
    assert_eq!(with.hash, without.hash);
    assert_eq!(without.untranslated("fr").len(), 12 + 36 + 12 + 20 + 4);
    assert_eq!(without.events[0].name_in("fr"), "Vaala Surge");
}
