//! Path planning for bots and the user interface. The planner proposes; the
//! engine still validates every move with [`super::validate_unit_move`].
//!
//! Method: A* over a grid of 1/4" cells of base-centre positions (coarser
//! past two million cells, on a table far larger than any in the book). A cell is
//! closed when a base centred there would leave the table, overlap Impassable
//! terrain or overlap an enemy base; a step into a cell where the base
//! overlaps Slowing terrain costs double (unless Field craft). The cell path
//! is then pulled tight: a waypoint is skipped whenever the straight leg that
//! replaces it is legal and costs no more. Round a corner the result is a few
//! percent longer than the taut path (under 0.1" on an 11.7" detour, in the tests).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::movement::{check_end, leg_cost, overlapped_spans, segment_error, slowing_met};
use super::terrain::spans_base;
use super::{
    Battlefield, EPS, Model, ModelMove, MoveKind, MoveTraits, Point, UnitId, UnitMove, path_cost,
    validate_unit_move,
};

/// Grid cell size in inches (coarser on a table so large that the grid would
/// pass MAX_CELLS).
const CELL: f64 = 0.25;
const MAX_CELLS: f64 = 2_000_000.0;

/// A proposed path and the inches of move it uses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPlannedPath))]
pub struct PlannedPath {
    pub waypoints: Vec<Point>,
    pub cost: f64,
}

/// Why no path was proposed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlanError {
    #[error("model {0} does not exist or has no valid position")]
    BadModel(usize),
    #[error("model {model}: the destination is not a finite point on the battlefield")]
    BadDestination { model: usize },
    #[error("model {model}: no legal path to the destination")]
    Unreachable { model: usize },
}

/// Where a base of one size and side may stand, cell by cell, and A*'s
/// working arrays (reset cell by cell after each search, not reallocated).
struct Grid {
    cell: f64,
    nx: usize,
    ny: usize,
    /// The table and terrain alone: `slow` is read from it.
    terrain: Arc<TerrainGrid>,
    /// Where the base may stand among the models, shared by the planners
    /// that plan among the same enemy bases.
    shape: Arc<GridShape>,
    scratch: Scratch,
}

/// The cells a base may stand in, given the table, the terrain and the
/// enemy bases, and their connected regions.
struct GridShape {
    /// Closed by the table edge, Impassable terrain or an enemy base.
    closed: Vec<bool>,
    /// The connected regions of the open cells (4-neighbour; a diagonal step
    /// needs both cells beside it open, so it joins nothing new): a goal in
    /// another region than the start is unreachable without searching.
    regions: Regions,
}

/// What a grid's shape depends on besides the battlefield: the grid's key
/// and the enemy bases (centre and radius, to the bit, in the models' order).
#[derive(Clone, PartialEq)]
struct ShapeKey {
    grid: GridKey,
    enemies: Vec<[u64; 3]>,
}

/// How many grid shapes the battlefield keeps: the marches listed for one
/// unit and its charge plan among the same models.
const SHAPES_KEPT: usize = 8;

/// A*'s working arrays, one entry a cell and one for the destination.
#[derive(Default)]
struct Scratch {
    g: Vec<f64>,
    prev: Vec<usize>,
    done: Vec<bool>,
    /// The entries set since the last reset.
    touched: Vec<usize>,
    /// The open cells, kept for its allocation.
    heap: BinaryHeap<Reverse<u128>>,
}

impl Scratch {
    /// Every entry as new, for `n` entries.
    fn reset(&mut self, n: usize) {
        if self.g.len() != n {
            *self = Scratch {
                g: vec![f64::INFINITY; n],
                prev: vec![usize::MAX; n],
                done: vec![false; n],
                touched: Vec::new(),
                heap: BinaryHeap::new(),
            };
            return;
        }
        for k in self.touched.drain(..) {
            self.g[k] = f64::INFINITY;
            self.prev[k] = usize::MAX;
            self.done[k] = false;
        }
    }

    fn set(&mut self, k: usize, g: f64, prev: usize) {
        self.g[k] = g;
        self.prev[k] = prev;
        self.touched.push(k);
    }

    /// A scratch left by an earlier planner on this thread, or an empty one.
    /// Its arrays are a grid's size (hundreds of kilobytes): allocating them
    /// afresh for every planner cost a page fault per page touched.
    fn reused() -> Scratch {
        SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default()
    }

    /// Keeps the arrays for the next planner on this thread (a few at most).
    fn give_back(self) {
        if self.g.is_empty() {
            return;
        }
        SPARE.with(|s| {
            let mut spare = s.borrow_mut();
            if spare.len() < SPARE_KEPT {
                spare.push(self);
            }
        });
    }
}

/// Scratches kept per thread: a planner rarely holds more than two grids.
const SPARE_KEPT: usize = 4;

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Scratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Where a base of one size may stand as far as the table edge and the
/// terrain go, and where it is slowed: the same all battle long, so built once
/// a battlefield rather than once a move.
struct TerrainGrid {
    cell: f64,
    nx: usize,
    ny: usize,
    closed: Vec<bool>,
    slow: Vec<bool>,
}

/// What a terrain grid depends on besides the battlefield.
#[derive(Clone, Copy, PartialEq)]
struct TerrainKey {
    radius: u64,
    flying: bool,
    field_craft: bool,
}

/// What the planner keeps on a battlefield ([`Battlefield::kept`]): the
/// terrain grids built so far, and the grid shapes built lately, the latest
/// last.
#[derive(Default)]
struct PlannerKept {
    grids: Vec<(TerrainKey, Arc<TerrainGrid>)>,
    shapes: Vec<(ShapeKey, Arc<GridShape>)>,
}

/// The terrain grid for bases of `radius` moving with `traits`, built on
/// first use.
fn terrain_grid(field: &Battlefield, radius: f64, traits: MoveTraits) -> Arc<TerrainGrid> {
    let key = TerrainKey {
        radius: radius.to_bits(),
        flying: traits.flying,
        field_craft: traits.field_craft && !traits.flying,
    };
    field.kept(|kept: &mut PlannerKept| {
        if let Some((_, g)) = kept.grids.iter().find(|(k, _)| *k == key) {
            return Arc::clone(g);
        }
        let grid = Arc::new(build_terrain_grid(field, radius, traits));
        kept.grids.push((key, Arc::clone(&grid)));
        grid
    })
}

