//! Attacks, wounds and morale as the turn engine drives them (BoV 5.1,
//! "Attacks", "Performing an Attack", "Reactions", "Morale").

use super::log::{AttackKind, Audience, Event};
use super::units::Snapshot;
use super::{Battle, BattleError, Phase, Step, Window, err};

use crate::geometry::{Model, Sightlines, UnitId, engaged_models};
use crate::rules::attack::{
    check_opportunity_attack, collect_dice, flanked_attack_groups, make_attack_roll,
    make_defense_roll, split_hits, statuses_inflicted,
};
use crate::rules::keywords::AttackKeyword;
use crate::rules::modifiers::{AttackModifiers, Modifiers, MoraleCause, MoraleModifiers};
use crate::rules::morale::{
    GENERALS_AURA_INCHES, general_defeated_order, heavy_casualties, morale_die_in,
    starter_casualty_test, troopers,
};
use crate::rules::powers::{Roll, Trigger};
use crate::rules::state::ModelSet;
use crate::rules::status::StatusKind;
use crate::rules::units::WeaponKind;
use crate::rules::wounds::{WoundPlan, apply_wound_plan, plan_wounds};
use valerna_game::Seat;

impl Battle {
    /// "Count Attacking Models" for melee: models engaged with a model of the target.
    /// A mounted rider's models all stand on its Mount's base: all of them
    /// attack when any model of the Mount does.
    pub fn melee_models(&self, snap: &Snapshot, unit: u16, target: u16) -> u32 {
        let n = engaged_models(
            &snap.of_unit(self.body(unit)),
            &snap.of_unit(self.body(target)),
        )
        .into_iter()
        .filter(|&e| e)
        .count() as u32;
        self.riding_models(unit, n)
    }

    /// The attacking models of `unit` when `n` models of its body attack:
    /// `n` for a unit on its own base, all of a mounted rider's or none.
    fn riding_models(&self, unit: u16, n: u32) -> u32 {
        if self.mounted(unit) && n > 0 {
            self.units[usize::from(unit)].state.models()
        } else {
            n
        }
    }

    /// "Count Attacking Models" for ranged: models with a target model in
    /// range and line of sight.
    pub fn ranged_models(
        &self,
        snap: &Snapshot,
        sight: &Sightlines,
        unit: u16,
        target: u16,
    ) -> u32 {
        let Some(r) = &self.profile(unit).ranged else {
            return 0;
        };
        let range = f64::from(r.range);
        let (body, to) = (self.body(unit), UnitId(self.body(target)));
        let n = (0..snap.models.len())
            .filter(|&i| snap.index[i].0 == body)
            .filter(|&i| sight.model_sees_unit_within(i, to, range))
            .count() as u32;
        self.riding_models(unit, n)
    }

    /// A melee attack by `unit` on `target`, upgraded after a Charge: the
    /// models engaged with the target attack it. Declared now, resolved
    /// after the reactions to the declaration.
    pub(crate) fn melee_attack(&mut self, unit: u16, target: u16, charge: bool, consolidate: bool) {
        self.declare_attack(
            Step::MeleeAttack {
                unit,
                groups: vec![(target, 0)],
                recount: true,
                charge,
                consolidate,
            },
            unit,
            vec![target],
            WeaponKind::Melee,
        );
    }

    /// A melee attack against one or more units, each with the number of
    /// models attacking it (several only for a Flanked unit: "resolve the
    /// attacks against each unit separately"), declared now.
    pub(crate) fn melee_attack_groups(
        &mut self,
        unit: u16,
        groups: &[(u16, u32)],
        charge: bool,
        consolidate: bool,
    ) {
        self.declare_attack(
            Step::MeleeAttack {
                unit,
                groups: groups.to_vec(),
                recount: false,
                charge,
                consolidate,
            },
            unit,
            groups.iter().map(|g| g.0).collect(),
            WeaponKind::Melee,
        );
    }

    /// An attack is declared: the defender may react before it is rolled
    /// (BoV 5.1, "Reactions"; the trigger "an enemy declares an attack").
    fn declare_attack(&mut self, attack: Step, unit: u16, targets: Vec<u16>, kind: WeaponKind) {
        // The players whose units are attacked react; a Monster attacked
        // draws after the turn (BoV 5.1, "Behaviour deck").
        let defenders = self.seats_of(&targets);
        self.note_attacked(unit, &targets);
        self.queue.push_front(attack);
        // BoV starter: an Upgrade token is declared "before making the
        // roll", once the reactions to the declaration were offered.
        if let Some(s) = self.upgrade_token_offer(unit, Roll::Attack) {
            self.queue.push_front(s);
        }
        self.queue.push_front(Step::Reactions {
            window: Window {
                trigger: Trigger::AttackDeclared(kind),
                subjects: targets,
                actor: Some(unit),
            },
            seats: defenders,
            vaala_played: false,
        });
    }

    /// Rolls a declared melee attack; queues the wounds in the order of the
    /// targets and, if asked, the consolidation after them.
    pub(crate) fn melee_attack_step(
        &mut self,
        unit: u16,
        groups: &[(u16, u32)],
        recount: bool,
        charge: bool,
        consolidate: bool,
    ) {
        let token = self.token_spent(unit);
        if !self.units[usize::from(unit)].alive() {
            return;
        }
        let snap = self.snapshot();
        let groups: Vec<(u16, u32)> = groups
            .iter()
            .filter(|g| self.units[usize::from(g.0)].alive())
            .map(|&(t, n)| {
                if recount {
                    (t, self.melee_models(&snap, unit, t))
                } else {
                    (t, n)
                }
            })
            .collect();
        let groups = &groups[..];
        let attacker = self.profile(unit).clone();
        let foe = groups.first().map(|g| g.0);
        let mut am = self.attack_modifiers(unit, WeaponKind::Melee, charge, false, foe);
        am.upgrade_token = token;
        let mut steps = Vec::new();
        for &(target, n) in groups {
            let Ok(pool) = collect_dice(&attacker, WeaponKind::Melee, n) else {
                continue;
            };
            let witness = self.witness();
            let roll = make_attack_roll(&pool, &am, &mut self.stream);
            self.tell_attack(witness, unit, target, AttackKind::Melee, &pool, &am, roll);
            if roll.standard + roll.critical == 0 {
                continue;
            }
            steps.push(Step::Hits {
                attacker: unit,
                unit: target,
                kind: WeaponKind::Melee,
                standard: roll.standard,
                critical: roll.critical,
                keywords: attacker.melee.keywords.clone(),
                // BoV 5.1, "Flanking & Flanked": as the attack is made.
                flanked: self.flanked_against(&snap, target, WeaponKind::Melee),
                stage: 0,
            });
        }
        if consolidate {
            let targets: Vec<u16> = groups.iter().map(|&(t, _)| t).collect();
            steps.push(Step::Consolidate {
                units: self.consolidating_units(&snap, unit, &targets),
            });
        }
        for s in steps.into_iter().rev() {
            self.queue.push_front(s);
        }
    }

