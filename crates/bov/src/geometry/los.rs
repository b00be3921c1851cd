//! Line of sight (BoV 5.1, "Line of Sight", Fig. 8; "Obscuring terrain",
//! Fig. 17; "Keywords": Huge, Tiny).
//!
//! A model sees another if some straight line from its base to the other's
//! base is not blocked by:
//! - the base of any other model, friend or foe, the looking unit's own included;
//! - the line linking two models of one unit: every pair within coherency
//!   distance is linked ([`super::coherency_links`]); the links of the two
//!   models looking at each other do not stop them;
//! - Obscuring terrain the line passes through, unless the looking or the
//!   seen model is inside that piece (it can see out, and be seen into).
//!
//! A line that only touches a base (a tangent) or runs along a terrain edge is
//! not blocked: it does not pass through.
//!
//! Sampling: the candidate lines join 7 points on each base's diameter
//! perpendicular to the line between the two centres (the centre and ±1/3,
//! ±2/3, ±1 of the radius), 49 lines, the centre line first. Each line is
//! checked only between the point where it leaves the first base and the point
//! where it enters the second, so the two models' own bases never block. For
//! bases of one size the lines with equal offsets are parallel, a third of the
//! radius apart, the outer two being the common tangents: a gap running along
//! the line of sight is found when it is wider than a third of the radius;
//! narrower or slanting gaps may be missed.

use super::terrain::Battlefield;
use super::{COHERENCY_IN, EPS, Model, Point, Stature, TerrainPiece, UnitId};
use geo::IsConvex;

#[derive(Clone, Copy, Debug)]
struct Disk {
    c: Point,
    r: f64,
    unit: UnitId,
    stature: Stature,
}

#[derive(Clone, Copy, Debug)]
struct Link {
    a: u32,
    b: u32,
    p: Point,
    q: Point,
    stature: Stature,
}

#[derive(Clone, Debug)]
struct Obscurer {
    min: Point,
    max: Point,
    /// Convex outline without holes: see [`Sightlines::any_line_clear`].
    convex: bool,
    piece: TerrainPiece,
}

/// The points sampled on each base's diameter, as fractions of the radius.
const SAMPLES: [f64; 7] = [0.0, 1.0, -1.0, 1.0 / 3.0, -1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0];

/// How many blockers of each kind a query keeps on the stack.
const CAP: usize = 64;

/// Everything that can block line of sight on one battlefield, prepared once
/// (after each move) and queried many times without allocating.
#[derive(Clone, Debug)]
pub struct Sightlines {
    disks: Vec<Disk>,
    links: Vec<Link>,
    obscurers: Vec<Obscurer>,
    /// `inside[m * obscurers.len() + o]`: model `m` is inside obscurer `o`.
    inside: Vec<bool>,
}

/// Whether a blocker of `stature` counts when `a` and `b` look at each other
/// (BoV 5.1, "Keywords": Huge ignores non-Huge units; Tiny blocks only Tiny).
fn counts(stature: Stature, a: Stature, b: Stature) -> bool {
    if a == Stature::Huge || b == Stature::Huge {
        return stature == Stature::Huge;
    }
    stature != Stature::Tiny || a == Stature::Tiny || b == Stature::Tiny
}

fn orient(a: Point, b: Point, c: Point) -> f64 {
    b.minus(a).cross(c.minus(a))
}

/// Whether `p`-`q` properly crosses `a`-`b` (touching does not count).
fn crosses(p: Point, q: Point, a: Point, b: Point) -> bool {
    let d1 = orient(p, q, a);
    let d2 = orient(p, q, b);
    let d3 = orient(a, b, p);
    let d4 = orient(a, b, q);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

/// The parameter along `p`-`q` where the segment leaves (`leave`) or first
/// enters (`!leave`) the disk (`c`, `r`), clamped to [0, 1].
fn disk_param(p: Point, q: Point, c: Point, r: f64, leave: bool) -> f64 {
    let d = q.minus(p);
    let f = p.minus(c);
    let a = d.dot(d);
    if a == 0.0 {
        return 0.0;
    }
    let b = f.dot(d);
    let cc = f.dot(f) - r * r;
    let disc = b * b - a * cc;
    if disc < 0.0 {
        return if leave { 0.0 } else { 1.0 };
    }
    let s = disc.sqrt();
    let t = if leave { (-b + s) / a } else { (-b - s) / a };
    t.clamp(0.0, 1.0)
}

/// A blocker of one query, by its place in the query's [`Blockers`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocker {
    Disk(u8),
    Link(u8),
    Obscurer(u8),
}

