//! The Quest (BoV 5.1, "Alternative scenarios" > "The Quest"): the
//! objective tokens are treasure tokens; every unit starts in Reserve and
//! may enter from Round 1, from the table edge the winner of a face-off
//! picks; a unit that moves into contact with a treasure stops and grabs it
//! (a black die: a critical is a major treasure); it carries it until it is
//! defeated, when the treasure falls where its last model was removed, or
//! goes to the unit whose melee attack defeated it; a carrying unit whose
//! every model Marches into contact with its own table edge leaves the
//! table and scores 20 points per major and 10 per minor treasure (2 and 1
//! in the starter edition).
//!
//! The readings the book leaves open are in docs/rulings.md, "The Quest".

use serde::{Deserialize, Serialize};
use valerna_game::Seat;

use super::{Battle, BattleError, Paths, Phase, err};
use crate::geometry::{CONTACT_IN, Model, Point, UnitMove, base_radius_in};
use crate::rules::quest::{TREASURE_TOKEN_MM, TreasureKind, grab_roll};
use crate::rules::state::ModelSet;

/// How close (in inches) a base must come to a table edge to be in contact
/// with it.
pub const EDGE_CONTACT_IN: f64 = 0.01;

/// A table edge, as the battlefield lies: the long edge at y = 0 (`Near`),
/// the one opposite (`Far`), and the short edges at x = 0 (`Left`) and at
/// the table's width (`Right`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEdge))]
pub enum Edge {
    Near,
    Far,
    Left,
    Right,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::Near, Edge::Far, Edge::Left, Edge::Right];

    /// The unit vector pointing off the table across this edge.
    pub fn outward(self) -> Point {
        match self {
            Edge::Near => Point::new(0.0, -1.0),
            Edge::Far => Point::new(0.0, 1.0),
            Edge::Left => Point::new(-1.0, 0.0),
            Edge::Right => Point::new(1.0, 0.0),
        }
    }

    /// How far `p` lies from this edge, inward, on a `w` x `h` table.
    pub fn depth(self, p: Point, w: f64, h: f64) -> f64 {
        match self {
            Edge::Near => p.y,
            Edge::Far => h - p.y,
            Edge::Left => p.x,
            Edge::Right => w - p.x,
        }
    }
}

/// Where a treasure token is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPlace))]
pub enum Place {
    /// On the table, centred here.
    Table(Point),
    /// On a unit, which carries it.
    Carried(u16),
    /// Brought home and scored by this seat.
    Home(Seat),
}

/// One treasure token; its kind is unknown until a unit first grabs it
/// ("No new roll is required because the treasure remains the same type").
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTreasure))]
pub struct Treasure {
    pub kind: Option<TreasureKind>,
    pub place: Place,
}

/// The Quest's state in a battle: empty in the other scenarios.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovQuest))]
pub struct Quest {
    pub treasures: Vec<Treasure>,
    /// The edge the face-off's winner picked for the unit now entering.
    pub entry_edge: Option<Edge>,
    /// Units that left the table by scoring ("the unit is removed"): not
    /// defeated, and no longer on the battlefield.
    pub gone_home: Vec<u16>,
    /// Treasures each seat's units grabbed from the table (a dropped one
    /// picked up again counts again) or took by melee.
    pub grabbed: [u32; 2],
    /// Treasures each seat brought home, and the points they scored.
    pub scored: [u32; 2],
    pub points: [i32; 2],
}

/// A treasure as the view shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTreasureView))]
pub struct TreasureView {
    /// Unknown until first grabbed.
    pub kind: Option<TreasureKind>,
    /// On the table here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Point>,
    /// Carried by this unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried_by: Option<u16>,
    /// Scored by this seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scored_by: Option<Seat>,
}

