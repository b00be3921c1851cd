//! Reactions (BoV 5.1, "Reactions", "Reaction Powers", "Vaala Cards",
//! "Activating Powers"): the moments that set them off, which reaction
//! powers and Vaala cards each player may answer with, and their
//! resolution by the one interpreter of the effect language.
//!
//! A trigger opens a [`Window`]; each player it concerns is offered, in
//! turn, at most one reaction ("the same player cannot take more than one
//! reaction activated by the same trigger"), and once a Vaala card was
//! played on it no other may be ("No two Vaala cards can be played on the
//! same trigger").

use valerna_game::Seat;

use super::powers::Named;
use super::{Battle, CardKind, CardUse, Phase, Reaction, Step, Window};
use crate::geometry::{Sightlines, UnitId};
use crate::rules::activation;
use crate::rules::keywords::AttackKeyword;
use crate::rules::powers::{ARTIFACT_POWER_SLOT, Effect, Target, Timing, Trigger};

/// Triggers that concern one unit's own power: "this unit" is activated,
/// attacked, charged, hit or loses a model. The others (the end of a turn
/// or round, Initiative, a friend's morale test, an enemy moving away)
/// may be answered by any unit of the player.
fn personal(trigger: &Trigger) -> bool {
    matches!(
        trigger,
        Trigger::StartOfActivation
            | Trigger::EndOfActivation
            | Trigger::AttackDeclared(_)
            | Trigger::Hit(_)
            | Trigger::Charged
            | Trigger::ModelDefeated
            | Trigger::DestroysUnit
    )
}

impl Battle {
    /// The unit that set the trigger off, and the unit it happened to.
    fn trigger_units(window: &Window) -> Named {
        let subject = window.subjects.first().copied();
        Named {
            unit: None,
            triggering: window.actor.or(subject),
            subject,
            wounded: None,
            source: None,
        }
    }

    /// Whether every unit the effects name by the trigger is on the
    /// battlefield (a reaction naming a unit that is gone does nothing).
    fn trigger_units_present(&self, effects: &[Effect], named: &Named) -> bool {
        effects.iter().all(|e| match e.target() {
            Some(Target::Triggering) => named
                .triggering
                .is_some_and(|u| self.units[usize::from(u)].alive()),
            Some(Target::Subject) => named
                .subject
                .is_some_and(|u| self.units[usize::from(u)].alive()),
            _ => true,
        })
    }

    /// Has [`Step::Destroyed`] follow the step now at `at` in the queue
    /// (the wounds of `unit`'s attack or power on `target`), when `unit`'s
    /// side has anything that answers destroying a unit.
    pub(crate) fn watch_destruction(&mut self, unit: u16, target: u16, at: usize) {
        let seat = self.units[usize::from(unit)].owner;
        if self.answers(&Trigger::DestroysUnit, seat) {
            self.queue
                .insert(at.min(self.queue.len()), Step::Destroyed { unit, target });
        }
    }

    /// BoV starter, Fig. 5.3 ("After destroying the last model in a
    /// unit"): once the wounds of `unit`'s attack or power on `target`, and
    /// all they caused, are resolved, `unit`'s owner is offered its
    /// reactions if `target` is gone and `unit` is not.
    pub(crate) fn destroyed_step(&mut self, unit: u16, target: u16) {
        if self.units[usize::from(target)].alive() || !self.units[usize::from(unit)].alive() {
            return;
        }
        let seat = self.units[usize::from(unit)].owner;
        self.queue.push_front(Step::Reactions {
            window: Window {
                trigger: Trigger::DestroysUnit,
                subjects: vec![unit],
                actor: None,
            },
            seats: vec![seat],
            vaala_played: false,
        });
    }