/// Union-find over one query's bases (0..CAP) and links (CAP..2*CAP);
/// `ok` marks those that may join a group.
struct Groups {
    parent: [u8; 2 * CAP],
    ok: [bool; 2 * CAP],
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
            self.parent[ra.max(rb)] = ra.min(rb) as u8;
        }
    }

    fn node(b: Blocker) -> Option<usize> {
        match b {
            Blocker::Disk(i) => Some(i as usize),
            Blocker::Link(j) => Some(CAP + j as usize),
            Blocker::Obscurer(_) => None,
        }
    }

    /// Whether two blockers belong to one group that may cut a row.
    fn joined(&mut self, x: Blocker, y: Blocker) -> bool {
        let (Some(a), Some(b)) = (Self::node(x), Self::node(y)) else {
            return false;
        };
        self.ok[a] && self.ok[b] && self.find(a) == self.find(b)
    }
}

/// Whether `p`-`q` passes through the base (touching it does not count).
fn disk_blocks(d: &Disk, p: Point, q: Point) -> bool {
    let r = d.r - EPS;
    r > 0.0 && d.c.dist2_to_segment(p, q) < r * r
}

struct Blockers {
    disks: [u32; CAP],
    nd: usize,
    links: [u32; CAP],
    nl: usize,
    obs: [u32; CAP],
    no: usize,
}

impl Sightlines {
    /// Prepares the blockers for `models` (indices are kept: queries name
    /// models by their index in this slice) on `field`.
    pub fn new(field: &Battlefield, models: &[Model]) -> Self {
        let disks: Vec<Disk> = models
            .iter()
            .map(|m| Disk {
                c: m.center,
                r: if m.is_valid() { m.radius_in } else { 0.0 },
                unit: m.unit,
                stature: m.stature,
            })
            .collect();
        let mut links = Vec::new();
        for i in 0..models.len() {
            for j in i + 1..models.len() {
                let (a, b) = (&models[i], &models[j]);
                if a.unit == b.unit
                    && a.is_valid()
                    && b.is_valid()
                    && a.gap(b) <= COHERENCY_IN + EPS
                {
                    links.push(Link {
                        a: i as u32,
                        b: j as u32,
                        p: a.center,
                        q: b.center,
                        stature: a.stature,
                    });
                }
            }
        }
        let obscurers: Vec<Obscurer> = field
            .terrain
            .iter()
            .filter(|t| t.obscuring())
            .map(|t| {
                let (min, max) = t.bounds();
                Obscurer {
                    min,
                    max,
                    convex: t.polygon.interiors().is_empty() && t.polygon.exterior().is_convex(),
                    piece: t.clone(),
                }
            })
            .collect();
        let mut inside = vec![false; models.len() * obscurers.len()];
        for (m, model) in models.iter().enumerate() {
            for (o, ob) in obscurers.iter().enumerate() {
                inside[m * obscurers.len() + o] =
                    model.is_valid() && ob.piece.contains_model(model);
            }
        }
        Self {
            disks,
            links,
            obscurers,
            inside,
        }
    }

    /// The number of models prepared.
    pub fn len(&self) -> usize {
        self.disks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.disks.is_empty()
    }

