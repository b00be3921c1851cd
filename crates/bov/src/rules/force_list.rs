//! Force lists (BoV 5.1, "Writing up Force Lists", "The General",
//! "Dragonriders", "Select Vaala and Artifacts", "Dragonbond", "Unique";
//! "Neutral Units" > "Mercenaries").
//!
//! The file format (RON) is [`ForceList`], documented in
//! `content/bov/README.md`. [`validate`] checks a list against a pack and
//! reports every broken rule, each naming the entry and the rule.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::keywords::UnitKeyword;
use super::units::{CardId, UnitCard};
use crate::content::{NEUTRAL, Pack};

/// The points of the standard game; 50 is the small one; any size may be agreed.
pub const STANDARD_GAME_SIZE: u32 = 100;
pub const SMALL_GAME_SIZE: u32 = 50;
/// What a Vaala or an Artifact card costs.
pub const CARD_POINTS: u32 = 1;

/// A force list as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// One unit of a force list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl ListEntry {
    pub fn entry_id(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.card)
    }
}

/// The rule a list breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
}

impl ListRule {
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
        }
    }

    /// Where the book states it.
    pub fn citation(self) -> &'static str {
        match self {
            ListRule::Format => "content/bov/README.md, \"Force lists\"",
            ListRule::GameSize => "BoV 5.1, \"Game Size\"",
            ListRule::UnknownForce | ListRule::Force => "BoV 5.1, \"Select Units\"",
            ListRule::UnknownCard
            | ListRule::DuplicateEntry
            | ListRule::EntryId
            | ListRule::UnknownEntry => "content/bov/README.md, \"Force lists\"",
            ListRule::Points => "BoV 5.1, \"Select Units\"; \"Select Vaala and Artifacts\"",
            ListRule::General => "BoV 5.1, \"The General\"",
            ListRule::Unique => "BoV 5.1, \"Unique\"",
            ListRule::Artifact => "BoV 5.1, \"Artifact Cards\"",
            ListRule::Dragonbond => "BoV 5.1, \"The Dragonbond\"",
            ListRule::Mounted => "BoV 5.1, \"Dragonriders\"",
            ListRule::Mercenaries => "BoV 5.1, \"Neutral Units\" > \"Mercenaries\"",
            ListRule::Monsters => "BoV 5.1, \"Neutral Units\" > \"Monsters\"",
        }
    }
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListError {
    /// The entry's id, or "list" for the list as a whole.
    pub entry: String,
    pub rule: ListRule,
    pub message: String,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "entry '{}': {} ({}): {}",
            self.entry,
            self.rule.id(),
            self.rule.citation(),
            self.message
        )
    }
}

/// A unit of a valid force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
}

/// A valid force, ready to be deployed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
/// error naming the line and column.
pub fn parse(text: &str) -> Result<ForceList, ListError> {
    crate::content::ron_options()
        .from_str(text)
        .map_err(|e| ListError {
            entry: "list".into(),
            rule: ListRule::Format,
            message: format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ),
        })
}

