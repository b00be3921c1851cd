//! The exact search: every line that rests on two critical positions, nudged
//! off them.
//!
//! Think of the lines that meet both bases as a region of a plane (angle,
//! offset). A blocker hides a part of it, bounded by the lines that touch the
//! blocker where it could meet the stretch between the bases: tangents of a
//! base (shrunk by the grazing tolerance), lines through a terrain corner,
//! and lines through the points where a blocker crosses the edge of one of
//! the two bases. The two bases' own tangents bound the region. Every piece
//! of the region left clear, if any, has a leftmost point where two of those
//! boundaries meet, so a line resting on two critical positions: tangent to
//! two circles, through a point and tangent to a circle, or through two
//! points (a point is a circle of radius 0 below).
//!
//! Near such a line the clear piece fills one of the four corners the two
//! boundaries make. Moving the line sideways, or turning it about the middle
//! of its two contact points, each way, by [`SIGHT_TOLERANCE_IN`] at the
//! contacts, lands in each corner in turn. A piece narrower than that
//! tolerance at all its corners may be missed.

use super::{Blocker, SIGHT_TOLERANCE_IN, View};
use crate::geometry::Point;

/// A critical shape: a circle (a base, or one of the two looking bases), or
/// a point (radius 0). `limit` marks the two looking bases, whose contacts
/// are the ends of the stretch between them.
#[derive(Clone, Copy, Debug)]
struct Shape {
    c: Point,
    r: f64,
    limit: bool,
}

/// How far past the stretch between the bases a contact may lie and still
/// count as on it (rounding in the tangent constructions).
const ON_STRETCH: f64 = 1e-7;

