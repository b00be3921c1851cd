//! A quick proof that a pair is hidden: a wall of blockers across every line
//! between the two bases.
//!
//! Every stretch between the bases lies in the region bounded by the two
//! outer common tangents and the facing arcs of the two bases. A path that
//! crosses that region from one tangent to the other, keeping off both bases,
//! meets every such stretch (a path from top to bottom of a square meets
//! every path from left to right). If the path is made of pieces that no
//! stretch can cross without being blocked — the inside of a base, a link
//! between two models, the inside of a convex Obscuring piece — every
//! stretch is blocked. The path is built through the centres of bases that
//! overlap or are linked, entering from a tangent through a base or a link
//! that crosses it, and through convex Obscuring pieces.
//!
//! The proof is exact (every test keeps a margin), so it only ever ends a
//! query the search would also answer "hidden"; what it cannot prove is left
//! to the search.

use super::{SIGHT_TOLERANCE_IN, View, crosses, orient};
use crate::geometry::Point;

const M: f64 = SIGHT_TOLERANCE_IN;

/// Two convex parts of an Obscuring piece and the edge `p`-`q` they share.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seam {
    parts: (u16, u16),
    p: Point,
    q: Point,
}

/// Union-find over the query's bases (0..n), the two tangents (n, n+1) and
/// the seams of Obscuring pieces (from n + 2).
struct Groups {
    parent: [u16; 256],
}

impl Groups {
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            let up = self.parent[self.parent[i] as usize];
            self.parent[i] = up;
            i = up as usize;
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb) as u16;
        }
    }
}

/// The two ends every stretch runs between, which a wall must keep clear of
/// (with the margin): two bases, or the hulls of two units ([`super::hull`]).
pub(super) trait Ends {
    /// Whether the segment `p`-`q` keeps the margin away from both ends.
    fn off(&self, p: Point, q: Point) -> bool;
}

/// The two bases of one query.
struct Bases {
    a: Point,
    b: Point,
    ra2: f64,
    rb2: f64,
}

impl Ends for Bases {
    fn off(&self, p: Point, q: Point) -> bool {
        self.a.dist2_to_segment(p, q) > self.ra2 && self.b.dist2_to_segment(p, q) > self.rb2
    }
}

/// What a wall may be built of: blockers that count for every line it
/// must stop (by index into the [`super::Sightlines`] lists).
pub(super) struct Pieces<'a> {
    pub s: &'a super::Sightlines,
    pub disks: &'a [u32],
    pub links: &'a [u32],
    pub obs: &'a [u32],
}

/// A segment from its point on the first end to its point on the second.
pub(super) type Segment = (Point, Point);

/// Whether a wall of blockers provably stops every line between the bases.
pub(super) fn walled_off(view: &View) -> bool {
    let (a, b) = (&view.a, &view.b);
    let d = b.c.minus(a.c);
    let dist = d.len();
    if dist <= a.r + b.r {
        return false;
    }
    let u = d.scale(1.0 / dist);
    let cos = (b.r - a.r) / dist;
    let sin = (1.0 - cos * cos).sqrt();
    // The outer common tangents, from their point on `a` to their point on `b`.
    let tangent = |side: f64| {
        let n = u.scale(cos).plus(u.perp().scale(side * sin));
        (a.c.minus(n.scale(a.r)), b.c.minus(n.scale(b.r)))
    };
    let ends = Bases {
        a: a.c,
        b: b.c,
        ra2: (a.r + M) * (a.r + M),
        rb2: (b.r + M) * (b.r + M),
    };
    let pieces = Pieces {
        s: view.s,
        disks: view.disks,
        links: view.links,
        obs: view.obs,
    };
    crossed(&pieces, (tangent(1.0), tangent(-1.0)), &ends)
}