/// Checks every rule of a force list against `pack`; reports them all.
pub fn validate(pack: &Pack, list: &ForceList) -> Result<Force, Vec<ListError>> {
    let mut errors = Vec::new();
    let mut err = |entry: &str, rule: ListRule, message: String| {
        errors.push(ListError {
            entry: entry.to_string(),
            rule,
            message,
        });
    };

    if list.game_size == 0 {
        err(
            "list",
            ListRule::GameSize,
            "the game size must be at least 1 point (50 and 100 are standard)".into(),
        );
    }
    if !pack.forces.iter().any(|f| f == &list.force) {
        err(
            "list",
            ListRule::UnknownForce,
            format!(
                "'{}' is not a force of the pack ({})",
                list.force,
                pack.forces.join(", ")
            ),
        );
    }

    // Resolve entries.
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut cards: Vec<Option<(CardId, &UnitCard)>> = Vec::with_capacity(list.units.len());
    for (i, e) in list.units.iter().enumerate() {
        let id = e.entry_id();
        if let Some(own) = &e.id
            && !is_entry_id(own)
        {
            err(
                own,
                ListRule::EntryId,
                format!(
                    "entry id {own:?} (of card '{}'): write an id with a-z, 0-9 and _, at least one character",
                    e.card
                ),
            );
        }
        if index.insert(id, i).is_some() {
            err(
                id,
                ListRule::DuplicateEntry,
                format!("another entry is called '{id}': give each copy its own id"),
            );
        }
        let card = pack.unit(&e.card);
        if card.is_none() {
            err(
                id,
                ListRule::UnknownCard,
                format!("no unit card '{}' in the pack", e.card),
            );
        }
        cards.push(card);
    }
    let card_of = |i: usize| cards.get(i).copied().flatten().map(|c| c.1);

    let mut points: u32 = 0;
    let mut mercenary_points: u32 = 0;
    let mut main_points: u32 = 0;
    let mut unique_seen: HashSet<&str> = HashSet::new();
    let mut artifacts_seen: HashSet<&str> = HashSet::new();
    let mut units = Vec::with_capacity(list.units.len());
    for (i, e) in list.units.iter().enumerate() {
        let id = e.entry_id();
        let Some((card_id, card)) = cards[i] else {
            continue;
        };
        let mercenary = card.has(UnitKeyword::Mercenary);
        if card.has(UnitKeyword::Monster) {
            err(
                id,
                ListRule::Force,
                format!(
                    "{} is a Monster: Monsters fight on their own and join no force",
                    card.name
                ),
            );
        } else if card.force != list.force && !(card.force == NEUTRAL && mercenary) {
            err(
                id,
                ListRule::Force,
                format!(
                    "{} belongs to {}, not {}",
                    card.name, card.force, list.force
                ),
            );
        }
        if card.unique && !unique_seen.insert(card.id.as_str()) {
            err(
                id,
                ListRule::Unique,
                format!("{} is Unique: a force may include only one", card.name),
            );
        }
        // Artifacts: 1 point each, on a Hero, one per Hero, no duplicates.
        let mut artifacts = Vec::new();
        if e.artifacts.len() > 1 {
            err(
                id,
                ListRule::Artifact,
                format!(
                    "carries {} Artifacts; a Hero carries only one",
                    e.artifacts.len()
                ),
            );
        }
        if !e.artifacts.is_empty() && !card.has(UnitKeyword::Hero) {
            err(
                id,
                ListRule::Artifact,
                format!("{} is not a Hero: only Heroes carry Artifacts", card.name),
            );
        }
        for a in &e.artifacts {
            match pack.artifacts.iter().position(|c| &c.id == a) {
                None => err(
                    id,
                    ListRule::UnknownCard,
                    format!("no Artifact card '{a}' in the pack"),
                ),
                Some(k) => {
                    if !artifacts_seen.insert(a.as_str()) {
                        err(
                            id,
                            ListRule::Unique,
                            format!("Artifact '{a}' is already carried: no duplicate Artifacts"),
                        );
                    }
                    artifacts.push(k);
                }
            }
        }
        let value = u32::from(card.points) + CARD_POINTS * e.artifacts.len() as u32;
        points += value;
        if mercenary {
            mercenary_points += value;
        } else {
            main_points += value;
        }
        // Dragonbond.
        let mut bonded_to = None;
        if let Some(b) = &e.bonded_to {
            if !card.has(UnitKeyword::Dragonrider) {
                err(
                    id,
                    ListRule::Dragonbond,
                    format!("{} is not a Hero with the Dragonrider keyword", card.name),
                );
            }
            match index.get(b.as_str()) {
                None => err(
                    id,
                    ListRule::UnknownEntry,
                    format!("bonded_to '{b}' names no entry of the list"),
                ),
                Some(&j) => {
                    bonded_to = Some(j);
                    if let Some(d) = card_of(j)
                        && !d.is_dragon()
                    {
                        err(
                            id,
                            ListRule::Dragonbond,
                            format!("bonded_to '{b}': {} is not a dragon", d.name),
                        );
                    }
                }
            }
        }
        // Mounted at the start of the game.
        let mut mounted_on = None;
        if let Some(m) = &e.mounted_on {
            if !card.has(UnitKeyword::Dragonrider) {
                err(
                    id,
                    ListRule::Mounted,
                    format!("{} is not a Dragonrider: only Dragonriders ride", card.name),
                );
            }
            match index.get(m.as_str()) {
                None => err(
                    id,
                    ListRule::UnknownEntry,
                    format!("mounted_on '{m}' names no entry of the list"),
                ),
                Some(&j) if j == i => {
                    err(id, ListRule::Mounted, "a unit cannot ride itself".into())
                }
                Some(&j) => {
                    mounted_on = Some(j);
                    if let Some(d) = card_of(j)
                        && !d.has(UnitKeyword::Mount)
                    {
                        err(
                            id,
                            ListRule::Mounted,
                            format!("mounted_on '{m}': {} has no Mount keyword", d.name),
                        );
                    }
                }
            }
        }
        units.push((
            i,
            ForceUnit {
                entry: id.to_string(),
                card: card_id,
                artifacts,
                bonded_to,
                mounted_on,
                mercenary,
                value: u16::try_from(value).unwrap_or(u16::MAX),
            },
        ));
    }

    // One bond per dragon, one rider per mount.
    let mut bonded: HashMap<usize, &str> = HashMap::new();
    let mut ridden: HashMap<usize, &str> = HashMap::new();
    for (_, u) in &units {
        if let Some(d) = u.bonded_to
            && let Some(other) = bonded.insert(d, &u.entry)
        {
            err(
                &u.entry,
                ListRule::Dragonbond,
                format!(
                    "'{}' is already bonded to '{other}'",
                    list.units[d].entry_id()
                ),
            );
        }
        if let Some(m) = u.mounted_on
            && let Some(other) = ridden.insert(m, &u.entry)
        {
            err(
                &u.entry,
                ListRule::Mounted,
                format!("'{}' already carries '{other}'", list.units[m].entry_id()),
            );
        }
    }

    // Vaala: 1 point each, no duplicates.
    let mut vaala = Vec::new();
    let mut vaala_seen = HashSet::new();
    for v in &list.vaala {
        match pack.vaala.iter().position(|c| &c.id == v) {
            None => err(
                "vaala",
                ListRule::UnknownCard,
                format!("no Vaala card '{v}' in the pack"),
            ),
            Some(k) => {
                if !vaala_seen.insert(v.as_str()) {
                    err(
                        "vaala",
                        ListRule::Unique,
                        format!("Vaala '{v}' is listed twice: no duplicate Vaala cards"),
                    );
                }
                vaala.push(k);
            }
        }
    }
    points += CARD_POINTS * list.vaala.len() as u32;
    main_points += CARD_POINTS * list.vaala.len() as u32;

    if list.game_size > 0 && points > list.game_size {
        err(
            "list",
            ListRule::Points,
            format!(
                "spends {points} points; the game size is {}: a list may spend less, never more",
                list.game_size
            ),
        );
    }
    // Vaala cards are bought by the force, so they count toward its own
    // spending (docs/rulings.md, "The General is chosen among the force's
    // own Heroes").
    if mercenary_points > main_points {
        err(
            "list",
            ListRule::Mercenaries,
            format!(
                "spends {mercenary_points} points on Mercenaries and {main_points} on its own force: Mercenaries may not cost more"
            ),
        );
    }

    // BoV 5.1, "Monsters": "agree on which Monsters you are going to use".
    for id in &list.monsters {
        match pack.unit(id) {
            Some((_, c)) if c.monster.is_some() => {}
            _ => {
                let known: Vec<&str> = pack
                    .units
                    .iter()
                    .filter(|c| c.monster.is_some())
                    .map(|c| c.id.as_str())
                    .collect();
                err(
                    "list",
                    ListRule::Monsters,
                    format!(
                        "'{id}' is not a Monster card (Monsters: {})",
                        known.join(", ")
                    ),
                );
            }
        }
    }

    // The General.
    let general = check_general(list, &units, &cards, &mut err);

    if errors.is_empty()
        && let Some(general) = general
    {
        Ok(Force {
            name: list.name.clone(),
            force: list.force.clone(),
            game_size: list.game_size,
            units: units.into_iter().map(|(_, u)| u).collect(),
            general,
            vaala,
            points,
            mercenary_points,
            monsters: list.monsters.clone(),
        })
    } else {
        Err(errors)
    }
}