impl Quest {
    /// Moves the treasures on the table by `f` (the battlefield turned).
    pub(crate) fn turn(&mut self, f: impl Fn(Point) -> Point) {
        for t in &mut self.treasures {
            if let Place::Table(p) = t.place {
                t.place = Place::Table(f(p));
            }
        }
    }

    pub fn view(&self) -> Vec<TreasureView> {
        self.treasures
            .iter()
            .map(|t| TreasureView {
                kind: t.kind,
                at: match t.place {
                    Place::Table(p) => Some(p),
                    _ => None,
                },
                carried_by: match t.place {
                    Place::Carried(u) => Some(u),
                    _ => None,
                },
                scored_by: match t.place {
                    Place::Home(s) => Some(s),
                    _ => None,
                },
            })
            .collect()
    }

    /// The treasures `unit` carries.
    pub fn carried_by(&self, unit: u16) -> impl Iterator<Item = &Treasure> + '_ {
        self.treasures
            .iter()
            .filter(move |t| t.place == Place::Carried(unit))
    }
}

/// The radius of a treasure token in inches.
pub fn token_radius() -> f64 {
    base_radius_in(TREASURE_TOKEN_MM)
}

/// Whether a base is in contact with (or over) the token at `at`.
fn touches(center: Point, radius: f64, at: Point) -> bool {
    center.dist(at) <= radius + token_radius() + CONTACT_IN
}

/// The first point of the segment `a`-`b` at which a base of `radius`
/// comes into contact with the token at `at`, if it does.
fn first_contact(a: Point, b: Point, radius: f64, at: Point) -> Option<Point> {
    let reach = radius + token_radius() + CONTACT_IN / 2.0;
    let d = b.minus(a);
    let f = a.minus(at);
    let aa = d.x * d.x + d.y * d.y;
    let c = f.x * f.x + f.y * f.y - reach * reach;
    if c <= 0.0 {
        return Some(a);
    }
    if aa <= 1e-12 {
        return None;
    }
    let bb = 2.0 * (f.x * d.x + f.y * d.y);
    let disc = bb * bb - 4.0 * aa * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-bb - disc.sqrt()) / (2.0 * aa);
    (0.0..=1.0).contains(&t).then(|| a.plus(d.scale(t)))
}

/// The length of a path from `start` through `waypoints`.
fn path_length(start: Point, waypoints: &[Point]) -> f64 {
    let mut from = start;
    let mut total = 0.0;
    for &to in waypoints {
        total += from.dist(to);
        from = to;
    }
    total
}

impl Battle {
    /// Whether this battle plays the Quest.
    pub fn is_quest(&self) -> bool {
        self.setup.scenario.all_in_reserve()
    }

    /// "Objectives Setup": "the objective tokens are known as treasure
    /// tokens". They leave the objectives (no control is scored).
    pub(crate) fn lay_treasures(&mut self) {
        if !self.is_quest() {
            return;
        }
        self.quest.treasures = self
            .objectives
            .drain(..)
            .map(|p| Treasure {
                kind: None,
                place: Place::Table(p),
            })
            .collect();
    }

    /// "Special Deployment": no models are deployed; every unit starts in
    /// Reserve, the General too.
    pub(crate) fn quest_deployment(&mut self) -> bool {
        if !self.is_quest() {
            return false;
        }
        // A Monster is no side's unit: it stays where it was placed.
        for u in self.units.iter_mut().filter(|u| !u.monster) {
            u.reserve = true;
        }
        true
    }

    /// The first round a unit in Reserve may enter: Round 2 normally
    /// ("Reserves"), Round 1 in the Quest ("Unlike normal, units in Reserve
    /// are also able to enter the battlefield starting in Round 1").
    pub fn first_entry_round(&self) -> u8 {
        if self.is_quest() { 1 } else { 2 }
    }

    /// A unit in Reserve activated in the Quest: "the winner of a face-off
    /// roll chooses which table edge the unit enters from", rolled before
    /// its owner decides whether it enters.
    pub(crate) fn quest_entry_face_off(&mut self, unit: u16) {
        let winner = self.face_off(super::log::FaceOffFor::EntryEdge);
        self.quest.entry_edge = None;
        self.phase = Phase::EntryEdge { unit, seat: winner };
    }

