//! Heroes as Captains on the battlefield (BoV starter, "Hero/Captain
//! cards", "Captains", "Heroes as Captains", "Ultimate Powers"): the Hero
//! leading a unit of troopers is its Captain model, lending the unit its
//! card's powers ([`Battle::powers_of`]) and upgrading the troopers' morale
//! tests; when the troopers are all gone it fights on as a unit of its own.

use super::Battle;
use super::units::HeroCaptain;
use crate::geometry::MoveTraits;
use crate::rules::keywords::UnitKeyword;
use crate::rules::morale::troopers;
use crate::rules::powers::CAPTAIN_POWER_SLOT;
use crate::rules::state::ModelSet;

impl Battle {
    /// The models a unit took the field with: its card's, or, once its
    /// Hero Captain fights alone, the card of the troopers it led.
    pub fn models_fielded(&self, unit: u16) -> u8 {
        let u = &self.units[usize::from(unit)];
        match u.hero_captain {
            Some(h) if h.alone => self.pack.card(h.troopers).map_or(1, |c| c.models),
            _ => self.card(unit).models,
        }
    }

    /// BoV starter, "Heroes as Captains": "If during the game, all of the
    /// troopers are removed, the Hero reverts to fighting as a unit of its
    /// own (any wounds outstanding on the unit are carried over by the
    /// Hero), flip the card to the appropriate side." The unit becomes the
    /// Hero's: its card, name and one model where the Captain stood (on
    /// the base it stood on, docs/rulings.md, "Heroes as Captains"); the
    /// Trooper card is defeated and scores ("for Trooper cards you need to
    /// defeat all of them to score"); the Ultimate markers on the Hero's
    /// card stay on it ("Ultimate Powers"). Called after models were
    /// removed; nothing happens while a trooper is left.
    pub(crate) fn troopers_gone(&mut self, unit: u16) {
        let i = usize::from(unit);
        let u = &self.units[i];
        let Some(h) = u.led_by_hero() else {
            return;
        };
        let Some(c) = u.captain else {
            return;
        };
        if !u.alive() || !troopers(u.state.alive, Some(c)).is_empty() {
            return;
        }
        let Some(card) = self.pack.card(h.card).cloned() else {
            return;
        };
        let (owner, value) = (u.owner, u.value);
        self.score
            .unit_defeated(self.setup.scenario, owner, value.saturating_sub(h.value));
        let u = &mut self.units[i];
        let at = u.positions[usize::from(c)];
        u.positions = vec![at];
        u.state.alive = ModelSet::first(1);
        u.state.card = h.card;
        // The carried wounds never kill the Hero by the flip alone.
        u.state.wounds = u.state.wounds.min(card.front.health.saturating_sub(1));
        let shift = |bits: u16| (bits >> CAPTAIN_POWER_SLOT) & ((1 << CAPTAIN_POWER_SLOT) - 1);
        u.state.ultimates_used = shift(u.state.ultimates_used);
        u.powers_used = shift(u.powers_used);
        u.name = card.name.clone();
        u.value = h.value;
        u.hero = true;
        u.traits = MoveTraits {
            field_craft: card.has(UnitKeyword::FieldCraft),
            flying: card.has(UnitKeyword::Flying),
            friends_block: u.traits.friends_block,
        };
        u.captain = None;
        u.hero_captain = Some(HeroCaptain { alone: true, ..h });
        self.tell(super::log::Audience::Public, || {
            super::log::Event::HeroFightsOn { unit }
        });
    }
}
