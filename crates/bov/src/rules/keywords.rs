//! Unit and attack keywords (BoV 5.1, "Keywords").
//!
//! On a card a keyword is written as the book prints it: `"Hero"`,
//! `"Command Infantry"`, `"Field Craft"`. Keywords with a rule are parsed into
//! [`UnitKeyword`]; any other word is a type or faction keyword (`"Dragon"`,
//! `"Allaria"`), kept as a tag that the pack must declare, so a misspelt rule
//! keyword is an error rather than a silent tag.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::weapons::Dice;

/// The unit keywords that carry a rule (BoV 5.1, "Unit Keywords"), plus the
/// two Neutral categories (BoV 5.1, "Neutral Units").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum UnitKeyword {
    Command,
    Dragonrider,
    Epic,
    FieldCraft,
    Flying,
    Giant,
    Hero,
    Huge,
    Mount,
    Shirkers,
    Tiny,
    Unfeeling,
    Mercenary,
    Monster,
}

impl UnitKeyword {
    pub const ALL: [UnitKeyword; 14] = [
        UnitKeyword::Command,
        UnitKeyword::Dragonrider,
        UnitKeyword::Epic,
        UnitKeyword::FieldCraft,
        UnitKeyword::Flying,
        UnitKeyword::Giant,
        UnitKeyword::Hero,
        UnitKeyword::Huge,
        UnitKeyword::Mount,
        UnitKeyword::Shirkers,
        UnitKeyword::Tiny,
        UnitKeyword::Unfeeling,
        UnitKeyword::Mercenary,
        UnitKeyword::Monster,
    ];

    /// The name as the book prints it.
    pub fn name(self) -> &'static str {
        match self {
            UnitKeyword::Command => "Command",
            UnitKeyword::Dragonrider => "Dragonrider",
            UnitKeyword::Epic => "Epic",
            UnitKeyword::FieldCraft => "Field Craft",
            UnitKeyword::Flying => "Flying",
            UnitKeyword::Giant => "Giant",
            UnitKeyword::Hero => "Hero",
            UnitKeyword::Huge => "Huge",
            UnitKeyword::Mount => "Mount",
            UnitKeyword::Shirkers => "Shirkers",
            UnitKeyword::Tiny => "Tiny",
            UnitKeyword::Unfeeling => "Unfeeling",
            UnitKeyword::Mercenary => "Mercenary",
            UnitKeyword::Monster => "Monster",
        }
    }

    fn parse(word: &str) -> Option<UnitKeyword> {
        let squashed: String = word
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        UnitKeyword::ALL
            .into_iter()
            .find(|k| k.name().replace(' ', "").to_ascii_lowercase() == squashed)
    }
}

/// A set of [`UnitKeyword`]s: one bit each, so rule checks are a mask test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeywordSet(u16);

impl KeywordSet {
    pub fn has(self, k: UnitKeyword) -> bool {
        self.0 & (1 << k as u8) != 0
    }

    pub fn insert(&mut self, k: UnitKeyword) {
        self.0 |= 1 << k as u8;
    }

    pub fn with(mut self, k: UnitKeyword) -> Self {
        self.insert(k);
        self
    }
}

impl FromIterator<UnitKeyword> for KeywordSet {
    fn from_iter<I: IntoIterator<Item = UnitKeyword>>(iter: I) -> Self {
        let mut set = KeywordSet::default();
        for k in iter {
            set.insert(k);
        }
        set
    }
}

/// One keyword as printed under a unit's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keyword {
    /// A keyword with a rule and no parameter.
    Rule(UnitKeyword),
    /// "Command X": X is the keyword of the units this Hero commands.
    Command(String),
    /// "Giant": the dice of the wounds it inflicts when defeated. The 5.1
    /// text lost its dice symbols, so each card states them
    /// (docs/rulings.md, "Giant's dice are on the card").
    Giant(Dice),
    /// "Captain, X" (BoV starter, "Heroes as Captains"): this Hero may
    /// lead, as their Captain, a unit of troopers bearing the keyword X.
    Captain(String),
    /// A type or faction keyword with no rule of its own ("Dragon", "Allaria").
    Tag(String),
}

impl Keyword {
    pub fn parse(text: &str) -> Result<Keyword, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("empty keyword".into());
        }
        let (head, rest) = match text.split_once(char::is_whitespace) {
            Some((h, r)) => (h, r.trim()),
            None => (text, ""),
        };
        if head.eq_ignore_ascii_case("command") {
            if rest.is_empty() {
                return Err(
                    "\"Command\" needs the keyword it commands (\"Command Infantry\")".into(),
                );
            }
            return Ok(Keyword::Command(rest.to_string()));
        }
        if let Some(x) = captain_of(text) {
            if x.is_empty() {
                return Err(
                    "\"Captain,\" needs the keyword of the troopers it leads (\"Captain, Shev\")"
                        .into(),
                );
            }
            return Ok(Keyword::Captain(x.to_string()));
        }
        if head.eq_ignore_ascii_case("giant") {
            if rest.is_empty() {
                return Err("\"Giant\" needs its wound dice (\"Giant 2xblack\")".into());
            }
            return rest.parse::<Dice>().map(Keyword::Giant);
        }
        match UnitKeyword::parse(text) {
            Some(k) => Ok(Keyword::Rule(k)),
            None => Ok(Keyword::Tag(text.to_string())),
        }
    }

    /// The rule keyword this is, if any (`Command X` is [`UnitKeyword::Command`]).
    pub fn rule(&self) -> Option<UnitKeyword> {
        match self {
            Keyword::Rule(k) => Some(*k),
            Keyword::Command(_) => Some(UnitKeyword::Command),
            Keyword::Giant(_) => Some(UnitKeyword::Giant),
            Keyword::Captain(_) | Keyword::Tag(_) => None,
        }
    }
}

/// X of a keyword written "Captain, X" (the comma as the starter book
/// prints it), trimmed; `None` for any other keyword.
fn captain_of(text: &str) -> Option<&str> {
    let (head, x) = text.split_once(',')?;
    head.trim()
        .eq_ignore_ascii_case("captain")
        .then(|| x.trim())
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keyword::Rule(k) => f.write_str(k.name()),
            Keyword::Command(x) => write!(f, "Command {x}"),
            Keyword::Giant(d) => write!(f, "Giant {d}"),
            Keyword::Captain(x) => write!(f, "Captain, {x}"),
            Keyword::Tag(t) => f.write_str(t),
        }
    }
}

impl Serialize for Keyword {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "schema")]
impl utoipa::PartialSchema for Keyword {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("A unit keyword as the book prints it: a rule keyword (`Hero`, `Field Craft`, `Command Infantry`, `Giant 2xblack`, the starter's `Captain, Shev`) or a type or faction tag the pack declares (`Dragon`, `Allaria`)."))
            .into()
    }
}

#[cfg(feature = "schema")]
impl utoipa::ToSchema for Keyword {
    fn name() -> std::borrow::Cow<'static, str> {
        "BovKeyword".into()
    }
}

impl<'de> Deserialize<'de> for Keyword {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Keyword::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// The attack keywords (BoV 5.1, "Attack Keywords"): printed on one attack
/// and applying to it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAttackKeyword))]
pub enum AttackKeyword {
    /// Hits cannot be passed to a commanded unit or a mount.
    Assassinate,
    /// A wounding attack gives an Immobilized marker.
    Immobilizing,
    /// This ranged attack can cast Vaala cards.
    Vaala,
    /// A wounding attack gives a Poison marker.
    Poisoned,
    /// A wounding attack gives a Slowed marker.
    Slowing,
}
