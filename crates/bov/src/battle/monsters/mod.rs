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

mod behaviour;
mod bidding;
mod placement;

use serde::{Deserialize, Serialize};
use valerna_game::{Game, Seat};

use super::{Battle, BattleError, Decision, Phase, Step, err};
use crate::rules::neutral::Trophy;

/// The neutral side's seat number: no player sits there.
pub const NEUTRAL: Seat = 2;

/// The largest bid accepted: the book sets no limit, a hand of fatigue
/// counters does.
pub const MAX_BID: u16 = 99;
/// The bids listed as examples (any other up to [`MAX_BID`] is judged).
const LISTED_BIDS: u16 = 5;

/// One Monster of the battle and its cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsterState))]
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
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsters))]
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
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDeckEvent))]
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
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsterAsk))]
pub enum MonsterAsk {
    /// "Deploying monsters": place `unit` in base contact with an objective.
    Place { unit: u16 },
    /// "Bidding": a secret bid of fatigue counters for control of `unit`.
    Bid { unit: u16 },
}

/// The engine's own steps for Monsters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsterStep))]
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
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMonsterView))]
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

    pub(super) fn monster_mut(&mut self, unit: u16) -> Option<&mut MonsterState> {
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

    pub(crate) fn check_monster(&self, ask: &MonsterAsk, d: &Decision) -> Result<(), BattleError> {
        match (ask, d) {
            (MonsterAsk::Place { unit }, Decision::PlaceMonster { at }) => {
                self.check_place_monster(*unit, *at).map(|_| ())
            }
            (MonsterAsk::Bid { .. }, Decision::Bid { points }) if *points <= MAX_BID => Ok(()),
            (MonsterAsk::Bid { .. }, Decision::Bid { .. }) => {
                err(format!("a bid is at most {MAX_BID} victory points"))
            }
            _ => err(format!(
                "{} is not a decision for now: the battle asks for {}",
                d.kind_name(),
                crate::battle::log::Ask::Monster.asks_for()
            )),
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
