//! Force lists (BoV 5.1, "Writing up Force Lists", p. 26; "The General",
//! p. 20; "Neutral Units", p. 30).
//!
//! The file format (RON) is [`ForceList`], documented in
//! `content/bov/README.md`. [`validate`] is the one judge of a list (the
//! command line, the battle set-up and the balance runs all call it): it
//! runs each rule of [`RULES`], a function named after the book's rule, and
//! reports every [`Violation`] with the rule's section and page and the
//! [`Entry`] it concerns, so that an editor can show each beside its line.
//! [`starter`] writes a newcomer's first list and [`to_ron`] writes any list
//! back as a commented file.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::content::{NEUTRAL, Pack};
use crate::rules::keywords::UnitKeyword;
use crate::rules::units::{CardId, UnitCard};

mod captains;
mod starter;
pub use starter::{StarterError, starter, starter_forces, to_ron};

/// The points of the standard game; 50 is the small one; any size may be agreed.
pub const STANDARD_GAME_SIZE: u32 = 100;
pub const SMALL_GAME_SIZE: u32 = 50;
/// The largest game size a list may agree: a hundred standard games. The
/// book sets no bound; this one keeps every sum of points in range and
/// refuses a typing slip (4,000,000,000) rather than playing it.
pub const MAX_GAME_SIZE: u32 = 10_000;
/// What a Vaala or an Artifact card costs.
pub const CARD_POINTS: u32 = 1;

/// A force list as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovForceList))]
#[serde(deny_unknown_fields)]
pub struct ForceList {
    pub name: String,
    /// The force it is written for ("Allaria", "Tyveria", ...).
    pub force: String,
    /// The agreed game size: the most points the list may spend.
    pub game_size: u32,
    pub units: Vec<ListEntry>,
    /// Vaala cards added to the hand, by id.
    #[serde(default)]
    pub vaala: Vec<String>,
    /// Monsters to field in the battle, by unit id: they join no force
    /// and cost nothing (BoV 5.1, "Monsters").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<String>,
    /// The rulebook the list is written for, when it names one: a battle
    /// of another edition refuses it. A list that names none plays in
    /// either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<crate::rules::edition::Edition>,
    /// Upgrade tokens bought with the points left, 1 each (BoV starter,
    /// "Writing army lists" > "Add Vaala cards or Upgrade tokens"): a
    /// starter list's alone.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub upgrade_tokens: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One unit of a force list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovListEntry))]
#[serde(deny_unknown_fields)]
pub struct ListEntry {
    /// How other entries refer to this one; the card id if left out.
    #[serde(default)]
    pub id: Option<String>,
    /// The unit card's id.
    pub card: String,
    /// This Hero is the General.
    #[serde(default)]
    pub general: bool,
    /// Artifact cards carried (a Hero carries at most one).
    #[serde(default)]
    pub artifacts: Vec<String>,
    /// The dragon this Dragonrider is bonded to, by entry id.
    #[serde(default)]
    pub bonded_to: Option<String>,
    /// The Mount this Dragonrider starts the game on, by entry id.
    #[serde(default)]
    pub mounted_on: Option<String>,
    /// The Hero with "Captain, X" that leads this unit of troopers as its
    /// Captain, by entry id (BoV starter, "Heroes as Captains"): a starter
    /// list's alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captain: Option<String>,
}

impl ListEntry {
    pub fn entry_id(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.card)
    }
}

impl ForceList {
    /// BoV starter, "General cards": "generals are the only units in the
    /// army who are capable of mounting epic creatures": why each entry
    /// riding a Mount that is not the General may not, in a starter list
    /// or battle.
    pub fn riders_not_general(&self) -> Vec<(usize, String)> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, e)| e.mounted_on.is_some() && !e.general)
            .map(|(i, e)| {
                (
                    i,
                    format!(
                        "'{}' rides a Mount but is not the General: in the starter edition only the General mounts an Epic Creature (BoV starter, \"General cards\", \"Generals mounted on an Epic Creature\")",
                        e.entry_id()
                    ),
                )
            })
            .collect()
    }
}

/// The rule a list breaks, as a stable snake_case code (its serde form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovListRule))]
#[serde(rename_all = "snake_case")]
pub enum ListRule {
    /// The file could not be read as a force list.
    Format,
    GameSize,
    UnknownForce,
    UnknownCard,
    DuplicateEntry,
    /// An entry id that is empty or not written in `a-z`, `0-9` and `_`.
    EntryId,
    UnknownEntry,
    /// A unit of another force, or a Monster.
    Force,
    Points,
    General,
    Unique,
    Artifact,
    Dragonbond,
    Mounted,
    Mercenaries,
    /// A Monster named for the battle that is not a Monster card.
    Monsters,
    /// Upgrade tokens in a list not written for the starter edition.
    UpgradeTokens,
    /// A Captain card or a Hero leading troopers that may not lead them.
    Captains,
}

/// Where the list format's own rules (ids, references, syntax) are written:
/// no page of the book states them.
const LIST_FORMAT: &str = "content/bov/README.md, \"Force lists\"";

