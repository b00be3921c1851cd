//! Decisions: which are legal now, and what each does (BoV 5.1, "Turns" >
//! "Pass or Activate", "Select a Unit", "Choose and Resolve an Action";
//! "Actions": March, Attack, Charge, Skirmish; "Reactions").

use super::units::Snapshot;
use super::{Battle, BattleError, Decision, DrawnPath, Paths, Phase, Step, Window, err};
use crate::geometry::movement::same_moves;
use crate::geometry::{
    ChargeOutcome, ModelMove, MoveKind, Point, Sightlines, UnitId, UnitMove, charge_move, pile_in,
    plan_formation, separate_flanking, separate_with_charger, validate_unit_move,
};
use crate::rules::charge::{
    MAX_CHARGE_BONUS, charge_allowance, check_declaration, roll_charge_bonus,
};
use crate::rules::powers::Trigger;
use crate::rules::wounds::WoundPlan;
use valerna_game::Choices;

impl Battle {
    /// The ways `unit` may move: a Flying unit "can choose to either move
    /// on the ground or fly" (BoV 5.1, "Flying"), flying tried first.
    pub(crate) fn move_ways(&self, unit: u16) -> Vec<crate::geometry::MoveTraits> {
        let traits = self.units[usize::from(unit)].traits;
        if traits.flying {
            let ground = crate::geometry::MoveTraits {
                flying: false,
                ..traits
            };
            vec![traits, ground]
        } else {
            vec![traits]
        }
    }

    /// A move judged flying, then on the ground for a Flying unit: the
    /// first legal way and where it ends.
    fn legal_move(
        &self,
        snap: &Snapshot,
        unit: u16,
        paths: &Paths,
        allowance: f64,
    ) -> Result<(UnitMove, Vec<crate::geometry::Model>), BattleError> {
        let mv = self.unit_move(snap, unit, paths, allowance)?;
        self.judge_ways(snap, mv)
    }

