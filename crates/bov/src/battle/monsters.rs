//! Monsters, the neutral side of a battle (BoV 5.1, "Neutral Units" >
//! "Monsters", "Deploying monsters", "Monster general rules", "Trophy
//! value", "Behaviour deck", "Drawing card from the behaviour deck",
//! "Bidding").
//!
//! A Monster is a unit whose owner is [`NEUTRAL`], a third side: every
//! "enemy" test in the engine compares owners, so a Monster is an enemy of
//! both players and both players are its enemies. Nobody sits at the
//! neutral side: the engine takes its decisions itself, deterministically,
//! from the battle's one seeded stream ([`Battle::neutral_decision`]), so a
//! game still asks only its two seats. A Monster controlled by bidding
//! changes owner for the round, "treating it like a Mercenary unit".

use serde::{Deserialize, Serialize};
use valerna_game::{Game, Seat};

use super::powers::Named;
use super::{Battle, BattleError, Decision, Phase, Step, Window, err};
use crate::geometry::{Model, Point, Sightlines, UnitId, base_radius_in};
use crate::rules::modifiers::MoraleCause;
use crate::rules::neutral::{Act, Aim, Toward, Trophy, When};
use crate::rules::powers::Trigger;
use crate::rules::units::WeaponKind;

/// The neutral side's seat number: no player sits there.
pub const NEUTRAL: Seat = 2;

/// How many points around an objective the engine offers for a Monster's
/// base, evenly spaced (any other point in base contact is judged too).
const PLACEMENT_DIRECTIONS: usize = 16;
/// Base contact with an objective token, within this many inches: the
/// token is a point, so the base's edge touches it.
const CONTACT_TOLERANCE: f64 = 1e-3;
/// The largest bid accepted: the book sets no limit, a hand of fatigue
/// counters does.
pub const MAX_BID: u16 = 99;
/// The bids listed as examples (any other up to [`MAX_BID`] is judged).
const LISTED_BIDS: u16 = 5;
/// At the end of a round a deck whose cards all failed their "if" would
/// never bring the Monster to two fatigue: the draws stop after this many
/// (docs/rulings.md, "A behaviour deck that gives no fatigue").
const END_OF_ROUND_DRAW_LIMIT: u8 = 20;

/// One Monster of the battle and its cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MonsterState {
    pub unit: u16,
    /// The objective it was placed against; `None` before placement or
    /// when it was discarded.
    pub objective: Option<usize>,
    /// "If a monster cannot be placed, you simply discard the monster card".
    pub discarded: bool,
    /// The behaviour deck, face down: indices into its card's deck, the
    /// top card last. Hidden from both players (no view shows it).
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    /// What its behaviour deck did, in order (public: each card is shown
    /// when drawn).
    pub log: Vec<DeckEvent>,
    /// This round's secret bids, by seat (hidden until both are in).
    pub(crate) bids: [Option<u16>; 2],
    /// The last bids revealed: each seat's.
    pub revealed: Option<[u16; 2]>,
    /// The last successful bid: the winner and what it paid ("LSB").
    pub last_bid: Option<(Seat, u16)>,
    /// The seat controlling it this round, by bidding.
    pub controller: Option<Seat>,
    /// The enemy unit whose attack calls for a draw after the turn.
    pub(crate) attacked_by: Option<u16>,
    /// The seat whose unit attacked it last: the defeater when no attack
    /// of a unit removes its last model (poison, terrain).
    pub(crate) hurt_by: Option<Seat>,
    /// The seat that defeated it and the victory points it gained.
    pub trophy: Option<(Seat, u16)>,
}

/// The Monsters of a battle and the set-up of their placement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Monsters {
    pub list: Vec<MonsterState>,
    /// The winner of the face-off that places the first Monster.
    pub first: Option<Seat>,
    /// The next Monster to place, by index in `list`.
    pub(crate) next: usize,
    /// Victory points each seat paid in bids.
    pub paid: [i32; 2],
    /// Victory points each seat gained in trophies.
    pub trophies: [i32; 2],
}

/// One event of a behaviour deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeckEvent {
    /// Card `card` was drawn with `fatigue` counters on the Monster, aimed
    /// at `target`; `attacked`: drawn because an enemy attacked it.
    Drew {
        round: u8,
        card: u8,
        fatigue: u8,
        target: Option<u16>,
        attacked: bool,
    },
    /// The cards went back into the deck at the end of the round, the
    /// Monster carrying `fatigue` counters.
    Reshuffled { round: u8, fatigue: u8 },
}

/// What the engine asks a player about a Monster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MonsterAsk {
    /// "Deploying monsters": place `unit` in base contact with an objective.
    Place { unit: u16 },
    /// "Bidding": a secret bid of fatigue counters for control of `unit`.
    Bid { unit: u16 },
}

