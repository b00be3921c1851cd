// @ts-check
/** The battlefield of a battle, top down at true scale: one SVG user unit
 * is one inch. Each side sees its own table edge at the bottom (a spectator
 * sees the first side's). Terrain by kind, the deployment zones, the
 * objectives and who holds them, every model's base at its real size, and
 * the paths of the last move. The page draws what the server sends: it
 * decides no rule (whether a move is legal is asked of the server). */

import { el, t } from '../texts.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Each side's colour (Okabe and Ito's palette, told apart by colour-blind players); the Monsters' grey. */
export const SIDE_COLOURS = ['#0072B2', '#D55E00'];
export const NEUTRAL_COLOUR = '#6b6b6b';

/** The terrain kinds, their colour and their legend key. */
const TERRAIN = {
  Impassable: { fill: '#4d4d4d', key: 'web-bov-terrain-impassable' },
  Slowing: { fill: '#a07a3c', key: 'web-bov-terrain-slowing' },
  Obscuring: { fill: '#2f6b3a', key: 'web-bov-terrain-obscuring' },
  Dangerous: { fill: '#b3261e', key: 'web-bov-terrain-dangerous' },
};

/** @param {string} name @param {Record<string, any>} [attrs] @param {(Node|string)[]} [children] */
export function svg(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') node.textContent = String(v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

/** The name of a terrain kind as the server sends it (`"Slowing"` or `{"Dangerous": 2}`). @param {any} k */
export function kindName(k) {
  return typeof k === 'string' ? k : Object.keys(k || {})[0] || '';
}

/** A polygon's outer ring as `[{x, y}]` (geo's `{exterior, interiors}` or a bare ring). @param {any} p */
function ring(p) {
  const r = Array.isArray(p) ? p : p?.exterior || p?.exterior?.coords || [];
  return r.map((/** @type {any} */ c) => (Array.isArray(c) ? { x: c[0], y: c[1] } : { x: c.x, y: c.y }));
}

/** Holes of a polygon. @param {any} p */
function holes(p) {
  return (p?.interiors || []).map((/** @type {any} */ h) => ring(h));
}

/**
 * Where a point of the table is drawn: the viewer's own edge at the bottom.
 * @param {{width: number, height: number}} field @param {boolean} flip the viewer's edge is the far one (y = height)
 */
export function frame(field, flip) {
  const W = field.width;
  const H = field.height;
  return {
    /** @param {{x: number, y: number}} p */
    to: (p) => (flip ? { x: W - p.x, y: p.y } : { x: p.x, y: H - p.y }),
    /** @param {{x: number, y: number}} q */
    from: (q) => (flip ? { x: W - q.x, y: q.y } : { x: q.x, y: H - q.y }),
  };
}

/** The centre of a unit's models. @param {{x: number, y: number}[]} ps */
export function centroid(ps) {
  const n = ps.length || 1;
  return { x: ps.reduce((s, p) => s + p.x, 0) / n, y: ps.reduce((s, p) => s + p.y, 0) / n };
}

/** A unit's colour. @param {any} u */
export const unitColour = (u) => (u.monster ? NEUTRAL_COLOUR : SIDE_COLOURS[Math.min(1, u.owner)] || NEUTRAL_COLOUR);

/**
 * Draws the battlefield into `root`.
 * @param {SVGSVGElement} root
 * @param {any} view the battle as this viewer sees it
 * @param {{viewerSeat: number, lit: Set<number>, selected: number | null, active: number | null, names: (u: any) => string, picked?: Set<string>}} opts `picked`: models marked as chosen, as `unit:model`
 */
export function drawField(root, view, opts) {
  const f = view.field;
  const flip = opts.viewerSeat >= 0 && opts.viewerSeat <= 1 && opts.viewerSeat !== view.near_seat;
  const fr = frame(f, flip);
  root.setAttribute('viewBox', `-1 -1 ${f.width + 2} ${f.height + 2}`);
  root.dataset.width = String(f.width);
  root.dataset.height = String(f.height);
  root.dataset.flip = String(flip);
  const pts = (/** @type {{x: number, y: number}[]} */ r) =>
    r
      .map((p) => fr.to(p))
      .map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`)
      .join(' ');

  const table = svg('g', { class: 'table-layer' });
  table.append(svg('rect', { x: 0, y: 0, width: f.width, height: f.height, class: 'cloth' }));
  // Each long edge's deployment zone, in the colour of the side it is.
  f.zones.forEach((/** @type {[number, number]} */ z, /** @type {number} */ i) => {
    const owner = i === 0 ? view.near_seat : 1 - view.near_seat;
    const a = fr.to({ x: 0, y: z[0] });
    const b = fr.to({ x: f.width, y: z[1] });
    table.append(
      svg('rect', {
        class: 'zone',
        'data-zone': owner,
        x: Math.min(a.x, b.x),
        y: Math.min(a.y, b.y),
        width: Math.abs(b.x - a.x),
        height: Math.abs(b.y - a.y),
        fill: SIDE_COLOURS[owner],
      }),
    );
  });
  for (const piece of f.terrain) {
    const kinds = (piece.kinds || []).map(kindName);
    const look = TERRAIN[/** @type {keyof typeof TERRAIN} */ (kinds[0])] || TERRAIN.Slowing;
    const g = svg('g', { class: 'terrain', 'data-kinds': kinds.join(' ') }, [svg('title', { text: `${piece.name}: ${kinds.map((k) => t(TERRAIN[/** @type {keyof typeof TERRAIN} */ (k)]?.key || k)).join(', ')}` })]);
    g.append(svg('polygon', { points: pts(ring(piece.polygon)), fill: look.fill, class: kinds.length > 1 ? 'mixed' : '' }));
    for (const h of holes(piece.polygon)) g.append(svg('polygon', { points: pts(h), class: 'hole' }));
    table.append(g);
  }
  // The objectives, each ringed in the colour of the side that holds it.
  view.objectives.forEach((/** @type {{x: number, y: number}} */ o, /** @type {number} */ i) => {
    const p = fr.to(o);
    const held = view.control?.[i];
    table.append(
      svg('g', { class: 'objective', 'data-objective': i }, [
        svg('circle', { cx: p.x, cy: p.y, r: 0.75, stroke: held === null || held === undefined ? '#222' : SIDE_COLOURS[held] }),
        svg('text', { x: p.x, y: p.y + 0.35, text: String(i + 1) }),
      ]),
    );
  });

  // The last move's paths.
  const paths = svg('g', { class: 'paths' });
  for (const d of view.last_paths || []) {
    const line = [d.from, ...d.waypoints];
    paths.append(svg('polyline', { points: pts(line) }));
  }

  const units = svg('g', { class: 'units' });
  const labels = svg('g', { class: 'labels' });
  /** The units' names, placed under them, then moved apart. @type {{x: number, y: number, text: string}[]} */
  const placed = [];
  for (const u of view.units) {
    if (!u.models?.length) continue;
    const g = svg('g', {
      class: ['unit', opts.lit.has(u.id) ? 'lit' : '', opts.selected === u.id ? 'selected' : '', opts.active === u.id ? 'active' : ''].filter(Boolean).join(' '),
      'data-unit': u.id,
      'data-owner': u.owner,
      tabindex: 0,
      role: 'button',
      'aria-label': opts.names(u),
    });
    u.models.forEach((/** @type {{x: number, y: number}} */ m, /** @type {number} */ i) => {
      const p = fr.to(m);
      const id = u.model_ids?.[i] ?? i;
      g.append(svg('circle', { cx: p.x, cy: p.y, r: u.radius_in, fill: unitColour(u), class: opts.picked?.has(`${u.id}:${id}`) ? 'picked' : '', 'data-model': id, 'data-x': m.x.toFixed(3), 'data-y': m.y.toFixed(3) }));
    });
    if (u.general) {
      const c = fr.to(u.models[0]);
      g.append(svg('circle', { class: 'general', cx: c.x, cy: c.y, r: u.radius_in * 0.45 }));
    }
    units.append(g);
    const c = fr.to(centroid(u.models));
    const top = Math.max(...u.models.map((/** @type {any} */ m) => fr.to(m).y));
    placed.push({ x: c.x, y: Math.min(f.height + 0.6, top + u.radius_in + 1.1), text: u.name });
  }
  for (const l of spread(placed, f.height + 0.6)) labels.append(svg('text', { class: 'unit-label', x: l.x, y: l.y, text: l.text }));
  const ghost = svg('g', { id: 'ghost' });
  root.replaceChildren(table, paths, svg('g', { id: 'rings' }), svg('g', { id: 'spots' }), units, labels, svg('g', { id: 'tools-layer' }), ghost);
}

/**
 * Draws the tools over the table: a unit's range rings (its Speed, its
 * charge's reach with the chance of it, its ranged weapon's range,
 * measured from each base's edge), the lines of
 * sight a look found, and the ruler. Display only: every "in range", "in
 * sight" and "legal" the game uses comes from the server.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat
 * @param {{rings: {unit: any, speed: number, range: number | null, charge: {inches: number, label: string}[]} | null, look: any, ruler: {a: {x: number, y: number}, b: {x: number, y: number}} | null}} tools
 */
export function drawTools(root, view, viewerSeat, tools) {
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  const rings = root.querySelector('#rings');
  if (rings) {
    rings.replaceChildren();
    const r = tools.rings;
    if (r && r.unit.models?.length) {
      /** @type {[number | null, string, string][]} */
      const all = [[r.speed, 'speed', ''], [r.range, 'range', ''], ...r.charge.map((c) => /** @type {[number, string, string]} */ ([c.inches, 'charge', c.label]))];
      const centres = r.unit.models.map((/** @type {{x: number, y: number}} */ m) => fr.to(m));
      for (const [reach, cls, label] of all) {
        if (!reach) continue;
        // One outline for the unit: what lies within reach of any model.
        rings.append(svg('path', { class: `ring ${cls}`, d: unionOutline(centres, r.unit.radius_in + reach) }));
        // The chance, once, at the top of the first model's ring.
        if (label) {
          const c = fr.to(r.unit.models[0]);
          rings.append(svg('text', { class: 'ring-label', x: c.x, y: c.y - r.unit.radius_in - reach - 0.15, text: label }));
        }
      }
    }
  }
  const layer = root.querySelector('#tools-layer');
  if (!layer) return;
  layer.replaceChildren();
  if (tools.look) {
    for (const l of tools.look.lines || []) {
      const a = fr.to(l.a);
      const b = fr.to(l.b);
      layer.append(svg('line', { class: 'sight', x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    }
  }
  if (tools.ruler) {
    const a = fr.to(tools.ruler.a);
    const b = fr.to(tools.ruler.b);
    const inches = Math.hypot(tools.ruler.b.x - tools.ruler.a.x, tools.ruler.b.y - tools.ruler.a.y);
    layer.append(
      svg('line', { class: 'ruler', x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      svg('text', { class: 'ruler-label', x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 0.4, text: `${inches.toFixed(1)}"` }),
    );
  }
}