    /// `mv` judged each way its unit may move ([`Self::move_ways`]): the
    /// first legal way and where it ends, or the first way's refusal in
    /// the player's words.
    pub(crate) fn judge_ways(
        &self,
        snap: &Snapshot,
        mut mv: UnitMove,
    ) -> Result<(UnitMove, Vec<crate::geometry::Model>), BattleError> {
        let mut first = None;
        for traits in self.move_ways(mv.unit.0) {
            mv.traits = traits;
            match validate_unit_move(&self.field, &snap.models, &mv) {
                Ok(after) => return Ok((mv, after)),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.map_or_else(
            || BattleError(String::new()),
            |e| self.move_refusal(snap, &e),
        ))
    }

    /// Builds the geometry's unit move from per-model paths.
    fn unit_move(
        &self,
        snap: &Snapshot,
        unit: u16,
        paths: &Paths,
        allowance: f64,
    ) -> Result<UnitMove, BattleError> {
        let mut moves = Vec::new();
        for (m, way) in paths {
            let Some(i) = snap.find(unit, *m) else {
                return err(format!(
                    "{} is not on the battlefield",
                    self.model_name(unit, *m)
                ));
            };
            moves.push(ModelMove {
                model: i,
                waypoints: way.clone(),
            });
        }
        let mut mv = UnitMove {
            unit: UnitId(unit),
            kind: MoveKind::Normal,
            allowance: Some(allowance),
            traits: self.units[usize::from(unit)].traits,
            moves,
        };
        // BoV 5.1, "The Quest" > "Grabbing Treasure": the move ends at a
        // treasure token.
        self.cut_at_treasures(&snap.models, &mut mv);
        Ok(mv)
    }

    /// Checks a move with the geometry (BoV 5.1, "Movement").
    fn check_move(&self, unit: u16, paths: &Paths, allowance: f64) -> Result<(), BattleError> {
        // Not moving at all is always allowed, even for a unit that casualties
        // left out of coherency: only a move's end is judged.
        if paths.iter().all(|(_, w)| w.is_empty()) {
            return Ok(());
        }
        self.check_on_foot(unit)?;
        let snap = self.snapshot();
        self.legal_move(&snap, unit, paths, allowance).map(|_| ())
    }

    /// An enemy unit on the battlefield.
    fn enemy(&self, unit: u16, target: u16) -> Result<(), BattleError> {
        let Some(t) = self.units.get(usize::from(target)) else {
            return err(format!("there is no unit {target}"));
        };
        if t.owner == self.units[usize::from(unit)].owner {
            return err(format!("unit {target} ({}) is not an enemy", t.name));
        }
        if !t.alive() {
            return err(format!(
                "unit {target} ({}) is not on the battlefield",
                t.name
            ));
        }
        Ok(())
    }

    /// "Attack" > "Declare Target".
    pub fn check_attack(&self, unit: u16, target: u16) -> Result<(), BattleError> {
        self.enemy(unit, target)?;
        let snap = self.snapshot();
        let engaged = self.engaged_with(&snap, unit);
        if !engaged.is_empty() {
            if engaged.contains(&target) {
                return Ok(());
            }
            return err(
                "an engaged unit may only attack in melee a unit it is engaged with (BoV 5.1, \"No Ranged Attacks while Engaged\")",
            );
        }
        self.check_ranged_target(&snap, unit, target)
    }

    fn check_ranged_target(
        &self,
        snap: &Snapshot,
        unit: u16,
        target: u16,
    ) -> Result<(), BattleError> {
        if self.profile(unit).ranged.is_none() {
            return err(format!(
                "unit {unit} has no ranged attack, and a melee attack needs an engaged target"
            ));
        }
        let sight = Sightlines::new(&self.field, &snap.models);
        self.ranged_target_ok(snap, &sight, unit, target)
    }

    /// The target is within range and line of sight of a model.
    pub(crate) fn ranged_target_ok(
        &self,
        snap: &Snapshot,
        sight: &Sightlines,
        unit: u16,
        target: u16,
    ) -> Result<(), BattleError> {
        if self.profile(unit).ranged.is_none() {
            return err(format!("unit {unit} has no ranged attack"));
        }
        if self.ranged_models(snap, sight, unit, target) == 0 {
            return err(format!(
                "unit {target} is not within range and line of sight of any model (BoV 5.1, \"Declare Target\")"
            ));
        }
        Ok(())
    }

    /// A mounted rider "counts as being in the same location as its Mount":
    /// it moves only with its Mount, so it neither moves on its own nor
    /// charges (docs/rulings.md, "Dragonriders").
    fn check_on_foot(&self, unit: u16) -> Result<(), BattleError> {
        if self.mounted(unit) {
            return err(format!(
                "unit {unit} ({}) rides its Mount and moves only with it: dismount first (BoV 5.1, \"Dragonriders\")",
                self.units[usize::from(unit)].name
            ));
        }
        Ok(())
    }

    /// "Charge" > "Select Target".
    pub fn check_charge(&self, unit: u16, target: u16) -> Result<(), BattleError> {
        self.enemy(unit, target)?;
        self.check_on_foot(unit)?;
        let snap = self.snapshot();
        let engaged = self.engaged(&snap, unit);
        // An engaged unit is refused whatever it sees.
        let sees = !engaged
            && Sightlines::new(&self.field, &snap.models)
                .unit_sees(UnitId(unit), UnitId(self.body(target)));
        self.check_charge_status(unit)?;
        check_declaration(
            engaged,
            sees,
            self.distance(unit, target),
            self.charge_reach(unit),
        )
        .map_err(|e| BattleError(e.to_string()))
    }

    /// An Immobilized unit cannot charge: its Speed is zero and the charge
    /// move adds the dice "to the unit's Speed" (BoV 5.1, "Immobilized";
    /// docs/rulings.md, "Charges under status effects").
    fn check_charge_status(&self, unit: u16) -> Result<(), BattleError> {
        if self.units[usize::from(unit)].state.status.immobilized > 0 {
            return err(
                "an Immobilized unit's Speed is zero and it cannot charge (BoV 5.1, \"Immobilized\")",
            );
        }
        Ok(())
    }

    /// The farthest the unit's charge move can go: its allowance with every
    /// die a double hit, so that the declaration and the move read Slowed
    /// alike (BoV p.13, "there must be a chance that the charge move will
    /// succeed"; docs/rulings.md, "Charges under status effects").
    pub fn charge_reach(&self, unit: u16) -> f64 {
        self.charge_distance(unit, MAX_CHARGE_BONUS)
    }

    /// Each distance the unit's charge move may cover, with the chance that
    /// the dice ([`odds::charge_bonus`](valerna_dice::odds::charge_bonus))
    /// reach it: none for a unit off the table, riding, or Immobilized.
    pub fn charge_reaches(&self, unit: u16, bonus: &valerna_dice::Pmf) -> Vec<super::ChargeReach> {
        let u = &self.units[usize::from(unit)];
        if !u.alive() || u.mounted_on.is_some() || self.check_charge_status(unit).is_err() {
            return Vec::new();
        }
        let mut out: Vec<super::ChargeReach> = Vec::new();
        for k in 0..=MAX_CHARGE_BONUS {
            let inches = self.charge_distance(unit, k);
            let chance = valerna_dice::odds::clamp_probability(bonus.at_least(k as usize));
            match out.last_mut() {
                // Halved by Slowed, two rolls may reach as far.
                Some(last) if last.inches == inches => last.chance = last.chance.max(chance),
                _ => out.push(super::ChargeReach { inches, chance }),
            }
        }
        out
    }

    /// The charge move's allowance: Speed plus the dice, halved as a whole
    /// when Slowed ("This unit's Speed is reduced by half", the dice being
    /// added to Speed), nothing when Immobilized.
    pub fn charge_distance(&self, unit: u16, bonus: u32) -> f64 {
        let u = &self.units[usize::from(unit)];
        let bonus_speed = crate::rules::powers::speed_bonus(&u.lasting) + self.passive_speed(unit);
        let speed = f64::from((i32::from(self.profile(unit).speed) + bonus_speed).max(0));
        crate::rules::status::speed_allowance(
            charge_allowance(speed, bonus),
            &u.state.status,
            false,
        )
    }

    /// Whether `decision` is legal now, and if not, why.
    pub(crate) fn check(&self, decision: &Decision) -> Result<(), BattleError> {
        match (&self.phase, decision) {
            (Phase::Deploy { seat }, Decision::Deploy { unit, positions }) => {
                self.check_deploy(*seat, *unit, positions)
            }
            (Phase::Turn { .. }, Decision::Pass) => Ok(()),
            (Phase::Turn { seat }, Decision::Activate { unit }) => {
                if self.passed[usize::from(*seat)] {
                    return err(
                        "you have passed and must pass until the end of the round (BoV 5.1, \"Pass or Activate\")",
                    );
                }
                if self
                    .units
                    .get(usize::from(*unit))
                    .is_some_and(|u| u.reserve)
                {
                    return self.can_activate_reserve(*seat, *unit);
                }
                self.can_activate(*seat, *unit)
            }
            (Phase::Action { unit }, Decision::March { paths }) => {
                self.check_move(*unit, paths, self.allowance(*unit, false))
            }
            (Phase::Action { unit }, Decision::Attack { target }) => {
                self.check_attack(*unit, *target)
            }
            (Phase::Action { unit }, Decision::Charge { target }) => {
                self.check_charge(*unit, *target)
            }
            (
                Phase::Action { unit },
                Decision::PairAttack {
                    target,
                    general_target,
                },
            ) => self.check_pair_attack(*unit, *target, *general_target),
            (Phase::Action { unit }, Decision::Skirmish { target, paths }) => {
                self.enemy(*unit, *target)?;
                // BoV 5.1, "Skirmish": the target is chosen in range and
                // sight before the move, checked again after it.
                self.check_ranged_target(&self.snapshot(), *unit, *target)?;
                self.check_move(*unit, paths, self.allowance(*unit, true))
            }
            (Phase::Action { unit }, Decision::ActivatePower { power, target }) => {
                self.check_power(*unit, *power, *target)
            }
            (Phase::Action { unit }, Decision::FlankedAttack { targets }) => {
                self.check_flanked_attack(*unit, targets).map(|_| ())
            }
            (Phase::Reaction { .. }, Decision::Reaction { reaction: None }) => Ok(()),
            (Phase::Reaction { options, .. }, Decision::Reaction { reaction: Some(r) }) => {
                if options.contains(r) {
                    Ok(())
                } else {
                    let what = match r {
                        super::Reaction::Power { unit, power, .. } => {
                            format!("power {power} of unit {unit}")
                        }
                        super::Reaction::Vaala { card, .. } => format!("the Vaala card '{card}'"),
                    };
                    err(format!(
                        "{what} is not a reaction open now (BoV 5.1, \"Reactions\": its trigger, once per turn, one per player per trigger)"
                    ))
                }
            }
            (Phase::PowerMove { unit, inches }, Decision::March { paths }) => {
                self.check_move(*unit, paths, *inches)
            }
            (
                Phase::Consolidate {
                    unit,
                    foes,
                    movers,
                    engages,
                    ..
                },
                Decision::Consolidate { paths },
            ) => self
                .check_consolidation(*unit, foes, movers, *engages, paths)
                .map(|_| ()),
            (
                Phase::PowerPlace { unit },
                Decision::Deploy {
                    unit: named,
                    positions,
                },
            ) => self.check_power_place(*unit, *named, positions),
            (
                Phase::PairAttack {
                    target, candidates, ..
                },
                Decision::PairAttack {
                    target: named,
                    general_target,
                },
            ) => self.check_general_target(*target, candidates, *named, Some(*general_target)),
            (Phase::PairAttack { target, .. }, Decision::Attack { target: named }) => {
                self.check_general_target(*target, &[], *named, None)
            }
            (Phase::Giant { candidates, .. }, Decision::GiantTarget { unit })
            | (Phase::Command { candidates, .. }, Decision::Command { unit: Some(unit) })
            | (Phase::Redirect { candidates, .. }, Decision::Redirect { unit: Some(unit) }) => {
                if candidates.contains(unit) {
                    Ok(())
                } else {
                    err(format!(
                        "unit {unit} is not one of the units offered: {candidates:?} (BoV 5.1, \"Giant\", \"Command X\")"
                    ))
                }
            }
            (Phase::Command { .. }, Decision::Command { unit: None })
            | (Phase::Redirect { .. }, Decision::Redirect { unit: None })
            | (Phase::Mount { .. }, Decision::Mount { mount: None }) => Ok(()),
            (Phase::Mount { candidates, .. }, Decision::Mount { mount: Some(m) }) => {
                if candidates.contains(m) {
                    Ok(())
                } else {
                    err(format!(
                        "unit {m} is not a Mount the rider may get on: {candidates:?} (BoV 5.1, \"Dragonriders\": base contact, neither engaged, not after dismounting)"
                    ))
                }
            }
            (Phase::Action { unit }, Decision::Dismount { positions }) => {
                self.check_dismount(*unit, positions)
            }
            (Phase::Opportunity { .. }, Decision::React { unit: None }) => Ok(()),
            (Phase::Opportunity { candidates, .. }, Decision::React { unit: Some(u) }) => {
                if candidates.contains(u) {
                    Ok(())
                } else {
                    err(format!(
                        "unit {u} cannot make an Opportunity Attack now (not engaged with the mover, Flanked or Exhausted)"
                    ))
                }
            }
            (
                Phase::Opportunity {
                    mover, candidates, ..
                },
                Decision::ReactSplit { unit, targets },
            ) => self
                .check_opportunity_split(*mover, candidates, *unit, targets)
                .map(|_| ()),
            (Phase::Casualties { unit, plan, .. }, Decision::Remove { models }) => {
                check_casualties(
                    &self.units[usize::from(*unit)].state.alive,
                    plan,
                    models,
                    |m| self.model_name(*unit, m),
                )
            }
            (Phase::PlaceObjective { .. }, Decision::PlaceObjective { at }) => {
                self.check_place_objective(*at)
            }
            (Phase::Deploy { seat }, Decision::Reserve) => self.check_reserve(*seat),
            (Phase::Reserve { unit }, Decision::Enter { point, paths }) => {
                self.check_enter(*unit, *point, paths)
            }
            (Phase::Reserve { .. }, Decision::StayInReserve) => Ok(()),
            (Phase::Dangerous { candidates, .. }, Decision::DangerousTarget { unit }) => {
                self.check_dangerous_target(candidates, *unit)
            }
            (Phase::TableEdge { .. }, Decision::TableEdge { short, .. }) => {
                if *short && !self.edition().any_table_edge() {
                    return err(
                        "BoV 5.1, \"Roll for Table Edges\": the winner picks one of the two longer table edges (any edge is the starter edition's)",
                    );
                }
                Ok(())
            }
            (Phase::EntryEdge { .. }, Decision::EntryEdge { .. }) => Ok(()),
            (Phase::UpgradeToken { .. }, Decision::UpgradeToken { .. }) => Ok(()),
            (Phase::Markers { unit, .. }, Decision::RemoveMarkers { markers }) => {
                // BoV 5.1, "Restore Fatigue": up to the allowance, markers the
                // unit has.
                let mut state = self.units[usize::from(*unit)].state;
                crate::rules::round::restore_fatigue(&mut state, markers)
                    .map(|_| ())
                    .map_err(|e| BattleError(e.to_string()))
            }
            (Phase::Monster { ask, .. }, d) => self.check_monster(ask, d),
            (Phase::Over, _) => err("the game is over"),
            (phase, d) => err(format!(
                "{} is not a decision for now: the battle asks for {}",
                d.kind_name(),
                super::log::Ask::of(phase).asks_for()
            )),
        }
    }

    /// Applies a checked decision.
    pub(crate) fn carry_out(&mut self, decision: Decision) {
        match (self.phase.clone(), decision) {
            (Phase::Deploy { seat }, Decision::Deploy { unit, positions }) => {
                let round = self.round;
                self.deploy(seat, unit, &positions);
                self.initiative_window(round);
            }
            (Phase::Turn { seat }, Decision::Pass) => self.pass(seat),
            (Phase::Turn { .. }, Decision::Activate { unit }) => {
                if self.units[usize::from(unit)].reserve {
                    self.activate_reserve(unit);
                } else {
                    self.activate(unit, false);
                }
            }
            (Phase::Action { unit }, Decision::March { paths }) => {
                self.queue_move(unit, paths, self.allowance(unit, false));
                if self.is_quest() {
                    self.queue.push_back(Step::Home { unit });
                }
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Action { unit }, Decision::Attack { target }) => {
                let snap = self.snapshot();
                if self.engaged_with(&snap, unit).contains(&target) {
                    self.melee_attack(unit, target, false, true);
                } else {
                    self.ranged_attack(unit, target, false);
                }
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (
                Phase::Action { unit },
                Decision::PairAttack {
                    target,
                    general_target,
                },
            ) => self.pair_attack(unit, target, general_target),
            (Phase::Action { unit }, Decision::Charge { target }) => {
                // BoV 5.1, "Reactions": "When this unit is charged".
                self.queue.push_back(Step::Reactions {
                    window: Window {
                        trigger: Trigger::Charged,
                        subjects: vec![target],
                        actor: Some(unit),
                    },
                    seats: self.seats_of(&[target]),
                    vaala_played: false,
                });
                self.queue.push_back(Step::Charge { unit, target });
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Action { unit }, Decision::Skirmish { target, paths }) => {
                self.queue_move(unit, paths, self.allowance(unit, true));
                // The starter's Skirmish moves by "a normal Move action",
                // which brings a treasure home at once.
                if self.is_quest() && self.edition().skirmish_brings_treasure_home() {
                    self.queue.push_back(Step::Home { unit });
                }
                self.queue.push_back(Step::SkirmishAttack { unit, target });
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Action { unit }, Decision::ActivatePower { power, target }) => {
                self.activate_power(unit, power, target);
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Action { unit }, Decision::FlankedAttack { targets }) => {
                if let Ok(groups) = self.check_flanked_attack(unit, &targets) {
                    self.melee_attack_groups(unit, &groups, false, true);
                }
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Opportunity { mover, reacted, .. }, Decision::React { unit: Some(u) }) => {
                self.ask_the_others(mover, reacted, u);
                self.react(u, mover)
            }
            (
                Phase::Opportunity {
                    mover,
                    candidates,
                    reacted,
                },
                Decision::ReactSplit { unit, targets },
            ) => {
                if let Ok(groups) = self.check_opportunity_split(mover, &candidates, unit, &targets)
                {
                    self.ask_the_others(mover, reacted, unit);
                    self.react_groups(unit, &groups);
                }
            }
            (Phase::Opportunity { mover, .. }, Decision::React { unit: None }) => {
                // No Opportunity Attack: the player may still answer the
                // same trigger with another reaction.
                self.queue.push_front(self.disengage_window(mover));
            }
            (Phase::Reaction { seat, window, .. }, Decision::Reaction { reaction: Some(r) }) => {
                self.resolve_reaction(seat, &window, &r)
            }
            (
                Phase::PairAttack {
                    mount,
                    target,
                    charge,
                    ..
                },
                Decision::PairAttack { general_target, .. },
            ) => self.pair_attack_after_move(mount, target, charge, Some(general_target)),
            (
                Phase::PairAttack {
                    mount,
                    target,
                    charge,
                    ..
                },
                Decision::Attack { .. },
            ) => self.pair_attack_after_move(mount, target, charge, None),
            (Phase::Giant { unit, .. }, Decision::GiantTarget { unit: target }) => {
                self.giant_wounds(unit, target)
            }
            (Phase::Command { hero, .. }, Decision::Command { unit: Some(u) }) => {
                self.command_marker = Some((hero, u));
            }
            (Phase::Redirect { .. }, Decision::Redirect { unit: Some(u) }) => self.redirect_hits(u),
            (Phase::Mount { rider, .. }, Decision::Mount { mount: Some(m) }) => {
                self.mount(rider, m)
            }
            (Phase::Action { unit }, Decision::Dismount { positions }) => {
                // "The Hero may then proceed with its activation as normal."
                self.dismount(unit, &positions);
                self.queue.push_front(Step::ChooseAction { unit });
            }
            (Phase::PowerPlace { unit }, Decision::Deploy { positions, .. }) => {
                // Set down, not moved: no Opportunity Attack.
                self.power_place(unit, &positions);
            }
            (
                Phase::Consolidate {
                    unit, foes, movers, ..
                },
                Decision::Consolidate { paths },
            ) => self.consolidate(unit, &foes, &movers, &paths),
            (Phase::PowerMove { unit, inches }, Decision::March { paths }) => {
                let moving = paths.iter().any(|(_, w)| !w.is_empty());
                self.queue.push_front(Step::Move {
                    unit,
                    paths,
                    allowance: inches,
                });
                if moving {
                    self.queue.push_front(Step::Opportunity {
                        mover: unit,
                        reacted: Vec::new(),
                    });
                }
            }
            (
                Phase::Casualties {
                    unit,
                    plan,
                    statuses,
                    by,
                },
                Decision::Remove { models },
            ) => self.remove_casualties(unit, &plan, &models, &statuses, by),
            (Phase::PlaceObjective { .. }, Decision::PlaceObjective { at }) => {
                self.place_objective(at)
            }
            (Phase::Deploy { seat }, Decision::Reserve) => {
                let round = self.round;
                self.declare_reserve(seat);
                self.initiative_window(round);
            }
            (Phase::Reserve { unit }, Decision::Enter { point, paths }) => {
                self.enter(unit, point, &paths)
            }
            (Phase::Reserve { unit }, Decision::StayInReserve) => {
                self.quest.entry_edge = None;
                self.queue.push_back(Step::EndOfTurn { unit });
            }
            (Phase::Dangerous { piece, .. }, Decision::DangerousTarget { unit }) => {
                self.dangerous_attack(piece, unit)
            }
            (Phase::TableEdge { seat }, Decision::TableEdge { near, short }) => {
                self.choose_edge(seat, near, short)
            }
            (Phase::EntryEdge { unit, .. }, Decision::EntryEdge { edge }) => {
                self.choose_entry_edge(unit, edge)
            }
            (Phase::UpgradeToken { seat, .. }, Decision::UpgradeToken { spend }) => {
                self.spend_upgrade_token(seat, spend)
            }
            (Phase::Markers { unit, .. }, Decision::RemoveMarkers { markers }) => {
                self.restore_with(unit, &markers)
            }
            (Phase::Monster { seat, ask }, d) => self.carry_out_monster(seat, ask, d),
            _ => {}
        }
    }

    /// A move away from engaged enemies first offers them an Opportunity
    /// Attack, resolved before the move (BoV 5.1, "Opportunity Attack").
    pub(crate) fn queue_move(&mut self, unit: u16, paths: Paths, allowance: f64) {
        let moving = paths.iter().any(|(_, w)| !w.is_empty());
        if moving {
            self.queue.push_back(Step::Opportunity {
                mover: unit,
                reacted: Vec::new(),
            });
        }
        self.queue.push_back(Step::Move {
            unit,
            paths,
            allowance,
        });
    }

    /// The reactions other than an Opportunity Attack to an enemy moving
    /// away (BoV 5.1, "Reactions").
    pub(crate) fn disengage_window(&self, mover: u16) -> Step {
        Step::Reactions {
            window: Window {
                trigger: Trigger::EnemyDisengages,
                subjects: vec![mover],
                actor: Some(mover),
            },
            seats: self.opponents_of(mover),
            vaala_played: false,
        }
    }

    /// Carries out a move checked earlier; if casualties since then made it
    /// illegal (a removed model, broken coherency) the unit stays put.
    pub(crate) fn move_step(&mut self, unit: u16, paths: &Paths, allowance: f64) {
        if !self.units[usize::from(unit)].alive() {
            return;
        }
        let snap = self.snapshot();
        let kept: Paths = paths
            .iter()
            .filter(|(m, _)| snap.find(unit, *m).is_some())
            .cloned()
            .collect();
        if let Ok((mv, after)) = self.legal_move(&snap, unit, &kept, allowance) {
            self.record_paths(&snap, &mv, super::log::MoveCause::Ordered);
            self.set_positions(&snap, &after);
            self.grab_treasures(unit);
        }
    }

    fn record_paths(&mut self, snap: &Snapshot, mv: &UnitMove, cause: super::log::MoveCause) {
        self.last_paths = mv
            .moves
            .iter()
            .filter(|m| !m.waypoints.is_empty())
            .map(|m| DrawnPath {
                unit: snap.index[m.model].0,
                from: snap.models[m.model].center,
                waypoints: m.waypoints.clone(),
            })
            .collect();
        if let Some(first) = self.last_paths.first() {
            let (unit, paths) = (first.unit, self.last_paths.clone());
            self.tell(super::log::Audience::Public, || super::log::Event::Moved {
                unit,
                paths,
                cause,
            });
        }
    }

    /// "Skirmish Attack": downgraded, only if the target is still in range
    /// and sight after the move.
    pub(crate) fn skirmish_attack_step(&mut self, unit: u16, target: u16) {
        let u = &self.units[usize::from(unit)];
        // A unit gone home with its treasure attacks no more.
        if !u.alive() || !u.deployed || !self.units[usize::from(target)].alive() {
            return;
        }
        let snap = self.snapshot();
        if self.engaged(&snap, unit) {
            return;
        }
        if self.check_ranged_target(&snap, unit, target).is_ok() {
            self.queue.push_front(Step::PairAttack {
                mount: unit,
                target,
                charge: false,
            });
        }
    }

    /// "Charge Move" and "Charge Attack", with "Charging a Flanking enemy".
    pub(crate) fn charge(&mut self, unit: u16, target: u16) {
        if !self.units[usize::from(unit)].alive() || !self.units[usize::from(target)].alive() {
            return;
        }
        let snap = self.snapshot();
        // The models charged: the target's, or its Mount's while it rides.
        let body = self.body(target);
        // Units the target is Flanking, before the charge (a Dragonrider
        // and its Mount as one); none to separate it from in the starter
        // edition (`Edition::charge_separates_flanking`).
        let separates = self.edition().charge_separates_flanking();
        let mut flanked: Vec<u16> = self
            .engaged_with(&snap, target)
            .into_iter()
            .filter(|&x| separates && self.flanked(&snap, x))
            .map(|x| self.body(x))
            .collect();
        flanked.sort_unstable();
        flanked.dedup();
        let distance_before = self.distance(unit, target);
        let witness = self.witness();
        let bonus = roll_charge_bonus(&mut self.stream);
        self.last_charge = Some(super::ChargeReport {
            unit,
            target,
            bonus,
            distance_before,
            engaged: false,
        });
        let distance = self.charge_distance(unit, bonus);
        // A Flying unit charges flying, or on the ground if only that
        // reaches (BoV 5.1, "Flying").
        let mut best = None;
        for traits in self.move_ways(unit) {
            if let Ok(r) = charge_move(
                &self.field,
                &snap.models,
                UnitId(unit),
                UnitId(body),
                distance,
                traits,
            ) {
                let engaged = r.outcome == ChargeOutcome::Engaged;
                if best.is_none() || engaged {
                    best = Some(r);
                }
                if engaged {
                    break;
                }
            }
        }
        if let Some(mut w) = witness {
            let pool = [valerna_dice::bov::DiceGroup {
                count: crate::rules::charge::CHARGE_DICE,
                colour: valerna_dice::bov::Colour::Black,
            }];
            let dice =
                valerna_dice::bov::roll_attack_dice(&pool, valerna_dice::bov::Shift::None, &mut w);
            let engaged = best
                .as_ref()
                .is_some_and(|r| r.outcome == ChargeOutcome::Engaged);
            self.tell(super::log::Audience::Public, || {
                super::log::Event::ChargeRolled {
                    unit,
                    target,
                    dice,
                    bonus,
                    allowance: distance,
                    distance: distance_before,
                    engaged,
                }
            });
        }
        let Some(r) = best else {
            return;
        };
        let engaged = r.outcome == ChargeOutcome::Engaged;
        // "Charging a Flanking enemy": the charged unit is separated from
        // every unit it was flanking; found before the charge is moved, so
        // that a charge that cannot separate it is not made.
        let separated = if engaged {
            match self.separation(&r.after, unit, body, &flanked) {
                Some(after) => Some(after),
                // docs/rulings.md, "Charging a Flanking enemy": no room to
                // separate them, no charge.
                None => return,
            }
        } else {
            // A charge that falls short may still end touching its target
            // (its followers, not its first model, kept it from reaching
            // it in formation): against a Flanking unit that would leave it
            // both Flanked and Flanking, so the charge is not moved
            // (docs/rulings.md, "Charging a Flanking enemy").
            if !flanked.is_empty() && touches(&r.after, unit, body) {
                return;
            }
            None
        };
        self.record_paths(
            &snap,
            &r.unit_move,
            super::log::MoveCause::Charge {
                allowance: distance,
            },
        );
        self.set_positions(&snap, &r.after);
        self.grab_treasures(unit);
        let Some((after, piled)) = separated else {
            return;
        };
        if let Some(c) = &mut self.last_charge {
            c.engaged = true;
        }
        if !flanked.is_empty() {
            let snap = self.snapshot();
            self.shift_models_by(&snap, &after, |u| {
                if u == body {
                    super::log::MoveCause::Separated
                } else {
                    super::log::MoveCause::Alongside
                }
            });
            // "Any models in the unit you charged, or in the unit they
            // were flanking, that are no longer in contact with any
            // enemy models because of this separation must immediately
            // be moved to engage enemy models in the unit they are
            // engaged with": the charged unit against its charger, the
            // flanked unit against the enemies still engaged with it. A
            // pile-in that would bring the two back within the inch of
            // the separation is not made (docs/rulings.md, "Separating a
            // charged Flanking unit").
            if let Some(p) = piled {
                let snap = self.snapshot();
                self.shift_models(&snap, &p, super::log::MoveCause::PileIn);
            }
            for x in flanked {
                self.pile_in_flanked(x, body);
            }
        }
        self.queue.push_front(Step::PairAttack {
            mount: unit,
            target,
            charge: true,
        });
    }

    /// "Charging a Flanking enemy": the models after the charged unit `body`
    /// is moved apart from each unit of `flanked`, from `models`, the
    /// positions after the charge move of `charger`, and after its models
    /// left out of contact pile in against the charger (`None` when none
    /// has to). The charged unit moves alone if it can and its pile-in then
    /// keeps it an inch clear of the units it flanked; otherwise, or where
    /// its charger's bases hem it in, the two move apart together (BoV
    /// p.13: the flanking unit has "to face against your charging unit
    /// instead"). `None` when neither finds room.
    #[allow(clippy::type_complexity)]
    fn separation(
        &self,
        models: &[crate::geometry::Model],
        charger: u16,
        body: u16,
        flanked: &[u16],
    ) -> Option<(
        Vec<crate::geometry::Model>,
        Option<Vec<crate::geometry::Model>>,
    )> {
        if flanked.is_empty() {
            return Some((models.to_vec(), None));
        }
        let traits = self.units[usize::from(body)].traits;
        let charger_traits = self.units[usize::from(charger)].traits;
        // The pile-in against the charger, if one is needed and it keeps
        // the inch: `Some(None)` none needed, `None` not kept.
        let piled = |after: &[crate::geometry::Model]| -> Option<Option<Vec<_>>> {
            if touches_all(after, body, charger) {
                return Some(None);
            }
            let p = pile_in(&self.field, after, UnitId(body), &[UnitId(charger)], traits).ok()?;
            flanked
                .iter()
                .all(|&x| apart(&p.after, body, x))
                .then_some(Some(p.after))
        };
        let alone = flanked.iter().try_fold(models.to_vec(), |m, &x| {
            separate_flanking(&self.field, &m, UnitId(body), UnitId(x), traits)
                .ok()
                .map(|(_, after)| after)
        });
        if let Some(a) = alone
            && let Some(p) = piled(&a)
        {
            return Some((a, p));
        }
        let together = flanked.iter().try_fold(models.to_vec(), |m, &x| {
            separate_with_charger(
                &self.field,
                &m,
                (UnitId(body), traits),
                (UnitId(charger), charger_traits),
                UnitId(x),
            )
            .ok()
        })?;
        // Moved together, they stay in contact; a pile-in that would break
        // the inch is not made.
        let p = piled(&together).flatten();
        Some((together, p))
    }

    /// "Charging a Flanking enemy": the models of the unit that was flanked
    /// left out of contact by the separation move in against the enemy
    /// units still engaged with it.
    fn pile_in_flanked(&mut self, x: u16, separated: u16) {
        let snap = self.snapshot();
        let mut foes: Vec<u16> = self
            .engaged_with(&snap, x)
            .into_iter()
            .map(|e| self.body(e))
            .collect();
        foes.sort_unstable();
        foes.dedup();
        if foes.is_empty() {
            return;
        }
        let foes: Vec<UnitId> = foes.into_iter().map(UnitId).collect();
        let traits = self.units[usize::from(x)].traits;
        if let Ok(p) = pile_in(&self.field, &snap.models, UnitId(x), &foes, traits)
            && apart(&p.after, separated, x)
        {
            self.shift_models(&snap, &p.after, super::log::MoveCause::PileIn);
        }
    }

    /// The legal choices, or examples of continuous ones.
    pub(crate) fn list_choices(&self, out: &mut Vec<Decision>) -> Choices {
        self.list_choices_with(out, true)
    }

    /// [`Self::list_choices`], an action's march examples left out unless
    /// `marches` (they come last; see [`Self::march_examples`]).
    pub(crate) fn list_choices_with(&self, out: &mut Vec<Decision>, marches: bool) -> Choices {
        match &self.phase {
            Phase::Deploy { seat } => {
                let w = self.field.width;
                let placed = self
                    .units
                    .iter()
                    .filter(|u| u.owner == *seat && u.deployed)
                    .count();
                for u in self
                    .units
                    .iter()
                    .filter(|u| u.owner == *seat && !u.deployed && u.mounted_on.is_none())
                {
                    // Spread the units across the zone in list order.
                    let x = w * (0.5 + 0.35 * spread(placed));
                    if let Some(positions) = self.default_formation(u.id, x) {
                        out.push(Decision::Deploy {
                            unit: u.id,
                            positions,
                        });
                    }
                }
                if self.check_reserve(*seat).is_ok() {
                    out.push(Decision::Reserve);
                }
                Choices::Continuous
            }
            Phase::Turn { seat } => {
                out.push(Decision::Pass);
                if !self.passed[usize::from(*seat)] {
                    for u in self.living(*seat) {
                        if self.can_activate(*seat, u.id).is_ok() {
                            out.push(Decision::Activate { unit: u.id });
                        }
                    }
                    for u in self.reserves(*seat) {
                        if self.can_activate_reserve(*seat, u.id).is_ok() {
                            out.push(Decision::Activate { unit: u.id });
                        }
                    }
                }
                Choices::Listed
            }
            Phase::Action { unit } => {
                let unit = *unit;
                let start = out.len();
                let owner = self.units[usize::from(unit)].owner;
                let enemies: Vec<u16> = self.enemies(owner).map(|u| u.id).collect();
                // The same judgement as `check`, with the snapshot and the
                // sight lines built once for every target.
                let snap = self.snapshot();
                let sight = Sightlines::new(&self.field, &snap.models);
                let engaged = self.engaged_with(&snap, unit);
                let reach = self.charge_reach(unit);
                if engaged.len() > 1 {
                    out.extend(self.flanked_attack_examples(&snap, unit));
                }
                // An engaged unit may Skirmish away from combat and shoot
                // (BoV 5.1, "Opportunity Attack", the example of the
                // Scythed Reavers): a half-Speed move away from the nearest
                // enemy, after the Opportunity Attacks.
                let away = if engaged.is_empty() || self.profile(unit).ranged.is_none() {
                    None
                } else {
                    let skirmish = self.allowance(unit, true);
                    self.power_move_goals(unit)
                        .first()
                        .and_then(|&g| self.march_within(unit, g, skirmish))
                };
                for &t in &enemies {
                    if !engaged.is_empty() {
                        if engaged.contains(&t) {
                            out.push(Decision::Attack { target: t });
                        }
                        if let Some(paths) = &away
                            && self.ranged_target_ok(&snap, &sight, unit, t).is_ok()
                        {
                            out.push(Decision::Skirmish {
                                target: t,
                                paths: paths.clone(),
                            });
                        }
                        continue;
                    }
                    if self.ranged_target_ok(&snap, &sight, unit, t).is_ok() {
                        out.push(Decision::Attack { target: t });
                        out.push(Decision::Skirmish {
                            target: t,
                            paths: Vec::new(),
                        });
                    }
                    // `check_declaration(false, sees, ..)` passes when the
                    // target is within reach and seen: the sight line last.
                    if !self.mounted(unit)
                        && self.check_charge_status(unit).is_ok()
                        && check_declaration(false, true, self.distance(unit, t), reach).is_ok()
                        && sight.unit_sees(UnitId(self.body(unit)), UnitId(self.body(t)))
                    {
                        out.push(Decision::Charge { target: t });
                    }
                }
                // BoV starter, "Generals mounted on an Epic Creature": the
                // creature's attack with one of its General's.
                let attacks: Vec<u16> = out[start..]
                    .iter()
                    .filter_map(|d| match d {
                        Decision::Attack { target } => Some(*target),
                        _ => None,
                    })
                    .collect();
                self.pair_attack_choices(unit, &attacks, out);
                // BoV 5.1, "Activate power".
                out.extend(
                    self.power_choices_seen(unit, Some((&snap, &sight)))
                        .into_iter()
                        .map(|(power, target)| Decision::ActivatePower { power, target }),
                );
                // BoV 5.1, "Dragonriders": a mounted rider may get off first.
                out.extend(
                    self.dismount_examples(unit)
                        .into_iter()
                        .take(2)
                        .map(|positions| Decision::Dismount { positions }),
                );
                out.push(Decision::March { paths: Vec::new() });
                if marches {
                    out.extend(
                        self.march_examples(unit)
                            .map(|paths| Decision::March { paths }),
                    );
                }
                Choices::Continuous
            }
            Phase::Opportunity {
                mover, candidates, ..
            } => {
                out.push(Decision::React { unit: None });
                out.extend(
                    candidates
                        .iter()
                        .map(|&u| Decision::React { unit: Some(u) }),
                );
                // A Mount carrying its rider: the attack may go to the
                // rider, or be split model by model (examples: all on the
                // rider).
                let riders = self.riders_of(*mover);
                let Some(&rider) = riders.first() else {
                    return Choices::Listed;
                };
                for &u in candidates {
                    let targets: Vec<(u8, u16)> = self.units[usize::from(u)]
                        .alive_models()
                        .map(|m| (m, rider))
                        .collect();
                    if self
                        .check_opportunity_split(*mover, candidates, u, &targets)
                        .is_ok()
                    {
                        out.push(Decision::ReactSplit { unit: u, targets });
                    }
                }
                Choices::Continuous
            }
            Phase::Casualties { unit, plan, .. } => {
                let alive: Vec<u8> = self.units[usize::from(*unit)].alive_models().collect();
                let n = usize::from(plan.removals);
                let start = out.len();
                let coherent = self.coherent_casualties(*unit, n);
                let last = alive[alive.len() - n..].to_vec();
                let first = (alive.len() > n).then(|| alive[..n].to_vec());
                // Each set of models once: two buttons never do one thing.
                for models in [coherent, Some(last), first].into_iter().flatten() {
                    let d = Decision::Remove { models };
                    if !out[start..].contains(&d) {
                        out.push(d);
                    }
                }
                Choices::Continuous
            }
            Phase::Markers { unit, allowed } => {
                out.extend(
                    self.marker_choices(*unit, *allowed)
                        .into_iter()
                        .map(|markers| Decision::RemoveMarkers { markers }),
                );
                Choices::Listed
            }
            Phase::Over => Choices::Listed,
            Phase::Reaction { options, .. } => {
                // Declining first: a reaction is always the player's option.
                out.push(Decision::Reaction { reaction: None });
                out.extend(options.iter().map(|r| Decision::Reaction {
                    reaction: Some(r.clone()),
                }));
                Choices::Listed
            }
            Phase::Giant { candidates, .. } => {
                out.extend(
                    candidates
                        .iter()
                        .map(|&unit| Decision::GiantTarget { unit }),
                );
                Choices::Listed
            }
            Phase::PairAttack {
                target, candidates, ..
            } => {
                out.extend(
                    candidates
                        .iter()
                        .map(|&general_target| Decision::PairAttack {
                            target: *target,
                            general_target,
                        }),
                );
                out.push(Decision::Attack { target: *target });
                Choices::Listed
            }
            Phase::Command { candidates, .. } => {
                out.push(Decision::Command { unit: None });
                out.extend(
                    candidates
                        .iter()
                        .map(|&u| Decision::Command { unit: Some(u) }),
                );
                Choices::Listed
            }
            Phase::Mount { candidates, .. } => {
                out.push(Decision::Mount { mount: None });
                out.extend(
                    candidates
                        .iter()
                        .map(|&m| Decision::Mount { mount: Some(m) }),
                );
                Choices::Listed
            }
            Phase::Redirect { candidates, .. } => {
                out.push(Decision::Redirect { unit: None });
                out.extend(
                    candidates
                        .iter()
                        .map(|&u| Decision::Redirect { unit: Some(u) }),
                );
                Choices::Listed
            }
            Phase::Consolidate { proposal, .. } => {
                out.push(Decision::Consolidate {
                    paths: proposal.clone(),
                });
                Choices::Continuous
            }
            Phase::PowerPlace { unit } => {
                out.extend(self.place_examples(*unit).into_iter().map(|positions| {
                    Decision::Deploy {
                        unit: *unit,
                        positions,
                    }
                }));
                Choices::Continuous
            }
            Phase::PowerMove { unit, inches } => {
                let mut new = self.new_marches(*unit);
                for goal in self.power_move_goals(*unit) {
                    if let Some(paths) = self.march_within(*unit, goal, *inches)
                        && new(&paths)
                    {
                        out.push(Decision::March { paths });
                    }
                }
                out.push(Decision::March { paths: Vec::new() });
                Choices::Continuous
            }
            Phase::PlaceObjective { .. } => {
                out.extend(
                    super::deployment::objective_examples(
                        self.edition(),
                        self.setup.battlefield,
                        &self.objectives,
                    )
                    .into_iter()
                    .map(|at| Decision::PlaceObjective { at }),
                );
                Choices::Continuous
            }
            Phase::Reserve { unit } => {
                out.push(Decision::StayInReserve);
                out.extend(
                    self.entry_examples(*unit)
                        .into_iter()
                        .map(|(point, paths)| Decision::Enter { point, paths }),
                );
                Choices::Continuous
            }
            Phase::Dangerous { candidates, .. } => {
                out.extend(
                    candidates
                        .iter()
                        .map(|&unit| Decision::DangerousTarget { unit }),
                );
                Choices::Listed
            }
            Phase::Monster { ask, .. } => {
                // Any point in base contact, any bid up to the limit: examples.
                self.monster_choices(ask, out);
                Choices::Continuous
            }
            Phase::TableEdge { .. } => {
                let shorts: &[bool] = if self.edition().any_table_edge() {
                    &[false, true]
                } else {
                    &[false]
                };
                for &short in shorts {
                    out.push(Decision::TableEdge { near: true, short });
                    out.push(Decision::TableEdge { near: false, short });
                }
                Choices::Listed
            }
            Phase::UpgradeToken { .. } => {
                out.push(Decision::UpgradeToken { spend: true });
                out.push(Decision::UpgradeToken { spend: false });
                Choices::Listed
            }
            Phase::EntryEdge { .. } => {
                out.extend(
                    super::quest::Edge::ALL
                        .into_iter()
                        .map(|edge| Decision::EntryEdge { edge }),
                );
                Choices::Listed
            }
        }
    }

    /// Examples of a Flanked unit's declaration: for each enemy unit it is
    /// engaged with, every model engaged with that unit attacks it and every
    /// other model the first other unit it is engaged with; each
    /// declaration once (they coincide when no model engages two units).
    fn flanked_attack_examples(&self, snap: &Snapshot, unit: u16) -> Vec<Decision> {
        let per_model = self.model_engagements(snap, unit);
        let mut out: Vec<Decision> = Vec::new();
        let all = self.engaged_with(snap, unit).into_iter().map(|first| {
            let targets = per_model
                .iter()
                .filter_map(|(m, es)| {
                    let t = if es.contains(&first) {
                        Some(first)
                    } else {
                        es.first().copied()
                    };
                    t.map(|t| (*m, t))
                })
                .collect();
            Decision::FlankedAttack { targets }
        });
        for d in all {
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }

    /// `n` models whose removal leaves the rest of `unit` in coherency,
    /// the highest-numbered first where there is a choice (the owner may
    /// remove any; this is the engine's suggestion).
    pub fn coherent_casualties(&self, unit: u16, n: usize) -> Option<Vec<u8>> {
        let u = &self.units[usize::from(unit)];
        let mut left: Vec<u8> = u.alive_models().collect();
        let mut out = Vec::new();
        for _ in 0..n {
            let k = (0..left.len()).rev().find(|&k| {
                let rest: Vec<crate::geometry::Model> = left
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &m)| u.model(m))
                    .collect();
                crate::geometry::in_coherency(&rest)
            })?;
            out.push(left.remove(k));
        }
        Some(out)
    }

    /// The centre of the models standing for `unit` (its Mount's while it
    /// rides).
    pub fn centre_of(&self, unit: u16) -> Point {
        // `centre` of the models' centres, summed in the same order.
        let (sum, n) = self
            .placed(unit)
            .fold((Point::default(), 0usize), |(a, n), m| {
                (a.plus(m.center), n + 1)
            });
        if n == 0 {
            return Point::default();
        }
        sum.scale(1.0 / n as f64)
    }

    /// The march examples listed last for an action of `unit`, each worked
    /// out only when asked for: a carrying unit home ("The Quest" >
    /// "Scoring"), then a march toward each of [`Self::march_goals`].
    /// Marches that stay where they stand are left out (staying is
    /// offered once, as the march of no paths), and so are repeats.
    pub(crate) fn march_examples(&self, unit: u16) -> impl Iterator<Item = Paths> + '_ {
        std::iter::once_with(move || self.home_march(unit))
            .flatten()
            .chain(
                self.march_goals(unit)
                    .into_iter()
                    .filter_map(move |goal| self.march_toward(unit, goal, false)),
            )
            .filter(self.new_marches(unit))
    }