    /// What `unit` brings to its attack roll of `kind` on `foe` (BoV 5.1,
    /// "Attack Roll Modifiers"), the powers kept for one roll spent.
    pub(crate) fn attack_modifiers(
        &mut self,
        unit: u16,
        kind: WeaponKind,
        charge: bool,
        skirmish: bool,
        foe: Option<u16>,
    ) -> AttackModifiers {
        let mut am = AttackModifiers::new(self.units[usize::from(unit)].fatigue());
        am.charge = charge;
        am.skirmish = skirmish;
        am.dragonbonded = self.dragonbonded(unit);
        am.injured = self.injured_downgrade(unit);
        am.powers = self.roll_powers(unit, Roll::Attack, Some(kind), foe);
        am
    }

    /// "Ranged Attacks against Engaged Units" (Fig. 13): the units that
    /// share the hits of `unit`'s ranged attack on `target`, the target and
    /// the units engaged with it, nearest to the attacker first.
    pub(crate) fn sharing_the_hits(&self, snap: &Snapshot, unit: u16, target: u16) -> Vec<u16> {
        let mut hit: Vec<u16> = vec![target];
        // A Dragonrider and its Mount are one unit engaged with the target:
        // the Mount takes their share (docs/rulings.md, "Dragonriders").
        hit.extend(
            self.engaged_with(snap, target)
                .into_iter()
                .filter(|&e| !self.mounted(e)),
        );
        hit.sort_by(|&a, &b| {
            self.distance(unit, a)
                .total_cmp(&self.distance(unit, b))
                .then(a.cmp(&b))
        });
        hit
    }

    /// For each model of a Flanked `unit`, the enemy units it is engaged
    /// with (BoV 5.1, "Engaged", "Flanking & Flanked").
    /// A mounted rider's models are engaged with every enemy its Mount is.
    pub fn model_engagements(&self, snap: &Snapshot, unit: u16) -> Vec<(u8, Vec<u16>)> {
        let models: Vec<u8> = self.units[usize::from(unit)].alive_models().collect();
        if self.mounted(unit) {
            let all = self.engaged_with(snap, unit);
            return models.into_iter().map(|m| (m, all.clone())).collect();
        }
        let own = snap.of_unit(unit);
        let mut out: Vec<(u8, Vec<u16>)> = models.iter().map(|&m| (m, Vec::new())).collect();
        for e in self.engaged_with(snap, unit) {
            let engaged = engaged_models(&own, &snap.of_unit(self.body(e)));
            for (k, on) in engaged.into_iter().enumerate() {
                if on && let Some(slot) = out.get_mut(k) {
                    slot.1.push(e);
                }
            }
        }
        out
    }

    /// "When a Flanked unit attacks in melee, each model in the Flanked unit
    /// can attack its choice of the enemy units it is engaged with": the
    /// declaration, checked, as the groups of models per target. The same
    /// declaration splits an attack between a mounted Dragonrider and its
    /// Mount: "enemy units in base contact with the Mount can attack either
    /// the Hero or the Mount (or indeed split their attacks between the
    /// two)" (BoV 5.1, "Dragonriders").
    pub fn check_flanked_attack(
        &self,
        unit: u16,
        targets: &[(u8, u16)],
    ) -> Result<Vec<(u16, u32)>, BattleError> {
        let snap = self.snapshot();
        if self.engaged_with(&snap, unit).len() < 2 {
            return err(
                "only a unit engaged with more than one enemy unit (Flanked, or against a Dragonrider and its Mount) declares its melee attack model by model (BoV 5.1, \"Flanking & Flanked\", \"Dragonriders\")",
            );
        }
        let engaged = self.model_engagements(&snap, unit);
        for &(m, _) in targets {
            if !engaged.iter().any(|(k, _)| *k == m) {
                return err(format!(
                    "{} is not on the battlefield",
                    self.model_name(unit, m)
                ));
            }
        }
        let groups = flanked_attack_groups(targets, |m, t| {
            engaged.iter().any(|(k, es)| *k == m && es.contains(&t))
        })
        .map_err(|e| BattleError(format!("{e} (BoV 5.1, \"Flanking & Flanked\")")))?;
        Ok(groups.into_iter().map(|(t, ms)| (t, ms.count())).collect())
    }

    /// A ranged attack, downgraded in a Skirmish. Into an engaged target the
    /// hits are split among it and the units it is engaged with, nearest to
    /// the attacker first (BoV 5.1, "Ranged Attacks against Engaged Units").
    pub(crate) fn ranged_attack(&mut self, unit: u16, target: u16, skirmish: bool) {
        self.declare_attack(
            Step::RangedAttack {
                unit,
                target,
                skirmish,
            },
            unit,
            vec![target],
            WeaponKind::Ranged,
        );
    }