impl ListRule {
    /// Every rule, in the order [`validate`] reports them.
    pub const ALL: [ListRule; 18] = [
        ListRule::Format,
        ListRule::EntryId,
        ListRule::DuplicateEntry,
        ListRule::UnknownCard,
        ListRule::UnknownEntry,
        ListRule::GameSize,
        ListRule::UnknownForce,
        ListRule::Force,
        ListRule::Points,
        ListRule::General,
        ListRule::Mounted,
        ListRule::Artifact,
        ListRule::Dragonbond,
        ListRule::Unique,
        ListRule::Mercenaries,
        ListRule::Monsters,
        ListRule::UpgradeTokens,
        ListRule::Captains,
    ];

    /// The rule as a stable identifier.
    pub fn id(self) -> &'static str {
        match self {
            ListRule::Format => "format",
            ListRule::GameSize => "game_size",
            ListRule::UnknownForce => "unknown_force",
            ListRule::UnknownCard => "unknown_card",
            ListRule::DuplicateEntry => "duplicate_entry",
            ListRule::EntryId => "entry_id",
            ListRule::UnknownEntry => "unknown_entry",
            ListRule::Force => "force",
            ListRule::Points => "points",
            ListRule::General => "general",
            ListRule::Unique => "unique",
            ListRule::Artifact => "artifact",
            ListRule::Dragonbond => "dragonbond",
            ListRule::Mounted => "mounted",
            ListRule::Mercenaries => "mercenaries",
            ListRule::Monsters => "monsters",
            ListRule::UpgradeTokens => "upgrade_tokens",
            ListRule::Captains => "captains",
        }
    }

    /// The section of BoV 5.1 that states the rule, its headings joined by
    /// " > ", or the list format's document.
    pub fn section(self) -> &'static str {
        match self {
            ListRule::Format
            | ListRule::UnknownCard
            | ListRule::DuplicateEntry
            | ListRule::EntryId
            | ListRule::UnknownEntry => LIST_FORMAT,
            ListRule::GameSize => "Game Size",
            ListRule::UnknownForce | ListRule::Force | ListRule::Points => {
                "Writing up Force Lists > Select Units"
            }
            ListRule::General => "The General",
            ListRule::Mounted => "Writing up Force Lists > Dragonriders",
            ListRule::Artifact => "Writing up Force Lists > Select Vaala and Artifacts",
            ListRule::Dragonbond => "Writing up Force Lists > Dragonbond",
            ListRule::Unique => "Writing up Force Lists > Unique",
            ListRule::Mercenaries => "Neutral Units > Mercenaries",
            ListRule::Monsters => "Neutral Units > Monsters",
            ListRule::UpgradeTokens => "Writing army lists > Add Vaala cards or Upgrade tokens",
            ListRule::Captains => "Heroes as Captains",
        }
    }

    /// The page of BoV 5.1 the section starts on, as its contents list it;
    /// `None` for the list format's own rules.
    pub fn page(self) -> Option<u16> {
        match self {
            ListRule::Format
            | ListRule::UnknownCard
            | ListRule::DuplicateEntry
            | ListRule::EntryId
            | ListRule::UnknownEntry => None,
            ListRule::General => Some(20),
            ListRule::GameSize
            | ListRule::UnknownForce
            | ListRule::Force
            | ListRule::Points
            | ListRule::Mounted
            | ListRule::Artifact
            | ListRule::Dragonbond
            | ListRule::Unique => Some(26),
            ListRule::Mercenaries | ListRule::Monsters => Some(30),
            // The starter book's (its contents list no pages).
            ListRule::UpgradeTokens | ListRule::Captains => None,
        }
    }

    /// The heading of the starter book that states the rule for a list
    /// written for the starter edition; `None` for the list format's own
    /// rules and for 5.1's alone (Artifacts, Mercenaries, Monsters).
    pub fn starter_section(self) -> Option<&'static str> {
        match self {
            ListRule::GameSize => Some("Preparing for a game"),
            ListRule::UnknownForce | ListRule::Force | ListRule::Points => {
                Some("Writing army lists > Select units")
            }
            ListRule::General => Some("The General"),
            ListRule::Mounted => Some("Generals mounted on an Epic Creature"),
            ListRule::Dragonbond => Some("The Dragonbond"),
            ListRule::Unique => Some("Duplicates"),
            ListRule::UpgradeTokens | ListRule::Captains => Some(self.section()),
            // The starter book has none of them: its list-writing rules
            // are what refuses them.
            ListRule::Artifact | ListRule::Mercenaries | ListRule::Monsters => {
                Some("Writing army lists")
            }
            ListRule::Format
            | ListRule::UnknownCard
            | ListRule::DuplicateEntry
            | ListRule::EntryId
            | ListRule::UnknownEntry => None,
        }
    }

    /// Where the rule is written, for a reader: `BoV 5.1, "The General",
    /// p. 20`.
    pub fn citation(self) -> String {
        if matches!(self, ListRule::UpgradeTokens | ListRule::Captains) {
            return format!("BoV starter, \"{}\"", self.section());
        }
        match self.page() {
            Some(p) => format!("BoV 5.1, \"{}\", p. {p}", self.section()),
            None => self.section().to_string(),
        }
    }
}