pub(super) fn search(view: &View, hint: &mut Option<Blocker>) -> Option<(Point, Point)> {
    let shapes = shapes(view);
    let n = shapes.len();
    // The looking bases come first: their common tangents, then each with
    // every other shape, then the blockers in pairs.
    for i in 0..n {
        for j in i + 1..n {
            let found = touching_lines(&shapes[i], &shapes[j], |line| {
                try_line(view, &shapes[i], &shapes[j], line, hint)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// A line with unit normal `n` and its two contacts.
#[derive(Clone, Copy, Debug)]
struct Line {
    n: Point,
    x1: Point,
    x2: Point,
}

/// The lines touching both shapes: the common tangents of two circles (4),
/// the tangents from a point to a circle (2), the line through two points.
fn touching_lines(
    s1: &Shape,
    s2: &Shape,
    mut f: impl FnMut(Line) -> Option<(Point, Point)>,
) -> Option<(Point, Point)> {
    let d = s2.c.minus(s1.c);
    let dist = d.len();
    if dist <= 0.0 || !dist.is_finite() {
        return None;
    }
    let u = d.scale(1.0 / dist);
    let signs: &[(f64, f64)] = match (s1.r > 0.0, s2.r > 0.0) {
        (true, true) => &[(1.0, 1.0), (1.0, -1.0)],
        (true, false) => &[(1.0, 1.0)],
        (false, _) => &[(1.0, 1.0)],
    };
    for &(g1, g2) in signs {
        // Signed distances g1 r1 from c1 and g2 r2 from c2: n . d = g2 r2 - g1 r1.
        let cos = (g2 * s2.r - g1 * s1.r) / dist;
        if cos.abs() > 1.0 {
            continue;
        }
        let sin = (1.0 - cos * cos).sqrt();
        let sides: &[f64] = if sin == 0.0 { &[1.0] } else { &[1.0, -1.0] };
        for &side in sides {
            let n = u.scale(cos).plus(u.perp().scale(side * sin));
            let line = Line {
                n,
                x1: s1.c.minus(n.scale(g1 * s1.r)),
                x2: s2.c.minus(n.scale(g2 * s2.r)),
            };
            if let Some(seg) = f(line) {
                return Some(seg);
            }
        }
    }
    None
}

/// Tries the four nudges of a critical line, if both its contacts lie on
/// the stretch between the bases (otherwise it bounds no clear piece).
fn try_line(
    view: &View,
    s1: &Shape,
    s2: &Shape,
    line: Line,
    hint: &mut Option<Blocker>,
) -> Option<(Point, Point)> {
    let v = line.n.perp();
    let m = line.x1.lerp(line.x2, 0.5);
    // The stretch, the line let graze a base by rounding.
    let (p, q) = loose_gap(view, m, v)?;
    let on = |x: Point| {
        let dir = q.minus(p);
        let len = dir.len();
        if len == 0.0 {
            return x.dist(p) <= ON_STRETCH;
        }
        let t = x.minus(p).dot(dir) / len;
        t >= -ON_STRETCH && t <= len + ON_STRETCH
    };
    if (!s1.limit && !on(line.x1)) || (!s2.limit && !on(line.x2)) {
        return None;
    }
    let e = SIGHT_TOLERANCE_IN;
    let h = line.x1.dist(line.x2) / 2.0;
    let turn = e / h.max(1e-3);
    let (cos, sin) = (turn.cos(), turn.sin());
    let rot = |s: f64| Point::new(v.x * cos - s * v.y * sin, v.y * cos + s * v.x * sin);
    // Last, the line itself: it may run along a terrain edge that walls
    // on both sides meet at, or graze bases within the tolerance.
    let nudges = [
        (m.plus(line.n.scale(e)), v),
        (m.minus(line.n.scale(e)), v),
        (m, rot(1.0)),
        (m, rot(-1.0)),
        (m, v),
    ];
    for (p, dir) in nudges {
        if let Some((a, b)) = view.gap(p, dir)
            && view.blocker(a, b, hint).is_none()
        {
            return Some((a, b));
        }
    }
    None
}

/// [`View::gap`], but a line missing a base by less than rounding counts as
/// touching it.
fn loose_gap(view: &View, p: Point, v: Point) -> Option<(Point, Point)> {
    let v = if v.dot(view.b.c.minus(view.a.c)) < 0.0 {
        v.scale(-1.0)
    } else {
        v
    };
    let chord = |c: Point, r: f64| {
        let w = c.minus(p);
        let (t, off) = (w.dot(v), w.cross(v));
        let h2 = r * r - off * off;
        (h2 >= -ON_STRETCH * r).then(|| (t, h2.max(0.0).sqrt()))
    };
    let (ta, ha) = chord(view.a.c, view.a.r)?;
    let (tb, hb) = chord(view.b.c, view.b.r)?;
    let (t0, t1) = (ta + ha, tb - hb);
    (t0 <= t1).then(|| (p.plus(v.scale(t0)), p.plus(v.scale(t1))))
}

/// The critical shapes of a query: the two bases, the blocking circles, the
/// terrain corners near the line between the bases, and the points where a
/// blocker crosses the edge of either base.
fn shapes(view: &View) -> Vec<Shape> {
    let (a, b) = (view.a, view.b);
    let mut out = vec![
        Shape {
            c: a.c,
            r: a.r,
            limit: true,
        },
        Shape {
            c: b.c,
            r: b.r,
            limit: true,
        },
    ];
    let s = view.s;
    for &k in view.disks {
        let d = &s.disks[k as usize];
        let r = d.blocking_radius();
        out.push(Shape {
            c: d.c,
            r,
            limit: false,
        });
        for base in [&a, &b] {
            circle_circle(base.c, base.r, d.c, r, &mut out);
        }
    }
    // Every line between the bases lies within the larger radius of the
    // segment between the centres; corners further away touch none.
    let w = a.r.max(b.r) + ON_STRETCH;
    let near = |p: Point| p.dist_to_segment(a.c, b.c) <= w;
    for &k in view.obs {
        let o = &s.obscurers[k as usize];
        for &p in &o.corners {
            if near(p) {
                out.push(Shape {
                    c: p,
                    r: 0.0,
                    limit: false,
                });
            }
        }
        let rings =
            std::iter::once(o.piece.polygon().exterior()).chain(o.piece.polygon().interiors());
        for ring in rings {
            for e in ring.lines() {
                let (p, q) = (Point::from_coord(e.start), Point::from_coord(e.end));
                for base in [&a, &b] {
                    segment_circle(p, q, base.c, base.r, &mut out);
                }
            }
        }
    }
    for &k in view.links {
        let l = &s.links[k as usize];
        for base in [&a, &b] {
            segment_circle(l.p, l.q, base.c, base.r, &mut out);
        }
        // A link's ends are the centres of bases that block every line
        // through them, unless those bases are too small to block.
        for m in [l.a, l.b] {
            if s.disks[m as usize].blocking_radius() <= 0.0 {
                let c = s.disks[m as usize].c;
                if near(c) {
                    out.push(Shape {
                        c,
                        r: 0.0,
                        limit: false,
                    });
                }
            }
        }
    }
    out
}

fn point(c: Point) -> Shape {
    Shape {
        c,
        r: 0.0,
        limit: false,
    }
}

/// The points where two circles cross.
fn circle_circle(c1: Point, r1: f64, c2: Point, r2: f64, out: &mut Vec<Shape>) {
    let d = c2.minus(c1);
    let dist = d.len();
    if r2 <= 0.0 || dist >= r1 + r2 || dist <= (r1 - r2).abs() || dist == 0.0 {
        return;
    }
    let x = (dist * dist + r1 * r1 - r2 * r2) / (2.0 * dist);
    let y = (r1 * r1 - x * x).max(0.0).sqrt();
    let u = d.scale(1.0 / dist);
    let m = c1.plus(u.scale(x));
    out.push(point(m.plus(u.perp().scale(y))));
    out.push(point(m.minus(u.perp().scale(y))));
}

/// The points where segment `p`-`q` crosses a circle.
fn segment_circle(p: Point, q: Point, c: Point, r: f64, out: &mut Vec<Shape>) {
    let d = q.minus(p);
    let a = d.dot(d);
    if a == 0.0 {
        return;
    }
    let f = p.minus(c);
    let b = f.dot(d);
    let disc = b * b - a * (f.dot(f) - r * r);
    if disc < 0.0 {
        return;
    }
    let s = disc.sqrt();
    for t in [(-b - s) / a, (-b + s) / a] {
        if (0.0..=1.0).contains(&t) {
            out.push(point(p.plus(d.scale(t))));
        }
    }
}