    /// Rolls a declared ranged attack: the models still in range and line
    /// of sight after the reactions attack.
    pub(crate) fn ranged_attack_step(&mut self, unit: u16, target: u16, skirmish: bool) {
        let token = self.token_spent(unit);
        if !self.units[usize::from(unit)].alive() || !self.units[usize::from(target)].alive() {
            return;
        }
        let snap = self.snapshot();
        let sight = Sightlines::new(&self.field, &snap.models);
        let n = self.ranged_models(&snap, &sight, unit, target);
        let attacker = self.profile(unit).clone();
        let Ok(pool) = collect_dice(&attacker, WeaponKind::Ranged, n) else {
            return;
        };
        let keywords = attacker
            .ranged
            .as_ref()
            .map(|r| r.keywords.clone())
            .unwrap_or_default();
        let mut am = self.attack_modifiers(unit, WeaponKind::Ranged, false, skirmish, Some(target));
        am.upgrade_token = token;
        let witness = self.witness();
        let roll = make_attack_roll(&pool, &am, &mut self.stream);
        self.tell_attack(witness, unit, target, AttackKind::Ranged, &pool, &am, roll);
        let hit = self.sharing_the_hits(&snap, unit, target);
        let idx = hit.iter().position(|&u| u == target).unwrap_or(0);
        let shares = split_hits(roll, hit.len(), idx, &keywords);
        if hit.len() > 1 {
            let told: Vec<super::log::HitShare> = hit
                .iter()
                .zip(&shares)
                .map(|(&u, s)| super::log::HitShare {
                    unit: u,
                    standard: s.standard,
                    critical: s.critical,
                })
                .collect();
            self.tell(Audience::Public, || Event::HitsSplit {
                attacker: unit,
                target,
                shares: told,
            });
        }
        let mut steps = Vec::new();
        for (&u, share) in hit.iter().zip(shares) {
            if share.standard + share.critical == 0 {
                continue;
            }
            steps.push(Step::Hits {
                attacker: unit,
                unit: u,
                kind: WeaponKind::Ranged,
                standard: share.standard,
                critical: share.critical,
                keywords: keywords.clone(),
                flanked: false,
                stage: 0,
            });
        }
        for s in steps.into_iter().rev() {
            self.queue.push_front(s);
        }
    }

    /// The hits next to be dealt, while a player is asked about them (a
    /// Mount or commanded unit taking them, a reaction to the hit): the
    /// unit they are dealt to, and its standard and critical hits.
    pub fn pending_hits(&self) -> Option<(u16, u32, u32)> {
        match self.queue.front()? {
            Step::Hits {
                unit,
                standard,
                critical,
                ..
            } => Some((*unit, *standard, *critical)),
            _ => None,
        }
    }

    /// "Command X": the units that may take ranged hits inflicted on
    /// `hero`: friendly units with its X keyword within 1" of it. None for
    /// Assassinate hits ("cannot be assigned to a different unit").
    pub fn redirect_candidates(&self, hero: u16, keywords: &[AttackKeyword]) -> Vec<u16> {
        if keywords.contains(&AttackKeyword::Assassinate) {
            return Vec::new();
        }
        self.command_candidates_near(hero)
    }

    /// Friendly units on the battlefield answering the Command X of `hero`,
    /// within 1" of it.
    pub fn command_candidates_near(&self, hero: u16) -> Vec<u16> {
        let h = &self.units[usize::from(hero)];
        // "As long as a Hero is mounted on a Mount, they cannot use their
        // Command keyword" (BoV 5.1, "Simultaneous Activation").
        if !h.alive() || !h.hero || h.mounted_on.is_some() {
            return Vec::new();
        }
        let Some(x) = self.command_of(hero) else {
            return Vec::new();
        };
        self.living(h.owner)
            .filter(|u| u.id != hero && self.card(u.id).answers_to(x))
            .filter(|u| self.distance(hero, u.id) <= 1.0 + 1e-9)
            .map(|u| u.id)
            .collect()
    }

    /// Hits on a unit before its defense roll: for ranged hits on a
    /// Command X Hero its owner is first asked whether a commanded unit
    /// takes them; then the reactions to being hit ("This unit is hit,
    /// before defense dice are rolled"); then the defense roll of the unit
    /// that takes them (Flanked against melee, cover against ranged).
    pub(crate) fn hits_step(&mut self, h: Hits, stage: u8) -> bool {
        let unit = h.unit;
        let token = stage >= 2 && self.token_spent(unit);
        if !self.units[usize::from(unit)].alive() {
            return true;
        }
        let again = |h: &Hits, stage: u8| Step::Hits {
            attacker: h.attacker,
            unit: h.unit,
            kind: h.kind,
            standard: h.standard,
            critical: h.critical,
            keywords: h.keywords.clone(),
            flanked: h.flanked,
            stage,
        };
        if stage == 0 {
            let candidates = match h.kind {
                // BoV starter, "Generals mounted on an Epic Creature":
                // "Whenever hits are applied to the mounted General, you
                // may choose the mount to take all of the hits instead
                // (and roll defense, if applicable)": any hits.
                _ if self.general_mount(unit).is_some() => {
                    self.general_mount(unit).into_iter().collect()
                }
                WeaponKind::Ranged => self.redirect_candidates(unit, &h.keywords),
                // BoV 5.1, "Dragonriders": "Whenever hits from melee attacks
                // are dealt to the mounted Hero, you may choose to have the
                // Mount take all of the melee hits instead (and roll
                // defense, if applicable)"; not Assassinate hits.
                WeaponKind::Melee => self.units[usize::from(unit)]
                    .mounted_on
                    .filter(|_| !h.keywords.contains(&AttackKeyword::Assassinate))
                    .into_iter()
                    .collect(),
            };
            self.queue.push_front(again(&h, 1));
            if !candidates.is_empty() {
                self.phase = Phase::Redirect {
                    hero: unit,
                    candidates,
                };
                return false;
            }
            return true;
        }
        if stage == 1 {
            let owner = self.units[usize::from(unit)].owner;
            self.queue.push_front(again(&h, 2));
            if let Some(s) = self.upgrade_token_offer(unit, Roll::Defense) {
                self.queue.push_front(s);
            }
            self.queue.push_front(Step::Reactions {
                window: Window {
                    trigger: Trigger::Hit(h.kind),
                    subjects: vec![unit],
                    actor: Some(h.attacker),
                },
                seats: vec![owner],
                vaala_played: false,
            });
            return true;
        }
        let share = valerna_dice::bov::AttackRoll {
            standard: h.standard,
            critical: h.critical,
        };
        let mut dm = self.hits_defense_modifiers(unit, h.kind, h.attacker, h.flanked);
        dm.upgrade_token = token;
        let defense = self.profile(unit).defense;
        let witness = self.witness();
        let d = make_defense_roll(share, defense, &dm, &mut self.stream);
        self.tell_defense(witness, unit, defense, &dm, d);
        // An attack made by an `Attack` effect with `if_wounds`: the units
        // it wounds are noted for them.
        if d.wounds > 0
            && let Some(Step::IfWounds { wounded, .. }) = self
                .queue
                .iter_mut()
                .find(|s| matches!(s, Step::IfWounds { caster, .. } if *caster == h.attacker))
            && !wounded.contains(&unit)
        {
            wounded.push(unit);
        }
        let by = (h.kind == WeaponKind::Melee).then_some(h.attacker);
        // BoV starter, "Keywords" > "Assassinate": the criticals go to the
        // Captain, before the standard hits' wounds.
        let (on_captain, morale) = if h.keywords.contains(&AttackKeyword::Assassinate) {
            self.assassinate_captain(unit, d.critical, by)
        } else {
            (0, None)
        };
        self.queue.push_front(Step::Wounds {
            unit,
            wounds: d.wounds.saturating_sub(on_captain),
            statuses: statuses_inflicted(&h.keywords, d.wounds),
            by,
        });
        self.watch_destruction(h.attacker, unit, 1);
        // The Captain killed is tested for "immediately", before those
        // wounds.
        if let Some(m) = morale {
            self.queue.push_front(m);
        }
        true
    }