/// The engine's own steps for Monsters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MonsterStep {
    /// End of round: draw while the Monster has one fatigue or fewer.
    Draws { unit: u16, drawn: u8 },
    /// After the turn in which an enemy attacked it: one card, the
    /// attacker its target.
    AfterAttack { unit: u16, attacker: u16 },
    /// The action `index` of behaviour card `card`, aimed at `target`.
    Action {
        unit: u16,
        card: u8,
        index: u8,
        target: Option<u16>,
    },
    /// "Finally, reshuffle all the monster behaviour cards back into the deck."
    Reshuffle { unit: u16 },
    /// The bids for control of `unit` this round.
    Bid { unit: u16 },
    /// An Opportunity Attack offered to the engaged units of `seat` alone
    /// (a Monster moving away from units of both players).
    Opportunity { mover: u16, seat: Seat },
    /// The turn passes once the Monsters' draws after it are done.
    NextTurn { last: Seat },
}

/// A Monster as anyone may see it: its cards drawn, the bids once
/// revealed, who controls it and who took its trophy.
#[derive(Clone, Debug, Serialize)]
pub struct MonsterView {
    pub unit: u16,
    pub trophy_value: Option<u16>,
    pub drawn: Vec<String>,
    pub revealed: Option<[u16; 2]>,
    pub last_bid: Option<(Seat, u16)>,
    pub controller: Option<Seat>,
    pub trophy: Option<(Seat, u16)>,
    /// The seat's own bid this round, before the reveal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_bid: Option<u16>,
}

impl Battle {
    /// Adds the Monsters named by their unit ids, off the table until
    /// placed (BoV 5.1, "Monsters": "first agree on which Monsters you are
    /// going to use").
    pub(crate) fn add_monsters(&mut self, ids: &[String]) -> Result<(), BattleError> {
        for id in ids {
            let Some((card_id, card)) = self.pack.unit(id) else {
                return err(format!(
                    "no Monster card '{id}' (Monsters: {})",
                    monster_ids(&self.pack).join(", ")
                ));
            };
            let Some(m) = &card.monster else {
                return err(format!(
                    "'{id}' is not a Monster card (Monsters: {})",
                    monster_ids(&self.pack).join(", ")
                ));
            };
            if card.models != 1 {
                return err(format!(
                    "'{id}' has {} models: a Monster is one model here",
                    card.models
                ));
            }
            let deck: Vec<u8> = (0..m.behaviour.len() as u8).collect();
            let unit = self.units.len() as u16;
            self.units
                .push(super::Unit::new(unit, card, card_id, NEUTRAL, 0, false));
            self.monsters.list.push(MonsterState {
                unit,
                objective: None,
                discarded: false,
                deck,
                discard: Vec::new(),
                log: Vec::new(),
                bids: [None; 2],
                revealed: None,
                last_bid: None,
                controller: None,
                attacked_by: None,
                hurt_by: None,
                trophy: None,
            });
        }
        Ok(())
    }

    /// The Monster state of `unit`, if it is a Monster.
    pub fn monster(&self, unit: u16) -> Option<&MonsterState> {
        self.monsters.list.iter().find(|m| m.unit == unit)
    }

    fn monster_mut(&mut self, unit: u16) -> Option<&mut MonsterState> {
        self.monsters.list.iter_mut().find(|m| m.unit == unit)
    }

