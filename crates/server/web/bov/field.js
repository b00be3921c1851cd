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
    // The second side's bases are ringed, so that the sides differ by more
    // than their colour.
    const ringed = !u.monster && u.owner === 1;
    u.models.forEach((/** @type {{x: number, y: number}} */ m, /** @type {number} */ i) => {
      const p = fr.to(m);
      const id = u.model_ids?.[i] ?? i;
      g.append(svg('circle', { cx: p.x, cy: p.y, r: u.radius_in, fill: unitColour(u), class: opts.picked?.has(`${u.id}:${id}`) ? 'picked' : '', 'data-model': id, 'data-x': m.x.toFixed(3), 'data-y': m.y.toFixed(3) }));
      if (ringed) g.append(svg('circle', { class: 'side-mark', cx: p.x, cy: p.y, r: u.radius_in * 0.58, 'stroke-width': u.radius_in * 0.2 }));
    });
    if (u.general) {
      const c = fr.to(u.models[0]);
      g.append(svg('circle', { class: 'general', cx: c.x, cy: c.y, r: u.radius_in * 0.45 }));
    }
    units.append(g);
  }
  const labels = svg('g', { class: 'labels' });
  const ghost = svg('g', { id: 'ghost' });
  root.replaceChildren(table, paths, svg('g', { id: 'rings' }), svg('g', { id: 'spots' }), units, labels, svg('g', { id: 'tools-layer' }), svg('g', { id: 'preview' }), ghost);
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

