//! The compact game state: ids and small fixed arrays only, so that a clone
//! is a plain memory copy (search clones it millions of times).

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;

use crate::content::{REGIONS, SEATS};

/// "No one" / "nothing" in a `u8` id field.
pub const NONE: u8 = u8::MAX;
/// Spaces of a Dragon's Wound track (ten Wound tokens over two Dragons).
pub const WOUND_SPACES: u8 = 5;
/// The most cards the Action stack can hold: two Events, every Action card
/// and every Region card.
pub const STACK: usize = 40;

/// A General's pieces in one region (LoV Glossary "Force").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovForce))]
pub struct Force {
    /// Infantry, Cavalry, Ranged.
    pub units: [u8; 3],
    /// Whether the General itself is here (it is a Unit: docs/rulings.md, "Timing and wording").
    pub general: bool,
}

impl Force {
    /// Units counted toward the 6-Unit limit, the General included.
    pub fn size(&self) -> u8 {
        self.units.iter().sum::<u8>() + u8::from(self.general)
    }

    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }
}

/// One land region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovRegionState))]
pub struct RegionState {
    /// The two Generals' forces (index 0: seat 0's, index 1: seat 2's).
    pub force: [Force; 2],
    pub neutral: u8,
    pub power: u8,
    pub city: bool,
}

/// What is on the Action stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovCardKind))]
pub enum CardKind {
    #[default]
    Event,
    Action,
    Region,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovStackCard))]
pub struct StackCard {
    pub kind: CardKind,
    /// Event id, Action-card id or region id.
    pub id: u8,
    /// Who played it (255, `NONE`, for an Event).
    pub owner: u8,
}

/// One seat's board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovPlayer))]
pub struct Player {
    pub human: bool,
    /// Unspent and spent Power tokens on the Power track (LoV Glossary
    /// "Power track": both count toward victory).
    pub power: u8,
    pub spent: u8,
    /// Action cards in hand (bit i: the character's i-th card).
    pub actions: u8,
    /// Region cards in hand (bit r: region r).
    pub region_cards: u16,
    /// Played at least one card this round (LoV p.8: needed to pass).
    pub played: bool,
    /// The bonded partner's seat, or `NONE` (LoV p.10).
    pub partner: u8,
    /// Combat Value added for the rest of the round by face-up Vaala.
    pub combat_bonus: u8,
    /// Dragons: region.
    pub at: u8,
    /// Dragons: Wound tokens on the Wound track.
    pub wounds: u8,
    /// Dragons: Units on the Essence track, as (owner seat or `NONE` for
    /// neutral) << 2 | type (3 = General, never placed).
    pub essence: [u8; 4],
    pub essence_len: u8,
    /// Vaala deck (the character's i-th card), top at `deck[deck_len - 1]`.
    pub vaala_deck: [u8; 5],
    pub vaala_deck_len: u8,
    pub vaala_hand: u8,
    pub vaala_discard: u8,
    /// Played this round and face up until Clean-up.
    pub vaala_face_up: u8,
    /// Generals: Denizen on each Unit type (`NONE` if none).
    pub denizens: [u8; 3],
    /// Generals: Units of each type left in the supply.
    pub supply: [u8; 3],
    /// Eliminated (LoV Glossary "Elimination").
    pub eliminated: bool,
}

impl Player {
    pub fn total_power(&self) -> u8 {
        self.power + self.spent
    }
}

/// Where the round is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovPhase))]
pub enum Phase {
    /// Planning, with the seat whose turn it is.
    Planning {
        turn: u8,
    },
    /// Resolution, at the next card of the stack.
    #[default]
    Resolution,
    CleanUp,
    Over,
}

/// Why the game ended (LoV p.9, "End of Game").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovEndReason))]
pub enum EndReason {
    /// A player reached 10 Power.
    Power,
    /// The Event deck was empty at the end of a round.
    Events,
    /// A player was eliminated.
    Elimination,
}

impl EndReason {
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Power => "power",
            EndReason::Events => "events",
            EndReason::Elimination => "elimination",
        }
    }
}

/// The last dice a player may want to see (combat and Dragonbond rolls).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovLastRoll))]
pub struct LastRoll {
    /// Who rolled (`NONE` for neutral Units).
    pub seat: u8,
    pub region: u8,
    pub criticals: u8,
    pub standard: u8,
    pub dice: u8,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    pub regions: [RegionState; REGIONS],
    pub players: [Player; SEATS],
    pub neutral_supply: u8,
    pub power_supply: u8,
    pub city_supply: u8,
    /// Event deck; the top card is `events[events_left - 1]`.
    pub events: [u8; 12],
    pub events_left: u8,
    /// Denizen deck; the top is `denizen_deck[denizen_len - 1]`.
    pub denizen_deck: [u8; 36],
    pub denizen_len: u8,
    pub lineup: [u8; 6],
    pub lineup_len: u8,
    pub stack: [StackCard; STACK],
    pub stack_len: u8,
    /// Next card of the stack to resolve.
    pub stack_pos: u8,
    /// Next glyph of that card, when it is an Action card: each glyph is its
    /// own unit of play.
    pub glyph_pos: u8,
    /// A Vaala "cancel" waits for the next card (LoV Glossary "Cancel").
    pub cancel_next: bool,
    pub initiative: u8,
    /// Rounds begun (1 in the first round).
    pub round: u8,
    pub phase: Phase,
    /// One human: the appendix's solo rules.
    pub solo: bool,
    /// Winners (bit per seat) and the rule that ended the game.
    pub winners: u8,
    pub end: Option<EndReason>,
    pub last_roll: [LastRoll; 2],
    /// The last Dragonbond dice (d10 faces), General's first.
    pub bond_dice: [u8; 2],
    pub stream: Stream,
    /// How many times the rules have drawn from `stream` (see
    /// [`Core::restart_from`]).
    pub draws: u32,
}

