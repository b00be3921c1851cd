//! What a seat can answer, and the pending question.

use serde::{Deserialize, Serialize};

use crate::effect::UnitType;
use crate::question::Ask;

/// A combat target in a region (LoV p.12: "choose a target player (or the
/// neutral Units)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovTarget))]
pub enum Target {
    /// A player's force or Dragon.
    Seat(u8),
    /// The neutral Units.
    Neutral,
}

/// One seat's answer to the pending question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovDecision))]
pub enum Decision {
    /// Planning: put this Action card (the character's i-th) on the stack.
    PlayAction(u8),
    /// Planning: put this Region card on the stack.
    PlayRegion(u8),
    /// Planning: pass (LoV p.8).
    Pass,
    /// Give the initiative token to this seat (LoV p.8).
    GiveInitiative(u8),
    /// Activate the next glyph of the card being resolved.
    Activate,
    /// Skip it (LoV p.8: "may activate any amount of these Glyphs").
    Skip,
    /// Choose this program of a choice (0-based).
    Option(u8),
    /// Choose this region.
    Region(u8),
    /// Stay, move nothing, take nothing, stop.
    Done,
    /// Move or place this many.
    Count(u8),
    /// Attack this target.
    Attack(Target),
    /// Defender: counterattack (LoV p.12).
    Counterattack,
    /// Retreat (defender), or stop attacking and retreat (attacker).
    Retreat,
    /// Attacker: initiate another round of combat.
    AttackAgain,
    /// Lose a Unit of this type (the General is lost last, by injury).
    Lose(UnitType),
    /// Steal an unspent (`false`) or a spent (`true`) Power token.
    Steal { spent: bool },
    /// Play this Vaala card (the character's i-th).
    Vaala(u8),
    /// Dragonbond: re-roll your die for 1 Power.
    Reroll,
    /// Dragonbond: keep your die.
    Keep,
    /// Dragonbond: attempt it (LoV p.10).
    Attempt,
    /// Dragonbond: do not attempt it.
    Decline,
    /// Take this Denizen from the lineup.
    Denizen(u8),
    /// Place a Unit of this type.
    Unit(UnitType),
}

impl Decision {
    /// A decision of any kind from two bytes, legal or not: what the fuzz
    /// harnesses and the property tests throw at the engine.
    pub fn arbitrary(kind: u8, x: u8) -> Decision {
        let unit = UnitType::ALL[usize::from(x % 3)];
        match kind % 24 {
            0 => Decision::PlayAction(x),
            1 => Decision::PlayRegion(x),
            2 => Decision::Pass,
            3 => Decision::GiveInitiative(x),
            4 => Decision::Activate,
            5 => Decision::Skip,
            6 => Decision::Option(x),
            7 => Decision::Region(x),
            8 => Decision::Done,
            9 => Decision::Count(x),
            10 => Decision::Attack(Target::Seat(x)),
            11 => Decision::Attack(Target::Neutral),
            12 => Decision::Counterattack,
            13 => Decision::Retreat,
            14 => Decision::AttackAgain,
            15 => Decision::Lose(unit),
            16 => Decision::Steal {
                spent: x.is_multiple_of(2),
            },
            17 => Decision::Vaala(x),
            18 => Decision::Reroll,
            19 => Decision::Keep,
            20 => Decision::Attempt,
            21 => Decision::Decline,
            22 => Decision::Denizen(x),
            _ => Decision::Unit(unit),
        }
    }
}

/// The most options a question can list.
pub const MAX_OPTIONS: usize = 48;

/// What fills the unused end of an option list: never read. The first
/// variant with a zero payload, so that an empty list is plain zero bytes.
const UNUSED: Decision = Decision::PlayAction(0);

/// Which seat must answer, and its legal answers.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    pub seat: u8,
    /// Whose choice it is: `seat` itself, or the Faceless player (or, as
    /// `NONE`, the Event) that `seat` decides for (LoV p.10).
    pub owner: u8,
    pub options: [Decision; MAX_OPTIONS],
    pub len: u8,
    /// What is asked, so that each option can say what it means.
    pub ask: Ask,
}

impl Question {
    pub fn new(seat: u8, opts: &[Decision]) -> Question {
        let mut options = [UNUSED; MAX_OPTIONS];
        let len = opts.len().min(MAX_OPTIONS);
        options[..len].copy_from_slice(&opts[..len]);
        Question {
            seat,
            owner: seat,
            options,
            len: len as u8,
            ask: Ask::Other,
        }
    }

    /// The same question, saying what it asks.
    pub fn asking(mut self, ask: Ask) -> Question {
        self.ask = ask;
        self
    }

    /// The same question, asked of `seat` for `owner`.
    pub fn on_behalf_of(mut self, owner: u8) -> Question {
        self.owner = owner;
        self
    }

    pub fn options(&self) -> &[Decision] {
        &self.options[..usize::from(self.len)]
    }
}

/// Options built on the stack, without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Opts {
    buf: [Decision; MAX_OPTIONS],
    len: usize,
}

impl Default for Opts {
    fn default() -> Self {
        Opts {
            buf: [UNUSED; MAX_OPTIONS],
            len: 0,
        }
    }
}

impl Opts {
    /// Adds an option (callers never list one twice).
    pub fn push(&mut self, d: Decision) {
        if self.len < MAX_OPTIONS {
            self.buf[self.len] = d;
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[Decision] {
        &self.buf[..self.len]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len
    }
}