    /// `unit`'s defense modifiers against the hits of `attacker`'s attack of
    /// `kind`: Flanked as the melee attack was made (`flanked`), and in the
    /// starter edition against a ranged attack too; cover against ranged.
    pub(crate) fn hits_defense_modifiers(
        &mut self,
        unit: u16,
        kind: WeaponKind,
        attacker: u16,
        flanked: bool,
    ) -> crate::rules::modifiers::DefenseModifiers {
        let mut dm = self.defense_modifiers_against(unit, kind, Some(attacker));
        match kind {
            WeaponKind::Melee => dm.flanked = flanked,
            WeaponKind::Ranged => {
                let snap = self.snapshot();
                dm.flanked = self.flanked_against(&snap, unit, WeaponKind::Ranged);
                let sight = Sightlines::new(&self.field, &snap.models);
                // BoV 5.1, "Obscuring terrain": cover against ranged attacks.
                dm.obscured =
                    sight.unit_in_cover_from(UnitId(self.body(attacker)), UnitId(self.body(unit)));
            }
        }
        dm
    }

    /// BoV starter, "Keywords" > "Assassinate": "Critical hits rolled by
    /// this attack are applied to the target unit's Captain (if any). If
    /// the Captain suffers enough wounds, remove it, and any excess wounds
    /// by this attack are wasted." `critical` criticals reaching the
    /// Captain's Health remove it (the others' wound counters untouched)
    /// and are spent; fewer are wounds of the unit like the standard hits'
    /// (docs/rulings.md, "Assassinate and the Captain"). Returns the
    /// criticals spent on the Captain and the troopers' morale test its
    /// fall calls for. 5.1 has no Captains.
    fn assassinate_captain(
        &mut self,
        unit: u16,
        critical: u32,
        by: Option<u16>,
    ) -> (u32, Option<Step>) {
        let i = usize::from(unit);
        let Some(c) = self.units[i].captain else {
            return (0, None);
        };
        let health = u32::from(self.profile(unit).health);
        if critical == 0 || !self.units[i].captain_in_play() || critical < health {
            return (0, None);
        }
        let removed: ModelSet = std::iter::once(c).collect();
        self.units[i].state.alive.remove(c);
        self.count_lost(unit, 1);
        let wounds_left = self.units[i].state.wounds;
        self.tell(Audience::Public, || Event::Wounded {
            unit,
            wounds: critical,
            models_lost: 1,
            wounds_left,
        });
        if self.units[i].state.is_defeated() {
            self.treasures_fall(unit, by, removed);
            self.unit_defeated(unit, by);
            self.check_wipe_out();
            return (critical, None);
        }
        let testing = troopers(self.units[i].state.alive, Some(c));
        let morale = Step::Morale {
            unit,
            testing,
            cause: MoraleCause::CaptainKilled,
            reacted: false,
        };
        (critical, Some(morale))
    }

    /// BoV starter, "Add Vaala cards or Upgrade tokens": "You can then spend
    /// these tokens during the game every time you make an attack roll or a
    /// defense roll. Declare you are spending an upgrade token before making
    /// the roll". The step that asks the owner of `unit`, before its
    /// attack's roll or its defense roll, when its side has a token left.
    /// One attack's rolls against several units are one declaration.
    pub(crate) fn upgrade_token_offer(&self, unit: u16, roll: Roll) -> Option<Step> {
        let seat = self.units[usize::from(unit)].owner;
        (self
            .upgrade_tokens
            .get(usize::from(seat))
            .copied()
            .unwrap_or(0)
            > 0)
        .then_some(Step::UpgradeToken { seat, unit, roll })
    }

    /// Asks `seat` whether it spends an Upgrade token on the roll of `unit`
    /// that follows, if it still has one and the unit is still there.
    pub(crate) fn upgrade_token_step(&mut self, seat: Seat, unit: u16, roll: Roll) -> bool {
        let left = self
            .upgrade_tokens
            .get(usize::from(seat))
            .copied()
            .unwrap_or(0);
        if left == 0 || !self.units[usize::from(unit)].alive() {
            return true;
        }
        self.phase = Phase::UpgradeToken {
            seat,
            unit,
            roll,
            changes_nothing: !self.token_would_change(),
        };
        false
    }

