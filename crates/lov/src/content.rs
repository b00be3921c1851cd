//! The content pack: map, character boards and every card, loaded from the
//! data files of `content/lov/` and validated (docs/rulings.md, "The provisional pack").
//!
//! The files are JSON with `//` and `/* */` comments. The loader is pure: it
//! takes the files' text, never reads the disk; [`Content::default_pack`]
//! uses the pack embedded in the binary. Every error names the file, the
//! entry and the field.

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::effect::{Glyph, Passive, Step, UnitType};

/// Number of land regions (content brief; LoV p.18 "Regions").
pub const REGIONS: usize = 12;
/// Seats at the table: two Generals and two Dragons (LoV p.7, "Setup").
pub const SEATS: usize = 4;

/// The rulebook's component list (LoV p.5, "Components", English edition;
/// docs/rulings.md, "Timing and wording" for the 36 Denizens and 56 Power).
pub mod counts {
    pub const REGION_CARDS: usize = 12;
    pub const DENIZENS: usize = 36;
    pub const EVENTS: usize = 12;
    pub const VAALA: usize = 20;
    pub const CHARACTERS: usize = 4;
    pub const POWER: u8 = 56;
    pub const CITIES: u8 = 12;
    pub const WOUNDS: u8 = 10;
    pub const NEUTRAL: u8 = 24;
    pub const PER_TYPE: u8 = 6;
    pub const DRAGONBOND: u8 = 4;
    pub const INITIATIVE: u8 = 1;
    pub const COMBAT_DICE: u8 = 5;
    /// Action cards per character, in character order Allaria, Fulgen,
    /// Tyveria, Magnifex (p.5: "5 Allarian", "6 Magnifex", "5 Tyverian").
    pub const ACTIONS: [usize; 4] = [5, 6, 5, 6];
}

/// What kind of player a character is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    General,
    Dragon,
}

/// The files of a pack: `(file name, text)`.
pub type Files<'a> = [(&'a str, &'a str)];

/// The pack shipped with the binary.
pub const DEFAULT_FILES: [(&str, &str); 7] = [
    ("map.jsonc", include_str!("../../../content/lov/map.jsonc")),
    (
        "tokens.jsonc",
        include_str!("../../../content/lov/tokens.jsonc"),
    ),
    (
        "characters.jsonc",
        include_str!("../../../content/lov/characters.jsonc"),
    ),
    (
        "actions.jsonc",
        include_str!("../../../content/lov/actions.jsonc"),
    ),
    (
        "denizens.jsonc",
        include_str!("../../../content/lov/denizens.jsonc"),
    ),
    (
        "events.jsonc",
        include_str!("../../../content/lov/events.jsonc"),
    ),
    (
        "vaala.jsonc",
        include_str!("../../../content/lov/vaala.jsonc"),
    ),
];

/// The pack's own translations, one file a language (`it.jsonc`,
/// `fr.jsonc`): the names and texts of its regions, Denizens, Events and
/// Vaala cards. They change no rule, so the pack's hash leaves them out and
/// a game recorded before a translation changed still replays.
pub const LANGUAGE_FILES: [(&str, &str); 2] = [
    ("it.jsonc", include_str!("../../../content/lov/it.jsonc")),
    ("fr.jsonc", include_str!("../../../content/lov/fr.jsonc")),
];

/// The language of a translation file: `it.jsonc` is `it`.
fn language_of(file: &str) -> Option<&str> {
    file.strip_suffix(".jsonc")
        .filter(|code| code.len() == 2 && code.bytes().all(|b| b.is_ascii_lowercase()))
}

/// A refused content pack: which file, which entry, which field, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {entry}: {field}: {message}")]
pub struct LoadError {
    pub file: String,
    pub entry: String,
    pub field: String,
    pub message: String,
}

fn err(file: &str, entry: &str, field: &str, message: impl Into<String>) -> LoadError {
    LoadError {
        file: file.into(),
        entry: entry.into(),
        field: field.into(),
        message: message.into(),
    }
}

