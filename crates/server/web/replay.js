// @ts-check
/** A finished game, decision by decision (`GET /api/games/{id}/at/{k}`), with
 * a link to download its log as `valerna lov replay` reads it, the search
 * bot's view of each step's question (`/at/{k}/hint`) and the chart of where
 * the game turned (`/turns`). Keys: ← → step, Home and End jump. */

import { getJson, errorText, gameIdFromPath, ApiError } from './api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu, el, percent } from './texts.js';
import { render } from './lov/table.js';
import { searchChoice } from './hint.js';
import { seatTag, installCardTips } from './lov/panels.js';
import { turnsPanel } from './lov/turns.js';
import { installRules } from './lov/rules.js';

async function main() {
  const id = gameIdFromPath();
  await loadTexts(initialLang());
  applyTexts(document);
  /** @type {import('./lov/table.js').TableModel} */
  const m = { content: null, state: null, log: [], kinds: null, hidden: false, lit: new Set(), mode: 'replay', busy: false, localSeats: [], notice: '' };
  m.content = await getJson(`/api/content/lov?lang=${lang()}`);
  installCardTips();
  let k = Number(new URLSearchParams(location.hash.replace(/^#/, '')).get('k') || 0);
  let total = 0;
  const step = /** @type {HTMLInputElement} */ (document.getElementById('step'));
  const download = /** @type {HTMLAnchorElement} */ (document.getElementById('download'));
  download.href = `/api/games/${encodeURIComponent(id)}/record`;
  download.setAttribute('download', `valerna-${id}.json`);
  const act = { choose: () => {}, takeBack: () => {}, showHand: () => {}, hint: () => {} };
  installRules(() => ({ content: m.content, view: m.state?.view, kinds: m.kinds }));

  /** @param {number} to */
  async function go(to) {
    k = Math.max(0, total ? Math.min(total, to) : to);
    try {
      const body = await getJson(`/api/games/${encodeURIComponent(id)}/at/${k}?lang=${lang()}`);
      total = body.decisions ?? total;
      m.state = body;
      if (Array.isArray(body.seats)) m.kinds = body.seats.map((/** @type {any} */ s) => s.kind);
      m.log = body.events || [];
      m.notice = '';
    } catch (x) {
      m.notice = errorText(x, t);
    }
    step.max = String(total);
    step.value = String(k);
    const text = /** @type {HTMLElement} */ (document.getElementById('step-text'));
    text.textContent = t('web-replay-step', { step: k, total });
    history.replaceState(null, '', `#k=${k}`);
    const log = document.getElementById('log');
    if (log) log.replaceChildren();
    render(m, act);
    stepHint();
    chart?.mark(k);
  }

  // The search bot's view of this step's question, on demand (a search of
  // a fraction of a second): what it would choose, and what was chosen.
  const hintBox = /** @type {HTMLElement} */ (document.getElementById('step-hint'));
  function stepHint() {
    const asked = m.state?.question && k < total;
    hintBox.replaceChildren();
    if (!asked) return;
    const at = k;
    const button = el('button', { type: 'button', id: 'step-hint-button', text: t('web-hint'), title: t('web-hint-step-title') });
    button.addEventListener('click', async () => {
      button.disabled = true;
      button.textContent = t('web-hint-thinking');
      try {
        const h = await getJson(`/api/games/${encodeURIComponent(id)}/at/${at}/hint?lang=${lang()}`);
        if (at === k) showStepHint(h);
      } catch (x) {
        if (x instanceof ApiError && x.code === 'no_hint') {
          hintBox.replaceChildren(el('p', { class: 'hint-line', text: t('web-hint-none') }));
          return;
        }
        m.notice = errorText(x, t);
        render(m, act);
        button.disabled = false;
        button.textContent = t('web-hint');
      }
    });
    hintBox.append(button);
  }

  /** @param {any} h the answer of `/at/{k}/hint` */
  function showStepHint(h) {
    const pct = (/** @type {number | null} */ w) => (w === null || w === undefined ? '–' : percent(w));
    const best = searchChoice(h);
    const chosen = h.chosen === null ? null : h.options[h.chosen];
    const items = h.options.map((/** @type {any} */ o) =>
      el('li', { class: [o === best ? 'hinted' : '', o === chosen ? 'chosen' : ''].join(' ').trim() }, [el('span', { text: o.label }), el('span', { class: 'hint-win', text: ` ${pct(o.win)}` })]),
    );
    hintBox.replaceChildren(
      el('p', { class: 'hint-line' }, [seatTag(m.content, h.seat)]),
      el('p', { id: 'hint-best', class: 'hint-line', text: t('web-hint-best', { option: best.label, win: pct(best.win) }) }),
      ...(chosen ? [el('p', { id: 'hint-chosen', class: 'hint-line', text: t('web-hint-chosen', { option: `${chosen.label} (${pct(chosen.win)})` }) })] : []),
      el('ul', { class: 'hint-list', tabindex: '0', 'aria-label': t('web-hint-title') }, items),
    );
  }

  // Where the game turned: weighed by the server once a game (a few
  // seconds the first time), drawn when it comes.
  /** @type {{nodes: Node[], mark: (k: number) => void} | null} */
  let chart = null;
  const turnsBody = /** @type {HTMLElement} */ (document.getElementById('turns-body'));
  async function loadTurns() {
    turnsBody.replaceChildren(el('p', { class: 'muted', text: t('web-turns-weighing') }));
    try {
      const turns = await getJson(`/api/games/${encodeURIComponent(id)}/turns?lang=${lang()}`);
      chart = turnsPanel(m.content, turns, go);
      turnsBody.replaceChildren(...chart.nodes);
      chart.mark(k);
      document.body.dataset.turns = 'ready';
    } catch (x) {
      turnsBody.replaceChildren(el('p', { class: 'notice', text: errorText(x, t) }));
      document.body.dataset.turns = 'failed';
    }
  }

  document.getElementById('first')?.addEventListener('click', () => go(0));
  document.getElementById('prev')?.addEventListener('click', () => go(k - 1));
  document.getElementById('next')?.addEventListener('click', () => go(k + 1));
  document.getElementById('last')?.addEventListener('click', () => go(total));
  step.addEventListener('change', () => go(Number(step.value)));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== step) return;
    if (e.key === 'ArrowRight') go(k + 1);
    else if (e.key === 'ArrowLeft') go(k - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total);
    else return;
    e.preventDefault();
  });
  languageMenu(/** @type {HTMLSelectElement} */ (document.getElementById('lang')), async (l) => {
    await loadTexts(l);
    applyTexts(document);
    m.content = await getJson(`/api/content/lov?lang=${lang()}`);
    await go(k);
    loadTurns();
  });
  await go(k);
  loadTurns();
}

main();