/// The part of a list a violation concerns, by its place in the file, so a
/// page can show the error beside it. Indices count from 0, as in the file's
/// arrays.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEntry))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// The list as a whole: its size, force, points, General.
    List,
    /// `units[index]`, known by `id` (its own id, else its card's).
    Unit { index: usize, id: String },
    /// `units[unit].artifacts[index]`: the Artifact card `card` given to the
    /// unit entry `unit_id`.
    Artifact {
        unit: usize,
        unit_id: String,
        index: usize,
        card: String,
    },
    /// `vaala[index]`: the Vaala card `card`.
    Vaala { index: usize, card: String },
    /// `monsters[index]`: the unit id `card`.
    Monster { index: usize, card: String },
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::List => write!(f, "the list"),
            Entry::Unit { index, id } => write!(f, "unit entry '{id}' (units[{index}])"),
            Entry::Artifact {
                unit,
                unit_id,
                index,
                card,
            } => write!(
                f,
                "Artifact '{card}' of unit entry '{unit_id}' (units[{unit}].artifacts[{index}])"
            ),
            Entry::Vaala { index, card } => write!(f, "Vaala card '{card}' (vaala[{index}])"),
            Entry::Monster { index, card } => write!(f, "Monster '{card}' (monsters[{index}])"),
        }
    }
}

/// One broken rule: which, where the book states it, and the entry it
/// concerns. Serializes as `{rule, section, page, citation, entry: {kind,
/// ...}, message}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovViolation))]
pub struct Violation {
    pub rule: ListRule,
    /// [`ListRule::section`], or [`ListRule::starter_section`] in a list
    /// written for the starter edition.
    pub section: &'static str,
    /// [`ListRule::page`] (the starter book's contents list no pages).
    pub page: Option<u16>,
    /// The book, section and page together, for a reader: `BoV 5.1, "The
    /// General", p. 20` or `BoV starter, "The General"`.
    pub citation: String,
    pub entry: Entry,
    pub message: String,
}

impl Violation {
    pub fn new(rule: ListRule, entry: Entry, message: impl Into<String>) -> Self {
        Violation {
            rule,
            section: rule.section(),
            page: rule.page(),
            citation: rule.citation(),
            entry,
            message: message.into(),
        }
    }

    /// The violation as the starter book states the rule, where it does.
    fn in_starter(mut self) -> Self {
        if let Some(section) = self.rule.starter_section() {
            self.section = section;
            self.page = None;
            self.citation = format!("BoV starter, \"{section}\"");
        }
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({}; {})",
            self.entry,
            self.message,
            self.rule.id(),
            self.citation
        )
    }
}

/// A unit of a valid force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovForceUnit))]
pub struct ForceUnit {
    pub entry: String,
    pub card: CardId,
    /// Artifact indices into the pack.
    pub artifacts: Vec<usize>,
    /// Index of the bonded dragon in [`Force::units`].
    pub bonded_to: Option<usize>,
    /// Index of the Mount it starts on in [`Force::units`].
    pub mounted_on: Option<usize>,
    pub mercenary: bool,
    /// What the opponent scores when it is defeated: its points and its
    /// artifacts ("Scoring points for defeating enemy units").
    pub value: u16,
    /// The Hero leading it as its Captain (a starter list's): that Hero is
    /// one of this unit's models, not a unit of the force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captain: Option<ForceCaptain>,
}

/// A Hero with "Captain, X" leading a unit of troopers (BoV starter,
/// "Heroes as Captains"): its card, flipped to the side without stats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovForceCaptain))]
pub struct ForceCaptain {
    /// Its entry in the list.
    pub entry: String,
    pub card: CardId,
    /// What the opponent scores when the Hero falls: its card's points.
    pub value: u16,
}

/// A valid force, ready to be deployed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovForce))]
pub struct Force {
    pub name: String,
    pub force: String,
    pub game_size: u32,
    pub units: Vec<ForceUnit>,
    /// Index of the General in [`Force::units`].
    pub general: usize,
    /// Vaala indices into the pack.
    pub vaala: Vec<usize>,
    /// Points spent: units, artifacts and Vaala.
    pub points: u32,
    pub mercenary_points: u32,
    /// The Monsters the list names for the battle, by unit id.
    pub monsters: Vec<String>,
    /// Upgrade tokens to spend in the battle (a starter list's).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub upgrade_tokens: u32,
}

/// Whether `id` is a usable entry id: like a card id, at least one of
/// `a-z`, `0-9` and `_`.
fn is_entry_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Parses a force list; a format error is reported as a [`ListRule::Format`]
/// violation of the whole list naming the line and column.
pub fn parse(text: &str) -> Result<ForceList, Box<Violation>> {
    crate::ron_options().from_str(text).map_err(|e| {
        Box::new(Violation::new(
            ListRule::Format,
            Entry::List,
            format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ),
        ))
    })
}

/// A list read against a pack: what every rule looks up.
struct Reading<'a> {
    pack: &'a Pack,
    list: &'a ForceList,
    /// Each entry's unit card; `None` when the pack has no such card.
    cards: Vec<Option<(CardId, &'a UnitCard)>>,
    /// The first entry of each entry id.
    index: HashMap<&'a str, usize>,
}

impl<'a> Reading<'a> {
    fn new(pack: &'a Pack, list: &'a ForceList) -> Self {
        let mut index = HashMap::new();
        for (i, e) in list.units.iter().enumerate() {
            index.entry(e.entry_id()).or_insert(i);
        }
        Reading {
            pack,
            list,
            cards: list.units.iter().map(|e| pack.unit(&e.card)).collect(),
            index,
        }
    }