    /// Whether model `from` can draw line of sight to model `to` (indices
    /// into the slice given to [`Sightlines::new`]). Unknown indices and
    /// invalid models see nothing.
    pub fn model_sees(&self, from: usize, to: usize) -> bool {
        let (Some(a), Some(b)) = (self.disks.get(from), self.disks.get(to)) else {
            return false;
        };
        if !(a.c.is_finite() && b.c.is_finite() && a.r > 0.0 && b.r > 0.0) {
            return false;
        }
        if from == to {
            return true;
        }
        let ab = b.c.minus(a.c);
        let dist = ab.len();
        if dist <= a.r + b.r + EPS {
            return true; // touching bases see each other
        }
        let w = a.r.max(b.r);
        let u = ab.scale(1.0 / dist);
        let len = dist;
        let lo = Point::new(a.c.x.min(b.c.x) - w, a.c.y.min(b.c.y) - w);
        let hi = Point::new(a.c.x.max(b.c.x) + w, a.c.y.max(b.c.y) + w);
        let mut bl = Blockers {
            disks: [0; CAP],
            nd: 0,
            links: [0; CAP],
            nl: 0,
            obs: [0; CAP],
            no: 0,
        };
        // Keep only the blockers that can meet a line between the two bases:
        // those that reach into the corridor of half-width `w` around the centres.
        for (k, d) in self.disks.iter().enumerate() {
            if k == from || k == to || d.r <= 0.0 || !counts(d.stature, a.stature, b.stature) {
                continue;
            }
            // Across and along the centre line (a rectangle round the
            // corridor: cheap, and only a little wider than needed).
            let v = d.c.minus(a.c);
            let (across, along) = (u.cross(v).abs(), u.dot(v));
            if across < d.r + w && along > -d.r - w && along < len + d.r + w {
                if bl.nd == CAP {
                    return self.model_sees_exhaustive(from, to);
                }
                bl.disks[bl.nd] = k as u32;
                bl.nd += 1;
            }
        }
        for (k, l) in self.links.iter().enumerate() {
            // Both ends on one side of the corridor, or both before or
            // past it: no sampled line reaches it. (Cheapest test first.)
            let (vp, vq) = (l.p.minus(a.c), l.q.minus(a.c));
            let (sp, sq) = (u.cross(vp), u.cross(vq));
            if (sp >= w && sq >= w) || (sp <= -w && sq <= -w) {
                continue;
            }
            let (tp, tq) = (u.dot(vp), u.dot(vq));
            if (tp <= -w && tq <= -w) || (tp >= len + w && tq >= len + w) {
                continue;
            }
            let incident = l.a as usize == from
                || l.b as usize == from
                || l.a as usize == to
                || l.b as usize == to;
            if incident || !counts(l.stature, a.stature, b.stature) {
                continue;
            }
            if bl.nl == CAP {
                return self.model_sees_exhaustive(from, to);
            }
            bl.links[bl.nl] = k as u32;
            bl.nl += 1;
        }
        let no = self.obscurers.len();
        for (k, o) in self.obscurers.iter().enumerate() {
            if self.inside[from * no + k] || self.inside[to * no + k] {
                continue; // BoV 5.1, "Obscuring terrain": see out of it, and into it
            }
            if o.max.x < lo.x || o.min.x > hi.x || o.max.y < lo.y || o.min.y > hi.y {
                continue;
            }
            if bl.no == CAP {
                return self.model_sees_exhaustive(from, to);
            }
            bl.obs[bl.no] = k as u32;
            bl.no += 1;
        }
        self.any_line_clear(a, b, &bl)
    }

    /// The same sampled lines checked one by one against every blocker,
    /// with no filtering and no shortcuts: slower, and the reference
    /// [`Sightlines::model_sees`] is tested against. Also used when more
    /// blockers crowd a query than its stack lists hold.
    pub fn model_sees_exhaustive(&self, from: usize, to: usize) -> bool {
        let (Some(a), Some(b)) = (self.disks.get(from), self.disks.get(to)) else {
            return false;
        };
        if !(a.c.is_finite() && b.c.is_finite() && a.r > 0.0 && b.r > 0.0) {
            return false;
        }
        if from == to || a.c.dist(b.c) <= a.r + b.r + EPS {
            return true;
        }
        let (a, b) = (self.disks[from], self.disks[to]);
        let n = a.c.minus(b.c).perp().unit().unwrap_or(Point::new(0.0, 1.0));
        let no = self.obscurers.len();
        for &sa in &SAMPLES {
            for &sb in &SAMPLES {
                let p0 = a.c.plus(n.scale(a.r * sa));
                let q0 = b.c.plus(n.scale(b.r * sb));
                let (p, q) = clip(p0, q0, &a, &b);
                let blocked_disk = self.disks.iter().enumerate().any(|(k, d)| {
                    k != from
                        && k != to
                        && d.r > 0.0
                        && counts(d.stature, a.stature, b.stature)
                        && disk_blocks(d, p, q)
                });
                let blocked_link = self.links.iter().any(|l| {
                    l.a as usize != from
                        && l.b as usize != from
                        && l.a as usize != to
                        && l.b as usize != to
                        && counts(l.stature, a.stature, b.stature)
                        && crosses(p, q, l.p, l.q)
                });
                let blocked_terrain = self.obscurers.iter().enumerate().any(|(k, o)| {
                    !self.inside[from * no + k]
                        && !self.inside[to * no + k]
                        && o.piece.segment_crosses_interior(p, q)
                });
                if !(blocked_disk || blocked_link || blocked_terrain) {
                    return true;
                }
            }
        }
        false
    }

