//! "Consolidate (melee only)" (BoV 5.1, "Performing an Attack" >
//! "Consolidate"; BoV starter, "Consolidate"): after a melee attack the
//! models left out of contact by casualties "must be moved (by their
//! owner)" back into contact with the enemy units their unit was engaged
//! with before, "engaging as many models in the enemy units as possible,
//! while maintaining coherency". The engine works out a placement by that
//! principle and offers it; the owner may place the models otherwise, as
//! long as the placement engages as many models, of theirs and of the
//! enemy's, as the offered one (docs/rulings.md, "Consolidation, by the
//! owner").

use super::units::Snapshot;
use super::{Battle, BattleError, Paths, Phase, Step, err};
use crate::geometry::{Model, MoveKind, UnitId, UnitMove, engaged_models, pile_in_only};
use serde::{Deserialize, Serialize};

/// How many models a placement engages: of the consolidating unit, and of
/// the enemy units it consolidates against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEngages))]
pub struct Engages {
    pub own: u8,
    pub enemy: u8,
}

impl Battle {
    /// "Consolidate (melee only)": the units that may have to consolidate
    /// after `unit` attacked `targets`, in the book's order, each with the
    /// enemy units it was engaged with before the attack and the models
    /// that may move. First the attacking side: the attacker, then the
    /// other friendly units engaged with a target; then the defending side,
    /// the targets (only they can lose models to the attack). BoV 5.1 moves
    /// the models "no longer engaged": those engaged before the attack.
    /// BoV starter, "Consolidate": the attacker's and the targets' models
    /// "that are not engaged", any of them; the other units "engaged with
    /// either unit before the attack must be moved to remain engaged".
    pub(crate) fn consolidating_units(
        &self,
        snap: &Snapshot,
        unit: u16,
        targets: &[u16],
    ) -> Vec<Consolidating> {
        let owner = self.units[usize::from(unit)].owner;
        let mut order = vec![unit];
        for f in self.living(owner).map(|u| u.id) {
            if f != unit
                && self
                    .engaged_with(snap, f)
                    .iter()
                    .any(|e| targets.contains(e))
            {
                order.push(f);
            }
        }
        order.extend(targets.iter().copied());
        let all_free = !self.edition().consolidate_only_the_disengaged();
        order
            .into_iter()
            .map(|u| {
                let foes = self.engaged_with(snap, u);
                let every = all_free && (u == unit || targets.contains(&u));
                let engaged = (!every).then(|| self.engaged_model_numbers(snap, u, &foes));
                Consolidating {
                    unit: u,
                    foes,
                    engaged,
                }
            })
            .collect()
    }

    /// The numbers of `unit`'s models in base contact with a model of
    /// `foes`.
    fn engaged_model_numbers(&self, snap: &Snapshot, unit: u16, foes: &[u16]) -> Vec<u8> {
        engagement(snap, unit, foes)
            .filter(|&(_, e)| e)
            .map(|(m, _)| m)
            .collect()
    }

    /// Each unit in the book's order: when some of its models must move,
    /// its owner is asked where ([`Phase::Consolidate`]), and the units
    /// after it wait in the queue, to consolidate from where it ends.
    pub(crate) fn consolidate_step(&mut self, units: &[Consolidating]) -> bool {
        for (k, c) in units.iter().enumerate() {
            let Some(ask) = self.consolidation(c) else {
                continue;
            };
            if k + 1 < units.len() {
                self.queue.push_front(Step::Consolidate {
                    units: units[k + 1..].to_vec(),
                });
            }
            self.phase = ask;
            return false;
        }
        true
    }

    /// The question for one unit, with the engine's placement by the
    /// book's principle; none when no model of it must move, or none can.
    fn consolidation(&self, c: &Consolidating) -> Option<Phase> {
        let unit = c.unit;
        // A mounted rider moves with its Mount.
        if !self.units[usize::from(unit)].alive() || self.mounted(unit) {
            return None;
        }
        let foes: Vec<u16> = c
            .foes
            .iter()
            .copied()
            .filter(|&e| self.units[usize::from(e)].alive())
            .collect();
        if foes.is_empty() {
            return None;
        }
        let snap = self.snapshot();
        let movers = self.consolidating_models(&snap, c, &foes);
        if movers.is_empty() {
            return None;
        }
        let ids: Vec<UnitId> = foes.iter().map(|&e| UnitId(e)).collect();
        let may_move = |i: usize| {
            let (u, m) = snap.index[i];
            u == unit && movers.contains(&m)
        };
        let traits = self.units[usize::from(unit)].traits;
        let r = pile_in_only(
            &self.field,
            &snap.models,
            UnitId(unit),
            &ids,
            traits,
            may_move,
        )
        .ok()?;
        let proposal: Paths = r
            .unit_move
            .moves
            .iter()
            .filter(|mv| !mv.waypoints.is_empty())
            .map(|mv| (snap.index[mv.model].1, mv.waypoints.clone()))
            .collect();
        if proposal.is_empty() {
            return None;
        }
        let engages = engages(&r.after, unit, &foes);
        Some(Phase::Consolidate {
            unit,
            foes,
            movers,
            proposal,
            engages,
        })
    }

