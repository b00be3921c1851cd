//! Objectives and deployment (BoV 5.1, "Setting up a game": "Objectives
//! Setup", "Determine Deployment Zones", "Take Turns Deploying", "Reserves").
//!
//! The players place the objectives in turn; the winner of a face-off picks
//! a long table edge; then they deploy a unit at a time, and after half of
//! its units are down a player may leave the rest in Reserve.

use super::{Battle, BattleError, Phase, Step, err};
use crate::geometry::{CONTACT_IN, ENEMY_GAP_IN, Model, Point, UnitId, in_coherency};
use crate::rules::edition::Edition;
use crate::rules::scenario::{self, Objectives};
use crate::rules::setup::{
    check_objective_in, check_reserves, deployment_zone_depth, next_to_deploy, objective_placer,
};
use valerna_game::Seat;

/// The spacing of the points the engine lists as examples of where an
/// objective may go.
const OBJECTIVE_EXAMPLE_STEP: f64 = 1.0;
/// The spacing of the points searched before declaring that no objective
/// fits any more (docs/rulings.md, "Objectives that no longer fit").
const OBJECTIVE_ROOM_STEP: f64 = 0.5;

/// Points of a grid `step` apart, offset by half a step from the edges'
/// margin (3" in 5.1, 6" in the starter edition), that meet "Objectives
/// Setup" next to the objectives `placed`.
pub fn objective_grid(
    edition: Edition,
    b: scenario::Battlefield,
    placed: &[Point],
    step: f64,
) -> Vec<Point> {
    let mut out = Vec::new();
    scan_objective_grid(edition, b, placed, step, |p| {
        out.push(p);
        false
    });
    out
}

/// The first point of [`objective_grid`], without testing the rest: whether
/// an objective fits at all asks only for one.
fn first_objective_point(
    edition: Edition,
    b: scenario::Battlefield,
    placed: &[Point],
    step: f64,
) -> Option<Point> {
    let mut first = None;
    scan_objective_grid(edition, b, placed, step, |p| {
        first = Some(p);
        true
    });
    first
}

/// Hands `found` the points of [`objective_grid`] in its order until it
/// answers `true`.
fn scan_objective_grid(
    edition: Edition,
    b: scenario::Battlefield,
    placed: &[Point],
    step: f64,
    mut found: impl FnMut(Point) -> bool,
) {
    let (w, h) = b.inches();
    let taken: Vec<(f64, f64)> = placed.iter().map(|p| (p.x, p.y)).collect();
    let edge = edition.objective_rules().edge_in;
    let mut y = edge + step / 2.0;
    while y < h {
        let mut x = edge + step / 2.0;
        while x < w {
            if check_objective_in(edition, b, &taken, (x, y)).is_ok() && found(Point::new(x, y)) {
                return;
            }
            x += step;
        }
        y += step;
    }
}

/// Where the engine suggests the next objective may go: the inch grid, or
/// the half-inch grid when the inch grid has no room left (so a point is
/// offered whenever the engine asks for one).
pub fn objective_examples(
    edition: Edition,
    b: scenario::Battlefield,
    placed: &[Point],
) -> Vec<Point> {
    let coarse = objective_grid(edition, b, placed, OBJECTIVE_EXAMPLE_STEP);
    if coarse.is_empty() {
        objective_grid(edition, b, placed, OBJECTIVE_ROOM_STEP)
    } else {
        coarse
    }
}

/// Whether `more` objectives still fit next to `placed`, filling the
/// half-inch grid first come first served (a bot's look-ahead: a packing it
/// misses may still exist).
pub fn objectives_fit(
    edition: Edition,
    b: scenario::Battlefield,
    placed: &[Point],
    more: usize,
) -> bool {
    let mut all = placed.to_vec();
    for _ in 0..more {
        match first_objective_point(edition, b, &all, OBJECTIVE_ROOM_STEP) {
            Some(p) => all.push(p),
            None => return false,
        }
    }
    true
}

/// The deployment zone along the long edge at y = 0 (`near`) or the one
/// opposite: from the edge to the deployment line, as `(y_min, y_max)`.
pub fn zone(b: scenario::Battlefield, near: bool) -> (f64, f64) {
    let (_, h) = b.inches();
    let depth = deployment_zone_depth(b);
    if near { (0.0, depth) } else { (h - depth, h) }
}

