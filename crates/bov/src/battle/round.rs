//! Turns and rounds (BoV 5.1, "Rounds", "Turns", "End of Round", "End of Game").

use super::{Battle, BattleError, Phase, Step, Window, err};
use crate::rules::powers::Trigger;
use crate::rules::round as book;
use crate::rules::scenario::{GameResult, OBJECTIVE_RADIUS_INCHES, ROUNDS, result_with_margin};
use crate::rules::status::StatusKind;
use valerna_game::{Outcome, Seat};

impl Battle {
    /// "Select a Unit": any friendly unit on the battlefield that is not Exhausted.
    pub fn can_activate(&self, seat: Seat, unit: u16) -> Result<(), BattleError> {
        let Some(u) = self.units.get(usize::from(unit)) else {
            return err(format!("there is no unit {unit}"));
        };
        if u.owner != seat {
            return err(format!("unit {unit} ({}) is not yours", u.name));
        }
        if !u.alive() {
            return err(format!(
                "unit {unit} ({}) is not on the battlefield",
                u.name
            ));
        }
        if !u.fatigue().can_activate() {
            return err(format!(
                "unit {unit} ({}) is Exhausted and cannot be activated (BoV 5.1, \"Select a Unit\")",
                u.name
            ));
        }
        if let Some(m) = u.mounted_on
            && self.edition().generals_mount()
        {
            return err(format!(
                "unit {unit} ({}) rides unit {m} ({}): its card is attached to the Epic Creature's, and the pair is activated as one, by the creature (BoV starter, \"Generals mounted on an Epic Creature\")",
                u.name,
                self.units[usize::from(m)].name
            ));
        }
        Ok(())
    }

    /// "Select a Unit" and "Start of Activation": the fatigue counter, then
    /// Poison. `second`: the activation an activation marker calls for,
    /// during which no marker is placed (BoV 5.1, "Simultaneous
    /// Activation": "Do not place an activation marker during the second
    /// activation").
    pub(crate) fn activate(&mut self, unit: u16, second: bool) {
        let u = &mut self.units[usize::from(unit)];
        u.dismounted = false;
        // Checked by can_activate.
        let _ = book::activate(&mut u.state);
        if self.edition().dangerous_at_start_of_turn() {
            self.dangerous_at_start_of_turn(unit);
        }
        // BoV starter, "Generals mounted on an Epic Creature": one
        // activation for the pair, its fatigue counter on both cards and
        // the start of it for both (docs/rulings.md, "Mounted Generals in
        // the starter edition").
        let general = self.attached_general(unit);
        for u in std::iter::once(unit).chain(general) {
            if u != unit {
                self.units[usize::from(u)].state.fatigue =
                    self.units[usize::from(unit)].state.fatigue;
            }
            let witness = self.witness();
            let markers = self.units[usize::from(u)].state.status.poisoned;
            let s = &mut self.units[usize::from(u)].state;
            let poison = book::start_of_activation(s, &mut self.stream);
            // "Poisoned": its white dice told die by die.
            if let Some(mut w) = witness.filter(|_| markers > 0) {
                let pool = [valerna_dice::bov::DiceGroup {
                    count: u32::from(markers),
                    colour: valerna_dice::bov::Colour::White,
                }];
                let dice = valerna_dice::bov::roll_attack_dice(
                    &pool,
                    valerna_dice::bov::Shift::None,
                    &mut w,
                );
                let wounds = poison.wounds;
                self.tell(super::log::Audience::Public, || {
                    super::log::Event::PoisonRolled {
                        unit: u,
                        dice,
                        wounds,
                    }
                });
            }
            if poison.wounds > 0 {
                self.queue.push_back(Step::Wounds {
                    unit: u,
                    wounds: poison.wounds,
                    statuses: Vec::new(),
                    by: None,
                });
            }
        }
        // BoV 5.1, "Start of Activation": "units with the Command keyword
        // have an ability that they can use at this time"; "Simultaneous
        // Activation": "At the start of either the rider or the Mount's
        // activation, you may place an activation marker on one of them".
        let pair = !self.edition().generals_mount() && self.ride_partner(unit).is_some();
        if !second && (self.command_of(unit).is_some() || pair) {
            self.queue.push_back(Step::Command { hero: unit });
        }
        // BoV 5.1, "Reactions": "At the start of this unit's activation".
        let owner = self.units[usize::from(unit)].owner;
        self.queue.push_back(Step::Reactions {
            window: Window {
                trigger: Trigger::StartOfActivation,
                subjects: vec![unit],
                actor: None,
            },
            seats: vec![owner],
            vaala_played: false,
        });
        self.queue.push_back(Step::ChooseAction { unit });
    }