    /// Tries the sampled lines, centre line first, then row by row (one
    /// point on the first base, the 7 points on the second), the two ends of
    /// each row first. Hidden targets are kept cheap by two exact shortcuts:
    ///
    /// - a convex obscuring piece that blocks both long sides of the
    ///   quadrilateral the lines lie in (the ±1 lines) blocks every line;
    /// - lines from one point to the ends of a row that are stopped by the
    ///   same connected group of blockers (bases in contact, and the links
    ///   between them) stop the whole row, provided the group lies between
    ///   the two bases' diameters and clear of both bases: the group then
    ///   cuts the triangle the row's lines fill.
    fn any_line_clear(&self, a: &Disk, b: &Disk, bl: &Blockers) -> bool {
        let n = a.c.minus(b.c).perp().unit().unwrap_or(Point::new(0.0, 1.0));
        // Unclipped lines: only links need clipping (see `find_blocker`).
        let line = |sa: f64, sb: f64| (a.c.plus(n.scale(a.r * sa)), b.c.plus(n.scale(b.r * sb)));
        let (l1, l2) = (line(1.0, 1.0), line(-1.0, -1.0));
        for &k in &bl.obs[..bl.no] {
            let o = &self.obscurers[k as usize];
            if o.convex
                && o.piece.segment_crosses_interior(l1.0, l1.1)
                && o.piece.segment_crosses_interior(l2.0, l2.1)
            {
                return false;
            }
        }
        let mut hint = None;
        let (p, q) = line(0.0, 0.0);
        let Some(_) = self.line_blocker(a, b, p, q, bl, &mut hint) else {
            return true;
        };
        let mut groups: Option<Groups> = None;
        let mut same = |x1: Blocker, x2: Blocker| {
            let single = match (x1, x2) {
                (Blocker::Disk(i), Blocker::Disk(j)) => i == j,
                (Blocker::Obscurer(i), Blocker::Obscurer(j)) => {
                    i == j && self.obscurers[bl.obs[i as usize] as usize].convex
                }
                _ => false,
            };
            single
                || groups
                    .get_or_insert_with(|| self.groups(a, b, bl))
                    .joined(x1, x2)
        };
        // Both long sides stopped by one group: every line is.
        let Some(x1) = self.line_blocker(a, b, l1.0, l1.1, bl, &mut hint) else {
            return true;
        };
        let Some(x2) = self.line_blocker(a, b, l2.0, l2.1, bl, &mut hint) else {
            return true;
        };
        if same(x1, x2) {
            return false;
        }
        for &sa in &SAMPLES {
            let (p, q) = line(sa, 1.0);
            let Some(x1) = self.line_blocker(a, b, p, q, bl, &mut hint) else {
                return true;
            };
            let (p, q) = line(sa, -1.0);
            let Some(x2) = self.line_blocker(a, b, p, q, bl, &mut hint) else {
                return true;
            };
            let same = same(x1, x2);
            if same {
                continue;
            }
            for &sb in &SAMPLES[3..] {
                let (p, q) = line(sa, sb);
                if self.line_blocker(a, b, p, q, bl, &mut hint).is_none() {
                    return true;
                }
            }
            if sa == 0.0 {
                // The centre line was tested first.
                continue;
            }
            let (p, q) = line(sa, 0.0);
            if self.line_blocker(a, b, p, q, bl, &mut hint).is_none() {
                return true;
            }
        }
        false
    }

