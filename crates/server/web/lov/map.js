// @ts-check
/** The board of Lords of Vaala as SVG, drawn from the content pack (regions at
 * their `pos`, borders, mountain borders, the sea link) and a view (units,
 * Generals, Dragons, Power, cities, neutral Units). Pieces are told apart by
 * shape as well as colour: Infantry a square, Cavalry a triangle, Ranged a
 * circle, a General a star, a Dragon a diamond, neutral Units a hexagon; the
 * second General's pieces are hatched. */

import { t, colon } from '../texts.js';

const NS = 'http://www.w3.org/2000/svg';
/** Board units per content `pos` unit (pos runs 0..100). */
const SCALE = 10;
const TILE_W = 190;
const TILE_H = 150;
/** No one (`u8::MAX` in the engine's views). */
export const NONE = 255;

/** Okabe-Ito colours, distinguishable with the common colour-vision deficiencies. */
export const SEAT_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
/** The seat of each General's force in `regions[r].force[i]`. */
export const FORCE_SEATS = [0, 2];
/** The Dragons' seats. */
export const DRAGON_SEATS = [1, 3];
export const UNIT_KEYS = ['infantry', 'cavalry', 'ranged'];

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {(Node | null | false)[]} [children]
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, children = []) {
  const e = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [k, v] of Object.entries(attrs)) {
    // A style through the CSSOM: the Content-Security-Policy refuses a
    // `style` attribute.
    if (k === 'style') e.style.cssText = String(v);
    else e.setAttribute(k, String(v));
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

/** @param {string} text */
function title(text) {
  const e = s('title');
  e.textContent = text;
  return e;
}

/** Fill of a seat's pieces: the colour, hatched for the second General and Dragon. @param {number} seat */
export function seatFill(seat) {
  return seat >= 2 ? `url(#hatch${seat})` : SEAT_COLOURS[seat] ?? '#777';
}

/**
 * The seats' hatch patterns, once in the page, in an SVG of no size that is
 * never hidden: every board and icon fills from them. (Each SVG with its own
 * copy would repeat the ids, and a hidden first copy draws nothing.)
 */
function ensureDefs() {
  if (typeof document === 'undefined' || document.getElementById('seat-patterns')) return;
  const svg = s('svg', { id: 'seat-patterns', class: 'svg-defs', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false' });
  svg.append(defs());
  document.body.prepend(svg);
}

/** The shapes' defs: one hatch pattern per seat. */
function defs() {
  const d = s('defs');
  for (let seat = 0; seat < 4; seat++) {
    d.append(
      s('pattern', { id: `hatch${seat}`, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, [
        s('rect', { width: 6, height: 6, fill: SEAT_COLOURS[seat] }),
        s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#fff', 'stroke-width': 2, 'stroke-opacity': 0.75 }),
      ]),
    );
  }
  return d;
}

/**
 * A piece's shape centred at (x, y).
 * @param {'infantry'|'cavalry'|'ranged'|'general'|'dragon'|'neutral'|'power'|'city'} kind
 * @param {number} x @param {number} y @param {number} r @param {string} fill
 */
export function shape(kind, x, y, r, fill) {
  const common = { fill, stroke: '#111', 'stroke-width': 1.5 };
  switch (kind) {
    case 'infantry':
      return s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, ...common });
    case 'cavalry':
      return s('polygon', { points: `${x},${y - r * 1.15} ${x + r * 1.15},${y + r} ${x - r * 1.15},${y + r}`, ...common });
    case 'ranged':
      return s('circle', { cx: x, cy: y, r, ...common });
    case 'general': {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.5 : r * 1.25;
        pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
      }
      return s('polygon', { points: pts.join(' '), ...common });
    }
    case 'dragon':
      return s('polygon', { points: `${x},${y - r * 1.3} ${x + r},${y} ${x},${y + r * 1.3} ${x - r},${y}`, ...common, 'stroke-width': 2 });
    case 'neutral': {
      const pts = [];
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
      }
      return s('polygon', { points: pts.join(' '), ...common });
    }
    case 'power':
      return s('circle', { cx: x, cy: y, r, fill: '#F0C419', stroke: '#6b5200', 'stroke-width': 2 });
    case 'city':
      return s('path', {
        d: `M${x - r},${y + r} V${y - r * 0.4} h${r * 0.5} v-${r * 0.5} h${r * 0.5} v${r * 0.5} h${r * 0.5} v-${r * 0.5} h${r * 0.5} v${r * 0.5} V${y + r} Z`,
        fill: '#eee',
        stroke: '#111',
        'stroke-width': 1.5,
      });
  }
  return s('g');
}