/// [`zone`] on a battlefield `height` inches from the edge at y = 0 to the
/// opposite one, as it lies (turned a quarter when the players took the
/// short edges: [`Battle::turn_table`]).
pub fn zone_across(height: f64, near: bool) -> (f64, f64) {
    let depth = crate::rules::setup::deployment_depth(height);
    if near {
        (0.0, depth)
    } else {
        (height - depth, height)
    }
}

impl Battle {
    /// Asks for the next objective token; once they are all down (or no
    /// point meets the rules any more), rolls for table edges and starts
    /// deployment.
    pub(crate) fn next_objective(&mut self) {
        let want = if self.setup.scenario.has_objectives() {
            usize::from(self.edition().objectives(self.setup.battlefield))
        } else {
            0
        };
        let placed = self.objectives.len();
        if placed < want
            && first_objective_point(
                self.edition(),
                self.setup.battlefield,
                &self.objectives,
                OBJECTIVE_ROOM_STEP,
            )
            .is_some()
        {
            self.phase = Phase::PlaceObjective {
                seat: objective_placer(self.objectives_first, placed),
            };
            return;
        }
        // BoV 5.1, "Monsters": placed after the objectives; in the Quest
        // the objective tokens then become its treasures, so a Monster
        // stands by a treasure.
        if self.next_monster() {
            return;
        }
        self.lay_treasures();
        self.control = Objectives::new(self.objectives.len());
        // BoV 5.1, "Roll for Table Edges": the winner picks a long edge,
        // and ("Take Turns Deploying") deploys first.
        self.deploy_first = self.face_off(super::log::FaceOffFor::TableEdge);
        self.phase = Phase::TableEdge {
            seat: self.deploy_first,
        };
    }

    /// Whether `seat` plays from the long edge at y = 0.
    pub fn near_edge(&self, seat: Seat) -> bool {
        seat == self.near_seat
    }

    /// "The winner of the roll picks either of the two longer table edges
    /// as their own. The opponent gets the opposite longer table edge."
    ///
    /// BoV starter, "Roll for Table Edges": "The winner of the roll picks
    /// any table edge as their own. The opponent gets the opposite table
    /// edge." A short edge (`short`, the left one at x = 0 when `near`) is
    /// played by turning the battlefield a quarter turn first, so that the
    /// players' edges are always y = 0 and y = height.
    pub(crate) fn choose_edge(&mut self, seat: Seat, near: bool, short: bool) {
        if short {
            self.turn_table();
        }
        self.near_seat = if near { seat } else { Battle::other(seat) };
        self.next_deployment();
    }

    /// Turns the battlefield a quarter turn anticlockwise: its left edge
    /// (x = 0) becomes the edge at y = 0 and its right edge the one
    /// opposite; the terrain, the objectives, the treasures and any model on
    /// the table turn with it (docs/rulings.md, "Short table edges").
    pub(crate) fn turn_table(&mut self) {
        let h = self.field.height;
        let turn = |p: Point| Point::new(h - p.y, p.x);
        let terrain: Vec<_> = self.field.terrain.iter().map(|t| t.mapped(turn)).collect();
        let Ok(mut field) =
            crate::geometry::Battlefield::new(self.field.height, self.field.width, terrain)
        else {
            return;
        };
        field.base_blocking = self.field.base_blocking;
        field.cover_rule = self.field.cover_rule;
        self.field = field;
        for p in &mut self.objectives {
            *p = turn(*p);
        }
        self.quest.turn(turn);
        for u in &mut self.units {
            for p in &mut u.positions {
                *p = turn(*p);
            }
        }
    }

    /// The deployment zone of `seat`, `(y_min, y_max)` on the battlefield
    /// as it lies.
    pub fn deployment_zone(&self, seat: Seat) -> (f64, f64) {
        zone_across(self.field.height, self.near_edge(seat))
    }

    /// "Objectives Setup": more than 9" from every objective placed and more
    /// than 3" from every edge (12" and 6" in the starter edition).
    pub(crate) fn check_place_objective(&self, at: Point) -> Result<(), BattleError> {
        let taken: Vec<(f64, f64)> = self.objectives.iter().map(|p| (p.x, p.y)).collect();
        check_objective_in(self.edition(), self.setup.battlefield, &taken, (at.x, at.y))
            .map_err(|e| BattleError(e.to_string()))
    }

    pub(crate) fn place_objective(&mut self, at: Point) {
        self.objectives.push(at);
        self.next_objective();
    }

