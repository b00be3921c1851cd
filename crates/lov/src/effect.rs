//! The effect language: the composable steps that card, board and map texts
//! are written in (docs/rulings.md, "The provisional pack": content is data, not Rust per card).
//!
//! A program is a list of [`Step`]s run top to bottom by the acting player;
//! a [`Passive`] is a standing rule (a Denizen's special rule, a character's
//! board line or Dragonbond ability) that the engine consults where the book
//! says such a rule applies (Combat Value, after a move, mountains, cities).

use serde::{Deserialize, Serialize};

/// The glyphs of LoV p.11, "Glyphs". The four player-board glyphs have a
/// General name and a Dragon name (Assault/Wrath, Deploy/Soar, Harvest/Hoard);
/// the three board glyphs belong to the region cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovGlyph))]
#[serde(rename_all = "snake_case")]
pub enum Glyph {
    /// Wrath / Assault: initiate combat.
    Attack,
    /// Deploy / Soar: move across the board.
    Move,
    /// Harvest / Hoard: collect Power.
    Collect,
    /// Vaala: draw or play Vaala cards.
    Vaala,
    /// Region glyph: take a Denizen.
    Upgrade,
    /// Region glyph: add Units.
    Reinforce,
    /// Region glyph: place a city.
    Fortify,
}

impl Glyph {
    /// The four glyphs printed on player boards, in board order.
    pub const BOARD: [Glyph; 4] = [Glyph::Attack, Glyph::Move, Glyph::Collect, Glyph::Vaala];

    /// The index of a board glyph (0..4), `None` for a region glyph.
    pub fn board_index(self) -> Option<usize> {
        Glyph::BOARD.iter().position(|&g| g == self)
    }

    /// The rulebook's name for this glyph when a General (`general`) or a
    /// Dragon uses it.
    pub fn name(self, general: bool) -> &'static str {
        match (self, general) {
            (Glyph::Attack, true) => "Assault",
            (Glyph::Attack, false) => "Wrath",
            (Glyph::Move, true) => "Deploy",
            (Glyph::Move, false) => "Soar",
            (Glyph::Collect, true) => "Harvest",
            (Glyph::Collect, false) => "Hoard",
            (Glyph::Vaala, _) => "Vaala",
            (Glyph::Upgrade, _) => "Upgrade",
            (Glyph::Reinforce, _) => "Reinforce",
            (Glyph::Fortify, _) => "Fortify",
        }
    }
}

/// The three Unit types a General fields (LoV p.5; Glossary "Unit").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovUnitType))]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    Infantry,
    Cavalry,
    Ranged,
}

impl UnitType {
    pub const ALL: [UnitType; 3] = [UnitType::Infantry, UnitType::Cavalry, UnitType::Ranged];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            UnitType::Infantry => "Infantry",
            UnitType::Cavalry => "Cavalry",
            UnitType::Ranged => "Ranged",
        }
    }
}

/// Which piece a movement step moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovPiece))]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// The acting Dragon.
    Dragon,
    /// Any number of the acting General's Units (the General among them, if
    /// chosen) from one region to one adjacent region.
    Force,
    /// The General alone, through regions the General controls.
    General,
}

/// Where a collect step takes Power from (LoV Glossary "Collect").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovFrom))]
#[serde(rename_all = "snake_case")]
pub enum From {
    /// The region of the acting Dragon or General.
    Here,
    /// Every region the acting General controls.
    EachControlled,
    /// Every region the acting General controls that holds a city.
    EachControlledWithCity,
}

/// Where a placing step puts tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovAt))]
#[serde(rename_all = "snake_case")]
pub enum At {
    /// The region of the acting piece (for a Region card: that region).
    Here,
    /// The Focus region (LoV Glossary "Focus region").
    Focus,
    /// A land region of the actor's choice.
    Chosen,
    /// A region the acting General controls, of its choice.
    Controlled,
    /// Every uncontrolled region (no Units at all).
    EachUncontrolled,
    /// Every region a General controls.
    EachControlled,
    /// Every region with a city.
    EachWithCity,
    /// Every region with a Dragon.
    EachWithDragon,
    /// Every land region.
    Every,
}

/// Whom a step affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovWho))]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The acting player.
    Actor,
    /// Every Dragon player.
    AllDragons,
    /// Every General player.
    AllGenerals,
    /// The player with the fewest Power (ties: the first in turn order).
    LowestPower,
}