    /// Units on the battlefield that are enemies of `seat`: every unit of
    /// another side, Monsters included ("Monsters count as an enemy unit
    /// for all players").
    pub fn enemies(&self, seat: Seat) -> impl Iterator<Item = &super::Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.owner != seat && u.alive())
    }

    /// The players whose units are among `units`, in order, each once: who
    /// may react when those units are attacked or charged.
    pub(crate) fn seats_of(&self, units: &[u16]) -> Vec<Seat> {
        let mut out = Vec::new();
        for &u in units {
            let s = self.units[usize::from(u)].owner;
            if !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// The players opposing `unit`: the other player, or both for a Monster.
    pub(crate) fn opponents_of(&self, unit: u16) -> Vec<Seat> {
        match self.units[usize::from(unit)].owner {
            NEUTRAL => vec![0, 1],
            s => vec![Battle::other(s)],
        }
    }

    /// A seat's Vaala hand; the neutral side holds none.
    pub(crate) fn hand(&self, seat: Seat) -> &[String] {
        self.hands
            .get(usize::from(seat))
            .map_or(&[], |h| h.as_slice())
    }

    /// Models removed from a player's unit count toward its losses; a
    /// Monster's do not (it belongs to no player, even while controlled).
    pub(crate) fn count_lost(&mut self, unit: u16, n: u32) {
        let u = &self.units[usize::from(unit)];
        if !u.monster
            && let Some(l) = self.models_lost.get_mut(usize::from(u.owner))
        {
            *l += n;
        }
    }

    // --- Set-up ---------------------------------------------------------

    /// "Objectives Setup" with Monsters: "place objectives as normal before
    /// making another face-off roll. The winner of this roll resolves one
    /// of the Monster cards"; "keep alternating which player places the
    /// next Monster". Asks the next placement; `false` when every Monster
    /// is placed or discarded.
    pub(crate) fn next_monster(&mut self) -> bool {
        while self.monsters.next < self.monsters.list.len() {
            let first = match self.monsters.first {
                Some(s) => s,
                None => {
                    let s = valerna_dice::bov::FaceOff::roll(&mut self.stream).winner as Seat;
                    self.monsters.first = Some(s);
                    s
                }
            };
            let k = self.monsters.next;
            let seat = if k.is_multiple_of(2) {
                first
            } else {
                Battle::other(first)
            };
            let unit = self.monsters.list[k].unit;
            if self.monster_spots(unit).is_empty() {
                // "If a monster cannot be placed, you simply discard the
                // monster card and continue with setup."
                self.monsters.list[k].discarded = true;
                self.monsters.next += 1;
                continue;
            }
            self.phase = Phase::Monster {
                seat,
                ask: MonsterAsk::Place { unit },
            };
            return true;
        }
        false
    }

    /// Points where `unit` may be placed: evenly around each objective
    /// without a Monster, in base contact with it.
    pub fn monster_spots(&self, unit: u16) -> Vec<Point> {
        let r = base_radius_in(f64::from(self.units[usize::from(unit)].base_mm));
        let mut out = Vec::new();
        for &o in &self.objectives {
            for k in 0..PLACEMENT_DIRECTIONS {
                let a = std::f64::consts::TAU * k as f64 / PLACEMENT_DIRECTIONS as f64;
                let p = Point::new(o.x + r * a.cos(), o.y + r * a.sin());
                if self.check_place_monster(unit, p).is_ok() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// "Simply place it in base contact of any objective token"; "You can
    /// only place one Monster per objective". Returns the objective.
    pub(crate) fn check_place_monster(&self, unit: u16, at: Point) -> Result<usize, BattleError> {
        let u = &self.units[usize::from(unit)];
        let r = base_radius_in(f64::from(u.base_mm));
        let Some(obj) = self
            .objectives
            .iter()
            .position(|&o| (o.dist(at) - r).abs() <= CONTACT_TOLERANCE)
        else {
            return err(
                "a Monster is placed in base contact with an objective token (BoV 5.1, \"Deploying monsters\")",
            );
        };
        if self.monsters.list.iter().any(|m| m.objective == Some(obj)) {
            return err(format!(
                "objective {obj} has a Monster already: one Monster per objective (BoV 5.1, \"Deploying monsters\")"
            ));
        }
        let m = Model::new(UnitId(unit), u.owner, at, f64::from(u.base_mm)).with_stature(u.stature);
        if !m.is_valid() || !self.field.holds_base(at, m.radius_in) {
            return err("the Monster's base is not on the battlefield");
        }
        if let Some(t) = self
            .field
            .terrain
            .iter()
            .find(|t| t.impassable() && t.overlaps_base(at, m.radius_in))
        {
            return err(format!(
                "the Monster is in Impassable terrain \"{}\"",
                t.name
            ));
        }
        if self.snapshot().models.iter().any(|o| o.overlaps(&m)) {
            return err("the Monster is on another model's base");
        }
        Ok(obj)
    }

    pub(crate) fn place_monster(&mut self, unit: u16, at: Point) {
        let Ok(obj) = self.check_place_monster(unit, at) else {
            return;
        };
        let u = &mut self.units[usize::from(unit)];
        u.positions[0] = at;
        u.deployed = true;
        // "Take its deck of five behaviour cards and shuffle them".
        let mut deck = std::mem::take(&mut self.monster_mut(unit).expect("a Monster").deck);
        self.stream.shuffle(&mut deck);
        let m = self.monster_mut(unit).expect("a Monster");
        m.deck = deck;
        m.objective = Some(obj);
        self.monsters.next += 1;
        self.next_objective();
    }

    // --- Decisions --------------------------------------------------------

    pub(crate) fn check_monster(&self, ask: &MonsterAsk, d: &Decision) -> Result<(), BattleError> {
        match (ask, d) {
            (MonsterAsk::Place { unit }, Decision::PlaceMonster { at }) => {
                self.check_place_monster(*unit, *at).map(|_| ())
            }
            (MonsterAsk::Bid { .. }, Decision::Bid { points }) if *points <= MAX_BID => Ok(()),
            (MonsterAsk::Bid { .. }, Decision::Bid { .. }) => {
                err(format!("a bid is at most {MAX_BID} victory points"))
            }
            _ => err(format!("{d:?} is not a decision for now ({ask:?})")),
        }
    }

    pub(crate) fn carry_out_monster(&mut self, seat: Seat, ask: MonsterAsk, d: Decision) {
        match (ask, d) {
            (MonsterAsk::Place { unit }, Decision::PlaceMonster { at }) => {
                self.place_monster(unit, at)
            }
            (MonsterAsk::Bid { unit }, Decision::Bid { points }) => {
                if let Some(m) = self.monster_mut(unit)
                    && let Some(b) = m.bids.get_mut(usize::from(seat))
                {
                    *b = Some(points);
                }
                self.queue
                    .push_front(Step::Monster(MonsterStep::Bid { unit }));
            }
            _ => {}
        }
    }

    pub(crate) fn monster_choices(&self, ask: &MonsterAsk, out: &mut Vec<Decision>) {
        match ask {
            MonsterAsk::Place { unit } => out.extend(
                self.monster_spots(*unit)
                    .into_iter()
                    .map(|at| Decision::PlaceMonster { at }),
            ),
            MonsterAsk::Bid { .. } => {
                out.extend((0..=LISTED_BIDS).map(|points| Decision::Bid { points }))
            }
        }
    }

    /// The decision the engine takes for the neutral side when a step
    /// stopped for it: a Monster "will make" every Opportunity Attack it
    /// can, takes every reaction its card gives it, and otherwise takes the
    /// first choice the engine lists (deterministic, no dice).
    pub(crate) fn neutral_decision(&self) -> Option<Decision> {
        if self.to_decide() != Some(NEUTRAL) {
            return None;
        }
        let mut out = Vec::new();
        self.list_choices(&mut out);
        let pick = match &self.phase {
            Phase::Opportunity { candidates, .. } => Decision::React {
                unit: candidates.first().copied(),
            },
            Phase::Reaction { options, .. } => Decision::Reaction {
                reaction: options
                    .iter()
                    .find(|r| matches!(r, super::Reaction::Power { .. }))
                    .cloned(),
            },
            Phase::Giant { unit, candidates } => Decision::GiantTarget {
                unit: self.closest_of(*unit, candidates).unwrap_or(0),
            },
            _ => out
                .iter()
                .find(|d| !matches!(d, Decision::March { paths } if paths.is_empty()))
                .or(out.first())
                .cloned()
                .unwrap_or(Decision::Pass),
        };
        Some(pick)
    }

    // --- Bidding ----------------------------------------------------------

    /// At the start of each round control returns to the neutral side and
    /// the players bid again for every Monster that is controlled by
    /// bidding (its card has no behaviour deck) (BoV 5.1, "Bidding").
    pub(crate) fn queue_bids(&mut self) {
        let mut bids = Vec::new();
        for k in 0..self.monsters.list.len() {
            let unit = self.monsters.list[k].unit;
            let m = &mut self.monsters.list[k];
            m.controller = None;
            m.bids = [None; 2];
            let u = &mut self.units[usize::from(unit)];
            u.owner = NEUTRAL;
            u.state.owner = NEUTRAL;
            if u.alive()
                && self
                    .card(unit)
                    .monster
                    .as_ref()
                    .is_some_and(|c| c.behaviour.is_empty())
            {
                bids.push(unit);
            }
        }
        for unit in bids.into_iter().rev() {
            self.queue
                .push_front(Step::Monster(MonsterStep::Bid { unit }));
        }
    }

    /// Asks each seat's bid in turn, then reveals: the higher bid wins,
    /// pays its victory points (the score may go below zero) and controls
    /// the Monster this round; a tie wins nothing (docs/rulings.md, "Tied
    /// bids for a Monster").
    fn bid_step(&mut self, unit: u16) -> bool {
        if !self.units[usize::from(unit)].alive() {
            return true;
        }
        let Some(m) = self.monster(unit) else {
            return true;
        };
        if let Some(seat) = (0..2).find(|&s| m.bids[usize::from(s)].is_none()) {
            self.phase = Phase::Monster {
                seat,
                ask: MonsterAsk::Bid { unit },
            };
            return false;
        }
        let bids = m.bids.map(|b| b.unwrap_or(0));
        let winner = match bids[0].cmp(&bids[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let m = self.monster_mut(unit).expect("a Monster");
        m.revealed = Some(bids);
        m.bids = [None; 2];
        if let Some(w) = winner {
            let paid = bids[usize::from(w)];
            m.last_bid = Some((w, paid));
            m.controller = Some(w);
            self.score.points[usize::from(w)] -= i32::from(paid);
            self.monsters.paid[usize::from(w)] += i32::from(paid);
            let u = &mut self.units[usize::from(unit)];
            u.owner = w;
            u.state.owner = w;
        }
        true
    }

    // --- Trophies ---------------------------------------------------------

    /// "When a monster is defeated, the player that defeated it gains
    /// victory points equal to its trophy value"; an "LSB" trophy is the
    /// last successful bid (none made: nothing). The defeater is the owner
    /// of the unit whose melee attack removed its last model, else the
    /// player whose unit attacked it last.
    pub(crate) fn monster_defeated(&mut self, unit: u16, by: Option<u16>) {
        let by_seat = by
            .map(|b| self.units[usize::from(b)].owner)
            .filter(|&s| s != NEUTRAL);
        let Some(m) = self.monster(unit) else {
            return;
        };
        let Some(seat) = by_seat.or(m.hurt_by) else {
            return;
        };
        let value = match self.card(unit).monster.as_ref().map(|c| c.trophy) {
            Some(Trophy::Points(n)) => n,
            Some(Trophy::LastSuccessfulBid) => m.last_bid.map_or(0, |(_, b)| b),
            None => 0,
        };
        self.score.trophy(seat, value);
        self.monsters.trophies[usize::from(seat)] += i32::from(value);
        if let Some(m) = self.monster_mut(unit) {
            m.trophy = Some((seat, value));
        }
    }

    /// An attack on Monsters was declared: note the attacker for the draw
    /// after the turn ("If the monster is attacked by an enemy unit") and
    /// for the trophy.
    pub(crate) fn note_attacked(&mut self, attacker: u16, targets: &[u16]) {
        let seat = self.units[usize::from(attacker)].owner;
        if seat == NEUTRAL {
            return;
        }
        for &t in targets {
            let neutral = self.units[usize::from(t)].owner == NEUTRAL;
            if let Some(m) = self.monster_mut(t) {
                m.hurt_by = Some(seat);
                if neutral {
                    m.attacked_by = Some(attacker);
                }
            }
        }
    }

    // --- Behaviour decks -----------------------------------------------------

    fn has_deck(&self, unit: u16) -> bool {
        self.card(unit)
            .monster
            .as_ref()
            .is_some_and(|m| !m.behaviour.is_empty())
    }

    /// "At the end of each round, just before the Calculate Scoring step":
    /// each neutral Monster with a behaviour deck draws.
    pub(crate) fn queue_end_of_round_draws(&mut self) {
        let units: Vec<u16> = self.monsters.list.iter().map(|m| m.unit).collect();
        for unit in units {
            if let Some(m) = self.monster_mut(unit) {
                m.attacked_by = None;
            }
            let u = &self.units[usize::from(unit)];
            if u.alive() && u.owner == NEUTRAL && self.has_deck(unit) {
                self.queue
                    .push_back(Step::Monster(MonsterStep::Draws { unit, drawn: 0 }));
            }
        }
    }

    /// The turn of `last` ended: Monsters its units attacked draw a card
    /// each ("draw one card from the behaviour deck immediately after that
    /// player's turn"), then the turn passes. `false` when none draws.
    pub(crate) fn queue_attacked_draws(&mut self, last: Seat) -> bool {
        let mut any = false;
        for k in 0..self.monsters.list.len() {
            let unit = self.monsters.list[k].unit;
            let Some(attacker) = self.monsters.list[k].attacked_by.take() else {
                continue;
            };
            let u = &self.units[usize::from(unit)];
            // "... and the monster has two or fewer fatigue tokens on it".
            if u.alive() && u.owner == NEUTRAL && u.state.fatigue <= 2 && self.has_deck(unit) {
                self.queue
                    .push_back(Step::Monster(MonsterStep::AfterAttack { unit, attacker }));
                any = true;
            }
        }
        if any {
            self.queue
                .push_back(Step::Monster(MonsterStep::NextTurn { last }));
        }
        any
    }

    /// Draws the top card, shuffling the discard pile into a new deck when
    /// the deck is empty ("If the behaviour deck is ever empty").
    fn draw(&mut self, unit: u16) -> Option<u8> {
        let m = self.monster_mut(unit)?;
        if m.deck.is_empty() {
            let mut d = std::mem::take(&mut m.discard);
            self.stream.shuffle(&mut d);
            self.monster_mut(unit)?.deck = d;
        }
        let m = self.monster_mut(unit)?;
        let c = m.deck.pop()?;
        m.discard.push(c);
        Some(c)
    }

    fn log_draw(&mut self, unit: u16, card: u8, target: Option<u16>, attacked: bool) {
        let (round, fatigue) = (self.round, self.units[usize::from(unit)].state.fatigue);
        if let Some(m) = self.monster_mut(unit) {
            m.log.push(DeckEvent::Drew {
                round,
                card,
                fatigue,
                target,
                attacked,
            });
        }
    }

    /// Runs one of the engine's Monster steps; `false` when it stopped for
    /// a decision.
    pub(crate) fn monster_step(&mut self, step: MonsterStep) -> bool {
        match step {
            MonsterStep::Draws { unit, drawn } => {
                let u = &self.units[usize::from(unit)];
                if !u.alive() {
                    return true;
                }
                // "Draw a card ... if it has one or fewer fatigue tokens on
                // it. This process is repeated until the monster has two or
                // more fatigue tokens on it".
                if u.state.fatigue <= 1
                    && drawn < END_OF_ROUND_DRAW_LIMIT
                    && let Some(card) = self.draw(unit)
                {
                    let target = self.behaviour_target(unit, card);
                    self.log_draw(unit, card, target, false);
                    self.queue.push_front(Step::Monster(MonsterStep::Draws {
                        unit,
                        drawn: drawn + 1,
                    }));
                    self.queue.push_front(Step::Monster(MonsterStep::Action {
                        unit,
                        card,
                        index: 0,
                        target,
                    }));
                    return true;
                }
                self.queue
                    .push_front(Step::Monster(MonsterStep::Reshuffle { unit }));
                true
            }
            MonsterStep::AfterAttack { unit, attacker } => {
                if !self.units[usize::from(unit)].alive() {
                    return true;
                }
                if let Some(card) = self.draw(unit) {
                    // "If a behaviour card was drawn due to being attacked, it
                    // will always consider the attacking unit the target."
                    let target = if self.units[usize::from(attacker)].alive() {
                        Some(attacker)
                    } else {
                        self.behaviour_target(unit, card)
                    };
                    self.log_draw(unit, card, target, true);
                    self.queue.push_front(Step::Monster(MonsterStep::Action {
                        unit,
                        card,
                        index: 0,
                        target,
                    }));
                }
                true
            }
            MonsterStep::Action {
                unit,
                card,
                index,
                target,
            } => {
                self.behaviour_action(unit, card, index, target);
                true
            }
            MonsterStep::Reshuffle { unit } => {
                let n = self
                    .card(unit)
                    .monster
                    .as_ref()
                    .map_or(0, |m| m.behaviour.len() as u8);
                let mut deck: Vec<u8> = (0..n).collect();
                self.stream.shuffle(&mut deck);
                let (round, fatigue) = (self.round, self.units[usize::from(unit)].state.fatigue);
                if let Some(m) = self.monster_mut(unit) {
                    m.deck = deck;
                    m.discard.clear();
                    m.log.push(DeckEvent::Reshuffled { round, fatigue });
                }
                true
            }
            MonsterStep::Bid { unit } => self.bid_step(unit),
            MonsterStep::Opportunity { mover, seat } => {
                if !self.units[usize::from(mover)].alive() {
                    return true;
                }
                let candidates: Vec<u16> = self
                    .opportunity_candidates(mover)
                    .into_iter()
                    .filter(|&c| self.units[usize::from(c)].owner == seat)
                    .collect();
                if candidates.is_empty() {
                    return true;
                }
                self.phase = Phase::Opportunity { mover, candidates };
                false
            }
            MonsterStep::NextTurn { last } => {
                self.next_turn(last);
                !self.queue.is_empty()
            }
        }
    }

    /// The Opportunity Attacks on `mover` before it moves away: each
    /// Monster engaged with it makes one ("If the monster is able to make
    /// an opportunity attack, it will make it, even if that means
    /// exhausting itself"); the candidates of one player are returned to be
    /// offered now, and the other player's (when a Monster moves away from
    /// both) are offered after.
    pub(crate) fn opportunity_by_side(&mut self, mover: u16, candidates: Vec<u16>) -> Vec<u16> {
        let owner = |b: &Battle, u: u16| b.units[usize::from(u)].owner;
        let first = candidates
            .iter()
            .map(|&c| owner(self, c))
            .find(|&s| s != NEUTRAL);
        let now: Vec<u16> = candidates
            .iter()
            .copied()
            .filter(|&c| Some(owner(self, c)) == first)
            .collect();
        if let Some(f) = first
            && candidates
                .iter()
                .any(|&c| owner(self, c) != f && owner(self, c) != NEUTRAL)
        {
            self.queue
                .push_front(Step::Monster(MonsterStep::Opportunity {
                    mover,
                    seat: Battle::other(f),
                }));
        }
        let monsters: Vec<u16> = candidates
            .into_iter()
            .filter(|&c| owner(self, c) == NEUTRAL)
            .collect();
        for c in monsters.into_iter().rev() {
            self.react(c, mover);
        }
        now
    }

    /// Whom a card aims at: "Actions with a target specify the target at
    /// the top of the card. If there are no applicable targets, the target
    /// is the closest unit, ignoring LoS." `None` for a card aimed at the
    /// Monster itself.
    pub fn behaviour_target(&self, unit: u16, card: u8) -> Option<u16> {
        let aim = self
            .card(unit)
            .monster
            .as_ref()
            .and_then(|m| m.behaviour.get(usize::from(card)))
            .map(|c| c.aim)?;
        if !aim.is_other_unit() {
            return None;
        }
        let owner = self.units[usize::from(unit)].owner;
        // A mounted rider is aimed at through its Mount.
        let foes: Vec<u16> = self
            .enemies(owner)
            .filter(|u| u.mounted_on.is_none())
            .map(|u| u.id)
            .collect();
        let snap = self.snapshot();
        let by_distance = |v: &mut Vec<u16>| {
            v.sort_by(|&a, &b| {
                self.distance(unit, a)
                    .total_cmp(&self.distance(unit, b))
                    .then(a.cmp(&b))
            })
        };
        let within = |t: u16, r: u8| self.distance(unit, t) <= f64::from(r) + 1e-9;
        let mut pick: Vec<u16> = match aim {
            Aim::Closest | Aim::Itself => foes.clone(),
            Aim::ClosestEngaged => {
                let e = self.engaged_with(&snap, unit);
                foes.iter().copied().filter(|f| e.contains(f)).collect()
            }
            Aim::ClosestInSight => {
                let sight = Sightlines::new(&self.field, &snap.models);
                foes.iter()
                    .copied()
                    .filter(|&f| sight.unit_sees(UnitId(unit), UnitId(self.body(f))))
                    .collect()
            }
            Aim::MostModels { range } => {
                let c: Vec<u16> = foes.iter().copied().filter(|&f| within(f, range)).collect();
                let most = c
                    .iter()
                    .map(|&f| self.units[usize::from(f)].state.models())
                    .max();
                c.into_iter()
                    .filter(|&f| Some(self.units[usize::from(f)].state.models()) == most)
                    .collect()
            }
            Aim::MostWounded { range } => {
                let c: Vec<u16> = foes.iter().copied().filter(|&f| within(f, range)).collect();
                let most = c
                    .iter()
                    .map(|&f| self.units[usize::from(f)].state.wounds)
                    .max();
                c.into_iter()
                    .filter(|&f| Some(self.units[usize::from(f)].state.wounds) == most)
                    .collect()
            }
        };
        if pick.is_empty() {
            pick = foes;
        }
        by_distance(&mut pick);
        pick.first().copied()
    }

    /// The unit of `among` closest to `unit`, ties by id.
    fn closest_of(&self, unit: u16, among: &[u16]) -> Option<u16> {
        among.iter().copied().min_by(|&a, &b| {
            self.distance(unit, a)
                .total_cmp(&self.distance(unit, b))
                .then(a.cmp(&b))
        })
    }

    /// Whether an action's "if" holds.
    pub fn behaviour_condition(&self, unit: u16, when: When, target: Option<u16>) -> bool {
        let snap = self.snapshot();
        let engaged = !self.engaged_with(&snap, unit).is_empty();
        match when {
            When::Engaged => engaged,
            When::NotEngaged => !engaged,
            When::TargetWithin(r) => {
                target.is_some_and(|t| self.distance(unit, t) <= f64::from(r) + 1e-9)
            }
            When::TargetInSight => target.is_some_and(|t| {
                Sightlines::new(&self.field, &snap.models)
                    .unit_sees(UnitId(unit), UnitId(self.body(t)))
            }),
            When::Wounded => self.units[usize::from(unit)].state.wounds > 0,
        }
    }

    /// "Resolve the actions, starting from the top action": an action whose
    /// "if" fails is skipped and costs no fatigue; one that resolves places
    /// a fatigue on the Monster ("treated the same as for any other unit")
    /// and does what it says. An action the rules do not allow at all (a
    /// charge out of reach, a melee attack with nothing engaged) is skipped
    /// in the same way.
    fn behaviour_action(&mut self, unit: u16, card: u8, index: u8, target: Option<u16>) {
        if !self.units[usize::from(unit)].alive() {
            return;
        }
        let Some(action) = self
            .card(unit)
            .monster
            .as_ref()
            .and_then(|m| m.behaviour.get(usize::from(card)))
            .and_then(|c| c.actions.get(usize::from(index)))
            .cloned()
        else {
            return;
        };
        // A target removed by an earlier action: aim again.
        let target = match target {
            Some(t) if self.units[usize::from(t)].alive() => Some(t),
            Some(_) => self.behaviour_target(unit, card),
            None => None,
        };
        let rest = std::mem::take(&mut self.queue);
        let holds = action
            .when
            .is_none_or(|w| self.behaviour_condition(unit, w, target));
        if holds {
            self.resolve_behaviour(unit, &action.act, target);
        }
        self.queue.push_back(Step::Monster(MonsterStep::Action {
            unit,
            card,
            index: index + 1,
            target,
        }));
        self.queue.extend(rest);
    }

    fn tire(&mut self, unit: u16) {
        let st = &mut self.units[usize::from(unit)].state;
        st.fatigue = st.fatigue.saturating_add(1);
    }

    /// Does one action of a behaviour card (the queue is empty on entry:
    /// whatever it queues comes before the rest).
    fn resolve_behaviour(&mut self, unit: u16, act: &Act, target: Option<u16>) {
        match act {
            Act::March(toward) => {
                let goal = match toward {
                    Toward::Target => target.map(|t| self.centre_of(t)),
                    Toward::ClosestObjective => {
                        let c = self.centre_of(unit);
                        self.objectives
                            .iter()
                            .copied()
                            .min_by(|a, b| a.dist(c).total_cmp(&b.dist(c)))
                    }
                };
                self.tire(unit);
                if let Some(paths) = goal.and_then(|g| self.march_toward(unit, g, false)) {
                    self.queue_move(unit, paths, self.allowance(unit, false));
                }
            }
            Act::Charge => {
                let Some(t) = target.filter(|&t| self.check_charge(unit, t).is_ok()) else {
                    return;
                };
                self.tire(unit);
                self.queue.push_back(Step::Reactions {
                    window: Window {
                        trigger: Trigger::Charged,
                        subjects: vec![t],
                        actor: Some(unit),
                    },
                    seats: self.seats_of(&[t]),
                    vaala_played: false,
                });
                self.queue.push_back(Step::Charge { unit, target: t });
            }
            Act::Attack(WeaponKind::Melee) => {
                let snap = self.snapshot();
                let engaged = self.engaged_with(&snap, unit);
                let t = target
                    .filter(|t| engaged.contains(t))
                    .or_else(|| self.closest_of(unit, &engaged));
                let Some(t) = t else {
                    return;
                };
                self.tire(unit);
                self.melee_attack(unit, t, false, true);
            }
            Act::Attack(WeaponKind::Ranged) => {
                let Some(t) = target.filter(|&t| self.check_attack(unit, t).is_ok()) else {
                    return;
                };
                let snap = self.snapshot();
                if !self.engaged_with(&snap, unit).is_empty() {
                    return;
                }
                self.tire(unit);
                self.ranged_attack(unit, t, false);
            }
            Act::MoraleTest => {
                let Some(t) = target else {
                    return;
                };
                self.tire(unit);
                let testing = self.units[usize::from(t)].state.alive;
                self.queue.push_back(Step::Morale {
                    unit: t,
                    testing,
                    cause: MoraleCause::Effect,
                    reacted: false,
                });
            }
            Act::Effect(e) => {
                self.tire(unit);
                let named = Named {
                    unit: target,
                    triggering: target,
                    subject: target,
                };
                self.resolve_effect(unit, e, &named);
            }
        }
    }

    /// The Monsters as `seat` sees them: its own bid before the reveal,
    /// never the other seat's.
    pub fn monster_views(&self, seat: Seat) -> Vec<MonsterView> {
        self.monsters
            .list
            .iter()
            .map(|m| MonsterView {
                unit: m.unit,
                trophy_value: match self.card(m.unit).monster.as_ref().map(|c| c.trophy) {
                    Some(Trophy::Points(n)) => Some(n),
                    _ => m.last_bid.map(|(_, b)| b),
                },
                drawn: m
                    .log
                    .iter()
                    .filter_map(|e| match e {
                        DeckEvent::Drew { card, .. } => Some(*card),
                        DeckEvent::Reshuffled { .. } => None,
                    })
                    .filter_map(|c| {
                        self.card(m.unit)
                            .monster
                            .as_ref()
                            .and_then(|x| x.behaviour.get(usize::from(c)))
                            .map(|b| b.name.clone())
                    })
                    .collect(),
                revealed: m.revealed,
                last_bid: m.last_bid,
                controller: m.controller,
                trophy: m.trophy,
                own_bid: m.bids.get(usize::from(seat)).copied().flatten(),
            })
            .collect()
    }
}

/// The pack's Monster card ids, for messages.
pub fn monster_ids(pack: &crate::content::Pack) -> Vec<String> {
    pack.units
        .iter()
        .filter(|c| c.monster.is_some())
        .map(|c| c.id.clone())
        .collect()
}
