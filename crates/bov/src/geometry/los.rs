//! Line of sight (BoV 5.1, "Line of Sight", Fig. 8; "Obscuring terrain",
//! Fig. 17; "Keywords": Huge, Tiny).
//!
//! A model sees another if some straight segment from a point of its base to
//! a point of the other's base is not blocked by:
//! - the base of any other model, friend or foe, the looking unit's own included;
//! - the line linking two models of one unit: every pair within coherency
//!   distance is linked ([`super::coherency_links`]); the links of the two
//!   models looking at each other do not stop them;
//! - the point where two bases touch: bases in contact ([`CONTACT_IN`]) are
//!   joined the same way, whatever their units;
//! - Obscuring terrain the segment passes through, unless the looking or the
//!   seen model is inside that piece (it can see out, and be seen into).
//!
//! A segment that only touches a base (a tangent) or runs along a terrain
//! edge is not blocked: it does not pass through. Only the part of a segment
//! between the two bases matters (the two models' own bases never block), so
//! a line of sight is a line meeting both bases whose stretch between them is
//! clear.
//!
//! The answer is exact up to [`SIGHT_TOLERANCE_IN`]: if any clear line exists,
//! one can be slid, keeping it clear, until it rests on two critical
//! positions (tangent to two base circles, through a terrain corner and
//! tangent to a circle, or through two corners: [`critical`]). The search
//! tries each such line nudged by the tolerance into the four directions
//! around it, and returns the first clear one as the witness. Hidden pairs
//! are usually proved hidden at once by a wall of blockers across every
//! line between the two bases ([`barrier`]).

mod barrier;
mod critical;
mod hull;

use super::bases::same_models;
use super::point::{crosses, orient};
use super::terrain::{BaseBlocking, Battlefield, CoverRule};
use super::{COHERENCY_IN, CONTACT_IN, EPS, Model, Point, Stature, TerrainPiece, UnitId};
use geo::IsConvex;
use std::sync::Arc;

/// How far a candidate line is moved off the critical positions it rests on,
/// in inches: gaps narrower than this (a millionth of a millimetre's order)
/// may be missed, wider ones never are. A line passing less than [`EPS`]
/// inside a base still only grazes it.
pub const SIGHT_TOLERANCE_IN: f64 = 1e-9;

#[derive(Clone, Copy, Debug)]
struct Disk {
    c: Point,
    r: f64,
    unit: UnitId,
    stature: Stature,
}

impl Disk {
    /// The radius a line must come within to pass through the base: the
    /// grazing tolerance [`EPS`] taken off (0 or less: blocks nothing).
    fn blocking_radius(&self) -> f64 {
        self.r - EPS
    }
}

/// A segment between two models' centres that no line may cross: the
/// line linking two models of a unit, or the seam of two bases in contact.
#[derive(Clone, Copy, Debug)]
struct Link {
    a: u32,
    b: u32,
    p: Point,
    q: Point,
    /// The two models' statures: the link counts when both bases do.
    stature: [Stature; 2],
}

impl Link {
    fn counts(&self, rule: BaseBlocking, a: Stature, b: Stature) -> bool {
        self.stature.iter().all(|&s| counts(rule, s, a, b))
    }
}

/// What line of sight keeps on a battlefield ([`Battlefield::kept`]): the
/// Obscuring pieces prepared, and the sight lines of the placings of models
/// prepared lately, the latest last.
#[derive(Default)]
struct SightKept {
    obscurers: Option<Arc<[Obscurer]>>,
    sightlines: Vec<(Vec<Model>, Sightlines)>,
}

/// How many placings of models keep their sight lines: a search returns
/// to the few positions of its root again and again.
const SIGHTLINES_KEPT: usize = 8;

/// The battlefield's Obscuring pieces as line of sight uses them, built by
/// `build` on first use: the same for every set of sight lines of a battle,
/// which are prepared after every move.
fn kept_obscurers(field: &Battlefield, build: impl FnOnce() -> Vec<Obscurer>) -> Arc<[Obscurer]> {
    field.kept(|kept: &mut SightKept| {
        Arc::clone(kept.obscurers.get_or_insert_with(|| build().into()))
    })
}

/// The sight lines of `models` on `field`: those prepared for the same
/// placing lately (they depend on nothing else), else `prepare`'s, handed
/// the placing kept last and its sight lines to start from.
fn kept_sightlines(
    field: &Battlefield,
    models: &[Model],
    prepare: impl FnOnce(Option<(&[Model], &Sightlines)>) -> Sightlines,
) -> Sightlines {
    let last = field.kept(|kept: &mut SightKept| {
        if let Some(at) = kept
            .sightlines
            .iter()
            .rposition(|(placing, _)| same_models(placing, models))
        {
            let hit = kept.sightlines.remove(at);
            let sight = hit.1.clone();
            kept.sightlines.push(hit);
            return Ok(sight);
        }
        Err(kept.sightlines.last().cloned())
    });
    let last = match last {
        Ok(sight) => return sight,
        Err(last) => last,
    };
    // Prepared without the lock: the Obscuring pieces take it.
    let sight = prepare(last.as_ref().map(|(m, s)| (m.as_slice(), s)));
    field.kept(|kept: &mut SightKept| {
        if kept.sightlines.len() >= SIGHTLINES_KEPT {
            kept.sightlines.remove(0);
        }
        kept.sightlines.push((models.to_vec(), sight.clone()));
    });
    sight
}