/// The grid shape for `key`, built by `build` unless kept.
fn grid_shape(
    field: &Battlefield,
    key: ShapeKey,
    build: impl FnOnce() -> GridShape,
) -> Arc<GridShape> {
    let found = field.kept(|kept: &mut PlannerKept| {
        kept.shapes
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, shape)| Arc::clone(shape))
    });
    if let Some(shape) = found {
        return shape;
    }
    // Built without holding the lock.
    let shape = Arc::new(build());
    field.kept(|kept: &mut PlannerKept| {
        if kept.shapes.len() >= SHAPES_KEPT {
            kept.shapes.remove(0);
        }
        kept.shapes.push((key, Arc::clone(&shape)));
    });
    shape
}

/// What a grid depends on besides the battlefield and the models: the base
/// radius, the side (whose bases are enemies) and the move's traits.
#[derive(Clone, Copy, PartialEq)]
struct GridKey {
    radius: u64,
    side: u8,
    traits: MoveTraits,
}

/// Plans paths on one battlefield among one set of models. Each grid is
/// built once, for the first path a base of its size and side asks for, and
/// serves every later one: a unit's models, a charge's candidates.
pub struct Planner<'a> {
    field: &'a Battlefield,
    models: &'a [Model],
    grids: Vec<(GridKey, Grid)>,
    /// The paths planned so far. A charge that falls short routes its first
    /// model again to the same contact points.
    planned: Vec<Planned>,
}

/// A path planned: the model, the destinations' bits, whether it was
/// planned around them ([`Planner::plan_around`]) or to one ([`Planner::plan`]),
/// the traits and the answer.
struct Planned {
    model: usize,
    dests: Vec<[u64; 2]>,
    around: bool,
    traits: MoveTraits,
    answer: Result<PlannedPath, PlanError>,
}

impl std::fmt::Debug for Planner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Planner")
            .field("grids", &self.grids.len())
            .finish_non_exhaustive()
    }
}

impl Drop for Planner<'_> {
    fn drop(&mut self) {
        for (_, grid) in self.grids.drain(..) {
            grid.scratch.give_back();
        }
    }
}

impl<'a> Planner<'a> {
    pub fn new(field: &'a Battlefield, models: &'a [Model]) -> Self {
        Planner {
            field,
            models,
            grids: Vec::new(),
            planned: Vec::new(),
        }
    }

    /// See [`plan_path`]. A path asked for again is the one planned before:
    /// the planner's models, grids and searches are the same.
    pub fn plan(
        &mut self,
        idx: usize,
        dest: Point,
        traits: MoveTraits,
    ) -> Result<PlannedPath, PlanError> {
        self.recall(idx, &[dest], false, traits, |p| {
            p.plan_afresh(idx, dest, traits)
        })
    }

    /// The answer kept for the same model, destinations, kind of plan and
    /// traits, else `plan`'s, kept.
    fn recall(
        &mut self,
        idx: usize,
        dests: &[Point],
        around: bool,
        traits: MoveTraits,
        plan: impl FnOnce(&mut Self) -> Result<PlannedPath, PlanError>,
    ) -> Result<PlannedPath, PlanError> {
        let key: Vec<[u64; 2]> = dests
            .iter()
            .map(|d| [d.x.to_bits(), d.y.to_bits()])
            .collect();
        if let Some(kept) = self
            .planned
            .iter()
            .find(|k| k.model == idx && k.around == around && k.traits == traits && k.dests == key)
        {
            return kept.answer.clone();
        }
        let answer = plan(self);
        self.planned.push(Planned {
            model: idx,
            dests: key,
            around,
            traits,
            answer: answer.clone(),
        });
        answer
    }

    fn plan_afresh(
        &mut self,
        idx: usize,
        dest: Point,
        traits: MoveTraits,
    ) -> Result<PlannedPath, PlanError> {
        let (field, models) = (self.field, self.models);
        let m = self.checked(idx, &[dest])?;
        let start = m.center;
        // The straight leg's cost, when it is legal (measured only then).
        let straight = segment_error(field, models, idx, start, dest, traits)
            .is_none()
            .then(|| path_cost(field, m, &[dest], traits));
        if let Some(cost) = straight
            && cost <= start.dist(dest) + EPS
        {
            return Ok(PlannedPath {
                waypoints: vec![dest],
                cost,
            });
        }
        let via = self.search(idx, &[dest], traits);
        let best = match (via, straight) {
            (Some(w), straight) => {
                let c = path_cost(field, m, &w, traits);
                match straight {
                    Some(cost) if cost <= c => PlannedPath {
                        waypoints: vec![dest],
                        cost,
                    },
                    _ => PlannedPath {
                        waypoints: w,
                        cost: c,
                    },
                }
            }
            (None, Some(cost)) => PlannedPath {
                waypoints: vec![dest],
                cost,
            },
            (None, None) => return Err(PlanError::Unreachable { model: idx }),
        };
        Ok(best)
    }

    /// A path around whatever blocks the straight legs to `dests`, to
    /// whichever of them it reaches for the least move on the planner's
    /// grid (one search for them all); its cost as [`path_cost`] measures it.
    /// For destinations none of which a straight leg reaches, as a charge's
    /// route asks once the straight legs are found blocked: no straight leg
    /// is tried. A path asked for again is the one planned before.
    pub(crate) fn plan_around(
        &mut self,
        idx: usize,
        dests: &[Point],
        traits: MoveTraits,
    ) -> Result<PlannedPath, PlanError> {
        self.recall(idx, dests, true, traits, |p| {
            p.plan_around_afresh(idx, dests, traits)
        })
    }

    fn plan_around_afresh(
        &mut self,
        idx: usize,
        dests: &[Point],
        traits: MoveTraits,
    ) -> Result<PlannedPath, PlanError> {
        let field = self.field;
        let m = self.checked(idx, dests)?;
        let waypoints = self
            .search(idx, dests, traits)
            .ok_or(PlanError::Unreachable { model: idx })?;
        let cost = path_cost(field, m, &waypoints, traits);
        Ok(PlannedPath { waypoints, cost })
    }

