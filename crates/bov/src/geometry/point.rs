//! A point or vector on the battlefield, in inches.

use serde::{Deserialize, Serialize};

/// A point (or a displacement) in inches; x along the long table edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPoint))]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    pub fn plus(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }

    pub fn minus(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }

    /// The corner of the box of `self` and `o` nearest the origin.
    pub fn min(self, o: Point) -> Point {
        Point::new(self.x.min(o.x), self.y.min(o.y))
    }

    /// The corner of the box of `self` and `o` farthest from the origin.
    pub fn max(self, o: Point) -> Point {
        Point::new(self.x.max(o.x), self.y.max(o.y))
    }

    pub fn scale(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Length; plain `sqrt` (battlefield numbers never overflow, and
    /// `hypot` is several times slower in the line-of-sight loop).
    pub fn len(self) -> f64 {
        self.dot(self).sqrt()
    }

    pub fn dist(self, o: Point) -> f64 {
        self.minus(o).len()
    }

    /// The unit vector, or `None` for a zero (or non-finite) vector.
    pub fn unit(self) -> Option<Point> {
        let l = self.len();
        (l > 0.0 && l.is_finite()).then(|| self.scale(1.0 / l))
    }

    /// The vector turned a quarter turn anticlockwise.
    pub fn perp(self) -> Point {
        Point::new(-self.y, self.x)
    }

    /// The point `t` of the way from `self` to `o`.
    pub fn lerp(self, o: Point, t: f64) -> Point {
        self.plus(o.minus(self).scale(t))
    }

    /// Distance from `self` to the segment `a`-`b`.
    pub fn dist_to_segment(self, a: Point, b: Point) -> f64 {
        self.dist2_to_segment(a, b).sqrt()
    }

    /// Squared distance from `self` to the segment `a`-`b`.
    pub fn dist2_to_segment(self, a: Point, b: Point) -> f64 {
        let ab = b.minus(a);
        let l2 = ab.dot(ab);
        let t = if l2 > 0.0 {
            (self.minus(a).dot(ab) / l2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let d = self.minus(a.plus(ab.scale(t)));
        d.dot(d)
    }

    /// Whether `self` lies farther than `reach` (with a margin far above
    /// rounding) from the box `lo`-`hi` along one axis: then it lies farther
    /// than `reach` from every point of the box, and a test of nearness
    /// need not measure it. (A coordinate that is not a number leaves the
    /// answer to the other axis: measured, such a point is near nothing.)
    pub(crate) fn clear_of_box(self, lo: Point, hi: Point, reach: f64) -> bool {
        let far = reach + FAR_MARGIN;
        lo.x - self.x > far || self.x - hi.x > far || lo.y - self.y > far || self.y - hi.y > far
    }

    pub(crate) fn coord(self) -> geo::Coord<f64> {
        geo::Coord {
            x: self.x,
            y: self.y,
        }
    }

    pub(crate) fn from_coord(c: geo::Coord<f64>) -> Point {
        Point::new(c.x, c.y)
    }
}

/// An integer that orders as [`f64::total_cmp`] orders `x`: a key for
/// `sort_by_cached_key`, so that a sort by a measured length measures it
/// once an item rather than at every comparison (the same order, as the
/// sort is stable).
pub(crate) fn total_order(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ ((((bits >> 63) as u64) >> 1) as i64)
}

/// How much farther than a reach an edge's box must be for the edge to be
/// skipped unmeasured: far above the rounding of any distance on a table.
pub(crate) const FAR_MARGIN: f64 = 1e-6;

pub(crate) fn orient(a: Point, b: Point, c: Point) -> f64 {
    b.minus(a).cross(c.minus(a))
}

/// Whether `p`-`q` properly crosses `a`-`b` (touching does not count).
pub(crate) fn crosses(p: Point, q: Point, a: Point, b: Point) -> bool {
    let d1 = orient(p, q, a);
    let d2 = orient(p, q, b);
    let d3 = orient(a, b, p);
    let d4 = orient(a, b, q);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

#[cfg(test)]
mod tests {
    use super::{Point, total_order};
    use proptest::prelude::*;

    fn any_float() -> impl Strategy<Value = f64> {
        prop_oneof![
            any::<f64>(),
            Just(0.0),
            Just(-0.0),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(f64::NAN),
            Just(-f64::NAN),
            (-100.0..100.0f64),
        ]
    }

    proptest! {
        /// A point clear of a box is farther than the reach from its
        /// nearest point, and so from every segment within it.
        #[test]
        fn a_point_clear_of_a_box_is_beyond_reach_of_it(
            (px, py) in (-30.0..30.0f64, -30.0..30.0f64),
            (ax, ay, bx, by) in (-20.0..20.0f64, -20.0..20.0f64, -20.0..20.0f64, -20.0..20.0f64),
            reach in 0.0..10.0f64,
        ) {
            let (p, a, b) = (Point::new(px, py), Point::new(ax, ay), Point::new(bx, by));
            let (lo, hi) = (a.min(b), a.max(b));
            if p.clear_of_box(lo, hi, reach) {
                let nearest = Point::new(px.clamp(lo.x, hi.x), py.clamp(lo.y, hi.y));
                prop_assert!(p.dist(nearest) > reach);
                prop_assert!(p.dist_to_segment(a, b) > reach);
            }
        }

        #[test]
        fn total_order_orders_as_total_cmp(a in any_float(), b in any_float()) {
            prop_assert_eq!(total_order(a).cmp(&total_order(b)), a.total_cmp(&b));
        }
    }
}