    /// A filter of example marches of `unit`: those that move it (a model
    /// 0.05" or more, as their labels tell), each once
    /// (ends within half an inch of an earlier example's read as the same
    /// march).
    fn new_marches(&self, unit: u16) -> impl FnMut(&Paths) -> bool + '_ {
        let positions = &self.units[usize::from(unit)].positions;
        let mut seen: Vec<Paths> = Vec::new();
        move |paths: &Paths| {
            let moves = paths.iter().any(|(m, way)| {
                way.last().is_some_and(|end| {
                    positions
                        .get(usize::from(*m))
                        .is_some_and(|p| p.dist(*end) >= 0.05)
                })
            });
            let same = |other: &Paths| {
                other.len() == paths.len()
                    && other.iter().zip(paths).all(|((a, wa), (b, wb))| {
                        a == b
                            && match (wa.last(), wb.last()) {
                                (Some(x), Some(y)) => x.dist(*y) < 0.5,
                                (x, y) => x.is_none() && y.is_none(),
                            }
                    })
            };
            if !moves || seen.iter().any(same) {
                return false;
            }
            seen.push(paths.clone());
            true
        }
    }

    /// Places a march may head for: the nearest objective not held, and the
    /// nearest enemy unit.
    pub fn march_goals(&self, unit: u16) -> Vec<Point> {
        let u = &self.units[usize::from(unit)];
        let c = self.centre_of(unit);
        let mut goals = self.quest_goals(unit);
        let obj = self
            .objectives
            .iter()
            .zip(&self.control.control)
            .filter(|(_, c)| **c != Some(u.owner))
            .map(|(p, _)| *p)
            .min_by(|a, b| a.dist(c).total_cmp(&b.dist(c)));
        goals.extend(obj);
        goals.extend(self.nearest_enemy_centre(unit));
        goals
    }

    /// The centre of the enemy unit whose centre is nearest `unit`'s.
    pub fn nearest_enemy_centre(&self, unit: u16) -> Option<Point> {
        let c = self.centre_of(unit);
        self.enemies(self.units[usize::from(unit)].owner)
            .map(|e| self.centre_of(e.id))
            .min_by(|a, b| a.dist(c).total_cmp(&b.dist(c)))
    }

    /// Where a power's move may head: away from the nearest enemy unit
    /// first (out of its reach or sight), then the march goals.
    pub fn power_move_goals(&self, unit: u16) -> Vec<Point> {
        let c = self.centre_of(unit);
        let mut goals = Vec::new();
        if let Some(f) = self.nearest_enemy_centre(unit) {
            let away = c.minus(f);
            let len = away.len();
            if len > 1e-6 {
                goals.push(c.plus(away.scale(12.0 / len)));
            }
        }
        goals.extend(self.march_goals(unit));
        goals
    }

    /// A formation move of the whole unit toward `goal`, as far as the
    /// allowance and the rules let it go (the planner's proposal).
    pub fn march_toward(&self, unit: u16, goal: Point, skirmish: bool) -> Option<Paths> {
        self.march_within(unit, goal, self.allowance(unit, skirmish))
    }

    /// [`Self::march_toward`] with a given allowance in inches.
    pub fn march_within(&self, unit: u16, goal: Point, allowance: f64) -> Option<Paths> {
        let disp = self.march_displacement(unit, goal, allowance)?;
        let snap = self.snapshot();
        // Flying first; on the ground when a flight could not end there.
        self.move_ways(unit).into_iter().find_map(|traits| {
            let mv = plan_formation(
                &self.field,
                &snap.models,
                UnitId(unit),
                disp,
                MoveKind::Normal,
                allowance,
                traits,
            )?;
            let paths: Paths = mv
                .moves
                .iter()
                .map(|m| (snap.index[m.model].1, m.waypoints.clone()))
                .collect();
            // The engine's own check of these paths is the planner's
            // (`plan_formation` validated this very move), unless a treasure
            // cuts a path short: then it is checked as played.
            let played = self.unit_move(&snap, unit, &paths, allowance).ok()?;
            if !same_moves(&played.moves, &mv.moves) {
                self.check_move(unit, &paths, allowance).ok()?;
            }
            Some(paths)
        })
    }
}