    /// Model `idx`, when it is a valid model and every one of `dests` a
    /// finite point where its base lies on the battlefield.
    fn checked(&self, idx: usize, dests: &[Point]) -> Result<&'a Model, PlanError> {
        let models: &'a [Model] = self.models;
        let m = models
            .get(idx)
            .filter(|m| m.is_valid())
            .ok_or(PlanError::BadModel(idx))?;
        if dests
            .iter()
            .any(|d| !d.is_finite() || !self.field.holds_base(*d, m.radius_in))
        {
            return Err(PlanError::BadDestination { model: idx });
        }
        Ok(m)
    }

    /// A* on the grid for model `idx`'s base and side (built on first use)
    /// from where the model stands to the nearest of `dests`, pulled tight.
    fn search(&mut self, idx: usize, dests: &[Point], traits: MoveTraits) -> Option<Vec<Point>> {
        let (field, models) = (self.field, self.models);
        let m = &models[idx];
        let key = GridKey {
            radius: m.radius_in.to_bits(),
            side: m.side,
            traits,
        };
        let at = match self.grids.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.grids
                    .push((key, build_grid(field, models, idx, traits)));
                self.grids.len() - 1
            }
        };
        let grid = &mut self.grids[at].1;
        let mut scratch = std::mem::take(&mut grid.scratch);
        let via = astar(
            field,
            models,
            idx,
            grid,
            &mut scratch,
            (m.center, dests),
            traits,
        );
        grid.scratch = scratch;
        via
    }
}

impl Grid {
    fn center(&self, k: usize) -> Point {
        Point::new(
            ((k % self.nx) as f64 + 0.5) * self.cell,
            ((k / self.nx) as f64 + 0.5) * self.cell,
        )
    }

    fn cell_of(&self, p: Point) -> (i64, i64) {
        (
            (p.x / self.cell).floor() as i64,
            (p.y / self.cell).floor() as i64,
        )
    }

    fn index(&self, i: i64, j: i64) -> Option<usize> {
        (i >= 0 && j >= 0 && (i as usize) < self.nx && (j as usize) < self.ny)
            .then(|| j as usize * self.nx + i as usize)
    }
}

/// How near the edge of a zone of overlap a measured cell's centre may be
/// and still let the cells after it go unmeasured (far above rounding, far
/// below a cell).
const SKIP_SAFETY: f64 = 1e-9;

fn build_terrain_grid(field: &Battlefield, r: f64, traits: MoveTraits) -> TerrainGrid {
    let cell = CELL.max((field.width * field.height / MAX_CELLS).sqrt());
    let nx = ((field.width / cell).ceil() as usize).max(1);
    let ny = ((field.height / cell).ceil() as usize).max(1);
    let mut closed = vec![false; nx * ny];
    let mut slow = vec![false; nx * ny];
    let center = |i: usize, j: usize| Point::new((i as f64 + 0.5) * cell, (j as f64 + 0.5) * cell);
    // `holds_base`, asked of each column and each row once.
    let column_holds: Vec<bool> = (0..nx)
        .map(|i| spans_base(center(i, 0).x, r, field.width))
        .collect();
    for j in 0..ny {
        let row_holds = spans_base(center(0, j).y, r, field.height);
        for (i, holds) in column_holds.iter().enumerate() {
            closed[j * nx + i] = !(row_holds && *holds);
        }
    }
    if !traits.flying {
        for t in &field.terrain {
            let closes = t.impassable();
            let slows = t.slowing() && !traits.field_craft;
            if !closes && !slows {
                continue;
            }
            let (lo, hi) = t.bounds();
            let grow = Point::new(r, r);
            // The row and the last column of the cells known to answer as
            // the cell last measured: its margin is farther than their
            // centres from it.
            let mut same: Option<(usize, usize, bool)> = None;
            for (i, j) in cells_in(cell, nx, ny, lo.minus(grow), hi.plus(grow)) {
                let k = j * nx + i;
                if (closes && closed[k]) && (!slows || slow[k]) {
                    continue;
                }
                let over = match same {
                    Some((row, last, over)) if row == j && i <= last => over,
                    _ => {
                        let (over, margin) = t.overlap_margin(center(i, j), r);
                        let more = ((margin - SKIP_SAFETY) / cell).floor();
                        let more = if more >= 1.0 {
                            more.min(nx as f64) as usize
                        } else {
                            0
                        };
                        same = Some((j, i + more, over));
                        over
                    }
                };
                if over {
                    closed[k] |= closes;
                    slow[k] |= slows;
                }
            }
        }
    }
    TerrainGrid {
        cell,
        nx,
        ny,
        closed,
        slow,
    }
}

/// The cells whose centres lie in the box (lo, hi), clamped to the grid.
fn cells_in(
    cell: f64,
    nx: usize,
    ny: usize,
    lo: Point,
    hi: Point,
) -> impl Iterator<Item = (usize, usize)> {
    let i0 = ((lo.x / cell).floor().max(0.0) as usize).min(nx);
    let i1 = ((hi.x / cell).ceil().max(0.0) as usize).min(nx);
    let j0 = ((lo.y / cell).floor().max(0.0) as usize).min(ny);
    let j1 = ((hi.y / cell).ceil().max(0.0) as usize).min(ny);
    (j0..j1).flat_map(move |j| (i0..i1).map(move |i| (i, j)))
}

/// The terrain grid (from the battlefield's cache) with the enemy bases
/// closed, the shape kept by the battlefield's cache too.
fn build_grid(field: &Battlefield, models: &[Model], idx: usize, traits: MoveTraits) -> Grid {
    let m = &models[idx];
    let r = m.radius_in;
    let terrain = terrain_grid(field, r, traits);
    let enemies: Vec<&Model> = if traits.flying {
        Vec::new()
    } else {
        // The bases in the way: the enemies', and in the starter edition
        // every other unit's.
        models.iter().filter(|e| traits.blocked_by(m, e)).collect()
    };
    let key = ShapeKey {
        grid: GridKey {
            radius: r.to_bits(),
            side: m.side,
            traits,
        },
        enemies: enemies
            .iter()
            .map(|e| {
                [
                    e.center.x.to_bits(),
                    e.center.y.to_bits(),
                    e.radius_in.to_bits(),
                ]
            })
            .collect(),
    };
    let shape = grid_shape(field, key, || {
        let (cell, nx, ny) = (terrain.cell, terrain.nx, terrain.ny);
        let mut closed = terrain.closed.clone();
        let center =
            |i: usize, j: usize| Point::new((i as f64 + 0.5) * cell, (j as f64 + 0.5) * cell);
        for e in &enemies {
            let reach = r + e.radius_in;
            let grow = Point::new(reach, reach);
            for (i, j) in cells_in(cell, nx, ny, e.center.minus(grow), e.center.plus(grow)) {
                if center(i, j).dist(e.center) < reach - EPS {
                    closed[j * nx + i] = true;
                }
            }
        }
        let regions = Regions::label(&closed, nx, ny);
        GridShape { closed, regions }
    });
    Grid {
        cell: terrain.cell,
        nx: terrain.nx,
        ny: terrain.ny,
        terrain,
        shape,
        scratch: Scratch::reused(),
    }
}