    /// Whether any unit or card of `seat` answers `trigger` at all: most
    /// windows have none, and are passed over at once.
    fn answers(&self, trigger: &Trigger, seat: Seat) -> bool {
        let timing = Timing::Reaction(trigger.clone());
        self.living(seat)
            .any(|u| self.powers_of(u.id).any(|(_, p)| p.timing == timing))
            || self.hand(seat).iter().any(|id| {
                self.pack
                    .vaala
                    .iter()
                    .any(|c| &c.id == id && &c.trigger == trigger)
            })
    }

    /// Whether, by what the other seat knows, `seat` may hold a Vaala card
    /// answering `trigger`: it holds some card (their number is public),
    /// and some card of the pack answers it. A window is opened for `seat`
    /// on that alone, with or without an answer in hand, so that whether it
    /// is asked tells nothing of its hand (docs/rulings.md, "Reactions: one
    /// window per trigger").
    /// Only a card that could change something now counts, judged on
    /// what both seats see: Mending Light with no friendly unit to heal
    /// opens no window.
    fn may_hold_an_answer(&self, window: &Window, seat: Seat, vaala_played: bool) -> bool {
        if vaala_played || self.hand(seat).is_empty() {
            return false;
        }
        let named = Self::trigger_units(window);
        self.pack.vaala.iter().any(|c| {
            c.trigger == window.trigger
                && c.effects.iter().any(|e| {
                    let units: Vec<u16> = match e.target() {
                        Some(
                            Target::Caster | Target::Friend { .. } | Target::AllFriends { .. },
                        ) => self.living(seat).map(|u| u.id).collect(),
                        Some(
                            Target::Enemy { .. } | Target::EngagedEnemy | Target::AllEnemies { .. },
                        ) => self.enemies(seat).map(|u| u.id).collect(),
                        Some(Target::Triggering) => named.triggering.into_iter().collect(),
                        Some(Target::Subject) => named.subject.into_iter().collect(),
                        Some(Target::Wounded) | None => Vec::new(),
                    };
                    self.effect_matters(e, &units)
                })
        })
    }

    /// Whether `effect` would change anything on one of `units` now: a
    /// heal needs a wound or a status marker to take off, fatigue taken
    /// away needs fatigue, Poison turned into wounds needs Poison; every
    /// other effect (and one that names no unit) changes something.
    fn effect_matters(&self, effect: &Effect, units: &[u16]) -> bool {
        let any = |f: &dyn Fn(&crate::rules::state::UnitState) -> bool| {
            units.iter().any(|&u| f(&self.units[usize::from(u)].state))
        };
        match effect {
            Effect::Heal { .. } => any(&|s| s.wounds > 0 || s.status.total() > 0),
            Effect::Fatigue { amount, .. } if *amount < 0 => any(&|s| s.fatigue > 0),
            Effect::PoisonToWounds { .. } => {
                any(&|s| s.status.get(crate::rules::status::StatusKind::Poisoned) > 0)
            }
            _ => true,
        }
    }

    /// Whether a reaction's `effects`, by `caster` on the units `named`,
    /// change anything now ([`Self::effect_matters`]): one that would not
    /// is not offered (docs/rulings.md, "A reaction that changes nothing").
    fn changes_something(&self, caster: u16, effects: &[Effect], named: &Named) -> bool {
        effects.iter().any(|e| match e.target() {
            Some(t) => self.effect_matters(e, &self.effect_units(caster, t, named)),
            None => true,
        })
    }

