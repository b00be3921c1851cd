//! Units in Reserve (BoV 5.1, "Take Turns Deploying" > "Reserves"): left
//! to the side of the table, activated like any unit, doing nothing in
//! Round 1 but taking a fatigue counter, entering by a March from a table
//! edge from Round 2, and defeated if still there when the game ends.

use super::units::Snapshot;
use super::{Battle, BattleError, DrawnPath, Paths, Phase, Step, err};
use crate::geometry::{Model, ModelMove, MoveKind, Point, UnitId, UnitMove, validate_unit_move};
use crate::rules::round as book;
use crate::rules::setup::{ReserveActivation, reserve_activation};
use valerna_game::Seat;

/// How close to a table edge (in inches) a point must be to count as on it.
const ON_EDGE: f64 = 1e-6;

impl Battle {
    /// Units of `seat` in Reserve.
    pub fn reserves(&self, seat: Seat) -> impl Iterator<Item = &super::Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.owner == seat && u.reserve)
    }

    /// "Select a Unit" for a unit in Reserve: "activated just like units on
    /// the table", so not when Exhausted.
    pub fn can_activate_reserve(&self, seat: Seat, unit: u16) -> Result<(), BattleError> {
        let Some(u) = self.units.get(usize::from(unit)) else {
            return err(format!("there is no unit {unit}"));
        };
        if u.owner != seat {
            return err(format!("unit {unit} ({}) is not yours", u.name));
        }
        if !u.reserve {
            return err(format!("unit {unit} ({}) is not in Reserve", u.name));
        }
        // "Dragonriders that start the game mounted and their mount count as
        // a single unit" for Reserves: the pair enters as the Mount does.
        if let Some(m) = u.mounted_on {
            return err(format!(
                "unit {unit} ({}) rides unit {m} and enters from Reserve with it (BoV 5.1, \"Reserves\")",
                u.name
            ));
        }
        if !u.fatigue().can_activate() {
            return err(format!(
                "unit {unit} ({}) is Exhausted and cannot be activated (BoV 5.1, \"Reserves\": \"up to three times per unit per round\")",
                u.name
            ));
        }
        Ok(())
    }

    /// Activating a unit in Reserve: a fatigue counter; in Round 1 that is
    /// all ("they do nothing"), from Round 2 it may enter.
    pub(crate) fn activate_reserve(&mut self, unit: u16) {
        let _ = book::activate(&mut self.units[usize::from(unit)].state);
        // BoV 5.1, "The Quest" > "Special Deployment": entering from Round
        // 1, from the edge a face-off decides.
        if self.is_quest() {
            return self.quest_entry_face_off(unit);
        }
        match reserve_activation(self.round) {
            ReserveActivation::FatigueOnly => self.queue.push_back(Step::EndOfTurn { unit }),
            ReserveActivation::MayEnter => self.phase = Phase::Reserve { unit },
        }
    }

    /// Where a model of base radius `radius` entering at `point` starts:
    /// just outside the table, in base contact with the point. The point
    /// must lie on the player's own long edge or on either short edge (in
    /// the Quest, on the edge the face-off's winner picked).
    pub fn entry_start(&self, seat: Seat, point: Point, radius: f64) -> Result<Point, BattleError> {
        let (w, h) = (self.field.width, self.field.height);
        let refused = || {
            err(format!(
                "({:.2}, {:.2}) is not on a table edge the unit may enter from: {:?} (BoV 5.1, \"Reserves\", \"The Quest\")",
                point.x,
                point.y,
                self.entry_edges(seat)
            ))
        };
        if !point.is_finite()
            || point.x < -ON_EDGE
            || point.x > w + ON_EDGE
            || point.y < -ON_EDGE
            || point.y > h + ON_EDGE
        {
            return refused();
        }
        // The first edge listed wins at a corner: the player's own long
        // edge.
        let Some(edge) = self
            .entry_edges(seat)
            .into_iter()
            .find(|e| e.depth(point, w, h).abs() <= ON_EDGE)
        else {
            return refused();
        };
        Ok(point.plus(edge.outward().scale(radius)))
    }

    /// The battlefield's models with the entering unit's models added at
    /// their start, and the unit move the paths describe.
    fn entry_move(
        &self,
        unit: u16,
        point: Point,
        paths: &Paths,
    ) -> Result<(Snapshot, UnitMove), BattleError> {
        let u = &self.units[usize::from(unit)];
        let radius = crate::geometry::base_radius_in(f64::from(u.base_mm));
        let start = self.entry_start(u.owner, point, radius)?;
        let mut snap = self.snapshot();
        let first = snap.models.len();
        let alive: Vec<u8> = u.alive_models().collect();
        for &m in &alive {
            snap.models.push(
                Model::new(UnitId(unit), u.owner, start, f64::from(u.base_mm))
                    .with_stature(u.stature),
            );
            snap.index.push((unit, m));
        }
        let mut moves = Vec::new();
        for (m, way) in paths {
            let Some(k) = alive.iter().position(|a| a == m) else {
                return err(format!("{} is not in Reserve", self.model_name(unit, *m)));
            };
            if moves.iter().any(|x: &ModelMove| x.model == first + k) {
                return err(format!("{} is given two paths", self.model_name(unit, *m)));
            }
            if way.is_empty() {
                return err(format!(
                    "{} has an empty path: every model of the unit enters the table",
                    self.model_name(unit, *m)
                ));
            }
            moves.push(ModelMove {
                model: first + k,
                waypoints: way.clone(),
            });
        }
        if moves.len() != alive.len() {
            return err(format!(
                "unit {unit} has {} models in Reserve, {} paths were given: every model enters the table",
                alive.len(),
                moves.len()
            ));
        }
        let mut mv = UnitMove {
            unit: UnitId(unit),
            kind: MoveKind::Normal,
            allowance: Some(self.allowance(unit, false)),
            traits: u.traits,
            moves,
        };
        // BoV 5.1, "The Quest" > "Grabbing Treasure".
        self.cut_at_treasures(&snap.models, &mut mv);
        Ok((snap, mv))
    }

    /// "Starting in Round 2, ... bring the unit in from Reserve by taking a
    /// March action": a March judged like any other, from just outside the
    /// table at `point`.
    pub fn check_enter(&self, unit: u16, point: Point, paths: &Paths) -> Result<(), BattleError> {
        let (snap, mv) = self.entry_move(unit, point, paths)?;
        validate_unit_move(&self.field, &snap.models, &mv)
            .map(|_| ())
            .map_err(|e| self.move_refusal(&snap, &e))
    }

    /// Carries out a checked entry and ends the unit's turn.
    pub(crate) fn enter(&mut self, unit: u16, point: Point, paths: &Paths) {
        if let Ok((snap, mv)) = self.entry_move(unit, point, paths)
            && let Ok(after) = validate_unit_move(&self.field, &snap.models, &mv)
        {
            self.last_paths = mv
                .moves
                .iter()
                .map(|m| DrawnPath {
                    unit,
                    from: snap.models[m.model].center,
                    waypoints: m.waypoints.clone(),
                })
                .collect();
            let u = &mut self.units[usize::from(unit)];
            for (&(_, m), model) in snap
                .index
                .iter()
                .zip(&after)
                .skip(snap.index.len() - mv.moves.len())
            {
                u.positions[usize::from(m)] = model.center;
            }
            u.reserve = false;
            u.deployed = true;
            for r in self.riders_of(unit) {
                let r = &mut self.units[usize::from(r)];
                r.reserve = false;
                r.deployed = true;
            }
            self.grab_treasures(unit);
        }
        self.quest.entry_edge = None;
        self.queue.push_back(Step::EndOfTurn { unit });
    }

    /// Entries the engine offers as examples: from the middle and the
    /// quarters of the player's own edge and the middle of its half of each
    /// short edge, the unit in rows of up to five, as far in as its Speed
    /// allows.
    pub fn entry_examples(&self, unit: u16) -> Vec<(Point, Paths)> {
        let u = &self.units[usize::from(unit)];
        let (w, h) = (self.field.width, self.field.height);
        let near = self.near_edge(u.owner);
        let own_y = if near { 0.0 } else { h };
        let inward_y = if near { 1.0 } else { -1.0 };
        let side_y = if near { h / 4.0 } else { 3.0 * h / 4.0 };
        let edges: Vec<(Point, Point)> = match self.quest.entry_edge.filter(|_| self.is_quest()) {
            Some(e) => self
                .edge_points(e)
                .into_iter()
                .map(|p| (p, e.outward().scale(-1.0)))
                .collect(),
            None => vec![
                (Point::new(w / 2.0, own_y), Point::new(0.0, inward_y)),
                (Point::new(w / 4.0, own_y), Point::new(0.0, inward_y)),
                (Point::new(3.0 * w / 4.0, own_y), Point::new(0.0, inward_y)),
                (Point::new(0.0, side_y), Point::new(1.0, 0.0)),
                (Point::new(w, side_y), Point::new(-1.0, 0.0)),
            ],
        };
        edges
            .iter()
            .filter_map(|&(p, n)| self.entry_formation(unit, p, n).map(|paths| (p, paths)))
            .collect()
    }

    /// Rows of up to five models half an inch apart, centred on `point`,
    /// the front row as deep along the inward direction `n` as will pass.
    fn entry_formation(&self, unit: u16, point: Point, n: Point) -> Option<Paths> {
        let u = &self.units[usize::from(unit)];
        let alive: Vec<u8> = u.alive_models().collect();
        let r = crate::geometry::base_radius_in(f64::from(u.base_mm));
        let step = 2.0 * r + 0.5;
        let cols = alive.len().min(5);
        let rows = alive.len().div_ceil(5);
        let t = Point::new(n.y.abs(), n.x.abs());
        let allowance = self.allowance(unit, false);
        let back = (rows as f64 - 1.0) * step;
        let mut front = allowance - 0.05;
        while front - back >= r + 0.05 {
            let paths: Paths = alive
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    let col = (i % 5) as f64 - (cols as f64 - 1.0) / 2.0;
                    let depth = front - (i / 5) as f64 * step;
                    (
                        m,
                        vec![point.plus(t.scale(col * step)).plus(n.scale(depth))],
                    )
                })
                .collect();
            if self.check_enter(unit, point, &paths).is_ok() {
                return Some(paths);
            }
            front -= 1.0;
        }
        None
    }

    /// "These units recover from fatigue at the end of each round, just
    /// like units on the table" (they carry no status markers to remove).
    pub(crate) fn restore_reserves(&mut self) {
        for u in self.units.iter_mut().filter(|u| u.reserve) {
            let _ = book::restore_fatigue(&mut u.state, &[]);
        }
    }

    /// "If the game ends for any reason ..., all units left in Reserve are
    /// immediately defeated": each scores for the opponent as a defeated
    /// unit, and its models count as lost. A unit bonded to one of them
    /// falls with it ("if either of them is defeated, both of them are
    /// immediately removed", BoV 5.1, "The Dragonbond").
    pub(crate) fn defeat_reserves(&mut self) {
        let scenario = self.setup.scenario;
        let reserves: Vec<u16> = self
            .units
            .iter()
            .filter(|u| u.reserve)
            .map(|u| u.id)
            .collect();
        for id in reserves {
            let mut fall = Some(id);
            while let Some(i) = fall {
                let u = &mut self.units[usize::from(i)];
                fall = u.bonded.take();
                if u.state.is_defeated() {
                    continue;
                }
                self.score.unit_defeated(scenario, u.owner, u.value);
                let n = u.state.models();
                self.count_lost(i, n);
                let u = &mut self.units[usize::from(i)];
                u.state.alive = crate::rules::state::ModelSet::default();
                u.reserve = false;
            }
        }
    }
}