    /// "Reserves": after at least half of the player's units are deployed,
    /// the rest may stay in Reserve, the General excepted.
    /// "Dragonriders that start the game mounted and their mount count as a
    /// single unit for this purpose": the rider is counted in its Mount.
    pub(crate) fn check_reserve(&self, seat: Seat) -> Result<(), BattleError> {
        let own = || {
            self.units
                .iter()
                .filter(|u| u.owner == seat && u.mounted_on.is_none())
        };
        let deployed = own().filter(|u| u.deployed).count();
        let general_left = self
            .units
            .iter()
            .any(|u| u.owner == seat && u.general && !u.deployed);
        check_reserves(deployed, own().count(), general_left)
            .map_err(|e| BattleError(e.to_string()))
    }

    /// "Reserves": the player stops deploying.
    pub(crate) fn declare_reserve(&mut self, seat: Seat) {
        self.leave_in_reserve(seat);
        self.next_deployment();
    }

    /// Asks the next seat to deploy, or starts Round 1 when all are down.
    /// A seat none of whose remaining units has room anywhere in its zone
    /// leaves them all in Reserve (docs/rulings.md, "Units with no room to
    /// deploy"), so a seat asked to deploy always has a legal placement.
    pub(crate) fn next_deployment(&mut self) {
        if self.quest_deployment() {
            return self.start_round();
        }
        loop {
            let left = [0, 1].map(|s: Seat| self.to_deploy(s).count());
            match next_to_deploy(self.last_deployed, left, self.deploy_first) {
                Some(seat) if self.any_room(seat) => {
                    self.phase = Phase::Deploy { seat };
                    return;
                }
                Some(seat) => self.leave_in_reserve(seat),
                None => return self.start_round(),
            }
        }
    }