    /// The answer: a token spent is discarded, and the next roll of the
    /// seat ("the roll", made at once) is upgraded.
    pub(crate) fn spend_upgrade_token(&mut self, seat: Seat, spend: bool) {
        let Some(left) = self.upgrade_tokens.get_mut(usize::from(seat)) else {
            return;
        };
        if spend && *left > 0 {
            *left -= 1;
            self.token_declared = Some(seat);
        }
    }

    /// Whether an Upgrade token was declared for this roll of `unit`'s
    /// side; the declaration is used up either way ("You can only spend
    /// one Upgrade token per roll").
    pub(crate) fn token_spent(&mut self, unit: u16) -> bool {
        let seat = self.units[usize::from(unit)].owner;
        self.token_declared.take_if(|s| *s == seat).is_some()
    }

    /// The answer to a redirect: the pending hits go to `to` instead.
    pub(crate) fn redirect_hits(&mut self, to: u16) {
        if let Some(Step::Hits { unit, .. }) = self.queue.front_mut() {
            *unit = to;
        }
    }

    /// "Apply Wounds": wounds that would remove a model first offer the
    /// owner its reactions to "a model is defeated".
    pub(crate) fn wounds_step(
        &mut self,
        unit: u16,
        wounds: u32,
        statuses: Vec<StatusKind>,
        by: Option<u16>,
    ) -> bool {
        let u = &self.units[usize::from(unit)];
        if !u.alive() || wounds == 0 {
            return true;
        }
        let plan = plan_wounds(&u.state, &self.wound_card(unit), wounds);
        if plan.removals > 0 || plan.defeated {
            let owner = u.owner;
            self.queue.push_front(Step::ReactedWounds {
                unit,
                wounds,
                statuses,
                by,
            });
            self.queue.push_front(Step::Reactions {
                window: Window {
                    trigger: Trigger::ModelDefeated,
                    subjects: vec![unit],
                    actor: None,
                },
                seats: vec![owner],
                vaala_played: false,
            });
            return true;
        }
        self.wounds_now(unit, wounds, statuses, by)
    }

    /// "Apply Wounds": stops for the owner's choice of casualties when some
    /// but not all models go.
    pub(crate) fn wounds_now(
        &mut self,
        unit: u16,
        wounds: u32,
        statuses: Vec<StatusKind>,
        by: Option<u16>,
    ) -> bool {
        let u = &self.units[usize::from(unit)];
        if !u.alive() || wounds == 0 {
            return true;
        }
        let plan = plan_wounds(&u.state, &self.wound_card(unit), wounds);
        if plan.needs_choice() {
            self.phase = Phase::Casualties {
                unit,
                plan,
                statuses,
                by,
            };
            return false;
        }
        self.remove_casualties(unit, &plan, &[], &statuses, by);
        true
    }

    /// Applies a wound plan with the owner's chosen casualties (already
    /// checked), then status markers, scoring and morale.
    pub(crate) fn remove_casualties(
        &mut self,
        unit: u16,
        plan: &WoundPlan,
        chosen: &[u8],
        statuses: &[StatusKind],
        by: Option<u16>,
    ) {
        let i = usize::from(unit);
        let before = self.units[i].state.alive;
        let Ok(report) = apply_wound_plan(&mut self.units[i].state, plan, chosen) else {
            return;
        };
        self.count_lost(unit, report.removed.count());
        let wounds_left = self.units[i].state.wounds;
        self.tell(Audience::Public, || Event::Wounded {
            unit,
            wounds: plan.wounds,
            models_lost: report.removed.count(),
            wounds_left,
        });
        if report.defeated {
            self.treasures_fall(unit, by, report.removed);
            self.unit_defeated(unit, by);
        } else {
            for &k in statuses {
                self.add_status(unit, k, 1);
            }
            if self.edition().captains() {
                self.casualties_shake_troopers(unit, before);
                self.troopers_gone(unit);
            } else {
                // BoV 5.1, "Unit Suffers Heavy Casualties".
                let after = self.units[i].state.models();
                if heavy_casualties(report.models_before, after) {
                    let all = self.units[i].state.alive;
                    self.queue.push_front(Step::Morale {
                        unit,
                        testing: all,
                        cause: MoraleCause::HeavyCasualties,
                        reacted: false,
                    });
                }
            }
        }
        self.check_wipe_out();
    }

    /// BoV starter, "Morale": "1) Unit suffers casualties", half or more of
    /// its remaining troopers (the models but the Captain) lost to an
    /// attack or effect, and "2) Unit Captain is killed": each surviving
    /// trooper tests, Downgraded once the Captain is gone. Both at once
    /// are one test a trooper (docs/rulings.md, "Starter morale").
    /// `before`: the models before the casualties.
    fn casualties_shake_troopers(&mut self, unit: u16, before: ModelSet) {
        let u = &self.units[usize::from(unit)];
        if let Some((testing, cause)) = starter_casualty_test(before, u.state.alive, u.captain) {
            self.queue.push_front(Step::Morale {
                unit,
                testing,
                cause,
                reacted: false,
            });
        }
    }

