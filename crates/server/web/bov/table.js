// @ts-check
/** The Battles of Valerna table: the battlefield at true scale, the
 * question and its choices (each dice roll with its exact odds, worded by
 * the server), the sides, the selected unit's card, the Vaala hand and the
 * battle's story, kept up to date over the game's WebSocket. A March is
 * made by dragging the active unit: while it moves, the server's own
 * validator says whether the move is legal (a `try`), and letting go makes
 * the move the server last found legal. */

import { getJson, postJson, openSeats, errorText, Live, ApiError } from '../api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el } from '../texts.js';
import { drawField, legend, tablePoint, screenPoint, drawGhost, unitColour, SIDE_COLOURS } from './field.js';

/**
 * @typedef {{n: number, event: any, text: string, seat: number | null}} LogEntry
 * @typedef {{content: any, state: any, log: LogEntry[], kinds: string[] | null, selected: number | null,
 *   busy: boolean, notice: string, verdict: string, localSeats: number[], hidden: boolean}} Model
 */

/** The units a decision names (to act on, to target), by id. @param {any} d */
export function unitsOf(d) {
  if (!d || typeof d !== 'object') return [];
  const [kind, body] = Object.entries(d)[0] || [];
  if (!body || typeof body !== 'object') return [];
  /** @type {number[]} */
  const out = [];
  for (const key of ['unit', 'target', 'mount']) {
    if (typeof body[key] === 'number') out.push(body[key]);
  }
  if (kind === 'Reaction' && body.reaction) {
    const r = Object.values(body.reaction)[0];
    if (r && typeof r === 'object') for (const key of ['unit', 'target']) if (typeof (/** @type {any} */ (r))[key] === 'number') out.push(/** @type {any} */ (r)[key]);
  }
  return out;
}

/** The decision's kind (`"March"`, `"Pass"`). @param {any} d */
export const kindOf = (d) => (typeof d === 'string' ? d : Object.keys(d || {})[0] || '');

/** @param {Model} m */
function mine(m) {
  const q = m.state?.question;
  return q && Array.isArray(q.options) && q.options.length > 0 ? q : null;
}

/** A side's name. @param {number} seat */
const sideName = (seat) => t('web-side', { seat: seat + 1 });

/** A keyword of a card as the pack writes it. @param {any} k */
function keywordText(k) {
  if (typeof k === 'string') return k;
  const [name, v] = Object.entries(k || {})[0] || ['', ''];
  if (name === 'Tag' || name === 'Rule') return String(v);
  if (typeof v === 'object') return `${name} ${JSON.stringify(v)}`;
  return `${name} ${v}`;
}

/** A weapon's dice (`[[3, "Black"]]` or `{groups: ...}`) in words. @param {any} dice */
function diceText(dice) {
  const groups = Array.isArray(dice) ? dice : dice?.groups || dice?.dice || [];
  if (!Array.isArray(groups)) return JSON.stringify(dice);
  return groups.map((/** @type {any} */ g) => (Array.isArray(g) ? `${g[0]}× ${String(g[1]).toLowerCase()}` : typeof g === 'object' ? `${g.count ?? g.n ?? ''}× ${String(g.colour ?? g.color ?? '').toLowerCase()}` : String(g))).join(' + ');
}

/** The selected unit's card: its stats, keywords, powers, wounds, fatigue and markers. @param {any} content @param {any} u */
function unitCard(content, u) {
  const card = (content.units || []).find((/** @type {any} */ c) => c.id === u.card);
  /** @type {(Node|string)[]} */
  const out = [el('h2', {}, [el('span', { class: 'swatch', style: `background:${unitColour(u)}`, 'aria-hidden': 'true' }), ' ', u.name])];
  const facts = [
    `${sideName(u.owner)}`,
    u.general ? t('web-bov-general') : '',
    t('web-bov-models', { count: u.models.length || 0 }),
    t('web-bov-wounds', { count: u.wounds }),
    t('web-bov-fatigue', { count: u.fatigue }),
  ].filter(Boolean);
  for (const [k, n] of Object.entries(u.status || {})) if (n) facts.push(`${t(`web-bov-status-${k}`)} ${n}`);
  if (u.reserve) facts.push(t('web-bov-reserve'));
  out.push(el('p', { class: 'facts', text: facts.join(' · ') }));
  if (card) {
    const p = u.injured && card.injured ? card.injured : card.front;
    const stats = [
      [t('web-bov-speed'), `${p.speed}"`],
      [t('web-bov-defense'), String(p.defense).toLowerCase()],
      [t('web-bov-health'), String(p.health)],
      [t('web-bov-melee'), diceText(p.melee?.dice ?? p.melee)],
    ];
    if (p.ranged) stats.push([t('web-bov-ranged'), `${diceText(p.ranged.dice ?? p.ranged)}${p.ranged.range ? `, ${p.ranged.range}"` : ''}`]);
    stats.push([t('web-bov-points'), String(card.points)]);
    out.push(el('dl', { class: 'stats' }, stats.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })])));
    out.push(el('p', { class: 'keywords', text: (card.keywords || []).map(keywordText).join(', ') }));
    for (const pw of p.powers || []) out.push(el('p', { class: 'power' }, [el('strong', { text: pw.name }), ` — ${pw.text}`]));
    if (card.provisional) out.push(el('p', { class: 'muted', text: t('web-bov-provisional') }));
  }
  return out;
}