    /// The face-off's winner picked the edge: the owner now enters from it
    /// or stays.
    pub(crate) fn choose_entry_edge(&mut self, unit: u16, edge: Edge) {
        self.quest.entry_edge = Some(edge);
        self.phase = Phase::Reserve { unit };
    }

    /// The table edges `seat`'s unit may enter from now: the one the
    /// face-off's winner picked in the Quest; otherwise the player's own
    /// long edge, then either short edge ("Reserves").
    pub fn entry_edges(&self, seat: Seat) -> Vec<Edge> {
        if let Some(e) = self.quest.entry_edge.filter(|_| self.is_quest()) {
            return vec![e];
        }
        let own = if self.near_edge(seat) {
            Edge::Near
        } else {
            Edge::Far
        };
        vec![own, Edge::Left, Edge::Right]
    }

    /// `seat`'s own table edge.
    pub fn own_edge(&self, seat: Seat) -> Edge {
        if self.near_edge(seat) {
            Edge::Near
        } else {
            Edge::Far
        }
    }

    /// The move as it will be carried out: "When a unit moves into contact
    /// with a treasure token, its move ends". The models of a unit move
    /// together, each along its own path at the pace that brings them all
    /// to their ends at once; at the moment the first base touches a token
    /// on the table the whole unit stops where it is (docs/rulings.md, "The
    /// Quest"). Tokens a model already touches as it starts do not stop it.
    pub(crate) fn cut_at_treasures(&self, models: &[Model], mv: &mut UnitMove) {
        let tokens: Vec<Point> = self
            .quest
            .treasures
            .iter()
            .filter_map(|t| match t.place {
                Place::Table(p) => Some(p),
                _ => None,
            })
            .collect();
        if tokens.is_empty() {
            return;
        }
        // The share of its path each model covers before it first touches
        // a token.
        let mut stop = 1.0f64;
        for m in &mv.moves {
            let Some(model) = models.get(m.model) else {
                continue;
            };
            let (start, r) = (model.center, model.radius_in);
            let total = path_length(start, &m.waypoints);
            if total <= 1e-9 {
                continue;
            }
            let live: Vec<Point> = tokens
                .iter()
                .copied()
                .filter(|&t| !touches(start, r, t))
                .collect();
            let mut from = start;
            let mut walked = 0.0;
            for &to in &m.waypoints {
                let hit = live
                    .iter()
                    .filter_map(|&t| first_contact(from, to, r, t))
                    .map(|p| p.dist(from))
                    .min_by(f64::total_cmp);
                if let Some(d) = hit {
                    stop = stop.min((walked + d) / total);
                    break;
                }
                walked += from.dist(to);
                from = to;
            }
        }
        if stop >= 1.0 {
            return;
        }
        for m in &mut mv.moves {
            let Some(model) = models.get(m.model) else {
                continue;
            };
            let start = model.center;
            let keep = stop * path_length(start, &m.waypoints);
            let mut from = start;
            let mut walked = 0.0;
            let mut cut = Vec::new();
            for &to in &m.waypoints {
                let seg = from.dist(to);
                if walked + seg >= keep {
                    let t = if seg > 1e-12 {
                        (keep - walked) / seg
                    } else {
                        0.0
                    };
                    cut.push(from.plus(to.minus(from).scale(t)));
                    break;
                }
                cut.push(to);
                walked += seg;
                from = to;
            }
            m.waypoints = cut;
        }
    }