/**
 * The outline of the union of equal circles: each circle's arcs that no
 * other circle covers, as an SVG path.
 * @param {{x: number, y: number}[]} centres @param {number} r
 */
export function unionOutline(centres, r) {
  const TAU = 2 * Math.PI;
  /** @type {string[]} */
  const d = [];
  const point = (/** @type {{x: number, y: number}} */ c, /** @type {number} */ a) => `${(c.x + r * Math.cos(a)).toFixed(3)} ${(c.y + r * Math.sin(a)).toFixed(3)}`;
  centres.forEach((c, i) => {
    // The angles of this circle inside another, as intervals from 0 to 2π.
    /** @type {[number, number][]} */
    const covered = [];
    let whole = false;
    centres.forEach((o, j) => {
      if (i === j) return;
      const dist = Math.hypot(o.x - c.x, o.y - c.y);
      if (dist < 1e-9) {
        if (j < i) whole = true; // the same circle: drawn once
        return;
      }
      if (dist >= 2 * r) return;
      const mid = Math.atan2(o.y - c.y, o.x - c.x);
      const half = Math.acos(dist / (2 * r));
      const a = (((mid - half) % TAU) + TAU) % TAU;
      const b = a + 2 * half;
      if (b > TAU) {
        covered.push([a, TAU], [0, b - TAU]);
      } else covered.push([a, b]);
    });
    if (whole) return;
    covered.sort((x, y) => x[0] - y[0]);
    /** @type {[number, number][]} */
    const free = [];
    let at = 0;
    for (const [a, b] of covered) {
      if (a > at) free.push([at, a]);
      at = Math.max(at, b);
    }
    if (at < TAU) free.push([at, TAU]);
    for (const [a, b] of free) {
      if (b - a < 1e-6) continue;
      if (b - a > TAU - 1e-6) {
        // A whole circle: two half arcs.
        d.push(`M ${point(c, 0)} A ${r} ${r} 0 1 1 ${point(c, Math.PI)} A ${r} ${r} 0 1 1 ${point(c, 0)}`);
      } else {
        d.push(`M ${point(c, a)} A ${r} ${r} 0 ${b - a > Math.PI ? 1 : 0} 1 ${point(c, b)}`);
      }
    }
  });
  return d.join(' ');
}

