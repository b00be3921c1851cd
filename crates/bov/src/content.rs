//! The content pack: unit cards, Vaala and Artifact cards, read from RON text
//! and validated (docs/rulings.md, "The provisional pack"). Pure: it takes text, never a path; the default
//! pack under `content/bov/` is embedded with `include_str!`.
//!
//! Every error names the file, the entry and the field.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Deserialize;

use crate::rules::cards::{ArtifactCard, VaalaCard};
use crate::rules::keywords::{AttackKeyword, Keyword, UnitKeyword};
use crate::rules::neutral::{Act, MonsterCard};
use crate::rules::powers::{Power, Timing};
use crate::rules::state::MAX_MODELS;
use crate::rules::units::{CardId, Profile, UnitCard, WeaponKind};

/// What a content file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// The forces and the type keywords cards may use.
    Keywords,
    /// A list of unit cards.
    Units,
    Vaala,
    Artifacts,
}

/// One content file: its name (for errors), its kind and its text.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub file: &'a str,
    pub kind: FileKind,
    pub text: &'a str,
}

/// The default pack, embedded at build time (see `build.rs`): the keywords,
/// every unit card file of `content/bov/units/` (the shipped files first,
/// then any file of one's own dropped beside them), the Vaala and Artifact
/// cards.
pub const DEFAULT_SOURCES: &[Source<'static>] = include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The sample force lists shipped with the pack: (file, text).
pub const SAMPLE_LISTS: &[(&str, &str)] = &[
    (
        "lists/allaria_dragon_host.ron",
        include_str!("../../../content/bov/lists/allaria_dragon_host.ron"),
    ),
    (
        "lists/allaria_guild_line.ron",
        include_str!("../../../content/bov/lists/allaria_guild_line.ron"),
    ),
    (
        "lists/tyveria_dragon_host.ron",
        include_str!("../../../content/bov/lists/tyveria_dragon_host.ron"),
    ),
    (
        "lists/tyveria_swarm.ron",
        include_str!("../../../content/bov/lists/tyveria_swarm.ron"),
    ),
];

/// Force lists of the starter edition shipped with the pack: (file, text).
/// Their Trooper cards are led by Captain cards (BoV starter, "SELECT
/// UNITS"); they name their edition, so a 5.1 battle refuses them.
pub const STARTER_LISTS: &[(&str, &str)] = &[
    (
        "lists/starter/allaria_fencers.ron",
        include_str!("../../../content/bov/lists/starter/allaria_fencers.ron"),
    ),
    (
        "lists/starter/tyveria_packs.ron",
        include_str!("../../../content/bov/lists/starter/tyveria_packs.ron"),
    ),
];

/// Every shipped force list, 5.1's then the starter's, as (name, text):
/// the name a set-up or a page gives it is its file's, without the folder
/// and the extension.
pub fn shipped_lists() -> impl Iterator<Item = (&'static str, &'static str)> {
    SAMPLE_LISTS
        .iter()
        .chain(STARTER_LISTS)
        .map(|(file, text)| {
            let name = file.rsplit('/').next().unwrap_or(file);
            (name.trim_end_matches(".ron"), *text)
        })
}

/// The saved maps shipped with the pack (BoV 5.1, "1) Place Terrain", the
/// alternative method): (file, text), read by [`crate::geometry::Map::parse`].
pub const SAMPLE_MAPS: &[(&str, &str)] = &[
    (
        "maps/hill_pass.ron",
        include_str!("../../../content/bov/maps/hill_pass.ron"),
    ),
    (
        "maps/river_crossing.ron",
        include_str!("../../../content/bov/maps/river_crossing.ron"),
    ),
];

/// A content error: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    /// The entry's id, when one is known.
    pub entry: Option<String>,
    /// The field, dotted (`front.melee.dice`), when one is known.
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(e) = &self.entry {
            write!(f, ": entry '{e}'")?;
        }
        if let Some(x) = &self.field {
            write!(f, ", field '{x}'")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ContentError {}

/// All the errors of a pack, one a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentErrors(pub Vec<ContentError>);

impl fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ContentErrors {}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeywordsFile {
    forces: Vec<String>,
    tags: Vec<String>,
}

/// A loaded, validated pack.
#[derive(Clone, Debug, Default)]
pub struct Pack {
    /// Forces a list may be written for ("Allaria", "Tyveria", ...).
    pub forces: Vec<String>,
    /// Type and faction keywords cards may carry.
    pub tags: Vec<String>,
    pub units: Vec<UnitCard>,
    pub vaala: Vec<VaalaCard>,
    pub artifacts: Vec<ArtifactCard>,
    unit_index: HashMap<String, CardId>,
}

/// The force of Neutral units (BoV 5.1, "Neutral Units").
pub const NEUTRAL: &str = "Neutral";

impl Pack {
    /// The default pack under `content/bov/`.
    pub fn default_pack() -> Result<Pack, ContentErrors> {
        Pack::load(DEFAULT_SOURCES)
    }

    /// Reads and validates `sources`; every problem found is reported.
    pub fn load(sources: &[Source<'_>]) -> Result<Pack, ContentErrors> {
        let mut errors = Vec::new();
        let mut pack = Pack::default();
        let mut unit_files = Vec::new();
        let mut vaala_files = Vec::new();
        let mut artifact_files = Vec::new();
        let mut keywords_seen = false;
        for src in sources {
            match src.kind {
                FileKind::Keywords => {
                    if let Some(k) = parse::<KeywordsFile>(src, &mut errors) {
                        keywords_seen = true;
                        pack.forces.extend(k.forces);
                        pack.tags.extend(k.tags);
                    }
                }
                FileKind::Units => {
                    if let Some(list) = parse::<Vec<UnitCard>>(src, &mut errors) {
                        unit_files.extend(list.into_iter().map(|u| (src.file, u)));
                    }
                }
                FileKind::Vaala => {
                    if let Some(list) = parse::<Vec<VaalaCard>>(src, &mut errors) {
                        vaala_files.extend(list.into_iter().map(|c| (src.file, c)));
                    }
                }
                FileKind::Artifacts => {
                    if let Some(list) = parse::<Vec<ArtifactCard>>(src, &mut errors) {
                        artifact_files.extend(list.into_iter().map(|c| (src.file, c)));
                    }
                }
            }
        }
        if !keywords_seen && errors.is_empty() {
            errors.push(ContentError {
                file: "keywords.ron".into(),
                entry: None,
                field: None,
                message: "the pack has no keywords file declaring its forces and tags".into(),
            });
        }
        pack.add_units(unit_files, &mut errors);

        let mut ids = HashSet::new();
        for (file, card) in vaala_files {
            let mut err = |field: &str, message: String| {
                errors.push(ContentError {
                    file: file.to_string(),
                    entry: Some(card_label(&card.id, &card.name)),
                    field: (!field.is_empty()).then(|| field.to_string()),
                    message,
                })
            };
            check_id(&card.id, &mut err);
            if !ids.insert(card.id.clone()) {
                err("id", format!("'{}' is used by another Vaala card", card.id));
            }
            if card.name.trim().is_empty() {
                err("name", "must not be empty".into());
            }
            if card.text.trim().is_empty() {
                err("text", "must not be empty".into());
            }
            // BoV 5.1, "Vaala Cards": played as a reaction; a card naming a
            // target unit is cast by a Vaala unit in range and sight of it.
            let timing = crate::rules::powers::Timing::Reaction(card.trigger.clone());
            if let Some(why) = crate::rules::powers::never_usable(&timing, &card.effects) {
                err(
                    "effects",
                    format!("'{}' can never be played: {why}", card.name),
                );
            }
            if card.effects.iter().any(|e| e.chooses_a_unit()) && !card.targeted {
                err(
                    "targeted",
                    format!(
                        "'{}' names a target unit, so it must be `targeted: true` (cast by a Vaala unit in range and line of sight)",
                        card.name
                    ),
                );
            }
            pack.vaala.push(card);
        }

        let mut ids = HashSet::new();
        for (file, card) in artifact_files {
            let mut err = |field: &str, message: String| {
                errors.push(ContentError {
                    file: file.to_string(),
                    entry: Some(card_label(&card.id, &card.name)),
                    field: (!field.is_empty()).then(|| field.to_string()),
                    message,
                })
            };
            check_id(&card.id, &mut err);
            if !ids.insert(card.id.clone()) {
                err(
                    "id",
                    format!("'{}' is used by another Artifact card", card.id),
                );
            }
            if card.name.trim().is_empty() {
                err("name", "must not be empty".into());
            }
            validate_power("power", &card.power, &mut err);
            pack.artifacts.push(card);
        }

        if errors.is_empty() {
            Ok(pack)
        } else {
            Err(ContentErrors(errors))
        }
    }

    /// This pack with the unit cards of `src` (a list of unit cards, as
    /// `units/*.ron`) added: a pack of one's own on top of the shipped one.
    /// Each card is checked as the loader checks the pack's own, against
    /// this pack's forces and tags, and its id must be new.
    pub fn with_units(&self, src: &Source<'_>) -> Result<Pack, ContentErrors> {
        let mut errors = Vec::new();
        let mut pack = self.clone();
        if let Some(list) = parse::<Vec<UnitCard>>(src, &mut errors) {
            pack.add_units(list.into_iter().map(|u| (src.file, u)), &mut errors);
        }
        if errors.is_empty() {
            Ok(pack)
        } else {
            Err(ContentErrors(errors))
        }
    }

    /// Validates and adds unit cards, each error naming its file, entry and
    /// field.
    fn add_units<'f>(
        &mut self,
        cards: impl IntoIterator<Item = (&'f str, UnitCard)>,
        errors: &mut Vec<ContentError>,
    ) {
        let tags: HashSet<String> = self.tags.iter().map(|t| t.to_ascii_lowercase()).collect();
        let forces: HashSet<String> = self.forces.iter().cloned().collect();
        for (file, mut card) in cards {
            let mut err = |field: &str, message: String| {
                errors.push(ContentError {
                    file: file.to_string(),
                    entry: Some(card_label(&card.id, &card.name)),
                    field: (!field.is_empty()).then(|| field.to_string()),
                    message,
                })
            };
            check_id(&card.id, &mut err);
            if !card.id.is_empty() && self.unit_index.contains_key(&card.id) {
                err("id", format!("'{}' is used by another unit card", card.id));
            }
            validate_unit(&card, &tags, &forces, &mut err);
            if self.units.len() >= usize::from(u16::MAX) {
                err("", format!("more than {} unit cards in the pack", u16::MAX));
                return;
            }
            card.index_keywords();
            let id = CardId(self.units.len() as u16);
            self.unit_index.entry(card.id.clone()).or_insert(id);
            self.units.push(card);
        }
    }

    pub fn card(&self, id: CardId) -> Option<&UnitCard> {
        self.units.get(usize::from(id.0))
    }

    /// A unit card by its id.
    pub fn unit(&self, id: &str) -> Option<(CardId, &UnitCard)> {
        let c = *self.unit_index.get(id)?;
        Some((c, &self.units[usize::from(c.0)]))
    }

    pub fn vaala_card(&self, id: &str) -> Option<&VaalaCard> {
        self.vaala.iter().find(|c| c.id == id)
    }

    pub fn artifact(&self, id: &str) -> Option<&ArtifactCard> {
        self.artifacts.iter().find(|c| c.id == id)
    }
}

fn card_label(id: &str, name: &str) -> String {
    if id.is_empty() {
        name.to_string()
    } else {
        id.to_string()
    }
}

/// Parses one file, reporting a syntax or shape error with the entry it
/// happened in (the nearest `id: "..."` above the error) and the field it
/// happened in, by the path the deserializer had reached
/// (`front.health` in a list of unit cards), so an editor can show it
/// beside that field.
fn parse<'de, T: Deserialize<'de>>(src: &Source<'de>, errors: &mut Vec<ContentError>) -> Option<T> {
    let mut report = |e: ron::error::SpannedError, field: Option<String>| {
        let line = e.span.start.line;
        errors.push(ContentError {
            file: format!("{}:{}:{}", src.file, line, e.span.start.col),
            entry: entry_above(src.text, line),
            field,
            message: e.code.to_string(),
        });
    };
    let options = crate::ron_options();
    let mut de = match ron::Deserializer::from_str_with_options(src.text, &options) {
        Ok(de) => de,
        Err(e) => {
            report(e, None);
            return None;
        }
    };
    match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(v) => match de.end() {
            Ok(()) => Some(v),
            Err(e) => {
                report(de.span_error(e), None);
                None
            }
        },
        Err(e) => {
            let path = e.path().clone();
            let code = e.into_inner();
            let field = field_of(&path, &code, src.kind != FileKind::Keywords);
            report(de.span_error(code), field);
            None
        }
    }
}

/// The dotted field a deserializing error happened in (`front.melee.dice`,
/// `keywords[2]`), a missing field named last; `None` at the
/// top. In a file that is a list of entries the entry's index is left out:
/// the entry is named apart.
fn field_of(path: &serde_path_to_error::Path, code: &ron::Error, listed: bool) -> Option<String> {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    let mut segments = path.iter().peekable();
    if listed && matches!(segments.peek(), Some(Segment::Seq { .. })) {
        segments.next();
    }
    for s in segments {
        match s {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    // An unknown field is already the path's last key; a missing one is not.
    if let ron::Error::MissingStructField { field: f, .. } = code {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(f);
    }
    (!out.is_empty()).then_some(out)
}

fn entry_above(text: &str, line: usize) -> Option<String> {
    text.lines()
        .take(line)
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("id:")?.trim();
            let rest = rest.strip_prefix('"')?;
            Some(rest.split('"').next()?.to_string())
        })
        .last()
}

fn check_id(id: &str, err: &mut impl FnMut(&str, String)) {
    if id.is_empty() {
        err("id", "must not be empty".into());
    } else if !id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        err("id", format!("'{id}' may use only a-z, 0-9 and '_'"));
    }
}

fn validate_unit(
    card: &UnitCard,
    tags: &HashSet<String>,
    forces: &HashSet<String>,
    err: &mut impl FnMut(&str, String),
) {
    if card.name.trim().is_empty() {
        err("name", "must not be empty".into());
    }
    if card.force != NEUTRAL && !forces.contains(&card.force) {
        err(
            "force",
            format!(
                "'{}' is not a force of the pack (keywords.ron) nor \"{NEUTRAL}\"",
                card.force
            ),
        );
    }
    let mut seen = HashSet::new();
    let rule = |k: UnitKeyword| card.keywords.iter().any(|x| x.rule() == Some(k));
    // A keyword another one names (Command X, Captain, X): a tag of the
    // pack or a rule keyword.
    let known = |x: &str| {
        tags.contains(&x.to_ascii_lowercase())
            || UnitKeyword::ALL
                .iter()
                .any(|r| r.name().eq_ignore_ascii_case(x))
    };
    for (i, k) in card.keywords.iter().enumerate() {
        if !seen.insert(k.to_string().to_ascii_lowercase()) {
            err(&format!("keywords[{i}]"), format!("'{k}' is listed twice"));
        }
        match k {
            Keyword::Tag(t) if !tags.contains(&t.to_ascii_lowercase()) => err(
                &format!("keywords[{i}]"),
                format!(
                    "'{t}' is neither a rule keyword of 5.1 nor a tag declared in keywords.ron"
                ),
            ),
            Keyword::Command(x) if !known(x) => err(
                &format!("keywords[{i}]"),
                format!("Command '{x}': '{x}' is not a keyword of the pack"),
            ),
            Keyword::Captain(x) if !known(x) => err(
                &format!("keywords[{i}]"),
                format!("Captain, '{x}': '{x}' is not a keyword of the pack"),
            ),
            Keyword::Captain(_) if !rule(UnitKeyword::Hero) => err(
                &format!("keywords[{i}]"),
                "\"Captain, X\" is a Hero's keyword (BoV starter, \"Heroes as Captains\"): the card needs \"Hero\" too".into(),
            ),
            Keyword::Giant(d) if d.is_empty() => {
                err(&format!("keywords[{i}]"), "Giant needs wound dice".into())
            }
            _ => {}
        }
    }
    let neutral = card.force == NEUTRAL;
    let merc = rule(UnitKeyword::Mercenary);
    let monster = rule(UnitKeyword::Monster);
    if neutral && !merc && !monster {
        err(
            "keywords",
            "a Neutral unit is a Mercenary or a Monster".into(),
        );
    }
    if !neutral && (merc || monster) {
        err(
            "force",
            "Mercenaries and Monsters belong to the \"Neutral\" force".into(),
        );
    }
    if monster != card.monster.is_some() {
        err(
            "monster",
            "a Monster keyword and a monster card go together".into(),
        );
    }
    if let Some(m) = &card.monster {
        validate_behaviour(card, m, err);
    }
    if card.points == 0 && !monster {
        err("points", "must be at least 1".into());
    }
    if card.models == 0 || card.models > MAX_MODELS {
        err(
            "models",
            format!("must be 1 to {MAX_MODELS}, not {}", card.models),
        );
    }
    if rule(UnitKeyword::Hero) && card.models != 1 {
        err("models", "a Hero is a single model".into());
    }
    // BoV 5.1, "Dragonriders": "some Heroes have the Dragonrider keyword.
    // Such Heroes can ride" (docs/rulings.md, "Dragonrider is a Hero's
    // keyword").
    if rule(UnitKeyword::Dragonrider) && !rule(UnitKeyword::Hero) {
        err(
            "keywords",
            format!(
                "'{}' has the Dragonrider keyword but is not a Hero: only Heroes ride (BoV 5.1, \"Dragonriders\")",
                card.name
            ),
        );
    }
    let epic = rule(UnitKeyword::Epic);
    if epic && card.models != 1 {
        err("models", "an Epic Creature is a single model".into());
    }
    if epic != card.injured.is_some() {
        err(
            "injured",
            "an Epic Creature card, and only one, has an Injured side".into(),
        );
    }
    if !(10..=300).contains(&card.base_mm) {
        err(
            "base_mm",
            format!("{} mm: a base is 10 to 300 mm", card.base_mm),
        );
    }
    validate_profile("front", &card.front, err);
    if let Some(back) = &card.injured {
        validate_profile("injured", back, err);
    }
    // BoV starter, "General cards": the mounted side is a General's who
    // may ride, a Hero with the Rider keyword, Dragonrider in the pack
    // (docs/rulings.md, "Mounted Generals in the starter edition").
    if let Some(side) = card.mounted.as_ref().map(|m| m.profile()) {
        if !rule(UnitKeyword::Hero) || !rule(UnitKeyword::Dragonrider) {
            err(
                "mounted",
                format!(
                    "'{}' has a mounted side but is not a Hero with the Dragonrider (Rider) keyword: only such Generals mount an Epic Creature (BoV starter, \"General cards\")",
                    card.name
                ),
            );
        }
        validate_profile("mounted", &side, err);
    }
}

fn validate_profile(side: &str, p: &Profile, err: &mut impl FnMut(&str, String)) {
    if p.health == 0 {
        err(&format!("{side}.health"), "must be at least 1".into());
    }
    if p.speed > 40 {
        err(
            &format!("{side}.speed"),
            format!("{}\" is beyond any table", p.speed),
        );
    }
    if p.melee.dice.is_empty() {
        err(
            &format!("{side}.melee.dice"),
            "every unit can make melee attacks: give it dice".into(),
        );
    }
    if p.melee.keywords.contains(&AttackKeyword::Vaala) {
        err(
            &format!("{side}.melee.keywords"),
            "Vaala is a ranged attack keyword".into(),
        );
    }
    if let Some(r) = &p.ranged {
        if r.dice.is_empty() {
            err(
                &format!("{side}.ranged.dice"),
                "a ranged attack needs dice".into(),
            );
        }
        if r.range == 0 {
            err(
                &format!("{side}.ranged.range"),
                "must be at least 1\"".into(),
            );
        }
    }
    if p.powers.len() > 16 {
        err(&format!("{side}.powers"), "at most 16 powers a side".into());
    }
    let mut ids = HashSet::new();
    for (i, power) in p.powers.iter().enumerate() {
        let field = format!("{side}.powers[{i}]");
        if !ids.insert(power.id.as_str()) {
            err(
                &format!("{field}.id"),
                format!("'{}' is used twice on this side", power.id),
            );
        }
        validate_power(&field, power, err);
    }
}

/// BoV 5.1, "Behaviour deck": "take its deck of five behaviour cards";
/// each card must be resolvable as written by the Monster it belongs to.
fn validate_behaviour(card: &UnitCard, m: &MonsterCard, err: &mut impl FnMut(&str, String)) {
    if !m.behaviour.is_empty() && m.behaviour.len() != 5 {
        err(
            "monster.behaviour",
            format!("a behaviour deck has five cards, not {}", m.behaviour.len()),
        );
    }
    for (i, b) in m.behaviour.iter().enumerate() {
        let field = format!("monster.behaviour[{i}]");
        if b.name.trim().is_empty() {
            err(&format!("{field}.name"), "must not be empty".into());
        }
        if b.text.trim().is_empty() {
            err(&format!("{field}.text"), "must not be empty".into());
        }
        if let Some(why) = b.never_resolvable() {
            err(
                &format!("{field}.actions"),
                format!("'{}' can never be resolved: {why}", b.name),
            );
        }
        for (k, a) in b.actions.iter().enumerate() {
            if let Act::Attack(w) = a.act
                && card.front.weapon_dice(w).is_none_or(|d| d.count() == 0)
            {
                err(
                    &format!("{field}.actions[{k}]"),
                    format!(
                        "'{}' makes a {} attack, and {} has no {} weapon",
                        b.name,
                        weapon_name(w),
                        card.name,
                        weapon_name(w)
                    ),
                );
            }
        }
    }
}

fn weapon_name(w: WeaponKind) -> &'static str {
    match w {
        WeaponKind::Melee => "melee",
        WeaponKind::Ranged => "ranged",
    }
}

fn validate_power(field: &str, p: &Power, err: &mut impl FnMut(&str, String)) {
    if p.id.is_empty() {
        err(&format!("{field}.id"), "must not be empty".into());
    }
    if p.name.trim().is_empty() {
        err(&format!("{field}.name"), "must not be empty".into());
    }
    if p.text.trim().is_empty() {
        err(&format!("{field}.text"), "must not be empty".into());
    }
    if p.ultimate && p.timing == Timing::Passive {
        err(
            &format!("{field}.ultimate"),
            "a passive power is never activated, so it cannot be Ultimate".into(),
        );
    }
    // BoV 5.1, "Activating Powers": a power that could never be activated
    // would cost its points for nothing.
    if let Some(why) = p.never_usable() {
        err(
            &format!("{field}.effects"),
            format!("'{}' can never be used: {why}", p.name),
        );
    }
}
