//! A power's placement (BoV starter, Fig. 5.3: "Choose a friendly unit
//! within 12" (including the attached unit), then place it anywhere on the
//! play area without becoming engaged. This does not trigger opportunity
//! attacks."): the unit is lifted and set down, not moved, so neither its
//! Speed, terrain on the way nor an Opportunity Attack has a say; only
//! where it ends does: on the table, out of Impassable terrain, on no other
//! base, in coherency, and in base contact with no enemy.

use super::{Battle, BattleError, Phase, err};
use crate::geometry::{CONTACT_IN, Model, Point, UnitId};

/// How far the engine's examples slide a formation back from a goal, a
/// step at a time, looking for room.
const SLIDE_STEP_IN: f64 = 1.0;

/// The spacing of the grid of the whole table searched when no goal has
/// room near it.
const GRID_IN: f64 = 2.0;

impl Battle {
    /// The `Place` effect's step: the owner is asked where the unit goes. A
    /// mounted rider is placed with its Mount, as it moves with it.
    pub(crate) fn power_place_step(&mut self, unit: u16) -> bool {
        let body = self.body(unit);
        if !self.units[usize::from(body)].alive() {
            return true;
        }
        self.phase = Phase::PowerPlace { unit: body };
        false
    }

    /// Checks the positions given for the unit a power places: where
    /// [`Battle::check_placement`] allows the unit's bases, among
    /// every other model on the battlefield, with no zone and engaged with
    /// no enemy.
    pub(crate) fn check_power_place(
        &self,
        unit: u16,
        named: u16,
        positions: &[Point],
    ) -> Result<(), BattleError> {
        let u = &self.units[usize::from(unit)];
        if named != unit {
            return err(format!(
                "the power places unit {unit} ({}), not unit {named}",
                u.name
            ));
        }
        let others = self.others_than(unit);
        let legal = self.check_placement(unit, positions, &others, None, CONTACT_IN);
        // docs/rulings.md, "A power's placement with no room": where no
        // spot on the table is legal, the unit stays where it stands.
        if legal.is_err() && self.stays_put(unit, positions) {
            return Ok(());
        }
        legal
    }

    /// Whether `positions` are where `unit` stands and no legal spot
    /// exists for it anywhere (the only example is to stay).
    fn stays_put(&self, unit: u16, positions: &[Point]) -> bool {
        let here: Vec<Point> = self.units[usize::from(unit)]
            .models()
            .iter()
            .map(|m| m.center)
            .collect();
        here == positions && self.place_examples(unit) == vec![here]
    }

    /// Every model on the battlefield but `unit`'s own.
    fn others_than(&self, unit: u16) -> Vec<Model> {
        let mut models = self.snapshot().models;
        models.retain(|m| m.unit != UnitId(unit));
        models
    }

    /// Sets the unit down: its models (and so any rider on it) are where
    /// the owner put them.
    pub(crate) fn power_place(&mut self, unit: u16, positions: &[Point]) {
        let u = &mut self.units[usize::from(unit)];
        for (m, p) in u.state.alive.iter().zip(positions) {
            u.positions[usize::from(m)] = *p;
        }
    }

    /// Where the engine suggests the unit may be placed: its formation as
    /// it stands, where it stands (when it is not engaged), then moved onto
    /// each of the goals a power's move would head for (away from the
    /// nearest enemy, the nearest objective it does not hold, the nearest
    /// enemy), slid back toward where it stands until it has room. The
    /// owner may place it anywhere else.
    pub fn place_examples(&self, unit: u16) -> Vec<Vec<Point>> {
        let here = self.units[usize::from(unit)].models();
        if here.is_empty() {
            return Vec::new();
        }
        let centre = self.centre_of(unit);
        let others = self.others_than(unit);
        let fits = |ps: &[Point]| {
            self.check_placement(unit, ps, &others, None, CONTACT_IN)
                .is_ok()
        };
        let mut out: Vec<Vec<Point>> = Vec::new();
        let here_points: Vec<Point> = here.iter().map(|m| m.center).collect();
        if fits(&here_points) {
            out.push(here_points.clone());
        }
        // The formation carried to each goal: as the unit stands, or, if
        // casualties broke its coherency, rows of up to five round its
        // centre, so that a placement in coherency can be found.
        let stay = if crate::geometry::in_coherency(&here) {
            here_points.clone()
        } else {
            self.block_round(unit, centre)
        };
        for goal in self.power_move_goals(unit) {
            let back = centre.minus(goal);
            let len = back.len();
            let steps = (len / SLIDE_STEP_IN).ceil() as usize;
            let found = (0..=steps).find_map(|k| {
                let along = if len > 1e-9 {
                    back.scale((k as f64 * SLIDE_STEP_IN).min(len) / len)
                } else {
                    back
                };
                let shift = goal.plus(along).minus(centre);
                let ps: Vec<Point> = stay.iter().map(|p| p.plus(shift)).collect();
                fits(&ps).then_some(ps)
            });
            if let Some(ps) = found
                && !out.iter().any(|o| o[0].dist(ps[0]) < SLIDE_STEP_IN)
            {
                out.push(ps);
            }
        }
        if out.is_empty() {
            // Nowhere near the goals: the first spot with room on a grid of
            // the whole table, so that a choice always exists.
            let (w, d) = (self.field.width, self.field.height);
            let spots = (0..=(d / GRID_IN) as usize).flat_map(|j| {
                (0..=(w / GRID_IN) as usize)
                    .map(move |i| Point::new(i as f64 * GRID_IN, j as f64 * GRID_IN))
            });
            out.extend(
                spots
                    .map(|spot| {
                        let shift = spot.minus(centre);
                        stay.iter().map(|p| p.plus(shift)).collect::<Vec<Point>>()
                    })
                    .find(|ps| fits(ps)),
            );
        }
        if out.is_empty() {
            // No room anywhere: the unit stays where it stands.
            out.push(here_points);
        }
        out
    }

    /// `unit`'s models in rows of up to five, half an inch apart, centred
    /// on `centre`.
    fn block_round(&self, unit: u16, centre: Point) -> Vec<Point> {
        let u = &self.units[usize::from(unit)];
        let n = u.state.models() as usize;
        let cols = n.clamp(1, 5);
        let step = 2.0 * crate::geometry::base_radius_in(f64::from(u.base_mm)) + 0.5;
        let rows = n.div_ceil(cols);
        let (w, d) = ((cols - 1) as f64 * step, (rows - 1) as f64 * step);
        (0..n)
            .map(|k| {
                Point::new(
                    centre.x - w / 2.0 + (k % cols) as f64 * step,
                    centre.y - d / 2.0 + (k / cols) as f64 * step,
                )
            })
            .collect()
    }
}