    /// "Pass or Activate": a pass lasts the rest of the round.
    pub(crate) fn pass(&mut self, seat: Seat) {
        self.passed[usize::from(seat)] = true;
        self.next_turn(seat);
    }

    /// The end of an activation: its markers go and the effects that lasted
    /// "this activation" end. A Command X Hero's or a Dragonrider pair's
    /// activation marker then activates the marked unit at once, in the
    /// same turn; otherwise the turn ends, with its reactions. BoV 5.1,
    /// "Command X": "After this Hero has finished its activation, you must
    /// immediately remove the activation marker and activate that unit.
    /// This effectively allows you to have two activations in a row in a
    /// single turn"; so "End of Turn" comes once, after the second.
    pub(crate) fn end_of_activation(&mut self, unit: u16) {
        // BoV starter, "Generals mounted on an Epic Creature": the General
        // riding acts in its creature's activation, so its markers go too.
        if let Some(general) = self.attached_general(unit) {
            book::end_of_activation(&mut self.units[usize::from(general)].state);
        }
        let u = &mut self.units[usize::from(unit)];
        book::end_of_activation(&mut u.state);
        let owner = u.owner;
        self.expire_activation();
        if let Some((hero, marked)) = self.command_marker
            && hero == unit
        {
            self.command_marker = None;
            if self.can_activate(owner, marked).is_ok() {
                self.activate(marked, true);
                return;
            }
        }
        // BoV 5.1, "Reactions": "At the end of your turn", before the turn
        // passes.
        self.queue.push_front(Step::TurnEnds { unit });
        self.queue.push_front(Step::Reactions {
            window: Window {
                trigger: Trigger::EndOfTurn,
                subjects: vec![unit],
                actor: None,
            },
            seats: vec![owner],
            vaala_played: false,
        });
    }

    /// "End of Turn": the effects that lasted the turn end and every power
    /// may be activated again ("once per turn"); then the next turn.
    pub(crate) fn end_of_turn(&mut self, unit: u16) {
        let owner = self.units[usize::from(unit)].owner;
        self.expire_lasting(false);
        // BoV 5.1, "Behaviour deck": Monsters attacked this turn draw first.
        if !self.queue_attacked_draws(owner) {
            self.next_turn(owner);
        }
    }

    /// "Command X": the units the Hero may place its activation marker on:
    /// friendly units with its X keyword within 1" that may be activated.
    /// For a Dragonrider and its Mount, the other of the pair ("Simultaneous
    /// Activation"; a mounted Hero cannot use its Command keyword).
    pub fn command_candidates(&self, hero: u16) -> Vec<u16> {
        let owner = self.units[usize::from(hero)].owner;
        let near = match self.ride_partner(hero) {
            Some(p) => vec![p],
            None => self.command_candidates_near(hero),
        };
        near.into_iter()
            .filter(|&u| self.can_activate(owner, u).is_ok())
            .collect()
    }

    /// The opponent takes the next turn unless it has passed; once both have
    /// passed the round ends ("Rounds").
    pub(crate) fn next_turn(&mut self, last: Seat) {
        if self.result.is_some() {
            return;
        }
        let other = Self::other(last);
        if !self.passed[usize::from(other)] {
            self.phase = Phase::Turn { seat: other };
        } else if !self.passed[usize::from(last)] {
            self.phase = Phase::Turn { seat: last };
        } else {
            self.end_of_round();
        }
    }

    /// Models of each seat within 3" of each objective, Monsters left out.
    /// A mounted rider's models stand on its Mount's base ("counts as being
    /// in the same location as its Mount").
    pub fn models_on_objectives(&self) -> Vec<[u16; 2]> {
        self.objectives
            .iter()
            .map(|&o| {
                let mut c = [0u16; 2];
                let on = |m: &crate::geometry::Model| {
                    m.center.dist(o) - m.radius_in <= OBJECTIVE_RADIUS_INCHES + 1e-6
                };
                for u in self.units.iter().filter(|u| u.alive() && !u.monster) {
                    let n = if u.mounted_on.is_some() {
                        if self.placed_models(u.id).iter().any(on) {
                            u.state.models() as u16
                        } else {
                            0
                        }
                    } else {
                        u.models().iter().filter(|m| on(m)).count() as u16
                    };
                    c[usize::from(u.owner.min(1))] += n;
                }
                c
            })
            .collect()
    }