    /// A unit's last model is gone: the opponent scores it, and a General's
    /// fall shakes every model in its aura. `by`: the unit whose melee
    /// attack defeated it.
    fn unit_defeated(&mut self, unit: u16, by: Option<u16>) {
        self.tell(Audience::Public, || Event::Destroyed { unit });
        let u = &self.units[usize::from(unit)];
        let (owner, value, general) = (u.owner, u.value, u.general);
        // A Monster scores its trophy to whoever defeated it (BoV 5.1,
        // "Trophy value"), never its value to the opponent of its owner.
        if u.monster {
            self.monster_defeated(unit, by);
        } else {
            self.score.unit_defeated(self.setup.scenario, owner, value);
        }
        if general {
            self.general_defeated(unit);
        }
        self.giant_defeated(unit);
        // BoV 5.1, "Dragonriders": "If the Hero is defeated, the mount
        // continues to fight as normal."
        self.units[usize::from(unit)].mounted_on = None;
        // BoV 5.1, "The Dragonbond": "if either of them is defeated, both of
        // them are immediately removed".
        if let Some(partner) = self.units[usize::from(unit)].bonded.take() {
            self.units[usize::from(partner)].bonded = None;
            let p = &mut self.units[usize::from(partner)];
            if p.alive() {
                let gone = p.state.models();
                let removed = p.state.alive;
                p.state.alive = crate::rules::state::ModelSet::default();
                self.treasures_fall(partner, None, removed);
                self.count_lost(partner, gone);
                self.unit_defeated(partner, None);
            }
        }
        for rider in self.riders_of(unit) {
            if self.units[usize::from(rider)].alive() {
                // BoV starter: "When one of the units is killed, remove its
                // miniature and card. The other unit remains in place."
                if self.edition().generals_mount() {
                    self.unseat(rider, unit, None);
                    self.general_dismounted(rider, unit);
                } else {
                    self.unseat(rider, unit, by);
                }
            } else {
                self.units[usize::from(rider)].mounted_on = None;
            }
        }
    }

    /// "Both the dragon and the Hero become more powerful when they are
    /// bonded, benefiting from an upgrade on all of their attack, defense,
    /// and morale rolls" (BoV 5.1, "The Dragonbond").
    pub fn dragonbonded(&self, unit: u16) -> bool {
        self.units[usize::from(unit)]
            .bonded
            .is_some_and(|p| self.units[usize::from(p)].alive())
    }

    /// BoV starter, "Epic Creatures" > "Injury Penalty": "An Injured Epic
    /// Creature downgrades all attack and defense rolls"; 5.1 weakens it
    /// by its Injured side's profile alone.
    pub fn injured_downgrade(&self, unit: u16) -> bool {
        self.edition().injured_downgrades() && self.units[usize::from(unit)].state.injured
    }

    /// "Giant": "When this unit is defeated, inflict [its dice of] wounds on
    /// any one enemy unit engaged with this unit (controlling player's
    /// choice), then remove this unit." Engagement is judged where its
    /// models stood.
    fn giant_defeated(&mut self, unit: u16) {
        if self.card(unit).giant_dice().is_none() {
            return;
        }
        let candidates = self.engaged_where_it_stood(unit);
        if !candidates.is_empty() {
            // The wounds come before the game can end on a wipe-out (BoV
            // p.22): the check waits for them (`Battle::check_wipe_out`).
            self.queue.push_front(Step::WipeOut);
            self.queue.push_front(Step::Giant { unit, candidates });
        }
    }

    /// The enemy units on the battlefield in contact with (or engaged
    /// through) the models of `unit` as they last stood.
    pub fn engaged_where_it_stood(&self, unit: u16) -> Vec<u16> {
        let u = &self.units[usize::from(unit)];
        let own = self.stood(unit);
        let snap = self.snapshot();
        self.units
            .iter()
            .filter(|e| e.owner != u.owner && e.alive())
            .filter(|e| crate::geometry::unit_engaged_with(&own, &snap.of_unit(self.body(e.id))))
            .map(|e| e.id)
            .collect()
    }

    /// The Giant's wounds on the chosen enemy unit.
    pub(crate) fn giant_wounds(&mut self, unit: u16, target: u16) {
        let Some(dice) = self.card(unit).giant_dice().cloned() else {
            return;
        };
        // "Hits vs. Wounds": every hit rolled is a wound, no defense.
        let wounds = self.roll_wounds_told(unit, target, AttackKind::Giant, &dice);
        self.queue.push_front(Step::Wounds {
            unit: target,
            wounds,
            statuses: Vec::new(),
            by: None,
        });
    }

    /// "The General is Defeated": every model within the aura tests, Heroes
    /// first (the aura measured from where the General's models stood).
    ///
    /// BoV starter, "Morale" > "3) The General is killed": "each and every
    /// model in the army", on the battlefield, "starting with heroes and
    /// captains" (the Captain before its unit's troopers: `morale_step`).
    fn general_defeated(&mut self, general: u16) {
        let gm = self.stood(general);
        let owner = self.units[usize::from(general)].owner;
        let whole_army = self.edition().general_shakes_the_whole_army();
        let mut units = Vec::new();
        for u in self.units.iter().filter(|u| u.owner == owner && u.alive()) {
            let set = if whole_army {
                u.state.alive
            } else {
                self.models_within(u.id, &gm, GENERALS_AURA_INCHES)
            };
            units.push((u.id, set, u.hero));
        }
        // Tested in this order: queued in reverse at the front.
        for (u, set) in general_defeated_order(&units).into_iter().rev() {
            self.queue.push_front(Step::Morale {
                unit: u,
                testing: set,
                cause: MoraleCause::GeneralDefeated,
                reacted: false,
            });
        }
    }

    /// "Command X": the unit is "commanded by" a friendly Hero with Command
    /// X whose X it has, within 1" of it or carrying its activation marker.
    pub fn commanded(&self, unit: u16) -> bool {
        if !self.edition().command_keyword() {
            return false;
        }
        let u = &self.units[usize::from(unit)];
        let card = self.card(unit);
        self.living(u.owner)
            .filter(|h| h.id != unit && h.hero)
            .any(|h| {
                let marker = self.command_marker == Some((h.id, unit));
                let near = self.distance(h.id, unit) <= 1.0 + 1e-9;
                let mounted = h.mounted_on.is_some();
                crate::rules::morale::in_command(card, self.card(h.id), near, marker, mounted)
            })
    }

    /// X of `hero`'s Command X, in an edition that has the keyword
    /// (`Edition::command_keyword`).
    pub fn command_of(&self, hero: u16) -> Option<&str> {
        if !self.edition().command_keyword() {
            return None;
        }
        self.card(hero).command()
    }