    /// Units of `seat` neither deployed nor in Reserve; a mounted rider is
    /// deployed with its Mount ("Dragonriders": "deploy as one unit").
    fn to_deploy(&self, seat: Seat) -> impl Iterator<Item = &super::Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.owner == seat && !u.deployed && !u.reserve && u.mounted_on.is_none())
    }

    /// Whether any unit `seat` still has to deploy fits somewhere in its zone,
    /// as [`Battle::placement`] searches.
    fn any_room(&self, seat: Seat) -> bool {
        self.to_deploy(seat)
            .any(|u| self.placement(u.id, None).is_some())
    }

    /// Leaves every undeployed unit of `seat` in Reserve: by the player's
    /// choice, or because none of them has room in the zone.
    fn leave_in_reserve(&mut self, seat: Seat) {
        for u in self
            .units
            .iter_mut()
            .filter(|u| u.owner == seat && !u.deployed)
        {
            u.reserve = true;
        }
        self.last_deployed = Some(seat);
    }

    /// Checks a deployment: the seat's own undeployed unit, one position per
    /// model, every base wholly in the zone and on the table, out of
    /// Impassable terrain, on no other base, 1" from enemies, in coherency.
    pub(crate) fn check_deploy(
        &self,
        seat: Seat,
        unit: u16,
        positions: &[Point],
    ) -> Result<(), BattleError> {
        self.check_deploy_among(seat, unit, positions, &self.snapshot().models)
    }

    /// [`Battle::check_deploy`] against the models `others` already on the
    /// battlefield (so that a search builds them once).
    fn check_deploy_among(
        &self,
        seat: Seat,
        unit: u16,
        positions: &[Point],
        others: &[Model],
    ) -> Result<(), BattleError> {
        let Some(u) = self.units.get(usize::from(unit)) else {
            return err(format!("there is no unit {unit}"));
        };
        if u.owner != seat {
            return err(format!("unit {unit} ({}) is not yours", u.name));
        }
        if u.deployed {
            return err(format!("unit {unit} ({}) is already deployed", u.name));
        }
        if u.reserve {
            return err(format!("unit {unit} ({}) is in Reserve", u.name));
        }
        if let Some(m) = u.mounted_on {
            return err(format!(
                "unit {unit} ({}) rides unit {m} and is deployed with it (BoV 5.1, \"Dragonriders\")",
                u.name
            ));
        }
        let zone = self.deployment_zone(seat);
        self.check_placement(unit, positions, others, Some(zone), ENEMY_GAP_IN)
    }

    /// Where every model of `unit` may be put down: one position per model,
    /// each base on the table (and wholly within
    /// the y range `zone` when one is given), out of Impassable terrain,
    /// on no base of `others`, farther than `enemy_gap` inches from every
    /// enemy base, and the unit in coherency. Deployment keeps 1" from
    /// enemies; a power's placement only keeps out of base contact.
    pub(crate) fn check_placement(
        &self,
        unit: u16,
        positions: &[Point],
        others: &[Model],
        zone: Option<(f64, f64)>,
        enemy_gap: f64,
    ) -> Result<(), BattleError> {
        let u = &self.units[usize::from(unit)];
        if positions.len() != u.state.models() as usize {
            return err(format!(
                "unit {unit} ({}) has {} models, {} positions were given",
                u.name,
                u.state.models(),
                positions.len()
            ));
        }
        let placed: Vec<Model> = positions
            .iter()
            .map(|&p| {
                Model::new(UnitId(unit), u.owner, p, f64::from(u.base_mm)).with_stature(u.stature)
            })
            .collect();
        let numbers: Vec<u8> = u.alive_models().collect();
        let model = |i: usize| self.model_name(unit, numbers.get(i).copied().unwrap_or(i as u8));
        for (i, m) in placed.iter().enumerate() {
            if !m.is_valid() || !self.field.holds_base(m.center, m.radius_in) {
                return err(format!("{} is not on the battlefield", model(i)));
            }
            if let Some((lo, hi)) = zone
                && (m.center.y - m.radius_in < lo - 1e-6 || m.center.y + m.radius_in > hi + 1e-6)
            {
                return err(format!(
                    "{} is outside the deployment zone (BoV 5.1, \"Determine Deployment Zones\")",
                    model(i)
                ));
            }
            if let Some(t) = self
                .field
                .terrain
                .iter()
                .find(|t| t.impassable() && t.overlaps_base(m.center, m.radius_in))
            {
                return err(format!(
                    "{} is in Impassable terrain \"{}\"",
                    model(i),
                    t.name
                ));
            }
            if placed[..i].iter().chain(others).any(|o| o.overlaps(m)) {
                return err(format!("{} is on another model's base", model(i)));
            }
            if others
                .iter()
                .any(|o| o.is_enemy_of(m) && (m.gap(o) < enemy_gap || m.in_contact(o)))
            {
                return err(if enemy_gap > CONTACT_IN {
                    format!("{} is within 1\" of an enemy", model(i))
                } else {
                    format!(
                        "{} would be engaged with an enemy (BoV starter, Fig. 5.3: \"without becoming engaged\")",
                        model(i)
                    )
                });
            }
        }
        if !in_coherency(&placed) {
            return err(
                "the unit is not in coherency (BoV 5.1, \"Take Turns Deploying\", \"Unit Coherency\")",
            );
        }
        Ok(())
    }

    pub(crate) fn deploy(&mut self, seat: Seat, unit: u16, positions: &[Point]) {
        let u = &mut self.units[usize::from(unit)];
        for (m, p) in u.state.alive.iter().zip(positions) {
            u.positions[usize::from(m)] = *p;
        }
        u.deployed = true;
        for r in self.riders_of(unit) {
            self.units[usize::from(r)].deployed = true;
        }
        self.last_deployed = Some(seat);
        self.next_deployment();
    }

    /// A legal formation for `unit` in its zone: rows of up to five models
    /// half an inch apart, tried across the zone from `start_x` outward;
    /// failing that, wider or narrower rows (say one long line in a shallow
    /// zone, or a column between two pieces of terrain).
    pub fn default_formation(&self, unit: u16, start_x: f64) -> Option<Vec<Point>> {
        self.placement(unit, Some(start_x))
    }

    /// The formation search behind [`Battle::default_formation`], from
    /// `start_x` or else the middle of the zone. It decides whether a unit
    /// "fits" in its zone (docs/rulings.md, "Units with no room to deploy").
    pub(crate) fn placement(&self, unit: u16, start_x: Option<f64>) -> Option<Vec<Point>> {
        let u = self.units.get(usize::from(unit))?;
        let n = u.state.models() as usize;
        if n == 0 {
            return None;
        }
        let w = self.field.width;
        let others = self.snapshot().models;
        let rows_of_five = n.min(5);
        let search = |x: f64| {
            std::iter::once(rows_of_five)
                .chain(rows_of_five + 1..=n)
                .chain((1..rows_of_five).rev())
                .find_map(|cols| self.formation(unit, x, cols, &others))
        };
        // The search from the middle decides whether the unit fits at all;
        // from elsewhere it falls back on that one.
        match start_x {
            Some(x) if x != w / 2.0 => search(x).or_else(|| search(w / 2.0)),
            _ => search(w / 2.0),
        }
    }

    /// Rows of `cols` models half an inch apart, the block tried at every
    /// inch across the zone from `start_x` outward and every inch of depth
    /// from the player's own edge.
    fn formation(
        &self,
        unit: u16,
        start_x: f64,
        cols: usize,
        others: &[Model],
    ) -> Option<Vec<Point>> {
        let u = &self.units[usize::from(unit)];
        let n = u.state.models() as usize;
        let r = crate::geometry::base_radius_in(f64::from(u.base_mm));
        let step = 2.0 * r + 0.5;
        let rows = n.div_ceil(cols);
        let w = self.field.width;
        let near = self.near_edge(u.owner);
        let (lo, hi) = self.deployment_zone(u.owner);
        let width = (cols as f64 - 1.0) * step;
        let depth = (rows as f64 - 1.0) * step;
        if depth + 2.0 * r > hi - lo || width + 2.0 * r > w {
            return None;
        }
        let ys: Vec<f64> = {
            let mut v = Vec::new();
            let mut y = lo + r + 0.05;
            while y + depth + r <= hi - 0.05 {
                v.push(y);
                y += 1.0;
            }
            v
        };
        for k in 0..(2 * w as usize) {
            let off = if k % 2 == 0 {
                (k / 2) as f64
            } else {
                -((k / 2 + 1) as f64)
            };
            let x0 = start_x - width / 2.0 + off;
            if x0 - r < 0.0 || x0 + width + r > w {
                continue;
            }
            for &y0 in &ys {
                let y0 = if near { y0 } else { hi - (y0 - lo) - depth };
                let pos: Vec<Point> = (0..n)
                    .map(|i| {
                        Point::new(x0 + (i % cols) as f64 * step, y0 + (i / cols) as f64 * step)
                    })
                    .collect();
                if self.check_deploy_among(u.owner, unit, &pos, others).is_ok() {
                    return Some(pos);
                }
            }
        }
        None
    }

    /// A round begins (Round 1 after deployment): Initiative, then the
    /// Initiative winner's targets for each piece of Dangerous terrain, then
    /// the first turn. Run the queue after calling this.
    pub(crate) fn start_round(&mut self) {
        if self.round > 0 {
            self.restore_reserves();
        }
        // The end of the last round (Restore Fatigue) is told before this
        // round's Initiative, in the book's order.
        self.tell_changes();
        self.round += 1;
        self.passed = [false; 2];
        // BoV 5.1, "Bidding": control of a Monster lasts "this round".
        self.queue_bids();
        // BoV 5.1, "Initiative": a face-off before each round.
        self.initiative = self.face_off(super::log::FaceOffFor::Initiative);
        let (round, initiative) = (self.round, self.initiative);
        self.tell(super::log::Audience::Public, || {
            super::log::Event::RoundStarted { round, initiative }
        });
        self.phase = Phase::Turn {
            seat: self.initiative,
        };
        // BoV 5.1, "Dangerous Terrain (X)": "Whenever a player wins
        // Initiative, that player must pick a target unit for each piece";
        // the starter edition's terrain attacks at the start of a turn
        // instead (`Battle::dangerous_at_start_of_turn`).
        let pieces: Vec<usize> = (0..self.field.terrain.len())
            .filter(|&k| self.field.terrain[k].dangerous().is_some())
            .filter(|_| !self.edition().dangerous_at_start_of_turn())
            .collect();
        if !pieces.is_empty() {
            self.queue
                .extend(pieces.into_iter().map(|piece| Step::Dangerous { piece }));
            self.queue.push_back(Step::FirstTurn);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// The first point found alone is the grid's first.
        #[test]
        fn the_first_objective_point_is_the_grids_first(
            size in 0usize..3,
            placed in prop::collection::vec((3.0f64..69.0, 3.0f64..45.0), 0..7),
            fine in prop::bool::ANY,
            starter in prop::bool::ANY,
        ) {
            let b = [
                scenario::Battlefield::Small2x1,
                scenario::Battlefield::Standard4x3,
                scenario::Battlefield::Large6x4,
            ][size];
            let placed: Vec<Point> = placed.into_iter().map(|(x, y)| Point::new(x, y)).collect();
            let step = if fine { OBJECTIVE_ROOM_STEP } else { OBJECTIVE_EXAMPLE_STEP };
            let edition = if starter { Edition::Starter } else { Edition::V5_1 };
            prop_assert_eq!(
                first_objective_point(edition, b, &placed, step),
                objective_grid(edition, b, &placed, step).first().copied()
            );
        }
    }
}
