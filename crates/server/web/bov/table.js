// @ts-check
/** The Battles of Valerna table: the battlefield at true scale, the
 * question and its choices (each dice roll with its exact odds, worded by
 * the server), the sides, the selected unit's card, the Vaala hand and the
 * battle's story, kept up to date over the game's WebSocket. A March is
 * made by dragging the active unit: while it moves, the server's own
 * validator says whether the move is legal (a `try`), and letting go makes
 * the move the server last found legal. */

import { getJson, postJson, openTable, errorText, Live, ApiError, addEvents, gameIdFromPath } from '../api.js';
import { askHint, markHint } from '../hint.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el } from '../texts.js';
import { phoneTabs, sinceMark, sinceSummary } from '../tabs.js';
import { warnOfInvite } from '../invite.js';
import { drawField, drawLabels, drawTools, drawSpots, drawPreview, playBack, replayMove, legend, tablePoint, screenPoint, drawGhost, centroid, SIDE_COLOURS } from './field.js';
import { unitsOf, kindOf, sideName, unitCard, diceRow, endPanel, percent } from './panels.js';
import { replay } from './replay.js';
import { roundPanel, installRules } from './rules.js';

/**
 * @typedef {{n: number, event: any, text: string, seat: number | null}} LogEntry
 * @typedef {{content: any, state: any, log: LogEntry[], kinds: string[] | null, selected: number | null,
 *   busy: boolean, notice: string, verdict: string, localSeats: number[], hidden: boolean, since?: number, hint?: any}} Model
 */

/** @param {Model} m */
function mine(m) {
  const q = m.state?.question;
  return q && Array.isArray(q.options) && q.options.length > 0 ? q : null;
}