impl Battle {
    /// How far a march of `unit` toward `goal` with `allowance` inches
    /// would displace its formation; `None`: no march.
    fn march_displacement(&self, unit: u16, goal: Point, allowance: f64) -> Option<Point> {
        if allowance <= 0.0 || self.mounted(unit) {
            return None;
        }
        let c = self.centre_of(unit);
        let d = goal.minus(c);
        let len = d.len();
        if len < 0.5 {
            return None;
        }
        Some(d.scale(allowance.min(len) / len))
    }
}

/// -1, 1, -2, 2 ... scaled into [-1, 1] for the k-th unit placed.
fn spread(k: usize) -> f64 {
    let s = [0.0, -0.6, 0.6, -0.3, 0.3, -0.9, 0.9, -0.15, 0.15];
    s[k % s.len()]
}

pub(crate) fn centre(ps: &[Point]) -> Point {
    if ps.is_empty() {
        return Point::default();
    }
    ps.iter()
        .fold(Point::default(), |a, &p| a.plus(p))
        .scale(1.0 / ps.len() as f64)
}

/// The models named as casualties: as many as the plan removes, each on
/// the battlefield and named once (`name` words a model for a refusal).
fn check_casualties(
    alive: &crate::rules::state::ModelSet,
    plan: &WoundPlan,
    models: &[u8],
    name: impl Fn(u8) -> String,
) -> Result<(), BattleError> {
    if models.len() != usize::from(plan.removals) {
        return err(format!(
            "{} model(s) must be removed, {} were named (BoV 5.1, \"Apply Wounds\")",
            plan.removals,
            models.len()
        ));
    }
    for (i, m) in models.iter().enumerate() {
        if !alive.contains(*m) {
            return err(format!("{} is not on the battlefield", name(*m)));
        }
        if models[..i].contains(m) {
            return err(format!("{} is named twice", name(*m)));
        }
    }
    Ok(())
}