    /// The numbers of the models of `c.unit` that must consolidate: not
    /// engaged now, and (5.1) engaged before the attack.
    fn consolidating_models(&self, snap: &Snapshot, c: &Consolidating, foes: &[u16]) -> Vec<u8> {
        engagement(snap, c.unit, foes)
            .filter(|&(m, e)| !e && c.engaged.as_ref().is_none_or(|before| before.contains(&m)))
            .map(|(m, _)| m)
            .collect()
    }

    /// Checks the owner's placement of the consolidating models and gives
    /// every model's place after it.
    pub(crate) fn check_consolidation(
        &self,
        unit: u16,
        foes: &[u16],
        movers: &[u8],
        least: Engages,
        paths: &Paths,
    ) -> Result<Vec<Model>, BattleError> {
        let name = &self.units[usize::from(unit)].name;
        let snap = self.snapshot();
        let mut moves = Vec::new();
        for (m, way) in paths {
            if way.is_empty() {
                continue;
            }
            if !movers.contains(m) {
                return err(format!(
                    "{} does not consolidate: only models no longer engaged because of casualties move (BoV 5.1, \"Consolidate\")",
                    self.model_name(unit, *m)
                ));
            }
            let Some(i) = snap.find(unit, *m) else {
                return err(format!(
                    "{} is not on the battlefield",
                    self.model_name(unit, *m)
                ));
            };
            moves.push(crate::geometry::ModelMove {
                model: i,
                waypoints: way.clone(),
            });
        }
        let mv = UnitMove {
            unit: UnitId(unit),
            kind: match foes {
                [one] => MoveKind::PileIn {
                    target: UnitId(*one),
                },
                _ => MoveKind::Consolidate,
            },
            allowance: None,
            traits: self.units[usize::from(unit)].traits,
            moves,
        };
        let (_, after) = self.judge_ways(&snap, mv)?;
        let got = engages(&after, unit, foes);
        if got.own < least.own || got.enemy < least.enemy {
            return err(format!(
                "this placement engages {} models of {name} with {} enemy models; the consolidating models can engage {} with {} (BoV 5.1, \"Consolidate\": \"engaging as many models in the enemy units as possible\")",
                got.own, got.enemy, least.own, least.enemy
            ));
        }
        Ok(after)
    }

    /// Moves the consolidating models where their owner placed them.
    pub(crate) fn consolidate(&mut self, unit: u16, foes: &[u16], movers: &[u8], paths: &Paths) {
        let snap = self.snapshot();
        let least = Engages { own: 0, enemy: 0 };
        if let Ok(after) = self.check_consolidation(unit, foes, movers, least, paths) {
            self.shift_models(&snap, &after, super::log::MoveCause::Consolidate);
        }
    }
}

/// Each model of `unit` in `snap`, by its number, and whether it is in
/// base contact with a model of `foes`.
fn engagement(snap: &Snapshot, unit: u16, foes: &[u16]) -> impl Iterator<Item = (u8, bool)> {
    let own = snap.of_unit(unit);
    let foe_models: Vec<Model> = snap
        .models
        .iter()
        .filter(|m| foes.contains(&m.unit.0))
        .copied()
        .collect();
    let numbers: Vec<u8> = snap
        .index
        .iter()
        .filter(|(u, _)| *u == unit)
        .map(|&(_, m)| m)
        .collect();
    numbers.into_iter().zip(engaged_models(&own, &foe_models))
}

/// How many models of `unit` and of `foes` are engaged with each other
/// with the models where `models` has them.
fn engages(models: &[Model], unit: u16, foes: &[u16]) -> Engages {
    let own: Vec<Model> = models
        .iter()
        .filter(|m| m.unit == UnitId(unit))
        .copied()
        .collect();
    let enemy: Vec<Model> = models
        .iter()
        .filter(|m| foes.contains(&m.unit.0))
        .copied()
        .collect();
    let count = |a: &[Model], b: &[Model]| {
        u8::try_from(engaged_models(a, b).into_iter().filter(|&e| e).count()).unwrap_or(u8::MAX)
    };
    Engages {
        own: count(&own, &enemy),
        enemy: count(&enemy, &own),
    }
}
/// A unit that may consolidate after a melee attack (BoV 5.1,
/// "Consolidate"): the enemy units it was engaged with before the attack,
/// and the numbers of its models engaged then, which alone may move (none
/// given: any of its models not engaged, as the starter edition moves the
/// attacker's and the targets').
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovConsolidating))]
pub struct Consolidating {
    pub unit: u16,
    pub foes: Vec<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engaged: Option<Vec<u8>>,
}