/// "The General": exactly one, a Hero, not a Mercenary; a bonded Dragonrider
/// if the force has one, else a Dragonrider if it has one, else any Hero.
/// Returns the General's index in the validated units.
fn check_general(
    list: &ForceList,
    units: &[(usize, ForceUnit)],
    cards: &[Option<(CardId, &UnitCard)>],
    err: &mut impl FnMut(&str, ListRule, String),
) -> Option<usize> {
    let card = |i: usize| cards[i].map(|c| c.1);
    let marked: Vec<usize> = (0..units.len())
        .filter(|&k| list.units[units[k].0].general)
        .collect();
    // Candidates exclude Mercenaries, who can never be General.
    let hero = |k: usize| {
        card(units[k].0).is_some_and(|c| c.has(UnitKeyword::Hero)) && !units[k].1.mercenary
    };
    let rider =
        |k: usize| hero(k) && card(units[k].0).is_some_and(|c| c.has(UnitKeyword::Dragonrider));
    let bonded = |k: usize| rider(k) && units[k].1.bonded_to.is_some();
    let heroes: Vec<usize> = (0..units.len()).filter(|&k| hero(k)).collect();
    if heroes.is_empty() {
        err(
            "list",
            ListRule::General,
            "the force has no Hero (other than Mercenaries) to be its General".into(),
        );
        return None;
    }
    let [g] = marked[..] else {
        if marked.is_empty() {
            err(
                "list",
                ListRule::General,
                "no entry is marked `general: true`: mark exactly one Hero".into(),
            );
        } else {
            for &k in &marked[1..] {
                err(
                    &units[k].1.entry,
                    ListRule::General,
                    "a force has one and only one General".into(),
                );
            }
        }
        return None;
    };
    let name = card(units[g].0).map_or("", |c| c.name.as_str());
    let entry = units[g].1.entry.clone();
    if units[g].1.mercenary {
        err(
            &entry,
            ListRule::General,
            format!("{name} is a Mercenary: the General cannot be a Mercenary Hero"),
        );
        return None;
    }
    if !hero(g) {
        err(&entry, ListRule::General, format!("{name} is not a Hero"));
        return None;
    }
    let names = |pred: &dyn Fn(usize) -> bool| -> String {
        (0..units.len())
            .filter(|&k| pred(k))
            .map(|k| units[k].1.entry.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if (0..units.len()).any(bonded) && !bonded(g) {
        err(
            &entry,
            ListRule::General,
            format!(
                "the force has a Hero bonded with a dragon ({}): one of them must be the General",
                names(&bonded)
            ),
        );
        return None;
    }
    if (0..units.len()).any(rider) && !rider(g) {
        err(
            &entry,
            ListRule::General,
            format!(
                "the force has a Dragonrider Hero ({}): the General must be a Dragonrider",
                names(&rider)
            ),
        );
        return None;
    }
    Some(g)
}

impl Force {
    /// The force's units as they start the game, in list order, owned by
    /// `owner`: every model present, no counter or marker. A unit whose card
    /// is missing from `pack` (a different pack than the one validated
    /// against) is left out.
    pub fn unit_states(&self, pack: &Pack, owner: super::Seat) -> Vec<super::state::UnitState> {
        self.units
            .iter()
            .filter_map(|u| {
                pack.card(u.card)
                    .map(|c| super::state::UnitState::new(u.card, c, owner))
            })
            .collect()
    }
}
