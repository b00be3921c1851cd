//! "Behaviour deck" and "Drawing card from the behaviour deck" (BoV 5.1,
//! "Monsters"): when a Monster draws, whom its card aims at, and each
//! action resolved as the engine's own steps.

use super::*;
use crate::battle::powers::Named;
use crate::battle::{Battle, Phase, Step, Window};
use crate::geometry::{Sightlines, UnitId};
use crate::rules::modifiers::MoraleCause;
use crate::rules::neutral::{Act, Aim, Toward, When};
use crate::rules::powers::Trigger;
use crate::rules::units::WeaponKind;

/// At the end of a round a deck whose cards all failed their "if" would
/// never bring the Monster to two fatigue: the draws stop after this many
/// (docs/rulings.md, "A behaviour deck that gives no fatigue").
const END_OF_ROUND_DRAW_LIMIT: u8 = 20;

impl Battle {
    /// Whether the Monster's card has a behaviour deck (one without is
    /// controlled by bidding).
    pub(super) fn has_deck(&self, unit: u16) -> bool {
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
    pub(super) fn draw(&mut self, unit: u16) -> Option<u8> {
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

    pub(super) fn log_draw(&mut self, unit: u16, card: u8, target: Option<u16>, attacked: bool) {
        let (round, fatigue) = (self.round, self.units[usize::from(unit)].state.fatigue);
        self.tell(crate::battle::log::Audience::Public, || {
            crate::battle::log::Event::MonsterCard { unit, card, target }
        });
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
                self.phase = Phase::Opportunity {
                    mover,
                    candidates,
                    reacted: Vec::new(),
                };
                false
            }
            MonsterStep::NextTurn { last } => {
                self.next_turn(last);
                !self.queue.is_empty()
            }
        }
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
    pub(super) fn closest_of(&self, unit: u16, among: &[u16]) -> Option<u16> {
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
    pub(super) fn behaviour_action(&mut self, unit: u16, card: u8, index: u8, target: Option<u16>) {
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

    pub(super) fn tire(&mut self, unit: u16) {
        let st = &mut self.units[usize::from(unit)].state;
        st.fatigue = st.fatigue.saturating_add(1);
    }

    /// Does one action of a behaviour card (the queue is empty on entry:
    /// whatever it queues comes before the rest).
    pub(super) fn resolve_behaviour(&mut self, unit: u16, act: &Act, target: Option<u16>) {
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
                    wounded: None,
                    source: None,
                };
                self.resolve_effect(unit, e, &named);
            }
        }
    }
}
