//! A unit's state in play: the compact record the turn engine keeps per unit
//! (card index, models left, counters and markers).

use serde::{Deserialize, Serialize};
use valerna_game::Seat;

use super::status::StatusMarkers;
use super::units::{CardId, UnitCard};

/// The most models a unit may have: one bit each in a [`ModelSet`].
pub const MAX_MODELS: u8 = 32;

/// A set of a unit's models by index (0 = the first model of the card).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovModelSet))]
pub struct ModelSet(pub u32);

impl ModelSet {
    /// Models `0..n` (n is capped at [`MAX_MODELS`]).
    pub fn first(n: u8) -> Self {
        let n = n.min(MAX_MODELS);
        if n == 32 {
            ModelSet(u32::MAX)
        } else {
            ModelSet((1u32 << n) - 1)
        }
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, model: u8) -> bool {
        model < MAX_MODELS && self.0 & (1 << model) != 0
    }

    pub fn insert(&mut self, model: u8) {
        if model < MAX_MODELS {
            self.0 |= 1 << model;
        }
    }

    pub fn remove(&mut self, model: u8) {
        if model < MAX_MODELS {
            self.0 &= !(1 << model);
        }
    }

    pub fn intersection(self, other: ModelSet) -> ModelSet {
        ModelSet(self.0 & other.0)
    }

    pub fn without(self, other: ModelSet) -> ModelSet {
        ModelSet(self.0 & !other.0)
    }

    /// The models in index order.
    pub fn iter(self) -> impl Iterator<Item = u8> + Clone {
        // Set bits lowest first: a unit's models are read in hot loops.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let m = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                m
            })
        })
    }

    /// The lowest-index model, if any.
    pub fn lowest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }
}

impl FromIterator<u8> for ModelSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut s = ModelSet::default();
        for m in iter {
            s.insert(m);
        }
        s
    }
}

/// One unit in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnitState))]
pub struct UnitState {
    pub card: CardId,
    pub owner: Seat,
    /// Models still on the battlefield.
    pub alive: ModelSet,
    /// Wound counters: tracked by the unit, not by model (BoV 5.1, "Apply Wounds").
    pub wounds: u8,
    /// An Epic Creature showing its Injured side.
    pub injured: bool,
    /// Fatigue counters (BoV 5.1, "Fatigue").
    pub fatigue: u8,
    pub status: StatusMarkers,
    /// Ultimate markers: bit `i` set once the card's power `i` was used.
    pub ultimates_used: u16,
}

impl UnitState {
    /// A fresh unit with every model of its card.
    pub fn new(card_id: CardId, card: &UnitCard, owner: Seat) -> Self {
        Self {
            card: card_id,
            owner,
            alive: ModelSet::first(card.models),
            wounds: 0,
            injured: false,
            fatigue: 0,
            status: StatusMarkers::default(),
            ultimates_used: 0,
        }
    }

    pub fn models(&self) -> u32 {
        self.alive.count()
    }

    /// Every model gone: the unit is defeated.
    pub fn is_defeated(&self) -> bool {
        self.alive.is_empty()
    }
}