/** The legend of the battlefield's colours. */
export function legend() {
  /** @type {(Node|string)[]} */
  const out = [];
  for (const look of Object.values(TERRAIN)) {
    out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch', style: `background:${look.fill}`, 'aria-hidden': 'true' }), t(look.key)]));
  }
  out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch', style: `background:${SIDE_COLOURS[0]}`, 'aria-hidden': 'true' }), t('web-bov-key-plain', { seat: 1 })]));
  out.push(el('span', { class: 'key' }, [el('span', { class: 'swatch ringed', style: `background:${SIDE_COLOURS[1]}`, 'aria-hidden': 'true' }), t('web-bov-key-ringed', { seat: 2 })]));
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
  for (const p of chained(paths)) {
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

/**
 * Shows what an option would do, while it is hovered or focused: where
 * models would go and by which path, the models it removes (crossed), and
 * the units it acts on, with a line from the unit acting. Cleared with
 * `null`.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat
 * @param {{radius: number, moves: {from: {x: number, y: number} | null, way: {x: number, y: number}[]}[], crossed: {x: number, y: number, r: number}[],
 *   from: {x: number, y: number} | null, targets: {x: number, y: number}[], units: number[]} | null} p
 */
export function drawPreview(root, view, viewerSeat, p) {
  const layer = root.querySelector('#preview');
  for (const g of root.querySelectorAll('g.unit.previewed')) g.classList.remove('previewed');
  if (!layer) return;
  layer.replaceChildren();
  if (!p) {
    delete root.dataset.preview;
    return;
  }
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  const line = (/** @type {{x: number, y: number}[]} */ ps) => ps.map((q) => fr.to(q)).map((q) => `${q.x.toFixed(3)},${q.y.toFixed(3)}`).join(' ');
  for (const mv of p.moves) {
    const end = mv.way[mv.way.length - 1];
    if (!end) continue;
    if (mv.from) layer.append(svg('polyline', { class: 'preview-path', points: line([mv.from, ...mv.way]) }));
    const q = fr.to(end);
    layer.append(svg('circle', { class: 'preview-model', cx: q.x, cy: q.y, r: p.radius }));
  }
  for (const c of p.crossed) {
    const q = fr.to(c);
    const k = c.r * 0.8;
    layer.append(svg('path', { class: 'preview-cross', d: `M ${q.x - k} ${q.y - k} L ${q.x + k} ${q.y + k} M ${q.x - k} ${q.y + k} L ${q.x + k} ${q.y - k}` }));
  }
  if (p.from) for (const t of p.targets) layer.append(svg('polyline', { class: 'preview-target', points: line([p.from, t]) }));
  for (const id of p.units) root.querySelector(`g.unit[data-unit="${id}"]`)?.classList.add('previewed');
  root.dataset.preview = String(layer.childElementCount);
}

/** The labels' size on the screen, in pixels, at any zoom. */
const LABEL_PX = 12;

/**
 * Names the units at a fixed size on the screen, each near its unit where
 * it covers no model and no other name, with a line to the unit when it
 * had to stand off; the wounds, fatigue and markers a unit carries are
 * told under its name. Redrawn at each zoom. `first`: the units placed
 * first (the selected and the active unit), nearest their models.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat @param {number[]} first
 */
export function drawLabels(root, view, viewerSeat, first) {
  const layer = root.querySelector('g.labels');
  const ctm = root.getScreenCTM();
  const px = ctm ? Math.hypot(ctm.a, ctm.b) : 0;
  if (!layer || !px) return;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  const fs = LABEL_PX / px;
  const W = view.field.width;
  const H = view.field.height;
  const shown = view.units.filter((/** @type {any} */ u) => u.models?.length);
  /** Every base, as drawn. */
  const circles = shown.flatMap((/** @type {any} */ u) => u.models.map((/** @type {any} */ m) => ({ ...fr.to(m), r: u.radius_in })));
  const vb = root.viewBox.baseVal;
  /** What can be seen of the table now. */
  const seen = vb && vb.width ? { x0: Math.max(-0.8, vb.x), y0: Math.max(-0.8, vb.y), x1: Math.min(W + 0.8, vb.x + vb.width), y1: Math.min(H + 0.8, vb.y + vb.height) } : { x0: -0.8, y0: -0.8, x1: W + 0.8, y1: H + 0.8 };
  /** @type {{x0: number, y0: number, x1: number, y1: number}[]} */
  const boxes = [];
  const overlap = (/** @type {{x0: number, y0: number, x1: number, y1: number}} */ b) => {
    let area = 0;
    for (const o of boxes) area += Math.max(0, Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0)) * Math.max(0, Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0));
    for (const c of circles) area += Math.max(0, Math.min(b.x1, c.x + c.r) - Math.max(b.x0, c.x - c.r)) * Math.max(0, Math.min(b.y1, c.y + c.r) - Math.max(b.y0, c.y - c.r));
    // Out of sight (off the table, or out of the zoomed view) counts as covered.
    area += (b.x1 - b.x0) * (b.y1 - b.y0) - Math.max(0, Math.min(b.x1, seen.x1) - Math.max(b.x0, seen.x0)) * Math.max(0, Math.min(b.y1, seen.y1) - Math.max(b.y0, seen.y0));
    return area;
  };
  const order = [...shown].sort((a, b) => Number(first.includes(b.id)) - Number(first.includes(a.id)));
  /** Below, above, right, left, then the corners. */
  const DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];
  layer.replaceChildren();
  for (const u of order) {
    const pts = u.models.map((/** @type {any} */ m) => fr.to(m));
    const c = centroid(pts);
    // The box the unit's bases cover: a unit in a line is named beside the line.
    const r = u.radius_in;
    const bb = { x0: Math.min(...pts.map((/** @type {any} */ p) => p.x)) - r, x1: Math.max(...pts.map((/** @type {any} */ p) => p.x)) + r, y0: Math.min(...pts.map((/** @type {any} */ p) => p.y)) - r, y1: Math.max(...pts.map((/** @type {any} */ p) => p.y)) + r };
    // A unit out of the zoomed view is not named.
    if (bb.x1 < seen.x0 || bb.x0 > seen.x1 || bb.y1 < seen.y0 || bb.y0 > seen.y1) continue;
    const marks = unitMarks(u);
    const name = /** @type {SVGTextElement} */ (svg('text', { 'font-size': fs, 'stroke-width': fs * 0.25, text: u.name }));
    const small = marks ? /** @type {SVGTextElement} */ (svg('text', { class: 'marks', 'font-size': fs * 0.85, 'stroke-width': fs * 0.22, text: marks })) : null;
    // Measured as drawn (a name's width is not its length).
    layer.append(name);
    if (small) layer.append(small);
    const w = Math.max(name.getComputedTextLength(), small?.getComputedTextLength() || 0) + fs * 0.3;
    const h = fs * (marks ? 2.1 : 1.15);
    /** @type {{box: {x0: number, y0: number, x1: number, y1: number}, far: boolean, cost: number} | null} */
    let best = null;
    for (let k = 0; k < 6 && !(best && best.cost === 0); k++) {
      const d = fs * (0.2 + 1.4 * k);
      for (const [dx, dy] of DIRS) {
        const cx = dx > 0 ? bb.x1 + d + w / 2 : dx < 0 ? bb.x0 - d - w / 2 : c.x;
        const cy = dy > 0 ? bb.y1 + d + h / 2 : dy < 0 ? bb.y0 - d - h / 2 : c.y;
        const box = { x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2 };
        // Farther rings cost a little, so that a free place near wins.
        const cost = overlap(box) + (k ? 1e-6 * k : 0);
        if (!best || cost < best.cost) best = { box, far: k > 0, cost };
        if (cost === 0) break;
      }
    }
    if (!best) {
      name.remove();
      small?.remove();
      continue;
    }
    boxes.push(best.box);
    const b = best.box;
    const cx = (b.x0 + b.x1) / 2;
    const g = svg('g', { class: `unit-label side-${u.monster ? 'm' : Math.min(1, u.owner)}`, 'data-label': u.id });
    if (best.far) {
      // A line from the name to the unit's nearest base.
      const q = { x: Math.min(Math.max(c.x, b.x0), b.x1), y: Math.min(Math.max(c.y, b.y0), b.y1) };
      const near = pts.reduce((/** @type {any} */ a, /** @type {any} */ p) => (Math.hypot(p.x - q.x, p.y - q.y) < Math.hypot(a.x - q.x, a.y - q.y) ? p : a));
      const d = Math.hypot(q.x - near.x, q.y - near.y) || 1;
      const e = { x: near.x + ((q.x - near.x) * u.radius_in) / d, y: near.y + ((q.y - near.y) * u.radius_in) / d };
      g.append(svg('line', { class: 'leader', x1: q.x, y1: q.y, x2: e.x, y2: e.y, 'stroke-width': fs * 0.1 }));
    }
    name.setAttribute('x', String(cx));
    name.setAttribute('y', String(b.y0 + fs * 0.95));
    g.append(name);
    if (small) {
      small.setAttribute('x', String(cx));
      small.setAttribute('y', String(b.y0 + fs * 1.95));
      g.append(small);
    }
    layer.append(g);
  }
}