// ---------------------------------------------------------------- file forms

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    provisional: bool,
    regions: Vec<RegionEntry>,
    borders: Vec<BorderEntry>,
    sea: Vec<SeaEntry>,
    glyph_effects: GlyphEffects,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionEntry {
    id: String,
    name: String,
    glyphs: Vec<Glyph>,
    pos: [i32; 2],
    provisional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BorderEntry {
    a: String,
    b: String,
    #[serde(default)]
    mountain: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeaEntry {
    a: String,
    b: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GlyphEffects {
    upgrade: Vec<Step>,
    reinforce: Vec<Step>,
    fortify: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensFile {
    provisional: bool,
    power: u8,
    cities: u8,
    wounds: u8,
    neutral: u8,
    per_general: PerGeneral,
    dragonbond: u8,
    initiative: u8,
    combat_dice: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerGeneral {
    infantry: u8,
    cavalry: u8,
    ranged: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterEntry {
    id: String,
    name: String,
    realm: String,
    kind: Kind,
    start: String,
    #[serde(default)]
    wound_track: Vec<u8>,
    #[serde(default)]
    essence: u8,
    human: Board,
    faceless: Board,
    #[serde(default)]
    traits: Vec<Passive>,
    /// The standing lines of the human board in words (needed with `traits`).
    #[serde(default)]
    traits_text: String,
    bond: Bond,
    provisional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    attack: Vec<Step>,
    #[serde(rename = "move")]
    move_: Vec<Step>,
    collect: Vec<Step>,
    vaala: Vec<Step>,
    /// What each glyph does, as the printed board says it.
    text: GlyphTexts,
}

/// The words of a board side's four glyphs.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GlyphTexts {
    attack: String,
    #[serde(rename = "move")]
    move_: String,
    collect: String,
    vaala: String,
}

impl GlyphTexts {
    fn in_order(&self) -> [(&'static str, &str); 4] {
        [
            ("attack", &self.attack),
            ("move", &self.move_),
            ("collect", &self.collect),
            ("vaala", &self.vaala),
        ]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Bond {
    text: String,
    passives: Vec<Passive>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionEntry {
    id: String,
    owner: String,
    glyphs: Vec<Glyph>,
    provisional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DenizenEntry {
    id: String,
    name: String,
    homeland: String,
    unit: UnitType,
    text: String,
    ability: Passive,
    provisional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventEntry {
    id: String,
    name: String,
    text: String,
    steps: Vec<Step>,
    provisional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VaalaEntry {
    id: String,
    owner: String,
    name: String,
    cost: u8,
    text: String,
    steps: Vec<Step>,
    #[serde(default)]
    face_up: bool,
    provisional: bool,
}

/// A translation file: entries by id, each kind a map.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LanguageFile {
    provisional: bool,
    regions: std::collections::BTreeMap<String, NameEntry>,
    denizens: std::collections::BTreeMap<String, WordsEntry>,
    events: std::collections::BTreeMap<String, WordsEntry>,
    vaala: std::collections::BTreeMap<String, WordsEntry>,
    /// The characters' board texts and Dragonbond abilities.
    #[serde(default)]
    characters: std::collections::BTreeMap<String, CharacterWordsEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterWordsEntry {
    bond: String,
    human: GlyphTexts,
    faceless: GlyphTexts,
    #[serde(default)]
    traits: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameEntry {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WordsEntry {
    name: String,
    text: String,
}

// ------------------------------------------------------------ compiled forms

/// An entry's name and text in one language other than the pack's English
/// (a region has a name only: its `text` is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    /// The language's code (`it`, `fr`).
    pub lang: String,
    pub name: String,
    pub text: String,
}

/// The translations of one entry, found by language code.
fn words_in<'a>(words: &'a [Words], lang: &str) -> Option<&'a Words> {
    words.iter().find(|w| w.lang == lang)
}

/// A land region and its Region card.
#[derive(Debug, Clone)]
pub struct Region {
    pub id: String,
    pub name: String,
    /// The Region card's glyphs, top to bottom.
    pub glyphs: Vec<Glyph>,
    /// Where the board draws it.
    pub pos: [i32; 2],
    /// Its name in other languages.
    pub words: Vec<Words>,
}

/// One side of a player board: the program of each board glyph.
#[derive(Debug, Clone)]
pub struct BoardSide {
    /// Programs for [`Glyph::BOARD`], in that order.
    pub glyphs: [Vec<Step>; 4],
    /// What each glyph does, in the pack's English, in the same order.
    pub texts: [String; 4],
}

/// A character's board texts and Dragonbond ability in one language other
/// than the pack's English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharacterWords {
    /// The language's code (`it`, `fr`).
    pub lang: String,
    pub bond: String,
    /// The human side's glyph texts, in [`Glyph::BOARD`] order.
    pub human: [String; 4],
    /// The Faceless side's glyph texts.
    pub faceless: [String; 4],
    /// The human board's standing lines (empty if it has none).
    pub traits: String,
}

/// A character: its board (both sides), start, tracks and abilities.
#[derive(Debug, Clone)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub realm: String,
    pub kind: Kind,
    pub start: u8,
    /// Dragons: the Combat Value printed on each Wound-track space.
    pub wound_track: Vec<u8>,
    /// Dragons: spaces on the Essence track.
    pub essence: u8,
    pub human: BoardSide,
    pub faceless: BoardSide,
    /// Standing lines of the human board.
    pub traits: Vec<Passive>,
    /// Those lines in words (empty if there are none).
    pub traits_text: String,
    pub bond_text: String,
    /// Dragonbond abilities, in force once bonded.
    pub bond: Vec<Passive>,
    /// Its board texts and Dragonbond ability in other languages.
    pub words: Vec<CharacterWords>,
}

impl Character {
    fn words_in(&self, lang: &str) -> Option<&CharacterWords> {
        self.words.iter().find(|w| w.lang == lang)
    }

    /// Its Dragonbond ability in language `lang`, else the pack's own.
    pub fn bond_in(&self, lang: &str) -> &str {
        self.words_in(lang).map_or(&self.bond_text, |w| &w.bond)
    }

    /// What board glyph `glyph` (an index into [`Glyph::BOARD`]) does on
    /// the human or the Faceless side, in language `lang`.
    pub fn glyph_text_in(&self, lang: &str, faceless: bool, glyph: usize) -> &str {
        let own = if faceless {
            &self.faceless
        } else {
            &self.human
        };
        let Some(english) = own.texts.get(glyph) else {
            return "";
        };
        self.words_in(lang)
            .and_then(|w| if faceless { &w.faceless } else { &w.human }.get(glyph))
            .unwrap_or(english)
    }

    /// The human board's standing lines in language `lang`.
    pub fn traits_in(&self, lang: &str) -> &str {
        self.words_in(lang).map_or(&self.traits_text, |w| &w.traits)
    }
}

#[derive(Debug, Clone)]
pub struct ActionCard {
    pub id: String,
    pub owner: u8,
    pub glyphs: Vec<Glyph>,
}

#[derive(Debug, Clone)]
pub struct Denizen {
    pub id: String,
    pub name: String,
    pub homeland: u8,
    pub unit: UnitType,
    pub text: String,
    pub ability: Passive,
    /// Its name and text in other languages.
    pub words: Vec<Words>,
}

#[derive(Debug, Clone)]
pub struct Event {
    pub id: String,
    pub name: String,
    pub text: String,
    pub steps: Vec<Step>,
    /// Its name and text in other languages.
    pub words: Vec<Words>,
}

#[derive(Debug, Clone)]
pub struct Vaala {
    pub id: String,
    pub owner: u8,
    pub name: String,
    pub cost: u8,
    pub text: String,
    pub steps: Vec<Step>,
    /// Stays face up until Clean-up, its effect lasting the round.
    pub face_up: bool,
    /// Its name and text in other languages.
    pub words: Vec<Words>,
}

macro_rules! in_language {
    ($($t:ty),*) => {$(
        impl $t {
            /// Its name in language `lang` (a code: `en`, `it`, `fr`), else
            /// the pack's own.
            pub fn name_in(&self, lang: &str) -> &str {
                words_in(&self.words, lang).map_or(&self.name, |w| &w.name)
            }
        }
    )*};
}
in_language!(Region, Denizen, Event, Vaala);

macro_rules! text_in_language {
    ($($t:ty),*) => {$(
        impl $t {
            /// Its text in language `lang`, else the pack's own.
            pub fn text_in(&self, lang: &str) -> &str {
                words_in(&self.words, lang).map_or(&self.text, |w| &w.text)
            }
        }
    )*};
}
text_in_language!(Denizen, Event, Vaala);

/// A loaded, validated pack.
#[derive(Debug, Clone)]
pub struct Content {
    pub regions: Vec<Region>,
    /// `adjacent[a] & 1 << b`: a and b share a border.
    pub adjacent: [u16; REGIONS],
    /// `mountain[a] & 1 << b`: their border is a mountain border.
    pub mountain: [u16; REGIONS],
    /// `sea[a] & 1 << b`: a sea link (not a border; LoV FAQ).
    pub sea: [u16; REGIONS],
    /// Shortest distance in borders between two regions.
    pub distance: [[u8; REGIONS]; REGIONS],
    /// Programs of the Upgrade, Reinforce and Fortify glyphs.
    pub upgrade: Vec<Step>,
    pub reinforce: Vec<Step>,
    pub fortify: Vec<Step>,
    pub characters: Vec<Character>,
    pub actions: Vec<ActionCard>,
    /// Action-card ids per character, in content order.
    pub hand: [Vec<u8>; SEATS],
    pub denizens: Vec<Denizen>,
    pub events: Vec<Event>,
    pub vaala: Vec<Vaala>,
    /// Vaala-card ids per character.
    pub vaala_of: [Vec<u8>; SEATS],
    pub power: u8,
    pub cities: u8,
    pub wounds: u8,
    pub neutral: u8,
    pub per_type: [u8; 3],
    /// FNV-1a hash of the pack's text, recorded in every game's setup.
    pub hash: u64,
    /// Whether any entry is provisional (the UI says so).
    pub provisional: bool,
}

/// Removes `//` and `/* */` comments outside strings, keeping line breaks
/// so that parse errors still give the right line.
pub fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                    }
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    serde_json::from_str(&strip_comments(text)).map_err(|e| {
        err(
            file,
            &format!("line {}", e.line()),
            &format!("column {}", e.column()),
            e.to_string(),
        )
    })
}

fn fnv1a(files: &Files) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, text) in files.iter().filter(|(n, _)| language_of(n).is_none()) {
        for b in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

struct Ids<'a> {
    file: &'a str,
    ids: Vec<&'a str>,
}

impl<'a> Ids<'a> {
    fn find(&self, entry: &str, field: &str, id: &str) -> Result<u8, LoadError> {
        self.ids
            .iter()
            .position(|&x| x == id)
            .map(|i| i as u8)
            .ok_or_else(|| err(self.file, entry, field, format!("unknown id `{id}`")))
    }
}

fn unique<'a>(file: &'a str, ids: impl Iterator<Item = &'a str>) -> Result<Ids<'a>, LoadError> {
    let mut seen: Vec<&str> = Vec::new();
    for id in ids {
        if id.is_empty() {
            return Err(err(file, "(entry)", "id", "empty id"));
        }
        if seen.contains(&id) {
            return Err(err(file, id, "id", "duplicate id"));
        }
        seen.push(id);
    }
    Ok(Ids { file, ids: seen })
}

fn count(file: &str, field: &str, got: usize, want: usize) -> Result<(), LoadError> {
    if got != want {
        return Err(err(
            file,
            "(file)",
            field,
            format!("{got} entries, the rulebook's component list has {want}"),
        ));
    }
    Ok(())
}

fn provisional(file: &str, entry: &str, p: bool) -> Result<(), LoadError> {
    if !p {
        return Err(err(
            file,
            entry,
            "provisional",
            "must be true: this pack is provisional (docs/rulings.md, \"The provisional pack\")",
        ));
    }
    Ok(())
}

/// Checks the numbers in a program (a range of 0, an empty choice...).
fn check_steps(file: &str, entry: &str, field: &str, steps: &[Step]) -> Result<(), LoadError> {
    for s in steps {
        match s {
            Step::Move { range: 0, .. } | Step::Toward { range: 0, .. } => {
                return Err(err(file, entry, field, "a move of range 0"));
            }
            Step::Assault { reach: 0 } => {
                return Err(err(file, entry, field, "an assault of reach 0"));
            }
            Step::Choose { options } => {
                if options.len() < 2 {
                    return Err(err(
                        file,
                        entry,
                        field,
                        "a choice needs at least two options",
                    ));
                }
                for o in options {
                    check_steps(file, entry, field, o)?;
                }
            }
            Step::ExtraGlyph { glyph, .. } if glyph.board_index().is_none() => {
                return Err(err(
                    file,
                    entry,
                    field,
                    "an extra glyph must be a board glyph",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_passive(file: &str, entry: &str, field: &str, p: &Passive) -> Result<(), LoadError> {
    match p {
        Passive::OnMove { steps, .. } => check_steps(file, entry, field, steps)?,
        Passive::Retreat { range, by_sea } => {
            if !(1..=MAX_RETREAT).contains(range) {
                return Err(err(
                    file,
                    entry,
                    field,
                    format!("a retreat range of {range}; it must be 1 to {MAX_RETREAT}"),
                ));
            }
            if *range == 1 && !by_sea {
                return Err(err(
                    file,
                    entry,
                    field,
                    "a retreat of range 1 without sea links is the book's own rule (p.13)",
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// The farthest a retreat ability may reach.
pub const MAX_RETREAT: u8 = 3;

impl Content {
    /// The pack embedded in the binary.
    pub fn default_pack() -> Result<Content, LoadError> {
        let files: Vec<(&str, &str)> = DEFAULT_FILES
            .iter()
            .chain(&LANGUAGE_FILES)
            .copied()
            .collect();
        Content::load(&files)
    }

    /// Loads and validates a pack from its files' text.
    pub fn load(files: &Files) -> Result<Content, LoadError> {
        let get = |name: &str| {
            files
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| *t)
                .ok_or_else(|| err(name, "(file)", "(file)", "missing from the pack"))
        };
        let map: MapFile = parse("map.jsonc", get("map.jsonc")?)?;
        let tokens: TokensFile = parse("tokens.jsonc", get("tokens.jsonc")?)?;
        let chars: Vec<CharacterEntry> = parse("characters.jsonc", get("characters.jsonc")?)?;
        let actions: Vec<ActionEntry> = parse("actions.jsonc", get("actions.jsonc")?)?;
        let denizens: Vec<DenizenEntry> = parse("denizens.jsonc", get("denizens.jsonc")?)?;
        let events: Vec<EventEntry> = parse("events.jsonc", get("events.jsonc")?)?;
        let vaala: Vec<VaalaEntry> = parse("vaala.jsonc", get("vaala.jsonc")?)?;

        let board = Map::of(&map)?;
        check_tokens(&tokens)?;
        let (characters, cids) = characters_of(&chars, &board.rids, tokens.wounds)?;
        let (action_cards, hand) = actions_of(&actions, &cids, &chars)?;
        let dz = denizens_of(&denizens, &board.rids)?;
        let ev = events_of(&events)?;
        let (va, vaala_of) = vaala_of_characters(&vaala, &cids, &chars)?;

        let mut content = Content {
            regions: board.regions,
            adjacent: board.adjacent,
            mountain: board.mountain,
            sea: board.sea,
            distance: board.distance,
            upgrade: map.glyph_effects.upgrade,
            reinforce: map.glyph_effects.reinforce,
            fortify: map.glyph_effects.fortify,
            characters,
            actions: action_cards,
            hand,
            denizens: dz,
            events: ev,
            vaala: va,
            vaala_of,
            power: tokens.power,
            cities: tokens.cities,
            wounds: tokens.wounds,
            neutral: tokens.neutral,
            per_type: [
                tokens.per_general.infantry,
                tokens.per_general.cavalry,
                tokens.per_general.ranged,
            ],
            hash: fnv1a(files),
            provisional: true,
        };
        for (file, text) in files {
            if let Some(lang) = language_of(file) {
                content.translate(file, lang, parse(file, text)?)?;
            }
        }
        Ok(content)
    }

    /// Takes in one language's translation file: each entry it names must
    /// be in the pack, with a name and (but for a region) a text.
    fn translate(&mut self, f: &str, lang: &str, file: LanguageFile) -> Result<(), LoadError> {
        provisional(f, "(file)", file.provisional)?;
        fn words(
            f: &str,
            lang: &str,
            field: &str,
            id: &str,
            name: &str,
            text: Option<&str>,
        ) -> Result<Words, LoadError> {
            let entry = format!("{field}.{id}");
            if name.trim().is_empty() {
                return Err(err(f, &entry, "name", "empty name"));
            }
            if text.is_some_and(|t| t.trim().is_empty()) {
                return Err(err(f, &entry, "text", "empty text"));
            }
            Ok(Words {
                lang: lang.to_owned(),
                name: name.to_owned(),
                text: text.unwrap_or_default().to_owned(),
            })
        }
        fn slot<'a, T>(
            f: &str,
            field: &str,
            id: &str,
            entries: &'a mut [T],
            id_of: impl Fn(&T) -> &str,
        ) -> Result<&'a mut T, LoadError> {
            entries.iter_mut().find(|e| id_of(e) == id).ok_or_else(|| {
                err(
                    f,
                    &format!("{field}.{id}"),
                    "(id)",
                    format!("no {field} entry `{id}` in the pack"),
                )
            })
        }
        for (id, w) in &file.regions {
            let r = slot(f, "regions", id, &mut self.regions, |r| &r.id)?;
            r.words.push(words(f, lang, "regions", id, &w.name, None)?);
        }
        for (id, w) in &file.denizens {
            let d = slot(f, "denizens", id, &mut self.denizens, |d| &d.id)?;
            d.words
                .push(words(f, lang, "denizens", id, &w.name, Some(&w.text))?);
        }
        for (id, w) in &file.events {
            let e = slot(f, "events", id, &mut self.events, |e| &e.id)?;
            e.words
                .push(words(f, lang, "events", id, &w.name, Some(&w.text))?);
        }
        for (id, w) in &file.vaala {
            let v = slot(f, "vaala", id, &mut self.vaala, |v| &v.id)?;
            v.words
                .push(words(f, lang, "vaala", id, &w.name, Some(&w.text))?);
        }
        for (id, w) in &file.characters {
            let c = slot(f, "characters", id, &mut self.characters, |c| &c.id)?;
            let entry = format!("characters.{id}");
            let mut texts = vec![("bond", w.bond.as_str())];
            for (side, g) in [("human", &w.human), ("faceless", &w.faceless)] {
                for (glyph, text) in g.in_order() {
                    if text.trim().is_empty() {
                        return Err(err(f, &entry, &format!("{side}.{glyph}"), "empty text"));
                    }
                }
            }
            if !c.traits.is_empty() {
                texts.push(("traits", w.traits.as_str()));
            } else if !w.traits.trim().is_empty() {
                return Err(err(f, &entry, "traits", "the board has no standing lines"));
            }
            if let Some((field, _)) = texts.iter().find(|(_, t)| t.trim().is_empty()) {
                return Err(err(f, &entry, field, "empty text"));
            }
            c.words.push(CharacterWords {
                lang: lang.to_owned(),
                bond: w.bond.clone(),
                human: w.human.in_order().map(|(_, t)| t.to_owned()),
                faceless: w.faceless.in_order().map(|(_, t)| t.to_owned()),
                traits: w.traits.clone(),
            });
        }
        Ok(())
    }

    /// The entries (`regions.ysval`, `events.tithe`...) that have no name
    /// or text in language `lang`: a table in that language shows the
    /// pack's English for them.
    pub fn untranslated(&self, lang: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |kind: &str, id: &str, words: &[Words]| {
            if words_in(words, lang).is_none() {
                out.push(format!("{kind}.{id}"));
            }
        };
        for r in &self.regions {
            check("regions", &r.id, &r.words);
        }
        for d in &self.denizens {
            check("denizens", &d.id, &d.words);
        }
        for e in &self.events {
            check("events", &e.id, &e.words);
        }
        for v in &self.vaala {
            check("vaala", &v.id, &v.words);
        }
        for c in &self.characters {
            if c.words_in(lang).is_none() {
                out.push(format!("characters.{}", c.id));
            }
        }
        out
    }

    /// The index of a region by id.
    pub fn region(&self, id: &str) -> Option<u8> {
        self.regions
            .iter()
            .position(|r| r.id == id)
            .map(|i| i as u8)
    }

    pub fn is_adjacent(&self, a: u8, b: u8) -> bool {
        self.adjacent[a as usize] & (1 << b) != 0
    }

    pub fn is_mountain(&self, a: u8, b: u8) -> bool {
        self.mountain[a as usize] & (1 << b) != 0
    }
}

/// The map of `map.jsonc` (LoV p.4-5, the board and its Region cards):
/// its regions, and which border, mountain and sea link joins which two.
struct Map<'a> {
    regions: Vec<Region>,
    rids: Ids<'a>,
    adjacent: [u16; REGIONS],
    mountain: [u16; REGIONS],
    sea: [u16; REGIONS],
    distance: [[u8; REGIONS]; REGIONS],
}

impl<'a> Map<'a> {
    fn of(map: &'a MapFile) -> Result<Map<'a>, LoadError> {
        let f = "map.jsonc";
        provisional(f, "(file)", map.provisional)?;
        count(f, "regions", map.regions.len(), counts::REGION_CARDS)?;
        let rids = unique(f, map.regions.iter().map(|r| r.id.as_str()))?;
        let mut adjacent = [0u16; REGIONS];
        let mut mountain = [0u16; REGIONS];
        let mut sea = [0u16; REGIONS];
        for (i, b) in map.borders.iter().enumerate() {
            let entry = format!("borders[{i}]");
            let a = rids.find(&entry, "a", &b.a)? as usize;
            let z = rids.find(&entry, "b", &b.b)? as usize;
            if a == z || adjacent[a] & (1 << z) != 0 {
                return Err(err(
                    f,
                    &entry,
                    "b",
                    "a border to itself or a repeated border",
                ));
            }
            adjacent[a] |= 1 << z;
            adjacent[z] |= 1 << a;
            if b.mountain {
                mountain[a] |= 1 << z;
                mountain[z] |= 1 << a;
            }
        }
        for (i, s) in map.sea.iter().enumerate() {
            let entry = format!("sea[{i}]");
            let a = rids.find(&entry, "a", &s.a)? as usize;
            let z = rids.find(&entry, "b", &s.b)? as usize;
            if a == z || adjacent[a] & (1 << z) != 0 {
                return Err(err(
                    f,
                    &entry,
                    "b",
                    "a sea link must join two regions without a border",
                ));
            }
            sea[a] |= 1 << z;
            sea[z] |= 1 << a;
        }
        let mut regions = Vec::new();
        for r in &map.regions {
            provisional(f, &r.id, r.provisional)?;
            if r.glyphs.is_empty() || r.glyphs.len() > 3 {
                return Err(err(
                    f,
                    &r.id,
                    "glyphs",
                    "a Region card shows one to three glyphs",
                ));
            }
            if r.glyphs.iter().any(|g| g.board_index().is_some()) {
                return Err(err(
                    f,
                    &r.id,
                    "glyphs",
                    "only upgrade, reinforce and fortify",
                ));
            }
            if r.name.is_empty() {
                return Err(err(f, &r.id, "name", "empty name"));
            }
            regions.push(Region {
                id: r.id.clone(),
                name: r.name.clone(),
                glyphs: r.glyphs.clone(),
                pos: r.pos,
                words: Vec::new(),
            });
        }
        let distance = distances(&adjacent);
        for (i, row) in distance.iter().enumerate() {
            if row.contains(&u8::MAX) {
                return Err(err(
                    f,
                    &regions[i].id,
                    "borders",
                    "the map is not connected",
                ));
            }
        }
        check_steps(f, "glyph_effects", "upgrade", &map.glyph_effects.upgrade)?;
        check_steps(
            f,
            "glyph_effects",
            "reinforce",
            &map.glyph_effects.reinforce,
        )?;
        check_steps(f, "glyph_effects", "fortify", &map.glyph_effects.fortify)?;
        Ok(Map {
            regions,
            rids,
            adjacent,
            mountain,
            sea,
            distance,
        })
    }
}

/// `tokens.jsonc` against the rulebook's component list (LoV p.5).
fn check_tokens(tokens: &TokensFile) -> Result<(), LoadError> {
    let f = "tokens.jsonc";
    provisional(f, "(file)", tokens.provisional)?;
    let expect = [
        ("power", tokens.power, counts::POWER),
        ("cities", tokens.cities, counts::CITIES),
        ("wounds", tokens.wounds, counts::WOUNDS),
        ("neutral", tokens.neutral, counts::NEUTRAL),
        (
            "per_general.infantry",
            tokens.per_general.infantry,
            counts::PER_TYPE,
        ),
        (
            "per_general.cavalry",
            tokens.per_general.cavalry,
            counts::PER_TYPE,
        ),
        (
            "per_general.ranged",
            tokens.per_general.ranged,
            counts::PER_TYPE,
        ),
        ("dragonbond", tokens.dragonbond, counts::DRAGONBOND),
        ("initiative", tokens.initiative, counts::INITIATIVE),
        ("combat_dice", tokens.combat_dice, counts::COMBAT_DICE),
    ];
    for (field, got, want) in expect {
        if got != want {
            return Err(err(
                f,
                "(file)",
                field,
                format!("{got}, the rulebook's component list has {want}"),
            ));
        }
    }
    Ok(())
}

/// The characters of `characters.jsonc`, General, Dragon, General, Dragon
/// (LoV p.7 seating), and their ids; a Dragon's Wound track holds half the
/// `wounds` tokens.
fn characters_of<'a>(
    chars: &'a [CharacterEntry],
    rids: &Ids<'_>,
    wounds: u8,
) -> Result<(Vec<Character>, Ids<'a>), LoadError> {
    let f = "characters.jsonc";
    count(f, "characters", chars.len(), counts::CHARACTERS)?;
    let cids = unique(f, chars.iter().map(|c| c.id.as_str()))?;
    let mut characters = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        let character = character(i, c, rids, wounds, &characters)?;
        characters.push(character);
    }
    Ok((characters, cids))
}

/// Character `i` of `characters.jsonc`, checked against those before it.
fn character(
    i: usize,
    c: &CharacterEntry,
    rids: &Ids<'_>,
    wounds: u8,
    characters: &[Character],
) -> Result<Character, LoadError> {
    let f = "characters.jsonc";
    provisional(f, &c.id, c.provisional)?;
    let want = if i.is_multiple_of(2) {
        Kind::General
    } else {
        Kind::Dragon
    };
    if c.kind != want {
        return Err(err(
            f,
            &c.id,
            "kind",
            "characters alternate General, Dragon, General, Dragon (the seating of p.7)",
        ));
    }
    let start = rids.find(&c.id, "start", &c.start)?;
    let f = "characters.jsonc";
    if characters.iter().any(|x: &Character| x.start == start) {
        return Err(err(f, &c.id, "start", "two characters start in one region"));
    }
    if c.kind == Kind::Dragon {
        if c.wound_track.len() != usize::from(wounds / 2) {
            return Err(err(
                f,
                &c.id,
                "wound_track",
                "five spaces: ten Wound tokens over two Dragons",
            ));
        }
        if !(1..=4).contains(&c.essence) {
            return Err(err(
                f,
                &c.id,
                "essence",
                "a Dragon's Essence track has 1 to 4 spaces",
            ));
        }
    } else if !c.wound_track.is_empty() || c.essence != 0 {
        return Err(err(
            f,
            &c.id,
            "wound_track",
            "only Dragons have Wound and Essence tracks",
        ));
    }
    check_boards(c)?;
    if c.bond.text.trim().is_empty() {
        return Err(err(f, &c.id, "bond.text", "empty text"));
    }
    if c.traits.is_empty() != c.traits_text.trim().is_empty() {
        return Err(err(
            f,
            &c.id,
            "traits_text",
            "standing lines (`traits`) and their words (`traits_text`) go together",
        ));
    }
    for p in c.traits.iter().chain(&c.bond.passives) {
        check_passive(f, &c.id, "traits", p)?;
    }
    let side = |b: &Board| BoardSide {
        glyphs: [
            b.attack.clone(),
            b.move_.clone(),
            b.collect.clone(),
            b.vaala.clone(),
        ],
        texts: b.text.in_order().map(|(_, t)| t.to_owned()),
    };
    Ok(Character {
        id: c.id.clone(),
        name: c.name.clone(),
        realm: c.realm.clone(),
        kind: c.kind,
        start,
        wound_track: c.wound_track.clone(),
        essence: c.essence,
        human: side(&c.human),
        faceless: side(&c.faceless),
        traits: c.traits.clone(),
        traits_text: c.traits_text.clone(),
        bond_text: c.bond.text.clone(),
        bond: c.bond.passives.clone(),
        words: Vec::new(),
    })
}

/// Both sides of a character's player board (LoV p.8): each glyph's steps,
/// and its words.
fn check_boards(c: &CharacterEntry) -> Result<(), LoadError> {
    let f = "characters.jsonc";
    for (side, b) in [("human", &c.human), ("faceless", &c.faceless)] {
        for (g, steps) in [
            ("attack", &b.attack),
            ("move", &b.move_),
            ("collect", &b.collect),
            ("vaala", &b.vaala),
        ] {
            check_steps(f, &c.id, &format!("{side}.{g}"), steps)?;
        }
        for (g, text) in b.text.in_order() {
            if text.trim().is_empty() {
                return Err(err(f, &c.id, &format!("{side}.text.{g}"), "empty text"));
            }
        }
    }
    Ok(())
}

/// The Action cards of `actions.jsonc`, and each character's hand of them.
fn actions_of(
    actions: &[ActionEntry],
    cids: &Ids<'_>,
    chars: &[CharacterEntry],
) -> Result<(Vec<ActionCard>, [Vec<u8>; SEATS]), LoadError> {
    let f = "actions.jsonc";
    unique(f, actions.iter().map(|a| a.id.as_str()))?;
    let mut hand: [Vec<u8>; SEATS] = Default::default();
    let mut action_cards = Vec::new();
    for a in actions {
        provisional(f, &a.id, a.provisional)?;
        let owner = Ids {
            file: f,
            ids: cids.ids.clone(),
        }
        .find(&a.id, "owner", &a.owner)?;
        if a.glyphs.is_empty() || a.glyphs.len() > 3 {
            return Err(err(
                f,
                &a.id,
                "glyphs",
                "an Action card shows one to three glyphs",
            ));
        }
        if a.glyphs.iter().any(|g| g.board_index().is_none()) {
            return Err(err(
                f,
                &a.id,
                "glyphs",
                "only attack, move, collect and vaala",
            ));
        }
        hand[owner as usize].push(action_cards.len() as u8);
        action_cards.push(ActionCard {
            id: a.id.clone(),
            owner,
            glyphs: a.glyphs.clone(),
        });
    }
    for (i, h) in hand.iter().enumerate() {
        if h.len() != counts::ACTIONS[i] {
            return Err(err(
                f,
                &chars[i].id,
                "owner",
                format!(
                    "{} Action cards, the rulebook's component list has {}",
                    h.len(),
                    counts::ACTIONS[i]
                ),
            ));
        }
    }
    Ok((action_cards, hand))
}

/// The Denizens of `denizens.jsonc`: one per region and Unit type.
fn denizens_of(denizens: &[DenizenEntry], rids: &Ids<'_>) -> Result<Vec<Denizen>, LoadError> {
    let f = "denizens.jsonc";
    count(f, "denizens", denizens.len(), counts::DENIZENS)?;
    unique(f, denizens.iter().map(|d| d.id.as_str()))?;
    let rids_here = Ids {
        file: f,
        ids: rids.ids.clone(),
    };
    let mut dz = Vec::new();
    for d in denizens {
        provisional(f, &d.id, d.provisional)?;
        let homeland = rids_here.find(&d.id, "homeland", &d.homeland)?;
        check_passive(f, &d.id, "ability", &d.ability)?;
        if matches!(d.ability, Passive::BondAdjacent | Passive::Relentless) {
            return Err(err(
                f,
                &d.id,
                "ability",
                "a character ability, not a Unit's",
            ));
        }
        if dz
            .iter()
            .any(|x: &Denizen| x.homeland == homeland && x.unit == d.unit)
        {
            return Err(err(
                f,
                &d.id,
                "unit",
                "a second Denizen of this type for this homeland",
            ));
        }
        dz.push(Denizen {
            id: d.id.clone(),
            name: d.name.clone(),
            homeland,
            unit: d.unit,
            text: d.text.clone(),
            ability: d.ability.clone(),
            words: Vec::new(),
        });
    }
    Ok(dz)
}

/// The Event cards of `events.jsonc`.
fn events_of(events: &[EventEntry]) -> Result<Vec<Event>, LoadError> {
    let f = "events.jsonc";
    count(f, "events", events.len(), counts::EVENTS)?;
    unique(f, events.iter().map(|e| e.id.as_str()))?;
    let mut ev = Vec::new();
    for e in events {
        provisional(f, &e.id, e.provisional)?;
        check_steps(f, &e.id, "steps", &e.steps)?;
        ev.push(Event {
            id: e.id.clone(),
            name: e.name.clone(),
            text: e.text.clone(),
            steps: e.steps.clone(),
            words: Vec::new(),
        });
    }
    Ok(ev)
}

/// The Vaala cards of `vaala.jsonc`, and each character's five of them.
fn vaala_of_characters(
    vaala: &[VaalaEntry],
    cids: &Ids<'_>,
    chars: &[CharacterEntry],
) -> Result<(Vec<Vaala>, [Vec<u8>; SEATS]), LoadError> {
    let f = "vaala.jsonc";
    count(f, "vaala", vaala.len(), counts::VAALA)?;
    unique(f, vaala.iter().map(|v| v.id.as_str()))?;
    let mut vaala_of: [Vec<u8>; SEATS] = Default::default();
    let mut va = Vec::new();
    for v in vaala {
        provisional(f, &v.id, v.provisional)?;
        let owner = Ids {
            file: f,
            ids: cids.ids.clone(),
        }
        .find(&v.id, "owner", &v.owner)?;
        if !(1..=4).contains(&v.cost) {
            return Err(err(f, &v.id, "cost", "a Vaala card costs 1 to 4 Power"));
        }
        check_steps(f, &v.id, "steps", &v.steps)?;
        vaala_of[owner as usize].push(va.len() as u8);
        va.push(Vaala {
            id: v.id.clone(),
            owner,
            name: v.name.clone(),
            cost: v.cost,
            text: v.text.clone(),
            steps: v.steps.clone(),
            face_up: v.face_up,
            words: Vec::new(),
        });
    }
    for (i, v) in vaala_of.iter().enumerate() {
        if v.len() != counts::VAALA / SEATS {
            return Err(err(
                f,
                &chars[i].id,
                "owner",
                format!("{} Vaala cards, each character has 5", v.len()),
            ));
        }
    }
    Ok((va, vaala_of))
}

fn distances(adjacent: &[u16; REGIONS]) -> [[u8; REGIONS]; REGIONS] {
    let mut d = [[u8::MAX; REGIONS]; REGIONS];
    for (s, row) in d.iter_mut().enumerate() {
        row[s] = 0;
        let mut frontier = 1u16 << s;
        let mut seen = frontier;
        let mut k = 0;
        while frontier != 0 {
            k += 1;
            let mut next = 0u16;
            for (r, adj) in adjacent.iter().enumerate() {
                if frontier & (1 << r) != 0 {
                    next |= adj;
                }
            }
            next &= !seen;
            seen |= next;
            for (r, cell) in row.iter_mut().enumerate() {
                if next & (1 << r) != 0 {
                    *cell = k;
                }
            }
            frontier = next;
        }
    }
    d
}
