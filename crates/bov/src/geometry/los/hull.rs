//! A whole unit as one end of every line of sight it draws: the convex hull
//! of its models' centres widened by its largest base radius. Every base of
//! the unit lies inside, so every stretch from a model of one unit to a
//! model of another runs from one hull to the other, and a wall across the
//! two hulls' outer common tangents ([`super::barrier`]) hides every pair of
//! models at once.

use super::barrier::{Ends, Segment};
use super::{SIGHT_TOLERANCE_IN, orient};
use crate::geometry::Point;

const M: f64 = SIGHT_TOLERANCE_IN;

/// How far a widened centre may lie across a common tangent by rounding.
const ROUNDING: f64 = M * 1e-3;

/// The centres' hull, anticlockwise (one or two points when they are
/// collinear), and the radius it is widened by.
#[derive(Clone, Debug)]
pub(super) struct Hull {
    pts: Vec<Point>,
    r: f64,
    /// A circle around the centres (the mean of the hull's corners, and
    /// the farthest corner's distance): most segments a wall is made of
    /// pass far outside it, and need no closer look.
    mid: Point,
    reach: f64,
}

impl Hull {
    /// The hull of `centres` widened by `r`; `None` without centres.
    pub(super) fn new(centres: impl Iterator<Item = Point>, r: f64) -> Option<Self> {
        let mut pts: Vec<Point> = centres.collect();
        pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        pts.dedup();
        if pts.is_empty() || !r.is_finite() {
            return None;
        }
        if pts.len() < 3 {
            return Some(Self::with_circle(pts, r));
        }
        // Andrew's monotone chain: the lower then the upper chain.
        let mut out: Vec<Point> = Vec::with_capacity(pts.len() + 1);
        for pass in 0..2 {
            let start = out.len();
            let seq: Box<dyn Iterator<Item = &Point>> = if pass == 0 {
                Box::new(pts.iter())
            } else {
                Box::new(pts.iter().rev())
            };
            for &p in seq {
                while out.len() >= start + 2
                    && orient(out[out.len() - 2], out[out.len() - 1], p) <= 0.0
                {
                    out.pop();
                }
                out.push(p);
            }
            out.pop();
        }
        Some(Self::with_circle(out, r))
    }

    fn with_circle(pts: Vec<Point>, r: f64) -> Self {
        let mid = pts
            .iter()
            .fold(Point::default(), |s, p| s.plus(*p))
            .scale(1.0 / pts.len() as f64);
        let reach = pts.iter().fold(0.0, |m: f64, p| m.max(p.dist(mid)));
        Self { pts, r, mid, reach }
    }

    /// A point of the hull.
    pub(super) fn anchor(&self) -> Point {
        self.pts[0]
    }

    /// The edges of the centres' hull (a single point gives one
    /// zero-length edge, two points one edge).
    fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let n = self.pts.len();
        let count = if n <= 2 { 1 } else { n };
        (0..count).map(move |i| (self.pts[i], self.pts[(i + 1) % n]))
    }

    /// Whether `x` lies inside the centres' hull (or on its edge).
    fn contains(&self, x: Point) -> bool {
        self.pts.len() >= 3 && self.edges().all(|(a, b)| orient(a, b, x) >= 0.0)
    }

    /// Whether the segment `p`-`q` keeps farther than `d` from the
    /// centres' hull.
    fn clear_of(&self, p: Point, q: Point, d: f64) -> bool {
        let far = self.reach + d;
        if self.mid.dist2_to_segment(p, q) > far * far * (1.0 + 1e-9) {
            return true;
        }
        let d2 = d * d;
        if self.pts.len() == 1 {
            return self.pts[0].dist2_to_segment(p, q) > d2;
        }
        if self.contains(p) {
            return false;
        }
        self.edges().all(|(a, b)| {
            !meet(p, q, a, b)
                && a.dist2_to_segment(p, q) > d2
                && b.dist2_to_segment(p, q) > d2
                && p.dist2_to_segment(a, b) > d2
                && q.dist2_to_segment(a, b) > d2
        })
    }

    /// Whether the two widened hulls are apart by more than the margin.
    fn apart(&self, o: &Hull) -> bool {
        let d = self.r + o.r + M;
        if self.mid.dist(o.mid) > (self.reach + o.reach + d) * (1.0 + 1e-9) {
            return true;
        }
        !o.contains(self.pts[0])
            && !self.contains(o.pts[0])
            && self.edges().all(|(a, b)| o.clear_of(a, b, d))
    }
}

/// Whether the segments `p`-`q` and `a`-`b` meet (touching counts).
fn meet(p: Point, q: Point, a: Point, b: Point) -> bool {
    let (d1, d2) = (orient(p, q, a), orient(p, q, b));
    let (d3, d4) = (orient(a, b, p), orient(a, b, q));
    d1 * d2 <= 0.0 && d3 * d4 <= 0.0
}

/// Two units' hulls, the ends of every stretch between their models.
pub(super) struct Hulls<'a> {
    pub a: &'a Hull,
    pub b: &'a Hull,
}

impl Ends for Hulls<'_> {
    fn off(&self, p: Point, q: Point) -> bool {
        self.a.clear_of(p, q, self.a.r + M) && self.b.clear_of(p, q, self.b.r + M)
    }
}

impl Hulls<'_> {
    /// The two outer common tangents, each from its point on `a` to its
    /// point on `b`; `None` when the hulls are not apart (then the units
    /// mingle and no wall can pass between them).
    pub(super) fn tangents(&self) -> Option<(Segment, Segment)> {
        let (a, b) = (&self.a, &self.b);
        if !a.apart(b) {
            return None;
        }
        let tangent = |side: f64| {
            // The tangent of a pair of widened centres with both on the
            // same side that leaves every other widened centre on that side
            // too (up to rounding), moved out to leave them all.
            for &ca in &a.pts {
                for &cb in &b.pts {
                    let d = cb.minus(ca);
                    let dist = d.len();
                    let u = d.scale(1.0 / dist);
                    let cos = (b.r - a.r) / dist;
                    let sin = (1.0 - cos * cos).sqrt();
                    let n = u.scale(cos).plus(u.perp().scale(side * sin));
                    let level = n.dot(ca) - a.r;
                    let mut low = level;
                    let common = a
                        .pts
                        .iter()
                        .map(|c| n.dot(*c) - a.r)
                        .chain(b.pts.iter().map(|c| n.dot(*c) - b.r))
                        .all(|h| {
                            low = low.min(h);
                            h >= level - ROUNDING
                        });
                    if common {
                        let shift = n.scale(low - level);
                        return Some((
                            ca.minus(n.scale(a.r)).plus(shift),
                            cb.minus(n.scale(b.r)).plus(shift),
                        ));
                    }
                }
            }
            None
        };
        Some((tangent(1.0)?, tangent(-1.0)?))
    }
}
