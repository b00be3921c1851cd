//! The narrated game: every public happening as a structured event, and the
//! meaning of every option of the pending question. Events carry ids (seats,
//! regions, content indices) and numbers, never text: the terminal and the
//! web table word them in the player's language from the same stream.
//!
//! A unit of play reruns from its checkpoint with the answers so far (see
//! `engine.rs`), so its events are rebuilt on every run: the game keeps the
//! events of finished units, and those of the unit in progress up to its
//! question. The stream of any prefix of a game is therefore the same
//! however the game was reached, live or replayed.

use serde::{Deserialize, Serialize};

use crate::decision::{Decision, Target};
use crate::effect::{Glyph, UnitType};
pub use crate::question::{Ask, Card};
use crate::state::{CardKind, EndReason, NONE, Phase};

/// Which seats may see an event: everyone, or one seat only.
pub type Audience = u8;
/// Everyone sees it.
pub const PUBLIC: Audience = NONE;

/// One event with its audience.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovEntry))]
pub struct Entry {
    /// `PUBLIC` (255), or the one seat that may see it.
    pub to: Audience,
    pub event: Event,
}

/// How many dice of a Lords of Vaala roll showed each face (LoV, "Combat
/// dice"; docs/rulings.md, "The Lords of Vaala combat die"): miss, hit, double hit, critical, double critical.
pub type Faces = [u8; 5];

/// Where a face is counted in [`Faces`].
pub fn face_slot(f: valerna_dice::lov::Face) -> usize {
    use valerna_dice::lov::Face;
    match f {
        Face::Miss => 0,
        Face::Hit => 1,
        Face::DoubleHit => 2,
        Face::Critical => 3,
        Face::DoubleCritical => 4,
    }
}

/// One public (or one seat's private) happening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovEvent))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A round began (LoV p.8).
    RoundStarted { round: u8 },
    /// A phase began.
    PhaseStarted { phase: Phase },
    /// A card went on the Action stack face down (LoV p.8); who played it
    /// and the back it shows are public (docs/rulings.md, "The Action
    /// stack's backs"). `position` is its place on the stack (0 = first).
    CardPlayed {
        seat: u8,
        position: u8,
        back: CardKind,
    },
    /// The player's own card, to that seat only.
    OwnCardPlayed { seat: u8, position: u8, card: Card },
    /// An Event card went on the stack face down (LoV p.8).
    EventPlaced { position: u8 },
    /// A player passed (LoV p.8), taking the initiative token when
    /// `initiative`.
    Passed { seat: u8, initiative: bool },
    /// The initiative token went to another player (LoV p.8).
    InitiativeGiven { from: u8, to: u8 },
    /// A card of the stack was revealed; `owner` is 255 (`NONE`) for an Event.
    Revealed { position: u8, card: Card, owner: u8 },
    /// A Vaala "cancel" cancelled this card (LoV Glossary "Cancel").
    Cancelled { position: u8 },
    /// A glyph of the card being resolved was activated or skipped (LoV p.8).
    Glyph {
        seat: u8,
        glyph: Glyph,
        activated: bool,
    },
    /// A General's Units moved (with the General itself when `general`).
    ForceMoved {
        seat: u8,
        from: u8,
        to: u8,
        units: [u8; 3],
        general: bool,
    },
    /// A Dragon moved.
    DragonMoved { seat: u8, from: u8, to: u8 },
    /// Units were placed from the supply (`seat` 255 (`NONE`): neutral Units).
    UnitsPlaced {
        seat: u8,
        region: u8,
        units: [u8; 3],
    },
    /// A combat round began (LoV p.12) with both Combat Values.
    Combat {
        attacker: u8,
        defender: Target,
        region: u8,
        attack: u8,
        defense: u8,
    },
    /// A combat ended (LoV p.12-13): `won` when the attacker stands in the
    /// region with no enemy left there; otherwise it retreated, was
    /// destroyed or could fight no more.
    CombatEnded { attacker: u8, region: u8, won: bool },
    /// Dice rolled in a combat (`seat` 255 (`NONE`) for the neutral Units).
    Rolled {
        seat: u8,
        region: u8,
        /// How many dice showed each face: miss, hit, double hit, critical,
        /// double critical.
        #[cfg_attr(feature = "schema", schema(value_type = [u8; 5]))]
        faces: Faces,
    },
    /// A side took hits: a Unit lost.
    UnitLost {
        seat: u8,
        region: u8,
        unit: UnitType,
    },
    /// A neutral Unit was lost.
    NeutralLost { region: u8 },
    /// A General was injured (LoV Glossary "Injured").
    GeneralInjured { seat: u8, region: u8 },
    /// A Dragon took a Wound (LoV Glossary "Wounds").
    Wounded { seat: u8, wounds: u8 },
    /// A Dragon healed `amount` Wounds (LoV Glossary "Healing").
    Healed { seat: u8, amount: u8 },
    /// The defender ignored one hit (LoV p.12): a mountain, a ward, a city.
    HitIgnored {
        seat: u8,
        region: u8,
        shield: Shield,
    },
    /// A force that could not retreat was destroyed (LoV p.13).
    ForceDestroyed { seat: u8, region: u8 },
    /// A Unit went to a Dragon's Essence track (`owner` 255 (`NONE`): neutral).
    Essence { dragon: u8, owner: u8 },
    /// A force or a Dragon retreated (LoV p.13, p.16).
    Retreated { seat: u8, from: u8, to: u8 },
    /// A player was eliminated (LoV Glossary "Elimination").
    Eliminated { seat: u8 },
    /// Power went from a region to a player.
    PowerCollected { seat: u8, region: u8, amount: u8 },
    /// Power came from the supply (or a card) to a player.
    PowerGained { seat: u8, amount: u8 },
    /// Power was placed in a region from the supply.
    PowerPlaced { region: u8, amount: u8 },
    /// Power was spent (flipped).
    PowerSpent { seat: u8, amount: u8 },
    /// One Power token was stolen (LoV Glossary "Stealing").
    PowerStolen { thief: u8, victim: u8, spent: bool },
    /// A Denizen was recruited onto a Unit type.
    DenizenRecruited {
        seat: u8,
        denizen: u8,
        unit: UnitType,
    },
    /// A city was built.
    CityBuilt { region: u8 },
    /// A city was destroyed.
    CityDestroyed { region: u8 },
    /// The Dragonbond dice (d10 results, 1-10), General's first (LoV p.10).
    BondRolled {
        general: u8,
        dragon: u8,
        general_die: u8,
        dragon_die: u8,
    },
    /// A player re-rolled their Dragonbond die for 1 Power.
    BondRerolled { seat: u8, die: u8 },
    /// A General and a Dragon bonded (LoV p.10).
    Bonded { general: u8, dragon: u8 },
    /// A Vaala card was played face up.
    VaalaPlayed { seat: u8, card: u8 },
    /// A Vaala card was drawn: public as a count.
    VaalaDrawn { seat: u8 },
    /// Which card, to the drawing seat only.
    OwnVaalaDrawn { seat: u8, card: u8 },
    /// The game ended (LoV p.9).
    Ended {
        reason: EndReason,
        /// A bit mask: bit `s` set for each winning seat `s`.
        winners: u8,
    },
}