/// Whether a model of unit `a` touches one of unit `b` among `models`.
fn touches(models: &[crate::geometry::Model], a: u16, b: u16) -> bool {
    let of = |u: u16| models.iter().filter(move |m| m.unit == UnitId(u));
    of(a).any(|m| of(b).any(|n| m.gap(n) <= crate::geometry::CONTACT_IN))
}

/// Whether units `a` and `b` stand at least the inch of "Charging a
/// Flanking enemy" apart among `models` (BoV 5.1: "by roughly an inch ...
/// clearly separate"; docs/rulings.md, "Separating a charged Flanking
/// unit").
fn apart(models: &[crate::geometry::Model], a: u16, b: u16) -> bool {
    let of = |u: u16| models.iter().filter(move |m| m.unit == UnitId(u)).copied();
    crate::geometry::unit_distance_of(of(a), of(b)).is_none_or(|d| d >= 1.0 - 1e-6)
}

/// Whether every model of unit `a` is in base contact with a model of unit
/// `b` among `models`.
fn touches_all(models: &[crate::geometry::Model], a: u16, b: u16) -> bool {
    let of = |u: u16| -> Vec<crate::geometry::Model> {
        models
            .iter()
            .filter(|m| m.unit == UnitId(u))
            .copied()
            .collect()
    };
    crate::geometry::engaged_models(&of(a), &of(b))
        .into_iter()
        .all(|e| e)
}