    /// The connected groups of blockers that may cut a row (see
    /// [`Sightlines::any_line_clear`]).
    fn groups(&self, a: &Disk, b: &Disk, bl: &Blockers) -> Groups {
        let mut g = Groups {
            parent: [0; 2 * CAP],
            ok: [false; 2 * CAP],
        };
        for (i, p) in g.parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        let axis = b.c.minus(a.c);
        let len = axis.len();
        let Some(u) = axis.unit() else { return g };
        let t = |x: Point| x.minus(a.c).dot(u);
        for (i, &k) in bl.disks[..bl.nd].iter().enumerate() {
            let d = &self.disks[k as usize];
            let tc = t(d.c);
            g.ok[i] = tc - d.r > 0.0 && tc + d.r < len;
        }
        for (j, &k) in bl.links[..bl.nl].iter().enumerate() {
            let l = &self.links[k as usize];
            let (tp, tq) = (t(l.p), t(l.q));
            g.ok[CAP + j] = tp > 0.0
                && tp < len
                && tq > 0.0
                && tq < len
                && a.c.dist_to_segment(l.p, l.q) >= a.r
                && b.c.dist_to_segment(l.p, l.q) >= b.r;
        }
        // A link joins the bases at its ends; bases in contact join each other.
        for (j, &k) in bl.links[..bl.nl].iter().enumerate() {
            if !g.ok[CAP + j] {
                continue;
            }
            let l = &self.links[k as usize];
            for (i, &dk) in bl.disks[..bl.nd].iter().enumerate() {
                if g.ok[i] && (dk == l.a || dk == l.b) {
                    g.union(CAP + j, i);
                }
            }
        }
        for i in 0..bl.nd {
            for i2 in i + 1..bl.nd {
                if g.ok[i] && g.ok[i2] {
                    let (d1, d2) = (
                        &self.disks[bl.disks[i] as usize],
                        &self.disks[bl.disks[i2] as usize],
                    );
                    if d1.c.dist(d2.c) <= d1.r + d2.r {
                        g.union(i, i2);
                    }
                }
            }
        }
        g
    }

    /// What stops the line `p`-`q`, if anything: the previous line's blocker
    /// is tried first.
    ///
    /// The line runs from inside base `a` to inside base `b`. Other bases
    /// never overlap those two, nor does Obscuring terrain either model is
    /// outside of, so only links (which may run through a base) are checked
    /// against the part of the line between the two bases.
    fn line_blocker(
        &self,
        a: &Disk,
        b: &Disk,
        p: Point,
        q: Point,
        bl: &Blockers,
        hint: &mut Option<Blocker>,
    ) -> Option<Blocker> {
        if let Some(h) = *hint
            && self.blocks(a, b, bl, h, p, q)
        {
            return Some(h);
        }
        let found = self.find_blocker(a, b, p, q, bl);
        if found.is_some() {
            *hint = found;
        }
        found
    }

    fn blocks(&self, a: &Disk, b: &Disk, bl: &Blockers, h: Blocker, p: Point, q: Point) -> bool {
        match h {
            Blocker::Disk(i) => disk_blocks(&self.disks[bl.disks[i as usize] as usize], p, q),
            Blocker::Link(j) => {
                let l = &self.links[bl.links[j as usize] as usize];
                let (p, q) = clip(p, q, a, b);
                crosses(p, q, l.p, l.q)
            }
            Blocker::Obscurer(k) => self.obscurers[bl.obs[k as usize] as usize]
                .piece
                .segment_crosses_interior(p, q),
        }
    }

    fn find_blocker(
        &self,
        a: &Disk,
        b: &Disk,
        p: Point,
        q: Point,
        bl: &Blockers,
    ) -> Option<Blocker> {
        for (i, &k) in bl.disks[..bl.nd].iter().enumerate() {
            if disk_blocks(&self.disks[k as usize], p, q) {
                return Some(Blocker::Disk(i as u8));
            }
        }
        if bl.nl > 0 {
            let (cp, cq) = clip(p, q, a, b);
            for (j, &k) in bl.links[..bl.nl].iter().enumerate() {
                let l = &self.links[k as usize];
                if crosses(cp, cq, l.p, l.q) {
                    return Some(Blocker::Link(j as u8));
                }
            }
        }
        let (lo, hi) = (
            Point::new(p.x.min(q.x), p.y.min(q.y)),
            Point::new(p.x.max(q.x), p.y.max(q.y)),
        );
        for (i, &k) in bl.obs[..bl.no].iter().enumerate() {
            let o = &self.obscurers[k as usize];
            if o.max.x < lo.x || o.min.x > hi.x || o.max.y < lo.y || o.min.y > hi.y {
                continue;
            }
            if o.piece.segment_crosses_interior(p, q) {
                return Some(Blocker::Obscurer(i as u8));
            }
        }
        None
    }

