//! Units on the battlefield: their rules state and where their models stand,
//! and the snapshots of models the geometry works on.

use serde::{Deserialize, Serialize};

use super::Battle;
use crate::geometry::{Model, MoveTraits, Point, Stature, UnitId};
use crate::rules::fatigue::FatigueState;
use crate::rules::keywords::UnitKeyword;
use crate::rules::powers::Lasting;
use crate::rules::state::UnitState;
use crate::rules::units::{CardId, Profile, UnitCard, WeaponKind};
use valerna_game::Seat;

/// One unit in the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnit))]
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
    /// The Mount this Dragonrider rides (BoV 5.1, "Dragonriders"): while
    /// set, the rider's own models are off the table and it stands where
    /// its Mount stands ([`Battle::body`]).
    #[serde(default)]
    pub mounted_on: Option<u16>,
    /// It dismounted at the start of this activation, so it may not mount
    /// at its end ("A Hero cannot voluntarily mount and dismount in the
    /// same activation").
    #[serde(default)]
    pub dismounted: bool,
    /// Its Captain, by model number (BoV starter, "Captains": every unit
    /// of two or more models starts with one); none in 5.1. A Captain
    /// killed or fled stays named here, so the troopers know it is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captain: Option<u8>,
    /// The Hero leading it as its Captain, its card attached to the
    /// troopers' (BoV starter, "Heroes as Captains"); none in 5.1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hero_captain: Option<HeroCaptain>,
}