    /// The models of `unit` within 12" of a friendly General on the
    /// battlefield: "All friendly models within 12" of the general upgrade
    /// their Morale tests" (BoV 5.1, "General's Aura of Command"), model by
    /// model.
    pub fn models_in_generals_aura(&self, unit: u16) -> ModelSet {
        let u = &self.units[usize::from(unit)];
        let generals: Vec<Model> = self
            .living(u.owner)
            .filter(|g| g.general)
            .flat_map(|g| self.placed_models(g.id))
            .collect();
        self.models_within(unit, &generals, GENERALS_AURA_INCHES + 1e-9)
    }

    /// The models of `unit` within `inches` of any of `others`: a mounted
    /// rider's all or none, as its Mount's base is.
    fn models_within(&self, unit: u16, others: &[Model], inches: f64) -> ModelSet {
        let u = &self.units[usize::from(unit)];
        let near = |mm: &Model| others.iter().any(|g| mm.gap(g) <= inches);
        if u.mounted_on.is_some() {
            if self.placed_models(unit).iter().any(near) {
                return u.state.alive;
            }
            return ModelSet::default();
        }
        u.alive_models().filter(|&m| near(&u.model(m))).collect()
    }

    /// Morale tests for `testing` models of `unit`, once the reactions to
    /// them ("a friendly unit must take a morale test") were offered.
    pub(crate) fn morale_step(
        &mut self,
        unit: u16,
        testing: ModelSet,
        cause: MoraleCause,
        reacted: bool,
    ) {
        let i = usize::from(unit);
        if !self.units[i].alive() {
            return;
        }
        let edition = self.edition();
        let pack = self.pack.clone();
        let Some(card) = pack.card(self.units[i].state.card) else {
            return;
        };
        // BoV starter, "Morale": the Captain tests with a black die before
        // the troopers ("test for the Captain first, then for the
        // troopers"), who test Upgraded while it is in play and Downgraded
        // once it is gone; an Epic Creature takes no test.
        let captain = self.units[i].captain;
        let leader = captain
            .map(|c| testing.intersection(ModelSet(1 << u32::from(c))))
            .unwrap_or_default();
        let groups = [
            (leader, morale_die_in(edition, card, true), true),
            (
                troopers(testing, captain),
                morale_die_in(edition, card, false),
                false,
            ),
        ];
        let tests = |set: ModelSet, die: Option<valerna_dice::bov::Colour>| {
            die.is_some() && !set.intersection(self.units[i].state.alive).is_empty()
        };
        // A starter unit none of whose testing models takes a test is not
        // asked for reactions to one.
        if edition.captains() && !groups.iter().any(|&(set, die, _)| tests(set, die)) {
            return;
        }
        if !reacted {
            let owner = self.units[i].owner;
            self.queue.push_front(Step::Morale {
                unit,
                testing,
                cause,
                reacted: true,
            });
            self.queue.push_front(Step::Reactions {
                window: Window {
                    trigger: Trigger::MoraleTest,
                    subjects: vec![unit],
                    actor: None,
                },
                seats: vec![owner],
                vaala_played: false,
            });
            return;
        }
        let mut mm = MoraleModifiers::new(self.units[i].fatigue(), cause);
        mm.in_command = self.commanded(unit);
        // BoV starter, "The Dragonbond": "an Upgrade on all of their attack
        // and defense rolls", not on morale as in 5.1.
        mm.dragonbonded = self.edition().dragonbond_upgrades_morale() && self.dragonbonded(unit);
        mm.powers = self.roll_powers(unit, Roll::Morale, None, None);
        // The aura is per model: those within it test upgraded, the others
        // not.
        let aura = self.models_in_generals_aura(unit);
        for (group, die, is_captain) in groups {
            let Some(die) = die else {
                continue;
            };
            if group.is_empty() {
                continue;
            }
            mm.captain = match (captain, is_captain) {
                (Some(_), false) => Some(self.units[i].captain_in_play()),
                _ => None,
            };
            // BoV starter, "Heroes as Captains": "The troopers' Morale
            // tests are Upgraded", a source of its own beside "Captain in
            // play" (docs/rulings.md, "Heroes as Captains").
            mm.hero_captain = !is_captain && self.units[i].led_by_hero().is_some();
            self.morale_tests(unit, card, group, aura, die, &mut mm);
        }
        self.check_wipe_out();
    }

    /// One group's morale tests (the Captain, or the troopers), those in
    /// the General's aura first.
    fn morale_tests(
        &mut self,
        unit: u16,
        card: &crate::rules::units::UnitCard,
        testing: ModelSet,
        aura: ModelSet,
        die: valerna_dice::bov::Colour,
        mm: &mut MoraleModifiers,
    ) {
        let i = usize::from(unit);
        let cause = mm.cause;
        for (set, in_aura) in [
            (testing.intersection(aura), true),
            (testing.without(aura), false),
        ] {
            if set.is_empty() || !self.units[i].alive() {
                continue;
            }
            mm.generals_aura = in_aura;
            let witness = self.witness();
            let report = crate::rules::morale::test_models_with(
                &mut self.units[i].state,
                card,
                set,
                die,
                mm,
                &mut self.stream,
            );
            // The dice, as `test_models` rolled them: one a testing model.
            if let Some(mut w) = witness
                && !report.tested.is_empty()
            {
                let dice = valerna_dice::bov::roll_defense_dice(
                    report.tested.count(),
                    die,
                    mm.shift(),
                    &mut w,
                );
                let modifiers = mm.sources();
                let powers = self.powers_named(&modifiers);
                self.tell(Audience::Public, || Event::MoraleTested {
                    unit,
                    cause,
                    dice,
                    modifiers,
                    powers,
                    failed: report.fled.count(),
                });
            }
            self.count_lost(unit, report.fled.count());
            if report.defeated {
                self.treasures_fall(unit, None, report.fled);
                self.unit_defeated(unit, None);
            } else {
                self.troopers_gone(unit);
            }
        }
    }