    /// "End of Round": first the reactions to it, the player with the
    /// Initiative first.
    fn end_of_round(&mut self) {
        self.queue.push_back(Step::Reactions {
            window: Window {
                trigger: Trigger::EndOfRound,
                subjects: Vec::new(),
                actor: None,
            },
            seats: vec![
                self.initiative,
                Self::other(self.initiative),
                super::monsters::NEUTRAL,
            ],
            vaala_played: false,
        });
        // BoV 5.1, "Behaviour deck": "just before the Calculate Scoring step".
        self.queue_end_of_round_draws();
        self.queue.push_back(Step::RoundEnds);
    }

    /// "End of Round": scoring, Restore Fatigue, initiative, next round or
    /// the end of the game. Units whose owner has a choice of status markers
    /// to remove are queued for that decision; the rest restore at once.
    pub(crate) fn round_ends(&mut self) {
        let on = self.models_on_objectives();
        self.score
            .score_round(self.setup.scenario, &mut self.control, &on);
        let (round, score, control) = (self.round, self.score.points, self.control.control.clone());
        if !control.is_empty() {
            self.tell(super::log::Audience::Public, || {
                super::log::Event::Control { control }
            });
        }
        self.tell(super::log::Audience::Public, || super::log::Event::Scored {
            round,
            score,
        });
        self.expire_lasting(true);
        let mut asks = Vec::new();
        for u in self.units.iter_mut().filter(|u| u.alive()) {
            let allowed = crate::rules::fatigue::restore(u.state.fatigue).status_removals;
            match markers_to_remove(&u.state.status, allowed) {
                Some(remove) => {
                    let _ = book::restore_fatigue(&mut u.state, &remove);
                }
                None => asks.push(u.id),
            }
        }
        self.queue
            .extend(asks.into_iter().map(|unit| Step::RestoreFatigue { unit }));
        self.queue.push_back(Step::NextRound);
    }

    /// Stops for the owner's choice of markers; `false` when it did.
    pub(crate) fn restore_fatigue_step(&mut self, unit: u16) -> bool {
        let u = &self.units[usize::from(unit)];
        if !u.alive() {
            return true;
        }
        let allowed = crate::rules::fatigue::restore(u.state.fatigue).status_removals;
        self.phase = Phase::Markers { unit, allowed };
        false
    }

    /// "Restore Fatigue" with the markers the owner named (already checked).
    pub(crate) fn restore_with(&mut self, unit: u16, markers: &[StatusKind]) {
        let _ = book::restore_fatigue(&mut self.units[usize::from(unit)].state, markers);
    }

    /// The choices of markers to remove: every way of removing as many as
    /// allowed, the most harmful first (Poisoned, Immobilized, Slowed).
    pub fn marker_choices(&self, unit: u16, allowed: u8) -> Vec<Vec<StatusKind>> {
        let status = self.units[usize::from(unit)].state.status;
        let n = (allowed as u32).min(status.total()) as usize;
        let mut out = Vec::new();
        let mut pick = Vec::new();
        marker_sets(&status, n, 0, &mut pick, &mut out);
        out
    }

    /// "Roll Initiative", then the next round or the end of the game.
    pub(crate) fn next_round(&mut self) {
        if self.round >= ROUNDS {
            self.end_game("rounds");
        } else {
            let before = self.round;
            self.start_round();
            self.initiative_window(before);
        }
    }

    /// A round that began (Initiative rolled) since `round_before` offers
    /// the winner's reactions to Initiative before the first turn: the
    /// first turn goes through [`Step::FirstTurn`] when no Dangerous
    /// terrain queued it already.
    pub(crate) fn initiative_window(&mut self, round_before: u8) {
        if self.round != round_before
            && self.result.is_none()
            && !self.queue.iter().any(|s| matches!(s, Step::FirstTurn))
        {
            self.queue.push_back(Step::FirstTurn);
        }
    }