    fn card(&self, i: usize) -> Option<&'a UnitCard> {
        self.cards.get(i).copied().flatten().map(|c| c.1)
    }

    /// The entries whose card the pack has, with it.
    fn known(&self) -> impl Iterator<Item = (usize, &'a ListEntry, &'a UnitCard)> + '_ {
        self.list
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, e)| self.card(i).map(|c| (i, e, c)))
    }

    fn unit(&self, i: usize) -> Entry {
        Entry::Unit {
            index: i,
            id: self.list.units[i].entry_id().to_string(),
        }
    }

    fn artifact_entry(&self, unit: usize, index: usize) -> Entry {
        let e = &self.list.units[unit];
        Entry::Artifact {
            unit,
            unit_id: e.entry_id().to_string(),
            index,
            card: e.artifacts[index].clone(),
        }
    }

    fn find(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// The entry this one is bonded to, when it names one.
    fn bond(&self, i: usize) -> Option<usize> {
        self.list.units[i]
            .bonded_to
            .as_deref()
            .and_then(|b| self.find(b))
    }

    /// The entry this one starts mounted on, when it names another.
    fn mount(&self, i: usize) -> Option<usize> {
        self.list.units[i]
            .mounted_on
            .as_deref()
            .and_then(|m| self.find(m))
            .filter(|&j| j != i)
    }

    /// Whether the list is written for the starter edition (or read as one
    /// by a starter battle).
    fn starter(&self) -> bool {
        self.list.edition == Some(crate::rules::edition::Edition::Starter)
    }

    fn mercenary(&self, i: usize) -> bool {
        self.card(i).is_some_and(|c| c.has(UnitKeyword::Mercenary))
    }

    /// A unit's points with its Artifacts; 0 for a card the pack lacks.
    fn unit_points(&self, i: usize) -> u32 {
        self.card(i).map_or(0, |c| {
            u32::from(c.points) + CARD_POINTS * self.list.units[i].artifacts.len() as u32
        })
    }

    fn vaala_points(&self) -> u32 {
        CARD_POINTS * self.list.vaala.len() as u32
    }

    /// The Upgrade tokens bought, 1 point each (counted up to 65,535, far
    /// past any game size, so that the sums stay in range).
    fn token_points(&self) -> u32 {
        CARD_POINTS * self.list.upgrade_tokens.min(u32::from(u16::MAX))
    }

    /// Points spent on Mercenaries, and on the force's own units and its
    /// Vaala cards (docs/rulings.md, "The General is chosen among the
    /// force's own Heroes").
    fn mercenary_and_main_points(&self) -> (u32, u32) {
        let mut mercenary = 0;
        let mut main = self.vaala_points() + self.token_points();
        for i in 0..self.list.units.len() {
            if self.mercenary(i) {
                mercenary += self.unit_points(i);
            } else {
                main += self.unit_points(i);
            }
        }
        (mercenary, main)
    }

    fn hero(&self, i: usize) -> bool {
        self.card(i).is_some_and(|c| c.has(UnitKeyword::Hero)) && !self.mercenary(i)
    }

    fn rider(&self, i: usize) -> bool {
        self.hero(i)
            && self
                .card(i)
                .is_some_and(|c| c.has(UnitKeyword::Dragonrider))
    }

    fn bonded_rider(&self, i: usize) -> bool {
        self.rider(i) && self.bond(i).is_some()
    }

    /// The entry ids of the entries `pred` holds for, for a message.
    fn names(&self, pred: impl Fn(usize) -> bool) -> String {
        (0..self.list.units.len())
            .filter(|&i| pred(i))
            .map(|i| format!("'{}'", self.list.units[i].entry_id()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What one rule finds: each entry it concerns, with the message.
type Found = Vec<(Entry, String)>;

/// One rule of writing a force list: its code (which gives its section and
/// page) and its check.
#[derive(Clone, Copy)]
pub struct Rule {
    pub rule: ListRule,
    check: fn(&Reading<'_>) -> Found,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule").field("rule", &self.rule).finish()
    }
}

/// Every rule a list is checked against, in the order they are reported:
/// the file's own first, then the book's in its order. ([`ListRule::Format`]
/// is [`parse`]'s.)
pub const RULES: [Rule; 17] = [
    Rule {
        rule: ListRule::EntryId,
        check: entry_ids,
    },
    Rule {
        rule: ListRule::DuplicateEntry,
        check: one_entry_per_id,
    },
    Rule {
        rule: ListRule::UnknownCard,
        check: cards_of_the_pack,
    },
    Rule {
        rule: ListRule::UnknownEntry,
        check: references_name_entries,
    },
    Rule {
        rule: ListRule::GameSize,
        check: game_size,
    },
    Rule {
        rule: ListRule::UnknownForce,
        check: pick_a_force,
    },
    Rule {
        rule: ListRule::Force,
        check: units_of_the_force,
    },
    Rule {
        rule: ListRule::Points,
        check: spend_no_more_than_the_game_size,
    },
    Rule {
        rule: ListRule::General,
        check: the_general,
    },
    Rule {
        rule: ListRule::Mounted,
        check: dragonriders,
    },
    Rule {
        rule: ListRule::Artifact,
        check: artifacts,
    },
    Rule {
        rule: ListRule::Dragonbond,
        check: dragonbond,
    },
    Rule {
        rule: ListRule::Unique,
        check: unique,
    },
    Rule {
        rule: ListRule::Mercenaries,
        check: mercenaries,
    },
    Rule {
        rule: ListRule::Monsters,
        check: monsters,
    },
    Rule {
        rule: ListRule::UpgradeTokens,
        check: upgrade_tokens,
    },
    Rule {
        rule: ListRule::Captains,
        check: captains::heroes_as_captains,
    },
];

/// BoV starter, "Add Vaala cards or Upgrade tokens": "you can buy Upgrade
/// tokens at the cost of 1 per token"; BoV 5.1 has none, so a list buying
/// them is written for the starter edition and says so.
fn upgrade_tokens(r: &Reading<'_>) -> Found {
    let n = r.list.upgrade_tokens;
    if n == 0 || r.list.edition == Some(crate::rules::edition::Edition::Starter) {
        return Vec::new();
    }
    vec![(
        Entry::List,
        format!(
            "buys {n} Upgrade token{}: they are the starter set's, so the list must follow the starter set's rules (`edition: starter` in the file)",
            if n == 1 { "" } else { "s" }
        ),
    )]
}

/// Checks every rule of a force list against `pack` and reports every
/// violation, or the force ready to deploy.
pub fn validate(pack: &Pack, list: &ForceList) -> Result<Force, Vec<Violation>> {
    let reading = Reading::new(pack, list);
    let starter = list.edition == Some(crate::rules::edition::Edition::Starter);
    let violations: Vec<Violation> = RULES
        .iter()
        .flat_map(|r| {
            (r.check)(&reading)
                .into_iter()
                .map(move |(entry, message)| Violation::new(r.rule, entry, message))
        })
        .map(|v| if starter { v.in_starter() } else { v })
        .collect();
    if violations.is_empty() {
        Ok(reading.force())
    } else {
        Err(violations)
    }
}

/// What a list spends, entry by entry, valid or not: the numbers the
/// [`ListRule::Points`] and [`ListRule::Mercenaries`] rules count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCosts))]
pub struct Costs {
    /// Each `units[i]` with its Artifacts; 0 for a card the pack lacks.
    pub units: Vec<u32>,
    /// The Vaala cards, together.
    pub vaala: u32,
    /// The Upgrade tokens, together (a starter list's).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub upgrade_tokens: u32,
    /// Everything: units, Artifacts, Vaala and Upgrade tokens.
    pub total: u32,
    /// Of which on Mercenaries.
    pub mercenary: u32,
}

/// The points of every entry of `list` as the validator counts them.
pub fn costs(pack: &Pack, list: &ForceList) -> Costs {
    let r = Reading::new(pack, list);
    let (mercenary, main) = r.mercenary_and_main_points();
    Costs {
        units: (0..list.units.len()).map(|i| r.unit_points(i)).collect(),
        vaala: r.vaala_points(),
        upgrade_tokens: r.token_points(),
        total: mercenary + main,
        mercenary,
    }
}

impl Reading<'_> {
    /// The force of a list that breaks no rule: every card known, every
    /// reference resolved, one General.
    fn force(&self) -> Force {
        let list = self.list;
        // A Hero leading troopers is one of their models, not a unit: the
        // units are numbered without it.
        let leaders = self.leaders();
        let mut at = Vec::with_capacity(list.units.len());
        let mut n = 0;
        for i in 0..list.units.len() {
            at.push(n);
            if self.cards[i].is_some() && !leaders.contains_key(&i) {
                n += 1;
            }
        }
        let units: Vec<ForceUnit> = (0..list.units.len())
            .filter(|i| !leaders.contains_key(i))
            .filter_map(|i| {
                let (card, c) = self.cards[i]?;
                let e = &list.units[i];
                let captain = self.captain(i).and_then(|h| {
                    Some(ForceCaptain {
                        entry: list.units[h].entry_id().to_string(),
                        card: self.cards[h]?.0,
                        value: u16::try_from(self.unit_points(h)).unwrap_or(u16::MAX),
                    })
                });
                Some(ForceUnit {
                    entry: e.entry_id().to_string(),
                    card,
                    artifacts: e
                        .artifacts
                        .iter()
                        .filter_map(|a| self.pack.artifacts.iter().position(|x| &x.id == a))
                        .collect(),
                    bonded_to: self.bond(i).map(|j| at[j]),
                    mounted_on: self.mount(i).map(|j| at[j]),
                    mercenary: c.has(UnitKeyword::Mercenary),
                    value: u16::try_from(self.unit_points(i)).unwrap_or(u16::MAX),
                    captain,
                })
            })
            .collect();
        let (mercenary_points, main_points) = self.mercenary_and_main_points();
        Force {
            name: list.name.clone(),
            force: list.force.clone(),
            game_size: list.game_size,
            units,
            general: list
                .units
                .iter()
                .position(|e| e.general)
                .map_or(0, |g| at[g]),
            vaala: list
                .vaala
                .iter()
                .filter_map(|v| self.pack.vaala.iter().position(|c| &c.id == v))
                .collect(),
            points: mercenary_points + main_points,
            mercenary_points,
            monsters: list.monsters.clone(),
            upgrade_tokens: list.upgrade_tokens,
        }
    }
}

// ---------------------------------------------------------------------------
// The list format's own rules (content/bov/README.md, "Force lists").
// ---------------------------------------------------------------------------

/// An entry's own id is written like a card id.
fn entry_ids(r: &Reading<'_>) -> Found {
    r.list
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let own = e.id.as_deref()?;
            (!is_entry_id(own)).then(|| {
                (
                    r.unit(i),
                    format!(
                        "entry id {own:?} (of card '{}'): write an id with a-z, 0-9 and _, at least one character",
                        e.card
                    ),
                )
            })
        })
        .collect()
}

/// Each entry has an id of its own, so bonds and mounts name one entry.
fn one_entry_per_id(r: &Reading<'_>) -> Found {
    r.list
        .units
        .iter()
        .enumerate()
        .filter(|&(i, e)| r.find(e.entry_id()) != Some(i))
        .map(|(i, e)| {
            let id = e.entry_id();
            (
                r.unit(i),
                format!("another entry is called '{id}': give each copy of a card a name of its own (its `id`)"),
            )
        })
        .collect()
}

/// Every unit, Artifact and Vaala card is one of the pack's.
fn cards_of_the_pack(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    for (i, e) in r.list.units.iter().enumerate() {
        if r.card(i).is_none() {
            found.push((
                r.unit(i),
                format!(
                    "no unit card '{}' in the pack (`valerna bov cards` lists them)",
                    e.card
                ),
            ));
        }
        for (k, a) in e.artifacts.iter().enumerate() {
            if !r.pack.artifacts.iter().any(|c| &c.id == a) {
                found.push((
                    r.artifact_entry(i, k),
                    format!("no Artifact card '{a}' in the pack"),
                ));
            }
        }
    }
    for (k, v) in r.list.vaala.iter().enumerate() {
        if !r.pack.vaala.iter().any(|c| &c.id == v) {
            found.push((
                Entry::Vaala {
                    index: k,
                    card: v.clone(),
                },
                format!("no Vaala card '{v}' in the pack"),
            ));
        }
    }
    found
}

/// `bonded_to` and `mounted_on` name entries of the list.
fn references_name_entries(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    for (i, e) in r.list.units.iter().enumerate() {
        for (field, target) in [
            ("bonded_to", &e.bonded_to),
            ("mounted_on", &e.mounted_on),
            ("captain", &e.captain),
        ] {
            if let Some(t) = target
                && r.find(t).is_none()
            {
                found.push((
                    r.unit(i),
                    format!("{field} '{t}' names no entry of the list"),
                ));
            }
        }
    }
    found
}

// ---------------------------------------------------------------------------
// The book's rules.
// ---------------------------------------------------------------------------

/// "Game Size": "the maximum amount of points that each player's force can
/// add up to": at least a point, and at most [`MAX_GAME_SIZE`].
fn game_size(r: &Reading<'_>) -> Found {
    if r.list.game_size == 0 || r.list.game_size > MAX_GAME_SIZE {
        vec![(
            Entry::List,
            format!(
                "the game size must be from 1 to {MAX_GAME_SIZE} points, not {} (100 is the \
                 standard game, 50 the small one)",
                r.list.game_size
            ),
        )]
    } else {
        Vec::new()
    }
}

/// "Select Units": "Pick one of the forces".
fn pick_a_force(r: &Reading<'_>) -> Found {
    if r.pack.forces.iter().any(|f| f == &r.list.force) {
        Vec::new()
    } else {
        vec![(
            Entry::List,
            format!(
                "'{}' is not a force of the pack ({})",
                r.list.force,
                r.pack.forces.join(", ")
            ),
        )]
    }
}

/// "Select Units": the units of the force picked; Neutral units only as
/// Mercenaries ("Neutral Units" > "Mercenaries"), never Monsters, who "are
/// not added to your force" ("Monsters").
fn units_of_the_force(r: &Reading<'_>) -> Found {
    r.known()
        .filter_map(|(i, _, card)| {
            let mercenary = card.has(UnitKeyword::Mercenary);
            if card.has(UnitKeyword::Monster) {
                Some((
                    r.unit(i),
                    format!(
                        "{} is a Monster: Monsters fight on their own and join no force; pick it among the list's Monsters (`monsters` in the file)",
                        card.name
                    ),
                ))
            } else if card.force != r.list.force && !(card.force == NEUTRAL && mercenary) {
                Some((
                    r.unit(i),
                    format!(
                        "{} belongs to {}, not {}",
                        card.name, card.force, r.list.force
                    ),
                ))
            } else {
                None
            }
        })
        .collect()
}

/// "Select Units": "you cannot spend more!" than the game size, counting
/// the Vaala and Artifact cards at 1 point each ("Select Vaala and
/// Artifacts").
fn spend_no_more_than_the_game_size(r: &Reading<'_>) -> Found {
    let (mercenary, main) = r.mercenary_and_main_points();
    let points = mercenary + main;
    let size = r.list.game_size;
    if size == 0 || points <= size {
        return Vec::new();
    }
    let artifacts: u32 = r
        .known()
        .map(|(_, e, _)| CARD_POINTS * e.artifacts.len() as u32)
        .sum();
    let vaala = r.vaala_points();
    let tokens = r.token_points();
    let bought = if tokens > 0 {
        format!(", Upgrade tokens {tokens}")
    } else {
        String::new()
    };
    vec![(
        Entry::List,
        format!(
            "spends {points} points (units {}, Artifacts {artifacts}, Vaala {vaala}{bought}); the game size is {size}: a list may spend less, never more",
            points - artifacts - vaala - tokens
        ),
    )]
}

/// "The General" (and "Writing up Force Lists" > "The General"): one and
/// only one, a Hero, not a Mercenary ("Mercenaries"); a Hero bonded with a
/// dragon if the force has one, else a Dragonrider if it has one, else any
/// Hero.
fn the_general(r: &Reading<'_>) -> Found {
    let n = r.list.units.len();
    if !(0..n).any(|i| r.hero(i)) {
        return vec![(
            Entry::List,
            "the force has no Hero of its own to be its General (a Mercenary cannot lead)".into(),
        )];
    }
    let marked: Vec<usize> = (0..n).filter(|&i| r.list.units[i].general).collect();
    let g = match marked[..] {
        [] => {
            return vec![(
                Entry::List,
                "no Hero is the General: make exactly one Hero the army's General (`general: true` in the file)".into(),
            )];
        }
        [g] => g,
        [first, ref rest @ ..] => {
            let first = r.list.units[first].entry_id();
            return rest
                .iter()
                .map(|&i| {
                    (
                        r.unit(i),
                        format!(
                            "a force has one and only one General, and '{first}' is marked already"
                        ),
                    )
                })
                .collect();
        }
    };
    // A card the pack lacks is reported as such.
    let Some(card) = r.card(g) else {
        return Vec::new();
    };
    let name = &card.name;
    let why = if r.mercenary(g) {
        format!("{name} is a Mercenary: the General cannot be a Mercenary Hero")
    } else if !r.hero(g) {
        format!("{name} is not a Hero: the General must be one")
    } else if (0..n).any(|i| r.bonded_rider(i)) && !r.bonded_rider(g) {
        format!(
            "the force has a Hero bonded with a dragon ({}): one of them must be the General",
            r.names(|i| r.bonded_rider(i))
        )
    } else if (0..n).any(|i| r.rider(i)) && !r.rider(g) {
        format!(
            "the force has a Dragonrider Hero ({}): the General must be a Dragonrider",
            r.names(|i| r.rider(i))
        )
    } else {
        return Vec::new();
    };
    vec![(r.unit(g), why)]
}

/// "Writing up Force Lists" > "Dragonriders": a Dragonrider may start the
/// game mounted on a unit with the Mount keyword ("Dragonriders", p. 19),
/// one rider on each Mount.
fn dragonriders(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    if r.list.edition == Some(crate::rules::edition::Edition::Starter) {
        found.extend(
            r.list
                .riders_not_general()
                .into_iter()
                .map(|(i, why)| (r.unit(i), why)),
        );
    }
    let mut ridden: HashMap<usize, &str> = HashMap::new();
    for (i, e, card) in r.known() {
        let Some(m) = e.mounted_on.as_deref() else {
            continue;
        };
        if !card.has(UnitKeyword::Dragonrider) {
            found.push((
                r.unit(i),
                format!(
                    "{} is not a Dragonrider: only Dragonriders ride a Mount",
                    card.name
                ),
            ));
        }
        match r.find(m) {
            None => {}
            Some(j) if j == i => found.push((r.unit(i), "a unit cannot ride itself".into())),
            Some(j) => {
                if let Some(d) = r.card(j)
                    && !d.has(UnitKeyword::Mount)
                {
                    found.push((
                        r.unit(i),
                        format!("mounted_on '{m}': {} has no Mount keyword", d.name),
                    ));
                }
                if let Some(other) = ridden.insert(j, e.entry_id()) {
                    found.push((
                        r.unit(i),
                        format!("'{m}' already carries '{other}': one rider on each Mount"),
                    ));
                }
            }
        }
    }
    found
}

/// "Select Vaala and Artifacts": "Each Artifact card must instead be
/// allocated to a Hero (and each Hero can carry a single artifact)".
fn artifacts(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    // BoV starter, "Writing army lists": units, then "Vaala cards or
    // Upgrade tokens"; the starter book has no Artifacts.
    if r.starter() {
        for (i, e) in r.list.units.iter().enumerate() {
            for (k, a) in e.artifacts.iter().enumerate() {
                found.push((
                    r.artifact_entry(i, k),
                    format!(
                        "Artifact '{a}': the starter edition has no Artifacts (its lists buy units, Vaala cards and Upgrade tokens)"
                    ),
                ));
            }
        }
        return found;
    }
    for (i, e, card) in r.known() {
        if e.artifacts.len() > 1 {
            found.push((
                r.unit(i),
                format!(
                    "carries {} Artifacts; a Hero carries only one",
                    e.artifacts.len()
                ),
            ));
        }
        if !e.artifacts.is_empty() && !card.has(UnitKeyword::Hero) {
            found.push((
                r.unit(i),
                format!("{} is not a Hero: only Heroes carry Artifacts", card.name),
            ));
        }
    }
    found
}

/// "Writing up Force Lists" > "Dragonbond": "a Hero with the Dragonrider
/// keyword and a dragon" ("The Dragonbond", p. 20), one Hero to a dragon.
fn dragonbond(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    let mut bonded: HashMap<usize, &str> = HashMap::new();
    for (i, e, card) in r.known() {
        let Some(b) = e.bonded_to.as_deref() else {
            continue;
        };
        if !card.has(UnitKeyword::Dragonrider) {
            found.push((
                r.unit(i),
                format!(
                    "{} is not a Hero with the Dragonrider keyword: only they bond with a dragon",
                    card.name
                ),
            ));
        }
        let Some(j) = r.find(b) else {
            continue;
        };
        if let Some(d) = r.card(j)
            && !d.is_dragon()
        {
            found.push((
                r.unit(i),
                format!("bonded_to '{b}': {} is not a dragon", d.name),
            ));
        }
        if let Some(other) = bonded.insert(j, e.entry_id()) {
            found.push((
                r.unit(i),
                format!("'{b}' is already bonded to '{other}': a dragon bonds with one Hero"),
            ));
        }
    }
    found
}

/// "Writing up Force Lists" > "Unique": one copy of a Unique card, and no
/// duplicate Artifact or Vaala cards.
fn unique(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    let mut units: HashMap<&str, &str> = HashMap::new();
    let mut artifacts: HashMap<&str, &str> = HashMap::new();
    // BoV starter, "Duplicates": "your army may not contain two copies of
    // the same hero ... nor two versions of the same Epic Creature",
    // Unique or not.
    let starter = r.starter();
    for (i, e, card) in r.known() {
        let one_only = card.unique || (starter && (card.has(UnitKeyword::Hero) || card.is_epic()));
        if one_only && let Some(first) = units.insert(card.id.as_str(), e.entry_id()) {
            units.insert(card.id.as_str(), first);
            found.push((
                r.unit(i),
                if card.unique {
                    format!(
                        "{} is Unique: a force may include only one, and '{first}' is it",
                        card.name
                    )
                } else {
                    format!(
                        "{} is in the army already as '{first}': a starter army has no two copies of the same Hero or Epic Creature",
                        card.name
                    )
                },
            ));
        }
    }
    for (i, e) in r.list.units.iter().enumerate() {
        for (k, a) in e.artifacts.iter().enumerate() {
            if !r.pack.artifacts.iter().any(|c| &c.id == a) {
                continue;
            }
            if let Some(first) = artifacts.insert(a.as_str(), e.entry_id()) {
                artifacts.insert(a.as_str(), first);
                found.push((
                    r.artifact_entry(i, k),
                    format!(
                        "Artifact '{a}' is already carried by '{first}': no duplicate Artifacts"
                    ),
                ));
            }
        }
    }
    let mut vaala = HashSet::new();
    for (k, v) in r.list.vaala.iter().enumerate() {
        if r.pack.vaala.iter().any(|c| &c.id == v) && !vaala.insert(v.as_str()) {
            found.push((
                Entry::Vaala {
                    index: k,
                    card: v.clone(),
                },
                format!("Vaala '{v}' is listed twice: no duplicate Vaala cards"),
            ));
        }
    }
    found
}

/// "Neutral Units" > "Mercenaries": "the amount of points you spend on your
/// mercenaries cannot be higher than the amount of points you spend on your
/// main force".
fn mercenaries(r: &Reading<'_>) -> Found {
    // BoV starter, "Select units": "Pick one of the armies you have a
    // collection of models for": no Mercenaries beside it.
    if r.starter() {
        return r
            .known()
            .filter(|&(i, _, _)| r.mercenary(i))
            .map(|(i, _, card)| {
                (
                    r.unit(i),
                    format!("{} is a Mercenary: the starter edition has none", card.name),
                )
            })
            .collect();
    }
    let (mercenary, main) = r.mercenary_and_main_points();
    if mercenary > main {
        vec![(
            Entry::List,
            format!(
                "spends {mercenary} points on Mercenaries and {main} on its own force: Mercenaries may not cost more"
            ),
        )]
    } else {
        Vec::new()
    }
}

/// "Neutral Units" > "Monsters": "agree on which Monsters you are going to
/// use": a list may name them, Monster cards only.
fn monsters(r: &Reading<'_>) -> Found {
    r.list
        .monsters
        .iter()
        .enumerate()
        .filter(|(_, id)| {
            r.starter() || !matches!(r.pack.unit(id), Some((_, c)) if c.monster.is_some())
        })
        .map(|(k, id)| {
            let known: Vec<&str> = r
                .pack
                .units
                .iter()
                .filter(|c| c.monster.is_some())
                .map(|c| c.id.as_str())
                .collect();
            (
                Entry::Monster {
                    index: k,
                    card: id.clone(),
                },
                if r.starter() {
                    format!("Monster '{id}': the starter edition has no Monsters")
                } else {
                    format!(
                        "'{id}' is not a Monster card (Monsters: {})",
                        known.join(", ")
                    )
                },
            )
        })
        .collect()
}

impl Force {
    /// The force's units as they start the game, in list order, owned by
    /// `owner`: every model present, no counter or marker. A unit whose card
    /// is missing from `pack` (a different pack than the one validated
    /// against) is left out.
    pub fn unit_states(
        &self,
        pack: &Pack,
        owner: valerna_game::Seat,
    ) -> Vec<crate::rules::state::UnitState> {
        self.units
            .iter()
            .filter_map(|u| {
                pack.card(u.card)
                    .map(|c| crate::rules::state::UnitState::new(u.card, c, owner))
            })
            .collect()
    }
}