impl Core {
    /// The stream, for a draw. Every draw of the rules goes through here, so
    /// that `draws` tells whether the stream moved.
    pub fn dice(&mut self) -> &mut Stream {
        self.draws = self.draws.wrapping_add(1);
        &mut self.stream
    }

    /// Makes `self` a copy of `checkpoint`, as the driver does at the start
    /// of every run of a unit of play. Both must be states of the same game,
    /// whose draws all come one after the other from one stream: then the
    /// same number of draws means the same stream, and the stream (a third
    /// of the state) is copied only when it moved, which most units do not.
    pub fn restart_from(&mut self, checkpoint: &Core) {
        let Core {
            regions,
            players,
            neutral_supply,
            power_supply,
            city_supply,
            events,
            events_left,
            denizen_deck,
            denizen_len,
            lineup,
            lineup_len,
            stack,
            stack_len,
            stack_pos,
            glyph_pos,
            cancel_next,
            initiative,
            round,
            phase,
            solo,
            winners,
            end,
            last_roll,
            bond_dice,
            draws,
            stream,
        } = checkpoint;
        if self.draws != *draws {
            self.stream.clone_from(stream);
        }
        self.regions = *regions;
        self.players = *players;
        self.neutral_supply = *neutral_supply;
        self.power_supply = *power_supply;
        self.city_supply = *city_supply;
        self.events = *events;
        self.events_left = *events_left;
        self.denizen_deck = *denizen_deck;
        self.denizen_len = *denizen_len;
        self.lineup = *lineup;
        self.lineup_len = *lineup_len;
        self.stack = *stack;
        self.stack_len = *stack_len;
        self.stack_pos = *stack_pos;
        self.glyph_pos = *glyph_pos;
        self.cancel_next = *cancel_next;
        self.initiative = *initiative;
        self.round = *round;
        self.phase = *phase;
        self.solo = *solo;
        self.winners = *winners;
        self.end = *end;
        self.last_roll = *last_roll;
        self.bond_dice = *bond_dice;
        self.draws = *draws;
    }

    pub fn general_index(seat: u8) -> usize {
        usize::from(seat / 2)
    }

    pub fn is_general(seat: u8) -> bool {
        seat & 1 == 0
    }

    /// Region of a General's General piece.
    pub fn general_at(&self, seat: u8) -> u8 {
        let g = Core::general_index(seat);
        self.regions
            .iter()
            .position(|r| r.force[g].general)
            .map_or(NONE, |i| i as u8)
    }

    /// Region of a player's piece (General or Dragon).
    pub fn piece_at(&self, seat: u8) -> u8 {
        if Core::is_general(seat) {
            self.general_at(seat)
        } else {
            self.players[seat as usize].at
        }
    }

    /// The General seat controlling a region, if any (LoV Glossary
    /// "Control": the owner of the Units there; Dragons never control).
    pub fn controller(&self, r: u8) -> Option<u8> {
        let reg = &self.regions[r as usize];
        (0..2)
            .find(|&g| !reg.force[g].is_empty())
            .map(|g| (g * 2) as u8)
    }

    /// No Units at all (LoV p.18: Dragons do not count).
    pub fn uncontrolled(&self, r: u8) -> bool {
        let reg = &self.regions[r as usize];
        reg.neutral == 0 && reg.force.iter().all(Force::is_empty)
    }

    pub fn bonded(&self, a: u8, b: u8) -> bool {
        self.players[a as usize].partner == b
    }

    pub fn fully_wounded(&self, seat: u8) -> bool {
        self.players[seat as usize].wounds >= WOUND_SPACES
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Content;
    use crate::setup::{self, Setup};

    /// A working copy restarted from its checkpoint is the checkpoint again,
    /// dice included, whichever of the two drew since.
    #[test]
    fn a_restart_copies_the_checkpoint_and_its_stream() {
        let c = Content::default_pack().unwrap();
        let setup = Setup::new(3, [true, false, false, false], &c);
        let mut checkpoint = setup::start(&c, &setup).unwrap();
        let mut work = checkpoint.clone();
        // The working copy ran part of a unit: Power moved, a die was rolled.
        work.regions[0].power += 3;
        work.dice().d10();
        work.restart_from(&checkpoint);
        assert_eq!(work.regions, checkpoint.regions);
        assert_eq!(work.stream, checkpoint.stream);
        // The checkpoint moved on in place (a Faceless planning turn draws).
        checkpoint.dice().d10();
        checkpoint.players[1].power += 1;
        work.restart_from(&checkpoint);
        assert_eq!(work.players, checkpoint.players);
        assert_eq!(work.stream, checkpoint.stream);
        assert_eq!(work.dice().d10(), checkpoint.dice().d10());
    }
}