/// How many cells at the start of `row` are open: sixteen at a time while
/// none of them is closed (a test without a branch a cell), then one by one.
fn open_run(row: &[bool]) -> usize {
    const CHUNK: usize = 16;
    let mut n = 0;
    for chunk in row.chunks_exact(CHUNK) {
        if chunk.iter().fold(false, |any, &c| any | c) {
            break;
        }
        n += CHUNK;
    }
    n + row[n..].iter().position(|&c| c).unwrap_or(row.len() - n)
}

/// The connected regions of a grid's open cells, kept as runs of open cells
/// along each row joined where runs of neighbouring rows share a column: a
/// few hundred runs rather than a label for each of the tens of thousands of cells.
struct Regions {
    nx: usize,
    /// Each run's first cell and one past its last, within its row.
    runs: Vec<(u32, u32)>,
    /// Where each row's runs start in `runs` (one more entry than rows).
    row_start: Vec<usize>,
    /// Each run's region.
    label: Vec<u32>,
}

impl Regions {
    fn label(closed: &[bool], nx: usize, ny: usize) -> Regions {
        let mut runs = Vec::new();
        let mut row_start = Vec::with_capacity(ny + 1);
        for j in 0..ny {
            row_start.push(runs.len());
            let row = &closed[j * nx..(j + 1) * nx];
            let mut i = 0;
            while i < nx {
                if row[i] {
                    i += 1;
                    continue;
                }
                let start = i;
                i += open_run(&row[i..]);
                runs.push((start as u32, i as u32));
            }
        }
        row_start.push(runs.len());
        // Union-find over runs: join each run to those of the row above it
        // that share a column.
        let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
        fn root(parent: &mut [u32], mut a: u32) -> u32 {
            while parent[a as usize] != a {
                parent[a as usize] = parent[parent[a as usize] as usize];
                a = parent[a as usize];
            }
            a
        }
        for j in 1..ny {
            let (above, here) = (
                row_start[j - 1]..row_start[j],
                row_start[j]..row_start[j + 1],
            );
            let mut a = above.start;
            for b in here {
                let (b0, b1) = runs[b];
                while a < above.end && runs[a].1 <= b0 {
                    a += 1;
                }
                let mut k = a;
                while k < above.end && runs[k].0 < b1 {
                    let (ra, rb) = (root(&mut parent, k as u32), root(&mut parent, b as u32));
                    parent[ra.max(rb) as usize] = ra.min(rb);
                    k += 1;
                }
            }
        }
        let label = (0..runs.len() as u32)
            .map(|r| root(&mut parent, r))
            .collect();
        Regions {
            nx,
            runs,
            row_start,
            label,
        }
    }

    /// The region of open cell `k` (`None` for a closed cell).
    fn of(&self, k: usize) -> Option<u32> {
        let (i, j) = ((k % self.nx) as u32, k / self.nx);
        let row = self.row_start[j]..self.row_start[j + 1];
        let runs = &self.runs[row.clone()];
        let at = runs.partition_point(|&(_, end)| end <= i);
        runs.get(at)
            .filter(|&&(start, _)| start <= i)
            .map(|_| self.label[row.start + at])
    }
}

/// Proposes a near-shortest legal path (in move cost) for model `idx` from
/// where it stands to `dest`. Only the path is checked here (terrain, enemy
/// bases, the table edge); where the model may end is the unit move's business.
pub fn plan_path(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    dest: Point,
    traits: MoveTraits,
) -> Result<PlannedPath, PlanError> {
    Planner::new(field, models).plan(idx, dest, traits)
}

