//! Units on the battlefield: their rules state and where their models stand,
//! and the snapshots of models the geometry works on.

use serde::{Deserialize, Serialize};

use super::Battle;
use crate::geometry::{Model, MoveTraits, Point, Stature, UnitId};
use crate::rules::fatigue::FatigueState;
use crate::rules::keywords::UnitKeyword;
use crate::rules::powers::Lasting;
use crate::rules::state::UnitState;
use crate::rules::units::{CardId, Profile, UnitCard};
use valerna_game::Seat;

/// One unit in the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: u16,
    pub name: String,
    pub owner: Seat,
    pub state: UnitState,
    /// Points scored by the opponent when it is defeated.
    pub value: u16,
    pub general: bool,
    pub deployed: bool,
    /// Centre of each model, by its number in the unit (meaningful while alive).
    pub positions: Vec<Point>,
    pub base_mm: u16,
    pub stature: Stature,
    pub traits: MoveTraits,
    pub hero: bool,
    pub monster: bool,
    /// Left in Reserve, off the table, until it enters (BoV 5.1, "Reserves").
    #[serde(default)]
    pub reserve: bool,
    /// The Artifact card it carries (an index into the pack's Artifacts).
    #[serde(default)]
    pub artifact: Option<usize>,
    /// Effects of powers still lasting on it (BoV 5.1, "Powers").
    #[serde(default)]
    pub lasting: Vec<Lasting>,
    /// The power slots activated this turn, one bit each ("a given power
    /// may only be activated once per turn").
    #[serde(default)]
    pub powers_used: u16,
    /// The unit it is bonded with by the Dragonbond (BoV 5.1, "The
    /// Dragonbond"), both ways.
    #[serde(default)]
    pub bonded: Option<u16>,
}

impl Unit {
    pub fn new(
        id: u16,
        card: &UnitCard,
        card_id: CardId,
        owner: Seat,
        value: u16,
        general: bool,
    ) -> Self {
        let stature = if card.has(UnitKeyword::Huge) {
            Stature::Huge
        } else if card.has(UnitKeyword::Tiny) {
            Stature::Tiny
        } else {
            Stature::Normal
        };
        Self {
            id,
            name: card.name.clone(),
            owner,
            state: UnitState::new(card_id, card, owner),
            value,
            general,
            deployed: false,
            positions: vec![Point::default(); usize::from(card.models)],
            base_mm: card.base_mm,
            stature,
            traits: MoveTraits {
                field_craft: card.has(UnitKeyword::FieldCraft),
                flying: card.has(UnitKeyword::Flying),
            },
            hero: card.has(UnitKeyword::Hero),
            monster: card.has(UnitKeyword::Monster),
            reserve: false,
            artifact: None,
            lasting: Vec::new(),
            powers_used: 0,
            bonded: None,
        }
    }

    /// On the battlefield with at least one model.
    pub fn alive(&self) -> bool {
        self.deployed && !self.state.is_defeated()
    }

    pub fn fatigue(&self) -> FatigueState {
        FatigueState::of(self.state.fatigue)
    }

    pub fn alive_models(&self) -> impl Iterator<Item = u8> + '_ {
        self.state.alive.iter()
    }

    pub fn alive_positions(&self) -> impl Iterator<Item = Point> + '_ {
        let on = self.deployed;
        self.state
            .alive
            .iter()
            .filter(move |_| on)
            .map(|m| self.positions[usize::from(m)])
    }

    pub fn model(&self, m: u8) -> Model {
        Model::new(
            UnitId(self.id),
            self.owner,
            self.positions[usize::from(m)],
            f64::from(self.base_mm),
        )
        .with_stature(self.stature)
    }

    /// The unit's models as geometry snapshots.
    pub fn models(&self) -> Vec<Model> {
        self.alive_models().map(|m| self.model(m)).collect()
    }
}

/// Every model on the battlefield, and for each its unit and model number.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    pub models: Vec<Model>,
    pub index: Vec<(u16, u8)>,
}

impl Snapshot {
    /// The snapshot index of model `m` of `unit`.
    pub fn find(&self, unit: u16, m: u8) -> Option<usize> {
        self.index.iter().position(|&(u, k)| u == unit && k == m)
    }

    pub fn of_unit(&self, unit: u16) -> Vec<Model> {
        self.models
            .iter()
            .filter(|m| m.unit == UnitId(unit))
            .copied()
            .collect()
    }
}

impl Battle {
    pub fn card(&self, unit: u16) -> &UnitCard {
        let u = &self.units[usize::from(unit)];
        self.pack
            .card(u.state.card)
            .expect("units are built from cards of the pack")
    }

    pub fn profile(&self, unit: u16) -> &Profile {
        let injured = self.units[usize::from(unit)].state.injured;
        self.card(unit).profile(injured)
    }

    pub fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::default();
        for u in self.units.iter().filter(|u| u.alive()) {
            for m in u.alive_models() {
                s.models.push(u.model(m));
                s.index.push((u.id, m));
            }
        }
        s
    }

    /// Units of `seat` on the battlefield.
    pub fn living(&self, seat: Seat) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.owner == seat && u.alive())
    }

    /// Enemy units engaged with `unit` (BoV 5.1, "Engaged").
    pub fn engaged_with(&self, snap: &Snapshot, unit: u16) -> Vec<u16> {
        let own = snap.of_unit(unit);
        let owner = self.units[usize::from(unit)].owner;
        self.units
            .iter()
            .filter(|e| e.owner != owner && e.alive())
            .filter(|e| crate::geometry::unit_engaged_with(&own, &snap.of_unit(e.id)))
            .map(|e| e.id)
            .collect()
    }

    /// "Flanked": engaged by more than one enemy unit.
    pub fn flanked(&self, snap: &Snapshot, unit: u16) -> bool {
        self.engaged_with(snap, unit).len() > 1
    }

    /// Base-to-base distance between two units, nearest models.
    pub fn distance(&self, a: u16, b: u16) -> f64 {
        crate::geometry::unit_distance(
            &self.units[usize::from(a)].models(),
            &self.units[usize::from(b)].models(),
        )
        .unwrap_or(f64::INFINITY)
    }

    /// Speed with the inches powers add, after Slowed and Immobilized,
    /// halved again for a Skirmish.
    pub fn allowance(&self, unit: u16, skirmish: bool) -> f64 {
        let u = &self.units[usize::from(unit)];
        let bonus = crate::rules::powers::speed_bonus(&u.lasting) + self.passive_speed(unit);
        let speed = f64::from((i32::from(self.profile(unit).speed) + bonus).max(0));
        crate::rules::status::speed_allowance(
            speed,
            &self.units[usize::from(unit)].state.status,
            skirmish,
        )
    }
}
