//! Terrain pieces and the battlefield (BoV 5.1, "Terrain", "Models
//! inside/outside Terrain", "Types of Terrain").

use geo::kernels::RobustKernel;
use geo::line_intersection::{LineIntersection, line_intersection};
use geo::{
    BoundingRect, Contains, Coord, Distance, Euclidean, Kernel, Line, LineString, Orientation,
    Polygon,
};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::sync::{Arc, Mutex};

use super::point::FAR_MARGIN;
use super::{EPS, Model, Point};

/// A terrain type; one piece may carry several (BoV 5.1, "Basic Terrain
/// Effects": a forest is Obscuring and Slowing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTerrainKind))]
pub enum TerrainKind {
    /// Models cannot move inside it.
    Impassable,
    /// Every inch moved across it uses 2" of the move.
    Slowing,
    /// Line of sight may go into and out of it, not through it.
    Obscuring,
    /// Attacks units inside (X black dice) or within 6" (X gray dice).
    Dangerous(u8),
    /// BoV starter, "Cover (Covering Terrain)": a unit with at least half
    /// of its models inside or behind it upgrades its defense against
    /// ranged attacks and powers. The starter edition's alone.
    Covering,
}

/// Why a geometric input was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GeometryError {
    #[error("terrain piece {0}: its outline needs at least 3 distinct finite points")]
    BadOutline(String),
    #[error("battlefield of {0}\" x {1}\": both sides must be positive and finite")]
    BadBattlefield(f64, f64),
}

/// One piece of 2D terrain: an outline (with holes) and its types.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovTerrainPiece))]
pub struct TerrainPiece {
    pub name: String,
    /// Read through [`TerrainPiece::polygon`]: the outline never changes once
    /// made, so its bounding box may be kept.
    #[cfg_attr(feature = "schema", schema(value_type = PolygonSchema))]
    polygon: Polygon<f64>,
    pub kinds: Vec<TerrainKind>,
    #[serde(skip)]
    bounds: KeptBounds,
    #[serde(skip)]
    edges: KeptEdges,
}

/// How a piece's outline is written: its outer ring and its holes, each a
/// list of points in inches, the last point repeating the first.
#[cfg(feature = "schema")]
#[derive(utoipa::ToSchema)]
#[schema(as = BovPolygon)]
#[allow(
    dead_code,
    reason = "describes `geo::Polygon`'s JSON in the API document"
)]
struct PolygonSchema {
    exterior: Vec<Point>,
    interiors: Vec<Vec<Point>>,
}

/// The outline's bounding box, worked out on first use: every overlap test
/// starts with it, and measuring the outline each time was most of their cost.
#[derive(Clone, Debug, Default)]
struct KeptBounds(std::sync::OnceLock<(Point, Point)>);

impl PartialEq for TerrainPiece {
    /// By name, types and outline, whatever either has kept. The path
    /// planner's caches ask it of every piece at every look-up.
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.kinds == other.kinds
            && (self.same_kept_outline(other) || self.polygon == other.polygon)
    }
}

impl PartialEq for KeptBounds {
    /// Pieces are equal by outline and types, whatever either has kept.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The outline's edges and its holes' as end points, listed on first use:
/// the overlap tests of movement walk them thousands of times a move, and
/// walking the rings' coordinates pairwise each time cost more than the tests.
#[derive(Clone, Debug, Default)]
struct KeptEdges(std::sync::OnceLock<std::sync::Arc<Edges>>);

/// Every ring's edges, the outline's first, and where each ring's end.
#[derive(Debug)]
struct Edges {
    all: Vec<(Point, Point)>,
    ring_ends: Vec<usize>,
}

impl Edges {
    fn of(polygon: &Polygon<f64>) -> Edges {
        let mut all = Vec::new();
        let mut ring_ends = Vec::new();
        for ring in std::iter::once(polygon.exterior()).chain(polygon.interiors()) {
            all.extend(
                ring.lines()
                    .map(|e| (Point::from_coord(e.start), Point::from_coord(e.end))),
            );
            ring_ends.push(all.len());
        }
        Edges { all, ring_ends }
    }