    /// The reactions `seat` may take now in `window`.
    pub fn reaction_options(
        &self,
        window: &Window,
        seat: Seat,
        vaala_played: bool,
    ) -> Vec<Reaction> {
        let mut out = Vec::new();
        if !self.answers(&window.trigger, seat) {
            return out;
        }
        let named = Self::trigger_units(window);
        let mut seen: Option<(super::units::Snapshot, Sightlines)> = None;
        let engaged_with_actor: Vec<u16> = if window.trigger == Trigger::EnemyDisengages {
            let snap = self.snapshot();
            window
                .subjects
                .first()
                .map(|&m| self.engaged_with(&snap, m))
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        // Reaction powers (and the Artifacts' reaction powers).
        for x in self.living(seat) {
            if personal(&window.trigger) && !window.subjects.contains(&x.id) {
                continue;
            }
            if window.trigger == Trigger::EnemyDisengages && !engaged_with_actor.contains(&x.id) {
                continue;
            }
            for (slot, p) in self.powers_of(x.id) {
                if p.timing != Timing::Reaction(window.trigger.clone())
                    || activation::check_activation(
                        p,
                        slot,
                        &x.state,
                        self.used_this_turn(x.id, slot),
                    )
                    .is_err()
                    || !self.trigger_units_present(&p.effects, &named)
                {
                    continue;
                }
                if !p.chooses_a_unit() {
                    if self.changes_something(x.id, &p.effects, &named) {
                        out.push(Reaction::Power {
                            unit: x.id,
                            power: slot,
                            target: None,
                        });
                    }
                    continue;
                }
                let (snap, sight) = seen.get_or_insert_with(|| {
                    let snap = self.snapshot();
                    let sight = Sightlines::new(&self.field, &snap.models);
                    (snap, sight)
                });
                for t in self.units.iter().filter(|u| u.alive()) {
                    let on = Named {
                        unit: Some(t.id),
                        ..named
                    };
                    if self.may_target(x.id, &p.effects, t.id)
                        && self.changes_something(x.id, &p.effects, &on)
                        && self
                            .check_power_target(snap, sight, x.id, p, Some(t.id))
                            .is_ok()
                    {
                        out.push(Reaction::Power {
                            unit: x.id,
                            power: slot,
                            target: Some(t.id),
                        });
                    }
                }
            }
        }
        if vaala_played {
            return out;
        }
        // Vaala cards from the hand.
        let mut hand = self.hand(seat).to_vec();
        hand.dedup();
        for id in hand {
            let Some(card) = self.pack.vaala.iter().find(|c| c.id == id) else {
                continue;
            };
            if card.trigger != window.trigger || !self.trigger_units_present(&card.effects, &named)
            {
                continue;
            }
            if !card.targeted {
                // Cast as resolve_reaction casts it: by the trigger's unit.
                let caster = named
                    .subject
                    .or_else(|| self.living(seat).next().map(|u| u.id));
                if caster.is_some_and(|c| self.changes_something(c, &card.effects, &named)) {
                    out.push(Reaction::Vaala {
                        card: id.clone(),
                        caster: None,
                        target: None,
                    });
                }
                continue;
            }
            let (snap, sight) = seen.get_or_insert_with(|| {
                let snap = self.snapshot();
                let sight = Sightlines::new(&self.field, &snap.models);
                (snap, sight)
            });
            let chooses = card.effects.iter().any(Effect::chooses_a_unit);
            // A card aimed at an enemy unit asks, in its own test, whether
            // the caster sees that unit: passed, the sight line is known.
            let sight_asked = card
                .effects
                .iter()
                .any(|e| matches!(e.target(), Some(Target::Enemy { .. })));
            for caster in self.vaala_casters(seat) {
                let melee = self.engaged_with(snap, caster);
                if chooses {
                    for t in self.units.iter().filter(|u| u.alive()) {
                        let on = Named {
                            unit: Some(t.id),
                            ..named
                        };
                        // Both tests are pure: the card's own (a friend or
                        // an enemy, in its range) first, as it refuses most
                        // units without a sight line.
                        if self.may_target(caster, &card.effects, t.id)
                            && self.changes_something(caster, &card.effects, &on)
                            && self
                                .check_effects_target(
                                    snap,
                                    sight,
                                    caster,
                                    &card.name,
                                    &card.effects,
                                    Some(t.id),
                                )
                                .is_ok()
                            && self.casts_on(sight, caster, &melee, t.id, sight_asked)
                        {
                            out.push(Reaction::Vaala {
                                card: id.clone(),
                                caster: Some(caster),
                                target: Some(t.id),
                            });
                        }
                    }
                } else {
                    // The target is the trigger's unit: in range and sight.
                    let reach = card.effects.iter().all(|e| match e.target() {
                        Some(Target::Triggering) => named
                            .triggering
                            .is_some_and(|t| self.casts_on(sight, caster, &melee, t, false)),
                        Some(Target::Subject) => named
                            .subject
                            .is_some_and(|t| self.casts_on(sight, caster, &melee, t, false)),
                        _ => true,
                    });
                    if reach && self.changes_something(caster, &card.effects, &named) {
                        out.push(Reaction::Vaala {
                            card: id.clone(),
                            caster: Some(caster),
                            target: None,
                        });
                    }
                }
            }
        }
        out
    }

    /// "A Vaala card that requires a target unit must be cast by one of
    /// your units with both the Vaala keyword and a ranged attack".
    pub fn vaala_casters(&self, seat: Seat) -> Vec<u16> {
        self.living(seat)
            .filter(|u| {
                self.profile(u.id)
                    .ranged
                    .as_ref()
                    .is_some_and(|r| r.keywords.contains(&AttackKeyword::Vaala))
            })
            .map(|u| u.id)
            .collect()
    }

    /// "The caster must both be within range of and have line of sight to
    /// the target unit" (its ranged attack's range). An engaged caster
    /// reaches only itself and the enemy units engaged with it, as its
    /// attacks do: "Melee attacks target enemy units that are engaged with
    /// the attacking unit" and "An engaged unit may not make ranged
    /// attacks" (BoV 5.1, "Attacks"; docs/rulings.md, "An engaged caster
    /// casts on its own melee").
    /// `melee`: the enemy units engaged with the caster; `seen`: the
    /// caster's sight line to the target is already known to be clear.
    fn casts_on(
        &self,
        sight: &Sightlines,
        caster: u16,
        melee: &[u16],
        target: u16,
        seen: bool,
    ) -> bool {
        if caster == target {
            return true;
        }
        if !melee.is_empty() && !melee.contains(&target) {
            return false;
        }
        let range = self
            .profile(caster)
            .ranged
            .as_ref()
            .map_or(0.0, |r| f64::from(r.range));
        // The distance first: it is cheap, the sight line is not.
        self.distance(caster, target) <= range + 1e-9
            && (seen || sight.unit_sees(UnitId(self.body(caster)), UnitId(self.body(target))))
    }

    /// Offers the next seat of the window its reactions; `false` when it
    /// stopped for the answer.
    pub(crate) fn reactions_step(
        &mut self,
        window: Window,
        mut seats: Vec<Seat>,
        vaala_played: bool,
    ) -> bool {
        while !seats.is_empty() {
            let seat = seats.remove(0);
            let options = self.reaction_options(&window, seat, vaala_played);
            if options.is_empty() && !self.may_hold_an_answer(&window, seat, vaala_played) {
                continue;
            }
            // The rest of the window comes after this seat's answer.
            self.queue.push_front(Step::Reactions {
                window: window.clone(),
                seats,
                vaala_played,
            });
            self.phase = Phase::Reaction {
                seat,
                window,
                options,
            };
            return false;
        }
        true
    }

    /// Carries out a chosen reaction: its cost, its Ultimate marker or the
    /// card's discard, then its effects, before the rest of the window.
    pub(crate) fn resolve_reaction(&mut self, seat: Seat, window: &Window, reaction: &Reaction) {
        let mut named = Self::trigger_units(window);
        let (caster, effects) = match reaction {
            Reaction::Power {
                unit,
                power,
                target,
            } => {
                let Some(p) = self
                    .powers_of(*unit)
                    .into_iter()
                    .find(|(s, _)| s == power)
                    .map(|(_, p)| p.clone())
                else {
                    return;
                };
                // "Normally, reaction powers do not cost a point of fatigue,
                // unless otherwise specified".
                activation::activate(&p, *power, &mut self.units[usize::from(*unit)].state);
                self.count_power_use(*unit, *power);
                named.unit = *target;
                named.source = Some(crate::rules::powers::LastingSource::Power {
                    unit: *unit,
                    slot: *power,
                });
                (*unit, p.effects)
            }
            Reaction::Vaala {
                card,
                caster,
                target,
            } => {
                let Some(k) = self.pack.vaala.iter().position(|c| &c.id == card) else {
                    return;
                };
                let c = self.pack.vaala[k].clone();
                named.source = Some(crate::rules::powers::LastingSource::Vaala {
                    card: u16::try_from(k).unwrap_or(u16::MAX),
                });
                // "Once a Vaala card is played, it is discarded from the game."
                let hand = &mut self.hands[usize::from(seat.min(1))];
                if let Some(i) = hand.iter().position(|h| h == card) {
                    hand.remove(i);
                }
                *self
                    .uses
                    .entry((CardKind::Vaala, card.clone()))
                    .or_default() += 1;
                if let Some(Step::Reactions { vaala_played, .. }) = self.queue.front_mut() {
                    *vaala_played = true;
                }
                named.unit = *target;
                let caster = caster
                    .or(named.subject)
                    .or_else(|| self.living(seat).next().map(|u| u.id));
                let Some(caster) = caster else {
                    return;
                };
                (caster, c.effects)
            }
        };
        // The effects' steps come first, then the rest of the window and
        // what the trigger interrupted.
        let mut queued = std::mem::take(&mut self.queue);
        let mut own = std::collections::VecDeque::new();
        for e in &effects {
            self.resolve_effect(caster, e, &named);
            own.append(&mut self.queue);
        }
        own.append(&mut queued);
        self.queue = own;
    }

    /// Every power, Vaala card and Artifact in the two lists, with how many
    /// times it acted so far (zeros included), in a stable order.
    pub fn cards_used(&self) -> Vec<CardUse> {
        self.cards_of(|_| true)
    }

    /// [`Battle::cards_used`] for `seat`'s list only: the powers of its
    /// units, their Artifacts and the Vaala cards it was dealt. (A card
    /// both lists hold is counted once for both.)
    pub fn cards_used_by(&self, seat: Seat) -> Vec<CardUse> {
        self.cards_of(|s| s == seat)
    }

    fn cards_of(&self, seat: impl Fn(Seat) -> bool) -> Vec<CardUse> {
        let mut keys = std::collections::BTreeSet::new();
        for u in self.units.iter().filter(|u| seat(u.owner)) {
            let card = self.card(u.id);
            // A Hero leading troopers: its card and the Trooper card's.
            let led = u
                .hero_captain
                .into_iter()
                .flat_map(|h| [h.card, h.troopers])
                .filter_map(|c| self.pack.card(c))
                .map(|c| &c.front);
            for side in [Some(&card.front), card.injured.as_ref()]
                .into_iter()
                .flatten()
                .chain(led)
            {
                for p in side.powers.iter().take(usize::from(ARTIFACT_POWER_SLOT)) {
                    keys.insert((CardKind::Power, p.id.clone()));
                }
            }
            if let Some(a) = u.artifact.and_then(|a| self.pack.artifacts.get(a)) {
                keys.insert((CardKind::Artifact, a.id.clone()));
            }
        }
        for (s, hand) in self.dealt.iter().enumerate() {
            if !seat(s as Seat) {
                continue;
            }
            for id in hand {
                keys.insert((CardKind::Vaala, id.clone()));
            }
        }
        keys.into_iter()
            .map(|(kind, id)| {
                let uses = self.uses.get(&(kind, id.clone())).copied().unwrap_or(0);
                CardUse { kind, id, uses }
            })
            .collect()
    }
}