    /// "Opportunity Attack": the engaged enemies of a unit about to move away
    /// that may react (not Flanked, not Exhausted).
    pub fn opportunity_candidates(&self, mover: u16) -> Vec<u16> {
        let snap = self.snapshot();
        self.engaged_with(&snap, mover)
            .into_iter()
            .filter(|&c| {
                check_opportunity_attack(
                    self.units[usize::from(c)].fatigue(),
                    self.flanked(&snap, c),
                    true,
                )
                .is_ok()
            })
            .collect()
    }

    pub(crate) fn opportunity_step(&mut self, mover: u16, reacted: Vec<u16>) -> bool {
        if !self.units[usize::from(mover)].alive() {
            return true;
        }
        let mut candidates = self.opportunity_candidates(mover);
        candidates.retain(|c| !reacted.contains(c));
        let candidates = self.opportunity_by_side(mover, candidates);
        if candidates.is_empty() {
            let window = self.disengage_window(mover);
            self.queue.push_front(window);
            return true;
        }
        self.phase = Phase::Opportunity {
            mover,
            candidates,
            reacted,
        };
        false
    }

    /// BoV starter, "Opportunity Attack": "an opportunity attack is a
    /// reaction that any unit is allowed to take if an enemy that the unit
    /// is engaged in combat with moves (or is moved) away": once `unit`'s
    /// attack is made, the other engaged units are asked in turn. In 5.1 a
    /// trigger has one reaction (BoV 5.1, "Reactions").
    pub(crate) fn ask_the_others(&mut self, mover: u16, mut reacted: Vec<u16>, unit: u16) {
        if self.edition().one_reaction_per_trigger() {
            return;
        }
        reacted.push(unit);
        self.queue.push_front(Step::Opportunity { mover, reacted });
    }

    /// A reacting unit takes a fatigue counter and attacks in melee first.
    pub(crate) fn react(&mut self, unit: u16, mover: u16) {
        self.opportunity_fatigue(unit);
        self.melee_attack(unit, mover, false, false);
    }

    /// An Opportunity Attack on a Mount and its rider declared model by
    /// model: one attack, one fatigue counter, rolled against each of the
    /// two separately.
    pub(crate) fn react_groups(&mut self, unit: u16, groups: &[(u16, u32)]) {
        self.opportunity_fatigue(unit);
        self.melee_attack_groups(unit, groups, false, false);
    }

    fn opportunity_fatigue(&mut self, unit: u16) {
        let u = &mut self.units[usize::from(unit)];
        u.state.fatigue = u
            .state
            .fatigue
            .saturating_add(crate::rules::attack::OPPORTUNITY_ATTACK_FATIGUE);
    }

    /// "Opportunity Attack" against a Mount moving away with its rider:
    /// the rider is moved away with it, and "enemy units in base contact
    /// with the Mount can attack either the Hero or the Mount (or indeed
    /// split their attacks between the two)" (BoV 5.1, "Dragonriders").
    /// One attack by one of the `candidates`, each model on the Mount or
    /// its rider; the groups of models per target.
    pub fn check_opportunity_split(
        &self,
        mover: u16,
        candidates: &[u16],
        unit: u16,
        targets: &[(u8, u16)],
    ) -> Result<Vec<(u16, u32)>, BattleError> {
        if !candidates.contains(&unit) {
            return err(format!(
                "unit {unit} cannot make an Opportunity Attack now (not engaged with the mover, Flanked or Exhausted)"
            ));
        }
        let riders = self.riders_of(mover);
        if riders.is_empty() {
            return err(format!(
                "unit {mover} carries no rider: the Opportunity Attack is on it alone (BoV 5.1, \"Opportunity Attack\")"
            ));
        }
        if let Some(&(_, t)) = targets
            .iter()
            .find(|&&(_, t)| t != mover && !riders.contains(&t))
        {
            return err(format!(
                "unit {t} is neither the Mount moving away nor its rider (BoV 5.1, \"Dragonriders\")"
            ));
        }
        self.check_flanked_attack(unit, targets)
    }

    /// Writes a geometry result back onto the units.
    pub(crate) fn set_positions(&mut self, snap: &Snapshot, after: &[Model]) {
        for (&(u, m), model) in snap.index.iter().zip(after) {
            self.units[usize::from(u)].positions[usize::from(m)] = model.center;
        }
    }

    /// A move the rules make, not a player: written back as
    /// [`Self::set_positions`] does, and told for each unit whose models
    /// moved, each path straight from where the model stood.
    pub(crate) fn shift_models(
        &mut self,
        snap: &Snapshot,
        after: &[Model],
        cause: super::log::MoveCause,
    ) {
        self.shift_models_by(snap, after, |_| cause);
    }

    /// [`Self::shift_models`], each unit's move told with its own cause.
    pub(crate) fn shift_models_by(
        &mut self,
        snap: &Snapshot,
        after: &[Model],
        cause_of: impl Fn(u16) -> super::log::MoveCause,
    ) {
        if self.log.is_some() {
            let mut moved: Vec<(u16, Vec<super::DrawnPath>)> = Vec::new();
            for (k, (&(u, _), model)) in snap.index.iter().zip(after).enumerate() {
                let from = snap.models[k].center;
                if from.dist(model.center) < 1e-9 {
                    continue;
                }
                let path = super::DrawnPath {
                    unit: u,
                    from,
                    waypoints: vec![model.center],
                };
                match moved.iter_mut().find(|(x, _)| *x == u) {
                    Some((_, paths)) => paths.push(path),
                    None => moved.push((u, vec![path])),
                }
            }
            for (unit, paths) in moved {
                let cause = cause_of(unit);
                self.tell(super::log::Audience::Public, || super::log::Event::Moved {
                    unit,
                    paths,
                    cause,
                });
            }
        }
        self.set_positions(snap, after);
    }
}
/// Hits of one attack on one unit, waiting for its defense roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Hits {
    pub attacker: u16,
    pub unit: u16,
    pub kind: WeaponKind,
    pub standard: u32,
    pub critical: u32,
    pub keywords: Vec<AttackKeyword>,
    pub flanked: bool,
}
