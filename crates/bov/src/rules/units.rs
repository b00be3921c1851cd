//! Unit cards (BoV 5.1, "Components" > "Unit Cards", Fig. 1) and Epic
//! Creature cards with their Injured side ("Epic Creature Cards").

use serde::{Deserialize, Serialize};
use valerna_dice::bov::Colour;

pub use super::weapons::{Dice, WeaponKind};

use super::keywords::{AttackKeyword, Keyword, KeywordSet, UnitKeyword};
use super::neutral::MonsterCard;
use super::powers::Power;

/// A card's index in the loaded pack: what the hot game state holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCardId))]
pub struct CardId(pub u16);

/// A melee attack as printed (H on Fig. 1): dice per model and its keywords.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMelee))]
#[serde(deny_unknown_fields)]
pub struct Melee {
    pub dice: Dice,
    #[serde(default)]
    pub keywords: Vec<AttackKeyword>,
}

/// A ranged attack as printed (I and J on Fig. 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovRanged))]
#[serde(deny_unknown_fields)]
pub struct Ranged {
    pub dice: Dice,
    /// Range in inches.
    pub range: u8,
    #[serde(default)]
    pub keywords: Vec<AttackKeyword>,
}

/// The values one side of a card prints. A regular card has one; an Epic
/// Creature card has a second, Injured one (BoV 5.1, "Epic Creatures").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovProfile))]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub health: u8,
    pub speed: u8,
    pub defense: Colour,
    pub melee: Melee,
    #[serde(default)]
    pub ranged: Option<Ranged>,
    #[serde(default)]
    pub powers: Vec<Power>,
}

impl Profile {
    /// The dice one model rolls with `weapon`, if it has that weapon.
    pub fn weapon_dice(&self, weapon: WeaponKind) -> Option<&Dice> {
        match weapon {
            WeaponKind::Melee => Some(&self.melee.dice),
            WeaponKind::Ranged => self.ranged.as_ref().map(|r| &r.dice),
        }
    }

    pub fn weapon_keywords(&self, weapon: WeaponKind) -> &[AttackKeyword] {
        match weapon {
            WeaponKind::Melee => &self.melee.keywords,
            WeaponKind::Ranged => self.ranged.as_ref().map_or(&[], |r| &r.keywords),
        }
    }
}

/// A unit card. Fields follow Fig. 1: name (A), keywords (B), points (C),
/// models (D), then the [`Profile`] (E to L); `base_mm` is the round base every
/// model stands on (docs/rulings.md, "Editions, inches and bases").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnitCard))]
#[serde(deny_unknown_fields)]
pub struct UnitCard {
    /// Stable identifier that force lists use.
    pub id: String,
    pub name: String,
    /// Authored by the project, not the printed card (docs/rulings.md, "The provisional pack").
    pub provisional: bool,
    /// "Allaria", "Tyveria", "Nahuac", or "Neutral".
    pub force: String,
    #[serde(default)]
    pub unique: bool,
    pub keywords: Vec<Keyword>,
    pub points: u16,
    #[serde(default = "one")]
    pub models: u8,
    pub base_mm: u16,
    pub front: Profile,
    /// The back of an Epic Creature card.
    #[serde(default)]
    pub injured: Option<Profile>,
    /// A Monster's trophy and behaviour deck (BoV 5.1, "Monsters").
    #[serde(default)]
    pub monster: Option<MonsterCard>,
    /// The mounted side of a General card (BoV starter, "General cards":
    /// "their cards have two sides: a regular side and a mounted side"),
    /// in play while the General rides an Epic Creature in the starter
    /// edition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mounted: Option<MountedSide>,
    /// The rule keywords as a mask, derived on load.
    #[serde(skip)]
    pub rule_keywords: KeywordSet,
    /// [`UnitCard::mounted`] as a profile, derived on load.
    #[serde(skip)]
    pub(crate) mounted_profile: Option<Profile>,
}

/// The mounted side of a General card: its profile "not showing their
/// Speed stat" (BoV starter, "Generals mounted on an Epic Creature"), as
/// the pair moves at the Epic Creature's Speed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMountedSide))]
#[serde(deny_unknown_fields)]
pub struct MountedSide {
    pub health: u8,
    pub defense: Colour,
    pub melee: Melee,
    #[serde(default)]
    pub ranged: Option<Ranged>,
    #[serde(default)]
    pub powers: Vec<Power>,
}

impl MountedSide {
    /// The side as a profile, its Speed 0: a rider never moves on its own.
    pub fn profile(&self) -> Profile {
        Profile {
            health: self.health,
            speed: 0,
            defense: self.defense,
            melee: self.melee.clone(),
            ranged: self.ranged.clone(),
            powers: self.powers.clone(),
        }
    }
}

fn one() -> u8 {
    1
}

impl UnitCard {
    pub fn has(&self, k: UnitKeyword) -> bool {
        self.rule_keywords.has(k)
    }

    /// Whether the card carries the type or faction keyword `tag`
    /// (case-insensitive), e.g. "Dragon".
    pub fn has_tag(&self, tag: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| matches!(k, Keyword::Tag(t) if t.eq_ignore_ascii_case(tag)))
    }

    /// Whether a `Command X` Hero with this X commands this unit: X is one of
    /// its keywords (BoV 5.1, "Command X").
    pub fn answers_to(&self, x: &str) -> bool {
        self.keywords.iter().any(|k| match k {
            Keyword::Tag(t) => t.eq_ignore_ascii_case(x),
            Keyword::Rule(r) => r.name().eq_ignore_ascii_case(x),
            _ => false,
        })
    }

    /// X of this card's `Command X`, if it has it.
    pub fn command(&self) -> Option<&str> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Command(x) => Some(x.as_str()),
            _ => None,
        })
    }

    /// X of this card's "Captain, X": the keyword of the troopers this Hero
    /// may lead as their Captain (BoV starter, "Heroes as Captains").
    pub fn captain_of(&self) -> Option<&str> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Captain(x) => Some(x.as_str()),
            _ => None,
        })
    }

    /// The dice a defeated Giant inflicts as wounds.
    pub fn giant_dice(&self) -> Option<&Dice> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Giant(d) => Some(d),
            _ => None,
        })
    }

    /// The side in play: the Injured side once an Epic Creature is Injured.
    pub fn profile(&self, injured: bool) -> &Profile {
        match (&self.injured, injured) {
            (Some(back), true) => back,
            _ => &self.front,
        }
    }

    pub fn is_epic(&self) -> bool {
        self.has(UnitKeyword::Epic)
    }

    /// A dragon, for the Dragonbond (BoV 5.1, "The Dragonbond"): the
    /// "Dragon" type keyword.
    pub fn is_dragon(&self) -> bool {
        self.has_tag("Dragon")
    }

    /// Derives [`UnitCard::rule_keywords`] from the printed keywords, and
    /// the mounted side's profile.
    pub fn index_keywords(&mut self) {
        self.rule_keywords = self.keywords.iter().filter_map(Keyword::rule).collect();
        self.mounted_profile = self.mounted.as_ref().map(MountedSide::profile);
    }

    /// The mounted side's profile, if the card has one.
    pub fn mounted_profile(&self) -> Option<&Profile> {
        self.mounted_profile.as_ref()
    }
}