/// Whether a wall of `pieces` crosses from one outer tangent `t1`, `t2` of
/// the two ends to the other, keeping off both ends: then every stretch
/// from one end to the other is blocked.
pub(super) fn crossed(view: &Pieces, (t1, t2): (Segment, Segment), ends: &impl Ends) -> bool {
    if view.disks.len() > super::CAP {
        return false;
    }
    // The quadrilateral of the four tangent points, anticlockwise.
    let mut quad = [t1.0, t1.1, t2.1, t2.0];
    if orient(quad[0], quad[1], quad[2]) < 0.0 {
        quad.reverse();
    }
    let margins = [0, 1, 2, 3].map(|i| M * quad[i].dist(quad[(i + 1) % 4]));
    let in_quad = |x: Point| (0..4).all(|i| orient(quad[i], quad[(i + 1) % 4], x) > margins[i]);
    let off_bases = |p: Point, q: Point| ends.off(p, q);
    // Where a point lies along a tangent, strictly between its two ends.
    let along = |t: (Point, Point), x: Point| {
        let e = t.1.minus(t.0);
        let s = x.minus(t.0).dot(e);
        s > 0.0 && s < e.dot(e)
    };
    // The tangents' unit normals.
    let normal = |t: (Point, Point)| {
        let e = t.1.minus(t.0);
        e.perp().scale(1.0 / e.len())
    };
    let normals = [normal(t1), normal(t2)];

    let n = view.disks.len();
    let (top, bottom) = (n, n + 1);
    let seams: usize = view.obs.iter().map(|&k| s_obs(view, k).seams.len()).sum();
    let nodes = (n + 2 + seams).min(256);
    let mut g = Groups { parent: [0; 256] };
    for (i, p) in g.parent[..nodes].iter_mut().enumerate() {
        *p = i as u16;
    }
    let s = view.s;
    let disk = |i: usize| &s.disks[view.disks[i] as usize];
    let mut ok = [false; super::CAP];
    for (i, o) in ok.iter_mut().enumerate().take(n) {
        *o = in_quad(disk(i).c);
    }
    for i in 0..n {
        let (c, r) = (disk(i).c, disk(i).blocking_radius());
        // Through the base onto a tangent: from its centre when that lies
        // in the region, else straight across to the other tangent.
        let mut feet = [None, None];
        for ((f, t), nrm) in feet.iter_mut().zip([t1, t2]).zip(normals) {
            let h = c.minus(t.0).dot(nrm);
            if h.abs() < r - M {
                let foot = c.minus(nrm.scale(h));
                if along(t, foot) {
                    *f = Some(foot);
                }
            }
        }
        if let [Some(f1), Some(f2)] = feet
            && off_bases(f1, f2)
        {
            return true;
        }
        if !ok[i] {
            continue;
        }
        for (f, node) in feet.into_iter().zip([top, bottom]) {
            if let Some(foot) = f
                && off_bases(foot, c)
            {
                g.union(i, node);
            }
        }
        // Bases that overlap.
        for (j, &okj) in ok.iter().enumerate().take(n).skip(i + 1) {
            let (cj, rj) = (disk(j).c, disk(j).blocking_radius());
            if okj && c.dist(cj) < r + rj - M && off_bases(c, cj) {
                g.union(i, j);
            }
        }
    }
    let node = |m: u32| view.disks.iter().position(|&k| k == m).filter(|&i| ok[i]);
    for &k in view.links {
        let l = &s.links[k as usize];
        let (na, nb) = (node(l.a), node(l.b));
        if let (Some(i), Some(j)) = (na, nb)
            && off_bases(l.p, l.q)
        {
            g.union(i, j);
        }
        // A link crossing a tangent joins it to the end inside, or to the
        // other tangent when it crosses both.
        let mut xs = [None, None];
        for (xt, (t, tn)) in xs.iter_mut().zip([(t1, top), (t2, bottom)]) {
            if !crosses(l.p, l.q, t.0, t.1) {
                continue;
            }
            let x = intersection(l.p, l.q, t.0, t.1);
            *xt = Some(x);
            for (end, c) in [(na, l.p), (nb, l.q)] {
                if let Some(i) = end
                    && off_bases(x, c)
                {
                    g.union(i, tn);
                }
            }
        }
        if let [Some(x1), Some(x2)] = xs
            && off_bases(x1, x2)
        {
            return true;
        }
    }
    // Obscuring pieces, by their convex parts: what each part joins through
    // its inside. Parts meet at seams, each a node after the bases and the
    // two tangents.
    if g.find(top) == g.find(bottom) {
        return true;
    }
    let (qlo, qhi) = bounds(&quad);
    let apart = |lo: Point, hi: Point| lo.x > qhi.x || hi.x < qlo.x || lo.y > qhi.y || hi.y < qlo.y;
    let mut next = n + 2;
    for &k in view.obs {
        let o = &s.obscurers[k as usize];
        if apart(o.min, o.max) {
            continue;
        }
        if next + o.seams.len() > nodes {
            break;
        }
        let first_seam = next;
        next += o.seams.len();
        for (pi, part) in o.parts.iter().enumerate() {
            let (lo, hi) = bounds(part);
            if apart(lo, hi) {
                continue;
            }
            let mut ports: [(Point, usize); 12] = [(Point::default(), 0); 12];
            let mut np = 0;
            let mut add = |x: Point, node: usize| {
                if np < ports.len() {
                    ports[np] = (x, node);
                    np += 1;
                }
            };
            for (t, tn) in [(t1, top), (t2, bottom)] {
                if let Some(x) = inside_part(part, t.0, t.1) {
                    add(x, tn);
                }
            }
            for (i, seam) in o.seams.iter().enumerate() {
                if (seam.parts.0 as usize == pi || seam.parts.1 as usize == pi)
                    && let Some(x) = inside_part(&quad, seam.p, seam.q)
                {
                    add(x, first_seam + i);
                }
            }
            for (i, &oki) in ok.iter().enumerate().take(n) {
                let c = disk(i).c;
                if oki
                    && c.x > lo.x
                    && c.x < hi.x
                    && c.y > lo.y
                    && c.y < hi.y
                    && strictly_inside(part, c)
                {
                    add(c, i);
                }
            }
            for x in 0..np {
                for y in x + 1..np {
                    if off_bases(ports[x].0, ports[y].0) {
                        g.union(ports[x].1, ports[y].1);
                    }
                }
            }
        }
    }
    g.find(top) == g.find(bottom)
}