    /// "Grabbing Treasure": every token on the table that a model standing
    /// for `unit` touches after its move; a token never grabbed before
    /// rolls a black die for its kind.
    pub(crate) fn grab_treasures(&mut self, unit: u16) {
        if !self.is_quest() {
            return;
        }
        let u = &self.units[usize::from(unit)];
        // A Monster has no table edge to carry a treasure to.
        if !u.alive() || u.monster {
            return;
        }
        let owner = usize::from(u.owner.min(1));
        let models = self.placed_models(unit);
        for k in 0..self.quest.treasures.len() {
            let Place::Table(at) = self.quest.treasures[k].place else {
                continue;
            };
            if !models.iter().any(|m| touches(m.center, m.radius_in, at)) {
                continue;
            }
            if self.quest.treasures[k].kind.is_none() {
                self.quest.treasures[k].kind = Some(grab_roll(&mut self.stream));
            }
            self.quest.treasures[k].place = Place::Carried(unit);
            self.quest.grabbed[owner] += 1;
        }
    }

    /// "Carrying Treasure": `unit` was defeated, its last models `removed`
    /// (those the final blow took). Its treasures go to the unit whose
    /// melee attack defeated it (`by`), or else fall onto the table where
    /// its last miniature was removed: the highest-numbered of `removed`,
    /// or its Mount's centre for a rider defeated while mounted.
    pub(crate) fn treasures_fall(&mut self, unit: u16, by: Option<u16>, removed: ModelSet) {
        if !self
            .quest
            .treasures
            .iter()
            .any(|t| t.place == Place::Carried(unit))
        {
            return;
        }
        let u = &self.units[usize::from(unit)];
        let at = if u.mounted_on.is_some() {
            self.centre_of(unit)
        } else {
            removed
                .iter()
                .last()
                .and_then(|m| u.positions.get(usize::from(m)).copied())
                .unwrap_or_else(|| self.centre_of(unit))
        };
        let taker = by.filter(|&a| {
            let a = &self.units[usize::from(a)];
            a.alive() && !a.monster && a.owner != u.owner
        });
        for t in &mut self.quest.treasures {
            if t.place == Place::Carried(unit) {
                t.place = match taker {
                    Some(a) => {
                        self.quest.grabbed[usize::from(self.units[usize::from(a)].owner.min(1))] +=
                            1;
                        Place::Carried(a)
                    }
                    None => Place::Table(at),
                };
            }
        }
    }

    /// Whether every model standing for `unit` is in contact with its
    /// owner's table edge.
    pub fn at_own_edge(&self, unit: u16) -> bool {
        let models = self.placed_models(unit);
        self.all_at_own_edge(self.units[usize::from(unit)].owner, &models)
    }

    fn all_at_own_edge(&self, seat: Seat, models: &[Model]) -> bool {
        let edge = self.own_edge(seat);
        let (w, h) = (self.field.width, self.field.height);
        !models.is_empty()
            && models
                .iter()
                .all(|m| edge.depth(m.center, w, h) - m.radius_in <= EDGE_CONTACT_IN)
    }

    /// The unit and the riders on it that carry treasures.
    fn carriers(&self, unit: u16) -> Vec<u16> {
        std::iter::once(unit)
            .chain(self.riders_of(unit))
            .filter(|&c| self.quest.carried_by(c).next().is_some())
            .collect()
    }

    /// Whether `unit` (or a rider on it) carries a treasure.
    pub fn carries(&self, unit: u16) -> bool {
        !self.carriers(unit).is_empty()
    }

    /// "Scoring": after a March, a carrying unit all of whose models are in
    /// contact with its own table edge is removed, and its owner scores
    /// 20 points per major and 10 per minor treasure at once. Riders on it
    /// leave with it.
    pub(crate) fn home_step(&mut self, unit: u16) {
        if !self.is_quest() || !self.units[usize::from(unit)].alive() {
            return;
        }
        let carriers = self.carriers(unit);
        if carriers.is_empty() || !self.at_own_edge(unit) {
            return;
        }
        let seat = self.units[usize::from(unit)].owner;
        let s = usize::from(seat.min(1));
        let edition = self.edition();
        for t in &mut self.quest.treasures {
            if let Place::Carried(c) = t.place
                && carriers.contains(&c)
            {
                let points = t.kind.map_or(0, |k| k.points(edition));
                t.place = Place::Home(seat);
                self.score.points[s] += points;
                self.quest.points[s] += points;
                self.quest.scored[s] += 1;
            }
        }
        for r in std::iter::once(unit).chain(self.riders_of(unit)) {
            self.units[usize::from(r)].deployed = false;
            self.quest.gone_home.push(r);
        }
        self.check_wipe_out();
    }