    /// Whether any model of unit `from` sees any model of unit `to` (BoV 5.1,
    /// "Line of Sight": a unit has line of sight if any of its models does).
    /// Each model's nearest target is tried first, as the likeliest to be seen.
    pub fn unit_sees(&self, from: UnitId, to: UnitId) -> bool {
        let (af, bt) = (self.members(from), self.members(to));
        let nearest = |i: usize| {
            bt.clone().min_by(|&x, &y| {
                let c = self.disks[i].c;
                c.dist(self.disks[x].c).total_cmp(&c.dist(self.disks[y].c))
            })
        };
        // The nearest pair of all first (the front ranks), then each model's
        // nearest target, then every pair.
        let closest = af
            .clone()
            .filter_map(|i| nearest(i).map(|j| (i, j)))
            .min_by(|&(i, j), &(k, l)| {
                let d = |x: usize, y: usize| self.disks[x].c.dist(self.disks[y].c);
                d(i, j).total_cmp(&d(k, l))
            });
        closest.is_some_and(|(i, j)| self.model_sees(i, j))
            || af
                .clone()
                .any(|i| nearest(i).is_some_and(|j| self.model_sees(i, j)))
            || af
                .clone()
                .any(|i| bt.clone().any(|j| self.model_sees(i, j)))
    }

    /// Whether model `from` sees a model of unit `to` whose base is within
    /// `range` inches of its own (BoV 5.1, "Count attacking models").
    pub fn model_sees_unit_within(&self, from: usize, to: UnitId, range: f64) -> bool {
        let Some(a) = self.disks.get(from) else {
            return false;
        };
        self.members(to).any(|j| {
            let b = &self.disks[j];
            a.c.dist(b.c) - a.r - b.r <= range + EPS && self.model_sees(from, j)
        })
    }

    /// Whether model `to` counts as inside or behind Obscuring terrain as seen
    /// from model `from`: inside an Obscuring piece, or the line between the
    /// centres passes through one (BoV 5.1, "Obscuring terrain", the cover rule).
    pub fn in_cover_from(&self, from: usize, to: usize) -> bool {
        let (Some(a), Some(b)) = (self.disks.get(from), self.disks.get(to)) else {
            return false;
        };
        let no = self.obscurers.len();
        self.obscurers.iter().enumerate().any(|(k, o)| {
            self.inside[to * no + k]
                || (!self.inside[from * no + k] && o.piece.segment_crosses_interior(a.c, b.c))
        })
    }

    /// Whether at least half the models of unit `to` are inside or behind
    /// Obscuring terrain as seen from the nearest model of unit `from`
    /// (BoV 5.1, "Obscuring terrain": the defense upgrade against ranged attacks).
    pub fn unit_in_cover_from(&self, from: UnitId, to: UnitId) -> bool {
        let targets: Vec<usize> = self.members(to).collect();
        if targets.is_empty() {
            return false;
        }
        let covered = targets
            .iter()
            .filter(|&&j| {
                let b = &self.disks[j];
                let nearest = self.members(from).min_by(|&x, &y| {
                    let (dx, dy) = (self.disks[x].c.dist(b.c), self.disks[y].c.dist(b.c));
                    dx.total_cmp(&dy)
                });
                nearest.is_some_and(|i| self.in_cover_from(i, j))
            })
            .count();
        covered * 2 >= targets.len()
    }

    fn members(&self, unit: UnitId) -> impl Iterator<Item = usize> + Clone + '_ {
        self.disks
            .iter()
            .enumerate()
            .filter(move |(_, d)| d.unit == unit)
            .map(|(i, _)| i)
    }
}

/// The part of `p0`-`q0` between leaving base `a` and entering base `b`.
fn clip(p0: Point, q0: Point, a: &Disk, b: &Disk) -> (Point, Point) {
    let t0 = disk_param(p0, q0, a.c, a.r, true);
    let t1 = disk_param(p0, q0, b.c, b.r, false);
    if t1 <= t0 {
        let m = p0.lerp(q0, t0);
        return (m, m);
    }
    (p0.lerp(q0, t0), p0.lerp(q0, t1))
}