    /// "End of Game": immediately when only one side has units left; but a
    /// defeated Giant inflicts its wounds first ("When this unit is
    /// defeated, inflict wounds on any one enemy unit engaged with this
    /// unit ... then remove this unit", BoV p.22), so the check waits while
    /// they are to come ([`Step::WipeOut`] follows them). If they defeat
    /// the last enemy unit, both sides are gone at once (docs/rulings.md,
    /// "When both sides are wiped out at once").
    pub(crate) fn check_wipe_out(&mut self) {
        let giant_pending = matches!(self.phase, Phase::Giant { .. })
            || self
                .queue
                .iter()
                .any(|s| matches!(s, Step::Giant { .. } | Step::WipeOut));
        if giant_pending {
            return;
        }
        let on = [0, 1].map(|s| self.living(s).next().is_some() || self.quest_units_to_come(s));
        if on != [true, true] {
            self.end_game("wipe_out");
        }
    }

    fn end_game(&mut self, why: &str) {
        if self.result.is_some() {
            return;
        }
        // BoV 5.1, "Reserves": units left in Reserve are defeated; not in
        // the starter edition, whose army left in Reserve was not
        // "completely destroyed".
        let reserves_stand = !self.edition().reserves_defeated_at_the_end();
        if !reserves_stand {
            self.defeat_reserves();
        }
        // A side some of whose units went home with treasure was not
        // "completely defeated" (docs/rulings.md, "The Quest").
        let on = [0, 1].map(|s| {
            self.living(s).next().is_some()
                || self.went_home(s)
                || (reserves_stand && self.reserves(s).next().is_some())
        });
        let margin = self
            .edition()
            .victory_margin(self.setup.scenario, self.game_size);
        let r = result_with_margin(&self.score, margin, on);
        let winners = match r {
            GameResult::Win { seat, .. } => vec![seat],
            GameResult::Draw => Vec::new(),
        };
        let reason = match r {
            GameResult::Win {
                by_wipe_out: true, ..
            } => "wipe_out".to_string(),
            GameResult::Win { .. } => "score".to_string(),
            GameResult::Draw => "draw".to_string(),
        };
        let _ = why;
        let (winner, score) = (winners.first().copied(), self.score.points);
        // What the last round changed is told before the end, not after it.
        self.tell_changes();
        self.tell(super::log::Audience::Public, || super::log::Event::Ended {
            winner,
            reason: reason.clone(),
            score,
        });
        self.result = Some(Outcome { winners, reason });
        self.phase = Phase::Over;
        self.queue.clear();
    }
}

/// The order in which a choice of markers is offered: the most harmful first.
const MARKER_ORDER: [StatusKind; 3] = [
    StatusKind::Poisoned,
    StatusKind::Immobilized,
    StatusKind::Slowed,
];

/// The markers "Restore Fatigue" removes when the owner has no real choice:
/// all of them when they are no more than allowed, or as many as allowed of
/// the only kind there is. `None` when markers of several kinds compete.
/// Removing a marker never harms its unit, so as many go as allowed.
pub(crate) fn markers_to_remove(
    status: &crate::rules::status::StatusMarkers,
    allowed: u8,
) -> Option<Vec<StatusKind>> {
    let kinds = MARKER_ORDER.iter().filter(|&&k| status.get(k) > 0).count();
    if allowed == 0 || status.total() <= u32::from(allowed) || kinds <= 1 {
        let mut out = Vec::new();
        for k in MARKER_ORDER {
            for _ in 0..status.get(k) {
                if out.len() < usize::from(allowed) {
                    out.push(k);
                }
            }
        }
        return Some(out);
    }
    None
}

/// Every multiset of `n` markers the unit has, kinds in [`MARKER_ORDER`].
fn marker_sets(
    status: &crate::rules::status::StatusMarkers,
    n: usize,
    from: usize,
    pick: &mut Vec<StatusKind>,
    out: &mut Vec<Vec<StatusKind>>,
) {
    if pick.len() == n {
        out.push(pick.clone());
        return;
    }
    for (i, &k) in MARKER_ORDER.iter().enumerate().skip(from) {
        let taken = pick.iter().filter(|&&p| p == k).count();
        if taken < usize::from(status.get(k)) {
            pick.push(k);
            marker_sets(status, n, i, pick, out);
            pick.pop();
        }
    }
}