    /// Whether `seat` still has units in Reserve that count against a
    /// wipe-out: in the Quest, where every unit starts there, a side is
    /// not beaten while it may still bring units in (docs/rulings.md, "The
    /// Quest").
    pub(crate) fn quest_units_to_come(&self, seat: Seat) -> bool {
        self.is_quest() && self.reserves(seat).next().is_some()
    }

    /// Whether some unit of `seat` left the table by scoring: such a side
    /// was not "completely defeated".
    pub(crate) fn went_home(&self, seat: Seat) -> bool {
        self.quest
            .gone_home
            .iter()
            .any(|&u| self.units[usize::from(u)].owner == seat)
    }

    /// Where a march may head in the Quest: its own edge for a unit
    /// carrying treasure, else the nearest treasure on the table.
    pub fn quest_goals(&self, unit: u16) -> Vec<Point> {
        if !self.is_quest() {
            return Vec::new();
        }
        let u = &self.units[usize::from(unit)];
        let c = self.centre_of(unit);
        let (w, h) = (self.field.width, self.field.height);
        if self.carries(unit) {
            let y = if self.near_edge(u.owner) { 0.0 } else { h };
            return vec![Point::new(c.x.clamp(0.0, w), y)];
        }
        self.quest
            .treasures
            .iter()
            .filter_map(|t| match t.place {
                Place::Table(p) => Some(p),
                _ => None,
            })
            .min_by(|a, b| a.dist(c).total_cmp(&b.dist(c)))
            .into_iter()
            .collect()
    }

    /// A March that brings a carrying unit home: its models in one line
    /// along its own edge, each base touching it, the line centred as near
    /// the unit as will pass. `None` if no such line is in reach.
    pub fn home_march(&self, unit: u16) -> Option<Paths> {
        if !self.is_quest() || !self.carries(unit) || self.mounted(unit) {
            return None;
        }
        let u = &self.units[usize::from(unit)];
        let alive: Vec<u8> = u.alive_models().collect();
        if alive.is_empty() {
            return None;
        }
        let r = base_radius_in(f64::from(u.base_mm));
        let (w, h) = (self.field.width, self.field.height);
        let near = self.near_edge(u.owner);
        let y = if near { r + 1e-4 } else { h - r - 1e-4 };
        let step = 2.0 * r + 0.5;
        let width = (alive.len() as f64 - 1.0) * step;
        if width + 2.0 * r > w {
            return None;
        }
        let allowance = self.allowance(unit, false);
        // Models sorted across the table take the places in the same order.
        let mut order = alive.clone();
        order.sort_by(|a, b| {
            u.positions[usize::from(*a)]
                .x
                .total_cmp(&u.positions[usize::from(*b)].x)
        });
        let c = self.centre_of(unit);
        for k in 0..24 {
            let off = if k % 2 == 0 {
                (k / 2) as f64
            } else {
                -((k / 2 + 1) as f64)
            };
            let x0 = (c.x - width / 2.0 + off).clamp(r + 1e-4, w - r - 1e-4 - width);
            let paths: Paths = order
                .iter()
                .enumerate()
                .map(|(i, &m)| (m, vec![Point::new(x0 + i as f64 * step, y)]))
                .collect();
            let reach = paths
                .iter()
                .all(|(m, way)| u.positions[usize::from(*m)].dist(way[0]) <= allowance + 1e-9);
            if reach && self.check_quest_march(unit, &paths).is_ok() {
                return Some(paths);
            }
        }
        None
    }