/// A Hero with "Captain, X" leading a unit of troopers (BoV starter,
/// "Heroes as Captains"): the Captain model is one of the unit's, standing
/// and fighting as a trooper, and lending the unit its card's powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovHeroCaptain))]
pub struct HeroCaptain {
    /// The Hero's card.
    pub card: CardId,
    /// What the opponent scores when the Hero falls: its card's points.
    pub value: u16,
    /// The Trooper card it leads (kept once the troopers are gone).
    pub troopers: CardId,
    /// The troopers are gone: the Hero fights as a unit of its own, its
    /// card flipped to its full profile.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alone: bool,
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
                friends_block: false,
            },
            hero: card.has(UnitKeyword::Hero),
            monster: card.has(UnitKeyword::Monster),
            reserve: false,
            artifact: None,
            lasting: Vec::new(),
            powers_used: 0,
            bonded: None,
            mounted_on: None,
            dismounted: false,
            captain: None,
            hero_captain: None,
        }
    }

    /// On the battlefield with at least one model.
    pub fn alive(&self) -> bool {
        self.deployed && !self.state.is_defeated()
    }

    pub fn fatigue(&self) -> FatigueState {
        FatigueState::of(self.state.fatigue)
    }

    /// Its Captain is on the battlefield (BoV starter, "Captains").
    pub fn captain_in_play(&self) -> bool {
        self.captain.is_some_and(|c| self.state.alive.contains(c))
    }

    /// The Hero leading it as its Captain, on the battlefield at the head
    /// of troopers (BoV starter, "Heroes as Captains").
    pub fn led_by_hero(&self) -> Option<HeroCaptain> {
        self.hero_captain
            .filter(|h| !h.alone && self.captain_in_play())
    }

    pub fn alive_models(&self) -> impl Iterator<Item = u8> + '_ {
        self.state.alive.iter()
    }

    /// Where its own models stand: none for a mounted rider, whose models
    /// are off the table (see [`Battle::placed_models`]).
    pub fn alive_positions(&self) -> impl Iterator<Item = Point> + '_ {
        let on = self.deployed && self.mounted_on.is_none();
        self.state
            .alive
            .iter()
            .filter(move |_| on)
            .map(|m| self.positions[usize::from(m)])
    }

    pub fn model(&self, m: u8) -> Model {
        self.model_at(self.positions[usize::from(m)])
    }

    /// A model of the unit standing at `at` (its models differ only in
    /// where they stand).
    pub fn model_at(&self, at: Point) -> Model {
        Model::new(UnitId(self.id), self.owner, at, f64::from(self.base_mm))
            .with_stature(self.stature)
    }

    /// The unit's own models on the table as geometry snapshots (none for
    /// a mounted rider).
    pub fn models(&self) -> Vec<Model> {
        if self.mounted_on.is_some() {
            return Vec::new();
        }
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

/// `n.is_enemy_of(m) && m.in_contact(n)`, bases farther apart along one
/// axis than contact allows (by a margin far above rounding) settled
/// without measuring.
fn touches_enemy(m: &Model, n: &Model) -> bool {
    let reach = m.radius_in + n.radius_in + crate::geometry::CONTACT_IN + 1e-6;
    n.is_enemy_of(m)
        && (m.center.x - n.center.x).abs() <= reach
        && (m.center.y - n.center.y).abs() <= reach
        && m.in_contact(n)
}

impl Battle {
    /// A model as a player names it: by its number in its unit counted
    /// from 1 and the unit's name ("model 3 of Dreamfencers"); the one
    /// model of a unit by the unit's name alone.
    pub fn model_name(&self, unit: u16, model: u8) -> String {
        match self.units.get(usize::from(unit)) {
            Some(u) if u.positions.len() == 1 => u.name.clone(),
            Some(u) => format!("model {} of {}", u32::from(model) + 1, u.name),
            None => format!("model {} of unit {unit}", u32::from(model) + 1),
        }
    }

    /// A refused move in the player's words: each model of `snap` (the
    /// models the move was judged among) named by its unit.
    pub(crate) fn move_refusal(
        &self,
        snap: &Snapshot,
        e: &crate::geometry::MoveError,
    ) -> super::BattleError {
        let model = |i: usize| match snap.index.get(i) {
            Some(&(u, m)) => self.model_name(u, m),
            None => format!("model {i}"),
        };
        let unit = |u: u16| match self.units.get(usize::from(u)) {
            Some(x) => x.name.clone(),
            None => format!("unit {u}"),
        };
        super::BattleError(e.told(&model, &unit))
    }
}

impl Battle {
    pub fn card(&self, unit: u16) -> &UnitCard {
        let u = &self.units[usize::from(unit)];
        self.pack
            .card(u.state.card)
            .expect("units are built from cards of the pack")
    }

    /// The side of its card in play: the Injured side of an Injured Epic
    /// Creature, the mounted side of a General riding in a starter battle.
    pub fn profile(&self, unit: u16) -> &Profile {
        let card = self.card(unit);
        if let Some(side) = card.mounted_profile()
            && self.on_mounted_side(unit)
        {
            return side;
        }
        card.profile(self.units[usize::from(unit)].state.injured)
    }

    pub fn snapshot(&self) -> Snapshot {
        let placed = || {
            self.units
                .iter()
                .filter(|u| u.alive() && u.mounted_on.is_none())
        };
        // Sized once: snapshots are taken many times a decision.
        let n = placed()
            .map(|u| u.state.alive.0.count_ones() as usize)
            .sum();
        let mut s = Snapshot {
            models: Vec::with_capacity(n),
            index: Vec::with_capacity(n),
        };
        for u in placed() {
            let like = u.model_at(Point::default());
            for m in u.alive_models() {
                s.models.push(like.at(u.positions[usize::from(m)]));
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

    /// The unit whose models stand for `unit` on the table: its Mount while
    /// it rides one, else itself. "While mounted, a Hero counts as being in
    /// the same location as its Mount ... Measure ranges and lines of sight
    /// to/from the Hero from the Mount's base" (BoV 5.1, "Dragonriders"):
    /// every geometric question about a unit asks it of its body.
    pub fn body(&self, unit: u16) -> u16 {
        self.units[usize::from(unit)].mounted_on.unwrap_or(unit)
    }

    /// Whether `unit` is a Dragonrider riding its Mount.
    pub fn mounted(&self, unit: u16) -> bool {
        self.units[usize::from(unit)].mounted_on.is_some()
    }

    /// The riders on `mount` (at most one in a valid list).
    pub fn riders_of(&self, mount: u16) -> Vec<u16> {
        self.units
            .iter()
            .filter(|u| u.mounted_on == Some(mount))
            .map(|u| u.id)
            .collect()
    }

    /// The models standing for `unit` on the table: its own, or its Mount's
    /// while it rides.
    pub fn placed_models(&self, unit: u16) -> Vec<Model> {
        self.units[usize::from(self.body(unit))].models()
    }

    /// Enemy units engaged with `unit` (BoV 5.1, "Engaged"), judged from
    /// the bodies: a mounted rider is engaged when its Mount is, and the
    /// enemies in contact with a Mount are engaged with its rider too.
    pub fn engaged_with(&self, snap: &Snapshot, unit: u16) -> Vec<u16> {
        let own = snap.of_unit(self.body(unit));
        if own.is_empty() {
            return Vec::new();
        }
        let owner = self.units[usize::from(unit)].owner;
        // `unit_engaged_with` model by model, without gathering each
        // enemy's: the units whose models touch one of `own`, marked in one
        // pass over the models.
        let mut touching = vec![false; self.units.len()];
        for n in &snap.models {
            if own.iter().any(|m| touches_enemy(m, n))
                && let Some(t) = touching.get_mut(usize::from(n.unit.0))
            {
                *t = true;
            }
        }
        self.units
            .iter()
            .filter(|e| e.owner != owner && e.alive())
            .filter(|e| touching[usize::from(self.body(e.id))])
            .map(|e| e.id)
            .collect()
    }

    /// Whether `unit` is engaged: [`Battle::engaged_with`] is not empty.
    pub fn engaged(&self, snap: &Snapshot, unit: u16) -> bool {
        let body = UnitId(self.body(unit));
        let owner = self.units[usize::from(unit)].owner;
        let enemy = |n: &Model| {
            self.units
                .iter()
                .any(|e| e.owner != owner && e.alive() && self.body(e.id) == n.unit.0)
        };
        // The box around the unit's bases, widened by the largest reach:
        // a base outside it touches none of them (by 10^-6", far above
        // rounding), nor does a base of the side all of them are on, so
        // only the enemy models inside are measured against each.
        let own = || snap.models.iter().filter(|m| m.unit == body);
        let (mut lo, mut hi, mut r) = (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            0.0f64,
        );
        let mut side = None;
        let mut one_side = true;
        for m in own() {
            lo = lo.min(m.center);
            hi = hi.max(m.center);
            r = r.max(m.radius_in);
            one_side &= *side.get_or_insert(m.side) == m.side;
        }
        snap.models.iter().any(|n| {
            let reach = r + n.radius_in + crate::geometry::CONTACT_IN + 2e-6;
            !(one_side && side == Some(n.side))
                && n.center.x >= lo.x - reach
                && n.center.x <= hi.x + reach
                && n.center.y >= lo.y - reach
                && n.center.y <= hi.y + reach
                && own().any(|m| touches_enemy(m, n))
                && enemy(n)
        })
    }

    /// "Flanked": engaged by more than one enemy unit, a mounted rider and
    /// its Mount counting as one ("They count as a single unit for the
    /// purpose of Flanking", BoV 5.1, "Dragonriders").
    /// With a Monster on the table its enemies are of two sides: a unit
    /// engaged with a Monster and a player's unit is Flanked by both
    /// (docs/rulings.md, "Flanked and Flanking with a Monster").
    pub fn flanked(&self, snap: &Snapshot, unit: u16) -> bool {
        self.flanked_by(snap, unit, None)
    }

    /// Whether `unit`'s defense roll against an attack of `kind` takes the
    /// Flanked downgrade: Flanked now, and the edition downgrading that
    /// kind (melee in 5.1, every attack in the starter edition).
    pub fn flanked_against(&self, snap: &Snapshot, unit: u16, kind: WeaponKind) -> bool {
        self.edition().flanked_downgrades(kind) && self.flanked(snap, unit)
    }

    /// Engaged by more than one unit (a mounted rider and its Mount as
    /// one) of side `side`, or of any side for `None`.
    pub fn flanked_by(&self, snap: &Snapshot, unit: u16, side: Option<Seat>) -> bool {
        let mut bodies: Vec<u16> = self
            .engaged_with(snap, unit)
            .into_iter()
            .filter(|&e| side.is_none_or(|s| self.units[usize::from(e)].owner == s))
            .map(|e| self.body(e))
            .collect();
        bodies.sort_unstable();
        bodies.dedup();
        bodies.len() > 1
    }

    /// Base-to-base distance between two units, nearest models (a mounted
    /// rider measured from its Mount's base).
    pub fn distance(&self, a: u16, b: u16) -> f64 {
        crate::geometry::unit_distance_of(self.placed(a), self.placed(b)).unwrap_or(f64::INFINITY)
    }

    /// [`Self::placed_models`] one by one, without gathering them.
    pub(crate) fn placed(&self, unit: u16) -> impl Iterator<Item = Model> + Clone + '_ {
        let u = &self.units[usize::from(self.body(unit))];
        let on = u.mounted_on.is_none();
        // The unit's models differ only in where they stand: the base is
        // worked out once.
        let like = u.model_at(Point::default());
        u.state
            .alive
            .iter()
            .filter(move |_| on)
            .map(move |m| like.at(u.positions[usize::from(m)]))
    }
}