#[derive(Clone, Debug)]
pub(crate) struct Obscurer {
    min: Point,
    max: Point,
    /// Convex parts whose union is the piece, anticlockwise (none for a
    /// piece with holes), and the edges two parts share: see [`barrier`].
    parts: Vec<Vec<Point>>,
    seams: Vec<barrier::Seam>,
    /// Every corner of every ring: the critical points of [`critical`].
    corners: Vec<Point>,
    piece: TerrainPiece,
}

/// How many blockers of each kind a query keeps on the stack.
const CAP: usize = 64;

/// Everything that can block line of sight on one battlefield, prepared once
/// for each placing of the models and queried many times. Cloned cheaply: the
/// prepared lists are shared, and so are those of a placing prepared lately
/// on the same battlefield (see [`Sightlines::new`]).
#[derive(Clone, Debug)]
pub struct Sightlines(Arc<Prepared>);

impl std::ops::Deref for Sightlines {
    type Target = Prepared;
    fn deref(&self) -> &Prepared {
        &self.0
    }
}

/// The lists of a [`Sightlines`].
#[derive(Debug)]
pub struct Prepared {
    disks: Vec<Disk>,
    links: Vec<Link>,
    obscurers: Arc<[Obscurer]>,
    /// `inside[m * obscurers.len() + o]`: model `m` is inside obscurer `o`.
    inside: Vec<bool>,
    /// Which bases block (the battlefield's rule).
    blocking: BaseBlocking,
    /// What gives cover, and the Covering pieces when it is the starter's.
    cover: CoverRule,
    covers: Arc<[TerrainPiece]>,
}

/// Model `m` as a blocker.
fn disk(m: &Model) -> Disk {
    Disk {
        c: m.center,
        r: if m.is_valid() { m.radius_in } else { 0.0 },
        unit: m.unit,
        stature: m.stature,
    }
}

/// The link between models `i` and `j` (`i < j`), if they are linked.
fn link(models: &[Model], i: usize, j: usize) -> Option<Link> {
    let (a, b) = (&models[i], &models[j]);
    // Bases farther apart along one axis than any link reaches (by a margin
    // far above rounding) are not linked.
    let reach = a.radius_in + b.radius_in + COHERENCY_IN.max(CONTACT_IN) + 1.0;
    if (a.center.x - b.center.x).abs() > reach || (a.center.y - b.center.y).abs() > reach {
        return None;
    }
    // BoV 5.1, "Line of Sight" (Fig. 8): models of a unit within coherency
    // are linked; bases in contact (of any units) leave no gap to see
    // through (docs/rulings.md).
    let linked = a.unit == b.unit && a.gap(b) <= COHERENCY_IN + EPS;
    (a.is_valid() && b.is_valid() && (linked || a.gap(b) <= CONTACT_IN)).then_some(Link {
        a: i as u32,
        b: j as u32,
        p: a.center,
        q: b.center,
        stature: [a.stature, b.stature],
    })
}

/// Whether `model` stands inside the Obscuring piece `ob`.
fn is_inside(model: &Model, ob: &Obscurer) -> bool {
    model.is_valid() && ob.piece.contains_model(model)
}

/// Whether a blocker of `stature` counts when `a` and `b` look at each other
/// (BoV 5.1, "Keywords": Huge ignores non-Huge units; Tiny blocks only Tiny;
/// BoV starter: only Huge bases block, whoever looks).
fn counts(rule: BaseBlocking, stature: Stature, a: Stature, b: Stature) -> bool {
    if rule == BaseBlocking::HugeOnly {
        return stature == Stature::Huge;
    }
    if a == Stature::Huge || b == Stature::Huge {
        return stature == Stature::Huge;
    }
    stature != Stature::Tiny || a == Stature::Tiny || b == Stature::Tiny
}

/// A blocker of one query, by its place in the query's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocker {
    Disk(u32),
    Link(u32),
    Obscurer(u32),
}

/// One query: the two bases and the blockers that count between them (by
/// index into the [`Sightlines`] lists).
struct View<'a> {
    s: &'a Sightlines,
    a: Disk,
    b: Disk,
    disks: &'a [u32],
    links: &'a [u32],
    obs: &'a [u32],
}