/** A piece with a count beside it. */
function counted(kind, x, y, fill, n, label) {
  const g = s('g', { class: `piece ${kind}` }, [shape(kind, x, y, 9, fill)]);
  if (n > 1 || kind === 'neutral' || kind === 'power') {
    const tx = s('text', { x: x + 12, y: y + 5, class: 'count' });
    tx.textContent = `${n}`;
    g.append(tx);
  }
  g.append(title(label));
  return g;
}

/** Splits a long name over two lines at the space nearest its middle. @param {string} name */
function twoLines(name) {
  if (name.length <= 15) return [name];
  const mid = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i++) if (name[i] === ' ' && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) best = i;
  return best < 0 ? [name] : [name.slice(0, best), name.slice(best + 1)];
}

/** A region's centre on the board. @param {any} region */
export function centre(region) {
  return [region.pos[0] * SCALE, region.pos[1] * SCALE];
}

/**
 * What a region holds, in words, for its label and for screen readers.
 * @param {any} content @param {any} rs the region's state @param {number} r @param {any} view
 */
function describe(content, rs, r, view) {
  const parts = [content.regions[r].name];
  if (rs.power) parts.push(t('web-map-power', { count: rs.power }));
  if (rs.city) parts.push(t('web-city'));
  rs.force.forEach((/** @type {any} */ f, /** @type {number} */ i) => {
    const seat = FORCE_SEATS[i];
    const bits = [];
    if (f.general) bits.push(t('web-general'));
    f.units.forEach((/** @type {number} */ n, /** @type {number} */ u) => {
      if (n) bits.push(`${n} ${t(`web-${UNIT_KEYS[u]}`)}`);
    });
    if (bits.length) parts.push(`${content.characters[seat].name}${colon()}${bits.join(', ')}`);
  });
  if (rs.neutral) parts.push(`${rs.neutral} ${t('web-neutral')}`);
  for (const d of DRAGON_SEATS) {
    if (view.players[d] && view.players[d].at === r && !view.players[d].eliminated) parts.push(`${content.characters[d].name} (${t('web-dragon')})`);
  }
  return parts.join(' · ');
}

/**
 * Draws the board into `svg`.
 * @param {SVGSVGElement} svg
 * @param {any} content `GET /api/content/lov`
 * @param {any} view the seat's view, or null before the game is known
 * @param {{picks: Map<number, {label: string, choose: () => void}>, focus: Set<number>, lit: Set<number>, move?: {from: number, to: number, seat: number} | null}} marks
 *   regions that are a legal choice now, regions the question is about, regions a hovered log entry touched,
 *   and a move being played back (an arrow from region to region)
 */