    /// Whether `c` lies inside the outline and outside every hole, for a
    /// point away from every edge (the only points the overlap tests ask
    /// about): there a ray's crossings count exactly as the outline's
    /// point-in-polygon test does, at a fraction of its cost.
    fn holds_off_edge(&self, c: Point) -> bool {
        let mut start = 0;
        for (n, &end) in self.ring_ends.iter().enumerate() {
            let mut odd = false;
            for &(p, q) in &self.all[start..end] {
                if (p.y > c.y) != (q.y > c.y) && c.x < (q.x - p.x) * (c.y - p.y) / (q.y - p.y) + p.x
                {
                    odd = !odd;
                }
            }
            // Inside the outline (ring 0), outside each hole.
            if odd != (n == 0) {
                return false;
            }
            start = end;
        }
        true
    }
}

impl PartialEq for KeptEdges {
    /// Pieces are equal by outline and types, whatever either has kept.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

fn ring(points: &[Point]) -> LineString<f64> {
    LineString::from(
        points
            .iter()
            .map(|p| p.coord())
            .collect::<Vec<Coord<f64>>>(),
    )
}

/// Every point finite and at least 3 distinct: one pass, as the search for
/// distinct points stops at the third (a long ring stays linear).
fn ring_ok(points: &[Point]) -> bool {
    if points.iter().any(|p| !p.is_finite()) {
        return false;
    }
    let mut distinct: Vec<Point> = Vec::with_capacity(3);
    for p in points {
        if !distinct.iter().any(|q| q.dist(*p) < EPS) {
            distinct.push(*p);
            if distinct.len() == 3 {
                return true;
            }
        }
    }
    false
}

/// Squared distance between the segments `a`-`b` and `p`-`q`: 0 where they
/// cross, else the nearest of an end of one to the other.
fn segments_dist2(a: Point, b: Point, p: Point, q: Point) -> f64 {
    if super::point::crosses(a, b, p, q) {
        return 0.0;
    }
    a.dist2_to_segment(p, q)
        .min(b.dist2_to_segment(p, q))
        .min(p.dist2_to_segment(a, b))
        .min(q.dist2_to_segment(a, b))
}

/// How far beyond its reach a base's margin from the edges is measured
/// (inches): enough for a sweep to skip many samples at once.
pub(crate) const MARGIN_KEPT: f64 = 1.0;

/// The fractions `t` at which the point `a + t d` of a line lies nearer
/// than `reach` to the segment `p`-`q` (`dd` is `d . d`, not 0): one open
/// interval, the capsule about the segment being convex, found as the hull
/// of the line's meetings with the capsule's three parts (the band beside
/// the segment and the discs at its ends).
fn capsule_span(a: Point, d: Point, dd: f64, p: Point, q: Point, reach: f64) -> Option<(f64, f64)> {
    let mut span: Option<(f64, f64)> = None;
    let mut join = |s: Option<(f64, f64)>| {
        if let Some((x, y)) = s.filter(|(x, y)| x < y) {
            span = Some(span.map_or((x, y), |(u, v)| (u.min(x), v.max(y))));
        }
    };
    // The discs: |a + t d - c|^2 < reach^2.
    for c in [p, q] {
        let ac = a.minus(c);
        let half_b = d.dot(ac);
        let disc = half_b * half_b - dd * (ac.dot(ac) - reach * reach);
        if disc > 0.0 {
            let root = disc.sqrt();
            join(Some(((-half_b - root) / dd, (-half_b + root) / dd)));
        }
    }
    // The band: within `reach` of the edge's line, and beside the edge.
    let e = q.minus(p);
    let ee = e.dot(e);
    if ee > 0.0 {
        let ap = a.minus(p);
        let w = reach * ee.sqrt();
        let beside = linear_span(e.dot(ap), e.dot(d), 0.0, ee);
        let near = linear_span(e.cross(ap), e.cross(d), -w, w);
        join(
            beside
                .zip(near)
                .map(|((x, y), (u, v))| (x.max(u), y.min(v))),
        );
    }
    span
}

/// The `t` with `lo < k0 + t k1 < hi`: an open interval, all of them, or none.
fn linear_span(k0: f64, k1: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if k1 == 0.0 {
        return (lo < k0 && k0 < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let (x, y) = ((lo - k0) / k1, (hi - k0) / k1);
    Some((x.min(y), x.max(y)))
}

/// [`segments_dist2`] from the point `c` (a segment of no length): the same
/// value with no crossing test, which a point never makes.
fn point_dist2(c: Point, p: Point, q: Point) -> f64 {
    let (dp, dq) = (p.minus(c), q.minus(c));
    c.dist2_to_segment(p, q).min(dp.dot(dp)).min(dq.dot(dq))
}

impl TerrainPiece {
    /// A piece from its outline and holes (each a list of corners; closing
    /// the ring is not needed). Refuses rings of fewer than 3 distinct finite points.
    pub fn new(
        name: impl Into<String>,
        outline: &[Point],
        holes: &[Vec<Point>],
        kinds: Vec<TerrainKind>,
    ) -> Result<Self, GeometryError> {
        let name = name.into();
        if !ring_ok(outline) || holes.iter().any(|h| !ring_ok(h)) {
            return Err(GeometryError::BadOutline(name));
        }
        let polygon = Polygon::new(ring(outline), holes.iter().map(|h| ring(h)).collect());
        Ok(Self {
            name,
            polygon,
            kinds,
            bounds: KeptBounds::default(),
            edges: KeptEdges::default(),
        })
    }

    /// The piece with every point of its outline and holes moved by `f` (a
    /// rigid motion: the battlefield turned).
    pub fn mapped(&self, f: impl Fn(Point) -> Point) -> Self {
        let ring = |r: &LineString<f64>| -> LineString<f64> {
            r.coords()
                .map(|c| f(Point::from_coord(*c)).coord())
                .collect()
        };
        let polygon = Polygon::new(
            ring(self.polygon.exterior()),
            self.polygon.interiors().iter().map(ring).collect(),
        );
        Self {
            name: self.name.clone(),
            polygon,
            kinds: self.kinds.clone(),
            bounds: KeptBounds::default(),
            edges: KeptEdges::default(),
        }
    }

    /// An axis-aligned rectangle piece.
    pub fn rect(
        name: impl Into<String>,
        min: Point,
        max: Point,
        kinds: Vec<TerrainKind>,
    ) -> Result<Self, GeometryError> {
        let pts = [min, Point::new(max.x, min.y), max, Point::new(min.x, max.y)];
        Self::new(name, &pts, &[], kinds)
    }

    pub fn is(&self, kind: TerrainKind) -> bool {
        self.kinds.contains(&kind)
    }

    pub fn impassable(&self) -> bool {
        self.is(TerrainKind::Impassable)
    }

    pub fn slowing(&self) -> bool {
        self.is(TerrainKind::Slowing)
    }

    pub fn obscuring(&self) -> bool {
        self.is(TerrainKind::Obscuring)
    }

    pub fn covering(&self) -> bool {
        self.is(TerrainKind::Covering)
    }

    /// The X of Dangerous (X), the highest if several are marked.
    pub fn dangerous(&self) -> Option<u8> {
        self.kinds
            .iter()
            .filter_map(|k| match k {
                TerrainKind::Dangerous(x) => Some(*x),
                _ => None,
            })
            .max()
    }

    /// Distance from a point to the piece (0 inside it, holes excluded).
    pub fn distance_to_point(&self, p: Point) -> f64 {
        if !p.is_finite() {
            return f64::INFINITY;
        }
        Euclidean.distance(&geo::Point::from(p.coord()), &self.polygon)
    }

    /// Whether a base of radius `radius` centred on `center` is inside the
    /// piece: its base overlaps the terrain by any proportion; a base that only
    /// touches the edge is outside (BoV 5.1, "Models inside/outside Terrain").
    pub fn overlaps_base(&self, center: Point, radius: f64) -> bool {
        center.is_finite() && self.within(center, center, radius - EPS)
    }

    /// [`TerrainPiece::overlaps_base`], with how far the centre may then move
    /// in any direction before the answer can change (its distance from the
    /// edge of the zone of overlap, or less): a sweep over the terrain grid
    /// skips the cells that cannot differ. Edges farther than the reach and
    /// [`MARGIN_KEPT`] change neither the answer nor the margin, so they are
    /// not measured.
    pub(crate) fn overlap_margin(&self, center: Point, radius: f64) -> (bool, f64) {
        let near = &self.kept_edges().all;
        let reach = radius - EPS;
        if !center.is_finite() || reach <= 0.0 {
            return (false, 0.0);
        }
        let gap = self.box_gap(center, center);
        if gap >= reach {
            // Nothing of the piece is nearer than its bounding box.
            return (false, gap - reach);
        }
        // The nearest edge's distance, or `far` when none is nearer: an
        // edge whose box lies `far` or more away along one axis is at least
        // that far, so it is not measured. `far` is beyond the reach, so the
        // overlap is decided as if every edge were measured, and the margin
        // is at most smaller.
        let far = reach + MARGIN_KEPT;
        let d2 = near.iter().fold(far * far, |d2, &(p, q)| {
            if p.x.min(q.x) - center.x >= far
                || center.x - p.x.max(q.x) >= far
                || p.y.min(q.y) - center.y >= far
                || center.y - p.y.max(q.y) >= far
            {
                d2
            } else {
                d2.min(point_dist2(center, p, q))
            }
        });
        let d = d2.sqrt();
        if d2 < reach * reach {
            (true, reach - d)
        } else if self.kept_edges().holds_off_edge(center) {
            (true, d + reach)
        } else {
            (false, d - reach)
        }
    }

    /// Adds to `out` the stretches of the segment `a`-`b`, as fractions of it
    /// (unclipped, unordered, possibly overlapping), along which a base of
    /// `radius` centred there overlaps the piece, exactly as
    /// [`TerrainPiece::overlaps_base`] answers at each point: nearer than
    /// its reach to an edge, or inside the outline and outside every hole.
    /// The points near an edge form a capsule about it, which the segment's
    /// line meets in one interval; the points inside lie between the line's
    /// crossings of each ring, counted as the off-edge test counts them.
    pub(crate) fn overlap_spans(&self, a: Point, b: Point, radius: f64, out: &mut Vec<(f64, f64)>) {
        let reach = radius - EPS;
        let d = b.minus(a);
        let dd = d.dot(d);
        if reach <= 0.0 || dd == 0.0 || !dd.is_finite() || self.box_clear(a.min(b), a.max(b), reach)
        {
            return;
        }
        let edges = self.kept_edges();
        let (lo, hi) = (a.min(b), a.max(b));
        for &(p, q) in &edges.all {
            let far = p.x.min(q.x) - hi.x >= reach
                || lo.x - p.x.max(q.x) >= reach
                || p.y.min(q.y) - hi.y >= reach
                || lo.y - p.y.max(q.y) >= reach;
            if !far {
                out.extend(capsule_span(a, d, dd, p, q, reach));
            }
        }
        // The line's crossings of each ring (an edge counts when its ends
        // lie on either side, one end on the line counting as below it, as
        // in `Edges::holds_off_edge`), then swept in order: inside while
        // the outline's count is odd and no hole's is.
        let mut crossings: Vec<(f64, usize)> = Vec::new();
        let mut start = 0;
        for (n, &end) in edges.ring_ends.iter().enumerate() {
            for &(p, q) in &edges.all[start..end] {
                let (sp, sq) = (d.cross(p.minus(a)), d.cross(q.minus(a)));
                if (sp > 0.0) != (sq > 0.0) {
                    let x = p.plus(q.minus(p).scale(sp / (sp - sq)));
                    crossings.push((x.minus(a).dot(d) / dd, n));
                }
            }
            start = end;
        }
        if crossings.is_empty() {
            return;
        }
        crossings.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut odd = vec![false; edges.ring_ends.len()];
        let mut holes_odd = 0usize;
        let mut entered = None;
        for (t, n) in crossings {
            odd[n] = !odd[n];
            if n > 0 {
                if odd[n] {
                    holes_odd += 1;
                } else {
                    holes_odd -= 1;
                }
            }
            let inside = odd[0] && holes_odd == 0;
            match (entered, inside) {
                (None, true) => entered = Some(t),
                (Some(e), false) => {
                    out.push((e, t));
                    entered = None;
                }
                _ => {}
            }
        }
    }

    /// Whether `model` is inside the piece (see [`TerrainPiece::overlaps_base`]).
    pub fn contains_model(&self, model: &Model) -> bool {
        self.overlaps_base(model.center, model.radius_in)
    }

    /// Base edge to terrain edge (0 when inside): for Dangerous terrain's 6".
    pub fn distance_to_model(&self, model: &Model) -> f64 {
        (self.distance_to_point(model.center) - model.radius_in).max(0.0)
    }

    /// Whether a base of `radius` moved in a straight line from `a` to `b`
    /// overlaps the piece anywhere on the way (touching is allowed).
    pub fn swept_base_overlaps(&self, a: Point, b: Point, radius: f64) -> bool {
        if !a.is_finite() || !b.is_finite() {
            return true;
        }
        self.within(a, b, radius - EPS)
    }

    /// Whether the segment `a`-`b` (a point when they are equal) comes
    /// nearer the piece than `reach` (0 when it is inside): the bounding
    /// boxes first, then each edge by squared distances, then, no edge being
    /// that near, whether the segment lies inside. The hot test of movement
    /// and path planning, so no square root.
    fn within(&self, a: Point, b: Point, reach: f64) -> bool {
        if reach <= 0.0 || self.box_clear(a.min(b), a.max(b), reach) {
            return false;
        }
        let r2 = reach * reach;
        // An edge whose box lies farther than `reach` from the segment's
        // along one axis (by a margin far above rounding) is not near: its
        // distance is not measured.
        let (lo, hi) = (a.min(b), a.max(b));
        let far = reach + FAR_MARGIN;
        let maybe = |&(p, q): &(Point, Point)| {
            p.x.min(q.x) - hi.x <= far
                && lo.x - p.x.max(q.x) <= far
                && p.y.min(q.y) - hi.y <= far
                && lo.y - p.y.max(q.y) <= far
        };
        let near = if a == b {
            self.edges()
                .any(|e| maybe(&e) && point_dist2(a, e.0, e.1) < r2)
        } else {
            self.edges()
                .any(|e| maybe(&e) && segments_dist2(a, b, e.0, e.1) < r2)
        };
        // No edge is near, so `a` is off every edge.
        near || self.kept_edges().holds_off_edge(a)
    }

    /// Every edge of the outline and of its holes, as end points.
    fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.kept_edges().all.iter().copied()
    }

    fn kept_edges(&self) -> &Edges {
        self.edges.0.get_or_init(|| Edges::of(&self.polygon).into())
    }

    /// Lists the outline's edges now, so that the piece's clones share them
    /// and compare equal without comparing their outlines point by point.
    pub(crate) fn keep_edges(&self) {
        self.kept_edges();
    }

    /// Whether both pieces keep the very same list of edges: one was cloned
    /// from the other (or both from a third) after it was listed, and an
    /// outline never changes once made, so their outlines are the same.
    fn same_kept_outline(&self, other: &TerrainPiece) -> bool {
        matches!(
            (self.edges.0.get(), other.edges.0.get()),
            (Some(a), Some(b)) if std::sync::Arc::ptr_eq(a, b)
        )
    }

    /// The gap between the box `lo`..`hi` and the piece's bounding box (0
    /// where they meet): never more than the distance from anything in the
    /// box to the piece, so a gap at least the radius settles "no overlap"
    /// without measuring the outline.
    fn box_gap(&self, lo: Point, hi: Point) -> f64 {
        let (plo, phi) = self.bounds();
        let dx = (plo.x - hi.x).max(lo.x - phi.x).max(0.0);
        let dy = (plo.y - hi.y).max(lo.y - phi.y).max(0.0);
        Point::new(dx, dy).len()
    }

    /// `self.box_gap(lo, hi) >= reach`, without the square root when the
    /// gap along one axis settles it (the root of a square is exact).
    fn box_clear(&self, lo: Point, hi: Point, reach: f64) -> bool {
        let (plo, phi) = self.bounds();
        let dx = (plo.x - hi.x).max(lo.x - phi.x).max(0.0);
        let dy = (plo.y - hi.y).max(lo.y - phi.y).max(0.0);
        dx >= reach || dy >= reach || Point::new(dx, dy).len() >= reach
    }

    /// The bounding box `(min, max)` of the piece.
    pub fn bounds(&self) -> (Point, Point) {
        *self
            .bounds
            .0
            .get_or_init(|| match self.polygon.bounding_rect() {
                Some(r) => (Point::from_coord(r.min()), Point::from_coord(r.max())),
                None => (Point::default(), Point::default()),
            })
    }

    /// The outline, with its holes.
    pub fn polygon(&self) -> &Polygon<f64> {
        &self.polygon
    }

    /// Whether the segment `a`-`b` passes through the interior of the piece.
    /// Running along an edge or touching a corner does not count: the line
    /// must go through the terrain (BoV 5.1, "Obscuring terrain").
    pub fn segment_crosses_interior(&self, a: Point, b: Point) -> bool {
        if !a.is_finite() || !b.is_finite() {
            return false;
        }
        let seg = Line::new(a.coord(), b.coord());
        // Split the segment where it meets the outline. A crossing through
        // the middle of an edge enters the interior at once; otherwise test
        // the middle of each piece between meeting points. Edges wholly on
        // one side of the segment (or it of them), the usual case, are
        // dismissed with geo's robust orientation test alone.
        let mut ts = [0.0f64; 24];
        let mut n = 2;
        ts[1] = 1.0;
        let d = b.minus(a);
        let l2 = d.dot(d);
        let param = |c: Coord<f64>| {
            if l2 == 0.0 {
                0.0
            } else {
                (Point::from_coord(c).minus(a).dot(d) / l2).clamp(0.0, 1.0)
            }
        };
        let rings = std::iter::once(self.polygon.exterior()).chain(self.polygon.interiors());
        let mut overflow = false;
        for r in rings {
            for edge in r.lines() {
                let o1 = RobustKernel::orient2d(seg.start, seg.end, edge.start);
                let o2 = RobustKernel::orient2d(seg.start, seg.end, edge.end);
                if o1 == o2 && o1 != Orientation::Collinear {
                    continue;
                }
                let o3 = RobustKernel::orient2d(edge.start, edge.end, seg.start);
                let o4 = RobustKernel::orient2d(edge.start, edge.end, seg.end);
                if o3 == o4 && o3 != Orientation::Collinear {
                    continue;
                }
                let degenerate = [o1, o2, o3, o4].contains(&Orientation::Collinear);
                if !degenerate {
                    return true; // a proper crossing
                }
                match line_intersection(seg, edge) {
                    None => {}
                    Some(LineIntersection::SinglePoint {
                        is_proper: true, ..
                    }) => return true,
                    Some(LineIntersection::SinglePoint { intersection, .. }) => {
                        if n < ts.len() {
                            ts[n] = param(intersection);
                            n += 1;
                        } else {
                            overflow = true;
                        }
                    }
                    Some(LineIntersection::Collinear { intersection }) => {
                        for c in [intersection.start, intersection.end] {
                            if n < ts.len() {
                                ts[n] = param(c);
                                n += 1;
                            } else {
                                overflow = true;
                            }
                        }
                    }
                }
            }
        }
        let ts = &mut ts[..n];
        if n > 2 {
            ts.sort_by(f64::total_cmp);
        }
        let inside = |t: f64| {
            self.polygon
                .contains(&geo::Point::from(a.lerp(b, t).coord()))
        };
        if ts
            .windows(2)
            .any(|w| w[1] - w[0] > 1e-12 && inside((w[0] + w[1]) / 2.0))
        {
            return true;
        }
        // More meeting points than the buffer holds (a very jagged outline):
        // fall back to a fine sampling of the segment.
        overflow && (1..256).any(|i| inside(i as f64 / 256.0))
    }
}

/// What the geometry keeps between questions about one battlefield (the
/// planner's terrain grids, sight lines, moves found legal, contact moves),
/// shared by the battlefield's clones: a search clones the battle thousands
/// of times. Each module keeps its own part by its type
/// ([`Battlefield::kept`]), so the battlefield knows none of them. The memo
/// keeps a copy of the table it was built for and starts afresh when asked
/// about another, so a battlefield changed after the fact is never answered
/// from a stale memo. It only saves work: an answer is the same with it or
/// without it.
#[derive(Clone, Default)]
struct Memo(Arc<Mutex<Kept>>);

/// The memo's table and its parts, one a type.
#[derive(Default)]
struct Kept {
    table: Option<(f64, f64, Vec<TerrainPiece>)>,
    parts: Vec<Box<dyn Any + Send>>,
}

impl PartialEq for Memo {
    /// Two battlefields are equal whatever either keeps.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl Battlefield {
    /// Runs `f` on what this battlefield keeps of type `T` (empty at first,
    /// and again once the table has changed), under the memo's lock: `f`
    /// must not ask the battlefield for what it keeps.
    pub(crate) fn kept<T: Default + Send + 'static, R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut kept = self.memo.0.lock().unwrap_or_else(|e| e.into_inner());
        let same_table = kept.table.as_ref().is_some_and(|(w, h, t)| {
            w.to_bits() == self.width.to_bits()
                && h.to_bits() == self.height.to_bits()
                && *t == self.terrain
        });
        if !same_table {
            // Edges listed before the copy, so the copy's pieces share them.
            for t in &self.terrain {
                t.keep_edges();
            }
            kept.table = Some((self.width, self.height, self.terrain.clone()));
            kept.parts.clear();
        }
        if let Some(part) = kept.parts.iter_mut().find_map(|p| p.downcast_mut::<T>()) {
            return f(part);
        }
        let mut part = T::default();
        let answer = f(&mut part);
        kept.parts.push(Box::new(part));
        answer
    }
}

/// Which models' bases block a line of sight: the battlefield's rule,
/// set by the battle's edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBaseBlocking))]
#[serde(rename_all = "snake_case")]
pub enum BaseBlocking {
    /// BoV 5.1, "Line of Sight": every base, friend or foe; Huge looks
    /// past non-Huge units, Tiny blocks only Tiny ("Keywords").
    #[default]
    Every,
    /// BoV starter, "Line of Sight": "Certain units and terrain features
    /// in the game block Line of Sight", the units being the Huge ones
    /// ("Keywords" > "Huge": "This unit's base blocks line of sight, like
    /// Obscuring terrain"); every other base is seen past.
    HugeOnly,
}

/// What puts a model in cover against a ranged attack: the battlefield's
/// rule, set by the battle's edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCoverRule))]
#[serde(rename_all = "snake_case")]
pub enum CoverRule {
    /// BoV 5.1, "Obscuring terrain": inside an Obscuring piece, or behind
    /// one (the line between the centres passes through it).
    #[default]
    Obscuring,
    /// BoV starter, "Cover (Covering Terrain)" and "Obscuring Terrain and
    /// Cover": inside or behind Covering terrain, "partially or
    /// completely", or partially hidden behind Obscuring terrain.
    Starter,
}

impl CoverRule {
    pub fn is_obscuring(&self) -> bool {
        *self == CoverRule::Obscuring
    }
}

impl BaseBlocking {
    pub fn is_every(&self) -> bool {
        *self == BaseBlocking::Every
    }
}

/// The battlefield: a `width` x `height` rectangle in inches with the origin
/// at one corner, and its terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBattlefield))]
pub struct Battlefield {
    pub width: f64,
    pub height: f64,
    pub terrain: Vec<TerrainPiece>,
    /// Which bases block a line of sight (the battle's edition: BoV 5.1
    /// every base, the starter Huge ones alone).
    #[serde(default, skip_serializing_if = "BaseBlocking::is_every")]
    pub base_blocking: BaseBlocking,
    /// What gives cover against ranged attacks (the battle's edition).
    #[serde(default, skip_serializing_if = "CoverRule::is_obscuring")]
    pub cover_rule: CoverRule,
    /// What the geometry keeps between questions about this table (see
    /// [`Memo`]).
    #[serde(skip)]
    memo: Memo,
}

impl Battlefield {
    pub fn new(width: f64, height: f64, terrain: Vec<TerrainPiece>) -> Result<Self, GeometryError> {
        if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
            return Err(GeometryError::BadBattlefield(width, height));
        }
        Ok(Self {
            width,
            height,
            terrain,
            base_blocking: Default::default(),
            cover_rule: Default::default(),
            memo: Memo::default(),
        })
    }