/// When an "after it moves" trigger fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovWhen))]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// After every move.
    Always,
    /// After a move that ends in a region adjacent to the bonded ally (or in
    /// its region).
    AdjacentToBond,
    /// After a move that ends in a region with a city.
    IntoCity,
}

/// One step of an effect program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovStep))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// Move `piece` up to `range` regions (a move: triggers "after it moves"
    /// rules and the Dragonbond check). The player may decline.
    Move { piece: Piece, range: u8 },
    /// Move any of the General's Units from regions up to `reach` away into
    /// one target region, then initiate combat there (LoV FAQ: this is a move).
    Assault { reach: u8 },
    /// Initiate combat in the acting piece's region (LoV p.12, "Combat").
    Attack,
    /// Collect up to `amount` Power from each region named by `from`.
    Collect { from: From, amount: u8 },
    /// Place `count` Power tokens from the supply.
    PlacePower { at: At, count: u8 },
    /// Place `count` neutral Units from the supply.
    PlaceNeutral { at: At, count: u8 },
    /// The acting General places `count` Units of its choice.
    PlaceUnits { at: At, count: u8 },
    /// The acting (Faceless) General places one Unit of a type it lacks in
    /// its General's region.
    PlaceLacking,
    /// Place a city where there is none.
    PlaceCity { at: At },
    /// Remove cities (they go back to the supply).
    RemoveCity { at: At },
    /// Draw `count` Vaala cards.
    DrawVaala { count: u8 },
    /// Play any number of Vaala cards, paying their cost.
    PlayVaala,
    /// Heal `amount` wounds (LoV Glossary "Healing").
    Heal { who: Who, amount: u8 },
    /// Deal `count` wounds, not in combat, to a target in the actor's region.
    Wound { count: u8 },
    /// Steal `count` Power from a player in the actor's region.
    Steal { count: u8 },
    /// Cancel the next card of the Action stack (LoV Glossary "Cancel").
    Cancel,
    /// Add `amount` to the actor's Combat Value for the rest of the round.
    CombatBonus { amount: u8 },
    /// The actor chooses one of these programs.
    Choose {
        #[cfg_attr(feature = "schema", schema(no_recursion))]
        options: Vec<Vec<Step>>,
    },
    /// `who` activates one extra board glyph now.
    ExtraGlyph { who: Who, glyph: Glyph },
    /// Check for Dragonbond in every region (LoV p.10).
    DragonbondCheck,
    /// Every Dragon moves one region toward its Focus region.
    MoveDragons,
    /// Faceless: move `piece` up to `range` regions toward the Focus region.
    Toward { piece: Piece, range: u8 },
    /// Faceless Wrath: attack the strongest enemy force in the Dragon's
    /// region, else move one region toward the Focus region and attack there.
    AttackStrongest,
    /// Faceless Assault: move the General's force one region toward the Focus
    /// region and attack there.
    AssaultToward,
    /// Board glyph Upgrade (p.21 reference, "Region Glyphs").
    Upgrade,
    /// Board glyph Reinforce.
    Reinforce,
    /// Board glyph Fortify.
    Fortify,
}

/// A standing rule. On a Denizen it applies to the Units of its type; on a
/// character it applies to that character.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovPassive))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Passive {
    /// Modify the Combat Value of a force (or Dragon) that includes it.
    CombatValue { amount: i8 },
    /// After it moves (LoV FAQ: Griffon Knights, Fai Hunters), run `steps`.
    OnMove { when: When, steps: Vec<Step> },
    /// When it crosses a mountain border to attack, the defender does not
    /// ignore the first hit.
    IgnoreMountain,
    /// A city in the defending region does not negate its hits.
    IgnoreCity,
    /// When defending, ignore the first hit of each combat.
    Ward,
    /// A defender attacked by it may not retreat after the first roll.
    Relentless,
    /// A force that includes it (or the character) may retreat up to
    /// `range` regions away, each region on the way one it could retreat to,
    /// and across sea links when `by_sea` (content brief, Denizens:
    /// "retreat"; LoV p.13 "Retreat" is `range` 1 over borders only).
    Retreat { range: u8, by_sea: bool },
    /// Counts as adjacent to the bonded ally for moving (LoV FAQ, Ferellon).
    BondAdjacent,
}
