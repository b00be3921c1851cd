// @ts-check
/** "Where it turned": each seat's estimated chance to win after every
 * decision of a finished game (`GET /api/games/{id}/turns`), drawn as one
 * line a seat, and the three decisions that moved it most, each a link to
 * its step of the replay. */

import { t, el, percent } from '../texts.js';
import { SEAT_COLOURS, s } from './map.js';
import { seatName, seatTag } from './panels.js';

/** The chart's drawing box: x in decisions, y in per cent. */
const W = 1000;
const H = 100;

/** Dash patterns that tell the lines apart without their colour. */
const DASHES = ['', '12 6', '3 5', '14 5 3 5'];

/**
 * The chart and the turning decisions.
 * @param {any} content the pack (seat names)
 * @param {any} turns the answer of `/turns`
 * @param {(k: number) => void} go opens step `k` of the replay
 * @returns {{nodes: Node[], mark: (k: number) => void}}
 */
export function turnsPanel(content, turns, go) {
  const steps = /** @type {{seat: number | null, chances: number[]}[]} */ (turns.steps);
  const last = Math.max(1, steps.length - 1);
  const x = (/** @type {number} */ k) => (k / last) * W;
  const y = (/** @type {number} */ p) => H - p * H;
  const seats = steps[0]?.chances.length ?? 0;
  const lines = [];
  for (let seat = 0; seat < seats; seat++) {
    // One step's estimate jumps with who decides there: each point is the
    // median of the five steps around it (the last, the result, as it is).
    const points = steps.map((_st, k) => `${x(k).toFixed(1)},${y(k === last ? steps[k].chances[seat] : around(steps, k, seat)).toFixed(1)}`).join(' ');
    lines.push(
      s('polyline', {
        points,
        fill: 'none',
        stroke: SEAT_COLOURS[seat] ?? '#777',
        'stroke-width': 2,
        'stroke-dasharray': DASHES[seat] ?? '',
        'vector-effect': 'non-scaling-stroke',
        class: `turns-line seat${seat}`,
      }),
    );
  }
  const ticks = /** @type {SVGElement[]} */ ([]);
  for (const turn of turns.turning) {
    ticks.push(s('line', { x1: x(turn.k + 1), x2: x(turn.k + 1), y1: 0, y2: H, class: 'turns-turning', 'vector-effect': 'non-scaling-stroke' }));
  }
  const marker = s('line', { x1: 0, x2: 0, y1: 0, y2: H, class: 'turns-now', 'vector-effect': 'non-scaling-stroke' });
  const half = s('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'turns-half', 'vector-effect': 'non-scaling-stroke' });
  const chart = s('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', class: 'turns-chart', role: 'img', 'aria-label': t('web-turns-chart') }, [half, ...ticks, ...lines, marker]);
  // A click on the chart opens the step under it.
  chart.addEventListener('click', (e) => {
    const box = chart.getBoundingClientRect();
    if (box.width > 0) go(Math.round(((e.clientX - box.left) / box.width) * last));
  });
  const key = el('p', { class: 'turns-key' }, Array.from({ length: seats }, (_, seat) => el('span', { class: 'turns-key-item' }, [swatch(seat), seatTag(content, seat)])));
  const list = turns.turning.length
    ? el(
        'ol',
        { class: 'turns-list', id: 'turns-list' },
        turns.turning.map((/** @type {any} */ turn) => {
          const link = el('a', { href: `#k=${turn.k}`, 'data-k': String(turn.k), text: t('web-turns-item', { k: turn.k + 1, seat: seatName(content, turn.seat), option: turn.label, change: change(content, turn) }) });
          link.addEventListener('click', (e) => {
            e.preventDefault();
            go(turn.k);
          });
          return el('li', {}, [link, el('p', { class: 'turns-cause', text: causeText(content, turn) })]);
        }),
      )
    : el('p', { text: t('web-turns-none') });
  return {
    nodes: [key, chart, list],
    mark: (k) => {
      marker.setAttribute('x1', String(x(k)));
      marker.setAttribute('x2', String(x(k)));
    },
  };
}

/**
 * The median of a seat's chance over the steps `k - 2 ..= k + 2` (fewer at
 * the ends, the result left out).
 * @param {{chances: number[]}[]} steps @param {number} k @param {number} seat
 */
function around(steps, k, seat) {
  const v = [];
  for (let i = Math.max(0, k - 2); i <= Math.min(steps.length - 2, k + 2); i++) v.push(steps[i].chances[seat]);
  v.sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/** A short line in a seat's colour and dashes, for the key. @param {number} seat */
function swatch(seat) {
  return s('svg', { width: 24, height: 10, 'aria-hidden': 'true', class: 'turns-swatch' }, [
    s('line', { x1: 0, x2: 24, y1: 5, y2: 5, stroke: SEAT_COLOURS[seat] ?? '#777', 'stroke-width': 3, 'stroke-dasharray': DASHES[seat] ?? '' }),
  ]);
}

/** The seat whose chance moved most, and by how much ("Elyse +34%"). @param {any} content @param {any} turn */
function change(content, turn) {
  const d = turn.after[turn.mover] - turn.before[turn.mover];
  return `${seatName(content, turn.mover)} ${d >= 0 ? '+' : '−'}${percent(Math.abs(d))}`;
}

/**
 * The chance of the seat that moved most, before and after the decision,
 * and what moved it: for the deciding seat's own swing, the decision itself
 * (the search's estimate right after it) or what followed it (in the
 * log's words, or the decisions after it when nothing was told between);
 * otherwise what followed, in the log's words (its first lines).
 * @param {any} content @param {any} turn
 */
function causeText(content, turn) {
  const seat = turn.mover;
  const parts = [t('web-turns-before-after', { seat: seatName(content, seat), before: percent(turn.before[seat]), after: percent(turn.after[seat]) })];
  const lines = turn.followed || [];
  const what = `${lines.slice(0, 3).join('; ')}${lines.length > 3 ? '; …' : ''}`;
  if (turn.cause === 'decision') parts.push(t('web-turns-cause-decision', { expected: percent(turn.expected) }));
  else if (turn.cause === 'what_followed' && what) parts.push(t('web-turns-cause-followed', { what }));
  else if (turn.cause === 'what_followed') parts.push(t('web-turns-cause-later', { expected: percent(turn.expected) }));
  else if (what) parts.push(t('web-turns-then', { what }));
  return parts.join(' · ');
}