    /// Whether a flying unit may not land inside `piece` (besides
    /// Impassable terrain): the terrain that gives cover. BoV 5.1,
    /// "Flying": "cannot end its move inside ... Obscuring terrain"; BoV
    /// starter, "Keywords" > "Flying": "cannot end its move inside
    /// Covering terrain".
    pub fn bars_landing(&self, piece: &TerrainPiece) -> bool {
        match self.cover_rule {
            CoverRule::Obscuring => piece.obscuring(),
            CoverRule::Starter => piece.covering(),
        }
    }

    /// Whether a base of `radius` centred on `center` lies wholly on the table.
    pub fn holds_base(&self, center: Point, radius: f64) -> bool {
        center.is_finite()
            && spans_base(center.x, radius, self.width)
            && spans_base(center.y, radius, self.height)
    }

    /// Indices of the pieces `model` is inside.
    pub fn pieces_containing(&self, model: &Model) -> impl Iterator<Item = usize> + '_ {
        let m = *model;
        self.terrain
            .iter()
            .enumerate()
            .filter(move |(_, t)| t.contains_model(&m))
            .map(|(i, _)| i)
    }

    /// Whether `model` is inside any piece of the given kind.
    pub fn model_in(&self, model: &Model, kind: TerrainKind) -> bool {
        self.terrain
            .iter()
            .any(|t| t.is(kind) && t.contains_model(model))
    }
}