fn astar(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    grid: &Grid,
    sc: &mut Scratch,
    (start, dests): (Point, &[Point]),
    traits: MoveTraits,
) -> Option<Vec<Point>> {
    let n = grid.nx * grid.ny;
    let goal = n; // a virtual node: the destination itself
    // Heap entries hold a row and a column in 32 bits each.
    if grid.nx >= 1 << 32 || grid.ny >= 1 << 32 {
        return None;
    }
    let legal = |a: Point, b: Point| segment_error(field, models, idx, a, b, traits).is_none();
    let factor = |k: usize| if grid.terrain.slow[k] { 2.0 } else { 1.0 };
    sc.reset(n + 1);
    let mut heap = std::mem::take(&mut sc.heap);
    heap.clear();
    let key = |f: f64| f.max(0.0).to_bits();
    // The straight distance to the nearest destination: never more than
    // what is left to go, whichever destination the path ends at.
    let to_go = |p: Point| {
        dests
            .iter()
            .map(|&d| p.minus(d).dot(p.minus(d)))
            .fold(f64::INFINITY, f64::min)
            .sqrt()
    };
    let (si, sj) = grid.cell_of(start);
    for dj in -1..=1 {
        for di in -1..=1 {
            if let Some(k) = grid.index(si + di, sj + dj)
                && !grid.shape.closed[k]
                && legal(start, grid.center(k))
            {
                let c = start.dist(grid.center(k)) * factor(k);
                if c < sc.g[k] {
                    sc.set(k, c, usize::MAX);
                    heap.push(Reverse(entry(key(c + to_go(grid.center(k))), k, grid)));
                }
            }
        }
    }
    // The cells from which each destination is a legal straight leg away.
    let mut goal_cells: Vec<(usize, Point)> = Vec::new();
    for &dest in dests {
        let (gi, gj) = grid.cell_of(dest);
        for dj in -1..=1 {
            for di in -1..=1 {
                if let Some(k) = grid.index(gi + di, gj + dj)
                    && !grid.shape.closed[k]
                    && legal(grid.center(k), dest)
                {
                    goal_cells.push((k, dest));
                }
            }
        }
    }
    // The span of indices the goal cells lie in: most cells popped lie
    // outside it, and need not look for themselves among the goal cells.
    let goal_span = goal_cells
        .iter()
        .fold((usize::MAX, 0), |(lo, hi), &(k, _)| (lo.min(k), hi.max(k)));
    let mut reached = None;
    let reachable = goal_cells.iter().any(|&(k, _)| {
        heap.iter().any(|&Reverse(e)| {
            grid.shape.regions.of(cell_of_entry(e, grid)) == grid.shape.regions.of(k)
        })
    });
    if !reachable {
        sc.heap = heap;
        return None;
    }
    let steps = step_costs(grid);
    while let Some(Reverse(e)) = heap.pop() {
        // The cell's column and row, unpacked without dividing.
        let (i, j) = ((e as u64 & 0xFFFF_FFFF) as i64, ((e as u64) >> 32) as i64);
        let k = j as usize * grid.nx + i as usize;
        if sc.done[k] {
            continue;
        }
        sc.done[k] = true;
        if k == goal {
            break;
        }
        // `grid.center(k)`, from the cell's column and row.
        let here = Point::new((i as f64 + 0.5) * grid.cell, (j as f64 + 0.5) * grid.cell);
        let near_goal = (goal_span.0..=goal_span.1).contains(&k);
        let goal_here = if near_goal { &goal_cells[..] } else { &[] };
        for &(_, dest) in goal_here.iter().filter(|(at, _)| *at == k) {
            let c = sc.g[k] + here.dist(dest) * factor(k);
            if c < sc.g[goal] {
                sc.set(goal, c, k);
                reached = Some(dest);
                heap.push(Reverse(entry(key(c), goal, grid)));
            }
        }
        let slow_here = usize::from(grid.terrain.slow[k]);
        for (dir, (di, dj)) in NEIGHBOURS.into_iter().enumerate() {
            let Some(nk) = grid.index(i + di, j + dj) else {
                continue;
            };
            if grid.shape.closed[nk] || sc.done[nk] {
                continue;
            }
            if di != 0 && dj != 0 {
                // No cutting corners between two closed cells.
                let a = grid.index(i + di, j).is_none_or(|x| grid.shape.closed[x]);
                let b = grid.index(i, j + dj).is_none_or(|x| grid.shape.closed[x]);
                if a || b {
                    continue;
                }
            }
            // `grid.center(nk)`, from the cell's column and row.
            let there = Point::new(
                ((i + di) as f64 + 0.5) * grid.cell,
                ((j + dj) as f64 + 0.5) * grid.cell,
            );
            let step = match &steps {
                Some(table) => table[dir][slow_here + usize::from(grid.terrain.slow[nk])],
                None => here.dist(there) * (factor(k) + factor(nk)) / 2.0,
            };
            let c = sc.g[k] + step;
            if c < sc.g[nk] {
                sc.set(nk, c, k);
                heap.push(Reverse(pack(key(c + to_go(there)), i + di, j + dj)));
            }
        }
    }
    sc.heap = heap;
    let dest = reached.filter(|_| sc.g[goal].is_finite())?;
    let mut cells = Vec::new();
    let mut k = sc.prev[goal];
    while k != usize::MAX {
        cells.push(grid.center(k));
        k = sc.prev[k];
    }
    cells.reverse();
    cells.push(dest);
    let taut = pull_tight(field, models, idx, start, &cells, traits);
    Some(shorten_corners(field, models, idx, start, taut, traits))
}

/// A heap entry of A*: the key above, the cell's row and column below.
/// Rows and columns order the cells as their indices do (row-major), so
/// entries pop in the order of (key, index); the destination, index
/// `nx * ny`, is row `ny`, column 0.
fn pack(key: u64, i: i64, j: i64) -> u128 {
    (u128::from(key) << 64) | (u128::from(j as u32) << 32) | u128::from(i as u32)
}

/// [`pack`] for the cell (or destination) of index `k`.
fn entry(key: u64, k: usize, grid: &Grid) -> u128 {
    pack(key, (k % grid.nx) as i64, (k / grid.nx) as i64)
}

/// The index of the cell of a heap entry.
fn cell_of_entry(e: u128, grid: &Grid) -> usize {
    ((e as u64) >> 32) as usize * grid.nx + (e as u64 & 0xFFFF_FFFF) as usize
}

/// A cell's neighbours, in the order A* relaxes them.
const NEIGHBOURS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The cost of a step to each neighbour, with none, one or both of its
/// cells Slowing, as A* works it out (`here.dist(there) * (f + g) / 2`).
type StepCosts = [[f64; 3]; 8];

/// The table of step costs, when every cell's centre is an exact number: a
/// cell size that is a power of two, on a grid far smaller than the
/// precision. Then a step to a neighbour is `cell` (or that diagonally)
/// along each axis exactly, and its length the same from every cell. `None`
/// otherwise: the steps are then measured cell by cell.
fn step_costs(grid: &Grid) -> Option<StepCosts> {
    let cell = grid.cell;
    let power_of_two = cell.is_normal() && cell > 0.0 && cell.to_bits() & ((1u64 << 52) - 1) == 0;
    if !power_of_two || grid.nx.max(grid.ny) >= 1 << 40 {
        return None;
    }
    let mut table = [[0.0; 3]; 8];
    for (dir, (di, dj)) in NEIGHBOURS.into_iter().enumerate() {
        // `here.minus(there)`, exactly.
        let d = Point::new(-(di as f64) * cell, -(dj as f64) * cell).len();
        for (slow, sum) in [2.0, 3.0, 4.0].into_iter().enumerate() {
            table[dir][slow] = d * sum / 2.0;
        }
    }
    Some(table)
}

/// Skips waypoints while the straight leg that replaces them is legal and
/// costs no more than the legs it replaces.
fn pull_tight(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    start: Point,
    pts: &[Point],
    traits: MoveTraits,
) -> Vec<Point> {
    let m = models[idx];
    let cost_from = |a: Point, w: &[Point]| path_cost(field, &m.at(a), w, traits);
    // Each leg of the cell path (into `pts[k]`, from the point before it)
    // as `path_cost` measures it, measured once: the legs from `here` to
    // `pts[j]` are the same legs for every `j` tried and every later `i`.
    let mut legs: Vec<Option<(f64, f64)>> = vec![None; pts.len()];
    let mut near = Vec::new();
    let mut along = |i: usize, j: usize| {
        // `path_cost` of `pts[i..=j]` from the point before `pts[i]`: the
        // same sums in the same order.
        let mut cost = 0.0;
        for k in i..=j {
            let from = if k == 0 { start } else { pts[k - 1] };
            let (length, slowing) = *legs[k].get_or_insert_with(|| {
                leg_cost(field, m.radius_in, from, pts[k], traits, &mut near)
            });
            cost += length;
            cost += slowing;
        }
        cost
    };
    let mut out = Vec::new();
    let mut here = start;
    let mut i = 0;
    while i < pts.len() {
        // The farthest waypoint reachable directly at no extra cost.
        let mut best = i;
        let mut j = pts.len() - 1;
        while j > i {
            if segment_error(field, models, idx, here, pts[j], traits).is_none()
                && cost_from(here, &[pts[j]]) <= along(i, j) + EPS
            {
                best = j;
                break;
            }
            j -= 1;
        }
        out.push(pts[best]);
        here = pts[best];
        i = best + 1;
    }
    out
}