/**
 * Marks the places a question offers (objectives, Monsters) on the table:
 * a small dot each, which takes that option when clicked.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat
 * @param {{index: number, at: {x: number, y: number}, label: string}[]} spots
 */
export function drawSpots(root, view, viewerSeat, spots) {
  const layer = root.querySelector('#spots');
  if (!layer) return;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  layer.replaceChildren(
    ...spots.map((s) => {
      const p = fr.to(s.at);
      return svg('circle', { class: 'spot', cx: p.x, cy: p.y, r: 0.22, 'data-spot': s.index }, [svg('title', { text: s.label })]);
    }),
  );
}

/** Labels moved apart: a name that would cover one already placed goes a
 * line lower, then a line higher, and stays if neither is free (the width
 * of a name is guessed from its length at the label's size).
 * @param {{x: number, y: number, text: string}[]} labels @param {number} lowest the lowest a label may stand */
function spread(labels, lowest) {
  const LINE = 1.0;
  /** @type {{x0: number, x1: number, y: number}[]} */
  const boxes = [];
  const clash = (/** @type {number} */ x0, /** @type {number} */ x1, /** @type {number} */ y) => boxes.some((b) => x0 < b.x1 && b.x0 < x1 && Math.abs(b.y - y) < LINE * 0.9);
  return [...labels]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((l) => {
      const half = (l.text.length * 0.48) / 2;
      const y = [l.y, l.y + LINE, l.y - LINE, l.y + 2 * LINE, l.y - 2 * LINE].filter((c) => c <= lowest && c >= 0.8).find((c) => !clash(l.x - half, l.x + half, c)) ?? l.y;
      boxes.push({ x0: l.x - half, x1: l.x + half, y });
      return { ...l, y };
    });
}