impl View<'_> {
    /// The stretch between the two bases of the line through `p` along `v`:
    /// from where it leaves base `a` to where it enters base `b`. `None` when
    /// the line misses either base.
    fn gap(&self, p: Point, v: Point) -> Option<(Point, Point)> {
        let v = if v.dot(self.b.c.minus(self.a.c)) < 0.0 {
            v.scale(-1.0)
        } else {
            v
        };
        let chord = |d: &Disk| {
            let w = d.c.minus(p);
            let (t, off) = (w.dot(v), w.cross(v));
            let h2 = d.r * d.r - off * off;
            (h2 >= 0.0).then(|| (t, h2.sqrt()))
        };
        let (ta, ha) = chord(&self.a)?;
        let (tb, hb) = chord(&self.b)?;
        let (t0, t1) = (ta + ha, tb - hb);
        (t0 <= t1).then(|| (p.plus(v.scale(t0)), p.plus(v.scale(t1))))
    }

    /// What blocks the segment `p`-`q` (a stretch between the two bases),
    /// if anything; the last blocker found is tried first.
    fn blocker(&self, p: Point, q: Point, hint: &mut Option<Blocker>) -> Option<Blocker> {
        if let Some(h) = *hint
            && self.blocks(h, p, q)
        {
            return Some(h);
        }
        let found = self.find_blocker(p, q);
        if found.is_some() {
            *hint = found;
        }
        found
    }

    fn blocks(&self, x: Blocker, p: Point, q: Point) -> bool {
        match x {
            Blocker::Disk(k) => {
                let d = &self.s.disks[k as usize];
                let r = d.blocking_radius();
                r > 0.0 && d.c.dist2_to_segment(p, q) < r * r
            }
            Blocker::Link(k) => {
                let l = &self.s.links[k as usize];
                crosses(p, q, l.p, l.q)
            }
            Blocker::Obscurer(k) => {
                let o = &self.s.obscurers[k as usize];
                let (lo, hi) = (p.min(q), p.max(q));
                !(o.max.x < lo.x || o.min.x > hi.x || o.max.y < lo.y || o.min.y > hi.y)
                    && o.piece.segment_crosses_interior(p, q)
            }
        }
    }

    fn find_blocker(&self, p: Point, q: Point) -> Option<Blocker> {
        let disks = self.disks.iter().map(|&k| Blocker::Disk(k));
        let links = self.links.iter().map(|&k| Blocker::Link(k));
        let obs = self.obs.iter().map(|&k| Blocker::Obscurer(k));
        disks
            .chain(links)
            .chain(obs)
            .find(|&x| self.blocks(x, p, q))
    }

    /// A clear stretch between the two bases, if there is one: the centre
    /// line first, then (with [`Effort::Full`]) the proof that a wall of
    /// blockers hides every line, then every critical line.
    fn search(&self, effort: Effort) -> Option<(Point, Point)> {
        let mut hint = None;
        let u = self.b.c.minus(self.a.c).unit()?;
        let (p, q) = (
            self.a.c.plus(u.scale(self.a.r)),
            self.b.c.minus(u.scale(self.b.r)),
        );
        if self.blocker(p, q, &mut hint).is_none() {
            return Some((p, q));
        }
        match effort {
            Effort::Centres => None,
            Effort::Full if barrier::walled_off(self) => None,
            Effort::Full | Effort::Exhaustive => critical::search(self, &mut hint),
        }
    }
}

/// How far a query looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effort {
    /// Only the line between the centres: a blocked one proves nothing.
    Centres,
    /// Every shortcut, then every critical line.
    Full,
    /// Every critical line, no shortcut taken.
    Exhaustive,
}