/** The end of the battle: who won, the score, and where to go next. @param {any} st */
function endPanel(st) {
  const v = st.view;
  return [
    el('h2', { id: 'end-title', text: st.outcome.winners?.length === 1 ? t('web-bov-won', { side: sideName(st.outcome.winners[0]) }) : t('web-bov-drawn') }),
    el('p', { text: st.outcome.text }),
    el('p', { class: 'score', text: `${sideName(0)} ${v.score[0]} · ${sideName(1)} ${v.score[1]}` }),
    el('p', {}, [el('a', { class: 'button', href: '/', text: t('web-back-lobby') })]),
  ];
}

/** The game id of a `/play/{id}` address. */
function gameIdFromPath() {
  const parts = location.pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || '');
}

/** Adds events to the log in stream order. @param {LogEntry[]} log @param {LogEntry[]} events */
function addEvents(log, events) {
  for (const e of events || []) {
    if (e.n === log.length) log.push(e);
    else if (e.n > log.length) return false;
  }
  return true;
}

/** The table page. */
async function main() {
  const id = gameIdFromPath();
  const opened = await openSeats(id);
  const tokens = opened.held;
  let gameLang = null;
  let hotseat = false;
  /** @type {string[] | null} */
  let kinds = null;
  try {
    const g = await getJson(`/api/games/${encodeURIComponent(id)}`);
    gameLang = typeof g.lang === 'string' ? g.lang : null;
    hotseat = g.mode === 'hotseat';
    if (Array.isArray(g.seats)) kinds = g.seats.map((/** @type {any} */ s) => (typeof s === 'string' ? s : s.kind));
  } catch {
    /* the language and the seat kinds are only a help */
  }
  const held = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const one = opened.chosen ?? (held.length ? held[0] : null);
  const localSeats = hotseat ? held : one === null ? [] : [one];
  let acting = localSeats.length ? localSeats[0] : null;
  /** @type {Model} */
  const m = { content: null, state: null, log: [], kinds, selected: null, busy: false, notice: '', verdict: '', localSeats, hidden: localSeats.length > 1 };
  const token = () => (acting === null ? null : tokens[String(acting)]);
  await loadTexts(initialLang(gameLang));
  applyTexts(document);
  if (opened.refused && !localSeats.length) m.notice = t(opened.refused === 'already_joined' ? 'web-already-joined' : 'web-wrong-invite');
  const loadContent = async () => {
    m.content = await getJson(`/api/content/bov?lang=${lang()}`);
  };
  await loadContent();
  const root = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('field')));
  /** The seat whose edge is drawn at the bottom. */
  const viewerSeat = () => (m.state?.view?.seat === undefined || m.state.view.seat > 1 ? 0 : m.state.view.seat);

  // --- The drag: one try in flight, the newest geometry next. -----------
  /** @type {{unit: any, start: {x: number, y: number}, at: {x: number, y: number}[], decision: any, key: string, pointer: number} | null} */
  let drag = null;
  /** The verdicts by geometry key: `ok` or the refusal's words. @type {Map<string, {ok: boolean, text: string}>} */
  const verdicts = new Map();
  let seq = 0;
  /** @type {{seq: number, key: string, sent: number} | null} */
  let inFlight = null;
  /** @type {{decision: any, key: string} | null} */
  let wanted = null;
  /** A drop waiting for its verdict. @type {string | null} */
  let dropped = null;
  /** Send-to-answer times of the tries, for tests and the curious. */
  const probe = { samples: /** @type {number[]} */ ([]), server: /** @type {number[]} */ ([]), maxInFlight: 0, sent: 0 };
  /** @type {any} */ (window).__bovProbe = probe;

  function sendTry() {
    if (inFlight || !wanted || !m.state) return;
    if (verdicts.has(wanted.key)) {
      showVerdict(wanted.key);
      wanted = null;
      return;
    }
    seq += 1;
    const w = wanted;
    wanted = null;
    if (live.send({ type: 'try', version: m.state.version, seq, decision: w.decision })) {
      inFlight = { seq, key: w.key, sent: performance.now() };
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
    verdicts.set(key, { ok: !!msg.ok, text: msg.text || '' });
    showVerdict(key);
    if (dropped === key) finishDrop(key);
    sendTry();
  }

  /** @param {string} key */
  function showVerdict(key) {
    if (!drag || drag.key !== key) return;
    const v = verdicts.get(key);
    if (!v) return;
    drawGhost(root, drag.unit, drag.at, v.ok ? 'ok' : 'refused', m.state.view, viewerSeat());
    m.verdict = v.ok ? t('web-bov-legal') : v.text;
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
    if (v.ok) {
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
    const at = unit.models.map((/** @type {{x: number, y: number}} */ p) => ({ x: q(p.x + delta.x), y: q(p.y + delta.y) }));
    const paths = at.map((/** @type {{x: number, y: number}} */ p, /** @type {number} */ i) => [unit.model_ids[i], [p]]);
    return { at, decision: { March: { paths } } };
  }

  /** Whether the active unit may be dragged now: a March is among the options. */
  function draggable() {
    const q = mine(m);
    if (!q || m.busy || m.hidden) return null;
    if (!q.options.some((/** @type {any} */ o) => kindOf(o.decision) === 'March')) return null;
    const active = q.options[0]?.meaning?.unit;
    return m.state.view.units.find((/** @type {any} */ u) => u.id === active) || null;
  }

  root.addEventListener('pointerdown', (e) => {
    const target = /** @type {Element} */ (e.target);
    const g = target.closest('[data-unit]');
    if (!g || e.button !== 0) return;
    const unit = draggable();
    if (!unit || Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit) !== unit.id) return;
    const start = tablePoint(root, e, m.state.view, viewerSeat());
    if (!start) return;
    e.preventDefault();
    root.setPointerCapture(e.pointerId);
    drag = { unit, start, at: unit.models, decision: null, key: '', pointer: e.pointerId };
  });
  root.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const p = tablePoint(root, e, m.state.view, viewerSeat());
    if (!p) return;
    const delta = { x: p.x - drag.start.x, y: p.y - drag.start.y };
    if (Math.hypot(delta.x, delta.y) < 0.05) return;
    const { at, decision } = march(drag.unit, delta);
    drag.at = at;
    drag.decision = decision;
    drag.key = JSON.stringify(decision);
    const v = verdicts.get(drag.key);
    drawGhost(root, drag.unit, at, v ? (v.ok ? 'ok' : 'refused') : 'asking', m.state.view, viewerSeat());
    if (v) showVerdict(drag.key);
    else {
      wanted = { decision, key: drag.key };
      sendTry();
    }
  });
  const release = (/** @type {PointerEvent} */ e) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (!drag.decision) {
      // A click, not a drag.
      const unit = drag.unit;
      cancelDrag();
      pick(unit.id);
      return;
    }
    if (e.type === 'pointercancel') {
      cancelDrag();
      return;
    }
    dropped = drag.key;
    if (verdicts.has(drag.key)) finishDrop(drag.key);
  };
  root.addEventListener('pointerup', release);
  root.addEventListener('pointercancel', release);
  root.addEventListener('click', (e) => {
    const g = /** @type {Element} */ (e.target).closest('[data-unit]');
    if (!g || draggable()?.id === Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit)) return;
    pick(Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit));
  });
  root.addEventListener('keydown', (e) => {
    const g = /** @type {Element} */ (e.target).closest('[data-unit]');
    if (g && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      pick(Number(/** @type {HTMLElement} */ (/** @type {unknown} */ (g)).dataset.unit));
    }
  });

  /** A unit clicked: it is selected (its card shown); an option that names
   * it alone is taken (activate it, attack it, charge it...). @param {number} unitId */
  function pick(unitId) {
    m.selected = unitId;
    const q = mine(m);
    if (q && !m.busy && !m.hidden) {
      const matching = q.options.filter((/** @type {any} */ o) => unitsOf(o.decision).includes(unitId) && kindOf(o.decision) !== 'Deploy');
      if (matching.length === 1) {
        choose(matching[0].index);
        return;
      }
    }
    draw();
  }

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
      round.textContent = [view.round ? t('web-round', { round: view.round }) : t('web-bov-setup'), t(`web-scenario-${scenarioKey(view.scenario)}`), `${sideName(0)} ${view.score[0]} · ${sideName(1)} ${view.score[1]}`].join(' · ');
    }

    const status = /** @type {HTMLElement} */ (document.getElementById('status-text'));
    const box = /** @type {HTMLElement} */ (document.getElementById('choices'));
    const statusKey = JSON.stringify([st?.version, st?.status, covered, m.busy, lang(), !!q, m.selected]);
    if (box.dataset.key !== statusKey) {
      box.dataset.key = statusKey;
      if (!st) {
        status.textContent = t('web-loading');
        box.replaceChildren();
      } else if (st.outcome) {
        status.textContent = st.outcome.text || t('web-game-over');
        box.replaceChildren();
      } else if (q && covered) {
        status.textContent = t('web-pass-screen', { name: sideName(q.seat) });
        box.replaceChildren(el('button', { type: 'button', id: 'show-hand', class: 'primary', onclick: () => ((m.hidden = false), draw()), text: t('web-show-hand') }));
      } else if (q) {
        status.textContent = q.text;
        const drag = q.options.some((/** @type {any} */ o) => kindOf(o.decision) === 'March');
        if (drag) status.append(el('span', { class: 'hint', text: ` ${t('web-bov-drag')}` }));
        box.replaceChildren(
          ...q.options.map((/** @type {any} */ o) =>
            el('button', {
              type: 'button',
              class: ['choice', unitsOf(o.decision).includes(/** @type {number} */ (m.selected)) ? 'match' : ''].filter(Boolean).join(' '),
              'data-index': o.index,
              'data-kind': kindOf(o.decision),
              'data-units': unitsOf(o.decision).join(' '),
              disabled: m.busy,
              onclick: () => choose(o.index),
              text: o.label,
            }),
          ),
        );
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
      });
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
            el('p', { text: [t('web-bov-score', { points: view.score[s] }), t('web-bov-vaala-count', { count: view.hand_sizes[s] }), t('web-bov-destroyed', { count: lost })].join(' · ') }),
          ]);
        }),
      );
    }

    const card = document.getElementById('unit-card');
    if (card) {
      const u = view.units.find((/** @type {any} */ x) => x.id === m.selected);
      card.replaceChildren(...(u ? unitCard(m.content, u) : [el('p', { class: 'muted', text: t('web-bov-select') })]));
    }

    const hand = document.getElementById('hand');
    if (hand) {
      const own = !st.viewer?.spectator && Array.isArray(view.hand);
      hand.hidden = !own;
      if (own) {
        const cards = covered ? [el('p', { class: 'covered', text: t('web-hand-hidden') })] : view.hand.length ? view.hand.map((/** @type {string} */ id) => {
          const c = (m.content.vaala || []).find((/** @type {any} */ v) => v.id === id);
          return el('div', { class: 'vaala-card', 'data-card': id }, [el('strong', { text: c?.name || id }), el('p', { text: c?.text || '' })]);
        }) : [el('p', { class: 'muted', text: t('web-bov-no-vaala') })];
        hand.replaceChildren(el('h2', { text: t('web-bov-your-vaala') }), ...cards);
      }
    }

    const logBox = document.getElementById('log');
    if (logBox) {
      if (logBox.childElementCount > m.log.length || logBox.dataset.lang !== lang()) {
        logBox.replaceChildren();
        logBox.dataset.lang = lang();
        logBox.dataset.shown = '0';
      }
      const shown = Number(logBox.dataset.shown || 0);
      for (let i = shown; i < m.log.length; i++) {
        const e = m.log[i];
        const li = el('li', { 'data-n': e.n, class: `kind-${e.event?.kind || ''}` }, [e.text]);
        if (e.seat === 0 || e.seat === 1) li.style.borderLeft = `4px solid ${SIDE_COLOURS[e.seat]}`;
        if (!e.text) li.hidden = true;
        logBox.append(li);
      }
      if (m.log.length > shown) logBox.scrollTop = logBox.scrollHeight;
      logBox.dataset.shown = String(m.log.length);
    }
  }

  /** @param {any} s */
  function scenarioKey(s) {
    return String(s || '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  }

  /** @param {any} body */
  function accept(body) {
    if (Array.isArray(body.seats)) m.kinds = body.seats.map((/** @type {any} */ s) => (typeof s === 'string' ? s : s.kind));
    if (body.events && !addEvents(m.log, body.events)) fetchEvents();
    if (m.state && body.version < m.state.version) return;
    if (m.state?.version !== body.version) {
      verdicts.clear();
      if (drag) cancelDrag();
    }
    m.state = body;
    m.busy = false;
    const q = body.question;
    if (q && localSeats.length > 1 && localSeats.includes(q.seat) && q.seat !== acting) {
      acting = q.seat;
      m.hidden = true;
      m.log = [];
      live.restart(token(), lang());
    }
    draw();
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

  /** @param {number} index */
  function choose(index) {
    decide({ option: index });
  }

  /** Sends a decision: a listed option or one of the page's own (a drag). @param {{option?: number, decision?: any}} what */
  async function decide(what) {
    if (!m.state || m.busy) return;
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
  };

  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), async (l) => {
    m.log = [];
    m.state = null;
    live.close();
    await loadTexts(l);
    applyTexts(document);
    await loadContent();
    draw();
    live.restart(token(), l);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && drag) cancelDrag();
  });
  draw();
  live.connect();
  setTimeout(() => {
    if (!m.state) fetchState().then(() => fetchEvents());
  }, 1500);
}

if (document.body.dataset.page === 'bov') main();