/// Whether a base of `radius` centred at `c` along one side of the table,
/// `size` long, lies within it: [`Battlefield::holds_base`] asks it of
/// both sides.
pub(crate) fn spans_base(c: f64, radius: f64, size: f64) -> bool {
    c - radius >= -EPS && c + radius <= size + EPS
}

#[cfg(test)]
mod tests {
    use super::{Point, TerrainKind, TerrainPiece, point_dist2, segments_dist2};
    use proptest::prelude::*;

    /// Pieces are equal by name, types and outline, whether or not either
    /// keeps its edges or shares them with the other.
    #[test]
    fn pieces_are_equal_by_name_types_and_outline_alone() {
        let rect = |x: f64| {
            TerrainPiece::rect(
                "wood",
                Point::new(x, 0.0),
                Point::new(x + 4.0, 3.0),
                vec![TerrainKind::Slowing],
            )
            .unwrap()
        };
        let a = rect(1.0);
        a.keep_edges();
        let shared = a.clone();
        assert!(shared.same_kept_outline(&a));
        assert_eq!(shared, a);
        let (fresh, kept) = (rect(1.0), rect(1.0));
        kept.keep_edges();
        assert!(!kept.same_kept_outline(&a));
        assert_eq!(fresh, a);
        assert_eq!(kept, a);
        let moved = rect(2.0);
        moved.keep_edges();
        assert_ne!(moved, a);
        let mut renamed = a.clone();
        renamed.name = "copse".into();
        assert_ne!(renamed, a);
        let mut rocky = a.clone();
        rocky.kinds.push(TerrainKind::Impassable);
        assert_ne!(rocky, a);
    }

    fn point() -> impl Strategy<Value = Point> {
        (-50.0f64..50.0, -50.0f64..50.0).prop_map(|(x, y)| Point::new(x, y))
    }

    proptest! {
        /// The point test gives the bits of the segment test on a segment of
        /// no length, so the sweeps that use it measure exactly as before.
        #[test]
        fn a_point_is_measured_as_a_segment_of_no_length(
            c in point(), p in point(), q in point(), on in 0.0f64..1.0, snap in 0u8..3
        ) {
            // Points on the edge, and at its ends, as well as anywhere.
            let c = match snap {
                0 => c,
                1 => p.lerp(q, on),
                _ => p,
            };
            prop_assert_eq!(
                point_dist2(c, p, q).to_bits(),
                segments_dist2(c, c, p, q).to_bits()
            );
        }
    }
}