/// Slides each corner of the path toward the straight line between its
/// neighbours, as far as the legs stay legal and the cost falls (bisection,
/// a few sweeps): the grid leaves corners up to a cell off the obstacle.
fn shorten_corners(
    field: &Battlefield,
    models: &[Model],
    idx: usize,
    start: Point,
    mut pts: Vec<Point>,
    traits: MoveTraits,
) -> Vec<Point> {
    let m = models[idx];
    let legal = |a: Point, b: Point| segment_error(field, models, idx, a, b, traits).is_none();
    let cost = |a: Point, w: &[Point]| path_cost(field, &m.at(a), w, traits);
    // Each corner's neighbours and itself when it was last slid: a corner
    // is slid by them alone, so with the same three points it would come
    // to the same place again.
    let bits = |p: [Point; 3]| p.map(|q| [q.x.to_bits(), q.y.to_bits()]);
    let mut slid: Vec<Option<[[u64; 2]; 3]>> = vec![None; pts.len()];
    for _ in 0..4 {
        for i in 0..pts.len().saturating_sub(1) {
            let prev = if i == 0 { start } else { pts[i - 1] };
            let (here, next) = (pts[i], pts[i + 1]);
            let corner = bits([prev, here, next]);
            if slid[i].replace(corner) == Some(corner) {
                continue;
            }
            let target = prev.lerp(next, 0.5);
            let base = cost(prev, &[here, next]);
            let ok = |t: f64| {
                let c = here.lerp(target, t);
                legal(prev, c) && legal(c, next) && cost(prev, &[c, next]) < base - EPS
            };
            let (mut lo, mut hi) = (0.0, 1.0);
            if ok(1.0) {
                lo = 1.0;
            } else {
                for _ in 0..20 {
                    let mid = (lo + hi) / 2.0;
                    if ok(mid) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
            }
            if lo > 0.0 {
                pts[i] = here.lerp(target, lo);
            }
        }
    }
    pts
}

/// The part of a path that fits in `budget` inches of move: whole legs while
/// they fit, then the fraction of the next leg that uses the rest, Slowing
/// terrain counted (BoV 5.1, "Slowing terrain": 2" for every 1").
pub fn truncate_path(
    field: &Battlefield,
    model: &Model,
    waypoints: &[Point],
    traits: MoveTraits,
    budget: f64,
) -> Vec<Point> {
    PathCut::new(field, model, waypoints, traits).cut(budget)
}

/// One path cut to one budget after another ([`truncate_path`] for each):
/// a charge falling short backs off 0.05" at a time, a formation tries
/// three quarters, a half and a quarter of its allowance. Each leg's cost
/// and its stretches in Slowing terrain are kept for the next cut.
pub(crate) struct PathCut<'a> {
    field: &'a Battlefield,
    model: Model,
    waypoints: &'a [Point],
    traits: MoveTraits,
    /// Each leg's cost, once measured.
    costs: Vec<Option<f64>>,
    /// Each leg's stretches in Slowing terrain (fractions of it, in order),
    /// once measured.
    slowed: Vec<Option<Vec<(f64, f64)>>>,
}

impl<'a> PathCut<'a> {
    pub(crate) fn new(
        field: &'a Battlefield,
        model: &Model,
        waypoints: &'a [Point],
        traits: MoveTraits,
    ) -> Self {
        PathCut {
            field,
            model: *model,
            waypoints,
            traits,
            costs: vec![None; waypoints.len()],
            slowed: vec![None; waypoints.len()],
        }
    }

    /// See [`truncate_path`].
    pub(crate) fn cut(&mut self, budget: f64) -> Vec<Point> {
        let (field, model, traits) = (self.field, self.model, self.traits);
        let mut out = Vec::new();
        let mut left = if budget.is_finite() {
            budget.max(0.0)
        } else {
            0.0
        };
        let mut from = model.center;
        for (l, &to) in self.waypoints.iter().enumerate() {
            let leg = *self.costs[l]
                .get_or_insert_with(|| path_cost(field, &model.at(from), &[to], traits));
            if leg <= left + EPS {
                out.push(to);
                left -= leg;
                from = to;
                continue;
            }
            let slowed = self.slowed[l].get_or_insert_with(|| {
                let (mut near, mut spans) = (Vec::new(), Vec::new());
                slowing_met(field, model.radius_in, from, to, traits, &mut near);
                overlapped_spans(field, &near, from, to, model.radius_in, &mut spans);
                spans
            });
            let f = fraction_within(from.dist(to), slowed, left);
            // The part's cost as any path's is measured, which rounding may
            // put a hair above `left` (never more than 10^-12" of move).
            let fits =
                |f: f64| path_cost(field, &model.at(from), &[from.lerp(to, f)], traits) <= left;
            let mut f = f;
            for _ in 0..4 {
                if f <= 0.0 || fits(f) {
                    break;
                }
                f -= f * 1e-12 + f64::EPSILON;
            }
            if f > 0.0 && fits(f) {
                out.push(from.lerp(to, f));
            }
            break;
        }
        out
    }
}

/// How far along a leg of `len` inches, whose stretches in Slowing terrain
/// are `slowed` (fractions of it, in order, apart), `left` inches of move
/// reach: each inch costs 1, or 2 in Slowing terrain (BoV 5.1, "Slowing
/// terrain"); the fraction, at most 1.
fn fraction_within(len: f64, slowed: &[(f64, f64)], left: f64) -> f64 {
    if len.is_nan() || left.is_nan() || len <= 0.0 || left <= 0.0 {
        return 0.0;
    }
    let (mut at, mut spent) = (0.0, 0.0);
    for &(x, y) in slowed {
        // Open ground to the stretch, then the stretch at 2" an inch.
        for (end, rate) in [(x, len), (y, 2.0 * len)] {
            let cost = (end - at) * rate;
            if spent + cost >= left {
                return (at + (left - spent) / rate).min(1.0);
            }
            spent += cost;
            at = end;
        }
    }
    (at + (left - spent) / len).min(1.0)
}