/** What a unit carries, in words: its wounds, fatigue and status markers. @param {any} u */
function unitMarks(u) {
  const out = [];
  if (u.wounds) out.push(t('web-bov-wounds', { count: u.wounds }));
  if (u.fatigue) out.push(t('web-bov-fatigue', { count: u.fatigue }));
  for (const [k, n] of Object.entries(u.status || {})) if (n) out.push(`${t(`web-bov-status-${k}`)} ${n}`);
  return out.join(' · ');
}

/**
 * A model's moves one after another (a charge, then its consolidation) as
 * one path: a path that starts where one of the same unit ended goes on
 * from it, so that the model slides all the way to where it stands.
 * @param {{unit: number, from: {x: number, y: number}, waypoints: {x: number, y: number}[]}[]} paths in the order made
 */
export function chained(paths) {
  /** @type {{unit: number, from: {x: number, y: number}, waypoints: {x: number, y: number}[]}[]} */
  const out = [];
  for (const p of paths) {
    const on = out.find((q) => {
      const end = q.waypoints[q.waypoints.length - 1];
      return q.unit === p.unit && end && Math.abs(end.x - p.from.x) < 0.01 && Math.abs(end.y - p.from.y) < 0.01;
    });
    if (on) on.waypoints = [...on.waypoints, ...p.waypoints];
    else out.push({ unit: p.unit, from: p.from, waypoints: [...p.waypoints] });
  }
  return out;
}

/**
 * Shows a move again, as it was made (from the log): a ghost of each model
 * slides along its path, over the table as it stands now.
 * @param {SVGSVGElement} root @param {any} view @param {number} viewerSeat
 * @param {{unit: number, from: {x: number, y: number}, waypoints: {x: number, y: number}[]}[]} paths @param {number} radius
 */
export function replayMove(root, view, viewerSeat, paths, radius) {
  const layer = root.querySelector('#preview');
  if (!layer || !paths.length) return;
  const flip = viewerSeat >= 0 && viewerSeat <= 1 && viewerSeat !== view.near_seat;
  const fr = frame(view.field, flip);
  const moves = chained(paths).map((p) => {
    const pts = [p.from, ...p.waypoints].map((q) => fr.to(q));
    const lens = pts.slice(1).map((q, i) => Math.hypot(q.x - pts[i].x, q.y - pts[i].y));
    const c = svg('circle', { class: 'replayed', cx: pts[0].x, cy: pts[0].y, r: radius });
    layer.append(svg('polyline', { class: 'preview-path replayed', points: pts.map((q) => `${q.x.toFixed(3)},${q.y.toFixed(3)}`).join(' ') }), c);
    return { c, pts, lens, total: lens.reduce((a, b) => a + b, 0) };
  });
  const longest = Math.max(...moves.map((x) => x.total));
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const ms = still ? 0 : Math.min(2000, Math.max(500, (longest / 6) * 1000));
  root.dataset.replaying = 'yes';
  const start = performance.now();
  const step = (/** @type {number} */ now) => {
    const f = ms ? Math.min(1, (now - start) / ms) : 1;
    for (const mv of moves) {
      let d = f * mv.total;
      let i = 0;
      while (i < mv.lens.length - 1 && d > mv.lens[i]) d -= mv.lens[i++];
      const a = mv.pts[i];
      const b = mv.pts[i + 1] || a;
      const k = mv.lens[i] > 0 ? Math.min(1, d / mv.lens[i]) : 1;
      mv.c.setAttribute('cx', String(a.x + (b.x - a.x) * k));
      mv.c.setAttribute('cy', String(a.y + (b.y - a.y) * k));
    }
    if (f < 1) requestAnimationFrame(step);
    else
      setTimeout(() => {
        for (const e of layer.querySelectorAll('.replayed')) e.remove();
        delete root.dataset.replaying;
      }, 600);
  };
  requestAnimationFrame(step);
}
