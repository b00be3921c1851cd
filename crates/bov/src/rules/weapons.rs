//! What a card prints of its attacks, below everything that reads a card:
//! a pool of attack dice (BoV 5.1, "Components" > "Unit Cards", Fig. 1, H
//! and I) and which of the two attacks is used.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use valerna_dice::bov::{Colour, DiceGroup};

/// A pool of attack dice as printed: `"2xblack"`, `"2xgray+1xblack"`, or
/// `"none"`. Written as text so a card reads like the printed one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dice(pub Vec<DiceGroup>);

impl Dice {
    pub fn groups(&self) -> &[DiceGroup] {
        &self.0
    }

    /// Every die of the pool.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|g| g.count).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }
}

impl FromStr for Dice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() || s.eq_ignore_ascii_case("none") {
            return Ok(Dice(Vec::new()));
        }
        let mut groups = Vec::new();
        for part in s.split('+') {
            let part = part.trim();
            let (n, colour) = part
                .split_once(['x', ' '])
                .ok_or_else(|| format!("dice '{part}' is not COUNTxCOLOUR (e.g. 2xblack)"))?;
            let count: u32 = n
                .trim()
                .parse()
                .map_err(|_| format!("dice '{part}': '{n}' is not a count"))?;
            if count == 0 || count > 99 {
                return Err(format!("dice '{part}': count must be 1 to 99"));
            }
            let colour: Colour = colour
                .trim()
                .parse()
                .map_err(|e| format!("dice '{part}': {e}"))?;
            groups.push(DiceGroup { count, colour });
        }
        Ok(Dice(groups))
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, g) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{g}")?;
        }
        Ok(())
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "schema")]
impl utoipa::PartialSchema for Dice {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("A dice pool as a card prints it: `COUNTxCOLOUR` groups joined by `+` (`2xblack+1xgray`), colours `black`, `gray`, `white`; `none` for no dice."))
            .into()
    }
}

#[cfg(feature = "schema")]
impl utoipa::ToSchema for Dice {
    fn name() -> std::borrow::Cow<'static, str> {
        "BovDice".into()
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Which of a unit's attacks is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWeaponKind))]
pub enum WeaponKind {
    Melee,
    Ranged,
}