/// The blocker lists of one query, on the stack.
struct Lists {
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
        kept_sightlines(field, models, |last| {
            Sightlines(Arc::new(match last {
                Some((kept, sight)) => Self::prepare_from(field, models, kept, sight),
                None => Self::prepare(field, models),
            }))
        })
    }

    /// The lists for `models` on `field`, worked out.
    fn prepare(field: &Battlefield, models: &[Model]) -> Prepared {
        let disks: Vec<Disk> = models.iter().map(disk).collect();
        let mut links = Vec::new();
        for i in 0..models.len() {
            for j in i + 1..models.len() {
                links.extend(link(models, i, j));
            }
        }
        let obscurers = Self::obscurers(field);
        let mut inside = vec![false; models.len() * obscurers.len()];
        for (m, model) in models.iter().enumerate() {
            for (o, ob) in obscurers.iter().enumerate() {
                inside[m * obscurers.len() + o] = is_inside(model, ob);
            }
        }
        Prepared {
            disks,
            links,
            obscurers,
            inside,
            blocking: field.base_blocking,
            cover: field.cover_rule,
            covers: Self::covers(field),
        }
    }

    /// The lists for `models`, from those `prev` holds for `kept` on the
    /// same `field`: after a move most models stand where they stood, and
    /// a link or an inside test asks only of its own models, so only those
    /// of the models that moved are worked out again. The same lists as
    /// [`Sightlines::prepare`]'s, in the same order; worked out afresh when
    /// the models are not the same ones or most of them moved.
    fn prepare_from(
        field: &Battlefield,
        models: &[Model],
        kept: &[Model],
        prev: &Prepared,
    ) -> Prepared {
        let same_bases = kept.len() == models.len()
            && kept.iter().zip(models).all(|(k, m)| {
                k.unit == m.unit
                    && k.stature == m.stature
                    && k.radius_in.to_bits() == m.radius_in.to_bits()
            });
        let moved: Vec<bool> = kept
            .iter()
            .zip(models)
            .map(|(k, m)| {
                k.center.x.to_bits() != m.center.x.to_bits()
                    || k.center.y.to_bits() != m.center.y.to_bits()
            })
            .collect();
        let obscurers = Self::obscurers(field);
        if !same_bases
            || 2 * moved.iter().filter(|&&m| m).count() > models.len()
            || prev.inside.len() != models.len() * obscurers.len()
        {
            return Self::prepare(field, models);
        }
        let disks: Vec<Disk> = models.iter().map(disk).collect();
        // Each pair with a moved model once, in the order `prepare` lists
        // pairs, merged with the kept links between models that stayed.
        let mut fresh = Vec::new();
        for (i, _) in moved.iter().enumerate().filter(|(_, m)| **m) {
            for (j, &also) in moved.iter().enumerate() {
                if j == i || (also && j < i) {
                    continue;
                }
                fresh.extend(link(models, i.min(j), i.max(j)));
            }
        }
        fresh.sort_unstable_by_key(|l| (l.a, l.b));
        let mut stayed = prev
            .links
            .iter()
            .filter(|l| !moved[l.a as usize] && !moved[l.b as usize])
            .peekable();
        let mut links = Vec::with_capacity(fresh.len() + prev.links.len());
        for l in fresh {
            while let Some(k) = stayed.next_if(|k| (k.a, k.b) < (l.a, l.b)) {
                links.push(*k);
            }
            links.push(l);
        }
        links.extend(stayed.copied());
        let n = obscurers.len();
        let mut inside = prev.inside.clone();
        for (m, model) in models.iter().enumerate().filter(|(m, _)| moved[*m]) {
            for (o, ob) in obscurers.iter().enumerate() {
                inside[m * n + o] = is_inside(model, ob);
            }
        }
        Prepared {
            disks,
            links,
            obscurers,
            inside,
            blocking: field.base_blocking,
            cover: field.cover_rule,
            covers: prev.covers.clone(),
        }
    }

    /// The battlefield's Covering pieces, for the starter's cover (none
    /// otherwise: 5.1 has no Covering terrain).
    fn covers(field: &Battlefield) -> Arc<[TerrainPiece]> {
        if field.cover_rule == CoverRule::Starter {
            field
                .terrain
                .iter()
                .filter(|t| t.covering())
                .cloned()
                .collect()
        } else {
            Arc::from(Vec::new())
        }
    }

    /// The battlefield's Obscuring pieces as sight lines use them, made
    /// once a battlefield.
    fn obscurers(field: &Battlefield) -> Arc<[Obscurer]> {
        kept_obscurers(field, || {
            field
                .terrain
                .iter()
                .filter(|t| t.obscuring())
                .map(|t| {
                    let (min, max) = t.bounds();
                    let ring = |r: &geo::LineString<f64>| -> Vec<Point> {
                        let mut pts: Vec<Point> =
                            r.coords().map(|c| Point::from_coord(*c)).collect();
                        if pts.len() > 1 && pts.first() == pts.last() {
                            pts.pop();
                        }
                        pts
                    };
                    let mut corners = ring(t.polygon().exterior());
                    let (parts, seams) = if t.polygon().interiors().is_empty() {
                        barrier::convex_parts(&corners, t.polygon().exterior().is_convex())
                    } else {
                        (Vec::new(), Vec::new())
                    };
                    for hole in t.polygon().interiors() {
                        corners.extend(ring(hole));
                    }
                    Obscurer {
                        min,
                        max,
                        parts,
                        seams,
                        corners,
                        piece: t.clone(),
                    }
                })
                .collect()
        })
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
        self.sight_line(from, to).is_some()
    }

    /// A segment from a point of model `from`'s base to a point of model
    /// `to`'s base that nothing blocks, if there is one (the line a player
    /// would show; see [`Sightlines::model_sees`]). Bases in contact see each
    /// other along the line between their centres.
    pub fn sight_line(&self, from: usize, to: usize) -> Option<(Point, Point)> {
        self.sight_line_in(from, to, None, Effort::Full)
    }

    /// [`Sightlines::sight_line`], the blockers taken from `pool` when given
    /// (all that can stand between two units: see [`Sightlines::unit_sees`]).
    fn sight_line_in(
        &self,
        from: usize,
        to: usize,
        pool: Option<&Lists>,
        effort: Effort,
    ) -> Option<(Point, Point)> {
        let (a, b) = self.pair(from, to)?;
        if let Some(seg) = trivial(from, to, &a, &b) {
            return Some(seg);
        }
        let mut l = Lists {
            disks: [0; CAP],
            nd: 0,
            links: [0; CAP],
            nl: 0,
            obs: [0; CAP],
            no: 0,
        };
        if !self.gather((from, to), (&a, &b), pool, &mut l) {
            return match effort {
                Effort::Centres => None,
                _ => self.sight_line_exhaustive(from, to),
            };
        }
        View {
            s: self,
            a,
            b,
            disks: &l.disks[..l.nd],
            links: &l.links[..l.nl],
            obs: &l.obs[..l.no],
        }
        .search(effort)
    }

    /// The same answer with every blocker that counts checked and no
    /// shortcut taken: every critical line is tried. Slower; the fast query
    /// is tested against it, and it serves queries crowded by more blockers
    /// than the fast query's stack lists hold.
    pub fn model_sees_exhaustive(&self, from: usize, to: usize) -> bool {
        self.sight_line_exhaustive(from, to).is_some()
    }

    fn sight_line_exhaustive(&self, from: usize, to: usize) -> Option<(Point, Point)> {
        let (a, b) = self.pair(from, to)?;
        if let Some(seg) = trivial(from, to, &a, &b) {
            return Some(seg);
        }
        let disks: Vec<u32> = (0..self.disks.len())
            .filter(|&k| {
                let d = &self.disks[k];
                k != from
                    && k != to
                    && d.blocking_radius() > 0.0
                    && counts(self.blocking, d.stature, a.stature, b.stature)
            })
            .map(|k| k as u32)
            .collect();
        let links: Vec<u32> = (0..self.links.len())
            .filter(|&k| {
                let l = &self.links[k];
                !self.incident(l, from, to) && l.counts(self.blocking, a.stature, b.stature)
            })
            .map(|k| k as u32)
            .collect();
        let obs: Vec<u32> = (0..self.obscurers.len())
            .filter(|&k| !self.seen_into(from, to, k))
            .map(|k| k as u32)
            .collect();
        View {
            s: self,
            a,
            b,
            disks: &disks,
            links: &links,
            obs: &obs,
        }
        .search(Effort::Exhaustive)
    }

    /// The two bases of a query, when both models are usable.
    fn pair(&self, from: usize, to: usize) -> Option<(Disk, Disk)> {
        let (a, b) = (self.disks.get(from)?, self.disks.get(to)?);
        (a.c.is_finite() && b.c.is_finite() && a.r > 0.0 && b.r > 0.0).then_some((*a, *b))
    }

    fn incident(&self, l: &Link, from: usize, to: usize) -> bool {
        [l.a as usize, l.b as usize]
            .iter()
            .any(|&m| m == from || m == to)
    }

    /// BoV 5.1, "Obscuring terrain": a model inside the piece sees out of it
    /// and is seen into it.
    fn seen_into(&self, from: usize, to: usize, k: usize) -> bool {
        let no = self.obscurers.len();
        self.inside[from * no + k] || self.inside[to * no + k]
    }

    /// Fills `l` with the blockers that count and can reach a line between
    /// the two bases: those within the larger radius of the segment between
    /// the centres (every such line lies there). `false` when a list overflows.
    fn gather(
        &self,
        (from, to): (usize, usize),
        (a, b): (&Disk, &Disk),
        pool: Option<&Lists>,
        l: &mut Lists,
    ) -> bool {
        match pool {
            Some(p) => self.gather_from(
                (from, to),
                (a, b),
                (
                    p.disks[..p.nd].iter().map(|&k| k as usize),
                    p.links[..p.nl].iter().map(|&k| k as usize),
                    p.obs[..p.no].iter().map(|&k| k as usize),
                ),
                l,
            ),
            None => self.gather_from(
                (from, to),
                (a, b),
                (
                    0..self.disks.len(),
                    0..self.links.len(),
                    0..self.obscurers.len(),
                ),
                l,
            ),
        }
    }

    fn gather_from(
        &self,
        (from, to): (usize, usize),
        (a, b): (&Disk, &Disk),
        (disks, links, obs): (
            impl Iterator<Item = usize>,
            impl Iterator<Item = usize>,
            impl Iterator<Item = usize>,
        ),
        l: &mut Lists,
    ) -> bool {
        let ab = b.c.minus(a.c);
        let len = ab.len();
        let u = ab.scale(1.0 / len);
        let w = a.r.max(b.r);
        let lo = Point::new(a.c.x.min(b.c.x) - w, a.c.y.min(b.c.y) - w);
        let hi = Point::new(a.c.x.max(b.c.x) + w, a.c.y.max(b.c.y) + w);
        for k in disks {
            let d = &self.disks[k];
            if k == from
                || k == to
                || d.blocking_radius() <= 0.0
                || !counts(self.blocking, d.stature, a.stature, b.stature)
            {
                continue;
            }
            let v = d.c.minus(a.c);
            let (across, along) = (u.cross(v).abs(), u.dot(v));
            if across < d.r + w && along > -d.r - w && along < len + d.r + w {
                if l.nd == CAP {
                    return false;
                }
                l.disks[l.nd] = k as u32;
                l.nd += 1;
            }
        }
        for k in links {
            let link = &self.links[k];
            // Both ends on one side of the corridor, or both before or
            // past it: no line between the bases reaches it.
            let (vp, vq) = (link.p.minus(a.c), link.q.minus(a.c));
            let (sp, sq) = (u.cross(vp), u.cross(vq));
            if (sp >= w && sq >= w) || (sp <= -w && sq <= -w) {
                continue;
            }
            let (tp, tq) = (u.dot(vp), u.dot(vq));
            if (tp <= -w && tq <= -w) || (tp >= len + w && tq >= len + w) {
                continue;
            }
            if self.incident(link, from, to) || !link.counts(self.blocking, a.stature, b.stature) {
                continue;
            }
            if l.nl == CAP {
                return false;
            }
            l.links[l.nl] = k as u32;
            l.nl += 1;
        }
        for k in obs {
            let o = &self.obscurers[k];
            if self.seen_into(from, to, k) {
                continue;
            }
            if o.max.x < lo.x || o.min.x > hi.x || o.max.y < lo.y || o.min.y > hi.y {
                continue;
            }
            if l.no == CAP {
                return false;
            }
            l.obs[l.no] = k as u32;
            l.no += 1;
        }
        true
    }

    /// Whether any model of unit `from` sees any model of unit `to` (BoV 5.1,
    /// "Line of Sight": a unit has line of sight if any of its models does).
    /// Each model's nearest target is tried first, as the likeliest to be
    /// seen; a hidden unit is usually proved hidden by one wall for all the
    /// pairs of models at once, or one for each looking model or target.
    pub fn unit_sees(&self, from: UnitId, to: UnitId) -> bool {
        let mut bt: Vec<usize> = self.members(to).collect();
        let d = |x: usize, y: usize| self.disks[x].c.dist(self.disks[y].c);
        // Each looking model with its nearest target.
        let firsts: Vec<(usize, usize)> = self
            .members(from)
            .filter_map(|i| {
                bt.iter()
                    .copied()
                    .min_by(|&x, &y| d(i, x).total_cmp(&d(i, y)))
                    .map(|j| (i, j))
            })
            .collect();
        let Some(closest) = firsts
            .iter()
            .copied()
            .min_by(|&(i, j), &(k, l)| d(i, j).total_cmp(&d(k, l)))
        else {
            return false;
        };
        let pool = self.pool(from, to);
        let sees = |i: usize, j: usize, effort: Effort| {
            self.sight_line_in(i, j, pool.as_ref(), effort).is_some()
        };
        // The line between the centres of the nearest pair of all (the
        // front ranks) first, and of each looking model and its nearest
        // target; then one wall hiding the whole unit from the whole unit;
        // then the nearest pair in full.
        if sees(closest.0, closest.1, Effort::Centres)
            || firsts
                .iter()
                .any(|&(i, n)| (i, n) != closest && sees(i, n, Effort::Centres))
        {
            return true;
        }
        let Some(pool) = pool.as_ref() else {
            return firsts.iter().any(|&(i, n)| {
                sees(i, n, Effort::Full) || bt.iter().any(|&j| j != n && sees(i, j, Effort::Full))
            });
        };
        let ai: Vec<usize> = firsts.iter().map(|&(i, _)| i).collect();
        let mut marks = vec![false; self.disks.len()];
        let hb = self.hull(&bt);
        if let (Some(ha), Some(hb)) = (self.hull(&ai), &hb)
            && self.walled_off((&ai, &ha), (&bt, hb), pool, &mut marks)
        {
            return false;
        }
        if sees(closest.0, closest.1, Effort::Full) {
            return true;
        }
        // Then looking model by looking model: one wall hiding the whole
        // unit from it; else the pair with its nearest target in full.
        let mut left = Vec::with_capacity(firsts.len());
        for &(i, n) in &firsts {
            let walled = match (self.hull(&[i]), &hb) {
                (Some(hi), Some(hb)) => self.walled_off((&[i], &hi), (&bt, hb), pool, &mut marks),
                _ => false,
            };
            if walled {
                continue;
            }
            if (i, n) != closest && sees(i, n, Effort::Full) {
                return true;
            }
            left.push((i, n));
        }
        // Then, target by target, one wall hiding it from every looking
        // model left; and every other pair left.
        let al: Vec<usize> = left.iter().map(|&(i, _)| i).collect();
        if let Some(hl) = self.hull(&al) {
            bt.retain(|&j| {
                !self
                    .hull(&[j])
                    .is_some_and(|hj| self.walled_off((&al, &hl), (&[j], &hj), pool, &mut marks))
            });
        }
        left.iter().any(|&(i, n)| {
            bt.iter()
                .any(|&j| j != n && (i, j) != closest && sees(i, j, Effort::Full))
        })
    }

    /// The hull of some models' bases ([`hull`]), `None` when none is usable.
    fn hull(&self, ms: &[usize]) -> Option<hull::Hull> {
        let usable = |&&m: &&usize| self.disks[m].r > 0.0 && self.disks[m].c.is_finite();
        let r = ms
            .iter()
            .filter(usable)
            .fold(0.0, |r: f64, &m| r.max(self.disks[m].r));
        hull::Hull::new(ms.iter().filter(usable).map(|&m| self.disks[m].c), r)
    }

    /// Whether one wall hides every model of `b` from every model of `a` at
    /// once ([`hull`], [`barrier`]), given with their hulls: built only of
    /// blockers from `pool` that count for every pair of their models, and
    /// none of theirs (`marks`, all `false`, is left so).
    fn walled_off(
        &self,
        (a, ha): (&[usize], &hull::Hull),
        (b, hb): (&[usize], &hull::Hull),
        pool: &Lists,
        marks: &mut [bool],
    ) -> bool {
        let hulls = hull::Hulls { a: ha, b: hb };
        let Some((t1, t2)) = hulls.tangents() else {
            return false;
        };
        for &m in a.iter().chain(b) {
            marks[m] = true;
        }
        let walled = self.wall_between(a, b, &hulls, (t1, t2), pool, marks);
        for &m in a.iter().chain(b) {
            marks[m] = false;
        }
        walled
    }

    fn wall_between(
        &self,
        a: &[usize],
        b: &[usize],
        hulls: &hull::Hulls,
        (t1, t2): (barrier::Segment, barrier::Segment),
        pool: &Lists,
        marks: &[bool],
    ) -> bool {
        // The statures looking and looked at: a blocker must count for
        // every pair of them.
        const ALL: [Stature; 3] = [Stature::Normal, Stature::Huge, Stature::Tiny];
        let statures = |ms: &[usize]| ALL.map(|st| ms.iter().any(|&m| self.disks[m].stature == st));
        let (sa, sb) = (statures(a), statures(b));
        let always = |st: Stature| {
            ALL.iter().zip(sa).all(|(&x, in_a)| {
                !in_a
                    || ALL
                        .iter()
                        .zip(sb)
                        .all(|(&y, in_b)| !in_b || counts(self.blocking, st, x, y))
            })
        };
        let ours = |m: u32| marks[m as usize];
        // Inside both tangents, by a signed distance (positive inwards).
        let inwards = |t: barrier::Segment| {
            let n = t.1.minus(t.0).perp().unit().unwrap_or_default();
            let inside = hulls.a.anchor();
            let n = if n.dot(inside.minus(t.0)) < 0.0 {
                n.scale(-1.0)
            } else {
                n
            };
            move |x: Point| n.dot(x.minus(t.0))
        };
        let (h1, h2) = (inwards(t1), inwards(t2));
        let mut l = Lists {
            disks: [0; CAP],
            nd: 0,
            links: [0; CAP],
            nl: 0,
            obs: [0; CAP],
            no: 0,
        };
        for &k in &pool.disks[..pool.nd] {
            let d = &self.disks[k as usize];
            if ours(k)
                || d.blocking_radius() <= 0.0
                || h1(d.c) <= -d.r
                || h2(d.c) <= -d.r
                || !always(d.stature)
            {
                continue;
            }
            l.disks[l.nd] = k;
            l.nd += 1;
        }
        for &k in &pool.links[..pool.nl] {
            let link = &self.links[k as usize];
            if ours(link.a)
                || ours(link.b)
                || (h1(link.p) <= 0.0 && h1(link.q) <= 0.0)
                || (h2(link.p) <= 0.0 && h2(link.q) <= 0.0)
                || !link.stature.iter().all(|&st| always(st))
            {
                continue;
            }
            l.links[l.nl] = k;
            l.nl += 1;
        }
        let no = self.obscurers.len();
        for &k in &pool.obs[..pool.no] {
            if !a.iter().chain(b).any(|&m| self.inside[m * no + k as usize]) {
                l.obs[l.no] = k;
                l.no += 1;
            }
        }
        let pieces = barrier::Pieces {
            s: self,
            disks: &l.disks[..l.nd],
            links: &l.links[..l.nl],
            obs: &l.obs[..l.no],
        };
        barrier::crossed(&pieces, (t1, t2), hulls)
    }

    /// The blockers that can stand between any model of unit `from` and any
    /// of unit `to`: those reaching into the box around both units' bases,
    /// where every line between them lies. Found once for all the pairs of
    /// models; `None` when more crowd in than the lists hold.
    fn pool(&self, from: UnitId, to: UnitId) -> Option<Lists> {
        let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
        let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        for d in self.disks.iter().filter(|d| d.unit == from || d.unit == to) {
            lo = Point::new(lo.x.min(d.c.x - d.r), lo.y.min(d.c.y - d.r));
            hi = Point::new(hi.x.max(d.c.x + d.r), hi.y.max(d.c.y + d.r));
        }
        if !(lo.x <= hi.x && lo.y <= hi.y) {
            return None;
        }
        let meets = |min: Point, max: Point| {
            !(max.x < lo.x || min.x > hi.x || max.y < lo.y || min.y > hi.y)
        };
        let mut l = Lists {
            disks: [0; CAP],
            nd: 0,
            links: [0; CAP],
            nl: 0,
            obs: [0; CAP],
            no: 0,
        };
        for (k, d) in self.disks.iter().enumerate() {
            let r = Point::new(d.r, d.r);
            if meets(d.c.minus(r), d.c.plus(r)) {
                if l.nd == CAP {
                    return None;
                }
                l.disks[l.nd] = k as u32;
                l.nd += 1;
            }
        }
        for (k, link) in self.links.iter().enumerate() {
            let (min, max) = (link.p.min(link.q), link.p.max(link.q));
            if meets(min, max) {
                if l.nl == CAP {
                    return None;
                }
                l.links[l.nl] = k as u32;
                l.nl += 1;
            }
        }
        for (k, o) in self.obscurers.iter().enumerate() {
            if meets(o.min, o.max) {
                if l.no == CAP {
                    return None;
                }
                l.obs[l.no] = k as u32;
                l.no += 1;
            }
        }
        Some(l)
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
    ///
    /// BoV starter ([`CoverRule::Starter`]): [`Prepared::in_starter_cover_from`].
    pub fn in_cover_from(&self, from: usize, to: usize) -> bool {
        let (Some(a), Some(b)) = (self.disks.get(from), self.disks.get(to)) else {
            return false;
        };
        if self.cover == CoverRule::Starter {
            return self.in_starter_cover_from(from, to);
        }
        let no = self.obscurers.len();
        self.obscurers.iter().enumerate().any(|(k, o)| {
            self.inside[to * no + k]
                || (!self.inside[from * no + k] && o.piece.segment_crosses_interior(a.c, b.c))
        })
    }

    /// BoV starter, "Cover (Covering Terrain)": model `to` is inside a
    /// Covering piece, or behind one "partially or completely" as seen from
    /// model `from` (not inside it); "Obscuring Terrain and Cover": or
    /// partially (or wholly) hidden behind an Obscuring piece that neither
    /// model is inside. "Behind" and "hidden": a line from the centre of
    /// `from` to the centre or to a point of the rim of `to`'s base (eight,
    /// a little inside the rim) passes through the piece (docs/rulings.md,
    /// "Starter cover").
    pub fn in_starter_cover_from(&self, from: usize, to: usize) -> bool {
        let (Some(a), Some(b)) = (self.disks.get(from), self.disks.get(to)) else {
            return false;
        };
        if self.covers.iter().any(|t| t.overlaps_base(b.c, b.r)) {
            return true;
        }
        let no = self.obscurers.len();
        let covers: Vec<&TerrainPiece> = self
            .covers
            .iter()
            .filter(|t| !t.overlaps_base(a.c, a.r))
            .collect();
        let obscurers: Vec<&TerrainPiece> = self
            .obscurers
            .iter()
            .enumerate()
            .filter(|&(k, _)| !self.inside[from * no + k] && !self.inside[to * no + k])
            .map(|(_, o)| &o.piece)
            .collect();
        if covers.is_empty() && obscurers.is_empty() {
            return false;
        }
        let r = b.r * 0.99;
        let rim = (0..8).map(|k| {
            let t = f64::from(k) * std::f64::consts::FRAC_PI_4;
            b.c.plus(Point::new(r * t.cos(), r * t.sin()))
        });
        std::iter::once(b.c).chain(rim).any(|p| {
            covers
                .iter()
                .chain(obscurers.iter())
                .any(|t| t.segment_crosses_interior(a.c, p))
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

/// The answer without any blocker: a model sees itself, and bases in contact
/// see each other (along the line between their centres).
fn trivial(from: usize, to: usize, a: &Disk, b: &Disk) -> Option<(Point, Point)> {
    if from == to {
        return Some((a.c, a.c));
    }
    let ab = b.c.minus(a.c);
    let dist = ab.len();
    if dist <= a.r + b.r + EPS {
        let u = ab.unit().unwrap_or(Point::new(1.0, 0.0));
        let (p, q) = (a.c.plus(u.scale(a.r)), b.c.minus(u.scale(b.r)));
        // Overlapping bases: the nearest points cross over; meet in between.
        return Some(if u.dot(q.minus(p)) < 0.0 {
            let m = p.lerp(q, 0.5);
            (m, m)
        } else {
            (p, q)
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::TerrainKind;
    use proptest::prelude::*;

    fn lists(p: &Prepared) -> String {
        format!("{:?} {:?} {:?}", p.disks, p.links, p.inside)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Lists worked out from an earlier placing, only the moved models
        /// again, are those worked out afresh, to the bit and in order.
        #[test]
        fn lists_from_a_placing_before_are_the_lists_afresh(
            spots in prop::collection::vec(
                (2.0f64..30.0, 2.0f64..22.0, 0u16..4, prop::bool::ANY), 2..30),
            moves in prop::collection::vec(
                (prop::bool::weighted(0.3), -3.0f64..3.0, -3.0f64..3.0), 30),
            pieces in prop::collection::vec(
                (4.0f64..26.0, 4.0f64..18.0, 1.0f64..5.0, 1.0f64..5.0), 0..4),
        ) {
            let terrain = pieces
                .into_iter()
                .map(|(x, y, w, h)| {
                    let outline = [
                        Point::new(x, y),
                        Point::new(x + w, y),
                        Point::new(x + w, y + h),
                        Point::new(x, y + h),
                    ];
                    TerrainPiece::new("piece", &outline, &[], vec![TerrainKind::Obscuring])
                        .unwrap()
                })
                .collect();
            let field = Battlefield::new(32.0, 24.0, terrain).unwrap();
            let before: Vec<Model> = spots
                .iter()
                .map(|&(x, y, u, big)| {
                    Model::new(UnitId(u), (u % 2) as u8, Point::new(x, y), if big { 50.0 } else { 25.0 })
                })
                .collect();
            let after: Vec<Model> = before
                .iter()
                .zip(&moves)
                .map(|(m, &(moved, dx, dy))| {
                    if moved { m.at(Point::new(m.center.x + dx, m.center.y + dy)) } else { *m }
                })
                .collect();
            let prev = Sightlines::prepare(&field, &before);
            let from = Sightlines::prepare_from(&field, &after, &before, &prev);
            prop_assert_eq!(lists(&from), lists(&Sightlines::prepare(&field, &after)));
        }
    }
}