fn s_obs<'a>(view: &Pieces<'a>, k: u32) -> &'a super::Obscurer {
    &view.s.obscurers[k as usize]
}

/// The bounding box of some points.
fn bounds(pts: &[Point]) -> (Point, Point) {
    pts.iter().fold(
        (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(lo, hi), p| {
            (
                Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                Point::new(hi.x.max(p.x), hi.y.max(p.y)),
            )
        },
    )
}

/// Whether `x` lies on the segment `a`-`b`.
fn on_segment(a: Point, b: Point, x: Point) -> bool {
    orient(a, b, x) == 0.0
        && x.x >= a.x.min(b.x)
        && x.x <= a.x.max(b.x)
        && x.y >= a.y.min(b.y)
        && x.y <= a.y.max(b.y)
}

/// Where `p`-`q` meets `a`-`b` (the two cross).
fn intersection(p: Point, q: Point, a: Point, b: Point) -> Point {
    let (d1, d2) = (orient(a, b, p), orient(a, b, q));
    p.lerp(q, d1 / (d1 - d2))
}

/// Whether `x` lies inside the anticlockwise convex outline, by the margin.
fn strictly_inside(ring: &[Point], x: Point) -> bool {
    let Some(&last) = ring.last() else {
        return false;
    };
    let mut a = last;
    ring.iter().all(|&b| {
        let inside = orient(a, b, x) > M * a.dist(b);
        a = b;
        inside
    })
}

/// The middle of the part of `p`-`q` inside the anticlockwise convex outline
/// (kept the margin away from its edges), if any.
fn inside_part(ring: &[Point], p: Point, q: Point) -> Option<Point> {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    let mut a = *ring.last()?;
    for &b in ring {
        // f(t) = f0 + t * df must stay above the margin.
        let f0 = orient(a, b, p) - M * a.dist(b);
        let df = orient(a, b, q) - orient(a, b, p);
        a = b;
        if df > 0.0 {
            lo = lo.max(-f0 / df);
        } else if df < 0.0 {
            hi = hi.min(-f0 / df);
        } else if f0 <= 0.0 {
            return None;
        }
        if lo >= hi {
            return None;
        }
    }
    Some(p.lerp(q, (lo + hi) / 2.0))
}

/// Convex parts of a simple outline (its corners, either way round): the
/// outline itself when convex, else triangles cut off ear by ear; with the
/// edges neighbouring parts share. No parts when the outline cannot be cut
/// (it crosses itself).
pub(super) fn convex_parts(ring: &[Point], convex: bool) -> (Vec<Vec<Point>>, Vec<Seam>) {
    let mut pts = ring.to_vec();
    pts.dedup();
    if pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if pts.len() < 3 {
        return (Vec::new(), Vec::new());
    }
    let area: f64 = (0..pts.len())
        .map(|i| pts[i].cross(pts[(i + 1) % pts.len()]))
        .sum();
    if area < 0.0 {
        pts.reverse();
    }
    if convex {
        return (vec![pts], Vec::new());
    }
    // An outline crossing itself has no plain inside to cut up.
    let m = pts.len();
    for i in 0..m {
        for j in i + 1..m {
            let (a, b) = (pts[i], pts[(i + 1) % m]);
            let (c, d) = (pts[j], pts[(j + 1) % m]);
            let neighbours = j == i + 1 || (i == 0 && j == m - 1);
            if !neighbours && (crosses(a, b, c, d) || [c, d].iter().any(|&x| on_segment(a, b, x))) {
                return (Vec::new(), Vec::new());
            }
        }
    }
    let mut left: Vec<usize> = (0..pts.len()).collect();
    let mut tris: Vec<[usize; 3]> = Vec::new();
    while left.len() > 3 {
        let m = left.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (left[(i + m - 1) % m], left[i], left[(i + 1) % m]);
            let (pa, pb, pc) = (pts[a], pts[b], pts[c]);
            orient(pa, pb, pc) > 0.0
                && left.iter().all(|&j| {
                    let x = pts[j];
                    j == a
                        || j == b
                        || j == c
                        || x == pa
                        || x == pb
                        || x == pc
                        || orient(pa, pb, x) < 0.0
                        || orient(pb, pc, x) < 0.0
                        || orient(pc, pa, x) < 0.0
                })
        });
        let Some(i) = ear else {
            return (Vec::new(), Vec::new());
        };
        tris.push([left[(i + m - 1) % m], left[i], left[(i + 1) % m]]);
        left.remove(i);
    }
    tris.push([left[0], left[1], left[2]]);
    let mut seams = Vec::new();
    for i in 0..tris.len() {
        for j in i + 1..tris.len() {
            let shared: Vec<usize> = tris[i]
                .iter()
                .copied()
                .filter(|v| tris[j].contains(v))
                .collect();
            if let [a, b] = shared[..] {
                seams.push(Seam {
                    parts: (i as u16, j as u16),
                    p: pts[a],
                    q: pts[b],
                });
            }
        }
    }
    let parts = tris
        .iter()
        .map(|t| t.iter().map(|&v| pts[v]).collect())
        .collect();
    (parts, seams)
}