/** The table page. */
async function main() {
  const id = gameIdFromPath();
  const replaying = location.pathname.startsWith('/replay/');
  const { tokens, refused, pending, lang: gameLang, kinds, localSeats } = await openTable(id, replaying);
  let acting = localSeats.length ? localSeats[0] : null;
  /** @type {Model} */
  const m = { content: null, state: null, log: [], kinds, selected: null, busy: false, notice: '', verdict: '', localSeats, hidden: localSeats.length > 1 };
  const token = () => (acting === null ? null : tokens[String(acting)]);
  await loadTexts(initialLang(gameLang));
  applyTexts(document);
  phoneTabs();
  if (refused && !localSeats.length) m.notice = t(refused === 'already_joined' ? 'web-already-joined' : 'web-wrong-invite');
  // A seat of this game held already: another's invitation waits to be asked.
  if (pending) warnOfInvite(id, pending);
  const loadContent = async () => {
    m.content = await getJson(`/api/content/bov?lang=${lang()}`);
  };
  await loadContent();
  /** The pack's cards with the battle's own unit cards (a pack of one's own). */
  const cardsOf = () => {
    const own = m.state?.view?.own_cards || [];
    return { ...m.content, units: [...(m.content.units || []), ...own] };
  };
  const root = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('field')));
  /** The seat whose edge is drawn at the bottom. */
  const viewerSeat = () => (m.state?.view?.seat === undefined || m.state.view.seat > 1 ? 0 : m.state.view.seat);

  // --- The drag: one try in flight, the newest geometry next. -----------
  /** @type {{radius: number, from: {x: number, y: number}[] | null, at: {x: number, y: number}[], decision: any, key: string, pointer: number,
   *   propose: (p: {x: number, y: number}) => {at: {x: number, y: number}[], decision: any}, click: (() => void) | null,
   *   down: {x: number, y: number}, moved: boolean, cancelled?: boolean, single?: {model: number, path: {x: number, y: number}[]},
   *   routes?: {x: number, y: number}[][]} | null} */
  let drag = null;
  /** A march planned model by model (Alt-drag, or "One model at a time"):
   * each model's path, checked as a whole by the server, made with the
   * March button; a consolidation's likewise, starting from the engine's
   * placement. @type {{unit: number, paths: Map<number, {x: number, y: number}[]>, key: string, kind?: string} | null} */
  let plan = null;
  /** Models clicked to be removed as casualties. @type {{unit: number, n: number, models: number[]} | null} */
  let picks = null;
  /** A march dragged and found legal, shown where it would end until it is
   * made or undone. @type {{decision: any, key: string, at: {x: number, y: number}[], trails: {x: number, y: number}[][] | null, radius: number, words: string} | null} */
  let pendingMove = null;
  /** A charge chosen and not yet made: its roll is still to come, so it
   * may be undone, as a march may before it is made. @type {{index: number, label: string} | null} */
  let pendingCharge = null;
  /** A unit picked to be put where the next tap (or click) on the table
   * lands: the active unit to march, or a unit to deploy by its button.
   * @type {{kind: 'march', unit: number} | {kind: 'deploy', index: number, unit: number, positions: {x: number, y: number}[]} | null} */
  let armed = null;
  /** The kind of pointer last pressed (a touch zooms to the unit it taps). */
  let lastPointer = 'mouse';
  document.addEventListener('pointerdown', (e) => (lastPointer = e.pointerType), { capture: true });
  /** Verdicts wanted outside a drag (a plan, casualties), by geometry key. @type {Map<string, () => void>} */
  const waiting = new Map();
  /** The verdicts by geometry key: `ok` or the refusal's words, and what the move measures. @type {Map<string, {ok: boolean, text: string, measure: any}>} */
  const verdicts = new Map();
  let seq = 0;
  /** @type {{seq: number, key: string, sent: number} | null} */
  let inFlight = null;
  /** @type {{decision: any, key: string} | null} */
  let wanted = null;
  /** A drop waiting for its verdict. @type {string | null} */
  let dropped = null;
  /** Send-to-answer times of the tries, for tests and the curious. */
  const probe = { samples: /** @type {number[]} */ ([]), server: /** @type {number[]} */ ([]), maxInFlight: 0, sent: 0, last: /** @type {any} */ (null) };
  /** @type {any} */ (window).__bovProbe = probe;

  // --- The tools: line of sight between two units, the ruler, and the
  // selected unit's range rings. -----------------------------------------
  /** @type {{mode: '' | 'look' | 'ruler', from: number | null, look: any, ruler: {a: {x: number, y: number}, b: {x: number, y: number}} | null, rulerPointer: number | null, seq: number}} */
  const tools = { mode: '', from: null, look: null, ruler: null, rulerPointer: null, seq: 0 };
  const toolText = (/** @type {string} */ text) => {
    const box = document.getElementById('tool-text');
    if (box) box.textContent = text;
  };
  /** The unit named `id`, as the view has it. @param {number | null} id */
  const unitById = (id) => m.state?.view?.units?.find((/** @type {any} */ u) => u.id === id) || null;
  function redrawTools() {
    if (!m.state?.view) return;
    const u = tools.mode === '' ? unitById(m.selected) : null;
    const card = u && cardsOf().units.find((/** @type {any} */ c) => c.id === u.card);
    const p = card && (u.injured && card.injured ? card.injured : card.front);
    const rings = p ? { unit: u, speed: typeof u.allowance_in === 'number' ? u.allowance_in : Number(p.speed) || 0, range: p.ranged?.range ?? null, charge: chargeRings(u.charge) } : null;
    drawTools(root, m.state.view, viewerSeat(), { rings, look: tools.mode === 'look' ? tools.look : null, ruler: tools.mode === 'ruler' ? tools.ruler : null });
  }
  /** The charge rings worth drawing: the farthest an even chance reaches
   * and the farthest the dice can reach, each with its chance.
   * @param {{inches: number, chance: number}[] | undefined} charge */
  function chargeRings(charge) {
    if (!charge?.length) return [];
    const likely = [...charge].reverse().find((c) => c.chance >= 0.5 && c.inches > charge[0].inches);
    const farthest = charge[charge.length - 1];
    return [likely, farthest.inches > (likely?.inches ?? charge[0].inches) ? farthest : null].filter((c) => !!c).map((c) => ({ inches: c.inches, label: t('web-bov-charge-ring', { inches: c.inches.toFixed(1), chance: percent(c.chance) }) }));
  }
  /** @param {'look' | 'ruler'} mode */
  function toggleTool(mode) {
    tools.mode = tools.mode === mode ? '' : mode;
    tools.from = null;
    tools.look = null;
    tools.ruler = null;
    for (const [id, on] of [['tool-look', tools.mode === 'look'], ['tool-ruler', tools.mode === 'ruler']]) document.getElementById(/** @type {string} */ (id))?.setAttribute('aria-pressed', String(on));
    document.body.dataset.tool = tools.mode;
    toolText(tools.mode === 'look' ? t('web-bov-look-from') : tools.mode === 'ruler' ? t('web-bov-ruler-how') : '');
    redrawTools();
  }
  /** Whether a drag moves the model under the pointer alone (as Alt-drag does). */
  let oneByOne = false;
  document.getElementById('tool-models')?.addEventListener('click', (e) => {
    oneByOne = !oneByOne;
    /** @type {HTMLElement} */ (e.currentTarget).setAttribute('aria-pressed', String(oneByOne));
  });
  document.getElementById('tool-look')?.addEventListener('click', () => toggleTool('look'));
  document.getElementById('tool-ruler')?.addEventListener('click', () => toggleTool('ruler'));
  /** A unit picked with the line-of-sight tool: the one that looks, then the one it looks at. @param {number} unitId */
  function lookPick(unitId) {
    if (tools.from === null || tools.from === unitId) {
      tools.from = unitId;
      tools.look = null;
      m.selected = unitId;
      draw();
      toolText(t('web-bov-look-to', { unit: unitById(unitId)?.name || '' }));
      return;
    }
    tools.seq += 1;
    live.send({ type: 'look', seq: tools.seq, from: tools.from, to: unitId });
  }
  let whySeq = 0;
  /** Why the acting unit may not attack, and may not charge, the unit
   * clicked: told in the notice. @param {any} msg */
  function whyNot(msg) {
    if (msg.seq !== whySeq || !msg.why) return;
    const w = msg.why;
    const target = unitById(w.target)?.name || '';
    const reason = (/** @type {any} */ r) =>
      t(`web-bov-why-${r.kind}${r.kind === 'no_sight' && r.between ? '_between' : ''}`, { distance: (r.distance ?? 0).toFixed(1), range: (r.range ?? 0).toFixed(0), reach: (r.reach ?? 0).toFixed(1), between: r.between || '', target });
    const lines = [
      w.attack ? t('web-bov-why-attack', { target, reason: reason(w.attack) }) : '',
      w.charge ? t('web-bov-why-charge', { target, reason: reason(w.charge) }) : '',
    ].filter(Boolean);
    m.notice = lines.join(' ');
    document.body.dataset.why = String(whySeq);
    draw();
  }
  /** @param {any} msg */
  function looked(msg) {
    if (msg.seq !== tools.seq || tools.mode !== 'look') return;
    if (msg.error) {
      toolText(msg.text || msg.error);
    } else {
      const l = msg.look;
      tools.look = l;
      const from = unitById(l.from);
      const to = unitById(l.to);
      const seeing = new Set(l.lines.map((/** @type {any} */ x) => x.model)).size;
      toolText(
        seeing
          ? [t('web-bov-look-sees', { from: from?.name || '', to: to?.name || '', seeing, models: from?.models?.length || 0, distance: l.distance.toFixed(1) }), l.in_cover ? t('web-bov-look-cover', { to: to?.name || '' }) : ''].join(' ').trim()
          : t('web-bov-look-blind', { from: from?.name || '', to: to?.name || '', distance: l.distance.toFixed(1) }),
      );
      document.body.dataset.looked = String(l.lines.length);
    }
    tools.from = null;
    redrawTools();
  }
  // --- Zoom and pan: the viewBox only (one user unit stays one inch). ---
  /** How far in (1: the whole table) and the centre seen, in SVG units. */
  const zoom = { k: 1, cx: 0, cy: 0 };
  /** The units' names, placed again for the zoom and size the table has now. */
  function relabel() {
    if (!m.state?.view) return;
    const active = mine(m)?.options[0]?.meaning?.unit;
    drawLabels(root, m.state.view, viewerSeat(), [m.selected, active].filter((x) => typeof x === 'number'));
  }
  // A table that changes size (a window resized, the phone's board tab
  // shown) names its units again at the labels' screen size.
  new ResizeObserver(() => relabel()).observe(root);
  function applyZoom() {
    const W = Number(root.dataset.width || 0) + 2;
    const H = Number(root.dataset.height || 0) + 2;
    if (!W || !H) return;
    if (zoom.k <= 1) {
      zoom.k = 1;
      root.setAttribute('viewBox', `-1 -1 ${W} ${H}`);
      root.dataset.zoom = '1';
      relabel();
      return;
    }
    const w = W / zoom.k;
    const h = H / zoom.k;
    zoom.cx = Math.min(Math.max(zoom.cx, w / 2 - 1), W - 1 - w / 2);
    zoom.cy = Math.min(Math.max(zoom.cy, h / 2 - 1), H - 1 - h / 2);
    root.setAttribute('viewBox', `${(zoom.cx - w / 2).toFixed(3)} ${(zoom.cy - h / 2).toFixed(3)} ${w.toFixed(3)} ${h.toFixed(3)}`);
    root.dataset.zoom = zoom.k.toFixed(2);
    relabel();
  }
  /** Zooms by `factor` about the SVG point `at` (the centre when none). @param {number} factor @param {{x: number, y: number} | null} at */
  function zoomBy(factor, at) {
    const W = Number(root.dataset.width || 0) + 2;
    const H = Number(root.dataset.height || 0) + 2;
    if (zoom.k <= 1) {
      zoom.cx = W / 2 - 1;
      zoom.cy = H / 2 - 1;
    }
    const k = Math.min(8, Math.max(1, zoom.k * factor));
    const p = at || { x: zoom.cx, y: zoom.cy };
    // The point under the cursor stays under it.
    zoom.cx = p.x + (zoom.cx - p.x) * (zoom.k / k);
    zoom.cy = p.y + (zoom.cy - p.y) * (zoom.k / k);
    zoom.k = k;
    applyZoom();
  }
  /** A screen point in the SVG's own units. @param {{clientX: number, clientY: number}} e */
  function svgPoint(e) {
    const m = root.getScreenCTM();
    return m ? new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse()) : null;
  }
  root.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY * 0.0015), svgPoint(e));
  }, { passive: false });
  document.getElementById('zoom-in')?.addEventListener('click', () => zoomBy(1.5, null));
  document.getElementById('zoom-out')?.addEventListener('click', () => zoomBy(1 / 1.5, null));
  document.getElementById('zoom-all')?.addEventListener('click', () => ((zoom.k = 1), applyZoom()));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') zoomBy(1.5, null);
    else if (e.key === '-') zoomBy(1 / 1.5, null);
    else if (e.key === '0') (zoom.k = 1), applyZoom();
    else return;
    e.preventDefault();
  });
  // Two fingers pinch to zoom about their middle (a drag or a pan under
  // way is dropped when the second finger lands).
  /** @type {Map<number, {x: number, y: number}>} */
  const touches = new Map();
  let pinchDistance = 0;
  const spread2 = () => {
    const [a, b] = [...touches.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), mid: { clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 } };
  };
  root.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    // A first finger starts a new gesture: a finger whose lifting the table
    // never heard (its element was drawn anew) is forgotten.
    if (e.isPrimary) touches.clear();
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) {
      pan = null;
      if (drag) cancelDrag();
      pinchDistance = spread2().d;
      e.stopImmediatePropagation();
    }
  }, { capture: true });
  root.addEventListener('pointermove', (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size !== 2 || !pinchDistance) return;
    const { d, mid } = spread2();
    if (d > 0 && Math.abs(d / pinchDistance - 1) > 0.02) {
      zoomBy(d / pinchDistance, svgPoint(mid));
      pinchDistance = d;
    }
    e.stopImmediatePropagation();
  }, { capture: true });
  const untouch = (/** @type {PointerEvent} */ e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) pinchDistance = 0;
  };
  root.addEventListener('pointerup', untouch, { capture: true });
  root.addEventListener('pointercancel', untouch, { capture: true });
  /** A pan in progress: the pointer and the SVG point it grabbed. @type {{pointer: number, x: number, y: number} | null} */
  let pan = null;
  /** Whether the last press panned the table (its click places nothing). */
  let panned = false;
  root.addEventListener('pointerdown', (e) => {
    // The empty table, zoomed in, with no tool: drag to pan.
    panned = false;
    if (e.button !== 0 || tools.mode || zoom.k <= 1 || /** @type {Element} */ (e.target).closest('[data-unit]')) return;
    const p = svgPoint(e);
    if (!p) return;
    root.setPointerCapture(e.pointerId);
    pan = { pointer: e.pointerId, x: p.x, y: p.y };
    panned = false;
  });
  root.addEventListener('pointermove', (e) => {
    if (!pan || e.pointerId !== pan.pointer) return;
    const p = svgPoint(e);
    if (!p) return;
    if (Math.hypot(p.x - pan.x, p.y - pan.y) > 0.2) panned = true;
    zoom.cx -= p.x - pan.x;
    zoom.cy -= p.y - pan.y;
    applyZoom();
  });
  const panEnd = (/** @type {PointerEvent} */ e) => {
    if (pan && e.pointerId === pan.pointer) pan = null;
  };
  root.addEventListener('pointerup', panEnd);
  root.addEventListener('pointercancel', panEnd);

  root.addEventListener('pointerdown', (e) => {
    if (tools.mode !== 'ruler' || e.button !== 0) return;
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    if (!p) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    root.setPointerCapture(e.pointerId);
    tools.ruler = { a: p, b: p };
    tools.rulerPointer = e.pointerId;
    redrawTools();
  });
  root.addEventListener('pointermove', (e) => {
    if (tools.rulerPointer !== e.pointerId || !tools.ruler) return;
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    if (!p) return;
    tools.ruler.b = p;
    toolText(`${Math.hypot(p.x - tools.ruler.a.x, p.y - tools.ruler.a.y).toFixed(1)}"`);
    redrawTools();
  });
  const rulerUp = (/** @type {PointerEvent} */ e) => {
    if (tools.rulerPointer === e.pointerId) tools.rulerPointer = null;
  };
  root.addEventListener('pointerup', rulerUp);
  root.addEventListener('pointercancel', rulerUp);

  function sendTry() {
    if (inFlight || !wanted || !m.state) return;
    if (verdicts.has(wanted.key)) {
      waiting.get(wanted.key)?.();
      waiting.delete(wanted.key);
      showVerdict(wanted.key);
      wanted = null;
      return;
    }
    seq += 1;
    const w = wanted;
    wanted = null;
    if (live.send({ type: 'try', version: m.state.version, seq, decision: w.decision })) {
      inFlight = { seq, key: w.key, sent: performance.now() };
      probe.last = w.decision;
      probe.sent += 1;
      probe.maxInFlight = Math.max(probe.maxInFlight, 1);
    }
  }

  /** @param {any} msg */
  function tried(msg) {
    if (!inFlight || msg.seq !== inFlight.seq) return;
    probe.samples.push(performance.now() - inFlight.sent);
    if (typeof msg.us === 'number') probe.server.push(msg.us / 1000);
    const key = inFlight.key;
    inFlight = null;
    if (msg.error && msg.error !== 'illegal_decision') {
      // The battle moved on (a stale version): the drag is over.
      cancelDrag();
      return;
    }
    verdicts.set(key, { ok: !!msg.ok, text: msg.text || '', measure: msg.measure || null });
    waiting.get(key)?.();
    waiting.delete(key);
    showVerdict(key);
    if (dropped === key) finishDrop(key);
    sendTry();
  }

  /** @param {string} key */
  function showVerdict(key) {
    if (!drag || drag.key !== key) return;
    const v = verdicts.get(key);
    if (!v) return;
    drawGhost(root, drag.radius, trails(), drag.at, v.ok ? 'ok' : 'refused', m.state.view, viewerSeat());
    const inches = (/** @type {number} */ x) => (Math.round(x * 10) / 10).toFixed(1);
    m.verdict = !v.ok ? v.text : v.measure ? t('web-bov-legal-move', { used: inches(v.measure.used), allowance: inches(v.measure.allowance) }) : t('web-bov-legal');
    const box = document.getElementById('verdict');
    if (box) {
      box.textContent = m.verdict;
      box.dataset.verdict = v.ok ? 'ok' : 'refused';
    }
  }

  function cancelDrag() {
    drag = null;
    dropped = null;
    wanted = null;
    m.verdict = '';
    const box = document.getElementById('verdict');
    if (box) {
      box.textContent = '';
      delete box.dataset.verdict;
    }
    root.querySelector('#ghost')?.replaceChildren();
    root.querySelector('#ghost')?.removeAttribute('data-verdict');
  }

  /** @param {string} key */
  function finishDrop(key) {
    const v = verdicts.get(key);
    const d = drag;
    dropped = null;
    if (!d || !v) return;
    if (d.single) {
      // One model of a plan: kept whatever the verdict, which is the whole
      // plan's (a unit may pass out of coherency on its way to a legal end).
      const active = draggable();
      if (!active) return cancelDrag();
      if (!plan || plan.unit !== active.id) plan = { unit: active.id, paths: new Map(), key: '' };
      plan.paths.set(d.single.model, d.single.path);
      plan.key = key;
      cancelDrag();
      draw();
      return;
    }
    if (v.ok && d.decision?.March) {
      // A march is shown where it would end until it is made or undone.
      pendingMove = { decision: d.decision, key, at: d.at, trails: trails(), radius: d.radius, words: m.verdict };
      cancelDrag();
      draw();
      document.getElementById('move-confirm')?.focus();
    } else if (v.ok) {
      decide({ decision: d.decision });
      cancelDrag();
    } else {
      // Refused: the unit stays where it stood, and the reason stays shown.
      m.notice = v.text;
      cancelDrag();
      draw();
    }
  }

  /** The March the drag proposes: every model moved by the same offset. @param {any} unit @param {{x: number, y: number}} delta */
  function march(unit, delta) {
    const q = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
    const shifted = (/** @type {{x: number, y: number}} */ d) => unit.models.map((/** @type {{x: number, y: number}} */ p) => ({ x: q(p.x + d.x), y: q(p.y + d.y) }));
    const at = shifted(delta);
    // The waypoints set so far (Space), then where the pointer is.
    const legs = [...waypoints.map(shifted), at];
    const paths = at.map((/** @type {any} */ _p, /** @type {number} */ i) => [unit.model_ids[i], legs.map((l) => l[i])]);
    return { at, decision: { March: { paths } } };
  }
  /** The plan's march with `model` going along `path` (the rest as planned).
   * @param {any} unit @param {number | null} model @param {{x: number, y: number}[] | null} path */
  function planned(unit, model, path) {
    const paths = new Map(plan && plan.unit === unit.id ? plan.paths : []);
    if (model !== null && path) paths.set(model, path);
    const at = unit.models.map((/** @type {{x: number, y: number}} */ p, /** @type {number} */ i) => {
      const own = paths.get(unit.model_ids[i]);
      return own ? own[own.length - 1] : p;
    });
    const list = unit.model_ids.filter((/** @type {number} */ id) => paths.has(id)).map((/** @type {number} */ id) => [id, paths.get(id)]);
    return { at, decision: { [dragKind() || 'March']: { paths: list } } };
  }
  /** Each model's path so far: where it stands, then the waypoints. */
  const trails = () => drag?.routes ?? drag?.from?.map((p) => [p, ...waypoints.map((w) => ({ x: p.x + w.x, y: p.y + w.y }))]) ?? null;
  /** The offset the pointer last proposed. @type {{x: number, y: number} | null} */
  let lastDelta = null;
  /** A march's waypoints, as offsets from where the unit stands (Space adds
   * the pointer's, Backspace takes the last back). @type {{x: number, y: number}[]} */
  const waypoints = [];

  /** The kind of move a drag makes now: a March, or the models a
   * consolidation asks about, placed one by one. */
  function dragKind() {
    const q = mine(m);
    if (!q || m.busy || m.hidden) return null;
    return ['March', 'Consolidate'].find((k) => q.options.some((/** @type {any} */ o) => kindOf(o.decision) === k)) || null;
  }
  /** The unit a drag moves now, if any: the active unit for a March, the
   * consolidating unit for a consolidation. */
  function draggable() {
    if (!dragKind()) return null;
    const active = mine(m)?.options[0]?.meaning?.unit;
    return m.state.view.units.find((/** @type {any} */ u) => u.id === active) || null;
  }
  /** How near (inches) a dragged base must come to an enemy base to be
   * snapped into contact with it. */
  const SNAP_IN = 0.3;
  /** `p`, or the nearest point in base contact with the enemy base that a
   * model of `unit` at `p` nearly touches (or overlaps): bases are hard to
   * bring exactly into contact with a pointer. @param {any} unit @param {{x: number, y: number}} p */
  function snapToContact(unit, p) {
    let best = p;
    let gap = SNAP_IN;
    for (const foe of m.state.view.units) {
      if (foe.owner === unit.owner) continue;
      for (const f of foe.models) {
        const d = Math.hypot(p.x - f.x, p.y - f.y);
        const touch = unit.radius_in + foe.radius_in;
        if (d > 1e-9 && Math.abs(d - touch) < gap) {
          gap = Math.abs(d - touch);
          // A hair beyond touching, so that rounding never overlaps.
          const k = (touch + 0.0006) / d;
          best = { x: f.x + (p.x - f.x) * k, y: f.y + (p.y - f.y) * k };
        }
      }
    }
    return best;
  }
  /** A consolidation's plan starts as the engine's placement by the book's
   * principle, for the owner to change. @param {any} unit */
  function consolidationPlan(unit) {
    const offered = mine(m)?.options.find((/** @type {any} */ o) => o.decision?.Consolidate)?.decision.Consolidate.paths || [];
    return { unit: unit.id, paths: new Map(offered.map((/** @type {[number, any[]]} */ [id, way]) => [id, way])), key: '', kind: 'Consolidate' };
  }

  /** Starts a drag at a pointer press: `propose` gives the models' places
   * and the decision for a point of the table; `click` is what a press
   * that does not move does. @param {PointerEvent} e @param {Element} capture
   * @param {number} radius @param {{x: number, y: number}[] | null} from
   * @param {(p: {x: number, y: number}) => {at: {x: number, y: number}[], decision: any}} propose @param {(() => void) | null} click */
  function startDrag(e, capture, radius, from, propose, click) {
    e.preventDefault();
    capture.setPointerCapture(e.pointerId);
    pendingMove = null;
    drag = { radius, from, at: [], decision: null, key: '', pointer: e.pointerId, propose, click, down: { x: e.clientX, y: e.clientY }, moved: false };
  }

  root.addEventListener('pointerdown', (e) => {
    const target = /** @type {Element} */ (e.target);
    const g = target.closest('[data-unit]');
    if (!g || e.button !== 0 || tools.mode) return;
    const unit = draggable();
    if (!unit || Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit) !== unit.id) return;
    const start = tablePoint(root, e, m.state.view, viewerSeat());
    if (!start) return;
    waypoints.length = 0;
    lastDelta = null;
    const model = Number(/** @type {Element} */ (e.target).getAttribute('data-model'));
    const i = unit.model_ids.indexOf(model);
    const consolidating = dragKind() === 'Consolidate';
    if ((e.altKey || oneByOne || consolidating) && i >= 0) {
      if (consolidating && (!plan || plan.unit !== unit.id)) plan = consolidationPlan(unit);
      // One model: it goes from where the plan has it so far; a
      // consolidating model straight from where it stands, its base
      // snapped into contact with an enemy base it nearly touches.
      const own = plan?.unit === unit.id && !consolidating ? plan.paths.get(model) : null;
      const from = own ? own[own.length - 1] : unit.models[i];
      const q = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
      startDrag(e, root, unit.radius_in, null, (p) => {
        const dropped = { x: from.x + p.x - start.x, y: from.y + p.y - start.y };
        const at = consolidating ? snapToContact(unit, dropped) : dropped;
        const to = { x: q(at.x), y: q(at.y) };
        const path = [...(own || []), to];
        if (drag) drag.single = { model, path };
        const out = planned(unit, model, path);
        return { at: [to], decision: out.decision };
      }, () => pick(unit.id));
      return;
    }
    plan = null;
    startDrag(e, root, unit.radius_in, unit.models, (p) => march(unit, (lastDelta = { x: p.x - start.x, y: p.y - start.y })), () => {
      // A tap on the unit to march: the next tap on the table says where
      // (this tap's own click, which may come after a zoom, says nothing).
      armed = dragKind() === 'March' ? { kind: 'march', unit: unit.id } : null;
      tapTaken = true;
      pick(unit.id);
    });
  });
  // A unit to deploy is dragged from its button onto the table: its
  // formation (the engine's suggestion) follows the pointer.
  document.getElementById('choices')?.addEventListener('pointerdown', (e) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-kind="Deploy"]'));
    if (!b || e.button !== 0 || m.busy) return;
    const option = mine(m)?.options.find((/** @type {any} */ o) => o.index === Number(b.dataset.index));
    const d = option?.decision?.Deploy;
    if (!d) return;
    const unit = m.state.view.units.find((/** @type {any} */ u) => u.id === d.unit);
    const c = centroid(d.positions);
    const q = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
    // On a touch screen a tap on the button picks the unit, and the next
    // tap on the table deploys it there; a second tap on the button takes
    // the place suggested.
    const tap = e.pointerType === 'touch' && !(armed?.kind === 'deploy' && armed.index === option.index) ? () => armDeploy(option.index, d, e.pointerId) : null;
    startDrag(e, b, unit?.radius_in ?? 0.5, null, (p) => {
      const at = d.positions.map((/** @type {{x: number, y: number}} */ m) => ({ x: q(m.x - c.x + p.x), y: q(m.y - c.y + p.y) }));
      return { at, decision: { Deploy: { unit: d.unit, positions: at } } };
    }, tap);
  });
  document.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.pointer || drag.cancelled) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.down.x, e.clientY - drag.down.y) < (e.pointerType === 'touch' ? 8 : 4)) return;
    drag.moved = true;
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    if (!p) return;
    const { at, decision } = drag.propose(p);
    drag.routes = undefined;
    drag.at = at;
    drag.decision = decision;
    drag.key = JSON.stringify(decision);
    const v = verdicts.get(drag.key);
    drawGhost(root, drag.radius, trails(), at, v ? (v.ok ? 'ok' : 'refused') : 'asking', m.state.view, viewerSeat());
    if (v) showVerdict(drag.key);
    else {
      wanted = { decision, key: drag.key };
      sendTry();
    }
  });
  /** A click that ended a drag is not a click on its button. */
  let swallowClick = false;
  const release = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (!drag.moved || !drag.decision) {
      // A press, not a drag: what a click does.
      const click = drag.click;
      cancelDrag();
      click?.();
      return;
    }
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    if (e.type === 'pointercancel' || drag.cancelled) {
      cancelDrag();
      return;
    }
    dropped = drag.key;
    if (verdicts.has(drag.key)) finishDrop(drag.key);
  };
  document.addEventListener('pointerup', release);
  document.addEventListener('pointercancel', release);
  document.addEventListener('click', (e) => {
    if (swallowClick) {
      e.stopPropagation();
      e.preventDefault();
      swallowClick = false;
    }
  }, true);
  // A finger's tap that puts a picked unit is read where the finger lifts:
  // the browser's click would be moved onto a unit near it.
  /** Where the last press began, and whether its lift put a unit already. */
  let pressedAt = { x: 0, y: 0 };
  let tapTaken = false;
  root.addEventListener('pointerdown', (e) => {
    pressedAt = { x: e.clientX, y: e.clientY };
    tapTaken = false;
  }, { capture: true });
  root.addEventListener('pointerup', (e) => {
    if (e.pointerType !== 'touch' || !armed || drag || tools.mode || Math.hypot(e.clientX - pressedAt.x, e.clientY - pressedAt.y) > 10 || baseAt(e)) return;
    tapTaken = true;
    putArmed(e);
  });
  root.addEventListener('click', (e) => {
    if (tapTaken) return void (tapTaken = false);
    const spot = /** @type {Element} */ (e.target).closest('[data-spot]');
    if (spot && !tools.mode && !panned) return choose(Number(spot.getAttribute('data-spot')));
    const g = /** @type {Element} */ (e.target).closest('[data-unit]');
    // A unit picked to put: the tap's place decides, not the element the
    // browser names (a touch's click may name the element last pressed).
    if (armed && !tools.mode && !panned && !baseAt(e)) return putArmed(e);
    if (!g && !tools.mode && !panned) placeAt(e);
    if (!g || (!tools.mode && draggable()?.id === Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit))) return;
    const model = /** @type {Element} */ (e.target).getAttribute('data-model');
    pick(Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit), model === null ? null : Number(model));
  });
  root.addEventListener('keydown', (e) => {
    const g = /** @type {Element} */ (e.target).closest('[data-unit]');
    if (g && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      pick(Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit));
    }
  });

  /** Whether a base stands under the pointer. @param {MouseEvent} e */
  function baseAt(e) {
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    return !!p && m.state.view.units.some((/** @type {any} */ u) => u.models?.some((/** @type {{x: number, y: number}} */ b) => Math.hypot(b.x - p.x, b.y - p.y) <= u.radius_in));
  }
  /** The pointer whose tap picked a unit to deploy. @type {number | null} */
  let armedPointer = null;
  /** A unit to deploy picked by a tap on its button. @param {number} index @param {any} d the option's Deploy @param {number} pointer */
  function armDeploy(index, d, pointer) {
    armed = { kind: 'deploy', index, unit: d.unit, positions: d.positions };
    // The tap's own click (a PointerEvent of the same pointer) would take
    // the place suggested.
    armedPointer = pointer;
    m.notice = '';
    draw();
  }
  /** The unit picked is put where the table was tapped: a deployment is
   * made there if the server finds it legal; a march is shown there, to be
   * made or undone. Refused, the rule is shown. @param {MouseEvent} e */
  function putArmed(e) {
    const a = armed;
    const unit = a && unitById(a.unit);
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    if (!a || !unit || !p || m.busy) return;
    const q3 = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
    /** @type {{at: {x: number, y: number}[], decision: any}} */
    let move;
    if (a.kind === 'deploy') {
      const c = centroid(a.positions);
      const at = a.positions.map((x) => ({ x: q3(x.x - c.x + p.x), y: q3(x.y - c.y + p.y) }));
      move = { at, decision: { Deploy: { unit: a.unit, positions: at } } };
    } else {
      waypoints.length = 0;
      const c = centroid(unit.models);
      move = march(unit, { x: p.x - c.x, y: p.y - c.y });
    }
    const key = JSON.stringify(move.decision);
    const from = a.kind === 'march' ? unit.models.map((/** @type {any} */ x) => [x]) : null;
    drawGhost(root, unit.radius_in, from, move.at, 'asking', m.state.view, viewerSeat());
    waiting.set(key, () => {
      const v = verdicts.get(key);
      if (!v?.ok) {
        m.notice = v?.text || '';
        root.querySelector('#ghost')?.replaceChildren();
        draw();
        return;
      }
      armed = null;
      if (move.decision.Deploy) decide({ decision: move.decision });
      else {
        const inches = (/** @type {number} */ x) => (Math.round(x * 10) / 10).toFixed(1);
        pendingMove = { decision: move.decision, key, at: move.at, trails: from, radius: unit.radius_in, words: v.measure ? t('web-bov-legal-move', { used: inches(v.measure.used), allowance: inches(v.measure.allowance) }) : t('web-bov-legal') };
        draw();
      }
    });
    wanted = { decision: move.decision, key };
    sendTry();
  }

  /** A click on the table while an objective or a Monster is to be placed:
   * placed there if the server finds it legal, else the rule is shown.
   * @param {MouseEvent} e */
  function placeAt(e) {
    const q = mine(m);
    if (!q || m.busy || m.hidden) return;
    const kind = ['PlaceObjective', 'PlaceMonster'].find((k) => q.options.some((/** @type {any} */ o) => kindOf(o.decision) === k));
    const p = kind && tablePoint(root, e, m.state.view, viewerSeat());
    if (!kind || !p) return;
    // A new place: the last one's refusal no longer stands.
    m.notice = '';
    const notice = document.getElementById('notice');
    if (notice) notice.textContent = '';
    const q3 = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
    const decision = { [kind]: { at: { x: q3(p.x), y: q3(p.y) } } };
    const key = JSON.stringify(decision);
    drawGhost(root, kind === 'PlaceObjective' ? 0.75 : 1, null, [decision[kind].at], 'asking', m.state.view, viewerSeat());
    waiting.set(key, () => {
      const v = verdicts.get(key);
      if (v?.ok) decide({ decision });
      else {
        m.notice = v?.text || '';
        root.querySelector('#ghost')?.replaceChildren();
        draw();
      }
    });
    wanted = { decision, key };
    sendTry();
  }
  /** The casualties asked for now: the unit and how many of its models. */
  function casualtiesAsked() {
    const q = mine(m);
    const first = q && !m.busy && !m.hidden ? q.options[0]?.decision?.Remove : null;
    return first ? { unit: q.options[0].meaning?.unit ?? null, n: first.models.length } : null;
  }
  /** A model clicked while casualties are asked: picked, or put back; once
   * as many are picked as must go, the server says whether they may.
   * @param {number} model */
  function pickCasualty(model) {
    const asked = casualtiesAsked();
    if (!asked) return;
    if (!picks || picks.unit !== asked.unit) picks = { unit: asked.unit, n: asked.n, models: [] };
    const at = picks.models.indexOf(model);
    if (at >= 0) picks.models.splice(at, 1);
    else if (picks.models.length < picks.n) picks.models.push(model);
    if (picks.models.length === picks.n) {
      const decision = { Remove: { models: [...picks.models].sort((a, b) => a - b) } };
      const key = JSON.stringify(decision);
      waiting.set(key, draw);
      wanted = { decision, key };
      sendTry();
    }
    draw();
  }
  /** A unit (and the model of it) clicked: it is selected (its card shown);
   * an option that names it alone is taken (activate it, attack it, charge
   * it...). @param {number} unitId @param {number | null} [model] */
  function pick(unitId, model = null) {
    if (tools.mode === 'look') return lookPick(unitId);
    if (tools.mode === 'ruler') return;
    // On a touch screen a tap on a unit of the whole table zooms to it
    // (its bases are a few pixels across there).
    if (lastPointer === 'touch' && zoom.k <= 1) {
      const u = unitById(unitId);
      if (u?.models?.length) {
        const flip = viewerSeat() !== m.state.view.near_seat;
        const c = centroid(u.models);
        const at = flip ? { x: m.state.view.field.width - c.x, y: c.y } : { x: c.x, y: m.state.view.field.height - c.y };
        zoomBy(2.5, null);
        zoom.cx = at.x;
        zoom.cy = at.y;
        applyZoom();
      }
    }
    const asked = casualtiesAsked();
    if (asked && asked.unit === unitId && model !== null) return pickCasualty(model);
    m.selected = unitId;
    const q = mine(m);
    // The unit to move is picked to be moved, never to use a power on itself.
    if (q && !m.busy && !m.hidden && draggable()?.id !== unitId) {
      const matching = q.options.filter((/** @type {any} */ o) => unitsOf(o.decision).includes(unitId) && kindOf(o.decision) !== 'Deploy');
      if (matching.length === 1) {
        choose(matching[0].index);
        return;
      }
      // An enemy unit the acting unit is offered nothing against: the
      // server says why not (out of range, out of sight, engaged...).
      const acting = unitById(q.options[0]?.meaning?.unit ?? null);
      const clicked = unitById(unitId);
      if (!matching.length && q.options[0]?.meaning?.ask === 'action' && acting && clicked && clicked.owner !== acting.owner) {
        whySeq += 1;
        live.send({ type: 'why', seq: whySeq, unit: acting.id, target: unitId });
      }
    }
    draw();
  }

  // --- An option's preview: hovering or focusing a choice shows on the
  // table what it would do. ----------------------------------------------
  /** The option hovered or focused, by index. @type {number | null} */
  let previewed = null;
  /** What option `o` would do, drawn by `drawPreview`. @param {any} o */
  function previewOf(o) {
    const view = m.state?.view;
    const kind = kindOf(o?.decision);
    const body = o?.decision?.[kind];
    if (!view || !kind) return null;
    const about = unitById(o.meaning?.unit ?? null);
    const place = (/** @type {any} */ u, /** @type {number} */ id) => u?.models?.[u.model_ids?.indexOf(id)] ?? null;
    /** @type {{radius: number, moves: {from: {x: number, y: number} | null, way: {x: number, y: number}[]}[], crossed: {x: number, y: number, r: number}[], from: {x: number, y: number} | null, targets: {x: number, y: number}[], units: number[]}} */
    const p = { radius: about?.radius_in ?? 0.5, moves: [], crossed: [], from: null, targets: [], units: [] };
    if (['March', 'Consolidate', 'Enter'].includes(kind)) {
      for (const [id, way] of body.paths || []) if (way.length) p.moves.push({ from: kind === 'Enter' ? null : place(about, id), way });
      if (about) p.units.push(about.id);
    } else if (kind === 'Deploy' || kind === 'Dismount') {
      const u = kind === 'Deploy' ? unitById(body.unit) : about;
      if (u) p.radius = u.radius_in;
      for (const at of body.positions || []) p.moves.push({ from: null, way: [at] });
    } else if (kind === 'PlaceObjective' || kind === 'PlaceMonster') {
      p.radius = kind === 'PlaceObjective' ? 0.75 : 1;
      p.moves.push({ from: null, way: [body.at] });
    } else if (kind === 'Remove' && about) {
      for (const id of body.models || []) {
        const at = place(about, id);
        if (at) p.crossed.push({ ...at, r: about.radius_in });
      }
    } else {
      // An attack, a charge, a power, a reaction: the units it names (a
      // rider on its Mount is shown by the Mount).
      const units = unitsOf(o.decision).map((id) => {
        const u = unitById(id);
        return u && !u.models?.length && typeof u.mounted_on === 'number' ? u.mounted_on : id;
      });
      p.units = units;
      if (about?.models?.length) {
        p.from = centroid(about.models);
        for (const id of units) {
          const u = unitById(id);
          if (id !== about.id && u?.models?.length) p.targets.push(centroid(u.models));
        }
      }
    }
    return p;
  }
  function showPreview() {
    if (!m.state?.view || drag) return;
    const index = previewed ?? pendingCharge?.index ?? null;
    const o = index === null ? null : mine(m)?.options.find((/** @type {any} */ x) => x.index === index);
    drawPreview(root, m.state.view, viewerSeat(), o ? previewOf(o) : null);
  }
  const choicesBox = document.getElementById('choices');
  const previewFrom = (/** @type {Event} */ e) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest?.('button.choice'));
    const index = b ? Number(b.dataset.index) : null;
    if (index === previewed) return;
    previewed = index;
    showPreview();
  };
  choicesBox?.addEventListener('pointerover', previewFrom);
  choicesBox?.addEventListener('focusin', previewFrom);
  choicesBox?.addEventListener('pointerleave', () => ((previewed = null), showPreview()));
  choicesBox?.addEventListener('focusout', (e) => {
    if (!choicesBox.contains(/** @type {Node | null} */ (e.relatedTarget))) (previewed = null), showPreview();
  });

  /** Whether the last decision sent was a march the player dragged (seen already, not played back). */
  let dragged = false;
  /** Makes the march shown. */
  function confirmMove() {
    const p = pendingMove;
    if (!p || m.busy) return;
    pendingMove = null;
    dragged = true;
    decide({ decision: p.decision });
  }
  /** Puts the unit back where it stands: nothing was sent. */
  function undoMove() {
    if (!pendingMove) return;
    pendingMove = null;
    root.querySelector('#ghost')?.replaceChildren();
    draw();
  }
  /** Makes the charge shown. */
  function confirmCharge() {
    const c = pendingCharge;
    if (!c || m.busy) return;
    pendingCharge = null;
    decide({ option: c.index });
  }
  /** Takes the charge back before its roll: nothing was sent. */
  function undoCharge() {
    if (!pendingCharge) return;
    pendingCharge = null;
    draw();
    showPreview();
  }
  document.addEventListener('keydown', (e) => {
    if ((!pendingMove && !pendingCharge) || drag || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
    const inField = !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement);
    if (e.key === 'Escape') pendingMove ? undoMove() : undoCharge();
    else if (e.key === 'Enter' && inField) pendingMove ? confirmMove() : confirmCharge();
    else return;
    e.preventDefault();
  });

  /** @type {(() => void)} */
  const draw = () => render();

  function render() {
    const st = m.state;
    const view = st?.view;
    const q = mine(m);
    const covered = m.hidden && m.localSeats.length > 1;
    document.body.dataset.version = st ? String(st.version) : '';
    document.body.dataset.status = st ? String(st.status || '') : '';
    document.body.dataset.busy = String(m.busy);
    document.body.dataset.ask = q && !covered ? String(q.options[0]?.meaning?.ask || '') : '';
    document.body.dataset.events = String(m.log.length);
    document.body.classList.toggle('my-turn', !!q && !covered);

    const round = document.getElementById('round');
    if (round && view) {
      // The rulebook is named when it is not the default (5.1).
      const rules = view.edition ? [t(`web-edition-${view.edition}`)] : [];
      round.textContent = [view.round ? t('web-bov-round', { round: view.round }) : t('web-bov-setup'), ...rules, t(`web-scenario-${scenarioKey(view.scenario)}`), `${sideName(0)} ${view.score[0]} · ${sideName(1)} ${view.score[1]}`].join(' · ');
    }

    const status = /** @type {HTMLElement} */ (document.getElementById('status-text'));
    const box = /** @type {HTMLElement} */ (document.getElementById('choices'));
    // A plan or casualties that no longer fit the question are dropped.
    const active = draggable();
    if (plan && (!active || active.id !== plan.unit || (plan.kind || 'March') !== dragKind())) plan = null;
    // A consolidation shows the placement offered, for the owner to change.
    if (!plan && active && dragKind() === 'Consolidate') plan = consolidationPlan(active);
    const asked = casualtiesAsked();
    if (picks && (!asked || asked.unit !== picks.unit)) picks = null;
    const planVerdict = plan ? verdicts.get(plan.key) : undefined;
    const picksKey = picks?.models.length === picks?.n ? JSON.stringify({ Remove: { models: [...(picks?.models || [])].sort((a, b) => a - b) } }) : '';
    const picksVerdict = picksKey ? verdicts.get(picksKey) : undefined;
    const statusKey = JSON.stringify([st?.version, st?.status, covered, m.busy, lang(), !!q, m.selected, plan && [plan.key, planVerdict?.ok], picks && [picks.models, picksVerdict?.ok], pendingMove?.key, pendingCharge?.index, armed && [armed.kind, armed.unit], m.hint?.version === st?.version]);
    if (box.dataset.key !== statusKey) {
      box.dataset.key = statusKey;
      if (!st) {
        status.textContent = t('web-loading');
        box.replaceChildren();
      } else if (st.outcome) {
        status.textContent = st.outcome.text || t('web-game-over');
        box.replaceChildren();
      } else if (q && covered && nothingToAnswer(q)) {
        // Declined by the page at once: no screen to pass.
        status.textContent = q.text;
        box.replaceChildren();
      } else if (q && covered) {
        status.textContent = t('web-pass-screen', { name: sideName(q.seat) });
        box.replaceChildren(el('button', { type: 'button', id: 'show-hand', class: 'primary', onclick: () => ((m.hidden = false), draw()), text: t('web-show-hand') }));
      } else if (q) {
        status.textContent = q.text;
        const kinds = new Set(q.options.map((/** @type {any} */ o) => kindOf(o.decision)));
        // No keys to name on a touch screen.
        const touch = window.matchMedia?.('(pointer: coarse)').matches;
        if (kinds.has('March')) status.append(el('span', { class: 'hint', text: ` ${t(touch ? 'web-bov-drag-touch' : 'web-bov-drag')}` }));
        if (kinds.has('Consolidate')) status.append(el('span', { class: 'hint', text: ` ${t('web-bov-drag-consolidate')}` }));
        // A power's placement is answered as a deployment is, anywhere on the table.
        const placing = q.options[0]?.meaning?.ask === 'power_place';
        if (kinds.has('Deploy')) status.append(el('span', { class: 'hint', text: ` ${t(placing ? 'web-bov-drag-place' : touch ? 'web-bov-drag-deploy-touch' : 'web-bov-drag-deploy')}` }));
        if (kinds.has('PlaceObjective') || kinds.has('PlaceMonster')) status.append(el('span', { class: 'hint', text: ` ${t('web-bov-click-place')}` }));
        /** The page's own answers: the march planned model by model, the casualties clicked. */
        const own = [];
        // A consolidation's plan has its own button once a model is moved.
        if (plan && (plan.kind !== 'Consolidate' || plan.key)) {
          own.push(
            el('button', { type: 'button', id: 'plan-march', class: 'primary', disabled: m.busy || !planVerdict?.ok, onclick: () => plan && decide({ decision: planned(active, null, null).decision }), text: t(dragKind() === 'Consolidate' ? 'web-bov-plan-consolidate' : 'web-bov-plan-march', { count: plan.paths.size }) }),
            el('button', { type: 'button', id: 'plan-clear', onclick: () => ((plan = null), cancelDrag(), draw()), text: t('web-bov-plan-clear') }),
          );
          if (planVerdict && !planVerdict.ok) own.push(el('span', { class: 'plan-why', text: planVerdict.text }));
        }
        if (armed) own.push(el('span', { class: 'hint', id: 'armed-hint', text: t(armed.kind === 'deploy' ? 'web-bov-tap-deploy' : 'web-bov-tap-march', { unit: unitById(armed.unit)?.name || '' }) }));
        if (pendingMove) {
          own.push(
            el('button', { type: 'button', id: 'move-confirm', class: 'primary', disabled: m.busy, 'aria-keyshortcuts': 'Enter', onclick: confirmMove, text: t('web-bov-move-confirm') }),
            el('button', { type: 'button', id: 'move-undo', 'aria-keyshortcuts': 'Escape', onclick: undoMove, text: t('web-bov-move-undo') }),
            el('span', { class: 'hint', text: pendingMove.words }),
          );
        }
        if (pendingCharge) {
          own.push(
            el('button', { type: 'button', id: 'charge-confirm', class: 'primary', disabled: m.busy, 'aria-keyshortcuts': 'Enter', onclick: confirmCharge, text: t('web-bov-charge-confirm') }),
            el('button', { type: 'button', id: 'charge-undo', 'aria-keyshortcuts': 'Escape', onclick: undoCharge, text: t('web-bov-charge-undo') }),
            el('span', { class: 'hint', id: 'charge-pending', text: t('web-bov-charge-pending', { option: pendingCharge.label }) }),
          );
        }
        // The search bot's view of the question: in a game with one
        // person only (between people it would be a third player).
        const people = (m.kinds || []).filter((k) => k === 'human').length;
        if (people === 1 && m.hint?.version !== st.version) own.push(el('button', { type: 'button', id: 'hint', disabled: m.busy, onclick: hint, text: t('web-hint'), title: t('web-hint-title') }));
        if (asked) {
          const n = picks?.models.length ?? 0;
          own.push(el('span', { class: 'hint', id: 'picks-hint', text: t('web-bov-pick-casualties', { picked: n, count: asked.n }) }));
          if (picksKey) {
            own.push(el('button', { type: 'button', id: 'picks-remove', class: 'primary', disabled: m.busy || !picksVerdict?.ok, onclick: () => decide({ decision: JSON.parse(picksKey) }), text: t('web-bov-remove-picked', { count: asked.n }) }));
            if (picksVerdict && !picksVerdict.ok) own.push(el('span', { class: 'plan-why', text: picksVerdict.text }));
          }
        }
        const button = (/** @type {any} */ o) =>
          el('button', {
            type: 'button',
            class: ['choice', unitsOf(o.decision).includes(/** @type {number} */ (m.selected)) ? 'match' : ''].filter(Boolean).join(' '),
            'data-index': o.index,
            'data-kind': kindOf(o.decision),
            'data-units': unitsOf(o.decision).join(' '),
            disabled: m.busy,
            onclick: (/** @type {MouseEvent} */ e) => {
              if (armedPointer !== null && /** @type {PointerEvent} */ (e).pointerId === armedPointer) armedPointer = null;
              else choose(o.index);
            },
            text: o.label,
          });
        // A kind with many options (places on a grid, march examples) shows
        // its first few; the rest wait behind "more", and places are also
        // marked on the table.
        /** @type {Map<string, any[]>} */
        const byKind = new Map();
        for (const o of q.options) byKind.set(kindOf(o.decision), [...(byKind.get(kindOf(o.decision)) || []), o]);
        const FEW = 6;
        // What happened since the player's last decision.
        const since = sinceSummary(m.log, m.since);
        box.replaceChildren(
          ...own,
          ...[...byKind.entries()].flatMap(([kind, os]) =>
            os.length <= 2 * FEW
              ? os.map(button)
              : [...os.slice(0, FEW).map(button), el('details', { class: 'more-choices', 'data-kind': kind }, [el('summary', { text: t('web-bov-more-choices', { count: os.length - FEW }) }), ...os.slice(FEW).map(button)])],
          ),
          ...(since ? [since] : []),
        );
        if (m.hint?.version === st.version) markHint(box, m.hint, 'data-index', t('web-bov-hint-unweighed'));
      } else if (st.question) {
        const kind = m.kinds?.[st.question.seat];
        status.replaceChildren(el('span', { class: 'waiting', text: kind && kind !== 'human' ? t('web-bov-thinking', { side: sideName(st.question.seat), kind: t(`web-seat-kind-${kind}`) }) : st.question.text }));
        box.replaceChildren();
      } else {
        status.textContent = '';
        box.replaceChildren();
      }
    }
    const notice = document.getElementById('notice');
    if (notice) notice.textContent = m.notice;

    const end = document.getElementById('end');
    const over = !!st?.outcome && !!view;
    if (end) {
      end.hidden = !over;
      if (over && end.dataset.key !== `${st.id}:${lang()}`) {
        end.dataset.key = `${st.id}:${lang()}`;
        end.replaceChildren(...endPanel(st));
      }
    }
    document.title = q && !covered ? `● ${t('web-your-turn')} · ${t('web-bov')}` : `${t('web-title')} · ${t('web-bov')}`;
    if (!view) return;

    // The board: lit are the units an option names.
    const lit = new Set();
    for (const o of q && !covered ? q.options : []) for (const u of unitsOf(o.decision)) lit.add(u);
    if (!drag) {
      drawField(root, view, {
        viewerSeat: viewerSeat(),
        lit,
        selected: m.selected,
        active: q ? q.options[0]?.meaning?.unit ?? null : null,
        names: (u) => `${u.name} (${sideName(u.owner)})`,
        picked: picks ? new Set(picks.models.map((x) => `${picks?.unit}:${x}`)) : new Set(),
      });
      applyZoom();
      redrawTools();
      showPreview();
      // A few places are marked; a grid of hundreds would hide the table
      // (a click anywhere is checked by the server all the same).
      const places = (q && !covered && !m.busy ? q.options : []).filter((/** @type {any} */ o) => o.decision?.PlaceObjective || o.decision?.PlaceMonster);
      drawSpots(root, view, viewerSeat(), places.length > 40 ? [] : places.map((/** @type {any} */ o) => ({ index: o.index, at: (o.decision.PlaceObjective || o.decision.PlaceMonster).at, label: o.label })));
      if (pendingMove) drawGhost(root, pendingMove.radius, pendingMove.trails, pendingMove.at, 'ok', view, viewerSeat());
      if (plan && active) {
        const shown = planned(active, null, null);
        const trailsOf = active.models.map((/** @type {any} */ p, /** @type {number} */ i) => [p, ...(plan?.paths.get(active.model_ids[i])?.slice(0, -1) || [])]);
        const offered = plan.kind === 'Consolidate' && !plan.key;
        drawGhost(root, active.radius_in, trailsOf, shown.at, offered ? 'ok' : planVerdict ? (planVerdict.ok ? 'ok' : 'refused') : 'asking', view, viewerSeat());
      }
    }
    const lg = document.getElementById('legend');
    if (lg && lg.dataset.lang !== lang()) {
      lg.replaceChildren(...legend());
      lg.dataset.lang = lang();
    }

    // The sides.
    const sides = document.getElementById('sides');
    if (sides) {
      sides.replaceChildren(
        ...[0, 1].map((s) => {
          const kind = m.kinds?.[s];
          const lost = view.units.filter((/** @type {any} */ u) => u.owner === s && u.deployed && !u.models.length && !u.reserve && u.mounted_on === undefined).length;
          return el('div', { class: `player${st.question?.seat === s ? ' deciding' : ''}`, 'data-seat': s }, [
            el('h2', {}, [el('span', { class: 'swatch', style: `background:${SIDE_COLOURS[s]}`, 'aria-hidden': 'true' }), ' ', sideName(s), kind ? el('span', { class: 'muted', text: ` · ${t(`web-seat-kind-${kind}`)}` }) : '']),
            el('p', {
              text: [
                t('web-bov-score', { points: view.score[s] }),
                t('web-bov-vaala-count', { count: view.hand_sizes[s] }),
                // A starter list's Upgrade tokens left, when either side bought any.
                ...(view.upgrade_tokens ? [t('web-bov-tokens-count', { count: view.upgrade_tokens[s] })] : []),
                t('web-bov-destroyed', { count: lost }),
              ].join(' · '),
            }),
          ]);
        }),
      );
    }

    const roundBox = document.getElementById('round-panel');
    if (roundBox) {
      const key = JSON.stringify([st.version, lang(), st.question?.seat]);
      if (roundBox.dataset.key !== key) {
        roundBox.dataset.key = key;
        roundBox.replaceChildren(...roundPanel(view, st.outcome ? null : st.question?.seat ?? null));
      }
    }

    const card = document.getElementById('unit-card');
    if (card) {
      const u = view.units.find((/** @type {any} */ x) => x.id === m.selected);
      card.replaceChildren(...(u ? unitCard(cardsOf(), u) : [el('p', { class: 'muted', text: t('web-bov-select') })]));
    }

    const hand = document.getElementById('hand');
    if (hand) {
      const own = !st.viewer?.spectator && Array.isArray(view.hand);
      hand.hidden = !own;
      const ask = document.querySelector('label.ask-reactions');
      if (ask) /** @type {HTMLElement} */ (ask).hidden = !own;
      // Drawn anew only when what it lists changes, so that a menu in use stays open.
      const settings = document.getElementById('reaction-settings');
      const key = own ? JSON.stringify([view.hand, Object.keys(reactionSources), lang()]) : '';
      if (settings && settings.dataset.key !== key) {
        settings.dataset.key = key;
        const box = own ? reactionSettings() : null;
        settings.replaceChildren(...(box ? [box] : []));
      }
      if (own) {
        const cards = covered ? [el('p', { class: 'covered', text: t('web-hand-hidden') })] : view.hand.length ? view.hand.map((/** @type {string} */ id) => {
          const c = (m.content.vaala || []).find((/** @type {any} */ v) => v.id === id);
          const body = [el('strong', { text: c?.name || id }), el('p', { text: c?.text || '' })];
          // A card that may be played now is a button: one way to play it is
          // taken at once, several (targets) are lit among the choices.
          const plays = (q && !m.busy ? q.options : []).filter((/** @type {any} */ o) => o.decision?.Reaction?.reaction?.Vaala?.card === id);
          if (!plays.length) return el('div', { class: 'vaala-card', 'data-card': id }, body);
          return el('button', {
            type: 'button',
            class: 'vaala-card playable',
            'data-card': id,
            onclick: () => {
              if (plays.length === 1) return choose(plays[0].index);
              for (const b of document.querySelectorAll('#choices button.choice')) b.classList.toggle('match', plays.some((/** @type {any} */ o) => String(o.index) === /** @type {HTMLElement} */ (b).dataset.index));
              m.notice = t('web-bov-card-targets', { card: c?.name || id });
              const n = document.getElementById('notice');
              if (n) n.textContent = m.notice;
            },
          }, body);
        }) : [el('p', { class: 'muted', text: t('web-bov-no-vaala') })];
        hand.replaceChildren(el('h2', { text: t('web-bov-your-vaala') }), ...cards);
      }
    }

    const logBox = document.getElementById('log');
    if (logBox) {
      if (logBox.childElementCount > m.log.length || logBox.dataset.lang !== lang()) {
        logBox.replaceChildren();
        logBox.dataset.lang = lang();
      }
      // One line an event (an untold one hidden), so the count is the place.
      const shown = logBox.childElementCount;
      for (let i = shown; i < m.log.length; i++) {
        const e = m.log[i];
        const li = el('li', { 'data-n': e.n, class: `kind-${e.event?.kind || ''}` }, [e.text]);
        // A move can be seen again on the board from its line.
        if (e.event?.kind === 'moved' && e.event.paths?.length && e.text) {
          li.append(' ', el('button', { type: 'button', class: 'replay-move', 'data-n': e.n, 'aria-label': t('web-bov-replay-move', { what: e.text }), title: t('web-bov-replay-move', { what: e.text }), onclick: () => showMoveAgain(e) }, ['▶']));
        }
        if (Array.isArray(e.event?.dice) && e.event.dice.length) li.append(diceRow(e.event.dice));
        if (e.seat === 0 || e.seat === 1) li.style.borderLeft = `4px solid ${SIDE_COLOURS[e.seat]}`;
        if (!e.text) li.hidden = true;
        logBox.append(li);
      }
      sinceMark(logBox, m.since);
      if (m.log.length > shown) logBox.scrollTop = logBox.scrollHeight;
    }
  }

  /** A logged move shown again on the board. @param {LogEntry} e */
  function showMoveAgain(e) {
    const view = m.state?.view;
    if (!view) return;
    const u = view.units.find((/** @type {any} */ x) => x.id === e.event.unit);
    replayMove(root, view, viewerSeat(), e.event.paths, u?.radius_in ?? 0.5);
  }

  /** @param {any} s */
  function scenarioKey(s) {
    return String(s || '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  }

  // Reactions: asked each time, or declined by the page for this player
  // (the choice kept in this browser).
  const askBox = /** @type {HTMLInputElement | null} */ (document.getElementById('ask-reactions'));
  if (askBox) {
    askBox.checked = localStorage.getItem('valerna.bov.ask-reactions') !== 'no';
    askBox.addEventListener('change', () => {
      localStorage.setItem('valerna.bov.ask-reactions', askBox.checked ? 'yes' : 'no');
      declineIfAsked();
    });
  }
  // Reactions card by card (and power by power): always asked, never, or
  // only at some moments, as the player chose in this browser.
  const PREFS = 'valerna.bov.reaction-prefs';
  const SOURCES = 'valerna.bov.reaction-sources';
  /** @param {string} key */
  const stored = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) || '{}') || {};
    } catch {
      return {};
    }
  };
  /** When each reaction is asked about: `ask`, `never`, `attacked`, `activation`. @type {Record<string, string>} */
  const reactionPrefs = stored(PREFS);
  /** The reactions this browser has been offered, by key, with their names. @type {Record<string, string>} */
  const reactionSources = stored(SOURCES);
  /** A reaction's source: a Vaala card, or a unit's power. @param {any} r */
  function sourceOf(r) {
    if (r?.Vaala) {
      const card = (m.content.vaala || []).find((/** @type {any} */ v) => v.id === r.Vaala.card);
      return { key: `vaala:${r.Vaala.card}`, name: card?.name || r.Vaala.card };
    }
    if (r?.Power) {
      const u = unitById(r.Power.unit);
      const card = u && cardsOf().units.find((/** @type {any} */ c) => c.id === u.card);
      const power = card?.front?.powers?.[r.Power.power]?.name || `#${r.Power.power}`;
      return { key: `power:${u?.card || r.Power.unit}:${r.Power.power}`, name: `${power} (${card?.name || u?.name || ''})` };
    }
    return null;
  }
  /** The moment a reaction window answers: a unit of this side attacked, hit, charged or losing a model; an activation; another. */
  function momentOf() {
    const trigger = m.state?.view?.phase?.Reaction?.window?.trigger;
    const name = typeof trigger === 'string' ? trigger : Object.keys(trigger || {})[0] || '';
    if (['AttackDeclared', 'Hit', 'Charged', 'ModelDefeated', 'MoraleTest', 'EnemyDisengages'].includes(name)) return 'attacked';
    if (['StartOfActivation', 'EndOfActivation'].includes(name)) return 'activation';
    return 'other';
  }
  /** A reaction window whose only choice is to decline. @param {any} q */
  function nothingToAnswer(q) {
    return q.options[0]?.meaning?.ask === 'reaction' && !q.options.some((/** @type {any} */ o) => o.decision?.Reaction?.reaction);
  }
  /** Declines a reaction window at once when it offers nothing to play, or
   * when the player asked not to be asked: about any reaction, or about
   * every one offered now. */
  function declineIfAsked() {
    const q = mine(m);
    if (!q || m.busy || q.options[0]?.meaning?.ask !== 'reaction') return;
    const none = q.options.find((/** @type {any} */ o) => o.decision?.Reaction && o.decision.Reaction.reaction === null);
    if (!none) return;
    const sources = q.options.map((/** @type {any} */ o) => sourceOf(o.decision?.Reaction?.reaction)).filter((/** @type {any} */ x) => !!x);
    // At one screen a hand still covered is declined for only when it has
    // nothing to answer with (nothing of it is shown).
    if (m.hidden && sources.length) return;
    let known = false;
    for (const src of sources) {
      if (!(src.key in reactionSources)) (reactionSources[src.key] = src.name), (known = true);
    }
    if (known) {
      localStorage.setItem(SOURCES, JSON.stringify(reactionSources));
      draw();
    }
    const moment = momentOf();
    const asked = (/** @type {{key: string}} */ src) => {
      const pref = reactionPrefs[src.key] || 'ask';
      return pref === 'ask' || pref === moment;
    };
    // A window with nothing in hand to answer it (the engine asks whether or
    // not the hand holds an answer, so that asking tells the other side
    // nothing) has one choice, made here.
    if (askBox?.checked !== false && sources.some(asked)) return;
    document.body.dataset.declined = String(Number(document.body.dataset.declined || 0) + 1);
    choose(none.index);
  }
  /** The choice of when to be asked, for each reaction this browser knows and each Vaala card in hand. */
  function reactionSettings() {
    const hand = Array.isArray(m.state?.view?.hand) ? m.state.view.hand : [];
    /** @type {Record<string, string>} */
    const all = { ...reactionSources };
    for (const id of hand) {
      const card = (m.content.vaala || []).find((/** @type {any} */ v) => v.id === id);
      all[`vaala:${id}`] = card?.name || id;
    }
    const keys = Object.keys(all).sort((a, b) => all[a].localeCompare(all[b]));
    if (!keys.length) return null;
    const box = el('details', { class: 'reaction-prefs', id: 'reaction-prefs' }, [el('summary', { text: t('web-bov-reaction-prefs') })]);
    box.open = reactionPrefsOpen;
    box.addEventListener('toggle', () => (reactionPrefsOpen = box.open));
    for (const key of keys) {
      const select = el(
        'select',
        {
          'data-source': key,
          'aria-label': all[key],
          onchange: (/** @type {Event} */ e) => {
            reactionPrefs[key] = /** @type {HTMLSelectElement} */ (e.target).value;
            localStorage.setItem(PREFS, JSON.stringify(reactionPrefs));
            declineIfAsked();
          },
        },
        ['ask', 'attacked', 'activation', 'never'].map((v) => el('option', { value: v, text: t(`web-bov-reaction-${v}`) })),
      );
      /** @type {HTMLSelectElement} */ (select).value = reactionPrefs[key] || 'ask';
      box.append(el('label', { class: 'reaction-pref' }, [el('span', { text: all[key] }), select]));
    }
    return box;
  }
  let reactionPrefsOpen = false;

  /** @param {any} body */
  function accept(body) {
    if (Array.isArray(body.seats)) m.kinds = body.seats.map((/** @type {any} */ s) => (typeof s === 'string' ? s : s.kind));
    const before = m.log.length;
    if (body.events && !addEvents(m.log, body.events)) fetchEvents();
    // The other side's moves since the last state, played back on the board
    // (not the history a page finds on opening).
    // Every move since the last state is played back on the board (the
    // engine's charges, pile-ins, consolidations and the other side's
    // moves), but for a march this page dragged and the player made.
    const moved = before > 0 ? m.log.slice(before).filter((e) => e.event?.kind === 'moved' && !(dragged && e.seat === acting && !e.event.cause)).flatMap((e) => e.event.paths || []) : [];
    dragged = false;
    if (m.state && body.version < m.state.version) return;
    if (m.state?.version !== body.version) {
      verdicts.clear();
      previewed = null;
      pendingMove = null;
      pendingCharge = null;
      armed = null;
      if (drag) cancelDrag();
    }
    // A new question about a unit selects it (its card, its rings).
    const activeOf = (/** @type {any} */ st) => st?.question?.options?.[0]?.meaning?.unit ?? null;
    const active = activeOf(body);
    if (active !== null && active !== activeOf(m.state)) m.selected = active;
    m.state = body;
    m.busy = false;
    const q = body.question;
    if (q && localSeats.length > 1 && localSeats.includes(q.seat) && q.seat !== acting) {
      acting = q.seat;
      m.hidden = true;
      m.log = [];
      m.since = undefined;
      live.restart(token(), lang());
    }
    draw();
    if (moved.length && !drag) playBack(root, body.view, viewerSeat(), moved);
    declineIfAsked();
  }

  async function fetchState() {
    try {
      accept(await getJson(`/api/games/${encodeURIComponent(id)}?lang=${lang()}`, token()));
    } catch (x) {
      showError(x);
    }
  }

  async function fetchEvents() {
    try {
      const body = await getJson(`/api/games/${encodeURIComponent(id)}/events?from=${m.log.length}&lang=${lang()}`, token());
      addEvents(m.log, body.events);
      draw();
    } catch (x) {
      showError(x);
    }
  }

  /** @param {any} x */
  function showError(x) {
    m.busy = false;
    m.notice = x instanceof ApiError && x.code === 'no_game' ? t('web-no-game') : errorText(x, t);
    draw();
  }

  /** An option chosen: a charge is shown first, to be made or undone
   * (its roll is the point of no return); any other is sent. @param {number} index */
  function choose(index) {
    const o = mine(m)?.options.find((/** @type {any} */ x) => x.index === index);
    if (o && kindOf(o.decision) === 'Charge' && pendingCharge?.index !== index) {
      pendingCharge = { index, label: o.label };
      draw();
      showPreview();
      document.getElementById('charge-confirm')?.focus();
      return;
    }
    pendingCharge = null;
    decide({ option: index });
  }

  /** Asks the server what the search bot makes of each option. */
  function hint() {
    return askHint(m, { id, token: token(), draw, fail: showError });
  }

  /** Sends a decision: a listed option or one of the page's own (a drag). @param {{option?: number, decision?: any}} what */
  async function decide(what) {
    if (!m.state || m.busy) return;
    m.since = m.log.length;
    m.busy = true;
    m.notice = '';
    draw();
    const body = { version: m.state.version, ...what };
    if (live.send({ type: 'decide', ...body })) return;
    try {
      accept(await postJson(`/api/games/${encodeURIComponent(id)}/decisions`, body, token()));
      fetchEvents();
    } catch (x) {
      showError(x);
      fetchState();
    }
  }

  const live = new Live(id, {
    token: token(),
    lang: lang(),
    eventsFrom: () => m.log.length,
    onState: (msg) => accept(msg),
    onError: (msg) => {
      m.busy = false;
      m.notice = msg.message || msg.error;
      fetchState();
    },
    onMessage: (msg) => {
      if (msg.type === 'tried') tried(msg);
      else if (msg.type === 'looked') looked(msg);
      else if (msg.type === 'why_not') whyNot(msg);
      else if (msg.type === 'routed') routed(msg);
    },
    onStatus: (status, retry) => {
      const c = document.getElementById('connection');
      if (!c) return;
      if (status === 'open') {
        c.textContent = '';
        c.className = 'connection ok';
        inFlight = null;
      } else {
        c.textContent = t('web-reconnecting', { seconds: Math.ceil((retry || 0) / 1000) });
        c.className = 'connection lost';
        m.busy = false;
        inFlight = null;
      }
    },
  });

  // For tests that drag: a point of the table on the screen.
  /** @type {any} */ (window).__bov = {
    toScreen: (/** @type {number} */ x, /** @type {number} */ y) => (m.state ? screenPoint(root, { x, y }, m.state.view, viewerSeat()) : null),
    state: () => m.state,
    log: () => m.log,
  };

  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), async (l) => {
    m.log = [];
    m.state = null;
    live.close();
    await loadTexts(l);
    // A replay's step is fetched again in the new language.
    if (replaying) return location.reload();
    applyTexts(document);
    await loadContent();
    draw();
    if (!replaying) live.restart(token(), l);
  });
  // Space sets a waypoint of the march being dragged (the path turns
  // there), Backspace takes the last one back.
  document.addEventListener('keydown', (e) => {
    if (!drag || drag.cancelled || !drag.moved || !drag.from) return;
    if (e.key === ' ' && lastDelta) waypoints.push(lastDelta);
    else if (e.key === 'Backspace' && waypoints.length) waypoints.pop();
    else return;
    e.preventDefault();
    document.body.dataset.waypoints = String(waypoints.length);
  });
  // R asks the bots' planner for its route of the dragged unit to where the
  // pointer is (around terrain and bases); letting go then makes it.
  let routeSeq = 0;
  document.addEventListener('keydown', (e) => {
    if ((e.key !== 'r' && e.key !== 'R') || !drag || drag.cancelled || !drag.moved || !drag.from || drag.single || !lastDelta) return;
    const unit = draggable();
    if (!unit) return;
    e.preventDefault();
    const c = centroid(unit.models);
    routeSeq += 1;
    live.send({ type: 'route', seq: routeSeq, unit: unit.id, x: c.x + lastDelta.x, y: c.y + lastDelta.y });
  });
  /** The planner's route: the drag now proposes it. @param {any} msg */
  function routed(msg) {
    const unit = draggable();
    if (msg.seq !== routeSeq || !drag || !unit) return;
    if (msg.error || !msg.decision?.March) {
      const box = document.getElementById('verdict');
      if (box) {
        box.textContent = msg.text || msg.error || '';
        box.dataset.verdict = 'refused';
      }
      return;
    }
    const paths = new Map(msg.decision.March.paths.map((/** @type {[number, {x: number, y: number}[]]} */ [id, pts]) => [id, pts]));
    const at = unit.models.map((/** @type {{x: number, y: number}} */ p, /** @type {number} */ i) => {
      const own = paths.get(unit.model_ids[i]);
      return own ? own[own.length - 1] : p;
    });
    const routes = unit.models.map((/** @type {{x: number, y: number}} */ p, /** @type {number} */ i) => [p, ...(paths.get(unit.model_ids[i]) || []).slice(0, -1)]);
    drag.at = at;
    drag.decision = msg.decision;
    drag.key = JSON.stringify(msg.decision);
    drag.routes = routes;
    document.body.dataset.routed = String(Number(document.body.dataset.routed || 0) + 1);
    const v = verdicts.get(drag.key);
    drawGhost(root, drag.radius, routes, at, v ? (v.ok ? 'ok' : 'refused') : 'asking', m.state.view, viewerSeat());
    if (v) showVerdict(drag.key);
    else {
      wanted = { decision: msg.decision, key: drag.key };
      sendTry();
    }
  }
  // Esc drops the drag; the press it began still ends in no click.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !drag) return;
    if (!drag.moved) return cancelDrag();
    drag.cancelled = true;
    wanted = null;
    root.querySelector('#ghost')?.replaceChildren();
    const box = document.getElementById('verdict');
    if (box) box.textContent = '';
  });
  installRules(() => ({ content: cardsOf(), unit: unitById(m.selected) }));
  if (replaying) {
    document.body.dataset.mode = 'replay';
    await replay(id, (body) => {
      // Each step as it stood: its own log, no end screen over it.
      m.state = { ...body, outcome: null, status: body.outcome ? 'over' : body.status };
      m.log = body.events || [];
      const log = document.getElementById('log');
      if (log) log.replaceChildren();
      if (body.outcome) m.notice = body.outcome.text;
      draw();
    });
    return;
  }
  draw();
  live.connect();
  setTimeout(() => {
    if (!m.state) fetchState().then(() => fetchEvents());
  }, 1500);
}

if (document.body.dataset.page === 'bov') main();