export function drawMap(svg, content, view, marks) {
  svg.setAttribute('viewBox', '-70 0 1100 980');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t('web-map'));
  const borders = s('g', { class: 'borders' });
  for (const b of content.borders || []) {
    const [x1, y1] = centre(content.regions[b.a]);
    const [x2, y2] = centre(content.regions[b.b]);
    if (b.mountain) {
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      borders.append(
        s('line', { x1, y1, x2, y2, class: 'border mountain' }, [title(t('web-mountain-border'))]),
        s('polygon', { points: `${mx - 16},${my + 10} ${mx},${my - 16} ${mx + 16},${my + 10}`, class: 'mountain-icon' }, [title(t('web-mountain-border'))]),
      );
    } else {
      borders.append(s('line', { x1, y1, x2, y2, class: 'border' }));
    }
  }
  for (const b of content.sea || []) {
    const [x1, y1] = centre(content.regions[b.a]);
    const [x2, y2] = centre(content.regions[b.b]);
    const cx = Math.min(x1, x2) - 160;
    const cy = (y1 + y2) / 2;
    borders.append(s('path', { d: `M${x1},${y1} Q${cx},${cy} ${x2},${y2}`, class: 'border sea' }, [title(t('web-sea-link'))]));
  }
  const tiles = s('g', { class: 'regions' });
  content.regions.forEach((/** @type {any} */ region, /** @type {number} */ r) => {
    const [cx, cy] = centre(region);
    const rs = view ? view.regions[r] : { force: [], neutral: 0, power: 0, city: false };
    const pick = marks.picks.get(r);
    const cls = ['region', pick ? 'pickable' : '', marks.focus.has(r) ? 'focus' : '', marks.lit.has(r) ? 'lit' : ''].join(' ');
    const label = view ? describe(content, rs, r, view) : region.name;
    const g = s('g', { class: cls, transform: `translate(${cx},${cy})`, 'data-region': r });
    g.append(title(pick ? `${label} — ${pick.label}` : label));
    g.append(s('rect', { x: -TILE_W / 2, y: -TILE_H / 2, width: TILE_W, height: TILE_H, rx: 18, class: 'tile' }));
    const lines = twoLines(region.name);
    lines.forEach((line, i) => {
      const tx = s('text', { x: 0, y: -TILE_H / 2 + 22 + i * 17, class: 'region-name' });
      tx.textContent = line;
      g.append(tx);
    });
    // The Region card's glyphs, as small letters in a row.
    const gy = -TILE_H / 2 + 22 + lines.length * 17;
    (region.glyphs || []).forEach((/** @type {string} */ gl, /** @type {number} */ i) => {
      g.append(glyphMark(gl, -TILE_W / 2 + 18 + i * 24, gy));
    });
    let px = TILE_W / 2 - 20;
    if (rs.city) {
      g.append(s('g', { class: 'city' }, [shape('city', px, gy, 10, '#eee'), title(t('web-city'))]));
      px -= 30;
    }
    if (rs.power) g.append(counted('power', px - 10, gy, '', rs.power, t('web-map-power', { count: rs.power })));
    let row = gy + 28;
    rs.force.forEach((/** @type {any} */ f, /** @type {number} */ i) => {
      const seat = FORCE_SEATS[i];
      if (!f.general && !f.units.some((/** @type {number} */ n) => n > 0)) return;
      let x = -TILE_W / 2 + 18;
      const name = content.characters[seat].name;
      if (f.general) {
        g.append(counted('general', x, row, seatFill(seat), 1, `${name}${colon()}${t('web-general')}`));
        x += 30;
      }
      f.units.forEach((/** @type {number} */ n, /** @type {number} */ u) => {
        if (!n) return;
        const key = UNIT_KEYS[u];
        g.append(counted(/** @type {any} */ (key), x, row, seatFill(seat), n, `${name}${colon()}${n} ${t(`web-${key}`)}`));
        x += 36;
      });
      row += 26;
    });
    if (rs.neutral) {
      g.append(counted('neutral', -TILE_W / 2 + 18, row, '#9a9a9a', rs.neutral, `${rs.neutral} ${t('web-neutral')}`));
    }
    if (view) {
      let dy = gy + 30;
      for (const d of DRAGON_SEATS) {
        const p = view.players[d];
        if (!p || p.at !== r || p.eliminated) continue;
        const name = content.characters[d].name;
        const piece = s('g', { class: 'piece dragon' }, [shape('dragon', TILE_W / 2 - 22, dy, 13, seatFill(d)), title(`${name} (${t('web-dragon')})`)]);
        const letter = s('text', { x: TILE_W / 2 - 22, y: dy + 5, class: 'dragon-letter' });
        letter.textContent = name.slice(0, 1);
        piece.append(letter);
        g.append(piece);
        dy += 36;
      }
    }
    if (marks.focus.has(r)) {
      g.append(s('text', { x: 0, y: TILE_H / 2 - 6, class: 'focus-mark' }, [title(t('web-combat'))]));
      /** @type {SVGElement} */ (g.lastChild).textContent = '⚔';
    }
    if (pick) {
      // The button is a clear pane over the tile, named by the label: the
      // tile's letters and counts say in short what the label says in words.
      const hit = s('rect', { x: -TILE_W / 2, y: -TILE_H / 2, width: TILE_W, height: TILE_H, rx: 18, class: 'hit', tabindex: '0', role: 'button', 'aria-label': `${label} — ${pick.label}` });
      g.append(hit);
      g.addEventListener('click', () => pick.choose());
      hit.addEventListener('keydown', (/** @type {Event} */ e) => {
        const k = /** @type {KeyboardEvent} */ (e).key;
        if (k === 'Enter' || k === ' ') {
          e.preventDefault();
          pick.choose();
        }
      });
    } else {
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', label);
    }
    tiles.append(g);
  });
  const arrow = marks.move ? moveArrow(content, marks.move) : null;
  ensureDefs();
  svg.replaceChildren(borders, tiles, ...(arrow ? [arrow] : []));
}