    /// A March of `unit` as the engine judges it.
    fn check_quest_march(&self, unit: u16, paths: &Paths) -> Result<(), BattleError> {
        self.check(&super::Decision::March {
            paths: paths.clone(),
        })
        .or_else(|_| {
            // Judged outside the unit's own action (the bots' look-ahead).
            let snap = self.snapshot();
            let mut mv = UnitMove {
                unit: crate::geometry::UnitId(unit),
                kind: crate::geometry::MoveKind::Normal,
                allowance: Some(self.allowance(unit, false)),
                traits: self.units[usize::from(unit)].traits,
                moves: Vec::new(),
            };
            for (m, way) in paths {
                let Some(i) = snap.find(unit, *m) else {
                    return err(format!(
                        "{} is not on the battlefield",
                        self.model_name(unit, *m)
                    ));
                };
                mv.moves.push(crate::geometry::ModelMove {
                    model: i,
                    waypoints: way.clone(),
                });
            }
            self.cut_at_treasures(&snap.models, &mut mv);
            crate::geometry::validate_unit_move(&self.field, &snap.models, &mv)
                .map(|_| ())
                .map_err(|e| self.move_refusal(&snap, &e))
        })
    }

    /// Where the models of `unit` end after `paths`, tokens cutting them
    /// short, or `None` if a model is not on the table.
    fn march_ends(&self, unit: u16, paths: &Paths) -> Option<Vec<Model>> {
        let snap = self.snapshot();
        let mut mv = UnitMove {
            unit: crate::geometry::UnitId(unit),
            kind: crate::geometry::MoveKind::Normal,
            allowance: None,
            traits: self.units[usize::from(unit)].traits,
            moves: Vec::new(),
        };
        for (m, way) in paths {
            mv.moves.push(crate::geometry::ModelMove {
                model: snap.find(unit, *m)?,
                waypoints: way.clone(),
            });
        }
        self.cut_at_treasures(&snap.models, &mut mv);
        let mut out: Vec<Model> = snap.of_unit(unit);
        let own: Vec<usize> = (0..snap.index.len())
            .filter(|&i| snap.index[i].0 == unit)
            .collect();
        for m in &mv.moves {
            if let (Some(k), Some(end)) =
                (own.iter().position(|&i| i == m.model), m.waypoints.last())
            {
                out[k].center = *end;
            }
        }
        Some(out)
    }

    /// What a March of `unit` along `paths` is worth in the Quest, in
    /// points: the treasures it brings home, or the expected worth of the
    /// treasures it grabs, halved for the walk home (a black die shows a
    /// critical on 2 faces in 10: a major treasure; else a minor one).
    ///
    /// Treasures are weighed by [`treasure_worth`], in either edition.
    pub fn quest_march_value(&self, unit: u16, paths: &Paths) -> f64 {
        if !self.is_quest() || paths.iter().all(|(_, w)| w.is_empty()) {
            return 0.0;
        }
        let Some(ends) = self.march_ends(unit, paths) else {
            return 0.0;
        };
        let owner = self.units[usize::from(unit)].owner;
        let carriers = self.carriers(unit);
        if !carriers.is_empty() && self.all_at_own_edge(owner, &ends) {
            return self
                .quest
                .treasures
                .iter()
                .filter(|t| matches!(t.place, Place::Carried(c) if carriers.contains(&c)))
                .map(|t| t.kind.map_or(0.0, treasure_worth))
                .sum();
        }
        let unknown =
            0.2 * treasure_worth(TreasureKind::Major) + 0.8 * treasure_worth(TreasureKind::Minor);
        self.quest
            .treasures
            .iter()
            .filter_map(|t| match t.place {
                Place::Table(p) if ends.iter().any(|m| touches(m.center, m.radius_in, p)) => {
                    Some(t.kind.map_or(unknown, treasure_worth))
                }
                _ => None,
            })
            .sum::<f64>()
            * 0.5
    }