impl Event {
    /// The seat the event is about first, for colouring a log line.
    pub fn actor(&self) -> Option<u8> {
        let s = match *self {
            Event::CardPlayed { seat, .. }
            | Event::OwnCardPlayed { seat, .. }
            | Event::Passed { seat, .. }
            | Event::Glyph { seat, .. }
            | Event::ForceMoved { seat, .. }
            | Event::DragonMoved { seat, .. }
            | Event::UnitsPlaced { seat, .. }
            | Event::Rolled { seat, .. }
            | Event::UnitLost { seat, .. }
            | Event::GeneralInjured { seat, .. }
            | Event::Wounded { seat, .. }
            | Event::Healed { seat, .. }
            | Event::HitIgnored { seat, .. }
            | Event::ForceDestroyed { seat, .. }
            | Event::Retreated { seat, .. }
            | Event::Eliminated { seat }
            | Event::PowerCollected { seat, .. }
            | Event::PowerGained { seat, .. }
            | Event::PowerSpent { seat, .. }
            | Event::DenizenRecruited { seat, .. }
            | Event::BondRerolled { seat, .. }
            | Event::VaalaPlayed { seat, .. }
            | Event::VaalaDrawn { seat }
            | Event::OwnVaalaDrawn { seat, .. } => seat,
            Event::InitiativeGiven { from, .. } => from,
            Event::Revealed { owner, .. } => owner,
            Event::Combat { attacker, .. } | Event::CombatEnded { attacker, .. } => attacker,
            Event::Essence { dragon, .. } => dragon,
            Event::PowerStolen { thief, .. } => thief,
            Event::BondRolled { general, .. } | Event::Bonded { general, .. } => general,
            _ => NONE,
        };
        (s != NONE).then_some(s)
    }
}

/// What made a defender ignore a hit (LoV p.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovShield))]
#[serde(rename_all = "snake_case")]
pub enum Shield {
    Mountain,
    Ward,
    City,
}

/// What one option means: the question it answers and the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovMeaning))]
pub struct Meaning {
    /// The question.
    pub ask: Ask,
    /// The answer.
    pub decision: Decision,
    /// Whose choice it is (the decider, or the Faceless player decided
    /// for), or 255 (`NONE`) for an Event's.
    pub owner: u8,
    /// The content entry the option names, when the decision gives only
    /// its place: the Action card of `PlayAction`, the Denizen of
    /// `Denizen`, the Vaala card of `Vaala` (else 255, `NONE`).
    pub subject: u8,
}