/** The legend of the battlefield's colours. */
export function legend() {
  /** @type {(Node|string)[]} */
  const out = [];
  for (const look of Object.values(TERRAIN)) {
    out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch', style: `background:${look.fill}`, 'aria-hidden': 'true' }), t(look.key)]));
  }
  out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch objective-key', 'aria-hidden': 'true' }), t('web-bov-objective')]));
  out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch zone-key', 'aria-hidden': 'true' }), t('web-bov-zone')]));
  return out;
}

/** A pointer event's place on the table, in inches. @param {SVGSVGElement} root @param {{clientX: number, clientY: number}} e @param {any} view @param {number} viewerSeat */
export function tablePoint(root, e, view, viewerSeat) {
  const m = root.getScreenCTM();
  if (!m) return null;
  const q = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  return frame(view.field, flip).from({ x: q.x, y: q.y });
}

/** Where a point of the table is on the screen (for tests that drag). @param {SVGSVGElement} root @param {{x: number, y: number}} p @param {any} view @param {number} viewerSeat */
export function screenPoint(root, p, view, viewerSeat) {
  const m = root.getScreenCTM();
  if (!m) return null;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const q = frame(view.field, flip).to(p);
  const s = new DOMPoint(q.x, q.y).matrixTransform(m);
  return { x: s.x, y: s.y };
}