/**
 * An arrow from one region to another in a seat's colour: a move played
 * back, drawn from edge to edge of the tiles and drawn out as it appears.
 * @param {any} content @param {{from: number, to: number, seat: number}} move
 */
function moveArrow(content, move) {
  const a = content.regions[move.from];
  const b = content.regions[move.to];
  if (!a || !b || move.from === move.to) return null;
  const [x1, y1] = centre(a);
  const [x2, y2] = centre(b);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const pad = Math.min(60, len / 3);
  const [sx, sy, ex, ey] = [x1 + ux * pad, y1 + uy * pad, x2 - ux * pad, y2 - uy * pad];
  const head = `${ex},${ey} ${ex - ux * 22 - uy * 12},${ey - uy * 22 + ux * 12} ${ex - ux * 22 + uy * 12},${ey - uy * 22 - ux * 12}`;
  const colour = SEAT_COLOURS[move.seat] ?? '#333';
  return s('g', { class: 'move-arrow', 'aria-hidden': 'true' }, [
    s('line', { x1: sx, y1: sy, x2: ex - ux * 18, y2: ey - uy * 18, stroke: colour }),
    s('polygon', { points: head, fill: colour }),
  ]);
}

/** A Region card's glyph as the board marks it: its first letter in a box centred at (x, y), named. @param {string} glyph @param {number} x @param {number} y */
export function glyphMark(glyph, x, y) {
  return s('g', { class: `glyph ${glyph}` }, [
    s('rect', { x: x - 10, y: y - 10, width: 20, height: 20, rx: 4, class: 'glyph-box' }),
    Object.assign(s('text', { x, y: y + 5, class: 'glyph-letter' }), { textContent: t(`web-glyph-${glyph}`).slice(0, 1) }),
    title(t(`web-glyph-${glyph}`)),
  ]);
}

/** A small SVG icon of a piece, for legends and boards. @param {any} kind @param {string} fill @param {number} [size] */
export function icon(kind, fill, size = 18) {
  const svg = /** @type {SVGSVGElement} */ (s('svg', { viewBox: '-12 -12 24 24', width: size, height: size, 'aria-hidden': 'true', class: 'icon' }));
  ensureDefs();
  svg.append(shape(kind, 0, 0, kind === 'dragon' ? 8 : 9, fill));
  return svg;
}

/** The key to the board's pieces and borders. */
export function legend() {
  /** @param {SVGSVGElement} i @param {string} text */
  const item = (i, text) => {
    const e = document.createElement('span');
    e.append(i, text);
    return e;
  };
  /** @param {string} cls */
  const line = (cls) => {
    const svg = /** @type {SVGSVGElement} */ (s('svg', { viewBox: '0 0 40 16', width: 30, height: 12, 'aria-hidden': 'true', class: 'icon' }));
    svg.append(s('line', { x1: 2, y1: 8, x2: 38, y2: 8, class: `border ${cls}`, style: 'stroke-width:4' }));
    return svg;
  };
  return [
    item(icon('general', '#888'), t('web-general')),
    item(icon('infantry', '#888'), t('web-infantry')),
    item(icon('cavalry', '#888'), t('web-cavalry')),
    item(icon('ranged', '#888'), t('web-ranged')),
    item(icon('dragon', '#888'), t('web-dragon')),
    item(icon('neutral', '#9a9a9a'), t('web-neutral')),
    item(icon('power', ''), t('web-power')),
    item(icon('city', '#eee'), t('web-city')),
    item(line('mountain'), t('web-mountain-border')),
    item(line('sea'), t('web-sea-link')),
  ];
}
