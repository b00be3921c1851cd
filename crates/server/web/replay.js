// @ts-check
/** A finished game, decision by decision (`GET /api/games/{id}/at/{k}`), with
 * a link to download its log as `valerna lov replay` reads it. Keys: ← → step,
 * Home and End jump. */

import { getJson, errorText, gameIdFromPath } from './api.js';
import { loadTexts, initialLang, lang, t, applyTexts, languageMenu } from './texts.js';
import { render } from './lov/table.js';

async function main() {
  const id = gameIdFromPath();
  await loadTexts(initialLang());
  applyTexts(document);
  /** @type {import('./lov/table.js').TableModel} */
  const m = { content: null, state: null, log: [], kinds: null, hidden: false, lit: new Set(), mode: 'replay', busy: false, localSeats: [], notice: '' };
  m.content = await getJson(`/api/content/lov?lang=${lang()}`);
  let k = Number(new URLSearchParams(location.hash.replace(/^#/, '')).get('k') || 0);
  let total = 0;
  const step = /** @type {HTMLInputElement} */ (document.getElementById('step'));
  const download = /** @type {HTMLAnchorElement} */ (document.getElementById('download'));
  download.href = `/api/games/${encodeURIComponent(id)}/record`;
  download.setAttribute('download', `valerna-${id}.json`);
  const act = { choose: () => {}, takeBack: () => {}, showHand: () => {}, hint: () => {} };

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
    go(k);
  });
  await go(k);
}

main();