    /// What the bots weigh the treasures `unit` (and riders on it) carries
    /// at ([`treasure_worth`]).
    pub fn carried_worth(&self, unit: u16) -> f64 {
        let carriers = self.carriers(unit);
        self.quest
            .treasures
            .iter()
            .filter(|t| matches!(t.place, Place::Carried(c) if carriers.contains(&c)))
            .map(|t| t.kind.map_or(0.0, treasure_worth))
            .sum()
    }

    /// The treasure points `unit` (and riders on it) carries.
    pub fn carried_points(&self, unit: u16) -> i32 {
        let carriers = self.carriers(unit);
        self.quest
            .treasures
            .iter()
            .filter(|t| matches!(t.place, Place::Carried(c) if carriers.contains(&c)))
            .map(|t| t.kind.map_or(0, |k| k.points(self.edition())))
            .sum()
    }

    /// What must hold of the treasures (see [`super::invariants`]): a
    /// carried treasure is on a unit on the battlefield (a rider's Mount
    /// standing for it) and has been rolled for; the treasures at home are
    /// those counted scored, worth the points counted; none is anywhere in
    /// another scenario.
    pub(crate) fn quest_violations(&self, out: &mut Vec<String>) {
        if !self.is_quest() && !self.quest.treasures.is_empty() {
            out.push("treasure tokens outside the Quest".into());
        }
        let mut home = [0u32; 2];
        let mut points = [0i32; 2];
        for (k, t) in self.quest.treasures.iter().enumerate() {
            match t.place {
                Place::Carried(u) => {
                    if self.units.get(usize::from(u)).is_none_or(|x| !x.alive()) {
                        out.push(format!(
                            "treasure {k} is carried by unit {u}, not on the battlefield"
                        ));
                    }
                    if t.kind.is_none() {
                        out.push(format!("treasure {k} is carried but was never rolled for"));
                    }
                }
                Place::Home(s) => {
                    let s = usize::from(s.min(1));
                    home[s] += 1;
                    points[s] += t.kind.map_or(0, |k| k.points(self.edition()));
                }
                Place::Table(p) => {
                    if !self.field.holds_base(p, 0.0) {
                        out.push(format!("treasure {k} lies off the table at {p:?}"));
                    }
                }
            }
        }
        if home != self.quest.scored || points != self.quest.points {
            out.push(format!(
                "treasures at home {home:?} worth {points:?}, counted {:?} worth {:?}",
                self.quest.scored, self.quest.points
            ));
        }
    }

    /// Examples of entry points on `edge`: its middle and quarters.
    pub(crate) fn edge_points(&self, edge: Edge) -> [Point; 3] {
        let (w, h) = (self.field.width, self.field.height);
        match edge {
            Edge::Near => [0.5, 0.25, 0.75].map(|f| Point::new(w * f, 0.0)),
            Edge::Far => [0.5, 0.25, 0.75].map(|f| Point::new(w * f, h)),
            Edge::Left => [0.5, 0.25, 0.75].map(|f| Point::new(0.0, h * f)),
            Edge::Right => [0.5, 0.25, 0.75].map(|f| Point::new(w, h * f)),
        }
    }
}

/// What the bots weigh a treasure at, against the unit points the rest of
/// their judgement counts in: its BoV 5.1 points, 20 for a major and 10 for
/// a minor. The starter's 2 and 1 ("The Quest" > "Scoring") are the same
/// treasures scored on a tenth of the scale, and the Quest's only score in
/// either edition: weighed at 2 and 1 against units worth a dozen points,
/// a bot would leave them lying.
pub fn treasure_worth(kind: TreasureKind) -> f64 {
    f64::from(kind.points(crate::rules::edition::Edition::V5_1))
}