/** Draws where a dragged unit's models would stand (and, for a move, its
 * path: from where each stood through its waypoints). @param {SVGSVGElement} root @param {number} radius
 * @param {{x: number, y: number}[][] | null} from each model's path so far @param {{x: number, y: number}[]} at
 * @param {string} verdict @param {any} view @param {number} viewerSeat */
export function drawGhost(root, radius, from, at, verdict, view, viewerSeat) {
  const ghost = root.querySelector('#ghost');
  if (!ghost) return;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  ghost.setAttribute('data-verdict', verdict);
  ghost.replaceChildren(
    ...at.map((p, i) => {
      const q = fr.to(p);
      const trail = from?.[i] ? [...from[i], p].map((x) => fr.to(x)) : null;
      const circle = svg('circle', { cx: q.x, cy: q.y, r: radius });
      const line = trail && svg('polyline', { points: trail.map((x) => `${x.x.toFixed(3)},${x.y.toFixed(3)}`).join(' ') });
      return svg('g', {}, line ? [line, circle] : [circle]);
    }),
  );
}

/**
 * Plays moves back on the board: each model of `paths` slides from where it
 * stood along its waypoints to where it stands now, at about 8" a second
 * (at most 1.2 s). The board already shows the new positions: this only
 * animates the circles there, so a click mid-way acts on the real state.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat
 * @param {{unit: number, from: {x: number, y: number}, waypoints: {x: number, y: number}[]}[]} paths
 */
export function playBack(root, view, viewerSeat, paths) {
  if (!paths.length || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  /** @type {{c: SVGCircleElement, pts: {x: number, y: number}[], lens: number[], total: number}[]} */
  const moves = [];
  for (const p of paths) {
    const end = p.waypoints[p.waypoints.length - 1];
    if (!end) continue;
    const g = root.querySelector(`g.unit[data-unit="${p.unit}"]`);
    const c = /** @type {SVGCircleElement | undefined} */ (
      [...(g?.querySelectorAll('circle[data-model]') || [])].find((x) => Math.abs(Number(x.getAttribute('data-x')) - end.x) < 0.01 && Math.abs(Number(x.getAttribute('data-y')) - end.y) < 0.01)
    );
    if (!c) continue;
    const pts = [p.from, ...p.waypoints].map((q) => fr.to(q));
    const lens = pts.slice(1).map((q, i) => Math.hypot(q.x - pts[i].x, q.y - pts[i].y));
    const total = lens.reduce((a, b) => a + b, 0);
    if (total > 0.01) moves.push({ c, pts, lens, total });
  }
  if (!moves.length) return;
  const longest = Math.max(...moves.map((m) => m.total));
  const ms = Math.min(1200, Math.max(300, (longest / 8) * 1000));
  root.dataset.playing = 'yes';
  const start = performance.now();
  const step = (/** @type {number} */ now) => {
    const f = Math.min(1, (now - start) / ms);
    for (const m of moves) {
      let d = f * m.total;
      let i = 0;
      while (i < m.lens.length - 1 && d > m.lens[i]) d -= m.lens[i++];
      const a = m.pts[i];
      const b = m.pts[i + 1];
      const k = m.lens[i] > 0 ? Math.min(1, d / m.lens[i]) : 1;
      m.c.setAttribute('cx', String(a.x + (b.x - a.x) * k));
      m.c.setAttribute('cy', String(a.y + (b.y - a.y) * k));
    }
    if (f < 1) requestAnimationFrame(step);
    else delete root.dataset.playing;
  };
  requestAnimationFrame(step);
}