/// The straight formation move `step` twentieths of `displacement` long.
fn straight_step(
    models: &[Model],
    members: &[usize],
    displacement: Point,
    step: u32,
) -> Vec<ModelMove> {
    let f = f64::from(step) / 20.0;
    members
        .iter()
        .map(|&i| ModelMove {
            model: i,
            waypoints: vec![models[i].center.plus(displacement.scale(f))],
        })
        .collect()
}

/// The indices of `unit`'s models, for a formation move of `displacement`
/// within `allowance`: `None` when there is nothing to move or the figures
/// are not finite.
fn formation_members(
    models: &[Model],
    unit: UnitId,
    displacement: Point,
    allowance: f64,
) -> Option<Vec<usize>> {
    if !displacement.is_finite() || !allowance.is_finite() {
        return None;
    }
    let members: Vec<usize> = (0..models.len())
        .filter(|&i| models[i].unit == unit)
        .collect();
    (!members.is_empty()).then_some(members)
}

/// Proposes a formation move for `unit`: every model displaced by the same
/// `displacement`, shortened (by twentieths) until the move is legal; if no
/// straight move fits, each model follows its own planned path toward its
/// displaced position, cut to the allowance (or to 3/4, 1/2, 1/4 of it).
/// `None` when nothing legal was found.
pub fn plan_formation(
    field: &Battlefield,
    models: &[Model],
    unit: UnitId,
    displacement: Point,
    kind: MoveKind,
    allowance: f64,
    traits: MoveTraits,
) -> Option<UnitMove> {
    let members = formation_members(models, unit, displacement, allowance)?;
    let make = |moves: Vec<ModelMove>| UnitMove {
        unit,
        kind,
        allowance: Some(allowance),
        traits,
        moves,
    };
    // Where each try leaves the models is judged first, in one copy of
    // them moved try by try; a try's paths only when its ends pass.
    let mut after = models.to_vec();
    let mut moved = vec![false; models.len()];
    for &i in &members {
        moved[i] = true;
    }
    let judged = make(Vec::new());
    for step in (1..=20).rev() {
        let f = f64::from(step) / 20.0;
        for &i in &members {
            after[i].center = models[i].center.plus(displacement.scale(f));
        }
        if check_end(field, &after, &moved, &judged).is_err() {
            continue;
        }
        let mv = make(straight_step(models, &members, displacement, step));
        if validate_unit_move(field, models, &mv).is_ok() {
            return Some(mv);
        }
    }
    // Each model's own planned path to its displaced position, planned once
    // and cut to the allowance, then to three quarters, a half and a quarter of it.
    let mut planner = Planner::new(field, models);
    let planned: Vec<Vec<Point>> = members
        .iter()
        .map(|&i| {
            let dest = models[i].center.plus(displacement);
            planner
                .plan(i, dest, traits)
                .map(|p| p.waypoints)
                .unwrap_or_default()
        })
        .collect();
    let mut cuts: Vec<PathCut> = members
        .iter()
        .zip(&planned)
        .map(|(&i, w)| PathCut::new(field, &models[i], w, traits))
        .collect();
    for f in [1.0, 0.75, 0.5, 0.25] {
        let moves = members
            .iter()
            .zip(&mut cuts)
            .map(|(&i, cut)| ModelMove {
                model: i,
                waypoints: cut.cut(allowance * f),
            })
            .collect();
        let mv = make(moves);
        for m in &mv.moves {
            after[m.model].center = m
                .waypoints
                .last()
                .copied()
                .unwrap_or(models[m.model].center);
        }
        if check_end(field, &after, &moved, &judged).is_ok()
            && validate_unit_move(field, models, &mv).is_ok()
        {
            return Some(mv);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::Regions;
    use proptest::prelude::*;

    proptest! {
        /// An open run is the cells before the first closed one.
        #[test]
        fn an_open_run_ends_at_the_first_closed_cell(row in proptest::collection::vec(proptest::bool::weighted(0.05), 0..100)) {
            let first_closed = row.iter().position(|&c| c).unwrap_or(row.len());
            prop_assert_eq!(super::open_run(&row), first_closed);
        }
    }

    /// Labels open cells by flooding from each unlabelled one, cell by cell.
    fn flood(closed: &[bool], nx: usize, ny: usize) -> Vec<Option<u32>> {
        let mut label = vec![None; closed.len()];
        let mut next = 0;
        for s in 0..closed.len() {
            if closed[s] || label[s].is_some() {
                continue;
            }
            let mut stack = vec![s];
            label[s] = Some(next);
            while let Some(k) = stack.pop() {
                let (i, j) = (k % nx, k / nx);
                let mut near = Vec::new();
                if i + 1 < nx {
                    near.push(k + 1);
                }
                if i > 0 {
                    near.push(k - 1);
                }
                if j + 1 < ny {
                    near.push(k + nx);
                }
                if j > 0 {
                    near.push(k - nx);
                }
                for nk in near {
                    if !closed[nk] && label[nk].is_none() {
                        label[nk] = Some(next);
                        stack.push(nk);
                    }
                }
            }
            next += 1;
        }
        label
    }

    proptest! {
        /// Two cells share a run-joined region exactly when a flood fill puts
        /// them in one region, and closed cells have none.
        #[test]
        fn regions_by_runs_are_the_flooded_regions(
            (nx, ny, closed) in (1usize..14, 1usize..14).prop_flat_map(|(nx, ny)| {
                (Just(nx), Just(ny), proptest::collection::vec(proptest::bool::weighted(0.45), nx * ny))
            })
        ) {
            let runs = Regions::label(&closed, nx, ny);
            let flooded = flood(&closed, nx, ny);
            for a in 0..closed.len() {
                prop_assert_eq!(runs.of(a).is_some(), !closed[a]);
                for b in 0..closed.len() {
                    if !closed[a] && !closed[b] {
                        prop_assert_eq!(runs.of(a) == runs.of(b), flooded[a] == flooded[b]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod cut_tests {
    use super::*;
    use crate::geometry::terrain::{TerrainKind, TerrainPiece};
    use proptest::prelude::*;

    /// [`truncate_path`] by bisection: the last leg's part that fits found
    /// by halving 40 times, every part's cost measured as any path's is.
    fn cut_by_bisection(
        field: &Battlefield,
        model: &Model,
        waypoints: &[Point],
        traits: MoveTraits,
        budget: f64,
    ) -> Vec<Point> {
        let mut out = Vec::new();
        let mut left = if budget.is_finite() {
            budget.max(0.0)
        } else {
            0.0
        };
        let mut from = model.center;
        for &to in waypoints {
            let leg = path_cost(field, &model.at(from), &[to], traits);
            if leg <= left + EPS {
                out.push(to);
                left -= leg;
                from = to;
                continue;
            }
            let plain = traits.field_craft
                || traits.flying
                || !field
                    .terrain
                    .iter()
                    .any(|t| t.slowing() && t.swept_base_overlaps(from, to, model.radius_in));
            let (mut lo, mut hi) = (0.0, 1.0);
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                let part = from.lerp(to, mid);
                let cost = if plain {
                    from.dist(part)
                } else {
                    path_cost(field, &model.at(from), &[part], traits)
                };
                if cost <= left {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if lo > 0.0 {
                out.push(from.lerp(to, lo));
            }
            break;
        }
        out
    }

    fn bits(w: &[Point]) -> Vec<(u64, u64)> {
        w.iter().map(|p| (p.x.to_bits(), p.y.to_bits())).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// A path cut to one budget after another, with what the earlier
        /// cuts measured kept, ends where each cut made afresh ends, to the
        /// last bit, and where halving the last leg 40 times ends, to within
        /// 10^-9" (BoV 5.1, "Slowing terrain": 2" used for every 1"); a cut
        /// short of the path's end uses the whole budget, and never more.
        #[test]
        fn cuts_end_where_the_budget_runs_out(
            wood in (4.0f64..20.0, 4.0f64..20.0, 1.0f64..5.0, 1.0f64..5.0),
            pond in (4.0f64..20.0, 4.0f64..20.0, 0.5f64..3.0, 0.5f64..3.0),
            start in (0.5f64..23.5, 0.5f64..23.5),
            way in proptest::collection::vec((0.5f64..23.5, 0.5f64..23.5), 1..4),
            mm in prop_oneof![Just(25.0), Just(40.0), 20.0f64..60.0],
            budget in 0.0f64..20.0,
            field_craft in any::<bool>(),
        ) {
            let rect = |(x, y, w, h): (f64, f64, f64, f64), kind| {
                TerrainPiece::rect("piece", Point::new(x, y), Point::new(x + w, y + h), vec![kind])
                    .unwrap()
            };
            let field = Battlefield::new(
                24.0,
                24.0,
                vec![rect(wood, TerrainKind::Slowing), rect(pond, TerrainKind::Slowing)],
            )
            .unwrap();
            let model = Model::new(UnitId(0), 0, Point::new(start.0, start.1), mm);
            let way: Vec<Point> = way.into_iter().map(|(x, y)| Point::new(x, y)).collect();
            let traits = MoveTraits { field_craft, flying: false, friends_block: false };
            let whole = path_cost(&field, &model, &way, traits);
            let mut cut = PathCut::new(&field, &model, &way, traits);
            let mut b = budget;
            while b > 0.0 {
                let kept = cut.cut(b);
                let fresh = truncate_path(&field, &model, &way, traits, b);
                prop_assert_eq!(bits(&kept), bits(&fresh), "budget {}", b);
                let halved = cut_by_bisection(&field, &model, &way, traits, b);
                prop_assert_eq!(kept.len(), halved.len(), "budget {}", b);
                for (p, q) in kept.iter().zip(&halved) {
                    prop_assert!(p.dist(*q) < 1e-9, "{:?} against {:?}, budget {}", p, q, b);
                }
                let cost = path_cost(&field, &model, &kept, traits);
                prop_assert!(cost <= b + EPS, "{} spent of {}", cost, b);
                if whole > b + EPS {
                    prop_assert!(cost > b - 1e-9, "{} spent of {}", cost, b);
                }
                b -= 0.05 + budget / 7.0;
            }
        }
    }
}

#[cfg(test)]
mod grid_tests {
    use super::*;
    use crate::geometry::terrain::{TerrainKind, TerrainPiece};
    use proptest::prelude::*;

    /// [`build_terrain_grid`] as it read before margins were used: every
    /// cell in a piece's reach measured.
    fn grid_cell_by_cell(
        field: &Battlefield,
        r: f64,
        traits: MoveTraits,
    ) -> (Vec<bool>, Vec<bool>) {
        let g = build_terrain_grid(
            field,
            r,
            MoveTraits {
                flying: true,
                ..traits
            },
        );
        let (cell, nx, ny) = (g.cell, g.nx, g.ny);
        let (mut closed, mut slow) = (g.closed, g.slow);
        let center =
            |i: usize, j: usize| Point::new((i as f64 + 0.5) * cell, (j as f64 + 0.5) * cell);
        if !traits.flying {
            for t in &field.terrain {
                let closes = t.impassable();
                let slows = t.slowing() && !traits.field_craft;
                for j in 0..ny {
                    for i in 0..nx {
                        if (closes || slows) && t.overlaps_base(center(i, j), r) {
                            closed[j * nx + i] |= closes;
                            slow[j * nx + i] |= slows;
                        }
                    }
                }
            }
        }
        (closed, slow)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        /// Cells skipped within a measured cell's margin are closed and
        /// slowed as if each were measured (BoV 5.1, "Slowing terrain",
        /// "Impassable terrain").
        #[test]
        fn margins_close_and_slow_the_cells_measuring_would(
            corners in proptest::collection::vec((1.0f64..11.0, 1.0f64..11.0), 3..8),
            rect in (0.0f64..10.0, 0.0f64..10.0, 0.3f64..4.0, 0.3f64..4.0),
            mm in prop_oneof![Just(25.0), Just(40.0), 20.0f64..100.0],
            field_craft in any::<bool>(),
            flying in any::<bool>(),
        ) {
            let mut pieces = vec![TerrainPiece::rect(
                "rocks",
                Point::new(rect.0, rect.1),
                Point::new(rect.0 + rect.2, rect.1 + rect.3),
                vec![TerrainKind::Impassable],
            )
            .unwrap()];
            let outline: Vec<Point> = corners.iter().map(|&(x, y)| Point::new(x, y)).collect();
            if let Ok(p) = TerrainPiece::new("wood", &outline, &[], vec![TerrainKind::Slowing]) {
                pieces.push(p);
            }
            let field = Battlefield::new(12.0, 12.0, pieces).unwrap();
            let r = mm / 50.8;
            let traits = MoveTraits { field_craft, flying, friends_block: false };
            let g = build_terrain_grid(&field, r, traits);
            let (closed, slow) = grid_cell_by_cell(&field, r, traits);
            prop_assert_eq!(g.closed, closed);
            prop_assert_eq!(g.slow, slow);
        }
    }
}
