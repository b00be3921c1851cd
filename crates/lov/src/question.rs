//! The pending question's kind, and the cards it names: what a seat is
//! asked, below both the decisions that answer it and the log that tells
//! them (LoV p.8-13: the questions of a round).

use serde::{Deserialize, Serialize};

use crate::effect::{Glyph, UnitType};
use crate::state::CardKind;

/// A card on the Action stack or in a hand, by what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovCard))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Card {
    /// An Event card (content index).
    Event { id: u8 },
    /// An Action card (content index).
    Action { id: u8 },
    /// A Region card (region index).
    Region { id: u8 },
    /// A Vaala card (content index).
    Vaala { id: u8 },
    /// A glyph of a player's board, activated outside a card.
    Board { seat: u8, glyph: Glyph },
}

impl Card {
    pub fn of(kind: CardKind, id: u8) -> Card {
        match kind {
            CardKind::Event => Card::Event { id },
            CardKind::Action => Card::Action { id },
            CardKind::Region => Card::Region { id },
        }
    }
}

/// What the pending question asks, so that each option can say what it
/// means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovAsk))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ask {
    /// Not described (never asked by the rules).
    #[default]
    Other,
    /// Planning: play a card face down, or pass (LoV p.8).
    Plan,
    /// Hand the initiative token to another human (LoV p.8).
    Initiative,
    /// Activate or skip this glyph of the card being resolved (LoV p.8).
    Glyph { glyph: Glyph, card: Card },
    /// Choose one program of a card's choice.
    Program { card: Option<Card> },
    /// The region whose force moves (Deploy).
    MoveFrom,
    /// Where the piece or force in `from` moves.
    MoveTo { from: u8 },
    /// How many Units of `unit` move from `from` to `to`.
    MoveCount { unit: UnitType, from: u8, to: u8 },
    /// Whether the General moves along from `from` to `to` (0 or 1).
    MoveGeneral { from: u8, to: u8 },
    /// The region an Assault moves into and attacks.
    AssaultRegion,
    /// Where the force or Dragon in `from` retreats (LoV p.13, p.16).
    RetreatTo { from: u8 },
    /// The target of an attack in `region` (LoV p.12).
    Target { region: u8 },
    /// The next defender of a combat that goes on in `region`.
    NextDefender { region: u8 },
    /// Defender in `region`: counterattack or retreat (LoV p.12).
    Defend { region: u8 },
    /// Attacker in `region`: attack again or retreat (LoV p.12).
    Continue { region: u8 },
    /// Which Unit to lose to a hit in `region`.
    Lose { region: u8 },
    /// Steal an unspent or a spent Power token from `victim`.
    Steal { victim: u8 },
    /// Whom to steal Power from, in `region`.
    StealFrom { region: u8 },
    /// Whether to attempt the Dragonbond in `region` (LoV p.10, Italian and
    /// French books: the players may choose to try).
    AttemptBond { region: u8 },
    /// Play a Vaala card now, or not.
    Vaala,
    /// Keep or re-roll your Dragonbond die (LoV p.10).
    Bond { die: u8, other: u8 },
    /// Take a Denizen from the lineup by the Upgrade of `region`: one of
    /// its homeland is free, one of an adjacent homeland costs 1 Power
    /// (reference card "Region Glyphs").
    Denizen { region: u8 },
    /// Which Unit type to place, in `region`.
    Place { region: u8 },
    /// A region for an effect of `card`.
    Region { card: Option<Card> },
    /// The Focus region among tied ones (LoV Glossary "Focus region").
    Focus,
}
